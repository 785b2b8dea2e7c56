"""``print all`` on every core (hyvekit/render/pool.py): the same files, names and order as
one process, an error in one document said as one process says it, Ctrl-C as before, and one
process on a machine (or an affinity) of one core."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from hyvekit.cli import printing
from hyvekit.render import pool
from hyvekit.render.catalogue import entry
from hyvekit.rules.common import InvalidInputError

from render_helpers import pdf_metadata

#: a few cheap printables of three modules: the catalogue ``print all`` prints here
FEW = ("pad beelives", "aid beez-turn", "aid beelives-month", "pad queenbee")


def _fail_on(job: int) -> int:
    if job == 3:
        raise InvalidInputError("--thing", job, "not 3")
    return job * job


def test_the_pool_is_sized_by_the_cores_this_process_may_run_on(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert pool.cores() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5})
    assert pool.cores() == 3


def test_one_core_works_in_this_process_and_several_in_workers_with_the_same_results(
        monkeypatch):
    jobs = list(range(7))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    seen: list[int] = []
    assert pool.run_each(_square_and_pid, jobs, done=seen.append) == [
        (j * j, os.getpid()) for j in jobs]
    assert seen == jobs
    monkeypatch.undo()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    seen.clear()
    results = pool.run_each(_square_and_pid, jobs, done=seen.append)
    assert [r for r, _ in results] == [j * j for j in jobs]
    pids = {pid for _, pid in results}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    assert sorted(seen) == jobs


def _square_and_pid(job: int) -> tuple[int, int]:
    return job * job, os.getpid()


def test_an_error_in_one_job_comes_back_as_raised(monkeypatch):
    for cores in ({0}, {0, 1}):
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid, c=cores: c)
        with pytest.raises(InvalidInputError) as caught:
            pool.run_each(_fail_on, list(range(6)))
        assert caught.value.field == "--thing" and caught.value.given == 3
        assert str(caught.value) == "--thing: got 3, expected not 3"


#: a worker's own start, as the pool module gives it
WORKER_START = pool._worker_signals


def _slow_second_start(flag: str) -> None:
    """A worker's start, the second worker's two seconds late (the first one's at once)."""
    try:
        os.close(os.open(flag, os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        time.sleep(2)
    WORKER_START()


def _fail_at_once(job: int) -> int:
    raise InvalidInputError("--thing", job, "nothing")


def test_a_worker_stopped_before_its_start_ends_though_this_process_handles_sigterm(
        monkeypatch, tmp_path):
    """The hang CI met once, under load: a job failed while the other worker was still
    starting, and the SIGTERM that stops it met the handler it was forked with (here one that
    does nothing, as a server's does) and was lost; the command waited for it for ever."""
    import functools
    import threading
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    monkeypatch.setattr(pool, "_worker_signals",
                        functools.partial(_slow_second_start, str(tmp_path / "first")))
    raised: list[BaseException] = []

    def command() -> None:
        try:
            pool.run_each(_fail_at_once, [0, 1])
        except InvalidInputError as exc:
            raised.append(exc)

    before = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        thread = threading.Thread(target=command, daemon=True)
        thread.start()
        thread.join(timeout=30)
    finally:
        signal.signal(signal.SIGTERM, before)
    hung = thread.is_alive()
    if hung:                                       # the workers left: not the next test's
        import multiprocessing
        for child in multiprocessing.active_children():
            child.kill()
    assert not hung and len(raised) == 1


def _print_few(hk, monkeypatch, cores: set[int], *args: str):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cores)
    monkeypatch.setattr(printing, "load_all", lambda: {k: entry(k) for k in FEW})
    return hk("print", "all", *args)


def test_print_all_on_two_cores_writes_what_one_process_writes(hk, monkeypatch):
    one = _print_few(hk, monkeypatch, {0}, "--out-dir", "one")
    two = _print_few(hk, monkeypatch, {0, 1}, "--out-dir", "two")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    stems = [entry(k).file_stem for k in FEW]
    assert one.stdout.split() == [f"one/{s}.pdf" for s in stems]
    assert two.stdout.split() == [f"two/{s}.pdf" for s in stems]
    assert sorted(os.listdir(hk.root / "two")) == sorted(f"{s}.pdf" for s in stems)
    for stem in stems:
        a, b = (pdf_metadata(hk.root / d / f"{stem}.pdf") for d in ("one", "two"))
        assert a == b and json.loads(b["/HyvekitOptions"])["all"] is True


def test_an_error_in_one_document_is_said_as_one_process_says_it(hk, monkeypatch):
    mine = hk.root / "mine"
    mine.mkdir()
    (mine / "aid-beez-turn.html").write_text(
        '<html><head><link rel="stylesheet" href="http://example.com/x.css"></head>'
        "<body>x</body></html>")
    said = []
    for name, cores in (("one", {0}), ("two", {0, 1})):
        r = _print_few(hk, monkeypatch, cores, "--out-dir", name, "--templates", str(mine))
        assert r.returncode == 2 and "example.com" in r.stderr and "Traceback" not in r.stderr
        said.append(r.stderr)
        assert not (hk.root / name / "aid-beez-turn.pdf").exists()
        assert not [p for p in (hk.root / name).glob("*") if p.suffix != ".pdf"]
    assert said[0] == said[1] and len(said[0].strip().splitlines()) == 1


def test_ctrl_c_stops_every_worker_and_leaves_no_partial_file(tmp_path):
    """A real ``print all`` process, Ctrl-C to its process group once its first PDF is
    written: the one line, exit code 130, no worker left, nothing half-written."""
    out = tmp_path / "prints"
    env = {**os.environ, "HYVEKIT_OUTPUT": str(out), "HYVEKIT_CACHE": str(tmp_path / "c")}
    proc = subprocess.Popen([sys.executable, "-m", "hyvekit", "print", "all"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not (out.is_dir() and any(p.suffix == ".pdf" for p in out.iterdir())):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert workers                             # the PDFs are printed by workers
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert stderr.strip() == "hyvekit: interrupted: no campaign record was changed"
    assert stdout == ""
    assert all(not os.path.exists(f"/proc/{pid}") for pid in workers)
    assert [p.name for p in out.iterdir() if p.suffix != ".pdf"] == []
    for path in out.iterdir():                     # each file written whole
        assert path.read_bytes().rstrip().endswith(b"%%EOF")


def _children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as fh:
            found += [int(c) for c in fh.read().split()]
    return found
