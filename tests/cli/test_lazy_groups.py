"""hyvekit/cli/app.py makes a command group when the command line names it: a Bee Lives
command imports no other game's commands, no printing code and no pydantic; ``--help`` lists
every group, in order.  A plain Bee Lives game imports none of the solo cards' modules."""

from __future__ import annotations

import re
import subprocess
import sys

import typer.main

from hyvekit.cli import app as app_module

ORDER = ["continue", "demo", "examples", "serve", "campaign", "hyve", "beelives", "beez", "queenbee", "print",
         "data", "stats"]


def _modules_after(args, tmp_path, env=None) -> set[str]:
    code = ("import sys\nfrom hyvekit.cli.entry import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
            "print('MODULES', ' '.join(sorted(sys.modules)), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=tmp_path, env={"HYVEKIT_CAMPAIGNS": str(tmp_path),
                                               "PATH": "/usr/bin:/bin", **(env or {})})
    line = next(x for x in result.stderr.splitlines() if x.startswith("MODULES "))
    return set(line.split()[1:])


def test_a_bee_lives_command_loads_only_the_bee_lives_commands(hk, tmp_path):
    assert hk("beelives", "new", "League", "-p", "Ann:nomadic", "-p", "Bo:prolific"
              ).returncode == 0
    modules = _modules_after(["--campaigns-dir", str(hk.campaigns), "beelives", "next",
                              "league"], tmp_path)
    assert "hyvekit.cli.beelives_table" in modules
    unwanted = [m for m in ("hyvekit.cli.hyve", "hyvekit.cli.printing", "hyvekit.cli.beez",
                            "hyvekit.cli.queenbee", "hyvekit.cli.data", "hyvekit.cli.demo",
                            "hyvekit.render.catalogue", "hyvekit.rules.hyve", "pydantic")
                if m in modules]
    assert unwanted == []


#: the solo cards' modules, the raids and the winter's scoring (hyvekit.rules.beelives)
SOLO_AND_LATER = ("solo", "solo_cards", "solo_goals", "solofacts", "zombees", "haunted_hives",
                  "under_siege", "wildfire", "three_generations", "raids", "winter", "endgame")


def test_a_plain_game_imports_no_solo_card_module(hk, tmp_path):
    """``status`` and ``next`` of a two-player game import neither the solo cards (their
    modules, their file) nor the raids or the winter; ``status`` no month sequencer either."""
    assert hk("beelives", "new", "League", "-p", "Ann:nomadic", "-p", "Bo:prolific"
              ).returncode == 0
    status, next_ = (_modules_after(["--campaigns-dir", str(hk.campaigns), "beelives", command,
                                     "league"], tmp_path) for command in ("status", "next"))
    assert "hyvekit.rules.beelives.campaign" in status
    assert "hyvekit.rules.beelives.engine" in next_
    for modules in (status, next_):
        assert [m for m in SOLO_AND_LATER if f"hyvekit.rules.beelives.{m}" in modules] == []
    assert [m for m in ("game", "engine", "month_phases", "player_turns", "campaign_month")
            if f"hyvekit.rules.beelives.{m}" in status] == []


def test_version_loads_no_command_group(tmp_path):
    modules = _modules_after(["--version"], tmp_path)
    assert not [m for m in modules if m.startswith("hyvekit.cli.") and m not in (
        "hyvekit.cli.app", "hyvekit.cli.common", "hyvekit.cli.entry", "hyvekit.cli.exits",
        "hyvekit.cli.typer_patches")]


def test_the_entry_point_imports_nothing_before_it_guards_the_app():
    """``cli/entry.py`` catches Ctrl-C around the import of the app: it imports nothing of
    hyvekit or typer itself (only its exit codes and lines, ``cli/exits.py``, os and sys only)."""
    code = ("import sys\nbefore = set(sys.modules)\nimport hyvekit.cli.entry\n"
            "print(' '.join(sorted(set(sys.modules) - before)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert set(result.stdout.split()) <= {"hyvekit", "hyvekit.cli", "hyvekit.cli.entry",
                                          "hyvekit.cli.exits"}


def test_help_lists_every_group_in_order(hk):
    out = hk("--help", env={"COLUMNS": "100"}).stdout
    listed = re.findall(r"^│ (\w+) ", out.split("Commands")[1], re.M)
    assert listed == ORDER


def test_the_root_group_makes_each_command_once_and_knows_no_other():
    root = typer.main.get_command(app_module.app)
    assert list(root.commands) == ORDER
    assert root.get_command(None, "beelives") is root.get_command(None, "beelives")
    assert root.get_command(None, "nope") is None
    assert {"play", "next", "do", "export-month", "new", "log"} <= set(
        root.get_command(None, "beelives").commands)


def test_a_number_given_is_still_checked(hk):
    result = hk("beelives", "new", "X", "-p", "Ann:nomadic", "--years", "7")
    assert result.returncode == 2 and "--years: got '7', expected at most 3" in result.stderr
    result = hk("beelives", "do", "x", "draw", "--seed", "x")
    assert result.returncode == 2 and "--seed: got 'x', expected a whole number" in result.stderr


