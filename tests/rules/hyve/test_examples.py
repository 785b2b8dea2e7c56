"""Every worked example of rules/hyve.txt is a test with its numbers (issue 4).

Checklist: each "Example:" passage (and each example given inline with numbers) of hyve.txt,
in the rulebook's order, and the test(s) that pin it.  Paths are under tests/; the tests marked
(here) are in this file, written where the example had no test through the turn engine yet.

Tracking HP
  Flat Scoring Example: gaining 5 HP, die to 6, one space up, reset to 1, then 2
      rules/hyve/test_hp.py::test_in_gaining_5_hp_flat_the_die_3_ends_on_2_one_space_up_ruling_h1
  "Effectively each square on the track represents 6 HP"
      rules/hyve/test_hp.py::test_flat_each_position_is_6_hp
  Wobbly Scoring Example: losing 5 HP, die to 6, one space back, reset to 1, then 2
      rules/hyve/test_hp.py::test_in_losing_5_hp_wobbly_the_die_3_ends_on_2_one_space_down_ruling_h1
  Wobbly: "small penalties to your HP can even cause you to gain HP when taken at the proper
  time" rules/hyve/test_hp.py::test_wobbly_small_loss_timed_right_costs_no_position
Setup: 6 population, HP die on '1' at the starting position
      rules/hyve/test_turn.py::test_setup_six_population_hp_die_1_on_the_starting_space_bread_level_1
1. Refresh
  Example: 8 population rolls 8 dice
      rules/hyve/test_phases.py::test_refresh_example_8_population_rolls_8
  "if you had 15 population, you would still only roll 10 dice"
      rules/hyve/test_phases.py::test_refresh_example_15_population_rolls_10,
      rules/hyve/test_turn.py::test_refresh_example_15_population_rolls_only_10
2. Assign Workers
  Repurpose Example: a "3" Bee rerolls 3 of your remaining Bees
      rules/hyve/test_turn.py::test_repurpose_example_a_3_bee_rerolls_3_bees
  Repurpose: "A Wild Bee would let you reroll any amount from 1-5"
      rules/hyve/test_turn.py::test_a_wild_bee_rerolls_any_amount_from_1_to_5
  Repurpose: "If you only had 3 unassigned Bees left, you couldn't place a 4-Bee here"
      rules/hyve/test_turn.py::test_repurpose_cannot_reroll_more_bees_than_are_left
  Bakery Example: three "2" Bees upgrade blue bread to level 3 given level 2
      rules/hyve/test_turn.py::test_bakery_example_three_2_bees_upgrade_blue_bread_to_level_3
  Tend Eggs Example: a "5" Bee fills the 5 shape, rotated and/or flipped
      rules/hyve/test_turn.py::test_tend_eggs_example_a_5_bee_fills_the_5_shape_rotated_and_flipped
  Tend Larva Example: the "3" column: 2 HP for 2 colours, 4 larva, population per colour
      rules/hyve/test_turn.py::test_tend_larva_example_encircling_the_3_column_2_colours_4_larva
  Royal Jelly effects: Overwork (population = the Bee)
      rules/hyve/test_turn.py::test_overwork_gains_population_equal_to_the_bee
  Fly Drones Example: a blue "2" Bee: lose 2 population, gain 4 HP
      rules/hyve/test_turn.py::test_fly_drones_example_a_blue_2_bee_loses_2_population_gains_4_hp
  Overwork Queen: larva equal to the Bee
      rules/hyve/test_turn.py::test_overwork_queen_places_larva_equal_to_the_bee
  Plumose Example: a green Bee upgrades the 3-type bread once
      rules/hyve/test_turn.py::test_plumose_example_a_green_bee_upgrades_3_type_bread_once
  "Each Royal Jelly can only hold one of each color"
      rules/hyve/test_turn.py::test_each_royal_jelly_holds_each_colour_once
  Queen's Rewards: Swarm, Migratory, Multi-Culture, Monoculture
      rules/hyve/test_turn.py::test_queens_rewards_values
3. Gather Nectar
  Example: 4 x 4 x 1 = 16HP
      rules/hyve/test_scoring.py::test_example_4_x_4_x_1_is_16_hp,
      rules/hyve/test_turn.py::test_example_4_x_4_x_1_is_16_hp_when_the_hyve_is_completed,
      cli/test_hyve_score_cli.py::test_example_file_scores_4_x_4_x_1_is_16_hp
4. Feed Bees
  Example: 1-, 4-, 5-Bees supported; one 3-Bee over the 3-bread level 2; wild Bees
      rules/hyve/test_phases.py::test_feed_bees_example_one_unsupported_3_bee_and_wild_bees,
      rules/hyve/test_turn.py::test_feed_bees_example_one_unsupported_3_bee_and_wild_bees_lose_population
6. Seasonal Effects
  Example: after 6 turns, still in Summer: 5 HP and 1 Population, or 7 HP and 1 Population
      rules/hyve/test_sheets.py::test_summer_example_after_6_turns_ruling_h2,
      rules/hyve/test_phases.py::test_seasonal_effect_example_summer_choices,
      rules/hyve/test_turn.py::test_summer_example_after_6_turns_5_hp_and_1_population_or_7_hp_and_1_population
  "Lose 6 HP for each bread level currently below level 3"
      rules/hyve/test_phases.py::test_bread_icon_loses_6_hp_per_bread_type_below_level_3_ruling_h26
Legacy Mode
  Gaining Honey Example: 12 population, 4 hyves, 7 spaces above the start
      rules/hyve/test_legacy.py::test_gaining_honey_example_follows_the_text_ruling_r1
  Beseech, Plumose Example: add 2 to your yellow Bread Levels instead of 1
      (here) test_example_beseech_plumose_adds_2_to_the_yellow_bread_levels,
      rules/hyve/test_turn.py::test_beseech_enacts_the_effect_twice_on_an_empty_jelly
  Sensilla Example: colour the space purple and add 1 purple nectar
      rules/hyve/test_turn.py::test_sensilla_colours_each_space_entered_and_adds_its_nectar_ruling_h52
  Bread Upgrades Example: three 1-type upgrades cost 9 Honey (2+3+4), start at level 4
      rules/hyve/test_legacy.py::test_bread_upgrades_example_three_one_type_upgrades_cost_9
  Core Resources Example: 3 Honey buy 6 Population
      rules/hyve/test_legacy.py::test_core_resources_example_6_population_for_3_honey
  Courier Example: a 2-Bee claims 3 Population, 2 Purple Nectar and 2 HP
      rules/hyve/test_legacy.py::test_courier_example_claims_every_unused_resource_of_the_colour,
      rules/hyve/test_turn.py::test_courier_example_a_2_bee_claims_3_population_2_nectar_2_hp
  Courier honey track Example: the filled bonus spaces give 9 Honey, not the crossed-out 3
      rules/hyve/test_legacy.py::test_courier_bonus_example_pays_only_uncrossed_filled_bonus_squares
Coldsnap
  Example: Population 10, "X minus your current Population" loses 20 HP (the population-based
  effect) rules/hyve/test_phases.py::test_coldsnap_example_population_10_loses_20_hp,
      (here) test_example_coldsnap_population_10_loses_20_hp_in_a_turn
  the scenario lost to Coldsnap's "Lose X Population"
      rules/hyve/test_mode_scenarios.py::test_coldsnap_full_scenario_lost_to_lose_x_population
Mites Challenge
  Example: lose 5 HP, 1 Population, and cross out a Nectar from your active hyve
      rules/hyve/test_modes.py::test_mites_example_loses_5_hp_1_population_and_crosses_out_a_nectar,
      (here) test_example_mites_5_hp_1_population_and_a_nectar_crossed_out_in_a_turn
Wasp War
  Wasp Attack Example: 4 and 5: 2 HP and 3 HP; heavy 9: 2 population
      rules/hyve/test_sheets.py::test_wasp_attack_example_ruling_h6,
      rules/hyve/test_modes.py::test_example_wasp_attack_4_and_5_lose_2_hp_and_3_hp_and_heavy_9_two_population,
      rules/hyve/test_turn_modes.py::test_wasp_attack_example_4_and_5_lose_2_and_3_hp_heavy_9_loses_2_population
  Defensive Formation Example: a 2 Bee's hex crossed out when a "2" is rolled
      rules/hyve/test_modes.py::test_example_defensive_2_bee_blocks_a_rolled_2_which_still_counts_for_the_heavy,
      rules/hyve/test_turn_modes.py::test_marshal_up_to_2_non_matching_bees_and_a_defensive_reserve_blocks
  Offensive Formation Example: a formation totalling 10 crosses off the "10" attack
      rules/hyve/test_modes.py::test_example_offensive_formation_totalling_10_crosses_out_the_10_attack,
      (here) test_example_offensive_formation_totalling_10_crosses_out_the_10_attack_in_a_turn
Bee Builder
  Build Action Example: a "1" and a "4" Bee draw the two shapes
      rules/hyve/test_modes.py::test_example_build_a_1_and_a_4_bee_draws_the_two_shapes,
      rules/hyve/test_turn_modes.py::test_bee_builder_example_a_1_and_a_4_bee_draw_their_two_shapes
  Example: 2 x 3 = 6HP
      rules/hyve/test_scoring.py::test_bee_builder_example_2_x_3_is_6_hp,
      cli/test_hyve_score_cli.py::test_bee_builder_example_2_x_3_is_6_hp,
      (here) test_example_bee_builder_2_x_3_is_6_hp_when_the_hyve_migrates
  End Game Example: drawing the last shape in the 6th hyve wins (shapes of four hexes)
      rules/hyve/test_modes.py::test_example_drawing_the_last_shape_in_the_6th_hyve_wins,
      rules/hyve/test_turn_modes.py::test_bee_builder_is_won_when_no_shape_fits_in_the_6th_hyve,
      rules/hyve/test_mode_scenarios.py::test_bee_builder_full_scenario_won_when_no_shape_fits_in_the_6th_hyve
Turbo Mode
  Repurpose: "Placing a 2 and a 2 ... would allow you to re-roll 4 dice"
      rules/hyve/test_modes.py::test_example_repurpose_a_2_and_a_2_rerolls_4,
      rules/hyve/test_turn_modes.py::test_turbo_repurpose_example_a_2_and_a_2_reroll_4_dice
  Bakery: "you can feed up to six 2-type Bees a turn without losing population"
      (here) test_example_turbo_six_2_type_bees_are_fed_without_losing_population
  Bakery Example: 2 Blue Bees and a 2-type Bee count 4: level 2 to 3, one wasted
      rules/hyve/test_modes.py::test_example_bakery_2_bees_with_a_2_type_bee_count_4_upgrade_2_to_3_one_wasted,
      rules/hyve/test_turn_modes.py::test_turbo_bakery_example_2_bees_and_a_2_type_bee_make_4_the_extra_is_wasted
  Tend Eggs Example: a 1 Bee and a 2 Bee place TWO line shapes
      rules/hyve/test_modes.py::test_example_tend_eggs_a_1_and_a_2_place_two_line_shapes,
      rules/hyve/test_turn_modes.py::test_turbo_tend_eggs_example_a_1_bee_and_a_2_bee_place_two_line_shapes
  Tend Larva: a 2 with another Bee circles the row AND the column
      rules/hyve/test_turn_modes.py::test_turbo_tend_larva_a_2_with_another_bee_circles_the_row_and_the_column
  Queen's Attendants Example: a 6 and a 2 take 2 different Royal Jelly actions
      rules/hyve/test_modes.py::test_example_attendants_a_6_and_a_2_take_two_different_jelly_actions,
      rules/hyve/test_turn_modes.py::test_turbo_queens_attendants_example_a_6_and_a_2_take_two_different_actions
Long Live the Queen
  Example: a Royal Jelly coloured and a Bread Level increased this turn: 2 Approval
      rules/hyve/test_modes.py::test_example_royal_jelly_and_bread_both_this_turn_gain_2_approval,
      (here) test_example_long_live_the_queen_jelly_and_bread_this_turn_gain_2_approval_in_a_turn
  The Coronation: at least 1 more Approval than Disapproval
      rules/hyve/test_turn_modes.py::test_long_live_the_queen_coronation_decides_the_win
"""

