"""The advisor's hint in ``hyvekit hyve play`` (docs/advisor.md, "HYVE"): ctrl+t (or ``?``
typed) puts the hint for the decision due of a scenario (outside a run, or a legacy run's
current one) in the log, plays no step and marks the decision in the record."""

from __future__ import annotations

import pytest
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


def test_a_hint_in_a_legacy_run_goes_in_the_log_and_is_marked_in_the_run(hk):
    from test_hyve_legacy_play_cli import setup_run
    setup_run(hk)                          # scenario 1 started, its first roll due
    session = PlaySession(hk.campaigns, "run", seed=1)
    app = HyvePlayApp(session)
    due = session.data["legal"]

    hinted_twice(app, "hint for player (dice)", SIZE)
    events = campaign_store(hk.campaigns).load("run").active
    assert [e["type"] for e in events][-2:] == ["hint", "hint"]
    assert events[-1]["data"] == {"player": "player", "decision": "dice"}
    assert PlaySession(hk.campaigns, "run").data["legal"] == due     # nothing played
