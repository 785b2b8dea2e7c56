"""The Bee Lives map's state (rules/bee-lives.txt, "Starting Map", "Joining the Map"): the
tiles, the hives on them and the workers placed this month, as one frozen :class:`BeeMap`;
its groups of tiles, what a hive can reach, its size and length.  Tile geometry: :mod:`.hexgrid`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cached_property

from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.hexgrid import AXES, Coord, components, distance, length
from hyvekit.rules.beelives.hexgrid import spaces_within as _spaces_within
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

MAX_DISTANCE = 3            # "up to three spaces away" (Forage, Scout, Swarm Phase, Raid, charts)


DARK_SIDES = ("haunted", "infected", "burnt")


HIVE_KINDS = ("player", "wild")


# Axial neighbour offsets, clockwise from east on the page (pointy-top hexes).
TILE_LETTERS = {"bloom": "B", "wilt": "W", "harvest": "H", "wet": "~"}


DARK_MARKS = {"haunted": "h", "infected": "i", "burnt": "x"}


TEXT_HEADER = "bee lives map"


R_SCOUT = "Bee Lives: Scout"


R_FORAGE = "Bee Lives: Forage"


R_RAID = "Bee Lives: Raid"


R_SWARM = "Bee Lives: Swarm Phase"


R_WILD = "Bee Lives: Wild Hives"


R_JOIN = "Bee Lives: Joining the Map"


HIVE_NAME = re.compile(r"^[^\s()#,](?:[^\n()#,]{0,38}[^\s()#,])?$")


def spaces_within(center: Coord, radius: int = MAX_DISTANCE) -> tuple[Coord, ...]:
    """Every space (tile or empty) at most ``radius`` spaces from ``center`` (default: the
    three spaces of Forage, Scout and Raid), sorted by (distance, q, r)."""
    return _spaces_within(center, radius)


@dataclass(frozen=True)
class Tile:
    """A map tile: ``type`` bloom/wilt/harvest/wet; ``dark`` the flipped side when a card has
    flipped it (``haunted``, ``infected`` or ``burnt``), else None."""

    type: str
    dark: str | None = None


@dataclass(frozen=True)
class MapHive:
    """A hive on the map.

    :ivar name: the player's name, or the wild hive token's name (``ACORN``).
    :ivar kind: ``player`` or ``wild``.
    :ivar at: the tile it occupies.
    :ivar dark: ``haunted`` (Haunted Hives) or ``infected`` (Zombees), else None.
    """

    name: str
    kind: str
    at: Coord
    dark: str | None = None


@dataclass(frozen=True)
class Workers:
    """Worker bees (a player hive) or neutral worker tokens (a wild hive) on a tile this month."""

    at: Coord
    hive: str
    count: int = 1


@dataclass(frozen=True)
class Segment:
    """A group of touching map tiles and the hives on it (before joining: a player's segment)."""

    tiles: frozenset[Coord]
    hives: tuple[str, ...]


@dataclass(frozen=True)
class BeeMap:
    """The whole map.  Tiles, hives and workers are kept sorted, so equal maps compare equal.

    :ivar tiles: ``((q, r), Tile)`` pairs, one per occupied space.
    :ivar hives: every hive in play, at most one per tile.
    :ivar workers: worker bees and neutral worker tokens placed this month (Cleanup removes them).
    """

    tiles: tuple[tuple[Coord, Tile], ...] = ()
    hives: tuple[MapHive, ...] = ()
    workers: tuple[Workers, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, key=lambda t: t[0])))
        object.__setattr__(self, "hives", tuple(sorted(self.hives,
                                                       key=lambda h: (h.kind, h.name))))
        object.__setattr__(self, "workers", tuple(sorted(self.workers,
                                                         key=lambda w: (w.at, w.hive))))

    @cached_property
    def grid(self) -> dict[Coord, Tile]:
        """``{(q, r): Tile}``."""
        return dict(self.tiles)

    @cached_property
    def _hive_by_name(self) -> dict[str, MapHive]:
        return {h.name: h for h in self.hives}

    @cached_property
    def _hive_by_coord(self) -> dict[Coord, MapHive]:
        return {h.at: h for h in self.hives}

    def tile(self, at: Coord) -> Tile | None:
        """The tile at ``at`` or None for an empty space."""
        return self.grid.get(at)

    def hive(self, name: str) -> MapHive:
        """The hive called ``name``.

        :raises InvalidInputError: no such hive on the map.
        """
        found = self._hive_by_name.get(name) if isinstance(name, str) else None
        if found is None:
            raise InvalidInputError("hive", name, "one of " + (
                ", ".join(h.name for h in self.hives) or "(no hive on the map)"))
        return found

    def has_hive(self, name: str) -> bool:
        """Whether a hive called ``name`` (a player's or a wild one) is on the map."""
        return name in self._hive_by_name

    def hive_at(self, at: Coord) -> MapHive | None:
        """The hive on tile ``at``, if any."""
        return self._hive_by_coord.get(at)

    def workers_at(self, at: Coord) -> tuple[Workers, ...]:
        """Workers and neutral worker tokens on tile ``at``."""
        return tuple(w for w in self.workers if w.at == at)

    def occupied(self, at: Coord) -> bool:
        """True when workers or neutral worker tokens are on ``at`` (foraged this month)."""
        return any(w.at == at for w in self.workers)

    @cached_property
    def _group_index(self) -> dict[Coord, int]:
        index: dict[Coord, int] = {}
        for i, tiles in enumerate(groups(self)):
            for c in tiles:
                index[c] = i
        return index


