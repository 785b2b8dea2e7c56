"""Writes the Bee Lives golden corpus: ``examples.json.xz``, what the records of examples/ and
docs/ give (:mod:`examples_flows`), and ``games.jsonl.xz``, random whole games played at the
table, each kept as the step record it made and, step by step, short digests of what the
table showed after it.  Run once, on the engine the corpus is to hold still, and commit what it
writes; ``test_golden_*.py`` replay it on the engine of the day.

    .venv/bin/python tests/rules/beelives/golden/make_corpus.py [GAMES | examples]

Every game is played through the table protocol only (``pending``/``push``/``view``/``said``
of the facade's engine), so the digests mean the same on any engine that meets it.  The
player is random but not careless: it prefers foraging and building to passing, so hives live
long enough for every phase, card and wild hive to come up.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import (GAMES_FILE, digests, game_settings,  # noqa: E402
                    record_of, start_of)

from examples_flows import EXAMPLES_FILE, everything  # noqa: E402
from golden_digests import write_corpus  # noqa: E402

from hyvekit.games import beelives as B  # noqa: E402
from hyvekit.rules.table import play_steps  # noqa: E402

#: how much the player likes an action, by its first word (others: 1)
LIKES = {"forage": 8, "build-wax": 3, "scout": 3, "raid": 2, "feed": 3, "pass": 0.3}


def choose(d, rng: random.Random) -> str:
    """A legal step for ``d``: a die is rolled by the tool half the time; an action is drawn
    with :data:`LIKES`; anything else uniformly."""
    legal = list(d.legal)
    if d.kind == "dice" and rng.random() < 0.5:
        return "roll"
    weights = [LIKES.get(o.split(": ", 1)[-1].split(" ", 1)[0], 1.0) for o in legal]
    return rng.choices(legal, weights)[0]


def play(seed: int) -> dict:
    """Game ``seed`` played to its end: its settings, resolved steps and digests."""
    engine = B.table_engine()
    settings = game_settings(seed)
    rng = random.Random(seed)
    t = start_of(settings)
    steps, shown = [], [digests(engine, t, previewed=True)]
    while not (d := engine.pending(t)).over:
        for after in play_steps(engine, t, [choose(d, rng)], rng, auto=True):
            t = after
            steps.append(engine.last_step(t))
            shown.append(digests(engine, t, previewed=len(steps) % 5 == 0))
    header_settings, events = record_of(settings, steps)
    return {"seed": seed, "settings": settings, "steps": steps, "shown": shown,
            "header_settings": header_settings, "events": events}


def main(argv: list[str]) -> None:
    """``[GAMES]``: write the random games (520 by default) and the examples; ``examples``:
    the examples only."""
    write_corpus(EXAMPLES_FILE, everything, GAMES_FILE, play, argv, 520,
                 lambda seed, game: f"game {seed}: {len(game['steps'])} steps")


if __name__ == "__main__":
    main(sys.argv[1:])
