"""The Hyve game modes as pure functions: Wasp War, Bee Builder, Turbo Mode, Long Live the Queen,
and what Coldsnap and Mites Challenge add to the seasonal effects.

Implements ``rules/hyve.txt``, "Game Modes":

* **Coldsnap** — its three effects ("Lose X Population", "Lose HP equal to X minus your current
  Population", "Lose X HP per Bread Level that's less than level Y") are already applied by
  :func:`hyvekit.rules.hyve.phases.apply_seasonal_effect` (rulings H25–H27, H29); nothing is
  missing (ruling H81), this module re-exports nothing for it.
* **Mites Challenge** — which nectar a Mites icon may cross out: :func:`mites_choices`,
  :func:`check_mites`, :func:`apply_mites` (ruling H80).
* **Wasp War** — the Marshal action and its formations (:class:`MarshalArea`,
  :func:`check_marshal`, :func:`apply_marshal`, :func:`offensive_result`), the Wasp Attack
  phase (:func:`roll_wasp_attack`, :func:`resolve_wasp_attack`), the round track and the
  mode's win/loss (:func:`wasp_war_end`) — rulings H60–H65.
* **Bee Builder** — the Build action (:func:`check_build`, :func:`apply_build`,
  :func:`legal_builds`), nectar and larva only on built hexes and migration by entering the
  next hyve (:func:`check_builder_placement`), and the mode's end (:func:`builder_end_reached`)
  — rulings H66–H70.
* **Turbo Mode** — the 2-type Bee as Action Boost and colourless nectar
  (:func:`split_turbo_bees`, :func:`turbo_repurpose_rerolls`, :func:`turbo_bakery`,
  :func:`turbo_tend_eggs`, :func:`turbo_tend_larva_options`, :func:`check_turbo_jelly`,
  :func:`turbo_gather_nectar`, :func:`turbo_jellies_at_setup`) — rulings H71–H75.
* **Long Live the Queen** — the demands in force each turn, approval and disapproval, the
  Coronation (:func:`demands_in_force`, :func:`demand_met`, :func:`judge_demands`,
  :func:`coronation`, :func:`queen_end`) — rulings H76–H79.

Every function is pure: values in, a frozen result out; dice enter as values (or through an
injected :class:`random.Random` in :func:`roll_wasp_attack`).  Illegal choices raise
:class:`~hyvekit.rules.common.IllegalActionError` naming the rule
(``"Hyve: Wasp War — Marshal"`` …) with ``expected`` and ``given``; malformed input raises
:class:`~hyvekit.rules.common.InvalidInputError`.

Units: die values 1–6 (6 is the wild Bee face), HP, population (bees), larva (populated larva
squares of the Larva Chamber), hexes (axial ``(q, r)`` of pointy-topped hexes, as in
:mod:`hyvekit.rules.hyve.sheets`), hyve numbers 1–6 (1 = the topmost hyve, then clockwise),
track positions (0 = Colony Collapse), turns / wasp rounds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.phases import TENACITY_REDUCTION, EndCheck, check_end
from hyvekit.rules.hyve.scoring import CROSSED, NECTAR, HyveGrid, cell_name, parse_cell
from hyvekit.rules.hyve.sheets import (AXIAL_NEIGHBOURS, BEE_TYPES, BREAD_MAX, HYVES,
                                       OFFENSIVE_MAX, Chamber, Demand, Hex, HpTrack,
                                       SheetDefinition, WaspWar)

R_MITES = "Hyve: Mites Challenge"
R_MARSHAL = "Hyve: Wasp War — Marshal"
R_DEFENSIVE = "Hyve: Wasp War — Defensive Formations"
R_OFFENSIVE = "Hyve: Wasp War — Offensive Formation"
R_WASP_ATTACK = "Hyve: Wasp War — Wasp Attack"
R_BUILD = "Hyve: Bee Builder — Build Action"
R_BUILDER_HYVES = "Hyve: Bee Builder — Hyves & Migration"
R_TURBO = "Hyve: Turbo Mode — Action Boost"
R_TURBO_REPURPOSE = "Hyve: Turbo Mode — Repurpose"
R_TURBO_BAKERY = "Hyve: Turbo Mode — Bakery"
R_TURBO_EGGS = "Hyve: Turbo Mode — Tend Eggs"
R_TURBO_LARVA = "Hyve: Turbo Mode — Tend Larva"
R_TURBO_JELLY = "Hyve: Turbo Mode — Queen's Attendants"
R_QUEEN = "Hyve: Long Live the Queen — Demands & Royal Approval"
R_CORONATION = "Hyve: Long Live the Queen — The Coronation"

WILD = 6                     # Setup: the "Bee" face is wild; Wasp Attack: "Wild Bees count as 6"
DIE_VALUES = (1, 2, 3, 4, 5, 6)
REPURPOSE_WILD_MAX = 5       # Repurpose: "A Wild Bee would let you reroll any amount from 1-5"
TURBO_FACTOR = 2             # Turbo: "double the amount", "doubles the Bees placed", "two of"
LIGHT_ATTACKS = 2            # Wasp Attack: "roll two D6, each representing a ... Light Attack"
CORONATION_MARGIN = 1        # The Coronation: "at least 1 more Approval than Disapproval"


# --- small helpers -----------------------------------------------------------------------------

def _die(field: str, value: object) -> int:
    return require_int(field, value, 1, 6)


def _written(field: str, bee: int, as_value: int | None) -> int:
    """The value a bee is written as: itself, or for a wild Bee the value 1–5 it stands for
    ("Wild Bees can be used to represent any other die result", 2. Assign Workers)."""
    bee = _die(field, bee)
    if bee == WILD:
        if as_value is None:
            raise InvalidInputError(f"{field} as value", None, "the die value 1-5 a wild Bee "
                                    "stands for (a wild Bee has no colour of its own)")
        return require_int(f"{field} as value", as_value, 1, 5)
    if as_value is not None and require_int(f"{field} as value", as_value, 1, 6) != bee:
        raise InvalidInputError(f"{field} as value", as_value,
                                f"nothing, or {bee}: only a wild Bee stands for another value")
    return bee


def _hex(field: str, value: object) -> Hex:
    """An axial hex ``(q, r)`` (a pair of whole numbers)."""
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    raise InvalidInputError(field, value, "an axial hex (q, r) of two whole numbers")


# --- hex shapes: rotating and flipping ---------------------------------------------------------

def rotate_hexes(cells: Iterable[Hex], turns: int = 1) -> tuple[Hex, ...]:
    """Rotate axial hexes by ``turns`` × 60° about ``(0, 0)``: ``(q, r) → (−r, q + r)``."""
    out = tuple(cells)
    for _ in range(turns % 6):
        out = tuple((-r, q + r) for q, r in out)
    return out


def flip_hexes(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """Mirror axial hexes: ``(q, r) → (r, q)`` (swaps the cube x and z axes)."""
    return tuple((r, q) for q, r in cells)


def normalise(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """The cells sorted and moved so the smallest ``(r, q)`` is at ``(0, 0)``: two shapes are
    translations of each other exactly when their normal forms are equal."""
    cells = sorted(set(cells), key=lambda h: (h[1], h[0]))
    if not cells:
        return ()
    q0, r0 = cells[0]
    return tuple((q - q0, r - r0) for q, r in cells)


def orientations(shape: Iterable[Hex], *, turn: bool = True) -> tuple[tuple[Hex, ...], ...]:
    """The distinct normal forms of ``shape`` under the 6 rotations and the mirror image (12 at
    most); with ``turn=False`` only the shape as printed."""
    shape = tuple(shape)
    if not turn:
        return (normalise(shape),)
    seen: list[tuple[Hex, ...]] = []
    for base in (shape, flip_hexes(shape)):
        for k in range(6):
            form = normalise(rotate_hexes(base, k))
            if form not in seen:
                seen.append(form)
    return tuple(seen)


def same_shape(a: Iterable[Hex], b: Iterable[Hex], *, turn: bool = True) -> bool:
    """Whether hex groups ``a`` and ``b`` are the same shape, moved and (with ``turn``)
    rotated or flipped."""
    a, b = tuple(a), tuple(b)
    return len(set(a)) == len(set(b)) and normalise(b) in orientations(a, turn=turn)


def _touches(cells: Iterable[Hex], others: Collection[Hex]) -> bool:
    return any((q + dq, r + dr) in others for q, r in cells for dq, dr in AXIAL_NEIGHBOURS)


# =============================================================================================
# Mites Challenge
# =============================================================================================

def mites_choices(grid: HyveGrid) -> tuple[Hex, ...]:
    """The hexes a Mites icon may cross out in the active hyve ``grid``: its Nectar (a coloured
    nectar hex), in reading order.  Larva, already crossed-out nectar, Turbo's X and empty
    spaces are not Nectar (ruling H80).

    Mites Challenge: "each time you perform any Seasonal Effect you must also choose and cross
    out any of your Nectar in your active hyve (if applicable)".
    """
    return tuple(h for h, s in grid.items() if s.kind == NECTAR)


def mites_required(grid: HyveGrid, mites: int) -> int:
    """How many nectar the player must cross out: one per Mites icon, as many as the active
    hyve holds ("(if applicable)", ruling H80).

    :raises InvalidInputError: ``mites`` is not a whole number ≥ 0.
    """
    mites = require_int("mites", mites, 0, 99)
    return min(mites, len(mites_choices(grid)))


def _cells(field: str, chosen: Iterable[Hex | str]) -> tuple[Hex, ...]:
    out = []
    for c in chosen:
        out.append(parse_cell(c, field) if isinstance(c, str) else _hex(field, c))
    return tuple(out)


def check_mites(grid: HyveGrid, mites: int, chosen: Iterable[Hex | str]) -> tuple[Hex, ...]:
    """Check the nectar the player crosses out for a seasonal effect's Mites icons.

    :param grid: the active hyve (after Gather Nectar and Migration of this turn).
    :param mites: the effect's Mites icons (:attr:`Effect.mites`, also returned by
        :func:`~hyvekit.rules.hyve.phases.apply_seasonal_effect` as ``mites``).
    :param chosen: cells by name (``"C3"``) or axial ``(q, r)``.
    :returns: the chosen hexes, axial.
    :raises InvalidInputError: a cell that is not a hex of the hyve.
    :raises IllegalActionError: (rule ``"Hyve: Mites Challenge"``) a cell that is not a Nectar,
        a cell named twice, or not exactly :func:`mites_required` cells.
    """
    cells = _cells("mites cell", chosen)
    need = mites_required(grid, mites)
    for h in cells:
        space = grid[h]
        if space.kind != NECTAR:
            raise IllegalActionError(
                R_MITES, f"{cell_name(h)} holds {space.describe()}: a Mites icon crosses out "
                "a Nectar of the active hyve", expected="a nectar hex: " + (", ".join(
                    cell_name(c) for c in mites_choices(grid)) or "none"),
                given=cell_name(h))
    if len(set(cells)) != len(cells):
        dup = next(cell_name(h) for h, n in Counter(cells).items() if n > 1)
        raise IllegalActionError(R_MITES, f"{dup} is named twice: each Mites icon crosses out "
                                 "another Nectar", expected="different cells", given=dup)
    if len(cells) != need:
        have = len(mites_choices(grid))
        raise IllegalActionError(
            R_MITES, f"{mites} Mites icon{'s' if mites != 1 else ''} with {have} Nectar in "
            f"the active hyve: cross out {need}, got {len(cells)}", expected=need,
            given=len(cells))
    return cells


def apply_mites(grid: HyveGrid, mites: int, chosen: Iterable[Hex | str]) -> HyveGrid:
    """The active hyve with the chosen nectar crossed out ("Crossed out Nectar are considered
    colorless for scoring": an ``x`` hex).  Checked by :func:`check_mites` (same errors)."""
    for h in check_mites(grid, mites, chosen):
        grid = grid.replace(h, CROSSED)
    return grid


# =============================================================================================
# Wasp War
# =============================================================================================

FormationKind = Literal["defensive", "offensive"]


@dataclass(frozen=True, order=True)
class FormationHex:
    """One hex of the Marshal action: ``kind`` ``"defensive"`` or ``"offensive"``, the
    ``formation`` (1-based, in the sheet's order) and the ``hex`` within it (1-based, in the
    order of the sheet's ``wasp.defensive`` / ``wasp.offensive`` lists).  Text form ``D1.2``
    (defensive formation 1, hex 2) or ``O3.5``."""

    kind: FormationKind
    formation: int
    hex: int

    def __str__(self) -> str:
        return f"{self.kind[0].upper()}{self.formation}.{self.hex}"


def parse_formation_hex(text: str | FormationHex, field: str = "formation hex") -> FormationHex:
    """``"D1.2"`` → defensive formation 1, hex 2; ``"o3.5"`` → offensive formation 3, hex 5.

    :raises InvalidInputError: anything else.
    """
    if isinstance(text, FormationHex):
        return text
    t = str(text).strip().upper()
    allowed = "D<formation>.<hex> or O<formation>.<hex>, e.g. D1.2 (defensive) or O3.5"
    if len(t) < 4 or t[0] not in "DO" or "." not in t:
        raise InvalidInputError(field, text, allowed)
    f, _, h = t[1:].partition(".")
    if not (f.isdigit() and h.isdigit()) or int(f) < 1 or int(h) < 1:
        raise InvalidInputError(field, text, allowed)
    return FormationHex("defensive" if t[0] == "D" else "offensive", int(f), int(h))


@dataclass(frozen=True)
class MarshalArea:
    """What is written in the Marshal action's formations (Wasp War, "Rally the Troops").

    :ivar defensive: per defensive formation, the value (1–5) written in each hex, ``None``
        for an empty hex; same shape as the sheet's ``wasp.defensive``.
    :ivar offensive: the same for the three V-shaped offensive formations.
    :ivar spent: defensive hexes crossed out to block a Light Attack (ruling H61: a spent hex
        is never refilled).
    """

    defensive: tuple[tuple[int | None, ...], ...]
    offensive: tuple[tuple[int | None, ...], ...]
    spent: frozenset[FormationHex] = frozenset()

    @classmethod
    def empty(cls, wasp: WaspWar) -> MarshalArea:
        """The area of a fresh sheet: every hex empty."""
        return cls(tuple((None,) * len(f) for f in wasp.defensive),
                   tuple((None,) * len(f) for f in wasp.offensive))

    def value(self, at: FormationHex) -> int | None:
        """The value written at ``at`` (``None`` if empty).

        :raises InvalidInputError: no such formation or hex on this sheet.
        """
        groups = self.defensive if at.kind == "defensive" else self.offensive
        if not 1 <= at.formation <= len(groups):
            raise InvalidInputError("formation hex", str(at), f"a {at.kind} formation 1 to "
                                    f"{len(groups)}")
        group = groups[at.formation - 1]
        if not 1 <= at.hex <= len(group):
            raise InvalidInputError("formation hex", str(at), f"a hex 1 to {len(group)} of "
                                    f"{at.kind} formation {at.formation}")
        return group[at.hex - 1]

    def reserves(self) -> dict[int, tuple[FormationHex, ...]]:
        """Defensive reserves: the filled, not yet spent defensive hexes by value."""
        out: dict[int, list[FormationHex]] = {}
        for f, group in enumerate(self.defensive, start=1):
            for h, v in enumerate(group, start=1):
                at = FormationHex("defensive", f, h)
                if v is not None and at not in self.spent:
                    out.setdefault(v, []).append(at)
        return {v: tuple(hs) for v, hs in sorted(out.items())}

    def offensive_results(self) -> tuple[OffensiveResult | None, ...]:
        """Per offensive formation: its result when completely filled, else ``None``."""
        return tuple(offensive_result(g) if all(v is not None for v in g) else None
                     for g in self.offensive)

    @property
    def crossed_attacks(self) -> frozenset[int]:
        """Attack numbers permanently crossed out by completed offensive formations."""
        return frozenset(r.crossed for r in self.offensive_results()
                         if r is not None and r.crossed is not None)


@dataclass(frozen=True)
class OffensiveResult:
    """A completely filled offensive formation: ``total`` of its values; ``crossed`` the Wasp
    Attack Number it crosses out, ``None`` when the formation ``failed`` (total over 12)."""

    total: int
    crossed: int | None

    @property
    def failed(self) -> bool:
        return self.crossed is None


def offensive_result(values: Sequence[int | None]) -> OffensiveResult:
    """Offensive Formation: "If you fill out one of the 3 V-shaped Formations completely, add
    together the total value of all the colors in that area to then permanently cross-out the
    Wasp Attack Number that matches that value ... If the sum ... exceeds 12, then the
    Formation has failed and has no effect."

    :param values: the value (1–5) of each hex of one formation.
    :raises InvalidInputError: a value outside 1–5.
    :raises IllegalActionError: (rule Offensive Formation) an empty hex: the formation is not
        completely filled.
    """
    if any(v is None for v in values):
        empty = sum(1 for v in values if v is None)
        raise IllegalActionError(R_OFFENSIVE, f"the formation has {empty} empty hex"
                                 f"{'es' if empty > 1 else ''}: only a completely filled "
                                 "formation crosses out an attack",
                                 expected="every hex filled", given=f"{empty} empty")
    total = sum(require_int("formation hex value", v, 1, 5) for v in values)
    return OffensiveResult(total, total if total <= OFFENSIVE_MAX else None)


@dataclass(frozen=True)
class MarshalBee:
    """One Bee placed on the Marshal action: it fills the hex ``at`` with its value.

    :ivar bee: the die face 1–6 (6 = wild Bee).
    :ivar as_value: for a wild Bee, the value 1–5 (colour) it is written as (ruling H61).
    """

    at: FormationHex | str
    bee: int
    as_value: int | None = None


@dataclass(frozen=True)
class MarshalResult:
    """The Marshal action applied.

    :ivar area: the area afterwards.
    :ivar completed: offensive formations (1-based) completed by this action, with their
        result (a crossed-out attack number, or failed).
    """

    area: MarshalArea
    completed: tuple[tuple[int, OffensiveResult], ...] = ()


def _marshal_bees(bees: Sequence[MarshalBee | tuple]) -> list[tuple[FormationHex, int, int]]:
    out = []
    for i, b in enumerate(bees, start=1):
        if isinstance(b, tuple):
            if len(b) not in (2, 3):
                raise InvalidInputError(f"Marshal bee {i}", b, "(hex, bee) or "
                                        "(hex, wild bee, as value)")
            b = MarshalBee(*b)
        if not isinstance(b, MarshalBee):
            raise InvalidInputError(f"Marshal bee {i}", b, "a MarshalBee or (hex, bee)")
        at = parse_formation_hex(b.at, f"Marshal bee {i} hex")
        out.append((at, _die(f"Marshal bee {i}", b.bee),
                    _written(f"Marshal bee {i}", b.bee, b.as_value)))
    return out


def check_area(wasp: WaspWar, area: MarshalArea) -> None:
    """Check that ``area`` has the sheet's formations: as many formations, as many hexes in each,
    values 1–5 or ``None`` (ruling H60: the formations are the groups printed on the Marshal
    action, addressed in the sheet's order).

    :raises InvalidInputError: naming the formation that differs.
    """
    if not isinstance(area, MarshalArea):
        raise InvalidInputError("Marshal area", area, "a MarshalArea")
    for kind, groups, printed in (("defensive", area.defensive, wasp.defensive),
                                  ("offensive", area.offensive, wasp.offensive)):
        if len(groups) != len(printed):
            raise InvalidInputError(f"{kind} formations", f"{len(groups)} formations",
                                    f"{len(printed)}, as printed on the sheet")
        for i, (g, p) in enumerate(zip(groups, printed), start=1):
            if len(g) != len(p):
                raise InvalidInputError(f"{kind} formation {i}", f"{len(g)} hexes",
                                        f"{len(p)} hexes, as printed on the sheet")
            for v in g:
                if v is not None:
                    require_int(f"{kind} formation {i} value", v, 1, 5)
    for at in area.spent:
        if at.kind != "defensive" or area.value(at) is None:
            raise InvalidInputError("spent hex", str(at), "a filled defensive hex")


def check_marshal(wasp: WaspWar, area: MarshalArea,
                  bees: Sequence[MarshalBee | tuple]) -> list[tuple[FormationHex, int]]:
    """Check a Marshal action (Wasp War, "Rally the Troops").

    "You can place up to 2 non-matching Bees per turn. You can fill in these formations however
    you like. Any color can be used on any hex, you do not have to complete a group of hexes
    before moving on to the next group."  Each Bee fills one empty hex of any formation with
    its value; "non-matching" compares the values written (a wild Bee is written as the value
    it stands for); a crossed-out (spent) defensive hex is not refilled (ruling H61).

    :param wasp: the sheet's Wasp War part (``marshal_bees``: the most Bees, 2).
    :param bees: :class:`MarshalBee` s, or tuples ``(hex, bee)`` / ``(hex, 6, as_value)``.
    :returns: ``[(hex, written value), …]``.
    :raises InvalidInputError: a malformed hex address, one not on this sheet, a die value
        outside 1–6, a wild Bee without the value it stands for, an area that does not match
        the sheet (:func:`check_area`).
    :raises IllegalActionError: (rule ``"Hyve: Wasp War — Marshal"``) more Bees than allowed,
        two matching Bees, a filled or spent hex, the same hex twice.
    """
    check_area(wasp, area)
    placed = _marshal_bees(bees)
    if len(placed) > wasp.marshal_bees:
        raise IllegalActionError(R_MARSHAL, f"up to {wasp.marshal_bees} Bees per turn, got "
                                 f"{len(placed)}", expected=f"at most {wasp.marshal_bees}",
                                 given=len(placed))
    values = [v for _, _, v in placed]
    if len(set(values)) != len(values):
        v = next(v for v, n in Counter(values).items() if n > 1)
        raise IllegalActionError(R_MARSHAL, f"the Bees must be non-matching: two are {v}s",
                                 expected="different values", given=values)
    seen: set[FormationHex] = set()
    for at, _, _ in placed:
        current = area.value(at)
        if at in seen:
            raise IllegalActionError(R_MARSHAL, f"{at} is filled twice: one Bee fills one hex",
                                     expected="different hexes", given=str(at))
        seen.add(at)
        if at in area.spent:
            raise IllegalActionError(R_MARSHAL, f"{at} is crossed out (its reserve was spent): "
                                     "it cannot be filled again", expected="an empty hex",
                                     given=str(at))
        if current is not None:
            raise IllegalActionError(R_MARSHAL, f"{at} is already filled with a {current}",
                                     expected="an empty hex", given=str(at))
    return [(at, v) for at, _, v in placed]


def apply_marshal(wasp: WaspWar, area: MarshalArea,
                  bees: Sequence[MarshalBee | tuple]) -> MarshalResult:
    """Fill the hexes (checked by :func:`check_marshal`, same errors) and report the
    offensive formations this action completes: "After filling the last space of this
    formation ... cross off and negate the [matching] attack" — at once, so it already counts
    in this turn's Wasp Attack phase (ruling H63)."""
    placed = check_marshal(wasp, area, bees)
    groups = {"defensive": [list(g) for g in area.defensive],
              "offensive": [list(g) for g in area.offensive]}
    for at, v in placed:
        groups[at.kind][at.formation - 1][at.hex - 1] = v
    new = MarshalArea(tuple(map(tuple, groups["defensive"])),
                      tuple(map(tuple, groups["offensive"])), area.spent)
    before = area.offensive_results()
    completed = tuple((i, r) for i, (old, r) in enumerate(zip(before, new.offensive_results()),
                                                          start=1)
                      if old is None and r is not None)
    return MarshalResult(new, completed)


def roll_wasp_attack(rng: random.Random) -> tuple[int, int]:
    """Roll the two Light Attack dice ("roll two D6"): values 1–6 from the injected ``rng``
    (a 6 is the wild face, which counts as 6)."""
    return rng.randint(1, 6), rng.randint(1, 6)


@dataclass(frozen=True)
class AttackLine:
    """One attack of a Wasp Attack phase.

    :ivar kind: ``"light"`` or ``"heavy"``; :ivar number: the attack number (light 1–6,
        heavy 2–12).
    :ivar outcome: ``"hit"``, ``"blocked"`` (a defensive reserve spent) or ``"crossed out"``
        (negated by an offensive formation).
    :ivar hp, population, larva: what it takes (0 unless ``hit``).
    :ivar blocked_by: the defensive hex spent, when ``blocked``.
    """

    kind: str
    number: int
    outcome: str
    hp: int = 0
    population: int = 0
    larva: int = 0
    blocked_by: FormationHex | None = None

    def describe(self) -> str:
        what = f"{self.kind} attack {self.number}"
        if self.outcome == "blocked":
            return f"{what}: blocked by {self.blocked_by}"
        if self.outcome == "crossed out":
            return f"{what}: crossed out, no effect"
        parts = [f"{self.hp} HP"] if self.hp else []
        if self.population:
            parts.append(f"{self.population} Pop")
        if self.larva:
            parts.append(f"{self.larva} Larva")
        return f"{what}: " + (", ".join(parts) or "nothing")


@dataclass(frozen=True)
class WaspAttackResult:
    """A resolved Wasp Attack phase.

    :ivar dice: the two Light Attack values; :ivar heavy: their sum.
    :ivar lines: light, light, heavy.
    :ivar hp: HP to lose (sum of the lines; one loss or three in a row end the same on either
        scoring, see ruling H64).
    :ivar population: population to lose (after Tenacity, once per phase: ruling H64).
    :ivar larva_demanded: populated larva the attacks eat; :ivar larva: the number to cross
        out (at most the populated larva left, when given).
    :ivar area: the Marshal area with the spent defensive hexes crossed out.
    """

    dice: tuple[int, int]
    heavy: int
    lines: tuple[AttackLine, ...]
    hp: int
    population: int
    larva_demanded: int
    larva: int
    area: MarshalArea


def resolve_wasp_attack(wasp: WaspWar, dice: Sequence[int], area: MarshalArea,
                        blocks: Iterable[FormationHex | str] = (), *,
                        populated_larva: int | None = None,
                        tenacity: bool = False) -> WaspAttackResult:
    """Resolve the Wasp Attack phase (Wasp War, "6. Wasp Attack", "Defensive Formations",
    "Offensive Formation").

    "roll two D6, each representing a Wasp 'Light Attack' and then add those dice together to
    determine the Wasp 'Heavy Attack'. (Wild Bees count as '6' for this purpose)".  Each attack
    takes the HP, population and larva of its number in the sheet's table (one table for light
    and heavy, ruling H6) unless its number is crossed out by an offensive formation.  The
    player may spend a defensive reserve of value *v* to block one Light Attack showing *v*;
    "Blocked Light Attack(s) still contribute their value toward the Heavy Attack"; the Heavy
    Attack cannot be blocked (ruling H62).

    :param dice: the two Light Attack dice, 1–6 (6: the wild face, counted as 6).
    :param area: the Marshal area (its filled defensive hexes, its completed offensive
        formations).
    :param blocks: defensive hexes to cross out, one per blocked Light Attack.
    :param populated_larva: populated larva left in the Larva Chamber; the larva eaten is
        capped by it ("Cross out 1 populated Larva ... for each").
    :param tenacity: the Legacy perk Tenacity reduces the phase's population loss by 1
        (ruling H64).
    :raises InvalidInputError: not two dice 1–6, a malformed or unknown hex address, an area
        that does not match the sheet (:func:`check_area`).
    :raises IllegalActionError: (rule Defensive Formations) blocking with an offensive,
        empty or spent hex, a hex whose value no unblocked Light Attack shows, or an attack
        already crossed out.
    """
    check_area(wasp, area)
    dice = tuple(dice)
    if len(dice) != LIGHT_ATTACKS:
        raise InvalidInputError("wasp dice", list(dice), "two dice 1-6")
    dice = tuple(_die(f"wasp die {i}", d) for i, d in enumerate(dice, start=1))
    crossed = area.crossed_attacks
    light_open = [True, True]            # light attack not yet blocked
    blocked_by: list[FormationHex | None] = [None, None]
    spent = set(area.spent)
    for raw in blocks:
        at = parse_formation_hex(raw, "block hex")
        value = area.value(at)
        if at.kind != "defensive":
            raise IllegalActionError(R_DEFENSIVE, f"{at} is an offensive hex: only Defensive "
                                     "Formations block Light Attacks", expected="a defensive "
                                     "hex", given=str(at))
        if value is None:
            raise IllegalActionError(R_DEFENSIVE, f"{at} is empty: only a filled defensive hex "
                                     "is a reserve", expected="a filled defensive hex",
                                     given=str(at))
        if at in spent:
            raise IllegalActionError(R_DEFENSIVE, f"{at} is already crossed out",
                                     expected="an unspent reserve", given=str(at))
        slot = next((i for i in range(LIGHT_ATTACKS) if light_open[i] and dice[i] == value),
                    None)
        if slot is None:
            raise IllegalActionError(
                R_DEFENSIVE, f"{at} holds a {value}: it blocks only a Light Attack of {value}, "
                f"and the unblocked Light Attacks are "
                f"{[d for d, o in zip(dice, light_open) if o] or 'none'}",
                expected=[d for d, o in zip(dice, light_open) if o], given=value)
        if value in crossed:
            raise IllegalActionError(R_DEFENSIVE, f"attack {value} is crossed out by an "
                                     "offensive formation and has no effect: there is nothing "
                                     "to block", expected="an attack that is not crossed out",
                                     given=value)
        light_open[slot] = False
        blocked_by[slot] = at
        spent.add(at)
    heavy = dice[0] + dice[1]
    lines = []
    for i, number in enumerate(dice):
        if number in crossed:
            lines.append(AttackLine("light", number, "crossed out"))
        elif not light_open[i]:
            lines.append(AttackLine("light", number, "blocked", blocked_by=blocked_by[i]))
        else:
            a = wasp.attack(number)
            lines.append(AttackLine("light", number, "hit", a.hp, a.population, a.larva))
    if heavy in crossed:
        lines.append(AttackLine("heavy", heavy, "crossed out"))
    else:
        a = wasp.attack(heavy)
        lines.append(AttackLine("heavy", heavy, "hit", a.hp, a.population, a.larva))
    hp = sum(line.hp for line in lines)
    pop = sum(line.population for line in lines)
    if tenacity:
        pop = max(0, pop - TENACITY_REDUCTION)
    larva_demanded = sum(line.larva for line in lines)
    larva = larva_demanded
    if populated_larva is not None:
        larva = min(larva, require_int("populated larva", populated_larva, 0))
    new_area = MarshalArea(area.defensive, area.offensive, frozenset(spent))
    return WaspAttackResult(dice=dice, heavy=heavy, lines=tuple(lines), hp=hp, population=pop,
                            larva_demanded=larva_demanded, larva=larva, area=new_area)


def wasp_round(wasp: WaspWar, rounds_done: int) -> int:
    """The round being played (1-based) after ``rounds_done`` rounds: the round track replaces
    the Seasons track, one round per turn (ruling H65).

    :raises InvalidInputError: ``rounds_done`` outside 0 to ``wasp.rounds − 1`` (after the last
        round the scenario is over).
    """
    done = require_int("rounds done", rounds_done, 0, wasp.rounds - 1)
    return done + 1


def wasp_war_end(wasp: WaspWar, track: HpTrack, *, population: int, hp_position: int,
                 rounds_done: int, hyves_completed: int) -> EndCheck:
    """Win, loss or still playing in Wasp War ("How to Win (or Lose)" with the round track:
    "face off against a hostile colony of wasps until the rains return").

    Wins: every round of the round track played, all 6 hyves, or the HP die in Thriving of the
    shortened track; losses: population 0 or Colony Collapse; both at once lose (ruling H65).
    """
    return check_end(population, hp_position, track, rounds_done, wasp.rounds,
                     hyves_completed)


# =============================================================================================
# Bee Builder
# =============================================================================================

@dataclass(frozen=True)
class Build:
    """One shape drawn with the Build action.

    :ivar bee: the die face 1–6 placed (6 = wild Bee).
    :ivar hyve: the hyve number 1–6 it is drawn in.
    :ivar hexes: its hexes, axial ``(q, r)`` of that hyve's layout.
    :ivar as_value: for a wild Bee, the die value 1–5 whose shape it draws (ruling H68).
    """

    bee: int
    hyve: int
    hexes: tuple[Hex, ...]
    as_value: int | None = None


def _builds(builds: Sequence[Build | tuple]) -> list[Build]:
    out = []
    for i, b in enumerate(builds, start=1):
        if isinstance(b, tuple):
            b = Build(*b)
        if not isinstance(b, Build):
            raise InvalidInputError(f"build {i}", b, "a Build(bee, hyve, hexes)")
        hexes = b.hexes
        if isinstance(hexes, (str, bytes)) or not isinstance(hexes, Iterable):
            raise InvalidInputError(f"build {i} hexes", hexes, "a list of axial (q, r) hexes")
        hexes = tuple(_hex(f"build {i} hex", h) for h in hexes)
        out.append(Build(b.bee, require_int(f"build {i} hyve", b.hyve, 1, HYVES), hexes,
                         b.as_value))
    return out


def _built(built: Sequence[Collection[Hex]]) -> list[set[Hex]]:
    if isinstance(built, (str, bytes)) or len(built) != HYVES:
        raise InvalidInputError("built hexes", built if isinstance(built, str)
                                else f"{len(built)} hyves", f"{HYVES} collections of hexes, "
                                "one per hyve (1 = topmost)")
    return [{_hex(f"built hex of hyve {i}", h) for h in hexes}
            for i, hexes in enumerate(built, start=1)]


def _shape_table(shapes: Sequence[tuple[int, Sequence[Hex]]]) -> dict[int, tuple[Hex, ...]]:
    table = {require_int("builder shape die value", d, 1, 5): tuple(c) for d, c in shapes}
    if not table:
        raise InvalidInputError("builder shapes", shapes, "the sheet's builder_shapes "
                                "(a Bee Builder sheet)")
    return table


def _names(hexes: Iterable[Hex]) -> list[str]:
    """Hexes as the sheet names them (``C3``), for messages."""
    out = []
    for h in hexes:
        try:
            out.append(cell_name(h))
        except (InvalidInputError, IndexError, ValueError, TypeError):
            out.append(str(h))
    return out


def _check_one_build(table: dict[int, tuple[Hex, ...]], layouts, built: list[set[Hex]],
                     active: int, b: Build, where: str, turn: bool) -> None:
    value = _written(where, b.bee, b.as_value)
    if value not in table:
        raise InvalidInputError(f"{where} bee", value, "a die value with a build shape: "
                                + ", ".join(map(str, sorted(table))))
    if b.hyve < active:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {b.hyve} is before the active hyve "
                                 f"{active}: once Migration occurs you can no longer Build in "
                                 "earlier hyves", expected=f"hyve {active} or later",
                                 given=b.hyve)
    layout = set(layouts[b.hyve - 1])
    outside = [h for h in b.hexes if h not in layout]
    if outside:
        raise InvalidInputError(f"{where} hex", outside[0], f"a hex of hyve {b.hyve}")
    shape = table[value]
    if len(set(b.hexes)) != len(b.hexes) or not same_shape(shape, b.hexes, turn=turn):
        raise IllegalActionError(
            R_BUILD, f"a {value} Bee draws its own shape ({len(shape)} hexes, e.g. "
            f"{' '.join(_names(normalise(shape)))})"
            f"{' rotated or flipped' if turn else ''}, got {' '.join(_names(b.hexes))}",
            expected=_names(normalise(shape)), given=_names(b.hexes))
    overlap = [h for h in b.hexes if h in built[b.hyve - 1]]
    if overlap:
        raise IllegalActionError(R_BUILD, f"{_names(overlap)[0]} of hyve {b.hyve} is already "
                                 "built", expected="unbuilt hexes", given=_names(overlap))
    anything = any(built)
    mine = built[b.hyve - 1]
    if not anything:
        if b.hyve != 1:
            raise IllegalActionError(R_BUILD, "your first shape may be placed anywhere inside "
                                     "the topmost hyve (hyve 1)", expected=1, given=b.hyve)
    elif mine:
        if not _touches(b.hexes, mine):
            raise IllegalActionError(R_BUILD, "each shape drawn must be connected to "
                                     f"previously built shapes: none of hyve {b.hyve}'s built "
                                     "hexes touches it", expected="a shape touching a built "
                                     "hex", given=_names(b.hexes))
    elif not built[b.hyve - 2]:
        raise IllegalActionError(R_BUILD, f"hyve {b.hyve - 1} has no shape yet: building ahead "
                                 f"reaches hyve {b.hyve} only from a built hyve {b.hyve - 1} "
                                 "(each shape must be connected to previously built shapes)",
                                 expected=f"a shape in hyve {b.hyve - 1} first", given=b.hyve)


