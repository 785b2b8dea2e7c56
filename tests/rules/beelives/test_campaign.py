"""Bee Lives campaigns (hyvekit/rules/beelives/campaign.py): settings, month events checked by
the month sequencer, overrides, the year end of the multiple-years variant, solo cards and
goals judged from what was played.

The month files in examples/beelives/campaign/ carry the hand-worked values as claims and
comments (a two-year two-player campaign and a one-year solo challenge campaign); the values
asserted here were worked out from the rulebook, not read from the code.
"""

from __future__ import annotations

import json
import random
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.common import IllegalActionError, InvalidInputError

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "beelives" / "campaign"
COMPS = bl.campaign_components()
TWO = {"kind": "multi-year", "years": 2,
       "players": [{"name": "Susan", "queen": "prolific"}, {"name": "Jeremy",
                                                             "queen": "aggressive"}]}
SOLO = {"kind": "solo-challenge", "challenge": "Pacifist",
        "players": [{"name": "Ann", "queen": "prolific"}]}


def new(raw):
    return C.new_campaign(C.settings_from_dict(raw, COMPS), COMPS)


def month_file(name: str) -> dict:
    return tomllib.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def log(state, name: str, **extra):
    return C.play(state, "month", {"month": month_file(name), **extra})


def hive(state, name):
    return next(r for r in C.hive_rows(state) if r["name"] == name)


def two_player_year_one():
    state = new(TWO)
    for f in sorted(EXAMPLES.glob("2p-y1-*.toml")):
        state = log(state, f.name)
    return state


FIRST_MONTH = {"year": 1, "month": "March", "card": "First Bloom", "turn": [
    {"player": "Susan", "action": "forage", "tile": "bloom", "distance": 0,
     "take": {"honey": 5, "pollen": 5}},
    {"player": "Jeremy", "action": "defend", "bees": 3},
    {"player": "Susan", "action": "defend", "bees": 2}]}


# --- settings ---------------------------------------------------------------------------------

def test_settings_kinds_and_their_limits():
    s = C.settings_from_dict(TWO, COMPS)
    assert (s.kind, s.years, s.first_player) == ("multi-year", 2, "Susan")
    with pytest.raises(InvalidInputError, match="2 \\(long game\\) or 3"):
        C.settings_from_dict({**TWO, "years": 1}, COMPS)
    with pytest.raises(InvalidInputError, match="multi-year"):
        C.settings_from_dict({**TWO, "kind": "standard"}, COMPS)
    with pytest.raises(InvalidInputError, match="exactly one player"):
        C.settings_from_dict({**TWO, "kind": "solo-basic", "years": 1}, COMPS)
    with pytest.raises(InvalidInputError, match="only in solo basic mode"):
        C.settings_from_dict({**SOLO, "solo_hard": True}, COMPS)
    with pytest.raises(InvalidInputError, match="challenge card"):
        C.settings_from_dict({**SOLO, "challenge": "Three Generations"}, COMPS)
    with pytest.raises(InvalidInputError, match="kind"):
        C.settings_from_dict({**SOLO, "kind": "duel"}, COMPS)
    with pytest.raises(InvalidInputError, match="players\\[1\\].queen"):
        C.settings_from_dict({**SOLO, "players": [{"name": "Ann", "queen": "lazy"}]}, COMPS)
    with pytest.raises(InvalidInputError, match="settings.colour_scheme"):
        C.settings_from_dict({**SOLO, "colour_scheme": 1}, COMPS)


def test_campaign_cards_fix_the_game_length():
    base = {"kind": "solo-campaign", "players": [{"name": "Ann", "queen": "hygienic"}]}
    assert C.settings_from_dict({**base, "campaign": "Three Generations"}, COMPS).years == 3
    assert C.settings_from_dict({**base, "campaign": "Wildfire"}, COMPS).years == 2
    assert C.settings_from_dict({**base, "campaign": "Zombees", "years": 3}, COMPS).years == 3
    with pytest.raises(InvalidInputError, match="years"):
        C.settings_from_dict({**base, "campaign": "Wildfire", "years": 3}, COMPS)


