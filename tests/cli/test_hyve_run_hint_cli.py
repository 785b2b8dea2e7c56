"""The advisor for a Hyve Legacy run's scenarios (docs/advisor.md, "HYVE"): ``hyve hint RUN``,
``hyve next RUN --hint`` mark the hint in the run's record (checked against the decision due
in its current scenario, listed by ``campaign history``, undone like any event, changing
nothing); a scenario of the run during which a hint was shown is an assisted play in
``stats`` and the exports; ``hyve review RUN`` weighs one scenario of the run."""

from __future__ import annotations

import csv
import io
import json
import random
import sys
from pathlib import Path

import pytest

from hyvekit.games import campaign_store
from hyvekit.games.table import apply_steps, table_game, undo_steps
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.hyve import default_player as DP
from hyvekit.rules.hyve.engine import SCENARIO
from hyvekit.rules.play_export import link_data
from hyvekit.rules.table import play_steps

sys.path.insert(0, str(Path(__file__).parent))
from test_hyve_legacy_play_cli import setup_run  # noqa: E402

NOTE = "assisted: hyvekit's hints shown to"


def play_run(hk, until, seed: int = 2, choose=DP.choose) -> None:
    """The run's current scenario played by ``choose`` (the default player) until
    ``until(run)`` or its end (an easy-mode loss's first bread type crossed out), the steps
    stored as a player's ``hyve do`` stores them."""
    store, game, rng = campaign_store(hk.campaigns), table_game("hyve", "legacy"), \
        random.Random(seed)
    engine = game.engine
    run, steps = store.state("run")[1], []
    while not until(run) and not (d := engine.pending(run)).over:
        t = engine.table(run)
        step = d.legal[0] if d.kind == "cross-out" else choose(t, SCENARIO.pending(t), rng)
        runs = play_steps(engine, run, [step], rng, auto=True)
        steps += [engine.last_step(r) for r in runs]
        run = runs[-1]
    apply_steps(store, "run", steps, rng, game=game)


def late_assign(run) -> bool:
    """An assignment of turn 11 or later is due (short rollouts)."""
    t = run.table
    return t is not None and SCENARIO.pending(t).kind == "assign" and t.now.turn >= 11


@pytest.fixture()
def late(hk):
    """A run whose first scenario is at an assignment of turn 11 or later."""
    setup_run(hk)
    play_run(hk, late_assign)
    return hk


def _events(hk) -> list[dict]:
    return list(campaign_store(hk.campaigns).load("run").active)


def test_a_run_hint_is_marked_listed_and_changes_nothing(late):
    before = json.loads(late("hyve", "next", "run", "--json").stdout)
    got = late("hyve", "hint", "run", "--rollouts", "2", "--seed", "4", "--json")
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout)["decision"] == "assign"
    last = _events(late)[-1]
    assert last["type"] == "hint" and last["data"] == {"player": "player",
                                                       "decision": "assign"}
    assert "hint shown to player (assign decision)" in late("campaign", "history",
                                                            "run").stdout
    after = json.loads(late("hyve", "next", "run", "--json").stdout)
    assert after["legal"] == before["legal"] and after["table"] == before["table"]
    # the run's report lists it among the run's events
    assert late("print", "report", "run", "--out", "run.pdf").returncode == 0
    from pypdf import PdfReader
    text = " ".join(p.extract_text() for p in PdfReader(str(late.root / "run.pdf")).pages)
    assert "hint shown to player (assign decision)" in " ".join(text.split())
    # undone like any other event
    assert late("campaign", "undo", "run").returncode == 0
    assert "hint" not in [e["type"] for e in _events(late)]


def test_a_run_hint_not_for_the_decision_due_is_refused(late):
    store = campaign_store(late.campaigns)
    before = len(_events(late))
    with pytest.raises(IllegalActionError, match="a hint is marked for the decision due"):
        store.append_many("run", [("hint", {"player": "player", "decision": "effect"})])
    with pytest.raises(Exception, match="hint event"):
        store.append_many("run", [("hint", {"player": "player"})])
    assert len(_events(late)) == before


