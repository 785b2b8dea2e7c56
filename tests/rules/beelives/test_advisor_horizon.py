"""Rollouts that stop at a horizon (docs/advisor.md, "Horizons"): a rollout to the month's
end stops there and is scored by the evaluation of each hive; the hint plays to the game's
end while the hives × months left are few, and to a horizon beyond."""

from __future__ import annotations

import math
import random

import pytest
from test_table import COMPS

from hyvekit.rules import advisor as A
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives import evaluation as E
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.table import play_steps

FOUR = {"kind": "standard", "map": False,
        "players": [{"name": n, "queen": q} for n, q in (
            ("Ann", "prolific"), ("Bo", "aggressive"), ("Cy", "nomadic"), ("Di", "hygienic"))]}


def _turn(month: int, seed: int = 1):
    t = C.new_campaign(C.settings_from_dict(FOUR, COMPS), COMPS)
    rng = random.Random(seed)
    while not ((d := ENGINE.pending(t)).kind == "action" and len(t.months) == month - 1):
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    return t, d


def test_a_rollout_to_the_horizon_stops_at_the_months_end_and_evaluates_each_hive():
    t, d = _turn(3)
    step = DP.choose(t, d, random.Random(0))
    got = A.rollout(ENGINE, t, step, DP.choose, DP.outcome, d.actor, A.rollout_rng(5, 0),
                    E.horizon(1))
    # the same luck, played here to the first table after the third month
    rng = A.rollout_rng(5, 0)
    u = play_steps(ENGINE, t, [step], rng, auto=True)[-1]
    while len(u.months) < 3 or u.table is not None:
        u = play_steps(ENGINE, u, [DP.choose(u, ENGINE.pending(u), rng)], rng, auto=True)[-1]
    assert E.months_played(u) == 3 and not ENGINE.pending(u).over
    worths = {p.name: p.hive.vp + sum(w * x for w, x in zip(E.WEIGHTS[3], E.features(u, p.name)))
              for p in u.game.players}
    lead = worths[d.actor] - max(v for k, v in worths.items() if k != d.actor)
    assert got[0] == pytest.approx(worths[d.actor])
    assert got[1] == pytest.approx(1 / (1 + math.exp(-lead / E.SPREAD[3])))
    assert got[2] is True                       # never exact
    # the hive ahead at the horizon has the better chance
    best = max(worths, key=worths.get)
    assert E.evaluation(u, best)[1] > 0.5 >= min(E.evaluation(u, p)[1] for p in worths)


def test_the_hint_plays_to_the_end_while_few_hive_months_are_left():
    early, _ = _turn(2)
    assert E.horizon_for(early) is not None             # 4 hives × 8 months
    late, _ = _turn(8)
    assert E.horizon_for(late) is None                  # 4 hives × 2 months = 8
    assert E.last_decisions(_turn(9)[0]) and not E.last_decisions(late)
    with pytest.raises(ValueError):
        E.worth(early, "Ann")                           # a month at the table
