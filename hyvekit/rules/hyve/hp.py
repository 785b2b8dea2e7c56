"""The HP track of a Hyve scenario sheet: the HP die (1–6) on a track position.

Implements ``rules/hyve.txt``, "Tracking HP" (Flat and Wobbly scoring) and the HP parts of
"How to Win (or Lose)" (the die entering 'Thriving' wins, entering 'Colony Collapse' loses).

Units: HP (health points, one die pip each), track positions (0 = the Colony Collapse space,
counted upwards; see :class:`hyvekit.rules.hyve.sheets.HpTrack`), die values 1–6.

* Flat: gaining, the die is incremented; each time it would go over 6 it moves one position UP
  and resets to 1 (that reset uses one HP). Losing, the die is decremented; each time it would
  go under 1 it moves one position DOWN and resets to 6. Each position is worth 6 HP.
* Wobbly: gained or lost, the die is ALWAYS incremented; each time it would go over 6 it resets
  to 1 and moves one position UP when gaining, DOWN when losing.

The scenario ends the moment the die enters Thriving or Colony Collapse: the rest of the HP is
not applied (ruling H3).  A track without a Thriving space (Long Live the Queen) keeps the die
on its top position when it would move further up (ruling H4).
"""

from __future__ import annotations

from typing import Literal

from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

R_HP = "Hyve: Tracking HP"
R_WIN = "Hyve: How to Win (or Lose)"

DIE_MIN, DIE_MAX = 1, 6          # Tracking HP: "a 6-sided die"
SCORINGS = ("flat", "wobbly")    # Game Settings, Scoring
Scoring = Literal["flat", "wobbly"]
Status = Literal["playing", "thriving", "collapse"]


@dataclass(frozen=True)
class HpResult:
    """Where the HP die ends up.

    :ivar die: die value 1–6 after the move.
    :ivar position: track position after the move (0 = Colony Collapse).
    :ivar moved: positions moved, signed (+ up toward Thriving, − down toward Collapse).
    :ivar status: ``"thriving"`` (win), ``"collapse"`` (loss) or ``"playing"``.
    :ivar applied: HP applied before the scenario ended (= the amount unless it ended).
    :ivar amount: HP gained or lost as asked.
    :ivar gaining: True for a gain, False for a loss.
    """

    die: int
    position: int
    moved: int
    status: Status
    applied: int
    amount: int
    gaining: bool

    @property
    def wins(self) -> bool:
        """The HP die entered Thriving."""
        return self.status == "thriving"

    @property
    def loses(self) -> bool:
        """The HP die entered Colony Collapse."""
        return self.status == "collapse"


def move_hp(*, scoring: str, die: int, position: int, gain: int = 0, lose: int = 0,
            top: int, thriving: bool = True) -> HpResult:
    """Apply ``gain`` or ``lose`` HP to the die on ``position``.

    :param scoring: ``"flat"`` or ``"wobbly"`` (the sheet's game setting).
    :param die: the die value now, 1–6.
    :param position: the track position now, from 1 to the highest position that is not
        Thriving (0 and the Thriving position end the scenario).
    :param gain: HP gained (≥ 0); give either ``gain`` or ``lose``.
    :param lose: HP lost (≥ 0).
    :param top: the highest track position (the Thriving space when ``thriving``).
    :param thriving: whether the track has a Thriving space at ``top``.
    :raises InvalidInputError: a bad scoring, die, position or amount.
    """
    if scoring not in SCORINGS:
        raise not_one_of("--scoring", scoring, SCORINGS)
    die = require_int("--die", die, DIE_MIN, DIE_MAX)
    last = top - 1 if thriving else top      # highest position the die can stand on in play
    position = require_int("--position", position, 1, last)
    gain = require_int("--gain", gain, 0, 999)
    lose = require_int("--lose", lose, 0, 999)
    if gain and lose:
        raise InvalidInputError("--gain/--lose", f"{gain} and {lose}", "one of them, not both")
    gaining = not lose
    amount = gain if gaining else lose
    start = position
    applied = 0
    status: Status = "playing"
    for _ in range(amount):
        applied += 1
        if scoring == "flat" and not gaining:
            die -= 1
            if die < DIE_MIN:
                die = DIE_MAX
                position -= 1
        else:
            die += 1
            if die > DIE_MAX:
                die = DIE_MIN
                step = 1 if gaining else -1
                if step > 0 and not thriving and position == top:
                    step = 0                  # ruling H4: no Thriving space, stay on top
                position += step
        if position <= 0:
            status = "collapse"
            position = 0
            break
        if thriving and position >= top:
            status = "thriving"
            position = top
            break
    return HpResult(die=die, position=position, moved=position - start, status=status,
                    applied=applied, amount=amount, gaining=gaining)


def describe(result: HpResult) -> str:
    """One line for people: ``"die 2 on position 6 (1 up): still playing"``."""
    if result.moved:
        way = "up" if result.moved > 0 else "down"
        moved = f"{abs(result.moved)} position{'s' if abs(result.moved) != 1 else ''} {way}"
    else:
        moved = "same position"
    end = {"playing": "still playing",
           "thriving": "the die entered Thriving: you WIN the scenario",
           "collapse": "the die entered Colony Collapse: you LOSE the scenario"}[result.status]
    rest = ""
    if result.applied < result.amount:
        rest = f" (the scenario ended after {result.applied} of {result.amount} HP)"
    return f"die {result.die} on position {result.position} ({moved}): {end}{rest}"
