"""Each record's plays (:class:`~hyvekit.rules.plays.Play`), read from its state and the
times its events were written:

* a Bee Lives campaign is one play (a multi-year game too), finished once its last winter is
  played (or Wildfire reached the hive); a solo game is won by its solo rules;
* a HYVE scenario is one solo play; a Hyve Legacy run gives one play per scenario ended;
* a Queen Bee match log gives one play per match logged;
* a Beez game is one play, finished once scored.

A play's time is that of its events (:func:`~hyvekit.rules.plays.play_minutes`): a legacy
scenario's are those from its ``start`` to the next purchase or start; a Queen Bee match is
dated by its ``date`` (else the day it was logged) and has no duration.

It is also the door from cli/ into :mod:`hyvekit.rules.plays` and
:mod:`hyvekit.rules.play_export` (statistics and exports).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hyvekit.rules.play_export import (  # noqa: F401  (the door from cli/)
    bgg_csv,
    bgstats_file,
    bgstats_link,
    bgstats_play,
    link_data,
    play_date,
)
from hyvekit.rules.plays import (  # noqa: F401  (the door from cli/)
    GAMES,
    Play,
    Seat,
    canonical_names,
    head_to_head,
    named,
    narrowed,
    parse_aliases,
    play_minutes,
    player_lines,
    ranked,
    tally,
    total,
)
from hyvekit.store.campaigns import HINT, hinted_players

#: a solo player's name where the record names nobody (HYVE)
SOLO = "me"
#: each game as the statistics name it
LABELS = {"beelives": "Bee Lives", "hyve": "HYVE", "queenbee": "Queen Bee", "beez": "Beez"}


def percent(wins: int, plays: int) -> str:
    """``"40%"``: a win rate as the statistics show it ("-" without plays)."""
    return f"{round(100 * wins / plays)}%" if plays else "-"
#: the user's settings file (default: ``settings.toml`` in hyvekit's data folder)
ENV_SETTINGS = "HYVEKIT_SETTINGS"


def settings_path() -> Path:
    """The user's settings file: ``$HYVEKIT_SETTINGS``, else ``settings.toml`` in the user's
    hyvekit data folder (platformdirs)."""
    import os
    if os.environ.get(ENV_SETTINGS):
        return Path(os.environ[ENV_SETTINGS])
    from platformdirs import user_data_dir
    return Path(user_data_dir("hyvekit", appauthor=False)) / "settings.toml"


def read_settings() -> dict[str, Any]:
    """The settings file's values (``me``, ``bgg_ids``), {} when there is none.

    :raises InvalidInputError: a file that is not TOML.
    """
    from hyvekit.data import load_toml
    from hyvekit.rules.common import InvalidInputError
    from hyvekit.rules.validate import input_text, is_whole
    path = settings_path()
    data = load_toml(path) if path.is_file() else {}
    if "me" in data:
        if not isinstance(data["me"], str):
            raise InvalidInputError(f"{path}: me", data["me"], "a name in quotes")
        data["me"] = input_text(f"{path}: me", data["me"])
    ids = data.get("bgg_ids", {})
    if not isinstance(ids, dict):
        raise InvalidInputError(f"{path}: bgg_ids", ids, "a table [bgg_ids] of GAME = ID")
    for game, value in ids.items():
        if game not in GAMES:
            raise InvalidInputError(f"{path}: bgg_ids.{game}", game, ", ".join(GAMES))
        if not is_whole(value) or isinstance(value, bool) or value < 1:
            raise InvalidInputError(f"{path}: bgg_ids.{game}", value,
                                    "a BoardGameGeek id, a whole number of 1 or more")
    return data


def write_settings(data: Mapping[str, Any]) -> Path:
    """Write ``data`` (``me``, ``bgg_ids``) as the settings file, atomically; its path.

    :raises OSError: the folder cannot be written.
    """
    import json

    from hyvekit.store.storage import atomic_write_text
    path = settings_path()
    lines = ["# hyvekit's settings (written by hyvekit stats --set-bgg-id / --set-me)\n"]
    if data.get("me"):
        lines.append(f"me = {json.dumps(data['me'], ensure_ascii=False)}\n")
    if data.get("bgg_ids"):
        lines.append("\n[bgg_ids]\n")
        lines += [f"{k} = {int(v)}\n" for k, v in sorted(data["bgg_ids"].items())]
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, "".join(lines))
    return path


def games_info() -> dict[str, dict[str, Any]]:
    """Each game's names for the play loggers (``data/plays.toml``) with the user's BGG ids."""
    from hyvekit.data.plays import game_names
    ids = read_settings().get("bgg_ids") or {}
    return {g: {**info, "bgg_id": ids.get(g)} for g, info in game_names().items()}


def me() -> str:
    """The name HYVE plays are counted for (the settings' ``me``, else :data:`SOLO`)."""
    return str(read_settings().get("me") or SOLO)


def finished_link(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], state: Any
                  ) -> tuple[str, str] | None:
    """The last finished play of a record and its BG Stats link ``(play id, link)``, or
    None while no play of it is finished."""
    done = [p for p in plays_of(header, events, state, me()) if p.finished]
    if not done:
        return None
    return done[-1].source_id, bgstats_link(done[-1], games_info())


