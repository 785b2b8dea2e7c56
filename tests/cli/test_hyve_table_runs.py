"""Legacy runs whose scenarios are played at the table by always choosing among ``legal``:
each scenario's steps are stored as ``step`` events, its couriers and result go into the
ledger, and the record replays through ``campaign check`` unchanged (issue 16's acceptance)."""

from __future__ import annotations

import json
import random

import pytest

from hyvekit.data.hyve import sheet_definition
from hyvekit.games import campaign_store
from hyvekit.cli.hyve_records import load_legacy_state
from hyvekit.rules.hyve.legacy_play import run_mode
from hyvekit.rules.hyve.table_record import legacy_decision, legacy_table

PERKS = ("deep-stores", "excisor", "sensilla", "fecundity", "controlled-rolls", "beseech")


def _scenario_steps(state, rng):
    """Play the run's current scenario to its end on a local table, choosing among legal:
    the steps as stored."""
    from dataclasses import replace

    from hyvekit.rules.hyve.table_record import step
    t = legacy_table(state, sheet_definition(run_mode(state)))
    steps = []
    while True:
        d = legacy_decision(state, t)
        if d.kind == "over":
            return steps
        choice = rng.choice(d.legal)
        if d.kind == "assign" and rng.random() < 0.4:
            choice = "gather"
        state = step(state, t, choice, rng)
        steps.append(state.last_step)
        if state.table is None:            # the scenario ended: its result is logged
            return steps
        t = state.table
        state = replace(state, table=t)


@pytest.mark.parametrize("seed", range(6))
def test_legacy_runs_played_at_the_table_replay_through_campaign_check(hk, seed):
    rng = random.Random(seed)
    name = f"Run {seed}"
    cid = f"run-{seed}"
    assert hk("hyve", "legacy", "new", name, "--easy").returncode == 0
    hk("hyve", "legacy", "shop", cid, "--perk", PERKS[seed % len(PERKS)])   # if affordable
    store = campaign_store(hk.campaigns)
    for scenario in (1, 2):
        assert hk("hyve", "legacy", "start", cid, "--yes").returncode == 0
        _, state = load_legacy_state(hk.campaigns, cid)
        steps = _scenario_steps(state, rng)
        # the same steps through the record: validated again by the store, all at once
        from hyvekit.data.hyve import sheet_table
        first = {"sheet": sheet_table(sheet_definition(run_mode(state)).id)}
        store.append_many(cid, [("step", {"do": s, **(first if k == 0 else {})})
                                for k, s in enumerate(steps)])
        status = json.loads(hk("hyve", "legacy", "status", cid, "--json").stdout)
        assert len(status["results"]) == scenario
    check = hk("campaign", "check", cid)
    assert check.returncode == 0, check.stdout + check.stderr
    report = store.check(cid)
    assert report.ok
