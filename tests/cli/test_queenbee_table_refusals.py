"""A new player at the Queen Bee table, typing what the tool prints and mistyping some of it:
each refusal is one line naming what was given and what is allowed (exit 2 for bad input,
exit 1 and the rule for a rule broken), and the step that closes a decision is never hidden."""

from __future__ import annotations

import json
import re


def _new(hk, *players):
    r = hk("queenbee", "new", "Friday", *[a for p in players or ("Ann", "Bo")
                                             for a in ("-p", p)])
    assert r.returncode == 0, r.stderr


def _do(hk, *steps):
    r = hk("queenbee", "do", "friday", *steps)
    assert r.returncode == 0, r.stderr
    return r


def _refused(hk, step, code):
    r = hk("queenbee", "do", "friday", step)
    assert r.returncode == code, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr


def _legal_lines(out: str) -> str:
    """The lines of ``next`` between ``due:`` and ``next:`` (the legal steps)."""
    return out.split("due:", 1)[1].split("\nnext:", 1)[0]


def test_next_shows_done_while_a_flight_has_hundreds_of_moves(hk):
    _new(hk)
    _do(hk, "flight")
    out = hk("queenbee", "next", "friday").stdout
    legal = _legal_lines(out).split("\n", 1)[1]
    assert "more" in legal                           # a long list, cut short…
    assert re.search(r"(^|· )done($| ·)", legal, re.M), legal   # …but the way out is shown


def test_the_also_line_is_indented_on_every_line_it_is_wrapped_into(hk):
    _new(hk)
    out = hk("queenbee", "next", "friday").stdout
    also = out.split("(also:", 1)[1].split("\nnext:", 1)[0].splitlines()[1:]
    assert also and all(line.startswith("  ") for line in also), also


def test_a_step_of_another_decision_is_refused_in_words_with_the_step_that_ends_it(hk):
    _new(hk)
    _do(hk, "flight", "move warrior H1b G1b", "move worker H1d G1a",
        "move worker E1a G1a")                      # 2 + 2 + 1: the Flight is over
    err = _refused(hk, "done", 1)
    assert "not a step of the decision due" in err and "a effects step" not in err
    assert err.rstrip().endswith("; end"), err      # the effect window's way out, listed


def _face_to_face(hk):
    """Ann's warrior on G1b, Bo's on I1: Ann's turn (the example of test_queenbee_table_cli)."""
    _new(hk)
    _do(hk, "flight", "move warrior H1b G1b", "move warrior H1b G1b",
        "move worker H1d G1b", "end")
    _do(hk, "flight", "move warrior H4b G4b", "move warrior G4b I4", "move warrior I4 I1",
        "end")


def test_a_refused_attack_lists_the_attacks_that_are_legal(hk):
    _face_to_face(hk)
    _do(hk, "sting")
    err = _refused(hk, "attack G1b I2", 1)
    assert "Queen Bee: Turn Order — D. Sting" in err
    assert "Legal: attack G1b I1" in err, err       # not the first eight of 80 moves


def test_a_mistyped_player_is_bad_input_with_the_close_name(hk):
    _new(hk)
    err = _refused(hk, "Bob: flight", 2)
    assert "player: got 'Bob', expected one of Ann, Bo" in err and "did you mean Bo" in err
    err = _refused(hk, "play bandit Boo", 2)
    assert "player: got 'Boo'" in err and "did you mean Bo" in err


def _battle(hk):
    _face_to_face(hk)
    _do(hk, "sting", "attack G1b I1")               # step 1: Smoker or Stuck in a Web


def test_a_mistyped_battle_card_is_bad_input_and_an_effect_card_names_its_rule(hk):
    _battle(hk)
    err = _refused(hk, "play smokr", 2)
    assert "battle card: got 'smokr'" in err and "did you mean smoker" in err
    err = _refused(hk, "play honey", 1)
    assert "Queen Bee: Effect Cards" in err and "Honey is an effect card" in err
    r = _do(hk, "play Smoker", "--json")            # the card as printed on it
    assert '"play smoker"' in hk("campaign", "history", "friday", "--json").stdout
    assert r.returncode == 0


