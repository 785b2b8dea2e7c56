"""Hyve scenario sheets: one page per shipped definition on A4 and Letter, blank or pre-filled
from a legacy run."""

from __future__ import annotations

import json
from pathlib import Path
import shutil

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.render.catalogue import CATALOGUE, load_all
from hyvekit.render.printables_hyve_sheets import hyves_svg, sheet_hyve_context
from hyvekit.data.hyve import sheet_definitions

load_all()
from render_helpers import page_sizes, pdf_metadata, pdf_text  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
runner = CliRunner()
SIZES = {"a4": (595, 842), "letter": (612, 792)}
IDS = list(sheet_definitions())


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_catalogue_entry_per_shipped_definition():
    for sid in IDS:
        p = CATALOGUE[f"sheet hyve-{sid}"]
        assert p.per_page == (1,) and p.pages == 2     # issue 29: sized for the HP die
        assert p.command == ("print", "sheet", "hyve", "--mode", sid)


def test_six_hyves_clockwise_from_the_top_do_not_overlap():
    sheet = sheet_definitions()["standard"]
    svg = hyves_svg(sheet)
    assert [g["number"] for g in svg["groups"]] == [1, 2, 3, 4, 5, 6]
    assert all(len(g["cells"]) == 19 for g in svg["groups"])
    centres = [(c["cx"], c["cy"]) for g in svg["groups"] for c in g["cells"]]
    assert len(set(centres)) == len(centres) == 6 * 19
    top = svg["groups"][0]["label"]
    assert top["y"] < min(g["label"]["y"] for g in svg["groups"][1:])   # hyve 1 is top-most


