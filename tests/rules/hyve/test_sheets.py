"""Scenario sheet definitions (hyve.txt: Game Sheets, Game Settings, Seasonal Effects, Game
Modes): the shipped ones load and validate; impossible ones are refused by name."""

from __future__ import annotations

import copy

import pytest

from hyvekit.data import packaged_toml
from hyvekit.rules.common import InvalidInputError
from hyvekit.data.hyve import sheet_definition, sheet_definitions
from hyvekit.rules.hyve.sheets import MODES, SheetDefinition, connected, hexagon, AXIAL_NEIGHBOURS


@pytest.fixture(scope="module")
def sheets():
    return sheet_definitions()


def raw_sheet(sheet_id: str = "standard") -> dict:
    """The packaged defaults merged with one packaged [[sheet]] (what load_definitions does)."""
    table = packaged_toml("hyve_sheets.toml")
    raw = next(s for s in table["sheet"] if s["id"] == sheet_id)
    return copy.deepcopy({**table["defaults"], **raw})


def refused(raw: dict) -> InvalidInputError:
    with pytest.raises(InvalidInputError) as exc:
        SheetDefinition.from_dict(raw)
    return exc.value


def test_one_shipped_definition_per_mode_all_assumed(sheets):
    assert sorted(s.mode for s in sheets.values()) == sorted(MODES)
    for s in sheets.values():
        assert s.assumed and s.reasoning
        assert s.starting_population == 6 and s.refresh_max == 10       # Game Settings
        assert len(s.hyves) == 6 and all(len(h) == 19 for h in s.hyves)  # ruling H5
        for jelly in s.jellies:
            assert jelly in ("overwork", "fly-drones", "overwork-queen", "plumose")
        assert set(s.rewards) == {"swarm", "migratory", "multi-culture", "monoculture"}


def test_hexagonal_hyves_have_1_7_19_37_hexes_middle_first():
    assert [len(hexagon(r)) for r in range(4)] == [1, 7, 19, 37]
    assert hexagon(2)[0] == (0, 0) and connected(hexagon(2), AXIAL_NEIGHBOURS)


def test_summer_example_after_6_turns_ruling_h2(sheets):
    # "the player has already completed 6 turns ... Since the player is still in Summer, they
    # can choose between losing 5 HP and 1 Population, or 7 HP and 1 Population."
    s = sheets["standard"]
    spring, summer = s.seasons[0], s.seasons[1]
    assert summer.name == "Summer" and len(spring.effects) < 6 < len(spring.effects) + len(
        summer.effects)
    left = summer.effects[6 - len(spring.effects):]
    assert [(e.hp, e.population) for e in left] == [(5, 1), (7, 1)]


def test_wasp_attack_example_ruling_h6(sheets):
    # "If you rolled a 4 and a 5, then you'd lose ... (2 HP and 3 HP respectively) ... the Wasp
    # Heavy Attack (9, which results in 2 lost population)."
    wasp = sheets["wasp-war"].wasp
    assert wasp.attack(4).hp == 2 and wasp.attack(5).hp == 3
    assert wasp.attack(9).population == 2 and wasp.attack(9).hp == 0
    assert [a.number for a in wasp.attacks] == list(range(1, 13))
    assert len(wasp.offensive) == 3 and wasp.marshal_bees == 2
    assert sheets["wasp-war"].seasons == () and sheets["wasp-war"].migration == "proportional"


def test_mode_parts(sheets):
    assert sheets["wasp-war"].hp_track.spaces < sheets["standard"].hp_track.spaces  # shortened
    assert not sheets["long-live-the-queen"].hp_track.thriving
    assert all(se.demand for se in sheets["long-live-the-queen"].seasons)
    turbo = sheets["turbo"]
    assert 2 not in turbo.chamber.rows and 2 not in turbo.chamber.columns
    assert 2 not in dict(turbo.chamber.shapes) and turbo.jelly_prefilled == (2,)
    assert turbo.starting_bread[1] == 6
    assert all(len(c) == 4 for _, c in sheets["bee-builder"].builder_shapes)
    assert any(e.mites for se in sheets["mites-challenge"].seasons for e in se.effects)
    assert any(e.huddle for se in sheets["coldsnap"].seasons for e in se.effects)
    assert sheets["standard"].turns == 16 and sheets["wasp-war"].turns == 14


