"""Crash safety: a writer killed with SIGKILL at random moments never loses an acknowledged
append, never leaves a file that does not parse, and never duplicates a seq."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from hyvekit.games import campaign_store

from .helpers import killed_writer_output, make_run, writer_script

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

# filelock and tinydb imported first (warm-up), so kills land during appends
WRITER = writer_script("import filelock, tinydb  # noqa: E401,F401")
TARGET_APPENDS = 200
SEED = 20240611
MAX_RUNS = 1000         # a safety net (no timing assertions); ~20-40 runs are needed


def _note_numbers(path: Path) -> tuple[list[int], list[int]]:
    """(seqs in file order sorted by seq, note numbers in seq order) of a record file that must
    parse as JSON."""
    doc = json.loads(path.read_bytes())          # must parse after every kill
    events = sorted(doc["events"].values(), key=lambda e: e["seq"])
    seqs = [e["seq"] for e in events]
    numbers = []
    for e in events:
        assert e["type"] == "note" and e["status"] == "active", e
        text = e["data"]["text"]
        assert text.startswith("n"), e
        numbers.append(int(text[1:]))
    return seqs, numbers


def test_sigkill_never_loses_or_corrupts_acknowledged_appends(tmp_path):
    folder = tmp_path / "campaigns"
    store = campaign_store(folder)
    cid = make_run(store, "Crash run")
    path = store.path(cid)
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")

    rng = random.Random(SEED)
    acknowledged: list[int] = []        # every number printed, over every run, in order
    maybe: set[int] = set()             # numbers whose append may have landed unacknowledged
    next_number = 0
    runs = 0
    kills_mid_run = 0

    while len(acknowledged) < TARGET_APPENDS:
        runs += 1
        assert runs <= MAX_RUNS, f"only {len(acknowledged)} appends returned in {MAX_RUNS} runs"
        proc = subprocess.Popen([sys.executable, str(script), str(folder), cid, str(next_number)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out, _ = killed_writer_output(proc, rng)
        printed = [int(line) for line in out.split()]
        assert printed == list(range(next_number, next_number + len(printed))), printed
        acknowledged.extend(printed)
        # The append of the next number may have reached the file before the kill, without
        # its number being printed; the next run reuses that number.
        next_number += len(printed)
        maybe.add(next_number)
        if printed:
            kills_mid_run += 1

        # -- after every kill ------------------------------------------------------------
        seqs, numbers = _note_numbers(path)
        assert seqs == list(range(1, len(seqs) + 1)), "seqs must be 1..n without gaps/dups"
        assert len(set(seqs)) == len(seqs)
        for n in acknowledged:                      # nothing acknowledged is lost
            assert n in numbers, f"append n{n} returned but is missing from the file"
        assert numbers == sorted(numbers), "events out of order"
        # ...and nothing is invented: every stored number was acknowledged or in flight,
        # and an acknowledged number is stored exactly once.
        for n in set(numbers):
            assert n in acknowledged or n in maybe, n
        for n in acknowledged:
            if n not in maybe:
                assert numbers.count(n) == 1, n
        # the store itself still reads it, and only one campaign is listed (no temp files)
        record = store.load(cid)
        assert [e["seq"] for e in record.events] == seqs
        assert store.ids() == [cid]

    # The random kills did land in the middle of writing runs, not only before the first append.
    assert kills_mid_run >= 5, kills_mid_run
    final_seqs, final_numbers = _note_numbers(path)
    assert len(final_seqs) >= TARGET_APPENDS
    # stray temp files from killed writes are dot-files that are never mistaken for records
    for stray in folder.iterdir():
        assert stray.name == f"{cid}.json" or stray.name.startswith(f"{cid}.json.lock") \
            or (stray.name.startswith(f".{cid}.json.") and stray.name.endswith(".tmp")), stray
