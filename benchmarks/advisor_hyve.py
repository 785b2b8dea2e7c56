"""The HYVE part of the advisor's figures (``benchmarks/advisor.py --hyve N``; issue 41,
docs/advisor.md): the HYVE default player's scenario win rate against uniformly random legal
play.

Scenario ``i`` is played at the table (:data:`~hyvekit.rules.hyve.engine.SCENARIO`, outside a
run, the packaged sheets, the default colours) on the mode ``MODES[i % 7]`` from seed ``i``,
once by the default player (:mod:`hyvekit.rules.hyve.default_player`) and once by uniformly
random legal play (any legal step with equal chance, every die rolled).  A rate's 95 %
interval is Wilson's (0 wins of N still has an upper bound).  Besides the wins, each player's
progress: the turns played, the hyves completed, and the HP-track positions above Colony
Collapse at the end.

Following hints (``python benchmarks/advisor_hyve.py --hints N [--first S]``; issue 41:
following hints wins more scenarios than the default player alone, beyond the 95 % interval):
scenario ``i`` (seeds S … S+N-1, ``--mode``, default Wasp War, where the default player wins
about half: on the standard sheet it wins nearly all; seed ``i`` for the table's dice) played
by the default player alone and by a player that, at each assignment, seasonal effect and
Queen's Reward, takes the best of the default player's first ``--top`` options (its choice,
then by the worth it gives them: ``default_player.ranked``) estimated from ``--rollouts``
rollouts each (the chance to win, then the honey; :func:`hyvekit.rules.advisor.estimates`,
the rollouts seeded from the scenario and the decision), the default player's choice
otherwise.  The per-decision budget is the rollouts, not seconds: top × rollouts whole
rollouts (about 0.13 CPU s each in Wasp War), so the load changes the time, not the result.
Each scenario's row is printed as it finishes (JSON: seed, the default player won, the hint
follower won, CPU s, the hints that departed from the default player's choice);
``--summarise LOG`` sums up such rows: both win rates and their difference with its 95 %
interval, scenario by scenario (the same dice for both until they part).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time

#: every mode the table plays, in the order the scenarios cycle through them
MODES = ("standard", "coldsnap", "mites-challenge", "wasp-war", "bee-builder", "turbo",
         "long-live-the-queen")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate of ``wins`` in ``n`` (low, high)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one_scenario(args: tuple[int, str]) -> tuple[str, str, float, int, int, int, float]:
    """Scenario ``seed`` played by ``who`` (``default`` or ``random``): (mode, who, won,
    turns, hyves completed, HP positions above Colony Collapse, CPU seconds)."""
    seed, who = args
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.rules.advisor import play_out
    from hyvekit.rules.hyve import default_player as DP
    from hyvekit.rules.hyve.engine import SCENARIO
    from hyvekit.rules.hyve.scenario import new_scenario
    mode = MODES[seed % len(MODES)]
    start = time.process_time()
    t = SCENARIO.new(new_scenario(sheet_definition(mode)))
    end = play_out(SCENARIO, t, DP.choose if who == "default" else DP.uniform,
                   random.Random(seed))
    s = end.now
    return (mode, who, DP.outcome(end, "player")[1], s.turn, s.hyves_completed, s.position,
            time.process_time() - start)


def hyve_scenarios(n: int, jobs: int) -> dict:
    """Both players over scenarios 0 … n-1: their wins (with Wilson intervals), progress and
    CPU seconds, in all and by mode."""
    jobs_list = [(i, who) for i in range(n) for who in ("default", "random")]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            rows = pool.map(one_scenario, jobs_list, chunksize=2)
    else:
        rows = [one_scenario(j) for j in jobs_list]
    out: dict = {"n": n, "modes": {}}
    for who in ("default", "random"):
        mine = [r for r in rows if r[1] == who]
        wins = sum(r[2] for r in mine)
        out[who] = {"wins": wins, "rate": wins / n, "ci": wilson(wins, n),
                    "turns": sum(r[3] for r in mine) / n, "hyves": sum(r[4] for r in mine) / n,
                    "position": sum(r[5] for r in mine) / n,
                    "cpu": sum(r[6] for r in mine) / n}
        for mode in MODES:
            by = [r for r in mine if r[0] == mode]
            if by:
                out["modes"].setdefault(mode, {})[who] = (sum(r[2] for r in by), len(by),
                                                          sum(r[4] for r in by) / len(by))
    return out


def hyve_rows(h: dict) -> list[str]:
    """The rows of docs/performance.md's advisor table for :func:`hyve_scenarios`."""
    d, r = h["default"], h["random"]
    rows = [f"| HYVE, {h['n']} scenarios (every mode in turn): default player's wins | "
            f"{d['wins']:g} ({d['rate']:.1%}; 95 %: {d['ci'][0]:.1%}–{d['ci'][1]:.1%}) |",
            f"| HYVE: uniformly random legal play's wins | {r['wins']:g} ({r['rate']:.1%}; "
            f"95 %: {r['ci'][0]:.1%}–{r['ci'][1]:.1%}) |",
            f"| HYVE mean turns / hyves completed: default | {d['turns']:.1f} / "
            f"{d['hyves']:.2f} |",
            f"| HYVE mean turns / hyves completed: random | {r['turns']:.1f} / "
            f"{r['hyves']:.2f} |",
            f"| HYVE CPU seconds a scenario: default / random | {d['cpu']:.2f} / "
            f"{r['cpu']:.2f} |"]
    for mode, by in h["modes"].items():
        dw, dn, dh = by["default"]
        rw, rn, rh = by["random"]
        rows.append(f"| HYVE {mode}: wins default / random (of {dn}) | {dw:g} / {rw:g} "
                    f"(hyves completed {dh:.1f} / {rh:.1f}) |")
    return rows


