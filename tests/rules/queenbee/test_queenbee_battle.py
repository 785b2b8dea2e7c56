"""Queen Bee battle checks (Gameplay: Battle; Card Descriptions)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.queenbee import battle as B
from hyvekit.data import queenbee as tables

DICE = tables.dice()
CARDS = tables.cards()


def fight(att, dfn, adice, ddice, *cards, space=None):
    b = B.Battle(B.parse_bees(att), B.parse_bees(dfn), B.parse_dice(adice), B.parse_dice(ddice),
                 tuple(B.parse_play(c, CARDS) for c in cards), space)
    return B.check_battle(b, DICE, CARDS)


# --- outcome and rewards ---------------------------------------------------------------------

def test_a_tie_goes_to_the_attacker():
    o = fight("warrior:2", "worker:2", "b3,b2", "y3,y2")
    assert o.winner == "attacker" and o.tie
    assert o.defender.removed == {"worker": 2} and o.defender.draws == 1
    assert o.attacker.removed == {} and o.attacker.draws == 0


def test_higher_defender_total_wins_and_the_attacker_loses_its_bees():
    o = fight("queen,worker", "warrior", "b2,y1", "b4")
    assert o.winner == "defender"
    assert o.attacker.removed == {"queen": 1, "worker": 1} and o.attacker.draws == 1
    assert o.defender.removed == {} and o.defender.draws == 0


def test_stated_wrong_winner_names_the_rule_and_the_right_outcome():
    o = fight("warrior", "warrior", "b3", "b3")
    with pytest.raises(IllegalActionError) as err:
        B.check_stated_winner(o, "defender")
    assert err.value.rule == "Queen Bee: Battle" and err.value.expected == "attacker"
    assert "tie" in str(err.value)
    B.check_stated_winner(o, "attacker")
    with pytest.raises(InvalidInputError):
        B.check_stated_winner(o, "nobody")


@given(st.lists(st.sampled_from(DICE.black), min_size=1, max_size=4),
       st.lists(st.sampled_from(DICE.black), min_size=1, max_size=4))
def test_attacker_wins_exactly_when_equal_or_higher(a, d):
    o = fight(f"warrior:{len(a)}", f"warrior:{len(d)}", ",".join(f"b{x}" for x in a),
              ",".join(f"b{x}" for x in d))
    assert (o.winner == "attacker") == (sum(a) >= sum(d))


# --- dice per bee ----------------------------------------------------------------------------

def test_one_yellow_die_per_worker_one_black_per_warrior_or_queen():
    with pytest.raises(IllegalActionError, match="Sequence of Battle") as err:
        fight("queen,worker", "warrior", "b2,b1", "b4")
    assert err.value.expected == {"yellow": 1, "black": 1}


def test_pips_beyond_the_faces_are_refused():
    with pytest.raises(IllegalActionError, match="Strong Sting"):
        fight("worker", "worker", "y4", "y1")
    with pytest.raises(IllegalActionError, match="lowest face"):
        fight("worker", "worker", "y0", "y1")


def test_at_most_four_defending_bees_on_a_space():
    with pytest.raises(IllegalActionError, match="Game Board"):
        fight("warrior", "worker:5", "b4", "y1,y1,y1,y1,y1")


def test_each_player_has_one_queen_seven_warriors_seven_workers():
    with pytest.raises(IllegalActionError, match="90 Bees"):
        fight("warrior:8", "worker", ",".join(["b1"] * 8), "y1")


def test_warriors_cannot_attack_a_tunnel_and_only_the_queen_defends_her_nest():
    with pytest.raises(IllegalActionError, match="tunnel"):
        fight("warrior", "worker", "b4", "y1", space="tunnel")
    fight("worker", "worker", "y3", "y1", space="tunnel")
    with pytest.raises(IllegalActionError, match="own nest"):
        fight("worker", "queen,warrior", "y3", "b1,b1", space="nest")
    fight("worker:2", "queen", "y3,y3", "b1", space="nest")


# --- cards: timing ---------------------------------------------------------------------------

def test_smoker_only_by_the_attacker_before_the_battle():
    fight("warrior", "warrior", "b3", "b2", "before:attacker:smoker")
    with pytest.raises(IllegalActionError) as err:
        fight("warrior", "warrior", "b3", "b2", "attacker:smoker")
    assert err.value.rule == "Queen Bee: Battle Cards — Smoker"
    with pytest.raises(IllegalActionError, match="only by the attacker"):
        fight("warrior", "warrior", "b3", "b2", "before:defender:smoker")


def test_smoker_stops_the_defenders_battle_cards_unless_cancelled():
    with pytest.raises(IllegalActionError) as err:
        fight("warrior", "warrior", "b3", "b4", "before:attacker:smoker",
              "defender:strong-sting")
    assert err.value.rule == "Queen Bee: Battle Cards — Smoker"
    o = fight("warrior", "warrior", "b4", "b3", "before:attacker:smoker",
              "before:defender:dont-buzz", "defender:bee-escape")   # the defender is losing
    assert o.cancelled[0].card == "Smoker"


def test_effect_cards_are_never_played_in_a_battle():
    with pytest.raises(IllegalActionError, match="Effect Cards"):
        fight("warrior", "warrior", "b3", "b2", "attacker:honey")


def test_other_battle_cards_come_after_the_rolls():
    with pytest.raises(IllegalActionError, match="attacker symbol"):
        fight("warrior", "warrior", "b4", "b2", "before:attacker:strong-sting")


# --- cards: effects --------------------------------------------------------------------------

def test_strong_sting_raises_a_die_one_above_its_maximum():
    o = fight("warrior", "warrior:2", "b5", "b4,b1", "attacker:strong-sting")   # 4 < 5, then 5
    assert o.winner == "attacker" and o.attacker.total == 5
    with pytest.raises(IllegalActionError, match="Strong Sting"):
        fight("warrior", "warrior:2", "b6", "b4,b2", "attacker:strong-sting")
    fight("warrior", "warrior:2", "b6", "b4,b2", "attacker:strong-sting", "attacker:strong-sting")


def test_maximum_power_and_helping_paw_and_again_and_again_change_values_not_dice():
    for card in ("maximum-power", "helping-paw", "again-and-again"):
        o = fight("worker", "worker", "y3", "y3", f"defender:{card}")
        assert o.winner == "attacker"
        with pytest.raises(IllegalActionError, match="Sequence of Battle"):
            fight("worker", "worker", "y3,y3", "y3", f"attacker:{card}")


def test_sneaky_sting_adds_one_yellow_die():
    o = fight("warrior", "warrior:2", "b2,y3", "b2,b3", "attacker:sneaky-sting")
    assert o.winner == "attacker" and o.attacker.total == 5
    with pytest.raises(IllegalActionError, match="1 yellow"):
        fight("warrior", "warrior:2", "b2", "b2,b3", "attacker:sneaky-sting")


def test_call_for_help_adds_a_bee_that_dies_on_a_loss_and_returns_on_a_win():
    lost = fight("worker", "warrior:4", "y1,b1", "b4,b4,b4,b4", "attacker:call-for-help:warrior")
    assert lost.attacker.removed == {"warrior": 1, "worker": 1}
    won = fight("worker:4", "warrior", "y3,y3,y3,y3,y3", "b4", "attacker:call-for-help:worker")
    assert won.attacker.returned == {"worker": 1}
    assert won.winner == "attacker"


def test_ally_adds_another_players_bee_removed_on_a_loss():
    o = fight("warrior", "warrior:2", "b1", "b1,b1,y3", "defender:ally:worker")
    assert o.winner == "defender" and o.defender.returned == {"worker": 1}
    o = fight("warrior:4", "warrior:2", "b4,b4,b4,b4", "b1,b1,b1", "defender:ally")
    assert o.defender.ally_removed == {"warrior": 1} and o.defender.removed == {"warrior": 2}


def test_bee_escape_saves_one_worker_or_warrior_of_the_loser():
    o = fight("warrior:2", "queen,worker", "b1,b1", "b4,y3", "attacker:bee-escape")
    assert o.winner == "defender" and o.attacker.saved == 1
    o = fight("warrior:2", "queen", "b4,b1", "b1", "defender:bee-escape")
    assert o.defender.saved == 0            # only the queen fought: nobody to save
    with pytest.raises(IllegalActionError, match="Sequence of Battle"):    # winning: no card
        fight("warrior:2", "worker", "b4,b1", "y1", "attacker:bee-escape")


def test_stuck_in_a_web_takes_the_weakest_defenders_die_and_not_against_one_bee():
    o = fight("warrior", "warrior,worker", "b3", "b3", "before:attacker:stuck-in-a-web")
    assert o.winner == "attacker" and o.defender.removed == {"warrior": 1, "worker": 1}
    with pytest.raises(IllegalActionError, match="Sequence of Battle"):
        fight("warrior", "warrior,worker", "b3", "y1", "before:attacker:stuck-in-a-web")
    with pytest.raises(IllegalActionError) as err:
        fight("warrior", "warrior", "b3", "", "before:attacker:stuck-in-a-web")
    assert err.value.rule == "Queen Bee: Battle Cards — Stuck in a Web"


def test_dont_buzz_cancels_the_card_before_it_and_can_itself_be_cancelled():
    o = fight("warrior", "warrior", "b4", "b4", "attacker:sneaky-sting", "defender:dont-buzz")
    assert [p.card for p in o.cancelled] == ["Sneaky Sting"]
    o = fight("warrior", "warrior", "b4,y1", "b4", "attacker:sneaky-sting",
              "defender:dont-buzz", "attacker:dont-buzz")
    assert [p.card for p in o.cancelled] == ["Don't Buzz"]
    assert o.attacker.total == 5
    with pytest.raises(IllegalActionError, match="Don't Buzz"):
        fight("warrior", "warrior", "b4,y1", "b4", "attacker:sneaky-sting", "attacker:dont-buzz")
    with pytest.raises(IllegalActionError, match="Don't Buzz"):
        fight("warrior", "warrior", "b4", "b4", "defender:dont-buzz")


def test_parsing_errors_are_bad_input():
    for bad in ("dragon:2", "warrior:x", ""):
        with pytest.raises(InvalidInputError):
            B.parse_bees(bad)
    with pytest.raises(InvalidInputError):
        B.parse_dice("g4")
    with pytest.raises(InvalidInputError):
        B.parse_play("attacker:fireball", CARDS)
    with pytest.raises(InvalidInputError):
        B.parse_play("nobody:smoker", CARDS)


def test_battle_from_a_toml_table():
    battle, winner = B.battle_from_dict({
        "attacker": "warrior:2", "defender": "worker:2", "attacker_dice": ["b3", "b2"],
        "defender_dice": "y3,y2", "cards": ["before:attacker:smoker"], "winner": "attacker"}, CARDS)
    assert winner == "attacker" and B.check_battle(battle, DICE, CARDS).winner == "attacker"
    with pytest.raises(InvalidInputError):
        B.battle_from_dict({"attacker": "warrior", "oops": 1}, CARDS)


def test_sequence_of_battle_only_the_side_losing_after_the_rolls_plays_battle_cards():
    """Sequence of Battle, step 4: "The player who is losing after the rolls may play any
    cards with the battle symbol ... the other player (now losing) may also play".  With
    Strong Sting, the only card, the dice before it are known: 7 against 1 — the attacker was
    winning and could not play it."""
    with pytest.raises(IllegalActionError, match="Sequence of Battle") as err:
        fight("warrior:2", "worker", "b4,b4", "y1", "attacker:strong-sting")
    assert "7 against 1" in str(err.value) and err.value.expected == "cards by the defender"
    # the defender, losing 3 to 4, stings twice to lead 5 to 4; the attacker, now losing,
    # stings back to a tie, which is the attacker's
    o = fight("warrior", "worker:2", "b5", "y3,y2", "defender:strong-sting",
              "defender:strong-sting", "attacker:strong-sting")
    assert o.winner == "attacker" and o.tie
    with pytest.raises(IllegalActionError, match="Sequence of Battle"):   # not losing yet
        fight("warrior", "worker:2", "b5", "y3,y1", "defender:strong-sting",
              "attacker:strong-sting")


def test_cards_that_set_or_reroll_a_die_are_timed_when_the_dice_settle_it_ruling_q16():
    """Issue 38, item 12: Maximum Power, Helping Paw and Again and Again are checked against
    "the player who is losing after the rolls" over every face the changed die could have
    shown before the card: refused when the side was winning in all of them, else allowed."""
    # one black 4 was set to 4 from 1-4: the attacker had 5 to 8 against 1, winning anyway
    with pytest.raises(IllegalActionError, match="Sequence of Battle") as err:
        fight("warrior:2", "worker", "b4,b4", "y1", "attacker:maximum-power")
    assert "5 to 8 against 1" in str(err.value) and err.value.expected == "cards by the defender"
    # Helping Paw re-rolled one die, the attacker's (5 to 8) or the defender's (1 to 3): winning
    with pytest.raises(IllegalActionError, match="Sequence of Battle"):
        fight("warrior:2", "worker", "b4,b4", "y1", "attacker:helping-paw")
    # Again and Again: even both dice re-rolled from 1s, 2 against 1
    with pytest.raises(IllegalActionError, match="Sequence of Battle"):
        fight("warrior:2", "worker", "b4,b4", "y1", "attacker:again-and-again")
    # the defender, 4 to 6 against 1 before its Maximum Power, was winning too
    with pytest.raises(IllegalActionError, match="defender played Maximum Power"):
        fight("warrior", "worker:2", "b1", "y3,y3", "defender:maximum-power")
    # not settled: the die may have shown 1 or 2 (losing 1 or 2 against 3): allowed
    assert fight("warrior", "worker", "b4", "y3", "attacker:maximum-power").winner == "attacker"
    assert fight("warrior:2", "worker:2", "b4,b4", "y3,y3",
                 "attacker:again-and-again").winner == "attacker"
    assert fight("warrior", "worker", "b1", "y1", "defender:helping-paw").winner == "attacker"
    # a run: the defender (1 to 3 against 2) sets a die, then the attacker, losing 2 to 3,
    # stings to a tie
    o = fight("warrior", "worker", "b3", "y3", "defender:maximum-power", "attacker:strong-sting")
    assert o.winner == "attacker" and o.tie
    with pytest.raises(IllegalActionError, match="attacker played Strong Sting"):
        fight("warrior", "worker", "b4", "y3", "defender:maximum-power", "attacker:strong-sting")
