"""Time one step of a HYVE scenario played at the table: in process, late in a long scenario,
and as whole ``hyvekit hyve do`` / ``next`` processes against ``hyvekit --version``.

The scenario (standard sheet, outside a run) is played by :mod:`hyvekit.rules.hyve.table`
choosing among ``legal`` from fixed seeds (the bakery first, gathering now and then); the
longest of ``--seeds`` games is kept, cut a few steps before its end at an ``assign``
decision, and stored as a scenario record of ``step`` events.

(a) In process (CPU time, median of ``--repeat`` runs): ``push`` (the step applied),
``pending + legal`` (what ``hyve next`` works out), the store's read and replay of the record,
and a whole append of the step (the record put back before each run).

(b) Processes (wall and child CPU time, median of ``--repeat`` runs, interleaved; the record
put back before each ``do``): ``python -m hyvekit --version``, ``hyve do`` and ``hyve next`` for
a new scenario (its first roll) and for the long record, each with its ratio to ``--version``.

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/hyve_step.py
    .venv/bin/python benchmarks/hyve_step.py --repeat 15 --write-docs
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from docs_section import replace_section  # noqa: E402
from timing import child_times, cpu_median, put_back, save_record  # noqa: E402

HEADING = "## HYVE at the table: one step"
SCENARIO, NEW = "long", "new"


def choose(d, rng: random.Random) -> str:
    legal = d.legal
    if d.kind == "assign":
        bakery = [o for o in legal if o.startswith("bakery")]
        if bakery and rng.random() < 0.7:
            return rng.choice(bakery)
        if rng.random() < 0.45:
            return "gather"
    return rng.choice(legal)


def longest_game(seeds: int):
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.rules.hyve import table as T
    from hyvekit.rules.hyve.scenario import new_scenario
    best = None
    for seed in range(seeds):
        rng = random.Random(seed)
        t = T.new_table(new_scenario(sheet_definition("standard")))
        while T.pending(t).kind != "over":
            t = T.push(t, choose(T.pending(t), rng), rng)
        if best is None or len(t.steps) > len(best[1].steps):
            best = (seed, t)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--write-docs", action="store_true")
    args = ap.parse_args(argv)

    from hyvekit.data.hyve import sheet_table
    from hyvekit.games import ADAPTERS, campaign_store
    from hyvekit.store.campaigns import CampaignStore
    from hyvekit.rules.hyve import table as T
    from hyvekit.rules.hyve.table_record import scenario_settings

    seed, game = longest_game(args.seeds)
    steps = list(game.steps)
    cut = max(k for k in range(len(steps) - 2) if steps[k] == "gather")   # at "assign"
    step = steps[cut]
    work = Path(tempfile.mkdtemp(prefix="hyve-step-"))
    os.environ["HYVEKIT_CACHE"] = str(work / "cache")      # states kept here, not the user's
    folder = work / "campaigns"
    store = campaign_store(folder)
    settings = scenario_settings(sheet_table("standard"), game.start.colours)
    store.create("Long", "hyve", "scenario", settings, campaign_id=SCENARIO)
    store.append_many(SCENARIO, [("step", {"do": s}) for s in steps[:cut]])
    store.create("New", "hyve", "scenario", settings, campaign_id=NEW)
    for c in (SCENARIO, NEW):
        save_record(store, work, c)
    size = (folder / f"{SCENARIO}.json").stat().st_size
    plain = CampaignStore(folder, ADAPTERS)                 # keeps no state

    def fresh():
        return T.replay(game.start, steps[:cut])

    rows_in = [
        ("push (the step applied)", cpu_median(lambda t: T.push(t, step), args.repeat,
                                               fresh)),
        ("pending + legal (as hyve next)", cpu_median(lambda t: T.pending(t).legal,
                                                      args.repeat, fresh)),
        ("store: read the record, its state kept", cpu_median(lambda: store.state(SCENARIO),
                                                              args.repeat)),
        ("store: read and replay the record (no state kept)",
         cpu_median(lambda: plain.state(SCENARIO), args.repeat)),
        ("store: append the step, its state kept (lock, read, check, write)",
         cpu_median(lambda _: store.append(SCENARIO, "step", {"do": step}), args.repeat,
                    lambda: put_back(work, SCENARIO))),
        ("store: append the step, no state kept (lock, read, replay, check, write)",
         cpu_median(lambda _: plain.append(SCENARIO, "step", {"do": step}), args.repeat,
                    lambda: put_back(work, SCENARIO))),
    ]
    put_back(work, SCENARIO)

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["HYVEKIT_CAMPAIGNS"] = str(folder)
    env["HYVEKIT_CACHE"] = str(work / "cache")
    py = [sys.executable, "-m", "hyvekit"]
    cmds = [
        ("hyvekit --version", py + ["--version"], None),
        ("hyve do, new scenario", py + ["hyve", "do", "--scenario", NEW, "roll"], NEW),
        ("hyve next, new scenario", py + ["hyve", "next", "--scenario", NEW], None),
        (f"hyve do, {cut} steps in", py + ["hyve", "do", "--scenario", SCENARIO, step],
         SCENARIO),
        (f"hyve next, {cut} steps in", py + ["hyve", "next", "--scenario", SCENARIO],
         SCENARIO),
    ]
    wall = {c[0]: [] for c in cmds}
    cpu = {c[0]: [] for c in cmds}
    for _, cmd, restore in cmds:                   # bytecode written, caches warm
        if restore:
            put_back(work, restore)
        child_times(cmd, env, work)
    for _ in range(args.repeat):
        for label, cmd, restore in cmds:
            if restore:
                put_back(work, restore)
            w, c = child_times(cmd, env, work)
            wall[label].append(w)
            cpu[label].append(c)
    base = statistics.median(cpu["hyvekit --version"])

    lines = [HEADING, "",
             f"Measured by `benchmarks/hyve_step.py` (median of {args.repeat} runs) on "
             f"{datetime.date.today()}, Python {platform.python_version()}, "
             f"{os.cpu_count()} cores ({platform.machine()}). The scenario: standard sheet, "
             f"played at the table from seed {seed} (the longest of {args.seeds}), stored as "
             f"{cut} `step` events ({size // 1024} KiB); the step timed is `{step}`.", "",
             "| in process | CPU ms |", "| --- | ---: |"]
    lines += [f"| {label} | {v * 1000:.1f} |" for label, v in rows_in]
    lines += ["", "| process | wall ms | CPU ms | × --version (CPU) |",
              "| --- | ---: | ---: | ---: |"]
    for label, _, _ in cmds:
        c = statistics.median(cpu[label])
        lines.append(f"| {label} | {statistics.median(wall[label]) * 1000:.0f} | "
                     f"{c * 1000:.0f} | {c / base:.2f} |")
    lines += ["", "A command takes the state kept for the record's bytes "
              "(`hyvekit/store/states.py`); with none kept it replays the record's steps (each "
              "pushed on the table: the step parsed, the turn so far played by the engine) and "
              "keeps the state. A scenario's record is at most a few hundred steps, so even "
              "the replay stays under the start-up."]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write_docs:
        doc = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
        doc.write_text(replace_section(doc.read_text(), HEADING, text))
        print(f"wrote {doc}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
