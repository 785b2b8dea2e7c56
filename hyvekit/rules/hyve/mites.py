"""HYVE's Mites Challenge (rules/hyve.txt, "Mites Challenge"): the hexes a player must cross
out for the mites of a turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from hyvekit.rules.common import IllegalActionError, require_int
from hyvekit.rules.hyve.mode_shapes import R_MITES, parse_cells
from hyvekit.rules.hyve.scoring import CROSSED, NECTAR, HyveGrid, cell_name
from hyvekit.rules.hyve.sheets import Hex


def mites_choices(grid: HyveGrid) -> tuple[Hex, ...]:
    """The hexes a Mites icon may cross out in the active hyve ``grid``: its Nectar (a coloured
    nectar hex), in reading order.  Larva, already crossed-out nectar, Turbo's X and empty
    spaces are not Nectar (ruling H80).

    Mites Challenge: "each time you perform any Seasonal Effect you must also choose and cross
    out any of your Nectar in your active hyve (if applicable)".
    """
    return tuple(h for h, s in grid.items() if s.kind == NECTAR)


def mites_required(grid: HyveGrid, mites: int) -> int:
    """How many nectar the player must cross out: one per Mites icon, as many as the active
    hyve holds ("(if applicable)", ruling H80).

    :raises InvalidInputError: ``mites`` is not a whole number ≥ 0.
    """
    mites = require_int("mites", mites, 0, 99)
    return min(mites, len(mites_choices(grid)))


def check_mites(grid: HyveGrid, mites: int, chosen: Iterable[Hex | str]) -> tuple[Hex, ...]:
    """Check the nectar the player crosses out for a seasonal effect's Mites icons.

    :param grid: the active hyve (after Gather Nectar and Migration of this turn).
    :param mites: the effect's Mites icons (:attr:`Effect.mites`, also returned by
        :func:`~hyvekit.rules.hyve.phases.apply_seasonal_effect` as ``mites``).
    :param chosen: cells by name (``"C3"``) or axial ``(q, r)``.
    :returns: the chosen hexes, axial.
    :raises InvalidInputError: a cell that is not a hex of the hyve.
    :raises IllegalActionError: (rule ``"Hyve: Mites Challenge"``) a cell that is not a Nectar,
        a cell named twice, or not exactly :func:`mites_required` cells.
    """
    cells = parse_cells("mites cell", chosen)
    need = mites_required(grid, mites)
    for h in cells:
        space = grid[h]
        if space.kind != NECTAR:
            raise IllegalActionError(
                R_MITES, f"{cell_name(h)} holds {space.describe()}: a Mites icon crosses out "
                "a Nectar of the active hyve", expected="a nectar hex: " + (", ".join(
                    cell_name(c) for c in mites_choices(grid)) or "none"),
                given=cell_name(h))
    if len(set(cells)) != len(cells):
        dup = next(cell_name(h) for h, n in Counter(cells).items() if n > 1)
        raise IllegalActionError(R_MITES, f"{dup} is named twice: each Mites icon crosses out "
                                 "another Nectar", expected="different cells", given=dup)
    if len(cells) != need:
        have = len(mites_choices(grid))
        raise IllegalActionError(
            R_MITES, f"{mites} Mites icon{'s' if mites != 1 else ''} with {have} Nectar in "
            f"the active hyve: cross out {need}, got {len(cells)}", expected=need,
            given=len(cells))
    return cells


def apply_mites(grid: HyveGrid, mites: int, chosen: Iterable[Hex | str]) -> HyveGrid:
    """The active hyve with the chosen nectar crossed out ("Crossed out Nectar are considered
    colorless for scoring": an ``x`` hex).  Checked by :func:`check_mites` (same errors)."""
    for h in check_mites(grid, mites, chosen):
        grid = grid.replace(h, CROSSED)
    return grid
