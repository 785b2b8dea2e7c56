"""``hyvekit queenbee new -p / next / do``: a match at the table through the real CLI."""

from __future__ import annotations

import json


def _new(hk, *extra):
    r = hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", *extra)
    assert r.returncode == 0, r.stderr
    return r


def test_new_makes_a_match_and_next_json_gives_the_decision_and_the_table(hk):
    out = _new(hk).stdout
    assert "created Queen Bee match 'friday': Ann, Bo" in out
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert data["actor"] == "Ann" and data["decision"] == "action"
    assert data["legal"][:2] == ["flight", "sting"]     # then effect cards before the action
    assert all(o.startswith("play ") for o in data["legal"][2:])
    assert [p["hand"] for p in data["table"]["players"]] == [4, 3]
    assert data["table"]["board_assumed"] is True
    assert "flight" in data["preview"]


def test_example_4_plus_3_plus_3_is_10_through_do(hk):
    """Sequence of Battle, 2: "(for example, 4 + 3 + 3 = 10)" — a battle led through do."""
    _new(hk)
    r = hk("queenbee", "do", "friday", "flight", "move warrior H1b G1b", "move warrior H1b G1b",
           "move worker H1d G1b", "end")                          # 2 + 2 + 1 spaces
    assert r.returncode == 0, r.stderr
    r = hk("queenbee", "do", "friday", "flight", "move warrior H4b G4b",
           "move warrior G4b I4", "move warrior I4 I1", "end", "--json")  # 2 + 1 + 2
    assert r.returncode == 0, r.stderr
    assert "attack G1b I1" in hk("queenbee", "do", "friday", "sting", "--json").stdout
    r = hk("queenbee", "do", "friday", "attack G1b I1", "pass", "--json")
    data = json.loads(r.stdout)
    assert data["decision"] == "dice" and "2 black dice and 1 yellow die" in data["prompt"]
    r = hk("queenbee", "do", "friday", "b4,b3,y3", "keep", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert "the attacker (Ann) rolls b4,b3,y3: total 10" in data["happened"]
    assert "the attacker (Ann) keeps its dice" in data["happened"]
    assert data["table"]["battle"]["totals"] == "10 against 0" and data["actor"] == "Bo"


def test_a_refused_step_names_the_rule_exit_1_and_stores_nothing(hk):
    _new(hk)
    before = hk("campaign", "history", "friday").stdout
    r = hk("queenbee", "do", "friday", "flight", "move warrior H1a E1a")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "Queen Bee: Game Board" in r.stderr and "tunnel" in r.stderr
    assert hk("campaign", "history", "friday").stdout == before
    bad = hk("queenbee", "do", "friday", "fly")
    assert bad.returncode == 2 and "flight" in bad.stderr


def test_new_refuses_both_kinds_and_a_bad_skills_mode(hk):
    r = hk("queenbee", "new", "X", "-p", "Ann", "-p", "Bo", "--players", "ann,bob")
    assert r.returncode == 2 and "not both" in r.stderr
    r = hk("queenbee", "new", "X", "-p", "Ann", "-p", "Bo", "--skills", "three")
    assert r.returncode == 2 and "--skills" in r.stderr
    r = hk("queenbee", "new", "X", "-p", "Ann")
    assert r.returncode == 2 and "2 to 6 players" in r.stderr


def test_a_players_own_board_is_kept_in_the_match(hk, tmp_path):
    mine = tmp_path / "board.toml"
    assert hk("data", "copy", "queenbee_board", str(mine)).returncode == 0
    mine.write_text(mine.read_text().replace("assumed = true", "assumed = false"))
    _new(hk, "--board", str(mine))
    mine.unlink()                                  # the match keeps the board it was made with
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert data["table"]["board_assumed"] is False


def test_skills_one_each_are_asked_first_and_campaign_show_prints_the_match(hk):
    _new(hk, "--skills", "one")
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert data["decision"] == "skill" and data["actor"] == "Ann"
    assert hk("queenbee", "do", "friday", "skill Stinger", "skill Guard").returncode == 0
    shown = hk("campaign", "show", "friday")
    assert shown.returncode == 0 and "stinger" in shown.stdout and "due:" in shown.stdout


def test_a_finished_match_goes_into_a_groups_match_log(hk):
    """End of the Game, Forced Alliance: a match played to its end at the table is logged
    as the table played it (issue 42, item 4)."""
    import random

    from hyvekit.data import queenbee as tables
    from hyvekit.rules.queenbee import match_table as M
    from hyvekit.rules.queenbee.deck import deck_for
    from hyvekit.rules.queenbee.engine import ENGINE
    names = ("Ann", "Bo", "Cy")
    t = ENGINE.new(M.Setup(names, tables.board(), deck_for(3, tables.cards(),
                                                           tables.variants()),
                           tables.dice(), tables.cards()))
    rng = random.Random(4)
    while not ENGINE.pending(t).over:
        d = ENGINE.pending(t)
        t = ENGINE.push(t, rng.choice(d.legal), rng)
    r = ENGINE.pending(t).result
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "-p", "Cy").returncode == 0
    refused = hk("queenbee", "log-match", "friday", "friday")
    assert refused.returncode == 2 and "match log" in refused.stderr      # not a match log
    assert hk("queenbee", "new", "Hive", "--players", "Ann,Bo,Cy").returncode == 0
    early = hk("queenbee", "log-match", "hive", "friday")
    assert early.returncode == 1 and "not over" in early.stderr
    done = hk("queenbee", "do", "friday", *t.steps)
    assert done.returncode == 0, done.stderr
    assert "hyvekit stats link friday" in done.stdout
    logged = hk("queenbee", "log-match", "hive", "friday")
    assert logged.returncode == 0, logged.stderr
    status = json.loads(hk("queenbee", "status", "hive", "--json").stdout)
    wins = {s["player"]: s["wins"] for s in status["standings"]}
    assert wins[r["winner"]] == 1 and sum(wins.values()) == 1


def test_an_upper_case_match_id_is_refused_with_the_id_it_means(hk):
    """Ids are slugs (the store refuses ``Friday``); the refusal names the match meant, for
    next and do alike, and do stores nothing."""
    _new(hk)
    before = hk("queenbee", "next", "friday", "--json").stdout
    for args in (("next", "FRIDAY"), ("do", "Friday", "flight")):
        r = hk("queenbee", *args)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert "expected a slug" in r.stderr and "(did you mean friday?)" in r.stderr
    assert hk("queenbee", "next", "friday", "--json").stdout == before
    r = hk("queenbee", "next", "SUNDAY")                  # no such match: nothing suggested
    assert r.returncode == 2 and "did you mean" not in r.stderr
