"""Timing helpers the benchmark scripts share: a median of CPU time in process, and one
child process's wall and CPU time."""

from __future__ import annotations

import gc
import resource
import statistics
import subprocess
import time


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
