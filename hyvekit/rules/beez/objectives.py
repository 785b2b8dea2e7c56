"""Beez objective cards and final scoring (rules/beez.txt, Game End and Scoring example).

The rulebook shows only the five cards of its scoring example; the box's other cards are not in
it.  So a card is described in data (the packaged ``beez.toml``, or a player's own file of the
same shape) from a few primitives, its ``kind``:

* ``rows-filled``: every row with a label (``label = "4/5"``: both "4/5" rows) or the rows
  named (``rows = ["A", "E"]``) filled → a fixed number of drops;
* ``row-filled``: the middle row filled → a fixed number of drops (value assumed);
* ``per-colour``: drops per different colour in the honeycomb;
* ``line-of-different-colours``: drops per straight line (horizontal or diagonal) of
  ``length`` adjacent nectar of as many different colours;
* ``same-colour-shape``: drops per ``shape`` (chambers as drawn on the honeycomb, counted
  anywhere, turned or mirrored unless ``rotate = false``) of nectar of one colour (the bow of
  the scoring example is one; its shape is assumed);
* ``count-of-colour``: drops per nectar of ``colour``;
* ``manual``: a card whose value the player counted by hand (``manual: "Card name" = 7``);
* ``by-hand``: a card of the player's file without a description (no ``kind``): its value is
  entered by hand when the game is scored.

"Each nectar may only be scored once per objective card. However, a nectar can be used to score
more than once on different objective cards" (Game End): the line and bow scorers count the
largest set of lines/bows that share no nectar; different cards are scored independently.

Units: honey drops (whole), chambers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from hyvekit.rules.beez.honeycomb import (
    ALL_CHAMBERS,
    LINE_DIRECTIONS,
    ROW_LENGTHS,
    ROW_NAMES,
    Chamber,
    Honeycomb,
    Layout,
    Palette,
    chamber_at,
    parse_chamber,
    parse_honeycomb,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted, require_int
from hyvekit.rules.validate import require_table
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

R_SCORING = "Beez: Game End — scoring"
COMMON_OBJECTIVES = 3   # Setup 4: "these three cards are the common objectives"
SECRET_OBJECTIVES = 2   # Setup 4: "choose two cards to keep ... as your secret objectives"
KINDS = ("rows-filled", "row-filled", "per-colour", "line-of-different-colours",
         "same-colour-shape", "count-of-colour", "manual", "by-hand")
#: the kinds whose honey drops are a value counted by the player
BY_HAND = ("manual", "by-hand")
_OBJECTIVE_KEYS = {"id", "name", "kind", "honey", "source", "assumed", "reasoning", "label",
                   "length", "shape_assumed", "shape_reasoning", "rows", "shape", "rotate",
                   "colour", "text"}
#: the keys each kind needs beside ``honey`` (``by-hand`` needs none, not even honey)
_NEEDS = {"line-of-different-colours": ("length",), "same-colour-shape": ("shape",),
          "count-of-colour": ("colour",)}
MAX_HONEY = 99


@dataclass(frozen=True)
class Objective:
    """One objective card.

    :ivar honey: honey drops: the whole card (rows, middle, manual) or per unit (per colour,
        per line, per bow).
    :ivar assumed: the honey value is hyvekit's own, not the rulebook's.
    :ivar shape_assumed: what the card asks for (a bow's shape) is hyvekit's reading.
    :ivar label: ``rows-filled``: the row label whose rows must all be filled.
    :ivar rows: ``rows-filled``: the rows (``"A"``–``"E"``) that must all be filled.
    :ivar length: ``line-of-different-colours``: chambers in the line.
    :ivar shape: ``same-colour-shape``: the shape's chambers as drawn (``("C4", "C3", "D2")``).
    :ivar rotate: ``same-colour-shape``: the shape counts turned and mirrored too.
    :ivar colour: ``count-of-colour``: the colour counted.
    :ivar text: what the card shows, as the player wrote it (a card without a description).
    """

    id: str
    name: str
    kind: str
    honey: int | None
    source: str = ""
    assumed: bool = False
    shape_assumed: bool = False
    label: str | None = None
    length: int = 3
    rows: tuple[str, ...] = ()
    shape: tuple[str, ...] = ()
    rotate: bool = True
    colour: str | None = None
    text: str = ""

    @property
    def described(self) -> bool:
        """Whether hyvekit scores the card (False: its value is entered by hand)."""
        return self.kind != "by-hand"

    def token(self) -> str:
        """The card as written in a score file, ``--common``/``--secret`` and the table's
        steps: its id, or ``manual: "Name" = 7`` for a card counted by hand."""
        return self.id if self.kind != "manual" else f'manual: "{self.name}" = {self.honey}'

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Objective:
        """Build an objective from a ``[[objective]]`` table.

        :raises InvalidInputError: unknown key (with the accepted ones), unknown kind, bad value.
        """
        require_table("objective", raw, _OBJECTIVE_KEYS)
        if not isinstance(raw.get("id"), str) or not _ID.fullmatch(raw["id"]):
            raise InvalidInputError("objective id", raw.get("id"), "lower-case letters, digits "
                                    "and hyphens, e.g. 'queen-cup'")
        cid = raw["id"]
        kind = str(raw.get("kind", "by-hand"))
        if kind not in KINDS or kind == "manual":
            raise InvalidInputError(f"objective {cid}: kind", kind, "one of " + ", ".join(
                k for k in KINDS if k != "manual") + " (none: its value is entered by hand)")
        for key in _NEEDS.get(kind, ()):
            if key not in raw:
                raise InvalidInputError(f"objective {cid}", f"no {key}",
                                        f"a {key} for a {kind} card")
        if kind == "rows-filled" and ("label" in raw) == ("rows" in raw):
            raise InvalidInputError(f"objective {cid}", "label and rows" if "label" in raw
                                    else "neither label nor rows",
                                    "either label = '4/5' or rows = ['A', 'E']")
        honey = None if kind == "by-hand" else require_int(f"objective {cid}: honey",
                                                           raw.get("honey"), 0, MAX_HONEY)
        rows = tuple(_row_letter(f"objective {cid}: rows", r) for r in raw.get("rows", ()))
        shape = tuple(str(parse_chamber(ch)) for ch in raw.get("shape", ()))
        if kind == "same-colour-shape" and len(set(shape)) < 2:
            raise InvalidInputError(f"objective {cid}: shape", list(shape),
                                    "two or more different chambers, e.g. ['C4', 'C3', 'D2']")
        return cls(id=cid, name=str(raw.get("name", cid)), kind=kind, honey=honey,
                   source=str(raw.get("source", "")),
                   assumed=bool(raw.get("assumed", "source" not in raw and honey is not None)),
                   shape_assumed=bool(raw.get("shape_assumed", False)),
                   label=raw.get("label"),
                   length=require_int(f"objective {cid}: length", raw.get("length", 3), 2, 5),
                   rows=rows, shape=shape, rotate=bool(raw.get("rotate", True)),
                   colour=None if raw.get("colour") is None else str(raw["colour"]).lower(),
                   text=str(raw.get("text", "")))


_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def _row_letter(field: str, value: Any) -> str:
    t = str(value).strip().upper()
    if len(t) != 1 or t not in ROW_NAMES:
        raise InvalidInputError(field, value, "row letters A-E (top to bottom)")
    return t


def manual(name: str, honey: int) -> Objective:
    """A card whose honey drops the player counted by hand."""
    name = str(name).strip()
    if not name or len(name) > 40 or '"' in name:
        raise InvalidInputError("manual objective name", name, "1 to 40 characters, no '\"'")
    return Objective(id="manual", name=name, kind="manual",
                     honey=require_int(f"manual objective {name!r}", honey, 0, MAX_HONEY),
                     source="entered by hand")


def valued(card: Objective, honey: int) -> Objective:
    """A card without a description (``by-hand``) with the honey drops the player counted.

    :raises InvalidInputError: honey outside 0–99.
    """
    return Objective(id=card.id, name=card.name, kind="manual",
                     honey=require_int(f"{card.id} honey drops", honey, 0, MAX_HONEY),
                     source="entered by hand")


def objectives_from_table(rows: Sequence[dict[str, Any]],
                          colours: Sequence[str] = ()) -> dict[str, Objective]:
    """The card library by id from ``[[objective]]`` rows (``beez.toml`` or a player's file of
    the same shape; see :meth:`Objective.from_dict`).

    :param colours: the nectar colours a ``count-of-colour`` card may name (unchecked if none).
    :raises InvalidInputError: a malformed row, an id used twice, an unknown colour.
    """
    out: dict[str, Objective] = {}
    if not isinstance(rows, list):
        raise InvalidInputError("[[objective]] tables", rows, "a list of objective cards")
    for r in rows:
        o = Objective.from_dict(r)
        if o.id in out:
            raise InvalidInputError("objective id", f"{o.id} twice", "one card per id")
        if colours and o.colour is not None and o.colour not in colours:
            raise not_one_of(f"objective {o.id}: colour", o.colour, colours)
        out[o.id] = o
    return out


_MANUAL = re.compile(r"""^manual\s*:\s*(?:"([^"]+)"|'([^']+)'|([^=]+?))\s*=\s*(\S+)\s*$""",
                     re.IGNORECASE)


