"""A record's journal: the events appended since the record file was last written whole.

Rewriting a long record (hundreds of KB) with an fsync for every step is most of what a step
costs at a table; an append writes only its own line to ``<id>.json.journal`` beside the
record, and fsyncs that small file.  Its format, one JSON value a line::

    {"hyvekit-journal":1,"record":"<SHA-256 of the record file's bytes>"}
    [{event}, {event}]          one line per append: its events, all or none
    [{event}]

The first line binds the journal to the record file's bytes it extends.  An append is
acknowledged only after its line (ending with a newline) is fsynced; a last line without its
newline is an append that never returned (killed mid-write) and is passed over, and cut off
by the next append.  A complete line that does not parse is a damaged file
(:class:`~hyvekit.store.errors.CorruptRecordError`, never written over).

A record smaller than :data:`JOURNAL_FROM` is written whole instead.  The journal is folded
back into the record (the record written whole, atomically, then the journal emptied: an
empty journal is none, and the next append writes its first line in place) before any other
write (undo, redo, adopt, delete, a migration), and when it holds more than
:data:`FOLD_AFTER` events.  A journal whose first line names other bytes
than the record's is *stale* when every event it holds is in the record (a fold killed
between writing the record and removing the journal): it is passed over and removed under
the record's lock.  Otherwise the record was changed behind hyvekit's back (edited, or
copied over) and is refused rather than read without the journal's events.

The record and its journal are read through :class:`~hyvekit.store.campaigns.CampaignStore`
only; a record file copied without its journal is the record as it was at the last fold
(``campaign export`` is the way to copy a record).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from hyvekit.rules.documents import DocumentError, parse_json
from hyvekit.rules.values import dataclass
from hyvekit.store.errors import CampaignsFolderError, CorruptRecordError
from hyvekit.store.storage import atomic_write_bytes, journal_path, read_record_bytes

MAGIC = "hyvekit-journal"
#: the events a journal holds at most before the next append folds it into the record
FOLD_AFTER = 200
#: the size (bytes) from which a record's appends go to a journal: a smaller record is
#: written whole (about what an append to a journal costs)
JOURNAL_FROM = 64 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Journal:
    """A record's journal as read.

    :ivar record: the SHA-256 (hex) of the record file's bytes it extends.
    :ivar events: the events of its acknowledged appends, in order.
    :ivar raw: its complete lines (the header included): what the next append goes after.
    """

    record: str
    events: tuple[dict[str, Any], ...]
    raw: bytes

    def digest(self) -> str:
        """The SHA-256 (hex) of the record with this journal: the record's digest and the
        journal's complete lines (a torn last line does not count)."""
        return hashlib.sha256(self.record.encode("ascii") + b"\n" + self.raw).hexdigest()


def read_journal(record_path: Path) -> Journal | None:
    """The journal beside ``record_path``; None when there is none (or only a torn first
    line: a journal is created whole, so that is no journal).

    :raises CorruptRecordError: a complete line that is not what hyvekit writes (names the
        journal file and the line).
    :raises CampaignsFolderError: the journal is a link (never followed).
    """
    path = journal_path(record_path)
    if path.is_symlink():
        raise CampaignsFolderError(path.parent, f"{path.name} is a link; hyvekit does not "
                                   "follow links out of its folder (remove it)")
    raw = read_record_bytes(path)
    if raw is None:
        return None
    complete = raw[:raw.rfind(b"\n") + 1]
    lines = complete.split(b"\n")[:-1]
    if not lines:
        return None
    head = _line(path, 1, lines[0])
    if (not isinstance(head, dict) or head.get(MAGIC) != 1
            or not isinstance(head.get("record"), str)):
        raise CorruptRecordError(path, f"line 1 is not a hyvekit journal's first line "
                                 f"(expected {{\"{MAGIC}\":1,\"record\":DIGEST}})")
    events: list[dict[str, Any]] = []
    for n, line in enumerate(lines[1:], start=2):
        value = _line(path, n, line)
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise CorruptRecordError(path, f"line {n} is not a list of events")
        events += value
    return Journal(head["record"], tuple(events), complete)


def _line(path: Path, n: int, line: bytes) -> Any:
    try:
        return parse_json(line.decode("utf-8"), f"{path} line {n}")
    except UnicodeDecodeError:
        raise CorruptRecordError(path, f"line {n} is not UTF-8 text") from None
    except DocumentError as exc:
        raise CorruptRecordError(path, f"line {n}: {exc.problem}") from None


def append_journal(record_path: Path, record_digest: str, journal: Journal | None,
                   events: list[dict[str, Any]]) -> Journal:
    """Append ``events`` (one line, all or none) to the journal of the record file whose
    bytes are ``record_digest``, and fsync it; ``journal`` is the journal as read under the
    record's lock (None: there is none, it is created whole: temporary file, fsync, rename,
    fsync of the folder).  A torn last line is cut off first.  Call it only under the
    record's lock.

    :returns: the journal with them.
    :raises OSError: the file cannot be written (an append not acknowledged).
    """
    path = journal_path(record_path)
    line = (_encode(events) + "\n").encode("utf-8")
    if journal is not None and journal.record == record_digest:
        _write_at(path, len(journal.raw), line)
        return Journal(record_digest, journal.events + tuple(events), journal.raw + line)
    head = (_encode({MAGIC: 1, "record": record_digest}) + "\n").encode("utf-8")
    try:          # an empty (or stale) journal: its first line written in place
        _write_at(path, 0, head + line)
    except FileNotFoundError:
        atomic_write_bytes(path, head + line)
    return Journal(record_digest, tuple(events), head + line)


def _write_at(path: Path, offset: int, data: bytes) -> None:
    """Write ``data`` at ``offset`` of the existing file ``path`` (cut there first: what
    follows is an append killed mid-line, or a stale journal) and fsync it.

    :raises FileNotFoundError: no such file.
    """
    fd = os.open(path, os.O_WRONLY | _NOFOLLOW)
    try:
        if os.fstat(fd).st_size != offset:
            os.ftruncate(fd, offset)
        os.lseek(fd, offset, os.SEEK_SET)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def make_journal(record_path: Path) -> None:
    """Create the journal of ``record_path`` empty when there is none (not fsynced: the
    record's next whole write fsyncs the folder).  Under the record's lock."""
    try:
        fd = os.open(journal_path(record_path), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW,
                     0o666)
    except FileExistsError:
        return
    os.close(fd)


def clear_journal(record_path: Path) -> None:
    """Empty the journal of ``record_path`` (after its events were written into the record,
    or when stale) and fsync it; nothing when there is none.  Under the record's lock."""
    try:
        _write_at(journal_path(record_path), 0, b"")
    except FileNotFoundError:
        pass