def plays_of(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]] | None,
             state: Any, me: str = SOLO, times: Sequence[str] | None = None,
             hints: Sequence[str] | None = None) -> tuple[Play, ...]:
    """The plays of a record (its ``header``, its active ``events`` in order: a Hyve Legacy
    run's undone ones among them, :func:`play_events`) whose state is
    ``state``; ``me``: the name of a HYVE record's player.  With ``times`` (each active
    event's ``at``) the events are needed only by the records :func:`reads_events` names
    (None for the others).  ``hints``: the players shown a hint (``Record.hinted``, undone
    hints among them); default: those of ``events``.

    :raises ValueError: neither ``events`` nor ``times``, or no ``events`` for a record that
        reads them (a programming error).
    """
    game, kind = header.get("game"), header.get("kind")
    if events is None and (times is None or reads_events(header)):
        raise ValueError(f"the plays of a {game} {kind} record read its events")
    if times is None:
        times = [e.get("at") or "" for e in events]
    base = {"record": str(header.get("id")), "name": str(header.get("name") or "")}
    assisted = tuple(hints) if hints is not None else hinted_players(events or ())
    if game == "beelives":
        return _beelives(state, times, base, assisted)
    if game == "hyve" and kind == "scenario":
        return _hyve_scenario(state, times, base, me, bool(assisted))
    if game == "hyve" and kind == "legacy":
        return _legacy(state, events, base, me)
    if game == "queenbee" and kind == "match":
        return _queenbee_match(state, times, base)
    if game == "queenbee":
        return _queenbee(state, events, base)
    if game == "beez":
        return _beez(state, times, base, assisted)
    return ()


def play_events(record: Any) -> tuple[Mapping[str, Any], ...]:
    """The events a record's plays are read from (:func:`plays_of`): the active ones; a Hyve
    Legacy run's undone ones too (its hints undone with their steps were shown all the
    same)."""
    if (record.header.get("game"), record.header.get("kind")) == ("hyve", "legacy"):
        return tuple(record.events)
    return record.active


def reads_events(header: Mapping[str, Any]) -> bool:
    """Whether a record's plays are read from its events (a Hyve Legacy run's scenarios, a
    Queen Bee log's matches), not only from its state and its events' times."""
    return header.get("game") == "queenbee" or (header.get("game"), header.get("kind")) == (
        "hyve", "legacy")


def _span(times: Sequence[str]) -> dict[str, Any]:
    times = [t for t in times if t]
    return {"started": times[0] if times else None, "ended": times[-1] if times else None,
            "minutes": play_minutes(times)}


