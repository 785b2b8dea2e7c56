"""Hyve Legacy runs as campaign records (:mod:`hyvekit.rules.hyve.legacy`).

A run's settings keep the whole legacy sheet it is played on (``sheet``: its values, from the
packaged table or the player's ``--sheets`` file) with its colours and mode, so a run replays
the same without any file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hyvekit.games.facade import rules_door
from hyvekit.store.campaigns import HINT


def _hint_words(data: Any) -> str:
    """A ``hint`` event in a record's history: "hint shown to player (assign decision)"."""
    return f"hint shown to {data.get('player')} ({data.get('decision')} decision)"


class HyveLegacyAdapter:
    """Hyve Legacy runs (``hyvekit/rules/hyve/legacy.py``): the ledger's events, the steps of
    a scenario played at the table and ``hint`` ``{"player": NAME, "decision": KIND}``, the
    advisor's hint shown for the decision due in the current scenario (docs/advisor.md; it
    changes nothing)."""

    game, kind, label = "hyve", "legacy", "Hyve Legacy run"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.hyve import legacy
        return legacy.state_from_settings(settings)

    def play(self, state, event_type: str, data: dict[str, Any]):
        if event_type == HINT:
            from hyvekit.rules.hyve.advice import check_run_hint
            check_run_hint(state, data)
            return state
        from hyvekit.rules.hyve.table_record import play_legacy_event
        return play_legacy_event(state, event_type, data)

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        if event_type == HINT and isinstance(data, dict):
            return _hint_words(data)
        if event_type == "step":
            return f"step: {data.get('do')}"
        from hyvekit.rules.hyve import legacy
        return legacy.describe_event(event_type, data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.hyve.legacy import legacy_summary
        out = legacy_summary(state)
        if state.table is not None:
            out["steps_at_table"] = len(state.table.steps)
        return out


class HyveScenarioAdapter:
    """A HYVE scenario played at the table outside a legacy run
    (:mod:`hyvekit.rules.hyve.table_record`): settings ``{"sheet", "colours"}``, events its
    steps and ``hint`` ``{"player": NAME, "decision": KIND}``, the advisor's hint shown for
    the decision due (docs/advisor.md; it changes nothing)."""

    game, kind, label = "hyve", "scenario", "HYVE scenario"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.hyve.table_record import table_from_settings
        return table_from_settings(settings)

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.common import InvalidInputError
        from hyvekit.rules.hyve.table_record import STEP, play_scenario_step
        if event_type == HINT:
            from hyvekit.rules.hyve.advice import check_hint
            check_hint(state, data)
            return state
        if event_type != STEP:
            raise InvalidInputError("event type", event_type, "step or hint")
        return play_scenario_step(state, data)

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        if event_type == HINT and isinstance(data, dict):
            return _hint_words(data)
        return f"step: {data.get('do')}"

    def summary(self, state) -> dict[str, Any]:
        s = state.now
        return {"mode": s.sheet.mode, "turn": s.turn, "status": s.status,
                "hp": s.hp_label, "population": s.population,
                "hyves_completed": s.hyves_completed, "steps": len(state.steps)}


# --- at the table ------------------------------------------------------------------------

def scenario_engine():
    """The engine of a HYVE scenario outside a run
    (:class:`~hyvekit.rules.hyve.engine.HyveScenarioEngine`)."""
    from hyvekit.rules.hyve.engine import SCENARIO
    return SCENARIO


def legacy_engine(sheets: str | Path | None = None):
    """The engine of a Hyve Legacy run at the table
    (:class:`~hyvekit.rules.hyve.engine.HyveLegacyEngine`): a scenario's first step is set
    up on the sheet of its mode from the booklet (the packaged sheets, or ``sheets``)."""
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.rules.hyve.engine import HyveLegacyEngine
    return HyveLegacyEngine(lambda mode: sheet_definition(mode, sheets))


def legacy_step_event(sheets: str | Path | None = None):
    """The data of a legacy run's ``step`` event (for
    :func:`~hyvekit.games.table.apply_steps`): ``{"do": STEP}``, and on a scenario's first
    step the sheet it is played on (``"sheet"``: its table, so the run replays without the
    booklet's file)."""
    def event(engine, before, after) -> dict[str, Any]:
        data: dict[str, Any] = {"do": engine.last_step(after)}
        if before.table is None:
            from hyvekit.data.hyve import sheet_table
            t = after.table if after.table is not None else after.played_tables[-1][1]
            data["sheet"] = sheet_table(t.start.sheet.id, sheets)
        return data
    return event


def check_legacy_step(record, state) -> None:
    """Before a legacy scenario's first step: no courier bees logged by hand for it
    (ruling R21; :func:`~hyvekit.rules.hyve.legacy_play.check_no_logged_couriers`).

    :raises IllegalActionError: they were.
    """
    if state.table is None:
        from hyvekit.rules.hyve.legacy_play import check_no_logged_couriers
        check_no_logged_couriers(state, record.active, record.header["id"])


# --- the door from cli/ and render/ into HYVE and Hyve Legacy's rules (hyvekit.games.facade) ---

#: what the faces take of the rules: name → the module of hyvekit.rules.hyve it is read from
RULES = {
    "DIE_MAX": "hp",
    "DIE_MIN": "hp",
    "describe": "hp",
    "move_hp": "hp",
    "BEE_TYPES": "legacy",
    "BuyBread": "legacy",
    "BuyResources": "legacy",
    "Courier": "legacy",
    "HONEY_PER_HYVE": "legacy",
    "HP_POSITIONS_PER_HONEY": "legacy",
    "LegacySheet": "legacy",
    "LegacyState": "legacy",
    "POPULATION_PER_HONEY": "legacy",
    "RESOURCES_PER_HONEY": "legacy",
    "RESOURCE_KINDS": "legacy",
    "RESOURCE_LABELS": "legacy",
    "Result": "legacy",
    "SCENARIOS": "legacy",
    "START_BREAD_LEVEL": "legacy",
    "Shop": "legacy",
    "StartScenario": "legacy",
    "SwitchEasy": "legacy",
    "WILD": "legacy",
    "action_to_event": "legacy",
    "affordable": "legacy",
    "apply": "legacy",
    "check": "legacy",
    "check_honey_claim": "legacy",
    "cost": "legacy",
    "courier_claim": "legacy",
    "describe_event": "legacy",
    "honey_earned": "legacy",
    "honey_spent": "legacy",
    "legacy_summary": "legacy",
    "new_legacy": "legacy",
    "parse_bee": "legacy",
    "parse_bread_type": "legacy",
    "parse_event": "legacy",
    "parse_purchases": "legacy",
    "perk_label": "legacy",
    "play": "legacy",
    "purchase_to_dict": "legacy",
    "scenario_limits": "legacy",
    "scenario_mode": "legacy",
    "state_from_settings": "legacy",
    "apply_play": "legacy_play",
    "check_no_logged_couriers": "legacy_play",
    "legacy_actions": "legacy_play",
    "needs_cross_out": "legacy_play",
    "play_dict": "legacy_play",
    "play_record": "legacy_play",
    "preview": "legacy_play",
    "run_mode": "legacy_play",
    "mode_named": "legacy_run",
    "most_marks": "long_live_the_queen",
    "CORONATION_MARGIN": "modes",
    "DIE_VALUES": "modes",
    "LIGHT_ATTACKS": "modes",
    "TURBO_FACTOR": "modes",
    "face_text": "notation",
    "BREAD_BELOW": "phases",
    "BREAD_HP": "phases",
    "MIGRATORY_HP": "phases",
    "PROPORTION": "phases",
    "RESILIANCE_HP": "phases",
    "TENACITY_REDUCTION": "phases",
    "VIGOROUS_HP": "phases",
    "check_claims": "record",
    "dump_record": "record",
    "replay": "record",
    "report_dict": "record",
    "BESEECH_TIMES": "scenario",
    "FECUNDITY_LARVA": "scenario",
    "FLY_DRONES_FACTOR": "scenario",
    "PERKS": "scenario",
    "REPURPOSE_WILD_MAX": "scenario",
    "COLOURLESS": "scoring",
    "DEEP_STORES_MINIMUM": "scoring",
    "HEXES": "scoring",
    "LARVA": "scoring",
    "NECTAR": "scoring",
    "ROW_LENGTHS": "scoring",
    "ROW_NAMES": "scoring",
    "best_excision": "scoring",
    "cell_name": "scoring",
    "check_claim": "scoring",
    "parse_hyve": "scoring",
    "score_hyve": "scoring",
    "BREAD_MAX": "sheets",
    "BUILDER_SHAPE_HEXES": "sheets",
    "HYVES": "sheets",
    "JELLIES": "sheets",
    "OFFENSIVE_MAX": "sheets",
    "REWARDS": "sheets",
    "SheetDefinition": "sheets",
    "pending": "table_decision",
    "progress": "table_view",
    "view": "table_view",
    "new_events": "table_words",
    "scenario_account": "table_words",
    "STEP": "table_record",
    "legacy_decision": "table_record",
    "legacy_table": "table_record",
    "logged_event": "table_record",
    "play_legacy_event": "table_record",
    "scenario_settings": "table_record",
    "scenario_table": "table_record",
}
__getattr__ = rules_door(__name__, "hyvekit.rules.hyve", RULES)


def advisor_game():
    """What the advisor plays a HYVE scenario with (:class:`~hyvekit.games.advisor.AdvisorGame`):
    the scenario's table ``engine`` listing a die decision's outcomes
    (:data:`~hyvekit.rules.hyve.advice.ADVISED`), the default player's ``choose`` and
    ``ranked``, the ``outcome`` of a finished scenario (honey, won)
    (:mod:`hyvekit.rules.hyve.default_player`); ``is_choice``: the decisions a review
    weighs.  A legacy run's current scenario: :func:`legacy_advisor_game`."""
    from hyvekit.games.advisor import AdvisorGame
    from hyvekit.rules.hyve import default_player as DP
    from hyvekit.rules.hyve.advice import ADVISED, is_choice
    return AdvisorGame("hyve", "scenario", "HYVE", "honey", ADVISED, DP.choose, DP.ranked,
                       DP.outcome, is_choice, advisor_when, advisor_at, advisor_players)


def legacy_advisor_game():
    """What the advisor plays a Hyve Legacy run's current scenario with: the scenario's
    (:func:`advisor_game`) on the run's scenario table
    (:func:`~hyvekit.rules.hyve.advice.scenario_table`, a scenario not begun set up on the
    packaged sheet of its mode); a review weighs one scenario of the run, by default the
    current one, else the last played at the table (``at``: ``{"scenario", "turn"}``)."""
    from dataclasses import replace
    return replace(advisor_game(), table=run_table, when=run_when, at=run_at,
                   part=run_part)


def run_table(state):
    """The scenario table the advisor plays in a run's ``state`` (a table as it is)."""
    from hyvekit.rules.hyve.advice import scenario_table as advised_table
    return advised_table(state, legacy_engine())


def run_when(run) -> str:
    """Where a run's current scenario is, for the advisor's review: "scenario 2, turn 3"."""
    return f"scenario {run.scenario}, {advisor_when(run_table(run))}"


def run_at(run) -> dict:
    """Where a run's current scenario is, as data: ``{"scenario", "turn"}``."""
    return {"scenario": run.scenario, **advisor_at(run_table(run))}


def run_part(run) -> dict:
    """The scenario of a run a review weighs unless told: the one at the table, else the
    last played there (``{"scenario": N}``; ``{}`` before any)."""
    if run.table is not None:
        return {"scenario": run.scenario}
    return {"scenario": run.played_tables[-1][0]} if run.played_tables else {}


def advisor_when(t) -> str:
    """Where a HYVE scenario ``t`` is, for the advisor's review: "turn 3"."""
    return f"turn {t.now.turn}"


def advisor_at(t) -> dict:
    """Where a HYVE scenario ``t`` is, as data: ``{"turn"}``."""
    return {"turn": t.now.turn}


def advisor_players(t) -> list[str]:
    """The player of a HYVE scenario (played alone): the table's ``player``."""
    return ["player"]
