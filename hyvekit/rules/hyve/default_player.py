"""The HYVE default player (docs/advisor.md, "HYVE"): a fast policy over the legal steps of a
scenario played at the table (:mod:`hyvekit.rules.hyve.table`), for the advisor's rollouts
and its benchmark.  It reads the typed steps (:func:`~.notation.parse_step`) and the sheet
the engine stopped at; it pushes a step only to weigh a Queen's Reward or an excision, so a
decision costs about what listing it does.

What wins a scenario (rules/hyve.txt, "How to Win"): the HP die entering Thriving, all six
hyves completed, or every turn played; what loses it: population 0, the HP die entering
Colony Collapse.  The seasons take 90 HP and 8 population over the 16 turns of the standard
sheet and Feed Bees takes a bee for each one beyond its bread level (every wild one), so the
player:

* **gathers nectar in clusters** — a hyve scores the product of each variety's nectar not
  adjacent to another variety, so each nectar goes beside its own variety, away from the
  others (a wild Bee takes the variety that fits best), and a larva goes where it walls two
  varieties apart and touches the most colours (population);
* **feeds its colony** — Overwork (population), Plumose and the Bakery (bread levels: fewer
  bees lost each turn), Tend Eggs then Tend Larva (HP and larva), Fly Drones only with
  population to spare, each worth :func:`action_worth` against the nectar its bees would
  gather (:data:`NECTAR_BEE`);
* **takes the mildest seasonal effect** (HP, population at 6 HP a bee while the colony rolls
  fewer than ten dice, 2 beyond), and never one that empties the colony when another does
  not;
* never opens a Repurpose (a bee for a reroll is rarely worth it); in one opened already,
  rerolls the wild bees and those beyond their bread level; rolls every die it may;
* Wasp War: the Marshal's highest bees on defensive hexes; Bee Builder: a Build while little
  built room is left, up to :data:`BUILT` shapes a turn.

A die rolled, the Wasp War's attack dice and the like are rolled with the ``rng`` given; the
other choices of the modes (a block, a larva eaten, Mites, Sensilla, Turbo's boosts, the
offensive formations) take the first legal step (docs/advisor.md says what it does not do).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.actions import WILD
from hyvekit.rules.hyve.larva import Line, encircle_lines
from hyvekit.rules.hyve.legacy_honey import honey_earned
from hyvekit.rules.hyve.notation import Step, parse_step
from hyvekit.rules.hyve.scoring import NECTAR, Space
from hyvekit.rules.hyve.sheets import AXIAL_NEIGHBOURS
from hyvekit.rules.hyve.table_turn import Table, trial
from hyvekit.rules.table import DRAWN, Decision

#: the worth of a bee gathering nectar instead of taking an action (in HP)
NECTAR_BEE = 0.25
#: the most shapes the Build action draws a turn (Bee Builder)
BUILT = 3
#: the worth of opening the Marshal (Wasp War): two bees on defensive hexes, each blocking a
#: Light Attack of its value (2 or 3 HP)
MARSHAL = 3.0
#: the worth of a bee of population (HP) while the colony is small, and beyond ten bees
POPULATION, POPULATION_SPARE = 3.0, 1.0


def _typed(t: Table, option: str) -> Step | None:
    try:
        return parse_step(option, t.start.sheet, t.start.chamber)
    except InvalidInputError:
        return None


def _hex(spot: Any) -> Any:
    """A step's hex: axial ``(q, r)``, or the hex of ``(hyve, hex)``."""
    return spot[1] if isinstance(spot[0], int) and isinstance(spot[1], tuple) else spot


def population_worth(population: int) -> float:
    """The worth of one more bee (HP): high while the colony rolls fewer than ten dice."""
    return POPULATION if population < 10 else POPULATION_SPARE


def nectar_worth(grid: Any, variety: str, h: Any) -> float:
    """The worth of a ``variety`` nectar at ``h`` of ``grid`` for the hyve's score: beside its
    own variety, away from the others (a hex touching another variety counts for neither)."""
    q, r = h
    worth = 0.0
    for dq, dr in AXIAL_NEIGHBOURS:
        n = (q + dq, r + dr)
        try:
            space = grid[n]
        except (KeyError, IndexError):
            worth += 0.3                       # the hyve's edge walls it like a larva
            continue
        if space.kind == NECTAR:
            worth += 1.0 if space.variety == variety else -2.5
        elif space.kind != "empty":
            worth += 0.3                       # a larva or a crossed-out hex: a wall
        else:
            for dq2, dr2 in AXIAL_NEIGHBOURS:   # an empty neighbour: who else may claim it
                m = (n[0] + dq2, n[1] + dr2)
                try:
                    other = grid[m]
                except (KeyError, IndexError):
                    continue
                if other.kind == NECTAR and other.variety != variety:
                    worth -= 0.25
    return worth


