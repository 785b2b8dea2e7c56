"""Footers of pre-filled prints (issue 29, item 3): with the longest campaign id, the footer
names it cut short (the whole id is in the PDF's metadata), so its line never runs under
"hyvekit VERSION" on the right, and stays clear of the sheet's edge."""

from __future__ import annotations

import pytest

from layout_measure import EDGE_MM, word_boxes, words_near_the_edge

from hyvekit.store.slug import MAX_ID

LONG_ID = ("tuesday-beekeepers-" * 4)[:MAX_ID - 1] + "x"


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_campaign_id_is_cut_in_the_footer_and_nothing_overlaps(hk, paper):
    assert len(LONG_ID) == MAX_ID
    r = hk("beelives", "new", "Long", "--id", LONG_ID, "-p", "Ann:prolific", "-p",
           "Bo:aggressive", "--years", "2")
    assert r.returncode == 0, r.stderr
    out = hk.root / f"pad-{paper}.pdf"
    r = hk("print", "pad", "beelives-years", LONG_ID, "--paper", paper, "--out", str(out))
    assert r.returncode == 0, r.stderr
    sizes, pages = word_boxes(out)
    (_, h), words = sizes[0], pages[0]
    bottom = [x for x in words if x[1] > h - 12 * 72 / 25.4]          # the bottom margin
    version = [x for x in bottom if x[4] == "hyvekit"]
    assert version, "no version in the footer"
    others = [x for x in bottom if x not in version and not x[4].startswith("0.")]
    assert any(x[4].startswith("tuesday-beekeepers") and x[4].endswith("\u2026")
               for x in others), "the campaign id, cut short, is not in the footer"
    for v in version:
        assert not [x for x in others if _overlap(x, v)], "the footer runs under the version"
    assert not list(words_near_the_edge(out)), f"within {EDGE_MM} mm of the edge"


#: what many laser printers cannot print: the band this near a sheet's edge
LASER_MM = 6.35
FOUR_UP = ["pad beelives", "pad beez", "pad queenbee"]


def test_the_four_up_printables_are_these():
    from hyvekit.render.catalogue import load_all
    assert sorted(k for k, p in load_all().items() if 4 in p.per_page) == sorted(FOUR_UP)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("key", FOUR_UP)
def test_at_four_up_nothing_is_printed_within_6_35_mm_of_the_sheet_edge(hk, key, paper):
    """Issue 29, item 6: the footers of 4-up slips sat 5.7 mm from the edge."""
    out = hk.root / f"{key.replace(' ', '-')}-{paper}.pdf"
    r = hk("print", *key.split(), "--paper", paper, "--per-page", "4", "--out", str(out))
    assert r.returncode == 0, r.stderr
    near = list(words_near_the_edge(out, LASER_MM))
    assert not near, f"{key} ({paper}) within {LASER_MM} mm of the edge: {near[:4]}"
