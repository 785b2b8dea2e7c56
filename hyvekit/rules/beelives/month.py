"""A whole productive month from a :class:`~hyvekit.rules.beelives.plan.MonthPlan`
(rules/bee-lives.txt, "Productive Months"), and the claimed end-of-month values checked
against the derived ones.
"""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING

from hyvekit.rules.beelives.action_phase import play_turn
from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.cleanup import end_month
from hyvekit.rules.beelives.month_start import start_month
from hyvekit.rules.beelives.plan import MonthPlan
from hyvekit.rules.beelives.state import R_CLAIM, Components, Event, GameState, month_name
from hyvekit.rules.errors import located
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

if TYPE_CHECKING:                  # the summaries load when a month ends
    from hyvekit.rules.beelives.summaries import MonthSummary

CLAIM_FIELDS = ("honey", "pollen", "water", "empty", "brood", "workers", "comb", "disease", "vp",
                "starvation")


@dataclass(frozen=True)
class MonthResult:
    """A month played: the state after cleanup, the events, and (:attr:`summary`) the
    per-hive summary, gathered from them when first asked (a preview never asks)."""

    state: GameState
    events: tuple[Event, ...]
    comps: Components = field(compare=False, repr=False)

    @cached_property
    def summary(self) -> MonthSummary:
        """:func:`~hyvekit.rules.beelives.summaries.summarize` of the month."""
        from hyvekit.rules.beelives.summaries import summarize
        return summarize(self.events, self.state, self.comps)


def play_month(state: GameState, plan: MonthPlan, comps: Components, *,
               claims: bool = True) -> MonthResult:
    """Play a whole month from ``plan``: phases, every turn in order, cleanup, then (unless
    ``claims=False``; see :func:`check_claims`) compare the plan's claimed values with the
    derived ones.

    :raises IllegalActionError: the first step against the rules (rule, month, player,
        expected vs given); claimed values that differ (all of them, in one message).
    """
    where = f"year {plan.year} {month_name(plan.month)}"
    try:
        state, events = start_month(state, plan, comps)
    except (IllegalActionError, InvalidInputError) as exc:
        raise located(exc, where) from None
    for turn in plan.turns:
        state, evs = play_turn(state, replace(turn, where=f"{where}, {turn.where or 'turn'} "
                                              f"({turn.actor})"), comps)
        events += evs
    try:
        state, evs = end_month(state, comps, solo_spawn=plan.solo_spawn,
                               solo_spawn_at=plan.solo_spawn_at, joins=plan.joins)
    except (IllegalActionError, InvalidInputError) as exc:
        raise located(exc, f"{where}, end of the Action Phase") from None
    events += evs
    result = MonthResult(state, tuple(events), comps)
    if claims:
        check_claims(plan, result.summary, state, comps.board, where)
    return result


def derived_values(state: GameState, summary: MonthSummary, board: Board) -> dict[str, dict]:
    """hive name → the end-of-month values a record may claim (players: :data:`CLAIM_FIELDS`;
    wild hives: strength)."""
    out: dict[str, dict] = {}
    for p in state.players:
        h = p.hive
        out[p.name] = {"honey": h.honey, "pollen": h.pollen, "water": h.water, "empty": h.empty,
                       "brood": summary.hives[p.name].brood_hatched if p.name in summary.hives
                       else 0, "workers": h.workers, "comb": h.comb,
                       "disease": h.disease(board), "vp": h.vp, "starvation": h.starvation}
    for w in state.wild:
        out[w.name] = {"strength": w.strength}
    return out


def check_claims(plan: MonthPlan, summary: MonthSummary, state: GameState, board: Board,
                 where: str = "") -> None:
    """Compare the plan's claimed end-of-month values with the derived ones.

    :raises IllegalActionError: (Bee Lives: claimed end-of-month values) every claim that
        differs, ``hive field claimed X, derived Y``.
    :raises InvalidInputError: a claim for an unknown hive or field.
    """
    derived = derived_values(state, summary, board)
    wrong = []
    for hive, values in plan.claims:
        if hive not in derived:
            if hive in summary.wild_removed and dict(values) == {"strength": 0}:
                continue            # a wild hive removed this month: strength 0
            raise InvalidInputError(f"{where}: claims", hive,
                                    "a player or a wild hive in play: " + ", ".join(derived))
        for f, v in values:
            if f not in derived[hive]:
                raise not_one_of(f"{where}: claims.{hive}", f, derived[hive])
            if derived[hive][f] != v:
                wrong.append((hive, f, v, derived[hive][f]))
    if wrong:
        text = "; ".join(f"{h} {f} claimed {v}, derived {d}" for h, f, v, d in wrong)
        raise IllegalActionError(R_CLAIM, f"{where}: {text}",
                                 expected={f"{h}.{f}": d for h, f, _, d in wrong},
                                 given={f"{h}.{f}": v for h, f, v, _ in wrong})
