"""A Hyve scenario played at the table: what is pending, the legal steps, one step applied.

Implements the order of ``rules/hyve.txt``, "Turn Structure", one decision at a time: the
Refresh roll (1.; Controlled Rolls may roll fewer), each worker assignment (2.; Repurpose and
which bees it rerolls, then their new faces; a Bakery set; Tend Eggs and where its shape goes;
Tend Larva's row or column and where each larva goes; Queen's Attendants' jelly, its Queen's
Reward and Overwork Queen's larva; the Courier of a legacy run and its nectar), where each
nectar goes (3., the Placement Rules and the overflow into the next hyve), the perks' choices
(Excisor before a completed hyve is scored, Beseech, Sensilla when the HP die enters an
uncoloured space), the seasonal effect among those still open and the Mites cross-outs (6.).
Feed Bees (4.), Migration (5.), hyve scoring, HP movement, the demands of Long Live the Queen
and the end of the scenario are played by the engine (:mod:`hyvekit.rules.hyve.turn`): the
table only builds the typed actions and plays them, so a turn played here is the
:class:`~hyvekit.rules.hyve.actions.Turn` a turn record states.

Shape (python-chess's ``legal_moves`` / ``push``)::

    t = new_table(new_scenario(sheet, colours))
    d = pending(t)            # Decision: kind, prompt, legal (notations, :mod:`.notation`)
    t = push(t, "roll", rng)  # t.steps[-1]: the step as stored ("dice 1 3 W 4 2 5")

A step the rules refuse raises :class:`IllegalActionError` (the rule's name and the legal
steps); a malformed one :class:`InvalidInputError`.  The engine plays the turn so far with
:data:`~hyvekit.rules.hyve.need.HOLE` where a choice is still open and reports where it
stopped (:class:`~hyvekit.rules.hyve.need.Need`): that is the pending decision, and the legal
options are the candidates the engine accepts from there.

Wasp War's Marshal (its bees one by one) and Wasp Attack (the dice, each block, each larva
eaten), Bee Builder's Build (each bee's shape) and Turbo Mode's boosts (a 2-type Bee
alongside an action: ``repurpose 3 boost``, two shapes of ``eggs 3 boost``, ``larva 3 both``,
``queen 5 overwork + plumose``) are decisions too.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import field, replace
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.hyve.actions import (WILD, Bakery, Bee, Build, Courier, GatherNectar,
                                        JellyFill, Marshal, Placement, QueensAttendants, Refresh,
                                        Repurpose, SeasonalEffect, TendEggs, TendLarva, Turn,
                                        WaspAttack, bee)
from hyvekit.rules.hyve.larva import Line, apply_eggs, shape_placements
from hyvekit.rules.hyve.mites import mites_choices
from hyvekit.rules.hyve.need import HOLE, Need
from hyvekit.rules.hyve.notation import Step, face_text, parse_step, step_text
from hyvekit.rules.hyve.scenario import (R_SENSILLA, R_TURN, REPURPOSE_WILD_MAX,
                                         ScenarioState, place_features)
from hyvekit.rules.hyve.scoring import HEXES, NECTAR, Space, cell_name
from hyvekit.rules.hyve.sheets import BEE_TYPES, BREAD_MAX, HYVES
from hyvekit.rules.hyve.turn import apply
from hyvekit.rules.table import Decision, over
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
        return self.now.status != "playing"

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without what was worked out for them (a decision holds a function)."""
        return {**self.__dict__, "_cache": {}}

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


def _trial(t: Table, turn: TurnSoFar) -> tuple[ScenarioState, Need | None]:
    """Play ``turn`` from the start of the turn: the sheet and where the engine stopped.

    :raises IllegalActionError, InvalidInputError: the choices break a rule.
    """
    try:
        s = _base(t, turn)
        if s.status != "playing":
            return s, None
        if turn.open is not None and s.status == "playing" \
                and not _incomplete(turn.open, turn):
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


def _base(t: Table, turn: TurnSoFar) -> ScenarioState:
    """The sheet after the Refresh and the complete assignments of ``turn`` (kept on the
    table: every option tried from here starts from it)."""
    key = ("base", turn.dice, turn.sensilla, turn.done)
    if key in t._cache:
        return t._cache[key]
    s = t.state
    sens = turn.sensilla + ((HOLE,) if s.has("sensilla") else ())
    s = apply(s, Refresh(turn.dice, sens))
    for a in turn.done:                   # complete: every choice of theirs is made
        if s.status != "playing":
            break
        s = apply(s, a)
    t._cache[key] = s
    return s


def _closed(a):
    """``a`` as a turn record keeps it: no open reward."""
    if isinstance(a, QueensAttendants):
        if a.second is not None and a.second.reward is HOLE:
            a = replace(a, second=replace(a.second, reward=None))
        if a.reward is HOLE:
            a = replace(a, reward=None)
    return a


def _pool(t: Table, turn: TurnSoFar) -> tuple[int, ...]:
    """The unassigned bees once the complete assignments are played."""
    s, _ = _trial(t, replace(turn, open=None, gather=None, effect=None, mites=()))
    return s.pool


def _settled(t: Table, turn: TurnSoFar, step: str) -> Table:
    """The table after ``turn`` (checked): a finished assignment closed, an empty pool
    gathered, a finished turn recorded."""
    while turn.dice is not None:
        s, need = _trial(t, turn)
        if need is not None:
            if (need.kind == "place" and turn.open is None and turn.gather is not None
                    and s.sheet.builder_shapes
                    and not _targets(s, need.info["feature"], need.info["rule"])):
                turn = replace(turn, gather_closed=True)   # no built room: ruling H82
                continue
            if (need.kind == "place" and turn.open is not None and s.sheet.builder_shapes
                    and not _targets(s, need.info["feature"], need.info["rule"])):
                turn = replace(turn, closed=True)          # no built room: ruling H82
                continue
            break
        if turn.open is not None:
            if _incomplete(turn.open, turn):
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


