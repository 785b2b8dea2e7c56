"""A Queen Bee battle led step by step at the table, in the Sequence of Battle's order.

Rulebook sections: Sequence of Battle (1. the attacker's cards; 2. the attacker rolls, may
re-roll any dice once; 3. the defender likewise; 4. the side losing plays battle cards, the
other, now losing, answers, until one accepts defeat; 5. Battle rewards), Dice, Battle Cards,
Sudden Cards (Don't Buzz).

The decisions, in order (the cards' steps are :mod:`.battle_cards`'):

* ``cards`` (step 1, the attacker): ``play smoker``, ``play stuck-in-a-web`` or ``pass``;
  the defender may answer a card with ``play dont-buzz`` or ``pass``;
* ``dice`` (the attacker, then the defender): ``roll`` (the tool rolls) or the faces rolled,
  ``b4,b3,y2`` (``b`` black, ``y`` yellow, then the pips), listed when few;
* ``reroll`` (the same side): ``keep`` or ``reroll b1,y1`` — the dice re-rolled, by face;
* ``cards`` (step 4, the side losing): a battle card, Don't Buzz, or ``accept``;
* ``escape`` (Bee Escape: the loser chooses the bee and the place): ``escape KIND SPACE``;
  ``occupy`` (the attacker, winning): ``occupy warrior,worker`` — at least one bee that
  took part moves in.

Whatever is due, the other side, or a player outside the battle whose bees fight the card's
player's, may cancel the card just played with ``NAME: play dont-buzz``
(:func:`sudden_dont_buzz`, ruling Q28).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.queenbee import battle_cards as C
from hyvekit.rules.queenbee import fight as F
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.battle import R_SEQUENCE, parse_dice
from hyvekit.rules.queenbee.tables import BLACK, YELLOW
from hyvekit.rules.table import DICE, Decision
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import replace

#: the most ways the dice may fall that a dice decision lists (else: ``roll`` or typed)
LISTED = 36
VERBS = ("play", "pass", "roll", "keep", "reroll", "accept", "escape", "occupy")


def pending(t: M.Table) -> Decision:
    """The battle's decision due."""
    f = t.fight
    who, side = t.name(f.seats[f.side]), F.SIDES[f.side]
    if f.stage == "before":
        return Decision("cards", who, f"step 1: the attacker ({who}) may play Smoker or Stuck "
                        "in a Web before the battle, or pass", C.before_options(t))
    if f.stage == "answer":
        return Decision("cards", who, f"the {side} ({who}) may cancel the "
                        f"{f.plays[-1][1]} with Don't Buzz, or pass",
                        ("play dont-buzz", "pass"))
    if f.stage in ("roll", "again"):
        due = f.due(f.side) if f.stage == "roll" else f.again
        what = "rolls" if f.stage == "roll" else "rolls again"
        return Decision(DICE, who, f"the {side} ({who}) {what} {dice_words(due)}",
                        dice_options(t.setup.dice, due),
                        more="the faces rolled, e.g. b4,b3,y2")
    if f.stage == "reroll":
        return Decision("reroll", who, f"the {side} ({who}) rolled {F.dice_text(f.dice[f.side])}"
                        f" (total {f.total(f.side)}): keep, or re-roll dice",
                        reroll_options(f))
    if f.stage == "cards":
        return Decision("cards", who, f"{f.total(0)} against {f.total(1)}: the {side} ({who}) "
                        "is losing and may play battle cards, or accepts defeat",
                        C.card_options(t))
    if f.stage == "escape":
        return Decision("escape", who, f"Bee Escape: the {side} ({who}) chooses which of "
                        f"its {M.describe_bees(Counter(f.saving))} that fought escapes, and "
                        f"where in its hive ({f.escapes[f.side]} to save)",
                        F.escape_options(t))
    return Decision("occupy", who, f"the attacker ({who}) won: at least one bee that took "
                    f"part moves onto {f.spaces[1]}", F.occupy_options(t))


def start(t: M.Table) -> M.Table:
    """The battle begun: step 1's decision when the attacker may play Smoker or Stuck in a
    Web, else straight to the attacker's roll."""
    if C.before_options(t) == ("pass",):
        return replace(t, fight=replace(t.fight, stage="roll"))
    return t


