"""The Bee Lives map drawn for people beside the table (``beelives next`` and ``do`` of a game
played on the map): each group of touching tiles as rows of hexes, every hex with its tile
letter and the ``q,r`` the legal steps name it by."""

from __future__ import annotations

from typing import Any

#: characters per hex: a row's hexes are this far apart, each row down shifted by half
CELL = 8


def reach_of(legal: list[str]) -> set[tuple[int, int]]:
    """The empty spaces the legal scouts name (``Ann: scout wet at -1,0``)."""
    import re
    out = set()
    for option in legal:
        step = option.split(": ", 1)[-1]
        hit = re.fullmatch(r"scout \S+ at (-?\d+),(-?\d+)", step)
        if hit:
            out.add((int(hit.group(1)), int(hit.group(2))))
    return out


def map_lines(m: dict[str, Any], width: int | None = None,
              reach: set[tuple[int, int]] = frozenset()) -> list[str]:
    """The map ``m`` (the shape of :func:`~hyvekit.rules.beelives.map_text.to_dict`) in lines
    of at most ``width`` characters (default: the terminal's,
    :func:`~hyvekit.cli.common.terminal_width`): a legend, then each group of touching tiles (the tiles
    around each hive before they join) drawn as pointy-topped hexes — a hex reads ``B0,-1 1``:
    the tile (B bloom, W wilt, H harvest, ~ wet; lower case: its dark side is up, with
    ``h``/``i``/``x`` after it for haunted, infected, burnt), its ``q,r``, the hive on it
    (1-9 the players', a-z the wild hives'); ``reach``: empty spaces to show as ``+q,r``
    (where the hive due may scout, :func:`reach_of`).  A group wider than ``width`` is listed
    row by row instead."""
    from hyvekit.cli.common import terminal_width, wrapped
    from hyvekit.games.beelives import components
    from hyvekit.games.beelives import DARK_MARKS, TILE_LETTERS

    tiles = {(t["q"], t["r"]): t for t in m["tiles"]}
    hives = {(h["q"], h["r"]): h for h in m["hives"]}
    marks = _marks(m["hives"])

    reach = set(reach) - set(tiles)

    def cell(c: tuple[int, int]) -> str:
        if c not in tiles:
            return f"+{c[0]},{c[1]}"
        t = tiles[c]
        letter = TILE_LETTERS[t["type"]]
        dark = DARK_MARKS.get(t.get("dark") or "", "")
        hive = hives.get(c)
        return f"{letter.lower() if dark else letter}{dark}{c[0]},{c[1]}" + (
            f" {marks[hive['name']]}" if hive else "")

    width = width or terminal_width()
    legend = ", ".join(f"{marks[h['name']]} {h['name']}" for h in m["hives"])
    out = wrapped(f"map (q,r): B bloom W wilt H harvest ~ wet (dark side: h haunted, "
                  f"i infected, x burnt); {legend}"
                  + ("; + a space you may scout" if reach else "")).splitlines()
    for group in sorted(components(set(tiles) | reach),
                        key=lambda g: min((c[1], c[0]) for c in g)):
        x0 = min(2 * q + r for q, r in group)
        rows: dict[int, list[tuple[int, int]]] = {}
        for c in sorted(group, key=lambda c: (c[1], c[0])):
            rows.setdefault(c[1], []).append(c)
        drawn = []
        for r in sorted(rows):
            line = ""
            for c in rows[r]:
                col = (CELL // 2) * (2 * c[0] + c[1] - x0)
                line = line.ljust(col) + cell(c)
            drawn.append("  │ " + line.rstrip())   # the edge keeps each row's offset
        if max(map(len, drawn)) <= width:
            out += [""] + drawn
        else:
            out += [""] + [piece for r in sorted(rows) for piece in wrapped(
                "   ".join(cell(c) for c in rows[r]), first="  ", indent="    ").splitlines()]
    workers = [f"{w['q']},{w['r']} ×{w['count']} {marks.get(w['hive'], w['hive'])}"
               for w in m["workers"]]
    if workers:
        out += [""] + wrapped("workers out: " + "; ".join(workers)).splitlines()
    return out


def _marks(hives: list[dict[str, Any]]) -> dict[str, str]:
    """A hive's one-character marker: 1-9 the players', a-z the wild hives' (``+`` beyond)."""
    players = [h["name"] for h in hives if h["kind"] == "player"]
    wild = [h["name"] for h in hives if h["kind"] != "player"]
    out = {n: str(i + 1) if i < 9 else "+" for i, n in enumerate(players)}
    out.update({n: chr(ord("a") + i) if i < 26 else "+" for i, n in enumerate(wild)})
    return out
