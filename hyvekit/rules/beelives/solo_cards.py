"""The Bee Lives solo play cards (rules/bee-lives.txt, "Solo Play", "Solo Play Cards",
"Scenario Cards", "Campaign Cards"): challenge, scenario and campaign cards with their goals
and rule parameters, built from the packaged solo cards table (the rulebook's text verbatim)
or a player's own table of the same shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Union

from hyvekit.rules.beelives.hexgrid import is_connected
from hyvekit.rules.common import AmbiguousInputError, InvalidInputError, require_int, require_table
from hyvekit.rules.validate import find
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

SEASONS = ("spring", "summer", "fall")


MONTHS_PER_YEAR = 9             # How to Play: "the first nine months (Mar. - Nov.)"


MONTH_NAMES = ("March", "April", "May", "June", "July", "August", "September", "October",
               "November")


MAX_YEARS = 3                   # Multiple Years Variant: two (long) or three years (epic)


# Multiple Years Variant: "play for two years (long game) or three years (epic game)".
YEAR_VARIANTS = ((2, "long"), (3, "epic"))


QUEEN_TYPES = ("aggressive", "prolific", "hygienic", "nomadic")   # Queen Types


TILE_TYPES = ("bloom", "wilt", "harvest", "wet")                  # Components: map tiles


ACTIONS = ("forage", "scout", "raid", "defend", "build_wax", "clean_bees", "cool_hive",
           "requeen")           # Inside Your Hive: the eight action spaces, top to bottom


RAID_TARGETS = ("wild_hive", "player_hive", "haunted_tile")


HIVE_TARGETS = ("wild_hive", "player_hive")


ORIGINS = ("swarm", "wild_swarm", "season_card", "challenge_card", "scenario_card",
           "campaign_card", "solo_rule", "setup")


# Basic mode, harder rule: "a wild hive was not spawned due to swarming or card effects"
SWARM_OR_CARD = ("swarm", "wild_swarm", "season_card", "challenge_card", "scenario_card",
                 "campaign_card")


SPAWN_STRENGTH_BY_YEAR = (3, 4, 5)   # Multiple Years Variant: year 2 → 4, year 3 → 5 (L82)


WILD_MAX = 14                        # priority charts: "at maximum (14)"
D6, D4 = 6, 4


R_SOLO = "Bee Lives: Solo Play"


R_HAUNTED = "Bee Lives: Haunted Hives"


R_REQUEEN = "Bee Lives: Requeen"


R_SWARM = "Bee Lives: Swarm Phase"


# Goal kind → its parameter keys (see the header of beelives_solo.toml).
GOAL_KINDS: dict[str, tuple[str, ...]] = {
    "comb_at_least": ("comb", "by_end_of_year"),
    "disease_reached": ("disease",),
    "map_tiles_at_least": ("tiles", "by_end_of_year"),
    "map_length_at_least": ("length", "by_end_of_year"),
    "all_queens_in_a_year": ("queens",),
    "swarms_survive_in_a_year": ("swarms",),
    "brood_every_phase": ("brood",),
    "no_raids": (),
    "swarms_at_least": ("swarms",),
    "wild_strength_below": ("strength",),
    "keep_original_queen": (),
    "only_hive": ("by_end_of_year",),
    "queen_all_year": ("queens",),
    "scouts_in_year": ("scouts",),
    "different_queen_at_start": (),
    "requeen_in_season": ("season", "queens"),
    "swarm_and_move_in_season": ("season", "times"),
    "hive_not_burned": (),
}


YEAR_GOALS = ("queen_all_year", "scouts_in_year", "different_queen_at_start",
              "requeen_in_season", "swarm_and_move_in_season", "hive_not_burned")


FILE_KEYS = ("source", "basic", "challenge", "scenario", "campaign")


BASIC_KEYS = ("source", "harder_rule", "harder_seasons", "harder_strength", "harder_max_distance")


CHALLENGE_KEYS = ("name", "text", "source", "note", "goals", "spawn")


SPAWN_KEYS = ("trigger", "d6_min", "strength", "where")


SCENARIO_KEYS = ("name", "text", "source", "note", "goals", "wild_active_in_first_spring",
                 "rules", "map")


MAP_KEYS = ("assumed", "reasoning", "source", "tiles")


TILE_KEYS = ("q", "r", "tile", "hive", "strength")


CAMPAIGN_KEYS = ("name", "text", "source", "note", "years", "year")


YEAR_KEYS = ("year", "text", "note", "goals", "rules")


# Rule parameters of scenario / campaign years: key → "int" | "ints" | "strs".
RULE_KEYS: dict[str, str] = {
    "haunted_forage_fail_max": "int", "scare_ghosts_bees": "int",
    "season_start_months": "ints", "season_start_die": "int", "season_start_divisor": "int",
    "season_start_strength": "int",
    "fire_start": "strs", "fire_spawn_rolls": "int", "fire_spawn_die": "int",
    "fire_spawn_strength": "int",
    "first_infected_spawn_strength": "int", "first_infected_max_distance": "int",
    "spawn_infected_max": "int", "catch_infection_max": "int",
    "action_fail_bees_die_max": "int", "action_fail_max": "int", "disease_multiplier": "int",
    "infected_wild_actions": "strs",
}


FIRE_EDGES = ("opposite", "right", "closest", "left")


@dataclass(frozen=True)
class Goal:
    """One goal of a card: ``kind`` (a key of :data:`GOAL_KINDS`) and its parameters.

    :ivar params: ``(key, value)`` pairs; values are ints, a season name or queen-type tuples.
    :ivar year: for a campaign year's goal, the year it belongs to (None: the whole game).
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    year: int | None = None

    def param(self, key: str) -> Any:
        """The value of parameter ``key``."""
        return dict(self.params)[key]


