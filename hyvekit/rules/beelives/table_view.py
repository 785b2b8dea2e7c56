"""What any screen shows of the Bee Lives table (:meth:`~.engine.BeeLivesEngine.view`): where
the year and month stand, the phase in words, the season card and the solo cards in play with
their text, each hive's numbers and tokens as the decision due finds them, the wild hives,
the month's steps so far and the map — all as plain JSON-able data that the terminal, the
full-screen table and the web page only lay out.
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.beelives.action_phase import next_actor
from hyvekit.rules.beelives.campaign_phases import card_phases
from hyvekit.rules.beelives.campaign_settings import RANDOM, CampaignState
from hyvekit.rules.beelives.month_phases import month_pending, shown_state
from hyvekit.rules.beelives.month_start import wakes_wild_hives
from hyvekit.rules.beelives.month_table import Table, new_table
from hyvekit.rules.beelives.state import month_name
from hyvekit.rules.beelives.table_words import CARRIED, GAME_OVER
from hyvekit.rules.common import IllegalActionError, InvalidInputError

#: the phase the view gives between years
WINTER_UPKEEP = "Winter Upkeep"

#: the phase of each decision before the Action Phase, by its kind
BEFORE_ACTIONS = {"feeding": "Feeding Phase", "swarm": "Swarm Phase", "card": "Event Phase"}


def view(state: CampaignState) -> dict[str, Any]:
    """The table now, JSON-able: ``year``, ``month``, ``season``, ``phase`` (in words),
    ``card`` in effect (with its ``card_text`` and ``card_effects``; none before the Event
    Phase), ``carried``: last month's card's effects on this month before its own card
    (``{"card", "effects"}``, or None), the ``solo_cards`` in play, ``round``,
    ``first_player``, ``hives`` (each player hive: queen,
    workers, ``free`` unassigned, resources, comb, empty, disease, VP, starvation tokens) and
    ``wild`` (name, strength, dormant, haunted, infected) as they stand after the steps so far,
    ``steps``, the month's steps so far, and ``map`` (tiles, hives, workers out: the shape of
    :func:`~hyvekit.rules.beelives.map_text.to_dict`; None without the map)."""
    game = state.game
    t = state.table if isinstance(state.table, Table) else None
    card_phase = None
    if t is None and game.stage == "month":
        card_phase = next((p for p in card_phases(state) if p.applies(state)), None)
        if state.table is None and card_phase is None:
            t = new_table(game, state.comps.game)    # the month due, before its first step
    now = shown_state(t) if t is not None else game
    if game.stage == "over":
        phase = GAME_OVER
    elif game.stage == "winter":
        phase = WINTER_UPKEEP
    elif card_phase is not None:
        phase = card_phase.name
    elif t is None or t.state is None:
        d = month_pending(t) if t is not None else None
        phase = ("Event Phase" if game.first_month else
                 BEFORE_ACTIONS.get(d.kind if d is not None else "",
                                    "Egg, Feeding, Brood, Swarm and Event Phases"))
    elif now.stage == "actions" and next_actor(now) is not None:
        phase = f"Action Phase, round {action_round(now)}"
    else:
        phase = "Cleanup Phase"
    board = state.comps.board
    out = bees_out(t, now)
    card = state.comps.game.card(now.card) if now.card else None
    last = None
    if t is not None and t.state is None and not t.lost:    # before this month's card:
        last, card = card, None                             # the card on the board is last
    return {                                                # month's
        "year": game.year, "month": month_name(game.month), "season": game.season,
        "phase": phase, "card": card.name if card is not None else None,
        "carried": {"card": last.name, "effects": [e for e in last.effects()
                                                  if CARRIED in e]}
        if last is not None and any(CARRIED in e for e in last.effects()) else None,
        "card_text": card.text if card is not None else "",
        "card_effects": card.effects() if card is not None else [],
        "solo_cards": solo_cards(state),
        "round": action_round(now) if now.stage == "actions" else None,
        "first_player": game.players[game.first_player].name,
        "hives": [{"name": p.name, "queen": p.hive.queen, "workers": p.hive.workers,
                   "free": (max(0, p.hive.unassigned - out.get(p.name, 0))
                            if now.stage == "actions" else p.hive.workers),
                   "honey": p.hive.honey, "pollen": p.hive.pollen, "water": p.hive.water,
                   "comb": p.hive.comb, "empty": p.hive.empty,
                   "threshold": board.threshold(p.hive.comb, p.hive.queen == "nomadic"),
                   "disease": p.hive.disease(board), "mite_standing": p.hive.mite_standing,
                   "paused": p.hive.paused, "swarm_token": p.hive.swarm_token,
                   "skip_feeding": p.hive.skip_feeding, "starvation": p.hive.starvation,
                   "vp": p.hive.vp} for p in now.players],
        "wild": [{"name": w.name, "strength": w.strength,
                  "dormant": w.dormant and not (t is not None and t.state is None and
                                                wakes_wild_hives(game)),
                  "haunted": w.haunted, "infected": w.infected} for w in now.wild],
        "steps": list(t.steps) if t is not None else [],
        "map": map_dict(now.map),
    }


def action_round(now: Any) -> int:
    """The action round being played: the wild hives' turns close the round the players'
    turns opened (the state has counted the next round already)."""
    return now.round - (1 if now.wild_pending else 0)


def solo_cards(state: CampaignState) -> list[dict[str, str]]:
    """The solo cards in play, as the table shows them: ``{"name", "kind" (challenge,
    scenario or campaign), "text"}`` each (Solo Play); a random challenge not yet drawn is
    left out."""
    out = []
    for kind, name in (("challenge", state.challenge), ("scenario", state.settings.scenario),
                       ("campaign", state.settings.campaign)):
        if name and name != RANDOM:
            out.append({"name": name, "kind": kind,
                        "text": state.comps.solo.find(name).text})
    return out


def bees_out(t: Table | None, now: Any) -> dict[str, int]:
    """The worker bees of the turn being played (its dice still to be decided: a raid's
    bees out while the raid is rolled), by player; {} when no player's turn is under way."""
    a = t.turn.action if t is not None and t.turn is not None else None
    if a is None or getattr(a, "wild", False):
        return {}
    p = next((p for p in now.players if p.name == a.actor), None)
    try:
        return {a.actor: a.assigned_bees(now, p)} if p is not None else {}
    except (IllegalActionError, InvalidInputError):     # the bees not stated yet
        return {}


def map_dict(m) -> dict[str, Any] | None:
    """A game's map as plain JSON (:func:`~hyvekit.rules.beelives.map_text.to_dict`), None
    without the map."""
    if m is None:
        return None
    from hyvekit.rules.beelives.map_text import to_dict
    return to_dict(m)

