"""The Bee Lives starting map and Joining the Map (rules/bee-lives.txt, "Starting Map",
"Joining the Map"): each player's segment moved and turned to touch the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hyvekit.rules.beelives.hexgrid import Coord, neighbours, rotate
from hyvekit.rules.beelives.map_tiles import (
    R_JOIN,
    BeeMap,
    MapHive,
    Tile,
    groups,
    require_coord,
    validate_map,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


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
        raise not_one_of("first player", first_player, players)
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
    offset = require_coord("offset", move.offset)
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
    member = require_coord("tile", member)
    if member not in m.grid:
        raise InvalidInputError("tile", member, "a space with a map tile")
    offset = require_coord("offset", offset)
    rotation = require_int("rotation", rotation, 0, 5)
    group = next(g for g in groups(m) if member in g)
    where = _moved(m, group, member, rotation, offset)
    others = {c for c in m.grid if c not in group}
    placed = set(where.values())
    if placed & others or any(n in others for c in placed for n in neighbours(c)):
        raise IllegalActionError(R_JOIN, "before the map is joined, segments stay apart",
                                 expected="no overlap and no shared edge", given=offset)
    return _relocate(m, where)