from __future__ import annotations

from dataclasses import replace

from hyvekit.rules.hyve.scoring import CROSSED, LARVA, parse_cell, parse_hyve
from hyvekit.data.hyve import sheet_definition
from hyvekit.rules.hyve.turn import (Bakery, GatherNectar, Marshal, Placement, QueensAttendants,
                                     Refresh, SeasonalEffect, WaspAttack, bee, new_scenario,
                                     play)


def nectar(*specs):
    """``"3@C3"`` / ``"1@2:A1"`` placements of Gather Nectar."""
    out = []
    for spec in specs:
        b, _, where = spec.partition("@")
        hyve, _, name = where.rpartition(":")
        target = (int(hyve), parse_cell(name)) if hyve else parse_cell(name)
        out.append(Placement(bee(int(b)), target))
    return GatherNectar(tuple(out))


def rolled(sheet_id, dice, **kw):
    """A scenario of ``sheet_id`` whose population equals the dice, at Assign Workers."""
    s = new_scenario(sheet_definition(sheet_id), **kw)
    return play(replace(s, population=len(dice)), Refresh(tuple(dice)))


def test_example_beseech_plumose_adds_2_to_the_yellow_bread_levels():
    # Beseech: "When adding to an empty Royal Jelly, you may enact the chosen effect twice using
    # the same color. Plumose Example: You would add 2 to your yellow Bread Levels instead of 1."
    # Yellow is the 1-Bees' colour; Plumose is the standard sheet's jelly 4.
    s = rolled("standard", [1, 2, 3], colours=["yellow", "blue", "green", "purple", "red"],
               perks=["beseech"])
    s = play(s, QueensAttendants(bee(1), 3, beseech=True))
    assert s.bread == (3, 1, 1, 1, 1)                   # yellow bread 1 + 2
    assert s.jellies[3] == (1,)                          # the colour is filled in once