def dice_words(due: tuple[str, ...]) -> str:
    """``2 black dice and 1 yellow die``."""
    c = Counter(due)
    return " and ".join(counted(c[k], f"{k} die", f"{k} dice") for k in (BLACK, YELLOW)
                        if c[k]) or "no dice"


def dice_options(dice, due: tuple[str, ...]) -> tuple[str, ...]:
    """``roll``, then every way ``due`` can fall (faces sorted), when at most
    :data:`LISTED`."""
    c = Counter(due)
    per = [list(itertools.combinations_with_replacement(sorted(set(dice.faces(k)),
                                                               reverse=True), c[k]))
           for k in (BLACK, YELLOW)]
    if len(per[0]) * len(per[1]) > LISTED:
        return ("roll",)
    return ("roll",) + tuple(F.dice_text(tuple((BLACK, p) for p in b)
                                         + tuple((YELLOW, p) for p in y))
                             for b in per[0] for y in per[1])


def reroll_options(f: F.Fight) -> tuple[str, ...]:
    """``keep``, then ``reroll`` each choice of the dice a re-roll may take."""
    dice = f.dice[f.side] if f.rerollable is None else f.rerollable
    return ("keep",) + tuple("reroll " + F.dice_text(c) for c in C.subsets(dice))


# --- applying a step -----------------------------------------------------------------------

def push(t: M.Table, d: Decision, body: str, rng: random.Random | None = None
         ) -> tuple[M.Table, str]:
    """The battle after ``body`` (a step of the decision ``d``) and the step as stored.

    :raises IllegalActionError, InvalidInputError: a step refused.
    """
    f = t.fight
    if f.stage in ("roll", "again"):
        return _rolled(t, body, rng)
    word = body.split(" ", 1)[0].lower()
    body = _as_listed(d, body)
    if body not in d.legal:
        _check_card_name(d, body)
        if word in VERBS:
            raise M.refuse(d, body, _why_not(t, d, word), R_SEQUENCE)
        raise InvalidInputError("step", body, "a step of this decision: " + "; ".join(d.legal[:6]),
                                suggestions=close_matches(word, VERBS) if word else ())
    rest = body.split()[1:]
    if word == "play":
        t = C.play(t, f.side, rest[0], rest[1:])
        return _after_card(t), body
    if word == "pass":
        return _passed(t), body
    if word == "keep":
        return replace(t, fight=_resume(t.fight), said=(f"{_who(t, f)} keeps its dice",)
                       ), body
    if word == "reroll":
        again = [(x.colour, x.pips) for x in parse_dice(rest[0])]
        dice = list(f.dice)
        left = list(dice[f.side])
        for die in again:
            left.remove(die)
        dice[f.side] = tuple(left)
        f2 = replace(f, stage="again", dice=(dice[0], dice[1]), rerolls=f.rerolls - 1,
                     again=tuple(c for c, _ in again), rerollable=None)
        return replace(t, fight=f2, said=(f"{_who(t, f)} re-rolls {rest[0]}",)), body
    if word == "accept":
        return F.rewards(t, f.side, d.actor), body
    if word == "escape":
        return F.escape(t, rest[0], rest[1]), body
    return F.occupy(t, rest[0].split(",")), body


def sudden_dont_buzz(t: M.Table, seat: int) -> M.Table:
    """Don't Buzz played by ``seat`` in a battle, whatever decision is due (Sudden Cards: "at
    any moment without any restrictions"): the opponent's card just played is cancelled
    (:func:`.battle_cards.dont_buzz_window`; a player outside the battle:
    :func:`.battle_cards.outside_dont_buzz`; ruling Q28), then the side losing decides.

    :raises IllegalActionError: naming the card: no opponent's card to cancel in its window,
        no card in hand.
    """
    from hyvekit.rules.queenbee.effect_cards import R_DONT_BUZZ
    f = t.fight
    side = f.seats.index(seat) if seat in f.seats else None
    if side is None:
        return _after_card(C.outside_dont_buzz(t, seat))
    if not C.dont_buzz_window(t, side):
        last = f.plays[-1] if f.plays else None
        why = ("no card was played in this battle" if last is None else
               f"the {last[1]} is {t.name(seat)}'s own" if last[0] == side else
               f"the {last[1]} is cancelled already" if last[3] else
               f"{t.name(seat)} holds no card that can be a Don't Buzz"
               if not C.holds(t, side, "dont-buzz") else
               f"too late: the battle has gone past the {last[1]} (ruling Q28)")
        raise IllegalActionError(R_DONT_BUZZ, why, given="play dont-buzz")
    return _after_card(C.play(t, side, "dont-buzz", []))


