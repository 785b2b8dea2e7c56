"""The choices of a Hyve turn as frozen values: bees and actions.

Implements the vocabulary of ``rules/hyve.txt``, "Turn Structure": a :class:`Bee` (a die face,
6 the wild Bee, with the value a wild Bee stands for), :class:`Refresh` (1. Refresh), the
Assign Workers actions (:class:`Repurpose`, :class:`Bakery`, :class:`TendEggs`,
:class:`TendLarva`, :class:`QueensAttendants`, :class:`Courier`, and the modes' :class:`Marshal`
and :class:`Build`), :class:`GatherNectar`, :class:`SeasonalEffect` or Wasp War's
:class:`WaspAttack`, and a whole :class:`Turn`.  They are played by
:mod:`hyvekit.rules.hyve.turn`; turn records (:mod:`hyvekit.rules.hyve.record`) parse into them.

Units: die faces 1–6, die values 1–5, hexes (axial ``(q, r)``; a target in another hyve is
``(hyve number, (q, r))``), larva chamber squares ``(row, column)``.
"""

from __future__ import annotations

from typing import Union

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.hyve.larva import Line
from hyvekit.rules.hyve.sheets import WILD, Hex
from hyvekit.rules.values import dataclass

ACTIONS = ("repurpose", "bakery", "larva-chamber", "queens-attendants", "courier", "marshal",
           "build")
ACTION_LABELS = {"repurpose": "Repurpose", "bakery": "Bakery", "larva-chamber": "Larva Chamber",
                 "queens-attendants": "Queen's Attendants", "courier": "Courier",
                 "marshal": "Marshal", "build": "Build"}


# --- bees --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bee:
    """A bee placed somewhere: its die ``face`` (1–6, 6 = wild) and, for a Wild Bee, the die
    result it represents (``value``; "Wild Bees can be used to represent any other die result").

    A Wild Bee keeps its wild face for everything else: it is fed as a wild Bee (Feed Bees) and
    it never matches a colour on the Courier (ruling H32).
    """

    face: int
    value: int | None = None

    @property
    def wild(self) -> bool:
        """Whether the bee is a wild Bee (the sixth face)."""
        return self.face == WILD

    @property
    def stands_for(self) -> int | None:
        """The die value this bee counts as (its face, or a wild Bee's chosen value)."""
        return self.value if self.wild else self.face

    def __str__(self) -> str:
        if not self.wild:
            return f"{self.face}-Bee"
        return "Wild Bee" + (f" (as {self.value})" if self.value else "")


def bee(face: int, value: int | None = None) -> Bee:
    """A :class:`Bee`; a coloured face stands for itself.

    :raises InvalidInputError: a face outside 1–6, or a value outside 1–5.
    """
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= WILD:
        raise InvalidInputError("bee", face, "a die face 1-5, or 6 / W for a wild Bee")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or not 1 <= value <= 5):
        raise InvalidInputError("bee value", value, "a die value 1-5 (what a wild Bee stands for)")
    if face != WILD:
        if value not in (None, face):
            raise InvalidInputError("bee", f"{face} as {value}",
                                    "only a wild Bee (W) stands for another value")
        value = face
    return Bee(face, value)


# --- actions -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Refresh:
    """1. Refresh: the dice rolled (faces 1–6), as many as the population (max 10); fewer with
    Controlled Rolls.  ``sensilla``: the Sensilla perk's choices for this turn, one
    ``(die value of the colour, hex)`` per uncoloured HP-track space the die enters, in order."""

    dice: tuple[int, ...]
    sensilla: tuple[tuple[int, object], ...] = ()


@dataclass(frozen=True)
class Repurpose:
    """Repurpose: place ``bee`` and reroll exactly that many unassigned bees (``reroll``, their
    faces before) giving ``result`` (faces after, in the same order)."""

    bee: Bee
    reroll: tuple[int, ...]
    result: tuple[int, ...]
    boost: bool = False


@dataclass(frozen=True)
class Bakery:
    """Bakery: a matching set of ``bees`` equal to the next level of ``bread`` (bee type 1–5);
    wild Bees contribute to any set."""

    bees: tuple[Bee, ...]
    bread: int


@dataclass(frozen=True)
class TendEggs:
    """Larva Chamber, Tend Eggs: the bee's shape drawn whole on ``cells`` (chamber squares)."""

    bee: Bee
    cells: tuple[tuple[int, int], ...]
    boost: bool = False


@dataclass(frozen=True)
class TendLarva:
    """Larva Chamber, Tend Larva: encircle ``line``; the larva go on ``larva`` (hexes, in
    placement order, into the active hyve and on); ``excise`` — Excisor's cross-out for each
    hyve this action completes (None = none).  ``line`` is None only for a lone 2-type Bee in
    Turbo Mode, which encircles nothing."""

    bee: Bee
    line: Line | None
    larva: tuple[Hex, ...] = ()
    excise: tuple[Hex | None, ...] = ()
    boost: bool = False


