"""Beez rules core (rules/beez.txt): honeycomb storing, flight plans, objective scoring, game end.

* :mod:`~hyvekit.rules.beez.honeycomb` – geometry, row labels, Phase 3 storing, text format.
* :mod:`~hyvekit.rules.beez.flight` – Phase 1 flight plan (directions and distances).
* :mod:`~hyvekit.rules.beez.objectives` – objective-card scorers, final score and winner.
* :mod:`~hyvekit.rules.beez.game` – turns, rounds and the end trigger (12 nectar).
* :mod:`~hyvekit.rules.beez.table` – a game at the table, flight by flight (``pending`` /
  ``push``, the steps' notation, the end and the scoring).
"""

from hyvekit.rules.beez.flight import R_FLIGHT, allowed_distances, check_flight, flight_options
from hyvekit.rules.beez.game import R_END, BeezGame, Turn, new_game, play
from hyvekit.rules.beez.honeycomb import (R_EXPERT_STORE, R_STORE, Chamber, Honeycomb, Layout,
                                          Nectar, Palette, StorageResult, format_honeycomb,
                                          layout_from_file, palette_from_table, parse_chamber,
                                          parse_honeycomb, settle_collected)
from hyvekit.rules.beez.objectives import (R_SCORING, Objective, ObjectiveScore, PlayerScore,
                                           manual, objectives_from_table, parse_objective,
                                           parse_score_sheet, score_objective, score_player,
                                           winners)

__all__ = [
    "R_END", "R_EXPERT_STORE", "R_FLIGHT", "R_SCORING", "R_STORE", "BeezGame", "Chamber",
    "Honeycomb", "Layout", "Nectar", "Objective", "ObjectiveScore", "Palette", "PlayerScore",
    "StorageResult", "Turn", "allowed_distances", "check_flight", "flight_options",
    "format_honeycomb", "layout_from_file", "manual", "new_game", "objectives_from_table",
    "palette_from_table",
    "parse_chamber", "parse_honeycomb", "parse_objective", "parse_score_sheet", "play",
    "score_objective", "score_player", "settle_collected", "winners",
]
