"""Issue 43, item 7: the small print faults, measured from the printed PDF: the hive board's
disease tracks drawn whole and straight, the booklet's footers in one form, the printables'
own name limit said in their help."""

from __future__ import annotations

import re
import subprocess

import pytest

from hyvekit.data import beelives as bl
from hyvekit.render.printables_beelives_hive import disease_tracks

from layout_measure import word_boxes
from pdf_shapes import MM, page_shapes, vertical_sides
from render_helpers import read_pgm, run_hyvekit

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_disease_track_is_one_row_of_whole_sides(tmp_path, paper):
    """Every space of side A and side B (its half spaces too) has its sides drawn from the
    row's top to its bottom, one line between two spaces (as many lines as spaces and one,
    all of one height), and the row's top and bottom lines are unbroken from its first side
    to its last (read from the sheet's pixels at 150 dpi: no gap, as dashes left)."""
    from pypdf import PdfReader

    out = tmp_path / "hive.pdf"
    run_hyvekit(tmp_path / "campaigns", "print", "tracker", "beelives-hive", "--paper", paper,
                "-o", str(out))
    (_, height), = word_boxes(out)[0][:1]
    words = word_boxes(out)[1][0]
    sides = vertical_sides(page_shapes(PdfReader(str(out)), 0))
    for track in disease_tracks(bl.board()):
        (label,) = [w for i, w in enumerate(words) if w[4] == track["side"]
                    and words[i - 1][4] == "Side"]
        middle = height - (label[1] + label[3]) / 2       # the label's middle, PDF y up
        row = sorted({(round(x), round(b), round(t)) for x, b, t in sides
                      if b < middle < t and x > label[2]})
        assert len(row) == len(track["spaces"]) + 1, (track["side"], len(row))
        assert len({(b, t) for _, b, t in row}) == 1, row
        assert min(b[0] - a[0] for a, b in zip(row, row[1:])) > 2 * MM
        (_, bottom, top), left, right = row[0], row[0][0], row[-1][0]
        for y in (top, bottom):
            gaps = _light_runs(tmp_path / "page", out, y=height - y, x0=left, x1=right)
            assert not gaps, (track["side"], "broken line at mm", gaps[:5])


def _light_runs(stem, pdf, y, x0, x1, dpi=150):
    """The x (mm) where runs of 3 or more pixels (0.5 mm) between ``x0`` and ``x1`` (pt) on
    the line at ``y`` (pt from the top) have no dark pixel within 2 px above or below them
    (a pixel's seam between two cells' borders, drawn apart, is no gap)."""
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(stem)], check=True)
    width, _, pixels = read_pgm(f"{stem}.pgm")
    scale = dpi / 72
    row = round(y * scale)
    light = [x for x in range(round(x0 * scale) + 2, round(x1 * scale) - 1)
             if min(pixels[(row + d) * width + x] for d in range(-2, 3)) > 128]
    return [round(x / scale / MM, 1) for x in light
            if x + 1 in light and x + 2 in light and x - 1 not in light]


@pytest.mark.parametrize("imposition", [[], ["--imposition", "booklet"]], ids=["loose", "imposed"])
def test_the_booklets_footers_are_in_one_form(tmp_path, monkeypatch, imposition):
    """Every page of the booklet, the legacy sheet's and the scenario sheets', has the footer
    "Hyve Legacy Booklet, page N of M · ... · PAPER", the paper named the same way (the
    scenario sheets' said "Booklet page N of M"); the A5 booklet's own pages too."""
    from render_helpers import page_texts

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "booklet.pdf"
    run_hyvekit(tmp_path / "c", "print", "booklet", *imposition, "-o", str(out))
    text = " ".join("\n".join(page_texts(out)).split())
    pages = re.findall(r"Hyve Legacy Booklet, page (\d+) of (\d+) · .*? · "
                       r"(A4 \(210 × 297 mm\)|A4, folded booklet)", text)
    from hyvekit.render.printables_hyve_sheets import A5_LEGACY_PAGES, A5_SCENARIO_PAGES
    count = A5_LEGACY_PAGES + 5 * A5_SCENARIO_PAGES if imposition else 6   # 5 scenarios
    assert sorted(int(n) for n, _, _ in pages) == list(range(1, count + 1)), pages  # folded order
    assert {m for _, m, _ in pages} == {str(count)}
    assert len({paper for *_, paper in pages}) == 1, pages
    assert "Booklet page" not in text


def test_the_pads_help_says_the_names_limit_and_the_limit_holds(tmp_path, hk):
    """``print pad --help`` says how long a pre-printed name may be; a name one character
    longer is refused naming that limit (exit 2)."""
    from hyvekit.rules.validate import MAX_PLAYER_NAME

    helped = " ".join(run_hyvekit(tmp_path, "print", "pad", "--help").output
                      .replace("│", " ").split())       # the help's box, wrapped at its width
    assert f"each at most {MAX_PLAYER_NAME} characters" in helped
    refused = hk("print", "pad", "beez", "--names", "A" * (MAX_PLAYER_NAME + 1), "-o",
                 str(hk.root / "x.pdf"))
    assert refused.returncode == 2
    assert f"at most {MAX_PLAYER_NAME} characters" in refused.stderr
