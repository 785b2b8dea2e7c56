"""Helpers of the campaign-store tests (imported as ``from .helpers import ...``).

``cli`` runs the real console entry point (``hyvekit.cli.app:main``) inside typer's
``CliRunner`` isolation: the typer app alone lets library errors escape as exceptions (typer's
runner then reports exit code 1), while ``main`` maps them through the one error table
(``hyvekit/cli/errors.py``) to the documented exit codes.  The typer app itself is what ``main``
runs, so this is the same ``hyvekit.cli.app.app`` with the same error handling a user gets.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

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
    output: str
    exception: BaseException | None


def cli(args: list[str], folder: Path | None = None, input: str | None = None,
        env: dict[str, str] | None = None) -> CliResult:
    """Run ``hyvekit <args>`` through ``hyvekit.cli.app.main`` (``--campaigns-dir folder``
    prepended when ``folder`` is given)."""
    from hyvekit.cli.app import main

    argv = (["--campaigns-dir", str(folder)] if folder is not None else []) + list(args)
    runner = CliRunner()
    env = {"HYVEKIT_DEBUG": None, **(env or {})}
    code, exception = 0, None
    with runner.isolation(input=input, env=env) as (out, err, mixed):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if code:
                exception = exc
        except BaseException as exc:  # noqa: BLE001 - main() should never let one escape
            code, exception = -1, exc
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            stdout, stderr, output = out.getvalue(), err.getvalue(), mixed.getvalue()
    return CliResult(code, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"),
                     output.decode("utf-8", "replace"), exception)


def snapshot(path: Path) -> tuple[bytes, int, int]:
    """Bytes, mtime (ns) and inode of a file, to check it was left untouched (an atomic
    rewrite with the same bytes would still change the inode)."""
    st = os.stat(path)
    return path.read_bytes(), st.st_mtime_ns, st.st_ino
