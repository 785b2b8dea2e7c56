"""``hyvekit hyve hint`` and ``hyve review``: the advisor's estimate of each option of the decision due at a HYVE
scenario's table — its chance to win the scenario and the honey expected (docs/advisor.md,
"HYVE"), and after (or during) a scenario outside a run the choices that earned less than a
better option.  Neither plays a step.
"""

from __future__ import annotations

from pathlib import Path

import typer

from hyvekit.cli.advisor import (ReviewSecondsOption, RolloutsOption, SecondsOption, SeedOption,
                                 advise_now, review_game)
from hyvekit.cli.common import JsonOption, TableSheetsOption, campaigns_dir, console, print_json
from hyvekit.cli.hyve import app
from hyvekit.cli.hyve_table import RunArgument, ScenarioOption, open_table
from hyvekit.games.hyve_advisor import hint_data, hint_lines, review_data, review_lines


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
    rolled now (a few dice): each outcome's estimate. It plays no step. For a scenario
    outside a run, the decision is marked in the record as one a hint was shown for (stats
    and exports say the play was assisted).

    Example: hyvekit hyve hint --scenario first-try --seconds 5
    """
    from hyvekit.games.hyve import advisor_game
    at = open_table(campaigns_dir(ctx), run, scenario, sheets)
    hint = advise_now(advisor_game(), at.table, seconds, seed, rollouts)
    if at.kind == "scenario":         # marked: refused if a step was stored meanwhile
        from hyvekit.games import campaign_store
        from hyvekit.games.advisor_text import mark_hint
        mark_hint(campaign_store(campaigns_dir(ctx)), at.cid, hint, (at.record, at.state))
    where = f"--scenario {at.cid}" if at.kind == "scenario" else at.cid
    _answer(hint_data(hint) if as_json else hint_lines(hint),
            f"hint {where} --seed {hint.seed} --rollouts {hint.rounds}")


def _answer(answer: dict | list[str], again: str) -> None:
    """The data (``--json``), or the lines and the command that gives the same numbers
    again (``hyvekit hyve AGAIN``)."""
    if isinstance(answer, dict):
        print_json(answer)
        return
    out = console()
    for line in answer:
        out.print(line, highlight=False, soft_wrap=True)
    out.print("the same numbers again:", highlight=False)
    out.print(f"  hyvekit hyve {again}", highlight=False, soft_wrap=True)


@app.command("review")
def review_command(ctx: typer.Context, scenario: str = typer.Option(
                       ..., "--scenario", metavar="ID",
                       help="A scenario played outside a run (made by 'hyvekit hyve new')."),
                   seconds: float = ReviewSecondsOption, seed: int | None = SeedOption,
                   rollouts: int | None = RolloutsOption, as_json: bool = JsonOption) -> None:
    """Each assignment, seasonal effect and Queen's Reward of the scenario so far whose
    choice earned less honey than a better option by more than the 95 % intervals allow
    (and by half a honey at least): the better option, the honey lost and the chance to win
    after each, the greatest loss first. Each decision is weighed for --seconds (default 1)
    by the advisor's rollouts; it plays no step.

    Example: hyvekit hyve review --scenario first-try --seconds 2
    """
    at = open_table(campaigns_dir(ctx), None, scenario)
    done = review_game(ctx, (at.record, at.state), None, seconds, seed, rollouts,
                       bar=not as_json)
    _answer(review_data(done) if as_json else review_lines(done),
            f"review --scenario {at.cid} --seed {done.seed} --rollouts {done.rounds}")
