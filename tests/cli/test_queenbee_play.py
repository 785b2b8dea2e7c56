"""``hyvekit queenbee play``: the full-screen session driven with Textual's Pilot — a 2-player
match's first Sting typed step by step to a battle, its dice rolled by ctrl+r and the battle
shown with its odds, an undo, refused steps shown in the screen; the board as text; the
command outside a terminal; Textual loaded by this command only."""

from __future__ import annotations

import asyncio
import io
import re
import subprocess
import sys

import pytest
from textual.widgets import Input, RichLog, Static

from hyvekit.cli.queenbee_play import QueenBeeSession, bees_text, board_lines
from hyvekit.cli.queenbee_play_app import QueenBeePlayApp
from hyvekit.games import campaign_store
from hyvekit.rules.common import IllegalActionError

MATCH = "friday"


@pytest.fixture()
def match(hk):
    result = hk("queenbee", "new", "Friday", "-p", "ann", "-p", "bob")
    assert result.returncode == 0, result.stderr
    return hk


def _steps(hk) -> list[str]:
    """The active step events of the match, as stored."""
    return [e["data"]["do"] for e in campaign_store(hk.campaigns).load(MATCH).active
            if e["type"] == "step"]


def _text(app, selector: str) -> str:
    """What a part of the screen shows, as plain text."""
    from rich.console import Console
    out = Console(width=110, file=io.StringIO(), record=True)
    out.print(app.query_one(selector, Static).content)
    return out.export_text()


def _log(app) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)


def test_a_sting_is_played_to_a_battle_in_the_screen_with_an_undo(match):
    session = QueenBeeSession(match.campaigns, MATCH, seed=5)
    app = QueenBeePlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(110, 50)) as pilot:
            step = app.query_one("#step", Input)
            table = _text(app, "#table")
            assert "hive 1 · ann" in table and "hive 4 · bob" in table
            assert "ann's turn" in app.query_one("#table").border_title
            assert "ann's turn 1" in _text(app, "#due")
            # a step against the rules: shown in the screen, nothing stored, the line kept
            await pilot.press(*"swarm H1a", "enter")
            error = _text(app, "#error")
            assert app.query_one("#error").has_class("shown") and "B. Swarm" in error
            assert "holds 2 warriors" in error
            assert step.value == "swarm H1a" and _steps(match) == []
            step.value = ""
            # two letters, Tab takes the completion; Enter stores it
            await pilot.press("s", "t", "tab")
            assert step.value == "sting"
            await pilot.press("enter")
            assert step.value == "" and _steps(match) == ["sting"]
            assert not app.query_one("#error").has_class("shown")
            # undo: the step taken back, the same decision due again
            await pilot.press("ctrl+z")
            assert _steps(match) == [] and "undone: sting" in _log(app)
            assert session.data["decision"] == "action"
            # the worker through the tunnels to the centre and on, then the attack
            for typed in ("sting", "move worker E1a V4", "attack V4 E4a"):
                step.value = typed
                await pilot.press("enter")
                assert not app.query_one("#error").has_class("shown"), _text(app, "#error")
            assert _steps(match) == ["sting", "move worker E1a V4", "attack V4 E4a"]
            table = _text(app, "#table")
            assert "battle on E4a: ann (1 worker) against bob (2 workers)" in table
            assert "the attack succeeds" in table
            assert "outside the hives: V4 1w" in table      # the worker outside the hives
            # every card window passed, the dice rolled by ctrl+r, until the battle is over
            for _ in range(30):
                data = session.data
                if data["table"]["phase"] != "battle":
                    break
                if data["decision"] == "dice":
                    await pilot.press("ctrl+r")
                else:           # no card played, no re-roll, the defeat accepted
                    step.value = next(o for o in data["legal"]
                                      if o in ("pass", "keep", "accept") or
                                      o.startswith("occupy"))
                    await pilot.press("enter")
                assert not app.query_one("#error").has_class("shown"), _text(app, "#error")
            rolls = [s for s in _steps(match) if re.fullmatch(r"[by]\d(,[by]\d)*", s)]
            assert len(rolls) >= 2 and "battle on" not in _text(app, "#table"), _steps(match)
            loser = re.search(r"^  (ann|bob) removes \d+ \w+$", _log(app), re.M)
            assert loser and f"{loser.group(1)} draws a card" in _log(app), _log(app)
            bees = {p["name"]: p["bees"] for p in session.data["table"]["players"]}
            assert bees[loser.group(1)] < 15 and sum(bees.values()) < 30
            await pilot.press(*"q", "enter")
        assert app.return_code == 0

    asyncio.run(drive())