def _beelives(state: Any, times: Sequence[str], base: dict[str, Any],
              assisted: tuple[str, ...] = ()) -> tuple[Play, ...]:
    st = state.settings
    scoring = state.scores
    lost = state.game.stage == "over" and scoring is None          # Wildfire: the game lost
    finished = scoring is not None or lost
    totals = {line.player.name: line.total for line in scoring.lines} if scoring else {}
    winners = set(scoring.winners) if scoring else set()
    names = [p.name for p in st.players]
    scores = [totals.get(n) for n in names]
    won = [n in winners for n in names]
    ranks = ranked(scores, won) if len(names) > 1 else [None] * len(names)
    seats = tuple(Seat(n, totals.get(n), n in winners, r, n == st.first_player, p.queen)
                  for n, p, r in zip(names, st.players, ranks))
    card = st.challenge if st.challenge != "random" else state.challenge
    card = card or st.scenario or st.campaign
    removed = sum(len(m.summary.get("wild_removed") or ()) for m in state.months
                  if isinstance(m.summary, Mapping))
    facts = {"queens": {p.name: p.queen for p in st.players}, "players": len(names),
             "kind": st.kind, "years": st.years, "map": st.map,
             "solo_card": card if st.kind.startswith("solo") else None,
             "wild_destroyed": removed}
    comment = ", ".join(x for x in (st.kind.replace("-", " "), card or "",
                                    f"{st.years} years" if st.years > 1 else "",
                                    "on the map" if st.map else "") if x)
    return (Play("beelives", base["record"], seats=seats, finished=finished, comment=comment,
                 facts=facts, assisted=assisted, **base, **_span(times)),)


def _hyve_scenario(t: Any, times: Sequence[str], base: dict[str, Any], me: str,
                   hinted: bool = False) -> tuple[Play, ...]:
    """The play of a HYVE scenario outside a run; ``hinted``: the advisor's hints were
    shown to its player (``me``: its seat's name), an assisted play."""
    s = t.now
    won = s.status == "won"
    mode = s.sheet.mode
    seat = Seat(me, None, won, None, True)      # the mode is the game's, not a seat's role
    facts = {"mode": mode, "won": won, "hyves": s.hyves_completed, "turns": s.turn}
    return (Play("hyve", base["record"], seats=(seat,), finished=s.status != "playing",
                 comment=f"{mode} scenario, {s.status}" + (f" ({', '.join(s.end)})"
                                                          if s.end else ""),
                 facts=facts, assisted=(me,) if hinted else (), **base, **_span(times)),)


def _legacy(run: Any, events: Sequence[Mapping[str, Any]], base: dict[str, Any], me: str
            ) -> tuple[Play, ...]:
    """The plays of a Hyve Legacy run, one a scenario whose result is in the ledger, read
    from its ``events`` (undone ones among them count only as hints: a scenario during which
    the advisor's hint was shown, undone with its step or not, is an assisted play)."""
    from hyvekit.rules.hyve.legacy_run import scenario_mode
    spans: list[list[str]] = []
    hinted: set[int] = set()
    current: list[str] | None = None
    for e in events:                      # a scenario's events: its start to the next shop
        if e.get("type") == HINT and current is not None:
            hinted.add(len(spans) - 1)
        if e.get("status", "active") != "active":
            continue
        if e.get("type") == "start":
            current = []
            spans.append(current)
        elif e.get("type") == "shop":
            current = None
        if current is not None:
            current.append(e.get("at") or "")
    bought = {"perks": ", ".join(run.perks), "bread upgrades": sum(run.bread_upgrades),
              "core resources": len(run.resources)}
    out = []
    for i, r in enumerate(run.results):
        mode = scenario_mode(run, r.number) or ""
        honey = r.honey.total if r.honey is not None else 0
        seat = Seat(me, None, r.won, None, True)
        facts = {"scenario": r.number, "mode": mode, "won": r.won, "honey": honey,
                 "hyves": r.hyves, "easy": run.easy, "bought": bought}
        out.append(Play("hyve", f"{base['record']}#{r.number}", seats=(seat,),
                        comment=f"Hyve Legacy scenario {r.number}, {mode}"
                        + (", easy mode" if run.easy else "")
                        + f": {'won' if r.won else 'lost'}, {honey} honey",
                        facts=facts, assisted=(me,) if i in hinted else (), **base,
                        **_span(spans[i] if i < len(spans) else [])))
    return tuple(out)


