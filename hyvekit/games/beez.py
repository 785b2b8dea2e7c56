"""Beez games played at the table as campaign records (:mod:`hyvekit.rules.beez.table`).

Settings: the rules core's (``players``, ``common``, ``secret``, ``expert``, see
:func:`~hyvekit.rules.beez.table.setup_from_settings`) and, frozen when the game is made so
that it replays the same without the files, the player's own cards (``cards``: the
``[[objective]]`` tables of their ``--cards FILE``, ``cards_file`` its path) and honeycomb
(``layout``: the ``[layout]`` table of their ``--layout FILE``).  Events: ``step``
``{"do": NOTATION}``, one per step pushed; ``hint`` ``{"player": NAME, "decision": KIND}``,
the advisor's hint shown for the decision due (docs/advisor.md; it changes nothing).
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
        from hyvekit.rules.beez.table import check_hint, push
        from hyvekit.rules.common import InvalidInputError
        if event_type == "hint":
            if not isinstance(data, dict) or set(data) != {"player", "decision"} or not all(
                    isinstance(v, str) for v in data.values()):
                raise InvalidInputError("hint event", data,
                                        '{"player": NAME, "decision": KIND}')
            check_hint(state, data["player"], data["decision"])
            return state
        if event_type != "step" or not isinstance(data, dict) or not isinstance(
                data.get("do"), str):
            raise InvalidInputError("event", event_type, "a step {\"do\": NOTATION}")
        return push(state, data["do"])

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        if event_type == "hint" and isinstance(data, dict):
            return f"hint shown to {data.get('player')} ({data.get('decision')} decision)"
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


def advisor_game():
    """What the advisor plays Beez with (:class:`~hyvekit.games.advisor.AdvisorGame`): the
    table engine, the default player (:mod:`hyvekit.rules.beez.default_player`), honey drops
    as the score, and each rollout started from what the player deciding may know (another
    player's secret cards drawn afresh: :func:`~hyvekit.rules.beez.table.unseen`).  A review
    weighs the flights and the storing (the secret cards revealed and the values entered are
    facts of the table).  A rollout from the first round costs about 0.15 CPU s: the default
    player's first :data:`SCREENED` options are estimated."""
    from hyvekit.games.advisor import AdvisorGame
    from hyvekit.rules.beez import default_player as DP
    from hyvekit.rules.beez.engine import ENGINE
    from hyvekit.rules.beez.table import unseen
    return AdvisorGame(GAME, KIND, "Beez", "honey drops", ENGINE, DP.choose, DP.ranked,
                       DP.outcome, advisor_choice, advisor_when, advisor_at, advisor_players,
                       unseen, SCREENED)


#: the most options of a decision the advisor estimates: two rounds of them from the first
#: round within the 3-second budget on 2 cores (docs/advisor.md, "The advisor on Beez")
SCREENED = 6


def advisor_choice(d) -> bool:
    """Whether a review weighs the decision ``d``: a flight or a storing with a choice."""
    return d.kind in ("flight", "store") and len(d.legal) > 1


def advisor_when(t) -> str:
    """Where a Beez game ``t`` is, for the advisor's review: "round 3"."""
    return f"round {t.game.round}"


def advisor_at(t) -> dict:
    """Where a Beez game ``t`` is, as data: ``{"round"}``."""
    return {"round": t.game.round}


def advisor_players(t) -> list[str]:
    """The players of a Beez game ``t``, in turn order."""
    return list(t.setup.players)


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
