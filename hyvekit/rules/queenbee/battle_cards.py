"""The cards of a Queen Bee battle at the table: which may be played at each window of the
Sequence of Battle, and what each does to the dice and the bees.

Rulebook sections: Sequence of Battle (1. the attacker's cards with the attacker symbol; 4.
the side losing after the rolls plays battle cards, then the other, now losing), Battle Cards
(Again and Again, Bee Escape, Smoker, Helping Paw, Call for Help, Sneaky Sting, Maximum Power,
Strong Sting, Stuck in a Web), Sudden Cards (Don't Buzz), Card Descriptions (a battle card
"can be played during a battle involving at least 1 of your bees").

Steps (``play CARD [ON]``): ``play smoker``, ``play stuck-in-a-web`` (step 1, the attacker);
``play strong-sting b3`` (a die of yours, by face), ``play maximum-power y1``, ``play
helping-paw defender b4`` (a die of either side: its owner re-rolls it), ``play
again-and-again b1,y1`` (your dice re-rolled, up to 2 times), ``play sneaky-sting``, ``play
call-for-help warrior G1a`` (a bee of yours on the board), ``play bee-escape``; ``play
dont-buzz`` (the opponent's card just played is cancelled: ruling Q12).

Hands are hidden (ruling Q20): a card is refused only when its player holds no card, or the
match's deck has none of it (the variants' removals).
"""

from __future__ import annotations

import itertools
from collections import Counter

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.fight import Die, Fight, dice_text, sorted_dice
from hyvekit.rules.queenbee.tables import BLACK, MAXIMUM, YELLOW
from hyvekit.rules.values import replace

#: the card each step names, by its key
NAMES = {"smoker": "Smoker", "stuck-in-a-web": "Stuck in a Web", "strong-sting": "Strong Sting",
         "maximum-power": "Maximum Power", "helping-paw": "Helping Paw",
         "again-and-again": "Again and Again", "sneaky-sting": "Sneaky Sting",
         "call-for-help": "Call for Help", "bee-escape": "Bee Escape",
         "dont-buzz": "Don't Buzz"}
BEFORE = ("smoker", "stuck-in-a-web")
#: Strong Sting: "increase the value on one die by 1"
STRONG_STING = 1
#: Again and Again: "re-roll any number of your dice up to 2 times"
AGAIN_TIMES = 2


def holds(t: M.Table, side: int, key: str) -> bool:
    """Whether ``side`` may have ``key`` in hand: a card in hand, the card in this match's
    deck."""
    seat = t.fight.seats[side]
    return t.hands[seat] > 0 and t.setup.deck.count(NAMES[key]) > 0


def before_options(t: M.Table) -> tuple[str, ...]:
    """Step 1: the attacker's Smoker and Stuck in a Web (not against a single bee; each
    once), then ``pass``."""
    f = t.fight
    out = [f"play {k}" for k in BEFORE if holds(t, 0, k) and not f.standing(NAMES[k])
           and not (k == "stuck-in-a-web" and len(f.bees[1]) < 2)]
    return tuple(out) + ("pass",)


def dont_buzz_due(t: M.Table, side: int) -> bool:
    """``side`` may answer the card just played with Don't Buzz: it is the opponent's and
    stands, and was played in this window (Smoker and Stuck in a Web are answered before
    the rolls: ruling Q24)."""
    f = t.fight
    if f.stage == "cards" and f.plays and f.plays[-1][1] in (NAMES[k] for k in BEFORE):
        return False                  # answered before the rolls, in its own window (Q24)
    return bool(f.plays) and f.plays[-1][0] != side and not f.plays[-1][3] \
        and holds(t, side, "dont-buzz")


def dont_buzz_window(t: M.Table, side: int) -> bool:
    """``side`` may cancel the card just played with Don't Buzz "at any moment" (Sudden
    Cards; ruling Q28): the last card played is the opponent's and stands, ``side`` may hold
    a card, and the battle has not gone past that card — Smoker and Stuck in a Web until the
    rolls begin (ruling Q24), a card of step 4 while its dice are rolled and re-rolled and
    while the card window that follows is open, whoever decides there."""
    f = t.fight
    if not f.plays or f.plays[-1][0] == side or f.plays[-1][3] or not holds(t, side,
                                                                             "dont-buzz"):
        return False
    return _window_open(f)


