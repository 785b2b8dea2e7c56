"""``hyvekit data``: the packaged tables, and copies a player fills with their own values."""

from __future__ import annotations

import json
from importlib import resources


def test_list_names_every_packaged_table_with_its_assumed_marks(hk):
    result = hk("data", "list", "--json")
    assert result.returncode == 0, result.stderr
    rows = {r["table"]: r for r in json.loads(result.stdout)}
    packaged = {f.name[:-5] for f in resources.files("hyvekit.data").iterdir()
                if f.name.endswith(".toml")}
    assert set(rows) == packaged
    assert rows["hyve_legacy"]["assumed_marks"] > 0 and rows["queenbee"]["rulebook_marks"] > 0
    assert all(r["your_own_file"] for r in rows.values())


def test_copy_writes_the_table_and_a_run_can_use_it(hk, tmp_path):
    mine = tmp_path / "mine.toml"
    assert hk("data", "copy", "hyve-legacy", str(mine)).returncode == 0
    shown = hk("data", "show", "hyve_legacy").stdout
    assert mine.read_text() == shown and "starting_honey" in shown
    mine.write_text(mine.read_text().replace("starting_honey = 15", "starting_honey = 21"))
    made = hk("hyve", "legacy", "new", "Mine", "--sheets", str(mine))
    assert made.returncode == 0, made.stderr
    assert json.loads(hk("hyve", "legacy", "status", "mine", "--json").stdout)["honey"] == 21


def test_copy_never_overwrites_or_writes_into_the_campaigns_folder(hk, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("precious")
    refused = hk("data", "copy", "beez", str(mine))
    assert refused.returncode == 2 and mine.read_text() == "precious"
    assert hk("data", "copy", "beez", str(mine), "--force").returncode == 0
    inside = hk("data", "copy", "beez", str(hk.campaigns / "x.toml"))
    assert inside.returncode == 2 and not (hk.campaigns / "x.toml").exists()


def test_unknown_table_lists_the_known_ones(hk):
    result = hk("data", "show", "nope")
    assert result.returncode == 2 and "hyve_legacy" in result.stderr