def parse_objective(spec: Any, library: dict[str, Objective], where: str = "objective") -> Objective:
    """A card from its id (``"bow"``), its name, ``manual: "Card name" = 7``, or the table
    ``{ manual = "Card name", honey = 7 }``.

    :raises InvalidInputError: unknown card (listing the accepted ids and the manual form).
    """
    allowed = ("one of " + ", ".join(library) + ', or manual: "Card name" = HONEY')
    if isinstance(spec, dict):
        if set(spec) == {"manual", "honey"}:
            return manual(spec["manual"], spec["honey"])
        raise InvalidInputError(where, spec, allowed)
    text = str(spec).strip()
    m = _MANUAL.match(text)
    if m:
        name = next(g for g in m.groups()[:3] if g)
        return manual(name.strip(), require_int(f"{where} {name.strip()!r} honey", m.group(4),
                                                0, 99))
    key = "-".join(text.lower().replace("_", " ").replace("-", " ").split())
    for o in library.values():
        if key in (o.id, "-".join(o.name.lower().split())):
            return o
    raise InvalidInputError(where, text, allowed)


# --- scorers --------------------------------------------------------------------------------

@dataclass(frozen=True)
class ObjectiveScore:
    """Honey drops one card gives one honeycomb.

    :ivar groups: the nectar (chambers) behind each scored unit; no chamber is in two groups
        (a nectar counts once per card).
    :ivar assumptions: what the result depends on that the rulebook does not give.
    """

    objective: Objective
    honey: int
    detail: str
    groups: tuple[tuple[Chamber, ...], ...] = ()
    assumptions: tuple[str, ...] = ()


