"""Bee Lives season cards (rules/bee-lives.txt, "Season Cards", "Event Phase").

The 27 cards live in the packaged ``beelives_seasons.toml`` (the rulebook's text verbatim plus
structured effects); :func:`cards_from_dict` validates them, or a player's own file of the same
shape, once the data layer has read it.  The functions below turn the card on the seasons board into the
parameters the rules core already takes:

=====================================  ======================================================
function                               feeds
=====================================  ======================================================
:func:`forage_modifiers`               ``actions.Forage(modifiers=(delta,))``
:func:`build_wax_honey_per_bee`        ``actions.BuildWax(honey_per_bee=)``
:func:`cooling_water_per_bee`          ``actions.CoolHive(water_per_bee=)``
:func:`overheating`                    ``WildSituation(overheating=)``, ``cleanup_hive(overheating=)``
:func:`raid_bonuses`                   raid ``attacker_bonus`` / ``defender_bonus``
:func:`feeding_bees_per_honey`         ``phases.feeding_phase(bees_per_honey=)``
:func:`brood_rules`                    ``phases.brood_phase(brood_per_pollen=, no_hatching=)``
:func:`spawn_check`                    a wild hive spawned by a card (strength, where)
:func:`required_defenders`             Cooler Temps: bees moved to Defend
:func:`wild_first_turn`                Desperate Parties: a wild hive's first turn
=====================================  ======================================================

Timing (Event Phase, ruling L31): a card is revealed in phase 5 of a month and "will remain
active until the card gets covered by the next season card in the following month", i.e.
until phase 5 of the next month.  So

* Action Phase effects (forage, Build Wax, Cool Hive, overheating, raids, Cooler Temps,
  Desperate Parties, spawns) come from the card revealed **this month**;
* Feeding and Brood Phase effects (Culling of the Drones, Buttoned Up, and An Early Start's
  "each pollen hatches 2 brood") come from the card revealed **last month**, which is still on
  the board: phases 2 and 3 come before this month's Event Phase.

``None`` stands for "no card" (the first month, or the first spring month of a later year,
when the played cards were discarded).  Units: honey / pollen / water cubes, bees, strength.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives.board import TILE_TYPES, Board
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.validate import find
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

if TYPE_CHECKING:                  # the wild hives' charts load when a wild hive plays
    from hyvekit.rules.beelives.wild import WildDecision, WildSituation

SEASONS = ("spring", "summer", "fall")
CARDS_PER_SEASON = 9            # Components: "27 Season Cards (9 Spring Cards, 9 Summer Cards,
                                # 9 Fall Cards)"
TRIGGERS = ("scout", "forage", "first_turn")

# Rulebook defaults the cards change.
BASE_BEES_PER_HONEY = 2         # Feeding Phase: "Each honey cube can feed up to two worker bees"
BASE_BROOD_PER_POLLEN = 1       # Brood Phase: "For each brood ... spend one pollen"
BASE_WAX_HONEY_PER_BEE = 2      # Build Wax: "For each worker bee that you assign ... two honey"
BASE_COOL_WATER_PER_BEE = 1     # Cool Hive: "spend one water cube for each worker bee assigned"
PER_WORKERS = 5                 # Humid Days, Summer Storms: "for every 5 workers you have"

Cubes = tuple[int, int, int]    # (honey, pollen, water)
NO_CHANGE: Cubes = (0, 0, 0)

CARD_KEYS = ("name", "season", "text", "source", "note", "overheating", "forage",
             "build_wax_honey_per_bee", "brood_per_pollen", "next_month_bees_per_honey",
             "next_month_no_brood", "cooling_water_per_5_workers",
             "defend_strength_per_5_workers", "aggressive_queen_bonus",
             "defend_one_third_of_workers", "wild_first_turn_raid", "spawn")
SPAWN_KEYS = ("trigger", "d6_min", "strength", "where")
FILE_KEYS = ("source", "card")


@dataclass(frozen=True)
class CardSpawn:
    """A card's wild hive spawn.

    :ivar trigger: ``"scout"`` / ``"forage"`` (after that action, roll the D6) or
        ``"first_turn"`` (on your first turn this month, no roll).
    :ivar d6_min: the lowest D6 result that spawns (None for ``first_turn``).
    :ivar strength: the printed strength (3); years 2 and 3 use the variant's 4 / 5 (ruling L36).
    :ivar where: where the wild hive goes, in the card's words.
    """

    trigger: str
    d6_min: int | None
    strength: int
    where: str


@dataclass(frozen=True)
class SeasonCard:
    """One season card: the rulebook's text and its structured effects (defaults: no effect).

    :ivar forage: ``(tile type, (honey, pollen, water) delta)`` for each tile type it changes.
    """

    name: str
    season: str
    text: str
    source: str
    note: str = ""
    overheating: bool = False
    forage: tuple[tuple[str, Cubes], ...] = ()
    build_wax_honey_per_bee: int | None = None
    brood_per_pollen: int | None = None
    next_month_bees_per_honey: int | None = None
    next_month_no_brood: bool = False
    cooling_water_per_5_workers: int | None = None
    defend_strength_per_5_workers: int = 0
    aggressive_queen_bonus: int = 0
    defend_one_third_of_workers: bool = False
    wild_first_turn_raid: bool = False
    spawns: tuple[CardSpawn, ...] = ()

    def forage_delta(self, tile: str) -> Cubes:
        """The (honey, pollen, water) change on ``tile`` (``(0, 0, 0)`` when none)."""
        return dict(self.forage).get(tile, NO_CHANGE)

    def effects(self) -> list[str]:
        """The structured effects in plain words, one line each (what hyvekit applies)."""
        out: list[str] = []
        if self.overheating:
            out.append("overheating (cool the hive, or no brood hatches next month)")
        deltas = dict(self.forage)
        same = len(deltas) == len(TILE_TYPES) and len(set(deltas.values())) == 1
        for tile, delta in (((("every tile", self.forage[0][1]),) if same else self.forage)):
            parts = [f"{v:+d} {r}" for v, r in zip(delta, ("honey", "pollen", "water")) if v]
            out.append(f"forage {tile}: {', '.join(parts)}")
        if self.build_wax_honey_per_bee is not None:
            out.append(f"Build Wax: {self.build_wax_honey_per_bee} honey per bee "
                       f"(instead of {BASE_WAX_HONEY_PER_BEE})")
        if self.brood_per_pollen is not None:
            out.append(f"Brood Phase next month (card still on the board): "
                       f"{self.brood_per_pollen} brood per pollen")
        if self.next_month_bees_per_honey is not None:
            out.append(f"Feeding Phase next month: {self.next_month_bees_per_honey} workers "
                       f"per honey (instead of {BASE_BEES_PER_HONEY})")
        if self.next_month_no_brood:
            out.append("Brood Phase next month: no brood hatches")
        if self.cooling_water_per_5_workers is not None:
            out.append(f"Cool Hive: {self.cooling_water_per_5_workers} water per bee assigned "
                       "(one bee per five workers, rounded up)")
        if self.defend_strength_per_5_workers:
            out.append(f"when defending: +{self.defend_strength_per_5_workers} strength per "
                       "five workers (rounded down)")
        if self.aggressive_queen_bonus:
            out.append(f"aggressive queen: +{self.aggressive_queen_bonus} strength when "
                       "raiding and defending")
        if self.defend_one_third_of_workers:
            out.append("one third of the workers (rounded down) go to Defend this month")
        if self.wild_first_turn_raid:
            out.append("each wild hive's first turn this month: raid the closest hive "
                       "within 3 spaces")
        for s in self.spawns:
            when = {"scout": "after scouting", "forage": "after foraging",
                    "first_turn": "on your first turn this month"}[s.trigger]
            roll = "" if s.d6_min is None else (
                ", D6 6" if s.d6_min == 6 else f", D6 {s.d6_min}+")
            out.append(f"{when}{roll}: spawn a wild hive (strength {s.strength}) on {s.where}")
        return out


# --- loading ---------------------------------------------------------------------------------

def _refuse_unknown(where: str, raw: dict[str, Any], accepted: Sequence[str]) -> None:
    unknown = sorted(set(raw) - set(accepted))
    if unknown:
        raise not_one_of(f"{where} key", unknown[0], accepted)


def _cubes(field: str, value: Any) -> Cubes:
    if not isinstance(value, list) or len(value) != 3:
        raise InvalidInputError(field, value, "[honey, pollen, water], e.g. [-1, 0, 0]")
    return tuple(require_int(field, v, -9, 9) for v in value)  # type: ignore[return-value]


def _spawn(where: str, raw: Any) -> CardSpawn:
    if not isinstance(raw, dict):
        raise InvalidInputError(where, raw, "a table {trigger, d6_min, strength, where}")
    _refuse_unknown(where, raw, SPAWN_KEYS)
    trigger = raw.get("trigger")
    if trigger not in TRIGGERS:
        raise not_one_of(f"{where}.trigger", trigger, TRIGGERS)
    d6_min = raw.get("d6_min")
    if trigger == "first_turn":
        if d6_min is not None:
            raise InvalidInputError(f"{where}.d6_min", d6_min, "no roll for a first-turn spawn")
    else:
        d6_min = require_int(f"{where}.d6_min", d6_min, 1, 6)
    return CardSpawn(trigger, d6_min, require_int(f"{where}.strength", raw.get("strength"), 1, 14),
                     str(raw.get("where", "")))


def card_from_dict(raw: dict[str, Any]) -> SeasonCard:
    """One ``[[card]]`` table → :class:`SeasonCard`.

    :raises InvalidInputError: an unknown key (with the accepted list), a missing name, season
        or text, an unknown season or tile type, an impossible value.
    """
    name = str(raw.get("name", "")).strip()
    where = f"card {name!r}" if name else "card"
    _refuse_unknown(where, raw, CARD_KEYS)
    for key in ("name", "season", "text"):
        if not str(raw.get(key, "")).strip():
            raise InvalidInputError(f"{where}.{key}", raw.get(key), "a non-empty text")
    season = str(raw["season"]).strip().lower()
    if season not in SEASONS:
        raise not_one_of(f"{where}.season", raw["season"], SEASONS,
                         allowed="spring, summer or fall")
    forage_raw = raw.get("forage", {})
    if not isinstance(forage_raw, dict):
        raise InvalidInputError(f"{where}.forage", forage_raw, "a table of tile = [h, p, w]")
    _refuse_unknown(f"{where}.forage", forage_raw, TILE_TYPES)
    forage = tuple((t, _cubes(f"{where}.forage.{t}", forage_raw[t]))
                   for t in TILE_TYPES if t in forage_raw)

    def opt(key: str, lo: int, hi: int) -> int | None:
        return None if key not in raw else require_int(f"{where}.{key}", raw[key], lo, hi)

    def flag(key: str) -> bool:
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise InvalidInputError(f"{where}.{key}", value, "true or false")
        return value

    spawns_raw = raw.get("spawn", [])
    if not isinstance(spawns_raw, list):
        raise InvalidInputError(f"{where}.spawn", spawns_raw, "a list of spawn tables")
    return SeasonCard(
        name=name, season=season, text=str(raw["text"]),
        source=str(raw.get("source", "")), note=str(raw.get("note", "")),
        overheating=flag("overheating"), forage=forage,
        build_wax_honey_per_bee=opt("build_wax_honey_per_bee", 0, 9),
        brood_per_pollen=opt("brood_per_pollen", 1, 9),
        next_month_bees_per_honey=opt("next_month_bees_per_honey", 1, 9),
        next_month_no_brood=flag("next_month_no_brood"),
        cooling_water_per_5_workers=opt("cooling_water_per_5_workers", 0, 9),
        defend_strength_per_5_workers=opt("defend_strength_per_5_workers", 0, 9) or 0,
        aggressive_queen_bonus=opt("aggressive_queen_bonus", 0, 9) or 0,
        defend_one_third_of_workers=flag("defend_one_third_of_workers"),
        wild_first_turn_raid=flag("wild_first_turn_raid"),
        spawns=tuple(_spawn(f"{where}.spawn[{i}]", s) for i, s in enumerate(spawns_raw)),
    )


def cards_from_dict(raw: dict[str, Any]) -> tuple[SeasonCard, ...]:
    """The whole file's shape → 27 cards, checked: 9 per season, names unique.

    :raises InvalidInputError: unknown keys, a season without exactly 9 cards, a repeated name.
    """
    _refuse_unknown("season cards file", raw, FILE_KEYS)
    rows = raw.get("card")
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError("season cards file", "no [[card]] tables",
                                f"{CARDS_PER_SEASON} [[card]] tables per season")
    cards = tuple(card_from_dict(r) for r in rows)
    seen: set[str] = set()
    for c in cards:
        if c.name.lower() in seen:
            raise InvalidInputError("season card name", c.name, "each name once")
        seen.add(c.name.lower())
    for season in SEASONS:
        n = sum(1 for c in cards if c.season == season)
        if n != CARDS_PER_SEASON:
            raise InvalidInputError(f"{season} cards", n,
                                    f"exactly {CARDS_PER_SEASON} (27 season cards: 9 per season)")
    return cards


def find_card(cards: Iterable[SeasonCard], name: str) -> SeasonCard:
    """The card called ``name``: case-insensitive, exact name first, then a unique part of one
    ("dearth" → The Dearth).

    :raises InvalidInputError: no card matches (lists the names and the close matches).
    :raises AmbiguousInputError: several cards match.
    """
    return find("season card", name, cards, key=lambda c: c.name)


# --- effects as rules-core parameters ------------------------------------------------------------

def forage_modifiers(card: SeasonCard | None, tile: str) -> Cubes:
    """The card's (honey, pollen, water) change on a forage of ``tile`` this month, for
    ``Forage(modifiers=(forage_modifiers(card, tile),))``.  ``forage_offer`` adds it to the
    seasonal chart and never goes below 0 (ruling L9).

    :raises InvalidInputError: an unknown tile type.
    """
    if tile not in TILE_TYPES:
        raise not_one_of("tile", tile, TILE_TYPES)
    return NO_CHANGE if card is None else card.forage_delta(tile)


def overheating(card: SeasonCard | None) -> bool:
    """Whether overheating is in effect this month (Cool Hive; the priority charts' line 2)."""
    return card is not None and card.overheating


def build_wax_honey_per_bee(card: SeasonCard | None) -> int:
    """Honey per bee assigned to Build Wax this month: 2, or 1 under An Early Start."""
    if card is None or card.build_wax_honey_per_bee is None:
        return BASE_WAX_HONEY_PER_BEE
    return card.build_wax_honey_per_bee


def cooling_water_per_bee(card: SeasonCard | None) -> int:
    """Water per bee assigned to Cool Hive this month: 1, or 2 under Humid Days ("2 water for
    every 5 workers": the hive still assigns one bee per five workers, rounded up, and each
    spends 2 water; 7 workers → 2 bees, 4 water; ruling L33)."""
    if card is None or card.cooling_water_per_5_workers is None:
        return BASE_COOL_WATER_PER_BEE
    return card.cooling_water_per_5_workers


@dataclass(frozen=True)
class RaidBonuses:
    """A hive's season card strength this month: ``raiding`` for ``attacker_bonus`` when it
    raids, ``defending`` for ``defender_bonus`` when it is raided (by a player or a wild hive).
    """

    raiding: int = 0
    defending: int = 0


def raid_bonuses(card: SeasonCard | None, queen: str | None, workers: int) -> RaidBonuses:
    """Raid strength from the card this month for a hive with ``queen`` and ``workers`` worker
    bees (all of the hive's workers, assigned or not).

    * On Guard: +1 raiding and defending, only with an aggressive queen; on top of the queen's
      own +1 per two bees involved (ruling L35).
    * Summer Storms: when defending, +1 per five workers, rounded down (ruling L34).

    :raises InvalidInputError: negative workers.
    """
    workers = require_int("workers", workers, 0, 99)
    if card is None:
        return RaidBonuses()
    raiding = defending = 0
    if card.aggressive_queen_bonus and queen == "aggressive":
        raiding += card.aggressive_queen_bonus
        defending += card.aggressive_queen_bonus
    defending += card.defend_strength_per_5_workers * (workers // PER_WORKERS)
    return RaidBonuses(raiding, defending)


def feeding_bees_per_honey(card_last_month: SeasonCard | None,
                           board: Board | None = None) -> int:
    """Workers fed per honey in this month's Feeding Phase: 3 when last month's card was
    Culling of the Drones ("Next month"), else the rulebook's 2.

    ``card_last_month`` is the card revealed in last month's Event Phase (still on the board
    during this Feeding Phase).  Winter upkeep is not a "next month" of a productive month
    card: it has its own rule (ruling L32).
    """
    if card_last_month is not None and card_last_month.next_month_bees_per_honey is not None:
        return card_last_month.next_month_bees_per_honey
    return board.bees_per_honey if board is not None else BASE_BEES_PER_HONEY


@dataclass(frozen=True)
class BroodRules:
    """Parameters of ``brood_phase``: ``brood_phase(hive, board, **rules.kwargs())``."""

    brood_per_pollen: int = BASE_BROOD_PER_POLLEN
    no_hatching: bool = False

    def kwargs(self) -> dict[str, Any]:
        return {"brood_per_pollen": self.brood_per_pollen, "no_hatching": self.no_hatching}


def brood_rules(card_in_effect: SeasonCard | None,
                card_last_month: SeasonCard | None = None) -> BroodRules:
    """Brood Phase parameters from the season card.

    The Brood Phase (phase 3) comes before the Event Phase (phase 5), so the card in effect
    during a Brood Phase is the one revealed in **last** month's Event Phase, not yet covered
    (ruling L31): its "next month" effects (Buttoned Up: no brood hatches) and its ongoing ones
    (An Early Start: each pollen hatches 2 brood) both apply here.  The card revealed later
    this month has no effect on this Brood Phase.

    Pass that card as ``card_in_effect``, as ``card_last_month``, or as both; two different
    cards are refused, since only one card is on the seasons board during the Brood Phase.

    :raises InvalidInputError: two different cards.
    """
    if card_in_effect is not None and card_last_month is not None \
            and card_in_effect != card_last_month:
        raise InvalidInputError(
            "season card at the Brood Phase", f"{card_in_effect.name} and {card_last_month.name}",
            "one card: the one revealed last month, still on the board (the Brood Phase comes "
            "before this month's Event Phase)")
    card = card_in_effect or card_last_month
    if card is None:
        return BroodRules()
    return BroodRules(brood_per_pollen=card.brood_per_pollen or BASE_BROOD_PER_POLLEN,
                      no_hatching=card.next_month_no_brood)


def required_defenders(card: SeasonCard | None, workers: int) -> int:
    """Bees a hive must move to the Defend action space this month: one third of its
    ``workers``, rounded down, under Cooler Temps; 0 otherwise (ruling L37)."""
    workers = require_int("workers", workers, 0, 99)
    return workers // 3 if card is not None and card.defend_one_third_of_workers else 0


@dataclass(frozen=True)
class Spawned:
    """A wild hive spawned by a season card: ``strength`` and where (the card's words)."""

    card: str
    strength: int
    where: str
    dormant: bool


def spawn_check(card: SeasonCard | None, trigger: str, d6: int | None = None, *,
                year: int = 1, board: Board | None = None) -> Spawned | None:
    """Whether the card spawns a wild hive after a player's ``trigger``.

    :param trigger: ``"scout"`` (after your Scout action), ``"forage"`` (after your Forage
        action, whatever the tile type) or ``"first_turn"`` (your first turn this month).
    :param d6: the D6 rolled after scouting / foraging (needed when the card asks for a roll).
    :param year: 1, 2 or 3 — in later years a spawned wild hive has strength 4 / 5 (Multiple
        Years Variant; ruling L36).  Spring spawns of year 1 are dormant until summer.
    :returns: the spawn, or None (no such effect, or the roll missed).
    :raises InvalidInputError: unknown trigger, a roll off 1–6, a missing roll, year off 1–3.
    """
    if trigger not in TRIGGERS:
        raise not_one_of("spawn trigger", trigger, TRIGGERS)
    year = require_int("year", year, 1, 3)
    if d6 is not None:
        d6 = require_int("D6 roll", d6, 1, 6)
    if card is None:
        return None
    for s in card.spawns:
        if s.trigger != trigger:
            continue
        if s.d6_min is not None:
            if d6 is None:
                raise InvalidInputError("D6 roll", None, f"the D6 result after {trigger}ing "
                                        f"({card.name}: on {s.d6_min}+ a wild hive spawns)")
            if d6 < s.d6_min:
                return None
        strength = s.strength
        if year > 1:
            by_year = board.wild_spawn_strength_by_year if board is not None else (0, 4, 5)
            strength = by_year[min(year, len(by_year)) - 1]
        return Spawned(card.name, strength, s.where,
                       dormant=card.season == "spring" and year == 1)
    return None


def wild_first_turn(card: SeasonCard | None, situation: WildSituation,
                    board: Board) -> WildDecision:
    """A wild hive's action on its first turn this month.

    Under Desperate Parties it raids the closest hive within three spaces that it has not
    raided this round (``situation.target``), whatever the two strengths, instead of following
    the priority chart; with no such hive (or no neutral worker token left) it follows the
    chart (ruling L38).  Any other card: the season's priority chart (``wild.wild_turn``).

    :param situation: what the wild hive faces (``situation.target``: the closest hive).
    """
    from hyvekit.rules.beelives.wild import WildDecision, check_situation, wild_turn
    check_situation(situation, board)
    t = situation.target
    if (card is not None and card.wild_first_turn_raid and not situation.dormant
            and t is not None and situation.tokens_left > 0):
        return WildDecision(0, "raid", situation.strength, target=t, distance=t.distance,
                            reason=f"{card.name}: the first turn this month raids the closest "
                            "hive")
    return wild_turn(situation, board)


def chart_effect(card: SeasonCard, board: Board,
                 season: str | None = None) -> list[tuple[str, Cubes, Cubes, Cubes]]:
    """For each tile type: (tile, seasonal chart values, the card's change, what a forage
    gives) in ``season`` (default the card's own), never below 0 (ruling L9)."""
    from hyvekit.rules.beelives.actions import Forage, forage_offer
    season = season or card.season
    out = []
    for tile in TILE_TYPES:
        delta = forage_modifiers(card, tile)
        out.append((tile, board.chart(season, tile), delta,
                    forage_offer(board, Forage(1, tile, season, modifiers=(delta,)))))
    return out


def cards_of(cards: Iterable[SeasonCard], season: str | None = None) -> tuple[SeasonCard, ...]:
    """The cards of ``season`` (all when None), in file order.

    :raises InvalidInputError: an unknown season.
    """
    if season is None:
        return tuple(cards)
    s = season.strip().lower()
    if s not in SEASONS:
        raise not_one_of("season", season, SEASONS, allowed="spring, summer or fall")
    return tuple(c for c in cards if c.season == s)


__all__ = ["BroodRules", "CardSpawn", "RaidBonuses", "SeasonCard", "Spawned", "brood_rules",
           "build_wax_honey_per_bee", "card_from_dict", "cards_from_dict", "cards_of",
           "chart_effect", "cooling_water_per_bee", "feeding_bees_per_honey", "find_card",
           "forage_modifiers", "overheating", "raid_bonuses",
           "required_defenders", "spawn_check", "wild_first_turn"]

