"""The printables suite: --per-page, --ink-saver, bundled fonts, ``print all``, metadata."""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hyvekit
from hyvekit.cli.app import app
from hyvekit.render.env import templates_dir
from hyvekit.render.pdf import CROP_MARK, impose_geometry, nup_scale, render_pdf
from hyvekit.render.catalogue import CATALOGUE, load_all
from hyvekit.render.printables import beelives_pad_context

load_all()
from render_helpers import (
    ink_coverage, page_count, page_sizes, page_texts, pdf_fonts, pdf_metadata, pdf_text,
    read_pgm,
)

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

runner = CliRunner()
SIZES = {"a4": (595, 842), "letter": (612, 792)}
BUNDLED_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FAMILY = "hyvekit DejaVu Sans"
NEEDS_POPPLER = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="pdftoppm (poppler) not installed")

# the command line of each catalogue entry and a text every copy of it shows
COMMANDS = {key: (list(p.command), p.expect) for key, p in CATALOGUE.items()}


def invoke(*args):
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    """``matrix(key, paper, per_page, ink)``: ``(result, pdf)`` of printing catalogue entry
    ``key`` with those options and ``--copies 2``, printed once per test module run: the
    paper × per-page × ink test and the ink-saver test read the same files (read-only)."""
    folder = tmp_path_factory.mktemp("matrix")
    printed = {}

    def pdf(key, paper, per_page, ink):
        if (key, paper, per_page, ink) not in printed:
            args, _ = COMMANDS[key]
            out = folder / f"{len(printed)}.pdf"
            result = invoke(*args, "--paper", paper, "--per-page", str(per_page), "--copies",
                            "2", *(["--ink-saver"] if ink else []), "--out", str(out))
            printed[key, paper, per_page, ink] = (result, out)
        return printed[key, paper, per_page, ink]

    return pdf


@functools.cache
def _bundled_cmap() -> frozenset[int]:
    from fontTools.ttLib import TTFont

    chars: set[int] = set()
    for name in BUNDLED_FONTS:
        chars |= set(TTFont(templates_dir() / "fonts" / name).getBestCmap())
    return frozenset(chars)


def assert_fonts_bundled(pdf: Path, text: str | None = None) -> None:
    """Every font is embedded and is hyvekit's own @font-face family (a system font would
    carry its own name), and every character of the text is in the bundled fonts (``text``:
    the PDF's text when the caller has read it already)."""
    fonts = pdf_fonts(pdf)
    assert fonts, f"{pdf.name}: no fonts found"
    for font in fonts:
        assert font["embedded"], font
        assert font["family"] == FAMILY, font
        assert font["base"].split("+", 1)[-1] in ("hyvekit-DejaVu-Sans",
                                                  "hyvekit-DejaVu-Sans-Bold"), font
    cmap = _bundled_cmap()
    text = pdf_text(pdf) if text is None else text
    missing = {c for c in text if not c.isspace() and ord(c) not in cmap}
    assert not missing, f"{pdf.name}: characters not in the bundled fonts: {missing}"


def test_every_catalogue_entry_says_how_to_print_it_and_what_it_shows():
    for key, printable in CATALOGUE.items():
        assert printable.command[:1] == ("print",), key
        assert printable.expect, key
        assert printable.example.startswith("hyvekit print"), key


CASES = [(key, paper, n, ink) for key in CATALOGUE for paper in SIZES
         for n in CATALOGUE[key].per_page for ink in (False, True)]


@pytest.mark.parametrize("key,paper,per_page,ink", CASES,
                         ids=[f"{k.replace(' ', '-')}-{p}-{n}up{'-ink' if i else ''}"
                              for k, p, n, i in CASES])
def test_every_printable_paper_per_page_and_ink(in_tmp, matrix, key, paper, per_page, ink):
    _, text = COMMANDS[key]
    result, out = matrix(key, paper, per_page, ink)
    assert result.exit_code == 0, result.output
    assert page_sizes(out) == [SIZES[paper]] * 2 * CATALOGUE[key].pages
    # each sheet shows the printable's heading once per copy on it
    texts = page_texts(out)
    first_sheet = texts[0]
    assert first_sheet.count(CATALOGUE[key].title) == per_page, first_sheet
    assert text.lower() in first_sheet.lower()
    if per_page > 1:
        assert f"{per_page} per sheet" in first_sheet
    meta = pdf_metadata(out)
    options = json.loads(meta["/HyvekitOptions"])
    assert options["per_page"] == per_page and options["ink_saver"] is ink
    assert options["paper"] == paper and options["copies"] == 2
    assert f"per_page={per_page}" in meta["/Keywords"]
    assert f"ink_saver={ink}" in meta["/Keywords"]
    assert_fonts_bundled(out, "\n".join(texts))


