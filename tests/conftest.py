"""Shared fixtures: the ``hyvekit`` command line on a temporary folder, in process (fast) or as
a real ``python -m hyvekit`` process (the few whole-process smoke tests)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_process import run_in_process


class Hyvekit:
    """Runs ``hyvekit ARGS`` in ``root`` with its campaigns folder in ``root / "campaigns"``.

    ``hk(...)`` runs the command line inside the test process (see ``cli_process.py``);
    ``hk.process(...)`` starts ``python -m hyvekit`` for tests about the process itself.
    Both take the same arguments and return a ``subprocess.CompletedProcess`` (``returncode``,
    ``stdout``, ``stderr``); ``hk(..., terminal=True)`` runs with stderr on a terminal.
    """

    def __init__(self, root: Path):
        self.root = root
        self.campaigns = root / "campaigns"

    def _env(self, env: dict[str, str] | None) -> dict[str, str | None]:
        return {"HYVEKIT_CAMPAIGNS": str(self.campaigns), "COLUMNS": "120",
                "HYVEKIT_OUTPUT": str(self.root / "output"),
                "HYVEKIT_DEBUG": None, **(env or {})}

    def __call__(self, *args: str, env: dict[str, str] | None = None,
                 input: str | None = None, terminal: bool = False
                 ) -> subprocess.CompletedProcess:
        return run_in_process(list(args), cwd=self.root, env=self._env(env), input=input,
                              terminal=terminal)

    def process(self, *args: str, env: dict[str, str] | None = None,
                input: str | None = None) -> subprocess.CompletedProcess:
        full_env = {**os.environ}
        for key, value in self._env(env).items():
            if value is None:
                full_env.pop(key, None)
            else:
                full_env[key] = value
        return subprocess.run([sys.executable, "-m", "hyvekit", *args], cwd=self.root,
                              env=full_env, capture_output=True, text=True, input=input,
                              timeout=120)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    """No test writes into the user's own data or cache folders (an installed hyvekit's
    default campaigns and output folders, its kept states): XDG_DATA_HOME and XDG_CACHE_HOME
    point into the test's temporary folder, and prints go to ./output of the folder a test
    runs in."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    monkeypatch.delenv("HYVEKIT_CACHE", raising=False)
    monkeypatch.setenv("HYVEKIT_OUTPUT", "output")     # prints go to ./output, as in a checkout


@pytest.fixture()
def hk(tmp_path: Path) -> Hyvekit:
    return Hyvekit(tmp_path)


@pytest.fixture(scope="session")
def hyvekit_in():
    """:class:`Hyvekit` itself, for a fixture wider than one test: ``hyvekit_in(folder)``."""
    return Hyvekit


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """hyvekit built as a wheel once for the session, from a copy of what the wheel is made
    of (the package, its templates, the examples and docs it carries)."""
    pytest.importorskip("hatchling")
    root = Path(__file__).resolve().parents[1]
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(root / name, src / name)
    for folder in ("hyvekit", "templates", "examples", "docs"):
        shutil.copytree(root / folder, src / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                    "--no-build-isolation", "-w", str(out), "-q"], check=True,
                   capture_output=True)
    (built,) = out.glob("hyvekit-*.whl")
    return built
