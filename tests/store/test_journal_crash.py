"""A record's journal under a writer killed with SIGKILL at random moments (mid-line, between
an append and a fold, mid-fold), and under readers while a writer appends and folds: no
acknowledged append is ever lost or doubled, and every read is a whole record."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from hyvekit.games import campaign_store
from hyvekit.store.storage import journal_path

from .helpers import killed_writer_output, make_run, writer_script

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

#: appends go to the journal from the first one, and it is folded every 5 events, so the
#: kills land in appends, in first lines written in place and in folds
WRITER = writer_script("import hyvekit.store.campaigns as C\nC.JOURNAL_FROM, C.FOLD_AFTER = 0, 5")
TARGET_APPENDS = 120
SEED = 20261206
MAX_RUNS = 1000         # a safety net (no timing assertions)


def _writer(tmp_path, folder, cid, start):
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    return subprocess.Popen([sys.executable, str(script), str(folder), cid, str(start)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _numbers(store, cid):
    """(seqs, note numbers) of the record read through the store with its journal."""
    events = store.load(cid).events
    assert all(e["type"] == "note" and e["status"] == "active" for e in events)
    return [e["seq"] for e in events], [int(e["data"]["text"][1:]) for e in events]


def test_sigkill_never_loses_an_acknowledged_journal_append(tmp_path):
    folder = tmp_path / "campaigns"
    store = campaign_store(folder)
    cid = make_run(store, "Crash run")
    path = store.path(cid)
    rng = random.Random(SEED)
    acknowledged: list[int] = []
    maybe: set[int] = set()
    next_number = runs = kills_mid_run = 0
    while len(acknowledged) < TARGET_APPENDS:
        runs += 1
        assert runs <= MAX_RUNS
        out, _ = killed_writer_output(_writer(tmp_path, folder, cid, next_number), rng)
        printed = [int(line) for line in out.split()]
        assert printed == list(range(next_number, next_number + len(printed)))
        acknowledged.extend(printed)
        next_number += len(printed)
        maybe.add(next_number)
        kills_mid_run += bool(printed)
        # -- after every kill: the record file parses, the journal's complete lines parse
        json.loads(path.read_bytes())
        journal = journal_path(path).read_bytes() if journal_path(path).exists() else b""
        for line in journal.split(b"\n")[:-1]:
            json.loads(line)
        seqs, numbers = _numbers(campaign_store(folder), cid)
        assert seqs == list(range(1, len(seqs) + 1))
        for n in acknowledged:
            assert n in numbers, f"append n{n} returned but is missing from the record"
        assert numbers == sorted(numbers)
        for n in set(numbers):                  # nothing invented, nothing told stored twice
            assert n in acknowledged or n in maybe, n
        for n in acknowledged:
            if n not in maybe:
                assert numbers.count(n) == 1, n
    assert kills_mid_run >= 5, kills_mid_run
    # every append after the kills is still there once the journal is folded
    assert campaign_store(folder).fold(cid) in (True, False)
    seqs, numbers = _numbers(campaign_store(folder), cid)
    assert set(acknowledged) <= set(numbers)
    doc = json.loads(path.read_bytes())
    assert len(doc["events"]) == len(seqs)


def test_readers_see_a_whole_record_while_a_writer_appends_and_folds(tmp_path):
    folder = tmp_path / "campaigns"
    store = campaign_store(folder)
    cid = make_run(store, "Busy run")
    proc = _writer(tmp_path, folder, cid, 0)
    try:
        assert proc.stdout.readline() == "ready\n"
        reader = campaign_store(folder)
        seen, reads = 0, 0
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline or seen < 30:
            assert time.monotonic() < deadline + 60, "the writer made no progress"
            seqs, numbers = _numbers(reader, cid)
            assert seqs == list(range(1, len(seqs) + 1))
            assert numbers == list(range(len(numbers)))
            assert len(seqs) >= seen                      # never an older record than before
            seen, reads = len(seqs), reads + 1
            state = reader.state(cid)[0]
            assert state.active_seqs[:seen] == tuple(range(1, seen + 1))
    finally:
        proc.kill()
        proc.wait()
    assert reads >= 10 and seen >= 30
