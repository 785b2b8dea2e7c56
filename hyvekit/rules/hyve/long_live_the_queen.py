"""HYVE's Long Live the Queen (rules/hyve.txt, "Long Live the Queen"): the Queen's demands,
Royal Approval and The Coronation.
"""

from __future__ import annotations


from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.mode_shapes import CORONATION_MARGIN, R_QUEEN
from hyvekit.rules.hyve.phases import EndCheck, check_end
from hyvekit.rules.hyve.sheets import BEE_TYPES, BREAD_MAX, HYVES, Demand, HpTrack, SheetDefinition
from hyvekit.rules.values import dataclass


@dataclass(frozen=True)
class QueenFacts:
    """What the demands look at, as the turn stands before Seasonal Effects.

    :ivar jelly_coloured: some Royal Jelly was coloured this turn.
    :ivar bread_upgraded: some bread type was upgraded this turn.
    :ivar hyves_completed: completed hyves so far (0–6).
    :ivar population: the population now.
    :ivar bread_levels: the five bread levels now.
    :ivar hp_position: the HP die's track position now.
    """

    jelly_coloured: bool
    bread_upgraded: bool
    hyves_completed: int
    population: int
    bread_levels: tuple[int, ...]
    hp_position: int


def demands_in_force(sheet: SheetDefinition, season_index: int) -> tuple[Demand, ...]:
    """The demands checked this turn: "There is one demand per season, and these demands stack
    as you progress through the Scenario" — the demands of every season up to the current one
    (``season_index``, 0-based, as :func:`~hyvekit.rules.hyve.phases.season_position` gives it).

    :raises InvalidInputError: a season index outside the sheet, or a sheet without demands.
    """
    index = require_int("season index", season_index, 0, max(len(sheet.seasons) - 1, 0))
    demands = tuple(s.demand for s in sheet.seasons[:index + 1] if s.demand is not None)
    if not demands:
        raise InvalidInputError("sheet", sheet.id, "a Long Live the Queen sheet (one demand "
                                "per season)")
    return demands


def most_marks(sheet: SheetDefinition) -> int:
    """The most Approval (or Disapproval) pips a scenario can mark: every turn checks the
    demands in force ("these demands stack"; ruling H76), one mark each; with one turn per
    effect of each season, 4 + 8 + 12 + 16 = 40 on the packaged sheet.

    :raises InvalidInputError: a sheet without demands.
    """
    total = sum(len(season.effects) * sum(1 for s in sheet.seasons[:i + 1]
                                          if s.demand is not None)
                for i, season in enumerate(sheet.seasons))
    if not total:
        raise InvalidInputError("sheet", sheet.id, "a Long Live the Queen sheet (one demand "
                                "per season)")
    return total


def demand_met(demand: Demand, facts: QueenFacts, track: HpTrack) -> bool:
    """Whether ``demand`` is satisfied ("Demand types"; rulings H77, H78):

    * ``royal-jelly``: a Royal Jelly was coloured this turn;
    * ``bread-upgrade``: a bread type was upgraded this turn;
    * ``hyves``: X or more completed hyves;
    * ``population``: population greater than X;
    * ``bread-levels``: every bread level greater than X;
    * ``hp-above-start``: the HP die on a position above the Starting Space.

    :raises InvalidInputError: an unknown kind, or facts out of range.
    """
    hyves = require_int("hyves completed", facts.hyves_completed, 0, HYVES)
    population = require_int("population", facts.population, 0)
    position = require_int("HP position", facts.hp_position, 0, track.top)
    if len(facts.bread_levels) != len(BEE_TYPES):
        raise InvalidInputError("bread levels", list(facts.bread_levels), "5 levels, types 1-5")
    levels = [require_int("bread level", v, 1, BREAD_MAX) for v in facts.bread_levels]
    x = demand.x if demand.x is not None else 0
    kind = demand.kind
    if kind == "royal-jelly":
        return bool(facts.jelly_coloured)
    if kind == "bread-upgrade":
        return bool(facts.bread_upgraded)
    if kind == "hyves":
        return hyves >= x
    if kind == "population":
        return population > x
    if kind == "bread-levels":
        return all(v > x for v in levels)
    if kind == "hp-above-start":
        return position > track.start
    raise InvalidInputError("demand kind", kind, "royal-jelly, bread-upgrade, hyves, "
                            "population, bread-levels or hp-above-start")


