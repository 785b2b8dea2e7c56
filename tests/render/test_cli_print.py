"""``hyvekit print …`` through typer's CliRunner, in a temporary folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hyvekit.cli import printing
from hyvekit.cli.app import app
from render_helpers import EVIL_NAME, page_sizes, pdf_text

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

runner = CliRunner()


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def invoke(*args):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_every_print_command_has_help_with_an_example():
    for command in (["print"], ["print", "legacy-sheet"], ["print", "pad"], ["print", "aid"],
                    ["print", "list"]):
        result = invoke(*command, "--help")
        assert result.exit_code == 0, command
        assert "Example: hyvekit" in result.output, command


def test_list_names_every_printable():
    result = invoke("print", "list", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    from hyvekit.render.catalogue import CATALOGUE
    assert [r["printable"] for r in rows] == list(CATALOGUE)
    assert {"legacy-sheet", "pad beelives", "aid beelives-month"} <= set(CATALOGUE)
    assert all(r["description"] for r in rows)
    assert "legacy-sheet" in invoke("print", "list").output


def test_pad_default_output_and_names(in_tmp):
    result = invoke("print", "pad", "beelives", "--names", "Ann,Bob")
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / "pad-beelives-ann-bob.pdf"     # the names in the file's name
    assert result.output.strip() == os.path.join("output", "pad-beelives-ann-bob.pdf")
    text = pdf_text(out)
    assert "Ann" in text and "Bob" in text and "Player 3" not in text
    assert page_sizes(out) == [(595, 842)]


def test_pad_letter_copies_players(in_tmp):
    result = invoke("print", "pad", "beelives", "--players", "3", "--paper", "letter",
                    "--copies", "50", "--out", "pads/p.pdf")
    assert result.exit_code == 0, result.output
    assert page_sizes(in_tmp / "pads" / "p.pdf") == [(612, 792)] * 50
    assert "Player 3" in pdf_text(in_tmp / "pads" / "p.pdf")


@pytest.mark.parametrize("args", [
    ["print", "pad", "no-such-game"],
    ["print", "pad", "beelives", "--players", "5"],
    ["print", "pad", "beelives", "--players", "1", "--names", "Ann,Bob"],
    ["print", "pad", "beelives", "--paper", "a3"],
    ["print", "pad", "beelives", "--copies", "0"],
    ["print", "aid", "queenbee-card"],
    ["print", "legacy-sheet", "--sheet", "legacy-9"],
])
def test_bad_input_exits_2(hk, args):
    result = hk(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert len(result.stderr.splitlines()) == 1 and "bad input" in result.stderr
    assert not (hk.root / "output").exists()


def test_unknown_game_lists_the_accepted_ones(in_tmp):
    result = runner.invoke(app, ["print", "pad", "no-such-game"])
    assert result.exit_code == 2 and "beelives" in result.output


def test_aid(in_tmp):
    result = invoke("print", "aid", "beelives-month", "--paper", "letter")
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / "aid-beelives-month.pdf"
    assert page_sizes(out) == [(612, 792)]
    assert "Seasonal Resource Chart".lower() in pdf_text(out).lower()


def test_blank_legacy_sheet(in_tmp):
    result = invoke("print", "legacy-sheet")
    assert result.exit_code == 0, result.output
    assert "Legacy I: First Flight" in pdf_text(in_tmp / "output" / "legacy-sheet.pdf")
    result = invoke("print", "legacy-sheet", "--sheet", "legacy-2")
    assert "Legacy II" in pdf_text(in_tmp / "output" / "legacy-sheet-legacy-2.pdf")


def test_prefilled_legacy_sheet_prints_the_name_as_text(in_tmp, monkeypatch, legacy_state,
                                                        run_header):
    seen = {}

    def fake_load(ctx, run_id):
        seen["dir"] = printing.campaigns_dir(ctx)
        seen["id"] = run_id
        return run_header, legacy_state

    monkeypatch.setattr(printing, "_load_run", fake_load)
    result = invoke("--campaigns-dir", "camps", "print", "legacy-sheet", "spring-run",
                    "--out", "sheet.pdf")
    assert result.exit_code == 0, result.output
    assert seen == {"dir": Path("camps"), "id": "spring-run"}
    text = pdf_text(in_tmp / "sheet.pdf")
    assert EVIL_NAME in text
    assert "spring-run" in text


def test_templates_override(in_tmp):
    mine = in_tmp / "mine"
    mine.mkdir()
    (mine / "aid-beelives-month.html").write_text(
        "<html><body><p>House rules: {{ title }}</p></body></html>")
    result = invoke("print", "aid", "beelives-month", "--templates", str(mine))
    assert result.exit_code == 0, result.output
    assert "House rules: Bee Lives Month Sequence" in pdf_text(
        in_tmp / "output" / "aid-beelives-month.pdf")
    result = runner.invoke(app, ["print", "aid", "beelives-month", "--templates",
                                 str(in_tmp / "absent")])
    assert result.exit_code == 2
