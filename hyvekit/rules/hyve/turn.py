"""The Hyve scenario engine: the state of a scenario sheet and the phases of a turn.

Implements ``rules/hyve.txt``: "Setup", "Turn Structure" and its six phases — 1. Refresh,
2. Assign Workers (Repurpose, Bakery, Larva Chamber: Tend Eggs / Tend Larva, Queen's
Attendants and the Queen's Rewards, and in a legacy run the Courier), 3. Gather Nectar (with the
Placement Rules, the active hyve and the overflow into the next hyve clockwise, and the scoring
of a completed hyve), 4. Feed Bees, 5. Migration, 6. Seasonal Effects — "Tracking HP", "How to
Win (or Lose)", the Legacy perks, and the Coldsnap and Mites Challenge modes.  Readings of
unclear passages are rulings H31–H59 (``docs/rulings.md``).

Modules: :mod:`.actions` (bees and the actions, a :class:`Turn`), :mod:`.scenario` (the
:class:`ScenarioState`, :func:`new_scenario`, HP / population / end steps, placing features into
the hyves), :mod:`.larva` (the Larva Chamber), :mod:`.turn_modes` (the modes' steps), this
module (the phases, :func:`check` / :func:`apply` / :func:`play`) and :mod:`.record` (turn
records in TOML, :func:`~hyvekit.rules.hyve.record.replay`).

Shape: a frozen :class:`ScenarioState` and frozen actions, one per choice of a turn::

    Refresh(dice) → Repurpose | Bakery | TendEggs | TendLarva | QueensAttendants | Courier
    (each at most once) → GatherNectar(placements) [Feed Bees and Migration follow, they have
    no choice] → SeasonalEffect(effect, mites) → the next turn's Refresh

:func:`check` raises :class:`IllegalActionError` naming the rule (``"Hyve: Tend Eggs"``) with
what was expected and what was given; :func:`apply` returns the next state; :func:`play` does
both.  Checking a placement needs the hyve as the earlier features of the same action left it
(the active hyve can fill up and move on), so :func:`check` runs the transition and throws the
result away, and :func:`apply` runs the same transition: applying an illegal action raises the
same error instead of returning a state the rules do not allow.

Units: bees (die faces 1–6; 6 is the wild Bee face), population, HP (moved on the HP track by
:func:`hyvekit.rules.hyve.hp.move_hp`), track positions (0 = Colony Collapse), bread levels
(1–6), hexes of a hyve (axial ``(q, r)``, named ``A1``–``E3`` as in
:mod:`hyvekit.rules.hyve.scoring`), squares of the larva chamber (:mod:`.larva`), turns.

Game modes (their pure rules in :mod:`hyvekit.rules.hyve.modes`, called from here): Coldsnap
and Mites Challenge (seasonal effects), Long Live the Queen (demands before the seasonal effect,
Approval / Disapproval, the Coronation), Turbo Mode (``boost`` on an action: a 2-type Bee
alongside; 2-type nectar is an X), Wasp War (:class:`Marshal`, and :class:`WaspAttack` instead
of :class:`SeasonalEffect`), Bee Builder (:class:`Build`; features only on built hexes;
placing into the next hyve — ``(hyve, hex)`` targets — migrates).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.actions import (ACTION_LABELS, ACTIONS, WILD, Action, Assignment,
                                        Bakery, Bee, Build, Courier, GatherNectar, JellyFill,
                                        Marshal, Placement, QueensAttendants, Refresh, Repurpose,
                                        SeasonalEffect, TendEggs, TendLarva, Turn, WaspAttack,
                                        ACTION_OF, bee)
from hyvekit.rules.hyve.larva import (Line, apply_eggs, apply_encircle_lines, check_eggs,
                                      check_line, encircle_lines)
from hyvekit.rules.hyve.need import HOLE, Need, open_tail
from hyvekit.rules.hyve.modes import (R_TURBO, R_TURBO_EGGS, R_TURBO_JELLY, R_TURBO_LARVA,
                                      R_TURBO_REPURPOSE, R_WASP_ATTACK, check_turbo_jelly,
                                      turbo_bakery, turbo_repurpose_rerolls, turbo_tend_eggs,
                                      turbo_tend_larva_options)
from hyvekit.rules.hyve.phases import (Colony, apply_seasonal_effect, feed_bees, migration_loss,
                                       refresh_dice)
from hyvekit.rules.hyve.scenario import (BESEECH_TIMES, FECUNDITY_LARVA, PLUMOSE_LEVELS,
                                         DEFAULT_COLOURS, FLY_DRONES_FACTOR, MIGRATORY_REWARD_HP,
                                         PERKS, R_ASSIGN, R_BAKERY, R_BESEECH, R_CHAMBER,
                                         R_COURIER, R_EGGS, R_EXCISOR, R_LARVA, R_MITES,
                                         R_NECTAR, R_PLACEMENT, R_QUEEN, R_REFRESH, R_REPURPOSE,
                                         R_REWARDS, R_SEASON, R_SETUP, R_TURN, R_WIN,
                                         REPURPOSE_WILD_MAX, SUPPORTED_MODES, SWARM_POPULATION,
                                         R_SENSILLA, ScenarioState, builder_room,
                                         entered_spaces, faces_text, gain_population,
                                         larva_population, move_hp_die, new_scenario, next_turn,
                                         place_features, require_phase, settle_end, spot_name,
                                         split_spot, summary, take_faces, wild_value,
                                         with_event)
from hyvekit.rules.hyve.scoring import CROSSED, NECTAR, Space
from hyvekit.rules.hyve.sheets import BEE_TYPES, BREAD_MAX, REWARDS
from hyvekit.rules.hyve.turn_modes import (play_build, play_marshal, play_mites,
                                           play_wasp_attack, queen_demands, turbo_boost)
from hyvekit.rules.common import counted

__all__ = [
    "ACTIONS", "ACTION_LABELS", "DEFAULT_COLOURS", "PERKS", "SUPPORTED_MODES", "WILD",
    "Action", "Assignment", "Bakery", "Bee", "Build", "Courier", "GatherNectar", "JellyFill",
    "Line", "Marshal", "Placement", "QueensAttendants", "Refresh", "Repurpose",
    "ScenarioState", "SeasonalEffect", "TendEggs", "TendLarva", "Turn", "WaspAttack", "apply",
    "bee", "check", "larva_population", "new_scenario", "play", "play_turn", "reward_hp",
    "spot_name", "split_spot", "summary", "R_ASSIGN", "R_BAKERY", "R_BESEECH", "R_CHAMBER",
    "R_COURIER", "R_EGGS", "R_EXCISOR", "R_LARVA", "R_MITES", "R_NECTAR", "R_PLACEMENT",
    "R_QUEEN", "R_REFRESH", "R_REPURPOSE", "R_REWARDS", "R_SEASON", "R_SETUP", "R_TURN", "R_WIN",
]


# --- checking and applying ---------------------------------------------------------------------

def _refresh(s: ScenarioState, a: Refresh) -> ScenarioState:
    require_phase(s, "refresh", "Refresh")
    for f in a.dice:
        if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= WILD:
            raise InvalidInputError("dice", f, "die faces 1-6 (6 = the wild Bee)")
    normal = min(s.population, s.sheet.refresh_max)
    if len(a.dice) != normal and not s.has("controlled-rolls"):
        raise IllegalActionError(R_REFRESH, f"roll dice equal to your population "
                                 f"{s.population} (max {s.sheet.refresh_max}): expected "
                                 f"{normal} dice, got {len(a.dice)}",
                                 expected=normal, given=len(a.dice))
    refresh_dice(s.population, controlled_rolls=s.has("controlled-rolls"), chosen=len(a.dice),
                 refresh_max=s.sheet.refresh_max)
    for value, _ in open_tail(a.sensilla)[0]:
        if not s.has("sensilla"):
            raise IllegalActionError(R_SENSILLA, "colouring HP-track spaces needs the Sensilla "
                                     "perk", expected="no sensilla", given=len(a.sensilla))
        if isinstance(value, bool) or not isinstance(value, int) or value not in BEE_TYPES:
            raise InvalidInputError("sensilla", value, "a die value 1-5 (its colour)")
    s = replace(s, phase="assign", bees=tuple(a.dice), pool=tuple(a.dice), used=(),
                completed_this_turn=0, jelly_coloured=False, bread_upgraded=False,
                sensilla=tuple(a.sensilla))
    return with_event(s, f"Refresh: rolled {faces_text(a.dice)}")


def _assign(s: ScenarioState, a: Assignment) -> ScenarioState:
    action = ACTION_OF[type(a)]
    label = ACTION_LABELS[action]
    require_phase(s, "assign", label)
    if action in s.used:
        raise IllegalActionError(R_ASSIGN, f"each Action can only be used once per turn; "
                                 f"{label} was already used this turn",
                                 expected=[ACTION_LABELS[x] for x in ACTIONS
                                           if x not in s.used and _on_sheet(s, x)],
                                 given=label)
    s = replace(s, used=s.used + (action,))
    if isinstance(a, Repurpose):
        return _repurpose(s, a)
    if isinstance(a, Bakery):
        return _bakery(s, a)
    if isinstance(a, TendEggs):
        return _tend_eggs(s, a)
    if isinstance(a, TendLarva):
        return _tend_larva(s, a)
    if isinstance(a, QueensAttendants):
        return _queen(s, a)
    if isinstance(a, Marshal):
        return play_marshal(s, a)
    if isinstance(a, Build):
        return play_build(s, a)
    return _courier(s, a)


def _on_sheet(s: ScenarioState, action: str) -> bool:
    """Whether the scenario has ``action``: the Courier in a legacy run, Marshal in Wasp War,
    Build in Bee Builder, the four others everywhere."""
    return {"courier": s.legacy, "marshal": s.sheet.wasp is not None,
            "build": bool(s.sheet.builder_shapes)}.get(action, True)


def _repurpose(s: ScenarioState, a: Repurpose) -> ScenarioState:
    placed = turbo_boost(s, a, R_REPURPOSE)
    pool = take_faces(s.pool, placed, R_REPURPOSE, "the Repurpose bee")
    if s.sheet.turbo_boost is not None:
        return _turbo_repurpose(s, a, pool, placed)
    n = len(a.reroll)
    if a.bee.wild:
        if not 1 <= n <= REPURPOSE_WILD_MAX:
            raise IllegalActionError(R_REPURPOSE, f"a Wild Bee rerolls any amount from 1-"
                                     f"{REPURPOSE_WILD_MAX}, got {n}",
                                     expected=f"1-{REPURPOSE_WILD_MAX}", given=n)
    else:
        want = a.bee.face
        if len(pool) < want:
            raise IllegalActionError(R_REPURPOSE, f"a {want}-Bee rerolls {want} bees but only "
                                     f"{counted(len(pool), 'unassigned bee')} "
                                     f"{'is' if len(pool) == 1 else 'are'} left",
                                     expected=f"at most {len(pool)}", given=want)
        if n != want:
            raise IllegalActionError(R_REPURPOSE, f"a {want}-Bee rerolls exactly {want} other "
                                     f"bees, got {n}", expected=want, given=n)
    return _rerolled(s, a, pool, (a.bee.face,))


def _rerolled(s: ScenarioState, a: Repurpose, pool: tuple[int, ...], placed) -> ScenarioState:
    n = len(a.reroll)
    pool = take_faces(pool, a.reroll, R_REPURPOSE, "rerolled bees")
    if len(a.result) != n:
        raise InvalidInputError("repurpose result", list(a.result),
                                f"{n} new faces, one per rerolled bee")
    for f in a.result:
        if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= WILD:
            raise InvalidInputError("repurpose result", f, "die faces 1-6")
    bees = list(s.bees)
    for f in (*placed, *a.reroll):
        bees.remove(f)
    bees = tuple(bees) + tuple(placed) + tuple(a.result)
    s = replace(s, pool=pool + tuple(a.result), bees=bees)
    return with_event(s, f"Repurpose ({a.bee}{' + boost' if a.boost else ''}): rerolled "
                   f"{faces_text(a.reroll)} → {faces_text(a.result)}")


def _turbo_repurpose(s: ScenarioState, a: Repurpose, pool, placed) -> ScenarioState:
    """Turbo Mode, Repurpose: "When placing a 2, double the amount of dice rolled"
    (:func:`hyvekit.rules.hyve.modes.turbo_repurpose_rerolls`)."""
    counts = turbo_repurpose_rerolls(list(placed), len(pool), s.sheet.turbo_boost)
    n = len(a.reroll)
    if n not in counts and not (not counts and n == 0):
        raise IllegalActionError(R_TURBO_REPURPOSE, f"these Bees reroll "
                                 f"{' or '.join(map(str, counts)) or 'nothing'}, got {n}",
                                 expected=list(counts) or 0, given=n)
    return _rerolled(s, a, pool, placed)


def _bakery(s: ScenarioState, a: Bakery) -> ScenarioState:
    if isinstance(a.bread, bool) or not isinstance(a.bread, int) or a.bread not in BEE_TYPES:
        raise InvalidInputError("bakery bread", a.bread, "a bee type 1-5")
    if s.sheet.turbo_boost is not None:
        got = turbo_bakery([b.face for b in a.bees], s.bread, bread_type=a.bread,
                           boost=s.sheet.turbo_boost)
        pool = take_faces(s.pool, [b.face for b in a.bees], R_BAKERY, "the Bakery set")
        bread = s.bread[:got.bread_type - 1] + (got.new_level,) + s.bread[got.bread_type:]
        s = replace(s, pool=pool, bread=bread, bread_upgraded=True)
        return with_event(s, f"Bakery: {got.bread_type}-type bread to level {got.new_level}"
                       + (f" ({counted(got.wasted, 'bee')} wasted)" if got.wasted else ""))
    level = s.bread[a.bread - 1]
    target = level + 1
    if target > BREAD_MAX:
        raise IllegalActionError(R_BAKERY, f"{a.bread}-type bread is at its top level "
                                 f"{BREAD_MAX}", expected=f"a bread below {BREAD_MAX}",
                                 given=a.bread)
    wrong = [str(b) for b in a.bees if not b.wild and b.face != a.bread]
    if wrong:
        raise IllegalActionError(R_BAKERY, f"a matching set: {a.bread}-Bees (or wild Bees) "
                                 f"upgrade {a.bread}-type bread, got {', '.join(wrong)}",
                                 expected=f"{a.bread}-Bees or wild", given=wrong)
    if len(a.bees) != target:
        raise IllegalActionError(
            R_BAKERY, f"{a.bread}-type bread is at level {level}: the next level {target} "
            f"needs a set of {target} bees, got {len(a.bees)} (levels are upgraded in order)",
            expected=target, given=len(a.bees))
    pool = take_faces(s.pool, [b.face for b in a.bees], R_BAKERY, "the Bakery set")
    bread = s.bread[:a.bread - 1] + (target,) + s.bread[a.bread:]
    s = replace(s, pool=pool, bread=bread, bread_upgraded=True)
    return with_event(s, f"Bakery: {a.bread}-type bread to level {target}")


def _tend_eggs(s: ScenarioState, a: TendEggs) -> ScenarioState:
    placed = turbo_boost(s, a, R_EGGS)
    if s.sheet.turbo_boost is not None:
        value, times = turbo_tend_eggs(list(placed), s.sheet.chamber, as_value=a.bee.value
                                       if a.bee.wild else None, boost=s.sheet.turbo_boost)
    else:
        value, times = wild_value(a.bee, R_EGGS, "Tend Eggs"), 1
    pool = take_faces(s.pool, placed, R_EGGS, "the Tend Eggs bee")
    if times == 0:
        if a.cells:
            raise IllegalActionError(R_TURBO, "a lone 2-type Bee has no effect: no shape",
                                     expected=[], given=len(a.cells))
        return with_event(replace(s, pool=pool), "Tend Eggs: a lone 2-type Bee, no effect")
    size = len(s.chamber.chamber.shape(value)) if value in dict(s.chamber.chamber.shapes) else 0
    cells = tuple(a.cells)
    if times > 1 and len(cells) != times * size:
        raise IllegalActionError(R_TURBO_EGGS, f"a boosted {value}-Bee fills two {value} "
                                 f"shapes: {times * size} squares, got {len(cells)}",
                                 expected=times * size, given=len(cells))
    chamber = s.chamber
    for k in range(times):
        part = cells[k * size:(k + 1) * size] if times > 1 else cells
        check_eggs(chamber, value, part)
        chamber = apply_eggs(chamber, value, part)
    s = replace(s, pool=pool, chamber=chamber)
    return with_event(s, f"Tend Eggs ({a.bee}): {value} shape on "
                   f"{', '.join(s.chamber.name(c) for c in a.cells)} in {s.colour(value)}")


def _larva_count(s: ScenarioState, n: int) -> int:
    """Larva added: ``n``, plus exactly one with Fecundity (when any are added)."""
    return n + FECUNDITY_LARVA if n and s.has("fecundity") else n


def _add_larva(s: ScenarioState, n: int, cells, rule: str, excise, why: str,
               whole: bool = True) -> ScenarioState:
    """Place ``n`` larva (plus Fecundity's) on ``cells``; fewer cells only when the last of
    them ends the scenario (ruling H91), checked here when they are the ``whole`` list."""
    if s.status != "playing":   # the HP gain just before ended it: nothing more (ruling H3)
        return s
    want = _larva_count(s, n)
    hexes, more = open_tail(cells)
    short = 0
    if more and len(hexes) < want:            # at the table: the next larva's hex is open
        hexes += (HOLE,) * (want - len(hexes))
    elif s.sheet.builder_shapes and len(hexes) < want:
        short = want - len(hexes)             # checked once they are placed: ruling H82
    elif len(hexes) > want:
        _larva_miscount(want, n, hexes, rule)
    s, gained = place_features(s, [(h, "larva") for h in hexes], rule, excise)
    if whole and len(hexes) < want and not more and not short and s.status == "playing":
        _larva_miscount(want, n, hexes, rule)  # fewer only when the last ends it: ruling H91
    placed = [h for h in hexes if h is not HOLE]     # the scenario may end before an open one
    if placed:
        s = with_event(s, f"{why}: {len(placed)} larva on "
                          f"{', '.join(spot_name(h) for h in placed)}")
    s = _no_room_left(s, short, rule, f"{why} larva")
    return gain_population(s, gained, f"{why} larva")


def _larva_miscount(want: int, n: int, hexes, rule: str) -> None:
    """:raises IllegalActionError: ``hexes`` are not the ``want`` larva's (``n`` before
        Fecundity)."""
    extra = " (Fecundity adds one)" if want != n else ""
    raise IllegalActionError(rule, f"{want} larva go into the hyve{extra}, "
                             f"{counted(len(hexes), 'hex', 'hexes')} given", expected=want,
                             given=len(hexes))


def _no_room_left(s: ScenarioState, short: int, rule: str, what: str) -> ScenarioState:
    """Bee Builder: ``short`` features not placed are lost when no built, empty hex is left
    in the active or the next hyve (ruling H82); with room left they must be placed.

    :raises IllegalActionError: a built hex is still free.
    """
    if not short or s.status != "playing":
        return s
    if builder_room(s):
        raise IllegalActionError(rule, f"{what}: {short} more to place, and a built hex is "
                                 "still free", expected=f"{short} more", given="none")
    return with_event(s, f"{what}: no built space left for {short} more: lost (ruling H82)")


def _tend_larva(s: ScenarioState, a: TendLarva) -> ScenarioState:
    placed = turbo_boost(s, a, R_LARVA)
    pool = take_faces(s.pool, placed, R_LARVA, "the Tend Larva bee")
    lines = (a.line,)
    if s.sheet.turbo_boost is not None:
        options = turbo_tend_larva_options(list(placed), s.sheet.chamber, s.sheet.turbo_boost)
        if not options:
            # "2-type bees have no affect if placed by themselves"
            if a.line is not None or a.larva:
                raise IllegalActionError(R_TURBO, "a lone 2-type Bee has no effect: no line is "
                                         "encircled and no larva placed",
                                         expected="no line, no larva",
                                         given=a.line.describe() if a.line else len(a.larva))
            return with_event(replace(s, pool=pool), "Tend Larva: a lone 2-type Bee, no effect")
    if a.line is None:
        raise InvalidInputError("line", "missing", "row, column, 'row N', 'column N' or wild")
    if s.sheet.turbo_boost is not None:
        if a.boost:
            label = a.line.label if a.bee.wild else a.bee.face
            lines = tuple(Line(k, v) for k, v in next(
                (o for o in options if all(v == label for _, v in o)), options[0]))
            if a.bee.wild and not any(all(v == label for _, v in o) for o in options):
                raise IllegalActionError(R_TURBO_LARVA, f"a boosted Wild Bee circles the row "
                                         f"and column of one value; none for {label}",
                                         expected=[o for o in options], given=label)
    for line in lines:
        check_line(s.chamber, line, a.bee.wild, a.bee.face)
    got = encircle_lines(s.chamber, lines)
    s = replace(s, pool=pool, chamber=apply_encircle_lines(s.chamber, lines))
    s = with_event(s, f"Tend Larva ({a.bee}): encircled "
                f"{' and '.join(line.describe() for line in lines)}: {got.larva} larva, "
                f"{counted(got.hp, 'colour')}")
    s = move_hp_die(s, gain=got.hp, why="Tend Larva colours")
    return _add_larva(s, got.larva, a.larva, R_LARVA, a.excise, "Tend Larva")


def _queen(s: ScenarioState, a: QueensAttendants) -> ScenarioState:
    placed = turbo_boost(s, a, R_QUEEN)
    boost = s.sheet.turbo_boost
    if boost is not None and not a.boost and a.bee.face == boost:
        pool = take_faces(s.pool, placed, R_QUEEN, "the Queen's Attendants bee")
        return with_event(replace(s, pool=pool),
                          "Queen's Attendants: a lone 2-type Bee, no effect")
    value = wild_value(a.bee, R_QUEEN, "Queen's Attendants")
    fills = [JellyFill(a.jelly, value, a.reward, a.larva, a.excise)]
    if a.boost:
        if a.second is None:
            raise IllegalActionError(R_TURBO_JELLY, "a boosted Queen's Attendants takes the "
                                     "action twice: name the second jelly", expected=2, given=1)
        fills.append(a.second)
        for f in fills:
            _jelly_index(s, f.jelly)
        check_turbo_jelly(list(placed), s.jellies, [(f.jelly + 1, f.value) for f in fills],
                          boost)
    elif a.second is not None:
        raise IllegalActionError(R_QUEEN if boost is None else R_TURBO_JELLY,
                                 "a second Royal Jelly action needs Turbo Mode's boost bee",
                                 expected=1, given=2)
    pool = take_faces(s.pool, placed, R_QUEEN, "the Queen's Attendants bee")
    s = replace(s, pool=pool)
    for f in fills:
        if s.status != "playing":
            break
        s = _fill(s, a.bee, f, a.beseech)
    return s


def _jelly_index(s: ScenarioState, jelly: int) -> None:
    if isinstance(jelly, bool) or not isinstance(jelly, int) or not 0 <= jelly < len(s.jellies):
        raise InvalidInputError("jelly", jelly, f"a royal jelly 1-{len(s.jellies)} of the "
                                "sheet (" + ", ".join(s.sheet.jellies) + ")")


def _fill(s: ScenarioState, b: Bee, a: JellyFill, beseech: bool) -> ScenarioState:
    """Fill ``a.value``'s colour into a jelly and enact its effect (Queen's Attendants)."""
    value = a.value
    _jelly_index(s, a.jelly)
    filled = s.jellies[a.jelly]
    label = s.jelly_label(a.jelly)
    if value in filled:
        free = [v for v in BEE_TYPES if v not in filled]
        raise IllegalActionError(R_QUEEN, f"each Royal Jelly can only hold one of each color: "
                                 f"{label} already holds {s.colour(value)} ({value})",
                                 expected=free, given=value)
    empty = not [v for v in filled if v not in s.sheet.jelly_prefilled]
    if beseech and not s.has("beseech"):
        raise IllegalActionError(R_BESEECH, "enacting the effect twice needs the Beseech perk",
                                 expected=False, given=True)
    if beseech and not empty:
        raise IllegalActionError(R_BESEECH, f"Beseech works when adding to an empty Royal "
                                 f"Jelly; {label} already holds a colour",
                                 expected="an empty jelly", given=label)
    now = tuple(sorted(filled + (value,)))
    s = replace(s, jellies=s.jellies[:a.jelly] + (now,) + s.jellies[a.jelly + 1:],
                jelly_coloured=True)
    kind = s.sheet.jellies[a.jelly]
    who = str(b) if value == b.stands_for else f"{b}, second action"
    s = with_event(s, f"Queen's Attendants ({who}): {s.colour(value)} into {label}")
    times = BESEECH_TIMES if beseech else 1
    if kind == "overwork-queen":
        s = _add_larva_times(s, value, times, a)
    else:
        for _ in range(times):
            if kind == "overwork":
                s = gain_population(s, value, "Overwork")
            elif kind == "fly-drones":
                s = gain_population(s, -value, "Fly Drones")
                s = move_hp_die(s, gain=FLY_DRONES_FACTOR * value, why="Fly Drones")
            elif kind == "plumose":
                level = s.bread[value - 1]
                if level < BREAD_MAX:
                    up = min(BREAD_MAX, level + PLUMOSE_LEVELS)
                    s = replace(s, bread=s.bread[:value - 1] + (up,) + s.bread[value:],
                                bread_upgraded=True)
                    s = with_event(s, f"Plumose: {value}-type bread to level {up}")
                else:
                    s = with_event(s, f"Plumose: {value}-type bread already at level {BREAD_MAX}")
    complete = len(now) == len(BEE_TYPES)
    if s.status != "playing":
        return s
    if not complete:
        if a.reward is not None and a.reward is not HOLE:
            raise IllegalActionError(R_REWARDS, f"a Queen's Reward is gained when a Royal "
                                     f"Jelly is completed; {label} holds {len(now)} of "
                                     f"{len(BEE_TYPES)} colours", expected=None, given=a.reward)
        return s
    return _reward(s, a.reward, label)


def _add_larva_times(s: ScenarioState, value: int, times: int, a: JellyFill
                     ) -> ScenarioState:
    cells, more = open_tail(a.larva)
    cells = list(cells)
    excise = a.excise
    want = [_larva_count(s, value) for _ in range(times)]
    if more and len(cells) < sum(want):       # at the table: the next larva's hex is open
        cells += [HOLE] * (sum(want) - len(cells))
    elif s.sheet.builder_shapes and len(cells) < sum(want):
        pass                                  # each part checks its room: ruling H82
    elif len(cells) > sum(want):
        _queen_miscount(value, want, cells)
    start = 0
    for k, n in enumerate(want):
        part = cells[start:start + n]
        start += n
        s = _add_larva(s, value, part, R_QUEEN, excise if k == times - 1 else (),
                       "Overwork Queen", whole=False)
    if len(cells) < sum(want) and not more and not s.sheet.builder_shapes \
            and s.status == "playing":        # fewer only when the last ends it: ruling H91
        _queen_miscount(value, want, cells)
    return s


def _queen_miscount(value: int, want: list[int], cells) -> None:
    """:raises IllegalActionError: ``cells`` are not the Overwork Queen's ``want`` larva."""
    extra = " (Fecundity adds one each time)" if want[0] != value else ""
    raise IllegalActionError(R_QUEEN, f"Overwork Queen places {sum(want)} larva{extra}, "
                             f"{counted(len(cells), 'hex', 'hexes')} given", expected=sum(want),
                             given=len(cells))


