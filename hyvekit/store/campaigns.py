"""Campaign records: one tinydb JSON file per campaign, a header plus an append-only event list
(and its journal: the events appended since the file was last written whole).

File layout (tinydb tables)::

    {"header": {"1": {id, name, game, kind, settings, schema_version, created, hyvekit}},
     "events": {"1": {seq, type, data, at, status, result}, "2": {...}, ...}}

``result`` is what the rules core derived after the event when it was written (the adapter's
summary); it is never read back as state, only compared by :meth:`CampaignStore.check`.

State is never stored: :meth:`CampaignStore.state` replays the active events through the game's
rules core, by the adapter the store was given for the record's game and kind
(:mod:`hyvekit.store.adapters`; the store itself knows no game).  The values a campaign is
played with are frozen into its header's settings when it is created (the adapter's
``freeze``), so a record replays the same without the files it was created from.
:meth:`CampaignStore.append` validates a new event
against that state before writing, under an exclusive lock on ``<id>.json.lock``, through the
crash-safe :class:`~hyvekit.store.storage.AtomicJSONStorage`.  Undo marks events ``reverted``;
nothing is ever deleted from a record.  An append whose record is as hyvekit wrote it goes
to the record's journal (:mod:`hyvekit.store.journal`: only the new events written and
fsynced); every read takes the record with its journal, and every other write folds the
journal into the record first.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hyvekit import __version__
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.documents import check_plain, parse_json
from hyvekit.rules.errors import shorten
from hyvekit.rules.validate import input_text, is_whole
from hyvekit.rules.values import dataclass
from hyvekit.store.adapters import (
    GameAdapter,
    Games,
    adapter_in,
    current_settings,
    event_result,
    freeze,
    imported,
    missing_sources,
)
from hyvekit.store.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    CampaignsFolderError,
    CorruptRecordError,
    InvalidIdError,
    NothingToUndoError,
    RecordChangedError,
    SchemaVersionError,
    StoreError,
)
from hyvekit.store.journal import (
    FOLD_AFTER,
    JOURNAL_FROM,
    Journal,
    append_journal,
    clear_journal,
    make_journal,
    read_journal,
)
from hyvekit.store.migrations import SCHEMA_VERSION, migrate
from hyvekit.store.slug import check_id, slugify
from hyvekit.store.states import Kept, StateCache
from hyvekit.store.states import digest as digest_of
from hyvekit.store.storage import (
    CampaignBusyError,
    atomic_write_bytes,
    atomic_write_text,
    campaign_lock,
    dump_json,
    file_identity,
    journal_path,
    parse_json_record,
    read_record_bytes,
    read_record_file,
    remove_stale_temps,
    with_new_events,
)

EXPORT_FORMAT = "hyvekit-campaign"
NOTE = "note"                  # a free-text event every campaign accepts; it changes no state
HINT = "hint"                  # a hint shown at the table (docs/advisor.md); it changes no state
MAX_NOTE = 2000
MAX_NAME = 100
_REWRITE = 0                   # a Record's stored_version that makes its next write store it whole


def hinted_players(events: Iterable[Mapping[str, Any]], before: tuple[str, ...] = ()
                   ) -> tuple[str, ...]:
    """``before`` and then the players that ``events``' ``hint`` events were shown to, each
    once, in the order first shown."""
    names = (e.get("data", {}).get("player") for e in events if e.get("type") == HINT
             and isinstance(e.get("data"), Mapping))
    return tuple(dict.fromkeys((*before, *(str(n) for n in names if n))))


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class RecordReplayError(StoreError):
    """A stored event that the rules core now refuses (the file was edited by hand, or a rule
    changed).  Carries the event number."""

    def __init__(self, path: Path, seq: int, event_type: str, problem: Exception):
        self.path, self.seq, self.event_type, self.problem = path, seq, event_type, problem
        super().__init__(f"{path}: event {seq} ({event_type}) does not replay: {problem}")


class AdoptRefusedError(RecordReplayError):
    """An event the current values of a record's files refuse: they cannot be adopted (the
    rules say no: exit code 1).  The record is left untouched."""

    exit_code = 1

    def __init__(self, path: Path, seq: int, event_type: str, problem: Exception):
        super().__init__(path, seq, event_type, problem)
        self.args = (f"{path}: cannot take the files' current values: event {seq} "
                     f"({event_type}) is refused with them: {problem} (the record is "
                     "unchanged)",)


class MissingSourceError(StoreError):
    """A file a record takes its values from is gone (or is not a file): nothing to adopt."""

    def __init__(self, path: Path, sources: list[str]):
        self.path, self.sources = path, sources
        super().__init__(f"{path}: cannot take the current values of {', '.join(sources)}: not "
                         "a file (the record keeps the values it was created with)")


class Record:
    """A campaign as stored: ``header`` dict and ``events`` in order (dicts with ``seq``,
    ``type``, ``data``, ``at``, ``status`` = "active" | "reverted").

    :ivar stored_version: the schema version of the file on disk.
    :ivar digest: the SHA-256 of the file's bytes it was read from, with its journal's
        (:meth:`Journal.digest <hyvekit.store.journal.Journal.digest>`; None when not read).
    A record read with its state kept (:mod:`hyvekit.store.states`) reads its events from
    those bytes (and its journal's events) only when they are asked for.
    """

    __slots__ = ("path", "header", "stored_version", "digest", "_events", "_raw", "_journal",
                 "_active", "_times", "_hinted")

    def __init__(self, path: Path, header: dict[str, Any],
                 events: tuple[dict[str, Any], ...] | None = (),
                 stored_version: int = SCHEMA_VERSION, *, digest: str | None = None,
                 raw: bytes | None = None, journal: tuple[dict[str, Any], ...] = (),
                 active: tuple[int, ...] | None = None, times: tuple[str, ...] | None = None,
                 hinted: tuple[str, ...] | None = None):
        self.path, self.header, self.stored_version = path, header, stored_version
        self.digest, self._events, self._raw = digest, events, raw
        self._journal, self._active, self._times = journal, active, times
        self._hinted = hinted

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        """Every event, in ``seq`` order."""
        if self._events is None:      # kept state: the bytes were read and checked before
            self._events = _record_from_raw(self.path, self._raw,
                                            journal=self._journal)[0].events
        return self._events

    @property
    def active(self) -> tuple[dict[str, Any], ...]:
        """The events that count (not reverted), in order."""
        return tuple(e for e in self.events if e.get("status") == "active")

    @property
    def active_seqs(self) -> tuple[int, ...]:
        """The ``seq`` of each event that counts, in order (kept with the state: the events
        are not read for it)."""
        if self._active is None:
            self._active = tuple(e["seq"] for e in self.active)
        return self._active

    @property
    def active_times(self) -> tuple[str, ...]:
        """The time (``at``; "" when absent) of each event that counts, in order (kept with
        the state: the events are not read for it)."""
        if self._times is None:
            self._times = tuple(str(e.get("at") or "") for e in self.active)
        return self._times

    @property
    def hinted(self) -> tuple[str, ...]:
        """The players shown a hint (``hint`` events, undone ones among them: a hint undone
        with its step was shown all the same), in the order first shown (kept with the
        state: the events are not read for it)."""
        if self._hinted is None:
            self._hinted = hinted_players(self.events)
        return self._hinted

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return _same_record(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Record({str(self.path)!r}, id={self.header.get('id')!r})"


HEADER_TEXTS = ("id", "name", "game", "kind")    # the header's fields that are texts


def _check_containers(path: Path, doc: dict[str, Any]) -> dict[str, Any]:
    """The header and events tables of a parsed record, checked before anything reads them:
    ``{"header": {"1": {...}}, "events": {"1": {...}, ...}}``.

    :raises CorruptRecordError: another shape.
    """
    headers, events = doc.get("header"), doc.get("events", {})
    if not isinstance(headers, dict) or not isinstance(events, dict):
        raise CorruptRecordError(path, "not a hyvekit campaign record (its header and events "
                                 "must be JSON objects)")
    if len(headers) != 1 or not all(isinstance(h, dict) for h in headers.values()):
        raise CorruptRecordError(path, f"expected one header (a JSON object), found "
                                 f"{len(headers)}")
    for where, table in (("header", headers), ("events", events)):
        for key in table:
            if not (key.isdecimal() and key.isascii() and int(key) >= 1):
                raise CorruptRecordError(path, f"{where}.{key}: a key that is not a number 1, "
                                         "2, ... (hyvekit numbers the entries it writes)")
    for key, event in events.items():
        if not isinstance(event, dict):
            raise CorruptRecordError(path, f"events.{key}: got {shorten(event)}, expected an "
                                     "event (a JSON object)")
    return doc


def _record_from_doc(path: Path, doc: dict[str, Any], stored_version: int = SCHEMA_VERSION,
                     digest: str | None = None) -> Record:
    """Validate the shape and the header's types of a parsed record file (after migration).

    :raises CorruptRecordError: the first field of the wrong shape or type, by name.
    """
    _check_containers(path, doc)
    (header,) = doc["header"].values()
    for key in (*HEADER_TEXTS, "settings", "schema_version"):
        if key not in header:
            raise CorruptRecordError(path, f"the header has no {key!r}")
    for key in HEADER_TEXTS:
        if not isinstance(header[key], str):
            raise CorruptRecordError(path, f"header {key}: got {shorten(header[key])}, "
                                     "expected a text")
    if not isinstance(header["settings"], dict):
        raise CorruptRecordError(path, f"header settings: got {shorten(header['settings'])}, "
                                 "expected a table of settings (a JSON object)")
    _header_version(path, doc)
    events = list(doc.get("events", {}).values())
    seen: set[int] = set()
    for event in events:
        seq = event.get("seq")
        if not is_whole(seq) or seq < 1 or seq in seen:
            raise CorruptRecordError(path, f"an event has a bad or repeated seq ({seq!r})")
        seen.add(seq)
        if not isinstance(event.get("type"), str) or not isinstance(event.get("data", {}), dict):
            raise CorruptRecordError(path, f"event {seq} has no type or its data is not an "
                                     "object")
        if event.get("status") not in ("active", "reverted"):
            raise CorruptRecordError(path, f"event {seq} has status {event.get('status')!r}, "
                                     "expected 'active' or 'reverted'")
    return Record(path, header, tuple(sorted(events, key=lambda e: e["seq"])), stored_version,
                  digest=digest)


def _record_from_raw(path: Path, raw: bytes, digest: str | None = None,
                     journal: tuple[dict[str, Any], ...] = ()) -> tuple[Record, dict[str, Any]]:
    """The record and the document (as parsed, before any migration) of a file's bytes with
    its ``journal``'s events added to its events table (as a fold writes them).

    :raises CorruptRecordError, SchemaVersionError: as :meth:`CampaignStore.load`.
    """
    doc = parse_json_record(path, raw)
    if journal:
        doc = _with_events(_check_containers(path, doc), list(journal))
    version = _header_version(path, doc)
    if version > SCHEMA_VERSION:
        raise SchemaVersionError(str(path), version, SCHEMA_VERSION)
    record = _record_from_doc(path, migrate(doc, version) if version < SCHEMA_VERSION else doc,
                              version, digest)
    if record.header["id"] != Path(path).stem:
        stem, cid = Path(path).stem, record.header["id"]
        raise CorruptRecordError(path, f"its header says id {cid!r} but the file is "
                                 f"{Path(path).name} (a record is found by its id: rename the "
                                 f"file to {cid}.json, or set the header's id to {stem!r})")
    return record, doc


@dataclass(frozen=True)
class Finding:
    """One event that ``campaign check`` flags.

    :ivar kind: ``refused`` (the rules now refuse it), ``changed`` (it replays, but to a different
        result than was stored) or ``unrecorded`` (stored without a result to compare).
    :ivar changes: for ``changed``: ``(field path, stored value, value now)`` triples.
    """

    seq: int
    event_type: str
    kind: str
    message: str
    changes: tuple[tuple[str, Any, Any], ...] = ()


@dataclass(frozen=True)
class CheckReport:
    """What :meth:`CampaignStore.check` found: findings in event order, how many events
    replayed, how many could not be checked because an earlier one was refused."""

    record: Record
    findings: tuple[Finding, ...]
    checked: int
    not_checked: int

    @property
    def ok(self) -> bool:
        """No event refused and no result changed."""
        return not any(f.kind in ("refused", "changed") for f in self.findings)


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out or {prefix: {}}
    if isinstance(value, list):
        out = {}
        for i, v in enumerate(value):
            out.update(_flatten(v, f"{prefix}[{i}]"))
        return out or {prefix: []}
    return {prefix: value}


def diff_results(stored: Any, now: Any) -> list[tuple[str, Any, Any]]:
    """Field-by-field differences of two JSON values: ``[(path, stored, now)]``, paths like
    ``results[0].honey``; a field missing on one side shows as ``None``."""
    a, b = _flatten(stored), _flatten(now)
    return [(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b), key=str)
            if a.get(k) != b.get(k) or (k in a) != (k in b)]


class CampaignStore:
    """The campaigns folder.

    :param folder: where the ``<id>.json`` records live (created on first write).
    :param games: the adapters of the games the store may replay, by ``(game, kind)``
        (``hyvekit.games.ADAPTERS`` for hyvekit's own).
    :param states: where derived states are kept beside the records
        (:class:`~hyvekit.store.states.StateCache`), or None to replay every record whole
        each time it is read.
    """

    def __init__(self, folder: str | Path, games: Games, states: StateCache | None = None):
        self.folder = Path(folder)
        self.games = games
        self.states = states

    def adapter(self, game: str, kind: str) -> GameAdapter:
        """The adapter of ``game``/``kind``. :raises InvalidInputError: none (lists them)."""
        return adapter_in(self.games, game, kind)

    def _adapter_of(self, record: Record) -> GameAdapter:
        return self.adapter(record.header["game"], record.header["kind"])

    # -- paths -----------------------------------------------------------------------------
    def _check_folder(self, writing: bool = False) -> None:
        """:raises CampaignsFolderError: the folder is a file, or (``writing``) not writable."""
        if self.folder.exists() and not self.folder.is_dir():
            raise CampaignsFolderError(self.folder, "this is a file, not a folder")
        if writing:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CampaignsFolderError(self.folder, f"cannot be created ({exc.strerror})")
            if not os.access(self.folder, os.W_OK | os.X_OK):
                raise CampaignsFolderError(self.folder, "you cannot write to this folder")

    def path(self, campaign_id: str) -> Path:
        """``<folder>/<id>.json``.

        :raises InvalidIdError: the id is not a slug (with the campaign it names once
            slugified, ``Friday`` → ``friday``, when that one is in the folder).
        :raises CampaignsFolderError: the folder is a file.
        """
        try:
            cid = check_id(campaign_id)
        except InvalidIdError:
            near = slugify(campaign_id) if isinstance(campaign_id, str) else ""
            known = self.folder.is_dir() and (self.folder / f"{near}.json").is_file()
            raise InvalidIdError(campaign_id, [near] if known else []) from None
        self._check_folder()
        return self.folder / f"{cid}.json"

    def ids(self) -> list[str]:
        """Ids of every record file in the folder, sorted."""
        self._check_folder()
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.json")
                      if not p.name.startswith(".") and not p.is_dir())

    def sweep(self) -> list[Path]:
        """Remove what a writer killed before its record existed left (a ``campaign import``
        or a ``new`` killed mid-write): the lock file of a record that is not there and that
        record's temporary files, each under its own lock taken without waiting (a writer
        still at work holds it: its files are left alone).  Returns what was removed."""
        if not self.folder.is_dir():
            return []
        removed: list[Path] = []
        for lock in sorted(self.folder.glob("*.json.lock")):
            record = Path(str(lock)[:-len(".lock")])
            if record.exists() or lock.is_symlink():
                continue
            try:
                with campaign_lock(record, timeout=0, on_wait=None):
                    removed += remove_stale_temps(record)
                    if not record.exists():
                        lock.unlink(missing_ok=True)
                        removed.append(lock)
            except (CampaignBusyError, CampaignsFolderError, OSError):
                continue
        return removed

    @contextmanager
    def _write_lock(self, campaign_id: str, fold: bool = True) -> Iterator[Path]:
        """The lock of a record that is there, for a read-modify-write (:func:`campaign_lock`):
        the id is checked before the lock file is made, so a mistyped one leaves nothing
        behind (nor does a record deleted while this waited for its lock).  ``fold``: its
        journal is first folded into the record (:meth:`_fold`), so that the write sees one
        file.

        :raises CampaignNotFoundError: no such record (with its close matches).
        """
        path = self.path(campaign_id)
        if not path.exists():
            raise CampaignNotFoundError(campaign_id, self.folder, self.ids())
        self._check_folder(writing=True)
        try:
            with campaign_lock(path):
                if fold:
                    self._fold(campaign_id, path)
                yield path
        except CampaignNotFoundError:       # deleted meanwhile: its lock file goes too
            Path(str(path) + ".lock").unlink(missing_ok=True)
            raise

    def exists(self, campaign_id: str) -> bool:
        """Whether a record file with this id is in the folder (:raises InvalidIdError:)."""
        return self.path(campaign_id).exists()

    def new_id(self, name: str) -> str:
        """A free id made from ``name``: its slug, then ``slug-2``, ``slug-3``..."""
        base = slugify(name)
        candidate, n = base, 1
        while self.path(candidate).exists():
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    # -- reading ---------------------------------------------------------------------------
    def _read(self, campaign_id: str) -> Record:
        return self._read_doc(campaign_id)[0]

    def _read_doc(self, campaign_id: str) -> tuple[Record, dict[str, Any]]:
        """The record (with its journal) and the file's document as parsed (before any
        migration, the journal's events added)."""
        path = self.path(campaign_id)
        files = self._files(campaign_id, path)
        return _record_from_raw(path, files.raw, files.digest, files.journal_events)

    def digest(self, campaign_id: str) -> str:
        """The record's digest as it is now (its file's bytes with its journal's:
        :attr:`Record.digest`), the record not parsed.

        :raises CampaignNotFoundError, CorruptRecordError: as :meth:`load`.
        """
        return self._files(campaign_id, self.path(campaign_id)).digest

    def _bytes(self, campaign_id: str, path: Path) -> bytes:
        raw = read_record_bytes(path)
        if raw is None:
            raise CampaignNotFoundError(campaign_id, self.folder, self.ids())
        return raw

    def _files(self, campaign_id: str, path: Path) -> _Files:
        """The record file's bytes and the journal that extends them: the record read again
        when the journal names other bytes (a fold or an append of another process in
        between), until the record stands still.

        :raises CorruptRecordError: a journal with events the record does not have, of other
            bytes than the record's (the record changed behind hyvekit's back).
        """
        for _ in range(20):
            read = read_record_file(path)
            if read is None:
                raise CampaignNotFoundError(campaign_id, self.folder, self.ids())
            raw, identity = read
            journal = read_journal(path)
            # a fold writes the record, then empties the journal: the journal read after
            # the record, the record still the file read, they belong together
            if file_identity(path) != identity:
                continue
            digest = digest_of(raw)
            if journal is None or journal.record == digest:
                return _Files(raw, digest, journal)
            break
        else:
            raise CampaignBusyError(f"{path} kept changing while it was read; try again")
        assert journal is not None
        by_seq = {e["seq"]: e for e in _record_from_raw(path, raw)[0].events}
        if all(by_seq.get(e.get("seq")) == e for e in journal.events):
            return _Files(raw, digest, None, stale=True)     # a fold killed before its end
        raise CorruptRecordError(journal_path(path), f"it holds events appended to {path.name} "
                                 f"that {path.name} does not have, and {path.name} has changed "
                                 "since (edited, or copied over); hyvekit does not read the "
                                 "record without them: put back the record it extends, or "
                                 f"move the journal aside to read {path.name} as it is")

    def _read_kept(self, campaign_id: str) -> _Read:
        """The record with its kept state when there is one for these bytes and journal (the
        events then read only when asked for), else the record and document parsed."""
        path = self.path(campaign_id)
        files = self._files(campaign_id, path)
        kept = None if self.states is None else self.states.get(path, files.digest)
        if kept is not None:
            record = Record(path, kept.header, None, kept.stored_version, digest=files.digest,
                            raw=files.raw, journal=files.journal_events, active=kept.active,
                            times=kept.times, hinted=kept.hinted)
            return _Read(record, files, None, kept)
        record, doc = _record_from_raw(path, files.raw, files.digest, files.journal_events)
        return _Read(record, files, doc, None)

    def _keep(self, record: Record, digest: str, state: Any, max_key: int | None,
              max_seq: int, active: tuple[int, ...], times: tuple[str, ...],
              hinted: tuple[str, ...]) -> None:
        """Keep ``state`` as what the record whose digest (with its journal) is ``digest``
        replays to."""
        if self.states is not None:
            self.states.put(record.path, digest, Kept(record.header, record.stored_version,
                                                      max_key, max_seq, state, active, times,
                                                      hinted))

    def _write_whole(self, path: Path, raw: bytes) -> None:
        """Write the record file ``path`` whole (atomically), then empty its journal, whose
        events ``raw`` holds.  A long record gets an empty journal before it is written
        (made durable by the same fsync of the folder), so that its next append writes one
        file.  Under the record's lock."""
        if len(raw) >= JOURNAL_FROM:
            make_journal(path)
        atomic_write_bytes(path, raw)
        clear_journal(path)

    def _fold(self, campaign_id: str, path: Path) -> bool:
        """Write the journal's events into the record file and empty the journal (a stale
        one only emptied), the kept state kept for the new bytes; whether there were events
        to write.  Under the record's lock.

        :raises CorruptRecordError, SchemaVersionError: as :meth:`load`.
        """
        files = self._files(campaign_id, path)
        if files.journal is None:
            if files.stale:
                clear_journal(path)
            return False
        kept = None if self.states is None else self.states.get(path, files.digest)
        _, doc = _record_from_raw(path, files.raw, journal=files.journal_events)
        raw = dump_json(doc).encode("utf-8")
        self._write_whole(path, raw)
        if kept is not None:
            self.states.put(path, digest_of(raw), kept)
        return bool(files.journal_events)

    def fold(self, campaign_id: str) -> bool:
        """Write the record's journal into its file now (every write but an append does so
        first; an append when the journal is full): whether it held events.

        :raises CampaignNotFoundError, CorruptRecordError, SchemaVersionError: as
            :meth:`load`.
        """
        with self._write_lock(campaign_id, fold=False) as path:
            return self._fold(campaign_id, path)

    def mark(self, campaign_id: str) -> tuple[tuple[int, int, int] | None, ...]:
        """What changes whenever the record is written: the modification time, size and
        inode of its file and of its journal (None for one that is not there)."""
        path = self.path(campaign_id)
        out = []
        for p in (path, journal_path(path)):
            try:
                st = os.stat(p)
            except OSError:
                out.append(None)
                continue
            out.append((st.st_mtime_ns, st.st_size, st.st_ino))
        return tuple(out)

    def load(self, campaign_id: str) -> Record:
        """Read a record. :raises CampaignNotFoundError, CorruptRecordError, SchemaVersionError."""
        return self._read(campaign_id)

    def replay(self, record: Record, upto: int | None = None) -> Any:
        """The state after the active events (only those with ``seq <= upto`` if given).

        :raises RecordReplayError: an event the rules core refuses.
        """
        return self._replay(record, record.header["settings"], upto)

    def _replay(self, record: Record, settings: Any, upto: int | None = None) -> Any:
        adapter = self._adapter_of(record)
        try:
            state = adapter.initial_state(settings)
        except (ValueError, KeyError, TypeError) as exc:
            raise CorruptRecordError(record.path, f"its settings are not valid: {exc}") from None
        for event in record.active:
            if upto is not None and event["seq"] > upto:
                break
            if event["type"] == NOTE:
                continue
            try:
                state = adapter.play(state, event["type"], event.get("data", {}))
            except ValueError as exc:
                raise RecordReplayError(record.path, event["seq"], event["type"], exc) from None
        return state

    def check(self, campaign_id: str) -> CheckReport:
        """Replay every active event with the current rules and data, and compare each result
        with the one stored when the event was written.

        The current data include the values of the files the record was created from, read
        again when they are still there (the adapter's ``current_settings``): a corrected value
        shows as a changed result here, and :meth:`adopt` takes it into the record.

        :returns: a :class:`CheckReport`; replay stops at the first refused event (the events
            after it depend on it and are counted as not checked).
        """
        record = self._read(campaign_id)
        adapter = self._adapter_of(record)
        findings: list[Finding] = []
        try:
            state = adapter.initial_state(current_settings(adapter, record.header["settings"]))
        except (ValueError, KeyError, TypeError) as exc:
            return CheckReport(record, (Finding(0, "settings", "refused", str(exc)),), 0,
                               len(record.active))
        events = [e for e in record.active if e["type"] != NOTE]
        checked = 0
        for event in events:
            try:
                state = adapter.play(state, event["type"], event.get("data", {}))
            except ValueError as exc:
                findings.append(Finding(event["seq"], event["type"], "refused", str(exc)))
                return CheckReport(record, tuple(findings), checked, len(events) - checked - 1)
            checked += 1
            if "result" not in event:
                findings.append(Finding(event["seq"], event["type"], "unrecorded",
                                        "written before results were stored: nothing to "
                                        "compare"))
                continue
            changes = diff_results(event["result"], event_result(adapter, state))
            if changes:
                findings.append(Finding(event["seq"], event["type"], "changed", "",
                                        tuple(changes)))
        return CheckReport(record, tuple(findings), checked, 0)

    def state(self, campaign_id: str) -> tuple[Record, Any]:
        """``(record, derived state)`` of a campaign: the state kept for the record's bytes
        when there is one, else the record replayed (and its state kept)."""
        read = self._read_kept(campaign_id)
        if read.kept is not None:
            return read.record, read.kept.state
        state = self.replay(read.record)
        self._keep(read.record, read.files.digest, state, _max_key(read.doc),
                   _max_seq(read.record), read.record.active_seqs, read.record.active_times,
                   read.record.hinted)
        return read.record, state

    # -- writing ---------------------------------------------------------------------------
    def _db(self, path: Path):
        from tinydb import TinyDB

        from hyvekit.store.storage import AtomicJSONStorage
        # A fresh TinyDB per operation: tinydb caches ids per instance, and another process may
        # have written since.
        return TinyDB(path, storage=AtomicJSONStorage)

    def _write_migrated(self, record: Record) -> None:
        """Before the first write to a record of an older schema, or whose settings were just
        frozen (:meth:`_frozen`), store it whole."""
        if record.stored_version != SCHEMA_VERSION:
            self._write_whole(record.path, dump_json(_doc_from_record(record)).encode("utf-8"))

    def _frozen(self, record: Record, adapter: GameAdapter) -> Record:
        """``record`` with the values its settings name copied into them (a record created
        before values were frozen: its file is read this once).  Marked for a whole write."""
        settings = record.header["settings"]
        frozen = freeze(adapter, settings)
        if frozen == settings:
            return record
        return Record(record.path, {**record.header, "settings": frozen}, record.events,
                      _REWRITE)

    def adopt(self, campaign_id: str) -> Record:
        """Take the values of the files a record was created from, as they are now, into its
        settings (after ``check`` showed what they change): every active event must still
        replay with them.

        :returns: the record as written (unchanged when the values are the same).
        :raises AdoptRefusedError: an event the new values refuse; the file is left untouched.
        :raises MissingSourceError: a file the record was created from is gone.
        """
        with self._write_lock(campaign_id):
            record = self._read(campaign_id)
            adapter = self._adapter_of(record)
            settings = record.header["settings"]
            gone = missing_sources(adapter, settings)
            if gone:
                raise MissingSourceError(record.path, gone)
            now = current_settings(adapter, settings)
            if now == settings:
                return record
            try:
                self._replay(record, now)
            except RecordReplayError as exc:
                raise AdoptRefusedError(record.path, exc.seq, exc.event_type,
                                        exc.problem) from None
            record = Record(record.path, {**record.header, "settings": now}, record.events,
                            _REWRITE)
            self._write_migrated(record)
            return record

    def create(self, name: str, game: str, kind: str, settings: dict[str, Any],
               campaign_id: str | None = None) -> Record:
        """Create a record (validating ``settings`` with the rules core first).

        :param campaign_id: wanted id; default: a free slug of ``name``.
        :raises CampaignExistsError: ``campaign_id`` is taken.
        :raises InvalidInputError: bad name or settings.
        """
        name = input_text("name", str(name), MAX_NAME)
        adapter = self.adapter(game, kind)
        settings = check_plain("settings", freeze(adapter, settings))   # as its reader will
        adapter.initial_state(settings)
        self._check_folder(writing=True)
        cid = check_id(campaign_id) if campaign_id is not None else self.new_id(name)
        path = self.path(cid)
        with campaign_lock(path):
            if path.exists():
                raise CampaignExistsError(cid, path)
            self._orphan_journal(path)
            header = {"id": cid, "name": name, "game": game, "kind": kind,
                      "settings": settings, "schema_version": SCHEMA_VERSION,
                      "created": _now(), "hyvekit": __version__}
            atomic_write_text(path, dump_json({"header": {"1": header}, "events": {}}))
        return Record(path, header, ())

    def append(self, campaign_id: str, event_type: str, data: dict[str, Any]) -> tuple[dict, Any]:
        """Validate one event against the derived state and append it.

        :returns: ``(the stored event, the state after it)``.
        :raises IllegalActionError, InvalidInputError: refused by the rules core; the file is
            left untouched.
        """
        return self.append_many(campaign_id, [(event_type, data)])[-1]

    def append_many(self, campaign_id: str, events: list[tuple[str, dict[str, Any]]], *,
                    known: tuple[Record, Any] | None = None) -> list[tuple[dict, Any]]:
        """Append several events atomically: all are validated in order (each played by the
        record's adapter), then written at once.

        :param known: ``(record, state)`` the caller already has from :meth:`state`: when the
            record read under the lock is still that one (the same header and events), its
            state is taken instead of replaying the record again; when it is not and the rules
            refuse an event, :class:`RecordChangedError` says so.
        """
        def played(record: Record, state: Any, adapter: GameAdapter,
                   changed: bool) -> list[tuple[str, dict[str, Any], Any]]:
            out = []
            for event_type, data in events:
                if event_type == NOTE:
                    data = _note(data)
                check_plain(f"{event_type} event", data)     # what its reader will accept
                if event_type != NOTE:
                    try:
                        state = adapter.play(state, event_type, data)
                    except (IllegalActionError, InvalidInputError) as exc:
                        if changed:
                            raise RecordChangedError(campaign_id, str(exc)) from exc
                        raise
                out.append((event_type, data, state))
            return out

        return self._append(campaign_id, played, known)

    def transact(self, campaign_id: str,
                 make: Callable[[Record, Any], list[tuple[str, dict[str, Any], Any]]], *,
                 known: tuple[Record, Any] | None = None) -> list[tuple[dict, Any]]:
        """Append the events that ``make(record, state)`` gives, with the state after each,
        all at once: ``make`` is called under the record's lock with the record as it is now
        and its state (kept, ``known`` or replayed), and has checked every event by the rules
        itself (each step pushed once: :func:`hyvekit.games.table.apply_steps`).  The events
        are not played again here; a record read later without its kept state replays them
        through its adapter.

        :param known: as for :meth:`append_many`; when the record changed since, a rule's
            refusal from ``make`` becomes :class:`RecordChangedError`.
        :returns: ``(the stored event, the state after it)`` for each event.
        :raises IllegalActionError, InvalidInputError: what ``make`` raises; nothing is
            written then.
        """
        def played(record: Record, state: Any, adapter: GameAdapter,
                   changed: bool) -> list[tuple[str, dict[str, Any], Any]]:
            try:
                out = make(record, state)
            except (IllegalActionError, InvalidInputError) as exc:
                if changed:
                    raise RecordChangedError(campaign_id, str(exc)) from exc
                raise
            for event_type, data, _ in out:
                check_plain(f"{event_type} event", data)     # what its reader will accept
            return out

        return self._append(campaign_id, played, known)

    def _append(self, campaign_id: str, played: Callable[..., list[tuple[str, dict, Any]]],
                known: tuple[Record, Any] | None) -> list[tuple[dict, Any]]:
        """Under the lock: the record and its state, the events ``played(record, state,
        adapter, changed)`` gives with their states, written at once and the last state kept
        (``changed``: ``known`` was given and the record is no longer that one)."""
        with self._write_lock(campaign_id, fold=False) as path:
            read = self._read_kept(campaign_id)
            record = read.record
            adapter = self._adapter_of(record)
            if read.kept is not None:
                state = read.kept.state
            elif known is not None and _same_record(known[0], record):
                state = known[1]
            else:
                state = self.replay(record)
            as_read = record
            changed = known is not None and not _same_record(known[0], as_read)
            record = self._frozen(record, adapter)
            seq = _max_seq(record) if read.kept is None else read.kept.max_seq
            max_key = _max_key(read.doc) if read.kept is None else read.kept.max_key
            out = []
            for event_type, data, after in played(record, state, adapter, changed):
                seq += 1
                event = {"seq": seq, "type": event_type, "data": data, "at": _now(),
                         "status": "active"}
                if event_type != NOTE:
                    event["result"] = event_result(adapter, after)
                out.append((event, after))
            added = [e for e, _ in out]
            if record.stored_version != SCHEMA_VERSION:
                self._write_migrated(record)
                self._db(path).table("events").insert_multiple(added)
                return out
            active = (read.kept.active if read.kept is not None and read.kept.active
                      is not None else as_read.active_seqs) + tuple(e["seq"] for e in added)
            times = (read.kept.times if read.kept is not None and read.kept.times
                     is not None else as_read.active_times) + tuple(e["at"] for e in added)
            hinted = hinted_players(added, read.kept.hinted if read.kept is not None
                                    and read.kept.hinted is not None else as_read.hinted)
            files = read.files
            journal = files.journal_events
            if (record is as_read and max_key is not None
                    and (files.journal is not None or len(files.raw) >= JOURNAL_FROM)
                    and len(journal) + len(added) <= FOLD_AFTER):
                # only the new events written: a line of the journal
                digest = append_journal(path, files.record_digest, files.journal,
                                        added).digest()
            else:
                # written whole, the journal's events in it: spliced in after the last event
                # when the file is as dump_json writes it and its header unchanged
                raw = None
                if record is as_read and max_key is not None:
                    raw = with_new_events(files.raw, record.header,
                                          max_key - len(journal) + 1, [*journal, *added])
                if raw is None:
                    doc = read.doc if read.doc is not None else _record_from_raw(
                        path, files.raw, journal=journal)[1]
                    raw = dump_json(_with_events(doc, added)).encode("utf-8")
                    max_key = _max_key(doc)
                self._write_whole(path, raw)
                digest = digest_of(raw)
            if out:
                self._keep(record, digest, out[-1][1], None if max_key is None
                           else max_key + len(added), seq, active, times, hinted)
            return out

    def undo(self, campaign_id: str, to: int | None = None) -> list[dict[str, Any]]:
        """Mark the newest active event (or every active event after ``to``) as reverted.

        :param to: keep active events with ``seq <= to``; 0 reverts all of them.
        :returns: the events reverted (newest last).
        :raises NothingToUndoError: no active event to revert.
        :raises CorruptRecordError, RecordReplayError, InvalidInputError: a record every
            reader refuses (an unknown game, settings or events its game does not read): it
            is left as it is.
        """
        with self._write_lock(campaign_id) as path:
            record = self.state(campaign_id)[0]      # read as strictly as every reader
            active = record.active
            if to is None:
                targets = active[-1:]
            else:
                if to < 0:
                    raise InvalidInputError("--to", to, "an event number of at least 0")
                targets = tuple(e for e in active if e["seq"] > to)
            if not targets:
                raise NothingToUndoError(
                    f"{campaign_id}: no active event " + ("to undo" if to is None
                                                         else f"after event {to}"))
            self._write_migrated(record)
            stamp = datetime.now(timezone.utc).isoformat(timespec="microseconds")  # one per undo
            seqs = {e["seq"] for e in targets}
            from tinydb import where
            db = self._db(path)
            db.table("events").update({"status": "reverted", "reverted_at": stamp},
                                      where("seq").one_of(sorted(seqs)))
            return [{**e, "status": "reverted", "reverted_at": stamp} for e in targets]

    def redo(self, campaign_id: str) -> list[dict[str, Any]]:
        """Make the most recently undone events active again (the whole batch one ``undo``
        reverted), if they come after every active event and still replay.

        :returns: the events made active again, in order.
        :raises NothingToUndoError: nothing was undone after the newest active event.
        :raises IllegalActionError, InvalidInputError: the rules now refuse one of them; the
            file is left untouched.
        """
        with self._write_lock(campaign_id) as path:
            record, state = self.state(campaign_id)  # read as strictly as every reader
            last_active = max((e["seq"] for e in record.active), default=0)
            undone = [e for e in record.events
                      if e.get("status") == "reverted" and e["seq"] > last_active]
            if not undone:
                raise NothingToUndoError(f"{campaign_id}: nothing to redo (no undone event after "
                                         f"the newest active one)")
            # the batch the last undo reverted, and nothing an earlier undo reverted: those
            # stay undone (the next redo brings them back)
            stamp = max(str(e.get("reverted_at", "")) for e in undone)
            batch = [e for e in undone if str(e.get("reverted_at", "")) == stamp]
            adapter = self._adapter_of(record)
            record = self._frozen(record, adapter)
            for event in batch:                              # refuse before writing anything
                if event["type"] != NOTE:
                    state = adapter.play(state, event["type"], event.get("data", {}))
            self._write_migrated(record)
            from tinydb import where
            seqs = sorted(e["seq"] for e in batch)
            self._db(path).table("events").update(
                {"status": "active", "redone_at": _now()}, where("seq").one_of(seqs))
            return [{**e, "status": "active"} for e in batch]

    def delete(self, campaign_id: str) -> Path:
        """Move a record into ``<folder>/.trash/`` (nothing is destroyed); return where it went.
        A record that does not parse (:class:`CorruptRecordError`) is moved too, byte for byte
        as it is: deleting it is how a player clears it from the folder, and the trash keeps it
        for whoever can mend it.

        :raises CampaignNotFoundError: no such record.
        :raises SchemaVersionError: a record of a newer hyvekit (that one can delete it).
        :raises CampaignsFolderError: ``.trash`` is a link or a file (never followed out).
        """
        with self._write_lock(campaign_id, fold=False) as path:
            try:
                self._fold(campaign_id, path)
                self._read(campaign_id)
            except CorruptRecordError:
                pass                              # moved as it is, never rewritten
            trash = self.folder / ".trash"
            if trash.is_symlink() or (trash.exists() and not trash.is_dir()):
                raise CampaignsFolderError(self.folder, ".trash is a link or a file; hyvekit "
                                           "moves deleted records only into its own .trash "
                                           "folder (remove it)")
            trash.mkdir(exist_ok=True)
            target = trash / f"{campaign_id}-{datetime.now(timezone.utc):%Y%m%dT%H%M%S%f}.json"
            shutil.move(str(path), target)
            journal = journal_path(path)
            if journal.exists() and journal.stat().st_size:   # a record that does not parse
                shutil.move(str(journal), journal_path(target))
            journal.unlink(missing_ok=True)                    # an empty one: none
            if self.states is not None:
                self.states.forget(path)
        Path(str(path) + ".lock").unlink(missing_ok=True)
        return target

    def _orphan_journal(self, path: Path) -> None:
        """Before a record is created at ``path``: a journal left there without its record
        (the record file removed by hand) goes into ``.trash`` — it would not belong to the
        new record, and nothing is destroyed.  Under the record's lock."""
        journal = journal_path(path)
        if not journal.exists() or journal.is_symlink():
            return
        trash = self.folder / ".trash"
        if trash.is_symlink() or (trash.exists() and not trash.is_dir()):
            raise CampaignsFolderError(self.folder, f"{journal.name} has no record, and "
                                       ".trash is a link or a file (remove one of them)")
        trash.mkdir(exist_ok=True)
        stamp = f"{datetime.now(timezone.utc):%Y%m%dT%H%M%S%f}"
        os.replace(journal, trash / f"{path.stem}-{stamp}.json.journal")

    # -- export / import -----------------------------------------------------------------
    def export(self, campaign_id: str) -> str:
        """The record as plain JSON text (format ``hyvekit-campaign``, current schema)."""
        record = self._read(campaign_id)
        return dump_json({"format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION,
                          "header": {**record.header, "schema_version": SCHEMA_VERSION},
                          "events": list(record.events)})

    def import_text(self, text: str, source: str = "import",
                    campaign_id: str | None = None) -> Record:
        """Import an export: migrate an older schema, refuse a newer one, replay every event.

        :param campaign_id: store under this id instead of the exported one.
        :raises SchemaVersionError: written by a newer hyvekit.
        :raises CampaignExistsError: the id is taken.
        :raises InvalidInputError: not a hyvekit export, or one naming a file of its game's
            values that it does not carry (a file it names is never read: the adapter's
            ``imported``).
        """
        doc = parse_json(text, source)
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise InvalidInputError(source, "a different file", f"a {EXPORT_FORMAT} export")
        version = doc.get("schema_version")
        if not is_whole(version) or version < 1:
            raise InvalidInputError(f"{source}: schema_version", version, "a whole number >= 1")
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(source, version, SCHEMA_VERSION)
        if not isinstance(doc.get("events"), list) or not isinstance(doc.get("header"), dict):
            raise InvalidInputError(source, "no header or events", f"a {EXPORT_FORMAT} export")
        as_record = {"header": {"1": {**doc["header"], "schema_version": version}},
                     "events": {str(i + 1): e for i, e in enumerate(doc["events"])}}
        _check_containers(Path(source), as_record)
        if version < SCHEMA_VERSION:
            as_record = migrate(as_record, version)
        cid = check_id(as_record["header"]["1"].get("id", "") if campaign_id is None
                       else campaign_id)
        as_record["header"]["1"]["id"] = cid
        path = self.path(cid)
        # the files an export names are the exporter's: never read here
        header = as_record["header"]["1"]
        try:
            adapter = self._adapter_of(_record_from_doc(Path(source), as_record))
            header["settings"] = imported(adapter, header["settings"])
            # every active event must still be legal; errors name the file being imported
            self.replay(_record_from_doc(Path(source), as_record))
        except CorruptRecordError as exc:      # an export is no record of the folder: no
            raise InvalidInputError(source, "an export it cannot read",   # word of deleting
                                    f"a {EXPORT_FORMAT} export this hyvekit can read "
                                    f"({exc.problem})") from None
        record = _record_from_doc(path, as_record)
        self._check_folder(writing=True)
        with campaign_lock(path):
            if path.exists():
                raise CampaignExistsError(cid, path)
            self._orphan_journal(path)
            atomic_write_text(path, dump_json(as_record))
        return record


def _note(data: dict[str, Any]) -> dict[str, Any]:
    """A note event's data, checked: ``{"text": TEXT}``.

    :raises InvalidInputError: empty, too long, or with control or invisible characters
        (:func:`~hyvekit.rules.validate.input_text`).
    """
    return {"text": input_text("note", str(data.get("text", "")), MAX_NOTE, lines=True)}


def _with_events(doc: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """``doc`` (a record file as parsed) with ``events`` added to its events table, as
    tinydb's ``table("events").insert_multiple(events)`` writes it: the events numbered on
    from the highest number in use (from 1 in an empty table), every number as text."""
    table = {int(k): v for k, v in doc.get("events", {}).items()}
    next_id = max(table) + 1 if table else 1
    for event in events:
        table[next_id] = dict(event)
        next_id += 1
    return {**doc, "events": {str(k): v for k, v in table.items()}}


@dataclass(frozen=True)
class _Files:
    """A record's files as read: the record file's bytes and their SHA-256 (hex), the
    journal that extends them (None: none), ``stale``: a journal of an earlier form of the
    record is there, every event of it in the record (removed by the next write)."""

    raw: bytes
    record_digest: str
    journal: Journal | None
    stale: bool = False

    @property
    def journal_events(self) -> tuple[dict[str, Any], ...]:
        return () if self.journal is None else self.journal.events

    @property
    def digest(self) -> str:
        """The record's digest with its journal (:attr:`Record.digest`)."""
        return self.record_digest if self.journal is None else self.journal.digest()


@dataclass(frozen=True)
class _Read:
    """A record as read: the record, its files, the document parsed (None when its state
    was kept and it was not parsed; the journal's events in it) and the kept state (None
    when not kept)."""

    record: Record
    files: _Files
    doc: dict[str, Any] | None
    kept: Kept | None


def _max_key(doc: dict[str, Any] | None) -> int | None:
    """The highest number of a parsed record's events table (0 when empty); None when a key
    is not a number."""
    if doc is None:
        return None
    try:
        return max((int(k) for k in doc.get("events", {})), default=0)
    except (TypeError, ValueError):
        return None


def _max_seq(record: Record) -> int:
    return max((e["seq"] for e in record.events), default=0)


def _same_record(a: Record, b: Record) -> bool:
    """Whether two reads of a record give the same header and events (so the same state):
    the same bytes when both were read from a file."""
    if a.path != b.path or a.stored_version != b.stored_version:
        return False
    if a.digest is not None and b.digest is not None:
        return a.digest == b.digest
    return a.header == b.header and a.events == b.events


def _doc_from_record(record: Record) -> dict[str, Any]:
    return {"header": {"1": {**record.header, "schema_version": SCHEMA_VERSION}},
            "events": {str(i + 1): e for i, e in enumerate(record.events)}}


def _header_version(path: Path, doc: dict[str, Any]) -> int:
    """The schema version of a parsed record (its containers checked first).

    :raises CorruptRecordError: no single header, or a version that is not a whole number
        >= 1 (``true`` is not 1).
    """
    _check_containers(path, doc)
    (header,) = doc["header"].values()
    if "schema_version" not in header:
        raise CorruptRecordError(path, "not a hyvekit campaign record (no single header with a "
                                 "schema_version)")
    version = header["schema_version"]
    if not is_whole(version) or version < 1:
        raise CorruptRecordError(path, f"schema_version {version!r} is not a whole number >= 1")
    return version