def _run(start: Chamber, d: tuple[int, int], length: int) -> tuple[Chamber, ...] | None:
    q, r = start.axial
    out = []
    for k in range(length):
        c = chamber_at(q + d[0] * k, r + d[1] * k)
        if c is None:
            return None
        out.append(c)
    return tuple(out)


@cache
def straight_lines(length: int = 3) -> tuple[tuple[Chamber, ...], ...]:
    """Every run of ``length`` adjacent chambers in one of the three straight directions."""
    return tuple(run for c in ALL_CHAMBERS for d in LINE_DIRECTIONS
                 if (run := _run(c, d, length)) is not None)


def _turns(cells: Sequence[tuple[int, int]], rotate: bool
           ) -> list[tuple[tuple[int, int], ...]]:
    """The shape's axial cells turned by 60° steps and mirrored (only as drawn without
    ``rotate``), each relative to its first cell."""
    out = []
    for mirror in ((False, True) if rotate else (False,)):
        pts = [(q, -q - r) if mirror else (q, r) for q, r in cells]
        for _ in range(6 if rotate else 1):
            q0, r0 = pts[0]
            out.append(tuple((q - q0, r - r0) for q, r in pts))
            pts = [(-r, q + r) for q, r in pts]
    return out


@cache
def shape_placements(shape: tuple[str, ...], rotate: bool = True
                     ) -> tuple[tuple[Chamber, ...], ...]:
    """Every place on the honeycomb a ``shape`` (chamber names as drawn, ``("C4", "C3",
    "D2")``) fits, moved anywhere and, with ``rotate``, turned and mirrored; each placement's
    chambers in the shape's order, each set of chambers once."""
    cells = [parse_chamber(ch).axial for ch in shape]
    seen: set[frozenset[Chamber]] = set()
    out = []
    for turned in _turns(cells, rotate):
        for anchor in ALL_CHAMBERS:
            q, r = anchor.axial
            placed = [chamber_at(q + dq, r + dr) for dq, dr in turned]
            if None in placed or frozenset(placed) in seen:
                continue
            seen.add(frozenset(placed))             # type: ignore[arg-type]
            out.append(tuple(placed))               # type: ignore[arg-type]
    return tuple(out)


