"""A legacy scenario logged turn by turn (hyve.txt, Legacy Mode: Starting a Legacy, Bread
Upgrades, Perks, Core Resources, Courier Action, Gaining Honey, Easy Mode): the set-up a run
gives, the derived courier events and result, and the set-ups that disagree with the run."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from hyvekit.data.hyve import legacy_sheets, record_definitions, sheet_definitions
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve.legacy_play import (apply_play, legacy_actions, play_record, preview,
                                            run_setup, run_sheet)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hyve"
EXAMPLE = EXAMPLES / "legacy-scenario-1.toml"
COLOURS = ["yellow", "blue", "green", "purple", "red"]


def example_run(easy: bool = True) -> L.LegacyState:
    """The run the example file was played in (its header): 1-type bread upgraded twice,
    Deep Stores, 2 red HP and 2 red population; scenario 1 (Standard) started."""
    s = L.new_legacy(legacy_sheets()["legacy-1"], COLOURS, easy=easy)
    s = L.play(s, L.Shop((L.BuyBread(1), L.BuyBread(1), L.BuyPerk("deep-stores"),
                          L.BuyResources("hp", ("red", "red")),
                          L.BuyResources("population", ("red", "red")))))
    return L.play(s, L.StartScenario())


def example_raw() -> dict:
    return tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))


def play_file(state: L.LegacyState, raw: dict, base: Path):
    """Play a record from folder ``base`` with the sheets it names (else the packaged ones)."""
    return play_record(state, raw, record_definitions(raw, base))


# --- the set-up a run gives --------------------------------------------------------------------

def test_setup_from_a_run_with_upgrades_perks_and_resources():
    s = L.new_legacy(legacy_sheets()["legacy-1"], COLOURS, easy=True)
    s = L.play(s, L.Shop((L.BuyBread(1), L.BuyBread(1), L.BuyBread(4), L.BuyPerk("tenacity"),
                          L.BuyResources("nectar", ("blue", "blue", "purple")))))
    s = L.play(s, L.StartScenario())
    s = L.play(s, L.Courier(4, 1))                        # the purple nectar is used
    s = L.play(s, L.Courier(L.WILD, 2))                   # honey-track square 1 filled
    s = L.play(s, L.Result(False, -5, 10, 2, cross_out=4))  # easy-mode loss: 4 honey
    s = L.play(s, L.Shop((L.BuyPerk("migratory"), L.BuyResources("population", ("red",)))))
    s = L.play(s, L.StartScenario())                      # scenario 2: Coldsnap
    start = run_setup(s, run_sheet(s, sheet_definitions()))
    assert start.sheet.mode == "coldsnap"
    assert start.colours == tuple(COLOURS)
    # 1-type: two upgrades → level 3; 4-type: upgraded once, then crossed out → level 1
    assert start.bread == (3, 1, 1, 1, 1)
    assert start.perks == ("tenacity", "migratory")
    assert start.legacy is True
    unused = sorted((r.kind, r.colour) for r in start.resources if not r.used)
    assert unused == [("nectar", "blue"), ("nectar", "blue"), ("population", "red")]
    assert [(r.kind, r.colour) for r in start.resources if r.used] == [("nectar", "purple")]
    assert start.honey_track_empty == 9                   # 10 squares, square 1 filled


def test_no_scenario_being_played_is_refused():
    s = L.new_legacy(legacy_sheets()["legacy-1"], COLOURS)
    with pytest.raises(IllegalActionError) as err:
        play_file(s, example_raw(), EXAMPLES)
    assert err.value.rule == L.R_START and "start the next scenario" in str(err.value)


def test_a_run_configuration_name_that_is_no_mode_is_bad_input():
    s = example_run()
    s = replace(s, sheet=replace(s.sheet, run=("Mystery",) + s.sheet.run[1:]))
    with pytest.raises(InvalidInputError) as err:
        run_sheet(s, sheet_definitions())
    assert err.value.field == "run configuration scenario 1"


# --- the derived result and honey --------------------------------------------------------------

def test_example_scenario_derives_the_couriers_and_the_result():
    play = play_file(example_run(), example_raw(), EXAMPLES)
    assert len(play.reports) == 8 and play.final.status == "lost"
    assert [(c.turn, c.bee) for c in play.couriers] == [(1, 5), (2, L.WILD), (3, L.WILD),
                                                         (4, L.WILD)]
    r = play.result
    # Colony Collapse is position 0, the standard Starting Space position 5: -5 past start.
    assert (r.won, r.hp_past_start, r.population, r.hyves) == (False, -5, 5, 1)
    # three wild couriers fill squares 1-3; square 3 is the sheet's first bonus, 3 honey
    assert r.courier_bonus == 3
    assert r.limits == L.scenario_limits(example_run(), sheet_definitions())
    # easy mode: as if won: 0 (HP below start, R2) + 5 // 5 + 1 hyve + 3 = 5
    assert play.honey.total == 5


def test_logging_the_derived_events_matches_the_ledger_rules():
    state = example_run()
    play = play_file(state, example_raw(), EXAMPLES)
    after = apply_play(state, play, cross_out=2)
    assert after.honey_well[0] == 5 and after.honey == 5 and after.phase == "shopping"
    assert after.crossed_bread == (2,)
    # the filled bonus square 3 pays and is crossed out; plain squares 1 and 2 stay filled
    assert after.honey_track[:3] == ("filled", "filled", "crossed")
    assert all(r.used for r in after.resources)        # both red resources were claimed
    # the same scenario typed in by hand through the ledger gives the same run
    typed = state
    for action in (L.Courier(5, 1), L.Courier(6, 2), L.Courier(6, 3), L.Courier(6, 4),
                   L.Result(False, -5, 5, 1, courier_bonus=3, cross_out=2,
                            limits=L.scenario_limits(state, sheet_definitions()))):
        typed = L.play(typed, action)
    assert typed == after
    assert legacy_actions(play, 2)[-1] == L.Result(False, -5, 5, 1, 3, 2,
                                                   L.scenario_limits(state, sheet_definitions()))


def test_a_lost_scenario_in_normal_mode_earns_no_honey_and_ends_the_legacy():
    state = example_run(easy=False)
    play = play_file(state, example_raw(), EXAMPLES)
    assert play.honey is None
    after = apply_play(state, play)
    assert after.phase == "failed" and after.honey_well[0] is None


def test_a_lost_scenario_in_easy_mode_needs_a_cross_out_but_preview_does_not():
    state = example_run()
    play = play_file(state, example_raw(), EXAMPLES)
    with pytest.raises(IllegalActionError) as err:
        apply_play(state, play)
    assert err.value.rule == L.R_EASY
    assert preview(state, play).honey_track[:3] == ("filled",) * 3


def _two_turn_standard():
    """hyvekit's standard sheet cut to one season of two effects (2 HP, 3 HP): two turns."""
    std = sheet_definitions()["standard"]
    spring = replace(std.seasons[0], effects=std.seasons[0].effects[:2])
    return {"standard": replace(std, seasons=(spring,))}


