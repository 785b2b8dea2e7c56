"""A Bee Lives player hive: its state and the disease track moves every rule shares.

Implements "Player Area Setup", "Inside Your Hive" and the disease track notes of "Clean Bees"
and "Queen Types" (side B half spaces).

Units: bees (worker bees), honey / pollen / water cubes, comb cells, track positions (0 = the
start space), disease levels (0 or negative, as printed on the track), VP.
"""

from __future__ import annotations

import math
from dataclasses import fields

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace

R_SETUP = "Bee Lives: Player Area Setup"
R_HIVE = "Bee Lives: Inside Your Hive"
R_DISEASE = "Bee Lives: Disease Track"

PLAYER_HIVES = 4   # Components: "4 Player Hives (1 per color)": at most four players

# Queen Types, the numbers of the queens' abilities.  Aggressive: "increase your strength by one
# for every two of your worker bees involved"; Prolific: "for every two brood that you hatch into
# worker bees, gain one extra worker bee"; Hygienic: "You never move your varroa mite more than
# one space when you raid another hive."
AGGRESSIVE_BEES_PER_STRENGTH = 2
PROLIFIC_BROOD_PER_BEE = 2
HYGIENIC_RAID_DISEASE = 1
# Raiding a Player Hive: "you gain disease equal to one third (rounded up) of the target hive's
# disease level".
RAID_DISEASE_DIVISOR = 3
# Clean Bees: "the next time this month that you gain disease ..., you will gain one less
# disease" (the standing varroa mite).
CLEAN_BEES_SAVES = 1

ACTIONS = ("forage", "scout", "raid", "defend", "build_wax", "clean_bees", "cool_hive", "requeen")


@dataclass(frozen=True)
class Assigned:
    """Worker bees on each of the eight action spaces (Inside Your Hive), in bees.  Foraging
    bees sit on the map tile but are counted under ``forage`` until the Cleanup Phase.
    ``failed``: bees whose action failed and who live (Zombees' action roll of 2, a haunted
    tile's forage roll): used for the month, doing nothing — not defending (ruling L145)."""

    forage: int = 0
    scout: int = 0
    raid: int = 0
    defend: int = 0
    build_wax: int = 0
    clean_bees: int = 0
    cool_hive: int = 0
    requeen: int = 0
    failed: int = 0

    def __post_init__(self) -> None:
        if min(self.__dict__.values()) >= 0:          # the fields only: a copy's quick check
            return
        for f in fields(self):
            if getattr(self, f.name) < 0:
                raise InvalidInputError(f"assigned {f.name}", getattr(self, f.name),
                                        "a whole number of at least 0")

    @property
    def total(self) -> int:
        """Bees on all action spaces."""
        # the fields summed directly: this runs on every ``Hive.workers`` (hot in the
        # simulator); tests/rules/beelives/test_simulate.py checks it against every field
        return (self.forage + self.scout + self.raid + self.defend + self.build_wax
                + self.clean_bees + self.cool_hive + self.requeen + self.failed)

    def add(self, action: str, bees: int) -> Assigned:
        """A copy with ``bees`` more (or fewer, if negative) on ``action``."""
        return replace(self, **{action: getattr(self, action) + bees})

    def __repr__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}" for f in fields(self) if getattr(self, f.name)]
        return f"Assigned({', '.join(parts)})"


#: the hive's values that count something (at least 0)
_COUNTS = ("unassigned", "brood", "comb", "honey", "pollen", "water", "mite", "starvation")
_INT = {int}


