"""``hyvekit campaign``: export targets, stray files in the campaigns folder."""

from __future__ import annotations

import json


def run(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    return hk.campaigns / "run.json"


def test_export_to_dash_is_standard_output(hk):
    run(hk)
    result = hk("campaign", "export", "run", "-")
    assert result.returncode == 0 and json.loads(result.stdout)["header"]["id"] == "run"
    assert not (hk.root / "-").exists()


def test_export_into_a_missing_folder_names_the_folder(hk):
    run(hk)
    result = hk("campaign", "export", "run", "nodir/run.json")
    assert result.returncode == 2
    assert "FILE" in result.stderr and "nodir" in result.stderr and ".tmp" not in result.stderr
    assert not (hk.root / "nodir").exists()


def test_a_folder_named_like_a_record_does_not_hide_the_others(hk):
    run(hk)
    (hk.campaigns / "bogus.json").mkdir()
    result = hk("campaign", "list", "--json")
    assert result.returncode == 0, result.stderr
    assert [r["id"] for r in json.loads(result.stdout)] == ["run"]


def test_a_record_whose_events_are_not_an_object_is_named_corrupt(hk):
    path = run(hk)
    doc = json.loads(path.read_text())
    doc["events"] = None
    path.write_text(json.dumps(doc))
    result = hk("campaign", "show", "run")
    assert result.returncode == 2 and "must be JSON objects" in result.stderr
    assert "NoneType" not in result.stderr


def test_write_errors_name_the_file_asked_for_not_the_temporary_one(tmp_path):
    import pytest

    from hyvekit.store.storage import atomic_write_text
    target = tmp_path / "missing" / "run.json"
    with pytest.raises(FileNotFoundError) as err:
        atomic_write_text(target, "{}")
    assert err.value.filename == str(target) and ".tmp" not in str(err.value)


def test_a_second_campaign_with_the_same_name_says_its_new_id(hk):
    """`new` never replaces a campaign: the second "League" gets `league-2`, and says so."""
    first = hk("beelives", "new", "League", "-p", "Ann:prolific")
    assert first.returncode == 0 and "exists already" not in first.stdout
    second = hk("beelives", "new", "League", "-p", "Ann:prolific")
    assert second.returncode == 0
    assert "a campaign 'league' exists already; this one is 'league-2'" in second.stdout
    chosen = hk("hyve", "legacy", "new", "League", "--id", "my-run")
    assert chosen.returncode == 0 and "exists already" not in chosen.stdout


def test_a_command_waiting_on_another_ones_lock_says_so_on_stderr(hk, monkeypatch):
    from filelock import FileLock

    from hyvekit.store import storage
    from store.helpers import hold_lock
    monkeypatch.setattr(storage, "LOCK_NOTICE_S", 0.05)
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    hold_lock(FileLock(str(hk.campaigns / "run.json") + ".lock"), 0.3)
    r = hk("campaign", "note", "run", "waited")
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("waiting for another hyvekit command on") == 1
    assert "run.json" in r.stderr

