"""The Wildfire campaign card on the map (rules/bee-lives.txt, Campaign Cards, "Wildfire"):
where the fire starts, the row it burns at the start of each month of year 2, the two wild
hives it spawns, and the solo hive that burns (rulings L89-L92, L130-L133).

Wildfire, Year 2: "At the start of the year, roll a D4 to determine where on the map the
wildfire starts ... For the rest of the year, carry out these steps at the start of each
month: Flip over the next row of tiles in the direction that the fire is spreading. Roll a
D4 twice. For each roll, spawn a wild hive (strength 4) on the map, as many spaces away from
the fire as the rolled result. If there is no legal space, then the hive is not spawned. At
any time, if the map tile occupied by your hive flips due to the spreading fire, you lose!"
Where the fire starts and which row burns next are read in :mod:`.solo` (rulings L89-L91);
here the campaign states the dice and plays the steps on its map (rulings L130-L133).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives import solo as S
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import NONE, WILD_HIVE_TOKENS, Components, GameState
from hyvekit.rules.common import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from hyvekit.rules.beelives.campaign import CampaignState

R_WILDFIRE = "Bee Lives: Wildfire"
WILDFIRE = "Wildfire"
WILDFIRE_SPREADS = {"opposite": "toward you", "right": "left", "closest": "away from you",
                    "left": "right"}          # the card's words for each start edge


@dataclass(frozen=True)
class FireMonth:
    """The start of one Wildfire month on the map: the front after the flip, the row (or
    column) index flipped (None: nothing left ahead), the tiles flipped, whether the solo
    hive's tile was among them, and the D4 the fire started with (its first month only)."""

    front: S.FireFront
    row: int | None
    flipped: frozenset[tuple[int, int]]
    hive_burned: bool
    start_d4: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"edge": self.front.edge,
                               "spreads": WILDFIRE_SPREADS.get(self.front.edge, ""),
                               "axis": self.front.axis, "row": self.row,
                               "flipped": [list(c) for c in sorted(self.flipped)],
                               "hive_burned": self.hive_burned}
        if self.start_d4 is not None:
            out["d4"] = self.start_d4
        return out


def wildfire_card(state: CampaignState, year: int) -> S.CampaignCard | None:
    """The Wildfire card when its fire burns in ``year`` (its year rules give a fire start)."""
    card = next((c for c in state.cards() if isinstance(c, S.CampaignCard)), None)
    if card is None or card.name != WILDFIRE:
        return None
    return card if "fire_start" in dict(card.year(year).rules) else None


def spread_at_month_start(state: CampaignState, game: GameState, stated: Mapping[str, Any]
                     ) -> tuple[GameState, FireMonth | None]:
    """Wildfire played on the map, at the start of a year-2 month (ruling L130): in the first
    month the D4 ``stated.fire_d4`` starts the fire (:func:`~.solo.fire_start`); every month,
    the first included, the next row flips (:func:`~.solo.spread_fire`, then
    :func:`~.map.burn`).  Whether the solo hive's tile flipped is derived from the map; a
    stated ``hive_burned`` must agree with it (ruling L132).

    Without the map nothing changes (``hive_burned`` stays stated, ruling L109) but the fire's
    dice are refused; outside Wildfire's year 2 the fire's dice and a burned hive are refused.

    :returns: the game with the row burnt, and the month's fire (None: no fire this month).
    :raises IllegalActionError: (Bee Lives: Wildfire) ``fire_d4`` missing in the first month or
        stated in another; fire dice without the map or outside year 2; a stated
        ``hive_burned`` that the map contradicts.
    """
    m = game.map
    card = wildfire_card(state, game.year)
    dice = [k for k in ("fire_d4", "fire_spawn_d4") if k in stated]
    if dice and not any(c.name == WILDFIRE for c in state.cards()):
        raise IllegalActionError(R_WILDFIRE, "no Wildfire card in play: there is no fire",
                                 expected="no " + dice[0], given=stated[dice[0]])
    if stated.get("hive_burned") and card is None:
        raise IllegalActionError(R_WILDFIRE, "no wildfire burns this month (Wildfire, year 2 "
                                 "only): your hive cannot have burned",
                                 expected="no hive_burned", given=True)
    if m is None:
        if dice:
            raise IllegalActionError(R_WILDFIRE, "the fire's dice are played only on the map "
                                     "(a campaign created with --map); without it state the "
                                     "spawns' names and hive_burned", expected="no " + dice[0],
                                     given=stated[dice[0]])
        return game, None
    from hyvekit.rules.beelives import map as M
    name = game.players[0].name
    if card is None:
        if dice:
            raise IllegalActionError(R_WILDFIRE, "no wildfire burns this month (Wildfire, year 2 "
                                     "only)", expected="no " + dice[0], given=stated[dice[0]])
        if stated.get("hive_burned"):
            raise IllegalActionError(R_WILDFIRE, f"{name}'s tile has not burned: no wildfire "
                                     "burns this month (Wildfire, year 2 only)",
                                     expected=False, given=True)
        return game, None
    front, d4 = state.fire, None
    if front is None:
        if "fire_d4" not in stated:
            raise IllegalActionError(R_WILDFIRE, f"the wildfire starts at the start of year "
                                     f"{game.year}: roll a D4 for its edge (1 opposite, 2 right, "
                                     "3 closest, 4 left) and state fire_d4 = ROLL",
                                     expected="fire_d4 = 1-4", given="no fire_d4")
        d4 = stated["fire_d4"]
        front = S.fire_start(card, d4, (c for c, _ in m.tiles), m.hive(name).at,
                             year=game.year)
    elif "fire_d4" in stated:
        raise IllegalActionError(R_WILDFIRE, f"the fire already burns from the {front.edge} "
                                 "edge: its D4 is rolled once, at the start of the year",
                                 expected="no fire_d4", given=stated["fire_d4"])
    step = S.spread_fire(front, [c for c, _ in m.tiles], M.burnt_tiles(m))
    m = M.burn(m, step.flipped)
    burned = M.hive_burnt(m, name)
    if "hive_burned" in stated and stated["hive_burned"] != burned:
        raise IllegalActionError(R_WILDFIRE, f"on the map {name}'s tile {list(m.hive(name).at)} "
                                 + ("burns this month" if burned else "has not burned")
                                 + " (the fire flips " + (", ".join(
                                     str(list(c)) for c in sorted(step.flipped)) or "nothing")
                                 + ")", expected=burned, given=stated["hive_burned"])
    return replace(game, map=m), FireMonth(step.front, step.row, step.flipped, burned, d4)


