"""Queen Bee's effect cards at the table: played on your own turn, outside the action phase
(before the action, after the card drawn, and after it, before the discard).

Rulebook sections: Turn Order ("PLAYERS CANNOT PLAY EFFECT CARDS DURING THE ACTION PHASE"),
Effect Cards (Bad Pollen, Bandit, Bee Larvae, Knighthood, Busy Bee, Tangled Signals, Honey,
Pesticides), Variant for 5-6 Players (no Bad Pollen on your first turn), Forced Alliance
(Pesticides spares the allies).

Steps: ``play bad-pollen NAME``, ``play bandit NAME``, ``play honey``, ``play busy-bee``,
``play bee-larvae`` (before the action), ``play knighthood SPACE KIND`` (the bee of yours of
KIND on SPACE swapped for one of the other kind off the board), ``play tangled-signals``
(then ``move KIND FROM TO`` of opponents' bees, two spaces in all, and ``done``), ``play
pesticides`` (then each opponent, in seat order, ``remove KIND SPACE``: a bee of theirs
from their hive); ``end`` closes the window after the action.  Pollen, Nectar, Downpour and
Stuck in Honey are named but not described by the rulebook: they are not offered (ruling
Q25).
"""

from __future__ import annotations

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import board as B
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

NAMES = {"bad-pollen": "Bad Pollen", "bandit": "Bandit", "honey": "Honey",
         "busy-bee": "Busy Bee", "bee-larvae": "Bee Larvae", "knighthood": "Knighthood",
         "tangled-signals": "Tangled Signals", "pesticides": "Pesticides"}
#: Honey: "draw three additional cards"
HONEY_CARDS = 3
#: Tangled Signals: "a total distance of up to two spaces"
TANGLED_SPACES = 2
#: Bee Larvae: "add 2 additional bees during reinforcement"
BEE_LARVAE = B.BEE_LARVAE_EXTRA
R_TANGLED = "Queen Bee: Effect Cards — Tangled Signals"
R_PESTICIDES = "Queen Bee: Effect Cards — Pesticides"


def holds(t: M.Table, key: str) -> bool:
    """Whether the player whose turn it is may have ``key`` in hand: a card in hand, the
    card in this match's deck (hands are hidden: ruling Q20)."""
    return t.hands[t.turn] > 0 and t.setup.deck.count(NAMES[key]) > 0


def opponents_in_play(t: M.Table) -> list[int]:
    """The seats whose bees fight the player whose turn it is, still in the game."""
    return [s for s in range(len(t.players))
            if M.opponents(t, t.turn, s) and M.in_play(t, s)]


def options(t: M.Table, before: bool) -> list[str]:
    """The effect cards the player whose turn it is may play now (``before``: before the
    action, when Bee Larvae may still count)."""
    seat, out = t.turn, []
    first = t.turns[seat] == 1 and len(t.players) >= 5
    if holds(t, "bad-pollen") and not first:
        out += [f"play bad-pollen {t.name(s)}" for s in opponents_in_play(t)]
    if holds(t, "bandit"):
        out += [f"play bandit {t.name(s)}" for s in opponents_in_play(t) if t.hands[s]]
    for key in ("honey", "busy-bee", "tangled-signals"):
        if holds(t, key):
            out.append(f"play {key}")
    if holds(t, "bee-larvae") and before and nest_problem(t, seat, "Bee Larvae") is None:
        out.append("play bee-larvae")
    if holds(t, "pesticides") and any(_hive_bees(t, s) for s in opponents_in_play(t)):
        out.append("play pesticides")
    if holds(t, "knighthood"):
        out += knighthood_options(t)
    return out


def knighthood_options(t: M.Table) -> list[str]:
    """Knighthood: ``play knighthood SPACE KIND`` — a worker of yours replaced by a warrior
    off the board, or a warrior by a worker ("you must have bees off the game board to swap
    in"), the new bee allowed on that space."""
    seat = t.turn
    res = M.reserve(t, seat)
    out = []
    for space, kind in dict.fromkeys((sp, k) for sp, s, k in t.bees if s == seat
                                     and k != M.QUEEN):
        new = M.WARRIOR if kind == M.WORKER else M.WORKER
        if res[new] and not (new == M.WARRIOR and t.setup.board.spaces[space].tunnel):
            out.append(f"play knighthood {space} {kind}")
    return out