def _incomplete(a, turn: TurnSoFar | None = None) -> bool:
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


# --- the pending decision ----------------------------------------------------------------------

def pending(t: Table) -> Decision:
    """The decision due now (memoized on the table)."""
    if "pending" not in t._cache:
        t._cache["pending"] = _pending(t)
    return t._cache["pending"]


def _pending(t: Table) -> Decision:
    s0 = t.now
    if s0.status != "playing":
        return over(f"the scenario has ended: {s0.status} ({', '.join(s0.end)})")
    turn = t.turn
    if turn.dice is None:
        return _dice_decision(t.state)
    a = turn.open
    if isinstance(a, Repurpose) and a.reroll is None:
        return Decision("reroll", PLAYER, f"Repurpose ({a.bee}): which bees to reroll",
                        lambda: _reroll_options(t))
    if isinstance(a, Repurpose):
        n = len(a.reroll)
        return Decision("dice", PLAYER, f"Repurpose: roll the {counted(n, 'bee')} again",
                        ("roll",), more=_faces_rolled(n))
    if isinstance(a, TendEggs) and _incomplete(a, turn):
        which = "the second " if a.cells else ""
        return Decision("shape", PLAYER, f"Tend Eggs ({a.bee}): where {which or 'the '}"
                        f"{a.bee.stands_for} shape goes", lambda: _shape_options(t))
    if isinstance(a, Marshal) and not turn.closed:
        return Decision("marshal", PLAYER, "Marshal: a bee on an empty formation hex"
                        + (", or done" if a.bees else ""), lambda: _marshal_options(t))
    if isinstance(a, Build) and not turn.closed:
        if turn.building is not None:
            return Decision("hexes", PLAYER, f"Build ({turn.building}): where its shape goes",
                            lambda: _build_options(t))
        return Decision("build", PLAYER, "Build: a bee to draw its shape"
                        + (", or done" if a.shapes else ""), lambda: _builders(t))
    s, need = _trial(t, turn)
    if need is not None:
        return _need_decision(t, need)
    if s.phase == "season" and s.sheet.wasp is not None and turn.wasp is None:
        return Decision("wasp", PLAYER, f"Wasp Attack (round {s.rounds_done + 1} of "
                        f"{s.sheet.wasp.rounds}): roll the two Light Attack dice", ("roll",),
                        more="or the two faces rolled: wasp F F")
    if s.phase == "assign" and turn.gather is None:
        return Decision("assign", PLAYER, f"Assign Workers: {_faces(s.pool)} unassigned; an "
                        "action, or gather", lambda: _assign_options(t, s))
    if s.phase == "season":
        left = s.available_effects
        season = s.sheet.seasons[s.season_index]
        return Decision("effect", PLAYER, f"Seasonal Effect ({season.name}): choose one of "
                        + ", ".join(f"{k} ({season.effects[k - 1].describe()})" for k in left),
                        tuple(f"effect {k}" for k in left))
    raise AssertionError(f"no decision at phase {s.phase}")   # pragma: no cover


def _faces(faces) -> str:
    return " ".join(face_text(f) for f in sorted(faces)) or "no bees"


def _faces_rolled(n: int) -> str:
    """How the faces rolled at the table are typed instead of ``roll``: ``n`` dice."""
    return "or the face rolled: dice F" if n == 1 else f"or the {n} faces rolled: dice F F ..."


def _dice_decision(s: ScenarioState) -> Decision:
    normal = min(s.population, s.sheet.refresh_max)
    legal = ("roll",)
    more = _faces_rolled(normal)
    if s.has("controlled-rolls"):
        legal += tuple(f"roll {n}" for n in range(0, normal))
        more = "or the faces rolled (Controlled Rolls: fewer dice)"
    return Decision("dice", PLAYER, f"Turn {s.turn}, Refresh: roll {normal} dice", legal, more)


def _text(t: Table, step: Step) -> str:
    return step_text(step, t.start.sheet, t.start.chamber)


def _accepted(t: Table, turn: TurnSoFar) -> bool:
    try:
        _trial(t, turn)
    except (IllegalActionError, InvalidInputError):
        return False
    return True


def _bees_for_value(face: int) -> tuple[Bee, ...]:
    """The ways a bee counts: a coloured bee as itself, a wild Bee as each value 1–5."""
    return tuple(bee(WILD, v) for v in BEE_TYPES) if face == WILD else (bee(face),)


def _probe(t: Table, turn: TurnSoFar, action) -> None:
    """Check an opened assignment before its later choices are made: played with a neutral
    choice where one is still open (a Repurpose's first bees, unchanged; Tend Eggs' first
    place for the shape).

    :raises IllegalActionError, InvalidInputError: no choice would make it legal.
    """
    turn = replace(turn, egg_size=None)      # an earlier Tend Eggs' shape size is not this one's
    if isinstance(action, Repurpose) and action.reroll is None:
        s = _base(t, turn)
        sizes = _reroll_sizes(s, action, len(_after_bee(s, action)))
        rest = _after_bee(s, action)
        n = sizes[0] if sizes else 0
        action = replace(action, reroll=tuple(rest[:n]), result=tuple(rest[:n]))
    elif isinstance(action, (Marshal, Build)):
        _trial(t, replace(turn, open=action, closed=True))
        if isinstance(action, Build) and not action.shapes and \
                not _builders(t, replace(turn, open=action)):
            raise IllegalActionError(R_TABLE, "Build: no bee left has room for its shape",
                                     expected="another action", given="build")
        return
    elif isinstance(action, TendEggs) and action.cells is None:
        chamber = _base(t, turn).chamber
        value = action.bee.stands_for
        cells: tuple = ()
        for _ in range(2 if action.boost else 1):
            places = shape_placements(chamber, value) if value is not None else ()
            if places:
                cells += places[0]
                chamber = apply_eggs(chamber, value, places[0])
        action = replace(action, cells=cells)
    _trial(t, replace(turn, open=action))


