"""``hyvekit beelives hint`` (and ``next --hint``): the advisor's estimate of each option of
the decision due at the table, asked for by the player deciding (docs/advisor.md).  The hint
never plays a step; it is marked in the campaign record (a ``hint`` event), so a play with
help stays known as such.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, load_campaign
from hyvekit.cli.common import JsonOption, command_store, console, print_json, wrapped
from hyvekit.rules.common import IllegalActionError

#: the rule named when nothing can be advised
R_ADVISOR = "Bee Lives: the advisor"
#: the widest a hint's lines are written (columns)
WIDTH = 80

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
    """The advisor's :class:`~hyvekit.games.advisor.Hint` for the decision due, with a
    progress bar on stderr over every core (``quiet``: in this process, no bar), and what
    each option changes now (``Hint.changes``).

    :raises IllegalActionError: nobody decides now (the game is over; a wild hive's die).
    """
    from dataclasses import replace

    from hyvekit.games.advisor import advise
    from hyvekit.games.beelives import advisor_game
    game = advisor_game()
    d = game.engine.pending(state)
    if d.over or d.actor is None:
        raise IllegalActionError(R_ADVISOR, "nobody decides now: "
                                 + ("the game is over" if d.over else d.prompt),
                                 expected="a player's decision", given=d.kind)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    if quiet:                  # a full screen of its own (play): no bar, no other process
        hint = advise(game, state, seed, seconds, rollouts, jobs=1)
        return replace(hint, changes=_changes(state, d, hint))
    with thinking() as progress:
        hint = advise(game, state, seed, seconds, rollouts, jobs=os.cpu_count(),
                      progress=progress)
    return replace(hint, changes=_changes(state, d, hint))


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


def _changes(state: Any, d: Any, hint: Any) -> dict[str, str]:
    """What each option the hint estimated changes now: its preview as ``next`` shows it
    (:func:`~hyvekit.games.table.option_previews`), for those options only."""
    from hyvekit.games.table import option_previews, table_game
    return option_previews(table_game("beelives", "campaign"), state, d,
                           [e.option for e in hint.estimates])


def _percent(x: float) -> str:
    return f"{x:.0%}".replace("%", " %")


def reason(e: Any, base: Any, versus: tuple[float, float] | None = None) -> str:
    """What ``e`` changes against the default player's choice ``base``, in numbers: "+1.8 VP
    expected, win 41 % → 55 %", with the 95 % interval of the VP rollout by rollout when
    ``versus`` gives it ("+1.8 ± 0.9 VP")."""
    more = f"{e.score - base.score:+.1f}"
    if versus is not None and 0 < versus[1] < float("inf"):
        more = f"{versus[0]:+.1f} ± {versus[1]:.1f}"
    return f"{more} VP expected, win {_percent(base.win)} → {_percent(e.win)}"


def _estimate_line(e: Any) -> str:
    sure = "exact" if e.exact else f"{e.rollouts} rollouts"
    return (f"win {_percent(e.win)} ± {e.win_half * 100:.0f}, final score {e.score:.1f} ± "
            f"{e.score_half:.1f} VP ({sure})")


def hint_lines(hint: Any) -> list[str]:
    """The hint for people, each line at most :data:`WIDTH` columns: the options best first,
    each with its estimate, why (against the default player's choice) and what it changes
    now; for a die or a card drawn, the draw's estimate, then each outcome's."""
    import textwrap
    out = [f"hint for {hint.actor} ({hint.kind}): {hint.rounds} rollouts an option, "
           f"{hint.seconds:.1f} s, seed {hint.seed}"]
    if hint.drawn is not None:
        return _drawn_lines(hint, out)
    base = next((e for e in hint.estimates if e.option == hint.default), None)
    for n, e in enumerate(hint.estimates, 1):
        out += [f"{n:>2}. {e.option}", f"    {_estimate_line(e)}"]
        notes = []
        if e.option == hint.default:
            notes.append("the default player's choice")
        elif base is not None:
            notes.append(reason(e, base, hint.versus.get(e.option))
                         + " against the default player's choice")
        if hint.changes.get(e.option):
            notes.append("now: " + hint.changes[e.option])
        for note in notes:
            out += textwrap.wrap(note, WIDTH, initial_indent="    ",
                                 subsequent_indent="      ")
    if hint.left_out:
        out += textwrap.wrap(f"not estimated (the default player ranks them lower; more "
                             f"--seconds do not add them): {len(hint.left_out)} other legal "
                             "options", WIDTH, subsequent_indent="  ")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def _drawn_lines(hint: Any, out: list[str]) -> list[str]:
    """A die or a card drawn: nothing to choose; the draw's estimate over every outcome,
    then each outcome's, best first."""
    draw = next(e for e in hint.estimates if e.option == hint.drawn)
    what = "the die decides" if hint.drawn == "roll" else "the card drawn decides"
    out += [f"{hint.drawn}: nothing to choose, {what}; over every outcome, each as likely:",
            f"    {_estimate_line(draw)}"]
    for e in hint.estimates:
        if e.option != hint.drawn:
            out.append(f"  if {e.option}: win {_percent(e.win)}, final score "
                       f"{e.score:.1f} VP ({reason(e, draw).split(',')[0]})")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def hint_data(hint: Any) -> dict:
    """``hint --json``: the hint as data."""
    return {"actor": hint.actor, "decision": hint.kind, "seed": hint.seed, "drawn": hint.drawn,
            "rollouts": hint.rounds, "seconds": round(hint.seconds, 3),
            "default": hint.default, "not_estimated": list(hint.left_out),
            "estimates": [{"option": e.option, "score": e.score, "score_half": e.score_half,
                           "win": e.win, "win_half": e.win_half, "rollouts": e.rollouts,
                           "exact": e.exact, "changes": hint.changes.get(e.option, ""),
                           "versus_default": list(hint.versus.get(e.option, ()))}
                          for e in hint.estimates]}


def mark_hint(store: Any, campaign: str, hint: Any, known: Any = None) -> None:
    """The hint marked in the record (a ``hint`` event for the player deciding): stored whole
    or not at all, like every event; ``known``: the ``(record, state)`` it was worked out on
    (a record changed since, the decision no longer due, refuses it).

    :raises RecordChangedError: another command stored a step since (nothing is marked).
    """
    store.append_many(campaign, [("hint", {"player": hint.actor, "decision": hint.kind})],
                      known=known)


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
