"""The CLI skeleton: help everywhere, version, the error table, light start-up.

Most tests run the command line in process (``hk``); the whole-process smoke tests here use
``hk.process`` (a real ``python -m hyvekit``): version, the exit codes 1 and 2, the debug
traceback, the terminal-encoding failure (``PYTHONIOENCODING`` is read at start-up only), the
imports of a fresh process, and that the in-process runner gives what a process gives."""

from __future__ import annotations

import subprocess
from pathlib import Path
import sys

import pytest
import typer.main

from hyvekit import __version__
from hyvekit.cli.app import app

GROUPS = ["campaign", "hyve", "beelives", "beez", "queenbee", "print", "data"]


def _commands(group, path=()):
    for name, cmd in group.commands.items():
        yield path + (name,), cmd
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, path + (name,))


def test_every_group_is_there(hk):
    out = hk("--help").stdout
    for group in GROUPS:
        assert group in out


def test_every_command_has_help_with_an_example():
    root = typer.main.get_command(app)
    missing = [" ".join(path) for path, cmd in _commands(root)
               if "Example" not in (cmd.help or "")]
    assert missing == []


def test_flags_show_no_value_type_in_help():
    """A flag takes no value: --help shows no ``<bool>`` beside it (typer 0.29 would)."""
    from typer.testing import CliRunner
    out = CliRunner().invoke(app, ["hyve", "legacy", "play", "--help"],
                             env={"COLUMNS": "100"}).output
    assert "--dry-run" in out and "--json" in out and "<bool>" not in out
    assert "<path>" not in out and "FILE" in out     # a placeholder in words, not a type


def test_help_placeholders_read_as_words_in_every_command():
    """No Python type in any --help (``<str>``, ``<int range>``, ``[x>=1]``) and no ``{RUN}``
    on a usage line, no accepted-values mark left unexpanded (issue 17)."""
    import re

    from typer.testing import CliRunner
    root = typer.main.get_command(app)
    found = []
    for path, _ in _commands(root):
        out = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "100"}).output
        for line in out.splitlines():
            if re.search(r"<(str|int|float|path|list|bool)[^>]*>|x[<>]=|\{[A-Z]|@accepted",
                         line):
                found.append((" ".join(path), line.strip()))
    assert found == []


def test_version(hk):
    result = hk.process("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"hyvekit {__version__}"


def test_bad_input_is_one_line_exit_2_without_traceback(hk):
    hk("hyve", "legacy", "new", "Run", "--id", "run")
    result = hk.process("hyve", "legacy", "result", "run", "won", "--hp-past-start", "1",
                        "--population", "-3", "--hyves", "1")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "population" in result.stderr and "-3" in result.stderr


def test_rule_violation_names_the_rule_exit_1(hk):
    hk("hyve", "legacy", "new", "Run", "--id", "run")
    result = hk.process("hyve", "legacy", "courier", "run", "wild")
    assert result.returncode == 1
    assert "Hyve Legacy: Courier Action" in result.stderr
    assert "Traceback" not in result.stderr


def test_debug_shows_the_traceback(hk):
    hk("hyve", "legacy", "new", "Run", "--id", "run")
    result = hk.process("hyve", "legacy", "courier", "run", "wild", env={"HYVEKIT_DEBUG": "1"})
    assert result.returncode == 1 and "Traceback" in result.stderr


@pytest.mark.parametrize("args, line", [
    (("hyve", "hp", "--die", "x", "--position", "3", "--gain", "1"),
     "--die: got 'x', expected a whole number"),
    (("print", "pad", "beelives", "--players", "5"),
     "--players: got 5, expected a whole number from 1 to 4"),
    (("print", "pad", "beelives", "--players=0"), "--players: got '0', expected at least 1"),
    (("print", "pad", "beelives", "--paper", "a5"), "--paper: got 'a5', expected one of a4, "
                                                    "letter"),
])
def test_usage_errors_name_the_field_the_value_and_what_is_allowed(hk, args, line):
    result = hk(*args)
    assert result.returncode == 2 and line in result.stderr
    assert "Input should" not in result.stderr and len(result.stderr.splitlines()) == 1


def test_usage_error_exit_2(hk):
    result = hk("campaign", "undo")
    assert result.returncode == 2


def test_unknown_campaign_exit_2_and_lists_known_ones(hk):
    hk("hyve", "legacy", "new", "Alpha")
    result = hk("campaign", "show", "beta")
    assert result.returncode == 2 and "alpha" in result.stderr


@pytest.mark.parametrize("args", [["--help"], ["campaign", "list"], ["hyve", "honey",
                                  "--hp-past-start", "3", "--population", "5", "--hyves", "1"]])
def test_commands_that_print_no_pdf_do_not_import_printing_libraries(args, tmp_path):
    code = ("import sys\nfrom hyvekit.cli.entry import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
            "heavy = [m for m in ('weasyprint', 'reportlab', 'pypdf', 'jinja2') "
            "if m in sys.modules]\nprint('HEAVY', heavy, file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=tmp_path, env={"HYVEKIT_CAMPAIGNS": str(tmp_path),
                                               "PATH": "/usr/bin:/bin"})
    assert "HEAVY []" in result.stderr, result.stderr


