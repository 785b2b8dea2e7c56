"""The game modes' steps of a Hyve turn: Turbo Mode's boost bee, Wasp War's Marshal and Wasp
Attack, Bee Builder's Build, Long Live the Queen's demands, Mites Challenge's cross-outs.

Implements the "Game Modes" of ``rules/hyve.txt`` inside the turn engine
(:mod:`hyvekit.rules.hyve.turn`) by calling the pure mode rules of
:mod:`hyvekit.rules.hyve.modes`; every function takes a :class:`ScenarioState` and returns
the next one, raising :class:`IllegalActionError` naming the mode's rule.
"""

from __future__ import annotations

from dataclasses import replace

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.actions import Build, Marshal, WaspAttack
from hyvekit.rules.hyve.larva import EATEN
from hyvekit.rules.hyve.mites import mites_required
from hyvekit.rules.hyve.need import Need, open_tail
from hyvekit.rules.hyve.modes import Build as ModeBuild
from hyvekit.rules.hyve.modes import (R_BUILD, R_MARSHAL, R_TURBO, R_WASP_ATTACK, MarshalBee,
                                      QueenFacts, apply_build, apply_marshal, apply_mites,
                                      builder_end_reached, judge_demands, resolve_wasp_attack)
from hyvekit.rules.hyve.scenario import (HYVES, R_SEASON, ScenarioState, gain_population,
                                         move_hp_die, next_turn, require_phase, settle_end,
                                         take_faces, with_event)
from hyvekit.rules.hyve.scoring import cell_name
from hyvekit.rules.hyve.sheets import Hex
from hyvekit.rules.common import counted

def _further_blocks(s: ScenarioState, dice, blocks) -> tuple[str, ...]:
    """The defensive hexes that could block one more Light Attack after ``blocks`` (each
    tried by :func:`~hyvekit.rules.hyve.modes.resolve_wasp_attack` itself)."""
    out = []
    for f, group in enumerate(s.marshal.defensive, start=1):
        for h, value in enumerate(group, start=1):
            at = f"D{f}.{h}"
            if value is None or at in blocks:
                continue
            try:
                resolve_wasp_attack(s.sheet.wasp, dice, s.marshal, (*blocks, at))
            except (IllegalActionError, InvalidInputError):
                continue
            out.append(at)
    return tuple(out)


def play_build(s: ScenarioState, a: Build) -> ScenarioState:
    """Bee Builder, Build (:func:`hyvekit.rules.hyve.modes.apply_build`); building never
    migrates; the scenario is won once no shape fits in the 6th hyve
    (:func:`~hyvekit.rules.hyve.modes.builder_end_reached`)."""
    if not s.sheet.builder_shapes:
        raise IllegalActionError(R_BUILD, "the Build action is on the Bee Builder sheet",
                                 expected="a Bee Builder scenario", given=s.sheet.mode)
    pool = take_faces(s.pool, [b.face for b, _, _ in a.shapes], R_BUILD, "the Build bees")
    builds = [ModeBuild(b.face, hyve, tuple(hexes), b.value if b.wild else None)
              for b, hyve, hexes in a.shapes]
    built = apply_build(s.sheet.builder_shapes, s.sheet.hyves, s.built, s.active + 1, builds)
    s = replace(s, pool=pool, built=built)
    for b, hyve, hexes in a.shapes:
        s = with_event(s, f"Build ({b}): hyve {hyve} {', '.join(cell_name(h) for h in hexes)}")
    if builder_end_reached(s.sheet.builder_shapes, s.sheet.hyves, s.built):
        s = with_event(s, "no shape can be built in the 6th hyve any more")
        s = replace(s, status="won", end=("hyve 6 built",), phase="over")
    return s


def play_marshal(s: ScenarioState, a: Marshal) -> ScenarioState:
    """Wasp War, Marshal (:func:`hyvekit.rules.hyve.modes.apply_marshal`)."""
    if s.marshal is None:
        raise IllegalActionError(R_MARSHAL, "the Marshal action is on the Wasp War sheet",
                                 expected="a Wasp War scenario", given=s.sheet.mode)
    pool = take_faces(s.pool, [b.face for _, b in a.bees], R_MARSHAL, "the Marshal bees")
    bees = [MarshalBee(at, b.face, b.value if b.wild else None) for at, b in a.bees]
    got = apply_marshal(s.sheet.wasp, s.marshal, bees)
    s = replace(s, pool=pool, marshal=got.area)
    s = with_event(s, "Marshal: " + ", ".join(f"{b.stands_for} on {at}" for at, b in a.bees))
    for i, r in got.completed:
        s = with_event(s, f"offensive formation {i} completed: total {r.total}, "
                    + ("failed (over 12)" if r.failed else f"attack {r.crossed} crossed out"))
    return s


def turbo_boost(s: ScenarioState, a, rule: str) -> tuple[int, ...]:
    """The faces an action takes from the pool: its bee, plus Turbo Mode's boost bee."""
    if not a.boost:
        return (a.bee.face,)
    if s.sheet.turbo_boost is None:
        raise IllegalActionError(R_TURBO, "a boost bee alongside an action is a Turbo Mode rule",
                                 expected="no boost", given="boost")
    return (a.bee.face, s.sheet.turbo_boost)