def test_a_run_hint_between_scenarios_is_refused(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0        # shopping
    with pytest.raises(IllegalActionError, match="no scenario is being played"):
        campaign_store(hk.campaigns).append_many(
            "run", [("hint", {"player": "player", "decision": "dice"})])
    got = hk("hyve", "hint", "run", "--rollouts", "2")
    assert got.returncode == 1 and "Traceback" not in got.stderr


def test_a_run_hint_before_the_scenarios_first_step_is_marked(hk):
    setup_run(hk)                  # scenario 1 started: its sheet comes with its first step
    with pytest.raises(IllegalActionError, match="player's"):
        campaign_store(hk.campaigns).append_many(
            "run", [("hint", {"player": "Ann", "decision": "dice"})])
    got = hk("hyve", "next", "run", "--hint", "--seconds", "0.1", "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    assert data["hint"]["decision"] == data["decision"] == "dice"
    assert data["hint"]["unit"] == "honey" and data["hint"]["rollouts"] >= 2
    assert _events(hk)[-1]["data"] == {"player": "player", "decision": "dice"}


def test_next_with_hint_on_a_run_adds_it_and_marks_the_record(late):
    got = late("hyve", "next", "run", "--hint", "--seconds", "0.1", "--seed", "2")
    assert got.returncode == 0, got.stderr
    assert "hint for player (assign)" in got.stdout and "due:" in got.stdout
    assert _events(late)[-1]["type"] == "hint"


def _second_scenario(hk) -> None:
    """The run's second scenario started and played to its end by random legal play (soon
    lost), no hint shown."""
    start = hk("hyve", "legacy", "start", "run", "--yes")
    assert start.returncode == 0, start.stderr
    play_run(hk, lambda run: False, seed=5, choose=DP.uniform)


def test_only_a_run_scenario_with_a_hint_is_assisted_in_stats_and_exports(late, tmp_path):
    assert late("hyve", "hint", "run", "--rollouts", "2", "--seed", "4").returncode == 0
    store = campaign_store(late.campaigns)
    undo_steps(store, "run", table_game("hyve", "legacy"))   # the hint undone with a step:
    assert "hint" not in [e["type"] for e in _events(late)]  # shown all the same
    play_run(late, lambda run: False)
    _second_scenario(late)
    data = json.loads(late("stats", "--json").stdout)
    assert data["plays"] == 2 and data["assisted"] == 1
    out = tmp_path / "plays.bgsplay"
    assert late("stats", "export", str(out)).returncode == 0
    comments = {p["comments"].split(": ")[0] if p.get("comments", "").startswith(NOTE) else
                "plain" for p in json.loads(out.read_text())["plays"]}
    assert comments == {NOTE.split(": ")[0], "plain"}
    text = tmp_path / "plays.csv"
    assert late("stats", "export", str(text)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(text.read_text())))
    assert sorted(NOTE in r["comments"] for r in rows) == [False, True]
    for play, assisted in (("run#1", True), ("run#2", False)):    # each scenario's link
        link = late("stats", "link", play, "--no-show-qr")
        assert link.returncode == 0, link.stderr
        comments = link_data(link.stdout.splitlines()[0]).get("comments", "")
        assert comments.startswith(NOTE) == assisted


def lost_run(hk):
    """A run whose first scenario was lost in its third turn by random legal play (9
    choices: a short review), its bread type crossed out: the run is shopping."""
    setup_run(hk)
    play_run(hk, lambda run: False, seed=1, choose=DP.uniform)
    return hk


@pytest.fixture()
def lost(hk):
    return lost_run(hk)


def test_a_review_of_a_run_weighs_its_last_scenario(lost):
    events = len(_events(lost))
    got = lost("hyve", "review", "run", "--rollouts", "2", "--seed", "2", "--json")
    assert got.returncode == 0, got.stderr
    done = json.loads(got.stdout)
    assert done["weighed"] == 9 and done["rollouts"] == 2
    for m in done["mistakes"]:
        assert m["scenario"] == 1 and 1 <= m["turn"] <= 3 and m["chosen"] != m["better"]
        assert m["decision"] in ("assign", "effect", "reward")
        assert m["loss"] - m["loss_half"] > 0 and m["loss"] >= 0.5
    losses = [m["loss"] for m in done["mistakes"]]
    assert losses == sorted(losses, reverse=True)
    assert len(_events(lost)) == events                               # nothing played


def test_a_run_review_weighs_one_scenario_at_a_time(lost):
    """The choices reviewed: the scenario at the table, else the last played there; another
    one with --number; one not played at the table is refused."""
    from hyvekit.games.advisor_text import record_positions
    assert lost("hyve", "legacy", "start", "run", "--yes").returncode == 0
    play_run(lost, lambda run: run.table is not None and run.table.now.turn == 2, seed=3)
    store = campaign_store(lost.campaigns)
    record = store.load("run")
    now = record_positions(store, record)
    first = record_positions(store, record, part={"scenario": 1})
    assert now and {p.at["scenario"] for p in now} == {2}
    assert len(first) == 9 and {p.at["scenario"] for p in first} == {1}
    assert {p.seq for p in now} | {p.seq for p in first} == {
        p.seq for p in record_positions(store, record, part={})}
    got = lost("hyve", "review", "run", "--number", "4", "--rollouts", "2")
    assert got.returncode == 2 and "a scenario played at the table: 1, 2" in got.stderr
    got = lost("hyve", "review", "--scenario", "run", "--number", "1")
    assert got.returncode == 2 and "Traceback" not in got.stderr
