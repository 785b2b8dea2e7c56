"""Random legal Bee Lives play through the month sequencer (for property tests and
simulations).

:func:`random_month` builds a :class:`~hyvekit.rules.beelives.game.MonthPlan` by playing it:
each choice is drawn from an injected :class:`random.Random`, tried on the real sequencer and
kept only if the rules accept it, so every plan it returns is legal by construction.  The map
is not modelled: distances, tiles and targets are drawn freely within the rulebook's ranges
(what a record may state without the map).

The solo cards the sequencer plays get their dice too: Zombees (``Options.zombees_from_year``:
each new wild hive's infection roll, an infected hive's action roll, infected wild hives'
erratic turns, rolls on infected tiles) and Haunted Hives (``Options.haunted_hives``: the
forage roll on haunted tiles, scaring the ghosts away).  Without a map, whether a tile was
infected or haunted is drawn too (what a record may state).

Units: as in :mod:`hyvekit.rules.beelives.game`.
"""

from __future__ import annotations

import random

from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import phases, seasons
from hyvekit.rules.beelives import solo as solocards
from hyvekit.rules.beelives.zombees import ERRATIC
from hyvekit.rules.beelives.actions import cool_bees
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.month_table import WILD_NAMES
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import replace


def _fresh_wild(state: g.GameState, rng: random.Random, taken: frozenset = frozenset()) -> str:
    if len(state.wild) + len(taken) >= g.WILD_HIVE_TOKENS:
        return g.NONE
    used = {w.name for w in state.wild} | set(taken)
    free = [n for n in WILD_NAMES if n not in used]
    return rng.choice(free) if free else g.NONE


def random_card(state: g.GameState, comps: g.Components, rng: random.Random) -> str:
    """A season card of this month's season that was not played yet (the Event Phase's draw,
    :func:`~hyvekit.rules.beelives.month_start.draw_season_card`)."""
    return g.draw_season_card(state, comps, rng)


def _map():
    from hyvekit.rules.beelives import map as bee_map
    return bee_map


def _place_near(state: g.GameState, near: str, rng: random.Random,
                taken: frozenset = frozenset(), taken_at: frozenset = frozenset()
                ) -> tuple[str, tuple[int, int] | None]:
    """A fresh wild hive name and, with a map, a free tile within 3 spaces of ``near``
    (avoiding names and tiles already ``taken`` this phase)."""
    name = _fresh_wild(state, rng, taken)
    if state.map is None or name == g.NONE:
        return name, None
    places = [c for c in _map().spawn_places(state.map, near) if c not in taken_at]
    if not places:
        return g.NONE, None
    return name, rng.choice(places)


def _spawn_for(state: g.GameState, turn: g.Turn, comps: g.Components, rng: random.Random
               ) -> g.Turn:
    """Add the d6 and the spawn a card asks for after this player action."""
    card = comps.card(state.card)
    if card is None:
        return turn
    due = False
    trig = {"forage": "forage", "scout": "scout"}.get(turn.action)
    if trig and any(s.trigger == trig for s in card.spawns):
        d6 = rng.randint(1, 6)
        turn = replace(turn, d6=d6)
        due = seasons.spawn_check(card, trig, d6) is not None
    if due:
        name = _fresh_wild(state, rng)
        if state.map is not None and turn.at is not None and \
                state.map.hive_at(tuple(turn.at)) is not None:
            name = g.NONE                          # the tile already holds a hive
        turn = replace(turn, spawn=name)
    if state.player(turn.actor).turns == 0 and any(s.trigger == "first_turn" for s in card.spawns):
        name, at = _place_near(state, turn.actor, rng)
        turn = replace(turn, spawn=name, spawn_at=at)
    return turn


#: the actions a player's candidate turn is drawn from (foraging most often, then raiding and
#: cleaning), rules/bee-lives.txt, "Actions"
_DRAWN_ACTIONS = ("forage",) * 6 + ("scout", "raid", "raid", "defend", "build_wax", "clean_bees",
                                    "clean_bees", "cool_hive", "requeen")


