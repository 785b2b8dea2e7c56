"""Two processes appending to one campaign at the same time lose nothing and never reuse a seq."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from hyvekit.games import campaign_store

from .helpers import hold_lock, make_run

PER_PROCESS = 100

WRITER = textwrap.dedent("""
    import os, random, sys, time
    from hyvekit.games import campaign_store

    folder, cid, tag, go, count = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    store = campaign_store(folder)
    print("ready", flush=True)
    deadline = time.monotonic() + 60
    while not os.path.exists(go):          # the barrier: both start together
        if time.monotonic() > deadline:
            sys.exit("no go file")
        time.sleep(0.0005)
    rng = random.Random(tag)
    for i in range(count):
        store.append(cid, "note", {"text": f"{tag}{i}"})
        time.sleep(rng.uniform(0, 0.004))  # give the other writer's lock polling a chance
    print("done", flush=True)
""")


def test_two_processes_append_100_each(tmp_path):
    folder = tmp_path / "campaigns"
    store = campaign_store(folder)
    cid = make_run(store, "Busy run")
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    go = tmp_path / "go"

    procs = [subprocess.Popen([sys.executable, str(script), str(folder), cid, tag, str(go),
                               str(PER_PROCESS)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for tag in ("a", "b")]
    try:
        for p in procs:                       # both imported hyvekit and wait at the barrier
            assert p.stdout.readline() == "ready\n", p.stderr.read()
        go.touch()
        results = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err
        assert out.endswith("done\n"), (out, err)

    record = store.load(cid)
    seqs = [e["seq"] for e in record.events]
    assert seqs == list(range(1, 2 * PER_PROCESS + 1))
    assert len(record.active) == 2 * PER_PROCESS
    texts = [e["data"]["text"] for e in record.events]
    for tag in ("a", "b"):
        mine = [t for t in texts if t.startswith(tag)]
        assert mine == [f"{tag}{i}" for i in range(PER_PROCESS)]   # all there, in order
    # the raw file agrees: 200 distinct table keys, 200 distinct seqs
    doc = json.loads(store.path(cid).read_bytes())
    assert len(doc["events"]) == 2 * PER_PROCESS
    assert sorted(e["seq"] for e in doc["events"].values()) == seqs


def test_a_held_lock_is_waited_for_with_one_notice_then_taken(tmp_path, monkeypatch):
    """Waiting on another command's lock says so once (after LOCK_NOTICE_S), then goes on
    waiting; within the timeout it gets the lock, past it the record is busy."""
    import pytest
    from filelock import FileLock

    from hyvekit.store import storage
    monkeypatch.setattr(storage, "LOCK_NOTICE_S", 0.05)
    record = tmp_path / "run.json"
    hold_lock(FileLock(str(record) + ".lock"), 0.3)
    notices = []
    with storage.campaign_lock(record, timeout=10, on_wait=notices.append):
        pass
    assert notices == [record]
    hold_lock(FileLock(str(record) + ".lock"), 1.0)
    notices.clear()
    with pytest.raises(storage.CampaignBusyError):
        with storage.campaign_lock(record, timeout=0.2, on_wait=notices.append):
            pass
    assert notices == [record]