def reward_hp(s: ScenarioState, reward: str) -> int:
    """HP of a Queen's Reward now (Queen's Rewards): Swarm 1 per 2 population; Migratory 3
    per completed hyve; Multi-Culture 1 per nectar variety of each completed hyve; Monoculture
    the count of the most used nectar colour in all hyves (ruling H41)."""
    if reward == "swarm":
        return s.population // SWARM_POPULATION
    if reward == "migratory":
        return MIGRATORY_REWARD_HP * s.hyves_completed
    if reward == "multi-culture":
        return sum(len(s.hyves[i].varieties) for i in range(s.hyves_completed))
    counts = Counter(sp.variety for g in s.hyves for sp in g.spaces if sp.kind == NECTAR)
    return max(counts.values(), default=0)


def _reward(s: ScenarioState, reward: str | None, label: str) -> ScenarioState:
    left = [r for r in s.sheet.rewards if r not in s.rewards_taken]
    if reward is HOLE:
        if left:
            raise Need("reward", s, left=tuple(left), jelly=label)
        reward = None
    if not left:
        if reward is not None:
            raise IllegalActionError(R_REWARDS, "every Queen's Reward of the sheet was already "
                                     "taken", expected=None, given=reward)
        return with_event(s, f"{label} completed: no Queen's Reward left")
    if reward is None:
        raise IllegalActionError(R_REWARDS, f"{label} is completed: choose 1 of the Queen's "
                                 "Rewards", expected=left, given=None)
    if reward not in s.sheet.rewards:
        raise IllegalActionError(R_REWARDS, f"{reward} is not a Queen's Reward of this sheet",
                                 expected=left, given=reward)
    if reward in s.rewards_taken:
        raise IllegalActionError(R_REWARDS, f"{REWARDS[reward][0]} was already taken (each "
                                 "reward once)", expected=left, given=reward)
    hp = reward_hp(s, reward)
    s = replace(s, rewards_taken=s.rewards_taken + (reward,))
    s = with_event(s, f"{label} completed: Queen's Reward {REWARDS[reward][0]}")
    return move_hp_die(s, gain=hp, why=REWARDS[reward][0])


