"""Bee Lives board values: the rulebook's numbers and hyvekit's assumed printed values.

:class:`Board` holds everything the rules core needs from components: the seasonal resource
chart, the raid dice pool, victory point values, the worker limit and wild hive strength range
(all ``source = "rulebook"``), and the values printed on the hive board and the disease track
boards that the rulebook does not give (swarm thresholds per comb size, disease level per track
space, the comb's maximum size, the raid dice faces: all ``assumed = true``).

:func:`board_from_tables` builds the board from the packaged table (``data/beelives.toml``) and,
optionally, a player's own table of the same shape merged over it (tables left out are taken
from the packaged one); reading the files is the data layer's job.  A result that depends on an
assumed value says so through :meth:`Board.assumed_tables`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

RESOURCES = ("honey", "pollen", "water")
TILE_TYPES = ("bloom", "wilt", "harvest", "wet")
SIDES = ("A", "B")


@dataclass(frozen=True)
class TrackSpace:
    """One space of a disease track board.

    :ivar position: 0 for the start space, counting forward one per space (half spaces count).
    :ivar level: the disease level this space stands for (0 or negative, in disease levels);
        on a half space, the level of the normal space before it.
    :ivar half: true for a half space (side B only).
    """

    position: int
    level: int
    half: bool = False


@dataclass(frozen=True)
class DiseaseTrack:
    """One side of the disease track board (Player Area Setup, Queen Types note)."""

    side: str
    spaces: tuple[TrackSpace, ...]
    assumed: bool = True

    @property
    def last(self) -> int:
        """The last track position (the mite cannot move past it)."""
        return len(self.spaces) - 1

    def level(self, position: int) -> int:
        """Disease level (0 or negative) at ``position``.

        :raises InvalidInputError: a position off the track.
        """
        position = require_int(f"disease track {self.side} position", position, 0, self.last)
        return self.spaces[position].level

    def is_half(self, position: int) -> bool:
        """True when ``position`` is a half space."""
        return self.spaces[position].half

    def levels(self) -> tuple[int, ...]:
        """The distinct levels printed on this side, from 0 down."""
        return tuple(sorted({s.level for s in self.spaces}, reverse=True))

    def normal_position_for(self, level: int, at_or_behind: int | None = None) -> int:
        """The farthest normal space showing ``level`` at or behind ``at_or_behind`` (default:
        anywhere on the track): where the mite stops when moved back until it shows ``level``.

        :raises InvalidInputError: no such space.
        """
        limit = self.last if at_or_behind is None else at_or_behind
        for s in reversed(self.spaces[: limit + 1]):
            if s.level == level and not s.half:
                return s.position
        raise not_one_of(f"disease level (side {self.side})", level,
                         [str(v) for v in self.levels()])


@dataclass(frozen=True)
class Board:
    """Every board value the Bee Lives rules core uses (see the module docstring).

    Units: bees, honey/pollen/water cubes, comb cells, disease levels (0 or negative), track
    positions (0 = start), VP, wild hive strength.
    """

    max_workers: int
    starting_workers: int
    start_comb: int
    bees_per_honey: int
    winter_bees_per_honey: int
    last_bees: int
    starvation_vp: int
    raid_vp: int
    defend_vp: int
    wild_removed_vp: int
    max_distance: int
    wild_strength_min: int
    wild_strength_max: int
    wild_swarm_strength: int
    wild_neutral_workers: int
    wild_spawn_strength_by_year: tuple[int, ...]
    max_rerolls: int
    d6_faces: int
    queen_types: tuple[str, ...]
    seasons: tuple[str, ...]
    swarm_vp: tuple[tuple[str, int], ...]
    raid_dice: tuple[tuple[int, int], ...]          # (min bees, dice)
    forage: tuple[tuple[str, str, tuple[int, int, int]], ...]   # (season, tile, (h, p, w))
    solo_chart: tuple[tuple[str, int], ...]          # (rating, min VP)
    die_faces: tuple[int, ...]
    comb_min: int
    comb_max: int
    yellow: tuple[tuple[int, int], ...]              # (comb size, swarm threshold)
    purple: tuple[tuple[int, int], ...]
    tracks: tuple[DiseaseTrack, ...]
    assumed: tuple[str, ...] = ()                    # names of the tables that are assumed

    # -- look-ups ------------------------------------------------------------------------
    def track(self, side: str) -> DiseaseTrack:
        """The disease track side ``"A"`` or ``"B"``."""
        for t in self.tracks:
            if t.side == side:
                return t
        raise InvalidInputError("disease track side", side, "A or B")

    def dice_for(self, bees: int) -> int:
        """Raid dice (D4s) for a raid party of ``bees`` (Raid, "Raid Dice Pool"); 0 for 0 bees."""
        dice = 0
        for min_bees, n in self.raid_dice:
            if bees >= min_bees:
                dice = n
        return dice

    def threshold(self, comb: int, nomadic: bool = False) -> int:
        """Swarm threshold in bees for comb size ``comb``: the yellow value, or the purple one
        for a nomadic queen (Inside Your Hive; Queen Types).  Assumed values."""
        table = dict(self.purple if nomadic else self.yellow)
        if comb not in table:
            raise InvalidInputError("comb size", comb, f"{self.comb_min}-{self.comb_max}")
        return table[comb]

    def chart(self, season: str, tile: str) -> tuple[int, int, int]:
        """(honey, pollen, water) a ``tile`` gives in ``season`` (Seasonal Resource Chart).

        :raises InvalidInputError: unknown season or tile type.
        """
        if season not in self.seasons:
            raise not_one_of("season", season, self.seasons)
        if tile not in TILE_TYPES:
            raise not_one_of("tile", tile, TILE_TYPES)
        for s, t, values in self.forage:
            if s == season and t == tile:
                return values
        raise InvalidInputError("tile", tile, "a tile type of the seasonal resource chart")

    def season_vp(self, season: str) -> int:
        """VP for swarming in ``season`` (Swarm Phase: spring 5, summer 3, fall 1)."""
        if season not in self.seasons:
            raise not_one_of("season", season, self.seasons)
        return dict(self.swarm_vp)[season]

    def solo_rating(self, score: int) -> str:
        """The Solo Score Chart rating for a one-year solo ``score`` (VP)."""
        rating = self.solo_chart[0][0]
        for name, min_vp in self.solo_chart:
            if score >= min_vp:
                rating = name
        return rating

    def assumed_tables(self, *names: str) -> tuple[str, ...]:
        """Which of ``names`` (``"comb"``, ``"disease"``, ``"raid_dice_faces"``) are assumed."""
        return tuple(n for n in names if n in self.assumed)


# --- loading ----------------------------------------------------------------------------------

def _track(side: str, raw: dict[str, Any]) -> DiseaseTrack:
    levels = [require_int(f"disease.{side}.levels", v, -99, 0) for v in raw.get("levels", [])]
    if not levels or levels[0] != 0:
        raise InvalidInputError(f"disease.{side}.levels", levels[:3],
                                "a list of levels starting with 0 at the start space")
    if any(b > a for a, b in zip(levels, levels[1:])):
        raise InvalidInputError(f"disease.{side}.levels", levels,
                                "levels that never rise going forward (0, 0, -1, ...)")
    spaces: list[TrackSpace] = []
    for i, level in enumerate(levels):
        if raw.get("half_spaces") and i > 0:
            spaces.append(TrackSpace(len(spaces), levels[i - 1], half=True))
        spaces.append(TrackSpace(len(spaces), level))
    return DiseaseTrack(side, tuple(spaces), bool(raw.get("assumed", False)))


def _sizes(name: str, raw: dict[str, Any], lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    table = {require_int(f"comb.{name} size", k, 1, 99): require_int(f"comb.{name}.{k}", v, 0, 99)
             for k, v in dict(raw.get(name, {})).items()}
    missing = [s for s in range(lo, hi + 1) if s not in table]
    if missing:
        raise InvalidInputError(f"comb.{name}", f"no value for size {missing[0]}",
                                f"a value for every comb size {lo}-{hi}")
    return tuple(sorted(table.items()))


def board_from_dict(raw: dict[str, Any], assumed: tuple[str, ...] = ()) -> Board:
    """Build and validate a :class:`Board` from the TOML shape of ``beelives.toml``.

    :raises InvalidInputError: a missing table or an impossible value (names the key).
    """
    try:
        rb, comb, disease = raw["rulebook"], raw["comb"], raw["disease"]
        faces = raw["raid_dice_faces"]["faces"]
    except KeyError as exc:
        raise InvalidInputError("board file", f"no [{exc.args[0]}] table",
                                "the tables rulebook, comb, disease, raid_dice_faces") from None
    try:
        return _board(rb, comb, disease, faces, assumed)
    except InvalidInputError:
        raise
    except KeyError as exc:
        raise InvalidInputError("board file", f"no {exc.args[0]!r} key",
                                "every key of the packaged board's tables") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise InvalidInputError("board file", f"{exc.__class__.__name__}: {exc}",
                                "values of the packaged board's shape") from None


def _board(rb: Any, comb: Any, disease: Any, faces: Any, assumed: tuple[str, ...]) -> Board:
    lo = require_int("comb.min_size", comb.get("min_size"), 1, 99)
    hi = require_int("comb.max_size", comb.get("max_size"), lo, 99)
    forage = tuple(
        (season, tile, tuple(require_int(f"rulebook.forage.{season}.{tile}", v, 0, 99)
                             for v in values))
        for season, tiles in rb["forage"].items() for tile, values in tiles.items())
    if any(len(v) != 3 for _, _, v in forage):
        raise InvalidInputError("rulebook.forage", "a tile entry", "[honey, pollen, water]")
    return Board(
        max_workers=require_int("rulebook.max_workers", rb["max_workers"], 1, 99),
        starting_workers=require_int("rulebook.starting_workers", rb["starting_workers"], 0, 99),
        start_comb=require_int("rulebook.start_comb", rb["start_comb"], lo, hi),
        bees_per_honey=require_int("rulebook.bees_per_honey", rb["bees_per_honey"], 1, 9),
        winter_bees_per_honey=require_int("rulebook.winter_bees_per_honey",
                                          rb["winter_bees_per_honey"], 1, 9),
        last_bees=require_int("rulebook.last_bees", rb["last_bees"], 0, 99),
        starvation_vp=int(rb["starvation_vp"]), raid_vp=int(rb["raid_vp"]),
        defend_vp=int(rb["defend_vp"]), wild_removed_vp=int(rb["wild_removed_vp"]),
        max_distance=require_int("rulebook.max_distance", rb["max_distance"], 0, 9),
        wild_strength_min=int(rb["wild_strength_min"]),
        wild_strength_max=require_int("rulebook.wild_strength_max", rb["wild_strength_max"], 1, 99),
        wild_swarm_strength=int(rb["wild_swarm_strength"]),
        wild_neutral_workers=int(rb["wild_neutral_workers"]),
        wild_spawn_strength_by_year=tuple(int(v) for v in rb["wild_spawn_strength_by_year"]),
        max_rerolls=require_int("rulebook.max_rerolls", rb["max_rerolls"], 0, 9),
        d6_faces=int(rb["d6_faces"]),
        queen_types=tuple(rb["queen_types"]), seasons=tuple(rb["seasons"]),
        swarm_vp=tuple((k, int(v)) for k, v in rb["swarm_vp"].items()),
        raid_dice=tuple(sorted((int(r["min_bees"]), int(r["dice"])) for r in rb["raid_dice"])),
        forage=forage,  # type: ignore[arg-type]
        solo_chart=tuple(sorted(((str(r["rating"]), int(r["min_vp"])) for r in rb["solo_chart"]),
                                key=lambda r: r[1])),
        die_faces=tuple(require_int("raid_dice_faces.faces", v, 1, 99) for v in faces),
        comb_min=lo, comb_max=hi,
        yellow=_sizes("yellow", comb, lo, hi), purple=_sizes("purple", comb, lo, hi),
        tracks=tuple(_track(side, disease[side]) for side in SIDES),
        assumed=assumed,
    )


def board_from_tables(packaged: Mapping[str, Any], own: Mapping[str, Any] | None = None
                      ) -> Board:
    """The packaged board table (``beelives.toml``), or a player's own board table merged over
    it (table by table; ``[disease]`` side by side, ``[rulebook]`` key by key and its forage
    chart season by season).

    A table taken from the packaged file keeps its ``assumed`` mark; a table from the player's
    file is assumed only if the file says ``assumed = true``.

    :param own: the player's table as read (None or empty: the packaged board).
    :raises InvalidInputError: unknown table or impossible value.
    """
    own = own or {}
    unknown = set(own) - set(packaged)
    if unknown:
        raise not_one_of("board file table", sorted(unknown)[0], sorted(packaged))
    merged = {**packaged, **own}
    if "disease" in own:
        merged["disease"] = {**packaged["disease"], **own["disease"]}
    if isinstance(own.get("rulebook"), Mapping):    # key by key, the forage chart by season
        rulebook = {**packaged["rulebook"], **own["rulebook"]}
        if isinstance(own["rulebook"].get("forage"), Mapping):
            rulebook["forage"] = {**packaged["rulebook"]["forage"], **own["rulebook"]["forage"]}
        merged["rulebook"] = rulebook
    assumed = []
    for name in ("comb", "raid_dice_faces"):
        if merged[name].get("assumed"):
            assumed.append(name)
    if any(merged["disease"][s].get("assumed") for s in SIDES):
        assumed.append("disease")
    return board_from_dict(merged, tuple(assumed))