def test_example_coldsnap_population_10_loses_20_hp_in_a_turn():
    # Coldsnap: "Lose HP equal to X minus your current Population. Example: If your Population
    # were 10, this effect would force you to lose 20 HP!" — Winter effect 1 of the Coldsnap
    # sheet is X = 30.  Ten bees, all fed (bread 6), keep the population at 10.
    s = replace(rolled("coldsnap", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], bread=[6] * 5),
                crossed=((1, 2, 3, 4),) * 3 + ((),))
    s = play(s, nectar("1@C3", "1@C2", "2@C4", "2@B2", "3@B3", "3@D2", "4@D3", "4@A1",
                       "5@A2", "5@E1"))
    assert s.population == 10
    s = play(s, SeasonalEffect(1))
    # 20 HP flat from die 1 on the Starting Space 5: the 1st HP resets the die to 6 on 4,
    # every 6 more go one space down (6 on 3 after 7, on 2 after 13, on 1 after 19), the
    # 20th leaves die 5 on 1.
    assert (s.die, s.position, s.population, s.status) == (5, 1, 10, "playing")


def test_example_mites_5_hp_1_population_and_a_nectar_crossed_out_in_a_turn():
    # Mites Challenge: "This effect would cause you to lose 5 HP, 1 Population, and cross out a
    # Nectar from your active hyve! Crossed out Nectar are considered colorless for scoring."
    # The sheet's Summer effect 3 is 5 HP, 1 Population and a Mites icon.
    s = replace(rolled("mites-challenge", [1, 1], bread=[6, 1, 1, 1, 1]),
                crossed=((1, 2, 3, 4), (), (), ()))
    s = play(s, nectar("1@C3", "1@C4"))                  # Structured: C3 first, C4 next to it
    s = play(s, SeasonalEffect(3, (parse_cell("C4"),)))
    # 5 HP flat from die 1 on 5: 6 on 4, then 5, 4, 3, 2: die 2 on 4; population 2 - 1
    assert (s.die, s.position, s.population) == (2, 4, 1)
    assert s.hyves[0][parse_cell("C4")] == CROSSED and s.hyves[0][parse_cell("C3")].variety == "1"


