"""``hyvekit hyve new / next / do / export-turns`` end to end (in process): a scenario outside a
run played step by step, refused steps storing nothing, undo of one step, the turns exported
as the record ``hyve check`` takes; a legacy run's scenario played at the table logs the same
couriers and result as ``hyve legacy play`` of its turn record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hyvekit.data.hyve import sheet_definitions
from hyvekit.rules.hyve import table as T
from hyvekit.rules.hyve.record import parse_record
from hyvekit.rules.hyve.table_steps import steps_for

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hyve" / "legacy-scenario-1.toml"


def _next(hk, *where):
    r = hk("hyve", "next", *where, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _events(hk, cid):
    r = hk("campaign", "history", cid, "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    return [e for e in (data["events"] if isinstance(data, dict) else data)
            if e["status"] == "active"]


def test_a_scenario_outside_a_run_is_played_step_by_step_and_every_legal_step_is_accepted(hk):
    r = hk("hyve", "new", "Tuesday game", "--mode", "coldsnap")
    assert r.returncode == 0, r.stderr
    assert "next: hyvekit hyve next --scenario tuesday-game" in r.stdout
    where = ("--scenario", "tuesday-game")
    data = _next(hk, *where)
    assert data["decision"] == "dice" and data["legal"] == ["roll"]
    assert data["table"]["mode"] == "coldsnap" and data["table"]["population"] == 6
    rng = random.Random(4)
    made = 0
    for k in range(25):
        data = _next(hk, *where)
        if data["decision"] is None:
            break
        made += 1
        step = rng.choice(data["legal"])
        done = hk("hyve", "do", *where, step, "--seed", str(k), "--json",
                  env={"HYVEKIT_ASK_FORCED": "1"})        # each step typed, one at a time
        assert done.returncode == 0, (step, done.stderr)
        stored = json.loads(done.stdout)["steps"]
        assert len(stored) == 1 and (step == "roll" or stored == [step])
    steps = [e["data"]["do"] for e in _events(hk, "tuesday-game")]
    assert len(steps) == made and all("roll" != s for s in steps)     # rolls stored as faces


def test_a_refused_step_stores_nothing_and_names_the_rule_and_the_legal_steps(hk):
    assert hk("hyve", "new", "G").returncode == 0
    before = (hk.campaigns / "g.json").read_bytes()
    r = hk("hyve", "do", "--scenario", "g", "gather")
    assert r.returncode == 1
    assert "Hyve: Turn Structure" in r.stderr and "legal: roll" in r.stderr
    r = hk("hyve", "do", "--scenario", "g", "dice 1 2 3 4 5 6", "repurpose 7")
    assert r.returncode == 2 and "step" in r.stderr           # all or none
    assert (hk.campaigns / "g.json").read_bytes() == before
    r = hk("hyve", "do", "--scenario", "g", "rol")
    assert r.returncode == 2 and "did you mean roll" in r.stderr


def test_undo_takes_back_one_step(hk):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "do", "--scenario", "g", "dice 1 2 3 4 5 6", "gather", "1@C3"
              ).returncode == 0
    assert _next(hk, "--scenario", "g")["decision"] == "nectar"
    assert hk("campaign", "undo", "g").returncode == 0
    data = _next(hk, "--scenario", "g")
    assert data["decision"] == "nectar" and "1@C3" in data["legal"]


def test_next_prints_the_sheet_and_the_decision_in_80_columns(hk):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "do", "--scenario", "g", "dice 1 2 3 3 5 6").returncode == 0
    r = hk("hyve", "next", "--scenario", "g", env={"COLUMNS": "80"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("C ") for line in lines)          # the hyve, rows A-E
    assert "due: Assign Workers" in r.stdout and "bakery 3: 3 3" in r.stdout
    assert 'next: hyvekit hyve do g "' in r.stdout       # a scenario's id works as RUN


def test_export_turns_gives_the_record_hyve_check_replays(hk, tmp_path):
    assert hk("hyve", "new", "G").returncode == 0
    for step in ("dice 1 2 3 4 5 6", "bakery 1: 1 W", "gather", "2@C3", "3@C2", "4@C4",
                 "5@B2", "effect 1", "dice 1 1 2 2 5"):
        assert hk("hyve", "do", "--scenario", "g", step).returncode == 0, step
    out = tmp_path / "g.toml"
    r = hk("hyve", "export-turns", "--scenario", "g", "--out", str(out))
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert '{ action = "bakery", bees = [1, "W"], bread = 1 }' in text
    assert "# turn 2 is being played" in text
    check = hk("hyve", "check", str(out), "--json")
    assert check.returncode == 0, check.stderr
    turns = json.loads(check.stdout)["turns"]
    assert turns[0]["population"] == _next(hk, "--scenario", "g")["table"]["population"]


def _setup_run(hk, name="Run", easy=True):
    assert hk("hyve", "legacy", "new", name, *(["--easy"] if easy else [])).returncode == 0
    cid = name.lower()
    shop = hk("hyve", "legacy", "shop", cid, "--bread", "1", "--bread", "1", "--perk",
              "deep-stores", "--hp", "red:2", "--population", "red:2")
    assert shop.returncode == 0, shop.stderr
    assert hk("hyve", "legacy", "start", cid, "--yes").returncode == 0
    return cid


def _example_steps(hk, cid):
    """The example's turns as table steps, from the run's set-up."""
    import tomllib

    from hyvekit.cli.hyve_records import load_legacy_state
    from hyvekit.rules.hyve.legacy_play import run_mode, run_setup, run_sheet
    _, state = load_legacy_state(hk.campaigns, cid)
    start = run_setup(state, run_sheet(state, sheet_definitions()))
    assert run_mode(state) == "standard"
    record = parse_record(tomllib.loads(EXAMPLE.read_text()), start=start)
    t, steps = steps_for(T.new_table(start), record.turns)
    assert t.over
    return steps


def test_a_legacy_scenario_at_the_table_logs_what_hyve_legacy_play_logs(hk):
    played = _setup_run(hk, "Played")
    assert hk("hyve", "legacy", "play", played, str(EXAMPLE), "--cross-out", "2"
              ).returncode == 0
    table = _setup_run(hk, "Table")
    steps = _example_steps(hk, table)
    assert hk("hyve", "next", table).returncode == 0
    r = hk("hyve", "do", table, *steps)
    assert r.returncode == 0, r.stderr
    data = _next(hk, table)
    assert data["decision"] == "cross-out" and "cross-out 2" in data["legal"]
    r = hk("hyve", "do", table, "cross-out 2")
    assert r.returncode == 0, r.stderr
    a = json.loads(hk("hyve", "legacy", "status", played, "--json").stdout)
    b = json.loads(hk("hyve", "legacy", "status", table, "--json").stdout)
    for key in ("phase", "honey", "honey_well", "results", "resources", "honey_track"):
        assert a.get(key) == b.get(key), key
    check = hk("campaign", "check", table)
    assert check.returncode == 0, check.stdout + check.stderr
    # the turns come back as the turn record hyve legacy play takes
    out = hk("hyve", "export-turns", table, "--out", "scenario-1.toml")
    assert out.returncode == 0, out.stderr
    text = (hk.root / "scenario-1.toml").read_text()
    assert "[[turn]]" in text and "[legacy]" in text and 'perks = ["deep-stores"]' in text
    # with its set-up, hyve check replays it alone: the same end as the example
    check = hk("hyve", "check", "scenario-1.toml", "--json")
    assert check.returncode == 0, check.stderr
    assert json.loads(check.stdout)["turns"][-1]["status"] == "lost"


def test_a_legacy_run_refuses_ledger_events_while_a_scenario_is_at_the_table(hk, tmp_path):
    cid = _setup_run(hk)
    assert hk("hyve", "do", cid, "roll", "--seed", "1").returncode == 0
    r = hk("hyve", "legacy", "courier", cid, "5")
    assert r.returncode == 1 and "at the table" in r.stderr
    assert hk("campaign", "undo", cid).returncode == 0
    assert hk("hyve", "legacy", "courier", cid, "5").returncode == 0


def test_next_of_a_run_between_scenarios_says_to_start_the_next_one(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    r = hk("hyve", "next", "run")
    assert r.returncode == 1 and "hyve legacy start" in r.stderr
    r = hk("hyve", "next")
    assert r.returncode == 2 and "RUN" in r.stderr


def test_campaign_show_prints_the_scenario_sheet_and_what_is_due(hk):
    assert hk("hyve", "new", "G").returncode == 0
    r = hk("campaign", "show", "g")
    assert r.returncode == 0, r.stderr
    assert "HYVE scenario" in r.stdout and "due: Turn 1, Refresh" in r.stdout


def test_legacy_status_says_a_scenario_is_at_the_table(hk):
    cid = _setup_run(hk)
    assert hk("hyve", "do", cid, "roll", "--seed", "2").returncode == 0
    r = hk("hyve", "legacy", "status", cid)
    assert r.returncode == 0 and "at the table: turn 1 of 16, 1 step so far" in r.stdout


def test_courier_bees_logged_by_hand_keep_the_scenario_off_the_table(hk):
    """A scenario played at the table brings its own courier bees (ruling R21)."""
    cid = _setup_run(hk)
    assert hk("hyve", "legacy", "courier", cid, "5").returncode == 0
    r = hk("hyve", "do", cid, "roll")
    assert r.returncode == 1 and "courier bees were already logged by hand" in r.stderr
    assert "campaign undo" in r.stderr


def test_a_scenario_id_works_where_a_run_goes_and_an_ended_run_shows_its_last_sheet(hk):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "do", "g", "dice 1 2 3 4 5 6").returncode == 0       # no --scenario
    assert _next(hk, "g")["decision"] == "assign"
    r = hk("hyve", "export-turns", "--scenario", "g", "--number", "1")
    assert r.returncode == 2 and "--number" in r.stderr
    # a legacy scenario played to its end: next shows its last sheet, do refuses more steps
    cid = _setup_run(hk)
    steps = _example_steps(hk, cid)
    assert hk("hyve", "do", cid, *steps, "cross-out 2").returncode == 0
    data = _next(hk, cid)
    assert data["decision"] is None and "has ended (lost" in data["prompt"]
    assert data["table"]["status"] == "lost"
    r = hk("hyve", "do", cid, "roll")
    assert r.returncode == 1 and "has ended" in r.stderr
    r = hk("hyve", "legacy", "play", cid, str(EXAMPLE))
    assert r.returncode == 1                      # the run is shopping: no scenario to log


def test_legacy_play_is_refused_at_once_while_a_scenario_is_at_the_table(hk):
    cid = _setup_run(hk)
    assert hk("hyve", "do", cid, "roll", "--seed", "3").returncode == 0
    r = hk("hyve", "legacy", "play", cid, str(EXAMPLE))
    assert r.returncode == 1 and "at the table" in r.stderr and "turn(s) replayed" not in r.stdout


def test_do_says_what_the_rules_did(hk):
    assert hk("hyve", "new", "G").returncode == 0
    r = hk("hyve", "do", "g", "dice 1 2 3 4 5 W", "gather", "1@C3", "2@C2", "3@C4", "4@B2",
           "5@B3", "W1@D1", "effect 1")
    assert r.returncode == 0, r.stderr
    assert "(Feed Bees)" in r.stdout and "Seasonal Effect Spring 1" in r.stdout
    data = json.loads(hk("hyve", "do", "g", "roll", "--json").stdout)
    assert data["happened"][0].startswith("Refresh: rolled")


EXAMPLES = EXAMPLE.parent


@pytest.mark.parametrize("path", [p for p in sorted(EXAMPLES.glob("*.toml"))
                                  if not p.name.startswith("legacy")], ids=lambda p: p.name)
def test_every_shipped_turn_record_replays_through_do_turn_by_turn_as_hyve_check(hk, path):
    """Each turn's steps (derived from the record) made with ``hyve do``; after each turn the
    sheet is the one ``hyve check`` reports for that turn."""
    from hyvekit.data.hyve import read_record
    from hyvekit.rules.hyve.table_steps import walk
    record = read_record(path)
    check = json.loads(hk("hyve", "check", str(path), "--json").stdout)
    reports = check["turns"]
    colours = ",".join(record.start.colours)
    assert hk("hyve", "new", "Ex", "--mode", record.start.sheet.id, "--colours",
              colours).returncode == 0
    t = T.new_table(record.start)
    for turn, report in zip(record.turns, reports):
        t, steps = walk(t, turn)
        r = hk("hyve", "do", "ex", *steps)
        assert r.returncode == 0, (report["turn"], r.stderr)
        table = _next(hk, "ex")["table"]
        assert (table["population"], table["hp"]["die"], table["hp"]["position"],
                table["status"]) == (report["population"], report["hp"]["die"],
                                     report["hp"]["position"], report["status"]), report["turn"]
    assert reports


def test_next_before_a_legacy_scenarios_first_step_shows_the_booklets_sheets(hk):
    """``hyve next --sheets FILE`` shows the sheet ``hyve do --sheets FILE`` will play."""
    cid = _setup_run(hk)
    packaged = (Path(__file__).parents[2] / "hyvekit" / "data" / "hyve_sheets.toml").read_text()
    assert packaged.count("\nstarting_population = 6") == 2
    mine = hk.root / "mine.toml"
    mine.write_text(packaged.replace("\nstarting_population = 6", "\nstarting_population = 7"))
    assert _next(hk, cid)["table"]["population"] == 6
    shown = json.loads(hk("hyve", "next", cid, "--sheets", str(mine), "--json").stdout)
    assert shown["table"]["population"] == 7
    assert hk("hyve", "do", cid, "--sheets", str(mine), "roll", "--seed", "1").returncode == 0
    assert _next(hk, cid)["table"]["population"] == 7       # kept from the first step on


def test_a_run_named_as_a_scenario_is_refused_with_the_command_for_a_run(hk):
    cid = _setup_run(hk)
    r = hk("hyve", "next", "--scenario", cid)
    assert r.returncode == 2
    assert "this is a Hyve Legacy run" in r.stderr and f"hyvekit hyve next {cid}" in r.stderr
    assert "a Hyve Legacy run or" not in r.stderr


def test_a_step_after_a_scenario_ended_outside_a_run_names_the_turn_structure(hk):
    from hyvekit.games import campaign_store
    from hyvekit.rules.hyve.engine import SCENARIO
    assert hk("hyve", "new", "G").returncode == 0
    store = campaign_store(hk.campaigns)
    t = store.state("g")[1]
    rng, steps = random.Random(3), []
    while T.pending(t).kind != "over":
        t = SCENARIO.push(t, T.pending(t).legal[0], rng)
        steps.append(SCENARIO.last_step(t))
    store.append_many("g", [("step", {"do": s}) for s in steps])
    r = hk("hyve", "do", "--scenario", "g", "roll")
    assert r.returncode == 1
    assert f"rule: {T.R_TABLE}: the scenario has ended" in r.stderr and "Legacy" not in r.stderr


def test_a_scenario_lost_at_the_table_in_normal_mode_says_how_the_run_may_go_on(hk):
    cid = _setup_run(hk, "Hard", easy=False)
    r = hk("hyve", "do", cid, *_example_steps(hk, cid))
    assert r.returncode == 0, r.stderr
    hint = f"switch to easy mode: hyvekit hyve legacy easy {cid} --cross-out TYPE"
    assert hint in " ".join(r.stdout.split())
    shown = hk("hyve", "next", cid)
    assert shown.returncode == 0 and hint in " ".join(shown.stdout.split())
    status = hk("hyve", "legacy", "status", cid)
    assert "lost in normal mode" in status.stdout and hint in " ".join(status.stdout.split())


def test_bees_placed_while_gathering_are_no_longer_listed_unassigned(hk):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "do", "--scenario", "g", "roll", "--seed", "3", "gather").returncode == 0
    before = _next(hk, "--scenario", "g")
    place = next(o for o in before["legal"] if "@" in o)
    assert hk("hyve", "do", "--scenario", "g", place).returncode == 0
    after = _next(hk, "--scenario", "g")
    bee = place.split("@")[0]
    face = 6 if bee.upper() == "W" else int(bee)
    left = list(before["table"]["unassigned"])
    left.remove(face)
    assert sorted(after["table"]["unassigned"]) == sorted(left)


def test_a_refused_step_among_several_is_named_by_its_number_too(hk):
    assert hk("hyve", "new", "S2").returncode == 0
    r = hk("hyve", "do", "s2", "roll", "9@Z9")
    assert r.returncode == 2 and "step 2 (9@Z9): step: got '9@Z9'" in r.stderr
    r = hk("hyve", "do", "s2", "dice 1 2 3 4 5 7")
    assert r.returncode == 2 and "also typed 6" in r.stderr


def test_do_tells_the_dice_rolled_in_words_and_other_steps_as_done(hk):
    """A roll is stored as its dice (``dice 1 2 3 4 5 6``): the screen says they were rolled,
    not that a step 'dice' was done."""
    assert hk("hyve", "new", "G").returncode == 0
    r = hk("hyve", "do", "--scenario", "g", "dice 1 2 3 4 5 6", "gather", "1@C3")
    assert r.returncode == 0, r.stderr
    lines = [line.strip() for line in r.stdout.splitlines()]
    assert "rolled 1 2 3 4 5 W" in lines and "did gather" in lines     # 6: the wild face
    assert not any(line.startswith("did dice") for line in lines)
