"""The state of a Hyve scenario sheet, its setup, and the steps every phase shares.

Implements ``rules/hyve.txt``: "Setup" (:func:`new_scenario`), "Tracking HP" and "How to Win
(or Lose)" after every step (``move_hp_die``, ``settle_end``), population changes with the
Legacy perks Resiliance and Vigorous (``gain_population``), and placing features into the hyves
— "Placement Rules" (free / structured), the active hyve and the overflow into the next hyve
clockwise, the scoring of a completed hyve (:func:`hyvekit.rules.hyve.scoring.score_hyve`), and
Bee Builder's built hexes and migration by placement (``place_features``, ``_complete``).

The helpers every phase shares (:mod:`hyvekit.rules.hyve.turn`,
:mod:`hyvekit.rules.hyve.turn_modes`: ``with_event``, ``move_hp_die``, ``gain_population``,
``place_features``...) each take a :class:`ScenarioState` and return the next one.

Units: population, HP, track positions (0 = Colony Collapse), bread levels 1–6, hexes (axial
``(q, r)``, named ``A1``–``E3``), die faces 1–6.
"""

from __future__ import annotations

from dataclasses import field, replace

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.hyve.actions import WILD, Bee
from hyvekit.rules.hyve.hp import move_hp
from hyvekit.rules.hyve.larva import LarvaChamber
from hyvekit.rules.hyve.legacy import Resource
from hyvekit.rules.hyve.modes import MarshalArea, check_builder_placement, queen_end
from hyvekit.rules.hyve.need import HOLE, Need
from hyvekit.rules.hyve.phases import Perks, change_population, check_end
from hyvekit.rules.hyve.scoring import (CROSSED, EMPTY as HEX_EMPTY, HEXES, LARVA, NECTAR,
                                        HyveGrid, Space, cell_name, score_hyve)
from hyvekit.rules.hyve.sheets import (AXIAL_NEIGHBOURS, BEE_TYPES, BREAD_MAX, HYVES, JELLIES,
                                       Hex, SheetDefinition, hexagon)
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

# --- rule names --------------------------------------------------------------------------------
R_SETUP = "Hyve: Setup"
R_TURN = "Hyve: Turn Structure"
R_REFRESH = "Hyve: Refresh"
R_ASSIGN = "Hyve: Assign Workers"
R_REPURPOSE = "Hyve: Repurpose"
R_BAKERY = "Hyve: Bakery"
R_CHAMBER = "Hyve: Larva Chamber"
R_EGGS = "Hyve: Tend Eggs"
R_LARVA = "Hyve: Tend Larva"
R_QUEEN = "Hyve: Queen's Attendants"
R_REWARDS = "Hyve: Queen's Rewards"
R_NECTAR = "Hyve: Gather Nectar"
R_PLACEMENT = "Hyve: Placement Rules"
R_SEASON = "Hyve: Seasonal Effects"
R_MITES = "Hyve: Mites Challenge"
R_COURIER = "Hyve Legacy: Courier Action"
R_BESEECH = "Hyve Legacy: Perks — Beseech"
R_EXCISOR = "Hyve Legacy: Perks — Excisor"
R_SENSILLA = "Hyve Legacy: Perks — Sensilla"
R_WIN = "Hyve: How to Win (or Lose)"

MIDDLE: Hex = (0, 0)            # Placement Rules, Structured: "the middle of the active Hyve"
MIGRATORY_REWARD_HP = 3         # Queen's Rewards, Migratory: "3 HP for each completed hyve"
SWARM_POPULATION = 2            # Queen's Rewards, Swarm: "1 HP for every 2 Population"
FLY_DRONES_FACTOR = 2           # Fly Drones: "gain twice that much HP"
PLUMOSE_LEVELS = 1              # Plumose: "Gain 1 Bread Level of this Bee's color"
# Legacy Mode, Perks: Fecundity "When adding any number of Larva to the hyve, add exactly one
# more"; Beseech "you may enact the chosen effect twice using the same color".
FECUNDITY_LARVA = 1
BESEECH_TIMES = 2
REPURPOSE_WILD_MAX = 5          # Repurpose: "A Wild Bee would let you reroll any amount from 1-5"
DEFAULT_COLOURS = ("yellow", "blue", "green", "purple", "red")
PERKS = ("resiliance", "vigorous", "tenacity", "fecundity", "deep-stores", "beseech",
         "excisor", "controlled-rolls", "sensilla", "migratory")
