"""``hyvekit beelives review`` (docs/advisor.md, "Review"): the player's choices that scored
less than a better option beyond the intervals, the greatest loss first, in 80 columns; a
game of the default player's own choices has few; the same seed gives the same review,
whichever processes play the rollouts."""

from __future__ import annotations

import json
import random

from hyvekit.games import campaign_store
from hyvekit.games.advisor import positions, review
from hyvekit.games.beelives import advisor_game
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.table import play_steps


def _game(hk, name: str, bad: int) -> list[str]:
    """A 2-player game played to its end by the default player, but for Ann's first ``bad``
    turns from May on that had the default player forage: she defends instead (bees kept
    home, the comb left empty).  The steps she took so, as stored."""
    hk("beelives", "new", name, "-p", "Ann:prolific", "-p", "Bo:aggressive")
    store = campaign_store(hk.campaigns)
    _, t = store.state(name.lower())
    rng, steps, bad_steps = random.Random(2), [], []
    while not (d := ENGINE.pending(t)).over:
        step = DP.choose(t, d, rng)
        defend = [o for o in d.legal if " defend " in o]
        if (len(bad_steps) < bad and d.kind == "action" and d.actor == "Ann"
                and t.game.month >= 3 and "forage" in step and defend):
            step = defend[0]
            bad_steps.append(str(step))
        tables = play_steps(ENGINE, t, [step], rng, auto=True)
        steps += [x.last_step for x in tables]
        t = tables[-1]
    store.append_many(name.lower(), [("step", {"do": s}) for s in steps])
    return bad_steps


def test_a_bad_choice_is_found_with_the_better_option_and_the_loss(hk):
    bad = _game(hk, "Bad", 3)
    assert bad
    got = hk("beelives", "review", "bad", "--player", "Ann", "--rollouts", "2",
             "--seed", "1", "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    mistakes = data["mistakes"]
    assert data["weighed"] > 10 and data["rollouts"] == 2
    assert all(m["player"] == "Ann" for m in mistakes)
    # a defence in place of the forage the default player would have taken is found
    found = [m for m in mistakes if m["chosen"] in bad]
    assert found, mistakes
    assert all(m["better"] != m["chosen"] for m in found)
    # every mistake lost more than its interval allows; the greatest loss first
    assert all(m["loss"] - m["loss_half"] > 0 and m["loss"] >= 0.5 for m in mistakes)
    losses = [m["loss"] for m in mistakes]
    assert losses == sorted(losses, reverse=True)
    # for people: within 80 columns, the loss in numbers, the way to the same numbers
    text = hk("beelives", "review", "bad", "--player", "Ann", "--rollouts", "2", "--seed",
              "1", env={"COLUMNS": "80"})
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert f"{len(mistakes)} of {data['weighed']} decisions" in lines[0]
    assert "better: " in text.stdout and " VP" in text.stdout
    assert "--seed 1 --rollouts 2" in text.stdout


def test_an_unknown_player_is_refused_in_one_line(hk):
    _game(hk, "Short", 0)
    got = hk("beelives", "review", "short", "--player", "Cy", "--rollouts", "2")
    assert got.returncode == 2 and "--player" in got.stdout + got.stderr
    assert "Ann, Bo" in got.stdout + got.stderr and "Traceback" not in got.stderr


def test_default_choices_review_with_few_mistakes_and_the_same_seed_gives_the_same(hk):
    _game(hk, "Plain", 0)
    store = campaign_store(hk.campaigns)
    record = store.load("plain")
    adapter = store.adapter("beelives", "campaign")
    game = advisor_game()
    found = positions(game, adapter.initial_state(record.header["settings"]), record.active,
                      adapter.play, "Ann")
    assert found and all(p.actor == "Ann" for p in found)
    late = [p for p in found if p.table.game.month >= 6]        # shorter rollouts
    one = review(game, late, 5, rollouts=3, jobs=1)
    two = review(game, late, 5, rollouts=3, jobs=2)
    assert one.mistakes == two.mistakes and one.weighed == len(late)
    # the default player's own choices: few found worse than another option
    assert len(one.mistakes) <= len(late) // 4, [m for _, m in one.mistakes]


def test_a_legal_step_the_engine_refuses_is_not_weighed_by_a_hint_or_a_review(hk):
    """After a raid that took the wild hive to 0 ("nothing to sacrifice"), the sacrifice
    decision lists more than ``sacrifice 0`` but the engine takes only that: neither the
    hint nor the review fails on it."""
    from hyvekit.games.advisor import advise
    from hyvekit.rules.common import IllegalActionError
    hk("beelives", "new", "Raid", "-p", "Ann:prolific", "-p", "Bo:aggressive")
    store = campaign_store(hk.campaigns)
    _, t = store.state("raid")
    rng, steps, bad = random.Random(2), [], 0
    while not (d := ENGINE.pending(t)).over:
        step = DP.choose(t, d, rng)
        if d.kind == "action" and d.actor == "Ann" and bad < 3 and t.game.month >= 3:
            defend = [o for o in d.legal if "defend" in o]
            if defend and defend[0] != step:
                step, bad = defend[0], bad + 1
        tables = play_steps(ENGINE, t, [step], rng, auto=True)
        steps += [x.last_step for x in tables]
        t = tables[-1]
    store.append_many("raid", [("step", {"do": s}) for s in steps])
    game = advisor_game()
    record = store.load("raid")
    adapter = store.adapter("beelives", "campaign")
    found = positions(game, adapter.initial_state(record.header["settings"]), record.active,
                      adapter.play, "Ann")

    def refused(p, option):
        try:
            play_steps(ENGINE, p.table, [option], random.Random(0), auto=True)
        except IllegalActionError:
            return True
        return False
    odd = [p for p in found if p.kind == "sacrifice"
           and any(refused(p, o) for o in ENGINE.pending(p.table).legal)]
    assert odd, "the game has no such sacrifice decision any more"
    p = odd[0]
    hint = advise(game, p.table, 1, rollouts=2, jobs=1)
    assert hint.estimates and not any(refused(p, e.option) for e in hint.estimates)
    assert not any(refused(p, o) for o in hint.left_out)
    assert review(game, [p], 1, rollouts=2, jobs=1).weighed == 1
