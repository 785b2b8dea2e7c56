"""Queen Bee at the table, the 5-6 player variant, hive skills and the nest symbol (issue 42,
third round): each rule through the engine's steps, as ``queenbee do`` pushes them."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import board as Bd
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

from test_queenbee_table import ENGINE, do, new, placed, refused  # noqa: E402


def legal(t):
    return ENGINE.pending(t).legal


def _pass_turn(t):
    """The turn of the player due played out with a Flight and nothing else."""
    seat = t.turn
    while t.turn == seat and ENGINE.pending(t).kind != "over":
        d = ENGINE.pending(t)
        t = do(t, "end" if d.kind == "effects" else "flight" if d.kind == "action" else
               d.legal[0] if d.kind == "discard" else "done")
    return t


# --- Variant for 5-6 Players ------------------------------------------------------------

def _five():
    """Five players (hives 1-5, hive 6 empty between Ed and Ann): Ann's warrior on G1a next
    to Ed's worker on G6c (hive 6's grass), Ann's worker on G1c next to Bo's warrior on
    G2a."""
    t = new(5)
    assert t.setup.hives == (1, 2, 3, 4, 5)
    return replace(placed(t, [("G1a", 0, "warrior"), ("G6c", 4, "worker"),
                              ("G1c", 0, "worker"), ("G2a", 1, "warrior"),
                              *[(t.setup.board.hives[h].nest, s, "queen")
                                for s, h in enumerate(t.setup.hives)]]), hands=(0,) * 5)


def test_an_empty_hive_between_two_players_makes_them_no_neighbours_ruling_q29():
    """Variant for 5-6 Players: "you may not attack your neighbours in the hives to your left
    and right" — with five players hive 6 is empty: the hive to Ann's left is nobody's, so
    Ed (hive 5) is no neighbour of hers and she may attack him on her first turn; Bo, in
    the hive to her right, she may not."""
    t = _five()
    opts = legal(do(t, "sting"))
    assert "attack G1a G6c" in opts and "attack G1c G2a" not in opts
    e = refused(do(t, "sting"), "attack G1c G2a")
    assert e.rule == "Queen Bee: Variant for 5-6 Players" and "seats 2)" in e.message
    t = do(t, "sting", "attack G1a G6c")
    assert t.phase == "battle" and t.fight.seats == (0, 4)


def test_the_last_seat_may_attack_the_first_across_the_empty_hive_on_its_first_turn():
    """Ed (hive 5) on his first turn: Di, hive 4, is his neighbour; Ann, beyond the empty
    hive 6, is not (ruling Q29)."""
    t = _five()
    t = replace(placed(t, [("G5a", 4, "warrior"), ("G4c", 3, "worker"),
                           ("G6b", 4, "warrior"), ("G6c", 0, "worker"),
                           *[(t.setup.board.hives[h].nest, s, "queen")
                             for s, h in enumerate(t.setup.hives)]]), hands=(0,) * 5)
    for _ in range(4):
        t = _pass_turn(t)
    assert t.turn == 4 and t.turns[4] == 1
    opts = legal(do(t, "sting"))
    assert "attack G6b G6c" in opts and "attack G5a G4c" not in opts
    assert "neighbour" in refused(do(t, "sting"), "attack G5a G4c").message


def test_neighbours_follow_the_boards_circle_of_hives():
    """The seats in the hives next to a seat's own, around the board (ruling Q29)."""
    assert Bd.neighbours(1, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (2,)
    assert Bd.neighbours(5, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (4,)
    assert Bd.neighbours(3, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (2, 4)
    assert Bd.neighbours(1, 6, (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6)) == (6, 2)
    # seats need not follow the hives' order: seat 2 sits in hive 6, next to hive 1
    assert Bd.neighbours(1, 5, (1, 6, 2, 3, 4), (1, 2, 3, 4, 5, 6)) == (2, 3)


def test_bad_pollen_is_refused_on_the_first_turn_and_played_on_the_second():
    """Variant for 5-6 Players: "may not play BAD POLLEN cards" on your first turn."""
    t = new(5)
    assert not [o for o in legal(t) if "bad-pollen" in o]
    e = refused(t, "play bad-pollen Bo")
    assert e.rule == "Queen Bee: Variant for 5-6 Players" and "Bad Pollen" in e.message
    for _ in range(5):
        t = _pass_turn(t)
    assert t.turn == 0 and t.turns[0] == 2
    assert "play bad-pollen Bo" in legal(t)
    t = do(t, "play bad-pollen Bo")
    assert t.no_draw[1] == 1


@pytest.mark.parametrize("players,hands", [(5, (4, 4, 4, 4, 5)), (6, (4, 4, 4, 4, 5, 5)),
                                           (4, (4, 3, 3, 3)), (3, (4, 3, 3))])
def test_the_2nd_to_4th_players_get_one_more_card_and_the_5th_6th_two_more(players, hands):
    """Variant for 5-6 Players: "deal one additional card to the 2nd, 3rd and 4th players.
    Then deal two additional cards to the 5th and 6th" — the first player has drawn as the
    first turn begins; the deck (90 cards with five or six players) less every card dealt."""
    t = new(players)
    assert t.hands == hands
    assert t.deck + sum(t.hands) == (90 if players >= 5 else 93)


# --- Advanced Rules: hive skills ------------------------------------------------------------

def test_one_skill_each_two_dealt_one_kept_the_other_discarded():
    """One Hive Skill per Player: "deal each player two hive skill cards. Each player must
    choose one skill and discard the other" — in seat order, each a step of that player."""
    t = new(3, skills=1)
    d = ENGINE.pending(t)
    assert (d.kind, d.actor, d.legal) == ("skill", "Ann", ("deal",)) and "dealt" in d.more
    t = do(t, "dealt Royal Jelly, Stinger")
    d = ENGINE.pending(t)
    assert d.actor == "Ann" and d.legal == ("skill royal jelly", "skill stinger")
    e = refused(t, "skill Guard")
    assert e.rule == "Queen Bee: Advanced Rules" and "royal jelly or stinger" in e.message
    t = do(t, "Ann: skill stinger")
    assert t.skills[0] == ("stinger",) and t.skills_out == ("royal jelly",)
    assert "discards royal jelly" in t.said[0]
    assert ENGINE.pending(t).actor == "Bo" and ENGINE.pending(t).legal == ("deal",)
    e = refused(t, "dealt royal jelly, guard")          # discarded: no longer in the stack
    assert "held already" in e.message
    t = do(t, "deal", seed=3)                           # hyvekit deals, stored as dealt
    dealt = t.skill_dealt
    assert len(dealt) == 2 and t.steps[-1] == f"dealt {dealt[0]}, {dealt[1]}"
    assert all(c.startswith("card-") for c in dealt)
    t = do(t, f"skill {dealt[1]}", "dealt guard, drone", "skill guard")
    assert t.skills == (("stinger",), (dealt[1],), ("guard",))
    assert t.skills_out == ("royal jelly", dealt[0], "drone")
    assert ENGINE.pending(t).kind == "action" and t.hands[0] == 4
    assert [p["skills"] for p in ENGINE.view(t)["players"]] == ["stinger", dealt[1], "guard"]


def test_a_deal_replays_as_stored_and_twelve_cards_are_never_exceeded():
    """The deal stored as the cards dealt replays to the same table; six players, two cards
    dealt each, use the twelve cards exactly."""
    start = new(6, skills=1)
    t = start
    for _ in range(6):
        t = do(t, "deal")
        t = do(t, ENGINE.pending(t).legal[0])
    held = [s for hand in t.skills for s in hand]
    assert len(set(held + list(t.skills_out))) == 12 and len(held) == 6
    assert ENGINE.replay(start, t.steps).skills == t.skills


def test_one_skill_each_the_kept_card_stated_alone_still_reads():
    """``skill NAME`` before a deal: the kept card stated alone (records made before the
    deal was a step); the same card twice is refused."""
    t = do(new(2, skills=1), "skill Stinger")
    assert t.skills[0] == ("stinger",) and ENGINE.pending(t).actor == "Bo"
    assert "held already" in refused(t, "dealt stinger, guard").message


def test_two_skills_each_all_twelve_laid_out_the_draft_snakes_back_and_the_rest_discarded():
    """Two Hive Skills per Player: all twelve laid out; first to last, then "the player who
    chose his first skill card last chooses first for his second ... back around the table";
    "When all players have two skill cards, discard the remaining cards"."""
    t = new(3, skills=2)
    d = ENGINE.pending(t)
    assert len(d.legal) == 12 and "deal" not in d.legal
    assert refused(t, "deal").rule == "Queen Bee: Advanced Rules"
    order = []
    for step in ("skill Stinger", "skill card-2", "skill Guard", "skill card-4",
                 "skill card-5", "skill Drone"):
        order.append(ENGINE.pending(t).actor)
        n = len(ENGINE.pending(t).legal)
        t = do(t, step)
    assert order == ["Ann", "Bo", "Cy", "Cy", "Bo", "Ann"]
    assert n == 12 - 5                                  # the last pick: seven left
    assert t.skills == (("stinger", "drone"), ("card-2", "card-5"), ("guard", "card-4"))
    assert len(t.skills_out) == 6 and "the 6 hive skill cards left are discarded" in t.said
    assert ENGINE.pending(t).kind == "action"


# --- Game Components: the nest symbol -------------------------------------------------------

def _queen_out(players=3):
    """Ann's queen on G1b (she has left the nest), a warrior beside her; the others' queens
    in their nests."""
    t = new(players)
    bees = [("G1b", 0, "queen"), ("G1a", 0, "warrior")] + [
        (t.setup.board.hives[h].nest, s, "queen") for s, h in enumerate(t.setup.hives) if s]
    return replace(placed(t, bees), queen_left=(True,) + (False,) * (players - 1))


def test_the_nest_symbol_cards_are_bee_larvae_and_secret_move_assumed_ruling_q31():
    from hyvekit.data import queenbee as tables
    assert sorted(c.name for c in tables.cards().values() if c.nest) == \
        ["Bee Larvae", "Secret Move"]


def test_a_nest_card_is_refused_once_the_queen_has_left_the_nest_even_back_in_it():
    """"Such cards can be played only if the queen is still in the nest": Bee Larvae is
    offered while she is, refused once she has left — back in the nest too."""
    t = new(3)
    assert "play bee-larvae" in legal(t)
    out = _queen_out()
    assert "play bee-larvae" not in legal(out)
    e = refused(out, "play bee-larvae")
    assert e.rule == "Queen Bee: Game Components — the nest symbol"
    assert "left the nest" in e.message and "replace bee-larvae" in e.message
    back = replace(out, bees=M.with_bees(out, [("G1b", 0, "queen")], [("N1", 0, "queen")]))
    assert "play bee-larvae" not in legal(back)
    assert refused(back, "play bee-larvae").rule.endswith("the nest symbol")
    assert refused(back, "Ann: play secret-move G1b").rule.endswith("Secret Move")


def test_a_nest_card_is_discarded_and_another_drawn_at_any_moment():
    """"If she has left the nest or has been defeated, discard the card with this symbol and
    draw another as a replacement" — by its holder, whoever's decision is due."""
    t = _queen_out()
    t = do(t, "flight", "done")
    t = do(t, *(["end"] if ENGINE.pending(t).kind == "effects" else []))
    assert t.turn == 1
    hand, deck, discard = t.hands[0], t.deck, t.discard
    t2 = do(t, "Ann: replace Bee Larvae")
    assert t2.hands[0] == hand and t2.deck == deck - 1 and t2.discard == discard + 1
    assert t2.steps[-1] == "Ann: replace bee-larvae" and "discards Bee Larvae" in t2.said[0]
    assert ENGINE.pending(t2).actor == "Bo"                     # Bo's decision still due
    t3 = do(t, "Ann: replace secret-move")
    assert t3.discard == discard + 1 and t3.steps[-1] == "Ann: replace secret-move"
    assert ENGINE.replay(t, t2.steps[len(t.steps):]).hands == t2.hands


def test_a_nest_card_is_not_replaced_while_the_queen_is_in_the_nest_nor_another_card():
    t = new(3)
    e = refused(t, "Bo: replace bee-larvae")
    assert e.rule.endswith("the nest symbol") and "still in the nest" in e.message
    e = refused(_queen_out(), "Ann: replace honey")
    assert "bears no nest symbol" in e.message


def test_a_defeated_queens_player_replaces_a_nest_card():
    """"... or has been defeated": Ann's queen fell, her warrior serves Bo's queen."""
    t = _queen_out()
    t = replace(t, bees=M.with_bees(t, [("G1b", 0, "queen")], []), fallen=(0,),
                serves=(1, 1, 2))
    assert M.queen_space(t, 0) is None and M.in_play(t, 0)
    hand = t.hands[0]
    t = do(t, "Ann: replace bee-larvae")
    assert t.hands[0] == hand and "discards Bee Larvae" in t.said[0]


# --- Don't Buzz by a player outside the battle ----------------------------------------------

def _three_battle(*steps, hands=(5, 5, 5)):
    """Ann (hive 1) attacks Bo's bees on I1; Cy (hive 5) is outside the battle."""
    t = new(3)
    bees = [("N1", 0, "queen"), ("N3", 1, "queen"), ("N5", 2, "queen"),
            ("G1b", 0, "warrior"), ("I1", 1, "warrior"), ("I1", 1, "warrior")]
    return do(replace(placed(t, bees), hands=hands), "sting", "attack G1b I1", *steps)


def test_a_player_outside_the_battle_cancels_a_battle_card_with_dont_buzz_ruling_q28():
    """Don't Buzz: "cancel the effect of a card played by an opponent"; Sudden Cards "at any
    moment without any restrictions" — Cy, outside Ann's battle against Bo, is Ann's
    opponent and cancels her Strong Sting; the card is from Cy's hand, not Bo's."""
    t = _three_battle("pass", "b1", "keep", "b3,b3", "keep", "play strong-sting b1")
    assert t.fight.total(0) == 2 and ENGINE.pending(t).actor == "Ann"
    hands, discard = t.hands, t.discard
    t = do(t, "Cy: play dont-buzz")
    assert t.fight.dice[0] == (("black", 1),) and t.fight.plays[-2][3]
    assert t.hands == (hands[0], hands[1], hands[2] - 1) and t.discard == discard + 1
    assert t.steps[-1] == "Cy: play dont-buzz" and t.said[0].startswith("Cy plays Don't Buzz")
    assert "played by Cy" in ENGINE.view(t)["battle"]["cards"][-1]
    assert ENGINE.pending(t).actor == "Ann"                     # still losing: she decides
    t = do(t, "Ann: play dont-buzz")                            # Ann answers Cy's card
    assert t.fight.total(0) == 2 and not t.fight.plays[-3][3]


def test_a_player_outside_the_battle_cancels_a_smoker_before_the_rolls():
    t = _three_battle("play smoker")
    t = do(t, "Cy: play dont-buzz")
    assert not t.fight.standing("Smoker") and t.hands[2] == 4


def test_an_outside_dont_buzz_is_refused_too_late_or_against_an_ally_ruling_q28():
    """Too late once the battle has gone past the card; never against a card of a player
    whose bees serve the same queen (Forced Alliance: not an opponent)."""
    late = _three_battle("play smoker", "pass", "pass", "b1")   # the rolls have begun
    e = refused(late, "Cy: play dont-buzz")
    assert e.rule == "Queen Bee: Sudden Cards — Don't Buzz" and "too late" in e.message
    t = _three_battle("pass", "b1", "keep", "b3,b3", "keep", "play strong-sting b1")
    allied = replace(t, serves=(2, 1, 2))                         # Ann's bees serve Cy's queen
    e = refused(allied, "Cy: play dont-buzz")
    assert e.rule == "Queen Bee: Sudden Cards — Don't Buzz" and "same queen" in e.message
    none = replace(t, hands=(t.hands[0], t.hands[1], 0))
    assert "holds no card" in refused(none, "Cy: play dont-buzz").message


# --- the odds at a side's own re-roll -------------------------------------------------------

def test_the_odds_at_each_sides_reroll_keep_and_best_and_while_the_dice_are_due():
    """At the attacker's re-roll: the chance if Ann keeps her dice and with her best re-roll;
    the re-roll chosen, the chance over the ways the dice may fall (the best re-roll's when
    it is the best); at the defender's, 1 or 0 kept and the chance against its best
    re-roll (Bo's b1,b2 against Ann's 3: two black dice re-rolled beat 3 but for 1+1, 1+2,
    2+1: 31 of 36)."""
    from fractions import Fraction

    from hyvekit.rules.queenbee import fight as F
    t = _three_battle("pass", "b1")                  # Ann's warrior: b1, against two warriors
    keep, best = F.reroll_chances(t, t.fight)
    assert keep == 0 and 0 < best < 1
    view = ENGINE.view(t)["battle"]
    assert view["attack_odds"] == F.percent(best) and view["attack_odds_keep"] == "0.0%"
    assert view["rerolling"] == "Ann"
    t2 = do(t, "reroll b1")
    assert F.rerolled_chance(t2, t2.fight) == best
    assert ENGINE.view(t2)["battle"]["attack_odds"] == F.percent(best)
    t = _three_battle("pass", "b3", "keep", "b1,b2")
    keep, best = F.reroll_chances(t, t.fight)
    assert keep == 1 and best == 1 - Fraction(31, 36)
    assert ENGINE.view(t)["battle"]["rerolling"] == "Bo"
