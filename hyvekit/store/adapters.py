"""How the store talks to a game's rules, without knowing any game.

A record header names ``game`` and ``kind``; the :class:`CampaignStore
<hyvekit.store.campaigns.CampaignStore>` is given the adapters it may use, by ``(game, kind)``
(the games hyvekit knows are registered in :mod:`hyvekit.games`).  An adapter gives the state
at the start (:meth:`~GameAdapter.initial_state`), replays and validates each event
(:meth:`~GameAdapter.play`), describes events for history tables and summarises a state.

Optional hooks an adapter may define (the store uses them when present):

* ``result(state)`` — a smaller view of a state, stored with each event and compared by
  ``check`` (default: the summary);
* ``freeze(settings)`` — the settings with every value the campaign is played with copied in
  (for instance the contents of a player's file the settings name), so that a record replays
  the same without the file.  Called when a record is created, and before the first write to a
  record created without them;
* ``current_settings(settings)`` — the settings with those values read again from where they
  came from (the player's file, if it is still there), for ``check`` and ``adopt``;
* ``missing_sources(settings)`` — the files the settings name that are not there (or are not
  files): ``adopt`` refuses to take values from them;
* ``imported(settings)`` — the settings of a record imported from an export, with every link to
  a file cut: the files an export names are the exporter's, and a crafted export must not make
  hyvekit read a file of this computer (``/etc/passwd`` as a board file).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, is_dataclass
from typing import Any, Protocol

from hyvekit.rules.common import InvalidInputError


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


Games = Mapping[tuple[str, str], GameAdapter]


def adapter_in(games: Games, game: str, kind: str) -> GameAdapter:
    """The adapter for a record's ``game``/``kind`` among ``games``.

    :raises InvalidInputError: no such adapter (lists the known ones).
    """
    try:
        return games[(game, kind)]
    except KeyError:
        known = ", ".join(f"{g}/{k}" for g, k in games)
        raise InvalidInputError("campaign game/kind", f"{game}/{kind}", f"one of {known}") from None


def freeze(adapter: GameAdapter, settings: Any) -> Any:
    """``settings`` with the values they name copied in (the adapter's ``freeze``; as they are
    when it has none)."""
    hook = getattr(adapter, "freeze", None)
    return settings if hook is None else hook(settings)


def current_settings(adapter: GameAdapter, settings: Any) -> Any:
    """``settings`` with their values read again from where they came from (the adapter's
    ``current_settings``; as they are when it has none)."""
    hook = getattr(adapter, "current_settings", None)
    return settings if hook is None else hook(settings)


def missing_sources(adapter: GameAdapter, settings: Any) -> list[str]:
    """The files ``settings`` take values from that are gone (the adapter's
    ``missing_sources``; none when it has none)."""
    hook = getattr(adapter, "missing_sources", None)
    return [] if hook is None else list(hook(settings))


def imported(adapter: GameAdapter, settings: Any) -> Any:
    """``settings`` of an imported record with their links to files cut (the adapter's
    ``imported``; as they are when it has none).

    :raises InvalidInputError: the export names a file whose values it does not carry.
    """
    hook = getattr(adapter, "imported", None)
    return settings if hook is None else hook(settings)


def event_result(adapter: GameAdapter, state: Any) -> dict[str, Any]:
    """What an event led to, as stored with the event and compared by ``campaign check``.

    An adapter may define ``result(state)`` (a smaller view); otherwise its summary is used.
    """
    result = getattr(adapter, "result", None)
    return jsonable(result(state) if result is not None else adapter.summary(state))


def jsonable(value: Any) -> Any:
    """Dataclasses, tuples and frozensets → plain JSON types."""
    if is_dataclass(value) and not isinstance(value, type):
        return jsonable(asdict(value))
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return value