def test_settings_round_trip_through_the_header():
    s = C.settings_from_dict({**SOLO, "challenge": "pacifist"}, COMPS)
    assert s.challenge == "Pacifist"          # the card's own spelling is stored
    assert C.settings_from_dict(s.to_dict(), COMPS) == s
    json.dumps(s.to_dict())


# --- random challenge card -------------------------------------------------------------------

def test_a_random_challenge_is_drawn_with_the_injected_random_and_stored():
    names = [c.name for c in COMPS.solo.challenges]
    drawn = C.draw_challenge(COMPS, random.Random(7))
    assert drawn in names and drawn == C.draw_challenge(COMPS, random.Random(7))
    assert len({C.draw_challenge(COMPS, random.Random(i)) for i in range(60)}) > 5
    state = new({**SOLO, "challenge": "random"})
    assert state.challenge == C.RANDOM
    with pytest.raises(IllegalActionError, match="draw the challenge card first"):
        C.play(state, "month", {"month": {**FIRST_MONTH, "turn": []}})
    state = C.play(state, "draw-card", {"card": drawn})
    assert state.challenge == drawn and [c.name for c in state.cards()] == [drawn]
    with pytest.raises(IllegalActionError, match="no challenge card is to be drawn"):
        C.play(state, "draw-card", {"card": drawn})


# --- months, overrides ------------------------------------------------------------------------

def test_an_illegal_month_is_refused_with_the_rule():
    state = new(TWO)
    bad = {**FIRST_MONTH, "turn": [dict(FIRST_MONTH["turn"][0], distance=2, bees=1)]}
    with pytest.raises(IllegalActionError) as exc:
        C.play(state, "month", {"month": bad})
    assert exc.value.rule == "Bee Lives: Forage"
    with pytest.raises(InvalidInputError, match="month.turn\\[1\\].bees"):
        C.play(state, "month", {"month": {**FIRST_MONTH, "turn": [
            dict(FIRST_MONTH["turn"][0], bees="two")]}})
    with pytest.raises(InvalidInputError, match="a reason only with --override"):
        C.play(state, "month", {"month": FIRST_MONTH, "reason": "house rule"})


def test_override_never_accepts_a_malformed_month():
    unknown = {**FIRST_MONTH, "turn": [dict(FIRST_MONTH["turn"][0], player="Bob")]}
    with pytest.raises(InvalidInputError, match="Bob"):
        C.play(new(TWO), "month", {"month": unknown, "override": True})


def test_override_of_a_legal_month_disputes_nothing():
    state = C.play(new(TWO), "month", {"month": FIRST_MONTH, "override": True})
    entry = state.months[-1]
    assert entry.override and entry.dispute == "" and entry.derived
    assert hive(state, "Susan")["honey"] == 5


def test_override_of_claimed_values_keeps_the_players_numbers():
    claimed = {**FIRST_MONTH, "claims": {"Susan": {"honey": 4, "disease": -1}}}
    with pytest.raises(IllegalActionError) as exc:
        C.play(new(TWO), "month", {"month": claimed})
    assert exc.value.rule == "Bee Lives: claimed end-of-month values"
    state = C.play(new(TWO), "month", {"month": claimed, "override": True,
                                       "reason": "we count 4"})
    entry = state.months[-1]
    assert entry.override and entry.derived and entry.reason == "we count 4"
    assert "honey claimed 4, derived 5" in entry.dispute
    s = hive(state, "Susan")
    assert (s["honey"], s["pollen"], s["disease"], s["workers"]) == (4, 5, -1, 3)
    summary = C.summary(state)
    assert summary["overrides"] == 1 and summary["months"][0]["override"]
    assert "OVERRIDE" in C.describe("month", {"month": claimed, "override": True})