def _after_bee(s: ScenarioState, a: Repurpose) -> list[int]:
    """The unassigned bees once a Repurpose's bee (and its boost bee) are placed."""
    pool = list(s.pool)
    for f in (a.bee.face,) + ((s.sheet.turbo_boost,) if a.boost else ()):
        if f in pool:
            pool.remove(f)
    return pool


def _reroll_sizes(s: ScenarioState, a: Repurpose, left: int) -> tuple[int, ...]:
    """How many bees a Repurpose may reroll (Repurpose; Turbo Mode doubles)."""
    if s.sheet.turbo_boost is not None:
        from hyvekit.rules.hyve.modes import turbo_repurpose_rerolls
        placed = [a.bee.face] + ([s.sheet.turbo_boost] if a.boost else [])
        try:
            return turbo_repurpose_rerolls(placed, left, s.sheet.turbo_boost) or (0,)
        except IllegalActionError:
            return ()
    if a.bee.wild:
        return tuple(range(1, min(REPURPOSE_WILD_MAX, left) + 1))
    return (a.bee.face,) if a.bee.face <= left else ()


def _assign_options(t: Table, s: ScenarioState) -> tuple[str, ...]:
    """Every assignment that can be opened now (each checked by :func:`_probe`), and
    ``gather``."""
    pool = s.pool
    faces = sorted(set(pool))
    steps: list[Step] = [Step("repurpose", (bee(f),)) for f in faces]
    for bread in BEE_TYPES:
        target = s.bread[bread - 1] + 1
        have, wild = pool.count(bread), pool.count(WILD)
        if target <= BREAD_MAX:
            steps += [Step("bakery", (bread, (bee(bread),) * (target - k) + (bee(WILD),) * k))
                      for k in range(max(0, target - have), min(wild, target) + 1)]
    steps += [Step("eggs", (b,)) for f in faces for b in _bees_for_value(f)
              if shape_placements(s.chamber, b.stands_for)]
    ch = s.sheet.chamber
    for f in faces:
        if f == WILD:
            lines = ([Line("row", v) for v in ch.rows] + [Line("column", v) for v in ch.columns]
                     + [Line("wild", k) for k in range(1, ch.wild_columns + 1)])
        else:
            lines = [Line("row", f), Line("column", f)]
        steps += [Step("larva", (bee(f), line)) for line in lines]
    steps += [Step("queen", (b, j, beseech)) for f in faces for b in _bees_for_value(f)
              for j in range(len(s.sheet.jellies))
              for beseech in ((False, True) if s.has("beseech") else (False,))]
    if s.legacy:
        steps += [Step("courier", (bee(f),)) for f in faces]
    boost = s.sheet.turbo_boost
    if boost is not None and boost in pool:
        steps += _boosted_openers(s, faces)
    if s.sheet.wasp is not None and pool:
        steps.append(Step("marshal"))
    if s.sheet.builder_shapes and pool:
        steps.append(Step("build"))
    out = []
    for step in steps:
        try:
            _probe(t, t.turn, _opened(step))
        except (IllegalActionError, InvalidInputError):
            continue
        out.append(_text(t, step))
    return (*out, "gather")


def _squares(s: ScenarioState) -> list:
    return [(r, c) for r in range(len(s.chamber.squares)) for c in range(s.chamber.width)]


def _left_faces(t: Table, used) -> list[int]:
    left = list(_pool(t, t.turn))
    for f in used:
        left.remove(f)
    return sorted(set(left))


def _marshal_options(t: Table) -> tuple[str, ...]:
    """The next Marshal bee on each empty formation hex (each checked by the engine), and
    ``marshal done`` once one is placed."""
    a = t.turn.open
    s = _base(t, t.turn)
    spots = [f"{k[0].upper()}{f}.{h}" for k, groups in (("defensive", s.marshal.defensive),
                                                         ("offensive", s.marshal.offensive))
             for f, group in enumerate(groups, start=1)
             for h, value in enumerate(group, start=1) if value is None]
    spots = [x for x in spots if x not in {at for at, _ in a.bees}]
    out = []
    for f in _left_faces(t, [b.face for _, b in a.bees]):
        for b in _bees_for_value(f):
            for at in spots:
                trial = replace(t.turn, open=Marshal(a.bees + ((at, b),)), closed=True)
                if _accepted(t, trial):
                    out.append(_text(t, Step("marshal", (b, at))))
    return tuple(out) + (("marshal done",) if a.bees else ())


def _builders(t: Table, turn: TurnSoFar | None = None) -> tuple[str, ...]:
    """The bees that can draw a shape now (``turn``: the table's own, with a Build open),
    and ``build done`` once one is drawn."""
    turn = turn or t.turn
    a = turn.open
    out = []
    for f in _left_faces(t, [b.face for b, _, _ in a.shapes]):
        for b in _bees_for_value(f):
            if _build_places(t, b, turn):
                out.append(_text(t, Step("build", (b,))))
    return tuple(out) + (("build done",) if a.shapes else ())