@dataclass(frozen=True)
class ScoutSpawn:
    """A card's spawn after scouting (Under Siege): on ``d6_min``+ a wild hive of ``strength``
    (year 1; later years 4 / 5, ruling L82) on ``where``."""

    trigger: str
    d6_min: int
    strength: int
    where: str


@dataclass(frozen=True)
class BasicRules:
    """Basic mode's harder rule (Solo Play: Basic Mode): at the end of every month of
    ``seasons`` with no wild hive spawned by swarming or card effects, spawn one of
    ``strength`` within ``max_distance`` spaces of your hive."""

    text: str
    seasons: tuple[str, ...]
    strength: int
    max_distance: int
    source: str = ""


@dataclass(frozen=True)
class ChallengeCard:
    """A challenge card (Solo Play Cards): verbatim ``text``, ``goals``, optional ``spawn``."""

    name: str
    text: str
    source: str
    goals: tuple[Goal, ...]
    note: str = ""
    spawn: ScoutSpawn | None = None


@dataclass(frozen=True)
class MapTile:
    """One tile of a starting map: axial ``(q, r)``, tile type, ``hive`` ("you", "wild" or
    None) and a wild hive's ``strength``."""

    q: int
    r: int
    tile: str
    hive: str | None = None
    strength: int | None = None

    @property
    def coord(self) -> tuple[int, int]:
        return (self.q, self.r)


@dataclass(frozen=True)
class StartingMap:
    """A scenario's starting map.  ``assumed`` is true for hyvekit's own layouts (the card's
    picture is not in the rulebook); ``reasoning`` says why."""

    tiles: tuple[MapTile, ...]
    assumed: bool
    reasoning: str = ""

    @property
    def your_hive(self) -> tuple[int, int]:
        """Axial coordinates of your hive."""
        return next(t.coord for t in self.tiles if t.hive == "you")

    @property
    def wild_hives(self) -> tuple[MapTile, ...]:
        """The tiles with a wild hive (each with its strength)."""
        return tuple(t for t in self.tiles if t.hive == "wild")


