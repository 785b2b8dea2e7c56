"""The Bee Lives map (rules/bee-lives.txt: Starting Map, Swarm Phase, Joining the Map, Forage,
Scout, Raid, Wild Hives, season cards that spawn wild hives, solo scenario and campaign cards).

The rulebook never prints the shape of a map tile.  hyvekit assumes hexagonal tiles on axial
coordinates ``(q, r)`` (the packaged ``beelives_map.toml``, ``[geometry]``, ``assumed = true``;
ruling L60): pointy-top hexes, rows of constant ``r`` running left to right, ``r`` growing
towards the player.  A distance in "spaces" is the hex distance (:func:`distance`).

State is one frozen :class:`BeeMap`: the tiles (type, and which dark side is up when a card has
flipped one: haunted, infected, burnt), the hives on them (player and wild) and the workers /
neutral worker tokens placed on tiles this month.  Before the map is joined (end of spring)
each player's segment is a separate group of tiles; groups are the map's connected components
(:func:`groups`), and a hive sees only its own group (:func:`reachable`).

Queries: :func:`tiles_within`, :func:`forage_options`, :func:`closest_tiles`,
:func:`wild_tile_options` (feeds :class:`hyvekit.rules.beelives.wild.WildSituation`),
:func:`closest_hives` / :func:`farthest_hives`, :func:`scout_spaces`, :func:`spawn_places`,
:func:`activation_order` (Example E), :func:`map_size`, :func:`map_length`.

Actions, each with ``check_*`` (raises) and an applying function (returns the next map):
scouting (:func:`check_scout` / :func:`scout`), foraging (:func:`check_forage` /
:func:`forage`), the raid token (:func:`place_raid_token`), spawning (:func:`check_spawn` /
:func:`spawn_wild`), moving and swapping hives (:func:`move_hive`, :func:`swap_hives`),
joining (:func:`check_join` / :func:`join`), wildfire (:func:`burn`, :func:`spaces_from_fire`;
the fire's direction is read in :mod:`.solo`), solo starting maps (:func:`from_starting_map`).

Serialisation: :func:`to_dict` / :func:`from_dict` (plain JSON) and :func:`to_text` /
:func:`from_text` (rows of hexes, see docs/beelives-map.md).

Units: coordinates are axial hex coordinates; distances are spaces (hexes); counts are bees.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from hyvekit.rules.beelives import wild as W
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int

Coord = tuple[int, int]

MAX_DISTANCE = 3            # "up to three spaces away" (Forage, Scout, Swarm Phase, Raid, charts)
DARK_SIDES = ("haunted", "infected", "burnt")
HIVE_KINDS = ("player", "wild")
# Axial neighbour offsets, clockwise from east on the page (pointy-top hexes).
NEIGHBOURS: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
AXES: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1))   # the three straight directions
TILE_LETTERS = {"bloom": "B", "wilt": "W", "harvest": "H", "wet": "~"}
DARK_MARKS = {"haunted": "h", "infected": "i", "burnt": "x"}
TEXT_HEADER = "bee lives map"

R_SCOUT = "Bee Lives: Scout"
R_FORAGE = "Bee Lives: Forage"
R_RAID = "Bee Lives: Raid"
R_SWARM = "Bee Lives: Swarm Phase"
R_WILD = "Bee Lives: Wild Hives"
R_JOIN = "Bee Lives: Joining the Map"

_NAME = re.compile(r"^[^\s()#,](?:[^\n()#,]{0,38}[^\s()#,])?$")


# --- geometry -------------------------------------------------------------------------------

def distance(a: Coord, b: Coord) -> int:
    """Hex distance between two axial coordinates, in spaces (ruling L60)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(c: Coord) -> tuple[Coord, ...]:
    """The six spaces sharing an edge with ``c``."""
    return tuple((c[0] + dq, c[1] + dr) for dq, dr in NEIGHBOURS)


def spaces_within(center: Coord, radius: int = MAX_DISTANCE) -> tuple[Coord, ...]:
    """Every space (tile or empty) at most ``radius`` spaces from ``center``, sorted by
    (distance, q, r).  ``radius`` 3 gives 37 spaces."""
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


# --- state ----------------------------------------------------------------------------------

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


def _require_coord(field_name: str, value: object) -> Coord:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return (require_int(f"{field_name} q", value[0]), require_int(f"{field_name} r", value[1]))
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*,\s*-?\d+\s*", value):
        q, r = value.split(",")
        return (int(q), int(r))
    raise InvalidInputError(field_name, value, "a hex coordinate q,r (two whole numbers)")


def _is_coord(c: object) -> bool:
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
        if not _is_coord(c):
            raise InvalidInputError("tile position", c, "a (q, r) pair of whole numbers")
        if not isinstance(t, Tile):
            raise InvalidInputError(f"tile at {c}", t, "a Tile")
        if c in seen:
            raise InvalidInputError("tiles", c, "one tile per space")
        seen.add(c)
        if t.type not in TILE_TYPES:
            raise InvalidInputError(f"tile at {c}", t.type, "one of " + ", ".join(TILE_TYPES))
        if t.dark is not None and t.dark not in DARK_SIDES:
            raise InvalidInputError(f"tile at {c} dark side", t.dark,
                                    "none or one of " + ", ".join(DARK_SIDES))
    names: set[str] = set()
    spots: set[Coord] = set()
    for h in m.hives:
        if not isinstance(h.name, str) or not _NAME.match(h.name):
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
        if not _is_coord(h.at) or h.at not in seen:
            raise InvalidInputError(f"hive {h.name} position", h.at, "a space with a map tile")
        if h.at in spots:
            raise InvalidInputError(f"hive {h.name} position", h.at, "a tile without a hive")
        spots.add(h.at)
    for w in m.workers:
        if w.hive not in names:
            raise InvalidInputError("workers hive", w.hive, "a hive on the map")
        if not _is_coord(w.at) or w.at not in seen:
            raise InvalidInputError(f"workers of {w.hive}", w.at, "a space with a map tile")
        require_int(f"workers of {w.hive} count", w.count, 1, 20)
    return m


