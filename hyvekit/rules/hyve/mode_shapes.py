"""What the HYVE game modes share (rules/hyve.txt, "Game Modes"): rule names, die values, hex
shapes turned and flipped, hexes named as the printed sheet names them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.hyve.scoring import cell_name, parse_cell
from hyvekit.rules.hyve.sheets import AXIAL_NEIGHBOURS, WILD, Hex   # Wasp Attack: W counts as 6

R_MITES = "Hyve: Mites Challenge"


R_MARSHAL = "Hyve: Wasp War — Marshal"


R_DEFENSIVE = "Hyve: Wasp War — Defensive Formations"


R_OFFENSIVE = "Hyve: Wasp War — Offensive Formation"


R_WASP_ATTACK = "Hyve: Wasp War — Wasp Attack"


R_BUILD = "Hyve: Bee Builder — Build Action"


R_BUILDER_HYVES = "Hyve: Bee Builder — Hyves & Migration"


R_TURBO = "Hyve: Turbo Mode — Action Boost"


R_TURBO_REPURPOSE = "Hyve: Turbo Mode — Repurpose"


R_TURBO_BAKERY = "Hyve: Turbo Mode — Bakery"


R_TURBO_EGGS = "Hyve: Turbo Mode — Tend Eggs"


R_TURBO_LARVA = "Hyve: Turbo Mode — Tend Larva"


R_TURBO_JELLY = "Hyve: Turbo Mode — Queen's Attendants"


R_QUEEN = "Hyve: Long Live the Queen — Demands & Royal Approval"


R_CORONATION = "Hyve: Long Live the Queen — The Coronation"




DIE_VALUES = (1, 2, 3, 4, 5, 6)


REPURPOSE_WILD_MAX = 5       # Repurpose: "A Wild Bee would let you reroll any amount from 1-5"


TURBO_FACTOR = 2             # Turbo: "double the amount", "doubles the Bees placed", "two of"


LIGHT_ATTACKS = 2            # Wasp Attack: "roll two D6, each representing a ... Light Attack"
CORONATION_MARGIN = 1        # The Coronation: "at least 1 more Approval than Disapproval"


def die(field: str, value: object) -> int:
    """A D6 face 1–6 named ``field``.

    :raises InvalidInputError: anything else.
    """
    return require_int(field, value, 1, 6)


def written_as(field: str, bee: int, as_value: int | None) -> int:
    """The value a bee is written as: itself, or for a wild Bee the value 1–5 it stands for
    ("Wild Bees can be used to represent any other die result", 2. Assign Workers)."""
    bee = die(field, bee)
    if bee == WILD:
        if as_value is None:
            raise InvalidInputError(f"{field} as value", None, "the die value 1-5 a wild Bee "
                                    "stands for (a wild Bee has no colour of its own)")
        return require_int(f"{field} as value", as_value, 1, 5)
    if as_value is not None and require_int(f"{field} as value", as_value, 1, 6) != bee:
        raise InvalidInputError(f"{field} as value", as_value,
                                f"nothing, or {bee}: only a wild Bee stands for another value")
    return bee


def parse_hex(field: str, value: object) -> Hex:
    """An axial hex ``(q, r)`` (a pair of whole numbers)."""
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    raise InvalidInputError(field, value, "an axial hex (q, r) of two whole numbers")


def rotate_hexes(cells: Iterable[Hex], turns: int = 1) -> tuple[Hex, ...]:
    """Rotate axial hexes by ``turns`` × 60° about ``(0, 0)``: ``(q, r) → (−r, q + r)``."""
    out = tuple(cells)
    for _ in range(turns % 6):
        out = tuple((-r, q + r) for q, r in out)
    return out


def flip_hexes(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """Mirror axial hexes: ``(q, r) → (r, q)`` (swaps the cube x and z axes)."""
    return tuple((r, q) for q, r in cells)


def normalise(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """The cells sorted and moved so the smallest ``(r, q)`` is at ``(0, 0)``: two shapes are
    translations of each other exactly when their normal forms are equal."""
    cells = sorted(set(cells), key=lambda h: (h[1], h[0]))
    if not cells:
        return ()
    q0, r0 = cells[0]
    return tuple((q - q0, r - r0) for q, r in cells)


def orientations(shape: Iterable[Hex], *, turn: bool = True) -> tuple[tuple[Hex, ...], ...]:
    """The distinct normal forms of ``shape`` under the 6 rotations and the mirror image (12 at
    most); with ``turn=False`` only the shape as printed."""
    shape = tuple(shape)
    if not turn:
        return (normalise(shape),)
    seen: list[tuple[Hex, ...]] = []
    for base in (shape, flip_hexes(shape)):
        for k in range(6):
            form = normalise(rotate_hexes(base, k))
            if form not in seen:
                seen.append(form)
    return tuple(seen)


def same_shape(a: Iterable[Hex], b: Iterable[Hex], *, turn: bool = True) -> bool:
    """Whether hex groups ``a`` and ``b`` are the same shape, moved and (with ``turn``)
    rotated or flipped."""
    a, b = tuple(a), tuple(b)
    return len(set(a)) == len(set(b)) and normalise(b) in orientations(a, turn=turn)


def touches(cells: Iterable[Hex], others: Collection[Hex]) -> bool:
    """Whether any of ``cells`` is a neighbour of one of ``others`` (axial hexes)."""
    return any((q + dq, r + dr) in others for q, r in cells for dq, dr in AXIAL_NEIGHBOURS)


def parse_cells(field: str, chosen: Iterable[Hex | str]) -> tuple[Hex, ...]:
    """Hexes given as names (``C3``) or axial pairs, checked.

    :raises InvalidInputError: a malformed hex (named ``field``).
    """
    out = []
    for c in chosen:
        out.append(parse_cell(c, field) if isinstance(c, str) else parse_hex(field, c))
    return tuple(out)


def hex_names(hexes: Iterable[Hex]) -> list[str]:
    """Hexes as the sheet names them (``C3``), for messages."""
    out = []
    for h in hexes:
        try:
            out.append(cell_name(h))
        except (InvalidInputError, IndexError, ValueError, TypeError):
            out.append(str(h))
    return out
