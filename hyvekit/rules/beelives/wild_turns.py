"""A wild hive's turn (rules/bee-lives.txt, "Wild Hives": the priority charts, wild hive
raids, swarming at strength 14; Example E's order on the map).
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import ClassVar

from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives import wild as wildmod
from hyvekit.rules.beelives.board import TILE_TYPES, Board
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import (
    NO_DICE,
    NONE,
    R_ACTION,
    R_WILD,
    WILD_HIVE_TOKENS,
    Components,
    Coord,
    Event,
    GameState,
    TurnDice,
    WildHiveState,
    map_module,
    required,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


@dataclass(frozen=True)
class WildAction:
    """One wild hive turn (rules/bee-lives.txt, "Wild Hives"): the chart line the wild hive
    ``actor`` takes, the turn's dice (:class:`~hyvekit.rules.beelives.state.TurnDice`:
    ``spawn``, ``spawn_at``, ``zombee_d6``, ``infection_d6``), ``from_first_player`` (its
    stated distance from the first player's hive: Example E's order without a map) and
    ``where`` (the record location used in messages).

    :meth:`apply` plays it (chart and order checked, with the map when there is one);
    :meth:`check` does the same on a copy.  Both raise :class:`IllegalActionError` naming
    the rule, :class:`InvalidInputError` for malformed values.
    """

    actor: str
    _: KW_ONLY
    dice: TurnDice = NO_DICE
    from_first_player: int | None = None
    where: str = ""

    action: ClassVar[str] = ""
    wild: ClassVar[bool] = True

    def effect(self, t: _WildTurn) -> None:
        """The chart line's effect on ``t`` (state, wild hive, event)."""
        raise NotImplementedError

    def apply(self, state: GameState, comps: Components) -> tuple[GameState, list[Event]]:
        """Play the turn; see :func:`wild_turn`."""
        return wild_turn(state, self, comps)

    def check(self, state: GameState, comps: Components) -> None:
        """Raise what :meth:`apply` would raise; change nothing."""
        self.apply(state, comps)


@dataclass
class _WildTurn:
    """A wild hive turn being played: the table, the wild hive, its event and the chart."""

    state: GameState
    w: WildHiveState
    ev: Event
    events: list[Event]
    comps: Components
    chart: tuple[str, ...]
    erratic: bool
    desperate: bool
    acted_on: Coord | str | None = None

    @property
    def board(self) -> Board:
        return self.comps.board

    @property
    def card(self) -> seasons.SeasonCard | None:
        return self.comps.card(self.state.card)


@dataclass(frozen=True)
class WildSwarm(WildAction):
    """Line 1 of every chart: a wild hive at strength 14 swarms (``dice.spawn`` names the new
    wild hive, ``dice.spawn_at`` its tile)."""

    action: ClassVar[str] = "swarm"

    def effect(self, t: _WildTurn) -> None:
        w = t.w
        new, spawned = wildmod.swarm_wild(w.strength, t.board)
        name = required(self.dice.spawn if self.dice.spawn != NONE else None, "spawn",
                        "the new wild hive's name")
        state = t.state.with_wild(replace(w, strength=new))
        t.state, sev = spawn_wild(state, name, spawned, cause="wild swarm", by=w.name,
                                  rule=R_WILD, at=self.dice.spawn_at, near=w.name,
                                  comps=t.comps)
        t.events.append(sev)
        t.ev["after"] = new