def check_build(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                built: Sequence[Collection[Hex]], active: int,
                builds: Sequence[Build | tuple], *, turn: bool = True) -> None:
    """Check a Build action (Bee Builder, "Build Action").

    "For each bee placed here, draw the corresponding shape in your active hyve. Each shape
    drawn must be connected to previously built shapes (except for your first, which may be
    placed anywhere inside the topmost hyve)."  hyvekit's readings: shapes may be rotated and
    flipped, as in Tend Eggs (ruling H66; ``turn=False`` for a table that says otherwise); a
    wild Bee draws the shape of any value 1–5; any number of Bees, one shape each, checked in
    order so a later one may touch an earlier one (H68); a shape lies within one hyve, in the
    active hyve or ahead of it: in a hyve that has shapes it touches them, the first shape of a
    later hyve needs a shape in the hyve before it (H67).

    :param shapes: the sheet's ``builder_shapes`` (``((die, hexes), …)``).
    :param hyves: the sheet's ``hyves`` (six layouts of axial hexes).
    :param built: built hexes of each of the six hyves.
    :param active: the active hyve number 1–6 (the one nectar and larva go into).
    :param builds: :class:`Build` s or tuples ``(bee, hyve, hexes[, as_value])``.
    :raises InvalidInputError: a die value outside 1–6, a wild Bee without a value, a hyve
        outside 1–6, a hex not in its hyve, malformed built hexes.
    :raises IllegalActionError: (rule Build Action) a wrong shape, a built hex, a shape not
        connected; (rule Hyves & Migration) a hyve before the active one.
    """
    table = _shape_table(shapes)
    if len(hyves) != HYVES:
        raise InvalidInputError("hyves", f"{len(hyves)} hyves", f"{HYVES} hyve layouts")
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    for i, b in enumerate(_builds(builds), start=1):
        _check_one_build(table, hyves, now, active, b, f"build {i}", turn)
        now[b.hyve - 1] |= set(b.hexes)


