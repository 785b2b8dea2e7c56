"""Queen Bee battles: a stated battle checked against the rules, its outcome and rewards.

Rulebook sections: Gameplay: Battle (Sequence of Battle, Battle Rewards), Dice (yellow for
workers, black for warriors and the queen), Game Board (four bees per space, warriors and
tunnels, nests), Card Descriptions (Battle Cards, Sudden Cards, Effect Cards).

Units: bees, dice, pips (die values), cards.

A :class:`Battle` states the bees on each side, the final dice (after every re-roll and card)
and the cards played, in order.  Each :class:`CardPlay` is *before* the battle (step 1: only the
attacker's attacker-symbol cards Smoker and Stuck in a Web, and sudden cards) or *during* it
(step 4, after the rolls).  A Don't Buzz cancels the card played immediately before it, which
must be an opponent's (it may be another Don't Buzz).  :func:`check_battle` raises
:class:`IllegalActionError` naming the rule, or returns the :class:`BattleOutcome`.

Text forms (what a player types, see :func:`parse_bees`, :func:`parse_dice`,
:func:`parse_play`)::

    bees   queen,warrior:2,worker          dice   b4,b3,y2 (b black, y yellow)
    card   before:attacker:smoker          card   defender:strong-sting
           attacker:call-for-help:worker          defender:dont-buzz
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from hyvekit.rules.validate import require_table
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.queenbee import board
from hyvekit.rules.queenbee.tables import BLACK, YELLOW, Card, Dice, card_key, find_card
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.common import counted
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

R_BATTLE = "Queen Bee: Battle"
R_SEQUENCE = "Queen Bee: Battle — Sequence of Battle"
R_REWARDS = "Queen Bee: Battle — Battle Rewards"
R_EFFECT = "Queen Bee: Effect Cards"


def r_card(name: str) -> str:
    """Rule name of a card: ``"Queen Bee: Battle Cards — Smoker"``."""
    kind = {"Ally": "Sudden Cards", "Don't Buzz": "Sudden Cards",
            "Secret Move": "Sudden Cards"}.get(name, "Battle Cards")
    return f"Queen Bee: {kind} — {name}"


SIDES = ("attacker", "defender")
ADDS_BEE = ("Call for Help", "Ally")
MAX_PLAYS = 40


def other(side: str) -> str:
    """The other side of a battle: ``"attacker"`` ↔ ``"defender"``."""
    return "defender" if side == "attacker" else "attacker"


@dataclass(frozen=True)
class Bees:
    """Bees of one side taking part in a battle (before any card adds one)."""

    queen: int = 0
    warriors: int = 0
    workers: int = 0

    @property
    def total(self) -> int:
        """Bees in all."""
        return self.queen + self.warriors + self.workers

    @property
    def black(self) -> int:
        """Black dice rolled: one per warrior or queen."""
        return self.queen + self.warriors

    @property
    def yellow(self) -> int:
        """Yellow dice rolled: one per worker."""
        return self.workers

    def describe(self) -> str:
        """The bees in words: ``queen, 2 warriors``."""
        parts = (["queen"] if self.queen else []) + \
            ([f"{self.warriors} warrior{'s' * (self.warriors != 1)}"] if self.warriors else []) + \
            ([f"{self.workers} worker{'s' * (self.workers != 1)}"] if self.workers else [])
        return ", ".join(parts) or "no bees"

    def to_dict(self) -> dict[str, int]:
        """The bees as JSON gives them."""
        return {"queen": self.queen, "warriors": self.warriors, "workers": self.workers}


def parse_bees(text: str, field: str = "bees") -> Bees:
    """``"queen,warrior:2,worker"`` → :class:`Bees` (also ``warriors:2``, ``2 warriors``).

    :raises InvalidInputError: unknown bee type, bad count, none at all.
    """
    counts = {"queen": 0, "warrior": 0, "worker": 0}
    allowed = "bees as TYPE or TYPE:COUNT, comma-separated, e.g. queen,warrior:2,worker"
    for part in str(text).replace(";", ",").split(","):
        part = part.strip().lower()
        if not part:
            continue
        words = part.replace(":", " ").replace("=", " ").split()
        if len(words) == 2 and digits(words[0]):
            words = [words[1], words[0]]
        if not 1 <= len(words) <= 2 or (len(words) == 2 and not digits(words[1])):
            raise InvalidInputError(field, text, allowed)
        kind = {"queens": "queen", "warriors": "warrior", "workers": "worker",
                "q": "queen", "w": "warrior", "k": "worker"}.get(words[0], words[0])
        if kind not in counts:
            raise not_one_of(field, words[0], counts,
                             allowed="queen, warrior or worker (" + allowed + ")")
        counts[kind] += int(words[1]) if len(words) == 2 else 1
    bees = Bees(counts["queen"], counts["warrior"], counts["worker"])
    if bees.total == 0:
        raise InvalidInputError(field, text, "at least one bee; " + allowed)
    if bees.total > 99:
        raise InvalidInputError(field, text, "at most 99 bees")
    return bees


@dataclass(frozen=True)
class Die:
    """One die as it lies at the end of the battle: ``colour`` (black/yellow) and ``pips``."""

    colour: str
    pips: int

    def __str__(self) -> str:
        return f"{self.colour[0]}{self.pips}"


def parse_dice(text: str, field: str = "dice") -> tuple[Die, ...]:
    """``"b4,b3,y2"`` → dice (``b``/``black``, ``y``/``yellow`` then the pips).

    :raises InvalidInputError: anything else.
    """
    allowed = "dice as b4,b3,y2 (b = black, y = yellow, then the pips)"
    out = []
    for part in str(text).replace(" ", ",").split(","):
        p = part.strip().lower()
        if not p:
            continue
        for prefix, colour in (("black", BLACK), ("yellow", YELLOW), ("b", BLACK),
                               ("y", YELLOW)):
            if p.startswith(prefix):
                rest = p[len(prefix):].lstrip(":=")
                if digits(rest) and int(rest) <= 99:
                    out.append(Die(colour, int(rest)))
                    break
                raise InvalidInputError(field, part, allowed)
        else:
            raise InvalidInputError(field, part, allowed)
    if len(out) > 40:
        raise InvalidInputError(field, text, "at most 40 dice")
    return tuple(out)


@dataclass(frozen=True)
class CardPlay:
    """One card played in a battle.

    :ivar side: ``attacker`` or ``defender``: who played it, or (Ally) whom it helps.
    :ivar card: the card's name as in the rulebook.
    :ivar before: played before the battle (step 1) rather than after the rolls (step 4).
    :ivar bee: for Call for Help and Ally, the bee added: queen, warrior or worker.
    """

    side: str
    card: str
    before: bool = False
    bee: str | None = None

    def describe(self) -> str:
        """The play in words: ``attacker Smoker before the battle``."""
        text = f"{self.side} {self.card}"
        if self.bee:
            text += f" ({self.bee})"
        return text + (" before the battle" if self.before else "")

    def to_text(self) -> str:
        """The play as typed (:func:`parse_play` reads it back)."""
        return ("before:" if self.before else "") + f"{self.side}:{card_key(self.card)}" + \
            (f":{self.bee}" if self.bee else "")


def parse_play(text: str, cards: Mapping[str, Card]) -> CardPlay:
    """``[before:|during:]SIDE:CARD[:BEE]`` → :class:`CardPlay`.

    ``SIDE`` is attacker or defender (a = attacker, d = defender); ``BEE`` (Call for Help,
    Ally only) is queen, warrior (the default) or worker.

    :raises InvalidInputError: unknown side, card or bee.
    """
    allowed = "[before:]SIDE:CARD[:BEE], e.g. before:attacker:smoker or defender:strong-sting"
    parts = [p.strip() for p in str(text).split(":")]
    before = False
    if parts and parts[0].lower() in ("before", "during", "after"):
        before = parts.pop(0).lower() == "before"
    if len(parts) not in (2, 3):
        raise InvalidInputError("card", text, allowed)
    side = {"a": "attacker", "d": "defender"}.get(parts[0].lower(), parts[0].lower())
    if side not in SIDES:
        raise not_one_of("card side", parts[0], SIDES, allowed="attacker or defender")
    card = find_card(parts[1], cards)
    bee = None
    if card.name in ADDS_BEE:
        bee = (parts[2].lower().rstrip("s") if len(parts) == 3 else "warrior")
        if bee not in board.BEE_TYPES:
            raise not_one_of("card bee", parts[2], board.BEE_TYPES,
                             allowed="queen, warrior or worker")
    elif len(parts) == 3:
        raise InvalidInputError("card", text, f"no bee after {card.name} (only Call for Help "
                                "and Ally add a bee)")
    return CardPlay(side, card.name, before, bee)


@dataclass(frozen=True)
class Battle:
    """A stated battle.

    :ivar attacker, defender: bees taking part (before cards add any).
    :ivar attacker_dice, defender_dice: final dice, after re-rolls and cards.
    :ivar plays: cards in the order played.
    :ivar space: the defender's space type (grass, hive, tunnel, hive-tunnel, nest = the
        defender's own nest), or None if not stated.
    """

    attacker: Bees
    defender: Bees
    attacker_dice: tuple[Die, ...]
    defender_dice: tuple[Die, ...]
    plays: tuple[CardPlay, ...] = ()
    space: str | None = None

    def bees(self, side: str) -> Bees:
        """The bees of ``side``."""
        return self.attacker if side == "attacker" else self.defender

    def dice(self, side: str) -> tuple[Die, ...]:
        """The final dice of ``side``."""
        return self.attacker_dice if side == "attacker" else self.defender_dice


@dataclass(frozen=True)
class SideResult:
    """What happens to one side's bees (in bees) and hand (in cards)."""

    total: int
    removed: dict[str, int] = field(default_factory=dict)   # bee type → bees removed
    saved: int = 0                  # Bee Escape: workers/warriors moved to the hive instead
    returned: dict[str, int] = field(default_factory=dict)  # called/ally bees back to their space
    ally_removed: dict[str, int] = field(default_factory=dict)  # ally bees (other players')
    draws: int = 0                  # cards drawn