def max_disjoint(candidates: Sequence[tuple[Chamber, ...]]) -> tuple[tuple[Chamber, ...], ...]:
    """The largest set of candidate groups sharing no chamber (exact search; the honeycomb is
    small).  Ties go to the groups found first in reading order."""
    masks = [(sum(1 << c.index for c in g), min(c.index for c in g), g) for g in candidates]
    by_first: dict[int, list[tuple[int, tuple[Chamber, ...]]]] = {}
    for mask, first, g in masks:
        by_first.setdefault(first, []).append((mask, g))

    @cache
    def best(i: int, used: int) -> tuple[tuple[Chamber, ...], ...]:
        if i >= len(ALL_CHAMBERS):
            return ()
        result = best(i + 1, used)
        if not used >> i & 1:
            for mask, g in by_first.get(i, ()):
                if not mask & used:
                    option = (g, *best(i + 1, used | mask))
                    if len(option) > len(result):
                        result = option
        return result

    return best(0, 0)


def _fmt(group: Sequence[Chamber]) -> str:
    return "-".join(map(str, group))


def objective_rows(o: Objective, layout: Layout) -> tuple[int, ...]:
    """The rows (0-4) a ``rows-filled`` or ``row-filled`` card asks to fill: the rows it
    names, the rows of its label, or the middle of the honeycomb.

    :raises InvalidInputError: a ``rows-filled`` card whose label no row of the layout has.
    """
    if o.kind == "rows-filled" and o.rows:
        return tuple(ROW_NAMES.index(x) for x in o.rows)
    if o.kind == "rows-filled":
        rows = layout.rows_labelled(str(o.label))
        if not rows:
            raise InvalidInputError(f"objective {o.id}", f"label {o.label!r}",
                                    f"a layout with a row labelled {o.label!r} (the layout "
                                    f"has {', '.join(layout.labels)})")
        return rows
    return (layout.middle_row,)


