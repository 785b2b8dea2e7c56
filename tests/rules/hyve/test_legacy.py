"""Hyve Legacy Mode rules core (rules/hyve.txt, "Legacy Mode")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.data.hyve import legacy_sheets, sheet_definitions
from hyvekit.rules.hyve import legacy as L

COLOURS = ["yellow", "blue", "green", "purple", "red"]


@pytest.fixture()
def sheet() -> L.LegacySheet:
    return legacy_sheets()["legacy-1"]


@pytest.fixture()
def run(sheet) -> L.LegacyState:
    return L.new_legacy(sheet, COLOURS)


def started(state: L.LegacyState) -> L.LegacyState:
    return L.play(state, L.StartScenario())


def shop(state, *purchases):
    return L.play(state, L.Shop(tuple(purchases)))


# --- the rulebook's worked examples ------------------------------------------------------

def test_bread_upgrades_example_three_one_type_upgrades_cost_9(run):
    """Bread Upgrades example: three 1-type upgrades cost 2+3+4 = 9; 1-bread starts at 4."""
    after = shop(run, L.BuyBread(1), L.BuyBread(1), L.BuyBread(1))
    assert run.honey - after.honey == 2 + 3 + 4
    assert after.bread_levels[0] == 4
    assert after.bread_levels[1:] == (1, 1, 1, 1)


def test_core_resources_example_6_population_for_3_honey(run):
    """Core Resources example: 3 honey buys 6 Population in several colours."""
    after = shop(run, L.BuyResources("population", ("purple",) * 3 + ("green",) + ("red",) * 2))
    assert run.honey - after.honey == 3
    assert len(after.unused_resources()) == 6
    assert len(after.unused_resources("purple")) == 3


def test_gaining_honey_example_follows_the_text_ruling_r1():
    """Gaining Honey example: 12 population, 4 hyves, HP 7 past start.  The example says 9;
    the text's rules give 7//3 + 12//5 + 4 = 2 + 2 + 4 = 8 (ruling R1: the text wins)."""
    b = L.honey_earned(7, 12, 4)
    assert (b.hp, b.population, b.hyves, b.courier) == (2, 2, 4, 0)
    assert b.total == 8


def test_courier_example_claims_every_unused_resource_of_the_colour(run):
    """Courier Action example: a 2-Bee gains 3 Population, 2 Nectar and 2 HP of its colour."""
    s = shop(run, L.BuyResources("population", ("blue",) * 3 + ("red",)),
             L.BuyResources("nectar", ("blue", "blue")), L.BuyResources("hp", ("blue", "blue")))
    s = started(s)
    assert L.courier_claim(s, 2) == {"hp": 2, "population": 3, "nectar": {"blue": 2}}
    s = L.play(s, L.Courier(2))
    assert not s.unused_resources("blue")
    assert len(s.unused_resources("red")) == 1  # other colours untouched


def test_courier_bonus_example_pays_only_uncrossed_filled_bonus_squares(sheet):
    """Courier example: the first bonus (3) was crossed out last scenario; the two filled now
    pay 4 + 5 = 9 with hyvekit's honey track (bonus squares 3, 6, 9)."""
    s = started(L.new_legacy(sheet, COLOURS))
    for _ in range(3):
        s = L.play(s, L.Courier(L.WILD))
    s = L.play(s, L.Result(True, 0, 5, 0))
    assert s.results[-1].honey.courier == 3
    assert s.honey_track[2] == "crossed"
    s = started(s)
    for _ in range(6):
        s = L.play(s, L.Courier(L.WILD))
    assert s.pending_courier_bonus == 9
    s = L.play(s, L.Result(True, 0, 5, 0, courier_bonus=9))
    assert s.results[-1].honey.courier == 9
    assert s.pending_courier_bonus == 0


# --- honey flow ------------------------------------------------------------------------

@given(hp=st.integers(-20, 60), pop=st.integers(0, 200), hyves=st.integers(0, 6),
       bonus=st.integers(0, 30))