@dataclass(frozen=True)
class BattleOutcome:
    """The outcome of a checked battle.

    :ivar winner: ``attacker`` (equal or higher total) or ``defender``.
    :ivar effective: plays whose effect stands; ``cancelled``: plays a Don't Buzz cancelled.
    :ivar notes: reward instructions and remarks, one line each.
    """

    winner: str
    attacker: SideResult
    defender: SideResult
    effective: tuple[CardPlay, ...]
    cancelled: tuple[CardPlay, ...]
    notes: tuple[str, ...]
    faces_assumed: bool

    @property
    def tie(self) -> bool:
        """Whether the totals were equal (the attacker wins a tie)."""
        return self.attacker.total == self.defender.total

    def to_dict(self) -> dict[str, Any]:
        """The outcome as ``queenbee battle --json`` prints it."""
        def side(r: SideResult) -> dict[str, Any]:
            return {"total": r.total, "removed": r.removed, "saved_by_bee_escape": r.saved,
                    "returned_to_previous_space": r.returned, "ally_bees_removed":
                    r.ally_removed, "draws": r.draws}
        return {"winner": self.winner, "tie": self.tie, "attacker": side(self.attacker),
                "defender": side(self.defender),
                "effective_cards": [p.describe() for p in self.effective],
                "cancelled_cards": [p.describe() for p in self.cancelled],
                "notes": list(self.notes), "faces_assumed": self.faces_assumed}


