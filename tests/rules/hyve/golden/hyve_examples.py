"""The HYVE files that come with hyvekit, as the golden corpus keeps them: what
``hyve check FILE --json`` prints (and its exit code) for every turn record of examples/hyve/
and every file docs/examples/hyve-*.txt (hyves to score: ``hyve score-hyve --json`` of those
too), and the legacy flow that ``examples/hyve/legacy-scenario-1.toml`` gives in its comments
(a run made, shopped, started, the file checked with ``--run`` and logged), run in a fresh
folder: each command's exit code and output.

``make_hyve_corpus.py`` writes what they give now (``examples.json.xz``);
``test_hyve_golden.py`` runs them again and compares.
"""

from __future__ import annotations

import json
import lzma
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "tests"))

from cli_process import run_in_process  # noqa: E402

EXAMPLES_FILE = Path(__file__).resolve().parent / "examples.json.xz"
LEGACY_FILE = "examples/hyve/legacy-scenario-1.toml"
#: the commands of the legacy flow, after ``hyvekit`` (from the comments of LEGACY_FILE)
LEGACY_FLOW = (
    ["hyve", "legacy", "new", "Example run", "--easy", "--colours",
     "yellow,blue,green,purple,red"],
    ["hyve", "legacy", "shop", "example-run", "--bread", "1", "--bread", "1", "--perk",
     "deep-stores", "--hp", "red:2", "--population", "red:2"],
    ["hyve", "legacy", "start", "example-run", "--yes"],
    ["hyve", "check", LEGACY_FILE, "--run", "example-run", "--json"],
    ["hyve", "legacy", "play", "example-run", LEGACY_FILE, "--cross-out", "2"],
    ["hyve", "legacy", "status", "example-run", "--json"],
)


def files() -> list[str]:
    """The files checked (paths from the repository's root)."""
    return sorted([str(p.relative_to(ROOT)) for p in (ROOT / "examples/hyve").glob("*.toml")]
                  + [str(p.relative_to(ROOT)) for p in (ROOT / "docs/examples").glob("hyve-*.txt")])


def _run(args: list[str], cwd: Path, env: dict[str, str | None]) -> dict[str, Any]:
    """``hyvekit ARGS``: its exit code and JSON (or its output when it printed none)."""
    r = run_in_process(args, cwd=cwd, env={"HYVEKIT_DEBUG": None, "COLUMNS": "120", **env})
    try:
        out: Any = json.loads(r.stdout)
    except ValueError:
        out = r.stdout + r.stderr
    return {"code": r.returncode, "out": out}


def check_file(name: str) -> dict[str, Any]:
    """``hyve check NAME --json`` run from the repository's root (and, for a hyve of
    docs/examples, ``hyve score-hyve NAME --json``, ``--builder`` for a Bee Builder hyve)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"HYVEKIT_CAMPAIGNS": str(Path(tmp) / "campaigns"),
               "HYVEKIT_CACHE": str(Path(tmp) / "cache")}
        out = {"check": _run(["hyve", "check", name, "--json"], ROOT, env)}
        if name.endswith(".txt"):
            builder = ["--builder"] if "builder" in name else []
            out["score"] = _run(["hyve", "score-hyve", name, "--json", *builder], ROOT, env)
    return out


def legacy_flow() -> list[dict[str, Any]]:
    """The commands of :data:`LEGACY_FLOW` run in order on a fresh campaigns folder."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"HYVEKIT_CAMPAIGNS": str(Path(tmp) / "campaigns"),
               "HYVEKIT_OUTPUT": str(Path(tmp) / "output"),
               "HYVEKIT_CACHE": str(Path(tmp) / "cache")}
        return [_run(list(args), ROOT, env) for args in LEGACY_FLOW]


def everything() -> dict[str, Any]:
    """What every file and the legacy flow give now."""
    return {"files": {name: check_file(name) for name in files()},
            "legacy_flow": legacy_flow()}


def kept() -> dict[str, Any]:
    """What the corpus keeps (:func:`everything` when it was written)."""
    with lzma.open(EXAMPLES_FILE, "rt", encoding="utf-8") as f:
        return json.load(f)
