"""What a Bee Lives hive is worth at a month's end (docs/advisor.md, "Horizons"): the
advisor's rollouts that stop at a horizon — the end of a month, before the game's end — are
scored by it instead of the final score.

A hive's worth is its VP so far (the score track) plus what its bees, cubes, comb and disease
at the month's end bring by the game's end (End of the Game: a bee that survives the winter
and a honey left score 1 VP each; a starvation token −2), a linear function of them
(:func:`features`) whose weights (:data:`WEIGHTS`) are fitted, by the months played in the
year, on games the default player plays in every seat (``benchmarks/advisor_horizon.py``
fits them and measures the error against rollouts played to the end).  A year still to come
after this one adds :data:`YEAR` VP a hive (Multiple Years Variant), the same for every hive.
The chance to win is the logistic of the hive's lead over the best other hive's worth
(:data:`SPREAD`, by the months played: the spread of that lead), so a close second keeps a
chance.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from hyvekit.rules.advisor import Horizon
from hyvekit.rules.beelives.state import MONTHS

#: the names of :func:`features`, in order
FEATURES = ("bees", "honey", "pollen", "water", "empty", "disease", "starvation", "one")

#: the weights of :data:`FEATURES` by the months played in the year (1-9; 9: the winter
#: still to play), fitted by ``benchmarks/advisor_horizon.py``: the VP a hive scores from the
#: month's end to the game's end
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (0.906, 0.873, 0.347, 3.888, 0.809, 2.840, -2.680, 5.839),
    2: (0.419, 1.722, 0.146, 2.273, 0.478, 5.123, -2.513, 4.979),
    3: (0.502, 1.351, 0.734, -0.533, 0.555, 1.952, -2.474, -3.296),
    4: (0.062, 1.499, 0.672, -0.120, 0.479, 2.074, -2.328, -2.906),
    5: (0.036, 1.590, 0.515, 0.796, 0.265, 3.028, -2.173, -0.364),
    6: (0.255, 1.571, 0.307, 4.688, 0.114, 2.846, -2.173, -1.114),
    7: (-0.019, 1.361, 0.232, -3.150, 0.037, 2.239, -2.122, -0.431),
    8: (-0.050, 1.150, 0.077, -3.516, -0.087, 1.375, -2.084, 0.279),
    9: (-0.480, 1.541, 0.108, -1.922, -0.015, 0.294, -2.016, -0.318),
}
#: the spread of a hive's final lead about its evaluated lead, by the months played (VP)
SPREAD: dict[int, float] = {1: 7.0, 2: 5.5, 3: 5.5, 4: 5.5, 5: 5.5, 6: 5.0, 7: 4.0, 8: 4.0, 9: 2.5}
#: what a year still to come adds to a hive's worth (VP), the same for every hive
YEAR = 4.46


def between_months(t: Any) -> bool:
    """Whether the campaign ``t`` is at a month's end (no month at the table): where a
    horizon stops a rollout."""
    return t.table is None and t.game.stage != "over" and t.scores is None


def months_played(t: Any) -> int:
    """The productive months played in the current year of the campaign ``t`` (0-9)."""
    return len(t.months) - len(MONTHS) * len(t.winters)


def features(t: Any, name: str) -> tuple[float, ...]:
    """The hive of ``name`` in the campaign ``t`` between months, as the evaluation reads it,
    in the order of :data:`FEATURES`: worker bees, honey, pollen, water, empty cells, the
    disease level (0 or negative), starvation tokens, and 1."""
    hive = t.game.player(name).hive
    level = t.comps.board.track(hive.side).level(hive.mite)
    return (float(hive.workers), float(hive.honey), float(hive.pollen), float(hive.water),
            float(hive.empty), float(level), float(hive.starvation), 1.0)


def worth(t: Any, name: str) -> float:
    """The final score the hive of ``name`` can expect, from the campaign ``t`` between months
    (:func:`between_months`): its VP so far, its :func:`features` weighted, and
    :data:`YEAR` for each year still to come.

    :raises ValueError: a month at the table, or the game over.
    """
    if not between_months(t):
        raise ValueError("a hive is evaluated between months only")
    played = max(1, months_played(t))
    weights = WEIGHTS[played]
    years = t.game.options.years - t.game.year
    return t.game.player(name).hive.vp + sum(w * x for w, x in zip(weights, features(t, name))) \
        + YEAR * years


def win_chance(lead: float, played: int) -> float:
    """The chance to win with ``lead`` VP over the best other hive's worth, ``played`` months
    played in the year (the logistic of the lead over :data:`SPREAD`)."""
    z = lead / SPREAD[max(1, played)]
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def evaluation(t: Any, name: str) -> tuple[float, float]:
    """What ``name`` can expect from the campaign ``t`` between months, as the advisor's
    :data:`~hyvekit.rules.advisor.Outcome` of a rollout stopped there: (the hive's
    :func:`worth`, its chance to win: :func:`win_chance` of its lead over the best other
    hive; a solo hive: its worth, and 1 when it has a bee).

    :raises ValueError: a month at the table, or the game over.
    """
    mine = worth(t, name)
    others = [worth(t, p.name) for p in t.game.players if p.name != name]
    if not others:
        return mine, float(t.game.player(name).hive.workers > 0)
    return mine, win_chance(mine - max(others), months_played(t))


#: the most hive-months (hives × productive months left, the month under way counted) a
#: rollout plays to the game's end; beyond, it stops at a horizon of this many hive-months
#: (at least the month under way), scored by :func:`evaluation`
FULL = 8


def _reached(months: int, start: Any, now: Any) -> bool:
    return (between_months(now) and months_played(now) > 0
            and len(now.months) - len(start.months) >= months)


def horizon(months: int) -> Horizon:
    """The horizon at the end of the ``months``-th month from the one under way (1: this
    month's end; the month about to start, between months), a year's start passed over (the
    evaluation reads a hive within a year), scored by :func:`evaluation`."""
    return Horizon(functools.partial(_reached, months), evaluation)


def months_left(t: Any) -> int:
    """The productive months of the campaign ``t`` not yet finished (the month under way
    counted)."""
    return t.game.options.years * len(MONTHS) - len(t.months)


def last_decisions(t: Any) -> bool:
    """Whether the campaign ``t`` is in the game's last productive month or its last winter:
    where the advisor enumerates the luck left rather than sample it."""
    return months_left(t) <= 1


def horizon_for(t: Any, full: int = FULL) -> Horizon | None:
    """The advisor's horizon from the campaign ``t``: None (to the game's end) when the hives
    × months left are at most ``full``, else :func:`horizon` of ``full`` hive-months (a month
    at least)."""
    hives = len(t.game.players)
    if hives * months_left(t) <= full:
        return None
    return horizon(max(1, full // hives))


__all__ = ["FULL", "horizon", "horizon_for", "last_decisions", "months_left", "FEATURES", "SPREAD", "WEIGHTS", "YEAR", "between_months", "evaluation",
           "features", "months_played", "win_chance", "worth"]
