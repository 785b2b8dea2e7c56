"""Whole random Bee Lives games through the month sequencer, and the invariants every state of
a legal game keeps (rules/bee-lives.txt, "How to Play", "Player Area Setup", "Scoring Victory
Points", "Winter Upkeep", "End of the Game", "Multiple Years Variant", "Solo Play: Basic Mode").

:func:`simulate_game` plays a complete game on the same engine a month record is checked
with: setup with a random queen per player, every productive month drawn by
:func:`hyvekit.rules.beelives.randomplay.random_month` (each choice tried on the real
sequencer, so every month is legal by construction; ``replay=True`` also replays each
finished plan as a record), winter upkeep after the ninth month of every year (scoring bees
and honey between years in the multiple-years variant), then End of the Game scoring.  Randomness comes only from the
injected :class:`random.Random`: the same seed gives the same game.

:func:`check_invariants` lists what a state breaks (an empty list: nothing): comb contents
(honey + pollen + water cubes, plus brood in the nest, one per empty cell) within the comb
size, no negative count, at most 20 bees per colour, the varroa mite on its disease track,
wild hive strengths 1–14 while in play (0 removes a hive), at most 8 wild hives; and, given
the state before and the events between, that every VP change comes from one of the
rulebook's sources at the rulebook's value (:func:`vp_sources`).

:func:`run_sweep` plays many :class:`SweepCase` games and keeps small picklable
:class:`SweepResult` rows (exceptions reported, not raised), for test sweeps in worker
processes and for benchmarks.

Units: bees, honey / pollen / water cubes, comb cells, disease levels, VP, wild hive
strength, months.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.endgame import Scoring
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.values import dataclass, replace

#: Player names, in turn order: the rulebook's Example E ("Susan > Jeremy > Lauren > Bob").
PLAYER_NAMES = ("Susan", "Jeremy", "Lauren", "Bob")

#: Event kinds that may carry VP, and the keys they carry them in ("Scoring Victory Points":
#: swarming, raiding, defending, surviving winter; "Wild Hive Raids": removing a raiding wild
#: hive).  Any other event carrying VP is a violation.
VP_KEYS = ("vp", "defender_vp")


@dataclass(frozen=True)
class SimulatedGame:
    """A complete random game.

    :ivar players: player names in turn order; ``queens``: the queen each chose at setup.
    :ivar years: 1–3 (Multiple Years Variant); ``on_map``: played on the hex map;
        ``solo_hard``: the solo basic-mode hard rule was in effect.
    :ivar months: productive months played (9 per year).
    :ivar plans: each month's :class:`~hyvekit.rules.beelives.game.MonthPlan` (a record that
        replays to the same month), in order.
    :ivar summaries: each month's :class:`~hyvekit.rules.beelives.game.MonthSummary`.
    :ivar start: the state as set up (before the first month).
    :ivar winters: each winter's events (one list per year); ``winter_choices``: each
        winter's starvation choices (player → ``take`` / ``none``), so the game replays.
    :ivar final: the state after the last winter (stage ``over``).
    :ivar scoring: End of the Game (:func:`~hyvekit.rules.beelives.game.final_scoring`).
    :ivar violations: ``"where: what"`` for every invariant broken after a month, a winter or
        at the final scoring (empty when ``check=False`` was asked, or when none broke).
    """

    players: tuple[str, ...]
    queens: tuple[str, ...]
    years: int
    on_map: bool
    solo_hard: bool
    months: int
    plans: tuple[g.MonthPlan, ...]
    summaries: tuple[g.MonthSummary, ...]
    start: g.GameState
    winters: tuple[tuple[g.Event, ...], ...]
    winter_choices: tuple[Mapping[str, str], ...]
    final: g.GameState
    scoring: Scoring
    violations: tuple[str, ...] = ()

    @property
    def scores(self) -> dict[str, int]:
        """Player → final total (VP), in turn order."""
        totals = {line.player.name: line.total for line in self.scoring.lines}
        return {name: totals[name] for name in self.players}

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner (several on a shared tie, none when no hive has a surviving bee)."""
        return self.scoring.winners

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict: set-up, per-month summaries, winters, final state, scores."""
        return {"players": list(self.players), "queens": list(self.queens),
                "years": self.years, "on_map": self.on_map, "solo_hard": self.solo_hard,
                "months": self.months, "summaries": [s.to_dict() for s in self.summaries],
                "winters": [[dict(e) for e in w] for w in self.winters],
                "winter_choices": [dict(c) for c in self.winter_choices],
                "final": self.final.to_dict(), "scores": self.scores,
                "winners": list(self.winners), "tiebreak": self.scoring.tiebreak,
                "violations": list(self.violations)}


def new_random_game(players: int, years: int, rng: random.Random, *, on_map: bool = False,
                    solo_hard: bool = False, board: Board) -> g.GameState:
    """A game as set up: ``players`` hives named from :data:`PLAYER_NAMES`, each with a random
    queen (Player Area Setup: "Choose which one of the four queen types you want"), a random
    first player, ``years`` years; with ``on_map`` the starting map (one bloom tile per
    player, :func:`hyvekit.rules.beelives.map.starting_map`).

    :raises InvalidInputError: players not 1–4, years not 1–3, ``solo_hard`` with more than
        one player (it is a Solo Play rule).
    """
    require_int("players", players, 1, 4)
    require_int("years", years, 1, 3)
    if solo_hard and players != 1:
        raise InvalidInputError("solo_hard", f"{players} players",
                                "1 player (Solo Play: Basic Mode)")
    names = PLAYER_NAMES[:players]
    state = g.new_game([(n, rng.choice(board.queen_types)) for n in names], board,
                       first_player=rng.randrange(players),
                       options=g.Options(years=years, solo_hard=solo_hard))
    if on_map:
        from hyvekit.rules.beelives import map as bee_map
        state = replace(state, map=bee_map.starting_map(list(names)))
    return state


def simulate_game(players: int, years: int, rng: random.Random, *, on_map: bool = False,
                  solo_hard: bool = False, check: bool = True,
                  comps: g.Components, replay: bool = False) -> SimulatedGame:
    """Play a complete random legal game of ``players`` (1–4) for ``years`` (1–3).

    Set-up (:func:`new_random_game`), then for every year nine productive months from
    :func:`~hyvekit.rules.beelives.randomplay.random_month` and winter upkeep (each player
    taking starvation tokens or not at random); between years the Multiple Years Variant
    applies (bees and honey scored, skip feeding tokens, played cards discarded); after the
    last winter, End of the Game.  With ``check`` (default), :func:`check_invariants` runs
    after every month and winter (with the VP sources of its events) and the final totals are
    compared with the rulebook's formula; what breaks is listed in ``violations`` rather than
    raised, so a sweep can report every broken game.

    Each month is played once, choice by choice, as ``random_month`` builds its plan; with
    ``replay=True`` every finished plan is also replayed from the month's start with
    :func:`~hyvekit.rules.beelives.game.play_month` (as a record is checked).  The game is
    the same either way (the same seed gives the same plans, states and summaries); the
    replay only costs time.

    :param rng: the only source of randomness (queens, first player, cards, choices, dice).
    :param comps: board, season cards and solo cards the game is played with (the data
        layer gives the packaged ones).
    :raises InvalidInputError: players, years or ``solo_hard`` out of range (see
        :func:`new_random_game`).
    :raises IllegalActionError: only if the engine refuses every random choice (a bug).
    """
    board = comps.board
    state = new_random_game(players, years, rng, on_map=on_map, solo_hard=solo_hard,
                            board=board)
    names = tuple(p.name for p in state.players)
    queens = tuple(p.hive.queen for p in state.players)
    plans: list[g.MonthPlan] = []
    summaries: list[g.MonthSummary] = []
    winters: list[tuple[g.Event, ...]] = []
    winter_choices: list[dict[str, str]] = []
    start = state
    violations: list[str] = []
    if check:
        violations += _where("set-up", check_invariants(state, board))
    while state.stage != "over":
        before = state
        if state.stage == "winter":
            where = f"year {state.year} winter"
            choices = {n: rng.choice(("take", "none")) for n in names}
            state, events = g.play_winter(state, comps, choices)
            winters.append(tuple(events))
            winter_choices.append(choices)
        else:
            where = f"year {state.year} {g.month_name(state.month)}"
            plan, result = random_month(state, comps, rng, replay=replay)
            state, events = result.state, list(result.events)
            plans.append(plan)
            summaries.append(result.summary)
            if check:
                violations += _where(where, _summary_vp(before, state, result.summary))
        if check:
            violations += _where(where, check_invariants(state, board, before=before,
                                                         events=events))
    scoring = g.final_scoring(state, board)
    if check:
        violations += _where("End of the Game", check_scoring(state, scoring, board))
    return SimulatedGame(names, queens, years, on_map, solo_hard, len(plans), tuple(plans),
                         tuple(summaries), start, tuple(winters), tuple(winter_choices), state,
                         scoring, tuple(violations))


def _where(where: str, problems: Iterable[str]) -> list[str]:
    return [f"{where}: {p}" for p in problems]


def _summary_vp(before: g.GameState, after: g.GameState, summary: g.MonthSummary) -> list[str]:
    """The month summary's ``vp_gained`` agrees with the VP track."""
    out = []
    for p in after.players:
        delta = p.hive.vp - before.player(p.name).hive.vp
        said = summary.hives[p.name].vp_gained
        if delta != said:
            out.append(f"{p.name} VP changed by {delta}, the summary says {said}")
    return out