@pytest.mark.parametrize("args", [
    ["print", "legacy-sheet", "--per-page", "4"],
    ["print", "aid", "beelives-month", "--per-page", "4"],
    ["print", "pad", "beelives", "--per-page", "3"],
    ["print", "pad", "beelives", "--per-page", "0"],
])
def test_per_page_outside_what_the_printable_allows_exits_2(in_tmp, args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "--per-page" in result.output
    assert not (in_tmp / "output").exists()


def test_render_pdf_refuses_a_bad_per_page(tmp_path):
    from hyvekit.rules.common import InvalidInputError

    with pytest.raises(InvalidInputError, match="--per-page"):
        render_pdf("pad-beelives.html", beelives_pad_context(), per_page=3,
                   out=tmp_path / "x.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_impose_geometry_tiles_the_sheet(paper, per_page):
    layout = impose_geometry(paper, per_page)
    w, h = (595.28, 841.89) if paper == "a4" else (612.0, 792.0)
    cells = layout["cells"]
    assert len(cells) == per_page
    assert sum(cw * ch for _, _, cw, ch in cells) == pytest.approx(w * h)
    assert all(0 <= x and 0 <= y and x + cw <= w + 1e-6 and y + ch <= h + 1e-6
               for x, y, cw, ch in cells)
    assert len(layout["cuts"]) == {1: 0, 2: 1, 4: 2}[per_page]
    if paper == "a4" and per_page > 1:   # A4 → A5 → A6: the rendered page is the copy's,
        assert (layout["page"]["width_pt"], layout["page"]["height_pt"]) == pytest.approx(
            (420.94, 595.28) if per_page == 2 else (297.64, 420.94), abs=0.05)
    # at full size (issue 29: 2-up; issue 43, item 1: 4-up too, where it was shrunk by 1/√2)
    assert nup_scale(per_page) == 1


def test_nup_copies_share_one_rendered_page(tmp_path):
    from pypdf import PdfReader

    one = render_pdf("pad-beelives.html", beelives_pad_context(per_page=4), per_page=4,
                     out=tmp_path / "1.pdf")
    many = render_pdf("pad-beelives.html", beelives_pad_context(per_page=4), per_page=4,
                      copies=50, out=tmp_path / "50.pdf")
    assert page_count(many) == 50
    assert many.stat().st_size < 3 * one.stat().st_size
    page = PdfReader(str(one)).pages[0]
    # four placements of one form XObject, plus the crop marks
    assert page.get_contents().get_data().count(b"/Copy Do") == 4
    assert len(page["/Resources"]["/XObject"]) == 1


def test_pad_has_one_game_per_2up_and_4up_copy(tmp_path):
    two = pdf_text(render_pdf("pad-beelives.html", beelives_pad_context(per_page=2),
                              per_page=2, out=tmp_path / "2.pdf"))
    four = pdf_text(render_pdf("pad-beelives.html", beelives_pad_context(per_page=4),
                               per_page=4, out=tmp_path / "4.pdf"))
    assert two.count("Winner") == 2     # 2 copies × 1 game, a half sheet each
    assert four.count("Winner") == 4    # 4 copies × 1 game
    assert "4 per sheet" in four and "2 per sheet" in two


@NEEDS_POPPLER
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [2, 4])
def test_crop_marks_at_the_cut_lines_and_nothing_crosses_them(tmp_path, paper, per_page):
    pdf = render_pdf("pad-beelives.html", beelives_pad_context(per_page=per_page),
                     per_page=per_page, paper=paper, out=tmp_path / "x.pdf")
    subprocess.run(["pdftoppm", "-gray", "-r", "72", str(pdf), str(tmp_path / "p")],
                   check=True)
    (pgm,) = tmp_path.glob("p*.pgm")
    width, height, px = read_pgm(pgm)
    if per_page == 2:     # shown turned a quarter: the cut line is vertical in the image
        assert width > height
        lines = [("v", width // 2)]
    else:
        lines = [("h", height // 2), ("v", width // 2)]

    def dark(x, y):
        return px[y * width + x] < 160

    for kind, pos in lines:
        span = range(height) if kind == "v" else range(width)
        near = [any(dark(pos + d, i) if kind == "v" else dark(i, pos + d) for d in (-1, 0, 1))
                for i in span]
        edge = int(CROP_MARK["from_edge_mm"] / 25.4 * 72)   # where the ticks start
        assert any(near[edge:edge + 12]) and any(near[-edge - 12:-edge]), "no crop marks"
        # away from the ticks and the centre cross, the cut line runs through blank paper
        mid = len(span) // 2
        blank = near[edge + 25:mid - 12] + near[mid + 12:-edge - 25]
        assert not any(blank), f"something is printed across the {kind} cut line"


@NEEDS_POPPLER
@pytest.mark.parametrize("key", list(CATALOGUE))
def test_ink_saver_uses_clearly_less_ink(in_tmp, matrix, key):
    # the A4 1-up prints of the matrix above (two copies each; the first page is measured)
    _, normal_pdf = matrix(key, "a4", 1, False)
    _, light_pdf = matrix(key, "a4", 1, True)
    normal, light = ink_coverage(normal_pdf), ink_coverage(light_pdf)
    assert light < 0.8 * normal, (normal, light)
    # the same layout: the same words
    assert pdf_text(normal_pdf).split() == pdf_text(light_pdf).split()


@NEEDS_POPPLER
def test_ink_saver_prefilled_sheet_hatches_the_swatches(tmp_path, legacy_state, run_header):
    from hyvekit.render.printables import legacy_sheet_context

    context = legacy_sheet_context(legacy_state, run_header)
    normal = render_pdf("legacy-sheet.html", context, out=tmp_path / "n.pdf")
    light = render_pdf("legacy-sheet.html", context, out=tmp_path / "l.pdf", ink_saver=True)
    assert ink_coverage(light) < 0.8 * ink_coverage(normal)


def test_base_css_declares_the_bundled_fonts_only():
    css = (templates_dir() / "base.css").read_text()
    for name in BUNDLED_FONTS:
        assert f'url("fonts/{name}")' in css
        assert (templates_dir() / "fonts" / name).is_file()
    assert f'font-family: "{FAMILY}";' in css
    assert "sans-serif" not in css     # no generic family to fall back on silently
    licence = (templates_dir() / "fonts" / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "public domain" in licence


def test_fetcher_serves_the_bundled_fonts():
    from hyvekit.render.fetcher import packaged_fetcher

    url = (templates_dir() / "fonts" / "DejaVuSans.ttf").resolve().as_uri()
    data = packaged_fetcher().fetch(url).read()
    assert data == (templates_dir() / "fonts" / "DejaVuSans.ttf").read_bytes()


def test_print_all_writes_one_pdf_per_catalogue_entry(in_tmp):
    result = invoke("print", "all", "--out-dir", "prints", "--paper", "letter", "--ink-saver")
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.splitlines() if line.strip()]
    assert written == [Path("prints") / f"{p.file_stem}.pdf" for p in CATALOGUE.values()]
    assert sorted(p.name for p in (in_tmp / "prints").iterdir()) == sorted(
        f"{p.file_stem}.pdf" for p in CATALOGUE.values())
    for printable, path in zip(CATALOGUE.values(), written):
        meta = pdf_metadata(in_tmp / path)
        assert meta["/Subject"] == printable.key
        assert meta["/Title"] == printable.title
        assert json.loads(meta["/HyvekitOptions"])["ink_saver"] is True
        assert page_sizes(in_tmp / path) == [SIZES["letter"]] * printable.pages
        assert_fonts_bundled(in_tmp / path)
    # the blank variants
    assert "Legacy I: First Flight" in pdf_text(in_tmp / "prints" / "legacy-sheet.pdf")
    assert "Player 4" in pdf_text(in_tmp / "prints" / "pad-beelives.pdf")


def main_exit_code(*args: str) -> int:
    """Exit code of ``hyvekit ARGS`` through the real entry point (its error table)."""
    from hyvekit.cli.entry import main

    with runner.isolation():
        try:
            main(list(args))
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


def test_print_all_refuses_before_writing_anything(in_tmp):
    (in_tmp / "out").mkdir()
    (in_tmp / "out" / "pad-beelives.pdf").write_text("my notes, not a PDF")
    assert main_exit_code("print", "all", "--out-dir", "out") == 2
    # the legacy sheet (first in the catalogue) was not written either
    assert sorted(p.name for p in (in_tmp / "out").iterdir()) == ["pad-beelives.pdf"]
    (in_tmp / "afile").write_text("x")
    assert main_exit_code("print", "all", "--out-dir", "afile") == 2
    assert main_exit_code("--campaigns-dir", "camps", "print", "all", "--out-dir",
                          "camps/prints") == 2
    assert not (in_tmp / "camps").exists()


def test_print_all_refuses_an_empty_folder_name(in_tmp):
    # typer would read "" as "." and fill the current folder with 23 PDFs
    for name in ("", "   "):
        assert main_exit_code("print", "all", "--out-dir", name) == 2
    assert list(in_tmp.iterdir()) == []


def test_prefilled_sheet_metadata_names_the_campaign_and_hashes_its_state(in_tmp):
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.rules.hyve.legacy import legacy_summary
    from hyvekit.games import campaign_store

    store = campaign_store(in_tmp / "campaigns")
    settings = {"sheet": legacy_sheets()["legacy-1"].to_dict(),
                "colours": ["yellow", "blue", "green", "purple", "red"], "easy": False}
    run_id = store.create("Spring <run>", "hyve", "legacy", settings).header["id"]
    result = invoke("--campaigns-dir", "campaigns", "print", "legacy-sheet", run_id,
                    "--out", "run.pdf", "--copies", "2")
    assert result.exit_code == 0, result.output
    meta = pdf_metadata(in_tmp / "run.pdf")
    _, state = store.state(run_id)
    digest = hashlib.sha256(json.dumps(legacy_summary(state), sort_keys=True,
                                       ensure_ascii=False).encode()).hexdigest()
    assert meta["/HyvekitCampaign"] == run_id
    assert meta["/HyvekitStateSHA256"] == digest
    assert f"campaign={run_id}" in meta["/Keywords"]
    assert f"state-sha256={digest}" in meta["/Keywords"]
    assert meta["/Creator"] == f"hyvekit {hyvekit.__version__}"
    assert meta["/Subject"] == "legacy-sheet" and meta["/Title"] == "Hyve Legacy Sheet"
    assert "Spring <run>" in pdf_text(in_tmp / "run.pdf")
    # a blank sheet has neither
    invoke("print", "legacy-sheet", "--out", "blank.pdf")
    blank = pdf_metadata(in_tmp / "blank.pdf")
    assert "/HyvekitCampaign" not in blank and "campaign=" not in blank["/Keywords"]


def test_every_print_command_has_an_example():
    for command in (["print"], ["print", "all"], ["print", "legacy-sheet"], ["print", "pad"],
                    ["print", "aid"], ["print", "list"]):
        result = invoke(*command, "--help")
        assert result.exit_code == 0, command
        assert "Example: hyvekit" in result.output, command
    for command in (["print", "legacy-sheet"], ["print", "pad"], ["print", "aid"]):
        out = invoke(*command, "--help").output
        assert "--per-page" in out and "--ink-saver" in out, command
    assert "--out-dir" in invoke("print", "all", "--help").output


def test_the_wheel_ships_the_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (*BUNDLED_FONTS, "LICENSE-DejaVu.txt"):
        assert f"hyvekit/templates/fonts/{name}" in names
    assert "hyvekit/templates/ink-saver.css" in names


@NEEDS_POPPLER
def test_a_used_black_resource_shows_its_cross(tmp_path):
    """A crossed-out colour box is crossed in the colour's text colour: on a black swatch
    the cross is light, so a used black resource stays visibly used."""
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.render.printables import legacy_sheet_context
    from hyvekit.rules.hyve.legacy import (
        BuyResources, Courier, Shop, StartScenario, new_legacy, play,
    )
    from layout_measure import DPI, MM_PX, _boxes, _classes, render

    s = new_legacy(legacy_sheets()["legacy-1"], ["black", "blue", "yellow", "green", "purple"])
    s = play(s, Shop((BuyResources("population", ("black", "black")),)))
    s = play(play(s, StartScenario()), Courier(1, 1))       # bee 1 is black: both used
    r = render("legacy", "legacy-sheet.html", legacy_sheet_context(s, {"name": "b", "id": "b"}),
               "a4", 1, tmp_path)
    width, _, px = r.pages[0]
    crossed = [b for b, _ in _boxes(r.document.pages[0]._page_box)
               if getattr(b, "element", None) is not None
               and {"filled", "crossed"} <= _classes(b.element) and b.element_tag == "span"
               and type(b).__name__ == "InlineBlockBox"]
    assert len(crossed) == 2
    scale = DPI / 25.4 / MM_PX
    for box in crossed:
        cx = int((box.position_x + box.margin_width() / 2) * scale)
        cy = int((box.position_y + box.margin_height() / 2) * scale)
        # on the cross, towards the top-left corner (clear of the die number in the middle)
        centre = px[int(cy - 2.2 * MM_PX * scale) * width + int(cx - 2.2 * MM_PX * scale)]
        edge = px[int((box.position_y + 1.2 * MM_PX) * scale) * width + cx]  # top middle
        assert centre > 160 and edge < 100, (centre, edge)   # a light cross on black