SUPPORTED_MODES = ("standard", "coldsnap", "mites-challenge", "long-live-the-queen", "turbo",
                   "wasp-war", "bee-builder")


# --- state -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ScenarioState:
    """A scenario sheet as the turns so far left it.

    :ivar sheet: the scenario's definition; :ivar colours: pencil colour of die values 1–5.
    :ivar population: population (≥ 0); :ivar die, position: the HP die and its track position.
    :ivar bread: bread level of bee types 1–5.
    :ivar hyves: the six hyves (top-most first, then clockwise); :ivar active: index of the
        active hyve (6 when all are completed).
    :ivar scores: HP scored by each completed hyve, in order of completion.
    :ivar chamber: the larva chamber; :ivar jellies: die values filled in each royal jelly
        (pre-filled spots included); :ivar rewards_taken: Queen's Rewards taken.
    :ivar turn: the turn being played (1-based); :ivar crossed: crossed-out effects of each
        season (1-based indexes); :ivar phase: ``refresh``, ``assign``, ``season`` or ``over``.
    :ivar bees: every bee of this turn by its current face (after rerolls); :ivar pool: the
        bees not yet assigned; :ivar used: actions used this turn.
    :ivar completed_this_turn: hyves completed this turn (for Migration).
    :ivar perks: legacy perks; :ivar resources: core resources of a legacy run;
        :ivar legacy: whether the scenario is played in a legacy run (the Courier exists);
        :ivar honey_track_empty: empty courier honey-track squares; :ivar honey_squares: squares
        a wild courier bee filled this scenario.
    :ivar built: Bee Builder's built hexes of each hyve.
    :ivar marshal: Wasp War's Marshal formations; :ivar rounds_done: Wasp War rounds played.
    :ivar coloured: HP-track positions coloured by Sensilla; :ivar sensilla: this turn's
        Sensilla choices not used yet.
    :ivar approval, disapproval: Long Live the Queen's pips; :ivar jelly_coloured,
        bread_upgraded: what this turn did, for its demands.
    :ivar status: ``playing``, ``won`` or ``lost``; :ivar end: the conditions met.
    :ivar events: what happened, one line each, for the turn report.
    """

    sheet: SheetDefinition
    colours: tuple[str, ...]
    population: int
    die: int
    position: int
    bread: tuple[int, ...]
    hyves: tuple[HyveGrid, ...]
    chamber: LarvaChamber
    jellies: tuple[tuple[int, ...], ...]
    active: int = 0
    scores: tuple[int, ...] = ()
    rewards_taken: tuple[str, ...] = ()
    turn: int = 1
    crossed: tuple[tuple[int, ...], ...] = ()
    phase: str = "refresh"
    bees: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    used: tuple[str, ...] = ()
    completed_this_turn: int = 0
    perks: tuple[str, ...] = ()
    resources: tuple[Resource, ...] = ()
    legacy: bool = False
    honey_track_empty: int = 0
    honey_squares: int = 0
    approval: int = 0
    disapproval: int = 0
    marshal: MarshalArea | None = None
    rounds_done: int = 0
    built: tuple[frozenset, ...] = (frozenset(),) * HYVES
    coloured: tuple[int, ...] = ()
    sensilla: tuple[tuple[int, object], ...] = ()
    jelly_coloured: bool = False
    bread_upgraded: bool = False
    status: str = "playing"
    end: tuple[str, ...] = ()
    events: tuple[str, ...] = field(default=(), repr=False)

    # -- views --------------------------------------------------------------------------
    @property
    def hyves_completed(self) -> int:
        """Hyves completed (and scored) so far, 0–6."""
        return len(self.scores)

    @property
    def turns_done(self) -> int:
        """Turns played: crossed-out seasonal effects, or Wasp War rounds."""
        if self.sheet.wasp is not None:
            return self.rounds_done
        return sum(len(c) for c in self.crossed)

    @property
    def season_index(self) -> int:
        """The current season: the first with an effect not crossed out (the last when all
        are; 0 on a sheet without seasons)."""
        for i, season in enumerate(self.sheet.seasons):
            if len(self.crossed[i]) < len(season.effects):
                return i
        return max(len(self.sheet.seasons) - 1, 0)

    @property
    def available_effects(self) -> tuple[int, ...]:
        """1-based indexes of the current season's effects not crossed out."""
        i = self.season_index
        return tuple(k for k in range(1, len(self.sheet.seasons[i].effects) + 1)
                     if k not in self.crossed[i])

    @property
    def hp_label(self) -> str:
        """The HP-track space the die is on, as the sheet names it."""
        return self.sheet.hp_track.label(self.position)

    def has(self, perk: str) -> bool:
        """Whether the scenario is played with the Legacy perk ``perk``."""
        return perk in self.perks

    @property
    def phase_perks(self) -> Perks:
        """The perks the phases' rules take (:class:`~.phases.Perks`)."""
        return Perks(resiliance=self.has("resiliance"), vigorous=self.has("vigorous"),
                     tenacity=self.has("tenacity"),
                     controlled_rolls=self.has("controlled-rolls"),
                     migratory=self.has("migratory"))

    def colour(self, value: int) -> str:
        """The pencil colour of die value ``value`` (1–5)."""
        return self.colours[value - 1]

    def jelly_label(self, index: int) -> str:
        """Royal jelly ``index`` (0-based) in words: ``Overwork (jelly 1)``."""
        return f"{JELLIES[self.sheet.jellies[index]][0]} (jelly {index + 1})"