@dataclass(frozen=True)
class DemandCheck:
    """This turn's demand check: the demands ``met`` and ``unmet``; ``approval`` and
    ``disapproval`` are the pips to mark (one per demand)."""

    met: tuple[Demand, ...]
    unmet: tuple[Demand, ...]

    @property
    def approval(self) -> int:
        """Approval marks: the demands met."""
        return len(self.met)

    @property
    def disapproval(self) -> int:
        """Disapproval marks: the demands not met."""
        return len(self.unmet)


def judge_demands(sheet: SheetDefinition, season_index: int, facts: QueenFacts) -> DemandCheck:
    """The demand check of one turn ("Before resolving Seasonal Effects check whether you have
    satisfied the current demand(s) ... For each satisfied Demand, gain 1 Approval point ...
    For each unsatisfied Demand ... mark 1 Disapproval point"), every turn (ruling H76).

    :raises InvalidInputError: see :func:`demands_in_force` and :func:`demand_met`.
    """
    met, unmet = [], []
    for d in demands_in_force(sheet, season_index):
        (met if demand_met(d, facts, sheet.hp_track) else unmet).append(d)
    return DemandCheck(tuple(met), tuple(unmet))


def check_approval_claim(check: DemandCheck, approval: int, disapproval: int) -> None:
    """:raises IllegalActionError: (rule Demands & Royal Approval) the pips a player marks this
    turn differ from the check."""
    approval = require_int("approval", approval, 0)
    disapproval = require_int("disapproval", disapproval, 0)
    if (approval, disapproval) != (check.approval, check.disapproval):
        raise IllegalActionError(
            R_QUEEN, f"this turn earns {check.approval} Approval and {check.disapproval} "
            f"Disapproval (met: {[d.describe() for d in check.met]}; unmet: "
            f"{[d.describe() for d in check.unmet]}), got {approval} and {disapproval}",
            expected=(check.approval, check.disapproval), given=(approval, disapproval))


def coronation(approval: int, disapproval: int) -> bool:
    """The Coronation: "If you have at least 1 more Approval than Disapproval, the Queen names
    you her successor. You win! If not, you've fallen short of the crown and you lose"."""
    approval = require_int("approval", approval, 0)
    disapproval = require_int("disapproval", disapproval, 0)
    return approval >= disapproval + CORONATION_MARGIN


def queen_end(track: HpTrack, *, population: int, hp_position: int, turns_done: int,
              total_turns: int, hyves_completed: int, approval: int,
              disapproval: int) -> EndCheck:
    """Win, loss or still playing in Long Live the Queen ("End Game: The Coronation").

    The usual conditions (:func:`~hyvekit.rules.hyve.phases.check_end`; the track has no
    Thriving space, ruling H4); a loss condition loses; a win condition met wins only with at
    least 1 more Approval than Disapproval, else the scenario is lost with ``"no coronation"``
    among the losses (ruling H79).
    """
    if track.thriving:
        raise InvalidInputError("HP track", "a Thriving space", "the Long Live the Queen track "
                                "(no Thriving space)")
    end = check_end(population, hp_position, track, turns_done, total_turns, hyves_completed)
    if end.status != "won":
        return end
    if coronation(approval, disapproval):
        return end
    return EndCheck(status="lost", losses=(
        f"no coronation: {', '.join(end.wins)} met with {approval} Approval and {disapproval} "
        "Disapproval (at least 1 more Approval than Disapproval needed)",))
