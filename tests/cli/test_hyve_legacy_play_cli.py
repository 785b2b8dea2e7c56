"""``hyvekit hyve legacy play RUN FILE`` and ``hyvekit hyve check FILE --run RUN`` end to end
(hyve.txt, Legacy Mode: a scenario logged turn by turn feeds the honey ledger)."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hyve" / "legacy-scenario-1.toml"


def setup_run(hk, easy=True):
    """The run of the example's header: scenario 1 (Standard) started with 1-type bread at
    level 3, Deep Stores, 2 red HP and 2 red population."""
    args = ["hyve", "legacy", "new", "Run"] + (["--easy"] if easy else [])
    assert hk(*args).returncode == 0
    shop = hk("hyve", "legacy", "shop", "run", "--bread", "1", "--bread", "1", "--perk",
              "deep-stores", "--hp", "red:2", "--population", "red:2")
    assert shop.returncode == 0, shop.stderr
    assert hk("hyve", "legacy", "start", "run", "--yes").returncode == 0


def status(hk):
    result = hk("hyve", "legacy", "status", "run", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def record_bytes(hk):
    return (hk.campaigns / "run.json").read_bytes()


def test_play_a_scenario_file_into_the_run_fills_the_honey_well(hk):
    setup_run(hk)
    played = hk("hyve", "legacy", "play", "run", str(EXAMPLE), "--cross-out", "2")
    assert played.returncode == 0, played.stderr
    assert "8 turns replayed" in played.stdout
    assert "scenario LOST: colony collapse" in played.stdout
    assert "logged courier: wild Bee on turn 4" in played.stdout
    assert "= 5" in played.stdout
    s = status(hk)
    # Worked out by hand from the example: the die enters Colony Collapse (position 0) from a
    # Starting Space at position 5 → HP -5 past start: 0 honey (ruling R2); population 5 → 1;
    # 1 completed hyve → 1; three wild couriers fill squares 1-3, square 3 is a bonus of 3.
    assert s["honey_well"][0] == 5 and s["honey"] == 5
    assert s["results"][0] == {"scenario": 1, "won": False, "hp_past_start": -5,
                               "population": 5, "hyves": 1, "honey": 5,
                               "honey_breakdown": {"hp": 0, "population": 1, "hyves": 1,
                                                   "courier": 3},
                               "crossed_out": 2}
    assert s["honey_track"][:4] == ["filled", "filled", "crossed", "empty"]
    assert s["resources"]["population"]["red"] == {"unused": 0, "used": 2}
    assert s["resources"]["hp"]["red"] == {"unused": 0, "used": 2}
    assert s["phase"] == "shopping" and s["next_scenario"] == 2 and s["crossed_bread"] == [2]


def test_campaign_history_shows_the_logged_events(hk):
    setup_run(hk)
    assert hk("hyve", "legacy", "play", "run", str(EXAMPLE), "--cross-out", "2").returncode == 0
    events = json.loads(hk("campaign", "history", "run", "--json").stdout)
    assert [e["type"] for e in events] == ["shop", "start", "courier", "courier", "courier",
                                           "courier", "result"]
    assert [e["description"] for e in events[2:6]] == [
        "courier: 5-Bee on turn 1", "courier: wild Bee on turn 2",
        "courier: wild Bee on turn 3", "courier: wild Bee on turn 4"]
    assert events[6]["data"]["courier_bonus"] == 3 and events[6]["data"]["limits"]["hp_start"] == 5
    text = hk("campaign", "history", "run").stdout
    assert "lost: HP -5 past start" in text


def test_an_illegal_turn_exits_1_and_leaves_the_record_byte_identical(hk):
    setup_run(hk)
    before = record_bytes(hk)
    bad = hk.root / "bad.toml"
    # turn 2 sends a red 5-Bee to the courier, but the red resources were claimed on turn 1
    bad.write_text(EXAMPLE.read_text(encoding="utf-8").replace(
        'assign = [ { action = "courier", bee = "W" } ]  # honey-track square 1',
        'assign = [ { action = "courier", bee = 5 } ]', 1).replace(
        "dice = [1, 1, 1, 2, 3, 4, 6]", "dice = [1, 1, 1, 2, 3, 4, 5]", 1), encoding="utf-8")
    result = hk("hyve", "legacy", "play", "run", str(bad), "--cross-out", "2")
    assert result.returncode == 1
    assert "Hyve Legacy: Courier Action" in result.stderr and "turn 2:" in result.stderr
    assert "Traceback" not in result.stderr
    assert record_bytes(hk) == before
    data = json.loads(hk("hyve", "legacy", "play", "run", str(bad), "--json").stdout)
    assert data["legal"] is False and data["error"]["turn"] == 2
    assert record_bytes(hk) == before


def test_dry_run_writes_nothing(hk):
    setup_run(hk)
    before = record_bytes(hk)
    dry = hk("hyve", "legacy", "play", "run", str(EXAMPLE), "--dry-run", "--cross-out", "2")
    assert dry.returncode == 0, dry.stderr
    assert "would log courier: 5-Bee on turn 1" in dry.stdout
    assert "nothing was recorded" in dry.stdout
    assert record_bytes(hk) == before
    data = json.loads(hk("hyve", "legacy", "play", "run", str(EXAMPLE), "--dry-run",
                         "--json").stdout)
    assert data["logged"] is False and data["needs_cross_out"] is True
    assert data["legacy"]["result"]["hp_past_start"] == -5 and data["honey"] == 5
    assert record_bytes(hk) == before


def test_a_lost_easy_scenario_needs_cross_out(hk):
    setup_run(hk)
    before = record_bytes(hk)
    result = hk("hyve", "legacy", "play", "run", str(EXAMPLE))
    assert result.returncode == 1
    assert "Easy Mode" in result.stderr and "--cross-out" in result.stderr
    assert record_bytes(hk) == before


def test_normal_mode_loss_ends_the_legacy(hk):
    setup_run(hk, easy=False)
    played = hk("hyve", "legacy", "play", "run", str(EXAMPLE))
    assert played.returncode == 0, played.stderr
    assert "legacy ends here" in played.stdout
    s = status(hk)
    assert s["phase"] == "failed" and s["honey_well"][0] is None


def test_check_against_a_run_logs_nothing(hk):
    setup_run(hk)
    before = record_bytes(hk)
    checked = hk("hyve", "check", str(EXAMPLE), "--run", "run")
    assert checked.returncode == 0, checked.stderr
    assert "courier: wild Bee on turn 3" in checked.stdout
    assert "honey: 0 (HP) + 1 (population) + 1 (hyves) + 3 (courier) = 5" in checked.stdout
    data = json.loads(hk("hyve", "check", str(EXAMPLE), "--run", "run", "--json").stdout)
    assert data["legal"] is True and data["legacy"]["honey"]["total"] == 5
    assert record_bytes(hk) == before


def test_a_setup_that_disagrees_with_the_run_is_refused(hk):
    setup_run(hk)
    before = record_bytes(hk)
    other = hk.root / "other.toml"
    other.write_text('[scenario]\ncolours = ["red", "blue", "green", "purple", "yellow"]\n'
                     + EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = hk("hyve", "legacy", "play", "run", str(other), "--cross-out", "2")
    assert result.returncode == 1 and "[scenario] colours" in result.stderr
    perk = hk.root / "perk.toml"
    perk.write_text('[legacy]\nperks = ["deep-stores", "beseech"]\n'
                    + EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = hk("hyve", "check", str(perk), "--run", "run")
    assert result.returncode == 1 and "[legacy] perks" in result.stderr
    assert "does not own Beseech" in result.stderr
    assert record_bytes(hk) == before


def test_couriers_already_logged_by_hand_are_refused(hk):
    setup_run(hk)
    assert hk("hyve", "legacy", "courier", "run", "wild").returncode == 0
    before = record_bytes(hk)
    result = hk("hyve", "legacy", "play", "run", str(EXAMPLE), "--cross-out", "2")
    assert result.returncode == 1 and "already logged" in result.stderr
    assert "campaign undo run --to 2" in result.stderr
    assert record_bytes(hk) == before


def test_play_before_the_scenario_starts_is_refused(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    result = hk("hyve", "legacy", "play", "run", str(EXAMPLE))
    assert result.returncode == 1 and "no scenario is being played" in result.stderr
    missing = hk("hyve", "legacy", "play", "run", "nowhere.toml")
    assert missing.returncode == 2 and "FILE" in missing.stderr


def test_a_claim_that_differs_logs_nothing_ruling_r24(hk):
    setup_run(hk)
    before = record_bytes(hk)
    wrong = hk.root / "wrong.toml"
    wrong.write_text(EXAMPLE.read_text(encoding="utf-8").replace(
        "claim = { population = 7, die = 1, position = 5, hyves = 0 }",
        "claim = { population = 8, die = 1, position = 5, hyves = 0 }"), encoding="utf-8")
    result = hk("hyve", "legacy", "play", "run", str(wrong), "--cross-out", "2")
    assert result.returncode == 1 and "Hyve: claimed values" in result.stderr
    assert "population: claimed 8, derived 7" in result.stderr
    assert record_bytes(hk) == before


def test_a_malformed_turn_names_its_file_line_and_logs_nothing(hk):
    setup_run(hk)
    before = record_bytes(hk)
    text = EXAMPLE.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("dice = ["))
    bad = hk.root / "bad.toml"
    bad.write_text(text.replace(first, 'dice = ["Q"]', 1), encoding="utf-8")
    result = hk("hyve", "legacy", "play", "run", str(bad), "--cross-out", "2")
    number = text.splitlines().index(first) + 1
    assert result.returncode == 2 and f"bad.toml line {number}: turn 1 dice" in result.stderr
    assert "6 is the wild Bee face, also written W" in result.stderr
    assert record_bytes(hk) == before
