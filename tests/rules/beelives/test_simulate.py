"""The Bee Lives game simulator (hyvekit.rules.beelives.simulate): complete random legal games
through the month sequencer, 1-4 players, 1-3 years, with and without the map.

* a seeded sweep of many whole games: every one ends with a final scoring, raises nothing,
  and keeps the invariants after every month and winter;
* hypothesis properties over random legal play, also checked after every single turn;
* the invariant checker itself catches broken states (so "no violation" means something);
* the same seed gives the same game (also across processes with other hash seeds), a
  simulated game replays from its month plans, and the simulator's fast path (finishing the
  month already played instead of replaying its plan) gives exactly the replayed months.

Time on the development machine (2 cores, Python 3.11.7), measured on 2026-11-30 at load
about 1: the whole file 16 s, the sweep 12-13 s of it (two worker processes; see GAMES_OFF_MAP
below).  Before the simulator's speed-ups the same machine took 17 s for the file with half
the sweep (1,008 games in 15 s).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives.hive import Hive
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.beelives.simulate import (PLAYER_NAMES, SweepCase, check_invariants,
                                             check_scoring, check_vp, new_random_game,
                                             run_sweep, simulate_game, vp_sources)
from hyvekit.rules.common import InvalidInputError

COMPS = bl.components()
BOARD = COMPS.board

# --- the sweep ----------------------------------------------------------------------------------

#: Games per (players, years) cell: 12 x 140 + 12 x 28 = 2,016 whole games (36,288 productive
#: months); one game in ten also replays every month's plan as a record (REPLAY_EVERY).
#: Measured on 2026-11-30 (2-core development machine, Python 3.11.7, load about 1): 23 CPU
#: seconds in one process, 12-13 s in the test's two worker processes.  The 1,008 games this
#: sweep played before the simulator's speed-ups took 25 CPU seconds (15 s in the test).
#: benchmarks/beelives_games.py (docs/performance.md) gives the games per second by cell.
#: HYVEKIT_SIM_SCALE=10 plays ten times as many (a long run outside the normal suite).
SCALE = float(os.environ.get("HYVEKIT_SIM_SCALE", "1"))
GAMES_OFF_MAP = max(1, round(140 * SCALE))
GAMES_ON_MAP = max(1, round(28 * SCALE))
REPLAY_EVERY = 10


def sweep_cases() -> list[SweepCase]:
    cases = []
    for players in (1, 2, 3, 4):
        for years in (1, 2, 3):
            for on_map, n in ((False, GAMES_OFF_MAP), (True, GAMES_ON_MAP)):
                for i in range(n):
                    seed = 100_000 * players + 10_000 * years + 1_000 * on_map + i
                    cases.append(SweepCase(seed, players, years, on_map,
                                           solo_hard=players == 1 and i % 2 == 1,
                                           replay=i % REPLAY_EVERY == 0))
    return cases


def _chunks(items: list, n: int) -> list[list]:
    return [items[i::n] for i in range(n)]


def _sweep(cases: list) -> list:
    """:func:`run_sweep` with the packaged components (a worker process reads them itself)."""
    return run_sweep(cases, comps=bl.components())


def test_sweep_of_whole_games_keeps_every_invariant():
    cases = sweep_cases()
    workers = min(2, os.cpu_count() or 1)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = [r for part in pool.map(_sweep, _chunks(cases, 4 * workers))
                       for r in part]
    else:
        results = run_sweep(cases, comps=COMPS)
    assert len(results) == len(cases)
    broken = [r for r in results if not r.ok]
    assert not broken, "\n".join(f"{r.case}: {r.error or r.violations[:3]} "
                                 f"(months {r.months}, over {r.over})" for r in broken[:10])
    for players in (1, 2, 3, 4):
        for years in (1, 2, 3):
            for on_map in (False, True):
                assert any(r.case.players == players and r.case.years == years and
                           r.case.on_map == on_map for r in results)
    assert any(r.case.replay for r in results)      # some plans were replayed as records
    # the games differ, and some end with a winner (random play rarely keeps a bee alive
    # through winter: about 1 game in 15 has a hive with a surviving bee)
    assert any(r.winners for r in results)
    assert len({r.scores for r in results}) > len(results) // 4


# --- hypothesis properties ------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), years=st.integers(1, 3),
       on_map=st.booleans(), solo_hard=st.booleans())
def test_random_legal_games_end_scored_without_violations(seed, players, years, on_map,
                                                          solo_hard):
    game = simulate_game(players, years, random.Random(seed), on_map=on_map,
                         solo_hard=solo_hard and players == 1, comps=COMPS)
    assert game.violations == ()
    assert game.months == 9 * years == len(game.summaries) == len(game.plans)
    assert len(game.winters) == years
    assert game.final.stage == "over"
    assert [s.year for s in game.summaries] == [y for y in range(1, years + 1) for _ in range(9)]
    assert [s.month_number for s in game.summaries] == list(range(1, 10)) * years
    assert set(game.scores) == set(game.players) == set(PLAYER_NAMES[:players])
    for name, total in game.scores.items():
        h = game.final.player(name).hive
        assert total == h.vp + h.honey + h.workers - 2 * h.starvation
    for w in game.winners:
        assert game.final.player(w).hive.workers >= 1


def _replay_turn_by_turn(state: g.GameState, plan: g.MonthPlan) -> g.GameState:
    """Play ``plan`` step by step, checking the invariants (and VP sources) after each step."""
    before = state
    state, events = g.start_month(state, plan, COMPS)
    assert check_invariants(state, BOARD, before=before, events=events) == []
    for turn in plan.turns:
        before = state
        state, events = g.play_turn(state, turn, COMPS)
        assert check_invariants(state, BOARD, before=before, events=events) == [], turn
    before = state
    state, events = g.end_month(state, COMPS, solo_spawn=plan.solo_spawn,
                                solo_spawn_at=plan.solo_spawn_at, joins=plan.joins)
    assert check_invariants(state, BOARD, before=before, events=events) == []
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), months=st.integers(1, 14),
       on_map=st.booleans())
def test_invariants_hold_after_every_turn(seed, players, months, on_map):
    """Mid-month states too: after the early phases, every turn (player or wild hive) and
    the cleanup, over a two-year game's first ``months`` months (winter included)."""
    rng = random.Random(seed)
    state = new_random_game(players, 2, rng, on_map=on_map, board=BOARD)
    for _ in range(months):
        if state.stage == "winter":
            before = state
            state, events = g.play_winter(state, COMPS, {p.name: "take" for p in state.players})
            assert check_invariants(state, BOARD, before=before, events=events) == []
            continue
        plan, result = random_month(state, COMPS, rng)
        assert _replay_turn_by_turn(state, plan) == result.state
        state = result.state


