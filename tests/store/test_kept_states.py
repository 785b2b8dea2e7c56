"""Derived states kept beside the records (hyvekit/store/states.py): a read takes the kept state
only for the very bytes and code it was derived from, and it is the state a replay gives; an
append splices its events into the file, byte for byte what writing it whole gives."""

from __future__ import annotations

import datetime
import json
import os
import pickle
import shutil

import pytest

from hyvekit.games import ADAPTERS, campaign_store
from hyvekit.store import campaigns as SC
from hyvekit.store import states as ST

from .helpers import cli, make_run

# a campaign of every kind, made through the command line, and its id
KINDS = {
    "hyve legacy": ([["hyve", "legacy", "new", "Run", "--colours",
                      "yellow,blue,green,purple,red"],
                     ["hyve", "legacy", "start", "run", "--yes"],
                     ["hyve", "do", "run", "--seed", "3", "roll", "gather"]], "run"),
    "hyve scenario": ([["hyve", "new", "Tuesday", "--mode", "coldsnap"],
                       ["hyve", "do", "tuesday", "--seed", "3", "roll", "gather"]], "tuesday"),
    "bee lives": ([["beelives", "new", "League", "-p", "Susan:prolific", "-p",
                    "Jeremy:aggressive"],
                   ["beelives", "do", "league", "--seed", "1", "draw"]], "league"),
    "beez": ([["beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
               "both-4-5-rows,middle-row,colours"],
              ["beez", "do", "friday", "fly 1 p"]], "friday"),
    "queen bee": ([["queenbee", "new", "Group", "--players", "ann,bob"],
                   ["queenbee", "log", "group", "--players", "ann,bob", "--winner", "ann",
                    "--defeated", "bob"]], "group"),
}


def _made(kind: str, folder):
    commands, cid = KINDS[kind]
    for args in commands:
        result = cli(args, folder)
        assert result.exit_code == 0, result.output
    return cid


def _no_replay(store, monkeypatch):
    """Make every adapter refuse to play an event: a read that replays fails."""
    def refuse(*_):
        raise AssertionError("replayed")
    for adapter in store.games.values():
        monkeypatch.setattr(adapter, "play", refuse, raising=False)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_command_keeps_the_state_it_wrote_and_it_is_what_a_replay_gives(kind, tmp_path,
                                                                           monkeypatch):
    folder = tmp_path / "campaigns"
    cid = _made(kind, folder)
    replayed = SC.CampaignStore(folder, ADAPTERS).state(cid)[1]    # no kept states
    store = campaign_store(folder)
    record = store.load(cid)
    assert store.states.get(record.path, ST.digest(record.path.read_bytes())) is not None
    _no_replay(store, monkeypatch)
    kept_record, kept = store.state(cid)
    assert kept == replayed
    assert kept_record.events == record.events and kept_record.header == record.header


def test_a_record_changed_by_another_writer_is_replayed(store, monkeypatch):
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    plain = SC.CampaignStore(store.folder, store.games)             # writes without keeping
    plain.append(cid, "note", {"text": "b"})
    calls = []
    replay = store.replay
    monkeypatch.setattr(store, "replay", lambda r, upto=None: calls.append(r) or replay(r, upto))
    record, state = store.state(cid)
    assert len(calls) == 1 and [e["data"]["text"] for e in record.events] == ["a", "b"]
    store.state(cid)                                                 # kept now
    assert len(calls) == 1


