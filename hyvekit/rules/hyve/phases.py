"""Pure phase functions of a HYVE turn (no hex grid): Refresh, Feed Bees, Migration, Seasonal
Effects, and the end-of-scenario check.

Implements ``rules/hyve.txt``: "1. Refresh", "4. Feed Bees", "5. Migration", "6. Seasonal
Effects", "Game Settings" (Worker Refresh, Migration), "How to Win (or Lose)", the Legacy perks
Resiliance, Vigorous, Tenacity, Controlled Rolls and Migratory, and the Coldsnap and Mites
Challenge effects.  Readings of unclear passages are rulings H20–H30 in ``docs/rulings.md``.

Units: bees (rolled dice, counted per die value 1–6; 6 is the wild Bee), population (bees of
the colony, the Population track), HP (health points, moved on the HP track by
:func:`hyvekit.rules.hyve.hp.move_hp`), track positions (0 = Colony Collapse), bread levels
(1–6, one per bee type 1–5), hyves (0–6 completed), turns (one seasonal effect each).

Every function is pure: it takes values and returns a frozen result; nothing is rolled here
(dice enter as counts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Literal

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.hyve.hp import HpResult, move_hp
from hyvekit.rules.hyve.sheets import (BEE_TYPES, BREAD_BELOW, BREAD_HP, BREAD_MAX, HYVES,
                                       MIGRATIONS, WILD, Effect, HpTrack, SheetDefinition)
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

R_REFRESH = "Hyve: Refresh"
R_CONTROLLED = "Hyve Legacy: Perks — Controlled Rolls"
R_WIN = "Hyve: How to Win (or Lose)"

REFRESH_MAX = 10        # Worker Refresh / 1. Refresh: "up to a maximum of 10 dice"
# 6. Seasonal Effects: BREAD_HP, BREAD_BELOW (hyvekit.rules.hyve.sheets, re-exported here).
DIE_VALUES = (1, 2, 3, 4, 5, 6)
PROPORTION = 3          # Migration, Proportional: "one-third (rounded down)"
# Legacy Mode, Perks: Resiliance / Vigorous "Gain exactly 1 HP whenever you lose / gain any
# number of Population"; Tenacity "Any seasonal Population loss is always reduced by 1";
# Migratory "When migrating, gain 1 HP per each crossed out effect this season".
RESILIANCE_HP = 1
VIGOROUS_HP = 1
TENACITY_REDUCTION = 1
MIGRATORY_HP = 1

Status = Literal["playing", "won", "lost"]


# --- perks and state ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Perks:
    """The Legacy perks these phases use ("Legacy Mode", Perks); all off by default.

    :ivar resiliance: +1 HP whenever any population is lost (one loss event = 1 HP).
    :ivar vigorous: +1 HP whenever any population is gained.
    :ivar tenacity: each seasonal population loss is reduced by 1.
    :ivar controlled_rolls: Refresh may roll fewer dice than the population.
    :ivar migratory: +1 HP per crossed-out effect of this season, per migration.
    """

    resiliance: bool = False
    vigorous: bool = False
    tenacity: bool = False
    controlled_rolls: bool = False
    migratory: bool = False


@dataclass(frozen=True)
class Colony:
    """What the phases read and change.

    :ivar population: population (bees), ≥ 0; 0 means the scenario is lost.
    :ivar die: the HP die, 1–6.
    :ivar position: the HP die's track position (0 = Colony Collapse).
    :ivar bread_levels: bread level 1–6 of bee types 1–5, in order.
    """

    population: int
    die: int
    position: int
    bread_levels: tuple[int, ...]


@dataclass(frozen=True)
class PopulationChange:
    """A population gain or loss and the perk HP it triggers.

    :ivar before, after: population before and after (after is never below 0).
    :ivar lost: population actually removed (≤ before); :ivar gained: population added.
    :ivar hp_gained: HP from Resiliance (loss) or Vigorous (gain): 0 or 1.
    """

    before: int
    after: int
    lost: int = 0
    gained: int = 0
    hp_gained: int = 0

    @property
    def collapsed(self) -> bool:
        """The population reached 0: the scenario is lost (4. Feed Bees, How to Win)."""
        return self.after == 0


def change_population(population: int, delta: int, perks: Perks = Perks()) -> PopulationChange:
    """Add ``delta`` population (negative to lose), never going below 0.

    Resiliance gives exactly 1 HP for a loss of any size ≥ 1, Vigorous exactly 1 HP for a gain
    of any size ≥ 1 (ruling H24); a change of 0 gives nothing, nor a loss that ends the
    scenario (population 0).
    """
    population = require_int("population", population, 0)
    if delta < 0:
        lost = min(population, -delta)
        # the scenario ends at population 0 (How to Win (or Lose)): no perk HP after it
        hp = RESILIANCE_HP if perks.resiliance and 0 < lost < population else 0
        return PopulationChange(population, population - lost, lost=lost, hp_gained=hp)
    hp = VIGOROUS_HP if perks.vigorous and delta > 0 else 0
    return PopulationChange(population, population + delta, gained=delta, hp_gained=hp)


# --- 1. Refresh --------------------------------------------------------------------------------

def refresh_dice(population: int, *, controlled_rolls: bool = False, chosen: int | None = None,
                 refresh_max: int = REFRESH_MAX) -> int:
    """Dice rolled in the Refresh phase ("1. Refresh"; Game Settings: Worker Refresh).

    Without Controlled Rolls: the population, at most ``refresh_max`` (10); ``chosen``, if
    given, must be that number.  With Controlled Rolls the player may also roll "any number
    less than your Population": 0 up to population − 1, still at most ``refresh_max``
    (ruling H20).

    :raises InvalidInputError: a negative population or chosen count.
    :raises IllegalActionError: population 0 (the scenario is already lost), or a chosen count
        the rules do not allow, naming the rule.
    """
    population = require_int("population", population, 0)
    if population == 0:
        raise IllegalActionError(R_WIN, "population is 0: the scenario is lost, there is no "
                                 "Refresh", expected="population ≥ 1", given=0)
    normal = min(population, refresh_max)
    if chosen is None:
        return normal
    chosen = require_int("chosen dice", chosen, 0)
    if chosen == normal:
        return chosen
    if not controlled_rolls:
        raise IllegalActionError(
            R_REFRESH, f"roll dice equal to your population (max {refresh_max}): expected "
            f"{normal}, got {chosen}", expected=normal, given=chosen,
            hint="only the Controlled Rolls perk allows fewer")
    if chosen >= population or chosen > refresh_max:
        top = min(population - 1, refresh_max)
        raise IllegalActionError(
            R_CONTROLLED, f"you may roll any number less than your population {population} "
            f"(max {refresh_max}): expected 0 to {top} or {normal}, got {chosen}",
            expected=f"0-{top} or {normal}", given=chosen)
    return chosen


# --- 4. Feed Bees ------------------------------------------------------------------------------

@dataclass(frozen=True)
class FeedResult:
    """The Feed Bees phase.

    :ivar unsupported: bees (per type 1–5, in order) in excess of that type's bread level.
    :ivar wild: wild (6) bees, each always unsupported.
    :ivar population_lost: population lost: sum of ``unsupported`` plus ``wild`` (before
        clamping at 0 — see :attr:`change`).
    :ivar change: the population change when a population was given, else None.
    """

    unsupported: tuple[int, ...]
    wild: int
    population_lost: int
    change: PopulationChange | None = None


def _bees(bees: Mapping[int, int] | Sequence[int]) -> dict[int, int]:
    if isinstance(bees, Mapping):
        counts = {}
        for key, n in bees.items():
            die = require_int("bee die value", key, 1, 6)
            counts[die] = counts.get(die, 0) + require_int(f"bees of value {die}", n, 0)
    else:
        if len(bees) != len(DIE_VALUES):
            raise InvalidInputError("bees", list(bees), "6 counts, one per die value 1-6")
        counts = {d: require_int(f"bees of value {d}", n, 0) for d, n in zip(DIE_VALUES, bees)}
    return {d: counts.get(d, 0) for d in DIE_VALUES}


def _bread(bread_levels: Sequence[int]) -> tuple[int, ...]:
    if len(bread_levels) != len(BEE_TYPES):
        raise InvalidInputError("bread levels", list(bread_levels),
                                "5 levels, one per bee type 1-5")
    return tuple(require_int(f"bread level of type {t}", v, 1, BREAD_MAX)
                 for t, v in zip(BEE_TYPES, bread_levels))


def feed_bees(bees: Mapping[int, int] | Sequence[int], bread_levels: Sequence[int], *,
              population: int | None = None, perks: Perks = Perks()) -> FeedResult:
    """Population lost in Feed Bees ("4. Feed Bees").

    Each type loses ``max(0, count − bread level)``; every wild (6) Bee is a loss ("Wild Bees
    have no corresponding bread, and thus always result in a loss").  Given ``population``,
    the loss is applied (never below 0) with Resiliance.

    :param bees: bees rolled, as ``{die value: count}`` or 6 counts for values 1–6.
    :param bread_levels: 5 bread levels (types 1–5).
    """
    counts = _bees(bees)
    levels = _bread(bread_levels)
    unsupported = tuple(max(0, counts[t] - lvl) for t, lvl in zip(BEE_TYPES, levels))
    lost = sum(unsupported) + counts[WILD]
    change = None
    if population is not None:
        change = change_population(population, -lost, perks)
    return FeedResult(unsupported=unsupported, wild=counts[WILD], population_lost=lost,
                      change=change)


# --- 5. Migration ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeasonPosition:
    """Where the Seasons track stands after ``turns_done`` turns.

    :ivar season_index: index of the current season (0 = first).
    :ivar crossed_out: effects of the current season already crossed out (turns done in it).
    :ivar finished: every effect is crossed out (all turns done).
    """

    season_index: int
    crossed_out: int
    finished: bool = False


def season_position(sheet: SheetDefinition, turns_done: int) -> SeasonPosition:
    """The current season and how many of its effects are crossed out ("6. Seasonal Effects":
    one effect a turn; "Once all of the effects for a Season have been completed, move onto the
    next Season")."""
    turns_done = require_int("turns done", turns_done, 0, sheet.turns)
    left = turns_done
    for i, season in enumerate(sheet.seasons):
        if left < len(season.effects):
            return SeasonPosition(i, left)
        left -= len(season.effects)
    last = len(sheet.seasons) - 1
    return SeasonPosition(last, len(sheet.seasons[last].effects) if sheet.seasons else 0,
                          finished=True)


@dataclass(frozen=True)
class MigrationResult:
    """The Migration phase.

    :ivar losses: population lost by each migration, in order (one per completed hyve).
    :ivar change: population before/after; ``lost`` is the total.
    :ivar hp_gained: HP from Migratory (crossed-out effects per migration) plus Resiliance
        (1 per migration that lost population).
    """

    losses: tuple[int, ...]
    change: PopulationChange
    hp_gained: int

    @property
    def population_lost(self) -> int:
        """The population Migration takes in all."""
        return sum(self.losses)


def migration_loss(hyves_completed_this_turn: int, population: int,
                   setting: SheetDefinition | str, season_index: int = 0, *,
                   scaling_loss: int | None = None, crossed_out: int = 0,
                   perks: Perks = Perks()) -> MigrationResult:
    """Population lost migrating ("5. Migration"; Game Settings: Migration).

    One migration per hyve completed this turn.  Scaling: the current season's flat loss (the
    sheet's ``Season.migration``) each, the season of this turn's effect (ruling H22).
    Proportional: one third of the *current* population, rounded down, each — two migrations
    compound (ruling H21).  Migratory: +1 HP per crossed-out effect of this season, for each
    migration (ruling H23); Resiliance: +1 HP per migration that lost
    population (ruling H24).  Tenacity does not apply: migration is not a seasonal effect
    (ruling H25).

    :param setting: a sheet definition (its migration setting and seasons), or
        ``"scaling"`` / ``"proportional"`` (scaling then needs ``scaling_loss``).
    :param season_index: the current season (scaling's loss is read from it).
    :param crossed_out: effects of the current season already crossed out (see
        :func:`season_position`).
    """
    n = require_int("hyves completed this turn", hyves_completed_this_turn, 0, HYVES)
    population = require_int("population", population, 0)
    crossed_out = require_int("crossed-out effects", crossed_out, 0)
    if isinstance(setting, SheetDefinition):
        kind = setting.migration
        if kind == "scaling":
            if not 0 <= season_index < len(setting.seasons):
                raise InvalidInputError("season index", season_index,
                                        f"0 to {len(setting.seasons) - 1}")
            scaling_loss = setting.seasons[season_index].migration
    else:
        kind = str(setting).strip().lower()
        if kind not in MIGRATIONS:
            raise not_one_of("migration", setting, MIGRATIONS)
    if kind == "scaling" and scaling_loss is None:
        raise InvalidInputError("scaling loss", None,
                                "the season's population loss per migration")
    losses = []
    hp = 0
    current = population
    for _ in range(n):
        want = scaling_loss if kind == "scaling" else current // PROPORTION
        step = change_population(current, -want, perks)
        losses.append(step.lost)
        hp += step.hp_gained + (MIGRATORY_HP * crossed_out if perks.migratory else 0)
        current = step.after
    change = PopulationChange(population, current, lost=population - current)
    return MigrationResult(losses=tuple(losses), change=change, hp_gained=hp)


# --- 6. Seasonal Effects -----------------------------------------------------------------------

@dataclass(frozen=True)
class EffectResult:
    """One seasonal effect applied.

    :ivar colony: the colony afterwards.
    :ivar hp_lost: HP the effect asked to lose (HP icon + bread + Coldsnap parts).
    :ivar population_lost: population lost (after Tenacity, clamped at 0).
    :ivar hp_gained: HP from Resiliance (0 or 1; not applied once the scenario ended).
    :ivar mites: nectar of the active hyve the player must cross out (Mites icons); returned,
        not applied (ruling H28) — the hyve is not part of these functions.
    :ivar hp_moves: the HP track moves made, in order (loss, then perk gain).
    :ivar status: ``"lost"`` if the die entered Colony Collapse or the population reached 0,
        ``"won"`` if the die entered Thriving (a perk gain), else ``"playing"``.
    """

    colony: Colony
    hp_lost: int
    population_lost: int
    hp_gained: int
    mites: int
    hp_moves: tuple[HpResult, ...]
    status: Status


def effect_hp(effect: Effect, population: int, bread_levels: Sequence[int]) -> int:
    """HP an effect takes, read from the colony as it is when the effect starts (ruling H29).

    * the HP number;
    * bread icons: 6 HP per bread type whose level is below 3, per icon (ruling H26);
    * Coldsnap huddle X: ``max(0, X − population)`` — never a gain (ruling H27);
    * Coldsnap ``bread_hp`` X per bread type below level ``bread_below`` Y (ruling H26).
    """
    levels = _bread(bread_levels)
    hp = effect.hp
    hp += effect.bread * BREAD_HP * sum(1 for lvl in levels if lvl < BREAD_BELOW)
    if effect.huddle:
        hp += max(0, effect.huddle - population)
    if effect.bread_hp:
        hp += effect.bread_hp * sum(1 for lvl in levels if lvl < effect.bread_below)
    return hp


def apply_seasonal_effect(state: Colony, effect: Effect, *, scoring: str, track: HpTrack,
                          perks: Perks = Perks()) -> EffectResult:
    """Resolve one chosen seasonal effect ("6. Seasonal Effects", Coldsnap, Mites Challenge).

    Order (ruling H29): every amount is read from the colony at the start of the effect; the HP
    loss is moved first (:func:`move_hp`), then the population loss (population icons and
    Coldsnap's "Lose X Population", reduced by 1 with Tenacity, never below 0 — ruling H25),
    then Resiliance's 1 HP.  The scenario ends the moment the die enters Colony Collapse or
    the population reaches 0 (How to Win (or Lose), ruling H3): nothing after it is applied.

    :param scoring: ``"flat"`` or ``"wobbly"``; :param track: the sheet's HP track.
    """
    population = require_int("population", state.population, 0)
    if population == 0:
        raise IllegalActionError(R_WIN, "population is 0: the scenario is already lost",
                                 expected="population ≥ 1", given=0)
    hp_lost = effect_hp(effect, population, state.bread_levels)
    moves: list[HpResult] = []
    die, position = state.die, state.position
    status: Status = "playing"

    if hp_lost:
        move = move_hp(scoring=scoring, die=die, position=position, lose=hp_lost,
                       top=track.top, thriving=track.thriving)
        moves.append(move)
        die, position = move.die, move.position
        if move.loses:
            status = "lost"
    pop_loss = effect.population
    if perks.tenacity:
        pop_loss = max(0, pop_loss - TENACITY_REDUCTION)
    change = PopulationChange(population, population)
    hp_gained = 0
    if status == "playing" and pop_loss:
        change = change_population(population, -pop_loss, perks)
        if change.collapsed:
            status = "lost"
        elif change.hp_gained:
            move = move_hp(scoring=scoring, die=die, position=position, gain=change.hp_gained,
                           top=track.top, thriving=track.thriving)
            moves.append(move)
            die, position = move.die, move.position
            hp_gained = change.hp_gained
            if move.wins:
                status = "won"
    colony = replace(state, population=change.after, die=die, position=position)
    return EffectResult(colony=colony, hp_lost=hp_lost, population_lost=change.lost,
                        hp_gained=hp_gained, mites=effect.mites, hp_moves=tuple(moves),
                        status=status)


# --- How to Win (or Lose) ----------------------------------------------------------------------

@dataclass(frozen=True)
class EndCheck:
    """The scenario's state by "How to Win (or Lose)".

    :ivar status: ``"won"``, ``"lost"`` or ``"playing"``.
    :ivar wins: the win conditions met (``"all turns"``, ``"all hyves"``, ``"thriving"``).
    :ivar losses: the loss conditions met (``"population 0"``, ``"colony collapse"``).
    """

    status: Status
    wins: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()

    def describe(self) -> str:
        """Whether and how the scenario ends, in words (both a win and a loss: a loss)."""
        if self.status == "playing":
            return "still playing"
        met = ", ".join(self.losses if self.status == "lost" else self.wins)
        extra = ""
        if self.status == "lost" and self.wins:
            extra = f" (also met {', '.join(self.wins)}: if both happen at the same time, " \
                    "you lose)"
        return f"{'LOST' if self.status == 'lost' else 'WON'}: {met}{extra}"


def check_end(population: int, hp_position: int, track: HpTrack, turns_done: int,
              total_turns: int, hyves_completed: int) -> EndCheck:
    """Win, loss or still playing ("How to Win (or Lose)").

    Wins: all turns done (Season track fully marked), all 6 hyves completed, or the HP die in
    Thriving.  Losses: population 0, or the HP die in Colony Collapse.  "If both happen at the
    same time, you lose" (ruling H30).
    """
    population = require_int("population", population, 0)
    hp_position = require_int("HP position", hp_position, 0, track.top)
    total_turns = require_int("total turns", total_turns, 1)
    turns_done = require_int("turns done", turns_done, 0, total_turns)
    hyves_completed = require_int("hyves completed", hyves_completed, 0, HYVES)
    losses = []
    if population == 0:
        losses.append("population 0")
    if hp_position == 0:
        losses.append("colony collapse")
    wins = []
    if turns_done == total_turns:
        wins.append("all turns")
    if hyves_completed == HYVES:
        wins.append("all hyves")
    if track.thriving and hp_position == track.top:
        wins.append("thriving")
    status: Status = "lost" if losses else "won" if wins else "playing"
    return EndCheck(status=status, wins=tuple(wins), losses=tuple(losses))
