"""Campaign records: export/import round trips, schema versions, undo, rejected events, ids
and delete."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.legacy import legacy_summary
from hyvekit.games import campaign_store
from hyvekit.store.campaigns import CampaignStore
from hyvekit.store.errors import (CampaignExistsError, CampaignNotFoundError, InvalidIdError,
                                  NothingToUndoError, SchemaVersionError)
from hyvekit.store.migrations import SCHEMA_VERSION

from .helpers import cli, make_run, snapshot

ID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")

PERK = lambda name: {"purchases": [{"item": "perk", "perk": name}]}  # noqa: E731
POPULATION = {"purchases": [{"item": "resources", "kind": "population",
                             "colours": ["red", "blue", "blue"]}]}
RESULT_WON = {"won": True, "hp_past_start": 7, "population": 12, "hyves": 4,
              "courier_bonus": None, "cross_out": None}


def _played_run(store: CampaignStore, name: str = "Summer run") -> str:
    """A run with every kind of event, one of them reverted."""
    cid = make_run(store, name)
    store.append(cid, "note", {"text": "first session"})
    store.append(cid, "shop", PERK("tenacity"))                       # 15 -> 12
    store.append(cid, "shop", {"purchases": [{"item": "bread", "bee_type": 1}]})  # 12 -> 10
    store.append(cid, "shop", POPULATION)                             # 10 -> 8
    store.append(cid, "shop", PERK("vigorous"))                       # 8 -> 4
    store.undo(cid)                                                   # vigorous reverted -> 8
    store.append(cid, "start", {})
    store.append(cid, "courier", {"bee": 2, "turn": 1})
    store.append(cid, "courier", {"bee": 6, "turn": 2})
    store.append(cid, "result", RESULT_WON)
    store.append(cid, "note", {"text": "Ruche d'été 🐝 \"quoted\""})
    return cid


def _honey(store: CampaignStore, cid: str) -> int:
    return store.state(cid)[1].honey


# -- export / import ------------------------------------------------------------------------

def test_export_import_round_trip_under_a_new_id(store, tmp_path):
    cid = _played_run(store)
    f1, f2 = tmp_path / "one.json", tmp_path / "two.json"
    assert cli(["campaign", "export", cid, str(f1)], store.folder).exit_code == 0
    result = cli(["campaign", "import", str(f1), "--as", "copy"], store.folder)
    assert result.exit_code == 0, result.output
    assert "copy" in result.stdout
    assert cli(["campaign", "export", "copy", str(f2)], store.folder).exit_code == 0

    one, two = json.loads(f1.read_text("utf-8")), json.loads(f2.read_text("utf-8"))
    assert one["header"]["id"] == cid and two["header"]["id"] == "copy"
    two["header"]["id"] = cid
    assert two == one
    # byte for byte, apart from the id
    text1, text2 = f1.read_text("utf-8"), f2.read_text("utf-8")
    assert text1.count(f'"id":"{cid}"') == 1
    assert text2 == text1.replace(f'"id":"{cid}"', '"id":"copy"')
    # every event came across, reverted ones included, with their status
    assert [e["status"] for e in one["events"]].count("reverted") == 1
    assert len(one["events"]) == 10
    # the same state replays
    assert legacy_summary(store.state("copy")[1]) == legacy_summary(store.state(cid)[1])
    assert store.export(cid) == text1            # exporting did not change the original


def test_export_to_stdout_equals_export_file(store, tmp_path):
    cid = _played_run(store)
    result = cli(["campaign", "export", cid], store.folder)
    assert result.exit_code == 0
    assert result.stdout == store.export(cid)


def test_delete_then_import_under_the_same_id_is_byte_identical(store, tmp_path):
    cid = _played_run(store)
    exported = tmp_path / "run.json"
    assert cli(["campaign", "export", cid, str(exported)], store.folder).exit_code == 0
    before = exported.read_bytes()
    record_before = store.path(cid).read_bytes()
    assert cli(["campaign", "delete", cid, "--yes"], store.folder).exit_code == 0
    assert not store.exists(cid)
    result = cli(["campaign", "import", str(exported)], store.folder)
    assert result.exit_code == 0, result.output
    assert store.export(cid).encode("utf-8") == before
    assert store.path(cid).read_bytes() == record_before


def test_import_refuses_an_existing_id(store, tmp_path):
    cid = _played_run(store)
    text = store.export(cid)
    before = snapshot(store.path(cid))
    with pytest.raises(CampaignExistsError):
        store.import_text(text)
    f = tmp_path / "x.json"
    f.write_text(text, "utf-8")
    result = cli(["campaign", "import", str(f)], store.folder)
    assert result.exit_code == 2 and "exists already" in result.stderr and "--as" in result.stderr
    assert snapshot(store.path(cid)) == before


def test_import_refuses_a_newer_schema_version(store, tmp_path):
    cid = _played_run(store)
    doc = json.loads(store.export(cid))
    doc["schema_version"] = SCHEMA_VERSION + 1
    text = json.dumps(doc)
    with pytest.raises(SchemaVersionError) as info:
        store.import_text(text, "newer.json", "newer")
    assert info.value.found == SCHEMA_VERSION + 1 and info.value.supported == SCHEMA_VERSION
    assert not store.exists("newer")

    f = tmp_path / "newer.json"
    f.write_text(text, "utf-8")
    result = cli(["campaign", "import", str(f), "--as", "newer"], store.folder)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert "\n" not in line and "Traceback" not in result.output
    assert str(f) in line and f"schema version {SCHEMA_VERSION + 1}" in line
    assert "upgrade hyvekit" in line
    assert not store.exists("newer")


def test_a_newer_record_file_is_refused_and_left_untouched(store):
    cid = make_run(store)
    path = store.path(cid)
    doc = json.loads(path.read_text("utf-8"))
    doc["header"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(doc), "utf-8")
    before = snapshot(path)
    for op in (lambda: store.load(cid), lambda: store.append(cid, "note", {"text": "x"}),
               lambda: store.undo(cid), lambda: store.export(cid), lambda: store.delete(cid)):
        with pytest.raises(SchemaVersionError):
            op()
        assert snapshot(path) == before
    result = cli(["campaign", "note", cid, "x"], store.folder)
    assert result.exit_code == 2 and "upgrade hyvekit" in result.stderr
    assert snapshot(path) == before


def _v1_export(store: CampaignStore, cid: str) -> dict:
    """What hyvekit before 0.1 exported: no event status (undo deleted events), no
    ``hyvekit`` in the header, schema version 1."""
    doc = json.loads(store.export(cid))
    doc["schema_version"] = 1
    doc["header"]["schema_version"] = 1
    del doc["header"]["hyvekit"]
    events = []
    for e in doc["events"]:
        if e["status"] != "active":
            continue                       # version 1 deleted undone events
        e = {k: v for k, v in e.items() if k not in ("status", "reverted_at")}
        events.append(e)
    doc["events"] = events
    return doc


def test_import_migrates_a_version_1_export(store, tmp_path):
    cid = _played_run(store)
    v1 = _v1_export(store, cid)
    assert all("status" not in e for e in v1["events"])
    f = tmp_path / "old.json"
    f.write_text(json.dumps(v1), "utf-8")
    result = cli(["campaign", "import", str(f), "--as", "old-run"], store.folder)
    assert result.exit_code == 0, result.output

    record = store.load("old-run")
    assert record.header["schema_version"] == SCHEMA_VERSION
    assert record.header["hyvekit"] == "0.0 (schema 1)"
    assert [e["status"] for e in record.events] == ["active"] * len(v1["events"])
    assert [e["seq"] for e in record.events] == [e["seq"] for e in v1["events"]]
    # the stored file is the migrated one
    raw = json.loads(store.path("old-run").read_text("utf-8"))
    assert raw["header"]["1"]["schema_version"] == SCHEMA_VERSION
    assert all(e["status"] == "active" for e in raw["events"].values())
    # the state replays to the same as the original (which had the same active events)
    assert legacy_summary(store.state("old-run")[1]) == legacy_summary(store.state(cid)[1])
    # and it can be appended to and undone like any record; seqs continue after the gap
    last_seq = max(e["seq"] for e in v1["events"])
    event, _ = store.append("old-run", "note", {"text": "after the migration"})
    assert event["seq"] == last_seq + 1
    assert store.undo("old-run")[0]["seq"] == last_seq + 1


def _v1_record_file(store: CampaignStore) -> tuple[str, Path, dict]:
    """A version 1 record file in the folder, as hyvekit before 0.1 left it."""
    cid = _played_run(store)
    v1 = _v1_export(store, cid)
    path = store.path("legacy-file")
    path.write_text(json.dumps({
        "header": {"1": {**v1["header"], "id": "legacy-file"}},
        "events": {str(i + 1): e for i, e in enumerate(v1["events"])}}), "utf-8")
    return cid, path, v1


def test_a_version_1_record_file_is_read_migrated_without_writing(store):
    cid, path, v1 = _v1_record_file(store)
    before = snapshot(path)
    record = store.load("legacy-file")
    assert record.header["schema_version"] == SCHEMA_VERSION
    assert [e["status"] for e in record.events] == ["active"] * len(v1["events"])
    assert snapshot(path) == before                  # reading never writes
    assert _honey(store, "legacy-file") == _honey(store, cid)
    # a refused event does not migrate (or otherwise touch) the file either
    with pytest.raises(IllegalActionError):
        store.append("legacy-file", "courier", {"bee": 1})     # no scenario is being played
    assert snapshot(path) == before


@pytest.mark.parametrize("write", ["append", "undo"])
def test_a_version_1_record_file_is_stored_migrated_on_first_write(store, write):
    """campaigns.py: "Before the first write to a record of an older schema, store it migrated
    (whole)" -- the file must not go on claiming schema 1 once it holds version-2 events
    (a version-1 reader would replay a reverted event as active)."""
    _, path, v1 = _v1_record_file(store)
    if write == "append":
        store.append("legacy-file", "note", {"text": "x"})
        expected = len(v1["events"]) + 1
    else:
        store.undo("legacy-file")
        expected = len(v1["events"])
    raw = json.loads(path.read_text("utf-8"))
    assert len(raw["events"]) == expected
    assert raw["header"]["1"]["schema_version"] == SCHEMA_VERSION
    assert raw["header"]["1"]["hyvekit"] == "0.0 (schema 1)"
    assert all("status" in e for e in raw["events"].values())
    # either way the record reads back with the right statuses
    statuses = [e["status"] for e in store.load("legacy-file").events]
    assert statuses == ["active"] * (expected - 1) + (
        ["active"] if write == "append" else ["reverted"])


# -- undo ---------------------------------------------------------------------------------

def test_undo_reverts_the_newest_event_and_keeps_it_in_history(store):
    cid = make_run(store)
    store.append(cid, "shop", PERK("tenacity"))                  # 15 -> 12
    store.append(cid, "note", {"text": "between"})
    store.append(cid, "shop", PERK("migratory"))                 # 12 -> 9
    assert _honey(store, cid) == 9

    result = cli(["campaign", "undo", cid], store.folder)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().startswith("reverted event 3 (shop): ")   # and what it was
    record, state = store.state(cid)
    assert state.honey == 12 and state.perks == ("tenacity",)
    assert [(e["seq"], e["status"]) for e in record.events] == [
        (1, "active"), (2, "active"), (3, "reverted")]
    assert record.events[2]["data"] == PERK("migratory")
    assert "reverted_at" in record.events[2]

    # the next undo reverts the note, the next the first shop
    assert [e["seq"] for e in store.undo(cid)] == [2]
    assert [e["seq"] for e in store.undo(cid)] == [1]
    assert _honey(store, cid) == 15
    with pytest.raises(NothingToUndoError):
        store.undo(cid)
    path = store.path(cid)
    before = snapshot(path)
    result = cli(["campaign", "undo", cid], store.folder)
    assert result.exit_code == 2, result.output
    assert "no active event" in result.stderr and "Traceback" not in result.output
    assert snapshot(path) == before

    # history lists all three, reverted
    result = cli(["campaign", "history", cid, "--json"], store.folder)
    history = json.loads(result.stdout)
    assert [(e["seq"], e["status"]) for e in history] == [
        (1, "reverted"), (2, "reverted"), (3, "reverted")]

    # a new event gets a new seq: reverted seqs are never reused
    event, state = store.append(cid, "shop", PERK("vigorous"))
    assert event["seq"] == 4 and state.honey == 11 and state.perks == ("vigorous",)


def test_undo_of_several_events_asks_and_redo_brings_them_back(store):
    cid = make_run(store)
    store.append(cid, "shop", PERK("tenacity"))                  # 1: 15 -> 12
    store.append(cid, "shop", PERK("migratory"))                 # 2: 12 -> 9
    store.append(cid, "start", {})                               # 3
    before = snapshot(store.path(cid))
    declined = cli(["campaign", "undo", cid, "--to", "1"], store.folder, input="n\n")
    assert declined.exit_code == 0 and "nothing was changed" in declined.stdout
    assert "Revert 2 events (2 to 3)" in declined.stdout
    assert snapshot(store.path(cid)) == before
    assert cli(["campaign", "undo", cid, "--to", "1"], store.folder, input="y\n").exit_code == 0
    assert store.state(cid)[1].perks == ("tenacity",)
    redone = cli(["campaign", "redo", cid], store.folder)
    assert redone.exit_code == 0, redone.output
    assert redone.stdout.splitlines() == ["restored event 2 (shop)", "restored event 3 (start)"]
    record, state = store.state(cid)
    assert state.perks == ("tenacity", "migratory") and state.phase == "playing"
    assert [e["status"] for e in record.events] == ["active"] * 3
    # nothing left to redo; and an undo followed by a new event cannot be redone
    assert cli(["campaign", "redo", cid], store.folder).exit_code == 2
    assert cli(["campaign", "undo", cid], store.folder).exit_code == 0        # 3 reverted
    store.append(cid, "note", {"text": "changed my mind"})                      # 4
    assert cli(["campaign", "redo", cid], store.folder).exit_code == 2
    assert store.state(cid)[1].phase == "shopping"


def test_redo_brings_back_only_the_last_undo_and_never_an_illegal_event(store):
    cid = make_run(store)
    store.append(cid, "shop", PERK("tenacity"))                  # 1
    store.append(cid, "shop", PERK("migratory"))                 # 2
    store.undo(cid)                                              # 2 reverted
    store.undo(cid)                                              # 1 reverted: the last undo
    assert [e["seq"] for e in store.redo(cid)] == [1]            # only what the last undo did
    record, state = store.state(cid)
    assert [e["status"] for e in record.events] == ["active", "reverted"]
    assert [e["seq"] for e in store.redo(cid)] == [2]            # then the undo before it
    with pytest.raises(NothingToUndoError):
        store.redo(cid)
    store.undo(cid, 0)
    # a hand-edited undone event that the rules refuse is not brought back
    path = store.path(cid)
    doc = json.loads(path.read_text())
    doc["events"]["2"]["data"] = PERK("no-such-perk")
    path.write_text(json.dumps(doc))
    before = snapshot(path)
    with pytest.raises(InvalidInputError):
        store.redo(cid)
    assert snapshot(path) == before


def test_undo_to_reverts_everything_after_n(store):
    cid = make_run(store)
    store.append(cid, "shop", PERK("tenacity"))                  # 1: 15 -> 12
    store.append(cid, "shop", PERK("migratory"))                 # 2: 12 -> 9
    store.append(cid, "note", {"text": "x"})                     # 3
    store.append(cid, "shop", PERK("vigorous"))                  # 4: 9 -> 5
    store.append(cid, "start", {})                               # 5
    result = cli(["campaign", "undo", cid, "--to", "1", "--yes"], store.folder)
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        "reverted event 2 (shop)", "reverted event 3 (note)", "reverted event 4 (shop)",
        "reverted event 5 (start)"]
    record, state = store.state(cid)
    assert [e["status"] for e in record.events] == ["active"] + ["reverted"] * 4
    assert state.phase == "shopping" and state.honey == 12 and state.perks == ("tenacity",)

    # nothing left after 1 (or after a number past the end): exit code 2 (bad input), file untouched
    before = snapshot(store.path(cid))
    for n in ("1", "5", "99"):
        result = cli(["campaign", "undo", cid, "--to", n], store.folder)
        assert result.exit_code == 2, (n, result.output)
    with pytest.raises(NothingToUndoError):
        store.undo(cid, 1)
    # a negative target is bad input
    result = cli(["campaign", "undo", cid, "--to", "-1"], store.folder)
    assert result.exit_code == 2, result.output
    with pytest.raises(InvalidInputError):
        store.undo(cid, -1)
    assert snapshot(store.path(cid)) == before

    # --to 0 reverts all of them
    assert [e["seq"] for e in store.undo(cid, 0)] == [1]
    assert store.load(cid).active == ()
    assert _honey(store, cid) == 15


def test_undo_to_skips_already_reverted_events(store):
    cid = make_run(store)
    for i in range(4):
        store.append(cid, "note", {"text": f"n{i}"})
    store.undo(cid)                                              # 4 reverted
    reverted = store.undo(cid, 1)                                # 2 and 3
    assert [e["seq"] for e in reverted] == [2, 3]
    record = store.load(cid)
    stamps = {e["seq"]: e.get("reverted_at") for e in record.events}
    assert [e["status"] for e in record.events] == ["active", "reverted", "reverted",
                                                     "reverted"]
    assert all(stamps[s] for s in (2, 3, 4))


# -- rejected events ------------------------------------------------------------------------

@pytest.mark.parametrize("event_type,data,error", [
    ("shop", {"purchases": [{"item": "perk", "perk": "deep-stores"},
                            {"item": "perk", "perk": "controlled-rolls"},
                            {"item": "perk", "perk": "migratory"}]},
     IllegalActionError),                           # 6 + 6 + 3 = 15 > the 12 honey left
    ("shop", PERK("tenacity"), IllegalActionError),              # already owned
    ("shop", PERK("no-such-perk"), InvalidInputError),
    ("shop", {"purchases": []}, InvalidInputError),
    ("shop", {"purchases": [{"item": "resources", "kind": "hp",
                             "colours": ["red"] * 13}]}, IllegalActionError),  # 12 spaces
    ("shop", {"purchases": [{"item": "resources", "kind": "hp", "colours": ["black"]}]},
     InvalidInputError),                                         # not this legacy's colour
    ("courier", {"bee": 1}, IllegalActionError),                 # no scenario being played
    ("result", RESULT_WON, IllegalActionError),
    ("no-such-event", {}, InvalidInputError),
    ("note", {"text": "   "}, InvalidInputError),
    ("note", {"text": "x" * 2001}, InvalidInputError),
])
def test_a_rejected_event_leaves_the_file_untouched(store, event_type, data, error):
    cid = make_run(store)
    store.append(cid, "shop", PERK("tenacity"))
    path = store.path(cid)
    before = snapshot(path)
    with pytest.raises(error):
        store.append(cid, event_type, data)
    assert snapshot(path) == before
    # all or nothing for several events: the legal first one is not written either
    with pytest.raises(error):
        store.append_many(cid, [("note", {"text": "ok"}), (event_type, data)])
    assert snapshot(path) == before
    assert len(store.load(cid).events) == 1


def test_cli_illegal_purchase_exit_1_and_file_untouched(store):
    cid = make_run(store)
    path = store.path(cid)
    before = snapshot(path)
    result = cli(["hyve", "legacy", "shop", cid, "--perk", "deep-stores", "--perk",
                  "controlled-rolls", "--perk", "fecundity"], store.folder)
    assert result.exit_code == 1, result.output
    assert "rule:" in result.stderr and "Traceback" not in result.output
    assert snapshot(path) == before
    # and a legal one is recorded
    result = cli(["hyve", "legacy", "shop", cid, "--perk", "deep-stores"], store.folder)
    assert result.exit_code == 0, result.output
    assert _honey(store, cid) == 9


# -- ids --------------------------------------------------------------------------------

NAMES = {
    '<img src="file:///etc/passwd">': "img-src-file-etc-passwd",
    "../../etc/passwd": "etc-passwd",
    "..": "campaign-5ec1f7",       # no Latin letter nor digit: campaign- and a hash (issue 38)
    ".": "campaign-cdb4ee",
    "/abs/path": "abs-path",
    "CON": "con",
    "nul.json": "nul-json",
    "Ruche d'été": "ruche-d-ete",
    "Königin Ölfaß": "konigin-olfass",
    "蜂蜜の旅": "campaign-8b919c",
    "🐝🐝🐝": "campaign-7b12e6",
    "a\\b c/d": "a-b-c-d",
    "x" * 100: "x" * 48,
}


@pytest.mark.parametrize("name", sorted(NAMES), ids=lambda n: repr(n)[:30])
def test_names_become_slugs_inside_the_folder(tmp_path, name):
    folder = tmp_path / "deep" / "campaigns"
    store = campaign_store(folder)
    cid = make_run(store, name)
    assert cid == NAMES[name]
    assert ID_RE.fullmatch(cid) and len(cid) <= 64
    path = store.path(cid)
    assert path.parent == folder and path.is_file()
    assert store.load(cid).header["name"] == name.strip()
    # nothing was written anywhere else
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert written == sorted([path, folder / f"{cid}.json.lock"]) or written == [path]


@pytest.mark.parametrize("name", ["a\x00b", "two\nlines", "tab\there", "x" * 101, "", "  "])
def test_names_with_control_characters_or_too_long_are_refused(tmp_path, name):
    store = campaign_store(tmp_path)
    with pytest.raises(InvalidInputError, match="name"):
        make_run(store, name)
    assert store.ids() == []


@pytest.mark.parametrize("name", ['<img src="file:///etc/passwd">', "../../etc/passwd",
                                  "/abs/path", "Ruche d'été"])
def test_cli_new_run_names_become_slugs(tmp_path, name):
    folder = tmp_path / "campaigns"
    result = cli(["hyve", "legacy", "new", name], folder)
    assert result.exit_code == 0, result.output
    expected = NAMES[name]
    assert f"'{expected}'" in result.stdout
    assert (folder / f"{expected}.json").is_file()
    assert sorted(p.name for p in tmp_path.rglob("*.json")) == [f"{expected}.json"]


def test_same_name_twice_gets_name_2(store, tmp_path):
    assert make_run(store, "Summer run") == "summer-run"
    assert make_run(store, "Summer run") == "summer-run-2"
    assert make_run(store, "summer RUN!") == "summer-run-3"
    result = cli(["hyve", "legacy", "new", "Summer run"], store.folder)
    assert result.exit_code == 0 and "'summer-run-4'" in result.stdout
    assert store.ids() == ["summer-run", "summer-run-2", "summer-run-3", "summer-run-4"]
    assert [store.load(i).header["name"] for i in store.ids()] == [
        "Summer run", "Summer run", "summer RUN!", "Summer run"]
    # an explicit id that is taken is refused, not renamed
    with pytest.raises(CampaignExistsError):
        make_run(store, "Other", "summer-run")
    result = cli(["hyve", "legacy", "new", "Other", "--id", "summer-run"], store.folder)
    assert result.exit_code == 2 and "already exists" in result.stderr


BAD_IDS = ["../x", "../../etc/passwd", "/etc/passwd", "..", ".", "A B", "Summer", "x.json",
           "x/y", "x\\y", "a" * 65, "x-", "-x", "x--", "é", "x\n", " x", "",
           '<img src="file:///etc/passwd">']
# Where an id is optional (import --as, new --id), "" must be refused like any other non-slug,
# not taken as "no id given": see test_an_empty_id_is_refused_where_an_id_is_optional.
OPTIONAL_ID_CALLS = {"import_text", "create", "import", "new"}


def _store_calls(store: CampaignStore, bad: str, export: str):
    return {
        "path": lambda: store.path(bad),
        "exists": lambda: store.exists(bad),
        "load": lambda: store.load(bad),
        "state": lambda: store.state(bad),
        "append": lambda: store.append(bad, "note", {"text": "x"}),
        "append_many": lambda: store.append_many(bad, [("note", {"text": "x"})]),
        "undo": lambda: store.undo(bad),
        "delete": lambda: store.delete(bad),
        "export": lambda: store.export(bad),
        "import_text": lambda: store.import_text(export, "x.json", bad),
        "create": lambda: make_run(store, "Some name", bad),
    }


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_store_refuses_ids_that_are_not_slugs(tmp_path, bad):
    store = campaign_store(tmp_path / "campaigns")
    cid = _played_run(store)
    export = store.export(cid)
    before = sorted(p for p in tmp_path.rglob("*"))
    for name, call in _store_calls(store, bad, export).items():
        if bad == "" and name in OPTIONAL_ID_CALLS:
            continue
        with pytest.raises(InvalidIdError) as info:
            call()
        assert info.value.given == bad, name
    assert sorted(p for p in tmp_path.rglob("*")) == before


def _cli_calls(bad: str, export_file: Path):
    return [
        ["campaign", "show", bad],
        ["campaign", "history", bad],
        ["campaign", "undo", bad],
        ["campaign", "undo", bad, "--to", "0"],
        ["campaign", "redo", bad],
        ["campaign", "check", bad],
        ["campaign", "export", bad],
        ["campaign", "delete", bad, "--yes"],
        ["campaign", "delete", bad],
        ["campaign", "note", bad, "text"],
        ["campaign", "import", str(export_file), "--as", bad],
        ["hyve", "legacy", "new", "Some name", "--id", bad],
        ["hyve", "legacy", "status", bad],
        ["hyve", "legacy", "shop", bad, "--perk", "tenacity"],
        ["hyve", "legacy", "start", bad, "--yes"],
        ["hyve", "legacy", "courier", bad, "1"],
        ["hyve", "legacy", "result", bad, "won", "--hp-past-start", "1", "--population", "5",
         "--hyves", "1"],
        ["hyve", "legacy", "easy", bad],
    ]


@pytest.mark.parametrize("bad", [b for b in BAD_IDS if not b.startswith("-")], ids=repr)
def test_cli_refuses_ids_that_are_not_slugs(tmp_path, bad):
    store = campaign_store(tmp_path / "campaigns")
    cid = _played_run(store)
    export_file = tmp_path / "export.json"
    export_file.write_text(store.export(cid), "utf-8")
    before = sorted(p for p in tmp_path.rglob("*"))
    for args in _cli_calls(bad, export_file):
        if bad == "" and (args[1] == "import" or args[2] == "new"):
            continue
        result = cli(args, store.folder, input="y\n")
        assert result.exit_code == 2, (args, result.exit_code, result.output)
        assert "campaign id" in result.stderr and "expected a slug" in result.stderr, args
        assert "Traceback" not in result.output
        assert sorted(p for p in tmp_path.rglob("*")) == before, args


@pytest.mark.parametrize("call", ["import_text", "create", "cli-import-as", "cli-new-id"])
def test_an_empty_id_is_refused_where_an_id_is_optional(tmp_path, call):
    """An explicitly given empty id is not a slug: it must raise InvalidIdError, not silently
    fall back to the exported id / the name's slug."""
    store = campaign_store(tmp_path / "campaigns")
    cid = make_run(store, "Summer run")
    export = store.export(cid)
    store.delete(cid)                   # so that a fallback to the exported id would succeed
    export_file = tmp_path / "export.json"
    export_file.write_text(export, "utf-8")
    if call == "import_text":
        with pytest.raises(InvalidIdError):
            store.import_text(export, "x.json", "")
    elif call == "create":
        with pytest.raises(InvalidIdError):
            make_run(store, "Summer run", "")
    else:
        args = (["campaign", "import", str(export_file), "--as", ""] if call == "cli-import-as"
                else ["hyve", "legacy", "new", "Summer run", "--id", ""])
        result = cli(args, store.folder)
        assert result.exit_code == 2, result.output
        assert "campaign id" in result.stderr
    assert store.ids() == []


