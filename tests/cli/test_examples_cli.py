"""``hyvekit examples``: the examples that come with hyvekit, listed and copied; a help
example's file found from any folder."""

from __future__ import annotations

import json


def test_examples_lists_the_files_with_what_they_are(hk):
    r = hk("examples")
    assert r.returncode == 0, r.stderr
    assert "examples/hyve/standard-legal.toml" in r.stdout
    assert "docs/examples/beez-score.toml" in r.stdout
    assert "copy them to edit: hyvekit examples --copy DIR" in r.stdout


def test_examples_copy_puts_examples_and_format_docs_in_a_folder(hk, tmp_path):
    target = tmp_path / "mine"
    r = hk("examples", "--copy", str(target))
    assert r.returncode == 0, r.stderr
    assert (target / "examples" / "hyve" / "standard-legal.toml").is_file()
    assert (target / "docs" / "hyve-table.md").is_file()
    again = hk("examples", "--copy", str(target))
    assert again.returncode == 2 and "--force" in again.stderr
    assert hk("examples", "--copy", str(target), "--force").returncode == 0


def test_a_help_example_file_is_found_from_any_folder(hk):
    r = hk("hyve", "check", "examples/hyve/standard-legal.toml")      # cwd: a temporary folder
    assert r.returncode == 0, r.stderr
    r = hk("hyve", "check", "examples/hyve/no-such-file.toml")
    assert r.returncode == 2


def test_the_readmes_month_patterns_log_the_examples_from_any_folder(hk):
    """A shell leaves a pattern matching nothing here as it is: ``beelives log`` takes the
    example months it names from the copy that comes with hyvekit, in order."""
    assert hk("beelives", "new", "League", "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
              "--years", "2").returncode == 0
    first = hk("beelives", "log", "league", "examples/beelives/campaign/2p-y1-01-march.toml")
    assert first.returncode == 0, first.stderr
    rest = hk("beelives", "log", "league", "examples/beelives/campaign/2p-y1-0[2-9]-*.toml")
    assert rest.returncode == 0, rest.stderr
    events = json.loads(hk("campaign", "history", "league", "--json").stdout)
    events = events["events"] if isinstance(events, dict) else events
    assert [e["type"] for e in events].count("month") == 9      # March and the 8 after it
    r = hk("beelives", "log", "league", "examples/beelives/campaign/nothing-*.toml")
    assert r.returncode == 2 and "nothing-*.toml" in r.stderr