TWO_TURNS = """
[[turn]]
dice = [1, 1, 2, 5, 6, 3]
assign = [ { action = "courier", bee = 5 } ]
nectar = ["1@C3", "1@C2", "2@C4", "W3@B2", "3@B3"]
effect = 1

[[turn]]
dice = [1, 1, 1, 2, 3, 4, 6]
assign = [ { action = "courier", bee = "W" } ]
nectar = ["1@A1", "1@A2", "1@A3", "2@B1", "3@B4", "4@C1"]
effect = 2
"""


def test_a_won_scenario_pays_the_courier_bonus_of_the_square_it_filled():
    state = example_run(easy=False)
    state = replace(state, honey_track=("filled", "filled") + state.honey_track[2:])
    play = play_record(state, tomllib.loads(TWO_TURNS), definitions=_two_turn_standard())
    # turn 1: 6 bees; red courier +2 population (8) +2 HP (die 3); the wild Bee is fed: 7;
    #   Spring 1: -2 HP → die 1 on the Starting Space (5)
    # turn 2: 7 bees; the wild courier fills square 3 (bonus 3); fed: 6;
    #   Spring 2: -3 HP → die 4 on position 4; every turn is played: won
    assert play.final.status == "won" and play.start.honey_track_empty == 8
    r = play.result
    assert (r.won, r.hp_past_start, r.population, r.hyves, r.courier_bonus) == (
        True, -1, 6, 0, 3)
    assert play.honey.total == 0 + 1 + 0 + 3
    after = apply_play(state, play)
    assert after.honey_well[0] == 4 and after.honey_track[2] == "crossed"


