"""The Bee Lives evaluation at a horizon (hyvekit/rules/beelives/evaluation.py, docs/advisor.md
"Horizons"): its weights fitted, and its error against rollouts played to the end measured.

* ``--fit N``: N one-year games of each of 2, 3 and 4 players (the default player in every
  seat, game i from seed i, the queens in turn) and N // 5 4-player 3-year games; at each
  month's end, each hive's :func:`~hyvekit.rules.beelives.evaluation.features` and VP so far,
  and at the game's end its final score and share of the win.  The weights of each month
  (the VP scored from there to the end, least squares) and the spread of the lead (the
  logistic that best predicts the win share) are printed as the module's constants.
* ``--error N``: from the decisions of N 4-player one-year games played so from other seeds
  (seed 10,000 + i; every fifth decision of a player), a rollout of the default player's
  choice played to the end (:func:`hyvekit.rules.advisor.rollout_rng` 0); the evaluation at
  the end of the decision's month (horizon 1) and of the next (horizon 2) against the final
  score and win share of the same rollout: the mean error, the mean absolute error, and the
  mean absolute error of the chance to win.

Usage: ``.venv/bin/python benchmarks/advisor_horizon.py --fit 100 --error 40 --jobs 2``
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from advisor import new_table  # noqa: E402

QUEENS = ("prolific", "aggressive", "nomadic", "hygienic")
NAMES = ("Ann", "Bo", "Cy", "Di")


def settings(players: int, years: int = 1) -> dict:
    """A standard (one year) or multi-year game of ``players`` with the queens in turn."""
    base = {"kind": "standard"} if years == 1 else {"kind": "multi-year", "years": years}
    return {**base, "map": False,
            "players": [{"name": n, "queen": q} for n, q in zip(NAMES[:players], QUEENS)]}


def samples(job: tuple[int, int, int]) -> list[tuple]:
    """One game (players, years, seed): ``(months played, years to come, VP so far,
    features, final score, win share)`` for each hive at each month's end."""
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives import evaluation as E
    from hyvekit.rules.beelives.engine import ENGINE
    from hyvekit.rules.table import play_steps
    players, years, seed = job
    t, rng, seen, found = new_table(settings(players, years)), random.Random(seed), set(), []
    while not (d := ENGINE.pending(t)).over:
        key = (len(t.months), len(t.winters))
        if E.between_months(t) and E.months_played(t) and key not in seen:
            seen.add(key)
            found += [(E.months_played(t), t.game.options.years - t.game.year, p.hive.vp,
                       E.features(t, p.name), p.name) for p in t.game.players]
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    return [s[:4] + DP.outcome(t, s[4]) for s in found]


