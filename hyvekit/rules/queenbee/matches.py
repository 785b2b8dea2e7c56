"""Queen Bee match records: a group of players and the matches they played.

Rulebook sections: Object of the Game (2-6 players), End of the Game ("only one queen remains";
FORCED ALLIANCE in games with 3+ players), Advanced Rules (one or two hive skills per player,
12 hive skill cards).

Units: players, matches, hive skills (cards), wins.

A record (``game = "queenbee"``, ``kind = "matches"``) has settings ``{"roster": [names]}``
(an empty roster accepts any name) and one event type, ``match``::

    {"players": ["ann", "bob", "cy"], "winner": "ann", "defeated": ["cy", "bob"],
     "skills": {"ann": ["..."], ...}, "alliances": [["cy", "ann"]], "date": "2025-06-01",
     "note": "..."}

``defeated`` lists the queens in the order they fell: every player but the winner, once each.
``alliances`` pairs ``[defeated player, queen]``: the defeated player's bees passed into the
service of that queen (a forced alliance).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import dataclass

R_PLAYERS = "Queen Bee: Object of the Game"
R_END = "Queen Bee: End of the Game"
R_ALLIANCE = "Queen Bee: End of the Game — Forced Alliance"
R_SKILLS = "Queen Bee: Advanced Rules — Hive Skills"

MIN_PLAYERS, MAX_PLAYERS = 2, 6     # Object of the Game: "Queen Bee is for 2-6 players"
MAX_SKILLS = 2                       # Advanced Rules: one or two skills per player
HIVE_SKILL_CARDS = 12                # Game Components / Advanced Rules
MAX_NAME = 40
EVENT_TYPES = ("match",)


def _name(field: str, value: object) -> str:
    text = str(value).strip()
    if not text or len(text) > MAX_NAME or any(ord(c) < 32 for c in text) or "," in text:
        raise InvalidInputError(field, value, f"a name of 1 to {MAX_NAME} characters without "
                                "commas")
    return text


@dataclass(frozen=True)
class Match:
    """One match.

    :ivar players: 2–6 distinct names, in seat order.
    :ivar winner: the player whose queen remained.
    :ivar defeated: the other players, in the order their queens were defeated.
    :ivar skills: ``(player, (skill, ...))`` hive skills per player (0, 1 or 2 each).
    :ivar alliances: ``(defeated player, queen)`` forced alliances.
    """

    players: tuple[str, ...]
    winner: str
    defeated: tuple[str, ...]
    skills: tuple[tuple[str, tuple[str, ...]], ...] = ()
    alliances: tuple[tuple[str, str], ...] = ()
    date: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class MatchLog:
    """A group's match log: roster (may be empty = any name) and matches in order."""

    roster: tuple[str, ...] = ()
    matches: tuple[Match, ...] = ()


def new_log(roster: list[str] | tuple[str, ...] = ()) -> MatchLog:
    """An empty log.  :raises InvalidInputError: bad or repeated roster names."""
    names = tuple(_name("--players", n) for n in roster)
    if len({n.casefold() for n in names}) != len(names):
        raise InvalidInputError("--players", ",".join(names), "distinct names")
    return MatchLog(names)


def check_roster(roster: Sequence[str], given: str | None = None) -> None:
    """A new match log's roster: none (any names may be logged) or at least
    :data:`MIN_PLAYERS` names, since a match has 2 to 6 players (Object of the Game) and a
    single name could log no match.

    :param given: the player's words, for the error.
    :raises InvalidInputError: exactly one name.
    """
    if len(roster) == 1:
        raise InvalidInputError("--players", ",".join(roster) if given is None else given,
                                "2 or more names (a match has 2 "
                                "to 6 players), or none to log matches with any names")


def state_from_settings(settings: dict[str, Any]) -> MatchLog:
    """The empty match log of a record header's settings (``{"roster": [names]}``)."""
    return new_log(settings.get("roster", []))


