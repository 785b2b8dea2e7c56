"""Queen Bee board rules that need no drawing of the board.

Rulebook sections: 90 Bees (queen, warriors, workers; 15 bees per player), Game Board (at most
four bees per space, warriors barred from tunnels and their own nest), Turn Order (C.
Reinforcement only while the queen is in the nest and has never left it; 3. Discard down to
five), Variant for 5-6 Players (the first-turn restriction).

Units: bees, cards, spaces.  Seats are numbered 1..players clockwise in turn order; the
neighbours of a seat are the players in the hives next to its hive around the board (ruling
Q29).

Every check raises :class:`IllegalActionError` naming the rule, or returns ``None``.
"""

from __future__ import annotations


from hyvekit.rules.common import IllegalActionError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

R_BEES = "Queen Bee: Game Components — 90 Bees"
R_BOARD = "Queen Bee: Game Board"
R_REINFORCE = "Queen Bee: Turn Order — C. Reinforcement"
R_DISCARD = "Queen Bee: Turn Order — 3. Discard"
R_FIRST_TURN = "Queen Bee: Variant for 5-6 Players"
R_BEE_LARVAE = "Queen Bee: Effect Cards — Bee Larvae"

BEES_PER_SPACE = 4        # Game Board: "at most four bees can be on any space"
MAX_BEES = 15             # Turn Order, C: "You can never have more than 15 bees"
HAND_LIMIT = 5            # Turn Order, 3: "discard cards from your hand down to five"
LARVA_SPACES = 3          # Game Board, Hive: "three spaces with larvae"
BEE_LARVAE_EXTRA = 2      # Bee Larvae: "add 2 additional bees during reinforcement"
QUEENS, WARRIORS, WORKERS = 1, 7, 7   # 90 Bees: "one queen, seven warriors and seven workers"
# Setup: the warriors' and the workers' row of the hive, end space, central space, end space:
# "Place 3 warriors on the central space and 2 warriors on each of the end spaces" (workers alike).
SETUP_ROW = (2, 3, 2)

BEE_TYPES = ("queen", "warrior", "worker")
SPACE_TYPES = ("grass", "hive", "tunnel", "hive-tunnel", "nest")


def _bee(bee: str) -> str:
    b = bee.strip().lower().rstrip("s")
    if b not in BEE_TYPES:
        raise not_one_of("bee", bee, BEE_TYPES, allowed="queen, warrior or worker")
    return b


def _space(space: str) -> str:
    s = space.strip().lower()
    if s not in SPACE_TYPES:
        raise not_one_of("space", space, SPACE_TYPES)
    return s


def check_space_limit(bees_on_space: int, *, in_battle_by_card: bool = False) -> None:
    """At most four bees on a space, except during a battle through card effects ("Call for
    Help", "Ally").

    :param bees_on_space: bees that would stand on the space.
    :raises IllegalActionError: more than 4 outside a battle's card effects.
    """
    n = require_int("bees on the space", bees_on_space, 0, 99)
    if n > BEES_PER_SPACE and not in_battle_by_card:
        raise IllegalActionError(R_BOARD, f"at most {BEES_PER_SPACE} bees can be on a space, "
                                 f"got {n}", expected=BEES_PER_SPACE, given=n,
                                 hint="only Call for Help and Ally exceed it, during a battle")


def check_may_enter(bee: str, space: str, *, own_hive: bool = True) -> None:
    """May a ``bee`` (queen/warrior/worker) stand on a ``space``?

    :param space: ``grass``, ``hive``, ``tunnel``, ``hive-tunnel`` (a hive's tunnel-entrance
        space: both tunnel and hive) or ``nest``.
    :param own_hive: for ``nest``: is it the nest of the bee's own hive?
    :raises IllegalActionError: warriors on any tunnel space or their own nest; workers in their
        own nest (Game Board; 90 Bees).
    """
    b, s = _bee(bee), _space(space)
    if b == "warrior" and s in ("tunnel", "hive-tunnel"):
        raise IllegalActionError(R_BOARD, "warriors cannot be on tunnel spaces (even in their "
                                 "own hive)", given=f"warrior on {s}")
    if s == "nest" and own_hive and b != "queen":
        raise IllegalActionError(R_BOARD, f"a player's own {b}s cannot enter their own nest",
                                 given=f"{b} in its own nest")


def check_may_attack(bee: str, defender_space: str) -> None:
    """May a ``bee`` attack bees standing on ``defender_space``?

    :raises IllegalActionError: a warrior attacking a tunnel space ("Only worker bees and the
        queen can attack bees in a tunnel").
    """
    b, s = _bee(bee), _space(defender_space)
    if b == "warrior" and s in ("tunnel", "hive-tunnel"):
        raise IllegalActionError(R_BOARD, "warriors cannot attack bees on tunnel spaces; only "
                                 "worker bees and the queen can", given="warrior")


