"""A Queen Bee battle led step by step at the table (Gameplay: Battle, Sequence of Battle).

Rulebook sections: Dice (a yellow die per worker, a black die per warrior or queen), Sequence
of Battle (2. the attacker rolls, may re-roll any dice once; 3. the defender likewise; 4. the
side losing after the rolls plays battle cards or accepts defeat; 5. Battle rewards), Game
Board (warriors never attack a tunnel space), End of the Game (a queen defeated; Forced
Alliance).

The decisions of a battle, in order:

* ``dice`` (the attacker, then the defender): ``roll`` (the tool rolls) or the faces rolled,
  ``b4,b3,y2`` (``b`` black, ``y`` yellow, then the pips), listed when few;
* ``reroll`` (the same side): ``keep`` or ``reroll b1,y1`` — the dice re-rolled, by face,
  then their ``dice``;
* ``cards`` (the side losing after the rolls): ``accept`` — defeat accepted (the battle
  cards of step 4 are issue 42's next step);
* ``occupy`` (the attacker, when it won): ``occupy warrior,worker`` — the bees that took part
  moving onto the defender's space, at least one (5. Battle rewards).

The loser removes its bees that took part and draws a card; a queen removed is defeated
(with 3+ players her bees serve the winner's queen: Forced Alliance).  Odds come from
:mod:`.odds` (before the rolls) and the dice (after them).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.battle import R_SEQUENCE, Bees, parse_dice
from hyvekit.rules.queenbee.tables import BLACK, YELLOW
from hyvekit.rules.table import DICE
from hyvekit.rules.values import dataclass, replace

#: the most ways the dice may fall that a dice decision lists (else: ``roll`` or typed)
LISTED = 36
SIDES = ("attacker", "defender")
#: a die: (colour, pips)
Die = tuple[str, int]


@dataclass(frozen=True)
class Fight:
    """A battle under way.

    :ivar seats: ``(attacker, defender)``; ``spaces``: ``(from, defended space)``.
    :ivar bees: the kinds taking part, per side.
    :ivar stage: ``roll``, ``reroll``, ``again`` (the re-rolled dice due), ``cards``,
        ``occupy``; ``side``: 0 attacker, 1 defender (whose dice).
    :ivar dice: each side's dice, sorted black first, high first.
    :ivar again: the dice being re-rolled (their colours).
    :ivar rerolled: the sides that have re-rolled (once each).
    """

    seats: tuple[int, int]
    spaces: tuple[str, str]
    bees: tuple[tuple[str, ...], tuple[str, ...]]
    stage: str = "roll"
    side: int = 0
    dice: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    again: tuple[str, ...] = ()

    def total(self, side: int) -> int:
        """The pips of ``side``'s dice."""
        return sum(p for _, p in self.dice[side])

    def leader(self) -> int:
        """The side winning on the dice now: the attacker on a tie (Battle: "EQUAL to or
        HIGHER")."""
        return 0 if self.total(0) >= self.total(1) else 1

    def view(self, t: M.Table) -> dict[str, Any]:
        """The battle for any screen: the sides, their bees and dice, the totals, and the
        attacker's exact chance (before the rolls: :func:`attack_chance`)."""
        out = {"attacker": t.name(self.seats[0]), "defender": t.name(self.seats[1]),
               "from": self.spaces[0], "space": self.spaces[1], "stage": self.stage,
               "attacker_bees": M.describe_bees(Counter(self.bees[0])),
               "defender_bees": M.describe_bees(Counter(self.bees[1])),
               "attacker_dice": dice_text(self.dice[0]),
               "defender_dice": dice_text(self.dice[1]),
               "totals": f"{self.total(0)} against {self.total(1)}"}
        if self.stage == "roll" and self.side == 0:
            p = attack_chance(t, self)
            out["attack_odds"] = f"{float(p):.1%}"
        return out


def _bees(kinds: tuple[str, ...]) -> Bees:
    c = Counter(kinds)
    return Bees(c[M.QUEEN], c[M.WARRIOR], c[M.WORKER])


