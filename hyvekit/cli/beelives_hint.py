"""``hyvekit beelives hint`` (and ``next --hint``): the advisor's estimate of each option of
the decision due at the table, asked for by the player deciding (docs/advisor.md).  The hint
never plays a step; it is marked in the campaign record (a ``hint`` event), so a play with
help stays known as such.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, load_campaign
from hyvekit.cli.common import JsonOption, command_store, console, print_json, wrapped
from hyvekit.games.advisor_text import advised, hint_data, hint_lines, mark_hint

SecondsOption = typer.Option(3.0, "--seconds", metavar="S", min=0.1, max=600.0,
                             help="Time to think, in seconds (default 3; two rounds of "
                                  "rollouts are always played).")
SeedOption = typer.Option(None, "--seed", metavar="N", min=0,
                          help="Seed of the rollouts' dice and cards: the same seed and the "
                               "same rollouts give the same numbers (default: fresh, shown).")
RolloutsOption = typer.Option(None, "--rollouts", metavar="N", min=2, max=10_000,
                              help="Rollouts per option instead of a time budget: the same "
                                   "seed then gives the same numbers on any machine.")


def advise_now(state: Any, seconds: float, seed: int | None, rollouts: int | None,
               quiet: bool = False):
    """The advisor's :class:`~hyvekit.games.advisor.Hint` for the decision due
    (:func:`~hyvekit.games.advisor_text.advised`), with a progress bar on stderr over every
    core (``quiet``: in this process, no bar).

    :raises IllegalActionError: nobody decides now (the game is over; a wild hive's die).
    """
    if quiet:                  # a full screen of its own (play): no bar, no other process
        return advised(state, seconds, seed, rollouts, jobs=1)
    with thinking() as progress:
        return advised(state, seconds, seed, rollouts, jobs=os.cpu_count(), progress=progress)


@contextmanager
def thinking(label: str = "thinking") -> Iterator[Callable[[float], None]]:
    """A progress bar on stderr while the advisor thinks (gone when done): yields what to
    tell it the share done, 0 to 1."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    columns = (TextColumn(label), BarColumn(bar_width=40), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=1.0)
        yield lambda share: bar.update(task, completed=share)


def show_hint(ctx: typer.Context, campaign: str, known: tuple[Any, Any], seconds: float,
              seed: int | None, rollouts: int | None) -> tuple[dict, list[str]]:
    """Work out the hint for the decision due at ``known`` (``(record, state)``) and mark it
    in the record: its data (:func:`hint_data`) and its lines (:func:`hint_lines`).

    :raises RecordChangedError: a step stored by another command meanwhile.
    """
    hint = advise_now(known[1], seconds, seed, rollouts)
    mark_hint(command_store(ctx), campaign, hint, known)
    return hint_data(hint), hint_lines(hint)


@app.command("hint")
def hint_command(ctx: typer.Context, campaign: str = CampaignArg,
                 seconds: float = SecondsOption, seed: int | None = SeedOption,
                 rollouts: int | None = RolloutsOption, as_json: bool = JsonOption) -> None:
    """The advisor's estimate of each option of the decision due: the options ranked by the
    chance to win, each with its expected final score (95 % intervals, the rollouts played)
    and, in numbers, what it changes against the default player's choice. It plays no step.
    The decision is marked in the record as one a hint was shown for (stats and exports say
    a play with hints was assisted).

    Example: hyvekit beelives hint spring-league --seconds 5
    """
    record, state = load_campaign(ctx, campaign)
    data, lines = show_hint(ctx, campaign, (record, state), seconds, seed, rollouts)
    if as_json:
        print_json(data)
        return
    out = console()
    for line in lines:
        out.print(line, highlight=False, soft_wrap=True)
    out.print(wrapped(f"the same numbers again: hyvekit beelives hint {campaign} --seed "
                      f"{data['seed']} --rollouts {data['rollouts']}"), highlight=False,
              soft_wrap=True)
