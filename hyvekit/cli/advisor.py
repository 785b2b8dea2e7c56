"""The advisor's faces on the command line, the same for every game it knows
(:data:`~hyvekit.games.advisor.ADVISED`; docs/advisor.md): ``GAME hint`` and ``GAME next
--hint`` (each option of the decision due estimated, asked for by the player deciding; the hint
never plays a step and is marked in the record, a ``hint`` event, so a play with help stays
known as such) and ``GAME review`` (after or during a game, each choice a better option beat
beyond the intervals; it plays no step and marks nothing).

A game's command group adds them with :func:`add_advisor_commands`; its ``next --hint`` calls
:func:`show_hint`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from hyvekit.cli.common import JsonOption, command_store, console, print_json, wrapped
from hyvekit.games.advisor_text import (advised, hint_data, hint_lines, mark_hint, review_data,
                                        review_lines)
from hyvekit.rules.common import InvalidInputError

#: the default time to weigh one decision in a review (seconds): a 2-player Bee Lives year
#: has about 30 choices a player (docs/advisor.md, "Review": how long a review takes)
DECISION_SECONDS = 1.0

SecondsOption = typer.Option(3.0, "--seconds", metavar="S", min=0.1, max=600.0,
                             help="Time to think, in seconds (default 3; two rounds of "
                                  "rollouts are always played).")
SeedOption = typer.Option(None, "--seed", metavar="N", min=0,
                          help="Seed of the rollouts' dice and cards: the same seed and the "
                               "same rollouts give the same numbers (default: fresh, shown).")
RolloutsOption = typer.Option(None, "--rollouts", metavar="N", min=2, max=10_000,
                              help="Rollouts per option instead of a time budget: the same "
                                   "seed then gives the same numbers on any machine.")
PlayerOption = typer.Option(None, "--player", metavar="NAME",
                            help="Review this player's decisions only (default: every "
                                 "player's).")
ReviewSecondsOption = typer.Option(DECISION_SECONDS, "--seconds", metavar="S", min=0.05,
                                   max=60.0,
                                   help="Time to weigh each decision, in seconds (default 1; "
                                        "three rounds of rollouts are always played).")
#: a game's records loaded: ``(ctx, id) -> (record, state)``
Loader = Callable[[typer.Context, str], tuple[Any, Any]]


def advisor_of(record: Any):
    """The :class:`~hyvekit.games.advisor.AdvisorGame` of a loaded ``record``.

    :raises InvalidInputError: a record the advisor does not know.
    """
    from hyvekit.games.advisor import advised_games, advisor_game_of
    game = advisor_game_of(record.header["game"], record.header["kind"])
    if game is None:
        raise InvalidInputError("campaign", f"{record.header['game']}/{record.header['kind']}",
                                f"a record the advisor knows: {advised_games()}")
    return game


def advise_now(game: Any, state: Any, seconds: float, seed: int | None, rollouts: int | None,
               quiet: bool = False):
    """The advisor's :class:`~hyvekit.games.advisor.Hint` for the decision due at ``state``
    (a table of ``game``; :func:`~hyvekit.games.advisor_text.advised`), with a progress bar on
    stderr over every core (``quiet``: in this process, no bar).

    :raises IllegalActionError: nobody decides now (the game is over; a wild hive's die).
    """
    if quiet:                  # a full screen of its own (play): no bar, no other process
        return advised(game, state, seconds, seed, rollouts, jobs=1)
    with thinking() as progress:
        return advised(game, state, seconds, seed, rollouts, jobs=os.cpu_count(),
                       progress=progress)


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
              seed: int | None, rollouts: int | None, table: Any = None
              ) -> tuple[dict, list[str]]:
    """Work out the hint for the decision due at ``known`` (``(record, state)``; ``table``:
    the table the advisor plays when given, a run's current scenario on the booklet's
    sheets) and mark it in the record: its data (:func:`hint_data`) and its lines
    (:func:`hint_lines`).

    :raises InvalidInputError: a record the advisor does not know.
    :raises RecordChangedError: a step stored by another command meanwhile.
    """
    hint = advise_now(advisor_of(known[0]), known[1] if table is None else table, seconds,
                      seed, rollouts)
    mark_hint(command_store(ctx), campaign, hint, known)
    return hint_data(hint), hint_lines(hint)


def review_game(ctx: typer.Context, known: tuple[Any, Any], player: str | None,
                seconds: float, seed: int | None, rollouts: int | None, bar: bool = True,
                part: dict | None = None) -> Any:
    """The :class:`~hyvekit.games.advisor.Review` of a record's decisions so far (``known``:
    ``(record, state)``; ``player``'s only when given; ``part``'s only, default the game's
    own: :func:`~hyvekit.games.advisor_text.record_positions`), with a progress bar on
    stderr (``bar``).

    :raises InvalidInputError: ``player`` is not one of the game's players.
    """
    from hyvekit.games.advisor import review
    from hyvekit.games.advisor_text import record_positions
    record, state = known
    game = advisor_of(record)
    names = game.players(state)
    if player is not None and player not in names:
        raise InvalidInputError("--player", player, "a player of this game: "
                                + ", ".join(names))
    found = record_positions(command_store(ctx), record, player, part)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    if not bar:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count())
    with thinking("reviewing") as progress:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count(),
                      progress=progress)


def print_lines(lines: list[str], last: str) -> None:
    """The advisor's ``lines`` on stdout as they are (each fits 80 columns), then ``last``
    wrapped (the command that gives the same numbers again)."""
    out = console()
    for line in lines:
        out.print(line, highlight=False, soft_wrap=True)
    out.print(wrapped(last), highlight=False, soft_wrap=True)


def add_advisor_commands(app: typer.Typer, group: str, load: Loader, arg: Any,
                         example: str, unit: str) -> None:
    """``GROUP hint`` and ``GROUP review`` added to ``app``, a game's command group, its
    records loaded by ``load`` from the argument ``arg`` (``example``: an id for the help;
    ``unit``: the game's score's, "VP")."""

    @app.command("hint", help=(
        "The advisor's estimate of each option of the decision due: the options ranked by "
        "the chance to win, each with its expected final score (95 % intervals, the rollouts "
        f"played) and, in numbers ({unit}, the chance to win), what it changes against the "
        "default player's choice. It plays no step. The decision is marked in the record as "
        "one a hint was shown for (stats and exports say a play with hints was assisted)."
        f"\n\nExample: hyvekit {group} hint {example} --seconds 5"))
    def hint_command(ctx: typer.Context, campaign: str = arg,
                     seconds: float = SecondsOption, seed: int | None = SeedOption,
                     rollouts: int | None = RolloutsOption, as_json: bool = JsonOption) -> None:
        known = load(ctx, campaign)
        data, lines = show_hint(ctx, campaign, known, seconds, seed, rollouts)
        if as_json:
            print_json(data)
            return
        print_lines(lines, f"the same numbers again: hyvekit {group} hint {campaign} --seed "
                           f"{data['seed']} --rollouts {data['rollouts']}")

    @app.command("review", help=(
        "Each decision of the game so far whose choice scored less than a better option by "
        "more than the 95 % intervals allow (and by half a point at least): the better "
        f"option and the {unit} lost, the greatest loss first. Each decision is weighed for "
        "--seconds (default 1) by the advisor's rollouts; it plays no step."
        f"\n\nExample: hyvekit {group} review {example} --player Ann"))
    def review_command(ctx: typer.Context, campaign: str = arg,
                       player: str | None = PlayerOption, seconds: float = ReviewSecondsOption,
                       seed: int | None = SeedOption, rollouts: int | None = RolloutsOption,
                       as_json: bool = JsonOption) -> None:
        done = review_game(ctx, load(ctx, campaign), player, seconds, seed, rollouts,
                           bar=not as_json)
        if as_json:
            print_json(review_data(done))
            return
        again = "the same numbers again" if rollouts else "fixed numbers, on any machine"
        print_lines(review_lines(done, player),
                    f"{again}: hyvekit {group} review {campaign}"
                    + (f" --player {player}" if player else "")
                    + f" --seed {done.seed} --rollouts {max(2, done.rounds)}")