def queen_demands(s: ScenarioState) -> ScenarioState:
    """Long Live the Queen: "Before resolving Seasonal Effects check whether you have satisfied
    the current demand(s)": 1 Approval per satisfied demand, 1 Disapproval per unsatisfied one
    (:func:`hyvekit.rules.hyve.modes.judge_demands`)."""
    facts = QueenFacts(jelly_coloured=s.jelly_coloured, bread_upgraded=s.bread_upgraded,
                       hyves_completed=s.hyves_completed, population=s.population,
                       bread_levels=s.bread, hp_position=s.position)
    judged = judge_demands(s.sheet, s.season_index, facts)
    s = replace(s, approval=s.approval + judged.approval,
                disapproval=s.disapproval + judged.disapproval)
    met = ", ".join(d.describe() for d in judged.met) or "none"
    unmet = ", ".join(d.describe() for d in judged.unmet) or "none"
    return with_event(s, f"Demands: met {met}; unmet {unmet}: approval {s.approval}, disapproval "
                   f"{s.disapproval}")


def play_mites(s: ScenarioState, icons: int, cells: tuple[Hex, ...]) -> ScenarioState:
    """Mites: cross out one nectar of the active hyve per icon, as many as it has
    (:func:`hyvekit.rules.hyve.modes.check_mites`, ruling H50)."""
    cells, more = open_tail(cells)
    if s.active >= HYVES or (not icons and not cells):
        return s
    if more:                                  # at the table: the next cross-out is open
        due = mites_required(s.hyves[s.active], icons) - len(cells)
        if due > 0:
            raise Need("mites", s, count=due, known=cells)
    grid = apply_mites(s.hyves[s.active], icons, cells)
    if cells:
        s = replace(s, hyves=s.hyves[:s.active] + (grid,) + s.hyves[s.active + 1:])
        s = with_event(s, f"Mites: crossed out {', '.join(cell_name(h) for h in cells)}")
    return s


def play_wasp_attack(s: ScenarioState, a: WaspAttack) -> ScenarioState:
    """Wasp War, 6. Wasp Attack (:func:`hyvekit.rules.hyve.modes.resolve_wasp_attack`): the HP
    lost, then the population (Resiliance), then the larva eaten (the player names the
    populated squares), then the round is crossed off (ruling H53)."""
    require_phase(s, "season", "the Wasp Attack")
    if s.sheet.wasp is None:
        raise IllegalActionError(R_SEASON, "the Wasp Attack phase belongs to Wasp War; this "
                                 "sheet has Seasonal Effects", expected="an effect",
                                 given="wasp dice")
    populated = s.chamber.populated_count
    blocks, more_blocks = open_tail(a.blocks)
    if more_blocks:                       # at the table: another block may still be chosen
        can = _further_blocks(s, a.dice, blocks)
        if can:
            raise Need("block", s, options=can)
    r = resolve_wasp_attack(s.sheet.wasp, a.dice, s.marshal, blocks,
                            populated_larva=populated, tenacity=s.has("tenacity"))
    eaten, more_eaten = open_tail(a.eaten)
    if len(eaten) > r.larva or len(set(eaten)) != len(eaten):
        raise IllegalActionError(R_WASP_ATTACK, f"the attacks eat {r.larva} populated larva "
                                 f"(of {populated} in the chamber), "
                                 f"{counted(len(eaten), 'square')} named",
                                 expected=r.larva, given=len(eaten))
    for c in eaten:
        if not 1 <= s.chamber[c] <= 5:
            raise IllegalActionError(R_WASP_ATTACK, f"{s.chamber.name(c)} holds no populated "
                                     "larva (an eaten larva cannot be placed)",
                                     expected="a populated square", given=s.chamber.name(c))
    s = replace(s, marshal=r.area)
    s = with_event(s, f"Wasp Attack {r.dice[0]} and {r.dice[1]} (heavy {r.heavy}): "
                + "; ".join(line.describe() for line in r.lines))
    s = move_hp_die(s, lose=r.hp, why="Wasp Attack")
    s = gain_population(s, -r.population, "Wasp Attack")
    if s.status == "playing" and len(eaten) < r.larva:   # none are eaten once it has ended
        if more_eaten:
            raise Need("eaten", s, count=r.larva - len(eaten), known=eaten)
        raise IllegalActionError(R_WASP_ATTACK, f"the attacks eat {r.larva} populated larva "
                                 f"(of {populated} in the chamber), "
                                 f"{counted(len(eaten), 'square')} named",
                                 expected=r.larva, given=len(eaten))
    if s.status == "playing" and eaten:
        s = replace(s, chamber=s.chamber.with_values({c: EATEN for c in eaten}))
        s = with_event(s, f"larva eaten: {', '.join(s.chamber.name(c) for c in eaten)}")
    if s.status != "playing":
        return s
    s = settle_end(replace(s, rounds_done=s.rounds_done + 1))
    if s.status != "playing":
        return s
    return next_turn(s)
