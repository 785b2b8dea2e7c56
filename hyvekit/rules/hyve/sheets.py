"""Hyve scenario sheet definitions: everything a scenario sheet prints, as data.

Implements the sheet elements of ``rules/hyve.txt`` — "Game Sheets" (HP track, hyves, larva
chamber, royal jellies, queen's rewards, seasons track, setup area), "Game Settings" (starting
population, worker refresh, scoring, placement, migration), "Seasonal Effects" and the "Game
Modes" (Coldsnap, Mites Challenge, Wasp War, Bee Builder, Turbo Mode, Long Live the Queen).

The rulebook prints none of a sheet's values, so the shipped definitions
(the packaged ``hyve_sheets.toml``) are hyvekit's own, marked ``assumed``; a player can give
their own file of the same shape.  :func:`definitions_from_tables` builds the definitions from
the tables already read (reading files is the data layer's job).

Units: HP, population (bees), track positions (0 = Colony Collapse, counted upwards), hexes
(axial ``(q, r)`` of pointy-topped hexes), larva-chamber squares (``(row, column)``), die values
1–5 (6 is the wild Bee face), turns (one seasonal effect or one wasp round each).

:meth:`SheetDefinition.from_dict` refuses an unknown key with the list of accepted keys, and an
impossible layout naming the exact problem (overlapping hexes, a shape that is not connected, a
starting space outside the track, a season without effects, a mode part missing for its mode…).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from hyvekit.rules.common import InvalidInputError, require_int, require_table
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

R_SHEET = "Hyve: Game Sheets"

MODES = ("standard", "coldsnap", "mites-challenge", "wasp-war", "bee-builder", "turbo",
         "long-live-the-queen")
MODE_LABELS = {"standard": "Standard", "coldsnap": "Coldsnap",
               "mites-challenge": "Mites Challenge", "wasp-war": "Wasp War",
               "bee-builder": "Bee Builder", "turbo": "Turbo Mode",
               "long-live-the-queen": "Long Live the Queen"}
SCORINGS = ("flat", "wobbly")                 # Game Settings, Scoring
PLACEMENTS = ("free", "structured")           # Game Settings, Placement Rules
MIGRATIONS = ("scaling", "proportional")      # Game Settings, Migration
HYVES = 6                                     # Game Sheets: "Hyve (6 Total)"
BEE_TYPES = (1, 2, 3, 4, 5)                   # Setup: a colour per die value; 6 is wild
WILD = 6                                      # Setup: the "Bee" face is wild for all purposes
BREAD_MAX = 6                                 # Turbo Mode: "max 2-type bread ... six"
ATTACK_NUMBERS = tuple(range(1, 13))          # Wasp War: light 1–6, heavy 2–12
OFFENSIVE_MAX = 12                            # Wasp War: "If the sum ... exceeds 12"
BUILDER_SHAPE_HEXES = 4                       # Bee Builder: "each shape is composed of four hexes"
OFFENSIVE_FORMATIONS = 3                      # Wasp War: "one of the 3 V-shaped Formations"
# what the printed two-page sheet holds (issue 43): page 1 has the HP track in rows of 10
# squares for the 16 mm HP die above the hyves (three rows on Letter) and the population
# circles beside them
HP_SPACES_MAX = 30
POPULATION_SPACES_MAX = 60
# 6. Seasonal Effects: "Lose 6 HP for each bread level that you currently have below level 3"
BREAD_HP = 6
BREAD_BELOW = 3

# Queen's Attendants (the four effects the rulebook describes)
JELLIES = {
    "overwork": ("Overwork", "Gain Population equal to the Bee placed."),
    "fly-drones": ("Fly Drones", "Lose Population equal to the Bee placed to gain twice that "
                                 "much HP."),
    "overwork-queen": ("Overwork Queen", "Place Larva into the hyve equal to this Bee's value."),
    "plumose": ("Plumose", "Gain 1 Bread Level of this Bee's color."),
}
# Queen's Rewards
REWARDS = {
    "swarm": ("Swarm", "Gain 1 HP for every 2 Population."),
    "migratory": ("Migratory", "Gain 3 HP for each completed hyve."),
    "multi-culture": ("Multi-Culture", "Gain 1 HP for each variety of Nectar used in each "
                                       "completed Hyve."),
    "monoculture": ("Monoculture", "Gain HP equal to the number of the most used color of "
                                   "Nectar in ALL hyves."),
}
# Long Live the Queen, "Demand types" (those with an X need ``x``)
DEMANDS = {
    "royal-jelly": (False, "A Royal Jelly was colored this turn"),
    "bread-upgrade": (False, "A Bread type was upgraded this turn"),
    "hyves": (True, "{x} or more completed hyves"),
    "population": (True, "Population greater than {x}"),
    "bread-levels": (True, "All bread levels greater than {x}"),
    "hp-above-start": (False, "HP above the Starting Space"),
}

_SHEET_KEYS = {"id", "name", "mode", "assumed", "reasoning", "starting_population",
               "population_spaces",
               "refresh_max", "scoring", "placement", "migration", "starting_bread", "hp_track",
               "hyve_radius", "hyves", "chamber", "jellies", "jelly_prefilled", "rewards",
               "season", "wasp", "builder", "turbo", "queen"}
_REQUIRED = _SHEET_KEYS - {"assumed", "reasoning", "hyve_radius", "hyves", "wasp", "builder",
                           "turbo", "queen", "jelly_prefilled", "population_spaces"}
_TRACK_KEYS = {"spaces", "start", "thriving"}
_CHAMBER_KEYS = {"rows", "columns", "wild_columns", "shapes"}
_SEASON_KEYS = {"name", "effects", "migration", "demand"}
_EFFECT_KEYS = {"hp", "population", "bread", "mites", "huddle", "bread_hp", "bread_below"}
_DEMAND_KEYS = {"kind", "x"}
_WASP_KEYS = {"rounds", "attacks", "marshal_bees", "defensive", "offensive"}
_BUILDER_KEYS = {"shapes"}
_TURBO_KEYS = {"boost"}
_QUEEN_KEYS = {"pips"}
# which mode owns which part
_PARTS = {"wasp": "wasp-war", "builder": "bee-builder", "turbo": "turbo",
          "queen": "long-live-the-queen"}

Hex = tuple[int, int]
Cell = tuple[int, int]
AXIAL_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
SQUARE_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


# --- geometry ----------------------------------------------------------------------------------

def hexagon(radius: int) -> tuple[Hex, ...]:
    """The hexes of a hexagonal hyve of ``radius`` (0 → 1 hex, 1 → 7, 2 → 19, 3 → 37), the
    middle ``(0, 0)`` first (Structured placement starts there)."""
    out = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
           if abs(q + r) <= radius]
    out.sort(key=lambda h: (h != (0, 0), h[1], h[0]))
    return tuple(out)


def connected(cells: tuple[tuple[int, int], ...], neighbours) -> bool:
    """Whether ``cells`` form one group through ``neighbours`` steps."""
    if not cells:
        return False
    todo, seen, pool = [cells[0]], {cells[0]}, set(cells)
    while todo:
        a, b = todo.pop()
        for da, db in neighbours:
            n = (a + da, b + db)
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(pool)


def _coords(where: str, raw: Any, neighbours, *, what: str) -> tuple[tuple[int, int], ...]:
    """A list of ``[a, b]`` pairs, checked for duplicates (overlap) and connectivity."""
    if not isinstance(raw, list) or not raw:
        raise InvalidInputError(where, raw, f"a non-empty list of [{what}] pairs")
    cells = []
    for item in raw:
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
            raise InvalidInputError(where, item, f"a [{what}] pair of whole numbers")
        cell = (item[0], item[1])
        if cell in cells:
            raise InvalidInputError(where, list(cell), f"each {what} once: these cells overlap")
        cells.append(cell)
    cells_t = tuple(cells)
    if not connected(cells_t, neighbours):
        raise InvalidInputError(where, [list(c) for c in cells_t],
                                "a connected shape (every cell touching the rest by a side)")
    return cells_t


_check_keys = require_table


def _choice(where: str, value: Any, allowed) -> str:
    text = str(value).strip().lower()
    if text not in allowed:
        raise not_one_of(where, value, allowed)
    return text


def _die_key(where: str, key: Any) -> int:
    return require_int(where, key, 1, 5)


# --- parts -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HpTrack:
    """The HP track ("Tracking HP"): ``spaces`` positions numbered 0 (Colony Collapse) to
    ``spaces - 1``; the last is Thriving when ``thriving``; the die starts on ``start``."""

    spaces: int
    start: int
    thriving: bool = True

    @property
    def top(self) -> int:
        """Highest position (the Thriving space when there is one)."""
        return self.spaces - 1

    @property
    def last_playable(self) -> int:
        """Highest position the die can stand on while the scenario goes on."""
        return self.top - 1 if self.thriving else self.top

    def label(self, position: int) -> str:
        """Space ``position`` as the sheet names it: ``Colony Collapse`` (0),
        ``Thriving``, ``Start``, or its number."""
        if position == 0:
            return "Colony Collapse"
        if self.thriving and position == self.top:
            return "Thriving"
        if position == self.start:
            return "Start"
        return str(position)


@dataclass(frozen=True)
class Effect:
    """One seasonal effect ("Seasonal Effects", Coldsnap, Mites Challenge).

    :ivar hp: HP lost.
    :ivar population: population icons (1 population lost each).
    :ivar bread: bread icons: lose :data:`BREAD_HP` (6) HP for each bread level currently below
        level :data:`BREAD_BELOW` (3).
    :ivar mites: Mites icons: cross out a Nectar of the active hyve each.
    :ivar huddle: Coldsnap: lose HP equal to ``huddle`` minus your current population.
    :ivar bread_hp, bread_below: Coldsnap: lose ``bread_hp`` HP per bread level below
        ``bread_below``.
    """

    hp: int = 0
    population: int = 0
    bread: int = 0
    mites: int = 0
    huddle: int = 0
    bread_hp: int = 0
    bread_below: int = 0

    def parts(self) -> list[str]:
        """Short texts, e.g. ``["5 HP", "1 Pop"]``."""
        out = []
        if self.hp:
            out.append(f"{self.hp} HP")
        if self.population:
            out.append(f"{self.population} Pop")
        if self.bread:
            out.append(f"{self.bread}\u00d7 bread<{BREAD_BELOW}: {BREAD_HP} HP each")
        if self.huddle:
            out.append(f"{self.huddle} \u2212 Pop HP")
        if self.bread_hp:
            out.append(f"{self.bread_hp} HP / bread<{self.bread_below}")
        if self.mites:
            out.append(f"{self.mites} mite{'s' if self.mites > 1 else ''}")
        return out

    def describe(self) -> str:
        """The effect in words: ``5 HP, 1 Pop``."""
        return ", ".join(self.parts())


@dataclass(frozen=True)
class Demand:
    """A Long Live the Queen demand ("Demand types"); ``x`` for the kinds that need it."""

    kind: str
    x: int | None = None

    def describe(self) -> str:
        """The demand in words (Long Live the Queen)."""
        return DEMANDS[self.kind][1].format(x=self.x)


@dataclass(frozen=True)
class Season:
    """A season of the Seasons track: its effects (one per turn), its scaling-migration loss
    (population per completed hyve) and, in Long Live the Queen, its demand."""

    name: str
    effects: tuple[Effect, ...]
    migration: int | None = None
    demand: Demand | None = None


@dataclass(frozen=True)
class Chamber:
    """The Larva Chamber: rows and columns labelled with die values, ``wild_columns`` extra
    columns for Wild Bees, and a polyomino (``(row, column)`` squares) for each die value."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    wild_columns: int
    shapes: tuple[tuple[int, tuple[Cell, ...]], ...]

    @property
    def squares(self) -> int:
        """Squares of the Larva Chamber."""
        return len(self.rows) * (len(self.columns) + self.wild_columns)

    def shape(self, die: int) -> tuple[Cell, ...]:
        """The Tend Eggs shape of die value ``die`` (its squares)."""
        return dict(self.shapes)[die]