def _build_places(t: Table, b: Bee, turn: TurnSoFar | None = None) -> list:
    """Every legal place of ``b``'s shape after the Build's shapes so far: ``(hyve, hexes)``
    (Bee Builder, Build Action; the rules core's :func:`legal_builds`)."""
    from hyvekit.rules.hyve.modes import Build as ModeBuild
    from hyvekit.rules.hyve.modes import apply_build, legal_builds
    turn = turn or t.turn
    s = _base(t, turn)
    sheet = s.sheet
    so_far = [ModeBuild(x.face, hyve, tuple(hexes), x.value if x.wild else None)
              for x, hyve, hexes in turn.open.shapes]
    built = apply_build(sheet.builder_shapes, sheet.hyves, s.built, s.active + 1, so_far) \
        if so_far else s.built
    value = b.stands_for
    out = []
    for hyve in range(s.active + 1, len(sheet.hyves) + 1):
        for found in legal_builds(sheet.builder_shapes, sheet.hyves, built, s.active + 1,
                                  hyve, values=[value]):
            out.append((hyve, tuple(sorted(found.hexes))))
    return sorted(set(out))


def _build_options(t: Table) -> tuple[str, ...]:
    b = t.turn.building
    out = []
    for hyve, hexes in _build_places(t, b):
        trial = replace(t.turn, open=Build(t.turn.open.shapes + ((b, hyve, hexes),)),
                        closed=True, building=None)
        if _accepted(t, trial):
            out.append(_text(t, Step("hexes", (hyve, hexes))))
    return tuple(out)


def _boosted_openers(s: ScenarioState, faces) -> list[Step]:
    """Turbo Mode: the actions a 2-type Bee may boost ("Action Boost: When used alongside
    other Bees, they can enhance the Action being performed") — each checked by the engine
    when tried."""
    boost = s.sheet.turbo_boost
    ch = s.sheet.chamber
    out: list[Step] = []
    for f in faces:
        out.append(Step("repurpose", (bee(f), True)))
        for b in _bees_for_value(f):
            if b.stands_for != boost and shape_placements(s.chamber, b.stands_for):
                out.append(Step("eggs", (b, True)))
        values = sorted(set(ch.rows) | set(ch.columns)) if f == WILD else [f]
        out += [Step("larva", (bee(f), Line("row", v), True)) for v in values]
        jellies = range(len(s.sheet.jellies))
        for b in _bees_for_value(f):
            seconds = [b.stands_for] if f != WILD else list(BEE_TYPES)
            out += [Step("queen", (b, j, False, (v, j2))) for j in jellies for j2 in jellies
                    if j2 != j for v in seconds]
    for bread in BEE_TYPES:                     # a set with the 2-type Bee alongside
        if bread == boost:
            continue
        have, wild = s.pool.count(bread), s.pool.count(WILD)
        for k in range(0, have + 1):
            for w in range(0, wild + 1):
                if k + w:
                    bees = (bee(bread),) * k + (bee(WILD),) * w + (bee(boost),)
                    out.append(Step("bakery", (bread, bees)))
    return out


def _reroll_options(t: Table) -> tuple[str, ...]:
    a = t.turn.open
    s = _base(t, t.turn)
    pool = _after_bee(s, a)
    sizes = _reroll_sizes(s, a, len(pool))
    out = []
    for n in sizes:
        for combo in sorted(set(itertools.combinations(sorted(pool), n))):
            trial = replace(t.turn, open=replace(a, reroll=combo, result=combo))
            if _accepted(t, trial):
                out.append(_text(t, Step("reroll", combo)))
    return tuple(out)


def _shape_options(t: Table) -> tuple[str, ...]:
    return tuple(_text(t, Step("shape", cells)) for cells in _shape_places(t))


def _shape_places(t: Table) -> list[tuple]:
    """The squares (in shape order) where the open Tend Eggs' next shape may go: it fits, and
    for the first of a boosted two the second still fits beside it."""
    a = t.turn.open
    value = a.bee.stands_for
    chamber = _base(t, t.turn).chamber
    if a.cells:                                # a boosted Tend Eggs' second shape
        chamber = apply_eggs(chamber, value, a.cells)
    out = []
    first_of_two = a.boost and not a.cells and t.state.sheet.turbo_boost is not None
    for cells in shape_placements(chamber, value):
        if first_of_two:                       # the second shape must still fit beside it
            ok = bool(shape_placements(apply_eggs(chamber, value, cells), value))
        else:
            trial = replace(t.turn, open=replace(a, cells=(a.cells or ()) + cells),
                            egg_size=len(cells))
            ok = _accepted(t, trial)
        if ok:
            out.append(cells)
    return out


def _targets(s: ScenarioState, feature, rule: str) -> list:
    """The hexes of the active hyve a feature may go on now (Placement Rules)."""
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


