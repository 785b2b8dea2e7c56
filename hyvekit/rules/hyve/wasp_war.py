"""HYVE's Wasp War (rules/hyve.txt, "Wasp War"): the Marshal's formations and the wasp
attacks, the wasp rounds and the end of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.mode_shapes import (
    LIGHT_ATTACKS,
    R_DEFENSIVE,
    R_MARSHAL,
    R_OFFENSIVE,
    die,
    written_as,
)
from hyvekit.rules.hyve.phases import TENACITY_REDUCTION, EndCheck, check_end
from hyvekit.rules.hyve.sheets import OFFENSIVE_MAX, HpTrack, WaspWar
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

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
    if not (digits(f) and digits(h)) or int(f) < 1 or int(h) < 1:
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

    def empty_hexes(self) -> tuple[FormationHex, ...]:
        """The hexes a Marshal Bee may still fill: empty, defensive then offensive (a spent
        defensive hex stays filled, ruling H61)."""
        return tuple(FormationHex(kind, f, h)
                     for kind, groups in (("defensive", self.defensive),
                                          ("offensive", self.offensive))
                     for f, group in enumerate(groups, start=1)
                     for h, v in enumerate(group, start=1) if v is None)

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
        """The formation crossed out no attack number."""
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
        out.append((at, die(f"Marshal bee {i}", b.bee),
                    written_as(f"Marshal bee {i}", b.bee, b.as_value)))
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
        """The attack in words: blocked, crossed out, or what it takes."""
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
    dice = tuple(die(f"wasp die {i}", d) for i, d in enumerate(dice, start=1))
    blocked_by, spent = _blocks(dice, area, blocks)
    heavy = dice[0] + dice[1]
    lines = _attack_lines(wasp, dice, heavy, area.crossed_attacks, blocked_by)
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


def _blocks(dice: tuple[int, ...], area: MarshalArea, blocks: Iterable[FormationHex | str]
            ) -> tuple[list[FormationHex | None], set[FormationHex]]:
    """The Light Attacks blocked (Defensive Formations): for each die, the defensive hex
    that blocks it (None: not blocked), and the hexes spent after the blocks.

    :raises InvalidInputError: a malformed hex address.
    :raises IllegalActionError: (rule Defensive Formations) as :func:`resolve_wasp_attack`.
    """
    crossed = area.crossed_attacks
    blocked_by: list[FormationHex | None] = [None] * LIGHT_ATTACKS
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
        unblocked = [d for d, by in zip(dice, blocked_by) if by is None]
        slot = next((i for i in range(LIGHT_ATTACKS)
                     if blocked_by[i] is None and dice[i] == value), None)
        if slot is None:
            raise IllegalActionError(
                R_DEFENSIVE, f"{at} holds a {value}: it blocks only a Light Attack of {value}, "
                f"and the unblocked Light Attacks are {unblocked or 'none'}",
                expected=unblocked, given=value)
        if value in crossed:
            raise IllegalActionError(R_DEFENSIVE, f"attack {value} is crossed out by an "
                                     "offensive formation and has no effect: there is nothing "
                                     "to block", expected="an attack that is not crossed out",
                                     given=value)
        blocked_by[slot] = at
        spent.add(at)
    return blocked_by, spent


def _attack_lines(wasp: WaspWar, dice: tuple[int, ...], heavy: int, crossed,
                  blocked_by: list[FormationHex | None]) -> list[AttackLine]:
    """Each attack's line: the two Light Attacks (crossed out, blocked or a hit of the sheet's
    table), then the Heavy Attack (crossed out or a hit: it cannot be blocked)."""
    lines = []
    for number, by in zip(dice, blocked_by):
        if number in crossed:
            lines.append(AttackLine("light", number, "crossed out"))
        elif by is not None:
            lines.append(AttackLine("light", number, "blocked", blocked_by=by))
        else:
            a = wasp.attack(number)
            lines.append(AttackLine("light", number, "hit", a.hp, a.population, a.larva))
    if heavy in crossed:
        lines.append(AttackLine("heavy", heavy, "crossed out"))
    else:
        a = wasp.attack(heavy)
        lines.append(AttackLine("heavy", heavy, "hit", a.hp, a.population, a.larva))
    return lines


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
