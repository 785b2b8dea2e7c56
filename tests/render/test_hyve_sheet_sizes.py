"""Issue 29, item 2: the HYVE scenario sheet is laid out for the real components, measured
from the printed PDF's drawing (``pdf_shapes``) and its words (``pdftotext``), on A4 and
Letter: a square of the HP track holds the 16 mm HP die (17 mm and more), a hyve's hexes and
an action's space are 8 mm and more, Wasp War's formation hexes 6 mm, Long Live the Queen's
pips 5 mm, and a setup colour line holds "purple" written by hand (25 mm)."""

from __future__ import annotations

import shutil

import pytest

from hyvekit.data.hyve import sheet_definitions
from hyvekit.render.printables_hyve_sheets import actions, sheet_hyve_context

from layout_measure import word_boxes
from pdf_shapes import MM, border_pair, bottom_rules, distinct, page_shapes, painted_paths
from render_helpers import run_hyvekit

pytestmark = [
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed"),
    pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning"),
]

HP_SQUARE_MM, HEX_MM, ACTION_MM, FORMATION_MM, PIP_MM, COLOUR_LINE_MM = 17, 8, 8, 6, 5, 25
IDS = list(sheet_definitions())
_PRINTED: dict = {}


def printed(tmp_path_factory, sid, paper, compact=False):
    """``(shapes, words, heights)`` per page of the printed sheet (cached per module)."""
    from pypdf import PdfReader

    key = (sid, paper, compact)
    if key not in _PRINTED:
        folder = tmp_path_factory.mktemp("sheet")
        out = folder / "s.pdf"
        run_hyvekit(folder / "records", "print", "sheet", "hyve", "--mode", sid, "--paper", paper,
                    "--out", str(out), *(["--compact"] if compact else []))
        reader = PdfReader(str(out))
        sizes, words = word_boxes(out)
        _PRINTED[key] = ([page_shapes(reader, i) for i in range(len(reader.pages))], words,
                         [h for _, h in sizes])
    return _PRINTED[key]


def squares(shapes, least_mm):
    return [s for s in distinct(shapes) if not s.curved and len(set(s.points)) == 4
            and s.width_mm >= least_mm and s.height_mm >= least_mm]


def hexes(shapes):
    return [s for s in shapes if not s.curved and len(set(s.points)) == 6]


CASES = [(sid, paper) for sid in IDS for paper in ("a4", "letter")]


@pytest.mark.parametrize("sid,paper", CASES)
def test_the_hp_track_has_a_square_for_the_hp_die_on_every_space(tmp_path_factory, sid, paper):
    shapes, _, _ = printed(tmp_path_factory, sid, paper)
    spaces = sheet_definitions()[sid].hp_track.spaces
    big = [s for page in shapes for s in squares(page, HP_SQUARE_MM)]
    assert len(big) == spaces, f"{len(big)} squares of {HP_SQUARE_MM} mm, {spaces} spaces"


@pytest.mark.parametrize("sid,paper", CASES)
def test_every_hyve_hex_is_8_mm_across(tmp_path_factory, sid, paper):
    shapes, _, _ = printed(tmp_path_factory, sid, paper)
    sheet = sheet_definitions()[sid]
    wanted = sum(len(h) for h in sheet.hyves)
    large = [h for page in shapes for h in hexes(page) if h.across_flats_mm() >= HEX_MM]
    assert len(large) >= wanted, f"{len(large)} hexes of {HEX_MM} mm, the hyves have {wanted}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_wasp_war_formation_hexes_are_6_mm_across(tmp_path_factory, paper):
    shapes, _, _ = printed(tmp_path_factory, "wasp-war", paper)
    wasp = sheet_definitions()["wasp-war"].wasp
    drawn = [h for page in shapes for h in hexes(page)]
    in_formations = sum(len(f) for f in (*wasp.defensive, *wasp.offensive))
    small = [round(h.across_flats_mm(), 1) for h in drawn if h.across_flats_mm() < FORMATION_MM]
    assert not small, f"hexes under {FORMATION_MM} mm: {small[:5]}"
    assert len(drawn) >= in_formations + sum(len(h) for h in
                                              sheet_definitions()["wasp-war"].hyves)