@dataclass(frozen=True)
class WaspAttack:
    """One row of the Wasp War attack table: attack number → HP, population, larva lost."""

    number: int
    hp: int
    population: int
    larva: int

    def describe(self) -> str:
        """The attack's cost in words: ``2 HP, 1 Pop, 1 Larva`` (``none``)."""
        parts = [f"{self.hp} HP"] if self.hp else []
        if self.population:
            parts.append(f"{self.population} Pop")
        if self.larva:
            parts.append(f"{self.larva} Larva")
        return ", ".join(parts) or "none"


@dataclass(frozen=True)
class WaspWar:
    """Wasp War: the round track, the attack table, and the Marshal action's formations."""

    rounds: int
    attacks: tuple[WaspAttack, ...]
    marshal_bees: int
    defensive: tuple[tuple[Hex, ...], ...]
    offensive: tuple[tuple[Hex, ...], ...]

    def attack(self, number: int) -> WaspAttack:
        """The table's line of attack ``number``."""
        return {a.number: a for a in self.attacks}[number]


@dataclass(frozen=True)
class SheetDefinition:
    """Everything one scenario sheet prints.

    :ivar mode: one of :data:`MODES`.
    :ivar starting_population: population circles filled at setup (Game Settings: 6).
    :ivar population_spaces: circles on the Population track (the most population; hyvekit's
        sheets: 40, assumed — the rulebook names no maximum).
    :ivar refresh_max: the most dice rolled in Refresh (Game Settings: 10).
    :ivar scoring: ``flat`` | ``wobbly``; :ivar placement: ``free`` | ``structured``;
        :ivar migration: ``scaling`` (each season's loss) | ``proportional`` (a third).
    :ivar starting_bread: bread level of each bee type 1–5 at setup.
    :ivar hyves: six hyves (top-most first, then clockwise), each a tuple of axial hexes.
    :ivar jellies: royal-jelly effect ids in sheet order; each holds each colour once.
    :ivar jelly_prefilled: die values pre-filled in every jelly (Turbo: the 2-spots).
    :ivar rewards: the Queen's Rewards ids.
    :ivar seasons: the Seasons track (empty in Wasp War, which has a round track).
    :ivar assumed: true when the values are hyvekit's own, not the publisher's.
    """

    id: str
    name: str
    mode: str
    starting_population: int
    refresh_max: int
    scoring: str
    placement: str
    migration: str
    starting_bread: tuple[int, ...]
    hp_track: HpTrack
    hyves: tuple[tuple[Hex, ...], ...]
    chamber: Chamber
    jellies: tuple[str, ...]
    jelly_prefilled: tuple[int, ...]
    rewards: tuple[str, ...]
    seasons: tuple[Season, ...]
    wasp: WaspWar | None = None
    builder_shapes: tuple[tuple[int, tuple[Hex, ...]], ...] = ()
    turbo_boost: int | None = None
    queen_pips: int | None = None
    population_spaces: int = 40
    assumed: bool = True
    reasoning: str = field(default="", repr=False, compare=False)

    @property
    def mode_label(self) -> str:
        """The mode's name as the rulebook prints it."""
        return MODE_LABELS[self.mode]

    @property
    def turns(self) -> int:
        """Turns of a full game: one per seasonal effect, or one per wasp round."""
        if self.wasp is not None:
            return self.wasp.rounds
        return sum(len(s.effects) for s in self.seasons)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> SheetDefinition:
        """Build and validate a definition.

        :raises InvalidInputError: an unknown key (listing the accepted keys), a missing key,
            or an impossible layout or value, named exactly.
        """
        _check_keys("scenario sheet", raw, _SHEET_KEYS)
        missing = sorted(_REQUIRED - set(raw))
        if missing:
            raise InvalidInputError("scenario sheet", f"no {missing[0]!r}",
                                    "all of " + ", ".join(sorted(_REQUIRED)))
        sid = str(raw["id"])
        w = f"sheet {sid}"
        mode = _choice(f"{w}: mode", raw["mode"], MODES)
        scoring = _choice(f"{w}: scoring", raw["scoring"], SCORINGS)
        placement = _choice(f"{w}: placement", raw["placement"], PLACEMENTS)
        migration = _choice(f"{w}: migration", raw["migration"], MIGRATIONS)
        pop = require_int(f"{w}: starting_population", raw["starting_population"], 1, 99)
        refresh = require_int(f"{w}: refresh_max", raw["refresh_max"], 1, 99)
        pop_spaces = require_int(f"{w}: population_spaces", raw.get("population_spaces", 40),
                                 pop, POPULATION_SPACES_MAX)
        bread = _bread(w, raw["starting_bread"])
        track = _track(w, raw["hp_track"])
        if mode == "long-live-the-queen" and track.thriving:
            raise InvalidInputError(f"{w}: hp_track.thriving", True,
                                    "false: Long Live the Queen has no Thriving space")
        hyves = _hyves(w, raw)
        chamber = _chamber(w, raw["chamber"])
        jellies, prefilled = _jellies(w, raw)
        rewards = tuple(_choice(f"{w}: rewards", r, tuple(REWARDS)) for r in raw["rewards"])
        if not 1 <= len(rewards) <= 4 or len(set(rewards)) != len(rewards):
            raise InvalidInputError(f"{w}: rewards", list(rewards),
                                    "1 to 4 different Queen's Rewards")
        seasons = _seasons(w, raw["season"], migration, mode)
        _check_parts(w, raw, mode)
        wasp = _wasp(w, raw["wasp"]) if "wasp" in raw else None
        _check_seasons(w, mode, seasons)
        builder = _builder(w, raw["builder"]) if "builder" in raw else ()
        boost = (_turbo_boost(w, raw["turbo"], chamber, prefilled, bread) if "turbo" in raw
                 else None)
        pips = None
        if "queen" in raw:
            q = _check_keys(f"{w}: queen", raw["queen"], _QUEEN_KEYS)
            if "pips" in q:
                pips = require_int(f"{w}: queen.pips", q.get("pips"), 1, 99)
        return cls(id=sid, name=str(raw["name"]), mode=mode, starting_population=pop,
                   refresh_max=refresh, scoring=scoring, placement=placement,
                   migration=migration, starting_bread=bread, hp_track=track, hyves=hyves,
                   chamber=chamber, jellies=jellies, jelly_prefilled=prefilled,
                   rewards=rewards, seasons=seasons, wasp=wasp, builder_shapes=builder,
                   turbo_boost=boost, queen_pips=pips, population_spaces=pop_spaces,
                   assumed=bool(raw.get("assumed", False)),
                   reasoning=str(raw.get("reasoning", "")).strip())