def _courier(s: ScenarioState, a: Courier) -> ScenarioState:
    if not s.legacy:
        raise IllegalActionError(R_COURIER, "the Courier action is on the Legacy Sheet: this "
                                 "scenario is not played in a legacy run",
                                 expected="a [legacy] scenario", given="courier")
    pool = take_faces(s.pool, [a.bee.face], R_COURIER, "the Courier bee")
    if a.bee.wild:
        if s.honey_track_empty <= 0:
            raise IllegalActionError(R_COURIER, "a wild Bee fills the next honey-track square, "
                                     "but every square is filled", expected="an empty square",
                                     given=0)
        if open_tail(a.nectar)[0]:
            raise IllegalActionError(R_COURIER, "a wild Bee claims no resource, only a "
                                     "honey-track square", expected=[], given=list(a.nectar))
        s = replace(s, pool=pool, honey_track_empty=s.honey_track_empty - 1,
                    honey_squares=s.honey_squares + 1)
        return with_event(s, "Courier (Wild Bee): filled the next honey-track square")
    colour = s.colour(a.bee.face)
    mine = [r for r in s.resources if r.colour == colour and not r.used]
    if not mine:
        unused = sorted({r.colour for r in s.resources if not r.used})
        raise IllegalActionError(R_COURIER, f"a {a.bee.face}-Bee ({colour}) must match the "
                                 f"colour of an unused resource", expected=unused or "wild Bee",
                                 given=colour)
    counts = Counter(r.kind for r in mine)
    nectar, more = open_tail(a.nectar)
    short = 0
    if more and len(nectar) < counts["nectar"]:   # at the table: the next nectar's hex is open
        nectar += (HOLE,) * (counts["nectar"] - len(nectar))
    elif s.sheet.builder_shapes and len(nectar) < counts["nectar"]:
        short = counts["nectar"] - len(nectar)    # checked once they are placed: ruling H82
    elif len(nectar) > counts["nectar"]:
        raise _courier_miscount(colour, counts["nectar"], nectar)
    resources = tuple(replace(r, used=True) if r.colour == colour else r for r in s.resources)
    s = replace(s, pool=pool, resources=resources)
    s = with_event(s, f"Courier ({a.bee}): claims {counts['population']} population, "
                f"{counts['hp']} HP, {counts['nectar']} nectar in {colour}")
    s = gain_population(s, counts["population"], "Courier")
    s = move_hp_die(s, gain=counts["hp"], why="Courier")
    nectar_space = Space(NECTAR, variety=str(a.bee.face))
    s, _ = place_features(s, [(h, nectar_space) for h in nectar], R_COURIER, a.excise)
    if len(nectar) < counts["nectar"] and not short and s.status == "playing":
        raise _courier_miscount(colour, counts["nectar"], nectar)  # fewer: ruling H92
    return _no_room_left(s, short, R_COURIER, "Courier nectar")