@pytest.mark.parametrize("sid,paper", CASES)
def test_each_action_has_a_space_of_8_mm_beside_its_name(tmp_path_factory, sid, paper):
    shapes, words, heights = printed(tmp_path_factory, sid, paper)
    names = [n for n, _ in actions()] + (["Marshal"] if sheet_definitions()[sid].wasp else [])
    for name in names:
        first = name.split()[0]
        found = False
        for page, page_words in enumerate(words):
            boxes = squares(shapes[page], ACTION_MM)
            for x0, y0, x1, y1, word in page_words:
                if word.replace("&apos;", "'") != first:
                    continue
                top, bottom = heights[page] - y0, heights[page] - y1   # PDF's y goes up
                found = found or any(
                    0 <= x0 - s.box[2] <= 4 * MM and s.box[1] <= top and s.box[3] >= bottom
                    for s in boxes)
        assert found, f"{name}: no {ACTION_MM} mm space beside its name"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_live_the_queen_pips_are_5_mm(tmp_path_factory, paper):
    shapes, _, _ = printed(tmp_path_factory, "long-live-the-queen", paper)
    sheet = sheet_definitions()["long-live-the-queen"]
    pips = len(sheet_hyve_context(sheet)["queen_pips"])
    round_marks = [s for page in shapes for s in distinct(page)
                   if s.curved and abs(s.width_mm - s.height_mm) < 0.3 and s.width_mm >= PIP_MM]
    # approval and disapproval pips, and the population circles, all 5 mm or more
    assert len(round_marks) >= 2 * pips + sheet.population_spaces


@pytest.mark.parametrize("sid,paper", CASES)
def test_the_setup_colour_lines_hold_purple_written_by_hand(tmp_path_factory, sid, paper):
    shapes, words, heights = printed(tmp_path_factory, sid, paper)
    page_words = words[0]
    setup = next(w for w in page_words if w[4].lower() == "setup")
    below = next(w for w in page_words if w[4].lower() == "population" and w[1] > setup[1])
    top, bottom = heights[0] - setup[3], heights[0] - below[1]
    lines = [w / MM for x, y, w in bottom_rules(shapes[0]) if bottom <= y <= top]
    assert len(lines) == 5 and min(lines) >= COLOUR_LINE_MM, f"colour lines (mm): {lines}"


def test_the_compact_sheet_is_the_small_one_page_layout(tmp_path_factory):
    """The measures find the compact sheet's boxes too small: they measure what is printed."""
    shapes, _, _ = printed(tmp_path_factory, "standard", "a4", compact=True)
    assert len(shapes) == 1
    assert not squares(shapes[0], HP_SQUARE_MM)
    assert all(h.across_flats_mm() < HEX_MM for h in hexes(shapes[0]))
    assert len(hexes(shapes[0])) == 6 * 19


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_offensive_formation_has_its_sum_box_beside_its_sigma(tmp_path_factory, paper):
    """A player's trial: a formation's Σ and its box were split over two lines."""
    shapes, words, heights = printed(tmp_path_factory, "wasp-war", paper)
    wanted = len(sheet_definitions()["wasp-war"].wasp.offensive)
    paired = 0
    for page, page_words in enumerate(words):
        boxes = squares(shapes[page], ACTION_MM)
        for x0, y0, x1, y1, word in page_words:
            if word == "\u03a3":
                top, bottom = heights[page] - y0, heights[page] - y1
                paired += any(0 <= s.box[0] - x1 <= 3 * MM and s.box[1] <= top
                              and s.box[3] >= bottom for s in boxes)
    assert paired == wanted


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_live_the_queen_pips_wrap_by_fives(tmp_path_factory, paper):
    """A player's trial: a line of pips ended inside a group of five."""
    shapes, _, _ = printed(tmp_path_factory, "long-live-the-queen", paper)
    rows: dict[int, int] = {}
    for s in distinct(shapes[0]):
        if s.curved and abs(s.width_mm - s.height_mm) < 0.3 and 5.4 <= s.width_mm < 5.6:
            rows[round(s.box[1] / MM)] = rows.get(round(s.box[1] / MM), 0) + 1
    pips = 2 * len(sheet_hyve_context(sheet_definitions()["long-live-the-queen"])["queen_pips"])
    assert sum(rows.values()) == pips and all(n % 5 == 0 for n in rows.values()), rows


DIE_MM = 16.0


