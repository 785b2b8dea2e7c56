"""The Three Generations campaign card (rules/bee-lives.txt, Campaign Cards, "Three
Generations"): year 2's spawns at the start of each season, and at the table the phase that
plays them before the month (:class:`SeasonWildHives`) and the queen who dies in the first
winter (:meth:`ThreeGenerationsRules.queen_dies`).
"""

from __future__ import annotations

import math
import random
from typing import Any

from hyvekit.rules.beelives.campaign_phases import (CampaignPhase, place_decision, roll,
                                                    stated_spawns)
from hyvekit.rules.beelives.campaign_settings import R_THREE_GEN, CampaignState
from hyvekit.rules.beelives.card_hooks import CardRules
from hyvekit.rules.beelives.month_table import Table, free_wild_name, new_table, spawn_named
from hyvekit.rules.beelives.solo_cards import MONTHS_PER_YEAR, CampaignYear, die_roll
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import NONE, map_module
from hyvekit.rules.beelives.step_text import face, listed
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.table import Decision, dice_steps
from hyvekit.rules.values import dataclass, replace

THREE_GENERATIONS = "Three Generations"


def season_start_spawns(year_rules: CampaignYear, month: int, d6: int | None) -> tuple[int, int]:
    """Three Generations, year 2: in the first month of each season, roll the D6, halve it
    rounded up, and spawn that many wild hives of strength 4.  Returns ``(hives, strength)``;
    ``(0, strength)`` in any other month (no roll needed: pass None).

    :raises InvalidInputError: a roll off 1–6, or no roll in a season's first month; a year
        without this rule.
    """
    month = require_int("month", month, 1, MONTHS_PER_YEAR)
    months = year_rules.rule("season_start_months")
    strength = year_rules.rule("season_start_strength")
    if month not in months:
        return 0, strength
    if d6 is None:
        raise InvalidInputError("D6 roll", None, "the D6 rolled in the first month of the "
                                "season (Three Generations, year 2)")
    roll = die_roll("D6 roll", d6, year_rules.rule("season_start_die"))
    return math.ceil(roll / year_rules.rule("season_start_divisor")), strength


# --- at the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Prelude:
    """Year 2, the first month of a season, at the table: the D6 (``d6``) and the wild hives
    placed so far (``spawns``: name, tile or None), before the month begins (the month
    record's ``stated.season_d6`` / ``stated.spawn``)."""

    d6: int | None = None
    spawns: tuple[tuple[str, tuple[int, int] | None], ...] = ()

    def stated(self) -> dict[str, Any]:
        """The month record's ``stated`` values."""
        return {"season_d6": self.d6, "spawn": stated_spawns(self.spawns)}


def _card(state: CampaignState) -> Any:
    return next((c for c in state.cards() if c.name == THREE_GENERATIONS), None)


def _spawns_due(state: CampaignState) -> tuple[int, int] | None:
    """``(wild hives to spawn on a roll of 1, strength)`` when this month starts with the
    card's spawns, else None."""
    card = _card(state)
    if card is None or state.game.stage != "month" or isinstance(state.table, Table):
        return None
    try:
        want, strength = season_start_spawns(card.year(state.game.year), state.game.month, 1)
    except (InvalidInputError, KeyError, AttributeError):
        return None
    return (want, strength) if want else None


def _game_with(state: CampaignState, prelude: Prelude) -> Any:
    """The game with the prelude's wild hives spawned so far."""
    game = state.game
    _, strength = season_start_spawns(_card(state).year(game.year), game.month, 1)
    for name, at in prelude.spawns:
        if name != NONE:
            game, _ = spawn_wild(game, name, strength, cause=f"card: {THREE_GENERATIONS}",
                                 by=game.players[0].name, rule=R_THREE_GEN, at=at,
                                 comps=state.comps.game)
    return game


class SeasonWildHives(CampaignPhase):
    """"Roll the D6 and divide the result by 2, rounded up. Spawn that many wild hives
    (strength 4) on the map" — the D6, then each wild hive (on the map, where: the first
    player's choice)."""

    name = f"{THREE_GENERATIONS}: the season's wild hives"

    def pending(self, state: CampaignState) -> Decision | None:
        if _spawns_due(state) is None:
            return None
        prelude = state.table if isinstance(state.table, Prelude) else Prelude()
        if prelude.d6 is None:
            return Decision("dice", None, f"{THREE_GENERATIONS}: roll the D6 for the season's "
                            "wild hives (half the roll, rounded up, spawn at strength 4)",
                            dice_steps(1, range(1, 7)), more="or the face rolled, 1-6")
        want, _ = season_start_spawns(_card(state).year(state.game.year), state.game.month,
                                      prelude.d6)
        if len(prelude.spawns) >= want:
            return None
        game = _game_with(state, prelude)
        name = free_wild_name(game)
        lead = game.players[0].name
        if name == NONE:
            return Decision("place", None, "no wild hive token is left", ("spawn none",),
                            auto=True)
        if game.map is None:
            return Decision("place", None, f"{THREE_GENERATIONS}: {name} spawns",
                            (f"spawn {name}",), auto=True)
        return place_decision(lead, f"{THREE_GENERATIONS}: wild hive {len(prelude.spawns) + 1} "
                              f"of {want} ({name}) spawns on the map: where",
                              map_module().spawn_tiles(game.map),
                              "no map tile can take a wild hive")

    def applies(self, state: CampaignState) -> bool:
        return _spawns_due(state) is not None

    def push(self, state: CampaignState, d: Decision, text: str, rng: random.Random
             ) -> tuple[CampaignState, str]:
        text = roll(d, text, 6, rng)
        prelude = state.table if isinstance(state.table, Prelude) else Prelude()
        if d.kind == "dice":
            prelude = replace(prelude, d6=face(text, 6))
        else:
            spawn = spawn_named(listed(d, text), _game_with(state, prelude))
            prelude = replace(prelude, spawns=prelude.spawns + (spawn,))
        state = replace(state, table=prelude)
        if self.pending(state) is None:          # every wild hive placed: the month begins
            game = _game_with(state, prelude)
            state = replace(state, table=replace(new_table(game, state.comps.game),
                                                 stated=prelude.stated()))
        return state, text


class ThreeGenerationsRules(CardRules):
    """Three Generations at the table: the season's wild hives before a month of year 2, and
    the queen who dies in the winter after year 1."""

    name = THREE_GENERATIONS

    def campaign_phases(self) -> tuple[Any, ...]:
        return CAMPAIGN_PHASES

    def queen_dies(self, state: Any) -> str:
        """"Your queen died during the winter! Before the year begins, you must choose a
        different queen" (the winter after year 1)."""
        if _card(state) is None or state.game.year != 1:
            return ""
        return f"{THREE_GENERATIONS}: your queen dies; choose a different one"


CAMPAIGN_PHASES = (SeasonWildHives(),)
RULES = ThreeGenerationsRules()