@pytest.mark.parametrize("sid", IDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("compact", [False, True])
def test_every_sheet_fits_two_pages_or_one_compact(in_tmp, sid, paper, compact):
    result = runner.invoke(app, ["print", "sheet", "hyve", "--mode", sid, "--paper", paper,
                                 "--out", "s.pdf"] + ["--compact"] * compact,
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert page_sizes(in_tmp / "s.pdf") == [SIZES[paper]] * (1 if compact else 2)
    text = pdf_text(in_tmp / "s.pdf")
    assert "HP Track".lower() in text.lower() and "Larva Chamber" in text
    assert "Royal Jellies" in text and "Setup Area".lower() in text.lower()
    assert "assumed" in text
    sheet = sheet_definitions()[sid]
    if sheet.wasp:
        assert "Offensive formations" in text and "Round" in text
    else:
        assert all(s.name in text for s in sheet.seasons)
    if sheet.mode == "long-live-the-queen":
        assert "Approval" in text and "Disapproval" in text
        assert "thriving" not in [s["kind"] for s in sheet_hyve_context(sheet)["hp"]]


def test_wasp_and_turbo_parts_are_printed():
    wasp = sheet_hyve_context(sheet_definitions()["wasp-war"])["wasp"]
    assert next(a for a in wasp["attacks"] if a["number"] == 9)["text"] == "2 Pop"
    assert len(wasp["offensive"]) == 3 and all(len(f["hexes"]) == 5 for f in wasp["offensive"])
    turbo = sheet_hyve_context(sheet_definitions()["turbo"])
    assert turbo["chamber"]["rows"] == [1, 3, 4, 5]
    assert turbo["bread"][1]["level"] == 6
    assert all(j["slots"][1]["prefilled"] for j in turbo["jellies"])


def test_prefilled_from_a_legacy_run(legacy_state, run_header):
    # two scenarios played: the sheet is for scenario 3, which legacy-1 plays in Mites Challenge
    ctx = sheet_hyve_context(sheet_definitions()["mites-challenge"], legacy_state, run_header)
    assert [s["swatch"]["name"] for s in ctx["setup"]] == list(legacy_state.colours)
    assert [b["level"] for b in ctx["bread"]] == list(legacy_state.bread_levels)
    assert [b["crossed"] for b in ctx["bread"]] == [t in legacy_state.crossed_bread
                                                    for t in range(1, 6)]
    assert ctx["courier"] is not None and ctx["run"]["name"] == run_header["name"]
    assert ctx["run"]["scenario"] == 3


def test_print_sheet_with_a_run_records_it(in_tmp):
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.games import campaign_store

    store = campaign_store(in_tmp / "campaigns")
    settings = {"sheet": legacy_sheets()["legacy-1"].to_dict(),
                "colours": ["yellow", "blue", "green", "purple", "red"], "easy": False}
    run_id = store.create("Spring run", "hyve", "legacy", settings).header["id"]
    result = runner.invoke(app, ["--campaigns-dir", "campaigns", "print", "sheet", "hyve",
                                 "--mode", "standard", "--run", run_id, "--paper", "letter"],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / f"sheet-hyve-standard-{run_id}.pdf"
    assert page_sizes(out) == [SIZES["letter"]] * 2
    meta = pdf_metadata(out)
    assert meta["/HyvekitCampaign"] == run_id and "/HyvekitStateSHA256" in meta
    assert json.loads(meta["/HyvekitOptions"])["mode"] == "standard"
    text = pdf_text(out)
    assert "Spring run" in text and "Courier" in text and "purple" in text
    assert "scenario 1" in text          # shopping before scenario 1: the sheet is for it


def test_print_sheet_with_a_run_and_no_mode_takes_the_mode_of_its_scenario(in_tmp):
    """After scenario 1 (Standard) is won, legacy-1 plays scenario 2 in Coldsnap: `print sheet
    hyve --run RUN` prints the Coldsnap sheet without being told."""
    base = ["--campaigns-dir", "campaigns"]
    for args in (["hyve", "legacy", "new", "Spring run"], ["hyve", "legacy", "start", "spring-run", "--yes"],
                 ["hyve", "legacy", "result", "spring-run", "won", "--hp-past-start", "7",
                  "--population", "12", "--hyves", "4"],
                 ["print", "sheet", "hyve", "--run", "spring-run"]):
        result = runner.invoke(app, base + args, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
    out = in_tmp / "output" / "sheet-hyve-coldsnap-spring-run.pdf"
    assert json.loads(pdf_metadata(out)["/HyvekitOptions"])["mode"] == "coldsnap"
    assert "scenario 2" in pdf_text(out)


def test_a_run_sheet_is_for_the_scenario_played_next_in_its_mode(legacy_state, run_header):
    from dataclasses import replace

    from hyvekit.rules.common import InvalidInputError
    # after scenario 1 (Standard) the run shops for scenario 2, which legacy-1 plays in Coldsnap
    shopping = replace(legacy_state, phase="shopping", scenario=1)
    assert shopping.sheet.run[1] == "Coldsnap" and shopping.next_scenario == 2
    ctx = sheet_hyve_context(sheet_definitions()["coldsnap"], shopping, run_header)
    assert ctx["run"]["scenario"] == 2
    with pytest.raises(InvalidInputError, match="coldsnap .scenario 2 .* is Coldsnap"):
        sheet_hyve_context(sheet_definitions()["wasp-war"], shopping, run_header)


def test_print_sheet_refuses_unknown_mode_and_game(in_tmp):
    from hyvekit.cli.entry import main

    for args in (["print", "sheet", "hyve", "--mode", "hard"], ["print", "sheet", "beez"]):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
    assert not (in_tmp / "output").exists()


def test_print_sheet_takes_the_names_print_list_shows(in_tmp):
    """`print list` names a sheet `sheet hyve-wasp-war`: that is a command too."""
    listed = runner.invoke(app, ["print", "list"]).output
    assert "sheet hyve-wasp-war" in listed
    result = runner.invoke(app, ["print", "sheet", "hyve-wasp-war"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / "sheet-hyve-wasp-war.pdf"
    assert json.loads(pdf_metadata(out)["/HyvekitOptions"])["mode"] == "wasp-war"


def test_print_sheet_help_has_an_example():
    out = runner.invoke(app, ["print", "sheet", "--help"]).output
    assert "Example: hyvekit print sheet hyve" in out and "--ink-saver" in out


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm not installed")
def test_ink_saver_sheet_uses_less_ink(in_tmp):
    from render_helpers import ink_coverage

    runner.invoke(app, ["print", "sheet", "hyve", "--mode", "wasp-war", "--out", "n.pdf"])
    runner.invoke(app, ["print", "sheet", "hyve", "--mode", "wasp-war", "--ink-saver",
                        "--out", "l.pdf"])
    assert ink_coverage(in_tmp / "l.pdf") < 0.8 * ink_coverage(in_tmp / "n.pdf")


def test_a_players_sheets_file_changes_the_printed_values(tmp_path):
    """The sheet prints its definition's values (marshal bees, starting population, refresh
    dice), not copies: a player's own --sheets file changes them on the printed sheet."""
    packaged = (Path(__file__).resolve().parents[2] / "hyvekit" / "data"
                / "hyve_sheets.toml").read_text(encoding="utf-8")
    own = packaged.replace("marshal_bees = 2 ", "marshal_bees = 3 ")
    own = own.replace('[[sheet]]\nid = "wasp-war"\n', '[[sheet]]\nid = "wasp-war"\n'
                      'starting_population = 7\nrefresh_max = 9\n')
    mine = tmp_path / "mine.toml"
    mine.write_text(own, encoding="utf-8")
    texts = {}
    for name, extra in (("packaged", ()), ("mine", ("--sheets", str(mine)))):
        out = tmp_path / f"{name}.pdf"
        result = runner.invoke(app, ["print", "sheet", "hyve", "--mode", "wasp-war", *extra,
                                     "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        texts[name] = " ".join(pdf_text(out).split())
    assert "up to 2 non-matching Bees" in texts["packaged"]
    assert "up to 3 non-matching Bees" in texts["mine"]
    assert "Fill 6 at setup" in texts["packaged"] and "Fill 7 at setup" in texts["mine"]
    assert "(max 10)" in texts["packaged"] and "(max 9)" in texts["mine"]


def test_the_reference_aid_names_the_standard_sheets_settings_and_the_rules_core():
    from dataclasses import replace

    from hyvekit.render.printables_hyve import hyve_reference_context
    from hyvekit.rules.hyve.sheets import JELLIES, REWARDS

    standard = sheet_definitions()["standard"]
    ctx = hyve_reference_context(replace(standard, starting_population=8, refresh_max=12))
    assert "Fill in 8 spaces of the Population track (per the game settings)." in ctx["setup"]
    assert {"name": "Starting Population", "text": "Start with 8 Population."} in ctx["settings"]
    assert ctx["phases"][0]["summary"].startswith("Roll dice equal to your Population "
                                                  "(maximum 12 dice)")
    # the Royal Jellies and Queen's Rewards are the rules core's, in the aid's spelling
    assert [j["name"] for j in ctx["jellies"]] == [name for name, _ in JELLIES.values()]
    assert [r["name"] for r in ctx["rewards"]] == [name for name, _ in REWARDS.values()]
    assert ctx["rewards"][1]["text"] == REWARDS["migratory"][1]


# --- issue 14: Long Live the Queen's pips and columns -----------------------------------------

def test_long_live_the_queen_prints_a_pip_for_every_mark_the_demands_can_make():
    from hyvekit.rules.hyve.long_live_the_queen import demands_in_force, most_marks

    sheet = sheet_definitions()["long-live-the-queen"]
    # one check a turn of every demand in force (they stack, ruling H76)
    marks = sum(len(demands_in_force(sheet, i)) * len(s.effects)
                for i, s in enumerate(sheet.seasons))
    assert most_marks(sheet) == marks == 4 + 8 + 12 + 16
    assert sheet_hyve_context(sheet)["queen_pips"] == list(range(1, marks + 1))
    assert sheet_hyve_context(sheet_definitions()["standard"])["queen_pips"] == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_live_the_queen_seasons_effects_line_up(tmp_path, paper):
    """Every season column's first effect starts at the same height (the Winter demand is one
    line long, the others two)."""
    from layout_measure import _boxes, _classes, render

    sheet = sheet_definitions()["long-live-the-queen"]
    r = render("llq", "sheet-hyve.html", sheet_hyve_context(sheet), paper, 1, tmp_path)
    tops = {}
    for box, ancestors in (b for page in r.document.pages for b in _boxes(page._page_box)):
        element = getattr(box, "element", None)
        if element is not None and "effect" in _classes(element) and type(box).__name__ \
                == "BlockBox":
            column = next(b for b in reversed(ancestors) if b.element_tag == "td")
            tops.setdefault(id(column), round(box.position_y, 1))
    assert len(tops) == len(sheet.seasons)
    assert len(set(tops.values())) == 1, tops


# --- aid hyve-modes -----------------------------------------------------------------------------

def test_modes_aid_has_the_six_other_modes_with_their_rules_from_the_rules_core():
    from hyvekit.render.printables_hyve_sheets import hyve_modes_context, mode_rules, win_loss

    ctx = hyve_modes_context()
    sheets = {s.mode: s for s in sheet_definitions().values()}
    assert [m["mode"] for m in ctx["modes"]] == [m for m in sheets if m != "standard"]
    assert len(ctx["modes"]) == 6
    for m in ctx["modes"]:
        assert m["rules"] == mode_rules(sheets[m["mode"]]) and m["rules"]
        assert m["win_loss"] == win_loss(sheets[m["mode"]])
    llq = next(m for m in ctx["modes"] if m["mode"] == "long-live-the-queen")
    assert len(llq["extra"]) == len(sheets["long-live-the-queen"].seasons)
    assert {"name": "Scoring", "value": "Wobbly", "standard": "Flat"} in llq["changed"]


def test_modes_aid_prints_on_one_page(in_tmp):
    result = runner.invoke(app, ["print", "aid", "hyve-modes", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / "aid-hyve-modes.pdf"
    assert page_sizes(out) == [SIZES["letter"]]
    text = " ".join(pdf_text(out).split())
    for label in ("Coldsnap", "Mites Challenge", "Wasp War", "Bee Builder", "Turbo Mode",
                  "Long Live the Queen"):
        assert label.upper() in text.upper()


@pytest.mark.parametrize("compact", [False, True])
def test_mites_challenge_prints_a_mite_icon_for_each_mite(in_tmp, compact):
    """Issue 43, item 6 (docs/hyve.md: "Mites icons"): an effect's mites are printed as mite
    icons (an SVG drawn by hyvekit), one a mite, and a legend says what one means; no effect
    says "1 mite" in words."""
    from hyvekit.render.env import render_html
    from hyvekit.render.pdf import impose_geometry, paper_size

    sheet = sheet_definitions()["mites-challenge"]
    ctx = sheet_hyve_context(sheet, compact=compact)
    html = render_html("sheet-hyve.html", {
        **ctx, "paper": paper_size("a4"), "page": impose_geometry("a4", 1)["page"],
        "per_page": 1, "ink_saver": False, "copies": 1, "grow_factor": 1.0,
        "meta": {"title": "t", "printable": "t", "options": {}, "version": "t"}}, None)
    mites = sum(e.mites for s in sheet.seasons for e in s.effects)
    assert mites and html.count('<svg class="mite"') == mites + 1     # and the legend's
    assert "a mite: cross out one Nectar" in html
    result = runner.invoke(app, ["print", "sheet", "hyve", "--mode", "mites-challenge",
                                 "--out", "m.pdf"] + ["--compact"] * compact,
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(in_tmp / "m.pdf").split())
    assert " mite," not in text and "1 mite" not in text and "2 HP 3 HP" in text