def new_map(tiles: Mapping[Coord, str | Tile] | Iterable[tuple[Coord, str | Tile]],
            hives: Iterable[MapHive] = (), workers: Iterable[Workers] = ()) -> BeeMap:
    """Build and validate a map from ``{(q, r): "bloom" | Tile}``, hives and workers.

    :raises InvalidInputError: see :func:`validate_map`.
    """
    items = tiles.items() if isinstance(tiles, Mapping) else tiles
    pairs = tuple((_require_coord("tile", c), t if isinstance(t, Tile) else Tile(str(t)))
                  for c, t in items)
    return validate_map(BeeMap(pairs, tuple(hives), tuple(workers)))


# --- groups and reach -----------------------------------------------------------------------

def groups(m: BeeMap) -> tuple[frozenset[Coord], ...]:
    """The groups of map tiles (connected along edges), sorted by their smallest coordinate.
    Before the map is joined each player's segment is one group (Joining the Map)."""
    grid, seen, out = m.grid, set(), []
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


# --- forage ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class ForageOption:
    """A tile a hive may forage: its type and distance; ``bees`` = workers a player assigns
    (the distance, at least 1; a wild hive places one neutral worker token)."""

    at: Coord
    tile: str
    distance: int
    bees: int


def _forage_problem(m: BeeMap, h: MapHive, at: Coord) -> str | None:
    """Why ``h`` may not forage ``at`` (None: it may)."""
    t = m.tile(at)
    if t is None:
        return f"{at} is an empty space, not a map tile"
    if not reachable(m, h.at, at):
        return f"{at} is on another segment of the map"
    d = distance(h.at, at)
    if d > MAX_DISTANCE:
        return f"{at} is {d} spaces away, at most {MAX_DISTANCE}"
    if m.occupied(at):
        return f"{at} already has workers on it"
    other = m.hive_at(at)
    if other is not None and other.name != h.name:
        return f"{at} contains an opposing hive ({other.name})"
    if t.dark == "burnt":
        return f"{at} is burnt"
    if t.dark == "haunted" and h.kind == "wild":
        return f"wild hives cannot forage haunted tiles ({at})"
    return None


def forage_options(m: BeeMap, hive: str) -> tuple[ForageOption, ...]:
    """Every tile ``hive`` may forage now (Forage: unoccupied, up to three spaces away, no
    opposing hive; burnt tiles never, haunted tiles not by wild hives), nearest first.

    :raises InvalidInputError: unknown hive.
    """
    h = m.hive(hive)
    return tuple(ForageOption(c, m.grid[c].type, d, max(1, d)) for c, d in tiles_within(m, hive)
                 if _forage_problem(m, h, c) is None)


def bees_needed(m: BeeMap, hive: str, at: Coord) -> int:
    """Worker bees a player assigns to forage ``at``: its distance, at least 1 (Forage)."""
    return max(1, distance(m.hive(hive).at, at))


def check_forage(m: BeeMap, hive: str, at: Coord, bees: int | None = None) -> None:
    """Check that ``hive`` may forage tile ``at`` with ``bees`` worker bees (a player hive;
    None = the right number) or one neutral worker token (a wild hive).

    :raises InvalidInputError: unknown hive, malformed coordinate or bee count.
    :raises IllegalActionError: (Bee Lives: Forage) not a tile, out of reach or range, occupied,
        an opposing hive on it, burnt, haunted for a wild hive, or the wrong number of bees.
    """
    h = m.hive(hive)
    at = _require_coord("forage tile", at)
    problem = _forage_problem(m, h, at)
    if problem:
        raise IllegalActionError(R_FORAGE, f"cannot forage: {problem}",
                                 expected="an unoccupied map tile within 3 spaces", given=at)
    need = 1 if h.kind == "wild" else max(1, distance(h.at, at))
    if bees is not None:
        bees = require_int("bees", bees, 0, 20)
        if bees != need:
            d = distance(h.at, at)
            raise IllegalActionError(R_FORAGE, f"forage at distance {d} needs {need} "
                                     f"{'bee' if need == 1 else 'bees'}, got {bees}",
                                     expected=need, given=bees)


def forage(m: BeeMap, hive: str, at: Coord, bees: int | None = None) -> BeeMap:
    """Check and place the forager's workers (or one neutral worker token) on ``at``.

    :raises: see :func:`check_forage`.
    """
    check_forage(m, hive, at, bees)
    h = m.hive(hive)
    count = 1 if h.kind == "wild" else max(1, distance(h.at, _require_coord("tile", at)))
    return replace(m, workers=m.workers + (Workers(_require_coord("tile", at), hive, count),))


def forage_action(m: BeeMap, hive: str, at: Coord, season: str, **kwargs: Any):
    """The :class:`hyvekit.rules.beelives.actions.Forage` for foraging ``at`` (tile type and
    distance read from the map), after :func:`check_forage`."""
    from hyvekit.rules.beelives.actions import Forage

    check_forage(m, hive, at)
    at = _require_coord("tile", at)
    return Forage(distance=distance(m.hive(hive).at, at), tile=m.grid[at].type, season=season,
                  **kwargs)