def check(log: MatchLog, m: Match) -> None:
    """Check a match.

    :raises IllegalActionError: 2–6 players (Object of the Game); the winner is a player; the
        defeated queens are every other player exactly once (End of the Game); skills 0–2 per
        player, the same number for everyone, no skill card twice (Advanced Rules); forced
        alliances only with 3+ players, only by a defeated player, with a queen still standing
        when that player fell (Forced Alliance).
    :raises InvalidInputError: a name not in the group's roster.
    """
    players = m.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalActionError(R_PLAYERS, f"Queen Bee is for {MIN_PLAYERS}-{MAX_PLAYERS} "
                                 f"players, got {len(players)}", given=len(players))
    folded = [p.casefold() for p in players]
    if len(set(folded)) != len(folded):
        dup = next(p for p in players if folded.count(p.casefold()) > 1)
        raise InvalidInputError("--players", ",".join(players), f"distinct players ({dup} "
                                "is listed twice)")
    if log.roster:
        known = {r.casefold() for r in log.roster}
        for p in players:
            if p.casefold() not in known:
                raise InvalidInputError("--players", p, "a player of this group: "
                                        + ", ".join(log.roster))
    if m.winner not in players:
        raise IllegalActionError(R_END, f"the winner {m.winner!r} did not play",
                                 expected=list(players), given=m.winner)
    others = [p for p in players if p != m.winner]
    if sorted(m.defeated) != sorted(others) or len(m.defeated) != len(others):
        missing = [p for p in others if p not in m.defeated]
        extra = [p for p in m.defeated if p not in others or m.defeated.count(p) > 1]
        raise IllegalActionError(R_END, "the game ends when only one queen remains: the "
                                 "defeated queens are every player but the winner, once each"
                                 + (f"; missing {', '.join(missing)}" if missing else "")
                                 + (f"; not expected {', '.join(dict.fromkeys(extra))}"
                                    if extra else ""),
                                 expected=others, given=list(m.defeated))
    skills = dict(m.skills)
    for p in skills:
        if p not in players:
            raise InvalidInputError("--skill", p, "a player of this match: " + ", ".join(players))
    counts = {len(skills.get(p, ())) for p in players}
    if max(counts) > MAX_SKILLS:
        raise IllegalActionError(R_SKILLS, f"one or two hive skills per player, got "
                                 f"{max(counts)}", expected=MAX_SKILLS, given=max(counts))
    if len(counts) > 1:
        raise IllegalActionError(R_SKILLS, "play with either one skill per player or two: "
                                 "every player has the same number",
                                 given={p: len(skills.get(p, ())) for p in players})
    every = [s.casefold() for v in skills.values() for s in v]
    if len(set(every)) != len(every):
        raise IllegalActionError(R_SKILLS, "each hive skill card is dealt to one player only; "
                                 "a skill is listed twice")
    if len(every) > HIVE_SKILL_CARDS:  # pragma: no cover - 6 players x 2 = 12
        raise IllegalActionError(R_SKILLS, f"there are {HIVE_SKILL_CARDS} hive skill cards")
    if m.alliances and len(players) < 3:
        raise IllegalActionError(R_ALLIANCE, "forced alliances happen only in games with 3+ "
                                 "players", given=len(players))
    order = {p: i for i, p in enumerate(m.defeated)}
    seen: set[str] = set()
    for loser, queen in m.alliances:
        if loser not in order:
            raise IllegalActionError(R_ALLIANCE, f"{loser} joins a forced alliance only when "
                                     "their queen is defeated", given=loser)
        if loser in seen:
            raise IllegalActionError(R_ALLIANCE, f"{loser}'s bees serve one new queen",
                                     given=loser)
        seen.add(loser)
        if queen not in players or queen == loser:
            raise IllegalActionError(R_ALLIANCE, f"{loser}'s bees pass to another player's "
                                     f"queen, not {queen!r}", given=queen)
        if queen != m.winner and order[queen] < order[loser]:
            raise IllegalActionError(R_ALLIANCE, f"{queen}'s queen was defeated before "
                                     f"{loser}'s, so {loser}'s bees cannot serve her",
                                     given=[loser, queen])
        if order[loser] == len(m.defeated) - 1:
            raise IllegalActionError(R_ALLIANCE, f"{loser}'s queen fell last: the game ended "
                                     "there, no alliance followed", given=[loser, queen])


