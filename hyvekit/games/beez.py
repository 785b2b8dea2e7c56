"""Beez games played at the table as campaign records (:mod:`hyvekit.rules.beez.table`).

Settings: the rules core's (``players``, ``common``, ``secret``, ``expert``, see
:func:`~hyvekit.rules.beez.table.setup_from_settings`) and, frozen when the game is made so
that it replays the same without the files, the player's own cards (``cards``: the
``[[objective]]`` tables of their ``--cards FILE``, ``cards_file`` its path) and honeycomb
(``layout``: the ``[layout]`` table of their ``--layout FILE``).  Events: ``step``
``{"do": NOTATION}``, one per step pushed.
"""

from __future__ import annotations

from typing import Any

from hyvekit.games.facade import rules_door

GAME, KIND = "beez", "game"
#: the settings keys that are not the rules core's
FROZEN = ("cards", "cards_file", "layout", "layout_file")


def setup(settings: dict[str, Any]):
    """The :class:`~hyvekit.rules.beez.table.Setup` of a record's settings.

    :raises InvalidInputError: bad settings.
    """
    from hyvekit.data import beez as tables
    from hyvekit.rules.beez.honeycomb import Layout
    from hyvekit.rules.beez.table import setup_from_settings
    from hyvekit.rules.common import InvalidInputError
    if not isinstance(settings, dict):
        raise InvalidInputError("settings", settings, "a table")
    raw_layout = settings.get("layout")
    layout = tables.layout() if raw_layout is None else Layout.from_dict(raw_layout)
    library = tables.objectives_with(settings.get("cards"))
    rules = {k: v for k, v in settings.items() if k not in FROZEN}
    return setup_from_settings(rules, library, layout, tables.palette())


class BeezGameAdapter:
    """A Beez game played flight by flight (``hyvekit beez new/next/do``)."""

    game, kind, label = GAME, KIND, "Beez game"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.beez.table import new_table
        return new_table(setup(settings))

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.beez.table import push
        from hyvekit.rules.common import InvalidInputError
        if event_type != "step" or not isinstance(data, dict) or not isinstance(
                data.get("do"), str):
            raise InvalidInputError("event", event_type, "a step {\"do\": NOTATION}")
        return push(state, data["do"])

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        return str(data.get("do", "")) if isinstance(data, dict) else str(data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.beez.table import view
        v = view(state)
        return {"round": v["round"], "over": v["over"], "turn": v["turn"],
                "players": {p["name"]: {"nectar": p["nectar"], "large_nectar":
                                        p["large_nectar"]} for p in v["players"]},
                "scores": {p["name"]: p["total"] for p in v.get("scores", [])},
                "winners": v.get("winners", [])}


def table_engine():
    """The engine of a Beez game at the table (:class:`~hyvekit.rules.beez.engine.BeezEngine`)."""
    from hyvekit.rules.beez.engine import ENGINE
    return ENGINE


# --- the door from cli/ and render/ into Beez's rules (hyvekit.games.facade) ---

#: what the faces take of the rules: name → the module of hyvekit.rules.beez it is read from
RULES = {
    "HIVE_DISTANCES": "flight",
    "SIDES": "flight",
    "TILE_SPACES": "flight",
    "allowed_distances": "flight",
    "check_flight": "flight",
    "flight_options": "flight",
    "END_TRIGGER": "game",
    "MAX_PLAYERS": "game",
    "PHASES": "game",
    "game_ended": "game",
    "ALL_CHAMBERS": "honeycomb",
    "CHAMBERS": "honeycomb",
    "ROWS": "honeycomb",
    "ROW_LENGTHS": "honeycomb",
    "ROW_NAMES": "honeycomb",
    "check_collected": "honeycomb",
    "check_collected_count": "honeycomb",
    "format_honeycomb": "honeycomb",
    "max_storable": "honeycomb",
    "parse_chamber": "honeycomb",
    "parse_honeycomb": "honeycomb",
    "parse_nectar": "honeycomb",
    "settle_collected": "honeycomb",
    "COMMON_OBJECTIVES": "objectives",
    "SECRET_OBJECTIVES": "objectives",
    "check_claims": "objectives",
    "parse_score_sheet": "objectives",
    "pending": "table",
    "shown_cards": "table",
    "view": "table",
}
__getattr__ = rules_door(__name__, "hyvekit.rules.beez", RULES)
