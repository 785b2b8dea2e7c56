"""A record's journal (hyvekit/store/journal.py): an append to a long record writes only its
events beside the record; every reader sees the record with its journal, every other write
folds it in first, and no acknowledged append is lost however a writer is stopped."""

from __future__ import annotations

import json
import os
import shutil

import pytest

import hyvekit.store.campaigns as C
from hyvekit.games import campaign_store
from hyvekit.store.errors import CampaignsFolderError, CorruptRecordError
from hyvekit.store.storage import journal_path

from .helpers import cli, make_run, snapshot


@pytest.fixture
def journaled(monkeypatch):
    """Every record's appends go to its journal (a small record too)."""
    monkeypatch.setattr(C, "JOURNAL_FROM", 0)


def _notes(store, cid, texts):
    for t in texts:
        store.append(cid, "note", {"text": t})


def _journal_lines(path):
    return journal_path(path).read_bytes().decode().splitlines()


def test_an_append_to_a_long_record_writes_only_its_journal(store):
    cid = make_run(store)
    _notes(store, cid, ["x" * 2000] * 30)                 # under 64 KiB: written whole
    path = store.path(cid)
    assert path.stat().st_size < C.JOURNAL_FROM and not journal_path(path).exists()
    _notes(store, cid, ["y" * 2000] * 15)                  # the record is long now
    assert path.stat().st_size >= C.JOURNAL_FROM and journal_path(path).exists()
    before = snapshot(path)
    event, _ = store.append(cid, "note", {"text": "the newest"})
    assert snapshot(path) == before                       # the record file untouched
    lines = _journal_lines(path)
    head = json.loads(lines[0])
    assert head["hyvekit-journal"] == 1
    assert json.loads(lines[-1]) == [event]
    record = store.load(cid)
    assert record.events[-1] == event and [e["seq"] for e in record.events] == \
        list(range(1, 47))


def test_a_small_record_is_written_whole(store):
    cid = make_run(store)
    _notes(store, cid, ["a", "b"])
    assert not journal_path(store.path(cid)).exists()


def test_every_reader_sees_the_record_with_its_journal(store, journaled, tmp_path):
    cid = make_run(store)
    store.append(cid, "start", {})
    _notes(store, cid, ["one", "two"])
    store.undo(cid)                                       # a fold, then an undo
    _notes(store, cid, ["three", "four"])
    path = store.path(cid)
    assert len(_journal_lines(path)) == 3                 # its first line and two appends
    folder = store.folder
    commands = [["campaign", "show", cid], ["campaign", "history", cid],
                ["campaign", "check", cid], ["campaign", "export", cid],
                ["campaign", "list"]]
    with_journal = [cli(args, folder) for args in commands]
    state_before = store.state(cid)[1]
    assert store.fold(cid) is True
    assert journal_path(path).read_bytes() == b""         # an empty journal is none
    assert [e["data"].get("text") for e in json.loads(path.read_bytes())["events"].values()
            if e["type"] == "note"] == ["one", "two", "three", "four"]
    whole = [cli(args, folder) for args in commands]
    for args, a, b in zip(commands, with_journal, whole):
        assert a.exit_code == b.exit_code == 0, (args, a.output)
        assert a.stdout == b.stdout, args
    assert "three" in with_journal[1].stdout and "four" in with_journal[3].stdout
    # the state kept for the journal's bytes is kept for the folded file's
    assert store.state(cid)[1] == state_before == store.replay(store.load(cid))
    assert store.fold(cid) is False


def test_undo_and_redo_fold_the_journal_first(store, journaled):
    cid = make_run(store)
    _notes(store, cid, ["a", "b", "c"])
    path = store.path(cid)
    undone = store.undo(cid, 1)
    assert [e["seq"] for e in undone] == [2, 3]
    assert journal_path(path).read_bytes() == b""
    assert [e["status"] for e in store.load(cid).events] == ["active", "reverted", "reverted"]
    assert [e["seq"] for e in store.redo(cid)] == [2, 3]
    assert store.load(cid).active_seqs == (1, 2, 3)
    event, _ = store.append(cid, "note", {"text": "d"})     # back to the journal
    assert json.loads(_journal_lines(path)[-1]) == [event]
    assert store.state(cid)[0].active_seqs == (1, 2, 3, 4)


def test_a_full_journal_is_folded_by_the_next_append(store, journaled, monkeypatch):
    monkeypatch.setattr(C, "FOLD_AFTER", 3)
    cid = make_run(store)
    _notes(store, cid, ["a", "b", "c"])
    path = store.path(cid)
    assert len(_journal_lines(path)) == 4
    store.append(cid, "note", {"text": "d"})
    assert journal_path(path).read_bytes() == b""
    assert len(json.loads(path.read_bytes())["events"]) == 4
    store.append(cid, "note", {"text": "e"})                  # the first line written in place
    assert len(_journal_lines(path)) == 2
    assert [e["data"]["text"] for e in store.load(cid).events] == list("abcde")


