"""``hyve next`` explains the sheet (issue 27): the HP die with the spaces to Colony Collapse
and to Thriving, a key to the sheet's marks, and what each option would change — the same
change the sheet shows once the option is made."""

from __future__ import annotations

import json

import pytest

from hyvekit.rules.hyve.table import sheet_changes


def _next(hk, cid="tue"):
    r = hk("hyve", "next", "--scenario", cid, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.fixture()
def rolled(hk):
    """A Standard scenario with its first dice rolled (faces given)."""
    assert hk("hyve", "new", "Tue", "--mode", "standard").returncode == 0
    assert hk("hyve", "do", "--scenario", "tue", "dice 1 2 3 3 5 6").returncode == 0
    return hk


@pytest.mark.parametrize("width", [80, 60])
def test_next_shows_the_hp_track_distances_and_the_key(rolled, width):
    data = _next(rolled)
    hp = data["table"]["hp"]
    assert hp["to_collapse"] == hp["position"] > 0 and hp["to_thriving"] > 0
    out = rolled("hyve", "next", "--scenario", "tue", env={"COLUMNS": str(width)}).stdout
    flat = " ".join(out.split())
    assert (f"HP die {hp['die']} on {hp['space']}: {hp['to_collapse']} spaces from Colony "
            f"Collapse, {hp['to_thriving']} from Thriving") in flat
    assert "key: 3 nectar (die 3) · L2 a larva that gained 2 · x crossed out" in flat
    assert max(map(len, out.splitlines())) <= width


def test_each_preview_is_what_the_sheet_shows_once_the_option_is_made(rolled):
    """The turn's seasonal effect (a small decision, so each option has its preview): what
    the preview says is what the sheet shows after the option is made — the HP die with its
    distance to Colony Collapse among it."""
    for _ in range(80):                          # play on to the first seasonal effect
        data = _next(rolled)
        if data["decision"] == "effect":
            break
        step = "gather" if "gather" in data["legal"] else data["legal"][0]
        assert rolled("hyve", "do", "--scenario", "tue", step).returncode == 0
    assert data["decision"] == "effect" and set(data["preview"]) == set(data["legal"])
    assert any("HP die" in change for change in data["preview"].values())
    before = data["table"]
    for option in data["legal"]:
        done = rolled("hyve", "do", "--scenario", "tue", option, "--json",
                      env={"HYVEKIT_ASK_FORCED": "1"})          # the option alone
        assert done.returncode == 0, done.stderr
        after = _next(rolled)["table"]
        assert data["preview"][option] == "; ".join(sheet_changes(before, after)), option
        assert rolled("campaign", "undo", "tue", "--yes").returncode == 0
        assert _next(rolled)["table"] == before


def test_an_hp_move_says_how_far_colony_collapse_is():
    """Tracking HP: the die moving down the track towards the Colony Collapse space."""
    view = {"hp": {"die": 5, "position": 2, "space": "2", "to_collapse": 2,
                   "to_thriving": 8}, "population": 6, "bread": {"3": 1},
            "colours": {"3": "green"}, "active_hyve": 1, "hyve": [], "chamber": [],
            "jellies": [], "hyve_scores": [], "rewards_taken": [], "status": "playing"}
    after = {**view, "hp": {"die": 3, "position": 1, "space": "1", "to_collapse": 1,
                            "to_thriving": 9}, "bread": {"3": 2}}
    assert sheet_changes(view, after) == ("HP die 5 on 2 → 3 on 1 (1 space from Colony "
                                          "Collapse)", "bread green 1→2")
