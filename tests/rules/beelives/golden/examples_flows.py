"""The Bee Lives records that come with hyvekit, as the golden corpus keeps them: every flow of
commands that examples/ and docs/ give for Bee Lives, run in a fresh folder, and each record
those commands leave (its header's settings and events); and each month file in examples/
checked on its own (``beelives check --json``: its exit code and what it printed).

``make_corpus.py`` writes what they give now (``examples.json.xz``); ``test_golden_check.py``
runs them again and compares.
"""

from __future__ import annotations

import glob
import json
import lzma
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "tests"))

from cli_process import run_in_process  # noqa: E402

EXAMPLES_FILE = Path(__file__).resolve().parent / "examples.json.xz"
#: the season cards of spring: the README's table flow is run with each turned over
SPRING = ("Beginning of the Flow", "A Cold Spike", "An Early Start", "First Bloom",
          "In Like a Lion", "Non-Stop Rain", "Oppressive Heat", "Out Like a Lamb",
          "Perfect Weather")


def _sh_lines(text: str) -> list[str]:
    """The lines of the shell code blocks (fenced ``sh`` or with no language) of ``text``."""
    out, lang = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            lang = None if lang is not None else (line[3:].strip() or "sh")
        elif lang == "sh":
            out.append(line)
    return out


def _commands(path: Path, after: str | None = None) -> list[list[str]]:
    """The ``hyvekit beelives``/``campaign`` commands of the ``sh`` code blocks of ``path``
    (the section under the heading ``after`` only), comments cut, month-file patterns expanded in order; the
    full-screen ``play``, the commands that only show and the advisor's (``hint`` marks the
    record but changes no state; its numbers depend on the machine's time budget) left out."""
    text = path.read_text(encoding="utf-8")
    if after is not None:
        text = text.split(after, 1)[1].split("\n#", 1)[0]       # that section only
    out = []
    for line in _sh_lines(text):
        line = re.sub(r"\s+#.*$", "", line).strip()
        if not line.startswith("hyvekit "):
            continue
        args = shlex.split(line)[1:]
        if args[0] not in ("beelives", "campaign") or args[1] in (
                "play", "next", "status", "show", "export-month", "list", "hint", "review"):
            continue
        expanded: list[str] = []
        for a in args:
            hits = sorted(glob.glob(str(ROOT / a))) if "*" in a or "[" in a else []
            expanded += hits or [str(ROOT / a) if a.startswith("examples/") else a]
        out.append(expanded)
    return out


def flows() -> dict[str, list[list[str]]]:
    """Each flow by name: its commands (arguments after ``hyvekit``)."""
    out = {"examples/beelives/campaign/README.md":
           _commands(ROOT / "examples/beelives/campaign/README.md"),
           "docs/beelives-campaigns.md": _commands(ROOT / "docs/beelives-campaigns.md")}
    table = _commands(ROOT / "README.md", "### Bee Lives at the table")
    for card in SPRING:
        out[f"README.md: Bee Lives at the table ({card})"] = [
            [f'card "{card}"' if a == "draw" else a for a in args]
            + (["--seed", "1"] if args[:2] == ["beelives", "do"] else []) for args in table]
    out["docs/beelives-table.md"] = [
        [f'card "{SPRING[0]}"' if a == "draw" else a for a in args]
        + (["--seed", "1"] if args[:2] == ["beelives", "do"] else [])
        for args in _commands(ROOT / "docs/beelives-table.md")]
    return out


def run_flow(commands: list[list[str]]) -> dict[str, Any]:
    """``commands`` run in order in a fresh folder: each one's exit code, and each record left
    (by id: header settings and events ``[type, data, result, status]``)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = {"HYVEKIT_CAMPAIGNS": str(root / "campaigns"), "COLUMNS": "120",
               "HYVEKIT_OUTPUT": str(root / "output"), "HYVEKIT_DEBUG": None,
               "HYVEKIT_CACHE": str(root / "cache")}
        codes = [run_in_process(args, cwd=root, env=env).returncode for args in commands]
        records = {}
        for path in sorted((root / "campaigns").glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            records[path.stem] = {
                "settings": next(iter(doc["header"].values()))["settings"],
                "events": [[e["type"], e["data"], e.get("result"), e["status"]]
                           for e in sorted(doc["events"].values(), key=lambda e: e["seq"])]}
        return {"codes": codes, "records": records}


def month_files() -> list[Path]:
    """The month files of examples/beelives checked on their own."""
    return sorted((ROOT / "examples/beelives").glob("*.toml"))


def check_file(path: Path) -> dict[str, Any]:
    """``beelives check PATH --json``: its exit code and JSON (or stderr when it has none)."""
    r = run_in_process(["beelives", "check", str(path), "--json"], cwd=path.parent,
                       env={"HYVEKIT_DEBUG": None})
    try:
        out: Any = json.loads(r.stdout)
    except ValueError:
        out = r.stdout + r.stderr
    return {"code": r.returncode, "out": out}


def everything() -> dict[str, Any]:
    """What every flow and month file gives now."""
    return {"flows": {name: run_flow(cmds) for name, cmds in flows().items()},
            "files": {str(p.relative_to(ROOT)): check_file(p) for p in month_files()}}


def kept() -> dict[str, Any]:
    """What the corpus keeps (:func:`everything` when it was written)."""
    with lzma.open(EXAMPLES_FILE, "rt", encoding="utf-8") as f:
        return json.load(f)
