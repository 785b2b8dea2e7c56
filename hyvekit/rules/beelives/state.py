"""Bee Lives game state (rules/bee-lives.txt, "Setup", "How to Play", "Multiple Years Variant"):
the table between and during months, the options, the components a game is played with, and
the rule names and counts the sequencer uses.

:class:`GameState` holds the player hives in turn order, the wild hives, the season cards
played and the card in effect, year and month, the first player, the options and where the
Action Phase stands.  It is frozen and round-trips through a plain JSON-able dict
(:meth:`GameState.to_dict` / :meth:`GameState.from_dict`), so a campaign record can store it or
replay events into it.  Without a map (``GameState.map`` is None) distances, tile types,
"closest" and placements are stated in the record and accepted; with one
(:mod:`hyvekit.rules.beelives.map`) they come from it.

Units: bees, honey / pollen / water cubes, comb cells, disease levels (0 or negative), VP,
wild hive strength (0–14), map spaces (distance).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, field, fields
from typing import Any

from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.hive import Assigned, Hive, new_hive, validate_hive
from hyvekit.rules.common import InvalidInputError, require_int, require_table
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass, replace


R_MONTH = "Bee Lives: Productive Months"


R_EVENT = "Bee Lives: Event Phase"


R_ACTION = "Bee Lives: Action Phase"


R_SCOUT = "Bee Lives: Scout"


R_WILD = "Bee Lives: Wild Hives"


R_SPAWN = "Bee Lives: Swarm Phase"


R_CARD = "Bee Lives: Season Cards"


R_SOLO = "Bee Lives: Solo Play (Basic Mode)"


R_CLAIM = "Bee Lives: claimed end-of-month values"


R_YEARS = "Bee Lives: Multiple Years Variant"


R_UNDER_SIEGE = "Bee Lives: Under Siege"


R_HAUNTED = "Bee Lives: Haunted Hives"


R_ZOMBEES = "Bee Lives: Zombees"


HAUNTED_HIVES = "Haunted Hives"


ZOMBEES = "Zombees"


UNDER_SIEGE_D6_MIN = 4        # "On 4+, spawn a wild hive (strength 3) on the scouted tile"


UNDER_SIEGE_STRENGTH = 3


R_JOIN = "Bee Lives: Joining the Map"


#: The nine productive months (How to Play: "the first nine months (Mar. - Nov.)"), three per
#: season (spring Mar–May, summer Jun–Aug, fall Sep–Nov).
MONTHS = ("March", "April", "May", "June", "July", "August", "September", "October",
          "November")


SEASON_OF_MONTH = ("spring",) * 3 + ("summer",) * 3 + ("fall",) * 3


WILD_HIVE_TOKENS = 8          # Components: "8 Wild Hive Tokens"


SOLO_HARD_STRENGTH = 3        # Solo Play, Basic Mode: "spawn a new wild hive (strength 3)"


JOIN_MONTH = 3                # Joining the Map: "the very last step of the Cleanup Phase in


STAGES = ("month", "actions", "winter", "over")


PLAYER_ACTIONS = ("forage", "scout", "raid", "defend", "build_wax", "clean_bees",
                              "cool_hive", "requeen")


WILD_ACTIONS = ("swarm", "forage", "raid", "scout", "nothing")


NONE = "none"                 # a stated spawn that could not be placed


#: a goal's status: the standard goal's (End of the Game) and the solo cards' goals'
MET, AT_RISK, FAILED = "met", "at risk", "failed"


#: the standard goal (Multiple Years Variant): "at least one worker bee that survives each
#: winter" (End of the Game: only a player with a surviving bee can win)
SURVIVE = "survive_winter"


def month_name(month: int) -> str:
    """``1`` → ``"March"`` … ``9`` → ``"November"``."""
    return MONTHS[month - 1]


def season_of(month: int) -> str:
    """The season of productive month ``month`` (1–9)."""
    return SEASON_OF_MONTH[month - 1]


@dataclass(frozen=True)
class Options:
    """Game options (Multiple Years Variant, Solo Play, and the switches campaign cards need).

    :ivar years: 1 (standard), 2 (long) or 3 (epic game).
    :ivar solo_hard: the solo basic-mode rule: a summer or fall month without a wild hive
        spawned by a swarm or a card ends with a new wild hive (strength 3).
    :ivar skip_feeding_later_years: give each player a skip feeding token during winter upkeep
        (no Feeding Phase in the first spring month of years 2–3).
    :ivar later_year_spawn_strength: strength of a wild hive spawned in year 2 and year 3.
    :ivar wild_dormant_first_spring: wild hives appearing in spring of year 1 are dormant
        until summer (a scenario card may switch this off).
    :ivar wild_active_later_springs: wild hives act in spring of years 2–3 (spring chart).
    :ivar score_each_winter: score surviving bees and honey after every winter, not only the
        last (Multiple Years Variant).
    :ivar under_siege: the Under Siege challenge card is in play: after each Scout action of a
        player roll the D6 (``Turn.siege_d6``); on 4+ a wild hive (strength 3, ruling L82)
        spawns on the scouted tile during the turn (``Turn.siege_spawn``, ruling L106).
    :ivar haunted_hives: the Haunted Hives scenario card: the first wild hive to appear, and
        every wild hive a haunted hive's swarm spawns, is haunted (it cannot raid or be raided;
        its tile and the tiles it forages turn haunted); foraging a haunted tile rolls the D6
        (``Turn.haunt_d6``: 1-4 fails); a Raid action with 1 worker bee may scare the ghosts
        away from a haunted tile (``Turn.scare_ghosts``).
    :ivar zombees_from_year: the Zombees campaign card's rules apply from this year on (2), 0
        without the card: every new wild hive rolls the D6 for infection (``MonthPlan.spawn_d6``),
        infected wild hives take erratic turns (``Turn.zombee_d6``), an infected player hive
        rolls for each action (``Turn.zombee_d6``) and gains double disease, healthy hives acting
        on infected tiles roll to catch it (``Turn.infection_d6``).
    """

    years: int = 1
    solo_hard: bool = False
    skip_feeding_later_years: bool = True
    later_year_spawn_strength: tuple[int, int] = (4, 5)
    wild_dormant_first_spring: bool = True
    wild_active_later_springs: bool = True
    score_each_winter: bool = True
    under_siege: bool = False
    haunted_hives: bool = False
    zombees_from_year: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(v, bool):
                raise InvalidInputError(f"options.{f.name}", v, "true or false")
            if f.type in ("int", int) and (isinstance(v, bool) or not isinstance(v, int)):
                raise InvalidInputError(f"options.{f.name}", v, "a whole number")
        require_int("options.years", self.years, 1, 3)
        if not 0 <= self.zombees_from_year <= self.years:
            raise InvalidInputError("options.zombees_from_year", self.zombees_from_year,
                                    f"0 (no Zombees card) or a year of the {self.years}-year "
                                    "game (the Zombees card: 2, with years = 2 or 3)")
        if not isinstance(self.later_year_spawn_strength, tuple) or \
                len(self.later_year_spawn_strength) != 2:
            raise InvalidInputError("options.later_year_spawn_strength",
                                    self.later_year_spawn_strength, "[year 2, year 3]")
        for v in self.later_year_spawn_strength:
            if isinstance(v, bool) or not isinstance(v, int):
                raise InvalidInputError("options.later_year_spawn_strength", v,
                                        "a whole number from 1 to 14")
            require_int("options.later_year_spawn_strength", v, 1, 14)

    @property
    def cards_at_play(self) -> bool:
        """Whether a solo card whose rules the month sequencer plays is in play (Under Siege,
        Haunted Hives, Zombees: :mod:`.card_hooks`)."""
        return bool(self.under_siege or self.haunted_hives or self.zombees_from_year)


@dataclass(frozen=True)
class PlayerState:
    """A player: name, hive (with VP and tokens) and what this month already holds.

    :ivar raided: hives this player raided this month (Raid: "a hive that you have already
        raided this month").
    :ivar turns: turns taken this month (a card's "on your first turn").
    :ivar out: had no surviving bee after a winter that was not the last (cannot win).
    :ivar infected: the hive is infected with zombees (Zombees campaign card): every disease
        gain is doubled (ruling L94, L121).  Set by the campaign (stated), never cleared.
    :ivar home_foraged: without a map, the hive's own tile (distance 0) was foraged this month:
        its workers stay on it until the Cleanup Phase (ruling L148).
    """

    name: str
    hive: Hive
    raided: tuple[str, ...] = ()
    turns: int = 0
    out: bool = False
    infected: bool = False
    home_foraged: bool = False


@dataclass(frozen=True)
class WildHiveState:
    """A wild hive in play.

    :ivar strength: 1–14 (a wild hive at 0 is removed).
    :ivar dormant: takes no action (spawned in spring of the first year, until summer).
    :ivar workers: neutral worker tokens placed this month (of five).
    :ivar raided: hives it raided this round.
    :ivar foraged: it already gained its +1 for a first forage this month.
    :ivar turns: turns taken this month (Desperate Parties: "on their first turn").
    :ivar haunted: a haunted hive (Haunted Hives scenario card): it cannot raid or be raided
        (ruling L122).
    :ivar infected: infected with zombees (Zombees campaign card): its turns ignore the
        priority chart and follow a D6 (erratic turns).
    """

    name: str
    strength: int
    dormant: bool = False
    workers: int = 0
    raided: tuple[str, ...] = ()
    foraged: bool = False
    turns: int = 0
    haunted: bool = False
    infected: bool = False


@dataclass(frozen=True)
class GameState:
    """The whole game between and during months.

    :ivar players: in turn (clockwise) order.
    :ivar wild: wild hives in play, in the order they appeared.
    :ivar first_player: index into ``players`` of the first player marker.
    :ivar year: 1–3; ``month``: the productive month being played or next to play (1–9).
    :ivar card: the season card in effect (on the seasons board), or None.
    :ivar played: every season card drawn so far (played cards are never shuffled back).
    :ivar stage: ``month`` (next month not started), ``actions`` (Action Phase running),
        ``winter`` (winter upkeep due), ``over``.
    :ivar round: action round number (1 = first); ``cursor``: index (from the first player)
        of the next player to consider this round; ``wild_pending``: wild hives still to act
        this round (empty while players act); ``wild_last``: the last stated distance of a
        wild hive from the first player's hive this round (Example E order check).
    :ivar spawned: a wild hive was spawned this month by a swarm or a card (solo hard rule).
    :ivar map: hook for the map (None: distances and tile types are stated).
    :ivar haunted_appeared: Haunted Hives: the first wild hive (the haunted one) has appeared.
    :ivar spawn_rolls: Zombees: the month's infection rolls still to use, ``(wild hive name,
        D6)`` for each wild hive spawned this month (``MonthPlan.spawn_d6``).
    """

    players: tuple[PlayerState, ...]
    wild: tuple[WildHiveState, ...] = ()
    first_player: int = 0
    year: int = 1
    month: int = 1
    card: str | None = None
    played: tuple[str, ...] = ()
    options: Options = Options()
    stage: str = "month"
    round: int = 0
    cursor: int = 0
    wild_pending: tuple[str, ...] = ()
    wild_last: int = -1
    spawned: bool = False
    map: Any = None
    haunted_appeared: bool = False
    spawn_rolls: tuple[tuple[str, int], ...] = ()

    # -- look-ups ----------------------------------------------------------------------------
    @property
    def season(self) -> str:
        """``spring``, ``summer`` or ``fall``: the season of the current month."""
        return season_of(self.month)

    @property
    def zombees(self) -> bool:
        """The Zombees campaign card's rules are in effect this year."""
        z = self.options.zombees_from_year
        return bool(z) and self.year >= z

    @property
    def first_month(self) -> bool:
        """The first month of the game (phases 1–4 are skipped)."""
        return self.year == 1 and self.month == 1

    def order(self) -> tuple[PlayerState, ...]:
        """Players in turn order starting with the first player."""
        n = len(self.players)
        return tuple(self.players[(self.first_player + i) % n] for i in range(n))

    def player(self, name: str) -> PlayerState:
        """The player called ``name``.

        :raises InvalidInputError: no such player (lists the names).
        """
        for p in self.players:
            if p.name == name:
                return p
        raise not_one_of("player", name, [p.name for p in self.players])

    def wild_hive(self, name: str) -> WildHiveState:
        """The wild hive in play called ``name``.

        :raises InvalidInputError: no such wild hive in play (lists them).
        """
        for w in self.wild:
            if w.name == name:
                return w
        raise InvalidInputError("wild hive", name, "a wild hive in play: " + (
            ", ".join(w.name for w in self.wild) or "none"))

    def is_player(self, name: str) -> bool:
        """True when ``name`` is a player (not a wild hive)."""
        return any(p.name == name for p in self.players)

    def with_player(self, p: PlayerState) -> GameState:
        """A copy with the player of that name replaced by ``p``."""
        return replace(self, players=tuple(p if q.name == p.name else q for q in self.players))

    def with_hive(self, name: str, hive: Hive) -> GameState:
        """A copy with player ``name``'s hive replaced by ``hive``."""
        return self.with_player(replace(self.player(name), hive=hive))

    def with_wild(self, w: WildHiveState) -> GameState:
        """Replace the wild hive of that name; a strength of 0 removes it."""
        if w.strength <= 0:
            m = self.map
            if m is not None and any(h.name == w.name for h in m.hives):
                m = map_module().remove_hive(m, w.name)
            return replace(self, wild=tuple(x for x in self.wild if x.name != w.name),
                           wild_pending=tuple(n for n in self.wild_pending if n != w.name),
                           map=m)
        return replace(self, wild=tuple(w if x.name == w.name else x for x in self.wild))

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able dict; :meth:`from_dict` gives back an equal state."""
        return {
            "players": [{"name": p.name, "hive": _hive_dict(p.hive), "raided": list(p.raided),
                         "turns": p.turns, "out": p.out,
                         **({"infected": True} if p.infected else {}),
                         **({"home_foraged": True} if p.home_foraged else {})}
                        for p in self.players],
            "wild": [{**{k: v for k, v in asdict(w).items()
                         if k not in ("haunted", "infected") or v},
                      "raided": list(w.raided)} for w in self.wild],
            "first_player": self.first_player, "year": self.year, "month": self.month,
            "card": self.card, "played": list(self.played),
            "options": {**asdict(self.options),
                        "later_year_spawn_strength": list(self.options.later_year_spawn_strength)},
            "stage": self.stage, "round": self.round, "cursor": self.cursor,
            "wild_pending": list(self.wild_pending), "wild_last": self.wild_last,
            "spawned": self.spawned,
            **({"haunted_appeared": True} if self.haunted_appeared else {}),
            **({"spawn_rolls": [list(r) for r in self.spawn_rolls]} if self.spawn_rolls else {}),
            "map": None if self.map is None else map_module().to_dict(self.map),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict`'s shape.

        :raises InvalidInputError: a missing or malformed field (named).
        """
        if not isinstance(raw, Mapping):
            raise InvalidInputError("game state", raw, "a table of the GameState.to_dict shape")
        state_keys = [f.name for f in fields(cls)]
        require_table("start", dict(raw), state_keys)
        for i, p in enumerate(raw.get("players") or ()):
            require_table(f"start.players[{i + 1}]", dict(p) if isinstance(p, Mapping) else p,
                          [f.name for f in fields(PlayerState)])
        for i, w in enumerate(raw.get("wild") or ()):
            require_table(f"start.wild[{i + 1}]", dict(w) if isinstance(w, Mapping) else w,
                          [f.name for f in fields(WildHiveState)])
        rolls = raw.get("spawn_rolls", ())
        if not isinstance(rolls, (list, tuple)) or any(
                not isinstance(r, (list, tuple)) or len(r) != 2 or not isinstance(r[0], str)
                or isinstance(r[1], bool) or not isinstance(r[1], int) for r in rolls):
            raise InvalidInputError("start.spawn_rolls", rolls, "[[NAME, D6], ...]")
        try:
            players = tuple(PlayerState(str(p["name"]), _hive_from(p["hive"], p["name"]),
                                        tuple(p.get("raided", ())), int(p.get("turns", 0)),
                                        _flag(p, "out"), _flag(p, "infected"),
                                        _flag(p, "home_foraged"))
                            for p in raw["players"])
            wild = tuple(WildHiveState(str(w["name"]), int(w["strength"]),
                                       _flag(w, "dormant"), int(w.get("workers", 0)),
                                       tuple(w.get("raided", ())), _flag(w, "foraged"),
                                       int(w.get("turns", 0)), _flag(w, "haunted"),
                                       _flag(w, "infected"))
                         for w in raw.get("wild", ()))
            o = dict(raw.get("options", {}))
            if "later_year_spawn_strength" in o:
                o["later_year_spawn_strength"] = tuple(o["later_year_spawn_strength"])
            unknown = set(o) - {f.name for f in fields(Options)}
            if unknown:
                raise not_one_of("options", sorted(unknown)[0], [f.name for f in fields(Options)])
            state = cls(players=players, wild=wild,
                        first_player=int(raw.get("first_player", 0)),
                        year=int(raw.get("year", 1)), month=int(raw.get("month", 1)),
                        card=raw.get("card"), played=tuple(raw.get("played", ())),
                        options=Options(**o), stage=str(raw.get("stage", "month")),
                        round=int(raw.get("round", 0)), cursor=int(raw.get("cursor", 0)),
                        wild_pending=tuple(raw.get("wild_pending", ())),
                        wild_last=int(raw.get("wild_last", -1)),
                        spawned=_flag(raw, "spawned"),
                        haunted_appeared=_flag(raw, "haunted_appeared"),
                        spawn_rolls=tuple((str(n), int(r))
                                          for n, r in raw.get("spawn_rolls", ())),
                        map=None if raw.get("map") is None
                        else map_module().from_dict(raw["map"]))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidInputError):
                raise
            raise InvalidInputError("game state", f"{exc.__class__.__name__}: {exc}",
                                    "the GameState.to_dict shape") from None
        return validate_state(state)