def apply_build(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                built: Sequence[Collection[Hex]], active: int,
                builds: Sequence[Build | tuple], *,
                turn: bool = True) -> tuple[frozenset[Hex], ...]:
    """The built hexes of the six hyves after a Build action (checked by :func:`check_build`,
    same errors).  Building never triggers a Migration ("Hyves & Migration")."""
    check_build(shapes, hyves, built, active, builds, turn=turn)
    now = _built(built)
    for b in _builds(builds):
        now[b.hyve - 1] |= set(b.hexes)
    return tuple(frozenset(s) for s in now)


def legal_builds(shapes: Sequence[tuple[int, Sequence[Hex]]], hyves: Sequence[Sequence[Hex]],
                 built: Sequence[Collection[Hex]], active: int, hyve: int, *,
                 values: Iterable[int] | None = None,
                 turn: bool = True) -> Iterator[Build]:
    """Every legal single Build in hyve number ``hyve`` (each value's shape in each orientation
    and position), as :class:`Build` s with ``bee`` = the value; ``values`` limits the die
    values (default all 1–5)."""
    table = _shape_table(shapes)
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    hyve = require_int("hyve", hyve, 1, HYVES)
    layout = tuple(hyves[hyve - 1])
    for value in sorted(table if values is None else set(values)):
        for form in orientations(table[value], turn=turn):
            for anchor in layout:
                hexes = tuple((anchor[0] + q, anchor[1] + r) for q, r in form)
                try:
                    _check_one_build(table, hyves, now, active, Build(value, hyve, hexes),
                                     "build", turn)
                except (IllegalActionError, InvalidInputError):
                    continue
                yield Build(value, hyve, hexes)


