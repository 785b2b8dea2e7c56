"""``campaign undo`` and ``redo`` read a record as strictly as every other command (issue 38,
item 7): a header naming a game hyvekit does not know, or a game and kind that do not read the
record's settings, is refused with exit 2 before anything is asked or written, the file byte
for byte as it was."""

from __future__ import annotations

import json

import pytest


def _header(hk, cid: str, **fields) -> bytes:
    path = hk.campaigns / f"{cid}.json"
    doc = json.loads(path.read_bytes())
    doc["header"]["1"].update(fields)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path.read_bytes()


def _bee_lives(hk) -> None:
    assert hk("beelives", "new", "League", "-p", "Ann:prolific", "--id", "bl").returncode == 0
    for step in ('card "An Early Start"', "forage bloom 1", "defend 1", "clean-bees 1"):
        assert hk("beelives", "do", "bl", step).returncode == 0, step
    assert len(json.loads(hk("campaign", "history", "bl", "--json").stdout)) == 4


@pytest.mark.parametrize("command", [("undo", "--yes"), ("undo",), ("undo", "--to", "0", "--yes"),
                                     ("undo", "--to", "1"), ("redo",), ("show",), ("check",)])
def test_a_record_of_an_unknown_game_is_refused_by_undo_as_by_show(hk, command):
    assert hk("hyve", "legacy", "new", "Run", "--id", "run").returncode == 0
    for text in ("a", "b", "c"):
        assert hk("campaign", "note", "run", text).returncode == 0
    assert hk("campaign", "undo", "run").returncode == 0       # something for redo to bring
    bad = _header(hk, "run", game="chess")
    r = hk("campaign", command[0], "run", *command[1:])
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "chess/legacy" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert r.stdout == ""                                   # not even the question was asked
    assert (hk.campaigns / "run.json").read_bytes() == bad


@pytest.mark.parametrize("command", [("undo", "--yes"), ("undo", "--to", "3", "--yes"),
                                     ("undo", "--to", "1"), ("redo",)])
def test_a_bee_lives_record_called_a_hyve_scenario_is_refused_by_undo(hk, command):
    _bee_lives(hk)
    assert hk("campaign", "note", "bl", "five").returncode == 0
    assert hk("campaign", "undo", "bl").returncode == 0       # something for redo to bring
    bad = _header(hk, "bl", game="hyve", kind="scenario")
    assert hk("campaign", "show", "bl").returncode == 2
    r = hk("campaign", command[0], "bl", *command[1:])
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "bl.json" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert (hk.campaigns / "bl.json").read_bytes() == bad


def test_undo_of_a_sound_record_still_reverts(hk):
    _bee_lives(hk)
    r = hk("campaign", "undo", "bl", "--to", "1", "--yes")
    assert r.returncode == 0 and "reverted event" in r.stdout
    assert hk("campaign", "redo", "bl").returncode == 0
