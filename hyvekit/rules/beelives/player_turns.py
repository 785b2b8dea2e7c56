"""A player's turn in the Action Phase (rules/bee-lives.txt, "Action Phase", "Actions":
Forage, Scout, Raid, Defend, Build Wax, Clean Bees, Cool Hive, Requeen), with the season
card's D6 after foraging or scouting and its first-turn spawns.
"""

from __future__ import annotations

from dataclasses import replace

from hyvekit.rules.beelives import actions as act
from hyvekit.rules.beelives import raids, seasons
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.haunted_hives import forage_roll, not_haunted, scare_ghosts
from hyvekit.rules.beelives.hive import Hive, require_unassigned
from hyvekit.rules.beelives.plan import Turn
from hyvekit.rules.beelives.spawning import no_placement, spawn_strength, spawn_wild
from hyvekit.rules.beelives.state import (
    NONE,
    PLAYER_ACTIONS,
    R_ACTION,
    R_CARD,
    R_SCOUT,
    R_UNDER_SIEGE,
    R_ZOMBEES,
    Components,
    Event,
    GameState,
    map_module,
    required,
)
from hyvekit.rules.beelives.under_siege import after_scout
from hyvekit.rules.beelives.zombees import action_roll, infected_gain, tile_infection
from hyvekit.rules.common import IllegalActionError, InvalidInputError


def _stated_map(turn: Turn, tile: str, distance: int, rule: str) -> None:
    """With a map, a stated tile type or distance must agree with the map."""
    if turn.tile is not None and turn.tile != tile:
        raise IllegalActionError(rule, f"the tile at {list(turn.at or ())} is a {tile} tile, "
                                 f"got {turn.tile}", expected=tile, given=turn.tile)
    if turn.distance is not None and turn.distance != distance:
        raise IllegalActionError(rule, f"the tile at {list(turn.at or ())} is {distance} spaces "
                                 f"away, got {turn.distance}", expected=distance,
                                 given=turn.distance)


def _stated_bees(turn: Turn, expected: int, rule: str, why: str) -> None:
    if turn.bees is not None and turn.bees != expected:
        raise IllegalActionError(rule, f"{why}: {expected} bees, got {turn.bees}",
                                 expected=expected, given=turn.bees)


