"""The legal options at the Bee Lives table (rules/bee-lives.txt, "Actions", "Feeding Phase",
"Swarm Phase", "Joining the Map"): what a player may do now, each option checked by the month
sequencer itself on a copy (:func:`trial`), so no rule is written twice.
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import phases, seasons
from hyvekit.rules.beelives.actions import Forage as ForageValues
from hyvekit.rules.beelives.actions import forage_offer
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.card_hooks import in_play
from hyvekit.rules.beelives.month_start import swarm_phase
from hyvekit.rules.beelives.month_table import Table, free_wild_name
from hyvekit.rules.beelives.turn_steps import head_legal, trial
from hyvekit.rules.beelives.plan import PhaseChoices, SwarmChoice
from hyvekit.rules.beelives.player_turns import (BuildWax, CleanBees, CoolHive, Defend, Forage,
                                                 PlayerAction, Raid, Requeen,
                                                 Scout)
from hyvekit.rules.beelives.state import NONE, Components, GameState, map_module
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import replace

def tokens_allowed(t: Table, name: str) -> tuple[int, int]:
    """How many starvation tokens ``name`` may take in this month's Feeding Phase, and how
    many of the hive's bees starve without them."""
    board = t.comps.board
    card = t.comps.card(t.start.card)
    hive = phases.egg_phase(t.start.player(name).hive, board).hive
    per = seasons.feeding_bees_per_honey(card, board)
    starving = phases.feeding_phase(hive, board, bees_per_honey=per).starved
    n = 0
    for tokens in range(1, board.last_bees + 1):
        try:
            phases.feeding_phase(hive, board, tokens=tokens, bees_per_honey=per)
        except IllegalActionError:
            break
        n = tokens
    return n, starving


def swarm_choices(t: Table, s: GameState, name: str) -> dict[str, SwarmChoice]:
    """The legal swarm choices of ``name`` in the Swarm Phase state ``s``, by notation: stay
    with each new queen, or leave; with a map, for each space the wild hive may spawn on.  The
    wild hive's name is the next free one; none is spawned when the swarm loses no bee, every
    wild hive token is out or (with a map) no space can take it."""
    wild = free_wild_name(s, {t.plan.infected_spawn} - {None, NONE})
    places: list[Any] = [None]
    if s.map is not None and wild != NONE:
        places = list(map_module().spawn_places(s.map, name)) or [None]
    out: dict[str, SwarmChoice] = {}
    q = N.quote_name(name)
    kinds = [("stay", queen) for queen in t.comps.board.queen_types] + [("leave", None)]
    for at in places:
        spawn = wild if s.map is None or at is not None else NONE
        for choice, queen in kinds:
            for sp in dict.fromkeys((spawn, NONE)):
                c = SwarmChoice(sp, choice, queen, at if sp != NONE else None)
                try:
                    swarm_phase(s, name, PhaseChoices(swarm=c), t.comps)
                except (IllegalActionError, InvalidInputError):
                    continue
                text = f"{q}: {choice}" + (f" {queen}" if queen else "")
                if c.at is not None:
                    text += f" at {c.at[0]},{c.at[1]}"
                out.setdefault(text, c)
                break
    return out


def swarm_options(t: Table, s: GameState, name: str) -> tuple[str, ...]:
    """The notations of :func:`swarm_choices`."""
    return tuple(swarm_choices(t, s, name))


def player_options(state: GameState, name: str, comps: Components) -> tuple[PlayerAction, ...]:
    """:func:`player_choices`' actions."""
    return tuple(a for a, _ in player_choices(state, name, comps))


def player_choices(state: GameState, name: str, comps: Components
                   ) -> tuple[tuple[PlayerAction, Any], ...]:
    """The legal actions of ``name`` now (without their dice: those are decided after), each
    checked by the sequencer (:func:`~.turn_steps.trial`), with what its trial played when it
    needs no further decision (else None): ``((action, tried), ...)``.  A forage lists the most
    it may take (every split of what the tile gives when the comb cannot hold it all); taking
    less is legal too."""
    return tuple((a, tried) for a in player_candidates(state, name, comps)
                 for exc, tried in (trial(state, a, comps),) if exc is None)


