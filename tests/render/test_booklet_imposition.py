"""``--imposition booklet``: pages laid two to a landscape side in saddle-stitch order
(:func:`hyvekit.render.pdf.booklet_order`), the backs turned half round with ``--flip long``;
the one-sheet duplex alignment test (issue 29, item 8)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from hyvekit.render.pdf import booklet_order, render_pdf
from hyvekit.rules.common import InvalidInputError

from layout_measure import overlapping_words, word_boxes, words_near_the_edge
from render_helpers import page_sizes, page_texts, pdf_metadata, run_hyvekit

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="pdftotext (poppler) not installed")


def test_booklet_order_of_8_pages_nests_the_sheets_to_read_1_to_8():
    one_based = [tuple(None if p is None else p + 1 for p in side) for side in booklet_order(8)]
    assert one_based == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_booklet_order_of_6_pages_pads_the_last_two_with_blanks():
    one_based = [tuple(None if p is None else p + 1 for p in side) for side in booklet_order(6)]
    assert one_based == [(None, 1), (2, None), (6, 3), (4, 5)]


def test_booklet_order_of_any_length_uses_every_page_once_on_whole_sheets():
    for pages in range(1, 14):
        sides = booklet_order(pages)
        padded = -(-pages // 4) * 4
        assert len(sides) == padded // 2                  # two sides a sheet, two pages a side
        placed = sorted(p for side in sides for p in side if p is not None)
        assert placed == list(range(pages))
        # the blanks are the last pages of the padded booklet, where the pages would be
        full = booklet_order(padded)
        assert [tuple(p if p is not None and p < pages else None for p in side)
                for side in full] == sides
        # folded, the two halves of a side are pages k and padded-1-k
        assert all(a + b == padded - 1 for a, b in full)


def test_booklet_order_refuses_no_pages():
    with pytest.raises(InvalidInputError):
        booklet_order(0)


def _pages_template(folder, count: int) -> None:
    (folder / "pages.html").write_text(
        '{% extends "base.html" %}{% block content %}'
        '{% for n in range(1, count + 1) %}<section style="break-after: page">'
        '<h1>Marker {{ n }}</h1></section>{% endfor %}{% endblock %}', encoding="utf-8")


def _half_text(pdf, side: int, half: int, width: float, height: float) -> str:
    """The text of the left (0) or right (1) half of sheet side ``side`` (0-based)."""
    x = 0 if half == 0 else int(width / 2)
    out = subprocess.run(["pdftotext", "-f", str(side + 1), "-l", str(side + 1), "-x", str(x),
                          "-y", "0", "-W", str(int(width / 2)), "-H", str(int(height)),
                          str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return out


@needs_poppler
@pytest.mark.parametrize("count", [6, 8])
@pytest.mark.parametrize("flip", ["short", "long"])
def test_an_imposed_booklet_puts_each_page_on_its_half_of_its_side(tmp_path, count, flip):
    _pages_template(tmp_path, count)
    out = render_pdf("pages.html", {"title": "Pages", "source": "test", "count": count},
                     out=tmp_path / "b.pdf", templates_dir_override=tmp_path,
                     imposition="booklet", flip=flip)
    sides = booklet_order(count)
    assert page_sizes(out) == [(842, 595)] * len(sides)       # landscape A4
    for k, side in enumerate(sides):
        turned = flip == "long" and k % 2 == 1                 # a back turned half round
        for half, page in enumerate(reversed(side) if turned else side):
            text = _half_text(out, k, half, 841.89, 595.28)
            markers = [f"Marker {n}" for n in range(1, count + 1) if f"Marker {n}\n" in text
                       or text.strip().endswith(f"Marker {n}")]
            assert markers == ([] if page is None else [f"Marker {page + 1}"]), (k, half, text)
    assert "folded booklet" in page_texts(out)[0]


def test_a_booklet_imposition_refuses_bad_options(tmp_path):
    for kwargs, field in (({"imposition": "saddle"}, "--imposition"),
                          ({"imposition": "booklet", "flip": "up"}, "--flip"),
                          ({"imposition": "booklet", "per_page": 2}, "--per-page")):
        with pytest.raises(InvalidInputError) as err:
            render_pdf("pad-beelives.html", {}, out=tmp_path / "x.pdf", **kwargs)
        assert err.value.field == field


@needs_poppler
def test_print_booklet_imposed_on_letter_is_half_letter_pages_in_booklet_order(tmp_path):
    pdf = tmp_path / "b.pdf"
    run_hyvekit(tmp_path / "records", "print", "booklet", "--imposition", "booklet", "--paper",
                "letter", "--flip", "LONG", "--out", str(pdf))
    # issue 43, item 2: the booklet's own A5 layout, 23 pages (the legacy sheet on three,
    # each scenario on four) padded to 24: six sheets (it was six pages on four sides)
    assert page_sizes(pdf) == [(792, 612)] * 12
    options = pdf_metadata(pdf)["/HyvekitOptions"]
    assert '"imposition": "booklet"' in options and '"flip": "long"' in options
    # the legacy sheet (page 1) on the right of the first front; page 2 behind it, on the
    # left of the back, turned half round (so on the right as the PDF is drawn)
    front = _half_text(pdf, 0, 1, 792, 612)
    assert "Hyve Legacy Sheet" in front and "page 1 of 23" in front
    assert "page 2 of 23" in _half_text(pdf, 1, 1, 792, 612)
    assert _half_text(pdf, 0, 0, 792, 612).strip() == ""        # page 24: a blank


def test_print_booklet_refuses_a_flip_without_a_booklet_and_two_per_sheet(hk):
    r = hk("print", "booklet", "--flip", "long")
    assert r.returncode == 2 and "--flip: got 'long'" in r.stderr
    assert "--imposition booklet" in r.stderr
    r = hk("print", "booklet", "--per-page", "2")
    assert r.returncode == 2 and "booklet prints 1 per sheet, not 2" in r.stderr
    r = hk("print", "booklet", "--imposition", "saddle")
    assert r.returncode == 2 and "--imposition" in r.stderr and "booklet" in r.stderr


@needs_poppler
def test_the_duplex_test_is_one_sheet_whose_pages_say_where_they_are(tmp_path):
    pdf = tmp_path / "t.pdf"
    run_hyvekit(tmp_path / "records", "print", "booklet", "--duplex-test", "--out", str(pdf))
    assert page_sizes(pdf) == [(842, 595)] * 2
    front_right = _half_text(pdf, 0, 1, 841.89, 595.28)
    back_left = _half_text(pdf, 1, 0, 841.89, 595.28)
    assert "Page 1 of 4" in front_right and "front of the sheet, right half" in front_right
    assert "Page 2 of 4" in back_left and "behind page 1" in back_left
    assert "--flip long" in front_right        # what to do when the back is upside down


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_duplex_tests_four_targets_sit_at_one_height(tmp_path, paper):
    """A trial found page 4's longer heading pushing its target 4 mm lower on Letter."""
    pdf = tmp_path / "t.pdf"
    run_hyvekit(tmp_path / "records", "print", "booklet", "--duplex-test", "--paper", paper,
                "--out", str(pdf))
    tops = [w[1] for words in word_boxes(pdf)[1] for w in words if w[4] == "top"]
    assert len(tops) == 4 and max(tops) - min(tops) < 0.5, tops


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_imposed_run_booklet_prints_no_text_over_text_nor_near_the_edge(tmp_path, paper):
    """A player's trial found the scenario sheets' footers under "hyvekit VERSION" on
    half-Letter pages."""
    records = tmp_path / "records"
    run_hyvekit(records, "hyve", "legacy", "new", "Summer run", "--id", "summer-run")
    for kind in ("booklet", "duplex"):
        pdf = tmp_path / f"{kind}.pdf"
        run_hyvekit(records, "print", "booklet", *(["summer-run", "--imposition", "booklet"]
                                                   if kind == "booklet" else ["--duplex-test"]),
                    "--paper", paper, "--out", str(pdf))
        for side, words in enumerate(word_boxes(pdf)[1], 1):
            over = overlapping_words(words)
            assert not over, f"{kind} ({paper}), side {side}: text over text: {over[:3]}"
        near = list(words_near_the_edge(pdf))
        assert not near, f"{kind} ({paper}): within 5 mm of the edge: {near[:3]}"