def resolve_dont_buzz(plays: tuple[CardPlay, ...]) -> tuple[bool, ...]:
    """Which plays take effect: each Don't Buzz cancels the play just before it (a Don't Buzz
    cancelled in turn lets that play stand again).  Works backwards from the last card.

    :raises IllegalActionError: a Don't Buzz with no card before it, or aimed at its own side's
        card (Don't Buzz: "cancel the effect of a card played by an opponent").
    """
    for i, p in enumerate(plays):
        if p.card == "Don't Buzz":
            if i == 0:
                raise IllegalActionError(r_card("Don't Buzz"), "a Don't Buzz cancels a card "
                                         "already played; none was played before it")
            if plays[i - 1].side == p.side:
                raise IllegalActionError(r_card("Don't Buzz"), "Don't Buzz cancels a card "
                                         f"played by an opponent; the card before it "
                                         f"({plays[i - 1].card}) is the {p.side}'s own",
                                         given=p.to_text())
    effective = [True] * len(plays)
    for i in range(len(plays) - 1, -1, -1):
        nxt = i + 1
        if nxt < len(plays) and plays[nxt].card == "Don't Buzz" and effective[nxt]:
            effective[i] = False
    return tuple(effective)


def _check_timing(battle: Battle, cards: Mapping[str, Card]) -> None:
    seen_during = False
    for p in battle.plays:
        card = cards[p.card]
        rule = r_card(p.card)
        if card.kind == "effect":
            raise IllegalActionError(R_EFFECT, f"{p.card} is an effect card: effect cards cannot "
                                     "be played during the action phase, and a battle is part "
                                     "of the Sting action", given=p.to_text())
        if p.before and seen_during:
            raise InvalidInputError("card", p.to_text(), "cards in the order played: every "
                                    "before: card comes ahead of the cards played after the rolls")
        seen_during = seen_during or not p.before
        if card.attacker_only:
            if p.side != "attacker":
                raise IllegalActionError(rule, f"{p.card} is played only by the attacker",
                                         given=p.to_text())
            if not p.before:
                raise IllegalActionError(rule, f"{p.card} must be played before the battle "
                                         "begins", given=p.to_text(),
                                         hint=f"state it as before:attacker:{card_key(p.card)}")
        elif p.before and card.kind == "battle":
            raise IllegalActionError(R_SEQUENCE, "before the rolls the attacker plays only cards "
                                     "with the attacker symbol (Smoker, Stuck in a Web); other "
                                     f"battle cards are played after the rolls: {p.card}",
                                     given=p.to_text())


