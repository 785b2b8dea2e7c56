"""``hyvekit queenbee``: deck, odds, battle, match logs (the real CLI, in process)."""

from __future__ import annotations

import json

from hyvekit.rules.queenbee.battle import Bees
from hyvekit.rules.queenbee.odds import attack_odds
from hyvekit.data import queenbee as tables


def test_deck_json_sizes_and_dealt_cards(hk):
    for players, size in ((2, 74), (4, 93), (6, 90)):
        r = hk("queenbee", "deck", "--players", str(players), "--json")
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["size"] == size
        assert sum(c["copies"] for c in data["composition"]) == size
    data = json.loads(hk("queenbee", "deck", "--players", "6", "--json").stdout)
    assert [d["cards"] for d in data["dealt"]] == [3, 4, 4, 4, 5, 5]


def test_deck_refuses_seven_players_exit_2(hk):
    r = hk("queenbee", "deck", "--players", "7")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_odds_json_is_the_exact_library_value_and_flags_assumed_faces(hk):
    r = hk("queenbee", "odds", "--attacker", "warrior:2,worker", "--defender", "queen,worker",
           "--card", "strong-sting", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    p = attack_odds(Bees(0, 2, 1), Bees(1, 0, 1), tables.dice(), ["strong-sting"],
                    card_table=tables.cards()).probability
    assert data["fraction"] == f"{p.numerator}/{p.denominator}"
    assert data["faces_assumed"] is True
    text = hk("queenbee", "odds", "-a", "warrior", "-d", "warrior").stdout
    assert "%" in text and "assumed" in text


def test_odds_with_own_faces_file(hk):
    faces = hk.root / "faces.toml"
    faces.write_text("[dice]\nyellow = [3, 3, 3]\nblack = [4, 4, 4, 4]\n")
    r = hk("queenbee", "odds", "-a", "worker", "-d", "warrior", "--faces", str(faces), "--json")
    data = json.loads(r.stdout)
    assert data["probability"] == 0 and data["faces_assumed"] is False


def test_odds_bad_input_exit_2(hk):
    r = hk("queenbee", "odds", "-a", "dragon", "-d", "warrior")
    assert r.returncode == 2 and "dragon" in r.stderr
    r = hk("queenbee", "odds", "-a", "warrior:7,worker:4", "-d", "warrior")
    assert r.returncode == 2 and "at most 10" in r.stderr


def test_battle_checks_the_stated_outcome(hk):
    args = ["queenbee", "battle", "-a", "warrior:2", "-d", "worker:2", "--attacker-dice",
            "b3,b2", "--defender-dice", "y3,y2"]
    ok = hk(*args, "--winner", "attacker")
    assert ok.returncode == 0 and "correct" in ok.stdout
    wrong = hk(*args, "--winner", "defender")
    assert wrong.returncode == 1
    assert "Queen Bee: Battle" in wrong.stderr and "the attacker wins" in wrong.stderr


def test_battle_card_timing_rule_is_named(hk):
    r = hk("queenbee", "battle", "-a", "warrior", "-d", "warrior", "--attacker-dice", "b3",
           "--defender-dice", "b2", "--card", "attacker:smoker")
    assert r.returncode == 1 and "Queen Bee: Battle Cards — Smoker" in r.stderr


def test_battle_from_a_file_with_json(hk):
    f = hk.root / "battle.toml"
    f.write_text('attacker = "warrior,worker"\ndefender = "queen,worker"\n'
                 'attacker_dice = "b2,y1"\ndefender_dice = "b4"\n'
                 'cards = ["before:attacker:stuck-in-a-web", "attacker:bee-escape"]\n')
    r = hk("queenbee", "battle", "--file", str(f), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["winner"] == "defender"
    assert data["attacker"]["saved_by_bee_escape"] == 1
    assert data["attacker"]["removed"] == {"warrior": 1, "worker": 1}


def test_match_log_status_and_generic_campaign_commands(hk):
    assert hk("queenbee", "new", "Friday hive", "--players", "ann,bob,cy").returncode == 0
    r = hk("queenbee", "log", "friday-hive", "--players", "ann,bob,cy", "--winner", "ann",
           "--defeated", "cy,bob", "--alliance", "cy=ann")
    assert r.returncode == 0, r.stderr
    assert hk("queenbee", "log", "friday-hive", "--players", "bob,cy", "--winner", "Bob",
              "--defeated", "cy").returncode == 0
    status = json.loads(hk("queenbee", "status", "friday-hive", "--json").stdout)
    wins = {row["player"]: row["wins"] for row in status["standings"]}
    assert wins == {"ann": 1, "bob": 1, "cy": 0} and status["matches"] == 2

    bad = hk("queenbee", "log", "friday-hive", "--players", "ann,bob", "--winner", "ann",
             "--defeated", "bob", "--alliance", "bob=ann")
    assert bad.returncode == 1 and "Forced Alliance" in bad.stderr

    history = json.loads(hk("campaign", "history", "friday-hive", "--json").stdout)
    assert [e["type"] for e in history] == ["match", "match"]
    assert "ann won" in history[0]["description"]
    assert hk("campaign", "undo", "friday-hive").returncode == 0
    status = json.loads(hk("queenbee", "status", "friday-hive", "--json").stdout)
    assert status["matches"] == 1
    export = hk("campaign", "export", "friday-hive")
    assert export.returncode == 0 and json.loads(export.stdout)["header"]["game"] == "queenbee"
    (hk.root / "x.json").write_text(export.stdout)
    assert hk("campaign", "import", str(hk.root / "x.json"), "--as", "copy").returncode == 0
    assert json.loads(hk("queenbee", "status", "copy", "--json").stdout)["matches"] == 1


def test_status_refuses_another_kind_of_record(hk):
    hk("hyve", "legacy", "new", "Run", "--id", "run")
    r = hk("queenbee", "status", "run")
    assert r.returncode == 2 and "Queen Bee match log" in r.stderr


def test_campaign_show_prints_a_match_log_as_standings(hk):
    hk("queenbee", "new", "Friday hive", "--players", "ann,bob,cy")
    hk("queenbee", "log", "friday-hive", "--players", "ann,bob,cy", "--winner", "bob",
       "--defeated", "cy,ann")
    shown = hk("campaign", "show", "friday-hive")
    assert shown.returncode == 0, shown.stderr
    assert "Standings" in shown.stdout and "bob" in shown.stdout and "{" not in shown.stdout


def test_new_refuses_a_roster_of_one_and_its_hint_can_be_pasted(hk):
    assert hk("queenbee", "new", "Solo", "--players", "ann").returncode == 2
    made = hk("queenbee", "new", "Club", "--players", "Zoë,Ann Lee,bob")
    assert made.returncode == 0
    hint = made.stdout.splitlines()[-1]
    assert hint == ("next: hyvekit queenbee log club --players 'Zoë,Ann Lee' --winner 'Zoë' "
                    "--defeated 'Ann Lee'")
    import shlex
    args = shlex.split(hint.removeprefix("next: hyvekit "))
    assert hk(*args).returncode == 0


def test_a_queen_bee_player_name_has_the_limit_the_pad_prints(hk, tmp_path):
    from hyvekit.rules.validate import MAX_PLAYER_NAME
    long = "Q" * (MAX_PLAYER_NAME + 1)
    r = hk("queenbee", "new", "Long", "--players", f"{long},Bob")
    assert r.returncode == 2 and f"at most {MAX_PLAYER_NAME}" in r.stderr
    longest = "Q" * MAX_PLAYER_NAME
    assert hk("queenbee", "new", "Longest", "--players", f"{longest},Bob").returncode == 0
    pad = hk("print", "pad", "queenbee", "longest", "--out", str(tmp_path / "qb.pdf"))
    assert pad.returncode == 0, pad.stderr


def test_status_counts_the_matches_in_words(hk):
    assert hk("queenbee", "new", "G", "--players", "ann,bob").returncode == 0
    for n, words in ((1, "· 1 match\n"), (2, "· 2 matches\n")):
        assert hk("queenbee", "log", "g", "--players", "ann,bob", "--winner", "ann",
                  "--defeated", "bob").returncode == 0
        out = hk("queenbee", "status", "g").stdout
        assert words in out, (n, out)


def test_names_typed_in_another_case_are_logged_as_the_group_spells_them(hk):
    assert hk("queenbee", "new", "Fri", "--players", "ann,bob,cy").returncode == 0
    r = hk("queenbee", "log", "fri", "--players", "ANN,bob", "--winner", "Ann", "--defeated",
           "BOB")
    assert r.returncode == 0 and "ann won (ann, bob)" in r.stdout
    assert hk("queenbee", "new", "Open").returncode == 0              # no roster
    assert hk("queenbee", "log", "open", "--players", "Dee,eve", "--winner", "Dee",
              "--defeated", "eve").returncode == 0
    r = hk("queenbee", "log", "open", "--players", "DEE,Eve", "--winner", "eve",
           "--defeated", "dee")
    assert r.returncode == 0 and "eve won (Dee, eve)" in r.stdout


def test_board_lists_the_assumed_board_and_checks_a_players_own(hk, tmp_path):
    r = hk("queenbee", "board", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["assumed"] is True and len(data["spaces"]) == len(tables.board().spaces)
    mine = tmp_path / "mine.toml"
    assert hk("data", "copy", "queenbee_board", str(mine)).returncode == 0
    mine.write_text(mine.read_text().replace('assumed = true', 'assumed = false'))
    own = json.loads(hk("queenbee", "board", "--board", str(mine), "--json").stdout)
    assert own["assumed"] is False and own["source"] == "mine.toml"
    mine.write_text(mine.read_text().replace('adjacent = ["H1a", "H1b", "H1c"]',
                                             'adjacent = ["H1a", "H1b"]', 1))
    bad = hk("queenbee", "board", "--board", str(mine))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "H1c lists N1 as adjacent" in bad.stderr
