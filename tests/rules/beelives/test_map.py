"""Bee Lives map (hyvekit/rules/beelives/map.py): hex geometry (assumed, ruling L60), Scout
(Example G), Forage distances, spawning, swapping, the wild hive look-ups (Example E, Example
N), joining the map, wildfire rows, solo map goals, and the dict / text forms."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import map as M
from hyvekit.rules.beelives import wild as W
from hyvekit.rules.common import IllegalActionError, InvalidInputError

DATA = bl.map_data()
BAG = dict(DATA.bag)


def line_map(types: str, hives: dict[str, tuple[int, int]] | None = None,
             kinds: dict[str, str] | None = None) -> M.BeeMap:
    """A row of tiles at (0,0), (1,0), ... from letters b/w/h/t (t = wet)."""
    names = {"b": "bloom", "w": "wilt", "h": "harvest", "t": "wet"}
    tiles = {(i, 0): names[ch] for i, ch in enumerate(types)}
    hives = hives or {}
    kinds = kinds or {}
    return M.new_map(tiles, [M.MapHive(n, kinds.get(n, "player"), at) for n, at in hives.items()])


# --- data and geometry ----------------------------------------------------------------------

def test_map_data_tile_bag_is_the_rulebooks_80_and_the_hex_geometry_is_assumed():
    assert BAG == {"bloom": 22, "wilt": 22, "harvest": 22, "wet": 14}
    assert sum(BAG.values()) == 80
    assert DATA.geometry_assumed
    assert (DATA.max_distance, DATA.explorer_tiles, DATA.great_migration_length) == (3, 20, 12)
    from hyvekit.data import packaged_toml
    raw = packaged_toml("beelives_map.toml")
    assert raw["tile_bag"]["source"].startswith("rulebook")
    assert raw["geometry"]["assumed"] is True and raw["setup"]["assumed"] is True


def test_hex_distance_counts_spaces_empty_ones_included_ruling_l60():
    assert all(M.distance((0, 0), n) == 1 for n in M.neighbours((0, 0)))
    assert M.distance((0, 0), (2, -1)) == 2
    assert M.distance((0, 0), (3, -3)) == 3
    assert M.distance((0, 0), (-2, 4)) == 4
    assert len(M.spaces_within((5, 5), 3)) == 37
    assert max(M.distance((5, 5), c) for c in M.spaces_within((5, 5), 3)) == 3


@settings(max_examples=80, deadline=None)
@given(*(st.tuples(st.integers(-30, 30), st.integers(-30, 30)) for _ in range(3)),
       st.integers(0, 11))
def test_distance_is_a_metric_and_rotation_keeps_it(a, b, c, steps):
    assert M.distance(a, b) == M.distance(b, a) >= 0
    assert (M.distance(a, b) == 0) == (a == b)
    assert M.distance(a, c) <= M.distance(a, b) + M.distance(b, c)
    assert M.distance(M.rotate(a, steps, c), M.rotate(b, steps, c)) == M.distance(a, b)
    assert M.rotate(M.rotate(a, steps, c), 6 - steps % 6, c) == a


# --- starting map, tile bag, Scout ----------------------------------------------------------

def test_starting_map_one_bloom_tile_per_player_spaced_apart_with_the_hive_on_it():
    m = M.starting_map(["Susan", "Jeremy", "Lauren", "Bob"])
    assert M.map_size(m) == 4 and all(t.type == "bloom" for _, t in m.tiles)
    assert len(M.segments(m)) == 4
    assert {s.hives for s in M.segments(m)} == {("Susan",), ("Jeremy",), ("Lauren",), ("Bob",)}
    ats = [m.hive(p).at for p in ("Susan", "Jeremy", "Lauren", "Bob")]
    assert min(M.distance(a, b) for a in ats for b in ats if a != b) >= 8
    assert M.tile_bag(m, BAG) == {"bloom": 18, "wilt": 22, "harvest": 22, "wet": 14}
    with pytest.raises(InvalidInputError):
        M.starting_map(["A", "B", "C", "D", "E"])
    with pytest.raises(InvalidInputError):
        M.starting_map(["Susan", "Susan"])


def test_example_g_scout_jeremy_places_the_wilt_tile_next_to_his_hive():
    """Jeremy scouts the empty space immediately next to his hive, draws a bloom and a wilt
    tile, places the wilt tile (summer); the bloom tile goes back to the bag."""
    m = M.starting_map(["Jeremy"])
    home = m.hive("Jeremy").at
    space = M.neighbours(home)[0]
    assert space in M.scout_spaces(m, "Jeremy")
    before = M.tile_bag(m, BAG)
    after_map = M.scout(m, "Jeremy", space, "wilt", bag=BAG, drawn=("bloom", "wilt"))
    assert after_map.tile(space) == M.Tile("wilt")
    assert M.distance(home, space) == 1
    after = M.tile_bag(after_map, BAG)
    assert after["wilt"] == before["wilt"] - 1 and after["bloom"] == before["bloom"]
    # he could not place a tile he did not draw
    with pytest.raises(IllegalActionError, match="choose one of the tiles drawn"):
        M.check_scout(m, "Jeremy", space, "harvest", drawn=("bloom", "wilt"))


def test_scout_space_two_away_with_no_tiles_between_is_refused_ruling_l62():
    m = M.starting_map(["Jeremy"])
    far = (2, 0)                       # two spaces east, (1, 0) is empty
    assert M.distance((0, 0), far) == 2
    assert far not in M.scout_spaces(m, "Jeremy")
    with pytest.raises(IllegalActionError) as exc:
        M.check_scout(m, "Jeremy", far, "bloom")
    assert exc.value.rule == "Bee Lives: Scout" and "unbroken line" in exc.value.message
    # with a tile in between, the same space can be scouted
    m2 = M.scout(m, "Jeremy", (1, 0), "wilt")
    assert far in M.scout_spaces(m2, "Jeremy")
    M.check_scout(m2, "Jeremy", far, "bloom")


def test_scout_reaches_three_spaces_along_a_line_of_tiles_and_no_further():
    m = line_map("bww", {"Jeremy": (0, 0)})
    spaces = M.scout_spaces(m, "Jeremy")
    assert (3, 0) in spaces                         # 3 steps: two tiles then the space
    assert all(M.distance((0, 0), c) <= 3 for c in spaces)
    m4 = line_map("bwww", {"Jeremy": (0, 0)})
    with pytest.raises(IllegalActionError, match="up to 3 spaces away, got 4"):
        M.check_scout(m4, "Jeremy", (4, 0), "bloom")
    with pytest.raises(IllegalActionError, match="already has a wilt tile"):
        M.check_scout(m, "Jeremy", (1, 0), "bloom")
    # all 6 neighbours of a lone tile are scoutable
    assert len(M.scout_spaces(M.starting_map(["A"]), "A")) == 6


def test_scout_follows_a_line_of_tiles_of_any_length_to_a_space_in_range_ruling_l62():
    # the space (2, 0) is 2 away; the only line of tiles to it takes 4 tiles after the hive's
    # (0,-1) (1,-2) (2,-2) (2,-1): the line has no length limit, the distance is what counts
    tiles = {(0, 0): "bloom", (0, -1): "wilt", (1, -2): "wilt", (2, -2): "wet", (2, -1): "wet"}
    m = M.new_map(tiles, [M.MapHive("A", "player", (0, 0))])
    target = (2, 0)
    assert M.distance((0, 0), target) == 2 and (1, 0) not in m.grid
    assert target in M.scout_spaces(m, "A")
    M.check_scout(m, "A", target, "bloom")
    # a space next to the line but 4 away is still out of range
    assert M.distance((0, 0), (3, -3)) == 3 and (3, -3) in M.scout_spaces(m, "A")
    with pytest.raises(IllegalActionError, match="up to 3 spaces away, got 4"):
        M.check_scout(m, "A", (4, -2), "bloom")


def test_scout_refuses_a_tile_type_no_longer_in_the_bag():
    m = M.new_map({(i, 0): "wet" for i in range(14)}, [M.MapHive("A", "player", (0, 0))])
    assert M.tile_bag(m, BAG)["wet"] == 0
    with pytest.raises(IllegalActionError, match="no wet tile is left"):
        M.check_scout(m, "A", (0, 1), "wet", bag=BAG)
    drawn = M.draw_tiles(m, BAG, random.Random(3))
    assert len(drawn) == 2 and "wet" not in drawn


def test_scout_cannot_make_two_segments_touch_before_joining_ruling_l61():
    m = M.new_map({(0, 0): "bloom", (2, 0): "bloom"},
                  [M.MapHive("A", "player", (0, 0)), M.MapHive("B", "player", (2, 0))])
    assert len(M.segments(m)) == 2
    assert (1, 0) not in M.scout_spaces(m, "A")      # next to both segments
    assert (-1, 0) in M.scout_spaces(m, "A")
    with pytest.raises(IllegalActionError, match="touch another segment"):
        M.check_scout(m, "A", (1, 0), "wilt")
    assert M.hive_distance(m, "A", "B") is None     # out of reach before joining


def test_scout_next_to_own_tile_is_fine_but_touching_a_far_segment_is_not():
    m = M.new_map({(0, 0): "bloom", (3, 0): "bloom"},
                  [M.MapHive("A", "player", (0, 0)), M.MapHive("B", "player", (3, 0))])
    # (1, 0) does not touch (3, 0): distance 2
    assert M.distance((1, 0), (3, 0)) == 2
    m2 = M.scout(m, "A", (1, 0), "wilt")
    with pytest.raises(IllegalActionError) as exc:
        M.check_scout(m2, "A", (2, 0), "wilt")
    assert "touch another segment" in exc.value.message and exc.value.hint
    moved = M.move_group(m2, (3, 0), (5, 0))
    M.check_scout(moved, "A", (2, 0), "wilt")


# --- Forage ---------------------------------------------------------------------------------

def test_forage_distance_is_the_bees_needed_and_own_tile_still_needs_one():
    m = line_map("bwht", {"Susan": (0, 0)})
    options = {o.at: (o.tile, o.distance, o.bees) for o in M.forage_options(m, "Susan")}
    assert options == {(0, 0): ("bloom", 0, 1), (1, 0): ("wilt", 1, 1),
                       (2, 0): ("harvest", 2, 2), (3, 0): ("wet", 3, 3)}
    M.check_forage(m, "Susan", (2, 0), 2)
    with pytest.raises(IllegalActionError) as exc:
        M.check_forage(m, "Susan", (2, 0), 1)
    assert exc.value.rule == "Bee Lives: Forage"
    assert exc.value.message == "forage at distance 2 needs 2 bees, got 1"
    assert (exc.value.expected, exc.value.given) == (2, 1)
    after = M.forage(m, "Susan", (2, 0), 2)
    assert after.workers_at((2, 0)) == (M.Workers((2, 0), "Susan", 2),)
    action = M.forage_action(m, "Susan", (3, 0), "summer")
    assert (action.distance, action.tile, action.bees) == (3, "wet", 3)


def test_example_f_susan_forages_the_harvest_tile_two_spaces_away_with_two_bees():
    m = line_map("bwh", {"Susan": (0, 0)})
    assert M.bees_needed(m, "Susan", (2, 0)) == 2
    action = M.forage_action(m, "Susan", (2, 0), "fall", take=(3, 1, 0))
    assert action.bees == 2 and action.tile == "harvest"


def test_forage_refuses_occupied_tiles_opposing_hives_far_tiles_and_other_segments():
    m = line_map("bwhtbw", {"Susan": (0, 0), "Bob": (2, 0)})
    m = M.forage(m, "Bob", (1, 0), 1)
    with pytest.raises(IllegalActionError, match="already has workers"):
        M.check_forage(m, "Susan", (1, 0))
    with pytest.raises(IllegalActionError, match="opposing hive"):
        M.check_forage(m, "Susan", (2, 0))
    with pytest.raises(IllegalActionError, match="4 spaces away"):
        M.check_forage(m, "Susan", (4, 0))
    with pytest.raises(IllegalActionError, match="empty space"):
        M.check_forage(m, "Susan", (0, 1))
    apart = M.starting_map(["A", "B"], spacing=3)
    with pytest.raises(IllegalActionError, match="another segment"):
        M.check_forage(apart, "A", (3, 0))
    with pytest.raises(InvalidInputError):
        M.check_forage(m, "Nobody", (0, 0))
    with pytest.raises(InvalidInputError):
        M.check_forage(m, "Susan", "north")


def test_closest_tiles_skips_foraged_tiles_and_returns_every_tie_ruling_l63():
    tiles = {(0, 0): "wet", (1, 0): "bloom", (-1, 0): "bloom", (0, 1): "wilt", (3, 0): "bloom",
             (2, 0): "wilt"}
    m = M.new_map(tiles, [M.MapHive("ACORN", "wild", (0, 0)), M.MapHive("Sue", "player", (2, 0))])
    assert M.closest_tiles(m, "ACORN", "bloom") == ((-1, 0), (1, 0))
    m2 = M.forage(m, "Sue", (1, 0), 1)
    assert M.closest_tiles(m2, "ACORN", "bloom") == ((-1, 0),)
    m3 = M.forage(m2, "Sue", (-1, 0), 3)
    assert M.closest_tiles(m3, "ACORN", "bloom") == ((3, 0),)
    assert M.closest_tiles(m3, "ACORN", "harvest") == ()
    assert M.closest_tiles(m, "ACORN", "wilt") == ((0, 1),)     # (2, 0) has Sue's hive
    with pytest.raises(InvalidInputError):
        M.closest_tiles(m, "ACORN", "clover")


def test_example_n_mushroom_forages_the_harvest_tile_next_to_it_in_fall():
    m = M.new_map({(0, 0): "bloom", (1, 0): "harvest", (0, 1): "wilt"},
                  [M.MapHive("MUSHROOM", "wild", (0, 0))])
    situation = W.WildSituation(season="fall", strength=3,
                                tiles=M.wild_tile_options(m, "MUSHROOM"))
    decision = W.wild_turn(situation, bl.board())
    assert decision.step == 3 and decision.tile == "harvest" and decision.distance == 1
    assert decision.strength == 4
    after = M.forage(m, "MUSHROOM", M.closest_tiles(m, "MUSHROOM", "harvest")[0])
    assert after.workers_at((1, 0)) == (M.Workers((1, 0), "MUSHROOM", 1),)


def test_haunted_tiles_wild_hives_cannot_forage_them_players_can():
    m = line_map("bbb", {"GHOST": (0, 0), "Sue": (2, 0)}, {"GHOST": "wild"})
    m = M.flip(m, (1, 0), "haunted")
    assert M.closest_tiles(m, "GHOST", "bloom") == ((0, 0),)
    assert (1, 0) in {o.at for o in M.forage_options(m, "Sue")}
    assert (1, 0) not in M.spawn_places(m, "Sue")


# --- hives near hives, Example E ------------------------------------------------------------

def test_example_e_wild_hives_activate_closest_to_the_first_players_hive_first():
    tiles = {(q, 0): "bloom" for q in range(-6, 7)}
    hives = [M.MapHive("Susan", "player", (0, 0)), M.MapHive("Jeremy", "player", (6, 0)),
             M.MapHive("Lauren", "player", (-6, 0)), M.MapHive("Bob", "player", (3, 0)),
             M.MapHive("DANDELION", "wild", (-4, 0)), M.MapHive("ACORN", "wild", (2, 0))]
    m = M.new_map(tiles, hives)
    assert M.activation_order(m, "Susan") == ("ACORN", "DANDELION")
    # the order follows the first player: from Lauren's hive DANDELION is closer
    assert M.activation_order(m, "Lauren") == ("DANDELION", "ACORN")


def test_activation_order_ties_follow_the_first_players_choice():
    m = line_map("bbbbb", {"Sue": (2, 0), "APPLE": (0, 0), "SPIDER": (4, 0)},
                 {"APPLE": "wild", "SPIDER": "wild"})
    assert M.activation_order(m, "Sue") == ("APPLE", "SPIDER")
    assert M.activation_order(m, "Sue", ["SPIDER"]) == ("SPIDER", "APPLE")
    with pytest.raises(InvalidInputError):
        M.activation_order(m, "Sue", ["OAK"])


def test_closest_and_farthest_hives_within_three_not_yet_raided():
    m = line_map("bbbbbb", {"ACORN": (0, 0), "Sue": (1, 0), "Bob": (3, 0), "Lau": (5, 0),
                            "GHOST": (2, 0)}, {"ACORN": "wild", "GHOST": "wild"})
    m = M.validate_map(M.BeeMap(m.tiles, tuple(
        M.MapHive(h.name, h.kind, h.at, "haunted" if h.name == "GHOST" else None)
        for h in m.hives)))
    assert M.closest_hives(m, "ACORN") == ("Sue",)
    assert M.closest_hives(m, "ACORN", exclude=["Sue"]) == ("Bob",)
    assert M.farthest_hives(m, "ACORN") == ("Bob",)        # Lau is 5 away (ruling L66)
    assert M.closest_hives(m, "ACORN", exclude=["Sue", "Bob"]) == ()
    target = M.target_for(m, "ACORN", {"Sue": 4})
    assert target == W.Target("player", 1, 4, "Sue")
    assert M.check_raid_range(m, "Sue", "Bob") == 2
    with pytest.raises(IllegalActionError, match="within 3 spaces"):
        M.check_raid_range(m, "ACORN", "Lau")
    with pytest.raises(IllegalActionError, match="haunted"):
        M.check_raid_range(m, "Sue", "GHOST")
    after = M.place_raid_token(m, "ACORN", "Sue")
    assert after.workers_at((1, 0)) == (M.Workers((1, 0), "ACORN", 1),)


# --- spawning, swapping ---------------------------------------------------------------------

def test_spawn_within_three_spaces_on_a_tile_without_a_hive_ruling_l64():
    m = line_map("bwhtbw", {"Bob": (0, 0), "Sue": (2, 0)})
    assert M.spawn_places(m, "Bob") == ((1, 0), (3, 0))
    M.check_spawn(m, "ACORN", (3, 0), near="Bob")
    with pytest.raises(IllegalActionError) as exc:
        M.check_spawn(m, "ACORN", (4, 0), near="Bob")
    assert exc.value.rule == "Bee Lives: Swarm Phase" and exc.value.given == 4
    with pytest.raises(IllegalActionError, match="already holds the Sue hive"):
        M.check_spawn(m, "ACORN", (2, 0), near="Bob")
    with pytest.raises(IllegalActionError, match="empty space"):
        M.check_spawn(m, "ACORN", (0, 1), near="Bob")
    # a tile with workers on it can take a spawned hive (In Like a Lion: on the foraged tile)
    foraged = M.forage(m, "Bob", (1, 0), 1)
    after = M.spawn_wild(foraged, "ACORN", (1, 0))
    assert after.hive("ACORN") == M.MapHive("ACORN", "wild", (1, 0))
    with pytest.raises(InvalidInputError):
        M.check_spawn(after, "ACORN", (3, 0))
    # no placement left: the swarm spawns nothing
    tight = line_map("b", {"Bob": (0, 0)})
    assert M.spawn_places(tight, "Bob") == ()


def test_haunted_spawn_flips_the_tile_and_haunted_tiles_take_no_new_wild_hive():
    m = line_map("bwh", {"Sue": (0, 0)})
    m = M.spawn_wild(m, "GHOST", (2, 0), near="Sue", dark="haunted")
    assert m.tile((2, 0)).dark == "haunted" and m.hive("GHOST").dark == "haunted"
    assert M.spawn_places(m, "Sue") == ((1, 0),)


def test_haunted_and_infected_marks_belong_to_the_hive_as_well_as_the_tile_ruling_l68():
    m = line_map("bwhb", {"Sue": (0, 0)})
    m = M.spawn_wild(m, "GHOST", (2, 0), near="Sue", dark="haunted")
    m = M.spawn_wild(m, "ZED", (3, 0), near="Sue", dark="infected")
    assert m.tile((3, 0)).dark == "infected" and m.hive("ZED").dark == "infected"
    # the haunted hive's tile turned back to the light side: the hive is still haunted
    light = M.flip(m, (2, 0), None)
    assert light.tile((2, 0)).dark is None and light.hive("GHOST").dark == "haunted"
    assert M.closest_hives(light, "GHOST") == ()
    assert M.closest_hives(light, "ZED") == ("Sue",)          # infected hives raid as usual
    assert M.from_text(M.to_text(light)) == light
    with pytest.raises(InvalidInputError):
        M.spawn_wild(m, "OAK", (1, 0), dark="burnt")


def test_swarm_leave_swaps_the_hive_and_the_new_wild_hive():
    m = line_map("bwht", {"Bob": (0, 0)})
    m = M.spawn_wild(m, "ACORN", (3, 0), near="Bob")
    swapped = M.swap_hives(m, "Bob", "ACORN")
    assert swapped.hive("Bob").at == (3, 0) and swapped.hive("ACORN").at == (0, 0)
    assert M.swap_hives(swapped, "Bob", "ACORN") == m
    with pytest.raises(IllegalActionError):
        M.swap_hives(m, "ACORN", "Bob")


def test_remove_hive_and_cleanup():
    m = line_map("bwht", {"Bob": (0, 0), "ACORN": (3, 0)}, {"ACORN": "wild"})
    m = M.forage(M.forage(m, "Bob", (1, 0), 1), "ACORN", (2, 0))
    assert len(m.workers) == 2
    gone = M.remove_hive(m, "ACORN")
    assert [h.name for h in gone.hives] == ["Bob"] and len(gone.workers) == 1
    assert M.cleanup(m).workers == ()


# --- joining --------------------------------------------------------------------------------

def test_joining_legal_when_touching_on_an_edge_without_overlap():
    m = M.starting_map(["Susan", "Jeremy"], spacing=10)
    m = M.scout(m, "Susan", (1, 0), "wilt")
    order = M.join_order(["Susan", "Jeremy"], "Jeremy")
    assert order == ("Jeremy", "Susan")
    joined = M.join(m, M.Join("Jeremy", offset=(-8, 0)))     # (10,0) -> (2,0), next to (1,0)
    assert len(M.groups(joined)) == 1
    assert joined.hive("Jeremy").at == (2, 0) and joined.tile((2, 0)).type == "bloom"
    assert M.hive_distance(joined, "Susan", "Jeremy") == 2
    with pytest.raises(IllegalActionError, match="already joined"):
        M.check_join(joined, M.Join("Susan", offset=(0, 1)))


def test_joining_refuses_overlap_and_groups_that_do_not_touch():
    m = M.starting_map(["Susan", "Jeremy"], spacing=10)
    m = M.scout(m, "Susan", (1, 0), "wilt")
    with pytest.raises(IllegalActionError) as exc:
        M.check_join(m, M.Join("Jeremy", offset=(-9, 0)))          # onto (1, 0)
    assert exc.value.rule == "Bee Lives: Joining the Map" and "overlap" in exc.value.message
    with pytest.raises(IllegalActionError, match="touch another group"):
        M.check_join(m, M.Join("Jeremy", offset=(-7, 0)))          # (3, 0): a gap
    with pytest.raises(InvalidInputError):
        M.check_join(m, M.Join("Jeremy", offset=(0, 0), rotation=6))


def test_joining_may_rotate_the_group_but_never_rearranges_it():
    m = M.new_map({(0, 0): "bloom", (10, 0): "bloom", (11, 0): "wet", (12, 0): "harvest"},
                  [M.MapHive("Sue", "player", (0, 0)), M.MapHive("Bob", "player", (10, 0))])
    # turn Bob's row 120° about his hive, then put his hive next to Sue's
    move = M.Join("Bob", offset=(-9, 0), rotation=2)
    joined = M.join(m, move)
    bob = joined.hive("Bob").at
    assert bob == (1, 0) and len(M.groups(joined)) == 1
    wet = next(c for c, t in joined.tiles if t.type == "wet")
    harvest = next(c for c, t in joined.tiles if t.type == "harvest")
    assert M.distance(bob, wet) == 1 and M.distance(bob, harvest) == 2
    assert M.distance(wet, harvest) == 1
    assert M.map_size(joined) == M.map_size(m)


def test_four_segments_join_in_clockwise_order_into_one_map():
    players = ["Susan", "Jeremy", "Lauren", "Bob"]
    m = M.starting_map(players, spacing=10)          # tiles at (0,0), (10,0), (20,0), (30,0)
    assert not M.map_joined(m)
    order = M.join_order(players, "Lauren")
    assert order == ("Lauren", "Bob", "Susan", "Jeremy")
    m = M.join(m, M.Join("Lauren", offset=(-19, 0)))      # Lauren's tile to (1, 0)
    m = M.join(m, M.Join("Bob", offset=(-30, 1)))         # Bob's tile to (0, 1)
    assert len(M.groups(m)) == 2
    # Susan moves her group (Susan, Lauren, Bob) so that it touches Jeremy's tile at (10, 0)
    m = M.join(m, M.Join("Susan", offset=(11, 0)))
    assert M.map_joined(m) and M.map_size(m) == 4
    assert [m.hive(p).at for p in players] == [(11, 0), (10, 0), (12, 0), (11, 1)]
    with pytest.raises(IllegalActionError, match="already joined"):
        M.check_join(m, M.Join("Jeremy", offset=(0, 0)))
    assert M.hive_distance(m, "Lauren", "Jeremy") == 2


# --- solo scenario maps ---------------------------------------------------------------------

def test_scenario_starting_maps_come_from_the_solo_cards():

    cards = bl.solo_cards()
    nb = M.from_starting_map(cards.find("New Bee on the Block").map, player="Ann")
    assert nb.tile(nb.hive("Ann").at).type == "bloom"
    wild = [h for h in nb.hives if h.kind == "wild"]
    assert len(wild) == 2 and all(nb.tile(h.at).type == "wilt" for h in wild)
    sur = M.from_starting_map(cards.find("Surrounded").map, wild_names=["A", "B", "C", "D"])
    assert sur.tile(sur.hive("You").at).type == "harvest"
    assert sorted(sur.tile(sur.hive(n).at).type for n in "ABCD") == ["wet"] * 4
    assert len(M.groups(sur)) == 1
    with pytest.raises(InvalidInputError):
        M.from_starting_map(object())


def test_haunted_hives_neither_raid_nor_get_raided():
    m = line_map("bbb", {"GHOST": (0, 0), "Sue": (1, 0), "OAK": (2, 0)},
                 {"GHOST": "wild", "OAK": "wild"})
    m = M.validate_map(M.BeeMap(m.tiles, tuple(
        replace(h, dark="haunted") if h.name == "GHOST" else h for h in m.hives)))
    assert M.closest_hives(m, "GHOST") == ()
    assert M.target_for(m, "GHOST", {"Sue": 1}) is None
    assert M.closest_hives(m, "OAK") == ("Sue",)


def test_a_wild_hive_at_fourteen_spawns_its_swarm_within_three_spaces_of_itself():
    m = line_map("bwhtbwh", {"ACORN": (0, 0), "Sue": (5, 0)}, {"ACORN": "wild"})
    places = M.spawn_places(m, "ACORN")
    assert places == ((1, 0), (2, 0), (3, 0))
    m2 = M.spawn_wild(m, "OAK", places[-1], near="ACORN")
    assert M.hive_distance(m2, "ACORN", "OAK") == 3


# --- size, length, solo goals ---------------------------------------------------------------

def test_map_size_counts_tiles_and_length_counts_them_end_to_end_ruling_l65():
    row = M.new_map({(q, 0): "bloom" for q in range(12)})
    assert M.map_length(row) == 12 and M.map_size(row) == 12 and M.longest_line(row) == 12
    # a staircase of 12 tiles, steps east and south-east in turn: 12 tiles end to end (the
    # card's length, ruling L74), though never more than 2 in a straight line
    stairs = M.new_map({((i + 1) // 2, i // 2): "wilt" for i in range(12)})
    assert len(M.groups(stairs)) == 1 and M.map_size(stairs) == 12
    assert M.map_length(stairs) == 12 and M.longest_line(stairs) == 2
    blob = M.new_map({c: "wet" for c in M.spaces_within((0, 0), 1)})    # 7 tiles, 3 across
    assert M.map_size(blob) == 7 and M.map_length(blob) == 3
    burnt = M.burn(blob, [(0, 0)])
    assert M.map_size(burnt) == 7                        # flipped tiles still count
    goals = M.goal_progress(row, DATA)
    assert goals["great migration"] == (12, 12, True)
    assert goals["explorer"] == (12, 20, False)
    assert M.map_length(M.BeeMap()) == 0


def test_map_length_agrees_with_the_solo_cards_reading():
    from hyvekit.rules.beelives import solo as S

    for m in (M.new_map({((i + 1) // 2, i // 2): "wilt" for i in range(9)}),
              M.new_map({c: "bloom" for c in M.spaces_within((2, -1), 2)})):
        assert M.map_length(m) == S.map_length(c for c, _ in m.tiles)


# --- wildfire -------------------------------------------------------------------------------

def test_burnt_tiles_take_no_forage_and_no_spawn_and_lose_the_game_ruling_l69():
    tiles = {(q, r): "bloom" for r in range(3) for q in range(3)}
    m = M.new_map(tiles, [M.MapHive("Sue", "player", (1, 2))])
    top = [(0, 0), (1, 0), (2, 0)]
    m1 = M.burn(m, top)
    assert M.burnt_tiles(m1) == tuple(top)
    assert M.spaces_from_fire(m1, 1) == ((0, 1), (1, 1), (2, 1))
    assert M.spaces_from_fire(m1, 2) == ((0, 2), (2, 2))         # (1, 2) holds Sue's hive
    assert M.spaces_from_fire(m, 1) == ()                         # no fire yet
    with pytest.raises(IllegalActionError, match="burnt"):
        M.check_forage(m1, "Sue", (1, 0))
    with pytest.raises(IllegalActionError, match="burnt"):
        M.check_spawn(m1, "OAK", (0, 0))
    assert (1, 0) not in M.spawn_places(m1, "Sue")
    assert not M.hive_burnt(m1, "Sue")
    assert M.hive_burnt(M.burn(m1, [(1, 2)]), "Sue")
    with pytest.raises(InvalidInputError):
        M.burn(m, [(9, 9)])


def test_the_fire_rows_of_the_solo_cards_flip_on_the_map():
    from hyvekit.rules.beelives import solo as S

    tiles = {(q, r): "bloom" for r in range(3) for q in range(3)}
    m = M.new_map(tiles, [M.MapHive("Sue", "player", (1, 2))])
    card = bl.solo_cards().find("Wildfire")
    coords = [c for c, _ in m.tiles]
    front = S.fire_start(card, 1, coords, m.hive("Sue").at)      # opposite edge: the top row
    step = S.spread_fire(front, coords, M.burnt_tiles(m))
    m1 = M.burn(m, step.flipped)
    assert M.burnt_tiles(m1) == ((0, 0), (1, 0), (2, 0))


# --- serialisation --------------------------------------------------------------------------

SAMPLE = """\
bee lives map: r=0 x=0 rows=2
B.1 W.a
  ~h. Hx.
