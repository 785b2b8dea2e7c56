"""Hyve Legacy Mode: a five-scenario run, its honey, purchases, courier and easy mode.

Implements the "Legacy Mode" part of ``rules/hyve.txt``: Starting a Legacy, Gaining Honey,
Purchasing Upgrades (Perks, Bread Upgrades, Core Resources), the Courier Action and Easy Mode.

The ledger is built in five modules; this module gathers their names
(``from hyvekit.rules.hyve import legacy as L``):

* :mod:`.legacy_sheet` — the Legacy Sheet: :class:`LegacySheet` and :func:`sheets_from_tables`,
  the counts every legacy module shares (scenarios, bee types, the wild Bee, core resources);
* :mod:`.legacy_honey` — Gaining Honey: :func:`honey_earned`, :func:`check_honey_claim`;
* :mod:`.legacy_run` — the run: :class:`LegacyState`, :func:`new_legacy`, the actions, costs,
  :func:`check`, :func:`apply`, :func:`play`, :func:`courier_claim`, the rule names;
* :mod:`.legacy_words` — a player's words for bees, bread types, perks and purchases;
* :mod:`.legacy_events` — the run's record: events to actions and back, the state from a
  record header's settings, history lines, :func:`legacy_summary`.

Units: honey (whole drops of honey spent or earned), HP-track positions past the Starting Space,
population (bees), completed hyves (0–6), bee types / die values (1–5 coloured, 6 = the wild Bee
face), honey-track squares (1-based).

The flow of a run is a small state machine over :class:`LegacyState`::

    shopping --start--> playing --result(won | lost in easy mode)--> shopping (or complete after 5)
                                 \\--result(lost, normal mode)--> failed --easy--> shopping

Values the rulebook does not print (perk costs, bread slot costs, resource spaces, the courier
honey track, starting honey) come from a :class:`LegacySheet` (the packaged ``hyve_legacy.toml``,
hyvekit's own, marked assumed) or from the player's own sheet file; :func:`sheets_from_tables`
builds them from the tables already read (reading files is the data layer's job).

Parsing, checking and applying are separate: :func:`parse_event` turns an event record into an
action, :func:`check` raises :class:`IllegalActionError` naming the rule, :func:`apply` returns the
next state without checking, and :func:`play` does both.
"""

from __future__ import annotations

from hyvekit.rules.hyve.legacy_events import (EVENT_TYPES, action_to_event, describe_event,
                                              legacy_summary, parse_event, parse_purchase,
                                              purchase_to_dict, state_from_settings)
from hyvekit.rules.hyve.legacy_honey import (HONEY_PER_HYVE, HP_POSITIONS_PER_HONEY, MAX_HYVES,
                                             POPULATION_PER_HONEY, R_HONEY, HoneyBreakdown,
                                             check_honey_claim, honey_earned)
from hyvekit.rules.hyve.legacy_run import (R_BREAD, R_CORE, R_COURIER, R_EASY, R_HP, R_PERKS,
                                           R_POP, R_PURCHASE, R_START, R_WIN,
                                           RESOURCES_PER_HONEY, START_BREAD_LEVEL, Action,
                                           BuyBread, BuyPerk, BuyResources, Courier,
                                           LegacyState, Phase, Purchase, Resource, Result,
                                           ScenarioResult, SheetLimits, Shop, StartScenario,
                                           SwitchEasy, affordable, apply, check, cost,
                                           courier_claim, honey_spent, new_legacy, play,
                                           scenario_limits, scenario_mode)
from hyvekit.rules.hyve.legacy_sheet import (RESOURCE_KINDS, RESOURCE_LABELS, SCENARIOS,
                                             LegacySheet, perk_label, sheets_from_tables)
from hyvekit.rules.hyve.sheets import BEE_TYPES, WILD
from hyvekit.rules.hyve.legacy_words import (normalise_perk, parse_bee, parse_bread_type,
                                             parse_colour_counts, parse_purchases)

__all__ = [
    # legacy_sheet
    "BEE_TYPES", "RESOURCE_KINDS", "RESOURCE_LABELS", "SCENARIOS", "WILD", "LegacySheet",
    "perk_label", "sheets_from_tables",
    # legacy_honey
    "HONEY_PER_HYVE", "HP_POSITIONS_PER_HONEY", "MAX_HYVES", "POPULATION_PER_HONEY", "R_HONEY",
    "HoneyBreakdown", "check_honey_claim", "honey_earned",
    # legacy_run
    "R_BREAD", "R_CORE", "R_COURIER", "R_EASY", "R_HP", "R_PERKS", "R_POP", "R_PURCHASE",
    "R_START", "R_WIN", "RESOURCES_PER_HONEY", "START_BREAD_LEVEL", "Action", "BuyBread",
    "BuyPerk", "BuyResources", "Courier", "LegacyState", "Phase", "Purchase", "Resource",
    "Result", "ScenarioResult", "SheetLimits", "Shop", "StartScenario", "SwitchEasy",
    "affordable", "apply", "check", "cost", "courier_claim", "honey_spent", "new_legacy",
    "play", "scenario_limits", "scenario_mode",
    # legacy_words
    "normalise_perk", "parse_bee", "parse_bread_type", "parse_colour_counts", "parse_purchases",
    # legacy_events
    "EVENT_TYPES", "action_to_event", "describe_event", "legacy_summary", "parse_event",
    "parse_purchase", "purchase_to_dict", "state_from_settings",
]
