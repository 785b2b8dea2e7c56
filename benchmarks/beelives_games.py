"""Time whole random Bee Lives games and print games per second by players and years.

Each game is :func:`hyvekit.rules.beelives.simulate.simulate_game`: set-up with random queens,
every productive month drawn by ``randomplay.random_month`` on the real month sequencer (played
once, not replayed), winter upkeep, final scoring, and the invariant checks the test
suite runs (``--no-check`` leaves them out).  Seeds are fixed, so runs are comparable.  One
process, one core; times are the process's CPU time, so a busy machine does not skew them.

Usage (from the repository root)::

    .venv/bin/python benchmarks/beelives_games.py                 # 20 games a cell, map too
    .venv/bin/python benchmarks/beelives_games.py --games 50 --no-map
    .venv/bin/python benchmarks/beelives_games.py --write-docs     # refresh docs/performance.md

``--write-docs`` replaces (or appends) the "Bee Lives game simulator" section of
docs/performance.md and leaves the rest of the page as it is.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # run as a script or loaded by path
from docs_section import replace_section as _replace_section

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## Bee Lives game simulator"



def replace_section(text: str, section: str) -> str:
    """``text`` with this benchmark's section (:data:`HEADING`) replaced by ``section``."""
    return _replace_section(text, HEADING, section)

def time_cell(players: int, years: int, games: int, on_map: bool, check: bool, comps,
              seed: int) -> tuple[float, int]:
    """CPU seconds of this process for ``games`` games of one cell (the games are
    single-threaded and CPU-bound, so CPU time is their run time on an idle core, whatever
    else the machine runs), and the productive months they played."""
    from hyvekit.rules.beelives.simulate import simulate_game

    months = 0
    t0 = time.process_time()
    for i in range(games):
        game = simulate_game(players, years, random.Random(seed + i), on_map=on_map,
                             check=check, comps=comps)
        if game.violations:
            raise SystemExit(f"invariant broken (players {players}, years {years}, seed "
                             f"{seed + i}): {game.violations[0]}")
        months += game.months
    return time.process_time() - t0, months


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20,
                        help="games per (players, years) cell (default 20)")
    parser.add_argument("--map-games", type=int, default=None,
                        help="games per cell on the map (default: --games)")
    parser.add_argument("--no-map", action="store_true", help="skip the games on the map")
    parser.add_argument("--no-check", action="store_true",
                        help="leave out the invariant checks (the engine alone)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    if args.games < 1 or (args.map_games is not None and args.map_games < 1):
        parser.error("--games and --map-games must be at least 1")
    map_games = args.games if args.map_games is None else args.map_games

    from hyvekit.data.beelives import components
    from hyvekit.rules.beelives.simulate import simulate_game

    comps = components()
    check = not args.no_check
    for on_map in (False, True):      # warm up: imports, packaged data, first-call caches
        simulate_game(2, 1, random.Random(0), on_map=on_map, comps=comps)
    rows = []
    totals = {False: [0.0, 0, 0], True: [0.0, 0, 0]}     # seconds, games, months
    for players in (1, 2, 3, 4):
        for years in (1, 2, 3):
            row = [f"{players}", f"{years}"]
            for on_map, n in ((False, args.games), (True, map_games)):
                if on_map and args.no_map:
                    continue
                secs, months = time_cell(players, years, n, on_map, check, comps,
                                         args.seed + 1000 * (10 * players + years))
                t = totals[on_map]
                t[0] += secs
                t[1] += n
                t[2] += months
                row += [f"{n / secs:.1f}", f"{1000 * secs / n:.0f}"]
            rows.append(row)
            print(" ".join(row), file=sys.stderr)
    head = ["players", "years", "games/s", "ms/game"]
    align = ["---:", "---:", "---:", "---:"]
    if not args.no_map:
        head += ["games/s on the map", "ms/game on the map"]
        align += ["---:", "---:"]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    summary = []
    for on_map in (False, True):
        secs, n, months = totals[on_map]
        if n:
            summary.append(f"{'on the map' if on_map else 'without the map'}: {n} games "
                           f"({months} productive months) in {secs:.1f} s, "
                           f"{n / secs:.1f} games/s, {months / secs:.0f} months/s")
    table = "\n".join(lines)
    print(table)
    print("\n".join(summary))
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        per = (f"{args.games} games a cell" if args.no_map or map_games == args.games else
               f"{args.games} games a cell ({map_games} on the map)")
        section = (
            f"{HEADING}\n\n"
            f"Measured by `benchmarks/beelives_games.py` ({per}, fixed seeds, "
            f"{'with' if check else 'without'} the invariant checks, one process, CPU time) on "
            f"{date.today().isoformat()}, Python {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.machine()}). Each game is a complete random "
            "legal game through the month sequencer (`simulate_game`: set-up, 9 productive "
            "months a year drawn by `randomplay.random_month`, each played once on the "
            "sequencer, not replayed as a record, "
            "winter upkeep, final scoring); see docs/beelives-simulator.md. Re-run it with "
            "`--write-docs` to refresh this section.\n\n"
            f"{table}\n\n"
            + "".join(f"Overall {s}.\n" for s in summary)
            + "\nMore players and more years cost more (more turns, more wild hives); the map "
            "adds distance, placement and priority-chart look-ups on every turn. "
            "`tests/rules/beelives/test_simulate.py` sizes its sweep of whole games from "
            "these figures.\n")
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), section),
                       encoding="utf-8")
        print(f"wrote {doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