def check_bee_counts(attacker: Bees, defender: Bees,
                     own_added: dict[str, dict[str, int]] | None = None) -> None:
    """Each player's bees in a battle (Game Components: 1 queen, 7 warriors, 7 workers,
    counting their own bees added by Call for Help) and at most four bees on the defender's
    space (Game Board; bees added by cards may exceed it).

    :raises IllegalActionError: a count above the limit, naming the rule.
    """
    for side, bees in (("attacker", attacker), ("defender", defender)):
        own = (own_added or {}).get(side, {})
        for kind, have, limit in (("queen", bees.queen + own.get("queen", 0), board.QUEENS),
                                  ("warrior", bees.warriors + own.get("warrior", 0),
                                   board.WARRIORS),
                                  ("worker", bees.workers + own.get("worker", 0),
                                   board.WORKERS)):
            if have > limit:
                raise IllegalActionError(board.R_BEES, f"each player has {limit} {kind}"
                                         f"{'s' if limit > 1 else ''}; the {side} has {have} "
                                         "in the battle", expected=limit, given=have)
    if defender.total > board.BEES_PER_SPACE:
        raise IllegalActionError(board.R_BOARD, f"at most {board.BEES_PER_SPACE} bees can be on "
                                 f"a space; the defender has {defender.total} on it",
                                 expected=board.BEES_PER_SPACE, given=defender.total,
                                 hint="Call for Help and Ally add bees beyond 4 during a battle")


def check_battle(battle: Battle, dice: Dice, cards: Mapping[str, Card]) -> BattleOutcome:
    """Check a stated battle and work out its outcome and rewards.

    Checks, in order: card timing (effect cards never; Smoker and Stuck in a Web only by the
    attacker before the battle; other battle cards after the rolls), Don't Buzz targets, Smoker
    (no defender battle card while it stands), Stuck in a Web (not against a single bee), bee
    counts (1 queen, 7 warriors, 7 workers; 4 per defending space), the space (warriors neither
    in nor attacking tunnels; in their own nest only the queen), the dice (one yellow die per
    worker, one black die per warrior or queen, plus Sneaky Sting and added bees, minus the
    webbed bee; pips from the dice faces, above the maximum only by Strong Sting).

    The attacker wins when their total is equal to or higher than the defender's.

    :param cards: the card table by name (kind of each card: effect, battle, sudden).
    :raises IllegalActionError: the rule broken, with what was expected and given.
    :raises InvalidInputError: malformed battle (cards out of order...).
    """
    if len(battle.plays) > MAX_PLAYS:
        raise InvalidInputError("cards", len(battle.plays), f"at most {MAX_PLAYS} cards")
    _check_timing(battle, cards)
    eff = resolve_dont_buzz(battle.plays)
    effective = tuple(p for p, e in zip(battle.plays, eff) if e)
    cancelled = tuple(p for p, e in zip(battle.plays, eff) if not e)
    _check_smoker(battle, effective, cards)
    webs = _webs(battle, effective)
    added = _added_bees(effective)
    check_bee_counts(battle.attacker, battle.defender,
                     {side: added[side]["own"] for side in SIDES})
    if battle.space is not None:
        _check_space(battle, added)
    notes: list[str] = []
    for side in SIDES:
        _check_dice(battle, side, dice, effective, added, webs, notes)

    a_total = sum(d.pips for d in battle.attacker_dice)
    d_total = sum(d.pips for d in battle.defender_dice)
    check_losing_side_plays(battle, eff, cards, dice)
    winner = "attacker" if a_total >= d_total else "defender"
    if a_total == d_total:
        notes.append("a tie: the attack succeeds (equal to or higher than the defender's total)")
    results = {side: _side_result(battle, side, a_total if side == "attacker" else d_total,
                                  side != winner, effective, added, notes)
               for side in SIDES}
    notes += _rewards_notes(winner, webs, effective)
    return BattleOutcome(winner, results["attacker"], results["defender"], effective, cancelled,
                         tuple(notes), dice.assumed)


