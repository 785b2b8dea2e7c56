"""Bee Lives actions on one hive (rules/bee-lives.txt, "Action Details"): Forage, Defend,
Build Wax, Clean Bees, Cool Hive, Requeen.  Raids are in :mod:`hyvekit.rules.beelives.raids`;
Scout needs the map and is left to the map increment.

Each action is a frozen dataclass of stated choices.  :func:`check` raises
:class:`IllegalActionError` naming the rule, :func:`apply` returns the next hive without
checking, :func:`play` does both.  Map facts (the tile's type and distance) are stated inputs.

Units: bees, honey / pollen / water cubes, comb cells, map spaces (distance), track positions.
"""

from __future__ import annotations

import math

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.hive import Hive, gain_disease, move_mite_back, require_unassigned
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

R_FORAGE = "Bee Lives: Forage"
R_DEFEND = "Bee Lives: Defend"
R_WAX = "Bee Lives: Build Wax"
R_CLEAN = "Bee Lives: Clean Bees"
R_COOL = "Bee Lives: Cool Hive"
R_REQUEEN = "Bee Lives: Requeen"

# Forage: "You always gain exactly one disease when you forage, no matter how many worker bees
# were assigned to take the action."
FORAGE_DISEASE = 1
# Requeen (bees: 1): "Assign one worker bee to the Requeen action space."
REQUEEN_BEES = 1
# Cool Hive: "For every five active worker bees that you have (rounded up), you must assign one
# worker bee."
COOL_WORKERS_PER_BEE = 5

Cubes = tuple[int, int, int]   # (honey, pollen, water)


@dataclass(frozen=True)
class Forage:
    """Forage a tile ``distance`` spaces from the hive (0 = the hive's own tile).

    :ivar tile: ``bloom``, ``wilt``, ``harvest`` or ``wet``.
    :ivar season: ``spring``, ``summer`` or ``fall``.
    :ivar take: (honey, pollen, water) the player collects; None = as much as the tile gives.
    :ivar modifiers: season card deltas (honey, pollen, water) on this tile, e.g. ``(-1, 0, 0)``
        for "Heat Wave"; the card text decides which apply (month sequencer's job).
    """

    distance: int
    tile: str
    season: str
    take: Cubes | None = None
    modifiers: tuple[Cubes, ...] = ()

    @property
    def bees(self) -> int:
        """Bees to assign: the distance, at least one."""
        return max(1, self.distance)


@dataclass(frozen=True)
class Defend:
    """Assign ``bees`` to the Defend action space."""
    bees: int


@dataclass(frozen=True)
class BuildWax:
    """Assign ``bees`` to Build Wax: ``honey_per_bee`` honey each (2; 1 under "An Early
    Start"), one comb cell each."""
    bees: int
    honey_per_bee: int = 2


@dataclass(frozen=True)
class CleanBees:
    """Assign ``bees`` to Clean Bees: the mite moves back one space per bee and stands up."""
    bees: int


@dataclass(frozen=True)
class CoolHive:
    """Cool the hive: one bee per five active workers (rounded up), ``water_per_bee`` water
    each (1; 2 under "Humid Days")."""
    water_per_bee: int = 1


@dataclass(frozen=True)
class Requeen:
    """Assign one bee to Requeen and take a queen of a different type."""
    queen: str


Action = Forage | Defend | BuildWax | CleanBees | CoolHive | Requeen


def forage_offer(board: Board, action: Forage) -> Cubes:
    """What the tile gives: the seasonal chart plus the card modifiers, never below 0."""
    base = board.chart(action.season, action.tile)
    totals = [sum(v) for v in zip(base, *action.modifiers)] if action.modifiers else list(base)
    return tuple(max(0, v) for v in totals)  # type: ignore[return-value]


def cool_bees(workers: int) -> int:
    """Bees needed to cool a hive of ``workers`` active workers: one per five, rounded up."""
    return math.ceil(workers / COOL_WORKERS_PER_BEE)


def check_distance(action: Forage, board: Board) -> None:
    """Forage: "up to three spaces away" (the board's ``max_distance``).

    :raises IllegalActionError: (Bee Lives: Forage) a tile farther away.
    """
    if not 0 <= action.distance <= board.max_distance:
        raise IllegalActionError(R_FORAGE, f"a tile at most {board.max_distance} spaces away, "
                                 f"got {action.distance}", expected=board.max_distance,
                                 given=action.distance)


