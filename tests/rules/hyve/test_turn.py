"""The Hyve turn engine (hyve.txt: Setup, Turn Structure, 1. Refresh ... 6. Seasonal Effects,
the actions, Queen's Rewards, Courier, How to Win (or Lose)): each rule with a legal and an
illegal case, and the rulebook's worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.larva import Line
from hyvekit.rules.hyve.legacy import Resource
from hyvekit.rules.hyve.scoring import (HEXES, LARVA, NECTAR, HyveGrid, Space, cell_name,
                                        parse_cell, parse_hyve)
from hyvekit.data.hyve import sheet_definition
from hyvekit.rules.hyve.turn import (Bakery, Courier, GatherNectar, Placement, QueensAttendants,
                                     Refresh, Repurpose, SeasonalEffect, TendEggs, TendLarva,
                                     bee, new_scenario, play, reward_hp)

STANDARD = sheet_definition("standard")


def cells(*names):
    return tuple(parse_cell(n) for n in names)


def sq(s, *names):
    return tuple(s.chamber.parse_square(n) for n in names)


def rolled(dice, population=None, **kw):
    """A standard scenario at the Assign Workers phase with ``dice`` rolled."""
    s = new_scenario(STANDARD, **kw)
    s = play(replace(s, population=len(dice)), Refresh(tuple(dice)))
    return replace(s, population=population or len(dice))


def gather(s, *specs):
    """Gather nectar: ``"3@C3"`` strings."""
    out = []
    for spec in specs:
        b, _, c = spec.partition("@")
        face = 6 if b.upper().startswith("W") else int(b)
        value = int(b[1]) if b.upper().startswith("W") and len(b) > 1 else None
        out.append(Placement(bee(face, value), parse_cell(c)))
    return play(s, GatherNectar(tuple(out)))


def rule_of(excinfo):
    return excinfo.value.rule


# --- Setup -------------------------------------------------------------------------------------

def test_setup_six_population_hp_die_1_on_the_starting_space_bread_level_1():
    s = new_scenario(STANDARD)
    assert (s.population, s.die, s.position) == (6, 1, STANDARD.hp_track.start)
    assert s.bread == (1, 1, 1, 1, 1) and s.phase == "refresh" and s.turn == 1
    assert s.active == 0 and all(len(g.empty) == 19 for g in s.hyves)


def test_setup_refuses_repeated_colours_and_unknown_perks():
    with pytest.raises(InvalidInputError):
        new_scenario(STANDARD, ["red", "red", "blue", "green", "pink"])
    with pytest.raises(InvalidInputError):
        new_scenario(STANDARD, perks=["laziness"])


def test_setup_with_legacy_bread_upgrades():
    s = new_scenario(STANDARD, bread=[4, 1, 2, 1, 1])
    assert s.bread == (4, 1, 2, 1, 1)


# --- 1. Refresh --------------------------------------------------------------------------------

def test_refresh_rolls_dice_equal_to_population():
    s = rolled([1, 2, 3, 4, 5, 6])
    assert s.phase == "assign" and sorted(s.pool) == [1, 2, 3, 4, 5, 6]


def test_refresh_with_the_wrong_number_of_dice_is_refused():
    s = new_scenario(STANDARD)
    with pytest.raises(IllegalActionError) as exc:
        play(s, Refresh((1, 2, 3)))
    assert rule_of(exc) == "Hyve: Refresh" and exc.value.expected == 6 and exc.value.given == 3


def test_refresh_example_15_population_rolls_only_10():
    s = replace(new_scenario(STANDARD), population=15)
    assert len(play(s, Refresh((1,) * 10)).pool) == 10
    with pytest.raises(IllegalActionError):
        play(s, Refresh((1,) * 11))


def test_controlled_rolls_may_roll_fewer():
    s = new_scenario(STANDARD, perks=["controlled-rolls"])
    assert len(play(s, Refresh((1, 2, 3))).pool) == 3


def test_phases_run_in_order():
    s = new_scenario(STANDARD)
    with pytest.raises(IllegalActionError) as exc:
        play(s, SeasonalEffect(1))
    assert rule_of(exc) == "Hyve: Turn Structure"


# --- 2. Assign Workers -------------------------------------------------------------------------

def test_each_action_only_once_per_turn():
    s = rolled([4, 4, 2, 2, 1, 1])
    s = play(s, Bakery((bee(2), bee(2)), 2))
    with pytest.raises(IllegalActionError) as exc:
        play(s, Bakery((bee(4), bee(4)), 4))
    assert rule_of(exc) == "Hyve: Assign Workers" and exc.value.given == "Bakery"


def test_a_bee_not_rolled_cannot_be_assigned():
    s = rolled([1, 1, 1, 2, 2, 2])
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendEggs(bee(5), sq(s, "R1C1", "R2C1", "R2C2", "R2C3")))
    assert "no unassigned 5-Bee" in str(exc.value)


def test_naming_a_face_more_often_than_it_was_rolled_says_how_many_there_are():
    s = rolled([1, 2, 3, 4, 5, 5])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Bakery((bee(4), bee(4)), 4))
    assert "2 4-Bees named, 1 unassigned (unassigned: 1, 2, 3, 4, 5, 5)" in str(exc.value)


# Repurpose

def test_repurpose_example_a_3_bee_rerolls_3_bees():
    s = rolled([3, 1, 1, 5, 6, 2])
    s = play(s, Repurpose(bee(3), (1, 1, 5), (4, 4, 2)))
    assert sorted(s.pool) == [2, 2, 4, 4, 6]
    assert sorted(s.bees) == [2, 2, 3, 4, 4, 6]          # the turn's bees by their new faces


def test_repurpose_cannot_reroll_more_bees_than_are_left():
    s = rolled([4, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Repurpose(bee(4), (1, 1, 1), (2, 2, 2)))
    assert rule_of(exc) == "Hyve: Repurpose" and "only 3 unassigned" in str(exc.value)


def test_repurpose_rerolls_exactly_the_bee_value():
    s = rolled([3, 1, 1, 5, 6, 2])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Repurpose(bee(3), (1, 1), (2, 2)))
    assert exc.value.expected == 3 and exc.value.given == 2


def test_a_wild_bee_rerolls_any_amount_from_1_to_5():
    s = rolled([6, 1, 1, 1, 1, 1, 1])
    assert sorted(play(s, Repurpose(bee(6), (1,), (5,))).pool) == [1, 1, 1, 1, 1, 5]
    with pytest.raises(IllegalActionError):
        play(s, Repurpose(bee(6), (1,) * 6, (2,) * 6))


# Bakery

def test_bakery_example_three_2_bees_upgrade_blue_bread_to_level_3():
    s = rolled([2, 2, 2, 1, 1, 1], bread=[1, 2, 1, 1, 1])
    s = play(s, Bakery((bee(2),) * 3, 2))
    assert s.bread == (1, 3, 1, 1, 1)


def test_bakery_levels_in_order_the_set_equals_the_next_level():
    s = rolled([2, 2, 2, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Bakery((bee(2),) * 3, 2))          # level 1: the next level 2 needs 2 bees
    assert rule_of(exc) == "Hyve: Bakery" and exc.value.expected == 2


def test_bakery_needs_a_matching_set_wild_bees_contribute():
    s = rolled([2, 6, 3, 1, 1, 1])
    assert play(s, Bakery((bee(2), bee(6)), 2)).bread[1] == 2
    with pytest.raises(IllegalActionError) as exc:
        play(s, Bakery((bee(2), bee(3)), 2))
    assert "matching set" in str(exc.value)


def test_bakery_stops_at_level_6():
    s = rolled([2] * 7, bread=[1, 6, 1, 1, 1])
    with pytest.raises(IllegalActionError):
        play(s, Bakery((bee(2),) * 7, 2))


# Larva Chamber: Tend Eggs

def test_tend_eggs_example_a_5_bee_fills_the_5_shape_rotated_and_flipped():
    s = rolled([5, 1, 1, 1, 1, 1])
    # the 5 shape (a T of 4) turned on its side
    s2 = play(s, TendEggs(bee(5), sq(s, "R1C1", "R2C1", "R3C1", "R2C2")))
    assert [s2.chamber[c] for c in sq(s2, "R1C1", "R2C1", "R3C1", "R2C2")] == [5, 5, 5, 5]
    assert "in red" in s2.events[-1]


def test_tend_eggs_needs_the_entire_shape():
    s = rolled([5, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendEggs(bee(5), sq(s, "R1C1", "R1C2", "R1C3", "R1C4")))   # a line, not a T
    assert rule_of(exc) == "Hyve: Tend Eggs" and "ENTIRE" in str(exc.value)


def test_tend_eggs_only_on_empty_squares():
    s = rolled([2, 2, 1, 1, 1, 1])
    s = play(s, TendEggs(bee(2), sq(s, "R1C1", "R1C2")))
    s = replace(s, used=())
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendEggs(bee(2), sq(s, "R1C2", "R1C3")))
    assert "already filled" in str(exc.value)


def test_a_wild_bee_may_tend_any_shape_but_must_say_which():
    s = rolled([6, 1, 1, 1, 1, 1])
    assert play(s, TendEggs(bee(6, 4), sq(s, "R4C4", "R4C5", "R5C4", "R5C5"))).chamber[
        (3, 3)] == 4
    with pytest.raises(IllegalActionError):
        play(s, TendEggs(bee(6), sq(s, "R4C4", "R4C5", "R5C4", "R5C5")))


def test_tend_eggs_or_tend_larva_not_both_in_one_turn():
    s = rolled([2, 1, 1, 1, 1, 1])
    s = play(s, TendEggs(bee(2), sq(s, "R1C1", "R1C2")))
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendLarva(bee(1), Line("row", 1), cells("C3", "C4")))
    assert rule_of(exc) == "Hyve: Assign Workers" and exc.value.given == "Larva Chamber"


# Larva Chamber: Tend Larva

def _chamber_with_column_3(s):
    """Column 3 holds 4 populated larva of 2 colours (the rulebook's Tend Larva example)."""
    ch = s.chamber.with_values({(0, 2): 1, (1, 2): 1, (2, 2): 4, (3, 2): 4})
    return replace(s, chamber=ch)


def test_tend_larva_example_encircling_the_3_column_2_colours_4_larva():
    s = _chamber_with_column_3(rolled([3, 1, 1, 2, 2, 5]))
    # nectar first so that larva gain population from adjacent colours
    hyve = parse_hyve("1 2 .\n. . . .\n. . . . .\n. . . .\n. . .")
    s = replace(s, hyves=(hyve,) + s.hyves[1:])
    s = play(s, TendLarva(bee(3), Line("column", 3), cells("B1", "B2", "E1", "E2")))
    assert s.position == 5 and s.die == 3                    # +2 HP: 2 colours
    # B1 touches A1 (1): 1 colour; B2 touches A1 (1) and A2 (2): 2; E1, E2 touch nothing
    assert [s.hyves[0][h].population for h in cells("B1", "B2", "E1", "E2")] == [1, 2, 0, 0]
    assert s.population == 6 + 3
    assert all(s.chamber[(r, 2)] < 0 for r in range(4))      # those larva are placed


def test_tend_larva_a_bee_encircles_its_own_row_or_column():
    s = _chamber_with_column_3(rolled([3, 1, 1, 2, 2, 5]))
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendLarva(bee(3), Line("column", 4), ()))
    assert rule_of(exc) == "Hyve: Tend Larva" and exc.value.expected == "row 3 or column 3"