def player_turn(state: GameState, turn: Turn, comps: Components, *, trial: bool = False
                 ) -> tuple[GameState, list[Event]]:
    """A player's turn.  ``trial``: only the action's own checks and effects (no solo card
    dice, no card roll or spawn after it) — how a failed action is checked to be one the player
    could take (ruling L145)."""
    board = comps.board
    card = comps.card(state.card)
    name = turn.actor
    p = state.player(name)
    hive = p.hive
    a = turn.action
    ev: Event = {"kind": "action", "hive": name, "action": a, "round": state.round}
    events: list[Event] = []
    siege_at: tuple[int, int] | None = None
    spawn_due: tuple[str, int] | None = None      # (cause, strength)
    spawn_at, spawn_near = turn.spawn_at, None
    first = p.turns == 0
    m = state.map
    start = state
    fail = None if trial else action_roll(state, p, turn, comps)
    acted_on: tuple[int, int] | str | None = None     # the tile (or hive) the action is on
    if fail is not None:
        bees, die = fail
        # "each time you take an action": it must be an action the hive could take; a failed
        # raid rolls no raid dice (any roll does for the check)
        no_roll_after_failure(turn)
        trial_turn = replace(turn, zombee_d6=None, infection_d6=None, haunt_d6=None)
        if a == "raid" and isinstance(turn.bees, int) and turn.bees > 0:
            trial_turn = replace(trial_turn, rolls=((board.die_faces[0],)
                                                    * board.dice_for(turn.bees),),
                                 sacrifice_defending=0, sacrifice_unassigned=0, sacrifices=0)
        player_turn(state, trial_turn, comps, trial=True)
        require_unassigned(hive, bees, R_ZOMBEES, a)
        hive = replace(hive, unassigned=hive.unassigned - bees,
                       assigned=hive.assigned if die else hive.assigned.add("failed", bees))
        ev.update(bees=bees, failed=True, died=bees if die else 0, zombee_d6=turn.zombee_d6)
    elif a == "raid" and turn.scare_ghosts:
        state, hive = scare_ghosts(state, turn, hive, comps)
        ev.update(bees=1, scare_ghosts=True)
        if turn.at is not None:
            ev["at"] = list(turn.at)
    elif a == "forage":
        if m is not None:
            at = required(turn.at, "at", "the foraged tile [q, r] (the game has a map)")
            M = map_module()
            M.check_forage(m, name, at)
            tile, distance = m.grid[tuple(at)].type, M.distance(m.hive(name).at, tuple(at))
            _stated_map(turn, tile, distance, act.R_FORAGE)
        else:
            tile = required(turn.tile, "tile", "the foraged tile's type: " + ", ".join(TILE_TYPES))
            distance = required(turn.distance, "distance", "the tile's distance from your hive, 0-3")
            if distance == 0 and p.home_foraged:
                raise IllegalActionError(act.R_FORAGE, f"{name}'s own tile (distance 0) already "
                                         "has worker bees on it this month: \"You may not forage "
                                         "a map tile that has worker bees already on it\"",
                                         expected="another tile (distance 1-3)", given=0)
        f = act.Forage(distance, tile, state.season, take=turn.take,
                       modifiers=(seasons.forage_modifiers(card, tile),))
        _stated_bees(turn, f.bees, act.R_FORAGE, f"forage at distance {distance}")
        haunted = None if trial else forage_roll(state, turn, comps)
    if fail is not None or (a == "raid" and turn.scare_ghosts):
        pass                                  # done above
    elif a == "forage" and haunted is False:   # Haunted Hives: the forage failed
        no_roll_after_failure(turn)
        require_unassigned(hive, f.bees, act.R_FORAGE, "forage")
        hive = replace(hive, unassigned=hive.unassigned - f.bees,
                       assigned=hive.assigned.add("failed", f.bees))
        ev.update(bees=f.bees, tile=tile, distance=distance, failed=True, died=0,
                  haunt_d6=turn.haunt_d6)
    elif a == "forage":
        if turn.take is None:
            offer = act.forage_offer(board, f)
            if sum(offer) > hive.empty:
                raise IllegalActionError(act.R_FORAGE, f"the tile gives {sum(offer)} cubes and the "
                                         f"comb has {hive.empty} empty cells: state take",
                                         expected=hive.empty, given=sum(offer))
            f = replace(f, take=offer)
        before = hive.mite
        hive = act.play(hive, f, board)
        hive = infected_gain(p, hive, hive.mite - before, board)
        ev.update(bees=f.bees, tile=tile, distance=distance, take=list(f.take or ()),
                  disease=hive.mite - before)
        if haunted:
            ev["haunt_d6"] = turn.haunt_d6
        if m is not None:
            state = replace(state, map=map_module().forage(m, name, tuple(turn.at), f.bees))
            ev["at"] = list(turn.at)
            spawn_at = spawn_at or tuple(turn.at)
            acted_on = tuple(turn.at)
        else:
            acted_on = "tile"
            if distance == 0:
                p = replace(state.player(name), home_foraged=True)
                state = state.with_player(p)
        spawn_due = None if trial else _card_roll(card, "forage", turn, state)
    elif a == "scout":
        _stated_bees(turn, 1, R_SCOUT, "scouting")
        require_unassigned(hive, 1, R_SCOUT, "scout")
        if turn.tile is not None and turn.tile not in TILE_TYPES:
            raise InvalidInputError("tile", turn.tile, "one of " + ", ".join(TILE_TYPES))
        if m is not None:
            at = required(turn.at, "at", "the scouted empty space [q, r] (the game has a map)")
            tile = required(turn.tile, "tile", "the type of the tile placed")
            state = replace(state, map=map_module().scout(m, name, tuple(at), tile))
            ev["at"] = list(at)
            spawn_at = spawn_at or tuple(at)
        hive = replace(hive, unassigned=hive.unassigned - 1,
                       assigned=hive.assigned.add("scout", 1))
        ev.update(bees=1, tile=turn.tile)
        spawn_due = None if trial else _card_roll(card, "scout", turn, state)
        siege_at = None if m is None else tuple(turn.at)  # type: ignore[arg-type]
        acted_on = siege_at
    elif a == "raid":
        state, hive, ev = _player_raid(state, turn, comps, ev)
        acted_on = turn.target
    elif a in ("defend", "build_wax", "clean_bees"):
        bees = required(turn.bees, "bees", "the number of bees assigned")
        action = {"defend": act.Defend(bees),
                  "build_wax": act.BuildWax(bees, seasons.build_wax_honey_per_bee(card)),
                  "clean_bees": act.CleanBees(bees)}[a]
        before = hive
        hive = act.play(hive, action, board)
        ev.update(bees=bees)
        if a == "build_wax":
            ev.update(honey=before.honey - hive.honey, comb=hive.comb)
    elif a == "cool_hive":
        need = act.cool_bees(hive.workers)
        _stated_bees(turn, need, act.R_COOL, f"cooling a hive of {hive.workers} workers")
        per = seasons.cooling_water_per_bee(card)
        hive = act.play(hive, act.CoolHive(per), board)
        ev.update(bees=need, water=need * per)
    elif a == "requeen":
        _stated_bees(turn, 1, act.R_REQUEEN, "requeening")
        queen = required(turn.queen, "queen", "the new queen type")
        hive = act.play(hive, act.Requeen(queen), board)
        ev.update(bees=1, queen=queen)
    elif a == "pass":
        raise IllegalActionError(R_ACTION, f"{name} has {hive.unassigned} unassigned bees: on "
                                 "your turn you must take exactly one action (ruling L41)",
                                 expected="an action", given="pass")
    else:
        raise InvalidInputError("action", a, "one of " + ", ".join(PLAYER_ACTIONS))
    state = state.with_hive(name, hive)
    ev["level"] = hive.disease(board)
    events.append(ev)
    if trial:
        return state, events
    state, zev = tile_infection(start, state, name, acted_on, turn, comps)
    events += zev
    # a card's first-turn spawn (Perfect Weather, Indian Summer)
    if first and card is not None and any(s.trigger == "first_turn" for s in card.spawns):
        sp = seasons.spawn_check(card, "first_turn", year=state.year, board=board)
        if sp is not None:
            if spawn_due is not None:      # no card has both; keep one spawn per turn
                raise InvalidInputError("spawn", turn.spawn, "one spawn per turn")
            spawn_due = (f"card: {card.name}", spawn_strength(state, sp.strength))
            spawn_at, spawn_near = turn.spawn_at, name
    if spawn_due is None:
        if turn.spawn is not None:
            raise IllegalActionError(R_CARD, f"no wild hive spawns on this turn "
                                     f"({card.name if card else 'no card'}), got spawn "
                                     f"{turn.spawn}", expected="no spawn", given=turn.spawn)
    else:
        cause, strength = spawn_due
        if turn.spawn is None:
            raise IllegalActionError(R_CARD, f"{cause}: a wild hive (strength {strength}) "
                                     "spawns on this turn: state spawn = its name (or "
                                     "\"none\" when no tile within 3 spaces can take it)",
                                     expected="spawn = NAME", given="no spawn")
        if turn.spawn != NONE:
            state, sev = spawn_wild(state, turn.spawn, strength, cause=cause, by=name,
                                    rule=R_CARD, at=spawn_at, near=spawn_near, comps=comps)
            events.append(sev)
        elif spawn_near is not None:
            no_placement(state, spawn_near, R_CARD)
    state, sev = after_scout(state, turn, siege_at, failed=bool(ev.get("failed")))
    events += sev
    return state, events