@dataclass(frozen=True)
class JellyFill:
    """Turbo Mode's second Royal Jelly action of a boosted Queen's Attendants: ``jelly``
    (0-based), the ``value`` filled, and its ``reward``, ``larva`` and ``excise``."""

    jelly: int
    value: int
    reward: str | None = None
    larva: tuple[Hex, ...] = ()
    excise: tuple[Hex | None, ...] = ()


@dataclass(frozen=True)
class QueensAttendants:
    """Queen's Attendants: fill the bee's colour into royal jelly ``jelly`` (its index on the
    sheet, 0-based) and enact its effect; ``reward`` is the Queen's Reward chosen when the jelly
    completes; ``larva`` the hexes of Overwork Queen's larva; ``beseech`` enacts the effect
    twice (the perk, on an empty jelly)."""

    bee: Bee
    jelly: int
    reward: str | None = None
    larva: tuple[Hex, ...] = ()
    beseech: bool = False
    excise: tuple[Hex | None, ...] = ()
    boost: bool = False
    second: JellyFill | None = None


@dataclass(frozen=True)
class Courier:
    """Courier (legacy run): a bee matching the colour of unused core resources claims them
    all; a wild Bee fills the next honey-track square.  ``nectar``: hexes of the claimed
    nectar (fewer when the last one placed ends the scenario: ruling H92)."""

    bee: Bee
    nectar: tuple[Hex, ...] = ()
    excise: tuple[Hex | None, ...] = ()


@dataclass(frozen=True)
class Marshal:
    """Wasp War, Marshal: up to 2 non-matching bees, each filling one formation hex
    (``("D1.2", bee)``: defensive formation 1, hex 2; ``O3.5`` offensive)."""

    bees: tuple[tuple[str, Bee], ...]


@dataclass(frozen=True)
class Build:
    """Bee Builder, Build: for each bee, its shape drawn on ``hexes`` of hyve number
    ``hyve`` (1–6): ``((bee, hyve, hexes), …)``."""

    shapes: tuple[tuple[Bee, int, tuple[Hex, ...]], ...]


@dataclass(frozen=True)
class WaspAttack:
    """Wasp War, 6. Wasp Attack (instead of Seasonal Effects): the two Light Attack ``dice``
    (1–6), the defensive hexes spent to ``block`` Light Attacks, and the populated larva
    squares ``eaten``."""

    dice: tuple[int, ...]
    blocks: tuple[str, ...] = ()
    eaten: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Placement:
    """One nectar of Gather Nectar: the ``bee`` and the ``cell`` it colours (a wild Bee's
    ``value`` is the colour chosen)."""

    bee: Bee
    cell: Hex


@dataclass(frozen=True)
class GatherNectar:
    """3. Gather Nectar: every unassigned bee placed as nectar, in order (fewer when the last
    one placed ends the scenario: ruling H92).  Feed Bees and Migration follow (no choices)."""

    placements: tuple[Placement, ...]
    excise: tuple[Hex | None, ...] = ()


@dataclass(frozen=True)
class SeasonalEffect:
    """6. Seasonal Effects: the chosen effect of the current season (1-based, as printed) and,
    for Mites icons, the nectar of the active hyve crossed out."""

    effect: int | None
    mites: tuple[Hex, ...] = ()


Assignment = Union[Repurpose, Bakery, TendEggs, TendLarva, QueensAttendants, Courier, Marshal,
                   Build]
Action = Union[Refresh, Assignment, GatherNectar, SeasonalEffect, WaspAttack]

ACTION_OF = {Repurpose: "repurpose", Bakery: "bakery", TendEggs: "larva-chamber",
             TendLarva: "larva-chamber", QueensAttendants: "queens-attendants",
             Courier: "courier", Marshal: "marshal", Build: "build"}


# --- a whole turn ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """Every choice of one turn: the dice, the assignments in order, the nectar, the seasonal
    effect and the Mites cross-outs."""

    dice: tuple[int, ...]
    assignments: tuple[Assignment, ...] = ()
    nectar: GatherNectar = GatherNectar(())
    season: SeasonalEffect | WaspAttack = SeasonalEffect(None)

    sensilla: tuple[tuple[int, object], ...] = ()

    def actions(self) -> tuple[Action, ...]:
        """The turn's actions in the order they are played: the Refresh, each
        assignment, Gather Nectar, the seasonal effect (or Wasp Attack)."""
        return (Refresh(self.dice, self.sensilla), *self.assignments, self.nectar, self.season)
