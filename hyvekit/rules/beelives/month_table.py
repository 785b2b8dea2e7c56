"""A Bee Lives month at the table as a value (rules/bee-lives.txt, "Productive Months"): the
game at the start of the month, the month record being built (a
:class:`~hyvekit.rules.beelives.plan.MonthPlan`), the game after the Event Phase and the turns
so far, the turn being built and every step pushed.  The phases of the month
(:mod:`.month_phases`) read and make these values; nothing here decides what is due.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any

from hyvekit.rules.beelives.card_hooks import in_play
from hyvekit.rules.beelives.month import MonthResult
from hyvekit.rules.beelives.plan import MonthPlan, PhaseChoices
from hyvekit.rules.beelives.player_turns import PlayerAction
from hyvekit.rules.beelives.state import (NONE, R_ACTION, WILD_HIVE_TOKENS, Components, Event,
                                          GameState, month_name)
from hyvekit.rules.beelives.wild_turns import WildAction
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.values import dataclass, replace

#: the names hyvekit gives the wild hives it spawns, in order (a record may use any name)
WILD_NAMES = ("ACORN", "DANDELION", "MUSHROOM", "APPLE", "SPIDER", "CLOVER", "THISTLE", "OAK",
              "FERN", "MOSS", "HAZEL", "ROWAN")


#: most rerolls a raid may make ("you may reroll up to three times")
MAX_REROLLS = 3


Action = PlayerAction | WildAction


@dataclass(frozen=True)
class PendingTurn:
    """A turn being built: the action chosen so far (dice and follow-ups filled as they are
    decided) and which of its decisions are done; ``rolls``: Zombees' D6 of the wild hives it
    spawns; ``tried``: what playing it gave, when the check of its head already played the
    whole turn (no dice to ask)."""

    action: Action
    done: frozenset[str] = frozenset()
    rolls: tuple[tuple[str, int], ...] = ()
    tried: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class WildRoll:
    """A card's D6 rolled for a wild hive before its turn, which the face rules off its chart
    (:meth:`~.card_hooks.CardRules.month_phases` rolls it): the hive ``name``, the ``face``,
    ``key`` the die's field on the turn's dice (:class:`~.state.TurnDice`) and ``words``
    what the turn is, as a refusal says it."""

    name: str
    face: int
    key: str
    words: str

    def stamped(self, action: Action) -> Action:
        """``action`` with this roll's face on its dice."""
        return replace(action, dice=replace(action.dice, **{self.key: self.face}))

    def refuses(self, action: Action) -> str | None:
        """Why ``action`` cannot be the rolled turn (another hive, another face), or None."""
        if action.actor != self.name or getattr(action.dice, self.key) not in (None, self.face):
            return f"{self.name} rolled {self.face} for its {self.words}"
        return None


@dataclass(frozen=True)
class Table:
    """A month at the table.

    :ivar start: the game at the start of the month (stage ``month``).
    :ivar plan: the month record so far (choices, card, turns, joins, solo spawn).
    :ivar decided: the players whose feeding / swarm decisions are made (``"feeding:NAME"``,
        ``"swarm:NAME"``).
    :ivar state: the game after the Event Phase and the turns so far (None before).
    :ivar events: the sequencer's events so far.
    :ivar turn: a turn being built, or None.
    :ivar result: the month played (after Cleanup), or None.
    :ivar steps: every step pushed, resolved.
    :ivar stated: what a campaign states beside the month record (Three Generations' spawns
        before the month: :class:`~hyvekit.rules.beelives.three_generations.Prelude`).
    :ivar lost: the month is lost to a card before anything is played (Wildfire burned the
        hive: ruling L132): why, in the card's words (None: not lost); only the card is
        turned over.
    :ivar wild_roll: a card's D6 for a wild hive's turn off its chart, rolled before the
        turn (:class:`WildRoll`).
    :ivar wild_passed: without the map, the wild hive whose chart is being walked and the
        lines passed so far (:func:`chart_line`).
    """

    start: GameState
    comps: Components = field(repr=False, compare=False)
    plan: MonthPlan = None  # type: ignore[assignment]
    decided: frozenset[str] = frozenset()
    state: GameState | None = None
    events: tuple[Event, ...] = ()
    turn: PendingTurn | None = None
    result: MonthResult | None = None
    steps: tuple[str, ...] = ()
    wild_roll: WildRoll | None = None
    wild_passed: tuple[str, tuple[str, ...]] | None = None
    stated: Any = ()
    lost: str | None = None

    @property
    def done(self) -> bool:
        """The month is played (Cleanup over), or, when ``lost``, its card turned over."""
        return self.result is not None or (self.lost and bool(self.plan.card))

    def remembered(self, key: str, work: Callable[[], Any]) -> Any:
        """``work()``, worked out once per table and kept with it (a table does not change):
        what the phases derive from it, e.g. the decision due (``key`` names it)."""
        memo = self.__dict__.get(_MEMO)
        if memo is None:
            memo = {}
            object.__setattr__(self, _MEMO, memo)
        if key not in memo:
            memo[key] = work()
        return memo[key]

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without what was worked out from them (it may hold functions)."""
        return {k: v for k, v in self.__dict__.items() if k != _MEMO}


#: the attribute a table keeps what was worked out from it in (:meth:`Table.remembered`)
_MEMO = "_memo"


def new_table(start: GameState, comps: Components) -> Table:
    """The month due in ``start`` at its beginning.

    :raises IllegalActionError: ``start`` is not between months (a month is running, winter
        or the game is over).
    """
    if start.stage != "month":
        raise IllegalActionError(R_ACTION, f"no month is due now ({start.stage})",
                                 expected="month", given=start.stage)
    plan = MonthPlan(start.year, start.month, "")
    for card in in_play(start, comps):
        plan = card.month_begins(start, plan, comps)
    return Table(start, comps, plan)


def free_wild_name(state: GameState, taken: set[str] = frozenset()) -> str:   # type: ignore
    """The next wild hive name not in play (``none`` when every wild hive token is out)."""
    used = {n.lower() for n in [w.name for w in state.wild] + [p.name for p in state.players]
            + list(taken)}             # names are found case-insensitively: Acorn is ACORN
    if len(state.wild) + len(set(taken)) >= WILD_HIVE_TOKENS:
        return NONE
    return next((n for n in WILD_NAMES if n.lower() not in used),
                next(f"WILD{i}" for i in range(1, 99) if f"wild{i}" not in used))


def describe_month(t: Table) -> str:
    """``Month of year N``, for headings."""
    return f"{month_name(t.start.month)} of year {t.start.year}"


def with_choice(plan: MonthPlan, name: str, c: PhaseChoices) -> MonthPlan:
    """``plan`` with ``name``'s Feeding and Swarm Phase choices ``c``."""
    choices = dict(plan.choices)
    choices[name] = c
    return replace(plan, choices=tuple(choices.items()))


def spawn_named(option: str, game: GameState) -> tuple[str, tuple[int, int] | None]:
    """The wild hive a listed ``spawn NAME`` / ``place Q,R`` option spawns: its name (the next
    free one for a place) and tile."""
    words = option.split()
    if words[0] == "spawn":
        return words[1], None
    q, r = words[1].split(",")
    return free_wild_name(game), (int(q), int(r))
