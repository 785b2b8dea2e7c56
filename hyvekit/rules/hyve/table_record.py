"""Scenarios played at the table, as records: a scenario outside a run, and the current
scenario of a legacy run.

A step is the event ``{"do": NOTATION}`` (resolved: a roll is stored as its faces).  A
scenario outside a run is a record of kind ``scenario`` whose settings keep its sheet
(:func:`scenario_settings`) and whose events are its steps.  In a legacy run the first step
of a scenario also keeps the sheet it is played on (``{"do": ..., "sheet": {...}}``); when the
scenario ends, the courier bees it used and its result go into the ledger exactly as
``hyve legacy play`` logs them from a turn record (:func:`hyvekit.rules.hyve.legacy_play.played`),
after a last step choosing the bread type to cross out when an easy-mode scenario is lost.

Implements ``rules/hyve.txt``, Legacy Mode ("Gaining Honey", "Courier Action", "Easy Mode")
through the ledger's own rules; the turn's rules are :mod:`hyvekit.rules.hyve.table`'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve.legacy_play import (apply_play, legacy_actions, played, run_mode,
                                            run_setup)
from hyvekit.rules.hyve.record import Claim, Record
from hyvekit.rules.hyve.scenario import new_scenario
from hyvekit.rules.hyve.sheets import BEE_TYPES, SheetDefinition
from hyvekit.rules.hyve.notation import is_roll
from hyvekit.rules.hyve.table import PLAYER, Table, new_table, pending, push
from hyvekit.rules.table import MAX_STEP, Decision

STEP = "step"
R_AT_TABLE = "Hyve Legacy: a scenario at the table"


# --- a scenario outside a run ------------------------------------------------------------------

def scenario_settings(sheet: Mapping[str, Any], colours: Sequence[str]) -> dict[str, Any]:
    """The settings of a scenario record: its sheet table (``[[sheet]]`` with the defaults
    filled in) and its colours (die values 1–5).

    :raises InvalidInputError: a sheet or colours the engine cannot set up.
    """
    settings = {"sheet": dict(sheet), "colours": [str(c).strip().lower() for c in colours]}
    table_from_settings(settings)
    return settings


def table_from_settings(settings: Mapping[str, Any]) -> Table:
    """The table of a scenario record before its first step.

    :raises InvalidInputError: settings the engine cannot set up.
    """
    sheet = SheetDefinition.from_dict(dict(settings["sheet"]))
    return new_table(new_scenario(sheet, tuple(settings["colours"])))


def _text(data: Mapping[str, Any], allowed=("do",)) -> str:
    if not isinstance(data, Mapping) or set(data) - set(allowed) or "do" not in data:
        raise InvalidInputError("step event", data, "{\"do\": NOTATION}")
    text = " ".join(str(data["do"]).split())
    if not text or len(text) > MAX_STEP:
        raise InvalidInputError("do", text[:40], f"a step of 1 to {MAX_STEP} characters")
    if is_roll(text):
        raise InvalidInputError("do", text, "a resolved step (the faces rolled): resolve it "
                                "with resolve")
    return text


def play_scenario_step(t: Table, data: Mapping[str, Any]) -> Table:
    """A scenario record's ``step`` event applied.

    :raises IllegalActionError, InvalidInputError: as :func:`hyvekit.rules.hyve.table.push`.
    """
    return push(t, _text(data))


# --- the current scenario of a legacy run ------------------------------------------------------

def legacy_table(state: L.LegacyState, sheet: SheetDefinition | None) -> Table:
    """The table of the run's current scenario: the one being played, or a new one on
    ``sheet`` (the sheet of its mode).

    :raises IllegalActionError: no scenario is being played; ``sheet`` is of another mode.
    """
    if state.table is not None:
        return state.table
    mode = run_mode(state)
    if sheet is None or sheet.mode != mode:
        raise IllegalActionError(L.R_START, f"scenario {state.scenario} of the run is "
                                 f"{mode}: its sheet is of that mode",
                                 expected=mode, given=None if sheet is None else sheet.mode)
    return new_table(run_setup(state, sheet))


def needs_cross_out(state: L.LegacyState, t: Table) -> bool:
    """An easy-mode scenario lost at the table, waiting for its bread type to cross out."""
    return t.over and t.now.status == "lost" and state.easy


def legacy_decision(state: L.LegacyState, t: Table) -> Decision:
    """What is due in the run's current scenario at the table (``t``: :func:`legacy_table`):
    the table's decision, or after an easy-mode loss the bread type to cross out."""
    if needs_cross_out(state, t):
        left = [b for b in BEE_TYPES if b not in state.crossed_bread]
        return Decision("cross-out", PLAYER, "Easy Mode: the scenario is lost; cross out one "
                        "bread type (its upgrades are gone for the rest of the legacy)",
                        tuple(f"cross-out {b}" for b in left))
    return pending(t)


