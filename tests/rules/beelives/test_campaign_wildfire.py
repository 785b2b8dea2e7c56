"""Wildfire's year 2 played on the map in a Bee Lives solo campaign
(hyvekit/rules/beelives/campaign.py; rules/bee-lives.txt, Campaign Cards, "Wildfire"):

"Year 2: At the start of the year, roll a D4 to determine where on the map the wildfire
starts ... For the rest of the year, carry out these steps at the start of each month: Flip
over the next row of tiles in the direction that the fire is spreading. Roll a D4 twice. For
each roll, spawn a wild hive (strength 4) on the map, as many spaces away from the fire as the
rolled result. If there is no legal space, then the hive is not spawned. At any time, if the
map tile occupied by your hive flips due to the spreading fire, you lose!"

Year 1 is a random legal year played on the map through ``C.play`` (each month checked by the
rules core), then winter upkeep.  For the fire the year-2 state then gets a map built here (a
4 x 4 block of tiles, or one row of 11) and a known hive for Ann (2 workers, 12 honey, no
pollen: she only defends, one round, so no wild hive takes a turn); every year-2 month goes
through ``C.play``.  Rows, columns and distances below were worked out by hand on the axial
coordinates (rows of equal r, r growing towards the player; zig-zag columns, ruling L89).
"""

from __future__ import annotations

import functools
import json
import random
import tomllib
from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import map as M
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.hive import Hive
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.common import IllegalActionError, InvalidInputError

COMPS = bl.campaign_components()
WILDFIRE = {"kind": "solo-campaign", "campaign": "Wildfire", "map": True,
            "players": [{"name": "Ann", "queen": "prolific"}]}
NONE = "none"

