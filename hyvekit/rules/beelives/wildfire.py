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

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hyvekit.rules.beelives.campaign_phases import (CampaignPhase, place_decision, roll,
                                                    stated_spawns)
from hyvekit.rules.beelives.campaign_settings import R_WILDFIRE, CampaignState
from hyvekit.rules.beelives.card_hooks import CardRules
from hyvekit.rules.beelives.hexgrid import Coord
from hyvekit.rules.beelives.hexgrid import distance as hex_distance
from hyvekit.rules.beelives.month_phases import MonthPhase, card_decision, turn_over
from hyvekit.rules.beelives.month_table import Table, free_wild_name, new_table, spawn_named
from hyvekit.rules.beelives.solo_cards import D4, CampaignCard, die_roll
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import (NONE, WILD_HIVE_TOKENS, Components, GameState,
                                          map_module)
from hyvekit.rules.beelives.step_text import face, listed
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.table import Decision, dice_steps
from hyvekit.rules.values import dataclass, replace

WILDFIRE = "Wildfire"
WILDFIRE_SPREADS = {"opposite": "toward you", "right": "left", "closest": "away from you",
                    "left": "right"}          # the card's words for each start edge


@dataclass(frozen=True)
class FireMonth:
    """The start of one Wildfire month on the map: the front after the flip, the row (or
    column) index flipped (None: nothing left ahead), the tiles flipped, whether the solo
    hive's tile was among them, and the D4 the fire started with (its first month only)."""

    front: FireFront
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


def wildfire_card(state: CampaignState, year: int) -> CampaignCard | None:
    """The Wildfire card when its fire burns in ``year`` (its year rules give a fire start)."""
    card = next((c for c in state.cards() if isinstance(c, CampaignCard)), None)
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
        front = fire_start(card, d4, (c for c, _ in m.tiles), m.hive(name).at,
                             year=game.year)
    elif "fire_d4" in stated:
        raise IllegalActionError(R_WILDFIRE, f"the fire already burns from the {front.edge} "
                                 "edge: its D4 is rolled once, at the start of the year",
                                 expected="no fire_d4", given=stated["fire_d4"])
    step = spread_fire(front, [c for c, _ in m.tiles], M.burnt_tiles(m))
    m = M.burn(m, step.flipped)
    burned = M.hive_burnt(m, name)
    if "hive_burned" in stated and stated["hive_burned"] != burned:
        raise IllegalActionError(R_WILDFIRE, f"on the map {name}'s tile {list(m.hive(name).at)} "
                                 + ("burns this month" if burned else "has not burned")
                                 + " (the fire flips " + (", ".join(
                                     str(list(c)) for c in sorted(step.flipped)) or "nothing")
                                 + ")", expected=burned, given=stated["hive_burned"])
    return replace(game, map=m), FireMonth(step.front, step.row, step.flipped, burned, d4)


def fire_spawns(game: GameState, card: CampaignCard,
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
        raise IllegalActionError(R_WILDFIRE, f"{counted(want, 'wild hive')} of strength {strength} "
                                 f"spawn{'s' if want == 1 else ''} "
                                 "at the start of this month: state spawn = [{ wild = NAME, "
                                 "at = [q, r] }, ...] ('none' for a roll without a legal space)",
                                 expected=want, given=len(names))
    tiles = [c for c, _ in game.map.tiles]
    events = []
    for i, (d4, (n, at)) in enumerate(zip(rolls, names)):
        where = f"stated.spawn[{i}]"
        places: frozenset = frozenset()
        if len(game.wild) < WILD_HIVE_TOKENS:
            places = fire_spawn_places(d4, tiles, M.burnt_tiles(game.map),
                                         [h.at for h in game.map.hives])
        legal = [list(c) for c in sorted(places)]
        if n.lower() == NONE:
            if places:
                raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): a wild hive can "
                                         f"spawn {counted(d4, 'space')} from the fire, on "
                                         + ", ".join(map(str, legal)) + ": it must be spawned",
                                         expected=legal, given=NONE)
            continue
        if not places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): no legal space "
                                     f"{counted(d4, 'space')} from the fire" + (
                                         "" if len(game.wild) < WILD_HIVE_TOKENS else
                                         f" (all {WILD_HIVE_TOKENS} wild hives are in play)")
                                     + ": the hive is not spawned (state 'none')",
                                     expected=NONE, given=n)
        if at is None:
            raise InvalidInputError(f"{where}.at", None, "the new wild hive's map tile: one of "
                                    + ", ".join(map(str, legal)))
        if at not in places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): {n} spawns "
                                     f"{counted(d4, 'space')} from the fire, not on "
                                     f"{list(at)}",
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


