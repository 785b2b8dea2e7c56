"""Scoring a completed hyve, and the text form of one hyve's hex grid.

Implements ``rules/hyve.txt``, "3. Gather Nectar": "Whenever you complete a hyve score it by
multiplying the number of each Nectar variety that is not adjacent to any other Nectar
variety. If this would make you multiply by zero, ignore that Nectar instead. Larva are
colorless, allowing you to build 'walls' for better scoring opportunities. Example:
4 x 4 x 1 = 16HP", with what the game modes and perks add:

* Mites Challenge: "Crossed out Nectar are considered colorless for scoring".
* Bee Builder: "Empty spaces that weren't filled with shapes simply count as inert, colorless
  hexes" (example 2 x 3 = 6HP) — ``inert_empty=True``.
* Turbo Mode: a 2-type Bee gathering nectar "produces an 'X' instead of colored Nectar. These
  do not score points directly" — an ``x`` hex, colourless.
* Legacy perks: Deep Stores "You always score a minimum of 6 HP whenever you complete a hyve";
  Excisor "When completing a hyve, before scoring, you may cross out any once [sic] space,
  treating it as colorless" (the player chooses the space: ``excise``).

Readings of the text (``docs/rulings.md``, H11–H19): a nectar *hex* counts for its variety when
none of its neighbours holds a nectar of another variety (per hex, not per variety: ruling
H11); a variety with no counting hex is left out of the product (H12); a hyve with nothing
left to multiply scores the empty product 1, whether its nectar all touches other varieties or
it has none (H13: a completed hyve never multiplies by zero); only a
completed hyve is scored (H14); Excisor (H15), Deep Stores (H16), Turbo's X (H17); the
examples' grids are hyvekit's (H18); nectar is written as letters or die values (H19).

Geometry: hyvekit's hyves are radius-2 hexagons of 19 pointy-topped hexes in axial ``(q, r)``
coordinates (:func:`hyvekit.rules.hyve.sheets.hexagon`, ruling H5).  Rows are named ``A`` (top,
``r = -2``) to ``E`` (bottom), hexes numbered from the left: ``A1``–``A3``, ``B1``–``B4``,
``C1``–``C5`` (``C3`` is the middle ``(0, 0)``), ``D1``–``D4``, ``E1``–``E3``.

Text form (:func:`parse_hyve`), five lines of 3, 4, 5, 4, 3 tokens, top row first, tokens
separated by spaces; indentation, blank lines and ``#`` comments are ignored; case does not
matter::

      y y L         # y, b, g … : a nectar of that colour (any letter but L and X)
     y y L1 b       # 1-5       : a nectar of that bee type (die value), instead of letters
    L L2 g L b      # L, L0-L5  : a larva (the digit: the population it gained, as on the sheet)
     L L L b        # x         : colourless: crossed-out nectar (Mites, Excisor) or Turbo's X
      L L b         # .         : an empty space (Bee Builder: unbuilt, inert)

Units: HP; hexes.
"""

from __future__ import annotations

from math import prod

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.sheets import AXIAL_NEIGHBOURS, Hex, hexagon
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

R_SCORE = "Hyve: Gather Nectar — scoring"
R_DEEP_STORES = "Hyve Legacy: Perks — Deep Stores"
R_EXCISOR = "Hyve Legacy: Perks — Excisor"

RADIUS = 2                                    # ruling H5: 19-hex hyves
ROW_NAMES = "ABCDE"
DEEP_STORES_MINIMUM = 6                       # Deep Stores: "a minimum of 6 HP"
LARVA_POPULATION_MAX = 5                      # Tend Larva: one per unique colour, 5 colours
NECTAR, LARVA, COLOURLESS, EMPTY = "nectar", "larva", "colourless", "empty"
_RESERVED = {"l": "larva", "x": "colourless nectar"}

