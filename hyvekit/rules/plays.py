"""Plays across records: a finished game (or a legacy scenario, or a logged Queen Bee match)
as one play, and the statistics a group reads from many (``hyvekit stats``).

A :class:`Play` is what a play logger keeps (BG Stats, BoardGameGeek): when, how long, who
sat at the table with what score, who won, in which rank, who started, which role (queen,
colour, mode), and a comment.  Each game's records give theirs (:mod:`hyvekit.games.plays`);
everything here works on plays alone and does no I/O.

Names: a player is the same person across records by name, letter case aside, and by the
aliases the group gives (``ALIAS=NAME``): :func:`canonical_names`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import input_text
from hyvekit.rules.values import dataclass

#: steps further apart than this are two sittings: the time between is not play time
SITTING_BREAK = timedelta(minutes=30)
#: the games plays are counted for, as records name them
GAMES = ("beelives", "hyve", "queenbee", "beez")


@dataclass(frozen=True)
class Seat:
    """One player of a play.

    :ivar name: as the record spells it (:func:`canonical_names` merges spellings).
    :ivar score: the final score (VP, honey drops), or None for a game without points.
    :ivar winner: won (several may share a win; a solo player wins by the solo rules).
    :ivar rank: 1 for the winner(s), then by score or by the order the rules give; None
        when the game ranks nobody (a solo play).
    :ivar start_player: took the first turn.
    :ivar role: the player's own part: a Bee Lives queen, Queen Bee skills ("" when none; a
        HYVE mode is the game's, said in the comment).
    """

    name: str
    score: int | None = None
    winner: bool = False
    rank: int | None = None
    start_player: bool = False
    role: str = ""


@dataclass(frozen=True)
class Play:
    """One play: ``game`` (a :data:`GAMES` id), ``source_id`` (unique: the record's id, and
    ``#N`` for the N-th play of a record that holds several), the record's ``record`` id and
    ``name``, when it ``started`` and ``ended`` (ISO 8601 times, None when the record does not
    tell), ``minutes`` of play (:func:`play_minutes`; None when unknown), the ``seats`` in
    seat order, ``finished`` (a game still at the table is not a play to log), a ``comment``
    (scenario, mode, cards), ``facts``: what the game's statistics count (JSON-able), and
    ``assisted``: the players shown a hint by the advisor during it (docs/advisor.md; none:
    a play without help)."""

    game: str
    source_id: str
    record: str
    name: str
    started: str | None
    ended: str | None
    minutes: int | None
    seats: tuple[Seat, ...]
    finished: bool = True
    comment: str = ""
    facts: Mapping[str, Any] = None  # type: ignore[assignment]
    assisted: tuple[str, ...] = ()

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.winner)

    @property
    def assisted_note(self) -> str:
        """What a play logger's comment says of the help: "assisted: hyvekit's hints shown
        to Ann, Bo" ("" for a play without hints)."""
        if not self.assisted:
            return ""
        return "assisted: hyvekit's hints shown to " + ", ".join(self.assisted)

    @property
    def date(self) -> str:
        """The day it started (``YYYY-MM-DD``), "" when unknown."""
        return (self.started or "")[:10]


def play_minutes(times: Sequence[str]) -> int | None:
    """Minutes of play from the times its steps were made (ISO 8601, in order): the gaps
    between steps, a gap over :data:`SITTING_BREAK` counting as a break between sittings (not
    played), rounded to whole minutes; None with fewer than two steps."""
    stamps = [datetime.fromisoformat(t) for t in times if t]
    if len(stamps) < 2:
        return None
    played = sum(((b - a) for a, b in zip(stamps, stamps[1:]) if b - a <= SITTING_BREAK),
                 timedelta())
    return round(played.total_seconds() / 60)


def ranked(scores: Sequence[int | None], winners: Sequence[bool]) -> list[int | None]:
    """Competition ranks (1, 2, 2, 4) of seats: the winners first (rank 1), then the others
    by score, highest first; None for every seat when no seat has a score and none won."""
    if all(s is None for s in scores) and not any(winners):
        return [None] * len(scores)
    keys = [(0 if w else 1, -(s if s is not None else -10**9)) for s, w in zip(scores, winners)]
    return [1 + sum(1 for other in keys if other < k) for k in keys]


def parse_aliases(pairs: Iterable[str]) -> dict[str, str]:
    """``["Annie=Ann", "bob=Bob"]`` → ``{"annie": "Ann", "bob": "Bob"}`` (the spelling a
    group uses → the name counted).

    :raises InvalidInputError: a pair without ``=`` or with an empty side (``--alias``).
    """
    out: dict[str, str] = {}
    for pair in pairs:
        alias, eq, name = str(pair).partition("=")
        if not eq or not alias.strip() or not name.strip():
            raise InvalidInputError("--alias", pair, "ALIAS=NAME, e.g. Annie=Ann")
        out[input_text("--alias", alias).casefold()] = input_text("--alias", name)
    return out


def canonical_names(plays: Iterable[Play], aliases: Mapping[str, str] | None = None
                    ) -> dict[str, str]:
    """Each spelling of a player's name in ``plays`` → the name they are counted under: the
    alias's name where one is given, else the spelling seen in the most plays (letter case
    aside; on a tie, the one met first)."""
    aliases = {k.casefold(): v for k, v in (aliases or {}).items()}

    def key(name: str) -> str:
        return aliases.get(name.casefold(), name).casefold()

    seen: dict[str, dict[str, int]] = defaultdict(dict)      # key → spelling → plays
    for play in plays:
        for seat in play.seats:
            spellings = seen[key(seat.name)]
            spellings[seat.name] = spellings.get(seat.name, 0) + 1
    chosen = {k: max(sp, key=lambda n, sp=sp: sp[n]) for k, sp in seen.items()}
    chosen.update({v.casefold(): v for v in aliases.values()})   # as the group spells it
    return {name: chosen[key(name)] for sp in seen.values() for name in sp}


def named(plays: Iterable[Play], names: Mapping[str, str]) -> list[Play]:
    """``plays`` with every seat under its counted name (:func:`canonical_names`).

    :raises InvalidInputError: two players of one play counted as one person (``--alias``).
    """
    from dataclasses import replace
    out = []
    for p in plays:
        seats = tuple(replace(s, name=names.get(s.name, s.name)) for s in p.seats)
        counted_names = [s.name.casefold() for s in seats]
        if len(set(counted_names)) < len(counted_names):
            both = sorted(s.name for s in p.seats
                          if counted_names.count(names.get(s.name, s.name).casefold()) > 1)
            raise InvalidInputError("--alias", " and ".join(both),
                                    f"names of different people: both sat in play "
                                    f"{p.source_id}")
        out.append(replace(p, seats=seats))
    return out


@dataclass(frozen=True)
class PlayerLine:
    """One player's plays of one game: ``plays``, ``wins``, ``win_rate`` (0-1), the
    ``average`` and ``best`` score (None without points)."""

    name: str
    game: str
    plays: int
    wins: int
    average: float | None
    best: int | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def player_lines(plays: Iterable[Play]) -> list[PlayerLine]:
    """Per player and game, over finished plays: plays, wins, average and best score; by
    game, then most wins, then name."""
    table: dict[tuple[str, str], list[Seat]] = defaultdict(list)
    for p in plays:
        if p.finished:
            for s in p.seats:
                table[(s.name, p.game)].append(s)
    out = []
    for (name, game), seats in table.items():
        scores = [s.score for s in seats if s.score is not None]
        out.append(PlayerLine(name, game, len(seats), sum(s.winner for s in seats),
                              round(sum(scores) / len(scores), 1) if scores else None,
                              max(scores) if scores else None))
    return sorted(out, key=lambda x: (GAMES.index(x.game) if x.game in GAMES else 99,
                                      -x.wins, -x.plays, x.name.casefold()))


@dataclass(frozen=True)
class Pairing:
    """Two players' record against each other in one ``game``: plays they both sat in
    (finished, ranked), and how often each finished ahead (better rank) of the other."""

    game: str
    a: str
    b: str
    plays: int
    a_ahead: int
    b_ahead: int

    @property
    def even(self) -> int:
        return self.plays - self.a_ahead - self.b_ahead


def head_to_head(plays: Iterable[Play]) -> list[Pairing]:
    """Every pair of players who met in a finished, ranked play of a game, and who finished
    ahead of whom (the better rank; equal ranks are even); by game, most plays first."""
    count: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for p in plays:
        if not p.finished or len(p.seats) < 2 or all(s.rank is None for s in p.seats):
            continue
        for i, x in enumerate(p.seats):
            for y in p.seats[i + 1:]:
                a, b = sorted((x, y), key=lambda s: s.name.casefold())
                if a.name == b.name:
                    continue
                c = count[(p.game, a.name, b.name)]
                c[0] += 1
                ra, rb = a.rank or 99, b.rank or 99
                c[1] += ra < rb
                c[2] += rb < ra
    return sorted((Pairing(g, a, b, *c) for (g, a, b), c in count.items()),
                  key=lambda x: (GAMES.index(x.game) if x.game in GAMES else 99, -x.plays,
                                 x.a.casefold(), x.b.casefold()))


def tally(plays: Iterable[Play], fact: str) -> dict[str, list[int]]:
    """A game's finished plays grouped by a fact (a queen, a number of players, a solo card,
    a mode): ``{value: [plays, wins]}``; a fact holding a list counts each value, a mapping
    of player → value counts each player's (a win: that player won)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in plays:
        if not p.finished or not p.facts or p.facts.get(fact) is None:
            continue
        value = p.facts[fact]
        if isinstance(value, Mapping):
            for player, v in value.items():
                row = out[str(v)]
                row[0] += 1
                row[1] += player in p.winners
            continue
        for v in value if isinstance(value, list) else [value]:
            row = out[str(v)]
            row[0] += 1
            row[1] += bool(p.winners)
    return dict(sorted(out.items(), key=lambda kv: (-kv[1][0], kv[0])))


def total(plays: Iterable[Play], fact: str) -> int:
    """The sum of a numeric fact over finished plays (wild hives destroyed, honey earned)."""
    return sum(int(p.facts.get(fact) or 0) for p in plays if p.finished and p.facts)


def narrowed(plays: Iterable[Play], *, game: str | None = None, record: str | None = None,
             player: str | None = None, since: str | None = None) -> list[Play]:
    """The plays of ``game``, of the record ``record``, with ``player`` at the table (its
    counted name, case aside), started on or after ``since`` (``YYYY-MM-DD``)."""
    out = []
    for p in plays:
        if game and p.game != game or record and p.record != record:
            continue
        if player and player.casefold() not in {s.name.casefold() for s in p.seats}:
            continue
        if since and (not p.date or p.date < since):
            continue
        out.append(p)
    return out