def builder_end_reached(shapes: Sequence[tuple[int, Sequence[Hex]]],
                        hyves: Sequence[Sequence[Hex]], built: Sequence[Collection[Hex]], *,
                        turn: bool = True) -> bool:
    """Bee Builder End Game: "you can win when it is impossible to build any more of the last
    (6th) hyve. It doesn't matter how many gaps there are in the hyve, as long as they aren't
    big enough for you to properly fill in".

    True when hyve 6 has at least one built shape and no shape of any value 1–5, in any
    orientation, can legally be built in it (ruling H70).  It is a win condition: combine it
    with the other conditions of :func:`~hyvekit.rules.hyve.phases.check_end` (it replaces
    "Complete all 6 hyves").
    """
    now = _built(built)
    if not now[HYVES - 1]:
        return False
    return next(legal_builds(shapes, hyves, now, HYVES, HYVES, turn=turn), None) is None


def check_builder_placement(hyves: Sequence[Sequence[Hex]], built: Sequence[Collection[Hex]],
                            active: int, hyve: int, hexes: Iterable[Hex],
                            occupied: Collection[Hex] = ()) -> bool:
    """Check placing Nectar or Larva in a Bee Builder hyve ("Each built shape ... unlocks the
    interior hexes for Nectar and Larva placement"; "Hyves & Migration").

    :param active: the active hyve number; :param hyve: the hyve the hexes go into.
    :param hexes: the hexes filled; :param occupied: hexes of that hyve already holding
        nectar or larva.
    :returns: True when this placement triggers a Migration ("Placing Nectar or Larva into the
        next hyve in sequence will trigger a Migration"), i.e. ``hyve == active + 1``.
    :raises InvalidInputError: a hyve outside 1–6 or a hex not in it.
    :raises IllegalActionError: (rule Hyves & Migration) an earlier hyve ("Once Migration
        occurs, you can no longer place Nectar or Larva ... in any earlier hyves") or a hyve
        beyond the next (ruling H69); (rule Build Action) an unbuilt or occupied hex.
    """
    now = _built(built)
    active = require_int("active hyve", active, 1, HYVES)
    hyve = require_int("hyve", hyve, 1, HYVES)
    if hyve < active:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {hyve} is before the active hyve "
                                 f"{active}: after Migration nothing more is placed there",
                                 expected=f"hyve {active} or {active + 1}", given=hyve)
    if hyve > active + 1:
        raise IllegalActionError(R_BUILDER_HYVES, f"hyve {hyve} is not the next hyve in "
                                 f"sequence after the active hyve {active}",
                                 expected=f"hyve {active} or {active + 1}", given=hyve)
    layout = set(hyves[hyve - 1])
    taken = {_hex("occupied hex", h) for h in occupied}
    for h in hexes:
        h = _hex("placement hex", h)
        if h not in layout:
            raise InvalidInputError("placement hex", h, f"a hex of hyve {hyve}")
        if h not in now[hyve - 1]:
            raise IllegalActionError(R_BUILD, f"{cell_name(h)} of hyve {hyve} is not built: "
                                     "Nectar and Larva go only into built hexes",
                                     expected="a built hex", given=cell_name(h))
        if h in taken:
            raise IllegalActionError(R_BUILD, f"{cell_name(h)} of hyve {hyve} is already filled",
                                     expected="an empty built hex", given=cell_name(h))
        taken.add(h)
    return hyve == active + 1