# --- the card's dice ------------------------------------------------------------------------

@dataclass(frozen=True)
class FireFront:
    """Where the wildfire is.

    :ivar edge: the start edge rolled on the D4 (``opposite``, ``right``, ``closest``, ``left``).
    :ivar axis: ``"row"`` (rows of equal r) or ``"column"`` (zig-zag columns of equal
        :func:`fire_column`).
    :ivar step: +1 or -1: the direction the fire spreads along ``axis``.
    :ivar next_row: the row (or column) index the fire reaches next.
    """

    edge: str
    axis: str
    step: int
    next_row: int


@dataclass(frozen=True)
class FireStep:
    """One month's spread: the ``row`` index flipped (None if the fire found nothing left),
    the tiles ``flipped``, and the front after it."""

    row: int | None
    flipped: frozenset[Coord]
    front: FireFront


def fire_column(coord: Coord) -> int:
    """The zig-zag column of a pointy-topped hex (odd-r offset column): tiles one above the
    other, alternately half a hex apart, share it."""
    q, r = coord
    return q + (r - (r & 1)) // 2


def _key(coord: Coord, axis: str) -> int:
    return coord[1] if axis == "row" else fire_column(coord)


def fire_start(card: CampaignCard, d4: int, tiles: Iterable[Coord], hive: Coord,
               *, year: int = 2) -> FireFront:
    """Wildfire, start of year 2: the D4 says where the fire starts (ruling L89):

    1. the opposite edge, spreading toward you; 3. the closest edge, spreading away from you —
       along the rows (r): "closest" is the top or bottom edge row nearest your hive's row
       (a tie counts the bottom, the player's side, as closest);
    2. the right edge, spreading left; 4. the left edge, spreading right — along the zig-zag
       columns, right = growing q (the player's right).

    :raises InvalidInputError: a roll off 1–4, an empty map, a hive off the map.
    """
    rules = card.year(year)
    edge = rules.rule("fire_start")[die_roll("D4 for the fire", d4, D4) - 1]
    pts = set(tiles)
    if not pts:
        raise InvalidInputError("map tiles", [], "at least one tile")
    if hive not in pts:
        raise InvalidInputError("hive", hive, "a tile of the map")
    if edge in ("right", "left"):
        cols = [fire_column(p) for p in pts]
        return (FireFront(edge, "column", -1, max(cols)) if edge == "right"
                else FireFront(edge, "column", 1, min(cols)))
    top, bottom = min(p[1] for p in pts), max(p[1] for p in pts)
    closest_is_bottom = bottom - hive[1] <= hive[1] - top
    start_bottom = closest_is_bottom if edge == "closest" else not closest_is_bottom
    return (FireFront(edge, "row", -1, bottom) if start_bottom
            else FireFront(edge, "row", 1, top))


def spread_fire(front: FireFront, tiles: Iterable[Coord],
                burned: Iterable[Coord] = ()) -> FireStep:
    """"Flip over the next row of tiles in the direction that the fire is spreading": the first
    row at or beyond ``front.next_row`` (in the spreading direction) that still has unburned
    tiles flips whole; the front moves one row past it.  Tiles scouted behind the front never
    burn (ruling L90)."""
    done = set(burned)
    ahead = sorted({_key(p, front.axis) for p in tiles if p not in done
                    and (_key(p, front.axis) - front.next_row) * front.step >= 0},
                   key=lambda k: k * front.step)
    if not ahead:
        return FireStep(None, frozenset(), front)
    row = ahead[0]
    flipped = frozenset(p for p in tiles if p not in done and _key(p, front.axis) == row)
    return FireStep(row, flipped, FireFront(front.edge, front.axis, front.step, row + front.step))


def fire_spawn_places(distance: int, tiles: Iterable[Coord], burned: Iterable[Coord],
                      occupied: Iterable[Coord] = ()) -> frozenset[Coord]:
    """Wildfire: the legal places for a wild hive spawned "as many spaces away from the fire as
    the rolled result": unburned map tiles without a hive whose distance to the nearest burned
    tile is exactly ``distance`` (ruling L91).  Empty: "the hive is not spawned".

    :raises InvalidInputError: a distance off 1–4.
    """
    distance = die_roll("D4 spawn distance", distance, D4)
    fire = set(burned)
    if not fire:
        return frozenset()
    taken = set(occupied)
    return frozenset(p for p in set(tiles) if p not in fire and p not in taken
                     and min(hex_distance(p, b) for b in fire) == distance)


