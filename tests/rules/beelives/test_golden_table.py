"""The golden corpus through the table (issue 37): 520 random whole Bee Lives games — 1-4
players over one to three years, every solo card, with and without the map — written on the
engine before it was rebuilt, each replayed step by step through the facade's engine.  After
every step the decision due (kind, actor, legal steps, the end's result), its prompt, what the
step did in words and the view are the same as when the corpus was written, and at every fifth
step each option's preview and the raid odds too (golden/corpus.py says what is kept).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))

from corpus import digests, games, start_of  # noqa: E402
from golden_digests import differs  # noqa: E402

from hyvekit.games import beelives as B  # noqa: E402

#: the corpus is replayed in this many parts, so the workers share it
PARTS = 8


@pytest.mark.parametrize("part", range(PARTS))
def test_every_game_of_the_corpus_replays_to_what_the_table_showed(part):
    engine = B.table_engine()
    seen = 0
    for game in games(part, PARTS):
        where = f"game {game['seed']} ({game['settings']})"
        t = start_of(game["settings"])
        now = digests(engine, t, previewed=True)
        assert now == game["shown"][0], f"{where}, before the first step: " \
                                        f"{differs(game['shown'][0], now)}"
        for n, step in enumerate(game["steps"], 1):
            t = engine.push(t, step)
            assert engine.last_step(t) == step, f"{where}, step {n} {step!r} kept otherwise"
            now = digests(engine, t, previewed=n % 5 == 0)
            assert now == game["shown"][n], f"{where}, after step {n} {step!r}: " \
                                            f"{differs(game['shown'][n], now)}"
        assert engine.pending(t).over, f"{where}: not over after its last step"
        seen += 1
    assert seen >= 500 // PARTS