def player_candidates(state: GameState, name: str, comps: Components
                      ) -> tuple[PlayerAction, ...]:
    """The actions :func:`player_choices` tries, in its order, not yet checked: those the
    sequencer accepts are the legal ones."""
    board = comps.board
    p = state.player(name)
    hive = p.hive
    u = hive.unassigned
    card = comps.card(state.card)
    out: list[PlayerAction] = []
    m = state.map
    if m is not None:
        M = map_module()
        for o in M.forage_options(m, name):
            if o.bees <= u:
                offer = forage_offer(board, ForageValues(o.distance, o.tile, state.season,
                                     modifiers=(seasons.forage_modifiers(card, o.tile),)))
                out += [Forage(name, at=o.at, take=take) for take in forage_takes(offer, hive.empty)]
        spaces = M.scout_spaces(m, name)
        out += [Scout(name, tile, at) for at in spaces for tile in TILE_TYPES]
        out += card_spawn_scouts(state, name, spaces, comps)
    else:
        for tile in TILE_TYPES:
            offer = forage_offer(board, ForageValues(1, tile, state.season,
                                 modifiers=(seasons.forage_modifiers(card, tile),)))
            for distance in range(4):
                if max(1, distance) <= u:
                    out += [Forage(name, tile, distance, take)
                            for take in forage_takes(offer, hive.empty)]
        out += [Scout(name, tile) for tile in TILE_TYPES]
    for target in raid_targets(state, name):
        out += [Raid(name, target, bees=b) for b in range(1, u + 1)]
    for solo in in_play(state, comps):          # an action only a solo card gives
        out += solo.card_options(state, name, comps)
    out += [Defend(name, bees=b) for b in range(1, u + 1)]
    per = seasons.build_wax_honey_per_bee(card)
    out += [BuildWax(name, bees=b) for b in range(1, u + 1) if b * per <= hive.honey]
    out += [CleanBees(name, bees=b) for b in range(1, u + 1)]
    out.append(CoolHive(name))
    out += [Requeen(name, q) for q in board.queen_types if q != hive.queen]
    return tuple(out)


def card_spawn_scouts(state: GameState, name: str, spaces: Any, comps: Components
                       ) -> list[PlayerAction]:
    """On the map, a card that spawns a wild hive on a player's first turn within 3 spaces of
    their hive (Perfect Weather): each scout with the spawn stated — the wild hive's name and
    its tile, the scouted one or another within reach (``spawn NAME spawn-at Q,R``), as the
    turn needs them once the new tile is down (where the scout alone is refused for want of
    them)."""
    card = comps.card(state.card)
    if card is None or state.player(name).turns != 0 or \
            not any(s.trigger == "first_turn" for s in card.spawns):
        return []
    wild = free_wild_name(state)
    if wild == NONE:
        return []
    near = list(map_module().spawn_places(state.map, name))
    out: list[PlayerAction] = []
    for at in spaces:
        for tile in TILE_TYPES:
            a = Scout(name, tile, at)
            if head_legal(state, a, comps):
                continue                 # the spawn's tile is asked after the scout
            out += [replace(a, dice=replace(a.dice, spawn=wild, spawn_at=tuple(c)))
                    for c in dict.fromkeys([tuple(at), *map(tuple, near)])]
    return out


def forage_takes(offer: tuple[int, ...], room: int) -> list[tuple[int, int, int] | None]:
    """What a forage may take at most: everything (None) when it fits, else every way of
    filling the comb's empty cells from the offer."""
    if sum(offer) <= room:
        return [None]
    out = []
    for h in range(min(offer[0], room) + 1):
        for p in range(min(offer[1], room - h) + 1):
            w = room - h - p
            if w <= offer[2]:
                out.append((h, p, w))
    return out


def raid_targets(state: GameState, name: str) -> list[str]:
    """The hives ``name`` may raid now: players with honey and wild hives, not raided by
    ``name`` this round, within reach on the map (Raid)."""
    raided = state.player(name).raided
    targets = [p.name for p in state.players if p.name != name and p.hive.honey > 0]
    targets += [w.name for w in state.wild]
    targets = [x for x in targets if x not in raided]
    if state.map is not None:
        near = {n for n, _ in map_module().raid_targets(state.map, name)}
        targets = [x for x in targets if x in near]
    return targets


def join_options(m: Any, player: str) -> tuple[tuple[tuple[int, int], int], ...]:
    """Every legal join of ``player``'s group without turning it (offset, 0) — turned joins
    are accepted too (``turn R``)."""
    M = map_module()
    own = next(grp for grp in M.groups(m) if m.hive(player).at in grp)
    seen = []
    for c in m.grid:
        if c in own:
            continue
        for nb in M.neighbours(c):
            if nb in m.grid:
                continue
            for g_tile in own:
                offset = (nb[0] - g_tile[0], nb[1] - g_tile[1])
                if (offset, 0) in seen:
                    continue
                try:
                    M.check_join(m, M.Join(player, offset, 0))
                except IllegalActionError:
                    continue
                seen.append((offset, 0))
    return tuple(sorted(seen))