def why_not(t: M.Table, words: list[str]) -> str | None:
    """Why ``play KEY ARGS`` (``words`` after ``play``, read) is not legal now, in the card's
    own terms; None when no card-specific reason applies (no card in hand, not in the deck,
    the action phase)."""
    key, rest, seat = words[0], words[1:], t.turn
    if not holds(t, key):
        return None
    if key in ("bad-pollen", "bandit") and rest:
        target = t.players.index(rest[0])
        if target not in opponents_in_play(t):
            return f"{NAMES[key]} is played on an opponent still in the game: {rest[0]} is not one"
        if key == "bandit" and not t.hands[target]:
            return f"Bandit steals a card from a hand: {rest[0]} holds none"
    if key == "knighthood" and not any(M.reserve(t, seat).values()):
        return ("Knighthood swaps a bee for one off the board (\"you must have bees off the "
                f"game board to swap in\"): {t.name(seat)} has none in reserve")
    if key == "pesticides" and not rest:
        return "Pesticides: no opponent has a bee in their hive"
    if key == "bee-larvae" and t.phase == "effects":
        return "Bee Larvae adds bees to a Reinforcement: played before the action"
    return None


def _hive_bees(t: M.Table, seat: int) -> list[tuple[str, str]]:
    """Pesticides: ``seat``'s warriors and workers in their own hive — never the queen, who
    is defeated only in battle (ruling Q25)."""
    hive = set(t.setup.board.hive_spaces(t.setup.hives[seat]))
    return list(dict.fromkeys((sp, k) for sp, s, k in t.bees if s == seat and sp in hive
                              and k != M.QUEEN))


def play(t: M.Table, words: list[str]) -> M.Table:
    """The effect card played (a legal step): its card to the discard pile, its effect.

    :raises IllegalActionError: Bad Pollen on a 5-6 player first turn (the variant's rule).
    """
    key, args = words[0], words[1:]
    seat = t.turn
    who = t.name(seat)
    if key == "bad-pollen":
        B.check_first_turn(len(t.players), seat + 1, first_turn=t.turns[seat] == 1,
                           plays_bad_pollen=True)
    before = t
    t = replace(t, hands=_plus(t.hands, seat, -1), discard=t.discard + 1)
    t = _said_with_text(play_card(t, seat, key, args), NAMES[key])
    return replace(t, last_card=(seat, NAMES[key], before))


def _said_with_text(t: M.Table, name: str) -> M.Table:
    """The card's description said after what it did."""
    return replace(t, said=t.said + (f"({M.card_text(t, name)})",))


def play_card(t: M.Table, seat: int, key: str, args: list[str]) -> M.Table:
    """The effect of the effect card ``key`` played by ``seat`` (its card already in the
    discard pile)."""
    who = t.name(seat)
    said = f"{who} plays {NAMES[key]}"
    if key in ("bad-pollen", "bandit"):
        target = next(s for s in range(len(t.players)) if t.name(s) == " ".join(args))
        if key == "bad-pollen":
            return replace(t, no_draw=_plus(t.no_draw, target, 1),
                           said=(f"{said}: {t.name(target)} draws no card at the start of "
                                 "their next turn",))
        return replace(t, hands=_plus(_plus(t.hands, target, -1), seat, 1),
                       said=(f"{said}: a random card of {t.name(target)}'s hand passes to "
                             f"{who}",))
    if key == "honey":
        t, drawn = M.draw(t, seat, HONEY_CARDS)
        return replace(t, said=(f"{said}: draws {HONEY_CARDS} cards (hand {t.hands[seat]})",
                                *drawn))
    if key == "busy-bee":
        return replace(t, extra=t.extra + 1, said=(f"{said}: one more action this turn",))
    if key == "bee-larvae":
        return replace(t, larvae=t.larvae + BEE_LARVAE,
                       said=(f"{said}: {BEE_LARVAE} more bees in a Reinforcement this turn",))
    if key == "knighthood":
        space, kind = args
        new = M.WARRIOR if kind == M.WORKER else M.WORKER
        return replace(t, bees=M.with_bees(t, [(space, seat, kind)], [(space, seat, new)]),
                       said=(f"{said}: the {kind} on {space} is replaced by a {new}",))
    if key == "tangled-signals":
        return replace(t, action=M.Action("tangled-signals", TANGLED_SPACES, back=t.phase),
                       phase="acting", said=(f"{said}: opponents' bees move {TANGLED_SPACES}"
                                             " spaces in all",))
    queue = tuple(s for s in opponents_in_play(t) if _hive_bees(t, s))
    return replace(t, action=M.Action("pesticides", 0, back=t.phase, queue=queue),
                   phase="acting", said=(f"{said}: each opponent removes a bee from their "
                                         "hive",))


