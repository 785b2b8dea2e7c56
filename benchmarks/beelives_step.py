"""Time one step of a Bee Lives month played at the table: in process, at month 27 of a
4-player epic (3-year) game, and as whole ``hyvekit beelives do`` / ``next`` processes against
``hyvekit --version``.

The game is played by the Bee Lives engine (:mod:`hyvekit.rules.beelives.engine`, through the
facade's ``decision``) from a fixed seed: every
step is one of ``decision(state).legal`` (the dice rolled, the cards drawn), chosen by a simple
player who forages what the hive lacks, builds wax when the comb is full, cleans a diseased
hive, keeps the last bees with starvation tokens, and otherwise picks at random.  It is played
up to the 27th productive month (year 3, November: 26 months and two winters played) and some
steps into it (``--into``, at a player's turn; the month's last player's turn when it has
fewer), then stored as a campaign record of ``step`` events (about a thousand).  A game whose
hives are all gone before month 27 has no player's turn there: the next seed is played.

(a) In process (CPU time of this process, median of ``--repeat`` runs):

* ``play_step``: the next step applied to the campaign state (``campaign.play``);
* ``resolve_steps``: the same step resolved and applied as ``beelives do`` does (with the tool's
  own moves after it);
* ``decision + legal``: what is due, with its legal options (``beelives next``), before the
  step (the player's turn) and after it;
* the store: the record read (``store.state``) with its state kept and without (replayed),
  and a whole append of the step (lock, read, check, write with fsync; the record file and
  its kept state put back before each run), with its state kept and without.

(b) Processes (wall time and the child's CPU time, median of ``--repeat`` runs, the commands
interleaved so a busy machine slows them alike; the record and its kept state put back before
each command that reads the month-27 record or writes):
``python -m hyvekit --version``, ``beelives do CAMPAIGN STEP`` and ``beelives next CAMPAIGN``,
for a new campaign (its first step: the spring card) and for the month-27 record; each with
its ratio to ``--version``.  The children get the environment of this process without
``PYTHONDONTWRITEBYTECODE`` and one untimed run each, so they start from compiled bytecode as
an installed hyvekit does.

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/beelives_step.py
    .venv/bin/python benchmarks/beelives_step.py --repeat 21 --save after.json
    PYTHONPATH=/path/to/older/checkout .venv/bin/python benchmarks/beelives_step.py --save before.json
    .venv/bin/python benchmarks/beelives_step.py --before before.json --write-docs

``--before FILE`` (figures saved by ``--save``, e.g. from an older checkout put first on
``PYTHONPATH``, which the children inherit) adds a "before" column; ``--write-docs`` replaces
the "Bee Lives at the table: one step" section of docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # run as a script or loaded by path
from docs_section import replace_section as _replace_section
from timing import child_times, cpu_median, put_back, save_record

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## Bee Lives at the table: one step"
PLAYERS = (("Susan", "prolific"), ("Jeremy", "aggressive"), ("Lauren", "nomadic"),
           ("Mara", "hygienic"))
MONTH = 27                      # the productive month the step is made in
CAMPAIGN = "epic-month-27"
EARLY = 3                       # the month of the early step a month-27 step is compared with
EARLY_CAMPAIGN = "epic-month-3"
NEW = "new-epic"
FIRST_STEP = 'card "First Bloom"'
#: a process that imports hyvekit's app (typer) and rich's console and table, and does nothing:
#: the least any command printing a table for people costs
FLOOR = "floor: hyvekit's app and rich imported"


# --- the game --------------------------------------------------------------------------------


def replace_section(text: str, section: str) -> str:
    """``text`` with this benchmark's section (:data:`HEADING`) replaced by ``section``."""
    return _replace_section(text, HEADING, section)

def settings() -> dict:
    """A 4-player epic game (three years) without the map, as ``beelives new`` stores it."""
    return {"players": [{"name": n, "queen": q} for n, q in PLAYERS], "map": False,
            "kind": "multi-year", "years": 3}


