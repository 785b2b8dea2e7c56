"""A HYVE scenario at the table, as a value: the sheet after Setup, the finished turns, the
current turn's choices so far (:class:`TurnSoFar`) and the sheet after them, played by the turn
engine (:mod:`hyvekit.rules.hyve.turn`).

The choices of the current turn are played from the start of the turn with
:data:`~hyvekit.rules.hyve.need.HOLE` in each place a choice is still open (:func:`trial`);
the engine plays on until it reaches one and raises :class:`~hyvekit.rules.hyve.need.Need`
with the sheet where it stopped.  That is where the table stands: :mod:`.table_decision`
turns it into the decision due, :mod:`.table_push` adds a step to the turn and settles it
(:func:`settled`).  No rule of a turn is written here: each is the engine's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import field, replace
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.actions import (WILD, Bee, Build, Courier, GatherNectar, Marshal,
                                        Placement, QueensAttendants, Refresh, Repurpose,
                                        SeasonalEffect, TendEggs, TendLarva, Turn, WaspAttack)
from hyvekit.rules.hyve.need import HOLE, Need
from hyvekit.rules.hyve.notation import Step, step_text
from hyvekit.rules.hyve.scenario import ScenarioState, place_features
from hyvekit.rules.hyve.scoring import HEXES
from hyvekit.rules.hyve.turn import apply
from hyvekit.rules.values import dataclass

R_TABLE = "Hyve: Turn Structure"
#: who decides every choice of a HYVE scenario (a solo game)
PLAYER = "player"


@dataclass(frozen=True)
class TurnSoFar:
    """The current turn's choices so far.

    :ivar dice: the Refresh faces (None: not rolled); :ivar sensilla: Sensilla choices made,
        ``(die value, hex)``; :ivar done: the complete assignments; :ivar open: the assignment
        being chosen (a typed action; a Repurpose's ``reroll``/``result`` and a Tend Eggs'
        ``cells`` are None until chosen); :ivar gather: the nectar placed so far (None: still
        assigning); :ivar gather_excise: Excisor choices of Gather Nectar; :ivar effect: the
        seasonal effect (None: not chosen); :ivar mites: the nectar crossed out.
    :ivar closed: the open Marshal or Build takes no more bees; :ivar building: the bee of
        the Build whose shape is being placed.  Wasp War: :ivar wasp: the Light Attack dice;
        :ivar blocks: the defensive hexes spent (:ivar blocks_closed: no more);
        :ivar eaten: the larva squares eaten.
    """

    dice: tuple[int, ...] | None = None
    sensilla: tuple[tuple[int, Any], ...] = ()
    done: tuple = ()
    open: Any = None
    gather: tuple[Placement, ...] | None = None
    gather_excise: tuple = ()
    gather_closed: bool = False
    effect: int | None = None
    mites: tuple = ()
    closed: bool = False
    building: Bee | None = None
    egg_size: int | None = None
    wasp: tuple[int, ...] | None = None
    blocks: tuple[str, ...] = ()
    blocks_closed: bool = False
    eaten: tuple = ()

    def as_turn(self) -> Turn:
        """The turn as a turn record states it (what was chosen so far)."""
        season = (SeasonalEffect(self.effect, tuple(self.mites)) if self.wasp is None
                  else WaspAttack(self.wasp, tuple(self.blocks), tuple(self.eaten)))
        return Turn(dice=self.dice or (), assignments=tuple(self.done),
                    nectar=GatherNectar(tuple(self.gather or ()), tuple(self.gather_excise)),
                    season=season, sensilla=tuple(self.sensilla))


@dataclass(frozen=True)
class Table:
    """A scenario at the table.

    :ivar start: the sheet after Setup; :ivar turns: the finished turns (a partial last one
        when the scenario ended during it); :ivar state: the sheet at the start of the current
        turn; :ivar turn: the current turn so far; :ivar now: the sheet after every step so far
        (the engine stopped at the pending choice); :ivar steps: the steps made, as stored;
        :ivar said: what the rules did with the last step, in words (not compared).
    """

    start: ScenarioState
    turns: tuple[Turn, ...] = ()
    state: ScenarioState | None = None
    turn: TurnSoFar = TurnSoFar()
    now: ScenarioState | None = None
    steps: tuple[str, ...] = ()
    _cache: dict = field(default_factory=dict, repr=False, compare=False)
    said: tuple[str, ...] = field(default=(), compare=False)

    @property
    def over(self) -> bool:
        """Whether the scenario has ended (won or lost)."""
        return self.now.status != "playing"

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without what was worked out for them (a decision holds a function)."""
        return {**self.__dict__, "_cache": {}}

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """What was worked out for this table under ``key`` (the decision due, the sheet at
        the start of the turn's choices): ``make()`` on the first ask, kept for the next."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def noted(self, step: str) -> Table:
        """The table with ``step`` kept and nothing else changed (a step that changes
        nothing on the sheet)."""
        return replace(self, steps=self.steps + (step,), _cache={})

    def notation(self, step: Step) -> str:
        """The canonical text of ``step`` on this table's sheet
        (:func:`~hyvekit.rules.hyve.notation.step_text`)."""
        return step_text(step, self.start.sheet, self.start.chamber)

    def all_turns(self) -> tuple[Turn, ...]:
        """The finished turns and the current one (when any of it is chosen)."""
        if self.over or self.turn.dice is None:
            return self.turns
        return (*self.turns, self.turn.as_turn())


def new_table(start: ScenarioState) -> Table:
    """A scenario at the table from its sheet after Setup (:func:`~.scenario.new_scenario`)."""
    return Table(start=start, state=start, now=start)


# --- playing the turn so far -------------------------------------------------------------------

def _holed(s: ScenarioState, a, closed: bool = False):
    """``a`` with its open lists ending in HOLE ("more, if more are needed"); ``closed``: its
    larva or nectar list is complete (Bee Builder without room, ruling H82)."""
    cut = (HOLE,) if s.has("excisor") else ()
    if closed:
        return replace(a, excise=a.excise + cut) if hasattr(a, "excise") else a
    if isinstance(a, TendLarva):
        return replace(a, larva=a.larva + (HOLE,), excise=a.excise + cut)
    if isinstance(a, QueensAttendants):
        second = a.second
        if second is not None:
            second = replace(second, larva=second.larva + (HOLE,), excise=second.excise + cut,
                             reward=HOLE if second.reward is None else second.reward)
        return replace(a, larva=a.larva + (HOLE,), excise=a.excise + cut,
                       reward=HOLE if a.reward is None else a.reward, second=second)
    if isinstance(a, Courier):
        return replace(a, nectar=a.nectar + (HOLE,), excise=a.excise + cut)
    return a


def trial(t: Table, turn: TurnSoFar) -> tuple[ScenarioState, Need | None]:
    """Play ``turn`` from the start of the turn: the sheet and where the engine stopped.

    :raises IllegalActionError, InvalidInputError: the choices break a rule.
    """
    try:
        s = base_sheet(t, turn)
        if s.status != "playing":
            return s, None
        if turn.open is not None and s.status == "playing" \
                and not incomplete(turn.open, turn):
            s = apply(s, _holed(s, turn.open, turn.closed))
        if turn.gather is not None and s.status == "playing":
            left = Counter(s.pool)
            left.subtract(p.bee.face for p in turn.gather)
            rest = () if turn.gather_closed else tuple(
                Placement(Bee(f, 1 if f == WILD else f), HOLE) for f in sorted(left.elements()))
            cut = (HOLE,) if s.has("excisor") else ()
            s = apply(s, GatherNectar(turn.gather + rest, turn.gather_excise + cut))
        if turn.effect is not None and s.status == "playing":
            s = apply(s, SeasonalEffect(turn.effect, turn.mites + (HOLE,)))
        if turn.wasp is not None and s.status == "playing":
            blocks = turn.blocks + (() if turn.blocks_closed else (HOLE,))
            s = apply(s, WaspAttack(turn.wasp, blocks, turn.eaten + (HOLE,)))
    except Need as need:
        return need.state, need
    return s, None


def base_sheet(t: Table, turn: TurnSoFar) -> ScenarioState:
    """The sheet after the Refresh and the complete assignments of ``turn`` (kept on the
    table: every option tried from here starts from it)."""
    return t.memo(("base", turn.dice, turn.sensilla, turn.done),
                  lambda: _refreshed_and_done(t.state, turn))


def _refreshed_and_done(s: ScenarioState, turn: TurnSoFar) -> ScenarioState:
    """``s`` (the sheet at the start of the turn) after the Refresh and the complete
    assignments of ``turn``."""
    sens = turn.sensilla + ((HOLE,) if s.has("sensilla") else ())
    s = apply(s, Refresh(turn.dice, sens))
    for a in turn.done:                   # complete: every choice of theirs is made
        if s.status != "playing":
            break
        s = apply(s, a)
    return s


def _closed(a):
    """``a`` as a turn record keeps it: no open reward."""
    if isinstance(a, QueensAttendants):
        if a.second is not None and a.second.reward is HOLE:
            a = replace(a, second=replace(a.second, reward=None))
        if a.reward is HOLE:
            a = replace(a, reward=None)
    return a


def pool(t: Table, turn: TurnSoFar) -> tuple[int, ...]:
    """The unassigned bees (faces 1–6) once the complete assignments of ``turn`` are
    played."""
    s, _ = trial(t, replace(turn, open=None, gather=None, effect=None, mites=()))
    return s.pool


def settled(t: Table, turn: TurnSoFar, step: str) -> Table:
    """The table after ``turn`` (checked by the engine), with ``step`` kept: a finished
    assignment closed, an empty pool gathered, a finished turn recorded.

    :raises IllegalActionError, InvalidInputError: the turn breaks a rule.
    """
    while turn.dice is not None:
        s, need = trial(t, turn)
        if need is not None:
            if (need.kind == "place" and turn.open is None and turn.gather is not None
                    and s.sheet.builder_shapes
                    and not targets(s, need.info["feature"], need.info["rule"])):
                turn = replace(turn, gather_closed=True)   # no built room: ruling H82
                continue
            if (need.kind == "place" and turn.open is not None and s.sheet.builder_shapes
                    and not targets(s, need.info["feature"], need.info["rule"])):
                turn = replace(turn, closed=True)          # no built room: ruling H82
                continue
            break
        if turn.open is not None:
            if incomplete(turn.open, turn):
                break
            turn = replace(turn, done=turn.done + (_closed(turn.open),), open=None,
                           closed=False, building=None)
            continue
        if s.status != "playing":
            break
        if turn.gather is None and s.phase == "assign" and not s.pool:
            turn = replace(turn, gather=())
            continue
        break
    kept = {k: v for k, v in t._cache.items() if k[0] == "base"}   # same turn start
    t2 = replace(t, turn=turn, now=s, steps=t.steps + (step,), _cache=kept)
    if turn.dice is not None and need is None and turn.open is None and (
            s.status != "playing" or s.phase == "refresh"):
        t2 = replace(t2, turns=t2.turns + (turn.as_turn(),), turn=TurnSoFar(), state=s,
                     _cache={})
    return t2


def incomplete(a, turn: TurnSoFar | None = None) -> bool:
    """Whether the open assignment still has choices to make before the engine plays it."""
    if isinstance(a, (Marshal, Build)):
        return turn is None or not turn.closed
    return ((isinstance(a, Repurpose) and (a.reroll is None or a.result is None))
            or (isinstance(a, TendEggs) and (a.cells is None or _shapes_left(a, turn))))


def _shapes_left(a: TendEggs, turn: TurnSoFar | None) -> int:
    """Shapes a boosted Tend Eggs still draws (Turbo Mode: "two of whichever shape")."""
    if not a.boost or a.bee.stands_for is None or turn is None or turn.egg_size is None:
        return 0
    return max(0, 2 - len(a.cells or ()) // turn.egg_size)


def stopped_state(t: Table) -> ScenarioState:
    """The sheet where the engine stopped for the pending choice."""
    s, need = trial(t, t.turn)
    return need.state if need is not None else s


def targets(s: ScenarioState, feature, rule: str) -> list:
    """The hexes a feature (a nectar, a larva: a :class:`~.scoring.Space`) may go on now
    (Placement Rules, ``rule`` naming them in errors): the active hyve's, and in Bee Builder
    the next hyve's (``(hyve, hex)``), as the engine places it."""
    out = []
    spots = list(HEXES)
    if s.sheet.builder_shapes and s.active + 2 <= len(s.hyves):
        spots += [(s.active + 2, h) for h in HEXES]      # the next hyve: a Migration
    for h in spots:
        try:
            place_features(s, [(h, feature)], rule, [HOLE])
        except Need:
            pass
        except (IllegalActionError, InvalidInputError):
            continue
        out.append(h)
    return out
