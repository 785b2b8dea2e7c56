"""A Hyve scenario played at the table: what is pending, the legal steps, one step applied.

Implements the order of ``rules/hyve.txt``, "Turn Structure", one decision at a time: the
Refresh roll (1.; Controlled Rolls may roll fewer), each worker assignment (2.; Repurpose and
which bees it rerolls, then their new faces; a Bakery set; Tend Eggs and where its shape goes;
Tend Larva's row or column and where each larva goes; Queen's Attendants' jelly, its Queen's
Reward and Overwork Queen's larva; the Courier of a legacy run and its nectar), where each
nectar goes (3., the Placement Rules and the overflow into the next hyve), the perks' choices
(Excisor before a completed hyve is scored, Beseech, Sensilla when the HP die enters an
uncoloured space), the seasonal effect among those still open and the Mites cross-outs (6.).
Feed Bees (4.), Migration (5.), hyve scoring, HP movement, the demands of Long Live the Queen
and the end of the scenario are played by the engine (:mod:`hyvekit.rules.hyve.turn`): the
table only builds the typed actions and plays them, so a turn played here is the
:class:`~hyvekit.rules.hyve.actions.Turn` a turn record states.

Shape (python-chess's ``legal_moves`` / ``push``)::

    t = new_table(new_scenario(sheet, colours))
    d = pending(t)            # Decision: kind, prompt, legal (notations, :mod:`.notation`)
    t = push(t, "roll", rng)  # t.steps[-1]: the step as stored ("dice 1 3 W 4 2 5")

A step the rules refuse raises :class:`IllegalActionError` (the rule's name and the legal
steps); a malformed one :class:`InvalidInputError`.  The engine plays the turn so far with
:data:`~hyvekit.rules.hyve.need.HOLE` where a choice is still open and reports where it
stopped (:class:`~hyvekit.rules.hyve.need.Need`): that is the pending decision, and the legal
options are the candidates the engine accepts from there.

Wasp War's Marshal (its bees one by one) and Wasp Attack (the dice, each block, each larva
eaten), Bee Builder's Build (each bee's shape) and Turbo Mode's boosts (a 2-type Bee
alongside an action: ``repurpose 3 boost``, two shapes of ``eggs 3 boost``, ``larva 3 both``,
``queen 5 overwork + plumose``) are decisions too.

This module gathers the table's names (``from hyvekit.rules.hyve import table as T``); they
are built in five modules, one concept each:

* :mod:`.table_turn` — the table as a value (:class:`Table`, :class:`TurnSoFar`,
  :func:`new_table`) and the turn so far played by the engine (:func:`stopped_state`);
* :mod:`.table_decision` — the decision due (:func:`pending`) and its legal steps;
* :mod:`.table_push` — one step applied (:func:`push`, :func:`replay`, :func:`roll`);
* :mod:`.table_view` — what the table shows (:func:`view`, :func:`hyve_lines`,
  :func:`progress`);
* :mod:`.table_words` — the table in words (:func:`new_events`, :func:`sheet_changes`,
  :func:`scenario_account`).
"""

from __future__ import annotations

from hyvekit.rules.hyve.table_decision import pending
from hyvekit.rules.hyve.table_push import push, replay, roll
from hyvekit.rules.hyve.table_turn import (PLAYER, R_TABLE, Table, TurnSoFar, new_table,
                                           stopped_state)
from hyvekit.rules.hyve.table_view import hyve_lines, progress, view
from hyvekit.rules.hyve.table_words import new_events, scenario_account, sheet_changes

__all__ = [
    # table_turn
    "PLAYER", "R_TABLE", "Table", "TurnSoFar", "new_table", "stopped_state",
    # table_decision
    "pending",
    # table_push
    "push", "replay", "roll",
    # table_view
    "hyve_lines", "progress", "view",
    # table_words
    "new_events", "scenario_account", "sheet_changes",
]