def check_named(t: M.Table, d: Decision, text: str) -> None:
    """A battle card named by the side winning on the dice is refused by the Sequence of
    Battle's rule ("The player who is losing after the rolls may play")."""
    who, sep, rest = text.partition(":")
    f = t.fight
    if not sep or d.kind != "cards" or f.stage != "cards":
        return
    winner = t.name(f.seats[1 - f.side])
    if who.strip().casefold() == winner.casefold() and rest.strip().startswith("play"):
        raise IllegalActionError(R_SEQUENCE, f"{winner} is winning {f.total(0)} against "
                                 f"{f.total(1)}: only the player losing after the rolls (or "
                                 "after the other's cards) plays battle cards",
                                 expected=f"{d.actor}'s cards or accept", given=text)


def _as_listed(d: Decision, body: str) -> str:
    """``body`` as ``d`` lists it when it is one of its steps in other case or card spelling
    (``play Strong-Sting B4`` → ``play strong-sting b4``), else as typed."""
    from hyvekit.rules.queenbee.tables import card_key
    words = body.split()
    if len(words) > 1 and words[0].lower() == "play":
        words[1] = card_key(words[1])
    text = " ".join(words).casefold()
    return next((o for o in d.legal if o.casefold() == text), body)


def _check_card_name(d: Decision, body: str) -> None:
    """``play NAME``: NAME a battle card (a sudden card: ``NAME: play …``).

    :raises InvalidInputError: a card no deck holds (a typo: the close names suggested).
    :raises IllegalActionError: an effect card (Effect Cards: never in a battle)."""
    from hyvekit.rules.queenbee.effect_cards import NAMES as EFFECT
    from hyvekit.rules.queenbee.tables import card_key
    from hyvekit.rules.validate import not_one_of
    words = body.split()
    if len(words) < 2 or words[0].lower() != "play" or card_key(words[1]) in C.NAMES:
        return
    if card_key(words[1]) in EFFECT:
        raise M.refuse(d, body, f"{EFFECT[card_key(words[1])]} is an effect card: played on "
                       "your own turn outside the action phase, never in a battle",
                       "Queen Bee: Effect Cards")
    raise not_one_of("battle card", words[1], C.NAMES)


def _why_not(t: M.Table, d: Decision, word: str) -> str:
    """Why a step beginning with ``word`` (a verb of the battle) is not among ``d``'s."""
    f = t.fight
    if word == "play" and f.stage == "cards" and f.side == 1 and f.standing("Smoker"):
        return "the attacker's Smoker stands: the defender plays no battle card in this battle"
    if word == "play" and f.stage == "cards":
        return "a card in hand, of this match's deck, played as its description says"
    if word == "reroll" and f.stage == "reroll":
        dice = f.dice[f.side] if f.rerollable is None else f.rerollable
        return (f"re-roll one or more of {d.actor}'s own dice, each die once: "
                f"{F.dice_text(dice)}")
    if any(o.split(" ", 1)[0] == word for o in d.legal):
        return f"not one of the {word!r} steps legal now"
    return M.NOT_THIS_DECISION