#: bees a side adds during the battle, by side: ``own`` (Call for Help) and ``ally`` (Ally),
#: each a count per bee type
Added = dict[str, dict[str, dict[str, int]]]


def _check_smoker(battle: Battle, effective: tuple[CardPlay, ...],
                  cards: Mapping[str, Card]) -> None:
    """Smoker: while it stands, the defender plays no battle card.

    :raises IllegalActionError: (rule Smoker) a defender's battle card under a Smoker.
    """
    if not any(p.card == "Smoker" for p in effective):
        return
    for p in battle.plays:
        if p.side == "defender" and cards[p.card].kind == "battle":
            raise IllegalActionError(r_card("Smoker"), "the attacker's Smoker prevents the "
                                     f"defender from playing battle cards in this battle: "
                                     f"{p.card}", given=p.to_text(),
                                     hint="a sudden card such as Don't Buzz may cancel "
                                          "the Smoker")


def _webs(battle: Battle, effective: tuple[CardPlay, ...]) -> list[CardPlay]:
    """The Stuck in a Web cards that stand (one at most; never against a single bee).

    :raises IllegalActionError: (rule Stuck in a Web) a web against one bee, or two webs.
    """
    webs = [p for p in effective if p.card == "Stuck in a Web"]
    if any(p.card == "Stuck in a Web" for p in battle.plays) and battle.defender.total < 2:
        raise IllegalActionError(r_card("Stuck in a Web"), "it cannot be used when attacking "
                                 "only 1 bee", given=battle.defender.describe())
    if len(webs) > 1:
        raise IllegalActionError(r_card("Stuck in a Web"), "the defender's weakest bee is "
                                 "already stuck; one web per battle", given=len(webs))
    return webs


def _added_bees(effective: tuple[CardPlay, ...]) -> Added:
    """The bees each side adds by Call for Help (its own) and Ally (an ally's)."""
    added: Added = {
        s: {"own": {b: 0 for b in board.BEE_TYPES}, "ally": {b: 0 for b in board.BEE_TYPES}}
        for s in SIDES}
    for p in effective:
        if p.card in ADDS_BEE:
            added[p.side]["own" if p.card == "Call for Help" else "ally"][p.bee] += 1
    return added


def _check_space(battle: Battle, added: Added) -> None:
    """The battle's space (Game Board): the attacking bees may attack it, the defending bees
    may be on it.

    :raises IllegalActionError: warriors attacking or defending a tunnel, bees other than the
        queen in their own nest.
    """
    space = battle.space
    for bee, n in (("warrior", battle.attacker.warriors + added["attacker"]["own"]["warrior"]
                    + added["attacker"]["ally"]["warrior"]), ("queen", 1), ("worker", 1)):
        if n:
            board.check_may_attack(bee, space)
    for bee, n in (("warrior", battle.defender.warriors), ("worker", battle.defender.workers),
                   ("queen", battle.defender.queen)):
        if n:
            board.check_may_enter(bee, space, own_hive=True)