def apply(log: MatchLog, m: Match) -> MatchLog:
    """The log with match ``m`` added, unchecked (see :func:`check`)."""
    return replace(log, matches=log.matches + (m,))


def play(log: MatchLog, m: Match) -> MatchLog:
    """Check then apply (see :func:`check`)."""
    check(log, m)
    return apply(log, m)


def parse_event(kind: str, data: dict[str, Any]) -> Match:
    """A stored ``match`` event → :class:`Match`.

    :raises InvalidInputError: unknown event type or malformed data.
    """
    if kind not in EVENT_TYPES:
        raise InvalidInputError("event type", kind, "match")
    try:
        players = tuple(_name("--players", p) for p in data["players"])
        winner = _name("--winner", data["winner"])
        defeated = tuple(_name("--defeated", p) for p in data.get("defeated", []))
        skills = tuple((_name("--skill", p), tuple(_name("--skill", s) for s in v))
                       for p, v in dict(data.get("skills", {})).items())
        alliances = tuple((_name("--alliance", a), _name("--alliance", b))
                          for a, b in data.get("alliances", []))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, InvalidInputError):
            raise
        raise InvalidInputError("match event", data, f"players, winner, defeated ({exc})") \
            from None
    date = data.get("date")
    if date is not None:
        try:
            datetime.date.fromisoformat(str(date))
        except ValueError:
            raise InvalidInputError("--date", date, "a date as YYYY-MM-DD") from None
    note = data.get("note")
    return Match(players, winner, defeated, skills, alliances,
                 None if date is None else str(date), None if note is None else str(note))


def action_to_event(m: Match) -> tuple[str, dict[str, Any]]:
    """Inverse of :func:`parse_event`."""
    data: dict[str, Any] = {"players": list(m.players), "winner": m.winner,
                            "defeated": list(m.defeated),
                            "skills": {p: list(s) for p, s in m.skills},
                            "alliances": [list(a) for a in m.alliances]}
    if m.date:
        data["date"] = m.date
    if m.note:
        data["note"] = m.note
    return "match", data


def describe_event(kind: str, data: dict[str, Any]) -> str:
    """``"ann won (ann, bob, cy); queens fell: cy, bob; alliances: cy→ann"``."""
    m = parse_event(kind, data)
    text = f"{m.winner} won ({', '.join(m.players)}); queens fell: {', '.join(m.defeated)}"
    if m.alliances:
        text += "; alliances: " + ", ".join(f"{a}→{b}" for a, b in m.alliances)
    if any(s for _, s in m.skills):
        text += "; skills: " + "; ".join(f"{p} {'+'.join(s)}" for p, s in m.skills if s)
    return text + (f" ({m.date})" if m.date else "")


def standings(log: MatchLog) -> list[dict[str, Any]]:
    """Per player: matches played, wins, win rate, average place (1 = winner, then by the
    reverse order of defeat), sorted by wins then name."""
    rows: dict[str, dict[str, Any]] = {}
    for name in log.roster:
        rows[name] = {"player": name, "played": 0, "wins": 0, "places": []}
    for m in log.matches:
        places = {m.winner: 1}
        for i, p in enumerate(reversed(m.defeated)):
            places[p] = i + 2
        for p in m.players:
            key = next((k for k in rows if k.casefold() == p.casefold()), p)
            row = rows.setdefault(key, {"player": key, "played": 0, "wins": 0, "places": []})
            row["played"] += 1
            row["wins"] += p == m.winner
            row["places"].append(places[p])
    out = []
    for r in rows.values():
        played = r["played"]
        out.append({"player": r["player"], "played": played, "wins": r["wins"],
                    "win_rate": round(r["wins"] / played, 4) if played else None,
                    "average_place": round(sum(r["places"]) / played, 2) if played else None})
    return sorted(out, key=lambda r: (-r["wins"], r["player"].casefold()))


def summary(log: MatchLog) -> dict[str, Any]:
    """JSON-able view: roster, number of matches, standings, last match."""
    last = log.matches[-1] if log.matches else None
    return {"roster": list(log.roster), "matches": len(log.matches),
            "standings": standings(log),
            "last_match": None if last is None else action_to_event(last)[1]}