def test_an_unfinished_record_has_no_result_to_log():
    state = example_run()
    raw = example_raw()
    raw["turn"] = raw["turn"][:3]
    play = play_file(state, raw, EXAMPLES)
    assert play.result is None and not play.finished
    assert [c.turn for c in play.couriers] == [1, 2, 3]
    with pytest.raises(IllegalActionError) as err:
        legacy_actions(play)
    assert err.value.rule == L.R_WIN and "being played" in err.value.message


def test_an_illegal_turn_names_the_rule_and_the_turn():
    raw = example_raw()
    raw["turn"][1]["assign"] = [{"action": "courier", "bee": 5}]    # red is used up on turn 1
    raw["turn"][1]["nectar"] = ["1@A1", "1@A2", "1@A3", "2@B1", "3@B4", "4@C1", "W2@C5"]
    with pytest.raises(IllegalActionError) as err:
        play_file(example_run(), raw, EXAMPLES)
    assert err.value.rule == L.R_COURIER and err.value.turn == 2


# --- a record's own set-up must agree with the run -------------------------------------------

@pytest.mark.parametrize("table, key, value, rule", [
    ("scenario", "colours", ["red", "blue", "green", "purple", "yellow"], L.R_START),
    ("legacy", "perks", ["deep-stores", "beseech"], L.R_PERKS),       # not owned
    ("legacy", "perks", [], L.R_PERKS),                                # owned, left out
    ("legacy", "bread", [1, 1, 1, 1, 1], L.R_BREAD),
    ("legacy", "resources", {"population": ["red"]}, L.R_CORE),
    ("legacy", "honey_track_empty", 4, L.R_COURIER),
    ("scenario", "sheet", "coldsnap", L.R_START),                      # another mode
])
def test_a_setup_that_disagrees_with_the_run_is_refused_naming_the_field(table, key, value,
                                                                         rule):
    raw = example_raw()
    raw[table] = {key: value}
    with pytest.raises(IllegalActionError) as err:
        play_file(example_run(), raw, EXAMPLES)
    assert err.value.rule == rule
    assert str(err.value).startswith(f"{rule}: [{table}] {key}")


def test_a_setup_that_agrees_with_the_run_is_accepted():
    raw = example_raw()
    raw["scenario"] = {"sheet": "standard", "colours": COLOURS}
    raw["legacy"] = {"perks": ["Deep Stores"], "bread": [3, 1, 1, 1, 1],
                     "resources": {"hp": ["red", "red"], "population": ["red", "red"]},
                     "honey_track_empty": 10}
    play = play_file(example_run(), raw, EXAMPLES)
    assert play.result.courier_bonus == 3


def test_the_records_own_sheets_file_gives_the_modes_sheet(tmp_path):
    own = tmp_path / "my-sheets.toml"
    own.write_text('[[sheet]]\nid = "booklet-standard"\nmode = "standard"\n'
                   'name = "Booklet Standard"\nhp_track = { spaces = 20, start = 6, '
                   'thriving = true }\n', encoding="utf-8")
    raw = example_raw()
    raw["scenario"] = {"sheets": "my-sheets.toml"}
    play = play_file(example_run(), raw, tmp_path)
    assert play.start.sheet.id == "booklet-standard"
    # the same HP moves, one position higher: the die ends on position 1, not Colony Collapse
    assert play.final.position == 1 and play.final.status == "playing"
    assert play.result is None


def test_a_courier_after_the_scenario_ended_mid_turn_is_not_logged_ruling_r20():
    from hyvekit.rules.hyve.sheets import HpTrack
    std = sheet_definitions()["standard"]
    short = {"standard": replace(std, hp_track=HpTrack(spaces=7, start=5, thriving=True))}
    raw = tomllib.loads("""
[[turn]]
dice = [5, 6, 1, 2, 3, 4]
assign = [
  { action = "queens-attendants", bee = 5, jelly = "fly-drones" },
  { action = "courier", bee = "W" },
]
nectar = ["1@C3", "2@C2", "3@C4", "4@B2"]
effect = 1
""")
    play = play_record(example_run(), raw, definitions=short)
    # Fly Drones: -5 population (6 → 1), then +10 HP from die 1 on the Starting Space (5):
    # 5 HP take the die to 6, the 6th moves it up to position 6, Thriving: won at once, and
    # the courier bee listed after it is never placed
    assert play.final.status == "won" and play.couriers == ()
    assert (play.result.won, play.result.hp_past_start, play.result.population) == (True, 1, 1)
    assert play.result.courier_bonus == 0