# --- invariants ---------------------------------------------------------------------------------

def check_invariants(state: g.GameState, board: Board, *, before: g.GameState | None = None,
                     events: Sequence[g.Event] = ()) -> list[str]:
    """Every invariant ``state`` breaks, as readable strings (empty: none).

    * Inside Your Hive: comb contents — honey + pollen + water cubes plus brood in the nest
      (Egg Phase: one per empty cell) — never exceed the comb size; the comb size stays in
      the comb section;
    * no negative count (cubes, bees on every space, brood, tokens, VP on the track);
    * Components / Inside Your Hive: at most 20 worker bees per colour (workers + brood);
    * the varroa mite stays on its disease track (and, between months, a hygienic queen's
      mite is not left on a half space — Cleanup Phase);
    * Wild Hives: strength 1–14 while in play (a hive at 0 is removed), at most five neutral
      worker tokens each, at most 8 wild hives (8 wild hive tokens); names all different; with
      a map, the wild hives on it are the ones in play;
    * with ``before`` and the ``events`` that led from it to ``state``: each player's VP change
      equals the VP of the rulebook's sources in the events, each at its rulebook value
      (:func:`vp_sources`).
    """
    out: list[str] = []
    between = state.stage in ("month", "winter", "over")
    for p in state.players:
        h, n = p.hive, p.name
        for what, v in (("honey", h.honey), ("pollen", h.pollen), ("water", h.water),
                        ("brood", h.brood), ("unassigned", h.unassigned),
                        ("starvation", h.starvation), ("vp", h.vp), ("comb", h.comb),
                        ("mite", h.mite)):
            if v < 0:
                out.append(f"{n}: negative {what} ({v})")
        for a in g.PLAYER_ACTIONS:
            if (v := getattr(h.assigned, a)) < 0:
                out.append(f"{n}: negative assigned {a} ({v})")
        if h.stored + h.brood > h.comb:
            out.append(f"{n}: comb holds {h.honey} honey + {h.pollen} pollen + {h.water} water "
                       f"+ {h.brood} brood in {h.comb} cells")
        if not board.comb_min <= h.comb <= board.comb_max:
            out.append(f"{n}: comb size {h.comb} outside {board.comb_min}-{board.comb_max}")
        if h.workers + h.brood > board.max_workers:
            out.append(f"{n}: {h.workers} workers + {h.brood} brood, more than "
                       f"{board.max_workers} bees")
        track = board.track(h.side) if h.side in ("A", "B") else None
        if track is None:
            out.append(f"{n}: disease track side {h.side!r}")
        elif not 0 <= h.mite <= track.last:
            out.append(f"{n}: mite at {h.mite}, off the {h.side} track (0-{track.last})")
        elif between and h.hygienic and track.is_half(h.mite):
            out.append(f"{n}: hygienic queen's mite left on half space {h.mite}")
        if h.queen not in board.queen_types:
            out.append(f"{n}: unknown queen {h.queen!r}")
    if len(state.wild) > g.WILD_HIVE_TOKENS:
        out.append(f"{len(state.wild)} wild hives in play, more than {g.WILD_HIVE_TOKENS}")
    for w in state.wild:
        if not 1 <= w.strength <= board.wild_strength_max:
            out.append(f"wild hive {w.name}: strength {w.strength} outside "
                       f"1-{board.wild_strength_max}")
        if not 0 <= w.workers <= board.wild_neutral_workers:
            out.append(f"wild hive {w.name}: {w.workers} neutral worker tokens")
    names = [p.name for p in state.players] + [w.name for w in state.wild]
    if len(set(names)) != len(names):
        out.append(f"hive names repeat: {names}")
    if state.map is not None:
        on_map = {h.name for h in state.map.hives if h.kind == "wild"}
        if on_map != {w.name for w in state.wild}:
            out.append(f"wild hives on the map {sorted(on_map)} but in play "
                       f"{sorted(w.name for w in state.wild)}")
    if before is not None:
        out += check_vp(before, state, events, board)
    return out


