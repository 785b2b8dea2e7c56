"""Prints of several documents on every core (``print all``): each document printed by one of
a pool of worker processes, one per core this process may run on.

The workers are forked from the command's process once weasyprint is imported there
(:func:`hyvekit.render.pdf.load_printing`), so none imports it again; each prints one
document at a time, so a worker needs no more memory than the largest single print.  Ctrl-C
reaches the command only (the workers ignore it): the command stops the workers (SIGTERM, its
default action), and the caller removes what a stopped print left
(:func:`hyvekit.render.pdf.remove_stale_partials`, :func:`hyvekit.render.scratch.remove_stale`).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any


def cores() -> int:
    """The cores this process may run on: its CPU affinity (``taskset``, a container's
    limit), else the machine's count; at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                     # no affinity on this system
        return os.cpu_count() or 1


def run_each(fn: Callable[[Any], Any], jobs: Sequence[Any], *,
             done: Callable[[int], None] = lambda i: None) -> list[Any]:
    """``[fn(job) for job in jobs]``, worked out by :func:`cores` processes at most (in this
    process when that is 1, or for a single job); ``done(i)`` is called in this process as
    job ``i`` finishes, in the order they finish.

    ``fn`` and the jobs must pickle (``fn`` a module's function); the workers are forked.

    :raises Exception: the error of the first job that failed (as ``fn`` raised it; the
        other jobs are stopped, finished or not).
    :raises KeyboardInterrupt: Ctrl-C (the workers stopped).
    """
    workers = min(cores(), len(jobs))
    if workers <= 1:
        results = []
        for i, job in enumerate(jobs):
            results.append(fn(job))
            done(i)
        return results
    import multiprocessing

    results = [None] * len(jobs)
    # SIGTERM held back while the workers are forked: one that reaches a worker before its
    # start (_worker_signals) would meet this process's handler there, and be lost
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker_signals)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    try:
        with _interrupt_noted() as interrupted:
            finished = pool.imap_unordered(_Call(fn), enumerate(jobs))
            for _ in jobs:
                while True:       # Ctrl-C is looked at between waits, never inside the pool
                    if interrupted:
                        raise KeyboardInterrupt
                    try:
                        i, result, error = finished.next(timeout=WAIT)
                        break
                    except multiprocessing.TimeoutError:
                        pass
                if error is not None:
                    raise error
                results[i] = result
                done(i)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return results


#: seconds between looks at Ctrl-C while the workers print
WAIT = 0.1


@contextmanager
def _interrupt_noted() -> Iterator[list[bool]]:
    """While the block runs, Ctrl-C is noted (the list yielded holds ``True``) instead of
    raised wherever the process is: a ``KeyboardInterrupt`` inside the pool's own code could
    leave it locked.  Outside the main thread, where no handler can be set, Ctrl-C is left
    alone."""
    noted: list[bool] = []
    try:
        before = signal.signal(signal.SIGINT, lambda *_: noted.append(True))
    except ValueError:                          # not the main thread
        yield noted
        return
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, before)


def _worker_signals() -> None:
    """A worker's start: Ctrl-C is the command's to handle (no traceback from each worker),
    and SIGTERM (the command stopping it) ends it at once, whatever it was doing — one sent
    before this start too (held back from the fork until here)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})   # held back at the fork


class _Call:
    """``fn`` of an ``(i, job)``, in a worker: ``(i, fn(job), None)`` or ``(i, None, the
    error)``, so that an error comes back with the job it belongs to."""

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn

    def __call__(self, item: tuple[int, Any]) -> tuple[int, Any, BaseException | None]:
        i, job = item
        try:
            return i, self.fn(job), None
        except Exception as exc:                # sent back, raised by the command
            return i, None, exc
