"""``hyvekit beelives card`` / ``cards`` end to end (the real CLI, in process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "hyvekit" / "data" / "beelives_seasons.toml"


def run_json(hk, *args):
    result = hk("beelives", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_both_commands_have_an_example_in_their_help(hk):
    for command in ("card", "cards"):
        result = hk("beelives", command, "--help")
        assert result.returncode == 0 and "Example: hyvekit beelives" in result.stdout, command


def test_card_prints_text_effects_and_each_tile_on_the_chart(hk):
    result = hk("beelives", "card", "The Dearth")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The Dearth (summer card)" in out
    assert "All tiles provide -2 honey and -1 pollen when foraged." in out
    assert "overheating" in out and "forage every tile: -2 honey, -1 pollen" in out
    for tile in ("bloom", "wilt", "harvest", "wet"):
        assert tile in out
    assert "0 honey, 0 pollen" in out and "1 honey, 2 pollen" in out


def test_card_json_has_the_structured_effects_and_the_chart(hk):
    data = run_json(hk, "card", "beginning of the flow")
    assert data["name"] == "Beginning of the Flow" and data["season"] == "spring"
    assert data["effects"]["forage"] == {"bloom": [1, 0, 0]}
    bloom = next(r for r in data["forage"] if r["tile"] == "bloom")
    assert bloom == {"tile": "bloom", "chart": [5, 5, 0], "change": [1, 0, 0],
                     "gives": [6, 5, 0]}
    frost = run_json(hk, "card", "frost")
    assert frost["effects"]["forage"] == {"harvest": [-1, 1, 0]} and "L30" in frost["note"]
    humid = run_json(hk, "card", "humid")
    assert humid["effects"]["overheating"] and humid["effects"]["cooling_water_per_5_workers"] == 2
    lion = run_json(hk, "card", "In Like a Lion")
    assert lion["effects"]["spawn"] == [{"trigger": "forage", "d6_min": 5, "strength": 3,
                                         "where": "the foraged tile"}]


def test_cards_lists_all_27_or_one_season(hk):
    every = run_json(hk, "cards")
    assert len(every) == 27
    assert [c["season"] for c in every].count("fall") == 9
    fall = run_json(hk, "cards", "--season", "Fall")
    assert [c["name"] for c in fall][:3] == ["Buttoned Up", "Cooler Temps",
                                             "Culling of the Drones"]
    table = hk("beelives", "cards", "--season", "summer")
    assert table.returncode == 0 and "On Guard" in table.stdout and "Buttoned" not in table.stdout


def test_own_cards_file(hk):
    own = hk.root / "cards.toml"
    own.write_text(DATA.read_text(encoding="utf-8").replace(
        "forage.harvest = [-1, 1, 0]", "forage.harvest = [-1, -1, 0]"), encoding="utf-8")
    data = run_json(hk, "card", "First Frost", "--cards", str(own))
    assert next(r for r in data["forage"] if r["tile"] == "harvest")["gives"] == [2, 2, 0]


@pytest.mark.parametrize("args, words", [
    (["card", "Blizzard"], ["season card", "The Dearth"]),
    (["card", "early"], ["ambiguous", "An Early Start", "Early Fall"]),
    (["cards", "--season", "winter"], ["season", "spring, summer or fall"]),
])
def test_bad_input_exits_2_with_one_line(hk, args, words):
    result = hk("beelives", *args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    for w in words:
        assert w in result.stderr


def test_a_broken_cards_file_is_refused_naming_the_key(hk):
    own = hk.root / "cards.toml"
    own.write_text(DATA.read_text(encoding="utf-8").replace(
        'name = "Heat Wave"', 'name = "Heat Wave"\nhoney_bonus = 1'), encoding="utf-8")
    result = hk("beelives", "cards", "--cards", str(own))
    assert result.returncode == 2 and "honey_bonus" in result.stderr
