"""Bee Lives solo play (rules/bee-lives.txt, "Solo Play", "Solo Play Cards", "Scenario Cards",
"Campaign Cards", "Multiple Years Variant").

The cards live in the packaged ``beelives_solo.toml`` (the rulebook's text verbatim plus goals
and rule parameters); :func:`solo_cards_from_tables` builds them from it, or from a player's own
table of the same shape merged over it (sections left out are taken from the packaged file).
Reading the files is the data layer's job.

Goal checking does not replay a game: the player (or a month sequencer) states what happened in
each productive month as a :class:`MonthFacts`, and :func:`verdicts` says, goal by goal, whether
it is **met**, **at risk** (still possible, not met yet) or **failed**, with a one-line reason
naming the card.  Every game also carries the standard goal (End of the Game; Multiple Years
Variant): at least one worker bee survives each winter.

The cards' mechanics that need only dice and simple inputs are plain functions with the dice
as explicit inputs: Under Siege's spawn (:func:`scout_spawn`), basic mode's harder rule
(:func:`harder_rule_spawn`), Three Generations' year-2 spawns (:func:`season_start_spawns`),
Haunted Hives (:func:`haunted_forage_succeeds`, :func:`check_scare_ghosts`,
:func:`check_haunted_raid`, :func:`haunted_wild_may`), Wildfire (:func:`fire_start`,
:func:`spread_fire`, :func:`fire_spawn_places`, :func:`wildfire_month`) and Zombees
(:func:`first_infected`, :func:`spawn_is_infected`, :func:`infected_wild_action`,
:func:`catches_infection`, :func:`infected_action`, :func:`zombee_disease`).

Map geometry: axial hex coordinates ``(q, r)`` of pointy-topped hexes, ``r`` growing toward the
player (down the page), ``q`` to the right — the same plain data the map module loads.
Rulings L70–L99 (docs/rulings.md) record every reading of an unclear card.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from hyvekit.rules.beelives.hexgrid import Coord, is_connected
from hyvekit.rules.validate import find
from hyvekit.rules.beelives.hexgrid import distance as hex_distance
from hyvekit.rules.beelives.hexgrid import length as map_length
from hyvekit.rules.common import (AmbiguousInputError, IllegalActionError, InvalidInputError,
                                  require_int,
                                  require_table)

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
MET, AT_RISK, FAILED = "met", "at risk", "failed"
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
SURVIVE = "survive_winter"

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


# --- cards -------------------------------------------------------------------------------------

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


# --- loading -----------------------------------------------------------------------------------

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
        raise InvalidInputError(f"{where}.goal", kind, "one of " + ", ".join(GOAL_KINDS))
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
                raise InvalidInputError(f"{where}.season", value, "spring, summer or fall")
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
            raise InvalidInputError(f"{w}.tile", t.get("tile"), "one of " + ", ".join(TILE_TYPES))
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


# --- what happened: the facts ------------------------------------------------------------------

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
                raise InvalidInputError(f"{where} queen", q, "one of " + ", ".join(QUEEN_TYPES))
        for a in f.actions:
            if a not in ACTIONS:
                raise InvalidInputError(f"{where}.actions", a, "one of " + ", ".join(ACTIONS))
        if len(f.raids) != f.actions.count("raid"):
            raise InvalidInputError(f"{where}.raids", len(f.raids),
                                    f"one per raid action ({f.actions.count('raid')})")
        for r in f.raids:
            if r.target not in RAID_TARGETS:
                raise InvalidInputError(f"{where}.raids target", r.target,
                                        "one of " + ", ".join(RAID_TARGETS))
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
                raise InvalidInputError(f"{where} wild hive {w.name} origin", w.origin,
                                        "one of " + ", ".join(ORIGINS))
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


# --- verdicts ----------------------------------------------------------------------------------

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


# --- mechanics: spawns -------------------------------------------------------------------------

def spawn_strength(printed: int, year: int) -> int:
    """A spawned wild hive's strength: ``printed`` in year 1, 4 in year 2 and 5 in year 3
    (Multiple Years Variant: "When a wild hive is spawned in any year except for the first";
    rulings L36, L82)."""
    year = require_int("year", year, 1, MAX_YEARS)
    return printed if year == 1 else SPAWN_STRENGTH_BY_YEAR[year - 1]


def _d(name: str, roll: int, faces: int = D6) -> int:
    return require_int(name, roll, 1, faces)


def scout_spawn(card: ChallengeCard, d6: int, *, year: int = 1) -> int | None:
    """Under Siege: after a Scout action, roll the D6; on 4+ a wild hive spawns on the scouted
    tile.  Returns its strength (3; 4 / 5 in later years), or None (no spawn, or the card has
    no scouting spawn).

    :raises InvalidInputError: a roll off 1–6.
    """
    d6 = _d("D6 after scouting", d6)
    if card.spawn is None or d6 < card.spawn.d6_min:
        return None
    return spawn_strength(card.spawn.strength, year)


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
        raise InvalidInputError("season", season, "spring, summer or fall")
    origins = tuple(origins)
    for o in origins:
        if o not in ORIGINS:
            raise InvalidInputError("spawn origin", o, "one of " + ", ".join(ORIGINS))
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


def season_start_spawns(year_rules: CampaignYear, month: int, d6: int | None) -> tuple[int, int]:
    """Three Generations, year 2: in the first month of each season, roll the D6, halve it
    rounded up, and spawn that many wild hives of strength 4.  Returns ``(hives, strength)``;
    ``(0, strength)`` in any other month (no roll needed: pass None).

    :raises InvalidInputError: a roll off 1–6, or no roll in a season's first month; a year
        without this rule.
    """
    month = require_int("month", month, 1, MONTHS_PER_YEAR)
    months = year_rules.rule("season_start_months")
    strength = year_rules.rule("season_start_strength")
    if month not in months:
        return 0, strength
    if d6 is None:
        raise InvalidInputError("D6 roll", None, "the D6 rolled in the first month of the "
                                "season (Three Generations, year 2)")
    roll = _d("D6 roll", d6, year_rules.rule("season_start_die"))
    return math.ceil(roll / year_rules.rule("season_start_divisor")), strength


# --- mechanics: Haunted Hives ------------------------------------------------------------------

def haunted_forage_succeeds(card: ScenarioCard, d6: int) -> bool:
    """Haunted Hives: foraging a haunted tile, roll the D6: 1–4 the action fails, 5–6 it
    succeeds.  (On a failed forage hyvekit gives no resources and no disease: the action did
    not happen; the bees stay assigned — ruling L86.)

    :raises InvalidInputError: a roll off 1–6.
    """
    return _d("D6 for a haunted tile", d6) > card.rule("haunted_forage_fail_max")


def check_scare_ghosts(card: ScenarioCard, bees: int, *, tile_haunted: bool,
                       haunted_hive_on_tile: bool) -> None:
    """Haunted Hives: "You may take the Raid action with 1 worker bee to scare the ghosts away
    from a haunted tile, as long as it is not occupied by a haunted hive."  Passing means the
    tile flips to the light side.

    :raises IllegalActionError: not exactly 1 bee, a tile that is not haunted, or a haunted hive
        on it.
    """
    need = card.rule("scare_ghosts_bees")
    bees = require_int("bees", bees, 0, 99)
    if bees != need:
        raise IllegalActionError(R_HAUNTED, f"scaring ghosts takes a Raid action with {need} "
                                 f"worker bee, got {bees}", expected=need, given=bees)
    if not tile_haunted:
        raise IllegalActionError(R_HAUNTED, "that tile is not haunted", expected="a haunted "
                                 "tile", given="a light tile")
    if haunted_hive_on_tile:
        raise IllegalActionError(R_HAUNTED, "a haunted hive occupies that tile; its ghosts "
                                 "cannot be scared away", expected="a haunted tile without a "
                                 "haunted hive", given="a haunted hive's tile")


def check_haunted_raid(*, attacker_haunted: bool, target_haunted: bool) -> None:
    """Haunted Hives: "Haunted hives cannot raid or be raided."

    :raises IllegalActionError: either hive is haunted.
    """
    if attacker_haunted:
        raise IllegalActionError(R_HAUNTED, "haunted hives cannot raid", given="a haunted hive "
                                 "raiding")
    if target_haunted:
        raise IllegalActionError(R_HAUNTED, "haunted hives cannot be raided",
                                 given="a raid on a haunted hive")


def haunted_wild_may(action: str, *, wild_haunted: bool, tile_haunted: bool = False,
                     target_haunted: bool = False) -> bool:
    """Whether a wild hive may take a priority-chart ``action`` under Haunted Hives:

    * ``"raid"``: never for a haunted hive ("Skip all actions in the priority chart that involve
      raiding"), and no wild hive raids a haunted hive;
    * ``"forage"``: not on a haunted tile ("Wild hives cannot forage on haunted tiles");
    * ``"spawn"``: not on a haunted tile (a new wild hive, by any cause);
    * ``"scout"`` / ``"swarm"``: allowed.

    :raises InvalidInputError: another action.
    """
    if action == "raid":
        return not wild_haunted and not target_haunted
    if action in ("forage", "spawn"):
        return not tile_haunted
    if action in ("scout", "swarm"):
        return True
    raise InvalidInputError("wild hive action", action, "raid, forage, spawn, scout or swarm")


def spawned_haunted(*, first_wild_hive: bool, parent_haunted: bool = False) -> bool:
    """Haunted Hives: a new wild hive is haunted when it is the first wild hive that appears in
    the game, or it is spawned by a haunted hive's swarm.  (Its tile flips to the dark side.)"""
    return first_wild_hive or parent_haunted


# --- mechanics: Wildfire -----------------------------------------------------------------------

@dataclass(frozen=True)
class FireFront:
    """Where the wildfire is.

    :ivar edge: the start edge rolled on the D4 (``opposite``, ``right``, ``closest``, ``left``).
    :ivar axis: ``"row"`` (rows of equal r) or ``"column"`` (zig-zag columns of equal
        :func:`fire_column`).
    :ivar step: +1 or -1: the direction the fire spreads along ``axis``.
    :ivar next_row: the row (or column) index the fire reaches next.
    """

    edge: str
    axis: str
    step: int
    next_row: int


@dataclass(frozen=True)
class FireStep:
    """One month's spread: the ``row`` index flipped (None if the fire found nothing left),
    the tiles ``flipped``, and the front after it."""

    row: int | None
    flipped: frozenset[Coord]
    front: FireFront


def fire_column(coord: Coord) -> int:
    """The zig-zag column of a pointy-topped hex (odd-r offset column): tiles one above the
    other, alternately half a hex apart, share it."""
    q, r = coord
    return q + (r - (r & 1)) // 2


def _key(coord: Coord, axis: str) -> int:
    return coord[1] if axis == "row" else fire_column(coord)


def fire_start(card: CampaignCard, d4: int, tiles: Iterable[Coord], hive: Coord,
               *, year: int = 2) -> FireFront:
    """Wildfire, start of year 2: the D4 says where the fire starts (ruling L89):

    1. the opposite edge, spreading toward you; 3. the closest edge, spreading away from you —
       along the rows (r): "closest" is the top or bottom edge row nearest your hive's row
       (a tie counts the bottom, the player's side, as closest);
    2. the right edge, spreading left; 4. the left edge, spreading right — along the zig-zag
       columns, right = growing q (the player's right).

    :raises InvalidInputError: a roll off 1–4, an empty map, a hive off the map.
    """
    rules = card.year(year)
    edge = rules.rule("fire_start")[_d("D4 for the fire", d4, D4) - 1]
    pts = set(tiles)
    if not pts:
        raise InvalidInputError("map tiles", [], "at least one tile")
    if hive not in pts:
        raise InvalidInputError("hive", hive, "a tile of the map")
    if edge in ("right", "left"):
        cols = [fire_column(p) for p in pts]
        return (FireFront(edge, "column", -1, max(cols)) if edge == "right"
                else FireFront(edge, "column", 1, min(cols)))
    top, bottom = min(p[1] for p in pts), max(p[1] for p in pts)
    closest_is_bottom = bottom - hive[1] <= hive[1] - top
    start_bottom = closest_is_bottom if edge == "closest" else not closest_is_bottom
    return (FireFront(edge, "row", -1, bottom) if start_bottom
            else FireFront(edge, "row", 1, top))


def spread_fire(front: FireFront, tiles: Iterable[Coord],
                burned: Iterable[Coord] = ()) -> FireStep:
    """"Flip over the next row of tiles in the direction that the fire is spreading": the first
    row at or beyond ``front.next_row`` (in the spreading direction) that still has unburned
    tiles flips whole; the front moves one row past it.  Tiles scouted behind the front never
    burn (ruling L90)."""
    done = set(burned)
    ahead = sorted({_key(p, front.axis) for p in tiles if p not in done
                    and (_key(p, front.axis) - front.next_row) * front.step >= 0},
                   key=lambda k: k * front.step)
    if not ahead:
        return FireStep(None, frozenset(), front)
    row = ahead[0]
    flipped = frozenset(p for p in tiles if p not in done and _key(p, front.axis) == row)
    return FireStep(row, flipped, FireFront(front.edge, front.axis, front.step, row + front.step))


def fire_spawn_places(distance: int, tiles: Iterable[Coord], burned: Iterable[Coord],
                      occupied: Iterable[Coord] = ()) -> frozenset[Coord]:
    """Wildfire: the legal places for a wild hive spawned "as many spaces away from the fire as
    the rolled result": unburned map tiles without a hive whose distance to the nearest burned
    tile is exactly ``distance`` (ruling L91).  Empty: "the hive is not spawned".

    :raises InvalidInputError: a distance off 1–4.
    """
    distance = _d("D4 spawn distance", distance, D4)
    fire = set(burned)
    if not fire:
        return frozenset()
    taken = set(occupied)
    return frozenset(p for p in set(tiles) if p not in fire and p not in taken
                     and min(hex_distance(p, b) for b in fire) == distance)


@dataclass(frozen=True)
class WildfireMonth:
    """The start of a Wildfire month: the spread, whether you lose, and for each D4 the places
    a wild hive (``strength``) may spawn (empty: not spawned)."""

    step: FireStep
    hive_burned: bool
    spawn_places: tuple[frozenset[Coord], ...]
    strength: int


def wildfire_month(card: CampaignCard, front: FireFront, tiles: Iterable[Coord],
                   burned: Iterable[Coord], hive: Coord, d4s: Sequence[int],
                   occupied: Iterable[Coord] = (), *, year: int = 2) -> WildfireMonth:
    """Both start-of-month steps of Wildfire's year 2: flip the next row, then the two D4 spawns
    ("at any time, if the map tile occupied by your hive flips ... you lose!").  The spawn
    places are each computed against the map after the flip; the player picks one per roll
    and adds it to ``occupied`` before placing the next.

    :raises InvalidInputError: not exactly two D4 rolls, a roll off 1–4.
    """
    rules = card.year(year)
    tiles = tuple(tiles)
    need = rules.rule("fire_spawn_rolls")
    if len(d4s) != need:
        raise InvalidInputError("D4 rolls", list(d4s), f"{need} rolls of the D4")
    step = spread_fire(front, tiles, burned)
    fire = set(burned) | step.flipped
    taken = set(occupied) | {hive}
    places = tuple(fire_spawn_places(d, tiles, fire, taken) for d in d4s)
    return WildfireMonth(step, hive in step.flipped, places, rules.rule("fire_spawn_strength"))


# --- mechanics: Zombees ------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstInfection:
    """Zombees, start of year 2: ``candidates`` are the strongest wild hives (you choose one on a
    tie); with none in play, spawn one of ``spawn_strength`` within ``max_distance`` spaces of
    your hive: it is the infected hive."""

    candidates: tuple[str, ...]
    spawn_strength: int | None = None
    max_distance: int | None = None


def first_infected(card: CampaignCard, wild: Mapping[str, int], *, year: int = 2) -> FirstInfection:
    """Which wild hive becomes infected at the start of year 2.

    :param wild: wild hives in play, name → strength.
    :raises InvalidInputError: a strength off 1–14.
    """
    rules = card.year(year)
    live = {n: require_int(f"wild hive {n} strength", s, 1, WILD_MAX) for n, s in wild.items()}
    if not live:
        return FirstInfection((), rules.rule("first_infected_spawn_strength"),
                              rules.rule("first_infected_max_distance"))
    top = max(live.values())
    return FirstInfection(tuple(sorted(n for n, s in live.items() if s == top)))


def spawn_is_infected(card: CampaignCard, d6: int, *, year: int = 2) -> bool:
    """Zombees: a newly spawned wild hive is infected on 1–2, healthy on 3–6."""
    return _d("D6 for a new wild hive", d6) <= card.year(year).rule("spawn_infected_max")


def infected_wild_action(card: CampaignCard, d6: int, *, year: int = 2) -> str:
    """Zombees: an infected wild hive's turn, ignoring the priority chart: 1 raid the closest
    hive, 2 forage a bloom tile, 3 a wilt tile, 4 a harvest tile, 5 raid the farthest hive,
    6 do nothing.  (If it cannot do that legally, it does nothing.)"""
    return card.year(year).rule("infected_wild_actions")[_d("D6 for an infected wild hive", d6) - 1]


def catches_infection(card: CampaignCard, d6: int, *, year: int = 2) -> bool:
    """Zombees: a healthy hive (yours included) acting on an infected tile is infected on 1–2."""
    return _d("D6 on an infected tile", d6) <= card.year(year).rule("catch_infection_max")


def tile_becomes_infected(*, hive_infected: bool, tile_infected: bool) -> bool:
    """Zombees: an infected hive acting on a healthy tile infects it (flip to the dark side)."""
    return hive_infected and not tile_infected


@dataclass(frozen=True)
class InfectedAction:
    """Your infected hive's action roll: whether the action ``succeeds`` and whether the
    assigned bees die."""

    succeeds: bool
    bees_die: bool


def infected_action(card: CampaignCard, d6: int, *, year: int = 2) -> InfectedAction:
    """Zombees: each action of your infected hive rolls the D6: 1 fails and the assigned bees
    die; 2 fails, the bees live; 3–6 succeeds, the bees live."""
    rules = card.year(year)
    roll = _d("D6 for your infected hive's action", d6)
    if roll <= rules.rule("action_fail_bees_die_max"):
        return InfectedAction(False, True)
    if roll <= rules.rule("action_fail_max"):
        return InfectedAction(False, False)
    return InfectedAction(True, False)


def zombee_disease(card: CampaignCard, gained: int, *, infected: bool, year: int = 2) -> int:
    """Disease (track spaces) gained: doubled when your hive is infected (Zombees).  Apply it
    after Clean Bees' "one less" (ruling L94).

    :raises InvalidInputError: a negative gain.
    """
    gained = require_int("disease gained", gained, 0, 99)
    return gained * card.year(year).rule("disease_multiplier") if infected else gained


__all__ = [
    "BasicRules", "CampaignCard", "CampaignYear", "ChallengeCard", "FireFront", "FireStep",
    "FirstInfection", "Goal", "InfectedAction", "MapTile", "MonthFacts", "RaidFact",
    "ScenarioCard", "ScoutSpawn", "SoloCards", "StartingMap", "SwarmFact", "Verdict", "WildFact",
    "WildfireMonth", "catches_infection", "check_facts", "check_haunted_raid",
    "check_scare_ghosts", "combined_verdicts", "fire_column",
    "fire_spawn_places", "fire_start", "first_infected", "game_length", "harder_rule_misses",
    "harder_rule_spawn", "haunted_forage_succeeds", "haunted_wild_may", "hex_distance",
    "infected_action", "infected_wild_action", "is_connected", "map_length",
    "outcome", "scout_spawn", "season_start_spawns", "spawn_is_infected", "spawn_strength",
    "spawned_haunted", "spread_fire", "tile_becomes_infected", "verdicts", "wildfire_month",
    "zombee_disease",
]
