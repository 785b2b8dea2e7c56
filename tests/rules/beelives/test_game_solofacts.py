"""The sequencer's month summaries feed the solo goal checks (solofacts.py → solo.py)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_month

solo = pytest.importorskip("hyvekit.rules.beelives.solo")
from hyvekit.rules.beelives import solofacts  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
COMPS = bl.components()


def test_later_month_example_gives_susans_facts():
    record = rec.parse_game(tomllib.loads(
        (ROOT / "examples/beelives/later-month-2p.toml").read_text(encoding="utf-8")),
        COMPS.board)
    summary = rec.replay(record, COMPS).months[0].summary
    f = solofacts.month_facts(summary, "Susan")
    assert (f.year, f.month, f.queen_at_start) == (1, 4, "prolific")
    assert f.actions == ("forage", "raid", "defend")
    assert f.raids == (solo.RaidFact("wild_hive", False),)
    assert f.swarm == solo.SwarmFact(True, "DANDELION", "nomadic")
    assert f.queens_held == ("prolific", "nomadic")
    assert (f.brood_hatched, f.worst_disease, f.comb) == (3, -1, 12)
    wild = {w.name: w for w in f.wild_hives}
    assert wild["DANDELION"] == solo.WildFact("DANDELION", 2, 5, True, "swarm")
    assert wild["ACORN"].strength == 6 and not wild["ACORN"].spawned


def test_a_random_solo_game_gives_facts_the_solo_checks_accept():
    rng = random.Random(5)
    options = g.Options(years=2, solo_hard=True)
    state = g.new_game([("Sol", "hygienic")], COMPS.board, options=options)
    results, winters = [], []
    while state.stage != "over":
        if state.stage == "winter":
            year = state.year
            state, events = g.play_winter(state, COMPS)
            winters.append((year, events))
            continue
        _, result = random_month(state, COMPS, rng)
        results.append(result)
        state = result.state
    facts = solofacts.game_facts(results, "Sol", winters)
    assert len(facts) == 18 and facts[8].winter_bees is not None
    solo.check_facts(facts)
    cards = bl.solo_cards()
    for card in cards.challenges:
        for v in solo.verdicts(card, facts, years=2, over=True):
            assert v.status in (solo.MET, solo.FAILED)