def _player_candidates(state: g.GameState, name: str, comps: g.Components,
                       rng: random.Random) -> list[g.Turn]:
    """Turns to try, in order, for player ``name`` in the Action Phase (rules/bee-lives.txt,
    "Actions"): up to three drawn actions (one that cannot be taken is skipped), Haunted
    Hives' scares before them, a Defend as the fallback; each with the season card's D6 and
    spawn and the solo cards' dice."""
    u = state.player(name).hive.unassigned
    out: list[g.Turn] = []
    for _ in range(3):
        turn = _drawn_candidate(state, name, rng.choice(_DRAWN_ACTIONS), comps, rng)
        if turn is not None:
            out.append(turn)
    if state.options.haunted_hives and u >= 1:
        out[0:0] = _scare_candidates(state, name, rng)
    out.append(g.Turn(name, "defend", bees=rng.randint(1, u)))
    return [_solo_dice(state, _spawn_for(state, t, comps, rng), rng) for t in out]


def _drawn_candidate(state: g.GameState, name: str, kind: str, comps: g.Components,
                     rng: random.Random) -> g.Turn | None:
    """A random turn of the action ``kind`` (one of ``_DRAWN_ACTIONS``) for player ``name``,
    within the rulebook's ranges (rules/bee-lives.txt, "Action Details"); None: the map
    leaves no tile to forage or scout, or there is no hive to raid."""
    board = comps.board
    hive = state.player(name).hive
    u = hive.unassigned
    if kind == "forage" and state.map is not None:
        return _forage_on_map(state, name, comps, rng)
    if kind == "scout" and state.map is not None:
        spaces = _map().scout_spaces(state.map, name)
        if spaces:
            return g.Turn(name, "scout", at=rng.choice(spaces), tile=rng.choice(TILE_TYPES))
        return None
    if kind == "forage":
        return _forage_off_map(state, name, comps, rng)
    if kind == "scout":
        return g.Turn(name, "scout", tile=rng.choice(TILE_TYPES))
    if kind == "raid":
        return _raid_candidate(state, name, comps, rng)
    if kind in ("defend", "clean_bees"):
        return g.Turn(name, kind, bees=rng.randint(1, u))
    if kind == "build_wax":
        return g.Turn(name, kind, bees=rng.randint(1, max(1, min(u, hive.honey // 2))))
    if kind == "cool_hive":
        return g.Turn(name, kind, bees=cool_bees(hive.workers))
    return g.Turn(name, "requeen", queen=rng.choice(
        [q for q in board.queen_types if q != hive.queen]))


def _forage_offer(state: g.GameState, comps: g.Components, distance: int, tile: str
                  ) -> tuple[int, ...]:
    """What foraging ``tile`` at ``distance`` offers this month: (honey, pollen, water), the
    season card's modifiers applied (rules/bee-lives.txt, "Forage", "Seasonal Resource
    Chart")."""
    card = comps.card(state.card)
    from hyvekit.rules.beelives.actions import Forage, forage_offer
    return forage_offer(comps.board, Forage(distance, tile, state.season,
                                            modifiers=(seasons.forage_modifiers(card, tile),)))


def _forage_on_map(state: g.GameState, name: str, comps: g.Components, rng: random.Random
                   ) -> g.Turn | None:
    """A Forage on a tile of the map player ``name`` can reach with its unassigned bees: all
    the honey that fits, then random amounts of pollen and water (None: no tile in reach)."""
    hive = state.player(name).hive
    opts = [o for o in _map().forage_options(state.map, name) if o.bees <= hive.unassigned]
    if not opts:
        return None
    o = rng.choice(opts)
    offer = _forage_offer(state, comps, o.distance, o.tile)
    room, take = hive.empty, []
    for i, v in enumerate(offer):
        t = min(v, room) if i == 0 else rng.randint(0, min(v, room))
        take.append(t)
        room -= t
    return g.Turn(name, "forage", at=o.at, take=tuple(take))


def _forage_off_map(state: g.GameState, name: str, comps: g.Components, rng: random.Random
                    ) -> g.Turn:
    """A Forage without the map: a random tile type at distance 0 to 3 (at most the unassigned
    bees), mostly all the honey that fits first, then random amounts."""
    hive = state.player(name).hive
    tile = rng.choice(TILE_TYPES)
    distance = rng.randint(0, min(3, hive.unassigned))
    offer = _forage_offer(state, comps, distance, tile)
    room = hive.empty
    take = []
    for i, v in enumerate(offer):      # mostly honey first, as much as fits
        t = min(v, room) if i == 0 and rng.random() < 0.8 else rng.randint(0, min(v, room))
        take.append(t)
        room -= t
    return g.Turn(name, "forage", tile=tile, distance=distance, take=tuple(take))


def _raid_candidate(state: g.GameState, name: str, comps: g.Components, rng: random.Random
                    ) -> g.Turn | None:
    """A Raid by player ``name`` (rules/bee-lives.txt, "Raid", "Raid Dice Pool"): a player
    hive with honey or a wild hive not raided by it this month (with the map: in range),
    1 to all unassigned bees, one to four raid rolls (a bee fewer after each), the
    defender's sacrifices (None: no hive to raid)."""
    board = comps.board
    u = state.player(name).hive.unassigned
    targets = [p.name for p in state.players
               if p.name != name and p.hive.honey > 0
               and p.name not in state.player(name).raided]
    targets += [w.name for w in state.wild if w.name not in state.player(name).raided]
    if state.map is not None:
        near = {n for n, _ in _map().raid_targets(state.map, name)}
        targets = [t for t in targets if t in near]
    if not targets:
        return None
    target = rng.choice(targets)
    bees = rng.randint(1, u)
    rolls = []
    party = bees
    for i in range(rng.randint(0, min(3, bees - 1)) + 1):
        if i:
            party -= 1
        rolls.append(tuple(rng.choice(board.die_faces)
                           for _ in range(board.dice_for(party))))
    if state.is_player(target):
        d = state.player(target).hive
        return g.Turn(name, "raid", target=target, bees=bees, rolls=tuple(rolls),
                      sacrifice_defending=rng.randint(0, d.assigned.defend),
                      sacrifice_unassigned=rng.randint(0, min(1, d.unassigned)),
                      distance=None if state.map else rng.randint(0, 3))
    return g.Turn(name, "raid", target=target, bees=bees, rolls=tuple(rolls),
                  sacrifices=rng.randint(0, min(1, party)),
                  distance=None if state.map else rng.randint(0, 3))


def _scare_candidates(state: g.GameState, name: str, rng: random.Random) -> list[g.Turn]:
    """Haunted Hives: a Raid with 1 worker bee on a haunted tile (with a map: one in range
    without a haunted hive)."""
    if state.map is None:
        return [g.Turn(name, "raid", scare_ghosts=True)] if rng.random() < 0.2 else []
    M = _map()
    m = state.map
    spots = [c for c, _ in M.tiles_within(m, name) if m.grid[c].dark == "haunted"
             and not (m.hive_at(c) is not None and m.hive_at(c).dark == "haunted")]
    return [g.Turn(name, "raid", scare_ghosts=True, at=rng.choice(spots))] if spots else []


def _tile_side(state: g.GameState, t: g.Turn) -> str | None:
    """The side of the tile a turn acts on, as far as the map shows (None: not known)."""
    m = state.map
    if m is None:
        return None
    if t.action in ("forage", "scout") and t.at is not None and tuple(t.at) in m.grid:
        return m.grid[tuple(t.at)].dark
    if t.action == "raid" and t.target is not None and any(h.name == t.target for h in m.hives):
        return m.grid[m.hive(t.target).at].dark
    return None


def _solo_dice(state: g.GameState, t: g.Turn, rng: random.Random) -> g.Turn:
    """Add the Zombees and Haunted Hives dice a turn needs (see the module docstring)."""
    if state.options.haunted_hives and t.action == "forage" and not t.wild:
        if (_tile_side(state, t) == "haunted" if state.map is not None
                else state.haunted_appeared and rng.random() < 0.2):
            t = replace(t, haunt_d6=rng.randint(1, 6))
    if not state.zombees:
        return t
    actor_infected = (state.wild_hive(t.actor).infected if t.wild
                      else state.player(t.actor).infected)
    if actor_infected and not t.wild:
        t = replace(t, zombee_d6=rng.randint(1, 6))
    if actor_infected or t.action not in ("forage", "scout", "raid") or t.scare_ghosts:
        return t
    if state.map is not None:
        due = _tile_side(state, t) == "infected"
    elif t.action == "raid" and t.target is not None and not state.is_player(t.target):
        due = state.wild_hive(t.target).infected
    else:
        due = t.action != "scout" and rng.random() < 0.2
    return replace(t, infection_d6=rng.randint(1, 6)) if due else t


def _with_dice_or_without(state: g.GameState, t: g.Turn, rng: random.Random):
    """``t``, then (Zombees) ``t`` with its infection roll the other way: whether the roll is
    due can depend on how the turn goes (a raider that leaves play in its raid rolls none)."""
    yield t
    if state.zombees and t.action in ("forage", "scout", "raid") and not t.scare_ghosts:
        yield replace(t, infection_d6=None if t.infection_d6 is not None
                      else rng.randint(1, 6))


def _erratic_candidates(state: g.GameState, name: str, comps: g.Components,
                        rng: random.Random) -> list[g.Turn]:
    """Zombees: an infected wild hive's turn from its D6 (then "nothing" as the fallback when
    the action cannot be taken)."""
    d6 = rng.randint(1, 6)
    words = solocards.infected_wild_action(g.zombees_card(comps), d6)
    action, what = ERRATIC[words]
    w = state.wild_hive(name)
    out: list[g.Turn] = []
    m = state.map
    if action == "forage":
        if m is not None:
            out += [g.Turn(name, "forage", wild=True, tile=what, at=c)
                    for c in _map().closest_tiles(m, name, what)[:1]]
        else:
            out.append(g.Turn(name, "forage", wild=True, tile=what, distance=rng.randint(0, 3)))
    elif action == "raid":
        if m is not None:
            pick = _map().closest_hives if what == "closest" else _map().farthest_hives
            targets = list(pick(m, name, w.raided))
        else:
            targets = [p.name for p in state.players] + [x.name for x in state.wild
                                                         if x.name != name]
            rng.shuffle(targets)
        for t in targets[:2]:
            out.append(g.Turn(name, "raid", wild=True, target=t, d6=rng.randint(1, 6),
                              target_roll=None if state.is_player(t) else rng.randint(1, 6),
                              sacrifice_unassigned=rng.randint(
                                  0, min(1, state.player(t).hive.unassigned))
                              if state.is_player(t) else 0))
    out.append(g.Turn(name, "nothing", wild=True))
    return [_solo_dice(state, replace(t, zombee_d6=d6), rng) for t in out]


def _wild_candidates_on_map(state: g.GameState, name: str, comps: g.Components,
                            rng: random.Random) -> list[g.Turn]:
    M = _map()
    m = state.map
    w = state.wild_hive(name)
    out: list[g.Turn] = []
    spawn, at = _place_near(state, name, rng)
    if spawn != g.NONE:
        out.append(g.Turn(name, "swarm", wild=True, spawn=spawn, spawn_at=at))
    for t in M.closest_hives(m, name, w.raided):
        out.append(g.Turn(name, "raid", wild=True, target=t, d6=rng.randint(1, 6),
                          target_roll=None if state.is_player(t) else rng.randint(1, 6),
                          sacrifice_unassigned=rng.randint(
                              0, min(1, state.player(t).hive.unassigned))
                          if state.is_player(t) else 0))
    for tile in TILE_TYPES:
        for c in M.closest_tiles(m, name, tile)[:1]:
            out.append(g.Turn(name, "forage", wild=True, tile=tile, at=c))
    spaces = M.scout_spaces(m, name)
    if spaces:
        out.append(g.Turn(name, "scout", wild=True, at=rng.choice(spaces),
                          tile=rng.choice(TILE_TYPES)))
    out.append(g.Turn(name, "nothing", wild=True))
    if w.strength >= comps.board.wild_strength_max and spawn == g.NONE:
        out = [replace(t, spawn=g.NONE) for t in out]
    return out


def _wild_candidates(state: g.GameState, name: str, comps: g.Components,
                     rng: random.Random) -> list[g.Turn]:
    if state.zombees and state.wild_hive(name).infected:
        return _erratic_candidates(state, name, comps, rng)
    if state.map is not None:
        return [_solo_dice(state, t, rng)
                for t in _wild_candidates_on_map(state, name, comps, rng)]
    board = comps.board
    w = state.wild_hive(name)
    card = comps.card(state.card)
    hot = seasons.overheating(card)
    out: list[g.Turn] = []
    if w.strength >= board.wild_strength_max:
        out.append(g.Turn(name, "swarm", wild=True, spawn=_fresh_wild(state, rng)))
    if state.season in ("summer", "fall") or (card is not None and card.wild_first_turn_raid):
        targets = [p.name for p in state.players] + [x.name for x in state.wild if x.name != name]
        rng.shuffle(targets)
        for t in targets[:2]:
            out.append(g.Turn(name, "raid", wild=True, target=t, d6=rng.randint(1, 6),
                              target_roll=rng.randint(1, 6) if not state.is_player(t) else None,
                              sacrifice_unassigned=rng.randint(
                                  0, min(1, state.player(t).hive.unassigned))
                              if state.is_player(t) else 0))
    tiles = [t for t in TILE_TYPES if t != "wet" or hot]
    out.append(g.Turn(name, "forage", wild=True, tile=rng.choice(tiles),
                      distance=rng.randint(0, 3)))
    if state.season == "spring":
        out.append(g.Turn(name, "scout", wild=True, tile=rng.choice(TILE_TYPES)))
    out.append(g.Turn(name, "nothing", wild=True))
    if w.strength >= board.wild_strength_max:
        out = [out[0]] + [replace(t, spawn=g.NONE) for t in out[1:]]
    return [_solo_dice(state, t, rng) for t in out]


def random_month(state: g.GameState, comps: g.Components, rng: random.Random,
                 card: str | None = None, *, replay: bool = True
                 ) -> tuple[g.MonthPlan, g.MonthResult]:
    """A random legal month from ``state`` and its result (the plan replays to the result).

    Every choice is tried on the sequencer while the plan is built, so the month is already
    played when the plan is complete.  ``replay=True`` (the default) then plays the finished
    plan again from ``state`` with :func:`~hyvekit.rules.beelives.game.play_month`, as a
    record is checked; ``replay=False`` finishes the month on the state already played
    (:func:`~hyvekit.rules.beelives.game.end_month` and
    :func:`~hyvekit.rules.beelives.game.summarize`), which gives the same
    :class:`~hyvekit.rules.beelives.game.MonthResult` in about two thirds of the time (tested
    against the replay for many seeds) — for long simulations.  Both draw the same random
    numbers, so the plan does not depend on ``replay``.

    :raises IllegalActionError: only if the sequencer refuses every fallback (a bug).
    """
    card = card or random_card(state, comps, rng)
    # Zombees: a D6 ready for every wild hive that may spawn this month; the plan keeps the
    # rolls of those that did
    rolls = tuple((n, rng.randint(1, 6)) for n in WILD_NAMES
                  if state.zombees and n not in {w.name for w in state.wild})
    plan = _zombees_first_hive(state, g.MonthPlan(state.year, state.month, card,
                                                  spawn_d6=rolls), rng)
    rolls = plan.spawn_d6
    # phases 1-3 (as g.phases_preview) played once: who swarms (as g.swarms_due), the bees
    # a swarm loses, and (the plan takes no starvation tokens) the start of the month below
    early = None if state.first_month else g.early_phases(state, plan, comps)
    choices = _swarm_choices(state, plan, early, comps, rng)
    s, events, plan = _start_month(state, replace(plan, choices=tuple(choices.items())),
                                   choices, early, comps)
    s, turns, evs = _action_phase(s, comps, rng)
    events += evs
    solo = solo_at = None
    if state.options.solo_hard and state.season in ("summer", "fall") and not s.spawned:
        solo, solo_at = _place_near(s, s.players[0].name, rng)
    joins: tuple = ()
    if s.map is not None and state.year == 1 and state.month == g.JOIN_MONTH:
        n = len(s.players)
        joins = random_joins(s.map, [p.name for p in s.players],
                             s.players[(s.first_player + 1) % n].name, rng)
    spawned = {ev["wild"] for ev in events if ev.get("kind") == "spawn"}
    if solo not in (None, g.NONE):
        spawned.add(solo)
    plan = replace(plan, turns=tuple(turns), solo_spawn=solo, solo_spawn_at=solo_at,
                   joins=joins, spawn_d6=tuple(r for r in rolls if r[0] in spawned))
    s = replace(s, spawn_rolls=tuple(r for r in s.spawn_rolls if r[0] == solo))
    if replay:
        return plan, g.play_month(state, plan, comps)
    # the month is played up to the end of the Action Phase: finish it as play_month does
    # (the plan states no claims, so there is nothing to compare)
    s, evs = g.end_month(s, comps, solo_spawn=solo, solo_spawn_at=solo_at, joins=joins)
    events += evs
    return plan, g.MonthResult(s, tuple(events), comps)


def _zombees_first_hive(state: g.GameState, plan: g.MonthPlan, rng: random.Random
                        ) -> g.MonthPlan:
    """Zombees' first infected hive, in the month the card's infection begins (its first
    month of ``Options.zombees_from_year``; rules/bee-lives.txt, "Zombees"): one of the
    strongest wild hives, or, with none in play, a new one near the first player's hive
    (its spawn D6 then dropped from ``plan.spawn_d6``).  Other months: ``plan`` unchanged."""
    z = state.options.zombees_from_year
    if z and state.year == z and state.month == 1:     # Zombees' first infected hive
        if state.wild:
            top = max(w.strength for w in state.wild)
            plan = replace(plan, infect=rng.choice([w.name for w in state.wild
                                                    if w.strength == top]))
        else:
            lead = state.players[state.first_player].name
            name, at = _place_near(state, lead, rng)
            plan = replace(plan, infected_spawn=name, infected_spawn_at=at)
            plan = replace(plan, spawn_d6=tuple(r for r in plan.spawn_d6 if r[0] != name))
    return plan


def _swarm_choices(state: g.GameState, plan: g.MonthPlan,
                   early: tuple[g.GameState, list] | None, comps: g.Components,
                   rng: random.Random) -> dict[str, g.PhaseChoices]:
    """The Swarm Phase's choices (rules/bee-lives.txt, "Productive Months", Swarm Phase) for
    each player hive that swarms after phases 1-3 (``early``: their result, None in the
    first month, which has no Swarm Phase): stay (60%, a random new queen) or leave, and the
    wild hive the swarm spawns (a fresh name, with the map a free tile near the hive; "none"
    when a swarm loses no bee or none can be placed, and then it stays).

    :returns: player → its choices, in turn order.
    """
    names: set = {plan.infected_spawn} - {None, g.NONE}     # taken by Zombees' first hive
    tiles: set = {plan.infected_spawn_at} - {None}
    preview = state if early is None else early[0]
    due = () if early is None else tuple(
        p.name for p in preview.order() if phases.will_swarm(p.hive, comps.board)[0])
    choices: dict[str, g.PhaseChoices] = {}
    for name in due:
        stay = rng.random() < 0.6
        wild, at = _place_near(state, name, rng, frozenset(names), frozenset(tiles))
        if preview.player(name).hive.workers // 2 == 0:
            wild, at = g.NONE, None                 # a swarm losing no bee spawns nothing
        if wild == g.NONE:
            stay = True
        names.add(wild)
        tiles.add(at)
        choices[name] = g.PhaseChoices(swarm=g.SwarmChoice(
            wild, "stay" if stay else "leave",
            rng.choice(comps.board.queen_types) if stay else None, at))
    return choices


def _start_month(state: g.GameState, plan: g.MonthPlan, choices: dict[str, g.PhaseChoices],
                 early: tuple[g.GameState, list] | None, comps: g.Components
                 ) -> tuple[g.GameState, list, g.MonthPlan]:
    """The month's phases up to the Action Phase (rules/bee-lives.txt, "Productive Months";
    :func:`~hyvekit.rules.beelives.game.start_month_after`, reusing ``early``, phases 1-3)
    by ``plan``; refused swarm choices are retried twice: every swarm staying, then staying
    without spawning a wild hive.

    :returns: the state at the start of the Action Phase, the events, the plan as played.
    :raises IllegalActionError: the third try refused too (a bug).
    """
    preview = state if early is None else early[0]
    for attempt in range(3):
        try:
            s, events = g.start_month_after(state, plan, comps,
                                            None if early is None else (preview.players, early[1]))
            break
        except IllegalActionError:
            if attempt == 2:
                raise
            # leaving needs a spawned wild hive; a swarm that loses no bee spawns none
            choices = {n: replace(c, swarm=replace(
                c.swarm, choice="stay", wild=c.swarm.wild if attempt == 0 else g.NONE))
                for n, c in choices.items() if c.swarm}
            plan = replace(plan, choices=tuple(choices.items()))
    return s, events, plan


def _action_phase(s: g.GameState, comps: g.Components, rng: random.Random
                  ) -> tuple[g.GameState, list[g.Turn], list]:
    """The Action Phase (rules/bee-lives.txt, "Productive Months", "Wild Hives"), played from
    ``s`` until no hive is left to act: each actor's first candidate turn the sequencer
    accepts (:func:`_first_legal`).

    :returns: the state after the last turn, the turns played and their events.
    :raises IllegalActionError, InvalidInputError: every candidate of an actor refused (a bug).
    """
    turns: list[g.Turn] = []
    events: list = []
    while (actor := g.next_actor(s)) is not None:
        if actor.wild:
            cands = [t for n in actor.choices for t in _wild_candidates(s, n, comps, rng)]
        else:
            cands = _player_candidates(s, actor.name, comps, rng)
        played = _first_legal(s, cands, comps, rng)
        if played is not None:
            (s, evs), t = played
            turns.append(t)
            events += evs
    return s, turns, events


def _first_legal(s: g.GameState, cands: list[g.Turn], comps: g.Components,
                 rng: random.Random) -> tuple[tuple[g.GameState, list], g.Turn] | None:
    """The first of ``cands`` (each as drawn, then with Zombees' infection roll the other way)
    that the sequencer plays from ``s``: ``((state, events), turn)``; None only when there
    are no candidates.

    :raises IllegalActionError, InvalidInputError: the last candidate refused both ways (the
        first refusal of it as drawn).
    """
    for i, t in enumerate(cands):
        played = None
        for k, variant in enumerate(_with_dice_or_without(s, t, rng)):
            try:
                played = g.play_turn(s, variant, comps), variant
                break
            except (IllegalActionError, InvalidInputError):
                if i == len(cands) - 1 and k == 1:
                    raise
        if played is None:
            if i == len(cands) - 1:
                g.play_turn(s, t, comps)             # raises the first refusal
            continue
        return played
    return None


def random_joins(m, players: list[str], first: str, rng: random.Random) -> tuple:
    """Legal joins (Joining the Map) in clockwise order from ``first``: each player whose group
    is not yet joined to every other slides it (no rotation) to touch another group."""
    M = _map()
    out = []
    for player in M.join_order(players, first):
        if M.map_joined(m):
            break
        own = next(grp for grp in M.groups(m) if m.hive(player).at in grp)
        others = [c for c in m.grid if c not in own]
        rng.shuffle(others)
        done = False
        for c in others:
            for nb in M.neighbours(c):
                if nb in m.grid:
                    continue
                for g_tile in own:
                    offset = (nb[0] - g_tile[0], nb[1] - g_tile[1])
                    try:
                        m2 = M.join(m, M.Join(player, offset, 0))
                    except IllegalActionError:
                        continue
                    out.append((player, offset, 0))
                    m, done = m2, True
                    break
                if done:
                    break
            if done:
                break
    return tuple(out)


def random_game(state: g.GameState, comps: g.Components, rng: random.Random
                ) -> tuple[list[g.MonthPlan], g.GameState]:
    """The rest of a game from ``state`` played at random: every productive month's plan
    (:func:`random_month`) with winter upkeep between the years, and the state at its end.
    Random play can end a game early when no hive has a bee left; the plans are legal all the
    same."""
    plans = []
    while state.stage != "over":
        if state.stage == "winter":
            state, _ = g.play_winter(state, comps)
            continue
        plan, result = random_month(state, comps, rng)
        plans.append(plan)
        state = result.state
    return plans, state


__all__ = ["random_card", "random_game", "random_joins", "random_month"]
