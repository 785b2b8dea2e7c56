"""``hyvekit examples``: the examples that come with hyvekit, listed and copied; a help
example's file found from any folder."""

from __future__ import annotations


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
