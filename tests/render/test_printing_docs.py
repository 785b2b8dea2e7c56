"""The examples of docs/printing.md run as written (issue 14: one exited 2).  An example that
names a campaign or a file of the reader's own is run up to where it looks for it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "printing.md"
EXAMPLES = re.findall(r"^Example: `hyvekit (print [^`]+)`", DOC.read_text(encoding="utf-8"),
                      re.M)
# what the reader brings: a campaign record or a board file of their own
THEIRS = ("no campaign", "does not exist")

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("example", EXAMPLES)
def test_each_example_prints_or_asks_only_for_the_readers_own_files(tmp_path, monkeypatch,
                                                                    example):
    monkeypatch.chdir(tmp_path)
    args = shlex.split(example)
    if "--copies" in args:                     # the same PDF, fewer pages to write
        args[args.index("--copies") + 1] = "1"
    result = CliRunner().invoke(app, ["--campaigns-dir", str(tmp_path / "c"), *args])
    said = result.output + str(result.exception or "")
    if result.exit_code != 0 and any(t in said for t in THEIRS):
        return
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "output").glob("*.pdf"))