def test_override_of_an_unplayable_month_records_the_claims_and_moves_on():
    bad = {**FIRST_MONTH, "turn": [dict(FIRST_MONTH["turn"][0], distance=2, bees=1)],
           "claims": {"Susan": {"honey": 2, "pollen": 3, "workers": 3},
                      "Jeremy": {"honey": 4}}}
    state = C.play(new(TWO), "month", {"month": bad, "override": True})
    entry = state.months[-1]
    assert entry.override and not entry.derived and "Bee Lives: Forage" in entry.dispute
    game = state.game
    assert (game.month, game.card, game.played) == (2, "First Bloom", ("First Bloom",))
    assert game.players[game.first_player].name == "Jeremy"   # the marker passed left
    assert (hive(state, "Susan")["honey"], hive(state, "Susan")["pollen"]) == (2, 3)
    assert (hive(state, "Jeremy")["honey"], hive(state, "Jeremy")["workers"]) == (4, 3)
    # the next month is played by the rules from the claimed state
    april = dict(month_file("2p-y1-02-april.toml"))
    april.pop("claims")
    april.pop("players")
    # Susan: 5 empty cells = 5 brood, 3 hatch with her 3 claimed pollen, prolific +1:
    # 7 workers > 6 — she swarms, and this April states no swarm choice
    with pytest.raises(IllegalActionError, match="Susan: the hive swarms"):
        C.play(state, "month", {"month": {**april, "turn": []}})


def test_the_first_months_of_the_two_player_campaign_match_the_hand_worked_values():
    state = new(TWO)
    state = log(state, "2p-y1-01-march.toml")
    s, j = hive(state, "Susan"), hive(state, "Jeremy")
    assert (s["honey"], s["pollen"], s["comb"], s["empty"], s["workers"]) == (3, 5, 11, 3, 3)
    assert (j["honey"], j["pollen"], j["comb"], j["empty"]) == (4, 4, 10, 2)
    assert C.summary(state)["first_player"] == "Jeremy"
    state = log(state, "2p-y1-02-april.toml")
    # Susan swarmed in spring (7 workers > 6): 5 VP, ACORN strength 3, dormant until summer
    assert hive(state, "Susan")["vp"] == 5 and hive(state, "Susan")["paused"]
    assert [(w.name, w.strength, w.dormant) for w in state.game.wild] == [("ACORN", 3, True)]
    state = log(state, "2p-y1-03-may.toml")
    state = log(state, "2p-y1-04-june.toml")
    assert [(w.name, w.strength, w.dormant) for w in state.game.wild] == [("ACORN", 4, False)]
    assert (hive(state, "Susan")["workers"], hive(state, "Susan")["comb"]) == (7, 13)


