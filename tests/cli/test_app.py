"""The CLI skeleton: help everywhere, version, the error table, light start-up.

Most tests run the command line in process (``hk``); the whole-process smoke tests here use
``hk.process`` (a real ``python -m hyvekit``): version, the exit codes 1 and 2, the debug
traceback, the terminal-encoding failure (``PYTHONIOENCODING`` is read at start-up only), the
imports of a fresh process, and that the in-process runner gives what a process gives."""

from __future__ import annotations

import subprocess
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
    assert "<path>" in out                      # values keep their type


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
    code = ("import sys\nfrom hyvekit.cli.app import main\n"
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