def no_roll_after_failure(turn: Turn) -> None:
    """A failed action (L86, L145) is not carried out: no card's D6 after it, no Under Siege
    D6, no raid dice and no defender's sacrifices.

    :raises IllegalActionError: any of them stated.
    """
    for key, rule in (("d6", R_CARD), ("siege_d6", R_UNDER_SIEGE), ("rolls", raids.R_RAID),
                      ("removed", raids.R_RAID), ("sacrifice_defending", raids.R_RAID),
                      ("sacrifice_unassigned", raids.R_RAID), ("sacrifices", raids.R_RAID)):
        if getattr(turn, key) not in (None, (), 0):
            raise IllegalActionError(rule, f"the {turn.action} failed: it is not carried out, "
                                     f"so nothing follows it ({key})", expected=f"no {key}",
                                     given=getattr(turn, key))


GERUND = {"forage": "foraging", "scout": "scouting"}


def _card_roll(card: seasons.SeasonCard | None, trigger: str, turn: Turn, state: GameState
               ) -> tuple[str, int] | None:
    """After foraging / scouting: the card's D6 spawn (In Like a Lion, Out Like a Lamb, ...)."""
    if card is None or not any(s.trigger == trigger for s in card.spawns):
        if turn.d6 is not None:
            raise IllegalActionError(R_CARD, f"no D6 is rolled after {GERUND[trigger]} under "
                                     f"{card.name if card else 'no card'}", expected="no roll",
                                     given=turn.d6)
        return None
    if turn.d6 is None:
        raise IllegalActionError(R_CARD, f"{card.name}: roll the D6 after {GERUND[trigger]}: "
                                 "state d6",
                                 expected="d6 = 1-6", given="no roll")
    sp = seasons.spawn_check(card, trigger, turn.d6, year=state.year)
    if sp is None:
        return None
    return (f"card: {card.name}", spawn_strength(state, sp.strength))


