"""Queen Bee match logs as campaign records (:mod:`hyvekit.rules.queenbee.matches`)."""

from __future__ import annotations

from typing import Any


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
