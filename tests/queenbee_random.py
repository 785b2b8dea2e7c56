"""A Queen Bee match at the table played to its end at random, for the tests that need a
finished match (the pad filled in from it, ``queenbee play``'s last step)."""

from __future__ import annotations

import random
from pathlib import Path


def random_match_steps(folder: Path, match_id: str, seed: int) -> list[str]:
    """The steps of match ``match_id`` (created, no step stored yet) played to its end: every
    step chosen at random among the legal ones, the dice rolled; each as ``do`` stores it.
    Nothing is stored."""
    from hyvekit.games import campaign_store
    from hyvekit.games.table import table_game
    from hyvekit.rules.table import play_steps
    engine = table_game("queenbee", "match").engine
    _, t = campaign_store(folder).state(match_id)
    rng, steps = random.Random(seed), []
    for _ in range(20_000):
        d = engine.pending(t)
        if d.over:
            return steps
        pushed = play_steps(engine, t, [rng.choice(list(d.legal))], rng, roll=True)
        steps += [engine.last_step(p) for p in pushed]
        t = pushed[-1]
    raise AssertionError(f"no end after {len(steps)} steps")
