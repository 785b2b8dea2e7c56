"""``hyvekit hyve hint`` (docs/advisor.md "HYVE"): each option of the decision due with its
chance to win the scenario and the honey expected, in 80 columns; the same seed and rollouts
give the same numbers; no step is played."""

from __future__ import annotations

import json
import random

import pytest

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
    return len(campaign_store(hk.campaigns).load("late").active)


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
