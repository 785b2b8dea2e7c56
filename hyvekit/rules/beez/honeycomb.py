"""Beez honeycombs: geometry, row labels, nectar, and Phase 3 "Storing nectar and making honey".

Implements ``rules/beez.txt``, Phase 3 (storing nectar), the nectar that cannot be stored
(back on the flower, a large one with the bee on top) and Rules for Experts, rule 2 (every later
nectar adjacent to a stored one).

Geometry: the honeycomb is a hexagon of side 3, 19 chambers in 5 rows of 3, 4, 5, 4, 3 chambers
(Phase 3: "19 chambers, arranged in 5 rows").  Rows are named ``A`` (top) to ``E`` (bottom);
chambers ``A1`` … ``E3``, numbered left to right.  Each chamber has axial coordinates ``(q, r)``
(``r`` = row − 2, rows of a pointy-top hex grid), so adjacency and straight lines are exact:
six neighbours, three line directions (horizontal and the two diagonals).

Units: chambers (count), flight distance in spaces (1–5), nectar (count).

Row labels (which flight distances a row takes) come from a :class:`Layout`: the packaged one
(the packaged ``beez.toml``: the two 3-chamber rows are "4/5" per the rulebook's examples, the
others are assumed) or a player's own file (read by the data layer, ``data/beez.py``; the builders
here take the tables already read).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable, Sequence

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

# --- rule names (sections of beez.txt) ------------------------------------------------------
R_STORE = "Beez: Phase 3 — storing nectar"
R_EXPERT_STORE = "Beez: Rules for Experts — storing nectar"
R_COLLECT = "Beez: Phase 2 — collecting nectar"

# --- constants the rulebook gives -------------------------------------------------------------
CHAMBERS = 19            # Phase 3: "Each honeycomb has 19 chambers"
ROWS = 5                 # Phase 3: "arranged in 5 rows"
ROW_LENGTHS = (3, 4, 5, 4, 3)   # a hexagon of side 3 (ruling: the only symmetric 5-row shape
                                # of 19 with 3-chamber "4/5" rows, Rules for Experts example)
ROW_NAMES = "ABCDE"
DISTANCES = (1, 2, 3, 4, 5)     # Phase 1: the hive's values 1/5, 2/4, 3

# axial directions, clockwise from east: E, SE, SW, W, NW, NE (pointy-top hexes, r grows down)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
# the three straight-line directions: horizontal, diagonal down-right, diagonal down-left
LINE_DIRECTIONS = ((1, 0), (0, 1), (-1, 1))


@dataclass(frozen=True, order=True)
class Chamber:
    """One chamber of the honeycomb: ``row`` 0–4 (A–E, top to bottom), ``pos`` 0-based from the
    left.  ``str(Chamber(0, 1)) == "A2"``."""

    row: int
    pos: int

    def __str__(self) -> str:
        return f"{ROW_NAMES[self.row]}{self.pos + 1}"

    @property
    def axial(self) -> tuple[int, int]:
        """Axial coordinates ``(q, r)`` with the centre chamber C3 at ``(0, 0)``."""
        r = self.row - 2
        return max(-2, -2 - r) + self.pos, r

    @property
    def index(self) -> int:
        """0–18, reading order."""
        return sum(ROW_LENGTHS[: self.row]) + self.pos


ALL_CHAMBERS: tuple[Chamber, ...] = tuple(Chamber(r, p) for r, n in enumerate(ROW_LENGTHS)
                                          for p in range(n))
_BY_AXIAL = {c.axial: c for c in ALL_CHAMBERS}


def chamber_at(q: int, r: int) -> Chamber | None:
    """The chamber at axial ``(q, r)``, or None outside the honeycomb."""
    return _BY_AXIAL.get((q, r))


def neighbours(chamber: Chamber) -> tuple[Chamber, ...]:
    """The 2–6 chambers sharing a side with ``chamber``."""
    q, r = chamber.axial
    return tuple(c for dq, dr in DIRECTIONS if (c := chamber_at(q + dq, r + dr)) is not None)


def parse_chamber(text: str) -> Chamber:
    """``"A2"`` / ``"c5"`` → a :class:`Chamber`.

    :raises InvalidInputError: not a row letter A–E followed by a position in that row.
    """
    t = str(text).strip().upper()
    m = re.fullmatch(r"([A-E])([1-5])", t)
    if m:
        row = ROW_NAMES.index(m.group(1))
        pos = int(m.group(2)) - 1
        if pos < ROW_LENGTHS[row]:
            return Chamber(row, pos)
    raise InvalidInputError("chamber", text, "a row A-E and a position, e.g. A1..A3, B1..B4, "
                            "C1..C5, D1..D4, E1..E3")


# --- layout --------------------------------------------------------------------------------

_LAYOUT_KEYS = {"name", "row", "middle_row", "middle_row_assumed", "middle_row_reasoning",
                "assumed", "reasoning", "source"}
_ROW_KEYS = {"label", "source", "assumed", "reasoning"}


def parse_label(label: str, field: str = "row label") -> frozenset[int]:
    """``"4/5"`` → ``{4, 5}``; ``"3"`` → ``{3}``.

    :raises InvalidInputError: not flight distances 1–5 separated by "/", or one repeated.
    """
    parts = str(label).split("/")
    out: list[int] = []
    for p in parts:
        p = p.strip()
        if not digits(p) or int(p) not in DISTANCES:
            raise InvalidInputError(field, label, "flight distances 1-5 separated by '/', "
                                    "e.g. '4/5' or '3'")
        out.append(int(p))
    if len(set(out)) != len(out):
        raise InvalidInputError(field, label, "each flight distance once, e.g. '4/5'")
    return frozenset(out)


@dataclass(frozen=True)
class Layout:
    """The row labels of a honeycomb.

    :ivar labels: the five row labels top to bottom (``"4/5"``), as printed.
    :ivar distances: the flight distances (spaces) each row takes.
    :ivar assumed_rows: rows (0–4) whose label is hyvekit's assumption, not the rulebook's.
    :ivar middle_row: the row (0–4) of the "middle of the honeycomb" objective.
    :ivar middle_assumed: whether that choice of row is an assumption.
    """

    name: str
    labels: tuple[str, ...]
    distances: tuple[frozenset[int], ...]
    assumed_rows: tuple[int, ...] = ()
    middle_row: int = 2
    middle_assumed: bool = True

    def rows_for(self, distance: int) -> tuple[int, ...]:
        """Rows (0–4) that take nectar from a flight of ``distance`` spaces."""
        return tuple(i for i, d in enumerate(self.distances) if distance in d)

    def rows_labelled(self, label: str) -> tuple[int, ...]:
        """Rows whose label is ``label`` (compared as sets of distances: "5/4" = "4/5")."""
        want = parse_label(label)
        return tuple(i for i, d in enumerate(self.distances) if d == want)

    @property
    def assumed(self) -> bool:
        """Whether any row of the layout is assumed (not printed in the rulebook)."""
        return bool(self.assumed_rows)

    @classmethod
    def from_dict(cls, raw: dict[str, Any], where: str = "layout") -> Layout:
        """Build and validate a layout from a ``[layout]`` table.

        :raises InvalidInputError: an unknown key (with the accepted keys), not five rows, a bad
            label, a flight distance no row takes, or a middle row outside 1–5.
        """
        if not isinstance(raw, dict):
            raise InvalidInputError(where, raw, "a [layout] table")
        unknown = set(raw) - _LAYOUT_KEYS
        if unknown:
            raise not_one_of(f"{where} key", sorted(unknown)[0], sorted(_LAYOUT_KEYS))
        rows = raw.get("row")
        if not isinstance(rows, list) or len(rows) != ROWS:
            given = len(rows) if isinstance(rows, list) else rows
            raise InvalidInputError(f"{where}: [[{where}.row]] tables", given,
                                    f"exactly {ROWS} rows, top to bottom, of "
                                    f"{', '.join(map(str, ROW_LENGTHS))} chambers")
        labels, dists, assumed = [], [], []
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise InvalidInputError(f"{where} row {i + 1}", row, "a table with a label")
            bad = set(row) - _ROW_KEYS
            if bad:
                raise not_one_of(f"{where} row {i + 1} key", sorted(bad)[0], sorted(_ROW_KEYS))
            if "label" not in row:
                raise InvalidInputError(f"{where} row {i + 1}", "no label",
                                        "a label such as '4/5'")
            labels.append(str(row["label"]).strip())
            dists.append(parse_label(row["label"], f"{where} row {i + 1} label"))
            if row.get("assumed", False) or "source" not in row:
                assumed.append(i)
        for d in DISTANCES:
            if not any(d in s for s in dists):
                raise InvalidInputError(f"{where}", " | ".join(labels),
                                        f"a row for every flight distance 1-5: no row takes "
                                        f"distance {d}, so such a flight could never be stored")
        middle = require_int(f"{where}: middle_row", raw.get("middle_row", 3), 1, ROWS)
        return cls(name=str(raw.get("name", "player layout")), labels=tuple(labels),
                   distances=tuple(dists), assumed_rows=tuple(assumed),
                   middle_row=middle - 1,
                   middle_assumed=bool(raw.get("middle_row_assumed", "middle_row" not in raw)))


def layout_from_file(table: dict[str, Any]) -> Layout:
    """A player's layout file (already read) → :class:`Layout`: the file holds a single
    ``[layout]`` table (see :meth:`Layout.from_dict`).

    :raises InvalidInputError: unknown key, no ``[layout]`` table, impossible layout.
    """
    unknown = set(table) - {"layout"}
    if unknown or "layout" not in table:
        raise InvalidInputError("layout file key", sorted(unknown)[0] if unknown else "none",
                                "a single [layout] table with " + ", ".join(sorted(_LAYOUT_KEYS)))
    return Layout.from_dict(table["layout"])


# --- nectar -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Colour:
    """A nectar colour: its name, one-letter token, and whether it is hyvekit's assumption."""

    name: str
    letter: str
    assumed: bool = False


