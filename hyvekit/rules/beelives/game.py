"""The Bee Lives month sequencer, by the rulebook's sections (rules/bee-lives.txt, "How to
Play", "Productive Months", "Action Phase", "Cleanup Phase", "Joining the Map", "Wild Hives",
"Winter Upkeep", "End of the Game", "Multiple Years Variant", "Solo Play: Basic Mode").

This module gathers the sequencer's public names; each lives in the module of its section:

* :mod:`.state` — :class:`GameState` (the whole table, JSON round-trip), :class:`Options`,
  :class:`Components`, the rule names and counts;
* :mod:`.plan` — what a month record states (:class:`MonthPlan`, :class:`Turn`, ...);
* :mod:`.month_start` — phases 1–5 and the start of the Action Phase (:func:`start_month`);
* :mod:`.action_phase` — whose turn it is (:func:`next_actor`) and :func:`play_turn`;
  :mod:`.player_turns` and :mod:`.wild_turns` — a player's and a wild hive's turn;
* :mod:`.spawning` — wild hives coming into play (:func:`spawn_wild`);
* :mod:`.cleanup` — the Cleanup Phase and Joining the Map (:func:`end_month`);
* :mod:`.month` — a whole month from a plan with its claims (:func:`play_month`);
* :mod:`.winter` — :func:`play_winter` and :func:`final_scoring`;
* :mod:`.summaries` — a month's facts per hive (:func:`summarize`);
* the solo cards the sequencer plays are plug-ins (:mod:`.card_hooks`, :mod:`.cards`): their
  names are their modules' (:mod:`.zombees`, :mod:`.haunted_hives`, :mod:`.under_siege`).

The names of :mod:`.winter` are imported when first asked for (a month needs none of them
before its winter).

Every step returns plain-dict events (``{"kind": "forage", "hive": "Susan", ...}``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives.action_phase import (SCARE_REFUSES, TURN_DICE, Actor,
                                                 check_turn_keys, next_actor, play_turn)
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.cleanup import end_month
from hyvekit.rules.beelives.month import (CLAIM_FIELDS, MonthResult, check_claims,
                                          derived_values, play_month)
from hyvekit.rules.beelives.month_start import (early_phases, event_phase, start_month_after,
                                                draw_season_card, phases_preview,
                                                season_deck, start_month, swarms_due)
from hyvekit.rules.beelives.plan import (MonthPlan, PhaseChoices, SwarmChoice, Turn, as_action,
                                         as_turn)
from hyvekit.rules.beelives.player_turns import (PLAYER_ACTION_CLASSES, BuildWax, CleanBees,
                                                 CoolHive, Defend, Forage, Pass,
                                                 PlayerAction, Raid, Requeen, ScareGhosts,
                                                 Scout)
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import (HAUNTED_HIVES, JOIN_MONTH, MONTHS, NONE,
                                          PLAYER_ACTIONS, R_ACTION, R_CARD, R_CLAIM, R_EVENT,
                                          R_HAUNTED, R_JOIN, R_MONTH, R_SCOUT, R_SOLO, R_SPAWN,
                                          R_UNDER_SIEGE, R_WILD, R_YEARS, R_ZOMBEES,
                                          SEASON_OF_MONTH, SOLO_HARD_STRENGTH, STAGES,
                                          UNDER_SIEGE_D6_MIN, UNDER_SIEGE_STRENGTH,
                                          WILD_ACTIONS, WILD_HIVE_TOKENS, ZOMBEES, Components,
                                          Event, GameState, Options, PlayerState,
                                          WildHiveState, TurnDice,
                                          month_name,
                                          new_game, season_of, validate_state, zombees_card)
from hyvekit.rules.beelives.summaries import HiveFacts, MonthSummary, WildFacts, summarize
from hyvekit.rules.beelives.wild_turns import (WILD_ACTION_CLASSES, WildAction, WildForage,
                                               WildNothing, WildRaid, WildScout, WildSwarm)

if TYPE_CHECKING:                   # imported when first asked for: see __getattr__
    from hyvekit.rules.beelives.winter import final_scoring, play_winter

_zombees_card = zombees_card

#: the names imported when first asked for (:func:`__getattr__`), by module
_LAZY = {"final_scoring": "winter", "play_winter": "winter"}


def __getattr__(name: str) -> Any:
    """A name of :data:`_LAZY`, imported from its module when first asked for."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(
        importlib.import_module(f"hyvekit.rules.beelives.{_LAZY[name]}"), name)
    return value


__all__ = ["Actor", "BuildWax", "CleanBees", "CoolHive", "Defend", "Forage", "Pass",
           "PLAYER_ACTION_CLASSES", "PlayerAction", "Raid", "Requeen", "ScareGhosts", "Scout",
           "TurnDice", "WILD_ACTION_CLASSES", "WildAction", "WildForage", "WildNothing",
           "WildRaid", "WildScout", "WildSwarm", "as_action", "as_turn", "CLAIM_FIELDS", "Components", "Event", "GameState",
           "HAUNTED_HIVES", "HiveFacts", "JOIN_MONTH", "MONTHS", "MonthPlan", "MonthResult",
           "MonthSummary", "NONE", "Options", "PLAYER_ACTIONS", "PhaseChoices", "PlayerState",
           "R_ACTION", "R_CARD", "R_CLAIM", "R_EVENT", "R_HAUNTED", "R_JOIN", "R_MONTH",
           "R_SCOUT", "R_SOLO", "R_SPAWN", "R_UNDER_SIEGE", "R_WILD", "R_YEARS", "R_ZOMBEES",
           "SCARE_REFUSES", "SEASON_OF_MONTH", "SOLO_HARD_STRENGTH", "STAGES", "SwarmChoice",
           "TILE_TYPES", "TURN_DICE", "Turn", "UNDER_SIEGE_D6_MIN", "UNDER_SIEGE_STRENGTH",
           "WILD_ACTIONS", "WILD_HIVE_TOKENS", "WildFacts", "WildHiveState",
           "ZOMBEES", "check_claims", "check_turn_keys",
           "derived_values", "draw_season_card", "end_month", "final_scoring",
           "month_name", "new_game", "next_actor",
           "phases_preview", "play_month", "play_turn", "play_winter",
           "season_deck", "season_of", "spawn_wild", "start_month", "summarize", "swarms_due",
           "validate_state", "zombees_card", "early_phases", "event_phase", "start_month_after",
           "_zombees_card"]
