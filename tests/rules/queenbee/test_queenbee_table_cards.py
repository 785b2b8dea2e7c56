"""A Queen Bee battle's cards at the table (Sequence of Battle, Battle Cards, Sudden Cards):
each card's description a test, pushed through the engine as ``queenbee do`` pushes it."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

from test_queenbee_table import ENGINE, do, new, placed  # noqa: E402


def battle(a_bees, d_bees, *steps, hands=(5, 5)):
    t = new()
    bees = [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1a", 0, "warrior")] + \
        [("G1b", 0, k) for k in a_bees] + [("I1", 1, k) for k in d_bees]
    t = replace(placed(t, bees), hands=hands)
    return do(t, "sting", "attack G1b I1", *steps)


def legal(t):
    return ENGINE.pending(t).legal


def test_smoker_before_the_battle_stops_the_defenders_battle_cards():
    """Smoker: "prevents the opponent from playing battle cards in this battle. This card
    must be played before the battle begins and only by the attacker"."""
    t = battle(["warrior"], ["warrior"], "play smoker")
    assert t.hands[0] == 4 and t.discard == 1
    d = ENGINE.pending(t)
    assert d.actor == "Bo" and d.legal == ("play dont-buzz", "pass")     # a sudden answer
    t = do(t, "pass", "pass", "b1", "keep", "b4", "keep")                  # Bo wins 4-1
    assert ENGINE.pending(t).actor == "Ann"
    t = do(t, "play strong-sting b1")                                      # 2 against 4
    d = ENGINE.pending(t)
    assert d.actor == "Ann" and "play strong-sting b2" in d.legal        # still losing
    t2 = do(replace(t, fight=replace(t.fight, dice=((("black", 4),), (("black", 1),)),
                                     side=1)), )
    assert legal(t2) == ("play dont-buzz", "accept")   # Bo, losing: no battle card, a sudden one


def test_stuck_in_a_web_takes_the_die_of_the_defenders_weakest_bee():
    t = battle(["warrior"], ["warrior", "worker"], "play stuck-in-a-web", "pass", "pass",
               "b2", "keep")
    d = ENGINE.pending(t)
    assert d.actor == "Bo" and "1 black die" in d.prompt and "yellow" not in d.prompt
    t = battle(["warrior"], ["warrior"])
    assert "play stuck-in-a-web" not in legal(t)          # not against a single bee


def test_strong_sting_raises_a_die_by_one_even_above_its_maximum():
    t = battle(["warrior"], ["warrior", "warrior"], "pass", "b4", "keep", "b4,b2", "keep")
    assert ENGINE.pending(t).actor == "Ann"                # 4 against 6: Ann is losing
    t = do(t, "play strong-sting b4")
    assert "(Strong Sting — Increase the value of one die by 1, even above the die's " \
        "maximum.)" in t.said
    t = do(t, "play strong-sting b5")
    assert t.fight.dice[0] == (("black", 6),) and t.fight.leader() == 0
    assert ENGINE.pending(t).actor == "Bo"                 # now Bo is losing


def test_maximum_power_sets_a_die_to_its_maximum():
    t = battle(["worker"], ["worker"], "pass", "y1", "keep", "y2", "keep",
               "play maximum-power y1")
    assert t.fight.dice[0] == (("yellow", 3),)
    assert "play maximum-power y3" not in legal(do(t, ))     # Bo's window: not Ann's dice


def test_helping_paw_makes_the_dies_owner_reroll_it():
    t = battle(["warrior"], ["warrior"], "pass", "b1", "keep", "b3", "keep",
               "play helping-paw defender b3")
    d = ENGINE.pending(t)
    assert d.kind == "dice" and d.actor == "Bo" and "1 black die" in d.prompt
    t = do(t, "b1")
    assert t.fight.dice[1] == (("black", 1),) and ENGINE.pending(t).actor == "Bo"


def test_again_and_again_rerolls_your_dice_up_to_two_times():
    t = battle(["warrior", "worker"], ["warrior", "warrior"], "pass", "b1,y1", "keep",
               "b4,b3", "keep", "play again-and-again b1,y1", "b1,y1")
    d = ENGINE.pending(t)
    assert d.kind == "reroll" and "reroll b1,y1" in d.legal           # the second time
    t = do(t, "reroll b1", "b2")
    assert ENGINE.pending(t).kind == "cards"                           # no third


