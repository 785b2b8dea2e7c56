"""The Bee Lives table engine against an older one, in one run (issue 37): whole random games
through the engine per CPU second, and the previews and raid odds of a month-27 decision.

The older engine is a git worktree of ``--old`` (default: the commit before the engine was
rebuilt) made in a temporary folder; each figure is measured in a child process that imports
hyvekit from one tree or the other (``PYTHONPATH``), the two interleaved round by round so a
busy machine slows both alike.  CPU time of the child, medians of ``--rounds``.

* games: 4-player epic games (three years, no map) played to their end through the table
  protocol (``pending``/``push``, the tool's own moves played), every step chosen by the
  simple player of ``beelives_step.py`` from a fixed seed; games per CPU second.
* month 27: the decision of a player's turn in the 27th productive month of such a game (as
  ``beelives_step.py`` builds it): each legal option's preview (``hyvekit.rules.table.previews``)
  and the raid odds beside the options, on a table that has worked out nothing yet.

Goals: games new ÷ old ≥ 5; previews and odds new ÷ old ≤ 0.3.

Usage (from the repository root, the machine idle)::

    .venv/bin/python benchmarks/beelives_engine.py [--old COMMIT] [--rounds 5] [--games 4]
    .venv/bin/python benchmarks/beelives_engine.py --write-docs
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from docs_section import replace_section  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: the last commit of the engine before it was rebuilt as phases (issue 37)
OLD = "c2fb1c2"
HEADING = "## Bee Lives engine: the rebuilt one against the one before"


# --- in the child --------------------------------------------------------------------------

def _engine_and_odds():
    from hyvekit.games import beelives as B
    odds = getattr(B, "table_odds", None) or getattr(B, "odds")
    return B.table_engine(), odds


def child_games(games: int) -> dict:
    """Whole games played through the engine: CPU seconds, steps and months played."""
    import random

    from beelives_step import choose, settings

    from hyvekit.games.beelives import new_campaign_settings
    from hyvekit.rules.beelives import campaign as C
    from hyvekit.rules.table import play_steps
    engine, _ = _engine_and_odds()
    steps = months = 0
    start = time.process_time()
    for seed in range(games):
        _, checked, comps = new_campaign_settings(settings())
        t = C.new_campaign(checked, comps)
        rng = random.Random(seed)
        while not (d := engine.pending(t)).over:
            tables = play_steps(engine, t, [choose(t, d, rng)], rng, auto=True)
            t = tables[-1]
            steps += len(tables)
        months += len(t.months)
    return {"cpu": time.process_time() - start, "steps": steps, "months": months}


def child_month27(into: int) -> dict:
    """The previews and the raid odds of a month-27 player's decision, on a fresh table."""
    import dataclasses

    from beelives_step import first_game

    from hyvekit.rules.table import previews
    engine, odds = _engine_and_odds()
    (_, state, _, _), _ = first_game(1, into)

    def fresh():
        return dataclasses.replace(state, table=dataclasses.replace(state.table))
    t = fresh()
    start = time.process_time()
    shown = previews(engine, t)
    mid = time.process_time()
    notes = odds(t)
    end = time.process_time()
    return {"previews": mid - start, "odds": end - mid, "options": len(shown),
            "raids": len(notes)}


# --- the run -------------------------------------------------------------------------------

def _worktree(commit: str) -> Path:
    where = Path(tempfile.mkdtemp(prefix="hyvekit-old-engine-")) / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), commit],
                   check=True, capture_output=True)
    return where


def _child(tree: Path, what: str, arg: int) -> dict:
    env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT / 'benchmarks'}"}
    out = subprocess.run([sys.executable, __file__, "--child", what, str(arg)], env=env,
                         capture_output=True, text=True, check=True, cwd=str(tree))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default=OLD, help="the older engine's commit")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="games per round")
    parser.add_argument("--into", type=int, default=6, help="steps into month 27")
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        what, n = args.child
        result = child_games(int(n)) if what == "games" else child_month27(int(n))
        print(json.dumps(result))
        return
    old = _worktree(args.old)
    try:
        rows: dict[str, dict[str, list]] = {"old": {}, "new": {}}
        for r in range(args.rounds):
            for name, tree in (("old", old), ("new", ROOT)) if r % 2 == 0 else \
                    (("new", ROOT), ("old", old)):
                g = _child(tree, "games", args.games)
                m = _child(tree, "month27", args.into)
                row = rows[name]
                row.setdefault("games/s", []).append(args.games / g["cpu"])
                row.setdefault("steps/s", []).append(g["steps"] / g["cpu"])
                row.setdefault("previews ms", []).append(1000 * m["previews"])
                row.setdefault("odds ms", []).append(1000 * m["odds"])
                row.setdefault("previews+odds ms", []).append(1000 * (m["previews"] + m["odds"]))
                print(f"round {r + 1} {name}: {args.games / g['cpu']:.2f} games/s, "
                      f"previews {1000 * m['previews']:.1f} ms ({m['options']} options), "
                      f"odds {1000 * m['odds']:.1f} ms ({m['raids']} raids)", flush=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                       capture_output=True)
    med = {n: {k: statistics.median(v) for k, v in row.items()} for n, row in rows.items()}
    lines = [f"| figure | old ({args.old}) | new | new ÷ old |", "| --- | --- | --- | --- |"]
    for key in med["new"]:
        o, n = med["old"][key], med["new"][key]
        lines.append(f"| {key} | {o:.2f} | {n:.2f} | {n / o:.2f} |")
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        games = f"{args.games} four-player epic game{'s' if args.games != 1 else ''}"
        section = (f"{HEADING}\n\n`benchmarks/beelives_engine.py`: {games} "
                   f"a round and a month-27 decision, {args.rounds} rounds, each in a "
                   "child process importing the old or the new tree, interleaved; CPU medians "
                   f"({time.strftime('%Y-%m-%d')}).  Goals: games/s new ÷ old ≥ 5, previews "
                   "and odds new ÷ old ≤ 0.3.\n\n" + table + "\n")
        docs = ROOT / "docs" / "performance.md"
        docs.write_text(replace_section(docs.read_text(encoding="utf-8"), HEADING, section),
                        encoding="utf-8")


if __name__ == "__main__":
    main()
