"""Bee Lives productive-month phases on one hive: Egg, Feeding, Brood, Swarm and the hive's
part of the Cleanup Phase (rules/bee-lives.txt, "Productive Months").

Every choice the rulebook leaves to the player is an explicit parameter (starvation tokens,
stay or leave, the new queen, whether a wild hive could be spawned); season cards that change a
phase are parameters too ("Culling of the Drones", "An Early Start").  Each function returns a
frozen result holding the next :class:`~hyvekit.rules.beelives.hive.Hive` and what happened.

Units: bees, honey / pollen cubes, comb cells, disease levels, VP, wild hive strength.
"""

from __future__ import annotations

import math
from typing import Literal

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.hive import (PROLIFIC_BROOD_PER_BEE, Assigned, Hive, halve_disease,
                                         settle_half_space)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

R_EGG = "Bee Lives: Egg Phase"
R_FEEDING = "Bee Lives: Feeding Phase"
R_BROOD = "Bee Lives: Brood Phase"
R_SWARM = "Bee Lives: Swarm Phase"
R_CLEANUP = "Bee Lives: Cleanup Phase"

# Productive Months: "seven different phases that occur in order" (the rulebook's summary list;
# the month sequence aid prints them).  (name, summary), in order.
MONTH_PHASES = (
    ("Egg Phase", "Each player counts how many brood they have in their comb."),
    ("Feeding Phase", "Each player must feed their worker bees with honey."),
    ("Brood Phase", "Each player spends pollen to hatch their brood into new worker bees."),
    ("Swarm Phase", "Each player checks to see if their hive will swarm."),
    ("Event Phase", "Reveal the next card from the current season deck."),
    ("Action Phase", "In clockwise order, each player takes a single action. After that, each "
                     "wild hive takes a single action. Repeat until no player has worker bees "
                     "remaining."),
    ("Cleanup Phase", "Prepare for the following month."),
)
# Productive Months, Note: "In the first month of the game ... Skip the first four phases and
# begin with the Event Phase."
FIRST_MONTH_SKIPS = 4
# Swarm Phase: "you lose half of your bees and honey" (each rounded down).
SWARM_LOSS_DIVISOR = 2


# --- 1. Egg Phase ----------------------------------------------------------------------------

@dataclass(frozen=True)
class EggResult:
    """Egg Phase outcome: ``brood`` bees moved to the nest area; ``swarm_token`` taken when the
    comb had no empty cell."""

    hive: Hive
    brood: int
    swarm_token: bool


def egg_phase(hive: Hive, board: Board) -> EggResult:
    """1. Egg Phase: brood = empty comb cells (cells), taken from the supply; no empty cell →
    take a swarm token.  Brood are limited by the bees left in the supply (20 per colour,
    ruling L11).
    """
    brood = min(hive.empty, hive.supply(board))
    token = hive.empty == 0
    return EggResult(replace(hive, brood=hive.brood + brood,
                             swarm_token=hive.swarm_token or token), brood, token)


# --- 2. Feeding Phase ------------------------------------------------------------------------

@dataclass(frozen=True)
class FeedingResult:
    """Feeding Phase outcome in honey and bees."""

    hive: Hive
    honey_spent: int
    starved: int
    tokens_taken: int
    skipped: bool


def starvation_tokens_allowed(workers: int, starving: int, last_bees: int = 3) -> int:
    """How many of ``starving`` bees are among the hive's last three (Feeding Phase), so may
    be kept by taking a starvation token each."""
    remaining = workers - starving
    return max(0, min(starving, last_bees - remaining))


def feeding_phase(hive: Hive, board: Board, *, tokens: int = 0,
                  bees_per_honey: int | None = None) -> FeedingResult:
    """2. Feeding Phase: each honey feeds up to two workers (three under "Culling of the
    Drones": ``bees_per_honey=3``); unfed workers starve.  For each starving bee among the last
    three the player may take a starvation token instead (``tokens``).  A skip feeding token is
    returned instead of feeding.  Brood are not fed.

    :param tokens: starvation tokens the player chooses to take (0 ≤ tokens ≤ allowed).
    :raises IllegalActionError: more tokens than the last-three rule allows (Bee Lives:
        Feeding Phase).
    """
    per = bees_per_honey or board.bees_per_honey
    if per < 1:
        raise InvalidInputError("bees per honey", per, "a whole number of at least 1")
    if hive.skip_feeding:
        if tokens:
            raise IllegalActionError(R_FEEDING, "a skip feeding token means no bee starves: "
                                     f"no starvation token can be taken (got {tokens})",
                                     expected=0, given=tokens)
        return FeedingResult(replace(hive, skip_feeding=False), 0, 0, 0, True)
    need = math.ceil(hive.workers / per)
    spent = min(need, hive.honey)
    starving = max(0, hive.workers - spent * per)
    allowed = starvation_tokens_allowed(hive.workers, starving, board.last_bees)
    if not 0 <= tokens <= allowed:
        starve = "starves" if starving == 1 else "starve"
        raise IllegalActionError(R_FEEDING, f"{counted(starving, 'bee')} {starve} and "
                                 f"{allowed} of them {'is' if allowed == 1 else 'are'} "
                                 f"among the last {board.last_bees}: at most {allowed} "
                                 f"starvation tokens, got {tokens}", expected=allowed, given=tokens)
    lost = starving - tokens
    new = _lose_unassigned(replace(hive, honey=hive.honey - spent,
                                   starvation=hive.starvation + tokens), lost)
    return FeedingResult(new, spent, lost, tokens, False)