def inner_squares(shapes, least_mm):
    """The inside of every square border of ``least_mm`` or more (weasyprint draws a border
    as the box and the box less its border, filled even-odd): ``(outer, inner)`` in mm."""
    found = []
    for outer, inner in filter(None, map(border_pair, painted_paths(shapes))):
        if outer.width_mm >= least_mm and outer.height_mm >= least_mm:
            found.append((round(min(outer.width_mm, outer.height_mm), 2),
                          round(min(inner.width_mm, inner.height_mm), 2)))
    return found


@pytest.mark.parametrize("sid,paper", CASES)
def test_every_hp_square_holds_the_16_mm_die_inside_its_border(tmp_path_factory, sid, paper):
    """Issue 43, item 6: inside its border every HP square, Start's thick one included, is
    16 mm or more (Start's was 15.9 mm)."""
    shapes, _, _ = printed(tmp_path_factory, sid, paper)
    spaces = sheet_definitions()[sid].hp_track.spaces
    found = [sq for page in shapes for sq in inner_squares(page, HP_SQUARE_MM)]
    assert len(found) == spaces, found
    small = [sq for sq in found if sq[1] < DIE_MM]
    assert not small, f"squares under {DIE_MM} mm inside: {small}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_imposed_a5_booklet_keeps_the_hexes_and_the_die_squares(tmp_path, paper):
    """Issue 43, item 2: on the A5 (half-Letter) booklet a hyve's hexes are 8 mm across and
    more, and every HP square holds the 16 mm die inside its border."""
    from pypdf import PdfReader

    out = tmp_path / "booklet.pdf"
    run_hyvekit(tmp_path / "records", "print", "booklet", "--imposition", "booklet",
                "--paper", paper, "--out", str(out))
    reader = PdfReader(str(out))
    shapes = [page_shapes(reader, i) for i in range(len(reader.pages))]
    wanted = sum(len(h) for h in sheet_definitions()["standard"].hyves)
    large = [h for page in shapes for h in hexes(page) if h.across_flats_mm() >= HEX_MM]
    assert len(large) >= wanted, f"{len(large)} hexes of {HEX_MM} mm"
    squares_inside = [sq for page in shapes for sq in inner_squares(page, DIE_MM)]
    assert squares_inside and min(inner for _, inner in squares_inside) >= DIE_MM


