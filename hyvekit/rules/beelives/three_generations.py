"""The Three Generations campaign card (rules/bee-lives.txt, Campaign Cards, "Three
Generations"): year 2's spawns at the start of each season.
"""

from __future__ import annotations

import math

from hyvekit.rules.beelives.solo_cards import MONTHS_PER_YEAR, CampaignYear, die_roll
from hyvekit.rules.common import InvalidInputError, require_int


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
