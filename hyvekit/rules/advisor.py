"""The advisor (docs/advisor.md), for any game's table engine (:mod:`hyvekit.rules.table`):

* :func:`play_out` — a game played to its end by players that each choose among the legal
  steps of the decision due, the tool playing its own steps (:func:`play_steps` with
  ``auto``);
* estimates of a pending decision — each option pushed and the game played out from it by
  the default player in every seat (:func:`rollout`), what the deciding player ends with
  summed up as its mean and 95 % interval (:class:`Estimate`); where the decision is a die
  rolled or a card drawn, its outcomes are enumerated, each equally likely (:func:`drawn`);
  a rollout may stop at a :class:`Horizon`, scored there by the game's evaluation;
* exact estimates of a game's last decisions — every way the luck left after an option can
  fall, played out and weighed by its chance (:func:`enumerated`).

What a player cannot know is never read: every rollout draws its own dice and cards with a
``random.Random`` of its own (:func:`rollout_rng`, from the seed and the rollout's number
only), so a card not yet drawn comes from the whole of what is left in the deck.  The same
seed and the same rollout numbers give the same estimates, whichever process plays them; the
time budget and the process pool are the faces' (:mod:`hyvekit.games.advisor`).  No rule of
any game is here: each game gives its default player and the outcome of its result.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from hyvekit.rules.table import DICE, DRAWN, Decision, play_steps
from hyvekit.rules.values import dataclass

#: a player: ``(table, decision due, rng) -> step`` (one of ``decision.legal``)
Player = Callable[[Any, Decision, random.Random], str]
#: what a player ends a game with: ``(table at the end, name) -> (score, share of the win)``,
#: the share 1 for a win alone, 1/k for a win shared by k, else 0
Outcome = Callable[[Any, str], tuple[float, float]]
#: the normal quantile of a two-sided 95 % interval
Z95 = 1.96


def play_out(engine: Any, t: Any, player: Player, rng: random.Random,
             seats: Mapping[str, Player] | None = None, limit: int = 100_000,
             stop: Callable[[Any], bool] | None = None) -> Any:
    """``t`` played to the end of the game (or until ``stop`` says the table reached is far
    enough: a horizon): each decision answered by the player of its actor's seat
    (``seats``), ``player`` for every other (and for a decision nobody in particular makes:
    a wild hive's die); every die and card drawn with ``rng``.

    :returns: the table at the end (its decision is over), or where ``stop`` stopped.
    :raises RuntimeError: more than ``limit`` steps (a player that never ends the game).
    """
    seats = seats or {}
    for _ in range(limit):
        d = engine.pending(t)
        if d.over or (stop is not None and stop(t)):
            return t
        step = seats.get(d.actor, player)(t, d, rng) if d.actor is not None \
            else player(t, d, rng)
        t = play_steps(engine, t, [step], rng, auto=True)[-1]
    raise RuntimeError(f"no end of the game after {limit:,} steps")


class Luck(random.Random):
    """A rollout's dice and cards: a :class:`random.Random` that remembers whether anything
    was drawn from it (``drawn``): a rollout that drew nothing had no luck in it."""

    drawn = False

    def random(self) -> float:
        self.drawn = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drawn = True
        return super().getrandbits(k)


def rollout_rng(seed: int, index: int) -> Luck:
    """The dice and cards of rollout ``index`` under ``seed``: the same for every option
    (common random numbers: options are compared over the same luck), never the table's."""
    return Luck(f"advisor {seed} {index}")


@dataclass(frozen=True)
class Horizon:
    """Where a rollout stops before the game's end, and what it is worth there.

    :ivar reached: ``(the table the option was pushed on, the table now) -> bool``: the
        rollout stops at the first table it holds true for (a month's end).
    :ivar evaluation: ``(table at the horizon, name) -> (expected final score, chance to
        win)``: the :data:`Outcome` of a rollout stopped there.
    """

    reached: Callable[[Any, Any], bool]
    evaluation: Outcome


def rollout(engine: Any, t: Any, option: str, player: Player, outcome: Outcome, actor: str,
            rng: random.Random, horizon: Horizon | None = None) -> tuple[float, float, bool]:
    """``option`` pushed on ``t`` (the tool's own steps after it) and the game played out by
    ``player`` in every seat — to its end, or to the ``horizon`` where one is given: what
    ``actor`` ends with (``outcome``; at the horizon, its evaluation), and whether it is
    not sure: anything drawn from ``rng`` on the way (a die, a card, a fact: always True
    unless ``rng`` is a :class:`Luck`), or the game stopped at a horizon.

    :raises IllegalActionError, InvalidInputError: an option the engine refuses.
    """
    after = play_steps(engine, t, [option], rng, auto=True)[-1]
    stop = None if horizon is None else (lambda u: horizon.reached(t, u))
    end = play_out(engine, after, player, rng, stop=stop)
    if engine.pending(end).over:
        score, win = outcome(end, actor)
        return score, win, getattr(rng, "drawn", True)
    score, win = horizon.evaluation(end, actor)
    return score, win, True


def rollouts(engine: Any, t: Any, option: str, player: Player, outcome: Outcome, actor: str,
             seed: int, indices: Iterable[int],
             horizon: Horizon | None = None) -> list[tuple[float, float, bool]]:
    """:func:`rollout` for each rollout number in ``indices`` (:func:`rollout_rng`)."""
    return [rollout(engine, t, option, player, outcome, actor, rollout_rng(seed, i), horizon)
            for i in indices]


class NotEnumerated(Exception):
    """The luck left cannot be enumerated: a random number that is not a choice among
    a few (a float), or more outcomes than the enumeration takes."""


class Scripted(random.Random):
    """Random numbers that follow a script, for :func:`enumerated`: the k-th choice among
    ``n`` (``_randbelow``, under every ``choice``, ``randint``, ``shuffle``) answers
    ``script[k]`` (0 beyond it) and keeps ``n`` in ``sizes``.  A float drawn, or more new
    choices than ``room`` other outcomes, raises :class:`NotEnumerated`."""

    def __init__(self, script: Sequence[int], room: int) -> None:
        super().__init__(0)
        self.script, self.sizes, self.room = tuple(script), [], room

    def _randbelow(self, n: int) -> int:
        k = len(self.sizes)
        self.sizes.append(n)
        if k < len(self.script):
            return self.script[k]
        self.room -= n - 1
        if self.room < 0:
            raise NotEnumerated("more outcomes left than the enumeration takes")
        return 0

    def random(self) -> float:
        raise NotEnumerated("a random number that is not a choice among a few")

    def getrandbits(self, k: int) -> int:
        raise NotEnumerated("a random number that is not a choice among a few")


#: the most outcomes :func:`enumerated` plays out for one option (each a game played to its
#: end: from the last month of a game, a few milliseconds; 36: a raid's two dice)
ENUMERATED = 36
#: the most decisions one outcome of :func:`enumerated` may take to the game's end (a game's
#: last month takes fewer): beyond, the game is too far from its end to enumerate
ENUMERATED_STEPS = 120


def enumerated(engine: Any, t: Any, option: str, player: Player, outcome: Outcome, actor: str,
               most: int = ENUMERATED) -> Estimate | None:
    """The exact estimate of ``option``: every way the luck left can fall (each die, card and
    fact drawn, as the rollouts draw them: each choice among ``n`` with chance 1/n) played
    out to the game's end, and weighted by its chance — the enumeration of what the
    rollouts only sample.  None when that luck is not a choice among a few, makes more
    than ``most`` outcomes, or an outcome takes more than :data:`ENUMERATED_STEPS`
    decisions to the game's end (then it is sampled).

    :raises IllegalActionError, InvalidInputError: an option the engine refuses.
    """
    score = win = 0.0
    todo: list[tuple[int, ...]] = [()]
    played = 0
    while todo:
        script = todo.pop()
        rng = Scripted(script, most - played - len(todo) - 1)
        steps = [0]

        def counted(u: Any, d: Decision, r: random.Random) -> str:
            steps[0] += 1
            if steps[0] > ENUMERATED_STEPS:
                raise NotEnumerated("too far from the game's end")
            return player(u, d, r)
        try:
            s, w, _ = rollout(engine, t, option, counted, outcome, actor, rng)
        except NotEnumerated:
            return None
        chance = 1.0
        for n in rng.sizes:
            chance /= n
        path = list(script) + [0] * (len(rng.sizes) - len(script))
        todo += [tuple(path[:k]) + (j,) for k in range(len(script), len(path))
                 for j in range(1, rng.sizes[k])]
        score, win, played = score + chance * s, win + chance * w, played + 1
    return Estimate(option, score, 0.0, win, 0.0, played, True)


@dataclass(frozen=True)
class Estimate:
    """What the deciding player can expect after an option.

    :ivar option: the legal step.
    :ivar score: the mean final score (the game's points: VP in Bee Lives).
    :ivar score_half: the half-width of its 95 % interval (0 when exact).
    :ivar win: the chance to win (0 to 1; a shared win counts its share).
    :ivar win_half: the half-width of its 95 % interval (0 when exact).
    :ivar rollouts: the games played out for it.
    :ivar exact: no luck left unenumerated: no rollout drew a die, a card or a fact (for a
        die or a card drawn now: every outcome's estimate was exact).
    """

    option: str
    score: float
    score_half: float
    win: float
    win_half: float
    rollouts: int
    exact: bool = False


#: the two-sided 95 % quantiles of Student's t by degrees of freedom (1-30; beyond: 1.96)
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (Student's t; infinite for one)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.inf
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, (T95[n - 2] if n - 1 <= len(T95) else Z95) * math.sqrt(var / n)


def _chance_half(shares: Sequence[float]) -> float:
    """The half-width of a 95 % interval of a chance from ``shares`` (0 to 1 each), the
    widest side of the Agresti-Coull interval about their mean (never 0 for a handful of
    rollouts that all lost or all won)."""
    n = len(shares)
    mean = math.fsum(shares) / n
    m = n + Z95 ** 2
    centre = (math.fsum(shares) + Z95 ** 2 / 2) / m
    half = Z95 * math.sqrt(centre * (1 - centre) / m)
    return max(mean - max(0.0, centre - half), min(1.0, centre + half) - mean)


def summed(option: str, results: Sequence[tuple]) -> Estimate:
    """The estimate of ``option`` from its rollouts' ``(score, win share, luck drawn)``:
    the mean score with a Student's t 95 % interval, the chance to win with an Agresti-Coull
    one; exact (both intervals 0) when no rollout drew any luck (:class:`Luck`) — then every
    rollout ends alike.

    :raises ValueError: no rollout.
    """
    if not results:
        raise ValueError(f"no rollout of {option!r}")
    exact = not any(r[2] if len(r) > 2 else True for r in results)
    score, score_half = _mean_half([r[0] for r in results])
    wins = [r[1] for r in results]
    win = math.fsum(wins) / len(wins)
    if exact:
        return Estimate(option, score, 0.0, win, 0.0, len(results), True)
    return Estimate(option, score, score_half, win, _chance_half(wins), len(results))


def paired(results: Sequence[tuple], base: Sequence[tuple]) -> tuple[float, float]:
    """How much more an option's rollouts scored than ``base``'s, rollout by rollout (the same
    luck: :func:`rollout_rng`): the mean difference and the half-width of its 95 % interval
    (Student's t), far narrower than the two estimates' own intervals when the luck weighs
    alike on both (0 when every difference is the same).

    :raises ValueError: no rollout in common.
    """
    n = min(len(results), len(base))
    if n == 0:
        raise ValueError("no rollouts to compare")
    diffs = [results[i][0] - base[i][0] for i in range(n)]
    mean, half = _mean_half(diffs)
    return mean, (0.0 if len(set(diffs)) == 1 else half)


def drawn(d: Decision) -> tuple[str, tuple[str, ...]] | None:
    """A decision answered by a die or a card drawn, with its outcomes listed: ``(the step
    that draws, the outcomes)`` — each listed outcome equally likely (the faces of the dice in
    every order, the cards left in the deck); None for any other decision, or when the
    outcomes are too many to list (``legal`` holds only ``roll``)."""
    draw = next((o for o in d.legal if o in DRAWN), None)
    if draw is None or (d.kind != DICE and draw != "draw"):
        return None
    outcomes = tuple(o for o in d.legal if o not in DRAWN)
    return (draw, outcomes) if outcomes else None


def drawn_estimate(draw: str, outcomes: Sequence[Estimate]) -> Estimate:
    """The estimate of ``draw`` (``roll``, ``draw``) from those of its outcomes, each equally
    likely: their mean, its interval the outcomes' combined (exact when each is)."""
    k = len(outcomes)
    return Estimate(draw, math.fsum(e.score for e in outcomes) / k,
                    math.sqrt(math.fsum(e.score_half ** 2 for e in outcomes)) / k,
                    math.fsum(e.win for e in outcomes) / k,
                    math.sqrt(math.fsum(e.win_half ** 2 for e in outcomes)) / k,
                    sum(e.rollouts for e in outcomes), all(e.exact for e in outcomes))


#: the most options of a decision estimated by rollouts (the default player's first ones):
#: about what 2 cores play out twice in 3 s from the middle of a 2-player game
SCREENED = 10


def estimated(d: Decision, ranking: Sequence[str] | None = None,
              most: int | None = None) -> tuple[str, ...]:
    """The steps whose rollouts estimate the decision ``d``: the outcomes of a die or a card
    (:func:`drawn`, all of them), else the legal steps — the first ``most`` of ``ranking``
    (the default player's order, its choice first) when given."""
    due = drawn(d)
    if due is not None:
        return tuple(dict.fromkeys(due[1]))
    steps = tuple(ranking) if ranking is not None else tuple(d.legal)
    return steps if most is None else steps[:most]


def estimates(d: Decision, results: Mapping[str, Sequence[tuple]],
              exact: Mapping[str, Estimate] | None = None) -> tuple[Estimate, ...]:
    """Each estimated option's estimate from its rollouts (``results``: step → its rollouts,
    the steps of :func:`estimated`) or its enumeration (``exact``: step → its
    :func:`enumerated` estimate, taken first), best first (:func:`ranked`); for a die or a
    card, the step that draws it too (:func:`drawn_estimate`, over every outcome, each
    counted as often as it is listed).

    :raises ValueError: an option with no rollout and no enumeration.
    """
    exact = exact or {}
    each = {o: exact[o] if o in exact else summed(o, results[o])
            for o in dict.fromkeys([*results, *exact])}
    out = list(each.values())
    due = drawn(d)
    if due is not None:
        out.append(drawn_estimate(due[0], [each[o] for o in due[1]]))
    return ranked(out)


def ranked(found: Iterable[Estimate]) -> tuple[Estimate, ...]:
    """Estimates best first: the greater chance to win, then the greater score."""
    return tuple(sorted(found, key=lambda e: (-e.win, -e.score)))


def enumerations(engine: Any, t: Any, options: Iterable[str], player: Player,
                 outcome: Outcome, actor: str, most: int = ENUMERATED) -> dict[str, Estimate]:
    """The options whose luck left is enumerated (:func:`enumerated`), each with its exact
    estimate; the others are left to rollouts."""
    out = {}
    for o in options:
        e = enumerated(engine, t, o, player, outcome, actor, most)
        if e is not None:
            out[o] = e
    return out


def estimate_decision(engine: Any, t: Any, player: Player, outcome: Outcome, seed: int,
                      n: int, horizon: Horizon | None = None,
                      most: int = 0) -> tuple[Estimate, ...]:
    """Every option of the decision due at ``t`` estimated, in this process (the faces
    spread the same rollouts over processes: :func:`rollouts`): enumerated where the luck
    left makes at most ``most`` outcomes (0: never; an enumeration that fails has played up
    to ``most`` games: ask for it near the game's end only), else from ``n`` rollouts each
    (to the ``horizon`` when one is given).

    :raises ValueError: nothing to decide (the game is over, or nobody decides).
    """
    d = engine.pending(t)
    if d.over or d.actor is None:
        raise ValueError("no player decides now")
    options = tuple(dict.fromkeys(estimated(d)))
    exact = enumerations(engine, t, options, player, outcome, d.actor, most) if most else {}
    return estimates(d, {o: rollouts(engine, t, o, player, outcome, d.actor, seed, range(n),
                                     horizon) for o in options if o not in exact}, exact)


#: the least VP a choice must lose to the best option to be reviewed as a mistake: smaller
#: differences do not matter to a player, however sure
LEAST_LOSS = 0.5


@dataclass(frozen=True)
class Mistake:
    """A decision whose choice scored less than a better option beyond the 95 % interval.

    :ivar chosen: the step taken; ``better``: the option that would have scored most.
    :ivar loss: the VP the choice lost against ``better``, rollout by rollout (same luck);
        ``half``: the half-width of its 95 % interval (0 when exact); ``loss - half`` > 0.
    :ivar win_chosen, win_better: the chance to win after each (0 to 1).
    :ivar rollouts: the rollouts of each option compared; ``exact``: none drew any luck.
    """

    chosen: str
    better: str
    loss: float
    half: float
    win_chosen: float
    win_better: float
    rollouts: int
    exact: bool = False


def _paired_loss(results: Sequence[tuple], base: Sequence[tuple]) -> tuple[float, float, bool]:
    """How much more ``results`` scored than ``base``, rollout by rollout: the mean, the
    half-width of its Student's t 95 % interval, and whether it is exact (half 0: no rollout
    of either drew any luck, :class:`Luck`)."""
    n = min(len(results), len(base))
    diffs = [results[i][0] - base[i][0] for i in range(n)]
    lucky = any(r[2] if len(r) > 2 else True for r in list(results[:n]) + list(base[:n]))
    mean, half = _mean_half(diffs)
    return mean, (half if lucky else 0.0), not lucky


def judged(chosen: str, results: Mapping[str, Sequence[tuple]]) -> Mistake | None:
    """The review of one decision: ``chosen`` against every other option of ``results``
    (step → its rollouts, the same rollout numbers for each: :func:`rollouts`).  A mistake
    when some option scored more than ``chosen`` by more than its interval allows and by at
    least :data:`LEAST_LOSS` VP: the one that scored most so; else None.

    :raises KeyError: ``chosen`` has no rollouts; :raises ValueError: fewer than two.
    """
    base = results[chosen]
    if len(base) < 2:
        raise ValueError(f"{len(base)} rollouts of {chosen!r}: an interval needs two")
    found = []
    for option, r in results.items():
        if option == chosen or not r:
            continue
        loss, half, exact = _paired_loss(r, base)
        if loss - half > 0 and loss >= LEAST_LOSS:
            found.append((loss, half, option, exact))
    if not found:
        return None
    loss, half, better, exact = max(found, key=lambda f: (f[0], f[2]))
    win = summed(chosen, base).win
    return Mistake(chosen, better, loss, half, win, summed(better, results[better]).win,
                   min(len(base), len(results[better])), exact)


__all__ = ["ENUMERATED", "LEAST_LOSS", "Mistake", "SCREENED", "Estimate", "Horizon", "Luck",
           "NotEnumerated", "Outcome", "Player", "Scripted", "enumerated", "enumerations",
           "drawn", "drawn_estimate", "estimate_decision", "estimated", "estimates", "judged",
           "paired", "play_out", "ranked", "rollout", "rollout_rng", "rollouts", "summed"]
