"""``hyvekit hyve play``: the full-screen session driven with Textual's Pilot — a whole standard
scenario of a legacy run typed step by step until its result is in the ledger, a whole scenario
outside a run played by a seeded chooser with the mouse on the hexes, a hex chosen with the
keys, an undo, refused steps shown in the screen; the command outside a terminal; Textual
loaded by this command only."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from textual.widgets import Input, RichLog

from hyvekit.cli.hyve_grid import colour_styles, hex_at, hex_offset, rich_colour
from hyvekit.cli.hyve_play import PlaySession, step_hex
from hyvekit.cli.hyve_play_app import HyvePlayApp, HyveView
from hyvekit.games import campaign_store
from hyvekit.rules.common import IllegalActionError

from test_beelives_play import _log, _text
from test_hyve_table_cli import EXAMPLE, _example_steps, _setup_run

SIZE = (112, 40)
#: a seed whose scenario played at random is short and has nectar and larva to place
SEED = 37


def _steps(hk, cid: str) -> list[str]:
    """The active step events of the record, as stored."""
    return [e["data"]["do"] for e in campaign_store(hk.campaigns).load(cid).active
            if e["type"] == "step"]


def _error(app: HyvePlayApp) -> str:
    return _text(app, "#error") if app.query_one("#error").has_class("shown") else ""


def _border(name: str) -> tuple[int, int]:
    """Where hex ``name`` is in its hyve's widget (its content is inside a 1-cell border)."""
    x, y = hex_offset(name)
    return x + 1, y + 1


async def _click_hex(pilot, hyve: int, name: str) -> None:
    await pilot.click(f"#hyve-{hyve}", offset=_border(name))


