"""The month sequencer on a map (GameState.map, hyvekit/rules/beelives/map.py): tiles and
distances come from the map, spawns need a free tile, wild hives act closest to the first
player first and follow their chart as the map decides, the map is joined after May."""

from __future__ import annotations

import json
import random
import tomllib
from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.hive import Hive
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.common import IllegalActionError, InvalidInputError

M = pytest.importorskip("hyvekit.rules.beelives.map")
COMPS = bl.components()
BOARD = COMPS.board


def month(text: str) -> g.MonthPlan:
    return rec.parse_month(tomllib.loads(text))


def map_game(players=("Susan", "Jeremy")) -> g.GameState:
    s = g.new_game([(p, "prolific") for p in players], BOARD)
    return replace(s, map=M.starting_map(list(players)))


def first_month(s: g.GameState, card: str = "First Bloom") -> g.GameState:
    s2, _ = g.start_month(s, g.MonthPlan(1, 1, card), COMPS)
    return s2


def test_forage_reads_tile_type_and_distance_from_the_map():
    s = first_month(map_game())
    s2, evs = g.play_turn(s, g.Turn("Susan", "forage", at=(0, 0), take=(5, 5, 0)), COMPS)
    assert (evs[0]["tile"], evs[0]["distance"], evs[0]["bees"]) == ("bloom", 0, 1)
    assert s2.map.occupied((0, 0))
    with pytest.raises(IllegalActionError) as e:
        g.play_turn(s, g.Turn("Susan", "forage", at=(0, 0), tile="wilt", take=(1, 1, 0)), COMPS)
    assert e.value.expected == "bloom" and e.value.given == "wilt"
    with pytest.raises(IllegalActionError, match="empty space"):
        g.play_turn(s, g.Turn("Susan", "forage", at=(1, 0), take=(1, 1, 0)), COMPS)
    with pytest.raises(InvalidInputError, match="at"):
        g.play_turn(s, g.Turn("Susan", "forage", tile="bloom", distance=0), COMPS)


def test_example_g_scout_places_the_kept_tile_next_to_the_hive():
    """Example G: Jeremy scouts the empty space next to his hive and keeps the wilt tile."""
    s = first_month(map_game(("Susan", "Jeremy")))
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), COMPS)
    s, evs = g.play_turn(s, g.Turn("Jeremy", "scout", at=(25, 0), tile="wilt"), COMPS)
    assert s.map.tile((25, 0)).type == "wilt" and evs[0]["at"] == [25, 0]
    # forage the new tile one space away: one bee, the spring wilt values
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), COMPS)
    s, evs = g.play_turn(s, g.Turn("Jeremy", "forage", at=(25, 0), take=(2, 2, 0)), COMPS)
    assert (evs[0]["tile"], evs[0]["distance"]) == ("wilt", 1)
    with pytest.raises(IllegalActionError, match="Scout"):
        g.play_turn(first_month(map_game()), g.Turn("Susan", "scout", at=(5, 0), tile="wet"),
                    COMPS)


def test_card_spawn_needs_a_free_tile_and_none_only_without_one():
    s = first_month(map_game(), "Perfect Weather")
    with pytest.raises(InvalidInputError, match="tile of the new wild hive"):
        g.play_turn(s, g.Turn("Susan", "defend", bees=1, spawn="ACORN"), COMPS)
    with pytest.raises(IllegalActionError, match="already holds"):
        g.play_turn(s, g.Turn("Susan", "defend", bees=1, spawn="ACORN", spawn_at=(0, 0)),
                    COMPS)
    # the starting map has no free tile near Susan: "none" is right
    s2, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1, spawn="none"), COMPS)
    assert s2.wild == ()
    # with a free tile next to her hive, "none" is refused
    s3 = replace(s, map=M.scout(s.map, "Susan", (1, 0), "wet"))
    with pytest.raises(IllegalActionError, match="must be spawned"):
        g.play_turn(s3, g.Turn("Susan", "defend", bees=1, spawn="none"), COMPS)
    s4, _ = g.play_turn(s3, g.Turn("Susan", "defend", bees=1, spawn="ACORN",
                                   spawn_at=(1, 0)), COMPS)
    assert s4.map.hive("ACORN").at == (1, 0) and s4.wild_hive("ACORN").dormant


