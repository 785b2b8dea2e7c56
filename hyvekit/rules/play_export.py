"""Plays (:mod:`hyvekit.rules.plays`) as the play loggers take them:

* BG Stats' ``createPlay`` link (https://app.bgstatsapp.com/createPlay.html?data= and the
  URL-encoded JSON of one play: ``sourceName``, ``sourcePlayId``, ``playDate``,
  ``durationMin``, ``game`` {``name``, ``bggId`` where set, ``highestWins``, ``noPoints``},
  ``players`` [{``name``, ``score``, ``winner``, ``rank``, ``startPlayer``, ``role``}],
  ``comments`` for a play with the advisor's hints: "assisted: …") — what BG Stats documents
  for pushing a play from another app (a score only where the game has points, a rank and a
  role only where known);
* a BG Stats play file for many plays at once (``.bgsplay``: ``players``, ``locations``,
  ``games``, ``plays`` with ``playerScores``, as the app's own exports are laid out; a play
  with hints has its ``comments`` say so);
* a CSV of BoardGameGeek's play fields (date, quantity, length, location, comments; per
  player: name, startposition, color, score, new, win), a row per player; the comments of a
  play with hints end with "assisted: …".

``games``: the game id → ``{name, highest_wins, no_points, cooperative, bgg_id}`` of
``data/plays.toml`` and the user's settings (a BGG id only where the user set one).
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime, tzinfo
from typing import Any
from urllib.parse import quote, unquote

from hyvekit.rules.plays import Play

SOURCE_NAME = "hyvekit"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
LOCATION = "hyvekit"
#: the play file's first key, as BG Stats writes it
ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try "
         "to use a share, export or open-in function to open it with Board Game Stats.")
#: characters a query string may hold as they are (RFC 3986 sub-delimiters): JSON's colons
#: and commas left unescaped keep the link, and its QR code, short
URL_SAFE = ":,!'()*"
#: a fixed namespace, so the same play always gets the same uuid in a play file
_NS = uuid.UUID("6f1c1f5e-8a43-4d0e-9a57-6879766b6974")


def play_date(play: Play, tz: tzinfo | None = None) -> str:
    """``YYYY-MM-DD HH:MM:SS`` (BG Stats' ``playDate``), from when it started ("" unknown),
    in the time zone ``tz`` (the records keep UTC; None: as kept); a date alone is taken at
    noon."""
    s = play.started or ""
    if len(s) == 10:
        return f"{s} 12:00:00"
    if s and tz is not None:
        return datetime.fromisoformat(s).astimezone(tz).strftime("%Y-%m-%d %H:%M:%S")
    return s[:19].replace("T", " ")


def bgstats_play(play: Play, games: Mapping[str, Mapping[str, Any]],
                 tz: tzinfo | None = None) -> dict[str, Any]:
    """The createPlay JSON of ``play`` (see the module docstring); ``playDate`` in ``tz``."""
    g = games[play.game]
    game: dict[str, Any] = {"name": g["name"], "highestWins": bool(g["highest_wins"]),
                            "noPoints": bool(g["no_points"])}
    if g.get("bgg_id"):
        game["bggId"] = int(g["bgg_id"])
    players = []
    for s in play.seats:
        p: dict[str, Any] = {"name": s.name, "winner": s.winner, "startPlayer": s.start_player}
        if s.role:
            p["role"] = s.role
        if s.score is not None and not g["no_points"]:
            p["score"] = s.score
        if s.rank is not None:
            p["rank"] = s.rank
        players.append(p)
    out: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play.source_id,
                           "playDate": play_date(play, tz), "game": game, "players": players}
    if play.minutes is not None:
        out["durationMin"] = play.minutes
    if play.assisted:
        out["comments"] = play.assisted_note
    return out


def bgstats_link(play: Play, games: Mapping[str, Mapping[str, Any]],
                 tz: tzinfo | None = None) -> str:
    """BG Stats' createPlay link for ``play``: the page opens the app's import dialog."""
    data = json.dumps(bgstats_play(play, games, tz), ensure_ascii=False,
                      separators=(",", ":"))
    return CREATE_PLAY + quote(data, safe=URL_SAFE)


def link_data(link: str) -> dict[str, Any]:
    """The JSON a createPlay link carries (the inverse of :func:`bgstats_link`).

    :raises ValueError: not a createPlay link.
    """
    if not link.startswith(CREATE_PLAY):
        raise ValueError("not a BG Stats createPlay link")
    return json.loads(unquote(link[len(CREATE_PLAY):]))


def bgstats_file(plays: Iterable[Play], games: Mapping[str, Mapping[str, Any]],
                 now: str, tz: tzinfo | None = None) -> dict[str, Any]:
    """A BG Stats play file of ``plays`` (finished ones), ``now`` the modification date
    (``YYYY-MM-DD HH:MM:SS``), play dates in ``tz``."""
    players: dict[str, int] = {}
    game_ids: dict[str, int] = {}
    out_plays = []
    for play in plays:
        if not play.finished:
            continue
        g = games[play.game]
        gid = game_ids.setdefault(play.game, len(game_ids) + 1)
        scores = []
        for i, s in enumerate(play.seats):
            pid = players.setdefault(s.name, len(players) + 1)
            scores.append({"score": "" if s.score is None or g["no_points"] else str(s.score),
                           "winner": s.winner, "newPlayer": False,
                           "startPlayer": s.start_player, "playerRefId": pid,
                           "role": s.role, "rank": s.rank or 0, "seatOrder": i + 1})
        out_plays.append({"uuid": str(uuid.uuid5(_NS, play.source_id)),
                          "modificationDate": now, "entryDate": now,
                          "playDate": play_date(play, tz), "usesTeams": False,
                          "durationMin": play.minutes or 0, "ignored": False,
                          "manualWinner": False, "rounds": 0, "locationRefId": 1,
                          "gameRefId": gid, "board": "", "scoringSettings": 0,
                          "playerScores": scores,
                          **({"comments": play.assisted_note} if play.assisted else {})})
    return {"about": ABOUT,
            "players": [{"id": pid, "uuid": str(uuid.uuid5(_NS, "player " + name)),
                         "name": name, "isAnonymous": False, "modificationDate": now,
                         "bggUsername": ""} for name, pid in players.items()],
            "locations": [{"id": 1, "uuid": str(uuid.uuid5(_NS, "location")),
                           "name": LOCATION, "modificationDate": now}],
            "games": [{"id": gid, "uuid": str(uuid.uuid5(_NS, "game " + game)),
                       "name": games[game]["name"], "modificationDate": now,
                       "cooperative": bool(games[game]["cooperative"]),
                       "highestWins": bool(games[game]["highest_wins"]),
                       "noPoints": bool(games[game]["no_points"]), "usesTeams": False,
                       "bggId": int(games[game].get("bgg_id") or 0)}
                      for game, gid in game_ids.items()],
            "plays": out_plays, "userInfo": {"meRefId": 0}}


#: BoardGameGeek's play fields, then each player's, as the CSV's columns
BGG_COLUMNS = ("play", "date", "game", "bgg_id", "quantity", "length", "location",
               "comments", "name", "startposition", "color", "score", "new", "win")


def bgg_csv(plays: Iterable[Play], games: Mapping[str, Mapping[str, Any]],
            tz: tzinfo | None = None) -> str:
    """A CSV of ``plays`` (finished ones) with BoardGameGeek's play fields, one row per
    player (:data:`BGG_COLUMNS`: the play's id first, so that two plays of one day stay
    apart; ``bgg_id`` empty until set), dates in ``tz``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(BGG_COLUMNS)
    for play in plays:
        if not play.finished:
            continue
        g = games[play.game]
        for i, s in enumerate(play.seats):
            w.writerow([play.source_id, play_date(play, tz)[:10], g["name"],
                        g.get("bgg_id") or "", 1,
                        play.minutes if play.minutes is not None else "", LOCATION,
                        "; ".join(x for x in (play.comment, play.assisted_note) if x),
                        s.name, i + 1, s.role,
                        "" if s.score is None or g["no_points"] else s.score, 0,
                        1 if s.winner else 0])
    return buf.getvalue()