def test_roll_with_no_die_due_hint_and_undo_with_nothing_to_undo_are_shown(match):
    app = QueenBeePlayApp(QueenBeeSession(match.campaigns, MATCH, seed=1))

    async def drive() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("ctrl+r")
            assert "no die is due" in _text(app, "#error")
            await pilot.press("ctrl+z")
            assert "no active event to undo" in _text(app, "#error")
            await pilot.press("?", "enter")
            assert "does not play Queen Bee" in _text(app, "#error")
            assert "hint" not in [b.action for b in app.BINDINGS]

    asyncio.run(drive())
    assert _steps(match) == []


def test_a_step_after_another_command_changed_the_record_is_refused(match):
    session = QueenBeeSession(match.campaigns, MATCH, seed=1)
    assert match("queenbee", "do", MATCH, "sting").returncode == 0
    with pytest.raises(IllegalActionError, match="changed outside this screen"):
        session.step("flight")
    assert session.data["decision"] == "sting"          # the table read again
    session.step("move worker E1a V4")
    assert _steps(match) == ["sting", "move worker E1a V4"]


def test_the_board_text_shows_every_hive_and_the_bees_by_kind(match):
    session = QueenBeeSession(match.campaigns, MATCH)
    lines = [line.plain for line in board_lines(session.state, 100)]
    text = "\n".join(lines)
    assert "hive 1 · ann" in text and "hive 4 · bob" in text
    assert "N1   Q" in text and "H1b° 3W" in text and "H1d  3w" in text
    assert "N4   Q" in text and "H4a° 2W" in text and "E4b  2w" in text
    assert "hives 2, 3, 5, 6: no player, no bee" in text and "N2" not in text
    assert "outside the hives: no bees" in text
    assert max(len(line) for line in lines) <= 100
    assert len(board_lines(session.state, 40)) > len(lines)      # one hive across when narrow
    session.step("sting")                                   # a bee into a hive nobody has
    session.step("move worker E1b E2a")
    text = "\n".join(line.plain for line in board_lines(session.state, 100))
    assert re.search(r"hive 2 +hive 4 · bob", text) and "E2a  1w" in text
    assert "hives 3, 5, 6: no player, no bee" in text
    from collections import Counter
    assert bees_text(Counter({"worker": 2, "queen": 1, "warrior": 1})) == "Q1W2w"


def test_play_needs_a_terminal_and_a_match(match):
    result = match("queenbee", "play", MATCH)
    assert result.returncode == 2 and "queenbee next" in result.stderr
    result = match("queenbee", "play", "no-such-match")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    r = match("queenbee", "play", "--help")
    assert r.returncode == 0 and "hyvekit queenbee play friday" in r.stdout


def test_textual_is_not_imported_by_queenbee_play_help(tmp_path):
    code = ("import sys\nfrom hyvekit.cli.entry import main\n"
            "try:\n    main(['queenbee', 'play', '--help'])\nexcept SystemExit:\n    pass\n"
            "print('TEXTUAL', [m for m in sys.modules if m.startswith('textual')],"
            " file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                            text=True, cwd=tmp_path, env={"HYVEKIT_CAMPAIGNS": str(tmp_path),
                                                          "PATH": "/usr/bin:/bin"})
    assert "TEXTUAL []" in result.stderr, result.stderr


def test_an_80_by_24_terminal_shows_every_hive_in_play_and_the_decision(hk):
    assert hk("queenbee", "new", "Three", "-p", "ann", "-p", "bob", "-p", "cy").returncode == 0
    app = QueenBeePlayApp(QueenBeeSession(hk.campaigns, "three", seed=1))

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = _text(app, "#table")
            assert re.search(r"hive 1 · ann +hive 3 · bob +hive 5 · cy", table)  # one row
            assert "E5b  2w" in table and "hives 2, 4, 6: no player, no bee" in table
            assert app.query_one("#due-box").region.height >= 3
            assert "flight" in _text(app, "#due")

    asyncio.run(drive())


def test_the_step_that_ends_the_match_says_so_and_how_to_log_it(hk):
    """The last queen standing: the log says who won, how to log the match into a match log
    and its BG Stats link, as ``do`` offers it; the screen then has no decision."""
    from queenbee_random import random_match_steps

    from hyvekit.games.table import apply_steps, table_game
    assert hk("queenbee", "new", "Duel", "-p", "ann", "-p", "bob").returncode == 0
    steps = random_match_steps(hk.campaigns, "duel", seed=2)
    apply_steps(campaign_store(hk.campaigns), "duel", steps[:-1],
                game=table_game("queenbee", "match"), forced=False)     # the last one left
    session = QueenBeeSession(hk.campaigns, "duel", seed=2)
    happened = session.step(steps[-1])
    kinds = dict((kind, line) for kind, line in happened if kind in ("month", "info"))
    assert session.data["decision"] is None and "wins" in kinds["month"]
    lines = [line for _, line in happened]
    assert "log it in a match log: hyvekit queenbee log-match GROUP duel" in lines
    assert any("hyvekit stats link duel" in line for line in lines)
