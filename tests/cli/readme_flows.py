"""The README's command flows, read as the tests that run them as written need them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def commands(heading: str) -> list[list[str]]:
    """The ``hyvekit`` commands of the first ``sh`` block under ``### heading``, each as its
    arguments (the comment after two spaces and ``#`` left out)."""
    text = README.read_text(encoding="utf-8").split(f"### {heading}", 1)[1]
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    return [shlex.split(line.split("  #")[0])[1:] for line in block.splitlines()
            if line.startswith("hyvekit ")]