# =============================================================================================
# Turbo Mode
# =============================================================================================

TURBO_ACTIONS = ("repurpose", "bakery", "tend-eggs", "tend-larva", "queens-attendants")


@dataclass(frozen=True)
class TurboBees:
    """The Bees placed on one action in Turbo Mode, split.

    :ivar main: the Bees doing the action (die values 1–6).
    :ivar boosted: a 2-type Bee was placed with them (Action Boost).
    :ivar no_effect: only a lone 2-type Bee was placed: "2-type bees have no affect if placed
        by themselves" (ruling H71).
    """

    main: tuple[int, ...]
    boosted: bool
    no_effect: bool = False

    @property
    def factor(self) -> int:
        return TURBO_FACTOR if self.boosted else 1


def split_turbo_bees(action: str, bees: Sequence[int], boost: int = 2) -> TurboBees:
    """Split the Bees placed on an action into the Bees doing it and the boost (Turbo Mode,
    "Action Boost: When used alongside other Bees, they can enhance the Action being
    performed").

    At most one boost Bee per action (ruling H71).  In Repurpose a 2 may also be the Bee doing
    the action: "Placing a 2 and a 2 ... re-roll 4 dice".  Bakery takes a set of Bees; every
    other action one Bee (plus the boost).

    :param action: one of :data:`TURBO_ACTIONS`.
    :param bees: the die values placed (1–6).
    :param boost: the sheet's ``turbo_boost`` (2).
    :raises InvalidInputError: an unknown action, no Bee, a die value outside 1–6.
    :raises IllegalActionError: (rule Action Boost) more than one boost Bee, or more Bees than
        the action takes.
    """
    if action not in TURBO_ACTIONS:
        raise InvalidInputError("action", action, "one of " + ", ".join(TURBO_ACTIONS))
    values = tuple(_die("bee", b) for b in bees)
    if not values:
        raise InvalidInputError("bees", [], "at least one Bee")
    boosts = sum(1 for v in values if v == boost)
    others = tuple(v for v in values if v != boost)
    if not others:
        if boosts == 1:
            return TurboBees((), False, no_effect=True)
        if action == "repurpose" and boosts == 2:
            return TurboBees((boost,), True)
        raise IllegalActionError(R_TURBO, f"{boosts} {boost}-type Bees on {action}: at most one "
                                 f"{boost}-type Bee boosts an action"
                                 + (", and one more may be the Repurpose Bee"
                                    if action == "repurpose" else ""),
                                 expected="one boost Bee", given=list(values))
    if boosts > 1:
        raise IllegalActionError(R_TURBO, f"{boosts} {boost}-type Bees on {action}: at most one "
                                 f"{boost}-type Bee boosts an action",
                                 expected="at most one boost Bee", given=list(values))
    if action != "bakery" and len(others) > 1:
        raise IllegalActionError(R_TURBO, f"{action} takes one Bee (and a {boost}-type boost), "
                                 f"got {list(others)}", expected="one Bee", given=list(values))
    return TurboBees(others, boosts == 1)