def hyve_worth(grid: Any) -> float:
    """What ``grid`` would score if it were complete now: the product of each variety's
    nectar not beside another variety (rules/hyve.txt, Gather Nectar), 0 with no nectar."""
    counted: Counter = Counter()
    for h, space in grid.items():
        if space.kind != NECTAR:
            continue
        q, r = h
        for dq, dr in AXIAL_NEIGHBOURS:
            try:
                other = grid[(q + dq, r + dr)]
            except (KeyError, IndexError):
                continue
            if other.kind == NECTAR and other.variety != space.variety:
                break
        else:
            counted[space.variety] += 1
    return float(math.prod(counted.values())) if counted else 0.0


def larva_worth(grid: Any, h: Any) -> float:
    """The worth of a larva at ``h``: the population it gains (the different colours beside
    it), and a wall between two varieties."""
    q, r = h
    seen = set()
    empty = 0
    for dq, dr in AXIAL_NEIGHBOURS:
        try:
            space = grid[(q + dq, r + dr)]
        except (KeyError, IndexError):
            continue
        if space.kind == NECTAR:
            seen.add(space.variety)
        elif space.kind == "empty":
            empty += 1
    return len(seen) * POPULATION + (1.0 if len(seen) >= 2 else 0.0) - 0.1 * empty


def _binomial_at_least(n: int, k: int, p: float = 1 / 6) -> float:
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def _turns_left(s: Any) -> int:
    if s.sheet.wasp is not None:                  # Wasp War: its rounds
        return max(1, s.sheet.wasp.rounds - s.rounds_done)
    return max(1, sum(len(x.effects) for x in s.sheet.seasons) - s.turn + 1)


def bread_worth(s: Any, bread_type: int, level: int) -> float:
    """The worth of ``bread_type``'s bread at ``level`` (one above the last): the bees it
    feeds over the turns left (each a bee that would be lost in Feed Bees)."""
    dice = min(max(s.population, 1), s.sheet.refresh_max)
    return 0.6 * _turns_left(s) * _binomial_at_least(dice, level) * population_worth(s.population)


def _room(s: Any) -> int:
    """The empty hexes of the active hyve and those after it (Bee Builder: built ones)."""
    if s.sheet.builder_shapes:
        return sum(1 for i in range(s.active, len(s.hyves)) for h in s.built[i]
                   if s.hyves[i][h].kind == "empty")
    return sum(len(g.empty) for g in s.hyves[s.active:])


#: the most larva one assignment places (Turbo's Tend Larva of a row and a column)
MOST_LARVA = 12


def fills_every_hyve(t: Table, s: Any, option: str) -> bool:
    """Whether the assignment ``option`` places more larva (Tend Larva, Overwork Queen) than
    the hyves have room for now: the larva that fills hyve 6 wins the scenario (ruling H91).
    Bee Builder's room is counted in built shapes only, so there it is never sure: False."""
    room = _room(s)
    if room >= MOST_LARVA or s.sheet.builder_shapes or \
            not option.startswith(("larva ", "queen ")):
        return False
    step = _typed(t, option)
    if step is None:
        return False
    a = step.args
    if step.verb == "larva":
        lines = [a[1]]
        if a[2:] and a[2] and a[1].kind in ("row", "column"):      # Turbo: both lines
            lines.append(Line("column" if a[1].kind == "row" else "row", a[1].label))
        return encircle_lines(s.chamber, lines).larva > room
    jellies = s.sheet.jellies
    larva = a[0].stands_for if jellies[a[1]] == "overwork-queen" else 0
    if a[3:] and a[3] is not None and jellies[a[3][1]] == "overwork-queen":
        larva += a[3][0]
    return larva > room


def _jelly_worth(s: Any, kind: str, value: int) -> float:
    if kind == "overwork":
        return value * population_worth(s.population)
    if kind == "fly-drones":
        if s.population - value < 8:
            return -10.0
        return 2 * value - value * population_worth(s.population - value)
    if kind == "overwork-queen":
        return value * 1.5
    if kind == "plumose":
        level = s.bread[value - 1] + 1
        return bread_worth(s, value, level) if level <= 6 else -1.0
    return 0.5


