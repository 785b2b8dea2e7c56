"""The web table tells each Queen Bee step with its player's name (issue 42, third round):
a step made on a player's page and one made with ``do`` reach the pages as ``Ann: flight``,
which the page reads as a sentence naming Ann, not "Played: flight"."""

from __future__ import annotations

import time

from .conftest import request, serving, tokens


def test_the_pages_are_told_each_step_with_its_players_name(hk):
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo").returncode == 0
    with serving(hk.campaigns, ["friday"]) as (base, app):
        k = tokens(app, "friday")
        status, answer = request(f"{base}/t/friday/step", {"k": k["player Ann"],
                                                             "step": "flight"},
                                 headers={"Origin": base})
        assert status == 200 and answer["steps"] == ["flight"]
        served = app.state.served["friday"]
        assert [step for _, kind, step in served.events if kind == "step"] == ["Ann: flight"]
        assert hk("queenbee", "do", "friday", "done").returncode == 0
        for _ in range(50):                  # the record read again once its file changed
            told = [step for _, kind, step in served.events if kind == "step"]
            if len(told) > 1:
                break
            time.sleep(0.1)
        assert told[:2] == ["Ann: flight", "Ann: done"], told