def vp_sources(events: Sequence[g.Event], board: Board,
               options: g.Options | None = None) -> tuple[dict[str, int], list[str]]:
    """Player → VP scored in ``events``, counting only the rulebook's sources, and the
    problems found (a source scoring a value the rulebook does not give, or VP in an event
    that is no source).

    Sources ("Scoring Victory Points", "Swarm Phase", "Raid", "Wild Hive Raids", "Multiple
    Years Variant"): a swarm that spawned a wild hive (5 / 3 / 1 by season, else 0); a player
    raid (attacker 2 if successful, defender 2 if not); a raid removing a wild hive (2, it is
    a successful raid); a wild hive removed while raiding a player (defender 2); a winter
    that is not the last (surviving bees + remaining honey, when ``score_each_winter``).
    """
    options = options or g.Options()
    swarm_vp = dict(board.swarm_vp)
    got: dict[str, int] = {}
    bad: list[str] = []

    def add(name: str, vp: int) -> None:
        got[name] = got.get(name, 0) + vp

    for ev in events:
        k, a = ev.get("kind"), ev.get("action")
        if k == "swarm":
            vp, season = ev.get("vp", 0), ev.get("season")
            if ev.get("wild") is None:
                want: Any = 0
            elif season in swarm_vp:
                want = swarm_vp[season]
            else:
                want = tuple(swarm_vp.values())
            if vp != want and not (isinstance(want, tuple) and vp in want):
                bad.append(f"{ev['hive']} scored {vp} VP for a swarm "
                           + (f"in {season} " if season else "")
                           + ("that spawned no wild hive" if ev.get("wild") is None
                              else f"that spawned {ev['wild']}") + f", not {want}")
            add(ev["hive"], vp)
        elif k == "action" and a == "raid":
            vp = ev.get("vp", 0)
            want = board.raid_vp if ev.get("success") else 0
            if vp != want:
                bad.append(f"{ev['hive']} scored {vp} VP for a raid on {ev['target']} "
                           f"({'successful' if ev.get('success') else 'unsuccessful'}), "
                           f"not {want}")
            add(ev["hive"], vp)
            dvp = ev.get("defender_vp", 0)
            if ev.get("target_kind") == "player":
                dwant = 0 if ev.get("success") else board.defend_vp
                if dvp != dwant:
                    bad.append(f"{ev['target']} scored {dvp} VP defending against "
                               f"{ev['hive']}, not {dwant}")
                add(ev["target"], dvp)
            elif dvp:
                bad.append(f"a wild hive scored {dvp} VP")
        elif k == "wild" and a == "raid":
            dvp = ev.get("defender_vp", 0)
            if ev.get("target_kind") == "player":
                dwant = board.wild_removed_vp if ev.get("removed") else 0
                if dvp != dwant:
                    bad.append(f"{ev['target']} scored {dvp} VP against {ev['wild']} "
                               f"({'removed' if ev.get('removed') else 'not removed'}), "
                               f"not {dwant}")
                add(ev["target"], dvp)
            elif dvp or ev.get("vp"):
                bad.append(f"VP in a raid of {ev['wild']} on another wild hive")
        elif k == "winter":
            vp = ev.get("vp", 0)
            last = ev.get("year", 1) >= options.years
            want = 0 if last or not options.score_each_winter else ev["bees"] + ev["honey"]
            if vp != want:
                bad.append(f"{ev['hive']} scored {vp} VP after the year {ev.get('year')} winter, "
                           f"not {want} ({ev['bees']} bees + {ev['honey']} honey"
                           f"{', last winter: scored at the End of the Game' if last else ''})")
            add(ev["hive"], vp)
        elif any(ev.get(key) for key in VP_KEYS):
            bad.append(f"VP in a {k} {a or ''} event, which is no VP source".replace("  ", " "))
    return got, bad


