"""Beez Phase 1, "Flight plan": which directions and distances the bee's hive allows.

The hive has six sides; the bee faces one of them, which shows the "not allowed" symbol.  Going
round from that side, the five others allow 1 or 5 spaces, 2 or 4, 3, 2 or 4, 1 or 5
(rules/beez.txt, Phase 1).  The sequence is symmetric, so it does not matter which way round.

Directions are the six sides of a hex numbered 1–6 clockwise (hyvekit's numbering; any
clockwise numbering gives the same answers).  Distances are in spaces.  After planning, the
bee turns to face its direction of flight ("Not rotating the bee is not allowed"), so that side
is the forbidden one on the next flight.
"""

from __future__ import annotations


from hyvekit.rules.common import IllegalActionError, require_int
from hyvekit.rules.values import dataclass

R_FLIGHT = "Beez: Phase 1 — flight plan"
SIDES = 6
# Phase 1, Note: "every flower tile, every leaf tile, and the start tile show 7 hexagonal
# spaces, on which one bee may land".
TILE_SPACES = 7
# distances by steps clockwise from the facing side; step 0 is the "not allowed" side
HIVE_DISTANCES: tuple[tuple[int, ...], ...] = ((), (1, 5), (2, 4), (3,), (2, 4), (1, 5))


@dataclass(frozen=True)
class FlightOption:
    """One side of the hive: ``direction`` 1–6 and the ``distances`` (spaces) it allows;
    empty for the side the bee faces."""

    direction: int
    distances: tuple[int, ...]

    @property
    def allowed(self) -> bool:
        """Whether any distance is allowed."""
        return bool(self.distances)

    def label(self) -> str:
        """The distances allowed, ``1/3/5`` (``not allowed``)."""
        return "/".join(map(str, self.distances)) if self.distances else "not allowed"


def allowed_distances(facing: int, direction: int) -> tuple[int, ...]:
    """Distances (spaces) the hive allows in ``direction`` for a bee facing ``facing``.

    :raises InvalidInputError: a side outside 1–6.
    """
    facing = require_int("--facing", facing, 1, SIDES)
    direction = require_int("--direction", direction, 1, SIDES)
    return HIVE_DISTANCES[(direction - facing) % SIDES]


def flight_options(facing: int) -> tuple[FlightOption, ...]:
    """All six sides for a bee facing ``facing``, the facing side first (not allowed), then
    clockwise."""
    facing = require_int("--facing", facing, 1, SIDES)
    return tuple(FlightOption((facing - 1 + k) % SIDES + 1, HIVE_DISTANCES[k])
                 for k in range(SIDES))


def check_flight(facing: int, direction: int, distance: int) -> None:
    """Raise unless a flight of ``distance`` spaces in ``direction`` is on the hive.

    :raises InvalidInputError: a side outside 1–6 or a distance outside 1–5.
    :raises IllegalActionError: ``R_FLIGHT``: the facing side, or a distance that side does
        not show.
    """
    distances = allowed_distances(facing, direction)
    distance = require_int("--distance", distance, 1, 5)
    if not distances:
        raise IllegalActionError(R_FLIGHT, f"direction {direction} is the side your bee faces "
                                 "(the 'not allowed' side): your bee can never fly that way and "
                                 "must turn to a new direction",
                                 expected="another direction", given=direction)
    if distance not in distances:
        raise IllegalActionError(R_FLIGHT, f"direction {direction} allows "
                                 f"{' or '.join(map(str, distances))} spaces, not {distance}",
                                 expected=distances, given=distance)