def test_tend_larva_places_as_many_larva_as_encircled():
    s = _chamber_with_column_3(rolled([3, 1, 1, 2, 2, 5]))
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendLarva(bee(3), Line("column", 3), cells("C3")))
    assert exc.value.expected == 4 and exc.value.given == 1


def test_only_a_wild_bee_encircles_the_wild_column():
    s = rolled([1, 6, 1, 1, 1, 1])
    s = replace(s, chamber=s.chamber.with_values({(0, 5): 2, (1, 5): 3}))
    got = play(s, TendLarva(bee(6), Line("wild", 1), cells("C3", "C4")))
    assert got.position == 5 and got.die == 3                # 2 colours
    with pytest.raises(IllegalActionError) as exc:
        play(s, TendLarva(bee(1), Line("wild", 1), cells("C3", "C4")))
    assert "only a Wild Bee" in str(exc.value)


def test_fecundity_adds_exactly_one_more_larva():
    s = _chamber_with_column_3(rolled([3, 1, 1, 2, 2, 5], perks=["fecundity"]))
    s = play(s, TendLarva(bee(3), Line("column", 3), cells("C1", "C2", "C3", "C4", "C5")))
    assert sum(1 for sp in s.hyves[0].spaces if sp.kind == LARVA) == 5


# Queen's Attendants