# -- delete -------------------------------------------------------------------------------

def test_delete_moves_the_file_to_the_trash(store):
    cid = _played_run(store)
    content = store.path(cid).read_bytes()
    target = store.delete(cid)
    assert target.parent == store.folder / ".trash"
    assert target.read_bytes() == content
    assert not store.exists(cid) and store.ids() == []
    assert not Path(str(store.path(cid)) + ".lock").exists()
    with pytest.raises(CampaignNotFoundError):
        store.load(cid)
    with pytest.raises(CampaignNotFoundError):
        store.delete(cid)
    # the name is free again, and a second delete keeps both trashed copies
    assert make_run(store, "Summer run") == cid
    second = store.delete(cid)
    assert second != target and second.exists() and target.read_bytes() == content


@pytest.mark.parametrize("answer", [None, "", "n\n", "no\n"])
def test_cli_delete_without_yes_and_without_a_yes_answer_aborts(store, answer):
    cid = _played_run(store)
    path = store.path(cid)
    before = snapshot(path)
    result = cli(["campaign", "delete", cid], store.folder, input=answer)
    if answer and answer.strip():      # answered no: kept, and that is no error
        assert result.exit_code == 0 and "nothing was changed" in result.output
    else:                              # no answer at all (end of input): a script, told --yes
        assert result.exit_code == 2, result.output
        assert "--yes" in result.output
    assert "Traceback" not in result.output
    assert snapshot(path) == before
    assert not (store.folder / ".trash").exists()


