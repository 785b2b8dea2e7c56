"""``hyvekit hyve hint`` (docs/advisor.md "HYVE"): each option of the decision due with its
chance to win the scenario and the honey expected, in 80 columns; the same seed and rollouts
give the same numbers; no step is played."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.play_export import link_data

from hyvekit.games import campaign_store
from hyvekit.rules.hyve import default_player as DP
from hyvekit.rules.hyve.engine import SCENARIO
from hyvekit.rules.table import play_steps

WHERE = ("--scenario", "late")


@pytest.fixture()
def late(hk):
    """A standard scenario played by the default player to an assignment of turn 11 or
    later (short rollouts), stored as step events."""
    assert hk("hyve", "new", "Late").returncode == 0
    store = campaign_store(hk.campaigns)
    _, t = store.state("late")
    rng = random.Random(2)
    steps: list[str] = []
    while not ((d := SCENARIO.pending(t)).kind == "assign" and t.now.turn >= 11):
        tables = play_steps(SCENARIO, t, [DP.choose(t, d, rng)], rng, auto=True)
        steps += [x.steps[-1] for x in tables]
        t = tables[-1]
    store.append_many("late", [("step", {"do": s}) for s in steps])
    return hk


def _events(hk):
    """The scenario's steps stored (a hint shown adds a ``hint`` event, not a step)."""
    return sum(e["type"] == "step" for e in campaign_store(hk.campaigns).load("late").active)


def _all_events(hk, cid: str = "late") -> list[dict]:
    return list(campaign_store(hk.campaigns).load(cid).active)


def test_a_hint_ranks_the_options_and_plays_nothing(late):
    before, events = json.loads(late("hyve", "next", *WHERE, "--json").stdout), _events(late)
    got = late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4", "--json")
    assert got.returncode == 0, got.stderr
    hint = json.loads(got.stdout)
    assert hint["decision"] == "assign" and hint["rollouts"] == 2 and hint["seed"] == 4
    options = [e["option"] for e in hint["estimates"]]
    assert set(options) | set(hint["not_estimated"]) == set(before["legal"])
    ranked = [(e["win"], e["honey"]) for e in hint["estimates"]]
    assert ranked == sorted(ranked, reverse=True)
    assert all(e["rollouts"] == 2 and 0 <= e["win"] <= 1 for e in hint["estimates"])
    assert _events(late) == events                       # no step played, nothing stored
    again = late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4", "--json")
    assert json.loads(again.stdout)["estimates"] == hint["estimates"]


def test_the_hint_fits_80_columns_and_says_how_to_get_the_same_numbers(late):
    got = late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4")
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any("honey" in line and "win" in line for line in lines)
    assert "hyvekit hyve hint --scenario late --seed 4 --rollouts 2" in got.stdout


def test_no_hint_once_the_scenario_is_over(hk):
    assert hk("hyve", "new", "Done").returncode == 0
    store = campaign_store(hk.campaigns)
    _, t = store.state("done")
    rng = random.Random(1)
    steps = []
    while not (d := SCENARIO.pending(t)).over:
        t = play_steps(SCENARIO, t, [DP.uniform(t, d, rng)], rng, auto=True)[-1]
        steps.append(t.steps[-1])
    store.append_many("done", [("step", {"do": s}) for s in steps])
    got = hk("hyve", "hint", "--scenario", "done", "--rollouts", "2")
    assert got.returncode == 1 and "nobody decides now" in got.stderr


def _random_scenario(hk, name: str, seed: int) -> str:
    """A standard scenario played to its end by uniformly random legal play, stored."""
    assert hk("hyve", "new", name).returncode == 0
    cid = name.lower()
    store = campaign_store(hk.campaigns)
    _, t = store.state(cid)
    rng = random.Random(seed)
    steps = []
    while not (d := SCENARIO.pending(t)).over:
        t = play_steps(SCENARIO, t, [DP.uniform(t, d, rng)], rng, auto=True)[-1]
        steps.append(t.steps[-1])
    store.append_many(cid, [("step", {"do": s}) for s in steps])
    return cid