def test_definition_for_by_id_and_unknown_mode_lists_ids():
    assert sheet_definition("Wasp-War").mode == "wasp-war"
    with pytest.raises(InvalidInputError, match="one of standard, coldsnap"):
        sheet_definition("hard")


def test_unknown_key_is_refused_with_the_accepted_keys():
    raw = raw_sheet()
    raw["colour"] = "red"
    err = refused(raw)
    assert err.given == "colour" and "hp_track" in err.allowed and "season" in err.allowed


def test_unknown_nested_key_is_refused_with_the_accepted_keys():
    raw = raw_sheet()
    raw["hp_track"] = {"spaces": 18, "start": 5, "thrive": True}
    assert "spaces, start, thriving" in refused(raw).allowed
    raw = raw_sheet()
    raw["season"][0]["effects"][0] = {"hp": 2, "wasps": 1}
    err = refused(raw)
    assert err.given == "wasps" and "mites" in err.allowed


def test_overlapping_hexes_are_refused():
    raw = raw_sheet()
    del raw["hyve_radius"]
    raw["hyves"] = [[[0, 0], [1, 0], [1, 0]]] * 6
    err = refused(raw)
    assert "hyve 1" in err.field and "overlap" in err.allowed


def test_a_hyve_not_connected_is_refused():
    raw = raw_sheet()
    del raw["hyve_radius"]
    raw["hyves"] = [[[0, 0], [1, 0]]] * 5 + [[[0, 0], [2, 0]]]
    err = refused(raw)
    assert "hyve 6" in err.field and "connected" in err.allowed


def test_a_chamber_shape_not_connected_is_refused():
    raw = raw_sheet()
    raw["chamber"]["shapes"]["3"] = [[0, 0], [1, 1]]
    err = refused(raw)
    assert err.field.endswith("chamber.shapes.3") and "connected" in err.allowed


def test_a_chamber_shape_that_does_not_fit_is_refused():
    raw = raw_sheet()
    raw["chamber"]["shapes"]["1"] = [[0, c] for c in range(8)]
    assert "fits the 5 x 6 chamber" in refused(raw).allowed


def test_a_builder_shape_of_the_wrong_size_is_refused():
    raw = raw_sheet("bee-builder")
    raw["builder"]["shapes"]["2"] = [[0, 0], [1, 0], [2, 0]]
    err = refused(raw)
    assert err.field.endswith("builder.shapes.2") and err.allowed == "4 hexes"


@pytest.mark.parametrize("start", [0, 17, 40, -1])
def test_starting_space_outside_the_track_is_refused(start):
    raw = raw_sheet()
    raw["hp_track"] = {"spaces": 18, "start": start, "thriving": True}
    err = refused(raw)
    assert err.field.endswith("hp_track.start") and "1 to 16" in err.allowed


def test_an_hp_track_or_population_track_longer_than_the_printed_sheet_holds_is_refused():
    """Issue 43, item 6: the two-page sheet holds 30 HP spaces (three rows of the 16 mm die's
    squares above the hyves on Letter) and 60 population circles beside them."""
    from hyvekit.rules.hyve.sheets import HP_SPACES_MAX, POPULATION_SPACES_MAX

    raw = raw_sheet()
    raw["hp_track"] = {"spaces": HP_SPACES_MAX, "start": 5, "thriving": True}
    assert SheetDefinition.from_dict(raw).hp_track.spaces == HP_SPACES_MAX
    raw["hp_track"]["spaces"] = HP_SPACES_MAX + 1
    err = refused(raw)
    assert err.field.endswith("hp_track.spaces") and "3 to 30" in err.allowed
    raw = raw_sheet()
    raw["population_spaces"] = POPULATION_SPACES_MAX + 1
    err = refused(raw)
    assert err.field.endswith("population_spaces") and "to 60" in err.allowed


