"""``hyvekit beelives check FILE``: replay month records (the real CLI, in process)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_month

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "beelives"

HEADER = """
[game]
first_player = "Susan"

[[player]]
name = "Susan"
queen = "prolific"

[[player]]
name = "Jeremy"
queen = "aggressive"
"""

MONTH = """
year = 1
month = "March"
card = "First Bloom"

[[turn]]
player = "Susan"
action = "defend"
bees = 3

[[turn]]
player = "Jeremy"
action = "forage"
tile = "bloom"
distance = 0
take = { honey = 4, pollen = 6 }

[[turn]]
player = "Jeremy"
action = "defend"
bees = 2
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_help_has_an_example(hk):
    result = hk("beelives", "check", "--help")
    assert result.returncode == 0 and "Example" in result.stdout


def test_legal_first_month_prints_the_hive_table(hk):
    result = hk("beelives", "check", str(EXAMPLES / "first-month-2p.toml"))
    assert result.returncode == 0, result.stderr
    assert "year 1 March (spring)" in result.stdout and "First Bloom" in result.stdout
    row = next(line.split() for line in result.stdout.splitlines()
               if line.strip().startswith("Susan"))
    # hive workers brood honey pollen water empty comb disease VP
    assert row == ["Susan", "3", "0", "3", "5", "0", "3", "11", "0", "0"]
    assert "ok: 1 month follows" in result.stdout


def test_a_game_table_beside_a_start_state_is_refused_not_ignored(hk, tmp_path):
    """[start] holds the game's options ([start.options]); a [game] beside it was silently
    dropped (its years = 2 lost): one line naming the field, exit 2."""
    f = tmp_path / "start-and-game.toml"
    f.write_text("[game]\nyears = 2\n" + (EXAMPLES / "later-month-2p.toml").read_text())
    r = hk("beelives", "check", str(f))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "game:" in r.stderr and "[start.options]" in r.stderr


