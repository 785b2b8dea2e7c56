"""``hyvekit beelives ...`` end to end (the real CLI, in process)."""

from __future__ import annotations

import json

import pytest

EXAMPLE_R = ["-p", "Bob:vp=37,honey=9,bees=0,starvation=1,pollen=0,comb=12",
             "-p", "Susan:vp=32,honey=3,bees=4,pollen=2",
             "-p", "Jeremy:vp=25,honey=12,bees=2",
             "-p", "Lauren:vp=25,honey=2,bees=5,starvation=2"]


def run_json(hk, *args):
    result = hk("beelives", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_every_beelives_command_has_an_example_in_its_help(hk):
    for command in ("score", "winter", "raid", "raid-odds", "wild-turn"):
        result = hk("beelives", command, "--help")
        assert result.returncode == 0 and "Example" in result.stdout, command


def test_score_example_r_table_winner_and_ineligible(hk):
    result = hk("beelives", "score", *EXAMPLE_R)
    assert result.returncode == 0, result.stderr
    assert "winner: Susan (tie-breaker: pollen)" in result.stdout
    assert "cannot win: Bob" in result.stdout
    data = run_json(hk, "score", *EXAMPLE_R)
    assert {p["name"]: p["total"] for p in data["players"]} == {
        "Bob": 44, "Susan": 39, "Jeremy": 39, "Lauren": 28}
    assert data["winners"] == ["Susan"] and data["ineligible"] == ["Bob"]


def test_score_checks_claims_and_names_the_rule(hk):
    ok = hk("beelives", "score", *EXAMPLE_R, "--claimed-winner", "Susan", "--claimed", "Bob=44")
    assert ok.returncode == 0, ok.stderr
    wrong = hk("beelives", "score", *EXAMPLE_R, "--claimed-winner", "Bob")
    assert wrong.returncode == 1
    assert "Bee Lives: End of the Game" in wrong.stderr and "no surviving" in wrong.stderr
    total = hk("beelives", "score", *EXAMPLE_R, "--claimed", "Lauren=32")
    assert total.returncode == 1 and "the rules give 28" in total.stderr


def test_score_from_a_toml_file_and_solo_rating(hk):
    path = hk.root / "players.toml"
    path.write_text('[[player]]\nname = "Ann"\nvp = 30\nhoney = 5\nbees = 6\n')
    data = run_json(hk, "score", "--file", str(path))
    assert data["players"][0]["total"] == 41 and data["solo_rating"] == "Seasoned Forager"


@pytest.mark.parametrize("args, field", [
    (["score", "-p", "Bob:vp=x"], "vp"),
    (["score", "-p", "Bob:gold=1,vp=1"], "gold"),
    (["score"], "--player"),
    (["winter", "--bees", "3", "--honey", "1"], "--level/--position"),
    (["winter", "--bees", "30", "--honey", "1", "--level", "0"], "--bees"),
    (["raid", "--bees", "3", "--roll", "a"], "--roll"),
    (["raid", "--bees", "3", "--roll", "2", "--target", "moon"], "--target"),
    (["raid", "--bees", "3", "--roll", "2", "--queen", "lazy", "--target-honey", "2"], "--queen"),
    (["raid-odds", "--bees", "3", "--target-honey", "0"], "--target-honey"),
    (["wild-turn", "--season", "fall", "--strength", "15"], "wild hive strength"),
    (["wild-turn", "--season", "fall", "--strength", "3", "--tile", "harvest"], "--tile"),
])
def test_bad_input_is_one_line_exit_2(hk, args, field):
    result = hk("beelives", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert field in result.stderr


def test_winter_example_q_month_by_month(hk):
    data = run_json(hk, "winter", "--bees", "6", "--honey", "12", "--level", "-2")
    assert [m["bees_after"] for m in data["months"]] == [4, 2, 0]
    assert [m["honey_spent"] for m in data["months"]] == [2, 1, 0]
    assert data["honey"] == 9 and not data["assumed_track"]
    table = hk("beelives", "winter", "--bees", "6", "--honey", "12", "--level", "-2")
    assert "after winter: 0 bees, 9 honey" in table.stdout and "note" not in table.stderr


def test_winter_by_track_position_says_the_track_is_assumed(hk):
    result = hk("beelives", "winter", "--bees", "6", "--honey", "12", "--position", "5")
    assert result.returncode == 0 and "assumed" in result.stderr


def test_raid_example_h_and_rule_violation(hk):
    data = run_json(hk, "raid", "--bees", "5", "--roll", "1,2", "--target-honey", "5",
                    "--defenders", "1", "--sacrifice-unassigned", "1", "--remove", "1")
    assert data["strength"] == 0 and data["stolen"] == 0 and data["defender_vp"] == 2
    assert data["dice"] == [2] and data["party_final"] == 4
    bad = hk("beelives", "raid", "--bees", "5", "--roll", "1,2", "--roll", "1,1", "--roll",
             "1", "--roll", "1", "--roll", "1", "--target-honey", "5")
    assert bad.returncode == 1 and "Bee Lives: Raid" in bad.stderr
    empty = hk("beelives", "raid", "--bees", "2", "--roll", "3", "--target-honey", "0")
    assert empty.returncode == 1 and "no honey" in empty.stderr


def test_raid_example_i_on_a_wild_hive(hk):
    data = run_json(hk, "raid", "--bees", "4", "--roll", "3", "--target", "wild",
                    "--wild-strength", "4", "--sacrifice", "1")
    assert data["removed"] and data["vp"] == 2 and data["honey_taken"] == 4
    assert data["disease_spaces"] == 1


def test_raid_odds_exact_and_says_faces_are_assumed(hk):
    data = run_json(hk, "raid-odds", "--bees", "5", "--target-honey", "5", "--defenders", "1")
    assert {s["honey"]: s["probability"] for s in data["stolen"]} == {
        1: "1/16", 2: "1/8", 3: "3/16", 4: "5/8"}
    assert data["success"] == "13/16" and data["assumed_dice_faces"]
    text = hk("beelives", "raid-odds", "--bees", "5", "--target-honey", "5")
    assert "assumes each raid die face" in text.stderr


def test_wild_turn_example_n(hk):
    data = run_json(hk, "wild-turn", "--season", "fall", "--strength", "3", "--tile", "harvest:1")
    assert data["step"] == 3 and data["action"] == "forage" and data["strength"] == 4
    raid = run_json(hk, "wild-turn", "--season", "summer", "--strength", "4", "--target",
                    "player:2:6")
    assert raid["action"] == "raid" and raid["target"]["strength"] == 6
    text = hk("beelives", "wild-turn", "--season", "fall", "--strength", "3", "--tile",
              "harvest:1")
    assert "line 3 of the fall chart" in text.stdout


def test_wild_turn_dormant_only_in_spring(hk):
    spring = run_json(hk, "wild-turn", "--season", "spring", "--strength", "3", "--tile",
                      "bloom:1", "--dormant")
    assert spring["action"] == "dormant"
    summer = hk("beelives", "wild-turn", "--season", "summer", "--strength", "3", "--dormant")
    assert summer.returncode == 2 and "--dormant" in summer.stderr and "only in spring" in \
        summer.stderr


def test_score_refuses_what_the_box_cannot_hold(hk):
    for args, needle in [(["-p", "Bob:vp=1,vp=2,bees=1"], "given once"),
                         (["-p", "A:vp=5,bees=21"], "0 to 20"),
                         (["-p", "A:vp=5,bees=2,honey=9,pollen=3,comb=11"], "comb size 11"),
                         (["-p", "A:vp=5000,bees=1"], "-999 to 999"),
                         ([arg for n in "abcde" for arg in ("-p", f"{n}:vp=1,bees=1")],
                          "1 to 4 players")]:
        result = hk("beelives", "score", *args)
        assert result.returncode == 2, (args, result.stderr)
        assert needle in result.stderr and len(result.stderr.strip().splitlines()) == 1
