"""The Larva Chamber of a Hyve scenario sheet: its squares, Tend Eggs and Tend Larva.

Implements ``rules/hyve.txt``, "2. Assign Workers" → "Larva Chamber":

* Tend Eggs: "Place a Bee here to fill in the ENTIRE matching shape into the Larva Chamber in
  any available position. The shapes may be reversed and/or 'flipped' when placing. Be sure to
  use that Bee's color when drawing that shape. Wild Bees may be used for any shape here."
* Tend Larva: "Place a Bee here to encircle the row OR column corresponding with that number.
  Gain HP equal to the number of different colors encircled and place Larva into the hyve equal
  to the total number of populated Larva you encircle. [...] A Wild Bee allows you to encircle
  any row or column OR the Wild Columns."

Units: squares of the chamber (``(row index, column index)``, 0-based, wild columns after the
numbered ones), die values 1–5 (the colour a square is filled with), HP, larva.

Square names (used in turn records): ``R<row label>C<column label>`` for the numbered columns
(``R3C4`` = row 3, column 4) and ``R<row label>W<k>`` for the k-th Wild Column (``R2W1``; ``R2W``
when the sheet has one).  A square holds one of:

* ``EMPTY`` (0) — nothing drawn;
* ``v`` (1–5) — a populated larva of die value ``v``'s colour, not yet placed in a hyve;
* ``-v`` — a larva already placed in a hyve by an earlier Tend Larva (ruling H37: each
  populated square becomes a larva once);
* ``EATEN`` (9) — crossed out by a Wasp War attack ("This Larva has been eaten and cannot be
  placed").

Text form (:meth:`LarvaChamber.format`): a header of column labels, one line per row, ``.``
empty, a die value for a populated square, ``-`` placed, ``x`` eaten.
"""

from __future__ import annotations


from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.sheets import Cell, Chamber
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

R_EGGS = "Hyve: Tend Eggs"
R_LARVA = "Hyve: Tend Larva"

EMPTY = 0
EATEN = 9

# the eight symmetries of the square grid: "rotated and/or flipped"
_TRANSFORMS = (
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r),
)


def normalise(cells) -> tuple[Cell, ...]:
    """``cells`` moved so that the smallest row and column are 0, sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(shape) -> frozenset[tuple[Cell, ...]]:
    """Every rotation and reflection of ``shape``, normalised (1 to 8 of them)."""
    return frozenset(normalise(t(r, c) for r, c in shape) for t in _TRANSFORMS)


@dataclass(frozen=True)
class Line:
    """An encircled line: ``kind`` is ``row``, ``column`` or ``wild`` (a Wild Column); ``label``
    is the die value of the row or column, or the wild column's number (1-based)."""

    kind: str
    label: int

    def describe(self) -> str:
        """The line in words: ``the 3 row``, ``Wild Column 1``."""
        if self.kind == "wild":
            return f"Wild Column {self.label}"
        return f"the {self.label} {self.kind}"


