"""Helpers of the campaign-store tests (imported as ``from .helpers import ...``).

``cli`` runs the real command line in process through ``cli_process.run_in_process``: the same
``hyvekit.cli.app.run`` the console entry point ``main`` exits with, so library errors go
through the one error table (``hyvekit/cli/errors.py``) to the documented exit codes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cli_process import run_in_process

from hyvekit.data.hyve import legacy_sheets
from hyvekit.store.campaigns import CampaignStore

COLOURS = ["yellow", "blue", "green", "purple", "red"]


def legacy_settings(easy: bool = False) -> dict:
    return {"sheet": legacy_sheets()["legacy-1"].to_dict(), "colours": list(COLOURS),
            "easy": easy}


def make_run(store: CampaignStore, name: str = "Test run", campaign_id: str | None = None):
    """A fresh Hyve Legacy run (legacy-1: 15 starting honey); returns its id."""
    record = store.create(name, "hyve", "legacy", legacy_settings(), campaign_id)
    return record.header["id"]


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """stdout, then stderr (for messages and "not in" checks)."""
        return self.stdout + self.stderr


def cli(args: list[str], folder: Path | None = None, input: str | None = None,
        env: dict[str, str] | None = None) -> CliResult:
    """Run ``hyvekit <args>`` in process (``--campaigns-dir folder`` prepended when ``folder``
    is given), in the current folder, without ``HYVEKIT_DEBUG``."""
    argv = (["--campaigns-dir", str(folder)] if folder is not None else []) + list(args)
    result = run_in_process(argv, cwd=Path.cwd(), input=input,
                            env={"HYVEKIT_DEBUG": None, **(env or {})})
    return CliResult(result.returncode, result.stdout, result.stderr)


def snapshot(path: Path) -> tuple[bytes, int, int]:
    """Bytes, mtime (ns) and inode of a file, to check it was left untouched (an atomic
    rewrite with the same bytes would still change the inode)."""
    st = os.stat(path)
    return path.read_bytes(), st.st_mtime_ns, st.st_ino


def hold_lock(lock, seconds: float) -> None:
    """Another holder of ``lock`` for ``seconds`` (a thread of its own: filelock's locks
    belong to the thread that took them); returns once it holds it."""
    import threading
    import time
    taken = threading.Event()

    def hold():
        with lock:
            taken.set()
            time.sleep(seconds)

    threading.Thread(target=hold, daemon=True).start()
    taken.wait(5)


def killed_writer_output(proc, rng) -> tuple[str, str]:
    """Let the writer ``proc`` (a ``subprocess.Popen`` with text pipes that prints "ready"
    first) run for a log-uniform 2-100 ms (many short runs, some long ones), SIGKILL it and
    return its standard output and error; it is killed and reaped whatever happens."""
    import math
    import signal
    import time
    try:
        ready = proc.stdout.readline()
        assert ready == "ready\n", (ready, proc.stderr.read() if proc.poll() is not None
                                    else "")
        time.sleep(math.exp(rng.uniform(math.log(0.002), math.log(0.100))))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        # read through the same buffered file objects as readline() above: communicate()
        # reads the raw pipe and would miss lines readline() already buffered
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL, (proc.returncode, err)
    return out, err


#: a writer process for the crash tests: argv ``FOLDER ID START``; ``SETUP`` (a line of Python,
#: :func:`writer_script`) runs before the record is read; it prints "ready", then appends notes
#: ``nSTART``, ``nSTART+1``, ... printing each number only once its append has returned
_WRITER = """
import sys
from hyvekit.games import campaign_store
SETUP
folder, cid, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = campaign_store(folder)
store.replay(store.load(cid))
print("ready", flush=True)
i = start
while True:
    store.append(cid, "note", {"text": f"n{i}"})
    print(i, flush=True)   # only after append() has returned
    i += 1
"""


def writer_script(setup: str = "") -> str:
    """The crash tests' writer (:data:`_WRITER`) with ``setup`` run first."""
    return _WRITER.replace("SETUP", setup)