def _plus(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return values[:i] + (values[i] + n,) + values[i + 1:]


def tangled_moves(t: M.Table) -> list[str]:
    """Tangled Signals: ``move KIND FROM TO`` for opponents' bees, each by its owner's rules
    (Game Board), within the spaces left."""
    out: list[str] = []
    for s in opponents_in_play(t):
        out += M.moves(t, s, t.action.left)
    return out


def tangled_move(t: M.Table, kind: str, frm: str, to: str) -> M.Table:
    """An opponent's bee moved by Tangled Signals."""
    owner = M.owner(t, frm)
    dist = M.reach(t, owner, kind, frm, t.action.left)[to]
    t = replace(t, bees=M.with_bees(t, [(frm, owner, kind)], [(to, owner, kind)]),
                action=replace(t.action, left=t.action.left - dist),
                said=(f"{t.name(owner)}'s {kind} is moved {frm} → {to} by Tangled Signals",))
    if kind == M.QUEEN and frm == M.nest_of(t, owner):
        t = replace(t, queen_left=_flag(t.queen_left, owner))
    return t


def _flag(values: tuple[bool, ...], i: int) -> tuple[bool, ...]:
    return values[:i] + (True,) + values[i + 1:]


def pesticide_options(t: M.Table) -> tuple[str, ...]:
    """Pesticides: the opponent due removes one bee of theirs from their hive, their
    choice."""
    seat = t.action.queue[0]
    return tuple(f"remove {k} {sp}" for sp, k in _hive_bees(t, seat))


def remove(t: M.Table, kind: str, space: str) -> M.Table:
    """A bee removed by Pesticides; the next opponent's turn to choose."""
    a = t.action
    seat = a.queue[0]
    if (space, seat, kind) not in t.bees:
        raise IllegalActionError(R_PESTICIDES, f"no {kind} of "
                                 f"{t.name(seat)}'s on {space}")
    t = replace(t, bees=M.with_bees(t, [(space, seat, kind)], []),
                action=replace(a, queue=a.queue[1:]),
                said=(f"{t.name(seat)} removes a {kind} from {space} (Pesticides)",))
    return t


# --- Secret Move: a sudden card, any player, any moment ----------------------------------

R_SECRET_MOVE = "Queen Bee: Sudden Cards — Secret Move"
#: Secret Move: "You may move the queen onto a space with 1-3 of your own bees"
SECRET_MOVE_BEES = 3


def secret_move_targets(t: M.Table, seat: int) -> list[str]:
    """Where Secret Move may take ``seat``'s queen: a space that is neither a hive nor a
    nest, with no other player's bees and at most three of hers."""
    out = []
    for s in t.setup.board.spaces.values():
        who, n = t.occupied.get(s.name, (seat, 0))
        if s.type in ("grass", "tunnel") and who == seat and n <= SECRET_MOVE_BEES:
            out.append(s.name)
    return out


def _secret_move_space_problem(t: M.Table, seat: int, space: str) -> str:
    """Why Secret Move may not take ``seat``'s queen to ``space`` (not one of
    :func:`secret_move_targets`), in the card's words."""
    kind = t.setup.board.spaces[space].type
    who, n = t.occupied.get(space, (seat, 0))
    if kind not in ("grass", "tunnel"):
        return (f"{space} is {'a nest' if kind == 'nest' else 'a hive space'}: Secret Move "
                "takes the queen to no hive or nest space")
    if who != seat:
        return f"{space} is occupied by {t.name(who)}'s bees"
    return (f"{space} holds {n} of {t.name(seat)}'s bees: she may join at most "
            f"{SECRET_MOVE_BEES}")


def secret_move(t: M.Table, seat: int, space: str) -> M.Table:
    """Secret Move (Sudden Cards): "immediately move your queen from the nest to any space
    on the board that is neither a hive nor a nest and is not occupied by an opponent" —
    once a game, never once she has left the nest (and returned), nor while her nest is
    the space of a battle.

    :raises IllegalActionError: naming the card, why, and the spaces she may go to.
    """
    name, nest = t.name(seat), M.nest_of(t, seat)
    problem = None
    if t.hands[seat] == 0 or t.setup.deck.count("Secret Move") == 0:
        problem = f"{name} holds no card that can be a Secret Move"
    elif M.queen_space(t, seat) != nest or t.queen_left[seat]:
        problem = (f"{name}'s queen has left the nest: Secret Move cannot be used once she "
                   "has left it, even if she returned")
    elif t.fight is not None and nest in t.fight.spaces:
        problem = f"{name}'s nest is the space of the battle under way"
    elif space not in secret_move_targets(t, seat):
        problem = _secret_move_space_problem(t, seat, space)
    if problem:
        raise IllegalActionError(R_SECRET_MOVE, problem,
                                 expected=secret_move_targets(t, seat), given=space)
    t = replace(t, bees=M.with_bees(t, [(nest, seat, M.QUEEN)], [(space, seat, M.QUEEN)]),
                hands=_plus(t.hands, seat, -1), discard=t.discard + 1,
                queen_left=_flag(t.queen_left, seat), last_card=(seat, "Secret Move", t))
    return _said_with_text(replace(t, said=(f"{name} plays Secret Move: the queen leaves "
                                            f"the nest for {space}",)), "Secret Move")


R_DONT_BUZZ = "Queen Bee: Sudden Cards — Don't Buzz"


def dont_buzz(t: M.Table, seat: int) -> M.Table:
    """Don't Buzz outside a battle (Sudden Cards): "cancel the effect of a card played by an
    opponent" — the card just played (an effect card, a Secret Move, another Don't Buzz) is
    cancelled: the table as it was before it, that card and this one spent; another Don't
    Buzz may cancel this one in turn.

    :raises IllegalActionError: naming the card: no card just played, or one of an ally's or
        one's own, or no card in hand.
    """
    last = t.last_card
    problem = None
    if last is None:
        problem = "no card was just played to cancel"
    elif not M.opponents(t, seat, last[0]):
        problem = f"the {last[1]} was played by {t.name(last[0])}, not an opponent"
    elif t.hands[seat] == 0 or t.setup.deck.count("Don't Buzz") == 0:
        problem = f"{t.name(seat)} holds no card that can be a Don't Buzz"
    if problem:
        raise IllegalActionError(R_DONT_BUZZ, problem)
    played, card, before = last
    hands = _plus(_plus(before.hands, played, -1), seat, -1)
    if min(hands) < 0:               # a Bandit's card taken back, a cancel cancelled
        raise IllegalActionError(R_DONT_BUZZ, f"with the {card} cancelled {t.name(seat)} "
                                 "would have no card left to have played it from (ruling "
                                 "Q27)")
    t2 = replace(before, hands=hands, discard=before.discard + 2,
                 last_card=(seat, "Don't Buzz", t))
    return _said_with_text(replace(t2, said=(f"{t.name(seat)} plays Don't Buzz: "
                                             f"{t.name(played)}'s {card} is cancelled",)),
                           "Don't Buzz")


# --- the nest symbol ----------------------------------------------------------------------

R_NEST_SYMBOL = "Queen Bee: Game Components — the nest symbol"


def nest_cards(t: M.Table) -> list[str]:
    """The cards of this match's deck bearing the nest symbol, by name (ruling Q31)."""
    return [c.name for c in t.setup.cards.values() if c.nest and t.setup.deck.count(c.name)]


def nest_problem(t: M.Table, seat: int, card: str) -> str | None:
    """Why ``seat`` may not play ``card`` for its nest symbol, or None: "Such cards can be
    played only if the queen is still in the nest" — not once she has left it (even back in
    it) nor once she is defeated."""
    if card not in nest_cards(t):
        return None
    if M.queen_space(t, seat) is None:
        return f"{t.name(seat)}'s queen is defeated: {card} bears the nest symbol"
    if t.queen_left[seat] or M.queen_space(t, seat) != M.nest_of(t, seat):
        return f"{t.name(seat)}'s queen has left the nest: {card} bears the nest symbol"
    return None


def replace_nest_card(t: M.Table, seat: int, card: str) -> M.Table:
    """``NAME: replace CARD`` (Game Components): "If she has left the nest or has been
    defeated, discard the card with this symbol and draw another as a replacement" — the
    card discarded, one drawn (ruling Q19 when the deck is empty).

    :raises IllegalActionError: the card bears no nest symbol, the queen is still in the nest,
        the player holds no card or is out of the game.
    """
    name = t.name(seat)
    problem = None
    if card not in nest_cards(t):
        problem = f"{card} bears no nest symbol: only " + ", ".join(nest_cards(t)) + " do"
    elif t.hands[seat] == 0:
        problem = f"{name} holds no card"
    elif not M.in_play(t, seat):
        problem = f"{name} has no bee on the board: out of the game"
    elif nest_problem(t, seat, card) is None:
        problem = f"{name}'s queen is still in the nest: {card} can be played"
    if problem:
        raise IllegalActionError(R_NEST_SYMBOL, problem + " (a card with the nest symbol is "
                                 "replaced once the queen has left the nest or is defeated)",
                                 given=card)
    t = replace(t, hands=_plus(t.hands, seat, -1), discard=t.discard + 1)
    t, said = M.draw(t, seat)
    return replace(t, said=(f"{name} discards {card} (the nest symbol: the queen is no longer "
                            f"in the nest) and draws another (hand {t.hands[seat]})",
                            *said))
