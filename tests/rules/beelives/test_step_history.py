"""hyvekit/rules/beelives/campaign_status.py: how a step played at the table reads in a
campaign's history."""

from __future__ import annotations

from hyvekit.rules.beelives.campaign_status import describe


def test_a_step_in_the_history_says_dice_were_rolled():
    assert describe("step", {"do": "2"}) == "at the table: rolled 2"
    assert describe("step", {"do": "3 5"}) == "at the table: rolled 3 5"
    assert describe("step", {"do": "Susan: forage wet 0"}) == "at the table: Susan: forage wet 0"