@dataclass(frozen=True)
class ScenarioCard:
    """A scenario card (Scenario Cards): ``goals`` (empty: the standard goal only), whether wild
    hives act in the first spring, rule parameters and the starting map."""

    name: str
    text: str
    source: str
    goals: tuple[Goal, ...]
    wild_active_in_first_spring: bool
    map: StartingMap
    rules: tuple[tuple[str, Any], ...] = ()
    note: str = ""

    def rule(self, key: str) -> Any:
        """A rule parameter (KeyError-free: raises InvalidInputError when the card lacks it)."""
        return _rule(self.name, self.rules, key)


@dataclass(frozen=True)
class CampaignYear:
    """One year of a campaign card: verbatim ``text``, ``goals`` and rule parameters."""

    year: int
    text: str
    goals: tuple[Goal, ...]
    rules: tuple[tuple[str, Any], ...] = ()
    note: str = ""

    def rule(self, key: str) -> Any:
        return _rule(f"year {self.year}", self.rules, key)


@dataclass(frozen=True)
class CampaignCard:
    """A campaign card (Campaign Cards): the game lengths it allows (``years``) and each year's
    rules and requirements."""

    name: str
    text: str
    source: str
    years: tuple[int, ...]
    year_rules: tuple[CampaignYear, ...]
    note: str = ""

    def year(self, year: int) -> CampaignYear:
        """The rules of ``year``; a year the card does not list (Zombees' third year) runs under
        the last listed year's rules (ruling L93)."""
        year = require_int("year", year, 1, MAX_YEARS)
        listed = [y for y in self.year_rules if y.year <= year]
        if not listed:
            raise InvalidInputError("year", year, f"a year of {self.name}")
        return listed[-1]

    @property
    def goals(self) -> tuple[Goal, ...]:
        return tuple(g for y in self.year_rules for g in y.goals)


Card = Union[ChallengeCard, ScenarioCard, CampaignCard]


@dataclass(frozen=True)
class SoloCards:
    """Every solo card: :attr:`basic` rules, 11 challenges, 4 scenarios, 3 campaigns."""

    basic: BasicRules
    challenges: tuple[ChallengeCard, ...]
    scenarios: tuple[ScenarioCard, ...]
    campaigns: tuple[CampaignCard, ...]

    def all(self) -> tuple[Card, ...]:
        return (*self.challenges, *self.scenarios, *self.campaigns)

    def find(self, name: str) -> Card:
        """The card called ``name`` (case-insensitive; a unique part of a name also works).

        :raises InvalidInputError: no card or several cards match (lists the names).
        """
        try:
            return find("solo card", str(name), self.all(), key=lambda c: c.name)
        except AmbiguousInputError as exc:
            raise InvalidInputError("solo card", name, "one of " + ", ".join(
                c.name for c in self.all()), suggestions=exc.candidates) from None


def _rule(owner: str, rules: tuple[tuple[str, Any], ...], key: str) -> Any:
    table = dict(rules)
    if key not in table:
        raise InvalidInputError(f"{owner} rule", key, "one of " + (", ".join(table) or "none"))
    return table[key]


_refuse_unknown = require_table


