"""The table steps of a turn record's turn: a turn stated in a file, played step by step.

:func:`steps_for` answers each decision of :mod:`hyvekit.rules.hyve.table` from a
:class:`~hyvekit.rules.hyve.actions.Turn` (its dice, its assignments in order, its nectar, its
seasonal effect, its Excisor, Sensilla and Mites choices), so a turn record replays through
the same path as a turn played at the table (``hyvekit hyve do``).
"""

from __future__ import annotations

from hyvekit.rules.hyve.actions import (Bakery, Build, Courier, Marshal, QueensAttendants,
                                        Repurpose, TendEggs, TendLarva, Turn, WaspAttack)
from hyvekit.rules.hyve.notation import Step, step_text
from hyvekit.rules.hyve.table import Table, pending, push


class NotAtTheTable(Exception):
    """The turn holds a choice the table does not ask for (a mode's action not at the table
    yet, or a choice the engine would refuse)."""


def _opener(a) -> Step:
    if isinstance(a, Repurpose):
        return Step("repurpose", (a.bee, a.boost))
    if isinstance(a, Bakery):
        return Step("bakery", (a.bread, a.bees))
    if isinstance(a, TendEggs):
        return Step("eggs", (a.bee, a.boost))
    if isinstance(a, TendLarva):
        return Step("larva", (a.bee, a.line, a.boost))
    if isinstance(a, QueensAttendants):
        second = None if a.second is None else (a.second.value, a.second.jelly)
        return Step("queen", (a.bee, a.jelly, a.beseech, second))
    if isinstance(a, Courier):
        return Step("courier", (a.bee,))
    if isinstance(a, Marshal):
        return Step("marshal")
    if isinstance(a, Build):
        return Step("build")
    raise NotAtTheTable(type(a).__name__)


def walk(t: Table, turn: Turn) -> tuple[Table, list[str]]:
    """Play ``turn`` at the table from the start of a turn: the table after it and the steps
    made (as stored).

    :raises NotAtTheTable: a choice the table does not ask for.
    :raises IllegalActionError: the turn breaks a rule (as ``hyve check`` would say).
    """
    assignments = list(turn.assignments)
    placements = list(turn.nectar.placements)
    sensilla = list(turn.sensilla)
    wasp = isinstance(turn.season, WaspAttack)
    mites = [] if wasp else list(turn.season.mites)
    blocks = list(turn.season.blocks) if wasp else []
    eaten = list(turn.season.eaten) if wasp else []
    current = None
    lists: dict[str, list] = {}
    gather_excise = list(turn.nectar.excise)
    steps: list[str] = []
    start = len(t.turns)
    while len(t.turns) == start and not t.over:
        d = pending(t)
        step: Step | str
        if d.kind == "dice":
            if t.turn.dice is None:
                step = Step("dice", tuple(turn.dice))
            else:
                step = Step("dice", tuple(current.result))
        elif d.kind == "assign":
            if assignments:
                current = assignments.pop(0)
                lists = {"larva": list(getattr(current, "larva", ())),
                         "nectar": list(getattr(current, "nectar", ())),
                         "excise": list(getattr(current, "excise", ())),
                         "marshal": list(getattr(current, "bees", ()))
                         if isinstance(current, Marshal) else [],
                         "build": list(getattr(current, "shapes", ()))}
                shape = None
                step = _opener(current)
            else:
                current = None
                step = Step("gather")
        elif d.kind == "reroll":
            step = Step("reroll", tuple(current.reroll))
        elif d.kind == "shape":
            cells = tuple(current.cells)
            k = len(cells) // 2 if current.boost and t.turn.open.cells is None else 0
            step = Step("shape", cells[:k] if k else
                        cells[len(t.turn.open.cells or ()):])
        elif d.kind == "larva":
            second = getattr(current, "second", None) is not None and \
                current.second.value in _stopped(t).jellies[current.second.jelly]
            source = lists.setdefault("second larva", list(current.second.larva)) if second \
                else lists["larva"]
            step = Step("larva-at", (_next(source, "larva"),))
        elif d.kind == "nectar" and t.turn.open is not None:
            step = Step("nectar", (current.bee, _next(lists["nectar"], "courier nectar")))
        elif d.kind == "nectar":
            p = _next(placements, "nectar")
            step = Step("nectar", (p.bee, p.cell))
        elif d.kind == "excise":
            source = gather_excise if t.turn.open is None else lists["excise"]
            step = Step("excise", (source.pop(0) if source else None,))
        elif d.kind == "sensilla":
            step = Step("sensilla", _next(sensilla, "sensilla"))
        elif d.kind == "reward":
            fill = current
            if getattr(current, "second", None) is not None and \
                    current.second.value in _stopped(t).jellies[current.second.jelly]:
                fill = current.second
            if fill.reward is None:
                raise NotAtTheTable("a completed royal jelly without its Queen's Reward")
            step = Step("reward", (fill.reward,))
        elif d.kind == "effect":
            step = Step("effect", (turn.season.effect,))
        elif d.kind == "mites":
            step = Step("mites", (_next(mites, "mites"),))
        elif d.kind == "marshal":
            if lists["marshal"]:
                at, b = lists["marshal"].pop(0)
                step = Step("marshal", (b, at))
            else:
                step = Step("marshal", ("done",))
        elif d.kind == "build":
            if lists["build"]:
                shape = lists["build"].pop(0)
                step = Step("build", (shape[0],))
            else:
                step = Step("build", ("done",))
        elif d.kind == "hexes":
            step = Step("hexes", (shape[1], tuple(shape[2])))
        elif d.kind == "wasp":
            step = Step("wasp", tuple(turn.season.dice))
        elif d.kind == "block":
            step = Step("block", (blocks.pop(0) if blocks else None,))
        elif d.kind == "eaten":
            step = Step("eat", (_next(eaten, "eaten larva"),))
        else:
            raise NotAtTheTable(d.prompt)
        text = step_text(step, t.start.sheet, t.start.chamber)
        t = push(t, text)
        steps.append(t.steps[-1])
    return t, steps


def _stopped(t: Table):
    """The sheet where the engine stopped for the pending choice."""
    from hyvekit.rules.hyve.table import stopped_state
    return stopped_state(t)


def _next(items: list, what: str):
    if not items:
        raise NotAtTheTable(f"the turn gives no more {what}")
    return items.pop(0)


def steps_for(t: Table, turns) -> tuple[Table, list[str]]:
    """Every step of ``turns`` played from ``t``; stops when the scenario ends."""
    out: list[str] = []
    for turn in turns:
        if t.over:
            break
        t, steps = walk(t, turn)
        out += steps
    return t, out