@dataclass(frozen=True)
class WildForage(WildAction):
    """A chart's forage line: a ``tile`` type (read from the map at ``at`` when not stated),
    ``distance`` stated without a map; +1 strength for the first bloom or harvest forage of
    the month."""

    tile: str | None = None
    distance: int | None = None
    at: Coord | None = None

    action: ClassVar[str] = "forage"

    def effect(self, t: _WildTurn) -> None:
        w, state, ev, chart, board = t.w, t.state, t.ev, t.chart, t.board
        season = state.season
        M = map_module() if state.map is not None else None
        tile = required(self.tile, "tile", "the foraged tile's type: " + ", ".join(TILE_TYPES))
        if tile not in TILE_TYPES:
            raise not_one_of("tile", tile, TILE_TYPES)
        if self.distance is not None and not (isinstance(self.distance, int) and
                                              0 <= self.distance <= 3):
            # "the ... tile closest to the wild hive's location, up to three spaces away"
            raise InvalidInputError("distance", self.distance, "0-3 (a wild hive forages up "
                                    "to three spaces away)")
        if tile not in chart:
            raise IllegalActionError(R_WILD, f"the {season} chart has no {tile} line",
                                     expected=[c for c in chart if c in TILE_TYPES], given=tile)
        if tile == "wet" and not seasons.overheating(t.card) and not t.erratic:
            raise IllegalActionError(R_WILD, "a wild hive forages a wet tile only while "
                                     "overheating is in effect (line 2)", expected="another tile",
                                     given=tile)
        _token(w, board)
        if M is not None:
            at = tuple(required(self.at, "at", "the foraged tile [q, r] (the game has a map)"))
            closest = M.closest_tiles(state.map, w.name, tile)
            if at not in closest:
                raise IllegalActionError(R_WILD, f"{w.name} forages the closest {tile} tile not "
                                         f"foraged yet this round: "
                                         f"{' or '.join(str(list(c)) for c in closest) or 'none'}",
                                         expected=[list(c) for c in closest], given=list(at))
            state = replace(state, map=M.forage(state.map, w.name, at))
            ev["at"] = list(at)
            t.acted_on = at
            if w.haunted and state.map.grid[at].dark is None:
                # Haunted Hives: "When a haunted hive forages, the foraged tile becomes haunted"
                state = replace(state, map=M.flip(state.map, at, "haunted"))
                ev["haunted_tile"] = list(at)
        else:
            t.acted_on = "tile"
        gain = tile in wildmod.STRENGTH_TILES and not w.foraged
        strength = min(board.wild_strength_max, w.strength + (1 if gain else 0))
        w = replace(w, strength=strength, workers=w.workers + 1,
                    foraged=w.foraged or tile in wildmod.STRENGTH_TILES)
        t.state = state.with_wild(w)
        ev.update(tile=tile, distance=self.distance, after=strength, gained=gain)


@dataclass(frozen=True)
class WildRaid(WildAction):
    """A chart's raid line: ``target`` (a player or a wild hive), the wild hive's ``d6``, the
    raided wild hive's ``target_roll``, a player defender's ``sacrifice_defending`` /
    ``sacrifice_unassigned``."""

    target: str | None = None
    d6: int | None = None
    target_roll: int | None = None
    sacrifice_defending: int = 0
    sacrifice_unassigned: int = 0

    action: ClassVar[str] = "raid"

    def effect(self, t: _WildTurn) -> None:
        w, state, ev, board, desperate = t.w, t.state, t.ev, t.board, t.desperate
        for c in t.comps.card_rules():
            c.check_raid(state, w.name, None, t.comps)
        if "raid" not in t.chart and not desperate:
            raise IllegalActionError(R_WILD, f"the {state.season} chart has no raid line",
                                     expected="forage or scout", given="raid")
        target = required(self.target, "target", "the raided hive")
        if target == w.name:
            raise IllegalActionError(R_WILD, f"{w.name} cannot raid itself", given=target)
        if target in w.raided:
            raise IllegalActionError(R_WILD, f"{w.name} already raided {target} this round",
                                     expected="a hive not raided this round", given=target)
        _token(w, board)
        roll = required(self.d6, "d6", "the D6 rolled for the wild hive")
        if state.map is not None:
            state = replace(state, map=map_module().place_raid_token(state.map, w.name, target))
        w = replace(w, workers=w.workers + 1, raided=w.raided + (target,))
        t.acted_on = target
        if state.is_player(target):
            d = state.player(target)
            tstrength = wildmod.player_strength(d.hive)
            if tstrength > w.strength + 2 and not desperate:
                raise IllegalActionError(R_WILD, f"{target}'s strength {tstrength} (unassigned + "
                                         f"defending bees) is more than two above {w.name}'s "
                                         f"{w.strength}: no raid", expected=f"at most "
                                         f"{w.strength + 2}", given=tstrength)
            dbonus = seasons.raid_bonuses(t.card, d.hive.queen, d.hive.workers)
            r = wildmod.wild_raids_player(w.strength, d.hive, roll, board,
                                          sacrifice_defending=self.sacrifice_defending,
                                          sacrifice_unassigned=self.sacrifice_unassigned,
                                          defender_bonus=dbonus.defending)
            state = state.with_hive(target, r.defender)
            t.state = state.with_wild(replace(w, strength=r.wild_strength))
            ev.update(target=target, target_kind="player", stolen=r.stolen, after=r.wild_strength,
                      removed=r.removed, defender_vp=r.vp,
                      defender_sacrificed=self.sacrifice_defending + self.sacrifice_unassigned)
        else:
            other = state.wild_hive(target)
            for c in t.comps.card_rules():
                c.check_raid(state, w.name, target, t.comps)
            if other.strength > w.strength + 2 and not desperate:
                raise IllegalActionError(R_WILD, f"{target}'s strength {other.strength} is more "
                                         f"than two above {w.name}'s {w.strength}: no raid",
                                         expected=f"at most {w.strength + 2}",
                                         given=other.strength)
            troll = required(self.target_roll, "target_roll",
                             "the D6 rolled for the raided wild hive")
            b = wildmod.wild_vs_wild(w.strength, other.strength, roll, troll, board)
            state = state.with_wild(replace(w, strength=b.attacker_strength))
            t.state = state.with_wild(replace(other, strength=b.defender_strength))
            ev.update(target=target, target_kind="wild", winner=b.winner,
                      totals=[b.attacker_total, b.defender_total],
                      after=b.attacker_strength, target_after=b.defender_strength,
                      removed=b.attacker_strength == 0, target_removed=b.defender_strength == 0)