def _flag(raw: Mapping[str, Any], key: str) -> bool:
    """A true/false field of a saved state (missing: false).

    :raises InvalidInputError: anything but true or false.
    """
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise InvalidInputError(f"{raw.get('name', 'state')}.{key}", v, "true or false")
    return v


def map_module():
    """The map module (hyvekit.rules.beelives.map), imported only when a state carries a map:
    the sequencer does not use the map yet; the state only keeps and serialises it."""
    from hyvekit.rules.beelives import map as bee_map
    return bee_map


def _hive_dict(h: Hive) -> dict[str, Any]:
    d = asdict(h)
    d["assigned"] = asdict(h.assigned)
    return d


def _hive_from(raw: Mapping[str, Any], name: str) -> Hive:
    d = dict(raw)
    known = {f.name for f in fields(Hive)}
    unknown = set(d) - known
    if unknown:
        raise not_one_of(f"{name}: hive", sorted(unknown)[0], known)
    if "assigned" in d:
        a = d["assigned"]
        if not isinstance(a, Mapping) or set(a) - set(PLAYER_ACTIONS) - {"failed"}:
            raise InvalidInputError(f"{name}: hive.assigned", a, "a table of action spaces")
        d["assigned"] = Assigned(**{k: int(v) for k, v in a.items()})
    return Hive(**d)


