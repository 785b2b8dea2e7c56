"""Bee Lives rules beyond the worked examples, and the rulings (docs/rulings.md, L…)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import Assigned, Hive, new_hive, validate_hive
from hyvekit.rules.beelives import actions as A
from hyvekit.rules.beelives import endgame as E
from hyvekit.rules.beelives import phases as P
from hyvekit.rules.beelives import raids as R
from hyvekit.rules.beelives import wild as W
from hyvekit.rules.beelives.hive import gain_disease, halve_disease, hive_at_level, settle_half_space
from hyvekit.rules.common import IllegalActionError, InvalidInputError


@pytest.fixture(scope="module")
def board():
    return bl.board()


# --- board data ----------------------------------------------------------------------------

def test_packaged_board_marks_printed_values_assumed_and_rulebook_values_sourced(board):
    from hyvekit.data import packaged_toml
    raw = packaged_toml("beelives.toml")
    assert raw["rulebook"]["source"].startswith("rulebook")
    for table in (raw["comb"], raw["disease"]["A"], raw["disease"]["B"], raw["raid_dice_faces"]):
        assert table["assumed"] is True and table["reasoning"].strip()
    assert set(board.assumed) == {"comb", "disease", "raid_dice_faces"}


def test_rulebook_numbers(board):
    assert board.max_workers == 20 and board.wild_strength_max == 14
    assert [board.dice_for(n) for n in (0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20)] == \
        [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert board.chart("spring", "bloom") == (5, 5, 0)
    assert board.chart("summer", "wilt") == (3, 3, 0)
    assert board.chart("fall", "harvest") == (3, 3, 0)
    assert board.chart("fall", "wet") == (1, 1, 3)
    assert [board.season_vp(s) for s in ("spring", "summer", "fall")] == [5, 3, 1]
    assert set(board.queen_types) == {"aggressive", "prolific", "hygienic", "nomadic"}


def test_assumed_values_meet_the_examples_and_solo_cards(board):
    assert board.threshold(13) == 7                                  # Example D
    assert -7 in board.track("A").levels() and -7 in board.track("B").levels()  # Dirty Bees
    assert board.comb_max >= 20                                      # Builder
    for size in range(board.comb_min, board.comb_max + 1):
        assert board.threshold(size, nomadic=True) < board.threshold(size)   # nomadic swarms more


def test_players_own_board_file_replaces_the_values(tmp_path):
    own = tmp_path / "board.toml"
    own.write_text("""
[comb]
min_size = 10
max_size = 12
yellow = { 10 = 5, 11 = 6, 12 = 7 }
purple = { 10 = 3, 11 = 4, 12 = 5 }