def test_multiple_years_carry_over_after_the_first_winter():
    state = two_player_year_one()
    assert state.game.stage == "winter"
    with pytest.raises(IllegalActionError, match="year-end"):
        log(state, "2p-y2-01-march.toml")
    state = C.play(state, "year-end", {})
    # Winter (Example Q's steps): Susan 5 bees, 5 honey, level 0 -> 5 bees, 2 honey: 7 VP;
    # Jeremy 5 bees, 5 honey, level -1 -> 4, 3, 2 bees and 2 honey: 4 VP.
    w = {h["hive"]: h for h in state.winters[0].hives}
    assert (w["Susan"]["bees"], w["Susan"]["honey"], w["Susan"]["vp"]) == (5, 2, 7)
    assert (w["Jeremy"]["bees"], w["Jeremy"]["honey"], w["Jeremy"]["vp"]) == (2, 2, 4)
    assert (hive(state, "Susan")["vp"], hive(state, "Jeremy")["vp"]) == (16, 4)
    game = state.game
    assert (game.year, game.month, game.stage, game.card) == (2, 1, "month", None)
    assert len(game.played) == 9                       # discarded, not shuffled back
    assert all(r["skip_feeding"] for r in C.hive_rows(state))
    assert [(w.name, w.strength) for w in game.wild] == [("ACORN", 9), ("BRAMBLE", 10),
                                                          ("CLOVER", 7)]
    goals = [(v["player"], v["year"], v["status"]) for v in C.goals(state)]
    assert goals == [("Susan", 1, "met"), ("Jeremy", 1, "met"), ("Susan", 2, "at risk"),
                     ("Jeremy", 2, "at risk")]
    state = log(state, "2p-y2-01-march.toml")
    # no feeding (skip token), DAISY spawned at strength 4 (year 2), active in spring; every
    # wild hive acted in spring (a bloom forage each: +1)
    assert not any(r["skip_feeding"] for r in C.hive_rows(state))
    spawned = state.months[-1].summary["wild_spawned"]
    assert [(x["wild"], x["strength"], x["dormant"]) for x in spawned] == [("DAISY", 4, False)]
    assert [(w.name, w.strength) for w in state.game.wild] == [
        ("ACORN", 10), ("BRAMBLE", 11), ("CLOVER", 8), ("DAISY", 5)]
    assert (hive(state, "Susan")["honey"], hive(state, "Susan")["vp"]) == (4, 21)
    # a season card played in year 1 cannot come back in year 2
    again = {**month_file("2p-y2-02-april.toml"), "card": "Beginning of the Flow"}
    with pytest.raises(IllegalActionError, match="already played"):
        C.play(state, "month", {"month": again})


def test_the_whole_two_year_campaign_ends_with_the_hand_worked_scores():
    state = two_player_year_one()
    state = C.play(state, "year-end", {})
    for f in sorted(EXAMPLES.glob("2p-y2-*.toml")):
        state = log(state, f.name)
    with pytest.raises(IllegalActionError, match="Winter Upkeep|year-end"):
        log(state, "2p-y2-09-november.toml")
    state = C.play(state, "year-end", {"starvation": {"Jeremy": "take"}})
    # Susan 26 VP + 0 honey + 2 bees = 28; Jeremy 7 VP + 0 honey + 3 bees - 2 (token) = 8
    assert C.summary(state)["scores"] == {
        "players": [{"name": "Susan", "total": 28, "eligible": True, "starvation": 0,
                     "starvation_vp": 0},
                    {"name": "Jeremy", "total": 8, "eligible": True, "starvation": 1,
                     "starvation_vp": -2}],
        "winners": ["Susan"], "tiebreak": ""}
    assert state.over and C.next_step(state) == "nothing: the game is over"
    assert all(v["status"] == "met" for v in C.goals(state))
    with pytest.raises(IllegalActionError, match="the game is over"):
        log(state, "2p-y2-09-november.toml")
    with pytest.raises(IllegalActionError, match="Winter Upkeep"):
        C.play(state, "year-end", {})


def test_year_end_before_november_is_refused():
    state = log(new(TWO), "2p-y1-01-march.toml")
    with pytest.raises(IllegalActionError) as exc:
        C.play(state, "year-end", {})
    assert exc.value.rule == "Bee Lives: Winter Upkeep"
    with pytest.raises(InvalidInputError, match="player"):
        C.play(replace(state, game=replace(state.game, stage="winter")), "year-end",
               {"starvation": {"Nobody": "take"}})


def test_result_is_small_deterministic_and_json():
    a = two_player_year_one()
    b = two_player_year_one()
    assert C.result(a) == C.result(b)
    assert json.loads(json.dumps(C.result(a))) == C.result(a)
    assert json.loads(json.dumps(C.summary(a)))["hives"][0]["name"] == "Susan"
    assert C.result(a)["wild"] == {"ACORN": 9, "BRAMBLE": 10, "CLOVER": 7}


# --- solo ----------------------------------------------------------------------------------------

def solo_year(raw=SOLO):
    state = new(raw)
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml")):
        state = log(state, f.name)
    return state


