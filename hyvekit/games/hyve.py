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
        from hyvekit.rules.hyve import legacy
        return legacy.play(state, legacy.parse_event(event_type, data))

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        from hyvekit.rules.hyve import legacy
        return legacy.describe_event(event_type, data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.hyve.legacy import legacy_summary
        return legacy_summary(state)


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
