"""Time ``hyvekit stats`` over 1,000 records against ``hyvekit --version``, both as processes.

The records are made by random legal play at the table (the test suite's player,
``tests/rules/beelives/test_table.py::play_game``): whole Bee Lives games of 1-4 players over
one to three years, with and without the map, solo cards among them — ``--games`` distinct
games, each saved under as many ids as make ``--records`` in all, with their kept states, as
playing them leaves them.  Three runs are timed: ``stats`` the first time (each record's
plays read from its kept state, then kept), ``stats`` again (the plays kept), and
``--version``; CPU medians of ``--repeat`` runs (the first run once per fresh copy).

Goal (issue 28): ``stats`` over 1,000 records answers at interactive speed.

Run: .venv/bin/python benchmarks/stats.py [--records 1000] [--games 40] [--repeat 5]
[--before DIR] (an older checkout, timed in the same rounds; its states kept for its code)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tests" / "rules" / "beelives"))

from timing import child_times  # noqa: E402


def make_records(folder: Path, games: int, records: int) -> None:
    """``records`` campaign records in ``folder`` from ``games`` distinct random games."""
    from test_table import play_game, settings_for

    from hyvekit.games import campaign_store
    store = campaign_store(folder)
    made = []
    for seed in range(games):
        _, steps = play_game(seed)
        rec = store.create(f"game {seed}", "beelives", "campaign", settings_for(seed))
        store.append_many(rec.header["id"], [("step", {"do": s}) for s in steps])
        made.append(rec.header["id"])
    n = len(made)
    while n < records:                      # copies under new ids, with their kept states
        source = made[n % len(made)]
        cid = f"{source}-copy-{n}"
        doc = json.loads(store.path(source).read_text())
        doc["header"]["1"]["id"] = cid
        store.path(cid).write_text(json.dumps(doc))
        store.state(cid)
        n += 1


#: keeps the state of every record in the campaigns folder (replayed when none is kept for
#: this code): run with an older checkout first on PYTHONPATH and that checkout's own cache
KEEP_STATES = """
import os
from hyvekit.games import campaign_store
store = campaign_store(os.environ["HYVEKIT_CAMPAIGNS"])
for cid in store.ids():
    store.state(cid)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", metavar="DIR", type=Path,
                        help="an older checkout: its stats runs timed too, in the same rounds, "
                             "with DIR first on PYTHONPATH and states kept for its own code")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hyvekit-stats-bench-"))
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(work / "campaigns"),
           "XDG_DATA_HOME": str(work / "data"), "HYVEKIT_CACHE": str(work / "cache" / "states"),
           "HYVEKIT_SETTINGS": str(work / "settings.toml")}
    os.environ.update(env)
    print(f"making {args.records} records from {args.games} games ...", flush=True)
    make_records(work / "campaigns", args.games, args.records)
    hk = [sys.executable, "-m", "hyvekit"]
    runs = {"": (env, work / "cache")}
    if args.before is not None:
        old = {**env, "PYTHONPATH": str(args.before.resolve()),
               "HYVEKIT_CACHE": str(work / "old-cache" / "states")}
        print("keeping the states for the older checkout ...", flush=True)
        subprocess.run([sys.executable, "-c", KEEP_STATES], env=old, check=True, cwd=work)
        runs[", before"] = (old, work / "old-cache")
    times: dict[str, list[float]] = {}
    for _ in range(args.repeat):             # interleaved: a busy machine slows them alike
        # run in ``work``: hyvekit imported as installed (or from --before), not from the
        # current folder
        times.setdefault("version", []).append(child_times(hk + ["--version"], env, work)[1])
        for label, (run_env, cache) in runs.items():
            shutil.rmtree(cache / "plays", ignore_errors=True)
            times.setdefault("first" + label, []).append(
                child_times(hk + ["stats", "--json"], run_env, work)[1])
            times.setdefault("again" + label, []).append(
                child_times(hk + ["stats", "--json"], run_env, work)[1])
    med = {k: statistics.median(v) for k, v in times.items()}
    v = med["version"]
    print(f"records: {args.records} ({args.games} distinct games), CPU medians of "
          f"{args.repeat}")
    print(f"hyvekit --version                  {v * 1000:7.0f} ms CPU")
    for label in runs:
        for kind, words in (("first", "plays not yet kept"), ("again", "plays kept")):
            f = med[kind + label]
            print(f"stats, {words + label:26} {f * 1000:7.0f} ms CPU  {f / v:5.1f}x --version")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
