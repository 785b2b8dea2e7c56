"""A command stopped from outside (``hyvekit/cli/entry.py``): Ctrl-C says in one line whether a
campaign record may have changed and where to look, exit code 130, no traceback, even while
Python still imports typer; a closed pipe (``| head -1``) says nothing and gives 141.

The real processes here send SIGINT to themselves at a point the test chooses (a store method
patched in the child, an import hook), so the moment is never a matter of timing."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from hyvekit.cli import entry

ONE_LINE_NONE = "hyvekit: interrupted: no campaign record was changed"


def _child(hk, code: str, *args: str, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess:
    """``python -c CODE ARGS`` in ``hk``'s folder, its campaigns folder from the environment;
    ``CODE`` ends by running ``hyvekit.cli.entry.main()`` on ``ARGS``, as the console script
    does."""
    full = {k: v for k, v in os.environ.items() if k != "HYVEKIT_DEBUG"}
    full.update({"HYVEKIT_CAMPAIGNS": str(hk.campaigns), "COLUMNS": "200", **(env or {})})
    code += "\nimport sys\nfrom hyvekit.cli.entry import main\nmain(sys.argv[1:])\n"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=hk.root, env=full,
                          capture_output=True, text=True, timeout=120)


#: the child sends itself SIGINT right after the store method ``{name}`` returns (or, with
#: ``before``, as it is called)
_SIGINT_AT = """
import os, signal
from hyvekit.store.campaigns import CampaignStore
real = CampaignStore.{name}
def stopped(self, *args, **kwargs):
    if {before}:
        os.kill(os.getpid(), signal.SIGINT)
    out = real(self, *args, **kwargs)
    os.kill(os.getpid(), signal.SIGINT)
    return out
