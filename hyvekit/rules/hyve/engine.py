"""The HYVE engines of the table protocol (:mod:`hyvekit.rules.table`): a scenario outside a
run (its table is the scenario's :class:`~hyvekit.rules.hyve.table.Table`) and a Hyve Legacy
run (its table is the run, :class:`~hyvekit.rules.hyve.legacy_run.LegacyState`, whose current
scenario is at the table; the step that ends it logs its courier bees and result in the
ledger, :mod:`.table_record`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.hyve import legacy as L
from hyvekit.rules.hyve import table as T
from hyvekit.rules.hyve import table_record as TR
from hyvekit.rules.hyve.legacy_play import run_mode
from hyvekit.rules.hyve.scenario import ScenarioState
from hyvekit.rules.hyve.sheets import SheetDefinition
from hyvekit.rules.table import BaseEngine, Decision, over


class HyveScenarioEngine(BaseEngine):
    """A HYVE scenario at the table (rules/hyve.txt, Turn Structure): the decision due
    (:func:`~.table.pending`), one step pushed (:func:`~.table.push`)."""

    game, kind = "hyve", "scenario"

    def new(self, setup: ScenarioState) -> T.Table:
        """The scenario before its first step, from its sheet after Setup."""
        return T.new_table(setup)

    def pending(self, t: T.Table) -> Decision:
        """The decision due (:func:`~.table.pending`); ``over`` once the scenario ended."""
        return T.pending(t)

    def push(self, t: T.Table, step: str, rng: random.Random | None = None) -> T.Table:
        """The table after ``step`` (:func:`~.table.push`: the step as stored and what
        it did kept on it).

        :raises IllegalActionError, InvalidInputError: as :func:`~.table.push`.
        """
        return T.push(t, step, rng)

    def view(self, t: T.Table) -> dict[str, Any]:
        """The sheet now (:func:`~.table.view`)."""
        return T.view(t)

    #: a push settles the whole turn (a few ms): previews only for the smaller decisions
    PREVIEWED = 16

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """:func:`~.table.sheet_changes` of the two sheets."""
        return T.sheet_changes(before, after)


class HyveLegacyEngine(BaseEngine):
    """A Hyve Legacy run's current scenario at the table (rules/hyve.txt, Legacy Mode).

    :param sheet: the sheet definition of a scenario's mode (``sheet(mode_id)``), for the
        first step of a scenario not begun yet (its facade reads the booklet's sheets); None:
        such a step is refused.
    """

    game, kind = "hyve", "legacy"

    def __init__(self, sheet: Callable[[str], SheetDefinition] | None = None) -> None:
        self.sheet = sheet

    def new(self, setup: L.LegacyState) -> L.LegacyState:
        """The run as its ledger left it (a run is made by its ledger events)."""
        return setup

    def table(self, run: L.LegacyState) -> T.Table:
        """The current scenario's table: the one at the table, or the last one played there
        once it has ended, or a new one on the sheet of its mode.

        :raises IllegalActionError: no scenario is being played (the run is shopping...).
        """
        if run.table is not None:
            return run.table
        if run.phase != "playing" and run.played_tables:
            return run.played_tables[-1][1]
        mode = run_mode(run)
        return TR.legacy_table(run, self.sheet(mode) if self.sheet is not None else None)

    def pending(self, run: L.LegacyState) -> Decision:
        """The decision due; over once the scenario has ended and its result is in the
        ledger (``result``: the scenario's :class:`~.legacy_run.ScenarioResult`).

        :raises IllegalActionError: no scenario is being played.
        """
        if run.table is None and run.phase != "playing" and run.played_tables:
            number, t = run.played_tables[-1]
            return over(f"scenario {number} has ended ({t.now.status}: "
                        f"{', '.join(t.now.end)}) and its result is in the ledger",
                        run.results[-1] if run.results else None)
        return TR.legacy_decision(run, self.table(run))

    def push(self, run: L.LegacyState, step: str, rng: random.Random | None = None
             ) -> L.LegacyState:
        """The run after ``step`` in its current scenario (:func:`~.table_record.step`: the
        step as stored in ``last_step``, what it did in ``said``); the step that ends the
        scenario logs its courier bees and result in the ledger.

        :raises IllegalActionError: the scenario has ended; a step the rules refuse.
        :raises InvalidInputError: a malformed step.
        """
        d = self.pending(run)
        if d.over:
            raise IllegalActionError(TR.R_AT_TABLE, f"scenario {run.scenario} has ended and "
                                     "its result is logged: no more steps",
                                     expected="no more steps", given=step)
        return TR.step(run, self.table(run), step, rng)

    def last_step(self, run: L.LegacyState) -> str:
        """The step the push that made ``run`` kept, resolved."""
        return run.last_step

    def said(self, run: L.LegacyState) -> tuple[str, ...]:
        """What the rules (and the ledger) did with that step, in words."""
        return run.said

    def view(self, run: L.LegacyState) -> dict[str, Any]:
        """The current scenario's sheet (:func:`~.table.view`)."""
        return T.view(self.table(run))

    PREVIEWED = HyveScenarioEngine.PREVIEWED

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """:func:`~.table.sheet_changes` of the two sheets."""
        return T.sheet_changes(before, after)


SCENARIO = HyveScenarioEngine()

