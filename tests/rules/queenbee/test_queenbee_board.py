"""Queen Bee board rules that need no board drawing."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import board as Bd


def test_four_bees_per_space_except_by_card_effects_in_battle():
    Bd.check_space_limit(4)
    with pytest.raises(IllegalActionError, match="Game Board"):
        Bd.check_space_limit(5)
    Bd.check_space_limit(6, in_battle_by_card=True)


@pytest.mark.parametrize("space", ["tunnel", "hive-tunnel"])
def test_warriors_barred_from_tunnels_workers_and_queen_allowed(space):
    with pytest.raises(IllegalActionError, match="tunnel"):
        Bd.check_may_enter("warrior", space)
    Bd.check_may_enter("worker", space)
    Bd.check_may_enter("queen", space)
    with pytest.raises(IllegalActionError, match="attack"):
        Bd.check_may_attack("warrior", space)
    Bd.check_may_attack("worker", space)
    Bd.check_may_attack("queen", space)


def test_own_nest_only_for_the_queen_but_opponents_may_enter():
    for bee in ("warrior", "worker"):
        with pytest.raises(IllegalActionError, match="own nest"):
            Bd.check_may_enter(bee, "nest", own_hive=True)
        Bd.check_may_enter(bee, "nest", own_hive=False)
    Bd.check_may_enter("queen", "nest")


def test_reinforcement_only_with_the_queen_in_the_nest_never_left():
    ok = Bd.Reinforcement(queen_in_nest=True, queen_left_nest=False, bees_owned=10,
                          free_larva_spaces=3, added=3)
    Bd.check_reinforcement(ok)
    for bad in (Bd.Reinforcement(False, True, 10, 3, 1), Bd.Reinforcement(True, True, 10, 3, 1)):
        with pytest.raises(IllegalActionError, match="Reinforcement"):
            Bd.check_reinforcement(bad)


def test_reinforcement_one_bee_per_free_larva_space_plus_bee_larvae():
    with pytest.raises(IllegalActionError, match="at most 2"):
        Bd.check_reinforcement(Bd.Reinforcement(True, False, 5, 2, 3))
    Bd.check_reinforcement(Bd.Reinforcement(True, False, 5, 2, 4, bee_larvae=1))
    with pytest.raises(IllegalActionError, match="Bee Larvae"):
        Bd.check_reinforcement(Bd.Reinforcement(True, False, 5, 2, 5, bee_larvae=1))


def test_never_more_than_15_bees():
    Bd.check_reinforcement(Bd.Reinforcement(True, False, 12, 3, 3))
    with pytest.raises(IllegalActionError, match="15"):
        Bd.check_reinforcement(Bd.Reinforcement(True, False, 13, 3, 3))


def test_hand_limit_five():
    assert Bd.cards_to_discard(5) == 0 and Bd.cards_to_discard(8) == 3
    Bd.check_hand_at_end_of_turn(5)
    with pytest.raises(IllegalActionError, match="Discard"):
        Bd.check_hand_at_end_of_turn(6)


def test_first_turn_restriction_for_5_and_6_players():
    assert Bd.neighbours(1, 5) == (5, 2)
    with pytest.raises(IllegalActionError, match="5-6 Players"):
        Bd.check_first_turn(5, 1, first_turn=True, attacks=5)
    with pytest.raises(IllegalActionError, match="5-6 Players"):
        Bd.check_first_turn(6, 3, first_turn=True, attacks=4)
    Bd.check_first_turn(6, 3, first_turn=True, attacks=5)        # not a neighbour
    Bd.check_first_turn(6, 3, first_turn=False, attacks=4)       # second turn
    Bd.check_first_turn(4, 1, first_turn=True, attacks=2)        # 4 players: no restriction
    with pytest.raises(IllegalActionError, match="Bad Pollen"):
        Bd.check_first_turn(5, 2, first_turn=True, plays_bad_pollen=True)