def turbo_repurpose_rerolls(bees: Sequence[int], unassigned: int,
                            boost: int = 2) -> tuple[int, ...]:
    """The numbers of Bees the player may reroll with Repurpose in Turbo Mode.

    "When placing a 2, double the amount of dice rolled. Placing a 2 and a 2, for example,
    would allow you to re-roll 4 dice."  A value-*v* Bee rerolls *v*, boosted 2*v*; a wild Bee
    "any amount from 1-5", boosted twice that (2, 4 … 10, ruling H72); a lone 2 nothing.
    "You cannot place a Bee here that would make you reroll more Bees than you presently have."

    :param unassigned: the Bees not yet assigned to an action, besides those placed here.
    :returns: the allowed reroll counts, ascending (``()`` for a lone 2-type Bee).
    :raises IllegalActionError: (rule Turbo Mode — Repurpose) every count exceeds
        ``unassigned``; errors of :func:`split_turbo_bees`.
    """
    unassigned = require_int("unassigned bees", unassigned, 0)
    split = split_turbo_bees("repurpose", bees, boost)
    if split.no_effect:
        return ()
    (bee,) = split.main
    amounts = range(1, REPURPOSE_WILD_MAX + 1) if bee == WILD else (bee,)
    counts = tuple(n * split.factor for n in amounts if n * split.factor <= unassigned)
    if not counts:
        need = min(amounts) * split.factor
        raise IllegalActionError(R_TURBO_REPURPOSE, f"this placement rerolls {need} Bees and "
                                 f"only {unassigned} are unassigned", expected=f"≤ {unassigned}",
                                 given=need)
    return counts


@dataclass(frozen=True)
class BakeryResult:
    """A Bakery upgrade in Turbo Mode: ``bread_type`` goes to ``new_level``; ``counted`` Bees
    worked (placed × 2 when boosted), ``wasted`` of them did nothing."""

    bread_type: int
    new_level: int
    counted: int
    wasted: int