@dataclass(frozen=True)
class WildfireMonth:
    """The start of a Wildfire month: the spread, whether you lose, and for each D4 the places
    a wild hive (``strength``) may spawn (empty: not spawned)."""

    step: FireStep
    hive_burned: bool
    spawn_places: tuple[frozenset[Coord], ...]
    strength: int


def wildfire_month(card: CampaignCard, front: FireFront, tiles: Iterable[Coord],
                   burned: Iterable[Coord], hive: Coord, d4s: Sequence[int],
                   occupied: Iterable[Coord] = (), *, year: int = 2) -> WildfireMonth:
    """Both start-of-month steps of Wildfire's year 2: flip the next row, then the two D4 spawns
    ("at any time, if the map tile occupied by your hive flips ... you lose!").  The spawn
    places are each computed against the map after the flip; the player picks one per roll
    and adds it to ``occupied`` before placing the next.

    :raises InvalidInputError: not exactly two D4 rolls, a roll off 1–4.
    """
    rules = card.year(year)
    tiles = tuple(tiles)
    need = rules.rule("fire_spawn_rolls")
    if len(d4s) != need:
        raise InvalidInputError("D4 rolls", list(d4s), f"{need} rolls of the D4")
    step = spread_fire(front, tiles, burned)
    fire = set(burned) | step.flipped
    taken = set(occupied) | {hive}
    places = tuple(fire_spawn_places(d, tiles, fire, taken) for d in d4s)
    return WildfireMonth(step, hive in step.flipped, places, rules.rule("fire_spawn_strength"))


# --- at the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class FirePrelude:
    """Year 2, the start of a month at the table (rulings L130, L131, L109): on the map the D4
    for the fire's edge (the first month), then each of the month's D4s for a wild hive's
    distance from the fire and where it spawns; without the map whether the fire reached the
    hive's tile (a fact for the card's goal, ruling L109) and, for each wild hive, its name or
    ``none`` (no legal space).  On the map a hive that burned ends the game before the month
    is played: only its card is turned over (ruling L132)."""

    fire_d4: int | None = None
    rolls: tuple[int, ...] = ()
    spawns: tuple[tuple[str, tuple[int, int] | None], ...] = ()
    burned: bool | None = None

    def stated(self) -> dict[str, Any]:
        """The month record's ``stated`` values."""
        out: dict[str, Any] = {}
        if self.fire_d4 is not None:
            out["fire_d4"] = self.fire_d4
        if self.rolls:
            out["fire_spawn_d4"] = list(self.rolls)
        if self.burned:
            out["hive_burned"] = True
        if self.spawns or (self.burned is False):
            out["spawn"] = stated_spawns(self.spawns)
        if not out.get("spawn"):
            out.pop("spawn", None)
        return out


def _card_now(state: CampaignState) -> Any:
    """The Wildfire card when its fire burns at the start of this month, else None."""
    if (not state.settings.campaign or state.game.stage != "month"
            or isinstance(state.table, Table)):       # no campaign card: no Wildfire
        return None
    return wildfire_card(state, state.game.year)


def _fire_game(state: CampaignState, fp: FirePrelude) -> tuple[Any, bool, int, int]:
    """The game after this month's flip and the wild hives placed so far; whether the hive
    burned; how many wild hives spawn this month, and their strength."""
    card = _card_now(state)
    yr = card.year(state.game.year)
    want, strength = yr.rule("fire_spawn_rolls"), yr.rule("fire_spawn_strength")
    game = state.game
    burned = False                  # without the map the game goes on (ruling L109)
    if game.map is not None:
        game, fire = spread_at_month_start(state, game, fp.stated() | (
            {"fire_d4": fp.fire_d4} if fp.fire_d4 is not None else {}))
        burned = bool(fire is not None and fire.hive_burned)
    for name, at in fp.spawns:
        if name != NONE:
            game, _ = spawn_wild(game, name, strength, cause=f"card: {card.name}",
                                 by=game.players[0].name, rule=R_WILDFIRE, at=at,
                                 comps=state.comps.game)
    return game, burned, want, strength


def _d4(prompt: str) -> Decision:
    return Decision("dice", None, prompt, dice_steps(1, range(1, 5)),
                    more="or the face rolled, 1-4")


