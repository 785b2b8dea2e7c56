"""A Queen Bee battle at the table as a value, and what its outcome does to the table.

Rulebook sections: Dice (a yellow die per worker, a black die per warrior or queen), Gameplay:
Battle and Sequence of Battle (the totals, the attacker winning ties), Game Board (warriors
never attack a tunnel space), Battle Cards (Stuck in a Web, Call for Help, Bee Escape), Battle
Rewards, End of the Game (a queen defeated; Forced Alliance).

The steps that lead a battle are :mod:`.battle_steps`'; the cards' effects :mod:`.battle_cards`'.
Odds come from :mod:`.odds`: before the rolls, the attacker's chance as ``queenbee odds``
gives it; once the attacker's dice lie, the chance the defender's roll leaves it winning;
after both rolls, the dice as they lie.

Units: dice, pips, bees.  Sides are 0 (the attacker) and 1 (the defender).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from fractions import Fraction
from typing import Any

from hyvekit.rules.common import counted
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.battle import Bees
from hyvekit.rules.queenbee.tables import BLACK, YELLOW
from hyvekit.rules.values import dataclass, replace

SIDES = ("attacker", "defender")
#: a die: (colour, pips)
Die = tuple[str, int]
#: a card played in the battle: (side, card, what it was played on, cancelled)
Play = tuple[int, str, str, bool]


@dataclass(frozen=True)
class Fight:
    """A battle under way.

    :ivar seats: ``(attacker, defender)``; ``spaces``: ``(from, defended space)``.
    :ivar bees: the kinds taking part, per side (bees added by cards are in ``helpers``).
    :ivar stage: ``before`` (step 1's cards), ``answer`` (a sudden card against the card just
        played), ``roll``, ``reroll``, ``again`` (dice due again), ``cards`` (step 4),
        ``escape`` (Bee Escape's bees placed), ``occupy``; ``side``: whose decision or dice.
    :ivar dice: each side's dice, black first, high first.
    :ivar again: the colours of the dice due again; ``resume``: the stage after them (and
        after a re-roll kept); ``rerollable``: the dice a re-roll may take (None: any of the
        side's); ``rerolls``: re-rolls left in this chain.
    :ivar plays: the cards played, in order; ``snapshots``: the battle before each (what a
        Don't Buzz restores).
    :ivar helpers: bees added by Call for Help and Ally: ``(side, space, kind, owner)``.
    :ivar escapes: Bee Escape cards standing, per side (in the ``escape`` stage: the bees
        still to save); ``saving``: the kinds of the loser's own bees that fought and are not
        saved yet, among which it chooses.
    """

    seats: tuple[int, int]
    spaces: tuple[str, str]
    bees: tuple[tuple[str, ...], tuple[str, ...]]
    stage: str = "before"
    side: int = 0
    dice: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    again: tuple[str, ...] = ()
    resume: str = "next"
    rerollable: tuple[Die, ...] | None = None
    rerolls: int = 1
    plays: tuple[Play, ...] = ()
    snapshots: tuple[Any, ...] = field(default=(), repr=False)
    helpers: tuple[tuple[int, str, str, int], ...] = ()
    escapes: tuple[int, int] = (0, 0)
    saving: tuple[str, ...] = ()

    def total(self, side: int) -> int:
        """The pips of ``side``'s dice."""
        return sum(p for _, p in self.dice[side])

    def leader(self) -> int:
        """The side winning on the dice now: the attacker on a tie (Battle: "EQUAL to or
        HIGHER")."""
        return 0 if self.total(0) >= self.total(1) else 1

    def standing(self, card: str) -> bool:
        """Whether a ``card`` played in this battle stands (not cancelled)."""
        return any(c == card and not x for _, c, _, x in self.plays)

    def fighters(self, side: int) -> tuple[str, ...]:
        """The kinds of ``side``'s bees in the battle, those Call for Help added too."""
        return self.bees[side] + tuple(k for s, _, k, _ in self.helpers if s == side)

    def due(self, side: int) -> tuple[str, ...]:
        """The colours ``side`` rolls in step 2 or 3: a die a bee, less the die of the
        defender's weakest bee under a standing Stuck in a Web (a worker's if one defends:
        ruling Q9)."""
        out = list(colours(self.bees[side]))
        if side == 1 and self.standing("Stuck in a Web") and out:
            out.remove(YELLOW if YELLOW in out else BLACK)
        return tuple(out)


def _bees(kinds: tuple[str, ...]) -> Bees:
    c = Counter(kinds)
    return Bees(c[M.QUEEN], c[M.WARRIOR], c[M.WORKER])


_CHANCES: dict[tuple, Fraction] = {}
_MODELS: dict[Any, Any] = {}


def attack_chance(t: M.Table, f: Fight) -> Fraction | None:
    """The exact chance that the attack succeeds as the battle stands (no cards to come
    counted; each side re-rolling as :mod:`.odds` models it, rulings Q5, Q6): before the
    attacker rolls, once its dice are kept, and on the dice as they lie after both rolls;
    None while a side's own re-roll is being chosen."""
    from hyvekit.rules.queenbee.odds import OddsModel, attack_odds
    dice = t.setup.dice
    if f.stage in ("before", "answer") or (f.stage == "roll" and f.side == 0):
        key = (f.fighters(0), f.bees[1], f.standing("Stuck in a Web"), dice)
        if key not in _CHANCES:
            cards = ["stuck-in-a-web"] if key[2] else []
            _CHANCES[key] = attack_odds(_bees(f.fighters(0)), _bees(f.bees[1]), dice,
                                        cards, card_table=t.setup.cards).probability
        return _CHANCES[key]
    if f.stage == "roll" and f.side == 1:
        model = _MODELS.setdefault(dice, OddsModel(dice))
        due = Counter(f.due(1))
        ay = tuple(sorted(p for c, p in f.dice[0] if c == YELLOW))
        ab = tuple(sorted(p for c, p in f.dice[0] if c == BLACK))
        return model.win_given_attacker(ay, ab, due[YELLOW], due[BLACK])
    if f.stage in ("cards", "occupy", "escape"):
        return Fraction(1 if f.leader() == 0 else 0)
    return None


def reroll_chances(t: M.Table, f: Fight) -> tuple[Fraction, Fraction] | None:
    """At a side's own re-roll of steps 2 and 3 (not a card's): the chance that the attack
    succeeds if that side keeps its dice, and with its best re-roll, each side re-rolling as
    :mod:`.odds` models it (rulings Q5, Q6; no cards to come counted); None at any other
    moment."""
    from hyvekit.rules.queenbee.odds import OddsModel
    if f.stage != "reroll" or f.resume != "next":
        return None
    dice = t.setup.dice
    model = _MODELS.setdefault(dice, OddsModel(dice))
    own = [tuple(sorted(p for c, p in f.dice[f.side] if c == colour))
           for colour in (YELLOW, BLACK)]
    if f.side == 0:
        due = Counter(f.due(1))
        return (model.win_given_attacker(own[0], own[1], due[YELLOW], due[BLACK]),
                model.attacker_best(own[0], own[1], due[YELLOW], due[BLACK]))
    keep = Fraction(1 if f.total(0) >= f.total(1) else 0)
    return keep, 1 - model.defender_best(own[0], own[1], f.total(0))


def rerolled_chance(t: M.Table, f: Fight) -> Fraction | None:
    """While the dice a side chose to re-roll in steps 2 and 3 are due (not a card's): the
    chance that the attack succeeds over every way they may fall, the kept dice as they lie
    (the defender then re-rolling as :mod:`.odds` models it); None at any other moment."""
    from hyvekit.rules.queenbee.odds import OddsModel, multisets
    if f.stage != "again" or f.resume != "next":
        return None
    dice = t.setup.dice
    model = _MODELS.setdefault(dice, OddsModel(dice))
    again = Counter(f.again)
    kept = [tuple(p for c, p in f.dice[f.side] if c == colour) for colour in (YELLOW, BLACK)]
    due = Counter(f.due(1))
    total, ways = Fraction(0), len(dice.yellow) ** again[YELLOW] * len(dice.black) ** again[BLACK]
    for ny, wy in multisets(dice.yellow, again[YELLOW]).items():
        for nb, wb in multisets(dice.black, again[BLACK]).items():
            ay, ab = tuple(sorted(kept[0] + ny)), tuple(sorted(kept[1] + nb))
            win = model.win_given_attacker(ay, ab, due[YELLOW], due[BLACK]) if f.side == 0 \
                else Fraction(1 if f.total(0) >= sum(ay) + sum(ab) else 0)
            total += wy * wb * win
    return total / ways


def dice_text(dice: tuple[Die, ...]) -> str:
    """``b4,b3,y2``."""
    return ",".join(f"{c[0]}{p}" for c, p in dice)


def sorted_dice(dice: list[Die] | tuple[Die, ...]) -> tuple[Die, ...]:
    """Dice in their shown order: black first, high first."""
    return tuple(sorted(dice, key=lambda d: (d[0] != BLACK, -d[1])))


def colours(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The dice bees roll: a black die per warrior or queen, a yellow per worker."""
    return tuple(sorted((YELLOW if k == M.WORKER else BLACK for k in kinds),
                        key=lambda c: c != BLACK))


def view(t: M.Table, f: Fight) -> dict[str, Any]:
    """The battle for any screen: the sides, their bees and dice, the totals, the cards
    played and the attacker's exact chance (:func:`attack_chance`); at a side's own re-roll
    (:func:`reroll_chances`) ``attack_odds`` with that side's best re-roll,
    ``attack_odds_keep`` if it keeps its dice and ``rerolling``, that side's player."""
    out = {"attacker": t.name(f.seats[0]), "defender": t.name(f.seats[1]),
           "from": f.spaces[0], "space": f.spaces[1], "stage": f.stage,
           "attacker_bees": M.describe_bees(Counter(f.fighters(0))),
           "defender_bees": M.describe_bees(Counter(f.fighters(1))),
           "attacker_dice": dice_text(f.dice[0]), "defender_dice": dice_text(f.dice[1]),
           "totals": f"{f.total(0)} against {f.total(1)}",
           "cards": [f"{SIDES[s]} {c}{' ' + on if on else ''}"
                     + (" (cancelled)" if x else "") for s, c, on, x in f.plays]}
    p = attack_chance(t, f)
    p = rerolled_chance(t, f) if p is None else p
    if p is not None:
        out["attack_odds"] = percent(p)
    chances = reroll_chances(t, f)
    if chances is not None:           # a side's own re-roll: keeping, and re-rolling at best
        out["attack_odds_keep"], out["attack_odds"] = map(percent, chances)
        out["rerolling"] = t.name(f.seats[f.side])
    return out


def battle_changes(b: dict[str, Any] | None, a: dict[str, Any] | None) -> tuple[str, ...]:
    """What a step changed of the battle (two :func:`view` dicts, None when there is no
    battle), in words: the battle begun or ended, each side's bees and dice, the cards
    played or cancelled, then the attack's odds (:func:`odds_words`).  At a side's own
    re-roll the odds said are those the choice leaves, not the best choice's."""
    if not a:
        return ("the battle ends",) if b else ()
    out: list[str] = []
    if not b:
        out.append(f"a battle on {a['space']}: {a['attacker']}'s {a['attacker_bees']} "
                   f"against {a['defender']}'s {a['defender_bees']}")
    else:
        for side in SIDES:
            if a[f"{side}_bees"] != b[f"{side}_bees"]:
                out.append(f"{a[side]}'s bees in the battle {b[f'{side}_bees']} → "
                           f"{a[f'{side}_bees']}")
            if a[f"{side}_dice"] != b[f"{side}_dice"]:
                out.append(f"{a[side]}'s dice {b[f'{side}_dice'] or '(to roll)'} → "
                           f"{a[f'{side}_dice'] or '(to roll)'}")
        out += [f"card: {c}" for c in a["cards"] if c not in b["cards"]]
    now, reroll = a.get("attack_odds"), bool(b and "attack_odds_keep" in b)
    was = None if reroll or not b else b.get("attack_odds")
    if now is not None and (now != was or reroll):
        out.append(odds_words(was, now))
    return tuple(out)


def odds_words(was: str | None, now: str) -> str:
    """A change of the attack's odds (the view's ``attack_odds``) in a sentence, as previews
    say it: ``the attack succeeds 0% → 11.1% of the time``, or ``… then succeeds 11.1% of
    the time`` when there were none to show before."""
    if was is None:
        return f"the attack then succeeds {now} of the time"
    return f"the attack succeeds {was} → {now} of the time"


def percent(p: Fraction) -> str:
    """A chance for people, to a tenth of a percent, never rounded to a certainty it is not:
    ``>99.9%``, ``<0.1%``."""
    text = f"{float(p):.1%}"
    if text == "100.0%" and p < 1:
        return ">99.9%"
    if text == "0.0%" and p > 0:
        return "<0.1%"
    return text


def attacking_bees(t: M.Table, seat: int, frm: str, to: str) -> tuple[str, ...]:
    """The kinds of ``seat``'s bees on ``frm`` that may attack ``to``: all of them, less
    warriors when ``to`` is a tunnel space ("Only worker bees and the queen can attack bees
    in a tunnel"; ruling Q21: every bee of the space takes part)."""
    tunnel = t.setup.board.spaces[to].tunnel
    return tuple(k for sp, s, k in t.bees if sp == frm and s == seat
                 and not (tunnel and k == M.WARRIOR))


def begin(t: M.Table, seat: int, frm: str, to: str) -> M.Table:
    """The battle of ``seat``'s bees on ``frm`` against the bees on ``to``: step 1, the
    attacker's cards, is due."""
    defender = M.owner(t, to)
    assert defender is not None
    f = Fight((seat, defender), (frm, to),
              (attacking_bees(t, seat, frm, to), tuple(k for _, _, k in M.on(t, to))))
    return replace(t, phase="battle", fight=f,
                   said=(f"{t.name(seat)} attacks {to} from {frm}: "
                         f"{M.describe_bees(Counter(f.bees[0]))} against "
                         f"{t.name(defender)}'s {M.describe_bees(Counter(f.bees[1]))}",))


# --- 5. Battle rewards ---------------------------------------------------------------------

def rewards(t: M.Table, loser: int, who: str | None) -> M.Table:
    """5. Battle rewards: the loser removes its bees that took part (those Call for Help
    added too; with Stuck in a Web every defender bee of the space, which all take part) and
    draws one card; the winner's added bees stay where they stand (an ally's too); a queen
    removed is defeated; with Bee Escape the loser next chooses which of its own bees
    that fought (a worker or a warrior, never an ally's: ruling Q13) each card saves, and
    where in its hive (:func:`escape_options`); the attacker, winning, occupies the space."""
    f = t.fight
    seat, space = f.seats[loser], f.spaces[loser]
    removed = [(space, seat, k) for k in f.bees[loser]] + \
        [(sp, owner, k) for s, sp, k, owner in f.helpers if s == loser]
    said = [f"{who} accepts defeat", f"{t.name(seat)} removes "
            f"{M.describe_bees(Counter(f.fighters(loser)))}"]
    t = replace(t, bees=M.with_bees(t, removed, []))
    t, drawn = M.draw(t, seat)
    said += [f"{t.name(seat)} draws a card (hand {t.hands[seat]})", *drawn]
    for owner in dict.fromkeys(o for _, o, k in removed if k == M.QUEEN):
        t, words = queen_defeated(t, owner, f.seats[1 - loser])
        said += words
    own = f.bees[loser] + tuple(k for s, _, k, o in f.helpers if s == loser and o == seat)
    able = tuple(k for k in own if k != M.QUEEN)
    if able and f.escapes[loser]:
        said.append(f"Bee Escape: {t.name(seat)} saves {counted(f.escapes[loser], 'bee')} "
                    f"of its {M.describe_bees(Counter(able))}")
        f = replace(f, stage="escape", side=loser, saving=able)
        t = replace(t, fight=f, said=tuple(said))
        return t if escape_options(t) else after_escape(t)
    return after_rewards(replace(t, said=tuple(said)), loser)


def after_rewards(t: M.Table, loser: int) -> M.Table:
    """The winner moves in (the attacker; when no bee that took part may stand on the won
    space — an attacker's worker against a bee in its own nest — none does: ruling Q24), or
    the battle is over (the defender)."""
    if loser == 1:
        t = replace(t, fight=replace(t.fight, stage="occupy", side=0))
        if occupy_options(t):
            return t
        f = t.fight
        t = replace(t, said=t.said + (f"no bee that took part may stand on {f.spaces[1]}: "
                                      "none moves in (ruling Q24)",))
    return replace(t, fight=None, phase="discard")


def escape_options(t: M.Table) -> tuple[str, ...]:
    """Bee Escape: "save 1 worker bee or warrior ... move it to any available place in your
    hive" — ``escape KIND SPACE``: a kind among the loser's bees that fought, onto a space
    of its hive it may stand on (no opponent's bees, fewer than 4 bees, no tunnel for a
    warrior, not its own nest), not the battle's own space (ruling Q24)."""
    f = t.fight
    seat = f.seats[f.side]
    spaces = t.setup.board.hive_spaces(t.setup.hives[seat])
    return tuple(f"escape {k} {s}" for k in dict.fromkeys(f.saving) for s in spaces
                 if s not in f.spaces and M.enter_problem(t, seat, k, s) is None)


def escape(t: M.Table, kind: str, space: str) -> M.Table:
    """The loser's bee of ``kind`` saved by a Bee Escape, placed on ``space`` of its hive; the
    next card's choice, or the rewards go on."""
    f = t.fight
    seat = f.seats[f.side]
    saving = list(f.saving)
    saving.remove(kind)
    left = list(f.escapes)
    left[f.side] -= 1
    t = replace(t, bees=M.with_bees(t, [], [(space, seat, kind)]),
                fight=replace(f, saving=tuple(saving), escapes=(left[0], left[1])),
                said=(f"{t.name(seat)}'s {kind} escapes to {space}",))
    return t if left[f.side] and escape_options(t) else after_escape(t)


def after_escape(t: M.Table) -> M.Table:
    """The saved bees are placed (a save with no bee able to stand anywhere in the hive is
    lost): the rewards go on."""
    f = t.fight
    return after_rewards(replace(t, fight=replace(f, saving=())), f.side)


def queen_defeated(t: M.Table, seat: int, by: int) -> tuple[M.Table, list[str]]:
    """``seat``'s queen is defeated by ``by``'s bees: with 3+ players every bee serving her
    now serves the queen ``by``'s bees serve (Forced Alliance); when hers was the last
    other queen the match ends (End of the Game) and no alliance is said."""
    new = M.head(t, by)
    said = [f"{t.name(seat)}'s queen is defeated"]
    serves = t.serves
    standing = [s for s in range(len(t.players)) if s not in t.fallen and s != seat]
    if len(t.players) >= 3:
        serves = tuple(new if s == seat else s for s in serves)
        if M.in_play(t, seat) and len(standing) > 1:
            said.append(f"forced alliance: {t.name(seat)}'s bees now serve "
                        f"{t.name(new)}'s queen")
    return replace(t, fallen=t.fallen + (seat,), serves=serves), said


def occupy_options(t: M.Table) -> tuple[str, ...]:
    """``occupy KIND,KIND``: each choice of at least one bee that took part from the
    attacking space and may stand on the won space."""
    import itertools
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