def _summer_on_a_map(wild_at: dict[str, tuple[int, int]], strengths: dict[str, int],
                     tiles: dict[tuple[int, int], str]) -> g.GameState:
    """July, Susan (first player) at (0, 0) and Jeremy far away; wild hives where given."""
    m = M.starting_map(["Susan", "Jeremy"])
    for c, t in tiles.items():
        m = replace(m, tiles=m.tiles + ((c, M.Tile(t)),))
    for name, at in wild_at.items():
        m = M.spawn_wild(m, name, at)
    s = g.new_game([("Susan", "prolific"), ("Jeremy", "prolific")], BOARD)
    s = replace(s, map=m, month=5, card="Heat Wave",
                played=("First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave"),
                wild=tuple(g.WildHiveState(n, strengths[n]) for n in wild_at))
    for p in ("Susan", "Jeremy"):
        s = s.with_hive(p, Hive(unassigned=2, honey=8, comb=12))
    s, _ = g.start_month(s, g.MonthPlan(1, 5, "Early Fall"), COMPS)
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), COMPS)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), COMPS)
    return s


ROW = {(1, 0): "wilt", (2, 0): "bloom", (3, 0): "harvest", (4, 0): "wilt", (5, 0): "bloom"}


def test_example_e_on_the_map_the_closest_wild_hive_to_the_first_player_goes_first():
    s = _summer_on_a_map({"ACORN": (2, 0), "DANDELION": (5, 0)}, {"ACORN": 3, "DANDELION": 3},
                         ROW)
    assert g.next_actor(s).choices == ("ACORN", "DANDELION")
    with pytest.raises(IllegalActionError, match="closest to the first player") as e:
        g.play_turn(s, g.Turn("DANDELION", "forage", wild=True, tile="wilt", at=(4, 0)), COMPS)
    assert e.value.expected == ["ACORN"]


def test_the_map_decides_the_wild_hives_chart_line():
    """Summer chart: ACORN (3) at (2, 0): the closest hive not raided this round is DANDELION
    (3 spaces; Susan's strength 1 + 1 = 2 is also within reach at 2 spaces, and is closer):
    it raids Susan.  Foraging instead is refused."""
    s = _summer_on_a_map({"ACORN": (2, 0), "DANDELION": (5, 0)}, {"ACORN": 3, "DANDELION": 3},
                         ROW)
    with pytest.raises(IllegalActionError, match="priority chart gives: raid Susan") as e:
        g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", at=(1, 0)), COMPS)
    assert e.value.expected == ["raid Susan"]
    s2, evs = g.play_turn(s, g.Turn("ACORN", "raid", wild=True, target="Susan", d6=2), COMPS)
    assert evs[0]["stolen"] == 1                      # 2 rolled, 1 defender
    assert any(w.hive == "ACORN" and w.at == (0, 0) for w in s2.map.workers)
    # DANDELION: the closest hive is ACORN (3 spaces), strength 4 ≤ 3 + 2: it raids ACORN
    with pytest.raises(IllegalActionError, match="raid ACORN"):
        g.play_turn(s2, g.Turn("DANDELION", "forage", wild=True, tile="wilt", at=(4, 0)), COMPS)


def test_a_wild_hive_forages_the_closest_tile_of_its_line():
    s = _summer_on_a_map({"ACORN": (3, 0)}, {"ACORN": 2}, {**ROW, (6, 0): "wilt"})
    s = s.with_hive("Susan", replace(s.player("Susan").hive, unassigned=9))   # too strong
    with pytest.raises(IllegalActionError, match="closest wilt tile") as e:
        g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", at=(6, 0)), COMPS)
    assert sorted(e.value.expected) == [[4, 0]]
    s2, evs = g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", at=(4, 0)),
                          COMPS)
    assert s2.wild_hive("ACORN").strength == 3 and s2.map.occupied((4, 0))


