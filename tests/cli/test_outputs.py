"""Output paths and folders: nothing a command writes can destroy a record or a user's file."""

from __future__ import annotations

import pytest


@pytest.fixture()
def run(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    return hk.campaigns / "run.json"


def test_print_refuses_to_write_into_the_campaigns_folder(hk, run):
    before = run.read_bytes()
    result = hk("print", "aid", "beelives-month", "--out", str(run))
    assert result.returncode == 2 and "outside the campaigns folder" in result.stderr
    assert run.read_bytes() == before
    other = hk("print", "aid", "beelives-month", "--out", str(hk.campaigns / "new.pdf"))
    assert other.returncode == 2 and not (hk.campaigns / "new.pdf").exists()


def test_print_replaces_an_older_pdf_but_not_another_file(hk, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    refused = hk("print", "aid", "beelives-month", "--out", str(notes))
    assert refused.returncode == 2 and "not a PDF" in refused.stderr
    assert notes.read_text() == "my notes"
    pdf = tmp_path / "aid.pdf"
    assert hk("print", "aid", "beelives-month", "--out", str(pdf)).returncode == 0
    again = hk("print", "aid", "beelives-month", "--out", str(pdf), "--paper", "letter")
    assert again.returncode == 0 and pdf.read_bytes().startswith(b"%PDF")


def test_print_does_not_replace_a_pdf_hyvekit_did_not_print(hk, tmp_path):
    rulebook = tmp_path / "rulebook.pdf"
    rulebook.write_bytes(b"%PDF-1.4\nsomeone's rulebook\n%%EOF\n")
    refused = hk("print", "aid", "beelives-month", "--out", str(rulebook))
    assert refused.returncode == 2 and "not made by hyvekit" in refused.stderr
    assert rulebook.read_bytes() == b"%PDF-1.4\nsomeone's rulebook\n%%EOF\n"


def test_export_never_overwrites_without_force_and_never_into_the_folder(hk, run, tmp_path):
    target = tmp_path / "run.json"
    target.write_text("precious")
    refused = hk("campaign", "export", "run", str(target))
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert target.read_text() == "precious"
    assert hk("campaign", "export", "run", str(target), "--force").returncode == 0
    assert '"hyvekit-campaign"' in target.read_text()
    before = run.read_bytes()
    into = hk("campaign", "export", "run", str(hk.campaigns / "other.json"))
    assert into.returncode == 2 and not (hk.campaigns / "other.json").exists()
    assert run.read_bytes() == before
    folder = hk("campaign", "export", "run", str(tmp_path))
    assert folder.returncode == 2 and "folder" in folder.stderr


def test_import_of_a_folder_or_binary_file_is_bad_input(hk, tmp_path):
    assert hk("campaign", "import", str(tmp_path)).returncode == 2
    binary = tmp_path / "x.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    result = hk("campaign", "import", str(binary))
    assert result.returncode == 2 and "Traceback" not in result.stderr


@pytest.mark.parametrize("body,expected", [
    ("{% if %}x{% endif %}", "line 1"),
    ("{{ nope.attr }}", "nope"),
    (b"\xff\xfe\x00", "UTF-8"),
    ('{% include "../../etc/passwd" %}', "../../etc/passwd"),
])
def test_a_broken_override_template_names_the_problem(hk, tmp_path, body, expected):
    folder = tmp_path / "mine"
    folder.mkdir()
    target = folder / "pad-beelives.html"
    target.write_bytes(body if isinstance(body, bytes) else body.encode())
    result = hk("print", "pad", "beelives", "--templates", str(folder), "--out",
                str(tmp_path / "pad.pdf"))
    assert result.returncode == 2, result.stderr
    assert expected in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_campaigns_folder_that_is_a_file_is_bad_input(hk, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for args in (["hyve", "legacy", "new", "Zed"], ["campaign", "list"],
                 ["hyve", "legacy", "status", "zed"]):
        result = hk(*args, env={"HYVEKIT_CAMPAIGNS": str(afile)})
        assert result.returncode == 2 and "campaigns folder" in result.stderr, args
    assert afile.read_text() == "x"


def test_usage_errors_are_one_line_with_the_value_given(hk):
    for args, needle in [(["print", "pad", "beelives", "--copies", "0"], "'0'"),
                         (["print", "pad", "beelives", "--paper", "a5"], "a5"),
                         (["hyve", "honey", "--hp-past-start", "x", "--population", "1",
                           "--hyves", "1"], "'x'"),
                         (["hyve", "legacy", "shop", "run", "--frobnicate"], "--frobnicate")]:
        result = hk(*args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1 and needle in result.stderr, args


@pytest.mark.parametrize("args", [("print", "pad", "beelives", "--names", "Ann,Bob"),
                                  ("print", "booklet", "--imposition", "booklet")],
                         ids=["pad", "booklet"])
def test_an_out_of_a_dash_writes_the_pdf_to_standard_output(hk, args):
    """``--out -`` (issue 38, item 13) writes the PDF to standard output, for ``| lp``, and
    nothing else there (the booklet's folding advice goes to stderr); no file named "-" and
    nothing in the output folder."""
    import io
    import os
    import subprocess
    import sys

    from pypdf import PdfReader
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns), "HYVEKIT_OUTPUT": "output"}
    env.pop("HYVEKIT_DEBUG", None)
    result = subprocess.run([sys.executable, "-m", "hyvekit", *args, "--out", "-"],
                            cwd=hk.root, env=env, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"%PDF-") and result.stdout.rstrip().endswith(b"%%EOF")
    pdf = PdfReader(io.BytesIO(result.stdout))
    assert len(pdf.pages) >= 1 and "hyvekit" in pdf.metadata.get("/Creator", "")
    assert b"output" not in result.stderr or b".pdf" not in result.stderr
    assert not (hk.root / "-").exists() and not (hk.root / "output").exists()
