"""Derived states kept beside the records, so that a command does not replay a long record.

A record is the truth: a state kept here is only what replaying it gave, and is used only for
the very bytes it was derived from, by the very code that derived it.  Each record has one
entry, a file in the cache folder named by a hash of the record's path::

    hyvekit-state 2 <fingerprint> <digest> <body digest>\\n
    <pickle of a Kept>

``digest`` is the SHA-256 of the record file's bytes, ``body digest`` that of the pickle
after the line (an entry damaged or pieced together from two is passed over); ``fingerprint`` (:func:`fingerprint`)
names hyvekit's and Python's versions and the size and time of every file of the rules, the
game adapters, the packaged data and the store, so that a changed rule or table is never
answered with a state the old one derived.  Any other entry (another record's bytes, other
code, a file cut short, one that does not unpickle) is passed over and the record replayed.

Entries are pickles, so only the user's own are read: the folder is made private (0700), and
a file that is a link, is not the user's or that others may write is passed over.  Writing an
entry never fails a command (a full disk or a read-only folder only means no entry); it is
written to a temporary file and renamed, without fsync: a lost entry costs one replay.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from hyvekit import __version__
from hyvekit.rules.values import dataclass

ENV_CACHE = "HYVEKIT_CACHE"       # the cache folder (default: the user's cache folder)
MAGIC = b"hyvekit-state 2"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_PACKAGE = Path(__file__).resolve().parents[1]
_DERIVING = ("__init__.py", "rules", "games", "data", "store")   # what a state depends on
_fingerprint: str | None = None
#: the entries this process read or wrote last: entry path -> (its first line, the Kept), so
#: that a command reading the same entry again (``do`` reads the record before its lock and
#: again under it) does not unpickle it again; the first line names the body's SHA-256
_MEMO: dict[Path, tuple[bytes, "Kept"]] = {}
_MEMO_SIZE = 8


@dataclass(frozen=True)
class Kept:
    """What a record's entry holds beside its state.

    :ivar header: the record's header as read (after migration).
    :ivar stored_version: the schema version of the file.
    :ivar max_key: the highest number of its events table (tinydb's ids; 0 when empty), its
        journal's events counted as numbered on after it, or None when a key is not a number.
    :ivar max_seq: the highest event ``seq`` (0 without events).
    :ivar state: the state after its active events.
    :ivar active: the ``seq`` of each active event, in order (None: not kept), so that a
        command can see which events count without reading them.
    :ivar times: the time (``at``, ISO 8601; "" when absent) of each active event, in order
        (None: not kept), so that a play's start, end and minutes need no event read.
    :ivar hinted: the players shown a hint, undone hints among them (``Record.hinted``;
        None: not kept), so that a play is marked assisted with no event read.
    """

    header: dict[str, Any]
    stored_version: int
    max_key: int | None
    max_seq: int
    state: Any
    active: tuple[int, ...] | None = None
    times: tuple[str, ...] | None = None
    hinted: tuple[str, ...] | None = None


#: the bytes last digested and their digest: ``do`` reads a record before its lock and again
#: under it, the same bytes, compared (a memcmp) rather than hashed again
_LAST_DIGEST: tuple[bytes, str] | None = None


def digest(raw: bytes) -> str:
    """The SHA-256 of a record file's bytes, in hex."""
    global _LAST_DIGEST
    last = _LAST_DIGEST                  # one read: another thread may replace it
    if last is not None and last[0] == raw:
        return last[1]
    last = (raw, hashlib.sha256(raw).hexdigest())
    _LAST_DIGEST = last
    return last[1]


def fingerprint() -> str:
    """The code that derives states: hyvekit's and Python's versions and the path, size and
    modification time of every file under ``hyvekit/`` that a replay depends on (the rules,
    game adapters, packaged data and store).  Worked out once per process (about 1 ms)."""
    global _fingerprint
    if _fingerprint is None:
        h = hashlib.sha256(f"{__version__}|{sys.version}|{_PACKAGE}".encode())
        for name in _DERIVING:
            for folder, subs, files in os.walk(_PACKAGE / name):
                subs[:] = sorted(d for d in subs if d != "__pycache__")
                for f in sorted(files):
                    try:
                        st = os.stat(os.path.join(folder, f))
                    except OSError:
                        continue
                    h.update(f"{folder}/{f}:{st.st_size}:{st.st_mtime_ns};".encode())
            if not (_PACKAGE / name).is_dir():      # a file: __init__.py
                try:
                    st = os.stat(_PACKAGE / name)
                    h.update(f"{name}:{st.st_size}:{st.st_mtime_ns};".encode())
                except OSError:
                    pass
        _fingerprint = h.hexdigest()[:32]
    return _fingerprint


def default_folder() -> Path:
    """``$HYVEKIT_CACHE``, else the user's cache folder (platformdirs:
    ``~/.cache/hyvekit/states`` on Linux)."""
    if os.environ.get(ENV_CACHE):
        return Path(os.environ[ENV_CACHE])
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("hyvekit", appauthor=False)) / "states"


