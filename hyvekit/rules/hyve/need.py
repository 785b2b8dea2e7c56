"""The choices a turn leaves open, for play at the table.

A turn played at the table is known only up to the step being made: the hexes of the nectar
not yet placed, an Excisor cross-out not yet chosen, the Sensilla colour of a space the HP die
has not entered yet.  The table (:mod:`hyvekit.rules.hyve.table`) plays the turn so far with
:data:`HOLE` in each such place; the engine plays on until it reaches one and raises
:class:`Need` with the sheet as it stands there, so the table can say what is pending and list
the legal choices.  A turn record never holds a HOLE: played from a file, nothing changes.

Where the engine takes a HOLE: a feature's target hex (``place_features``), the last entry of a
larva, courier-nectar, excise, Sensilla or Mites list ("more, if more are needed"), a Queen's
Reward.
"""

from __future__ import annotations

from typing import Any


class _Hole:
    """The one open choice marker (:data:`HOLE`)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HOLE"


HOLE = _Hole()


class Need(Exception):
    """The engine reached an open choice.

    :ivar kind: ``place`` (a feature's hex), ``excise``, ``sensilla``, ``reward`` or ``mites``.
    :ivar state: the :class:`~hyvekit.rules.hyve.scenario.ScenarioState` at that point.
    :ivar info: what the choice is about (``feature``: the Space placed, ``rule``; ``position``
        of the HP-track space entered; ``left``: the rewards still to take; ``count``: the
        cross-outs still due).
    """

    def __init__(self, kind: str, state: Any, **info: Any):
        super().__init__(kind)
        self.kind, self.state, self.info = kind, state, info


def open_tail(items) -> tuple[tuple, bool]:
    """``(the known items, whether more may follow)``: a trailing :data:`HOLE` is removed."""
    items = tuple(items)
    if items and items[-1] is HOLE:
        return items[:-1], True
    return items, False
