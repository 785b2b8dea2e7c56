"""Exact probability that a Queen Bee attack succeeds (computed, not sampled).

Rulebook sections: Gameplay: Battle (Sequence of Battle: "After the first roll, the player may
re-roll any dice"; "An attack is successful if the attacker's total on the dice is EQUAL to or
HIGHER than the defender's"), Dice, Card Descriptions (Battle Cards).

Units: dice, pips, probability (an exact :class:`fractions.Fraction` in [0, 1]).

The model (rulings Q-odds in ``docs/queenbee.md``):

1. Before the battle the attacker's Stuck in a Web (if named) takes the die of the defender's
   weakest bee away (a yellow die if the defender has a worker, else a black one); it is not
   allowed against a single bee.
2. The attacker rolls one die per bee and may re-roll any of them once.  The attacker plays to
   maximise the probability of winning, knowing how the defender answers and how its own cards
   will be used.
3. The defender rolls and may re-roll once, seeing the attacker's total: it re-rolls the dice
   that maximise the probability of a strictly higher total (the attacker wins ties).  The
   defender does not know the attacker's hand, so its choice ignores the attacker's cards; among
   equally good choices it re-rolls as few dice as possible.
4. If the attacker is losing, it plays its named cards one at a time, each chosen to maximise
   the chance of winning, until it wins or runs out.  The defender plays no battle cards (as
   after the attacker's Smoker); Smoker, Bee Escape and Don't Buzz therefore change nothing.

Cards modelled: Strong Sting (+1 pip on one die, above the maximum allowed), Maximum Power (one
die to its maximum, 4 black / 3 yellow), Sneaky Sting (one more yellow die, which may be
re-rolled once), Call for Help and Ally (one more bee: its die, re-rollable once; a warrior's
black die unless a worker is named), Helping Paw (one die of either side re-rolled), Again and
Again (up to two more re-rolls of any of the attacker's own dice), Stuck in a Web (step 1).

Re-rolling: with a value that only grows when a die shows more pips, re-rolling the lowest ``k``
dice of a colour is always at least as good as re-rolling any other ``k`` dice of that colour
(the kept dice add up to more, the new ones are alike), so the search runs over ``(k yellow,
k black)`` instead of every subset; a test checks this against every subset on small cases.

Exact arithmetic: multisets of sorted dice carry integer weights (ordered outcomes), the
attacker's and defender's decisions compare whole numbers over a common denominator, and the
card phase uses :class:`~fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.queenbee.battle import Bees, r_card
from hyvekit.rules.queenbee.tables import BLACK, YELLOW, Card, Dice, find_card
from hyvekit.rules.values import dataclass

MAX_DICE = 10              # per side: the box has 10 dice of each colour
MAX_DICE_SENSITIVE = 6     # per side, when Maximum Power, Helping Paw or Again and Again is named
MAX_CARDS = 6
STRONG_STING_PIPS = 1      # Strong Sting: "Increase the value of one die by 1"
AGAIN_REROLLS = 2          # Again and Again: "Re-roll any number of your dice up to 2 times"

# internal card tokens
STRONG, MAXPOW, SNEAKY, PAW, AGAIN, ADD_Y, ADD_B = "SS", "MP", "SN", "HP", "AA", "AY", "AB"
SENSITIVE = frozenset({MAXPOW, PAW, AGAIN})
REROLL_CARDS = frozenset({PAW, AGAIN})
MAX_REROLL_WORK = 10        # dice of both sides + 2 per re-roll card (exact odds in seconds)
NO_EFFECT = ("Smoker", "Bee Escape", "Don't Buzz")
ONE, ZERO = Fraction(1), Fraction(0)

Multiset = tuple[int, ...]


@dataclass(frozen=True)
class OddsResult:
    """An exact attack probability.

    :ivar probability: P(attack succeeds), exact.
    :ivar attacker_dice, defender_dice: ``(yellow, black)`` dice rolled in step 2 / 3.
    :ivar cards: the attacker's cards as named (in the rulebook's spelling).
    :ivar notes: modelling remarks (cards without effect, the web, assumed faces).
    """

    probability: Fraction
    attacker_dice: tuple[int, int]
    defender_dice: tuple[int, int]
    reroll: bool
    cards: tuple[str, ...]
    notes: tuple[str, ...]
    faces_assumed: bool

    @property
    def percent(self) -> float:
        """The probability in percent."""
        return float(self.probability) * 100

    def to_dict(self) -> dict[str, Any]:
        """The odds as ``--json`` prints them."""
        return {"probability": float(self.probability),
                "fraction": f"{self.probability.numerator}/{self.probability.denominator}",
                "percent": round(self.percent, 4),
                "attacker_dice": {"yellow": self.attacker_dice[0], "black": self.attacker_dice[1]},
                "defender_dice": {"yellow": self.defender_dice[0], "black": self.defender_dice[1]},
                "reroll": self.reroll, "cards": list(self.cards), "notes": list(self.notes),
                "faces_assumed": self.faces_assumed}


#: the attacker cards whose effect is one token of the computation
_TOKEN_CARDS = {"Strong Sting": STRONG, "Maximum Power": MAXPOW, "Sneaky Sting": SNEAKY,
                "Helping Paw": PAW, "Again and Again": AGAIN}
#: every card :func:`card_tokens` takes (its ``--help`` lists them)
ODDS_CARDS = (*_TOKEN_CARDS, "Call for Help", "Ally", "Stuck in a Web", *NO_EFFECT)


def card_tokens(names: list[str] | tuple[str, ...], card_table: Mapping[str, Card]
                ) -> tuple[tuple[str, ...], tuple[str, ...], bool, tuple[str, ...]]:
    """Named attacker cards → ``(tokens, rulebook names, stuck-in-a-web?, notes)``, the names
    looked up in ``card_table`` (the card table by name).

    ``call-for-help:worker`` / ``ally:worker`` add a yellow die, otherwise a black one.

    :raises InvalidInputError: an unknown card or one that is not a battle/sudden card the
        model knows.
    """
    tokens: list[str] = []
    shown: list[str] = []
    notes: list[str] = []
    web = False
    for raw in names:
        text, _, bee = str(raw).partition(":")
        card = find_card(text, card_table, field="--card")
        bee = bee.strip().lower().rstrip("s")
        if bee and card.name not in ("Call for Help", "Ally"):
            raise InvalidInputError("--card", raw, "a bee (:worker/:warrior/:queen) only after "
                                    "Call for Help or Ally")
        if bee and bee not in ("queen", "warrior", "worker"):
            raise InvalidInputError("--card", raw, "call-for-help:worker, :warrior or :queen")
        if card.name in _TOKEN_CARDS:
            tokens.append(_TOKEN_CARDS[card.name])
        elif card.name in ("Call for Help", "Ally"):
            tokens.append(ADD_Y if bee == "worker" else ADD_B)
        elif card.name == "Stuck in a Web":
            if web:
                raise IllegalActionError(r_card("Stuck in a Web"), "the defender's weakest bee "
                                         "is already stuck; one web per battle")
            web = True
        elif card.name in NO_EFFECT:
            notes.append(f"{card.name} does not change the chance of success in this model "
                         "(the defender plays no cards)")
        else:
            raise InvalidInputError("--card", raw, "a battle card or Ally/Don't Buzz (effect "
                                    f"cards are not played in a battle; {card.name} is "
                                    f"{'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind} card)")
        shown.append(card.name + (f" ({bee})" if bee else ""))
    if len(names) > MAX_CARDS:
        raise InvalidInputError("--card", len(names), f"at most {MAX_CARDS} cards")
    return tuple(sorted(tokens)), tuple(shown), web, tuple(notes)


# --- integer multiset distributions --------------------------------------------------------

@lru_cache(maxsize=None)
def _face_counts(faces: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return tuple(sorted(out.items()))


@lru_cache(maxsize=None)
def multisets(faces: tuple[int, ...], n: int) -> dict[Multiset, int]:
    """Sorted outcomes of ``n`` dice with ``faces`` → number of ordered outcomes (of
    ``len(faces) ** n``)."""
    dist: dict[Multiset, int] = {(): 1}
    for _ in range(n):
        nxt: dict[Multiset, int] = {}
        for ms, w in dist.items():
            for f, c in _face_counts(faces):
                key = tuple(sorted(ms + (f,)))
                nxt[key] = nxt.get(key, 0) + w * c
        dist = nxt
    return dist


@lru_cache(maxsize=None)
def sums(yfaces: tuple[int, ...], bfaces: tuple[int, ...], ky: int, kb: int) -> dict[int, int]:
    """Totals of ``ky`` yellow + ``kb`` black dice → ordered outcomes (of Fy**ky * Fb**kb)."""
    dist = {0: 1}
    for faces in (yfaces,) * ky + (bfaces,) * kb:
        nxt: dict[int, int] = {}
        for s, w in dist.items():
            for f, c in _face_counts(faces):
                nxt[s + f] = nxt.get(s + f, 0) + w * c
        dist = nxt
    return dist


@lru_cache(maxsize=None)
def _tails(yfaces: tuple[int, ...], bfaces: tuple[int, ...], ky: int, kb: int
           ) -> tuple[int, ...]:
    """``tails[t]`` = ordered outcomes of ``ky`` yellow + ``kb`` black dice totalling more
    than ``t`` pips, for t = 0 .. the highest total."""
    dist = sums(yfaces, bfaces, ky, kb)
    top = max(dist)
    return tuple(sum(c for s, c in dist.items() if s > t) for t in range(top + 1))


def _tail(yfaces, bfaces, ky: int, kb: int, t: int) -> int:
    """Ordered outcomes of the re-rolled dice totalling more than ``t`` pips."""
    tails = _tails(yfaces, bfaces, ky, kb)
    if t < 0:
        return len(yfaces) ** ky * len(bfaces) ** kb
    return tails[t] if t < len(tails) else 0


class OddsModel:
    """Exact attack odds for one dice set and one list of attacker cards.

    :param dice: die faces (pips), see :class:`~hyvekit.rules.queenbee.tables.Dice`.
    :param cards: internal card tokens (see :func:`card_tokens`), sorted.
    :param reroll: allow the rulebook's one re-roll in steps 2 and 3.
    """

    def __init__(self, dice: Dice, cards: tuple[str, ...] = (), reroll: bool = True):
        self.yf, self.bf = dice.yellow, dice.black
        self.Fy, self.Fb = len(self.yf), len(self.bf)
        self.ymax, self.bmax = max(self.yf), max(self.bf)
        self.cards = tuple(sorted(cards))
        self.reroll = reroll
        self.need_def_ms = PAW in self.cards
        self.need_att_ms = bool(SENSITIVE & set(self.cards))
        self._v: dict[Any, Fraction] = {}
        self._rr: dict[Any, Fraction] = {}

    # -- options -----------------------------------------------------------------------
    def _options(self, ny: int, nb: int) -> list[tuple[int, int]]:
        if not self.reroll:
            return [(0, 0)]
        opts = [(ky, kb) for ky in range(ny + 1) for kb in range(nb + 1)]
        return sorted(opts, key=lambda o: (o[0] + o[1], o[1], o[0]))

    # -- step 3: the defender ------------------------------------------------------------
    def defender_reroll(self, dy: Multiset, db: Multiset, target: int) -> tuple[int, int]:
        """How many of its lowest yellow and black dice the defender re-rolls, given the
        attacker's total ``target`` (pips): the choice most likely to beat it strictly, fewest
        dice among equals."""
        return self._defender_choice(dy, db, target)[0]

    def _defender_choice(self, dy: Multiset, db: Multiset, target: int):
        my, mb = len(dy), len(db)
        best, best_opt = -1, (0, 0)
        for ky, kb in self._options(my, mb):
            kept = sum(dy[ky:]) + sum(db[kb:])
            wins = _tail(self.yf, self.bf, ky, kb, target - kept)
            scaled = wins * self.Fy ** (my - ky) * self.Fb ** (mb - kb)
            if scaled > best:
                best, best_opt = scaled, (ky, kb)
        return best_opt, best

    def defender_final(self, my: int, mb: int, target: int) -> tuple[dict[Any, int], int]:
        """Defender's final dice after its re-roll against ``target`` → weights and their
        denominator.  Keys are totals (pips), or ``(yellow, black)`` multisets when Helping Paw
        can still re-roll a defender die."""
        out: dict[Any, int] = {}
        common = self.Fy ** my * self.Fb ** mb
        for dy, wy in multisets(self.yf, my).items():
            for db, wb in multisets(self.bf, mb).items():
                (ky, kb), _ = self._defender_choice(dy, db, target)
                scale = wy * wb * self.Fy ** (my - ky) * self.Fb ** (mb - kb)
                if self.need_def_ms:
                    for ry, cy in multisets(self.yf, ky).items():
                        for rb, cb in multisets(self.bf, kb).items():
                            key = (tuple(sorted(dy[ky:] + ry)), tuple(sorted(db[kb:] + rb)))
                            out[key] = out.get(key, 0) + scale * cy * cb
                else:
                    kept = sum(dy[ky:]) + sum(db[kb:])
                    for s, c in sums(self.yf, self.bf, ky, kb).items():
                        out[kept + s] = out.get(kept + s, 0) + scale * c
        return out, common * common

    # -- step 4: the attacker's cards -------------------------------------------------------
    def card_phase(self, ay: Multiset, ab: Multiset, bonus: int, d: Any,
                   cards: tuple[str, ...]) -> Fraction:
        """P(attacker wins) from final dice ``ay``/``ab`` (+``bonus`` pips from Strong Sting)
        against defender dice ``d`` (a total, or a ``(yellow, black)`` multiset pair) with the
        attacker's remaining ``cards``."""
        a = sum(ay) + sum(ab) + bonus
        dt = d if isinstance(d, int) else sum(d[0]) + sum(d[1])
        if a >= dt:
            return ONE
        if not cards:
            return ZERO
        if not isinstance(d, int) and PAW not in cards:
            d = dt
        if not SENSITIVE & set(cards):
            ay, ab, bonus = (), (), a
        key = (ay, ab, bonus, d, cards)
        if key in self._v:
            return self._v[key]
        best = ZERO
        for i, c in enumerate(cards):
            if i and cards[i - 1] == c:
                continue
            rest = cards[:i] + cards[i + 1:]
            best = max(best, self._play(c, ay, ab, bonus, d, rest))
            if best == ONE:
                break
        self._v[key] = best
        return best

    def _add_die(self, colour: str, ay, ab, bonus, d, rest) -> Fraction:
        faces = self.yf if colour == YELLOW else self.bf

        def value(f: int) -> Fraction:
            if colour == YELLOW:
                return self.card_phase(tuple(sorted(ay + (f,))), ab, bonus, d, rest)
            return self.card_phase(ay, tuple(sorted(ab + (f,))), bonus, d, rest)

        vals = {f: value(f) for f, _ in _face_counts(faces)}
        again = sum(vals[f] * c for f, c in _face_counts(faces)) / len(faces)
        return sum(max(vals[f], again) * c for f, c in _face_counts(faces)) / len(faces)

    def _play(self, c: str, ay, ab, bonus, d, rest) -> Fraction:
        if c == STRONG:
            return self.card_phase(ay, ab, bonus + STRONG_STING_PIPS, d, rest)
        if c == SNEAKY or c == ADD_Y:
            return self._add_die(YELLOW, ay, ab, bonus, d, rest)
        if c == ADD_B:
            return self._add_die(BLACK, ay, ab, bonus, d, rest)
        if c == MAXPOW:
            best = ZERO
            if ay and ay[0] < self.ymax:
                best = max(best, self.card_phase(tuple(sorted(ay[1:] + (self.ymax,))), ab,
                                                 bonus, d, rest))
            if ab and ab[0] < self.bmax:
                best = max(best, self.card_phase(ay, tuple(sorted(ab[1:] + (self.bmax,))),
                                                 bonus, d, rest))
            return best
        if c == PAW:
            best = ZERO
            for colour, dice in ((YELLOW, ay), (BLACK, ab)):
                faces = self.yf if colour == YELLOW else self.bf
                for v in sorted(set(dice)):
                    i = dice.index(v)
                    tot = ZERO
                    for f, cnt in _face_counts(faces):
                        new = tuple(sorted(dice[:i] + dice[i + 1:] + (f,)))
                        args = (new, ab) if colour == YELLOW else (ay, new)
                        tot += cnt * self.card_phase(*args, bonus, d, rest)
                    best = max(best, tot / len(faces))
            if not isinstance(d, int):
                for idx, colour in ((0, YELLOW), (1, BLACK)):
                    faces = self.yf if colour == YELLOW else self.bf
                    dice = d[idx]
                    for v in sorted(set(dice)):
                        i = dice.index(v)
                        tot = ZERO
                        for f, cnt in _face_counts(faces):
                            new = tuple(sorted(dice[:i] + dice[i + 1:] + (f,)))
                            nd = (new, d[1]) if idx == 0 else (d[0], new)
                            tot += cnt * self.card_phase(ay, ab, bonus, nd, rest)
                        best = max(best, tot / len(faces))
            return best
        if c == AGAIN:
            return self._rounds(ay, ab, bonus, d, rest, AGAIN_REROLLS)
        raise InvalidInputError("card token", c, "a modelled card")  # pragma: no cover

    def _rounds(self, ay, ab, bonus, d, rest, rounds: int) -> Fraction:
        """Again and Again: up to ``rounds`` re-rolls of any of the attacker's dice."""
        if rounds == 0:
            return self.card_phase(ay, ab, bonus, d, rest)
        key = (ay, ab, bonus, d, rest, rounds)
        if key in self._rr:
            return self._rr[key]
        best = self.card_phase(ay, ab, bonus, d, rest)
        for ky, kb in [(y, b) for y in range(len(ay) + 1) for b in range(len(ab) + 1)][1:]:
            if best == ONE:
                break
            tot = ZERO
            for ry, cy in multisets(self.yf, ky).items():
                for rb, cb in multisets(self.bf, kb).items():
                    tot += cy * cb * self._rounds(tuple(sorted(ay[ky:] + ry)),
                                                  tuple(sorted(ab[kb:] + rb)), bonus, d, rest,
                                                  rounds - 1)
            best = max(best, tot / (self.Fy ** ky * self.Fb ** kb))
        self._rr[key] = best
        return best

    # -- step 2: the attacker --------------------------------------------------------------
    def win_given_attacker(self, ay: Multiset, ab: Multiset, my: int, mb: int) -> Fraction:
        """P(attacker wins) once its re-roll is done with dice ``ay``/``ab``, against a
        defender rolling ``my`` yellow and ``mb`` black dice."""
        target = sum(ay) + sum(ab)
        final, den = self._final_cache(my, mb, target)
        if not self.cards:
            return Fraction(sum(w for k, w in final.items() if k <= target), den)
        tot = ZERO
        for dkey, w in final.items():
            tot += w * self.card_phase(ay, ab, 0, dkey, self.cards)
        return tot / den

    @lru_cache(maxsize=None)
    def _final_cache(self, my: int, mb: int, target: int):
        return self.defender_final(my, mb, target)

    def attacker_reroll(self, ay: Multiset, ab: Multiset, my: int, mb: int) -> tuple[int, int]:
        """How many of its lowest yellow and black dice the attacker re-rolls (step 2)."""
        return self._attacker_choice(ay, ab, my, mb)[0]

    def attacker_best(self, ay: Multiset, ab: Multiset, my: int, mb: int) -> Fraction:
        """P(attacker wins) with its best re-roll of ``ay``/``ab`` (step 2), the defender to
        roll ``my`` yellow and ``mb`` black dice."""
        return self._attacker_choice(ay, ab, my, mb)[1]

    def defender_best(self, dy: Multiset, db: Multiset, target: int) -> Fraction:
        """P(the defender's total beats ``target`` strictly) with its best re-roll of
        ``dy``/``db`` (step 3)."""
        return Fraction(self._defender_choice(dy, db, target)[1],
                        self.Fy ** len(dy) * self.Fb ** len(db))

    def _attacker_choice(self, ay, ab, my, mb):
        best, best_opt, best_int = Fraction(-1), (0, 0), None
        for ky, kb in self._options(len(ay), len(ab)):
            tot = ZERO
            if self.need_att_ms:
                for ry, cy in multisets(self.yf, ky).items():
                    for rb, cb in multisets(self.bf, kb).items():
                        tot += cy * cb * self._w(tuple(sorted(ay[ky:] + ry)),
                                                 tuple(sorted(ab[kb:] + rb)), my, mb)
            else:
                # integers over a common denominator: only the total matters here
                top = len(ay) * self.ymax + len(ab) * self.bmax
                nums, den = self._w_scaled(my, mb, top)
                kept = sum(ay[ky:]) + sum(ab[kb:])
                scaled = sum(c * nums[kept + s] for s, c in
                             sums(self.yf, self.bf, ky, kb).items())
                scaled *= self.Fy ** (len(ay) - ky) * self.Fb ** (len(ab) - kb)
                if best_int is None or scaled > best_int:
                    best_int, best_opt = scaled, (ky, kb)
                    best = Fraction(scaled, den * self.Fy ** len(ay) * self.Fb ** len(ab))
                continue
            value = tot / (self.Fy ** ky * self.Fb ** kb)
            if value > best:
                best, best_opt = value, (ky, kb)
        return best_opt, best

    @lru_cache(maxsize=None)
    def _w_scaled(self, my: int, mb: int, top: int):
        """``(nums, den)``: W(total) = nums[total] / den for attacker totals 0..top pips."""
        values = [self._w_total(t, my, mb) for t in range(top + 1)]
        den = 1
        for v in values:
            den = den * v.denominator // gcd(den, v.denominator)
        return tuple(v.numerator * (den // v.denominator) for v in values), den

    @lru_cache(maxsize=None)
    def _w(self, ay, ab, my, mb) -> Fraction:
        return self.win_given_attacker(ay, ab, my, mb)

    @lru_cache(maxsize=None)
    def _w_total(self, total: int, my: int, mb: int) -> Fraction:
        # Without value-sensitive cards only the attacker's total matters: any dice adding up
        # to it give the same chance.
        return self.win_given_attacker((), (total,) if total else (), my, mb) if self.cards \
            else self._w_plain(total, my, mb)

    def _w_plain(self, total: int, my: int, mb: int) -> Fraction:
        final, den = self._final_cache(my, mb, total)
        return Fraction(sum(w for k, w in final.items() if k <= total), den)

    def probability(self, ny: int, nb: int, my: int, mb: int) -> Fraction:
        """P(attack succeeds): attacker rolls ``ny`` yellow + ``nb`` black dice, the defender
        ``my`` yellow + ``mb`` black (after Stuck in a Web)."""
        total = ZERO
        for ay, wy in multisets(self.yf, ny).items():
            for ab, wb in multisets(self.bf, nb).items():
                total += wy * wb * self._attacker_choice(ay, ab, my, mb)[1]
        return total / (self.Fy ** ny * self.Fb ** nb)


def attack_odds(attacker: Bees, defender: Bees, dice: Dice, cards: list[str] | tuple[str, ...]
                = (), reroll: bool = True, *, card_table: Mapping[str, Card]) -> OddsResult:
    """The exact probability that an attack succeeds (Gameplay: Battle).

    :param attacker, defender: bees taking part (workers roll yellow dice, warriors and the
        queen black dice).
    :param dice: the faces (pips) of each die.
    :param cards: the attacker's card names (``"strong-sting"``, ``"call-for-help:worker"``...).
    :param reroll: allow the one re-roll of steps 2 and 3 (the rules do; off for comparison).
    :param card_table: the card table by name, for looking up ``cards``.
    :raises InvalidInputError: more than 10 dice a side (6 with Maximum Power, Helping Paw or
        Again and Again), more than 6 cards, an unknown card.
    :raises IllegalActionError: Stuck in a Web against a single bee; more bees than a player
        has, or more than four defending bees on a space.
    """
    from hyvekit.rules.queenbee.battle import check_bee_counts
    check_bee_counts(attacker, defender)
    tokens, shown, web, notes = card_tokens(list(cards), card_table)
    notes = list(notes)
    ny, nb, my, mb = attacker.yellow, attacker.black, defender.yellow, defender.black
    if web:
        if defender.total < 2:
            raise IllegalActionError(r_card("Stuck in a Web"), "it cannot be used when "
                                     "attacking only 1 bee", given=defender.describe())
        if my:
            my -= 1
            notes.append("Stuck in a Web: the defender's weakest bee (a worker) rolls no die")
        else:
            mb -= 1
            notes.append("Stuck in a Web: the defender's weakest bee rolls no die")
    limit = MAX_DICE_SENSITIVE if SENSITIVE & set(tokens) else MAX_DICE
    added = sum(1 for t in tokens if t in (SNEAKY, ADD_Y, ADD_B))
    for side, n in (("--attacker", ny + nb + added), ("--defender", my + mb)):
        if n > limit:
            why = (" with Maximum Power, Helping Paw or Again and Again" if limit
                   == MAX_DICE_SENSITIVE else "")
            raise InvalidInputError(side, f"{n} dice", f"at most {limit} dice a side{why} "
                                    "(bees plus dice added by cards)")
    # Each re-roll card multiplies the exact computation by the dice in play: keep every
    # accepted question to a few seconds (see benchmarks/queenbee_odds.py).
    rerolls = sum(1 for t in tokens if t in REROLL_CARDS)
    work = ny + nb + added + my + mb + 2 * rerolls
    if rerolls and work > MAX_REROLL_WORK:
        raise InvalidInputError("--card", f"{counted(rerolls, 're-roll card')} with "
                                f"{ny + nb + added + my + mb} dice",
                                f"dice in the battle + 2 per Helping Paw or Again and Again "
                                f"at most {MAX_REROLL_WORK}, to answer in seconds")
    model = OddsModel(dice, tokens, reroll)
    p = model.probability(ny, nb, my, mb)
    if dice.assumed:
        notes.append("depends on hyvekit's assumed die faces (yellow "
                     f"{','.join(map(str, dice.yellow))}, black {','.join(map(str, dice.black))});"
                     " pass --faces FILE with your dice")
    return OddsResult(p, (ny, nb), (my, mb), reroll, shown, tuple(notes), dice.assumed)
