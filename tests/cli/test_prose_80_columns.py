"""What commands say in prose (notes, ``next: hyvekit ...`` hints, refusals, what happened,
summaries) reads in an 80-column terminal: no line over 80 characters, the same words as on a
wide terminal, a hint still pasted whole into a shell, an error's first line naming its rule or
field.  (Tables: ``test_80_columns.py``.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from test_80_columns import table_lines

SCENARIO = "A Tuesday game of HYVE with a rather long name"
SCENARIO_ID = "a-tuesday-game-of-hyve-with-a-rather-long-name"
BEEZ = "friday-night-with-a-rather-long-name-for-the-gam"         # an id has 48 characters
HIVE = "friday-hive-with-a-long-name"


def needed(*args: str) -> tuple[tuple[str, ...], bool]:
    """A command the next ones need, itself not checked."""
    return args, False


#: the commands a player uses that print a prose line longer than 80 characters on a wide
#: terminal, each after the commands it needs (``needed``), in order
STEPS = [(args, True) if isinstance(args[0], str) else args for args in [
    ("hyve", "legacy", "new", "Summer run"),                    # the sheet's values are assumed
    ("hyve", "legacy", "new", "Summer run"),                    # ... and its id was taken
    ("hyve", "legacy", "start", "summer-run", "--yes"),         # set up: colours, bread levels
    ("hyve", "legacy", "easy", "summer-run"),
    ("hyve", "legacy", "new", "Lost run"),
    ("hyve", "legacy", "start", "lost-run", "--yes"),
    ("hyve", "legacy", "result", "lost-run", "lost", "--hp-past-start", "0", "--population",
     "3", "--hyves", "1"),                                      # go on in easy mode: COMMAND
    ("hyve", "legacy", "easy", "lost-run", "--cross-out", "2"),
    ("hyve", "legacy", "new", "Example run", "--easy"),
    needed("hyve", "legacy", "shop", "example-run", "--bread", "1", "--bread", "1", "--perk",
           "deep-stores", "--hp", "red:2", "--population", "red:2"),
    needed("hyve", "legacy", "start", "example-run", "--yes"),
    ("hyve", "check", "examples/hyve/legacy-scenario-1.toml", "--run", "example-run"),
    ("hyve", "hp", "--scoring", "wobbly", "--die", "3", "--position", "5", "--lose", "5"),
    ("hyve", "check", "examples/hyve/long-live-the-queen-full.toml"),
    ("hyve", "new", SCENARIO, "--mode", "wasp-war"),
    ("hyve", "do", "--scenario", SCENARIO_ID, "dice 1 2 3 3 5 6"),
    ("beelives", "new", "Spring League with a long name", "-p", "Susan:prolific",
     "-p", "Jeremy:aggressive"),
    ("beelives", "new", "Siege", "-p", "Ann:nomadic", "--solo", "challenge",
     "--challenge", "Under Siege"),
    needed("beelives", "new", "League", "-p", "Susan:prolific", "-p", "Jeremy:aggressive"),
    ("beelives", "log", "league", "examples/beelives/campaign/2p-y1-01-march.toml"),
    ("beelives", "status", "league"),
    ("beelives", "raid-odds", "--bees", "8", "--target-honey", "6", "--defenders", "1",
     "--reroll-below", "5"),
    ("beelives", "wild-turn", "--season", "fall", "--strength", "3", "--tile", "harvest:1"),
    ("beelives", "card", "The Dearth"),
    ("beelives", "check", "examples/beelives/first-month-2p.toml"),
    ("beez", "new", "Friday night with a rather long name for the game", "--players",
     "Martin,Sophie", "--common", "both-4-5-rows,middle-row,colours", "--expert"),
    needed("beez", "do", BEEZ, "fly 5 P w"),     # its hint names no long step now: STEP
    ("beez", "flight", "--facing", "1", "--direction", "3", "--distance", "4"),
    ("beez", "cards"),
    ("beez", "score", "docs/examples/beez-score.toml"),          # its assumption notes
    ("queenbee", "deck", "--players", "5"),                      # the deal, the note on copies
    ("queenbee", "new", "Friday hive with a long name", "--players",
     "annabelle,bobby,cyrus,deedee"),
    ("queenbee", "log", HIVE, "--players", "annabelle,bobby,cyrus", "--winner", "annabelle",
     "--defeated", "cyrus,bobby", "--alliance", "cyrus=annabelle"),
    ("queenbee", "odds", "--attacker", "warrior:2,worker", "--defender", "queen,worker",
     "--card", "strong-sting"),
    ("campaign", "check", "summer-run"),
    ("data", "list"),
    ("data", "copy", "hyve_legacy", "my-legacy-sheets.toml"),
    ("examples",),
    ("demo",),
]]
COMMANDS = [args for args, checked in STEPS if checked]


def _ids(args) -> str:
    return " ".join(a for a in args[:4] if " " not in a)


@pytest.fixture(scope="module")
def narrow(tmp_path_factory, hyvekit_in):
    return hyvekit_in(tmp_path_factory.mktemp("narrow"))


@pytest.fixture(scope="module")
def outputs(narrow, tmp_path_factory, hyvekit_in):
    """Each command's output at 80 and at 250 columns (stderr on a terminal), the commands
    run in order in a folder of each width (``narrow``: 80)."""
    wide = hyvekit_in(tmp_path_factory.mktemp("wide"))
    return {args: (narrow(*args, env={"COLUMNS": "80"}, terminal=True),
                   wide(*args, env={"COLUMNS": "250"}, terminal=True)) for args, _ in STEPS}


def words(text: str) -> list[str]:
    """The words of ``text`` as a reader (or a shell: `` \\`` and a new line join) takes them."""
    return text.replace(" \\\n", " ").split()


def prose_over_80(result) -> list[str]:
    """The lines of ``result`` over 80 characters that are not a table's, nor a single word
    (a path in the test's own temporary folder, which cannot be broken)."""
    tables = set(table_lines(result.stdout))
    return [line for line in (result.stdout + result.stderr).splitlines()
            if len(line) > 80 and line not in tables and set(line.strip()) != {"─"}
            and len(line.split()) > 1]


@pytest.mark.parametrize("args", COMMANDS, ids=_ids)
def test_prose_fits_80_columns_and_says_the_same_words(outputs, args):
    narrow, wide = outputs[args]
    assert narrow.returncode == wide.returncode == 0, narrow.stderr
    long = prose_over_80(wide)
    assert long, "nothing to wrap: this command belongs elsewhere"
    assert prose_over_80(narrow) == []
    said = " ".join(words(narrow.stdout + narrow.stderr))
    for line in long:
        assert " ".join(words(line)) in said, line


def hints(text: str) -> list[str]:
    """The ``next: hyvekit ...`` hints (``or ...:``, ``to log it:``) in ``text``, each with its
    continuation lines."""
    lines, found = text.splitlines(), []
    for i, line in enumerate(lines):
        if re.match(r"\s*(next|or|to log it)\b[^:]*: hyvekit ", line):
            k = i
            while lines[k].endswith(" \\"):
                k += 1
            found.append("\n".join(lines[i:k + 1]))
    return found


def pasted(hint: str) -> list[str]:
    """The words a shell reads from ``hint`` pasted from ``hyvekit`` on."""
    return shlex.split(hint[hint.index("hyvekit "):].replace("\\\n", ""))


HINTED = [("hyve", "check", "examples/hyve/legacy-scenario-1.toml", "--run", "example-run"),
          ("hyve", "new", SCENARIO, "--mode", "wasp-war"),
          ("beelives", "new", "Spring League with a long name", "-p", "Susan:prolific",
           "-p", "Jeremy:aggressive"),
          ("queenbee", "new", "Friday hive with a long name", "--players",
           "annabelle,bobby,cyrus,deedee")]


@pytest.mark.parametrize("args", HINTED, ids=_ids)
def test_a_long_hint_goes_on_with_a_shell_continuation_and_pastes_whole(outputs, narrow, args):
    short, wide = outputs[args]
    given, one_line = hints(short.stdout), hints(wide.stdout)
    assert len(given) == len(one_line) > 0 and any("\\\n" in h for h in given)
    for hint, whole in zip(given, one_line):
        assert max(len(line) for line in hint.splitlines()) <= 80
        assert pasted(hint) == pasted(whole)
        command = pasted(hint)[1:]
        if not any(w.isupper() or w == "MONTH.toml" for w in command):   # no placeholder
            ran = narrow(*command)
            assert ran.returncode == 0, (hint, ran.stderr)


def test_a_step_with_quotes_in_a_hint_is_quoted_for_the_shell():
    from hyvekit.cli.common import command_hint
    hint = command_hint(["beelives", "do", "league"], step='card "A Cold Spike"')
    assert hint == """next: hyvekit beelives do league 'card "A Cold Spike"'"""
    assert pasted(hint)[-1] == 'card "A Cold Spike"'


#: refusals longer than 80 columns, each with the rule or field its first line names
ERRORS = [(("hyve", "honey", "--hp-past-start", "7", "--population", "12", "--hyves", "4",
            "--claimed", "9"), "rule: Hyve Legacy: Gaining Honey:"),
          (("hyve", "do", "--scenario", SCENARIO_ID, "bogus step"), "bad input: step:"),
          (("beelives", "do", "league", "bogus"), "bad input: swarm:"),
          (("hyve", "legacy", "shop", "summer-run-2", "--perk", "deep-stoers"),
           "bad input: --perk:"),
          (("print", "pad", "beelives", "--paper", "a5"), "bad input: --paper:"),  # typer's
          (("campaign", "show", "nothing-here"), "campaign record: no campaign")]


@pytest.mark.parametrize("args, named", ERRORS, ids=lambda a: _ids(a) if isinstance(a, tuple)
                         else None)
def test_a_refusal_on_a_terminal_wraps_under_the_line_naming_its_rule(outputs, narrow, args,
                                                                     named):
    """On a terminal; into a file or a pipe it stays the one line scripts read."""
    logged = narrow(*args, env={"COLUMNS": "80"})              # stderr into a file or a pipe
    shown = narrow(*args, env={"COLUMNS": "80"}, terminal=True)
    assert logged.returncode == shown.returncode in (1, 2)
    assert len(logged.stderr.splitlines()) == 1 and len(logged.stderr) > 81
    lines = shown.stderr.splitlines()
    assert lines[0].startswith(f"hyvekit: {named}")
    assert all(len(line) <= 80 for line in lines) and len(lines) > 1
    assert all(line.startswith("  ") for line in lines[1:])
    assert words(shown.stderr) == words(logged.stderr)


def test_a_command_named_in_a_refusal_stays_on_one_line(hk):
    assert hk("hyve", "legacy", "new", "Courier run").returncode == 0
    assert hk("hyve", "legacy", "start", "courier-run", "--yes").returncode == 0
    assert hk("hyve", "legacy", "courier", "courier-run", "wild").returncode == 0
    r = hk("hyve", "do", "courier-run", "roll", env={"COLUMNS": "80"}, terminal=True)
    assert r.returncode == 1 and max(len(line) for line in r.stderr.splitlines()) <= 80
    assert any(line.strip() == "hyvekit campaign undo courier-run --to 1)"
               for line in r.stderr.splitlines()), r.stderr


def test_a_refusal_keeps_its_whole_field_on_the_first_line(hk, tmp_path):
    legal = (Path(__file__).resolve().parents[2] / "examples" / "hyve"
             / "standard-legal.toml").read_text()
    path = tmp_path / ("a-turn-record-kept-in-a-folder-with-a-long-name" * 2) / "bad.toml"
    path.parent.mkdir()
    path.write_text(legal.replace("dice = [4, 4, 2, 2, 3, 1, 5, 6, 6]", 'dice = [4, 4, 2, "x"]'))
    r = hk("hyve", "check", str(path), env={"COLUMNS": "80"}, terminal=True)
    assert r.returncode == 2
    first = r.stderr.splitlines()[0]
    assert first.startswith(f"hyvekit: bad input: {path} line ") and first.endswith(
        ": turn 2 dice:"), r.stderr
