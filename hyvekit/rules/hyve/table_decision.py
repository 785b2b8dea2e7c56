"""What is due at a HYVE scenario's table, and its legal steps (rules/hyve.txt, "Turn
Structure", one decision at a time).

:func:`pending` reads where the table stands (:mod:`.table_turn`): the Refresh roll, an
assignment being opened or chosen (a Repurpose's bees and their new faces, Tend Eggs' shape, a
Marshal's bees, a Build's shapes), a choice the engine stopped at (where a nectar or larva
goes, Excisor, Sensilla, a Queen's Reward, Wasp Attack blocks and larva eaten, Mites), Wasp
War's attack dice, the bees to assign, the seasonal effect.  Each legal step is a candidate
the engine accepts from there (tried on the turn so far, :func:`probe`), written in the
notation of :mod:`.notation`: no rule is written twice.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.hyve.actions import (WILD, Bakery, Bee, Build, Courier, JellyFill, Marshal,
                                        QueensAttendants, Repurpose, TendEggs, TendLarva, bee)
from hyvekit.rules.hyve.larva import Line, apply_eggs, shape_placements
from hyvekit.rules.hyve.mites import mites_choices
from hyvekit.rules.hyve.mode_shapes import R_MARSHAL
from hyvekit.rules.hyve.need import Need
from hyvekit.rules.hyve.notation import Step, face_text
from hyvekit.rules.hyve.scenario import R_SENSILLA, REPURPOSE_WILD_MAX, ScenarioState
from hyvekit.rules.hyve.scoring import HEXES, NECTAR, Space, cell_name
from hyvekit.rules.hyve.sheets import BEE_TYPES, BREAD_MAX
from hyvekit.rules.hyve.table_turn import (PLAYER, R_TABLE, Table, TurnSoFar, base_sheet, incomplete,
                                           pool, targets, trial)
from hyvekit.rules.table import Decision, over


def pending(t: Table) -> Decision:
    """The decision due now (kept on the table once worked out): ``over`` once the scenario
    has ended; its legal steps are worked out when first asked for."""
    return t.memo("pending", lambda: _pending(t))


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
    if isinstance(a, TendEggs) and incomplete(a, turn):
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
                        + (", or done" if a.shapes else ""), lambda: builders(t))
    s, need = trial(t, turn)
    if need is not None:
        return _need_decision(t, need)
    if s.phase == "season" and s.sheet.wasp is not None and turn.wasp is None:
        return Decision("wasp", PLAYER, f"Wasp Attack (round {s.rounds_done + 1} of "
                        f"{s.sheet.wasp.rounds}): roll the two Light Attack dice", ("roll",),
                        more="or the two faces rolled: wasp F F")
    if s.phase == "assign" and turn.gather is None:
        return Decision("assign", PLAYER, f"Assign Workers: {faces_text(s.pool)} unassigned; an "
                        "action, or gather", lambda: _assign_options(t, s))
    if s.phase == "season":
        left = s.available_effects
        season = s.sheet.seasons[s.season_index]
        return Decision("effect", PLAYER, f"Seasonal Effect ({season.name}): choose one of "
                        + ", ".join(f"{k} ({season.effects[k - 1].describe()})" for k in left),
                        tuple(f"effect {k}" for k in left))
    raise AssertionError(f"no decision at phase {s.phase}")   # pragma: no cover


def faces_text(faces) -> str:
    """Bee faces as typed, in order (``1 3 3 W``; ``no bees`` for none)."""
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


def _need_decision(t: Table, need: Need) -> Decision:
    s, info = need.state, need.info
    turn = t.turn
    if need.kind == "place" and turn.open is None:          # Gather Nectar
        left = Counter(pool(t, turn))
        left.subtract(p.bee.face for p in turn.gather)
        faces = sorted(left.elements())

        def nectar() -> tuple[str, ...]:
            hexes = targets(s, info["feature"], info["rule"])
            return tuple(t.notation(Step("nectar", (b, h)))
                         for f in sorted(set(faces)) for b in _bees_for_value(f) for h in hexes)
        return Decision("nectar", PLAYER, f"Gather Nectar into hyve {s.active + 1}: "
                        f"{faces_text(faces)} left; BEE@HEX", nectar)
    if need.kind == "place" and isinstance(turn.open, Courier):
        b = turn.open.bee
        return Decision("nectar", PLAYER, f"Courier: where the {s.colour(b.face)} nectar goes",
                        lambda: tuple(t.notation(Step("nectar", (b, h)))
                                      for h in targets(s, info["feature"], info["rule"])))
    if need.kind == "place":
        return Decision("larva", PLAYER, f"{_label(turn.open)}: where the next larva goes "
                        f"(hyve {s.active + 1})",
                        lambda: tuple(t.notation(Step("larva-at", (h,)))
                                      for h in targets(s, info["feature"], info["rule"])))
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
                for h in targets(s, Space(NECTAR, variety=str(v)), R_SENSILLA):
                    trial = replace(t.turn, sensilla=t.turn.sensilla + ((v, h),))
                    if _accepted(t, trial):        # as the engine places it, after the turn
                        out.append(t.notation(Step("sensilla", (v, h))))
            if not out and s.sheet.builder_shapes:         # no built room: ruling H82
                out = [t.notation(Step("sensilla", (v, None))) for v in BEE_TYPES]
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
                        "larva: which", tuple(t.notation(Step("eat", (c,)))
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


# --- the legal steps ----------------------------------------------------------------------------

def _accepted(t: Table, turn: TurnSoFar) -> bool:
    try:
        trial(t, turn)
    except (IllegalActionError, InvalidInputError):
        return False
    return True


def _bees_for_value(face: int) -> tuple[Bee, ...]:
    """The ways a bee counts: a coloured bee as itself, a wild Bee as each value 1–5."""
    return tuple(bee(WILD, v) for v in BEE_TYPES) if face == WILD else (bee(face),)


def opened(step: Step):
    """The assignment a step opens (``repurpose 3``, ``marshal``...), its later choices still
    None or empty: a Repurpose's bees and faces, Tend Eggs' squares, a Marshal's bees, a
    Build's shapes."""
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


