"""Queen Bee's board as data: named spaces, their types, their hives and adjacency.

Rulebook sections: Game Board (nest, hive spaces, the two tunnel entrances and three larva
spaces of each hive, tunnels, grass; warriors and workers barred from some), Setup (the nest,
the warriors' row nearest it and the workers' row, whose end spaces are tunnels).

The rulebook prints no map: the packaged board (``data/queenbee_board.toml``) is hyvekit's
assumption, marked so (:attr:`Board.assumed`); a player passes their own of the same shape.
:func:`board_from_table` builds a :class:`Board` from a table already read and checks it.

Units: spaces (a move's distance is the number of spaces entered).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.queenbee.board import SETUP_ROW, SPACE_TYPES
from hyvekit.rules.validate import find, require_table
from hyvekit.rules.values import dataclass

NEST, HIVE, HIVE_TUNNEL, TUNNEL, GRASS = "nest", "hive", "hive-tunnel", "tunnel", "grass"
#: Game Board: "Each hive also has two spaces showing a tunnel entrance"
ENTRANCES = 2
#: Game Board: "three spaces with larvae"
LARVAE = 3
SPACE_KEYS = ("type", "hive", "larva", "adjacent")
HIVE_KEYS = ("nest", "warriors", "workers")
BOARD_KEYS = ("board", "seats", "hives", "spaces")
MAX_SPACES = 400
MAX_NAME = 12


@dataclass(frozen=True)
class Space:
    """One space of the board.

    :ivar name: as the steps name it (``H1b``).
    :ivar type: nest, hive, hive-tunnel (a hive's tunnel entrance: tunnel and hive at once),
        tunnel or grass.
    :ivar hive: the hive it belongs to (nest and hive spaces), else None.
    :ivar larva: a larva space (Reinforcement).
    :ivar adjacent: the spaces next to it, by name.
    """

    name: str
    type: str
    hive: int | None
    larva: bool
    adjacent: tuple[str, ...]

    @property
    def tunnel(self) -> bool:
        """A tunnel space (tunnels and the hives' tunnel entrances)."""
        return self.type in (TUNNEL, HIVE_TUNNEL)

    @property
    def in_hive(self) -> bool:
        """A hive space (the tunnel entrances too), not the nest."""
        return self.type in (HIVE, HIVE_TUNNEL)


@dataclass(frozen=True)
class Hive:
    """A hive: its ``number``, its ``nest`` and the two setup rows (end, centre, end):
    ``warriors`` nearest the nest and ``workers`` the next (Setup)."""

    number: int
    nest: str
    warriors: tuple[str, str, str]
    workers: tuple[str, str, str]


@dataclass(frozen=True)
class Board:
    """The board: every space by name, the hives, and which hives the players take.

    :ivar seats: ``(players, (hive of seat 1, hive of seat 2, ...))`` for 2-6 players.
    :ivar assumed: the layout is hyvekit's own (the packaged one), not the publisher's.
    :ivar source: ``packaged`` or the player's file name.
    """

    spaces: Mapping[str, Space]
    hives: Mapping[int, Hive]
    seats: tuple[tuple[int, tuple[int, ...]], ...]
    assumed: bool = True
    source: str = "packaged"

    def space(self, name: str, field: str = "space") -> Space:
        """The space called ``name`` (case aside).

        :raises InvalidInputError: no such space (close matches suggested).
        """
        return self.spaces[find(field, name, list(self.spaces), partial=False)]

    def hives_for(self, players: int) -> tuple[int, ...]:
        """The hives of seats 1..players.

        :raises InvalidInputError: a player count the board has no seats for.
        """
        for n, hives in self.seats:
            if n == players:
                return hives
        raise InvalidInputError("players", players, "a player count the board seats: "
                                + ", ".join(str(n) for n, _ in self.seats))

    @property
    def circle(self) -> tuple[int, ...]:
        """The hives in order around the board, by number: hive N is next to N-1 and N+1, the
        last next to the first (Variant for 5-6 Players: "the hives to your left and right";
        ruling Q29)."""
        return tuple(sorted(self.hives))

    def larva_spaces(self, hive: int) -> tuple[str, ...]:
        """The larva spaces of ``hive``, in board order."""
        return tuple(s.name for s in self.spaces.values() if s.hive == hive and s.larva)

    def hive_spaces(self, hive: int) -> tuple[str, ...]:
        """The hive spaces of ``hive`` (not its nest), in board order."""
        return tuple(s.name for s in self.spaces.values() if s.hive == hive and s.in_hive)

    def to_dict(self) -> dict[str, Any]:
        """The board as ``--json`` gives it."""
        return {"assumed": self.assumed, "source": self.source,
                "seats": {str(n): list(h) for n, h in self.seats},
                "hives": {str(k): {"nest": h.nest, "warriors": list(h.warriors),
                                   "workers": list(h.workers)} for k, h in self.hives.items()},
                "spaces": [{"name": s.name, "type": s.type, "hive": s.hive, "larva": s.larva,
                            "adjacent": list(s.adjacent)} for s in self.spaces.values()]}


def _names(where: str, raw: Any, count: int | None = None) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw) or (
            count is not None and len(raw) != count):
        what = f"a list of {count} space names" if count else "a list of space names"
        raise InvalidInputError(where, raw, what)
    return tuple(raw)


def _space(name: str, raw: Any) -> Space:
    where = f"spaces.{name}"
    require_table(where, raw, SPACE_KEYS)
    if not name or len(name) > MAX_NAME or not name.replace("-", "").isalnum() \
            or not name.isascii():
        raise InvalidInputError("space name", name, f"letters, digits and '-', at most "
                                f"{MAX_NAME} characters")
    kind = raw.get("type")
    if kind not in SPACE_TYPES:
        raise InvalidInputError(f"{where}.type", kind, "one of " + ", ".join(SPACE_TYPES))
    hive = raw.get("hive")
    if kind in (NEST, HIVE, HIVE_TUNNEL):
        if isinstance(hive, bool) or not isinstance(hive, int):
            raise InvalidInputError(f"{where}.hive", hive, f"the number of the hive this "
                                    f"{kind} space belongs to")
    elif hive is not None:
        raise InvalidInputError(f"{where}.hive", hive, f"no hive: a {kind} space belongs to "
                                "none")
    larva = raw.get("larva", False)
    if not isinstance(larva, bool) or (larva and kind != HIVE):
        raise InvalidInputError(f"{where}.larva", larva, "true only on a hive space (not a "
                                "tunnel entrance), else false")
    return Space(name, kind, hive, larva, _names(f"{where}.adjacent", raw.get("adjacent")))


def _check_adjacency(spaces: Mapping[str, Space]) -> None:
    """Every adjacent name a space, never the space itself, and listed on both sides.

    :raises InvalidInputError: the first problem, naming both spaces.
    """
    for s in spaces.values():
        for a in s.adjacent:
            if a not in spaces:
                raise InvalidInputError(f"spaces.{s.name}.adjacent", a, "names of spaces "
                                        "of the board")
            if a == s.name:
                raise InvalidInputError(f"spaces.{s.name}.adjacent", a, "other spaces (a "
                                        "space is not adjacent to itself)")
            if s.name not in spaces[a].adjacent:
                raise InvalidInputError(f"spaces.{a}.adjacent", list(spaces[a].adjacent),
                                        f"{s.name} among them: {s.name} lists {a} as adjacent, "
                                        f"so adjacency goes both ways")


def _hive(number: int, raw: Any, spaces: Mapping[str, Space]) -> Hive:
    """A hive's table checked against its spaces (Setup, Game Board).

    :raises InvalidInputError: a row or nest of another hive or type, not three larva spaces or
        two tunnel entrances, a nest not next to the warriors' row.
    """
    where = f"hives.{number}"
    require_table(where, raw, HIVE_KEYS)
    nest = raw.get("nest")
    warriors = _names(f"{where}.warriors", raw.get("warriors"), len(SETUP_ROW))
    workers = _names(f"{where}.workers", raw.get("workers"), len(SETUP_ROW))
    for key, names in (("nest", (nest,)), ("warriors", warriors), ("workers", workers)):
        for n in names:
            if n not in spaces or spaces[n].hive != number:
                raise InvalidInputError(f"{where}.{key}", n, f"a space of hive {number}")
    if spaces[nest].type != NEST:
        raise InvalidInputError(f"{where}.nest", nest, "a nest space")
    for n in warriors:
        if spaces[n].type != HIVE:
            raise InvalidInputError(f"{where}.warriors", n, "hive spaces that are no tunnel "
                                    "(warriors cannot be on tunnel spaces)")
        if nest not in spaces[n].adjacent:
            raise InvalidInputError(f"{where}.warriors", n, f"the row nearest the nest: "
                                    f"spaces next to {nest}")
    if [spaces[n].type for n in workers] != [HIVE_TUNNEL, HIVE, HIVE_TUNNEL]:
        raise InvalidInputError(f"{where}.workers", list(workers), "an end space, the centre "
                                "and an end space, the two ends the hive's tunnel entrances "
                                "(type hive-tunnel), the centre a hive space")
    mine = [s for s in spaces.values() if s.hive == number]
    for count, what, have in ((LARVAE, "larva spaces", [s for s in mine if s.larva]),
                              (ENTRANCES, "tunnel entrances (hive-tunnel)",
                               [s for s in mine if s.type == HIVE_TUNNEL]),
                              (1, "nest", [s for s in mine if s.type == NEST])):
        if len(have) != count:
            raise InvalidInputError(f"hive {number}", f"{len(have)} {what}",
                                    f"{count} {what} (Game Board)")
    return Hive(number, nest, warriors, workers)


def _seats(raw: Any, hives: Mapping[int, Hive]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    require_table("seats", raw, [str(n) for n in range(2, 7)])
    out = []
    for key in sorted(raw, key=int):
        hs = raw[key]
        if not isinstance(hs, list) or len(hs) != int(key) or len(set(hs)) != len(hs) \
                or not all(h in hives for h in hs):
            raise InvalidInputError(f"seats.{key}", hs, f"{key} different hive numbers of "
                                    "the board, in seat order")
        out.append((int(key), tuple(hs)))
    return tuple(out)


def board_from_table(raw: Mapping[str, Any], source: str = "packaged") -> Board:
    """A board from its table (``[board]``, ``[seats]``, ``[hives.N]``, ``[spaces]``: the
    shape of ``data/queenbee_board.toml``), checked.

    :raises InvalidInputError: an unknown key, a space of an unknown type, adjacency not
        listed on both sides or naming no space, a hive without its three larva spaces, two
        tunnel entrances and a nest, setup rows that do not fit the rulebook's Setup, seats
        that name no hive (each naming the problem where it is).
    """
    require_table("board file", raw, BOARD_KEYS)
    for key in ("seats", "hives", "spaces"):
        if not isinstance(raw.get(key), dict) or not raw[key]:
            raise InvalidInputError("board file", f"no [{key}]", "a board with [seats], "
                                    "[hives.N] and [spaces] tables")
    if len(raw["spaces"]) > MAX_SPACES:
        raise InvalidInputError("spaces", len(raw["spaces"]), f"at most {MAX_SPACES} spaces")
    spaces = {name: _space(name, s) for name, s in raw["spaces"].items()}
    folded: dict[str, str] = {}
    for name in spaces:
        if name.casefold() in folded:
            raise InvalidInputError("space name", name, f"names that differ by more than case "
                                    f"({folded[name.casefold()]} is another)")
        folded[name.casefold()] = name
    _check_adjacency(spaces)
    hives: dict[int, Hive] = {}
    for key, h in raw["hives"].items():
        if not key.isdigit() or not 1 <= int(key) <= 99:
            raise InvalidInputError("hives", key, "hive numbers 1-99")
        hives[int(key)] = _hive(int(key), h, spaces)
    for s in spaces.values():
        if s.hive is not None and s.hive not in hives:
            raise InvalidInputError(f"spaces.{s.name}.hive", s.hive, "a hive of [hives]: "
                                    + ", ".join(map(str, hives)))
    info = raw.get("board", {})
    require_table("board", info, ("assumed", "reasoning", "source"))
    return Board(spaces, hives, _seats(raw["seats"], hives),
                 bool(info.get("assumed", True)), source)


def reachable(board: Board, start: str, limit: int, may_enter: Callable[[Space], bool],
              may_pass: Callable[[Space], bool]) -> dict[str, int]:
    """The spaces a bee on ``start`` reaches in at most ``limit`` spaces, each with its
    shortest distance (Turn Order: Flight, Sting): every space on the way and the last one
    must be one the bee may enter (``may_enter``), and every space it moves through one it
    may pass (``may_pass``: no opponent's bees, room for one more).  ``start`` itself is
    left out."""
    out: dict[str, int] = {}
    todo = deque([(start, 0)])
    seen = {start}
    while todo:
        name, d = todo.popleft()
        if d == limit:
            continue
        for a in board.spaces[name].adjacent:
            if a in seen:
                continue
            seen.add(a)
            s = board.spaces[a]
            if not may_enter(s):
                continue
            out[a] = d + 1
            if may_pass(s):
                todo.append((a, d + 1))
    return out

