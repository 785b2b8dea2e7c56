"""What a break-it pass found: a print never removes a folder it did not make, never opens a
named pipe given as --out, and removes the partial file a print killed before its rename
left beside the PDF."""

from __future__ import annotations

import os
import subprocess
import sys

from hyvekit.render.pdf import remove_stale_partials
from hyvekit.render.scratch import remove_stale


def test_only_a_prints_own_scratch_folders_are_ever_removed(tmp_path):
    root = tmp_path / "scratch"
    (root / "my-notes").mkdir(parents=True)
    (root / "my-notes" / "keep.txt").write_text("important")
    (root / "123").mkdir()                                   # digits alone: not ours either
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = root / f"{dead}-0a1b2c3d"                         # a print killed: its process gone
    stale.mkdir()
    assert remove_stale(root) == [stale]
    assert (root / "my-notes" / "keep.txt").read_text() == "important" and (root / "123").is_dir()


def test_the_scratch_folder_beside_a_chosen_cache_is_hyvekits_own(monkeypatch, tmp_path):
    from hyvekit.render.scratch import scratch_root
    monkeypatch.setenv("HYVEKIT_CACHE", str(tmp_path / "cache"))
    assert scratch_root() == tmp_path / "hyvekit-scratch"


def test_a_named_pipe_as_out_is_refused_without_opening_it(hk):
    fifo = hk.root / "fifo.pdf"
    os.mkfifo(fifo)
    r = hk("print", "pad", "beelives", "--out", str(fifo))
    assert r.returncode == 2 and "--out" in r.stderr and "named pipe" in r.stderr


def test_a_killed_prints_partial_file_is_removed_by_the_next_print(tmp_path):
    out = tmp_path / "k.pdf"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    partial = tmp_path / f".k.pdf.{dead}.abc123.tmp"
    partial.write_bytes(b"%PDF-1.7 half")
    running = tmp_path / f".k.pdf.{os.getppid()}.def456.tmp"   # a print still writing
    running.write_bytes(b"%PDF-1.7 busy")
    other = tmp_path / ".other.pdf.1.x.tmp"
    other.write_bytes(b"x")
    remove_stale_partials(out)
    assert not partial.exists() and running.exists() and other.exists()
