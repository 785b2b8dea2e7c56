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


# --- the factor remembered for the same document (real HYVE sheet prints) ---------------------

def _layouts(monkeypatch) -> list:
    """Count the weasyprint layouts of the prints that follow."""
    from hyvekit.render import pdf
    made, real = [], pdf._weasyprint

    def counted(html, override):
        made.append(1)
        return real(html, override)
    monkeypatch.setattr(pdf, "_weasyprint", counted)
    return made


def _sheet(hk, tmp_path, name: str) -> list:
    """The pages of a blank HYVE sheet printed to ``name``, as pixels (pdftoppm)."""
    from layout_measure import sheet_pixels
    out = tmp_path / name
    result = hk("print", "sheet", "hyve", "-o", str(out))
    assert result.returncode == 0, result.stderr
    return sheet_pixels(out)


def _entries():
    from hyvekit.render.grow import cache_folder
    return sorted(cache_folder().glob("*.json"))


def test_a_sheet_printed_again_is_laid_out_once_with_the_same_pixels(hk, tmp_path,
                                                                       monkeypatch):
    made = _layouts(monkeypatch)
    first = _sheet(hk, tmp_path, "first.pdf")
    searched = len(made)
    assert searched >= 2 and len(_entries()) == 1        # the factor searched, remembered
    again = _sheet(hk, tmp_path, "again.pdf")
    assert len(made) - searched == 1                      # one layout, at the factor found
    assert again == first and len(first) == 2


def test_a_damaged_or_foreign_entry_is_passed_over_and_the_factor_searched(hk, tmp_path,
                                                                         monkeypatch):
    import json
    made = _layouts(monkeypatch)
    first = _sheet(hk, tmp_path, "first.pdf")
    searched = len(made)
    [entry] = _entries()
    good = json.loads(entry.read_text())
    for damage in (b"{\"key\": \"" + entry.stem.encode() + b"\", \"fac", b"\x00" * 40,
                   json.dumps({**good, "key": "0" * 64}).encode(),          # another's
                   json.dumps({**good, "factor": 1.0}).encode()):          # not as laid out
        entry.write_bytes(damage)
        before = len(made)
        assert _sheet(hk, tmp_path, "again.pdf") == first, damage
        assert len(made) - before >= searched - 1 and len(made) - before > 1, damage
        assert json.loads(entry.read_text()) == good      # written again, whole
    assert len(_entries()) == 1


def test_entries_written_at_once_are_read_whole_or_not_at_all(tmp_path, monkeypatch):
    """Concurrent prints write the same entry: a reader sees the whole of one or none."""
    import threading
    from hyvekit.render import grow
    monkeypatch.setenv("HYVEKIT_CACHE", str(tmp_path / "cache"))
    page = SimpleNamespace(height=HEIGHT, anchors={"end": (0, 700.5)})
    doc = SimpleNamespace(pages=[SimpleNamespace(height=HEIGHT, anchors={}), page])
    key, seen, stop = "ab" * 32, [], threading.Event()

    def write():
        while not stop.is_set():
            grow.remember(key, 1.25, False, doc, SPEC)
    writers = [threading.Thread(target=write) for _ in range(3)]
    for w in writers:
        w.start()
    try:
        for _ in range(300):
            seen.append(grow.remembered(key))
    finally:
        stop.set()
        for w in writers:
            w.join()
    assert {None if e is None else (e["factor"], e["pages"], e["end"]) for e in seen} <= {
        None, (1.25, 2, 700.5)} and seen[-1] is not None
    assert [p.name for p in grow.cache_folder().iterdir()] == [f"{key}.json"]   # no leftovers
