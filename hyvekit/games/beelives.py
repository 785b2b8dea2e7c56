"""Bee Lives campaigns as campaign records (:mod:`hyvekit.rules.beelives.campaign`).

A campaign created with the player's own board values (``--board FILE``) keeps the file's path
(``board``, shown by ``beelives status``) and, frozen when it is created, the tables the file
gives (``board_values``: the file's contents as read, merged over the packaged board when the
campaign is replayed).  The record replays the same without the file, and the same when the
file changes; ``campaign check`` reads the file again while it is there and lists what its
current values would change, ``campaign check --adopt`` takes them into the record.

A record written before values were frozen names only the file: it is replayed by reading
the file, and its values are frozen at its next write (the store calls :meth:`freeze`).
The packaged tables are not frozen: they are hyvekit's, and ``campaign check`` is how a
corrected packaged value is applied to old records knowingly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hyvekit.games.facade import rules_door

VALUES = "board_values"      # the settings key of the frozen board tables (not a rules setting)


def rules_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings the rules core checks (:func:`~hyvekit.rules.beelives.campaign.settings_from_dict`):
    the record's, without the frozen values."""
    return {k: v for k, v in settings.items() if k != VALUES}


def _board_file(settings: dict[str, Any]) -> str | None:
    path = settings.get("board")
    return path if isinstance(path, str) else None


def _read_board_values(path: str, field: str) -> dict[str, Any]:
    from hyvekit.data.beelives import board_table
    from hyvekit.rules.common import InvalidInputError
    values = board_table(path)
    try:
        json.dumps(values)
    except (TypeError, ValueError):
        raise InvalidInputError(field, path, "a board file of text, numbers, lists and tables "
                                "only (a campaign keeps its values)") from None
    return values