def outside_dont_buzz(t: M.Table, seat: int) -> M.Table:
    """Don't Buzz played by ``seat``, a player outside the battle, against the card just
    played in it by a player whose bees fight ``seat``'s (Sudden Cards: "at any moment
    without any restrictions"; Don't Buzz: "a card played by an opponent"; ruling Q28): the
    card is cancelled as by the other side of the battle, in the same window
    (:func:`dont_buzz_window`), and counts as that side's card (the card's player may answer
    it with a Don't Buzz of their own).

    :raises IllegalActionError: naming the card: no card just played that it may cancel,
        the card's player an ally of ``seat``'s, no card in hand.
    """
    from hyvekit.rules.queenbee.effect_cards import R_DONT_BUZZ
    f = t.fight
    last = f.plays[-1] if f.plays else None
    name = t.name(seat)
    problem = None
    if last is None:
        problem = "no card was played in this battle"
    elif last[3]:
        problem = f"the {last[1]} is cancelled already"
    elif not M.opponents(t, seat, f.seats[last[0]]):
        problem = (f"the {last[1]} is {t.name(f.seats[last[0]])}'s, whose bees serve the same "
                   f"queen as {name}'s: not an opponent's card")
    elif t.hands[seat] == 0 or t.setup.deck.count(NAMES["dont-buzz"]) == 0:
        problem = f"{name} holds no card that can be a Don't Buzz"
    elif not _window_open(f):
        problem = f"too late: the battle has gone past the {last[1]} (ruling Q28)"
    if problem:
        raise IllegalActionError(R_DONT_BUZZ, problem, given="play dont-buzz")
    t = replace(t, hands=t.hands[:seat] + (t.hands[seat] - 1,) + t.hands[seat + 1:],
                discard=t.discard + 1)
    return _dont_buzz(t, 1 - last[0], seat)


def _window_open(f: Fight) -> bool:
    """The battle has not gone past the card just played (ruling Q28): Smoker and Stuck in a
    Web until the rolls begin, a card of step 4 while its dice are rolled and re-rolled and
    while the card window that follows is open."""
    before = f.plays[-1][1] in (NAMES[k] for k in BEFORE)
    return f.stage in (("before", "answer") if before else ("again", "reroll", "cards"))


def subsets(dice: tuple[Die, ...]) -> list[tuple[Die, ...]]:
    """Every non-empty choice of ``dice``, alike faces alike."""
    c = Counter(dice)
    kinds = list(c)
    out = []
    for counts in itertools.product(*(range(c[d] + 1) for d in kinds)):
        chosen = [d for d, n in zip(kinds, counts) for _ in range(n)]
        if chosen:
            out.append(sorted_dice(chosen))
    return out


def card_options(t: M.Table) -> tuple[str, ...]:
    """Step 4, the side losing (``fight.side``): its battle cards (none under the
    attacker's standing Smoker for the defender), Don't Buzz against the card just played,
    then ``accept``."""
    f = t.fight
    side = f.side
    out: list[str] = []
    if not (side == 1 and f.standing("Smoker")):
        out += _battle_plays(t, side)
    if dont_buzz_due(t, side):
        out.append("play dont-buzz")
    return tuple(out) + ("accept",)


def _battle_plays(t: M.Table, side: int) -> list[str]:
    f = t.fight
    own = tuple(dict.fromkeys(f.dice[side]))
    out: list[str] = []
    if holds(t, side, "strong-sting"):
        out += [f"play strong-sting {dice_text((d,))}" for d in own]
    if holds(t, side, "maximum-power"):
        out += [f"play maximum-power {dice_text((d,))}" for d in own if d[1] < MAXIMUM[d[0]]]
    if holds(t, side, "helping-paw"):
        out += [f"play helping-paw {who} {dice_text((d,))}" for s, who in
                ((0, "attacker"), (1, "defender")) for d in dict.fromkeys(f.dice[s])]
    if holds(t, side, "again-and-again"):
        out += [f"play again-and-again {dice_text(c)}" for c in subsets(f.dice[side])]
    if holds(t, side, "sneaky-sting"):
        out.append("play sneaky-sting")
    if holds(t, side, "call-for-help"):
        out += [f"play call-for-help {k} {sp}" for sp, k in callable_bees(t, side)]
    if holds(t, side, "bee-escape") and any(k != M.QUEEN for k in f.fighters(side)):
        out.append("play bee-escape")
    return out


