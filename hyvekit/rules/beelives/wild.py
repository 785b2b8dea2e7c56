"""Bee Lives wild hives without the map (rules/bee-lives.txt, "Wild Hives", "Wild Hive Raids").

The map is not modelled here: what a wild hive can see is a stated :class:`WildSituation`
(season, strength, overheating, the closest not-yet-foraged tile of each type within three
spaces, the closest hive it has not raided this round, whether it can scout or spawn).
:func:`wild_turn` walks the season's priority chart and returns the first action the hive can
carry out.  :func:`wild_raids_player` and :func:`wild_vs_wild` resolve wild hive raids from
stated D6 rolls; :func:`activation_order` orders the wild hive turns (Example E).

Units: wild hive strength (0–14), map spaces (distance), bees, honey, VP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hyvekit.rules.beelives.board import TILE_TYPES, Board
from hyvekit.rules.beelives.hive import AGGRESSIVE_BEES_PER_STRENGTH, Hive
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

R_WILD = "Bee Lives: Wild Hives"
R_WILD_RAID = "Bee Lives: Wild Hive Raids"
R_ORDER = "Bee Lives: Action Phase"

# Priority charts (Wild Hives: Spring / Summer / Fall Priority Chart), top to bottom.
# "wet" is the overheating line; "raid" the closest-hive line; tile names the forage lines.
PRIORITY: dict[str, tuple[str, ...]] = {
    "spring": ("swarm", "wet", "bloom", "scout", "wilt", "harvest"),
    "summer": ("swarm", "wet", "raid", "wilt", "bloom", "harvest"),
    "fall": ("swarm", "wet", "harvest", "raid", "bloom", "wilt"),
}
STRENGTH_TILES = ("bloom", "wilt", "harvest")   # first forage of a month: +1 strength
# Wild Hives: "The first time each month that a wild hive places a neutral worker token on a
# bloom tile, wilt tile, or harvest tile (by foraging), increase its strength by one."
FORAGE_GAIN = 1
# Summer / Fall Priority Chart: "If the target hive's strength is no more than two higher than
# the wild hive's strength, then the wild hive will raid that target hive."
RAID_MARGIN = 2
# Wild Hive Raids, Raiding a Player Hive: "For each defending worker bee that is sacrificed, the
# wild hive's strength is reduced by two ... For each unassigned worker bee that is sacrificed,
# ... reduced by one"; "For each worker bee that the defender has currently assigned to the
# Defend action, the amount of honey stolen is reduced by one"; "If the wild hive steals at
# least one honey ..., the wild hive's strength is increased by one."
SACRIFICE_DEFENDING = 2
SACRIFICE_UNASSIGNED = 1
DEFENDER_BLOCKS = 1
STEAL_GAIN = 1
# Raiding Another Wild Hive: "The winner has its strength increased by one, and the loser has
# its strength reduced by one."
BATTLE_CHANGE = 1


@dataclass(frozen=True)
class Target:
    """The closest hive within three spaces that this wild hive has not raided this round.

    :ivar kind: ``"player"`` or ``"wild"``.
    :ivar strength: a player hive's unassigned + defending bees, or a wild hive's strength.
    """

    kind: str
    distance: int
    strength: int
    name: str = ""


@dataclass(frozen=True)
class WildSituation:
    """What a wild hive faces on its turn (stated, since the map is not modelled).

    :ivar tiles: ``(tile type, distance)`` of the closest tile of each type within three
        spaces that is unoccupied and not foraged yet this round (types absent: none).
    :ivar target: the closest hive within three spaces not raided by this wild hive this round.
    :ivar foraged_this_month: it already gained its +1 for foraging this month.
    :ivar tokens_left: its neutral worker tokens not yet on the map (of five).
    :ivar can_scout: an empty space within three spaces exists (spring chart).
    :ivar can_spawn: a map tile within three spaces can take a new wild hive (swarming).
    :ivar dormant: spawned in spring of the first year (takes no action until summer).
    """

    season: str
    strength: int
    overheating: bool = False
    tiles: tuple[tuple[str, int], ...] = ()
    target: Target | None = None
    foraged_this_month: bool = False
    tokens_left: int = 5
    can_scout: bool = True
    can_spawn: bool = True
    dormant: bool = False


@dataclass(frozen=True)
class WildDecision:
    """A wild hive's action.

    :ivar step: the priority chart line taken (1–6; 0 when it does nothing).
    :ivar action: ``swarm``, ``forage``, ``raid``, ``scout``, ``dormant`` or ``nothing``.
    :ivar tile, distance: the foraged tile type and its distance (forage).
    :ivar target: the raided hive (raid; the raid itself is resolved separately).
    :ivar strength: the wild hive's strength after the action (before a raid's outcome).
    :ivar spawn_strength: strength of the wild hive spawned by a swarm.
    :ivar reason: one line, why this line of the chart.
    """

    step: int
    action: str
    strength: int
    tile: str | None = None
    distance: int | None = None
    target: Target | None = None
    spawn_strength: int | None = None
    reason: str = ""


def check_dormant(season: str, dormant: bool) -> None:
    """A dormant wild hive is one spawned in spring of the first year: it is dormant only in
    spring and acts normally from summer on (Multiple Years Variant; Wild Hives).

    :raises InvalidInputError: ``dormant`` in another season.
    """
    if dormant and season.strip().lower() != "spring":
        raise InvalidInputError("--dormant", f"with --season {season}",
                                "only in spring: a wild hive spawned in spring of the first year "
                                "acts normally from summer on (Multiple Years, Wild Hives)")


def check_situation(s: WildSituation, board: Board) -> None:
    """:raises InvalidInputError: unknown season or tile type, strength off 0–14, a distance
    off 0–3, tokens off 0–5."""
    if s.season not in PRIORITY:
        raise not_one_of("season", s.season, PRIORITY, allowed="spring, summer or fall")
    if not board.wild_strength_min < s.strength <= board.wild_strength_max:
        raise InvalidInputError("wild hive strength", s.strength,
                                f"1-{board.wild_strength_max} (a wild hive at 0 is removed)")
    if not 0 <= s.tokens_left <= board.wild_neutral_workers:
        raise InvalidInputError("tokens left", s.tokens_left, f"0-{board.wild_neutral_workers}")
    for tile, distance in s.tiles:
        if tile not in TILE_TYPES:
            raise not_one_of("tile", tile, TILE_TYPES)
        if not 0 <= distance <= board.max_distance:
            raise InvalidInputError(f"{tile} distance", distance, f"0-{board.max_distance}")
    if s.target is not None:
        if s.target.kind not in ("player", "wild"):
            raise InvalidInputError("target kind", s.target.kind, "player or wild")
        if not 0 <= s.target.distance <= board.max_distance:
            raise InvalidInputError("target distance", s.target.distance,
                                    f"0-{board.max_distance}")
        if s.target.strength < 0:
            raise InvalidInputError("target strength", s.target.strength, "at least 0")


def wild_turn(s: WildSituation, board: Board) -> WildDecision:
    """The action a wild hive takes (Wild Hives, the season's priority chart): the topmost
    line it can carry out.  Foraging a bloom, wilt or harvest tile for the first time this
    month adds one strength (never above 14).  A line that needs a neutral worker token is
    skipped when all five are on the map (ruling L22).

    :raises InvalidInputError: see :func:`check_situation`.
    """
    check_situation(s, board)
    if s.dormant:
        return WildDecision(0, "dormant", s.strength, reason="dormant: spawned in spring of "
                            "the first year, no action until summer")
    tiles = dict(s.tiles)
    for step, line in enumerate(PRIORITY[s.season], start=1):
        if line == "swarm":
            if s.strength >= board.wild_strength_max and s.can_spawn:
                return WildDecision(step, "swarm", board.wild_swarm_strength,
                                    spawn_strength=board.wild_swarm_strength,
                                    reason=f"strength at maximum ({board.wild_strength_max})")
        elif line == "scout":
            if s.can_scout:
                return WildDecision(step, "scout", s.strength,
                                    reason="no unforaged bloom tile within 3 spaces")
        elif line == "raid":
            t = s.target
            if t is not None and s.tokens_left > 0 and t.strength <= s.strength + RAID_MARGIN:
                return WildDecision(step, "raid", s.strength, target=t, distance=t.distance,
                                    reason=f"closest hive's strength {t.strength} is no more "
                                    f"than two above {s.strength}")
        else:
            if line == "wet" and not s.overheating:
                continue
            if line in tiles and s.tokens_left > 0:
                gain = (line in STRENGTH_TILES and not s.foraged_this_month
                        and s.strength < board.wild_strength_max)
                why = ("overheating: the closest wet tile" if line == "wet"
                       else f"the closest unforaged {line} tile")
                return WildDecision(step, "forage", s.strength + (FORAGE_GAIN if gain else 0),
                                    tile=line,
                                    distance=tiles[line], reason=why + (
                                        f", first forage this month: +{FORAGE_GAIN} strength"
                                        if gain else ""))
    return WildDecision(0, "nothing", s.strength, reason="no line of the chart can be carried out")


def player_strength(hive: Hive) -> int:
    """A player hive's strength against a wild hive: unassigned + defending bees."""
    return hive.unassigned + hive.assigned.defend


# --- wild hive raids -----------------------------------------------------------------------

@dataclass(frozen=True)
class WildOnPlayer:
    """Outcome of a wild hive's raid on a player hive.

    :ivar stolen: honey removed from the player hive (to the supply).
    :ivar wild_strength: the wild hive's strength afterwards (0 = removed).
    :ivar vp: VP the defender scored (2 when the wild hive was removed).
    """

    defender: Hive
    stolen: int
    wild_strength: int
    removed: bool
    vp: int


def wild_raids_player(wild_strength: int, defender: Hive, roll: int, board: Board, *,
                      sacrifice_defending: int = 0, sacrifice_unassigned: int = 0,
                      defender_bonus: int = 0) -> WildOnPlayer:
    """A wild hive raids a player hive (Wild Hive Raids, Raiding a Player Hive).

    The D6 ``roll`` is the honey the wild hive steals, at most its strength.  Each defending
    bee takes 1 off the honey stolen; the defender "may further prevent" it by sacrifices:
    each sacrificed defending bee takes 2 off the wild hive's strength, each sacrificed
    unassigned bee 1 (ruling L21: a sacrificed defender still counts as a defender, as in a
    player raid, L17); an aggressive queen takes one more per two bees involved.  Stealing any honey gives the wild hive +1 strength (at most 14); a wild hive
    reduced to 0 is removed and the defender scores 2 VP.

    :raises InvalidInputError: a roll off the D6, a strength off 1–14.
    :raises IllegalActionError: more sacrifices than the defender has (Bee Lives: Wild Hive
        Raids).
    """
    if not 1 <= roll <= board.d6_faces:
        raise InvalidInputError("D6 roll", roll, f"1-{board.d6_faces}")
    if not board.wild_strength_min < wild_strength <= board.wild_strength_max:
        raise InvalidInputError("wild hive strength", wild_strength,
                                f"1-{board.wild_strength_max}")
    defending = defender.assigned.defend
    if not 0 <= sacrifice_defending <= defending:
        raise IllegalActionError(R_WILD_RAID, f"at most {defending} defending bees can be "
                                 f"sacrificed, got {sacrifice_defending}", expected=defending,
                                 given=sacrifice_defending)
    if not 0 <= sacrifice_unassigned <= defender.unassigned:
        raise IllegalActionError(R_WILD_RAID, f"at most {defender.unassigned} unassigned bees "
                                 f"can be sacrificed, got {sacrifice_unassigned}",
                                 expected=defender.unassigned, given=sacrifice_unassigned)
    after = replace(defender, unassigned=defender.unassigned - sacrifice_unassigned,
                    assigned=defender.assigned.add("defend", -sacrifice_defending))
    strength = max(0, wild_strength - SACRIFICE_DEFENDING * sacrifice_defending
                   - SACRIFICE_UNASSIGNED * sacrifice_unassigned)
    if strength == 0:
        vp = board.wild_removed_vp
        return WildOnPlayer(replace(after, vp=after.vp + vp), 0, 0, True, vp)
    involved = defending + sacrifice_unassigned
    aggressive = (involved // AGGRESSIVE_BEES_PER_STRENGTH if defender.queen == "aggressive"
                  else 0)
    block = DEFENDER_BLOCKS * defending + aggressive + defender_bonus
    stolen = min(max(0, min(roll, strength) - block), defender.honey)
    if stolen:
        strength = min(board.wild_strength_max, strength + STEAL_GAIN)
    return WildOnPlayer(replace(after, honey=after.honey - stolen), stolen, strength, False, 0)


@dataclass(frozen=True)
class WildBattle:
    """Outcome of a wild hive raiding another wild hive (strengths afterwards; 0 = removed)."""

    attacker_total: int
    defender_total: int
    winner: str
    attacker_strength: int
    defender_strength: int


def wild_vs_wild(attacker: int, defender: int, attacker_roll: int, defender_roll: int,
                 board: Board) -> WildBattle:
    """Raiding Another Wild Hive: each rolls the D6, the stronger adds the strength difference,
    the higher total wins (ties: the defender).  Winner +1 (at most 14), loser -1 (removed at 0).

    :raises InvalidInputError: a roll off the D6, a strength off 1–14.
    """
    for name, roll in (("attacker roll", attacker_roll), ("defender roll", defender_roll)):
        if not 1 <= roll <= board.d6_faces:
            raise InvalidInputError(name, roll, f"1-{board.d6_faces}")
    for name, value in (("attacker strength", attacker), ("defender strength", defender)):
        if not 1 <= value <= board.wild_strength_max:
            raise InvalidInputError(name, value, f"1-{board.wild_strength_max}")
    a = attacker_roll + max(0, attacker - defender)
    d = defender_roll + max(0, defender - attacker)
    top = board.wild_strength_max
    if a > d:
        return WildBattle(a, d, "attacker", min(top, attacker + BATTLE_CHANGE),
                          defender - BATTLE_CHANGE)
    return WildBattle(a, d, "defender", attacker - BATTLE_CHANGE,
                      min(top, defender + BATTLE_CHANGE))


def swarm_wild(strength: int, board: Board) -> tuple[int, int]:
    """A wild hive at 14 swarms: ``(its new strength, the spawned hive's strength)`` = (7, 7)."""
    if strength < board.wild_strength_max:
        raise IllegalActionError(R_WILD, f"a wild hive swarms at strength "
                                 f"{board.wild_strength_max}, got {strength}",
                                 expected=board.wild_strength_max, given=strength)
    return board.wild_swarm_strength, board.wild_swarm_strength


def activation_order(distances: Mapping[str, int],
                     first_player_choice: Sequence[str] = ()) -> tuple[str, ...]:
    """The order in which wild hives take their turns (Action Phase, Example E): closest to
    the first player's hive first.  Hives at the same distance go in the order the first
    player chooses (``first_player_choice``; the Wild Hives section lets the first player
    decide; ruling L23), else by name.

    :param distances: wild hive name → spaces from the first player's hive.
    :raises InvalidInputError: a negative distance, or a choice naming an unknown hive.
    """
    for name, d in distances.items():
        if d < 0:
            raise InvalidInputError(f"distance of {name}", d, "a whole number of at least 0")
    for name in first_player_choice:
        if name not in distances:
            raise not_one_of("wild hive", name, distances)
    rank = {n: i for i, n in enumerate(first_player_choice)}
    return tuple(sorted(distances, key=lambda n: (distances[n], rank.get(n, len(rank)), n)))
