"""HYVE's Turbo Mode (rules/hyve.txt, "Turbo Mode"): the 2-type Bees' boosts of each action.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.mode_shapes import (
    R_TURBO,
    R_TURBO_BAKERY,
    R_TURBO_JELLY,
    R_TURBO_REPURPOSE,
    REPURPOSE_WILD_MAX,
    TURBO_FACTOR,
    WILD,
    die,
    written_as,
)
from hyvekit.rules.hyve.sheets import BEE_TYPES, BREAD_MAX, Chamber
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

TURBO_ACTIONS = ("repurpose", "bakery", "tend-eggs", "tend-larva", "queens-attendants")


@dataclass(frozen=True)
class TurboBees:
    """The Bees placed on one action in Turbo Mode, split.

    :ivar main: the Bees doing the action (die values 1–6).
    :ivar boosted: a 2-type Bee was placed with them (Action Boost).
    :ivar no_effect: only a lone 2-type Bee was placed: "2-type bees have no affect if placed
        by themselves" (ruling H71).
    """

    main: tuple[int, ...]
    boosted: bool
    no_effect: bool = False

    @property
    def factor(self) -> int:
        """What the bees count for: doubled when boosted (Turbo Mode)."""
        return TURBO_FACTOR if self.boosted else 1


def split_turbo_bees(action: str, bees: Sequence[int], boost: int = 2) -> TurboBees:
    """Split the Bees placed on an action into the Bees doing it and the boost (Turbo Mode,
    "Action Boost: When used alongside other Bees, they can enhance the Action being
    performed").

    At most one boost Bee per action (ruling H71).  In Repurpose a 2 may also be the Bee doing
    the action: "Placing a 2 and a 2 ... re-roll 4 dice".  Bakery takes a set of Bees; every
    other action one Bee (plus the boost).

    :param action: one of :data:`TURBO_ACTIONS`.
    :param bees: the die values placed (1–6).
    :param boost: the sheet's ``turbo_boost`` (2).
    :raises InvalidInputError: an unknown action, no Bee, a die value outside 1–6.
    :raises IllegalActionError: (rule Action Boost) more than one boost Bee, or more Bees than
        the action takes.
    """
    if action not in TURBO_ACTIONS:
        raise not_one_of("action", action, TURBO_ACTIONS)
    values = tuple(die("bee", b) for b in bees)
    if not values:
        raise InvalidInputError("bees", [], "at least one Bee")
    boosts = sum(1 for v in values if v == boost)
    others = tuple(v for v in values if v != boost)
    if not others:
        if boosts == 1:
            return TurboBees((), False, no_effect=True)
        if action == "repurpose" and boosts == 2:
            return TurboBees((boost,), True)
        raise IllegalActionError(R_TURBO, f"{boosts} {boost}-type Bees on {action}: at most one "
                                 f"{boost}-type Bee boosts an action"
                                 + (", and one more may be the Repurpose Bee"
                                    if action == "repurpose" else ""),
                                 expected="one boost Bee", given=list(values))
    if boosts > 1:
        raise IllegalActionError(R_TURBO, f"{boosts} {boost}-type Bees on {action}: at most one "
                                 f"{boost}-type Bee boosts an action",
                                 expected="at most one boost Bee", given=list(values))
    if action != "bakery" and len(others) > 1:
        raise IllegalActionError(R_TURBO, f"{action} takes one Bee (and a {boost}-type boost), "
                                 f"got {list(others)}", expected="one Bee", given=list(values))
    return TurboBees(others, boosts == 1)


def turbo_repurpose_rerolls(bees: Sequence[int], unassigned: int,
                            boost: int = 2) -> tuple[int, ...]:
    """The numbers of Bees the player may reroll with Repurpose in Turbo Mode.

    "When placing a 2, double the amount of dice rolled. Placing a 2 and a 2, for example,
    would allow you to re-roll 4 dice."  A value-*v* Bee rerolls *v*, boosted 2*v*; a wild Bee
    "any amount from 1-5", boosted twice that (2, 4 … 10, ruling H72); a lone 2 nothing.
    "You cannot place a Bee here that would make you reroll more Bees than you presently have."

    :param unassigned: the Bees not yet assigned to an action, besides those placed here.
    :returns: the allowed reroll counts, ascending (``()`` for a lone 2-type Bee).
    :raises IllegalActionError: (rule Turbo Mode — Repurpose) every count exceeds
        ``unassigned``; errors of :func:`split_turbo_bees`.
    """
    unassigned = require_int("unassigned bees", unassigned, 0)
    split = split_turbo_bees("repurpose", bees, boost)
    if split.no_effect:
        return ()
    (bee,) = split.main
    amounts = range(1, REPURPOSE_WILD_MAX + 1) if bee == WILD else (bee,)
    counts = tuple(n * split.factor for n in amounts if n * split.factor <= unassigned)
    if not counts:
        need = min(amounts) * split.factor
        raise IllegalActionError(R_TURBO_REPURPOSE, f"this placement rerolls {need} Bees and "
                                 f"only {unassigned} are unassigned", expected=f"≤ {unassigned}",
                                 given=need)
    return counts


@dataclass(frozen=True)
class BakeryResult:
    """A Bakery upgrade in Turbo Mode: ``bread_type`` goes to ``new_level``; ``counted`` Bees
    worked (placed × 2 when boosted), ``wasted`` of them did nothing."""

    bread_type: int
    new_level: int
    counted: int
    wasted: int


def turbo_bakery(bees: Sequence[int], bread_levels: Sequence[int], *,
                 bread_type: int | None = None, boost: int = 2) -> BakeryResult:
    """Check a Bakery action in Turbo Mode.

    Bakery: "Upgrade a color of Bee-Bread by placing a matching set of Bees equal to the bread
    level ... provided that all prior levels of that color were already upgraded ... Wild Bees
    can contribute toward any set."  Turbo: "Using a 2-type Bee on this Action ... doubles the
    Bees placed. However, you must still upgrade each bread-level sequentially and only one
    upgrade per turn" and "You start with max 2-type bread".  Unboosted, the set equals the
    level; boosted, twice the set reaches it and the rest is wasted (ruling H73).

    :param bees: the Bees placed (the boost included).
    :param bread_levels: the five bread levels (types 1–5).
    :param bread_type: the type upgraded; needed only when the set is all wild Bees.
    :raises InvalidInputError: bad levels, values or type; only wild Bees without a type.
    :raises IllegalActionError: (rule Turbo Mode — Bakery) a set of mixed types, a type at the
        maximum (the 2-type always is), a set that does not match the level; errors of
        :func:`split_turbo_bees`.
    """
    levels = tuple(require_int(f"bread level of type {t}", v, 1, BREAD_MAX)
                   for t, v in zip(BEE_TYPES, bread_levels))
    if len(levels) != len(BEE_TYPES) or len(bread_levels) != len(BEE_TYPES):
        raise InvalidInputError("bread levels", list(bread_levels), "5 levels, types 1-5")
    split = split_turbo_bees("bakery", bees, boost)
    if split.no_effect:
        raise IllegalActionError(R_TURBO_BAKERY, f"a lone {boost}-type Bee has no effect: it "
                                 "doubles the set placed with it", expected="a set of Bees",
                                 given=list(bees))
    types = {v for v in split.main if v != WILD}
    if len(types) > 1:
        raise IllegalActionError(R_TURBO_BAKERY, f"a matching set of one type, got "
                                 f"{sorted(types)}", expected="one bee type (and wild Bees)",
                                 given=list(split.main))
    if types:
        kind = types.pop()
        if bread_type is not None and require_int("bread type", bread_type, 1, 5) != kind:
            raise IllegalActionError(R_TURBO_BAKERY, f"a set of {kind}s upgrades the "
                                     f"{kind}-type bread, not the {bread_type}-type",
                                     expected=kind, given=bread_type)
    else:
        if bread_type is None:
            raise InvalidInputError("bread type", None, "the bread type 1-5 a set of wild "
                                    "Bees upgrades")
        kind = require_int("bread type", bread_type, 1, 5)
    level = levels[kind - 1]
    if level >= BREAD_MAX:
        raise IllegalActionError(R_TURBO_BAKERY, f"the {kind}-type bread is at its maximum "
                                 f"level {BREAD_MAX}" + (" (Turbo: you start with max "
                                                         f"{boost}-type bread)"
                                                         if kind == boost else ""),
                                 expected=f"a bread below level {BREAD_MAX}", given=kind)
    target = level + 1
    counted = len(split.main) * split.factor
    if (split.boosted and counted < target) or (not split.boosted and counted != target):
        raise IllegalActionError(
            R_TURBO_BAKERY, f"upgrading the {kind}-type bread from level {level} to {target} "
            f"takes {target} Bees; {len(split.main)} placed"
            + (f", doubled by the {boost}-type Bee to {counted}" if split.boosted else ""),
            expected=target, given=counted)
    return BakeryResult(kind, target, counted, counted - target)


def turbo_tend_eggs(bees: Sequence[int], chamber: Chamber, *, as_value: int | None = None,
                    boost: int = 2) -> tuple[int, int]:
    """Tend Eggs in Turbo Mode: ``(shape die value, how many of that shape)``.

    "there is no 2 row, column or shape. However, placing a 2-Bee here allows you to fill in
    two of whichever shape corresponds with the Bee you placed with it."  A wild Bee takes any
    shape (``as_value``).  A lone 2 has no effect: ``(boost, 0)``.

    :raises InvalidInputError: a wild Bee without ``as_value``; a value without a shape in the
        chamber.
    :raises IllegalActionError: errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("tend-eggs", bees, boost)
    if split.no_effect:
        return (boost, 0)
    (bee,) = split.main
    value = written_as("Tend Eggs bee", bee, as_value)
    shapes = dict(chamber.shapes)
    if value not in shapes:
        raise InvalidInputError("Tend Eggs shape", value, "a shape of the chamber: "
                                + ", ".join(map(str, sorted(shapes))))
    return (value, split.factor)


Line = tuple[str, int]  # ("row", v) | ("column", v) | ("wild", 0): the Wild Columns


def turbo_tend_larva_options(bees: Sequence[int], chamber: Chamber,
                             boost: int = 2) -> tuple[tuple[Line, ...], ...]:
    """The line sets Tend Larva may encircle in Turbo Mode.

    Tend Larva: "encircle the row OR column corresponding with that number ... A Wild Bee
    allows you to encircle any row or column OR the Wild Columns"; Turbo: "Placing a 2 here
    with another Bee allows you to circle both the row AND column associated with the other
    placed Bee."  A boosted wild Bee circles the row and the column of one value of its choice;
    the Wild Columns are never boosted (ruling H74).  A lone 2: ``()``.

    :returns: options, each a tuple of lines ``("row", v)``, ``("column", v)`` or
        ``("wild", 0)`` (all the Wild Columns).
    :raises IllegalActionError: errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("tend-larva", bees, boost)
    if split.no_effect:
        return ()
    (bee,) = split.main
    values = sorted(set(chamber.rows) | set(chamber.columns)) if bee == WILD else [bee]
    out: list[tuple[Line, ...]] = []
    for v in values:
        row, col = ("row", v), ("column", v)
        if split.boosted:
            lines = tuple(line for line, ok in ((row, v in chamber.rows),
                                                (col, v in chamber.columns)) if ok)
            if lines:
                out.append(lines)
        else:
            if v in chamber.rows:
                out.append((row,))
            if v in chamber.columns:
                out.append((col,))
    if bee == WILD and not split.boosted and chamber.wild_columns:
        out.append((("wild", 0),))
    return tuple(out)


def turbo_jellies_at_setup(jellies: int,
                           prefilled: Iterable[int] = (2,)) -> tuple[frozenset[int], ...]:
    """The Royal Jellies at setup in Turbo Mode: each holds the pre-filled values ("The Royal
    Jelly 2-spots are also pre-filled in"); ``prefilled`` is the sheet's ``jelly_prefilled``."""
    jellies = require_int("jellies", jellies, 1, 10)
    return tuple(frozenset(require_int("prefilled value", v, 1, 5) for v in prefilled)
                 for _ in range(jellies))


def check_turbo_jelly(bees: Sequence[int], jellies: Sequence[Collection[int]],
                      fills: Sequence[tuple[int, int]], boost: int = 2) -> tuple[int, ...]:
    """Check a Queen's Attendants action in Turbo Mode.

    "Placing a 2-type bee here allows you to take this action twice with the other Bee. If you
    place a 6 here with a 2 you can take two totally different Royal Jelly Actions"; "Each
    Royal Jelly can only hold one of each color".  Unboosted: one fill of the Bee's colour;
    boosted: two fills in two different jellies, of the Bee's colour, or any colours for a
    wild Bee (ruling H75).  A lone 2 fills nothing.

    :param jellies: the values already in each jelly (index 1-based in ``fills``).
    :param fills: ``(jelly number, value)`` pairs.
    :returns: the jelly numbers completed by these fills (each earns a Queen's Reward).
    :raises InvalidInputError: a jelly number or value out of range.
    :raises IllegalActionError: (rule Turbo Mode — Queen's Attendants) the wrong number of
        fills, the same jelly twice, a colour the Bee cannot place, a colour already in that
        jelly; errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("queens-attendants", bees, boost)
    state = [set(require_int("jelly value", v, 1, 5) for v in j) for j in jellies]
    want = 0 if split.no_effect else split.factor
    fills = [(require_int("jelly number", j, 1, len(state)), require_int("jelly value", v, 1, 5))
             for j, v in fills]
    if len(fills) != want:
        raise IllegalActionError(R_TURBO_JELLY, f"these Bees fill {want} Royal Jelly "
                                 f"spot{'s' if want != 1 else ''}, got {len(fills)}",
                                 expected=want, given=len(fills))
    if len({j for j, _ in fills}) != len(fills):
        raise IllegalActionError(R_TURBO_JELLY, "the boosted action is taken twice in two "
                                 "different Royal Jellies", expected="two different jellies",
                                 given=[j for j, _ in fills])
    completed = []
    for j, v in fills:
        if not split.no_effect and split.main[0] != WILD and v != split.main[0]:
            raise IllegalActionError(R_TURBO_JELLY, f"a {split.main[0]} Bee fills its own "
                                     f"colour ({split.main[0]}), not {v}",
                                     expected=split.main[0], given=v)
        if v in state[j - 1]:
            raise IllegalActionError(R_TURBO_JELLY, f"Royal Jelly {j} already holds a {v}: each "
                                     "Royal Jelly can only hold one of each color",
                                     expected=f"a value not in jelly {j}", given=v)
        state[j - 1].add(v)
        if len(state[j - 1]) == len(BEE_TYPES):
            completed.append(j)
    return tuple(completed)


def turbo_gather_nectar(bees: Sequence[int], boost: int = 2) -> tuple[tuple[int, ...], int]:
    """Gather Nectar in Turbo Mode: ``(nectar die values, X count)``.

    "During the Gather Nectar Phase, each 2-type Bee assigned produces an 'X' instead of colored
    Nectar. These do not score points directly" (an ``x`` hex, ruling H17).  Other Bees gather
    their own nectar as usual (wild Bees stay 6: their colour is the standard rule's matter).
    """
    values = tuple(die("bee", b) for b in bees)
    return tuple(v for v in values if v != boost), sum(1 for v in values if v == boost)