def test_solo_pacifist_goals_are_judged_from_the_months_played():
    state = new(SOLO)
    state = log(state, "solo-y1-01-march.toml")
    status = {v["goal"]: v["status"] for v in C.goals(state)}
    assert status == {"no_raids": "at risk", "swarms_at_least": "at risk",
                      "survive_winter": "at risk"}
    state = log(state, "solo-y1-02-april.toml")
    assert "swarmed 1 of 2" in next(v["reason"] for v in C.goals(state)
                                    if v["goal"] == "swarms_at_least")
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml"))[2:]:
        state = log(state, f.name)
    assert {v["goal"]: v["status"] for v in C.goals(state)}["swarms_at_least"] == "met"
    state = C.play(state, "year-end", {})
    assert [v["status"] for v in C.goals(state)] == ["met", "met", "met"]
    summary = C.summary(state)
    # 12 VP + 2 honey + 5 bees = 19: "Beeginner" (19 VP or fewer)
    assert summary["scores"]["players"][0]["total"] == 19
    assert summary["scores"]["rating"] == "Beeginner"
    assert summary["outcome"] == "won"
    assert [f.swarm is not None for f in state.facts] == [False, True, False, True, False,
                                                          True, False, True, False]
    assert state.facts[-1].winter_bees == 5


def test_solo_goals_that_fail_from_what_was_played():
    nursery = {**SOLO, "challenge": "Nursery"}
    state = new(nursery)
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml"))[:3]:
        state = log(state, f.name)
    # May: the queen was paused (Ann stayed after swarming): no brood hatched
    (v, _) = C.goals(state)
    assert v["status"] == "failed" and "May of year 1" in v["reason"]
    leader = new({**SOLO, "challenge": "Strong Leader"})
    leader = log(log(leader, "solo-y1-01-march.toml"), "solo-y1-02-april.toml")
    v = C.goals(leader)[0]
    assert v["status"] == "failed" and "stayed after swarming" in v["reason"]
    assert C.summary(leader)["outcome"] == "lost"


def test_protectionist_fails_when_a_wild_hive_reaches_six():
    state = new({**SOLO, "challenge": "Protectionist"})
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml"))[:4]:
        state = log(state, f.name)
    assert C.goals(state)[0]["status"] == "at risk"        # June: ACORN 4, BRAMBLE 5
    state = log(state, "solo-y1-05-july.toml")             # BRAMBLE's first forage: 5 -> 6
    v = C.goals(state)[0]
    assert v["status"] == "failed"
    assert "BRAMBLE reached strength 6 in July of year 1" in v["reason"]


def test_under_siege_spawns_after_scouting_on_four_or_more():
    state = new({**SOLO, "challenge": "Under Siege"})
    march = {"year": 1, "month": "March", "card": "First Bloom", "turn": [
        {"player": "Ann", "action": "scout", "tile": "wilt"},
        {"player": "Ann", "action": "scout", "tile": "wet"},
        {"player": "Ann", "action": "defend", "bees": 1}]}
    with pytest.raises(IllegalActionError, match="roll the D6 after each scout"):
        C.play(state, "month", {"month": march})
    with pytest.raises(IllegalActionError, match="1 roll of 4\\+"):
        C.play(state, "month", {"month": march, "stated": {"scout_d6": [4, 3]}})
    after = C.play(state, "month", {"month": march,
                                    "stated": {"scout_d6": [4, 3], "scout_spawn": ["OAK"]}})
    assert [(w.name, w.strength, w.dormant) for w in after.game.wild] == [("OAK", 3, True)]
    oak = next(w for w in after.facts[0].wild_hives if w.name == "OAK")
    assert oak.spawned and oak.origin == "challenge_card"
    assert after.map_tiles == 3        # the starting bloom tile + 2 scouted
    with pytest.raises(IllegalActionError, match="no challenge card in play"):
        C.play(new(SOLO), "month", {"month": march, "stated": {"scout_d6": [4, 3]}})


