"""The Bee Lives engine of the table protocol (:mod:`hyvekit.rules.table`): a campaign's
table is its :class:`~hyvekit.rules.beelives.campaign_settings.CampaignState` — the month at
the table, winter upkeep, the solo cards' start of a month — played step by step by
:mod:`.campaign_table`.
"""

from __future__ import annotations

import random
from typing import Any

from hyvekit.rules.beelives import campaign_table as CT
from hyvekit.rules.beelives.campaign_settings import (CampaignSettings, CampaignState,
                                                      new_campaign)
from hyvekit.rules.beelives.state import Components
from hyvekit.rules.table import BaseEngine, Decision, over, play_steps


class BeeLivesEngine(BaseEngine):
    """Bee Lives campaigns at the table (rules/bee-lives.txt, How to Play): the decision due
    (:func:`~.campaign_table.decision`), one step pushed (:func:`~.campaign_table.push`)."""

    game, kind = "beelives", "campaign"

    def new(self, setup: tuple[CampaignSettings, Components]) -> CampaignState:
        """The campaign before its first event, from ``(settings, components)``."""
        settings, comps = setup
        return new_campaign(settings, comps)

    def pending(self, t: CampaignState) -> Decision:
        """The decision due; over once the last winter is played (``result``: the final
        scores).

        :raises IllegalActionError: a campaign not played at the table (a challenge card to
            draw first).
        """
        d = CT.decision(t)
        return d if d is not None else over(CT.GAME_OVER, t.scores)

    def push(self, t: CampaignState, step: str, rng: random.Random | None = None
             ) -> CampaignState:
        return CT.push(t, step, rng)

    def last_step(self, t: CampaignState) -> str:
        return t.last_step

    def said(self, t: CampaignState) -> tuple[str, ...]:
        return t.said

    def view(self, t: CampaignState) -> dict[str, Any]:
        return CT.view(t)

    #: where the month stands, and the card's words: not what a step changes
    QUIET = frozenset({"steps", "map", "phase", "round", "year", "month", "season",
                       "first_player", "card", "card_text", "card_effects", "solo_cards",
                       "carried"})
    LABELS = {"workers": "bees", "free": "free bees", "empty": "empty cells", "vp": "VP",
              "disease": "disease level", "mite_standing": "mite standing",
              "paused": "queen paused", "starvation": "starvation tokens",
              "threshold": "swarm threshold", "swarm_token": "swarm token"}

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """The hives' and wild hives' numbers that changed, then what the step leads to
        later (:func:`~.campaign_table.notes`: a comb filled)."""
        ends = (before["year"], before["month"]) != (after["year"], after["month"])
        return ((MONTH_ENDS,) if ends else ()) + super().changes(before, after) \
            + CT.notes(before, after)

    def preview_detail(self, t: CampaignState, option: str
                       ) -> tuple[CampaignState, tuple[str, ...]]:
        """The option pushed and, when it leaves the season card's D6 after foraging or
        scouting due, that die too with a face that spawns nothing — so a forage's preview
        shows the cubes it takes — and a line saying which faces spawn a wild hive."""
        after = self.preview(t, option)
        die = CT.card_die(after)
        if die is None:
            return after, ()
        card, lowest, verb, free = die
        faces = "6" if lowest == 6 else f"{lowest}+"
        return self.push(after, "1"), (
            f"{card}'s D6 after {verb} follows: " + (
                f"on {faces} a wild hive spawns on the tile" if free else
                "no wild hive can spawn (the tile holds a hive, or none is left)"),)

    def previewed(self, d: Decision) -> bool:
        """Not a die's options, nor the season card turned over (a draw)."""
        return super().previewed(d) and d.kind != "card"


#: a preview's first line when the option ends the month (what follows includes Cleanup and
#: the next month's first phases)
MONTH_ENDS = "the month ends (Cleanup and the next month's first phases follow)"

ENGINE = BeeLivesEngine()


def resolve_steps(state: CampaignState, texts: list[str], rng: random.Random, *,
                  auto: bool = True, roll: bool = False, said: list[str] | None = None
                  ) -> tuple[list[str], CampaignState]:
    """The steps ``texts`` pushed in order (:func:`hyvekit.rules.table.play_steps` with the
    Bee Lives engine): each resolved, and after each one the steps the tool plays itself
    (``auto``: a wild hive's only legal line; ``roll``: every die due, rolled).  ``said``,
    when given, gets what happened in words.

    :returns: ``(resolved steps in order, the state after them)``.
    :raises IllegalActionError, InvalidInputError: the first step refused (``step N`` named).
    """
    tables = play_steps(ENGINE, state, texts, rng, auto=auto, roll=roll)
    if said is not None:
        said.extend(line for t in tables for line in t.said)
    return [t.last_step for t in tables], (tables[-1] if tables else state)
