"""Crash-safe tinydb storage and the per-campaign file lock (:class:`RecordLock`).

A write serialises the whole document first, writes it to a temporary file in the same folder,
fsyncs it, ``os.replace``s it over the record and fsyncs the folder: a reader (or a process
killed at any moment) sees either the old file or the new one, never half of one.  A process
killed between writing and replacing leaves its temporary file; the next write of the record
removes it, under the record's lock.  A file that
does not parse raises :class:`CorruptRecordError` and is never written over.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hyvekit.rules.documents import DocumentError, parse_json
from hyvekit.store.errors import CorruptRecordError, StoreError

LOCK_TIMEOUT_S = 30.0
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)   # not on Windows (links there need rights)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically as UTF-8 (:func:`atomic_write_bytes`).

    :raises OSError: the folder is not writable (the old file is then untouched).
    """
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: temp file in the same folder, fsync, replace,
    fsync of the folder.

    :raises OSError: the folder is not writable (the old file is then untouched).
    """
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:   # name the file the user asked for, not the temporary one
        raise type(exc)(exc.errno, exc.strerror, str(path)) from None
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.errno is not None:
            raise type(exc)(exc.errno, exc.strerror, str(path)) from None
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def journal_path(record_path: Path) -> Path:
    """``<id>.json.journal``: the events appended to a record since it was last written
    whole (:mod:`hyvekit.store.journal`)."""
    return Path(str(record_path) + ".journal")


def temp_files(path: Path) -> list[Path]:
    """The temporary files :func:`atomic_write_text` makes for ``path``
    (``.<name>.XXXXXXXX.tmp`` in its folder) that are there now."""
    path = Path(path)
    pattern = re.compile(re.escape(f".{path.name}.") + r"[A-Za-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / n for n in sorted(names) if pattern.fullmatch(n)]


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files a writer of ``path`` killed between writing and replacing
    left behind; return them.  Call it only while holding ``path``'s :func:`campaign_lock`:
    every writer of a record holds that lock while its temporary file exists, so whatever is
    found then is a dead writer's (never a live one's).  A link is removed, not followed."""
    removed = []
    for tmp in temp_files(path):
        try:
            os.unlink(tmp)
        except OSError:      # gone already, or not ours to remove (a folder): leave it
            continue
        removed.append(tmp)
    return removed


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def read_json_record(path: Path) -> dict[str, Any] | None:
    """Parse a record file; None when it does not exist.

    :raises CorruptRecordError: as :func:`parse_json_record`.
    """
    raw = read_record_bytes(path)
    return None if raw is None else parse_json_record(path, raw)


def read_record_bytes(path: Path) -> bytes | None:
    """A record file's bytes; None when it does not exist."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def read_record_file(path: Path) -> tuple[bytes, tuple[int, ...]] | None:
    """A record file's bytes and what names that very file (:func:`file_identity`, taken
    from the file read: a file replaced meanwhile has another); None when it does not
    exist."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
            return raw, _identity(os.fstat(fh.fileno()))
    except FileNotFoundError:
        return None


def file_identity(path: Path) -> tuple[int, ...] | None:
    """Device, inode, size and modification time of the file at ``path`` (None: none): it
    changes when the file is replaced (a whole write) or written in place."""
    try:
        return _identity(os.stat(path))
    except FileNotFoundError:
        return None


