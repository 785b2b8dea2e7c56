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


class BeeLivesCampaignAdapter:
    """Bee Lives campaigns (``hyvekit/rules/beelives/campaign.py``): standard, multi-year and
    solo games logged month by month.  The board file named in the settings (if any) is read
    on every replay, so ``campaign check`` sees a changed board value."""

    game, kind, label = "beelives", "campaign", "Bee Lives campaign"

    def initial_state(self, settings: dict[str, Any]):
        from hyvekit.rules.beelives import campaign as C
        comps = self.components(settings)
        return C.new_campaign(C.settings_from_dict(settings, comps), comps)

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

    @staticmethod
    def components(settings: dict[str, Any]):
        """The board (the settings' ``board`` file, else the packaged one), season cards and solo
        cards a Bee Lives campaign is played with.

        :raises InvalidInputError: settings that are not a table, an unreadable board file.
        """
        from hyvekit.data.beelives import board as load_board
        from hyvekit.data.beelives import campaign_components
        from hyvekit.rules.common import InvalidInputError
        if not isinstance(settings, dict):
            raise InvalidInputError("settings", settings, "a table")
        path = settings.get("board")
        if isinstance(path, str):
            from pathlib import Path
            if not Path(path).is_file():
                raise InvalidInputError("board file", path, "the board file this campaign was "
                                        "created with (read again on every replay): put it back "
                                        "at that path")
            board = load_board(path)
        else:
            board = load_board(None)
        return campaign_components(board)


ADAPTERS: dict[tuple[str, str], GameAdapter] = {
    ("hyve", "legacy"): HyveLegacyAdapter(),
    ("queenbee", "matches"): QueenBeeMatchesAdapter(),
    ("beelives", "campaign"): BeeLivesCampaignAdapter(),
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