def test_a_review_lists_the_choices_that_lost_honey_against_a_better_option(hk):
    cid = _random_scenario(hk, "Careless", 6)     # lost in its second turn
    events = len(campaign_store(hk.campaigns).load(cid).active)
    got = hk("hyve", "review", "--scenario", cid, "--rollouts", "3", "--seed", "2", "--json")
    assert got.returncode == 0, got.stderr
    done = json.loads(got.stdout)
    assert done["weighed"] > 0 and done["rollouts"] == 3
    for m in done["mistakes"]:
        assert m["decision"] in ("assign", "effect", "reward") and m["chosen"] != m["better"]
        assert m["loss"] - m["loss_half"] > 0 and m["loss"] >= 0.5
    losses = [m["loss"] for m in done["mistakes"]]
    assert losses == sorted(losses, reverse=True)
    assert len(campaign_store(hk.campaigns).load(cid).active) == events    # nothing played
    text = hk("hyve", "review", "--scenario", cid, "--rollouts", "3", "--seed", "2")
    assert all(len(line) <= 80 for line in text.stdout.splitlines())
    assert f"hyvekit hyve review --scenario {cid} --seed 2 --rollouts 3" in text.stdout


def test_a_hint_is_marked_in_the_scenario_record_and_listed_in_its_history(late):
    got = late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4", "--json")
    assert got.returncode == 0, got.stderr
    last = _all_events(late)[-1]
    assert last["type"] == "hint" and last["data"] == {"player": "player",
                                                       "decision": "assign"}
    history = late("campaign", "history", "late").stdout
    assert "hint shown to player (assign decision)" in history
    nxt = late("hyve", "next", *WHERE, "--json")        # the hint changed nothing
    assert nxt.returncode == 0 and json.loads(nxt.stdout)["decision"] == "assign"


def test_a_hint_marked_for_a_decision_not_due_is_refused(late):
    store = campaign_store(late.campaigns)
    before = len(_all_events(late))
    with pytest.raises(IllegalActionError, match="a hint is marked for the decision due"):
        store.append_many("late", [("hint", {"player": "player", "decision": "effect"})])
    with pytest.raises(Exception, match="hint event"):
        store.append_many("late", [("hint", {"player": "player"})])
    assert len(_all_events(late)) == before


def test_a_hint_on_a_record_changed_meanwhile_is_not_marked(late, monkeypatch):
    """A step stored by another command while the advisor thinks: the hint is refused."""
    from hyvekit.games import advisor as A
    real = A.advise

    def meanwhile(game, t, *args, **kwargs):
        hint = real(game, t, *args, **kwargs)
        d = SCENARIO.pending(t)
        campaign_store(late.campaigns).append_many(
            "late", [("step", {"do": DP.choose(t, d, random.Random(0))})])
        return hint
    monkeypatch.setattr(A, "advise", meanwhile)
    got = late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4")
    assert got.returncode != 0 and "Traceback" not in got.stderr
    assert "hint" not in [e["type"] for e in _all_events(late)]


def test_a_scenario_with_a_hint_is_assisted_in_stats_and_every_export(late, tmp_path):
    note = "assisted: hyvekit's hints shown to"
    assert late("hyve", "hint", *WHERE, "--rollouts", "2", "--seed", "4").returncode == 0
    store = campaign_store(late.campaigns)         # the scenario played to its end
    t, rng, steps = store.state("late")[1], random.Random(3), []
    while not (d := SCENARIO.pending(t)).over:
        t = play_steps(SCENARIO, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
        steps.append(t.steps[-1])
    store.append_many("late", [("step", {"do": s}) for s in steps])
    data = json.loads(late("stats", "--json").stdout)
    assert data["plays"] == 1 and data["assisted"] == 1
    link = link_data(late("stats", "link", "late", "--no-show-qr").stdout.splitlines()[0])
    assert link["comments"].startswith(note)
    out = tmp_path / "plays.bgsplay"
    assert late("stats", "export", str(out)).returncode == 0
    assert [p.get("comments", "")[:len(note)] for p in json.loads(out.read_text())["plays"]
            ] == [note]
    text = tmp_path / "plays.csv"
    assert late("stats", "export", str(text)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(text.read_text())))
    assert rows and all(note in r["comments"] for r in rows)


def test_next_with_hint_adds_it_and_marks_the_record(late):
    got = late("hyve", "next", *WHERE, "--hint", "--seconds", "0.1", "--seed", "2", "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    assert data["hint"]["actor"] == data["actor"] and data["hint"]["rollouts"] >= 2
    assert data["hint"]["decision"] == data["decision"] and data["hint"]["unit"] == "honey"
    assert {e["option"] for e in data["hint"]["estimates"]} <= set(data["legal"])
    assert _all_events(late)[-1]["type"] == "hint"
    words = late("hyve", "next", *WHERE, "--hint", "--seconds", "0.1", env={"COLUMNS": "80"})
    assert words.returncode == 0 and "hint for player (assign)" in words.stdout
    assert "due:" in words.stdout