def new_scenario(sheet: SheetDefinition, colours=DEFAULT_COLOURS, *, perks=(), bread=None,
                 resources=(), legacy: bool = False, honey_track_empty: int = 0
                 ) -> ScenarioState:
    """The sheet after Setup: colours assigned, population filled, HP die on '1' at the
    Starting Space, bread levels at level 1 (or the sheet's / the legacy run's bread upgrades).

    :param colours: five different colour names for die values 1–5.
    :param perks: legacy perk ids (``deep-stores``…); :param bread: starting bread levels
        from a legacy run's bread upgrades (the higher of it and the sheet's, ruling H58).
    :param resources: unused and used core resources of a legacy run (:class:`Resource`).
    :param legacy: the scenario is part of a legacy run (the Courier action exists); implied
        by perks, resources or honey-track squares.
    :raises InvalidInputError: colours, perks, bread or resources that do not fit; a sheet
        whose hyves are not the 19-hex hyves of scoring.py.
    """
    if sheet.mode not in SUPPORTED_MODES:
        raise InvalidInputError("scenario mode", sheet.mode,
                                "a mode the turn check plays: " + ", ".join(SUPPORTED_MODES)
                                + " (the other modes' phases are not wired in yet)")
    standard = frozenset(hexagon(2))
    if any(frozenset(h) != standard for h in sheet.hyves):
        raise InvalidInputError("scenario sheet hyves", "another layout",
                                "the 19-hex hyves (hyve_radius = 2) the turn check scores")
    names = tuple(str(c).strip().lower() for c in colours)
    if len(names) != len(BEE_TYPES) or len(set(names)) != len(names) or not all(names):
        raise InvalidInputError("colours", list(colours),
                                "five different colours, one per die value 1-5")
    perk_ids = tuple(str(p).strip().lower() for p in perks)
    for p in perk_ids:
        if p not in PERKS:
            raise not_one_of("perks", p, PERKS)
    levels = tuple(sheet.starting_bread)
    if bread is not None:
        if len(bread) != len(BEE_TYPES):
            raise InvalidInputError("bread", list(bread), "5 levels, one per bee type 1-5")
        for v in bread:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= BREAD_MAX:
                raise InvalidInputError("bread", v, f"a level 1-{BREAD_MAX}")
        levels = tuple(max(a, b) for a, b in zip(levels, bread))
    for r in resources:
        if r.kind not in ("hp", "population", "nectar"):
            raise InvalidInputError("resource kind", r.kind, "hp, population or nectar")
        if r.colour not in names:
            raise InvalidInputError("resource colour", r.colour,
                                    "one of the scenario's colours: " + ", ".join(names))
    if isinstance(honey_track_empty, bool) or not isinstance(honey_track_empty, int) \
            or not 0 <= honey_track_empty <= 99:
        raise InvalidInputError("honey_track_empty", honey_track_empty, "a whole number 0-99")
    empty_grid = HyveGrid.from_mapping({})
    return ScenarioState(
        sheet=sheet, colours=names, population=sheet.starting_population, die=1,
        position=sheet.hp_track.start, bread=levels, hyves=(empty_grid,) * HYVES,
        chamber=LarvaChamber.new(sheet.chamber),
        jellies=tuple(tuple(sorted(sheet.jelly_prefilled)) for _ in sheet.jellies),
        crossed=tuple(() for _ in sheet.seasons), perks=perk_ids,
        marshal=MarshalArea.empty(sheet.wasp) if sheet.wasp is not None else None,
        resources=tuple(resources),
        legacy=bool(legacy or perk_ids or resources or honey_track_empty),
        honey_track_empty=honey_track_empty)


