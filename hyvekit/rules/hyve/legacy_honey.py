"""Gaining Honey (Legacy Mode, "Gaining Honey" of ``rules/hyve.txt``): the honey a completed
scenario earns (:func:`honey_earned`, a :class:`HoneyBreakdown` in honey) and the check of the
honey a player counted (:func:`check_honey_claim`).

Units: honey (whole drops), HP-track positions past the Starting Space, population (bees),
completed hyves (0–6).
"""

from __future__ import annotations


from hyvekit.rules.common import IllegalActionError, require_int
from hyvekit.rules.values import dataclass

R_HONEY = "Hyve Legacy: Gaining Honey"

# --- constants the rulebook gives --------------------------------------------------------------
HP_POSITIONS_PER_HONEY = 3    # Gaining Honey
POPULATION_PER_HONEY = 5      # Gaining Honey
HONEY_PER_HYVE = 1            # Gaining Honey
MAX_HYVES = 6                 # Game Sheets: "Hyve (6 Total)"


@dataclass(frozen=True)
class HoneyBreakdown:
    """Honey earned at the end of a scenario (Legacy Mode, "Gaining Honey"), in honey."""

    hp: int
    population: int
    hyves: int
    courier: int

    @property
    def total(self) -> int:
        """The honey earned in all (HP, population, hyves and courier)."""
        return self.hp + self.population + self.hyves + self.courier

    def describe(self) -> str:
        """``"2 (HP) + 2 (population) + 4 (hyves) + 0 (courier) = 8"``."""
        return (f"{self.hp} (HP) + {self.population} (population) + {self.hyves} (hyves) "
                f"+ {self.courier} (courier) = {self.total}")


def honey_earned(hp_past_start: int, population: int, hyves: int,
                 courier_bonus: int = 0) -> HoneyBreakdown:
    """Honey for a completed scenario (Legacy Mode, "Gaining Honey").

    1 honey per 3 HP-track positions past the Starting Space (regardless of die value; a die at
    or below the Starting Space earns none, see ruling R2), 1 per 5 population, 1 per completed
    hyve, plus the courier's filled bonus spaces.

    :param hp_past_start: HP-track positions above the Starting Space (negative = below).
    :param population: population at the end of the scenario (bees, ≥ 0).
    :param hyves: completed hyves, 0–6.
    :param courier_bonus: honey from filled, not yet crossed-out bonus squares.
    :raises InvalidInputError: a value out of range.
    """
    hp_past_start = require_int("hp past start", hp_past_start, -99, 99)
    population = require_int("population", population, 0, 999)
    hyves = require_int("completed hyves", hyves, 0, MAX_HYVES)
    courier_bonus = require_int("courier bonus", courier_bonus, 0, 999)
    return HoneyBreakdown(hp=max(hp_past_start, 0) // HP_POSITIONS_PER_HONEY,
                          population=population // POPULATION_PER_HONEY,
                          hyves=hyves * HONEY_PER_HYVE, courier=courier_bonus)



def check_honey_claim(earned: HoneyBreakdown, claimed: int | None) -> None:
    """Check the honey a player counted for a scenario against :func:`honey_earned`'s total
    (Legacy Mode, "Gaining Honey"); None checks nothing.

    :param earned: the rules' breakdown, in honey.
    :param claimed: the player's total, in honey.
    :raises IllegalActionError: the totals differ (the breakdown quoted).
    """
    if claimed is not None and claimed != earned.total:
        raise IllegalActionError(R_HONEY, f"claimed {claimed} honey, the rules give "
                                 f"{earned.total}: {earned.describe()}", expected=earned.total,
                                 given=claimed)
