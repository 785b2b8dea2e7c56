"""The store's append without a second replay or re-read (hyvekit/store/campaigns.py): the
caller's replay is taken only while the record is unchanged, and the file written is the one
tinydb writes."""

from __future__ import annotations

import shutil

from hyvekit.store import campaigns as SC

from .helpers import make_run


def test_a_known_replay_is_taken_when_the_record_is_unchanged(store):
    store = SC.CampaignStore(store.folder, store.games)     # no kept states: the caller's
    cid = make_run(store)
    record, state = store.state(cid)
    seen = []
    adapter = store.adapter("hyve", "legacy")
    play = adapter.play

    def spy(s, event_type, data):
        seen.append(s)
        return play(s, event_type, data)

    adapter.play = spy
    try:
        store.append_many(cid, [("note", {"text": "a"}), ("note", {"text": "b"})],
                          known=(record, state))
        assert seen == []                        # notes change no state: nothing replayed
        record, state = store.state(cid)
        seen.clear()
        (event, after), = store.append_many(cid, [("note", {"text": "c"})],
                                            known=(record, state))
        assert seen == [] and after is state
    finally:
        adapter.play = play


def test_a_stale_known_replay_is_not_taken(store):
    store = SC.CampaignStore(store.folder, store.games)
    cid = make_run(store)
    stale = store.state(cid)
    store.append(cid, "note", {"text": "written by another command"})
    calls = []
    replay = store.replay

    def spy(record, upto=None):
        calls.append(record)
        return replay(record, upto)

    store.replay = spy
    (event, _), = store.append_many(cid, [("note", {"text": "mine"})], known=stale)
    assert len(calls) == 1 and event["seq"] == 2
    assert [e["data"]["text"] for e in store.load(cid).events] == [
        "written by another command", "mine"]


def test_the_file_written_is_the_one_tinydb_writes(store, monkeypatch, tmp_path):
    monkeypatch.setattr(SC, "_now", lambda: "2026-01-01T00:00:00+00:00")
    cid = make_run(store)
    store.append_many(cid, [("note", {"text": f"n{i}"}) for i in range(12)])
    store.undo(cid)
    path = store.path(cid)
    copy = tmp_path / "copy.json"
    shutil.copyfile(path, copy)
    events = [("note", {"text": "é, \"quoted\""}), ("note", {"text": "last"})]
    store.append_many(cid, events)
    fast = path.read_bytes()
    shutil.copyfile(copy, path)
    record = store.load(cid)
    out = [{"seq": 13 + i, "type": t, "data": d, "at": SC._now(), "status": "active"}
           for i, (t, d) in enumerate(events)]
    store._db(path).table("events").insert_multiple(out)
    assert path.read_bytes() == fast
    assert [e["seq"] for e in store.load(cid).events][-2:] == [13, 14]
    assert len(record.events) == 12


def test_with_events_numbers_on_from_the_highest_and_starts_an_empty_table_at_one():
    doc = {"header": {"1": {}}, "events": {"1": {"seq": 1}, "7": {"seq": 2}}}
    out = SC._with_events(doc, [{"seq": 3}, {"seq": 4}])
    assert list(out["events"]) == ["1", "7", "8", "9"] and doc["events"].keys() == {"1", "7"}
    assert list(SC._with_events({"header": {}}, [{"seq": 1}])["events"]) == ["1"]
