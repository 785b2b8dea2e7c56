"""``hyvekit beelives review``: after (or during) a game, each of a player's decisions whose
choice scored less than a better option by more than the intervals allow, with the better
option and by how much, the greatest loss first (docs/advisor.md, "Review").  It plays no step
and marks nothing: a review looks back at decisions already taken.
"""

from __future__ import annotations

import os
import random
import textwrap
from typing import Any

import typer

from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, load_campaign
from hyvekit.cli.beelives_hint import RolloutsOption, SeedOption, thinking
from hyvekit.cli.common import JsonOption, command_store, console, print_json, wrapped
from hyvekit.games.advisor_text import WIDTH, percent
from hyvekit.rules.common import InvalidInputError

#: the default time to weigh one decision (seconds): a 2-player year has about 30 choices a
#: player (docs/advisor.md, "Review": how long a review takes)
DECISION_SECONDS = 1.0

PlayerOption = typer.Option(None, "--player", metavar="NAME",
                            help="Review this player's decisions only (default: every "
                                 "player's).")
ReviewSecondsOption = typer.Option(DECISION_SECONDS, "--seconds", metavar="S", min=0.05,
                                   max=60.0,
                                   help="Time to weigh each decision, in seconds (default 1; "
                                        "two rounds of rollouts are always played).")


def review_game(ctx: typer.Context, campaign: str, player: str | None, seconds: float,
                seed: int | None, rollouts: int | None, bar: bool = True) -> Any:
    """The :class:`~hyvekit.games.advisor.Review` of the campaign's decisions so far
    (``player``'s only when given), with a progress bar on stderr (``bar``).

    :raises InvalidInputError: ``player`` is not one of the game's players.
    """
    from hyvekit.games.advisor import positions, review
    from hyvekit.games.beelives import advisor_game
    record, state = load_campaign(ctx, campaign)
    names = [p.name for p in state.game.players]
    if player is not None and player not in names:
        raise InvalidInputError("--player", player, "a player of this game: "
                                + ", ".join(names))
    adapter = command_store(ctx).adapter("beelives", "campaign")
    game = advisor_game()
    found = positions(game, adapter.initial_state(record.header["settings"]), record.active,
                      adapter.play, player)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    if not bar:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count())
    with thinking("reviewing") as progress:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count(),
                      progress=progress)


def _when(p: Any) -> str:
    from hyvekit.games.beelives import month_name
    return f"year {p.table.game.year} {month_name(p.table.game.month)}"


def review_lines(done: Any, player: str | None) -> list[str]:
    """The review for people, each line at most :data:`WIDTH` columns: a head line, then
    each mistake (the greatest loss first) with the choice, the better option and the VP
    lost with its 95 % interval, and the chance to win after each."""
    who = player or "every player"
    out = [f"review of {who}: {len(done.mistakes)} of {done.weighed} decisions worse than "
           f"the best option", f"  ({done.rounds}+ rollouts an option, "
           f"{done.seconds:.0f} s, seed {done.seed})"]
    if not done.mistakes:
        out.append("no choice scored less than another option beyond the intervals")
    for n, (p, m) in enumerate(done.mistakes, 1):
        sure = "exact" if m.exact else f"± {m.half:.1f}"
        out.append(f"{n:>2}. {_when(p)}, {p.actor}'s {p.kind}: −{m.loss:.1f} {sure} VP")
        for label, text in (("chose", m.chosen), ("better", m.better)):
            out += textwrap.wrap(f"{label}: {text}", WIDTH, initial_indent="    ",
                                 subsequent_indent="      ")
        out.append(f"    win {percent(m.win_chosen)} → {percent(m.win_better)} with the "
                   f"better option ({m.rollouts} rollouts each)")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def review_data(done: Any) -> dict:
    """``review --json``: the review as data."""
    return {"seed": done.seed, "rollouts": done.rounds, "weighed": done.weighed,
            "seconds": round(done.seconds, 3),
            "mistakes": [{"seq": p.seq, "year": p.table.game.year, "month": _when(p),
                          "player": p.actor, "decision": p.kind, "chosen": m.chosen,
                          "better": m.better, "loss": m.loss, "loss_half": m.half,
                          "win_chosen": m.win_chosen, "win_better": m.win_better,
                          "rollouts": m.rollouts, "exact": m.exact}
                         for p, m in done.mistakes]}


@app.command("review")
def review_command(ctx: typer.Context, campaign: str = CampaignArg,
                   player: str | None = PlayerOption, seconds: float = ReviewSecondsOption,
                   seed: int | None = SeedOption, rollouts: int | None = RolloutsOption,
                   as_json: bool = JsonOption) -> None:
    """Each decision of the game so far whose choice scored less than a better option by
    more than the 95 % intervals allow (and by half a VP at least): the better option and
    the VP lost, the greatest loss first. Each decision is weighed for --seconds (default 1)
    by the advisor's rollouts; it plays no step.

    Example: hyvekit beelives review spring-league --player Ann
    """
    done = review_game(ctx, campaign, player, seconds, seed, rollouts, bar=not as_json)
    if as_json:
        print_json(review_data(done))
        return
    out = console()
    for line in review_lines(done, player):
        out.print(line, highlight=False, soft_wrap=True)
    again = "the same numbers again" if rollouts else "fixed numbers, on any machine"
    out.print(wrapped(f"{again}: hyvekit beelives review {campaign}"
                      + (f" --player {player}" if player else "")
                      + f" --seed {done.seed} --rollouts {max(2, done.rounds)}"),
              highlight=False, soft_wrap=True)
