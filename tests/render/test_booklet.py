"""``hyvekit print booklet [RUN]``: the legacy sheet, then the scenario sheets of the run
configuration's five scenarios in order, one PDF, pre-filled from a run as far as it is
known."""

from __future__ import annotations

import shutil

import pytest

from hyvekit.data.hyve import legacy_sheets
from hyvekit.render.printables_hyve_sheets import booklet_parts
from hyvekit.rules.hyve.legacy_run import mode_named
from hyvekit.rules.hyve.sheets import MODE_LABELS

from layout_measure import page_fractions, sheet_pixels, words_near_the_edge
from render_helpers import run_hyvekit, page_sizes, page_texts, pdf_metadata

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
SIZES = {"a4": (595, 842), "letter": (612, 792)}


def modes_of(sheet) -> list[str]:
    return [MODE_LABELS[mode_named(name) or "standard"] for name in sheet.run]


def test_parts_follow_the_run_configuration(legacy_state, run_header):
    parts = booklet_parts(legacy_state, run_header)
    assert [t for t, _ in parts] == ["legacy-sheet.html"] + ["sheet-hyve.html"] * 5
    assert [c["sheet"]["mode_label"] for _, c in parts[1:]] == modes_of(legacy_state.sheet)
    runs = [c["run"] for _, c in parts[1:]]
    assert [r["scenario"] for r in runs] == [1, 2, 3, 4, 5]
    # scenarios 1 and 2 are played (won, then lost in easy mode); 3 is next
    assert runs[0]["note"].startswith("played: won, HP +7") and runs[1]["note"].startswith(
        "played: lost")
    assert runs[2]["note"] == "" and "before scenario 3" in runs[3]["note"]
    played, current, later = parts[1][1], parts[3][1], parts[4][1]
    assert played["courier"] is None and current["courier"] is not None
    assert later["courier"] is None
    # the colours are the run's on every sheet; bread levels from the scenario in play on
    colours = [s["swatch"]["name"] for s in current["setup"]]
    assert all([s["swatch"]["name"] for s in c["setup"]] == colours for _, c in parts[1:])
    assert [b["level"] for b in later["bread"]] == [b["level"] for b in current["bread"]]


def test_a_blank_booklet_has_the_sheet_then_its_five_scenarios(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_hyvekit(tmp_path / "c", "print", "booklet")
    out = tmp_path / "output" / "booklet.pdf"
    texts = page_texts(out)
    assert len(texts) == 6 and "Hyve Legacy Sheet" in texts[0]
    for text, mode in zip(texts[1:], modes_of(legacy_sheets()["legacy-1"])):
        assert f"Game Mode: {mode}" in " ".join(text.split())


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler not installed")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_run_booklet_is_prefilled_and_fits_the_page(tmp_path, paper):
    folder = tmp_path / "c"
    run_hyvekit(folder, "hyve", "legacy", "new", "Summer run", "--id", "summer", "--colours",
            "black,blue,yellow,green,purple")
    out = tmp_path / "b.pdf"
    run_hyvekit(folder, "print", "booklet", "summer", "--paper", paper, "--out", str(out),
            "--copies", "2")
    assert page_sizes(out) == [SIZES[paper]] * 12
    texts = [" ".join(t.split()) for t in page_texts(out)[:6]]
    assert "Summer run" in texts[0]
    for number, text in enumerate(texts[1:], 1):
        assert f"Run: Summer run (summer), scenario {number}" in text
    meta = pdf_metadata(out)
    assert meta["/HyvekitCampaign"] == "summer" and meta["/HyvekitPrintable"] == "booklet"
    assert not list(words_near_the_edge(out))
    assert all(f > 0.5 for _, f in page_fractions(sheet_pixels(out)))


def test_booklet_bad_input_is_one_line_and_exit_2(tmp_path):
    import io

    from hyvekit.cli.app import run

    for args in (["--sheet", "legacy-9"], ["no-such-run"]):
        err = io.StringIO()
        code = run(["--campaigns-dir", str(tmp_path / "c"), "print", "booklet", *args],
                   stdout=io.StringIO(), stderr=err)
        assert code == 2, err.getvalue()
        message = err.getvalue().strip()
        assert len(message.splitlines()) == 1 and "Traceback" not in message