def test_stated_map_values_feed_explorer():
    state = new({**SOLO, "challenge": "Explorer"})
    march = month_file("solo-y1-01-march.toml")
    state = C.play(state, "month", {"month": march, "stated": {"map_tiles": 20,
                                                                "map_length": 6}})
    assert (state.map_tiles, state.map_length) == (20, 6)
    assert C.goals(state)[0]["status"] == "met"
    with pytest.raises(InvalidInputError, match="stated"):
        C.play(new(TWO), "month", {"month": FIRST_MONTH, "stated": {"map_tiles": 3}})


def test_harder_rule_of_basic_mode_needs_a_spawn_in_summer():
    state = new({"kind": "solo-basic", "solo_hard": True,
                 "players": [{"name": "Ann", "queen": "prolific"}]})
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml"))[:4]:
        state = log(state, f.name)        # June has Ann's swarm: no extra wild hive
    july = month_file("solo-y1-05-july.toml")
    with pytest.raises(IllegalActionError, match="Solo Play \\(Basic Mode\\)"):
        C.play(state, "month", {"month": july})
    state = C.play(state, "month", {"month": {**july, "solo_spawn": "THORN"}})
    thorn = next(w for w in state.game.wild if w.name == "THORN")
    assert thorn.strength == 3
    assert next(w for w in state.facts[-1].wild_hives if w.name == "THORN").origin == "solo_rule"


def test_scenario_cards_set_up_the_starting_map():
    state = new({"kind": "solo-scenario", "scenario": "New Bee on the Block",
                 "players": [{"name": "Ann", "queen": "aggressive"}]})
    assert [(w.name, w.strength, w.dormant) for w in state.game.wild] == [
        ("WILD1", 12, False), ("WILD2", 12, False)]
    assert not state.game.options.wild_dormant_first_spring
    only = new({"kind": "solo-scenario", "scenario": "There Can Bee Only One",
                "challenge": "Pacifist", "players": [{"name": "Ann", "queen": "aggressive"}]})
    assert [w.strength for w in only.game.wild] == [10, 10]
    assert all(w.dormant for w in only.game.wild)
    assert [c.name for c in only.cards()] == ["There Can Bee Only One", "Pacifist"]
    goals = {(v["card"], v["goal"]): v["status"] for v in C.goals(only)}
    assert goals[("There Can Bee Only One", "only_hive")] == "at risk"
    assert goals[("Pacifist", "no_raids")] == "at risk"


def year_two_march(spawns, bees=5, **stated):
    """Year 2 March after the solo example year: Ann (5 bees, 2 honey, 6 pollen, comb 11)
    has 3 brood, skips feeding, hatches 3 (+ 1 with a prolific queen): 9 > 6 (8 > 4 with a
    nomadic queen) — she swarms, losing 4 bees and 1 honey (CEDAR, strength 4 in year 2),
    stays, and defends with the rest (no wild hive turn: one round only)."""
    return {"month": {"year": 2, "month": "March", "card": "A Cold Spike",
                      "players": {"Ann": {"swarm": {"wild": "CEDAR", "choice": "stay"}}},
                      "turn": [{"player": "Ann", "action": "defend", "bees": bees}],
                      "claims": {"Ann": {"workers": bees, "honey": 1, "pollen": 3}}},
            "stated": {"spawn": spawns, **stated}}