def solve(rows: list[tuple[float, ...]], ys: list[float], ridge: float = 1e-3) -> list[float]:
    """Least squares (a little ridge) by the normal equations, Gauss-Jordan."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(k)]
         + [sum(r[i] * y for r, y in zip(rows, ys))] for i in range(k)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(k):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][k] / a[i][i] for i in range(k)]


def spread(leads: list[tuple[float, float]]) -> float:
    """The logistic scale that best predicts the win shares from the leads (log-likelihood,
    a grid from 0.5 to 40 VP)."""
    def loglik(s: float) -> float:
        total = 0.0
        for lead, share in leads:
            p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-max(-60, min(60, lead / s))))))
            total += share * math.log(p) + (1 - share) * math.log(1 - p)
        return total
    return max((0.5 * i for i in range(1, 81)), key=loglik)


def fit(n: int, jobs: int) -> None:
    from hyvekit.rules.beelives import evaluation as E
    todo = [(p, 1, s) for p in (2, 3, 4) for s in range(n)] + [(4, 3, s) for s in range(n // 5)]
    start = time.process_time()
    with multiprocessing.Pool(jobs) as pool:
        games = pool.map(samples, todo, chunksize=4)
    weights, spreads = {}, {}
    for m in range(1, 10):
        one = [s for g in games for s in g if s[0] == m and s[1] == 0]
        weights[m] = solve([s[3] for s in one], [s[4] - s[2] for s in one])
        E.WEIGHTS[m] = tuple(weights[m])
    for m in range(1, 10):
        leads = []
        for g in games:
            at = [s for s in g if s[0] == m and s[1] == 0]
            for s in at:
                best = max((o[2] + sum(w * x for w, x in zip(weights[m], o[3]))
                            for o in at if o is not s), default=None)
                if best is not None:
                    leads.append((s[2] + sum(w * x for w, x in zip(weights[m], s[3])) - best,
                                  s[5]))
        spreads[m] = spread(leads)
    later = [(s[4] - s[2] - sum(w * x for w, x in zip(weights[s[0]], s[3]))) / s[1]
             for g in games for s in g if s[1] > 0]
    print(f"# fitted on {len(todo)} games, {time.process_time() - start:.0f} CPU s here")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for m, w in weights.items():
        print(f"    {m}: ({', '.join(f'{x:.3f}' for x in w)}),")
    print("}")
    print("SPREAD: dict[int, float] = {" + ", ".join(f"{m}: {s:.1f}" for m, s in spreads.items())
          + "}")
    print(f"YEAR = {sum(later) / len(later):.2f}" if later else "YEAR = 0.0")


def errors(seed: int) -> list[tuple]:
    """From every fifth player's decision of 4-player game ``seed``: (months played, horizon,
    evaluated score, evaluated win, final score, final win share) of a full rollout."""
    from hyvekit.rules.advisor import play_out, rollout_rng
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives import evaluation as E
    from hyvekit.rules.beelives.engine import ENGINE
    from hyvekit.rules.table import play_steps
    t, rng, out, k = new_table(settings(4)), random.Random(10_000 + seed), [], 0
    while not (d := ENGINE.pending(t)).over:
        if d.actor is not None and DP.is_choice(d):
            k += 1
            if k % 5 == 0:
                out += _one_error(ENGINE, DP, E, t, d, rollout_rng(seed, k), play_out)
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    return out


def _one_error(engine, DP, E, t, d, luck, play_out) -> list[tuple]:
    from hyvekit.rules.table import play_steps
    seen: dict[int, tuple] = {}
    start = len(t.months)
    u = play_steps(engine, t, [DP.choose(t, d, luck)], luck, auto=True)[-1]
    while not (e := engine.pending(u)).over:
        h = len(u.months) - start
        if E.between_months(u) and h in (1, 2) and h not in seen:
            seen[h] = (E.months_played(u),) + E.evaluation(u, d.actor)
        u = play_steps(engine, u, [DP.choose(u, e, luck)], luck, auto=True)[-1]
    final = DP.outcome(u, d.actor)
    return [(m, h, s, w) + final for h, (m, s, w) in seen.items()]


def error(n: int, jobs: int) -> None:
    with multiprocessing.Pool(jobs) as pool:
        rows = [r for g in pool.map(errors, range(n)) for r in g]
    for h in (1, 2):
        at = [r for r in rows if r[1] == h]
        if not at:
            continue
        bias = sum(r[2] - r[4] for r in at) / len(at)
        mae = sum(abs(r[2] - r[4]) for r in at) / len(at)
        wae = sum(abs(r[3] - r[5]) for r in at) / len(at)
        base = sum(r[5] for r in at) / len(at)
        wbase = sum(abs(base - r[5]) for r in at) / len(at)
        print(f"horizon {h}: {len(at)} rollouts, score error {bias:+.2f} mean, {mae:.2f} "
              f"mean absolute; win chance error {wae:.3f} mean absolute ({wbase:.3f} for "
              f"the mean win share alone)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fit", type=int, default=0)
    parser.add_argument("--error", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.fit:
        fit(args.fit, args.jobs)
    if args.error:
        error(args.error, args.jobs)


if __name__ == "__main__":
    main()