def _bread(w: str, raw: Any) -> tuple[int, ...]:
    """The starting bread levels (4. Feed Bees): one per bee type 1-5, each 1 to
    :data:`BREAD_MAX`."""
    if not isinstance(raw, list) or len(raw) != len(BEE_TYPES):
        raise InvalidInputError(f"{w}: starting_bread", raw,
                                "5 bread levels, one per bee type 1-5")
    return tuple(require_int(f"{w}: starting_bread", v, 1, BREAD_MAX) for v in raw)


def _jellies(w: str, raw: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The Royal Jellies (at least one) and the die values printed in them
    (``jelly_prefilled``)."""
    jellies = tuple(_choice(f"{w}: jellies", j, tuple(JELLIES)) for j in raw["jellies"])
    if not jellies:
        raise InvalidInputError(f"{w}: jellies", [], "at least one Royal Jelly")
    prefilled = tuple(require_int(f"{w}: jelly_prefilled", v, 1, 5)
                      for v in raw.get("jelly_prefilled", []))
    return jellies, prefilled


def _check_parts(w: str, raw: dict[str, Any], mode: str) -> None:
    """Each mode's own part ([wasp], [builder], [turbo], [queen]) given exactly for its
    mode."""
    for part, owner in _PARTS.items():
        if part in raw and mode != owner:
            raise InvalidInputError(f"{w}: {part}", "given",
                                    f"no [{part}] part: it belongs to mode {owner}")
        if mode == owner and part not in raw:
            raise InvalidInputError(f"{w}: {part}", "missing",
                                    f"a [{part}] part: mode {owner} needs it")


def _check_seasons(w: str, mode: str, seasons: tuple) -> None:
    """Seasons for every mode but Wasp War (its round track replaces them)."""
    if mode == "wasp-war" and seasons:
        raise InvalidInputError(f"{w}: season", len(seasons),
                                "no seasons: Wasp War has a Wasp Attack phase and a round "
                                "track instead of Seasonal Effects")
    if mode != "wasp-war" and not seasons:
        raise InvalidInputError(f"{w}: season", "none", "at least one season with effects")


def _builder(w: str, raw: Any) -> tuple:
    """Bee Builder's shapes, one per die value 1-5 (``[builder] shapes``)."""
    b = _check_keys(f"{w}: builder", raw, _BUILDER_KEYS)
    builder = _shapes(f"{w}: builder.shapes", b.get("shapes"), AXIAL_NEIGHBOURS,
                      "q, r", size=BUILDER_SHAPE_HEXES)
    if [d for d, _ in builder] != list(BEE_TYPES):
        raise InvalidInputError(f"{w}: builder.shapes", [d for d, _ in builder],
                                "a shape for each die value 1-5")
    return builder


def _turbo_boost(w: str, raw: Any, chamber: Any, prefilled: tuple[int, ...],
                 bread: tuple[int, ...]) -> int:
    """Turbo Mode's boost die value (``[turbo] boost``): no chamber row, column or shape of
    it, its jelly spots pre-filled, its bread at the maximum level."""
    t = _check_keys(f"{w}: turbo", raw, _TURBO_KEYS)
    boost = require_int(f"{w}: turbo.boost", t.get("boost"), 1, 5)
    for where, labels in (("chamber.rows", chamber.rows),
                          ("chamber.columns", chamber.columns),
                          ("chamber.shapes", [d for d, _ in chamber.shapes])):
        if boost in labels:
            raise InvalidInputError(f"{w}: {where}", list(labels),
                                    f"no {boost}: Turbo Mode has no {boost} row, "
                                    "column or shape")
    if boost not in prefilled:
        raise InvalidInputError(f"{w}: jelly_prefilled", list(prefilled),
                                f"the {boost}-spots: Turbo pre-fills them")
    if bread[boost - 1] != BREAD_MAX:
        raise InvalidInputError(f"{w}: starting_bread", list(bread),
                                f"{boost}-type bread at level {BREAD_MAX}: Turbo "
                                "starts with max 2-type bread")
    return boost


def _track(w: str, raw: Any) -> HpTrack:
    t = _check_keys(f"{w}: hp_track", raw, _TRACK_KEYS)
    for key in ("spaces", "start"):
        if key not in t:
            raise InvalidInputError(f"{w}: hp_track", f"no {key!r}", "spaces, start, thriving")
    spaces = require_int(f"{w}: hp_track.spaces", t["spaces"], 3, HP_SPACES_MAX)
    thriving = bool(t.get("thriving", True))
    last = spaces - 2 if thriving else spaces - 1
    start = t["start"]
    if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= last:
        raise InvalidInputError(f"{w}: hp_track.start", start,
                                f"a position on the track between Colony Collapse (0) and "
                                f"{'Thriving (' + str(spaces - 1) + ')' if thriving else 'its end'}"
                                f": 1 to {last}")
    return HpTrack(spaces=spaces, start=start, thriving=thriving)


def _hyves(w: str, raw: dict[str, Any]) -> tuple[tuple[Hex, ...], ...]:
    if ("hyve_radius" in raw) == ("hyves" in raw):
        raise InvalidInputError(f"{w}: hyves", "both" if "hyves" in raw else "neither",
                                "exactly one of hyve_radius (six hexagonal hyves) or hyves "
                                "(six lists of [q, r] hexes)")
    if "hyve_radius" in raw:
        radius = require_int(f"{w}: hyve_radius", raw["hyve_radius"], 1, 4)
        return (hexagon(radius),) * HYVES
    layouts = raw["hyves"]
    if not isinstance(layouts, list) or len(layouts) != HYVES:
        raise InvalidInputError(f"{w}: hyves", layouts if not isinstance(layouts, list)
                                else f"{len(layouts)} hyves", f"{HYVES} hyves")
    out = []
    for i, layout in enumerate(layouts, start=1):
        hexes = _coords(f"{w}: hyve {i}", layout, AXIAL_NEIGHBOURS, what="q, r")
        if (0, 0) not in hexes:
            raise InvalidInputError(f"{w}: hyve {i}", "no [0, 0]",
                                    "a middle hex [0, 0] (Structured placement starts there)")
        out.append(hexes)
    return tuple(out)


def _shapes(where: str, raw: Any, neighbours, what: str, size: int | None = None):
    if not isinstance(raw, dict) or not raw:
        raise InvalidInputError(where, raw, "a table: die value = list of cells")
    out = []
    for key, cells in raw.items():
        die = _die_key(f"{where} die value", key)
        shape = _coords(f"{where}.{die}", cells, neighbours, what=what)
        if size is not None and len(shape) != size:
            raise InvalidInputError(f"{where}.{die}", f"{len(shape)} hexes", f"{size} hexes")
        out.append((die, shape))
    return tuple(sorted(out))


def _chamber(w: str, raw: Any) -> Chamber:
    c = _check_keys(f"{w}: chamber", raw, _CHAMBER_KEYS)
    missing = sorted(_CHAMBER_KEYS - set(c))
    if missing:
        raise InvalidInputError(f"{w}: chamber", f"no {missing[0]!r}",
                                "all of " + ", ".join(sorted(_CHAMBER_KEYS)))
    labels = {}
    for key in ("rows", "columns"):
        vals = tuple(_die_key(f"{w}: chamber.{key}", v) for v in c[key])
        if not vals or len(set(vals)) != len(vals):
            raise InvalidInputError(f"{w}: chamber.{key}", list(vals),
                                    "different die values 1-5, at least one")
        labels[key] = vals
    wild = require_int(f"{w}: chamber.wild_columns", c["wild_columns"], 0, 5)
    shapes = _shapes(f"{w}: chamber.shapes", c["shapes"], SQUARE_NEIGHBOURS, "row, column")
    rows, cols = len(labels["rows"]), len(labels["columns"]) + wild
    for die, cells in shapes:
        if die not in labels["rows"] and die not in labels["columns"]:
            raise InvalidInputError(f"{w}: chamber.shapes.{die}", die,
                                    "a shape only for a die value with a row or column")
        h = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        wd = max(k for _, k in cells) - min(k for _, k in cells) + 1
        if min(h, wd) > min(rows, cols) or max(h, wd) > max(rows, cols):
            raise InvalidInputError(f"{w}: chamber.shapes.{die}", f"{h} x {wd} squares",
                                    f"a shape that fits the {rows} x {cols} chamber")
    for die in set(labels["rows"]) | set(labels["columns"]):
        if die not in dict(shapes):
            raise InvalidInputError(f"{w}: chamber.shapes", f"no shape for {die}",
                                    "a shape for every die value with a row or column")
    return Chamber(rows=labels["rows"], columns=labels["columns"], wild_columns=wild,
                   shapes=shapes)


def _effect(where: str, raw: Any) -> Effect:
    e = _check_keys(where, raw, _EFFECT_KEYS)
    values = {k: require_int(f"{where}.{k}", v, 0, 99) for k, v in e.items()}
    if not any(values.values()):
        raise InvalidInputError(where, raw, "an effect that does something (hp, population, "
                                "bread, mites, huddle or bread_hp)")
    if bool(values.get("bread_hp")) != bool(values.get("bread_below")):
        raise InvalidInputError(where, raw, "bread_hp and bread_below together (lose X HP per "
                                "bread level less than level Y)")
    return Effect(**values)


def _seasons(w: str, raw: Any, migration: str, mode: str) -> tuple[Season, ...]:
    if not isinstance(raw, list):
        raise InvalidInputError(f"{w}: season", raw, "a list of [[season]] tables")
    out = []
    for i, s in enumerate(raw, start=1):
        where = f"{w}: season {i}"
        s = _check_keys(where, s, _SEASON_KEYS)
        name = str(s.get("name") or f"Season {i}")
        where = f"{w}: season {name}"
        effects_raw = s.get("effects") or []
        if not effects_raw:
            raise InvalidInputError(f"{where}.effects", effects_raw,
                                    "at least one seasonal effect (a season without effects "
                                    "has no turn)")
        effects = tuple(_effect(f"{where}.effects[{j}]", e)
                        for j, e in enumerate(effects_raw, start=1))
        loss = None
        if "migration" in s:
            loss = require_int(f"{where}.migration", s["migration"], 0, 99)
        elif migration == "scaling":
            raise InvalidInputError(f"{where}.migration", "missing",
                                    "the season's population loss per migration (Scaling "
                                    "migration loses a flat amount by season)")
        demand = None
        if "demand" in s:
            if mode != "long-live-the-queen":
                raise InvalidInputError(f"{where}.demand", s["demand"],
                                        "no demand: demands belong to Long Live the Queen")
            d = _check_keys(f"{where}.demand", s["demand"], _DEMAND_KEYS)
            kind = _choice(f"{where}.demand.kind", d.get("kind"), tuple(DEMANDS))
            x = None
            if DEMANDS[kind][0]:
                if "x" not in d:
                    raise InvalidInputError(f"{where}.demand.x", "missing",
                                            f"the X of demand {kind}")
                x = require_int(f"{where}.demand.x", d["x"], 0, 99)
            demand = Demand(kind, x)
        elif mode == "long-live-the-queen":
            raise InvalidInputError(f"{where}.demand", "missing",
                                    "one demand per season in Long Live the Queen")
        out.append(Season(name=name, effects=effects, migration=loss, demand=demand))
    if migration == "scaling" and not out:
        raise InvalidInputError(f"{w}: migration", "scaling",
                                "proportional: scaling migration needs seasons")
    if mode == "mites-challenge" and not any(e.mites for s in out for e in s.effects):
        raise InvalidInputError(f"{w}: season", "no Mites icon",
                                "at least one effect with mites (Mites Challenge)")
    if mode == "coldsnap" and not any(e.huddle or e.bread_hp for s in out for e in s.effects):
        raise InvalidInputError(f"{w}: season", "no Coldsnap effect",
                                "at least one huddle or bread_hp effect (Coldsnap)")
    return tuple(out)


def _wasp(w: str, raw: Any) -> WaspWar:
    p = _check_keys(f"{w}: wasp", raw, _WASP_KEYS)
    missing = sorted(_WASP_KEYS - set(p))
    if missing:
        raise InvalidInputError(f"{w}: wasp", f"no {missing[0]!r}",
                                "all of " + ", ".join(sorted(_WASP_KEYS)))
    rounds = require_int(f"{w}: wasp.rounds", p["rounds"], 1, 60)
    table = p["attacks"]
    if not isinstance(table, dict):
        raise InvalidInputError(f"{w}: wasp.attacks", table, "a table: number = [HP, pop, larva]")
    attacks = []
    for key, val in table.items():
        n = require_int(f"{w}: wasp.attacks number", key, 1, 12)
        if not isinstance(val, list) or len(val) != 3:
            raise InvalidInputError(f"{w}: wasp.attacks.{n}", val,
                                    "[HP, population, larva] lost")
        hp, pop, larva = (require_int(f"{w}: wasp.attacks.{n}", v, 0, 99) for v in val)
        attacks.append(WaspAttack(n, hp, pop, larva))
    numbers = {a.number for a in attacks}
    gap = [n for n in ATTACK_NUMBERS if n not in numbers]
    if gap:
        raise InvalidInputError(f"{w}: wasp.attacks", f"no attack {gap[0]}",
                                "every attack number 1-12 (light 1-6, heavy 2-12)")
    marshal = require_int(f"{w}: wasp.marshal_bees", p["marshal_bees"], 1, 5)
    defensive = _formations(f"{w}: wasp.defensive", p["defensive"])
    offensive = _formations(f"{w}: wasp.offensive", p["offensive"])
    if len(offensive) != OFFENSIVE_FORMATIONS:
        raise InvalidInputError(f"{w}: wasp.offensive", f"{len(offensive)} formations",
                                f"{OFFENSIVE_FORMATIONS} V-shaped formations")
    for i, f in enumerate(offensive, start=1):
        if len(f) > OFFENSIVE_MAX:
            raise InvalidInputError(f"{w}: wasp.offensive {i}", f"{len(f)} hexes",
                                    f"at most {OFFENSIVE_MAX} hexes (a sum over 12 fails)")
    return WaspWar(rounds=rounds, attacks=tuple(sorted(attacks, key=lambda a: a.number)),
                   marshal_bees=marshal, defensive=defensive, offensive=offensive)


def _formations(where: str, raw: Any) -> tuple[tuple[Hex, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise InvalidInputError(where, raw, "a list of formations, each a list of [q, r] hexes")
    return tuple(_coords(f"{where} {i}", f, AXIAL_NEIGHBOURS, what="q, r")
                 for i, f in enumerate(raw, start=1))


# --- loading -----------------------------------------------------------------------------------

def definitions_from_tables(packaged: Mapping[str, Any], own: Mapping[str, Any] | None = None,
                            source: str = "") -> dict[str, SheetDefinition]:
    """Scenario sheet definitions by id, from the packaged table (``hyve_sheets.toml``) or a
    player's own table.

    A player's table has the packaged shape (``[defaults]`` and ``[[sheet]]`` tables); keys it
    leaves out come from its own ``[defaults]``, then from the packaged ones.

    :param own: the player's table (None: the packaged definitions).
    :param source: the player's file name, for errors.
    :raises InvalidInputError: unknown key or impossible layout; no ``[[sheet]]``.
    """
    sheets: dict[str, SheetDefinition] = {}
    for merged in sheet_tables(packaged, own):
        sheet = SheetDefinition.from_dict(merged)
        if sheet.id in sheets:
            raise InvalidInputError("scenario sheet id", sheet.id, "each id once")
        sheets[sheet.id] = sheet
    if not sheets:
        raise InvalidInputError("scenario sheets file", source, "at least one [[sheet]]")
    return sheets


def sheet_tables(packaged: Mapping[str, Any], own: Mapping[str, Any] | None = None
                 ) -> list[dict[str, Any]]:
    """Each ``[[sheet]]`` table of the player's (or the packaged) table with the defaults
    filled in: what :meth:`SheetDefinition.from_dict` reads (and what a record created from a
    sheet keeps, so it replays without the file).

    :raises InvalidInputError: an unknown top-level key.
    """
    table = own if own is not None else packaged
    unknown = set(table) - {"rules", "defaults", "sheet"}
    if unknown:
        raise InvalidInputError("scenario sheets file key", sorted(unknown)[0],
                                "one of defaults, rules, sheet")
    defaults = {**packaged["defaults"], **table.get("defaults", {})}
    out = []
    for raw in table.get("sheet", []):
        merged = {**defaults, **raw}
        if "hyves" in raw:
            merged.pop("hyve_radius", None)
        out.append(merged)
    return out


def definition_for(mode: str, sheets: Mapping[str, SheetDefinition], *,
                   field: str = "--mode") -> SheetDefinition:
    """The definition with id (or, failing that, mode) ``mode`` among ``sheets`` (by id).

    :param field: how the caller's input names it (for the error).
    :raises InvalidInputError: no such definition (lists the ids).
    """
    key = mode.strip().lower()
    if key in sheets:
        return sheets[key]
    for sheet in sheets.values():
        if sheet.mode == key:
            return sheet
    raise not_one_of(field, mode, sheets)