def validate_state(state: GameState, board: Board | None = None) -> GameState:
    """Check a state's invariants: 1–4 players with distinct names, wild strengths 1–14,
    year / month / stage in range; each hive against the board.

    :raises InvalidInputError: naming the field.
    """
    if not 1 <= len(state.players) <= 4:
        raise InvalidInputError("players", len(state.players), "1 to 4 players (4 player hives)")
    names = [p.name for p in state.players] + [w.name for w in state.wild]
    if len(set(names)) != len(names):
        raise InvalidInputError("hive names", names, "a different name for every hive")
    require_int("first_player", state.first_player, 0, len(state.players) - 1)
    require_int("year", state.year, 1, state.options.years)
    require_int("month", state.month, 1, 9)
    if state.stage not in STAGES:
        raise not_one_of("stage", state.stage, STAGES)
    if len(state.wild) > WILD_HIVE_TOKENS:
        raise InvalidInputError("wild hives", len(state.wild), f"at most {WILD_HIVE_TOKENS}")
    for w in state.wild:
        require_int(f"wild hive {w.name} strength", w.strength, 1, 14)
        require_int(f"wild hive {w.name} workers", w.workers, 0, 5)
    if board is not None:
        for p in state.players:
            validate_hive(p.hive, board)
    return state


def new_game(players: Sequence[tuple[str, str]], board: Board, *, first_player: int = 0,
             options: Options = Options()) -> GameState:
    """A game as set up (Common Area / Player Area Setup): one hive per ``(name, queen)`` in
    turn order, no wild hive, no card, March of year 1.

    :raises InvalidInputError: no players or more than four, repeated names, unknown queen.
    """
    if not 1 <= len(players) <= 4:
        raise InvalidInputError("players", len(players), "1 to 4 players (4 player hives)")
    state = GameState(players=tuple(PlayerState(str(n), new_hive(q, board)) for n, q in players),
                      first_player=first_player, options=options)
    return validate_state(state, board)