def test_a_terminal_that_cannot_show_the_text_gets_one_line_exit_2(hk):
    assert hk("queenbee", "new", "Club", "--players", "Zoë,bob").returncode == 0
    result = hk.process("queenbee", "status", "club", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 2 and "PYTHONIOENCODING=utf-8" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, input", [
    (["--help"], None),
    (["hyve", "legacy", "--help"], None),
    (["print", "list"], None),
    (["campaign", "list"], None),
    (["hyve", "legacy", "status", "run", "--json"], None),
    (["hyve", "legacy", "courier", "run", "wild"], None),               # a rule says no: 1
    (["print", "pad", "beelives", "--players", "5"], None),             # usage: 2
    (["campaign", "show", "beta"], None),                               # unknown record: 2
    (["campaign", "delete", "run"], "n\n"),                             # a prompt, declined
    (["hyve", "score-hyve", "-"], "not a hyve\n"),                      # stdin
    (["print", "pad", "beez", "-o", "pad.pdf"], None),                  # weasyprint's logging
])
def test_the_in_process_runner_gives_what_a_real_process_gives(hk, args, input):
    hk("hyve", "legacy", "new", "Run", "--id", "run")
    inside, outside = hk(*args, input=input), hk.process(*args, input=input)
    assert (inside.returncode, inside.stdout, inside.stderr) == \
        (outside.returncode, outside.stdout, outside.stderr)


def test_the_in_process_runner_shows_warnings_and_log_records_as_a_process_would(hk, monkeypatch):
    import logging
    import warnings

    from hyvekit.cli import app as app_module

    def noisy(args):
        warnings.warn("a warning for the user")
        warnings.warn("a deprecation nobody sees", DeprecationWarning)
        logging.getLogger("somewhere").warning("a log record")
        logging.getLogger("somewhere").info("an info record nobody sees")
        return 0

    monkeypatch.setattr(app_module, "_run", noisy)
    result = hk("--version")
    assert result.returncode == 0
    assert "UserWarning: a warning for the user" in result.stderr
    assert "a log record" in result.stderr
    assert "deprecation" not in result.stderr and "info record" not in result.stderr


def test_a_bare_command_or_group_prints_its_help_once(hk):
    for args in ((), ("hyve",), ("beelives",), ("campaign",)):
        r = hk(*args)
        assert r.returncode == 0, args
        assert r.stdout.count("Usage:") == 1, args


def test_campaigns_dir_is_accepted_anywhere_on_the_line(hk, tmp_path):
    folder = tmp_path / "elsewhere"
    r = hk("hyve", "legacy", "new", "Run", "--campaigns-dir", str(folder))
    assert r.returncode == 0, r.stderr
    assert (folder / "run.json").is_file()
    r = hk("campaign", "list", f"--campaigns-dir={folder}")
    assert r.returncode == 0 and "run" in r.stdout


def test_outside_the_checkout_records_live_in_the_users_data_folder(hk, tmp_path):
    import os
    data = Path(os.environ["XDG_DATA_HOME"])
    r = hk("hyve", "legacy", "new", "Far run", env={"HYVEKIT_CAMPAIGNS": None})
    assert r.returncode == 0, r.stderr
    assert (data / "hyvekit" / "campaigns" / "far-run.json").is_file()
    other = tmp_path / "another-folder"
    other.mkdir()
    from cli_process import run_in_process
    listed = run_in_process(["campaign", "list"], cwd=other,
                            env={"HYVEKIT_CAMPAIGNS": None, "COLUMNS": "120"})
    assert listed.returncode == 0 and "far-run" in listed.stdout


def test_in_the_checkout_records_stay_in_its_campaigns_folder():
    from hyvekit.cli.common import checkout_root, default_folder
    root = checkout_root()
    assert root is not None                       # the tests run from the checkout
    import os
    old = os.getcwd()
    try:
        os.chdir(root)
        assert default_folder("campaigns") == Path("campaigns")
    finally:
        os.chdir(old)


def test_accepted_values_are_listed_in_help_from_the_rules_and_data(hk):
    """Colours, perks, modes, card names, solo modes and seasons are in ``--help``, read from
    the data tables and the rules (``cli/accepted.py``), and no mark is left unexpanded."""
    from hyvekit.cli.accepted import VALUES
    from hyvekit.data.beelives import solo_cards
    from hyvekit.data.hyve import legacy_sheets, sheet_definitions

    sheet = legacy_sheets()["legacy-1"]
    shown = {
        ("hyve", "legacy", "new"): [c for c, _ in sheet.colours],
        ("hyve", "legacy", "shop"): [p for p, _ in sheet.perk_costs],
        ("hyve", "hp"): list(sheet_definitions()),
        ("beelives", "new"): ["basic", "challenge", "aggressive", "Pacifist",
                              *(c.name for c in solo_cards().campaigns)],
        ("beelives", "cards"): ["spring", "summer", "fall"],
        ("queenbee", "battle"): ["Strong Sting", "Don't Buzz", "hive-tunnel"],
        ("data", "show"): ["hyve_legacy"],
    }
    for path, words in shown.items():
        out = " ".join(hk(*path, "--help", env={"COLUMNS": "2000"}).stdout.split())
        assert "Accepted:" in out and "@accepted" not in out, path
        for w in words:
            assert w in out, (path, w)
    assert all(VALUES[name]() for name in VALUES)           # every list has values



def test_outside_the_checkout_prints_go_to_the_users_data_folder(hk):
    import os
    data = Path(os.environ["XDG_DATA_HOME"])
    r = hk("print", "aid", "hyve-reference", env={"HYVEKIT_OUTPUT": None})
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()).is_relative_to(data / "hyvekit" / "output")


def test_pads_for_other_players_do_not_replace_each_other(hk):
    a = hk("print", "pad", "beelives", "--names", "Ann,Bob")
    b = hk("print", "pad", "beelives", "--players", "4")
    c = hk("print", "pad", "beelives")
    paths = {r.stdout.strip() for r in (a, b, c)}
    assert all(r.returncode == 0 for r in (a, b, c)) and len(paths) == 3
    assert all(Path(hk.root, p).is_file() or Path(p).is_file() for p in paths)
