"""Queen Bee match logs as campaign records (:mod:`hyvekit.rules.queenbee.matches`)."""

from __future__ import annotations

from typing import Any

from hyvekit.games.facade import rules_door


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


# --- the door from cli/ and render/ into Queen Bee's rules (hyvekit.games.facade) ---

#: what the faces take of the rules: name → the module of hyvekit.rules.queenbee it is read from
RULES = {
    "Battle": "battle",
    "battle_from_dict": "battle",
    "check_battle": "battle",
    "check_stated_winner": "battle",
    "parse_bees": "battle",
    "parse_dice": "battle",
    "parse_play": "battle",
    "parse_space": "battle",
    "BEES_PER_SPACE": "board",
    "HAND_LIMIT": "board",
    "LARVA_SPACES": "board",
    "MAX_BEES": "board",
    "QUEENS": "board",
    "SETUP_ROW": "board",
    "SPACE_TYPES": "board",
    "WARRIORS": "board",
    "WORKERS": "board",
    "CARDS_DEALT": "deck",
    "MIN_PLAYERS": "deck",
    "dealt_per_seat": "deck",
    "deck_for": "deck",
    "MAX_PLAYERS": "matches",
    "MAX_SKILLS": "matches",
    "Match": "matches",
    "action_to_event": "matches",
    "check": "matches",
    "check_roster": "matches",
    "describe_event": "matches",
    "new_log": "matches",
    "parse_event": "matches",
    "standings": "matches",
    "summary": "matches",
    "ODDS_CARDS": "odds",
    "attack_odds": "odds",
    "BLACK": "tables",
    "MAXIMUM": "tables",
    "YELLOW": "tables",
}
__getattr__ = rules_door(__name__, "hyvekit.rules.queenbee", RULES)
