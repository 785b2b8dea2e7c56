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
