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
from hyvekit.rules.hyve.table import Table, pending, push, stopped_state


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


class _Answers:
    """What a turn record's turn answers to each decision of the table, taken in order: its
    dice, its assignments and each one's lists (larva, nectar, excise, a Marshal's bees, a
    Build's shapes), its nectar placements, Sensilla, Mites, Wasp Attack blocks and larva
    eaten."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.assignments = list(turn.assignments)
        self.placements = list(turn.nectar.placements)
        self.sensilla = list(turn.sensilla)
        wasp = isinstance(turn.season, WaspAttack)
        self.mites = [] if wasp else list(turn.season.mites)
        self.blocks = list(turn.season.blocks) if wasp else []
        self.eaten = list(turn.season.eaten) if wasp else []
        self.gather_excise = list(turn.nectar.excise)
        self.current = None            # the assignment being answered
        self.lists: dict[str, list] = {}
        self.shape = None              # the Build's shape being placed

    def step(self, t: Table, d) -> Step:
        """The step answering the decision ``d`` due at ``t``.

        :raises NotAtTheTable: the turn gives no answer to it.
        """
        answer = self.KINDS.get(d.kind)
        if answer is None:
            raise NotAtTheTable(d.prompt)
        return answer(self, t)

    def dice(self, t: Table) -> Step:
        """The Refresh's faces, or the open Repurpose's new faces."""
        if t.turn.dice is None:
            return Step("dice", tuple(self.turn.dice))
        return Step("dice", tuple(self.current.result))

    def assign(self, t: Table) -> Step:
        """The next assignment opened, or ``gather`` when none is left."""
        if not self.assignments:
            self.current = None
            return Step("gather")
        current = self.current = self.assignments.pop(0)
        self.lists = {"larva": list(getattr(current, "larva", ())),
                      "nectar": list(getattr(current, "nectar", ())),
                      "excise": list(getattr(current, "excise", ())),
                      "marshal": list(getattr(current, "bees", ()))
                      if isinstance(current, Marshal) else [],
                      "build": list(getattr(current, "shapes", ()))}
        self.shape = None
        return _opener(current)

    def reroll(self, t: Table) -> Step:
        """The bees the open Repurpose rerolls."""
        return Step("reroll", tuple(self.current.reroll))

    def shape_cells(self, t: Table) -> Step:
        """The squares of the open Tend Eggs' (next) shape."""
        cells = tuple(self.current.cells)
        k = len(cells) // 2 if self.current.boost and t.turn.open.cells is None else 0
        return Step("shape", cells[:k] if k else cells[len(t.turn.open.cells or ()):])

    def in_second_fill(self, t: Table) -> bool:
        """A boosted Queen's Attendants at its second fill (its jelly holds the colour)."""
        second = getattr(self.current, "second", None)
        return second is not None and second.value in stopped_state(t).jellies[second.jelly]

    def larva(self, t: Table) -> Step:
        """Where the open action's next larva goes."""
        source = self.lists.setdefault("second larva", list(self.current.second.larva)) \
            if self.in_second_fill(t) else self.lists["larva"]
        return Step("larva-at", (_next(source, "larva"),))

    def nectar(self, t: Table) -> Step:
        """Where the next nectar goes: the open Courier's, or Gather Nectar's."""
        if t.turn.open is not None:
            return Step("nectar", (self.current.bee, _next(self.lists["nectar"],
                                                           "courier nectar")))
        p = _next(self.placements, "nectar")
        return Step("nectar", (p.bee, p.cell))

    def excise(self, t: Table) -> Step:
        """Excisor's next cross-out (none when the turn gives no more)."""
        source = self.gather_excise if t.turn.open is None else self.lists["excise"]
        return Step("excise", (source.pop(0) if source else None,))

    def sensilla_choice(self, t: Table) -> Step:
        """The next Sensilla colour and hex."""
        return Step("sensilla", _next(self.sensilla, "sensilla"))

    def reward(self, t: Table) -> Step:
        """The Queen's Reward of the royal jelly completed."""
        fill = self.current.second if self.in_second_fill(t) else self.current
        if fill.reward is None:
            raise NotAtTheTable("a completed royal jelly without its Queen's Reward")
        return Step("reward", (fill.reward,))

    def effect(self, t: Table) -> Step:
        """The seasonal effect."""
        return Step("effect", (self.turn.season.effect,))

    def mite(self, t: Table) -> Step:
        """The next nectar the mites cross out."""
        return Step("mites", (_next(self.mites, "mites"),))

    def marshal(self, t: Table) -> Step:
        """The Marshal's next bee on its hex, or ``done``."""
        if not self.lists["marshal"]:
            return Step("marshal", ("done",))
        at, b = self.lists["marshal"].pop(0)
        return Step("marshal", (b, at))

    def build(self, t: Table) -> Step:
        """The Build's next bee, or ``done``."""
        if not self.lists["build"]:
            return Step("build", ("done",))
        self.shape = self.lists["build"].pop(0)
        return Step("build", (self.shape[0],))

    def hexes(self, t: Table) -> Step:
        """Where the Build's bee's shape goes."""
        return Step("hexes", (self.shape[1], tuple(self.shape[2])))

    def wasp(self, t: Table) -> Step:
        """The two Light Attack dice."""
        return Step("wasp", tuple(self.turn.season.dice))

    def block(self, t: Table) -> Step:
        """The next defensive reserve spent (none when the turn gives no more)."""
        return Step("block", (self.blocks.pop(0) if self.blocks else None,))

    def eat(self, t: Table) -> Step:
        """The next populated larva the wasps eat."""
        return Step("eat", (_next(self.eaten, "eaten larva"),))

    #: the answer to each kind of decision
    KINDS = {"dice": dice, "assign": assign, "reroll": reroll, "shape": shape_cells,
             "larva": larva, "nectar": nectar, "excise": excise, "sensilla": sensilla_choice,
             "reward": reward, "effect": effect, "mites": mite, "marshal": marshal,
             "build": build, "hexes": hexes, "wasp": wasp, "block": block, "eaten": eat}


def walk(t: Table, turn: Turn) -> tuple[Table, list[str]]:
    """Play ``turn`` at the table from the start of a turn: the table after it and the steps
    made (as stored).

    :raises NotAtTheTable: a choice the table does not ask for.
    :raises IllegalActionError: the turn breaks a rule (as ``hyve check`` would say).
    """
    answers = _Answers(turn)
    steps: list[str] = []
    start = len(t.turns)
    while len(t.turns) == start and not t.over:
        step = answers.step(t, pending(t))
        t = push(t, step_text(step, t.start.sheet, t.start.chamber))
        steps.append(t.steps[-1])
    return t, steps


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