def test_removed_wild_hive_leaves_the_map_and_cleanup_clears_workers():
    s = _summer_on_a_map({"ACORN": (1, 0)}, {"ACORN": 1}, ROW)
    # Susan's second bee raids ACORN (1 space): a 4 takes it to 0
    s = s.with_hive("Susan", replace(s.player("Susan").hive, unassigned=1))
    s, _ = g.play_turn(s, g.Turn("ACORN", "raid", wild=True, target="Susan", d6=1), COMPS)
    s, evs = g.play_turn(s, g.Turn("Susan", "raid", target="ACORN", bees=1, rolls=((4,),)),
                         COMPS)
    assert evs[0]["removed"] and s.wild == ()
    assert all(h.name != "ACORN" for h in s.map.hives)
    assert not s.map.workers                          # ACORN's raid token left with it
    s, _ = g.play_turn(s, g.Turn("Jeremy", "forage", at=(24, 0), take=(1, 1, 0)), COMPS)
    assert s.map.occupied((24, 0)) and g.next_actor(s) is None
    s, _ = g.end_month(s, COMPS)
    assert s.map.workers == ()


def test_joining_the_map_after_may_of_the_first_year():
    s = map_game()
    s = replace(s, month=3, card="First Bloom", played=("First Bloom", "Perfect Weather"))
    for p in ("Susan", "Jeremy"):
        s = s.with_hive(p, Hive(unassigned=1, honey=8, comb=12))
    plan = month('month = "May"\ncard = "Non-Stop Rain"\n'
                 '[[turn]]\nplayer = "Susan"\naction = "defend"\nbees = 1\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 1\n')
    with pytest.raises(IllegalActionError, match="one unified group") as e:
        g.play_month(s, plan, COMPS)
    assert e.value.rule == "Bee Lives: Joining the Map"
    # the next month's first player (Jeremy) joins first
    bad = replace(plan, joins=(("Susan", (23, 0), 0),))
    with pytest.raises(IllegalActionError, match="clockwise order from Jeremy"):
        g.play_month(s, bad, COMPS)
    good = replace(plan, joins=(("Jeremy", (-23, 0), 0),))
    s2 = g.play_month(s, good, COMPS).state
    assert M.map_joined(s2.map) and s2.map.hive("Jeremy").at == (1, 0)
    june = month('month = "June"\ncard = "Early Fall"\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 1\n'
                 '[[turn]]\nplayer = "Susan"\naction = "defend"\nbees = 1\n')
    with pytest.raises(IllegalActionError, match="only at the end of the third month"):
        g.play_month(s2, replace(june, joins=(("Jeremy", (1, 0), 0),)), COMPS)
    assert g.play_month(s2, june, COMPS).state.month == 5


def test_record_on_a_map_parses_writes_back_and_replays():
    rng = random.Random(4)
    players = [("Ann", "prolific"), ("Bo", "aggressive"), ("Cy", "nomadic")]
    state = g.new_game(players, BOARD)
    state = replace(state, map=M.starting_map([p for p, _ in players]))
    plans = []
    for _ in range(5):
        plan, result = random_month(state, COMPS, rng)
        plans.append(plan)
        state = result.state
    assert M.map_joined(state.map)
    text = rec.dump_game(players, plans, on_map=True)
    record = rec.parse_game(tomllib.loads(text), BOARD)
    replayed = rec.replay(record, COMPS)
    assert replayed.error is None and replayed.state == state
    assert g.GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@pytest.mark.parametrize("seed", range(6))
def test_random_games_on_a_map_keep_map_and_state_in_step(seed):
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(rng.randint(1, 4))]
    state = g.new_game([(n, rng.choice(BOARD.queen_types)) for n in names], BOARD,
                       options=g.Options(solo_hard=len(names) == 1))
    state = replace(state, map=M.starting_map(names))
    while state.stage == "month":
        _, result = random_month(state, COMPS, rng)
        state = result.state
        on_map = {h.name for h in state.map.hives if h.kind == "wild"}
        assert on_map == {w.name for w in state.wild}
        assert state.map.workers == ()
    assert M.map_joined(state.map)