# A 4 x 4 block: offset columns 0-3 in rows r = 0-3, q = column - (r - (r & 1)) // 2.
BLOCK = {(c - (r - (r & 1)) // 2, r) for r in range(4) for c in range(4)}
ROW_0 = {(0, 0), (1, 0), (2, 0), (3, 0)}           # the top row
ROW_3 = {(-1, 3), (0, 3), (1, 3), (2, 3)}          # the bottom row (the player's side)
COLUMN_LEFT = {(0, 0), (0, 1), (-1, 2), (-1, 3)}
COLUMN_RIGHT = {(3, 0), (3, 1), (2, 2), (2, 3)}
ANN_AT = (0, 2)      # row 2 (one row from the bottom, two from the top), column 1


def new(raw=WILDFIRE):
    return C.new_campaign(C.settings_from_dict(raw, COMPS), COMPS)


@functools.lru_cache(maxsize=None)
def year_one() -> C.CampaignState:
    """A random legal first year on the map (the first seed after which Ann still has a bee
    and no wild hive is left), then winter upkeep: year 2 March is next."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new()
        while state.game.stage == "month":
            plan, _ = random_month(state.game, COMPS.game, rng)
            state = C.play(state, "month", {"month": tomllib.loads(rec.dump_month(plan))})
        state = C.play(state, "year-end", {})
        if state.game.players[0].hive.workers >= 1 and not state.game.wild:
            return state
    raise AssertionError("no seed gave a quiet first year")


def year_two(tiles=BLOCK, ann_at=ANN_AT, tile_type="bloom") -> C.CampaignState:
    """Year 2 March is next, on a map of ``tiles`` with Ann's hive on ``ann_at``."""
    state = year_one()
    assert (state.game.year, state.game.month, state.game.stage) == (2, 1, "month")
    m = M.new_map({c: tile_type for c in tiles}, [M.MapHive("Ann", "player", ann_at)])
    game = replace(state.game, map=m).with_hive(
        "Ann", Hive(unassigned=2, honey=12, comb=14, queen="prolific"))
    return replace(state, game=game)


def next_card(state) -> str:
    season = g.season_of(state.game.month)
    return next(c.name for c in COMPS.game.cards
                if c.season == season and c.name not in state.game.played)


def month(state, *, turns=True, **stated):
    """The next month: Ann defends with both her bees (one round, no wild hive turn)."""
    m = {"year": state.game.year, "month": state.game.month, "card": next_card(state)}
    if turns:
        m["turn"] = [{"player": "Ann", "action": "defend", "bees": 2}]
    return {"month": m, "stated": stated}


def quiet(**extra):
    """Two rolls of 4 with no legal space (every tile of the block is 3 spaces or less from a
    burnt edge row or column)."""
    return {"fire_spawn_d4": [4, 4], "spawn": [NONE, NONE], **extra}


def flipped(state) -> set:
    return {tuple(c) for c in state.months[-1].summary["fire"]["flipped"]}


def goal(state, name="hive_not_burned", year=2):
    return next(v for v in C.goals(state) if v["goal"] == name and v["year"] == year)


# --- the start: the D4 and the first row ---------------------------------------------------------

@pytest.mark.parametrize("d4, edge, spreads, first_row", [
    (1, "opposite", "toward you", ROW_0),        # Ann's row 2 is nearer the bottom: top row
    (2, "right", "left", COLUMN_RIGHT),
    (3, "closest", "away from you", ROW_3),
    (4, "left", "right", COLUMN_LEFT),
])
def test_the_d4_starts_the_fire_and_its_edge_row_flips_in_march_ruling_l130(
        d4, edge, spreads, first_row):
    state = year_two()
    assert state.fire is None and "fire" not in C.summary(state)
    after = C.play(state, "month", month(state, **quiet(fire_d4=d4)))
    assert flipped(after) == first_row
    assert set(M.burnt_tiles(after.game.map)) == first_row
    assert (after.fire.edge, after.fire.axis) == (edge, "row" if d4 in (1, 3) else "column")
    fire = C.summary(after)["fire"]
    assert (fire["edge"], fire["spreads"], fire["burnt"]) == (edge, spreads, 4)
    assert fire["hive_burned"] is False
    assert after.months[-1].summary["fire"]["d4"] == d4
    assert goal(after)["status"] == "at risk"
    json.dumps(C.summary(after))


def test_the_fire_d4_is_needed_in_march_of_year_two_only():
    state = year_two()
    with pytest.raises(IllegalActionError, match="fire_d4") as exc:
        C.play(state, "month", month(state, **quiet()))
    assert exc.value.rule == C.R_WILDFIRE
    march = C.play(state, "month", month(state, **quiet(fire_d4=2)))
    with pytest.raises(IllegalActionError, match="rolled once") as exc:
        C.play(march, "month", month(march, **quiet(fire_d4=2)))
    assert exc.value.rule == C.R_WILDFIRE
    # no fire in year 1 ("Normal rules apply")
    first = new()
    march_y1 = {"year": 1, "month": 1, "card": "First Bloom",
                "turn": [{"player": "Ann", "action": "defend", "bees": 3}]}
    for stated in ({"fire_d4": 1}, {"fire_spawn_d4": [1, 2]}, {"hive_burned": True}):
        with pytest.raises(IllegalActionError) as exc:
            C.play(first, "month", {"month": march_y1, "stated": stated})
        assert exc.value.rule == C.R_WILDFIRE
    # without the map the fire's dice are refused (the burned hive is stated there, L109)
    off_map = new({**WILDFIRE, "map": False})
    with pytest.raises(IllegalActionError, match="only on the map"):
        C.play(off_map, "month", {"month": march_y1, "stated": {"fire_d4": 1}})
    with pytest.raises(InvalidInputError, match="fire_d4"):
        C.play(state, "month", month(state, **quiet(fire_d4=5)))


# --- the spawns ---------------------------------------------------------------------------------

# After March's flip of the right column, the tiles one space from the fire are (hand-worked
# from the neighbours of (3, 0), (3, 1), (2, 2), (2, 3)): (2, 0), (2, 1), (1, 2), (1, 3).
ONE_FROM_RIGHT = [[1, 2], [1, 3], [2, 0], [2, 1]]


def test_a_spawn_off_its_distance_is_refused_and_nothing_changes_ruling_l131():
    state = year_two()
    before = C.result(state)
    wrong = month(state, fire_d4=2, fire_spawn_d4=[1, 1],
                  spawn=[{"wild": "ASH", "at": [0, 0]}, {"wild": "BIRCH", "at": [1, 3]}])
    with pytest.raises(IllegalActionError) as exc:
        C.play(state, "month", wrong)
    assert exc.value.rule == C.R_WILDFIRE and exc.value.expected == ONE_FROM_RIGHT
    assert exc.value.given == [0, 0]
    assert C.result(state) == before and state.fire is None and state.months == year_one().months
    # each placed hive occupies its tile before the next roll: ASH on (2, 0) takes it
    twice = month(state, fire_d4=2, fire_spawn_d4=[1, 1],
                  spawn=[{"wild": "ASH", "at": [2, 0]}, {"wild": "BIRCH", "at": [2, 0]}])
    with pytest.raises(IllegalActionError) as exc:
        C.play(state, "month", twice)
    assert exc.value.expected == [[1, 2], [1, 3], [2, 1]]
    good = month(state, fire_d4=2, fire_spawn_d4=[1, 1],
                 spawn=[{"wild": "ASH", "at": [2, 0]}, {"wild": "BIRCH", "at": [1, 3]}])
    after = C.play(state, "month", good)
    assert [(w.name, w.strength) for w in after.game.wild] == [("ASH", 4), ("BIRCH", 4)]
    assert {h.name: h.at for h in after.game.map.hives} == {
        "Ann": ANN_AT, "ASH": (2, 0), "BIRCH": (1, 3)}
    origins = {w.name: w.origin for w in after.facts[-1].wild_hives if w.spawned}
    assert origins == {"ASH": "campaign_card", "BIRCH": "campaign_card"}
    spawned = after.months[-1].summary["wild_spawned"]
    assert [(s["wild"], s["at"], s["d4"]) for s in spawned] == [
        ("ASH", [2, 0], 1), ("BIRCH", [1, 3], 1)]


def test_none_only_when_the_roll_has_no_legal_space():
    state = year_two()
    with pytest.raises(IllegalActionError, match="must be spawned") as exc:
        C.play(state, "month", month(state, fire_d4=2, fire_spawn_d4=[1, 4],
                                     spawn=[NONE, NONE]))
    assert exc.value.rule == C.R_WILDFIRE and exc.value.expected == ONE_FROM_RIGHT
    # 4 spaces from the right column: nothing on a block 4 columns wide — a name is refused
    with pytest.raises(IllegalActionError, match="no legal space") as exc:
        C.play(state, "month", month(state, fire_d4=2, fire_spawn_d4=[1, 4],
                                     spawn=[{"wild": "ASH", "at": [2, 1]},
                                            {"wild": "BIRCH", "at": [-1, 2]}]))
    assert exc.value.expected == NONE
    with pytest.raises(InvalidInputError, match="at"):
        C.play(state, "month", month(state, fire_d4=2, fire_spawn_d4=[1, 4],
                                     spawn=["ASH", NONE]))
    with pytest.raises(IllegalActionError, match="fire_spawn_d4"):
        C.play(state, "month", month(state, fire_d4=2, spawn=[NONE, NONE]))
    with pytest.raises(IllegalActionError, match="2 wild hive"):
        C.play(state, "month", month(state, fire_d4=2, fire_spawn_d4=[4, 4], spawn=[NONE]))
    after = C.play(state, "month", month(state, fire_d4=2, fire_spawn_d4=[1, 4],
                                         spawn=[{"wild": "ASH", "at": [2, 1]}, NONE]))
    assert [w.name for w in after.game.wild] == ["ASH"]


# --- the fire reaches the hive -------------------------------------------------------------------

def test_the_fire_reaching_the_hive_loses_at_once_ruling_l132():
    """D4 2: right column in March, the next column in April, Ann's column (1) in May."""
    state = year_two()
    march = C.play(state, "month", month(state, **quiet(fire_d4=2)))
    # Ann's tile has not burned: stating it is refused
    with pytest.raises(IllegalActionError, match="has not burned") as exc:
        C.play(march, "month", month(march, **quiet(hive_burned=True)))
    assert exc.value.rule == C.R_WILDFIRE
    april = C.play(march, "month", month(march, **quiet()))
    assert flipped(april) == {(2, 0), (2, 1), (1, 2), (1, 3)}
    assert C.summary(april)["fire"]["hive_spaces_from_fire"] == 1
    # May: column 1 flips with Ann's tile (0, 2) — the month is not played
    with pytest.raises(IllegalActionError, match="you lose before the month is played"):
        C.play(april, "month", month(april, **quiet()))
    with pytest.raises(IllegalActionError, match="burns this month"):
        C.play(april, "month", month(april, turns=False, hive_burned=False))
    # the lost month is still a month: its card is checked (May draws from the spring deck, a
    # card not played yet), and nothing but the card and the fire may be stated
    may = month(april, turns=False)
    for bad, word in (({**may["month"], "card": "Heat Wave"}, "spring"),
                      ({**may["month"], "card": march.game.card}, "already played"),
                      ({**may["month"], "spawn_d6": {"X": 1}}, "spawn_d6"),
                      ({**may["month"], "solo_spawn": "X"}, "solo_spawn")):
        with pytest.raises(IllegalActionError, match=word):
            C.play(april, "month", {"month": bad, "stated": {}})
    with pytest.raises(IllegalActionError, match="stated map_tiles"):
        C.play(april, "month", {"month": may["month"], "stated": {"map_tiles": 99}})
    lost = C.play(april, "month", month(april, turns=False))
    assert flipped(lost) == {(1, 0), (1, 1), (0, 2), (0, 3)}
    assert lost.months[-1].card == may["month"]["card"] == lost.game.card
    assert ANN_AT in M.burnt_tiles(lost.game.map) and M.hive_burnt(lost.game.map, "Ann")
    assert lost.facts[-1].hive_burned and (lost.facts[-1].year, lost.facts[-1].month) == (2, 3)
    v = goal(lost)
    assert v["status"] == "failed" and "you lose" in v["reason"]
    assert goal(lost, "survive_winter")["status"] == "failed"      # the winter included (L92)
    data = C.summary(lost)
    assert data["outcome"] == "lost" and data["stage"] == "over"
    assert data["fire"]["burnt"] == 12 and data["fire"]["hive_burned"] is True
    assert data["next"] == "nothing: the game is over"
    # stating the burn agrees with the map: the same result
    stated = C.play(april, "month", month(april, turns=False, hive_burned=True))
    assert C.result(stated) == C.result(lost)
    # no month after the loss, and no winter
    with pytest.raises(IllegalActionError, match="you lost") as exc:
        C.play(lost, "month", month(lost, turns=False))
    assert exc.value.rule == C.R_WILDFIRE
    with pytest.raises(IllegalActionError):
        C.play(lost, "year-end", {})


def test_the_fire_that_never_reaches_the_hive_keeps_the_goal_through_the_year():
    """One row of 11 wilt tiles, Ann on the left end (0, 0), the fire from the right edge
    (D4 2): March burns q = 10, each month the next tile to the left; November burns q = 2.
    A roll of d places a hive on q = 11 - month - d (month 1-9) when that tile is free: ASH in
    March (4: q = 6) and BIRCH in July (4: q = 2); every other roll lands on a taken tile (a
    hive, Ann included) or off the map, so it is "none"."""
    state = year_two(tiles={(q, 0) for q in range(11)}, ann_at=(0, 0), tile_type="wilt")
    ash, birch = {"wild": "ASH", "at": [6, 0]}, {"wild": "BIRCH", "at": [2, 0]}
    plan = [([4, 4], [ash, NONE]), ([3, 3], [NONE, NONE]), ([2, 2], [NONE, NONE]),
            ([1, 1], [NONE, NONE]), ([4, 4], [birch, NONE]), ([3, 3], [NONE, NONE]),
            ([2, 2], [NONE, NONE]), ([1, 1], [NONE, NONE]), ([2, 3], [NONE, NONE])]
    for i, (rolls, spawn) in enumerate(plan):
        stated = {"fire_spawn_d4": rolls, "spawn": spawn, **({"fire_d4": 2} if i == 0 else {})}
        state = C.play(state, "month", month(state, **stated))
        assert flipped(state) == {(10 - i, 0)}
        if i == 2:
            assert goal(state)["status"] == "at risk"
    assert set(M.burnt_tiles(state.game.map)) == {(q, 0) for q in range(2, 11)}
    # the burnt tiles keep their hives (ruling L69)
    assert {h.name: h.at for h in state.game.map.hives} == {
        "Ann": (0, 0), "ASH": (6, 0), "BIRCH": (2, 0)}
    assert C.summary(state)["fire"]["hive_spaces_from_fire"] == 2
    assert goal(state)["status"] == "met"            # the ninth month is played
    assert "never burned" in goal(state)["reason"]
    state = C.play(state, "year-end", {})
    assert C.summary(state)["outcome"] == "won"


# --- a first year played on the map, the fire on its own tiles ----------------------------------

def test_a_one_tile_map_burns_the_hive_in_the_first_month_and_replays():
    """A first year on the map in which Ann never scouted: her tile is the whole map, the
    first row of any D4 — she loses in year 2 March.  The events replay to the same state."""
    events = []
    for seed in range(200):
        rng, state, events = random.Random(seed), new(), []
        while state.game.stage == "month":
            plan, _ = random_month(state.game, COMPS.game, rng)
            data = {"month": tomllib.loads(rec.dump_month(plan))}
            state = C.play(state, "month", data)
            events.append(("month", data))
        if len(state.game.map.tiles) == 1 and not state.game.wild:
            break
    else:
        raise AssertionError("no seed kept the map to one tile")
    state = C.play(state, "year-end", {})
    events.append(("year-end", {}))
    with pytest.raises(IllegalActionError, match="fire_d4"):
        C.play(state, "month", {"month": {"year": 2, "month": "March", "card": "Perfect Weather"}})
    data = {"month": {"year": 2, "month": "March", "card": "Perfect Weather"},
            "stated": {"fire_d4": 3}}
    lost = C.play(state, "month", data)
    events.append(("month", data))
    assert C.summary(lost)["outcome"] == "lost"
    assert C.summary(lost)["fire"]["burnt_tiles"] == [[0, 0]]
    again = new()
    for event_type, d in events:
        again = C.play(again, event_type, json.loads(json.dumps(d)))
    assert C.result(again) == C.result(lost) and again.fire == lost.fire
