"""Corrupted campaign files: every operation refuses them with a CorruptRecordError naming the
file and the problem, the CLI prints one line (exit code 2, no traceback), and the file is never
written over or rewritten; only ``campaign delete`` moves it, byte for byte, into .trash."""

from __future__ import annotations

import json
import os

import pytest

from hyvekit.games import campaign_store
from hyvekit.store.campaigns import CampaignStore
from hyvekit.store.errors import CampaignExistsError, CampaignNotFoundError, CorruptRecordError

from .helpers import cli, make_run, snapshot

CID = "bad-run"


def _valid_record_bytes(tmp_path) -> bytes:
    scratch = campaign_store(tmp_path / "scratch")
    cid = make_run(scratch, "Scratch", CID)
    scratch.append(cid, "note", {"text": "hello"})
    scratch.append(cid, "shop", {"purchases": [{"item": "perk", "perk": "tenacity"}]})
    return scratch.path(cid).read_bytes()


def _half(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _header_only(tmp_path) -> bytes:
    doc = json.loads(_valid_record_bytes(tmp_path))
    return json.dumps({"events": doc["events"]}).encode()


def _header_without_id(tmp_path) -> bytes:
    doc = json.loads(_valid_record_bytes(tmp_path))
    del doc["header"]["1"]["id"]
    return json.dumps(doc).encode()


def _event_without_seq(tmp_path) -> bytes:
    doc = json.loads(_valid_record_bytes(tmp_path))
    del doc["events"]["2"]["seq"]
    return json.dumps(doc).encode()


def _event_key_not_a_number(tmp_path) -> bytes:
    doc = json.loads(_valid_record_bytes(tmp_path))
    doc["events"]["x"] = doc["events"].pop("2")
    return json.dumps(doc).encode()


def _header_id_not_the_file_name(tmp_path) -> bytes:
    doc = json.loads(_valid_record_bytes(tmp_path))
    doc["header"]["1"]["id"] = "other"
    return json.dumps(doc).encode()


# name -> (bytes of the file, words the problem must contain)
CASES = {
    "truncated": (lambda tp: _valid_record_bytes(tp)[:-200], "invalid JSON"),
    "truncated-half": (lambda tp: _half(_valid_record_bytes(tp)), "invalid JSON"),
    "garbage-bytes": (lambda tp: b"\x89PNG\r\n\x1a\n\xff\xfe\x00\x01garbage", "not UTF-8"),
    "garbage-text": (lambda tp: b"hello, I am not JSON\n", "invalid JSON"),
    "empty": (lambda tp: b"", "empty"),
    "blank": (lambda tp: b"  \n\n", "empty"),
    "json-list": (lambda tp: b'[{"header": {}}, 1, 2]\n', "list"),
    "json-string": (lambda tp: b'"header"\n', "str"),
    "no-header": (_header_only, "not a hyvekit campaign record"),
    "empty-object": (lambda tp: b"{}\n", "not a hyvekit campaign record"),
    "header-without-id": (_header_without_id, "'id'"),
    "event-without-seq": (_event_without_seq, "seq"),
    "event-key-not-a-number": (_event_key_not_a_number, "events.x: a key that is not a number"),
    "header-id-not-the-file-name": (_header_id_not_the_file_name,
                                    "its header says id 'other' but the file is bad-run.json"),
}


@pytest.fixture(params=sorted(CASES))
def corrupt(request, tmp_path):
    """(store, path, problem words) with ``bad-run.json`` corrupted, next to a good run."""
    content, words = CASES[request.param]
    data = content(tmp_path)
    store = campaign_store(tmp_path / "campaigns")
    make_run(store, "Good run", "good-run")
    path = store.path(CID)
    path.write_bytes(data)
    return store, path, words


def _store_ops(store: CampaignStore):
    shop = {"purchases": [{"item": "perk", "perk": "vigorous"}]}
    return {
        "load": lambda: store.load(CID),
        "state": lambda: store.state(CID),
        "append-note": lambda: store.append(CID, "note", {"text": "x"}),
        "append-shop": lambda: store.append(CID, "shop", shop),
        "append-many": lambda: store.append_many(CID, [("note", {"text": "x"})]),
        "undo": lambda: store.undo(CID),
        "undo-to": lambda: store.undo(CID, 0),
        "export": lambda: store.export(CID),
    }


def test_store_operations_raise_corrupt_record_error(corrupt):
    store, path, words = corrupt
    before = snapshot(path)
    for name, op in _store_ops(store).items():
        with pytest.raises(CorruptRecordError) as info:
            op()
        exc = info.value
        assert exc.path == path, name
        assert words in exc.problem, (name, exc.problem)
        assert str(path) in str(exc) and words in str(exc), (name, str(exc))
        assert snapshot(path) == before, f"{name} changed the corrupt file"
    # nothing moved to the trash, no temp file left behind
    assert not (store.folder / ".trash").exists() or not any((store.folder / ".trash").iterdir())
    assert sorted(p.name for p in store.folder.iterdir() if not p.name.endswith(".lock")) == \
        ["bad-run.json", "good-run.json"]


def test_delete_moves_a_corrupt_file_into_the_trash_byte_for_byte(corrupt):
    store, path, _ = corrupt
    data, inode = path.read_bytes(), path.stat().st_ino
    target = store.delete(CID)
    assert target.parent == store.folder / ".trash"
    assert target.read_bytes() == data and target.stat().st_ino == inode    # moved, not copied
    assert not path.exists() and store.ids() == ["good-run"]
    assert not os.path.exists(str(path) + ".lock")
    with pytest.raises(CampaignNotFoundError):
        store.delete(CID)


@pytest.mark.parametrize("args, answer", [(["campaign", "delete", CID, "--yes"], None),
                                          (["campaign", "delete", CID], "y\n")])
def test_cli_delete_says_a_corrupt_record_was_moved_as_it_was(corrupt, args, answer):
    store, path, words = corrupt
    data = path.read_bytes()
    result = cli(args, store.folder, input=answer)
    assert result.exit_code == 0, result.output
    (target,) = (store.folder / ".trash").iterdir()
    assert target.read_bytes() == data and not path.exists()
    said = " ".join(result.stdout.split())                # as one line, however it is wrapped
    assert "could not be read" in said and words in said
    assert "moved as it was" in said and str(target) in said


def test_a_corrupt_record_is_not_moved_into_a_trash_that_is_a_file(corrupt):
    store, path, _ = corrupt
    before = snapshot(path)
    (store.folder / ".trash").write_text("not a folder")
    result = cli(["campaign", "delete", CID, "--yes"], store.folder)
    assert result.exit_code == 2 and ".trash is a link or a file" in result.stderr
    assert snapshot(path) == before


def test_cli_delete_of_a_corrupt_record_declined_keeps_it(corrupt):
    store, path, _ = corrupt
    before = snapshot(path)
    result = cli(["campaign", "delete", CID], store.folder, input="n\n")
    said = " ".join(result.stdout.split())
    assert result.exit_code == 0 and "cannot be read" in said and "nothing was changed" in said
    assert snapshot(path) == before and not (store.folder / ".trash").exists()


def test_create_or_import_over_a_corrupt_file_is_refused(corrupt, tmp_path):
    store, path, _ = corrupt
    before = snapshot(path)
    export = store.export("good-run")
    with pytest.raises(CampaignExistsError):
        store.import_text(export, "x.json", CID)
    with pytest.raises(CampaignExistsError):
        make_run(store, "Another", CID)
    assert snapshot(path) == before
    # a new run named like it gets a free id instead of the corrupt file's
    assert make_run(store, "Bad run") == "bad-run-2"
    assert snapshot(path) == before


CLI_COMMANDS = [
    ["campaign", "show", CID],
    ["campaign", "show", CID, "--json"],
    ["campaign", "history", CID],
    ["campaign", "history", CID, "--json"],
    ["campaign", "note", CID, "a note"],
    ["campaign", "undo", CID],
    ["campaign", "undo", CID, "--to", "0"],
    ["campaign", "export", CID],
    ["campaign", "export", CID, "OUT"],
    ["hyve", "legacy", "status", CID],
    ["hyve", "legacy", "shop", CID, "--perk", "tenacity"],
    ["hyve", "legacy", "start", CID, "--yes"],
]


@pytest.mark.parametrize("args", CLI_COMMANDS, ids=lambda a: "-".join(a[:3] + a[3:4]))
def test_cli_reports_corrupt_file_in_one_line(corrupt, args, tmp_path):
    store, path, words = corrupt
    before = snapshot(path)
    out_file = tmp_path / "out.json"
    args = [str(out_file) if a == "OUT" else a for a in args]
    result = cli(args, store.folder, input="y\n")
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines == [line for line in result.stderr.splitlines() if line.strip()]
    assert str(path) in lines[0] and words in lines[0], lines[0]
    assert snapshot(path) == before
    assert not out_file.exists()


def test_cli_reads_the_folder_from_the_environment(corrupt):
    store, path, words = corrupt
    before = snapshot(path)
    result = cli(["campaign", "note", CID, "x"], env={"HYVEKIT_CAMPAIGNS": str(store.folder)})
    assert result.exit_code == 2, result.output
    assert str(path) in result.stderr and words in result.stderr
    assert "Traceback" not in result.output
    assert snapshot(path) == before


def test_campaign_list_lists_the_good_ones_and_warns_about_the_bad_one(corrupt):
    store, path, words = corrupt
    make_run(store, "Other run", "other-run")
    before = snapshot(path)

    result = cli(["campaign", "list", "--json"], store.folder)
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert sorted(rows) == ["bad-run", "good-run", "other-run"]
    assert rows["good-run"]["name"] == "Good run" and rows["good-run"]["problem"] is None
    assert rows["other-run"]["name"] == "Other run" and rows["other-run"]["problem"] is None
    assert rows["bad-run"]["name"] is None
    assert str(path) in rows["bad-run"]["problem"] and words in rows["bad-run"]["problem"]

    result = cli(["campaign", "list"], store.folder)
    assert result.exit_code == 0, result.output
    assert "good-run" in result.stdout and "other-run" in result.stdout
    assert "Traceback" not in result.output
    warnings = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith("warning:") and str(path) in warnings[0]
    assert snapshot(path) == before