# reading order: rows r = -2 … 2, left to right (q ascending)
HEXES: tuple[Hex, ...] = tuple(sorted(hexagon(RADIUS), key=lambda h: (h[1], h[0])))
ROW_LENGTHS: tuple[int, ...] = tuple(sum(1 for _, r in HEXES if r == row)
                                     for row in range(-RADIUS, RADIUS + 1))
_INDEX = {h: i for i, h in enumerate(HEXES)}

TOKENS_HELP = ("a colour letter or a die value 1-5 (nectar), L or L0-L5 (larva), "
               "x (crossed-out nectar or Turbo's X), . (empty)")


# --- cells -------------------------------------------------------------------------------------

def cell_name(h: Hex) -> str:
    """``(0, 0)`` → ``"C3"``; rows A–E top to bottom, hexes numbered from the left."""
    q, r = h
    row = r + RADIUS
    first = min(qq for qq, rr in HEXES if rr == r)
    return f"{ROW_NAMES[row]}{q - first + 1}"


_NAMES = {cell_name(h): h for h in HEXES}


def parse_cell(text: str, field: str = "cell") -> Hex:
    """A hex by name (``C3``, ``b4``) or by axial coordinates (``0,0``, ``-1,2``).

    :raises InvalidInputError: anything else, listing the names.
    """
    t = str(text).strip().upper().replace(" ", "")
    if t in _NAMES:
        return _NAMES[t]
    q_text, sep, r_text = t.partition(",")
    if sep:
        try:
            h = (int(q_text), int(r_text))
        except ValueError:
            h = None
        if h in _INDEX:
            return h
    raise InvalidInputError(field, text, "a hex A1-A3, B1-B4, C1-C5, D1-D4, E1-E3 (rows top to "
                            "bottom, numbered from the left; C3 is the middle) or axial q,r "
                            f"with |q|, |r|, |q+r| <= {RADIUS}")


# --- spaces and grids --------------------------------------------------------------------------

@dataclass(frozen=True)
class Space:
    """One hex of a hyve.

    :ivar kind: ``nectar``, ``larva``, ``colourless`` (crossed-out nectar, Turbo's X) or
        ``empty``.
    :ivar variety: a nectar's variety: a lower-case colour letter or a die value ``"1"``–``"5"``.
    :ivar population: a larva's written population (``L2`` → 2), ``None`` for a plain ``L``.
    """

    kind: str
    variety: str | None = None
    population: int | None = None

    @property
    def colourless(self) -> bool:
        """Larva, crossed-out nectar, Turbo's X and empty (inert) spaces have no colour."""
        return self.kind != NECTAR

    def token(self) -> str:
        """The space as the text of a hyve writes it: ``3``, ``L2``, ``x``, ``.``."""
        if self.kind == NECTAR:
            return str(self.variety)
        if self.kind == LARVA:
            return "L" if self.population is None else f"L{self.population}"
        return "x" if self.kind == COLOURLESS else "."

    def describe(self) -> str:
        """The space in words: ``3 nectar``, ``a larva``."""
        if self.kind == NECTAR:
            return f"{self.variety} nectar"
        if self.kind == LARVA:
            return "a larva"
        return "a crossed-out (colourless) hex" if self.kind == COLOURLESS else "an empty space"


CROSSED = Space(COLOURLESS)
EMPTY_SPACE = Space(EMPTY)


def parse_token(token: str, field: str = "token") -> Space:
    """One token of the text form (see the module docstring).

    :raises InvalidInputError: naming ``field`` and the token.
    """
    t = token.strip().lower()
    if t == ".":
        return EMPTY_SPACE
    if t == "x":
        return CROSSED
    if t == "l":
        return Space(LARVA)
    if len(t) == 2 and t[0] == "l" and digits(t[1]):
        if int(t[1]) > LARVA_POPULATION_MAX:
            raise InvalidInputError(field, token, f"a larva's population 0-{LARVA_POPULATION_MAX}"
                                    " (one per unique colour next to it), e.g. L2")
        return Space(LARVA, population=int(t[1]))
    if len(t) == 1 and t in "12345":
        return Space(NECTAR, variety=t)
    if len(t) == 1 and t.isascii() and t.isalpha():
        return Space(NECTAR, variety=t)
    if t in ("6", "0"):
        raise InvalidInputError(field, token, "a die value 1-5: the wild Bee has no colour, "
                                "write the nectar's colour or bee type")
    raise InvalidInputError(field, token, TOKENS_HELP)


