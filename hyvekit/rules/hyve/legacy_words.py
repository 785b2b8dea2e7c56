"""A player's words for bees, bread and purchases in a Hyve Legacy run: a bee as a die value,
a colour or the wild Bee (Setup), a bread type (Bread Upgrades, Easy Mode), a perk's name
(Perks) and one shopping trip's purchases (Purchasing Upgrades, Core Resources), turned into the
values and actions of :mod:`.legacy_run`.
"""

from __future__ import annotations

from collections.abc import Sequence

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.hyve.legacy_run import BuyBread, BuyPerk, BuyResources, Purchase
from hyvekit.rules.hyve.sheets import WILD
from hyvekit.rules.validate import close_matches, not_one_of
from hyvekit.rules.validate import digits


def normalise_perk(name: str) -> str:
    """``"Deep Stores"`` / ``"deep_stores"`` → ``"deep-stores"``; "resilience" → "resiliance"
    (the rulebook's spelling of the perk)."""
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    return {"resilience": "resiliance"}.get(key, key)


def parse_bee(text: str, colours: tuple[str, ...]) -> int:
    """A bee: die value ``1``–``5``, a legacy colour (the colour of that die value, Setup), or
    ``wild``/``bee``/``6`` (the wild Bee, :data:`WILD`).

    :param colours: the run's colours of die values 1–5.
    :raises InvalidInputError: anything else.
    """
    t = text.strip().lower()
    if t in ("wild", "bee", str(WILD)):
        return WILD
    if digits(t) and 1 <= int(t) <= 5:
        return int(t)
    if t in colours:
        return colours.index(t) + 1
    raise InvalidInputError("bee", text, "a die value 1-6, wild, or one of this legacy's "
                            "colours: " + ", ".join(colours),
                            suggestions=close_matches(text, colours))


def parse_bread_type(text: str, colours: tuple[str, ...], field: str = "--cross-out") -> int:
    """A bread type: ``1``–``5`` or the colour of that die value (bread types are the five bee
    types; wild Bees have no bread, Feed Bees).

    :param field: how the caller's input names it (for the error).
    :raises InvalidInputError: anything else.
    """
    t = text.strip().lower()
    if digits(t) and 1 <= int(t) <= 5:
        return int(t)
    if t in colours:
        return colours.index(t) + 1
    raise InvalidInputError(field, text, "a bread type 1-5 or one of this legacy's colours: "
                            + ", ".join(colours), suggestions=close_matches(text, colours))


def parse_colour_counts(field: str, spec: str,
                        colours: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """``"red:2,purple"`` → ``("red", "red", "purple")``: one colour per core resource.

    :param colours: the run's colours, when known: every colour must be one of them.
    :raises InvalidInputError: an empty spec, a count outside 1–99, a colour that is not one of
        ``colours`` (a count given without its colour, ``--hp 2``, is one too).
    """
    chosen: list[str] = []
    for part in spec.split(","):
        part = part.strip().lower()
        if not part:
            continue
        name, _, count = part.partition(":")
        if count:
            if not digits(count) or not 1 <= int(count) <= 99:
                raise InvalidInputError(field, part, "COLOUR or COLOUR:COUNT with a count 1-99,"
                                        " e.g. red:2,purple:4")
            chosen += [name.strip()] * int(count)
        else:
            chosen.append(name)
    if not chosen:
        raise InvalidInputError(field, spec, "COLOUR or COLOUR:COUNT, e.g. red:2,purple:4")
    for name in chosen:
        if colours is not None and name not in colours:
            raise not_one_of(field, name, colours,
                             allowed="COLOUR or COLOUR:COUNT with one of this legacy's "
                                     "colours: " + ", ".join(colours))
    return tuple(chosen)


def parse_purchases(colours: tuple[str, ...], perks: Sequence[str] = (),
                    bread: Sequence[str] = (), hp: Sequence[str] = (),
                    population: Sequence[str] = (), nectar: Sequence[str] = ()
                    ) -> tuple[Purchase, ...]:
    """One shopping trip's purchases from a player's words, in the order perks, bread, HP,
    population, nectar (Legacy Mode, "Purchasing Upgrades"): a perk per name, a bread upgrade
    per bee type (1–5 or its colour: the wild Bee has no bread), and each core resource kind
    bought in one go (:data:`RESOURCES_PER_HONEY` per honey, ``"red:2,blue"`` specs).

    :param colours: the run's colours of die values 1–5.
    :raises InvalidInputError: a bread type that is no bee type 1–5, a malformed colour spec,
        a colour that is not the run's.
    """
    out: list[Purchase] = [BuyPerk(normalise_perk(p)) for p in perks]
    for b in bread:
        try:
            bee = parse_bee(b, colours)
        except InvalidInputError:
            bee = None
        if bee is None or bee == WILD:
            raise InvalidInputError("--bread", b, "a bee type 1-5 or its colour (the wild Bee "
                                    "has no bread)", suggestions=close_matches(b, colours))
        out.append(BuyBread(bee))
    for kind, specs in (("hp", hp), ("population", population), ("nectar", nectar)):
        chosen: tuple[str, ...] = ()
        for spec in specs:
            chosen += parse_colour_counts(f"--{kind}", spec, colours)
        if chosen:
            out.append(BuyResources(kind, chosen))
    return tuple(out)
