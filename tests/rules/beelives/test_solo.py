"""Bee Lives solo play (rules/bee-lives.txt, "Solo Play", "Solo Play Cards", "Scenario Cards",
"Campaign Cards"): the cards as data, goal verdicts, the cards' dice mechanics, and the rulings
L70–L97 (docs/rulings.md).

Issue 5 acceptance: every challenge card, scenario card and campaign-card year has a test where
its goal is met and one where it fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import solo as S
from hyvekit.rules.beelives.solo import MonthFacts, RaidFact, SwarmFact, WildFact
from hyvekit.rules.common import IllegalActionError, InvalidInputError

RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "bee-lives.txt"
if not RULEBOOK.exists():                                   # the repository's own copy, if any
    RULEBOOK = Path("/work/shared/rules/bee-lives.txt")

CHALLENGES = ["Builder", "Dirty Bees", "Explorer", "The Great Migration", "Indecisive",
              "The Mother Hive", "Nursery", "Pacifist", "Protectionist", "Strong Leader",
              "Under Siege"]
SCENARIOS = ["Haunted Hives", "New Bee on the Block", "Surrounded", "There Can Bee Only One"]
CAMPAIGNS = ["Three Generations", "Wildfire", "Zombees"]


@pytest.fixture(scope="module")
def cards():
    return bl.solo_cards()


def card(name):
    return bl.solo_cards().find(name)


def game(upto=(1, 9), *, queen="prolific", winter=3, at=None, wild=None):
    """Consecutive months from year 1 month 1 to ``upto`` (year, month).

    ``at`` maps (year, month) to MonthFacts fields to set; ``wild(year, month)`` gives that
    month's wild hives; ``winter`` is the bees alive after each winter (None: not played).
    Queens carry over from month to month (and year to year unless ``at`` says otherwise).
    """
    at = at or {}
    out, q = [], queen
    for y in range(1, upto[0] + 1):
        for m in range(1, 10):
            if (y, m) > upto:
                break
            kw = dict(year=y, month=m, queen_at_start=q,
                      brood_hatched=None if (y, m) == (1, 1) else 1)
            if wild is not None:
                kw["wild_hives"] = tuple(wild(y, m))
            if m == 9 and winter is not None:
                kw["winter_bees"] = winter
            kw.update(at.get((y, m), {}))
            f = MonthFacts(**kw)
            out.append(f)
            q = f.queen_at_end
    return out


def verdict(name, facts, goal=None, year=None, **kw):
    """The one verdict of card ``name`` for ``goal`` (default: the card's first goal)."""
    vs = S.verdicts(card(name), facts, **kw)
    goal = goal or vs[0].goal
    hits = [v for v in vs if v.goal == goal and (year is None or v.year == year)]
    assert len(hits) == 1, vs
    return hits[0]


def swarm_month(name, stayed=False, new_queen=None, others=()):
    return dict(swarm=SwarmFact(stayed, name, new_queen),
                wild_hives=(WildFact(name, 3, 3, spawned=True, origin="swarm"), *others))


# --- the cards as data ----------------------------------------------------------------------

def test_packaged_cards_are_the_rulebooks_lists(cards):
    assert [c.name for c in cards.challenges] == CHALLENGES
    assert [c.name for c in cards.scenarios] == SCENARIOS
    assert [c.name for c in cards.campaigns] == CAMPAIGNS


def test_card_texts_are_quoted_from_the_rulebook(cards):
    book = " ".join(RULEBOOK.read_text(encoding="utf-8").replace("•", "").split())
    for c in (*cards.challenges, *cards.scenarios):
        assert f"{c.name}: {c.text}" in book, c.name
        assert c.source.startswith("rulebook")
    for c in cards.campaigns:
        assert f"{c.name}. {c.text}" in book
        for y in c.year_rules:
            assert f"Year {y.year}: " + " ".join(y.text.split()) in book, (c.name, y.year)
    assert " ".join(cards.basic.text.split()) in book


def test_card_parameters_match_the_card_texts(cards):
    p = {c.name: {k: v for g in c.goals for k, v in g.params} for c in cards.challenges}
    assert p["Builder"] == {"comb": 20, "by_end_of_year": 1}
    assert p["Dirty Bees"] == {"disease": -7}
    assert p["Explorer"] == {"tiles": 20, "by_end_of_year": 1}
    assert p["The Great Migration"] == {"length": 12, "by_end_of_year": 1}
    assert p["Indecisive"] == {"queens": 4}
    assert p["The Mother Hive"] == {"swarms": 4}
    assert p["Nursery"] == {"brood": 1}
    assert p["Pacifist"] == {"swarms": 2}
    assert p["Protectionist"] == {"strength": 6}
    us = card("Under Siege").spawn
    assert (us.trigger, us.d6_min, us.strength) == ("scout", 4, 3)
    tg = card("Three Generations")
    assert tg.years == (3,) and card("Wildfire").years == (2,) and card("Zombees").years == (2, 3)
    assert tg.year(1).goals[1].param("scouts") == 12
    assert tg.year(1).goals[0].param("queens") == ("hygienic",)
    assert tg.year(2).rule("season_start_strength") == 4
    assert tg.year(3).goals[0].param("queens") == ("prolific", "nomadic")
    assert card("Wildfire").year(2).rule("fire_spawn_strength") == 4
    assert card("Zombees").year(2).rule("first_infected_spawn_strength") == 6
    assert cards.basic.seasons == ("summer", "fall") and cards.basic.strength == 3


def test_scenario_maps_follow_the_card_texts_and_are_marked_assumed_ruling_l88(cards):
    for sc in cards.scenarios:
        assert sc.map.assumed and sc.map.reasoning
        assert S.is_connected(t.coord for t in sc.map.tiles)
        assert sc.map.your_hive == (0, 0)
    nb = card("New Bee on the Block").map
    assert next(t.tile for t in nb.tiles if t.hive == "you") == "bloom"
    wilts = [t for t in nb.tiles if t.tile == "wilt"]
    assert len(wilts) == 2 and all(t.hive == "wild" and t.strength == 12 for t in wilts)
    su = card("Surrounded").map
    assert next(t.tile for t in su.tiles if t.hive == "you") == "harvest"
    wets = [t for t in su.tiles if t.tile == "wet"]
    assert len(wets) == 4 and all(t.hive == "wild" and t.strength == 3 for t in wets)
    assert len(su.wild_hives) == 4
    one = card("There Can Bee Only One").map
    blooms = [t for t in one.tiles if t.tile == "bloom"]
    assert len(blooms) == 3 and sum(t.hive == "wild" and t.strength == 10 for t in blooms) == 2
    # "in the center": no tile is farther from your hive than from any other tile's centre
    coords = [t.coord for t in one.tiles]
    ecc = {c: max(S.hex_distance(c, d) for d in coords) for c in coords}
    assert ecc[(0, 0)] == min(ecc.values())
    assert card("New Bee on the Block").wild_active_in_first_spring
    assert card("Surrounded").wild_active_in_first_spring
    assert not card("There Can Bee Only One").wild_active_in_first_spring


def test_find_card_by_part_of_its_name(cards):
    assert cards.find("mother").name == "The Mother Hive"
    with pytest.raises(InvalidInputError, match="one of Builder"):
        cards.find("no such card")


def test_players_own_card_file_replaces_only_its_sections(tmp_path, cards):
    own = tmp_path / "solo.toml"
    own.write_text('[[challenge]]\nname = "Small Builder"\ntext = "Comb 12 by the end of '
                   'year 1."\ngoals = [{ goal = "comb_at_least", comb = 12, '
                   'by_end_of_year = 1 }]\n', encoding="utf-8")
    mine = bl.solo_cards(own)
    assert [c.name for c in mine.challenges] == ["Small Builder"]
    assert [c.name for c in mine.scenarios] == SCENARIOS           # from the packaged file
    facts = game((1, 3), at={(1, 3): {"comb": 12}})
    assert S.verdicts(mine.find("Small Builder"), facts)[0].status == S.MET


def test_unknown_keys_are_refused_with_the_accepted_list(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[challenge]]\nname = "X"\ntext = "t"\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(InvalidInputError) as e:
        bl.solo_cards(bad)
    assert "colour" in str(e.value) and "goals, name, note, source, spawn, text" in str(e.value)
    bad.write_text('[extras]\nx = 1\n', encoding="utf-8")
    with pytest.raises(InvalidInputError, match="basic, campaign, challenge, scenario"):
        bl.solo_cards(bad)
    bad.write_text('[[challenge]]\nname = "X"\ntext = "t"\ngoals = [{ goal = "win" }]\n',
                   encoding="utf-8")
    with pytest.raises(InvalidInputError, match="comb_at_least"):
        bl.solo_cards(bad)
    bad.write_text('[[challenge]]\nname = "X"\ntext = "t"\n'
                   'goals = [{ goal = "no_raids", bees = 3 }]\n', encoding="utf-8")
    with pytest.raises(InvalidInputError, match="bees"):
        bl.solo_cards(bad)
    bad.write_text('[[scenario]]\nname = "X"\ntext = "t"\n[scenario.rules]\nghosts = 2\n'
                   '[scenario.map]\ntiles = [{ q = 0, r = 0, tile = "bloom", hive = "you" }]\n',
                   encoding="utf-8")
    with pytest.raises(InvalidInputError, match="haunted_forage_fail_max"):
        bl.solo_cards(bad)


def test_bad_maps_are_refused(tmp_path):
    bad = tmp_path / "bad.toml"
    head = '[[scenario]]\nname = "X"\ntext = "t"\n[scenario.map]\n'
    bad.write_text(head + 'tiles = [{ q = 0, r = 0, tile = "bloom" }]\n', encoding="utf-8")
    with pytest.raises(InvalidInputError, match="hive = \"you\""):
        bl.solo_cards(bad)
    bad.write_text(head + 'tiles = [{ q = 0, r = 0, tile = "bloom", hive = "you" }, '
                   '{ q = 3, r = 0, tile = "wet" }]\n', encoding="utf-8")
    with pytest.raises(InvalidInputError, match="connected"):
        bl.solo_cards(bad)
    bad.write_text(head + 'tiles = [{ q = 0, r = 0, tile = "lava", hive = "you" }]\n',
                   encoding="utf-8")
    with pytest.raises(InvalidInputError, match="bloom, wilt, harvest, wet"):
        bl.solo_cards(bad)


# --- facts ----------------------------------------------------------------------------------

def test_facts_must_run_month_by_month_from_year_1():
    facts = game((1, 3))
    with pytest.raises(InvalidInputError, match="year 1 month 3"):
        S.check_facts([facts[0], facts[1], facts[1]])
    with pytest.raises(InvalidInputError, match="year 1 month 1"):
        S.check_facts(facts[1:])


def test_facts_refuse_mismatched_lists_and_unknown_names():
    with pytest.raises(InvalidInputError, match="one per raid action"):
        S.check_facts(game((1, 2), at={(1, 2): {"actions": ("raid",)}}))
    with pytest.raises(InvalidInputError, match="forage, scout"):
        S.check_facts(game((1, 2), at={(1, 2): {"actions": ("dance",)}}))
    with pytest.raises(InvalidInputError, match="aggressive, prolific"):
        S.check_facts(game((1, 1), queen="lazy"))
    with pytest.raises(InvalidInputError, match="origin"):
        S.check_facts(game((1, 2), at={(1, 2): {"wild_hives": (
            WildFact("ACORN", 3, 3, spawned=True, origin="magic"),)}}))
    with pytest.raises(InvalidInputError, match="spawned=True"):
        S.check_facts(game((1, 2), at={(1, 2): {"swarm": SwarmFact(False, "ACORN")}}))


def test_facts_refuse_moves_against_the_rules():
    with pytest.raises(IllegalActionError, match="Requeen"):
        S.check_facts(game((1, 2), at={(1, 2): {"actions": ("requeen",),
                                                 "requeens": ("prolific",)}}))
    with pytest.raises(IllegalActionError, match="first month skips the Swarm Phase"):
        S.check_facts(game((1, 1), at={(1, 1): swarm_month("ACORN")}))
    with pytest.raises(IllegalActionError, match="you must stay"):
        S.check_facts(game((1, 2), at={(1, 2): {"swarm": SwarmFact(False, None)}}))
    with pytest.raises(IllegalActionError, match="keeps its queen"):
        S.check_facts(game((1, 2), at={(1, 2): swarm_month("ACORN", False, "nomadic")}))
    with pytest.raises(IllegalActionError, match="began with a nomadic queen"):
        S.check_facts(game((1, 3), at={(1, 3): {"queen_at_start": "nomadic"}}))


def test_queens_held_in_a_month_follow_the_phase_order():
    f = game((1, 2), at={(1, 2): {**swarm_month("ACORN", True, "hygienic"),
                                  "actions": ("requeen",), "requeens": ("nomadic",)}})[-1]
    assert f.queens_held == ("prolific", "hygienic", "nomadic")
    assert f.when() == "April of year 1" and f.season == "spring"
    assert MonthFacts(2, 8, "prolific").when() == "October of year 2"


def test_map_length_is_the_farthest_distance_plus_one_ruling_l74():
    assert S.map_length([(0, 0)]) == 1
    assert S.map_length([(q, 0) for q in range(12)]) == 12
    assert S.map_length([(0, 0), (1, 0), (0, 1), (1, -1)]) == 3
    assert S.map_length([]) == 0
    assert S.hex_distance((0, 0), (2, -1)) == 2 and S.hex_distance((0, 0), (-2, 0)) == 2


# --- challenge cards ------------------------------------------------------------------------

def test_builder_met_when_the_comb_reaches_20_in_year_1_ruling_l71():
    facts = game(at={(1, 6): {"comb": 20}, (1, 8): {"comb": 10}})   # a move resets it: still met
    v = verdict("Builder", facts)
    assert v.status == S.MET and "August of year 1" in v.reason
    assert S.outcome(S.verdicts(card("Builder"), facts)) == "won"


def test_builder_fails_at_19_cells_and_year_2_is_too_late():
    facts = game((2, 1), at={(1, 9): {"comb": 19}, (2, 1): {"comb": 22}})
    v = verdict("Builder", facts, years=2)
    assert v.status == S.FAILED and "19 of 20" in v.reason and v.reason.startswith("Builder:")


def test_builder_at_risk_before_the_end_of_year_1():
    assert verdict("Builder", game((1, 5), at={(1, 5): {"comb": 15}})).status == S.AT_RISK


def test_dirty_bees_met_once_the_disease_level_reaches_minus_7():
    facts = game(at={(1, 8): {"worst_disease": -7}})
    assert verdict("Dirty Bees", facts).status == S.MET


def test_dirty_bees_fails_at_minus_6_and_is_at_risk_while_playing():
    facts = game(at={(1, 8): {"worst_disease": -6}})
    v = verdict("Dirty Bees", facts)
    assert v.status == S.FAILED and "-6" in v.reason
    assert verdict("Dirty Bees", facts[:5]).status == S.AT_RISK


def test_explorer_met_with_20_tiles_by_the_end_of_year_1():
    facts = game(at={(1, 9): {"map_tiles": 20, "map_length": 6}})
    assert verdict("Explorer", facts).status == S.MET


def test_explorer_fails_with_19_tiles_and_at_risk_mid_year():
    facts = game(at={(1, 9): {"map_tiles": 19, "map_length": 6}})
    assert verdict("Explorer", facts).status == S.FAILED
    assert verdict("Explorer", facts[:8]).status == S.AT_RISK


def test_great_migration_met_with_a_map_12_tiles_long():
    facts = game(at={(1, 7): {"map_tiles": 14, "map_length": 12}})
    assert verdict("The Great Migration", facts).status == S.MET


def test_great_migration_fails_at_11_tiles_long():
    facts = game(at={(1, 9): {"map_tiles": 30, "map_length": 11}})
    v = verdict("The Great Migration", facts)
    assert v.status == S.FAILED and "11 of 12" in v.reason


def _four_queens(start="prolific"):
    return {(1, 3): {"actions": ("requeen",), "requeens": ("aggressive",)},
            (1, 5): swarm_month("ACORN", True, "hygienic"),
            (1, 7): {"actions": ("requeen",), "requeens": ("nomadic",)}}


def test_indecisive_met_with_the_original_queen_counting_ruling_l73():
    v = verdict("Indecisive", game(at=_four_queens()))
    assert v.status == S.MET and "year 1" in v.reason


def test_indecisive_fails_with_three_types_in_a_one_year_game_ruling_l72():
    at = _four_queens()
    del at[(1, 7)]
    v = verdict("Indecisive", game(at=at))
    assert v.status == S.FAILED and "nomadic" in v.reason


def test_indecisive_at_risk_after_year_1_of_a_two_year_game():
    at = _four_queens()
    del at[(1, 7)]
    assert verdict("Indecisive", game((2, 2), at=at), years=2).status == S.AT_RISK


def _mother(months=(2, 4, 6, 8), lost_at=None):
    """Swarms in ``months`` of year 1, each spawning a wild hive that stays on the map (unless
    the first is removed in ``lost_at``)."""
    names = ["ACORN", "APPLE", "SPIDER", "MUSHROOM", "DANDELION"]
    born = dict(zip(months, names))

    def wild(y, m):
        out = []
        for when, n in born.items():
            if y == 1 and when <= m:
                strength = 0 if (lost_at is not None and n == "ACORN" and m == lost_at) else 3
                if lost_at is not None and n == "ACORN" and m > lost_at:
                    continue
                out.append(WildFact(n, strength, 3, spawned=(when == m),
                                    origin="swarm" if when == m else ""))
        return out

    at = {(1, m): {"swarm": SwarmFact(False, n)} for m, n in born.items()}
    return wild, at


def test_mother_hive_met_with_four_swarms_whose_hives_survive_the_year_ruling_l75():
    wild, at = _mother()
    v = verdict("The Mother Hive", game(wild=wild, at=at))
    assert v.status == S.MET and "4 swarms in year 1" in v.reason


def test_mother_hive_fails_when_a_spawned_hive_is_removed():
    wild, at = _mother(lost_at=7)
    v = verdict("The Mother Hive", game(wild=wild, at=at))
    assert v.status == S.FAILED and "ACORN" in v.reason and "September of year 1" in v.reason
    # the same in year 1 of a two-year game: year 2 can still do it
    assert verdict("The Mother Hive", game((2, 1), wild=wild, at=at),
                   years=2).status == S.AT_RISK


def test_mother_hive_at_risk_then_failed_when_too_few_swarm_phases_are_left():
    wild, at = _mother(months=(2, 4))
    assert verdict("The Mother Hive", game((1, 5), wild=wild, at=at)).status == S.AT_RISK
    assert verdict("The Mother Hive", game((1, 7), wild=wild, at=at)).status == S.AT_RISK
    v = verdict("The Mother Hive", game((1, 8), wild=wild, at=at))   # 2 swarms + 1 month < 4
    assert v.status == S.FAILED and "only 2 swarms" in v.reason


def test_nursery_met_when_every_brood_phase_hatches_ruling_l77():
    facts = game()
    assert facts[0].brood_hatched is None                    # the first month has no Brood Phase
    assert verdict("Nursery", facts).status == S.MET


def test_nursery_fails_on_a_brood_phase_without_hatching():
    v = verdict("Nursery", game(at={(1, 5): {"brood_hatched": 0}}))
    assert v.status == S.FAILED and v.reason == ("Nursery: 0 brood hatched in the Brood Phase "
                                                 "of July of year 1 (at least 1 needed)")
    # a later year's first month has a Brood Phase
    v2 = verdict("Nursery", game((2, 1), at={(2, 1): {"brood_hatched": 0}}), years=2)
    assert v2.status == S.FAILED
    assert verdict("Nursery", game((1, 4))).status == S.AT_RISK


def _two_swarms():
    return {(1, 3): swarm_month("ACORN", False), (1, 5): swarm_month("APPLE", True, "prolific")}


def test_pacifist_met_without_raids_and_with_two_swarms():
    vs = S.verdicts(card("Pacifist"), game(at=_two_swarms()))
    assert [(v.goal, v.status) for v in vs] == [("no_raids", S.MET), ("swarms_at_least", S.MET),
                                                 ("survive_winter", S.MET)]


def test_pacifist_fails_on_a_raid_even_an_unsuccessful_one_ruling_l78():
    at = _two_swarms()
    at[(1, 5)] = {**at[(1, 5)], "actions": ("raid",), "raids": (RaidFact("wild_hive", False),)}
    v = verdict("Pacifist", game(at=at), goal="no_raids")
    assert v.status == S.FAILED
    assert v.reason == "Pacifist: you raided a wild hive in July of year 1"


def test_pacifist_fails_with_one_swarm_and_scaring_ghosts_is_no_raid_ruling_l79():
    at = {(1, 3): swarm_month("ACORN"),
          (1, 4): {"actions": ("raid",), "raids": (RaidFact("haunted_tile", True),)}}
    facts = game(at=at)
    assert verdict("Pacifist", facts, goal="no_raids").status == S.MET
    v = verdict("Pacifist", facts, goal="swarms_at_least")
    assert v.status == S.FAILED and "swarmed 1 times" in v.reason
    assert verdict("Pacifist", facts[:5], goal="swarms_at_least").status == S.AT_RISK


def test_pacifist_counts_a_swarm_that_could_not_spawn_ruling_l76():
    at = {(1, 3): {"swarm": SwarmFact(True, None, "prolific")},
          (1, 5): {"swarm": SwarmFact(True, None, "prolific")}}
    assert verdict("Pacifist", game(at=at), goal="swarms_at_least").status == S.MET


def test_protectionist_met_when_wild_hives_stay_below_6():
    facts = game(wild=lambda y, m: [WildFact("ACORN", 5, 5, spawned=(m == 1),
                                             origin="setup" if m == 1 else "")])
    assert verdict("Protectionist", facts).status == S.MET


def test_protectionist_fails_at_strength_6_even_if_it_drops_again_ruling_l80():
    facts = game(at={(1, 6): {"wild_hives": (WildFact("ACORN", 2, 6, spawned=True,
                                                       origin="season_card"),)}})
    v = verdict("Protectionist", facts)
    assert v.status == S.FAILED and "ACORN reached strength 6" in v.reason
    assert verdict("Protectionist", facts[:5]).status == S.AT_RISK


def test_protectionist_with_new_bee_on_the_block_cannot_be_won_ruling_l80():
    setup = tuple(WildFact(n, 12, 12, spawned=True, origin="setup") for n in ("ACORN", "APPLE"))
    facts = game((1, 1), at={(1, 1): {"wild_hives": setup}})
    vs = S.combined_verdicts([card("New Bee on the Block"), card("Protectionist")], facts)
    assert [v.status for v in vs if v.card == "Protectionist"] == [S.FAILED]
    assert sum(v.goal == "survive_winter" for v in vs) == 1


def test_strong_leader_met_when_every_swarm_moves():
    at = {(1, 3): swarm_month("ACORN"), (1, 6): swarm_month("APPLE")}
    assert verdict("Strong Leader", game(at=at)).status == S.MET


def test_strong_leader_fails_when_the_hive_stays_even_forced_ruling_l83():
    v = verdict("Strong Leader", game(at={(1, 3): {"swarm": SwarmFact(True, None, "prolific")}}))
    assert v.status == S.FAILED and "stayed after swarming in May of year 1" in v.reason


def test_strong_leader_fails_on_a_requeen_and_is_at_risk_while_playing():
    facts = game(at={(1, 4): {"actions": ("requeen",), "requeens": ("aggressive",)}})
    assert verdict("Strong Leader", facts).status == S.FAILED
    assert verdict("Strong Leader", facts[:3]).status == S.AT_RISK


def test_under_siege_has_only_the_standard_goal_ruling_l70():
    assert card("Under Siege").goals == ()
    vs = S.verdicts(card("Under Siege"), game(winter=2))
    assert [(v.goal, v.status) for v in vs] == [("survive_winter", S.MET)]
    v = S.verdicts(card("Under Siege"), game(winter=0))[0]
    assert v.status == S.FAILED and v.reason == ("Under Siege: no worker bee survived the winter "
                                                 "of year 1")


@pytest.mark.parametrize("roll, strength", [(1, None), (3, None), (4, 3), (5, 3), (6, 3)])
def test_under_siege_spawns_on_4_or_more_after_scouting(roll, strength):
    assert S.scout_spawn(card("Under Siege"), roll) == strength


def test_under_siege_spawns_stronger_in_later_years_ruling_l82():
    assert S.scout_spawn(card("Under Siege"), 4, year=2) == 4
    assert S.scout_spawn(card("Under Siege"), 6, year=3) == 5
    assert S.scout_spawn(card("Builder"), 6) is None
    with pytest.raises(InvalidInputError):
        S.scout_spawn(card("Under Siege"), 7)


# --- basic mode's harder rule ---------------------------------------------------------------

def test_harder_rule_spawns_strength_3_in_a_quiet_summer_or_fall_month(cards):
    b = cards.basic
    assert S.harder_rule_spawn(b, "summer", []) == 3
    assert S.harder_rule_spawn(b, "fall", ["solo_rule", "setup"]) == 3
    assert S.harder_rule_spawn(b, "spring", []) is None
    assert S.harder_rule_spawn(b, "fall", [], year=2) == 4


def test_harder_rule_skips_months_with_a_swarm_or_card_spawn_ruling_l81(cards):
    for origin in ("swarm", "wild_swarm", "season_card", "challenge_card", "campaign_card"):
        assert S.harder_rule_spawn(cards.basic, "summer", [origin]) is None
    with pytest.raises(InvalidInputError, match="origin"):
        S.harder_rule_spawn(cards.basic, "summer", ["rain"])


def test_harder_rule_misses_lists_quiet_months_without_the_extra_hive(cards):
    extra = (WildFact("ACORN", 3, 3, spawned=True, origin="solo_rule"),)
    facts = game(at={(1, 4): {"wild_hives": extra}, (1, 5): swarm_month("APPLE")})
    missed = [f.month for f in S.harder_rule_misses(cards.basic, facts)]
    assert missed == [6, 7, 8, 9]


# --- scenario cards -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Haunted Hives", "New Bee on the Block", "Surrounded"])
def test_scenarios_without_a_goal_are_won_by_surviving_the_winter(name):
    met = S.verdicts(card(name), game(winter=1))
    assert [(v.goal, v.status) for v in met] == [("survive_winter", S.MET)]
    failed = S.verdicts(card(name), game(winter=0))
    assert [v.status for v in failed] == [S.FAILED] and failed[0].reason.startswith(name)
    assert S.verdicts(card(name), game((1, 9), winter=None))[0].status == S.AT_RISK


def test_there_can_bee_only_one_met_when_the_wild_hives_are_gone_by_year_end():
    def wild(y, m):
        if m < 8:
            return [WildFact("ACORN", 10, 10, spawned=(m == 1), origin="setup"),
                    WildFact("APPLE", 10, 10, spawned=(m == 1), origin="setup")]
        return [WildFact("ACORN", 0, 10), WildFact("APPLE", 0, 10)] if m == 8 else []
    v = verdict("There Can Bee Only One", game(wild=wild))
    assert v.status == S.MET


def test_there_can_bee_only_one_fails_with_a_wild_hive_left():
    facts = game(wild=lambda y, m: [WildFact("ACORN", 2, 10)])
    v = verdict("There Can Bee Only One", facts)
    assert v.status == S.FAILED and "ACORN" in v.reason
    assert verdict("There Can Bee Only One", facts[:4]).status == S.AT_RISK


def test_haunted_forage_fails_on_1_to_4():
    hh = card("Haunted Hives")
    assert [S.haunted_forage_succeeds(hh, d) for d in range(1, 7)] == [False] * 4 + [True] * 2


def test_scaring_ghosts_takes_exactly_one_bee_and_no_haunted_hive():
    hh = card("Haunted Hives")
    S.check_scare_ghosts(hh, 1, tile_haunted=True, haunted_hive_on_tile=False)
    with pytest.raises(IllegalActionError, match="Haunted Hives.*1 worker bee, got 2"):
        S.check_scare_ghosts(hh, 2, tile_haunted=True, haunted_hive_on_tile=False)
    with pytest.raises(IllegalActionError, match="haunted hive occupies"):
        S.check_scare_ghosts(hh, 1, tile_haunted=True, haunted_hive_on_tile=True)
    with pytest.raises(IllegalActionError, match="not haunted"):
        S.check_scare_ghosts(hh, 1, tile_haunted=False, haunted_hive_on_tile=False)


def test_haunted_hives_cannot_raid_or_be_raided_ruling_l87():
    S.check_haunted_raid(attacker_haunted=False, target_haunted=False)
    with pytest.raises(IllegalActionError, match="cannot raid"):
        S.check_haunted_raid(attacker_haunted=True, target_haunted=False)
    with pytest.raises(IllegalActionError, match="cannot be raided"):
        S.check_haunted_raid(attacker_haunted=False, target_haunted=True)
    assert not S.haunted_wild_may("raid", wild_haunted=True)
    assert not S.haunted_wild_may("raid", wild_haunted=False, target_haunted=True)
    assert S.haunted_wild_may("raid", wild_haunted=False)
    assert not S.haunted_wild_may("forage", wild_haunted=False, tile_haunted=True)
    assert not S.haunted_wild_may("spawn", wild_haunted=False, tile_haunted=True)
    assert S.haunted_wild_may("forage", wild_haunted=True, tile_haunted=False)
    assert S.haunted_wild_may("scout", wild_haunted=True)
    assert S.spawned_haunted(first_wild_hive=True)
    assert S.spawned_haunted(first_wild_hive=False, parent_haunted=True)
    assert not S.spawned_haunted(first_wild_hive=False)
    with pytest.raises(InvalidInputError):
        S.haunted_wild_may("dance", wild_haunted=False)


# --- campaign cards -------------------------------------------------------------------------

def _three_gen(at=None, upto=(3, 9)):
    base = {(1, m): {"actions": ("scout", "scout")} for m in range(2, 8)}   # 12 scouts
    base[(2, 1)] = {"queen_at_start": "aggressive"}
    base[(3, 2)] = {"actions": ("requeen",), "requeens": ("nomadic",)}
    base[(3, 8)] = swarm_month("ACORN")
    for k, v in (at or {}).items():
        base[k] = {**base.get(k, {}), **v}
    return game(upto, queen="hygienic", at=base)


def test_three_generations_every_year_met():
    vs = S.verdicts(card("Three Generations"), _three_gen())
    assert all(v.status == S.MET for v in vs), vs
    assert [(v.goal, v.year) for v in vs] == [
        ("queen_all_year", 1), ("scouts_in_year", 1), ("different_queen_at_start", 2),
        ("requeen_in_season", 3), ("swarm_and_move_in_season", 3),
        ("survive_winter", 1), ("survive_winter", 2), ("survive_winter", 3)]


def test_three_generations_year_1_fails_without_a_hygienic_queen_all_year_ruling_l84():
    facts = _three_gen({(1, 4): {"actions": ("requeen",), "requeens": ("prolific",)},
                        (2, 1): {"queen_at_start": "hygienic"}})
    v = verdict("Three Generations", facts, goal="queen_all_year")
    assert v.status == S.FAILED and "prolific queen in June of year 1" in v.reason


def test_three_generations_year_1_fails_with_11_scouts():
    facts = _three_gen({(1, 7): {"actions": ("scout",)}})
    v = verdict("Three Generations", facts, goal="scouts_in_year")
    assert v.status == S.FAILED and "scouted 11 times" in v.reason
    assert verdict("Three Generations", facts[:5], goal="scouts_in_year").status == S.AT_RISK


def test_three_generations_year_2_fails_with_the_same_queen_type():
    facts = _three_gen({(2, 1): {"queen_at_start": "hygienic"}})
    v = verdict("Three Generations", facts, goal="different_queen_at_start")
    assert v.status == S.FAILED and "same hygienic queen type" in v.reason
    assert verdict("Three Generations", facts[:9],
                   goal="different_queen_at_start").status == S.AT_RISK


@pytest.mark.parametrize("roll, hives", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_three_generations_year_2_spawns_half_the_d6_rounded_up(roll, hives):
    y2 = card("Three Generations").year(2)
    for month in (1, 4, 7):
        assert S.season_start_spawns(y2, month, roll) == (hives, 4)
    assert S.season_start_spawns(y2, 2, None) == (0, 4)
    with pytest.raises(InvalidInputError, match="first month of the season"):
        S.season_start_spawns(y2, 4, None)


def test_three_generations_year_3_requeen_in_spring_met_by_a_swarm_stay_ruling_l85():
    facts = _three_gen({(3, 2): {"actions": (), "requeens": ()},
                        (3, 3): swarm_month("APPLE", True, "prolific")})
    assert verdict("Three Generations", facts, goal="requeen_in_season").status == S.MET


def test_three_generations_year_3_fails_requeening_too_late_or_with_the_wrong_queen():
    late = _three_gen({(3, 2): {"actions": (), "requeens": ()},
                       (3, 4): {"actions": ("requeen",), "requeens": ("nomadic",)}})
    v = verdict("Three Generations", late, goal="requeen_in_season")
    assert v.status == S.FAILED and "during the spring" in v.reason
    wrong = _three_gen({(3, 2): {"requeens": ("hygienic",)}})
    assert verdict("Three Generations", wrong, goal="requeen_in_season").status == S.FAILED
    assert verdict("Three Generations", late[:19],
                   goal="requeen_in_season").status == S.AT_RISK


def test_three_generations_year_3_fails_without_a_fall_move():
    stayed = _three_gen({(3, 8): swarm_month("ACORN", True, "nomadic")})
    v = verdict("Three Generations", stayed, goal="swarm_and_move_in_season")
    assert v.status == S.FAILED and "during the fall" in v.reason
    summer_move = _three_gen({(3, 8): {"swarm": None, "wild_hives": ()},
                              (3, 5): swarm_month("ACORN")})
    assert verdict("Three Generations", summer_move,
                   goal="swarm_and_move_in_season").status == S.FAILED
    assert verdict("Three Generations", stayed[:25],
                   goal="swarm_and_move_in_season").status == S.AT_RISK


def test_campaign_cards_fix_the_game_length():
    assert S.game_length(card("Three Generations"), None) == 3
    with pytest.raises(InvalidInputError, match="2 or 3"):
        S.game_length(card("Zombees"), 1)
    with pytest.raises(InvalidInputError, match="^years"):
        S.verdicts(card("Wildfire"), [], years=3)
    assert S.game_length(card("Builder"), None) == 1


def test_wildfire_year_1_normal_rules_survive_the_winter():
    met = [v for v in S.verdicts(card("Wildfire"), game((2, 1))) if v.year == 1]
    assert [(v.goal, v.status) for v in met] == [("survive_winter", S.MET)]
    failed = [v for v in S.verdicts(card("Wildfire"), game((2, 1), winter=0)) if v.year == 1]
    assert failed[0].status == S.FAILED


def test_wildfire_year_2_met_when_the_hive_never_burns():
    vs = S.verdicts(card("Wildfire"), game((2, 9)))
    assert [v.status for v in vs] == [S.MET] * 3


def test_wildfire_year_2_lost_when_the_hive_tile_burns():
    facts = game((2, 4), at={(2, 4): {"hive_burned": True}})
    v = verdict("Wildfire", facts, goal="hive_not_burned", over=True)
    assert v.status == S.FAILED and v.reason == ("Wildfire: your hive's tile burned in June "
                                                 "of year 2: you lose")
    assert verdict("Wildfire", facts[:11], goal="hive_not_burned").status == S.AT_RISK
    assert verdict("Wildfire", facts, goal="survive_winter", year=2, over=True).status == S.FAILED


# A 3 x 3 block: rows r = -1, 0, 1 by zig-zag columns -1, 0, 1; the hive (0, 0) in the middle.
BLOCK = [(c - (r - (r & 1)) // 2, r) for r in (-1, 0, 1) for c in (-1, 0, 1)]


@pytest.mark.parametrize("d4, edge, axis, step, first", [
    (1, "opposite", "row", 1, -1),   # the hive is midway: the bottom counts as closest
    (2, "right", "column", -1, 1),
    (3, "closest", "row", -1, 1),
    (4, "left", "column", 1, -1),
])
def test_wildfire_d4_picks_the_edge_and_direction_ruling_l89(d4, edge, axis, step, first):
    front = S.fire_start(card("Wildfire"), d4, BLOCK, (0, 0))
    assert (front.edge, front.axis, front.step, front.next_row) == (edge, axis, step, first)


def test_wildfire_closest_edge_is_the_one_nearest_the_hive():
    tall = [(0, r) for r in range(-1, 5)]          # hive at r=0: the top (r=-1) is closest
    front = S.fire_start(card("Wildfire"), 3, tall, (0, 0))
    assert (front.next_row, front.step) == (-1, 1)
    toward = S.fire_start(card("Wildfire"), 1, tall, (0, 0))
    assert (toward.next_row, toward.step) == (4, -1)


def test_wildfire_flips_one_row_a_month_and_you_lose_when_it_reaches_you_ruling_l90():
    front = S.fire_start(card("Wildfire"), 1, BLOCK, (0, 0))
    s1 = S.spread_fire(front, BLOCK)
    assert s1.row == -1 and s1.flipped == {p for p in BLOCK if p[1] == -1}
    m2 = S.wildfire_month(card("Wildfire"), s1.front, BLOCK, s1.flipped, (0, 0), [1, 2])
    assert m2.hive_burned and m2.step.row == 0 and m2.strength == 4
    assert m2.spawn_places[0] == {p for p in BLOCK if p[1] == 1}     # 1 space from the fire
    assert m2.spawn_places[1] == frozenset()                          # no tile 2 away: none
    burned = s1.flipped | m2.step.flipped
    s3 = S.spread_fire(m2.step.front, BLOCK + [(5, -1)], burned)     # scouted behind the front
    assert s3.row == 1 and (5, -1) not in s3.flipped
    s4 = S.spread_fire(s3.front, BLOCK, burned | s3.flipped)
    assert s4.row is None and not s4.flipped


def test_wildfire_columns_zig_zag_and_spawn_places_by_distance_ruling_l91():
    assert S.fire_column((0, 0)) == S.fire_column((0, 1)) == 0
    assert S.fire_column((-1, 1)) == -1 and S.fire_column((1, -1)) == 0
    line = [(q, 0) for q in range(6)]
    places = S.fire_spawn_places(3, line, [(0, 0)], occupied=[(4, 0)])
    assert places == {(3, 0)}
    assert S.fire_spawn_places(4, line, [(0, 0)], occupied=[(4, 0)]) == frozenset()
    assert S.fire_spawn_places(2, line, []) == frozenset()
    with pytest.raises(InvalidInputError, match="D4 rolls"):
        S.wildfire_month(card("Wildfire"), S.fire_start(card("Wildfire"), 2, line, (0, 0)),
                         line, [], (0, 0), [1])


def test_zombees_years_are_survival_and_year_3_follows_year_2_ruling_l93():
    z = card("Zombees")
    vs = S.verdicts(z, game((3, 9)), years=3)
    assert [(v.goal, v.year, v.status) for v in vs] == [
        ("survive_winter", 1, S.MET), ("survive_winter", 2, S.MET), ("survive_winter", 3, S.MET)]
    assert z.year(3) is z.year(2)
    lost = S.verdicts(z, game((2, 9), at={(2, 9): {"winter_bees": 0}}), years=2)
    assert [v.status for v in lost] == [S.MET, S.FAILED]
    assert lost[1].reason == "Zombees: no worker bee survived the winter of year 2"
    first = S.verdicts(z, game((2, 1), winter=0), years=2)
    assert [(v.year, v.status) for v in first] == [(1, S.FAILED), (2, S.AT_RISK)]
    assert S.verdicts(z, game((1, 9)), years=2)[1].status == S.AT_RISK


def test_zombees_first_infected_is_the_strongest_or_a_new_strength_6_hive():
    z = card("Zombees")
    assert S.first_infected(z, {"ACORN": 4, "APPLE": 7, "SPIDER": 7}).candidates == (
        "APPLE", "SPIDER")
    none = S.first_infected(z, {})
    assert (none.candidates, none.spawn_strength, none.max_distance) == ((), 6, 3)


def test_zombees_dice_tables():
    z = card("Zombees")
    assert [S.spawn_is_infected(z, d) for d in range(1, 7)] == [True] * 2 + [False] * 4
    assert [S.catches_infection(z, d) for d in range(1, 7)] == [True] * 2 + [False] * 4
    assert [S.infected_wild_action(z, d) for d in range(1, 7)] == [
        "raid the closest hive", "forage a bloom tile", "forage a wilt tile",
        "forage a harvest tile", "raid the farthest hive", "do nothing"]
    assert S.infected_action(z, 1) == S.InfectedAction(False, True)
    assert S.infected_action(z, 2) == S.InfectedAction(False, False)
    assert all(S.infected_action(z, d) == S.InfectedAction(True, False) for d in (3, 4, 5, 6))
    assert S.zombee_disease(z, 1, infected=True) == 2
    assert S.zombee_disease(z, 3, infected=False) == 3
    assert S.tile_becomes_infected(hive_infected=True, tile_infected=False)
    assert not S.tile_becomes_infected(hive_infected=False, tile_infected=False)
    with pytest.raises(InvalidInputError, match="from 1 to 6"):
        S.infected_wild_action(z, 0)


# --- combining and the outcome ----------------------------------------------------------------

def test_outcome_is_won_lost_or_in_play():
    assert S.outcome(S.verdicts(card("Nursery"), game())) == "won"
    assert S.outcome(S.verdicts(card("Nursery"), game(winter=0))) == "lost"
    assert S.outcome(S.verdicts(card("Nursery"), game((1, 4)))) == "in play"


def test_a_game_that_ended_early_fails_the_open_goals():
    vs = S.verdicts(card("Explorer"), game((1, 4)), over=True)
    assert [v.status for v in vs] == [S.FAILED, S.FAILED]
    assert "ended before the winter" in vs[1].reason


def test_combined_refuses_two_campaign_cards():
    with pytest.raises(InvalidInputError, match="at most one campaign"):
        S.combined_verdicts([card("Wildfire"), card("Zombees")], [])
    vs = S.combined_verdicts([card("Zombees"), card("Builder")], game((1, 9)), years=2)
    assert {v.card for v in vs} == {"Zombees", "Builder"}
    assert sum(v.goal == "survive_winter" for v in vs) == 2


def test_the_first_month_has_no_brood_phase_to_report():
    facts = game((1, 2), at={(1, 1): {"brood_hatched": 0}})
    assert verdict("Nursery", facts).status == S.AT_RISK           # 0 there is not a failure
    with pytest.raises(InvalidInputError, match="skips the Brood Phase"):
        S.check_facts(game((1, 1), at={(1, 1): {"brood_hatched": 2}}))
    with pytest.raises(InvalidInputError, match="only the game's first month"):
        S.check_facts(game((1, 2), at={(1, 2): {"brood_hatched": None}}))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-8, 0), min_size=9, max_size=9))
def test_dirty_bees_is_met_exactly_when_the_worst_level_reaches_minus_7(levels):
    facts = game(at={(1, m): {"worst_disease": d} for m, d in enumerate(levels, start=1)})
    status = verdict("Dirty Bees", facts).status
    assert status == (S.MET if min(levels) <= -7 else S.FAILED)
    partial = verdict("Dirty Bees", facts[:5]).status
    assert partial == (S.MET if min(levels[:5]) <= -7 else S.AT_RISK)


def test_zombees_doubles_the_disease_left_after_clean_bees_ruling_l94():
    z = card("Zombees")
    clean_bees_one_less = 1 - 1                 # forage (1 disease) with the mite standing
    assert S.zombee_disease(z, clean_bees_one_less, infected=True) == 0
    assert S.zombee_disease(z, 2, infected=True) == 4   # a raid's third of the target's level
    with pytest.raises(InvalidInputError):
        S.zombee_disease(z, -1, infected=True)


def test_the_map_module_loads_every_scenario_layout():
    M = pytest.importorskip("hyvekit.rules.beelives.map")
    for sc in bl.solo_cards().scenarios:
        m = M.from_starting_map(sc.map)
        assert M.map_size(m) == len(sc.map.tiles)
        assert M.map_length(m) == S.map_length(t.coord for t in sc.map.tiles)
