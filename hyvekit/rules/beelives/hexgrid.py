"""The hex grid of the Bee Lives map tiles (rules/bee-lives.txt, "Starting Map", "Forage":
"up to three spaces away").

The rulebook never prints a tile's shape; hyvekit assumes pointy-top hexagons on axial
coordinates ``(q, r)`` (ruling L60): rows of constant ``r`` run left to right, ``r`` grows
toward the player (down the page), ``q`` to the right.  A distance in "spaces" is the hex
distance.  Everything here is plain geometry on coordinates: the map (:mod:`.map`) and the
solo cards (:mod:`.solo`) both use it.
"""

from __future__ import annotations

from collections.abc import Iterable

Coord = tuple[int, int]

#: the six neighbours' offsets, clockwise from the right
NEIGHBOURS: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: the three straight directions
AXES: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1))


def distance(a: Coord, b: Coord) -> int:
    """Hex distance between two axial coordinates, in spaces (0 for the same hex)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(c: Coord) -> tuple[Coord, ...]:
    """The six spaces sharing an edge with ``c``."""
    return tuple((c[0] + dq, c[1] + dr) for dq, dr in NEIGHBOURS)


def spaces_within(center: Coord, radius: int) -> tuple[Coord, ...]:
    """Every space at most ``radius`` spaces from ``center``, sorted by (distance, q, r).
    ``radius`` 3 gives 37 spaces."""
    out = [(center[0] + dq, center[1] + dr)
           for dq in range(-radius, radius + 1)
           for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)]
    return tuple(sorted(out, key=lambda c: (distance(center, c), c)))


def rotate(c: Coord, steps: int, pivot: Coord = (0, 0)) -> Coord:
    """``c`` turned ``steps`` × 60° clockwise (on the page) about ``pivot``."""
    q, r = c[0] - pivot[0], c[1] - pivot[1]
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q + pivot[0], r + pivot[1])


def components(coords: Iterable[Coord]) -> tuple[frozenset[Coord], ...]:
    """The groups of ``coords`` connected edge to edge, sorted by their smallest coordinate."""
    grid, seen, out = set(coords), set(), []
    for start in sorted(grid):
        if start in seen:
            continue
        stack, comp = [start], {start}
        while stack:
            c = stack.pop()
            for n in neighbours(c):
                if n in grid and n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(frozenset(comp))
    return tuple(out)


def is_connected(coords: Iterable[Coord]) -> bool:
    """True when the hexes form one group touching edge to edge (none at all: True)."""
    return len(components(coords)) <= 1


def length(coords: Iterable[Coord]) -> int:
    """The hex distance between the two farthest of ``coords``, plus one: a straight row of 12
    hexes has length 12 (ruling L74); 0 for none."""
    pts = sorted(set(coords))
    if not pts:
        return 0
    return 1 + max(distance(a, b) for i, a in enumerate(pts) for b in pts[i:])