def own_sheets(tmp_path, sid, old, new):
    """A player's --sheets file: the packaged one with ``old`` replaced by ``new`` in sheet
    ``sid`` (or in the defaults, ``sid`` None)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "hyvekit" / "data"
            / "hyve_sheets.toml").read_text(encoding="utf-8")
    at = text.index(f'id = "{sid}"') if sid else 0
    assert old in text[at:]
    mine = tmp_path / "mine.toml"
    mine.write_text(text[:at] + text[at:].replace(old, new, 1), encoding="utf-8")
    return mine


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_longest_hp_track_the_format_accepts_stays_on_its_two_pages(tmp_path, paper):
    """Issue 43, item 6: a --sheets HP track of 30 spaces (the most the format accepts) prints
    on the two labelled pages, each square holding the die, the hexes 8 mm and more."""
    from hyvekit.rules.hyve.sheets import HP_SPACES_MAX
    from pypdf import PdfReader

    from render_helpers import page_texts

    mine = own_sheets(tmp_path, None, "hp_track = { spaces = 18,",
                      f"hp_track = {{ spaces = {HP_SPACES_MAX},")
    out = tmp_path / "s.pdf"
    run_hyvekit(tmp_path / "records", "print", "sheet", "hyve", "--mode", "standard",
                "--sheets", str(mine), "--paper", paper, "--out", str(out))
    texts = [" ".join(t.split()) for t in page_texts(out)]
    assert len(texts) == 2 and "Page 1 of 2" in texts[0] and "page 2 of 2" in texts[1]
    reader = PdfReader(str(out))
    shapes = [page_shapes(reader, i) for i in range(2)]
    found = [sq for page in shapes for sq in inner_squares(page, HP_SQUARE_MM)]
    assert len(found) == HP_SPACES_MAX and min(i for _, i in found) >= DIE_MM, found
    large = [h for h in hexes(shapes[0]) if h.across_flats_mm() >= HEX_MM]
    assert len(large) >= 6 * 19


def refused_line(tmp_path, *args: str) -> str:
    """The one line a real ``hyvekit`` process refuses ``args`` with (exit code 2)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "hyvekit", "--campaigns-dir",
                           str(tmp_path / "records"), *args], capture_output=True, text=True)
    assert done.returncode == 2 and not done.stdout, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_what_the_two_pages_cannot_hold_is_refused_in_one_line(tmp_path):
    """Issue 43, item 6: an HP track the format accepts but Long Live the Queen's 40 pips
    leave no room for, and a season too long for page 2, are refused (exit 2, one line)
    instead of running onto a third page."""
    queen = own_sheets(tmp_path, "long-live-the-queen", "spaces = 16,", "spaces = 21,")
    line = refused_line(tmp_path, "print", "sheet", "hyve", "--mode", "long-live-the-queen",
                        "--sheets", str(queen), "--out", str(tmp_path / "q.pdf"))
    assert "hp_track.spaces" in line and "at most 20" in line
    long = own_sheets(tmp_path, None, "effects = [{ hp = 2 }, { hp = 3 },",
                      "effects = [" + "{ hp = 2 }, " * 20 + "{ hp = 3 },")
    line = refused_line(tmp_path, "print", "sheet", "hyve", "--mode", "standard", "--sheets",
                        str(long), "--out", str(tmp_path / "l.pdf"))
    assert "3 pages" in line and "two pages" in line
    assert not (tmp_path / "q.pdf").exists() and not (tmp_path / "l.pdf").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_a5_booklet_prints_no_text_under_6_pt_and_each_part_on_its_pages(paper):
    """Issue 43, item 2: the A5 booklet's own layout, drawn at the size it prints (today's
    was the A4 one at 71 %: 4.24 pt): no text under 6 pt; the legacy sheet on its three
    pages, each scenario on its four, every page numbered in the footer."""
    import warnings
    from types import SimpleNamespace

    from hyvekit.render.pdf import booklet_geometry, render_document
    from hyvekit.render.printables_hyve_sheets import (A5_LEGACY_PAGES, A5_SCENARIO_PAGES,
                                                       booklet_parts)

    from layout_measure import MIN_PT, text_sizes

    meta = {"title": "t", "printable": "t", "options": {}, "version": "t"}
    parts = booklet_parts(a5=True)
    total = A5_LEGACY_PAGES + A5_SCENARIO_PAGES * (len(parts) - 1)
    for n, (template, context) in enumerate(parts):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            document = render_document(template, {**context, "imposition": "booklet"},
                                       paper=paper, per_page=2, meta=meta,
                                       page_box=booklet_geometry(paper)["page"])
        assert len(document.pages) == (A5_SCENARIO_PAGES if n else A5_LEGACY_PAGES)
        small = sorted({(t, round(size, 1)) for _, t, size, _ in
                        text_sizes(SimpleNamespace(document=document)) if size < MIN_PT - 0.01})
        assert not small, f"part {n + 1} ({paper}): text under {MIN_PT} pt: {small[:5]}"
        assert context["booklet_a5"]["pages"] == total


@pytest.mark.parametrize("sid,paper", CASES)
def test_every_mode_fills_its_four_a5_booklet_pages(tmp_path, sid, paper):
    """Issue 43, item 2: each mode's sheet in the A5 booklet's own layout stays on its four
    pages (HP track, hyves, then the rest) and leaves none a fifth empty at the bottom."""
    import warnings

    from hyvekit.render.pdf import booklet_geometry, render_document
    from hyvekit.render.printables_hyve_sheets import A5_SCENARIO_PAGES

    from layout_measure import page_fractions, sheet_pixels

    context = {**sheet_hyve_context(sheet_definitions()[sid], a5=True), "imposition": "booklet",
               "booklet_a5": {"first": 4, "pages": 23}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        document = render_document("sheet-hyve.html", context, paper=paper, per_page=2,
                                   meta={"title": "t", "printable": "t", "options": {},
                                         "version": "t"},
                                   page_box=booklet_geometry(paper)["page"])
        pdf = tmp_path / "a5.pdf"
        pdf.write_bytes(document.write_pdf())
    used = [round(f, 2) for _, f in page_fractions(sheet_pixels(pdf))]
    assert len(used) == A5_SCENARIO_PAGES and min(used) >= 0.8, used

