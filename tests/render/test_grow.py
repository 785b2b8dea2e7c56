"""A page that grows into its empty space (hyvekit.render.grow): the factor found fills the
page without moving anything onto another page."""

from __future__ import annotations

from types import SimpleNamespace

from hyvekit.render.grow import FULL, GROW_MAX, PX_MM, grown

BOTTOM_MM = 12.0
HEIGHT = 1000.0
SPEC = {"page": 1, "anchor": "end", "bottom_mm": BOTTOM_MM}
ROOM = HEIGHT - BOTTOM_MM * PX_MM


def fake(end: float, jump_over: float | None = None):
    """A two-page document laid out at a factor: page 2's content ends ``end(factor)`` px
    down; past the bottom margin (or past ``jump_over``, a block that breaks to a new page
    before it is full) a third page comes."""
    tried = []

    def laid_out(factor: float):
        tried.append(factor)
        y = end(factor)
        over = y > ROOM or (jump_over is not None and factor > jump_over)
        page = SimpleNamespace(height=HEIGHT, anchors={} if over else {"end": (0, y)})
        pages = [SimpleNamespace(height=HEIGHT, anchors={}), page]
        return SimpleNamespace(pages=pages + ([SimpleNamespace(height=HEIGHT, anchors={
            "end": (0, 50)})] if over else []), factor=factor)
    return laid_out, tried


def test_a_page_grows_until_it_is_full():
    laid_out, tried = fake(lambda k: 300 + 400 * k)            # 700 px at 1
    result = grown(laid_out(1.0), laid_out, SPEC)
    assert len(result.pages) == 2
    end = result.pages[1].anchors["end"][1]
    assert FULL * ROOM <= end <= ROOM and 1 < result.factor <= GROW_MAX, result.factor
    assert len(tried) <= 5


def test_a_block_breaking_early_keeps_the_largest_factor_that_fits():
    laid_out, _ = fake(lambda k: 300 + 400 * k, jump_over=1.3)
    result = grown(laid_out(1.0), laid_out, SPEC)
    assert len(result.pages) == 2 and 1.2 <= result.factor <= 1.3, result.factor


def test_a_full_page_and_a_short_document_stay_as_they_are():
    laid_out, tried = fake(lambda k: ROOM * k)
    full = laid_out(1.0)
    assert grown(full, laid_out, SPEC) is full and tried == [1.0]
    one_page = SimpleNamespace(pages=[SimpleNamespace(height=HEIGHT, anchors={"end": (0, 9)})])
    assert grown(one_page, laid_out, SPEC) is one_page


def test_growth_stops_at_the_largest_factor():
    laid_out, _ = fake(lambda k: 100 + 10 * k)
    assert grown(laid_out(1.0), laid_out, SPEC).factor == GROW_MAX