@dataclass(frozen=True)
class WildScout(WildAction):
    """The spring chart's scout line: with a map, the ``tile`` drawn is placed at ``at``."""

    tile: str | None = None
    at: Coord | None = None

    action: ClassVar[str] = "scout"

    def effect(self, t: _WildTurn) -> None:
        state, w = t.state, t.w
        if "scout" not in t.chart:
            raise IllegalActionError(R_WILD, f"only the spring chart scouts, this is "
                                     f"{state.season}", expected="another line", given="scout")
        if state.map is not None:
            at = tuple(required(self.at, "at", "the scouted empty space [q, r]"))
            tile = required(self.tile, "tile", "the type of the tile drawn and placed")
            state = replace(state, map=map_module().scout(state.map, w.name, at, tile))
            t.ev["at"] = list(at)
        t.state = state.with_wild(w)
        t.ev.update(tile=self.tile, after=w.strength)


@dataclass(frozen=True)
class WildNothing(WildAction):
    """The chart's last line (or an erratic roll of 6): the wild hive does nothing."""

    action: ClassVar[str] = "nothing"

    def effect(self, t: _WildTurn) -> None:
        t.state = t.state.with_wild(t.w)
        t.ev["after"] = t.w.strength


#: wild hive action name (as in a month file) → its class
WILD_ACTION_CLASSES: dict[str, type[WildAction]] = {
    c.action: c for c in (WildSwarm, WildForage, WildRaid, WildScout, WildNothing)}


def wild_turn(state: GameState, action: WildAction, comps: Components
              ) -> tuple[GameState, list[Event]]:
    """A wild hive's turn: Example E's order (stated distance, or the map's), the solo cards'
    hooks before it (Zombees: an infected hive's erratic turn), line 1 (strength 14 swarms), the chart's line computed
    from the map when there is one, the line's effect, then the cards' hooks after it (Zombees: catching it).

    :raises IllegalActionError: against a rule (named); :raises InvalidInputError: malformed.
    """
    board = comps.board
    card = comps.card(state.card)
    w = state.wild_hive(action.actor)
    if state.map is not None and isinstance(action, WildForage) and action.tile is None \
            and action.at is not None and state.map.tile(tuple(action.at)) is not None:
        action = replace(action, tile=state.map.grid[tuple(action.at)].type)  # from the map
    a = action.action
    dice = action.dice
    chart = wildmod.PRIORITY[state.season]
    if action.from_first_player is not None:
        if action.from_first_player < state.wild_last:
            raise IllegalActionError(R_ACTION, f"the wild hive closest to the first player's hive "
                                     f"goes first (Example E): {w.name} is "
                                     f"{action.from_first_player} spaces away, after one "
                                     f"{state.wild_last} spaces away",
                                     expected=f"at least {state.wild_last}",
                                     given=action.from_first_player)
        state = replace(state, wild_last=action.from_first_player)
    desperate = card is not None and card.wild_first_turn_raid and w.turns == 0
    ev: Event = {"kind": "wild", "wild": w.name, "action": a, "round": state.round - 1,
                 "before": w.strength}
    start = state
    erratic = any([c.before_action(state, action, comps) for c in comps.card_rules()])
    if erratic:                      # Zombees: an infected wild hive's erratic turn
        ev["zombee_d6"] = dice.zombee_d6
        desperate = True             # the chart's conditions do not apply (ruling L143)
        chart = ("raid",) + TILE_TYPES
    if w.strength >= board.wild_strength_max and a != "swarm" and dice.spawn != NONE \
            and not erratic and not (desperate and a == "raid"):
        raise IllegalActionError(R_WILD, f"{w.name} has strength {w.strength} (maximum): it "
                                 "swarms (line 1 of the chart), unless no tile within 3 spaces "
                                 "can take a wild hive (state spawn = \"none\")",
                                 expected="swarm", given=a)
    if state.map is not None:
        _wild_map_checks(state, w, action, comps, chart=not erratic)
    t = _WildTurn(state, replace(w, turns=w.turns + 1), ev, [ev], comps, chart, erratic,
                  desperate)
    action.effect(t)
    state, events = t.state, t.events
    for c in comps.card_rules():
        state, evs = c.after_action(start, state, action, t.acted_on, comps)
        events += evs
    return state, events