def _identity(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def parse_json_record(path: Path, raw: bytes) -> dict[str, Any]:
    """Parse the bytes of the record file ``path``.

    :raises CorruptRecordError: not UTF-8, not JSON, a value the strict reader refuses (a
        number too long, nesting too deep, ``NaN``), or not a JSON object (names the problem).
    """
    if not raw.strip():
        raise CorruptRecordError(Path(path), "the file is empty")
    try:
        data = parse_json(raw.decode("utf-8"), str(path))
    except UnicodeDecodeError as exc:
        raise CorruptRecordError(Path(path), f"not UTF-8 text ({exc.reason} at byte {exc.start})")
    except DocumentError as exc:
        raise CorruptRecordError(Path(path), exc.problem) from None
    if not isinstance(data, dict):
        raise CorruptRecordError(Path(path), f"expected a JSON object, found {type(data).__name__}")
    return data


def _encoder() -> Callable[[Any], str]:
    return json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode


def _entry_order(item: tuple[str, Any]) -> tuple[int, int, str]:
    """A table's entries in order: whole-number keys (tinydb's ids) by number, then the
    others by name."""
    key = item[0]
    return (0, int(key), "") if key.isdigit() and key.isascii() else (1, 0, key)


def dump_json(data: Any) -> str:
    """The one JSON form of records and exports: compact JSON (sorted keys, UTF-8, a trailing
    newline), a table of tables written one entry a line — a record's header and each of its
    events on a line of their own, the events in the order of their numbers — so a record
    reads and compares line by line, is written by ``json``'s C encoder (an indented file was
    pure Python: a third of a long record's append), and takes new events at the end of its
    events table (:func:`with_new_events`).  Any JSON reader reads it;
    ``json.loads(dump_json(x)) == x``."""
    encode = _encoder()
    if not (isinstance(data, dict) and data and all(isinstance(k, str) for k in data)):
        return encode(data) + "\n"
    lines = ["{"]
    items = sorted(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
            inner = sorted(value.items(), key=_entry_order)
            lines.append(f"{encode(key)}:{{")
            lines += [f"{encode(k)}:{encode(v)}{',' if j < len(inner) - 1 else ''}"
                      for j, (k, v) in enumerate(inner)]
            lines.append("}" + comma)
        else:
            lines.append(f"{encode(key)}:{encode(value)}{comma}")
    return "\n".join(lines + ["}"]) + "\n"


_EVENTS_HEAD = b'{\n"events":{\n'


def with_new_events(raw: bytes, header: dict[str, Any], first_key: int,
                    events: list[dict[str, Any]]) -> bytes | None:
    """The record file ``raw`` with ``events`` added at the end of its events table under the
    keys ``first_key``, ``first_key + 1``...: byte for byte what :func:`dump_json` writes for
    the whole document with them, without reading or writing the other events again.

    ``raw`` must be a record as :func:`dump_json` writes it (an events table that is not empty,
    then the one ``header`` entry ``"1"``, nothing else) and ``first_key`` above every key in
    its events table; None when ``raw`` does not end with that header or start with the
    events table (the caller then writes the whole document).
    """
    encode = _encoder()
    tail = f'\n}},\n"header":{{\n"1":{encode(header)}\n}}\n}}\n'.encode("utf-8")
    body = len(raw) - len(tail)
    if (body <= len(_EVENTS_HEAD) or not raw.startswith(_EVENTS_HEAD)
            or not raw.endswith(tail) or raw[body - 1:body] != b"}"):
        return None
    added = "".join(f",\n{encode(str(first_key + i))}:{encode(e)}" for i, e in enumerate(events))
    return raw[:body] + added.encode("utf-8") + tail


def _atomic_json_storage() -> type:
    from tinydb.storages import Storage

    class AtomicJSONStorage(Storage):
        """A tinydb :class:`~tinydb.storages.Storage` over one JSON file, written atomically.

        Reads raise :class:`CorruptRecordError` for a file that does not parse, so tinydb
        never gets the chance to write over it.
        """

        def __init__(self, path: str | Path):
            self.path = Path(path)

        def read(self) -> dict[str, Any] | None:
            return read_json_record(self.path)

        def write(self, data: dict[str, Any]) -> None:
            atomic_write_text(self.path, dump_json(data))

        def close(self) -> None:  # nothing held open between operations
            pass

    return AtomicJSONStorage


def __getattr__(name: str) -> Any:
    """``AtomicJSONStorage``, made when first asked for: only undo, redo and a record of an
    older schema write through tinydb, so other commands do not import it."""
    if name == "AtomicJSONStorage":
        cls = globals()["AtomicJSONStorage"] = _atomic_json_storage()
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CampaignBusyError(StoreError):
    """Another hyvekit process held the campaign's lock for too long."""

    exit_code = 1


#: seconds a command waits for a record's lock before it says it is waiting
LOCK_NOTICE_S = 0.5


def say_waiting(record_path: Path) -> None:
    """The one line on stderr while another hyvekit command holds ``record_path``'s lock."""
    import sys
    print(f"hyvekit: waiting for another hyvekit command on {record_path}", file=sys.stderr,
          flush=True)


class RecordLock:
    """An exclusive lock on a lock file, held by an open descriptor: ``flock`` on POSIX (the
    lock filelock's ``UnixFileLock`` takes, so older hyvekits and this one exclude each
    other), ``msvcrt.locking`` on Windows.  The system drops it when the process ends,
    however it ends.  The file is opened without following a link.

    :param path: the lock file (created when missing).
    """

    POLL_S = 0.05                 # seconds between two tries while another process holds it

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._fd: int | None = None

    def _try(self) -> bool:
        """Take the lock if it is free now; whether it was taken.

        :raises OSError: the file cannot be opened (or is a link).
        """
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o666)
        try:
            _lock_fd(fd)
            if os.fstat(fd).st_nlink == 0:   # removed while we waited (a delete): try anew
                _unlock_fd(fd)
                os.close(fd)
                return False
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def acquire(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the lock; whether it was taken."""
        deadline = time.monotonic() + timeout
        while not self._try():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(self.POLL_S, left))
        return True

    def release(self) -> None:
        """Let the lock go (nothing when not held)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                _unlock_fd(fd)
            finally:
                os.close(fd)


if os.name == "nt":              # pragma: no cover - tested on POSIX only
    import msvcrt

    def _lock_fd(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


#: the records whose lock this process has taken to write them, in order (what a command
#: stopped by Ctrl-C names: ``cli/entry.py``); whoever runs several commands in one process
#: empties it before each
locked: list[Path] = []


def campaign_lock(record_path: Path, timeout: float = LOCK_TIMEOUT_S, *,
                  on_wait: Callable[[Path], None] | None = say_waiting):
    """An exclusive :class:`RecordLock` on ``<record>.lock`` for a read-modify-write.
    Entering it also removes the stale temporary files of the record and of its journal
    (:func:`remove_stale_temps`).
    When the lock is not had within :data:`LOCK_NOTICE_S`, ``on_wait(record_path)`` is called
    once (by default a line on stderr) and the wait goes on up to ``timeout`` s in all.

    :raises CampaignBusyError: (on entering) the lock could not be had within ``timeout`` s.
    :raises CampaignsFolderError: the lock file cannot be created, or is a link (never
        followed: a dangling link would create its target outside the folder).
    """
    from hyvekit.store.errors import CampaignsFolderError

    lock_path = str(record_path) + ".lock"
    try:  # a lock file that cannot even be created is a folder problem, not a busy record
        fd = os.open(lock_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | _NOFOLLOW, 0o666)
        os.close(fd)
    except OSError as exc:
        problem = ("is a link; hyvekit does not follow links out of its folder (remove it)"
                   if os.path.islink(lock_path) else f"cannot be created ({exc.strerror})")
        raise CampaignsFolderError(Path(record_path).parent,
                                   f"{Path(lock_path).name} {problem}") from None
    lock = RecordLock(lock_path)

    class _Guard:
        def __enter__(self):
            first = min(LOCK_NOTICE_S, timeout) if on_wait else timeout
            taken = lock.acquire(first)
            if not taken and on_wait and first < timeout:
                on_wait(Path(record_path))
                taken = lock.acquire(timeout - first)
            if not taken:
                raise CampaignBusyError(f"{record_path} is locked by another hyvekit command; "
                                        "try again when it has finished")
            locked.append(Path(record_path))        # before anything of it is written
            remove_stale_temps(Path(record_path))
            remove_stale_temps(journal_path(Path(record_path)))
            return lock

        def __exit__(self, *exc):
            lock.release()
            return False

    return _Guard()
