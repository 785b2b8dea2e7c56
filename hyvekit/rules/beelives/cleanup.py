"""7. Cleanup Phase and Joining the Map (rules/bee-lives.txt, "Cleanup Phase", "Joining the
Map", "Solo Play: Basic Mode" hard rule).
"""

from __future__ import annotations

from collections.abc import Sequence

from hyvekit.rules.beelives import phases, seasons
from hyvekit.rules.beelives.action_phase import next_actor
from hyvekit.rules.beelives.spawning import no_placement, spawn_strength, spawn_wild
from hyvekit.rules.beelives.state import (
    JOIN_MONTH,
    NONE,
    R_ACTION,
    R_JOIN,
    R_SOLO,
    SOLO_HARD_STRENGTH,
    Components,
    Event,
    GameState,
    map_module,
)
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.values import replace


def end_month(state: GameState, comps: Components, *, solo_spawn: str | None = None,
              solo_spawn_at: tuple[int, int] | None = None,
              joins: Sequence[tuple[str, tuple[int, int], int]] = ()
              ) -> tuple[GameState, list[Event]]:
    """7. Cleanup Phase and Joining the Map.

    The first player marker passes left; neutral worker tokens leave the map; every bee
    returns; standing mites lie down; a hygienic queen's half space steps back; an uncooled
    hive under overheating pauses its queen.  After the third month of year 1 the map is
    joined (with a map: ``joins``, each player's ``(player, offset, rotation)`` in clockwise
    order from the next month's first player, must leave one unified map).  Solo hard rule: a
    summer or fall month without a spawned wild hive ends with a new one (``solo_spawn``: its
    name, or ``"none"``; with a map ``solo_spawn_at``, its tile within 3 spaces).

    :raises IllegalActionError: players with bees left (the Action Phase is not over), a
        missing or unexpected solo spawn, joins out of order or not joining the map.
    """
    board = comps.board
    if state.stage != "actions" or next_actor(state) is not None:
        a = next_actor(state)
        raise IllegalActionError(R_ACTION, "the Action Phase is not over: "
                                 + (f"{a.name} still has bees" if a and not a.wild else
                                    "the wild hives still act this round"),
                                 expected="more turns", given="end of month")
    card = comps.card(state.card)
    events: list[Event] = []
    n = len(state.players)
    hot = seasons.overheating(card)

    players = []
    for p in state.players:
        h = phases.cleanup_hive(p.hive, board, overheating=hot)
        if hot and not p.hive.cooled:
            events.append({"kind": "overheated", "hive": p.name})
        players.append(replace(p, hive=h, raided=(), turns=0, home_foraged=False))
    state = replace(state, players=tuple(players), first_player=(state.first_player + 1) % n,
                    wild=tuple(replace(w, workers=0, raided=(), foraged=False, turns=0)
                               for w in state.wild), wild_pending=(), cursor=0, round=0,
                    wild_last=-1)
    if state.map is not None:
        state = replace(state, map=map_module().cleanup(state.map))
    events.append({"kind": "cleanup", "first_player": state.players[state.first_player].name})
    want = state.options.solo_hard and state.season in ("summer", "fall") and not state.spawned
    if want:
        if solo_spawn is None:
            raise IllegalActionError(R_SOLO, "no wild hive was spawned this month: spawn one "
                                     f"(strength {SOLO_HARD_STRENGTH}) — state solo_spawn = its "
                                     "name (or \"none\")", expected="solo_spawn", given="none")
        if solo_spawn != NONE:
            state, ev = spawn_wild(state, solo_spawn,
                                   spawn_strength(state, SOLO_HARD_STRENGTH),
                                   cause="solo hard rule", by=state.players[0].name, rule=R_SOLO,
                                   at=solo_spawn_at, near=state.players[0].name, comps=comps)
            events.append(ev)
        else:
            no_placement(state, state.players[0].name, R_SOLO)
    elif solo_spawn is not None:
        raise IllegalActionError(R_SOLO, "no solo spawn is due this month", expected="none",
                                 given=solo_spawn)
    for card in comps.card_rules():
        card.after_month(state, comps)
    if state.year == 1 and state.month == JOIN_MONTH:
        first = state.players[state.first_player].name
        if state.map is not None:
            state = _join_map(state, first, joins)
        elif joins:
            raise IllegalActionError(R_JOIN, "joins need a map (the game has none)",
                                     expected="no joins", given=len(joins))
        events.append({"kind": "join_map", "first": first,
                       "joins": [[p, list(o), r] for p, o, r in joins]})
    elif joins:
        raise IllegalActionError(R_JOIN, "the map is joined only at the end of the third month "
                                 "of the first year", expected="no joins", given=len(joins))
    if state.month == 9:
        state = replace(state, stage="winter")
    else:
        state = replace(state, stage="month", month=state.month + 1)
    return state, events


def _join_map(state: GameState, first: str,
              joins: Sequence[tuple[str, tuple[int, int], int]]) -> GameState:
    """Joining the Map with the map: players join in clockwise order from ``first``; a
    player whose group is already joined to all others is skipped; at the end the map must be
    one group."""
    M = map_module()
    m = state.map
    order = M.join_order([p.name for p in state.players], first)
    pending = [n for n in order]
    for player, offset, rotation in joins:
        while pending and pending[0] != player and M.map_joined(m):
            pending.pop(0)
        if not pending or pending[0] != player:
            raise IllegalActionError(R_JOIN, f"players join in clockwise order from {first}: "
                                     f"expected {pending[0] if pending else 'no more joins'}",
                                     expected=pending[0] if pending else None, given=player)
        pending.pop(0)
        m = M.join(m, M.Join(player, tuple(offset), rotation))
    if not M.map_joined(m):
        raise IllegalActionError(R_JOIN, "after joining there must be one unified group of map "
                                 f"tiles, there are {len(M.groups(m))}",
                                 expected=1, given=len(M.groups(m)))
    return replace(state, map=m)
