"""Timing helpers the benchmark scripts share: a median of CPU time in process, one child
process's wall and CPU time, and a campaign record (with its kept state) saved and put back
between runs."""

from __future__ import annotations

import gc
import resource
import statistics
import subprocess
import shutil
import time
from pathlib import Path


def cpu_median(fn, repeat: int, setup=None) -> float:
    """Median CPU seconds of ``fn(setup())`` (``fn()`` without ``setup``) over ``repeat``
    runs, ``setup`` untimed."""
    times = []
    for _ in range(repeat):
        arg = setup() if setup is not None else None
        gc.collect()                     # no collection of the last run's garbage in this one
        t0 = time.process_time()
        fn(arg) if setup is not None else fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def child_times(cmd, env: dict, cwd) -> tuple[float, float]:
    """``(wall seconds, CPU seconds)`` of running ``cmd`` as a child process.

    :raises SystemExit: the command failed (its stderr's end shown).
    """
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, env=env, cwd=cwd)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed: {done.stderr.decode()[-800:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def save_record(store, work: Path, cid: str) -> None:
    """Save the record ``cid`` of ``store`` (a campaigns folder ``work/campaigns``), its
    journal (when it has one) and its kept state into ``work``, for :func:`put_back` (its
    state kept first)."""
    from hyvekit.store.storage import journal_path
    store.state(cid)
    path = store.path(cid)
    shutil.copyfile(path, work / f"{cid}.json")
    saved = work / f"{cid}.json.journal"
    saved.unlink(missing_ok=True)
    if journal_path(path).exists():
        shutil.copyfile(journal_path(path), saved)
    shutil.copyfile(store.states._entry(path), work / f"{cid}.state")


def put_back(work: Path, cid: str, kept: bool = True) -> None:
    """The record ``cid`` as :func:`save_record` saved it in ``work`` and, when ``kept``, its
    kept state (in ``work/cache``); without ``kept`` no state is kept for it (the next command
    replays it).  The record's journal is put back as saved (removed when it had none): the
    appends a run made to it are undone with the record's."""
    from hyvekit.store.states import StateCache
    from hyvekit.store.storage import journal_path
    path = work / "campaigns" / f"{cid}.json"
    shutil.copyfile(work / f"{cid}.json", path)
    saved = work / f"{cid}.json.journal"
    if saved.exists():
        shutil.copyfile(saved, journal_path(path))
    else:
        journal_path(path).unlink(missing_ok=True)
    entry = StateCache(work / "cache")._entry(path)
    if kept:
        shutil.copyfile(work / f"{cid}.state", entry)
    else:
        entry.unlink(missing_ok=True)
