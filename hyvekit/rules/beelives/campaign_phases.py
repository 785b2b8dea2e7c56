"""What a Bee Lives campaign at the table plays before a month's own phases
(rules/bee-lives.txt, "Multiple Years Variant", "Solo Play: Campaign Cards"): winter upkeep
between years (:mod:`.engine`) and a solo campaign card's start of a month (its
:class:`CampaignPhase`: Three Generations' season wild hives, Wildfire's fire), and the month
they lead to (:func:`month_of`).  The engine (:mod:`.engine`) asks these phases first, then
the month's (:mod:`.month_phases`): one list, in the order the game meets them.
"""

from __future__ import annotations

import random
from typing import Any

from hyvekit.rules.beelives.campaign_settings import RANDOM, CampaignState, require_playable
from hyvekit.rules.beelives.month_table import Table, new_table
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.table import Decision

R_AT_TABLE = "Bee Lives: playing at the table"


class CampaignPhase:
    """A part of the campaign played outside a month's own phases (the table is the whole
    :class:`~.campaign_settings.CampaignState`).  A phase asks for nothing while it is not
    due."""

    #: the phase as the view names it while it is due
    name = ""

    def pending(self, state: CampaignState) -> Decision | None:
        """The decision this phase has due, or None."""
        raise NotImplementedError

    def push(self, state: CampaignState, d: Decision, text: str, rng: random.Random
             ) -> tuple[CampaignState, str]:
        """The campaign after the step ``text`` answering ``d`` (``roll`` rolled with
        ``rng``), and the step as it is kept.  Its last step begins the month
        (:attr:`CampaignState.table` a :class:`~.month_table.Table`).

        :raises IllegalActionError, InvalidInputError: a step the rules refuse.
        """
        raise NotImplementedError

    def applies(self, state: CampaignState) -> bool:
        """Whether the phase has a say in the month due before its table exists (what the view
        names while it is so; by default: while it has a decision due)."""
        return self.pending(state) is not None

    def month(self, state: CampaignState) -> Table | None:
        """The month this phase begins once nothing of it is due (a card's rule played at its
        start, e.g. the fire spreading), or None when it has no say this month."""
        return None


def card_rules(state: CampaignState) -> tuple[Any, ...]:
    """The hooks of the box's cards when a solo card is in play, else none (a game without
    one loads no card)."""
    return tuple(state.comps.game.card_rules()) if state.cards() else ()


def card_phases(state: CampaignState) -> tuple[CampaignPhase, ...]:
    """The campaign phases of the cards of the box (each asks for nothing in a game without
    its card)."""
    return tuple(p for c in card_rules(state) for p in c.campaign_phases())


def month_of(state: CampaignState) -> Table | None:
    """The month at the table: the one in progress, or the month due at its start (None at
    winter, when the game is over, and while a card's start of the month is decided)."""
    if isinstance(state.table, Table):
        return state.table
    if state.game.stage != "month":
        return None
    phases = card_phases(state)
    if any(p.pending(state) is not None for p in phases):
        return None
    for p in phases:
        m = p.month(state)
        if m is not None:
            return m
    return new_table(state.game, state.comps.game)


def refuse_unsupported(state: CampaignState) -> None:
    """:raises IllegalActionError: the challenge card still to draw, or the game over."""
    require_playable(state)
    if state.challenge == RANDOM:
        raise IllegalActionError(R_AT_TABLE, "draw the challenge card first (hyvekit beelives "
                                 "draw)", expected="draw-card", given="step")
    if state.game.stage == "over":
        raise IllegalActionError(R_AT_TABLE, "the game is over: nothing is due",
                                 expected="nothing", given="step")


def roll(d: Decision, text: str, faces: int, rng: random.Random) -> str:
    """``text``, or for ``roll`` the face rolled with ``rng`` (a die of ``faces`` faces)."""
    if d.kind == "dice" and text.lower() == "roll":
        return str(rng.randint(1, faces))
    return text


def place_decision(actor: str, prompt: str, places: Any, none: str) -> Decision:
    """Where a wild hive a card spawns goes on the map, the ``actor``'s choice: ``place Q,R``
    for each of ``places``; with none, ``spawn none``, which the tool plays (``none`` says
    why)."""
    if not places:
        return Decision("place", None, none, ("spawn none",), auto=True)
    return Decision("place", actor, prompt, tuple(f"place {c[0]},{c[1]}" for c in places))


def stated_spawns(spawns: tuple[tuple[str, Any], ...]) -> list[Any]:
    """Wild hives spawned before a month, as its record's ``stated.spawn`` gives them: a name,
    or ``{wild, at}`` on the map."""
    return [n if at is None else {"wild": n, "at": list(at)} for n, at in spawns]
