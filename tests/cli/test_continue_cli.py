"""``hyvekit continue``: the games in progress at the table, most recent step first, with
what is due, whose turn it is, how long ago the last step was, and the command to go on."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from hyvekit.cli.continue_play import ago


def test_the_games_in_progress_are_listed_most_recent_first(hk):
    out = hk("continue")
    assert out.returncode == 0 and "No game in progress" in out.stdout
    assert hk("beelives", "new", "League", "-p", "Ann:prolific", "-p", "Bo:nomadic"
              ).returncode == 0
    assert hk("hyve", "new", "Tue", "--mode", "standard").returncode == 0
    assert hk("beelives", "do", "league", 'card "First Bloom"').returncode == 0
    rows = json.loads(hk("continue", "--json").stdout)
    assert [r["id"] for r in rows] == ["league", "tue"]           # league stepped last
    assert rows[0]["actor"] == "Ann" and rows[0]["due"].startswith("Ann's turn")
    assert rows[0]["next"] == "hyvekit beelives next league"
    assert rows[1]["next"] == "hyvekit hyve next --scenario tue"
    out = hk("continue", env={"COLUMNS": "80"}).stdout
    assert "league (beelives)" in out and "just now" in out
    assert out.rstrip().endswith("next: hyvekit beelives next league")


def test_a_finished_or_unreadable_record_is_not_in_progress(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0          # not at the table yet
    (hk.campaigns / "broken.json").write_text("{ not json")
    assert json.loads(hk("continue", "--json").stdout) == []


def test_ago_says_how_long_ago_as_people_do():
    now = datetime(2026, 12, 3, 12, 0, tzinfo=timezone.utc)
    at = lambda **kw: (now - timedelta(**kw)).isoformat()                 # noqa: E731
    assert ago(at(seconds=20), now) == "just now"
    assert ago(at(minutes=5), now) == "5 min ago"
    assert ago(at(hours=3, minutes=10), now) == "3 h ago"
    assert ago(at(days=1, hours=2), now) == "1 day ago"
    assert ago(at(days=9), now) == "9 days ago"
    assert ago("not a time", now) == ""