def score_objective(objective: Objective, honeycomb: Honeycomb) -> ObjectiveScore:
    """Honey drops ``objective`` gives ``honeycomb`` (Game End, Scoring example).

    :raises InvalidInputError: a ``rows-filled`` card whose label no row of the layout has.
    """
    hc, layout, o = honeycomb, honeycomb.layout, objective
    notes: list[str] = []
    if o.assumed:
        notes.append(f"the value {o.honey} of '{o.name}' is hyvekit's assumption")
    if o.kind == "manual":
        return ObjectiveScore(o, o.honey, "entered by hand")
    if o.kind in ("rows-filled", "row-filled"):
        rows = objective_rows(o, layout)
        if o.kind == "rows-filled" and not o.rows:
            if any(r in layout.assumed_rows for r in rows):
                notes.append(f"the rows labelled {o.label} are hyvekit's assumption")
        elif o.kind == "row-filled":
            if layout.middle_assumed:
                notes.append("reading 'the middle of the honeycomb' as row "
                             f"{ROW_NAMES[layout.middle_row]} is hyvekit's assumption")
        names = ", ".join(f"row {ROW_NAMES[r]}" for r in rows)
        if all(hc.row_full(r) for r in rows):
            group = tuple(Chamber(r, p) for r in rows for p in range(ROW_LENGTHS[r]))
            return ObjectiveScore(o, o.honey, f"{names} filled", (group,), tuple(notes))
        empty = [str(Chamber(r, p)) for r in rows for p in range(ROW_LENGTHS[r])
                 if hc[Chamber(r, p)] is None]
        return ObjectiveScore(o, 0, f"{names} not filled (empty: {', '.join(empty)})", (),
                              tuple(notes))
    if o.kind == "per-colour":
        first: dict[str, Chamber] = {}
        for c, n in hc.stored():
            first.setdefault(n.colour, c)
        groups = tuple((c,) for c in first.values())
        return ObjectiveScore(o, o.honey * len(groups),
                              f"{counted(len(groups), 'colour')} ({', '.join(first)}) × {o.honey}",
                              groups, tuple(notes))
    if o.kind == "line-of-different-colours":
        lines = straight_lines(o.length)
        cands = [ln for ln in lines
                 if all(hc[c] is not None for c in ln)
                 and len({hc[c].colour for c in ln}) == len(ln)]
        chosen = max_disjoint(cands)
        detail = (f"{counted(len(chosen), 'line')} × {o.honey}"
                  + (f" ({', '.join(map(_fmt, chosen))})" if chosen else ""))
        return ObjectiveScore(o, o.honey * len(chosen), detail, chosen, tuple(notes))
    if o.kind == "same-colour-shape":
        if o.shape_assumed:
            notes.append(f"the shape of '{o.name}' is hyvekit's assumption")
        cands = [b for b in shape_placements(o.shape, o.rotate)
                 if all(hc[c] is not None for c in b)
                 and len({hc[c].colour for c in b}) == 1]
        chosen = max_disjoint(cands)
        detail = (f"{len(chosen)} × {o.honey}"
                  + (f" ({', '.join(f'{hc[b[0]].colour} {_fmt(b)}' for b in chosen)})"
                     if chosen else ""))
        return ObjectiveScore(o, o.honey * len(chosen), detail, chosen, tuple(notes))
    if o.kind == "count-of-colour":
        groups = tuple((c,) for c, n in hc.stored() if n.colour == o.colour)
        return ObjectiveScore(o, o.honey * len(groups),
                              f"{len(groups)} {o.colour} nectar × {o.honey}", groups,
                              tuple(notes))
    if o.kind == "by-hand":
        raise InvalidInputError(f"objective {o.id}", "no value",
                                f"the honey drops of '{o.name}' counted by hand (the card has "
                                f"no description): manual: \"{o.name}\" = HONEY")
    raise not_one_of("objective kind", o.kind, KINDS)


# --- players and the winner -----------------------------------------------------------------

@dataclass(frozen=True)
class PlayerScore:
    """A player's final score: one :class:`ObjectiveScore` per card (common first)."""

    name: str
    honeycomb: Honeycomb
    scores: tuple[ObjectiveScore, ...]
    claimed: int | None = None

    @property
    def total(self) -> int:
        """Honey drops."""
        return sum(s.honey for s in self.scores)

    @property
    def large_nectar(self) -> int:
        """Large nectar in the honeycomb (the tie-breaker)."""
        return self.honeycomb.large_count

    @property
    def assumptions(self) -> tuple[str, ...]:
        """The assumptions the player's scores rest on, each once."""
        return tuple(dict.fromkeys(a for s in self.scores for a in s.assumptions))


def score_player(name: str, honeycomb: Honeycomb, objectives: Sequence[Objective],
                 claimed: int | None = None) -> PlayerScore:
    """Score every card of a player (Game End: "add up the honey drops you have made for the
    three common objectives and your own secret objectives")."""
    return PlayerScore(name, honeycomb, tuple(score_objective(o, honeycomb) for o in objectives),
                       claimed)