def _check_dice(battle: Battle, side: str, dice: Dice, effective: tuple[CardPlay, ...],
                added: Added, webs: list[CardPlay], notes: list[str]) -> None:
    """The dice of ``side`` (Dice; Sequence of Battle): one yellow die per worker, one black
    per warrior or queen, plus Sneaky Sting and the bees added, minus a webbed bee (said in
    ``notes``); each die showing one of its faces, raised above it only by Strong Sting.

    :raises IllegalActionError: the wrong dice, a face a die does not have, pips beyond the
        faces not paid by Strong Sting.
    """
    bees = battle.bees(side)
    yellow, black = bees.yellow, bees.black
    yellow += sum(1 for p in effective if p.side == side and p.card == "Sneaky Sting")
    for group in ("own", "ally"):
        yellow += added[side][group]["worker"]
        black += added[side][group]["warrior"] + added[side][group]["queen"]
    if side == "defender" and webs:
        if bees.workers:
            yellow -= 1
            notes.append("Stuck in a Web: the defender's weakest bee (a worker) rolls no die")
        else:
            black -= 1
            notes.append("Stuck in a Web: the defender's weakest bee rolls no die")
    got_y = sum(1 for d in battle.dice(side) if d.colour == YELLOW)
    got_b = sum(1 for d in battle.dice(side) if d.colour == BLACK)
    if (got_y, got_b) != (yellow, black):
        raise IllegalActionError(
            R_SEQUENCE, f"the {side} rolls one yellow die per worker and one black die per "
            f"warrior or queen (plus Sneaky Sting and added bees, minus a webbed bee): "
            f"{yellow} yellow and {black} black, got {got_y} yellow and {got_b} black",
            expected={"yellow": yellow, "black": black},
            given={"yellow": got_y, "black": got_b})
    stings = sum(1 for p in effective if p.side == side and p.card == "Strong Sting")
    raised = 0
    for d in battle.dice(side):
        faces = dice.faces(d.colour)
        below = [f for f in faces if f <= d.pips]
        if not below:
            raise IllegalActionError(R_SEQUENCE, f"a {d.colour} die shows {d.pips}, below "
                                     f"its lowest face {min(faces)}", given=str(d),
                                     hint=_faces_hint(dice))
        raised += d.pips - max(below)
    if raised > stings:
        raise IllegalActionError(
            r_card("Strong Sting"), f"the {side}'s dice show {counted(raised, 'pip')} beyond "
                                    f"their "
            f"faces ({', '.join(map(str, battle.dice(side)))}); only Strong Sting raises a "
            f"die (by 1 per card), {stings} played", expected=stings, given=raised,
            hint=_faces_hint(dice))


def _side_result(battle: Battle, side: str, total: int, lost: bool,
                 effective: tuple[CardPlay, ...], added: Added, notes: list[str]) -> SideResult:
    """What the battle leaves ``side`` (Battle Rewards): the loser's bees removed (Bee Escape
    saving some, said in ``notes``) and one card drawn; the winner's added bees back."""
    bees = battle.bees(side)
    own, ally = added[side]["own"], added[side]["ally"]
    escapes = sum(1 for p in effective if p.side == side and p.card == "Bee Escape")
    if not lost:
        back = {k: own[k] + ally[k] for k in board.BEE_TYPES if own[k] + ally[k]}
        if escapes:
            notes.append(f"Bee Escape played by the {side}, who won: it saves nobody")
        return SideResult(total, {}, 0, back, {}, 0)
    removed = {"queen": bees.queen + own["queen"],
               "warrior": bees.warriors + own["warrior"],
               "worker": bees.workers + own["worker"]}
    savable = removed["warrior"] + removed["worker"]
    saved = min(escapes, savable)
    if escapes:
        notes.append(f"Bee Escape: the {side} saves "
                     f"{counted(saved, 'worker or warrior bee')} "
                     "(their choice) and moves them to any available hive space")
    removed = {k: v for k, v in removed.items() if v}
    return SideResult(total, removed, saved, {}, {k: v for k, v in ally.items() if v}, 1)


