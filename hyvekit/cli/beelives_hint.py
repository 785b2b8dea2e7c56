"""``hyvekit beelives hint`` and ``hyvekit beelives review``: the advisor's faces
(:mod:`hyvekit.cli.advisor`, the same for every game it knows) on Bee Lives campaigns
(docs/advisor.md)."""

from __future__ import annotations

from hyvekit.cli.advisor import add_advisor_commands
from hyvekit.cli.beelives import app
from hyvekit.cli.beelives_campaign import CampaignArg, load_campaign

add_advisor_commands(app, "beelives", load_campaign, CampaignArg, "spring-league", "VP")