def test_honey_formula_matches_the_text(hp, pop, hyves, bonus):
    b = L.honey_earned(hp, pop, hyves, bonus)
    assert b.hp == (hp // 3 if hp > 0 else 0)
    assert b.population * 5 <= pop < (b.population + 1) * 5
    assert b.total == b.hp + b.population + hyves + bonus


def test_hp_below_starting_space_earns_no_honey_ruling_r2():
    assert L.honey_earned(-5, 0, 0).total == 0


def test_starting_honey_comes_from_the_sheet_and_decreases(sheet):
    sheets = legacy_sheets()
    assert L.new_legacy(sheet, COLOURS).honey == sheet.starting_honey
    honeys = [s.starting_honey for s in sheets.values()]
    assert honeys == sorted(honeys, reverse=True) and len(set(honeys)) == len(honeys)


def test_unspent_honey_is_lost_when_the_next_scenario_starts(run):
    s = shop(run, L.BuyBread(2))
    left = s.honey
    s = started(s)
    assert s.honey == 0 and s.honey_lost == (left,)


def test_won_scenario_fills_its_honey_well_and_that_honey_is_spent_next(run):
    s = L.play(started(run), L.Result(True, 7, 12, 4))
    assert s.honey_well[0] == 8 and s.honey == 8 and s.phase == "shopping"
    s = shop(s, L.BuyPerk("tenacity"))
    assert s.honey == 8 - s.sheet.perk_cost("tenacity")
    assert s.honey_well[0] == 8  # the well records what was earned


def test_honey_spent_is_what_there_was_to_spend_less_what_was_left(run):
    """Spent in each shopping trip: the starting honey or a scenario's honey, less what was lost
    at the next start or is still to spend; a trip not made yet, or a normal-mode loss, has
    none."""
    assert L.honey_spent(run) == {0: 0}
    s = shop(shop(run, L.BuyBread(2)), L.BuyPerk("tenacity"))
    first = run.honey - s.honey
    assert L.honey_spent(s) == {0: first}
    s = L.play(started(s), L.Result(True, 7, 12, 4))          # 8 honey earned
    assert L.honey_spent(s) == {0: first, 1: 0}
    s = shop(s, L.BuyBread(1))
    assert L.honey_spent(s) == {0: first, 1: 8 - s.honey}
    s = started(s)
    assert L.honey_spent(s) == {0: first, 1: 8 - s.honey_lost[1]}
    lost = L.play(s, L.Result(False, 2, 3, 1))                 # normal mode: no honey
    assert set(L.honey_spent(lost)) == {0, 1}


def test_legacy_ends_after_scenario_five(run):
    s = run
    for _ in range(5):
        s = L.play(started(s), L.Result(True, 3, 5, 1))
    assert s.phase == "complete" and s.honey_well == (3,) * 5
    with pytest.raises(IllegalActionError, match="complete"):
        started(s)
    with pytest.raises(IllegalActionError, match="complete"):
        shop(s, L.BuyBread(1))


# --- purchases and their refusals --------------------------------------------------------

def test_refuses_too_little_honey_and_says_what_is_affordable(run):
    with pytest.raises(IllegalActionError) as err:
        shop(run, L.BuyPerk("deep-stores"), L.BuyPerk("controlled-rolls"),
             L.BuyPerk("fecundity"))
    assert err.value.rule == "Hyve Legacy: Purchasing Upgrades"
    assert "costs 5 honey, 3 left" in err.value.message
    assert "Tenacity (3)" in err.value.hint and "Deep Stores" not in err.value.hint


def test_refuses_a_perk_already_owned(run):
    s = shop(run, L.BuyPerk("vigorous"))
    with pytest.raises(IllegalActionError) as err:
        shop(s, L.BuyPerk("vigorous"))
    assert err.value.rule == "Hyve Legacy: Perks"
    with pytest.raises(IllegalActionError):  # also twice in one trip
        shop(run, L.BuyPerk("excisor"), L.BuyPerk("excisor"))


def test_refuses_an_unknown_perk_with_the_list(run):
    with pytest.raises(InvalidInputError, match="deep-stores"):
        shop(run, L.BuyPerk("laziness"))


def test_refuses_bread_of_a_crossed_out_type(sheet):
    s = L.new_legacy(sheet, COLOURS, easy=True)
    s = L.play(started(s), L.Result(False, 0, 3, 0, cross_out=4))
    assert 4 in s.crossed_bread
    with pytest.raises(IllegalActionError) as err:
        shop(s, L.BuyBread(4))
    assert err.value.rule == "Hyve Legacy: Easy Mode"


def test_refuses_bread_when_every_slot_is_filled(sheet):
    rich = L.LegacySheet(**{**sheet.__dict__, "starting_honey": 99})
    s = shop(L.new_legacy(rich, COLOURS), *[L.BuyBread(3)] * 5)
    assert s.bread_levels[2] == 6  # the maximum bread level
    with pytest.raises(IllegalActionError, match="every 3-type bread slot is filled"):
        shop(s, L.BuyBread(3))


def test_a_colour_not_in_the_legacy_is_bad_input_with_close_matches(run):
    with pytest.raises(InvalidInputError) as err:
        shop(run, L.BuyResources("hp", ("pink",)))
    assert err.value.given == "pink" and "yellow" in err.value.allowed
    with pytest.raises(InvalidInputError) as err:
        shop(run, L.BuyResources("hp", ("rde",)))
    assert err.value.suggestions == ("red",)


def test_refuses_more_resources_than_spaces(sheet):
    rich = L.LegacySheet(**{**sheet.__dict__, "starting_honey": 99})
    s = L.new_legacy(rich, COLOURS)
    with pytest.raises(IllegalActionError, match="space"):
        shop(s, L.BuyResources("nectar", ("red",) * (sheet.spaces("nectar") + 1)))


def test_resource_cost_is_one_honey_per_two(run):
    for n, honey in [(1, 1), (2, 1), (3, 2), (6, 3)]:
        assert run.honey - shop(run, L.BuyResources("hp", ("red",) * n)).honey == honey


def test_a_refused_trip_buys_nothing(run):
    with pytest.raises(IllegalActionError):
        shop(run, L.BuyBread(1), L.BuyPerk("deep-stores"), L.BuyPerk("deep-stores"))
    assert run.honey == run.sheet.starting_honey  # states are values: nothing changed


def test_no_shopping_during_a_scenario_ruling_r3(run):
    with pytest.raises(IllegalActionError, match="before a scenario begins"):
        shop(started(run), L.BuyBread(1))


def test_colours_are_five_distinct_pencil_colours(sheet):
    with pytest.raises(InvalidInputError, match="colours"):
        L.new_legacy(sheet, ["red", "red", "blue", "green", "yellow"])
    with pytest.raises(InvalidInputError, match="colours"):
        L.new_legacy(sheet, ["red", "blue"])
    with pytest.raises(InvalidInputError, match="chartreuse"):
        L.new_legacy(sheet, ["red", "blue", "green", "yellow", "chartreuse"])


# --- courier ---------------------------------------------------------------------------

def test_courier_bee_must_match_an_unused_resource(run):
    s = started(shop(run, L.BuyResources("population", ("red", "red"))))
    with pytest.raises(IllegalActionError) as err:
        L.play(s, L.Courier(1))  # yellow: nothing bought in yellow
    assert err.value.rule == "Hyve Legacy: Courier Action" and "red" in err.value.hint
    s = L.play(s, L.Courier(5))
    with pytest.raises(IllegalActionError):  # already crossed out
        L.play(s, L.Courier(5))


def test_courier_only_during_a_scenario_and_once_a_turn(run):
    s = shop(run, L.BuyResources("hp", ("red", "blue")))
    with pytest.raises(IllegalActionError, match="during a scenario"):
        L.play(s, L.Courier(5))
    s = L.play(started(s), L.Courier(5, turn=1))
    with pytest.raises(IllegalActionError, match="turn 1"):
        L.play(s, L.Courier(L.WILD, turn=1))
    L.play(s, L.Courier(2, turn=2))


def test_wild_courier_fills_the_next_square_until_the_track_is_full(run):
    s = started(run)
    for i in range(run.sheet.honey_track_length):
        s = L.play(s, L.Courier(L.WILD))
        assert s.honey_track[: i + 1] == ("filled",) * (i + 1)
    with pytest.raises(IllegalActionError, match="every square is filled"):
        L.play(s, L.Courier(L.WILD))


def test_stated_courier_bonus_is_checked_against_the_track(run):
    s = started(run)
    with pytest.raises(IllegalActionError) as err:
        L.play(s, L.Result(True, 3, 10, 2, courier_bonus=4))
    assert err.value.expected == 0


# --- losing: normal and easy mode --------------------------------------------------------

def test_normal_mode_loss_ends_the_legacy(run):
    s = L.play(started(run), L.Result(False, 2, 3, 1))
    assert s.phase == "failed" and s.honey_well[0] is None
    for action in (L.StartScenario(), L.Shop((L.BuyBread(1),))):
        with pytest.raises(IllegalActionError, match="ended"):
            L.play(s, action)


def test_easy_mode_loss_crosses_out_a_bread_type_and_earns_honey_as_if_won(sheet):
    s = shop(L.new_legacy(sheet, COLOURS, easy=True), L.BuyBread(2))
    s = L.play(started(s), L.Result(False, 7, 12, 4, cross_out=2))
    assert s.phase == "shopping" and s.honey == 8 and s.honey_well[0] == 8
    assert s.bread_levels[1] == 1  # the bought upgrade no longer applies
    with pytest.raises(IllegalActionError, match="crosses out"):
        L.play(started(s), L.Result(False, 0, 1, 0))  # must name a type
    with pytest.raises(IllegalActionError, match="already crossed out"):
        L.play(started(s), L.Result(False, 0, 1, 0, cross_out=2))


def test_easy_mode_can_be_switched_on_any_time(run):
    s = L.play(run, L.SwitchEasy())
    assert s.easy
    with pytest.raises(IllegalActionError, match="already"):
        L.play(s, L.SwitchEasy())
    s2 = L.play(started(run), L.SwitchEasy())  # during a scenario too
    assert s2.easy and s2.phase == "playing"


def test_switching_to_easy_after_a_normal_loss_continues_the_run_ruling_r4(run):
    s = L.play(started(run), L.Result(False, 7, 12, 4))
    with pytest.raises(IllegalActionError, match="--cross-out"):
        L.play(s, L.SwitchEasy())
    s = L.play(s, L.SwitchEasy(cross_out=3))
    assert s.easy and s.phase == "shopping" and s.honey == 8 and s.crossed_bread == (3,)
    assert [r.number for r in s.results] == [1]
    assert started(s).scenario == 2


def test_a_win_with_population_zero_is_refused(run):
    with pytest.raises(IllegalActionError) as err:
        L.play(started(run), L.Result(True, 5, 0, 2))
    assert err.value.rule == "Hyve: How to Win (or Lose)"


def test_a_result_must_fit_on_the_scenario_sheet_ruling_r15(run):
    playing = started(run)
    assert playing.sheet.run[0] == "Standard"
    limits = L.scenario_limits(playing, sheet_definitions())
    track = sheet_definitions()["standard"].hp_track
    assert (limits.hp_spaces, limits.hp_start) == (track.spaces, track.start)
    assert limits.population == 40 and "assumed" in limits.source
    top = track.spaces - 1 - track.start          # Thriving, counted from the Starting Space
    ok = L.play(playing, L.Result(True, top, 12, 4, limits=limits))
    assert ok.results[-1].honey.hp == top // 3
    for bad, rule in ((L.Result(True, top + 1, 12, 4, limits=limits), "Hyve: Tracking HP"),
                      (L.Result(False, -track.start - 1, 12, 4, limits=limits),
                       "Hyve: Tracking HP"),
                      (L.Result(True, -track.start, 12, 4, limits=limits),   # Colony Collapse
                       "Hyve: How to Win (or Lose)"),
                      (L.Result(True, 3, 41, 4, limits=limits), "Hyve: Population")):
        with pytest.raises(IllegalActionError) as err:
            L.play(playing, bad)
        assert err.value.rule == rule
    # the limits travel with the event, so a replay judges it the same way
    kind, data = L.action_to_event(L.Result(True, 3, 12, 4, limits=limits))
    assert L.parse_event(kind, data).limits == limits
    # results logged before limits were recorded replay as they did
    assert L.parse_event("result", {"won": True, "hp_past_start": 99, "population": 999,
                                    "hyves": 6}).limits is None


def test_scenario_limits_follow_the_run_configuration(run):
    second = L.apply(L.apply(started(run), L.Result(True, 3, 12, 4)), L.StartScenario())
    assert second.sheet.run[1] == "Coldsnap"
    assert L.scenario_limits(second, sheet_definitions()).source.startswith("Coldsnap sheet")
    assert L.scenario_limits(run, sheet_definitions()) is None     # no scenario being played


def test_result_needs_a_scenario_in_play(run):
    with pytest.raises(IllegalActionError, match="no scenario"):
        L.play(run, L.Result(True, 1, 1, 1))


@pytest.mark.parametrize("field,args", [("population", (1, -1, 0)),
                                        ("completed hyves", (1, 5, 7))])
def test_results_out_of_range_are_bad_input(run, field, args):
    with pytest.raises(InvalidInputError, match=field):
        L.play(started(run), L.Result(True, *args))


# --- events round-trip -----------------------------------------------------------------

@pytest.mark.parametrize("action", [
    L.Shop((L.BuyPerk("tenacity"), L.BuyBread(2), L.BuyResources("hp", ("red", "blue")))),
    L.StartScenario(), L.Courier(3, turn=4), L.Courier(L.WILD),
    L.Result(False, -2, 4, 1, courier_bonus=3, cross_out=5), L.SwitchEasy(2)])
def test_actions_round_trip_through_events(action):
    assert L.parse_event(*L.action_to_event(action)) == action


def test_sheet_round_trips_and_refuses_unknown_keys(sheet):
    assert L.LegacySheet.from_dict(sheet.to_dict()) == sheet
    with pytest.raises(InvalidInputError, match="accepted|one of"):
        L.LegacySheet.from_dict({**sheet.to_dict(), "free_honey": 3})
    with pytest.raises(InvalidInputError, match="run"):
        L.LegacySheet.from_dict({**sheet.to_dict(), "run": ["Standard"]})


def test_players_own_sheet_file_replaces_the_values(tmp_path):
    own = tmp_path / "mine.toml"
    own.write_text('[[sheet]]\nid = "booklet-1"\nname = "My booklet"\nstarting_honey = 20\n'
                   'run = ["Standard", "Coldsnap", "Turbo Mode", "Wasp War", "Standard"]\n'
                   'bread_slots = [7, 6, 5, 4, 3]\n')
    sheets = legacy_sheets(own)
    s = L.new_legacy(sheets["booklet-1"], COLOURS)
    assert s.honey == 20 and s.next_bread_cost(1) == 3
    assert sheets["booklet-1"].assumed  # perk costs etc. still come from hyvekit's defaults
    own.write_text(own.read_text() + 'honey_track_length = 8\nhoney_track_bonus = { 4 = 2 }\n'
                   'resource_spaces = { hp = 9, population = 9, nectar = 9 }\n'
                   'perk_costs = { tenacity = 2, vigorous = 3 }\n')
    mine = legacy_sheets(own)["booklet-1"]
    assert not mine.assumed and mine.perk_costs == (("tenacity", 2), ("vigorous", 3))


def test_packaged_values_are_marked_assumed(sheet):
    assert sheet.assumed


def test_a_perk_listed_twice_in_one_trip_is_named_as_such(run):
    with pytest.raises(IllegalActionError, match="listed twice"):
        shop(run, L.BuyPerk("excisor"), L.BuyPerk("excisor"))


def test_a_trip_too_dear_counts_the_earlier_purchases(run):
    s = shop(run, L.BuyBread(1), L.BuyBread(1), L.BuyBread(1), L.BuyPerk("resiliance"))
    assert s.honey == 2
    with pytest.raises(IllegalActionError) as err:
        shop(s, L.BuyBread(2), L.BuyBread(2))
    assert "costs 3 honey, 0 left after the 2 honey" in err.value.message
    assert "5 together, 2 available" in err.value.message


def test_easy_mode_may_cross_out_a_type_with_no_upgrades_ruling_r14(sheet):
    s = shop(L.new_legacy(sheet, COLOURS, easy=True), L.BuyBread(1))
    s = L.play(started(s), L.Result(False, 0, 2, 0, cross_out=5))
    assert s.crossed_bread == (5,) and s.bread_levels == (2, 1, 1, 1, 1)
    with pytest.raises(IllegalActionError):
        shop(s, L.BuyBread(5))  # no upgrade of that type can be bought any more
