"""Bee Lives season cards (rules/bee-lives.txt, "Season Cards"): data, effects as rules-core
parameters, and the rulings L30–L38 (docs/rulings.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hyvekit.data import beelives as bl
from hyvekit.data import packaged_toml
from hyvekit.rules.beelives import Assigned, Hive
from hyvekit.rules.beelives import actions as A
from hyvekit.rules.beelives import phases as P
from hyvekit.rules.beelives import raids as R
from hyvekit.rules.beelives import seasons as S
from hyvekit.rules.beelives import wild as W
from hyvekit.rules.common import AmbiguousInputError, InvalidInputError

# Season Cards, in the rulebook's order.
NAMES = {
    "spring": ["Beginning of the Flow", "A Cold Spike", "An Early Start", "First Bloom",
               "In Like a Lion", "Non-Stop Rain", "Oppressive Heat", "Out Like a Lamb",
               "Perfect Weather"],
    "summer": ["The Dearth", "A Dry Spell", "Early Fall", "Heat Wave", "Humid Days",
               "Late Bloom", "On Guard", "Summer Storms", "Unseasonably Cool"],
    "fall": ["Buttoned Up", "Cooler Temps", "Culling of the Drones", "Desperate Parties",
             "An Early Winter", "The Final Flow", "First Frost", "Indian Summer",
             "Unseasonably Warm"],
}

# The Seasonal Resource Chart, typed again from the rulebook: (honey, pollen, water).
CHART = {
    "spring": {"bloom": (5, 5, 0), "wilt": (2, 2, 0), "harvest": (1, 1, 0), "wet": (1, 1, 3)},
    "summer": {"bloom": (1, 1, 0), "wilt": (3, 3, 0), "harvest": (1, 1, 0), "wet": (1, 1, 3)},
    "fall": {"bloom": (2, 2, 0), "wilt": (1, 1, 0), "harvest": (3, 3, 0), "wet": (1, 1, 3)},
}

ALL = ("bloom", "wilt", "harvest", "wet")
# Each card's forage change, read from the card text by hand (double entry against the TOML).
DELTAS: dict[str, dict[str, tuple[int, int, int]]] = {
    "Beginning of the Flow": {"bloom": (1, 0, 0)},
    "A Cold Spike": {"bloom": (-2, 0, 0), "wilt": (-1, 0, 0), "harvest": (-1, 0, 0)},
    "First Bloom": {t: (0, 1, 0) for t in ALL},
    "Non-Stop Rain": {"bloom": (0, 0, 1), "wilt": (1, 0, 1), "harvest": (0, 0, 1),
                      "wet": (0, 0, 1)},
    "The Dearth": {t: (-2, -1, 0) for t in ALL},
    "A Dry Spell": {"wet": (-1, 0, -1)},
    "Early Fall": {"harvest": (1, 1, 0)},
    "Heat Wave": {t: (-1, 0, 0) for t in ALL},
    "Late Bloom": {"bloom": (1, 1, 0)},
    "Summer Storms": {t: (-1, 0, 0) for t in ALL},
    "Unseasonably Cool": {"bloom": (1, 1, 0)},
    "An Early Winter": {t: (-1, -1, 0) for t in ALL},
    "The Final Flow": {"harvest": (1, 1, 0)},
    "First Frost": {"harvest": (-1, 1, 0)},           # ruling L30
    "Indian Summer": {"wilt": (1, 1, 0)},
}
OVERHEATING = {"Oppressive Heat", "The Dearth", "A Dry Spell", "Heat Wave", "Humid Days",
               "Unseasonably Warm"}


@pytest.fixture(scope="module")
def board():
    return bl.board()


@pytest.fixture(scope="module")
def cards():
    return bl.season_cards()


def card(cards, name):
    return S.find_card(cards, name)


# --- data ----------------------------------------------------------------------------------------

def test_all_27_cards_with_their_season_and_the_rulebook_text_verbatim(cards):
    assert {s: [c.name for c in cards if c.season == s] for s in S.SEASONS} == NAMES
    rulebook = (Path(__file__).resolve().parents[4]
                / "shared" / "rules" / "bee-lives.txt")
    if rulebook.exists():   # the shared rulebook sits next to the repository
        text = rulebook.read_text(encoding="utf-8")
        for c in cards:
            assert f"• {c.name}: {c.text}" in text, c.name
    for c in cards:
        assert c.source.startswith("rulebook bee-lives.txt, Season Cards")


def test_the_file_is_sourced_and_every_card_frozen(cards):
    assert packaged_toml("beelives_seasons.toml")["source"].startswith("rulebook")
    with pytest.raises(AttributeError):
        cards[0].name = "x"  # type: ignore[misc]


def test_overheating_cards(cards):
    assert {c.name for c in cards if S.overheating(c)} == OVERHEATING
    assert S.overheating(None) is False


def _raw():
    return packaged_toml("beelives_seasons.toml")


def test_unknown_keys_are_refused_with_the_accepted_list():
    raw = _raw()
    raw["card"][0]["honey_bonus"] = 1
    with pytest.raises(InvalidInputError) as err:
        S.cards_from_dict(raw)
    assert "honey_bonus" in str(err.value) and "overheating" in str(err.value)
    raw = _raw()
    raw["card"][0]["forage"]["meadow"] = [1, 0, 0]
    with pytest.raises(InvalidInputError) as err:
        S.cards_from_dict(raw)
    assert "meadow" in str(err.value) and "bloom, wilt, harvest, wet" in str(err.value)
    raw = _raw()
    raw["card"][2]["spawn"][0]["chance"] = 0.5
    with pytest.raises(InvalidInputError, match="trigger, d6_min, strength, where"):
        S.cards_from_dict(raw)
    raw = _raw()
    raw["deck"] = []
    with pytest.raises(InvalidInputError, match="source, card"):
        S.cards_from_dict(raw)


def test_exactly_nine_cards_per_season_and_unique_names():
    raw = _raw()
    raw["card"] = raw["card"][1:]
    with pytest.raises(InvalidInputError, match="spring cards: got 8, expected exactly 9"):
        S.cards_from_dict(raw)
    raw = _raw()
    raw["card"][9]["season"] = "spring"
    with pytest.raises(InvalidInputError, match="spring cards: got 10"):
        S.cards_from_dict(raw)
    raw = _raw()
    raw["card"][1]["name"] = raw["card"][0]["name"]
    with pytest.raises(InvalidInputError, match="each name once"):
        S.cards_from_dict(raw)
    raw = _raw()
    raw["card"][0]["season"] = "winter"
    with pytest.raises(InvalidInputError, match="spring, summer or fall"):
        S.cards_from_dict(raw)


def test_a_players_own_file_replaces_the_cards(tmp_path):
    text = (Path(S.__file__).parents[2] / "data"
            / "beelives_seasons.toml").read_text(encoding="utf-8")
    own = tmp_path / "cards.toml"
    own.write_text(text.replace("forage.harvest = [-1, 1, 0]", "forage.harvest = [-1, -1, 0]"),
                   encoding="utf-8")
    frost = S.find_card(bl.season_cards(own), "First Frost")
    assert S.forage_modifiers(frost, "harvest") == (-1, -1, 0)


def test_find_card_by_name_or_unique_part(cards):
    assert card(cards, "the dearth").name == "The Dearth"
    assert card(cards, "DEARTH").name == "The Dearth"
    with pytest.raises(AmbiguousInputError):
        card(cards, "early")
    with pytest.raises(InvalidInputError) as err:
        card(cards, "Blizzard")
    assert "The Dearth" in str(err.value)


# --- forage ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [n for names in NAMES.values() for n in names])
@pytest.mark.parametrize("tile", ALL)
def test_each_card_on_a_forage_of_each_tile_type_against_the_chart(cards, board, name, tile):
    c = card(cards, name)
    delta = DELTAS.get(name, {}).get(tile, (0, 0, 0))
    assert S.forage_modifiers(c, tile) == delta
    base = CHART[c.season][tile]
    expected = tuple(max(0, b + d) for b, d in zip(base, delta))     # ruling L9
    action = A.Forage(1, tile, c.season, modifiers=(S.forage_modifiers(c, tile),))
    assert A.forage_offer(board, action) == expected
    # the core's forage action, run with the card's modifiers
    hive = Hive(unassigned=1, comb=20)
    after = A.play(hive, action, board)
    assert (after.honey, after.pollen, after.water) == expected
    assert after.mite == hive.mite + 1 and after.assigned.forage == 1
    # chart_effect (used by `hyvekit beelives card`) says the same
    row = next(r for r in S.chart_effect(c, board) if r[0] == tile)
    assert row == (tile, base, delta, expected)


def test_named_chart_examples(cards, board):
    def gives(name, tile):
        c = card(cards, name)
        return A.forage_offer(board, A.Forage(1, tile, c.season,
                                              modifiers=(S.forage_modifiers(c, tile),)))
    assert gives("Beginning of the Flow", "bloom") == (6, 5, 0)
    assert gives("The Dearth", "bloom") == (0, 0, 0)        # 1 honey - 2: never below 0 (L9)
    assert gives("The Dearth", "wilt") == (1, 2, 0)
    assert gives("A Dry Spell", "wet") == (0, 1, 2)
    assert gives("Non-Stop Rain", "wilt") == (3, 2, 1)
    assert gives("A Cold Spike", "harvest") == (0, 1, 0)


def test_first_frost_gives_one_more_pollen_on_harvest_tiles_ruling_l30(cards, board):
    frost = card(cards, "First Frost")
    assert S.forage_modifiers(frost, "harvest") == (-1, 1, 0)
    taken = A.play(Hive(unassigned=2, comb=20),
                   A.Forage(2, "harvest", "fall", modifiers=(S.forage_modifiers(frost, "harvest"),)),
                   board)
    assert (taken.honey, taken.pollen) == (2, 4)
    assert "L30" in frost.note


def test_taking_more_than_the_card_allows_is_refused(cards, board):
    dearth = card(cards, "The Dearth")
    with pytest.raises(Exception) as err:
        A.check(Hive(unassigned=1), A.Forage(1, "wilt", "summer", take=(2, 0, 0),
                                             modifiers=(S.forage_modifiers(dearth, "wilt"),)),
                board)
    assert "gives 1 honey" in str(err.value)


def test_forage_modifiers_without_a_card_and_bad_tiles(cards):
    assert S.forage_modifiers(None, "bloom") == (0, 0, 0)
    with pytest.raises(InvalidInputError):
        S.forage_modifiers(card(cards, "Heat Wave"), "desert")


# --- Build Wax, Cool Hive ------------------------------------------------------------------

def test_an_early_start_builds_wax_for_one_honey_per_bee(cards, board):
    early = card(cards, "An Early Start")
    assert S.build_wax_honey_per_bee(early) == 1
    assert S.build_wax_honey_per_bee(card(cards, "First Bloom")) == 2
    assert S.build_wax_honey_per_bee(None) == 2
    after = A.play(Hive(unassigned=3, honey=3), A.BuildWax(3, S.build_wax_honey_per_bee(early)),
                   board)
    assert after.comb == 13 and after.honey == 0


def test_humid_days_cooling_seven_workers_takes_two_bees_and_four_water_ruling_l33(cards, board):
    humid = card(cards, "Humid Days")
    assert S.overheating(humid) and S.cooling_water_per_bee(humid) == 2
    assert S.cooling_water_per_bee(card(cards, "Heat Wave")) == 1
    hive = Hive(unassigned=7, water=4)
    after = A.play(hive, A.CoolHive(S.cooling_water_per_bee(humid)), board)
    assert after.assigned.cool_hive == 2 and after.water == 0 and after.cooled
    with pytest.raises(Exception, match="need 4 water"):
        A.check(replace(hive, water=3), A.CoolHive(S.cooling_water_per_bee(humid)), board)
    # Example L without the card: 7 workers, 2 bees, 2 water
    plain = A.play(Hive(unassigned=7, water=2), A.CoolHive(S.cooling_water_per_bee(None)), board)
    assert plain.water == 0


def test_an_uncooled_hive_under_an_overheating_card_hatches_nothing_next_month(cards, board):
    heat = card(cards, "Oppressive Heat")
    hive = P.cleanup_hive(Hive(unassigned=4), board, overheating=S.overheating(heat))
    assert hive.paused


# --- Feeding and Brood (next month) -----------------------------------------------------------

def test_culling_of_the_drones_next_month_feeds_three_per_honey(cards, board):
    culling = card(cards, "Culling of the Drones")
    assert S.feeding_bees_per_honey(culling) == 3
    assert S.feeding_bees_per_honey(None) == 2
    assert S.feeding_bees_per_honey(card(cards, "Buttoned Up"), board) == board.bees_per_honey
    fed = P.feeding_phase(Hive(unassigned=7, honey=3), board,
                          bees_per_honey=S.feeding_bees_per_honey(culling))
    assert fed.honey_spent == 3 and fed.starved == 0
    plain = P.feeding_phase(Hive(unassigned=7, honey=3), board,
                            bees_per_honey=S.feeding_bees_per_honey(None))
    assert plain.starved == 1                                  # Example B


def test_buttoned_up_blocks_hatching_next_month(cards, board):
    buttoned = card(cards, "Buttoned Up")
    rules = S.brood_rules(None, buttoned)
    assert rules == S.BroodRules(brood_per_pollen=1, no_hatching=True)
    result = P.brood_phase(Hive(unassigned=3, brood=4, pollen=4), board, **rules.kwargs())
    assert result.hatched == 0 and result.discarded == 4 and result.hive.pollen == 4
    normal = P.brood_phase(Hive(unassigned=3, brood=4, pollen=4), board,
                           **S.brood_rules(None, None).kwargs())
    assert normal.hatched == 4


def test_an_early_start_hatches_two_brood_per_pollen_at_the_next_brood_phase_ruling_l31(
        cards, board):
    early = card(cards, "An Early Start")
    # revealed last month, still on the board during this month's Brood Phase
    rules = S.brood_rules(early, early)
    assert rules.brood_per_pollen == 2 and not rules.no_hatching
    assert S.brood_rules(None, early) == S.brood_rules(early) == rules
    result = P.brood_phase(Hive(unassigned=3, brood=5, pollen=2), board, **rules.kwargs())
    assert result.hatched == 4 and result.pollen_spent == 2


def test_only_one_card_is_on_the_board_during_the_brood_phase_ruling_l31(cards):
    with pytest.raises(InvalidInputError, match="before this month's Event Phase"):
        S.brood_rules(card(cards, "An Early Start"), card(cards, "Buttoned Up"))


# --- raids ----------------------------------------------------------------------------------

def test_on_guard_only_with_an_aggressive_queen_ruling_l35(cards, board):
    guard = card(cards, "On Guard")
    assert S.raid_bonuses(guard, "aggressive", 6) == S.RaidBonuses(raiding=1, defending=1)
    for queen in ("prolific", "hygienic", "nomadic"):
        assert S.raid_bonuses(guard, queen, 6) == S.RaidBonuses(0, 0)
    attacker = Hive(unassigned=4, queen="aggressive")
    defender = Hive(unassigned=2, honey=5)
    bonus = S.raid_bonuses(guard, attacker.queen, attacker.workers)
    r = R.raid_player_hive(attacker, defender, R.PlayerRaid(4, ((2,),),
                                                           attacker_bonus=bonus.raiding), board)
    # base min(2, 4) = 2, aggressive +4 // 2 = 2, On Guard +1
    assert r.strength.strength == 5 and r.stolen == 5


def test_summer_storms_defends_one_per_five_workers_rounded_down_ruling_l34(cards, board):
    storms = card(cards, "Summer Storms")
    assert [S.raid_bonuses(storms, "prolific", w).defending for w in (4, 5, 9, 10, 14)] == \
        [0, 1, 1, 2, 2]
    assert S.raid_bonuses(storms, "prolific", 10).raiding == 0
    defender = Hive(unassigned=8, assigned=Assigned(defend=2), honey=5)     # 10 workers
    bonus = S.raid_bonuses(storms, defender.queen, defender.workers)
    r = R.raid_player_hive(Hive(unassigned=5), defender,
                           R.PlayerRaid(5, ((4, 4),), defender_bonus=bonus.defending), board)
    assert r.strength.strength == 5 - 2 - 2
    wild = W.wild_raids_player(6, defender, 5, board, defender_bonus=bonus.defending)
    assert wild.stolen == 5 - 2 - 2


def test_no_card_no_bonus():
    assert S.raid_bonuses(None, "aggressive", 20) == S.RaidBonuses()


# --- Cooler Temps, Desperate Parties ---------------------------------------------------------

def test_cooler_temps_moves_a_third_of_the_workers_rounded_down_to_defend_ruling_l37(cards,
                                                                                     board):
    temps = card(cards, "Cooler Temps")
    assert [S.required_defenders(temps, w) for w in (2, 3, 7, 9, 20)] == [0, 1, 2, 3, 6]
    assert S.required_defenders(card(cards, "Buttoned Up"), 9) == 0
    hive = A.play(Hive(unassigned=7), A.Defend(S.required_defenders(temps, 7)), board)
    assert hive.assigned.defend == 2 and hive.unassigned == 5


def test_desperate_parties_first_turn_raids_the_closest_hive_ruling_l38(cards, board):
    parties = card(cards, "Desperate Parties")
    strong = W.Target("player", 2, 9)            # more than two above 3: the chart would not raid
    s = W.WildSituation("fall", 3, tiles=(("harvest", 1),), target=strong)
    assert W.wild_turn(s, board).action == "forage"
    d = S.wild_first_turn(parties, s, board)
    assert d.action == "raid" and d.target == strong
    # later turns, other cards, or no hive in range: the priority chart
    assert S.wild_first_turn(card(cards, "Buttoned Up"), s, board).action == "forage"
    no_target = replace(s, target=None)
    assert S.wild_first_turn(parties, no_target, board).action == "forage"


# --- spawns ---------------------------------------------------------------------------------

def test_spawn_after_scouting_on_five_or_more(cards):
    for name in ("An Early Start", "Out Like a Lamb"):
        c = card(cards, name)
        assert S.spawn_check(c, "scout", 4) is None
        hit = S.spawn_check(c, "scout", 5)
        assert hit.strength == 3 and hit.where == "the scouted tile" and hit.dormant
        assert S.spawn_check(c, "forage", 6) is None


def test_spawn_after_foraging_thresholds(cards):
    assert S.spawn_check(card(cards, "In Like a Lion"), "forage", 5).strength == 3
    assert S.spawn_check(card(cards, "In Like a Lion"), "forage", 4) is None
    for name in ("Late Bloom", "The Final Flow", "Unseasonably Warm"):
        c = card(cards, name)
        assert S.spawn_check(c, "forage", 5) is None
        hit = S.spawn_check(c, "forage", 6)
        assert hit.where == "the foraged tile" and not hit.dormant


def test_first_turn_spawns_need_no_roll(cards):
    for name in ("Perfect Weather", "Indian Summer"):
        hit = S.spawn_check(card(cards, name), "first_turn")
        assert hit.strength == 3 and "up to 3 spaces" in hit.where
    assert S.spawn_check(card(cards, "Heat Wave"), "first_turn") is None
    assert S.spawn_check(None, "forage", 6) is None


def test_spawn_strength_in_later_years_follows_the_variant_ruling_l36(cards, board):
    lion = card(cards, "In Like a Lion")
    assert S.spawn_check(lion, "forage", 6, year=2, board=board).strength == 4
    hit = S.spawn_check(lion, "forage", 6, year=3)
    assert hit.strength == 5 and not hit.dormant


def test_spawn_check_refuses_bad_input(cards):
    lion = card(cards, "In Like a Lion")
    with pytest.raises(InvalidInputError, match="D6 roll"):
        S.spawn_check(lion, "forage")
    with pytest.raises(InvalidInputError):
        S.spawn_check(lion, "forage", 7)
    with pytest.raises(InvalidInputError):
        S.spawn_check(lion, "raid", 3)