def hinted(top: int, rollouts: int, seed: int, departed: list[int] | None = None):
    """A player that follows the advisor at the decisions a review weighs (see the module
    docstring): ``(table, decision, rng) -> step``; each time the hint's best option is not
    the default player's choice, ``departed`` gets a 1."""
    from hyvekit.rules import advisor as A
    from hyvekit.rules.hyve import default_player as DP
    from hyvekit.rules.hyve.advice import ADVISED, is_choice

    def play(t, d, rng):
        if not is_choice(d):
            return DP.choose(t, d, rng)
        options = DP.ranked(t, d)[:top]
        at = seed * 1000 + len(t.steps)
        results = {o: A.rollouts(ADVISED, t, o, DP.choose, DP.outcome, d.actor, at,
                                 range(rollouts)) for o in options}
        best = A.estimates(d, results)[0].option
        if departed is not None and best != options[0]:
            departed.append(1)
        return best
    return play


def one_hinted(args: tuple[int, int, int, str]) -> tuple[int, float, float, float, int]:
    """Scenario ``seed`` of ``mode``: (seed, the default player won, the hint follower won,
    CPU s, the hints that departed from the default player's choice)."""
    seed, top, rollouts, mode = args
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.rules.advisor import play_out
    from hyvekit.rules.hyve import default_player as DP
    from hyvekit.rules.hyve.advice import ADVISED
    from hyvekit.rules.hyve.scenario import new_scenario
    start = time.process_time()
    won, departed = [], []
    for player in (DP.choose, hinted(top, rollouts, seed, departed)):
        t = ADVISED.new(new_scenario(sheet_definition(mode)))
        end = play_out(ADVISED, t, player, random.Random(seed))
        won.append(DP.outcome(end, "player")[1])
    return seed, won[0], won[1], time.process_time() - start, len(departed)


def hints_against_default(seeds: range, jobs: int, top: int = 3, rollouts: int = 4,
                          mode: str = "wasp-war", each=None) -> dict:
    """:func:`one_hinted` over ``seeds``: both win rates and their difference with its 95 %
    interval (paired, normal); ``each(row)`` is called as each scenario finishes."""
    work = [(i, top, rollouts, mode) for i in seeds]
    rows = []
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for row in pool.imap_unordered(one_hinted, work):
                rows.append(row)
                if each is not None:
                    each(row)
    else:
        for w in work:
            rows.append(one_hinted(w))
            if each is not None:
                each(rows[-1])
    return summed_hints(rows, top, rollouts, mode)


def summed_hints(rows: list[tuple], top: int, rollouts: int, mode: str) -> dict:
    """The figures of :func:`one_hinted`'s ``rows``: both win rates (Wilson intervals) and
    their difference, scenario by scenario, with its 95 % interval (normal)."""
    n = len(rows)
    diffs = [r[2] - r[1] for r in rows]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else math.inf
    default, hinted_ = sum(r[1] for r in rows), sum(r[2] for r in rows)
    return {"n": n, "top": top, "rollouts": rollouts, "mode": mode,
            "default": default / n, "default_ci": wilson(default, n),
            "hinted": hinted_ / n, "hinted_ci": wilson(hinted_, n),
            "difference": mean, "half": 1.96 * sd / math.sqrt(n),
            "better": sum(d > 0 for d in diffs), "worse": sum(d < 0 for d in diffs),
            "departed": sum(r[4] for r in rows) / n, "cpu": sum(r[3] for r in rows) / n}


__all__ = ["MODES", "hints_against_default", "hinted", "one_hinted", "summed_hints", "hyve_rows", "hyve_scenarios", "one_scenario", "wilson"]


if __name__ == "__main__":
    import argparse
    import json
    parser = argparse.ArgumentParser(description="HYVE: following hints against the default "
                                                 "player alone")
    parser.add_argument("--hints", type=int, default=20, help="scenarios (seeds FIRST...)")
    parser.add_argument("--first", type=int, default=0, help="the first scenario's seed")
    parser.add_argument("--top", type=int, default=3)
    parser.add_argument("--rollouts", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--mode", default="wasp-war", choices=MODES)
    parser.add_argument("--summarise", metavar="LOG", help="sum up the rows of earlier runs' "
                        "logs (one JSON row a line) instead of playing")
    args = parser.parse_args()
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as f:
            rows = list({r[0]: tuple(r) for r in (json.loads(x) for x in f
                                                  if x.startswith("["))}.values())
    else:
        rows = None
    h = summed_hints(rows, args.top, args.rollouts, args.mode) if rows else \
        hints_against_default(range(args.first, args.first + args.hints), args.jobs,
                              args.top, args.rollouts, args.mode,
                              each=lambda row: print(json.dumps(row), flush=True))
    print(f"{h['n']} {h['mode']} scenarios, {h['top']} options x {h['rollouts']} rollouts a "
          f"decision: default {h['default']:.1%} ({h['default_ci'][0]:.1%}–"
          f"{h['default_ci'][1]:.1%}), hinted {h['hinted']:.1%} ({h['hinted_ci'][0]:.1%}–"
          f"{h['hinted_ci'][1]:.1%}); difference {h['difference']:+.1%} ± {h['half']:.1%} "
          f"(95 %, scenario by scenario: {h['better']} won only with hints, {h['worse']} "
          f"only without); {h['departed']:.1f} hints a scenario departed from the default "
          f"player's choice; {h['cpu']:.0f} CPU s a scenario")