def _queenbee(log: Any, events: Sequence[Mapping[str, Any]], base: dict[str, Any]
              ) -> tuple[Play, ...]:
    logged = [e for e in events if e.get("type") == "match"]
    out = []
    for i, m in enumerate(log.matches):
        at = logged[i].get("at") if i < len(logged) else None
        order = [m.winner, *reversed(m.defeated)]          # the last queen to fall: second
        skills = dict(m.skills)
        seats = tuple(Seat(n, None, n == m.winner, order.index(n) + 1 if n in order else None,
                           False, "+".join(skills.get(n, ()))) for n in m.players)
        started = m.date or (at or "")[:10] or None
        out.append(Play("queenbee", f"{base['record']}#{i + 1}", started=started,
                        ended=started, minutes=None, seats=seats,
                        comment=m.note or "", facts={"players": len(m.players)}, **base))
    return tuple(out)


def _queenbee_match(t: Any, times: Sequence[str], base: dict[str, Any]) -> tuple[Play, ...]:
    """A match played at the table: its places once over (the winner first, then the queens
    in the reverse order they fell)."""
    from hyvekit.games.queenbee import result, table_engine
    done = table_engine().pending(t).over
    names = list(t.setup.players)
    r = result(t) if done else None
    order = [r["winner"], *reversed(r["defeated"])] if r else []
    seats = tuple(Seat(n, None, bool(r) and n == r["winner"],
                       order.index(n) + 1 if n in order else None, i == 0,
                       "+".join(t.skills[i])) for i, n in enumerate(names))
    return (Play("queenbee", base["record"], seats=seats, finished=done,
                 facts={"players": len(names)}, **base, **_span(times)),)


def _beez(t: Any, times: Sequence[str], base: dict[str, Any],
          assisted: tuple[str, ...] = ()) -> tuple[Play, ...]:
    from hyvekit.rules.beez.table import final_scores
    done = final_scores(t)
    names = list(t.setup.players)
    totals = {p.name: p.total for p in done[0]} if done else {}
    winners = set(done[1].winners) if done else set()
    scores = [totals.get(n) for n in names]
    ranks = ranked(scores, [n in winners for n in names]) if done else [None] * len(names)
    seats = tuple(Seat(n, totals.get(n), n in winners, r, i == 0, "")
                  for i, (n, r) in enumerate(zip(names, ranks)))
    common = [c.name for c in t.setup.common]
    facts = {"players": len(names), "objectives": common}
    return (Play("beez", base["record"], seats=seats, finished=done is not None,
                 comment="common objectives: " + ", ".join(common), facts=facts,
                 assisted=assisted, **base, **_span(times)),)


def record_plays(store: Any, record_id: str, me: str = SOLO) -> tuple[Play, ...]:
    """The plays of one record of ``store`` (its state kept or replayed; its events read
    only when its plays are read from them, :func:`reads_events`).

    :raises StoreError: the record cannot be read or replayed (its own message).
    """
    return _read_plays(store, record_id, me)[1]


def _read_plays(store: Any, record_id: str, me: str) -> tuple[str, tuple[Play, ...]]:
    """:func:`record_plays` with the digest of the record they were read from."""
    record, state = store.state(record_id)
    events = play_events(record) if reads_events(record.header) else None
    return record.digest, plays_of(record.header, events, state, me, record.active_times,
                                   record.hinted)


