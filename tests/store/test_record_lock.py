"""hyvekit/store/storage.py ``RecordLock``: one holder at a time, freed by release or by the
holder's death, and a lock file removed while waiting is not locked in vain."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from hyvekit.store.storage import RecordLock

pytestmark = pytest.mark.skipif(os.name == "nt", reason="flock: POSIX")


def test_one_holder_at_a_time(tmp_path):
    path = tmp_path / "run.json.lock"
    a, b = RecordLock(path), RecordLock(path)
    assert a.acquire(0.1)
    assert not b.acquire(0.1)
    a.release()
    assert b.acquire(0.1)
    b.release()
    b.release()                                     # not held: nothing


def test_a_lock_file_removed_while_waiting_is_made_again(tmp_path):
    path = tmp_path / "run.json.lock"
    holder, waiter = RecordLock(path), RecordLock(path)
    assert holder.acquire(0.1)
    got = []
    thread = threading.Thread(target=lambda: got.append(waiter.acquire(5)))
    thread.start()
    time.sleep(0.2)
    os.unlink(path)                                 # as campaign delete does, then lets go
    holder.release()
    thread.join(5)
    assert got == [True] and path.exists()
    assert os.fstat(waiter._fd).st_ino == path.stat().st_ino    # the file there now
    assert not RecordLock(path).acquire(0.1)        # and others see it held
    waiter.release()


def test_a_killed_holders_lock_is_free(tmp_path):
    path = tmp_path / "run.json.lock"
    code = ("import sys, time\nfrom hyvekit.store.storage import RecordLock\n"
            f"lock = RecordLock({str(path)!r})\nassert lock.acquire(5)\n"
            "print('held', flush=True)\ntime.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        assert not RecordLock(path).acquire(0.1)
        child.kill()
        child.wait(10)
        lock = RecordLock(path)
        assert lock.acquire(2)
        lock.release()
    finally:
        child.kill()
        child.wait(10)
        child.stdout.close()