def choose(state, d, rng: random.Random) -> str:
    """One of ``d.legal`` (or a forage taking less, or ``roll``), chosen by a simple player."""
    from hyvekit.rules.beelives import seasons
    from hyvekit.rules.beelives.actions import Forage, forage_offer
    legal = d.legal
    if d.kind == "dice":
        return "roll"
    if d.kind == "feeding":
        return legal[0]                           # the most starvation tokens: keep the bees
    if d.kind == "winter":
        return legal[-1]                          # every player takes them
    if d.kind != "action":
        return rng.choice(legal)
    now = state.table.state
    hive = now.player(d.actor).hive
    comps = state.comps
    r = rng.random()
    if hive.disease(comps.board) < 0 and r < 0.3:
        clean = [o for o in legal if "clean-bees" in o]
        if clean:
            return clean[0]
    if hive.empty < 4 and r < 0.6:
        wax = [o for o in legal if "build-wax" in o]
        if wax:
            return wax[-1]
    if r < 0.9:                                   # forage what the hive lacks, keep room
        best, pick = 0.0, None
        card = comps.game.card(now.card)
        for o in legal:
            words = o.split(": ", 1)[1].split()
            if words[0] != "forage" or len(words) != 3:
                continue
            offer = forage_offer(comps.board, Forage(1, words[1], now.season, modifiers=(
                seasons.forage_modifiers(card, words[1]),)))
            room = max(0, hive.empty - 3)
            honey = min(offer[0], room)
            water = min(offer[2], max(0, 3 - hive.water), room - honey)
            pollen = min(offer[1], max(0, 4 - hive.pollen), room - honey - water)
            value = 3 * honey + 2 * water + 2 * pollen - 0.1 * int(words[2])
            if value > best:
                best, pick = value, f"{o} take {honey}/{pollen}/{water}"
        if pick:
            return pick
    return rng.choice(legal)


class NoTurn(Exception):
    """The game has no player's turn in month :data:`MONTH` (every hive is gone by then)."""


def first_game(seed: int, into: int, tries: int = 50, month: int = MONTH):
    """:func:`play_to_month` of the first seed from ``seed`` on whose game has a player's
    turn in ``month`` (the rules decide which games last that long), and the seed."""
    for s in range(seed, seed + tries):
        try:
            return play_to_month(s, into, month), s
        except NoTurn as exc:
            print(f"{exc}: trying seed {s + 1}", file=sys.stderr)
    raise SystemExit(f"no game from seed {seed} to {seed + tries - 1} reaches month {month}")


def then_a_turn(state, step: str, seed: int) -> bool:
    """Whether a player's turn is due after ``step`` is made in ``state``."""
    from hyvekit.games import beelives as CT
    from hyvekit.rules.beelives import engine as E
    _, after = E.resolve_steps(state, [step], random.Random(seed))
    d = CT.decision(after)
    return d is not None and d.kind == "action"


def play_to_month(seed: int, into: int, month: int = MONTH):
    """The campaign state at a player's turn ``into`` steps (or more) into ``month``
    (productive months, from 1) after which a player's turn is due again (else the last such
    turn of the month, or its first player's turn), the steps made (resolved) and the next
    step the player makes."""
    from hyvekit.games.beelives import new_campaign_settings
    from hyvekit.rules.beelives import campaign as C
    from hyvekit.games import beelives as CT
    from hyvekit.rules.beelives import engine as E
    header, checked, comps = new_campaign_settings(settings())
    state = C.new_campaign(checked, comps)
    rng = random.Random(seed)
    steps: list[str] = []
    last = None                       # the month's latest player's turn so far
    while True:
        d = CT.decision(state)
        if len(state.months) >= month or d is None:
            if last is None:
                raise NoTurn(f"seed {seed}: no player's turn in month {month}")
            return last
        if len(state.months) == month - 1 and d.kind == "action":
            step = choose(state, d, random.Random(seed))
            # a step after which a player's turn is due again, as at month 27: the command
            # then shows that turn's options, previews and raid odds at either month
            if last is None or then_a_turn(state, step, seed):
                last = (header, state, list(steps), step)
                if len(state.table.steps) >= into and then_a_turn(state, step, seed):
                    return last
        resolved, state = E.resolve_steps(state, [choose(state, d, rng)], rng)
        steps += resolved


# --- timing ----------------------------------------------------------------------------------

def fresh(state):
    """``state`` with a new table object: what the month's table caches (the decision due,
    its legal options) worked out again, as a new process would."""
    import dataclasses
    if state.table is None:
        return state
    return dataclasses.replace(state, table=dataclasses.replace(state.table))


def forget_kept(_=None) -> None:
    """Forget the kept states this process has read or written (``states._MEMO``): a read
    then unpickles the entry, as a new process does."""
    from hyvekit.store import states
    states._MEMO.clear()


