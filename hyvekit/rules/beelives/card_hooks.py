"""The hooks through which the month sequencer plays the solo cards' rules (rules/bee-lives.txt,
"Solo Play": Challenge, Scenario and Campaign Cards) — the cards are plug-ins, as python-chess's
variants are: each card whose rules change a month lives in one module (:mod:`.zombees`,
:mod:`.haunted_hives`, :mod:`.under_siege`) with one :class:`CardRules` subclass, the game's
:class:`~.state.Components` carry the cards of the box (``comps.card_rules()``, given by the
data layer from :mod:`.cards`), and no module of the sequencer imports a card's module.  The
sequencer calls every card's hooks at the same points of the month, and a card not in play
answers with nothing — or refuses its own dice when a record states them (e.g. ``zombee_d6``
in a game without Zombees).

The hook points, in the order a month meets them:

* :meth:`CardRules.month_begins` — the month at the table begins: what the card settles
  without asking (Zombees' first infected hive, when only one can be);
* :meth:`CardRules.before_month` — after the wild hives wake, before phases 1–4;
* :meth:`CardRules.before_action` — before a player's action (it may fail) or a wild hive's
  turn (it may ignore its priority chart);
* :meth:`CardRules.forage_roll`, :meth:`CardRules.check_raid`, :meth:`CardRules.card_action`
  — inside an action: a forage's roll, a raid the card forbids, an action the card gives;
* :meth:`CardRules.disease_gained` — a player's hive gains disease;
* :meth:`CardRules.after_action` — right after the action's effect;
* :meth:`CardRules.after_turn` — at the end of the turn, after a season card's spawn;
* :meth:`CardRules.turn_decision`, :meth:`CardRules.fails_on_roll` — at the table, the dice a
  card makes due inside a turn (:mod:`.turn_steps`), and whether its roll made the action
  fail;
* :meth:`CardRules.month_phases`, :meth:`CardRules.campaign_phases` — at the table, the
  decisions a card adds to the month (:mod:`.month_phases`) and before it (its start of a
  month: :mod:`.campaign_phases`);
* :meth:`CardRules.on_spawn` — a wild hive coming into play;
* :meth:`CardRules.after_month` — at the end of the Cleanup Phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hyvekit.rules.values import dataclass

if TYPE_CHECKING:
    from hyvekit.rules.beelives.hive import Hive
    from hyvekit.rules.beelives.state import (Components, Coord, Event, GameState,
                                              PlayerState)


@dataclass(frozen=True)
class Failed:
    """A player's action that fails before it is taken: ``bees`` assigned and lost (``die``:
    they die, else they stay on the action space as failed)."""

    bees: int
    die: bool


@dataclass(frozen=True)
class NewWildHive:
    """A wild hive about to come into play: its name, what spawned it (``cause``: ``swarm``,
    ``wild swarm``, ``card: NAME``, ``solo hard rule``), the hive that spawned it (``by``) and
    ``infected`` when the spawning rule says so (None: the cards decide)."""

    name: str
    cause: str
    by: str
    infected: bool | None = None


@dataclass(frozen=True)
class Marks:
    """What the cards put on a new wild hive: ``haunted`` / ``infected`` and what the spawn
    event records of it (``event``: e.g. the infection D6)."""

    haunted: bool = False
    infected: bool = False
    event: tuple[tuple[str, Any], ...] = ()


class CardRules:
    """One card's hooks into the month sequencer; every hook does nothing by default.

    :raises IllegalActionError: from any hook: against the card's rule (named), e.g. a die
        missing or stated where it does not belong.
    """

    name = ""

    def before_month(self, state: GameState, plan: Any, comps: Components
                     ) -> tuple[GameState, list[Event]]:
        """Start of a month (after the wild hives wake up); ``plan``: the month's
        :class:`~.plan.MonthPlan`."""
        return state, []

    def before_action(self, state: GameState, action: Any, comps: Components
                      ) -> Failed | bool | None:
        """Before ``action``: for a player, a :class:`Failed` when the action fails (None:
        it goes ahead); for a wild hive, True when its turn ignores the priority chart."""
        return None

    def after_action(self, before: GameState, state: GameState, action: Any,
                     acted_on: Coord | str | None, comps: Components
                     ) -> tuple[GameState, list[Event]]:
        """Right after ``action``'s effect; ``before`` is the table before the action and
        ``acted_on`` the tile (or hive) it was on."""
        return state, []

    def after_turn(self, state: GameState, action: Any, scouted_at: Coord | None,
                   failed: bool, comps: Components) -> tuple[GameState, list[Event]]:
        """At the end of a player's turn (``scouted_at``: the tile a Scout placed)."""
        return state, []

    def on_spawn(self, state: GameState, new: NewWildHive, comps: Components
                 ) -> tuple[GameState, Marks]:
        """A wild hive comes into play: what the card marks on it."""
        return state, Marks()

    def after_month(self, state: GameState, comps: Components) -> None:
        """End of the Cleanup Phase: refuse what the card left unused."""

    def month_begins(self, start: GameState, plan: Any, comps: Components) -> Any:
        """The month at the table ``start`` begins: its record (``plan``, a
        :class:`~.plan.MonthPlan`) with what the card settles without asking (Zombees: the
        one strongest wild hive infected), as the tool would state it."""
        return plan

    def forage_roll(self, state: GameState, action: Any, comps: Components) -> bool | None:
        """A player's Forage (``action``, with its dice) before it is taken: None when the
        card has no say, False when it fails on the card's roll, True when it succeeds on it.
        """
        return None

    def check_raid(self, state: GameState, raider: str, target: str | None,
                   comps: Components) -> None:
        """A raid by ``raider`` (a player or wild hive) on ``target`` (None: not chosen yet).

        :raises IllegalActionError: the card forbids it.
        """

    def card_action(self, state: GameState, action: Any, hive: Hive, comps: Components
                    ) -> tuple[GameState, Hive] | None:
        """An action only a card gives (``action``: a player action of
        :mod:`.player_turns`): the table and the actor's hive after it, or None when it is not
        this card's."""
        return None

    def disease_gained(self, state: GameState, player: PlayerState, hive: Hive, gained: int,
                       comps: Components) -> Hive:
        """``player``'s hive has just gained ``gained`` disease (``hive``): the hive after the
        card's rule."""
        return hive

    def turn_decision(self, state: GameState, turn: Any, stage: str, failed: bool,
                      comps: Components) -> Any:
        """At the table, the card's die due in the turn being built (``turn``: a
        :class:`~.month_table.PendingTurn`) at ``stage`` (:data:`~.turn_steps.STAGES`;
        ``failed``: the action failed before it was taken), as a
        :class:`~.turn_steps.TurnDecision`, or None."""
        return None

    def fails_on_roll(self, state: GameState, action: Any) -> bool:
        """Whether the card's roll stated in ``action``'s dice made the action fail (no
        season card die, no spawn after it)."""
        return False

    def month_phases(self) -> dict[str, tuple[Any, ...]]:
        """At the table, the phases the card adds to the month (:class:`~.month_phases.
        MonthPhase` objects), by where they go (:data:`~.month_phases.SLOTS`)."""
        return {}

    def campaign_phases(self) -> tuple[Any, ...]:
        """At the table, the phases the card plays before a month's own (its start of a
        month: :class:`~.campaign_phases.CampaignPhase` objects)."""
        return ()

    def card_options(self, state: GameState, name: str, comps: Components) -> list[Any]:
        """At the table, the actions only the card gives that player ``name`` may list now
        (their heads: the table checks each by playing it), or none."""
        return []

    def swarm_trial(self, state: GameState) -> GameState:
        """At the table, the state the Swarm Phase's choices are tried on, with what the card
        assumes of dice that come only after the Swarm Phase."""
        return state

    def queen_dies(self, state: Any) -> str:
        """Winter upkeep of the campaign ``state`` (a
        :class:`~.campaign_settings.CampaignState`): when the card kills the queen, so a
        different one is chosen before the next year, the card's words for it ("" when it
        does not)."""
        return ""


def in_play(state: GameState, comps: Components) -> tuple[CardRules, ...]:
    """The box's cards' hooks when a card whose rules the sequencer plays is in play in
    ``state`` (``Options.cards_at_play``), else none: a plain game asks no card (nor loads
    one)."""
    return tuple(comps.card_rules()) if state.options.cards_at_play else ()


def disease_gained(state: GameState, player: PlayerState, hive: Hive, gained: int,
                   comps: Components) -> Hive:
    """``hive`` after every card's :meth:`CardRules.disease_gained`."""
    for card in comps.card_rules():
        hive = card.disease_gained(state, player, hive, gained, comps)
    return hive