def test_sneaky_sting_rolls_one_more_yellow_die_rerolled_once():
    t = battle(["warrior"], ["warrior"], "pass", "b1", "keep", "b3", "keep",
               "play sneaky-sting", "y1")
    d = ENGINE.pending(t)
    assert d.kind == "reroll" and d.legal == ("keep", "reroll y1")
    t = do(t, "reroll y1", "y3")
    assert t.fight.dice[0] == (("black", 1), ("yellow", 3))


def test_call_for_help_adds_a_bee_that_dies_if_its_side_loses():
    t = battle(["warrior"], ["warrior", "warrior"], "pass", "b1", "keep", "b3,b3", "keep")
    assert "play call-for-help warrior G1a" in legal(t)
    t = do(t, "play call-for-help warrior G1a", "b1", "keep")
    assert t.fight.fighters(0) == ("warrior", "warrior") and "accept" in legal(t)
    t = do(t, "accept")
    assert not M.on(t, "G1a") and not M.on(t, "G1b")


def test_bee_escape_saves_a_worker_or_warrior_of_the_loser_into_its_hive():
    t = battle(["warrior", "worker"], ["warrior", "warrior"], "pass", "b1,y1", "keep",
               "b3,b3", "keep", "play bee-escape", "accept")
    d = ENGINE.pending(t)
    assert d.kind == "escape" and "escape warrior H1a" in d.legal
    assert "escape warrior E1a" not in d.legal             # no warrior on a tunnel
    t = do(t, "escape warrior H1a")
    assert ("H1a", 0, "warrior") in t.bees and not M.on(t, "G1b")


def test_dont_buzz_cancels_the_opponents_card_and_can_itself_be_cancelled():
    t = battle(["warrior"], ["warrior"], "pass", "b1", "keep", "b2", "keep",
               "play strong-sting b1")                              # 2 against 2: Ann's
    assert ENGINE.pending(t).actor == "Bo" and "play dont-buzz" in legal(t)
    t = do(t, "play dont-buzz")                                     # back to 1 against 2
    assert t.fight.dice[0] == (("black", 1),) and t.fight.plays[-2][3]
    assert ENGINE.pending(t).actor == "Ann"
    t = do(t, "play dont-buzz")                                     # Ann cancels the cancel
    assert t.fight.dice[0] == (("black", 2),) and not t.fight.plays[-3][3]
    assert t.fight.plays[-2][3] and ENGINE.pending(t).actor == "Bo"


def test_sequence_of_battle_a_battle_card_by_the_side_winning_is_refused():
    t = battle(["warrior"], ["warrior"], "pass", "b4", "keep", "b1", "keep")
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, "Ann: play strong-sting b4")
    assert e.value.rule == "Queen Bee: Battle — Sequence of Battle"
    assert "only the player losing after the rolls" in e.value.message


def test_a_player_without_cards_can_only_accept_defeat():
    t = battle(["warrior"], ["warrior"], "b1", "keep", "b4", "keep", hands=(0, 5))
    assert legal(t) == ("accept",)


def test_the_odds_are_shown_at_each_window():
    t = battle(["warrior"], ["warrior"])
    assert "attack_odds" in ENGINE.view(t)["battle"]                   # step 1
    t = do(t, "pass", "b3", "keep")
    v = ENGINE.view(t)["battle"]
    assert v["attack_odds"] == "69.4%"    # Bo beats a 3 with a 4: 1/6, with a re-roll 11/36
    t = do(t, "b1", "keep")
    assert ENGINE.view(t)["battle"]["attack_odds"] == "100.0%"


def test_no_move_in_when_no_bee_that_took_part_may_stand_there_ruling_q24():
    """An opponent's bee in Ann's own nest, beaten by Ann's worker: her worker may not enter
    her own nest, so none moves in and the battle ends."""
    t = new()
    t = replace(placed(t, [("H1b", 0, "queen"), ("H1a", 0, "worker"), ("N1", 1, "worker"),
                           ("N4", 1, "queen")]), hands=(0, 0))
    t = do(t, "sting", "attack H1a N1", "y3", "keep", "y1", "keep", "accept")
    assert t.fight is None and not M.on(t, "N1") and ("H1a", 0, "worker") in t.bees
    assert any("ruling Q24" in line for line in t.said)


def test_bee_escape_never_onto_the_battles_own_space_ruling_q24():
    t = new()
    t = replace(placed(t, [("N1", 0, "queen"), ("G4b", 0, "warrior"), ("H4d", 1, "warrior"),
                           ("N4", 1, "queen")]), hands=(5, 5), turn=0)
    t = do(t, "sting", "attack G4b H4d", "pass", "b4", "keep", "b1", "keep",
           "play bee-escape", "accept")
    d = ENGINE.pending(t)                # Bo's warrior saved, in Bo's hive: not onto H4d
    assert d.kind == "escape" and "escape warrior H4a" in d.legal
    assert "escape warrior H4d" not in d.legal