def closest_tiles(m: BeeMap, hive: str, tile_type: str) -> tuple[Coord, ...]:
    """The ``tile_type`` tiles closest to ``hive``, up to three spaces away, not foraged yet
    this round (no workers or tokens on them; ruling L63) and legal for it to forage.  All the
    tiles tied at the smallest distance are returned, sorted; the first player chooses among
    them.  Empty when there is none.

    :raises InvalidInputError: unknown hive or tile type.
    """
    if tile_type not in TILE_TYPES:
        raise InvalidInputError("tile type", tile_type, "one of " + ", ".join(TILE_TYPES))
    options = [o for o in forage_options(m, hive) if o.tile == tile_type]
    if not options:
        return ()
    best = min(o.distance for o in options)
    return tuple(o.at for o in options if o.distance == best)


def wild_tile_options(m: BeeMap, wild: str) -> tuple[tuple[str, int], ...]:
    """``(tile type, distance)`` of the closest foragable tile of each type for a wild hive:
    the ``tiles`` of :class:`hyvekit.rules.beelives.wild.WildSituation`."""
    out = []
    for t in TILE_TYPES:
        found = closest_tiles(m, wild, t)
        if found:
            out.append((t, distance(m.hive(wild).at, found[0])))
    return tuple(out)


# --- hives near hives -----------------------------------------------------------------------

def _hives_in_range(m: BeeMap, hive: str, exclude: Iterable[str]) -> list[tuple[int, str]]:
    h = m.hive(hive)
    if h.dark == "haunted":          # Haunted Hives: "Haunted hives cannot raid or be raided"
        return []
    skip = set(exclude) | {hive}
    out = []
    for other in m.hives:
        if other.name in skip or other.dark == "haunted":
            continue
        if reachable(m, h.at, other.at) and distance(h.at, other.at) <= MAX_DISTANCE:
            out.append((distance(h.at, other.at), other.name))
    return out


