"""Queen Bee deck set-up by player count.

Rulebook sections: Game Components ("93 playing cards"), Setup ("deal three cards to each
player"), Variant for 2 Players (cards removed), Variant for 5-6 Players ("Stuck in Honey"
removed; one extra card to the 2nd-4th players, two to the 5th and 6th).

Units: cards.  Seats are numbered from 1 (the first player) in turn order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hyvekit.rules.common import require_int
from hyvekit.rules.queenbee.tables import Card
from hyvekit.rules.values import dataclass

R_SETUP = "Queen Bee: Setup"
CARDS_DEALT = 3            # Setup: "deal three cards to each player"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class DeckSetup:
    """The deck for a player count.

    :ivar players: 2–6.
    :ivar composition: ``(card name, copies)`` in the packaged order, cards with 0 copies left out.
    :ivar removed: ``(card name, copies removed)`` by the variant for this player count.
    :ivar dealt: cards dealt at the start to seats 1..players, in cards.
    :ivar assumed_counts: names whose per-card count is hyvekit's assumption (the size is not).
    """

    players: int
    composition: tuple[tuple[str, int], ...]
    removed: tuple[tuple[str, int], ...]
    dealt: tuple[int, ...]
    assumed_counts: tuple[str, ...]
    kinds: tuple[tuple[str, str], ...] = ()

    @property
    def size(self) -> int:
        """Cards in the deck after the variant's removals, before dealing."""
        return sum(n for _, n in self.composition)

    @property
    def draw_pile(self) -> int:
        """Cards left in the stack after the opening deal."""
        return self.size - sum(self.dealt)

    def count(self, name: str) -> int:
        """Copies of card ``name`` in the deck."""
        return dict(self.composition).get(name, 0)

    def cards(self) -> list[str]:
        """Every card, one entry per copy, in composition order."""
        return [name for name, n in self.composition for _ in range(n)]

    def to_dict(self) -> dict[str, Any]:
        """The set-up as ``--json`` prints it."""
        kinds = dict(self.kinds)
        return {"players": self.players, "size": self.size,
                "composition": [{"card": n, "copies": c, "type": kinds.get(n),
                                 "count_assumed": n in self.assumed_counts}
                                for n, c in self.composition],
                "removed": [{"card": n, "copies": c} for n, c in self.removed],
                "dealt": [{"seat": i + 1, "cards": d} for i, d in enumerate(self.dealt)],
                "draw_pile": self.draw_pile}


def dealt_per_seat(players: int, variants: Mapping[str, Any]) -> tuple[int, ...]:
    """Cards each seat holds after set-up: 3 each; with 5–6 players +1 to seats 2–4 and +2 to
    seats 5–6 (Variant for 5-6 Players).

    :param variants: the ``[variants]`` table of ``queenbee.toml`` (each with ``players`` and
        optionally ``extra_cards_by_seat``, seat → cards).
    :raises InvalidInputError: players outside 2–6.
    """
    players = require_int("--players", players, MIN_PLAYERS, MAX_PLAYERS)
    extra: dict[int, int] = {}
    for v in variants.values():
        if players in v.get("players", []):
            extra.update({int(k): int(n) for k, n in v.get("extra_cards_by_seat", {}).items()})
    return tuple(CARDS_DEALT + extra.get(seat, 0) for seat in range(1, players + 1))


def deck_for(players: int, cards: Mapping[str, Card], variants: Mapping[str, Any]
             ) -> DeckSetup:
    """The deck for ``players`` (2–6): 93 cards; 2 players remove Ally 3, Pesticides 3,
    Nectar 3, Busy Bee 6, Downpour 3, Secret Move 1 (74 left); 5–6 players remove Stuck in
    Honey 3 (90 left).

    :param cards: the card table by name (:func:`~hyvekit.rules.queenbee.tables.cards_from_table`).
    :param variants: the ``[variants]`` table (cards removed by player count, ``remove``).
    :raises InvalidInputError: players outside 2–6.
    """
    players = require_int("--players", players, MIN_PLAYERS, MAX_PLAYERS)
    counts = {name: c.count for name, c in cards.items()}
    removed: list[tuple[str, int]] = []
    for v in variants.values():
        if players in v.get("players", []):
            for name, n in v["remove"].items():
                counts[name] -= int(n)
                removed.append((name, int(n)))
    composition = tuple((name, n) for name, n in counts.items() if n > 0)
    return DeckSetup(players, composition, tuple(removed), dealt_per_seat(players, variants),
                     tuple(n for n, c in cards.items() if c.assumed and counts[n] > 0),
                     tuple((n, c.kind) for n, c in cards.items()))


def shuffle_and_deal(setup: DeckSetup, rng: random.Random) -> tuple[tuple[tuple[str, ...], ...],
                                                                   tuple[str, ...]]:
    """Shuffle with the injected ``rng`` and deal (Setup): ``(hands by seat, draw pile)``.

    Cards are dealt one at a time around the table, three rounds, then the variant's extra
    cards to seats in order.
    """
    pile = setup.cards()
    rng.shuffle(pile)
    hands: list[list[str]] = [[] for _ in range(setup.players)]
    for _ in range(CARDS_DEALT):
        for h in hands:
            h.append(pile.pop())
    for seat, total in enumerate(setup.dealt):
        while len(hands[seat]) < total:
            hands[seat].append(pile.pop())
    return tuple(tuple(h) for h in hands), tuple(pile)
