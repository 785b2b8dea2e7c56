"""``hyvekit hyve hint`` and ``hyve review``: the advisor's estimate of each option of the
decision due at a HYVE scenario's table — its chance to win the scenario and the honey
expected (docs/advisor.md, "HYVE"), and after (or during) a scenario the choices that earned
less than a better option: a scenario outside a run, or a legacy run's scenario.  Neither
plays a step.
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
from hyvekit.rules.common import InvalidInputError


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
    rolled now (a few dice): each outcome's estimate. It plays no step. The decision is
    marked in the record (the scenario's, or the run's) as one a hint was shown for (stats
    and exports say the scenario was an assisted play).

    Example: hyvekit hyve hint --scenario first-try --seconds 5
    """
    from hyvekit.games.hyve import advisor_game
    at = open_table(campaigns_dir(ctx), run, scenario, sheets)
    hint = advise_now(advisor_game(), at.table, seconds, seed, rollouts)
    from hyvekit.games import campaign_store          # marked: refused if a step was stored
    from hyvekit.games.advisor_text import mark_hint  # meanwhile
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
def review_command(ctx: typer.Context,
                   run: str | None = RunArgument,
                   scenario: str | None = ScenarioOption,
                   number: int | None = typer.Option(
                       None, "--number", metavar="N", min=1, max=5,
                       help="A legacy run: the scenario (1-5) played at the table (default: "
                            "the current one, else the last)."),
                   seconds: float = ReviewSecondsOption, seed: int | None = SeedOption,
                   rollouts: int | None = RolloutsOption, as_json: bool = JsonOption) -> None:
    """Each assignment, seasonal effect and Queen's Reward of the scenario so far whose
    choice earned less honey than a better option by more than the 95 % intervals allow
    (and by half a honey at least): the better option, the honey lost and the chance to win
    after each, the greatest loss first. A legacy run's scenario played at the table: the
    current one, else the last (--number N: another). Each decision is weighed for --seconds
    (default 1) by the advisor's rollouts; it plays no step.

    Example: hyvekit hyve review --scenario first-try --seconds 2
    """
    from hyvekit.games import campaign_store
    if (run is None) == (scenario is None):
        raise InvalidInputError("RUN", run or "missing",
                                "a legacy run's id, or --scenario ID (not both)")
    known = campaign_store(campaigns_dir(ctx)).state(scenario or run)
    header, part = known[0].header, None
    if (header["game"], header["kind"]) == ("hyve", "legacy") and scenario is None:
        from hyvekit.games.hyve import run_part, scenario_table
        scenario_table(known[1], number)              # one played at the table, or refused
        part = {"scenario": number} if number is not None else run_part(known[1])
        where = f"{header['id']} --number {part['scenario']}"
    else:
        at = open_table(campaigns_dir(ctx), run, scenario)    # a HYVE scenario, or refused
        if number is not None:
            raise InvalidInputError("--number", number, "a legacy run's scenario number (this "
                                    f"is a HYVE scenario outside a run: {at.cid})")
        where = f"--scenario {at.cid}"
    done = review_game(ctx, known, None, seconds, seed, rollouts, bar=not as_json, part=part)
    _answer(review_data(done) if as_json else review_lines(done),
            f"review {where} --seed {done.seed} --rollouts {done.rounds}")
