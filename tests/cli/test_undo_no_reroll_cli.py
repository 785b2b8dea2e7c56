"""Undo at the table is never a re-roll (issue 27): undoing a die takes back the step that
made it due, in one undo that ``campaign redo`` brings back whole; the play screens and the
web table undo the same way (:func:`hyvekit.games.table.undo_steps`)."""

from __future__ import annotations

import json


def _steps(hk, cid):
    events = json.loads(hk("campaign", "history", cid, "--json").stdout)
    events = events["events"] if isinstance(events, dict) else events
    return [(e["data"].get("do"), e.get("status", "active")) for e in events
            if e["type"] == "step"]


def _next(hk, cid):
    return json.loads(hk("beelives", "next", cid, "--json").stdout)


def test_undoing_a_rolled_die_takes_back_the_scout_that_made_it_due(hk):
    """Out Like a Lamb: "After scouting, roll the D6"."""
    assert hk("beelives", "new", "Lamb", "-p", "Ann:prolific", "-p", "Bo:nomadic"
              ).returncode == 0
    assert hk("beelives", "do", "lamb", 'card "Out Like a Lamb"').returncode == 0
    before = _next(hk, "lamb")
    done = hk("beelives", "do", "lamb", "scout bloom", "--roll", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    stored = json.loads(done.stdout)["steps"]
    assert stored[0] == "Ann: scout bloom" and len(stored) >= 2       # the D6 rolled after
    undone = hk("campaign", "undo", "lamb")
    assert undone.returncode == 0, undone.stderr
    assert undone.stdout.count("reverted event") == len(stored)
    after = _next(hk, "lamb")
    assert (after["decision"], after["actor"], after["legal"]) == (
        before["decision"], before["actor"], before["legal"])          # Ann chooses again
    assert hk("campaign", "redo", "lamb").returncode == 0               # all back at once
    assert [s for s, status in _steps(hk, "lamb") if status == "active"][-len(stored):] \
        == stored


def test_undoing_a_step_that_rolled_nothing_takes_back_that_step_alone(hk):
    assert hk("beelives", "new", "Calm", "-p", "Ann:prolific", "-p", "Bo:nomadic"
              ).returncode == 0
    assert hk("beelives", "do", "calm", 'card "First Bloom"', "defend 1").returncode == 0
    undone = hk("campaign", "undo", "calm")
    assert undone.stdout.count("reverted event") == 1 and "defend 1" in undone.stdout
    assert _next(hk, "calm")["actor"] == "Ann"
