"""Exact Queen Bee attack odds, checked against brute force and a seeded simulation.

The brute-force oracle below plays the same model as ``hyvekit.rules.queenbee.odds`` with
ordered dice and *every* subset of dice to re-roll (the library searches only "the lowest k of
each colour") and with every die as a card target (the library takes the lowest for Maximum
Power), so it checks both the arithmetic and the shortcuts.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.queenbee.battle import Bees
from hyvekit.data import queenbee as tables
from hyvekit.rules.queenbee import odds
from hyvekit.rules.queenbee.odds import OddsModel
from hyvekit.rules.queenbee.tables import dice_from_table

DICE = tables.dice()
CARDS = tables.cards()


def attack_odds(*args, **kwargs):
    """The odds with the packaged card table."""
    return odds.attack_odds(*args, card_table=CARDS, **kwargs)


def card_tokens(names):
    return odds.card_tokens(names, CARDS)

FACES = {"y": DICE.yellow, "b": DICE.black}
MAXI = {"y": 3, "b": 4}


def outcomes(colours):
    return list(product(*[FACES[c] for c in colours]))


def subsets(n):
    return [[i for i in range(n) if m >> i & 1] for m in range(1 << n)]


def avg(values):
    values = list(values)
    return sum(values, Fraction(0)) / len(values)


# --- brute-force oracle --------------------------------------------------------------------

@lru_cache(maxsize=None)
def card_value(a, bonus, d, cards):
    """a, d: tuples of (colour, pips); the attacker plays its cards while losing."""
    if sum(v for _, v in a) + bonus >= sum(v for _, v in d):
        return Fraction(1)
    best = Fraction(0)
    for c in set(cards):
        rest = list(cards)
        rest.remove(c)
        rest = tuple(rest)
        options = []
        if c == "SS":
            options.append(card_value(a, bonus + 1, d, rest))
        elif c == "MP":
            for i, (col, v) in enumerate(a):
                options.append(card_value(a[:i] + ((col, MAXI[col]),) + a[i + 1:], bonus, d, rest))
        elif c in ("SN", "AY", "AB"):
            col = "b" if c == "AB" else "y"
            again = avg(card_value(a + ((col, g),), bonus, d, rest) for g in FACES[col])
            options.append(avg(max(card_value(a + ((col, f),), bonus, d, rest), again)
                               for f in FACES[col]))
        elif c == "HP":
            for i, (col, _) in enumerate(a):
                options.append(avg(card_value(a[:i] + ((col, g),) + a[i + 1:], bonus, d, rest)
                                   for g in FACES[col]))
            for i, (col, _) in enumerate(d):
                options.append(avg(card_value(a, bonus, d[:i] + ((col, g),) + d[i + 1:], rest)
                                   for g in FACES[col]))
        elif c == "AA":
            options.append(rounds(a, bonus, d, rest, 2))
        best = max([best] + options)
    return best


@lru_cache(maxsize=None)
def rounds(a, bonus, d, rest, n):
    best = card_value(a, bonus, d, rest)
    if n == 0:
        return best
    for sub in subsets(len(a))[1:]:
        vals = []
        for rr in outcomes([a[i][0] for i in sub]):
            new = list(a)
            for i, v in zip(sub, rr):
                new[i] = (a[i][0], v)
            vals.append(rounds(tuple(new), bonus, d, rest, n - 1))
        best = max(best, avg(vals))
    return best


def brute_odds(att, dfn, cards=(), reroll=True):
    """att, dfn: colour strings like "bby"."""
    cards = tuple(sorted(cards))
    subs_a = subsets(len(att)) if reroll else [[]]
    subs_d = subsets(len(dfn)) if reroll else [[]]

    def rerolled(colours, roll, sub):
        out = []
        for rr in outcomes([colours[i] for i in sub]):
            new = list(roll)
            for i, v in zip(sub, rr):
                new[i] = v
            out.append(tuple(new))
        return out

    @lru_cache(maxsize=None)
    def win(final_a):
        s = sum(final_a)
        a = tuple(zip(att, final_a))
        total = Fraction(0)
        for droll in outcomes(dfn):
            # defender: best chance to beat s strictly, fewest dice among equals
            best, best_finals = Fraction(-1), None
            for sub in sorted(subs_d, key=len):
                finals = rerolled(dfn, droll, sub)
                p = avg(Fraction(sum(f) > s) for f in finals)
                if p > best:
                    best, best_finals = p, finals
            total += avg(card_value(a, 0, tuple(zip(dfn, f)), cards) for f in best_finals)
        return total / len(outcomes(dfn))

    return avg(max(avg(win(f) for f in rerolled(att, roll, sub)) for sub in subs_a)
               for roll in outcomes(att))


def model_odds(att, dfn, cards=(), reroll=True):
    bees_a = Bees(0, att.count("b"), att.count("y"))
    bees_d = Bees(0, dfn.count("b"), dfn.count("y"))
    return attack_odds(bees_a, bees_d, DICE, list(cards), reroll=reroll).probability


# --- exhaustive checks on small cases ----------------------------------------------------------

@pytest.mark.parametrize("att,dfn", [("b", "b"), ("y", "b"), ("b", "y"), ("bb", "b"),
                                     ("by", "bb"), ("yy", "by"), ("b", "byy"), ("bby", "y")])
@pytest.mark.parametrize("reroll", [True, False])
def test_no_cards_matches_exhaustive_enumeration(att, dfn, reroll):
    assert model_odds(att, dfn, reroll=reroll) == brute_odds(att, dfn, reroll=reroll)


def test_one_warrior_each_without_reroll_by_hand():
    # black faces 1,2,2,3,3,4: P(A >= D) = sum over a of P(D <= a) / 6
    cdf = {1: 1, 2: 3, 3: 5, 4: 6}
    expected = Fraction(sum(cdf[a] for a in DICE.black), 36)
    assert model_odds("b", "b", reroll=False) == expected == Fraction(23, 36)


@pytest.mark.parametrize("cards,att,dfn", [
    (("strong-sting",), "b", "b"), (("strong-sting",), "by", "y"),
    (("maximum-power",), "by", "b"), (("maximum-power",), "yy", "b"),
    (("sneaky-sting",), "b", "b"), (("call-for-help",), "y", "b"),
    (("call-for-help:worker",), "b", "b"), (("ally",), "y", "b"),
    (("helping-paw",), "by", "b"), (("again-and-again",), "by", "b"),
    (("strong-sting", "maximum-power"), "yy", "b"),
    (("helping-paw", "strong-sting"), "b", "y"),
    (("sneaky-sting", "maximum-power"), "b", "b"),
])
def test_cards_match_exhaustive_enumeration(cards, att, dfn):
    tokens = card_tokens(list(cards))[0]
    assert model_odds(att, dfn, cards) == brute_odds(att, dfn, tokens)


def test_stuck_in_a_web_equals_one_defending_worker_fewer():
    web = attack_odds(Bees(0, 1, 0), Bees(0, 1, 1), DICE, ["stuck-in-a-web"]).probability
    assert web == model_odds("b", "b")
    web = attack_odds(Bees(0, 1, 0), Bees(1, 1, 0), DICE, ["stuck-in-a-web"]).probability
    assert web == model_odds("b", "b")
    with pytest.raises(IllegalActionError, match="Stuck in a Web"):
        attack_odds(Bees(0, 1, 0), Bees(0, 1, 0), DICE, ["stuck-in-a-web"])


def test_cards_never_lower_the_chance_and_no_effect_cards_change_nothing():
    base = model_odds("bb", "by")
    for card in ("strong-sting", "maximum-power", "sneaky-sting", "call-for-help",
                 "helping-paw", "again-and-again"):
        assert model_odds("bb", "by", (card,)) > base
    for card in ("smoker", "bee-escape", "dont-buzz"):
        assert model_odds("bb", "by", (card,)) == base


def test_limits_are_bad_input():
    with pytest.raises(InvalidInputError, match="at most 10"):
        attack_odds(Bees(1, 7, 3), Bees(0, 1, 0), DICE)
    with pytest.raises(InvalidInputError, match="at most 6"):
        attack_odds(Bees(0, 4, 3), Bees(0, 1, 0), DICE, ["helping-paw"])
    with pytest.raises(InvalidInputError):
        attack_odds(Bees(0, 1, 0), Bees(0, 1, 0), DICE, ["honey"])
    with pytest.raises(InvalidInputError):
        attack_odds(Bees(0, 1, 0), Bees(0, 1, 0), DICE, ["strong-sting:worker"])


def test_own_faces_change_the_result():
    flat = dice_from_table({"yellow": [3, 3, 3], "black": [4, 4, 4, 4]}, "mine.toml")
    assert not flat.assumed
    # every die shows its maximum: one warrior always beats one worker, never vice versa
    assert attack_odds(Bees(0, 1, 0), Bees(0, 0, 1), flat).probability == 1
    assert attack_odds(Bees(0, 0, 1), Bees(0, 1, 0), flat).probability == 0
    with pytest.raises(InvalidInputError, match="Maximum Power"):
        dice_from_table({"yellow": [1, 2, 3], "black": [1, 2, 3, 5]})


def test_result_mentions_assumed_faces():
    r = attack_odds(Bees(0, 1, 0), Bees(0, 1, 0), DICE)
    assert r.faces_assumed and any("assumed" in n for n in r.notes)
    assert r.to_dict()["fraction"] == f"{r.probability.numerator}/{r.probability.denominator}"


# --- seeded simulation on a large case ---------------------------------------------------------

def simulate(model: OddsModel, ny, nb, my, mb, n, rng):
    """Play ``n`` battles with real dice, using the model's re-roll decisions."""
    a_choice, d_choice = {}, {}
    wins = 0
    for _ in range(n):
        ay = sorted(rng.choice(DICE.yellow) for _ in range(ny))
        ab = sorted(rng.choice(DICE.black) for _ in range(nb))
        key = (tuple(ay), tuple(ab))
        if key not in a_choice:
            a_choice[key] = model.attacker_reroll(key[0], key[1], my, mb)
        ky, kb = a_choice[key]
        s = sum(ay[ky:]) + sum(ab[kb:]) + sum(rng.choice(DICE.yellow) for _ in range(ky)) \
            + sum(rng.choice(DICE.black) for _ in range(kb))
        dy = tuple(sorted(rng.choice(DICE.yellow) for _ in range(my)))
        db = tuple(sorted(rng.choice(DICE.black) for _ in range(mb)))
        if (dy, db, s) not in d_choice:
            d_choice[(dy, db, s)] = model.defender_reroll(dy, db, s)
        jy, jb = d_choice[(dy, db, s)]
        d = sum(dy[jy:]) + sum(db[jb:]) + sum(rng.choice(DICE.yellow) for _ in range(jy)) \
            + sum(rng.choice(DICE.black) for _ in range(jb))
        wins += s >= d
    return wins / n


