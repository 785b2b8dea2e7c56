"""HYVE's Bee Builder (rules/hyve.txt, "Bee Builder"): the Build action's shapes, where they
go, and the end of the game when the hyves are built.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.mode_shapes import (
    R_BUILD,
    R_BUILDER_HYVES,
    hex_names,
    normalise,
    orientations,
    parse_hex,
    same_shape,
    touches,
    written_as,
)
from hyvekit.rules.hyve.scoring import cell_name
from hyvekit.rules.hyve.sheets import HYVES, Hex
from hyvekit.rules.values import dataclass


@dataclass(frozen=True)
class Build:
    """One shape drawn with the Build action.

    :ivar bee: the die face 1–6 placed (6 = wild Bee).
    :ivar hyve: the hyve number 1–6 it is drawn in.
    :ivar hexes: its hexes, axial ``(q, r)`` of that hyve's layout.
    :ivar as_value: for a wild Bee, the die value 1–5 whose shape it draws (ruling H68).
    """

    bee: int
    hyve: int
    hexes: tuple[Hex, ...]
    as_value: int | None = None


def _builds(builds: Sequence[Build | tuple]) -> list[Build]:
    out = []
    for i, b in enumerate(builds, start=1):
        if isinstance(b, tuple):
            b = Build(*b)
        if not isinstance(b, Build):
            raise InvalidInputError(f"build {i}", b, "a Build(bee, hyve, hexes)")
        hexes = b.hexes
        if isinstance(hexes, (str, bytes)) or not isinstance(hexes, Iterable):
            raise InvalidInputError(f"build {i} hexes", hexes, "a list of axial (q, r) hexes")
        hexes = tuple(parse_hex(f"build {i} hex", h) for h in hexes)
        out.append(Build(b.bee, require_int(f"build {i} hyve", b.hyve, 1, HYVES), hexes,
                         b.as_value))
    return out


def _built(built: Sequence[Collection[Hex]]) -> list[set[Hex]]:
    if isinstance(built, (str, bytes)) or len(built) != HYVES:
        raise InvalidInputError("built hexes", built if isinstance(built, str)
                                else f"{len(built)} hyves", f"{HYVES} collections of hexes, "
                                "one per hyve (1 = topmost)")
    return [{parse_hex(f"built hex of hyve {i}", h) for h in hexes}
            for i, hexes in enumerate(built, start=1)]


def _shape_table(shapes: Sequence[tuple[int, Sequence[Hex]]]) -> dict[int, tuple[Hex, ...]]:
    table = {require_int("builder shape die value", d, 1, 5): tuple(c) for d, c in shapes}
    if not table:
        raise InvalidInputError("builder shapes", shapes, "the sheet's builder_shapes "
                                "(a Bee Builder sheet)")
    return table


def _check_one_build(table: dict[int, tuple[Hex, ...]], layouts, built: list[set[Hex]],
                     active: int, b: Build, where: str, turn: bool) -> None:
    value = written_as(where, b.bee, b.as_value)
    if value not in table:
        raise InvalidInputError(f"{where} bee", value, "a die value with a build shape: "
                                + ", ".join(map(str, sorted(table))))
    if b.hyve < active:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {b.hyve} is before the active hyve "
                                 f"{active}: once Migration occurs you can no longer Build in "
                                 "earlier hyves", expected=f"hyve {active} or later",
                                 given=b.hyve)
    layout = set(layouts[b.hyve - 1])
    outside = [h for h in b.hexes if h not in layout]
    if outside:
        raise InvalidInputError(f"{where} hex", outside[0], f"a hex of hyve {b.hyve}")
    shape = table[value]
    if len(set(b.hexes)) != len(b.hexes) or not same_shape(shape, b.hexes, turn=turn):
        raise IllegalActionError(
            R_BUILD, f"a {value} Bee draws its own shape ({len(shape)} hexes, e.g. "
            f"{' '.join(hex_names(normalise(shape)))})"
            f"{' rotated or flipped' if turn else ''}, got {' '.join(hex_names(b.hexes))}",
            expected=hex_names(normalise(shape)), given=hex_names(b.hexes))
    overlap = [h for h in b.hexes if h in built[b.hyve - 1]]
    if overlap:
        raise IllegalActionError(R_BUILD, f"{hex_names(overlap)[0]} of hyve {b.hyve} is already "
                                 "built", expected="unbuilt hexes", given=hex_names(overlap))
    anything = any(built)
    mine = built[b.hyve - 1]
    if not anything:
        if b.hyve != 1:
            raise IllegalActionError(R_BUILD, "your first shape may be placed anywhere inside "
                                     "the topmost hyve (hyve 1)", expected=1, given=b.hyve)
    elif mine:
        if not touches(b.hexes, mine):
            raise IllegalActionError(R_BUILD, "each shape drawn must be connected to "
                                     f"previously built shapes: none of hyve {b.hyve}'s built "
                                     "hexes touches it", expected="a shape touching a built "
                                     "hex", given=hex_names(b.hexes))
    elif not built[b.hyve - 2]:
        raise IllegalActionError(R_BUILD, f"hyve {b.hyve - 1} has no shape yet: building ahead "
                                 f"reaches hyve {b.hyve} only from a built hyve {b.hyve - 1} "
                                 "(each shape must be connected to previously built shapes)",
                                 expected=f"a shape in hyve {b.hyve - 1} first", given=b.hyve)


def check_build(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                built: Sequence[Collection[Hex]], active: int,
                builds: Sequence[Build | tuple], *, turn: bool = True) -> None:
    """Check a Build action (Bee Builder, "Build Action").

    "For each bee placed here, draw the corresponding shape in your active hyve. Each shape
    drawn must be connected to previously built shapes (except for your first, which may be
    placed anywhere inside the topmost hyve)."  hyvekit's readings: shapes may be rotated and
    flipped, as in Tend Eggs (ruling H66; ``turn=False`` for a table that says otherwise); a
    wild Bee draws the shape of any value 1–5; any number of Bees, one shape each, checked in
    order so a later one may touch an earlier one (H68); a shape lies within one hyve, in the
    active hyve or ahead of it: in a hyve that has shapes it touches them, the first shape of a
    later hyve needs a shape in the hyve before it (H67).

    :param shapes: the sheet's ``builder_shapes`` (``((die, hexes), …)``).
    :param hyves: the sheet's ``hyves`` (six layouts of axial hexes).
    :param built: built hexes of each of the six hyves.
    :param active: the active hyve number 1–6 (the one nectar and larva go into).
    :param builds: :class:`Build` s or tuples ``(bee, hyve, hexes[, as_value])``.
    :raises InvalidInputError: a die value outside 1–6, a wild Bee without a value, a hyve
        outside 1–6, a hex not in its hyve, malformed built hexes.
    :raises IllegalActionError: (rule Build Action) a wrong shape, a built hex, a shape not
        connected; (rule Hyves & Migration) a hyve before the active one.
    """
    table = _shape_table(shapes)
    if len(hyves) != HYVES:
        raise InvalidInputError("hyves", f"{len(hyves)} hyves", f"{HYVES} hyve layouts")
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    for i, b in enumerate(_builds(builds), start=1):
        _check_one_build(table, hyves, now, active, b, f"build {i}", turn)
        now[b.hyve - 1] |= set(b.hexes)


def apply_build(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                built: Sequence[Collection[Hex]], active: int,
                builds: Sequence[Build | tuple], *,
                turn: bool = True) -> tuple[frozenset[Hex], ...]:
    """The built hexes of the six hyves after a Build action (checked by :func:`check_build`,
    same errors).  Building never triggers a Migration ("Hyves & Migration")."""
    check_build(shapes, hyves, built, active, builds, turn=turn)
    now = _built(built)
    for b in _builds(builds):
        now[b.hyve - 1] |= set(b.hexes)
    return tuple(frozenset(s) for s in now)


def legal_builds(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                 built: Sequence[Collection[Hex]], active: int, hyve: int, *,
                 values: Iterable[int] | None = None,
                 turn: bool = True) -> Iterator[Build]:
    """Every legal single Build in hyve number ``hyve`` (each value's shape in each orientation
    and position), as :class:`Build` s with ``bee`` = the value; ``values`` limits the die
    values (default all 1–5)."""
    table = _shape_table(shapes)
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    hyve = require_int("hyve", hyve, 1, HYVES)
    layout = tuple(hyves[hyve - 1])
    for value in sorted(table if values is None else set(values)):
        for form in orientations(table[value], turn=turn):
            for anchor in layout:
                hexes = tuple((anchor[0] + q, anchor[1] + r) for q, r in form)
                try:
                    _check_one_build(table, hyves, now, active, Build(value, hyve, hexes),
                                     "build", turn)
                except (IllegalActionError, InvalidInputError):
                    continue
                yield Build(value, hyve, hexes)


def builder_end_reached(shapes: Sequence[tuple[int, Sequence[Hex]]],
                        hyves: Sequence[Sequence[Hex]], built: Sequence[Collection[Hex]], *,
                        turn: bool = True) -> bool:
    """Bee Builder End Game: "you can win when it is impossible to build any more of the last
    (6th) hyve. It doesn't matter how many gaps there are in the hyve, as long as they aren't
    big enough for you to properly fill in".

    True when hyve 6 has at least one built shape and no shape of any value 1–5, in any
    orientation, can legally be built in it (ruling H70).  It is a win condition: combine it
    with the other conditions of :func:`~hyvekit.rules.hyve.phases.check_end` (it replaces
    "Complete all 6 hyves").
    """
    now = _built(built)
    if not now[HYVES - 1]:
        return False
    return next(legal_builds(shapes, hyves, now, HYVES, HYVES, turn=turn), None) is None


def check_builder_placement(hyves: Sequence[Sequence[Hex]], built: Sequence[Collection[Hex]],
                            active: int, hyve: int, hexes: Iterable[Hex],
                            occupied: Collection[Hex] = ()) -> bool:
    """Check placing Nectar or Larva in a Bee Builder hyve ("Each built shape ... unlocks the
    interior hexes for Nectar and Larva placement"; "Hyves & Migration").

    :param active: the active hyve number; :param hyve: the hyve the hexes go into.
    :param hexes: the hexes filled; :param occupied: hexes of that hyve already holding
        nectar or larva.
    :returns: True when this placement triggers a Migration ("Placing Nectar or Larva into the
        next hyve in sequence will trigger a Migration"), i.e. ``hyve == active + 1``.
    :raises InvalidInputError: a hyve outside 1–6 or a hex not in it.
    :raises IllegalActionError: (rule Hyves & Migration) an earlier hyve ("Once Migration
        occurs, you can no longer place Nectar or Larva ... in any earlier hyves") or a hyve
        beyond the next (ruling H69); (rule Build Action) an unbuilt or occupied hex.
    """
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    hyve = require_int("hyve", hyve, 1, HYVES)
    if hyve < active:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {hyve} is before the active hyve "
                                 f"{active}: after Migration nothing more is placed there",
                                 expected=f"hyve {active} or {active + 1}", given=hyve)
    if hyve > active + 1:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {hyve} is not the next hyve in "
                                 f"sequence after the active hyve {active}",
                                 expected=f"hyve {active} or {active + 1}", given=hyve)
    layout = set(hyves[hyve - 1])
    taken = {parse_hex("occupied hex", h) for h in occupied}
    for h in hexes:
        h = parse_hex("placement hex", h)
        if h not in layout:
            raise InvalidInputError("placement hex", h, f"a hex of hyve {hyve}")
        if h not in now[hyve - 1]:
            raise IllegalActionError(R_BUILD, f"{cell_name(h)} of hyve {hyve} is not built: "
                                     "Nectar and Larva go only into built hexes",
                                     expected="a built hex", given=cell_name(h))
        if h in taken:
            raise IllegalActionError(R_BUILD, f"{cell_name(h)} of hyve {hyve} is already filled",
                                     expected="an empty built hex", given=cell_name(h))
        taken.add(h)
    return hyve == active + 1