def _need_decision(t: Table, need: Need) -> Decision:
    s, info = need.state, need.info
    turn = t.turn
    if need.kind == "place" and turn.open is None:          # Gather Nectar
        left = Counter(_pool(t, turn))
        left.subtract(p.bee.face for p in turn.gather)
        faces = sorted(left.elements())

        def nectar() -> tuple[str, ...]:
            hexes = _targets(s, info["feature"], info["rule"])
            return tuple(_text(t, Step("nectar", (b, h)))
                         for f in sorted(set(faces)) for b in _bees_for_value(f) for h in hexes)
        return Decision("nectar", PLAYER, f"Gather Nectar into hyve {s.active + 1}: "
                        f"{_faces(faces)} left; BEE@HEX", nectar)
    if need.kind == "place" and isinstance(turn.open, Courier):
        b = turn.open.bee
        return Decision("nectar", PLAYER, f"Courier: where the {s.colour(b.face)} nectar goes",
                        lambda: tuple(_text(t, Step("nectar", (b, h)))
                                      for h in _targets(s, info["feature"], info["rule"])))
    if need.kind == "place":
        return Decision("larva", PLAYER, f"{_label(turn.open)}: where the next larva goes "
                        f"(hyve {s.active + 1})",
                        lambda: tuple(_text(t, Step("larva-at", (h,)))
                                      for h in _targets(s, info["feature"], info["rule"])))
    if need.kind == "excise":
        def excise() -> tuple[str, ...]:
            out = ["excise none"]
            for h in HEXES:
                if turn.open is None:
                    trial = replace(turn, gather_excise=turn.gather_excise + (h,))
                else:
                    trial = replace(turn, open=replace(turn.open,
                                                       excise=turn.open.excise + (h,)))
                if _accepted(t, trial):
                    out.append(f"excise {cell_name(h)}")
            return tuple(out)
        return Decision("excise", PLAYER, f"Excisor: hyve {info['hyve']} is complete; cross "
                        "out one space before it is scored, or none", excise)
    if need.kind == "sensilla":
        def sensilla() -> tuple[str, ...]:
            out = []
            for v in BEE_TYPES:
                for h in _targets(s, Space(NECTAR, variety=str(v)), R_SENSILLA):
                    trial = replace(t.turn, sensilla=t.turn.sensilla + ((v, h),))
                    if _accepted(t, trial):        # as the engine places it, after the turn
                        out.append(_text(t, Step("sensilla", (v, h))))
            if not out and s.sheet.builder_shapes:         # no built room: ruling H82
                out = [_text(t, Step("sensilla", (v, None))) for v in BEE_TYPES]
            return tuple(out)
        return Decision("sensilla", PLAYER, f"Sensilla: the HP die entered the uncoloured space "
                        f"{info['label']}: its colour and the nectar's hex", sensilla)
    if need.kind == "reward":
        return Decision("reward", PLAYER, f"{info['jelly']} is complete: choose a Queen's Reward",
                        tuple(f"reward {r}" for r in info["left"]))
    if need.kind == "block":
        return Decision("block", PLAYER, "Wasp Attack: spend a defensive reserve to block a Light "
                        "Attack, or none", tuple(f"block {h}" for h in info["options"])
                        + ("block none",))
    if need.kind == "eaten":
        known = set(info["known"])
        return Decision("eaten", PLAYER, f"Wasp Attack: the wasps eat {info['count']} populated "
                        "larva: which", tuple(_text(t, Step("eat", (c,)))
                                               for c in s.chamber.populated(_squares(s))
                                               if c not in known))
    if need.kind == "mites":
        grid = s.hyves[s.active]
        known = set(info["known"])
        return Decision("mites", PLAYER, f"Mites: cross out {info['count']} nectar of hyve "
                        f"{s.active + 1}",
                        tuple(f"mites {cell_name(h)}" for h in mites_choices(grid)
                              if h not in known))
    raise AssertionError(need.kind)   # pragma: no cover


def _label(a) -> str:
    return {TendLarva: "Tend Larva", QueensAttendants: "Overwork Queen"}.get(type(a), "larva")


# --- applying a step ---------------------------------------------------------------------------

def roll(rng: random.Random, n: int) -> tuple[int, ...]:
    """``n`` bee dice (faces 1–6, 6 the wild Bee)."""
    return tuple(rng.randint(1, WILD) for _ in range(n))


def _refuse(d: Decision, text: str, why: str) -> IllegalActionError:
    return _with_legal(IllegalActionError(R_TURN, f"{why}: {text!r} does not answer it"), d)