def _rewards_notes(winner: str, webs: list[CardPlay],
                   effective: tuple[CardPlay, ...]) -> list[str]:
    """What the players do after the battle (Battle Rewards), in words."""
    if winner == "attacker":
        notes = ["the attacker moves at least one bee that took part onto the defender's "
                 "space; the defender removes its bees and draws one card"]
        if webs:
            notes.append("Stuck in a Web: every defender bee on the space is removed, the "
                         "webbed one included")
    else:
        notes = ["the defender's bees stay; the attacker removes its bees that took part "
                 "and draws one card"]
    if any(p.card in ADDS_BEE for p in effective):
        notes.append("bees added by Call for Help or Ally return to their previous space if "
                     "their side wins, and are removed if it loses")
    return notes


#: what each battle card played after the rolls does to the dice (ruling Q16): raise one of
#: its side's dice by 1, nothing, set one of them to the die's maximum, re-roll one die of
#: either side, re-roll any of its side's dice.  A card that adds a die (Sneaky Sting, Call
#: for Help) may be played as the dice are rolled: no check with it
DICE_CHANGE = {"Strong Sting": "raise", "Bee Escape": "none", "Maximum Power": "maximum",
               "Helping Paw": "reroll-one", "Again and Again": "reroll-own"}
#: the most ways the dice may have lain that are worked back; more, and the stated dice do
#: not settle the check (it is skipped, as for a card not in :data:`DICE_CHANGE`)
MAX_LAYS = 20000

#: the dice as they lay: ``(attacker's, defender's)``, each a sorted tuple of (colour, pips)
Lay = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]


def _before_card(lay: Lay, play: CardPlay, dice: Dice) -> set[Lay] | None:
    """Every way the dice may have lain before ``play`` (a card of :data:`DICE_CHANGE`), the
    dice lying as ``lay`` after it; None when they are too many to work through."""
    own = SIDES.index(play.side)
    change = DICE_CHANGE[play.card]
    if change == "none":
        return {lay}

    def put(side: int, dice_of_side) -> Lay:
        out = list(lay)
        out[side] = tuple(sorted(dice_of_side))
        return (out[0], out[1])

    if change == "reroll-own":               # any of its dice, each showing any face
        choices = [sorted({pips, *dice.faces(colour)}) if pips in dice.faces(colour)
                   else [pips] for colour, pips in lay[own]]
        count = 1
        for c in choices:
            count *= len(c)
        if count > MAX_LAYS:
            return None
        from itertools import product
        return {put(own, zip((c for c, _ in lay[own]), pips))
                for pips in product(*choices)}
    out: set[Lay] = set()
    for side in (0, 1) if change == "reroll-one" else (own,):
        for i, (colour, pips) in enumerate(lay[side]):
            rest = lay[side][:i] + lay[side][i + 1:]
            faces = dice.faces(colour)
            if change == "raise" and pips >= 1:
                out.add(put(side, (*rest, (colour, pips - 1))))
            elif (change == "maximum" and pips == max(faces)) or (
                    change == "reroll-one" and pips in faces):
                out |= {put(side, (*rest, (colour, f))) for f in faces}
    return out


def check_losing_side_plays(battle: Battle, effective: tuple[bool, ...],
                            cards: Mapping[str, Card], dice: Dice) -> None:
    """Sequence of Battle, step 4: "The player who is losing after the rolls may play any
    cards with the battle symbol ... the other player (now losing) may also play".  The
    dice before each card played after the rolls are worked back from the final dice over
    every way the card could have changed them (:data:`DICE_CHANGE`: the die it raised, set
    or re-rolled, each face that die could have shown before; none cancelled), and a side's
    run of cards is refused when, in every one of those ways, the side was winning as the
    run began (the attacker at or above the defender, a tie being the attacker's; ruling
    Q16).  A card of no known change, or more ways than :data:`MAX_LAYS`: no check.

    :raises IllegalActionError: a side played battle cards while it was winning.
    """
    during = [(p, e) for p, e in zip(battle.plays, effective)
              if not p.before and cards[p.card].kind == "battle"]
    if not during or not all(e and p.card in DICE_CHANGE for p, e in during):
        return
    lays: set[Lay] = {(tuple(sorted((d.colour, d.pips) for d in battle.attacker_dice)),
                       tuple(sorted((d.colour, d.pips) for d in battle.defender_dice)))}
    before: list[set[Lay]] = [set()] * len(during)
    for k in reversed(range(len(during))):
        worked = [_before_card(lay, during[k][0], dice) for lay in lays]
        if any(w is None for w in worked):
            return
        lays = set().union(*worked)
        if not lays or len(lays) > MAX_LAYS:        # the dice checks say what is wrong
            return
        before[k] = lays
    side_before = None
    for (p, _), lays in zip(during, before):
        if p.side == side_before:
            continue
        side_before = p.side
        totals = {(sum(x for _, x in a), sum(x for _, x in d)) for a, d in lays}
        if all((a >= d) == (p.side == "attacker") for a, d in totals):
            a, d = (_span(t[i] for t in totals) for i in (0, 1))
            raise IllegalActionError(
                R_SEQUENCE, f"the {p.side} played {p.card} while winning ({a} against {d} "
                "before it, however the dice lay): only the player losing after the rolls (or "
                "after the other's cards) may play battle cards",
                expected=f"cards by the {other(p.side)}", given=p.to_text())


