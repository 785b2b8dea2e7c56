"""A Bee Lives play with the advisor's hints is an assisted play (issue 41, "Honest
records"): ``stats`` counts it, and the BG Stats link, the BG Stats play file and the BGG CSV
say so in their comments; a play without hints says nothing of it.  A hint undone with its
step (kept in the record, reverted) still counts."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from hyvekit.games import campaign_store
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.play_export import link_data
from hyvekit.rules.table import play_steps


def _game(hk, name: str, hint_at: int | None, seed: int) -> str:
    """A 2-player game played to its end by the default player and stored as steps, with a
    hint shown to the player deciding before step ``hint_at`` (None: no hint)."""
    hk("beelives", "new", name, "-p", "Ann:prolific", "-p", "Bo:aggressive")
    cid = name.lower().replace(" ", "-")
    store = campaign_store(hk.campaigns)
    _, t = store.state(cid)
    rng = random.Random(seed)
    events: list[tuple[str, dict]] = []
    while not (d := ENGINE.pending(t)).over:
        if len(events) == hint_at and d.actor is not None:
            events.append(("hint", {"player": d.actor, "decision": d.kind}))
            hint_at = None
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        events += [("step", {"do": x.last_step}) for x in tables]
        t = tables[-1]
    store.append_many(cid, events)
    return cid


@pytest.fixture()
def two_games(hk):
    helped = _game(hk, "Helped", 12, 1)
    alone = _game(hk, "Alone", None, 2)
    return hk, helped, alone


def test_stats_count_the_assisted_play(two_games):
    hk, helped, alone = two_games
    data = json.loads(hk("stats", "--json").stdout)
    assert data["plays"] == 2 and data["assisted"] == 1
    assert "1 assisted (hyvekit's hints shown)" in hk("stats").stdout


def test_the_exports_mark_the_assisted_play_in_their_comments(two_games, tmp_path):
    hk, helped, alone = two_games
    record = campaign_store(hk.campaigns).load(helped)
    shown = next(e["data"]["player"] for e in record.events if e["type"] == "hint")
    note = f"assisted: hyvekit's hints shown to {shown}"
    link = link_data(hk("stats", "link", helped, "--no-show-qr").stdout.splitlines()[0])
    assert link["comments"] == note
    plain = link_data(hk("stats", "link", alone, "--no-show-qr").stdout.splitlines()[0])
    assert "comments" not in plain
    out = tmp_path / "plays.bgsplay"
    assert hk("stats", "export", str(out)).returncode == 0
    by_id = {p["sourcePlayId"]: p for p in json.loads(hk("stats", "plays", "--json").stdout)
             for p in [p["play"]]}
    assert by_id[helped]["comments"] == note and "comments" not in by_id[alone]
    plays = json.loads(out.read_text())["plays"]
    assert sorted(p.get("comments", "") for p in plays) == ["", note]
    text = tmp_path / "plays.csv"
    assert hk("stats", "export", str(text)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(text.read_text())))
    helped_rows = [r for r in rows if r["play"] == helped]
    assert helped_rows and all(r["comments"].endswith(note) for r in helped_rows)
    assert all("assisted" not in r["comments"] for r in rows if r["play"] == alone)


def test_a_hint_undone_with_its_step_still_marks_the_play(hk):
    """A hint shown, the step made, both taken back (the record keeps them, reverted), the
    game then played to its end: the play is assisted all the same."""
    hk("beelives", "new", "Undone", "-p", "Ann:prolific", "-p", "Bo:aggressive")
    store = campaign_store(hk.campaigns)
    _, t = store.state("undone")
    rng = random.Random(3)
    steps: list[str] = []
    hint_at = None
    while not (d := ENGINE.pending(t)).over:
        if hint_at is None and len(steps) >= 10 and d.actor is not None:
            hint_at = (len(steps), {"player": d.actor, "decision": d.kind})
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        steps += [x.last_step for x in tables]
        t = tables[-1]
    k, hint = hint_at
    store.append_many("undone", [("step", {"do": s}) for s in steps[:k]])
    before = store.load("undone").active[-1]["seq"]
    store.append_many("undone", [("hint", hint), ("step", {"do": steps[k]})])
    store.undo("undone", before)
    assert [e["type"] for e in store.load("undone").active][-1] == "step"
    store.append_many("undone", [("step", {"do": s}) for s in steps[k:]])
    types = [(e["type"], e["status"]) for e in store.load("undone").events]
    assert ("hint", "reverted") in types and ("hint", "active") not in types
    data = json.loads(hk("stats", "--json").stdout)
    assert data["plays"] == 1 and data["assisted"] == 1