def push(t: Table, text: str, rng: random.Random | None = None) -> Table:
    """The table after one step (a notation of the decision due; ``roll`` draws the faces
    with ``rng``), the step kept as stored (a roll resolved to its faces: ``t.steps[-1]``)
    and what the rules did with it in ``said``.

    :raises InvalidInputError: not a step (the forms named).
    :raises IllegalActionError: a step the pending decision or the rules do not allow
        (the rule's name, and the legal steps), or nothing due (the scenario has ended).
    """
    d = pending(t)
    if d.kind == "over":
        raise IllegalActionError(R_TABLE, d.prompt, expected="no more steps", given=text)
    step = parse_step(text, t.start.sheet, t.start.chamber)
    turn = t.turn
    v = step.verb
    rng = rng or random.Random()
    if d.kind == "dice" and v in ("roll", "dice"):
        if v == "roll":
            n = step.args[0]
            if n is None:
                n = (len(turn.open.reroll) if turn.dice is not None
                     else min(t.state.population, t.state.sheet.refresh_max))
            elif turn.dice is not None or f"roll {n}" not in d.legal:
                raise _refuse(d, text, "that many dice are not rolled here")
            step = Step("dice", roll(rng, n))
        if turn.dice is None:
            turn = replace(turn, dice=step.args)
        else:
            if len(step.args) != len(turn.open.reroll):
                raise _refuse(d, text, "the Repurpose rerolls "
                              + counted(len(turn.open.reroll), "bee"))
            turn = replace(turn, open=replace(turn.open, result=step.args))
    elif d.kind == "assign" and v == "gather":
        turn = replace(turn, gather=())
    elif v == "gather" and turn.gather == () and not _pool(t, turn) and d.kind != "assign":
        # every bee was assigned: Gather Nectar was played already; the step changes nothing
        return _told(t, replace(t, steps=t.steps + ("gather",), _cache={}))
    elif d.kind == "assign" and (v in ("repurpose", "bakery", "eggs", "larva", "queen",
                                       "courier") or (v in ("marshal", "build")
                                                      and not step.args)):
        turn = replace(turn, open=_opened(step), egg_size=None)   # a new action's shapes
        try:
            _probe(t, turn, turn.open)
        except IllegalActionError as exc:
            raise _with_legal(exc, d) from None
    elif d.kind == "reroll" and v == "reroll":
        turn = replace(turn, open=replace(turn.open, reroll=step.args,
                                          result=() if not step.args else None))
    elif d.kind == "shape" and v == "shape":
        if not step.args:
            raise _refuse(d, text, "a shape needs its squares")
        if frozenset(step.args) not in {frozenset(c) for c in _shape_places(t)}:
            raise _refuse(d, text, "not a place the shape fits, in the shape's squares")
        turn = replace(turn, open=replace(turn.open, cells=(turn.open.cells or ()) + step.args),
                       egg_size=len(step.args))
    elif d.kind == "nectar" and v == "nectar" and turn.open is None:
        b, target = step.args
        left = Counter(_pool(t, turn))
        left.subtract(p.bee.face for p in turn.gather)
        if left[b.face] <= 0:
            raise _refuse(d, text, f"no unassigned {b.face if not b.wild else 'wild'} bee "
                          f"is left to gather (left: {_faces(left.elements())})")
        turn = replace(turn, gather=turn.gather + (Placement(b, target),))
    elif d.kind == "nectar" and v == "nectar":
        if step.args[0].face != turn.open.bee.face:
            raise _refuse(d, text, "the Courier's nectar is of its bee's colour")
        turn = replace(turn, open=replace(turn.open, nectar=turn.open.nectar + (step.args[1],)))
    elif d.kind == "larva" and v == "larva-at":
        a = turn.open
        if _in_second_fill(a, need_state=stopped_state(t)):
            turn = replace(turn, open=replace(a, second=replace(
                a.second, larva=a.second.larva + step.args)))
        else:
            turn = replace(turn, open=replace(a, larva=a.larva + step.args))
    elif d.kind == "excise" and v == "excise":
        if turn.open is None:
            turn = replace(turn, gather_excise=turn.gather_excise + step.args)
        else:
            turn = replace(turn, open=replace(turn.open, excise=turn.open.excise + step.args))
    elif d.kind == "sensilla" and v == "sensilla":
        turn = replace(turn, sensilla=turn.sensilla + (step.args,))
    elif d.kind == "reward" and v == "reward":
        a = turn.open
        if _in_second_fill(a, need_state=stopped_state(t)):
            turn = replace(turn, open=replace(a, second=replace(a.second,
                                                                reward=step.args[0])))
        else:
            turn = replace(turn, open=replace(a, reward=step.args[0]))
    elif d.kind == "effect" and v == "effect":
        turn = replace(turn, effect=step.args[0])
    elif d.kind == "mites" and v == "mites":
        turn = replace(turn, mites=turn.mites + step.args)
    elif d.kind == "marshal" and v == "marshal" and step.args:
        if step.args[0] == "done":
            if not turn.open.bees:
                raise _refuse(d, text, "a Marshal places one bee at least")
            turn = replace(turn, closed=True)
        else:
            b, at = step.args
            bees = turn.open.bees + ((at, b),)
            full = len(bees) >= t.state.sheet.wasp.marshal_bees
            turn = replace(turn, open=Marshal(bees), closed=full)
            _trial(t, replace(turn, closed=True))          # the engine checks this bee now
    elif d.kind == "build" and v == "build" and step.args:
        if step.args[0] == "done":
            if not turn.open.shapes:
                raise _refuse(d, text, "a Build draws one shape at least")
            turn = replace(turn, closed=True)
        else:
            b = step.args[0]
            if b.stands_for is None or b.face not in _left_faces(t, [x.face for x, _, _ in
                                                                      turn.open.shapes]):
                raise _refuse(d, text, "that bee cannot build now")
            if not _build_places(t, b, turn):
                raise _refuse(d, text, f"no hyve has room for the {b.stands_for} shape")
            turn = replace(turn, building=b)
    elif d.kind == "hexes" and v == "hexes":
        hyve, hexes = step.args
        shapes = turn.open.shapes + ((turn.building, hyve, tuple(hexes)),)
        turn = replace(turn, open=Build(shapes), building=None)
        _trial(t, replace(turn, closed=True))
        if not _builders(replace(t, turn=turn))[:-1]:
            turn = replace(turn, closed=True)               # no bee can build any more
    elif d.kind == "wasp" and v in ("roll", "wasp"):
        faces = step.args if v == "wasp" else tuple(rng.randint(1, 6) for _ in range(2))
        step = Step("wasp", faces)
        turn = replace(turn, wasp=faces)
    elif d.kind == "block" and v == "block":
        if step.args[0] is None:
            turn = replace(turn, blocks_closed=True)
        else:
            turn = replace(turn, blocks=turn.blocks + step.args)
    elif d.kind == "eaten" and v == "eat":
        turn = replace(turn, eaten=turn.eaten + step.args)
    else:
        raise _refuse(d, text, f"the pending decision is {d.prompt}")
    try:
        return _told(t, _settled(t, turn, _text(t, step)))
    except IllegalActionError as exc:
        raise _with_legal(exc, d) from None


def _told(before: Table, after: Table) -> Table:
    """``after`` with what the rules did since ``before`` in words: the sheet's new event
    lines, and the scenario's account when it has just ended."""
    said = new_events(before.now.events, after.now.events)
    if after.over and not before.over:
        said += scenario_account(after)
    return replace(after, said=tuple(said))


def _with_legal(exc: IllegalActionError, d: Decision) -> IllegalActionError:
    """``exc`` with the legal steps of ``d`` as its hint (at most 12 shown) in place of the
    engine's expected values (the steps say it in the table's own words)."""
    legal = d.legal
    if not legal:
        return exc
    shown = ", ".join(legal[:12]) + (f", … ({len(legal)} in all)" if len(legal) > 12 else "")
    return IllegalActionError(exc.rule, exc.message, hint=f"legal: {shown}")


