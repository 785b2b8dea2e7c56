"""Queen Bee records: match logs (:mod:`hyvekit.rules.queenbee.matches`) and matches played
at the table, turn by turn (:mod:`hyvekit.rules.queenbee.engine`).

A match's settings: the rules core's (``players``, ``skills``, see
:func:`~hyvekit.rules.queenbee.match_table.setup_from_settings`) and, frozen when the match
is made so that it replays the same without the file, the board (``board``: the table of the
packaged board or of the player's ``--board FILE``, ``board_file`` its path).  Events:
``step`` ``{"do": NOTATION, "by": PLAYER}``, one per step pushed (``by``: the player whose
decision it answered, left out when the step names its player; records made before it have
none).
"""

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


def match_setup(settings: dict[str, Any]):
    """The :class:`~hyvekit.rules.queenbee.match_table.Setup` of a match record's settings.

    :raises InvalidInputError: bad settings, a board that does not check.
    """
    from hyvekit.data import queenbee as tables
    from hyvekit.rules.common import InvalidInputError
    from hyvekit.rules.queenbee.deck import deck_for
    from hyvekit.rules.queenbee.match_table import setup_from_settings
    from hyvekit.rules.queenbee.spaces import board_from_table
    if not isinstance(settings, dict):
        raise InvalidInputError("settings", settings, "a table")
    raw = settings.get("board")
    board = tables.packaged_board() if raw is None else board_from_table(
        raw, str(settings.get("board_file") or "the match's board"))
    players = settings.get("players")
    count = len(players) if isinstance(players, list) else 0
    if not 2 <= count <= 6:
        raise InvalidInputError("players", count, "2 to 6 players (Object of the Game)")
    return setup_from_settings(settings, board, deck_for(count, tables.cards(),
                                                         tables.variants()),
                               tables.dice(), tables.cards())


class QueenBeeMatchAdapter:
    """A Queen Bee match played turn by turn (``hyvekit queenbee new -p/next/do``)."""

    game, kind, label = "queenbee", "match", "Queen Bee match"

    def initial_state(self, settings: dict[str, Any]):
        return table_engine().new(match_setup(settings))

    def play(self, state, event_type: str, data: dict[str, Any]):
        from hyvekit.rules.common import InvalidInputError
        if event_type != "step" or not isinstance(data, dict) or not isinstance(
                data.get("do"), str):
            raise InvalidInputError("event", event_type, "a step {\"do\": NOTATION}")
        return table_engine().push(state, data["do"])

    def describe(self, event_type: str, data: dict[str, Any]) -> str:
        return named_step(data) if isinstance(data, dict) else str(data)

    def summary(self, state) -> dict[str, Any]:
        from hyvekit.rules.queenbee.turns import result
        v = table_engine().view(state)
        return {"turn": v["turn"], "over": v["phase"] == "over",
                "players": {p["name"]: {"bees": p["bees"], "hand": p["hand"],
                                        "queen": p["queen"]} for p in v["players"]},
                **(result(state) if v["phase"] == "over" else {})}


def step_event(engine: Any, before: Any, after: Any) -> dict[str, Any]:
    """The data of a match's ``step`` event (for :func:`~hyvekit.games.table.apply_steps`):
    ``{"do": STEP}`` and, unless the step names its player already (a sudden card: ``Cy:
    play dont-buzz``), ``"by"``: the player whose decision it answered, so the step reads
    with its player's name (:func:`named_step`)."""
    step = engine.last_step(after)
    actor = engine.pending(before).actor
    who, sep, _ = step.partition(":")
    named = bool(sep) and who.strip().casefold() in {p.casefold() for p in before.players}
    return {"do": step, **({"by": actor} if actor and not named else {})}


def named_step(data: dict[str, Any]) -> str:
    """A ``step`` event's step with the player who took it where the event names one
    (:func:`step_event`'s ``by``): ``Ann: keep`` for ``{"do": "keep", "by": "Ann"}``; else
    the step alone."""
    step = str(data.get("do", ""))
    by = data.get("by")
    return f"{by}: {step}" if isinstance(by, str) and by and step else step


def table_engine():
    """The engine of a Queen Bee match at the table
    (:class:`~hyvekit.rules.queenbee.engine.QueenBeeEngine`)."""
    from hyvekit.rules.queenbee.engine import ENGINE
    return ENGINE


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
    "SKILL_MODES": "match_table",
    "steps_shown": "match_table",
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
    "played_match": "turns",
    "result": "turns",
}
__getattr__ = rules_door(__name__, "hyvekit.rules.queenbee", RULES)