def _span(values) -> str:
    values = sorted(set(values))
    return str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"


def _faces_hint(dice: Dice) -> str:
    text = f"faces yellow {list(dice.yellow)}, black {list(dice.black)}"
    if dice.assumed:
        text += " are hyvekit's assumption; pass --faces FILE with your dice"
    return text


def check_stated_winner(outcome: BattleOutcome, stated: str) -> None:
    """Compare a stated winner with the rules' one.

    :raises InvalidInputError: ``stated`` is not attacker/defender.
    :raises IllegalActionError: the stated winner is wrong (names the right one).
    """
    s = {"a": "attacker", "d": "defender"}.get(stated.strip().lower(), stated.strip().lower())
    if s not in SIDES:
        raise InvalidInputError("--winner", stated, "attacker or defender")
    if s != outcome.winner:
        a, d = outcome.attacker.total, outcome.defender.total
        why = ("a tie goes to the attacker" if a == d else
               "the attacker needs a total equal to or higher than the defender's")
        raise IllegalActionError(R_BATTLE, f"attacker {a} against defender {d}: {why}, so the "
                                 f"{outcome.winner} wins, not the {s}", expected=outcome.winner,
                                 given=s)


BATTLE_KEYS = {"attacker", "defender", "attacker_dice", "defender_dice", "cards", "space",
               "winner"}


def battle_from_dict(raw: dict[str, Any], cards: Mapping[str, Card]
                     ) -> tuple[Battle, str | None]:
    """A battle from a TOML/JSON table (``attacker``, ``defender``, ``attacker_dice``,
    ``defender_dice``, optional ``cards`` list, ``space``, ``winner``) → (battle, winner).

    Dice may be a text (``"b4,y2"``) or a list of texts; bees a text.

    :raises InvalidInputError: unknown or missing key, malformed value.
    """
    require_table("battle file", raw, BATTLE_KEYS)
    for key in ("attacker", "defender", "attacker_dice", "defender_dice"):
        if key not in raw:
            raise InvalidInputError("battle file", f"no {key!r}", "attacker, defender, "
                                    "attacker_dice and defender_dice")

    def dice_text(v: Any) -> str:
        return ",".join(map(str, v)) if isinstance(v, list) else str(v)

    plays = raw.get("cards", [])
    if not isinstance(plays, list):
        raise InvalidInputError("cards", plays, "a list of card texts")
    space = raw.get("space")
    battle = Battle(parse_bees(str(raw["attacker"]), "attacker"),
                    parse_bees(str(raw["defender"]), "defender"),
                    parse_dice(dice_text(raw["attacker_dice"]), "attacker_dice"),
                    parse_dice(dice_text(raw["defender_dice"]), "defender_dice"),
                    tuple(parse_play(str(p), cards) for p in plays),
                    parse_space(space) if space is not None else None)
    winner = raw.get("winner")
    return battle, None if winner is None else str(winner)


def parse_space(text: str) -> str:
    """A space type: grass, hive, tunnel, hive-tunnel or nest (the defender's own nest).

    :raises InvalidInputError: anything else.
    """
    s = text.strip().lower().replace(" ", "-")
    if s not in board.SPACE_TYPES:
        raise not_one_of("--space", text, board.SPACE_TYPES)
    return s