_CHANCES: dict[tuple, Fraction] = {}


def attack_chance(t: M.Table, f: Fight) -> Fraction:
    """The exact chance that the attack succeeds before any die is rolled, each side
    re-rolling as :mod:`.odds` models it (rulings Q5, Q6; no cards named)."""
    from hyvekit.rules.queenbee.odds import attack_odds
    key = (tuple(sorted(f.bees[0])), tuple(sorted(f.bees[1])), t.setup.dice)
    if key not in _CHANCES:
        _CHANCES[key] = attack_odds(_bees(f.bees[0]), _bees(f.bees[1]), t.setup.dice,
                                    card_table=t.setup.cards).probability
    return _CHANCES[key]


def dice_text(dice: tuple[Die, ...]) -> str:
    """``b4,b3,y2``."""
    return ",".join(f"{c[0]}{p}" for c, p in dice)


def _sorted(dice: list[Die] | tuple[Die, ...]) -> tuple[Die, ...]:
    return tuple(sorted(dice, key=lambda d: (d[0] != BLACK, -d[1])))


def colours(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The dice a side rolls: a black die per warrior or queen, a yellow per worker."""
    return tuple(sorted((YELLOW if k == M.WORKER else BLACK for k in kinds),
                        key=lambda c: c != BLACK))


def attacking_bees(t: M.Table, seat: int, frm: str, to: str) -> tuple[str, ...]:
    """The kinds of ``seat``'s bees on ``frm`` that may attack ``to``: all of them, less
    warriors when ``to`` is a tunnel space ("Only worker bees and the queen can attack bees
    in a tunnel"; ruling Q21: every bee of the space takes part)."""
    tunnel = t.setup.board.spaces[to].tunnel
    return tuple(k for sp, s, k in t.bees if sp == frm and s == seat
                 and not (tunnel and k == M.WARRIOR))


def begin(t: M.Table, seat: int, frm: str, to: str) -> M.Table:
    """The battle of ``seat``'s bees on ``frm`` against the bees on ``to``."""
    defender = M.owner(t, to)
    assert defender is not None
    f = Fight((seat, defender), (frm, to),
              (attacking_bees(t, seat, frm, to), tuple(k for _, _, k in M.on(t, to))))
    return replace(t, phase="battle", fight=f,
                   said=(f"{t.name(seat)} attacks {to} from {frm}: "
                         f"{M.describe_bees(Counter(f.bees[0]))} against "
                         f"{t.name(defender)}'s {M.describe_bees(Counter(f.bees[1]))}",))


# --- what is due ---------------------------------------------------------------------------

def pending(t: M.Table):
    """The battle's decision due."""
    from hyvekit.rules.table import Decision
    f = t.fight
    who = t.name(f.seats[f.side])
    side = SIDES[f.side]
    if f.stage in ("roll", "again"):
        due = colours(f.bees[f.side]) if f.stage == "roll" else f.again
        what = "rolls" if f.stage == "roll" else "re-rolls"
        return Decision(DICE, who, f"the {side} ({who}) {what} "
                        f"{_dice_words(due)}", dice_options(t.setup.dice, due),
                        more="the faces rolled, e.g. b4,b3,y2")
    if f.stage == "reroll":
        return Decision("reroll", who, f"the {side} ({who}) rolled {dice_text(f.dice[f.side])}"
                        f" (total {f.total(f.side)}): keep, or re-roll any dice once",
                        reroll_options(f.dice[f.side]))
    if f.stage == "cards":
        loser = 1 - f.leader()
        who = t.name(f.seats[loser])
        return Decision("cards", who, f"{f.total(0)} against {f.total(1)}: the "
                        f"{SIDES[loser]} ({who}) is losing and may play battle cards, or "
                        "accepts defeat", ("accept",))
    return Decision("occupy", who, f"the attacker ({who}) won: at least one bee that took "
                    f"part moves onto {f.spaces[1]}", occupy_options(t))


def _dice_words(due: tuple[str, ...]) -> str:
    c = Counter(due)
    return " and ".join(counted(c[k], f"{k} die", f"{k} dice") for k in (BLACK, YELLOW)
                        if c[k])


def dice_options(dice, due: tuple[str, ...]) -> tuple[str, ...]:
    """``roll``, then every way ``due`` can fall (faces sorted), when at most
    :data:`LISTED`."""
    c = Counter(due)
    per = [list(itertools.combinations_with_replacement(sorted(set(dice.faces(k)),
                                                               reverse=True), c[k]))
           for k in (BLACK, YELLOW)]
    if len(per[0]) * len(per[1]) > LISTED:
        return ("roll",)
    return ("roll",) + tuple(dice_text(tuple((BLACK, p) for p in b) + tuple((YELLOW, p)
                                                                           for p in y))
                             for b in per[0] for y in per[1])


def reroll_options(dice: tuple[Die, ...]) -> tuple[str, ...]:
    """``keep``, then ``reroll`` each choice of dice (by face; the same faces alike)."""
    c = Counter(dice)
    kinds = list(c)
    out = ["keep"]
    for counts in itertools.product(*(range(c[d] + 1) for d in kinds)):
        chosen = [d for d, n in zip(kinds, counts) for _ in range(n)]
        if chosen:
            out.append("reroll " + dice_text(_sorted(chosen)))
    return tuple(out)


def occupy_options(t: M.Table) -> tuple[str, ...]:
    """``occupy KIND,KIND``: each choice of at least one bee that took part and may stand
    on the won space."""
    f = t.fight
    seat, to = f.seats[0], f.spaces[1]
    able = [k for k in f.bees[0] if M.enter_problem(t, seat, k, to) is None]
    c = Counter(able)
    kinds = [k for k in (M.QUEEN, M.WARRIOR, M.WORKER) if c[k]]
    out = []
    for counts in itertools.product(*(range(c[k] + 1) for k in kinds)):
        chosen = [k for k, n in zip(kinds, counts) for _ in range(n)]
        if chosen:
            out.append("occupy " + ",".join(chosen))
    return tuple(out)


# --- applying a step -----------------------------------------------------------------------

def push(t: M.Table, d, body: str, rng: random.Random | None = None) -> tuple[M.Table, str]:
    """The battle after ``body`` and the step as stored.

    :raises IllegalActionError, InvalidInputError: a step refused.
    """
    f = t.fight
    word = body.split(" ", 1)[0].lower()
    if f.stage in ("roll", "again"):
        due = colours(f.bees[f.side]) if f.stage == "roll" else f.again
        faces = _faces(t, due, body, rng)
        kept = list(f.dice[f.side]) if f.stage == "again" else []
        dice = list(f.dice)
        dice[f.side] = _sorted(kept + list(faces))
        f2 = replace(f, dice=(dice[0], dice[1]), again=(), stage="reroll"
                     if f.stage == "roll" else "next")
        said = f"the {SIDES[f.side]} rolls {dice_text(_sorted(faces))}: total {f2.total(f.side)}"
        return _after_dice(t, f2, said), dice_text(_sorted(faces))
    if body not in d.legal:
        if word in ("roll", "keep", "reroll", "accept", "occupy") or any(
                o.split()[0] == word for o in d.legal):
            raise M.refuse(d, body, f"a {d.kind} step is due", R_SEQUENCE)
        raise InvalidInputError("step", body, f"a {d.kind} step: " + "; ".join(d.legal[:6]))
    if f.stage == "reroll":
        if body == "keep":
            f2 = replace(f, stage="next")
            return _after_dice(t, f2, f"the {SIDES[f.side]} keeps its dice"), body
        again = parse_dice(body.split(" ", 1)[1])
        rest = list(f.dice[f.side])
        for die in again:
            rest.remove((die.colour, die.pips))
        dice = list(f.dice)
        dice[f.side] = tuple(rest)
        f2 = replace(f, stage="again", dice=(dice[0], dice[1]),
                     again=tuple(die.colour for die in again))
        return replace(t, fight=f2, said=(f"the {SIDES[f.side]} re-rolls "
                                          f"{dice_text(_sorted([(x.colour, x.pips) for x in again]))}",)), body
    if f.stage == "cards":
        return rewards(t, 1 - f.leader(), d.actor), body
    return occupy(t, body.split(" ", 1)[1].split(",")), body


def _faces(t: M.Table, due: tuple[str, ...], body: str, rng: random.Random | None
           ) -> tuple[Die, ...]:
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
    if want != have:
        raise IllegalActionError(R_SEQUENCE, f"one die per bee: {_dice_words(due)} are due, "
                                 f"got {_dice_words(tuple(d.colour for d in got)) or 'none'}",
                                 expected=dict(want), given=dict(have))
    for die in got:
        if die.pips not in dice.faces(die.colour):
            raise IllegalActionError(R_SEQUENCE, f"a {die.colour} die has the faces "
                                     f"{sorted(set(dice.faces(die.colour)))}, not {die.pips}"
                                     + (" (hyvekit's assumed faces)" if dice.assumed else ""),
                                     given=str(die))
    return tuple((d.colour, d.pips) for d in got)


def _after_dice(t: M.Table, f: Fight, said: str) -> M.Table:
    """After a side's dice settle: the defender's turn to roll, or the card window."""
    if f.stage == "next":
        f = replace(f, stage="roll", side=1) if f.side == 0 else replace(f, stage="cards")
    if f.stage == "cards":
        said += f"; {f.total(0)} against {f.total(1)}: the {SIDES[f.leader()]} is winning"
    return replace(t, fight=f, said=(said,))


def rewards(t: M.Table, loser: int, who: str | None) -> M.Table:
    """5. Battle rewards: the loser removes its bees that took part and draws one card;
    the attacker, winning, occupies the space next (:func:`occupy`)."""
    f = t.fight
    seat = f.seats[loser]
    space = f.spaces[loser]
    removed = [(space, seat, k) for k in f.bees[loser]]
    said = [f"{who} accepts defeat", f"{t.name(seat)} removes "
            f"{M.describe_bees(Counter(f.bees[loser]))} from {space}"]
    t = replace(t, bees=M.with_bees(t, removed, []))
    t, drawn = M.draw(t, seat)
    said += [f"{t.name(seat)} draws a card (hand {t.hands[seat]})", *drawn]
    if M.QUEEN in f.bees[loser]:
        t, words = queen_defeated(t, seat, f.seats[1 - loser])
        said += words
    if loser == 1:
        return replace(t, fight=replace(f, stage="occupy", side=0), said=tuple(said))
    return replace(t, fight=None, phase="discard", said=tuple(said))


def queen_defeated(t: M.Table, seat: int, by: int) -> tuple[M.Table, list[str]]:
    """``seat``'s queen is defeated by ``by``'s bees: with 3+ players every bee serving her
    now serves the queen ``by``'s bees serve (Forced Alliance)."""
    new = M.head(t, by)
    said = [f"{t.name(seat)}'s queen is defeated"]
    serves = t.serves
    if len(t.players) >= 3:
        serves = tuple(new if s == seat else s for s in serves)
        if M.in_play(t, seat):
            said.append(f"forced alliance: {t.name(seat)}'s bees now serve "
                        f"{t.name(new)}'s queen")
    return replace(t, fallen=t.fallen + (seat,), serves=serves), said


def occupy(t: M.Table, kinds: list[str]) -> M.Table:
    """The attacker's bees that took part move onto the won space (5. Battle rewards)."""
    f = t.fight
    seat, (frm, to) = f.seats[0], f.spaces
    moved = [(frm, seat, k) for k in kinds]
    t2 = replace(t, bees=M.with_bees(t, moved, [(to, seat, k) for k in kinds]))
    left = t.queen_left
    if M.QUEEN in kinds and frm == M.nest_of(t, seat):
        left = left[:seat] + (True,) + left[seat + 1:]
    return replace(t2, fight=None, phase="discard", queen_left=left,
                   said=(f"{t.name(seat)}'s {', '.join(kinds)} move{'s' * (len(kinds) == 1)} "
                         f"{frm} → {to}",))

