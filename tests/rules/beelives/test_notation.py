"""The Bee Lives turn notation: every typed action prints as one line that parses back to the
same action, on random legal games with and without the map and with the solo cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hyvekit.data.beelives import components
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.common import AmbiguousInputError, InvalidInputError

COMPS = components()


def _table(on_map: bool = False):
    state = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive"),
                        ("Mara's Hive", "nomadic")], COMPS.board)
    if on_map:
        from hyvekit.rules.beelives import map as M
        state = replace(state, map=M.starting_map([p.name for p in state.players]))
    return replace(state, wild=(g.WildHiveState("ACORN", 6), g.WildHiveState("OAK", 3)))


@pytest.mark.parametrize("text,action", [
    ("Susan: forage harvest 2 take 3/1/0", g.Forage("Susan", "harvest", 2, (3, 1, 0))),
    ("Susan: forage at 1,-2", g.Forage("Susan", at=(1, -2))),
    ("Jeremy: raid Susan 5 rolls 3421/4433 removed 1",
     g.Raid("Jeremy", "Susan", ((3, 4, 2, 1), (4, 4, 3, 3)), (1,), bees=5)),
    ("Jeremy: raid ACORN 3 take 2/0/0 distance 2 sacrifices 1",
     g.Raid("Jeremy", "ACORN", bees=3, sacrifices=1, take=(2, 0, 0), distance=2)),
    ("Susan: defend 2", g.Defend("Susan", bees=2)),
    ("Susan: build-wax 1", g.BuildWax("Susan", bees=1)),
    ("Susan: clean-bees 3", g.CleanBees("Susan", bees=3)),
    ("Susan: cool-hive", g.CoolHive("Susan")),
    ("Susan: requeen nomadic", g.Requeen("Susan", "nomadic")),
    ("Susan: scout wet at 0,3 d6 5 spawn FERN spawn-at 0,3",
     g.Scout("Susan", "wet", (0, 3), dice=g.TurnDice(card_d6=5, spawn="FERN",
                                                     spawn_at=(0, 3)))),
    ("Susan: scare at 2,0", g.ScareGhosts("Susan", (2, 0))),
    ("Susan: pass", g.Pass("Susan")),
    ("\"Mara's Hive\": raid Jeremy 2 zombee 4 infection 1",
     g.Raid("Mara's Hive", "Jeremy", bees=2, dice=g.TurnDice(zombee_d6=4, infection_d6=1))),
    ("ACORN: raid Susan d6 4 from 2", g.WildRaid("ACORN", "Susan", 4, from_first_player=2)),
    ("ACORN: raid OAK d6 4 target-roll 1", g.WildRaid("ACORN", "OAK", 4, 1)),
    ("ACORN: swarm BRAMBLE spawn-at 2,-1",
     g.WildSwarm("ACORN", dice=g.TurnDice(spawn="BRAMBLE", spawn_at=(2, -1)))),
    ("ACORN: forage bloom 1", g.WildForage("ACORN", "bloom", 1)),
    ("ACORN: scout wet at 4,4", g.WildScout("ACORN", "wet", (4, 4))),
    ("ACORN: nothing", g.WildNothing("ACORN")),
])
def test_each_action_prints_and_reads_back(text, action):
    state = _table(on_map=any(k in text.split() for k in ("at", "spawn-at", "siege-at")))
    assert N.format_action(action) == text
    assert N.parse_action(text, state) == action


def test_a_map_tile_is_refused_in_a_game_without_the_map():
    with pytest.raises(InvalidInputError, match="not played on the map"):
        N.parse_action("Susan: forage at 1,-2", _table())


def test_reading_is_forgiving():
    state = _table()
    want = g.Forage("Susan", "harvest", 2, (3, 1, 0))
    assert N.parse_action("  susan :  FORAGE   Harvest 2   TAKE 3/1/0 ", state) == want
    assert N.parse_action("forage harvest 2 take 3/1/0", state, actor="Susan") == want
    assert N.parse_action("su: wax 2", state) == g.BuildWax("Susan", bees=2)
    assert N.parse_action("Jeremy: raid mara 1 rolls 3,4", state) == \
        g.Raid("Jeremy", "Mara's Hive", ((3, 4),), bees=1)
    assert N.parse_action("acorn: none", state) == g.WildNothing("ACORN")


def test_unknown_words_get_close_matches():
    state = _table()
    with pytest.raises(InvalidInputError) as e:
        N.parse_action("Susan: forgae harvest 2", state)
    assert "forage" in e.value.suggestions
    with pytest.raises(InvalidInputError) as e:
        N.parse_action("Susan: forage harvst 2", state)
    assert e.value.field == "tile" and e.value.suggestions == ("harvest",)
    with pytest.raises(InvalidInputError) as e:
        N.parse_action("Susan: forage harvest 2 tkae 3/0/0", state)
    assert "take" in e.value.suggestions
    with pytest.raises(InvalidInputError) as e:
        N.parse_action("Susann: defend 1", state)
    assert e.value.suggestions == ("Susan",)
    with pytest.raises(AmbiguousInputError):
        N.parse_action("Susan: raid a 2", state)          # ACORN, Mara's Hive
    with pytest.raises(InvalidInputError) as e:
        N.parse_action("Susan: defend 1 d6", state)
    assert e.value.field == "d6"
    with pytest.raises(InvalidInputError):
        N.parse_action("defend 1", state)                  # whose?


def test_every_turn_of_random_games_round_trips():
    from hyvekit.rules.beelives import map as M
    names = [("Ann", "hygienic"), ("Bo", "aggressive"), ("Cy", "nomadic"), ("Di", "prolific")]
    configs = [(1, 2, {"years": 2}, False), (2, 3, {}, True), (3, 4, {}, True),
               (4, 1, {"solo_hard": True, "haunted_hives": True}, False),
               (5, 1, {"years": 2, "zombees_from_year": 2}, False), (6, 2, {}, False),
               (7, 3, {"years": 3}, False), (8, 2, {"years": 2}, True)]
    seen: dict[str, int] = {}
    for seed, players, options, with_map in configs:
        rng = random.Random(seed)
        state = g.new_game(names[:players], COMPS.board, options=g.Options(**options))
        if with_map:
            state = replace(state, map=M.starting_map([p.name for p in state.players]))
        while state.stage != "over":
            if state.stage == "winter":
                state, _ = g.play_winter(state, COMPS)
                continue
            plan, result = random_month(state, COMPS, rng)
            table, _ = g.start_month(state, plan, COMPS)
            for t in plan.turns:
                action = g.as_action(replace(t, where=""))
                assert N.round_trip(action, table) == action, N.format_action(action)
                table, _ = g.play_turn(table, action, COMPS)
                seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1
            state = result.state
    assert sum(seen.values()) > 100      # (every class is also read back one by one above)
    assert {"Forage", "Scout", "Raid", "ScareGhosts", "Defend", "BuildWax", "CleanBees",
            "Requeen", "WildForage", "WildRaid"} <= set(seen)