# --- small helpers -----------------------------------------------------------------------------

def with_event(s: ScenarioState, text: str) -> ScenarioState:
    """``s`` with ``text`` added to its event lines (what the engine did, in words)."""
    return replace(s, events=s.events + (text,))


def settle_end(s: ScenarioState) -> ScenarioState:
    """Apply "How to Win (or Lose)" after every step: the scenario ends the moment a condition
    is met; a loss wins over a win met at the same time (ruling H30)."""
    if s.status != "playing":
        return s
    total = s.sheet.turns
    if s.sheet.mode == "long-live-the-queen":
        end = queen_end(s.sheet.hp_track, population=s.population, hp_position=s.position,
                        turns_done=min(s.turns_done, total), total_turns=total,
                        hyves_completed=s.hyves_completed, approval=s.approval,
                        disapproval=s.disapproval)
    else:
        end = check_end(s.population, s.position, s.sheet.hp_track,
                        min(s.turns_done, total), total, s.hyves_completed)
    if end.status == "playing":
        return s
    s = replace(s, status=end.status, end=end.losses if end.status == "lost" else end.wins,
                phase="over")
    return with_event(s, f"the scenario ends: {end.describe()}")


def move_hp_die(s: ScenarioState, *, gain: int = 0, lose: int = 0, why: str = "") -> ScenarioState:
    """Move the HP die (Tracking HP) and settle the end conditions."""
    if s.status != "playing" or not (gain or lose):
        return s
    track = s.sheet.hp_track
    r = move_hp(scoring=s.sheet.scoring, die=s.die, position=s.position, gain=gain, lose=lose,
                top=track.top, thriving=track.thriving)
    start = s.position
    s = replace(s, die=r.die, position=r.position)
    s = with_event(s, f"{'+' if gain else '-'}{gain or lose} HP{' (' + why + ')' if why else ''}: "
                f"die {r.die} on {track.label(r.position)}")
    s = settle_end(s)
    return entered_spaces(s, start, r.position)


def entered_spaces(s: ScenarioState, start: int, end: int) -> ScenarioState:
    """The spaces the HP die entered moving from ``start`` to ``end``, for Sensilla."""
    if s.has("sensilla") and s.status == "playing" and end != start:
        step = 1 if end > start else -1
        for p in range(start + step, end + step, step):
            if s.status == "playing" and p not in s.coloured:
                s = _sensilla(s, p)
    return s


def _sensilla(s: ScenarioState, position: int) -> ScenarioState:
    """Sensilla: "When your HP die enters an uncolored space on the HP track, color it with any
    color of your choice, and immediately add a Nectar of that color to your active hyve" —
    every space entered (up or down, each of a multi-space move), in order, the player's
    colour and hex taken from the turn's ``sensilla`` list (ruling H52)."""
    label = s.sheet.hp_track.label(position)
    if s.sensilla and s.sensilla[0] is HOLE:
        raise Need("sensilla", s, position=position, label=label)
    if not s.sensilla:
        raise IllegalActionError(R_SENSILLA, f"the HP die entered the uncoloured space "
                                 f"{label}: colour it and add a nectar of that colour "
                                 "(sensilla = [\"VALUE@HEX\"])", expected="a choice",
                                 given="none left")
    (value, target), rest = s.sensilla[0], s.sensilla[1:]
    s = replace(s, sensilla=rest, coloured=s.coloured + (position,))
    s = with_event(s, f"Sensilla: space {label} coloured {s.colour(value)}")
    if target is None:
        if not s.sheet.builder_shapes or builder_room(s):
            raise IllegalActionError(R_SENSILLA, f"the nectar of the space {label} goes into "
                                     "the active hyve: name its hex", expected="VALUE@HEX",
                                     given=str(value))
        return with_event(s, "Sensilla: no built space left for its nectar: lost (ruling H82)")
    s, _ = place_features(s, [(target, Space(NECTAR, variety=str(value)))], R_SENSILLA)
    return s