def in_process(store, state, step: str, work: Path, repeat: int) -> list:
    from hyvekit.games import ADAPTERS
    from hyvekit.rules.beelives import campaign as C
    from hyvekit.games import beelives as CT
    from hyvekit.rules.beelives import engine as E
    from hyvekit.store.campaigns import CampaignStore
    plain = CampaignStore(store.folder, ADAPTERS)            # keeps no state

    after = C.play(state, "step", {"do": step})
    rows = [
        ("play_step (the step applied)",
         cpu_median(lambda s: C.play(s, "step", {"do": step}), repeat, lambda: fresh(state))),
        ("resolve_steps (as beelives do)",
         cpu_median(lambda s: E.resolve_steps(s, [step], random.Random(1)), repeat,
                    lambda: fresh(state))),
        ("decision + legal now: the player's turn (as beelives next)",
         cpu_median(lambda s: CT.decision(s).legal, repeat, lambda: fresh(state))),
        ("decision + legal after the step",
         cpu_median(lambda s: CT.decision(s).legal, repeat, lambda: fresh(after))),
        ("store: read the record, its state kept",      # as a new process: nothing in memory
         cpu_median(lambda _: store.state(CAMPAIGN), repeat, forget_kept)),
        ("store: read and replay the record (no state kept)",
         cpu_median(lambda: plain.state(CAMPAIGN), repeat)),
        ("store: append the step, its state kept (lock, read, check, write)",
         cpu_median(lambda _: store.append(CAMPAIGN, "step", {"do": step}), repeat,
                    lambda: forget_kept(put_back(work, CAMPAIGN)))),
        ("store: append the step, no state kept (lock, read, replay, check, write)",
         cpu_median(lambda _: plain.append(CAMPAIGN, "step", {"do": step}), repeat,
                    lambda: put_back(work, CAMPAIGN))),
    ]
    put_back(work, CAMPAIGN)
    return rows


def processes(env: dict, work: Path, step: str, early_step: str, repeat: int) -> list:
    """``(label, wall median, cpu median)`` of each command, interleaved."""
    py = [sys.executable, "-m", "hyvekit"]
    cmds = [   # label, command, the record to put back before it, with its kept state
        ("hyvekit --version", py + ["--version"], None, True),
        (FLOOR, [sys.executable, "-c", "import hyvekit.cli.app, rich.console, rich.table"],
         None, True),
        ("beelives do, new campaign", py + ["beelives", "do", NEW, FIRST_STEP], NEW, True),
        ("beelives next, new campaign", py + ["beelives", "next", NEW], None, True),
        (f"beelives do, month {EARLY}", py + ["beelives", "do", EARLY_CAMPAIGN, early_step],
         EARLY_CAMPAIGN, True),
        (f"beelives do, month {MONTH}", py + ["beelives", "do", CAMPAIGN, step], CAMPAIGN,
         True),
        (f"beelives next, month {MONTH}", py + ["beelives", "next", CAMPAIGN], CAMPAIGN, True),
        (f"beelives do, month {MONTH}, no state kept",
         py + ["beelives", "do", CAMPAIGN, step], CAMPAIGN, False),
        (f"beelives next, month {MONTH}, no state kept", py + ["beelives", "next", CAMPAIGN],
         CAMPAIGN, False),
    ]
    wall: dict[str, list[float]] = {c[0]: [] for c in cmds}
    cpu: dict[str, list[float]] = {c[0]: [] for c in cmds}

    def run(cmd, restore, kept):
        if restore is not None:
            put_back(work, restore, kept)
        return child_times(cmd, env, work)

    for _, cmd, restore, kept in cmds:          # bytecode written, caches warm
        run(cmd, restore, kept)
    for _ in range(repeat):
        for label, cmd, restore, kept in cmds:
            w, c = run(cmd, restore, kept)
            wall[label].append(w)
            cpu[label].append(c)
    for cid in (NEW, CAMPAIGN, EARLY_CAMPAIGN):
        put_back(work, cid)
    return [(label, statistics.median(wall[label]), statistics.median(cpu[label]))
            for label, *_ in cmds]


# --- report ----------------------------------------------------------------------------------