@dataclass(frozen=True)
class Outcome:
    """Who won: ``winners`` (several when the victory is shared) and whether the large-nectar
    tie-breaker decided it."""

    winners: tuple[str, ...]
    tie_broken: bool = False

    @property
    def shared(self) -> bool:
        """Whether the victory is shared."""
        return len(self.winners) > 1


def winners(players: Sequence[PlayerScore]) -> Outcome:
    """Game End: most honey drops wins; a tie goes to the tied player with more large nectar;
    still tied, the tied players share the victory."""
    if not players:
        return Outcome(())
    top = max(p.total for p in players)
    tied = [p for p in players if p.total == top]
    if len(tied) == 1:
        return Outcome((tied[0].name,))
    most = max(p.large_nectar for p in tied)
    best = tuple(p.name for p in tied if p.large_nectar == most)
    return Outcome(best, tie_broken=True)


# --- the score sheet (several players) --------------------------------------------------------

_SHEET_KEYS = {"title", "common", "player"}


def card_key(card: Objective) -> str:
    """What makes two cards the same card: the id; a card counted by hand, its name."""
    return card.id if card.id != "manual" else "manual: " + " ".join(card.name.lower().split())


def _one_per_pile(field: str, cards: tuple[Objective, ...], why: str) -> None:
    """Cards dealt one from each pile are different cards (ruling B18).

    :raises InvalidInputError: the same card twice.
    """
    seen: set[str] = set()
    for card in cards:
        if card_key(card) in seen:
            raise InvalidInputError(field, f"{card.token()} twice", f"different cards: {why}")
        seen.add(card_key(card))


def check_player_cards(player: str, common: Sequence[Objective],
                       secret: Sequence[Objective]) -> None:
    """A player's five cards are five different cards (Setup 4; rulings B18, B19): the three
    common cards are three, the two secret cards two, and no secret card is a common one — the
    common cards are drawn and laid face up before the players draw theirs, so a card counts
    once for a player, never as a common and a secret objective.

    :raises InvalidInputError: a card named twice, naming it and where.
    """
    _one_per_pile("common", tuple(common), "the top card of each of the three piles (Setup 4)")
    field = f"player {player!r} objectives"
    _one_per_pile(field, tuple(secret),
                  "two of the three cards drawn, one from each pile (Setup 4)")
    shared = {card_key(c) for c in common}
    for card in secret:
        if card_key(card) in shared:
            raise InvalidInputError(field, f"{card.token()} (a common objective)",
                                    "secret cards that are not common cards: the common cards "
                                    "lie face up before the players draw theirs (Setup 4), and "
                                    "a card scores once (ruling B19)")


_PLAYER_KEYS = {"name", "honeycomb", "objectives", "claimed"}


@dataclass(frozen=True)
class ScoreSheet:
    """A finished game to score: the common cards and each player's honeycomb and secret
    cards, players in turn order from the start player."""

    title: str
    common: tuple[Objective, ...]
    players: tuple[tuple[str, Honeycomb, tuple[Objective, ...], int | None], ...]

    def score(self) -> tuple[tuple[PlayerScore, ...], Outcome]:
        """Each player scored, and the outcome."""
        scored = tuple(score_player(name, hc, self.common + secret, claimed)
                       for name, hc, secret, claimed in self.players)
        return scored, winners(scored)


