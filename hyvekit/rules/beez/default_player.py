"""The Beez default player (docs/advisor.md, "Beez"): a fast policy over the legal steps of
the decision due at the table (:mod:`hyvekit.rules.beez.table`), for the advisor's rollouts and
its benchmark.

Without the flower field hyvekit does not know where a bee can fly: a flight is the distance
flown and the nectar taken, as the player states them (:func:`~.table.fly_options`).  The
default player takes what fills its honeycomb best:

* a flight: each flight's nectar stored greedily (below) and the honeycomb then scored on the
  cards the player may see (the common ones and its own secret ones, when the table holds
  them), a card that asks for rows filled counting the share filled so far (squared, at
  :data:`PARTIAL`), and one more honey drop for each nectar stored (the counting track ends
  the game); the flight of the greatest worth, the first listed among equals; ``empty``
  only when nothing can be stored;
* storing: the chamber that leaves the honeycomb the greatest worth;
* a card revealed or a card's value entered (facts of the table): any legal one, drawn with
  the ``rng`` given.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from hyvekit.rules.beez import table as T
from hyvekit.rules.beez.honeycomb import (ROW_LENGTHS, Chamber, Honeycomb, Nectar, parse_chamber,
                                          parse_nectar)
from hyvekit.rules.beez.objectives import objective_rows, score_player
from hyvekit.rules.table import Decision

#: the honey drops a nectar stored is worth beyond the cards (the track to the game's end)
NECTAR = 1.0
#: the share of a rows card's honey counted for rows not yet filled, times the share filled
#: squared
PARTIAL = 0.7


def worth(t: T.Table, name: str) -> float:
    """What ``name``'s honeycomb is worth at ``t``: its honey drops on the cards it may see,
    a rows card not yet met counted in part (:data:`PARTIAL`), plus :data:`NECTAR` a nectar
    stored."""
    i = t.setup.players.index(name)
    hc = T.honeycomb_now(t) if t.flight is not None and t.game.current == i else t.game.boards[i]
    return _comb_worth(hc, _seen_cards(t, i))


def _seen_cards(t: T.Table, i: int) -> tuple:
    """The cards player ``i`` scores that hyvekit can score: the common ones and their own
    secret ones (when the table holds them)."""
    return tuple(c for c in t.setup.common + (t.secret[i] or ()) if c.described)


@functools.lru_cache(maxsize=16_384)
def _comb_worth(hc: Honeycomb, cards: tuple) -> float:
    """:func:`worth` of the honeycomb ``hc`` on ``cards``, each worked out once in a while
    (the rollouts of a hint play the same honeycombs again and again)."""
    value = score_player("", hc, cards).total + NECTAR * hc.count
    for card in cards:
        if card.kind in ("rows-filled", "row-filled"):
            cells = [Chamber(r, p) for r in objective_rows(card, hc.layout)
                     for p in range(ROW_LENGTHS[r])]
            share = sum(hc[c] is not None for c in cells) / len(cells)
            value += PARTIAL * (card.honey or 0) * share ** 2 if share < 1 else 0
    return value


class _Worths:
    """:func:`_comb_worth` of one player's honeycombs, each worked out once (a decision
    weighs the same honeycomb by many ways)."""

    def __init__(self, t: T.Table, name: str) -> None:
        self.cards, self.seen = _seen_cards(t, t.setup.players.index(name)), {}

    def __call__(self, hc: Honeycomb) -> float:
        got = self.seen.get(hc.cells)
        if got is None:
            got = self.seen[hc.cells] = _comb_worth(hc, self.cards)
        return got


def _stored_greedily(hc: Honeycomb, left: list[Nectar], distance: int, expert: bool,
                     palette, value: _Worths) -> Honeycomb:
    """``hc`` after the flight's nectar ``left`` is stored as the table takes it
    (:func:`~.table.store_options`' order), each in the chamber of the greatest worth, until
    every one is stored or none has a chamber left (put back)."""
    left = list(left)
    while left and (chambers := hc.legal_chambers(distance, expert)):
        firsts = {n.token(palette): n for n in reversed(left)}        # a token's first nectar
        order = dict.fromkeys(n.token(palette) for n in left)
        n, c = max(((firsts[tok], c) for tok in order for c in chambers),
                   key=lambda nc: value(hc.place(*nc)))
        hc = hc.place(n, c)
        left.remove(n)
    return hc


def choose(t: T.Table, d: Decision, rng: random.Random) -> str:
    """The default player's step for ``d`` (one of ``d.legal``; see the module docstring).

    :raises ValueError: nothing is due.
    """
    if d.over:
        raise ValueError("no legal step: nothing is due")
    if d.kind == "flight":
        return _flights(t, d)[0][1]
    if d.kind == "store":
        value, hc, pal = _Worths(t, d.actor), T.honeycomb_now(t), t.setup.palette

        def stored(option: str) -> float:
            _, tok, chamber = option.split()
            return value(hc.place(parse_nectar(tok, pal), parse_chamber(chamber)))
        return max(d.legal, key=stored)
    return rng.choice(d.legal)


def _flights(t: T.Table, d: Decision) -> list[tuple[float, str]]:
    """Each flight of ``d`` with the worth it leaves (its nectar stored greedily), the
    greatest first, the first listed among equals; ``empty`` last but when nothing can be
    stored."""
    value, pal = _Worths(t, d.actor), t.setup.palette
    hc = t.game.boards[t.game.current]
    out = []
    for n, option in enumerate(d.legal):
        if option == "empty":
            continue
        words = option.split()
        take = sorted((parse_nectar(w, pal) for w in words[2:]), key=lambda x: not x.large)
        out.append((-value(_stored_greedily(hc, take, int(words[1]), t.setup.expert, pal,
                                            value)), n, option))
    out.sort()
    flights = [(-v, o) for v, _, o in out]
    return flights + [(float("-inf"), "empty")] if flights else [(0.0, "empty")]


def ranked(t: T.Table, d: Decision) -> tuple[str, ...]:
    """The legal steps of ``d``, the default player's choice first: a flight's and a
    storing's by the worth they leave (the first listed among equals), others as listed."""
    if d.kind == "flight" and not d.over:
        return tuple(o for _, o in _flights(t, d))
    first = choose(t, d, random.Random(0))
    return (first,) + tuple(o for o in d.legal if o != first)


def outcome(t: T.Table, name: str) -> tuple[float, float]:
    """What ``name`` ends the scored game ``t`` with: its honey drops and its share of the win
    (1 alone, 1/k shared by k).

    :raises ValueError: a game not scored.
    """
    scores = T.final_scores(t)
    if scores is None:
        raise ValueError("the game is not over")
    players, result = scores
    total = next(p.total for p in players if p.name == name)
    won = result.winners
    return float(total), (name in won) / len(won) if won else 0.0


def uniform(t: Any, d: Decision, rng: random.Random) -> str:
    """Uniformly random legal play: any of ``d.legal`` with equal chance."""
    return rng.choice(d.legal)


__all__ = ["NECTAR", "PARTIAL", "choose", "outcome", "ranked", "uniform", "worth"]
