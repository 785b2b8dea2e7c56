"""A print's scratch files in a folder of hyvekit's own: weasyprint writes each font it
subsets to a temporary folder (1.5 MB a print) and removes it when the PDF is done — but a
print killed before that leaves it behind.  :func:`scratch_folder` puts every temporary file
of a print in ``<hyvekit's cache>/scratch/<pid>-<random>``, removes it when the print ends,
and first removes what prints that were killed left there."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: a scratch folder whose process is gone, or older than this (seconds), is stale
STALE_S = 24 * 3600


#: the name of a print's own scratch folder: the process id and 8 random hex digits
_MINE = re.compile(r"\d+-[0-9a-f]{8}")


def scratch_root() -> Path:
    """``<hyvekit's cache folder>/scratch`` (beside the kept states; ``hyvekit-scratch``
    beside ``$HYVEKIT_CACHE`` when that is set: a folder the player chose, whose neighbours
    are theirs)."""
    from hyvekit.store.states import beside_states
    return beside_states("scratch")


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                       # someone else's process: alive
        return True
    return True


def remove_stale(root: Path | None = None) -> list[Path]:
    """Remove the scratch folders of prints that ended without removing theirs (killed): the
    process named in the folder's name is gone, or the folder is older than a day.  Only
    folders named as :func:`scratch_folder` names them are touched.  Returns what was
    removed; a folder that cannot be removed is left."""
    root = scratch_root() if root is None else root
    removed = []
    try:
        entries = list(root.iterdir())
    except OSError:
        return []
    now = time.time()
    for entry in entries:
        if not _MINE.fullmatch(entry.name):
            continue                      # not a print's folder: never hyvekit's to remove
        pid = entry.name.split("-", 1)[0]
        try:
            old = now - entry.lstat().st_mtime > STALE_S
        except OSError:
            continue
        if entry.is_symlink() or not entry.is_dir():
            continue
        if old or (int(pid) != os.getpid() and not process_alive(int(pid))):
            shutil.rmtree(entry, ignore_errors=True)
            if not entry.exists():
                removed.append(entry)
    return removed


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """While the block runs, Python's temporary files (weasyprint's fonts among them) go in a
    private folder of this process under :func:`scratch_root`, removed when the block ends
    however it ends (a SIGTERM included: ``cli/entry.py`` turns it into an exit); stale ones
    of killed prints are removed first.  Where the folder cannot be made, the system's
    temporary folder is used as before."""
    root = scratch_root()
    remove_stale(root)
    mine = root / f"{os.getpid()}-{secrets.token_hex(4)}"
    try:
        mine.mkdir(parents=True, mode=0o700)
    except OSError:
        yield Path(tempfile.gettempdir())
        return
    before = tempfile.tempdir
    tempfile.tempdir = str(mine)
    try:
        yield mine
    finally:
        tempfile.tempdir = before
        shutil.rmtree(mine, ignore_errors=True)