@dataclass(frozen=True)
class HyveGrid:
    """One hyve: a :class:`Space` for each of the 19 hexes, in reading order (:data:`HEXES`)."""

    spaces: tuple[Space, ...]

    def __post_init__(self):
        if len(self.spaces) != len(HEXES):
            raise InvalidInputError("hyve", f"{len(self.spaces)} spaces", f"{len(HEXES)} spaces")

    @classmethod
    def from_mapping(cls, spaces: dict[Hex, Space], default: Space = EMPTY_SPACE) -> HyveGrid:
        """A grid from ``{(q, r): Space}``; hexes left out get ``default``."""
        unknown = [h for h in spaces if h not in _INDEX]
        if unknown:
            raise InvalidInputError("hex", unknown[0], f"a hex of the radius-{RADIUS} hyve")
        return cls(tuple(spaces.get(h, default) for h in HEXES))

    def __getitem__(self, h: Hex) -> Space:
        return self.spaces[_INDEX[h]]

    def items(self):
        """``(hex, space)`` pairs in the order of :data:`HEXES`."""
        return zip(HEXES, self.spaces)

    def replace(self, h: Hex, space: Space) -> HyveGrid:
        """The grid with hex ``h`` holding ``space``."""
        out = list(self.spaces)
        out[_INDEX[h]] = space
        return HyveGrid(tuple(out))

    @property
    def empty(self) -> tuple[Hex, ...]:
        """The hexes still empty."""
        return tuple(h for h, s in self.items() if s.kind == EMPTY)

    @property
    def varieties(self) -> tuple[str, ...]:
        """Nectar varieties in the hyve, sorted."""
        return tuple(sorted({s.variety for s in self.spaces if s.kind == NECTAR}))

    def format(self) -> str:
        """The text form read by :func:`parse_hyve`, indented as a hexagon."""
        lines, i = [], 0
        width = max(len(s.token()) for s in self.spaces)
        for length in ROW_LENGTHS:
            toks = [s.token().ljust(width) for s in self.spaces[i:i + length]]
            i += length
            pad = " " * ((max(ROW_LENGTHS) - length) * (width + 1) // 2)
            lines.append((pad + " ".join(toks)).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


def parse_hyve(text: str, where: str = "hyve") -> HyveGrid:
    """Read the text form of one hyve (see the module docstring).

    :raises InvalidInputError: naming the line (and token) that is wrong, e.g.
        ``hyve line 3 token 2: got 'q?', expected a colour letter …``.
    """
    lines = [(n, ln.split("#", 1)[0].strip()) for n, ln in enumerate(str(text).splitlines(), 1)]
    lines = [(n, ln) for n, ln in lines if ln]
    if len(lines) != len(ROW_LENGTHS):
        raise InvalidInputError(where, f"{len(lines)} lines", f"{len(ROW_LENGTHS)} lines of "
                                f"{', '.join(map(str, ROW_LENGTHS))} tokens ({TOKENS_HELP})")
    spaces: list[Space] = []
    first_kind: dict[str, str] = {}
    for row, (n, ln) in enumerate(lines):
        tokens = ln.split()
        if len(tokens) != ROW_LENGTHS[row]:
            rows = ", ".join(map(str, ROW_LENGTHS))
            raise InvalidInputError(f"{where} line {n}", ln, f"{ROW_LENGTHS[row]} tokens for row "
                                    f"{ROW_NAMES[row]} (rows of {rows})")
        for k, tok in enumerate(tokens, 1):
            field = f"{where} line {n} token {k}"
            space = parse_token(tok, field)
            if space.kind == NECTAR:
                kind = "die values" if digits(space.variety) else "colour letters"
                first_kind.setdefault(kind, f"line {n} token {k}")
                if len(first_kind) == 2:
                    other = "colour letters" if kind == "die values" else "die values"
                    raise InvalidInputError(field, tok, f"{other} like the nectar at "
                                            f"{first_kind[other]}: write nectar either as die "
                                            "values 1-5 or as colour letters, not both (a "
                                            "letter and a number could be the same variety)")
            spaces.append(space)
    return HyveGrid(tuple(spaces))


# --- scoring -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class VarietyScore:
    """One nectar variety: its ``hexes`` and the ``counted`` ones (no neighbour of another
    variety); ``ignored`` when none counts (the rulebook: "ignore that Nectar instead")."""

    variety: str
    hexes: int
    counted: int
    counted_cells: tuple[str, ...]

    @property
    def ignored(self) -> bool:
        """A variety with no counted hex is ignored (Gather Nectar)."""
        return self.counted == 0


@dataclass(frozen=True)
class HyveScore:
    """The score of one completed hyve.

    :ivar varieties: per variety, most counted first.
    :ivar product: the product of the counted numbers, zeros ignored (1 when every variety is
        ignored, 0 when the hyve has no nectar: ruling H13).
    :ivar total: HP gained: ``product``, or :data:`DEEP_STORES_MINIMUM` with Deep Stores.
    :ivar excised: the cell crossed out with Excisor, and what it held.
    :ivar inert: empty spaces counted as inert (Bee Builder).
    """

    varieties: tuple[VarietyScore, ...]
    product: int
    total: int
    deep_stores: bool = False
    excised: str | None = None
    excised_space: Space | None = None
    inert: int = 0

    @property
    def factors(self) -> tuple[int, ...]:
        """The numbers multiplied, largest first (``(4, 4, 1)``)."""
        return tuple(sorted((v.counted for v in self.varieties if v.counted), reverse=True))

    @property
    def deep_stores_applied(self) -> bool:
        """Whether Deep Stores raised the score to its minimum."""
        return self.deep_stores and self.total > self.product

    def equation(self) -> str:
        """``"4 × 4 × 1 = 16 HP"``; ``"2 × 2 = 4 HP → 6 HP (Deep Stores minimum)"``."""
        if not self.varieties:
            text = f"no Nectar = {self.product} HP"
        elif not self.factors:
            text = f"every Nectar variety ignored = {self.product} HP"
        else:
            text = " × ".join(map(str, self.factors)) + f" = {self.product} HP"
        if self.deep_stores_applied:
            text += f" → {self.total} HP (Deep Stores minimum)"
        return text

    def to_dict(self) -> dict:
        """The score as ``hyve score-hyve --json`` prints it."""
        return {"varieties": [{"variety": v.variety, "hexes": v.hexes, "counted": v.counted,
                               "counted_cells": list(v.counted_cells), "ignored": v.ignored}
                              for v in self.varieties],
                "factors": list(self.factors), "product": self.product, "total": self.total,
                "deep_stores": self.deep_stores, "deep_stores_applied": self.deep_stores_applied,
                "excised": self.excised,
                "excised_token": None if self.excised_space is None
                else self.excised_space.token(),
                "inert": self.inert, "equation": self.equation()}


def check_complete(grid: HyveGrid, inert_empty: bool = False) -> None:
    """Only a completed hyve is scored ("Whenever you complete a hyve score it"; a hyve is
    completed when all its spaces are occupied, Turn Structure).

    :raises IllegalActionError: an empty space, unless ``inert_empty`` (Bee Builder's unbuilt
        spaces are "inert, colorless hexes").
    """
    if inert_empty or not grid.empty:
        return
    cells = [cell_name(h) for h in grid.empty]
    raise IllegalActionError(
        R_SCORE, f"the hyve is not completed: {len(cells)} empty space"
        f"{'s' if len(cells) > 1 else ''} ({', '.join(cells)}); only a completed hyve is scored",
        expected="every space occupied", given=f"{len(cells)} empty",
        hint="in Bee Builder, unbuilt spaces are inert, colourless hexes: score it as a Bee "
             "Builder hyve (--builder)")


def counted_hexes(grid: HyveGrid, variety: str) -> tuple[Hex, ...]:
    """The hexes of ``variety`` with no neighbour holding a nectar of another variety (ruling
    H11); colourless neighbours (larva, crossed-out, X, inert) never spoil a hex."""
    out = []
    for h, s in grid.items():
        if s.kind != NECTAR or s.variety != variety:
            continue
        q, r = h
        touching = False
        for dq, dr in AXIAL_NEIGHBOURS:
            n = (q + dq, r + dr)
            if n in _INDEX:
                other = grid[n]
                if other.kind == NECTAR and other.variety != variety:
                    touching = True
                    break
        if not touching:
            out.append(h)
    return tuple(out)


def score_hyve(grid: HyveGrid, *, deep_stores: bool = False, excise: Hex | str | None = None,
               inert_empty: bool = False) -> HyveScore:
    """Score a completed hyve (Gather Nectar).

    :param deep_stores: the Deep Stores perk: at least 6 HP.
    :param excise: the Excisor perk: the hex the player crosses out before scoring (a name like
        ``"C3"``, axial ``(q, r)``); it becomes colourless.
    :param inert_empty: Bee Builder: empty spaces are inert, colourless hexes.
    :raises IllegalActionError: the hyve has an empty space (and ``inert_empty`` is off).
    :raises InvalidInputError: ``excise`` is not a hex of the hyve.
    """
    check_complete(grid, inert_empty)
    excised_name, excised_space = None, None
    if excise is not None:
        h = parse_cell(excise, "excise") if isinstance(excise, str) else excise
        if h not in _INDEX:
            raise InvalidInputError("excise", excise, f"a hex of the radius-{RADIUS} hyve")
        excised_name, excised_space = cell_name(h), grid[h]
        if excised_space.kind != EMPTY:
            grid = grid.replace(h, CROSSED)
    scores = []
    for v in grid.varieties:
        hexes = sum(1 for s in grid.spaces if s.kind == NECTAR and s.variety == v)
        counted = counted_hexes(grid, v)
        scores.append(VarietyScore(v, hexes, len(counted), tuple(map(cell_name, counted))))
    scores.sort(key=lambda s: (-s.counted, -s.hexes, s.variety))
    factors = [s.counted for s in scores if s.counted]
    product = prod(factors)          # ruling H13: nothing left to multiply is the empty product 1
    total = max(product, DEEP_STORES_MINIMUM) if deep_stores else product
    return HyveScore(tuple(scores), product, total, deep_stores, excised_name, excised_space,
                     inert=len(grid.empty) if inert_empty else 0)


def best_excision(grid: HyveGrid, *, inert_empty: bool = False) -> tuple[str | None, int]:
    """The Excisor choice that scores most: ``(cell, product)``; ``(None, product)`` when no
    cross-out improves the score (the perk says "may")."""
    check_complete(grid, inert_empty)
    best_cell, best = None, score_hyve(grid, inert_empty=inert_empty).product
    for h, s in grid.items():
        if s.kind != NECTAR:
            continue
        p = score_hyve(grid, excise=h, inert_empty=inert_empty).product
        if p > best:
            best_cell, best = cell_name(h), p
    return best_cell, best


def check_claim(score: HyveScore, claimed: int) -> None:
    """:raises IllegalActionError: ``claimed`` differs from ``score.total``, naming the rule
    and the right value."""
    if claimed != score.total:
        raise IllegalActionError(R_SCORE, f"claimed {claimed} HP, the rules give "
                                 f"{score.total}: {score.equation()}",
                                 expected=score.total, given=claimed)