def test_overwork_gains_population_equal_to_the_bee():
    s = play(rolled([4, 1, 1, 1, 1, 1]), QueensAttendants(bee(4), 0))
    assert s.population == 10 and s.jellies[0] == (4,)


def test_fly_drones_example_a_blue_2_bee_loses_2_population_gains_4_hp():
    s = play(rolled([2, 1, 1, 1, 1, 1]), QueensAttendants(bee(2), 1))
    assert s.population == 4 and (s.die, s.position) == (5, 5)


def test_overwork_queen_places_larva_equal_to_the_bee():
    s = play(rolled([3, 1, 1, 1, 1, 1]), QueensAttendants(bee(3), 2, larva=cells("A1", "A2",
                                                                                    "A3")))
    assert sum(1 for sp in s.hyves[0].spaces if sp.kind == LARVA) == 3
    with pytest.raises(IllegalActionError):
        play(rolled([3, 1, 1, 1, 1, 1]), QueensAttendants(bee(3), 2, larva=cells("A1")))


def test_plumose_example_a_green_bee_upgrades_3_type_bread_once():
    s = play(rolled([3, 1, 1, 1, 1, 1]), QueensAttendants(bee(3), 3))
    assert s.bread == (1, 1, 2, 1, 1)


def test_each_royal_jelly_holds_each_colour_once():
    s = rolled([3, 6, 1, 1, 1, 1])
    s = replace(s, jellies=((3,),) + s.jellies[1:])
    with pytest.raises(IllegalActionError) as exc:
        play(s, QueensAttendants(bee(3), 0))
    assert rule_of(exc) == "Hyve: Queen's Attendants" and exc.value.given == 3
    with pytest.raises(IllegalActionError):
        play(s, QueensAttendants(bee(6, 3), 0))          # a wild Bee as green: still green
    assert play(s, QueensAttendants(bee(6, 5), 0)).population == 11


