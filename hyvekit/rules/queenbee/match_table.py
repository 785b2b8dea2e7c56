"""A Queen Bee match at the table as a value: who sits where, the bees on the board, the
hands' sizes, the deck and the discard pile, whose turn and in which phase.

Rulebook sections: Setup (the bees placed, three cards each, the first player), Variant for
2 Players and Variant for 5-6 Players (the deck's removals, the extra cards), Advanced Rules
(hive skills), 90 Bees (15 bees a player), End of the Game (Forced Alliance).

Hands are hidden (ruling Q20): a player states a card when playing it; the table keeps the
size of each hand and of the deck and the discard pile, never which cards a hand holds.

Units: bees, cards, spaces.  Seats are 0-based here (seat 0 is the first player); people
read the players' names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import field
from functools import cached_property
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.queenbee import board as B
from hyvekit.rules.queenbee.deck import DeckSetup
from hyvekit.rules.queenbee.spaces import Board, reachable
from hyvekit.rules.queenbee.tables import Card, Dice
from hyvekit.rules.table import same_start
from hyvekit.rules.values import dataclass, replace

R_TABLE = "Queen Bee: the decision due"
R_SETUP = "Queen Bee: Setup"
R_NEST = "Queen Bee: Game Board — Nest"
R_FLIGHT = "Queen Bee: Turn Order — A. Flight"
QUEEN, WARRIOR, WORKER = B.BEE_TYPES
#: Advanced Rules: "either one skill per player or two"
SKILL_MODES = {"none": 0, "one": 1, "two": 2}
#: a bee on the board: ``(space, seat, kind)``
Bee = tuple[str, int, str]


@dataclass(frozen=True)
class Setup:
    """What a match is played with.

    :ivar players: names in seat order, the first player first (Setup: "whoever last ate
        honey").
    :ivar hives: the hive of each seat (the board's seats for this player count).
    :ivar skills: hive skills per player: 0, 1 or 2 (Advanced Rules).
    """

    players: tuple[str, ...]
    board: Board = field(repr=False)
    deck: DeckSetup = field(repr=False)
    dice: Dice = field(repr=False)
    cards: Mapping[str, Card] = field(repr=False, compare=False)
    hives: tuple[int, ...] = ()
    skills: int = 0


@dataclass(frozen=True)
class Action:
    """The action being taken (Turn Order, 2): its ``kind`` (flight, swarm, reinforce,
    sting), the spaces of movement ``left`` (Flight 5, Sting 3), the Swarm's ``target``
    space and the bees ``brought`` there, the bees ``added`` by Reinforcement onto the larva
    ``spaces`` free as it began; or an effect card's moves (tangled-signals) or choices
    (pesticides: the opponents still to choose in ``queue``), the phase to go ``back`` to
    after it."""

    kind: str
    left: int = 0
    target: str | None = None
    brought: int = 0
    added: int = 0
    spaces: tuple[str, ...] = ()
    back: str = ""
    queue: tuple[int, ...] = ()


@dataclass(frozen=True)
class Table:
    """A match at the table.

    :ivar bees: every bee on the board, ``(space, seat, kind)``, sorted.
    :ivar hands: cards in each hand (their names hidden).
    :ivar deck, discard: cards in the draw pile and the discard pile.
    :ivar skills: each seat's hive skills, as named on the cards.
    :ivar skill_dealt: the two hive skill cards dealt to the player keeping one now (one
        skill each); ``skills_out``: the skill cards discarded (:mod:`.skills`).
    :ivar turn: the seat whose turn it is; ``turns``: turns begun by each seat.
    :ivar phase: ``skills``, ``action`` (choosing one), ``acting`` (inside :attr:`action`),
        ``battle`` (:attr:`fight`), ``discard``, ``over``.
    :ivar queen_left: each queen has left her nest at some time (Reinforcement).
    :ivar serves: the seat whose queen each seat's bees serve (their own until a forced
        alliance).
    :ivar fallen: seats whose queen was defeated, in order.
    :ivar no_draw: Bad Pollen cards against each seat's next draw; ``extra``: Busy Bee's
        actions still due this turn; ``larvae``: Bee Larvae's bees this turn;
        ``window_done``: the effect cards' window after the action is closed.
    :ivar last_card: the card just played outside a battle, as ``(seat, card, the table
        before it)``, while a Don't Buzz may still cancel it (the next step closes it).
    :ivar steps: every step pushed, as stored; ``said``: what the last one did, in words.
    """

    setup: Setup
    bees: tuple[Bee, ...]
    hands: tuple[int, ...]
    deck: int
    discard: int
    skills: tuple[tuple[str, ...], ...]
    turn: int = 0
    turns: tuple[int, ...] = ()
    phase: str = "action"
    action: Action | None = None
    fight: Any = None
    queen_left: tuple[bool, ...] = ()
    serves: tuple[int, ...] = ()
    fallen: tuple[int, ...] = ()
    no_draw: tuple[int, ...] = ()
    extra: int = 0
    larvae: int = 0
    window_done: bool = False
    last_card: Any = None
    skill_dealt: tuple[str, ...] = ()
    skills_out: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    said: tuple[str, ...] = ()

    @cached_property
    def occupied(self) -> dict[str, tuple[int, int]]:
        """Each occupied space: ``(seat, bees)`` (one player's bees a space), worked out once
        per table."""
        out: dict[str, tuple[int, int]] = {}
        for space, seat, _ in self.bees:
            out[space] = (seat, out.get(space, (seat, 0))[1] + 1)
        return out

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self.setup.players

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.setup.players[seat]


def setup_bees(setup: Setup) -> tuple[Bee, ...]:
    """The bees as Setup places them: the queen in the nest, 2 · 3 · 2 warriors on the row
    nearest the nest, 2 · 3 · 2 workers on the next row."""
    out: list[Bee] = []
    for seat, number in enumerate(setup.hives):
        hive = setup.board.hives[number]
        out.append((hive.nest, seat, QUEEN))
        for row, kind in ((hive.warriors, WARRIOR), (hive.workers, WORKER)):
            for space, n in zip(row, B.SETUP_ROW):
                out += [(space, seat, kind)] * n
    return tuple(sorted(out))


def new_table(setup: Setup) -> Table:
    """The match as Setup leaves it: bees placed, hands dealt (3 each; with 5-6 players one
    more to seats 2-4 and two more to seats 5-6), the first player's turn (after the hive
    skills are chosen when played with them).

    :raises InvalidInputError: not 2-6 players, a name twice, a board without seats for
        this count.
    """
    n = len(setup.players)
    if not 2 <= n <= 6:
        raise InvalidInputError("players", n, "2 to 6 players (Object of the Game)")
    folded = [p.casefold() for p in setup.players]
    if len(set(folded)) != n:
        raise InvalidInputError("players", ", ".join(setup.players), "different names")
    if setup.skills not in SKILL_MODES.values():
        raise InvalidInputError("skills", setup.skills, "0, 1 or 2 hive skills a player")
    hives = setup.board.hives_for(n)
    setup = replace(setup, hives=hives)
    return Table(setup, setup_bees(setup), setup.deck.dealt, setup.deck.draw_pile, 0,
                 ((),) * n, 0, (0,) * n, "skills" if setup.skills else "start",
                 queen_left=(False,) * n, serves=tuple(range(n)), no_draw=(0,) * n)


# --- what stands where ------------------------------------------------------------------

def on(t: Table, space: str) -> list[Bee]:
    """The bees on ``space``."""
    return [b for b in t.bees if b[0] == space]


def owner(t: Table, space: str) -> int | None:
    """The seat whose bees stand on ``space`` (never two: no shared spaces), or None."""
    return t.occupied.get(space, (None, 0))[0]


def head(t: Table, seat: int) -> int:
    """The seat whose queen ``seat``'s bees serve (Forced Alliance)."""
    return t.serves[seat]


def opponents(t: Table, a: int, b: int) -> bool:
    """Whether the bees of seats ``a`` and ``b`` fight each other: they serve different
    queens (allies in a forced alliance do not)."""
    return head(t, a) != head(t, b)


def queen_space(t: Table, seat: int) -> str | None:
    """Where ``seat``'s queen stands, None once she is defeated."""
    for space, s, kind in t.bees:
        if s == seat and kind == QUEEN:
            return space
    return None


def queens(t: Table) -> list[int]:
    """The seats whose queen is on the board."""
    return [s for s in range(len(t.players)) if queen_space(t, s) is not None]


def bees_of(t: Table, seat: int) -> Counter:
    """``seat``'s bees on the board by kind."""
    return Counter(kind for _, s, kind in t.bees if s == seat)


def reserve(t: Table, seat: int) -> dict[str, int]:
    """``seat``'s bees off the board (defeated in battle) by kind: warriors and workers
    (90 Bees: one queen, seven warriors, seven workers)."""
    have = bees_of(t, seat)
    return {WARRIOR: B.WARRIORS - have[WARRIOR], WORKER: B.WORKERS - have[WORKER]}


def in_play(t: Table, seat: int) -> bool:
    """A player stays in the game while at least one of their bees is on the board (Forced
    Alliance)."""
    return any(s == seat for _, s, _ in t.bees)


def nest_of(t: Table, seat: int) -> str:
    """The nest of ``seat``'s own hive."""
    return t.setup.board.hives[t.setup.hives[seat]].nest


def enter_problem(t: Table, seat: int, kind: str, space: str) -> tuple[str, str] | None:
    """Why a bee of ``seat`` of ``kind`` may not be on ``space`` now, ``(rule, why)``, or
    None (Game Board; Turn Order, A: no space holding an opponent's bees; Forced Alliance:
    allies share no space)."""
    s = t.setup.board.spaces[space]
    if kind == WARRIOR and s.tunnel:
        return B.R_BOARD, f"warriors cannot move onto tunnel spaces ({space} is one)"
    if kind != QUEEN and space == nest_of(t, seat):
        return R_NEST, f"a player's own {kind}s cannot enter their own nest ({space})"
    who, here = t.occupied.get(space, (seat, 0))
    if who != seat:
        return R_FLIGHT, (f"{space} holds {t.name(who)}'s bees: no moving onto or "
                          "through another player's space")
    if here >= B.BEES_PER_SPACE:
        return B.R_BOARD, f"at most {B.BEES_PER_SPACE} bees can be on a space ({space} has " \
                          f"{here})"
    return None


def moves(t: Table, seat: int, left: int) -> list[str]:
    """``move KIND FROM TO`` for each bee kind of ``seat`` on each space and each space it
    reaches in at most ``left`` spaces, passing only spaces it may enter."""
    out = []
    for space in dict.fromkeys(b[0] for b in t.bees if b[1] == seat):
        for kind in dict.fromkeys(k for sp, s, k in t.bees if sp == space and s == seat):
            for to in reach(t, seat, kind, space, left):
                out.append(f"move {kind} {space} {to}")
    return out


def reach(t: Table, seat: int, kind: str, space: str, left: int) -> dict[str, int]:
    """The spaces a bee of ``seat`` of ``kind`` on ``space`` reaches in at most ``left``
    spaces, with their distances: every space on the way one it may stand on now (ruling
    Q22)."""
    return reachable(t.setup.board, space, left,
                     lambda s: enter_problem(t, seat, kind, s.name) is None, lambda s: True)


def card_text(t: Table, name: str) -> str:
    """What the card ``name`` does, in its description's words (the table explains itself
    when a card is played): ``"Honey — Draw three additional cards ..."``."""
    card = t.setup.cards.get(name)
    return f"{name} — {card.effect}" if card is not None and card.effect else name


def describe_bees(bees: list[Bee] | Counter) -> str:
    """Bees in words: ``queen, 2 warriors, 1 worker``."""
    c = bees if isinstance(bees, Counter) else Counter(kind for _, _, kind in bees)
    return ", ".join(counted(c[k], k) if k != QUEEN else "queen"
                     for k in B.BEE_TYPES if c[k]) or "no bees"


def with_bees(t: Table, removed: list[Bee], added: list[Bee]) -> tuple[Bee, ...]:
    """The table's bees less ``removed`` (one each) and with ``added``, sorted."""
    bees = list(t.bees)
    for b in removed:
        bees.remove(b)
    return tuple(sorted(bees + added))


def draw(t: Table, seat: int, n: int = 1) -> tuple[Table, list[str]]:
    """``seat`` draws ``n`` cards (their names hidden).  An empty deck is made again from the
    discard pile, shuffled (ruling Q19); with both empty no card is drawn."""
    said: list[str] = []
    hands, deck, discard = list(t.hands), t.deck, t.discard
    for _ in range(n):
        if deck == 0 and discard:
            deck, discard = discard, 0
            said.append(f"the deck is empty: the discard pile ({counted(deck, 'card')}) is "
                        "shuffled into a new deck (ruling Q19)")
        if deck == 0:
            said.append(f"no card left to draw for {t.name(seat)}: the deck and the discard "
                        "pile are empty (ruling Q19)")
            break
        deck -= 1
        hands[seat] += 1
    return replace(t, hands=tuple(hands), deck=deck, discard=discard), said


# --- steps ---------------------------------------------------------------------------

def strip_actor(d: Any, text: str, players: tuple[str, ...]) -> str:
    """``Ann: flight`` → ``flight`` when it is Ann's decision.

    :raises IllegalActionError: the step names another player.
    :raises InvalidInputError: it names no player of the match (``Bob: flight``).
    """
    who, sep, rest = text.partition(":")
    if sep and who.strip().casefold() in {p.casefold() for p in players}:
        if d.actor is None or who.strip().casefold() != d.actor.casefold():
            raise IllegalActionError(R_TABLE, f"{d.prompt}: it is {d.actor}'s decision, "
                                     f"not {who.strip()}'s", expected=d.actor,
                                     given=who.strip())
        return rest.strip()
    if sep and who.strip() and len(who.split()) == 1:     # ``Bob: sting`` with no Bob
        from hyvekit.rules.validate import not_one_of
        raise not_one_of("player", who.strip(), players)
    return text


#: why a step of another decision is refused (``discard 1`` while the action is due)
NOT_THIS_DECISION = "not a step of the decision due"


def steps_shown(legal: Sequence[str], most: int,
                near: Sequence[str] = ()) -> tuple[list[str], int]:
    """``(the legal steps to show, how many are left out)``: ``near`` (the steps like the one
    refused) or else the first ``most``, and always the steps of one word — ``done``,
    ``end``, ``accept``, ``pass``, ``keep``: the way out of a decision is never hidden. A list
    that would leave out only one or two is shown whole."""
    shown = list(dict.fromkeys([*(near or legal)[:most],
                                *(o for o in legal if " " not in o.split(": ", 1)[-1])]))
    left = len(legal) - len(shown)
    if 0 < left <= 2:
        return list(dict.fromkeys([*shown, *legal])), 0
    return shown, left


def refuse(d: Any, text: str, why: str, rule: str = R_TABLE) -> IllegalActionError:
    """A step refused: the rule, why, and the legal steps like it (else the first ones),
    with the steps that close the decision."""
    shown, left = steps_shown(d.legal, 8, same_start(d, text))
    return IllegalActionError(rule, f"{d.prompt}: {text!r} is not legal ({why}). Legal: "
                              + "; ".join(shown)
                              + (f"; … and {left} more (hyvekit queenbee next lists them)"
                                 if left else ""),
                              expected=list(d.legal), given=text)


# --- the table for people -------------------------------------------------------------

def view(t: Table) -> dict[str, Any]:
    """What any screen shows: whose turn and the phase, each player (hive, hand size, bees
    on the board and in reserve, where the queen is, whom they serve, skills), the bees on
    each occupied space, the deck and the discard pile, the action and the battle under
    way (the battle's view is :func:`~hyvekit.rules.queenbee.fight.view`)."""
    players = []
    for seat, name in enumerate(t.players):
        have = bees_of(t, seat)
        players.append({"name": name, "hive": t.setup.hives[seat], "hand": t.hands[seat],
                        "bees": sum(have.values()), "queen": queen_space(t, seat),
                        "queen_left_nest": t.queen_left[seat],
                        "serves": t.name(head(t, seat)), "in_play": in_play(t, seat),
                        "reserve": sum(reserve(t, seat).values()),
                        "skills": ", ".join(t.skills[seat])})
    spaces: dict[str, str] = {}
    for space in dict.fromkeys(b[0] for b in t.bees):
        bees = on(t, space)
        spaces[space] = f"{t.name(bees[0][1])}: {describe_bees(bees)}"
    out: dict[str, Any] = {
        "turn": None if t.phase == "over" else t.name(t.turn), "phase": t.phase,
        "players": players, "spaces": spaces, "deck": t.deck, "discard": t.discard,
        "fallen": [t.name(s) for s in t.fallen], "board_assumed": t.setup.board.assumed}
    if t.last_card is not None:
        out["just_played"] = f"{t.name(t.last_card[0])}'s {t.last_card[1]} (an opponent's " \
                             "Don't Buzz may cancel it now)"
    if t.action is not None:
        out["action"] = {"kind": t.action.kind, "spaces_left": t.action.left,
                         "target": t.action.target}
    return out


# --- a record's settings --------------------------------------------------------------

SETTINGS_KEYS = ("players", "skills", "board", "board_file")


def setup_from_settings(settings: Mapping[str, Any], board: Board, deck: Any, dice: Dice,
                        cards: Mapping[str, Card]) -> Setup:
    """A :class:`Setup` from a match record's settings: ``players`` (names in seat order,
    the first player first) and ``skills`` (0, 1 or 2 hive skills a player); ``board`` and
    ``board_file`` are the facade's (the board frozen into the record), read into
    ``board``.  ``deck`` is the deck for this player count
    (:func:`~hyvekit.rules.queenbee.deck.deck_for`).

    :raises InvalidInputError: an unknown key, names that are no list, a skills count
        other than 0-2.
    """
    from hyvekit.rules.validate import require_table
    require_table("queenbee match settings", settings, SETTINGS_KEYS)
    players = settings.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidInputError("players", players, "a list of names")
    names = tuple(" ".join(p.split()) for p in players)
    if any(not n or ":" in n for n in names):
        raise InvalidInputError("players", ",".join(names), "names without ':'")
    skills = settings.get("skills", 0)
    if skills not in SKILL_MODES.values() or isinstance(skills, bool):
        raise InvalidInputError("skills", skills, "0, 1 or 2 hive skills a player")
    return Setup(names, board, deck, dice, cards, skills=skills)