def _courier_miscount(colour: str, want: int, nectar) -> IllegalActionError:
    """The refusal of a Courier whose ``nectar`` hexes are not its ``want`` nectar."""
    return IllegalActionError(R_COURIER, f"every {colour} resource is claimed at once: "
                              f"{want} {colour} nectar to place, "
                              f"{counted(len(nectar), 'hex', 'hexes')} given",
                              expected=want, given=len(nectar))


def _not_every_bee(pool, faces) -> IllegalActionError:
    """The refusal of a Gather Nectar whose nectar (from the bees ``faces``) is not one for
    each unassigned bee (``pool``)."""
    return IllegalActionError(R_NECTAR, f"every unassigned bee gathers nectar: the unassigned "
                              f"bees are {faces_text(pool)}, the nectar given comes from "
                              f"{faces_text(faces)}", expected=faces_text(pool),
                              given=faces_text(faces))


def _gather(s: ScenarioState, a: GatherNectar) -> ScenarioState:
    require_phase(s, "assign", "Gather Nectar")
    faces = sorted(p.bee.face for p in a.placements)
    short = Counter(s.pool)
    short.subtract(faces)
    # the bees given no hex: allowed only when the nectar before them ends the scenario
    # (ruling H92) or, in Bee Builder, leaves no built hex free (ruling H82)
    unplaced = sorted(short.elements()) if min(short.values(), default=0) >= 0 else None
    if unplaced is None:
        raise _not_every_bee(s.pool, faces)
    features = []
    for p in a.placements:
        value = wild_value(p.bee, R_NECTAR, "Gather Nectar (its nectar's colour)")
        if s.sheet.turbo_boost is not None and value == s.sheet.turbo_boost:
            features.append((p.cell, CROSSED))          # Turbo Mode: an X, no colour
        else:
            features.append((p.cell, Space(NECTAR, variety=str(value))))
    if a.placements and all(p.cell is not HOLE for p in a.placements):  # said once chosen
        s = with_event(s, "Gather Nectar: " + ", ".join(
            f"{p.bee.stands_for}@{spot_name(p.cell)}" for p in a.placements))
    pool = s.pool
    s, _ = place_features(s, features, R_NECTAR, a.excise)
    if unplaced and s.status == "playing":
        if not s.sheet.builder_shapes:
            raise _not_every_bee(pool, faces)
        if builder_room(s):
            raise IllegalActionError(R_NECTAR, f"every unassigned bee gathers nectar: "
                                     f"{faces_text(unplaced)} placed no nectar though a built "
                                     "hex is free", expected=faces_text(pool),
                                     given=faces_text(faces))
        s = with_event(s, f"Gather Nectar: no built space left for {faces_text(unplaced)}: "
                          "their nectar is lost (ruling H82)")
    s = replace(s, pool=())
    if s.status != "playing":
        return s
    # 4. Feed Bees
    fed = feed_bees(Counter(s.bees), s.bread)
    if fed.population_lost:
        s = gain_population(s, -fed.population_lost, "Feed Bees")
    if s.status != "playing":
        return s
    # 5. Migration
    if s.completed_this_turn:
        crossed = len(s.crossed[s.season_index]) if s.sheet.seasons else 0
        m = migration_loss(s.completed_this_turn, s.population, s.sheet, s.season_index,
                           crossed_out=crossed, perks=s.phase_perks)
        s = replace(s, population=m.change.after)
        s = with_event(s, f"Migration: {counted(s.completed_this_turn, 'hyve')}, "
                          f"-{m.population_lost} population: {m.change.after}")
        s = settle_end(s)
        s = move_hp_die(s, gain=m.hp_gained, why="Migratory / Resiliance")
    if s.status != "playing":
        return s
    return replace(s, phase="season")