def beside_states(name: str) -> Path:
    """A folder of hyvekit's cache beside the kept states: ``name`` in the user's cache
    folder (``hyvekit-NAME`` beside ``$HYVEKIT_CACHE`` when that is set: a folder the player
    chose, whose neighbours are theirs)."""
    return default_folder().parent / (f"hyvekit-{name}" if os.environ.get(ENV_CACHE) else name)


class StateCache:
    """The kept states of records, in ``folder`` (created, private, on the first write).

    :meth:`get` and :meth:`put` never raise for the cache's own troubles: a problem means no
    entry.
    """

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)

    def _entry(self, record_path: Path) -> Path:
        where = os.path.abspath(record_path)
        return self.folder / (hashlib.sha256(where.encode("utf-8", "surrogateescape"))
                              .hexdigest()[:32] + ".state")

    def get(self, record_path: Path, record_digest: str) -> Kept | None:
        """The state kept for ``record_path`` when its file's bytes are ``record_digest`` and
        this code made it; None otherwise."""
        entry = self._entry(record_path)
        try:
            fd = os.open(entry, os.O_RDONLY | _NOFOLLOW)
        except OSError:
            return None
        try:
            with os.fdopen(fd, "rb") as fh:
                st = os.fstat(fh.fileno())
                if not _own(st):
                    return None
                line = fh.readline(300)
                body = fh.read()
                if line != _first_line(record_digest, body):
                    return None
                memo = _MEMO.get(entry)
                if memo is not None and memo[0] == line:
                    return memo[1]
                kept = pickle.loads(body)
        except Exception:              # cut short, other classes, not a pickle: replay instead
            return None
        if not isinstance(kept, Kept):
            return None
        _remember(entry, line, kept)
        return kept

    def put(self, record_path: Path, record_digest: str, kept: Kept) -> bool:
        """Keep ``kept`` for the record whose file's bytes are ``record_digest``; whether it
        was written (a state that does not pickle, or a folder that cannot be written, is
        not)."""
        try:
            body = pickle.dumps(kept, pickle.HIGHEST_PROTOCOL)
            line = _first_line(record_digest, body)
        except Exception:
            return False
        entry = self._entry(record_path)
        if not write_entry(entry, line + body):
            return False
        _remember(entry, line, kept)
        return True

    def forget(self, record_path: Path) -> None:
        """Drop the entry of ``record_path`` (if any)."""
        try:
            os.unlink(self._entry(record_path))
        except OSError:
            pass


def write_entry(entry: Path, data: bytes) -> bool:
    """Write a cache file ``entry`` (its folder made private, 0700) whole: to a temporary
    file renamed over it, without fsync (a lost entry costs only the work it saved); whether
    it was written (not in a folder that is a link or not the user's own, nor on an OSError)."""
    folder, tmp = entry.parent, None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _own(os.stat(folder, follow_symlinks=False)) or folder.is_symlink():
            return False
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, entry)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def _remember(entry: Path, line: bytes, kept: Kept) -> None:
    """Note in :data:`_MEMO` that ``entry``'s file, first line ``line``, holds ``kept``."""
    _MEMO.pop(entry, None)
    _MEMO[entry] = (line, kept)
    while len(_MEMO) > _MEMO_SIZE:
        del _MEMO[next(iter(_MEMO))]


def _first_line(record_digest: str, body: bytes) -> bytes:
    return b"%s %s %s %s\n" % (MAGIC, fingerprint().encode(), record_digest.encode(),
                                hashlib.sha256(body).hexdigest().encode())


def _own(st: os.stat_result) -> bool:
    """Whether a cache file or folder is the user's own and no one else may write it (on a
    system without owners, every file)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return st.st_uid == getuid() and not st.st_mode & 0o022
