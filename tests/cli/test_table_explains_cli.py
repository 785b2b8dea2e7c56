"""``beelives next`` explains the table (issue 27): the season card's text and the solo
cards in play, each hive's swarm threshold and tokens, and each option with what it would
change, at 80 and 60 columns with no number cut."""

from __future__ import annotations

import json

import pytest


@pytest.fixture()
def flow(hk):
    """Two players in March, Beginning of the Flow turned over."""
    assert hk("beelives", "new", "Flow", "-p", "Ann:prolific", "-p", "Bo:nomadic").returncode == 0
    assert hk("beelives", "do", "flow", 'card "Beginning of the Flow"').returncode == 0
    return hk


@pytest.mark.parametrize("width", [80, 60])
def test_next_shows_the_card_text_thresholds_and_each_option_with_its_change(flow, width):
    out = flow("beelives", "next", "flow", env={"COLUMNS": str(width)}).stdout
    lines = out.splitlines()
    assert max(map(len, lines)) <= width
    assert "…" not in out                                     # nothing cut
    flat = " ".join(" ".join(lines).split())
    assert "card: Beginning of the Flow — Bloom tiles provide +1 honey when foraged." in flat
    # each hive's swarm threshold (nomadic: the purple value), whatever the width
    assert ("swarm threshold: Ann 6 · Bo 4" in flat if width == 80 else
            "swarm threshold 6" in flat and "swarm threshold 4" in flat)
    assert "VP 0" in flat or " VP " in out
    # the options with what they change, the deciding player's name left out
    assert "defend 2 — free bees 3→1" in flat
    assert "requeen aggressive — queen prolific→aggressive, free bees 3→2, queen paused " \
           "no→yes" in flat
    data = json.loads(flow("beelives", "next", "flow", "--json").stdout)
    assert set(data["preview"]) == set(data["legal"])         # a raid's too (beside odds)
    assert data["preview"]["Ann: defend 2"] == "Ann: free bees 3→1"


def test_a_forage_that_fills_the_comb_warns_of_the_swarm_token(flow):
    data = json.loads(flow("beelives", "next", "flow", "--json").stdout)
    full = {o: c for o, c in data["preview"].items() if "empty cells 10→0" in c}
    from hyvekit.rules.beelives.table_words import COMB_FULL
    assert full and all(f"Ann: {COMB_FULL}" in c for c in full.values())
    out = flow("beelives", "next", "flow", env={"COLUMNS": "80"}).stdout
    assert f"forage bloom 1 take 5/5/0 — free bees 3→2, honey 0→5, pollen 0→5, " \
        f"empty cells 10→0; {COMB_FULL}" in \
        " ".join(" ".join(out.splitlines()).split())


def test_a_card_to_turn_over_gets_no_preview_and_the_card_is_named_once_drawn(hk):
    assert hk("beelives", "new", "Draw", "-p", "Ann:prolific").returncode == 0
    data = json.loads(hk("beelives", "next", "draw", "--json").stdout)
    assert data["decision"] == "card" and data["preview"] == {}
    assert data["table"]["card_text"] == ""
    assert data["table"]["solo_cards"] == []


def test_the_next_line_suggests_a_step_only_where_a_rule_of_thumb_picks_it(flow, hk):
    """A player's real choice is left to them ("STEP"); the card to turn over is drawn
    (hyvekit keeps the deck); a die is rolled."""
    out = flow("beelives", "next", "flow", env={"COLUMNS": "80"}).stdout
    assert out.rstrip().endswith('next: hyvekit beelives do flow "STEP"')
    assert hk("beelives", "new", "Draw", "-p", "Ann:prolific").returncode == 0
    out = hk("beelives", "next", "draw", env={"COLUMNS": "80"}).stdout
    assert out.rstrip().endswith('next: hyvekit beelives do draw "draw"')
    from hyvekit.cli.table import suggested_step
    assert suggested_step({"legal": ["roll"], "actor": "Ann"}) == "roll"
    assert suggested_step({"legal": ["Ann: sacrifice 0/0"], "actor": "Ann"}) == "sacrifice 0/0"


def test_next_after_a_break_tells_the_months_last_steps(flow):
    assert flow("beelives", "do", "flow", "defend 1", "Bo: defend 2").returncode == 0
    out = flow("beelives", "next", "flow", env={"COLUMNS": "80"}).stdout
    flat = " ".join(out.split())
    assert ('this month so far: 3 steps; the last 3: card "Beginning of the Flow" · '
            "Ann: defend 1 · Bo: defend 2") in flat