def test_a_face_no_die_has_and_the_wrong_dice_are_refused_in_words(hk):
    _battle(hk)
    _do(hk, "pass")                                 # 2 black dice and 1 yellow die due
    err = _refused(hk, "b5,b3,y3", 1)
    assert "a black die has the faces b1, b2, b3, b4, not b5" in err
    err = _refused(hk, "b4,b3", 1)
    assert "2 black dice and 1 yellow die are due, got 2 black dice" in err
    assert "{" not in err, err                      # no Python dict in the player's line


def test_a_swarm_onto_an_opponents_space_says_whose_bees_are_there(hk):
    _new(hk)
    _do(hk, "flight", "move worker H1d G1a", "move worker E1a G1a", "done",
        "end")                                      # Ann's 2 workers on G1a: Bo's turn
    err = _refused(hk, "swarm G1a", 1)
    assert "Queen Bee: Turn Order — B. Swarm" in err and "G1a holds 2 workers (Ann's)" in err


def test_a_long_decision_wraps_indented_in_a_narrow_terminal(hk):
    _new(hk)
    out = hk("queenbee", "next", "friday", env={"COLUMNS": "50"}).stdout
    due = _legal_lines(out).splitlines()
    assert len(due) > 2 and all(line.startswith("  ") for line in due[1:]), due


def test_a_refused_hive_skill_lists_both_cards_dealt(hk):
    r = hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "--skills", "one")
    assert r.returncode == 0, r.stderr
    _do(hk, "dealt Fast Wings, Thick Armor")
    err = _refused(hk, "skill Fast Wing", 1)
    assert err.rstrip().endswith("Legal: skill fast wings; skill thick armor"), err


def test_an_effect_card_refused_says_why_in_the_cards_own_terms(hk):
    _new(hk)
    err = _refused(hk, "play knighthood H1a warrior", 1)
    assert "Queen Bee: Effect Cards" in err and "Ann has none in reserve" in err
    err = _refused(hk, "play bandit Ann", 1)
    assert "Bandit is played on an opponent still in the game: Ann is not one" in err
    _do(hk, "flight", "move warrior H1b G1b", "done")
    err = _refused(hk, "play bee-larvae", 1)
    assert "Bee Larvae adds bees to a Reinforcement: played before the action" in err


def test_a_preview_says_the_bees_a_step_moves_in_words(hk):
    _battle(hk)
    r = _do(hk, "pass", "b4,b3,y3", "keep", "b1", "keep", "--json")
    accept = json.loads(r.stdout)["preview"]["accept"]
    assert "I1 Bo: 1 warrior → empty" in accept and "spaces." not in accept, accept


def test_a_hive_skill_card_past_the_twelfth_is_bad_input(hk):
    r = hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "--skills", "two")
    assert r.returncode == 0, r.stderr
    err = _refused(hk, "skill card-13", 2)
    assert "skill: got 'card-13', expected card-1 … card-12" in err
    _do(hk, "skill card-12")                        # the twelfth is one of them


def test_hyvekits_card_names_are_read_however_typed(hk):
    r = hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "--skills", "one")
    assert r.returncode == 0, r.stderr
    _do(hk, "dealt card-3, Card-07")
    _do(hk, "skill card3")
    assert "Ann: skill card-3" in hk("campaign", "history", "friday").stdout


def test_a_preview_says_the_action_begun_and_the_spaces_left_in_words(hk):
    from hyvekit.games import campaign_store
    from hyvekit.rules.queenbee.engine import ENGINE
    _new(hk)
    preview = json.loads(hk("queenbee", "next", "friday", "--json").stdout)["preview"]
    assert preview["flight"] == "Flight begins: 5 spaces to move", preview["flight"]
    honey = preview["play honey"]
    assert "played: Ann's Honey" in honey and "none→" not in honey, honey
    _do(hk, "flight")
    t = campaign_store(hk.campaigns).state("friday")[1]
    moved = ENGINE.changes(ENGINE.view(t), ENGINE.view(ENGINE.push(t, "move warrior H1b G1b")))
    assert "Flight: 5 → 3 spaces left" in moved and "G1b empty → Ann: 1 warrior" in moved


