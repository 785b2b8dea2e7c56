"""``hyvekit demo`` end to end, and a pre-filled sheet printed through the real store."""

from __future__ import annotations

import json

import pytest

pypdf = pytest.importorskip("pypdf")

PDFS = ["legacy-sheet.pdf", "pad-beelives.pdf", "aid-beelives-month.pdf"]


def test_demo_logs_the_rulebook_run_and_prints_three_pdfs_twice_over(hk):
    for _ in range(2):  # running it twice works and keeps one record
        result = hk("demo")
        assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in hk.campaigns.glob("*.json")) == ["demo-legacy.json"]
    status = json.loads(hk("hyve", "legacy", "status", "demo-legacy", "--json").stdout)
    assert status["bread_levels"]["1"] == 4                       # three 1-type upgrades
    assert sum(c["unused"] for c in status["resources"]["population"].values()) == 6
    assert status["honey_lost"] == [15 - 9 - 3]
    assert status["honey_well"][0] == 8 and status["results"][0]["won"]
    history = json.loads(hk("campaign", "history", "demo-legacy", "--json").stdout)
    assert [e["type"] for e in history] == ["shop", "start", "result"]
    for name in PDFS:                            # a folder of their own: output/demo/
        reader = pypdf.PdfReader(hk.root / "output" / "demo" / name)
        assert len(reader.pages) == 1
    assert not (hk.root / "output" / "legacy-sheet.pdf").exists()
    sheet = hk.root / "output" / "demo" / "legacy-sheet.pdf"
    text = pypdf.PdfReader(sheet).pages[0].extract_text()
    assert "demo-legacy" in text and "Standard" in text


def test_demo_refuses_to_replace_a_players_campaign_with_the_demo_id(hk):
    hk("hyve", "legacy", "new", "My own run", "--id", "demo-legacy")
    before = (hk.campaigns / "demo-legacy.json").read_bytes()
    result = hk("demo")
    assert result.returncode == 2 and "already exists" in result.stderr
    assert (hk.campaigns / "demo-legacy.json").read_bytes() == before


def test_a_hostile_run_name_prints_as_literal_text(hk):
    name = '<img src="file:///etc/passwd">'
    made = hk("hyve", "legacy", "new", name)
    assert made.returncode == 0, made.stderr
    (run_id,) = [p.stem for p in hk.campaigns.glob("*.json")]
    assert run_id == "img-src-file-etc-passwd"
    out = hk.root / "sheet.pdf"
    printed = hk("print", "legacy-sheet", run_id, "--out", str(out))
    assert printed.returncode == 0, printed.stderr
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert name in text.replace("\n", "")


def test_a_long_run_name_wraps_and_the_sheet_stays_whole(hk):
    hk("hyve", "legacy", "new", "W" * 100, "--id", "long")
    out = hk.root / "long.pdf"
    assert hk("print", "legacy-sheet", "long", "--out", str(out)).returncode == 0
    reader = pypdf.PdfReader(out)
    text = reader.pages[0].extract_text()
    assert len(reader.pages) == 1 and "STARTING HONEY" in text.upper()
