"""What a month record states (rules/bee-lives.txt, "Productive Months"): the phase choices of
each player, every turn of the Action Phase with its dice, the solo spawns and the claimed
end-of-month values (parsed from a month file by :mod:`hyvekit.rules.beelives.record`).
"""

from __future__ import annotations

import functools
from dataclasses import fields

from hyvekit.rules.beelives.player_turns import (
    PLAYER_ACTION_CLASSES,
    Forage,
    PlayerAction,
    Raid,
    Requeen,
    ScareGhosts,
    Scout,
)
from hyvekit.rules.beelives.state import PLAYER_ACTIONS, WILD_ACTIONS, TurnDice
from hyvekit.rules.beelives.wild_turns import (
    WILD_ACTION_CLASSES,
    WildAction,
    WildForage,
    WildRaid,
    WildScout,
)
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


@dataclass(frozen=True)
class SwarmChoice:
    """A swarming player's choices: ``wild`` names the wild hive spawned (``"none"``: no legal
    placement within three spaces), ``choice`` stay or leave, ``queen`` the new queen (stay),
    ``at`` the map tile of the new wild hive (needed when the game has a map)."""

    wild: str
    choice: str = "stay"
    queen: str | None = None
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class PhaseChoices:
    """A player's choices in phases 1–4: starvation tokens taken in the Feeding Phase and,
    if the hive swarms, the swarm choices."""

    starvation_tokens: int = 0
    swarm: SwarmChoice | None = None


@dataclass(frozen=True)
class Turn:
    """One turn of the Action Phase, every choice and die stated.

    Player turns (``wild=False``): ``actor`` is the player; ``action`` one of the eight.

    * forage: ``tile``, ``distance`` (0–3), ``take`` (honey, pollen, water; None = all the
      tile gives), ``d6`` after foraging when the card asks, ``spawn``.
    * scout: ``tile`` placed (optional), ``d6`` / ``spawn`` as for forage.
    * raid: ``target`` (player or wild hive), ``bees``, ``rolls`` (every roll in order, the
      last kept), ``removed`` (dice removed on losing a bracket), the defender's
      ``sacrifice_defending`` / ``sacrifice_unassigned``; on a wild hive ``sacrifices`` and
      ``take``; ``distance`` (stated, at most 3).
    * defend / build_wax / clean_bees: ``bees``; cool_hive: ``bees`` optional (checked);
      requeen: ``queen``.
    * ``spawn`` also answers a card's "on your first turn this month, spawn a wild hive".

    Wild hive turns (``wild=True``): ``action`` swarm / forage / raid / scout / nothing;
    ``tile`` / ``distance`` (forage), ``target`` and ``d6`` (the D6; ``target_roll`` for a
    wild target), the defender's sacrifices, ``spawn`` (swarm: the new wild hive's name),
    ``from_first_player`` (distance from the first player's hive, checks Example E's order).

    With a map (``GameState.map``): ``at`` is the foraged tile or the scouted space (a wild
    hive's too), and ``spawn_at`` the tile of a spawned wild hive (default: the foraged or
    scouted tile for the cards that spawn there); tile types and distances then come from the
    map.  ``where`` is the record location used in messages.

    Solo card dice: ``siege_d6`` / ``siege_spawn`` / ``siege_at`` (Under Siege, after a
    scout); ``haunt_d6`` (Haunted Hives: foraging a haunted tile; without a map, stating it
    says the tile is haunted); ``scare_ghosts`` (Haunted Hives: a Raid action with 1 worker
    bee on the haunted tile ``at``); ``zombee_d6`` (Zombees: an infected player hive's action
    roll, or an infected wild hive's erratic turn); ``infection_d6`` (Zombees: a healthy hive
    acting on an infected tile; without a map, stating it says the tile is infected).
    """

    actor: str
    action: str
    wild: bool = False
    bees: int | None = None
    tile: str | None = None
    distance: int | None = None
    take: tuple[int, int, int] | None = None
    target: str | None = None
    rolls: tuple[tuple[int, ...], ...] = ()
    removed: tuple[int, ...] | None = None
    sacrifice_defending: int = 0
    sacrifice_unassigned: int = 0
    sacrifices: int = 0
    queen: str | None = None
    d6: int | None = None
    target_roll: int | None = None
    spawn: str | None = None
    from_first_player: int | None = None
    at: tuple[int, int] | None = None
    spawn_at: tuple[int, int] | None = None
    siege_d6: int | None = None
    siege_spawn: str | None = None
    siege_at: tuple[int, int] | None = None
    haunt_d6: int | None = None
    scare_ghosts: bool = False
    zombee_d6: int | None = None
    infection_d6: int | None = None
    where: str = ""


    def to_action(self) -> PlayerAction | WildAction:
        """The typed action this turn states (:mod:`.player_turns`, :mod:`.wild_turns`).

        :raises InvalidInputError: an unknown action.
        """
        return as_action(self)