def check_vp(before: g.GameState, after: g.GameState, events: Sequence[g.Event],
             board: Board) -> list[str]:
    """Each player's VP change from ``before`` to ``after`` equals what the rulebook's sources
    in ``events`` gave (:func:`vp_sources`), and those are at their rulebook values."""
    # a swarm's VP depend on the season of its month (the "month" event before it)
    current = None
    tagged = []
    for ev in events:
        if ev.get("kind") == "month":
            current = ev.get("season")
        if ev.get("kind") == "swarm" and current is not None and "season" not in ev:
            ev = {**ev, "season": current}
        tagged.append(ev)
    got, bad = vp_sources(tagged, board, after.options)
    for p in after.players:
        delta = p.hive.vp - before.player(p.name).hive.vp
        if delta != got.get(p.name, 0):
            bad.append(f"{p.name} VP changed by {delta}, the rulebook's sources give "
                       f"{got.get(p.name, 0)}")
    return bad


def check_scoring(state: g.GameState, scoring: Scoring, board: Board) -> list[str]:
    """End of the Game: every total is VP + 1 per honey + 1 per surviving bee − 2 per
    starvation token; the winners have a surviving bee and were never out; no one is
    missing."""
    out = []
    seen = {line.player.name for line in scoring.lines}
    for p in state.players:
        if p.name not in seen:
            out.append(f"{p.name} has no final score")
            continue
        h = p.hive
        want = h.vp + h.honey + h.workers + board.starvation_vp * h.starvation
        got = scoring.line(p.name).total
        if got != want:
            out.append(f"{p.name} scored {got}, the rulebook gives {want} = {h.vp} VP + "
                       f"{h.honey} honey + {h.workers} bees - 2 × {h.starvation} tokens")
    for name in scoring.winners:
        p = state.player(name)
        if p.out or p.hive.workers < 1:
            out.append(f"winner {name} has no surviving bee (or was out after a winter)")
    return out