@pytest.mark.parametrize("turns", range(1, 9))
def test_each_prefix_of_the_example_logs_the_couriers_of_its_turns(turns):
    raw = example_raw()
    raw["turn"] = raw["turn"][:turns]
    play = play_file(example_run(), raw, EXAMPLES)
    assert [c.turn for c in play.couriers] == [t for t in (1, 2, 3, 4) if t <= turns]
    assert play.finished is (turns == 8)
    # the derived values agree with the claims written in the example after each turn
    last = raw["turn"][-1]["claim"]
    assert (play.final.population, play.final.die, play.final.position,
            play.final.hyves_completed) == (last["population"], last["die"], last["position"],
                                            last["hyves"])


# --- the same scenario played at the table (rules/hyve/table_record.py) ------------------------

def test_the_step_that_ends_a_scenario_at_the_table_logs_what_legacy_play_logs():
    """logged_event: a ledger event logs its own action, a step nothing, the last step (here
    the easy-mode cross-out) the couriers and the result of the example's turns."""
    from hyvekit.data.hyve import sheet_table
    from hyvekit.rules.hyve.record import parse_record
    from hyvekit.rules.hyve.table import new_table
    from hyvekit.rules.hyve.table_record import logged_event
    from hyvekit.rules.hyve.table_steps import steps_for

    state = example_run()
    start = run_setup(state, run_sheet(state, sheet_definitions()))
    _, steps = steps_for(new_table(start), parse_record(example_raw(), start=start).turns)
    s, logged = state, []
    for k, text in enumerate([*steps, "cross-out 2"]):
        first = {"sheet": sheet_table("standard")} if k == 0 else {}
        s, actions = logged_event(s, "step", {"do": text, **first})
        logged.append(actions)
    assert all(a == () for a in logged[:-1])
    play = play_file(state, example_raw(), EXAMPLES)
    assert logged[-1] == legacy_actions(play, 2)
    assert replace(s, played_tables=()) == apply_play(state, play, cross_out=2)
    after, actions = logged_event(s, "shop", {"purchases": [{"item": "bread", "bee_type": 3}]})
    assert actions == (L.Shop((L.BuyBread(3),)),) and after == L.play(s, actions[0])


def _default_player_plays(engine, run: L.LegacyState, rng) -> tuple[L.LegacyState, list[str]]:
    """The run after the HYVE default player played its current scenario at the table to
    its end (dice rolled with ``rng``, the steps the tool makes itself made as ``hyve do``
    makes them), and the steps kept."""
    from hyvekit.rules.hyve.default_player import choose
    from hyvekit.rules.table import play_steps
    steps = []
    while not (d := engine.pending(run)).over:
        run = play_steps(engine, run, [choose(engine.table(run), d, rng)], rng)[-1]
        steps.append(engine.last_step(run))
    return run, steps


@pytest.mark.parametrize("seed", [3, 5])
def test_a_legacy_runs_second_scenario_is_played_to_its_end_by_the_default_player(seed):
    """Scenario 1 and then scenario 2 of a new run, played at the table by the default
    player, each end with their result in the ledger; scenario 2 ended winning with all six
    hyves (the nectar that filled hyve 6 left bees without a hex: ruling H92), and the steps
    kept replay to the same run."""
    import random
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.rules.hyve.engine import HyveLegacyEngine
    engine, rng = HyveLegacyEngine(sheet_definition), random.Random(seed)
    run = L.play(L.new_legacy(legacy_sheets()["legacy-1"], COLOURS), L.StartScenario())
    run, _ = _default_player_plays(engine, run, rng)
    assert [r.number for r in run.results] == [1] and run.phase == "shopping"
    start = L.play(run, L.StartScenario())
    end, steps = _default_player_plays(engine, start, rng)
    assert [r.number for r in end.results] == [1, 2]
    assert end.played_tables[-1][1].now.end == ("all hyves",), \
        "the default player now ends this seed's scenario 2 otherwise: pick a seed that wins it"
    assert engine.replay(start, steps) == end