def probe(t: Table, turn: TurnSoFar, action) -> None:
    """Check an opened assignment before its later choices are made: played with a neutral
    choice where one is still open (a Repurpose's first bees, unchanged; Tend Eggs' first
    place for the shape).

    :raises IllegalActionError, InvalidInputError: no choice would make it legal.
    """
    turn = replace(turn, egg_size=None)      # an earlier Tend Eggs' shape size is not this one's
    if isinstance(action, Repurpose) and action.reroll is None:
        s = base_sheet(t, turn)
        sizes = _reroll_sizes(s, action, len(_after_bee(s, action)))
        rest = _after_bee(s, action)
        n = sizes[0] if sizes else 0
        action = replace(action, reroll=tuple(rest[:n]), result=tuple(rest[:n]))
    elif isinstance(action, (Marshal, Build)):
        trial(t, replace(turn, open=action, closed=True))
        if isinstance(action, Marshal) and not base_sheet(t, turn).marshal.empty_hexes():
            raise IllegalActionError(R_MARSHAL, "Marshal: every formation hex is filled or "
                                     "crossed out", expected="another action", given="marshal")
        if isinstance(action, Build) and not action.shapes and \
                not builders(t, replace(turn, open=action)):
            raise IllegalActionError(R_TABLE, "Build: no bee left has room for its shape",
                                     expected="another action", given="build")
        return
    elif isinstance(action, TendEggs) and action.cells is None:
        chamber = base_sheet(t, turn).chamber
        value = action.bee.stands_for
        cells: tuple = ()
        for _ in range(2 if action.boost else 1):
            places = shape_placements(chamber, value) if value is not None else ()
            if places:
                cells += places[0]
                chamber = apply_eggs(chamber, value, places[0])
        action = replace(action, cells=cells)
    trial(t, replace(turn, open=action))


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
    """Every assignment that can be opened now (each checked by :func:`probe`), and
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
            probe(t, t.turn, opened(step))
        except (IllegalActionError, InvalidInputError):
            continue
        out.append(t.notation(step))
    return (*out, "gather")


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


def _squares(s: ScenarioState) -> list:
    return [(r, c) for r in range(len(s.chamber.squares)) for c in range(s.chamber.width)]


def left_faces(t: Table, used) -> list[int]:
    """The faces of the bees still unassigned, ``used`` (faces) taken out, each once."""
    left = list(pool(t, t.turn))
    for f in used:
        left.remove(f)
    return sorted(set(left))


def _marshal_options(t: Table) -> tuple[str, ...]:
    """The next Marshal bee on each empty formation hex (each checked by the engine), and
    ``marshal done`` once one is placed."""
    a = t.turn.open
    s = base_sheet(t, t.turn)
    taken = {at for at, _ in a.bees}
    spots = [str(at) for at in s.marshal.empty_hexes() if str(at) not in taken]
    out = []
    for f in left_faces(t, [b.face for _, b in a.bees]):
        for b in _bees_for_value(f):
            for at in spots:
                trial = replace(t.turn, open=Marshal(a.bees + ((at, b),)), closed=True)
                if _accepted(t, trial):
                    out.append(t.notation(Step("marshal", (b, at))))
    return tuple(out) + (("marshal done",) if a.bees else ())


def builders(t: Table, turn: TurnSoFar | None = None) -> tuple[str, ...]:
    """The bees that can draw a shape now (``turn``: the table's own, with a Build open),
    and ``build done`` once one is drawn."""
    turn = turn or t.turn
    a = turn.open
    out = []
    for f in left_faces(t, [b.face for b, _, _ in a.shapes]):
        for b in _bees_for_value(f):
            if build_places(t, b, turn):
                out.append(t.notation(Step("build", (b,))))
    return tuple(out) + (("build done",) if a.shapes else ())


def build_places(t: Table, b: Bee, turn: TurnSoFar | None = None) -> list:
    """Every legal place of ``b``'s shape after the Build's shapes so far: ``(hyve, hexes)``
    (Bee Builder, Build Action; the rules core's :func:`legal_builds`)."""
    from hyvekit.rules.hyve.modes import Build as ModeBuild
    from hyvekit.rules.hyve.modes import apply_build, legal_builds
    turn = turn or t.turn
    s = base_sheet(t, turn)
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
    for hyve, hexes in build_places(t, b):
        trial = replace(t.turn, open=Build(t.turn.open.shapes + ((b, hyve, hexes),)),
                        closed=True, building=None)
        if _accepted(t, trial):
            out.append(t.notation(Step("hexes", (hyve, hexes))))
    return tuple(out)


def _reroll_options(t: Table) -> tuple[str, ...]:
    a = t.turn.open
    s = base_sheet(t, t.turn)
    pool = _after_bee(s, a)
    sizes = _reroll_sizes(s, a, len(pool))
    out = []
    for n in sizes:
        for combo in sorted(set(itertools.combinations(sorted(pool), n))):
            trial = replace(t.turn, open=replace(a, reroll=combo, result=combo))
            if _accepted(t, trial):
                out.append(t.notation(Step("reroll", combo)))
    return tuple(out)


def _shape_options(t: Table) -> tuple[str, ...]:
    return tuple(t.notation(Step("shape", cells)) for cells in shape_places(t))


def shape_places(t: Table) -> list[tuple]:
    """The squares (in shape order) where the open Tend Eggs' next shape may go: it fits, and
    for the first of a boosted two the second still fits beside it."""
    a = t.turn.open
    value = a.bee.stands_for
    chamber = base_sheet(t, t.turn).chamber
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
