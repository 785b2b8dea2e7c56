"""Time exact Queen Bee attack odds by battle size, and compare with a seeded simulation.

Usage::

    python benchmarks/queenbee_odds.py              # sizes 1..5 dice a side, no cards
    python benchmarks/queenbee_odds.py --cards maximum-power,helping-paw --max 4
    python benchmarks/queenbee_odds.py --simulate 100000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=5, help="largest dice per side (default 5)")
    parser.add_argument("--cards", default="", help="attacker cards, comma-separated")
    parser.add_argument("--simulate", type=int, default=0,
                        help="also simulate N battles per size (no cards) and show the gap "
                             "in standard errors")
    args = parser.parse_args(argv)

    from hyvekit.rules.queenbee.battle import Bees
    from hyvekit.rules.queenbee.odds import OddsModel, attack_odds
    from hyvekit.data import queenbee as tables

    dice, card_table = tables.dice(), tables.cards()
    cards = [c for c in args.cards.split(",") if c]
    for n in range(1, args.max + 1):
        warriors, workers = (n + 1) // 2, n // 2
        t = time.perf_counter()
        r = attack_odds(Bees(0, warriors, workers), Bees(0, warriors, workers), dice, cards, card_table=card_table)
        took = time.perf_counter() - t
        line = f"{n:2d} v {n:2d} dice: {r.percent:7.3f}%  in {took:7.3f} s"
        if args.simulate and not cards:
            model = OddsModel(dice)
            rng = random.Random(n)
            wins = 0
            for _ in range(args.simulate):
                ay = tuple(sorted(rng.choice(dice.yellow) for _ in range(workers)))
                ab = tuple(sorted(rng.choice(dice.black) for _ in range(warriors)))
                ky, kb = model.attacker_reroll(ay, ab, workers, warriors)
                s = sum(ay[ky:]) + sum(ab[kb:]) + sum(rng.choice(dice.yellow) for _ in range(ky)) \
                    + sum(rng.choice(dice.black) for _ in range(kb))
                dy = tuple(sorted(rng.choice(dice.yellow) for _ in range(workers)))
                db = tuple(sorted(rng.choice(dice.black) for _ in range(warriors)))
                jy, jb = model.defender_reroll(dy, db, s)
                d = sum(dy[jy:]) + sum(db[jb:]) + sum(rng.choice(dice.yellow) for _ in range(jy)) \
                    + sum(rng.choice(dice.black) for _ in range(jb))
                wins += s >= d
            p = float(r.probability)
            se = math.sqrt(p * (1 - p) / args.simulate) or 1.0
            line += f"; simulated {wins / args.simulate * 100:7.3f}% ({(wins / args.simulate - p) / se:+.2f} SE)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
