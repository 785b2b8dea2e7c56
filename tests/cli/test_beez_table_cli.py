"""``hyvekit beez new / next / do / cards`` (the real CLI, in process): a 2-player game played
flight by flight from ``new`` to the scoring, each step stored as it is made, a refused step
leaving the record unchanged, undo, and every legal option accepted by ``do``."""

from __future__ import annotations

import json

from tests.rules.beez.test_beez_table import MARTIN_FLIGHTS, SOPHIE_FLIGHTS

NEW = ("beez", "new", "Friday", "--players", "Martin,Sophie",
       "--common", "both-4-5-rows,middle-row,colours", "--secret", "Martin=three-colour-line,bow")


def _next(hk, game="friday"):
    r = hk("beez", "next", game, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_a_beez_game_played_flight_by_flight_scores_the_rulebook_example_36(hk):
    """Issue 16 acceptance, through the CLI: Martin's honeycomb of the scoring example."""
    r = hk(*NEW)
    assert r.returncode == 0, r.stderr and "next: hyvekit beez next friday" in r.stdout
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        r = hk("beez", "do", "friday", mf, *ms, sf, *ss)
        assert r.returncode == 0, r.stderr
    data = _next(hk)
    assert (data["decision"], data["actor"]) == ("secret", "Sophie")
    assert "secret colours bow" not in data["legal"]
    r = hk("beez", "do", "friday", "secret bow 'manual: \"Queen cup\" = 7'")
    assert r.returncode == 0, r.stderr
    assert "Winner: Martin" in r.stdout and "Three colours in a line" not in r.stdout.split(
        "Honey drops")[0]
    data = _next(hk)
    assert data["decision"] is None and data["legal"] == []
    martin = data["table"]["scores"][0]
    assert martin["total"] == 36 and [o["honey"] for o in martin["objectives"]] == [
        12, 0, 10, 6, 8]
    assert data["table"]["winners"] == ["Martin"]
    shown = json.loads(hk("campaign", "show", "friday", "--json").stdout)
    assert "36" in json.dumps(shown)


def test_a_refused_step_stores_nothing_and_undo_takes_back_the_last(hk):
    hk(*NEW)
    r = hk("beez", "do", "friday", "fly 5 p", "store p C3")
    assert r.returncode == 1 and "Beez: Phase 3" in r.stderr and "Legal: store p A1" in r.stderr
    assert _next(hk)["decision"] == "flight"                   # all or none
    assert hk("beez", "do", "friday", "fly 5 p").returncode == 0
    assert _next(hk)["decision"] == "store"
    assert hk("campaign", "undo", "friday").returncode == 0
    assert _next(hk)["decision"] == "flight"
    r = hk("beez", "do", "friday", "flu 5 p")
    assert r.returncode == 2 and "did you mean" in r.stderr


def test_every_legal_string_of_next_is_accepted_by_do(hk):
    hk(*NEW)
    hk("beez", "do", "friday", "fly 4 W w")
    for option in _next(hk)["legal"]:
        r = hk("beez", "do", "friday", option, "--json")
        assert r.returncode == 0, (option, r.stderr)
        assert json.loads(r.stdout)["steps"] == [option]
        hk("campaign", "undo", "friday")


def test_new_refuses_a_common_card_as_a_secret_card_and_bad_cards(hk):
    r = hk("beez", "new", "X", "--players", "A,B", "--common",
           "both-4-5-rows,middle-row,colours", "--secret", "A=colours,bow")
    assert r.returncode == 2 and "a common objective" in r.stderr
    r = hk("beez", "new", "X", "--players", "A,B", "--common", "both-4-5-rows,middle-row,bows")
    assert r.returncode == 2 and "bows" in r.stderr
    assert hk("campaign", "list", "--json").stdout.count('"id"') == 0


def test_your_own_cards_from_a_copy_of_the_table(hk):
    path = hk.root / "my-beez.toml"
    assert hk("data", "copy", "beez", str(path)).returncode == 0
    path.write_text(path.read_text(encoding="utf-8") + '''
[[objective]]
id = "pink-nectar"
name = "Pink nectar"
kind = "count-of-colour"
colour = "pink"
honey = 1
source = "my box"

[[objective]]
id = "queen-cup"
name = "Queen cup"
text = "no description yet"
''', encoding="utf-8")
    r = hk("beez", "cards", "--cards", str(path), "--json")
    assert r.returncode == 0, r.stderr
    scored = {c["id"]: c["scored"] for c in json.loads(r.stdout)}
    assert scored["queen-cup"] == "by hand" and scored["pink-nectar"] == "yes"
    r = hk("beez", "new", "Mine", "--players", "Martin,Sophie", "--cards", str(path),
           "--common", "both-4-5-rows,middle-row,colours",
           "--secret", "Martin=three-colour-line,pink-nectar", "--secret", "Sophie=bow,queen-cup")
    assert r.returncode == 0, r.stderr
    path.unlink()                                   # the game keeps its cards
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        assert hk("beez", "do", "mine", mf, *ms, sf, *ss).returncode == 0
    data = _next(hk, "mine")
    assert (data["decision"], data["legal"][3]) == ("value", "value queen-cup 3")
    hk("beez", "do", "mine", "value queen-cup 5")
    scores = _next(hk, "mine")["table"]["scores"]
    assert scores[0]["objectives"][-1]["honey"] == 4 and scores[0]["total"] == 12 + 10 + 6 + 4
    assert scores[1]["objectives"][-1]["honey"] == 5


def test_help_has_examples(hk):
    for cmd in ("new", "next", "do", "cards"):
        r = hk("beez", cmd, "--help")
        assert r.returncode == 0 and "Example: hyvekit beez" in r.stdout


def test_campaign_show_prints_the_beez_table_and_the_decision(hk):
    assert hk(*NEW).returncode == 0
    r = hk("campaign", "show", "friday")
    assert r.returncode == 0, r.stderr
    assert "Martin" in r.stdout and "next: hyvekit beez do friday" in r.stdout


def test_next_names_each_honeycomb_row_by_the_letter_its_chambers_take(hk):
    assert hk(*NEW).returncode == 0
    out = hk("beez", "next", "friday").stdout
    rows = [line.split(" | ")[0].split() for line in out.splitlines() if " | " in line]
    assert [r[0] for r in rows] == list("ABCDE")
    from hyvekit.data.beez import packaged_layout
    assert [r[1] for r in rows] == list(packaged_layout().labels)


def test_a_refused_step_among_several_is_named_by_its_number(hk):
    assert hk("beez", "new", "B", "--players", "a,b", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    r = hk("beez", "do", "b", "empty", "fly 9 P w")
    assert r.returncode == 2 and "step 2 (fly 9 P w): flight distance: got 9" in r.stderr
