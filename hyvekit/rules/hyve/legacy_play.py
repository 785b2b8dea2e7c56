"""A legacy scenario logged turn by turn: the bridge between a legacy run and the turn engine.

Implements ``rules/hyve.txt``, Legacy Mode: "Starting a Legacy" (the run's colours go into
the Setup Area of every scenario; the Run Configuration names the scenario's mode), "Bread
Upgrades" ("During setup of your next scenarios, you must fill in your Bread Levels to match
the Bread Upgrades of your Legacy Sheet"), "Perks" (persistent effects), "Core Resources" and
the "Courier Action" (claimed during Assign Workers), "Gaining Honey" (HP positions past the
Starting Space, population, completed hyves, courier bonus) and "Easy Mode".  Readings of
unclear passages are rulings R16–R25 (``docs/rulings.md``).

Shape: a :class:`~hyvekit.rules.hyve.legacy.LegacyState` in phase ``"playing"`` →
:func:`run_setup` (the :class:`~hyvekit.rules.hyve.scenario.ScenarioState` after Setup) →
:func:`play_record` (replays a turn record from that set-up: :class:`LegacyPlay`, with the
derived :class:`~hyvekit.rules.hyve.legacy.Courier` events and
:class:`~hyvekit.rules.hyve.legacy.Result`) → :func:`legacy_actions` (the events to log) and
:func:`apply_play` (the run after them, every event checked by the ledger's own rules).

Pure: no files are written; the sheet definitions come from hyvekit's packaged table unless
given (or named by the record's ``[scenario] sheets``).

Units: HP-track positions past the Starting Space, population (bees), completed hyves (0–6),
bee types / die values (1–5, 6 = the wild Bee), honey, turns (1-based).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve.record import (Record, TurnReport, parse_perks, parse_record,
                                       parse_resources, record_tables, replay)
from hyvekit.rules.hyve.scenario import ScenarioState, new_scenario
from hyvekit.rules.hyve.sheets import MODE_LABELS, SheetDefinition
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.common import counted
from hyvekit.rules.values import dataclass


def run_mode(state: L.LegacyState) -> str:
    """The game mode id of the scenario being played (Run Configuration).

    :raises IllegalActionError: no scenario is being played (``Hyve Legacy: Starting a
        Legacy``).
    :raises InvalidInputError: the run configuration names a scenario that is no known mode.
    """
    if state.phase != "playing" or not state.scenario:
        hint = {"shopping": "start the next scenario first (hyvekit hyve legacy start RUN)",
                "failed": "the legacy ended with a normal-mode loss; switch to easy mode",
                "complete": "the legacy is complete"}.get(state.phase)
        raise IllegalActionError(L.R_START, f"no scenario is being played (the run is "
                                 f"{state.phase})", hint=hint)
    mode = L.scenario_mode(state, state.scenario)
    if mode is None:
        raise InvalidInputError(f"run configuration scenario {state.scenario}",
                                state.sheet.run[state.scenario - 1],
                                "a game mode: " + ", ".join(MODE_LABELS.values()))
    return mode


def run_sheet(state: L.LegacyState, definitions: Mapping[str, SheetDefinition],
              name: str | None = None) -> SheetDefinition:
    """The scenario sheet definition of the scenario being played: the sheet of its mode in
    the run configuration among ``definitions`` (by id: the packaged ones or the player's), or
    the sheet ``name`` (an id or a mode), which must be of that mode.

    :raises IllegalActionError: no scenario is being played; ``name`` is a sheet of another
        mode (``[scenario] sheet``).
    :raises InvalidInputError: no sheet of that mode or name.
    """
    mode = run_mode(state)
    sheets = definitions
    key = (name or mode).strip().lower()
    sheet = sheets.get(key) or next((d for d in sheets.values() if d.mode == key), None)
    if sheet is None:
        raise not_one_of("[scenario] sheet" if name else "scenario sheet", name or mode, sheets)
    if sheet.mode != mode:
        raise IllegalActionError(
            L.R_START, f"[scenario] sheet: scenario {state.scenario} of the run configuration "
            f"is {state.sheet.run[state.scenario - 1]} ({mode}); the record's sheet {sheet.id} "
            f"is a {sheet.mode} sheet", expected=mode, given=sheet.mode)
    return sheet


def run_setup(state: L.LegacyState, sheet: SheetDefinition) -> ScenarioState:
    """The scenario sheet after Setup in a legacy run: the run's colours, bread levels from its
    bread upgrades (crossed-out types at level 1), its perks, its core resources (used ones
    stay crossed out) and the empty squares of its courier honey track.

    :param sheet: the scenario's sheet definition (:func:`run_sheet`).
    :raises IllegalActionError: no scenario is being played.
    :raises InvalidInputError: a sheet, perk or resource the turn engine cannot set up.
    """
    return new_scenario(sheet, state.colours, perks=state.perks, bread=list(state.bread_levels),
                        resources=state.resources, legacy=True,
                        honey_track_empty=state.honey_track.count("empty"))


def _disagree(rule: str, where: str, run_value: Any, record_value: Any, why: str = ""
              ) -> IllegalActionError:
    def words(v: Any) -> str:
        return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
    return IllegalActionError(rule, f"{where}: the record's set-up disagrees with the run"
                              + (f" ({why})" if why else "")
                              + f": the run has {words(run_value)}, the record "
                              f"{words(record_value)}",
                              expected=run_value, given=record_value,
                              hint=f"leave {where} out of the record: the run gives it")


def check_record_setup(state: L.LegacyState, raw: dict[str, Any], start: ScenarioState) -> None:
    """Refuse a record whose own ``[scenario]`` / ``[legacy]`` set-up differs from the run's
    (``start``, see :func:`run_setup`); keys the record leaves out are not compared.

    :raises IllegalActionError: naming the field — ``[scenario] colours`` (Starting a Legacy:
        the colours "CANNOT be changed"), ``[legacy] perks`` (a perk the run does not own, or
        one it owns left out), ``[legacy] bread`` (Bread Upgrades), ``[legacy] resources``
        (Core Resources: the unused ones), ``[legacy] honey_track_empty`` (Courier Action).
    :raises InvalidInputError: a malformed value.
    """
    _, sc, lg = record_tables(raw)
    if "colours" in sc:
        given = sc["colours"]
        names = [str(c).strip().lower() for c in given] if isinstance(given, list) else given
        if names != list(state.colours):
            raise _disagree(L.R_START, "[scenario] colours", list(state.colours), given,
                            "a legacy's colours cannot be changed until it is complete")
    if "perks" in lg:
        perks = parse_perks("[legacy] perks", lg["perks"])
        extra = [p for p in perks if p not in state.perks]
        if extra:
            raise _disagree(L.R_PERKS, "[legacy] perks", list(state.perks), list(perks),
                            f"the run does not own {', '.join(L.perk_label(p) for p in extra)}")
        missing = [p for p in state.perks if p not in perks]
        if missing:
            raise _disagree(L.R_PERKS, "[legacy] perks", list(state.perks), list(perks),
                            f"the run owns {', '.join(L.perk_label(p) for p in missing)} too: "
                            "a perk lasts the entirety of the legacy")
    if "bread" in lg:
        bread = lg["bread"]
        if not isinstance(bread, list) or bread != list(state.bread_levels):
            raise _disagree(L.R_BREAD, "[legacy] bread", list(state.bread_levels), bread,
                            "the starting bread levels match the run's bread upgrades")
    if "resources" in lg:
        mine = Counter((r.kind, r.colour) for r in parse_resources("[legacy] resources",
                                                                   lg["resources"])
                       if not r.used)
        run = Counter((r.kind, r.colour) for r in state.unused_resources())
        if mine != run:
            show = lambda c: sorted(f"{n} {k} {col}" for (k, col), n in c.items())  # noqa: E731
            raise _disagree(L.R_CORE, "[legacy] resources", show(run) or "none",
                            show(mine) or "none", "the unused core resources of the run")
    if "honey_track_empty" in lg:
        empty = start.honey_track_empty
        if lg["honey_track_empty"] != empty:
            raise _disagree(L.R_COURIER, "[legacy] honey_track_empty", empty,
                            lg["honey_track_empty"], "empty squares of the run's honey track")


@dataclass(frozen=True)
class LegacyPlay:
    """A scenario of a legacy run replayed from its turn record.

    :ivar scenario: the scenario's number in the run (1–5); :ivar mode: its game mode id.
    :ivar start: the sheet after Setup; :ivar final: the sheet after the last turn.
    :ivar reports: one report per turn (:class:`~hyvekit.rules.hyve.record.TurnReport`).
    :ivar couriers: the Courier events the turns used, with their turn numbers, in order.
    :ivar result: how the scenario ended (cross-out not chosen yet), or None while the record
        leaves it being played.
    :ivar honey: what the result earns (Gaining Honey), or None for a normal-mode loss or an
        unfinished scenario.
    """

    scenario: int
    mode: str
    start: ScenarioState
    final: ScenarioState
    reports: tuple[TurnReport, ...]
    couriers: tuple[L.Courier, ...]
    result: L.Result | None
    honey: L.HoneyBreakdown | None

    @property
    def finished(self) -> bool:
        """Whether the scenario ended (it has a result to log)."""
        return self.result is not None


def _couriers(start: ScenarioState, reports: tuple[TurnReport, ...]) -> tuple[L.Courier, ...]:
    """The courier bee of each turn, read from what the turn did to the sheet: a honey-track
    square filled (a wild Bee) or resources of one colour crossed out (that colour's bee)."""
    out = []
    before = start
    for r in reports:
        after = r.state
        if after.honey_squares > before.honey_squares:
            out.append(L.Courier(L.WILD, r.turn))
        else:
            claimed = {a.colour for a, b in zip(after.resources, before.resources)
                       if a.used and not b.used}
            for colour in sorted(claimed):
                out.append(L.Courier(after.colours.index(colour) + 1, r.turn))
        before = after
    return tuple(out)


def play_record(state: L.LegacyState, raw: dict[str, Any],
                definitions: Mapping[str, SheetDefinition]) -> LegacyPlay:
    """Replay a turn record (already read from TOML) as the current scenario of the run.

    The record may leave out ``[scenario]`` and ``[legacy]``: the run gives the set-up
    (:func:`run_setup`).  What it does give must agree (:func:`check_record_setup`).

    :param definitions: the scenario sheet definitions by id the mode's sheet is taken from
        (hyvekit's own, or those of the record's ``[scenario] sheets`` file: the data layer
        reads it, ``data/hyve.py``: record_definitions).
    :raises IllegalActionError: no scenario is being played; a set-up that disagrees with the
        run (the field named); the first illegal choice of a turn (its rule, ``turn N:``, as
        :func:`hyvekit.rules.hyve.record.replay`).
    :raises InvalidInputError: a malformed record.
    """
    _, sc, _ = record_tables(raw)
    name = str(sc["sheet"]) if "sheet" in sc else None
    sheet = run_sheet(state, definitions, name)
    start = run_setup(state, sheet)
    check_record_setup(state, raw, start)
    return played(state, sheet, parse_record(raw, start=start))


def played(state: L.LegacyState, sheet: SheetDefinition, record: Record) -> LegacyPlay:
    """The run's current scenario replayed from ``record`` (its start: :func:`run_setup`):
    the courier bees its turns used and, when it ended, its result and honey (Gaining Honey).

    :raises IllegalActionError: the first illegal choice of a turn (as
        :func:`hyvekit.rules.hyve.record.replay`).
    """
    start = record.start
    final, reports = replay(record)
    couriers = _couriers(start, reports)
    result = honey = None
    if final.status != "playing":
        limits = L.scenario_limits(state, {sheet.id: sheet})
        s = state
        for c in couriers:
            s = L.apply(s, c)
        won = final.status == "won"
        result = L.Result(won=won, hp_past_start=final.position - sheet.hp_track.start,
                          population=final.population, hyves=final.hyves_completed,
                          courier_bonus=s.pending_courier_bonus, limits=limits)
        if won or state.easy:
            honey = L.honey_earned(result.hp_past_start, result.population, result.hyves,
                                   result.courier_bonus)
    return LegacyPlay(scenario=state.scenario, mode=sheet.mode, start=start, final=final,
                      reports=reports, couriers=couriers, result=result, honey=honey)


def _finished(play: LegacyPlay) -> L.Result:
    if play.result is None:
        turns = len(play.reports)
        raise IllegalActionError(
            L.R_WIN, f"the record's {counted(turns, 'turn')} leave scenario {play.scenario} "
                     f"being played "
            f"(turn {play.final.turn}); a result is logged when a win or loss condition is met",
            expected="a scenario that ended", given=f"{counted(turns, 'turn')}, still playing",
            hint="record the remaining turns; hyvekit hyve check FILE --run RUN shows the sheet")
    return play.result


def legacy_actions(play: LegacyPlay, cross_out: int | None = None) -> tuple[L.Action, ...]:
    """The legacy events a played scenario logs: its Courier events, then its Result.

    :param cross_out: easy mode, a lost scenario: the bread type 1–5 crossed out.
    :raises IllegalActionError: the scenario has not ended.
    """
    result = replace(_finished(play), cross_out=cross_out)
    return (*play.couriers, result)


def apply_play(state: L.LegacyState, play: LegacyPlay, cross_out: int | None = None
               ) -> L.LegacyState:
    """The run after logging ``play``: each event checked and applied by the ledger
    (:func:`hyvekit.rules.hyve.legacy.play`), as the record store will.

    :raises IllegalActionError: the scenario has not ended; a Legacy Mode rule refuses an
        event (a lost easy-mode scenario without ``cross_out``, a result that does not fit on
        the sheet...).
    """
    for action in legacy_actions(play, cross_out):
        state = L.play(state, action)
    return state


def preview(state: L.LegacyState, play: LegacyPlay) -> L.LegacyState:
    """Check ``play`` against the run without choosing an easy-mode cross-out: the couriers
    and the result are checked as :func:`apply_play` would, except that a lost easy-mode
    scenario is not asked for its bread type (the honey does not depend on it).

    :raises IllegalActionError: as :func:`apply_play`, bar the missing cross-out.
    """
    result = _finished(play)
    if state.easy and not result.won:
        for c in play.couriers:
            state = L.play(state, c)
        L.check(replace(state, easy=False), result)   # every check but the cross-out
        return state
    return apply_play(state, play)



def needs_cross_out(state: L.LegacyState, play: LegacyPlay, cross_out: int | None) -> bool:
    """Whether logging ``play`` still needs the bread type to cross out: a finished scenario
    lost in easy mode and no ``cross_out`` chosen (Legacy Mode, Easy Mode: "cross out one
    bread type" after a loss).  Such a play can be checked with :func:`preview` only."""
    return (cross_out is None and state.easy and play.result is not None
            and not play.result.won)


def check_no_logged_couriers(state: L.LegacyState, events: Sequence[Mapping[str, Any]],
                             run_id: str) -> None:
    """A scenario logged from its turn record brings its own courier bees: refuse it when
    courier bees were already logged by hand for the scenario being played (Courier Action:
    "They cannot be acquired again"; ruling R21).

    :param events: the run's active events in order (each a mapping with ``type`` and
        ``seq``, as the campaign record keeps them).
    :param run_id: the run's id, for the hint naming the undo that removes them.
    :raises IllegalActionError: courier events since the last ``start`` while a scenario is
        being played.
    """
    events = list(events)
    starts = [i for i, e in enumerate(events) if e["type"] == "start"]
    since = events[starts[-1] + 1:] if starts else []
    logged = [e for e in since if e["type"] == "courier"]
    if state.phase == "playing" and logged:
        raise IllegalActionError(
            L.R_COURIER, f"courier bees were already logged by hand for scenario "
            f"{state.scenario} ({'event' if len(logged) == 1 else 'events'} "
            f"{', '.join(str(e['seq']) for e in logged)}); the "
            "turn record brings its own courier bees", expected="no courier logged yet",
            given=len(logged),
            hint=f"undo them first: hyvekit campaign undo {run_id} "
                 f"--to {logged[0]['seq'] - 1}")


def play_dict(play: LegacyPlay) -> dict[str, Any]:
    """The JSON of ``hyve legacy play`` / ``hyve check --run``: the derived legacy events."""
    result = play.result
    return {
        "scenario": play.scenario, "mode": play.mode, "finished": play.finished,
        "couriers": [{"turn": c.turn, "bee": c.bee} for c in play.couriers],
        "result": None if result is None else {
            "won": result.won, "hp_past_start": result.hp_past_start,
            "population": result.population, "hyves": result.hyves,
            "courier_bonus": result.courier_bonus,
            "limits": None if result.limits is None else result.limits.to_dict()},
        "honey": None if play.honey is None else {
            "hp": play.honey.hp, "population": play.honey.population,
            "hyves": play.honey.hyves, "courier": play.honey.courier,
            "total": play.honey.total},
    }
