"""A name pre-printed on a pad is sized to its cell and wraps between words only, never
inside one; one too long for its cell even at 6 pt on the sheet puts the names on a row of
their own (issue 29, item 6: 4-up pads split "Ångströ|m", "Bartholome|w-")."""

from __future__ import annotations

import shutil

import pytest

from hyvekit.render.catalogue import load_all
from hyvekit.render.pdf import nup_scale
from hyvekit.render.printables import (NAME_MIN_SHEET_PT, NAME_PT, PAD_QUARTER_LABEL_MM, fit_names,
                                       word_width_mm)

from layout_measure import word_boxes
from render_helpers import run_hyvekit

pytestmark = [
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed"),
    pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning"),
]

LONG = "Bartholomewjeremiahbart"          # 23 letters, no space to wrap at
NAMES = {
    "short": ["Ann", "Bo", "Cy", "Dee"],
    "wrapping": ["Zoë Ångström", "Mary Ann Smith", "Jo", "Łukasz Żółć"],
    "long": [LONG, "Zoë Ångström-Lindqvist", "Max", "Christophermontgomeryc"],
}


def _columns(names):
    return [{"number": i + 1, "name": n} for i, n in enumerate(names)]


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_name_is_never_printed_under_6_pt_nor_over_10(per_page):
    for names in NAMES.values():
        columns = _columns(names)
        # the Bee Lives pad's label column, and on a quarter sheet its own (issue 43, item 1:
        # 4-up at full size on the quarter, where the A5 layout was shrunk)
        listed = fit_names(columns, 56.0, per_page,
                           quarter_label_mm=PAD_QUARTER_LABEL_MM["beelives"])
        scale = nup_scale(per_page)
        for c in columns:
            assert NAME_MIN_SHEET_PT - 0.06 <= c["name_pt"] * scale
            assert c["name_pt"] <= NAME_PT
        assert listed == (names is NAMES["long"] or (names is NAMES["wrapping"]
                                                     and per_page in (2, 4)))


def test_the_longest_word_decides_and_a_wider_letter_shrinks_more():
    assert word_width_mm("WWW", 10) > word_width_mm("iii", 10)
    wide, narrow, *others = _columns(["WWWWWWWWWWWW", "iiiiiiiiiiii", "Ann", "Bo"])
    fit_names([wide, narrow, *others], 56.0, 1)
    assert wide["name_pt"] < narrow["name_pt"] == NAME_PT


def test_short_names_keep_their_cells_and_a_too_long_one_lists_them():
    quarter = PAD_QUARTER_LABEL_MM["beelives"]
    assert fit_names(_columns(NAMES["short"]), 56.0, 4, quarter_label_mm=quarter) is False
    assert fit_names(_columns(NAMES["long"]), 56.0, 4, quarter_label_mm=quarter) is True


FIT_CASES = [(pad, n) for pad in ("beelives", "beez", "beelives-years")
             for n in (1, 2, 4) if n in load_all()[f"pad {pad}"].per_page]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("pad,per_page", FIT_CASES)
@pytest.mark.parametrize("which", sorted(NAMES))
def test_every_word_of_every_name_prints_whole(tmp_path, pad, per_page, paper, which):
    names = NAMES[which]
    out = tmp_path / "pad.pdf"
    run_hyvekit(tmp_path / "records", "print", "pad", pad, "--names", ",".join(names),
                "--per-page", str(per_page), "--paper", paper, "--out", str(out))
    _, pages = word_boxes(out)
    printed = [w[4] for w in pages[0]]
    words = {word for name in names for word in name.split()}
    for word in words:
        assert word in printed, f"{word!r} is not printed whole"
        # and nowhere split: no printed piece is a part of it only
        pieces = [p for p in printed if len(p) >= 3 and p != word and p not in words
                  and p in word]
        assert not pieces, f"{word!r} is split somewhere: {pieces}"


def test_too_many_names_are_said_to_be_the_names(hk):
    """A trial: five names were refused as "--players: got 5", an option never given."""
    r = hk("print", "pad", "beelives", "--names", "A,B,C,D,E")
    assert r.returncode == 2 and "--names: got 'A,B,C,D,E', expected at most 4 names" in r.stderr