def test_a_completed_jelly_gives_a_queens_reward_once():
    s = rolled([5, 1, 1, 1, 1, 1], population=8)
    s = replace(s, jellies=((1, 2, 3, 4),) + s.jellies[1:])
    with pytest.raises(IllegalActionError) as exc:
        play(s, QueensAttendants(bee(5), 0))
    assert rule_of(exc) == "Hyve: Queen's Rewards"
    got = play(s, QueensAttendants(bee(5), 0, reward="swarm"))
    assert got.population == 13 and got.rewards_taken == ("swarm",)
    assert (got.die, got.position) == (1, 6)            # 13 // 2 = 6 HP: one position up
    again = replace(s, rewards_taken=("swarm",))
    with pytest.raises(IllegalActionError):
        play(again, QueensAttendants(bee(5), 0, reward="swarm"))


def test_no_reward_without_a_completed_jelly():
    s = rolled([5, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, QueensAttendants(bee(5), 0, reward="swarm"))
    assert rule_of(exc) == "Hyve: Queen's Rewards"


def test_queens_rewards_values():
    s = new_scenario(STANDARD)
    one = parse_hyve("1 1 1\n1 L L 2\nL L L L 2\nL 3 L 2\nL L 2")
    s = replace(s, population=9, hyves=(one, parse_hyve(
        "1 . .\n. . . .\n. . . . .\n. . . .\n. . ."),) + s.hyves[2:], scores=(12,), active=1)
    assert reward_hp(s, "swarm") == 4                     # 9 population: 1 per 2
    assert reward_hp(s, "migratory") == 3                 # 1 completed hyve
    assert reward_hp(s, "multi-culture") == 3             # varieties 1, 2, 3 in hyve 1
    assert reward_hp(s, "monoculture") == 5               # 5 of variety 1 in all hyves


def test_beseech_enacts_the_effect_twice_on_an_empty_jelly():
    s = rolled([3, 1, 1, 1, 1, 1], perks=["beseech"])
    assert play(s, QueensAttendants(bee(3), 3, beseech=True)).bread == (1, 1, 3, 1, 1)
    s2 = replace(s, jellies=s.jellies[:3] + ((1,),))
    with pytest.raises(IllegalActionError) as exc:
        play(s2, QueensAttendants(bee(3), 3, beseech=True))
    assert "Beseech" in rule_of(exc)


# Courier

def _legacy(dice):
    res = [Resource("population", "blue")] * 3 + [Resource("nectar", "blue")] * 2 + \
          [Resource("hp", "blue")] * 2 + [Resource("population", "red")]
    return rolled(dice, resources=res, honey_track_empty=3)


def test_courier_example_a_2_bee_claims_3_population_2_nectar_2_hp():
    s = play(_legacy([2, 1, 1, 1, 1, 1]), Courier(bee(2), cells("C3", "C4")))
    assert s.population == 9 and (s.die, s.position) == (3, 5)
    assert [s.hyves[0][h].variety for h in cells("C3", "C4")] == ["2", "2"]
    assert all(r.used for r in s.resources if r.colour == "blue")
    assert not any(r.used for r in s.resources if r.colour == "red")


def test_courier_bee_must_match_an_unused_resource_wild_fills_the_honey_track():
    s = _legacy([3, 6, 1, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Courier(bee(3)))
    assert rule_of(exc) == "Hyve Legacy: Courier Action"
    assert play(s, Courier(bee(6))).honey_squares == 1


def test_courier_exists_only_in_a_legacy_run():
    with pytest.raises(IllegalActionError) as exc:
        play(rolled([6, 1, 1, 1, 1, 1]), Courier(bee(6)))
    assert "Legacy Sheet" in str(exc.value)


# --- 3. Gather Nectar --------------------------------------------------------------------------

def test_every_unassigned_bee_gathers_nectar():
    s = rolled([1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalActionError) as exc:
        gather(s, "1@C3", "2@C2")
    assert rule_of(exc) == "Hyve: Gather Nectar"
    s = gather(s, "1@C3", "2@C2", "3@C1", "4@C4", "5@C5", "W2@A1")
    assert s.hyves[0][parse_cell("A1")].variety == "2" and s.phase == "season"


def _hyves_full_but(s, empty, active=5):
    """``s`` with hyves 1 to ``active`` complete (1-type nectar) and hyve ``active + 1``
    active, all 1-type nectar but the hexes ``empty``."""
    full = HyveGrid.from_mapping({h: Space(NECTAR, variety="1") for h in HEXES})
    last = HyveGrid.from_mapping({h: Space(NECTAR, variety="1") for h in HEXES
                                  if cell_name(h) not in empty})
    return replace(s, hyves=(full,) * active + (last,) + s.hyves[active + 1:], active=active,
                   scores=(1,) * active)


def test_nectar_that_fills_the_sixth_hyve_wins_and_the_bees_left_gather_none_ruling_h92():
    """How to Win: "Complete all 6 hyves" ends the scenario at once: a Gather Nectar whose
    nectar fills hyve 6 while bees are left is recorded with the nectar placed (fewer than
    the bees); the bees left place no nectar and are not fed."""
    s = _hyves_full_but(rolled([1, 2, 3, 4, 6, 6]), ("D1", "E3"))
    won = gather(s, "3@D1", "W4@E3")
    assert won.status == "won" and won.end == ("all hyves",) and won.population == 6
    assert not won.hyves[5].empty and won.pool == ()
    assert gather(s, "3@D1", "W4@E3", "1@A1", "2@A2", "4@A3", "W1@B1").end == ("all hyves",)


def test_fewer_nectar_than_bees_are_refused_while_the_scenario_goes_on():
    """Fewer nectar than unassigned bees only when the last one ends the scenario: with
    room left in hyve 6 (or a bee given that is not unassigned) the rule refuses it."""
    s = _hyves_full_but(rolled([1, 2, 3, 4, 6, 6]), ("D1", "E3", "E2"))
    with pytest.raises(IllegalActionError) as exc:
        gather(s, "3@D1", "W4@E3")
    assert rule_of(exc) == "Hyve: Gather Nectar" and exc.value.given == "3, W"
    with pytest.raises(IllegalActionError) as exc:
        gather(s, "5@D1")
    assert rule_of(exc) == "Hyve: Gather Nectar" and exc.value.given == "5"


def test_nectar_completing_a_hyve_whose_score_enters_thriving_wins_there_ruling_h92():
    """A hyve completed during Gather Nectar scores at once; the HP that carries the die
    into Thriving wins before the rest of the bees gather (ruling H90)."""
    s = _hyves_full_but(rolled([1, 1, 1, 2, 3, 6]), ("E3",), active=0)
    s = replace(s, position=STANDARD.hp_track.top - 1, die=5)
    won = gather(s, "1@E3")
    assert won.status == "won" and won.end == ("thriving",) and not won.hyves[0].empty
    assert len(won.hyves[1].empty) == len(HEXES)              # hyve 2 took no nectar


def test_courier_nectar_that_fills_the_sixth_hyve_wins_with_fewer_hexes_ruling_h92():
    """A Courier's nectar is placed like any feature: the one that fills hyve 6 wins, the
    rest need no hex; fewer hexes are refused while room is left."""
    s = _hyves_full_but(_legacy([2, 1, 1, 1, 1, 1]), ("D1",))
    won = play(s, Courier(bee(2), cells("D1")))
    assert won.status == "won" and won.end == ("all hyves",)
    assert all(r.used for r in won.resources if r.colour == "blue")
    roomy = _hyves_full_but(_legacy([2, 1, 1, 1, 1, 1]), ("D1", "E3", "E2"))
    with pytest.raises(IllegalActionError) as exc:
        play(roomy, Courier(bee(2), cells("D1")))
    assert "2 blue nectar to place, 1 hex given" in str(exc.value)


def test_nectar_goes_on_an_empty_hex():
    s = rolled([1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalActionError) as exc:
        gather(s, "1@C3", "2@C3", "3@C1", "4@C4", "5@C5", "W2@A1")
    assert "already holds" in str(exc.value)


def test_structured_placement_starts_in_the_middle_and_grows_adjacent():
    sheet = sheet_definition("mites-challenge")
    s = play(replace(new_scenario(sheet), population=3), Refresh((1, 1, 2)))
    with pytest.raises(IllegalActionError) as exc:
        play(s, GatherNectar((Placement(bee(1), parse_cell("A1")),
                              Placement(bee(1), parse_cell("A2")),
                              Placement(bee(2), parse_cell("A3")))))
    assert rule_of(exc) == "Hyve: Placement Rules" and exc.value.expected == "C3"
    with pytest.raises(IllegalActionError):
        play(s, GatherNectar((Placement(bee(1), parse_cell("C3")),
                              Placement(bee(1), parse_cell("C5")),
                              Placement(bee(2), parse_cell("C4")))))
    ok = play(s, GatherNectar((Placement(bee(1), parse_cell("C3")),
                               Placement(bee(1), parse_cell("C4")),
                               Placement(bee(2), parse_cell("C5")))))
    assert ok.phase == "season"


SIXTEEN = """
  y y L1
 y y L2 b
L L L1 L b
 L g L b
  L L .
"""


def _nearly(grid_text=SIXTEEN):
    """Hyve 1 one hex short of the rulebook's 4 x 4 x 1 example; letters become die values."""
    text = grid_text.replace("y", "1").replace("b", "2").replace("g", "3")
    s = new_scenario(STANDARD)
    return replace(s, hyves=(parse_hyve(text),) + s.hyves[1:])


def test_example_4_x_4_x_1_is_16_hp_when_the_hyve_is_completed():
    s = play(replace(_nearly(), population=2), Refresh((2, 1)))
    s = gather(s, "2@E3", "1@C3")                 # E3 completes hyve 1; C3 is in hyve 2
    assert s.scores == (16,) and s.hyves_completed == 1 and s.active == 1
    assert s.hyves[1][parse_cell("C3")].variety == "1"     # overflow into the next hyve
    # 16 HP from die 1 on 5: die 5 two positions up; then Migration (Spring: 1)
    assert (s.die, s.position) == (5, 7)
    assert s.population == 2 - 1
    assert "4 × 4 × 1 = 16 HP" in " ".join(s.events)


def test_deep_stores_scores_at_least_6_and_excisor_crosses_out_a_space():
    s = _nearly("1 1 L\n1 2 L L\nL L L L L\nL L L L\nL L .")
    s = replace(s, perks=("deep-stores", "excisor"))
    s = play(replace(s, population=1), Refresh((3,)))
    done = play(s, GatherNectar((Placement(bee(3), parse_cell("E3")),)))
    assert done.scores == (6,)                            # 3 x 1 x 1 = 3 → 6 (Deep Stores)
    excised = play(s, GatherNectar((Placement(bee(3), parse_cell("E3")),),
                                   excise=(parse_cell("B2"),)))
    assert excised.hyves[0][parse_cell("B2")].kind == "colourless"


def test_excisor_needs_the_perk():
    s = play(replace(_nearly(), population=1), Refresh((2,)))
    with pytest.raises(IllegalActionError) as exc:
        play(s, GatherNectar((Placement(bee(2), parse_cell("E3")),), excise=(parse_cell("A1"),)))
    assert "Excisor" in rule_of(exc)
    # also when the action completes no hyve: the perk is missing first of all
    fresh = rolled([2])
    gather_a1 = (Placement(bee(2), parse_cell("A1")),)
    with pytest.raises(IllegalActionError, match="needs the Excisor perk"):
        play(fresh, GatherNectar(gather_a1, excise=(parse_cell("A2"),)))
    # with the perk, a cross-out for a hyve the action does not complete is refused
    with pytest.raises(IllegalActionError, match="did not complete"):
        play(replace(fresh, perks=("excisor",)), GatherNectar(gather_a1,
                                                              excise=(parse_cell("A2"),)))


# --- 4. Feed Bees ------------------------------------------------------------------------------

def test_feed_bees_example_one_unsupported_3_bee_and_wild_bees_lose_population():
    # 1-, 4- and 5-Bees supported; 3-Bread at level 2 with three 3-Bees; two wild Bees
    s = rolled([1, 3, 3, 3, 4, 5, 6, 6], population=9, bread=[1, 1, 2, 1, 1])
    s = gather(s, "1@A1", "3@A2", "3@A3", "3@B1", "4@B2", "5@B3", "W1@B4", "W1@C1")
    assert s.population == 9 - 1 - 2


def test_assigned_bees_are_fed_too_by_their_final_face():
    s = rolled([2, 2, 1, 1, 1, 1])
    s = play(s, Bakery((bee(2), bee(2)), 2))             # 2-bread to level 2: both fed
    s = gather(s, "1@A1", "1@A2", "1@A3", "1@B1")        # four 1-Bees on level 1: 3 lost
    assert s.population == 3


# --- 6. Seasonal Effects -----------------------------------------------------------------------

def test_choose_any_available_effect_of_the_current_season():
    s = gather(rolled([1, 1, 1, 1, 1, 1], bread=[6, 1, 1, 1, 1]),
               "1@A1", "1@A2", "1@A3", "1@B1", "1@B2", "1@B3")
    s = play(s, SeasonalEffect(4))                                 # Spring: 4 HP
    assert s.crossed[0] == (4,) and s.turn == 2 and (s.die, s.position) == (3, 4)
    s = gather(play(s, Refresh((1,) * 6)), "1@B4", "1@C1", "1@C2", "1@C3", "1@C4", "1@C5")
    with pytest.raises(IllegalActionError) as exc:
        play(s, SeasonalEffect(4))
    assert rule_of(exc) == "Hyve: Seasonal Effects" and exc.value.expected == [1, 2, 3]


def test_summer_example_after_6_turns_5_hp_and_1_population_or_7_hp_and_1_population():
    s = replace(new_scenario(STANDARD), crossed=((1, 2, 3, 4), (1, 2)))
    assert s.season_index == 1 and s.available_effects == (3, 4)
    summer = STANDARD.seasons[1].effects
    assert [(summer[k - 1].hp, summer[k - 1].population) for k in s.available_effects] == \
        [(5, 1), (7, 1)]


def test_mites_cross_out_nectar_of_the_active_hyve():
    sheet = sheet_definition("mites-challenge")
    s = play(replace(new_scenario(sheet, bread=[6, 1, 1, 1, 1]), population=2),
             Refresh((1, 1)))
    s = play(s, GatherNectar((Placement(bee(1), parse_cell("C3")),
                              Placement(bee(1), parse_cell("C4")))))
    with pytest.raises(IllegalActionError) as exc:
        play(s, SeasonalEffect(1))                       # Spring 1: 2 HP and a Mites icon
    assert rule_of(exc) == "Hyve: Mites Challenge" and exc.value.expected == 1
    with pytest.raises(IllegalActionError):
        play(s, SeasonalEffect(1, cells("A1")))
    done = play(s, SeasonalEffect(1, cells("C4")))
    assert done.hyves[0][parse_cell("C4")].kind == "colourless"


def test_coldsnap_huddle_effect_is_played():
    sheet = sheet_definition("coldsnap")
    s = replace(new_scenario(sheet, bread=[6, 1, 1, 1, 1]), crossed=((1, 2, 3, 4), (1, 2, 3, 4),
                                                                      (1, 2, 3)))
    s = play(replace(s, population=2), Refresh((1, 1)))
    s = gather(s, "1@C3", "1@C4")
    s = play(s, SeasonalEffect(4))                       # Fall 4: huddle 20: 20 - 2 = 18 HP
    assert s.position == 2 and s.die == 1


# --- How to Win (or Lose) ----------------------------------------------------------------------

def test_population_0_loses_immediately():
    s = rolled([6, 6], population=2)
    s = gather(s, "W1@C3", "W1@C4")
    assert s.status == "lost" and s.end == ("population 0",) and s.phase == "over"
    with pytest.raises(IllegalActionError) as exc:
        play(s, SeasonalEffect(1))
    assert rule_of(exc) == "Hyve: How to Win (or Lose)"


def test_entering_thriving_wins_immediately():
    s = rolled([2, 1, 1, 1, 1, 1])
    s = replace(s, position=STANDARD.hp_track.top - 1, die=5)
    s = play(s, QueensAttendants(bee(2), 1))                   # Fly Drones: +4 HP
    assert s.status == "won" and s.end == ("thriving",)


def test_completing_all_turns_wins_and_both_at_once_is_a_loss():
    crossed = ((1, 2, 3, 4),) * 3 + ((1, 2, 3),)
    s = replace(new_scenario(STANDARD, bread=[6, 1, 1, 1, 1]), crossed=crossed)
    s = gather(play(s, Refresh((1,) * 6)), "1@A1", "1@A2", "1@A3", "1@B1", "1@B2", "1@B3")
    assert play(s, SeasonalEffect(4)).status == "won"            # Winter 4: 10 HP, 2 pop
    low = replace(s, population=2)
    end = play(low, SeasonalEffect(4))
    assert end.status == "lost" and "population 0" in end.end


# --- rulings ---------------------------------------------------------------------------------

def test_a_placed_larva_is_not_placed_again_by_a_crossing_line_ruling_h37():
    s = rolled([1, 1, 1, 1, 1, 1])
    s = replace(s, chamber=s.chamber.with_values({(0, 0): 3, (0, 1): 4}))
    s = play(s, TendLarva(bee(1), Line("row", 1), cells("C3", "C4")))
    assert s.chamber.format().splitlines()[1].split()[1:3] == ["-", "-"]
    s = replace(s, used=())                        # a later turn: column 1 crosses row 1
    again = play(s, TendLarva(bee(1), Line("column", 1), ()))
    assert again.population == s.population and again.die == s.die   # nothing left there
    with pytest.raises(IllegalActionError):         # and the square is not empty for eggs
        play(replace(s, used=()), TendEggs(bee(1), sq(s, "R1C1", "R2C1", "R3C1")))


def test_plumose_on_a_bread_at_level_6_fills_the_colour_but_gains_nothing_ruling_h42():
    s = play(rolled([3, 1, 1, 1, 1, 1], bread=[1, 1, 6, 1, 1]), QueensAttendants(bee(3), 3))
    assert s.bread == (1, 1, 6, 1, 1) and s.jellies[3] == (3,)


def test_fly_drones_to_population_0_loses_before_the_hp_ruling_h40():
    s = play(rolled([5, 1, 1, 1, 1], population=3), QueensAttendants(bee(5), 1))
    assert s.status == "lost" and s.population == 0 and (s.die, s.position) == (1, 5)


def test_a_hyve_completed_by_larva_is_scored_at_once_ruling_h48():
    s = _nearly()
    s = play(replace(s, population=1), Refresh((3,)))
    s = play(s, QueensAttendants(bee(3), 2, larva=cells("E3", "A1", "A2")))
    # a larva on E3 instead of the example's blue nectar: 4 x 3 x 1
    assert s.scores == (12,) and s.active == 1
    assert [s.hyves[1][h].kind for h in cells("A1", "A2")] == ["larva", "larva"]


def test_sensilla_colours_each_space_entered_and_adds_its_nectar_ruling_h52():
    def turn(choices):
        s = new_scenario(STANDARD, perks=["sensilla"], bread=[6, 6, 1, 1, 1])
        s = play(s, Refresh((2, 1, 1, 1, 1, 1), sensilla=choices))
        s = replace(s, die=6)
        return play(s, QueensAttendants(bee(2), 1))     # Fly Drones: +4 HP, enters space 6

    s = turn(((4, parse_cell("E1")),))
    assert s.coloured == (6,) and (s.die, s.position) == (4, 6)
    assert s.hyves[0][parse_cell("E1")].variety == "4"
    s = play(play(s, gather_all(s)), SeasonalEffect(1))  # -2 HP: same space, nothing more
    assert s.turn == 2 and s.coloured == (6,)
    with pytest.raises(IllegalActionError) as exc:       # no choice for the space entered
        turn(())
    assert rule_of(exc) == "Hyve Legacy: Perks — Sensilla"
    extra = turn(((4, parse_cell("E1")), (3, parse_cell("E2"))))
    with pytest.raises(IllegalActionError) as exc:       # a choice left over at the turn's end
        play(play(extra, gather_all(extra)), SeasonalEffect(1))
    assert rule_of(exc) == "Hyve Legacy: Perks — Sensilla" and exc.value.given == 1
    # a seasonal effect's loss enters a space too: Spring 1, -2 HP from die 1 on 5 → space 4
    s = new_scenario(STANDARD, perks=["sensilla"], bread=[6, 1, 1, 1, 1])
    s = play(s, Refresh((1,) * 6, sensilla=((5, parse_cell("C3")),)))
    s = play(play(s, gather_all(s)), SeasonalEffect(1))
    assert s.coloured == (4,) and s.hyves[0][parse_cell("C3")].variety == "5"


def gather_all(s):
    empties = [h for h in cells("A1", "A2", "A3", "B1", "B2", "B3", "B4")
               if s.hyves[0][h].kind == "empty"]
    return GatherNectar(tuple(Placement(bee(f, 1 if f == 6 else None), h)
                              for f, h in zip(s.pool, empties)))


def test_dice_faces_in_a_turn_record_are_faces_not_wild_bee_values():
    """A rolled die shows a face 1-6 (6 the wild Bee face, also written W); "W3" is a wild
    Bee's chosen value, never a face; the wasp dice of Wasp War are plain D6."""
    from hyvekit.rules.hyve.record import _face
    assert [_face("dice", f) for f in (1, 5, 6, "W", "w", "4")] == [1, 5, 6, 6, 6, 4]
    for bad in ("W3", 7, 0, True, "Q"):
        with pytest.raises(InvalidInputError, match="die face 1-6"):
            _face("dice", bad)
    assert _face("wasp", 6, wasp=True) == 6
    with pytest.raises(InvalidInputError, match="a D6 face 1-6"):
        _face("wasp", "W", wasp=True)
