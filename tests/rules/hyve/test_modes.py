"""The Hyve game modes (hyve.txt, "Game Modes": Coldsnap, Mites Challenge, Wasp War, Bee Builder,
Turbo Mode, Long Live the Queen) — hyvekit/rules/hyve/modes.py; rulings H60–H81."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve import modes as m
from hyvekit.rules.hyve.modes import (Build, FormationHex, MarshalArea, MarshalBee, QueenFacts)
from hyvekit.rules.hyve.phases import Colony, apply_seasonal_effect, effect_hp
from hyvekit.data.hyve import sheet_definitions
from hyvekit.rules.hyve.scoring import (COLOURLESS, NECTAR, HyveGrid, cell_name, parse_cell,
                                        parse_hyve, score_hyve)
from hyvekit.rules.hyve.sheets import Demand, Effect, HpTrack, hexagon

SHEETS = sheet_definitions()
WASP = SHEETS["wasp-war"].wasp
BUILDER = SHEETS["bee-builder"]
TURBO = SHEETS["turbo"]
QUEEN = SHEETS["long-live-the-queen"]
NO_BUILT = (frozenset(),) * 6


def illegal(rule_part: str, fn, *args, **kwargs) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as exc:
        fn(*args, **kwargs)
    assert rule_part in exc.value.rule, exc.value.rule
    return exc.value


def invalid(fn, *args, **kwargs) -> InvalidInputError:
    with pytest.raises(InvalidInputError) as exc:
        fn(*args, **kwargs)
    return exc.value


# =============================================================================================
# Coldsnap and Mites Challenge
# =============================================================================================

def test_coldsnap_effects_are_all_applied_by_the_phases_ruling_h81():
    # Coldsnap: "Lose X Population", "Lose HP equal to X minus your current Population",
    # "Lose X HP per Bread Level that's less than level Y" — every effect on the shipped sheet
    # resolves through phases.apply_seasonal_effect.
    track = SHEETS["coldsnap"].hp_track
    state = Colony(population=10, die=1, position=track.start, bread_levels=(1, 2, 3, 4, 5))
    kinds = set()
    for season in SHEETS["coldsnap"].seasons:
        for effect in season.effects:
            r = apply_seasonal_effect(state, effect, scoring="flat", track=track)
            assert r.hp_lost == effect_hp(effect, 10, (1, 2, 3, 4, 5))
            assert r.status == "playing" and r.population_lost == effect.population
            kinds |= {k for k in ("population", "huddle", "bread_hp") if getattr(effect, k)}
    assert kinds == {"population", "huddle", "bread_hp"}
    # "Lose X HP per Bread Level that's less than level Y": X=3, Y=3 with levels 1,2,3,4,5 → 6
    assert effect_hp(Effect(bread_hp=3, bread_below=3), 10, (1, 2, 3, 4, 5)) == 6


ACTIVE = """
  y y L
 y b x .
. L b g .
 . . . .
  . . .
