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

This module gathers the names of :mod:`.map_tiles` (the state), :mod:`.map_actions` (the
actions and the charts' queries), :mod:`.map_join` (starting map, joining) and
:mod:`.map_text` (JSON and text), with the geometry of :mod:`.hexgrid`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.hexgrid import Coord, distance, neighbours, rotate
from hyvekit.rules.beelives.map_actions import (
    ForageOption,
    activation_order,
    bees_needed,
    burn,
    burnt_tiles,
    check_forage,
    check_raid_range,
    check_scout,
    check_spawn,
    cleanup,
    closest_hives,
    closest_tiles,
    draw_tiles,
    farthest_hives,
    flip,
    forage,
    forage_action,
    forage_options,
    hive_burnt,
    move_hive,
    place_raid_token,
    raid_targets,
    remove_hive,
    scout,
    scout_spaces,
    spaces_from_fire,
    spawn_places,
    spawn_tiles,
    spawn_wild,
    swap_hives,
    target_for,
    tile_bag,
    wild_tile_options,
)
from hyvekit.rules.beelives.map_join import (
    Join,
    check_join,
    join,
    join_order,
    map_joined,
    move_group,
    starting_map,
)
from hyvekit.rules.beelives.map_text import from_dict, from_text, to_dict, to_text
from hyvekit.rules.beelives.map_tiles import (
    DARK_MARKS,
    DARK_SIDES,
    HIVE_KINDS,
    MAX_DISTANCE,
    R_FORAGE,
    R_JOIN,
    R_RAID,
    R_SCOUT,
    R_SWARM,
    R_WILD,
    TEXT_HEADER,
    TILE_LETTERS,
    BeeMap,
    MapHive,
    Segment,
    Tile,
    Workers,
    groups,
    hive_distance,
    longest_line,
    map_length,
    map_size,
    new_map,
    reachable,
    segments,
    spaces_within,
    tiles_within,
    validate_map,
)
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.values import dataclass

__all__ = ["activation_order", "BeeMap", "bees_needed", "burn", "burnt_tiles", "check_forage",
           "check_join", "check_raid_range", "check_scout", "check_spawn", "cleanup",
           "closest_hives", "closest_tiles", "Coord", "DARK_MARKS", "DARK_SIDES", "distance",
           "draw_tiles", "farthest_hives", "flip", "forage", "forage_action", "forage_options",
           "ForageOption", "from_dict", "from_starting_map", "from_text", "goal_progress",
           "groups", "hive_burnt", "hive_distance", "HIVE_KINDS", "Join", "join", "join_order",
           "map_data_from_dict", "longest_line", "map_joined", "map_length", "map_size", "MapData",
           "MapHive", "MAX_DISTANCE", "move_group", "move_hive", "neighbours", "new_map",
           "place_raid_token", "R_FORAGE", "R_JOIN", "R_RAID", "R_SCOUT", "R_SWARM", "R_WILD",
           "raid_targets", "reachable", "remove_hive", "rotate", "scout", "scout_spaces",
           "Segment", "segments", "spaces_from_fire", "spaces_within", "spawn_places",
           "spawn_tiles", "spawn_wild", "starting_map", "swap_hives", "target_for", "TEXT_HEADER", "Tile",
           "tile_bag", "TILE_LETTERS", "tiles_within", "to_dict", "to_text", "validate_map",
           "wild_tile_options", "Workers"]



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