def builder_room(s: ScenarioState) -> bool:
    """Bee Builder: whether a built, empty hex is left in the active hyve or the next one
    (where nectar and larva may go, ruling H69)."""
    for n in (s.active, s.active + 1):
        if n < len(s.hyves) and any(s.hyves[n][h].kind == HEX_EMPTY for h in s.built[n]):
            return True
    return False


def next_turn(s: ScenarioState) -> ScenarioState:
    """The turn is over: every Sensilla choice must have been used; on to the next Refresh."""
    left = tuple(x for x in s.sensilla if x is not HOLE)
    if left:
        raise IllegalActionError(R_SENSILLA, f"{counted(len(left), 'Sensilla choice')} left over: "
                                 "the die entered no more uncoloured spaces this turn",
                                 expected=0, given=len(left))
    return replace(s, phase="refresh", sensilla=(), turn=s.turn + 1, bees=(), pool=(), used=(),
                   completed_this_turn=0)


def gain_population(s: ScenarioState, delta: int, why: str, *, seasonal: bool = False
                    ) -> ScenarioState:
    """Gain or lose population (never below 0) with Resiliance / Vigorous (ruling H24)."""
    if s.status != "playing" or not delta:
        return s
    change = change_population(s.population, delta, s.phase_perks)
    s = replace(s, population=change.after)
    s = with_event(s, f"{'+' if delta > 0 else '-'}{abs(delta) if delta > 0 else change.lost} "
                f"population ({why}): {change.after}")
    s = settle_end(s)
    if change.hp_gained:
        perk = "Resiliance" if delta < 0 else "Vigorous"
        s = move_hp_die(s, gain=change.hp_gained, why=perk)
    return s


def take_faces(pool: tuple[int, ...], faces, rule: str, what: str) -> tuple[int, ...]:
    """``pool`` without ``faces`` (a multiset difference).

    :raises IllegalActionError: a face not among the unassigned bees.
    """
    left = list(pool)
    for f in faces:
        if f not in left:
            name = "wild Bee" if f == WILD else f"{f}-Bee"
            named, there = list(faces).count(f), list(pool).count(f)
            short = (f"{counted(named, name)} named, {there} unassigned" if there else
                     f"no unassigned {name}")
            raise IllegalActionError(
                rule, f"{what}: {short} (unassigned: {faces_text(pool)})", expected=sorted(pool),
                given=list(faces))
        left.remove(f)
    return tuple(left)


def faces_text(faces) -> str:
    """Die faces for a message: ``1, 3, W`` (``none`` when empty)."""
    return ", ".join("W" if f == WILD else str(f) for f in sorted(faces)) or "none"


def wild_value(b: Bee, rule: str, what: str) -> int:
    """The die result a Wild Bee ``b`` stands for on ``what``.

    :raises IllegalActionError: it names none (``rule``).
    """
    if b.stands_for is None:
        raise IllegalActionError(rule, f"a Wild Bee on {what} must say which die result it "
                                 "represents (e.g. W3)", expected="W1-W5", given="W")
    return b.stands_for


# --- hyves: placing features -------------------------------------------------------------------

def _neighbours(h: Hex):
    q, r = h
    for dq, dr in AXIAL_NEIGHBOURS:
        n = (q + dq, r + dr)
        if n in _HEXSET:
            yield n


_HEXSET = frozenset(HEXES)


def larva_population(grid: HyveGrid, h: Hex) -> int:
    """Population a larva placed on ``h`` gains: the UNIQUE nectar colours adjacent to it
    (Tend Larva; crossed-out nectar, X and other larva are colourless)."""
    return len({grid[n].variety for n in _neighbours(h) if grid[n].kind == NECTAR})