@dataclass(frozen=True)
class LarvaChamber:
    """The chamber's squares, row by row (see the module docstring for the values)."""

    chamber: Chamber
    squares: tuple[tuple[int, ...], ...]

    @classmethod
    def new(cls, chamber: Chamber) -> LarvaChamber:
        """An empty Larva Chamber of the sheet's ``chamber`` layout."""
        width = len(chamber.columns) + chamber.wild_columns
        return cls(chamber, tuple((EMPTY,) * width for _ in chamber.rows))

    # -- names --------------------------------------------------------------------------
    @property
    def width(self) -> int:
        """Squares in a row: the numbered columns and the Wild Columns."""
        return len(self.chamber.columns) + self.chamber.wild_columns

    def column_label(self, c: int) -> str:
        """The label of column ``c`` (0-based): ``C3``, or ``W`` / ``W2`` for a Wild Column."""
        n = len(self.chamber.columns)
        if c < n:
            return f"C{self.chamber.columns[c]}"
        return "W" if self.chamber.wild_columns == 1 else f"W{c - n + 1}"

    def name(self, cell: Cell) -> str:
        """``(2, 3)`` → ``"R3C4"`` on the standard chamber."""
        r, c = cell
        return f"R{self.chamber.rows[r]}{self.column_label(c)}"

    def names_help(self) -> str:
        """How the chamber's squares are named, for an error or help text."""
        rows = "/".join(str(v) for v in self.chamber.rows)
        cols = "/".join(str(v) for v in self.chamber.columns)
        wild = ""
        if self.chamber.wild_columns == 1:
            wild = ", or W for the Wild Column"
        elif self.chamber.wild_columns:
            wild = f", or W1-W{self.chamber.wild_columns} for the Wild Columns"
        return f"a square R<row>C<column> with row {rows} and column {cols}{wild}, e.g. R1C1"

    def parse_square(self, text: object, field: str = "square") -> Cell:
        """A square by name (``R3C4``, ``r2w1``).

        :raises InvalidInputError: not a square of this chamber, listing the form.
        """
        t = str(text).strip().upper().replace(" ", "")
        if len(t) >= 3 and t[0] == "R" and digits(t[1]):
            row_label, rest = int(t[1]), t[2:]
            if row_label in self.chamber.rows:
                r = self.chamber.rows.index(row_label)
                if rest[:1] == "C" and digits(rest[1:]) and int(rest[1:]) in self.chamber.columns:
                    return r, self.chamber.columns.index(int(rest[1:]))
                if rest[:1] == "W" and self.chamber.wild_columns:
                    k = 1 if rest == "W" else int(rest[1:]) if digits(rest[1:]) else 0
                    if 1 <= k <= self.chamber.wild_columns:
                        return r, len(self.chamber.columns) + k - 1
        raise InvalidInputError(field, text, self.names_help())

    # -- reading ------------------------------------------------------------------------
    def __getitem__(self, cell: Cell) -> int:
        r, c = cell
        return self.squares[r][c]

    def line_cells(self, line: Line) -> tuple[Cell, ...]:
        """The squares of an encircled line (the chamber has the line: checked by the caller)."""
        if line.kind == "row":
            r = self.chamber.rows.index(line.label)
            return tuple((r, c) for c in range(self.width))
        if line.kind == "column":
            c = self.chamber.columns.index(line.label)
        else:
            c = len(self.chamber.columns) + line.label - 1
        return tuple((r, c) for r in range(len(self.chamber.rows)))

    def populated(self, cells) -> tuple[Cell, ...]:
        """The squares among ``cells`` holding a larva not yet placed in a hyve."""
        return tuple(cell for cell in cells if 1 <= self[cell] <= 5)

    @property
    def populated_count(self) -> int:
        """Squares holding a populated larva (a die value 1–5)."""
        return sum(1 for row in self.squares for v in row if 1 <= v <= 5)

    def with_values(self, changes: dict[Cell, int]) -> LarvaChamber:
        """The chamber with the squares of ``changes`` (``(row, column)`` → value)
        set."""
        rows = [list(row) for row in self.squares]
        for (r, c), v in changes.items():
            rows[r][c] = v
        return LarvaChamber(self.chamber, tuple(tuple(row) for row in rows))

    def format(self) -> str:
        """The text form: column labels, then one line per row."""
        n = len(self.chamber.columns)
        labels = [str(self.chamber.columns[c]) if c < n else self.column_label(c)
                  for c in range(self.width)]
        head = "     " + " ".join(lab.rjust(2) for lab in labels)
        lines = [head]
        for r, row in enumerate(self.squares):
            marks = []
            for v in row:
                marks.append("." if v == EMPTY else "x" if v == EATEN
                             else "-" if v < 0 else str(v))
            lines.append(f"R{self.chamber.rows[r]}:  " + " ".join(m.rjust(2) for m in marks))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


# --- Tend Eggs --------------------------------------------------------------------------------

def check_eggs(chamber: LarvaChamber, value: int, cells: tuple[Cell, ...]) -> None:
    """Check a Tend Eggs drawing of die value ``value``'s shape on ``cells``.

    :raises IllegalActionError: (``Hyve: Tend Eggs``) the chamber has no shape for the value,
        a square is already filled, or the squares are not the whole shape (rotated or flipped).
    """
    shapes = dict(chamber.chamber.shapes)
    if value not in shapes:
        raise IllegalActionError(R_EGGS, f"the chamber has no shape for a {value}-Bee",
                                 expected=sorted(shapes), given=value)
    names = [chamber.name(c) for c in cells]
    if len(set(cells)) != len(cells):
        raise IllegalActionError(R_EGGS, f"a square is named twice: {', '.join(names)}",
                                 expected="different squares", given=names)
    full = [chamber.name(c) for c in cells if chamber[c] != EMPTY]
    if full:
        raise IllegalActionError(R_EGGS, f"the shape must go on empty squares; "
                                 f"{', '.join(full)} already filled",
                                 expected="empty squares", given=full)
    shape = shapes[value]
    if not cells or normalise(cells) not in orientations(shape):
        raise IllegalActionError(
            R_EGGS, f"a {value}-Bee fills the ENTIRE {value} shape ({len(shape)} squares: "
            f"{_shape_text(shape)}), rotated or flipped; got {', '.join(names) or 'no squares'}",
            expected=_shape_text(shape), given=names)