@dataclass(frozen=True)
class Palette:
    """The five nectar colours and the component counts (Contents)."""

    colours: tuple[Colour, ...]
    small_per_colour: int = 9
    large_per_colour: int = 2

    def by_letter(self, letter: str) -> Colour | None:
        """The colour of ``letter`` (either case), or None."""
        for c in self.colours:
            if c.letter == letter.upper():
                return c
        return None

    def by_name(self, name: str) -> Colour:
        """The colour named (or lettered) ``name``; raises :class:`InvalidInputError`."""
        t = str(name).strip().lower()
        for c in self.colours:
            if t in (c.name, c.letter.lower()):
                return c
        raise not_one_of("colour", name, [f"{c.name} ({c.letter})" for c in self.colours])

    def tokens(self) -> str:
        """The tokens a honeycomb's text may hold, for help texts."""
        return ". " + " ".join(f"{c.letter} {c.letter.lower()}" for c in self.colours)


def palette_from_table(raw: dict[str, Any]) -> Palette:
    """The nectar colours from a ``[nectar]`` table (``beez.toml``: ``colour`` rows with name,
    letter, assumed; ``small_per_colour``, ``large_per_colour`` — Contents).

    :raises InvalidInputError: letters that are not one distinct letter each.
    """
    colours = tuple(Colour(str(c["name"]), str(c["letter"]).upper(), bool(c.get("assumed")))
                    for c in raw["colour"])
    letters = [c.letter for c in colours]
    if len(set(letters)) != len(letters) or any(len(x) != 1 or x == "." for x in letters):
        raise InvalidInputError("beez.toml nectar letters", letters, "one distinct letter each")
    return Palette(colours, int(raw["small_per_colour"]), int(raw["large_per_colour"]))