def test_three_generations_needs_a_different_queen_before_year_two():
    state = solo_year({"kind": "solo-campaign", "campaign": "Three Generations",
                       "players": [{"name": "Ann", "queen": "prolific"}]})
    assert state.settings.years == 3
    goals = {(v["goal"], v["year"]): v for v in C.goals(state)}
    # year 1 asks for a hygienic queen all year and at least 12 scouts: Ann had neither
    assert goals[("queen_all_year", 1)]["status"] == "failed"
    assert "prolific queen" in goals[("queen_all_year", 1)]["reason"]
    assert goals[("scouts_in_year", 1)]["status"] == "failed"
    with pytest.raises(IllegalActionError, match="Three Generations"):
        C.play(state, "year-end", {})
    with pytest.raises(IllegalActionError, match="a different queen"):
        C.play(state, "year-end", {"queens": {"Ann": "prolific"}})
    after = C.play(state, "year-end", {"queens": {"Ann": "nomadic"}})
    assert hive(after, "Ann")["queen"] == "nomadic" and after.game.year == 2
    goals = {(v["goal"], v["year"]): v["status"] for v in C.goals(after)}
    assert goals[("different_queen_at_start", 2)] == "at risk"      # judged when year 2 begins
    # year 2: the first month of each season spawns ceil(D6 / 2) wild hives of strength 4
    with pytest.raises(IllegalActionError, match="2 wild hives of strength 4"):
        C.play(after, "month", year_two_march(["ASH"], 4, season_d6=3))
    with pytest.raises(InvalidInputError, match="season_d6"):
        C.play(after, "month", year_two_march(["ASH", "BEECH"], 4))
    y2 = C.play(after, "month", year_two_march(["ASH", "BEECH"], 4, season_d6=3))
    assert [(w.name, w.strength) for w in y2.game.wild][-3:] == [
        ("ASH", 4), ("BEECH", 4), ("CEDAR", 4)]
    origins = {w.name: w.origin for w in y2.facts[-1].wild_hives if w.spawned}
    assert origins == {"ASH": "campaign_card", "BEECH": "campaign_card", "CEDAR": "swarm"}
    goals = {(v["goal"], v["year"]): v["status"] for v in C.goals(y2)}
    assert goals[("different_queen_at_start", 2)] == "met"
    with pytest.raises(IllegalActionError, match="a queen is chosen at year end only"):
        C.play(replace(new(TWO), game=replace(new(TWO).game, stage="winter", month=9)),
               "year-end", {"queens": {"Susan": "nomadic"}})


def test_wildfire_year_two_spawns_and_the_burned_hive():
    state = solo_year({"kind": "solo-campaign", "campaign": "Wildfire",
                       "players": [{"name": "Ann", "queen": "prolific"}]})
    assert state.settings.years == 2
    # no solo card spawns wild hives at the start of a year-1 month
    with pytest.raises(IllegalActionError, match="no solo card spawns"):
        C.play(new(state.settings.to_dict()), "month", {
            "month": month_file("solo-y1-01-march.toml"), "stated": {"spawn": ["X"]}})
    y2 = C.play(state, "year-end", {})
    # "Roll a D4 twice. For each roll, spawn a wild hive (strength 4)": two names ("none" when
    # no legal space)
    with pytest.raises(IllegalActionError, match="Bee Lives: Wildfire"):
        C.play(y2, "month", year_two_march(["EMBER"]))
    after = C.play(y2, "month", year_two_march(["EMBER", "none"]))
    assert [(w.name, w.strength) for w in after.game.wild][-2:] == [("EMBER", 4), ("CEDAR", 4)]
    goals = {(v["goal"], v["year"]): v["status"] for v in C.goals(after)}
    assert goals[("hive_not_burned", 2)] == "at risk"
    burned = C.play(y2, "month", year_two_march(["none", "none"], hive_burned=True))
    goals = {(v["goal"], v["year"]): v for v in C.goals(burned)}
    assert goals[("hive_not_burned", 2)]["status"] == "failed"
    assert "you lose" in goals[("hive_not_burned", 2)]["reason"]
    assert C.summary(burned)["outcome"] == "lost"


def test_unknown_event_and_bad_data():
    state = new(TWO)
    with pytest.raises(InvalidInputError, match="event"):
        C.play(state, "harvest", {})
    with pytest.raises(InvalidInputError, match="month event"):
        C.play(state, "month", {"month": FIRST_MONTH, "extra": 1})
    with pytest.raises(InvalidInputError):
        C.play(state, "month", {"month": "March"})