def _shape_text(shape) -> str:
    return " ".join(f"({r},{c})" for r, c in normalise(shape))


def apply_eggs(chamber: LarvaChamber, value: int, cells: tuple[Cell, ...]) -> LarvaChamber:
    """The chamber with ``cells`` filled in die value ``value``'s colour (not checked)."""
    return chamber.with_values({c: value for c in cells})


def shape_placements(chamber: LarvaChamber, value: int) -> tuple[tuple[Cell, ...], ...]:
    """Every way of drawing die value ``value``'s shape on empty squares (rotated or
    flipped), each as its squares in row order; none when the chamber has no such shape."""
    shapes = dict(chamber.chamber.shapes)
    if value not in shapes:
        return ()
    found = set()
    rows, width = len(chamber.squares), chamber.width
    for form in orientations(shapes[value]):
        for r in range(rows):
            for c in range(width):
                cells = tuple(sorted((r + dr, c + dc) for dr, dc in form))
                if all(0 <= rr < rows and 0 <= cc < width and chamber[(rr, cc)] == EMPTY
                       for rr, cc in cells):
                    found.add(cells)
    return tuple(sorted(found))


def can_place_shape(chamber: LarvaChamber, value: int) -> bool:
    """Whether the shape of ``value`` fits somewhere on empty squares."""
    return bool(shape_placements(chamber, value))


# --- Tend Larva -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Encircled:
    """What encircling a line gives: ``hp`` (different colours), ``larva`` (populated squares),
    and the squares that become placed."""

    hp: int
    larva: int
    cells: tuple[Cell, ...]
    colours: tuple[int, ...]


def check_line(chamber: LarvaChamber, line: Line, wild: bool, value: int | None) -> None:
    """Check that a bee may encircle ``line``.

    A ``value``-Bee encircles the row or the column of that number; a Wild Bee any row, any
    column or a Wild Column.

    :raises IllegalActionError: (``Hyve: Tend Larva``) naming what the bee may encircle.
    """
    ch = chamber.chamber
    allowed = ([f"row {v}" for v in ch.rows] + [f"column {v}" for v in ch.columns]
               + [f"wild {k}" for k in range(1, ch.wild_columns + 1)])
    given = f"{line.kind} {line.label}"
    exists = ((line.kind == "row" and line.label in ch.rows)
              or (line.kind == "column" and line.label in ch.columns)
              or (line.kind == "wild" and 1 <= line.label <= ch.wild_columns))
    if not exists:
        raise IllegalActionError(R_LARVA, f"the chamber has no {given}", expected=allowed,
                                 given=given)
    if wild:
        return
    if line.kind == "wild":
        raise IllegalActionError(R_LARVA, "only a Wild Bee may encircle a Wild Column",
                                 expected=f"row {value} or column {value}", given=given)
    if line.label != value:
        raise IllegalActionError(R_LARVA, f"a {value}-Bee encircles the row or column "
                                 f"corresponding with that number: row {value} or column "
                                 f"{value}, got {given}",
                                 expected=f"row {value} or column {value}", given=given)


def encircle(chamber: LarvaChamber, line: Line) -> Encircled:
    """HP and larva of encircling ``line``: HP = different colours among its populated (not yet
    placed) squares, larva = those squares (rulings H36, H37)."""
    cells = chamber.populated(chamber.line_cells(line))
    colours = tuple(sorted({chamber[c] for c in cells}))
    return Encircled(hp=len(colours), larva=len(cells), cells=cells, colours=colours)


def apply_encircle(chamber: LarvaChamber, line: Line) -> LarvaChamber:
    """The chamber with the line's populated squares marked placed."""
    got = encircle(chamber, line)
    return chamber.with_values({c: -chamber[c] for c in got.cells})


def encircle_lines(chamber: LarvaChamber, lines) -> Encircled:
    """Encircling several lines at once (Turbo Mode: "both the row AND column"): a square on
    two of them counts once."""
    cells = tuple(dict.fromkeys(c for line in lines
                                for c in chamber.populated(chamber.line_cells(line))))
    colours = tuple(sorted({chamber[c] for c in cells}))
    return Encircled(hp=len(colours), larva=len(cells), cells=cells, colours=colours)


def apply_encircle_lines(chamber: LarvaChamber, lines) -> LarvaChamber:
    """The chamber with the populated squares of ``lines`` marked placed."""
    got = encircle_lines(chamber, lines)
    return chamber.with_values({c: -chamber[c] for c in got.cells})