def parse_score_sheet(raw: dict[str, Any], layout: Layout, palette: Palette,
                      library: dict[str, Objective]) -> ScoreSheet:
    """Read a score file (already parsed from TOML) into a :class:`ScoreSheet`.

    Shape: ``common = [3 cards]`` and one ``[[player]]`` table per player with ``name``,
    ``honeycomb`` (the text honeycomb), ``objectives = [2 secret cards]`` and optional
    ``claimed`` (honey drops the player counted, checked).

    :raises InvalidInputError: unknown key (with the accepted keys), a bad honeycomb (line and
        token), an unknown card, not 3 common / 2 secret cards, more nectar of a colour and size
        than the game has (Contents), two players with one name.
    """
    require_table("score file", raw, _SHEET_KEYS)
    common_raw = raw.get("common", [])
    if not isinstance(common_raw, list) or len(common_raw) != COMMON_OBJECTIVES:
        raise InvalidInputError("common", common_raw,
                                f"a list of the {COMMON_OBJECTIVES} common objective cards")
    common = tuple(parse_objective(s, library, f"common objective {i}")
                   for i, s in enumerate(common_raw, 1))
    check_player_cards("", common, ())
    players_raw = raw.get("player")
    if not isinstance(players_raw, list) or not 1 <= len(players_raw) <= 4:
        raise InvalidInputError("[[player]] tables", players_raw if not isinstance(
            players_raw, list) else len(players_raw), "1 to 4 players")
    players = []
    for i, p in enumerate(players_raw, 1):
        if not isinstance(p, dict):
            raise InvalidInputError(f"player {i}", p, "a [[player]] table")
        require_table(f"player {i}", p, _PLAYER_KEYS)
        name = str(p.get("name", f"player {i}")).strip()
        if not name or len(name) > 40:
            raise InvalidInputError(f"player {i} name", name, "1 to 40 characters")
        if name in [q[0] for q in players]:
            raise InvalidInputError(f"player {i} name", name, "a name no other player has")
        if "honeycomb" not in p:
            raise InvalidInputError(f"player {name!r}", "no honeycomb",
                                    "a honeycomb = '''...''' of 5 lines")
        hc = parse_honeycomb(p["honeycomb"], layout, palette, f"player {name!r} honeycomb")
        secret_raw = p.get("objectives", [])
        if not isinstance(secret_raw, list) or len(secret_raw) != SECRET_OBJECTIVES:
            raise InvalidInputError(f"player {name!r} objectives", secret_raw,
                                    f"a list of the player's {SECRET_OBJECTIVES} secret "
                                    "objective cards")
        secret = tuple(parse_objective(s, library, f"player {name!r} objective")
                       for s in secret_raw)
        check_player_cards(name, common, secret)
        for card in common + secret:
            if not card.described:
                raise InvalidInputError(f"player {name!r} objective {card.id}", "no value",
                                        f'its honey drops counted by hand: manual: '
                                        f'"{card.name}" = HONEY (the card has no description)')
        claimed = p.get("claimed")
        if claimed is not None:
            claimed = require_int(f"player {name!r} claimed", claimed, 0, 999)
        players.append((name, hc, secret, claimed))
    check_components([(n, hc) for n, hc, _, _ in players], palette)
    return ScoreSheet(str(raw.get("title", "Beez")), common, tuple(players))


def check_components(boards: Sequence[tuple[str, Honeycomb]], palette: Palette) -> None:
    """Refuse more nectar of one colour and size than the game has (Contents: 9 small and 2
    large per colour), counted over all honeycombs.

    :raises InvalidInputError: naming the colour, size and count.
    """
    for colour in palette.colours:
        for large, limit in ((True, palette.large_per_colour), (False, palette.small_per_colour)):
            count = sum(1 for _, hc in boards for _, n in hc.stored()
                        if n.colour == colour.name and n.large == large)
            if count > limit:
                size = "large" if large else "small"
                raise InvalidInputError(f"{size} {colour.name} nectar", count,
                                        f"at most {limit} over all honeycombs (the game has "
                                        f"{limit} {size} {colour.name} nectar)")


def check_claims(players: Sequence[PlayerScore]) -> None:
    """Raise when a player's claimed total differs from the rules' total.

    :raises IllegalActionError: ``R_SCORING``, naming the player, the claim and the total.
    """
    wrong = [p for p in players if p.claimed is not None and p.claimed != p.total]
    if wrong:
        p = wrong[0]
        raise IllegalActionError(R_SCORING, f"{p.name} claimed {p.claimed} honey drops, the "
                                 f"cards give {p.total}", expected=p.total, given=p.claimed)
