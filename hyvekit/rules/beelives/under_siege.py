"""The Under Siege challenge card in the Action Phase (rules/bee-lives.txt, Challenge Cards,
"Under Siege"): the D6 after each scout and the wild hive it spawns on the scouted tile.
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.beelives.card_hooks import CardRules
from hyvekit.rules.beelives.spawning import spawn_strength, spawn_wild
from hyvekit.rules.beelives.state import (
    NONE,
    R_UNDER_SIEGE,
    UNDER_SIEGE_D6_MIN,
    UNDER_SIEGE_STRENGTH,
    Components,
    Coord,
    Event,
    GameState,
    TurnDice,
)
from hyvekit.rules.common import IllegalActionError, require_int


def after_scout(state: GameState, actor: str, scouted: bool, dice: TurnDice,
                at: Coord | None, *, failed: bool = False) -> tuple[GameState, list[Event]]:
    """Under Siege: "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the
    scouted tile" — inside the scouting turn, after a season card's own scouting spawn
    (ruling L106).  ``scouted``: the turn was a player's Scout; ``dice.siege_d6`` is the
    roll, ``dice.siege_spawn`` the new hive's name
    (``"none"`` when it cannot be placed); with a map the hive goes on the scouted tile ``at``
    (``dice.siege_at``, when stated, must be that tile).

    :raises IllegalActionError: a roll missing after scouting or stated without Under Siege /
        without scouting; a name missing on 4+ or stated on 1-3.
    """
    rolls = state.options.under_siege and scouted and not failed   # a failed scout: none
    if not rolls:
        if dice.siege_d6 is not None or dice.siege_spawn is not None:
            why = ("no Under Siege card in play" if not state.options.under_siege
                   else "the D6 is rolled only after scouting")
            raise IllegalActionError(R_UNDER_SIEGE, f"{why}: no siege_d6 / siege_spawn",
                                     expected="no siege_d6", given=dice.siege_d6)
        return state, []
    if dice.siege_d6 is None:
        raise IllegalActionError(R_UNDER_SIEGE, "Under Siege: roll the D6 after each scout: "
                                 "state siege_d6", expected="siege_d6 = 1-6", given="no roll")
    require_int("siege_d6", dice.siege_d6, 1, 6)
    if dice.siege_d6 < UNDER_SIEGE_D6_MIN:
        if dice.siege_spawn is not None:
            raise IllegalActionError(R_UNDER_SIEGE, f"Under Siege: a roll of {dice.siege_d6} "
                                     f"spawns nothing (a wild hive on {UNDER_SIEGE_D6_MIN}+)",
                                     expected="no siege_spawn", given=dice.siege_spawn)
        return state, []
    strength = spawn_strength(state, UNDER_SIEGE_STRENGTH)
    if dice.siege_spawn is None:
        raise IllegalActionError(R_UNDER_SIEGE, f"Under Siege: a roll of {dice.siege_d6} spawns "
                                 f"a wild hive (strength {strength}) on the scouted tile: state "
                                 "siege_spawn = its name (\"none\" when it cannot be placed)",
                                 expected="siege_spawn = NAME", given="no spawn")
    if dice.siege_spawn == NONE:
        return state, []
    if at is not None and dice.siege_at is not None and tuple(dice.siege_at) != at:
        raise IllegalActionError(R_UNDER_SIEGE, "Under Siege: the wild hive spawns on the "
                                 f"scouted tile {list(at)}", expected=list(at),
                                 given=list(dice.siege_at))
    state, ev = spawn_wild(state, dice.siege_spawn, strength, cause="card: Under Siege",
                           by=actor, rule=R_UNDER_SIEGE,
                           at=at if at is not None else dice.siege_at)
    return state, [ev]


class UnderSiegeRules(CardRules):
    """Under Siege's hook: the D6 at the end of each scouting turn (:func:`after_scout`)."""

    name = "Under Siege"

    def after_turn(self, state: GameState, action: Any, scouted_at: Coord | None,
                   failed: bool, comps: Components) -> tuple[GameState, list[Event]]:
        if action.wild:
            return state, []
        return after_scout(state, action.actor, action.action == "scout", action.dice,
                           scouted_at, failed=failed)


RULES = UnderSiegeRules()
