"""The Beez engine of the table protocol (:mod:`hyvekit.rules.table`): a game's table is
its :class:`~hyvekit.rules.beez.table.Table`, played flight by flight by :mod:`.table`."""

from __future__ import annotations

import random
from typing import Any

from hyvekit.rules.beez import table as T
from hyvekit.rules.table import BaseEngine, Decision


class BeezEngine(BaseEngine):
    """A Beez game at the table (rules/beez.txt, Gameplay and Game End): the decision due
    (:func:`~.table.pending`; over with the scores), one step pushed (:func:`~.table.push`;
    no die: ``rng`` is not used)."""

    game, kind = "beez", "game"

    def new(self, setup: T.Setup) -> T.Table:
        """The game before its first flight.

        :raises InvalidInputError: as :func:`~.table.new_table`.
        """
        return T.new_table(setup)

    def pending(self, t: T.Table) -> Decision:
        """The decision due (:func:`~.table.pending`); ``over`` with the scores."""
        return T.pending(t)

    def push(self, t: T.Table, step: str, rng: random.Random | None = None) -> T.Table:
        """The table after ``step`` (:func:`~.table.push`).

        :raises IllegalActionError, InvalidInputError: as :func:`~.table.push`.
        """
        return T.push(t, step)

    def view(self, t: T.Table) -> dict[str, Any]:
        """The honeycombs and the game now (:func:`~.table.view`)."""
        return T.view(t)

    #: the flight is told by :meth:`changes` itself
    QUIET = frozenset({"steps", "flight"})

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """What took the view ``before`` to ``after``: each nectar stored and where ("Sophie
        stores B in C1"), the flight to store ("flight of 4, to store: P w"), then the
        rest (:meth:`BaseEngine.changes`)."""
        from hyvekit.rules.beez.honeycomb import ROW_NAMES
        out = []
        for b, a in zip(before["players"], after["players"]):
            stored = [f"{new} in {ROW_NAMES[r]}{p + 1}"
                      for r, (old_row, new_row) in enumerate(zip(b["honeycomb"], a["honeycomb"]))
                      for p, (old, new) in enumerate(zip(old_row.split(), new_row.split()))
                      if old != new and new != "."]
            if stored:
                out.append(f"{a['name']} stores " + ", ".join(stored))
        flight = after.get("flight")
        if flight and flight != before.get("flight"):
            out.append(f"flight of {flight['distance']}, to store: {' '.join(flight['left'])}")
        return tuple(out) + super().changes(before, after)


ENGINE = BeezEngine()
