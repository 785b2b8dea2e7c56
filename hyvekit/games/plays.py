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
from typing import Any

from hyvekit.rules.play_export import (  # noqa: F401  (the door from cli/)
    bgg_csv, bgstats_file, bgstats_link, bgstats_play, link_data)
from hyvekit.rules.plays import (  # noqa: F401  (the door from cli/)
    GAMES, Play, Seat, canonical_names, head_to_head, named, narrowed, parse_aliases,
    play_minutes, player_lines, ranked, tally, total)

#: a solo player's name where the record names nobody (HYVE)
SOLO = "me"


def plays_of(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], state: Any,
             me: str = SOLO) -> tuple[Play, ...]:
    """The plays of a record (its ``header``, its active ``events`` in order) whose state is
    ``state``; ``me``: the name of a HYVE record's player."""
    game, kind = header.get("game"), header.get("kind")
    times = [e.get("at") or "" for e in events]
    base = {"record": str(header.get("id")), "name": str(header.get("name") or "")}
    if game == "beelives":
        return _beelives(state, times, base)
    if game == "hyve" and kind == "scenario":
        return _hyve_scenario(state, times, base, me)
    if game == "hyve" and kind == "legacy":
        return _legacy(state, events, base, me)
    if game == "queenbee":
        return _queenbee(state, events, base)
    if game == "beez":
        return _beez(state, times, base)
    return ()


def _span(times: Sequence[str]) -> dict[str, Any]:
    times = [t for t in times if t]
    return {"started": times[0] if times else None, "ended": times[-1] if times else None,
            "minutes": play_minutes(times)}


def _beelives(state: Any, times: Sequence[str], base: dict[str, Any]) -> tuple[Play, ...]:
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
                 facts=facts, **base, **_span(times)),)


def _hyve_scenario(t: Any, times: Sequence[str], base: dict[str, Any], me: str
                   ) -> tuple[Play, ...]:
    s = t.now
    won = s.status == "won"
    mode = s.sheet.mode
    seat = Seat(me, None, won, None, True, mode)
    facts = {"mode": mode, "won": won, "hyves": s.hyves_completed, "turns": s.turn}
    return (Play("hyve", base["record"], seats=(seat,), finished=s.status != "playing",
                 comment=f"{mode} scenario, {s.status}" + (f" ({', '.join(s.end)})"
                                                          if s.end else ""),
                 facts=facts, **base, **_span(times)),)


def _legacy(run: Any, events: Sequence[Mapping[str, Any]], base: dict[str, Any], me: str
            ) -> tuple[Play, ...]:
    from hyvekit.rules.hyve.legacy_run import scenario_mode
    spans: list[list[str]] = []
    current: list[str] | None = None
    for e in events:                      # a scenario's events: its start to the next shop
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
        seat = Seat(me, None, r.won, None, True, mode)
        facts = {"scenario": r.number, "mode": mode, "won": r.won, "honey": honey,
                 "hyves": r.hyves, "easy": run.easy, "bought": bought}
        out.append(Play("hyve", f"{base['record']}#{r.number}", seats=(seat,),
                        comment=f"Hyve Legacy scenario {r.number}, {mode}"
                        + (", easy mode" if run.easy else "")
                        + f": {'won' if r.won else 'lost'}, {honey} honey",
                        facts=facts, **base, **_span(spans[i] if i < len(spans) else [])))
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


def _beez(t: Any, times: Sequence[str], base: dict[str, Any]) -> tuple[Play, ...]:
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
                 **base, **_span(times)),)


def record_plays(store: Any, record_id: str, me: str = SOLO) -> tuple[Play, ...]:
    """The plays of one record of ``store`` (its state kept or replayed).

    :raises StoreError: the record cannot be read or replayed (its own message).
    """
    record, state = store.state(record_id)
    return plays_of(record.header, record.active, state, me)


def all_plays(store: Any, me: str = SOLO, progress: Any = None
              ) -> tuple[list[Play], list[tuple[str, str]]]:
    """Every record's plays in the store's folder, and the records passed over ``(id, why)``
    (unreadable, or refused on replay: ``campaign check`` tells more).  ``progress(done,
    total)`` is called after each record."""
    from hyvekit.store.errors import StoreError
    ids = store.ids()
    plays: list[Play] = []
    skipped: list[tuple[str, str]] = []
    for n, rid in enumerate(ids, start=1):
        try:
            plays += record_plays(store, rid, me)
        except StoreError as exc:
            skipped.append((rid, str(exc).splitlines()[0]))
        if progress is not None:
            progress(n, len(ids))
    return plays, skipped