def require_coord(field_name: str, value: object) -> Coord:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return (require_int(f"{field_name} q", value[0]), require_int(f"{field_name} r", value[1]))
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*,\s*-?\d+\s*", value):
        q, r = value.split(",")
        return (int(q), int(r))
    raise InvalidInputError(field_name, value, "a hex coordinate q,r (two whole numbers)")


def is_coord(c: object) -> bool:
    return (isinstance(c, tuple) and len(c) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in c))


def validate_map(m: BeeMap) -> BeeMap:
    """Check a map is well formed and return it.

    :raises InvalidInputError: an unknown tile type or dark side, two tiles on one space, a hive
        off the map or sharing a tile, two hives with one name, a bad hive name, workers of an
        unknown hive, off the map or a count under 1.
    """
    seen: set[Coord] = set()
    for c, t in m.tiles:
        if not is_coord(c):
            raise InvalidInputError("tile position", c, "a (q, r) pair of whole numbers")
        if not isinstance(t, Tile):
            raise InvalidInputError(f"tile at {c}", t, "a Tile")
        if c in seen:
            raise InvalidInputError("tiles", c, "one tile per space")
        seen.add(c)
        if t.type not in TILE_TYPES:
            raise not_one_of(f"tile at {c}", t.type, TILE_TYPES)
        if t.dark is not None and t.dark not in DARK_SIDES:
            raise InvalidInputError(f"tile at {c} dark side", t.dark,
                                    "none or one of " + ", ".join(DARK_SIDES))
    names: set[str] = set()
    spots: set[Coord] = set()
    for h in m.hives:
        if not isinstance(h.name, str) or not HIVE_NAME.match(h.name):
            raise InvalidInputError("hive name", h.name,
                                    "1-40 characters, no newline, brackets, comma or #")
        if h.name in names:
            raise InvalidInputError("hive name", h.name, "a name used by one hive only")
        names.add(h.name)
        if h.kind not in HIVE_KINDS:
            raise InvalidInputError(f"hive {h.name} kind", h.kind, "player or wild")
        if h.dark is not None and h.dark not in ("haunted", "infected"):
            raise InvalidInputError(f"hive {h.name} dark side", h.dark,
                                    "none, haunted or infected")
        if not is_coord(h.at) or h.at not in seen:
            raise InvalidInputError(f"hive {h.name} position", h.at, "a space with a map tile")
        if h.at in spots:
            raise InvalidInputError(f"hive {h.name} position", h.at, "a tile without a hive")
        spots.add(h.at)
    for w in m.workers:
        if w.hive not in names:
            raise InvalidInputError("workers hive", w.hive, "a hive on the map")
        if not is_coord(w.at) or w.at not in seen:
            raise InvalidInputError(f"workers of {w.hive}", w.at, "a space with a map tile")
        require_int(f"workers of {w.hive} count", w.count, 1, 20)
    return m