def stopped_state(t: Table) -> ScenarioState:
    """The sheet where the engine stopped for the pending choice."""
    s, need = _trial(t, t.turn)
    return need.state if need is not None else s


def _in_second_fill(a, need_state: ScenarioState) -> bool:
    """Turbo Mode: whether a boosted Queen's Attendants is at its second fill (its jelly
    already holds the colour: the engine fills before it enacts)."""
    return (isinstance(a, QueensAttendants) and a.second is not None
            and a.second.value in need_state.jellies[a.second.jelly])


def _opened(step: Step):
    v, a = step.verb, step.args
    boost = bool(a[1:] and a[1] is True) if v in ("repurpose", "eggs") else False
    if v == "repurpose":
        return Repurpose(a[0], None, None, boost=boost)
    if v == "bakery":
        return Bakery(a[1], a[0])
    if v == "eggs":
        return TendEggs(a[0], None, boost=boost)
    if v == "larva":
        return TendLarva(a[0], a[1], boost=bool(a[2:] and a[2]))
    if v == "queen":
        second = a[3] if a[3:] else None
        return QueensAttendants(a[0], a[1], beseech=a[2], boost=second is not None,
                                second=None if second is None else JellyFill(second[1],
                                                                             second[0]))
    if v == "marshal":
        return Marshal(())
    if v == "build":
        return Build(())
    return Courier(a[0])


def replay(start: ScenarioState, steps) -> Table:
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


# --- what the table shows ----------------------------------------------------------------------

def hyve_lines(grid, built=None) -> list[str]:
    """A hyve as text with the printed sheet's hex names: row letters A–E down the left, each
    hex its token (``3`` nectar of die value 3, ``L2`` a larva that gained 2, ``x`` crossed
    out, ``.`` empty; Bee Builder, ``built``: ``o`` a built empty hex, ``.`` unbuilt); hex
    ``C3`` is the third of row C."""
    from hyvekit.rules.hyve.scoring import EMPTY, ROW_LENGTHS, ROW_NAMES
    out, i = [], 0
    widest = max(ROW_LENGTHS)
    for row, length in enumerate(ROW_LENGTHS):
        toks = [("o" if built is not None and h in built and sp.kind == EMPTY
                 else sp.token()).ljust(3)
                for h, sp in zip(HEXES[i:i + length], grid.spaces[i:i + length])]
        i += length
        pad = " " * ((widest - length) * 2)
        out.append(f"{ROW_NAMES[row]}   {pad}{' '.join(toks)}".rstrip())
    return out


def _unassigned(t: Table, s: ScenarioState) -> list[int]:
    """The bees not assigned yet, those of the Marshal or Build being chosen left out."""
    if s.phase != "assign":
        return []
    left = list(s.pool)
    a = t.turn.open
    taken = ([b.face for _, b in a.bees] if isinstance(a, Marshal) else
             [b.face for b, _, _ in a.shapes] if isinstance(a, Build) else [])
    if isinstance(a, Build) and t.turn.building is not None:
        taken.append(t.turn.building.face)
    taken += [p.bee.face for p in t.turn.gather or ()]     # Gather Nectar's placed so far
    for f in taken:
        if f in left:
            left.remove(f)
    return left


def _formations(s: ScenarioState, open_action=None) -> list[str]:
    """Wasp War's Marshal area as text: each formation's hexes (``2=4``: hex 2 holds a 4,
    ``-`` empty, ``x`` spent; the bees of the Marshal being chosen shown placed) and the
    attack numbers crossed out."""
    placing = {at: b.stands_for for at, b in open_action.bees} \
        if isinstance(open_action, Marshal) else {}
    lines = []
    for kind, groups in (("D", s.marshal.defensive), ("O", s.marshal.offensive)):
        for f, group in enumerate(groups, start=1):
            cells = []
            for h, value in enumerate(group, start=1):
                at = f"{kind}{f}.{h}"
                spent = any(str(x) == at for x in s.marshal.spent)
                value = placing.get(at, value)
                cells.append(f"{h}={'x' if spent else '-' if value is None else value}")
            name = "defensive" if kind == "D" else "offensive"
            lines.append(f"{kind}{f} ({name}): {' '.join(cells)}")
    crossed = sorted(s.marshal.crossed_attacks)
    lines.append("attacks crossed out: " + (", ".join(map(str, crossed)) or "none"))
    return lines


def new_events(before, after) -> list[str]:
    """What the engine did since ``before`` (the sheet's event lines): the lines of ``after``
    past their common beginning."""
    k = 0
    while k < min(len(before), len(after)) and before[k] == after[k]:
        k += 1
    return list(after[k:])


def progress(t: Table) -> str:
    """Where a scenario at the table stands, in words: ``turn 3 of 16, 12 steps so far``."""
    return f"turn {t.now.turn} of {t.now.sheet.turns}, {counted(len(t.steps), 'step')} so far"