def test_legal_later_month_json_has_hives_wild_hives_and_summary(hk):
    result = hk("beelives", "check", str(EXAMPLES / "later-month-2p.toml"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["ok"] and data["error"] is None
    june = data["months"][0]
    assert june["month"] == "June" and june["card"] == "Early Fall"
    hives = {h["name"]: h for h in june["hives"]}
    assert (hives["Susan"]["honey"], hives["Susan"]["vp"], hives["Susan"]["queen"]) == (
        0, 3, "nomadic")
    assert hives["Jeremy"]["vp"] == 2 and hives["Jeremy"]["honey"] == 6
    assert {w["name"]: w["strength"] for w in june["wild"]} == {"ACORN": 6, "DANDELION": 2}
    susan = june["summary"]["hives"]["Susan"]
    assert susan["swarmed"] and susan["stayed"] and susan["foraged"] == {"wilt": 1}
    assert june["summary"]["wild_spawned"][0]["wild"] == "DANDELION"
    assert june["summary"]["wild_max_strength"] == {"ACORN": 6, "DANDELION": 5}
    assert {h["name"]: h["brood"] for h in june["hives"]} == {"Susan": 3, "Jeremy": 2}


def test_illegal_month_names_rule_month_player_expected_and_given(hk):
    result = hk("beelives", "check", str(EXAMPLES / "illegal-month-2p.toml"))
    assert result.returncode == 1
    err = result.stderr
    assert "Bee Lives: Forage" in err and "March" in err and "Jeremy" in err
    assert "expected 2, given 1" in err and "Traceback" not in err


def test_claimed_values_that_differ_exit_1_saying_which(hk, tmp_path):
    text = HEADER + "\n[[month]]\n" + MONTH.replace("[[turn]]", "[[month.turn]]") + """
[month.claims.Jeremy]
honey = 5
pollen = 6
"""
    result = hk("beelives", "check", write(tmp_path, "g.toml", text))
    assert result.returncode == 1
    assert "claimed end-of-month values" in result.stderr
    assert "Jeremy honey claimed 5, derived 4" in result.stderr
    assert "pollen" not in result.stderr.split("derived 4")[1].split("[")[0]


def test_header_then_month_files(hk, tmp_path):
    head = write(tmp_path, "head.toml", HEADER)
    march = write(tmp_path, "march.toml", MONTH)
    result = hk("beelives", "check", head, march, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [m["month"] for m in data["months"]] == ["March"]


def test_a_month_file_alone_needs_a_header(hk, tmp_path):
    result = hk("beelives", "check", write(tmp_path, "march.toml", MONTH))
    assert result.returncode == 2 and "game file first" in result.stderr


def test_malformed_record_exits_2_naming_the_field(hk, tmp_path):
    bad = HEADER + "\n[[month]]\n" + MONTH.replace("[[turn]]", "[[month.turn]]").replace(
        "bees = 3", 'bees = "three"')
    result = hk("beelives", "check", write(tmp_path, "bad.toml", bad))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "month[1].turn[1].bees" in lines[0]
    # the error names the line of the file
    number = bad.splitlines().index('bees = "three"') + 1
    assert f"bad.toml line {number}: month[1].turn[1].bees" in lines[0]
    unknown = HEADER + "\n[[month]]\n" + MONTH.replace("[[turn]]", "[[month.turn]]").replace(
        "bees = 3", "bees = 3\nhoney = 2")
    result = hk("beelives", "check", write(tmp_path, "unknown.toml", unknown))
    assert result.returncode == 2 and "month[1].turn[1].honey" in result.stderr
    broken = write(tmp_path, "broken.toml", HEADER + "\n[[month]\n")
    result = hk("beelives", "check", broken)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "line" in result.stderr                       # tomllib's line number


def test_whole_game_with_winter_and_final_scores(hk, tmp_path):
    """A random legal one-year game written as a record replays to the end: winter upkeep and
    the final scores are printed."""
    comps = bl.components()
    rng = random.Random(3)
    players = [("Ann", "prolific"), ("Bo", "nomadic")]
    state = g.new_game(players, comps.board)
    plans = []
    while state.stage == "month":
        plan, result = random_month(state, comps, rng)
        plans.append(plan)
        state = result.state
    path = write(tmp_path, "year.toml", rec.dump_game(players, plans))
    result = hk("beelives", "check", path, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["months"]) == 9 and data["winters"][0]["year"] == 1
    assert data["scoring"] is not None and {p["name"] for p in data["scoring"]["players"]} == {
        "Ann", "Bo"}
    text = hk("beelives", "check", path)
    assert "final scores" in text.stdout and "winter after year 1" in text.stdout


def test_game_on_the_map_is_checked_against_it(hk, tmp_path):
    """A random legal spring on the map (scouts, forages, joining after May) replays; moving
    a forage to an empty space is refused by the Forage rule."""
    from dataclasses import replace

    from hyvekit.rules.beelives import map as bee_map
    comps = bl.components()
    rng = random.Random(8)
    players = [("Ann", "prolific"), ("Bo", "nomadic")]
    state = replace(g.new_game(players, comps.board), map=bee_map.starting_map(["Ann", "Bo"]))
    plans = []
    for _ in range(3):
        plan, result = random_month(state, comps, rng)
        plans.append(plan)
        state = result.state
    text = rec.dump_game(players, plans, on_map=True)
    assert "map = true" in text and "[[month.join]]" in text
    ok = hk("beelives", "check", write(tmp_path, "spring.toml", text))
    assert ok.returncode == 0, ok.stderr
    bad_turn = next(i for i, t in enumerate(plans[0].turns) if t.action == "forage")
    turns = list(plans[0].turns)
    turns[bad_turn] = replace(turns[bad_turn], at=(12, 7))
    bad = rec.dump_game(players, [replace(plans[0], turns=tuple(turns))], on_map=True)
    result = hk("beelives", "check", write(tmp_path, "bad.toml", bad))
    assert result.returncode == 1 and "Bee Lives: Forage" in result.stderr


def test_finished_one_year_solo_game_gets_the_solo_score_chart_rating(hk, tmp_path):
    comps = bl.components()
    rng = random.Random(2)
    players = [("Sol", "prolific")]
    state = g.new_game(players, comps.board)
    plans = []
    while state.stage == "month":
        plan, result = random_month(state, comps, rng)
        plans.append(plan)
        state = result.state
    result = hk("beelives", "check", write(tmp_path, "solo.toml", rec.dump_game(players, plans)),
                "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    total = data["scoring"]["players"][0]["total"]
    expected = comps.board.solo_rating(total)
    assert data["scoring"]["solo_rating"] == expected


def test_toml_line_finds_keys_of_nested_arrays_of_tables():
    from hyvekit.data import toml_line
    text = (EXAMPLES / "first-month-2p.toml").read_text()
    lines = text.splitlines()
    assert lines[toml_line(text, "month[1].turn[4].bees") - 1].strip() == "bees = 2"
    assert lines[toml_line(text, "player[2].queen") - 1].startswith('queen = "aggressive"')
    assert lines[toml_line(text, "month[1].turn[1].take.honey") - 1].startswith("take = {")
    # a key that is not there: the line of its table; nothing of the path: None
    assert lines[toml_line(text, "month[1].turn[9].x") - 1] == "[[month]]"
    assert toml_line(text, "month[2]") is None and toml_line(text, "") is None


def test_errors_found_while_replaying_name_the_line_too(hk, tmp_path):
    text = ('[game]\nfirst_player = "Susan"\n\n[[player]]\nname = "Susan"\nqueen = "prolific"\n\n'
            '[[month]]\nyear = 1\nmonth = "March"\ncard = "First Bloom"\n\n'
            '[[month.turn]]\nplayer = "Bob"\naction = "defend"\nbees = 1\n')
    result = hk("beelives", "check", write(tmp_path, "bob.toml", text))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1           # no note on a malformed record
    assert "bob.toml line 14:" in lines[0] and "got 'Bob'" in lines[0]


def test_a_mistyped_key_names_its_line_and_the_key_meant(hk, tmp_path):
    text = (EXAMPLES / "first-month-2p.toml").read_text(encoding="utf-8")
    line = text.splitlines().index("bees = 2") + 1
    typo = tmp_path / "typo.toml"
    typo.write_text(text.replace("bees = 2", "bess = 2", 1), encoding="utf-8")
    r = hk("beelives", "check", str(typo))
    assert r.returncode == 2
    assert f"{typo} line {line}:" in r.stderr and ".bess" in r.stderr
    assert "(did you mean bees?)" in r.stderr