def place_features(s: ScenarioState, features, rule: str, excise=()) -> tuple[ScenarioState, int]:
    """Place ``features`` (``(hex, Space or "larva")`` pairs) one by one into the active hyve
    (Placement Rules), scoring each hyve that fills up and moving on to the next hyve
    clockwise.  Returns the state and the population the larva gained.

    :raises IllegalActionError: a hex that is taken, or that Structured placement forbids; an
        Excisor cross-out without the perk, or for a hyve the action does not complete.
    """
    excise = list(excise)
    if any(e is not None and e is not HOLE for e in excise) and not s.has("excisor"):
        first = next(e for e in excise if e is not None and e is not HOLE)
        raise IllegalActionError(R_EXCISOR, "crossing out a space before scoring needs the "
                                 "Excisor perk", expected="no excise", given=cell_name(first))
    gained = 0
    builder = bool(s.sheet.builder_shapes)
    for target, space in features:
        if s.status != "playing":
            break
        if target is HOLE:
            raise Need("place", s, feature=space, rule=rule)
        hyve, h = split_spot(target)
        if builder:
            s = _builder_target(s, hyve, h, excise)
            if s.status != "playing":
                break
        elif hyve is not None and hyve != s.active + 1:
            raise IllegalActionError(R_PLACEMENT, f"features go into the active hyve "
                                     f"{s.active + 1}, got hyve {hyve}", expected=s.active + 1,
                                     given=hyve)
        grid = s.hyves[s.active]
        n = s.active + 1
        if grid[h].kind != HEX_EMPTY:
            raise IllegalActionError(
                rule, f"{cell_name(h)} of hyve {n} (the active hyve) already holds "
                f"{grid[h].describe()}", expected=[cell_name(e) for e in grid.empty],
                given=cell_name(h))
        if s.sheet.placement == "structured" and not builder:
            started = len(grid.empty) < len(HEXES)
            if not started and h != MIDDLE:
                raise IllegalActionError(
                    R_PLACEMENT, f"Structured: the first feature of hyve {n} goes in the middle "
                    f"({cell_name(MIDDLE)}), got {cell_name(h)}", expected=cell_name(MIDDLE),
                    given=cell_name(h))
            if started and not any(grid[m].kind != HEX_EMPTY for m in _neighbours(h)):
                allowed = [cell_name(e) for e in grid.empty
                           if any(grid[m].kind != HEX_EMPTY for m in _neighbours(e))]
                raise IllegalActionError(
                    R_PLACEMENT, f"Structured: each feature goes next to an existing feature "
                    f"of hyve {n}; {cell_name(h)} touches none", expected=allowed,
                    given=cell_name(h))
        if space == "larva":
            pop = larva_population(grid, h)
            gained += pop
            space = Space(LARVA, population=pop)
        grid = grid.replace(h, space)
        s = replace(s, hyves=s.hyves[:s.active] + (grid,) + s.hyves[s.active + 1:])
        if not grid.empty and not builder:
            s = _complete(s, _cut(s, excise))
    excise = [e for e in excise if e is not HOLE]
    if excise:
        raise IllegalActionError(R_EXCISOR, "an Excisor cross-out was given for a hyve this "
                                 "action did not complete", expected="one per completed hyve",
                                 given=[cell_name(e) if e else None for e in excise])
    return s, gained


def split_spot(target) -> tuple[int | None, Hex]:
    """A placement target: a hex of the active hyve ``(q, r)``, or ``(hyve number, (q, r))``."""
    if len(target) == 2 and isinstance(target[1], tuple):
        return target[0], target[1]
    return None, target


def spot_name(target) -> str:
    """``"C3"`` or ``"2:C3"``."""
    hyve, h = split_spot(target)
    return cell_name(h) if hyve is None else f"{hyve}:{cell_name(h)}"


def _builder_target(s: ScenarioState, hyve: int | None, h: Hex, excise: list) -> ScenarioState:
    """Bee Builder: a feature goes on a built, empty hex of the active hyve or of the next one;
    the next one triggers a Migration: the active hyve is completed and scored, its unbuilt
    hexes inert (:func:`hyvekit.rules.hyve.modes.check_builder_placement`, ruling H59)."""
    hyve = s.active + 1 if hyve is None else hyve
    occupied = [x for x, sp in s.hyves[hyve - 1].items() if sp.kind != HEX_EMPTY] \
        if 1 <= hyve <= HYVES else []
    migrate = check_builder_placement(s.sheet.hyves, s.built, s.active + 1, hyve, [h],
                                      occupied)
    if migrate:
        s = _complete(s, _cut(s, excise))
    return s


