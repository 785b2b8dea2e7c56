"""Which rules core replays which kind of campaign record.

A record header names ``game`` and ``kind``; its adapter gives the state at the start
(:meth:`initial_state`), replays and validates each event (:meth:`play`), describes events for
history tables and summarises a state for ``campaign show``.  Adding a game means adding an
adapter here; the store itself knows no game rules.
"""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any, Protocol


class GameAdapter(Protocol):
    """How the store talks to one game's rules core."""

    game: str
    kind: str
    label: str

    def initial_state(self, settings: dict[str, Any]) -> Any:
        """State before any event. :raises InvalidInputError: bad settings."""

    def play(self, state: Any, event_type: str, data: dict[str, Any]) -> Any:
        """Check and apply one event. :raises IllegalActionError, InvalidInputError."""

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        """One line for a history table."""

    def summary(self, state: Any) -> dict[str, Any]:
        """A JSON-able summary of a state (for ``campaign show`` and ``list``)."""


def event_result(adapter: GameAdapter, state: Any) -> dict[str, Any]:
    """What an event led to, as stored with the event and compared by ``campaign check``.

    An adapter may define ``result(state)`` (a smaller view); otherwise its summary is used.
    """
    result = getattr(adapter, "result", None)
    return jsonable(result(state) if result is not None else adapter.summary(state))


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


class QueenBeeMatchesAdapter:
    """Queen Bee match logs (``hyvekit/rules/queenbee/matches.py``)."""

    game, kind, label = "queenbee", "matches", "Queen Bee match log"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.queenbee import matches
        return matches.state_from_settings(settings)

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.queenbee import matches
        return matches.play(state, matches.parse_event(event_type, data))

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        from hyvekit.rules.queenbee import matches
        return matches.describe_event(event_type, data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.queenbee.matches import summary
        return summary(state)


ADAPTERS: dict[tuple[str, str], GameAdapter] = {
    ("hyve", "legacy"): HyveLegacyAdapter(),
    ("queenbee", "matches"): QueenBeeMatchesAdapter(),
}


def adapter_for(game: str, kind: str) -> GameAdapter:
    """The adapter for a record's ``game``/``kind``.

    :raises InvalidInputError: no adapter (lists the known ones).
    """
    from hyvekit.rules.common import InvalidInputError
    try:
        return ADAPTERS[(game, kind)]
    except KeyError:
        known = ", ".join(f"{g}/{k}" for g, k in ADAPTERS)
        raise InvalidInputError("campaign game/kind", f"{game}/{kind}", f"one of {known}") from None


def jsonable(value: Any) -> Any:
    """Dataclasses, tuples and frozensets → plain JSON types."""
    if is_dataclass(value) and not isinstance(value, type):
        return jsonable(asdict(value))
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return value