def _season(s: ScenarioState, a: SeasonalEffect) -> ScenarioState:
    require_phase(s, "season", "the Seasonal Effect")
    if s.sheet.wasp is not None:
        raise IllegalActionError(R_WASP_ATTACK, "Wasp War has a Wasp Attack phase instead of "
                                 "the Seasonal Effects phase", expected="the wasp dice",
                                 given=f"effect {a.effect}")
    i = s.season_index
    season = s.sheet.seasons[i]
    left = s.available_effects
    if a.effect is None:
        raise IllegalActionError(R_SEASON, f"choose an available effect of the current season "
                                 f"{season.name} (effect = N)", expected=list(left), given=None)
    if a.effect not in left:
        already = a.effect in s.crossed[i]
        why = "is already crossed out" if already else "is not an effect of this season"
        raise IllegalActionError(
            R_SEASON, f"choose any available effect of the current season {season.name}: "
            f"effect {a.effect} {why}", expected=list(left), given=a.effect)
    effect = season.effects[a.effect - 1]
    if s.sheet.mode == "long-live-the-queen":
        s = queen_demands(s)
    colony = Colony(population=s.population, die=s.die, position=s.position,
                    bread_levels=s.bread)
    r = apply_seasonal_effect(colony, effect, scoring=s.sheet.scoring, track=s.sheet.hp_track,
                              perks=s.phase_perks)
    crossed = s.crossed[:i] + (s.crossed[i] + (a.effect,),) + s.crossed[i + 1:]
    start = s.position
    s = replace(s, population=r.colony.population, die=r.colony.die,
                position=r.colony.position, crossed=crossed)
    ended_first = effect.population and not r.population_lost and s.position == 0
    s = with_event(s, f"Seasonal Effect {season.name} {a.effect} ({effect.describe()}): "
                f"-{r.hp_lost} HP, " + (
                    "no population lost: the HP loss ended the scenario first (ruling H3)"
                    if ended_first else f"-{r.population_lost} population")
                + (f", +{r.hp_gained} HP (Resiliance)" if r.hp_gained else "")
                + f": die {s.die} on {s.hp_label}, population {s.population}")
    s = settle_end(s)
    for move in r.hp_moves:                       # Sensilla: spaces entered by the effect
        s = entered_spaces(s, start, move.position)
        start = move.position
    if s.status == "playing":
        s = play_mites(s, effect.mites, a.mites)
    elif open_tail(a.mites)[0]:
        s = with_event(s, "Mites: not crossed out, the scenario ended")
    if s.status == "playing":
        s = settle_end(s)
    if s.status != "playing":
        return s
    return next_turn(s)