class BeeLivesCampaignAdapter:
    """Bee Lives campaigns (``hyvekit/rules/beelives/campaign.py``): standard, multi-year and
    solo games logged month by month."""

    game, kind, label = "beelives", "campaign", "Bee Lives campaign"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.beelives import campaign as C
        comps = self.components(settings)
        return C.new_campaign(C.settings_from_dict(rules_settings(settings), comps), comps)

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.beelives import campaign as C
        return C.play(state, event_type, data)

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        from hyvekit.rules.beelives import campaign as C
        return C.describe(event_type, data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.beelives import campaign as C
        return C.summary(state)

    def result(self, state) -> dict[str, Any]:
        from hyvekit.rules.beelives import campaign as C
        return C.result(state)

    def freeze(self, settings: Any) -> Any:
        """``settings`` with the board file's tables copied in (``board_values``), read once
        when the settings name a file and carry no values yet.

        :raises InvalidInputError: the file is gone or unreadable.
        """
        if not isinstance(settings, dict) or VALUES in settings:
            return settings
        path = _board_file(settings)
        if path is None:
            return settings
        _require_file(path)
        return {**settings, VALUES: _read_board_values(path, "board file")}

    def current_settings(self, settings: Any) -> Any:
        """``settings`` with the board file's tables read again, when it names a file that is
        still there (else as they are: the frozen values stand)."""
        if not isinstance(settings, dict):
            return settings
        path = _board_file(settings)
        if path is None or not Path(path).is_file():
            return settings
        return {**settings, VALUES: _read_board_values(path, "board file")}

    def missing_sources(self, settings: Any) -> list[str]:
        """The board file the settings name, when it is gone or is not a file."""
        path = _board_file(settings) if isinstance(settings, dict) else None
        return [str(path)] if path is not None and not Path(path).is_file() else []

    def imported(self, settings: Any) -> Any:
        """The settings of an imported export: the board file it names is the exporter's and
        is never read here, so its values must be in the export (``board_values``) and the
        link is cut (``board`` becomes none).

        :raises InvalidInputError: the export names a board file without its values.
        """
        path = _board_file(settings) if isinstance(settings, dict) else None
        if path is None:
            return settings
        if VALUES not in settings:
            from hyvekit.rules.common import InvalidInputError
            raise InvalidInputError("settings.board", path, "an export that carries its board "
                                    f"file's values ({VALUES}): an imported campaign never "
                                    "reads a file it names")
        return {**settings, "board": None}

    @staticmethod
    def components(settings: dict[str, Any]):
        """The board (the frozen ``board_values`` merged over the packaged board; for an older
        record, its ``board`` file read again; else the packaged board), season cards and solo
        cards a Bee Lives campaign is played with.

        :raises InvalidInputError: settings that are not a table, bad board values, a board
            file that is gone (an older record).
        """
        from hyvekit.data import beelives as data
        from hyvekit.rules.common import InvalidInputError
        if not isinstance(settings, dict):
            raise InvalidInputError("settings", settings, "a table")
        values = settings.get(VALUES)
        if values is not None:
            if not isinstance(values, dict):
                raise InvalidInputError(VALUES, values, "the board file's tables")
            board = data.board_from_values(values)
        elif _board_file(settings) is not None:
            path = _board_file(settings)
            _require_file(path)
            board = data.board(path)
        else:
            board = data.packaged_board()
        return data.campaign_components(board)


def _require_file(path: str) -> None:
    from hyvekit.rules.common import InvalidInputError
    if not Path(path).is_file():
        raise InvalidInputError("board file", path, "the board file this campaign was created "
                                "with (its values are not in the record yet): put it back at "
                                "that path")


def new_campaign_settings(settings: dict[str, Any]):
    """A new campaign's settings as its record keeps them: checked by the rules core, with the
    board file's values frozen in (read once here).

    :returns: ``(header settings, CampaignSettings, Components)``.
    :raises InvalidInputError: bad settings, an unreadable board file.
    """
    from hyvekit.rules.beelives import campaign as C
    adapter = BeeLivesCampaignAdapter()
    frozen = adapter.freeze(settings)
    comps = adapter.components(frozen)
    checked = C.settings_from_dict(rules_settings(frozen), comps)
    header = checked.to_dict()
    if VALUES in frozen:
        header[VALUES] = frozen[VALUES]
    return header, checked, comps


def table_engine():
    """The engine of a Bee Lives campaign at the table
    (:class:`~hyvekit.rules.beelives.engine.BeeLivesEngine`)."""
    from hyvekit.rules.beelives.engine import ENGINE
    return ENGINE


# --- the door from cli/ and render/ into Bee Lives's rules (hyvekit.games.facade) ---

#: what the faces take of the rules: name → the module of hyvekit.rules.beelives it is read from
RULES = {
    "COOL_WORKERS_PER_BEE": "actions",
    "FORAGE_DISEASE": "actions",
    "Forage": "actions",
    "REQUEEN_BEES": "actions",
    "forage_offer": "actions",
    "SIDES": "board",
    "TILE_TYPES": "board",
    "CampaignState": "campaign",
    "RANDOM": "campaign",
    "check_draw": "campaign",
    "draw_challenge": "campaign",
    "goals": "campaign",
    "hive_rows": "campaign",
    "next_step": "campaign",
    "settings_from_options": "campaign",
    "summary": "campaign",
    "SOLO_MODES": "campaign_settings",
    "decision": "engine",
    "BEE_VP": "endgame",
    "ELIGIBLE_BEES": "endgame",
    "HONEY_VP": "endgame",
    "PlayerEnd": "endgame",
    "TIE_BREAKERS": "endgame",
    "WINTER_MONTHS": "endgame",
    "WINTER_STEPS": "endgame",
    "check_claims": "endgame",
    "parse_player": "endgame",
    "score": "endgame",
    "solo_chart_rating": "endgame",
    "winter": "endgame",
    "winter_level": "endgame",
    "winter_points": "endgame",
    "JOIN_MONTH": "game",
    "MONTHS": "game",
    "SEASON_OF_MONTH": "game",
    "month_name": "game",
    "components": "hexgrid",
    "ACTIONS": "hive",
    "AGGRESSIVE_BEES_PER_STRENGTH": "hive",
    "CLEAN_BEES_SAVES": "hive",
    "HYGIENIC_RAID_DISEASE": "hive",
    "PLAYER_HIVES": "hive",
    "PROLIFIC_BROOD_PER_BEE": "hive",
    "RAID_DISEASE_DIVISOR": "hive",
    "parse_queen": "hive",
    "DARK_MARKS": "map_tiles",
    "TILE_LETTERS": "map_tiles",
    "FIRST_MONTH_SKIPS": "phases",
    "MONTH_PHASES": "phases",
    "SWARM_LOSS_DIVISOR": "phases",
    "DEFENDER_REDUCTION": "raids",
    "PlayerRaid": "raids",
    "RerollPolicy": "raids",
    "SACRIFICE_REDUCTION": "raids",
    "SUCCESS_DIVISOR": "raids",
    "WILD_STEAL_DISEASE": "raids",
    "WildRaid": "raids",
    "table_odds": "odds",
    "reroll_preview": "odds",
    "raid_odds": "raids",
    "raid_player_hive": "raids",
    "raid_wild_hive": "raids",
    "stated_attacker": "raids",
    "stated_defender": "raids",
    "GameRecord": "record",
    "is_month_file": "record",
    "parse_game": "record",
    "month_file_text": "record",
    "parse_month": "record",
    "replay": "record",
    "BASE_BROOD_PER_POLLEN": "seasons",
    "BASE_COOL_WATER_PER_BEE": "seasons",
    "BASE_WAX_HONEY_PER_BEE": "seasons",
    "CARDS_PER_SEASON": "seasons",
    "PER_WORKERS": "seasons",
    "SEASONS": "seasons",
    "cards_of": "seasons",
    "chart_effect": "seasons",
    "find_card": "seasons",
    "forage_modifiers": "seasons",
    "ChallengeCard": "solo",
    "MAX_YEARS": "solo",
    "ScenarioCard": "solo",
    "YEAR_VARIANTS": "solo",
    "view": "table_view",
    "BATTLE_CHANGE": "wild",
    "DEFENDER_BLOCKS": "wild",
    "FORAGE_GAIN": "wild",
    "PRIORITY": "wild",
    "RAID_MARGIN": "wild",
    "SACRIFICE_DEFENDING": "wild",
    "SACRIFICE_UNASSIGNED": "wild",
    "STEAL_GAIN": "wild",
    "Target": "wild",
    "WildSituation": "wild",
    "check_dormant": "wild",
    "wild_turn": "wild",
}
__getattr__ = rules_door(__name__, "hyvekit.rules.beelives", RULES)


def advisor_game():
    """What the advisor plays Bee Lives with (:class:`~hyvekit.games.advisor.AdvisorGame`):
    the table ``engine``, the default player's ``choose`` and ``ranked`` and the ``outcome``
    of a finished game (:mod:`hyvekit.rules.beelives.default_player`); ``is_choice``: the
    decisions a review weighs; ``horizon`` and ``exact_from``: where rollouts stop and when
    the luck left is enumerated (:mod:`hyvekit.rules.beelives.evaluation`).  Nothing is
    hidden from a player: the season cards not yet drawn are drawn afresh in each rollout."""
    from hyvekit.games.advisor import AdvisorGame
    from hyvekit.rules.beelives import default_player as DP
    from hyvekit.rules.beelives import evaluation as E
    from hyvekit.rules.beelives.engine import ENGINE
    return AdvisorGame("beelives", "campaign", "Bee Lives", "VP", ENGINE, DP.choose, DP.ranked,
                       DP.outcome, DP.is_choice, advisor_when, advisor_at,
                       advisor_players, horizon=E.horizon_for,
                       exact_from=E.last_decisions)


def advisor_players(t) -> list[str]:
    """The players of a Bee Lives campaign ``t``, in seat order."""
    return [p.name for p in t.game.players]


def advisor_when(t) -> str:
    """Where a Bee Lives campaign ``t`` is, for the advisor's review: "year 1 June"."""
    return f"year {t.game.year} {advisor_at(t)['month']}"


def advisor_at(t) -> dict:
    """Where a Bee Lives campaign ``t`` is, as data: ``{"year", "month"}`` (the month's
    name)."""
    from hyvekit.rules.beelives.game import month_name
    return {"year": t.game.year, "month": month_name(t.game.month)}
