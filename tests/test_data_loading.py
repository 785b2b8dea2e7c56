"""Reading players' TOML files: never a packaged table by mistake, never without limits."""

from __future__ import annotations

import os

import pytest

from hyvekit.data import load_toml, packaged_toml
from hyvekit.rules.common import InvalidInputError


def test_a_missing_file_named_like_a_packaged_table_is_not_replaced_by_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert packaged_toml("beelives.toml")            # the packaged table exists ...
    with pytest.raises(InvalidInputError, match="no such file"):
        load_toml("beelives.toml")                   # ... but the player's file does not


def test_devices_and_folders_are_refused(tmp_path):
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    with pytest.raises(InvalidInputError, match="not a regular file"):
        load_toml(tmp_path / "zero.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    with pytest.raises(InvalidInputError, match="not a regular file"):
        load_toml(tmp_path / "pipe.toml")
    with pytest.raises(InvalidInputError, match="a folder"):
        load_toml(tmp_path)


def test_huge_and_deeply_nested_files_are_bad_input(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 5_000_001)
    with pytest.raises(InvalidInputError, match="at most 5 MB"):
        load_toml(big)
    deep = tmp_path / "deep.toml"
    deep.write_text("x=" + "[" * 900 + "]" * 900)
    with pytest.raises(InvalidInputError, match="nested too deeply"):
        load_toml(deep)


def test_the_cli_answers_a_deep_file_with_one_line_exit_2(hk):
    (hk.root / "deep.toml").write_text("x=" + "[" * 900 + "]" * 900)
    for args in (("hyve", "check", "deep.toml"), ("beelives", "check", "deep.toml")):
        result = hk(*args)
        assert result.returncode == 2 and "nested too deeply" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