def turbo_bakery(bees: Sequence[int], bread_levels: Sequence[int], *,
                 bread_type: int | None = None, boost: int = 2) -> BakeryResult:
    """Check a Bakery action in Turbo Mode.

    Bakery: "Upgrade a color of Bee-Bread by placing a matching set of Bees equal to the bread
    level ... provided that all prior levels of that color were already upgraded ... Wild Bees
    can contribute toward any set."  Turbo: "Using a 2-type Bee on this Action ... doubles the
    Bees placed. However, you must still upgrade each bread-level sequentially and only one
    upgrade per turn" and "You start with max 2-type bread".  Unboosted, the set equals the
    level; boosted, twice the set reaches it and the rest is wasted (ruling H73).

    :param bees: the Bees placed (the boost included).
    :param bread_levels: the five bread levels (types 1–5).
    :param bread_type: the type upgraded; needed only when the set is all wild Bees.
    :raises InvalidInputError: bad levels, values or type; only wild Bees without a type.
    :raises IllegalActionError: (rule Turbo Mode — Bakery) a set of mixed types, a type at the
        maximum (the 2-type always is), a set that does not match the level; errors of
        :func:`split_turbo_bees`.
    """
    levels = tuple(require_int(f"bread level of type {t}", v, 1, BREAD_MAX)
                   for t, v in zip(BEE_TYPES, bread_levels))
    if len(levels) != len(BEE_TYPES) or len(bread_levels) != len(BEE_TYPES):
        raise InvalidInputError("bread levels", list(bread_levels), "5 levels, types 1-5")
    split = split_turbo_bees("bakery", bees, boost)
    if split.no_effect:
        raise IllegalActionError(R_TURBO_BAKERY, f"a lone {boost}-type Bee has no effect: it "
                                 "doubles the set placed with it", expected="a set of Bees",
                                 given=list(bees))
    types = {v for v in split.main if v != WILD}
    if len(types) > 1:
        raise IllegalActionError(R_TURBO_BAKERY, f"a matching set of one type, got "
                                 f"{sorted(types)}", expected="one bee type (and wild Bees)",
                                 given=list(split.main))
    if types:
        kind = types.pop()
        if bread_type is not None and require_int("bread type", bread_type, 1, 5) != kind:
            raise IllegalActionError(R_TURBO_BAKERY, f"a set of {kind}s upgrades the "
                                     f"{kind}-type bread, not the {bread_type}-type",
                                     expected=kind, given=bread_type)
    else:
        if bread_type is None:
            raise InvalidInputError("bread type", None, "the bread type 1-5 a set of wild "
                                    "Bees upgrades")
        kind = require_int("bread type", bread_type, 1, 5)
    level = levels[kind - 1]
    if level >= BREAD_MAX:
        raise IllegalActionError(R_TURBO_BAKERY, f"the {kind}-type bread is at its maximum "
                                 f"level {BREAD_MAX}" + (" (Turbo: you start with max "
                                                         f"{boost}-type bread)"
                                                         if kind == boost else ""),
                                 expected=f"a bread below level {BREAD_MAX}", given=kind)
    target = level + 1
    counted = len(split.main) * split.factor
    if (split.boosted and counted < target) or (not split.boosted and counted != target):
        raise IllegalActionError(
            R_TURBO_BAKERY, f"upgrading the {kind}-type bread from level {level} to {target} "
            f"takes {target} Bees; {len(split.main)} placed"
            + (f", doubled by the {boost}-type Bee to {counted}" if split.boosted else ""),
            expected=target, given=counted)
    return BakeryResult(kind, target, counted, counted - target)


def turbo_tend_eggs(bees: Sequence[int], chamber: Chamber, *, as_value: int | None = None,
                    boost: int = 2) -> tuple[int, int]:
    """Tend Eggs in Turbo Mode: ``(shape die value, how many of that shape)``.

    "there is no 2 row, column or shape. However, placing a 2-Bee here allows you to fill in
    two of whichever shape corresponds with the Bee you placed with it."  A wild Bee takes any
    shape (``as_value``).  A lone 2 has no effect: ``(boost, 0)``.

    :raises InvalidInputError: a wild Bee without ``as_value``; a value without a shape in the
        chamber.
    :raises IllegalActionError: errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("tend-eggs", bees, boost)
    if split.no_effect:
        return (boost, 0)
    (bee,) = split.main
    value = _written("Tend Eggs bee", bee, as_value)
    shapes = dict(chamber.shapes)
    if value not in shapes:
        raise InvalidInputError("Tend Eggs shape", value, "a shape of the chamber: "
                                + ", ".join(map(str, sorted(shapes))))
    return (value, split.factor)


Line = tuple[str, int]  # ("row", v) | ("column", v) | ("wild", 0): the Wild Columns


def turbo_tend_larva_options(bees: Sequence[int], chamber: Chamber,
                             boost: int = 2) -> tuple[tuple[Line, ...], ...]:
    """The line sets Tend Larva may encircle in Turbo Mode.

    Tend Larva: "encircle the row OR column corresponding with that number ... A Wild Bee
    allows you to encircle any row or column OR the Wild Columns"; Turbo: "Placing a 2 here
    with another Bee allows you to circle both the row AND column associated with the other
    placed Bee."  A boosted wild Bee circles the row and the column of one value of its choice;
    the Wild Columns are never boosted (ruling H74).  A lone 2: ``()``.

    :returns: options, each a tuple of lines ``("row", v)``, ``("column", v)`` or
        ``("wild", 0)`` (all the Wild Columns).
    :raises IllegalActionError: errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("tend-larva", bees, boost)
    if split.no_effect:
        return ()
    (bee,) = split.main
    values = sorted(set(chamber.rows) | set(chamber.columns)) if bee == WILD else [bee]
    out: list[tuple[Line, ...]] = []
    for v in values:
        row, col = ("row", v), ("column", v)
        if split.boosted:
            lines = tuple(line for line, ok in ((row, v in chamber.rows),
                                                (col, v in chamber.columns)) if ok)
            if lines:
                out.append(lines)
        else:
            if v in chamber.rows:
                out.append((row,))
            if v in chamber.columns:
                out.append((col,))
    if bee == WILD and not split.boosted and chamber.wild_columns:
        out.append((("wild", 0),))
    return tuple(out)


def turbo_jellies_at_setup(jellies: int,
                           prefilled: Iterable[int] = (2,)) -> tuple[frozenset[int], ...]:
    """The Royal Jellies at setup in Turbo Mode: each holds the pre-filled values ("The Royal
    Jelly 2-spots are also pre-filled in"); ``prefilled`` is the sheet's ``jelly_prefilled``."""
    jellies = require_int("jellies", jellies, 1, 10)
    return tuple(frozenset(require_int("prefilled value", v, 1, 5) for v in prefilled)
                 for _ in range(jellies))


def check_turbo_jelly(bees: Sequence[int], jellies: Sequence[Collection[int]],
                      fills: Sequence[tuple[int, int]], boost: int = 2) -> tuple[int, ...]:
    """Check a Queen's Attendants action in Turbo Mode.

    "Placing a 2-type bee here allows you to take this action twice with the other Bee. If you
    place a 6 here with a 2 you can take two totally different Royal Jelly Actions"; "Each
    Royal Jelly can only hold one of each color".  Unboosted: one fill of the Bee's colour;
    boosted: two fills in two different jellies, of the Bee's colour, or any colours for a
    wild Bee (ruling H75).  A lone 2 fills nothing.

    :param jellies: the values already in each jelly (index 1-based in ``fills``).
    :param fills: ``(jelly number, value)`` pairs.
    :returns: the jelly numbers completed by these fills (each earns a Queen's Reward).
    :raises InvalidInputError: a jelly number or value out of range.
    :raises IllegalActionError: (rule Turbo Mode — Queen's Attendants) the wrong number of
        fills, the same jelly twice, a colour the Bee cannot place, a colour already in that
        jelly; errors of :func:`split_turbo_bees`.
    """
    split = split_turbo_bees("queens-attendants", bees, boost)
    state = [set(require_int("jelly value", v, 1, 5) for v in j) for j in jellies]
    want = 0 if split.no_effect else split.factor
    fills = [(require_int("jelly number", j, 1, len(state)), require_int("jelly value", v, 1, 5))
             for j, v in fills]
    if len(fills) != want:
        raise IllegalActionError(R_TURBO_JELLY, f"these Bees fill {want} Royal Jelly "
                                 f"spot{'s' if want != 1 else ''}, got {len(fills)}",
                                 expected=want, given=len(fills))
    if len({j for j, _ in fills}) != len(fills):
        raise IllegalActionError(R_TURBO_JELLY, "the boosted action is taken twice in two "
                                 "different Royal Jellies", expected="two different jellies",
                                 given=[j for j, _ in fills])
    completed = []
    for j, v in fills:
        if not split.no_effect and split.main[0] != WILD and v != split.main[0]:
            raise IllegalActionError(R_TURBO_JELLY, f"a {split.main[0]} Bee fills its own "
                                     f"colour ({split.main[0]}), not {v}",
                                     expected=split.main[0], given=v)
        if v in state[j - 1]:
            raise IllegalActionError(R_TURBO_JELLY, f"Royal Jelly {j} already holds a {v}: each "
                                     "Royal Jelly can only hold one of each color",
                                     expected=f"a value not in jelly {j}", given=v)
        state[j - 1].add(v)
        if len(state[j - 1]) == len(BEE_TYPES):
            completed.append(j)
    return tuple(completed)