@dataclass(frozen=True)
class Nectar:
    """One nectar token: its colour name and whether it is a large nectar.

    Phase 3: "During storage, large and small nectar are treated identically"; large ones only
    matter for the tie-breaker (Game End).
    """

    colour: str
    large: bool = False

    def token(self, palette: Palette) -> str:
        """The nectar as typed: its colour's letter, upper case when large."""
        letter = next(c.letter for c in palette.colours if c.name == self.colour)
        return letter if self.large else letter.lower()

    def describe(self) -> str:
        """The nectar in words: ``large pink nectar``."""
        return f"{'large' if self.large else 'small'} {self.colour} nectar"


def parse_nectar(token: str, palette: Palette, field: str = "nectar") -> Nectar:
    """``"P"`` → large pink, ``"p"`` → small pink.

    :raises InvalidInputError: not one colour letter.
    """
    t = str(token).strip()
    colour = palette.by_letter(t) if len(t) == 1 else None
    if colour is None:
        raise InvalidInputError(field, token, "a colour letter, upper case = large nectar, "
                                "lower case = small: " + palette.tokens()[2:])
    return Nectar(colour.name, t.isupper())


# --- the honeycomb ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Honeycomb:
    """A player's honeycomb: 19 chambers, each empty (None) or holding one nectar.

    :ivar layout: the row labels.
    :ivar cells: 19 entries in reading order (``Chamber.index``).
    """

    layout: Layout
    cells: tuple[Nectar | None, ...] = (None,) * CHAMBERS

    def __post_init__(self) -> None:
        if len(self.cells) != CHAMBERS:
            raise InvalidInputError("honeycomb", len(self.cells), f"{CHAMBERS} chambers")

    def __getitem__(self, chamber: Chamber) -> Nectar | None:
        return self.cells[chamber.index]

    # -- views -----------------------------------------------------------------------------
    def stored(self) -> tuple[tuple[Chamber, Nectar], ...]:
        """Every filled chamber with its nectar, reading order."""
        return tuple((c, n) for c in ALL_CHAMBERS if (n := self.cells[c.index]) is not None)

    @property
    def count(self) -> int:
        """Nectar stored (= spaces the player marker has moved)."""
        return sum(1 for n in self.cells if n is not None)

    @property
    def large_count(self) -> int:
        """Large nectar stored (the tie-breaker, Game End)."""
        return sum(1 for n in self.cells if n is not None and n.large)

    def row_full(self, row: int) -> bool:
        """Whether every chamber of ``row`` holds a nectar."""
        return all(self.cells[Chamber(row, p).index] is not None for p in range(ROW_LENGTHS[row]))

    def legal_chambers(self, distance: int, expert: bool = False) -> tuple[Chamber, ...]:
        """Empty chambers where nectar from a flight of ``distance`` spaces may go now (Phase 3;
        with ``expert``, Rules for Experts 2: adjacent to a stored nectar once one is stored)."""
        distance = require_int("flight distance", distance, 1, 5)
        rows = self.layout.rows_for(distance)
        anything = self.count > 0
        return tuple(c for c in ALL_CHAMBERS
                     if c.row in rows and self[c] is None
                     and (not expert or not anything or any(self[n] is not None
                                                            for n in neighbours(c))))

    # -- check / apply ---------------------------------------------------------------------
    def check_store(self, nectar: Nectar, chamber: Chamber, distance: int,
                    expert: bool = False) -> None:
        """Raise unless ``nectar`` may be stored in ``chamber`` after a flight of ``distance``.

        Phase 3: an empty chamber ("Once placed, nectar cannot be moved"), in a row whose number
        matches the flight distance.  Rules for Experts 2: adjacent to a stored nectar once the
        first is placed.

        :raises InvalidInputError: distance outside 1–5.
        :raises IllegalActionError: ``R_STORE`` or ``R_EXPERT_STORE`` with expected/given.
        """
        distance = require_int("flight distance", distance, 1, 5)
        held = self[chamber]
        if held is not None:
            raise IllegalActionError(
                R_STORE, f"chamber {chamber} already holds a {held.describe()}: nectar must go "
                f"in an empty chamber and, once placed, cannot be moved",
                expected="an empty chamber", given=str(chamber))
        rows = self.layout.rows_for(distance)
        if chamber.row not in rows:
            where = ", ".join(f"row {ROW_NAMES[r]} '{self.layout.labels[r]}'" for r in rows)
            raise IllegalActionError(
                R_STORE, f"a flight of {distance} spaces stores in {where}; chamber {chamber} is "
                f"in row {ROW_NAMES[chamber.row]} '{self.layout.labels[chamber.row]}'",
                expected=where, given=str(chamber),
                hint=_assumed_hint(self.layout, (chamber.row, *rows)))
        if expert and self.count and not any(self[n] is not None for n in neighbours(chamber)):
            raise IllegalActionError(
                R_EXPERT_STORE, f"chamber {chamber} is not adjacent to a stored nectar; after "
                "the first, every nectar must be placed next to one already stored",
                expected="a chamber next to a stored nectar", given=str(chamber))

    def place(self, nectar: Nectar, chamber: Chamber) -> Honeycomb:
        """The honeycomb with ``nectar`` in ``chamber`` (unchecked apply)."""
        cells = list(self.cells)
        cells[chamber.index] = nectar
        return replace(self, cells=tuple(cells))

    def store(self, nectar: Nectar, chamber: Chamber, flight_distance: int,
              expert: bool = False) -> Honeycomb:
        """Checked store (Phase 3): :meth:`check_store` then :meth:`place`.

        :raises IllegalActionError: the chamber is taken, in the wrong row, or (expert) not
            adjacent to a stored nectar.
        """
        self.check_store(nectar, chamber, flight_distance, expert)
        return self.place(nectar, chamber)


