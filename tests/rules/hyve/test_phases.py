"""Phase functions of a HYVE turn (hyve.txt: 1. Refresh, 4. Feed Bees, 5. Migration,
6. Seasonal Effects, How to Win (or Lose), Legacy perks, Coldsnap, Mites Challenge)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.phases import (Colony, Perks, apply_seasonal_effect, change_population,
                                       check_end, effect_hp, feed_bees, migration_loss,
                                       refresh_dice, season_position)
from hyvekit.data.hyve import sheet_definitions
from hyvekit.rules.hyve.sheets import Effect, HpTrack

TRACK = HpTrack(spaces=18, start=5)


@pytest.fixture(scope="module")
def sheets():
    return sheet_definitions()


def colony(population=6, die=1, position=5, bread=(1, 1, 1, 1, 1)):
    return Colony(population=population, die=die, position=position, bread_levels=bread)


def apply(effect, state=None, perks=Perks(), scoring="flat"):
    return apply_seasonal_effect(state or colony(), effect, scoring=scoring, track=TRACK,
                                 perks=perks)


# --- 1. Refresh --------------------------------------------------------------------------------

def test_refresh_example_15_population_rolls_10():
    assert refresh_dice(15) == 10


def test_refresh_example_8_population_rolls_8():
    assert refresh_dice(8) == 8
    assert refresh_dice(8, chosen=8) == 8


def test_refresh_without_controlled_rolls_refuses_another_count_naming_the_rule():
    with pytest.raises(IllegalActionError) as exc:
        refresh_dice(8, chosen=5)
    assert exc.value.rule == "Hyve: Refresh"
    assert "expected 8, got 5" in str(exc.value)


def test_controlled_rolls_any_number_less_than_population_ruling_h20():
    assert refresh_dice(8, controlled_rolls=True, chosen=5) == 5
    assert refresh_dice(8, controlled_rolls=True, chosen=0) == 0
    assert refresh_dice(8, controlled_rolls=True) == 8          # not required to choose
    assert refresh_dice(15, controlled_rolls=True, chosen=7) == 7
    for pop, bad in ((15, 12), (8, 9)):                           # max 10; not more than pop
        with pytest.raises(IllegalActionError) as exc:
            refresh_dice(pop, controlled_rolls=True, chosen=bad)
        assert "Controlled Rolls" in exc.value.rule


def test_refresh_with_population_0_is_refused_the_scenario_is_lost():
    with pytest.raises(IllegalActionError) as exc:
        refresh_dice(0)
    assert exc.value.rule == "Hyve: How to Win (or Lose)"
    with pytest.raises(InvalidInputError):
        refresh_dice(-1)


# --- 4. Feed Bees ------------------------------------------------------------------------------

def test_feed_bees_example_one_unsupported_3_bee_and_wild_bees():
    # 1-, 4- and 5-Bees supported; three 3-Bees on bread level 2; two wild Bees
    bees = {1: 1, 3: 3, 4: 2, 5: 1, 6: 2}
    result = feed_bees(bees, (1, 1, 2, 2, 1), population=9)
    assert result.unsupported == (0, 0, 1, 0, 0)
    assert result.wild == 2
    assert result.population_lost == 3
    assert result.change.after == 6


def test_feed_bees_takes_six_counts_and_refuses_bad_input():
    assert feed_bees([2, 0, 0, 0, 0, 1], [1, 1, 1, 1, 1]).population_lost == 2
    with pytest.raises(InvalidInputError):
        feed_bees([1, 1, 1], [1, 1, 1, 1, 1])
    with pytest.raises(InvalidInputError):
        feed_bees({7: 1}, [1, 1, 1, 1, 1])
    with pytest.raises(InvalidInputError):
        feed_bees({1: 1}, [1, 1, 1, 1])


def test_resiliance_gains_exactly_1_hp_when_feeding_loses_population_ruling_h24():
    perks = Perks(resiliance=True)
    assert feed_bees({6: 3}, (1,) * 5, population=8, perks=perks).change.hp_gained == 1
    assert feed_bees({1: 1}, (1,) * 5, population=8, perks=perks).change.hp_gained == 0
    # a loss that ends the scenario gives nothing
    assert feed_bees({6: 3}, (1,) * 5, population=3, perks=perks).change.hp_gained == 0


def test_vigorous_gains_exactly_1_hp_when_gaining_population():
    change = change_population(5, 4, Perks(vigorous=True))
    assert (change.after, change.gained, change.hp_gained) == (9, 4, 1)
    assert change_population(5, 4).hp_gained == 0
    assert change_population(5, 0, Perks(vigorous=True)).hp_gained == 0


# --- 5. Migration ------------------------------------------------------------------------------

def test_scaling_migration_loses_the_season_flat_amount(sheets):
    standard = sheets["standard"]
    result = migration_loss(1, 9, standard, season_index=3)      # winter: 3 a hyve
    assert result.losses == (3,) and result.change.after == 6
    assert migration_loss(2, 9, standard, 1).losses == (2, 2)     # summer: 2 a hyve
    assert migration_loss(0, 9, standard, 1).population_lost == 0


def test_proportional_migration_loses_a_third_rounded_down():
    result = migration_loss(1, 10, "proportional")
    assert result.losses == (3,) and result.change.after == 7
    assert migration_loss(1, 2, "proportional").population_lost == 0


def test_two_proportional_migrations_compound_ruling_h21(sheets):
    result = migration_loss(2, 9, sheets["wasp-war"])            # 9 → 6 → 4
    assert result.losses == (3, 2)
    assert result.change.after == 4 and result.change.lost == 5


def test_migratory_gains_1_hp_per_crossed_out_effect_per_migration_ruling_h23(sheets):
    standard = sheets["standard"]
    pos = season_position(standard, 6)                           # summer, 2 crossed out
    assert (pos.season_index, pos.crossed_out) == (1, 2)
    perks = Perks(migratory=True)
    one = migration_loss(1, 9, standard, pos.season_index, crossed_out=pos.crossed_out,
                         perks=perks)
    assert one.hp_gained == 2
    two = migration_loss(2, 9, standard, pos.season_index, crossed_out=pos.crossed_out,
                         perks=perks)
    assert two.hp_gained == 4
    assert migration_loss(1, 9, standard, 1, crossed_out=2).hp_gained == 0


def test_resiliance_on_each_migration_and_tenacity_not_ruling_h25(sheets):
    both = Perks(resiliance=True, tenacity=True)
    result = migration_loss(2, 9, "proportional", perks=both)
    assert result.hp_gained == 2
    assert result.losses == (3, 2)                               # Tenacity: seasonal only


def test_scaling_string_setting_needs_the_loss():
    assert migration_loss(1, 5, "scaling", scaling_loss=2).change.after == 3
    with pytest.raises(InvalidInputError):
        migration_loss(1, 5, "scaling")
    with pytest.raises(InvalidInputError):
        migration_loss(1, 5, "sideways")


# --- 6. Seasonal Effects -----------------------------------------------------------------------

def test_seasonal_effect_example_summer_choices(sheets):
    standard = sheets["standard"]
    pos = season_position(standard, 6)
    season = standard.seasons[pos.season_index]
    assert season.name == "Summer"
    # the player crossed out two summer effects (4 HP, 5 HP) in turns 5 and 6
    left = season.effects[pos.crossed_out:]
    results = [apply(e, colony(population=6)) for e in left]
    assert [(r.hp_lost, r.population_lost) for r in results] == [(5, 1), (7, 1)]
    assert [r.colony.population for r in results] == [5, 5]
    # flat: die 1 on 5 loses 5 → die 2 on 4; loses 7 → die 6 on 3
    assert [(r.colony.die, r.colony.position) for r in results] == [(2, 4), (6, 3)]


def test_bread_icon_loses_6_hp_per_bread_type_below_level_3_ruling_h26():
    effect = Effect(hp=4, bread=1)
    assert effect_hp(effect, 6, (1, 2, 3, 4, 1)) == 4 + 6 * 3
    assert effect_hp(effect, 6, (3, 3, 3, 3, 3)) == 4


def test_coldsnap_example_population_10_loses_20_hp():
    result = apply(Effect(huddle=30), colony(population=10, die=6, position=10))
    assert result.hp_lost == 20
    assert result.population_lost == 0


def test_coldsnap_huddle_is_never_a_gain_ruling_h27():
    assert effect_hp(Effect(huddle=10), 12, (1,) * 5) == 0
    result = apply(Effect(huddle=10), colony(population=12))
    assert result.hp_moves == () and result.colony == colony(population=12)


def test_coldsnap_lose_x_population_and_x_hp_per_bread_below_y():
    result = apply(Effect(population=3), colony(population=8))
    assert result.population_lost == 3 and result.colony.population == 5
    assert effect_hp(Effect(bread_hp=4, bread_below=4), 6, (1, 3, 4, 5, 6)) == 8


def test_coldsnap_huddle_reads_the_population_before_the_effect_ruling_h29():
    result = apply(Effect(huddle=30, population=1), colony(population=10, position=10))
    assert result.hp_lost == 20 and result.colony.population == 9


def test_tenacity_reduces_seasonal_population_loss_by_1_ruling_h25():
    perks = Perks(tenacity=True)
    assert apply(Effect(hp=5, population=1), perks=perks).population_lost == 0
    assert apply(Effect(population=3), colony(population=8), perks=perks).population_lost == 2


def test_resiliance_gains_1_hp_after_a_seasonal_population_loss():
    result = apply(Effect(hp=5, population=1), colony(population=6, die=3, position=5),
                   perks=Perks(resiliance=True))
    # lose 5: die 3 → 2 → 1 → 6 (down to 4) → 5 → 4; then Resiliance +1 → 5
    assert [m.gaining for m in result.hp_moves] == [False, True]
    assert (result.colony.die, result.colony.position) == (5, 4)
    assert result.hp_gained == 1
    no_loss = apply(Effect(hp=5), perks=Perks(resiliance=True))
    assert no_loss.hp_gained == 0


def test_resiliance_is_a_separate_move_on_wobbly_scoring():
    result = apply(Effect(hp=5, population=1), colony(die=3), perks=Perks(resiliance=True),
                   scoring="wobbly")
    # wobbly loss of 5: 3 → 6, reset to 1 moving DOWN, 2; then +1 → 3
    assert (result.colony.die, result.colony.position) == (3, 4)


def test_mites_icon_is_returned_not_applied():
    result = apply(Effect(hp=5, population=1, mites=1))
    assert result.mites == 1
    assert (result.hp_lost, result.population_lost) == (5, 1)


def test_an_effect_that_collapses_the_colony_stops_there():
    result = apply(Effect(hp=12, population=1), colony(die=1, position=1),
                   perks=Perks(resiliance=True))
    assert result.status == "lost" and result.colony.position == 0
    assert result.colony.population == 6                        # not applied after the end
    last_bee = apply(Effect(hp=1, population=2), colony(population=2),
                     perks=Perks(resiliance=True))
    assert last_bee.status == "lost" and last_bee.hp_gained == 0


def test_an_effect_on_a_lost_colony_is_refused():
    with pytest.raises(IllegalActionError):
        apply(Effect(hp=1), colony(population=0))


# --- How to Win (or Lose) ----------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, wins", [
    (dict(turns_done=16), ("all turns",)),
    (dict(hyves_completed=6), ("all hyves",)),
    (dict(hp_position=17), ("thriving",)),
])
def test_each_win_condition(kwargs, wins):
    args = dict(population=5, hp_position=5, track=TRACK, turns_done=3, total_turns=16,
                hyves_completed=2) | kwargs
    result = check_end(**args)
    assert result.status == "won" and result.wins == wins


@pytest.mark.parametrize("kwargs, losses", [
    (dict(population=0), ("population 0",)),
    (dict(hp_position=0), ("colony collapse",)),
])
def test_each_loss_condition(kwargs, losses):
    args = dict(population=5, hp_position=5, track=TRACK, turns_done=3, total_turns=16,
                hyves_completed=2) | kwargs
    result = check_end(**args)
    assert result.status == "lost" and result.losses == losses


def test_both_at_once_is_a_loss_ruling_h30():
    result = check_end(population=0, hp_position=5, track=TRACK, turns_done=16,
                       total_turns=16, hyves_completed=6)
    assert result.status == "lost"
    assert result.wins == ("all turns", "all hyves")
    assert "you lose" in result.describe()


def test_still_playing_and_no_thriving_track():
    assert check_end(5, 5, TRACK, 3, 16, 2).status == "playing"
    queen = HpTrack(spaces=16, start=5, thriving=False)
    assert check_end(5, 15, queen, 3, 16, 2).status == "playing"


# --- properties --------------------------------------------------------------------------------

bees_st = st.lists(st.integers(0, 10), min_size=6, max_size=6)
bread_st = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@given(bees=bees_st, bread=bread_st, population=st.integers(0, 30))
def test_feeding_never_loses_more_than_rolled_nor_goes_below_0(bees, bread, population):
    result = feed_bees(bees, bread, population=population)
    assert 0 <= result.population_lost <= sum(bees)
    assert result.change.after >= 0
    if result.population_lost >= population:
        assert result.change.collapsed
        assert check_end(result.change.after, 5, TRACK, 0, 16, 0).status == "lost"


@given(population=st.integers(1, 30), pop_icons=st.integers(0, 5), hp=st.integers(0, 12),
       huddle=st.integers(0, 40), tenacity=st.booleans(), resiliance=st.booleans())
def test_an_effect_never_leaves_population_below_0_without_a_loss(population, pop_icons, hp,
                                                                   huddle, tenacity,
                                                                   resiliance):
    if not (pop_icons or hp or huddle):
        hp = 1
    result = apply(Effect(hp=hp, population=pop_icons, huddle=huddle),
                   colony(population=population, position=10),
                   perks=Perks(tenacity=tenacity, resiliance=resiliance))
    assert result.colony.population >= 0
    if result.colony.population == 0:
        assert result.status == "lost"
    end = check_end(result.colony.population, result.colony.position, TRACK, 0, 16, 0)
    assert (end.status == "lost") == (result.status == "lost")


@given(hyves=st.integers(0, 6), population=st.integers(0, 40))
def test_migration_never_goes_below_0(hyves, population):
    result = migration_loss(hyves, population, "proportional")
    assert result.change.after >= 0 and result.change.after <= population
