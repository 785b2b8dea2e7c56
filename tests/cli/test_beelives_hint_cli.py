"""``hyvekit beelives hint`` and ``next --hint`` (docs/advisor.md): the options of the decision
due ranked with their estimates and the reason in numbers, in 80 columns; the same seed and
rollouts give the same numbers; no step is played, and the decision is marked in the record
(undone with the step after it, kept in the record's history)."""

from __future__ import annotations

import json
import random

import pytest

from hyvekit.games import campaign_store
from hyvekit.rules.advisor import play_out
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.table import play_steps

CAMPAIGN = "late-game"


@pytest.fixture()
def late(hk):
    """A 2-player campaign played by the default player to a turn of Ann in October (the
    rollouts are short there; November's decisions are enumerated, not rolled out), stored
    as step events."""
    hk("beelives", "new", "Late Game", "-p", "Ann:prolific", "-p", "Bo:aggressive")
    store = campaign_store(hk.campaigns)
    _, t = store.state(CAMPAIGN)
    rng = random.Random(2)
    steps: list[str] = []
    while not ((d := ENGINE.pending(t)).kind == "action" and d.actor == "Ann"
               and t.game.month == 8):
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        steps += [x.last_step for x in tables]
        t = tables[-1]
    store.append_many(CAMPAIGN, [("step", {"do": s}) for s in steps])
    return hk


def _events(hk, active=True):
    record = campaign_store(hk.campaigns).load(CAMPAIGN)
    return [e["type"] for e in (record.active if active else record.events)]


def test_a_hint_ranks_the_options_with_their_estimates_and_plays_nothing(late):
    before = json.loads(late("beelives", "next", CAMPAIGN, "--json").stdout)
    got = late("beelives", "hint", CAMPAIGN, "--rollouts", "2", "--seed", "4", "--json")
    assert got.returncode == 0, got.stderr
    hint = json.loads(got.stdout)
    assert hint["actor"] == "Ann" and hint["rollouts"] == 2 and hint["seed"] == 4
    options = [e["option"] for e in hint["estimates"]]
    assert set(options) <= set(before["legal"]) and hint["default"] in options
    assert len(options) + len(hint["not_estimated"]) == len(before["legal"])
    wins = [(e["win"], e["score"]) for e in hint["estimates"]]
    assert wins == sorted(wins, reverse=True)
    assert all(e["rollouts"] == 2 and 0 <= e["win"] <= 1 for e in hint["estimates"])
    # against the default player's choice, rollout by rollout: the same difference of means
    base = next(e for e in hint["estimates"] if e["option"] == hint["default"])
    for e in hint["estimates"]:
        more, half = e["versus_default"]
        assert more == pytest.approx(e["score"] - base["score"]) and half >= 0
    assert base["versus_default"] == [0.0, 0.0]
    # nothing played: the same decision is due; the hint is marked in the record
    after = json.loads(late("beelives", "next", CAMPAIGN, "--json").stdout)
    assert after["legal"] == before["legal"] and after["prompt"] == before["prompt"]
    assert _events(late)[-1] == "hint"
    _, state = campaign_store(late.campaigns).state(CAMPAIGN)
    assert state.hints == ((1, 8, "Ann", "action"),)
    # the same seed and rollouts: the same numbers
    again = json.loads(late("beelives", "hint", CAMPAIGN, "--rollouts", "2", "--seed", "4",
                            "--json").stdout)
    assert again["estimates"] == hint["estimates"]


def test_the_hint_says_why_in_numbers_within_80_columns(late):
    got = late("beelives", "hint", CAMPAIGN, "--rollouts", "2", "--seed", "1",
               env={"COLUMNS": "80"})
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[0].startswith("hint for Ann (action): 2 rollouts an option")
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "the default player's choice" in got.stdout
    # the others against it: "+1.8 VP expected, win 41 % → 55 %"
    import re
    assert re.search(r"[+-]\d+\.\d( ± \d+\.\d)? VP expected, win \d+ % → \d+ % against "
                     r"the default", got.stdout)
    assert "--seed 1 --rollouts 2" in got.stdout


def test_next_with_hint_adds_the_estimates_and_marks_the_record(late):
    got = late("beelives", "next", CAMPAIGN, "--hint", "--seconds", "0.1", "--seed", "3",
               "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    assert data["hint"]["rollouts"] >= 2 and data["hint"]["actor"] == data["actor"]
    assert _events(late)[-1] == "hint"


def test_undo_after_a_hint_takes_the_hint_with_the_step_and_the_record_keeps_it(late):
    late("beelives", "hint", CAMPAIGN, "--rollouts", "2", "--seed", "1")
    legal = json.loads(late("beelives", "next", CAMPAIGN, "--json").stdout)["legal"]
    assert late("beelives", "do", CAMPAIGN, legal[0]).returncode == 0
    late("beelives", "hint", CAMPAIGN, "--rollouts", "2", "--seed", "1")
    assert _events(late)[-1] == "hint"
    got = late("campaign", "undo", CAMPAIGN)
    assert got.returncode == 0, got.stdout + got.stderr
    # the step is taken back with the hint shown after it; the first hint stays active
    assert _events(late)[-1] == "hint"
    assert _events(late, active=False).count("hint") == 2
    assert json.loads(late("beelives", "next", CAMPAIGN, "--json").stdout)["legal"] == legal


def test_no_hint_when_nobody_decides(hk):
    hk("beelives", "new", "Done", "-p", "Ann:prolific", "-p", "Bo:aggressive")
    store = campaign_store(hk.campaigns)
    _, t = store.state("done")
    end = play_out(ENGINE, t, DP.choose, random.Random(1))
    store.append_many("done", [("step", {"do": s}) for s in _steps_to(t, end)])
    got = hk("beelives", "hint", "done", "--rollouts", "2")
    assert got.returncode == 1 and "the game is over" in got.stdout + got.stderr
    assert "Traceback" not in got.stdout + got.stderr


def _steps_to(start, end):
    """The resolved steps from ``start`` to ``end``: the default player's game replayed."""
    rng = random.Random(1)
    t, out = start, []
    while not (d := ENGINE.pending(t)).over:
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        out += [x.last_step for x in tables]
        t = tables[-1]
    assert t.game == end.game
    return out


def test_a_hint_is_marked_only_for_the_decision_due(late):
    from hyvekit.games.advisor_text import mark_hint
    from hyvekit.games.advisor import Hint
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.store.errors import RecordChangedError
    store = campaign_store(late.campaigns)
    known = store.state(CAMPAIGN)
    with pytest.raises(IllegalActionError, match="Ann's action decision"):
        store.append(CAMPAIGN, "hint", {"player": "Bo", "decision": "action"})
    # worked out on the table as read, then another command stores a step: nothing marked
    hint = Hint("Ann", "action", (), "", (), 2, 0.1, 1)
    legal = json.loads(late("beelives", "next", CAMPAIGN, "--json").stdout)["legal"]
    assert late("beelives", "do", CAMPAIGN, legal[0]).returncode == 0
    before = _events(late)
    with pytest.raises(RecordChangedError):
        mark_hint(store, CAMPAIGN, hint, known)
    assert _events(late) == before
