"""Time appends to one campaign record and print appends per second.

Each append locks the record, reads and replays it, validates the event and rewrites the whole
file atomically (temp file, fsync, rename, fsync of the folder), so the rate falls as the record
grows.

Usage::

    python benchmarks/store_append.py            # 500 note appends in a temporary folder
    python benchmarks/store_append.py -n 2000 --folder /tmp/bench --keep
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--appends", type=int, default=500,
                        help="number of appends to time (default 500)")
    parser.add_argument("--folder", type=Path, default=None,
                        help="campaigns folder to use (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary folder afterwards")
    args = parser.parse_args(argv)
    if args.appends < 1:
        parser.error("--appends must be at least 1")

    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.games import campaign_store

    folder = args.folder or Path(tempfile.mkdtemp(prefix="hyvekit-bench-"))
    try:
        store = campaign_store(folder)
        record = store.create("Benchmark run", "hyve", "legacy",
                              {"sheet": legacy_sheets()["legacy-1"].to_dict(),
                               "colours": ["yellow", "blue", "green", "purple", "red"],
                               "easy": False})
        cid = record.header["id"]
        each = []
        start = time.perf_counter()
        for i in range(args.appends):
            t0 = time.perf_counter()
            store.append(cid, "note", {"text": f"benchmark note {i}"})
            each.append(time.perf_counter() - t0)
        total = time.perf_counter() - start

        events = len(store.load(cid).events)
        assert events == args.appends, (events, args.appends)
        size = store.path(cid).stat().st_size
        tenth = max(1, len(each) // 10)
        print(f"{args.appends} appends to {store.path(cid)} in {total:.3f} s: "
              f"{args.appends / total:.1f} appends/s")
        print(f"per append: median {statistics.median(each) * 1e3:.2f} ms, "
              f"first {tenth} {statistics.mean(each[:tenth]) * 1e3:.2f} ms, "
              f"last {tenth} {statistics.mean(each[-tenth:]) * 1e3:.2f} ms; "
              f"final file {size / 1024:.1f} KiB")
    finally:
        if args.folder is None and not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
        elif args.folder is None:
            print(f"kept {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