def test_a_season_without_effects_is_refused_by_name():
    raw = raw_sheet()
    raw["season"][2]["effects"] = []
    err = refused(raw)
    assert "season Fall.effects" in err.field and "without effects" in err.allowed


def test_an_effect_that_does_nothing_is_refused():
    raw = raw_sheet()
    raw["season"][0]["effects"][1] = {"hp": 0}
    assert "season Spring.effects[2]" in refused(raw).field


def test_scaling_migration_needs_a_loss_per_season():
    raw = raw_sheet()
    del raw["season"][1]["migration"]
    err = refused(raw)
    assert "Summer.migration" in err.field and "Scaling" in err.allowed


@pytest.mark.parametrize("sheet_id,part", [("wasp-war", "wasp"), ("bee-builder", "builder"),
                                           ("turbo", "turbo"), ("long-live-the-queen", "queen")])
def test_a_mode_part_missing_for_its_mode_is_refused(sheet_id, part):
    raw = raw_sheet(sheet_id)
    del raw[part]
    err = refused(raw)
    assert err.field.endswith(f": {part}") and err.given == "missing"


def test_a_mode_part_for_another_mode_is_refused():
    raw = raw_sheet()
    raw["turbo"] = {"boost": 2}
    assert "belongs to mode turbo" in refused(raw).allowed


def test_mode_specific_refusals():
    raw = raw_sheet("long-live-the-queen")
    del raw["season"][3]["demand"]
    assert "Winter.demand" in refused(raw).field
    raw = raw_sheet("long-live-the-queen")
    raw["hp_track"]["thriving"] = True
    assert "no Thriving space" in refused(raw).allowed
    raw = raw_sheet("wasp-war")
    del raw["wasp"]["attacks"]["10"]
    assert refused(raw).given == "no attack 10"
    raw = raw_sheet("turbo")
    raw["chamber"]["rows"] = [1, 2, 3, 4, 5]
    assert refused(raw).given == "no shape for 2"
    raw["chamber"]["shapes"]["2"] = [[0, 0], [0, 1]]
    assert "no 2 row, column or shape" in refused(raw).allowed
    raw = raw_sheet("mites-challenge")
    for season in raw["season"]:
        for effect in season["effects"]:
            effect.pop("mites", None)
    assert "Mites" in refused(raw).allowed
    raw = raw_sheet("coldsnap")
    raw["season"] = raw_sheet()["season"]
    assert "Coldsnap" in refused(raw).allowed
    raw = raw_sheet()
    raw["season"][0]["demand"] = {"kind": "royal-jelly"}
    assert "Long Live the Queen" in refused(raw).allowed


def test_a_players_file_uses_packaged_defaults_and_is_checked(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text('[[sheet]]\nid = "short"\nmode = "standard"\nname = "Short"\n'
                    'hp_track = { spaces = 10, start = 3 }\n')
    mine = sheet_definitions(good)
    assert list(mine) == ["short"] and mine["short"].hp_track.top == 9
    bad = tmp_path / "bad.toml"
    bad.write_text('[[sheet]]\nid = "x"\nmode = "standard"\nname = "X"\nhyve_size = 3\n')
    with pytest.raises(InvalidInputError, match="one of .*hyve_radius"):
        sheet_definitions(bad)
    odd = tmp_path / "odd.toml"
    odd.write_text('[sheets]\n')
    with pytest.raises(InvalidInputError, match="defaults, rules, sheet"):
        sheet_definitions(odd)
