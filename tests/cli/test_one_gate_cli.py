"""One text gate for every name and note, and one reader for every number typed (issue 38,
items 8 and 9).  Every place a name or a note enters — a campaign's name, a player's (Beez,
Bee Lives, Queen Bee, a printable's --names, a score's players, an alias, --set-me), a note —
refuses control, invisible and direction characters (Unicode Cc, Cf, Zl, Zp, the Hangul
fillers) with exit 2 and keeps what it takes in NFC; every number option of every command
reads ASCII digits only."""

from __future__ import annotations

import json
import unicodedata

import pytest

#: one of each kind the gate refuses (the issue's list)
HIDDEN = ["\u200e", "\u200f", "\u061c", "\u200b", "\ufeff", "\u2028", "\u2029", "\u3164",
          "\u115f", "\u180e"]

COMMON = "both-4-5-rows,middle-row,colours"
#: every command a name or a note enters by, ``{n}`` the name
ENTRIES = {
    "beez": ("beez", "new", "Fri", "--players", "{n},Bob", "--common", COMMON),
    "beez-name": ("beez", "new", "{n}", "--players", "Ann,Bob", "--common", COMMON),
    "beelives": ("beelives", "new", "League", "-p", "{n}:prolific"),
    "beelives-name": ("beelives", "new", "{n}", "-p", "Ann:prolific"),
    "queenbee": ("queenbee", "new", "Hive", "--players", "{n},Bob"),
    "queenbee-name": ("queenbee", "new", "{n}", "--players", "Ann,Bob"),
    "hyve-run": ("hyve", "legacy", "new", "{n}"),
    "hyve-scenario": ("hyve", "new", "{n}"),
    "pad": ("print", "pad", "beelives", "--names", "{n},Bob"),
    "score": ("beelives", "score", "-p", "{n}:vp=3"),
    "alias": ("stats", "--alias", "Annie={n}"),
    "set-me": ("stats", "--set-me", "{n}"),
    "note": ("campaign", "note", "demo", "{n}"),
}


def _files(hk) -> dict:
    return {p: p.read_bytes() for p in hk.root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("c", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_every_name_and_note_refuses_invisible_characters(hk, entry, c):
    assert hk("hyve", "legacy", "new", "Demo").returncode == 0
    before = _files(hk)
    r = hk(*(w.format(n=f"A{c}nn") for w in ENTRIES[entry]))
    assert r.returncode == 2, (entry, r.stdout, r.stderr)
    line = r.stderr.strip()
    assert line.startswith("hyvekit: bad input: ") and len(line.splitlines()) == 1
    assert f"found {c.encode('unicode_escape').decode()}" in line and c not in line
    assert _files(hk) == before                        # nothing written, nothing printed


def test_names_and_notes_are_kept_in_nfc(hk):
    decomposed = "Jose\u0301"                          # é as e and a combining accent
    composed = unicodedata.normalize("NFC", decomposed)
    assert composed != decomposed
    assert hk("beez", "new", f"Fri {decomposed}", "--players", f"{decomposed},Bob",
              "--common", COMMON, "--id", "fri").returncode == 0
    assert hk("beelives", "new", "L", "-p", f"{decomposed}:prolific", "--id", "l"
              ).returncode == 0
    assert hk("queenbee", "new", "Q", "--players", f"{decomposed},Bob", "--id", "q"
              ).returncode == 0
    assert hk("campaign", "note", "l", f"met {decomposed}").returncode == 0
    for cid in ("fri", "l", "q"):
        raw = (hk.campaigns / f"{cid}.json").read_text(encoding="utf-8")
        assert composed in json.loads(json.dumps(raw)) and decomposed not in raw, cid
    assert f"Fri {composed}" in (hk.campaigns / "fri.json").read_text(encoding="utf-8")
    assert f"met {composed}" in (hk.campaigns / "l.json").read_text(encoding="utf-8")


def test_printables_names_are_kept_in_nfc():
    from hyvekit.render.printables import parse_names
    assert parse_names("Jose\u0301, Zo\u0308e") == ["Jos\u00e9", "Z\u00f6e"]
    with pytest.raises(ValueError):                    # one name, two spellings
        parse_names("Jos\u00e9,Jose\u0301")


def _commands(command, path=()):
    """``(path, click command)`` of every command under ``command``."""
    sub = getattr(command, "commands", None)
    yield path, command
    if sub is not None:
        for name in list(sub):
            yield from _commands(sub[name], (*path, name))


def _int_params():
    """``(path, param, earlier)`` of every whole-number option and argument of every command,
    ``earlier`` the required parameters before it (given a value, so that the number is
    what is read)."""
    import typer.main

    from hyvekit.cli.app import app
    found = []
    for path, command in _commands(typer.main.get_command(app)):
        params = list(command.params)
        for i, p in enumerate(params):
            annotation = p.type_descriptor.annotation
            if annotation is int or str(annotation) == "list[int]":
                found.append((path, p, [q for q in params[:i] if q.required]))
    return found


INT_PARAMS = _int_params()


def test_the_walk_finds_the_number_options_of_the_issue():
    named = {(" ".join(path), p.opts[0]) for path, p, _ in INT_PARAMS}
    assert {("campaign undo", "--to"), ("beelives winter", "--bees"),
            ("beelives winter", "--honey"), ("beelives raid", "--remove"),
            ("serve", "--port"), ("print pad", "--copies")} <= named
    assert len(named) > 60


@pytest.mark.parametrize("digits", ["٣", "０", "३", "-٣", "１２"], ids=ascii)
def test_every_number_option_reads_ascii_digits_only(hk, digits):
    """A whole-number option or argument of any command, given another script's digits:
    exit 2 and one line naming it, the value quoted back, nothing written."""
    assert hk("hyve", "legacy", "new", "Demo", "--id", "demo").returncode == 0
    before = _files(hk)
    for path, param, earlier in INT_PARAMS:
        args = list(path)
        for q in earlier:
            value = "1" if q.type_descriptor.annotation is int else "demo"
            args += [value] if q.param_type_name == "argument" else [q.opts[0], value]
        if param.param_type_name == "argument":
            args += ["--", digits]
        else:
            args += [param.opts[0], digits]
        r = hk(*args)
        line = r.stderr.strip()
        assert r.returncode == 2, (args, r.stdout[-300:], line)
        assert len(line.splitlines()) == 1 and "internal error" not in line, (args, line)
        assert repr(digits) in line and (param.opts[0] in line or param.name.upper() in line
                                         or param.name in line), (args, line)
    assert _files(hk) == before


def test_the_issues_numbers_are_refused_and_ascii_ones_still_read(hk):
    assert hk("hyve", "legacy", "new", "Demo", "--id", "demo").returncode == 0
    for text in ("a", "b"):
        assert hk("campaign", "note", "demo", text).returncode == 0
    kept = (hk.campaigns / "demo.json").read_bytes()
    r = hk("campaign", "undo", "demo", "--to", "０", "--yes")
    assert r.returncode == 2 and "--to: got '０'" in r.stderr
    assert (hk.campaigns / "demo.json").read_bytes() == kept
    r = hk("beelives", "winter", "--bees", "٣", "--honey", "١٢", "--level", "-2")
    assert r.returncode == 2 and "--bees: got '٣', expected a whole number" in r.stderr
    assert hk("beelives", "winter", "--bees", "3", "--honey", "12", "--level", "-2"
              ).returncode == 0
    assert hk("campaign", "undo", "demo", "--to", "1", "--yes").returncode == 0