def all_plays(store: Any, me: str = SOLO, progress: Any = None
              ) -> tuple[list[Play], list[tuple[str, str]]]:
    """Every record's plays in the store's folder, and the records passed over ``(id, why)``
    (unreadable, or refused on replay: ``campaign check`` tells more).  ``progress(done,
    total)`` is called after each record.

    The plays are kept for the next run in one entry for the whole folder (a ``plays``
    folder by the store's ``states`` folder, a :class:`~hyvekit.store.states.StateCache`
    entry made by the very code): each record's plays with the digest of the very bytes they
    were read from (the record file's with its journal's), so that counting a thousand
    records reads each file once (for its digest) and neither parses its events nor
    unpickles its state; a record not kept there is read from its kept state and its
    events' times (kept with it), and the entry written once, at the end."""
    import gc

    from hyvekit.store.errors import StoreError
    from hyvekit.store.states import Kept, StateCache, digest
    cache = None if store.states is None else StateCache(Path(store.states.folder).parent
                                                         / "plays")
    folder, who = Path(store.folder), digest(me.encode("utf-8", "surrogateescape"))
    found = cache.get(folder, who) if cache is not None else None
    before: dict[str, tuple[str, tuple[Play, ...]]] = found.state if found is not None else {}
    after: dict[str, tuple[str, tuple[Play, ...]]] = {}
    ids = store.ids()
    plays: list[Play] = []
    skipped: list[tuple[str, str]] = []
    collecting = gc.isenabled()
    gc.disable()      # the records' states make and drop many objects, none in a cycle
    try:
        for n, rid in enumerate(ids, start=1):
            try:
                path = str(store.path(rid))
                kept = before.get(path)
                if kept is None or kept[0] != store.digest(rid):
                    kept = _read_plays(store, rid, me)
                after[path] = kept
                plays += kept[1]
            except (StoreError, OSError) as exc:
                skipped.append((rid, str(exc).splitlines()[0]))
            if progress is not None:
                progress(n, len(ids))
    finally:
        if collecting:
            gc.enable()
    if cache is not None and after != before:
        cache.put(folder, who, Kept({"me": me}, 0, None, 0, after))
    return plays, skipped


def stats_summary(plays: list[Play], skipped: Sequence[tuple[str, str]] = ()
                  ) -> dict[str, Any]:
    """What ``hyvekit stats`` shows (and ``print stats`` prints), as JSON: plays by game,
    per player and game, head to head, each game's own figures (:data:`GAMES` order), the
    records passed over ``(id, why)``."""
    finished = [p for p in plays if p.finished]
    by_game = {g: [p for p in finished if p.game == g] for g in GAMES}
    out: dict[str, Any] = {
        "plays": len(finished), "in_progress": len(plays) - len(finished),
        "assisted": sum(1 for p in finished if p.assisted),
        "by_game": {g: len(v) for g, v in by_game.items() if v},
        "players": [{"name": x.name, "game": x.game, "plays": x.plays, "wins": x.wins,
                     "win_rate": round(x.win_rate, 3), "average": x.average, "best": x.best}
                    for x in player_lines(finished)],
        "head_to_head": [{"game": h.game, "players": [h.a, h.b], "plays": h.plays,
                          "ahead": {h.a: h.a_ahead, h.b: h.b_ahead}, "even": h.even}
                         for h in head_to_head(finished)],
        "games": {},
        "skipped": [{"id": i, "why": why} for i, why in skipped]}
    bl = by_game["beelives"]
    if bl:
        out["games"]["beelives"] = {
            "by_queen": tally(bl, "queens"), "by_players": _by_count(tally(bl, "players")),
            "solo_cards": tally(bl, "solo_card"),
            "wild_hives_destroyed": total(bl, "wild_destroyed")}
    hy = by_game["hyve"]
    if hy:
        out["games"]["hyve"] = {
            "by_scenario": tally([p for p in hy if "scenario" in p.facts], "scenario"),
            "by_mode": tally(hy, "mode"), "honey_earned": total(hy, "honey"),
            "runs": _runs(hy)}
    qb = by_game["queenbee"]
    if qb:
        out["games"]["queenbee"] = {"by_players": _by_count(tally(qb, "players"))}
    bz = by_game["beez"]
    if bz:
        out["games"]["beez"] = {"by_objective": tally(bz, "objectives"),
                                "by_players": _by_count(tally(bz, "players"))}
    return out


def _by_count(counts: dict[str, list[int]]) -> dict[str, list[int]]:
    """A tally by number of players, in that number's order."""
    return dict(sorted(counts.items(), key=lambda kv: int(kv[0])))


def _runs(plays: list) -> list[dict[str, Any]]:
    runs: dict[str, dict[str, Any]] = {}
    for p in plays:
        if "scenario" not in p.facts:
            continue
        r = runs.setdefault(p.record, {"run": p.record, "name": p.name, "scenarios": 0,
                                       "won": 0, "honey": 0,
                                       "bought": p.facts.get("bought") or {}})
        r["scenarios"] += 1
        r["won"] += bool(p.facts.get("won"))
        r["honey"] += int(p.facts.get("honey") or 0)
    return list(runs.values())