def test_example_offensive_formation_totalling_10_crosses_out_the_10_attack_in_a_turn():
    # Wasp War, Offensive Formation: "After filling the last space of this formation, the total
    # value of all the colors in this formation equals '10', so we cross off and negate the
    # '10' attack."  Offensive formation 1 already holds 1, 2, 3; this turn's Marshal fills its
    # last two hexes with a 1 and a 3 (two non-matching Bees): 1 + 2 + 3 + 1 + 3 = 10.
    s = rolled("wasp-war", [1, 3, 1, 1], bread=[6, 1, 1, 1, 1])
    s = replace(s, marshal=replace(s.marshal, offensive=((1, 2, 3, None, None),
                                                         (None,) * 5, (None,) * 5)))
    s = play(s, Marshal((("O1.4", bee(1)), ("O1.5", bee(3)))))
    assert s.marshal.crossed_attacks == {10}
    s = play(s, nectar("1@C3", "1@C2"))
    population = s.population
    s = play(s, WaspAttack((4, 6)))
    # light 4: 2 HP, light 6: 3 HP (its larva: none in the chamber), heavy 10 crossed out:
    # no 2 population, no larva.  5 HP flat from die 1 on the start 4: 6 on 3, then 5, 4, 3,
    # 2: die 2 on 3.
    assert (s.die, s.position, s.population) == (2, 3, population)
    assert s.rounds_done == 1 and s.marshal.crossed_attacks == {10}     # crossed for good