def checkout_commit(package) -> str:
    """The git commit of the checkout ``package`` was imported from ("" when not a git
    checkout), with ``+`` when it has changes not committed."""
    where = Path(package.__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(where), "status", "--porcelain", "hyvekit"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return head + ("+" if dirty else "")


def tables(result: dict, before: dict | None) -> str:
    def ms(secs: float) -> str:
        return f"{1000 * secs:.1f}" if secs < 0.01 else f"{1000 * secs:.0f}"

    old_in = dict((k, v) for k, v in before["in_process"]) if before else {}
    head = "| in process, month 27 | CPU ms |" + (" before |" if before else "")
    lines = [head, "| --- | ---: |" + (" ---: |" if before else "")]
    for label, secs in result["in_process"]:
        lines.append(f"| {label} | {ms(secs)} |"
                     + (f" {ms(old_in[label])} |" if label in old_in else
                        (" |" if before else "")))
    if not result["processes"]:
        return "\n".join(lines)
    version = {r[0]: r for r in result["processes"]}["hyvekit --version"]
    old_p = {r[0]: r for r in before["processes"]} if before else {}
    old_version = old_p.get("hyvekit --version")
    lines += ["", "| process | wall ms | CPU ms | × --version (CPU) |"
              + (" × --version before (CPU) | before: wall ms | CPU ms | × --version (CPU) |"
                 if before else ""),
              "| --- | ---: | ---: | ---: |" + (" ---: | ---: | ---: | ---: |" if before else "")]
    for label, w, c in result["processes"]:
        row = f"| {label} | {ms(w)} | {ms(c)} | {c / version[2]:.2f} |"
        if before:
            row += f" {c / old_version[2]:.2f} |" if old_version else " |"
            o = old_p.get(label)
            row += (f" {ms(o[1])} | {ms(o[2])} | {o[2] / old_version[2]:.2f} |" if o and
                    old_version else " | | |")
        lines.append(row)
    cpu = {label: c for label, _, c in result["processes"]}
    late, early = f"beelives do, month {MONTH}", f"beelives do, month {EARLY}"
    if late in cpu and early in cpu:
        lines += ["", f"`do` at month {MONTH}: {cpu[late] / version[2]:.2f} × `--version` and "
                  f"{cpu[late] / cpu[early]:.2f} × `do` at month {EARLY} (CPU, medians of one run)."]
    return "\n".join(lines)


#: what the section says beside the figures (kept here so --write-docs keeps it)
NOTES = """\
What a command pays (measured with `python -X importtime` and cProfile, CPU time):

- Start-up: Python and typer, what `--version` costs. Then only the command group named on
  the command line is made (`hyvekit/cli/app.py`, `GROUPS`, `LazyGroup`), so `beelives do`
  imports the Bee Lives commands and no HYVE, Beez, Queen Bee or printing code; values typer
  would check only for their type are taken without pydantic.
- The rules and the libraries a step needs: the month sequencer and the table (the solo
  cards' and the map's modules only when played), rich for the tables, the kept state
  (pickle, hashlib). The rules' value classes are made by `hyvekit.rules.values.dataclass`:
  the standard library's fields, an `__init__` compiled when the class is first used and
  the other methods as closures (Python 3.11's `dataclasses` compiled six functions per
  class, about 55 ms of a step's process for its ~100 classes). A command group makes only
  the command named (`cli/app.py`, `_lazy_group`). The record's lock is hyvekit's own
  (`storage.RecordLock`, `flock`; filelock cost 10 to 14 ms to import) and tinydb is
  imported only by undo, redo and writes of older records.
- The record: a command reads the record file's bytes and takes their SHA-256; the state
  kept for exactly those bytes by this code (`hyvekit/store/states.py`, an entry per record
  in the user's cache folder) is taken, and the events are not even parsed (they are read
  only when a command asks for them). `do` applies its steps to that state and, under the
  lock, reads the file again: the same bytes, so the same kept state; its events are spliced
  in after the last one (`storage.with_new_events`: byte for byte what writing the whole
  document gives), the file written atomically (two fsyncs), the state after them kept.
  What still grows with the record: reading, hashing and writing the file (1.5 MB at month
  27 here), a few ms. With no state kept (the first command after an upgrade, or after
  another program changed the file) the record is replayed whole once (about 0.3 ms a step:
  each step pushed on the month's table, and the step that ends a month plays the month
  record as `beelives log` would), and its state kept.
- So a step at month 27 costs about what one on a new campaign does. The goal of issue 15
  (`do` within 1.3 × `--version`) is not met, and cannot be by a process that prints with
  rich: the floor row, a process that only imports hyvekit's typer app and rich's console
  and table and does nothing, already costs about 1.3 × `--version`, which leaves nothing
  for the rules, the record and the step. `beelives play` keeps one process for the whole
  game, where a step costs the figures of the first table.
- The two checkouts of a before column are measured one after the other, minutes apart:
  figures a few per cent apart in the first table are the shared machine's drift. Timed
  interleaved in one sitting, the value classes' methods run as fast as the standard
  library's (the legal options at month 27: 9.4 to 9.7 ms; a whole month-27 replay:
  385 to 399 ms; either checkout).
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11, help="runs of each (default 11)")
    parser.add_argument("--seed", type=int, default=5,
                        help="the game's seed (default 5; the next seeds are tried when its "
                             "game has no player's turn in month 27)")
    parser.add_argument("--into", type=int, default=20,
                        help="steps into month 27 before the one timed (default 20)")
    parser.add_argument("--no-processes", action="store_true", help="in process only")
    parser.add_argument("--save", type=Path, help="write the figures to this JSON file")
    parser.add_argument("--before", type=Path, help="figures saved by --save to compare with")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the tables into docs/performance.md")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    import hyvekit
    from hyvekit.games import campaign_store

    t0 = time.perf_counter()
    (header, state0, steps, step), seed = first_game(args.seed, args.into)
    played = time.perf_counter() - t0
    (_, _, early_steps, early_step), _ = first_game(seed, args.into, month=EARLY)
    work = Path(tempfile.mkdtemp(prefix="hyvekit-bench-"))
    os.environ["HYVEKIT_CACHE"] = str(work / "cache")      # states kept here, not the user's
    try:
        folder = work / "campaigns"
        store = campaign_store(folder)
        store.create("Epic, month 27", "beelives", "campaign", header, CAMPAIGN)
        store.append_many(CAMPAIGN, [("step", {"do": s}) for s in steps])
        store.create("New epic", "beelives", "campaign", header, NEW)
        store.create("Epic, month 3", "beelives", "campaign", header, EARLY_CAMPAIGN)
        store.append_many(EARLY_CAMPAIGN, [("step", {"do": s}) for s in early_steps])
        for cid in (CAMPAIGN, NEW, EARLY_CAMPAIGN):
            save_record(store, work, cid)
        size = (folder / f"{CAMPAIGN}.json").stat().st_size
        record, state = store.state(CAMPAIGN)
        assert (len(state.months), state.table.steps) == (MONTH - 1, state0.table.steps), \
            "the record does not replay to the game played"
        print(f"hyvekit {hyvekit.__version__} from {Path(hyvekit.__file__).parent}",
              file=sys.stderr)
        print(f"game played to month {MONTH} in {played:.1f} s: {len(steps)} steps "
              f"({len(record.events)} events, {size / 1024:.0f} KiB); step timed: {step!r}",
              file=sys.stderr)
        result = {"hyvekit": hyvekit.__version__, "commit": checkout_commit(hyvekit),
                  "seed": seed,
                  "steps": len(steps), "step": step,
                  "record_kib": round(size / 1024), "repeat": args.repeat,
                  "in_process": in_process(store, state, step, work, args.repeat),
                  "processes": []}
        if not args.no_processes:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["HYVEKIT_CAMPAIGNS"] = str(folder)
            env["HYVEKIT_CACHE"] = str(work / "cache")
            env["COLUMNS"] = "100"
            result["processes"] = processes(env, work, step, early_step, args.repeat)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    before = json.loads(args.before.read_text(encoding="utf-8")) if args.before else None
    table = tables(result, before)
    print(table)
    if args.save:
        args.save.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        section = (
            f"{HEADING}\n\n"
            f"Measured by `benchmarks/beelives_step.py` (median of {args.repeat} runs) on "
            f"{date.today().isoformat()}, Python {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.machine()}). The game: 4 players, three years, "
            f"no map, played at the table from seed {seed} up to month {MONTH} "
            f"(year 3, November) and {args.into} steps into it, stored as "
            f"{result['steps']} `step` events ({result['record_kib']} KiB); the step timed "
            f"is `{result['step']}`"
            + (f"; hyvekit at commit {result['commit']}" if result.get("commit") else "")
            + (f", before: commit {before['commit']}" if before and before.get("commit")
               else "")
            + ". Re-run it with `--write-docs` to refresh this section"
            + (" (`--before FILE` for the before column: the figures `--save` wrote with an "
               "older checkout first on `PYTHONPATH`)" if before else "") + ".\n\n"
            f"{table}\n\n"
            "CPU time is the stable figure on a shared machine (wall time counts the other "
            "processes' turns too; `do` also waits for its fsyncs). The ratio is to "
            "`hyvekit --version` of the same checkout"
            + ("; \"× --version before\" is to the older checkout's `--version`, the "
               "yardstick the figures were set against" if before else "") + ".\n\n"
            + NOTES)
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), section),
                       encoding="utf-8")
        print(f"wrote {doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