def play_legacy_step(state: L.LegacyState, data: Mapping[str, Any]) -> L.LegacyState:
    """A legacy run's ``step`` event applied; the step that ends the scenario also logs its
    courier bees and result (:func:`finish`).

    :raises IllegalActionError: no scenario is being played; a step against the rules.
    :raises InvalidInputError: a malformed step; a first step without its sheet.
    """
    return _logged_step(state, data)[0]


def _logged_step(state: L.LegacyState, data: Mapping[str, Any]
                 ) -> tuple[L.LegacyState, tuple[L.Action, ...]]:
    text = _text(data, ("do", "sheet"))
    sheet = None
    if state.table is not None and "sheet" in data:
        raise InvalidInputError("step event sheet", "given", "only on a scenario's first step")
    if state.table is None:
        if "sheet" not in data:
            raise InvalidInputError("step event sheet", "missing",
                                    "the scenario sheet of the scenario's first step")
        sheet = SheetDefinition.from_dict(dict(data["sheet"]))
    return _step_logged(state, legacy_table(state, sheet), text)


def step(state: L.LegacyState, t: Table, text: str,
         rng: random.Random | None = None) -> L.LegacyState:
    """The run after the step ``text`` in its current scenario (``t``: :func:`legacy_table`),
    with the step as stored (``last_step``: ``roll`` resolved to the faces ``rng`` gives) and
    what the rules did with it in words (``said``: the table's, and the ledger's once the
    scenario's result is in it, :func:`legacy_account`); the step that ends the scenario logs
    its courier bees and result (:func:`finish`).

    :raises IllegalActionError: a step refused.
    :raises InvalidInputError: a malformed step.
    """
    return _step_logged(state, t, text, rng)[0]


def _step_logged(state: L.LegacyState, t: Table, text: str, rng: random.Random | None = None
                 ) -> tuple[L.LegacyState, tuple[L.Action, ...]]:
    """The run after one step (:func:`step`) and the ledger actions it logged."""
    if needs_cross_out(state, t):
        d = legacy_decision(state, t)
        text = " ".join(text.lower().split())
        if text not in d.legal:
            raise IllegalActionError(L.R_EASY, f"{d.prompt}: {text!r} is not one",
                                     expected=list(d.legal), given=text,
                                     hint="legal: " + ", ".join(d.legal))
        run, actions = _finished(state, t, int(text.split()[-1]))
        return _told(state, run, text, ()), actions
    t = push(t, text, rng)
    run = replace(state, table=t)
    actions: tuple[L.Action, ...] = ()
    if t.over and not needs_cross_out(run, t):
        run, actions = _finished(run, t, None)
    return _told(state, run, t.steps[-1], t.said), actions


def _told(before: L.LegacyState, after: L.LegacyState, stored: str, said
          ) -> L.LegacyState:
    """``after`` with the step as stored and what the rules did with it: ``said`` (the
    table's words), and the ledger's (:func:`legacy_account`) when a result went in."""
    said = tuple(said)
    if len(after.results) > len(before.results):
        said += tuple(legacy_account(after))
    return replace(after, last_step=stored, said=said)