def test_example_bee_builder_2_x_3_is_6_hp_when_the_hyve_migrates():
    # Bee Builder: "Example: 2 x 3 = 6HP" with docs/examples/hyve-builder-6.txt's hyve: red
    # (5) on B2 and C2, larva on B3, C3, D2, blue (2) on C4, D3, D4, every other hex unbuilt.
    # The larva are already in the hyve; the nectar is gathered this turn, and the 1-Bee's
    # nectar into hyve 2 migrates: hyve 1 is completed and scored.
    larva = parse_hyve(""" . . .
                          . . L .
                         . . L . .
                          . L . .
                           . . . """)
    built = frozenset(parse_cell(n) for n in ("B2", "B3", "C2", "C3", "C4", "D2", "D3", "D4"))
    s = rolled("bee-builder", [5, 5, 2, 2, 2, 1], bread=[6] * 5)
    s = replace(s, hyves=(larva,) + s.hyves[1:],
                built=(built, frozenset(parse_cell(n) for n in ("A1", "A2", "A3", "B4")))
                + (frozenset(),) * 4)
    s = play(s, nectar("5@B2", "5@C2", "2@C4", "2@D3", "2@D4", "1@2:A1"))
    # red: B2 and C2 touch only red, larva and inert hexes: 2; blue: C4, D3, D4: 3;
    # 2 × 3 = 6 HP: die 1 on 5 → 6 (5 HP) → over: 1 on 6 (the 6th).  Migration (Spring): -1.
    assert s.scores == (6,) and s.active == 1
    assert (s.die, s.position, s.population) == (1, 6, 5)
    assert s.hyves[0][parse_cell("C3")].kind == LARVA


def test_example_turbo_six_2_type_bees_are_fed_without_losing_population():
    # Turbo Mode, Bakery: "You start with max 2-type bread, so you can feed up to six 2-type
    # Bees a turn without losing population. Note: These 2-types don't have a color, and
    # therefore can't be used for Nectar."
    six = play(rolled("turbo", [2] * 6), nectar("2@C3", "2@C2", "2@C4", "2@B2", "2@B3", "2@D2"))
    assert six.population == 6 and six.bread[1] == 6
    assert all(six.hyves[0][parse_cell(c)] == CROSSED for c in ("C3", "C2", "C4"))   # X, no colour
    seven = play(rolled("turbo", [2] * 7),
                 nectar("2@C3", "2@C2", "2@C4", "2@B2", "2@B3", "2@D2", "2@D3"))
    assert seven.population == 6                         # the seventh 2-type Bee is not fed


def test_example_long_live_the_queen_jelly_and_bread_this_turn_gain_2_approval_in_a_turn():
    # Long Live the Queen: "Here determine if you colored any portion of a Royal Jelly and if
    # you increased a Bread Level this turn. If both are true you'd gain 2 Approval."  In
    # Summer the Spring demand (a jelly coloured) and the Summer one (a bread upgraded) are
    # both in force.
    s = replace(rolled("long-live-the-queen", [5, 3, 3, 1], bread=[6, 1, 1, 1, 1]),
                crossed=((1, 2, 3, 4), (), (), ()))
    s = play(s, QueensAttendants(bee(5), 0))             # Overwork: a jelly coloured
    s = play(s, Bakery((bee(3), bee(3)), 3))             # 3-bread 1 → 2
    s = play(s, nectar("1@C3"))
    s = play(s, SeasonalEffect(1))
    assert (s.approval, s.disapproval) == (2, 0)
    # the next turn neither is done: 2 Disapproval
    s = play(s, Refresh((1,) * min(s.population, 10)))
    s = play(s, nectar(*[f"1@{c}" for c in ("A1", "A2", "A3", "B1", "B2", "B3", "B4", "C1",
                                              "C2")][:len(s.pool)]))
    s = play(s, SeasonalEffect(2))
    assert (s.approval, s.disapproval) == (2, 2)
