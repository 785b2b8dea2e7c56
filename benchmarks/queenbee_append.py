"""Time a Queen Bee match log's append, ``hyvekit queenbee log``, as a whole process: on a log
of 1 match and on one of 2,001 matches (issue 17's goal: at match 2,000 at most 1.3 × at
match 1).

The logs are made in a temporary folder through the store (the same match each time: ann and
bob, ann's queen remains) and their states kept, as the append before would have left them;
before each run the record and its kept state are put back.  The long log is also timed with
no state kept (the record replayed whole, as a first command after an upgrade does).  Each
figure is the median CPU time (and wall time) of the child process over ``--repeat`` runs,
the commands interleaved; the children start from compiled bytecode (one untimed run each).

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/queenbee_append.py
    .venv/bin/python benchmarks/queenbee_append.py --repeat 15 --write-docs
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # run as a script or loaded by path
from docs_section import replace_section
from timing import child_times, put_back, save_record

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## A Queen Bee match log's append"
MATCH = ["--players", "ann,bob", "--winner", "ann", "--defeated", "bob"]
LOGS = {"one": 1, "long": 2001}           # id -> matches in it before the append timed


def make_logs(work: Path) -> dict[str, int]:
    """The logs of :data:`LOGS` in ``work/campaigns``, saved with their kept states; their
    sizes in bytes."""
    from hyvekit.games import campaign_store
    from hyvekit.rules.queenbee import matches as M
    store = campaign_store(work / "campaigns")
    kind, data = M.action_to_event(M.Match(("ann", "bob"), "ann", ("bob",), (), (), None, None))
    sizes = {}
    for cid, n in LOGS.items():
        store.create(cid, "queenbee", "matches", {"roster": []}, cid)
        store.append_many(cid, [(kind, data)] * n)
        save_record(store, work, cid)
        sizes[cid] = store.path(cid).stat().st_size
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of each (default 9)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    work = Path(tempfile.mkdtemp(prefix="hyvekit-bench-"))
    os.environ["HYVEKIT_CACHE"] = str(work / "cache")
    try:
        sizes = make_logs(work)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["HYVEKIT_CAMPAIGNS"] = str(work / "campaigns")
        py = [sys.executable, "-m", "hyvekit", "queenbee", "log"]
        runs = [("1 match", "one", True), ("2,001 matches", "long", True),
                ("2,001 matches, no state kept", "long", False)]
        wall: dict[str, list[float]] = {r[0]: [] for r in runs}
        cpu: dict[str, list[float]] = {r[0]: [] for r in runs}
        for rep in range(args.repeat + 1):              # the first round untimed
            for label, cid, kept in runs:
                put_back(work, cid, kept)
                w, c = child_times(py + [cid] + MATCH, env, work)
                if rep:
                    wall[label].append(w)
                    cpu[label].append(c)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    one = statistics.median(cpu["1 match"])
    lines = ["| the log before the append | wall ms | CPU ms | × 1 match (CPU) |",
             "| --- | ---: | ---: | ---: |"]
    for label, cid, _ in runs:
        c = statistics.median(cpu[label])
        lines.append(f"| {label} ({sizes[cid] / 1024:.0f} KiB) | "
                     f"{1000 * statistics.median(wall[label]):.0f} | {1000 * c:.0f} | "
                     f"{c / one:.2f} |")
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        section = (
            f"{HEADING}\n\n"
            f"Measured by `benchmarks/queenbee_append.py` (median of {args.repeat} runs, CPU "
            f"time of the process) on {date.today().isoformat()}, Python "
            f"{platform.python_version()}, {os.cpu_count()} cores ({platform.machine()}): "
            f"`hyvekit queenbee log GROUP {' '.join(MATCH)}` on a log of 1 match and of "
            "2,001 matches, the record and its kept state put back before each run. Goal "
            "(issue 17): at match 2,000 at most 1.3 × at match 1. Re-run it with "
            "`--write-docs` to refresh this section.\n\n"
            f"{table}\n\n{NOTES}")
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), HEADING, section),
                       encoding="utf-8")
    return 0


#: what the section says beside the figures (kept here so --write-docs keeps it)
NOTES = """\
What an append does (`hyvekit/store/campaigns.py`, `append_many`): under the record's lock
it reads the file's bytes and takes their SHA-256; the state kept for exactly those bytes
by this code (`hyvekit/store/states.py`: an entry per record in the user's cache folder,
checked against the digest and a fingerprint of the rules, data and store) is taken instead
of replaying the record, and its events are not even parsed; the new match is checked
against that state and spliced in after the last event (`storage.with_new_events`: byte
for byte what writing the whole document gives); the state after it is kept for the new
bytes. `queenbee log` reads the record once before the lock too (its header and state,
from the kept state the same way). What still grows with the log: reading, hashing and
writing the file (about 1 MB at 2,001 matches) and the kept state itself (the match log's
state holds every match). With no state kept (the first command after an upgrade, or after
another program changed the file) the record is replayed whole once, and kept.
"""


if __name__ == "__main__":
    raise SystemExit(main())
