"""What the Bee Lives actions do on the map (rules/bee-lives.txt, "Forage", "Scout", "Raid",
"Swarm Phase", "Wild Hives", "Cleanup Phase"; the solo cards' flipped tiles and Wildfire's
burnt rows): each action's ``check_*`` (raises) and its applying function (the next map), and
the queries the wild hives' priority charts need (closest tiles and hives, Example E's order).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hyvekit.rules.beelives import wild as W
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.hexgrid import Coord, distance, neighbours
from hyvekit.rules.beelives.map_tiles import (
    DARK_SIDES,
    HIVE_NAME,
    MAX_DISTANCE,
    R_FORAGE,
    R_RAID,
    R_SCOUT,
    R_SWARM,
    R_WILD,
    BeeMap,
    MapHive,
    Tile,
    Workers,
    hive_distance,
    reachable,
    require_coord,
    tiles_within,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


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
    at = require_coord("forage tile", at)
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
    count = 1 if h.kind == "wild" else max(1, distance(h.at, require_coord("tile", at)))
    return replace(m, workers=m.workers + (Workers(require_coord("tile", at), hive, count),))


def forage_action(m: BeeMap, hive: str, at: Coord, season: str, **kwargs: Any):
    """The :class:`hyvekit.rules.beelives.actions.Forage` for foraging ``at`` (tile type and
    distance read from the map), after :func:`check_forage`."""
    from hyvekit.rules.beelives.actions import Forage

    check_forage(m, hive, at)
    at = require_coord("tile", at)
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
        raise not_one_of("tile type", tile_type, TILE_TYPES)
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
                             + ("a hive on another segment of the map (the segments join at "
                                "the end of spring: Joining the Map)" if d is None
                                else f"{d} spaces")
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
            raise not_one_of("wild hive", name, [h.name for h in wilds])
    order = W.activation_order(near, [n for n in first_player_choice if n in near])
    rank = {n: i for i, n in enumerate(first_player_choice)}
    return order + tuple(sorted(far, key=lambda n: (rank.get(n, len(rank)), n)))


def _scout_reach(m: BeeMap, start: Coord) -> set[Coord]:
    """Empty spaces up to three spaces from ``start`` (the hex distance) that an unbroken line
    of map tiles from ``start`` leads to: spaces next to a tile of its group, the line of any
    length (ruling L62)."""
    grid = m.grid
    found: set[Coord] = set()
    for c in grid:
        if distance(start, c) > MAX_DISTANCE + 1 or not reachable(m, c, start):
            continue
        found.update(n for n in neighbours(c)
                     if n not in grid and distance(start, n) <= MAX_DISTANCE)
    return found


def _touches_other_group(m: BeeMap, at: Coord, own: Coord) -> Coord | None:
    for n in neighbours(at):
        if n in m.grid and not reachable(m, n, own):
            return n
    return None


def scout_spaces(m: BeeMap, hive: str) -> tuple[Coord, ...]:
    """Empty spaces ``hive`` may scout: up to three spaces away, with an unbroken line of map
    tiles from the hive's tile to the space (ruling L62: a path of edge-sharing tiles of any
    length, the space next to its last tile; "up to three spaces away" is the distance).  Spaces that would make this segment
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
    at = require_coord("scout space", at)
    if tile_type not in TILE_TYPES:
        raise not_one_of("tile type", tile_type, TILE_TYPES)
    if at in m.grid:
        raise IllegalActionError(R_SCOUT, f"{at} already has a {m.grid[at].type} tile; scout an "
                                 f"empty space", expected="an empty space", given=at)
    d = distance(h.at, at)
    if d > MAX_DISTANCE:
        raise IllegalActionError(R_SCOUT, f"an empty space up to {MAX_DISTANCE} spaces away, "
                                 f"got {d}", expected=MAX_DISTANCE, given=d)
    if at not in _scout_reach(m, h.at):
        raise IllegalActionError(R_SCOUT, f"no unbroken line of map tiles leads from {hive}'s "
                                 f"hive at {h.at} to {at}",
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
    return replace(m, tiles=m.tiles + ((require_coord("scout space", at), Tile(tile_type)),))


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


def spawn_tiles(m: BeeMap) -> tuple[Coord, ...]:
    """Every map tile a wild hive may spawn on wherever it is (a card's "spawn ... on the
    map"): tiles without a hive, in the map's order."""
    return tuple(c for c in m.grid if _spawn_problem(m, c) is None)


def check_spawn(m: BeeMap, name: str, at: Coord, near: str | None = None) -> None:
    """Check that a new wild hive ``name`` can be spawned on ``at``; with ``near``, also that
    ``at`` is within three spaces of that hive on its group (a tile a card names, such as the
    scouted or foraged tile, needs no ``near``).

    :raises InvalidInputError: malformed coordinate, a bad or used name, unknown ``near``.
    :raises IllegalActionError: (Bee Lives: Swarm Phase) not an available map placement or too
        far away.
    """
    at = require_coord("spawn tile", at)
    if not isinstance(name, str) or not HIVE_NAME.match(name):
        raise InvalidInputError("wild hive name", name,
                                "1-40 characters, no newline, brackets, comma or #")
    if m.has_hive(name):
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
    at = require_coord("spawn tile", at)
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
    to = require_coord("tile", to)
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
    at = require_coord("tile", at)
    if at not in m.grid:
        raise InvalidInputError("tile", at, "a space with a map tile")
    if dark is not None and dark not in DARK_SIDES:
        raise InvalidInputError("dark side", dark, "none or one of " + ", ".join(DARK_SIDES))
    return replace(m, tiles=tuple((c, replace(t, dark=dark) if c == at else t)
                                  for c, t in m.tiles))


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
