"""HP track mechanics (hyve.txt, "Tracking HP"; "How to Win (or Lose)")."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.hyve.hp import describe, move_hp

TOP = 17   # the standard sheet: 0 = Colony Collapse, start 5, Thriving 17
runner = CliRunner()


def flat(die, position, **kw):
    return move_hp(scoring="flat", die=die, position=position, top=TOP, **kw)


def wobbly(die, position, **kw):
    return move_hp(scoring="wobbly", die=die, position=position, top=TOP, **kw)


def test_in_gaining_5_hp_flat_the_die_3_ends_on_2_one_space_up_ruling_h1():
    # "In gaining 5 HP, you would increment the die to 6, move it one space towards the
    # 'Thriving' Position, reset it to '1', then increment the die to '2'." -> the die was 3.
    r = flat(3, 5, gain=5)
    assert (r.die, r.position, r.moved, r.status) == (2, 6, 1, "playing")


def test_in_losing_5_hp_wobbly_the_die_3_ends_on_2_one_space_down_ruling_h1():
    # "In losing 5 HP, you would INCREMENT the die to 6, move back it one space towards the
    # 'Colony Collapse' space (since you went over 6), reset it to '1', then increment to '2'."
    r = wobbly(3, 5, lose=5)
    assert (r.die, r.position, r.moved, r.status) == (2, 4, -1, "playing")


def test_flat_losing_decrements_and_moves_down_under_1():
    r = flat(2, 5, lose=5)          # 1, then under 1 -> 6 one down, 5, 4, 3
    assert (r.die, r.position) == (3, 4)


def test_flat_each_position_is_6_hp():
    r = flat(1, 5, gain=12)
    assert (r.die, r.position) == (1, 7)
    back = flat(1, 7, lose=12)
    assert (back.die, back.position) == (1, 5)


def test_wobbly_small_loss_timed_right_costs_no_position():
    r = wobbly(1, 5, lose=3)
    assert (r.die, r.position) == (4, 5)


def test_entering_thriving_wins_and_stops_ruling_h3():
    r = flat(6, 16, gain=5)
    assert r.status == "thriving" and r.wins and r.position == TOP
    assert r.applied == 1 and r.amount == 5
    assert "WIN" in describe(r)


def test_entering_colony_collapse_loses_ruling_h3():
    r = flat(1, 1, lose=3)
    assert r.status == "collapse" and r.loses and r.position == 0 and r.applied == 1
    r = wobbly(6, 1, lose=1)
    assert r.loses


def test_no_thriving_space_keeps_the_die_on_top_ruling_h4():
    r = move_hp(scoring="flat", die=6, position=15, gain=7, top=15, thriving=False)
    assert (r.position, r.status, r.die) == (15, "playing", 1)


@pytest.mark.parametrize("kw,field", [
    ({"die": 7, "position": 5, "gain": 1}, "--die"),
    ({"die": 1, "position": 0, "gain": 1}, "--position"),
    ({"die": 1, "position": 17, "gain": 1}, "--position"),
    ({"die": 1, "position": 5, "gain": -1}, "--gain"),
    ({"die": 1, "position": 5, "gain": 1, "lose": 1}, "--gain/--lose"),
])
def test_bad_input_is_refused(kw, field):
    with pytest.raises(InvalidInputError) as exc:
        move_hp(scoring="flat", top=TOP, **kw)
    assert exc.value.field == field


def test_bad_scoring_lists_the_choices():
    with pytest.raises(InvalidInputError, match="flat, wobbly"):
        move_hp(scoring="bumpy", die=1, position=5, gain=1, top=TOP)


def test_cli_hp_flat_example():
    result = runner.invoke(app, ["hyve", "hp", "--scoring", "flat", "--die", "3",
                                 "--position", "5", "--gain", "5"])
    assert result.exit_code == 0, result.output
    assert "die 2 on position 6 (1 position up): still playing" in result.output


def test_cli_hp_wobbly_json_and_mode_track():
    result = runner.invoke(app, ["hyve", "hp", "--scoring", "wobbly", "--die", "3",
                                 "--position", "1", "--lose", "5", "--mode", "wasp-war",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "collapse" and data["loses"] and data["top"] == 11
    assert data["position_label"] == "Colony Collapse"


def test_cli_hp_defaults_to_the_modes_scoring_and_refuses_gain_and_lose():
    data = json.loads(runner.invoke(app, ["hyve", "hp", "--die", "3", "--position", "5",
                                          "--lose", "5", "--mode", "turbo", "--json"]).output)
    assert data["scoring"] == "wobbly" and (data["die"], data["position"]) == (2, 4)
    from hyvekit.cli.entry import main

    with pytest.raises(SystemExit) as exc:
        main(["hyve", "hp", "--die", "3", "--position", "5", "--gain", "1", "--lose", "1"])
    assert exc.value.code == 2


def test_cli_hp_help_has_an_example():
    out = runner.invoke(app, ["hyve", "hp", "--help"]).output
    assert "Example: hyvekit hyve hp" in out