def _assumed_hint(layout: Layout, rows: Iterable[int]) -> str | None:
    if any(r in layout.assumed_rows for r in rows):
        return ("row labels other than '4/5' are hyvekit's assumption; pass --layout FILE with "
                "your honeycomb's labels")
    return None


# --- nectar that cannot be stored --------------------------------------------------------------

@dataclass(frozen=True)
class StorageResult:
    """The outcome of Phase 3 for one flight.

    :ivar honeycomb: the honeycomb after storing.
    :ivar stored: ``(nectar, chamber)`` pairs in the order placed.
    :ivar returned: nectar put back on the flower (no suitable free chamber).
    :ivar bee_on_flower: a large nectar went back: it goes on the centre of the flower and the
        bee is placed on top of it (Phase 3).
    """

    honeycomb: Honeycomb
    stored: tuple[tuple[Nectar, Chamber], ...]
    returned: tuple[Nectar, ...]

    @property
    def bee_on_flower(self) -> bool:
        """A large nectar went back: the bee stays on the flower."""
        return any(n.large for n in self.returned)

    @property
    def marker_moves(self) -> int:
        """Spaces the player marker moves right: one per nectar stored (Phase 3)."""
        return len(self.stored)

    def describe_returned(self) -> list[str]:
        """One sentence per returned nectar, saying where it goes (Phase 3)."""
        out = []
        for n in self.returned:
            if n.large:
                out.append(f"{n.describe()}: back on the centre of the flower, with your bee on "
                           "top of it")
            else:
                out.append(f"{n.describe()}: back on its original place on the flower")
        return out