# --- the checker catches broken states -----------------------------------------------------------

def _one(hive: Hive, **kw) -> g.GameState:
    return g.GameState(players=(g.PlayerState("Susan", hive),), **kw)


@pytest.mark.parametrize("hive, words", [
    (Hive(comb=10, honey=6, pollen=2, brood=3), "comb holds"),           # 8 cubes + 3 brood
    (Hive(unassigned=18, brood=3), "more than 20 bees"),
    (Hive(mite=99), "off the A track"),
    (Hive(comb=40), "comb size 40"),
    (Hive(vp=-2), "negative vp"),
])
def test_checker_reports_a_broken_hive(hive, words):
    problems = check_invariants(_one(hive), BOARD)
    assert any(words in p for p in problems), problems


def test_checker_reports_a_wild_hive_off_its_track():
    state = _one(Hive(), wild=(g.WildHiveState("ACORN", 15), g.WildHiveState("OAK", 0)))
    problems = check_invariants(state, BOARD)
    assert any("ACORN: strength 15" in p for p in problems)
    assert any("OAK: strength 0" in p for p in problems)


def test_checker_reports_a_hygienic_mite_left_on_a_half_space():
    track = BOARD.track("B")
    half = next(i for i in range(track.last + 1) if track.is_half(i))
    state = _one(Hive(side="B", queen="hygienic", mite=half))
    assert any("half space" in p for p in check_invariants(state, BOARD))
    # during the Action Phase it may stand there (it steps back at cleanup)
    assert check_invariants(replace(state, stage="actions"), BOARD) == []


def test_a_fresh_game_has_no_violation():
    for players in (1, 2, 3, 4):
        state = new_random_game(players, 3, random.Random(players), on_map=True, board=BOARD)
        assert check_invariants(state, BOARD) == []


def test_vp_without_a_source_is_reported():
    before = _one(Hive())
    after = _one(Hive(vp=3))
    assert check_vp(before, after, [], BOARD) == [
        "Susan VP changed by 3, the rulebook's sources give 0"]
    # a VP source at a value the rulebook does not give
    ev = {"kind": "action", "hive": "Susan", "action": "raid", "target": "ACORN",
          "target_kind": "wild", "success": True, "vp": 3}
    _, bad = vp_sources([ev], BOARD)
    assert bad == ["Susan scored 3 VP for a raid on ACORN (successful), not 2"]
    # VP in an event that is no source
    _, bad = vp_sources([{"kind": "action", "hive": "Susan", "action": "forage", "vp": 1}],
                        BOARD)
    assert bad and "no VP source" in bad[0]