def _lose_unassigned(hive: Hive, bees: int) -> Hive:
    """Remove ``bees`` workers, unassigned first (phases run while every bee is unassigned)."""
    from_unassigned = min(bees, hive.unassigned)
    rest = bees - from_unassigned
    assigned = hive.assigned
    for action in ("defend", "raid", "forage", "scout", "build_wax", "clean_bees", "cool_hive",
                   "requeen"):
        if rest <= 0:
            break
        take = min(rest, getattr(assigned, action))
        assigned = assigned.add(action, -take)
        rest -= take
    return replace(hive, unassigned=hive.unassigned - from_unassigned, assigned=assigned)


# --- 3. Brood Phase --------------------------------------------------------------------------

@dataclass(frozen=True)
class BroodResult:
    """Brood Phase outcome in bees and pollen.

    :ivar hatched: brood hatched (pollen paid), before disease.
    :ivar lost_to_disease: newly hatched bees lost (the disease level's size, at most hatched).
    :ivar prolific_bonus: extra workers of a prolific queen, from the supply.
    :ivar discarded: brood returned to the supply (paused queen or no pollen).
    """

    hive: Hive
    hatched: int
    pollen_spent: int
    lost_to_disease: int
    prolific_bonus: int
    discarded: int
    paused: bool


def brood_phase(hive: Hive, board: Board, *, brood_per_pollen: int = 1,
                no_hatching: bool = False) -> BroodResult:
    """3. Brood Phase.

    A paused queen (or ``no_hatching``, the "Buttoned Up" card) hatches nothing: the nest is
    discarded and the queen turned back.  Otherwise hatching is mandatory: one pollen per brood
    (two brood per pollen under "An Early Start": ``brood_per_pollen=2``), then newly hatched
    bees equal to the disease level's size are lost.  A prolific queen gains one extra worker
    per two brood hatched (counted before disease losses, from the supply; ruling L12).
    """
    if brood_per_pollen < 1:
        raise InvalidInputError("brood per pollen", brood_per_pollen, "1 or 2")
    if hive.paused or no_hatching:
        return BroodResult(replace(hive, brood=0, paused=False), 0, 0, 0, 0, hive.brood,
                           hive.paused)
    hatched = min(hive.brood, hive.pollen * brood_per_pollen)
    pollen = math.ceil(hatched / brood_per_pollen)
    lost = min(hatched, -hive.disease(board))
    after = replace(hive, brood=0, pollen=hive.pollen - pollen,
                    unassigned=hive.unassigned + hatched - lost)
    bonus = 0
    if hive.queen == "prolific":
        bonus = min(hatched // PROLIFIC_BROOD_PER_BEE, after.supply(board))
        after = replace(after, unassigned=after.unassigned + bonus)
    return BroodResult(after, hatched, pollen, lost, bonus, hive.brood - hatched, False)


# --- 4. Swarm Phase --------------------------------------------------------------------------

@dataclass(frozen=True)
class SwarmResult:
    """Swarm Phase outcome.

    :ivar swarmed: the hive swarmed (token or threshold exceeded).
    :ivar reason: ``"token"``, ``"threshold"`` or ``""``.
    :ivar threshold: the swarm threshold in bees (an assumed board value).
    :ivar bees_lost, honey_lost: halves removed (rounded down).
    :ivar wild_strength: the new wild hive's strength, or None when none was spawned.
    :ivar choice: ``"stay"`` or ``"leave"`` (``""`` when no swarm).
    :ivar vp: VP scored (by season, only when a wild hive was spawned).
    """

    hive: Hive
    swarmed: bool
    reason: str
    threshold: int
    bees_lost: int = 0
    honey_lost: int = 0
    wild_strength: int | None = None
    choice: str = ""
    vp: int = 0


def will_swarm(hive: Hive, board: Board) -> tuple[bool, str]:
    """Whether the hive swarms and why: a swarm token, or more workers than the threshold
    (purple value for a nomadic queen)."""
    if hive.swarm_token:
        return True, "token"
    if hive.workers > board.threshold(hive.comb, hive.queen == "nomadic"):
        return True, "threshold"
    return False, ""


def swarm_phase(hive: Hive, board: Board, *, season: str, spawned: bool = True,
                choice: Literal["stay", "leave"] = "stay", new_queen: str | None = None,
                year: int = 1) -> SwarmResult:
    """4. Swarm Phase.

    Lose half the workers and half the honey (rounded down).  The lost bees form a wild hive of
    that strength (strength 4 / 5 in the second / third year) if the map has a legal placement
    (``spawned``, decided on the map).  A swarm that loses no bee spawns nothing (ruling L13).
    Without a spawned wild hive the player must stay and scores no VP.

    * stay: choose a queen (``new_queen``, any type, default the same), queen paused, disease
      level halved (rounded down; see :func:`~hyvekit.rules.beelives.hive.halve_disease`).
    * leave: keep the queen, queen paused, take a skip feeding token, discard all resources,
      disease to zero (start space), comb = 10 + one per two honey discarded (rounded up),
      at most the comb's maximum (ruling L14).

    VP: spring 5, summer 3, fall 1 when a wild hive was spawned.

    :raises IllegalActionError: leaving without a spawned wild hive, or a new queen when
        leaving (Bee Lives: Swarm Phase).
    :raises InvalidInputError: unknown season, choice or queen.
    """
    if choice not in ("stay", "leave"):
        raise InvalidInputError("swarm choice", choice, "stay or leave")
    board.season_vp(season)  # validates the season
    if new_queen is not None and new_queen not in board.queen_types:
        raise not_one_of("queen", new_queen, board.queen_types)
    threshold = board.threshold(hive.comb, hive.queen == "nomadic")
    swarms, reason = will_swarm(hive, board)
    if not swarms:
        return SwarmResult(hive, False, "", threshold)
    bees_lost = hive.workers // SWARM_LOSS_DIVISOR
    honey_lost = hive.honey // SWARM_LOSS_DIVISOR
    spawned = spawned and bees_lost > 0
    if choice == "leave" and not spawned:
        raise IllegalActionError(R_SWARM, "no wild hive was spawned, so the hive must stay",
                                 expected="stay", given="leave")
    if choice == "leave" and new_queen not in (None, hive.queen):
        raise IllegalActionError(R_SWARM, f"a hive that leaves keeps its queen "
                                 f"({hive.queen}), got {new_queen}",
                                 expected=hive.queen, given=new_queen)
    after = _lose_unassigned(replace(hive, honey=hive.honey - honey_lost, swarm_token=False),
                             bees_lost)
    strength = None
    if spawned:
        by_year = board.wild_spawn_strength_by_year
        strength = bees_lost if year <= 1 else by_year[min(year, len(by_year)) - 1]
        strength = min(strength, board.wild_strength_max)
    if choice == "stay":
        after = halve_disease(replace(after, queen=new_queen or hive.queen, paused=True,
                                      mite_standing=False), board)
    else:
        discarded = after.honey
        comb = min(board.comb_max, board.start_comb + math.ceil(discarded / 2))
        after = replace(after, paused=True, skip_feeding=True, honey=0, pollen=0, water=0,
                        mite=0, mite_standing=False, comb=comb)
    vp = board.season_vp(season) if spawned else 0
    after = replace(after, vp=after.vp + vp)
    return SwarmResult(after, True, reason, threshold, bees_lost, honey_lost, strength, choice,
                       vp)


# --- 7. Cleanup Phase (the hive's steps) -------------------------------------------------------

def cleanup_hive(hive: Hive, board: Board, *, overheating: bool = False) -> Hive:
    """7. Cleanup Phase, the steps that concern one hive (ruling L5: the rulebook says "four
    steps" and lists five; hyvekit carries out all five — the first player marker and the
    neutral worker tokens are table-level and left to the month sequencer):

    * every active worker bee returns to the worker area;
    * a standing varroa mite is laid down (an unused Clean Bees benefit is lost);
    * a hygienic queen's mite on a half space moves back to the previous normal space;
    * and (Cool Hive) a hive not cooled while overheating was in effect pauses its queen.
    """
    paused = hive.paused or (overheating and not hive.cooled)
    after = replace(hive, unassigned=hive.workers, assigned=Assigned(), mite_standing=False,
                    cooled=False, paused=paused)
    return settle_half_space(after, board)