def _transition(s: ScenarioState, action: Action) -> ScenarioState:
    if isinstance(action, Refresh):
        return _refresh(s, action)
    if isinstance(action, WaspAttack):
        return play_wasp_attack(s, action)
    if isinstance(action, GatherNectar):
        return _gather(s, action)
    if isinstance(action, SeasonalEffect):
        return _season(s, action)
    if type(action) in ACTION_OF:
        return _assign(s, action)
    raise InvalidInputError("action", type(action).__name__, "a Hyve turn action")


def check(state: ScenarioState, action: Action) -> None:
    """Raise if ``action`` is not allowed in ``state``.

    :raises IllegalActionError: against a rule (named, with expected and given).
    :raises InvalidInputError: a malformed value (a die face 7, a bread type 0…).
    """
    _transition(state, action)


def apply(state: ScenarioState, action: Action) -> ScenarioState:
    """The state after ``action`` (see the module docstring: an illegal action raises as in
    :func:`check`)."""
    return _transition(state, action)


def play(state: ScenarioState, action: Action) -> ScenarioState:
    """Check ``action`` and apply it."""
    check(state, action)
    return apply(state, action)


# --- a whole turn ------------------------------------------------------------------------------

def play_turn(state: ScenarioState, turn: Turn) -> ScenarioState:
    """Play every choice of ``turn`` in order; once the scenario ends ("immediately"), the
    turn's remaining choices are not played (ruling H57)."""
    for action in turn.actions():
        if state.status != "playing":
            break
        state = play(state, action)
    return state