@dataclass(frozen=True)
class Components:
    """The board values, season cards and solo cards a game is played with, and
    ``card_rules``: the hooks of the solo cards whose rules the sequencer plays
    (:mod:`.card_hooks`; a function giving them, called when a month first needs them).
    The data layer gives the packaged ones (``data/beelives.py``: ``components``)."""

    board: Board
    cards: tuple[seasons.SeasonCard, ...]
    solo: Any
    card_rules: Callable[[], tuple[Any, ...]] = field(repr=False, compare=False)

    def solo_card(self, name: str) -> Any:
        """The solo card called ``name``.

        :raises InvalidInputError: no such solo card.
        """
        return self.solo.find(name)

    def card(self, name: str | None) -> seasons.SeasonCard | None:
        """The season card called ``name`` (None for None).

        :raises InvalidInputError: no such card; AmbiguousInputError: several match.
        """
        if name is None:
            return None
        for c in self.cards:
            if c.name == name:
                return c
        return seasons.find_card(self.cards, name)


Event = dict

Coord = tuple[int, int]


@dataclass(frozen=True)
class TurnDice:
    """The dice and follow-ups stated with one turn of the Action Phase, beside the action's
    own choices (rules/bee-lives.txt, Season Cards, Solo Play cards).

    :ivar card_d6: the season card's D6 after foraging or scouting (``d6`` in a month file).
    :ivar spawn: the wild hive spawned on this turn (a card's D6 or first-turn spawn; a wild
        hive's swarm), ``"none"`` when no tile within 3 spaces can take it; ``spawn_at`` its
        map tile.
    :ivar zombee_d6: Zombees: an infected player hive's action roll, or an infected wild
        hive's erratic turn.
    :ivar infection_d6: Zombees: a healthy hive acting on an infected tile.
    :ivar haunt_d6: Haunted Hives: foraging a haunted tile.
    :ivar siege_d6 / siege_spawn / siege_at: Under Siege: the D6 after a scout, the wild hive
        it spawns and its tile.
    """

    card_d6: int | None = None
    spawn: str | None = None
    spawn_at: Coord | None = None
    zombee_d6: int | None = None
    infection_d6: int | None = None
    haunt_d6: int | None = None
    siege_d6: int | None = None
    siege_spawn: str | None = None
    siege_at: Coord | None = None


NO_DICE = TurnDice()


def zombees_card(comps: Components) -> Any:
    """The Zombees campaign card of the game's solo cards (its dice tables)."""
    return comps.solo_card(ZOMBEES)


def required(value: Any, name: str, what: str) -> Any:
    if value is None:
        raise InvalidInputError(name, None, what)
    return value