def closest_hives(m: BeeMap, hive: str, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """The hives closest to ``hive`` up to three spaces away, leaving out ``exclude`` (the
    hives it has raided this round) and haunted hives (they cannot be raided).  All tied at the
    smallest distance, by name; empty when none, and always for a haunted hive (Summer/Fall
    charts; Zombees "the closest hive"; Desperate Parties).

    :raises InvalidInputError: unknown hive.
    """
    found = _hives_in_range(m, hive, exclude)
    if not found:
        return ()
    best = min(d for d, _ in found)
    return tuple(sorted(n for d, n in found if d == best))


def farthest_hives(m: BeeMap, hive: str, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """Zombees "raids the farthest hive": the hives farthest from ``hive`` that it could
    legally raid, i.e. within three spaces (ruling L66); all tied, by name."""
    found = _hives_in_range(m, hive, exclude)
    if not found:
        return ()
    best = max(d for d, _ in found)
    return tuple(sorted(n for d, n in found if d == best))


def raid_targets(m: BeeMap, hive: str, exclude: Iterable[str] = ()) -> tuple[tuple[str, int], ...]:
    """``(hive, distance)`` of every hive ``hive`` may raid by position: within three spaces on
    its group (Raid: "within three spaces of your own hive"), not haunted, not in ``exclude``.
    Honey and raided-this-month checks belong to :mod:`.raids`."""
    return tuple(sorted(((n, d) for d, n in _hives_in_range(m, hive, exclude)),
                        key=lambda t: (t[1], t[0])))


def target_for(m: BeeMap, wild: str, strength_of: Mapping[str, int],
               exclude: Iterable[str] = ()) -> W.Target | None:
    """The :class:`hyvekit.rules.beelives.wild.Target` for a wild hive's raid line: the closest
    hive within three spaces not raided this round.  ``strength_of`` gives each candidate's
    strength (a player's unassigned + defending bees, a wild hive's strength).  With several
    tied, the first by name (pass ``exclude`` to let the first player choose another)."""
    names = closest_hives(m, wild, exclude)
    if not names:
        return None
    name = names[0]
    if name not in strength_of:
        raise InvalidInputError("strength of", name, "a strength for every candidate hive")
    return W.Target(m.hive(name).kind, hive_distance(m, wild, name) or 0,
                    int(strength_of[name]), name)


def place_raid_token(m: BeeMap, wild: str, target: str) -> BeeMap:
    """A wild hive raids: "Place a neutral worker token on the map tile occupied by the target
    hive".

    :raises IllegalActionError: (Bee Lives: Wild Hives) the target is out of reach or more than
        three spaces away, or haunted.
    """
    h, t = m.hive(wild), m.hive(target)
    if h.kind != "wild":
        raise InvalidInputError("wild hive", wild, "a wild hive on the map")
    if target not in {n for _, n in _hives_in_range(m, wild, ())}:
        raise IllegalActionError(R_WILD, f"{wild} cannot raid {target}: it must be another hive "
                                 f"within {MAX_DISTANCE} spaces, not haunted",
                                 expected=f"within {MAX_DISTANCE} spaces", given=target)
    return replace(m, workers=m.workers + (Workers(t.at, wild, 1),))


def check_raid_range(m: BeeMap, raider: str, target: str) -> int:
    """Raid: "The target hive must be located within three spaces of your own hive."  Returns
    the distance.

    :raises IllegalActionError: (Bee Lives: Raid) out of range, another segment, the raider
        itself, or a haunted hive.
    """
    if raider == target:
        raise IllegalActionError(R_RAID, "a hive cannot raid itself", given=target)
    m.hive(target)
    for name, d in raid_targets(m, raider):
        if name == target:
            return d
    d = hive_distance(m, raider, target)
    raise IllegalActionError(R_RAID, f"the target must be within {MAX_DISTANCE} spaces, got "
                             + ("another segment" if d is None else f"{d} spaces")
                             + (" (haunted hives cannot be raided)"
                                if m.hive(target).dark == "haunted" else ""),
                             expected=MAX_DISTANCE, given=d)


def activation_order(m: BeeMap, first_player: str,
                     first_player_choice: Sequence[str] = ()) -> tuple[str, ...]:
    """The order of the wild hive turns (Action Phase, Example E): the wild hive closest to
    the first player's hive first, then the next closest.  Ties go in the first player's
    chosen order (ruling L23), else by name; wild hives on another group than the first
    player's hive (only before joining) go last.

    :raises InvalidInputError: unknown first player or a choice naming an unknown wild hive.
    """
    fp = m.hive(first_player)
    if fp.kind != "player":
        raise InvalidInputError("first player", first_player, "a player hive")
    wilds = [h for h in m.hives if h.kind == "wild"]
    near = {h.name: distance(fp.at, h.at) for h in wilds if reachable(m, fp.at, h.at)}
    far = [h.name for h in wilds if h.name not in near]
    for name in first_player_choice:
        if name not in near and name not in far:
            raise InvalidInputError("wild hive", name, "one of " + ", ".join(
                h.name for h in wilds))
    order = W.activation_order(near, [n for n in first_player_choice if n in near])
    rank = {n: i for i, n in enumerate(first_player_choice)}
    return order + tuple(sorted(far, key=lambda n: (rank.get(n, len(rank)), n)))


# --- scout ----------------------------------------------------------------------------------

def _scout_reach(m: BeeMap, start: Coord) -> dict[Coord, int]:
    """Empty spaces reachable from ``start`` along an unbroken line of map tiles, with the
    number of steps (the empty space itself is the last step), at most three."""
    grid = m.grid
    steps = {start: 0}
    frontier = [start]
    found: dict[Coord, int] = {}
    for depth in range(1, MAX_DISTANCE + 1):
        nxt = []
        for c in frontier:
            for n in neighbours(c):
                if n in grid:
                    if n not in steps:
                        steps[n] = depth
                        nxt.append(n)
                elif n not in found:
                    found[n] = depth
        frontier = nxt
    return found


def _touches_other_group(m: BeeMap, at: Coord, own: Coord) -> Coord | None:
    for n in neighbours(at):
        if n in m.grid and not reachable(m, n, own):
            return n
    return None


def scout_spaces(m: BeeMap, hive: str) -> tuple[Coord, ...]:
    """Empty spaces ``hive`` may scout: up to three spaces away, with an unbroken line of map
    tiles from the hive's tile to the space (ruling L62: a path of edge-sharing tiles, the
    space one step beyond the last, three steps at most).  Spaces that would make this segment
    touch another before the map is joined are left out (ruling L61).  Sorted by distance.
    A wild hive scouting (Spring chart, line 4) follows the same rule (ruling L62).

    :raises InvalidInputError: unknown hive.
    """
    h = m.hive(hive)
    found = _scout_reach(m, h.at)
    return tuple(sorted((c for c in found if _touches_other_group(m, c, h.at) is None),
                        key=lambda c: (distance(h.at, c), c)))


def check_scout(m: BeeMap, hive: str, at: Coord, tile_type: str,
                bag: Mapping[str, int] | None = None,
                drawn: Sequence[str] | None = None) -> None:
    """Check that ``hive`` may place a ``tile_type`` tile on the empty space ``at`` (Scout;
    Spring Priority Chart line 4 for a wild hive).  With ``bag`` (the tile bag's composition,
    :func:`tile_bag`), the tile must still be in the bag; with ``drawn`` (the two tiles a
    player drew, the one a wild hive drew), it must be one of them.

    :raises InvalidInputError: unknown hive or tile type, malformed coordinate.
    :raises IllegalActionError: (Bee Lives: Scout) the space holds a tile, is more than three
        spaces away, no unbroken line of tiles leads there, it would touch another segment
        before joining, or no such tile is left in the bag.
    """
    h = m.hive(hive)
    at = _require_coord("scout space", at)
    if tile_type not in TILE_TYPES:
        raise InvalidInputError("tile type", tile_type, "one of " + ", ".join(TILE_TYPES))
    if at in m.grid:
        raise IllegalActionError(R_SCOUT, f"{at} already has a {m.grid[at].type} tile; scout an "
                                 f"empty space", expected="an empty space", given=at)
    d = distance(h.at, at)
    if d > MAX_DISTANCE:
        raise IllegalActionError(R_SCOUT, f"an empty space up to {MAX_DISTANCE} spaces away, "
                                 f"got {d}", expected=MAX_DISTANCE, given=d)
    if at not in _scout_reach(m, h.at):
        raise IllegalActionError(R_SCOUT, f"no unbroken line of map tiles leads from {hive}'s "
                                 f"hive at {h.at} to {at} within {MAX_DISTANCE} spaces",
                                 expected="an empty space next to a line of tiles from the hive",
                                 given=at)
    other = _touches_other_group(m, at, h.at)
    if other is not None:
        raise IllegalActionError(R_SCOUT, f"{at} would touch another segment (the tile at "
                                 f"{other}) before the map is joined",
                                 expected="a space apart from the other segments", given=at,
                                 hint="move that segment apart first (move_group)")
    if drawn is not None and tile_type not in drawn:
        raise IllegalActionError(R_SCOUT, f"choose one of the tiles drawn ({', '.join(drawn)}), "
                                 f"got {tile_type}", expected=tuple(drawn), given=tile_type)
    if bag is not None:
        left = tile_bag(m, bag).get(tile_type, 0)
        if left < 1:
            raise IllegalActionError(R_SCOUT, f"no {tile_type} tile is left in the bag",
                                     expected="a tile still in the bag", given=tile_type)


def scout(m: BeeMap, hive: str, at: Coord, tile_type: str,
          bag: Mapping[str, int] | None = None, drawn: Sequence[str] | None = None) -> BeeMap:
    """Check and place the scouted tile (light side up) on ``at``; the tiles not chosen go back
    to the bag (the bag is derived from the map, :func:`tile_bag`).

    :raises: see :func:`check_scout`.
    """
    check_scout(m, hive, at, tile_type, bag, drawn)
    return replace(m, tiles=m.tiles + ((_require_coord("scout space", at), Tile(tile_type)),))


def tile_bag(m: BeeMap, composition: Mapping[str, int]) -> dict[str, int]:
    """Tiles of each type still in the cloth bag: ``composition`` (the 80 tiles, see
    :func:`map_data_from_dict`) less the tiles on the map (the starting map's bloom tiles included).

    :raises InvalidInputError: more tiles of a type on the map than the composition has.
    """
    out = {t: int(composition.get(t, 0)) for t in TILE_TYPES}
    for _, tile in m.tiles:
        out[tile.type] -= 1
    for t, n in out.items():
        if n < 0:
            raise InvalidInputError(f"{t} tiles on the map", composition.get(t, 0) - n,
                                    f"at most {composition.get(t, 0)} (the tile bag)")
    return out


def draw_tiles(m: BeeMap, composition: Mapping[str, int], rng: random.Random,
               n: int = 2) -> tuple[str, ...]:
    """Draw ``n`` tiles at random from the bag (Scout: two for a player, one for a wild hive);
    nothing leaves the bag until :func:`scout` places the chosen one.  Fewer when the bag runs
    low.  Randomness only through ``rng``."""
    left = tile_bag(m, composition)
    pool = [t for t in TILE_TYPES for _ in range(left[t])]
    return tuple(rng.sample(pool, min(require_int("tiles to draw", n, 1, 2), len(pool))))


# --- spawn, move, swap, remove --------------------------------------------------------------

def _spawn_problem(m: BeeMap, at: Coord) -> str | None:
    t = m.tile(at)
    if t is None:
        return f"{at} is an empty space, not a map tile"
    other = m.hive_at(at)
    if other is not None:
        return f"{at} already holds the {other.name} hive"
    if t.dark in ("haunted", "burnt"):
        return f"{at} is {t.dark}"
    return None


def spawn_places(m: BeeMap, near: str, radius: int = MAX_DISTANCE) -> tuple[Coord, ...]:
    """Available map placements for a new wild hive up to ``radius`` spaces from hive ``near``
    (Swarm Phase; priority chart line 1; Perfect Weather; Zombees): map tiles of its group with
    no hive on them, not haunted (Haunted Hives) nor burnt (ruling L64).  Nearest first.

    :raises InvalidInputError: unknown hive.
    """
    return tuple(c for c, _ in tiles_within(m, near, radius) if _spawn_problem(m, c) is None)


def check_spawn(m: BeeMap, name: str, at: Coord, near: str | None = None) -> None:
    """Check that a new wild hive ``name`` can be spawned on ``at``; with ``near``, also that
    ``at`` is within three spaces of that hive on its group (a tile a card names, such as the
    scouted or foraged tile, needs no ``near``).

    :raises InvalidInputError: malformed coordinate, a bad or used name, unknown ``near``.
    :raises IllegalActionError: (Bee Lives: Swarm Phase) not an available map placement or too
        far away.
    """
    at = _require_coord("spawn tile", at)
    if not isinstance(name, str) or not _NAME.match(name):
        raise InvalidInputError("wild hive name", name,
                                "1-40 characters, no newline, brackets, comma or #")
    if name in m._hive_by_name:
        raise InvalidInputError("wild hive name", name, "a name not already on the map")
    problem = _spawn_problem(m, at)
    if problem:
        raise IllegalActionError(R_SWARM, f"cannot spawn a wild hive: {problem}",
                                 expected="a map tile without a hive", given=at)
    if near is not None:
        h = m.hive(near)
        d = distance(h.at, at)
        if not reachable(m, h.at, at) or d > MAX_DISTANCE:
            raise IllegalActionError(R_SWARM, f"a wild hive spawns up to {MAX_DISTANCE} spaces "
                                     f"from {near}, got " + (f"{d}" if reachable(m, h.at, at)
                                                             else "another segment"),
                                     expected=MAX_DISTANCE, given=d)


def spawn_wild(m: BeeMap, name: str, at: Coord, near: str | None = None,
               dark: str | None = None) -> BeeMap:
    """Check and spawn wild hive ``name`` on ``at``.  ``dark`` = ``haunted`` / ``infected``
    marks the hive and flips its tile to the dark side (Haunted Hives, Zombees).

    :raises: see :func:`check_spawn`; InvalidInputError for an unknown ``dark``.
    """
    check_spawn(m, name, at, near)
    at = _require_coord("spawn tile", at)
    if dark is not None and dark not in ("haunted", "infected"):
        raise InvalidInputError("dark", dark, "none, haunted or infected")
    out = replace(m, hives=m.hives + (MapHive(name, "wild", at, dark),))
    return flip(out, at, dark) if dark else out


def move_hive(m: BeeMap, name: str, to: Coord) -> BeeMap:
    """Move hive ``name`` onto tile ``to`` (set-up, scenario maps).  Haunted or burnt tiles are
    allowed: only spawning is barred there.

    :raises IllegalActionError: (Bee Lives: Swarm Phase) ``to`` is not a tile or has a hive.
    """
    h = m.hive(name)
    to = _require_coord("tile", to)
    if to != h.at:
        problem = _spawn_problem(m, to)
        if problem and not problem.endswith(("haunted", "burnt")):
            raise IllegalActionError(R_SWARM, f"cannot move {name}: {problem}",
                                     expected="a map tile without a hive", given=to)
    return replace(m, hives=tuple(replace(x, at=to) if x.name == name else x for x in m.hives))


def swap_hives(m: BeeMap, a: str, b: str) -> BeeMap:
    """If You Leave: "swap the positions of your hive and the newly spawned wild hive".

    :raises InvalidInputError: unknown hive.
    :raises IllegalActionError: (Bee Lives: Swarm Phase) ``b`` is not a wild hive.
    """
    ha, hb = m.hive(a), m.hive(b)
    if hb.kind != "wild":
        raise IllegalActionError(R_SWARM, f"a hive swaps places with the wild hive it spawned, "
                                 f"{b} is a {hb.kind} hive", expected="wild", given=hb.kind)
    return replace(m, hives=tuple(
        replace(x, at=hb.at) if x.name == a else replace(x, at=ha.at) if x.name == b else x
        for x in m.hives))


def remove_hive(m: BeeMap, name: str) -> BeeMap:
    """Remove a hive (a wild hive raided to strength 0), with its neutral worker tokens."""
    m.hive(name)
    return replace(m, hives=tuple(h for h in m.hives if h.name != name),
                   workers=tuple(w for w in m.workers if w.hive != name))


def cleanup(m: BeeMap) -> BeeMap:
    """Cleanup Phase: remove every neutral worker token and return every worker bee."""
    return replace(m, workers=())


def flip(m: BeeMap, at: Coord, dark: str | None) -> BeeMap:
    """Flip tile ``at`` to its dark side ``dark`` (haunted, infected, burnt) or back to the light
    side (None): Haunted Hives, Zombees, Wildfire.

    :raises InvalidInputError: no tile at ``at`` or an unknown dark side.
    """
    at = _require_coord("tile", at)
    if at not in m.grid:
        raise InvalidInputError("tile", at, "a space with a map tile")
    if dark is not None and dark not in DARK_SIDES:
        raise InvalidInputError("dark side", dark, "none or one of " + ", ".join(DARK_SIDES))
    return replace(m, tiles=tuple((c, replace(t, dark=dark) if c == at else t)
                                  for c, t in m.tiles))


# --- size and length ------------------------------------------------------------------------

def map_size(m: BeeMap) -> int:
    """Tiles on the map (Explorer: "at least 20 tiles large")."""
    return len(m.tiles)


def map_length(m: BeeMap) -> int:
    """The Great Migration's "tiles in length": the hex distance between the two farthest
    tiles of a group, plus one (the tiles end to end; a straight row of 12 tiles is 12 long).
    The same reading as :func:`hyvekit.rules.beelives.solo.map_length` (rulings L74, L65).
    0 for an empty map."""
    best = 0
    for g in groups(m):
        cs = sorted(g)
        best = max(best, 1 + max(distance(a, b) for i, a in enumerate(cs) for b in cs[i:]))
    return best


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


# --- starting map and joining ---------------------------------------------------------------

def starting_map(players: Sequence[str], spacing: int = 24) -> BeeMap:
    """Starting Map: one bloom tile per player, "spaced well apart", each player's hive on it.
    The tiles lie on row 0, ``spacing`` spaces apart (assumed, ``[setup]``).

    :raises InvalidInputError: no player, more than 4, a repeated or bad name, spacing under 3.
    """
    players = list(players)
    if not 1 <= len(players) <= 4:
        raise InvalidInputError("players", len(players), "1 to 4 players")
    spacing = require_int("spacing", spacing, 3, 1000)
    tiles = {(i * spacing, 0): Tile("bloom") for i in range(len(players))}
    hives = [MapHive(p, "player", (i * spacing, 0)) for i, p in enumerate(players)]
    return validate_map(BeeMap(tuple(tiles.items()), tuple(hives)))


def join_order(players: Sequence[str], first_player: str) -> tuple[str, ...]:
    """Joining the Map: "In clockwise order, beginning with the next month's first player".
    ``players`` are in clockwise order."""
    players = list(players)
    if first_player not in players:
        raise InvalidInputError("first player", first_player, "one of " + ", ".join(players))
    i = players.index(first_player)
    return tuple(players[i:] + players[:i])


@dataclass(frozen=True)
class Join:
    """A player's join: turn the group holding their hive ``rotation`` × 60° about the hive's
    tile, then shift it by ``offset`` (dq, dr).  Rotating the other group instead gives the same
    map up to a turn of the whole table, so only the mover's group turns (ruling L67)."""

    player: str
    offset: Coord
    rotation: int = 0


def _moved(m: BeeMap, group: frozenset[Coord], pivot: Coord, rotation: int,
           offset: Coord) -> dict[Coord, Coord]:
    out = {}
    for c in group:
        q, r = rotate(c, rotation, pivot)
        out[c] = (q + offset[0], r + offset[1])
    return out


def _relocate(m: BeeMap, where: Mapping[Coord, Coord]) -> BeeMap:
    def at(c: Coord) -> Coord:
        return where.get(c, c)

    return BeeMap(tuple((at(c), t) for c, t in m.tiles),
                  tuple(replace(h, at=at(h.at)) for h in m.hives),
                  tuple(replace(w, at=at(w.at)) for w in m.workers))


def _join_parts(m: BeeMap, move: Join) -> tuple[frozenset[Coord], dict[Coord, Coord]]:
    h = m.hive(move.player)
    if h.kind != "player":
        raise InvalidInputError("player", move.player, "a player hive")
    offset = _require_coord("offset", move.offset)
    rotation = require_int("rotation", move.rotation, 0, 5)
    group = next(g for g in groups(m) if h.at in g)
    return group, _moved(m, group, h.at, rotation, offset)


def check_join(m: BeeMap, move: Join) -> None:
    """Check a join (Joining the Map): the player's group is moved as one piece (never
    rearranged), it must not overlap any other tile, and must touch another group along at
    least one edge.

    :raises InvalidInputError: unknown player, rotation off 0–5, malformed offset.
    :raises IllegalActionError: (Bee Lives: Joining the Map) the map is already one group, the
        moved group overlaps or touches no other group.
    """
    group, where = _join_parts(m, move)
    others = {c for c in m.grid if c not in group}
    if not others:
        raise IllegalActionError(R_JOIN, f"{move.player}'s group is already joined to every "
                                 f"other tile", expected="another group to join", given=None)
    overlap = sorted(c for c in where.values() if c in others)
    if overlap:
        raise IllegalActionError(R_JOIN, f"the moved group would overlap the tile at "
                                 f"{overlap[0]}", expected="no overlap", given=overlap[0])
    placed = set(where.values())
    if not any(n in others for c in placed for n in neighbours(c)):
        raise IllegalActionError(R_JOIN, "the moved group must touch another group on at least "
                                 "one edge", expected="a shared edge", given=move.offset)


def map_joined(m: BeeMap) -> bool:
    """True once the tiles form one unified group (the end of Joining the Map)."""
    return len(groups(m)) <= 1


def join(m: BeeMap, move: Join) -> BeeMap:
    """Check and carry out a join; returns the map with the group moved (tiles, hives and
    workers on it go along)."""
    check_join(m, move)
    _, where = _join_parts(m, move)
    return _relocate(m, where)


def move_group(m: BeeMap, member: Coord, offset: Coord, rotation: int = 0) -> BeeMap:
    """Before joining, slide (and turn about ``member``) the group holding tile ``member``:
    segments lie apart on the table and where they lie means nothing.  The group must still
    neither overlap nor touch another group.

    :raises InvalidInputError: no tile at ``member``, bad offset or rotation.
    :raises IllegalActionError: (Bee Lives: Joining the Map) it would overlap or touch.
    """
    member = _require_coord("tile", member)
    if member not in m.grid:
        raise InvalidInputError("tile", member, "a space with a map tile")
    offset = _require_coord("offset", offset)
    rotation = require_int("rotation", rotation, 0, 5)
    group = next(g for g in groups(m) if member in g)
    where = _moved(m, group, member, rotation, offset)
    others = {c for c in m.grid if c not in group}
    placed = set(where.values())
    if placed & others or any(n in others for c in placed for n in neighbours(c)):
        raise IllegalActionError(R_JOIN, "before the map is joined, segments stay apart",
                                 expected="no overlap and no shared edge", given=offset)
    return _relocate(m, where)


# --- wildfire -------------------------------------------------------------------------------
# Where the fire starts and which row it reaches next are read in
# :mod:`hyvekit.rules.beelives.solo` (``fire_start``, ``spread_fire``; rulings L89, L90), on the
# same axial coordinates; the map only records the flipped tiles.

def burn(m: BeeMap, tiles: Iterable[Coord]) -> BeeMap:
    """Wildfire: flip ``tiles`` (a row the fire reached, e.g. ``solo.spread_fire(...).flipped``)
    to the burnt side.

    :raises InvalidInputError: a coordinate without a tile.
    """
    out = m
    for c in tiles:
        out = flip(out, c, "burnt")
    return out


def burnt_tiles(m: BeeMap) -> tuple[Coord, ...]:
    """The tiles the fire has flipped, sorted."""
    return tuple(c for c, t in m.tiles if t.dark == "burnt")


def hive_burnt(m: BeeMap, name: str) -> bool:
    """Wildfire: "if the map tile occupied by your hive flips due to the spreading fire, you
    lose!"."""
    return m.grid[m.hive(name).at].dark == "burnt"


def spaces_from_fire(m: BeeMap, n: int) -> tuple[Coord, ...]:
    """Wildfire: tiles exactly ``n`` spaces from the nearest burnt tile (of the same group) that
    can take a new wild hive (no hive, not burnt).  Empty: "the hive is not spawned"."""
    n = require_int("spaces from the fire", n, 1, 99)
    fire = [c for c, t in m.tiles if t.dark == "burnt"]
    out = []
    for c, _ in m.tiles:
        if _spawn_problem(m, c) is not None:
            continue
        ds = [distance(c, f) for f in fire if reachable(m, c, f)]
        if ds and min(ds) == n:
            out.append(c)
    return tuple(sorted(out))


# --- serialisation --------------------------------------------------------------------------

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


# --- packaged data --------------------------------------------------------------------------

@dataclass(frozen=True)
class MapData:
    """``beelives_map.toml``: the tile bag (rulebook), reach, card targets, start spacing
    (assumed) and whether the hex geometry is assumed."""

    bag: tuple[tuple[str, int], ...]
    max_distance: int
    explorer_tiles: int
    great_migration_length: int
    start_spacing: int
    geometry_assumed: bool


def map_data_from_dict(raw: Mapping[str, Any]) -> MapData:
    """The map table (the packaged ``beelives_map.toml``, or a table of the same shape) →
    :class:`MapData`.

    :raises InvalidInputError: missing table or impossible value.
    """
    try:
        bag, rb, setup, geo = raw["tile_bag"], raw["rulebook"], raw["setup"], raw["geometry"]
    except KeyError as exc:
        raise InvalidInputError("map data file", f"no [{exc.args[0]}] table",
                                "the tables tile_bag, rulebook, geometry, setup") from None
    counts = tuple((t, require_int(f"tile_bag.{t}", bag.get(t), 0, 999)) for t in TILE_TYPES)
    total = require_int("tile_bag.total", bag.get("total"), 0, 9999)
    if sum(n for _, n in counts) != total:
        raise InvalidInputError("tile_bag.total", total, f"the sum {sum(n for _, n in counts)}")
    if geo.get("shape") != "hex":
        raise InvalidInputError("geometry.shape", geo.get("shape"), "hex (the only one modelled)")
    return MapData(
        bag=counts,
        max_distance=require_int("rulebook.max_distance", rb.get("max_distance"), 0, 9),
        explorer_tiles=require_int("rulebook.explorer_tiles", rb.get("explorer_tiles"), 0, 999),
        great_migration_length=require_int("rulebook.great_migration_length",
                                           rb.get("great_migration_length"), 0, 999),
        start_spacing=require_int("setup.start_spacing", setup.get("start_spacing"), 3, 1000),
        geometry_assumed=bool(geo.get("assumed", False)),
    )


def from_starting_map(starting: Any, player: str = "You",
                       wild_names: Sequence[str] = ()) -> BeeMap:
    """A solo scenario card's starting map as a :class:`BeeMap`.  ``starting`` is a
    :class:`hyvekit.rules.beelives.solo.StartingMap` (its ``tiles`` carry ``q``, ``r``,
    ``tile`` and ``hive`` = ``"you"`` / ``"wild"`` / None); the layouts are hyvekit's
    assumptions, kept with the cards in ``beelives_solo.toml``.  The player's hive is named
    ``player``; wild hives take ``wild_names`` in order of their tiles, else ``WILD 1``, ...
    (wild hive strengths stay with the cards).

    :raises InvalidInputError: a malformed starting map or a name used twice.
    """
    tiles, hives, n = [], [], 0
    for t in getattr(starting, "tiles", None) or ():
        try:
            at = (require_int("starting map q", t.q), require_int("starting map r", t.r))
            kind, hive = str(t.tile), t.hive
        except AttributeError:
            raise InvalidInputError("starting map tile", t, "q, r, tile, hive") from None
        tiles.append((at, Tile(kind)))
        if hive == "you":
            hives.append(MapHive(player, "player", at))
        elif hive == "wild":
            name = wild_names[n] if n < len(wild_names) else f"WILD {n + 1}"
            n += 1
            hives.append(MapHive(name, "wild", at))
        elif hive is not None:
            raise InvalidInputError("starting map hive", hive, "you, wild or none")
    if not tiles:
        raise InvalidInputError("starting map", starting, "a starting map with tiles")
    return validate_map(BeeMap(tuple(tiles), tuple(hives)))


def goal_progress(m: BeeMap, data: MapData) -> dict[str, tuple[int, int, bool]]:
    """Solo card map goals: ``{"explorer": (tiles, 20, met), "great migration": (length, 12,
    met)}``."""
    size, length = map_size(m), map_length(m)
    return {"explorer": (size, data.explorer_tiles, size >= data.explorer_tiles),
            "great migration": (length, data.great_migration_length,
                                length >= data.great_migration_length)}


__all__ = [
    "BeeMap", "Coord", "ForageOption", "Join", "MapData", "MapHive", "Segment", "Tile",
    "burn", "burnt_tiles", "from_starting_map", "longest_line", "map_joined",
    "Workers", "activation_order", "bees_needed", "check_forage",
    "check_join", "check_raid_range", "check_scout", "check_spawn", "cleanup", "closest_hives",
    "closest_tiles", "distance", "draw_tiles", "farthest_hives", "flip", "forage",
    "forage_action", "forage_options", "from_dict", "from_text", "goal_progress", "groups",
    "hive_burnt", "hive_distance", "join", "join_order", "map_data_from_dict", "map_length",
    "map_size", "move_group", "move_hive", "neighbours", "new_map",
    "place_raid_token", "raid_targets", "reachable", "remove_hive", "rotate", "scout",
    "scout_spaces", "segments", "spaces_from_fire", "spaces_within", "spawn_places",
    "spawn_wild", "starting_map", "swap_hives", "target_for", "tile_bag", "tiles_within",
    "to_dict", "to_text", "validate_map", "wild_tile_options",
]
