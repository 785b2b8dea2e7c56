"""Shared fixtures: run the real ``hyvekit`` entry point in a subprocess on temporary folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


class Hyvekit:
    """Runs ``python -m hyvekit ARGS`` with its campaigns folder in a temporary directory."""

    def __init__(self, root: Path):
        self.root = root
        self.campaigns = root / "campaigns"

    def __call__(self, *args: str, env: dict[str, str] | None = None,
                 input: str | None = None) -> subprocess.CompletedProcess:
        full_env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(self.campaigns), "COLUMNS": "120"}
        full_env.pop("HYVEKIT_DEBUG", None)
        full_env.update(env or {})
        return subprocess.run([sys.executable, "-m", "hyvekit", *args], cwd=self.root,
                              env=full_env, capture_output=True, text=True, input=input,
                              timeout=120)


@pytest.fixture()
def hk(tmp_path: Path) -> Hyvekit:
    return Hyvekit(tmp_path)