def _cut(s: ScenarioState, excise: list) -> Hex | None:
    """The Excisor cross-out of the hyve completing now (taken from ``excise``); an open
    choice (:data:`~hyvekit.rules.hyve.need.HOLE`) with the perk raises :class:`Need`."""
    if not excise:
        return None
    if excise[0] is HOLE:          # kept: it stands for every later cross-out too
        if s.has("excisor"):
            raise Need("excise", s, hyve=s.active + 1)
        return None
    return excise.pop(0)


def _complete(s: ScenarioState, excise: Hex | None) -> ScenarioState:
    """Score the active hyve that just filled up (Gather Nectar) and move on clockwise."""
    if excise is not None and not s.has("excisor"):
        raise IllegalActionError(R_EXCISOR, "crossing out a space before scoring needs the "
                                 "Excisor perk", expected="no excise", given=cell_name(excise))
    grid = s.hyves[s.active]
    score = score_hyve(grid, deep_stores=s.has("deep-stores"), excise=excise,
                       inert_empty=bool(s.sheet.builder_shapes))
    if excise is not None:
        grid = grid.replace(excise, CROSSED)
    hyves = s.hyves[:s.active] + (grid,) + s.hyves[s.active + 1:]
    s = replace(s, hyves=hyves, scores=s.scores + (score.total,), active=s.active + 1,
                completed_this_turn=s.completed_this_turn + 1)
    s = with_event(s, f"hyve {s.active} completed: {score.equation()}")
    s = move_hp_die(s, gain=score.total, why=f"hyve {s.active}")
    return settle_end(s)


def require_phase(s: ScenarioState, phase: str, what: str) -> None:
    """:raises IllegalActionError: the scenario has ended, or ``what`` is not of the phase
        the turn is in (``phase``).
    """
    if s.status != "playing":
        raise IllegalActionError(R_WIN, f"the scenario has ended ({s.status}: "
                                 f"{', '.join(s.end)}); {what} cannot be played",
                                 expected="no more choices", given=what)
    if s.phase != phase:
        order = {"refresh": "1. Refresh", "assign": "2. Assign Workers / 3. Gather Nectar",
                 "season": "6. Seasonal Effects"}
        raise IllegalActionError(R_TURN, f"{what} is not played now: the turn is at "
                                 f"{order.get(s.phase, s.phase)}",
                                 expected=order.get(phase, phase), given=what)


def summary(state: ScenarioState) -> dict:
    """A JSON-able view of the sheet: HP, population, bread, hyves, chamber, jellies."""
    return {
        "turn": state.turn, "phase": state.phase, "status": state.status,
        "end": list(state.end),
        "hp": {"die": state.die, "position": state.position, "label": state.hp_label},
        "population": state.population,
        "bread": {str(t): lvl for t, lvl in zip(BEE_TYPES, state.bread)},
        "hyves_completed": state.hyves_completed, "hyve_scores": list(state.scores),
        "active_hyve": state.active + 1 if state.active < HYVES else None,
        "hyves": [g.format().splitlines() for g in state.hyves],
        "chamber": state.chamber.format().splitlines(),
        "jellies": [{"jelly": state.sheet.jellies[i], "colours": list(j)}
                    for i, j in enumerate(state.jellies)],
        "rewards_taken": list(state.rewards_taken),
        "seasons_crossed": [list(c) for c in state.crossed],
        "perks": list(state.perks),
        "honey_track_squares_filled": state.honey_squares,
        "approval": state.approval, "disapproval": state.disapproval,
        "rounds_done": state.rounds_done if state.sheet.wasp is not None else None,
        "marshal": None if state.marshal is None else {
            "defensive": [list(f) for f in state.marshal.defensive],
            "offensive": [list(f) for f in state.marshal.offensive],
            "spent": sorted(str(h) for h in state.marshal.spent),
            "crossed_attacks": sorted(state.marshal.crossed_attacks)},
    }
