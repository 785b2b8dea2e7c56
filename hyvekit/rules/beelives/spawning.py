"""Wild hives coming into play (rules/bee-lives.txt, "Swarm Phase", "Wild Hives", the season
cards' spawns, "Solo Play: Basic Mode", "Multiple Years Variant").
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.beelives.card_hooks import NewWildHive
from hyvekit.rules.beelives.state import (
    NONE,
    R_SPAWN,
    WILD_HIVE_TOKENS,
    Components,
    Event,
    GameState,
    WildHiveState,
    map_module,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import replace


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
               near: str | None = None, comps: Components,
               infected: bool | None = None) -> tuple[GameState, Event]:
    """Put a new wild hive ``name`` with ``strength`` into play (a swarm, a card, a wild
    hive's swarm, the solo hard rule).  With a map, ``at`` is its tile (within three spaces of
    hive ``near``, when given), checked by the map.

    The solo cards mark the new hive (:meth:`~.card_hooks.CardRules.on_spawn`): Haunted
    Hives' first wild hive and a haunted hive's swarms are haunted, Zombees' new hives roll for
    infection; a haunted or infected hive's tile flips.  ``infected`` given: no roll (Zombees'
    first infected hive, spawned infected).

    :raises IllegalActionError: the name is already in play, or all eight wild hive tokens are;
        with a map, not an available placement; Zombees without the new hive's roll.
    """
    if not name or name == NONE:
        raise InvalidInputError("spawn", name, "the new wild hive's name")
    taken = {h.name.casefold() for h in (*state.wild, *state.players)}
    if name.casefold() in taken:        # a step names a hive in any case: one name, one hive
        raise IllegalActionError(rule, f"a wild hive that is not in play, got {name} (a hive in "
                                 "play has that name; names are read in any case)",
                                 expected="a wild hive not in play", given=name)
    if len(state.wild) >= WILD_HIVE_TOKENS:
        raise IllegalActionError(rule, f"all {WILD_HIVE_TOKENS} wild hives are in play: none can "
                                 "be spawned (state spawn = \"none\")",
                                 expected=NONE, given=name)
    strength = max(1, min(14, strength))
    haunted = infected_now = False
    marks: list[tuple[str, Any]] = []
    for card in comps.card_rules():
        state, m = card.on_spawn(state, NewWildHive(name, cause, by, infected), comps)
        haunted, infected_now = haunted or m.haunted, infected_now or m.infected
        marks += m.event
    w = WildHiveState(name, strength, dormant=_dormant_on_spawn(state), haunted=haunted,
                      infected=infected_now)
    ev: Event = {"kind": "spawn", "wild": name, "strength": strength, "dormant": w.dormant,
                 "cause": cause, "by": by, **dict(marks)}
    if state.map is not None:
        if at is None:
            raise InvalidInputError(f"tile of the new wild hive {name}", None,
                                    "its map tile [q, r] (the game has a map)")
        dark = "haunted" if haunted else "infected" if infected_now else None
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
