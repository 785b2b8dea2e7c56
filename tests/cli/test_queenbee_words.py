"""Queen Bee at the table in words a player reads (issue 42, third round): each stored step
names its player (history, the web table's log), a preview says the attack's odds in a
sentence, the re-roll decision shows its odds in the full-screen view and on the web page."""

from __future__ import annotations

import io
import json

from hyvekit.cli.queenbee_play import QueenBeeSession
from hyvekit.games import campaign_store

MATCH = "friday"
TO_BATTLE = ("sting", "move worker E1a V4", "attack V4 E4a", "pass", "y1")


def _new(hk):
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo").returncode == 0


def test_each_step_is_stored_and_shown_with_its_players_name(hk):
    _new(hk)
    assert hk("queenbee", "do", MATCH, *TO_BATTLE).returncode == 0
    events = [e["data"] for e in campaign_store(hk.campaigns).load(MATCH).active
              if e["type"] == "step"]
    assert [e["do"] for e in events] == list(TO_BATTLE)          # the steps as before
    assert [e.get("by") for e in events] == ["Ann"] * 5          # and who took them
    history = hk("campaign", "history", MATCH).stdout
    assert "Ann: move worker E1a V4" in history and "Ann: y1" in history
    assert hk("queenbee", "do", MATCH, "keep", "Bo: play dont-buzz").returncode != 0
    assert hk("queenbee", "do", MATCH, "keep").returncode == 0
    last = campaign_store(hk.campaigns).load(MATCH).active[-1]["data"]
    assert last == {"do": "keep", "by": "Ann"}


def test_a_sudden_card_out_of_turn_keeps_the_name_it_was_played_with(hk):
    _new(hk)
    assert hk("queenbee", "do", MATCH, "Bo: play secret-move G4b").returncode == 0
    last = campaign_store(hk.campaigns).load(MATCH).active[-1]["data"]
    assert last == {"do": "Bo: play secret-move G4b"}             # no "by": named already
    assert "Bo: play secret-move G4b" in hk("campaign", "history", MATCH).stdout


def test_the_attackers_reroll_shows_its_odds_and_keep_says_them_in_a_sentence(hk):
    """The attacker's re-roll: the chance with the best re-roll and if the dice are kept, in
    ``next`` and the full-screen view; ``keep``'s preview in words."""
    _new(hk)
    assert hk("queenbee", "do", MATCH, *TO_BATTLE).returncode == 0
    data = json.loads(hk("queenbee", "next", MATCH, "--json").stdout)
    assert data["decision"] == "reroll" and data["actor"] == "Ann"
    battle = data["table"]["battle"]
    # a worker's 1 against two workers: kept, the attack never succeeds (two yellow dice show
    # 2 at least); re-rolled, it may (a 3 against a pair of 1s)
    assert battle["attack_odds_keep"] == "0.0%" and battle["attack_odds"] != "0.0%"
    assert data["preview"]["keep"] == "the attack then succeeds 0.0% of the time"
    # re-rolling its only die is Ann's best re-roll: the chance over the ways it may fall
    # (worked out die by die) is the best re-roll's (worked out by the odds model)
    assert data["preview"]["reroll y1"] == ("Ann's dice y1 → (to roll); the attack then "
                                            f"succeeds {battle['attack_odds']} of the time")
    from rich.console import Console
    out = Console(width=200, file=io.StringIO(), record=True)
    out.print(QueenBeeSession(hk.campaigns, MATCH, seed=1).table_renderable(200))
    shown = out.export_text()
    assert (f"the attack succeeds {battle['attack_odds']} of the time with Ann's best "
            "re-roll, 0.0% if Ann keeps these dice") in shown
    shown = hk("queenbee", "next", MATCH).stdout
    assert "Ann keeps these dice" in " ".join(shown.split())


def test_battle_card_previews_say_the_card_the_dice_and_the_odds_in_words(hk):
    """A preview of a battle card reads as a player says it, never as the view's keys
    ("battle.attack odds none→11.1%")."""
    from hyvekit.rules.queenbee.engine import ENGINE
    from hyvekit.rules.queenbee.fight import battle_changes
    from hyvekit.rules.table import previews
    _new(hk)
    assert hk("queenbee", "do", MATCH, *TO_BATTLE, "keep", "y2,y3", "keep").returncode == 0
    t = campaign_store(hk.campaigns).state(MATCH)[1]
    shown = previews(ENGINE, t)
    assert shown["play strong-sting y1"] == ("Ann: hand 4→3; discard 0→1; Ann's dice y1 → y2; "
                                             "card: attacker Strong Sting y1")
    assert shown["accept"].endswith("the battle ends")
    assert not [p for p in shown.values() if "battle." in p or "none→" in p]
    before = {"attacker": "Ann", "defender": "Bo", "attacker_bees": "1 worker",
              "defender_bees": "2 workers", "attacker_dice": "y1", "defender_dice": "y2,y3",
              "cards": [], "attack_odds": "0.0%"}
    after = {**before, "attacker_dice": "y3", "cards": ["attacker Maximum Power y1"],
             "attack_odds": "11.1%"}
    assert battle_changes(before, after) == (
        "Ann's dice y1 → y3", "card: attacker Maximum Power y1",
        "the attack succeeds 0.0% → 11.1% of the time")
