"""Messages of issue 38, item 10: an argument that is not UTF-8 is blamed on the argument, not
the terminal; values quoted back are cut; an empty or over-long --out names the option; a
name without Latin letters gets an id of its own."""

from __future__ import annotations

import json

import pytest

LONG = "9" * 5000


def _line(result) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "internal error" not in lines[0]
    return lines[0]


@pytest.mark.parametrize("args", [("campaign", "note", "demo", "a\udcffb"),
                                  ("hyve", "legacy", "new", "a\udcffb"),
                                  ("beelives", "score", "-p", "A\udcff:vp=3")], ids=str)
def test_a_byte_that_is_not_utf8_is_the_arguments_fault(hk, args):
    assert hk("hyve", "legacy", "new", "Demo").returncode == 0
    line = _line(hk(*args))
    assert "UTF-8" in line and "terminal" not in line


def test_an_unprintable_argument_is_not_blamed_on_the_terminal():
    from hyvekit.cli.errors import classify
    code, words = classify(UnicodeEncodeError("utf-8", "a\udcffb", 1, 2, "surrogates not "
                                              "allowed"))
    assert code == 2 and "argument is not valid text" in words and "terminal" not in words
    code, words = classify(UnicodeEncodeError("ascii", "café", 3, 4, "ordinal not in range"))
    assert code == 2 and "terminal" in words          # a terminal that cannot show é


@pytest.mark.parametrize("args", [("beelives", "winter", "--bees", LONG, "--honey", "1",
                                   "--level", "0"),
                                  ("campaign", "undo", "demo", "--to", LONG),
                                  ("beelives", "winter", "--bees", "1", "--honey", "1",
                                   "--level", "0", "--" + "x" * 5000),
                                  ("beelives", "winter", "--bees", "1", "--honey", "1",
                                   "--level", "0", "x" * 5000)], ids=lambda a: a[1])
def test_values_are_quoted_back_cut(hk, args):
    line = _line(hk(*args))
    assert len(line) < 250 and "…" in line


def test_an_empty_out_names_the_option(hk):
    line = _line(hk("print", "pad", "beelives", "--out", ""))
    assert line.startswith("hyvekit: bad input: --out: got ''") and "not empty" in line
    assert "directory" not in line and "folder" not in line


@pytest.mark.parametrize("out", ["x" * 5000 + ".pdf", "a/" + "x" * 300 + "/b.pdf"],
                         ids=["long-path", "long-folder"])
def test_an_over_long_out_names_the_option_and_is_cut(hk, out):
    line = _line(hk("print", "pad", "beelives", "--out", out))
    assert "--out: got '" in line and "…" in line and len(line) < 300
    assert not (hk.root / "a").exists()


def test_a_name_without_latin_letters_gets_an_id_of_its_own(hk):
    assert hk("beelives", "new", "山田の蜂", "-p", "Ann:prolific").returncode == 0
    assert hk("beelives", "new", "山田の蜂", "-p", "Ann:prolific").returncode == 0
    assert hk("queenbee", "new", "女王蜂", "--players", "Ann,Bob").returncode == 0
    rows = json.loads(hk("campaign", "list", "--json").stdout)
    ids = {r["id"]: r["name"] for r in rows}
    assert len(ids) == 3 and "campaign" not in ids
    mine = sorted(i for i, n in ids.items() if n == "山田の蜂")
    assert mine[1] == mine[0] + "-2" and mine[0].startswith("campaign-")
    other = next(i for i, n in ids.items() if n == "女王蜂")
    assert other.startswith("campaign-") and not other.startswith(mine[0])
    assert hk("campaign", "show", mine[0]).returncode == 0


def test_a_note_without_its_data_is_listed_not_an_internal_error(hk):
    """Found by the long fuzzing run of issue 38: a record edited by hand whose note lost its
    ``data`` made ``campaign history`` an internal error."""
    assert hk("hyve", "legacy", "new", "Run", "--id", "run").returncode == 0
    assert hk("campaign", "note", "run", "a note").returncode == 0
    path = hk.campaigns / "run.json"
    doc = json.loads(path.read_bytes())
    del doc["events"]["1"]["data"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = hk("campaign", "history", "run")
    assert r.returncode in (0, 2) and "internal error" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) <= 1