def test_cli_delete_with_yes_or_confirmation(store):
    cid = make_run(store, "One")
    result = cli(["campaign", "delete", cid, "--yes"], store.folder)
    assert result.exit_code == 0, result.output
    trashed = list((store.folder / ".trash").iterdir())
    assert len(trashed) == 1 and str(trashed[0]) in result.stdout
    assert not store.exists(cid)

    cid = make_run(store, "Two")
    result = cli(["campaign", "delete", cid], store.folder, input="y\n")
    assert result.exit_code == 0, result.output
    assert not store.exists(cid)
    assert len(list((store.folder / ".trash").iterdir())) == 2

    result = cli(["campaign", "delete", "no-such-run", "--yes"], store.folder)
    assert result.exit_code == 2 and "no campaign 'no-such-run'" in result.stderr


def test_an_unknown_id_lists_its_close_matches_first_and_at_most_a_handful(store):
    from hyvekit.rules.validate import LISTED
    for n in range(12):
        make_run(store, f"Run {n}")
    for name in ("League", "League 2"):
        make_run(store, name)
    with pytest.raises(CampaignNotFoundError) as info:
        store.load("leage")
    message = str(info.value)
    assert info.value.suggestions[0] == "league"
    assert message.startswith(f"no campaign 'leage' in {store.folder} (did you mean league")
    listed, _, more = message.split("; known: ")[1].partition(" and ")
    assert listed.split(", ")[:2] == ["league", "league-2"]
    assert len(listed.split(", ")) == LISTED
    assert more == f"{14 - LISTED} more; hyvekit campaign list shows them all"
    # a few campaigns are all listed
    store.delete("league-2")
    for n in range(10):
        store.delete(f"run-{n}")
    with pytest.raises(CampaignNotFoundError) as info:
        store.load("leage")
    assert str(info.value).endswith("; known: league, run-10, run-11")


