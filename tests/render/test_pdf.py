"""render_pdf and the three printables: page size, one page per copy, text, metadata."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

import hyvekit
from hyvekit.render import printables as P
from hyvekit.render.pdf import render_pdf
from hyvekit.rules.common import InvalidInputError

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

from render_helpers import EVIL_NAME, page_sizes, pdf_text

SIZES = {"a4": (595, 842), "letter": (612, 792)}


def _contexts(state, header):
    return {
        "legacy-run": ("legacy-sheet.html", P.legacy_sheet_context(state, header)),
        "legacy-blank": ("legacy-sheet.html", P.legacy_sheet_context()),
        "pad": ("pad-beelives.html", P.beelives_pad_context(4, ["Ann", "Bob"])),
        "pad-long": ("pad-beelives.html",
                     P.beelives_pad_context(4, ["Annabelle-Marguerite Xyz", "W" * 24,
                                                "Bob Bobson Bobbington", "Dee"])),
        "pad-1": ("pad-beelives.html", P.beelives_pad_context(1, ["A" * P.MAX_NAME_LENGTH])),
        "aid": ("aid-beelives-month.html", P.beelives_month_context()),
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["legacy-run", "legacy-blank", "pad", "pad-long", "pad-1", "aid"])
def test_each_printable_is_one_page_of_the_paper(tmp_path, legacy_state, run_header, paper,
                                                 which):
    template, context = _contexts(legacy_state, run_header)[which]
    out = render_pdf(template, context, paper=paper, out=tmp_path / "x.pdf")
    assert page_sizes(out) == [SIZES[paper]]


def test_copies_repeat_the_page(tmp_path):
    one = render_pdf("pad-beelives.html", P.beelives_pad_context(), out=tmp_path / "1.pdf")
    many = render_pdf("pad-beelives.html", P.beelives_pad_context(), copies=50,
                      paper="letter", out=tmp_path / "50.pdf")
    assert page_sizes(many) == [SIZES["letter"]] * 50
    # copies share the content stream: 50 pages are far less than 50 times one page
    assert many.stat().st_size < 10 * one.stat().st_size


def test_bad_paper_and_copies(tmp_path):
    with pytest.raises(InvalidInputError, match="--paper"):
        render_pdf("pad-beelives.html", {}, paper="a3", out=tmp_path / "x.pdf")
    with pytest.raises(InvalidInputError, match="--copies"):
        render_pdf("pad-beelives.html", {}, copies=0, out=tmp_path / "x.pdf")


def test_out_folder_is_created_and_metadata_written(tmp_path):
    from pypdf import PdfReader

    out = render_pdf("aid-beelives-month.html", P.beelives_month_context(),
                     out=tmp_path / "deep" / "er" / "aid.pdf",
                     metadata={"title": "Bee Lives Month Sequence",
                               "printable": "aid beelives-month",
                               "options": {"paper": "a4", "copies": 1}})
    meta = PdfReader(str(out)).metadata
    assert meta["/Title"] == "Bee Lives Month Sequence"
    assert meta["/Subject"] == "aid beelives-month"
    assert meta["/Creator"] == f"hyvekit {hyvekit.__version__}"
    assert "paper=a4" in meta["/Keywords"]
    assert meta["/HyvekitOptions"] == '{"copies": 1, "paper": "a4"}'
    assert not list((tmp_path / "deep" / "er").glob("*.tmp"))


def test_legacy_sheet_prefill_text(tmp_path, legacy_state, run_header):
    out = render_pdf("legacy-sheet.html", P.legacy_sheet_context(legacy_state, run_header),
                     out=tmp_path / "run.pdf")
    text = pdf_text(out)
    for heading in ("Hyve Legacy Sheet", "Run Configuration", "Honey Well", "Perks",
                    "Core Resources", "Bread Upgrades", "Courier", "Bee Setup",
                    "Starting Honey"):
        assert heading.lower() in text.lower(), heading
    assert EVIL_NAME in text            # the name printed as literal text, not an image
    assert "spring-run" in text
    for colour in ("red", "blue", "yellow", "green", "purple"):
        assert colour in text
    assert "Easy Mode" in text
    assert "assumed" in text
    assert "start at level 3" in text    # two 1-type upgrades bought
    assert "crossed out" in text         # 3-type bread after the easy-mode loss


def test_blank_legacy_sheet_has_no_run(tmp_path):
    out = render_pdf("legacy-sheet.html", P.legacy_sheet_context(), out=tmp_path / "b.pdf")
    text = pdf_text(out)
    assert "Legacy I: First Flight" in text
    assert "start at level" not in text
    assert "hyvekit\u2019s own (assumed)" in text


def test_context_builders():
    blank = P.legacy_sheet_context()
    assert [s["honey"] for s in blank["scenarios"]] == [None] * 5
    assert not any(p["bought"] for p in blank["perks"])
    with pytest.raises(InvalidInputError):
        P.beelives_pad_context(5)
    with pytest.raises(InvalidInputError):
        P.beelives_pad_context(1, ["Ann", "Bob"])
    assert len(P.beelives_pad_context(names=["Ann", "Bob"])["players"]) == 2
    assert len(P.beelives_pad_context()["players"]) == 4
    assert P.parse_names(" Ann, ,Bob ") == ["Ann", "Bob"]
    month = P.beelives_month_context()
    assert [p["name"] for p in month["phases"]] == [
        "Egg Phase", "Feeding Phase", "Brood Phase", "Swarm Phase", "Event Phase",
        "Action Phase", "Cleanup Phase"]


def test_legacy_context_fills_right_most_bread_slots(legacy_state, run_header):
    ctx = P.legacy_sheet_context(legacy_state, run_header)
    one = ctx["bread"][0]["slots"]
    assert [s["filled"] for s in one] == [False, False, False, True, True]
    assert ctx["bread"][2]["crossed"]
    assert ctx["scenarios"][0]["honey"] == legacy_state.honey_well[0]
    used = [s for r in ctx["resources"] for s in r["spaces"] if s["used"]]
    assert len(used) == 2 and all(s["swatch"]["name"] == "red" for s in used)


def test_pad_and_aid_text(tmp_path):
    pad = pdf_text(render_pdf("pad-beelives.html", P.beelives_pad_context(3, ["Ann", "Bob"]),
                              out=tmp_path / "pad.pdf"))
    for text in ("Bee Lives Scoring Pad", "Ann", "Bob", "Player 3", "Starvation tokens",
                 "Total VP", "Eligible to win", "Most remaining pollen",
                 "Largest comb size"):
        assert text in pad, text
    aid = pdf_text(render_pdf("aid-beelives-month.html", P.beelives_month_context(),
                              out=tmp_path / "aid.pdf"))
    for text in ("Bee Lives Month Sequence", "Egg Phase", "Cleanup Phase", "First month",
                 "Winter Upkeep", "Seasonal Resource Chart", "Bloom", "Wet",
                 "5 honey, 5 pollen", "1 honey, 1 pollen, 3 water"):
        assert text.lower() in aid.lower(), text


def test_user_template_override(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "pad-beelives.html").write_text(
        '<html><head><link rel="stylesheet" href="base.css"></head>'
        "<body><h1>My own pad for {{ players|length }}</h1></body></html>")
    out = render_pdf("pad-beelives.html", P.beelives_pad_context(2), out=tmp_path / "p.pdf",
                     templates_dir_override=mine)
    assert "My own pad for 2" in pdf_text(out)


def test_template_reaching_outside_is_refused(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "aid-beelives-month.html").write_text(
        '<html><head><link rel="stylesheet" href="http://example.com/x.css"></head>'
        "<body>x</body></html>")
    with pytest.raises(InvalidInputError, match="example.com"):
        render_pdf("aid-beelives-month.html", {}, out=tmp_path / "a.pdf",
                   templates_dir_override=mine)
    (mine / "aid-beelives-month.html").write_text(
        '<html><body><img src="file:///etc/passwd"></body></html>')
    with pytest.raises(InvalidInputError, match="passwd"):
        render_pdf("aid-beelives-month.html", {}, out=tmp_path / "a.pdf",
                   templates_dir_override=mine)
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed")
@pytest.mark.parametrize("which", ["legacy-run", "legacy-blank", "pad", "aid"])
def test_rendered_page_is_not_blank(tmp_path, legacy_state, run_header, which):
    template, context = _contexts(legacy_state, run_header)[which]
    pdf = render_pdf(template, context, out=tmp_path / "x.pdf")
    subprocess.run(["pdftoppm", "-gray", "-r", "30", str(pdf), str(tmp_path / "page")],
                   check=True)
    pages = sorted(tmp_path.glob("page*.pgm"))
    assert len(pages) == 1
    pixels = _pgm_pixels(pages[0])
    dark = sum(1 for v in pixels if v < 128)
    assert dark / len(pixels) > 0.01, f"{which}: page looks blank ({dark} dark pixels)"


def _pgm_pixels(path) -> bytes:
    """Pixels of a binary PGM (P5, 8-bit) as written by ``pdftoppm -gray``."""
    from render_helpers import read_pgm
    return read_pgm(path)[2]


def test_importing_the_cli_loads_no_pdf_library():
    code = "import hyvekit.cli.app"
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                            capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip().split(".")[0]
                for line in result.stderr.splitlines() if "|" in line}
    assert "hyvekit" in imported
    for heavy in ("weasyprint", "reportlab", "pypdf"):
        assert heavy not in imported, f"{heavy} imported by 'import hyvekit.cli.app'"


def test_help_loads_no_pdf_library():
    code = ("import sys\nfrom hyvekit.cli.entry import main\n"
            "try:\n    main(['print', '--help'])\nexcept SystemExit:\n    pass\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('weasyprint', 'reportlab', 'pypdf')]\nprint('LOADED', bad)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert "LOADED []" in result.stdout


def test_perks_print_in_the_rulebooks_order_blank_or_prefilled():
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.rules.hyve.legacy import LegacySheet, new_legacy
    sheet = legacy_sheets()["legacy-1"]
    stored = LegacySheet.from_dict(__import__("json").loads(
        __import__("json").dumps(sheet.to_dict(), sort_keys=True)))   # as a record keeps it
    blank = [p["id"] for p in P.legacy_sheet_context(sheet=sheet)["perks"]]
    filled = [p["id"] for p in P.legacy_sheet_context(
        new_legacy(stored, ["yellow", "blue", "green", "purple", "red"]), {"name": "x", "id": "x"}
    )["perks"]]
    from hyvekit.rules.hyve.scenario import PERKS   # the rulebook's order (Legacy Mode, Perks)
    assert blank == filled == list(PERKS) == list(P.perk_effects())


def test_duplicate_names_are_refused():
    import pytest as _pytest
    with _pytest.raises(P.InvalidInputError, match="different name"):
        P.parse_names("Ann,Bob,Ann")


def test_a_print_pauses_the_garbage_collector_and_starts_it_again(tmp_path, monkeypatch):
    """weasyprint's layout runs without Python's cyclic collector (docs/performance.md); the
    collector runs again after the print, even a print that fails, and stays off after one
    made while it was off."""
    import gc

    from hyvekit.render import pdf as PDF

    seen = []
    render = PDF._weasyprint
    monkeypatch.setattr(PDF, "_weasyprint",
                        lambda *a: seen.append(gc.isenabled()) or render(*a))
    assert gc.isenabled()
    PDF.render_pdf("pad-beelives.html", P.beelives_pad_context(), out=tmp_path / "a.pdf")
    assert seen == [False] and gc.isenabled()
    monkeypatch.setattr(PDF, "_weasyprint", lambda *a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        PDF.render_pdf("pad-beelives.html", P.beelives_pad_context(), out=tmp_path / "b.pdf")
    assert gc.isenabled() and not (tmp_path / "b.pdf").exists()
    gc.disable()
    try:
        with PDF.collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_one_1up_copy_is_written_by_weasyprint_with_the_information_a_pypdf_pass_writes(
        tmp_path, monkeypatch):
    """A single 1-up copy skips pypdf's second pass (it re-read and re-wrote the whole PDF)
    and carries the same document information as a print that needs the pass."""
    import pypdf
    from pypdf import PdfReader

    from hyvekit.render.pdf import PRINTED_BY

    meta = {"title": "Bee Lives — pad", "printable": "pad beelives",
            "options": {"paper": "a4", "names": "Zoë"}, "campaign": "Spring <run>",
            "state_sha256": "ab" * 32}
    two = render_pdf("pad-beelives.html", P.beelives_pad_context(), out=tmp_path / "2.pdf",
                     copies=2, metadata=meta)

    def no_pass(*args, **kwargs):
        raise AssertionError("pypdf's pass for a single 1-up copy")

    monkeypatch.setattr(pypdf, "PdfReader", no_pass)
    monkeypatch.setattr(pypdf, "PdfWriter", no_pass)
    one = render_pdf("pad-beelives.html", P.beelives_pad_context(), out=tmp_path / "1.pdf",
                     metadata=meta)
    monkeypatch.undo()
    info = dict(PdfReader(one).metadata)
    assert info == dict(PdfReader(two).metadata)
    for path in (one, two):        # found in the bytes: a later print may replace the file
        assert PRINTED_BY.encode() + b" (pad beelives)" in path.read_bytes()
    assert info["/HyvekitCampaign"] == "Spring <run>" and info["/Title"] == "Bee Lives — pad"
    assert info["/Producer"].startswith("WeasyPrint")
    assert page_sizes(one) == [SIZES["a4"]]


def test_the_catalogue_index_names_what_each_module_registers():
    from hyvekit.render.catalogue import AIDS, BUILDERS, HOME, MODULES, PADS, load_all, names

    catalogue = load_all()
    assert list(catalogue) == [key for keys in MODULES.values() for key in keys]
    assert {key: BUILDERS[key].__module__ for key in catalogue} == HOME
    assert names("pad") == PADS and names("aid") == AIDS


def test_a_print_imports_only_its_printables_module():
    code = ("import sys\nfrom hyvekit.render.catalogue import blank_parts\n"
            "blank_parts('aid beez-turn')\n"
            "print(sorted(m for m in sys.modules if m.startswith('hyvekit.render.printables')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["['hyvekit.render.printables_beez']"]