def legacy_account(run: L.LegacyState) -> list[str]:
    """The run once a scenario's result is in the ledger, in words (Legacy Mode, "Gaining
    Honey"): the honey it earned and how, the honey to spend now, what comes next."""
    r = run.results[-1]
    out = [f"scenario {r.number} of {L.SCENARIOS} {'won' if r.won else 'lost'}: "
           + (f"honey earned {r.honey.describe()}" if r.honey is not None else
              "no honey earned")]
    if r.crossed_out is not None:
        out.append(f"easy mode: bread of bee {r.crossed_out} crossed out")
    nxt = {"failed": "the run is lost (hyvekit hyve legacy easy goes on in easy mode)",
           "complete": "the run is complete"}.get(
        run.phase, f"shop (hyvekit hyve legacy shop), then scenario {r.number + 1}")
    out.append(f"honey to spend: {run.honey}; next: {nxt}")
    return out


def finish(state: L.LegacyState, t: Table, cross_out: int | None) -> L.LegacyState:
    """The run after its scenario ended at the table: the courier bees and the result the
    turns give, each checked and applied by the ledger (as ``hyve legacy play`` logs them).

    :raises IllegalActionError: the ledger refuses them (a result that does not fit on the
        sheet...).
    """
    return _finished(state, t, cross_out)[0]


def _finished(state: L.LegacyState, t: Table, cross_out: int | None
              ) -> tuple[L.LegacyState, tuple[L.Action, ...]]:
    run = replace(state, table=None)
    record = Record(t.start, t.turns, (Claim(),) * len(t.turns))
    play = played(run, t.start.sheet, record)
    run = apply_play(run, play, cross_out)
    return (replace(run, played_tables=run.played_tables + ((state.scenario, t),)),
            legacy_actions(play, cross_out))


def play_legacy_event(state: L.LegacyState, kind: str, data: Mapping[str, Any]
                      ) -> L.LegacyState:
    """Any event of a legacy run: a step at the table, or a ledger event — refused while a
    scenario is being played at the table (its couriers and result are derived when it ends).
    """
    return logged_event(state, kind, data)[0]


def logged_event(state: L.LegacyState, kind: str, data: Mapping[str, Any]
                 ) -> tuple[L.LegacyState, tuple[L.Action, ...]]:
    """:func:`play_legacy_event`, with what the ledger logged: a ledger event's own action,
    the courier bees and result of the step that ends a scenario at the table, nothing for
    any other step.

    :raises IllegalActionError, InvalidInputError: as :func:`play_legacy_event`.
    """
    if kind == STEP:
        return _logged_step(state, data)
    if state.table is not None:
        raise IllegalActionError(R_AT_TABLE, f"scenario {state.scenario} is being played at "
                                 f"the table ({counted(len(state.table.steps), 'step')}); its "
                                 "courier bees and result are logged when it ends",
                                 expected="a step (hyvekit hyve do)", given=kind,
                                 hint="hyvekit campaign undo RUN takes back the steps")
    action = L.parse_event(kind, dict(data))
    return L.play(state, action), (action,)


def scenario_table(state: L.LegacyState, number: int | None = None) -> Table:
    """The table of scenario ``number`` of the run (default: the one at the table, else the
    last one played at the table).

    :raises InvalidInputError: no such scenario was played at the table.
    """
    if state.table is not None and number in (None, state.scenario):
        return state.table
    played_here = dict(state.played_tables)
    if number is None and played_here:
        return state.played_tables[-1][1]
    if number in played_here:
        return played_here[number]
    at_table = [n for n, _ in state.played_tables] + (
        [state.scenario] if state.table is not None else [])
    raise InvalidInputError("--number", number or "missing",
                            "a scenario played at the table: "
                            + (", ".join(map(str, at_table)) or "none yet"))
