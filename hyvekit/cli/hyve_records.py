"""A Hyve Legacy run's record read for a command (``hyve legacy ...``, ``hyve play``,
``hyve export-turns``, ``print sheet hyve --run``), refused in HYVE's words when the id is
another kind of record (:func:`hyvekit.games.record_of`, as every game's commands read theirs).
"""

from __future__ import annotations

from pathlib import Path


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