"""


def test_mites_example_loses_5_hp_1_population_and_crosses_out_a_nectar():
    # Mites Challenge: "This effect would cause you to lose 5 HP, 1 Population, and cross out a
    # Nectar from your active hyve! Crossed out Nectar are considered colorless for scoring."
    effect = Effect(hp=5, population=1, mites=1)
    state = Colony(population=6, die=6, position=5, bread_levels=(1, 1, 1, 1, 1))
    r = apply_seasonal_effect(state, effect, scoring="flat",
                              track=SHEETS["mites-challenge"].hp_track)
    assert r.hp_lost == 5 and r.population_lost == 1 and r.mites == 1
    grid = parse_hyve(ACTIVE)
    after = m.apply_mites(grid, r.mites, ["B2"])
    assert after[parse_cell("B2")].kind == COLOURLESS
    assert sum(1 for s in after.spaces if s.kind == NECTAR) == \
        sum(1 for s in grid.spaces if s.kind == NECTAR) - 1


def test_mites_choices_are_the_nectar_of_the_active_hyve_ruling_h80():
    grid = parse_hyve(ACTIVE)
    names = [cell_name(h) for h in m.mites_choices(grid)]
    assert names == ["A1", "A2", "B1", "B2", "C3", "C4"]     # not larva, x or empty


@pytest.mark.parametrize("cell", ["A3", "B3", "B4"])          # larva, crossed-out x, empty
def test_mites_refuse_a_hex_that_is_not_a_nectar(cell):
    err = illegal("Mites Challenge", m.check_mites, parse_hyve(ACTIVE), 1, [cell])
    assert err.given == cell


def test_mites_must_cross_out_exactly_one_per_icon_if_applicable_ruling_h80():
    grid = parse_hyve(ACTIVE)
    assert m.check_mites(grid, 2, ["A1", (0, 0)]) == (parse_cell("A1"), (0, 0))
    err = illegal("Mites Challenge", m.check_mites, grid, 2, ["A1"])
    assert (err.expected, err.given) == (2, 1)
    illegal("Mites Challenge", m.check_mites, grid, 2, ["A1", "A1"])
    # "(if applicable)": an active hyve without nectar needs nothing crossed out
    bare = HyveGrid.from_mapping({})
    assert m.mites_required(bare, 1) == 0 and m.apply_mites(bare, 1, []) == bare
    illegal("Mites Challenge", m.check_mites, bare, 1, ["C3"])
    invalid(m.check_mites, grid, 1, ["Z9"])
    invalid(m.mites_required, grid, -1)


# =============================================================================================
# Wasp War
# =============================================================================================

def area_with(defensive=((None,) * 3, (None,) * 3), offensive=((None,) * 5,) * 3,
              spent=frozenset()):
    return MarshalArea(tuple(defensive), tuple(offensive), frozenset(spent))


def test_example_wasp_attack_4_and_5_lose_2_hp_and_3_hp_and_heavy_9_two_population():
    # "If you rolled a 4 and a 5, then you'd lose the HP associated with those numbers (2 HP and
    # 3 HP respectively) as each of the Light Attacks. Then, add the two numbers together to
    # determine the Wasp Heavy Attack (9, which results in 2 lost population)."
    r = m.resolve_wasp_attack(WASP, (4, 5), MarshalArea.empty(WASP))
    assert [(ln.kind, ln.number, ln.hp, ln.population) for ln in r.lines] == [
        ("light", 4, 2, 0), ("light", 5, 3, 0), ("heavy", 9, 0, 2)]
    assert (r.heavy, r.hp, r.population, r.larva) == (9, 5, 2, 0)


def test_example_defensive_2_bee_blocks_a_rolled_2_which_still_counts_for_the_heavy():
    # "you placed a 2 Bee here to fill a defensive position. You may now cross out that filled
    # hex when a '2' is rolled ... to prevent that Light Attack from happening. Blocked Light
    # Attack(s) still contribute their value toward the Heavy Attack."
    area = m.apply_marshal(WASP, MarshalArea.empty(WASP), [("D1.1", 2)]).area
    assert area.reserves() == {2: (FormationHex("defensive", 1, 1),)}
    r = m.resolve_wasp_attack(WASP, (2, 6), area, ["D1.1"])
    assert [ln.outcome for ln in r.lines] == ["blocked", "hit", "hit"]
    assert r.lines[0].blocked_by == FormationHex("defensive", 1, 1)
    assert r.heavy == 8 and r.lines[2].population == WASP.attack(8).population
    assert r.hp == WASP.attack(6).hp
    assert r.area.spent == {FormationHex("defensive", 1, 1)} and r.area.reserves() == {}
    # not blocking is allowed ("You may")
    assert m.resolve_wasp_attack(WASP, (2, 6), area).lines[0].outcome == "hit"


def test_example_offensive_formation_totalling_10_crosses_out_the_10_attack():
    # "After filling the last space of this formation, the total value of all the colors in
    # this formation equals '10', so we cross off and negate the '10' attack."
    area = area_with(offensive=((1, 2, 3, None, None), (None,) * 5, (None,) * 5))
    res = m.apply_marshal(WASP, area, [MarshalBee("O1.4", 1), MarshalBee("O1.5", 3)])
    assert [(i, r.total, r.crossed) for i, r in res.completed] == [(1, 10, 10)]
    assert res.area.crossed_attacks == {10}
    r = m.resolve_wasp_attack(WASP, (4, 6), res.area)
    assert r.lines[2].outcome == "crossed out" and r.population == 0
    assert r.hp == WASP.attack(4).hp + WASP.attack(6).hp


def test_offensive_formation_over_12_fails_ruling_h63():
    assert m.offensive_result([5, 5, 3]).failed
    assert m.offensive_result([4, 4, 4]).crossed == 12
    area = area_with(offensive=((5, 5, 5, None, None), (None,) * 5, (None,) * 5))
    res = m.apply_marshal(WASP, area, [("O1.4", 1), ("O1.5", 3)])
    assert res.completed[0][1].failed and res.area.crossed_attacks == frozenset()
    illegal("Offensive Formation", m.offensive_result, [1, None, 2])


def test_a_crossed_out_number_negates_light_and_heavy_attacks_ruling_h63():
    area = area_with(offensive=((1, 1, 1, 1, 2), (2, 2, 2, 2, 4), (None,) * 5))
    assert area.crossed_attacks == {6, 12}
    r = m.resolve_wasp_attack(WASP, (6, 6), area)
    assert [ln.outcome for ln in r.lines] == ["crossed out"] * 3
    assert (r.hp, r.population, r.larva) == (0, 0, 0)


def test_marshal_places_up_to_two_non_matching_bees_ruling_h61():
    empty = MarshalArea.empty(WASP)
    res = m.apply_marshal(WASP, empty, [("D2.3", 4), ("O3.1", 6, 1)])   # wild written as 1
    assert res.area.value(FormationHex("defensive", 2, 3)) == 4
    assert res.area.value(FormationHex("offensive", 3, 1)) == 1
    err = illegal("Marshal", m.check_marshal, WASP, empty, [("D1.1", 3), ("D1.2", 3)])
    assert err.given == [3, 3]
    illegal("Marshal", m.check_marshal, WASP, empty, [("D1.1", 3), ("D1.2", 6, 3)])
    err = illegal("Marshal", m.check_marshal, WASP, empty,
                  [("D1.1", 1), ("D1.2", 3), ("D1.3", 4)])
    assert err.expected == "at most 2"
    illegal("Marshal", m.check_marshal, WASP, res.area, [("D2.3", 1)])          # filled
    illegal("Marshal", m.check_marshal, WASP, empty, [("D1.1", 1), ("D1.1", 2)])
    spent = area_with(defensive=((2, None, None), (None,) * 3),
                      spent={FormationHex("defensive", 1, 1)})
    illegal("Marshal", m.check_marshal, WASP, spent, [("D1.1", 2)])             # crossed out


def test_marshal_area_is_the_printed_formations_in_sheet_order_ruling_h60():
    empty = MarshalArea.empty(WASP)
    assert [len(f) for f in empty.defensive] == [len(f) for f in WASP.defensive] == [3, 3]
    assert [len(f) for f in empty.offensive] == [5, 5, 5]
    m.check_area(WASP, empty)
    invalid(m.check_area, WASP, area_with(defensive=((None,) * 3,)))
    invalid(m.check_area, WASP, area_with(offensive=((None,) * 4,) * 3))
    invalid(m.resolve_wasp_attack, WASP, (1, 2), area_with(defensive=((7, None, None),
                                                                       (None,) * 3)))
    invalid(m.check_area, WASP, area_with(spent={FormationHex("defensive", 1, 1)}))


def test_marshal_malformed_input_is_invalid():
    empty = MarshalArea.empty(WASP)
    invalid(m.check_marshal, WASP, empty, [("X1.1", 3)])
    invalid(m.check_marshal, WASP, empty, [("D3.1", 3)])          # only 2 defensive formations
    invalid(m.check_marshal, WASP, empty, [("O1.6", 3)])          # a V has 5 hexes
    invalid(m.check_marshal, WASP, empty, [("D1.1", 6)])          # wild without its value
    invalid(m.check_marshal, WASP, empty, [("D1.1", 7)])
    invalid(m.check_marshal, WASP, empty, [("D1.1", 3, 4)])       # only a wild stands for another
    assert str(m.parse_formation_hex("o3.5")) == "O3.5"


def test_blocks_are_refused_unless_a_matching_unspent_defensive_reserve_ruling_h62():
    area = area_with(defensive=((2, 5, None), (None,) * 3),
                     offensive=((1, 1, 1, 1, 1), (None,) * 5, (None,) * 5))
    assert area.crossed_attacks == {5}
    illegal("Defensive", m.resolve_wasp_attack, WASP, (3, 4), area, ["D1.1"])   # 2 not rolled
    illegal("Defensive", m.resolve_wasp_attack, WASP, (3, 4), area, ["D1.3"])   # empty hex
    illegal("Defensive", m.resolve_wasp_attack, WASP, (1, 4), area, ["O1.1"])   # offensive
    illegal("Defensive", m.resolve_wasp_attack, WASP, (2, 3), area, ["D1.1", "D1.1"])
    illegal("Defensive", m.resolve_wasp_attack, WASP, (5, 3), area, ["D1.2"])   # 5 crossed out
    spent = MarshalArea(area.defensive, area.offensive,
                        frozenset({FormationHex("defensive", 1, 1)}))
    illegal("Defensive", m.resolve_wasp_attack, WASP, (2, 3), spent, ["D1.1"])


def test_two_equal_light_attacks_need_two_reserves_and_heavy_is_never_blocked():
    area = area_with(defensive=((3, 3, None), (None,) * 3))
    r = m.resolve_wasp_attack(WASP, (3, 3), area, ["D1.1", "D1.2"])
    assert [ln.outcome for ln in r.lines] == ["blocked", "blocked", "hit"]
    assert r.hp == WASP.attack(6).hp and r.larva == WASP.attack(6).larva


def test_wild_face_counts_6_and_larva_is_capped_by_the_populated_larva_ruling_h64():
    # "(Wild Bees count as '6' for this purpose)"; larva "Cross out 1 populated Larva ... for
    # each of these icons"
    r = m.resolve_wasp_attack(WASP, (6, 6), MarshalArea.empty(WASP))
    demanded = 2 * WASP.attack(6).larva + WASP.attack(12).larva
    assert r.heavy == 12 and r.larva_demanded == demanded == 4
    assert m.resolve_wasp_attack(WASP, (6, 6), MarshalArea.empty(WASP),
                                 populated_larva=1).larva == 1
    invalid(m.resolve_wasp_attack, WASP, (0, 3), MarshalArea.empty(WASP))
    invalid(m.resolve_wasp_attack, WASP, (3,), MarshalArea.empty(WASP))


def test_tenacity_reduces_the_wasp_attack_population_loss_once_ruling_h64():
    plain = m.resolve_wasp_attack(WASP, (5, 6), MarshalArea.empty(WASP))
    tough = m.resolve_wasp_attack(WASP, (5, 6), MarshalArea.empty(WASP), tenacity=True)
    assert plain.population == 3 and tough.population == 2


def test_roll_wasp_attack_uses_the_injected_random():
    a = m.roll_wasp_attack(random.Random(7))
    assert a == m.roll_wasp_attack(random.Random(7))
    assert all(1 <= d <= 6 for d in a)


def test_wasp_war_round_track_and_win_loss_ruling_h65():
    track = SHEETS["wasp-war"].hp_track
    assert m.wasp_round(WASP, 0) == 1 and m.wasp_round(WASP, WASP.rounds - 1) == WASP.rounds
    invalid(m.wasp_round, WASP, WASP.rounds)
    end = m.wasp_war_end(WASP, track, population=4, hp_position=2, rounds_done=WASP.rounds,
                         hyves_completed=3)
    assert end.status == "won" and end.wins == ("all turns",)
    assert m.wasp_war_end(WASP, track, population=4, hp_position=2, rounds_done=5,
                          hyves_completed=3).status == "playing"
    end = m.wasp_war_end(WASP, track, population=0, hp_position=2, rounds_done=WASP.rounds,
                         hyves_completed=3)
    assert end.status == "lost"
    assert m.wasp_war_end(WASP, track, population=3, hp_position=track.top, rounds_done=2,
                          hyves_completed=0).wins == ("thriving",)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_offensive_total_ignores_the_order_of_the_hexes(values, rnd):
    shuffled = list(values)
    rnd.shuffle(shuffled)
    assert m.offensive_result(values) == m.offensive_result(shuffled)
    r = m.offensive_result(values)
    assert r.failed == (sum(values) > 12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6))
def test_wasp_attack_totals_do_not_depend_on_the_dice_order(a, b):
    area = area_with(offensive=((1, 1, 1, 1, 3), (None,) * 5, (None,) * 5))
    x = m.resolve_wasp_attack(WASP, (a, b), area)
    y = m.resolve_wasp_attack(WASP, (b, a), area)
    assert (x.hp, x.population, x.larva, x.heavy) == (y.hp, y.population, y.larva, y.heavy)


# =============================================================================================
# Bee Builder
# =============================================================================================

SHAPES = BUILDER.builder_shapes
HYVES = BUILDER.hyves
LINE = ((-2, 0), (-1, 0), (0, 0), (1, 0))             # shape 1 through the middle of a hyve


def built(**by_hyve):
    out = [frozenset()] * 6
    for key, hexes in by_hyve.items():
        out[int(key[1:]) - 1] = frozenset(hexes)
    return tuple(out)


def test_example_build_a_1_and_a_4_bee_draws_the_two_shapes():
    # "Placing a '1' and '4' type bee here would allow you to draw the two corresponding
    # shapes. These hexes can now be filled with Nectar or Larva!"
    four = ((-1, 1), (0, 1), (1, 1), (2, 0))           # shape 4 below the line, touching it
    after = m.apply_build(SHAPES, HYVES, NO_BUILT, 1, [Build(1, 1, LINE), Build(4, 1, four)])
    assert after[0] == frozenset(LINE) | frozenset(four) and after[1:] == NO_BUILT[1:]
    assert m.check_builder_placement(HYVES, after, 1, 1, [(0, 1)]) is False


def test_the_first_shape_goes_anywhere_in_the_topmost_hyve_only():
    m.check_build(SHAPES, HYVES, NO_BUILT, 1, [Build(1, 1, LINE)])
    err = illegal("Build Action", m.check_build, SHAPES, HYVES, NO_BUILT, 1,
                  [Build(1, 2, LINE)])
    assert (err.expected, err.given) == (1, 2)


def test_shapes_may_be_rotated_and_flipped_but_must_be_their_own_shape_ruling_h66():
    turned = m.rotate_hexes(LINE, 1)
    m.check_build(SHAPES, HYVES, NO_BUILT, 1, [Build(1, 1, turned)])
    err = illegal("Build Action", m.check_build, SHAPES, HYVES, NO_BUILT, 1,
                  [Build(2, 1, LINE)])                 # a line is not the 2 shape
    assert "2 Bee" in err.message
    illegal("Build Action", m.check_build, SHAPES, HYVES, NO_BUILT, 1,
            [Build(1, 1, turned)], turn=False)         # strict tables: no turning


def test_later_shapes_must_touch_built_ones_and_not_overlap():
    b = built(h1=LINE)
    m.check_build(SHAPES, HYVES, b, 1, [Build(1, 1, ((-2, 1), (-1, 1), (0, 1), (1, 1)))])
    m.check_build(SHAPES, HYVES, b, 1, [Build(1, 1, ((-1, -1), (0, -1), (1, -1), (2, -1)))])
    invalid(m.check_build, SHAPES, HYVES, b, 1, [Build(1, 1, ((-2, 2), (-1, 2), (0, 2),
                                                              (None, 2)))])
    err = illegal("Build Action", m.check_build, SHAPES, HYVES, b, 1,
                  [Build(1, 1, ((-2, 2), (-1, 2), (0, 2), (-1, 2)))])     # a hex twice
    assert err.given == ["E1", "E2", "E3", "E2"]          # the sheet's names, not axial
    illegal("Build Action", m.check_build, SHAPES, HYVES, b, 1, [Build(1, 1, LINE)])  # overlap


def test_a_build_not_touching_the_built_hexes_is_refused():
    low = ((-2, 1), (-1, 1), (0, 1), (1, 1))             # a line one row below the middle
    lone = ((1, -2), (2, -2), (0, -1), (1, -1))          # the 2 shape in the top two rows
    assert m.same_shape(dict(SHAPES)[2], lone)
    err = illegal("Build Action", m.check_build, SHAPES, HYVES, built(h1=low), 1,
                  [Build(2, 1, lone)])
    assert "connected" in err.message
    m.check_build(SHAPES, HYVES, built(h1=LINE), 1, [Build(2, 1, lone)])


def test_shapes_of_one_action_may_connect_to_each_other_and_wild_draws_any_ruling_h68():
    second = ((-2, 1), (-1, 1), (0, 1), (1, 1))
    m.check_build(SHAPES, HYVES, NO_BUILT, 1, [Build(6, 1, LINE, as_value=1),
                                              Build(1, 1, second)])
    invalid(m.check_build, SHAPES, HYVES, NO_BUILT, 1, [Build(6, 1, LINE)])   # which shape?
    invalid(m.check_build, SHAPES, HYVES, NO_BUILT, 1, [Build(1, 1, ((5, 5),) * 4)])
    invalid(m.check_build, SHAPES, HYVES, NO_BUILT, 1, [Build(1, 7, LINE)])


def test_building_ahead_needs_the_hyve_before_and_never_goes_back_ruling_h67():
    b = built(h1=LINE)
    m.check_build(SHAPES, HYVES, b, 1, [Build(1, 2, LINE)])          # building ahead
    err = illegal("Build Action", m.check_build, SHAPES, HYVES, b, 1, [Build(1, 3, LINE)])
    assert "hyve 2" in err.message
    m.check_build(SHAPES, HYVES, b, 1, [Build(1, 2, LINE), Build(1, 3, LINE)])
    b2 = built(h1=LINE, h2=LINE)
    err = illegal("Hyves & Migration", m.check_build, SHAPES, HYVES, b2, 2,
                  [Build(1, 1, ((-2, 1), (-1, 1), (0, 1), (1, 1)))])
    assert (err.expected, err.given) == ("hyve 2 or later", 1)


def test_nectar_and_larva_only_on_built_hexes_and_the_next_hyve_migrates_ruling_h69():
    b = built(h1=LINE, h2=LINE)
    assert m.check_builder_placement(HYVES, b, 1, 1, [(0, 0)]) is False
    assert m.check_builder_placement(HYVES, b, 1, 2, [(0, 0)]) is True     # Migration
    illegal("Build Action", m.check_builder_placement, HYVES, b, 1, 1, [(0, 1)])   # unbuilt
    illegal("Build Action", m.check_builder_placement, HYVES, b, 1, 1, [(0, 0)],
            occupied=[(0, 0)])
    illegal("Hyves & Migration", m.check_builder_placement, HYVES, b, 2, 1, [(0, 0)])
    illegal("Hyves & Migration", m.check_builder_placement, HYVES, b, 1, 3, [(0, 0)])
    invalid(m.check_builder_placement, HYVES, b, 1, 1, [(9, 9)])


def _full_minus(*holes):
    return frozenset(h for h in hexagon(2) if h not in set().union(*map(set, holes)))


def test_example_drawing_the_last_shape_in_the_6th_hyve_wins():
    # "Drawing this shape in the 6th hyve would immediately result in victory, since there is
    # no longer any space to build another shape (each shape is composed of four hexes)."
    gap = ((0, -2), (1, -2), (2, -2))                  # 3 hexes: too small for any shape
    last = LINE
    before = built(h1=hexagon(2), h2=hexagon(2), h3=hexagon(2), h4=hexagon(2),
                   h5=hexagon(2), h6=_full_minus(gap, last))
    assert not m.builder_end_reached(SHAPES, HYVES, before)
    after = m.apply_build(SHAPES, HYVES, before, 6, [Build(1, 6, last)])
    assert m.builder_end_reached(SHAPES, HYVES, after)
    # the 3-hex gap still accepts nectar or larva: gaps do not matter for the win
    assert len(set(hexagon(2)) - after[5]) == 3


def test_builder_end_needs_a_shape_in_the_6th_hyve_ruling_h70():
    assert not m.builder_end_reached(SHAPES, HYVES, NO_BUILT)
    assert not m.builder_end_reached(SHAPES, HYVES, built(h5=LINE))
    assert list(m.legal_builds(SHAPES, HYVES, built(h5=LINE), 5, 6, values=[1]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(0, 5), st.booleans(), st.sampled_from(hexagon(2)))
def test_a_build_is_legal_in_any_rotation_or_mirror_image(value, turns, flip, anchor):
    shape = dict(SHAPES)[value]
    moved = m.rotate_hexes(m.flip_hexes(shape) if flip else shape, turns)
    assert m.same_shape(shape, moved)
    q0, r0 = moved[0]
    placed = tuple((q - q0 + anchor[0], r - r0 + anchor[1]) for q, r in moved)
    inside = all(h in set(hexagon(2)) for h in placed)
    if inside:
        m.check_build(SHAPES, HYVES, NO_BUILT, 1, [Build(value, 1, placed)])
    else:
        invalid(m.check_build, SHAPES, HYVES, NO_BUILT, 1, [Build(value, 1, placed)])


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=6),
       st.integers(0, 5), st.booleans(), st.integers(-4, 4), st.integers(-4, 4))
def test_same_shape_is_invariant_under_rotation_mirror_and_translation(cells, k, flip, dq, dr):
    cells = tuple(cells)
    moved = m.rotate_hexes(m.flip_hexes(cells) if flip else cells, k)
    moved = tuple((q + dq, r + dr) for q, r in moved)
    assert m.same_shape(cells, moved)
    assert m.orientations(cells) == m.orientations(cells)
    assert set(m.orientations(moved)) == set(m.orientations(cells))


# =============================================================================================
# Turbo Mode
# =============================================================================================

def test_example_repurpose_a_2_and_a_2_rerolls_4():
    # "When placing a 2, double the amount of dice rolled. Placing a 2 and a 2, for example,
    # would allow you to re-roll 4 dice."
    assert m.turbo_repurpose_rerolls([2, 2], unassigned=6) == (4,)
    assert m.turbo_repurpose_rerolls([3, 2], unassigned=6) == (6,)
    assert m.turbo_repurpose_rerolls([3], unassigned=6) == (3,)


def test_repurpose_wild_boosted_doubles_1_to_5_and_limits_to_unassigned_ruling_h72():
    assert m.turbo_repurpose_rerolls([6, 2], unassigned=7) == (2, 4, 6)
    assert m.turbo_repurpose_rerolls([6], unassigned=9) == (1, 2, 3, 4, 5)
    err = illegal("Repurpose", m.turbo_repurpose_rerolls, [4, 2], unassigned=7)
    assert err.given == 8
    assert m.turbo_repurpose_rerolls([2], unassigned=7) == ()        # a lone 2: no effect


def test_at_most_one_boost_bee_per_action_ruling_h71():
    assert m.split_turbo_bees("tend-eggs", [2]).no_effect
    assert m.split_turbo_bees("bakery", [3, 3, 2]) == m.TurboBees((3, 3), True)
    illegal("Action Boost", m.split_turbo_bees, "tend-eggs", [1, 2, 2])
    illegal("Action Boost", m.split_turbo_bees, "repurpose", [2, 2, 2])
    illegal("Action Boost", m.split_turbo_bees, "tend-larva", [1, 3, 2])
    invalid(m.split_turbo_bees, "marshal", [1])
    invalid(m.split_turbo_bees, "bakery", [])


def test_example_bakery_2_bees_with_a_2_type_bee_count_4_upgrade_2_to_3_one_wasted():
    # "2 Blue Bees along with a 2-type Bee would give you 4 Blue Bees to work with! You could
    # upgrade from Level 2 to Level 3 with 3 of them, but the remaining Blue Bee wouldn't do
    # anything."  (Blue is 3-type here: Turbo's 2-type Bees have no colour.)
    r = m.turbo_bakery([3, 3, 2], (1, 6, 2, 1, 1))
    assert (r.bread_type, r.new_level, r.counted, r.wasted) == (3, 3, 4, 1)


def test_bakery_refusals_ruling_h73():
    levels = (1, 6, 2, 1, 1)
    assert m.turbo_bakery([3, 3, 6], levels).new_level == 3           # unboosted: exactly 3
    illegal("Bakery", m.turbo_bakery, [3, 3], levels)                  # 2 placed, 3 needed
    illegal("Bakery", m.turbo_bakery, [3, 2], levels)                  # 1 × 2 = 2 < 3
    illegal("Bakery", m.turbo_bakery, [3, 4, 2], levels)               # mixed set
    illegal("Bakery", m.turbo_bakery, [2], levels)                     # lone boost
    err = illegal("Bakery", m.turbo_bakery, [6, 6, 6, 6, 6, 6, 6], levels, bread_type=2)
    assert "max" in err.message                                        # 2-type starts at max
    assert m.turbo_bakery([6, 2], (1, 6, 1, 1, 1), bread_type=4).new_level == 2
    invalid(m.turbo_bakery, [6, 2], levels)                            # wild set: which type?
    illegal("Bakery", m.turbo_bakery, [3, 3, 2], levels, bread_type=4)


def test_example_tend_eggs_a_1_and_a_2_place_two_line_shapes():
    # "If you place a 1 Bee and a 2 Bee here, you would able to place TWO line shapes"
    assert m.turbo_tend_eggs([1, 2], TURBO.chamber) == (1, 2)
    assert m.turbo_tend_eggs([4], TURBO.chamber) == (4, 1)
    assert m.turbo_tend_eggs([6, 2], TURBO.chamber, as_value=5) == (5, 2)
    assert m.turbo_tend_eggs([2], TURBO.chamber) == (2, 0)
    invalid(m.turbo_tend_eggs, [6], TURBO.chamber)
    illegal("Action Boost", m.turbo_tend_eggs, [1, 3], TURBO.chamber)


def test_tend_larva_boost_circles_row_and_column_ruling_h74():
    # "Placing a 2 here with another Bee allows you to circle both the row AND column
    # associated with the other placed Bee."
    assert m.turbo_tend_larva_options([3, 2], TURBO.chamber) == ((("row", 3), ("column", 3)),)
    assert m.turbo_tend_larva_options([3], TURBO.chamber) == ((("row", 3),), (("column", 3),))
    wild = m.turbo_tend_larva_options([6], TURBO.chamber)
    assert (("wild", 0),) in wild and len(wild) == 9
    boosted = m.turbo_tend_larva_options([6, 2], TURBO.chamber)
    assert len(boosted) == 4 and all(len(o) == 2 for o in boosted)
    assert m.turbo_tend_larva_options([2], TURBO.chamber) == ()


def test_example_attendants_a_6_and_a_2_take_two_different_jelly_actions():
    # "If you place a 6 Bee and a 2 Bee here, you would be able to take 2 different actions as
    # long as there is space in those actions to fill in (since 6's are wild)."
    jellies = m.turbo_jellies_at_setup(len(TURBO.jellies), TURBO.jelly_prefilled)
    assert jellies == (frozenset({2}),) * 4                       # 2-spots pre-filled
    assert m.check_turbo_jelly([6, 2], jellies, [(1, 5), (3, 1)]) == ()
    illegal("Queen's Attendants", m.check_turbo_jelly, [6, 2], jellies, [(1, 5), (1, 1)])
    illegal("Queen's Attendants", m.check_turbo_jelly, [6, 2], jellies, [(1, 5)])


def test_attendants_colour_and_completion_ruling_h75():
    jellies = (frozenset({1, 2, 3, 4}), frozenset({2}))
    assert m.check_turbo_jelly([5, 2], jellies, [(1, 5), (2, 5)]) == (1,)   # jelly 1 complete
    assert m.check_turbo_jelly([5], jellies, [(2, 5)]) == ()
    illegal("Queen's Attendants", m.check_turbo_jelly, [5], jellies, [(2, 4)])   # not its colour
    illegal("Queen's Attendants", m.check_turbo_jelly, [6], jellies, [(1, 2)])   # pre-filled 2
    illegal("Queen's Attendants", m.check_turbo_jelly, [2], jellies, [(2, 5)])   # lone 2
    assert m.check_turbo_jelly([2], jellies, []) == ()
    invalid(m.check_turbo_jelly, [5], jellies, [(3, 5)])


def test_gather_nectar_2_type_bees_make_colourless_x():
    # "each 2-type Bee assigned produces an 'X' instead of colored Nectar"
    assert m.turbo_gather_nectar([1, 2, 2, 5, 6]) == ((1, 5, 6), 2)
    grid = parse_hyve("""
      1 1 x
     1 x x 3
    x x x 3 3
     x x x x
      x x x
    """)
    assert score_hyve(grid).product == 3 * 3                      # X walls keep 1s and 3s apart


# =============================================================================================
# Long Live the Queen
# =============================================================================================

def facts(**kw):
    base = dict(jelly_coloured=False, bread_upgraded=False, hyves_completed=0, population=6,
                bread_levels=(1, 1, 1, 1, 1), hp_position=QUEEN.hp_track.start)
    return QueenFacts(**{**base, **kw})


def test_example_royal_jelly_and_bread_both_this_turn_gain_2_approval():
    # "Here determine if you colored any portion of a Royal Jelly and if you increased a Bread
    # Level this turn. If both are true you'd gain 2 Approval."  (summer: spring's demand
    # stacks with summer's)
    check = m.judge_demands(QUEEN, 1, facts(jelly_coloured=True, bread_upgraded=True))
    assert (check.approval, check.disapproval) == (2, 0)
    check = m.judge_demands(QUEEN, 1, facts(jelly_coloured=True))
    assert (check.approval, check.disapproval) == (1, 1)
    m.check_approval_claim(check, 1, 1)
    err = illegal("Demands", m.check_approval_claim, check, 2, 0)
    assert err.expected == (1, 1)


def test_demands_stack_by_season_ruling_h76():
    assert [d.kind for d in m.demands_in_force(QUEEN, 0)] == ["royal-jelly"]
    assert [d.kind for d in m.demands_in_force(QUEEN, 3)] == [
        "royal-jelly", "bread-upgrade", "hyves", "population"]
    invalid(m.demands_in_force, QUEEN, 4)
    invalid(m.demands_in_force, SHEETS["standard"], 0)


@pytest.mark.parametrize("demand,yes,no", [
    (Demand("hyves", 2), dict(hyves_completed=2), dict(hyves_completed=1)),
    (Demand("population", 8), dict(population=9), dict(population=8)),
    (Demand("bread-levels", 1), dict(bread_levels=(2, 2, 2, 2, 2)),
     dict(bread_levels=(2, 2, 1, 2, 2))),
    (Demand("hp-above-start"), dict(hp_position=QUEEN.hp_track.start + 1),
     dict(hp_position=QUEEN.hp_track.start)),
    (Demand("royal-jelly"), dict(jelly_coloured=True), {}),
    (Demand("bread-upgrade"), dict(bread_upgraded=True), {}),
])
def test_each_demand_kind_met_and_unmet_rulings_h77_h78(demand, yes, no):
    assert m.demand_met(demand, facts(**yes), QUEEN.hp_track)
    assert not m.demand_met(demand, facts(**no), QUEEN.hp_track)


def test_demand_facts_out_of_range_are_invalid():
    invalid(m.demand_met, Demand("hyves", 2), facts(hyves_completed=7), QUEEN.hp_track)
    invalid(m.demand_met, Demand("hyves", 2), facts(bread_levels=(1, 1)), QUEEN.hp_track)
    invalid(m.demand_met, Demand("nectar", 2), facts(), QUEEN.hp_track)


def test_coronation_needs_at_least_one_more_approval_ruling_h79():
    track = QUEEN.hp_track
    args = dict(population=5, hp_position=track.start, turns_done=QUEEN.turns,
                total_turns=QUEEN.turns, hyves_completed=3)
    assert m.coronation(5, 4) and not m.coronation(4, 4)
    won = m.queen_end(track, approval=5, disapproval=4, **args)
    assert won.status == "won" and won.wins == ("all turns",)
    lost = m.queen_end(track, approval=4, disapproval=4, **args)
    assert lost.status == "lost" and "no coronation" in lost.losses[0]
    dead = m.queen_end(track, approval=9, disapproval=0, **{**args, "population": 0})
    assert dead.status == "lost" and dead.losses == ("population 0",)
    playing = m.queen_end(track, approval=0, disapproval=9, **{**args, "turns_done": 3})
    assert playing.status == "playing"


def test_no_thriving_space_in_long_live_the_queen_ruling_h4():
    # "You will notice there is no 'thriving' space on this board."
    track = QUEEN.hp_track
    end = m.queen_end(track, population=5, hp_position=track.top, turns_done=3,
                      total_turns=QUEEN.turns, hyves_completed=0, approval=9, disapproval=0)
    assert end.status == "playing"
    invalid(m.queen_end, HpTrack(spaces=18, start=5), population=5, hp_position=5,
            turns_done=3, total_turns=16, hyves_completed=0, approval=1, disapproval=0)
