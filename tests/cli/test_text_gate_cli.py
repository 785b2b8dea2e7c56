"""One text gate for names and notes (issue 25, item 2): control characters (C0, DEL, C1) and
the direction controls that reorder text (U+202A-E, U+2066-9) are refused where a name is
typed, exit 2 with the character named; a record made before the gate still reads, its
names shown escaped rather than acted on by the terminal."""

from __future__ import annotations

import pytest

from hyvekit.games import campaign_store

ESC_NAME = "\x1b]0;X\x07\x1b[2JAnn"          # sets the terminal's title, clears the screen
RLO_NAME = "Ann\u202eBob"                     # shows as another name
CSI_NAME = "A\x9bB"                           # C1: a terminal's control sequence


@pytest.mark.parametrize("name", [ESC_NAME, RLO_NAME, CSI_NAME], ids=["esc", "rlo", "c1"])
@pytest.mark.parametrize("command", [
    ("beez", "new", "Fri", "--players", "{name},Bob", "--common",
     "both-4-5-rows,middle-row,colours"),
    ("beelives", "new", "League", "-p", "{name}:prolific"),
    ("queenbee", "new", "Hive", "--players", "{name},Bob"),
    ("print", "pad", "beelives", "--names", "{name},Bob"),
    ("hyve", "legacy", "new", "{name}"),
    ("campaign", "note", "demo", "{name}"),
], ids=["beez", "beelives", "queenbee", "pad", "run-name", "note"])
def test_a_name_with_a_control_or_direction_character_is_refused(hk, command, name):
    if command[:2] == ("campaign", "note"):
        assert hk("hyve", "legacy", "new", "Demo").returncode == 0
    r = hk(*(word.format(name=name) for word in command))
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("hyvekit: bad input: ") and "\x1b" not in r.stderr
    assert "\u202e" not in r.stderr and "\x9b" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_an_older_beez_record_with_such_a_name_reads_and_shows_it_escaped(hk):
    store = campaign_store(hk.campaigns)
    store.create("Old", "beez", "game", {"players": [ESC_NAME, "Bob"], "common": [
        "both-4-5-rows", "middle-row", "colours"], "secret": {}, "expert": False}, "old")
    r = hk("beez", "next", "old")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\\x1b]0;X\\x07\\x1b[2JAnn" in r.stdout


def test_an_older_bee_lives_record_with_a_direction_control_shows_it_escaped(hk):
    """A name an older record holds with U+202E reads, and every table screen, ``continue``
    and ``campaign list`` show it escaped instead of reordering the line."""
    from hyvekit.games.beelives import new_campaign_settings
    header, _, _ = new_campaign_settings({"kind": "standard", "players": [
        {"name": RLO_NAME, "queen": "prolific"}, {"name": "Cy", "queen": "nomadic"}]})
    campaign_store(hk.campaigns).create("Old " + "League", "beelives", "campaign", header,
                                        "old")
    for command in (("beelives", "next", "old"), ("continue",), ("campaign", "list"),
                    ("beelives", "do", "old", "draw")):
        r = hk(*command)
        assert r.returncode == 0, (command, r.stderr)
        assert "\u202e" not in r.stdout, command
    assert "Ann\\u202eBob" in hk("beelives", "next", "old").stdout