@dataclass(frozen=True)
class Reinforcement:
    """A reinforcement action (Turn Order, C).

    :ivar queen_in_nest: the queen stands in the nest now.
    :ivar queen_left_nest: the queen has left the nest at some time (or was defeated).
    :ivar bees_owned: the player's bees on the board now.
    :ivar free_larva_spaces: unoccupied larva spaces in the hive (0–3).
    :ivar added: bees to add.
    :ivar bee_larvae: Bee Larvae cards played this turn (+2 bees each).
    """

    queen_in_nest: bool
    queen_left_nest: bool
    bees_owned: int
    free_larva_spaces: int
    added: int
    bee_larvae: int = 0


def check_reinforcement(r: Reinforcement) -> None:
    """Reinforcement: only while the queen is in the nest and never left it; one bee per free
    larva space (+2 per Bee Larvae card); never more than 15 bees.

    :raises IllegalActionError: naming Reinforcement, Bee Larvae or the 15-bee limit.
    :raises InvalidInputError: negative or impossible numbers.
    """
    owned = require_int("bees on the board", r.bees_owned, 0, MAX_BEES)
    free = require_int("free larva spaces", r.free_larva_spaces, 0, LARVA_SPACES)
    added = require_int("bees added", r.added, 1, 99)
    larvae = require_int("Bee Larvae cards", r.bee_larvae, 0, 99)
    if r.queen_left_nest or not r.queen_in_nest:
        raise IllegalActionError(R_REINFORCE, "only the queen can reinforce, and only while she "
                                 "is in the nest and has never left it",
                                 given="queen left the nest" if r.queen_left_nest
                                 else "queen not in the nest")
    allowed = free + BEE_LARVAE_EXTRA * larvae
    if added > allowed:
        rule = R_BEE_LARVAE if larvae else R_REINFORCE
        raise IllegalActionError(rule, f"one bee per unoccupied larva space"
                                 f"{' plus 2 per Bee Larvae card' if larvae else ''}: at most "
                                 f"{allowed}, got {added}", expected=allowed, given=added)
    if owned + added > MAX_BEES:
        raise IllegalActionError(R_REINFORCE, f"you can never have more than {MAX_BEES} bees: "
                                 f"{owned} + {added} = {owned + added}",
                                 expected=MAX_BEES - owned, given=added)


def cards_to_discard(hand: int) -> int:
    """Cards to discard at the end of a turn (Turn Order, 3. Discard): down to five."""
    hand = require_int("cards in hand", hand, 0, 999)
    return max(0, hand - HAND_LIMIT)


def check_hand_at_end_of_turn(hand: int) -> None:
    """:raises IllegalActionError: more than five cards in hand after the discard phase."""
    extra = cards_to_discard(hand)
    if extra:
        raise IllegalActionError(R_DISCARD, f"discard down to {HAND_LIMIT} cards at the end of "
                                 f"your turn: {hand} in hand, discard {extra}",
                                 expected=HAND_LIMIT, given=hand)


def neighbours(seat: int, players: int, hives: tuple[int, ...] | None = None,
               circle: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The seats (1-based) of the players in the hives to the left and right of ``seat``'s
    hive (Variant for 5-6 Players; ruling Q29), left first.

    :param hives: the hive of each seat, in seat order (default: seat N in hive N).
    :param circle: the board's hives in order around the board (default: ``hives`` sorted):
        the hive next to the last is the first.  A hive next to ``seat``'s that no player
        took is nobody's: the player beyond it is two hives away, no neighbour.
    :returns: 0, 1 or 2 seats.
    """
    players = require_int("players", players, 2, 6)
    seat = require_int("seat", seat, 1, players)
    hives = tuple(range(1, players + 1)) if hives is None else tuple(hives)
    circle = tuple(sorted(hives)) if circle is None else tuple(circle)
    at = circle.index(hives[seat - 1])
    out = []
    for side in (-1, 1):
        hive = circle[(at + side) % len(circle)]
        if hive in hives and hive != hives[seat - 1]:
            out.append(hives.index(hive) + 1)
    return tuple(dict.fromkeys(out))


def check_first_turn(players: int, seat: int, *, first_turn: bool, attacks: int | None = None,
                     plays_bad_pollen: bool = False, hives: tuple[int, ...] | None = None,
                     circle: tuple[int, ...] | None = None) -> None:
    """With 5–6 players, on a player's first turn: no attack on the neighbours in the hives to
    the left and right (:func:`neighbours`, with the board's ``hives`` and ``circle``), and
    no "Bad Pollen" (Variant for 5-6 Players).

    :param attacks: the seat attacked, if any.
    :raises IllegalActionError: naming the variant.
    """
    players = require_int("players", players, 2, 6)
    seat = require_int("seat", seat, 1, players)
    if not first_turn or players < 5:
        return
    if attacks is not None:
        target = require_int("attacked seat", attacks, 1, players)
        near = neighbours(seat, players, hives, circle)
        if target in near:
            raise IllegalActionError(R_FIRST_TURN, f"on your first turn you may not attack your "
                                     f"neighbours in the hives to your left and right (seats "
                                     f"{' and '.join(map(str, near))})", given=f"seat {target}")
    if plays_bad_pollen:
        raise IllegalActionError(R_FIRST_TURN, "on your first turn you may not play Bad Pollen")
