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

import random
from typing import Any

from hyvekit.rules.beez import table as T
from hyvekit.rules.beez.honeycomb import ROW_LENGTHS, Chamber
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
    cards = [c for c in t.setup.common + (t.secret[i] or ()) if c.described]
    value = score_player(name, hc, cards).total + NECTAR * len(hc.stored())
    for card in cards:
        if card.kind in ("rows-filled", "row-filled"):
            cells = [Chamber(r, p) for r in objective_rows(card, hc.layout)
                     for p in range(ROW_LENGTHS[r])]
            share = sum(hc[c] is not None for c in cells) / len(cells)
            value += PARTIAL * (card.honey or 0) * share ** 2 if share < 1 else 0
    return value


def _stored_greedily(t: T.Table, name: str) -> T.Table:
    """``t`` after ``name`` stores the flight's nectar, each in the chamber of the greatest
    :func:`worth`, until the flight is over."""
    while not (d := T.pending(t)).over and d.kind == "store" and d.actor == name:
        t = max((T.push(t, o) for o in d.legal), key=lambda u: worth(u, name))
    return t


def choose(t: T.Table, d: Decision, rng: random.Random) -> str:
    """The default player's step for ``d`` (one of ``d.legal``; see the module docstring).

    :raises ValueError: nothing is due.
    """
    if d.over:
        raise ValueError("no legal step: nothing is due")
    if d.kind == "flight":
        best, pick = float("-inf"), d.legal[-1]
        for option in d.legal:
            if option == "empty":
                continue
            value = worth(_stored_greedily(T.push(t, option), d.actor), d.actor)
            if value > best:
                best, pick = value, option
        return pick
    if d.kind == "store":
        return max(d.legal, key=lambda o: worth(T.push(t, o), d.actor))
    return rng.choice(d.legal)


def ranked(t: T.Table, d: Decision) -> tuple[str, ...]:
    """The legal steps of ``d``, the default player's choice first, then as listed."""
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
