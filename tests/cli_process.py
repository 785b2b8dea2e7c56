"""Run the ``hyvekit`` command line the way a fresh ``python -m hyvekit`` process would, but
inside the test process (about a hundred times faster than starting Python and typer again).

:func:`run_in_process` calls :func:`hyvekit.cli.app.run`, the function the real entry point
``main()`` exits with, so error mapping, exit codes and ``HYVEKIT_DEBUG`` are the real ones.
Around the call it sets up what a new process would get, and puts everything back afterwards:

- the environment: a copy of this process's one with the given changes (restored after);
- the working folder (``os.chdir`` for the call, then back);
- ``sys.stdin``, ``sys.stdout`` and ``sys.stderr``: separate in-memory streams with the encoding
  and error handlers Python gives a pipe (``PYTHONIOENCODING``, UTF-8 mode or the locale;
  stderr may say it is a terminal);
  stdin holds ``input`` (empty when there is none); output is decoded with universal newlines,
  as ``subprocess.run(text=True)`` does;
- warnings: Python's default filters, shown on stderr (pytest would otherwise collect them);
- logging: no root handlers and the root level WARNING, so Python's last-resort handler prints
  unhandled warnings and errors on stderr, as in a process of its own (pytest's log capture is
  set aside for the call).

What only a new interpreter can do is refused: variables read at interpreter or typer start-up
(:data:`START_UP_ONLY`) raise ``ValueError``; run those cases with ``Hyvekit.process``.
"""

from __future__ import annotations

import io
import locale
import logging
import os
import subprocess
import sys
import warnings
from pathlib import Path
from unittest import mock

# read when Python starts (PYTHON*, locale) or when typer is first imported
START_UP_ONLY = ("PYTHON", "LANG", "LC_", "TERMINAL_WIDTH", "TYPER_USE_RICH",
                 "_TYPER_FORCE_DISABLE_TERMINAL", "FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS")

# CPython's default warning filters (no -W option, no PYTHONWARNINGS), the last applied first
_DEFAULT_FILTERS = (("ignore", ResourceWarning), ("ignore", ImportWarning),
                    ("ignore", PendingDeprecationWarning), ("ignore", DeprecationWarning))


def _stdio_encoding() -> tuple[str, str]:
    """The encoding and error handler Python gives stdout on a pipe: ``PYTHONIOENCODING``,
    else UTF-8 in UTF-8 mode, else the locale's encoding; errors ``strict``."""
    encoding, _, errors = os.environ.get("PYTHONIOENCODING", "").partition(":")
    if not encoding:
        encoding = "utf-8" if sys.flags.utf8_mode else locale.getpreferredencoding(False)
    return encoding, errors or "strict"


def _decoded(stream: io.TextIOWrapper) -> str:
    """What ``subprocess.run(text=True)`` reads from a child's pipe (universal newlines)."""
    data = stream.buffer.getvalue()
    text = data.decode(locale.getpreferredencoding(False))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _show_on_stderr(message, category, filename, lineno, file=None, line=None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


class _Terminal(io.TextIOWrapper):
    """A stream that says it is a terminal (stderr shown to a person)."""

    def isatty(self) -> bool:
        return True


def run_in_process(args: list[str], *, cwd: Path, env: dict[str, str | None],
                   input: str | None = None, terminal: bool = False
                   ) -> subprocess.CompletedProcess:
    """``hyvekit ARGS`` in folder ``cwd`` with the environment changes ``env`` (``None``
    removes a variable); returns what ``subprocess.run(..., capture_output=True, text=True)``
    would.  ``terminal``: stderr says it is a terminal, as when a person runs the command."""
    refused = sorted(k for k in env if k.startswith(START_UP_ONLY))
    if refused:
        raise ValueError(f"{', '.join(refused)} take effect only in a new process: use "
                         "hk.process(...) for this call")
    from hyvekit.cli.app import run

    root = logging.getLogger()
    old_cwd = os.getcwd()
    with mock.patch.dict(os.environ), warnings.catch_warnings():
        for key, value in env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        encoding, errors = _stdio_encoding()
        stdin = io.TextIOWrapper(io.BytesIO((input or "").encode(encoding, errors)),
                                 encoding=encoding, errors=errors)
        stdout = io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors=errors)
        stderr = (_Terminal if terminal else io.TextIOWrapper)(
            io.BytesIO(), encoding=encoding, errors="backslashreplace")
        warnings.resetwarnings()
        for action, category in _DEFAULT_FILTERS:
            warnings.simplefilter(action, category)
        warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
        warnings.showwarning = _show_on_stderr
        handlers, level = root.handlers[:], root.level
        root.handlers.clear()
        root.setLevel(logging.WARNING)
        os.chdir(cwd)
        try:
            code = run(list(args), stdin=stdin, stdout=stdout, stderr=stderr)
        finally:
            os.chdir(old_cwd)
            root.handlers[:] = handlers
            root.setLevel(level)
    return subprocess.CompletedProcess([sys.executable, "-m", "hyvekit", *args], code,
                                       _decoded(stdout), _decoded(stderr))
