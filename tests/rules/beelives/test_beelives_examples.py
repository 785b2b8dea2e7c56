"""Bee Lives: the rulebook's worked examples A–R, one test each (rules/bee-lives.txt).

Example G (Scout) needs the map and is left to the map increment.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import Assigned, Hive
from hyvekit.rules.beelives import actions as A
from hyvekit.rules.beelives import endgame as E
from hyvekit.rules.beelives import phases as P
from hyvekit.rules.beelives import raids as R
from hyvekit.rules.beelives import wild as W
from hyvekit.rules.beelives.hive import hive_at_level


@pytest.fixture(scope="module")
def board():
    return bl.board()


def test_example_a_egg_phase_counts_empty_cells(board):
    """Susan: 15 cells, 3 pollen, 7 honey, 1 water → 4 empty cells → 4 brood."""
    susan = Hive(unassigned=5, comb=15, pollen=3, honey=7, water=1)
    result = P.egg_phase(susan, board)
    assert result.brood == 4 and result.hive.brood == 4
    assert not result.swarm_token


def test_example_b_feeding_phase_starves_the_unfed_bee(board):
    """Jeremy: 7 bees, 3 honey → all 3 honey spent, 1 bee starves."""
    jeremy = Hive(unassigned=7, honey=3)
    result = P.feeding_phase(jeremy, board)
    assert result.honey_spent == 3 and result.starved == 1
    assert result.hive.workers == 6 and result.hive.honey == 0
    assert result.hive.starvation == 0


def test_example_c_brood_phase_loses_newly_hatched_to_disease(board):
    """Lauren: 4 pollen, 3 brood, disease -1 → 3 pollen spent, 1 lost, 2 join the workers."""
    lauren = hive_at_level(board, -1, unassigned=4, brood=3, pollen=4, queen="nomadic")
    assert lauren.disease(board) == -1
    result = P.brood_phase(lauren, board)
    assert result.pollen_spent == 3 and result.hatched == 3
    assert result.lost_to_disease == 1
    assert result.hive.workers == 4 + 2 and result.hive.pollen == 1 and result.hive.brood == 0


def test_example_d_swarm_stay_halves_bees_honey_and_disease(board):
    """Bob: comb 13 → threshold 7; 9 bees swarm; loses 4 bees and 2 honey (so 4 or 5 honey);
    stays: new queen, disease -3 → -1, summer → 3 VP; the wild hive has strength 4."""
    bob = hive_at_level(board, -3, unassigned=9, comb=13, honey=4, queen="prolific")
    assert board.threshold(13) == 7
    result = P.swarm_phase(bob, board, season="summer", spawned=True, choice="stay",
                           new_queen="aggressive")
    assert result.swarmed and result.reason == "threshold" and result.threshold == 7
    assert result.bees_lost == 4 and result.honey_lost == 2
    assert result.wild_strength == 4
    h = result.hive
    assert h.workers == 5 and h.honey == 2
    assert h.queen == "aggressive" and h.paused
    assert h.disease(board) == -1
    assert result.vp == 3 and h.vp == 3


def test_example_e_wild_hives_activate_closest_to_the_first_player_first():
    """Susan is first player; ACORN is closest to her hive, then DANDELION."""
    assert W.activation_order({"DANDELION": 3, "ACORN": 1}) == ("ACORN", "DANDELION")


def test_example_f_forage_fewer_than_the_tile_gives_and_gain_one_disease(board):
    """Susan forages a fall harvest tile 2 spaces away: 2 bees, takes 3 honey and 1 pollen of
    the 3 + 3, mite one space forward."""
    susan = Hive(unassigned=4)
    action = A.Forage(distance=2, tile="harvest", season="fall", take=(3, 1, 0))
    assert action.bees == 2
    after = A.play(susan, action, board)
    assert (after.honey, after.pollen, after.water) == (3, 1, 0)
    assert after.assigned.forage == 2 and after.unassigned == 2
    assert after.mite == susan.mite + 1


def test_example_h_raid_knocked_down_a_bracket_ends_at_strength_zero(board):
    """Bob raids Lauren (5 honey, 1 defender) with 5 bees, rolls 1 and 2 (strength 3); Lauren
    sacrifices an unassigned bee, Bob drops to 4 bees and 1 die, removes the 1 (strength 2);
    -1 defender -1 sacrifice = 0.  Lauren keeps her honey and scores 2 VP."""
    bob = Hive(unassigned=6, comb=12)
    lauren = Hive(unassigned=2, assigned=Assigned(defend=1), honey=5)
    raid = R.PlayerRaid(bees=5, rolls=((1, 2),), sacrifice_unassigned=1, removed=(1,))
    result = R.raid_player_hive(bob, lauren, raid, board)
    s = result.strength
    assert min(sum((1, 2)), 5) == 3                     # the initial strength
    assert s.party_final == 4 and s.dice == (2,) and s.removed == (1,) and s.base == 2
    assert s.strength == 0 and result.stolen == 0
    assert not result.success
    assert result.defender.vp == 2 and result.attacker.vp == 0
    assert result.defender.honey == 5 and result.defender.unassigned == 1
    assert result.attacker.assigned.raid == 4 and result.attacker_lost == 1
    assert result.attacker.mite == bob.mite     # stole nothing: no disease


def test_example_i_raid_wild_hive_with_a_sacrifice_removes_it(board):
    """Susan raids ACORN (strength 4) with 4 bees, rolls 3 → 1, sacrifices 1 → 0: removed,
    2 VP, 4 honey from the supply, one disease."""
    susan = Hive(unassigned=5)
    result = R.raid_wild_hive(susan, 4, R.WildRaid(bees=4, rolls=((3,),), sacrifices=1), board)
    assert result.strength == 3
    assert result.wild_strength == 0 and result.removed
    assert result.reduced == 4 and result.taken == 4
    assert result.vp == 2 and result.attacker.vp == 2
    assert result.attacker.honey == 4 and result.disease == 1
    assert result.attacker.mite == 1 and result.attacker.assigned.raid == 3


def test_example_j_build_wax_two_bees_four_honey_two_cells(board):
    """Lauren: comb 12, 2 bees build wax, 4 honey spent → comb 14."""
    lauren = Hive(unassigned=3, comb=12, honey=5)
    after = A.play(lauren, A.BuildWax(2), board)
    assert after.comb == 14 and after.honey == 1 and after.assigned.build_wax == 2


def test_example_k_clean_bees_three_spaces_take_minus_3_to_minus_2(board):
    """Bob: 3 bees clean, mite 3 spaces back, level -3 → -2, mite stands; his next forage
    gains no disease.  Holds from every -3 space of the (assumed) side A."""
    track = board.track("A")
    minus_three = [s.position for s in track.spaces if s.level == -3]
    assert minus_three
    for position in minus_three:
        bob = Hive(unassigned=5, mite=position)
        after = A.play(bob, A.CleanBees(3), board)
        assert after.mite == position - 3
        assert after.disease(board) == -2 and after.mite_standing
        foraged = A.play(after, A.Forage(1, "bloom", "fall", take=(1, 0, 0)), board)
        assert foraged.mite == after.mite and not foraged.mite_standing


def test_example_l_cool_hive_seven_workers_two_bees_two_water(board):
    """Susan: 7 workers → 2 bees and 2 water to cool the hive."""
    susan = Hive(unassigned=7, water=3)
    after = A.play(susan, A.CoolHive(), board)
    assert after.assigned.cool_hive == 2 and after.water == 1 and after.cooled


def test_example_m_requeen_prolific_to_aggressive_pauses_the_queen(board):
    jeremy = Hive(unassigned=3, queen="prolific")
    after = A.play(jeremy, A.Requeen("aggressive"), board)
    assert after.queen == "aggressive" and after.paused and after.assigned.requeen == 1


def test_example_n_fall_chart_weak_hive_forages_the_adjacent_harvest_tile(board):
    """MUSHROOM, fall, strength 3, no overheating, unforaged harvest tile next to it: the
    third line; first forage this month → strength 4."""
    situation = W.WildSituation(season="fall", strength=3, tiles=(("harvest", 1),))
    decision = W.wild_turn(situation, board)
    assert decision.step == 3 and decision.action == "forage" and decision.tile == "harvest"
    assert decision.strength == 4


def test_example_o_wild_hive_steals_the_only_honey_and_grows(board):
    """ACORN (5) raids Susan (1 honey, 0 defenders, 3 unassigned), D6 = 3, no sacrifice:
    1 honey stolen, ACORN → 6."""
    susan = Hive(unassigned=3, honey=1)
    result = W.wild_raids_player(5, susan, 3, board)
    assert result.stolen == 1 and result.defender.honey == 0
    assert result.wild_strength == 6 and not result.removed and result.vp == 0
    assert result.defender.workers == 3


def test_example_p_wild_vs_wild_tie_goes_to_the_defender(board):
    """APPLE (3) rolls 5 against SPIDER (4) rolling 4 + 1: tie, SPIDER wins → 5, APPLE → 2."""
    battle = W.wild_vs_wild(3, 4, 5, 4, board)
    assert (battle.attacker_total, battle.defender_total) == (5, 5)
    assert battle.winner == "defender"
    assert (battle.attacker_strength, battle.defender_strength) == (2, 5)


def test_example_q_winter_at_minus_2_kills_all_six_bees(board):
    """Bob: level -2, 12 honey, 6 bees: spends 2, 1, 0 honey; loses 2 bees a month → 9 honey,
    0 bees."""
    result = E.winter(6, 12, -2, board)
    assert [m.honey_spent for m in result.months] == [2, 1, 0]
    assert [m.disease_lost for m in result.months] == [2, 2, 2]
    assert [m.bees_after for m in result.months] == [4, 2, 0]
    assert (result.honey, result.bees) == (9, 0)


def test_example_r_scoring_ineligible_leader_and_pollen_tie_break(board):
    players = [E.PlayerEnd("Bob", 37, honey=9, bees=0, starvation=1),
               E.PlayerEnd("Susan", 32, honey=3, bees=4, pollen=2),
               E.PlayerEnd("Jeremy", 25, honey=12, bees=2, pollen=0),
               E.PlayerEnd("Lauren", 25, honey=2, bees=5, starvation=2)]
    result = E.score(players, board)
    totals = {line.player.name: line.total for line in result.lines}
    assert totals == {"Bob": 44, "Susan": 39, "Jeremy": 39, "Lauren": 28}
    assert result.ineligible == ("Bob",)
    assert result.winners == ("Susan",) and result.tiebreak == "pollen"


def test_example_d_leave_variant_resets_comb_with_the_honey_rule(board):
    """The same swarm, leaving instead: skip feeding, no resources, disease 0, comb 10 +
    ceil(honey discarded / 2)."""
    bob = hive_at_level(board, -3, unassigned=9, comb=13, honey=4, pollen=2, water=1)
    result = P.swarm_phase(bob, board, season="summer", spawned=True, choice="leave")
    h = result.hive
    assert (h.honey, h.pollen, h.water) == (0, 0, 0)
    assert h.comb == 10 + 1          # 2 honey discarded after losing half → +1
    assert h.mite == 0 and h.disease(board) == 0
    assert h.skip_feeding and h.paused and h.queen == bob.queen
    assert result.vp == 3


@pytest.mark.parametrize("honey, comb", [(0, 10), (1, 11), (2, 11), (3, 12), (10, 15)])
def test_leaving_comb_size_rounds_the_discarded_honey_up(board, honey, comb):
    hive = replace(Hive(unassigned=3, comb=24), swarm_token=True, honey=honey * 2)
    # honey * 2 before the swarm: half is lost, ``honey`` is discarded on leaving
    result = P.swarm_phase(hive, board, season="fall", choice="leave")
    assert result.hive.comb == comb