def max_storable(honeycomb: Honeycomb, count: int, distance: int, expert: bool = False) -> int:
    """How many of ``count`` collected nectar can be stored at most after a flight of
    ``distance`` spaces (trying every order of chambers; matters only with ``expert``)."""
    if count <= 0:
        return 0
    best = 0
    for c in honeycomb.legal_chambers(distance, expert):
        best = max(best, 1 + max_storable(honeycomb.place(Nectar("?"), c), count - 1,
                                          distance, expert))
        if best == count:
            break
    return best


MAX_COLLECTED = 2    # Phase 2: a large nectar "and at most one" small one


def check_collected_count(collected: Sequence[Nectar], given: str, field: str = "--collected"
                          ) -> None:
    """A flight collects one or two nectar (Phase 2, "Collecting nectar": one small, or a
    large and one small); anything else cannot be a flight's take.

    :param given: the player's words, for the error.
    :raises InvalidInputError: none, or more than two.
    """
    if not 1 <= len(collected) <= MAX_COLLECTED:
        raise InvalidInputError(field, given, "one or two nectar (a flight takes one small, or "
                                "a large and one small)")


def check_collected(collected: Sequence[Nectar]) -> None:
    """What one flight can collect (Phase 2, "Collecting nectar"): one small nectar from a
    space's edge; or, in a flower's centre, its large nectar with at most one adjacent small
    one, or one small one when the large is gone.

    :raises IllegalActionError: no nectar, more than two, two large or two small.
    """
    large = sum(1 for n in collected if n.large)
    small = len(collected) - large
    if not collected or large > 1 or small > 1:
        raise IllegalActionError(
            R_COLLECT, "a flight collects one small nectar, or a large nectar with at most one "
            "small one", expected="1 small, 1 large, or 1 large + 1 small",
            given=f"{large} large + {small} small")