@dataclass(frozen=True)
class SweepCase:
    """One game of a sweep: ``random.Random(seed)``, ``players``, ``years``, on the map or
    not, the solo hard rule or not (1 player only), and whether every month's plan is also
    replayed as a record (``replay``, see :func:`simulate_game`; the same game, slower)."""

    seed: int
    players: int
    years: int
    on_map: bool = False
    solo_hard: bool = False
    replay: bool = False


@dataclass(frozen=True)
class SweepResult:
    """What a sweep keeps of one game: months played, final totals, winners, the violations,
    and ``error`` (``"ExceptionName: message"``) if the engine raised — small and picklable,
    so sweeps can run in worker processes."""

    case: SweepCase
    months: int = 0
    scores: tuple[tuple[str, int], ...] = ()
    winners: tuple[str, ...] = ()
    over: bool = False
    violations: tuple[str, ...] = ()
    error: str | None = None

    @property
    def ok(self) -> bool:
        """A complete game (9 months a year, final scoring) without error or violation."""
        return (self.error is None and not self.violations and self.over
                and self.months == 9 * self.case.years
                and len(self.scores) == self.case.players)


def run_sweep(cases: Iterable[SweepCase], *, comps: g.Components, check: bool = True
              ) -> list[SweepResult]:
    """Play every case with :func:`simulate_game` and ``comps``; an exception is caught and
    reported in the result (``error``) so one broken game does not hide the others."""
    out = []
    for c in cases:
        try:
            game = simulate_game(c.players, c.years, random.Random(c.seed), on_map=c.on_map,
                                 solo_hard=c.solo_hard, check=check, comps=comps,
                                 replay=c.replay)
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            out.append(SweepResult(c, error=f"{exc.__class__.__name__}: {exc}"))
            continue
        out.append(SweepResult(c, game.months, tuple(game.scores.items()), game.winners,
                               game.final.stage == "over", game.violations))
    return out


__all__ = ["PLAYER_NAMES", "SimulatedGame", "SweepCase", "SweepResult", "check_invariants",
           "check_scoring", "check_vp", "new_random_game", "run_sweep", "simulate_game",
           "vp_sources"]
