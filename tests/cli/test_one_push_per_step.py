"""One step, one push (issue 24): a ``do`` of one step pushes it through its game's engine
exactly once on its way to the record — not again to check it, nor again to store it — in
every game."""

from __future__ import annotations

import json

import pytest

from hyvekit.rules.beelives import month_phases as BT
from hyvekit.rules.beez import table as ZT
from hyvekit.rules.hyve import table as HT
from hyvekit.rules.hyve import table_record as HR

GAMES = {
    "bee lives": ([["beelives", "new", "League", "-p", "Susan:prolific", "-p",
                    "Jeremy:aggressive"]], ["beelives", "do", "league"], "draw"),
    "hyve scenario": ([["hyve", "new", "Tuesday", "--mode", "coldsnap"]],
                      ["hyve", "do", "tuesday"], "roll"),
    "hyve legacy": ([["hyve", "legacy", "new", "Run", "--colours",
                      "yellow,blue,green,purple,red"],
                     ["hyve", "legacy", "start", "run", "--yes"]], ["hyve", "do", "run"], "roll"),
    "beez": ([["beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
               "both-4-5-rows,middle-row,colours"]], ["beez", "do", "friday"], "fly 1 p"),
}
#: every module-level push a step can reach, by the module that calls it
PUSHES = ((BT, "month_push"), (HT, "push"), (HR, "push"), (ZT, "push"))


@pytest.fixture()
def pushes(monkeypatch):
    """Each call of a game's table ``push`` on the step's way to the record, as the text
    pushed (the options' previews shown after it, each pushed on a copy, left out)."""
    import hyvekit.rules.table
    monkeypatch.setattr(hyvekit.rules.table, "previews", lambda *args, **kwargs: {})
    calls: list[str] = []
    for module, name in PUSHES:
        real = getattr(module, name)

        def counted(t, text, *args, _real=real, **kwargs):
            calls.append(" ".join(str(text).split()))
            return _real(t, text, *args, **kwargs)
        monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_do_of_one_step_pushes_it_exactly_once(game, hk, pushes):
    made, do, step = GAMES[game]
    for args in made:
        assert hk(*args).returncode == 0
    for _ in range(2):                         # the first step of a record, then the next
        pushes.clear()
        r = hk(*do, step, "--json")
        assert r.returncode == 0, r.stderr
        stored = json.loads(r.stdout)["steps"]
        assert len(stored) >= 1
        assert sum(1 for text in pushes if text in (step, stored[0])) == 1, pushes
        assert len(pushes) == len(stored), (pushes, stored)      # nothing pushed twice
        step = _next_step(hk, do)


def _next_step(hk, do: list[str]) -> str:
    """A legal step of the decision due now (``next --json``), not a die."""
    r = hk(do[0], "next", do[2], "--json")
    assert r.returncode == 0, r.stderr
    legal = json.loads(r.stdout)["legal"]
    return next((o for o in legal if o != "roll"), legal[0])
