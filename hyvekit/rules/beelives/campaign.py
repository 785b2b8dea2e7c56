"""Bee Lives campaigns: a game kept across game nights as a record of events
(rules/bee-lives.txt: "How to Play", "Winter Upkeep", "End of the Game", "Multiple Years
Variant", "Solo Play" — Basic, Challenge, Scenario and Campaign Mode, "Solo Score Chart",
"Solo Play Cards").

The campaign is built in three modules: :mod:`.campaign_settings` (settings and the derived
state), :mod:`.campaign_month` (months and year-ends logged), :mod:`.campaign_status` (goals,
result, status); the solo cards' stated dice are played by their own modules
(:mod:`.zombees`, :mod:`.under_siege`, :mod:`.wildfire`).  This module gathers their names.

A campaign is a :class:`CampaignSettings` (its kind, the players, the game length, the solo
cards, the board file) and an append-only list of events replayed by :func:`play`:

* ``"draw-card"`` ``{"card": NAME}`` — the challenge card drawn at random (the draw is made
  outside, with an injected :class:`random.Random`, see :func:`draw_challenge`; the record
  stores its result so a replay never draws again);
* ``"month"`` ``{"month": {...}, "stated": {...}, "override": bool, "reason": str}`` — one
  productive month in the month record format of :mod:`hyvekit.rules.beelives.record`,
  played by :func:`hyvekit.rules.beelives.game.play_month` against the derived state.  An
  illegal month is refused (the rule named) unless ``override`` is set: then it is recorded as
  *disputed* (see :func:`play_month_event`).  ``stated`` holds what the rules core cannot
  derive without the map (map size and length, Wildfire's burned hive) and the dice and
  choices of the solo cards outside the turns (Under Siege's older form, Three Generations'
  and Wildfire's start-of-month spawns, the fire's D4, Zombees' first infected hive of year
  2).  The cards' rules inside the turns — Haunted Hives, Zombees, Under Siege — are played by
  the month sequencer from the month record's own dice (see :mod:`..game`);
* ``"step"`` ``{"do": NOTATION}`` — one decision of a month played at the table
  (:mod:`.engine`); the step that ends a month plays it as a ``"month"`` event would;
* ``"hint"`` ``{"player": NAME, "decision": KIND}`` — the advisor's hint was shown to the
  player deciding (docs/advisor.md): the decision due then is marked, nothing else changes;
* ``"year-end"`` ``{"starvation": {NAME: "take"}, "queens": {NAME: TYPE}}`` — winter upkeep
  (:func:`hyvekit.rules.beelives.game.play_winter`): three months of feeding and disease, then
  in the multiple-years variant the year's scoring (surviving bees and honey), the skip feeding
  token and the next year; after the last year, the final scores.

The derived :class:`CampaignState` keeps the :class:`~hyvekit.rules.beelives.game.GameState`
and, for solo games, the per-month :class:`~hyvekit.rules.beelives.solo.MonthFacts` mapped
from the month sequencer's summaries (:func:`month_facts`), so the solo goals are judged from
what was played (:func:`goals`).  :func:`summary` is the JSON-able status.

Everything here is pure: the board, season cards and solo cards come in as
:class:`Components` values; loading files is the caller's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives.campaign_settings import (EVENTS, KINDS, R_CAMPAIGN, R_CHALLENGE,
                                                      R_THREE_GEN, R_UNDER_SIEGE, R_WILDFIRE,
                                                      R_WINTER, R_YEARS, R_ZOMBEES, RANDOM,
                                                      SOLO_KINDS,
                                                      CampaignSettings, CampaignState,
                                                      Components, MonthEntry, PlayerSetting,
                                                      WinterEntry, check_draw,
                                                      draw_challenge, parse_player_option,
                                                      settings_from_options, SOLO_MODES,
                                                      new_campaign, settings_from_dict,
                                                      solo_card)
from hyvekit.rules.beelives.campaign_status import (describe, goals, hive_rows, next_step,
                                                    result, summary)
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.validate import record_table as _keys
from hyvekit.rules.validate import text as _text
from hyvekit.rules.values import replace

if TYPE_CHECKING:                   # imported when first asked for: see __getattr__
    from hyvekit.rules.beelives.campaign_month import month_facts

__all__ = ["EVENTS", "KINDS", "R_CAMPAIGN", "R_CHALLENGE", "R_THREE_GEN", "R_UNDER_SIEGE",
           "R_WILDFIRE", "R_WINTER", "R_YEARS", "R_ZOMBEES", "RANDOM", "SOLO_KINDS",
           "CampaignSettings", "CampaignState", "Components", "MonthEntry", "PlayerSetting",
           "WinterEntry", "check_draw", "describe", "draw_challenge", "parse_player_option",
           "settings_from_options", "SOLO_MODES", "goals", "hive_rows", "month_facts",
           "new_campaign", "next_step", "play", "result", "settings_from_dict", "summary"]


def __getattr__(name: str) -> Any:
    """:func:`month_facts`, imported from :mod:`.campaign_month` (with the month sequencer)
    when first asked for."""
    if name == "month_facts":
        from hyvekit.rules.beelives.campaign_month import month_facts
        return month_facts
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def play(state: CampaignState, event_type: str, data: Mapping[str, Any]) -> CampaignState:
    """Check and apply one event (see the module docstring for the events and their data).

    :raises IllegalActionError: an event against the rules (the rule named).
    :raises InvalidInputError: an unknown event or malformed data (the field named).
    """
    if not isinstance(data, Mapping):
        raise InvalidInputError("event data", data, "a table")
    if event_type == "draw-card":
        return _draw_card(state, data)
    if event_type == "month":
        from hyvekit.rules.beelives.campaign_month import play_month_event
        return play_month_event(state, data)
    if event_type == "year-end":
        from hyvekit.rules.beelives.campaign_month import play_year_end
        return play_year_end(state, data)
    if event_type == "step":
        from hyvekit.rules.beelives.engine import play_step
        return play_step(state, data)
    if event_type == "hint":
        return _hint(state, data)
    raise not_one_of("event", event_type, EVENTS)


def _hint(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    """A hint shown for the decision due, ``player``'s (of kind ``decision``): marked on the
    campaign (:attr:`CampaignState.hints`), nothing else changed.

    :raises IllegalActionError: not the decision due (its player or kind: a hint is marked
        where it was shown, after the steps before it).
    """
    from hyvekit.rules.beelives.campaign_phases import R_AT_TABLE
    from hyvekit.rules.beelives.engine import ENGINE
    from hyvekit.rules.common import IllegalActionError
    _keys("hint", data, ("player", "decision"))
    players = [p.name for p in state.game.players]
    player = _text("player", data.get("player"))
    if player not in players:
        raise not_one_of("player", player, players)
    kind = _text("decision", data.get("decision"))
    d = ENGINE.pending(state)
    if d.over or (d.actor, d.kind) != (player, kind):
        due = "nothing (the game is over)" if d.over else f"{d.actor}'s {d.kind} decision"
        raise IllegalActionError(R_AT_TABLE, f"a hint is marked for the decision due: {due}",
                                 expected=due, given=f"{player}'s {kind} decision")
    game = state.game
    return replace(state, hints=state.hints + ((game.year, game.month, player, kind),))


def _draw_card(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    _keys("draw-card", data, ("card",))
    check_draw(state, data.get("card"))
    card = solo_card(state.comps, _text("card", data.get("card")), "challenge")
    return replace(state, challenge=card.name)