def fire_spawns(game: GameState, card: S.CampaignCard,
                     names: Sequence[tuple[str, tuple[int, int] | None]],
                     stated: Mapping[str, Any], want: int, strength: int,
                     comps: Components) -> tuple[GameState, list[dict]]:
    """Wildfire's two spawns on the map, after this month's flip (ruling L131): the i-th D4 of
    ``stated.fire_spawn_d4`` places the i-th ``stated.spawn`` entry on a tile exactly that many
    spaces from the nearest burnt tile (:func:`~.solo.fire_spawn_places`: unburnt, no hive);
    each placed hive occupies its tile before the next roll.  ``"none"`` only when the roll
    has no legal place (or all wild hive tokens are in play).

    :raises IllegalActionError: (Bee Lives: Wildfire) dice or names missing, ``"none"`` while a
        place exists, a tile not among the legal places (``expected`` lists them).
    :raises InvalidInputError: a named hive without its tile ``at``.
    """
    from hyvekit.rules.beelives import map as M
    rolls = tuple(stated.get("fire_spawn_d4", ()))
    if len(rolls) != want:
        raise IllegalActionError(R_WILDFIRE, f"roll the D4 {want} times for the month's wild "
                                 "hives (spaces from the fire): state fire_spawn_d4 = [rolls]",
                                 expected=f"{want} rolls of the D4", given=list(rolls))
    if len(names) != want:
        raise IllegalActionError(R_WILDFIRE, f"{want} wild hive(s) of strength {strength} spawn "
                                 "at the start of this month: state spawn = [{ wild = NAME, "
                                 "at = [q, r] }, ...] ('none' for a roll without a legal space)",
                                 expected=want, given=len(names))
    tiles = [c for c, _ in game.map.tiles]
    events = []
    for i, (d4, (n, at)) in enumerate(zip(rolls, names)):
        where = f"stated.spawn[{i}]"
        places: frozenset = frozenset()
        if len(game.wild) < WILD_HIVE_TOKENS:
            places = S.fire_spawn_places(d4, tiles, M.burnt_tiles(game.map),
                                         [h.at for h in game.map.hives])
        legal = [list(c) for c in sorted(places)]
        if n.lower() == NONE:
            if places:
                raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): a wild hive can "
                                         f"spawn {d4} space(s) from the fire, on "
                                         + ", ".join(map(str, legal)) + ": it must be spawned",
                                         expected=legal, given=NONE)
            continue
        if not places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): no legal space "
                                     f"{d4} space(s) from the fire" + (
                                         "" if len(game.wild) < WILD_HIVE_TOKENS else
                                         f" (all {WILD_HIVE_TOKENS} wild hives are in play)")
                                     + ": the hive is not spawned (state 'none')",
                                     expected=NONE, given=n)
        if at is None:
            raise InvalidInputError(f"{where}.at", None, "the new wild hive's map tile: one of "
                                    + ", ".join(map(str, legal)))
        if at not in places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): {n} spawns {d4} "
                                     f"space(s) from the fire, not on {list(at)}",
                                     expected=legal, given=list(at))
        game, ev = spawn_wild(game, n, strength, cause=f"card: {card.name}",
                                by=game.players[0].name, rule=R_WILDFIRE, at=at,
                                comps=comps)
        events.append({k: ev[k] for k in ("wild", "strength", "cause", "by", "dormant")}
                      | {"at": list(at), "d4": d4})
    return game, events


def refuse_after_loss(state: CampaignState) -> None:
    """After the solo hive burned no month can be logged (ruling L132).

    :raises IllegalActionError: (Bee Lives: Wildfire) the hive burned.
    """
    burned = next((f for f in state.facts if f.hive_burned), None)
    if state.fire is not None and burned is not None:
        raise IllegalActionError(R_WILDFIRE, f"{state.game.players[0].name}'s hive burned in "
                                 f"{burned.when()}: you lost, the game is over",
                                 expected="no more months", given="month")


def fire_summary(state: CampaignState) -> dict[str, Any] | None:
    """The fire for the status: start edge, direction, the row reached next, the burnt tiles
    and how far the solo hive is from the nearest one (None: no fire)."""
    front, m = state.fire, state.game.map
    if front is None or m is None:
        return None
    from hyvekit.rules.beelives import map as M
    burnt = M.burnt_tiles(m)
    at = m.hive(state.game.players[0].name).at
    return {"edge": front.edge, "spreads": WILDFIRE_SPREADS.get(front.edge, ""),
            "axis": front.axis, "next_row": front.next_row, "burnt": len(burnt),
            "burnt_tiles": [list(c) for c in burnt],
            "hive_burned": at in burnt,
            "hive_spaces_from_fire": min((M.distance(at, c) for c in burnt), default=None)}