def test_a_kept_state_of_other_code_or_a_broken_entry_is_passed_over(store, monkeypatch):
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    record = store.load(cid)
    entry = store.states._entry(record.path)
    good = entry.read_bytes()
    digest = ST.digest(record.path.read_bytes())
    assert store.states.get(record.path, digest) is not None
    monkeypatch.setattr(ST, "_fingerprint", "other-code")
    assert store.states.get(record.path, digest) is None
    monkeypatch.undo()
    for broken in (good[:len(good) // 2], good.splitlines(True)[0] + b"not a pickle", b""):
        entry.write_bytes(broken)
        assert store.states.get(record.path, digest) is None
        assert store.state(cid)[1] == SC.CampaignStore(store.folder, store.games).state(cid)[1]
    entry.write_bytes(good.splitlines(True)[0] + pickle.dumps({"not": "kept"}))
    assert store.states.get(record.path, digest) is None


def test_an_entry_pieced_from_another_records_entry_is_passed_over(tmp_path):
    """An entry's first line with another record's kept state after it (a damaged cache): the
    state is not taken, and a step written then is a record every command reads."""
    folder = tmp_path / "campaigns"
    for args in (["beelives", "new", "Cache A", "-p", "Ann:prolific", "-p", "Bo:aggressive"],
                 ["beelives", "do", "cache-a", "--seed", "1", "draw", "forage wet 0"],
                 ["beelives", "new", "Cache B", "-p", "Ann:prolific", "-p", "Bo:aggressive"],
                 ["beelives", "next", "cache-a"], ["beelives", "next", "cache-b"]):
        assert cli(args, folder).exit_code == 0
    store = campaign_store(folder)
    a, b = (store.states._entry(store.path(c)) for c in ("cache-a", "cache-b"))
    pieced = a.read_bytes().splitlines(True)[0] + b.read_bytes().split(b"\n", 1)[1]
    a.write_bytes(pieced)
    assert store.states.get(store.path("cache-a"),
                            ST.digest(store.path("cache-a").read_bytes())) is None
    done = cli(["beelives", "do", "cache-a", "--seed", "1", "draw"], folder)
    assert done.exit_code == 2 and "Bo's action: got 'draw'" in done.stderr   # A's own state
    legal = json.loads(cli(["beelives", "next", "cache-a", "--json"], folder).stdout)["legal"]
    assert cli(["beelives", "do", "cache-a", legal[0]], folder).exit_code == 0
    plain = SC.CampaignStore(folder, ADAPTERS)
    assert plain.check("cache-a").ok
    seqs = [e["seq"] for e in plain.load("cache-a").events]
    assert len(seqs) == len(set(seqs)) == 3


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="files have no owners here")
def test_an_entry_others_may_write_or_a_link_is_not_read(store, tmp_path):
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    record = store.load(cid)
    digest = ST.digest(record.path.read_bytes())
    entry = store.states._entry(record.path)
    entry.chmod(0o666)
    assert store.states.get(record.path, digest) is None
    entry.chmod(0o600)
    assert store.states.get(record.path, digest) is not None
    target = tmp_path / "elsewhere.state"
    shutil.move(entry, target)
    entry.symlink_to(target)
    assert store.states.get(record.path, digest) is None


def test_a_cache_folder_that_cannot_be_written_costs_only_the_replay(tmp_path):
    blocked = tmp_path / "cache"
    blocked.write_text("a file, not a folder")
    store = SC.CampaignStore(tmp_path / "campaigns", ADAPTERS, ST.StateCache(blocked / "x"))
    cid = make_run(store)
    (event, state), = store.append_many(cid, [("note", {"text": "a"})])
    assert event["seq"] == 1 and store.state(cid)[1] == state


def test_appends_spliced_in_write_the_file_a_whole_write_gives(store, tmp_path, monkeypatch):
    class Now(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.datetime(2026, 1, 1, tzinfo=tz)

    monkeypatch.setattr(SC, "_now", lambda: "2026-01-01T00:00:00+00:00")
    monkeypatch.setattr(SC, "datetime", Now)                        # undo's stamp
    plain_folder = tmp_path / "plain"
    plain = SC.CampaignStore(plain_folder, store.games)
    for s in (store, plain):
        cid = make_run(s, campaign_id="run")
        for i in range(12):                                   # 9 -> 10: keys of two digits
            s.append(cid, "note", {"text": f"n{i} é"})
        s.undo(cid)
        s.append_many(cid, [("note", {"text": "x"}), ("note", {"text": "y"})])
    kept = store.path("run").read_bytes()
    assert kept == plain.path("run").read_bytes()
    assert store.states.get(store.path("run"), ST.digest(kept)) is not None
    assert [e["seq"] for e in store.load("run").events][-3:] == [12, 13, 14]


def test_a_spliced_append_reads_and_replays_nothing(store, monkeypatch):
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    monkeypatch.setattr(SC, "parse_json_record", lambda *a: pytest.fail("parsed"))
    _no_replay(store, monkeypatch)
    (event, _), = store.append_many(cid, [("note", {"text": "b"})])
    assert event["seq"] == 2
    monkeypatch.undo()
    assert [e["data"]["text"] for e in store.load(cid).events] == ["a", "b"]


def test_the_cli_reads_the_kept_state(tmp_path, monkeypatch):
    folder = tmp_path / "campaigns"
    cid = _made("bee lives", folder)
    _no_replay(campaign_store(folder), monkeypatch)
    result = cli(["beelives", "next", cid], folder)
    assert result.exit_code == 0, result.output
    assert "Susan" in result.stdout
    shutil.rmtree(ST.default_folder())                             # nothing kept: replayed
    assert cli(["beelives", "next", cid], folder).exit_code != 0


def test_a_deleted_record_leaves_no_kept_state(store):
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    entry = store.states._entry(store.path(cid))
    assert entry.exists()
    store.delete(cid)
    assert not entry.exists()


def test_steps_made_on_a_state_another_command_changed_say_so(tmp_path):
    """Two ``do draw`` at once: the second made its step on the state before the first one's
    card; under the lock its step no longer fits, and it says why, storing nothing."""
    from hyvekit.store.errors import RecordChangedError
    folder = tmp_path / "campaigns"
    assert cli(["beelives", "new", "Race", "-p", "Ann:prolific", "-p", "Bo:aggressive"],
               folder).exit_code == 0
    store = campaign_store(folder)
    before = store.state("race")
    store.append_many("race", [("step", {"do": 'card "First Bloom"'})], known=before)
    with pytest.raises(RecordChangedError, match="changed while this command ran"):
        store.append_many("race", [("step", {"do": 'card "A Cold Spike"'})], known=before)
    assert len(store.load("race").events) == 1
    with pytest.raises(Exception) as plain:                # without a race: the rule's own
        store.append_many("race", [("step", {"do": 'card "A Cold Spike"'})],
                          known=store.state("race"))
    assert not isinstance(plain.value, RecordChangedError)


def test_a_do_unpickles_the_kept_state_once(tmp_path, monkeypatch):
    """``beelives do`` reads the record before its lock and again under it: the same bytes,
    the same entry, unpickled once (the second read takes what the first one gave)."""
    folder = tmp_path / "campaigns"
    cid = _made("bee lives", folder)
    loads = []
    real = pickle.loads
    monkeypatch.setattr(ST.pickle, "loads", lambda b: loads.append(len(b)) or real(b))
    ST._MEMO.clear()                                   # as a new process starts
    legal = json.loads(cli(["beelives", "next", cid, "--json"], folder).stdout)["legal"]
    assert len(loads) == 1
    ST._MEMO.clear()
    loads.clear()
    assert cli(["beelives", "do", cid, legal[0]], folder).exit_code == 0
    assert len(loads) == 1
    # what the next command reads is the state the step left, as a replay gives it
    record = campaign_store(folder).load(cid)
    assert record.events[-1]["data"]["do"] == legal[0]
    assert (campaign_store(folder).state(cid)[1]
            == SC.CampaignStore(folder, ADAPTERS).state(cid)[1])


def test_an_entry_whose_state_changed_is_read_again(store):
    """The process remembers an entry by its first line (which names its body's SHA-256):
    another state written for the same bytes is read, not the one remembered."""
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    record = store.load(cid)
    digest = ST.digest(record.path.read_bytes())
    kept = store.states.get(record.path, digest)
    assert kept is not None and store.states.get(record.path, digest) is kept
    other = ST.Kept({**kept.header, "name": "Other"}, kept.stored_version, kept.max_key,
                    kept.max_seq, kept.state)
    entry = store.states._entry(record.path)
    body = pickle.dumps(other, pickle.HIGHEST_PROTOCOL)
    entry.write_bytes(ST._first_line(digest, body) + body)
    again = store.states.get(record.path, digest)
    assert again is not kept and again.header["name"] == "Other"


def test_the_same_record_bytes_are_hashed_once_and_other_bytes_again(store, monkeypatch):
    """A read before the lock and the read under it (as ``do`` makes them) hash the record's
    bytes once; bytes that differ, even by one byte of the same length, are hashed again."""
    import hashlib
    cid = make_run(store)
    store.append(cid, "note", {"text": "a"})
    hashed = []
    real = hashlib.sha256

    def counted(data=b"", *rest):
        hashed.append(len(data))
        return real(data, *rest)
    monkeypatch.setattr(ST.hashlib, "sha256", counted)
    monkeypatch.setattr(ST, "_LAST_DIGEST", None, raising=False)   # as in a new process
    size = store.path(cid).stat().st_size
    store.state(cid)
    store.append(cid, "note", {"text": "b"})
    assert hashed.count(size) == 1, (size, hashed)
    raw = store.path(cid).read_bytes()
    same_length = raw.replace(b'"b"', b'"c"')
    assert len(same_length) == len(raw) and ST.digest(same_length) == real(
        same_length).hexdigest() != ST.digest(raw) == real(raw).hexdigest()