def test_vp_sources_follow_the_rulebook_values():
    """Scoring Victory Points: swarm 5/3/1 by season (only with a wild hive spawned), raid 2,
    defence 2, a wild hive removed while raiding 2, winter bees + honey between years."""
    events = [
        {"kind": "month", "season": "summer"},
        {"kind": "swarm", "hive": "Bob", "wild": "ACORN", "vp": 3},
        {"kind": "swarm", "hive": "Susan", "wild": None, "vp": 0},
        {"kind": "action", "hive": "Bob", "action": "raid", "target": "Lauren",
         "target_kind": "player", "success": False, "vp": 0, "defender_vp": 2},
        {"kind": "action", "hive": "Susan", "action": "raid", "target": "ACORN",
         "target_kind": "wild", "success": True, "vp": 2},
        {"kind": "wild", "wild": "OAK", "action": "raid", "target": "Jeremy",
         "target_kind": "player", "removed": True, "defender_vp": 2},
    ]
    before = g.GameState(players=tuple(g.PlayerState(n, Hive()) for n in PLAYER_NAMES))
    gains = {"Bob": 3, "Lauren": 2, "Susan": 2, "Jeremy": 2}
    after = replace(before, players=tuple(g.PlayerState(n, Hive(vp=gains[n]))
                                          for n in PLAYER_NAMES))
    assert check_vp(before, after, events, BOARD) == []
    wrong = [dict(e) for e in events]
    wrong[1]["vp"] = 5                      # a summer swarm scored like a spring one
    assert any("for a swarm in summer" in p for p in check_vp(before, after, wrong, BOARD))
    winter = {"kind": "winter", "hive": "Bob", "year": 1, "bees": 4, "honey": 3, "vp": 7}
    assert vp_sources([winter], BOARD, g.Options(years=2)) == ({"Bob": 7}, [])
    assert vp_sources([winter], BOARD, g.Options(years=1))[1]   # the last winter scores 0


def test_checker_reports_a_wrong_final_total():
    game = simulate_game(2, 1, random.Random(3), comps=COMPS)
    line = game.scoring.lines[0]
    bad = replace(game.scoring, lines=(replace(line, total=line.total + 1),)
                  + game.scoring.lines[1:])
    problems = check_scoring(game.final, bad, BOARD)
    assert len(problems) == 1 and line.player.name in problems[0]


# --- input, determinism, replay -------------------------------------------------------------------

@pytest.mark.parametrize("players, years, solo_hard, field", [
    (0, 1, False, "players"), (5, 1, False, "players"), (2, 0, False, "years"),
    (2, 4, False, "years"), (2, 1, True, "solo_hard")])
def test_bad_set_up_is_invalid_input(players, years, solo_hard, field):
    with pytest.raises(InvalidInputError) as exc:
        simulate_game(players, years, random.Random(0), solo_hard=solo_hard, comps=COMPS)
    assert exc.value.field == field


@pytest.mark.parametrize("players, years, on_map", [(1, 3, True), (4, 2, False),
                                                    (3, 1, True)])
def test_the_same_seed_gives_the_same_game(players, years, on_map):
    a = simulate_game(players, years, random.Random(42), on_map=on_map, comps=COMPS)
    b = simulate_game(players, years, random.Random(42), on_map=on_map, comps=COMPS)
    assert a.plans == b.plans
    assert a.to_dict() == b.to_dict()
    others = {json.dumps(simulate_game(players, years, random.Random(s), on_map=on_map,
                                       comps=COMPS).to_dict(), sort_keys=True)
              for s in (1, 2, 3)}
    assert len(others) > 1                 # the seed matters


_DIGEST = ("import hashlib, json, random; "
           "from hyvekit.data.beelives import components; "
           "from hyvekit.rules.beelives.simulate import simulate_game; "
           "d = [simulate_game(p, 2, random.Random(9), on_map=m, comps=components()).to_dict() "
           "for p in (2, 4) for m in (False, True)]; "
           "print(hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest())")


def test_the_same_seed_gives_the_same_game_in_another_process():
    """No result depends on str hashing (set order): two processes with different hash seeds
    play the same games."""
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", _DIGEST], env=env, capture_output=True,
                             text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


@pytest.mark.parametrize("on_map", [False, True])
def test_a_simulated_game_replays_from_its_plans(on_map):
    """The plans are records: replayed through play_month / play_winter from the set-up
    state they give the same final state, summaries and scores."""
    game = simulate_game(3, 2, random.Random(11), on_map=on_map, comps=COMPS)
    state = game.start
    plans, winters = list(game.plans), list(game.winter_choices)
    summaries = []
    while state.stage != "over":
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS, winters.pop(0))
        else:
            result = g.play_month(state, plans.pop(0), COMPS)
            summaries.append(result.summary)
            state = result.state
    assert state == game.final
    assert [s.to_dict() for s in summaries] == [s.to_dict() for s in game.summaries]
    assert g.final_scoring(state, BOARD) == game.scoring