class FireSpreads(CampaignPhase):
    """The fire at the start of a month of year 2: where it starts (the first month, on the
    map), whether it reached the hive (without the map), each of the month's wild hives."""

    name = "Wildfire: the fire spreads, its wild hives spawn"

    def pending(self, state: CampaignState) -> Decision | None:
        card = _card_now(state)
        if card is None:
            return None
        fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
        lead = state.game.players[0].name
        on_map = state.game.map is not None
        if on_map and state.fire is None and fp.fire_d4 is None:
            return _d4(f"{card.name}: roll the D4 for where the fire starts (1 the opposite "
                       "edge, 2 the right, 3 the closest, 4 the left)")
        if not on_map and fp.burned is None:
            return Decision("fire", lead, f"{card.name}: has the fire reached {lead}'s tile "
                            "this month?", ("hive safe", "hive burned"))
        game, burned, want, _ = _fire_game(state, fp)
        if burned or len(fp.spawns) >= want:
            return None                     # (burned: the card is turned over, nothing else)
        name = free_wild_name(game)
        if not on_map:
            return Decision("spawn", lead, f"{card.name}: wild hive {len(fp.spawns) + 1} of "
                            f"{want} ({name}) spawns as many spaces from the fire as a D4: is "
                            "there a legal space?", (f"spawn {name}", "spawn none")
                            if name != NONE else ("spawn none",))
        if len(fp.rolls) == len(fp.spawns):
            return _d4(f"{card.name}: roll the D4 for wild hive {len(fp.spawns) + 1} of {want} "
                       "(its spaces from the fire)")
        M = map_module()
        places = () if name == NONE else sorted(fire_spawn_places(
            fp.rolls[-1], [c for c, _ in game.map.tiles], M.burnt_tiles(game.map),
            [h.at for h in game.map.hives]))
        return place_decision(lead, f"{card.name}: {name} spawns "
                              f"{counted(fp.rolls[-1], 'space')} from the fire: where", places,
                              f"{card.name}: no legal space {fp.rolls[-1]} from the fire")

    def applies(self, state: CampaignState) -> bool:
        return _card_now(state) is not None

    def push(self, state: CampaignState, d: Decision, text: str, rng: random.Random
             ) -> tuple[CampaignState, str]:
        text = roll(d, text, 4, rng)
        fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
        if d.kind == "dice":
            if state.game.map is not None and state.fire is None and fp.fire_d4 is None:
                fp = replace(fp, fire_d4=face(text, 4))
            else:
                fp = replace(fp, rolls=fp.rolls + (face(text, 4),))
        else:
            option = listed(d, text)
            if d.kind == "fire":
                fp = replace(fp, burned=text.lower().split()[1] == "burned")
            else:
                fp = replace(fp, spawns=fp.spawns + (spawn_named(option,
                                                                 _fire_game(state, fp)[0]),))
        state = replace(state, table=fp)
        if self.pending(state) is None:           # the month begins (or the hive burned)
            state = replace(state, table=self.month(state))
        return state, text

    def month(self, state: CampaignState) -> Table | None:
        """The month once the fire's start of the month is decided (a lost month when the
        hive burned: only its card is turned over)."""
        if _card_now(state) is None:
            return None
        fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
        game, burned, _, _ = _fire_game(state, fp)
        if burned:
            return replace(new_table(state.game, state.comps.game),
                           stated=fp.stated() | {"hive_burned": True},
                           lost="the fire reached your hive")
        return replace(new_table(game, state.comps.game), stated=fp.stated())


class BurnedMonth(MonthPhase):
    """The hive burned as the month began (ruling L132): the game is lost, only the month's
    card is turned over to log it."""

    name = "Event Phase"

    def due(self, m: Any) -> Decision | None:
        if not m.lost or m.plan.card:
            return None
        return card_decision(m, "Wildfire: the fire reached your hive's tile — you lose "
                             "(ruling L132); turn over the month's card to log the month")

    def take(self, m, d, text, rng, strict):
        return turn_over(m, d, text, rng)


class WildfireRules(CardRules):
    """Wildfire at the table: the fire and its wild hives before each month of year 2, the
    month a burned hive loses."""

    name = WILDFIRE

    def campaign_phases(self) -> tuple[Any, ...]:
        return CAMPAIGN_PHASES

    def month_phases(self) -> dict[str, tuple[Any, ...]]:
        return MONTH_PHASES


CAMPAIGN_PHASES = (FireSpreads(),)
MONTH_PHASES = {"start": (BurnedMonth(),)}
RULES = WildfireRules()
