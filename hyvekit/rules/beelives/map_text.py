"""The Bee Lives map as plain JSON (:func:`to_dict` / :func:`from_dict`) and as text rows of
hexes (:func:`to_text` / :func:`from_text`, see docs/beelives-map.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from hyvekit.rules.beelives.hexgrid import Coord
from hyvekit.rules.beelives.map_tiles import (
    DARK_MARKS,
    TEXT_HEADER,
    TILE_LETTERS,
    BeeMap,
    MapHive,
    Tile,
    Workers,
    validate_map,
)
from hyvekit.rules.common import InvalidInputError, require_int


def to_dict(m: BeeMap) -> dict[str, Any]:
    """Plain JSON: ``{"tiles": [{"q", "r", "type", "dark"?}], "hives": [{"name", "kind", "q",
    "r", "dark"?}], "workers": [{"q", "r", "hive", "count"}]}``."""
    def opt(d: dict[str, Any], dark: str | None) -> dict[str, Any]:
        return {**d, "dark": dark} if dark else d

    return {
        "tiles": [opt({"q": c[0], "r": c[1], "type": t.type}, t.dark) for c, t in m.tiles],
        "hives": [opt({"name": h.name, "kind": h.kind, "q": h.at[0], "r": h.at[1]}, h.dark)
                  for h in m.hives],
        "workers": [{"q": w.at[0], "r": w.at[1], "hive": w.hive, "count": w.count}
                    for w in m.workers],
    }


def from_dict(raw: object) -> BeeMap:
    """Read :func:`to_dict`'s shape.

    :raises InvalidInputError: not that shape, or a map that is not well formed.
    """
    if not isinstance(raw, Mapping):
        raise InvalidInputError("map", raw, "an object with tiles, hives and workers")
    unknown = set(raw) - {"tiles", "hives", "workers"}
    if unknown:
        raise InvalidInputError("map key", sorted(unknown)[0], "tiles, hives, workers")

    def items(key: str) -> list[Mapping[str, Any]]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            raise InvalidInputError(key, value, "a list of objects")
        return value

    def coord(d: Mapping[str, Any], what: str) -> Coord:
        return (require_int(f"{what} q", d.get("q")), require_int(f"{what} r", d.get("r")))

    def text(d: Mapping[str, Any], key: str, what: str) -> str:
        v = d.get(key)
        if not isinstance(v, str):
            raise InvalidInputError(f"{what} {key}", v, "a string")
        return v

    def dark(d: Mapping[str, Any], what: str) -> str | None:
        v = d.get("dark")
        if v is not None and not isinstance(v, str):
            raise InvalidInputError(f"{what} dark", v, "a string or null")
        return v

    tiles = [(coord(d, "tile"), Tile(text(d, "type", "tile"), dark(d, "tile")))
             for d in items("tiles")]
    if len({c for c, _ in tiles}) != len(tiles):
        raise InvalidInputError("tiles", "a space twice", "one tile per space")
    hives = [MapHive(text(d, "name", "hive"), text(d, "kind", "hive"), coord(d, "hive"),
                     dark(d, "hive")) for d in items("hives")]
    workers = [Workers(coord(d, "workers"), text(d, "hive", "workers"),
                       require_int("workers count", d.get("count"), 1, 20))
               for d in items("workers")]
    return validate_map(BeeMap(tuple(tiles), tuple(hives), tuple(workers)))


def _markers(m: BeeMap) -> dict[str, str]:
    players = [h.name for h in m.hives if h.kind == "player"]
    wilds = [h.name for h in m.hives if h.kind == "wild"]
    if len(players) > 9 or len(wilds) > 26:
        raise InvalidInputError("hives", len(m.hives), "at most 9 player and 26 wild hives "
                                "for the text form")
    out = {n: str(i + 1) for i, n in enumerate(players)}
    out.update({n: chr(ord("a") + i) for i, n in enumerate(wilds)})
    return out


def to_text(m: BeeMap) -> str:
    """The readable text form (docs/beelives-map.md)::

        bee lives map: r=0 x=0 rows=2
        B.1 W..
          ~.. H.a
        hive 1 = player Susan
        hive a = wild ACORN
        workers 1,0 x1 1

    Each hex is three characters: tile letter (B bloom, W wilt, H harvest, ~ wet), dark side
    (. light, h haunted, i infected, x burnt), hive marker (. none, 1–9 players, a–z wild).
    Hexes of a row are four characters apart; each row down is shifted half a hex right
    (column = 2 × (2q + r − x)).
    """
    if not m.tiles:
        return TEXT_HEADER + ": empty\n"
    marks = _markers(m)
    rs = [c[1] for c, _ in m.tiles]
    r0, r1 = min(rs), max(rs)
    x0 = min(2 * c[0] + c[1] for c, _ in m.tiles)
    lines = [f"{TEXT_HEADER}: r={r0} x={x0} rows={r1 - r0 + 1}"]
    letters, darks = TILE_LETTERS, DARK_MARKS
    for r in range(r0, r1 + 1):
        line = ""
        for c, t in m.tiles:
            if c[1] != r:
                continue
            col = 2 * (2 * c[0] + c[1] - x0)
            h = m.hive_at(c)
            cell = letters[t.type] + (darks[t.dark] if t.dark else ".") + (
                marks[h.name] if h else ".")
            line = line.ljust(col) + cell
        lines.append(line)
    for h in m.hives:
        lines.append(f"hive {marks[h.name]} = {h.kind} {h.name}" + (f" ({h.dark})" if h.dark
                                                                    else ""))
    for w in m.workers:
        lines.append(f"workers {w.at[0]},{w.at[1]} x{w.count} {marks[w.hive]}")
    return "\n".join(lines) + "\n"


_HEADER = re.compile(r"^bee lives map: r=(-?\d+) x=(-?\d+) rows=(\d+)\s*$")


_LEGEND = re.compile(r"^hive (\S) = (player|wild) (.+?)(?: \((haunted|infected)\))?\s*$")


_WORKERS = re.compile(r"^workers (-?\d+),(-?\d+) x(\d+) (\S)\s*$")


def from_text(text: str) -> BeeMap:
    """Read :func:`to_text`'s form back (``from_text(to_text(m)) == m``).

    :raises InvalidInputError: a header, cell, legend or workers line that does not parse, a
        marker without a legend line (or the reverse), or a map that is not well formed.
    """
    if not isinstance(text, str):
        raise InvalidInputError("map text", text, "text")
    lines = text.splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    if lines and lines[0].strip() == TEXT_HEADER + ": empty":
        if any(line.strip() for line in lines[1:]):
            raise InvalidInputError("map text", lines[1], "nothing after an empty map")
        return BeeMap()
    head = _HEADER.match(lines[0]) if lines else None
    if not head:
        raise InvalidInputError("map text header", lines[0] if lines else "",
                                "'bee lives map: r=R x=X rows=N'")
    r0, x0, rows = int(head[1]), int(head[2]), int(head[3])
    if len(lines) < 1 + rows:
        raise InvalidInputError("map text", f"{len(lines) - 1} rows", f"{rows} rows of hexes")
    letter_to_type = {v: k for k, v in TILE_LETTERS.items()}
    mark_to_dark = {v: k for k, v in DARK_MARKS.items()}
    tiles: list[tuple[Coord, Tile]] = []
    at_marker: dict[str, Coord] = {}
    for i, line in enumerate(lines[1:1 + rows]):
        r = r0 + i
        col = 0
        while col < len(line):
            if line[col] == " ":
                col += 1
                continue
            cell = line[col:col + 3]
            where = f"map text row {i + 1} column {col + 1}"
            if len(cell) < 3 or " " in cell or col % 2:
                raise InvalidInputError(where, cell, "a three-character hex at an even column")
            x = x0 + col // 2
            if (x - r) % 2:
                raise InvalidInputError(where, cell, "a hex aligned with its row")
            q = (x - r) // 2
            if cell[0] not in letter_to_type:
                raise InvalidInputError(where, cell, "a tile letter B, W, H or ~ first")
            if cell[1] != "." and cell[1] not in mark_to_dark:
                raise InvalidInputError(where, cell, "a dark side mark ., h, i or x second")
            tiles.append(((q, r), Tile(letter_to_type[cell[0]], mark_to_dark.get(cell[1]))))
            if cell[2] != ".":
                if cell[2] in at_marker:
                    raise InvalidInputError(where, cell, "each hive marker once")
                at_marker[cell[2]] = (q, r)
            col += 3
    legend: dict[str, tuple[str, str, str | None]] = {}
    raw_workers: list[tuple[Coord, int, str]] = []
    for line in lines[1 + rows:]:
        if not line.strip():
            continue
        if mt := _LEGEND.match(line):
            if mt[1] in legend:
                raise InvalidInputError("map text legend", line, "each marker once")
            legend[mt[1]] = (mt[2], mt[3], mt[4])
        elif mw := _WORKERS.match(line):
            raw_workers.append(((int(mw[1]), int(mw[2])), int(mw[3]), mw[4]))
        else:
            raise InvalidInputError("map text line", line,
                                    "'hive M = player|wild NAME' or 'workers Q,R xN M'")
    if set(legend) != set(at_marker):
        odd = sorted(set(legend) ^ set(at_marker))[0]
        raise InvalidInputError("map text hive marker", odd,
                                "a marker on the map and a 'hive' line for it")
    hives = [MapHive(name, kind, at_marker[k], dark) for k, (kind, name, dark) in legend.items()]
    workers = []
    for at, count, mark in raw_workers:
        if mark not in legend:
            raise InvalidInputError("map text workers marker", mark, "a hive marker")
        workers.append(Workers(at, legend[mark][1], count))
    return validate_map(BeeMap(tuple(tiles), tuple(hives), tuple(workers)))