CampaignStore.{name} = stopped
"""


@pytest.fixture()
def league(hk):
    made = hk("beelives", "new", "League", "-p", "Susan:prolific", "-p", "Jeremy:aggressive")
    assert made.returncode == 0, made.stderr
    return "league"


def test_ctrl_c_after_a_step_was_written_says_where_to_see_it(hk, league):
    before = hk.campaigns.joinpath("league.json").read_bytes()
    result = _child(hk, _SIGINT_AT.format(name="transact", before=False),
                    "beelives", "do", league, "draw")
    assert result.returncode == 130, result.stderr
    assert result.stderr.splitlines() == [
        "hyvekit: interrupted: the last change to campaign 'league' is either stored whole "
        "or not at all; what was stored: hyvekit campaign history league"]
    assert "Traceback" not in result.stderr
    assert hk.campaigns.joinpath("league.json").read_bytes() != before      # it was stored
    history = hk("campaign", "history", league)
    assert history.returncode == 0 and "at the table" in history.stdout


def test_ctrl_c_before_anything_was_written_says_so(hk, league):
    path = hk.campaigns / "league.json"
    before = path.read_bytes()
    result = _child(hk, _SIGINT_AT.format(name="state", before=True),
                    "beelives", "do", league, "draw")
    assert result.returncode == 130 and result.stderr.splitlines() == [ONE_LINE_NONE]
    assert path.read_bytes() == before


def test_the_hint_names_a_campaigns_folder_given_on_the_command_line(hk, league, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    result = _child(hk, _SIGINT_AT.format(name="append_many", before=False),
                    "--campaigns-dir", str(hk.campaigns), "campaign", "note", league, "hi",
                    env={"HYVEKIT_CAMPAIGNS": str(elsewhere)})
    assert result.returncode == 130
    assert result.stderr.rstrip().endswith(
        f"what was stored: hyvekit campaign history league --campaigns-dir {hk.campaigns}")


#: the child sends itself SIGINT when Python is about to import typer
_SIGINT_AT_IMPORT = """
import os, signal, sys
class Stop:
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Stop())
"""


def test_ctrl_c_while_python_imports_typer_is_one_line_not_a_traceback(hk):
    result = _child(hk, _SIGINT_AT_IMPORT, "--version")
    assert result.returncode == 130
    assert result.stderr.splitlines() == [ONE_LINE_NONE] and result.stdout == ""
    debug = _child(hk, _SIGINT_AT_IMPORT, "--version", env={"HYVEKIT_DEBUG": "1"})
    assert debug.returncode == 130
    assert "Traceback" in debug.stderr and "KeyboardInterrupt" in debug.stderr
    assert debug.stderr.splitlines()[-1] == ONE_LINE_NONE


def test_the_entry_point_turns_ctrl_c_outside_a_command_into_the_line(monkeypatch, capsys):
    import signal

    from hyvekit.cli import app

    def stopped(argv=None):
        raise KeyboardInterrupt
    monkeypatch.setattr(app, "run", stopped)
    monkeypatch.setattr("hyvekit.store.storage.locked", [])   # no other test's locks
    monkeypatch.delenv("HYVEKIT_DEBUG", raising=False)
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as info:
            entry.main(["--version"])
    finally:
        signal.signal(signal.SIGINT, handler)       # the entry ignores a second Ctrl-C
    assert info.value.code == 130
    assert capsys.readouterr().err.splitlines() == [ONE_LINE_NONE]


def test_ctrl_c_inside_a_command_in_process(hk, league, monkeypatch):
    from hyvekit.store.campaigns import CampaignStore

    def stopped(self, *args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(CampaignStore, "state", stopped)
    result = hk("beelives", "next", league)
    assert result.returncode == 130 and result.stderr.splitlines() == [ONE_LINE_NONE]


def test_ctrl_c_after_a_write_in_process_wraps_on_an_80_column_terminal(hk, league,
                                                                        monkeypatch):
    from hyvekit.store.campaigns import CampaignStore
    real = CampaignStore.append_many

    def stopped(self, *args, **kwargs):
        real(self, *args, **kwargs)
        raise KeyboardInterrupt
    monkeypatch.setattr(CampaignStore, "append_many", stopped)
    result = hk("campaign", "note", league, "a note", terminal=True, env={"COLUMNS": "80"})
    assert result.returncode == 130
    lines = result.stderr.splitlines()
    assert lines[0].startswith("hyvekit: interrupted: ") and max(map(len, lines)) <= 80
    assert " ".join(result.stderr.split()).endswith(
        "what was stored: hyvekit campaign history league")
    assert "a note" in hk("campaign", "history", league).stdout


# -- a closed pipe ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("beelives", "next", "league"),              # rich tables (rich's own broken-pipe exit)
    ("beelives", "next", "league", "--json"),    # typer.echo (typer's)
    ("campaign", "export", "league"),            # sys.stdout.write: fails as it is flushed
    ("--help",),                                 # typer's help
    ("--version",),
])
def test_output_into_a_closed_pipe_is_quiet_exit_141(hk, league, args):
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    env.pop("HYVEKIT_DEBUG", None)
    child = subprocess.Popen([sys.executable, "-m", "hyvekit", *args], cwd=hk.root, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()                         # the reader is gone before anything is read
    err = child.stderr.read()
    child.stderr.close()
    assert child.wait(timeout=120) == 141, err
    assert err == b""


def test_head_of_a_long_output(hk, league):
    """``hyvekit ... | head -1``, as a shell runs it."""
    script = (f'"{sys.executable}" -m hyvekit beelives next league | head -1; '
              'echo "status ${PIPESTATUS[0]}"')
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    result = subprocess.run(["bash", "-c", script], cwd=hk.root, env=env,
                            capture_output=True, text=True, timeout=120)
    first, status = result.stdout.splitlines()
    assert first.startswith("year 1 March") and result.stderr == ""
    assert status in ("status 141", "status 0")  # 0: all of it fitted before head went


class _ClosedPipe(io.StringIO):
    """A standard output whose reader went away."""

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_standard_output_in_process_is_141_and_says_nothing(hk, league, monkeypatch):
    from hyvekit.cli.app import run
    monkeypatch.setenv("HYVEKIT_CAMPAIGNS", str(hk.campaigns))
    monkeypatch.setenv("COLUMNS", "120")
    for args in (["beelives", "next", league], ["campaign", "export", league],
                 ["campaign", "list"]):
        err = io.StringIO()
        assert run(args, stdout=_ClosedPipe(), stderr=err) == 141, args
        assert err.getvalue() == "", args


def test_a_closed_standard_output_is_141_and_says_nothing(hk, league, monkeypatch):
    from hyvekit.cli.app import run
    monkeypatch.setenv("HYVEKIT_CAMPAIGNS", str(hk.campaigns))
    for args in (["beelives", "next", league], ["campaign", "export", league]):
        closed, err = io.StringIO(), io.StringIO()
        closed.close()
        assert run(args, stdout=closed, stderr=err) == 141, (args, err.getvalue())
        assert err.getvalue() == "", args


def test_no_standard_output_at_all_is_no_internal_error(hk, league):
    """``hyvekit ... >&-``: Python gives the process no ``sys.stdout``; what it prints is
    dropped, as Python drops it, and no command fails for it."""
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    for args in ("campaign export league", "beelives next league", "--version"):
        result = subprocess.run(["bash", "-c", f'"{sys.executable}" -m hyvekit {args} >&-'],
                                cwd=hk.root, env=env, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0 and result.stderr == "", (args, result.stderr)


def test_ctrl_c_as_typer_ends_the_command_is_the_one_line_too(hk, league, monkeypatch):
    """Ctrl-C after the command's work, where typer catches it itself and returns exit code
    130: the same line, not a silent 130."""
    from hyvekit.cli import app as app_module
    monkeypatch.setattr(app_module, "app", lambda **kwargs: 130)
    result = hk("beelives", "next", league)
    assert result.returncode == 130 and result.stderr.splitlines() == [ONE_LINE_NONE]
