"""Property tests through the turn engine (issue 4): random turns of random choices, legal or
not, on every mode's sheet, and after every step:

* the population is never below 0, and reaching 0 is always a loss (4. Feed Bees: "If you ever
  have 0 (or less) population, you lose the Scenario");
* each Royal Jelly holds a colour at most once ("Each Royal Jelly can only hold one of each
  color"), and adding a colour it holds is refused;
* each action is used at most once per turn ("Each Action can only be used once per turn"), and
  a second use is refused naming Assign Workers;
* no hex is filled twice: every feature placed adds exactly one filled hex, a hyve before the
  active one is full and every hyve after it empty, and placing on a filled hex is refused.

What ``test_turn_scenario.py::test_random_legal_turns_never_break_invariants`` already covers:
the standard sheet only, Repurpose / Bakery / Queen's Attendants without Overwork Queen's larva,
population ≥ 0 at the end of each turn, a second use of the last action refused.  Here: all
seven sheets (standard, Coldsnap, Mites Challenge with Structured placement, Long Live the Queen,
Turbo Mode with boosted actions, Wasp War, Bee Builder with Build and placement on built hexes),
every action including Tend Eggs, Tend Larva, Overwork Queen, Marshal and Build, Mites
cross-outs and Wasp Attacks with eaten larva, the invariants after every step, and the three
refusals probed on purpose.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.larva import Line, apply_eggs, orientations
from hyvekit.rules.hyve.modes import legal_builds, mites_choices, resolve_wasp_attack
from hyvekit.rules.hyve.scoring import EMPTY, HEXES
from hyvekit.data.hyve import sheet_definition
from hyvekit.rules.hyve.sheets import AXIAL_NEIGHBOURS, BEE_TYPES
from hyvekit.rules.hyve.turn import (Bakery, Build, GatherNectar, JellyFill, Marshal, Placement,
                                     QueensAttendants, Refresh, Repurpose, SeasonalEffect,
                                     TendEggs, TendLarva, WaspAttack, bee, new_scenario, play)

SHEETS = ("standard", "coldsnap", "mites-challenge", "long-live-the-queen", "turbo", "wasp-war",
          "bee-builder")
KINDS = ("repurpose", "bakery", "tend-eggs", "tend-larva", "queen", "marshal", "build")
ACTION_OF = {"repurpose": "repurpose", "bakery": "bakery", "tend-eggs": "larva-chamber",
             "tend-larva": "larva-chamber", "queen": "queens-attendants", "marshal": "marshal",
             "build": "build"}
MIDDLE = (0, 0)
R_ASSIGN = "Hyve: Assign Workers"
R_QUEEN = "Hyve: Queen's Attendants"
R_NECTAR = "Hyve: Gather Nectar"
R_BUILD = "Hyve: Bee Builder — Build Action"


def filled(s) -> int:
    return sum(1 for g in s.hyves for h in HEXES if g[h].kind != EMPTY)


def check_invariants(s) -> None:
    assert s.population >= 0
    if s.population == 0:
        assert s.status == "lost" and "population 0" in s.end
    if s.status == "playing":
        assert s.population > 0
    for j in s.jellies:
        assert len(set(j)) == len(j) and all(v in BEE_TYPES for v in j)
    assert len(s.used) == len(set(s.used))
    builder = bool(s.sheet.builder_shapes)
    for i, g in enumerate(s.hyves):
        empty = sum(1 for h in HEXES if g[h].kind == EMPTY)
        if builder:                                       # features only on built hexes
            assert all(g[h].kind == EMPTY for h in HEXES if h not in s.built[i])
        if i < s.active and not builder:
            assert empty == 0                             # completed hyves are full
        elif i > s.active:
            assert empty == len(HEXES)                    # later hyves untouched
    assert s.hyves_completed == s.active


def attempt(s, action, added: int = 0):
    """Play ``action`` if the rules allow it; check the invariants and that it filled exactly
    ``added`` hexes (while the scenario goes on)."""
    before = filled(s)
    try:
        after = play(s, action)
    except (IllegalActionError, InvalidInputError):
        return s
    check_invariants(after)
    if after.status == "playing":
        assert filled(after) == before + added
    else:
        assert before <= filled(after) <= before + added
    return after


def value_of(face: int, rng: random.Random) -> int:
    return rng.randint(1, 5) if face == 6 else face


def empties_for(s, k: int, rng: random.Random) -> list | None:
    """``k`` hexes for features placed one after another into the active hyve and on
    (overflowing clockwise), following the sheet's placement rule; None when they do not fit
    before the 6th hyve ends."""
    if s.sheet.builder_shapes:
        return builder_spots(s, k, rng)
    out, hyve = [], s.active
    taken = {h for h in HEXES if hyve < 6 and s.hyves[hyve][h].kind != EMPTY}
    for _ in range(k):
        if hyve >= 6:
            return None
        free = [h for h in HEXES if h not in taken]
        if s.sheet.placement == "structured":
            if not taken:
                free = [MIDDLE]
            else:
                free = [h for h in free if any((h[0] + dq, h[1] + dr) in taken
                                               for dq, dr in AXIAL_NEIGHBOURS)]
        h = rng.choice(free)
        out.append(h)
        taken.add(h)
        if len(taken) == len(HEXES):
            hyve, taken = hyve + 1, set()
    return out


def builder_spots(s, k: int, rng: random.Random) -> list | None:
    """Bee Builder: ``k`` built, empty hexes of the active hyve, then of the next one (placing
    there migrates), named with their hyve number."""
    out = []
    for n in (s.active + 1, s.active + 2):
        if n > 6:
            break
        free = [h for h in HEXES if h in s.built[n - 1] and s.hyves[n - 1][h].kind == EMPTY]
        rng.shuffle(free)
        out += [(n, h) for h in free]
    return out[:k] if len(out) >= k else None


def eggs_cells(chamber, value: int, rng: random.Random):
    shapes = dict(chamber.chamber.shapes)
    if value not in shapes:
        return None
    rows, width = len(chamber.squares), chamber.width
    fits = []
    for form in orientations(shapes[value]):
        for r in range(rows):
            for c in range(width):
                cells = tuple((r + dr, c + dc) for dr, dc in form)
                if all(0 <= rr < rows and 0 <= cc < width and chamber[(rr, cc)] == 0
                       for rr, cc in cells):
                    fits.append(cells)
    return rng.choice(fits) if fits else None


def try_kind(s, kind: str, rng: random.Random):
    pool = list(s.pool)
    if not pool:
        return s
    face = rng.choice(pool)
    if ACTION_OF[kind] in s.used and s.status == "playing":
        # "Each Action can only be used once per turn": a second use is refused, first thing
        probe = {"repurpose": Repurpose(bee(face), (), ()), "bakery": Bakery((), 1),
                 "larva-chamber": TendEggs(bee(face, value_of(face, rng) if face == 6 else None),
                                           ()),
                 "queens-attendants": QueensAttendants(bee(1), 0),
                 "marshal": Marshal(()), "build": Build(())}[ACTION_OF[kind]]
        try:
            play(s, probe)
        except IllegalActionError as exc:
            assert exc.rule == R_ASSIGN
        else:
            raise AssertionError(f"{ACTION_OF[kind]} was played twice in one turn")
        return s
    wild_value = value_of(face, rng) if face == 6 else None
    b = bee(face, wild_value)
    value = b.stands_for
    two = s.sheet.turbo_boost
    rest = list(pool)
    rest.remove(face)
    if two is not None and two in rest and kind in ("repurpose", "tend-eggs", "tend-larva",
                                                    "queen") and rng.random() < 0.6:
        return boosted(s, kind, b, rng)
    if kind == "repurpose":
        k = rng.randint(1, 5) if face == 6 else face
        others = list(pool)
        others.remove(face)
        if len(others) < k:
            return s
        return attempt(s, Repurpose(b, tuple(rng.sample(others, k)),
                                    tuple(rng.randint(1, 6) for _ in range(k))))
    if kind == "bakery":
        t = face if face != 6 else rng.randint(1, 5)
        n = s.bread[t - 1] + 1
        if sum(1 for f in pool if f in (t, 6)) < n:
            return s
        left, bees = list(pool), []
        for _ in range(n):
            f = t if t in left else 6
            left.remove(f)
            bees.append(bee(f))
        return attempt(s, Bakery(tuple(bees), t))
    if kind == "tend-eggs":
        cells = eggs_cells(s.chamber, value, rng)
        return s if cells is None else attempt(s, TendEggs(b, cells))
    if kind == "tend-larva":
        ch = s.chamber.chamber
        if face == 6:
            options = ([Line("row", v) for v in ch.rows] + [Line("column", v) for v in ch.columns]
                       + [Line("wild", k) for k in range(1, ch.wild_columns + 1)])
            line = rng.choice(options)
        else:
            line = Line(rng.choice(["row", "column"]), face)
            if (line.kind == "row" and face not in ch.rows) or \
                    (line.kind == "column" and face not in ch.columns):
                return s
        n = len(s.chamber.populated(s.chamber.line_cells(line)))
        hexes = empties_for(s, n, rng)
        return s if hexes is None else attempt(s, TendLarva(b, line, tuple(hexes)), n)
    if kind == "queen":
        jelly = rng.randrange(len(s.jellies))
        holds = s.jellies[jelly]
        if holds and rng.random() < 0.4 and s.status == "playing" and \
                not (s.sheet.turbo_boost == face):
            # a colour the jelly already holds: refused ("only one of each color")
            again = rng.choice(holds)
            twice = bee(6, again) if face == 6 else None
            if twice is not None or face == again:
                try:
                    play(s, QueensAttendants(twice or bee(face), jelly))
                except IllegalActionError as exc:
                    assert exc.rule == R_QUEEN
                else:
                    raise AssertionError("a Royal Jelly took a colour it already holds")
                return s
        kind_of = s.sheet.jellies[jelly]
        larva, added = (), 0
        if kind_of == "overwork-queen" and value not in holds:
            hexes = empties_for(s, value, rng)
            if hexes is None:
                return s
            larva, added = tuple(hexes), value
        left = [r for r in s.sheet.rewards if r not in s.rewards_taken]
        completes = value not in holds and len(holds) + 1 == len(BEE_TYPES)
        reward = rng.choice(left) if completes and left else None
        return attempt(s, QueensAttendants(b, jelly, reward=reward, larva=larva), added)
    if kind == "build" and s.sheet.builder_shapes and s.active < 6:
        hyve = min(s.active + rng.randint(1, 2), 6)
        options = list(legal_builds(s.sheet.builder_shapes, s.sheet.hyves, s.built,
                                    s.active + 1, hyve, values=[value]))
        if not options:
            return s
        return attempt(s, Build(((b, hyve, rng.choice(options).hexes),)))
    if kind == "marshal" and s.marshal is not None:
        chosen = [face] + ([rng.choice(pool)] if len(pool) > 1 and rng.random() < 0.5 else [])
        spots = [f"{rng.choice('DO')}{rng.randint(1, 3)}.{rng.randint(1, 5)}" for _ in chosen]
        return attempt(s, Marshal(tuple((at, bee(f, rng.randint(1, 5) if f == 6 else None))
                                        for at, f in zip(spots, chosen))))
    return s


def build_room(s, rng: random.Random):
    """Bee Builder: one Build action with as many shapes as it takes (in the active hyve or
    the next) for the bees left to find built, empty hexes to gather on."""
    if s.active >= 6 or "build" in s.used:
        return s
    built, pool, shapes = list(s.built), list(s.pool), []

    def room():
        return sum(1 for n in (s.active, s.active + 1) if n < 6 for h in HEXES
                   if h in built[n] and s.hyves[n][h].kind == EMPTY)

    for face in list(pool):
        if room() >= len(pool):
            break
        b = bee(face, value_of(face, rng) if face == 6 else None)
        options = [o for n in (s.active + 1, s.active + 2) if n <= 6
                   for o in legal_builds(s.sheet.builder_shapes, s.sheet.hyves, built,
                                         s.active + 1, n, values=[b.stands_for])]
        if not options:
            continue
        pick = rng.choice(options)
        shapes.append((b, pick.hyve, pick.hexes))
        built[pick.hyve - 1] = frozenset(built[pick.hyve - 1]) | set(pick.hexes)
        pool.remove(face)
    return attempt(s, Build(tuple(shapes))) if shapes else s


def boosted(s, kind: str, b, rng: random.Random):
    """Turbo Mode: ``b`` with a 2-type Bee alongside (``boost``)."""
    value = b.stands_for
    others = list(s.pool)
    others.remove(b.face)
    others.remove(s.sheet.turbo_boost)
    if kind == "repurpose":
        k = 2 * (rng.randint(1, 5) if b.wild else b.face)      # "double the amount"
        if len(others) < k:
            return s
        return attempt(s, Repurpose(b, tuple(rng.sample(others, k)),
                                    tuple(rng.randint(1, 6) for _ in range(k)), boost=True))
    if kind == "tend-eggs":                                   # two of the shape
        first = eggs_cells(s.chamber, value, rng)
        second = first and eggs_cells(apply_eggs(s.chamber, value, first), value, rng)
        if not second:
            return s
        return attempt(s, TendEggs(b, first + second, boost=True))
    if kind == "tend-larva":                                  # the row AND the column
        ch = s.chamber.chamber
        if value not in ch.rows or value not in ch.columns:
            return s
        cells = s.chamber.populated(s.chamber.line_cells(Line("row", value))
                                    + s.chamber.line_cells(Line("column", value)))
        n = len(set(cells))
        hexes = empties_for(s, n, rng)
        if hexes is None:
            return s
        return attempt(s, TendLarva(b, Line("row", value), tuple(hexes), boost=True), n)
    # Queen's Attendants: two different jellies (no Overwork Queen: no larva to place)
    jellies = [i for i, j in enumerate(s.sheet.jellies) if j != "overwork-queen"]
    if len(jellies) < 2:
        return s
    one, other = rng.sample(jellies, 2)
    second_value = rng.randint(1, 5) if b.wild else value
    left = [r for r in s.sheet.rewards if r not in s.rewards_taken]
    rewards = []
    for jelly, v in ((one, value), (other, second_value)):
        holds = s.jellies[jelly]
        completes = v not in holds and len(holds) + 1 == len(BEE_TYPES)
        pick = rng.choice(left) if completes and left else None
        if pick:
            left.remove(pick)
        rewards.append(pick)
    return attempt(s, QueensAttendants(b, one, reward=rewards[0], boost=True,
                                       second=JellyFill(other, second_value, rewards[1])))


def gather(s, rng: random.Random):
    hexes = empties_for(s, len(s.pool), rng)
    if hexes is None:
        return None
    pool = list(s.pool)
    rng.shuffle(pool)
    placements = tuple(Placement(bee(f, rng.randint(1, 5) if f == 6 else None), h)
                       for f, h in zip(pool, hexes))
    grid = s.hyves[s.active] if s.active < 6 else None
    taken = [h for h in HEXES if grid is not None and grid[h].kind != EMPTY]
    if taken and placements:
        # no hex is filled twice: the first nectar on a filled hex is refused
        spot = rng.choice(taken)
        first = Placement(placements[0].bee, (s.active + 1, spot) if s.sheet.builder_shapes
                          else spot)
        try:
            play(s, GatherNectar((first,) + placements[1:]))
        except IllegalActionError as exc:
            assert "already" in exc.message
            assert exc.rule == (R_BUILD if s.sheet.builder_shapes else R_NECTAR)
        else:
            raise AssertionError("a filled hex was filled again")
    return attempt(s, GatherNectar(placements), len(placements))


def season(s, rng: random.Random):
    if s.sheet.wasp is not None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        need = resolve_wasp_attack(s.sheet.wasp, dice, s.marshal, (),
                                   populated_larva=s.chamber.populated_count).larva
        squares = [(r, c) for r in range(len(s.chamber.squares)) for c in range(s.chamber.width)
                   if 1 <= s.chamber[(r, c)] <= 5]
        return attempt(s, WaspAttack(dice, (), tuple(rng.sample(squares, need))))
    effect_no = rng.choice(s.available_effects)
    effect = s.sheet.seasons[s.season_index].effects[effect_no - 1]
    mites = ()
    if effect.mites and s.active < 6:
        choices = list(mites_choices(s.hyves[s.active]))
        mites = tuple(rng.sample(choices, min(effect.mites, len(choices))))
    return attempt(s, SeasonalEffect(effect_no, mites))


@st.composite
def plans(draw):
    sheet = draw(st.sampled_from(SHEETS))
    turns = draw(st.lists(st.tuples(
        st.lists(st.integers(1, 6), min_size=10, max_size=10),
        st.lists(st.sampled_from(KINDS), max_size=5)), min_size=1, max_size=10))
    return sheet, turns, draw(st.randoms(use_true_random=False))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_random_turns_in_every_mode_keep_the_invariants(plan):
    sheet_id, turns, rng = plan
    s = new_scenario(sheet_definition(sheet_id))
    check_invariants(s)
    for dice, kinds in turns:
        if s.status != "playing":
            break
        s = play(s, Refresh(tuple(dice[:min(s.population, s.sheet.refresh_max)])))
        if s.sheet.builder_shapes and rng.random() < 0.8:
            s = build_room(s, rng)
        for kind in kinds:
            if s.status != "playing":
                break
            s = try_kind(s, kind, rng)
        if s.status != "playing":
            break
        nxt = gather(s, rng)
        if nxt is None or nxt.phase == "assign":       # no room left, or refused: stop here
            break
        s = nxt
        if s.status == "playing":
            s = season(s, rng)
        check_invariants(s)
        if s.status == "playing":
            assert s.phase == "refresh"
