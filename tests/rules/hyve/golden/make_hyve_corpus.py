"""Writes the HYVE golden corpus: ``games.jsonl.xz``, random whole HYVE scenarios (every mode)
and Hyve Legacy runs (every sheet, easy and not) played at the table, each kept as its moves
and, move by move, short digests of what the table showed after it; and ``examples.json.xz``,
what ``hyve check --json`` prints for the files of examples/ and docs/ (:mod:`hyve_examples`).
Run once, on the engine the corpus is to hold still, and commit what it writes;
``test_hyve_golden.py`` replays it on the engine of the day.

    .venv/bin/python tests/rules/hyve/golden/make_hyve_corpus.py [GAMES | examples]

Every game is played through the facade's engines only (``pending``/``push``/``preview``/
``view``/``said``), and a legacy run's ledger events between scenarios through its record
adapter, so the digests mean the same on any engine that meets the protocol.  The player is
random but not careless: most of the time it takes the option whose preview looks best for
the colony (HP, population, bread, hyves scored, nectar of a colour kept together), so
scenarios last long enough for the seasons, the perks and the modes' rules to come up.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hyve_corpus import (GAMES_FILE, adapter_of, digests, engine_of,  # noqa: E402
                         game_settings, previewed_after, start_of, summary_of)

from hyve_examples import EXAMPLES_FILE, everything  # noqa: E402
from golden_digests import write_corpus  # noqa: E402

from hyvekit.games import hyve as H  # noqa: E402
from hyvekit.rules.common import IllegalActionError, InvalidInputError  # noqa: E402

#: how often the player takes any legal option rather than the best-looking one
CARELESS = 0.2
#: the most options of one decision the player previews (a sample beyond)
LOOKED_AT = 40


def _adjacency(lines: list[str]) -> float:
    """Nectar of one colour kept together in the hyve's lines (the view's ``hyve``): +1 for
    each pair of neighbouring hexes of the same die value, -1.5 for different values."""
    cells = {}
    for r, line in enumerate(lines):
        toks = line[1:].split()
        for c, tok in enumerate(toks):
            cells[(5 - len(toks) + 2 * c, r)] = tok
    out = 0.0
    for (x, y), tok in cells.items():
        if tok.isdigit():
            for nb in ((x + 2, y), (x + 1, y + 1), (x - 1, y + 1)):
                other = cells.get(nb, "")
                if other.isdigit():
                    out += 1 if other == tok else -1.5
    return out


def worth(v: dict[str, Any]) -> float:
    """How good the sheet of the view ``v`` looks for the colony."""
    if v["status"] != "playing":
        return (1000 if v["status"] == "won" else -1000) + v["turn"]
    return (5 * v["hp"]["to_collapse"] + v["hp"]["die"] / 6 + 1.5 * min(v["population"], 12)
            + 2 * sum(v["bread"].values()) + 8 * len(v["hyve_scores"])
            + sum(v["hyve_scores"]) + _adjacency(v["hyve"]))


def choose(engine, t, d, rng: random.Random) -> str:
    """A legal step for ``d``: ``roll`` for the dice; else, now and then any option, most of
    the time the one whose preview looks best (:func:`worth`, a little noise added)."""
    legal = list(d.legal)
    if d.kind == "dice":
        return "roll" if rng.random() < 0.9 or len(legal) == 1 else rng.choice(legal)
    if len(legal) == 1 or rng.random() < CARELESS:
        return rng.choice(legal)
    sample = legal if len(legal) <= LOOKED_AT else rng.sample(legal, LOOKED_AT)
    return max(sample, key=lambda o: worth(engine.view(engine.preview(t, o))) + rng.random())


def _purchases(run, rng: random.Random) -> list[dict[str, Any]]:
    """A few purchases drawn at random (perks, bread, core resources)."""
    out: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 4)):
        item = rng.choice(("perk", "perk", "bread", "resources"))
        if item == "perk":
            out.append({"item": "perk", "perk": rng.choice(run.sheet.perk_costs)[0]})
        elif item == "bread":
            out.append({"item": "bread", "bee_type": rng.randint(1, 5)})
        else:
            kind = rng.choice(("hp", "population", "nectar"))
            out.append({"item": "resources", "kind": kind,
                        "colours": rng.sample(list(run.colours), rng.randint(1, 3))})
    return out


def shop(adapter, run, rng: random.Random) -> list:
    """A shop the run accepts: random purchases, the last ones dropped until it does (none
    left: the next scenario's start)."""
    wanted = _purchases(run, rng)
    while wanted:
        event = ["shop", {"purchases": wanted}]
        try:
            adapter.play(run, *event)
            return event
        except (IllegalActionError, InvalidInputError):
            wanted = wanted[:-1]
    return ["start", {}]


def between(adapter, run, last: list | str | None, rng: random.Random) -> list | None:
    """The ledger event a legacy run takes between scenarios (``last``: the move before), or
    None when the run is over: a shop, then the next scenario's start; after a loss in normal
    mode, easy mode three times in four (else the run ends there)."""
    if run.phase == "shopping":
        return ["start", {}] if isinstance(last, list) and last[0] == "shop" \
            else shop(adapter, run, rng)
    if run.phase == "failed" and rng.random() < 0.75:
        return ["easy", {"cross_out": rng.choice([b for b in range(1, 6)
                                                  if b not in run.crossed_bread])}]
    return None


def play(seed: int) -> dict:
    """Game ``seed`` played to its end: its settings, moves, digests, its record's events and
    the digest of its record's summary at the end."""
    settings = game_settings(seed)
    engine, adapter = engine_of(settings), adapter_of(settings)
    legacy = settings["kind"] == "legacy"
    step_event = H.legacy_step_event() if legacy else None
    rng = random.Random(seed)
    t = start_of(settings)
    moves: list = []
    events: list = []
    shown = [digests(engine, t, previewed=True)]
    while True:
        if legacy and t.phase != "playing":
            m = between(adapter, t, moves[-1] if moves else None, rng)
            if m is None:
                break
            t = adapter.play(t, m[0], m[1])
            events.append(m)
        else:
            d = engine.pending(t)
            if d.over:
                break
            before = t
            t = engine.push(t, choose(engine, t, d, rng), rng)
            m = engine.last_step(t)
            events.append(["step", step_event(engine, before, t) if legacy else {"do": m}])
        moves.append(m)
        shown.append(digests(engine, t, previewed=previewed_after(len(moves))))
    return {"seed": seed, "settings": settings, "moves": moves, "shown": shown,
            "events": events, "summary": summary_of(settings, t)}


def main(argv: list[str]) -> None:
    """``[GAMES]``: write the random games (153 by default) and the examples; ``examples``:
    the examples only."""
    write_corpus(EXAMPLES_FILE, everything, GAMES_FILE, play, argv, 153,
                 lambda seed, game: f"game {seed} ({game['settings']['kind']}): "
                 f"{len(game['moves'])} moves")


if __name__ == "__main__":
    main(sys.argv[1:])