def turbo_gather_nectar(bees: Sequence[int], boost: int = 2) -> tuple[tuple[int, ...], int]:
    """Gather Nectar in Turbo Mode: ``(nectar die values, X count)``.

    "During the Gather Nectar Phase, each 2-type Bee assigned produces an 'X' instead of colored
    Nectar. These do not score points directly" (an ``x`` hex, ruling H17).  Other Bees gather
    their own nectar as usual (wild Bees stay 6: their colour is the standard rule's matter).
    """
    values = tuple(_die("bee", b) for b in bees)
    return tuple(v for v in values if v != boost), sum(1 for v in values if v == boost)


# =============================================================================================
# Long Live the Queen
# =============================================================================================

@dataclass(frozen=True)
class QueenFacts:
    """What the demands look at, as the turn stands before Seasonal Effects.

    :ivar jelly_coloured: some Royal Jelly was coloured this turn.
    :ivar bread_upgraded: some bread type was upgraded this turn.
    :ivar hyves_completed: completed hyves so far (0–6).
    :ivar population: the population now.
    :ivar bread_levels: the five bread levels now.
    :ivar hp_position: the HP die's track position now.
    """

    jelly_coloured: bool
    bread_upgraded: bool
    hyves_completed: int
    population: int
    bread_levels: tuple[int, ...]
    hp_position: int


def demands_in_force(sheet: SheetDefinition, season_index: int) -> tuple[Demand, ...]:
    """The demands checked this turn: "There is one demand per season, and these demands stack
    as you progress through the Scenario" — the demands of every season up to the current one
    (``season_index``, 0-based, as :func:`~hyvekit.rules.hyve.phases.season_position` gives it).

    :raises InvalidInputError: a season index outside the sheet, or a sheet without demands.
    """
    index = require_int("season index", season_index, 0, max(len(sheet.seasons) - 1, 0))
    demands = tuple(s.demand for s in sheet.seasons[:index + 1] if s.demand is not None)
    if not demands:
        raise InvalidInputError("sheet", sheet.id, "a Long Live the Queen sheet (one demand "
                                "per season)")
    return demands


def demand_met(demand: Demand, facts: QueenFacts, track: HpTrack) -> bool:
    """Whether ``demand`` is satisfied ("Demand types"; rulings H77, H78):

    * ``royal-jelly``: a Royal Jelly was coloured this turn;
    * ``bread-upgrade``: a bread type was upgraded this turn;
    * ``hyves``: X or more completed hyves;
    * ``population``: population greater than X;
    * ``bread-levels``: every bread level greater than X;
    * ``hp-above-start``: the HP die on a position above the Starting Space.

    :raises InvalidInputError: an unknown kind, or facts out of range.
    """
    hyves = require_int("hyves completed", facts.hyves_completed, 0, HYVES)
    population = require_int("population", facts.population, 0)
    position = require_int("HP position", facts.hp_position, 0, track.top)
    if len(facts.bread_levels) != len(BEE_TYPES):
        raise InvalidInputError("bread levels", list(facts.bread_levels), "5 levels, types 1-5")
    levels = [require_int("bread level", v, 1, BREAD_MAX) for v in facts.bread_levels]
    x = demand.x if demand.x is not None else 0
    kind = demand.kind
    if kind == "royal-jelly":
        return bool(facts.jelly_coloured)
    if kind == "bread-upgrade":
        return bool(facts.bread_upgraded)
    if kind == "hyves":
        return hyves >= x
    if kind == "population":
        return population > x
    if kind == "bread-levels":
        return all(v > x for v in levels)
    if kind == "hp-above-start":
        return position > track.start
    raise InvalidInputError("demand kind", kind, "royal-jelly, bread-upgrade, hyves, "
                            "population, bread-levels or hp-above-start")


@dataclass(frozen=True)
class DemandCheck:
    """This turn's demand check: the demands ``met`` and ``unmet``; ``approval`` and
    ``disapproval`` are the pips to mark (one per demand)."""

    met: tuple[Demand, ...]
    unmet: tuple[Demand, ...]

    @property
    def approval(self) -> int:
        return len(self.met)

    @property
    def disapproval(self) -> int:
        return len(self.unmet)


def judge_demands(sheet: SheetDefinition, season_index: int, facts: QueenFacts) -> DemandCheck:
    """The demand check of one turn ("Before resolving Seasonal Effects check whether you have
    satisfied the current demand(s) ... For each satisfied Demand, gain 1 Approval point ...
    For each unsatisfied Demand ... mark 1 Disapproval point"), every turn (ruling H76).

    :raises InvalidInputError: see :func:`demands_in_force` and :func:`demand_met`.
    """
    met, unmet = [], []
    for d in demands_in_force(sheet, season_index):
        (met if demand_met(d, facts, sheet.hp_track) else unmet).append(d)
    return DemandCheck(tuple(met), tuple(unmet))


def check_approval_claim(check: DemandCheck, approval: int, disapproval: int) -> None:
    """:raises IllegalActionError: (rule Demands & Royal Approval) the pips a player marks this
    turn differ from the check."""
    approval = require_int("approval", approval, 0)
    disapproval = require_int("disapproval", disapproval, 0)
    if (approval, disapproval) != (check.approval, check.disapproval):
        raise IllegalActionError(
            R_QUEEN, f"this turn earns {check.approval} Approval and {check.disapproval} "
            f"Disapproval (met: {[d.describe() for d in check.met]}; unmet: "
            f"{[d.describe() for d in check.unmet]}), got {approval} and {disapproval}",
            expected=(check.approval, check.disapproval), given=(approval, disapproval))


def coronation(approval: int, disapproval: int) -> bool:
    """The Coronation: "If you have at least 1 more Approval than Disapproval, the Queen names
    you her successor. You win! If not, you've fallen short of the crown and you lose"."""
    approval = require_int("approval", approval, 0)
    disapproval = require_int("disapproval", disapproval, 0)
    return approval >= disapproval + CORONATION_MARGIN


def queen_end(track: HpTrack, *, population: int, hp_position: int, turns_done: int,
              total_turns: int, hyves_completed: int, approval: int,
              disapproval: int) -> EndCheck:
    """Win, loss or still playing in Long Live the Queen ("End Game: The Coronation").

    The usual conditions (:func:`~hyvekit.rules.hyve.phases.check_end`; the track has no
    Thriving space, ruling H4); a loss condition loses; a win condition met wins only with at
    least 1 more Approval than Disapproval, else the scenario is lost with ``"no coronation"``
    among the losses (ruling H79).
    """
    if track.thriving:
        raise InvalidInputError("HP track", "a Thriving space", "the Long Live the Queen track "
                                "(no Thriving space)")
    end = check_end(population, hp_position, track, turns_done, total_turns, hyves_completed)
    if end.status != "won":
        return end
    if coronation(approval, disapproval):
        return end
    return EndCheck(status="lost", losses=(
        f"no coronation: {', '.join(end.wins)} met with {approval} Approval and {disapproval} "
        "Disapproval (at least 1 more Approval than Disapproval needed)",))

