"""One step applied at a HYVE scenario's table (rules/hyve.txt, "Turn Structure").

:func:`push` reads the step (:func:`~hyvekit.rules.hyve.notation.parse_step`), checks that it
answers the decision due (:func:`~.table_decision.pending`: one handler per kind of decision,
:data:`ANSWERS` the steps each takes), adds it to the turn so far and lets the engine play the
turn to where it stops next (:func:`~.table_turn.settled`).  The table it returns keeps the
step as stored (a roll resolved to its faces) and what the rules did with it, in words
(``said``), as every game's table does (:mod:`hyvekit.rules.table`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from hyvekit.rules.common import IllegalActionError, counted
from hyvekit.rules.hyve.actions import WILD, Build, Marshal, Placement, QueensAttendants
from hyvekit.rules.hyve.notation import Step, parse_step
from hyvekit.rules.hyve.scenario import R_TURN, ScenarioState
from hyvekit.rules.hyve.table_decision import (build_places, builders, faces_text, left_faces,
                                               opened, pending, probe, shape_places)
from hyvekit.rules.hyve.table_turn import (R_TABLE, Table, TurnSoFar, new_table, pool,
                                           settled, stopped_state, trial)
from hyvekit.rules.hyve.table_words import new_events, scenario_account
from hyvekit.rules.table import Decision

#: the assignments a step opens (``marshal`` and ``build`` too, without a bee)
OPENERS = ("repurpose", "bakery", "eggs", "larva", "queen", "courier")
#: the verbs of the steps that answer each kind of decision
ANSWERS = {
    "dice": ("roll", "dice"), "assign": ("gather", *OPENERS, "marshal", "build"),
    "reroll": ("reroll",), "shape": ("shape",), "nectar": ("nectar",), "larva": ("larva-at",),
    "excise": ("excise",), "sensilla": ("sensilla",), "reward": ("reward",),
    "effect": ("effect",), "mites": ("mites",), "marshal": ("marshal",), "build": ("build",),
    "hexes": ("hexes",), "wasp": ("roll", "wasp"), "block": ("block",), "eaten": ("eat",),
}


def roll(rng: random.Random, n: int) -> tuple[int, ...]:
    """``n`` bee dice (faces 1–6, 6 the wild Bee)."""
    return tuple(rng.randint(1, WILD) for _ in range(n))


def push(t: Table, text: str, rng: random.Random | None = None) -> Table:
    """The table after one step (a notation of the decision due; ``roll`` draws the faces
    with ``rng``), the step kept as stored (a roll resolved to its faces: ``t.steps[-1]``)
    and what the rules did with it in ``said``.

    :raises InvalidInputError: not a step (the forms named).
    :raises IllegalActionError: a step the pending decision or the rules do not allow
        (the rule's name, and the legal steps), or nothing due (the scenario has ended).
    """
    d = pending(t)
    if d.over:
        raise IllegalActionError(R_TABLE, d.prompt, expected="no more steps", given=text)
    step = parse_step(text, t.start.sheet, t.start.chamber)
    if _gathered_already(t, d, step):
        return _told(t, t.noted("gather"))
    if not _answers(d.kind, step):
        raise _refuse(d, text, f"the pending decision is {d.prompt}")
    turn, step = STEPS[d.kind](t, d, step, text, rng)
    try:
        return _told(t, settled(t, turn, t.notation(step)))
    except IllegalActionError as exc:
        raise _with_legal(exc, d) from None


def _gathered_already(t: Table, d: Decision, step: Step) -> bool:
    """``gather`` once every bee was assigned: Gather Nectar was played already; the step
    changes nothing."""
    return (step.verb == "gather" and t.turn.gather == () and d.kind != "assign"
            and not pool(t, t.turn))


def _answers(kind: str, step: Step) -> bool:
    """Whether ``step`` answers a decision of ``kind`` (:data:`ANSWERS`; ``marshal`` and
    ``build`` open the action bare, and name a bee or ``done`` once it is open)."""
    if step.verb not in ANSWERS.get(kind, ()):
        return False
    if step.verb in ("marshal", "build"):
        return bool(step.args) == (kind != "assign")
    return True


def _told(before: Table, after: Table) -> Table:
    """``after`` with what the rules did since ``before`` in words: the sheet's new event
    lines, and the scenario's account when it has just ended."""
    said = new_events(before.now.events, after.now.events)
    if after.over and not before.over:
        said += scenario_account(after)
    return replace(after, said=tuple(said))


def replay(start: ScenarioState, steps: Sequence[str]) -> Table:
    """The table after ``steps`` (as stored: rolls resolved) from the sheet after Setup.

    :raises IllegalActionError, InvalidInputError: a step that no longer fits (its number
        named).
    """
    t = new_table(start)
    for k, text in enumerate(steps, start=1):
        try:
            t = push(t, text)
        except IllegalActionError as exc:
            raise exc.with_message(f"step {k} ({text}): {exc.message}") from None
    return t


# --- refusing a step ---------------------------------------------------------------------------

def _refuse(d: Decision, text: str, why: str) -> IllegalActionError:
    """The step ``text`` refused for ``why`` (rule Turn Structure), with the legal steps."""
    return _with_legal(IllegalActionError(R_TURN, f"{why}: {text!r} does not answer it"), d)


def _with_legal(exc: IllegalActionError, d: Decision) -> IllegalActionError:
    """``exc`` with the legal steps of ``d`` as its hint (at most 12 shown) in place of the
    engine's expected values (the steps say it in the table's own words)."""
    legal = d.legal
    if not legal:
        return exc
    shown = ", ".join(legal[:12]) + (f", … ({len(legal)} in all)" if len(legal) > 12 else "")
    return IllegalActionError(exc.rule, exc.message, hint=f"legal: {shown}")


# --- each kind of decision answered: the turn so far after the step, and the step as kept ----

Answered = tuple[TurnSoFar, Step]


def _dice(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """The Refresh's faces, or a Repurpose's new faces (``roll``: drawn with ``rng``;
    Controlled Rolls: ``roll N`` fewer dice)."""
    turn = t.turn
    if step.verb == "roll":
        n = step.args[0]
        if n is None:
            n = (len(turn.open.reroll) if turn.dice is not None
                 else min(t.state.population, t.state.sheet.refresh_max))
        elif turn.dice is not None or f"roll {n}" not in d.legal:
            raise _refuse(d, text, "that many dice are not rolled here")
        step = Step("dice", roll(rng or random.Random(), n))
    if turn.dice is None:
        return replace(turn, dice=step.args), step
    if len(step.args) != len(turn.open.reroll):
        raise _refuse(d, text, "the Repurpose rerolls " + counted(len(turn.open.reroll), "bee"))
    return replace(turn, open=replace(turn.open, result=step.args)), step


def _assign(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """``gather``, or an assignment opened (checked with its later choices still open)."""
    if step.verb == "gather":
        return replace(t.turn, gather=()), step
    turn = replace(t.turn, open=opened(step), egg_size=None)   # a new action's shapes
    try:
        probe(t, turn, turn.open)
    except IllegalActionError as exc:
        raise _with_legal(exc, d) from None
    return turn, step


def _reroll(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Which bees the open Repurpose rerolls (none: nothing is rolled)."""
    turn = t.turn
    return replace(turn, open=replace(turn.open, reroll=step.args,
                                      result=() if not step.args else None)), step


def _shape(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Where the open Tend Eggs' (next) shape goes: one of its places, in any order."""
    turn = t.turn
    if not step.args:
        raise _refuse(d, text, "a shape needs its squares")
    if frozenset(step.args) not in {frozenset(c) for c in shape_places(t)}:
        raise _refuse(d, text, "not a place the shape fits, in the shape's squares")
    return replace(turn, open=replace(turn.open, cells=(turn.open.cells or ()) + step.args),
                   egg_size=len(step.args)), step


def _nectar(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Where a bee's nectar goes: Gather Nectar's (a bee not gathered yet), or the open
    Courier's (of its bee's colour)."""
    turn = t.turn
    if turn.open is None:
        b, target = step.args
        left = Counter(pool(t, turn))
        left.subtract(p.bee.face for p in turn.gather)
        if left[b.face] <= 0:
            raise _refuse(d, text, f"no unassigned {b.face if not b.wild else 'wild'} bee "
                          f"is left to gather (left: {faces_text(left.elements())})")
        return replace(turn, gather=turn.gather + (Placement(b, target),)), step
    if step.args[0].face != turn.open.bee.face:
        raise _refuse(d, text, "the Courier's nectar is of its bee's colour")
    return replace(turn, open=replace(turn.open, nectar=turn.open.nectar + (step.args[1],))), \
        step


def _in_second_fill(a, need_state: ScenarioState) -> bool:
    """Turbo Mode: whether a boosted Queen's Attendants is at its second fill (its jelly
    already holds the colour: the engine fills before it enacts)."""
    return (isinstance(a, QueensAttendants) and a.second is not None
            and a.second.value in need_state.jellies[a.second.jelly])


def _larva_at(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Where the open action's next larva goes (a boosted Queen's Attendants' second fill
    once it is at it)."""
    turn, a = t.turn, t.turn.open
    if _in_second_fill(a, need_state=stopped_state(t)):
        return replace(turn, open=replace(a, second=replace(
            a.second, larva=a.second.larva + step.args))), step
    return replace(turn, open=replace(a, larva=a.larva + step.args)), step


def _excise(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Excisor's cross-out (or none), for Gather Nectar or the open action."""
    turn = t.turn
    if turn.open is None:
        return replace(turn, gather_excise=turn.gather_excise + step.args), step
    return replace(turn, open=replace(turn.open, excise=turn.open.excise + step.args)), step


def _sensilla(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Sensilla: the colour of the space the HP die entered and its nectar's hex."""
    return replace(t.turn, sensilla=t.turn.sensilla + (step.args,)), step


def _reward(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """The Queen's Reward of the royal jelly the open Queen's Attendants completed."""
    turn, a = t.turn, t.turn.open
    if _in_second_fill(a, need_state=stopped_state(t)):
        return replace(turn, open=replace(a, second=replace(a.second,
                                                            reward=step.args[0]))), step
    return replace(turn, open=replace(a, reward=step.args[0])), step


def _effect(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """The seasonal effect chosen."""
    return replace(t.turn, effect=step.args[0]), step


def _mites(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """A nectar the mites cross out."""
    return replace(t.turn, mites=t.turn.mites + step.args), step


def _marshal(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """The open Marshal's next bee on a formation hex (checked by the engine now; the
    Marshal closes when full), or ``done`` once it has one."""
    turn = t.turn
    if step.args[0] == "done":
        if not turn.open.bees:
            raise _refuse(d, text, "a Marshal places one bee at least")
        return replace(turn, closed=True), step
    b, at = step.args
    bees = turn.open.bees + ((at, b),)
    full = len(bees) >= t.state.sheet.wasp.marshal_bees
    turn = replace(turn, open=Marshal(bees), closed=full)
    trial(t, replace(turn, closed=True))                   # the engine checks this bee now
    return turn, step


def _build(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """The open Build's next bee to draw its shape (one left, with room for its shape), or
    ``done`` once it has drawn one."""
    turn = t.turn
    if step.args[0] == "done":
        if not turn.open.shapes:
            raise _refuse(d, text, "a Build draws one shape at least")
        return replace(turn, closed=True), step
    b = step.args[0]
    if b.stands_for is None or b.face not in left_faces(t, [x.face for x, _, _ in
                                                            turn.open.shapes]):
        raise _refuse(d, text, "that bee cannot build now")
    if not build_places(t, b, turn):
        raise _refuse(d, text, f"no hyve has room for the {b.stands_for} shape")
    return replace(turn, building=b), step


def _hexes(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Where the shape of the Build's bee goes (checked by the engine now; the Build closes
    when no bee left can build)."""
    turn = t.turn
    hyve, hexes = step.args
    shapes = turn.open.shapes + ((turn.building, hyve, tuple(hexes)),)
    turn = replace(turn, open=Build(shapes), building=None)
    trial(t, replace(turn, closed=True))
    if not builders(replace(t, turn=turn))[:-1]:
        turn = replace(turn, closed=True)               # no bee can build any more
    return turn, step


def _wasp(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """Wasp War: the two Light Attack dice (``roll``: drawn with ``rng``)."""
    faces = step.args if step.verb == "wasp" else tuple(
        (rng or random.Random()).randint(1, 6) for _ in range(2))
    return replace(t.turn, wasp=faces), Step("wasp", faces)


def _block(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """A defensive reserve spent to block a Light Attack, or none (no more blocks)."""
    turn = t.turn
    if step.args[0] is None:
        return replace(turn, blocks_closed=True), step
    return replace(turn, blocks=turn.blocks + step.args), step


def _eat(t: Table, d: Decision, step: Step, text: str, rng) -> Answered:
    """A populated larva the wasps eat."""
    return replace(t.turn, eaten=t.turn.eaten + step.args), step


#: the handler of each kind of decision (:data:`ANSWERS` says which steps reach it)
STEPS: dict[str, Callable[..., Answered]] = {
    "dice": _dice, "assign": _assign, "reroll": _reroll, "shape": _shape, "nectar": _nectar,
    "larva": _larva_at, "excise": _excise, "sensilla": _sensilla, "reward": _reward,
    "effect": _effect, "mites": _mites, "marshal": _marshal, "build": _build,
    "hexes": _hexes, "wasp": _wasp, "block": _block, "eaten": _eat,
}
