"""Rule decisions the CLI hands to the rules core (hyve.txt, Legacy Mode): a player's words for
bees, bread and purchases, the honey claim, the claims of a turn record, couriers logged by hand
(ruling R21) and the easy-mode cross-out."""

from __future__ import annotations

import pytest

from hyvekit.data.hyve import legacy_sheets
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve.legacy_play import check_no_logged_couriers
from hyvekit.rules.hyve.record import R_CLAIMS, check_claims

COLOURS = ("yellow", "blue", "green", "purple", "red")


def test_bees_and_bread_types_by_value_colour_or_wild():
    assert L.parse_bee("wild", COLOURS) == L.parse_bee("6", COLOURS) == L.WILD
    assert L.parse_bee(" Red ", COLOURS) == 5 and L.parse_bee("2", COLOURS) == 2
    with pytest.raises(InvalidInputError, match="die value 1-6"):
        L.parse_bee("7", COLOURS)
    assert L.parse_bread_type("green", COLOURS) == 3
    with pytest.raises(InvalidInputError) as err:
        L.parse_bread_type("wild", COLOURS, "--bread-type")
    assert err.value.field == "--bread-type"


def test_purchases_in_order_and_the_wild_bee_has_no_bread():
    got = L.parse_purchases(COLOURS, perks=["Deep Stores"], bread=["1", "red"],
                            population=["red:2,purple", "blue"])
    assert got == (L.BuyPerk("deep-stores"), L.BuyBread(1), L.BuyBread(5),
                   L.BuyResources("population", ("red", "red", "purple", "blue")))
    assert L.normalise_perk("resilience") == "resiliance"
    for wild in ("wild", "6", "gold"):
        with pytest.raises(InvalidInputError, match="the wild Bee has no bread"):
            L.parse_purchases(COLOURS, bread=[wild])
    with pytest.raises(InvalidInputError, match="count 1-99"):
        L.parse_colour_counts("--hp", "red:0")


def test_a_honey_claim_is_checked_against_the_rules_total():
    earned = L.honey_earned(7, 12, 4)                      # 2 + 2 + 4 = 8
    L.check_honey_claim(earned, 8)
    L.check_honey_claim(earned, None)
    with pytest.raises(IllegalActionError) as err:
        L.check_honey_claim(earned, 9)
    assert err.value.rule == L.R_HONEY and (err.value.expected, err.value.given) == (8, 9)


def test_claims_that_differ_are_refused_naming_each():
    check_claims([])
    with pytest.raises(IllegalActionError) as err:
        check_claims(["turn 1: population: claimed 6, derived 5"])
    assert err.value.rule == R_CLAIMS and "turn 1: population" in err.value.message


def test_couriers_logged_by_hand_for_the_scenario_being_played_ruling_r21():
    run = L.new_legacy(legacy_sheets()["legacy-1"], list(COLOURS))
    playing = L.play(run, L.StartScenario())
    events = [{"seq": 1, "type": "start"}, {"seq": 2, "type": "courier"},
              {"seq": 3, "type": "courier"}]
    check_no_logged_couriers(run, events, "r")                   # shopping: nothing played
    check_no_logged_couriers(playing, events[:1], "r")
    with pytest.raises(IllegalActionError) as err:
        check_no_logged_couriers(playing, events, "r")
    assert err.value.rule == L.R_COURIER and "events 2, 3" in err.value.message
    assert "campaign undo r --to 1" in err.value.hint