def callable_bees(t: M.Table, side: int) -> list[tuple[str, str]]:
    """Call for Help: ``(space, kind)`` of ``side``'s bees on the board not in the battle
    (nor added already)."""
    return free_bees(t, t.fight.seats[side])


def free_bees(t: M.Table, seat: int) -> list[tuple[str, str]]:
    """``(space, kind)`` of ``seat``'s bees on the board that are not in the battle (nor
    added to it already)."""
    f = t.fight
    taken = Counter((sp, k) for _, sp, k, o in f.helpers if o == seat)
    have = Counter((sp, k) for sp, s, k in t.bees if s == seat and sp not in f.spaces)
    return [b for b in have if have[b] > taken[b]]


def play(t: M.Table, side: int, key: str, on: list[str]) -> M.Table:
    """``side`` plays the card ``key`` (a legal step): its card leaves the hand for the
    discard pile and its effect is made; the battle before it is kept for a Don't Buzz."""
    f = t.fight
    seat = f.seats[side]
    name = NAMES[key]
    t = replace(t, hands=t.hands[:seat] + (t.hands[seat] - 1,) + t.hands[seat + 1:],
                discard=t.discard + 1)
    if key == "dont-buzz":
        return _dont_buzz(t, side)
    f2 = replace(f, plays=f.plays + ((side, name, " ".join(on), False),),
                 snapshots=f.snapshots + (f,))
    f2, said = _effect(t, f2, side, key, on)
    return replace(t, fight=f2, said=(f"{t.name(seat)} plays {name}"
                                      + (f" on {' '.join(on)}" if on else "") + f": {said}",
                                      f"({M.card_text(t, name)})"))


def _effect(t: M.Table, f: Fight, side: int, key: str, on: list[str]) -> tuple[Fight, str]:
    """What the card does to the battle (Battle Cards), and in words."""
    from hyvekit.rules.queenbee.battle import parse_dice
    dice = list(f.dice)
    if key == "smoker":
        return f, "the defender plays no battle card in this battle"
    if key == "stuck-in-a-web":
        return f, "the defender rolls no die for its weakest bee"
    if key == "bee-escape":
        esc = list(f.escapes)
        esc[side] += 1
        return replace(f, escapes=(esc[0], esc[1])), "one worker or warrior saved if it loses"
    if key == "sneaky-sting":
        return replace(f, stage="again", again=(YELLOW,), resume="cards", rerolls=1,
                       rerollable=None), "one more yellow die, rolled now"
    if key == "call-for-help":
        kind, space = on
        colour = YELLOW if kind == M.WORKER else BLACK
        return replace(f, helpers=f.helpers + ((side, space, kind, f.seats[side]),),
                       stage="again",
                       again=(colour,), resume="cards", rerolls=1, rerollable=None), \
            f"the {kind} on {space} joins the battle: its die rolled now"
    owner = side if key != "helping-paw" else ("attacker", "defender").index(on[0])
    chosen = [(d.colour, d.pips) for d in parse_dice(on[-1])]
    rest = list(dice[owner])
    for d in chosen:
        rest.remove(d)
    if key in ("strong-sting", "maximum-power"):
        (colour, pips), = chosen
        new = pips + STRONG_STING if key == "strong-sting" else MAXIMUM[colour]
        dice[owner] = sorted_dice(rest + [(colour, new)])
        return replace(f, dice=(dice[0], dice[1])), f"{colour[0]}{pips} → {colour[0]}{new}"
    dice[owner] = tuple(rest)
    again = tuple(c for c, _ in chosen)
    return replace(f, dice=(dice[0], dice[1]), stage="again", again=again, side=owner,
                   resume="cards", rerolls=AGAIN_TIMES - 1 if key == "again-and-again" else 0,
                   rerollable=None), f"{dice_text(tuple(chosen))} re-rolled"


