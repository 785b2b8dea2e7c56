"""Queen Bee's board as the web table draws it: a position for each named space of the
match's board (the packaged, assumed layout or the players' own file) and the bees on each.

The board data (``hyvekit/data/queenbee_board.toml``) gives spaces, types and adjacency but
no positions (the rulebook prints no map).  The drawing places each hive's spaces as Setup
describes them — the nest outermost, the warriors' row, then the workers' row with its two
tunnel entrances at the ends — the hives evenly around a circle (hive 1 at the top); every
other space (grass, tunnels) settles where its neighbours pull it (a spring layout with the
hives held still), so a board of any shape gets a map.  Presentation only: no rule here.
"""

from __future__ import annotations

import math
from typing import Any

#: the map's units: the radius of each hive's rows, from the board's centre
NEST, WARRIORS, WORKERS = 10.0, 8.3, 6.6
#: the spacing of a row's end spaces either side of its centre, and springs' rest length
ROW, REST = 1.35, 1.6


def board_map(state: Any) -> dict[str, Any]:
    """The map of ``state``'s board (a Queen Bee :class:`~hyvekit.rules.queenbee.match_table.Table`)
    and its bees: ``spaces`` (name, type, hive, larva, x, y; units of about one space),
    ``lines`` (pairs of adjacent spaces), ``hives`` (number → the seat's player or None), and
    ``bees`` (space → a ``{"player", "seat", "queen", "warrior", "worker"}`` for each player
    with bees there, in seat order: one outside a battle's card effects)."""
    board = state.setup.board
    layout = _layout(board)
    seats = {hive: state.players[seat] for seat, hive in enumerate(state.setup.hives)}
    bees: dict[str, list[dict[str, Any]]] = {}
    for space, seat, kind in state.bees:       # sorted: by space, then seat
        here = bees.setdefault(space, [])
        if not here or here[-1]["seat"] != seat:
            here.append({"player": state.players[seat], "seat": seat,
                         "queen": 0, "warrior": 0, "worker": 0})
        here[-1][kind] += 1
    return {"spaces": layout["spaces"], "lines": layout["lines"],
            "hives": {str(h): seats.get(h) for h in sorted(board.hives)}, "bees": bees}


#: the layouts worked out, by the board's shape (its spaces, their adjacency, its hives)
_LAYOUTS: dict[tuple, dict[str, Any]] = {}


def _layout(board: Any) -> dict[str, Any]:
    """The spaces' positions and the lines between them, worked out once per board shape
    (the same board read again for each match and each step costs nothing more)."""
    key = (tuple((n, s.type, s.adjacent) for n, s in sorted(board.spaces.items())),
           tuple((n, h.nest, h.warriors, h.workers) for n, h in sorted(board.hives.items())))
    if key not in _LAYOUTS:
        if len(_LAYOUTS) >= 16:
            _LAYOUTS.clear()
        _LAYOUTS[key] = _laid_out(board)
    return _LAYOUTS[key]


def _laid_out(board: Any) -> dict[str, Any]:
    """:func:`_layout` worked out."""
    fixed: dict[str, tuple[float, float]] = {}
    hives = sorted(board.hives)
    for i, number in enumerate(hives):
        angle = -math.pi / 2 + 2 * math.pi * i / len(hives)
        out, across = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
        hive = board.hives[number]

        def at(radius: float, offset: float) -> tuple[float, float]:
            return (out[0] * radius + across[0] * offset, out[1] * radius + across[1] * offset)
        fixed[hive.nest] = at(NEST, 0)
        for row, radius, spread in ((hive.warriors, WARRIORS, ROW), (hive.workers, WORKERS,
                                                                     ROW * 1.25)):
            for name, offset in zip(row, (-spread, 0.0, spread)):
                fixed[name] = at(radius, offset)
    names = sorted(board.spaces)
    pos = dict(fixed)
    free = [n for n in names if n not in fixed]
    # first guess: the centre of the spaces already placed next to it, layer by layer
    for _ in range(len(free) + 1):
        for name in free:
            near = [pos[a] for a in board.spaces[name].adjacent if a in pos]
            if near and name not in pos:
                pos[name] = (sum(p[0] for p in near) / len(near) * 0.92,
                             sum(p[1] for p in near) / len(near) * 0.92)
    for k, name in enumerate(free):                    # a space joined to nothing placed
        pos.setdefault(name, (math.cos(k), math.sin(k)))
    pos = _relaxed(board, pos, free)
    lines = sorted({tuple(sorted((a, b))) for a in names for b in board.spaces[a].adjacent
                    if b in board.spaces})
    spaces = [{"name": n, "type": board.spaces[n].type, "hive": board.spaces[n].hive,
               "larva": board.spaces[n].larva, "x": round(pos[n][0], 2),
               "y": round(pos[n][1], 2)} for n in names]
    return {"spaces": spaces, "lines": [list(x) for x in lines]}


def _relaxed(board: Any, pos: dict[str, tuple[float, float]], free: list[str],
             rounds: int = 300) -> dict[str, tuple[float, float]]:
    """``pos`` with the ``free`` spaces moved by springs (adjacent spaces pulled to
    :data:`REST` apart, every two spaces pushed apart when closer than it)."""
    pos = {n: list(p) for n, p in pos.items()}
    names = list(pos)
    for r in range(rounds):
        step = 0.2 * (1 - r / rounds)
        force = {n: [0.0, 0.0] for n in free}
        for n in free:
            x, y = pos[n]
            for a in board.spaces[n].adjacent:
                dx, dy = pos[a][0] - x, pos[a][1] - y
                d = math.hypot(dx, dy) or 0.01
                pull = (d - REST) / d
                force[n][0] += dx * pull
                force[n][1] += dy * pull
            for m in names:
                if m == n:
                    continue
                dx, dy = x - pos[m][0], y - pos[m][1]
                d = math.hypot(dx, dy) or 0.01
                if d < REST * 1.3:
                    push = (REST * 1.3 - d) / d * 1.5
                    force[n][0] += dx * push
                    force[n][1] += dy * push
        for n in free:
            pos[n][0] += step * force[n][0]
            pos[n][1] += step * force[n][1]
    return {n: (p[0], p[1]) for n, p in pos.items()}

