"""Messages that said the wrong thing (issue 25, item 6): each now names the field, what was
given and the real cause, in one line, exit 2."""

from __future__ import annotations

import json


def _one_line(r) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_an_out_path_in_a_folder_no_file_can_be_written_in_names_that_folder(hk):
    line = _one_line(hk("print", "aid", "beelives-month", "--out", "/proc/x.pdf"))
    assert line == ("hyvekit: bad input: --out: got '/proc/x.pdf', expected a path in a "
                    "folder you may write in (/proc is not one)")
    assert ".tmp" not in line


def test_an_out_path_under_a_file_says_that_the_file_is_not_a_folder(hk):
    victim = hk.root / "victim.txt"
    victim.write_text("keep me")
    line = _one_line(hk("print", "aid", "beelives-month", "--out", str(victim / "x.pdf")))
    assert f"({victim} is a file, not a folder)" in line and "File exists" not in line
    assert victim.read_text() == "keep me"


def test_a_new_line_in_a_beez_name_is_named_as_such(hk):
    line = _one_line(hk("beez", "new", "Fri", "--players", "Ann\nBob,Cy", "--common",
                        "both-4-5-rows,middle-row,colours"))
    assert "without control characters (found \\n)" in line and "cards" not in line


def test_a_very_long_id_is_not_echoed_whole(hk):
    line = _one_line(hk("campaign", "show", "a" * 5000))
    assert len(line) < 300 and "…" in line


def test_a_bad_export_is_not_answered_with_deleting_a_campaign(hk):
    assert hk("beelives", "new", "Flow", "-p", "Ann:prolific").returncode == 0
    export = hk.root / "flow.json"
    assert hk("campaign", "export", "flow", str(export)).returncode == 0
    doc = json.loads(export.read_text())
    doc["header"]["settings"]["x"] = 1
    export.write_text(json.dumps(doc))
    line = _one_line(hk("campaign", "import", str(export), "--as", "other"))
    assert "campaign delete" not in line and "settings.x" in line
    assert "other" not in [p.stem for p in hk.campaigns.glob("*.json")]


def test_an_empty_campaigns_folder_setting_is_refused_not_taken_as_the_default(hk):
    line = _one_line(hk("campaign", "list", env={"HYVEKIT_CAMPAIGNS": ""}))
    assert line.startswith("hyvekit: bad input: HYVEKIT_CAMPAIGNS: got ''")