def test_large_case_agrees_with_a_seeded_simulation():
    ny, nb, my, mb = 3, 3, 2, 3
    model = OddsModel(DICE)
    exact = model.probability(ny, nb, my, mb)
    n = 20_000
    estimate = simulate(model, ny, nb, my, mb, n, random.Random(2024))
    sigma = math.sqrt(float(exact) * (1 - float(exact)) / n)
    # 5 standard errors: a correct model fails this with probability below 1e-6
    assert abs(estimate - float(exact)) < 5 * sigma


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(1, 2))
def test_one_more_attacking_warrior_never_lowers_the_chance(ay, ab, dy, db):
    model = OddsModel(DICE)
    if ay + ab == 0:
        ab = 1
    assert model.probability(ay, ab + 1, dy, db) >= model.probability(ay, ab, dy, db)


def test_reroll_cards_are_limited_so_every_answer_comes_in_seconds():
    with pytest.raises(InvalidInputError, match="re-roll"):
        attack_odds(Bees(0, 3, 3), Bees(0, 2, 2), DICE, ["again-and-again"])
    with pytest.raises(InvalidInputError, match="re-roll"):
        attack_odds(Bees(0, 2, 2), Bees(0, 2, 2), DICE, ["again-and-again", "helping-paw"])
    allowed = attack_odds(Bees(0, 2, 2), Bees(0, 2, 2), DICE, ["again-and-again"])
    assert 0 < allowed.probability < 1


def test_odds_refuse_bees_a_player_does_not_have_or_five_on_a_space():
    with pytest.raises(IllegalActionError, match="1 queen"):
        attack_odds(Bees(2, 0, 0), Bees(0, 1, 0), DICE)
    with pytest.raises(IllegalActionError, match="7 warriors"):
        attack_odds(Bees(0, 8, 0), Bees(0, 1, 0), DICE)
    with pytest.raises(IllegalActionError, match="at most 4 bees"):
        attack_odds(Bees(0, 1, 0), Bees(0, 3, 2), DICE)
