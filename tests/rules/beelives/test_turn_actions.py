"""Bee Lives turns as typed actions (one class per action, rules/bee-lives.txt "Actions" and
"Wild Hives"): a month record's stated turns convert to them and back, and playing the typed
actions gives the same game as playing the stated turns."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from hyvekit.data.beelives import components
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_game
from hyvekit.rules.common import IllegalActionError, InvalidInputError

ROOT = Path(__file__).resolve().parents[3]
COMPS = components()
CAMPAIGN = sorted((ROOT / "examples/beelives/campaign").glob("2p-*.toml"))


def _month(path: Path) -> g.MonthPlan:
    return rec.parse_month(tomllib.loads(path.read_text(encoding="utf-8")), path.name)


def _random_plans(seed: int, players, **options) -> list[g.MonthPlan]:
    state = g.new_game(players, COMPS.board, options=g.Options(**options))
    return random_game(state, COMPS, random.Random(seed))[0]


def test_one_class_per_action():
    assert set(g.PLAYER_ACTION_CLASSES) == set(g.PLAYER_ACTIONS) | {"pass"}
    assert set(g.WILD_ACTION_CLASSES) == set(g.WILD_ACTIONS)
    assert all(not c.wild for c in g.PLAYER_ACTION_CLASSES.values())
    assert all(c.wild for c in g.WILD_ACTION_CLASSES.values())


def test_stated_turns_convert_to_actions_and_back():
    turns = [t for path in CAMPAIGN for t in _month(path).turns]
    turns += [t for plan in _random_plans(5, [("Ann", "hygienic"), ("Bo", "aggressive"),
                                              ("Cy", "nomadic")], years=3) for t in plan.turns]
    turns += [g.Turn("Ann", "cool_hive"), g.Turn("Ann", "requeen", queen="nomadic"),
              g.Turn("Ann", "raid", bees=3, target="ACORN", rolls=((4, 4),), sacrifices=1,
                     take=(2, 0, 0)),
              g.Turn("ACORN", "swarm", wild=True, spawn="BRAMBLE", spawn_at=(2, -1)),
              g.Turn("ACORN", "scout", wild=True, tile="wet", at=(0, 3)),
              g.Turn("ACORN", "nothing", wild=True, from_first_player=2),
              g.Turn("ACORN", "raid", wild=True, target="BRAMBLE", d6=4, target_roll=2)]
    kinds = set()
    for t in turns:
        action = g.as_action(t)
        kinds.add(type(action).__name__)
        assert action.action == t.action and action.wild == t.wild and action.actor == t.actor
        again = g.as_action(g.as_turn(action))
        assert again == action
    assert kinds == {c.__name__ for c in (*g.PLAYER_ACTION_CLASSES.values(),
                                          *g.WILD_ACTION_CLASSES.values())} - {"Pass"}


def test_a_stated_raid_keeps_its_dice_and_sacrifices():
    t = g.Turn("Jeremy", "raid", bees=5, target="Susan", rolls=((3, 5), (6, 6)), removed=(1,),
               sacrifice_defending=1, sacrifice_unassigned=2, distance=2, zombee_d6=4,
               infection_d6=3, where="turn 3")
    a = g.as_action(t)
    assert a == g.Raid("Jeremy", "Susan", ((3, 5), (6, 6)), (1,), 1, 2, 0, None, 2, bees=5,
                       dice=g.TurnDice(zombee_d6=4, infection_d6=3), where="turn 3")
    assert g.as_turn(a) == t


def test_scaring_ghosts_is_its_own_action():
    t = g.Turn("Solo", "raid", bees=1, scare_ghosts=True, at=(1, 0))
    a = g.as_action(t)
    assert isinstance(a, g.ScareGhosts) and a.action == "raid" and a.at == (1, 0)
    assert g.as_turn(a) == t


def test_an_unknown_action_names_the_allowed_ones():
    with pytest.raises(InvalidInputError) as e:
        g.as_action(g.Turn("Ann", "dance"))
    assert e.value.field == "action" and "forage" in e.value.allowed
    with pytest.raises(InvalidInputError) as e:
        g.as_action(g.Turn("ACORN", "dance", wild=True))
    assert e.value.field == "wild action" and "swarm" in e.value.allowed


@pytest.mark.parametrize("years,players", [(2, [("Ann", "hygienic"), ("Bo", "aggressive")]),
                                           (1, [("Cy", "nomadic")])])
def test_typed_actions_play_the_same_game_as_stated_turns(years, players):
    state = typed = g.new_game(players, COMPS.board, options=g.Options(years=years))
    for plan in _random_plans(17 + years, players, years=years):
        state, events = g.start_month(state, plan, COMPS)
        typed, typed_events = g.start_month(typed, plan, COMPS)
        for t in plan.turns:
            state, evs = g.play_turn(state, t, COMPS)
            typed, tevs = g.play_turn(typed, g.as_action(t), COMPS)
            assert tevs == evs
        state, _ = g.end_month(state, COMPS, solo_spawn=plan.solo_spawn, joins=plan.joins)
        typed, _ = g.end_month(typed, COMPS, solo_spawn=plan.solo_spawn, joins=plan.joins)
        assert typed == state
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS)
            typed, _ = g.play_winter(typed, COMPS)
    assert state.stage == "over" and typed == state


def test_check_raises_what_apply_raises_and_changes_nothing():
    plan = _month(CAMPAIGN[0])
    state = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], COMPS.board)
    state, _ = g.start_month(state, plan, COMPS)
    first = g.as_action(plan.turns[0])
    before = state
    first.check(state, COMPS)
    assert state == before
    after, events = first.apply(state, COMPS)
    assert after != state and events[0]["action"] == first.action
    too_far = replace(first, distance=3, bees=1) if isinstance(first, g.Forage) else \
        g.Forage(first.actor, "bloom", 3, bees=1)
    with pytest.raises(IllegalActionError) as checked:
        too_far.check(state, COMPS)
    with pytest.raises(IllegalActionError) as applied:
        too_far.apply(state, COMPS)
    assert checked.value.rule == applied.value.rule == "Bee Lives: Forage"
    assert str(checked.value) == str(applied.value)


def test_pass_is_refused_while_bees_are_left():
    plan = _month(CAMPAIGN[0])
    state = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], COMPS.board)
    state, _ = g.start_month(state, plan, COMPS)
    actor = g.next_actor(state).name
    with pytest.raises(IllegalActionError) as e:
        g.play_turn(state, g.Pass(actor), COMPS)
    assert "ruling L41" in str(e.value)