def settle_collected(honeycomb: Honeycomb, collected: Sequence[Nectar], distance: int,
                     placements: Sequence[tuple[Nectar, Chamber]],
                     expert: bool = False) -> StorageResult:
    """Phase 3 for one flight: store ``placements`` in order; every collected nectar not placed
    goes back on the flower.

    Phase 3: "you must now store it"; "If you no longer have a suitable free chamber available,
    you won't be able to store your nectar ... and will have to put it back"; with 2 nectar and
    room for one, "choose which one to store".  Ruling: a nectar may go back only if, after the
    placements, no legal chamber is left for it (judged when storing, not over every order).

    :param collected: the nectar taken in Phase 2 (one small, or a large and a small).
    :param placements: the player's choice, each nectar one of ``collected``.
    :raises IllegalActionError: a placement breaks a storing rule (``R_STORE``,
        ``R_EXPERT_STORE``), places a nectar not collected, or puts back a nectar that still
        fits (``R_STORE``).
    """
    check_collected(collected)
    left = list(collected)
    hc = honeycomb
    for nectar, chamber in placements:
        if nectar not in left:
            raise IllegalActionError(R_STORE, f"the {nectar.describe()} was not collected on "
                                     "this flight (or is placed twice)",
                                     expected=[n.describe() for n in left],
                                     given=nectar.describe())
        hc = hc.store(nectar, chamber, distance, expert)
        left.remove(nectar)
    if left:
        free = hc.legal_chambers(distance, expert)
        if free:
            raise IllegalActionError(
                R_STORE, f"the {left[0].describe()} must be stored: chamber "
                f"{', '.join(map(str, free))} is still free for a flight of {distance}",
                expected="every collected nectar stored while a suitable chamber is free",
                given=f"{len(placements)} of {len(collected)} stored")
    return StorageResult(hc, tuple(placements), tuple(left))


# --- text format -------------------------------------------------------------------------------

EMPTY = "."


def parse_honeycomb(text: str, layout: Layout, palette: Palette,
                    where: str = "honeycomb") -> Honeycomb:
    """Read the text honeycomb: five lines of 3, 4, 5, 4, 3 tokens, top row first.

    A token is ``.`` (empty) or a colour letter, upper case for a large nectar, lower case for a
    small one (``P`` large pink, ``w`` small white).  Tokens are separated by spaces; indentation,
    blank lines and ``#`` comments are ignored.  A line may start with its row label followed by
    ``|`` (``4/5 | P w .``), which is checked against the layout.

    :raises InvalidInputError: naming the line and token that is wrong.
    """
    lines = [(n, ln.split("#", 1)[0].strip()) for n, ln in enumerate(str(text).splitlines(), 1)]
    lines = [(n, ln) for n, ln in lines if ln]
    if len(lines) != ROWS:
        raise InvalidInputError(where, f"{len(lines)} lines",
                                f"{ROWS} lines of {', '.join(map(str, ROW_LENGTHS))} tokens "
                                f"(. for empty, {palette.tokens()[2:]})")
    cells: list[Nectar | None] = []
    for row, (n, ln) in enumerate(lines):
        if "|" in ln:
            label, _, ln = ln.partition("|")
            if parse_label(label.strip(), f"{where} line {n} label") != layout.distances[row]:
                raise InvalidInputError(f"{where} line {n} label", label.strip(),
                                        f"'{layout.labels[row]}' (row {ROW_NAMES[row]} of the "
                                        f"layout {layout.name!r})")
        tokens = ln.split()
        if len(tokens) != ROW_LENGTHS[row]:
            raise InvalidInputError(f"{where} line {n}", ln,
                                    f"{ROW_LENGTHS[row]} tokens for row {ROW_NAMES[row]}")
        for k, tok in enumerate(tokens, 1):
            if tok == EMPTY:
                cells.append(None)
            else:
                cells.append(parse_nectar(tok, palette, f"{where} line {n} token {k}"))
    return Honeycomb(layout, tuple(cells))


def format_honeycomb(honeycomb: Honeycomb, palette: Palette, labels: bool = True) -> str:
    """The text form read by :func:`parse_honeycomb` (indented as a hexagon)."""
    width = max(len(x) for x in honeycomb.layout.labels)
    out = []
    for row, length in enumerate(ROW_LENGTHS):
        toks = [EMPTY if (x := honeycomb[Chamber(row, p)]) is None else x.token(palette)
                for p in range(length)]
        pad = " " * (5 - length)
        head = f"{honeycomb.layout.labels[row]:>{width}} | " if labels else ""
        out.append(head + pad + " ".join(toks))
    return "\n".join(out)
