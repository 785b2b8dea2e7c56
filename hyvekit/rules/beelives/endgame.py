"""Bee Lives winter upkeep and end-of-game scoring (rules/bee-lives.txt, "Winter Upkeep",
"End of the Game", "Solo Score Chart").

Units: bees (worker bees), honey, pollen, comb cells, disease levels (0 or negative), VP.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.hive import PLAYER_HIVES
from hyvekit.rules.beelives.phases import starvation_tokens_allowed
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.validate import input_text, not_one_of
from hyvekit.rules.values import dataclass

R_WINTER = "Bee Lives: Winter Upkeep"
R_END = "Bee Lives: End of the Game"
R_SOLO = "Bee Lives: Solo Score Chart"

# Winter Upkeep: "there are three months of winter upkeep (Dec. - Feb.)".
WINTER_MONTHS = ("December", "January", "February")
# Winter Upkeep: "During each month of winter, there are only two steps".
WINTER_STEPS = ("Feed your bees", "Lose bees to disease")

# End of the Game: "1 VP for each remaining honey", "1 VP for each surviving worker bee"
# (Scoring Victory Points, Surviving Winter); starvation tokens are the board's starvation_vp.
HONEY_VP = 1
BEE_VP = 1
# End of the Game: "You must have at least one surviving worker bee to be eligible to win."
ELIGIBLE_BEES = 1
# End of the Game: "In case of a tie, use the following tiebreakers: most remaining pollen >
# most surviving worker bees > largest comb size."  (key, the rulebook's words), in order.
TIE_BREAKERS = (("pollen", "most remaining pollen"), ("bees", "most surviving worker bees"),
                ("comb", "largest comb size"))


@dataclass(frozen=True)
class WinterMonth:
    """One month of winter upkeep.

    :ivar bees_before, honey_before: at the start of the month.
    :ivar honey_spent: one third of the bees, rounded down (or all the honey there is).
    :ivar starved: bees lost to hunger; ``tokens``: starvation tokens taken instead.
    :ivar disease_lost: bees lost to disease (the level's size, at most the bees left).
    :ivar bees_after, honey_after: at the end of the month.
    """

    month: str
    bees_before: int
    honey_before: int
    honey_spent: int
    starved: int
    tokens: int
    disease_lost: int
    bees_after: int
    honey_after: int


@dataclass(frozen=True)
class WinterResult:
    """Three winter months; ``bees``, ``honey`` and ``tokens`` (starvation tokens taken) at the
    end."""

    months: tuple[WinterMonth, ...]
    bees: int
    honey: int
    tokens: int


def winter_month(bees: int, honey: int, level: int, board: Board, *,
                 starvation: Literal["none", "take"] = "none", month: str = "") -> WinterMonth:
    """One winter month: 1. feed (honey = bees // 3); honey ``h`` keeps at most ``3h + 2`` bees
    (the most bees whose one-third-rounded-down cost ``h`` covers; ruling L24), the rest
    starve, and for those among the last three the player may take starvation tokens
    (``starvation="take"`` takes one for each); 2. lose bees equal to the disease level's size.

    :raises InvalidInputError: negative bees or honey, a positive level, unknown policy.
    """
    if bees < 0 or honey < 0:
        raise InvalidInputError("bees/honey", (bees, honey), "whole numbers of at least 0")
    if level > 0:
        raise InvalidInputError("disease level", level, "0 or a negative level such as -2")
    if starvation not in ("none", "take"):
        raise InvalidInputError("starvation", starvation, "none or take")
    per = board.winter_bees_per_honey
    need = bees // per
    spent = min(need, honey)
    fed = bees if spent == need else per * spent + (per - 1)
    starving = bees - fed
    tokens = (starvation_tokens_allowed(bees, starving, board.last_bees)
              if starvation == "take" else 0)
    alive = bees - starving + tokens
    lost = min(alive, -level)
    return WinterMonth(month, bees, honey, spent, starving - tokens, tokens, lost, alive - lost,
                       honey - spent)


def winter(bees: int, honey: int, level: int, board: Board, *,
           starvation: Literal["none", "take"] = "none") -> WinterResult:
    """Winter Upkeep: three months (December–February) of :func:`winter_month`.  The disease
    level does not change during winter.

    :raises InvalidInputError: see :func:`winter_month`.
    """
    months = []
    for name in WINTER_MONTHS:
        m = winter_month(bees, honey, level, board, starvation=starvation, month=name)
        months.append(m)
        bees, honey = m.bees_after, m.honey_after
    return WinterResult(tuple(months), bees, honey, sum(m.tokens for m in months))


# --- scoring -------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerEnd:
    """A player at the end of the game: ``vp`` on the score track before final scoring, and
    what is left (honey, bees, starvation tokens, pollen, comb size)."""

    name: str
    vp: int
    honey: int = 0
    bees: int = 0
    starvation: int = 0
    pollen: int = 0
    comb: int | None = None   # cells; None when not stated (only the last tie-breaker uses it)

    def __post_init__(self) -> None:
        # Components: 20 worker bees per colour; the comb starts at 10 cells and holds one
        # cube per cell (Inside Your Hive).  The box's 8 starvation tokens are no limit
        # (ruling L149).
        for f, lo, hi in (("vp", -999, 999), ("honey", 0, 999), ("bees", 0, 20),
                          ("starvation", 0, 99), ("pollen", 0, 999), ("comb", 10, 999)):
            if getattr(self, f) is not None:
                require_int(f"{self.name}: {f}", getattr(self, f), lo, hi)
        if self.comb is not None and self.honey + self.pollen > self.comb:
            raise InvalidInputError(f"{self.name}: honey + pollen", self.honey + self.pollen,
                                    f"at most the comb size {self.comb} (one cube per cell)")


@dataclass(frozen=True)
class ScoreLine:
    """One player's final score: ``total = vp + honey + bees - 2 × starvation`` (VP)."""

    player: PlayerEnd
    honey_vp: int
    bees_vp: int
    starvation_vp: int
    total: int
    eligible: bool


@dataclass(frozen=True)
class Scoring:
    """Final scores, best first (eligible players, then ineligible ones).

    :ivar winners: the winner's name, or several names when every tie-breaker ties (ruling
        L25), or none when no player has a surviving bee.
    :ivar tiebreak: which tie-breaker decided (``""``, ``"pollen"``, ``"bees"``, ``"comb"``,
        ``"shared"``).
    """

    lines: tuple[ScoreLine, ...]
    winners: tuple[str, ...]
    tiebreak: str

    @property
    def ineligible(self) -> tuple[str, ...]:
        return tuple(line.player.name for line in self.lines if not line.eligible)

    def line(self, name: str) -> ScoreLine:
        for line in self.lines:
            if line.player.name == name:
                return line
        raise not_one_of("player", name, [l.player.name for l in self.lines])


def score(players: list[PlayerEnd] | tuple[PlayerEnd, ...], board: Board) -> Scoring:
    """End of the Game: :data:`HONEY_VP` per honey, :data:`BEE_VP` per surviving bee, the
    board's ``starvation_vp`` (-2) per starvation token.  Only players with at least
    :data:`ELIGIBLE_BEES` surviving bee can win; ties go through :data:`TIE_BREAKERS` (most
    pollen, then most bees, then the largest comb).

    :raises InvalidInputError: no players or more than four (the box has 4 player hives), or
        two players with the same name.
    """
    if not players or len(players) > PLAYER_HIVES:
        raise InvalidInputError("players", len(players),
                                f"1 to {PLAYER_HIVES} players ({PLAYER_HIVES} player hives)")
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise InvalidInputError("player", dup, "a different name for each player")
    lines = [ScoreLine(p, HONEY_VP * p.honey, BEE_VP * p.bees,
                       board.starvation_vp * p.starvation,
                       p.vp + HONEY_VP * p.honey + BEE_VP * p.bees
                       + board.starvation_vp * p.starvation, p.bees >= ELIGIBLE_BEES)
             for p in players]
    key = lambda l: (l.total, *((getattr(l.player, k) or 0)  # noqa: E731
                                for k, _ in TIE_BREAKERS))
    eligible = sorted((l for l in lines if l.eligible), key=key, reverse=True)
    others = sorted((l for l in lines if not l.eligible), key=lambda l: l.total, reverse=True)
    winners: tuple[str, ...] = ()
    tiebreak = ""
    if eligible:
        best = eligible[0]
        tied = [l for l in eligible if l.total == best.total]
        if len(tied) > 1:
            for i, (name, _) in enumerate(TIE_BREAKERS, start=1):
                top = max(key(l)[i] for l in tied)
                narrowed = [l for l in tied if key(l)[i] == top]
                if len(narrowed) < len(tied):
                    tiebreak = name
                tied = narrowed
                if len(tied) == 1:
                    break
            if len(tied) > 1:
                tiebreak = "shared"
        winners = tuple(l.player.name for l in tied)
    return Scoring(tuple(eligible + others), winners, tiebreak)


def check_claims(scoring: Scoring, *, winner: str | None = None,
                 totals: dict[str, int] | None = None) -> None:
    """Compare claimed results with the rules.

    :raises IllegalActionError: (Bee Lives: End of the Game) a claimed total that differs, or
        a claimed winner who is not the winner (ineligible, or beaten on score or a tie-breaker).
    """
    for name, claimed in (totals or {}).items():
        line = scoring.line(name)
        if claimed != line.total:
            p = line.player
            raise IllegalActionError(
                R_END, f"{name}: claimed {claimed} VP, the rules give {line.total} = {p.vp} + "
                f"{p.honey} honey + {p.bees} bees - 2 × {p.starvation} starvation tokens",
                expected=line.total, given=claimed)
    if winner is not None and winner not in scoring.winners:
        scoring.line(winner)  # unknown name → InvalidInputError
        if winner in scoring.ineligible:
            why = f"{winner} has no surviving worker bee and cannot win"
        else:
            why = (f"the winner is {' and '.join(scoring.winners)}"
                   + (f" (tie-breaker: {scoring.tiebreak})" if scoring.tiebreak else ""))
        raise IllegalActionError(R_END, f"claimed winner {winner}: {why}",
                                 expected=scoring.winners, given=winner)


def solo_rating(total: int, board: Board) -> str:
    """Solo Score Chart rating of a one-year solo score (VP)."""
    return board.solo_rating(total)


def solo_chart_rating(scoring: Scoring | None, board: Board, years: int = 1) -> str | None:
    """The Solo Score Chart rating of a finished solo game (Solo Play, "Solo Score Chart"):
    only for one player and a one-year game; None otherwise (several players, a long or epic
    game, or no final scores yet).

    :param scoring: the final scores (:func:`score`), None before the end.
    :param years: the game's length in years (Multiple Years Variant: 2 or 3).
    """
    if scoring is None or len(scoring.lines) != 1 or years != 1:
        return None
    return solo_rating(scoring.lines[0].total, board)


def winter_points(entry: Mapping[str, Any]) -> tuple[int, bool]:
    """What one hive's winter upkeep scores: ``(points, in_final_score)``.

    In a long or epic game a winter before the last year scores its surviving bees and honey
    as VP at once (Multiple Years Variant); after the last year's winter they count in the
    final score instead (End of the Game): ``(bees + honey, True)``.

    :param entry: a winter event of the month sequencer (``bees``, ``honey``, ``vp`` and
        ``final`` — true after the last year's winter).
    """
    if entry.get("final"):
        return int(entry["bees"]) + int(entry["honey"]), True
    return entry["vp"], False


def winter_level(board: Board, side: str, *, level: int | None = None,
                 position: int | None = None) -> tuple[int, bool]:
    """The disease level a winter upkeep is played at (Winter Upkeep: "lose bees equal to the
    disease level"): ``level`` as given (0 down to the track's lowest), or the level printed
    at the mite's ``position`` on track side ``side``.

    :returns: ``(level, assumed)``; ``assumed`` is true when the level was read off a track
        whose values are hyvekit's assumption (the disease track boards are not printed in
        the rulebook).
    :raises InvalidInputError: a side other than A or B; both or neither of level and
        position; a level outside the track.
    """
    side = side.strip().upper()
    if side not in ("A", "B"):
        raise InvalidInputError("--side", side, "A or B")
    if (level is None) == (position is None):
        raise InvalidInputError("--level/--position", "both" if level is not None else "neither",
                                "exactly one of --level (e.g. -2) and --position")
    if position is not None:
        return board.track(side).level(position), "disease" in board.assumed
    return require_int("--level", level, min(board.track(side).levels()), 0), False


def parse_player(spec: str) -> PlayerEnd:
    """``"Bob:vp=37,honey=9,bees=0,starvation=1,pollen=0,comb=12"`` → :class:`PlayerEnd`.
    Keys other than ``vp`` default to 0; the comb size is unknown unless given.

    :raises InvalidInputError: no name, unknown key, a value that is not a whole number.
    """
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if name and sep:
        name = input_text("--player", name)
    if not name or not sep:
        raise InvalidInputError("--player", spec, "NAME:vp=37,honey=9,bees=0,starvation=1,"
                                "pollen=0,comb=12")
    values: dict[str, int] = {}
    allowed = ("vp", "honey", "bees", "starvation", "pollen", "comb")
    for part in rest.split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if key not in allowed or not eq:
            raise InvalidInputError(f"--player {name}", part,
                                    "KEY=NUMBER with KEY one of " + ", ".join(allowed))
        if key in values:
            raise InvalidInputError(f"--player {name}", part, f"{key} given once")
        values[key] = require_int(f"--player {name}: {key}", value.strip())
    if "vp" not in values:
        raise InvalidInputError(f"--player {name}", spec, "a vp=NUMBER entry (VP on the track)")
    return PlayerEnd(name=name, **values)