def test_shell_completion_finds_the_lazy_groups_their_commands_and_options(hk):
    """``hyvekit --install-completion`` installs what these answer: the groups are made when
    completion looks them up, like any other command line (README: Shell completion)."""
    def complete(*words):
        r = hk(env={"_HYVEKIT_COMPLETE": "complete_bash", "COMP_WORDS": " ".join(words),
                    "COMP_CWORD": str(len(words) - 1)})
        assert r.returncode == 0, r.stderr
        return r.stdout.split()

    assert complete("hyvekit", "bee") == ["beelives", "beez"]
    assert complete("hyvekit", "hyve", "leg") == ["legacy"]
    assert "shop" in complete("hyvekit", "hyve", "legacy", "")
    assert complete("hyvekit", "hyve", "legacy", "shop", "run", "--pe") == ["--perk"]
    assert "--install-completion" in hk("--help").stdout


def test_a_file_argument_needs_no_pydantic(tmp_path):
    """A path asking for none of typer's checks is taken as ``Path(value)`` (no pydantic
    TypeAdapter: a third of a small command's start-up)."""
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "hyve" / "standard-legal.toml"
    modules = _modules_after(["hyve", "check", str(example)], tmp_path)
    assert "hyvekit.rules.hyve.record" in modules and "pydantic" not in modules


def test_a_number_option_needs_no_pydantic_and_reads_the_same_when_refused(tmp_path, hk):
    modules = _modules_after(["hyve", "honey", "--hp-past-start", "7", "--population", "12",
                              "--hyves", "4"], tmp_path)
    assert "pydantic" not in modules
    r = hk("beelives", "export-month", "league", "0")
    assert r.returncode == 2 and "N: got '0', expected at least 1" in r.stderr
    r = hk("queenbee", "deck", "--players", "x")
    assert r.returncode == 2 and "--players: got 'x', expected a whole number" in r.stderr


def test_a_print_takes_its_paper_flags_and_checked_paths_without_pydantic(tmp_path, hk):
    """A choice of an enum (in any case), a flag and a path whose checks hold are taken
    without pydantic; a refused one reads as typer's check words it."""
    (tmp_path / "mine").mkdir()
    modules = _modules_after(["--campaigns-dir", str(tmp_path / "records"),
                              "print", "pad", "beelives", "--paper", "LETTER", "--ink-saver",
                              "--templates", str(tmp_path / "mine"),
                              "--out", str(tmp_path / "out" / "pad.pdf")], tmp_path)
    assert "hyvekit.render.pdf" in modules and "pydantic" not in modules
    from pypdf import PdfReader
    box = PdfReader(tmp_path / "out" / "pad.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)   # Letter
    r = hk("print", "pad", "beelives", "--paper", "lettr")
    assert r.returncode == 2 and "--paper: got 'lettr', expected one of a4, letter" in r.stderr
    r = hk("print", "pad", "beelives", "--out", str(tmp_path / "mine"))
    assert r.returncode == 2 and "is a directory" in r.stderr
    r = hk("print", "pad", "beelives", "--templates", str(tmp_path / "absent"))
    assert r.returncode == 2 and "does not exist" in r.stderr


def test_a_step_at_the_table_imports_no_file_lock_library(hk, tmp_path):
    """The record's lock is hyvekit's own (``storage.RecordLock``), and a step reads the kept
    state without tinydb."""
    assert hk("beelives", "new", "League", "-p", "Ann:nomadic", "-p", "Bo:prolific"
              ).returncode == 0
    modules = _modules_after(["--campaigns-dir", str(hk.campaigns), "beelives", "do",
                              "league", "draw"], tmp_path)
    assert "hyvekit.store.storage" in modules
    assert [m for m in ("filelock", "tinydb") if m in modules] == []


def test_a_step_with_its_state_kept_reads_no_toml(hk, tmp_path):
    """The game's components come with the kept state: a step after the first reads no TOML
    file and imports no TOML reader (issue 39: nothing imported that a step does not use);
    the first step, with no state kept, reads the packaged board."""
    assert hk("beelives", "new", "League", "-p", "Ann:nomadic", "-p", "Bo:prolific"
              ).returncode == 0
    cache = {"HYVEKIT_CACHE": str(tmp_path / "cache")}
    first, then = (_modules_after(["--campaigns-dir", str(hk.campaigns), "beelives",
                                   *command], tmp_path, cache)
                   for command in (("do", "league", "draw"), ("next", "league")))
    assert "tomllib" in first and "hyvekit.store.states" in then
    assert "tomllib" not in then


def test_a_group_makes_only_the_commands_looked_up():
    """``beelives do`` makes the ``do`` command alone (typer would read every command's
    parameters first); ``--help`` of the group still lists them all, in typer's order."""
    from hyvekit.cli import app as fresh
    group = fresh._group("beelives")
    holder = typer.Typer()
    holder.add_typer(sys.modules["hyvekit.cli.beelives"].app, name="beelives")
    eager = typer.main.get_group_from_info(holder.registered_groups[0],
                                           pretty_exceptions_short=True, rich_markup_mode="rich",
                                           suggest_commands=True)
    assert list(group.commands) == list(eager.commands)
    assert {"do", "next", "play"} <= set(group.commands)
    assert group.commands._made == {}
    do = group.get_command(None, "do")
    assert do.name == "do" and group.get_command(None, "do") is do
    assert set(group.commands._made) == {"do"}
    legacy = fresh._group("hyve").get_command(None, "legacy")
    assert "shop" in legacy.commands and legacy.get_command(None, "shop").name == "shop"


def test_names_are_printed_as_given_not_as_emoji(hk):
    assert hk("beelives", "new", "Spring :bee: league", "-p", "Ann:nomadic").returncode == 0
    listed = hk("campaign", "list", env={"COLUMNS": "120"})
    assert "Spring :bee: league" in listed.stdout and "\N{HONEYBEE}" not in listed.stdout