[disease.A]
levels = [0, -1, -2, -3, -4]
""")
    mine = bl.board(own)
    assert mine.threshold(10) == 5 and mine.comb_max == 12
    assert mine.track("A").level(1) == -1
    assert "comb" not in mine.assumed          # the player's own values
    assert "disease" in mine.assumed           # side B still the packaged assumption
    assert mine.track("B") == bl.board().track("B")


@pytest.mark.parametrize("text, field", [
    ("[nonsense]\nx = 1\n", "board file table"),
    ("[comb]\nmin_size = 10\nmax_size = 11\nyellow = { 10 = 5 }\npurple = { 10 = 3, 11 = 4 }\n",
     "comb.yellow"),
    ("[disease.A]\nlevels = [0, -1, 0]\n", "disease.A.levels"),
])
def test_bad_board_files_name_the_key(tmp_path, text, field):
    own = tmp_path / "bad.toml"
    own.write_text(text)
    with pytest.raises(InvalidInputError) as err:
        bl.board(own)
    assert err.value.field == field


# --- setup and state -------------------------------------------------------------------------

def test_setup_comb_is_10_not_11_ruling_l1(board):
    hive = new_hive("aggressive", board)
    assert hive.comb == 10 and hive.workers == 3 and hive.side == "A" and hive.mite == 0
    assert new_hive("hygienic", board).side == "B"


def test_hive_refuses_impossible_states(board):
    with pytest.raises(InvalidInputError):
        Hive(comb=10, honey=8, pollen=3)
    with pytest.raises(InvalidInputError):
        Hive(unassigned=-1)
    with pytest.raises(InvalidInputError):
        validate_hive(Hive(unassigned=18, brood=3), board)
    with pytest.raises(InvalidInputError):
        validate_hive(Hive(comb=25), board)
    with pytest.raises(InvalidInputError):
        validate_hive(Hive(mite=99), board)


def test_repr_is_readable():
    assert repr(Assigned(defend=2)) == "Assigned(defend=2)"
    assert "honey=3" in repr(Hive(honey=3))


# --- disease track -------------------------------------------------------------------------

def test_halving_moves_the_mite_back_to_the_last_space_of_the_halved_level_ruling_l2(board):
    track = board.track("A")
    for position in range(track.last + 1):
        hive = Hive(mite=position)
        level = hive.disease(board)
        after = halve_disease(hive, board)
        assert after.disease(board) == -((-level) // 2)
        assert after.mite <= position
        # the farthest space showing that level at or behind the mite
        assert all(track.level(p) != after.disease(board)
                   for p in range(after.mite + 1, position + 1))
    assert halve_disease(hive_at_level(board, -1), board).disease(board) == 0
    assert halve_disease(Hive(mite=0), board).mite == 0


def test_side_b_half_space_shows_the_previous_normal_level_ruling_l3(board):
    b = board.track("B")
    assert [b.is_half(p) for p in range(5)] == [False, True, False, True, False]
    for s in b.spaces:
        if s.half:
            assert s.level == b.spaces[s.position - 1].level
    # Clean Bees moves one space per bee, half spaces included
    first_minus_one = min(s.position for s in b.spaces if s.level == -1 and not s.half)
    hive = Hive(side="B", queen="hygienic", unassigned=2, mite=first_minus_one)
    cleaned = A.play(hive, A.CleanBees(1), board)
    assert b.is_half(cleaned.mite) and cleaned.disease(board) == 0


def test_half_space_settles_at_cleanup_only_for_a_hygienic_queen_ruling_l4(board):
    hive = Hive(side="B", queen="hygienic", unassigned=3, mite=2)
    foraged = A.play(hive, A.Forage(1, "bloom", "spring", take=(1, 0, 0)), board)
    assert board.track("B").is_half(foraged.mite)
    assert P.cleanup_hive(foraged, board).mite == 2
    # requeening away from hygienic keeps side B but no longer settles half spaces
    other = replace(foraged, queen="prolific")
    assert P.cleanup_hive(other, board).mite == foraged.mite
    assert settle_half_space(other, board) == other


def test_cleanup_returns_bees_lays_the_mite_down_and_pauses_an_uncooled_hive_ruling_l5(board):
    hive = Hive(unassigned=1, assigned=Assigned(forage=2, defend=3), mite_standing=True,
                cooled=False)
    after = P.cleanup_hive(hive, board, overheating=True)
    assert after.unassigned == 6 and after.assigned == Assigned()
    assert not after.mite_standing and after.paused
    cooled = P.cleanup_hive(replace(hive, cooled=True), board, overheating=True)
    assert not cooled.paused and not cooled.cooled
    assert not P.cleanup_hive(hive, board, overheating=False).paused


def test_mite_stops_at_the_ends_of_the_track_ruling_l6(board):
    last = board.track("A").last
    assert gain_disease(Hive(mite=last), board, 3).hive.mite == last
    cleaned = A.play(Hive(unassigned=3, mite=1), A.CleanBees(3), board)
    assert cleaned.mite == 0


def test_standing_mite_saves_one_space_and_only_when_disease_is_gained_ruling_l10(board):
    standing = Hive(mite=4, mite_standing=True)
    nothing = gain_disease(standing, board, 0)
    assert nothing.hive.mite_standing and not nothing.saved
    two = gain_disease(standing, board, 2)
    assert two.hive.mite == 5 and two.saved and not two.hive.mite_standing
    # cleaning twice does not stack the benefit
    twice = A.play(A.play(Hive(unassigned=4, mite=6), A.CleanBees(1), board), A.CleanBees(1),
                   board)
    assert gain_disease(twice, board, 2).hive.mite == twice.mite + 1


# --- phases ------------------------------------------------------------------------------------

def test_no_empty_cell_takes_a_swarm_token_and_the_hive_swarms(board):
    full = Hive(unassigned=3, comb=10, honey=10)
    egg = P.egg_phase(full, board)
    assert egg.swarm_token and egg.brood == 0
    swarm = P.swarm_phase(egg.hive, board, season="spring")
    assert swarm.swarmed and swarm.reason == "token" and not swarm.hive.swarm_token
    assert swarm.vp == 5 and swarm.wild_strength == 1


def test_brood_is_limited_by_the_bees_in_the_supply_ruling_l11(board):
    hive = Hive(unassigned=18, comb=20, honey=5)
    egg = P.egg_phase(hive, board)
    assert egg.brood == 2 and egg.hive.workers + egg.hive.brood == 20


def test_feeding_tokens_only_for_the_last_three_bees(board):
    hive = Hive(unassigned=4, honey=0)
    assert P.starvation_tokens_allowed(4, 4) == 3
    with pytest.raises(IllegalActionError) as err:
        P.feeding_phase(hive, board, tokens=4)
    assert err.value.rule == "Bee Lives: Feeding Phase"
    kept = P.feeding_phase(hive, board, tokens=3)
    assert kept.hive.workers == 3 and kept.hive.starvation == 3 and kept.starved == 1
    lost = P.feeding_phase(hive, board)
    assert lost.hive.workers == 0 and lost.hive.starvation == 0


def test_feeding_skip_token_and_culling_of_the_drones(board):
    skip = P.feeding_phase(Hive(unassigned=7, honey=0, skip_feeding=True), board)
    assert skip.skipped and skip.hive.workers == 7 and not skip.hive.skip_feeding
    culled = P.feeding_phase(Hive(unassigned=7, honey=3), board, bees_per_honey=3)
    assert culled.honey_spent == 3 and culled.starved == 0
    normal = P.feeding_phase(Hive(unassigned=8, honey=9), board)
    assert normal.honey_spent == 4 and normal.hive.honey == 5


def test_paused_queen_hatches_nothing_and_turns_back(board):
    hive = Hive(unassigned=3, brood=4, pollen=4, paused=True)
    result = P.brood_phase(hive, board)
    assert result.hatched == 0 and result.discarded == 4 and result.hive.pollen == 4
    assert not result.hive.paused and result.hive.brood == 0 and result.paused


def test_prolific_bonus_counts_brood_hatched_before_disease_ruling_l12(board):
    hive = hive_at_level(board, -2, unassigned=3, brood=5, pollen=5, queen="prolific")
    result = P.brood_phase(hive, board)
    assert result.hatched == 5 and result.lost_to_disease == 2 and result.prolific_bonus == 2
    assert result.hive.workers == 3 + 5 - 2 + 2
    # An Early Start: two brood per pollen
    early = P.brood_phase(Hive(unassigned=3, brood=5, pollen=2, queen="nomadic"), board,
                          brood_per_pollen=2)
    assert early.hatched == 4 and early.pollen_spent == 2 and early.discarded == 1


def test_nomadic_queen_uses_the_purple_threshold(board):
    hive = Hive(unassigned=board.threshold(10, nomadic=True) + 1, queen="nomadic")
    assert P.swarm_phase(hive, board, season="summer").swarmed
    assert not P.swarm_phase(replace(hive, queen="prolific"), board, season="summer").swarmed


def test_swarm_without_a_spawned_wild_hive_must_stay_and_scores_nothing(board):
    hive = Hive(unassigned=9, honey=4)
    result = P.swarm_phase(hive, board, season="spring", spawned=False)
    assert result.swarmed and result.vp == 0 and result.wild_strength is None
    assert result.hive.workers == 5 and result.hive.paused
    with pytest.raises(IllegalActionError) as err:
        P.swarm_phase(hive, board, season="spring", spawned=False, choice="leave")
    assert err.value.rule == "Bee Lives: Swarm Phase"


def test_swarm_losing_no_bee_spawns_nothing_ruling_l13(board):
    hive = Hive(unassigned=1, honey=10, swarm_token=True)
    result = P.swarm_phase(hive, board, season="spring")
    assert result.swarmed and result.bees_lost == 0 and result.wild_strength is None
    assert result.vp == 0


def test_leaving_comb_is_capped_at_the_maximum_ruling_l14(board):
    hive = Hive(unassigned=12, comb=24, honey=24)
    hive = replace(hive, unassigned=board.threshold(24) + 1)
    result = P.swarm_phase(hive, board, season="fall", choice="leave")
    assert result.hive.comb == 10 + 6       # 12 honey discarded
    big = replace(bl.board(), comb_max=12)
    assert P.swarm_phase(hive, big, season="fall", choice="leave").hive.comb == 12


def test_wild_hives_spawned_in_later_years_have_fixed_strength(board):
    hive = Hive(unassigned=9)
    assert P.swarm_phase(hive, board, season="summer", year=2).wild_strength == 4
    assert P.swarm_phase(hive, board, season="summer", year=3).wild_strength == 5


def test_leaving_keeps_the_queen(board):
    with pytest.raises(IllegalActionError):
        P.swarm_phase(Hive(unassigned=9), board, season="fall", choice="leave",
                      new_queen="nomadic")


# --- actions ---------------------------------------------------------------------------------

def test_forage_limits(board):
    hive = Hive(unassigned=2, comb=10, honey=8)
    with pytest.raises(IllegalActionError) as err:
        A.check(hive, A.Forage(3, "bloom", "spring"), board)
    assert "needs 3" in str(err.value) and err.value.rule == "Bee Lives: Forage"
    with pytest.raises(IllegalActionError) as err:
        A.check(hive, A.Forage(1, "bloom", "summer", take=(2, 0, 0)), board)
    assert "gives 1 honey" in str(err.value)
    with pytest.raises(IllegalActionError):     # comb space, ruling L8
        A.check(hive, A.Forage(1, "bloom", "spring", take=(2, 1, 0)), board)
    with pytest.raises(IllegalActionError):
        A.check(Hive(unassigned=5), A.Forage(4, "bloom", "spring"), board)
    own_tile = A.Forage(0, "wet", "fall")        # ruling L7
    assert own_tile.bees == 1
    after = A.play(Hive(unassigned=1), own_tile, board)
    assert (after.honey, after.pollen, after.water) == (1, 1, 3)


def test_forage_season_card_modifiers_never_below_zero_ruling_l9(board):
    dearth = A.Forage(1, "bloom", "summer", modifiers=((-2, -1, 0),))
    assert A.forage_offer(board, dearth) == (0, 0, 0)
    flow = A.Forage(1, "bloom", "spring", modifiers=((1, 0, 0), (0, 1, 0)))
    assert A.forage_offer(board, flow) == (6, 6, 0)


def test_build_wax_early_start_and_limits(board):
    early = A.play(Hive(unassigned=3, honey=2), A.BuildWax(2, honey_per_bee=1), board)
    assert early.comb == 12 and early.honey == 0
    with pytest.raises(IllegalActionError) as err:
        A.check(Hive(unassigned=3, honey=3), A.BuildWax(2), board)
    assert err.value.rule == "Bee Lives: Build Wax"
    with pytest.raises(IllegalActionError):
        A.check(Hive(unassigned=3, comb=24, honey=10), A.BuildWax(1), board)


def test_cool_hive_counts_every_active_worker_and_humid_days(board):
    hive = Hive(unassigned=5, assigned=Assigned(forage=6), water=4)
    assert A.cool_bees(hive.workers) == 3
    humid = A.CoolHive(water_per_bee=2)
    with pytest.raises(IllegalActionError) as err:
        A.check(hive, humid, board)
    assert "need 6 water" in str(err.value)
    assert A.play(replace(hive, water=6), humid, board).water == 0


def test_requeen_needs_a_different_type(board):
    with pytest.raises(IllegalActionError) as err:
        A.check(Hive(queen="nomadic"), A.Requeen("nomadic"), board)
    assert err.value.rule == "Bee Lives: Requeen"


def test_defend_assigns_bees(board):
    after = A.play(Hive(unassigned=4), A.Defend(3), board)
    assert after.assigned.defend == 3 and after.unassigned == 1
    with pytest.raises(IllegalActionError):
        A.check(Hive(unassigned=1), A.Defend(2), board)


# --- raids -----------------------------------------------------------------------------------

def test_successful_raid_steals_scores_and_gains_a_third_of_the_target_disease(board):
    attacker = Hive(unassigned=6)
    defender = hive_at_level(board, -4, unassigned=2, honey=8)
    result = R.raid_player_hive(attacker, defender, R.PlayerRaid(bees=6, rolls=((4, 3),)), board)
    assert result.stolen == 6 and result.success
    assert result.attacker.vp == 2 and result.defender.vp == 0
    assert result.disease == 2        # ceil(4 / 3)
    assert result.defender.honey == 2 and result.attacker.honey == 6


def test_hygienic_raider_moves_at_most_one_space(board):
    attacker = Hive(unassigned=6, side="B", queen="hygienic")
    defender = hive_at_level(board, -7, unassigned=2, honey=8)
    result = R.raid_player_hive(attacker, defender, R.PlayerRaid(bees=6, rolls=((4, 3),)), board)
    assert result.disease == 1


def test_success_needs_half_the_initial_party_ruling_l27(board):
    defender = Hive(unassigned=0, honey=2)
    five = R.raid_player_hive(Hive(unassigned=5), defender,
                              R.PlayerRaid(bees=5, rolls=((4, 4),)), board)
    assert five.stolen == 2 and not five.success and five.defender.vp == 2
    four = R.raid_player_hive(Hive(unassigned=4), defender, R.PlayerRaid(bees=4, rolls=((4,),)),
                              board)
    assert four.stolen == 2 and four.success


def test_reroll_sacrifices_a_bee_first_and_rolls_the_smaller_pool_ruling_l16(board):
    raid = R.PlayerRaid(bees=5, rolls=((1, 1), (4,)))
    result = R.raid_player_hive(Hive(unassigned=5), Hive(unassigned=0, honey=9), raid, board)
    assert result.strength.party == 4 and result.stolen == 4 and result.attacker_lost == 1
    with pytest.raises(IllegalActionError) as err:
        R.check_rolls(board, 5, ((1, 1), (4, 4)))
    assert "4 bees rolls 1 raid die" in str(err.value)
    with pytest.raises(IllegalActionError):
        R.check_rolls(board, 1, ((1,), (1,)))
    with pytest.raises(IllegalActionError):
        R.check_rolls(board, 9, ((1, 1, 1), (1, 1), (1, 1), (1, 1), (1, 1)))
    with pytest.raises(InvalidInputError):
        R.check_rolls(board, 2, ((5,),))


def test_sacrificed_defender_counts_twice_ruling_l17(board):
    defender = Hive(unassigned=0, assigned=Assigned(defend=2), honey=9)
    plain = R.raid_player_hive(Hive(unassigned=8), defender,
                               R.PlayerRaid(bees=8, rolls=((4, 4),)), board)
    assert plain.stolen == 8 - 2
    sac = R.raid_player_hive(Hive(unassigned=8), defender,
                             R.PlayerRaid(bees=8, rolls=((4, 4),), sacrifice_defending=1), board)
    assert sac.strength.party_final == 7
    assert sac.stolen == 7 - 2 - 1 and sac.defender.assigned.defend == 1


def test_aggressive_queens_add_one_per_two_bees_involved_ruling_l18(board):
    defender = Hive(unassigned=3, assigned=Assigned(defend=2), honey=9)
    aggressive = Hive(unassigned=6, queen="aggressive")
    result = R.raid_player_hive(aggressive, defender, R.PlayerRaid(bees=6, rolls=((4, 4),)), board)
    assert result.strength.attacker_bonus == 3 and result.stolen == 6 + 3 - 2
    guarded = replace(defender, queen="aggressive")
    result = R.raid_player_hive(Hive(unassigned=6), guarded,
                                R.PlayerRaid(bees=6, rolls=((4, 4),), sacrifice_unassigned=2),
                                board)
    # defenders 2 + sacrifices 2 + (2 defenders + 2 sacrificed unassigned) // 2 = 6
    assert result.strength.reduction == 6 and result.stolen == 0


def test_stolen_honey_is_capped_by_the_attackers_empty_cells_ruling_l19(board):
    attacker = Hive(unassigned=6, comb=10, pollen=8)
    result = R.raid_player_hive(attacker, Hive(unassigned=0, honey=9),
                                R.PlayerRaid(bees=6, rolls=((4, 4),)), board)
    assert result.stolen == 2


def test_raid_refusals_name_the_rule(board):
    with pytest.raises(IllegalActionError) as err:
        R.raid_player_hive(Hive(unassigned=3), Hive(honey=0), R.PlayerRaid(3, ((2,),)), board)
    assert err.value.rule == "Bee Lives: Raid" and "no honey" in str(err.value)
    with pytest.raises(IllegalActionError):
        R.raid_player_hive(Hive(unassigned=3), Hive(honey=2),
                           R.PlayerRaid(3, ((2,),), already_raided=True), board)
    with pytest.raises(IllegalActionError):
        R.raid_player_hive(Hive(unassigned=3), Hive(honey=2), R.PlayerRaid(3, ((2,),), distance=4),
                           board)
    with pytest.raises(IllegalActionError):
        R.raid_player_hive(Hive(unassigned=3), Hive(unassigned=1, honey=2),
                           R.PlayerRaid(3, ((2,),), sacrifice_unassigned=2), board)
    with pytest.raises(IllegalActionError):
        R.raid_player_hive(Hive(unassigned=6), Hive(unassigned=2, honey=2),
                           R.PlayerRaid(5, ((2, 3),), sacrifice_unassigned=1, removed=(4,)),
                           board)


def test_defender_cannot_sacrifice_more_bees_than_the_raid_party_has_ruling_l120(board):
    # 3 raiders, one reroll → 2 left: each sacrifice discards a raider, so at most 2
    raid = R.PlayerRaid(3, ((1,), (2,)), sacrifice_unassigned=3)
    with pytest.raises(IllegalActionError) as err:
        R.raid_player_hive(Hive(unassigned=3), Hive(unassigned=4, honey=5), raid, board)
    assert err.value.rule == "Bee Lives: Raiding a Player Hive" and "at most 2" in str(err.value)
    ok = R.raid_player_hive(Hive(unassigned=3), Hive(unassigned=4, honey=5),
                            R.PlayerRaid(3, ((1,), (2,)), sacrifice_unassigned=2), board)
    assert ok.stolen == 0 and ok.defender.unassigned == 2 and ok.attacker_lost == 3


def test_wild_raid_take_less_and_no_disease_without_honey(board):
    result = R.raid_wild_hive(Hive(unassigned=4), 6, R.WildRaid(bees=4, rolls=((2,),), take=0),
                              board)
    assert result.wild_strength == 4 and result.taken == 0 and result.disease == 0
    assert not result.removed and result.vp == 0
    with pytest.raises(IllegalActionError):
        R.raid_wild_hive(Hive(unassigned=4), 6, R.WildRaid(bees=4, rolls=((2,),), take=3), board)
    with pytest.raises(IllegalActionError):
        R.raid_wild_hive(Hive(unassigned=4), 6, R.WildRaid(bees=4, rolls=((2,),), sacrifices=5),
                         board)


# --- wild hives ------------------------------------------------------------------------------

def test_wild_hive_at_14_swarms_to_7_and_7(board):
    decision = W.wild_turn(W.WildSituation("summer", 14), board)
    assert decision.action == "swarm" and decision.strength == 7 and decision.spawn_strength == 7
    assert W.swarm_wild(14, board) == (7, 7)
    no_room = W.wild_turn(W.WildSituation("summer", 14, can_spawn=False,
                                          tiles=(("wilt", 2),)), board)
    assert no_room.action == "forage" and no_room.strength == 14     # never above 14


def test_summer_raid_line_compares_strengths(board):
    near = W.Target("player", 1, strength=6)
    assert W.wild_turn(W.WildSituation("summer", 4, target=near), board).action == "raid"
    strong = W.Target("player", 1, strength=7)
    decision = W.wild_turn(W.WildSituation("summer", 4, target=strong, tiles=(("bloom", 2),)),
                           board)
    assert decision.action == "forage" and decision.tile == "bloom" and decision.step == 5
    assert W.player_strength(Hive(unassigned=3, assigned=Assigned(defend=2, forage=4))) == 5


def test_overheating_sends_a_wild_hive_to_wet_tiles_without_strength(board):
    decision = W.wild_turn(W.WildSituation("fall", 5, overheating=True,
                                           tiles=(("wet", 3), ("harvest", 1))), board)
    assert decision.step == 2 and decision.tile == "wet" and decision.strength == 5
    calm = W.wild_turn(W.WildSituation("fall", 5, tiles=(("wet", 3), ("harvest", 1)),
                                       foraged_this_month=True), board)
    assert calm.tile == "harvest" and calm.strength == 5


def test_spring_chart_scouts_before_wilt_and_dormancy(board):
    assert W.wild_turn(W.WildSituation("spring", 3, tiles=(("wilt", 1),)), board).action == "scout"
    assert W.wild_turn(W.WildSituation("spring", 3, tiles=(("wilt", 1),), can_scout=False),
                       board).tile == "wilt"
    assert W.wild_turn(W.WildSituation("summer", 3, dormant=True), board).action == "dormant"


def test_no_neutral_token_left_skips_forage_and_raid_ruling_l22(board):
    s = W.WildSituation("summer", 5, tiles=(("wilt", 1),), target=W.Target("wild", 1, 3),
                        tokens_left=0)
    assert W.wild_turn(s, board).action == "nothing"


def test_wild_raid_sacrifices_and_removal_ruling_l21(board):
    susan = Hive(unassigned=3, assigned=Assigned(defend=2), honey=5)
    # each remaining defender blocks one honey
    plain = W.wild_raids_player(6, susan, 5, board)
    assert plain.stolen == 3 and plain.wild_strength == 7
    # sacrificing a defender "further" prevents it: -2 strength, and it still blocks its
    # honey as a defender (the same reading as a player raid's, L17)
    sac = W.wild_raids_player(6, susan, 5, board, sacrifice_defending=1)
    assert sac.stolen == min(5, 4) - 2 and sac.wild_strength == 4 + 1
    gone = W.wild_raids_player(3, susan, 5, board, sacrifice_defending=1, sacrifice_unassigned=1)
    assert gone.removed and gone.vp == 2 and gone.defender.vp == 2 and gone.stolen == 0
    assert gone.defender.workers == 3


def test_wild_raid_failing_to_steal_scores_no_vp_ruling_l26(board):
    result = W.wild_raids_player(2, Hive(unassigned=0, assigned=Assigned(defend=3), honey=4), 6,
                                 board)
    assert result.stolen == 0 and result.vp == 0 and result.wild_strength == 2


def test_wild_vs_wild_loser_removed_at_zero(board):
    battle = W.wild_vs_wild(5, 1, 6, 6, board)
    assert battle.winner == "attacker" and battle.defender_strength == 0
    assert W.wild_vs_wild(14, 3, 1, 1, board).attacker_strength == 14


def test_activation_order_ties_by_the_first_players_choice_ruling_l23():
    assert W.activation_order({"A": 2, "B": 2, "C": 1}, ["B"]) == ("C", "B", "A")
    assert W.activation_order({"A": 2, "B": 2}) == ("A", "B")
    with pytest.raises(InvalidInputError):
        W.activation_order({"A": 1}, ["Z"])


# --- winter and scoring ----------------------------------------------------------------------

def test_winter_honey_keeps_3h_plus_2_bees_ruling_l24(board):
    month = E.winter_month(7, 1, 0, board)
    assert month.honey_spent == 1 and month.starved == 2 and month.bees_after == 5
    fine = E.winter_month(2, 0, 0, board)
    assert fine.starved == 0 and fine.bees_after == 2


def test_winter_starvation_tokens_for_the_last_three(board):
    # 5 bees, no honey: 2 are kept (5 // 3 = 1 honey needed), bees 5, 4, 3 starve and only
    # bee 3 is among the last three
    month = E.winter_month(5, 0, 0, board, starvation="take")
    assert month.starved == 2 and month.tokens == 1 and month.bees_after == 3
    none = E.winter_month(5, 0, 0, board)
    assert none.starved == 3 and none.bees_after == 2


def test_full_tie_is_shared_and_nobody_eligible_means_no_winner_ruling_l25(board):
    a, b = E.PlayerEnd("A", 10, bees=2, comb=12), E.PlayerEnd("B", 10, bees=2, comb=12)
    result = E.score([a, b], board)
    assert result.winners == ("A", "B") and result.tiebreak == "shared"
    assert E.score([replace(a, bees=0)], board).winners == ()
    bees = E.score([a, replace(b, bees=3, vp=9)], board)
    assert bees.winners == ("B",) and bees.tiebreak == "bees"
    comb = E.score([a, replace(b, comb=13)], board)
    assert comb.winners == ("B",) and comb.tiebreak == "comb"


def test_claims_are_checked(board):
    result = E.score([E.PlayerEnd("Bob", 37, honey=9, starvation=1),
                      E.PlayerEnd("Susan", 32, honey=3, bees=4, pollen=2)], board)
    E.check_claims(result, winner="Susan", totals={"Bob": 44})
    with pytest.raises(IllegalActionError) as err:
        E.check_claims(result, winner="Bob")
    assert err.value.rule == "Bee Lives: End of the Game" and "no surviving" in str(err.value)
    with pytest.raises(IllegalActionError):
        E.check_claims(result, totals={"Susan": 40})


def test_solo_score_chart(board):
    assert [E.solo_rating(v, board) for v in (-3, 19, 20, 30, 31, 50, 51)] == [
        "Beeginner", "Beeginner", "Newbee", "Newbee", "Seasoned Forager", "Seasoned Forager",
        "Queen Bee"]


def test_parse_player():
    p = E.parse_player("Bob:vp=37,honey=9,bees=0,starvation=1,pollen=0,comb=12")
    assert p == E.PlayerEnd("Bob", 37, honey=9, bees=0, starvation=1, pollen=0, comb=12)
    for bad in ("Bob", "Bob:vp=x", "Bob:gold=3,vp=1", "Bob:honey=3"):
        with pytest.raises(InvalidInputError):
            E.parse_player(bad)