def _rolls(turn: Turn) -> tuple[tuple[int, ...], ...]:
    if not turn.rolls:
        raise InvalidInputError("rolls", None, "the raid dice rolled, e.g. rolls = [[1, 2]]")
    return turn.rolls


def _player_raid(state: GameState, turn: Turn, comps: Components, ev: Event
                 ) -> tuple[GameState, Hive, Event]:
    board = comps.board
    card = comps.card(state.card)
    name = turn.actor
    p = state.player(name)
    target = required(turn.target, "target", "the raided hive: a player or a wild hive")
    bees = required(turn.bees, "bees", "the raid party's size")
    if target == name:
        raise IllegalActionError(raids.R_RAID, "choose an opposing hive", expected="another hive",
                                 given=target)
    already = target in p.raided
    distance = 1 if turn.distance is None else turn.distance
    if state.map is not None:
        d = map_module().check_raid_range(state.map, name, target)
        if turn.distance is not None and turn.distance != d:
            raise IllegalActionError(raids.R_RAID, f"{target} is {d} spaces away, got "
                                     f"{turn.distance}", expected=d, given=turn.distance)
        distance = d
    bonus = seasons.raid_bonuses(card, p.hive.queen, p.hive.workers)
    if state.is_player(target):
        d = state.player(target)
        dbonus = seasons.raid_bonuses(card, d.hive.queen, d.hive.workers)
        r = raids.raid_player_hive(p.hive, d.hive, raids.PlayerRaid(
            bees, _rolls(turn), turn.sacrifice_defending, turn.sacrifice_unassigned,
            turn.removed, distance, already, bonus.raiding, dbonus.defending), board)
        state = state.with_hive(target, r.defender)
        hive = infected_gain(p, r.attacker, r.disease, board)
        ev.update(bees=bees, target=target, target_kind="player", stolen=r.stolen,
                  success=r.success, strength=r.strength.strength, lost=r.attacker_lost,
                  disease=r.disease + hive.mite - r.attacker.mite, vp=r.attacker_vp,
                  defender_vp=r.defender_vp,
                  defender_sacrificed=turn.sacrifice_defending + turn.sacrifice_unassigned)
    else:
        w = state.wild_hive(target)
        not_haunted(w, "be raided")
        if turn.sacrifice_defending or turn.sacrifice_unassigned:
            raise InvalidInputError("sacrifice_defending/sacrifice_unassigned", "given",
                                    "nothing for a wild hive target (use sacrifices)")
        r2 = raids.raid_wild_hive(p.hive, w.strength, raids.WildRaid(
            bees, _rolls(turn), turn.sacrifices, None if turn.take is None else turn.take[0],
            distance, already, bonus.raiding), board)
        state = state.with_wild(replace(w, strength=r2.wild_strength))
        hive = infected_gain(p, r2.attacker, r2.disease, board)
        ev.update(bees=bees, target=target, target_kind="wild", stolen=r2.taken,
                  success=r2.removed, strength=r2.strength, reduced=r2.reduced,
                  wild_strength=r2.wild_strength, removed=r2.removed,
                  disease=r2.disease + hive.mite - r2.attacker.mite,
                  vp=r2.vp, lost=bees - r2.attacker.assigned.raid + p.hive.assigned.raid)
    state = state.with_player(replace(state.player(name), raided=p.raided + (target,)))
    return state, hive, ev
