"""The HYVE golden corpus: what each game in it is played with, and what is kept of each
move (short digests of what the table showed after it), so that a later engine can be held to
the one the corpus was written on (``make_hyve_corpus.py`` writes it; ``test_hyve_golden.py``
reads it).  Only the facade (:mod:`hyvekit.games.hyve`: its engines and record adapters), the
table protocol (:mod:`hyvekit.rules.table`) and the packaged sheets are used: nothing here
knows how the engine is built.

A game is either a HYVE scenario outside a run (``kind: scenario``, every mode of the packaged
sheets) or a whole Hyve Legacy run (``kind: legacy``, easy or not): a list of moves, each a
step at the table (a string: the step as the engine kept it, rolls resolved) or, in a run, a
ledger event between scenarios (``[type, data]``: a shop, the start of the next scenario, a
switch to easy mode) played through the run's record adapter.
"""

from __future__ import annotations

import json
import lzma
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))     # tests/

from golden_digests import digest  # noqa: E402

from hyvekit.data.hyve import legacy_sheets, sheet_table  # noqa: E402
from hyvekit.games import hyve as H  # noqa: E402
from hyvekit.rules.table import previews  # noqa: E402

HERE = Path(__file__).resolve().parent
#: one game a line (JSON), xz-compressed
GAMES_FILE = HERE / "games.jsonl.xz"

MODES = ("standard", "coldsnap", "wasp-war", "bee-builder", "turbo", "long-live-the-queen",
         "mites-challenge")
LEGACY_SHEETS = ("legacy-1", "legacy-2", "legacy-3")
#: the pencil colours a game may be played in (the legacy sheets' list)
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "brown", "pink")
#: games in a cycle of settings: one scenario of each mode, two legacy runs
CYCLE = len(MODES) + 2


def game_settings(seed: int) -> dict[str, Any]:
    """The settings of game ``seed``: in each cycle of :data:`CYCLE` games, a scenario of each
    mode, then two legacy runs (the three sheets in turn, three runs in normal mode then three
    in easy mode); the pencil colours drawn at random."""
    rng = random.Random(seed * 7919)
    colours = rng.sample(COLOURS, 5)
    r, cycle = seed % CYCLE, seed // CYCLE
    if r < len(MODES):
        return {"kind": "scenario",
                "record": H.scenario_settings(sheet_table(MODES[r]), colours)}
    run = 2 * cycle + r - len(MODES)
    sheet = legacy_sheets()[LEGACY_SHEETS[run % 3]]
    return {"kind": "legacy", "record": {"sheet": sheet.to_dict(), "colours": colours,
                                         "easy": (run // 3) % 2 == 1}}


def adapter_of(settings: dict[str, Any]) -> Any:
    """The record adapter of a game of ``settings`` (its facade's)."""
    return H.HyveScenarioAdapter() if settings["kind"] == "scenario" else H.HyveLegacyAdapter()


def engine_of(settings: dict[str, Any]) -> Any:
    """The engine a game of ``settings`` is played with (the facade's)."""
    return H.scenario_engine() if settings["kind"] == "scenario" else H.legacy_engine()


def start_of(settings: dict[str, Any]) -> Any:
    """The table before the first move of a game of ``settings`` (as its record starts)."""
    return adapter_of(settings).initial_state(settings["record"])


def shown(engine: Any, t: Any, previewed: bool) -> dict[str, Any]:
    """What the table ``t`` shows, by :data:`golden_digests.ASPECTS`: the decision due (kind, actor, legal
    steps, what else is accepted, whether the tool plays it, the result at the end), its
    prompt, what the step that made ``t`` did in words, the view, and (``previewed``) each
    option's preview.  A table that shows nothing (a legacy run between scenarios: no sheet
    to show) shows the error raised, by its class and message."""
    out: dict[str, Any] = {}
    try:
        d = engine.pending(t)
        out["decision"] = [d.kind, d.actor, list(d.legal), d.more, d.auto, d.result]
        out["prompt"] = d.prompt
    except ValueError as exc:
        out["decision"] = out["prompt"] = [type(exc).__name__, str(exc)]
    out["said"] = list(engine.said(t))
    try:
        out["view"] = engine.view(t)
    except ValueError as exc:
        out["view"] = [type(exc).__name__, str(exc)]
    if previewed:
        try:
            out["previews"] = previews(engine, t)
        except ValueError as exc:
            out["previews"] = [type(exc).__name__, str(exc)]
    return out


def digests(engine: Any, t: Any, previewed: bool) -> str:
    """The digests of what ``t`` shows (:func:`shown`), joined by dots."""
    return ".".join(digest(v) for v in shown(engine, t, previewed).values())


def previewed_after(n: int) -> bool:
    """Whether what the table shows after move ``n`` (0: before the first) keeps the
    previews: before the first move and after every fifth."""
    return n % 5 == 0


def move(engine: Any, adapter: Any, t: Any, m: str | list) -> Any:
    """``t`` after the move ``m``: a step pushed (as kept: no die is rolled), or a ledger
    event ``[type, data]`` played by the run's adapter."""
    if isinstance(m, str):
        return engine.push(t, m)
    return adapter.play(t, m[0], m[1])


def summary_of(settings: dict[str, Any], t: Any) -> str:
    """The digest of the record adapter's summary of ``t``."""
    return digest(adapter_of(settings).summary(t))


def games(part: int | None = None, parts: int = 1) -> Iterator[dict[str, Any]]:
    """The corpus's games in order (``part`` of ``parts``: every ``parts``-th from ``part``)."""
    with lzma.open(GAMES_FILE, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if part is None or i % parts == part:
                yield json.loads(line)
