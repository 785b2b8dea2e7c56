"""``hyvekit beelives review``: after (or during) a game, each of a player's decisions whose
choice scored less than a better option by more than the intervals allow, with the better
option and by how much, the greatest loss first (docs/advisor.md, "Review").  It plays no step
and marks nothing: a review looks back at decisions already taken.
"""

from __future__ import annotations

import os
import random
from typing import Any

import typer

from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, load_campaign
from hyvekit.cli.beelives_hint import RolloutsOption, SeedOption, thinking
from hyvekit.cli.common import JsonOption, command_store, console, print_json, wrapped
from hyvekit.games.advisor_text import review_data, review_lines
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
                                        "three rounds of rollouts are always played).")


def review_game(ctx: typer.Context, campaign: str, player: str | None, seconds: float,
                seed: int | None, rollouts: int | None, bar: bool = True) -> Any:
    """The :class:`~hyvekit.games.advisor.Review` of the campaign's decisions so far
    (``player``'s only when given), with a progress bar on stderr (``bar``).

    :raises InvalidInputError: ``player`` is not one of the game's players.
    """
    from hyvekit.games.advisor import review
    from hyvekit.games.advisor_text import record_positions
    from hyvekit.games.beelives import advisor_game
    record, state = load_campaign(ctx, campaign)
    names = [p.name for p in state.game.players]
    if player is not None and player not in names:
        raise InvalidInputError("--player", player, "a player of this game: "
                                + ", ".join(names))
    game = advisor_game()
    found = record_positions(command_store(ctx), record, player)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    if not bar:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count())
    with thinking("reviewing") as progress:
        return review(game, found, seed, seconds, rollouts, jobs=os.cpu_count(),
                      progress=progress)


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