def _dice(turn: Turn) -> TurnDice:
    return TurnDice(card_d6=None if turn.wild else turn.d6, spawn=turn.spawn,
                    spawn_at=turn.spawn_at, zombee_d6=turn.zombee_d6,
                    infection_d6=turn.infection_d6, haunt_d6=turn.haunt_d6,
                    siege_d6=turn.siege_d6, siege_spawn=turn.siege_spawn,
                    siege_at=turn.siege_at)


def as_action(turn: Turn) -> PlayerAction | WildAction:
    """A stated turn as its typed action; values of other actions are left out.

    :raises InvalidInputError: an unknown action (the allowed ones listed).
    """
    common = {"dice": _dice(turn), "where": turn.where}
    a = turn.action
    if turn.wild:
        common["from_first_player"] = turn.from_first_player
        if a == "forage":
            return WildForage(turn.actor, turn.tile, turn.distance, turn.at, **common)
        if a == "raid":
            return WildRaid(turn.actor, turn.target, turn.d6, turn.target_roll,
                            turn.sacrifice_defending, turn.sacrifice_unassigned, **common)
        if a == "scout":
            return WildScout(turn.actor, turn.tile, turn.at, **common)
        if a in WILD_ACTION_CLASSES:
            return WILD_ACTION_CLASSES[a](turn.actor, **common)
        raise not_one_of("wild action", a, WILD_ACTIONS)
    common["bees"] = turn.bees
    if a == "forage":
        return Forage(turn.actor, turn.tile, turn.distance, turn.take, turn.at, **common)
    if a == "scout":
        return Scout(turn.actor, turn.tile, turn.at, **common)
    if a == "raid" and turn.scare_ghosts:
        return ScareGhosts(turn.actor, turn.at, **common)
    if a == "raid":
        return Raid(turn.actor, turn.target, turn.rolls, turn.removed, turn.sacrifice_defending,
                    turn.sacrifice_unassigned, turn.sacrifices, turn.take, turn.distance,
                    **common)
    if a == "requeen":
        return Requeen(turn.actor, turn.queen, **common)
    if a in PLAYER_ACTION_CLASSES:
        return PLAYER_ACTION_CLASSES[a](turn.actor, **common)
    raise not_one_of("action", a, PLAYER_ACTIONS)


def as_turn(action: PlayerAction | WildAction) -> Turn:
    """A typed action as the stated turn of a month record (:func:`as_action`'s inverse)."""
    d = action.dice
    values = {name: getattr(action, name) for name in _stated_fields(type(action))}
    if isinstance(action, ScareGhosts):
        values["scare_ghosts"] = True
    dice = {name: getattr(d, name) for name in _stated_fields(TurnDice) if name != "card_d6"}
    if not action.wild:
        dice["d6"] = d.card_d6
    return Turn(action=action.action, wild=action.wild, **dice, **values)


@functools.cache
def _stated_fields(cls: type) -> tuple[str, ...]:
    """The fields of an action (or its dice) that a stated turn carries."""
    return tuple(f.name for f in fields(cls) if f.name not in ("dice", "_"))


@dataclass(frozen=True)
class MonthPlan:
    """Everything stated for one productive month (a parsed month record).

    :ivar card: the season card revealed in the Event Phase.
    :ivar choices: player name → :class:`PhaseChoices`.
    :ivar turns: the Action Phase, in order (player and wild hive turns).
    :ivar solo_spawn: the wild hive spawned by the solo hard rule at the end of the month
        (``"none"``: no legal placement).
    :ivar claims: hive name → {field: claimed value} at the end of the month.
    :ivar solo_spawn_at: with a map, the tile of the solo spawn.
    :ivar joins: with a map, after the third month of year 1: each player's join
        ``(player, (dq, dr) offset, rotation 0-5)`` in joining order.
    :ivar spawn_d6: Zombees: ``(wild hive name, D6)`` for every wild hive spawned this month
        (1-2: it is infected).
    :ivar infect / infected_spawn / infected_spawn_at: Zombees, the first month of year 2:
        the strongest wild hive chosen on a tie; with none in play, the name (and map tile)
        of the infected wild hive spawned at strength 6.
    """

    year: int
    month: int
    card: str
    choices: tuple[tuple[str, PhaseChoices], ...] = ()
    turns: tuple[Turn, ...] = ()
    solo_spawn: str | None = None
    claims: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    where: str = ""
    solo_spawn_at: tuple[int, int] | None = None
    joins: tuple[tuple[str, tuple[int, int], int], ...] = ()
    spawn_d6: tuple[tuple[str, int], ...] = ()
    infect: str | None = None
    infected_spawn: str | None = None
    infected_spawn_at: tuple[int, int] | None = None

    def choice(self, name: str) -> PhaseChoices:
        """Player ``name``'s phase choices (none stated: no tokens, no swarm)."""
        return dict(self.choices).get(name, PhaseChoices())


def same_month(a: MonthPlan, b: MonthPlan) -> bool:
    """Whether two plans state the same month: equal but for ``where``, the record location
    their messages name (a plan read from a month record has one, a plan made at the table
    none)."""
    def unlocated(p: MonthPlan) -> MonthPlan:
        return replace(p, where="", turns=tuple(replace(t, where="") for t in p.turns))
    return unlocated(a) == unlocated(b)
