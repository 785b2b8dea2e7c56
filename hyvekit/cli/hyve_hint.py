"""``hyvekit hyve hint``: the advisor's estimate of each option of the decision due at a HYVE
scenario's table — its chance to win the scenario and the honey expected (docs/advisor.md,
"HYVE").  The hint never plays a step.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer

from hyvekit.cli.beelives_hint import RolloutsOption, SecondsOption, SeedOption, thinking
from hyvekit.cli.common import (JsonOption, TableSheetsOption, campaigns_dir, console,
                                print_json, wrapped)
from hyvekit.cli.hyve import app
from hyvekit.cli.hyve_table import RunArgument, ScenarioOption, open_table
from hyvekit.games.hyve_advisor import advised, hint_data, hint_lines


@app.command("hint")
def hint_command(ctx: typer.Context,
                 run: str | None = RunArgument,
                 scenario: str | None = ScenarioOption,
                 seconds: float = SecondsOption, seed: int | None = SeedOption,
                 rollouts: int | None = RolloutsOption, sheets: Path | None = TableSheetsOption,
                 as_json: bool = JsonOption) -> None:
    """The advisor's estimate of each option of the decision due: the options ranked by the
    chance to win the scenario, each with the honey expected (95 % intervals, the rollouts
    played) and, in numbers, what it changes against the default player's choice. Dice
    rolled now (a few dice): each outcome's estimate. It plays no step.

    Example: hyvekit hyve hint --scenario first-try --seconds 5
    """
    at = open_table(campaigns_dir(ctx), run, scenario, sheets)
    with thinking() as progress:
        hint = advised(at.table, seconds, seed, rollouts, jobs=os.cpu_count(),
                       progress=progress)
    if as_json:
        print_json(hint_data(hint))
        return
    out = console()
    for line in hint_lines(hint):
        out.print(line, highlight=False, soft_wrap=True)
    where = f"--scenario {at.cid}" if at.kind == "scenario" else at.cid
    out.print(wrapped(f"the same numbers again: hyvekit hyve hint {where} --seed "
                      f"{hint.seed} --rollouts {hint.rounds}"), highlight=False,
              soft_wrap=True)
