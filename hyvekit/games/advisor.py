"""The advisor's time budget and process pool, shared by the faces (``hint``, ``next --hint``;
docs/advisor.md): the rollouts of :mod:`hyvekit.rules.advisor` played in rounds — round ``i``
plays rollout ``i`` of every option estimated — over every core, until the budget is spent.

Rounds stop when :data:`SPENT` of the budget is gone, so that the answer comes within it (the
rollouts then under way are not waited for).  Only whole rounds count: the estimates are
those of rollouts ``0 … R-1`` of each option, so the same seed and the same number of rounds
give the same numbers, whichever process played which rollout (``--rollouts N`` fixes ``R``:
the same numbers on any machine).  Two rounds are always played, so that every estimate has
an interval, even past the budget.

A game gives the faces what they need of it as an :class:`AdvisorGame` (its module's
``advisor_game()``, found by :func:`advisor_game_of` from :data:`ADVISED`): its table engine,
its default player, the outcome of a finished game, what a player may not see, and how its
scores and its moments are said.  The faces (``GAME hint``, ``GAME next --hint``, ``GAME
review``, the web table's hint and review, ``print report --review``) are the same for every
game in :data:`ADVISED`.
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import field
from multiprocessing import get_context
from typing import Any

from hyvekit.rules.advisor import SCREENED
from hyvekit.rules.values import dataclass

#: the rounds always played (an interval needs two rollouts)
LEAST_ROUNDS = 2
#: the longest budget taken (seconds)
MOST_SECONDS = 600.0
#: a review's rounds always played for each decision, and the options it weighs besides the
#: choice (the default player's first ones): a 2-player year reviews in about a minute a
#: player on 2 cores
REVIEW_ROUNDS, REVIEWED = 3, 4
#: the share of the budget spent on rounds: the rest is for the previews and the answer
SPENT = 0.85
#: the records the advisor knows: ``(game, kind)`` → the module whose ``advisor_game()``
#: gives its :class:`AdvisorGame`
#: (``module:function``: that function instead)
ADVISED = {("beelives", "campaign"): "hyvekit.games.beelives",
           ("beez", "game"): "hyvekit.games.beez",
           ("hyve", "scenario"): "hyvekit.games.hyve",
           ("hyve", "legacy"): "hyvekit.games.hyve:legacy_advisor_game"}


@dataclass(frozen=True)
class AdvisorGame:
    """What the advisor needs of a game (docs/advisor.md, "A game's advisor").

    :ivar game, kind: the game and kind of the table the advisor plays (``table_game(game,
        kind)``: a record of theirs, or the table ``table`` finds in a record's state).
    :ivar label: the game's name for people ("Bee Lives"); ``unit``: its score's ("VP").
    :ivar engine: the table engine (:mod:`hyvekit.rules.table`).
    :ivar choose: the default player, ``(table, decision, rng) -> step``.
    :ivar ranked: ``(table, decision) -> steps``: the legal steps, the default player's
        choice first (the first ones are estimated).
    :ivar outcome: ``(table at the end, name) -> (score, share of the win)``.
    :ivar is_choice: ``decision -> bool``: the decisions a review weighs.
    :ivar when: ``table -> str``: where the game is, for people ("year 1 June", "round 3").
    :ivar at: ``table -> dict``: the same as data (``{"year", "month"}``, ``{"round"}``).
    :ivar players: ``table -> names``: the game's players.
    :ivar unseen: ``(table, name, rng) -> table``: the table with what ``name`` may not see
        drawn afresh with ``rng`` (another player's secret cards); None: nothing is hidden.
        Each rollout starts from it, with its own random numbers.
    :ivar screened: the most options of a decision estimated (the default player's first).
    :ivar horizon: ``table -> horizon or None``: where a rollout from ``table`` stops and is
        scored (:func:`~hyvekit.rules.advisor.rollout`); None: every rollout plays to the end.
    :ivar exact_from: ``table -> bool``: whether the luck left after each option is
        enumerated rather than sampled (the game's last decisions); None: never.
    :ivar table: ``record's state -> table``: the table the advisor plays in a record's
        state (a Hyve Legacy run's current scenario), a table given as it is; None: the
        state is the table.  ``when``, ``at`` and ``part`` are given the record's state.
    :ivar part: ``record's state -> at``: the part of a record a review weighs unless told
        (its positions whose ``at`` has these items: a run's current or last scenario,
        ``{"scenario": N}``); None: the whole record.
    """

    game: str
    kind: str
    label: str
    unit: str
    engine: Any
    choose: Callable
    ranked: Callable
    outcome: Callable
    is_choice: Callable
    when: Callable
    at: Callable
    players: Callable
    unseen: Callable | None = None
    screened: int = SCREENED
    horizon: Callable | None = None
    exact_from: Callable | None = None
    table: Callable | None = None
    part: Callable | None = None


def advisor_game_of(game: str, kind: str) -> AdvisorGame | None:
    """The :class:`AdvisorGame` of a record's ``game`` and ``kind`` (:data:`ADVISED`), None
    for a record the advisor does not know."""
    import importlib
    found = ADVISED.get((game, kind))
    if found is None:
        return None
    module, _, name = found.partition(":")
    return getattr(importlib.import_module(module), name or "advisor_game")()


def advised_games() -> str:
    """The records the advisor knows, for people: "a Bee Lives campaign, a Beez game"."""
    from hyvekit.games.plays import LABELS
    return ", ".join(f"a {LABELS.get(g, g)} {k}" for g, k in ADVISED)


@dataclass(frozen=True)
class Hint:
    """The advice for the decision due.

    :ivar actor: the player deciding.
    :ivar kind: the decision's kind.
    :ivar estimates: the options estimated, best first
        (:class:`~hyvekit.rules.advisor.Estimate`).
    :ivar default: the default player's choice.
    :ivar left_out: legal options not estimated (beyond the default player's first ones).
    :ivar rounds: rollouts played per option; ``seconds``: wall time taken; ``seed``.
    :ivar drawn: for a die rolled or a card drawn now, the step that draws (``roll``,
        ``draw``; the other estimates are its outcomes'), else None.
    :ivar versus: each option against the default player's choice, rollout by rollout:
        ``(VP more, half-width of its 95 % interval)`` (:func:`~hyvekit.rules.advisor.paired`).
    :ivar changes: what each option changes now (the faces' previews), by option.
    :ivar unit: the score's unit ("VP", "honey drops").
    """

    actor: str
    kind: str
    estimates: tuple
    default: str
    left_out: tuple[str, ...]
    rounds: int
    seconds: float
    seed: int
    drawn: str | None = None
    versus: dict[str, tuple[float, float]] = field(default_factory=dict)
    changes: dict[str, str] = field(default_factory=dict)
    unit: str = "VP"


#: what a worker plays: (engine, table, player, outcome, actor, seed, unseen, horizon), set
#: when it
#: starts
_JOB: tuple = ()


def _start(job: tuple) -> None:
    global _JOB
    _JOB = job


def _play(option: str, index: int) -> tuple[str, int, tuple[float, float, bool]]:
    from hyvekit.rules.advisor import rollout, rollout_rng
    engine, t, player, outcome, actor, seed, unseen, horizon = _JOB
    rng = rollout_rng(seed, index)
    if unseen is not None:            # what the actor may not see, drawn afresh
        t = unseen(t, actor, rng)
    return option, index, rollout(engine, t, option, player, outcome, actor, rng, horizon)


def _whole_rounds(results: dict[str, dict[int, Any]]) -> int:
    """How many rounds every option has played in full (rollouts 0 … R-1)."""
    return min(next(i for i in range(len(r) + 1) if i not in r) for r in results.values())


def advise(game: Any, t: Any, seed: int, seconds: float = 3.0, rollouts: int | None = None,
           jobs: int | None = None, progress: Callable[[float], None] | None = None,
           screened: int | None = None) -> Hint:
    """The hint for the decision due at ``t``: its options (the default player's first
    ``screened``, default ``game.screened``) estimated by ``game``'s default player (an
    :class:`AdvisorGame`; what the player deciding may not see drawn afresh in each rollout:
    ``game.unseen``) for ``seconds`` (or ``rollouts`` rounds) over ``jobs`` processes
    (default: every core; 1: in this process).  ``progress`` is told the share done, 0 to 1.
    Where the game gives them, ``game.horizon(t)`` stops the rollouts at a horizon, and the
    options whose luck left makes few outcomes are enumerated when ``game.exact_from(t)``
    (the last decisions; only in a game that hides nothing from its players).

    A legal option the engine refuses when pushed (a raid's sacrifice listed after the raid
    is settled) is neither estimated nor listed as not estimated.

    :raises ValueError: no player decides now (the game is over, or a wild hive's die).
    """
    from hyvekit.rules import advisor as A
    engine = game.engine
    d = engine.pending(t)
    if d.over or d.actor is None:
        raise ValueError("no player decides now")
    ranking = game.ranked(t, d)
    screened = A.estimated(d, ranking, game.screened if screened is None else screened)
    # a legal step the engine refuses is neither estimated nor listed as not estimated
    options = tuple(o for o in screened if _pushes(engine, t, o))
    start = time.monotonic()
    exact = (A.enumerations(engine, t, options, game.choose, game.outcome, d.actor)
             if game.exact_from is not None and game.unseen is None and game.exact_from(t)
             else {})
    sampled = tuple(o for o in options if o not in exact)
    job = (engine, t, game.choose, game.outcome, d.actor, seed, game.unseen,
           None if game.horizon is None else game.horizon(t))
    left_s = max(0.0, min(seconds, MOST_SECONDS) - (time.monotonic() - start))
    rounds = _rounds(job, sampled, left_s, rollouts,
                     jobs or os.cpu_count() or 1,
                     progress or (lambda share: None)) if sampled else {}
    whole = _whole_rounds(rounds) if sampled else 0
    results = {o: [rounds[o][i] for i in range(whole)] for o in sampled}
    due = A.drawn(d)
    left = tuple(o for o in d.legal if o not in screened and due is None)
    return Hint(d.actor, d.kind, A.estimates(d, results, exact), ranking[0], left,
                whole, time.monotonic() - start, seed, None if due is None else due[0],
                _versus(results, exact, ranking[0]), unit=game.unit)


def _versus(results: dict[str, list], exact: dict[str, Any],
            default: str) -> dict[str, tuple[float, float]]:
    """Each option against the default player's choice: rollout by rollout
    (:func:`~hyvekit.rules.advisor.paired`), or exactly when both are enumerated."""
    from hyvekit.rules import advisor as A
    if default in exact:
        return {o: (e.score - exact[default].score, 0.0) for o, e in exact.items()}
    base = results.get(default)
    return {o: A.paired(r, base) for o, r in results.items() if base and r}


def _rounds(job: tuple, options: tuple[str, ...], seconds: float, rollouts: int | None,
            jobs: int, progress: Callable[[float], None],
            least: int = LEAST_ROUNDS) -> dict[str, dict[int, Any]]:
    """The rollouts played, option → rollout number → result: round after round until the
    budget is spent (at least ``least`` rounds), or ``rollouts`` rounds."""
    results: dict[str, dict[int, Any]] = {o: {} for o in options}
    deadline = time.monotonic() + seconds * SPENT

    def done() -> bool:
        whole = _whole_rounds(results)
        if rollouts is not None:
            progress(min(1.0, whole / rollouts))
            return whole >= rollouts
        progress(min(1.0, 1 - (deadline - time.monotonic()) / seconds) if seconds else 1.0)
        return whole >= least and time.monotonic() >= deadline
    if jobs <= 1:
        _start(job)
        i = 0
        while not done():
            for o in options:
                results[o][i] = _play(o, i)[2]
            i += 1
        return results
    pool = ProcessPoolExecutor(jobs, mp_context=get_context("fork"), initializer=_start,
                               initargs=(job,))
    try:
        queued: set[Future] = set()
        i = 0
        while not done():
            # keep every worker busy, never past the rounds asked for
            while len(queued) < 2 * jobs and (rollouts is None or i < rollouts):
                queued |= {pool.submit(_play, o, i) for o in options}
                i += 1
            finished, queued = wait(queued, timeout=max(0.01, deadline - time.monotonic()),
                                    return_when=FIRST_COMPLETED)
            for f in finished:
                option, index, result = f.result()
                results[option][index] = result
    finally:                   # the rollouts under way are not waited for: they do not count
        pool.shutdown(wait=False, cancel_futures=True)
    return results


@dataclass(frozen=True)
class Position:
    """A player's decision in a game's record, as it was due.

    :ivar seq: the record's event that answered it; ``table``: the game as it was due.
    :ivar actor, kind: who decided, and the decision's kind; ``chosen``: the step taken.
    :ivar when, at: where the game was (``AdvisorGame.when``, ``AdvisorGame.at``).
    """

    seq: int
    table: Any
    actor: str
    kind: str
    chosen: str
    when: str = ""
    at: dict = field(default_factory=dict, compare=False)


def positions(game: Any, start: Any, events: Any, play: Callable[[Any, str, dict], Any],
              player: str | None = None, part: dict | None = None) -> list[Position]:
    """The choices (``game.is_choice``) answered by the ``step`` events of ``events`` (the
    record's active events, in order, played on ``start`` by ``play(state, type, data)``),
    those of ``player`` only when given, those of ``part`` (items of their ``at``; default:
    ``game.part`` of the record's last state) only when given."""
    out, state = [], start
    for event in events:
        data = event.get("data", {})
        if event["type"] == "step":
            t = state if game.table is None else game.table(state)
            d = game.engine.pending(t)
            if game.is_choice(d) and (player is None or d.actor == player):
                # a copy: playing the next event may change this state in place
                out.append(Position(event["seq"], pickle.loads(pickle.dumps(t)), d.actor,
                                    d.kind, str(data["do"]), game.when(state),
                                    game.at(state)))
        if event["type"] != "note":
            state = play(state, event["type"], data)
    if part is None and game.part is not None:
        part = game.part(state)
    return [p for p in out if all(p.at.get(k) == v for k, v in (part or {}).items())]


def _pushes(engine: Any, t: Any, option: str) -> bool:
    """Whether the engine takes ``option`` at ``t`` (a legal option it refuses is not
    weighed: a raid's sacrifice listed after the raid is settled)."""
    import random

    from hyvekit.rules.common import IllegalActionError, InvalidInputError
    from hyvekit.rules.table import play_steps
    try:
        play_steps(engine, t, [option], random.Random(0), auto=True)
    except (IllegalActionError, InvalidInputError):
        return False
    return True


@dataclass(frozen=True)
class Review:
    """The review of a game: each :class:`~hyvekit.rules.advisor.Mistake` with the
    :class:`Position` it was made at, the greatest loss first; ``weighed``: the decisions
    reviewed; ``rounds``: the fewest rollouts an option had; ``seconds``: wall time;
    ``unit``: the score's ("VP")."""

    mistakes: tuple[tuple[Position, Any], ...]
    weighed: int
    rounds: int
    seconds: float
    seed: int
    unit: str = "VP"


def review(game: Any, found: list[Position], seed: int, seconds: float = 1.0,
           rollouts: int | None = None, jobs: int | None = None,
           progress: Callable[[float], None] | None = None) -> Review:
    """Each decision of ``found`` weighed: its choice and the default player's first
    :data:`REVIEWED` options played out for ``seconds`` each (or ``rollouts`` rounds;
    :data:`REVIEW_ROUNDS` at least) over ``jobs`` processes, and judged
    (:func:`~hyvekit.rules.advisor.judged`).  ``progress`` is told the share done, 0 to 1."""
    from hyvekit.rules import advisor as A
    tell = progress or (lambda share: None)
    start, out, least = time.monotonic(), [], None
    for n, p in enumerate(found):
        d = game.engine.pending(p.table)
        options = tuple(o for o in A.estimated(d, game.ranked(p.table, d), REVIEWED)
                        if o != p.chosen and _pushes(game.engine, p.table, o)) + (p.chosen,)
        job = (game.engine, p.table, game.choose, game.outcome, p.actor, seed,
               game.unseen, None)
        rounds = _rounds(job, options, min(seconds, MOST_SECONDS), rollouts,
                         jobs or os.cpu_count() or 1,
                         lambda share, n=n: tell((n + share) / len(found)), REVIEW_ROUNDS)
        whole = _whole_rounds(rounds)
        least = whole if least is None else min(least, whole)
        mistake = A.judged(p.chosen, {o: [rounds[o][i] for i in range(whole)]
                                      for o in options})
        if mistake is not None:
            out.append((p, mistake))
    tell(1.0)
    out.sort(key=lambda m: (-m[1].loss, m[0].seq))
    return Review(tuple(out), len(found), least or 0, time.monotonic() - start, seed,
                  game.unit)


__all__ = ["ADVISED", "AdvisorGame", "advised_games", "advisor_game_of", "Hint", "LEAST_ROUNDS", "REVIEWED", "REVIEW_ROUNDS", "Position", "Review", "advise", "positions", "review"]
