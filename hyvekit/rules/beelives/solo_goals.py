"""Judging the solo goals (rules/bee-lives.txt, "Solo Play" goals, the standard goal of End of
the Game and the Multiple Years Variant): what happened each month as :class:`MonthFacts`,
and goal by goal whether it is met, at risk or failed, with a reason naming the card; basic
mode's increased-difficulty rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field

from hyvekit.rules.beelives.solo_cards import (
    ACTIONS,
    HIVE_TARGETS,
    MAX_YEARS,
    MONTH_NAMES,
    MONTHS_PER_YEAR,
    ORIGINS,
    QUEEN_TYPES,
    R_REQUEEN,
    R_SOLO,
    R_SWARM,
    RAID_TARGETS,
    SEASONS,
    SWARM_OR_CARD,
    WILD_MAX,
    BasicRules,
    CampaignCard,
    Card,
    Goal,
    spawn_strength,
)
from hyvekit.rules.beelives.state import AT_RISK, FAILED, MET, SURVIVE
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass


@dataclass(frozen=True)
class RaidFact:
    """One Raid action of the solo hive.

    :ivar target: ``"wild_hive"``, ``"player_hive"`` or ``"haunted_tile"`` (Haunted Hives:
        scaring ghosts off a tile with 1 bee).
    :ivar success: whether the raid was successful (Raid: Successful Raid / wild hive removed).
    """

    target: str
    success: bool = False


@dataclass(frozen=True)
class SwarmFact:
    """The solo hive's swarm in this month's Swarm Phase.

    :ivar stayed: True if the hive stayed (new queen), False if it moved to the new location.
    :ivar wild_hive: name of the wild hive the swarm spawned (it must appear in
        ``MonthFacts.wild_hives`` with ``spawned=True``, ``origin="swarm"``); None when no legal
        placement was within three spaces (then the hive must stay).
    :ivar new_queen: the queen type chosen when staying (may equal the old type); None when
        the hive moved (it keeps its queen).
    """

    stayed: bool
    wild_hive: str | None = None
    new_queen: str | None = None


@dataclass(frozen=True)
class WildFact:
    """One wild hive that was on the map at any time this month.

    :ivar name: its token's name (``"ACORN"``); unique within a month.
    :ivar strength: strength at the end of the month; 0 = removed from play this month.
    :ivar peak: the highest strength it had at any moment this month (when spawned included).
    :ivar spawned: True if it came into play this month.
    :ivar origin: how it came into play, when ``spawned``: one of :data:`ORIGINS` (``swarm``:
        your hive's swarm; ``wild_swarm``: a wild hive at 14 swarmed; ``season_card``,
        ``challenge_card`` (Under Siege), ``scenario_card``, ``campaign_card``; ``solo_rule``:
        basic mode's harder rule; ``setup``: a scenario's starting map).
    :ivar haunted: a haunted hive (Haunted Hives).  :ivar infected: infected (Zombees).
    """

    name: str
    strength: int
    peak: int
    spawned: bool = False
    origin: str = ""
    haunted: bool = False
    infected: bool = False


@dataclass(frozen=True)
class MonthFacts:
    """What happened to the solo hive in one productive month (and, for the last month of a
    year, the winter after it).  Give one per month, in order from year 1 month 1.

    :ivar year: 1, 2 or 3.
    :ivar month: productive month of the year, 1 (March) to 9 (November); spring is 1–3,
        summer 4–6, fall 7–9.
    :ivar queen_at_start: the queen type held when the month began.
    :ivar actions: every action the hive took this month with its worker bees, in order, by
        action space (:data:`ACTIONS`): ``"forage"``, ``"scout"``, ``"raid"``, ...
    :ivar raids: one :class:`RaidFact` per ``"raid"`` in ``actions``, in order.
    :ivar requeens: the new queen type of each ``"requeen"`` in ``actions``, in order.
    :ivar swarm: the hive's swarm this month (at most one Swarm Phase a month), or None.
    :ivar brood_hatched: brood hatched into worker bees in this month's Brood Phase (pollen
        spent; counted before disease losses, prolific extra bees not included); None (or 0)
        for the game's first month, which skips the Brood Phase, and only then.
    :ivar worst_disease: the lowest disease level (0 or negative, rulebook numbers) the hive
        reached at any moment this month, winter included for month 9.
    :ivar comb: comb size (cells) at the end of the month.
    :ivar map_tiles: number of map tiles at the end of the month (burned tiles still count).
    :ivar map_length: the map's length in tiles at the end of the month (:func:`map_length`).
    :ivar wild_hives: every wild hive on the map at any time this month (:class:`WildFact`).
    :ivar hive_burned: Wildfire: your hive's tile flipped to the fire this month.
    :ivar hive_infected: Zombees: your hive was infected at the end of the month.
    :ivar winter_bees: month 9 only: worker bees alive after that year's winter upkeep
        (None until the winter is played).
    """

    year: int
    month: int
    queen_at_start: str
    actions: tuple[str, ...] = ()
    raids: tuple[RaidFact, ...] = ()
    requeens: tuple[str, ...] = ()
    swarm: SwarmFact | None = None
    brood_hatched: int | None = 0
    worst_disease: int = 0
    comb: int = 10
    map_tiles: int = 1
    map_length: int = 1
    wild_hives: tuple[WildFact, ...] = ()
    hive_burned: bool = False
    hive_infected: bool = False
    winter_bees: int | None = None

    @property
    def season(self) -> str:
        """spring (months 1–3), summer (4–6) or fall (7–9)."""
        return SEASONS[(self.month - 1) // 3]

    @property
    def scouts(self) -> int:
        """Scout actions taken this month."""
        return self.actions.count("scout")

    @property
    def queens_held(self) -> tuple[str, ...]:
        """Every queen the hive had this month, in order: the one it began with, the one chosen
        when staying after a swarm (Swarm Phase), then each requeen (Action Phase)."""
        out = [self.queen_at_start]
        if self.swarm is not None and self.swarm.stayed and self.swarm.new_queen:
            out.append(self.swarm.new_queen)
        out.extend(self.requeens)
        return tuple(out)

    @property
    def queen_at_end(self) -> str:
        return self.queens_held[-1]

    def when(self) -> str:
        """The month as players say it: ``"July of year 1"``."""
        return f"{MONTH_NAMES[self.month - 1]} of year {self.year}"


def check_facts(facts: Sequence[MonthFacts]) -> None:
    """Check the facts are well formed and follow the rules they record.

    :raises InvalidInputError: out-of-range values, months out of order (they must run from
        year 1 month 1 without gaps), a raid/requeen list not matching the actions, an unknown
        action, queen type, raid target or origin, a swarm's wild hive missing from the month.
    :raises IllegalActionError: a requeen to the same type (Requeen), a swarm in the game's
        first month, a queen changed between months of a year, a move without a spawned wild
        hive or a new queen on a move (Swarm Phase).
    """
    expected = (1, 1)
    previous: MonthFacts | None = None
    for i, f in enumerate(facts):
        where = f"facts[{i}]"
        if not isinstance(f, MonthFacts):
            raise InvalidInputError(where, f, "a MonthFacts")
        year = require_int(f"{where}.year", f.year, 1, MAX_YEARS)
        month = require_int(f"{where}.month", f.month, 1, MONTHS_PER_YEAR)
        if (year, month) != expected:
            raise InvalidInputError(f"{where} month", f"year {year} month {month}",
                                    f"year {expected[0]} month {expected[1]} (one per month, "
                                    "in order, no gaps)")
        expected = (year, month + 1) if month < MONTHS_PER_YEAR else (year + 1, 1)
        for q in (f.queen_at_start, *f.requeens):
            if q not in QUEEN_TYPES:
                raise not_one_of(f"{where} queen", q, QUEEN_TYPES)
        for a in f.actions:
            if a not in ACTIONS:
                raise not_one_of(f"{where}.actions", a, ACTIONS)
        if len(f.raids) != f.actions.count("raid"):
            raise InvalidInputError(f"{where}.raids", len(f.raids),
                                    f"one per raid action ({f.actions.count('raid')})")
        for r in f.raids:
            if r.target not in RAID_TARGETS:
                raise not_one_of(f"{where}.raids target", r.target, RAID_TARGETS)
        if len(f.requeens) != f.actions.count("requeen"):
            raise InvalidInputError(f"{where}.requeens", len(f.requeens),
                                    f"one per requeen action ({f.actions.count('requeen')})")
        if (year, month) == (1, 1):
            if f.brood_hatched not in (None, 0):
                raise InvalidInputError(f"{where}.brood_hatched", f.brood_hatched,
                                        "None or 0 (the game's first month skips the Brood "
                                        "Phase)")
        elif f.brood_hatched is None:
            raise InvalidInputError(f"{where}.brood_hatched", None, "a whole number (only "
                                    "the game's first month has no Brood Phase)")
        else:
            require_int(f"{where}.brood_hatched", f.brood_hatched, 0, 99)
        require_int(f"{where}.worst_disease", f.worst_disease, -99, 0)
        require_int(f"{where}.comb", f.comb, 1, 99)
        tiles = require_int(f"{where}.map_tiles", f.map_tiles, 1, 999)
        require_int(f"{where}.map_length", f.map_length, 1, tiles)
        if f.winter_bees is not None:
            if month != MONTHS_PER_YEAR:
                raise InvalidInputError(f"{where}.winter_bees", f.winter_bees,
                                        "nothing before month 9 (winter follows November)")
            require_int(f"{where}.winter_bees", f.winter_bees, 0, 99)
        names = [w.name for w in f.wild_hives]
        if len(set(names)) != len(names):
            raise InvalidInputError(f"{where}.wild_hives", names, "each wild hive once a month")
        for w in f.wild_hives:
            require_int(f"{where} wild hive {w.name} strength", w.strength, 0, WILD_MAX)
            require_int(f"{where} wild hive {w.name} peak", w.peak, max(w.strength, 1), WILD_MAX)
            if w.spawned and w.origin not in ORIGINS:
                raise not_one_of(f"{where} wild hive {w.name} origin", w.origin, ORIGINS)
        _check_queens(where, f, previous)
        previous = f


def _check_queens(where: str, f: MonthFacts, previous: MonthFacts | None) -> None:
    if previous is not None and previous.year == f.year \
            and previous.queen_at_end != f.queen_at_start:
        raise IllegalActionError(R_SOLO, f"{f.when()} began with a {f.queen_at_start} queen, "
                                 f"but the month before ended with a {previous.queen_at_end} "
                                 "one", expected=previous.queen_at_end, given=f.queen_at_start)
    s = f.swarm
    if s is not None:
        if (f.year, f.month) == (1, 1):
            raise IllegalActionError(R_SWARM, "the game's first month skips the Swarm Phase",
                                     given=f.when())
        if s.stayed:
            if s.new_queen not in QUEEN_TYPES:
                raise InvalidInputError(f"{where}.swarm.new_queen", s.new_queen,
                                        "the queen chosen when staying: "
                                        + ", ".join(QUEEN_TYPES))
        else:
            if s.new_queen is not None:
                raise IllegalActionError(R_SWARM, "a hive that leaves keeps its queen",
                                         given=s.new_queen)
            if s.wild_hive is None:
                raise IllegalActionError(R_SWARM, "with no wild hive spawned you must stay",
                                         given=f.when())
        if s.wild_hive is not None:
            hit = [w for w in f.wild_hives if w.name == s.wild_hive]
            if not hit or not hit[0].spawned or hit[0].origin != "swarm":
                raise InvalidInputError(f"{where}.swarm.wild_hive", s.wild_hive,
                                        "a wild hive of this month with spawned=True, "
                                        "origin='swarm'")
    current = f.queen_at_start if s is None or not s.stayed else s.new_queen
    for q in f.requeens:
        if q == current:
            raise IllegalActionError(R_REQUEEN, "replace your queen with a queen token of a "
                                     "different type", expected=f"not {current}", given=q)
        current = q


@dataclass(frozen=True)
class Verdict:
    """One goal's state: ``status`` is ``"met"``, ``"at risk"`` (still possible, not met yet) or
    ``"failed"``; ``reason`` is one line naming the card."""

    card: str
    goal: str
    status: str
    reason: str
    year: int | None = None


@dataclass(frozen=True)
class _Ctx:
    card: str
    facts: tuple[MonthFacts, ...]
    years: int
    over: bool
    last: MonthFacts | None = field(default=None)

    def of_year(self, year: int) -> tuple[MonthFacts, ...]:
        return tuple(f for f in self.facts if f.year == year)

    def months_done(self, year: int, month: int = MONTHS_PER_YEAR) -> bool:
        """True when month ``month`` of ``year`` has been played (or the game is over)."""
        return self.over or (self.last is not None and (self.last.year, self.last.month)
                             >= (year, month))

    def winter_done(self, year: int) -> bool:
        if self.last is None:
            return self.over
        return (self.last.year > year or self.over
                or (self.last.year == year and self.last.month == MONTHS_PER_YEAR
                    and self.last.winter_bees is not None))

    def swarm_phases_left(self) -> int:
        """Swarm Phases still to come in the game (the game's first month has none)."""
        played = len(self.facts)
        total = self.years * MONTHS_PER_YEAR - 1
        return 0 if self.over else max(total - max(played - 1, 0), 0)

    def swarm_phases_left_in(self, year: int) -> int:
        if self.over:
            return 0
        done = len(self.of_year(year))
        left = MONTHS_PER_YEAR - done
        if year == 1 and done == 0:
            left -= 1
        return max(left, 0)


def _v(ctx: _Ctx, goal: Goal, status: str, reason: str) -> Verdict:
    return Verdict(ctx.card, goal.kind, status, f"{ctx.card}: {reason}", goal.year)


def _reach(ctx: _Ctx, goal: Goal, value: str, what: str, unit: str) -> Verdict:
    target, year = goal.param(value), goal.param("by_end_of_year")
    months = [f for f in ctx.facts if f.year <= year]
    attr = {"comb": "comb", "tiles": "map_tiles", "length": "map_length"}[value]
    for f in months:
        if getattr(f, attr) >= target:
            return _v(ctx, goal, MET, f"{what} reached {getattr(f, attr)} {unit} in {f.when()}")
    best = max((getattr(f, attr) for f in months), default=0)
    if ctx.months_done(year):
        return _v(ctx, goal, FAILED, f"{what} reached only {best} of {target} {unit} by the end "
                  f"of year {year}")
    return _v(ctx, goal, AT_RISK, f"{what} {best} of {target} {unit} so far; year {year} is "
              "not over")


def _disease(ctx: _Ctx, goal: Goal) -> Verdict:
    target = goal.param("disease")
    for f in ctx.facts:
        if f.worst_disease <= target:
            return _v(ctx, goal, MET, f"disease level reached {f.worst_disease} in {f.when()}")
    worst = min((f.worst_disease for f in ctx.facts), default=0)
    status = FAILED if ctx.over else AT_RISK
    return _v(ctx, goal, status, f"worst disease level {worst}, needed {target}"
              + ("" if ctx.over else " (the game is not over)"))


def _all_queens(ctx: _Ctx, goal: Goal) -> Verdict:
    need = goal.param("queens")
    best: tuple[int, set[str]] = (0, set())
    for year in range(1, ctx.years + 1):
        held = {q for f in ctx.of_year(year) for q in f.queens_held}
        if len(held) >= need:
            return _v(ctx, goal, MET, f"queens of {len(held)} types in year {year}")
        if len(held) > len(best[1]):
            best = (year, held)
    missing = sorted(set(QUEEN_TYPES) - best[1])
    if ctx.over:
        return _v(ctx, goal, FAILED, f"at most {len(best[1])} queen types in a year (never "
                  f"held {', '.join(missing)} alongside them)")
    return _v(ctx, goal, AT_RISK, f"{len(best[1])} of {need} queen types in one year so far")


def _hive_survives(ctx: _Ctx, name: str, since: MonthFacts, year: int) -> str | None:
    """Why the wild hive ``name`` spawned in ``since`` did not survive to ``year``'s end (None:
    alive so far)."""
    for f in ctx.of_year(year):
        if (f.year, f.month) < (since.year, since.month):
            continue
        w = next((w for w in f.wild_hives if w.name == name), None)
        if f is not since and w is not None and w.spawned:
            w = None                           # the token came back as a new hive
        if w is None or w.strength == 0:
            return f"wild hive {name} (spawned {since.when()}) was lost in {f.when()}"
    return None


def _mother_hive(ctx: _Ctx, goal: Goal) -> Verdict:
    need = goal.param("swarms")
    current = ctx.last.year if ctx.last else 1
    notes: list[str] = []
    for year in range(1, ctx.years + 1):
        swarms = [f for f in ctx.of_year(year) if f.swarm is not None]
        lost = [why for f in swarms if f.swarm and f.swarm.wild_hive
                for why in [_hive_survives(ctx, f.swarm.wild_hive, f, year)] if why]
        if len(swarms) >= need and not lost and ctx.months_done(year):
            return _v(ctx, goal, MET, f"{len(swarms)} swarms in year {year}, every wild hive "
                      "they spawned survived the year")
        if year == current:
            if lost:
                notes.append(lost[0])
            elif len(swarms) + ctx.swarm_phases_left_in(year) < need:
                notes.append(f"only {len(swarms)} swarms in year {year}")
            elif not ctx.over:
                return _v(ctx, goal, AT_RISK, f"{len(swarms)} of {need} swarms in year {year} "
                          "so far, their wild hives alive")
    if not ctx.over and current < ctx.years:
        return _v(ctx, goal, AT_RISK, f"{notes[0] if notes else 'not yet'}; a later year can "
                  "still do it")
    return _v(ctx, goal, FAILED, notes[0] if notes else f"never {need} swarms in a single year")


def _nursery(ctx: _Ctx, goal: Goal) -> Verdict:
    need = goal.param("brood")
    for f in ctx.facts:
        if (f.year, f.month) != (1, 1) and f.brood_hatched is not None \
                and f.brood_hatched < need:
            return _v(ctx, goal, FAILED, f"{f.brood_hatched} brood hatched in the Brood Phase "
                      f"of {f.when()} (at least {need} needed)")
    if ctx.over:
        return _v(ctx, goal, MET, "brood hatched in every Brood Phase")
    return _v(ctx, goal, AT_RISK, "brood hatched in every Brood Phase so far")


def _no_raids(ctx: _Ctx, goal: Goal) -> Verdict:
    for f in ctx.facts:
        for r in f.raids:
            if r.target in HIVE_TARGETS:
                return _v(ctx, goal, FAILED, f"you raided a {r.target.replace('_', ' ')} in "
                          f"{f.when()}")
    if ctx.over:
        return _v(ctx, goal, MET, "you never raided another hive")
    return _v(ctx, goal, AT_RISK, "no raid on another hive so far")


def _swarms_at_least(ctx: _Ctx, goal: Goal) -> Verdict:
    need = goal.param("swarms")
    n = sum(1 for f in ctx.facts if f.swarm is not None)
    if n >= need:
        return _v(ctx, goal, MET, f"swarmed {n} times (at least {need})")
    left = ctx.swarm_phases_left()
    if ctx.over or n + left < need:
        return _v(ctx, goal, FAILED, f"swarmed {n} times, at least {need} needed"
                  + ("" if ctx.over else f" and only {left} Swarm Phases are left"))
    return _v(ctx, goal, AT_RISK, f"swarmed {n} of {need} times so far")


def _protectionist(ctx: _Ctx, goal: Goal) -> Verdict:
    limit = goal.param("strength")
    for f in ctx.facts:
        for w in f.wild_hives:
            if w.peak >= limit:
                return _v(ctx, goal, FAILED, f"wild hive {w.name} reached strength {w.peak} in "
                          f"{f.when()} ({limit} or more)")
    if ctx.over:
        return _v(ctx, goal, MET, f"no wild hive ever reached strength {limit}")
    return _v(ctx, goal, AT_RISK, f"every wild hive below strength {limit} so far")


def _strong_leader(ctx: _Ctx, goal: Goal) -> Verdict:
    if ctx.facts:
        original = ctx.facts[0].queen_at_start
        for f in ctx.facts:
            if f.swarm is not None and f.swarm.stayed:
                return _v(ctx, goal, FAILED, f"your hive stayed after swarming in {f.when()} "
                          "and so chose a new queen")
            if f.requeens:
                return _v(ctx, goal, FAILED, f"you requeened in {f.when()}")
            if f.queen_at_start != original:
                return _v(ctx, goal, FAILED, f"your {original} queen was replaced before "
                          f"{f.when()}")
    if ctx.over:
        return _v(ctx, goal, MET, "you kept your original queen all game")
    return _v(ctx, goal, AT_RISK, "original queen kept so far")


def _only_hive(ctx: _Ctx, goal: Goal) -> Verdict:
    year = goal.param("by_end_of_year")
    end = next((f for f in ctx.facts if (f.year, f.month) == (year, MONTHS_PER_YEAR)), None)
    if end is not None:
        alive = [w.name for w in end.wild_hives if w.strength > 0]
        if alive:
            return _v(ctx, goal, FAILED, f"wild hives still on the map at the end of year "
                      f"{year}: {', '.join(alive)}")
        return _v(ctx, goal, MET, f"your hive was the only hive on the map at the end of year "
                  f"{year}")
    if ctx.over:
        return _v(ctx, goal, FAILED, f"the game ended before the end of year {year}")
    alive = [w.name for w in ctx.last.wild_hives if w.strength > 0] if ctx.last else []
    return _v(ctx, goal, AT_RISK, f"{len(alive)} wild hives on the map; year {year} is not over")


def _queen_all_year(ctx: _Ctx, goal: Goal) -> Verdict:
    allowed, year = goal.param("queens"), goal.year or 1
    for f in ctx.of_year(year):
        for q in f.queens_held:
            if q not in allowed:
                return _v(ctx, goal, FAILED, f"year {year}: you had a {q} queen in {f.when()} "
                          f"({' or '.join(allowed)} needed all year)")
    if ctx.months_done(year):
        return _v(ctx, goal, MET, f"year {year}: a {' or '.join(allowed)} queen all year")
    return _v(ctx, goal, AT_RISK, f"year {year}: {' or '.join(allowed)} queen so far")


def _scouts(ctx: _Ctx, goal: Goal) -> Verdict:
    need, year = goal.param("scouts"), goal.year or 1
    n = sum(f.scouts for f in ctx.of_year(year))
    if n >= need:
        return _v(ctx, goal, MET, f"year {year}: scouted {n} times (at least {need})")
    if ctx.months_done(year):
        return _v(ctx, goal, FAILED, f"year {year}: scouted {n} times, at least {need} needed")
    return _v(ctx, goal, AT_RISK, f"year {year}: scouted {n} of {need} times so far")


def _different_queen(ctx: _Ctx, goal: Goal) -> Verdict:
    year = goal.year or 2
    first = next((f for f in ctx.of_year(year) if f.month == 1), None)
    before = next((f for f in ctx.of_year(year - 1) if f.month == MONTHS_PER_YEAR), None)
    if first is None or before is None:
        status = FAILED if ctx.over else AT_RISK
        return _v(ctx, goal, status, f"year {year}: choose a different queen before the year "
                  "begins" + (" (the game ended first)" if ctx.over else ""))
    if first.queen_at_start == before.queen_at_end:
        return _v(ctx, goal, FAILED, f"year {year} began with the same {first.queen_at_start} "
                  "queen type as the year before; a different queen is required")
    return _v(ctx, goal, MET, f"year {year}: a {first.queen_at_start} queen replaced the "
              f"{before.queen_at_end} one")


def _season_months(season: str) -> tuple[int, int]:
    i = SEASONS.index(season)
    return 3 * i + 1, 3 * i + 3


def _requeen_in_season(ctx: _Ctx, goal: Goal) -> Verdict:
    season, allowed, year = goal.param("season"), goal.param("queens"), goal.year or 1
    first, last = _season_months(season)
    for f in ctx.of_year(year):
        if not first <= f.month <= last:
            continue
        new = list(f.requeens)
        if f.swarm is not None and f.swarm.stayed and f.swarm.new_queen:
            new.insert(0, f.swarm.new_queen)
        hit = [q for q in new if q in allowed]
        if hit:
            return _v(ctx, goal, MET, f"year {year}: requeened with a {hit[0]} queen in "
                      f"{f.when()}")
    if ctx.months_done(year, last):
        return _v(ctx, goal, FAILED, f"year {year}: no requeen with a {' or '.join(allowed)} "
                  f"queen during the {season}")
    return _v(ctx, goal, AT_RISK, f"year {year}: requeen with a {' or '.join(allowed)} queen "
              f"before the {season} ends")


def _swarm_and_move(ctx: _Ctx, goal: Goal) -> Verdict:
    season, need, year = goal.param("season"), goal.param("times"), goal.year or 1
    first, last = _season_months(season)
    moves = [f for f in ctx.of_year(year) if first <= f.month <= last
             and f.swarm is not None and not f.swarm.stayed]
    if len(moves) >= need:
        return _v(ctx, goal, MET, f"year {year}: swarmed and moved in {moves[0].when()}")
    if ctx.months_done(year, last):
        return _v(ctx, goal, FAILED, f"year {year}: swarmed and moved {len(moves)} times during "
                  f"the {season}, at least {need} needed")
    return _v(ctx, goal, AT_RISK, f"year {year}: swarm and move during the {season} "
              f"({len(moves)} of {need} so far)")


def _not_burned(ctx: _Ctx, goal: Goal) -> Verdict:
    year = goal.year or 1
    for f in ctx.of_year(year):
        if f.hive_burned:
            return _v(ctx, goal, FAILED, f"your hive's tile burned in {f.when()}: you lose")
    if ctx.months_done(year):
        return _v(ctx, goal, MET, f"year {year}: your hive's tile never burned")
    return _v(ctx, goal, AT_RISK, f"year {year}: your hive's tile has not burned so far")


_CHECKERS = {
    "comb_at_least": lambda c, g: _reach(c, g, "comb", "comb size", "cells"),
    "disease_reached": _disease,
    "map_tiles_at_least": lambda c, g: _reach(c, g, "tiles", "the map", "tiles"),
    "map_length_at_least": lambda c, g: _reach(c, g, "length", "the map's length", "tiles"),
    "all_queens_in_a_year": _all_queens,
    "swarms_survive_in_a_year": _mother_hive,
    "brood_every_phase": _nursery,
    "no_raids": _no_raids,
    "swarms_at_least": _swarms_at_least,
    "wild_strength_below": _protectionist,
    "keep_original_queen": _strong_leader,
    "only_hive": _only_hive,
    "queen_all_year": _queen_all_year,
    "scouts_in_year": _scouts,
    "different_queen_at_start": _different_queen,
    "requeen_in_season": _requeen_in_season,
    "swarm_and_move_in_season": _swarm_and_move,
    "hive_not_burned": _not_burned,
}


def _survive(ctx: _Ctx, year: int) -> Verdict:
    goal = Goal(SURVIVE, (), year)
    end = next((f for f in ctx.of_year(year) if f.month == MONTHS_PER_YEAR), None)
    if end is not None and end.winter_bees is not None:
        if end.winter_bees < 1:
            return _v(ctx, goal, FAILED, f"no worker bee survived the winter of year {year}")
        return _v(ctx, goal, MET, f"{end.winter_bees} worker bees survived the winter of year "
                  f"{year}")
    if ctx.over:
        return _v(ctx, goal, FAILED, f"the game ended before the winter of year {year}")
    return _v(ctx, goal, AT_RISK, f"at least one worker bee must survive the winter of year "
              f"{year}")


def game_length(card: Card, years: int | None) -> int:
    """The game's length in years: a campaign card's own (``years`` must be one it allows;
    None takes its first), otherwise ``years`` (default 1).

    :raises InvalidInputError: a length the campaign card does not allow, or off 1–3.
    """
    if isinstance(card, CampaignCard):
        if years is None:
            return card.years[0]
        if years not in card.years:
            raise InvalidInputError("years", years, f"{' or '.join(map(str, card.years))} "
                                    f"({card.name}: {card.text})")
        return years
    return require_int("years", 1 if years is None else years, 1, MAX_YEARS)


def verdicts(card: Card, facts: Sequence[MonthFacts], *, years: int | None = None,
             over: bool | None = None) -> tuple[Verdict, ...]:
    """Each goal of ``card``, judged over ``facts`` (the months played so far, in order).

    :param years: the game's length (1–3); a campaign card fixes it (Three Generations 3,
        Wildfire 2, Zombees 2 or 3).
    :param over: the game is over (it ended early, or the last winter was played).  None: over
        when the facts reach the last year's month 9 with ``winter_bees`` given.
    :returns: one :class:`Verdict` per card goal (a campaign card: each year's goals, in year
        order), then the standard goal for each year (at least one worker bee survives the
        winter) under the same card name.
    :raises InvalidInputError: / :raises IllegalActionError: what :func:`check_facts` raises,
        or a game length the card does not allow.
    """
    facts = tuple(facts)
    check_facts(facts)
    n = game_length(card, years)
    if facts and facts[-1].year > n:
        raise InvalidInputError("facts", f"year {facts[-1].year}", f"years 1-{n} ({n}-year game)")
    last = facts[-1] if facts else None
    if over is None:
        over = last is not None and (last.year, last.month) == (n, MONTHS_PER_YEAR) \
            and last.winter_bees is not None
    ctx = _Ctx(card.name, facts, n, bool(over), last)
    goals: list[Goal] = list(card.goals)
    if isinstance(card, CampaignCard):
        goals = [g for g in goals if g.year is not None and g.year <= n]
        for y in range(len(card.year_rules) + 1, n + 1):       # Zombees' year 3 (ruling L93)
            goals += [Goal(g.kind, g.params, y) for g in card.year(y).goals]
    out = [_CHECKERS[g.kind](ctx, g) for g in goals]
    out += [_survive(ctx, y) for y in range(1, n + 1)]
    return tuple(out)


def combined_verdicts(cards: Sequence[Card], facts: Sequence[MonthFacts], *,
                      years: int | None = None, over: bool | None = None) -> tuple[Verdict, ...]:
    """Verdicts for several cards in play together (a scenario or campaign card with a challenge
    card, "For increased difficulty"): each card's goals, the standard goal once per year.

    :raises InvalidInputError: no card, two campaign cards, or what :func:`verdicts` raises.
    """
    if not cards:
        raise InvalidInputError("cards", [], "at least one solo card")
    campaigns = [c for c in cards if isinstance(c, CampaignCard)]
    if len(campaigns) > 1:
        raise InvalidInputError("cards", [c.name for c in campaigns], "at most one campaign card")
    if campaigns:
        years = game_length(campaigns[0], years)
    out: list[Verdict] = []
    seen: set[int | None] = set()
    for c in cards:
        for v in verdicts(c, facts, years=years, over=over):
            if v.goal == SURVIVE:
                if v.year in seen:
                    continue
                seen.add(v.year)
            out.append(v)
    return tuple(out)


def outcome(results: Iterable[Verdict]) -> str:
    """``"won"`` when every verdict is met, ``"lost"`` when any failed, else ``"in play"``."""
    statuses = [v.status for v in results]
    if FAILED in statuses:
        return "lost"
    return "won" if statuses and all(s == MET for s in statuses) else "in play"


def harder_rule_spawn(basic: BasicRules, season: str, origins: Iterable[str], *,
                      year: int = 1) -> int | None:
    """Basic mode's harder rule at the end of a month of ``season``: the strength of the wild
    hive to spawn (3; 4 / 5 in later years, ruling L82), or None.

    :param origins: how each wild hive spawned this month came into play (:data:`ORIGINS`).
        A spawn by any swarm (yours or a wild hive's) or any card (season, challenge, scenario,
        campaign) means no extra hive; ``setup`` and ``solo_rule`` do not (ruling L81).
    :raises InvalidInputError: an unknown season or origin.
    """
    if season not in SEASONS:
        raise not_one_of("season", season, SEASONS, allowed="spring, summer or fall")
    origins = tuple(origins)
    for o in origins:
        if o not in ORIGINS:
            raise not_one_of("spawn origin", o, ORIGINS)
    if season not in basic.seasons or any(o in SWARM_OR_CARD for o in origins):
        return None
    return spawn_strength(basic.strength, year)


def harder_rule_misses(basic: BasicRules, facts: Sequence[MonthFacts]) -> tuple[MonthFacts, ...]:
    """The months where the harder rule called for a wild hive and none with origin
    ``solo_rule`` was spawned."""
    check_facts(facts)
    out = []
    for f in facts:
        origins = [w.origin for w in f.wild_hives if w.spawned]
        if harder_rule_spawn(basic, f.season, [o for o in origins if o != "solo_rule"],
                             year=f.year) is not None and "solo_rule" not in origins:
            out.append(f)
    return tuple(out)
