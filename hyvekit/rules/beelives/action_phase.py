"""The Action Phase's order (rules/bee-lives.txt, "Action Phase"): players in turn order from
the first player, players without unassigned bees skipped, then every active wild hive,
and no wild hive turn after the final round of player turns.
"""

from __future__ import annotations

from typing import ClassVar

from hyvekit.rules.beelives.plan import Turn
from hyvekit.rules.beelives.player_turns import PlayerAction, ScareGhosts, player_turn
from hyvekit.rules.beelives.state import (
    PLAYER_ACTIONS,
    R_ACTION,
    WILD_ACTIONS,
    Components,
    Event,
    GameState,
)
from hyvekit.rules.beelives.wild_turns import WildAction, wild_turn
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.errors import located
from hyvekit.rules.values import dataclass, replace


@dataclass(frozen=True)
class Actor:
    """Who acts next: a player (``wild=False``) or one of the wild hives in ``choices``
    (any of them; the order among wild hives is the first player's, closest first)."""

    wild: bool
    name: str | None = None
    choices: tuple[str, ...] = ()


def _active_wild(state: GameState) -> tuple[str, ...]:
    return tuple(w.name for w in state.wild if not w.dormant)


def next_actor(state: GameState) -> Actor | None:
    """Who takes the next turn of the Action Phase, or None when it is over.

    Players act in turn order from the first player; a player with no unassigned bee is
    skipped.  After each round of player turns every active wild hive acts once — except after
    the final round of player turns (when no player has a bee left).
    """
    if state.stage != "actions":
        return None
    if state.wild_pending:
        return Actor(True, None, state.wild_pending)
    order = state.order()
    for i in range(state.cursor, len(order)):
        if order[i].hive.unassigned > 0:
            return Actor(False, order[i].name)
    return None


def _advance(state: GameState) -> GameState:
    """Move the cursor past players without bees; open the wild round or a new round."""
    while True:
        if state.wild_pending:
            return state
        order = state.order()
        i = state.cursor
        while i < len(order) and order[i].hive.unassigned == 0:
            i += 1
        if i < len(order):
            return replace(state, cursor=i)
        # the round of player turns is over
        if not any(p.hive.unassigned > 0 for p in state.players):
            return replace(state, cursor=len(order))      # final round: no wild hive turns
        pending = _active_wild(state)
        state = replace(state, cursor=0, round=state.round + 1, wild_last=-1,
                        wild=tuple(replace(w, raided=()) for w in state.wild),
                        wild_pending=pending)
        if pending:
            return state


def play_turn(state: GameState, turn: Turn | PlayerAction | WildAction, comps: Components
              ) -> tuple[GameState, list[Event]]:
    """Play one turn of the Action Phase (checked): ``turn`` a typed action
    (:mod:`.player_turns`, :mod:`.wild_turns`) or a month record's stated :class:`Turn`.

    :raises IllegalActionError: out of turn (rule Bee Lives: Action Phase, expected vs given),
        or against the action's rule.
    :raises InvalidInputError: malformed turn values.
    """
    try:
        if turn.wild:
            state.wild_hive(turn.actor)          # unknown name: malformed
        else:
            state.player(turn.actor)
        check_turn_keys(turn if isinstance(turn, Turn) else _StatedKeys(turn))
        actor = next_actor(state)
        if actor is None:
            raise IllegalActionError(R_ACTION, "the Action Phase is over: no player has a worker "
                                     "bee left (no wild hive turn after the final round of "
                                     "player turns)", expected="no more turns",
                                     given=turn.actor)
        if actor.wild:
            if not turn.wild or turn.actor not in actor.choices:
                raise IllegalActionError(R_ACTION, f"round {state.round - 1}: the wild hives take "
                                         f"their turns now ({', '.join(actor.choices)})",
                                         expected=list(actor.choices), given=turn.actor)
            action = turn.to_action() if isinstance(turn, Turn) else turn
            state, events = wild_turn(state, action, comps)
            state = replace(state, wild_pending=tuple(n for n in state.wild_pending
                                                      if n != turn.actor))
        else:
            if turn.wild or turn.actor != actor.name:
                raise IllegalActionError(R_ACTION, f"round {state.round}: it is {actor.name}'s "
                                         "turn (players in turn order from the first player; "
                                         "players without bees are skipped)",
                                         expected=actor.name, given=turn.actor)
            action = turn.to_action() if isinstance(turn, Turn) else turn
            state, events = player_turn(state, action, comps)
            p = state.player(turn.actor)
            state = state.with_player(replace(p, turns=p.turns + 1))
            # the next player to consider comes after the one who acted (players before
            # the cursor without bees were skipped)
            index = next(i for i, q in enumerate(state.order()) if q.name == turn.actor)
            state = replace(state, cursor=index + 1)
        return _advance(state), events
    except (IllegalActionError, InvalidInputError) as exc:
        raise located(exc, turn.where) from None


#: where the solo cards' dice and choices may stand on a turn: key → (player actions, wild
#: hive actions)
TURN_DICE = {
    "haunt_d6": (("forage",), ()),
    "scare_ghosts": (("raid",), ()),
    "zombee_d6": (PLAYER_ACTIONS, WILD_ACTIONS),
    "infection_d6": (("forage", "scout", "raid"), ("forage", "raid")),
}


#: what a Raid action that scares ghosts away takes: nothing of a raid on a hive
SCARE_REFUSES = ("target", "rolls", "removed", "sacrifice_defending", "sacrifice_unassigned",
                 "sacrifices", "take", "tile", "distance", "haunt_d6", "d6", "spawn")


class _StatedKeys:
    """The values :func:`check_turn_keys` reads, of a typed action (as its stated turn would
    give them, without building it)."""

    _DICE: ClassVar[dict[str, str]] = {"d6": "card_d6", "haunt_d6": "haunt_d6",
                                       "zombee_d6": "zombee_d6",
                                       "infection_d6": "infection_d6", "spawn": "spawn"}

    def __init__(self, action: PlayerAction | WildAction) -> None:
        self._a = action
        self.action, self.wild = action.action, action.wild
        self.scare_ghosts = isinstance(action, ScareGhosts)

    def __getattr__(self, key: str):
        if key in self._DICE:
            if key == "d6" and self._a.wild:
                return getattr(self._a, "d6", None)
            return getattr(self._a.dice, self._DICE[key])
        return getattr(self._a, key, None)


def check_turn_keys(turn: Turn) -> None:
    """Refuse solo card dice on a turn where they cannot belong (e.g. ``haunt_d6`` on a
    Defend, ``scare_ghosts`` on a wild hive's turn) and a raid on a hive's values on a raid
    that scares ghosts away.

    :raises InvalidInputError: naming the key, the action and where it is allowed.
    """
    for key, (players, wilds) in TURN_DICE.items():
        value = getattr(turn, key)
        if value is None or value is False:
            continue
        allowed = wilds if turn.wild else players
        if turn.action not in allowed:
            who = "a wild hive's" if turn.wild else "a player's"
            where = (" or ".join(allowed) + " turns") if allowed else "no turn"
            raise InvalidInputError(key, value, f"only on {who} {where} (this is a "
                                    f"{turn.action})" if allowed else
                                    f"nothing on {who} turn")
    if turn.scare_ghosts:
        for key in SCARE_REFUSES:
            value = getattr(turn, key)
            if value not in (None, (), 0):
                raise InvalidInputError(key, value, "nothing when scaring ghosts away (a Raid "
                                        "action with 1 worker bee on a haunted tile, at)")