def test_a_torn_last_line_is_an_append_never_acknowledged(store, journaled):
    cid = make_run(store)
    _notes(store, cid, ["a", "b"])
    path = store.path(cid)
    with open(journal_path(path), "ab") as fh:                 # killed mid-line
        fh.write(b'[{"at":"2026-12-06T00:00:00+00:00","data":{"text":"c"')
    assert [e["data"]["text"] for e in store.load(cid).events] == ["a", "b"]
    event, _ = store.append(cid, "note", {"text": "d"})       # cuts the torn line off
    assert event["seq"] == 3
    assert [e["data"]["text"] for e in store.load(cid).events] == ["a", "b", "d"]
    assert all(json.loads(line) for line in _journal_lines(path))


def test_a_damaged_journal_line_is_refused_and_left_as_it_is(store, journaled):
    cid = make_run(store)
    _notes(store, cid, ["a", "b"])
    path = store.path(cid)
    with open(journal_path(path), "ab") as fh:
        fh.write(b"not json\n")
    before, jbefore = snapshot(path), snapshot(journal_path(path))
    for op in (lambda: store.load(cid), lambda: store.append(cid, "note", {"text": "c"}),
               lambda: store.undo(cid), lambda: store.export(cid)):
        with pytest.raises(CorruptRecordError) as info:
            op()
        assert info.value.path == journal_path(path) and "line 4" in str(info.value)
    assert snapshot(path) == before and snapshot(journal_path(path)) == jbefore
    r = cli(["campaign", "show", cid], store.folder)
    assert r.exit_code != 0 and "Traceback" not in r.output and "journal" in r.output


def test_a_fold_stopped_before_the_journal_is_emptied(store, journaled):
    """Killed between writing the record whole and emptying the journal: the journal names
    the record's earlier bytes and all its events are in the record — passed over, then
    emptied by the next write."""
    cid = make_run(store)
    _notes(store, cid, ["a", "b"])
    path = store.path(cid)
    stale = journal_path(path).read_bytes()
    store.fold(cid)
    journal_path(path).write_bytes(stale)
    assert [e["data"]["text"] for e in store.load(cid).events] == ["a", "b"]
    cli_show = cli(["campaign", "history", cid], store.folder)
    assert cli_show.exit_code == 0 and cli_show.stdout.count("note: ") == 2
    store.append(cid, "note", {"text": "c"})
    assert [e["data"]["text"] for e in store.load(cid).events] == ["a", "b", "c"]
    assert not json.loads(_journal_lines(path)[0])["record"] in stale.decode()


def test_a_record_changed_behind_its_journal_is_refused(store, journaled):
    cid = make_run(store)
    store.fold(cid)
    _notes(store, cid, ["a"])
    path = store.path(cid)
    doc = json.loads(path.read_bytes())
    doc["header"]["1"]["name"] = "Edited by hand"
    path.write_text(json.dumps(doc))
    with pytest.raises(CorruptRecordError) as info:
        store.load(cid)
    assert info.value.path == journal_path(path) and "changed since" in str(info.value)
    with pytest.raises(CorruptRecordError):
        store.append(cid, "note", {"text": "b"})
    assert json.loads(_journal_lines(path)[1])[0]["data"]["text"] == "a"   # still there
    # moved aside, the record reads as it is
    os.replace(journal_path(path), str(journal_path(path)) + ".aside")
    assert store.load(cid).header["name"] == "Edited by hand"


def test_a_record_copied_without_its_journal_is_the_record_at_its_last_fold(
        store, journaled, tmp_path):
    cid = make_run(store)
    _notes(store, cid, ["a"])
    store.fold(cid)
    _notes(store, cid, ["b"])
    other = campaign_store(tmp_path / "elsewhere")
    other.folder.mkdir()
    shutil.copy(store.path(cid), other.path(cid))
    assert [e["data"]["text"] for e in other.load(cid).events] == ["a"]
    # an export carries every event
    exported = store.export(cid)
    assert [e["data"]["text"] for e in other.import_text(exported, campaign_id="copy").events] \
        == ["a", "b"]


def test_a_journal_left_without_its_record_goes_to_the_trash(store, journaled):
    cid = make_run(store)
    _notes(store, cid, ["a"])
    path = store.path(cid)
    orphan = journal_path(path).read_bytes()
    path.unlink()                                     # removed by hand, its journal left
    assert make_run(store, campaign_id=cid) == cid
    assert store.load(cid).events == ()
    (kept,) = (store.folder / ".trash").iterdir()
    assert kept.name.endswith(".json.journal") and kept.read_bytes() == orphan


def test_delete_moves_the_record_with_its_journal_folded(store, journaled):
    cid = make_run(store)
    _notes(store, cid, ["a", "b"])
    target = store.delete(cid)
    assert [e["data"]["text"] for e in json.loads(target.read_bytes())["events"].values()] \
        == ["a", "b"]
    assert sorted(p.name for p in store.folder.iterdir()) == [".trash"]


def test_a_journal_that_is_a_link_is_never_followed(store, journaled, tmp_path):
    cid = make_run(store)
    path = store.path(cid)
    outside = tmp_path / "outside.txt"
    outside.write_text("not hyvekit's\n")
    journal_path(path).symlink_to(outside)
    before = snapshot(path)
    for op in (lambda: store.load(cid), lambda: store.append(cid, "note", {"text": "a"})):
        with pytest.raises(CampaignsFolderError) as info:
            op()
        assert "is a link" in str(info.value)
    assert outside.read_text() == "not hyvekit's\n" and snapshot(path) == before