def new_map(tiles: Mapping[Coord, str | Tile] | Iterable[tuple[Coord, str | Tile]],
            hives: Iterable[MapHive] = (), workers: Iterable[Workers] = ()) -> BeeMap:
    """Build and validate a map from ``{(q, r): "bloom" | Tile}``, hives and workers.

    :raises InvalidInputError: see :func:`validate_map`.
    """
    items = tiles.items() if isinstance(tiles, Mapping) else tiles
    pairs = tuple((require_coord("tile", c), t if isinstance(t, Tile) else Tile(str(t)))
                  for c, t in items)
    return validate_map(BeeMap(pairs, tuple(hives), tuple(workers)))


def groups(m: BeeMap) -> tuple[frozenset[Coord], ...]:
    """The groups of map tiles (connected along edges), sorted by their smallest coordinate.
    Before the map is joined each player's segment is one group (Joining the Map)."""
    return components(m.grid)


def segments(m: BeeMap) -> tuple[Segment, ...]:
    """Each group with the hives on it (a player's segment before joining)."""
    return tuple(Segment(g, tuple(h.name for h in m.hives if h.at in g)) for g in groups(m))


def reachable(m: BeeMap, a: Coord, b: Coord) -> bool:
    """True when ``a`` and ``b`` are tiles of the same group.  Before joining, another player's
    segment is out of reach whatever its place on the table (ruling L61)."""
    index = m._group_index
    return a in index and b in index and index[a] == index[b]


def hive_distance(m: BeeMap, a: str, b: str) -> int | None:
    """Spaces between hives ``a`` and ``b``; None when they are on different groups."""
    ha, hb = m.hive(a), m.hive(b)
    return distance(ha.at, hb.at) if reachable(m, ha.at, hb.at) else None


def tiles_within(m: BeeMap, hive: str, radius: int = MAX_DISTANCE) -> tuple[tuple[Coord, int], ...]:
    """``((q, r), distance)`` of every map tile of the hive's group within ``radius`` spaces
    (its own tile at 0), sorted by distance then coordinate.

    :raises InvalidInputError: unknown hive.
    """
    at = m.hive(hive).at
    return tuple((c, distance(at, c)) for c in spaces_within(at, radius)
                 if c in m.grid and reachable(m, at, c))


def map_size(m: BeeMap) -> int:
    """Tiles on the map (Explorer: "at least 20 tiles large")."""
    return len(m.tiles)


def map_length(m: BeeMap) -> int:
    """The Great Migration's "tiles in length": the hex distance between the two farthest
    tiles of a group, plus one (the tiles end to end; a straight row of 12 tiles is 12 long).
    The same reading as :func:`hyvekit.rules.beelives.hexgrid.length` (rulings L74, L65).
    0 for an empty map."""
    return max((length(g) for g in groups(m)), default=0)


def longest_line(m: BeeMap) -> int:
    """The most tiles in one unbroken straight line along any of the three hex directions
    (for information: :func:`map_length` is what the card counts)."""
    grid, best = m.grid, 0
    for d in AXES:
        for c in grid:
            if (c[0] - d[0], c[1] - d[1]) in grid:
                continue
            n, x = 0, c
            while x in grid:
                n += 1
                x = (x[0] + d[0], x[1] + d[1])
            best = max(best, n)
    return best