def _text(where: str, raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{where}.{key}", value, "a non-empty text")
    return value


def _flag(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(where, value, "true or false")
    return value


def _queens(where: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or any(v not in QUEEN_TYPES for v in value):
        raise InvalidInputError(where, value, "a list of queen types from "
                                + ", ".join(QUEEN_TYPES))
    return tuple(value)


def goal_from_dict(where: str, raw: Any, year: int | None = None) -> Goal:
    """One ``{ goal = KIND, ... }`` table → :class:`Goal`.

    :raises InvalidInputError: unknown kind or parameter (with the accepted list), a missing or
        impossible parameter.
    """
    if not isinstance(raw, Mapping):
        raise InvalidInputError(where, raw, "a table { goal = KIND, ... }")
    kind = raw.get("goal")
    if kind not in GOAL_KINDS:
        raise not_one_of(f"{where}.goal", kind, GOAL_KINDS)
    keys = GOAL_KINDS[kind]
    _refuse_unknown(f"{where} ({kind})", raw, ("goal", *keys))
    if kind in YEAR_GOALS and year is None:
        raise InvalidInputError(f"{where}.goal", kind, "a whole-game goal (this one belongs to "
                                "a campaign year)")
    params: list[tuple[str, Any]] = []
    for key in keys:
        if key not in raw:
            raise InvalidInputError(f"{where}.{key}", None, f"a value ({kind} needs "
                                    + ", ".join(keys) + ")")
        value = raw[key]
        if key == "season":
            if value not in SEASONS:
                raise not_one_of(f"{where}.season", value, SEASONS,
                                 allowed="spring, summer or fall")
        elif key == "queens" and kind != "all_queens_in_a_year":
            value = _queens(f"{where}.queens", value)
        elif key == "disease":
            value = require_int(f"{where}.disease", value, -99, 0)
        elif key == "by_end_of_year":
            value = require_int(f"{where}.by_end_of_year", value, 1, MAX_YEARS)
        elif key == "queens":
            value = require_int(f"{where}.queens", value, 1, len(QUEEN_TYPES))
        else:
            value = require_int(f"{where}.{key}", value, 0, 99)
        params.append((key, value))
    return Goal(kind, tuple(params), year)


def _goals(where: str, raw: Any, year: int | None = None) -> tuple[Goal, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidInputError(f"{where}.goals", raw, "a list of goal tables")
    return tuple(goal_from_dict(f"{where}.goals[{i}]", g, year) for i, g in enumerate(raw))


def _rules(where: str, raw: Any) -> tuple[tuple[str, Any], ...]:
    if raw is None:
        return ()
    _refuse_unknown(f"{where}.rules", raw, tuple(RULE_KEYS))
    out: list[tuple[str, Any]] = []
    for key, value in raw.items():
        shape = RULE_KEYS[key]
        if shape == "int":
            value = require_int(f"{where}.rules.{key}", value, 0, 99)
        elif shape == "ints":
            if not isinstance(value, list) or not value:
                raise InvalidInputError(f"{where}.rules.{key}", value, "a list of whole numbers")
            value = tuple(require_int(f"{where}.rules.{key}", v, 0, 99) for v in value)
        else:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise InvalidInputError(f"{where}.rules.{key}", value, "a list of texts")
            value = tuple(value)
        out.append((key, value))
    table = dict(out)
    if "fire_start" in table and (len(table["fire_start"]) != D4
                                  or set(table["fire_start"]) != set(FIRE_EDGES)):
        raise InvalidInputError(f"{where}.rules.fire_start", list(table["fire_start"]),
                                "the four edges " + ", ".join(FIRE_EDGES) + " in D4 order")
    if "infected_wild_actions" in table and len(table["infected_wild_actions"]) != D6:
        raise InvalidInputError(f"{where}.rules.infected_wild_actions",
                                len(table["infected_wild_actions"]), "six actions, D6 1-6")
    return tuple(out)


def _map(where: str, raw: Any) -> StartingMap:
    _refuse_unknown(f"{where}.map", raw, MAP_KEYS)
    rows = raw.get("tiles")
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError(f"{where}.map.tiles", rows, "a list of tiles {q, r, tile}")
    tiles: list[MapTile] = []
    for i, t in enumerate(rows):
        w = f"{where}.map.tiles[{i}]"
        _refuse_unknown(w, t, TILE_KEYS)
        if t.get("tile") not in TILE_TYPES:
            raise not_one_of(f"{w}.tile", t.get("tile"), TILE_TYPES)
        hive = t.get("hive")
        if hive not in (None, "you", "wild"):
            raise InvalidInputError(f"{w}.hive", hive, "you or wild (or no hive)")
        strength = t.get("strength")
        if hive == "wild":
            strength = require_int(f"{w}.strength", strength, 1, WILD_MAX)
        elif strength is not None:
            raise InvalidInputError(f"{w}.strength", strength, "a strength only on a wild hive")
        tiles.append(MapTile(require_int(f"{w}.q", t.get("q"), -99, 99),
                             require_int(f"{w}.r", t.get("r"), -99, 99), t["tile"], hive, strength))
    coords = [t.coord for t in tiles]
    if len(set(coords)) != len(coords):
        raise InvalidInputError(f"{where}.map.tiles", "a repeated (q, r)", "each place once")
    if sum(1 for t in tiles if t.hive == "you") != 1:
        raise InvalidInputError(f"{where}.map.tiles", "your hive", "exactly one tile with "
                                "hive = \"you\"")
    if not is_connected(coords):
        raise InvalidInputError(f"{where}.map.tiles", "tiles in separate groups",
                                "one connected group of tiles")
    assumed = raw.get("assumed", False)
    return StartingMap(tuple(tiles), _flag(f"{where}.map.assumed", assumed),
                       str(raw.get("reasoning", raw.get("source", ""))))


def _challenge(raw: Any) -> ChallengeCard:
    name = str(raw.get("name", "")).strip() if isinstance(raw, Mapping) else ""
    where = f"challenge {name!r}" if name else "challenge"
    _refuse_unknown(where, raw, CHALLENGE_KEYS)
    _text(where, raw, "name")
    spawn = None
    if "spawn" in raw:
        s = raw["spawn"]
        _refuse_unknown(f"{where}.spawn", s, SPAWN_KEYS)
        if s.get("trigger") != "scout":
            raise InvalidInputError(f"{where}.spawn.trigger", s.get("trigger"), "scout")
        spawn = ScoutSpawn("scout", require_int(f"{where}.spawn.d6_min", s.get("d6_min"), 1, D6),
                           require_int(f"{where}.spawn.strength", s.get("strength"), 1, WILD_MAX),
                           str(s.get("where", "the scouted tile")))
    return ChallengeCard(name, _text(where, raw, "text"), str(raw.get("source", "")),
                         _goals(where, raw.get("goals")), str(raw.get("note", "")), spawn)


def _scenario(raw: Any) -> ScenarioCard:
    name = str(raw.get("name", "")).strip() if isinstance(raw, Mapping) else ""
    where = f"scenario {name!r}" if name else "scenario"
    _refuse_unknown(where, raw, SCENARIO_KEYS)
    _text(where, raw, "name")
    if "map" not in raw:
        raise InvalidInputError(f"{where}.map", None, "a starting map table")
    active = raw.get("wild_active_in_first_spring", False)
    return ScenarioCard(
        name, _text(where, raw, "text"), str(raw.get("source", "")),
        _goals(where, raw.get("goals")), _flag(f"{where}.wild_active_in_first_spring", active),
        _map(where, raw["map"]), _rules(where, raw.get("rules")), str(raw.get("note", "")))


def _campaign(raw: Any) -> CampaignCard:
    name = str(raw.get("name", "")).strip() if isinstance(raw, Mapping) else ""
    where = f"campaign {name!r}" if name else "campaign"
    _refuse_unknown(where, raw, CAMPAIGN_KEYS)
    _text(where, raw, "name")
    lengths = raw.get("years")
    if not isinstance(lengths, list) or not lengths:
        raise InvalidInputError(f"{where}.years", lengths, "a list of game lengths, e.g. [2, 3]")
    lengths = [require_int(f"{where}.years", v, 1, MAX_YEARS) for v in lengths]
    years: list[CampaignYear] = []
    rows = raw.get("year") or []
    if not isinstance(rows, list):
        raise InvalidInputError(f"{where}.year", rows, "[[campaign.year]] tables")
    for i, y in enumerate(rows):
        w = f"{where}.year[{i}]"
        _refuse_unknown(w, y, YEAR_KEYS)
        n = require_int(f"{w}.year", y.get("year"), 1, MAX_YEARS)
        years.append(CampaignYear(n, _text(w, y, "text"), _goals(w, y.get("goals"), n),
                                  _rules(w, y.get("rules")), str(y.get("note", ""))))
    if [y.year for y in years] != list(range(1, len(years) + 1)):
        raise InvalidInputError(f"{where}.year", [y.year for y in years],
                                "the years in order from 1 (1, 2, ...)")
    return CampaignCard(name, _text(where, raw, "text"), str(raw.get("source", "")),
                        tuple(lengths), tuple(years), str(raw.get("note", "")))


def _basic(raw: Any) -> BasicRules:
    _refuse_unknown("basic", raw, BASIC_KEYS)
    seasons = raw.get("harder_seasons")
    if not isinstance(seasons, list) or any(s not in SEASONS for s in seasons):
        raise InvalidInputError("basic.harder_seasons", seasons, "a list of spring, summer, fall")
    return BasicRules(_text("basic", raw, "harder_rule"), tuple(seasons),
                      require_int("basic.harder_strength", raw.get("harder_strength"), 1, WILD_MAX),
                      require_int("basic.harder_max_distance", raw.get("harder_max_distance"),
                                  0, 9),
                      str(raw.get("source", "")))


def cards_from_dict(raw: Mapping[str, Any]) -> SoloCards:
    """The file's shape → :class:`SoloCards`, checked (names unique within the whole file).

    :raises InvalidInputError: unknown keys (with the accepted list), missing tables, impossible
        values (each names the card and key).
    """
    _refuse_unknown("solo cards file", raw, FILE_KEYS)
    for section in ("basic", "challenge", "scenario", "campaign"):
        if section not in raw:
            raise InvalidInputError("solo cards file", f"no [{section}] table",
                                    "the tables basic, challenge, scenario, campaign")
    for section in ("challenge", "scenario", "campaign"):
        if not isinstance(raw[section], list):
            raise InvalidInputError(section, raw[section], f"[[{section}]] tables")
    cards = SoloCards(_basic(raw["basic"]), tuple(_challenge(c) for c in raw["challenge"]),
                      tuple(_scenario(c) for c in raw["scenario"]),
                      tuple(_campaign(c) for c in raw["campaign"]))
    seen: set[str] = set()
    for c in cards.all():
        if c.name.lower() in seen:
            raise InvalidInputError("solo card name", c.name, "each name once")
        seen.add(c.name.lower())
    return cards


def solo_cards_from_tables(packaged: Mapping[str, Any], own: Mapping[str, Any] | None = None
                           ) -> SoloCards:
    """The packaged solo cards table (``beelives_solo.toml``), or a player's own table merged
    over it section by section (``basic``, ``challenge``, ``scenario``, ``campaign``: a section
    in the player's table replaces the packaged one; sections left out are taken from the
    packaged table).

    :raises InvalidInputError: unknown table or key (with the accepted list), impossible value.
    """
    own = own or {}
    _refuse_unknown("solo cards file", own, FILE_KEYS)
    return cards_from_dict({**packaged, **own})


def spawn_strength(printed: int, year: int) -> int:
    """A spawned wild hive's strength: ``printed`` in year 1, 4 in year 2 and 5 in year 3
    (Multiple Years Variant: "When a wild hive is spawned in any year except for the first";
    rulings L36, L82)."""
    year = require_int("year", year, 1, MAX_YEARS)
    return printed if year == 1 else SPAWN_STRENGTH_BY_YEAR[year - 1]


def die_roll(name: str, roll: int, faces: int = D6) -> int:
    return require_int(name, roll, 1, faces)
