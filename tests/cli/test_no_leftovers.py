"""No leftovers (issue 25, item 3): a print killed (SIGKILL or SIGTERM) leaves none of
weasyprint's font folders in the system's temporary folder, and what is left in hyvekit's own
scratch folder goes with the next print; a killed import's hidden copy and lock go with the
next ``campaign list`` (or ``delete``, or ``import``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _env(hk, tmp: Path) -> dict[str, str]:
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns), "TMPDIR": str(tmp),
           "HYVEKIT_CACHE": str(hk.root / "cache" / "states")}
    env.pop("HYVEKIT_DEBUG", None)
    return env


def _leftovers(hk, tmp: Path) -> list[Path]:
    scratch = hk.root / "cache" / "hyvekit-scratch"
    return sorted(tmp.iterdir()) + (sorted(scratch.iterdir()) if scratch.exists() else [])


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_a_killed_print_leaves_nothing_after_the_next_one(hk, tmp_path, sig):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = _env(hk, tmp)
    out = hk.root / "sheet.pdf"
    proc = subprocess.Popen([sys.executable, "-m", "hyvekit", "print", "sheet", "hyve",
                             "--out", str(out)], cwd=hk.root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scratch = hk.root / "cache" / "hyvekit-scratch"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:      # fonts being subset
        if scratch.exists() and any(any(d.iterdir()) for d in scratch.iterdir()):
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the print ended before it could be killed"
    proc.send_signal(sig)
    code = proc.wait(timeout=60)
    assert list(tmp.iterdir()) == []                  # never in the system's folder
    if sig == signal.SIGTERM:
        assert code == 143 and _leftovers(hk, tmp) == []   # cleared on its way out
    r = subprocess.run([sys.executable, "-m", "hyvekit", "print", "sheet", "hyve", "--out",
                        str(out)], cwd=hk.root, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert _leftovers(hk, tmp) == []


def test_what_a_killed_import_left_goes_with_the_next_list(hk):
    """A ``campaign import`` killed while writing a new record leaves its hidden copy
    (``.ID.json.XXXXXXXX.tmp``) and the record's lock file, with no record."""
    folder = hk.campaigns
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / ".summer.json.Ab3dE6gh.tmp"
    lock = folder / "summer.json.lock"
    copy.write_text("{}")
    lock.write_text("")
    r = hk("campaign", "list")
    assert r.returncode == 0, r.stderr
    assert not copy.exists() and not lock.exists()
    assert hk("hyve", "legacy", "new", "Kept").returncode == 0
    kept_lock = folder / "kept.json.lock"
    kept_lock.touch()                              # a record's own lock file stays
    assert hk("campaign", "list").returncode == 0 and kept_lock.exists()


def test_an_import_killed_at_any_moment_leaves_nothing_after_the_next_list(hk, tmp_path):
    """``campaign import`` killed (SIGKILL or SIGTERM) at moments spread over its run: after
    the next ``campaign list``, the folder holds the records that were there and, at most, the
    one imported whole — no hidden copy, no lock of a record that is not there."""
    assert hk("hyve", "new", "Src", "--mode", "standard").returncode == 0
    for _ in range(12):
        data = json.loads(hk("hyve", "next", "--scenario", "src", "--json").stdout)
        step = "gather" if "gather" in data["legal"] else data["legal"][0]
        assert hk("hyve", "do", "--scenario", "src", step).returncode == 0
    export = tmp_path / "src.json"
    assert hk("campaign", "export", "src", str(export)).returncode == 0
    env = _env(hk, tmp_path)
    argv = [sys.executable, "-m", "hyvekit", "campaign", "import", str(export), "--as", "copy"]
    started = time.monotonic()
    subprocess.run(argv, cwd=hk.root, env=env, capture_output=True, timeout=120, check=True)
    took = time.monotonic() - started
    for k in range(1, 9):
        (hk.campaigns / "copy.json").unlink(missing_ok=True)
        proc = subprocess.Popen(argv, cwd=hk.root, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(took * k / 9)
        proc.send_signal(signal.SIGKILL if k % 2 else signal.SIGTERM)
        proc.wait(timeout=60)
        r = hk("campaign", "list")
        assert r.returncode == 0, r.stderr
        left = sorted(p.name for p in hk.campaigns.iterdir() if p.name != ".trash")
        assert left in (["src.json", "src.json.lock"], ["src.json"],
                        ["copy.json", "src.json", "src.json.lock"], ["copy.json", "src.json"],
                        ["copy.json", "copy.json.lock", "src.json", "src.json.lock"],
                        ["copy.json", "copy.json.lock", "src.json"]), left