def test_a_match_whose_player_is_not_in_the_group_names_the_match_not_players(hk):
    """log-match takes no --players: a player of the match missing from the group's roster
    is named as the match's, with the group's players."""
    import random

    from hyvekit.games import campaign_store
    from hyvekit.rules.queenbee.engine import ENGINE
    _new(hk)
    t, rng = campaign_store(hk.campaigns).state("friday")[1], random.Random(2)
    while not ENGINE.pending(t).over:
        t = ENGINE.push(t, rng.choice(ENGINE.pending(t).legal), rng)
    _do(hk, *t.steps)
    assert hk("queenbee", "new", "Hive", "--players", "ann,bob").returncode == 0
    err = hk("queenbee", "log-match", "hive", "friday").stderr
    assert "the players of match 'friday': got 'Bo', expected a player of this group: ann, " \
           "bob" in err and "--players" not in err.split("expected")[0], err


def test_a_reroll_of_a_die_not_rolled_names_the_dice_that_may_be(hk):
    _battle(hk)
    _do(hk, "pass", "b4,b3,y3")
    err = _refused(hk, "reroll b1", 1)
    assert "re-roll one or more of Ann's own dice, each die once: b4,b3,y3" in err, err
    assert "Legal: reroll" in err and "keep" in err


def test_tangled_signals_and_pesticides_refusals_name_whose_bees(hk):
    _new(hk, "Ann", "Bo", "Cy")                     # hives 1, 3, 5
    _do(hk, "play tangled-signals")
    err = _refused(hk, "move worker E1a G1a", 1)    # Ann's own worker
    assert "Effect Cards — Tangled Signals" in err
    assert "Tangled Signals moves opponents' bees; E1a holds Ann's" in err
    err = _refused(hk, "move warrior H3d G3b", 1)   # no warrior of Bo's on H3d
    assert "no warrior of Bo's on H3d" in err, err
    _do(hk, "done", "play pesticides")
    err = _refused(hk, "remove warrior H5a", 1)     # Cy's bee, while Bo chooses
    assert "Effect Cards — Pesticides" in err and "Bo removes one of their own" in err, err


def test_a_secret_move_refused_says_which_of_the_cards_conditions_fails(hk):
    _new(hk)
    _do(hk, "flight", "move worker H1d G1a", "move worker E1a G1a")
    err = _refused(hk, "Bo: play secret-move H4a", 1)
    assert "H4a is a hive space: Secret Move takes the queen to no hive or nest space" in err
    assert "['" not in err, err
    assert "[expected C, G1b, G1c" in err and "more, given H4a]" in err
    err = _refused(hk, "Bo: play secret-move G1a", 1)
    assert "G1a is occupied by Ann's bees" in err, err


def test_what_a_step_did_wraps_indented_with_the_cards_text(hk):
    _new(hk)
    out = hk("queenbee", "do", "friday", "play honey", env={"COLUMNS": "50"}).stdout
    said = out.split("Queen Bee ·", 1)[0].splitlines()
    assert said[0].startswith("  Ann plays Honey") and len(said) > 2, said
    assert all(line.startswith("  ") for line in said), said       # none at the margin


def test_an_empty_battle_step_suggests_nothing_and_a_typo_its_verb(hk):
    _battle(hk)
    _do(hk, "pass", "b4,b3,y3")                     # Ann's re-roll is due
    err = _refused(hk, "", 2)
    assert "step: got ''" in err and "did you mean" not in err, err
    assert "did you mean keep" in _refused(hk, "kep", 2)
