"""The Bee Lives golden corpus: what each game in it is played with, and what is kept of each
step (short digests of what the table showed after it), so that a later engine can be held to
the one the corpus was written on (``make_corpus.py`` writes it; ``test_golden_*.py`` read
it).  Only the facade (:mod:`hyvekit.games.beelives`), the table protocol
(:mod:`hyvekit.rules.table`) and the store are used: nothing here knows how the engine is
built.
"""

from __future__ import annotations

import json
import lzma
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))     # tests/

from golden_digests import digest  # noqa: E402

from hyvekit.games import ADAPTERS  # noqa: E402
from hyvekit.games import beelives as B  # noqa: E402
from hyvekit.rules.table import previews  # noqa: E402

HERE = Path(__file__).resolve().parent
#: one game a line (JSON), xz-compressed
GAMES_FILE = HERE / "games.jsonl.xz"

QUEENS = ("prolific", "aggressive", "nomadic", "hygienic")
NAMES = ("Susan", "Jeremy", "Lauren", "Mara's Hive")
CHALLENGES = ("Builder", "Dirty Bees", "Explorer", "The Great Migration", "Indecisive",
              "The Mother Hive", "Nursery", "Pacifist", "Protectionist", "Strong Leader",
              "Under Siege")
SCENARIOS = ("Haunted Hives", "New Bee on the Block", "Surrounded", "There Can Bee Only One")
CAMPAIGNS = ("Three Generations", "Wildfire", "Zombees")
#: games in a cycle of settings: 10 of 1-4 players over 1-3 years, 10 solo games
CYCLE = 20


def game_settings(seed: int) -> dict[str, Any]:
    """The settings of game ``seed``.  In each cycle of :data:`CYCLE` games: ten games of 1-4
    players and one to three years, two solo basic games (one with the harder rule), three
    challenge games, two scenario games, one game of each campaign card; the map on in every
    other game, so each kind is played with and without it across cycles."""
    rng = random.Random(seed * 7919)
    r, cycle = seed % CYCLE, seed // CYCLE
    on_map = (seed + cycle) % 2 == 0
    if r < 10:
        n = 1 + seed % 4
        years = 1 + (seed // 4) % 3
        players = [{"name": NAMES[i], "queen": rng.choice(QUEENS)} for i in range(n)]
        raw: dict[str, Any] = {"kind": "standard" if years == 1 else "multi-year",
                               "years": years, "players": players, "map": on_map}
        if n > 1 and rng.random() < 0.3:
            raw["first_player"] = players[-1]["name"]
        return raw
    raw = {"players": [{"name": NAMES[cycle % 4], "queen": rng.choice(QUEENS)}],
           "map": on_map}
    if r in (10, 11):
        raw.update(kind="solo-basic", solo_hard=r == 11)
    elif r in (12, 13, 14):
        raw.update(kind="solo-challenge", challenge=CHALLENGES[(3 * cycle + r - 12) % 11])
    elif r in (15, 16):
        raw.update(kind="solo-scenario", scenario=SCENARIOS[(2 * cycle + r - 15) % 4])
        if cycle % 2:
            raw["challenge"] = CHALLENGES[(cycle + r) % 11]
    else:
        card = CAMPAIGNS[r - 17]
        raw.update(kind="solo-campaign", campaign=card)
        if card == "Zombees":
            raw["years"] = 2 + cycle % 2
        if cycle % 3 == 2:
            raw["challenge"] = CHALLENGES[(cycle + r) % 11]
    return raw


def comps_of(settings: dict[str, Any]) -> Any:
    """The components a game of ``settings`` is played with."""
    return B.BeeLivesCampaignAdapter.components(settings)


def start_of(settings: dict[str, Any]) -> Any:
    """The table before the first step of a game of ``settings`` (as its record starts)."""
    return B.BeeLivesCampaignAdapter().initial_state(settings)


def shown(engine: Any, t: Any, previewed: bool) -> dict[str, Any]:
    """What the table ``t`` shows, by :data:`golden_digests.ASPECTS`: the decision due (kind, actor, legal
    steps, what else is accepted, whether the tool plays it, the result at the end), its
    prompt, what the step that made ``t`` did in words, the view, and (``previewed``) each
    option's preview with the raid odds."""
    d = engine.pending(t)
    out = {"decision": [d.kind, d.actor, list(d.legal), d.more, d.auto, d.result],
           "prompt": d.prompt, "said": list(engine.said(t)), "view": engine.view(t)}
    if previewed:
        out["previews"] = [previews(engine, t, d), B.table_odds(t)]
    return out


def digests(engine: Any, t: Any, previewed: bool) -> str:
    """The digests of what ``t`` shows (:func:`shown`), joined by dots."""
    return ".".join(digest(v) for v in shown(engine, t, previewed).values())


def store_in(folder: Path) -> Any:
    """A campaign store in ``folder`` keeping its derived states there too."""
    from hyvekit.store.campaigns import CampaignStore
    from hyvekit.store.states import StateCache
    return CampaignStore(folder / "records", ADAPTERS, StateCache(folder / "states"))


def record_in(store: Any, settings: dict[str, Any], steps: list[str]
              ) -> tuple[str, dict[str, Any], list[list[Any]]]:
    """A record of a game of ``settings`` played in ``steps``, made in ``store`` by appending
    the steps: its id, its header's settings and its events, ``[type, data, result]`` each,
    as the store wrote them."""
    record = store.create("golden", "beelives", "campaign", settings)
    campaign_id = record.header["id"]
    store.append_many(campaign_id, [("step", {"do": s}) for s in steps])
    doc = json.loads(store.export(campaign_id))
    return campaign_id, doc["header"]["settings"], [[e["type"], e["data"], e["result"]]
                                                    for e in doc["events"]]


def record_of(settings: dict[str, Any], steps: list[str]
              ) -> tuple[dict[str, Any], list[list[Any]]]:
    """:func:`record_in` a store of its own: the header's settings and the events."""
    with tempfile.TemporaryDirectory() as tmp:
        return record_in(store_in(Path(tmp)), settings, steps)[1:]


def games(part: int | None = None, parts: int = 1) -> Iterator[dict[str, Any]]:
    """The corpus's games in order (``part`` of ``parts``: every ``parts``-th from ``part``)."""
    with lzma.open(GAMES_FILE, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if part is None or i % parts == part:
                yield json.loads(line)
