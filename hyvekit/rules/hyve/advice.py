"""What the advisor (:mod:`hyvekit.rules.advisor`, docs/advisor.md "HYVE") plays a HYVE
scenario with: the scenario's table engine with a die decision's outcomes listed, so that
the advisor enumerates them (each face of the dice, in every order, equally likely) instead
of sampling them, and the default player and outcome of :mod:`.default_player`.

A die decision of at most :data:`MOST_DICE` dice — a Repurpose's reroll, a Refresh of one
or two bees, Wasp War's two Light Attack dice — lists ``roll`` and each outcome as the face
steps the table takes (``dice 3 W``, ``wasp 2 5``); a decision of more dice lists ``roll``
only, and its dice are sampled (6 ** 10 outcomes are too many to play out).  The kind of
such a decision is :data:`~hyvekit.rules.table.DICE` (a Wasp Attack's too).
"""

from __future__ import annotations

import itertools
from typing import Any

from hyvekit.rules.hyve.actions import WILD, Repurpose
from hyvekit.rules.hyve.engine import HyveScenarioEngine
from hyvekit.rules.hyve.notation import face_text
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.table_turn import PLAYER, R_TABLE, Table
from hyvekit.rules.table import DICE, Decision

#: the most dice whose outcomes a decision lists (6 ** 2 = 36 orders, 21 different rolls)
MOST_DICE = 2
FACES = tuple(range(1, WILD + 1))


def dice_due(t: Table, d: Decision) -> tuple[str, int] | None:
    """``(the step's verb, the number of dice)`` of a die decision whose only legal step is
    ``roll``, else None (Controlled Rolls' fewer dice are a choice)."""
    if tuple(d.legal) != ("roll",):
        return None
    if d.kind == "wasp":
        return "wasp", 2
    if d.kind != DICE:
        return None
    if t.turn.dice is None:
        s = t.state
        return "dice", min(s.population, s.sheet.refresh_max)
    if isinstance(t.turn.open, Repurpose) and t.turn.open.reroll is not None:
        return "dice", len(t.turn.open.reroll)
    return None


def die_outcomes(t: Table, d: Decision) -> tuple[str, ...]:
    """Every outcome of the die decision ``d`` as the step that states it, each equally
    likely (a roll of two dice listed in both orders: ``dice 1 2`` twice, ``dice 1 1``
    once); () when ``d`` is no such decision or has more than :data:`MOST_DICE` dice."""
    due = dice_due(t, d)
    if due is None or not 0 < due[1] <= MOST_DICE:
        return ()
    verb, n = due
    return tuple(f"{verb} " + " ".join(face_text(f) for f in sorted(roll))
                 for roll in itertools.product(FACES, repeat=n))


class AdvisedScenarioEngine(HyveScenarioEngine):
    """The scenario engine (:class:`~.engine.HyveScenarioEngine`) whose die decisions of a
    few dice list their outcomes (:func:`die_outcomes`) after ``roll``, as a die decision
    of :data:`~hyvekit.rules.table.DICE`; every other decision as the table gives it."""

    def pending(self, t: Table) -> Decision:
        """The decision due, a die decision's outcomes listed."""
        d = super().pending(t)
        outcomes = () if d.over else die_outcomes(t, d)
        if not outcomes:
            return d
        return Decision(DICE, d.actor, d.prompt, ("roll",) + outcomes, d.more)


#: the engine the HYVE advisor plays scenarios with
ADVISED = AdvisedScenarioEngine()


#: the decisions a review weighs: the assignments, the seasonal effect, a Queen's Reward
#: (not each nectar's or larva's hex: a scenario places about a hundred)
REVIEWED_KINDS = ("assign", "effect", "reward")


def is_choice(d: Decision) -> bool:
    """Whether ``d`` is a choice a review weighs (:data:`REVIEWED_KINDS`) with more than one
    legal step."""
    return not d.over and d.kind in REVIEWED_KINDS and len(d.legal) > 1


def scenario_table(state: Any, engine: Any | None = None) -> Table:
    """The scenario table of a HYVE record's state: the state itself (a scenario outside a
    run), or a legacy run's current scenario (``engine``: the run's
    :class:`~.engine.HyveLegacyEngine`)."""
    return state if isinstance(state, Table) else engine.table(state)


def check_hint_data(data: Any) -> None:
    """A ``hint`` event's data is ``{"player": NAME, "decision": KIND}``, each a text.

    :raises InvalidInputError: it is not.
    """
    if not isinstance(data, dict) or set(data) != {"player", "decision"} or not all(
            isinstance(v, str) for v in data.values()):
        raise InvalidInputError("hint event", data, '{"player": NAME, "decision": KIND}')


def check_hint(t: Table, data: Any) -> None:
    """A scenario record's ``hint`` event ``{"player": NAME, "decision": KIND}``, the
    advisor's hint shown for the decision due (docs/advisor.md, "Honest records"), checked
    against the decision the advisor answers at ``t`` (:data:`ADVISED`); it changes nothing.

    :raises InvalidInputError: not ``{"player", "decision"}``, each a text.
    :raises IllegalActionError: not the decision due (its player or its kind).
    """
    check_hint_data(data)
    d = ADVISED.pending(t)
    if d.over or (d.actor, d.kind) != (data["player"], data["decision"]):
        due = "nothing (the scenario is over)" if d.over else f"{d.actor}'s {d.kind} decision"
        raise IllegalActionError(R_TABLE, f"a hint is marked for the decision due: {due}",
                                 expected=due,
                                 given=f"{data['player']}'s {data['decision']} decision")


def check_run_hint(run: Any, data: Any) -> None:
    """A Hyve Legacy run's ``hint`` event (:func:`check_hint`'s data), the advisor's hint
    shown for the decision due in the run's current scenario: checked as :func:`check_hint`
    against the scenario at the table.  Before the scenario's first step its table is not in
    the record yet (its sheet comes with that step): the hint's data and its player are
    checked.  It changes nothing.

    :raises InvalidInputError: not ``{"player", "decision"}``, each a text.
    :raises IllegalActionError: not the decision due; no scenario is being played (the run
        is shopping, or over).
    """
    if run.table is not None:
        check_hint(run.table, data)
        return
    check_hint_data(data)
    given = f"{data['player']}'s {data['decision']} decision"
    if run.phase != "playing":
        raise IllegalActionError(R_TABLE, "a hint is marked for the decision due in the "
                                 "run's current scenario: no scenario is being played",
                                 expected="a scenario being played", given=given)
    if data["player"] != PLAYER:
        raise IllegalActionError(R_TABLE, f"a hint is marked for the decision due: "
                                 f"{PLAYER}'s", expected=PLAYER, given=given)


__all__ = ["ADVISED", "AdvisedScenarioEngine", "FACES", "MOST_DICE", "REVIEWED_KINDS",
           "check_hint", "check_hint_data", "check_run_hint", "dice_due", "die_outcomes",
           "is_choice", "scenario_table"]