def sheet_changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """What took the sheet ``before`` to ``after`` (two :func:`view` s), in short lines: the
    HP die and its space with the distance to Colony Collapse (Tracking HP), population, each
    bread level by colour, the cells filled in the active hyve and the larva chamber, the
    royal jellies marked, a hyve scored, the rewards taken, the end."""
    out: list[str] = []
    hp0, hp1 = before["hp"], after["hp"]
    if (hp0["die"], hp0["position"]) != (hp1["die"], hp1["position"]):
        out.append(f"HP die {hp0['die']} on {hp0['space']} → {hp1['die']} on {hp1['space']}"
                   + (f" ({counted(hp1['to_collapse'], 'space')} from Colony Collapse)"
                      if hp1["to_collapse"] > 0 else ""))
    if before["population"] != after["population"]:
        out.append(f"population {before['population']}→{after['population']}")
    for k, level in after["bread"].items():
        if before["bread"].get(k) != level:
            out.append(f"bread {after['colours'].get(k, k)} {before['bread'].get(k)}→{level}")
    if before["active_hyve"] == after["active_hyve"]:
        filled = _cells(before["hyve"]) - _cells(after["hyve"])
        if filled > 0:
            out.append(f"hyve {after['active_hyve']}: {counted(filled, 'hex')} filled")
    elif after["active_hyve"] is not None:
        out.append(f"hyve {after['active_hyve']} now active")
    marked = _cells(before["chamber"]) - _cells(after["chamber"])
    if marked > 0:
        out.append(f"larva chamber: {counted(marked, 'cell')} marked")
    for j0, j1 in zip(before["jellies"], after["jellies"]):
        if len(j1["colours"]) > len(j0["colours"]):
            out.append(f"royal jelly {j1['jelly']} ({j1['name']}) marked")
    for score in after["hyve_scores"][len(before["hyve_scores"]):]:
        out.append(f"a hyve scored {score}")
    out += [f"reward: {r}" for r in after["rewards_taken"][len(before["rewards_taken"]):]]
    if before["status"] != after["status"]:
        out.append(f"the scenario ends: {after['status']}")
    return tuple(out)


def _cells(lines: list[str]) -> int:
    """The empty cells (``.``) of a hyve's or the larva chamber's lines."""
    return sum(line.split(":", 1)[-1].count(".") for line in lines)


def view(t: Table) -> dict[str, Any]:
    """The sheet now, JSON-able: turn and season, HP die and track space, population, bread
    levels, the active hyve (:func:`hyve_lines`), the larva chamber, the royal jellies, this
    turn's dice and the bees not assigned yet."""
    s = t.now
    sheet = s.sheet
    seasons = sheet.seasons
    out: dict[str, Any] = {
        "sheet": sheet.id, "mode": sheet.mode, "mode_label": sheet.mode_label,
        "turn": s.turn, "turns": sheet.turns, "status": s.status, "end": list(s.end),
        "hp": {"die": s.die, "position": s.position, "space": s.hp_label,
               "to_collapse": s.position,
               "to_thriving": (sheet.hp_track.top - s.position if sheet.hp_track.thriving
                               else None)},
        "population": s.population,
        "bread": {str(k): lvl for k, lvl in zip(BEE_TYPES, s.bread)},
        "colours": {str(k): c for k, c in zip(BEE_TYPES, s.colours)},
        "active_hyve": s.active + 1 if s.active < len(s.hyves) else None,
        "hyve": hyve_lines(s.hyves[s.active], s.built[s.active] if sheet.builder_shapes
                           else None) if s.active < len(s.hyves) else [],
        "hyve_scores": list(s.scores),
        "chamber": s.chamber.format().splitlines(),
        "jellies": [{"jelly": j + 1, "name": sheet.jellies[j],
                     "colours": [v for v in s.jellies[j] if v not in sheet.jelly_prefilled]}
                    for j in range(len(sheet.jellies))],
        "rewards_taken": list(s.rewards_taken),
        "dice": list(s.bees) if s.phase == "assign" else list(t.turn.dice or ()),
        "unassigned": _unassigned(t, s),
        "used": list(s.used) if s.phase == "assign" else [],
        "perks": list(s.perks),
        "steps": len(t.steps),
    }
    if seasons:
        season = seasons[s.season_index]
        out["season"] = season.name
        out["effects_left"] = [f"{k}: {season.effects[k - 1].describe()}"
                               for k in s.available_effects]
    if sheet.mode == "long-live-the-queen":
        out["approval"], out["disapproval"] = s.approval, s.disapproval
    if sheet.builder_shapes and s.active + 1 < len(s.hyves) and s.built[s.active + 1]:
        out["next_hyve"] = hyve_lines(s.hyves[s.active + 1], s.built[s.active + 1])
    if s.marshal is not None:
        out["round"] = f"{s.rounds_done + 1} of {sheet.wasp.rounds}"
        out["formations"] = _formations(s, t.turn.open)
    if s.legacy:
        out["resources"] = [f"{r.kind} {r.colour}" + (" (used)" if r.used else "")
                            for r in s.resources]
        out["honey_track_filled"] = s.honey_squares
    return out


def scenario_account(t: Table) -> list[str]:
    """A scenario that has ended, in words (hyve.txt, "Winning and Losing"): the result and
    what ended it on which turn, the HP die's space with its distance to Thriving, population,
    the hyves completed with their scores, each bread level by colour, the royal jellies
    coloured and the Queen's Rewards taken; [] while it goes on."""
    if not t.over:
        return []
    v = view(t)
    s = t.now
    hp = v["hp"]
    out = [f"turns played: {s.turn} of {s.sheet.turns}"]
    where = f"HP die {hp['die']} on {hp['space']}"
    if (hp["to_collapse"] or 0) > 0 and (hp["to_thriving"] or 0) > 0:
        where += f" ({counted(hp['to_thriving'], 'space')} from Thriving)"
    out.append(f"{where}; population {s.population}")
    scores = ", ".join(map(str, s.scores))
    out.append(f"hyves completed: {s.hyves_completed} of {HYVES}"
               + (f" (scores {scores})" if scores else ""))
    out.append("bread: " + ", ".join(f"{v['colours'].get(k, k)} {level}"
                                     for k, level in v["bread"].items()))
    jellies = [f"{j['name']} {len(j['colours'])}/{len(BEE_TYPES)}" for j in v["jellies"]
               if j["colours"]]
    if jellies:
        out.append("royal jellies coloured: " + ", ".join(jellies))
    if s.rewards_taken:
        out.append("Queen's Rewards taken: " + ", ".join(map(str, s.rewards_taken)))
    return out