hive 1 = player Susan
hive a = wild ACORN (haunted)
workers 0,0 x1 1
"""


def test_text_form_reads_rows_of_hexes_with_letters_and_markers():
    m = M.from_text(SAMPLE)
    assert m.tile((0, 0)) == M.Tile("bloom") and m.tile((1, 0)) == M.Tile("wilt")
    assert m.tile((0, 1)) == M.Tile("wet", "haunted")
    assert m.tile((1, 1)) == M.Tile("harvest", "burnt")
    assert m.hive("Susan").at == (0, 0) and m.hive("ACORN").dark == "haunted"
    assert m.workers == (M.Workers((0, 0), "Susan", 1),)
    assert M.to_text(m) == SAMPLE
    assert M.from_text(M.to_text(M.BeeMap())) == M.BeeMap()


@pytest.mark.parametrize("bad", [
    "", "map\n", "bee lives map: r=0 x=0 rows=2\nB..\n",
    "bee lives map: r=0 x=0 rows=1\nQ..\n",
    "bee lives map: r=0 x=0 rows=1\n B..\n",
    "bee lives map: r=0 x=0 rows=1\nB.1\n",
    "bee lives map: r=0 x=0 rows=1\nB..\nhive 1 = player Sue\n",
    "bee lives map: r=0 x=0 rows=1\nB..\nnonsense\n",
    "bee lives map: r=0 x=0 rows=1\nB.1\nhive 1 = player Sue\nworkers 5,5 x1 1\n",
])
def test_text_form_errors_are_invalid_input(bad):
    with pytest.raises(InvalidInputError):
        M.from_text(bad)


@pytest.mark.parametrize("bad", [
    [], {"tiles": "x"}, {"tiles": [{"q": 0}]}, {"tiles": [{"q": 0, "r": 0, "type": "clover"}]},
    {"tiles": [{"q": 0, "r": 0, "type": "bloom"}] * 2},
    {"tiles": [], "hives": [{"name": "A", "kind": "player", "q": 0, "r": 0}]},
    {"tiles": [{"q": 0, "r": 0, "type": "bloom"}],
     "hives": [{"name": "A", "kind": "queen", "q": 0, "r": 0}]},
    {"tiles": [{"q": 0, "r": 0, "type": "bloom"}], "workers": [{"q": 0, "r": 0, "hive": "B",
                                                                "count": 1}]},
    {"tiles": [], "extra": 1},
])
def test_dict_form_errors_are_invalid_input(bad):
    with pytest.raises(InvalidInputError):
        M.from_dict(bad)


@st.composite
def maps(draw):
    coords = draw(st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1,
                           max_size=25, unique=True))
    tiles = [(c, M.Tile(draw(st.sampled_from(("bloom", "wilt", "harvest", "wet"))),
                        draw(st.sampled_from((None, None, "haunted", "infected", "burnt")))))
             for c in coords]
    spots = draw(st.lists(st.sampled_from(coords), unique=True, max_size=min(6, len(coords))))
    hives = []
    for i, c in enumerate(spots):
        kind = "player" if i % 2 == 0 else "wild"
        name = f"P{i}" if kind == "player" else f"WILD {i}"
        dark = draw(st.sampled_from((None, "haunted"))) if kind == "wild" else None
        hives.append(M.MapHive(name, kind, c, dark))
    workers = []
    if hives:
        for c in draw(st.lists(st.sampled_from(coords), unique=True, max_size=4)):
            workers.append(M.Workers(c, draw(st.sampled_from(hives)).name,
                                     draw(st.integers(1, 3))))
    return M.validate_map(M.BeeMap(tuple(tiles), tuple(hives), tuple(workers)))


@settings(max_examples=60, deadline=None)
@given(maps())
def test_dict_and_text_forms_round_trip(m):
    assert M.from_dict(json.loads(json.dumps(M.to_dict(m)))) == m
    assert M.from_text(M.to_text(m)) == m


@settings(max_examples=40, deadline=None)
@given(maps())
def test_queries_stay_within_three_spaces_of_the_hive(m):
    for h in m.hives:
        for o in M.forage_options(m, h.name):
            assert o.distance <= 3 and o.bees == max(1, o.distance)
            assert not m.occupied(o.at)
        for c in M.scout_spaces(m, h.name):
            assert c not in m.grid and M.distance(h.at, c) <= 3
        for c in M.spawn_places(m, h.name):
            assert m.hive_at(c) is None and M.distance(h.at, c) <= 3


def test_a_tile_foraged_in_an_earlier_round_stays_closed_a_hive_raided_may_be_raided_again_ruling_l63():
    """Ruling L63 with L56: "this round" is the action round in both charts' lines. A tile a
    wild hive foraged in an earlier round still holds its token ("You may not forage a map
    tile that has worker bees already on it"), so it stays closed; the hives it raided are
    forgotten when the round ends."""
    m = M.new_map({(0, 0): "wet", (1, 0): "bloom", (-1, 0): "bloom"},
                  [M.MapHive("ACORN", "wild", (0, 0))])
    foraged = M.forage(m, "ACORN", (1, 0))
    assert M.closest_tiles(foraged, "ACORN", "bloom") == ((-1, 0),)      # its own token too
    import random

    from hyvekit.rules.beelives import campaign as C
    from hyvekit.rules.beelives import engine as E
    from hyvekit.data.beelives import campaign_components, packaged_board
    comps = campaign_components(packaged_board())
    seen_raids, seed = 0, 0
    while seen_raids == 0 and seed < 20:          # games until wild hives have raided
        rng, seed = random.Random(seed), seed + 1
        state = C.new_campaign(C.settings_from_dict(
            {"kind": "multi-year", "years": 2, "players": [
                {"name": "Ann", "queen": "aggressive"}, {"name": "Bo", "queen": "prolific"}]},
            comps), comps)
        last = None
        while (d := E.decision(state)) is not None:
            step = "roll" if d.kind == "dice" else rng.choice(d.legal)
            _, state = E.resolve_steps(state, [step], rng)
            t = state.table
            now = getattr(t, "state", None)
            if now is None:
                last = None
                continue
            seen_raids += sum(1 for w in now.wild if w.raided)
            if last is not None and now.round > last:
                assert all(w.raided == () for w in now.wild)  # a new round: none raided yet
            last = now.round
    assert seen_raids > 0
