"""Hyve Legacy runs as campaign records (:mod:`hyvekit.rules.hyve.legacy`).

A run's settings keep the whole legacy sheet it is played on (``sheet``: its values, from the
packaged table or the player's ``--sheets`` file) with its colours and mode, so a run replays
the same without any file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class HyveLegacyAdapter:
    """Hyve Legacy runs (``hyvekit/rules/hyve/legacy.py``)."""

    game, kind, label = "hyve", "legacy", "Hyve Legacy run"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.hyve import legacy
        return legacy.state_from_settings(settings)

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.hyve.table_record import play_legacy_event
        return play_legacy_event(state, event_type, data)

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
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
    steps."""

    game, kind, label = "hyve", "scenario", "HYVE scenario"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.hyve.table_record import table_from_settings
        return table_from_settings(settings)

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.common import InvalidInputError
        from hyvekit.rules.hyve.table_record import STEP, play_scenario_step
        if event_type != STEP:
            raise InvalidInputError("event type", event_type, "step")
        return play_scenario_step(state, data)

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        return f"step: {data.get('do')}"

    def summary(self, state) -> dict[str, Any]:
        s = state.now
        return {"mode": s.sheet.mode, "turn": s.turn, "status": s.status,
                "hp": s.hp_label, "population": s.population,
                "hyves_completed": s.hyves_completed, "steps": len(state.steps)}


def load_scenario_record(campaigns_dir: str | Path, scenario_id: str):
    """``(Record, Table)`` of a HYVE scenario played at the table.

    :raises InvalidInputError: the campaign is not a HYVE scenario.
    """
    from hyvekit.games import record_of
    return record_of(campaigns_dir, scenario_id, "hyve", "scenario", "--scenario",
                     "the id of a HYVE scenario (hyvekit hyve new)")


def load_legacy_record(campaigns_dir: str | Path, run_id: str):
    """``(Record, LegacyState)`` of a Hyve Legacy run, read and replayed once.

    :raises InvalidInputError: the campaign is not a Hyve Legacy run.
    """
    from hyvekit.games import record_of
    return record_of(campaigns_dir, run_id, "hyve", "legacy", "run",
                     "the id of a Hyve Legacy run")


def load_legacy_state(campaigns_dir: str | Path, run_id: str):
    """``(header, LegacyState)`` of a Hyve Legacy run (for printing pre-filled sheets).

    :raises InvalidInputError: the campaign is not a Hyve Legacy run.
    """
    record, state = load_legacy_record(campaigns_dir, run_id)
    return record.header, state


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