def _rolled(t: M.Table, body: str, rng: random.Random | None) -> tuple[M.Table, str]:
    """The dice due, rolled or as entered, joined to the side's dice; then its re-roll, or
    what comes after."""
    f = t.fight
    due = f.due(f.side) if f.stage == "roll" else f.again
    faces = _faces(t, due, body, rng)
    dice = list(f.dice)
    dice[f.side] = F.sorted_dice(list(dice[f.side]) + list(faces))
    f2 = replace(f, dice=(dice[0], dice[1]), again=())
    if f.stage == "roll":
        f2 = replace(f2, stage="reroll", rerolls=1, resume="next", rerollable=None)
    elif f.rerolls > 0:                  # Again and Again's second time: any of its dice;
        f2 = replace(f2, stage="reroll",  # Sneaky Sting's, Call for Help's: the new die only
                     rerollable=F.sorted_dice(faces) if _one_die_card(f) else None)
    else:
        f2 = _resume(f2)
    shown = F.dice_text(F.sorted_dice(faces))
    return replace(t, fight=f2, said=(f"{_who(t, f)} rolls {shown or 'no dice'}: "
                                      f"total {f2.total(f.side)}",)), shown or "roll"


def _who(t: M.Table, f: F.Fight) -> str:
    """The side whose dice or decision it is, with its player: ``the attacker (Ann)``."""
    return f"the {F.SIDES[f.side]} ({t.name(f.seats[f.side])})"


def _one_die_card(f: F.Fight) -> bool:
    """The dice just rolled are a die Sneaky Sting or Call for Help added: its re-roll takes
    that die only."""
    return bool(f.plays) and f.plays[-1][1] in ("Sneaky Sting", "Call for Help")


def _faces(t: M.Table, due: tuple[str, ...], body: str, rng: random.Random | None
           ) -> tuple[F.Die, ...]:
    """The faces of the dice ``due``: rolled with ``rng`` for ``roll``, else as entered.

    :raises InvalidInputError: not dice; :raises IllegalActionError: other dice than due, a
        face a die does not have.
    """
    dice = t.setup.dice
    if body.lower() == "roll":
        rng = rng or random.Random()
        return tuple((c, rng.choice(dice.faces(c))) for c in due)
    got = parse_dice(body, "dice")
    want, have = Counter(due), Counter(d.colour for d in got)
    for die in got:
        if die.pips not in dice.faces(die.colour):
            faces = sorted(set(dice.faces(die.colour)))
            raise IllegalActionError(R_SEQUENCE, f"a {die.colour} die has the faces "
                                     + ", ".join(f"{die.colour[0]}{p}" for p in faces)
                                     + f", not {die}"
                                     + (" (hyvekit's assumed faces)" if dice.assumed else ""),
                                     given=str(die))
    if want != have:
        given = dice_words(tuple(d.colour for d in got))
        raise IllegalActionError(R_SEQUENCE, f"one die per bee: {dice_words(due)} "
                                 f"{'is' if len(due) == 1 else 'are'} due, got {given}",
                                 expected=dice_words(due), given=given)
    return tuple((d.colour, d.pips) for d in got)


def _resume(f: F.Fight) -> F.Fight:
    """After a side's dice settle: the defender's roll after the attacker's, the card window
    after the defender's (or after a card's dice), the side losing deciding."""
    if f.resume == "next" and f.side == 0:
        return replace(f, stage="roll", side=1, rerollable=None)
    return replace(f, stage="cards", side=1 - f.leader(), rerollable=None, resume="cards")


def _after_card(t: M.Table) -> M.Table:
    """After a card: its dice due; in step 1 the defender's answer (Don't Buzz); in step 4
    the side losing now decides."""
    f = t.fight
    if f.stage == "again":
        return t
    if f.stage in ("before", "answer"):
        other = 1 - f.plays[-1][0]
        if C.dont_buzz_due(t, other):
            return replace(t, fight=replace(f, stage="answer", side=other))
        return replace(t, fight=replace(f, stage="before", side=0))
    return replace(t, fight=replace(f, stage="cards", side=1 - f.leader()))


def _passed(t: M.Table) -> M.Table:
    """A pass: after an answer, the attacker's step 1 goes on; after step 1, the rolls."""
    f = t.fight
    if f.stage == "answer":
        f = replace(f, stage="before", side=0)
        return replace(t, fight=f, said=("no Don't Buzz",))
    return replace(t, fight=replace(f, stage="roll", side=0),
                   said=("the attacker plays no more cards before the battle",))
