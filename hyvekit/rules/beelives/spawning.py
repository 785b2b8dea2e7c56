"""Wild hives coming into play (rules/bee-lives.txt, "Swarm Phase", "Wild Hives", the season
cards' spawns, "Solo Play: Basic Mode", "Multiple Years Variant").
"""

from __future__ import annotations

from dataclasses import replace

from hyvekit.rules.beelives import solo as solocards
from hyvekit.rules.beelives.state import (
    NONE,
    R_SPAWN,
    R_ZOMBEES,
    WILD_HIVE_TOKENS,
    Components,
    Event,
    GameState,
    WildHiveState,
    map_module,
    zombees_card,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError


def spawn_strength(state: GameState, base: int) -> int:
    """Multiple Years Variant: a spawned wild hive has strength 4 / 5 in years 2 / 3."""
    if state.year == 1:
        return base
    return state.options.later_year_spawn_strength[state.year - 2]


def _dormant_on_spawn(state: GameState) -> bool:
    """Dormant Wild Hives: appearing in spring of year 1 (or a later spring, if wild hives
    are not active then)."""
    if state.season != "spring":
        return False
    if state.year == 1:
        return state.options.wild_dormant_first_spring
    return not state.options.wild_active_later_springs


def spawn_wild(state: GameState, name: str, strength: int, *, cause: str, by: str,
               rule: str = R_SPAWN, at: tuple[int, int] | None = None,
               near: str | None = None, comps: Components | None = None,
               infected: bool | None = None) -> tuple[GameState, Event]:
    """Put a new wild hive ``name`` with ``strength`` into play (a swarm, a card, a wild
    hive's swarm, the solo hard rule).  With a map, ``at`` is its tile (within three spaces of
    hive ``near``, when given), checked by the map.

    Haunted Hives: the first wild hive to appear, and one spawned by a haunted hive's swarm,
    is haunted (its tile flips).  Zombees: the hive's D6 comes from ``state.spawn_rolls``
    (``MonthPlan.spawn_d6``); on 1-2 it is infected (its tile flips).  ``infected`` given:
    no roll (Zombees' first infected hive, spawned infected).

    :raises IllegalActionError: the name is already in play, or all eight wild hive tokens are;
        with a map, not an available placement; Zombees without the new hive's roll.
    """
    if not name or name == NONE:
        raise InvalidInputError("spawn", name, "the new wild hive's name")
    if any(x.name == name for x in state.wild) or state.is_player(name):
        raise IllegalActionError(rule, f"a wild hive that is not in play, got {name} (in play)",
                                 expected="a wild hive not in play", given=name)
    if len(state.wild) >= WILD_HIVE_TOKENS:
        raise IllegalActionError(rule, f"all {WILD_HIVE_TOKENS} wild hives are in play: none can "
                                 "be spawned (state spawn = \"none\")",
                                 expected=NONE, given=name)
    strength = max(1, min(14, strength))
    haunted = False
    forced, infected = infected, False
    if state.options.haunted_hives:
        parent = next((x for x in state.wild if x.name == by), None)
        haunted = solocards.spawned_haunted(
            first_wild_hive=not state.haunted_appeared,
            parent_haunted=cause == "wild swarm" and parent is not None and parent.haunted)
        state = replace(state, haunted_appeared=True)
    roll = None
    if forced is not None:
        infected = forced
    elif state.zombees:
        rolls = dict(state.spawn_rolls)
        if name not in rolls:
            raise IllegalActionError(R_ZOMBEES, f"roll the D6 for the new wild hive {name} "
                                     "(1-2: infected): state spawn_d6 = { " + name + " = roll }",
                                     expected=f"spawn_d6.{name} = 1-6", given="no roll")
        roll = rolls[name]
        infected = solocards.spawn_is_infected(zombees_card(comps), roll)
        state = replace(state, spawn_rolls=tuple(r for r in state.spawn_rolls if r[0] != name))
    w = WildHiveState(name, strength, dormant=_dormant_on_spawn(state), haunted=haunted,
                      infected=infected)
    ev: Event = {"kind": "spawn", "wild": name, "strength": strength, "dormant": w.dormant,
                 "cause": cause, "by": by}
    if haunted:
        ev["haunted"] = True
    if roll is not None:
        ev.update(infection_d6=roll, infected=infected)
    elif forced is not None:
        ev["infected"] = forced
    if state.map is not None:
        if at is None:
            raise InvalidInputError(f"tile of the new wild hive {name}", None,
                                    "its map tile [q, r] (the game has a map)")
        dark = "haunted" if haunted else "infected" if infected else None
        M = map_module()
        try:
            m = M.spawn_wild(state.map, name, at, near=near, dark=dark)
        except IllegalActionError as exc:     # the map speaks of swarms: name the cause's rule
            raise IllegalActionError(rule, exc.message, expected=exc.expected,
                                     given=exc.given, hint=exc.hint) from None
        state = replace(state, map=m)
        ev["at"] = list(at)
    elif at is not None:
        raise InvalidInputError(f"tile of the new wild hive {name}", list(at),
                                "no tile: the game is played without the map")
    state = replace(state, wild=state.wild + (w,), spawned=True)
    return state, ev


def no_placement(state: GameState, near: str, rule: str) -> None:
    """With a map, a spawn stated as "none" needs no available placement near ``near``."""
    if state.map is None:
        return
    places = map_module().spawn_places(state.map, near)
    if places and len(state.wild) < WILD_HIVE_TOKENS:
        raise IllegalActionError(rule, f"a wild hive can be placed within 3 spaces of {near} "
                                 f"(e.g. {list(places[0])}): it must be spawned",
                                 expected=[list(p) for p in places], given=NONE)