def test_a_run_booklet_refuses_another_legacy_sheet_and_says_how_to_print_it(hk):
    assert hk("hyve", "legacy", "new", "Summer run", "--id", "summer-run").returncode == 0
    r = hk("print", "booklet", "summer-run", "--sheet", "legacy-2")
    assert r.returncode == 2 and "--sheet: got 'legacy-2'" in r.stderr and "RUN" in r.stderr
    r = hk("print", "booklet", "summer-run", "--imposition", "booklet", "--out",
           str(hk.root / "b.pdf"))
    assert r.returncode == 0, r.stderr
    assert "print it on both sides, flipped on the short edge" in " ".join(r.stderr.split())


def test_a_sheet_id_is_taken_in_any_case_and_the_duplex_test_takes_none(hk):
    out = hk.root / "b.pdf"
    r = hk("print", "booklet", "--sheet", "LEGACY-2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "Legacy II" in page_texts(out)[0]
    r = hk("print", "booklet", "--sheet", "legacy-9")
    assert r.returncode == 2 and "--sheet: got 'legacy-9'" in r.stderr and "did you mean" in r.stderr
    r = hk("print", "booklet", "--duplex-test", "--sheet", "legacy-2")
    assert r.returncode == 2 and "no sheet with --duplex-test" in r.stderr
