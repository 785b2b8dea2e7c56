"""A Beez game in turns: storing on each player's honeycomb and the end of the game.

Implements rules/beez.txt, Gameplay (turns in order from the start player), Phase 3 via
:func:`hyvekit.rules.beez.honeycomb.settle_collected`, and Game End: "The game ends as soon as
one player has stored 12 or more nectar ... Continue playing until a complete round has been
played, so that all players have had the same number of turns."

Parsing, checking and applying are separate: :func:`check` raises, :func:`apply` returns the
next state, :func:`play` does both.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from hyvekit.rules.beez.honeycomb import (Chamber, Honeycomb, Layout, Nectar, StorageResult,
                                          settle_collected)
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import dataclass

R_END = "Beez: Game End"
R_TURN = "Beez: Gameplay"
END_TRIGGER = 12   # Game End: "stored 12 or more nectar in their honeycomb"
MAX_PLAYERS = 4    # Contents: "4 honeycombs", "4 bees with beehives in the player colors"
# Gameplay: "Each turn consists of the following three phases" (their headings).
PHASES = ("Flight plan", "Flying and collecting nectar", "Storing nectar and making honey")


@dataclass(frozen=True)
class Turn:
    """One player's turn after flying.

    :ivar distance: the flight distance (spaces) just completed; None when no nectar was
        collected (Phase 3 is skipped).
    :ivar collected: the nectar taken in Phase 2.
    :ivar placements: ``(nectar, chamber)`` in the order stored.
    """

    distance: int | None = None
    collected: tuple[Nectar, ...] = ()
    placements: tuple[tuple[Nectar, Chamber], ...] = ()


@dataclass(frozen=True)
class BeezGame:
    """The players' honeycombs and how far the game has gone.

    :ivar players: names in turn order, the start player first.
    :ivar turns: turns taken so far by all players together.
    :ivar trigger_round: the round (1-based) in which someone first reached 12 nectar.
    """

    players: tuple[str, ...]
    boards: tuple[Honeycomb, ...]
    expert: bool = False
    turns: int = 0
    trigger_round: int | None = None
    last_result: StorageResult | None = None

    @property
    def round(self) -> int:
        """The round being played (1-based)."""
        return self.turns // len(self.players) + 1

    @property
    def current(self) -> int:
        """Index of the player whose turn it is."""
        return self.turns % len(self.players)

    @property
    def over(self) -> bool:
        """True once the round in which someone reached 12 nectar is complete."""
        return self.trigger_round is not None and self.turns % len(self.players) == 0

    def turns_taken(self) -> tuple[int, ...]:
        """Turns each player has had."""
        n = len(self.players)
        return tuple(self.turns // n + (1 if i < self.turns % n else 0) for i in range(n))


def game_ended(honeycombs: Sequence[Honeycomb]) -> bool:
    """Whether the end of the game is triggered (Game End: a player has "stored 12 or more
    nectar in their honeycomb", :data:`END_TRIGGER`)."""
    return any(h.count >= END_TRIGGER for h in honeycombs)


def new_game(players: Sequence[str], layout: Layout, expert: bool = False) -> BeezGame:
    """A game with empty honeycombs; ``players`` in turn order from the start player.

    :raises InvalidInputError: not 2–4 players (Contents: 4 honeycombs), or a repeated name
        (case not counted).
    """
    names = tuple(str(p).strip() for p in players)
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise InvalidInputError("players", len(names), f"2 to {MAX_PLAYERS} players")
    if len({n.casefold() for n in names}) != len(names):     # steps name players in any case
        raise InvalidInputError("players", ",".join(names),
                                "different names (not only in upper and lower case)")
    return BeezGame(names, tuple(Honeycomb(layout) for _ in names), expert)


def check(game: BeezGame, turn: Turn) -> StorageResult:
    """Check ``turn`` for the current player and return what Phase 3 gives.

    :raises IllegalActionError: ``R_END`` when the game is over; the storing rules' errors.
    """
    if game.over:
        raise IllegalActionError(R_END, f"the game ended after round {game.round - 1}: every "
                                 f"player has had {game.turns_taken()[0]} turns; score it now",
                                 expected="scoring", given="another turn")
    board = game.boards[game.current]
    if turn.distance is None:
        if turn.collected or turn.placements:
            raise IllegalActionError(R_TURN, "nectar stored without a flight distance",
                                     expected="the flight distance", given=None)
        return StorageResult(board, (), ())
    return settle_collected(board, turn.collected, turn.distance, turn.placements, game.expert)


def apply(game: BeezGame, turn: Turn, result: StorageResult | None = None) -> BeezGame:
    """The game after ``turn`` (unchecked when ``result`` is given)."""
    result = result or check(game, turn)
    boards = list(game.boards)
    boards[game.current] = result.honeycomb
    trigger = game.trigger_round
    if trigger is None and result.honeycomb.count >= END_TRIGGER:
        trigger = game.round
    return replace(game, boards=tuple(boards), turns=game.turns + 1, trigger_round=trigger,
                   last_result=result)


def play(game: BeezGame, turn: Turn) -> BeezGame:
    """Checked :func:`apply`."""
    return apply(game, turn, check(game, turn))