def action_worth(t: Table, s: Any, step: Step) -> float:
    """The worth (HP) of opening the assignment ``step`` on the sheet ``s``, less the nectar
    its bees would have gathered; ``gather`` is 0."""
    v, a = step.verb, step.args
    if v == "queen":
        b, j = a[0], a[1]
        kinds = s.sheet.jellies
        worth = _jelly_worth(s, kinds[j], b.stands_for)
        if a[3:] and a[3] is not None:
            worth += _jelly_worth(s, kinds[a[3][1]], a[3][0])
        return worth - NECTAR_BEE
    if v == "bakery":
        bread, bees = a[0], a[1]
        return bread_worth(s, bread, s.bread[bread - 1] + 1) - NECTAR_BEE * len(bees)
    if v == "eggs":
        size = next((len(cells) for value, cells in s.sheet.chamber.shapes
                     if value == a[0].stands_for), 2)
        return 0.8 * size * min(1.0, _turns_left(s) / 4) - NECTAR_BEE
    if v == "larva":
        got = encircle_lines(s.chamber, [a[1]])
        return got.hp + got.larva * 2.0 - NECTAR_BEE
    if v == "repurpose":
        return -5.0                     # rerolls are weighed in Feed Bees: rarely worth a bee
    if v == "courier":
        return 1.0 - NECTAR_BEE
    if v == "build":                    # Bee Builder: room for the nectar to come
        return 8.0 - _room(s) / 2
    if v == "marshal":                  # Wasp War: defensive reserves block Light Attacks
        empty = sum(value is None for group in s.marshal.defensive for value in group)
        return MARSHAL if empty else -3.0   # offensive hexes alone are not worth a bee
    return -3.0


def assignment_worth(t: Table, s: Any, option: str) -> float:
    """The worth (HP) the default player gives the assignment ``option`` on the sheet ``s``:
    ``gather`` 0, an assignment whose larva fill every hyve infinite (the scenario won),
    otherwise :func:`action_worth` (minus infinity for a step it cannot read)."""
    if option == "gather":
        return 0.0
    if fills_every_hyve(t, s, option):
        return math.inf                       # the scenario won (ruling H91)
    step = _typed(t, option)
    return -math.inf if step is None else action_worth(t, s, step)


def _assign(t: Table, d: Decision) -> str:
    s = t.now
    best, pick = 0.0, "gather"
    for option in d.legal:
        w = assignment_worth(t, s, option)
        if w > best:
            best, pick = w, option
            if w == math.inf:
                break
    return pick


def _placed(t: Table, d: Decision, larva: bool) -> str:
    s, _ = trial(t, t.turn)
    grid = s.hyves[s.active]
    best, pick = -math.inf, d.legal[0]
    for option in d.legal:
        step = _typed(t, option)
        if step is None:
            continue
        if larva:
            w = larva_worth(grid, _hex(step.args[0]))
        else:
            b, h = step.args
            h = _hex(h)
            w = nectar_worth(grid, str(b.stands_for), h) + \
                hyve_worth(grid.replace(h, Space(NECTAR, variety=str(b.stands_for))))
        if w > best:
            best, pick = w, option
    return pick


def effect_cost(s: Any, option: str) -> float:
    """What the seasonal effect ``option`` (``effect K``) costs the colony on the sheet
    ``s``, in HP: its HP (bread penalties counted) and its population at
    :func:`population_worth` twice a bee; 1000 more when it empties the colony."""
    from hyvekit.rules.hyve.phases import effect_hp
    e = s.sheet.seasons[s.season_index].effects[int(option.split()[1]) - 1]
    pop = e.population
    cost = effect_hp(e, s.population, s.bread) + pop * population_worth(s.population - pop) * 2
    return cost + (1000 if s.population - pop <= 0 else 0)


def _effect(t: Table, d: Decision) -> str:
    s = t.now
    return min(d.legal, key=lambda o: effect_cost(s, o))


def _marshal(t: Table, d: Decision) -> str:
    """The highest bee on a defensive hex (the Light Attacks of 5 and 6 cost most), then
    done."""
    best, pick = -math.inf, d.legal[-1]
    for option in d.legal:
        step = _typed(t, option)
        if step is None or not step.args or step.args[0] == "done":
            continue
        b, at = step.args
        w = b.face + (10 if str(at).upper().startswith("D") else 0)
        if w > best:
            best, pick = w, option
    return pick