def check(hive: Hive, action: Action, board: Board) -> None:
    """Raise :class:`IllegalActionError` (naming the rule) if ``action`` is against the rules.

    :raises InvalidInputError: malformed values (negative bees, unknown tile...).
    """
    if isinstance(action, Forage):
        check_distance(action, board)
        offer = forage_offer(board, action)
        take = offer if action.take is None else action.take
        if len(take) != 3 or any(v < 0 for v in take):
            raise InvalidInputError("take", take, "three whole numbers ≥ 0: honey,pollen,water")
        require_unassigned(hive, action.bees, R_FORAGE, f"forage at distance {action.distance}")
        for name, want, can in zip(("honey", "pollen", "water"), take, offer):
            if want > can:
                raise IllegalActionError(R_FORAGE, f"the {action.tile} tile gives {can} {name} "
                                         f"in {action.season}, got {want} (less is fine, never "
                                         "more)", expected=can, given=want)
        if sum(take) > hive.empty:
            raise IllegalActionError(R_FORAGE, f"{sum(take)} cubes need {sum(take)} empty cells,"
                                     f" the comb has {hive.empty}", expected=hive.empty,
                                     given=sum(take), hint="take fewer resources")
    elif isinstance(action, (Defend, CleanBees)):
        rule = R_DEFEND if isinstance(action, Defend) else R_CLEAN
        _positive(action.bees, rule)
        require_unassigned(hive, action.bees, rule, rule.split(": ")[1])
    elif isinstance(action, BuildWax):
        _positive(action.bees, R_WAX)
        require_unassigned(hive, action.bees, R_WAX, "build wax")
        cost = action.bees * action.honey_per_bee
        if cost > hive.honey:
            needs = "needs" if action.bees == 1 else "need"
            raise IllegalActionError(R_WAX, f"{counted(action.bees, 'bee')} {needs} "
                                     f"{cost} honey, the comb "
                                     f"has {hive.honey}", expected=cost, given=hive.honey)
        if hive.comb + action.bees > board.comb_max:
            raise IllegalActionError(R_WAX, f"the comb has at most {board.comb_max} cells "
                                     f"(assumed board value), got {hive.comb} + {action.bees}",
                                     expected=board.comb_max, given=hive.comb + action.bees)
    elif isinstance(action, CoolHive):
        bees = cool_bees(hive.workers)
        require_unassigned(hive, bees, R_COOL, f"cooling a hive of {hive.workers} workers")
        water = bees * action.water_per_bee
        if water > hive.water:
            needs = "needs" if bees == 1 else "need"
            raise IllegalActionError(R_COOL, f"{counted(bees, 'bee')} {needs} {water} water, "
                                     "the comb has "
                                     f"{hive.water}", expected=water, given=hive.water)
    elif isinstance(action, Requeen):
        if action.queen not in board.queen_types:
            raise not_one_of("queen", action.queen, board.queen_types)
        require_unassigned(hive, REQUEEN_BEES, R_REQUEEN, "requeen")
        if action.queen == hive.queen:
            raise IllegalActionError(R_REQUEEN, f"a queen of a different type than {hive.queen}",
                                     expected="a different type", given=action.queen)
    else:
        raise InvalidInputError("action", action, "Forage, Defend, BuildWax, CleanBees, "
                                "CoolHive or Requeen")


def _positive(bees: int, rule: str) -> None:
    if bees < 1:
        raise IllegalActionError(rule, f"at least 1 bee, got {bees}", expected=1, given=bees)


def apply(hive: Hive, action: Action, board: Board) -> Hive:
    """The hive after ``action`` (unchecked: call :func:`check` first, or use :func:`play`)."""
    if isinstance(action, Forage):
        take = forage_offer(board, action) if action.take is None else action.take
        after = replace(hive, unassigned=hive.unassigned - action.bees,
                        assigned=hive.assigned.add("forage", action.bees),
                        honey=hive.honey + take[0], pollen=hive.pollen + take[1],
                        water=hive.water + take[2])
        return gain_disease(after, board, FORAGE_DISEASE).hive
    if isinstance(action, Defend):
        return replace(hive, unassigned=hive.unassigned - action.bees,
                       assigned=hive.assigned.add("defend", action.bees))
    if isinstance(action, BuildWax):
        return replace(hive, unassigned=hive.unassigned - action.bees,
                       assigned=hive.assigned.add("build_wax", action.bees),
                       honey=hive.honey - action.bees * action.honey_per_bee,
                       comb=hive.comb + action.bees)
    if isinstance(action, CleanBees):
        after = move_mite_back(hive, action.bees)
        return replace(after, unassigned=hive.unassigned - action.bees,
                       assigned=hive.assigned.add("clean_bees", action.bees), mite_standing=True)
    if isinstance(action, CoolHive):
        bees = cool_bees(hive.workers)
        return replace(hive, unassigned=hive.unassigned - bees,
                       assigned=hive.assigned.add("cool_hive", bees),
                       water=hive.water - bees * action.water_per_bee, cooled=True)
    if isinstance(action, Requeen):
        return replace(hive, unassigned=hive.unassigned - REQUEEN_BEES,
                       assigned=hive.assigned.add("requeen", REQUEEN_BEES), queen=action.queen,
                       paused=True)
    raise InvalidInputError("action", action, "Forage, Defend, BuildWax, CleanBees, CoolHive "
                            "or Requeen")


def play(hive: Hive, action: Action, board: Board) -> Hive:
    """:func:`check` then :func:`apply`."""
    check(hive, action, board)
    return apply(hive, action, board)
