"""The advisor's hint in ``hyvekit beelives play`` (docs/beelives-table.md, docs/advisor.md):
ctrl+t (or ``?`` typed) puts the hint for the decision due in the log, plays no step and marks
the decision in the record; with nobody deciding it is shown as an error, never raised."""

from __future__ import annotations

import asyncio
import random

import pytest
from test_beelives_hint_cli import CAMPAIGN, late  # noqa: F401  (the fixture)
from test_beelives_play import _log, _text, _type

from hyvekit.cli import beelives_session
from hyvekit.cli.beelives_play_app import PlayApp
from hyvekit.cli.beelives_session import PlaySession
from hyvekit.games import campaign_store
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.table import play_steps


@pytest.fixture(autouse=True)
def _short_hints(monkeypatch):
    monkeypatch.setattr(beelives_session, "HINT_SECONDS", 0.1)    # two rounds, no more


def hinted_twice(app, head: str, size: tuple[int, int] = (100, 40)) -> None:
    """``app`` asked for a hint by ctrl+t, then by ``?`` typed: each in the log, ``head``
    ("hint for Ann (action)") with two rollouts an option."""
    async def drive() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.press("ctrl+t")
            await pilot.pause()
            assert f"{head}: 2 rollouts an option" in _log(app)
            assert "the default player's choice" in _log(app)
            await _type(pilot, "?")
            assert _log(app).count(head.split(" (")[0]) == 2
            await pilot.press("ctrl+q")

    asyncio.run(drive())


def test_a_hint_in_the_screen_goes_in_the_log_and_is_marked(late):  # noqa: F811
    session = PlaySession(late.campaigns, CAMPAIGN, seed=1)
    app = PlayApp(session)
    due = session.data["legal"]
    hinted_twice(app, "hint for Ann (action)")
    events = [e["type"] for e in campaign_store(late.campaigns).load(CAMPAIGN).active]
    assert events[-2:] == ["hint", "hint"]
    assert PlaySession(late.campaigns, CAMPAIGN).data["legal"] == due     # nothing played


def test_no_hint_once_the_game_is_over_is_shown_not_raised(late):  # noqa: F811
    store = campaign_store(late.campaigns)
    _, t = store.state(CAMPAIGN)
    rng = random.Random(5)
    steps = []
    while not (d := ENGINE.pending(t)).over:
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        steps += [x.last_step for x in tables]
        t = tables[-1]
    store.append_many(CAMPAIGN, [("step", {"do": s}) for s in steps])
    app = PlayApp(PlaySession(late.campaigns, CAMPAIGN, seed=1))

    async def drive() -> str:
        async with app.run_test() as pilot:
            await pilot.press("ctrl+t")
            shown = _text(app, "#error")
            await pilot.press("ctrl+q")
        return shown

    assert "nobody decides now: the game is over" in asyncio.run(drive())
    assert app.return_code == 0 and store.load(CAMPAIGN).active[-1]["type"] == "step"
