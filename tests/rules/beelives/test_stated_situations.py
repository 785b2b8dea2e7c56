"""Rule decisions the CLI hands to the rules core (bee-lives.txt): the winter points and the
disease level of a winter, the Solo Score Chart's reach, a raid's stated hives, the dormant wild
hive's season, queen types, and a new campaign's kind and solo options."""

from __future__ import annotations

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives.endgame import (PlayerEnd, score, solo_chart_rating, winter_level,
                                            winter_points)
from hyvekit.rules.beelives.hive import parse_queen
from hyvekit.rules.beelives.raids import stated_attacker, stated_defender
from hyvekit.rules.beelives.wild import check_dormant
from hyvekit.rules.common import IllegalActionError, InvalidInputError

BOARD = bl.packaged_board()


def test_a_winter_scores_now_or_in_the_final_score():
    assert winter_points({"bees": 4, "honey": 3, "vp": 7, "final": False}) == (7, False)
    assert winter_points({"bees": 4, "honey": 3, "vp": 0, "final": True}) == (7, True)


def test_the_solo_score_chart_rates_one_player_in_a_one_year_game_only():
    one = score([PlayerEnd("Ann", vp=30)], BOARD)
    two = score([PlayerEnd("Ann", vp=30), PlayerEnd("Bob", vp=20)], BOARD)
    assert solo_chart_rating(one, BOARD) == BOARD.solo_rating(one.lines[0].total)
    assert solo_chart_rating(one, BOARD, years=2) is None
    assert solo_chart_rating(two, BOARD) is None and solo_chart_rating(None, BOARD) is None


def test_a_winter_level_is_given_or_read_off_the_track():
    assert winter_level(BOARD, "a", level=-2) == (-2, False)
    level, assumed = winter_level(BOARD, "A", position=3)
    assert level == BOARD.track("A").level(3) and assumed == ("disease" in BOARD.assumed)
    for kwargs in ({}, {"level": -1, "position": 1}):
        with pytest.raises(InvalidInputError, match="exactly one of"):
            winter_level(BOARD, "A", **kwargs)
    with pytest.raises(InvalidInputError, match="A or B"):
        winter_level(BOARD, "C", level=0)
    with pytest.raises(InvalidInputError):
        winter_level(BOARD, "A", level=1)


def test_a_stated_raid_hive_takes_its_queens_track_side():
    hygienic = stated_attacker(BOARD, 5, "hygienic", empty=2, standing=True)
    assert hygienic.side == "B" and hygienic.mite_standing
    assert hygienic.comb == BOARD.comb_max and hygienic.pollen == BOARD.comb_max - 2
    assert stated_attacker(BOARD, 5, "prolific").pollen == 0
    d = stated_defender(BOARD, level=0, honey=1, unassigned=2, defenders=1, queen="prolific")
    assert d.comb == BOARD.comb_min and d.assigned.defend == 1 and d.side == "A"


def test_queen_types_and_the_dormant_season():
    assert parse_queen(BOARD, " Nomadic ") == "nomadic"
    with pytest.raises(InvalidInputError) as err:
        parse_queen(BOARD, "lazy", "--queen")
    assert err.value.field == "--queen"
    check_dormant("Spring", True)
    check_dormant("fall", False)
    with pytest.raises(InvalidInputError, match="only in spring"):
        check_dormant("summer", True)


def test_a_new_campaigns_kind_comes_from_its_options():
    assert C.settings_from_options(["Ann:prolific"])["kind"] == "standard"
    assert C.settings_from_options(["Ann:prolific", "Bob:nomadic"], years=2)["kind"] == \
        "multi-year"
    solo = C.settings_from_options(["Ann:Hygienic:red"], solo="Challenge", challenge="random")
    assert solo["kind"] == "solo-challenge" and solo["board"] is None
    assert solo["players"] == [{"name": "Ann", "queen": "hygienic", "colour": "red"}]
    for players, kwargs, word in (([], {}, "--player"), (["Ann:prolific"], {"solo": "duet"},
                                                          "--solo"),
                                  (["Ann:prolific"], {"hard": True}, "--solo"),
                                  (["Ann"], {}, "NAME:QUEEN")):
        with pytest.raises(InvalidInputError, match=word):
            C.settings_from_options(players, **kwargs)


def test_a_challenge_card_is_drawn_only_when_random():
    comps = bl.campaign_components()
    settings = C.settings_from_dict(C.settings_from_options(
        ["Ann:prolific"], solo="challenge", challenge="random"), comps)
    C.check_draw(C.new_campaign(settings, comps))
    fixed = C.settings_from_dict(C.settings_from_options(["Ann:prolific"]), comps)
    with pytest.raises(IllegalActionError) as err:
        C.check_draw(C.new_campaign(fixed, comps))
    assert err.value.rule == C.R_CHALLENGE and err.value.given == "draw"