def test_smoker_and_stuck_in_a_web_are_answered_before_the_rolls_ruling_q24():
    t = battle(["warrior"], ["warrior"], "play smoker", "pass", "pass", "b4", "keep",
               "b1", "keep")
    assert ENGINE.pending(t).actor == "Bo"
    assert "play dont-buzz" not in legal(t)


def test_ally_a_third_players_bee_joins_the_battle_and_dies_if_its_side_loses():
    """Ally: "help another player in a battle by adding 1 of your bees on the board ... If
    you win the battle, the 'ally' returns ... If you lose, the 'ally' is also removed"."""
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = replace(placed(t, [(nests[0], 0, "queen"), ("G1b", 0, "warrior"), ("I1", 1, "warrior"),
                           (nests[1], 1, "queen"), (nests[2], 2, "queen"), ("C", 2, "worker")]),
                hands=(5, 5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "b2", "keep", "b3", "keep")
    assert ENGINE.pending(t).actor == "Ann"                     # 2 against 3
    with pytest.raises(IllegalActionError, match="fights in this battle"):
        ENGINE.push(t, "Bo: play ally defender warrior I1")
    t = do(t, "Cy: play ally attacker worker C")
    assert t.steps[-1] == "Cy: play ally attacker worker C"
    d = ENGINE.pending(t)
    assert d.kind == "dice" and d.actor == "Ann" and "1 yellow die" in d.prompt
    t = do(t, "y3")                                            # 5 against 3: Bo is losing
    assert ENGINE.pending(t).actor == "Bo" and t.hands[2] == 4
    t = do(t, "accept", "occupy warrior")
    assert ("C", 2, "worker") in t.bees                        # the ally stays: its side won
    assert M.on(t, "I1") == [("I1", 0, "warrior")]


def test_an_ally_of_the_losing_side_is_removed_with_it():
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = replace(placed(t, [(nests[0], 0, "queen"), ("G1b", 0, "warrior"), ("I1", 1, "warrior"),
                           (nests[1], 1, "queen"), (nests[2], 2, "queen"), ("C", 2, "worker")]),
                hands=(5, 5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "b1", "keep", "b3", "keep",
           "Cy: play ally attacker worker C", "y1", "accept")
    assert ("C", 2, "worker") not in t.bees and not M.on(t, "G1b")


def test_a_chance_is_never_shown_as_a_certainty_it_is_not():
    from fractions import Fraction

    from hyvekit.rules.queenbee.fight import percent
    assert percent(Fraction(9999, 10000)) == ">99.9%" and percent(Fraction(1)) == "100.0%"
    assert percent(Fraction(1, 10000)) == "<0.1%" and percent(Fraction(0)) == "0.0%"
    t = battle(["warrior", "warrior", "worker"], ["warrior"])
    assert ENGINE.view(t)["battle"]["attack_odds"] == ">99.9%"


def test_an_ally_never_fights_its_own_alliance_ruling_q26():
    """Ann's queen fell to Bo: her bees serve Bo's queen. When they attack Cy, Bo may not
    join Cy against them (the random-play sweep found both last queens falling at once)."""
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = replace(placed(t, [("G1b", 0, "warrior"), ("I1", 2, "warrior"), (nests[1], 1, "queen"),
                           ("C", 1, "worker"), (nests[2], 2, "queen")]),
                hands=(5, 5, 5), serves=(1, 1, 2), fallen=(0,))
    t = do(t, "sting", "attack G1b I1", "pass", "b1", "keep", "b3", "keep")
    with pytest.raises(IllegalActionError, match="never fights its own alliance"):
        ENGINE.push(t, "Bo: play ally defender worker C")
    t = do(t, "Bo: play ally attacker worker C")
    assert t.fight.helpers == ((0, "C", "worker", 1),)


def test_dont_buzz_by_the_side_winning_right_after_the_losers_card_ruling_q28():
    """Sudden Cards "can be played at any moment without any restrictions": Bo, winning,
    cancels Ann's Strong Sting that leaves her still losing, though it is her decision."""
    t = battle(["warrior"], ["warrior", "warrior"], "pass", "b1", "keep", "b3,b3", "keep",
               "play strong-sting b1")                          # 2 against 6: Ann decides
    assert ENGINE.pending(t).actor == "Ann" and t.fight.total(0) == 2
    hands = t.hands
    t = do(t, "Bo: play dont-buzz")
    assert t.fight.dice[0] == (("black", 1),) and t.fight.plays[-2][3]
    assert t.hands == (hands[0], hands[1] - 1) and t.steps[-1] == "Bo: play dont-buzz"
    assert ENGINE.pending(t).actor == "Ann"                     # still losing, 1 against 6


def test_dont_buzz_during_the_cards_own_reroll_and_the_repro_of_issue_42():
    """Again and Again: Ann re-rolls y1 and is deciding her second re-roll when Bo cancels
    the card: her dice are as before it."""
    t = new()
    t = replace(placed(t, [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1b", 0, "warrior"),
                           ("G1b", 0, "warrior"), ("G1b", 0, "worker"), ("I1", 1, "warrior")]),
                hands=(5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "b1,b1,y1", "keep", "b4", "keep",
           "play again-and-again y1", "y1")
    d = ENGINE.pending(t)
    assert d.kind == "reroll" and d.actor == "Ann" and t.fight.total(0) == 3
    t = do(t, "Bo: play dont-buzz")
    assert t.fight.dice[0] == (("black", 1), ("black", 1), ("yellow", 1))
    assert t.fight.plays[-2][1:] == ("Again and Again", "y1", True)
    assert ENGINE.pending(t).kind == "cards" and ENGINE.pending(t).actor == "Ann"


def test_dont_buzz_is_refused_once_the_battle_has_gone_past_the_card_ruling_q28():
    t = battle(["warrior"], ["warrior"], "play smoker", "pass", "pass", "b4")
    with pytest.raises(IllegalActionError) as e:                # the rolls began
        ENGINE.push(t, "Bo: play dont-buzz")
    assert e.value.rule == "Queen Bee: Sudden Cards — Don't Buzz" and "too late" in \
        e.value.message
    t = battle(["warrior"], ["warrior", "warrior"], "pass", "b1", "keep", "b3,b3", "keep",
               "play strong-sting b1")
    with pytest.raises(IllegalActionError) as e:                # Ann's own card
        ENGINE.push(t, "Ann: play dont-buzz")
    assert "own" in e.value.message
    t = do(t, "accept")                                         # the battle is over
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, "Bo: play dont-buzz")
    assert e.value.rule == "Queen Bee: Sudden Cards — Don't Buzz"


def test_bee_escape_the_loser_chooses_the_worker_or_the_warrior_and_its_place():
    """Bee Escape: "save 1 worker bee or warrior ... move it to any available place in your
    hive": either bee that fought, onto any space of the hive it may stand on."""
    steps = ("pass", "b1,y1", "keep", "b3,b3", "keep", "play bee-escape", "accept")
    t = battle(["warrior", "worker"], ["warrior", "warrior"], *steps)
    d = ENGINE.pending(t)
    assert d.kind == "escape" and d.actor == "Ann"
    assert {"escape warrior H1a", "escape warrior H1d", "escape worker E1a",
            "escape worker H1c"} <= set(d.legal)
    assert "escape warrior E1b" not in d.legal and "escape queen N1" not in d.legal
    t = do(t, "escape worker E1b")                      # the worker, not the first in order
    assert ("E1b", 0, "worker") in t.bees and not M.on(t, "G1b")
    assert M.reserve(t, 0)["warrior"] == 7 - 1 and t.fight is None
    t = battle(["warrior", "worker"], ["warrior", "warrior"], *steps)
    t = do(t, "escape warrior H1c")
    assert ("H1c", 0, "warrior") in t.bees and not any(k == "worker" for _, s, k in t.bees
                                                        if s == 0)


def test_bee_escape_saves_the_kind_that_has_a_place_when_the_other_has_none():
    """Bo's bees stand on every hive space of Ann's but the tunnels: her warrior cannot
    escape, her worker can."""
    t = new()
    bees = [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1b", 0, "warrior"),
            ("G1b", 0, "worker"), ("I1", 1, "warrior"), ("I1", 1, "warrior")] + \
        [(sp, 1, "warrior") for sp in ("H1a", "H1b", "H1c", "H1d")]
    t = replace(placed(t, bees), hands=(5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "b1,y1", "keep", "b3,b3", "keep",
           "play bee-escape", "accept")
    d = ENGINE.pending(t)
    assert d.kind == "escape" and set(d.legal) == {"escape worker E1a", "escape worker E1b"}
    t = do(t, "escape worker E1a")
    assert ("E1a", 0, "worker") in t.bees and t.fight is None
