"""A player's turn in the Action Phase (rules/bee-lives.txt, "Action Phase", "Actions":
Forage, Scout, Raid, Defend, Build Wax, Clean Bees, Cool Hive, Requeen), with the season
card's D6 after foraging or scouting and its first-turn spawns.

The raids (:mod:`.raids`) are imported by the actions that use them, when they are played;
the solo cards' rules an action meets (a haunted tile's forage roll, an infected hive's
disease, scaring the ghosts away) are the cards' hooks (:mod:`.card_hooks`).
"""

from __future__ import annotations

from dataclasses import KW_ONLY
from typing import ClassVar

from hyvekit.rules.beelives import actions as act
from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.card_hooks import disease_gained
from hyvekit.rules.beelives.hive import Hive, require_unassigned
from hyvekit.rules.beelives.spawning import no_placement, spawn_strength, spawn_wild
from hyvekit.rules.beelives.state import (
    NO_DICE,
    NONE,
    R_ACTION,
    R_CARD,
    R_SCOUT,
    R_UNDER_SIEGE,
    R_ZOMBEES,
    Components,
    Coord,
    Event,
    GameState,
    PlayerState,
    TurnDice,
    map_module,
    required,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


@dataclass(frozen=True)
class PlayerAction:
    """One player action of the Action Phase (rules/bee-lives.txt, "Actions"): the player
    (``actor``), the action's own choices (fields of each subclass), the bees when stated
    (``bees``: checked against what the action needs, or the number assigned), the turn's
    dice and follow-ups (:class:`~hyvekit.rules.beelives.state.TurnDice`) and ``where``, the
    record location used in messages.

    :meth:`apply` plays the action as the player's turn (the solo cards' dice, the season
    card's roll and spawns included); :meth:`check` does the same on a copy and keeps
    nothing.  Both raise :class:`IllegalActionError` (the rule named) for an action against
    the rules and :class:`InvalidInputError` for malformed values; whose turn it is is
    checked by :func:`hyvekit.rules.beelives.action_phase.play_turn`.
    """

    actor: str
    _: KW_ONLY
    bees: int | None = None
    dice: TurnDice = NO_DICE
    where: str = ""

    action: ClassVar[str] = ""
    wild: ClassVar[bool] = False

    def assigned_bees(self, state: GameState, p: PlayerState) -> int:
        """Worker bees the action assigns (what a failed action loses): the stated bees."""
        return required(self.bees, "bees", "the number of bees assigned")

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        """The action's own checks and effects on the table (``ev`` gets the event's
        values); ``trial``: no solo card dice (a failed action's check, ruling L145)."""
        raise NotImplementedError

    def apply(self, state: GameState, comps: Components) -> tuple[GameState, list[Event]]:
        """Play the action as ``actor``'s turn; see :func:`player_turn`."""
        return player_turn(state, self, comps)

    def check(self, state: GameState, comps: Components) -> None:
        """Raise what :meth:`apply` would raise; change nothing."""
        self.apply(state, comps)


@dataclass
class Step:
    """What an action's :meth:`~PlayerAction.effect` did: the table and the player's hive
    after it, the tile (or hive) it acted on (Zombees), the season card's D6 due after it
    (``"forage"`` / ``"scout"``), where a card's spawn goes, the scouted tile (Under Siege)."""

    state: GameState
    hive: Hive
    acted_on: Coord | str | None = None
    card_roll: str | None = None
    spawn_at: Coord | None = None
    siege_at: Coord | None = None


def _stated_bees(action: PlayerAction, expected: int, rule: str, why: str) -> None:
    if action.bees is not None and action.bees != expected:
        raise IllegalActionError(rule, f"{why}: {counted(expected, 'bee')}, got {action.bees}",
                                 expected=expected, given=action.bees)


@dataclass(frozen=True)
class Forage(PlayerAction):
    """Forage (rules/bee-lives.txt, "Forage"): a tile up to three spaces away, bees = its
    distance (at least 1).  Without a map ``tile`` (type) and ``distance`` (0–3) are stated;
    with one ``at`` is the tile (type and distance, when stated, must agree with the map).
    ``take``: (honey, pollen, water) taken, None = all the tile gives."""

    tile: str | None = None
    distance: int | None = None
    take: tuple[int, int, int] | None = None
    at: Coord | None = None

    action: ClassVar[str] = "forage"

    def assigned_bees(self, state: GameState, p: PlayerState) -> int:
        """The bees foraging needs: the tile's distance, at least 1."""
        if state.map is not None:
            at = required(self.at, "at", "the foraged tile [q, r] (the game has a map)")
            return map_module().bees_needed(state.map, p.name, tuple(at))
        return max(1, required(self.distance, "distance",
                               "the tile's distance from your hive, 0-3"))

    def _stated_map(self, tile: str, distance: int, rule: str) -> None:
        """With a map, a stated tile type or distance must agree with the map."""
        if self.tile is not None and self.tile != tile:
            raise IllegalActionError(rule, f"the tile at {list(self.at or ())} is a {tile} "
                                     f"tile, got {self.tile}", expected=tile, given=self.tile)
        if self.distance is not None and self.distance != distance:
            raise IllegalActionError(rule, f"the tile at {list(self.at or ())} is {distance} "
                                     f"spaces away, got {self.distance}", expected=distance,
                                     given=self.distance)

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        board, card, name, m = comps.board, comps.card(state.card), self.actor, state.map
        p = state.player(name)
        if m is not None:
            at = required(self.at, "at", "the foraged tile [q, r] (the game has a map)")
            M = map_module()
            M.check_forage(m, name, at)
            tile, distance = m.grid[tuple(at)].type, M.distance(m.hive(name).at, tuple(at))
            self._stated_map(tile, distance, act.R_FORAGE)
        else:
            tile = required(self.tile, "tile", "the foraged tile's type: "
                            + ", ".join(TILE_TYPES))
            distance = required(self.distance, "distance",
                                "the tile's distance from your hive, 0-3")
            if distance == 0 and p.home_foraged:
                raise IllegalActionError(act.R_FORAGE, f"{name}'s own tile (distance 0) "
                                         "already has worker bees on it this month: \"You may "
                                         "not forage a map tile that has worker bees already "
                                         "on it\"", expected="another tile (distance 1-3)",
                                         given=0)
        f = act.Forage(distance, tile, state.season, take=self.take,
                       modifiers=(seasons.forage_modifiers(card, tile),))
        _stated_bees(self, f.bees, act.R_FORAGE, f"forage at distance {distance}")
        haunted = None if trial else _forage_roll(state, self, comps)
        if haunted is False:                    # Haunted Hives: the forage failed
            no_roll_after_failure(self)
            require_unassigned(hive, f.bees, act.R_FORAGE, "forage")
            hive = replace(hive, unassigned=hive.unassigned - f.bees,
                           assigned=hive.assigned.add("failed", f.bees))
            ev.update(bees=f.bees, tile=tile, distance=distance, failed=True, died=0,
                      haunt_d6=self.dice.haunt_d6)
            return Step(state, hive)
        if self.take is None:
            act.check_distance(f, board)          # before asking how much it takes
            offer = act.forage_offer(board, f)
            if sum(offer) > hive.empty:
                raise IllegalActionError(act.R_FORAGE, f"the tile gives {sum(offer)} cubes and "
                                         f"the comb has {hive.empty} empty cells: state take",
                                         expected=hive.empty, given=sum(offer))
            f = replace(f, take=offer)
        before = hive.mite
        hive = act.play(hive, f, board)
        hive = disease_gained(state, p, hive, hive.mite - before, comps)
        ev.update(bees=f.bees, tile=tile, distance=distance, take=list(f.take or ()),
                  disease=hive.mite - before)
        if haunted:
            ev["haunt_d6"] = self.dice.haunt_d6
        step = Step(state, hive, card_roll=None if trial else "forage")
        if m is not None:
            at = tuple(self.at)                 # type: ignore[arg-type]
            step.state = replace(state, map=map_module().forage(m, name, at, f.bees))
            ev["at"] = list(at)
            step.spawn_at, step.acted_on = at, at
        else:
            step.acted_on = "tile"
            if distance == 0:
                step.state = state.with_player(replace(p, home_foraged=True))
        return step


@dataclass(frozen=True)
class Scout(PlayerAction):
    """Scout (rules/bee-lives.txt, "Scout"): 1 bee; ``tile`` the type of the tile placed
    (optional without a map), ``at`` the empty space it goes on (with a map)."""

    tile: str | None = None
    at: Coord | None = None

    action: ClassVar[str] = "scout"

    def assigned_bees(self, state: GameState, p: PlayerState) -> int:
        """Scouting takes 1 bee."""
        return 1

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        _stated_bees(self, 1, R_SCOUT, "scouting")
        require_unassigned(hive, 1, R_SCOUT, "scout")
        if self.tile is not None and self.tile not in TILE_TYPES:
            raise not_one_of("tile", self.tile, TILE_TYPES)
        m = state.map
        step = Step(state, hive, card_roll=None if trial else "scout")
        if m is not None:
            at = required(self.at, "at", "the scouted empty space [q, r] (the game has a map)")
            tile = required(self.tile, "tile", "the type of the tile placed")
            step.state = replace(state, map=map_module().scout(m, self.actor, tuple(at), tile))
            ev["at"] = list(at)
            step.spawn_at = step.siege_at = step.acted_on = tuple(at)
        step.hive = replace(hive, unassigned=hive.unassigned - 1,
                            assigned=hive.assigned.add("scout", 1))
        ev.update(bees=1, tile=self.tile)
        return step


@dataclass(frozen=True)
class Raid(PlayerAction):
    """Raid (rules/bee-lives.txt, "Raid"): ``bees`` go to raid ``target`` (a player or a wild
    hive); ``rolls`` every roll in order (the last kept), ``removed`` the dice removed on
    losing a bracket; the defender's ``sacrifice_defending`` / ``sacrifice_unassigned``; on a
    wild hive ``sacrifices`` and ``take`` (honey first); ``distance`` stated (at most 3)."""

    target: str | None = None
    rolls: tuple[tuple[int, ...], ...] = ()
    removed: tuple[int, ...] | None = None
    sacrifice_defending: int = 0
    sacrifice_unassigned: int = 0
    sacrifices: int = 0
    take: tuple[int, int, int] | None = None
    distance: int | None = None

    action: ClassVar[str] = "raid"

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        state, hive, _ = _player_raid(state, self, comps, ev)
        return Step(state, hive, acted_on=self.target)


@dataclass(frozen=True)
class ScareGhosts(PlayerAction):
    """Haunted Hives: "take the Raid action with 1 worker bee to scare the ghosts away from a
    haunted tile" (``at``, with a map); see
    :func:`hyvekit.rules.beelives.haunted_hives.scare_ghosts`."""

    at: Coord | None = None

    action: ClassVar[str] = "raid"

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        done = next((r for c in comps.card_rules()
                     if (r := c.card_action(state, self, hive, comps)) is not None), None)
        if done is None:                                  # pragma: no cover - a card's own
            raise IllegalActionError(R_ACTION, "no card in play gives this action",
                                     expected="raid", given="scare ghosts")
        state, hive = done
        ev.update(bees=1, scare_ghosts=True)
        if self.at is not None:
            ev["at"] = list(self.at)
        return Step(state, hive)


@dataclass(frozen=True)
class _Assign(PlayerAction):
    """Defend, Build Wax, Clean Bees: ``bees`` assigned to the action space."""

    def _hive_action(self, card: seasons.SeasonCard | None, bees: int) -> act.Action:
        raise NotImplementedError

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        bees = required(self.bees, "bees", "the number of bees assigned")
        before = hive
        hive = act.play(hive, self._hive_action(comps.card(state.card), bees), comps.board)
        ev.update(bees=bees)
        if self.action == "build_wax":
            ev.update(honey=before.honey - hive.honey, comb=hive.comb)
        return Step(state, hive)


@dataclass(frozen=True)
class Defend(_Assign):
    """Defend (rules/bee-lives.txt, "Defend"): ``bees`` guard the hive against raids."""

    action: ClassVar[str] = "defend"

    def _hive_action(self, card: seasons.SeasonCard | None, bees: int) -> act.Action:
        return act.Defend(bees)


@dataclass(frozen=True)
class BuildWax(_Assign):
    """Build Wax (rules/bee-lives.txt, "Build Wax"): ``bees`` turn honey into comb cells
    (honey per bee from the season card)."""

    action: ClassVar[str] = "build_wax"

    def _hive_action(self, card: seasons.SeasonCard | None, bees: int) -> act.Action:
        return act.BuildWax(bees, seasons.build_wax_honey_per_bee(card))


@dataclass(frozen=True)
class CleanBees(_Assign):
    """Clean Bees (rules/bee-lives.txt, "Clean Bees"): ``bees`` move the mite back."""

    action: ClassVar[str] = "clean_bees"

    def _hive_action(self, card: seasons.SeasonCard | None, bees: int) -> act.Action:
        return act.CleanBees(bees)


@dataclass(frozen=True)
class CoolHive(PlayerAction):
    """Cool Hive (rules/bee-lives.txt, "Cool Hive"): a third of the workers (``bees``, when
    stated, must be that many) and water per bee from the season card."""

    action: ClassVar[str] = "cool_hive"

    def assigned_bees(self, state: GameState, p: PlayerState) -> int:
        """Cooling takes a third of the hive's workers."""
        return act.cool_bees(p.hive.workers)

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        need = act.cool_bees(hive.workers)
        _stated_bees(self, need, act.R_COOL, f"cooling a hive of {hive.workers} workers")
        per = seasons.cooling_water_per_bee(comps.card(state.card))
        hive = act.play(hive, act.CoolHive(per), comps.board)
        ev.update(bees=need, water=need * per)
        return Step(state, hive)


@dataclass(frozen=True)
class Requeen(PlayerAction):
    """Requeen (rules/bee-lives.txt, "Requeen"): 1 bee; ``queen`` the new queen type."""

    queen: str | None = None

    action: ClassVar[str] = "requeen"

    def assigned_bees(self, state: GameState, p: PlayerState) -> int:
        """Requeening takes 1 bee."""
        return 1

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        _stated_bees(self, 1, act.R_REQUEEN, "requeening")
        queen = required(self.queen, "queen", "the new queen type")
        hive = act.play(hive, act.Requeen(queen), comps.board)
        ev.update(bees=1, queen=queen)
        return Step(state, hive)


@dataclass(frozen=True)
class Pass(PlayerAction):
    """Passing: never legal while the player has a bee left (ruling L41)."""

    action: ClassVar[str] = "pass"

    def effect(self, state: GameState, comps: Components, hive: Hive, ev: Event, *,
               trial: bool) -> Step:
        raise IllegalActionError(R_ACTION, f"{self.actor} has {hive.unassigned} unassigned "
                                 "bees: on your turn you must take exactly one action (ruling "
                                 "L41)", expected="an action", given="pass")


#: action name (as in a month file) → its class
PLAYER_ACTION_CLASSES: dict[str, type[PlayerAction]] = {
    c.action: c for c in (Forage, Scout, Raid, Defend, BuildWax, CleanBees, CoolHive, Requeen,
                          Pass)}


def player_turn(state: GameState, action: PlayerAction, comps: Components, *,
                trial: bool = False) -> tuple[GameState, list[Event]]:
    """A player's turn: ``action`` played for ``action.actor``, with what follows it.

    In order: the solo cards' hooks before the action (Zombees' action roll for an infected
    hive: a failed action must still be one the hive could take, checked by playing it as a
    ``trial``), the action's own effect, the cards' hooks after it (Zombees: catching it on
    an infected tile), a season card's first-turn spawn or its D6 after foraging or scouting,
    the cards' hooks at the end of the turn (Under Siege's D6 after scouting).  ``trial``:
    only the action's own checks and effects (ruling L145).

    :raises IllegalActionError: against a rule (named); :raises InvalidInputError: malformed.
    """
    card = comps.card(state.card)
    name = action.actor
    p = state.player(name)
    dice = action.dice
    ev: Event = {"kind": "action", "hive": name, "action": action.action, "round": state.round}
    events: list[Event] = []
    first = p.turns == 0
    start = state
    fail = None if trial else next(
        (f for f in (c.before_action(state, action, comps) for c in comps.card_rules()) if f),
        None)
    if fail is not None:
        step = _failed_action(state, action, comps, p.hive, ev, fail)
    else:
        step = action.effect(state, comps, p.hive, ev, trial=trial)
    if step.card_roll is None and dice.card_d6 is not None and fail is None:
        raise IllegalActionError(R_CARD, f"no D6 is rolled after a {action.action}: a season "
                                 "card's D6 follows only foraging or scouting",
                                 expected="no roll", given=dice.card_d6)
    spawn_due = (None if step.card_roll is None
                 else _card_roll(card, step.card_roll, dice, step.state))
    state = step.state.with_hive(name, step.hive)
    ev["level"] = step.hive.disease(comps.board)
    events.append(ev)
    if trial:
        return state, events
    for c in comps.card_rules():
        state, evs = c.after_action(start, state, action, step.acted_on, comps)
        events += evs
    spawn_due, spawn_at, spawn_near = _first_turn_spawn(state, action, card, comps, first,
                                                        spawn_due, step.spawn_at)
    state, evs = _turn_spawn(state, action, card, comps, spawn_due, spawn_at, spawn_near)
    events += evs
    for c in comps.card_rules():
        state, evs = c.after_turn(state, action, step.siege_at, bool(ev.get("failed")), comps)
        events += evs
    return state, events


def _failed_action(state: GameState, action: PlayerAction, comps: Components, hive: Hive,
                   ev: Event, fail) -> Step:
    """A player action that fails by a solo card's roll before it (Zombees' action roll for
    an infected hive; rules/bee-lives.txt, "Zombees"; rulings L86, L145): it must still be an
    action the hive could take (played as a ``trial``, a raid with any raid roll), nothing may
    follow it (:func:`no_roll_after_failure`), and its ``fail.bees`` bees are lost
    (``fail.die``) or spent as failed; ``ev`` gets the bees, ``failed`` and the roll.

    :returns: the step, the table unchanged and the hive after the failure.
    :raises IllegalActionError: the action could not be taken, something follows it, or the
        hive has fewer unassigned bees than the failure takes.
    """
    board = comps.board
    dice = action.dice
    bees, die = fail.bees, fail.die
    # "each time you take an action": it must be an action the hive could take; a failed
    # raid rolls no raid dice (any roll does for the check)
    no_roll_after_failure(action)
    trial_action = replace(action, dice=replace(dice, zombee_d6=None, infection_d6=None,
                                                haunt_d6=None))
    if isinstance(action, Raid) and isinstance(action.bees, int) and action.bees > 0:
        trial_action = replace(trial_action, rolls=((board.die_faces[0],)
                                                    * board.dice_for(action.bees),),
                               sacrifice_defending=0, sacrifice_unassigned=0, sacrifices=0)
    player_turn(state, trial_action, comps, trial=True)
    require_unassigned(hive, bees, R_ZOMBEES, action.action)
    hive = replace(hive, unassigned=hive.unassigned - bees,
                   assigned=hive.assigned if die else hive.assigned.add("failed", bees))
    ev.update(bees=bees, failed=True, died=bees if die else 0, zombee_d6=dice.zombee_d6)
    return Step(state, hive)


def _first_turn_spawn(state: GameState, action: PlayerAction, card: seasons.SeasonCard | None,
                      comps: Components, first: bool, spawn_due: tuple[str, int] | None,
                      step_at: Coord | None
                      ) -> tuple[tuple[str, int] | None, Coord | None, str | None]:
    """The wild hive due on this turn: the season card's D6 spawn (``spawn_due``: its cause
    and strength, placed at the stated ``spawn_at`` or the action's tile ``step_at``) or, on
    the player's first turn, the card's first-turn spawn (Perfect Weather, Indian Summer;
    rules/bee-lives.txt, "Season Cards") near the player's hive; ``card``: the month's
    season card, ``first``: this is the player's first turn of the month.

    :returns: ``(cause, strength)`` or None, where it goes, the hive it goes near (None: not
        a first-turn spawn).
    :raises InvalidInputError: both spawns due (no card has both: one spawn per turn).
    """
    dice = action.dice
    spawn_at, spawn_near = dice.spawn_at or step_at, None
    # a card's first-turn spawn (Perfect Weather, Indian Summer)
    if first and card is not None and any(s.trigger == "first_turn" for s in card.spawns):
        sp = seasons.spawn_check(card, "first_turn", year=state.year, board=comps.board)
        if sp is not None:
            if spawn_due is not None:      # no card has both; keep one spawn per turn
                raise InvalidInputError("spawn", dice.spawn, "one spawn per turn")
            spawn_due = (f"card: {card.name}", spawn_strength(state, sp.strength))
            spawn_at, spawn_near = dice.spawn_at, action.actor
    return spawn_due, spawn_at, spawn_near


def _turn_spawn(state: GameState, action: PlayerAction, card: seasons.SeasonCard | None,
                comps: Components, spawn_due: tuple[str, int] | None, spawn_at: Coord | None,
                spawn_near: str | None) -> tuple[GameState, list[Event]]:
    """Spawn the season card's wild hive due on this turn (see :func:`_first_turn_spawn`) as
    the turn states it (``spawn``: its name, ``"none"`` when no tile within 3 spaces can take
    it; rules/bee-lives.txt, "Season Cards"; rulings L64, L148: never on the player's own
    foraged tile without a map).

    :returns: the table after it and the spawn's event (none when nothing spawned).
    :raises IllegalActionError: a spawn stated when none is due, missing when one is due, a
        spawn on the hive's own tile, "none" where a tile could take it.
    """
    name, dice = action.actor, action.dice
    if spawn_due is None:
        if dice.spawn is not None:
            raise IllegalActionError(R_CARD, f"no wild hive spawns on this turn "
                                     f"({card.name if card else 'no card'}), got spawn "
                                     f"{dice.spawn}", expected="no spawn", given=dice.spawn)
        return state, []
    cause, strength = spawn_due
    if dice.spawn is None:
        raise IllegalActionError(R_CARD, f"{cause}: a wild hive (strength {strength}) "
                                 "spawns on this turn: state spawn = its name (or "
                                 "\"none\" when no tile within 3 spaces can take it)",
                                 expected="spawn = NAME", given="no spawn")
    if dice.spawn != NONE and spawn_near is None and state.map is None and \
            isinstance(action, Forage) and action.distance == 0:
        raise IllegalActionError(R_CARD, f"{cause}: the foraged tile is {name}'s own, "
                                 "which holds the hive: no wild hive is spawned on it "
                                 "(rulings L64, L148); state spawn = \"none\"",
                                 expected='spawn = "none"', given=dice.spawn)
    if dice.spawn != NONE:
        state, sev = spawn_wild(state, dice.spawn, strength, cause=cause, by=name,
                                rule=R_CARD, at=spawn_at, near=spawn_near, comps=comps)
        return state, [sev]
    if spawn_near is not None:
        no_placement(state, spawn_near, R_CARD)
    return state, []


def no_roll_after_failure(action: PlayerAction) -> None:
    """A failed action (L86, L145) is not carried out: no card's D6 after it, no Under Siege
    D6, no raid dice and no defender's sacrifices.

    :raises IllegalActionError: any of them stated.
    """
    from hyvekit.rules.beelives.raids import R_RAID
    stated = {"d6": action.dice.card_d6, "siege_d6": action.dice.siege_d6,
              **{k: getattr(action, k, None) for k in ("rolls", "removed", "sacrifice_defending",
                                                       "sacrifice_unassigned", "sacrifices")}}
    for key, rule in (("d6", R_CARD), ("siege_d6", R_UNDER_SIEGE), ("rolls", R_RAID),
                      ("removed", R_RAID), ("sacrifice_defending", R_RAID),
                      ("sacrifice_unassigned", R_RAID), ("sacrifices", R_RAID)):
        if stated[key] not in (None, (), 0):
            raise IllegalActionError(rule, f"the {action.action} failed: it is not carried out, "
                                     f"so nothing follows it ({key})", expected=f"no {key}",
                                     given=stated[key])


GERUND = {"forage": "foraging", "scout": "scouting"}


def _card_roll(card: seasons.SeasonCard | None, trigger: str, dice: TurnDice, state: GameState
               ) -> tuple[str, int] | None:
    """After foraging / scouting: the card's D6 spawn (In Like a Lion, Out Like a Lamb, ...)."""
    if card is None or not any(s.trigger == trigger for s in card.spawns):
        if dice.card_d6 is not None:
            raise IllegalActionError(R_CARD, f"no D6 is rolled after {GERUND[trigger]} under "
                                     f"{card.name if card else 'no card'}", expected="no roll",
                                     given=dice.card_d6)
        return None
    if dice.card_d6 is None:
        raise IllegalActionError(R_CARD, f"{card.name}: roll the D6 after {GERUND[trigger]}: "
                                 "state d6",
                                 expected="d6 = 1-6", given="no roll")
    sp = seasons.spawn_check(card, trigger, dice.card_d6, year=state.year)
    if sp is None:
        return None
    return (f"card: {card.name}", spawn_strength(state, sp.strength))


def _forage_roll(state: GameState, action: Forage, comps: Components) -> bool | None:
    """What the cards' rolls make of a Forage (:meth:`~.card_hooks.CardRules.forage_roll`):
    None, no card rolls for it; else whether it succeeds (every card asked)."""
    rolls = [r for c in comps.card_rules()
             if (r := c.forage_roll(state, action, comps)) is not None]
    return None if not rolls else all(rolls)


def _rolls(turn: Raid) -> tuple[tuple[int, ...], ...]:
    if not turn.rolls:
        raise InvalidInputError("rolls", None, "the raid dice rolled, e.g. rolls = [[1, 2]]")
    return turn.rolls


def _player_raid(state: GameState, turn: Raid, comps: Components, ev: Event
                 ) -> tuple[GameState, Hive, Event]:
    from hyvekit.rules.beelives import raids
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
        hive = disease_gained(state, p, r.attacker, r.disease, comps)
        ev.update(bees=bees, target=target, target_kind="player", stolen=r.stolen,
                  success=r.success, strength=r.strength.strength, lost=r.attacker_lost,
                  disease=r.disease + hive.mite - r.attacker.mite, vp=r.attacker_vp,
                  defender_vp=r.defender_vp,
                  defender_sacrificed=turn.sacrifice_defending + turn.sacrifice_unassigned)
    else:
        w = state.wild_hive(target)
        for c in comps.card_rules():
            c.check_raid(state, name, target, comps)
        if turn.sacrifice_defending or turn.sacrifice_unassigned:
            raise InvalidInputError("sacrifice_defending/sacrifice_unassigned", "given",
                                    "nothing for a wild hive target (use sacrifices)")
        r2 = raids.raid_wild_hive(p.hive, w.strength, raids.WildRaid(
            bees, _rolls(turn), turn.sacrifices, None if turn.take is None else turn.take[0],
            distance, already, bonus.raiding), board)
        state = state.with_wild(replace(w, strength=r2.wild_strength))
        hive = disease_gained(state, p, r2.attacker, r2.disease, comps)
        ev.update(bees=bees, target=target, target_kind="wild", stolen=r2.taken,
                  success=r2.removed, strength=r2.strength, reduced=r2.reduced,
                  wild_strength=r2.wild_strength, removed=r2.removed,
                  disease=r2.disease + hive.mite - r2.attacker.mite,
                  vp=r2.vp, lost=bees - r2.attacker.assigned.raid + p.hive.assigned.raid)
    state = state.with_player(replace(state.player(name), raided=p.raided + (target,)))
    return state, hive, ev
