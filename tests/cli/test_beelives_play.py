"""``hyvekit beelives play``: the full-screen session driven with Textual's Pilot — a whole
first month of a two-player campaign typed and stored step by step, an undo, refused steps
shown in the screen; the command outside a terminal; Textual loaded by this command only."""

from __future__ import annotations

import asyncio
import io
import random
import subprocess
import sys

import pytest
from textual.widgets import Input, RichLog, Static

from hyvekit.cli.beelives_session import PlaySession
from hyvekit.cli.beelives_play_app import LegalSuggester, PlayApp
from hyvekit.games import campaign_store
from hyvekit.rules.common import IllegalActionError

CAMPAIGN = "spring-league"


@pytest.fixture()
def league(hk):
    result = hk("beelives", "new", "Spring League", "--player", "Susan:prolific",
                "--player", "Jeremy:aggressive")
    assert result.returncode == 0, result.stderr
    return hk


def _steps(hk) -> list[str]:
    """The active step events of the campaign, as stored."""
    return [e["data"]["do"] for e in campaign_store(hk.campaigns).load(CAMPAIGN).active
            if e["type"] == "step"]


def _text(app: PlayApp, selector: str) -> str:
    """What a part of the screen shows, as plain text."""
    from rich.console import Console
    out = Console(width=100, file=io.StringIO(), record=True)
    out.print(app.query_one(selector, Static).content)
    return out.export_text()


def _log(app: PlayApp) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)


async def _type(pilot, text: str) -> None:
    await pilot.press(*text, "enter")


def test_a_whole_first_month_is_played_in_the_screen_with_one_undo(league):
    session = PlaySession(league.campaigns, CAMPAIGN, seed=7)
    app = PlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(100, 34)) as pilot:
            step = app.query_one("#step", Input)
            assert "Event Phase" in _text(app, "#table") and "draw" in _text(app, "#due")
            # the card: two letters, Tab takes the completion
            await pilot.press("d", "r", "tab")
            assert step.value == "draw"
            await pilot.press("enter")
            assert step.value == "" and len(_steps(league)) == 1
            assert _log(app).startswith("card ")
            # a step against the rules: shown in the screen, nothing stored, the line kept
            await _type(pilot, "raid Nobody 9")
            assert "bad input" in _text(app, "#error") or "rule" in _text(app, "#error")
            assert app.query_one("#error").has_class("shown")
            assert step.value == "raid Nobody 9" and len(_steps(league)) == 1
            step.value = ""
            # the first action typed key by key, completed case-insensitively
            first = session.data["legal"][0]
            assert first.startswith("Susan: ")
            await pilot.press(*first.split(": ", 1)[1][:4].upper(), "tab")
            assert step.value == first.split(": ", 1)[1]
            await pilot.press("enter")
            assert not app.query_one("#error").has_class("shown")
            stored = _steps(league)
            assert stored[-1] == first and len(stored) == 2
            # undo: exactly that step is reverted, the same decision is due again
            await pilot.press("ctrl+z")
            assert _steps(league) == stored[:-1]
            assert session.data["actor"] == "Susan" and first in session.data["legal"]
            assert f"undone: {first}" in _log(app)
            # every other step until the month is played: the dice by ctrl+r, the rest the
            # first legal option (typed in the line)
            for _ in range(200):
                if session.state.months:
                    break
                data = session.data
                if data["decision"] == "dice":
                    await pilot.press("ctrl+r")
                else:
                    step.value = data["legal"][0]
                    await pilot.press("enter")
                assert not app.query_one("#error").has_class("shown"), _text(app, "#error")
            assert "March of year 1 is played" in _log(app)
            assert "April" in app.query_one("#table").border_title
            await _type(pilot, "q")
        assert app.return_code == 0

    asyncio.run(drive())
    record, state = campaign_store(league.campaigns).state(CAMPAIGN)
    assert len(state.months) == 1 and state.months[0].summary["month"] == "March"
    steps = _steps(league)
    assert steps[0].startswith("card ") and steps[1].startswith("Susan: ")
    reverted = [e for e in record.events if e.get("status") != "active"]
    assert [e["data"]["do"] for e in reverted] == [steps[1]]     # undone, then made again


def _until_forced(hk, seed: int, most: int = 60):
    """A map game played at random (seeded) until a step after which hyvekit played a wild
    hive's forced line: ``(session, the active events' seqs before that step, what happened,
    the prompt of its decision)``, or None."""
    cid = f"map-{seed}"
    assert hk("beelives", "new", cid, "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
              "--map").returncode == 0
    session, rng = PlaySession(hk.campaigns, cid, seed=seed), random.Random(seed)
    for _ in range(most):
        data = session.data
        if data["decision"] is None:
            return None
        before = [e["seq"] for e in campaign_store(hk.campaigns).load(cid).active]
        step = {"card": "draw", "dice": "roll"}.get(data["decision"]) or rng.choice(
            data["legal"])
        happened = session.step(step)
        if any(kind == "auto" for kind, _ in happened):
            return session, before, happened, data["prompt"]
    return None


def test_undo_takes_back_the_step_with_the_wild_hives_forced_lines_after_it(hk):
    """On the map a wild hive's chart often leaves one line: hyvekit plays it after the step
    that made it due, and undo takes back both (what is due again is the step's decision)."""
    found = next(filter(None, (_until_forced(hk, seed) for seed in (1, 6, 2))), None)
    assert found, "no wild hive's forced line in the games played"
    session, before, happened, prompt = found
    stored = [e["data"]["do"] for e in campaign_store(hk.campaigns).load(session.id).active]
    typed = [line for kind, line in happened if kind == "step"]
    undone = session.undo()
    assert [e["seq"] for e in campaign_store(hk.campaigns).load(session.id).active] == before
    assert undone == stored[len(before):][::-1] and len(undone) >= 2
    assert len(typed) == 1 and typed[0].startswith(undone[-1])
    assert session.data["prompt"] == prompt


