"""The advisor's figures (issue 41, docs/advisor.md): how its default player does against
uniformly random legal play, and how fast its estimates are.

* ``--games N`` (default 1,000): 2-player standard Bee Lives games (one year, no map) played
  at the table (``pending``/``push``, the tool's own steps played), the default player
  (:mod:`hyvekit.rules.beelives.default_player`) in one seat and uniformly random legal play
  (:func:`~hyvekit.rules.beelives.default_player.uniform`: a die rolled, a card drawn, any
  legal step with equal chance) in the other, the seats swapped every game, game ``i`` from
  seed ``i``.  A win is the default player's alone (a shared win counts as half; a game where
  no hive keeps a bee has no winner).  Goal: ≥ 90 % wins.
* ``--rollouts N`` (default 40; 0: not measured): rollouts per CPU second from a player's
  turn in the seventh month of such a game (the default player in every seat up to there,
  seed 3), one process, rollouts 0 … N-1 of the default player's choice; and the wall time
  of a hint there with the default budget (3 s) over every core
  (:func:`hyvekit.games.advisor.advise`, as ``beelives hint`` makes it, without the
  process start-up); and rollouts per CPU second from a player's first turn in the 27th
  month (year 3, November) of a 4-player 3-year game played so by the default player (to
  the game's end: the month and the last winter).

* ``--beez N`` (default 100; 0: not measured): 2-player Beez games at the table (the
  rulebook's common cards "both 4/5 rows", "middle row", "colours"; no secret cards known),
  the Beez default player (:mod:`hyvekit.rules.beez.default_player`) against uniformly
  random legal play, seats swapped every game.
* ``--hyve N`` (default 140; 0: not measured): N HYVE scenarios, every mode in turn,
  played by the HYVE default player and by uniformly random legal play
  (:mod:`advisor_hyve`).

Usage (from the repository root; keep runs short on a shared machine)::

    .venv/bin/python benchmarks/advisor.py --games 200
    .venv/bin/python benchmarks/advisor.py --games 1000 --jobs 2 --write-docs
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from advisor_hyve import hyve_rows, hyve_scenarios  # noqa: E402
from docs_section import replace_section  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## The advisor: the default player and its estimates"
SETTINGS = {"kind": "standard", "map": False,
            "players": [{"name": "Ann", "queen": "prolific"},
                        {"name": "Bo", "queen": "prolific"}]}


EPIC = {"kind": "multi-year", "years": 3, "map": False,
        "players": [{"name": n, "queen": q} for n, q in (
            ("Susan", "prolific"), ("Jeremy", "aggressive"), ("Lauren", "nomadic"),
            ("Mara", "hygienic"))]}


def new_table(settings: dict = SETTINGS):
    """The campaign of ``settings`` (default: the 2-player one) before its first step."""
    from hyvekit.games.beelives import new_campaign_settings
    from hyvekit.rules.beelives import campaign as C
    _, checked, comps = new_campaign_settings(settings)
    return C.new_campaign(checked, comps)


def one_game(seed: int) -> tuple[float, int, int, float]:
    """Game ``seed``: (the default player's share of the win, its score, the random
    player's score, CPU seconds)."""
    from hyvekit.rules.advisor import play_out
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives.engine import ENGINE
    start = time.process_time()
    me, other = ("Ann", "Bo") if seed % 2 == 0 else ("Bo", "Ann")
    end = play_out(ENGINE, new_table(), DP.uniform, random.Random(seed),
                   seats={me: DP.choose})
    s = end.scores
    share = (me in s.winners) / len(s.winners) if s.winners else 0.0
    return share, s.line(me).total, s.line(other).total, time.process_time() - start


BEEZ = {"players": ["Ann", "Bo"], "common": ["both-4-5-rows", "middle-row", "colours"],
        "secret": {}, "expert": False}


def one_beez_game(seed: int) -> tuple[float, int, int, float]:
    """Beez game ``seed``: as :func:`one_game`, the Beez default player against random play."""
    from hyvekit.games.beez import setup
    from hyvekit.rules.advisor import play_out
    from hyvekit.rules.beez import default_player as BP
    from hyvekit.rules.beez.engine import ENGINE
    start = time.process_time()
    me, other = ("Ann", "Bo") if seed % 2 == 0 else ("Bo", "Ann")
    end = play_out(ENGINE, ENGINE.new(setup(BEEZ)), BP.uniform, random.Random(seed),
                   seats={me: BP.choose})
    mine, share = BP.outcome(end, me)
    return share, int(mine), int(BP.outcome(end, other)[0]), time.process_time() - start


FOUR = {"kind": "standard", "map": False,
        "players": [{"name": n, "queen": q} for n, q in (
            ("Ann", "prolific"), ("Bo", "aggressive"), ("Cy", "nomadic"), ("Di", "hygienic"))]}
#: the hinted seat's budget a decision: the default player's first OPTIONS options, ROUNDS
#: rollouts each, stopped at a horizon of FULL hive-months (the evaluation's), one process
OPTIONS, ROUNDS, FULL = 4, 4, 4


def hinted_game(job: tuple[int, int, int, int]) -> tuple[float, int, int, float, int]:
    """4-player one-year game ``seed`` (``job``: seed, options, rounds, full): the seat
    ``seed % 4`` follows every hint (:func:`hyvekit.games.advisor.advise` with ``rounds``
    rollouts of the default player's first ``options`` options, stopped at ``full``
    hive-months: :func:`~hyvekit.rules.beelives.evaluation.horizon_for`; hint seed: the game's
    seed and the decision's number), the default player in the three others.  (its share of
    the win, its score, the best other score, CPU seconds, hints followed)."""
    import functools

    from hyvekit.games.advisor import advise
    from hyvekit.games.beelives import advisor_game
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives import evaluation as E
    from hyvekit.rules.beelives.engine import ENGINE
    from hyvekit.rules.table import play_steps
    seed, options, rounds, full = job
    start = time.process_time()
    game = advisor_game()
    game.horizon = functools.partial(E.horizon_for, full=full)
    me = FOUR["players"][seed % 4]["name"]
    t, rng, hints = new_table(FOUR), random.Random(seed), 0
    while not (d := ENGINE.pending(t)).over:
        if d.actor == me and DP.is_choice(d):
            hints += 1
            hint = advise(game, t, seed * 1000 + hints, rollouts=rounds, jobs=1,
                          screened=options)
            step = hint.estimates[0].option
        else:
            step = DP.choose(t, d, rng)
        t = play_steps(ENGINE, t, [step], rng, auto=True)[-1]
    s = t.scores
    share = (me in s.winners) / len(s.winners) if s.winners else 0.0
    best = max(s.line(p.name).total for p in t.game.players if p.name != me)
    return share, s.line(me).total, best, time.process_time() - start, hints


def hinted(n: int, jobs: int, options: int = OPTIONS, rounds: int = ROUNDS, full: int = FULL,
           log: Path | None = None) -> dict:
    """The hinted seat over games 0 … n-1 (:func:`hinted_game`), a pool of ``jobs``; each
    game's row appended to ``log`` as it ends (a run stopped early keeps its games)."""
    todo = [(seed, options, rounds, full) for seed in range(n)]
    rows = []
    with multiprocessing.Pool(jobs) as pool:
        for seed, row in zip(range(n), pool.imap(hinted_game, todo)):
            rows.append(row)
            if log is not None:
                with log.open("a") as f:
                    f.write(" ".join(str(x) for x in (seed, *row)) + "\n")
    return hinted_summary(rows, options, rounds, full)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share of ``wins`` in ``n``."""
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def hinted_summary(rows: list[tuple], options: int, rounds: int, full: int) -> dict:
    n = len(rows)
    wins = sum(r[0] for r in rows)
    return {"games": n, "wins": wins, "rate": wins / n, "interval": wilson(wins, n),
            "mine": sum(r[1] for r in rows) / n, "best": sum(r[2] for r in rows) / n,
            "cpu": sum(r[3] for r in rows), "hints": sum(r[4] for r in rows) / n,
            "options": options, "rounds": rounds, "full": full}


HINTED = "## The advisor: a seat that follows every hint (4 players)"


def hinted_section(h: dict, jobs: int, of: int | None = None) -> str:
    """The section of docs/performance.md for :func:`hinted` (``of``: the games the run
    was to play, when it was summed up before its end)."""
    run = h["games"] if of is None else of
    return "\n".join([
        HINTED, "",
        (f"The first {h['games']} games of a run of {of}, summed up while it was under way "
         f"(`--summarise LOG`).  " if of is not None and of > h["games"] else "")
        + f"Measured by `benchmarks/advisor.py --hinted {run} --jobs {jobs}` on "
        f"{date.today()}, Python {platform.python_version()}, {multiprocessing.cpu_count()} "
        f"cores, load average {os.getloadavg()[0]:.1f} when it ended (the budget is in "
        "rollouts, so the load changes the time, not the result).  4-player standard Bee "
        "Lives games (one year, no map, the queens prolific, aggressive, nomadic, hygienic), "
        "game i from seed i; seat i mod 4 follows every hint: at each of its choices, the "
        "best option of `advise` with the default player's first "
        f"{h['options']} options, {h['rounds']} rollouts each (the same seed gives the same "
        f"game), stopped at a horizon of {h['full']} hive-months (the end of the month under "
        "way) and scored by the evaluation (docs/advisor.md, \"Horizons\"), or enumerated "
        "in the last month; the default player in the three other seats.  Goal: ≥ 40 % "
        "wins (25 % is parity).", "",
        "| figure | value |", "| --- | --- |", *hinted_rows(h), ""])


def hinted_rows(h: dict) -> list[str]:
    low, high = h["interval"]
    return [f"| 4-player one-year games, a seat following every hint ({h['options']} options "
            f"× {h['rounds']} rollouts a decision, horizon {h['full']} hive-months) | "
            f"{h['games']} |",
            f"| its wins (a shared win: its share) | {h['wins']:g} ({h['rate']:.1%}; 95 %: "
            f"{low:.1%} to {high:.1%}; parity 25 %) |",
            f"| its mean final score / the best other's | {h['mine']:.1f} / {h['best']:.1f} |",
            f"| hints a game; CPU seconds, all games | {h['hints']:.1f}; {h['cpu']:,.0f} |"]


def games(n: int, jobs: int, one=one_game) -> dict:
    """The default player against random play over ``n`` games."""
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            rows = pool.map(one, range(n), chunksize=8)
    else:
        rows = [one(seed) for seed in range(n)]
    wins = sum(r[0] for r in rows)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return {"games": n, "wins": wins, "rate": p, "half": half,
            "mine": sum(r[1] for r in rows) / n, "theirs": sum(r[2] for r in rows) / n,
            "cpu": sum(r[3] for r in rows) / n}


def turn_in(month: int, settings: dict = SETTINGS, seed: int = 3):
    """The campaign at a player's first turn of its ``month``-th productive month (the
    default player in every seat from ``seed``), and the decision."""
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives.engine import ENGINE
    from hyvekit.rules.table import play_steps
    t = new_table(settings)
    rng = random.Random(seed)
    while not ((d := ENGINE.pending(t)).kind == "action" and len(t.months) == month - 1):
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    return t, d


def rollout_speed(n: int) -> dict:
    """Rollouts per CPU second from :func:`turn_in` month 7 and month 27 (4 players, 3
    years), and a hint's wall time at month 7 and at a 4-player one-year game's second month
    (its rollouts stopped at a horizon: docs/advisor.md, "Horizons"), with the rollouts a
    second there."""
    from hyvekit.games.advisor import advise
    from hyvekit.games.beelives import advisor_game
    from hyvekit.rules.advisor import rollouts
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives import evaluation as E
    from hyvekit.rules.beelives.engine import ENGINE
    t, d = turn_in(7)

    def per_cpu_second(t, d, horizon=None) -> float:
        step = DP.choose(t, d, random.Random(0))
        start = time.process_time()
        rollouts(ENGINE, t, step, DP.choose, DP.outcome, d.actor, 1, range(n), horizon)
        return n / (time.process_time() - start)

    def hint(t):
        start = time.monotonic()
        h = advise(advisor_game(), t, 1)
        return time.monotonic() - start, h
    speed = per_cpu_second(t, d)
    wall, h = hint(t)
    early, due = turn_in(2, FOUR)
    early_wall, early_hint = hint(early)
    late, last = turn_in(27, EPIC)                  # month 27 of a 4-player, 3-year game
    return {"rollouts": n, "per_cpu_s": speed, "options": len(d.legal),
            "hint_wall": wall, "hint_rounds": h.rounds, "hint_options": len(h.estimates),
            "month27": per_cpu_second(late, last),
            "early_full": per_cpu_second(early, due),
            "early_horizon": per_cpu_second(early, due, E.horizon_for(early)),
            "early_wall": early_wall, "early_rounds": early_hint.rounds,
            "early_options": len(early_hint.estimates), "early_legal": len(due.legal),
            "load": os.getloadavg()[0]}


def speed_rows(r: dict) -> list[str]:
    return [f"| rollouts per CPU second, month 7 ({r['rollouts']} rollouts) | "
            f"{r['per_cpu_s']:.1f} |",
            f"| rollouts per CPU second, month 27 of a 4-player 3-year game "
            f"({r['rollouts']} rollouts) | "
            f"{r['month27']:.1f} |",
            f"| a hint there, default budget, every core: wall seconds | {r['hint_wall']:.2f} "
            f"({r['hint_options']} of {r['options']} options, {r['hint_rounds']} rollouts "
            "each) |",
            f"| rollouts per CPU second, month 2 of a 4-player year: to the end / to the "
            f"horizon (the next month's end) | {r['early_full']:.1f} / {r['early_horizon']:.1f} |",
            f"| a hint there, default budget, every core: wall seconds | "
            f"{r['early_wall']:.2f} ({r['early_options']} of {r['early_legal']} options, "
            f"{r['early_rounds']} rollouts each) |"]


def beez_rows(b: dict) -> list[str]:
    return [f"| Beez, {b['games']} 2-player games: default player's wins | {b['wins']:g} "
            f"({b['rate']:.1%} ± {b['half']:.1%}, 95 %) |",
            f"| Beez mean honey drops: default / random | {b['mine']:.1f} / "
            f"{b['theirs']:.1f} |", f"| Beez CPU seconds a game | {b['cpu']:.2f} |"]


def section(g: dict, speed: dict | None = None, beez: dict | None = None,
            hyve: dict | None = None) -> str:
    return "\n".join([
        HEADING, "",
        f"Measured by `benchmarks/advisor.py --games {g['games']}"
        + (f" --rollouts {speed['rollouts']}" if speed else " --rollouts 0")
        + (f" --beez {beez['games']}" if beez else " --beez 0")
        + (f" --hyve {hyve['n']}" if hyve else "")
        + f"` on {date.today()}, Python "
        f"{platform.python_version()}, {multiprocessing.cpu_count()} cores "
        f"({platform.machine()}), load average {os.getloadavg()[0]:.1f} when it ended (other "
        "work on the machine slows the hint's wall time).  2-player standard Bee Lives games "
        "(one year, no map) at "
        "the table, the default player (docs/advisor.md) in one seat and uniformly random "
        "legal play in the other, seats swapped every game, game i from seed i.  Goal: "
        "≥ 90 % wins.", "",
        "| figure | value |", "| --- | --- |",
        f"| games | {g['games']:,} |",
        f"| default player's wins (a shared win: half) | {g['wins']:g} "
        f"({g['rate']:.1%} ± {g['half']:.1%}, 95 %) |",
        f"| mean final score: default / random | {g['mine']:.1f} / {g['theirs']:.1f} |",
        f"| CPU seconds a game | {g['cpu']:.3f} |",
        *(speed_rows(speed) if speed else []), *(beez_rows(beez) if beez else []),
        *(hyve_rows(hyve) if hyve else []), ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--beez", type=int, default=100)
    parser.add_argument("--hinted", type=int, default=0,
                        help="4-player games with a seat that follows every hint (0: none)")
    parser.add_argument("--log", type=Path, default=None,
                        help="append each hinted game's row to this file as it ends")
    parser.add_argument("--summarise", type=Path, default=None,
                        help="the hinted games of a --log file (a run stopped early, or "
                             "still under way), summed up as --hinted would")
    parser.add_argument("--of", type=int, default=None,
                        help="with --summarise: the games the run was to play")
    parser.add_argument("--hyve", type=int, default=140)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    if args.summarise:
        rows = [tuple(float(x) for x in line.split()[1:])
                for line in args.summarise.read_text().splitlines() if line.strip()]
        text = hinted_section(hinted_summary(rows, OPTIONS, ROUNDS, FULL), args.jobs, args.of)
        print(text)
        if args.write_docs:
            doc = ROOT / "docs" / "performance.md"
            doc.write_text(replace_section(doc.read_text(), HINTED, text))
        return
    if args.hinted:
        text = hinted_section(hinted(args.hinted, args.jobs, log=args.log), args.jobs)
        print(text)
        if args.write_docs:
            doc = ROOT / "docs" / "performance.md"
            doc.write_text(replace_section(doc.read_text(), HINTED, text))
        return
    if not args.games:                              # the speed figures alone
        print("\n".join(speed_rows(rollout_speed(args.rollouts or 20))))
        return
    g = games(args.games, args.jobs)
    text = section(g, rollout_speed(args.rollouts) if args.rollouts else None,
                   games(args.beez, args.jobs, one_beez_game) if args.beez else None,
                   hyve_scenarios(args.hyve, args.jobs) if args.hyve else None)
    print(text)
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        doc.write_text(replace_section(doc.read_text(), HEADING, text))


if __name__ == "__main__":
    main()