def _next(hk, *where) -> dict:
    r = hk("hyve", "next", *where, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_a_whole_legacy_scenario_is_played_in_the_screen_and_its_result_logged(hk,
                                                                              monkeypatch):
    """The example's standard scenario typed step by step (the dice as their faces), then the
    Easy Mode cross-out: the ledger then holds what 'hyve legacy play' of the example logs.
    Every step is typed as the example stores it, a single-option one too
    (``HYVEKIT_ASK_FORCED``)."""
    monkeypatch.setenv("HYVEKIT_ASK_FORCED", "1")
    played = _setup_run(hk, "Played")
    assert hk("hyve", "legacy", "play", played, str(EXAMPLE), "--cross-out", "2"
              ).returncode == 0
    run = _setup_run(hk, "Table")
    steps = _example_steps(hk, run) + ["cross-out 2"]
    session = PlaySession(hk.campaigns, run, seed=1)
    app = HyvePlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            line = app.query_one("#step", Input)
            assert "turn 1 of" in _text(app, "#head") and "roll" in _text(app, "#due")
            assert "hyve 1 (active)" in app.query_one("#hyve-1", HyveView).border_title
            for k, step in enumerate(steps):
                assert step in session.data["legal"] or step.startswith("dice"), (k, step)
                line.value = step
                await pilot.press("enter")
                assert not _error(app), (k, step, _error(app))
                assert line.value == ""
            assert session.data["decision"] is None and session.ended
            assert "honey" in _text(app, "#due") and "honey" in _log(app)
            await pilot.press("ctrl+r")                        # nothing more to roll
            assert "no die is due" in _error(app)
            await pilot.press(*"q", "enter")
        assert app.return_code == 0

    asyncio.run(drive())
    assert _steps(hk, run) == steps
    a = json.loads(hk("hyve", "legacy", "status", played, "--json").stdout)
    b = json.loads(hk("hyve", "legacy", "status", run, "--json").stdout)
    for key in ("phase", "honey", "honey_well", "results", "resources", "honey_track"):
        assert a.get(key) == b.get(key), key
    assert hk("campaign", "check", run).returncode == 0


def _choose(session: PlaySession, rng: random.Random) -> str:
    data = session.data
    return "roll" if data["decision"] == "dice" else rng.choice(data["legal"])


def test_a_whole_scenario_outside_a_run_is_played_with_the_mouse_on_the_hexes(hk):
    """A seeded chooser: the dice by ctrl+r, a hex step by its bee typed and a click on its
    hex, the rest typed; every step stored as it is made."""
    assert hk("hyve", "new", "Tuesday game").returncode == 0
    cid, where = "tuesday-game", ("--scenario", "tuesday-game")
    session = PlaySession(hk.campaigns, scenario=cid, seed=SEED)
    app = HyvePlayApp(session)
    rng = random.Random(SEED)
    clicked, logged = 0, []

    async def drive() -> None:
        nonlocal clicked
        async with app.run_test(size=SIZE) as pilot:
            line = app.query_one("#step", Input)
            for _ in range(300):
                data = session.data
                if data["decision"] is None:
                    break
                made = len(_steps(hk, cid))
                step = _choose(session, rng)
                hexed = step_hex(step)
                if data["decision"] == "dice":
                    await pilot.press("ctrl+r")
                elif hexed and data["decision"] in ("nectar", "larva", "excise", "mites",
                                                    "sensilla"):
                    # what comes before the hex typed first (the bee: "W1@"), then a click
                    line.value = step[:step.index("@") + 1] if "@" in step else ""
                    await _click_hex(pilot, data["table"]["active_hyve"], hexed[1])
                    assert line.value == step, (step, line.value)
                    assert app.query_one("#error").has_class("info")
                    clicked += 1
                    await pilot.press("enter")
                else:
                    line.value = step
                    await pilot.press("enter")
                assert not _error(app), (step, _error(app))
                stored = _steps(hk, cid)
                assert len(stored) == made + 1 and (step == "roll" or stored[-1] == step)
            assert session.data["decision"] is None
            assert "the scenario has ended" in _text(app, "#due")
            assert "the scenario has ended" in _log(app)
            logged[:] = [line.text for line in app.query_one("#log", RichLog).lines
                         if not line.text.startswith((" ", "the "))]
            await pilot.press("ctrl+q")
        assert app.return_code == 0

    asyncio.run(drive())
    assert clicked >= 5
    data = _next(hk, *where)
    assert data["decision"] is None and data["table"]["status"] != "playing"
    assert logged == _steps(hk, cid)                 # the log shows each step as stored


def _nectar_due(hk, cid: str = "g") -> PlaySession:
    """A scenario outside a run with Gather Nectar due: bees 1 2 3 3 5 left."""
    assert hk("hyve", "new", "G").returncode == 0
    session = PlaySession(hk.campaigns, scenario=cid, seed=1)
    for step in ("dice 1 2 3 3 5 W", "repurpose W", "reroll 1", "dice 1", "gather"):
        session.step(step)
    assert session.data["decision"] == "nectar"
    return session


def test_a_hex_is_chosen_by_click_or_keys_the_typed_bee_first_and_undone(hk):
    session = _nectar_due(hk)
    app = HyvePlayApp(session)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            line = app.query_one("#step", Input)
            options = session.hex_options("C3")
            assert len(options) > 1 and all(o.endswith("@C3") for o in options)
            await _click_hex(pilot, 1, "C3")
            assert line.value == options[0] and line.has_focus
            assert "C3: " in _text(app, "#error")
            await _click_hex(pilot, 1, "C3")              # again: the next option
            assert line.value == options[1]
            line.value = "5"                               # the bee typed first
            await _click_hex(pilot, 1, "C3")
            assert line.value == "5@C3"
            # the keys: ↑ to the active hyve, the cursor from C3 right (C4) and up (B3), Enter
            line.value = "3"
            await pilot.press("up")
            assert app.query_one("#hyve-1", HyveView).has_focus
            await pilot.press("right", "up", "enter")
            assert line.has_focus and line.value == "3@B3"
            await pilot.press("enter")
            assert _steps(hk, "g")[-1] == "3@B3" and "3@B3" in _log(app)
            # a hex of another hyve, or when no hex is due
            await _click_hex(pilot, 2, "C3")
            assert "not the active hyve" in _error(app)
            # undo: the step taken back, the same decision due again
            await pilot.press("ctrl+z")
            assert _steps(hk, "g")[-1] == "gather" and "undone: 3@B3" in _log(app)
            assert "3@B3" in session.data["legal"]
            await pilot.press("ctrl+z")
            assert session.data["decision"] == "assign"
            await _click_hex(pilot, 1, "C3")
            assert "takes no hex" in _error(app)
            await pilot.press("escape", "ctrl+q")
        assert app.return_code == 0

    asyncio.run(drive())


def test_a_refused_step_is_shown_and_stores_nothing(hk):
    assert hk("hyve", "new", "G").returncode == 0
    app = HyvePlayApp(PlaySession(hk.campaigns, scenario="g", seed=2))

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            line = app.query_one("#step", Input)
            line.value = "gather"
            await pilot.press("enter")
            assert "Hyve: Turn Structure" in _error(app) and "legal: roll" in _error(app)
            assert line.value == "gather"                    # kept, to be corrected
            line.value = "rol"
            await pilot.press("enter")
            assert "did you mean roll" in _error(app)
            await pilot.press("ctrl+z")                      # nothing to undo: said
            assert "campaign record" in _error(app)
            line.value = ""
            await pilot.press(*"ro", "tab")                  # the completion taken
            assert line.value == "roll"
            await pilot.press("enter")
            assert not _error(app) and _steps(hk, "g")[0].startswith("dice ")
            await pilot.press(*"q", "enter")

    asyncio.run(drive())
    assert len(_steps(hk, "g")) == 1


def test_a_step_after_another_command_changed_the_record_is_refused(hk):
    session = _nectar_due(hk)
    assert hk("hyve", "do", "--scenario", "g", "5@C3").returncode == 0
    with pytest.raises(IllegalActionError, match="changed outside this screen"):
        session.step("5@C2")
    assert not session.hex_options("C3")              # the sheet read again: C3 is taken
    session.step(session.data["legal"][0])
    assert len(_steps(hk, "g")) == 7


def test_undo_refuses_a_ledger_event(hk):
    run = _setup_run(hk)
    session = PlaySession(hk.campaigns, run)
    with pytest.raises(IllegalActionError, match=f"campaign undo {run}"):
        session.undo()


def test_the_hex_geometry_and_the_colours():
    for name in ("A1", "A3", "B4", "C1", "C3", "C5", "E3"):
        assert hex_at(*hex_offset(name)) == name
    assert hex_at(0, 2) is None and hex_at(3, 9) is None
    assert step_hex("W1@C2") == (None, "C2") and step_hex("sensilla 4@B1") == (None, "B1")
    assert step_hex("excise 2:C3") == (2, "C3") and step_hex("gather") is None
    assert rich_colour("Red").startswith("#") and rich_colour("dark_orange") == "dark_orange"
    assert rich_colour("octarine") == "grey58"
    styles = colour_styles({"1": "yellow", "2": "blue"})
    assert "black on" in styles["1"] and "white on" in styles["2"] and styles["y"] == styles["1"]


def test_play_needs_a_terminal_and_a_scenario_at_the_table(hk):
    assert hk("hyve", "new", "G").returncode == 0
    r = hk("hyve", "play", "--scenario", "g")
    assert r.returncode == 2 and "hyve next" in r.stderr
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    r = hk("hyve", "play", "run")
    assert r.returncode == 1 and "hyve legacy start" in r.stderr and "Traceback" not in r.stderr
    r = hk("hyve", "play")
    assert r.returncode == 2 and "RUN" in r.stderr


def test_play_help_has_an_example(hk):
    """(That Textual is loaded by the play commands only: test_beelives_play.)"""
    r = hk("hyve", "play", "--help")
    assert r.returncode == 0 and "hyvekit hyve play summer-run" in r.stdout


def test_a_scenario_id_given_as_run_opens_that_scenario(hk):
    """``hyve play ID`` takes a scenario's id as ``next`` and ``do`` do (no --scenario)."""
    assert hk("hyve", "new", "Tuesday").returncode == 0
    session = PlaySession(hk.campaigns, "tuesday", seed=1)
    assert (session.run, session.scenario) == (None, "tuesday")
    assert session.data["decision"] == "dice"


@pytest.mark.parametrize("size, shown", [((80, 24), 1), ((120, 34), 6)])
def test_a_narrow_terminal_shows_the_active_hyve_beside_a_readable_sheet(hk, size, shown):
    cid = _setup_run(hk)
    app = HyvePlayApp(PlaySession(hk.campaigns, cid, seed=1))

    async def drive() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            views = [v for v in app.query(HyveView) if v.display]
            assert len(views) == shown and views[0].has_class("active")
            assert app.query_one("#sheet-box").size.width >= 30
            assert app.query_one("#head").region.y == 0          # nothing scrolled away

    asyncio.run(drive())