class _Counter:
    """A toy game: the store replays it as it replays hyvekit's, knowing neither."""

    game, kind, label = "toy", "counter", "counter"

    def initial_state(self, settings):
        return int(settings["start"])

    def play(self, state, event_type, data):
        if event_type != "add" or int(data.get("n", 0)) < 1:
            raise IllegalActionError("Toy: Add", "add a positive number", given=data)
        return state + int(data["n"])

    def describe(self, event_type, data):
        return f"{event_type} {data.get('n')}"

    def summary(self, state):
        return {"total": state}

    def freeze(self, settings):
        return {**settings, "frozen": True}


def test_the_store_replays_any_game_it_is_given(tmp_path):
    store = CampaignStore(tmp_path / "campaigns", {("toy", "counter"): _Counter()})
    record = store.create("Toy", "toy", "counter", {"start": 2})
    assert record.header["settings"] == {"start": 2, "frozen": True}
    store.append("toy", "add", {"n": 3})
    with pytest.raises(IllegalActionError):
        store.append("toy", "add", {"n": 0})
    assert store.state("toy")[1] == 5 and store.check("toy").ok
    with pytest.raises(InvalidInputError, match="toy/counter"):
        store.create("Other", "hyve", "legacy", {})
    assert campaign_store(tmp_path / "campaigns").ids() == ["toy"]
