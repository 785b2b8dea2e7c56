"""Queen Bee tables: dice faces and the playing cards (the packaged ``data/queenbee.toml``).

Rulebook sections: Game Components (cards, dice), Card Descriptions (card types, Maximum Power's
maxima), Variant for 2 Players and Variant for 5-6 Players (cards removed).

Units: pips (the number shown on a die), cards.  Die faces are a tuple of pips, each face equally
likely.  The packaged faces are hyvekit's assumption (the rulebook prints only the maxima, 4 on a
black die and 3 on a yellow one); :attr:`Dice.assumed` says so and every result that depends on
them repeats it.  A player's own faces file replaces them.

Everything here builds values from tables already read (mappings); reading the packaged table
or a player's file is the data layer's job (``data/queenbee.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import find
from hyvekit.rules.values import dataclass

R_COMPONENTS = "Queen Bee: Game Components"

BLACK, YELLOW = "black", "yellow"
COLOURS = (YELLOW, BLACK)
# Card Descriptions, Maximum Power: "4 for a warrior, 3 for a worker bee" (sourced)
MAXIMUM = {BLACK: 4, YELLOW: 3}
MAX_FACES = 20


@dataclass(frozen=True)
class Dice:
    """The faces of the two dice, in pips, each face equally likely.

    :ivar yellow: faces of the small yellow die (workers).
    :ivar black: faces of the large black die (warriors and the queen).
    :ivar assumed: true when the faces are not the publisher's (the packaged ones).
    :ivar source: where the faces came from (``"packaged"`` or the file name).
    """

    yellow: tuple[int, ...]
    black: tuple[int, ...]
    assumed: bool = True
    source: str = "packaged"

    def faces(self, colour: str) -> tuple[int, ...]:
        """The faces of a die of ``colour``."""
        return self.yellow if colour == YELLOW else self.black

    def maximum(self, colour: str) -> int:
        """Highest face in pips (Maximum Power's value: 4 black, 3 yellow)."""
        return max(self.faces(colour))

    def to_dict(self) -> dict[str, Any]:
        """The dice faces as JSON, with whether they are assumed and their source."""
        return {"yellow": list(self.yellow), "black": list(self.black),
                "assumed": self.assumed, "source": self.source}


def dice_from_table(raw: dict[str, Any], source: str = "packaged") -> Dice:
    """Build :class:`Dice` from a ``[dice]`` table (``yellow = [...]``, ``black = [...]``).

    Faces must be whole numbers of pips from 0 up, 1–20 faces per die, and the highest face must
    be the maximum that Maximum Power names (4 black, 3 yellow).

    :raises InvalidInputError: a missing die, a bad face, or a maximum other than the rulebook's.
    """
    out = {}
    for colour in COLOURS:
        faces = raw.get(colour)
        if not isinstance(faces, list) or not 1 <= len(faces) <= MAX_FACES:
            raise InvalidInputError(f"dice.{colour}", faces,
                                    f"a list of 1 to {MAX_FACES} faces in pips")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or f < 0:
                raise InvalidInputError(f"dice.{colour} face", f, "a whole number of pips >= 0")
        if max(faces) != MAXIMUM[colour]:
            raise InvalidInputError(f"dice.{colour}", faces,
                                    f"faces whose highest is {MAXIMUM[colour]} (Maximum Power: "
                                    "4 for a warrior, 3 for a worker bee)")
        out[colour] = tuple(sorted(int(f) for f in faces))
    return Dice(yellow=out[YELLOW], black=out[BLACK], assumed=bool(raw.get("assumed", False)),
                source=source)


def dice_from_file(table: Mapping[str, Any], source: str) -> Dice:
    """A player's faces file (already read) → :class:`Dice`: it must hold a ``[dice]`` table.

    :param source: the file's name, kept in :attr:`Dice.source`.
    :raises InvalidInputError: no ``[dice]`` table, or bad faces (see :func:`dice_from_table`).
    """
    if "dice" not in table:
        raise InvalidInputError("faces file", source, "a TOML file with a [dice] table: "
                                "yellow = [1, 1, 2, 2, 3, 3] and black = [1, 2, 2, 3, 3, 4]")
    return dice_from_table(table["dice"], source)


@dataclass(frozen=True)
class Card:
    """One playing card name.

    :ivar kind: ``"effect"``, ``"battle"`` or ``"sudden"`` (Card Descriptions).
    :ivar count: copies in the 93-card deck.
    :ivar assumed: true when ``count`` is hyvekit's own (not given by the rulebook).
    :ivar attacker_only: played only by the attacker before the battle (Smoker, Stuck in a Web).
    :ivar effect: what the card does, as the card reference prints it (Card Descriptions).
    :ivar nest: the card bears the nest symbol: played only while the queen is still in the
        nest (Game Components; which cards: assumed, ruling Q31).
    """

    name: str
    kind: str
    count: int
    assumed: bool
    attacker_only: bool = False
    type_assumed: bool = False
    effect: str = ""
    nest: bool = False


def cards_from_table(table: Mapping[str, Any]) -> dict[str, Card]:
    """Every card the rulebook names, by name, from the ``[cards]`` and ``[rules]`` tables of
    ``queenbee.toml`` (Game Components: "93 playing cards").

    :raises InvalidInputError: counts not adding up to ``rules.playing_cards`` (93).
    """
    cards = {name: Card(name, raw["type"], int(raw["count"]), bool(raw.get("assumed", False)),
                        bool(raw.get("attacker_only", False)),
                        bool(raw.get("type_assumed", False)), str(raw.get("effect", "")),
                        bool(raw.get("nest", False)))
             for name, raw in table["cards"].items()}
    total = sum(c.count for c in cards.values())
    if total != table["rules"]["playing_cards"]:
        raise InvalidInputError("queenbee.toml cards", total,
                                f"counts adding up to {table['rules']['playing_cards']}")
    return cards


def card_key(text: str) -> str:
    """``"Don't Buzz"`` / ``"dont_buzz"`` / ``"DONT-BUZZ"`` → ``"dont-buzz"``."""
    t = text.strip().lower().replace("’", "'").replace("'", "")
    return "-".join(re.split(r"[\s_\-]+", t)).strip("-")


def find_card(text: str, cards: Mapping[str, Card], field: str = "card") -> Card:
    """The card named ``text`` (case, spaces, hyphens and apostrophes ignored) among ``cards``
    (by name, :func:`cards_from_table`).

    :raises InvalidInputError: no such card (lists the names and the close matches).
    """
    name = find(field, text, list(cards), partial=False,
                allowed="a card name: " + ", ".join(sorted(cards)))
    return cards[name]