def test_a_step_after_another_command_changed_the_record_is_refused_and_the_table_read(league):
    session = PlaySession(league.campaigns, CAMPAIGN, seed=3)
    assert league("beelives", "do", CAMPAIGN, "draw").returncode == 0   # another terminal
    with pytest.raises(IllegalActionError, match="changed outside this screen"):
        session.step("draw")
    assert len(_steps(league)) == 1 and session.data["decision"] == "action"
    session.step(session.data["legal"][0])                               # now it goes on
    assert len(_steps(league)) == 2


def test_undo_refuses_an_event_that_is_not_a_step(hk):
    assert hk("beelives", "new", "Solo", "-p", "Ann:prolific", "--solo", "challenge",
              "--challenge", "random", "--seed", "1").returncode == 0
    session = PlaySession(hk.campaigns, "solo")
    with pytest.raises(IllegalActionError, match="campaign undo solo"):
        session.undo()
    assert len(campaign_store(hk.campaigns).load("solo").active) == 1


def test_roll_with_no_die_due_and_undo_with_nothing_to_undo_are_shown_not_raised(league):
    app = PlayApp(PlaySession(league.campaigns, CAMPAIGN, seed=1))

    async def drive() -> None:
        async with app.run_test() as pilot:
            await pilot.press("ctrl+r")
            assert "no die is due" in _text(app, "#error")
            await pilot.press("ctrl+z")
            assert "campaign record" in _text(app, "#error")
            await _type(pilot, "u")                   # undo typed on the line: the same
            assert "campaign record" in _text(app, "#error")
            await pilot.press("ctrl+q")
        assert app.return_code == 0

    asyncio.run(drive())
    assert _steps(league) == []


def test_the_step_line_completes_the_legal_options_with_or_without_the_actor(league):
    session = PlaySession(league.campaigns, CAMPAIGN, seed=2)
    session.step("draw")
    suggester = LegalSuggester(session)
    suggester.refresh()
    assert asyncio.run(suggester.get_suggestion("forage ha")) == "forage harvest 0"
    assert asyncio.run(suggester.get_suggestion("susan: sc")) == "Susan: scout bloom"
    assert asyncio.run(suggester.get_suggestion("zzz")) is None


def test_play_needs_a_terminal_and_a_campaign(league):
    result = league("beelives", "play", CAMPAIGN)
    assert result.returncode == 2 and "beelives next" in result.stderr
    result = league("beelives", "play", "no-such-league")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_textual_is_imported_by_the_play_command_only(tmp_path):
    code = ("import sys\nfrom hyvekit.cli.entry import main\n"
            "for args in (['--version'], ['--help'], ['beelives', 'play', '--help'],\n             ['hyve', 'play', '--help']):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print('TEXTUAL', [m for m in sys.modules if m.startswith('textual')],"
            " file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                            text=True,
                            cwd=tmp_path, env={"HYVEKIT_CAMPAIGNS": str(tmp_path),
                                               "PATH": "/usr/bin:/bin"})
    assert "TEXTUAL []" in result.stderr, result.stderr


def test_a_game_on_the_map_shows_its_map_in_the_screen(hk):
    r = hk("beelives", "new", "Map", "-p", "Ann:nomadic", "-p", "Bo:prolific", "--map")
    assert r.returncode == 0, r.stderr
    assert hk("beelives", "do", "map", 'card "Beginning of the Flow"').returncode == 0
    app = PlayApp(PlaySession(hk.campaigns, "map", seed=1))

    async def drive() -> None:
        async with app.run_test(size=(100, 40)):
            shown = _text(app, "#table")
            assert "map (q,r)" in shown and "B0,0 1" in shown and "B24,0 2" in shown

    asyncio.run(drive())


def test_ctrl_c_quits_the_session_keeping_every_step(league):
    """Ctrl-C ends ``play`` as q does (Textual would only show a hint), the step made kept."""
    app = PlayApp(PlaySession(league.campaigns, CAMPAIGN, seed=1))

    async def drive() -> None:
        async with app.run_test() as pilot:
            await _type(pilot, 'card "First Bloom"')
            await pilot.press("enter")
            await pilot.press("ctrl+c")
            await pilot.pause()
        assert app.return_code == 0 and not app.is_running

    asyncio.run(drive())
    assert _steps(league) == ['card "First Bloom"']


def test_the_option_the_step_line_completes_to_is_shown_with_its_preview(league):
    """Beside the step line: what the option typed (or the one it begins) would change, as
    ``next --json``'s ``preview`` gives it; nothing for a draw, which has no preview."""
    session = PlaySession(league.campaigns, CAMPAIGN, seed=7)
    app = PlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.press(*"draw")
            await pilot.pause()
            assert not app.query_one("#preview").has_class("shown")     # a draw: no preview
            await pilot.press("ctrl+u")
            await _type(pilot, 'card "Beginning of the Flow"')
            await pilot.pause()
            await pilot.press(*"defend 2")
            await pilot.pause()
            option = next(o for o in session.data["legal"] if o.endswith(": defend 2"))
            assert session.data["preview"][option] == "Susan: free bees 3→1"
            assert _text(app, "#preview").strip() == "if played: defend 2 — free bees 3→1"
            assert app.query_one("#preview").has_class("shown")

    asyncio.run(drive())