@dataclass(frozen=True)
class Hive:
    """One player's hive.

    :ivar unassigned: active worker bees in the worker area (bees).
    :ivar assigned: active worker bees on action spaces (bees).
    :ivar brood: worker bees in the nest area waiting to hatch (bees).
    :ivar comb: comb size (cells).
    :ivar honey, pollen, water: cubes stored in the comb (one per cell).
    :ivar side: disease track side, ``"A"`` or ``"B"`` (chosen at setup).
    :ivar mite: varroa mite position on the track (0 = start space).
    :ivar mite_standing: the Clean Bees benefit is active (the next disease gain is one less).
    :ivar queen: ``aggressive``, ``prolific``, ``hygienic`` or ``nomadic``.
    :ivar paused: queen token rotated left: no brood hatches in the next Brood Phase.
    :ivar swarm_token, skip_feeding: tokens held (Egg Phase, Swarm Phase).
    :ivar starvation: starvation tokens held (-2 VP each at the end).
    :ivar vp: victory points scored so far on the score track.
    :ivar cooled: the hive was cooled this month (Cool Hive).
    """

    unassigned: int = 3
    assigned: Assigned = Assigned()
    brood: int = 0
    comb: int = 10
    honey: int = 0
    pollen: int = 0
    water: int = 0
    side: str = "A"
    mite: int = 0
    mite_standing: bool = False
    queen: str = "prolific"
    paused: bool = False
    swarm_token: bool = False
    skip_feeding: bool = False
    starvation: int = 0
    vp: int = 0
    cooled: bool = False

    def __post_init__(self) -> None:
        counts = (self.unassigned, self.brood, self.comb, self.honey, self.pollen, self.water,
                  self.mite, self.starvation)
        if set(map(type, counts)) != _INT or min(counts) < 0:     # bool is not a count
            for name, value in zip(_COUNTS, counts):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise InvalidInputError(f"hive {name}", value,
                                            "a whole number of at least 0")
        if self.side not in ("A", "B"):
            raise InvalidInputError("hive side", self.side, "A or B")
        if self.stored > self.comb:
            raise InvalidInputError("hive comb", f"{self.stored} cubes in {self.comb} cells",
                                    "at most one cube per comb cell")

    # -- derived ---------------------------------------------------------------------------
    @property
    def workers(self) -> int:
        """Active worker bees: unassigned plus on action spaces (bees)."""
        return self.unassigned + self.assigned.total

    @property
    def stored(self) -> int:
        """Cubes in the comb (cells used)."""
        return self.honey + self.pollen + self.water

    @property
    def empty(self) -> int:
        """Empty comb cells."""
        return self.comb - self.stored

    @property
    def hygienic(self) -> bool:
        return self.queen == "hygienic"

    def disease(self, board: Board) -> int:
        """Disease level (0 or negative) printed at the mite's position."""
        return board.track(self.side).level(self.mite)

    def supply(self, board: Board) -> int:
        """Worker bees of this colour not in the hive (bees): the rest of the 20."""
        return board.max_workers - self.workers - self.brood


def validate_hive(hive: Hive, board: Board) -> Hive:
    """Check ``hive`` against the board: at most 20 bees (workers + brood), comb size within
    the comb section, mite on the track, a known queen.

    :raises InvalidInputError: naming the field, the value and what is allowed.
    """
    if hive.workers + hive.brood > board.max_workers:
        raise InvalidInputError("hive bees", hive.workers + hive.brood,
                                f"at most {board.max_workers} worker bees (workers + brood)")
    if not board.comb_min <= hive.comb <= board.comb_max:
        raise InvalidInputError("comb size", hive.comb, f"{board.comb_min}-{board.comb_max}")
    last = board.track(hive.side).last
    if hive.mite > last:
        raise InvalidInputError(f"mite position (side {hive.side})", hive.mite, f"0-{last}")
    if hive.queen not in board.queen_types:
        raise not_one_of("queen", hive.queen, board.queen_types)
    return hive


def parse_queen(board: Board, text: str, field: str = "queen") -> str:
    """A queen type as a player names it (any case): one of the board's queen types
    (Queen Types: aggressive, prolific, hygienic, nomadic).

    :param field: how the caller's input names it (for the error).
    :raises InvalidInputError: another name (lists the types).
    """
    v = text.strip().lower()
    if v not in board.queen_types:
        raise not_one_of(field, text, board.queen_types)
    return v