def test_on_the_map_the_solo_map_goals_are_measured():
    state = new({**SOLO, "challenge": "Explorer", "map": True})
    assert state.game.map is not None and state.map_tiles == 1
    march = {"year": 1, "month": "March", "card": "First Bloom", "turn": [
        {"player": "Ann", "action": "forage", "at": [0, 0], "take": {"honey": 4, "pollen": 3}},
        {"player": "Ann", "action": "scout", "at": [1, 0], "tile": "wilt"},
        {"player": "Ann", "action": "defend", "bees": 1}]}
    with pytest.raises(InvalidInputError, match="at"):      # a position is needed on the map
        C.play(state, "month", {"month": {**march, "turn": [
            {"player": "Ann", "action": "forage", "tile": "bloom", "distance": 0}]}})
    after = C.play(state, "month", {"month": march})
    assert (after.map_tiles, after.map_length) == (2, 2)   # two tiles side by side
    v = C.goals(after)[0]
    assert v["status"] == "at risk" and "2 of 20 tiles" in v["reason"]
    scenario = new({"kind": "solo-scenario", "scenario": "Surrounded", "map": True,
                    "players": [{"name": "Ann", "queen": "aggressive"}]})
    hives = {h.name: h.at for h in scenario.game.map.hives}
    assert set(hives) == {"Ann", "WILD1", "WILD2", "WILD3", "WILD4"}
    assert scenario.map_tiles == 7
    # Under Siege on the map: the new wild hive goes on the scouted tile, given with `at`
    siege = new({**SOLO, "challenge": "Under Siege", "map": True})
    stated = {"scout_d6": [5], "scout_spawn": [{"wild": "OAK", "at": [1, 0]}]}
    with pytest.raises(InvalidInputError, match="map tile"):
        C.play(siege, "month", {"month": march, "stated": {"scout_d6": [5],
                                                            "scout_spawn": ["OAK"]}})
    siege = C.play(siege, "month", {"month": march, "stated": stated})
    assert {h.name: h.at for h in siege.game.map.hives}["OAK"] == (1, 0)


# --- property: random legal games through a campaign --------------------------------------------


def random_campaign(settings_raw, seed):
    from hyvekit.rules.beelives import record as rec
    from hyvekit.rules.beelives.randomplay import random_month
    rng = random.Random(seed)
    state = new(settings_raw)
    events = []
    while not state.over:
        if state.game.stage == "winter":
            events.append(("year-end", {}))
            state = C.play(state, "year-end", {})
            continue
        plan, _ = random_month(state.game, COMPS.game, rng)
        data = {"month": tomllib.loads(rec.dump_month(plan))}
        events.append(("month", data))
        state = C.play(state, "month", data)
    return state, events


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["Indecisive", "Nursery", "The Mother Hive",
                                                 "Protectionist", "Strong Leader", "Builder"]))
def test_random_legal_solo_games_replay_and_end_with_every_goal_decided(seed, card):
    state, events = random_campaign({**SOLO, "challenge": card}, seed)
    assert len(state.facts) == 9 and state.facts[-1].winter_bees is not None
    assert all(v["status"] in ("met", "failed") for v in C.goals(state))
    assert C.summary(state)["outcome"] in ("won", "lost")
    again = new({**SOLO, "challenge": card})
    for event_type, data in events:
        again = C.play(again, event_type, json.loads(json.dumps(data)))
    assert C.result(again) == C.result(state)
    json.dumps(C.summary(state))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_random_legal_two_year_games_score_every_winter(seed):
    state, _ = random_campaign(TWO, seed)
    assert [w.year for w in state.winters] == [1, 2]
    first = {h["hive"]: h for h in state.winters[0].hives}
    for name, h in first.items():       # year 1's winter scores surviving bees and honey
        assert h["vp"] == h["bees"] + h["honey"]
    totals = {l.player.name: l.total for l in state.scores.lines}
    assert set(totals) == {"Susan", "Jeremy"}
    assert all(g["status"] in ("met", "failed") for g in C.goals(state))
