"""The table protocol (hyvekit/rules/table.py), one suite run for every game's engine: Bee
Lives campaigns, HYVE scenarios, Hyve Legacy runs, Beez games and Queen Bee matches, each played to its end by
choosing at random among the legal steps.  ``pending`` is never None (``over`` at the end);
``push`` keeps the resolved step and that step pushes back to the same table; ``replay``
equals the pushed table; every legal option's notation is kept as itself; ``preview`` is the
table after that option.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from hyvekit.data import beez as beez_tables
from hyvekit.data.beelives import campaign_components, packaged_board
from hyvekit.data.hyve import legacy_sheets, sheet_definition
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives.engine import ENGINE as BEE_LIVES
from hyvekit.rules.beez import table as BZ
from hyvekit.rules.beez.engine import ENGINE as BEEZ
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve.engine import SCENARIO, HyveLegacyEngine
from hyvekit.rules.hyve.scenario import new_scenario
from hyvekit.rules.table import DICE, Decision
from hyvekit.data import queenbee as queenbee_tables
from hyvekit.rules.queenbee import match_table as QM
from hyvekit.rules.queenbee.deck import deck_for as queenbee_deck
from hyvekit.rules.queenbee.engine import ENGINE as QUEEN_BEE

COMPS = campaign_components(packaged_board())
LEGACY = HyveLegacyEngine(sheet_definition)
#: the steps a die decision is answered with besides the listed faces
RESOLVED = ("roll", "draw")


def _bee_lives(seed: int):
    players = [{"name": n, "queen": q} for n, q in (("Ann", "prolific"),
                                                    ("Bo", "aggressive"))[: 1 + seed % 2]]
    raw = {"players": players, "map": seed % 2 == 1, "kind": "standard", "years": 1}
    return BEE_LIVES.new((C.settings_from_dict(raw, COMPS), COMPS))


def _hyve_scenario(seed: int):
    mode = ("standard", "coldsnap", "wasp-war", "bee-builder", "turbo")[seed % 5]
    return SCENARIO.new(new_scenario(sheet_definition(mode)))


def _hyve_legacy(seed: int):
    run = L.new_legacy(legacy_sheets()["legacy-1"], ["yellow", "blue", "green", "purple",
                                                     "red"], easy=seed % 2 == 0)
    return LEGACY.new(L.play(run, L.StartScenario()))


def _beez(seed: int):
    common = ["both-4-5-rows", "middle-row", "colours"]
    settings = {"players": ["Martin", "Sophie", "Ann"][: 2 + seed % 2], "common": common,
                "expert": seed % 2 == 1}
    setup = BZ.setup_from_settings(settings, beez_tables.objectives_with(None),
                                   beez_tables.layout(), beez_tables.palette())
    return BEEZ.new(setup)


def _queen_bee(seed: int):
    players = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")[: 2 + seed % 5]
    setup = QM.Setup(players, queenbee_tables.board(),
                     queenbee_deck(len(players), queenbee_tables.cards(),
                                   queenbee_tables.variants()),
                     queenbee_tables.dice(), queenbee_tables.cards(), skills=seed % 3)
    return QUEEN_BEE.new(setup)


@dataclass
class Case:
    engine: Any
    start: Callable[[int], Any]


CASES = {"bee lives": Case(BEE_LIVES, _bee_lives),
         "hyve scenario": Case(SCENARIO, _hyve_scenario),
         "hyve legacy": Case(LEGACY, _hyve_legacy),
         "beez": Case(BEEZ, _beez),
         "queen bee": Case(QUEEN_BEE, _queen_bee)}
SEEDS = (0, 1)
#: options of one decision pushed one by one (a sample when there are more)
SAMPLED = 4


def _choose(d: Decision, rng: random.Random) -> str:
    """A step for ``d``: sometimes ``roll`` for a die, a flight rather than a Beez ``empty``
    (so games end), else any legal step."""
    if d.kind == DICE and rng.random() < 0.5:
        return "roll"
    legal = [o for o in d.legal if o != "empty"] or list(d.legal)
    return rng.choice(legal)


def _played(case: Case, seed: int, sample: bool = False, limit: int = 4000):
    """``(start, final table, steps kept, checks made)`` of a game chosen at random among
    the legal steps; with ``sample``, at every decision a few of its options are pushed
    too and checked (their notation kept, their preview)."""
    engine, rng = case.engine, random.Random(seed)
    start = t = case.start(seed)
    steps: list[str] = []
    checked = 0
    for _ in range(limit):
        d = engine.pending(t)
        assert isinstance(d, Decision)
        if d.over:
            break
        assert d.legal, d
        if sample:
            for option in rng.sample(d.legal, min(SAMPLED, len(d.legal))):
                after = engine.push(t, option, random.Random(0))
                if option.lower() not in RESOLVED:
                    assert engine.last_step(after) == option
                assert engine.preview(t, option) == after
                checked += 1
        t2 = engine.push(t, _choose(d, rng), rng)
        kept = engine.last_step(t2)
        assert kept and kept.lower() not in RESOLVED
        assert engine.push(t, kept) == t2                # the kept step gives the same table
        steps.append(kept)
        t = t2
    return start, t, steps, checked


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_game_chosen_among_the_legal_steps_ends_over_and_replays(name, seed):
    case = CASES[name]
    start, end, steps, _ = _played(case, seed)
    d = case.engine.pending(end)
    assert d.over and d.actor is None and d.legal == ()
    with pytest.raises(IllegalActionError):
        case.engine.push(end, "roll", random.Random(0))
    assert case.engine.replay(start, steps) == end
    assert case.engine.view(end) == case.engine.view(case.engine.replay(start, steps))


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_legal_option_is_kept_as_itself_and_previews_as_it_pushes(name):
    _, _, steps, checked = _played(CASES[name], 2, sample=True, limit=60)
    assert len(steps) == 60 or checked > 0
    assert checked >= min(len(steps), 20)


def test_the_end_of_a_beez_game_is_over_with_its_scores():
    start, end, _, _ = _played(CASES["beez"], 0)
    d = BEEZ.pending(end)
    scored, outcome = d.result
    assert d.result == BZ.final_scores(end) and outcome.winners
    assert {p.name for p in scored} == set(start.setup.players)


def test_the_end_of_a_legacy_scenario_is_over_with_its_result_in_the_ledger():
    _, end, _, _ = _played(CASES["hyve legacy"], 1)
    d = LEGACY.pending(end)
    assert d.over and d.result == end.results[-1] and "has ended" in d.prompt
    assert end.table is None and end.played_tables[-1][0] == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_the_step_that_ends_a_hyve_scenario_gives_its_account(seed):
    """Issue 27, item 9: a scenario's end in words, every number as the sheet has it."""
    _, end, _, _ = _played(CASES["hyve scenario"], seed)
    s, v = end.now, SCENARIO.view(end)
    said = end.said
    assert f"turns played: {s.turn} of {s.sheet.turns}" in said
    assert any(line.startswith(f"HP die {v['hp']['die']} on {v['hp']['space']}")
               and line.endswith(f"population {s.population}") for line in said)
    assert f"hyves completed: {s.hyves_completed} of 6" in " ".join(said)
    bread = next(line for line in said if line.startswith("bread: "))
    assert bread == "bread: " + ", ".join(f"{v['colours'][k]} {level}"
                                          for k, level in v["bread"].items())


@pytest.mark.parametrize("seed", SEEDS)
def test_the_step_that_logs_a_legacy_scenario_says_the_honey_earned_and_what_is_next(seed):
    _, end, _, _ = _played(CASES["hyve legacy"], seed)
    r = end.results[-1]
    said = " | ".join(end.said)
    assert f"scenario 1 of 5 {'won' if r.won else 'lost'}" in said
    assert (r.honey.describe() if r.honey is not None else "no honey earned") in said
    assert f"honey to spend: {end.honey}; next: " in said
