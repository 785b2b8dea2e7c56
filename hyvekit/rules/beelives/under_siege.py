"""The Under Siege challenge card in the Action Phase (rules/bee-lives.txt, Challenge Cards,
"Under Siege"): the D6 after each scout and the wild hive it spawns on the scouted tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives import turn_steps as TS
from hyvekit.rules.beelives.card_hooks import CardRules
from hyvekit.rules.beelives.month_table import free_wild_name
from hyvekit.rules.beelives.player_turns import Scout
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
    map_module,
)

if TYPE_CHECKING:
    from hyvekit.rules.beelives.campaign_settings import CampaignState
    from hyvekit.rules.beelives.plan import MonthPlan
    from hyvekit.rules.beelives.summaries import MonthSummary

from hyvekit.rules.beelives.solo_cards import ChallengeCard, die_roll
from hyvekit.rules.beelives.solo_cards import spawn_strength as card_spawn_strength
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.common import counted
from hyvekit.rules.values import replace


def after_scout(state: GameState, actor: str, scouted: bool, dice: TurnDice,
                at: Coord | None, comps: Components, *, failed: bool = False
                ) -> tuple[GameState, list[Event]]:
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
                           at=at if at is not None else dice.siege_at, comps=comps)
    return state, [ev]


UNDER_SIEGE = "Under Siege"


class UnderSiegeRules(CardRules):
    """Under Siege's hook: the D6 at the end of each scouting turn (:func:`after_scout`)."""

    name = UNDER_SIEGE

    def turn_decision(self, state: GameState, turn: Any, stage: str, failed: bool,
                      comps: Components) -> Any:
        """At the table: the D6 after scouting and, on 4+, the wild hive spawned on the
        scouted tile (its name the tool's; none when the tile cannot take it)."""
        a = turn.action
        if stage != "spawned" or not isinstance(a, Scout) or not state.options.under_siege \
                or failed:
            return None
        d = a.dice
        if d.siege_d6 is None:
            return TS.die("siege_d6", turn, "Under Siege: roll the D6 after scouting "
                          f"({UNDER_SIEGE_D6_MIN}+: a wild hive spawns on the scouted tile)", 1)
        if d.siege_d6 >= UNDER_SIEGE_D6_MIN and d.siege_spawn is None:
            name = free_wild_name(state, {d.spawn} - {None, NONE})
            at = tuple(a.at) if a.at is not None else None
            if at is not None and (at not in map_module().spawn_places(state.map, a.actor)
                                   or d.spawn_at == at):
                name = NONE                      # the scouted tile cannot take a wild hive
            return TS.tool_spawn("siege_spawn", (name, at), _siege_spawned)
        return None

    def after_turn(self, state: GameState, action: Any, scouted_at: Coord | None,
                   failed: bool, comps: Components) -> tuple[GameState, list[Event]]:
        if action.wild:
            return state, []
        return after_scout(state, action.actor, action.action == "scout", action.dice,
                           scouted_at, comps, failed=failed)


RULES = UnderSiegeRules()


def _siege_spawned(turn: Any, value: tuple[str, Any]) -> Any:
    """The turn with Under Siege's wild hive (name, tile) settled."""
    name, at = value
    a = turn.action
    return TS.turn_with(turn, replace(a, dice=replace(a.dice, siege_spawn=name,
                                                       siege_at=at if name != NONE else None)))