def _dont_buzz(t: M.Table, side: int, seat: int | None = None) -> M.Table:
    """Don't Buzz: the card just played is cancelled — the battle as it was before it, that
    card marked cancelled (a Don't Buzz cancelled lets the card it cancelled stand again:
    the battle before it had it standing).  ``seat``: a player outside the battle who played
    it (ruling Q28), counted on ``side``, the side against the card."""
    f = t.fight
    last = f.plays[-1]
    restored = f.snapshots[-1]
    on = last[1] if seat is None else f"{last[1]} (played by {t.name(seat)})"
    plays = restored.plays + ((last[0], last[1], last[2], True),
                              (side, "Don't Buzz", on, False))
    f2 = replace(restored, plays=plays, snapshots=restored.snapshots + (restored, f),
                 stage=f.stage if f.stage in ("before", "answer") else "cards")
    seat = f.seats[side] if seat is None else seat
    return replace(t, fight=f2, said=(f"{t.name(seat)} plays Don't Buzz: the "
                                      f"{('attacker', 'defender')[last[0]]}'s {last[1]} is "
                                      "cancelled", f"({M.card_text(t, NAMES['dont-buzz'])})"))


#: Ally: "allows you to help another player in a battle by adding 1 of your bees"
R_ALLY = "Queen Bee: Sudden Cards — Ally"


def ally_may_help(t: M.Table, seat: int, side: int) -> bool:
    """Whether ``seat``'s bees may join ``side``: never against bees that serve the queen
    its own bees serve (Forced Alliance; ruling Q26)."""
    return M.head(t, seat) != M.head(t, t.fight.seats[1 - side])


def ally(t: M.Table, seat: int, side: int, kind: str, space: str) -> M.Table:
    """Ally (Sudden Cards), played by ``seat``, a player outside the battle, in step 4's card
    window: its bee of ``kind`` on ``space`` joins ``side``'s bees, its die rolled now (no
    re-roll: the card gives none); it goes back if that side wins, and is removed if it
    loses; never against the bees of its own alliance (ruling Q26).

    :raises IllegalActionError: naming the card: not in the card window, a player of the
        battle, no card, no such bee free.
    """
    f = t.fight
    problem = None
    if f is None or f.stage != "cards":
        problem = "an ally joins a battle in its card window, after the rolls"
    elif seat in f.seats:
        problem = f"{t.name(seat)} fights in this battle: Ally helps another player"
    elif not ally_may_help(t, seat, side):
        problem = (f"the {('defender', 'attacker')[side]}'s bees serve "
                   f"{t.name(M.head(t, seat))}'s queen, as {t.name(seat)}'s do: an ally never "
                   "fights its own alliance")
    elif t.hands[seat] == 0 or t.setup.deck.count("Ally") == 0:
        problem = f"{t.name(seat)} holds no card that can be an Ally"
    elif (space, kind) not in free_bees(t, seat):
        problem = f"no {kind} of {t.name(seat)}'s on {space} outside the battle"
    if problem:
        from hyvekit.rules.common import IllegalActionError
        raise IllegalActionError(R_ALLY, problem, given=f"{kind} {space}")
    colour = YELLOW if kind == M.WORKER else BLACK
    f2 = replace(f, plays=f.plays + ((side, "Ally", f"{t.name(seat)}'s {kind} {space}", False),),
                 snapshots=f.snapshots + (f,),
                 helpers=f.helpers + ((side, space, kind, seat),), stage="again",
                 again=(colour,), side=side, resume="cards", rerolls=0, rerollable=None)
    helped = ("attacker", "defender")[side]
    return replace(t, fight=f2, hands=t.hands[:seat] + (t.hands[seat] - 1,)
                   + t.hands[seat + 1:], discard=t.discard + 1,
                   said=(f"{t.name(seat)} plays Ally: the {kind} on {space} joins the "
                         f"{helped}, its die rolled now", f"({M.card_text(t, 'Ally')})"))
