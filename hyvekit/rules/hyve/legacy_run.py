"""A Hyve Legacy run (Legacy Mode of ``rules/hyve.txt``: Starting a Legacy, Purchasing
Upgrades — Perks, Bread Upgrades, Core Resources —, the Courier Action and Easy Mode): the state
derived from a run's events (:class:`LegacyState`), the actions (:class:`Shop` of
purchases, :class:`StartScenario`, :class:`Courier`, :class:`Result`,
:class:`SwitchEasy`), their costs, and :func:`check`, :func:`apply` and :func:`play`.

The flow of a run is a small state machine over :class:`LegacyState`::

    shopping --start--> playing --result(won | lost in easy mode)--> shopping (or complete after 5)
                                 \\--result(lost, normal mode)--> failed --easy--> shopping

:func:`check` raises :class:`IllegalActionError` naming the rule, :func:`apply` returns the next
state without checking, and :func:`play` does both.  The honey a scenario earns is
:mod:`.legacy_honey`'s; the sheet's values are :mod:`.legacy_sheet`'s.

Units: honey (whole drops of honey spent or earned), HP-track positions past the Starting Space,
population (bees), completed hyves (0–6), bee types / die values (1–5 coloured, 6 = the wild Bee
face), honey-track squares (1-based).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import field, replace
from typing import Any, Literal

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.legacy_honey import HoneyBreakdown, honey_earned
from hyvekit.rules.hyve.legacy_sheet import (RESOURCE_KINDS, RESOURCE_LABELS, SCENARIOS,
                                             LegacySheet, perk_label)
from hyvekit.rules.hyve.sheets import BEE_TYPES, WILD
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.common import counted
from hyvekit.rules.values import dataclass

# --- rule names (sections of hyve.txt, Legacy Mode) ------------------------------------------
R_START = "Hyve Legacy: Starting a Legacy"
R_PURCHASE = "Hyve Legacy: Purchasing Upgrades"
R_PERKS = "Hyve Legacy: Perks"
R_BREAD = "Hyve Legacy: Bread Upgrades"
R_CORE = "Hyve Legacy: Core Resources"
R_COURIER = "Hyve Legacy: Courier Action"
R_EASY = "Hyve Legacy: Easy Mode"
R_WIN = "Hyve: How to Win (or Lose)"
R_HP = "Hyve: Tracking HP"
R_POP = "Hyve: Population"

# --- constants the rulebook gives --------------------------------------------------------------
RESOURCES_PER_HONEY = 2       # Core Resources: "up to 2 of that resource for every 1 Honey"
START_BREAD_LEVEL = 1         # 4. Feed Bees: "You start with Level 1 of each Bread"

Phase = Literal["shopping", "playing", "failed", "complete"]


# --- state ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Resource:
    """One filled core-resource space: ``kind`` (hp/population/nectar) in a pencil ``colour``;
    ``used`` once a courier claimed and crossed it out."""

    kind: str
    colour: str
    used: bool = False


@dataclass(frozen=True)
class ScenarioResult:
    """How a scenario ended.  ``honey`` is None when no honey was earned (a normal-mode loss)."""

    number: int
    won: bool
    hp_past_start: int
    population: int
    hyves: int
    honey: HoneyBreakdown | None
    crossed_out: int | None = None


@dataclass(frozen=True)
class LegacyState:
    """A legacy run as derived from its events.

    :ivar colours: pencil colour of die values 1–5 (``colours[v - 1]``), fixed for the legacy.
    :ivar scenario: the scenario being played, or the last one played (0 before the first).
    :ivar honey: honey available to spend now.
    :ivar honey_well: honey earned after each scenario (None where none was earned yet).
    :ivar honey_lost: unspent honey lost when each scenario started.
    :ivar perks: perk ids in the order bought.
    :ivar bread_upgrades: upgrades bought per bee type 1–5.
    :ivar crossed_bread: bee types whose bread upgrades were crossed out (easy mode).
    :ivar resources: filled core-resource spaces in the order bought.
    :ivar honey_track: courier honey-track squares: "empty", "filled" or "crossed".
    :ivar courier_turns: turns of the current scenario on which the courier was used.
    :ivar table: the current scenario being played at the table
        (:class:`~hyvekit.rules.hyve.table.Table`; :mod:`hyvekit.rules.hyve.table_record`),
        or None; :ivar played_tables: ``(scenario number, table)`` of each scenario played at
        the table, in order (for ``hyve export-turns``).
    :ivar last_step: the last step pushed at the table, resolved
        (:class:`~hyvekit.rules.hyve.engine.HyveLegacyEngine`); :ivar said: what the rules did
        with it, in words.  Neither is compared.
    """

    sheet: LegacySheet
    colours: tuple[str, ...]
    easy: bool = False
    phase: Phase = "shopping"
    scenario: int = 0
    honey: int = 0
    honey_well: tuple[int | None, ...] = (None,) * SCENARIOS
    honey_lost: tuple[int, ...] = ()
    perks: tuple[str, ...] = ()
    bread_upgrades: tuple[int, ...] = (0,) * len(BEE_TYPES)
    crossed_bread: tuple[int, ...] = ()
    resources: tuple[Resource, ...] = ()
    honey_track: tuple[str, ...] = ()
    results: tuple[ScenarioResult, ...] = ()
    courier_turns: tuple[int, ...] = field(default=())
    table: Any = None
    played_tables: tuple[tuple[int, Any], ...] = ()
    last_step: str = field(default="", compare=False)
    said: tuple[str, ...] = field(default=(), compare=False)

    # -- derived views -----------------------------------------------------------------
    @property
    def bread_levels(self) -> tuple[int, ...]:
        """Starting bread level of each bee type 1–5 in the next scenario (Bread Upgrades);
        a crossed-out type starts at level 1 (Easy Mode)."""
        return tuple(START_BREAD_LEVEL if t in self.crossed_bread
                     else START_BREAD_LEVEL + self.bread_upgrades[t - 1] for t in BEE_TYPES)

    def colour_of(self, bee: int) -> str:
        """Pencil colour of die value ``bee`` (1–5)."""
        return self.colours[bee - 1]

    @property
    def next_scenario(self) -> int | None:
        """Number of the scenario that would start next, or None when the legacy is over."""
        if self.phase in ("failed", "complete") or self.scenario >= SCENARIOS:
            return None
        return self.scenario + 1 if self.phase == "shopping" else None

    @property
    def pending_courier_bonus(self) -> int:
        """Honey on filled, not crossed-out bonus squares of the honey track."""
        return sum(self.sheet.bonus_at(i + 1) for i, s in enumerate(self.honey_track)
                   if s == "filled")

    def unused_resources(self, colour: str | None = None) -> tuple[Resource, ...]:
        """Unused resources, optionally only those of ``colour``."""
        return tuple(r for r in self.resources
                     if not r.used and (colour is None or r.colour == colour))

    def spaces_left(self, kind: str) -> int:
        """Empty spaces left for core resource ``kind``."""
        return self.sheet.spaces(kind) - sum(1 for r in self.resources if r.kind == kind)

    def next_bread_cost(self, bee: int) -> int | None:
        """Honey for the next upgrade of ``bee``-type bread (its right-most empty slot), or None
        when every slot is filled."""
        bought = self.bread_upgrades[bee - 1]
        slots = self.sheet.bread_slots
        return slots[len(slots) - 1 - bought] if bought < len(slots) else None


def new_legacy(sheet: LegacySheet, colours: list[str] | tuple[str, ...],
               easy: bool = False) -> LegacyState:
    """Start a legacy (Legacy Mode, "Starting a Legacy" and "Gaining Honey").

    :param colours: five distinct pencil colours for die values 1–5, fixed for the legacy.
    :raises InvalidInputError: not five colours, a colour repeated or not a pencil colour.
    """
    names = [str(c).strip().lower() for c in colours]
    allowed = [c for c, _ in sheet.colours]
    if len(names) != len(BEE_TYPES):
        raise InvalidInputError("colours", ",".join(names),
                                f"{len(BEE_TYPES)} colours for die values 1-5, e.g. "
                                + ",".join(allowed[:5]))
    for name in names:
        if name not in allowed:
            raise not_one_of("colours", name, allowed)
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise InvalidInputError("colours", dup, "five different colours, one per die value")
    return LegacyState(sheet=sheet, colours=tuple(names), easy=easy,
                       honey=sheet.starting_honey,
                       honey_track=("empty",) * sheet.honey_track_length)


# --- actions --------------------------------------------------------------------------------

@dataclass(frozen=True)
class BuyPerk:
    """Buy one perk (Legacy Mode, "Perks"): flat cost, each perk once."""
    perk: str


@dataclass(frozen=True)
class BuyBread:
    """Buy one bread upgrade for bee type 1–5 (Legacy Mode, "Bread Upgrades")."""
    bee_type: int


@dataclass(frozen=True)
class BuyResources:
    """Buy core resources of one kind, one legacy colour per resource (Legacy Mode, "Core
    Resources"): ``ceil(len(colours) / 2)`` honey."""
    kind: str
    colours: tuple[str, ...]


Purchase = BuyPerk | BuyBread | BuyResources


@dataclass(frozen=True)
class Shop:
    """A shopping trip between scenarios: purchases made in order, all or none."""
    purchases: tuple[Purchase, ...]


@dataclass(frozen=True)
class StartScenario:
    """Begin the next scenario; unspent honey is lost (Legacy Mode, "Gaining Honey")."""


@dataclass(frozen=True)
class Courier:
    """Assign a bee to the Courier action (Legacy Mode, "Courier Action").

    :ivar bee: die value 1–5, or 6 for a wild Bee.
    :ivar turn: optional turn number of the scenario, to enforce one courier bee per turn.
    """
    bee: int
    turn: int | None = None


@dataclass(frozen=True)
class SheetLimits:
    """What the scenario's game sheet lets a result be (How to Win (or Lose), Tracking HP).

    :ivar hp_spaces: HP track positions, 0 (Colony Collapse) to ``hp_spaces - 1``.
    :ivar hp_start: the Starting Space's position.
    :ivar population: population circles on the sheet (the most population there can be).
    :ivar source: where the values come from (e.g. hyvekit's own "Coldsnap" sheet, assumed).
    """
    hp_spaces: int
    hp_start: int
    population: int
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The limits as a record keeps them (:meth:`from_dict` reads them back)."""
        return {"hp_spaces": self.hp_spaces, "hp_start": self.hp_start,
                "population": self.population, "source": self.source}

    @classmethod
    def from_dict(cls, raw: Any) -> SheetLimits:
        """:raises InvalidInputError: not a dict of positive whole numbers."""
        if not isinstance(raw, dict):
            raise InvalidInputError("result limits", raw, "hp_spaces, hp_start, population")
        spaces = require_int("limits hp_spaces", raw.get("hp_spaces"), 2)
        return cls(spaces, require_int("limits hp_start", raw.get("hp_start"), 1, spaces - 1),
                   require_int("limits population", raw.get("population"), 1),
                   str(raw.get("source", "")))


def scenario_mode(state: LegacyState, number: int) -> str | None:
    """The game mode id (``rules/hyve/sheets.py`` MODES) of scenario ``number`` 1–5 of the run
    configuration ("Standard", "Wasp War", ...), or None for a name that is no known mode."""
    return mode_named(state.sheet.run[number - 1])


def mode_named(name: str) -> str | None:
    """The game mode id a run configuration's scenario name names ("Wasp War" →
    ``"wasp-war"``), or None for a name that is no known mode."""
    from hyvekit.rules.hyve.sheets import MODE_LABELS
    name = name.strip().lower()
    return next((m for m, label in MODE_LABELS.items()
                 if name in (m, label.lower(), label.lower().replace(" mode", ""))), None)


def scenario_limits(state: LegacyState, definitions: Mapping[str, Any]) -> SheetLimits | None:
    """The limits of the scenario being played, from the scenario sheet definition of its mode.

    :param definitions: scenario sheet definitions by id (``rules/hyve/sheets.py``; the
        packaged ones unless the player gives their own).
    :returns: None when no scenario is being played, or its run name is not a known mode.
    """
    if state.phase != "playing" or not state.scenario:
        return None
    mode = scenario_mode(state, state.scenario)
    if mode is None:
        return None
    sheets = definitions
    sheet = sheets.get(mode) or next((d for d in sheets.values() if d.mode == mode), None)
    if sheet is None:
        return None
    return SheetLimits(sheet.hp_track.spaces, sheet.hp_track.start, sheet.population_spaces,
                       f"{sheet.name} sheet" + (" (hyvekit's own values, assumed)"
                                                if sheet.assumed else ""))


@dataclass(frozen=True)
class Result:
    """The end of the current scenario.

    :ivar won: whether a win condition was met (How to Win (or Lose)).
    :ivar hp_past_start: HP-track positions past the Starting Space (negative = below it).
    :ivar population: population at the end (bees).
    :ivar hyves: completed hyves 0–6.
    :ivar courier_bonus: the bonus the player counted, checked against the honey track.
    :ivar cross_out: bee type whose bread upgrades are crossed out (a loss in easy mode).
    :ivar limits: the scenario sheet's HP track and population track, when known: the result
        must fit on them (results logged before hyvekit recorded them have none).
    """
    won: bool
    hp_past_start: int
    population: int
    hyves: int
    courier_bonus: int | None = None
    cross_out: int | None = None
    limits: SheetLimits | None = None


@dataclass(frozen=True)
class SwitchEasy:
    """Switch the legacy to Easy Mode (allowed at any time, Legacy Mode "Easy Mode").  Right
    after a normal-mode loss it needs ``cross_out``, the bread type the loss crosses out."""
    cross_out: int | None = None


Action = Shop | StartScenario | Courier | Result | SwitchEasy


# --- costs ----------------------------------------------------------------------------------

def cost(state: LegacyState, purchase: Purchase) -> int:
    """Honey cost of ``purchase`` in ``state`` (does not check legality beyond input shape)."""
    if isinstance(purchase, BuyPerk):
        return state.sheet.perk_cost(purchase.perk)
    if isinstance(purchase, BuyBread):
        c = state.next_bread_cost(bee_type_of(purchase.bee_type))
        return 0 if c is None else c
    return math.ceil(len(purchase.colours) / RESOURCES_PER_HONEY)


def affordable(state: LegacyState) -> list[str]:
    """What ``state.honey`` can still buy, as short phrases (for refusals and ``--dry-run``)."""
    honey = state.honey
    items = [f"{perk_label(p)} ({c})" for p, c in state.sheet.perk_costs
             if p not in state.perks and c <= honey]
    for t in BEE_TYPES:
        c = state.next_bread_cost(t)
        if t not in state.crossed_bread and c is not None and c <= honey:
            items.append(f"{t}-type bread ({c})")
    most = honey * RESOURCES_PER_HONEY
    for kind in RESOURCE_KINDS:
        n = min(most, state.spaces_left(kind))
        if n:
            items.append(f"up to {n} {RESOURCE_LABELS[kind]} ({math.ceil(n / 2)})")
    return items


def _afford_hint(state: LegacyState) -> str:
    items = affordable(state)
    return ("affordable instead: " + ", ".join(items)) if items else "nothing is affordable"


# --- checking -------------------------------------------------------------------------------

def bee_type_of(value: object, field_name: str = "bee type") -> int:
    """A bee type (die value 1–5). :raises InvalidInputError: anything else (``field_name``)."""
    return require_int(field_name, value, 1, len(BEE_TYPES))


def _check_phase_for_shopping(state: LegacyState) -> None:
    if state.phase == "playing":
        raise IllegalActionError(
            R_PURCHASE, f"purchases are made before a scenario begins; scenario "
            f"{state.scenario} is being played", hint="log its result first")
    _check_not_over(state)


def _check_not_over(state: LegacyState) -> None:
    if state.phase == "failed":
        raise IllegalActionError(
            R_START, f"the legacy ended when scenario {state.scenario} was lost in normal "
            "difficulty", hint="switch to easy mode to continue it")
    if state.phase == "complete":
        raise IllegalActionError(R_START, f"the legacy is complete after scenario {SCENARIOS}")


def _check_purchase(state: LegacyState, p: Purchase, spent: int = 0) -> None:
    """Check one purchase; ``spent`` is the honey the earlier purchases of the trip cost."""
    if isinstance(p, BuyPerk):
        price = state.sheet.perk_cost(p.perk)
        if p.perk in state.perks:
            raise IllegalActionError(R_PERKS, f"{perk_label(p.perk)} is already owned; each "
                                     "perk is bought once", hint=_afford_hint(state))
        what = f"perk {perk_label(p.perk)}"
    elif isinstance(p, BuyBread):
        t = bee_type_of(p.bee_type)
        if t in state.crossed_bread:
            raise IllegalActionError(R_EASY, f"{t}-type bread was crossed out after a lost "
                                     "scenario; its upgrades can no longer be bought",
                                     hint=_afford_hint(state))
        price = state.next_bread_cost(t)
        if price is None:
            raise IllegalActionError(R_BREAD, f"every {t}-type bread slot is filled "
                                     f"(level {state.bread_levels[t - 1]})",
                                     hint=_afford_hint(state))
        what = f"{t}-type bread upgrade (right-most empty slot)"
    else:
        if p.kind not in RESOURCE_KINDS:
            raise not_one_of("core resource", p.kind, RESOURCE_KINDS)
        if not p.colours:
            raise InvalidInputError(f"{p.kind} colours", "", "at least one colour")
        for colour in p.colours:
            if colour not in state.colours:
                # bad input, not a rule: each resource is marked with one of the run's colours
                raise not_one_of(f"{p.kind} colour", colour, state.colours)
        left = state.spaces_left(p.kind)
        if len(p.colours) > left:
            raise IllegalActionError(R_CORE, f"{len(p.colours)} {RESOURCE_LABELS[p.kind]} "
                                     f"asked for, {counted(left, 'space')} left on the sheet",
                                     expected=left, given=len(p.colours))
        price = cost(state, p)
        what = f"{len(p.colours)} {RESOURCE_LABELS[p.kind]}"
    if price > state.honey:
        message = f"{what} costs {price} honey, {state.honey} left"
        if spent:
            message += (f" after the {spent} honey of the purchases before it "
                        f"({spent + price} together, {state.honey + spent} available)")
        raise IllegalActionError(R_PURCHASE, message, expected=f"<= {state.honey}", given=price,
                                 hint=_afford_hint(state))


def check(state: LegacyState, action: Action) -> None:
    """Raise if ``action`` is not allowed in ``state``.

    :raises IllegalActionError: against a Legacy Mode rule (the rule is named).
    :raises InvalidInputError: a value out of range (bee type 7, population -1...).
    """
    if isinstance(action, Shop):
        _check_phase_for_shopping(state)
        if not action.purchases:
            raise InvalidInputError("purchases", "none", "at least one perk, bread or resource")
        perks = [p.perk for p in action.purchases if isinstance(p, BuyPerk)]
        twice = next((p for p in perks if perks.count(p) > 1), None)
        if twice:
            raise IllegalActionError(R_PERKS, f"{perk_label(twice)} is listed twice; each perk "
                                     "is bought once")
        s = state
        for p in action.purchases:
            _check_purchase(s, p, spent=state.honey - s.honey)
            s = _apply_purchase(s, p)
    elif isinstance(action, StartScenario):
        if state.phase == "playing":
            raise IllegalActionError(R_START, f"scenario {state.scenario} is still being "
                                     "played", hint="log its result first")
        _check_not_over(state)
    elif isinstance(action, Courier):
        _check_courier(state, action)
    elif isinstance(action, Result):
        _check_result(state, action)
    elif isinstance(action, SwitchEasy):
        if state.easy:
            raise IllegalActionError(R_EASY, "the legacy is already in easy mode")
        if state.phase == "complete":
            raise IllegalActionError(R_START, "the legacy is already complete")
        if state.phase == "failed":
            if action.cross_out is None:
                raise IllegalActionError(
                    R_EASY, f"scenario {state.scenario} was lost: switching to easy mode now "
                    "crosses out one bread-upgrade type", hint="name it with --cross-out 1-5")
            _check_cross_out(state, action.cross_out)
        elif action.cross_out is not None:
            raise IllegalActionError(R_EASY, "a bread type is crossed out only for a lost "
                                     "scenario", given=action.cross_out)
    else:  # pragma: no cover - the action union is closed
        raise InvalidInputError("action", type(action).__name__, "a Hyve Legacy action")


def _check_cross_out(state: LegacyState, bee: object) -> None:
    t = bee_type_of(bee, "cross-out bread type")
    if t in state.crossed_bread:
        raise IllegalActionError(R_EASY, f"{t}-type bread is already crossed out",
                                 hint="choose one of " + ", ".join(
                                     str(b) for b in BEE_TYPES if b not in state.crossed_bread))


def _check_courier(state: LegacyState, action: Courier) -> None:
    if state.phase != "playing":
        raise IllegalActionError(R_COURIER, "the courier is assigned a bee during a scenario; "
                                 "none is being played", hint="start the next scenario first")
    bee = require_int("bee", action.bee, 1, WILD)
    if action.turn is not None:
        turn = require_int("turn", action.turn, 1, 999)
        if turn in state.courier_turns:
            raise IllegalActionError(R_COURIER, f"a bee was already placed on the courier on "
                                     f"turn {turn}; only one bee per turn")
    if bee == WILD:
        if "empty" not in state.honey_track:
            raise IllegalActionError(R_COURIER, "a wild Bee fills the next honey-track square, "
                                     "but every square is filled")
        return
    colour = state.colour_of(bee)
    if not state.unused_resources(colour):
        colours = sorted({r.colour for r in state.unused_resources()})
        raise IllegalActionError(
            R_COURIER, f"a {bee}-Bee ({colour}) must match the colour of an unused resource; "
            f"no unused {colour} resource", expected=colours or "a wild Bee", given=colour,
            hint=("unused colours: " + ", ".join(colours)) if colours
            else "no resource is unused; a wild Bee fills the honey track")


def _check_limits(r: Result, lim: SheetLimits) -> None:
    """The result must fit on the sheet (ruling R15)."""
    where = f" on the {lim.source}" if lim.source else ""
    position = lim.hp_start + r.hp_past_start
    lowest, highest = -lim.hp_start, lim.hp_spaces - 1 - lim.hp_start
    if not lowest <= r.hp_past_start <= highest:
        raise IllegalActionError(R_HP, f"the HP die can be {lowest} to +{highest} positions past "
                                 f"the Starting Space{where}, got {r.hp_past_start:+d}",
                                 expected=f"{lowest}..{highest}", given=r.hp_past_start)
    if r.won and position == 0:
        raise IllegalActionError(R_WIN, "a scenario whose HP die is on Colony Collapse is lost",
                                 expected="lost", given="won")
    if r.population > lim.population:
        raise IllegalActionError(R_POP, f"the Population track has {lim.population} circles"
                                 f"{where}, got population {r.population}",
                                 expected=f"at most {lim.population}", given=r.population)


def _check_result(state: LegacyState, r: Result) -> None:
    honey_earned(r.hp_past_start, r.population, r.hyves, r.courier_bonus or 0)  # input ranges
    if state.phase != "playing":
        raise IllegalActionError(R_START, "no scenario is being played",
                                 hint="start the next scenario first")
    if r.won and r.population == 0:
        raise IllegalActionError(R_WIN, "a scenario ending with population 0 is lost",
                                 expected="lost", given="won")
    if r.limits is not None:
        _check_limits(r, r.limits)
    if r.courier_bonus is not None and r.courier_bonus != state.pending_courier_bonus:
        raise IllegalActionError(
            R_COURIER, f"the filled bonus squares of the honey track pay "
            f"{state.pending_courier_bonus} honey, got {r.courier_bonus}",
            expected=state.pending_courier_bonus, given=r.courier_bonus)
    if not r.won and state.easy:
        if r.cross_out is None:
            raise IllegalActionError(R_EASY, "a lost scenario in easy mode crosses out one "
                                     "bread-upgrade type", hint="name it with --cross-out 1-5")
        _check_cross_out(state, r.cross_out)
    elif r.cross_out is not None:
        raise IllegalActionError(R_EASY, "a bread type is crossed out only for a scenario lost "
                                 "in easy mode", given=r.cross_out)


# --- applying -------------------------------------------------------------------------------

def _apply_purchase(state: LegacyState, p: Purchase) -> LegacyState:
    price = cost(state, p)
    if isinstance(p, BuyPerk):
        return replace(state, honey=state.honey - price, perks=state.perks + (p.perk,))
    if isinstance(p, BuyBread):
        up = list(state.bread_upgrades)
        up[p.bee_type - 1] += 1
        return replace(state, honey=state.honey - price, bread_upgrades=tuple(up))
    return replace(state, honey=state.honey - price,
                   resources=state.resources + tuple(Resource(p.kind, c) for c in p.colours))


def _finish(state: LegacyState, number: int, won: bool, hp: int, pop: int, hyves: int,
            cross_out: int | None) -> LegacyState:
    """Earn honey as if won: well, honey to spend, bonus squares crossed out."""
    breakdown = honey_earned(hp, pop, hyves, state.pending_courier_bonus)
    well = list(state.honey_well)
    well[number - 1] = breakdown.total
    track = tuple("crossed" if s == "filled" and state.sheet.bonus_at(i + 1) else s
                  for i, s in enumerate(state.honey_track))
    result = ScenarioResult(number, won, hp, pop, hyves, breakdown, cross_out)
    results = tuple(x for x in state.results if x.number != number) + (result,)
    return replace(state, honey=breakdown.total, honey_well=tuple(well), honey_track=track,
                   results=results,
                   crossed_bread=state.crossed_bread + ((cross_out,) if cross_out else ()),
                   phase="complete" if number >= SCENARIOS else "shopping")


def apply(state: LegacyState, action: Action) -> LegacyState:
    """Return the state after ``action`` without checking it (see :func:`play`)."""
    if isinstance(action, Shop):
        for p in action.purchases:
            state = _apply_purchase(state, p)
        return state
    if isinstance(action, StartScenario):
        return replace(state, scenario=state.scenario + 1, phase="playing", honey=0,
                       honey_lost=state.honey_lost + (state.honey,), courier_turns=())
    if isinstance(action, Courier):
        turns = state.courier_turns + ((action.turn,) if action.turn is not None else ())
        if action.bee == WILD:
            track = list(state.honey_track)
            track[track.index("empty")] = "filled"
            return replace(state, honey_track=tuple(track), courier_turns=turns)
        colour = state.colour_of(action.bee)
        resources = tuple(replace(r, used=True) if r.colour == colour else r
                          for r in state.resources)
        return replace(state, resources=resources, courier_turns=turns)
    if isinstance(action, Result):
        if action.won or state.easy:
            return _finish(state, state.scenario, action.won, action.hp_past_start,
                           action.population, action.hyves, action.cross_out)
        lost = ScenarioResult(state.scenario, False, action.hp_past_start, action.population,
                              action.hyves, None)
        return replace(state, phase="failed", results=state.results + (lost,))
    if isinstance(action, SwitchEasy):
        state = replace(state, easy=True)
        if state.phase == "failed":
            last = state.results[-1]
            return _finish(state, last.number, False, last.hp_past_start, last.population,
                           last.hyves, action.cross_out)
        return state
    raise InvalidInputError("action", type(action).__name__, "a Hyve Legacy action")


def play(state: LegacyState, action: Action) -> LegacyState:
    """Check ``action`` against the rules, then apply it.

    :raises IllegalActionError: see :func:`check`.
    :raises InvalidInputError: see :func:`check`.
    """
    check(state, action)
    return apply(state, action)


def honey_spent(state: LegacyState) -> dict[int, int]:
    """Honey spent in the shop before each scenario, by the number of the scenario played
    before it (0: the starting honey): the honey there was to spend less what was left — lost
    when the next scenario began ("Gaining Honey": "Any unspent Honey that you have is lost
    upon beginning the scenario"), or still to spend now."""
    available = (state.sheet.starting_honey, *state.honey_well)
    left = state.honey_lost + ((state.honey,) if state.phase == "shopping" else ())
    return {n: available[n] - kept for n, kept in enumerate(left) if available[n] is not None}


def courier_claim(state: LegacyState, bee: int) -> dict[str, Any]:
    """What a courier bee would give now: ``{"population": n, "hp": n, "nectar": {colour: n}}``
    for a coloured bee, ``{"honey_track_square": k, "bonus": honey}`` for a wild one."""
    if bee == WILD:
        k = state.honey_track.index("empty") + 1 if "empty" in state.honey_track else None
        return {"honey_track_square": k, "bonus": state.sheet.bonus_at(k) if k else 0}
    colour = state.colour_of(bee)
    claim: dict[str, Any] = {"hp": 0, "population": 0, "nectar": {}}
    for r in state.unused_resources(colour):
        if r.kind == "nectar":
            claim["nectar"][colour] = claim["nectar"].get(colour, 0) + 1
        else:
            claim[r.kind] += 1
    return claim
