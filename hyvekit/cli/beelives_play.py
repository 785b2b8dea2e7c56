"""``hyvekit beelives play``: a Bee Lives campaign played at the table in one full-screen
session — the table, the decision due with its legal options, a line to type the step on (the
legal options completed as you type), the log of what happened; undo, roll and quit keys.

This module holds the command; the session (the campaign, a step, an undo, the table and the
decision as rich renderables) is :class:`~hyvekit.cli.beelives_session.PlaySession`, and the
Textual screen is :mod:`hyvekit.cli.beelives_play_app`, imported only when the command runs,
so no other command loads Textual.
"""

from __future__ import annotations

import typer

from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, require_campaign
from hyvekit.cli.beelives_session import PlaySession
from hyvekit.cli.common import campaigns_dir
from hyvekit.cli.play_screen import RollOption, SeedOption, require_terminal


@app.command("play")
def play(ctx: typer.Context, campaign: str = CampaignArg,
         roll: bool = RollOption, seed: int | None = SeedOption) -> None:
    """Play the campaign at the table in a full-screen session: the table (month, phase, card,
    hives, wild hives) always in view, the decision due with its legal options and raid odds,
    a line for the step (the legal options are completed as you type: → or Tab takes the
    completion) and a log of what happened. Each step is stored as it is made, exactly as
    'beelives do' stores it; the wild hives' forced lines are played by hyvekit.

    Keys: ctrl+z (or 'u' on the step line) undoes the last step, ctrl+r rolls the dice due,
    ctrl+q or ctrl+c (or 'q' on the step line) quits — nothing is lost: 'play' again goes on where you
    stopped.

    Example: hyvekit beelives play spring-league
    """
    require_campaign(ctx, campaign)
    session = PlaySession(campaigns_dir(ctx), campaign, roll=roll, seed=seed)
    _ = session.data         # a campaign not played at the table is refused here, in one line
    require_terminal("beelives")
    from hyvekit.cli.beelives_play_app import PlayApp
    PlayApp(session).run()
