"""Bee Lives raids by a player (rules/bee-lives.txt, "Raid (bees: X)"): on a player hive
(Raiding a Player Hive) and on a wild hive (Raiding a Wild Hive), plus :func:`raid_odds`, the
exact distribution of a player raid's outcome.

Dice enter only as stated rolls: ``rolls`` lists every roll of the raid in order, the last one
kept; each earlier roll was rerolled at the cost of one bee (at most three rerolls).  A reroll
rolls the dice pool of the party after that bee is sacrificed (ruling L16).

Units: bees, raid dice (D4 values), raid strength (honey that may be stolen), honey, disease
track spaces, VP, wild hive strength.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.hive import AGGRESSIVE_BEES_PER_STRENGTH as AGGRESSIVE
from hyvekit.rules.beelives.hive import (Assigned, Hive, gain_disease, hive_at_level,
                                         stealing_disease)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

R_RAID = "Bee Lives: Raid"
R_RAID_PLAYER = "Bee Lives: Raiding a Player Hive"
R_RAID_WILD = "Bee Lives: Raiding a Wild Hive"

# Raiding a Player Hive, Successful Raid: "If the attacker was able to steal honey equal to at
# least half the number of worker bees that were initially assigned to the raid party".
SUCCESS_DIVISOR = 2
# Raiding a Player Hive: "For each worker bee that the defender has currently assigned to the
# Defend action, the strength of your raid party is reduced by one"; "For each worker bee that
# the defender sacrifices this way, ... the strength of your raid party is reduced by one."
# Raiding a Wild Hive: "For each bee sacrificed this way, reduce the wild hive's strength by one".
DEFENDER_REDUCTION = 1
SACRIFICE_REDUCTION = 1
# Raiding a Wild Hive: "If you steal any honey at all, then you gain one disease."
WILD_STEAL_DISEASE = 1


# --- the raid party's dice ------------------------------------------------------------------

def check_rolls(board: Board, bees: int, rolls: tuple[tuple[int, ...], ...],
                rule: str = R_RAID) -> int:
    """Check stated rolls for a party of ``bees``; return the party after rerolls (bees).

    :raises IllegalActionError: more than three rerolls, a reroll with a party of one bee, or
        a roll with the wrong number of dice for the party at that time.
    :raises InvalidInputError: a die value that is not on the raid dice.
    """
    if not rolls:
        raise InvalidInputError("rolls", "()", "at least one roll of the raid dice")
    if len(rolls) - 1 > board.max_rerolls:
        raise IllegalActionError(rule, f"at most {board.max_rerolls} rerolls, got "
                                 f"{len(rolls) - 1}", expected=board.max_rerolls,
                                 given=len(rolls) - 1)
    party = bees
    for i, roll in enumerate(rolls):
        if i > 0:
            if party < 2:
                raise IllegalActionError(rule, "a reroll sacrifices a bee from the raid party, "
                                         "which must keep at least one bee (ruling L16)",
                                         expected="a party of 2+", given=party)
            party -= 1
        want = board.dice_for(party)
        if len(roll) != want:
            raise IllegalActionError(rule, f"a raid party of {counted(party, 'bee')} rolls "
                                     f"{counted(want, 'raid die', 'raid dice')}, got {len(roll)}",
                                     expected=want, given=len(roll))
        for value in roll:
            if value not in board.die_faces:
                raise not_one_of("raid die", value, [str(f) for f in sorted(set(board.die_faces))])
    return party


@dataclass(frozen=True)
class RaidStrength:
    """How a raid party's strength was reached (Raid; Raiding a Player Hive).

    :ivar party: bees after rerolls; ``party_final`` after the defender's sacrifices.
    :ivar dice: the kept dice after removals; ``removed``: dice removed on losing a bracket.
    :ivar base: the lesser of the dice total and the final party (bees).
    :ivar attacker_bonus: aggressive queen (+1 per two bees of the party) and card bonuses.
    :ivar reduction: defenders + sacrifices + defender's bonuses.
    :ivar strength: final strength, at least 0 (honey that may be stolen).
    """

    party: int
    party_final: int
    dice: tuple[int, ...]
    removed: tuple[int, ...]
    base: int
    attacker_bonus: int
    reduction: int
    strength: int


def party_strength(board: Board, party: int, kept: tuple[int, ...], *, defenders: int = 0,
                   sacrifice_defending: int = 0, sacrifice_unassigned: int = 0,
                   removed: tuple[int, ...] | None = None, attacker_aggressive: bool = False,
                   defender_aggressive: bool = False, attacker_bonus: int = 0,
                   defender_bonus: int = 0) -> RaidStrength:
    """A player raid party's final strength against a player hive.

    Each defender bee takes 1 off; each sacrificed bee (defending or unassigned) takes 1 more
    off and kills one raider (ruling L17: a sacrificed defender counts as a defender and as a
    sacrifice, 2 in all).  When the party drops into a lower dice bracket the attacker removes
    one die per bracket lost (``removed``; default the lowest dice, the attacker's best
    choice).  Aggressive queens: +1 per two bees involved (attacker: the final party; defender:
    defenders plus sacrificed unassigned bees; ruling L18).

    :raises IllegalActionError: ``removed`` names dice that were not kept or the wrong number.
    """
    sacrifices = sacrifice_defending + sacrifice_unassigned
    final = max(0, party - sacrifices)
    drop = len(kept) - board.dice_for(final)
    dice = sorted(kept)
    if removed is None:
        removed_t = tuple(dice[:drop])
    else:
        removed_t = tuple(removed)
        if len(removed_t) != max(0, drop):
            raise IllegalActionError(R_RAID_PLAYER, f"the party lost {max(0, drop)} dice "
                                     f"brackets: remove {max(0, drop)} dice, got "
                                     f"{len(removed_t)}", expected=max(0, drop),
                                     given=len(removed_t))
    for value in removed_t:
        if value not in dice:
            raise IllegalActionError(R_RAID_PLAYER, f"removed die {value} is not among the "
                                     f"kept dice {tuple(sorted(kept))}", expected=tuple(kept),
                                     given=value)
        dice.remove(value)
    base = min(sum(dice), final)
    bonus = attacker_bonus + (final // AGGRESSIVE if attacker_aggressive else 0)
    involved = defenders + sacrifice_unassigned
    reduction = (DEFENDER_REDUCTION * defenders + SACRIFICE_REDUCTION * sacrifices
                 + defender_bonus) + (
        involved // AGGRESSIVE if defender_aggressive else 0)
    return RaidStrength(party, final, tuple(dice), removed_t, base, bonus, reduction,
                        max(0, base + bonus - reduction))


# --- raiding a player hive -------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerRaid:
    """A player's raid on another player's hive, with every choice stated.

    :ivar bees: bees assigned to the raid party.
    :ivar rolls: every roll in order, the last kept (earlier ones were rerolled, one bee each).
    :ivar sacrifice_defending, sacrifice_unassigned: bees the defender sacrifices.
    :ivar removed: dice values the attacker removes on losing brackets (None: the lowest).
    :ivar distance: spaces between the hives (at most 3).
    :ivar already_raided: the attacker already raided this hive this month.
    :ivar attacker_bonus, defender_bonus: season card strength ("On Guard", "Summer Storms").
    """

    bees: int
    rolls: tuple[tuple[int, ...], ...]
    sacrifice_defending: int = 0
    sacrifice_unassigned: int = 0
    removed: tuple[int, ...] | None = None
    distance: int = 1
    already_raided: bool = False
    attacker_bonus: int = 0
    defender_bonus: int = 0


@dataclass(frozen=True)
class PlayerRaidResult:
    """Outcome of a raid on a player hive.

    :ivar stolen: honey moved from defender to attacker.
    :ivar success: stolen ≥ half the bees initially sent.
    :ivar disease: spaces the attacker's mite moved (after a standing mite's saving).
    :ivar attacker_vp, defender_vp: VP scored (2 to one side).
    :ivar attacker_lost: raiders lost to rerolls and the defender's sacrifices (bees).
    """

    attacker: Hive
    defender: Hive
    strength: RaidStrength
    stolen: int
    success: bool
    disease: int
    attacker_vp: int
    defender_vp: int
    attacker_lost: int


def check_player_raid(attacker: Hive, defender: Hive, raid: PlayerRaid, board: Board) -> int:
    """Raise unless the raid is legal; return the party size after rerolls.

    :raises IllegalActionError: (Bee Lives: Raid / Raiding a Player Hive) too few unassigned
        bees, target more than 3 spaces away or already raided this month, a target with no
        honey, impossible rolls, more sacrifices than the defender has or than the raid party
        has bees left (ruling L120).
    """
    if raid.bees < 1 or raid.bees > attacker.unassigned:
        raise IllegalActionError(R_RAID, f"a raid party of 1 to {attacker.unassigned} "
                                 f"unassigned bees, got {raid.bees}",
                                 expected=attacker.unassigned, given=raid.bees)
    _check_target(raid.distance, raid.already_raided, board)
    if defender.honey < 1:
        raise IllegalActionError(R_RAID, "you cannot raid a hive that has no honey",
                                 expected="1+ honey", given=0)
    if not 0 <= raid.sacrifice_defending <= defender.assigned.defend:
        raise IllegalActionError(R_RAID_PLAYER, f"the defender can sacrifice at most "
                                 f"{defender.assigned.defend} defending bees, got "
                                 f"{raid.sacrifice_defending}", expected=defender.assigned.defend,
                                 given=raid.sacrifice_defending)
    if not 0 <= raid.sacrifice_unassigned <= defender.unassigned:
        raise IllegalActionError(R_RAID_PLAYER, f"the defender can sacrifice at most "
                                 f"{defender.unassigned} unassigned bees, got "
                                 f"{raid.sacrifice_unassigned}", expected=defender.unassigned,
                                 given=raid.sacrifice_unassigned)
    party = check_rolls(board, raid.bees, raid.rolls)
    sacrificed = raid.sacrifice_defending + raid.sacrifice_unassigned
    if sacrificed > party:   # ruling L120: each sacrifice must take a raider with it
        raise IllegalActionError(R_RAID_PLAYER, f"each bee the defender sacrifices discards one "
                                 f"bee of the raid party, which has {party} after rerolls: "
                                 f"at most {party} sacrifices, got {sacrificed}", expected=f"at most {party}",
                                 given=sacrificed)
    return party


def _check_target(distance: int, already: bool, board: Board) -> None:
    if not 0 <= distance <= board.max_distance:
        raise IllegalActionError(R_RAID, f"the target must be within {board.max_distance} "
                                 f"spaces, got {distance}", expected=board.max_distance,
                                 given=distance)
    if already:
        raise IllegalActionError(R_RAID, "you cannot target a hive you already raided this "
                                 "month", expected="a hive not raided this month",
                                 given="already raided")


def stated_attacker(board: Board, bees: int, queen: str, *, empty: int | None = None,
                    standing: bool = False) -> Hive:
    """The raiding hive of a raid stated without its whole hive: ``bees`` unassigned workers
    (the raid party), the largest comb (:attr:`Board.comb_max` cells) with pollen in every cell
    but ``empty`` ones (None: every cell empty, room for all the honey stolen), the disease
    track side of its queen (side B for a hygienic queen, Queen Types), the mite standing when
    ``standing`` (Clean Bees this month).

    :param queen: a queen type (see :func:`~hyvekit.rules.beelives.hive.parse_queen`).
    """
    room = board.comb_max if empty is None else empty
    return Hive(unassigned=bees, comb=board.comb_max, pollen=board.comb_max - room, queen=queen,
                side="B" if queen == "hygienic" else "A", mite_standing=standing)


def stated_defender(board: Board, *, level: int, honey: int, unassigned: int, defenders: int,
                    queen: str) -> Hive:
    """The raided player hive of a raid stated without its whole hive: its mite on the
    farthest normal space of side A printed with ``level`` (disease level, 0 or negative),
    ``honey`` in a comb just large enough for it (at least :attr:`Board.comb_min` cells),
    ``unassigned`` workers and ``defenders`` on its Defend space (Raiding a Player Hive).
    """
    return hive_at_level(board, level, unassigned=unassigned,
                         assigned=Assigned(defend=defenders), honey=honey,
                         comb=max(board.comb_min, honey), queen=queen)


def raid_player_hive(attacker: Hive, defender: Hive, raid: PlayerRaid,
                     board: Board) -> PlayerRaidResult:
    """Resolve a raid on a player hive (Raiding a Player Hive), checked.

    Stolen honey = final strength, at most the defender's honey and the attacker's empty comb
    cells (ruling L19).  Stealing any honey moves the attacker's mite one third (rounded up)
    of the defender's disease level (one space at most for a hygienic queen; a standing mite
    saves one).  Success (stolen ≥ half the initial party) scores the attacker 2 VP, otherwise
    the defender scores 2 VP.

    :raises IllegalActionError: see :func:`check_player_raid`.
    """
    party = check_player_raid(attacker, defender, raid, board)
    strength = party_strength(
        board, party, raid.rolls[-1], defenders=defender.assigned.defend,
        sacrifice_defending=raid.sacrifice_defending,
        sacrifice_unassigned=raid.sacrifice_unassigned, removed=raid.removed,
        attacker_aggressive=attacker.queen == "aggressive",
        defender_aggressive=defender.queen == "aggressive",
        attacker_bonus=raid.attacker_bonus, defender_bonus=raid.defender_bonus)
    stolen = min(strength.strength, defender.honey, attacker.empty)
    success = SUCCESS_DIVISOR * stolen >= raid.bees
    att = replace(attacker, unassigned=attacker.unassigned - raid.bees,
                  assigned=attacker.assigned.add("raid", strength.party_final),
                  honey=attacker.honey + stolen)
    disease = 0
    if stolen:
        gain = gain_disease(att, board, stealing_disease(defender.disease(board), att.hygienic))
        att, disease = gain.hive, gain.spaces
    d_vp = 0 if success else board.defend_vp
    a_vp = board.raid_vp if success else 0
    att = replace(att, vp=att.vp + a_vp)
    dfn = replace(defender, honey=defender.honey - stolen, vp=defender.vp + d_vp,
                  unassigned=defender.unassigned - raid.sacrifice_unassigned,
                  assigned=defender.assigned.add("defend", -raid.sacrifice_defending))
    return PlayerRaidResult(att, dfn, strength, stolen, success, disease, a_vp, d_vp,
                            raid.bees - strength.party_final)


# --- raiding a wild hive ---------------------------------------------------------------------

@dataclass(frozen=True)
class WildRaid:
    """A player's raid on a wild hive.

    :ivar bees, rolls: as for :class:`PlayerRaid`.
    :ivar sacrifices: raiders sacrificed to push the wild hive's strength further down.
    :ivar take: honey taken from the supply (None: as much as allowed).
    """

    bees: int
    rolls: tuple[tuple[int, ...], ...]
    sacrifices: int = 0
    take: int | None = None
    distance: int = 1
    already_raided: bool = False
    attacker_bonus: int = 0


@dataclass(frozen=True)
class WildRaidResult:
    """Outcome of a raid on a wild hive.

    :ivar wild_strength: the wild hive's strength afterwards (0 = removed).
    :ivar reduced: how much the wild hive's strength went down (= most honey that may be taken).
    :ivar taken: honey taken from the supply.
    """

    attacker: Hive
    strength: int
    wild_strength: int
    reduced: int
    taken: int
    disease: int
    removed: bool
    vp: int


def raid_wild_hive(attacker: Hive, wild_strength: int, raid: WildRaid,
                   board: Board) -> WildRaidResult:
    """Resolve a raid on a wild hive (Raiding a Wild Hive), checked.

    The wild hive loses the raid strength, then one per sacrificed raider (never below 0).
    The attacker may take up to that reduction in honey from the supply (at most its empty
    cells); taking any honey gains one disease.  Reducing the wild hive to 0 removes it and
    scores 2 VP.  A wild hive's honey is not tracked: it can be raided while it is in play
    (ruling L20).

    :raises IllegalActionError: (Bee Lives: Raid / Raiding a Wild Hive) too few bees,
        impossible rolls, more sacrifices than raiders, taking more honey than allowed.
    """
    if raid.bees < 1 or raid.bees > attacker.unassigned:
        raise IllegalActionError(R_RAID, f"a raid party of 1 to {attacker.unassigned} "
                                 f"unassigned bees, got {raid.bees}",
                                 expected=attacker.unassigned, given=raid.bees)
    if not board.wild_strength_min < wild_strength <= board.wild_strength_max:
        raise InvalidInputError("wild hive strength", wild_strength,
                                f"1-{board.wild_strength_max} (a wild hive at 0 is removed)")
    _check_target(raid.distance, raid.already_raided, board)
    party = check_rolls(board, raid.bees, raid.rolls)
    if not 0 <= raid.sacrifices <= party:
        raise IllegalActionError(R_RAID_WILD, f"at most {party} raiders can be sacrificed, got "
                                 f"{raid.sacrifices}", expected=party, given=raid.sacrifices)
    strength = min(sum(raid.rolls[-1]), party) + raid.attacker_bonus + (
        party // AGGRESSIVE if attacker.queen == "aggressive" else 0)
    after_raid = max(0, wild_strength - strength)
    left = max(0, after_raid - SACRIFICE_REDUCTION * raid.sacrifices)
    reduced = wild_strength - left
    most = min(reduced, attacker.empty)
    take = most if raid.take is None else raid.take
    if not 0 <= take <= reduced:
        raise IllegalActionError(R_RAID_WILD, f"the wild hive lost {reduced} strength: take at "
                                 f"most {reduced} honey, got {take}", expected=reduced, given=take)
    if take > attacker.empty:
        raise IllegalActionError(R_RAID_WILD, f"{take} honey needs {take} empty cells, the comb "
                                 f"has {attacker.empty}", expected=attacker.empty, given=take)
    att = replace(attacker, unassigned=attacker.unassigned - raid.bees,
                  assigned=attacker.assigned.add("raid", party - raid.sacrifices),
                  honey=attacker.honey + take)
    disease = 0
    if take:
        gain = gain_disease(att, board, WILD_STEAL_DISEASE)
        att, disease = gain.hive, gain.spaces
    removed = left == 0
    vp = board.raid_vp if removed else 0
    att = replace(att, vp=att.vp + vp)
    return WildRaidResult(att, strength, left, reduced, take, disease, removed, vp)


# --- exact odds -----------------------------------------------------------------------------

@dataclass(frozen=True)
class RerollPolicy:
    """Reroll while the dice total is below ``below``, at most ``max_rerolls`` times (each
    reroll costs a bee; a party of one bee cannot reroll)."""

    below: int = 0
    max_rerolls: int = 3


@dataclass(frozen=True)
class RaidOdds:
    """Exact outcome distribution of a player raid on a player hive.

    :ivar stolen: ``(honey, probability)`` pairs, probabilities as fractions summing to 1.
    :ivar success: probability that the raid is successful (attacker scores 2 VP).
    :ivar expected_stolen: expected honey stolen.
    :ivar expected_rerolls: expected bees sacrificed for rerolls.
    :ivar assumed: the raid dice faces are an assumed board value.
    """

    stolen: tuple[tuple[int, Fraction], ...]
    success: Fraction
    expected_stolen: Fraction
    expected_rerolls: Fraction
    assumed: bool


def _final_rolls(board: Board, party: int, used: int, policy: RerollPolicy
                 ) -> dict[tuple[int, tuple[int, ...]], Fraction]:
    """Distribution of (party after rerolls, kept dice sorted) under ``policy``."""
    return _final_rolls_cached(board.die_faces, tuple(board.raid_dice), party, used,
                               policy.below, min(policy.max_rerolls, board.max_rerolls))


@lru_cache(maxsize=512)
def _final_rolls_cached(faces: tuple[int, ...], brackets: tuple[tuple[int, int], ...],
                        party: int, used: int, below: int, max_rerolls: int
                        ) -> dict[tuple[int, tuple[int, ...]], Fraction]:
    n = 0
    for min_bees, dice in brackets:
        if party >= min_bees:
            n = dice
    out: dict[tuple[int, tuple[int, ...]], Fraction] = defaultdict(Fraction)
    each = Fraction(1, len(faces) ** n)
    reroll = Fraction(0)
    for roll in product(faces, repeat=n):
        if sum(roll) < below and used < max_rerolls and party >= 2:
            reroll += each
        else:
            out[(party, tuple(sorted(roll)))] += each
    if reroll:
        for key, p in _final_rolls_cached(faces, brackets, party - 1, used + 1, below,
                                          max_rerolls).items():
            out[key] += reroll * p
    return dict(out)


def raid_odds(board: Board, bees: int, *, target_honey: int, defenders: int = 0,
              sacrifice_defending: int = 0, sacrifice_unassigned: int = 0,
              attacker_queen: str | None = None, defender_queen: str | None = None,
              reroll: RerollPolicy = RerollPolicy(), attacker_empty: int | None = None
              ) -> RaidOdds:
    """The exact distribution of honey stolen and of success for a raid of ``bees`` on a
    player hive with ``target_honey`` honey and ``defenders`` defending bees, when the defender
    sacrifices a fixed number of bees and the attacker rerolls by ``reroll`` (every die face of
    the board equally likely; the attacker removes its lowest dice when losing a bracket).
    Computed by enumerating every roll of the D4 pool, with fractions.

    :raises InvalidInputError: impossible numbers (no bees, no honey, negative defenders,
        sacrificing more defending bees than defenders).
    """
    if bees < 1 or bees > board.max_workers:
        raise InvalidInputError("bees", bees, f"1-{board.max_workers}")
    if target_honey < 1:
        raise InvalidInputError("target honey", target_honey,
                                "at least 1 (a hive with no honey cannot be raided)")
    if defenders < 0 or sacrifice_unassigned < 0 or not 0 <= sacrifice_defending <= defenders:
        raise InvalidInputError("sacrifices", (defenders, sacrifice_defending),
                                "defenders ≥ 0 and at most that many defending bees sacrificed")
    if reroll.below < 0 or reroll.max_rerolls < 0:
        raise InvalidInputError("reroll policy", reroll, "a total ≥ 0 and 0-3 rerolls")
    stolen: dict[int, Fraction] = defaultdict(Fraction)
    success = Fraction(0)
    rerolls = Fraction(0)
    room = target_honey if attacker_empty is None else attacker_empty
    for (party, dice), p in _final_rolls(board, bees, 0, reroll).items():
        s = party_strength(board, party, dice, defenders=defenders,
                           sacrifice_defending=sacrifice_defending,
                           sacrifice_unassigned=sacrifice_unassigned,
                           attacker_aggressive=attacker_queen == "aggressive",
                           defender_aggressive=defender_queen == "aggressive")
        honey = min(s.strength, target_honey, room)
        stolen[honey] += p
        rerolls += p * (bees - party)
        if SUCCESS_DIVISOR * honey >= bees:
            success += p
    table = tuple(sorted(stolen.items()))
    return RaidOdds(table, success, sum((h * p for h, p in table), Fraction(0)), rerolls,
                    "raid_dice_faces" in board.assumed)