def _reroll(t: Table, d: Decision) -> str:
    s = t.now
    counts = Counter(s.bees)
    waste = Counter({f: (n if f == WILD else max(0, n - s.bread[f - 1]))
                     for f, n in counts.items()})
    best, pick = -math.inf, d.legal[0]
    for option in d.legal:
        faces = [int(x) if x != "W" else WILD for x in option.split()[1:]]
        left = Counter(waste)
        w = 0.0
        for f in faces:
            if left[f] > 0:
                w += 1
                left[f] -= 1
            else:
                w -= 0.5
        if w > best:
            best, pick = w, option
    return pick


def hp_units(s: Any) -> int:
    """The HP die and its track position as one count of HP (flat scoring)."""
    return s.position * 6 + s.die


def _most_hp(t: Table, d: Decision, rng: random.Random) -> str:
    """The option that leaves the most HP (a Queen's Reward, an excision: few options)."""
    from hyvekit.rules.hyve.table_push import push
    best, pick = -math.inf, d.legal[0]
    for option in d.legal:
        try:
            after = push(t, option, rng)
        except (IllegalActionError, InvalidInputError):   # a listed option the engine refuses
            continue
        w = hp_units(after.now) + (1000 if after.now.status == "won" else 0)
        if w > best:
            best, pick = w, option
    return pick


def choose(t: Table, d: Decision, rng: random.Random) -> str:
    """The default player's step for ``d`` (one of ``d.legal``; see the module docstring);
    a die is rolled with ``rng``.

    :raises ValueError: nothing is due.
    """
    if d.over:
        raise ValueError("no legal step: nothing is due")
    legal = d.legal
    if len(legal) == 1:
        return legal[0]
    if any(o in DRAWN for o in legal):
        return next(o for o in legal if o in DRAWN)      # every die it may roll
    if d.kind == "assign":
        return _assign(t, d)
    if d.kind in ("nectar", "larva"):
        return _placed(t, d, d.kind == "larva")
    if d.kind == "effect":
        return _effect(t, d)
    if d.kind == "reroll":
        return _reroll(t, d)
    if d.kind == "build":               # Bee Builder: up to three shapes a turn
        shapes = len(t.turn.open.shapes)
        return "build done" if "build done" in legal and shapes >= BUILT else legal[0]
    if d.kind == "marshal":
        return _marshal(t, d)
    if d.kind in ("reward", "excise"):
        return _most_hp(t, d, rng)
    return legal[0]


def ranked(t: Table, d: Decision) -> tuple[str, ...]:
    """The legal steps of ``d``, the default player's choice first, then by the worth it
    gives them: an assignment's :func:`assignment_worth`, a seasonal effect's
    :func:`effect_cost` (the mildest first); any other decision's steps as listed.  The
    advisor estimates the first ones (its screen)."""
    first = choose(t, d, random.Random(0))
    rest = [o for o in d.legal if o != first]
    s = t.now
    if d.kind == "assign":
        rest.sort(key=lambda o: -assignment_worth(t, s, o))
    elif d.kind == "effect":
        rest.sort(key=lambda o: effect_cost(s, o))
    return (first,) + tuple(rest)


def honey(t: Table) -> int:
    """The honey a scenario ended at ``t`` earns (Legacy Mode, "Gaining Honey": HP-track
    positions past the Starting Space, population, completed hyves), 0 when it is lost."""
    s = t.now
    if s.status != "won":
        return 0
    start = s.sheet.hp_track.start
    return honey_earned(max(-99, min(99, s.position - start)), min(s.population, 999),
                        s.hyves_completed).total


def outcome(t: Table, name: str) -> tuple[float, float]:
    """What the player ends the scenario ``t`` with: its honey (:func:`honey`) and whether
    it won (1 or 0).

    :raises ValueError: the scenario is not over.
    """
    if t.now.status == "playing":
        raise ValueError("the scenario is not over")
    return float(honey(t)), 1.0 if t.now.status == "won" else 0.0


def uniform(t: Any, d: Decision, rng: random.Random) -> str:
    """Uniformly random legal play: any of ``d.legal`` with equal chance."""
    return rng.choice(d.legal)


__all__ = ["MARSHAL", "MOST_LARVA", "NECTAR_BEE", "fills_every_hyve", "POPULATION", "POPULATION_SPARE", "action_worth", "bread_worth",
           "assignment_worth", "choose", "effect_cost", "honey", "larva_worth", "nectar_worth", "outcome", "population_worth",
           "ranked", "uniform"]