def _fast_and_replayed_months(seed: int, players: int, years: int, on_map: bool,
                              solo_hard: bool = False) -> int:
    """Play a whole game twice in step, from two generators with the same seed: each month
    with ``random_month(replay=False)`` and with the default replay through play_month;
    assert that the plans, the whole MonthResults and the generators agree every month.
    Returns the months compared."""
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    state = new_random_game(players, years, fast_rng, on_map=on_map, solo_hard=solo_hard,
                            board=BOARD)
    assert new_random_game(players, years, slow_rng, on_map=on_map, solo_hard=solo_hard,
                           board=BOARD) == state
    months = 0
    while state.stage != "over":
        if state.stage == "winter":
            choices = {p.name: fast_rng.choice(("take", "none")) for p in state.players}
            state, _ = g.play_winter(state, COMPS, choices)
            slow_rng.setstate(fast_rng.getstate())      # equal before the winter (asserted)
            continue
        fast_plan, fast = random_month(state, COMPS, fast_rng, replay=False)
        slow_plan, slow = random_month(state, COMPS, slow_rng)
        where = (seed, players, years, on_map, state.year, state.month)
        assert fast_plan == slow_plan, where
        assert fast.state == slow.state, where
        assert fast.events == slow.events, where
        assert fast.summary == slow.summary, where
        assert fast == slow == g.play_month(state, fast_plan, COMPS), where
        assert fast_rng.getstate() == slow_rng.getstate(), where
        state = fast.state
        months += 1
    return months


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("on_map", [False, True])
def test_finishing_the_played_month_equals_replaying_its_plan(players, on_map):
    """random_month(replay=False) finishes the month on the state it already played (the
    simulator's fast path); it gives exactly the MonthResult (state, events, summary) of
    replaying its plan through play_month, and draws the same random numbers — over whole
    two-year games (winter, year-2 months, joining the map after the third month), several
    seeds per player count, the solo hard rule too."""
    months = 0
    for seed in range(5):
        months += _fast_and_replayed_months(1000 * players + seed, players, 2, on_map,
                                            solo_hard=players == 1 and seed % 2 == 1)
    assert months == 5 * 18


def test_a_simulated_game_does_not_depend_on_replay():
    for players, on_map in ((2, False), (3, True)):
        fast = simulate_game(players, 2, random.Random(5), on_map=on_map, comps=COMPS)
        slow = simulate_game(players, 2, random.Random(5), on_map=on_map, comps=COMPS,
                             replay=True)
        assert fast == slow


def test_assigned_total_counts_every_action_space():
    """Assigned.total sums its fields by name (speed): every field counts, once."""
    from dataclasses import fields

    from hyvekit.rules.beelives.hive import Assigned
    names = [f.name for f in fields(Assigned)]
    assert sorted(names) == sorted(g.PLAYER_ACTIONS + ("failed",))   # + bees of failed actions
    for name in names:
        assert Assigned(**{name: 3}).total == 3, name
    assert Assigned(**{n: i + 1 for i, n in enumerate(names)}).total == sum(
        range(1, len(names) + 1))


# --- the benchmark script -----------------------------------------------------------------------

def _benchmark_module():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[3] / "benchmarks" / "beelives_games.py"
    spec = importlib.util.spec_from_file_location("beelives_games_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_prints_a_row_per_players_and_years(capsys):
    bench = _benchmark_module()
    assert bench.main(["--games", "1", "--no-map"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[0].startswith("| players | years | games/s")
    assert [tuple(r.split(" | ")[:2]) for r in rows[1:]] == [
        (f"| {p}", f"{y}") for p in (1, 2, 3, 4) for y in (1, 2, 3)]
    assert "without the map: 12 games (216 productive months)" in out


def test_benchmark_replaces_only_its_own_section():
    bench = _benchmark_module()
    page = "# Performance\n\nintro\n\n## Bee Lives game simulator\n\nold\n\n## Other\n\nkeep\n"
    new = bench.replace_section(page, "## Bee Lives game simulator\n\nnew\n")
    assert new == ("# Performance\n\nintro\n\n## Bee Lives game simulator\n\nnew\n\n"
                   "## Other\n\nkeep\n")
    assert bench.replace_section("# Performance\n\nintro\n", "## Bee Lives game simulator\n\nX\n") \
        == "# Performance\n\nintro\n\n## Bee Lives game simulator\n\nX\n"
