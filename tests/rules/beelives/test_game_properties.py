"""Property tests of the month sequencer: random legal games (1-4 players, 1-3 years) never
break the invariants, every state round-trips through a plain dict (and JSON), and a month
plan replays to the same state."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives.randomplay import random_month

COMPS = bl.components()
BOARD = COMPS.board


def check_invariants(state: g.GameState) -> None:
    for p in state.players:
        h = p.hive
        assert h.stored <= h.comb, p.name                      # one cube per cell
        assert min(h.honey, h.pollen, h.water, h.unassigned, h.brood, h.starvation) >= 0
        assert h.workers + h.brood <= BOARD.max_workers          # 20 bees per colour
        assert BOARD.comb_min <= h.comb <= BOARD.comb_max
        assert 0 <= h.mite <= BOARD.track(h.side).last           # disease stays on the track
        assert h.vp >= 0
    assert len(state.wild) <= g.WILD_HIVE_TOKENS
    for w in state.wild:
        assert 1 <= w.strength <= BOARD.wild_strength_max
        assert 0 <= w.workers <= BOARD.wild_neutral_workers
    names = [p.name for p in state.players] + [w.name for w in state.wild]
    assert len(names) == len(set(names))


def round_trip(state: g.GameState) -> None:
    d = state.to_dict()
    assert g.GameState.from_dict(d) == state
    assert g.GameState.from_dict(json.loads(json.dumps(d))) == state


def play_game(seed: int, players: int, years: int, solo_hard: bool, on_map: bool = False):
    rng = random.Random(seed)
    queens = BOARD.queen_types
    state = g.new_game([(f"P{i}", rng.choice(queens)) for i in range(players)], BOARD,
                       first_player=rng.randrange(players),
                       options=g.Options(years=years, solo_hard=solo_hard))
    if on_map:
        from hyvekit.rules.beelives import map as bee_map
        state = replace(state, map=bee_map.starting_map([p.name for p in state.players]))
    months = 0
    while state.stage != "over":
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS, {p.name: rng.choice(("take", "none"))
                                                    for p in state.players})
            check_invariants(state)
            round_trip(state)
            continue
        before = state
        plan, result = random_month(state, COMPS, rng)
        state = result.state
        months += 1
        check_invariants(state)
        round_trip(state)
        if state.map is not None:
            assert {h.name for h in state.map.hives if h.kind == "wild"} == {
                w.name for w in state.wild}
        # VP come only from the rulebook's sources (swarms, raids, defending, removing)
        for p in state.players:
            gained = p.hive.vp - before.player(p.name).hive.vp
            assert gained == result.summary.hives[p.name].vp_gained
        # the plan is a record of the month: replaying it gives the same state
        if months % 4 == 1:
            assert g.play_month(before, plan, COMPS).state == state
    return state, months


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), years=st.integers(1, 3),
       solo_hard=st.booleans(), on_map=st.booleans())
def test_random_legal_games_keep_the_invariants(seed, players, years, solo_hard, on_map):
    state, months = play_game(seed, players, years, solo_hard and players == 1, on_map)
    assert months == 9 * years
    result = g.final_scoring(state, BOARD)
    for line in result.lines:
        p = state.player(line.player.name).hive
        assert line.total == p.vp + p.honey + p.workers - 2 * p.starvation


def test_first_player_marker_moves_left_each_month():
    rng = random.Random(7)
    state = g.new_game([("A", "prolific"), ("B", "nomadic"), ("C", "aggressive")], BOARD)
    seen = []
    for _ in range(4):
        seen.append(state.players[state.first_player].name)
        _, result = random_month(state, COMPS, rng)
        state = result.state
    assert seen == ["A", "B", "C", "A"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_states_mid_month_round_trip(seed):
    """Round trip also holds in the middle of the Action Phase (cursor, pending wild hives)."""
    rng = random.Random(seed)
    state = g.new_game([("A", "prolific"), ("B", "hygienic")], BOARD)
    for _ in range(rng.randint(0, 5)):
        _, result = random_month(state, COMPS, rng)
        state = result.state
    plan, _ = random_month(state, COMPS, rng)
    s, _ = g.start_month(state, plan, COMPS)
    round_trip(s)
    for turn in plan.turns[: rng.randint(0, len(plan.turns))]:
        s, _ = g.play_turn(s, turn, COMPS)
        round_trip(s)