def _wild_map_checks(state: GameState, w: WildHiveState, turn: WildAction, comps: Components,
                     chart: bool = True) -> None:
    """With a map: the wild hive closest to the first player's hive acts first (Example E;
    ties: the first player's choice), and its action is the season chart's (Wild Hives),
    computed from the map: the closest unforaged tile of each type, the closest hive not
    raided this round (ties: any of them), whether it can scout or swarm onto a tile.

    :raises IllegalActionError: another wild hive should act first, or another action.
    """
    M = map_module()
    m = state.map
    board = comps.board
    card = comps.card(state.card)
    fp = state.players[state.first_player].name
    far = 10 ** 6
    dist = {n: (M.hive_distance(m, fp, n) if n in {h.name for h in m.hives} else None)
            for n in state.wild_pending}
    dist = {n: far if d is None else d for n, d in dist.items()}
    best = min(dist.values())
    first = sorted(n for n, d in dist.items() if d == best)
    if w.name not in first:
        raise IllegalActionError(R_ACTION, f"the wild hive closest to the first player's hive "
                                 f"({fp}) goes first (Example E): {', '.join(first)} "
                                 f"({best} spaces) before {w.name} ({dist[w.name]})",
                                 expected=first, given=w.name)
    if not chart:                 # an infected hive's erratic turn: checked by erratic_turn
        return

    def strength_of(name: str) -> int:
        if state.is_player(name):
            return wildmod.player_strength(state.player(name).hive)
        return state.wild_hive(name).strength

    names = M.closest_hives(m, w.name, w.raided)
    targets = [wildmod.Target(m.hive(n).kind, M.hive_distance(m, w.name, n) or 0,
                              strength_of(n), n) for n in names] or [None]
    allowed: list[tuple[str, str | None]] = []
    # the same for every target: looked up on the map once
    tiles = M.wild_tile_options(m, w.name)
    can_scout = bool(M.scout_spaces(m, w.name))
    can_spawn = bool(M.spawn_places(m, w.name)) and len(state.wild) < WILD_HIVE_TOKENS
    for t in targets:
        situation = wildmod.WildSituation(
            season=state.season, strength=w.strength, overheating=seasons.overheating(card),
            tiles=tiles, target=t, foraged_this_month=w.foraged,
            tokens_left=max(0, board.wild_neutral_workers - w.workers),
            can_scout=can_scout, can_spawn=can_spawn)
        d = (seasons.wild_first_turn(card, situation, board) if w.turns == 0
             else wildmod.wild_turn(situation, board))
        key = d.tile if d.action == "forage" else (d.target.name if d.action == "raid" and
                                                   d.target else None)
        if (d.action, key) not in allowed:
            allowed.append((d.action, key))
    stated = (turn.action, getattr(turn, "tile", None) if turn.action == "forage" else
              getattr(turn, "target", None) if turn.action == "raid" else None)
    if stated not in allowed:
        words = [f"{a} {k}" if k else a for a, k in allowed]
        raise IllegalActionError(R_WILD, f"{w.name}'s {state.season} priority chart gives: "
                                 f"{' or '.join(words)}", expected=words,
                                 given=" ".join(x for x in stated if x))


def _token(w: WildHiveState, board: Board) -> None:
    if w.workers >= board.wild_neutral_workers:
        raise IllegalActionError(R_WILD, f"{w.name} has all {board.wild_neutral_workers} neutral "
                                 "worker tokens on the map (ruling L22)",
                                 expected=f"at most {board.wild_neutral_workers}",
                                 given=w.workers + 1)
