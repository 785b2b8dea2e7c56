"""The advisor's hint in ``hyvekit hyve play`` (docs/advisor.md, "HYVE"): ctrl+t (or ``?``
typed) puts the hint for the decision due of a scenario outside a run in the log, plays no
step and marks the decision in the record; a legacy run's is shown as an error, never raised."""

from __future__ import annotations

import asyncio

import pytest
from test_beelives_play import _text
from test_beelives_play_hint import hinted_twice
from test_hyve_hint_cli import late  # noqa: F401  (the fixture)

from hyvekit.cli import beelives_session
from hyvekit.cli.hyve_play import PlaySession
from hyvekit.cli.hyve_play_app import HyvePlayApp
from hyvekit.games import campaign_store

SIZE = (112, 40)


@pytest.fixture(autouse=True)
def _short_hints(monkeypatch):
    monkeypatch.setattr(beelives_session, "HINT_SECONDS", 0.1)    # two rounds, no more


def test_a_hint_in_the_hyve_screen_goes_in_the_log_and_is_marked(late):  # noqa: F811
    session = PlaySession(late.campaigns, scenario="late", seed=1)
    app = HyvePlayApp(session)
    due = session.data["legal"]

    hinted_twice(app, "hint for player (assign)", SIZE)
    events = [e["type"] for e in campaign_store(late.campaigns).load("late").active]
    assert events[-2:] == ["hint", "hint"]
    assert PlaySession(late.campaigns, scenario="late").data["legal"] == due   # nothing played


def test_a_hint_in_a_legacy_run_is_shown_as_an_error_not_raised(hk):
    from test_hyve_legacy_play_cli import setup_run
    setup_run(hk)
    app = HyvePlayApp(PlaySession(hk.campaigns, "run", seed=1))

    async def drive() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+t")
            await pilot.pause()
            shown = _text(app, "#error")
            await pilot.press("ctrl+q")
            return shown

    assert "hyvekit hyve hint run" in asyncio.run(drive())
    assert "hint" not in [e["type"] for e in campaign_store(hk.campaigns).load("run").active]