def stated_siege_turns(state: CampaignState, game: GameState, plan: MonthPlan,
                 stated: Mapping[str, Any]) -> MonthPlan:
    """Under Siege's dice stated for the month (``stated.scout_d6`` / ``stated.scout_spawn``,
    the older form) moved into the solo hive's scouting turns (``siege_d6`` / ``siege_spawn``
    / ``siege_at``), so that the month sequencer spawns each hive inside its scouting turn
    (ruling L106).  The i-th roll goes to the i-th Scout turn of the solo hive, the j-th name
    to the j-th roll of 4+.  Stating the dice both ways is refused.

    :raises IllegalActionError: dice without Under Siege, a count that does not match.
    :raises InvalidInputError: on a map, a stated name without its tile ``at``.
    """
    rolls = tuple(stated.get("scout_d6", ()))
    names = tuple(stated.get("scout_spawn", ()))
    if not game.options.under_siege:
        if rolls or names:
            raise IllegalActionError(R_UNDER_SIEGE, "no challenge card in play rolls the D6 "
                                     "after scouting", expected="no scout_d6", given=list(rolls))
        return plan
    if not rolls and not names:
        return plan                   # the dice are stated in the turns (or missing there)
    solo = game.players[0].name
    scouts = [i for i, t in enumerate(plan.turns)
              if not t.wild and t.actor == solo and t.action == "scout"]
    if any(plan.turns[i].siege_d6 is not None or plan.turns[i].siege_spawn is not None
           for i in scouts):
        raise InvalidInputError("stated.scout_d6", list(rolls), "the Under Siege dice either "
                                "in the turns (siege_d6) or stated for the month, not both")
    if len(rolls) != len(scouts):
        raise IllegalActionError(R_UNDER_SIEGE, f"{UNDER_SIEGE}: roll the D6 after each scout "
                                 f"({len(scouts)} this month): state scout_d6 = [rolls]",
                                 expected=len(scouts), given=len(rolls))
    spawning = [d for d in rolls if d >= UNDER_SIEGE_D6_MIN]
    if len(names) != len(spawning):
        raise IllegalActionError(R_UNDER_SIEGE, f"{UNDER_SIEGE}: "
                                 f"{counted(len(spawning), 'roll')} of {UNDER_SIEGE_D6_MIN}+, "
                                 "each spawning a wild hive: state "
                                 "scout_spawn = [names] ('none' when it cannot be placed)",
                                 expected=len(spawning), given=len(names))
    turns = list(plan.turns)
    queue = list(names)
    for i, d6 in zip(scouts, rolls):
        name, at = queue.pop(0) if d6 >= UNDER_SIEGE_D6_MIN else (None, None)
        if name is not None and name.lower() == NONE:
            name = NONE
        if game.map is not None and name not in (None, NONE) and at is None:
            raise InvalidInputError(f"tile of the new wild hive {name}", None,
                                    "its map tile [q, r] (the game has a map): "
                                    "scout_spawn = [{ wild = NAME, at = [q, r] }]")
        turns[i] = replace(turns[i], siege_d6=d6, siege_spawn=name, siege_at=at)
    return replace(plan, turns=tuple(turns))


def stated_siege_spawns(state: CampaignState, game: GameState, plan: MonthPlan,
                 stated: Mapping[str, Any], summary: MonthSummary | None
                 ) -> tuple[GameState, list[dict]]:
    """Under Siege: "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the
    scouted tile."  One D6 per scout of the solo hive in ``stated.scout_d6``, one name per 4+
    in ``stated.scout_spawn``; the hives are placed after the month's cleanup (ruling L106)."""
    card = next((c for c in state.cards() if isinstance(c, ChallengeCard)
                 and c.spawn is not None), None)
    rolls = tuple(stated.get("scout_d6", ()))
    names = tuple(stated.get("scout_spawn", ()))
    if card is None:
        if rolls or names:
            raise IllegalActionError(R_UNDER_SIEGE, "no challenge card in play rolls the D6 "
                                     "after scouting", expected="no scout_d6", given=list(rolls))
        return game, []
    if summary is None:          # the month could not be played: the stated spawns stand
        scouts = len(rolls)
    else:
        scouts = sum(f.scouts for f in summary.hives.values())
    if len(rolls) != scouts:
        raise IllegalActionError(R_UNDER_SIEGE, f"{card.name}: roll the D6 after each scout "
                                 f"({scouts} this month): state scout_d6 = [rolls]",
                                 expected=scouts, given=len(rolls))
    strengths = [s for s in (scout_spawn(card, d, year=game.year) for d in rolls) if s]
    need = card.spawn.d6_min  # type: ignore[union-attr]
    if len(names) != len(strengths):
        raise IllegalActionError(R_UNDER_SIEGE, f"{card.name}: "
                                 f"{counted(len(strengths), 'roll')} of {need}+, "
                                 "each spawning a wild hive: state "
                                 "scout_spawn = [names] ('none' when it cannot be placed)",
                                 expected=len(strengths), given=len(names))
    events = []
    for (n, at), strength in zip(names, strengths):
        if n.lower() == NONE:
            continue
        game, ev = spawn_wild(game, n, strength, cause=f"card: {card.name}",
                                by=game.players[0].name, rule=R_UNDER_SIEGE, at=at,
                                comps=state.comps.game)
        events.append({k: ev[k] for k in ("wild", "strength", "cause", "by", "dormant")})
    return game, events


# --- the card's dice ------------------------------------------------------------------------

def scout_spawn(card: ChallengeCard, d6: int, *, year: int = 1) -> int | None:
    """Under Siege: after a Scout action, roll the D6; on 4+ a wild hive spawns on the scouted
    tile.  Returns its strength (3; 4 / 5 in later years), or None (no spawn, or the card has
    no scouting spawn).

    :raises InvalidInputError: a roll off 1–6.
    """
    d6 = die_roll("D6 after scouting", d6)
    if card.spawn is None or d6 < card.spawn.d6_min:
        return None
    return card_spawn_strength(card.spawn.strength, year)