def new_hive(queen: str, board: Board) -> Hive:
    """A hive as set up (Player Area Setup): 3 workers, comb 10 (ruling L1), mite lying on the
    start space, side A — side B for a hygienic queen (Queen Types), queen unpaused.

    :raises InvalidInputError: unknown queen type.
    """
    if queen not in board.queen_types:
        raise not_one_of("queen", queen, board.queen_types)
    return Hive(unassigned=board.starting_workers, comb=board.start_comb, queen=queen,
                side="B" if queen == "hygienic" else "A")


def hive_at_level(board: Board, level: int, side: str = "A", **kwargs) -> Hive:
    """A hive whose mite stands on the farthest normal space printed with ``level``
    (a helper for stating a situation by disease level)."""
    return Hive(side=side, mite=board.track(side).normal_position_for(level), **kwargs)


# --- disease track moves ---------------------------------------------------------------------

@dataclass(frozen=True)
class DiseaseGain:
    """The outcome of gaining disease: spaces the mite moved and whether the standing mite's
    benefit was used."""

    hive: Hive
    spaces: int
    saved: bool


def gain_disease(hive: Hive, board: Board, spaces: int) -> DiseaseGain:
    """Move the mite ``spaces`` forward (Forage, Raid); a standing mite takes one space off and
    lies down (Clean Bees).  Gaining 0 does not use the benefit (ruling L10).  The mite stops on
    the last space of the track (ruling L6).
    """
    if spaces <= 0:
        return DiseaseGain(hive, 0, False)
    saved = hive.mite_standing
    moved = spaces - CLEAN_BEES_SAVES if saved else spaces
    last = board.track(hive.side).last
    new = replace(hive, mite=min(last, hive.mite + moved), mite_standing=False)
    return DiseaseGain(new, new.mite - hive.mite, saved)


def move_mite_back(hive: Hive, spaces: int) -> Hive:
    """Move the mite ``spaces`` backward, stopping on the start space (Clean Bees)."""
    return replace(hive, mite=max(0, hive.mite - spaces))


def halve_disease(hive: Hive, board: Board) -> Hive:
    """Reduce the disease level by half, rounded down (Swarm Phase, If You Stay).

    The level's size is halved and rounded down (-3 → -1, Example D; -1 → 0).  The mite moves
    back to the farthest normal space at or behind it that shows the halved level (ruling L2):
    it is moved back until the track shows the new level.
    """
    level = hive.disease(board)
    target = -((-level) // 2)
    track = board.track(hive.side)
    return replace(hive, mite=track.normal_position_for(target, at_or_behind=hive.mite))


def settle_half_space(hive: Hive, board: Board) -> Hive:
    """A hygienic queen's mite on a half space moves back onto the previous normal space
    (Cleanup Phase, fifth step; Queen Types note — ruling L4)."""
    track = board.track(hive.side)
    if hive.hygienic and track.is_half(hive.mite):
        return replace(hive, mite=hive.mite - 1)
    return hive


def stealing_disease(target_level: int, hygienic: bool) -> int:
    """Spaces gained for stealing honey from a player hive at ``target_level`` (Raiding a
    Player Hive): one third of the level, rounded up; at most one for a hygienic queen."""
    spaces = math.ceil(abs(target_level) / RAID_DISEASE_DIVISOR)
    return min(spaces, HYGIENIC_RAID_DISEASE) if hygienic else spaces


def require_unassigned(hive: Hive, bees: int, rule: str, action: str) -> None:
    """Raise unless ``hive`` has ``bees`` unassigned worker bees for ``action``."""
    if bees > hive.unassigned:
        raise IllegalActionError(rule, f"{action} needs {bees} unassigned worker bees, got "
                                 f"{hive.unassigned}", expected=bees, given=hive.unassigned)


__all__ = ["ACTIONS", "Assigned", "DiseaseGain", "Hive", "gain_disease",
           "halve_disease", "hive_at_level", "move_mite_back", "new_hive", "require_unassigned",
           "settle_half_space", "stealing_disease", "validate_hive"]
