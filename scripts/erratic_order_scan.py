"""How many games of the Bee Lives golden corpus (tests/rules/beelives/golden/) meet Zombees'
erratic D6 asked while a healthy active wild hive is still to act in the round: the places
where the table offers no choice of order although the rulebook lets the first player choose
it ("Wild Hives"), so the games whose shown decisions would change if the table offered it
(issue 37 item 2: the one difference left between a month pushed through the phases and the
month sequencer, see scripts/months_walk.txt).

    .venv/bin/python scripts/erratic_order_scan.py > scripts/erratic_order_scan.txt
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules" / "beelives" / "golden"))
sys.path.insert(0, str(ROOT / "tests"))

from corpus import games, start_of  # noqa: E402

from hyvekit.games import beelives as B  # noqa: E402
from hyvekit.rules.beelives import month_phases as MP  # noqa: E402
from hyvekit.rules.beelives.month_table import Table  # noqa: E402


def erratic_first(t) -> bool:
    """Whether the decision due at ``t`` is an infected wild hive's erratic D6 while a healthy
    wild hive of the round is still to act."""
    m = t.table
    if not isinstance(m, Table) or m.state is None or m.turn is not None or \
            m.wild_roll is not None or not m.state.zombees:
        return False
    actor = MP.actor_now(m)
    if actor is None or not actor.wild:
        return False
    d = MP.month_pending(m)
    return d is not None and d.kind == "dice" and any(
        not m.state.wild_hive(n).infected for n in actor.choices)


def main() -> None:
    engine = B.table_engine()
    total, zombees, met = 0, 0, []
    for game in games():
        total += 1
        if "Zombees" not in str(game["settings"]):
            continue
        zombees += 1
        t, found = start_of(game["settings"]), 0
        for step in game["steps"]:
            found += erratic_first(t)
            t = engine.push(t, step, random.Random(0))
        if found:
            met.append((game["seed"], found))
    print(f"{total} games in the corpus, {zombees} with Zombees; {len(met)} meet the erratic "
          f"D6 asked while a healthy wild hive is still to act in the round, "
          f"{sum(n for _, n in met)} times in all")
    for seed, n in met:
        print(f"  game {seed}: {n} times")


if __name__ == "__main__":
    main()
