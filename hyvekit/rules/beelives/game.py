"""Bee Lives game state and the month sequencer (rules/bee-lives.txt, "How to Play",
"Productive Months", "Action Phase", "Cleanup Phase", "Joining the Map", "Wild Hives",
"Winter Upkeep", "End of the Game", "Multiple Years Variant", "Solo Play: Basic Mode").

:class:`GameState` is the whole table between (and during) months: the player hives in turn
order, the wild hives, the season cards played and the card in effect, year and month, the
first player, the options and where the Action Phase stands.  It is frozen and round-trips
through a plain JSON-able dict (:meth:`GameState.to_dict` / :meth:`GameState.from_dict`), so a
campaign record can store it or replay events into it.

The sequencer plays a month in the rulebook's order, from stated choices and dice:

* :func:`start_month` — phases 1–5 (Egg, Feeding, Brood, Swarm, Event; the first month of the
  game skips 1–4) and the start of the Action Phase (Cooler Temps);
* :func:`next_actor` / :func:`play_turn` — the action rounds: players in turn order from the
  first player (players without unassigned bees are skipped), then every active wild hive, and
  no wild hive turn after the final round of player turns;
* :func:`end_month` — the Cleanup Phase, joining the map after the third month of the first
  year, the solo basic-mode hard rule;
* :func:`play_winter` — winter upkeep after the ninth month (and the next year's set-up in the
  multiple-years variant); :func:`final_scoring` — End of the Game;
* :func:`play_month` — all of the above for one :class:`MonthPlan` (parsed from a month
  record by :mod:`hyvekit.rules.beelives.record`), checking claimed end-of-month values.

Every step returns plain-dict events (``{"kind": "forage", "hive": "Susan", ...}``);
:func:`summarize` turns a month's events into :class:`MonthSummary` facts per hive (actions
with bees, tiles foraged by type, scouts, raids made and suffered, swarms, queens held, brood
hatched, disease level reached, wild hives spawned) for solo challenge goals and reports.

Without a map (``GameState.map`` is None) distances, tile types, "closest" and placements are
stated in the record and accepted.  With a map (:mod:`hyvekit.rules.beelives.map`) they come
from it: forage and scout tiles (``Turn.at``), raid range, spawn placements (``spawn_at``,
``SwarmChoice.at``), the wild hives' order and chart lines, cleanup and joining the map.

Units: bees, honey / pollen / water cubes, comb cells, disease levels (0 or negative), VP,
wild hive strength (0–14), map spaces (distance).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from hyvekit.rules.beelives import actions as act
from hyvekit.rules.beelives import phases, raids, seasons, solo as solocards, wild as wildmod
from hyvekit.rules.beelives.board import TILE_TYPES, Board
from hyvekit.rules.beelives.endgame import PlayerEnd, Scoring, score, winter as do_winter
from hyvekit.rules.beelives.hive import Assigned, Hive, gain_disease, new_hive, \
    require_unassigned, validate_hive
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int, require_table

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
                              # the third month" (first year only, Multiple Years Variant)
STAGES = ("month", "actions", "winter", "over")
PLAYER_ACTIONS = ("forage", "scout", "raid", "defend", "build_wax", "clean_bees",
                              "cool_hive", "requeen")
WILD_ACTIONS = ("swarm", "forage", "raid", "scout", "nothing")
NONE = "none"                 # a stated spawn that could not be placed


def month_name(month: int) -> str:
    """``1`` → ``"March"`` … ``9`` → ``"November"``."""
    return MONTHS[month - 1]


def season_of(month: int) -> str:
    """The season of productive month ``month`` (1–9)."""
    return SEASON_OF_MONTH[month - 1]


# --- state --------------------------------------------------------------------------------------

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
        raise InvalidInputError("player", name, "one of " + ", ".join(p.name for p in self.players))

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
                m = _map_module().remove_hive(m, w.name)
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
            "map": None if self.map is None else _map_module().to_dict(self.map),
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
                raise InvalidInputError("options", sorted(unknown)[0],
                                        "one of " + ", ".join(f.name for f in fields(Options)))
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
                        else _map_module().from_dict(raw["map"]))
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


def _map_module():
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
        raise InvalidInputError(f"{name}: hive", sorted(unknown)[0], "one of " + ", ".join(known))
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
        raise InvalidInputError("stage", state.stage, "one of " + ", ".join(STAGES))
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


# --- plans (stated choices) -----------------------------------------------------------------------

@dataclass(frozen=True)
class SwarmChoice:
    """A swarming player's choices: ``wild`` names the wild hive spawned (``"none"``: no legal
    placement within three spaces), ``choice`` stay or leave, ``queen`` the new queen (stay),
    ``at`` the map tile of the new wild hive (needed when the game has a map)."""

    wild: str
    choice: str = "stay"
    queen: str | None = None
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class PhaseChoices:
    """A player's choices in phases 1–4: starvation tokens taken in the Feeding Phase and,
    if the hive swarms, the swarm choices."""

    starvation_tokens: int = 0
    swarm: SwarmChoice | None = None


@dataclass(frozen=True)
class Turn:
    """One turn of the Action Phase, every choice and die stated.

    Player turns (``wild=False``): ``actor`` is the player; ``action`` one of the eight.

    * forage: ``tile``, ``distance`` (0–3), ``take`` (honey, pollen, water; None = all the
      tile gives), ``d6`` after foraging when the card asks, ``spawn``.
    * scout: ``tile`` placed (optional), ``d6`` / ``spawn`` as for forage.
    * raid: ``target`` (player or wild hive), ``bees``, ``rolls`` (every roll in order, the
      last kept), ``removed`` (dice removed on losing a bracket), the defender's
      ``sacrifice_defending`` / ``sacrifice_unassigned``; on a wild hive ``sacrifices`` and
      ``take``; ``distance`` (stated, at most 3).
    * defend / build_wax / clean_bees: ``bees``; cool_hive: ``bees`` optional (checked);
      requeen: ``queen``.
    * ``spawn`` also answers a card's "on your first turn this month, spawn a wild hive".

    Wild hive turns (``wild=True``): ``action`` swarm / forage / raid / scout / nothing;
    ``tile`` / ``distance`` (forage), ``target`` and ``d6`` (the D6; ``target_roll`` for a
    wild target), the defender's sacrifices, ``spawn`` (swarm: the new wild hive's name),
    ``from_first_player`` (distance from the first player's hive, checks Example E's order).

    With a map (``GameState.map``): ``at`` is the foraged tile or the scouted space (a wild
    hive's too), and ``spawn_at`` the tile of a spawned wild hive (default: the foraged or
    scouted tile for the cards that spawn there); tile types and distances then come from the
    map.  ``where`` is the record location used in messages.

    Solo card dice: ``siege_d6`` / ``siege_spawn`` / ``siege_at`` (Under Siege, after a
    scout); ``haunt_d6`` (Haunted Hives: foraging a haunted tile; without a map, stating it
    says the tile is haunted); ``scare_ghosts`` (Haunted Hives: a Raid action with 1 worker
    bee on the haunted tile ``at``); ``zombee_d6`` (Zombees: an infected player hive's action
    roll, or an infected wild hive's erratic turn); ``infection_d6`` (Zombees: a healthy hive
    acting on an infected tile; without a map, stating it says the tile is infected).
    """

    actor: str
    action: str
    wild: bool = False
    bees: int | None = None
    tile: str | None = None
    distance: int | None = None
    take: tuple[int, int, int] | None = None
    target: str | None = None
    rolls: tuple[tuple[int, ...], ...] = ()
    removed: tuple[int, ...] | None = None
    sacrifice_defending: int = 0
    sacrifice_unassigned: int = 0
    sacrifices: int = 0
    queen: str | None = None
    d6: int | None = None
    target_roll: int | None = None
    spawn: str | None = None
    from_first_player: int | None = None
    at: tuple[int, int] | None = None
    spawn_at: tuple[int, int] | None = None
    siege_d6: int | None = None
    siege_spawn: str | None = None
    siege_at: tuple[int, int] | None = None
    haunt_d6: int | None = None
    scare_ghosts: bool = False
    zombee_d6: int | None = None
    infection_d6: int | None = None
    where: str = ""


@dataclass(frozen=True)
class MonthPlan:
    """Everything stated for one productive month (a parsed month record).

    :ivar card: the season card revealed in the Event Phase.
    :ivar choices: player name → :class:`PhaseChoices`.
    :ivar turns: the Action Phase, in order (player and wild hive turns).
    :ivar solo_spawn: the wild hive spawned by the solo hard rule at the end of the month
        (``"none"``: no legal placement).
    :ivar claims: hive name → {field: claimed value} at the end of the month.
    :ivar solo_spawn_at: with a map, the tile of the solo spawn.
    :ivar joins: with a map, after the third month of year 1: each player's join
        ``(player, (dq, dr) offset, rotation 0-5)`` in joining order.
    :ivar spawn_d6: Zombees: ``(wild hive name, D6)`` for every wild hive spawned this month
        (1-2: it is infected).
    :ivar infect / infected_spawn / infected_spawn_at: Zombees, the first month of year 2:
        the strongest wild hive chosen on a tie; with none in play, the name (and map tile)
        of the infected wild hive spawned at strength 6.
    """

    year: int
    month: int
    card: str
    choices: tuple[tuple[str, PhaseChoices], ...] = ()
    turns: tuple[Turn, ...] = ()
    solo_spawn: str | None = None
    claims: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    where: str = ""
    solo_spawn_at: tuple[int, int] | None = None
    joins: tuple[tuple[str, tuple[int, int], int], ...] = ()
    spawn_d6: tuple[tuple[str, int], ...] = ()
    infect: str | None = None
    infected_spawn: str | None = None
    infected_spawn_at: tuple[int, int] | None = None

    def choice(self, name: str) -> PhaseChoices:
        """Player ``name``'s phase choices (none stated: no tokens, no swarm)."""
        return dict(self.choices).get(name, PhaseChoices())


@dataclass(frozen=True)
class Components:
    """The board values and season cards a game is played with, and the solo cards whose
    rules the sequencer plays (Haunted Hives, Zombees; None: the packaged ones)."""

    board: Board
    cards: tuple[seasons.SeasonCard, ...]
    solo: Any = None

    def solo_card(self, name: str) -> Any:
        """The solo card called ``name`` (from ``solo``, else the packaged solo cards)."""
        return (self.solo or solocards.default_cards()).find(name)

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


def default_components() -> Components:
    """The packaged board and the 27 packaged season cards."""
    from hyvekit.rules.beelives.board import default_board
    return Components(default_board(), seasons.load_season_cards())


# --- helpers ----------------------------------------------------------------------------------

Event = dict


def _spawn_strength(state: GameState, base: int) -> int:
    """Multiple Years Variant: a spawned wild hive has strength 4 / 5 in years 2 / 3."""
    if state.year == 1:
        return base
    return state.options.later_year_spawn_strength[state.year - 2]


def _dormant_on_spawn(state: GameState) -> bool:
    """Dormant Wild Hives: appearing in spring of year 1 (or a later spring, if wild hives
    are not active then)."""
    if state.season != "spring":
        return False
    if state.year == 1:
        return state.options.wild_dormant_first_spring
    return not state.options.wild_active_later_springs


def spawn_wild(state: GameState, name: str, strength: int, *, cause: str, by: str,
               rule: str = R_SPAWN, at: tuple[int, int] | None = None,
               near: str | None = None, comps: Components | None = None,
               infected: bool | None = None) -> tuple[GameState, Event]:
    """Put a new wild hive ``name`` with ``strength`` into play (a swarm, a card, a wild
    hive's swarm, the solo hard rule).  With a map, ``at`` is its tile (within three spaces of
    hive ``near``, when given), checked by the map.

    Haunted Hives: the first wild hive to appear, and one spawned by a haunted hive's swarm,
    is haunted (its tile flips).  Zombees: the hive's D6 comes from ``state.spawn_rolls``
    (``MonthPlan.spawn_d6``); on 1-2 it is infected (its tile flips).  ``infected`` given:
    no roll (Zombees' first infected hive, spawned infected).

    :raises IllegalActionError: the name is already in play, or all eight wild hive tokens are;
        with a map, not an available placement; Zombees without the new hive's roll.
    """
    if not name or name == NONE:
        raise InvalidInputError("spawn", name, "the new wild hive's name")
    if any(x.name == name for x in state.wild) or state.is_player(name):
        raise IllegalActionError(rule, f"a wild hive that is not in play, got {name} (in play)",
                                 expected="a wild hive not in play", given=name)
    if len(state.wild) >= WILD_HIVE_TOKENS:
        raise IllegalActionError(rule, f"all {WILD_HIVE_TOKENS} wild hives are in play: none can "
                                 "be spawned (state spawn = \"none\")",
                                 expected=NONE, given=name)
    strength = max(1, min(14, strength))
    haunted = False
    forced, infected = infected, False
    if state.options.haunted_hives:
        parent = next((x for x in state.wild if x.name == by), None)
        haunted = solocards.spawned_haunted(
            first_wild_hive=not state.haunted_appeared,
            parent_haunted=cause == "wild swarm" and parent is not None and parent.haunted)
        state = replace(state, haunted_appeared=True)
    roll = None
    if forced is not None:
        infected = forced
    elif state.zombees:
        rolls = dict(state.spawn_rolls)
        if name not in rolls:
            raise IllegalActionError(R_ZOMBEES, f"roll the D6 for the new wild hive {name} "
                                     "(1-2: infected): state spawn_d6 = { " + name + " = roll }",
                                     expected=f"spawn_d6.{name} = 1-6", given="no roll")
        roll = rolls[name]
        infected = solocards.spawn_is_infected(_zombees_card(comps), roll)
        state = replace(state, spawn_rolls=tuple(r for r in state.spawn_rolls if r[0] != name))
    w = WildHiveState(name, strength, dormant=_dormant_on_spawn(state), haunted=haunted,
                      infected=infected)
    ev: Event = {"kind": "spawn", "wild": name, "strength": strength, "dormant": w.dormant,
                 "cause": cause, "by": by}
    if haunted:
        ev["haunted"] = True
    if roll is not None:
        ev.update(infection_d6=roll, infected=infected)
    elif forced is not None:
        ev["infected"] = forced
    if state.map is not None:
        if at is None:
            raise InvalidInputError(f"tile of the new wild hive {name}", None,
                                    "its map tile [q, r] (the game has a map)")
        dark = "haunted" if haunted else "infected" if infected else None
        M = _map_module()
        try:
            m = M.spawn_wild(state.map, name, at, near=near, dark=dark)
        except IllegalActionError as exc:     # the map speaks of swarms: name the cause's rule
            raise IllegalActionError(rule, exc.message, expected=exc.expected,
                                     given=exc.given, hint=exc.hint) from None
        state = replace(state, map=m)
        ev["at"] = list(at)
    elif at is not None:
        raise InvalidInputError(f"tile of the new wild hive {name}", list(at),
                                "no tile: the game is played without the map")
    state = replace(state, wild=state.wild + (w,), spawned=True)
    return state, ev


def _zombees_card(comps: Components | None) -> Any:
    return (comps.solo_card(ZOMBEES) if comps is not None
            else solocards.default_cards().find(ZOMBEES))


def _first_infection(state: GameState, plan: MonthPlan, comps: Components
                     ) -> tuple[GameState, list[Event]]:
    """Zombees, "Year 2: At the start of the year, the strongest wild hive becomes infected
    with zombees! ... If there are multiple wild hives tied for strongest, you choose which one
    is the infected hive. If there are no wild hives in play, spawn a wild hive (strength 6)
    up to 3 spaces away from your own hive. That is the infected hive."  Played before the
    first month of year 2 (only then, ruling L93): ``plan.infect`` names the strongest hive
    (needed only on a tie), ``plan.infected_spawn`` (and ``infected_spawn_at`` on the map) the
    hive spawned when there is none (``"none"``: no tile within 3 spaces can take it).  "Your own hive" is the first player's in a game of
    several (the card is a solo card).

    :raises IllegalActionError: (Bee Lives: Zombees) the choice missing or not among the
        strongest, a spawn while wild hives are in play, these values in another month.
    """
    z = state.options.zombees_from_year
    due = bool(z) and state.year == z and state.month == 1
    if plan.infected_spawn_at is not None and plan.infected_spawn is None:
        raise InvalidInputError("infected_spawn_at", list(plan.infected_spawn_at),
                                "only with infected_spawn = NAME")
    if not due:
        for key in ("infect", "infected_spawn"):
            if getattr(plan, key) is not None:
                raise IllegalActionError(R_ZOMBEES, "the strongest wild hive is infected only "
                                         f"at the start of year {z or 2} of a Zombees game",
                                         expected=f"no {key}", given=getattr(plan, key))
        return state, []
    year = f"year {z}"
    card = _zombees_card(comps)
    first = solocards.first_infected(card, {w.name: w.strength for w in state.wild})
    if first.candidates:
        if plan.infected_spawn is not None:
            raise IllegalActionError(R_ZOMBEES, "wild hives are in play: the strongest becomes "
                                     "infected, none is spawned", expected="no infected_spawn",
                                     given=plan.infected_spawn)
        name = plan.infect
        if name is None and len(first.candidates) == 1:
            name = first.candidates[0]
        if name not in first.candidates:
            tie = len(first.candidates) > 1
            raise IllegalActionError(R_ZOMBEES, "the strongest wild hive becomes infected: "
                                     + " or ".join(first.candidates)
                                     + (" (tied: you choose, state infect = NAME)" if tie else "")
                                     + (f", not {name}" if name else ""),
                                     expected=list(first.candidates), given=name)
        state, ev = infect_wild(state, name)
        return state, [ev]
    if plan.infect is not None:
        raise IllegalActionError(R_ZOMBEES, "no wild hive is in play, so there is none to name: "
                                 f"leave out infect; a wild hive (strength {first.spawn_strength}"
                                 f") is spawned up to {first.max_distance} spaces from your hive "
                                 "instead (infected_spawn = NAME)", expected="no infect",
                                 given=plan.infect)
    if plan.infected_spawn is None:
        raise IllegalActionError(R_ZOMBEES, f"no wild hive is in play at the start of {year}: "
                                 f"spawn one (strength {first.spawn_strength}) up to "
                                 f"{first.max_distance} spaces from your hive; it is the "
                                 "infected hive — state infected_spawn = NAME",
                                 expected="infected_spawn = NAME", given="none")
    player = state.players[state.first_player].name
    if plan.infected_spawn in dict(plan.spawn_d6):
        raise IllegalActionError(R_ZOMBEES, f"{plan.infected_spawn} is the infected hive the "
                                 "card spawns: it rolls no D6 (spawn_d6)",
                                 expected=f"no spawn_d6.{plan.infected_spawn}",
                                 given=dict(plan.spawn_d6)[plan.infected_spawn])
    if plan.infected_spawn.lower() == NONE:      # no tile within 3 spaces can take it
        _no_placement(state, player, R_ZOMBEES)
        return state, []
    state, ev = spawn_wild(state, plan.infected_spawn, first.spawn_strength,
                           cause=f"card: {ZOMBEES}", by=player, rule=R_ZOMBEES,
                           at=plan.infected_spawn_at, near=player, comps=comps, infected=True)
    return replace(state, spawned=False), [ev]


def infect_wild(state: GameState, name: str) -> tuple[GameState, Event]:
    """Zombees: wild hive ``name`` becomes infected (the strongest wild hive at the start of
    year 2, or a healthy wild hive that caught it): its turns turn erratic and, with a map, its
    tile flips to the dark side.

    :raises InvalidInputError: no such wild hive in play.
    """
    w = state.wild_hive(name)
    state = state.with_wild(replace(w, infected=True))
    if state.map is not None:
        M = _map_module()
        m = state.map
        h = m.hive(name)
        m = replace(m, hives=tuple(replace(x, dark="infected") if x.name == name else x
                                   for x in m.hives))
        state = replace(state, map=M.flip(m, h.at, "infected"))
    return state, {"kind": "infected", "hive": name, "wild": True}


def _no_placement(state: GameState, near: str, rule: str) -> None:
    """With a map, a spawn stated as "none" needs no available placement near ``near``."""
    if state.map is None:
        return
    places = _map_module().spawn_places(state.map, near)
    if places and len(state.wild) < WILD_HIVE_TOKENS:
        raise IllegalActionError(rule, f"a wild hive can be placed within 3 spaces of {near} "
                                 f"(e.g. {list(places[0])}): it must be spawned",
                                 expected=[list(p) for p in places], given=NONE)


def _prefix(exc: Exception, where: str) -> Exception:
    if not where:
        return exc
    if isinstance(exc, IllegalActionError):
        new = IllegalActionError(exc.rule, f"{where}: {exc.message}", expected=exc.expected,
                                 given=exc.given, hint=exc.hint)
        return new
    if isinstance(exc, InvalidInputError):
        return InvalidInputError(f"{where}: {exc.field}", exc.given, exc.allowed)
    return exc


# --- phases 1–5 --------------------------------------------------------------------------------

def start_month(state: GameState, plan: MonthPlan, comps: Components
                ) -> tuple[GameState, list[Event]]:
    """Phases 1–5 of a productive month and the start of the Action Phase.

    1. Egg (brood = empty cells; none empty → swarm token), 2. Feeding (under the card still
    on the board: Culling of the Drones), 3. Brood (An Early Start, Buttoned Up, paused queen,
    disease, prolific), 4. Swarm (in turn order from the first player; wild hive spawn with
    strength = bees lost, stay or leave, VP by season only when a wild hive was spawned),
    5. Event (the stated card: of this season, not played before).  The first month of the
    game skips phases 1–4.  Wild hives wake up when summer begins (and in later springs).
    Cooler Temps moves a third of each hive's workers to Defend (ruling L37).

    :raises IllegalActionError: a choice against the rules (rule named); a month out of order.
    :raises InvalidInputError: unknown names.
    """
    return _start_month(state, plan, comps)


def _start_month(state: GameState, plan: MonthPlan, comps: Components,
                 early: tuple[tuple[PlayerState, ...], list[Event]] | None = None
                 ) -> tuple[GameState, list[Event]]:
    """:func:`start_month`; ``early``, when given, is what phases 1–3 give (the players and
    the events of :func:`_early_phases`) for this ``state`` and the plan's feeding choices,
    already played on a copy (the random player reuses its preview instead of playing them
    twice)."""
    board = comps.board
    if state.stage != "month":
        raise IllegalActionError(R_MONTH, f"a new month can start only after the last one's "
                                 f"cleanup (now: {state.stage})", expected="month",
                                 given=state.stage)
    if (plan.year, plan.month) != (state.year, state.month):
        raise IllegalActionError(R_MONTH, f"the next month is {month_name(state.month)} of year "
                                 f"{state.year}, got {month_name(plan.month)} of year {plan.year}",
                                 expected=f"{state.year}/{month_name(state.month)}",
                                 given=f"{plan.year}/{month_name(plan.month)}")
    for name, _ in plan.choices:
        state.player(name)
    events: list[Event] = [{"kind": "month", "year": state.year, "month": month_name(state.month),
                            "season": state.season,
                            "queens": {p.name: p.hive.queen for p in state.players},
                            "wild": {w.name: w.strength for w in state.wild}}]
    # wild hives wake up (Dormant Wild Hives)
    if state.season != "spring" or (state.year > 1 and state.options.wild_active_later_springs):
        state = replace(state, wild=tuple(replace(w, dormant=False) for w in state.wild))
    state = replace(state, spawned=False)
    if plan.spawn_d6 and not state.zombees:
        raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) rolls "
                                 "the D6 for new wild hives: no spawn_d6",
                                 expected="no spawn_d6", given=dict(plan.spawn_d6))
    state = replace(state, spawn_rolls=plan.spawn_d6)
    state, evs = _first_infection(state, plan, comps)
    events += evs
    if state.first_month:
        for name, c in plan.choices:
            if c.starvation_tokens or c.swarm:
                raise IllegalActionError(R_MONTH, f"{name}: the first month of the game skips "
                                         "the Egg, Feeding, Brood and Swarm Phases: no feeding "
                                         "or swarm choices", expected="no choices",
                                         given="choices")
    else:
        if early is None:
            state, evs = _early_phases(state, plan, comps)
        else:                        # phases 1-3 change only the players (and tell events)
            state, evs = replace(state, players=early[0]), early[1]
        events += evs
        # 4. Swarm Phase, in turn order from the first player
        for p in state.order():
            state, evs = _swarm(state, p.name, plan.choice(p.name), comps)
            events += evs
    # 5. Event Phase
    state, ev = _event(state, plan.card, comps)
    events.append(ev)
    card = comps.card(state.card)
    # Action Phase begins: Cooler Temps
    for p in state.players:
        bees = seasons.required_defenders(card, p.hive.workers)
        bees = min(bees, p.hive.unassigned)
        if bees:
            h = p.hive
            state = state.with_hive(p.name, replace(h, unassigned=h.unassigned - bees,
                                                    assigned=h.assigned.add("defend", bees)))
            events.append({"kind": "cooler_temps", "hive": p.name, "bees": bees})
    state = replace(state, stage="actions", round=1, cursor=0, wild_pending=(), wild_last=-1,
                    players=tuple(replace(p, raided=(), turns=0, home_foraged=False)
                                  for p in state.players),
                    wild=tuple(replace(w, workers=0, raided=(), foraged=False, turns=0)
                               for w in state.wild))
    return state, events


def _early_phases(state: GameState, plan: MonthPlan, comps: Components
                  ) -> tuple[GameState, list[Event]]:
    """Phases 1–3 (Egg, Feeding, Brood) for every hive, under the card still on the board."""
    board = comps.board
    old_card = comps.card(state.card)
    events: list[Event] = []
    # every hive goes through a phase before the next; the hives are put back into the
    # state once, at the end (they are all that phases 1-3 change)
    players = state.players
    hives = [p.hive for p in players]
    # 1. Egg Phase
    for i, p in enumerate(players):
        r = phases.egg_phase(hives[i], board)
        hives[i] = r.hive
        events.append({"kind": "egg", "hive": p.name, "brood": r.brood,
                       "swarm_token": r.swarm_token})
    # 2. Feeding Phase
    per = seasons.feeding_bees_per_honey(old_card, board)
    for i, p in enumerate(players):
        c = plan.choice(p.name)
        try:
            r2 = phases.feeding_phase(hives[i], board, tokens=c.starvation_tokens,
                                      bees_per_honey=per)
        except (IllegalActionError, InvalidInputError) as exc:
            raise _prefix(exc, f"{p.name}, Feeding Phase") from None
        hives[i] = r2.hive
        events.append({"kind": "feeding", "hive": p.name, "honey": r2.honey_spent,
                       "starved": r2.starved, "tokens": r2.tokens_taken,
                       "skipped": r2.skipped})
    # 3. Brood Phase
    rules = seasons.brood_rules(old_card)
    for i, p in enumerate(players):
        r3 = phases.brood_phase(hives[i], board, **rules.kwargs())
        hives[i] = r3.hive
        events.append({"kind": "brood", "hive": p.name, "hatched": r3.hatched,
                       "pollen": r3.pollen_spent, "lost": r3.lost_to_disease,
                       "bonus": r3.prolific_bonus, "discarded": r3.discarded,
                       "paused": r3.paused, "level": r3.hive.disease(board)})
    players = tuple(replace(p, hive=h) for p, h in zip(players, hives))
    return replace(state, players=players), events


def swarms_due(state: GameState, plan: MonthPlan, comps: Components) -> tuple[str, ...]:
    """The players whose hives will swarm in this month's Swarm Phase, given the plan's
    feeding choices (phases 1–3 played on a copy).  Empty in the first month of the game.

    :raises IllegalActionError: a feeding choice against the rules.
    """
    if state.first_month:
        return ()
    after = phases_preview(state, plan, comps)
    return tuple(p.name for p in after.order() if phases.will_swarm(p.hive, comps.board)[0])


def phases_preview(state: GameState, plan: MonthPlan, comps: Components) -> GameState:
    """The state after this month's Egg, Feeding and Brood Phases (played on a copy), as the
    Swarm Phase will find it: who swarms, and how many bees a swarm loses.  The first month
    of the game skips them (the state is returned unchanged).

    :raises IllegalActionError: a feeding choice against the rules.
    """
    if state.first_month:
        return state
    return _early_phases(state, plan, comps)[0]


def _swarm(state: GameState, name: str, c: PhaseChoices, comps: Components
           ) -> tuple[GameState, list[Event]]:
    board = comps.board
    hive = state.player(name).hive
    swarms, reason = phases.will_swarm(hive, board)
    if not swarms:
        if c.swarm is not None:
            raise IllegalActionError(phases.R_SWARM, f"{name}: the hive does not swarm "
                                     f"({hive.workers} workers, threshold "
                                     f"{board.threshold(hive.comb, hive.queen == 'nomadic')}, no "
                                     "swarm token): no swarm choices", expected="no swarm",
                                     given="swarm choices")
        return state, []
    if c.swarm is None:
        raise IllegalActionError(phases.R_SWARM, f"{name}: the hive swarms ({reason}): state the "
                                 "wild hive spawned (or \"none\"), stay or leave, and the queen",
                                 expected="swarm choices", given="none")
    s = c.swarm
    spawned = s.wild != NONE
    if spawned and len(state.wild) >= WILD_HIVE_TOKENS:
        raise IllegalActionError(phases.R_SWARM, f"{name}: all {WILD_HIVE_TOKENS} wild hives are "
                                 "in play, none can be spawned", expected=NONE, given=s.wild)
    try:
        r = phases.swarm_phase(hive, board, season=state.season, spawned=spawned,
                               choice=s.choice,  # type: ignore[arg-type]
                               new_queen=s.queen, year=state.year)
    except (IllegalActionError, InvalidInputError) as exc:
        raise _prefix(exc, f"{name}, Swarm Phase") from None
    if spawned and r.wild_strength is None:
        raise IllegalActionError(phases.R_SWARM, f"{name}: the swarm lost no bee, so no wild hive "
                                 "is spawned (ruling L13)", expected=NONE, given=s.wild)
    if not spawned and r.bees_lost > 0:
        _no_placement(state, name, phases.R_SWARM)
    state = state.with_hive(name, r.hive)
    events: list[Event] = [{"kind": "swarm", "hive": name, "reason": reason,
                            "bees_lost": r.bees_lost, "honey_lost": r.honey_lost,
                            "choice": r.choice, "queen": r.hive.queen, "vp": r.vp,
                            "wild": s.wild if r.wild_strength is not None else None,
                            "level": r.hive.disease(board)}]
    if r.wild_strength is not None:
        state, ev = spawn_wild(state, s.wild, _spawn_strength(state, r.bees_lost),
                               cause="swarm", by=name, at=s.at, near=name, comps=comps)
        events.append(ev)
        if s.choice == "leave" and state.map is not None:
            M = _map_module()
            state = replace(state, map=M.swap_hives(state.map, name, s.wild))
            # a haunted / infected hive's tile is dark wherever it goes (ruling L147)
            h = state.map.hive(s.wild)
            if h.dark is not None and state.map.grid[h.at].dark is None:
                state = replace(state, map=M.flip(state.map, h.at, h.dark))
    return state, events


def _event(state: GameState, name: str, comps: Components) -> tuple[GameState, Event]:
    card = comps.card(name)
    assert card is not None
    if card.season != state.season:
        raise IllegalActionError(R_EVENT, f"{month_name(state.month)} draws from the "
                                 f"{state.season} deck, got {card.name} ({card.season})",
                                 expected=f"a {state.season} card", given=card.name)
    if card.name in state.played:
        raise IllegalActionError(R_EVENT, f"{card.name} was already played (played cards are "
                                 "not shuffled back)", expected="a card not yet played",
                                 given=card.name)
    state = replace(state, card=card.name, played=state.played + (card.name,))
    return state, {"kind": "event", "card": card.name, "overheating": card.overheating}


# --- the Action Phase ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Actor:
    """Who acts next: a player (``wild=False``) or one of the wild hives in ``choices``
    (any of them; the order among wild hives is the first player's, closest first)."""

    wild: bool
    name: str | None = None
    choices: tuple[str, ...] = ()


def _active_wild(state: GameState) -> tuple[str, ...]:
    return tuple(w.name for w in state.wild if not w.dormant)


def next_actor(state: GameState) -> Actor | None:
    """Who takes the next turn of the Action Phase, or None when it is over.

    Players act in turn order from the first player; a player with no unassigned bee is
    skipped.  After each round of player turns every active wild hive acts once — except after
    the final round of player turns (when no player has a bee left).
    """
    if state.stage != "actions":
        return None
    if state.wild_pending:
        return Actor(True, None, state.wild_pending)
    order = state.order()
    for i in range(state.cursor, len(order)):
        if order[i].hive.unassigned > 0:
            return Actor(False, order[i].name)
    return None


def _advance(state: GameState) -> GameState:
    """Move the cursor past players without bees; open the wild round or a new round."""
    while True:
        if state.wild_pending:
            return state
        order = state.order()
        i = state.cursor
        while i < len(order) and order[i].hive.unassigned == 0:
            i += 1
        if i < len(order):
            return replace(state, cursor=i)
        # the round of player turns is over
        if not any(p.hive.unassigned > 0 for p in state.players):
            return replace(state, cursor=len(order))      # final round: no wild hive turns
        pending = _active_wild(state)
        state = replace(state, cursor=0, round=state.round + 1, wild_last=-1,
                        wild=tuple(replace(w, raided=()) for w in state.wild),
                        wild_pending=pending)
        if pending:
            return state
        # no wild hive acts: the next round of player turns starts directly


def play_turn(state: GameState, turn: Turn, comps: Components
              ) -> tuple[GameState, list[Event]]:
    """Play one turn of the Action Phase (checked).

    :raises IllegalActionError: out of turn (rule Bee Lives: Action Phase, expected vs given),
        or against the action's rule.
    :raises InvalidInputError: malformed turn values.
    """
    try:
        if turn.wild:
            state.wild_hive(turn.actor)          # unknown name: malformed
        else:
            state.player(turn.actor)
        check_turn_keys(turn)
        actor = next_actor(state)
        if actor is None:
            raise IllegalActionError(R_ACTION, "the Action Phase is over: no player has a worker "
                                     "bee left (no wild hive turn after the final round of "
                                     "player turns)", expected="no more turns",
                                     given=turn.actor)
        if actor.wild:
            if not turn.wild or turn.actor not in actor.choices:
                raise IllegalActionError(R_ACTION, f"round {state.round - 1}: the wild hives take "
                                         f"their turns now ({', '.join(actor.choices)})",
                                         expected=list(actor.choices), given=turn.actor)
            state, events = _wild_turn(state, turn, comps)
            state = replace(state, wild_pending=tuple(n for n in state.wild_pending
                                                      if n != turn.actor))
        else:
            if turn.wild or turn.actor != actor.name:
                raise IllegalActionError(R_ACTION, f"round {state.round}: it is {actor.name}'s "
                                         "turn (players in turn order from the first player; "
                                         "players without bees are skipped)",
                                         expected=actor.name, given=turn.actor)
            state, events = _player_turn(state, turn, comps)
            p = state.player(turn.actor)
            state = state.with_player(replace(p, turns=p.turns + 1))
            state = replace(state, cursor=state.cursor + 1)
        return _advance(state), events
    except (IllegalActionError, InvalidInputError) as exc:
        raise _prefix(exc, turn.where) from None


#: where the solo cards' dice and choices may stand on a turn: key → (player actions, wild
#: hive actions)
TURN_DICE = {
    "haunt_d6": (("forage",), ()),
    "scare_ghosts": (("raid",), ()),
    "zombee_d6": (PLAYER_ACTIONS, WILD_ACTIONS),
    "infection_d6": (("forage", "scout", "raid"), ("forage", "raid")),
}
#: what a Raid action that scares ghosts away takes: nothing of a raid on a hive
SCARE_REFUSES = ("target", "rolls", "removed", "sacrifice_defending", "sacrifice_unassigned",
                 "sacrifices", "take", "tile", "distance", "haunt_d6", "d6", "spawn")


def check_turn_keys(turn: Turn) -> None:
    """Refuse solo card dice on a turn where they cannot belong (e.g. ``haunt_d6`` on a
    Defend, ``scare_ghosts`` on a wild hive's turn) and a raid on a hive's values on a raid
    that scares ghosts away.

    :raises InvalidInputError: naming the key, the action and where it is allowed.
    """
    for key, (players, wilds) in TURN_DICE.items():
        value = getattr(turn, key)
        if value is None or value is False:
            continue
        allowed = wilds if turn.wild else players
        if turn.action not in allowed:
            who = "a wild hive's" if turn.wild else "a player's"
            where = (" or ".join(allowed) + " turns") if allowed else "no turn"
            raise InvalidInputError(key, value, f"only on {who} {where} (this is a "
                                    f"{turn.action})" if allowed else
                                    f"nothing on {who} turn")
    if turn.scare_ghosts:
        for key in SCARE_REFUSES:
            value = getattr(turn, key)
            if value not in (None, (), 0):
                raise InvalidInputError(key, value, "nothing when scaring ghosts away (a Raid "
                                        "action with 1 worker bee on a haunted tile, at)")


def _need(value: Any, name: str, what: str) -> Any:
    if value is None:
        raise InvalidInputError(name, None, what)
    return value


def _stated_map(turn: Turn, tile: str, distance: int, rule: str) -> None:
    """With a map, a stated tile type or distance must agree with the map."""
    if turn.tile is not None and turn.tile != tile:
        raise IllegalActionError(rule, f"the tile at {list(turn.at or ())} is a {tile} tile, "
                                 f"got {turn.tile}", expected=tile, given=turn.tile)
    if turn.distance is not None and turn.distance != distance:
        raise IllegalActionError(rule, f"the tile at {list(turn.at or ())} is {distance} spaces "
                                 f"away, got {turn.distance}", expected=distance,
                                 given=turn.distance)


def _stated_bees(turn: Turn, expected: int, rule: str, why: str) -> None:
    if turn.bees is not None and turn.bees != expected:
        raise IllegalActionError(rule, f"{why}: {expected} bees, got {turn.bees}",
                                 expected=expected, given=turn.bees)


def _player_turn(state: GameState, turn: Turn, comps: Components, *, trial: bool = False
                 ) -> tuple[GameState, list[Event]]:
    """A player's turn.  ``trial``: only the action's own checks and effects (no solo card
    dice, no card roll or spawn after it) — how a failed action is checked to be one the player
    could take (ruling L145)."""
    board = comps.board
    card = comps.card(state.card)
    name = turn.actor
    p = state.player(name)
    hive = p.hive
    a = turn.action
    ev: Event = {"kind": "action", "hive": name, "action": a, "round": state.round}
    events: list[Event] = []
    siege_at: tuple[int, int] | None = None
    spawn_due: tuple[str, int] | None = None      # (cause, strength)
    spawn_at, spawn_near = turn.spawn_at, None
    first = p.turns == 0
    m = state.map
    start = state
    fail = None if trial else _zombee_action_roll(state, p, turn, comps)
    acted_on: tuple[int, int] | str | None = None     # the tile (or hive) the action is on
    if fail is not None:
        bees, die = fail
        # "each time you take an action": it must be an action the hive could take; a failed
        # raid rolls no raid dice (any roll does for the check)
        _no_roll_after_failure(turn)
        trial_turn = replace(turn, zombee_d6=None, infection_d6=None, haunt_d6=None)
        if a == "raid" and isinstance(turn.bees, int) and turn.bees > 0:
            trial_turn = replace(trial_turn, rolls=((board.die_faces[0],)
                                                    * board.dice_for(turn.bees),),
                                 sacrifice_defending=0, sacrifice_unassigned=0, sacrifices=0)
        _player_turn(state, trial_turn, comps, trial=True)
        require_unassigned(hive, bees, R_ZOMBEES, a)
        hive = replace(hive, unassigned=hive.unassigned - bees,
                       assigned=hive.assigned if die else hive.assigned.add("failed", bees))
        ev.update(bees=bees, failed=True, died=bees if die else 0, zombee_d6=turn.zombee_d6)
    elif a == "raid" and turn.scare_ghosts:
        state, hive = _scare_ghosts(state, turn, hive, comps)
        ev.update(bees=1, scare_ghosts=True)
        if turn.at is not None:
            ev["at"] = list(turn.at)
    elif a == "forage":
        if m is not None:
            at = _need(turn.at, "at", "the foraged tile [q, r] (the game has a map)")
            M = _map_module()
            M.check_forage(m, name, at)
            tile, distance = m.grid[tuple(at)].type, M.distance(m.hive(name).at, tuple(at))
            _stated_map(turn, tile, distance, act.R_FORAGE)
        else:
            tile = _need(turn.tile, "tile", "the foraged tile's type: " + ", ".join(TILE_TYPES))
            distance = _need(turn.distance, "distance", "the tile's distance from your hive, 0-3")
            if distance == 0 and p.home_foraged:
                raise IllegalActionError(act.R_FORAGE, f"{name}'s own tile (distance 0) already "
                                         "has worker bees on it this month: \"You may not forage "
                                         "a map tile that has worker bees already on it\"",
                                         expected="another tile (distance 1-3)", given=0)
        f = act.Forage(distance, tile, state.season, take=turn.take,
                       modifiers=(seasons.forage_modifiers(card, tile),))
        _stated_bees(turn, f.bees, act.R_FORAGE, f"forage at distance {distance}")
        haunted = None if trial else _haunted_forage(state, turn, comps)
    if fail is not None or (a == "raid" and turn.scare_ghosts):
        pass                                  # done above
    elif a == "forage" and haunted is False:   # Haunted Hives: the forage failed
        _no_roll_after_failure(turn)
        require_unassigned(hive, f.bees, act.R_FORAGE, "forage")
        hive = replace(hive, unassigned=hive.unassigned - f.bees,
                       assigned=hive.assigned.add("failed", f.bees))
        ev.update(bees=f.bees, tile=tile, distance=distance, failed=True, died=0,
                  haunt_d6=turn.haunt_d6)
    elif a == "forage":
        if turn.take is None:
            offer = act.forage_offer(board, f)
            if sum(offer) > hive.empty:
                raise IllegalActionError(act.R_FORAGE, f"the tile gives {sum(offer)} cubes and the "
                                         f"comb has {hive.empty} empty cells: state take",
                                         expected=hive.empty, given=sum(offer))
            f = replace(f, take=offer)
        before = hive.mite
        hive = act.play(hive, f, board)
        hive = infected_gain(p, hive, hive.mite - before, board)
        ev.update(bees=f.bees, tile=tile, distance=distance, take=list(f.take or ()),
                  disease=hive.mite - before)
        if haunted:
            ev["haunt_d6"] = turn.haunt_d6
        if m is not None:
            state = replace(state, map=_map_module().forage(m, name, tuple(turn.at), f.bees))
            ev["at"] = list(turn.at)
            spawn_at = spawn_at or tuple(turn.at)
            acted_on = tuple(turn.at)
        else:
            acted_on = "tile"
            if distance == 0:
                p = replace(state.player(name), home_foraged=True)
                state = state.with_player(p)
        spawn_due = None if trial else _card_roll(card, "forage", turn, state)
    elif a == "scout":
        _stated_bees(turn, 1, R_SCOUT, "scouting")
        require_unassigned(hive, 1, R_SCOUT, "scout")
        if turn.tile is not None and turn.tile not in TILE_TYPES:
            raise InvalidInputError("tile", turn.tile, "one of " + ", ".join(TILE_TYPES))
        if m is not None:
            at = _need(turn.at, "at", "the scouted empty space [q, r] (the game has a map)")
            tile = _need(turn.tile, "tile", "the type of the tile placed")
            state = replace(state, map=_map_module().scout(m, name, tuple(at), tile))
            ev["at"] = list(at)
            spawn_at = spawn_at or tuple(at)
        hive = replace(hive, unassigned=hive.unassigned - 1,
                       assigned=hive.assigned.add("scout", 1))
        ev.update(bees=1, tile=turn.tile)
        spawn_due = None if trial else _card_roll(card, "scout", turn, state)
        siege_at = None if m is None else tuple(turn.at)  # type: ignore[arg-type]
        acted_on = siege_at
    elif a == "raid":
        state, hive, ev = _player_raid(state, turn, comps, ev)
        acted_on = turn.target
    elif a in ("defend", "build_wax", "clean_bees"):
        bees = _need(turn.bees, "bees", "the number of bees assigned")
        action = {"defend": act.Defend(bees),
                  "build_wax": act.BuildWax(bees, seasons.build_wax_honey_per_bee(card)),
                  "clean_bees": act.CleanBees(bees)}[a]
        before = hive
        hive = act.play(hive, action, board)
        ev.update(bees=bees)
        if a == "build_wax":
            ev.update(honey=before.honey - hive.honey, comb=hive.comb)
    elif a == "cool_hive":
        need = act.cool_bees(hive.workers)
        _stated_bees(turn, need, act.R_COOL, f"cooling a hive of {hive.workers} workers")
        per = seasons.cooling_water_per_bee(card)
        hive = act.play(hive, act.CoolHive(per), board)
        ev.update(bees=need, water=need * per)
    elif a == "requeen":
        _stated_bees(turn, 1, act.R_REQUEEN, "requeening")
        queen = _need(turn.queen, "queen", "the new queen type")
        hive = act.play(hive, act.Requeen(queen), board)
        ev.update(bees=1, queen=queen)
    elif a == "pass":
        raise IllegalActionError(R_ACTION, f"{name} has {hive.unassigned} unassigned bees: on "
                                 "your turn you must take exactly one action (ruling L41)",
                                 expected="an action", given="pass")
    else:
        raise InvalidInputError("action", a, "one of " + ", ".join(PLAYER_ACTIONS))
    state = state.with_hive(name, hive)
    ev["level"] = hive.disease(board)
    events.append(ev)
    if trial:
        return state, events
    state, zev = _zombee_tile(start, state, name, acted_on, turn, comps)
    events += zev
    # a card's first-turn spawn (Perfect Weather, Indian Summer)
    if first and card is not None and any(s.trigger == "first_turn" for s in card.spawns):
        sp = seasons.spawn_check(card, "first_turn", year=state.year, board=board)
        if sp is not None:
            if spawn_due is not None:      # no card has both; keep one spawn per turn
                raise InvalidInputError("spawn", turn.spawn, "one spawn per turn")
            spawn_due = (f"card: {card.name}", _spawn_strength(state, sp.strength))
            spawn_at, spawn_near = turn.spawn_at, name
    if spawn_due is None:
        if turn.spawn is not None:
            raise IllegalActionError(R_CARD, f"no wild hive spawns on this turn "
                                     f"({card.name if card else 'no card'}), got spawn "
                                     f"{turn.spawn}", expected="no spawn", given=turn.spawn)
    else:
        cause, strength = spawn_due
        if turn.spawn is None:
            raise IllegalActionError(R_CARD, f"{cause}: a wild hive (strength {strength}) "
                                     "spawns on this turn: state spawn = its name (or "
                                     "\"none\" when no tile within 3 spaces can take it)",
                                     expected="spawn = NAME", given="no spawn")
        if turn.spawn != NONE:
            state, sev = spawn_wild(state, turn.spawn, strength, cause=cause, by=name,
                                    rule=R_CARD, at=spawn_at, near=spawn_near, comps=comps)
            events.append(sev)
        elif spawn_near is not None:
            _no_placement(state, spawn_near, R_CARD)
    state, sev = _under_siege(state, turn, siege_at, failed=bool(ev.get("failed")))
    events += sev
    return state, events


def _no_roll_after_failure(turn: Turn) -> None:
    """A failed action (L86, L145) is not carried out: no card's D6 after it, no Under Siege
    D6, no raid dice and no defender's sacrifices.

    :raises IllegalActionError: any of them stated.
    """
    for key, rule in (("d6", R_CARD), ("siege_d6", R_UNDER_SIEGE), ("rolls", raids.R_RAID),
                      ("removed", raids.R_RAID), ("sacrifice_defending", raids.R_RAID),
                      ("sacrifice_unassigned", raids.R_RAID), ("sacrifices", raids.R_RAID)):
        if getattr(turn, key) not in (None, (), 0):
            raise IllegalActionError(rule, f"the {turn.action} failed: it is not carried out, "
                                     f"so nothing follows it ({key})", expected=f"no {key}",
                                     given=getattr(turn, key))


def _under_siege(state: GameState, turn: Turn, at: tuple[int, int] | None, *,
                 failed: bool = False) -> tuple[GameState, list[Event]]:
    """Under Siege: "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the
    scouted tile" — inside the scouting turn, after a season card's own scouting spawn
    (ruling L106).  ``turn.siege_d6`` is the roll, ``turn.siege_spawn`` the new hive's name
    (``"none"`` when it cannot be placed); with a map the hive goes on the scouted tile ``at``
    (``turn.siege_at``, when stated, must be that tile).

    :raises IllegalActionError: a roll missing after scouting or stated without Under Siege /
        without scouting; a name missing on 4+ or stated on 1-3.
    """
    rolls = (state.options.under_siege and turn.action == "scout" and not turn.wild
             and not failed)                    # a failed scout scouted nothing
    if not rolls:
        if turn.siege_d6 is not None or turn.siege_spawn is not None:
            why = ("no Under Siege card in play" if not state.options.under_siege
                   else "the D6 is rolled only after scouting")
            raise IllegalActionError(R_UNDER_SIEGE, f"{why}: no siege_d6 / siege_spawn",
                                     expected="no siege_d6", given=turn.siege_d6)
        return state, []
    if turn.siege_d6 is None:
        raise IllegalActionError(R_UNDER_SIEGE, "Under Siege: roll the D6 after each scout: "
                                 "state siege_d6", expected="siege_d6 = 1-6", given="no roll")
    require_int("siege_d6", turn.siege_d6, 1, 6)
    if turn.siege_d6 < UNDER_SIEGE_D6_MIN:
        if turn.siege_spawn is not None:
            raise IllegalActionError(R_UNDER_SIEGE, f"Under Siege: a roll of {turn.siege_d6} "
                                     f"spawns nothing (a wild hive on {UNDER_SIEGE_D6_MIN}+)",
                                     expected="no siege_spawn", given=turn.siege_spawn)
        return state, []
    strength = _spawn_strength(state, UNDER_SIEGE_STRENGTH)
    if turn.siege_spawn is None:
        raise IllegalActionError(R_UNDER_SIEGE, f"Under Siege: a roll of {turn.siege_d6} spawns "
                                 f"a wild hive (strength {strength}) on the scouted tile: state "
                                 "siege_spawn = its name (\"none\" when it cannot be placed)",
                                 expected="siege_spawn = NAME", given="no spawn")
    if turn.siege_spawn == NONE:
        return state, []
    if at is not None and turn.siege_at is not None and tuple(turn.siege_at) != at:
        raise IllegalActionError(R_UNDER_SIEGE, "Under Siege: the wild hive spawns on the "
                                 f"scouted tile {list(at)}", expected=list(at),
                                 given=list(turn.siege_at))
    state, ev = spawn_wild(state, turn.siege_spawn, strength, cause="card: Under Siege",
                           by=turn.actor, rule=R_UNDER_SIEGE,
                           at=at if at is not None else turn.siege_at)
    return state, [ev]


# --- solo cards in the Action Phase: Zombees and Haunted Hives --------------------------------

def _action_bees(state: GameState, p: PlayerState, turn: Turn) -> int:
    """Worker bees a player action assigns (for an action that fails): Forage the distance
    (at least 1), Scout / Requeen 1, Cool Hive a third of the workers, else the stated bees."""
    a = turn.action
    if a == "forage":
        if state.map is not None:
            at = _need(turn.at, "at", "the foraged tile [q, r] (the game has a map)")
            return _map_module().bees_needed(state.map, p.name, tuple(at))
        return max(1, _need(turn.distance, "distance", "the tile's distance from your hive, 0-3"))
    if a in ("scout", "requeen"):
        return 1
    if a == "cool_hive":
        return act.cool_bees(p.hive.workers)
    return _need(turn.bees, "bees", "the number of bees assigned")


def _zombee_action_roll(state: GameState, p: PlayerState, turn: Turn, comps: Components
                        ) -> tuple[int, bool] | None:
    """Zombees: "If your hive is infected, each time you take an action, you must roll the D6:
    On 1, the action fails and the assigned bees die. On 2, the action fails, but the assigned
    bees live. On 3-6, the action succeeds" (``turn.zombee_d6``).  Returns ``(bees, die)`` for
    a failed action, None when it goes ahead.

    :raises IllegalActionError: the roll missing for an infected hive, or stated for a
        healthy one.
    """
    infected = state.zombees and p.infected
    if turn.action not in PLAYER_ACTIONS:
        return None
    if not infected:
        if turn.zombee_d6 is not None and not state.zombees:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "rolls for infected hives: no zombee_d6",
                                     expected="no zombee_d6", given=turn.zombee_d6)
        if turn.zombee_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, f"{p.name}'s hive is not infected: no D6 for "
                                     "its actions (zombee_d6)", expected="no zombee_d6",
                                     given=turn.zombee_d6)
        return None
    if turn.zombee_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{p.name}'s hive is infected: roll the D6 for each "
                                 "action (1: it fails and the bees die, 2: it fails, 3-6: it "
                                 "succeeds) — state zombee_d6", expected="zombee_d6 = 1-6",
                                 given="no roll")
    r = solocards.infected_action(_zombees_card(comps), turn.zombee_d6)
    if r.succeeds:
        return None
    return _action_bees(state, p, turn), r.bees_die


def _haunted_forage(state: GameState, turn: Turn, comps: Components) -> bool | None:
    """Haunted Hives: "When you forage on a haunted tile, you must roll the D6: on 1-4, the
    action fails; on 5-6, the action succeeds" (``turn.haunt_d6``).  With a map the tile's side
    says whether it is haunted; without one, a stated ``haunt_d6`` says so (ruling L140).
    Returns None (not haunted), True (the forage succeeds) or False (it fails).

    :raises IllegalActionError: a roll missing on a haunted tile, or stated without Haunted
        Hives or on a light tile.
    """
    haunted = (state.map is not None and turn.at is not None
               and state.map.grid[tuple(turn.at)].dark == "haunted")
    if turn.haunt_d6 is None:
        if haunted:
            raise IllegalActionError(R_HAUNTED, f"the tile at {list(turn.at)} is haunted: roll "
                                     "the D6 (1-4: the forage fails) — state haunt_d6",
                                     expected="haunt_d6 = 1-6", given="no roll")
        return None
    if not state.options.haunted_hives:
        raise IllegalActionError(R_HAUNTED, "no Haunted Hives card in play: no haunt_d6",
                                 expected="no haunt_d6", given=turn.haunt_d6)
    if not state.haunted_appeared:
        raise IllegalActionError(R_HAUNTED, "no haunted hive has appeared yet, so no tile is "
                                 "haunted: no haunt_d6", expected="no haunt_d6",
                                 given=turn.haunt_d6)
    if state.map is not None and not haunted:
        raise IllegalActionError(R_HAUNTED, f"the tile at {list(turn.at or ())} is not haunted: "
                                 "no haunt_d6", expected="no haunt_d6", given=turn.haunt_d6)
    return solocards.haunted_forage_succeeds(comps.solo_card(HAUNTED_HIVES), turn.haunt_d6)


def _scare_ghosts(state: GameState, turn: Turn, hive: Hive, comps: Components
                  ) -> tuple[GameState, Hive]:
    """Haunted Hives: "You may take the Raid action with 1 worker bee to scare the ghosts away
    from a haunted tile, as long as it is not occupied by a haunted hive. If you do, flip the
    tile to the light side."  With a map the tile ``turn.at`` must be haunted, within three
    spaces of the hive on its group, without a haunted hive (ruling L141); the bee goes to the
    Raid action space.

    :raises IllegalActionError: without Haunted Hives, not 1 bee, a light tile, a haunted hive
        on it, out of range.
    """
    if not state.options.haunted_hives:
        raise IllegalActionError(R_HAUNTED, "no Haunted Hives card in play: there are no ghosts "
                                 "to scare", expected="a raid on a hive", given="scare_ghosts")
    if turn.target is not None:
        raise InvalidInputError("target", turn.target, "no target when scaring ghosts away (the "
                                "raid is on a tile: at)")
    bees = 1 if turn.bees is None else turn.bees
    card = comps.solo_card(HAUNTED_HIVES)
    m = state.map
    if m is None:
        solocards.check_scare_ghosts(card, bees, tile_haunted=True, haunted_hive_on_tile=False)
    else:
        M = _map_module()
        at = tuple(_need(turn.at, "at", "the haunted tile [q, r] whose ghosts you scare away"))
        t = m.tile(at)
        if t is None:
            raise InvalidInputError("at", list(at), "a map tile")
        other = m.hive_at(at)
        solocards.check_scare_ghosts(card, bees, tile_haunted=t.dark == "haunted",
                                     haunted_hive_on_tile=other is not None
                                     and other.dark == "haunted")
        own = m.hive(turn.actor).at
        d = M.distance(own, at)
        if not M.reachable(m, own, at) or d > M.MAX_DISTANCE:
            raise IllegalActionError(R_HAUNTED, f"the haunted tile must be within "
                                     f"{M.MAX_DISTANCE} spaces of your hive (a Raid action), got "
                                     + (str(d) if M.reachable(m, own, at) else "another segment"),
                                     expected=M.MAX_DISTANCE, given=d)
        state = replace(state, map=M.flip(m, at, None))
    require_unassigned(hive, 1, R_HAUNTED, "scaring the ghosts away")
    return state, replace(hive, unassigned=hive.unassigned - 1,
                          assigned=hive.assigned.add("raid", 1))


def _acted_tile(state: GameState, acted_on: tuple[int, int] | str | None
                ) -> tuple[tuple[int, int] | None, bool | None]:
    """The map tile an action was on and whether it is infected: ``(tile, True/False)`` with a
    map, ``(None, True)`` for a raid on an infected wild hive without one, ``(None, None)``
    when only the record can say (no map), ``(None, False)`` for no tile."""
    if acted_on is None:
        return None, False
    m = state.map
    if isinstance(acted_on, tuple):        # a scouted tile is not on the map before: healthy
        t = None if m is None else m.tile(acted_on)
        return acted_on, t is not None and t.dark == "infected"
    if acted_on == "tile":
        return None, None
    if m is not None and any(h.name == acted_on for h in m.hives):
        at = m.hive(acted_on).at
        return at, m.grid[at].dark == "infected"
    w = next((x for x in state.wild if x.name == acted_on), None)
    return None, (True if w is not None and w.infected else None)


def _zombee_tile(before: GameState, state: GameState, actor: str,
                 acted_on: tuple[int, int] | str | None, turn: Turn, comps: Components
                 ) -> tuple[GameState, list[Event]]:
    """Zombees, after a hive's action on a map tile (forage, scout, raid: the raided hive's
    tile; ruling L142): "When any infected hive performs an action on a healthy map tile, the
    tile becomes infected" (with a map: the tile flips); "When any healthy hive (including
    yours) performs an action on an infected map tile, roll the D6: On 1-2, the hive becomes
    infected" (``turn.infection_d6``; without a map, stating it says the tile was infected).
    ``before`` is the state before the action (the tile's side then counts).

    :raises IllegalActionError: a roll missing on an infected tile, or stated when none is due.
    """
    if not state.zombees:
        if turn.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "infects: no infection_d6", expected="no infection_d6",
                                     given=turn.infection_d6)
        return state, []
    infected = (state.wild_hive(actor).infected if turn.wild
                else state.player(actor).infected)
    tile, tile_infected = _acted_tile(before, acted_on)
    if infected:
        if turn.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, f"{actor} is infected already: no infection_d6",
                                     expected="no infection_d6", given=turn.infection_d6)
        if tile is not None and not tile_infected and state.map is not None:
            t = state.map.tile(tile)
            if t is not None and t.dark is None:
                state = replace(state, map=_map_module().flip(state.map, tile, "infected"))
                return state, [{"kind": "tile_infected", "by": actor, "at": list(tile)}]
        return state, []
    if tile_infected is False or (tile_infected is None and turn.infection_d6 is None):
        if turn.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, "the action was not on an infected tile: no "
                                     "infection_d6", expected="no infection_d6",
                                     given=turn.infection_d6)
        return state, []
    if turn.infection_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{actor} acted on an infected tile: roll the D6 "
                                 "(1-2: the hive becomes infected) — state infection_d6",
                                 expected="infection_d6 = 1-6", given="no roll")
    if not solocards.catches_infection(_zombees_card(comps), turn.infection_d6):
        return state, [{"kind": "infection_roll", "hive": actor, "d6": turn.infection_d6,
                        "infected": False}]
    if turn.wild:
        state, ev = infect_wild(state, actor)
    else:
        state = state.with_player(replace(state.player(actor), infected=True))
        ev = {"kind": "infected", "hive": actor, "wild": False}
    return state, [{**ev, "d6": turn.infection_d6}]


ZOMBEE_DISEASE_FACTOR = 2     # Zombees: "double the amount of disease gained"


def infected_gain(p: PlayerState, hive: Hive, gained: int, board: Board) -> Hive:
    """Zombees: "If your hive is infected, any time you gain disease, double the amount of
    disease gained."  ``hive`` has just gained ``gained`` track spaces (after a standing mite's
    saving and a hygienic queen's limit, ruling L94); for an infected player ``p`` the mite
    moves that many spaces again (stopping on the last space), otherwise ``hive`` is returned
    unchanged.  Used for every disease gain of the month sequencer (Forage, Raid stealing).
    """
    if not p.infected or gained <= 0:
        return hive
    return gain_disease(hive, board, gained * (ZOMBEE_DISEASE_FACTOR - 1)).hive


GERUND = {"forage": "foraging", "scout": "scouting"}


def _card_roll(card: seasons.SeasonCard | None, trigger: str, turn: Turn, state: GameState
               ) -> tuple[str, int] | None:
    """After foraging / scouting: the card's D6 spawn (In Like a Lion, Out Like a Lamb, ...)."""
    if card is None or not any(s.trigger == trigger for s in card.spawns):
        if turn.d6 is not None:
            raise IllegalActionError(R_CARD, f"no D6 is rolled after {GERUND[trigger]} under "
                                     f"{card.name if card else 'no card'}", expected="no roll",
                                     given=turn.d6)
        return None
    if turn.d6 is None:
        raise IllegalActionError(R_CARD, f"{card.name}: roll the D6 after {GERUND[trigger]}: "
                                 "state d6",
                                 expected="d6 = 1-6", given="no roll")
    sp = seasons.spawn_check(card, trigger, turn.d6, year=state.year)
    if sp is None:
        return None
    return (f"card: {card.name}", _spawn_strength(state, sp.strength))


def _rolls(turn: Turn) -> tuple[tuple[int, ...], ...]:
    if not turn.rolls:
        raise InvalidInputError("rolls", None, "the raid dice rolled, e.g. rolls = [[1, 2]]")
    return turn.rolls


def _player_raid(state: GameState, turn: Turn, comps: Components, ev: Event
                 ) -> tuple[GameState, Hive, Event]:
    board = comps.board
    card = comps.card(state.card)
    name = turn.actor
    p = state.player(name)
    target = _need(turn.target, "target", "the raided hive: a player or a wild hive")
    bees = _need(turn.bees, "bees", "the raid party's size")
    if target == name:
        raise IllegalActionError(raids.R_RAID, "choose an opposing hive", expected="another hive",
                                 given=target)
    already = target in p.raided
    distance = 1 if turn.distance is None else turn.distance
    if state.map is not None:
        d = _map_module().check_raid_range(state.map, name, target)
        if turn.distance is not None and turn.distance != d:
            raise IllegalActionError(raids.R_RAID, f"{target} is {d} spaces away, got "
                                     f"{turn.distance}", expected=d, given=turn.distance)
        distance = d
    bonus = seasons.raid_bonuses(card, p.hive.queen, p.hive.workers)
    if state.is_player(target):
        d = state.player(target)
        dbonus = seasons.raid_bonuses(card, d.hive.queen, d.hive.workers)
        r = raids.raid_player_hive(p.hive, d.hive, raids.PlayerRaid(
            bees, _rolls(turn), turn.sacrifice_defending, turn.sacrifice_unassigned,
            turn.removed, distance, already, bonus.raiding, dbonus.defending), board)
        state = state.with_hive(target, r.defender)
        hive = infected_gain(p, r.attacker, r.disease, board)
        ev.update(bees=bees, target=target, target_kind="player", stolen=r.stolen,
                  success=r.success, strength=r.strength.strength, lost=r.attacker_lost,
                  disease=r.disease + hive.mite - r.attacker.mite, vp=r.attacker_vp,
                  defender_vp=r.defender_vp,
                  defender_sacrificed=turn.sacrifice_defending + turn.sacrifice_unassigned)
    else:
        w = state.wild_hive(target)
        _not_haunted(w, "be raided")
        if turn.sacrifice_defending or turn.sacrifice_unassigned:
            raise InvalidInputError("sacrifice_defending/sacrifice_unassigned", "given",
                                    "nothing for a wild hive target (use sacrifices)")
        r2 = raids.raid_wild_hive(p.hive, w.strength, raids.WildRaid(
            bees, _rolls(turn), turn.sacrifices, None if turn.take is None else turn.take[0],
            distance, already, bonus.raiding), board)
        state = state.with_wild(replace(w, strength=r2.wild_strength))
        hive = infected_gain(p, r2.attacker, r2.disease, board)
        ev.update(bees=bees, target=target, target_kind="wild", stolen=r2.taken,
                  success=r2.removed, strength=r2.strength, reduced=r2.reduced,
                  wild_strength=r2.wild_strength, removed=r2.removed,
                  disease=r2.disease + hive.mite - r2.attacker.mite,
                  vp=r2.vp, lost=bees - r2.attacker.assigned.raid + p.hive.assigned.raid)
    state = state.with_player(replace(state.player(name), raided=p.raided + (target,)))
    return state, hive, ev


def _wild_turn(state: GameState, turn: Turn, comps: Components
               ) -> tuple[GameState, list[Event]]:
    board = comps.board
    card = comps.card(state.card)
    w = state.wild_hive(turn.actor)
    if state.map is not None and turn.action == "forage" and turn.tile is None \
            and turn.at is not None and state.map.tile(tuple(turn.at)) is not None:
        turn = replace(turn, tile=state.map.grid[tuple(turn.at)].type)   # read from the map
    a = turn.action
    season = state.season
    chart = wildmod.PRIORITY[season]
    if turn.from_first_player is not None:
        if turn.from_first_player < state.wild_last:
            raise IllegalActionError(R_ACTION, f"the wild hive closest to the first player's hive "
                                     f"goes first (Example E): {w.name} is "
                                     f"{turn.from_first_player} spaces away, after one "
                                     f"{state.wild_last} spaces away",
                                     expected=f"at least {state.wild_last}",
                                     given=turn.from_first_player)
        state = replace(state, wild_last=turn.from_first_player)
    desperate = card is not None and card.wild_first_turn_raid and w.turns == 0
    ev: Event = {"kind": "wild", "wild": w.name, "action": a, "round": state.round - 1,
                 "before": w.strength}
    events: list[Event] = [ev]
    start = state
    erratic = _erratic_turn(state, w, turn, comps)
    if erratic:
        ev["zombee_d6"] = turn.zombee_d6
        desperate = True             # the chart's conditions do not apply (ruling L143)
        chart = ("raid",) + TILE_TYPES
    elif turn.zombee_d6 is not None and not state.zombees:
        raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) makes "
                                 "wild hives erratic: no zombee_d6", expected="no zombee_d6",
                                 given=turn.zombee_d6)
    elif turn.zombee_d6 is not None:
        raise IllegalActionError(R_ZOMBEES, f"{w.name} is not infected: it follows the priority "
                                 "chart (no zombee_d6)", expected="no zombee_d6",
                                 given=turn.zombee_d6)
    if w.strength >= board.wild_strength_max and a != "swarm" and turn.spawn != NONE \
            and not erratic and not (desperate and a == "raid"):
        raise IllegalActionError(R_WILD, f"{w.name} has strength {w.strength} (maximum): it "
                                 "swarms (line 1 of the chart), unless no tile within 3 spaces "
                                 "can take a wild hive (state spawn = \"none\")",
                                 expected="swarm", given=a)
    if state.map is not None:
        _wild_map_checks(state, w, turn, comps, chart=not erratic)
    w = replace(w, turns=w.turns + 1)
    acted_on: tuple[int, int] | str | None = None
    M = _map_module() if state.map is not None else None
    if a == "swarm":
        new, spawned = wildmod.swarm_wild(w.strength, board)
        name = _need(turn.spawn if turn.spawn != NONE else None, "spawn",
                     "the new wild hive's name")
        state = state.with_wild(replace(w, strength=new))
        state, sev = spawn_wild(state, name, spawned, cause="wild swarm", by=w.name, rule=R_WILD,
                                at=turn.spawn_at, near=w.name, comps=comps)
        events.append(sev)
        ev["after"] = new
    elif a == "forage":
        tile = _need(turn.tile, "tile", "the foraged tile's type: " + ", ".join(TILE_TYPES))
        if tile not in TILE_TYPES:
            raise InvalidInputError("tile", tile, "one of " + ", ".join(TILE_TYPES))
        if tile not in chart:
            raise IllegalActionError(R_WILD, f"the {season} chart has no {tile} line",
                                     expected=[c for c in chart if c in TILE_TYPES], given=tile)
        if tile == "wet" and not seasons.overheating(card) and not erratic:
            raise IllegalActionError(R_WILD, "a wild hive forages a wet tile only while "
                                     "overheating is in effect (line 2)", expected="another tile",
                                     given=tile)
        _token(w, board)
        if M is not None:
            at = tuple(_need(turn.at, "at", "the foraged tile [q, r] (the game has a map)"))
            closest = M.closest_tiles(state.map, w.name, tile)
            if at not in closest:
                raise IllegalActionError(R_WILD, f"{w.name} forages the closest {tile} tile not "
                                         f"foraged yet this round: "
                                         f"{' or '.join(str(list(c)) for c in closest) or 'none'}",
                                         expected=[list(c) for c in closest], given=list(at))
            state = replace(state, map=M.forage(state.map, w.name, at))
            ev["at"] = list(at)
            acted_on = at
            if w.haunted and state.map.grid[at].dark is None:
                # Haunted Hives: "When a haunted hive forages, the foraged tile becomes haunted"
                state = replace(state, map=M.flip(state.map, at, "haunted"))
                ev["haunted_tile"] = list(at)
        else:
            acted_on = "tile"
        gain = tile in wildmod.STRENGTH_TILES and not w.foraged
        strength = min(board.wild_strength_max, w.strength + (1 if gain else 0))
        w = replace(w, strength=strength, workers=w.workers + 1,
                    foraged=w.foraged or tile in wildmod.STRENGTH_TILES)
        state = state.with_wild(w)
        ev.update(tile=tile, distance=turn.distance, after=strength, gained=gain)
    elif a == "raid":
        _not_haunted(w, "raid (skip the chart's raid lines)")
        if "raid" not in chart and not desperate:
            raise IllegalActionError(R_WILD, f"the {season} chart has no raid line",
                                     expected="forage or scout", given="raid")
        target = _need(turn.target, "target", "the raided hive")
        if target == w.name:
            raise IllegalActionError(R_WILD, f"{w.name} cannot raid itself", given=target)
        if target in w.raided:
            raise IllegalActionError(R_WILD, f"{w.name} already raided {target} this round",
                                     expected="a hive not raided this round", given=target)
        _token(w, board)
        roll = _need(turn.d6, "d6", "the D6 rolled for the wild hive")
        if M is not None:
            state = replace(state, map=M.place_raid_token(state.map, w.name, target))
        w = replace(w, workers=w.workers + 1, raided=w.raided + (target,))
        acted_on = target
        if state.is_player(target):
            d = state.player(target)
            tstrength = wildmod.player_strength(d.hive)
            if tstrength > w.strength + 2 and not desperate:
                raise IllegalActionError(R_WILD, f"{target}'s strength {tstrength} (unassigned + "
                                         f"defending bees) is more than two above {w.name}'s "
                                         f"{w.strength}: no raid", expected=f"at most "
                                         f"{w.strength + 2}", given=tstrength)
            dbonus = seasons.raid_bonuses(card, d.hive.queen, d.hive.workers)
            r = wildmod.wild_raids_player(w.strength, d.hive, roll, board,
                                          sacrifice_defending=turn.sacrifice_defending,
                                          sacrifice_unassigned=turn.sacrifice_unassigned,
                                          defender_bonus=dbonus.defending)
            state = state.with_hive(target, r.defender)
            state = state.with_wild(replace(w, strength=r.wild_strength))
            ev.update(target=target, target_kind="player", stolen=r.stolen, after=r.wild_strength,
                      removed=r.removed, defender_vp=r.vp,
                      defender_sacrificed=turn.sacrifice_defending + turn.sacrifice_unassigned)
        else:
            t = state.wild_hive(target)
            _not_haunted(t, "be raided")
            if t.strength > w.strength + 2 and not desperate:
                raise IllegalActionError(R_WILD, f"{target}'s strength {t.strength} is more than "
                                         f"two above {w.name}'s {w.strength}: no raid",
                                         expected=f"at most {w.strength + 2}", given=t.strength)
            troll = _need(turn.target_roll, "target_roll", "the D6 rolled for the raided wild hive")
            b = wildmod.wild_vs_wild(w.strength, t.strength, roll, troll, board)
            state = state.with_wild(replace(w, strength=b.attacker_strength))
            state = state.with_wild(replace(t, strength=b.defender_strength))
            ev.update(target=target, target_kind="wild", winner=b.winner,
                      after=b.attacker_strength, target_after=b.defender_strength,
                      removed=b.attacker_strength == 0, target_removed=b.defender_strength == 0)
    elif a == "scout":
        if "scout" not in chart:
            raise IllegalActionError(R_WILD, f"only the spring chart scouts, this is {season}",
                                     expected="another line", given="scout")
        if M is not None:
            at = tuple(_need(turn.at, "at", "the scouted empty space [q, r]"))
            tile = _need(turn.tile, "tile", "the type of the tile drawn and placed")
            state = replace(state, map=M.scout(state.map, w.name, at, tile))
            ev["at"] = list(at)
        state = state.with_wild(w)
        ev.update(tile=turn.tile, after=w.strength)
    elif a == "nothing":
        state = state.with_wild(w)
        ev["after"] = w.strength
    else:
        raise InvalidInputError("wild action", a, "one of " + ", ".join(WILD_ACTIONS))
    if any(x.name == w.name for x in state.wild):
        state, zev = _zombee_tile(start, state, w.name, acted_on, turn, comps)
        events += zev
    elif turn.infection_d6 is not None:
        raise IllegalActionError(R_ZOMBEES, f"{w.name} left play in its raid: no infection_d6",
                                 expected="no infection_d6", given=turn.infection_d6)
    return state, events


#: Zombees: an infected wild hive's D6 → (action, tile type or which hive)
ERRATIC = {"raid the closest hive": ("raid", "closest"), "forage a bloom tile": ("forage", "bloom"),
           "forage a wilt tile": ("forage", "wilt"), "forage a harvest tile": ("forage", "harvest"),
           "raid the farthest hive": ("raid", "farthest"), "do nothing": ("nothing", None)}


def _erratic_turn(state: GameState, w: WildHiveState, turn: Turn, comps: Components) -> bool:
    """Zombees: "When an infected wild hive takes a turn, ignore the normal priority chart.
    Instead, roll the D6" (``turn.zombee_d6``): 1 raid the closest hive, 2/3/4 forage a bloom /
    wilt / harvest tile, 5 raid the farthest hive, 6 nothing; "If the infected wild hive cannot
    perform the action legally, it simply does nothing."  Checks the stated action against the
    roll: with a map, the forage must be on the closest tile of that type not foraged this
    round and the raid on the closest / farthest hive within three spaces not raided this round
    (ruling L143), and "nothing" only when the roll says so or no such tile / hive exists;
    without a map, the tile type and the action (positions are stated).  Returns True for an
    infected wild hive's turn (the chart is not checked), False otherwise.

    :raises IllegalActionError: (Bee Lives: Zombees) the roll missing, or another action.
    """
    if not (state.zombees and w.infected):
        return False
    if turn.zombee_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{w.name} is infected: roll the D6 for its erratic "
                                 "turn (1 raid the closest hive, 2 forage bloom, 3 wilt, 4 "
                                 "harvest, 5 raid the farthest hive, 6 nothing) — state zombee_d6",
                                 expected="zombee_d6 = 1-6", given="no roll")
    words = solocards.infected_wild_action(_zombees_card(comps), turn.zombee_d6)
    action, what = ERRATIC[words]
    options: tuple = ()
    m = state.map
    if m is not None and action != "nothing":
        M = _map_module()
        if w.workers >= comps.board.wild_neutral_workers:
            options = ()
        elif action == "forage":
            options = M.closest_tiles(m, w.name, what)
        else:
            pick = M.closest_hives if what == "closest" else M.farthest_hives
            options = pick(m, w.name, w.raided)
    can = m is None or action == "nothing" or bool(options)
    given = (turn.action, turn.tile if turn.action == "forage" else turn.target)
    ok = (turn.action == "nothing" and (action == "nothing" or not can or m is None)) or (
        turn.action == action and (action != "forage" or turn.tile == what))
    if ok and m is not None and turn.action == action != "nothing":
        stated = tuple(turn.at) if action == "forage" and turn.at is not None else turn.target
        ok = stated in options
    if not ok:
        if not can:
            want = f"nothing (it cannot {words[:-1] if words.endswith('.') else words})"
        elif m is not None and action == "forage":
            want = f"forage the {what} tile at " + " or ".join(str(list(c)) for c in options)
        elif m is not None:
            want = f"raid {' or '.join(options)}"
        else:
            want = words
        raise IllegalActionError(R_ZOMBEES, f"{w.name} is infected and rolled "
                                 f"{turn.zombee_d6}: {want}", expected=want,
                                 given=" ".join(str(x) for x in given if x))
    return True


def _not_haunted(w: WildHiveState, what: str) -> None:
    """Haunted Hives: "Haunted hives cannot raid or be raided. Skip all actions in the
    priority chart that involve raiding" (ruling L122: also under Desperate Parties).

    :raises IllegalActionError: ``w`` is haunted.
    """
    if w.haunted:
        raise IllegalActionError(R_HAUNTED, f"{w.name} is a haunted hive: haunted hives cannot "
                                 f"{what}", expected="no raid", given=w.name)


def _wild_map_checks(state: GameState, w: WildHiveState, turn: Turn, comps: Components,
                     chart: bool = True) -> None:
    """With a map: the wild hive closest to the first player's hive acts first (Example E;
    ties: the first player's choice), and its action is the season chart's (Wild Hives),
    computed from the map: the closest unforaged tile of each type, the closest hive not
    raided this round (ties: any of them), whether it can scout or swarm onto a tile.

    :raises IllegalActionError: another wild hive should act first, or another action.
    """
    M = _map_module()
    m = state.map
    board = comps.board
    card = comps.card(state.card)
    fp = state.players[state.first_player].name
    far = 10 ** 6
    dist = {n: (M.hive_distance(m, fp, n) if n in {h.name for h in m.hives} else None)
            for n in state.wild_pending}
    dist = {n: far if d is None else d for n, d in dist.items()}
    best = min(dist.values())
    first = sorted(n for n, d in dist.items() if d == best)
    if w.name not in first:
        raise IllegalActionError(R_ACTION, f"the wild hive closest to the first player's hive "
                                 f"({fp}) goes first (Example E): {', '.join(first)} "
                                 f"({best} spaces) before {w.name} ({dist[w.name]})",
                                 expected=first, given=w.name)
    if not chart:                 # an infected hive's erratic turn: checked by _erratic_turn
        return

    def strength_of(name: str) -> int:
        if state.is_player(name):
            return wildmod.player_strength(state.player(name).hive)
        return state.wild_hive(name).strength

    names = M.closest_hives(m, w.name, w.raided)
    targets = [wildmod.Target(m.hive(n).kind, M.hive_distance(m, w.name, n) or 0,
                              strength_of(n), n) for n in names] or [None]
    allowed: list[tuple[str, str | None]] = []
    # the same for every target: looked up on the map once
    tiles = M.wild_tile_options(m, w.name)
    can_scout = bool(M.scout_spaces(m, w.name))
    can_spawn = bool(M.spawn_places(m, w.name)) and len(state.wild) < WILD_HIVE_TOKENS
    for t in targets:
        situation = wildmod.WildSituation(
            season=state.season, strength=w.strength, overheating=seasons.overheating(card),
            tiles=tiles, target=t, foraged_this_month=w.foraged,
            tokens_left=max(0, board.wild_neutral_workers - w.workers),
            can_scout=can_scout, can_spawn=can_spawn)
        d = (seasons.wild_first_turn(card, situation, board) if w.turns == 0
             else wildmod.wild_turn(situation, board))
        key = d.tile if d.action == "forage" else (d.target.name if d.action == "raid" and
                                                   d.target else None)
        if (d.action, key) not in allowed:
            allowed.append((d.action, key))
    stated = (turn.action, turn.tile if turn.action == "forage" else
              turn.target if turn.action == "raid" else None)
    if stated not in allowed:
        words = [f"{a} {k}" if k else a for a, k in allowed]
        raise IllegalActionError(R_WILD, f"{w.name}'s {state.season} priority chart gives: "
                                 f"{' or '.join(words)}", expected=words,
                                 given=" ".join(x for x in stated if x))


def _token(w: WildHiveState, board: Board) -> None:
    if w.workers >= board.wild_neutral_workers:
        raise IllegalActionError(R_WILD, f"{w.name} has all {board.wild_neutral_workers} neutral "
                                 "worker tokens on the map (ruling L22)",
                                 expected=f"at most {board.wild_neutral_workers}",
                                 given=w.workers + 1)


# --- 7. Cleanup -------------------------------------------------------------------------------

def end_month(state: GameState, comps: Components, *, solo_spawn: str | None = None,
              solo_spawn_at: tuple[int, int] | None = None,
              joins: Sequence[tuple[str, tuple[int, int], int]] = ()
              ) -> tuple[GameState, list[Event]]:
    """7. Cleanup Phase and Joining the Map.

    The first player marker passes left; neutral worker tokens leave the map; every bee
    returns; standing mites lie down; a hygienic queen's half space steps back; an uncooled
    hive under overheating pauses its queen.  After the third month of year 1 the map is
    joined (with a map: ``joins``, each player's ``(player, offset, rotation)`` in clockwise
    order from the next month's first player, must leave one unified map).  Solo hard rule: a
    summer or fall month without a spawned wild hive ends with a new one (``solo_spawn``: its
    name, or ``"none"``; with a map ``solo_spawn_at``, its tile within 3 spaces).

    :raises IllegalActionError: players with bees left (the Action Phase is not over), a
        missing or unexpected solo spawn, joins out of order or not joining the map.
    """
    board = comps.board
    if state.stage != "actions" or next_actor(state) is not None:
        a = next_actor(state)
        raise IllegalActionError(R_ACTION, "the Action Phase is not over: "
                                 + (f"{a.name} still has bees" if a and not a.wild else
                                    "the wild hives still act this round"),
                                 expected="more turns", given="end of month")
    card = comps.card(state.card)
    events: list[Event] = []
    n = len(state.players)
    hot = seasons.overheating(card)

    players = []
    for p in state.players:
        h = phases.cleanup_hive(p.hive, board, overheating=hot)
        if hot and not p.hive.cooled:
            events.append({"kind": "overheated", "hive": p.name})
        players.append(replace(p, hive=h, raided=(), turns=0, home_foraged=False))
    state = replace(state, players=tuple(players), first_player=(state.first_player + 1) % n,
                    wild=tuple(replace(w, workers=0, raided=(), foraged=False, turns=0)
                               for w in state.wild), wild_pending=(), cursor=0, round=0,
                    wild_last=-1)
    if state.map is not None:
        state = replace(state, map=_map_module().cleanup(state.map))
    events.append({"kind": "cleanup", "first_player": state.players[state.first_player].name})
    want = state.options.solo_hard and state.season in ("summer", "fall") and not state.spawned
    if want:
        if solo_spawn is None:
            raise IllegalActionError(R_SOLO, "no wild hive was spawned this month: spawn one "
                                     f"(strength {SOLO_HARD_STRENGTH}) — state solo_spawn = its "
                                     "name (or \"none\")", expected="solo_spawn", given="none")
        if solo_spawn != NONE:
            state, ev = spawn_wild(state, solo_spawn,
                                   _spawn_strength(state, SOLO_HARD_STRENGTH),
                                   cause="solo hard rule", by=state.players[0].name, rule=R_SOLO,
                                   at=solo_spawn_at, near=state.players[0].name, comps=comps)
            events.append(ev)
        else:
            _no_placement(state, state.players[0].name, R_SOLO)
    elif solo_spawn is not None:
        raise IllegalActionError(R_SOLO, "no solo spawn is due this month", expected="none",
                                 given=solo_spawn)
    if state.spawn_rolls:
        unused = [name for name, _ in state.spawn_rolls]
        raise IllegalActionError(R_ZOMBEES, f"spawn_d6 has a roll for {', '.join(unused)}, but "
                                 "no such wild hive was spawned this month",
                                 expected="a roll for each wild hive spawned", given=unused)
    if state.year == 1 and state.month == JOIN_MONTH:
        first = state.players[state.first_player].name
        if state.map is not None:
            state = _join_map(state, first, joins)
        elif joins:
            raise IllegalActionError(R_JOIN, "joins need a map (the game has none)",
                                     expected="no joins", given=len(joins))
        events.append({"kind": "join_map", "first": first,
                       "joins": [[p, list(o), r] for p, o, r in joins]})
    elif joins:
        raise IllegalActionError(R_JOIN, "the map is joined only at the end of the third month "
                                 "of the first year", expected="no joins", given=len(joins))
    if state.month == 9:
        state = replace(state, stage="winter")
    else:
        state = replace(state, stage="month", month=state.month + 1)
    return state, events


def _join_map(state: GameState, first: str,
              joins: Sequence[tuple[str, tuple[int, int], int]]) -> GameState:
    """Joining the Map with the map: players join in clockwise order from ``first``; a
    player whose group is already joined to all others is skipped; at the end the map must be
    one group."""
    M = _map_module()
    m = state.map
    order = M.join_order([p.name for p in state.players], first)
    pending = [n for n in order]
    for player, offset, rotation in joins:
        while pending and pending[0] != player and M.map_joined(m):
            pending.pop(0)
        if not pending or pending[0] != player:
            raise IllegalActionError(R_JOIN, f"players join in clockwise order from {first}: "
                                     f"expected {pending[0] if pending else 'no more joins'}",
                                     expected=pending[0] if pending else None, given=player)
        pending.pop(0)
        m = M.join(m, M.Join(player, tuple(offset), rotation))
    if not M.map_joined(m):
        raise IllegalActionError(R_JOIN, "after joining there must be one unified group of map "
                                 f"tiles, there are {len(M.groups(m))}",
                                 expected=1, given=len(M.groups(m)))
    return replace(state, map=m)


# --- a whole month ------------------------------------------------------------------------------

CLAIM_FIELDS = ("honey", "pollen", "water", "empty", "brood", "workers", "comb", "disease", "vp",
                "starvation")


@dataclass(frozen=True)
class MonthResult:
    """A month played: the state after cleanup, the events and the per-hive summary."""

    state: GameState
    events: tuple[Event, ...]
    summary: MonthSummary


def play_month(state: GameState, plan: MonthPlan, comps: Components, *,
               claims: bool = True) -> MonthResult:
    """Play a whole month from ``plan``: phases, every turn in order, cleanup, then (unless
    ``claims=False``; see :func:`check_claims`) compare the plan's claimed values with the
    derived ones.

    :raises IllegalActionError: the first step against the rules (rule, month, player,
        expected vs given); claimed values that differ (all of them, in one message).
    """
    where = f"year {plan.year} {month_name(plan.month)}"
    try:
        state, events = start_month(state, plan, comps)
    except (IllegalActionError, InvalidInputError) as exc:
        raise _prefix(exc, where) from None
    for turn in plan.turns:
        state, evs = play_turn(state, replace(turn, where=f"{where}, {turn.where or 'turn'} "
                                              f"({turn.actor})"), comps)
        events += evs
    try:
        state, evs = end_month(state, comps, solo_spawn=plan.solo_spawn,
                               solo_spawn_at=plan.solo_spawn_at, joins=plan.joins)
    except (IllegalActionError, InvalidInputError) as exc:
        raise _prefix(exc, f"{where}, end of the Action Phase") from None
    events += evs
    summary = summarize(events, state, comps)
    if claims:
        check_claims(plan, summary, state, comps.board, where)
    return MonthResult(state, tuple(events), summary)


def derived_values(state: GameState, summary: MonthSummary, board: Board) -> dict[str, dict]:
    """hive name → the end-of-month values a record may claim (players: :data:`CLAIM_FIELDS`;
    wild hives: strength)."""
    out: dict[str, dict] = {}
    for p in state.players:
        h = p.hive
        out[p.name] = {"honey": h.honey, "pollen": h.pollen, "water": h.water, "empty": h.empty,
                       "brood": summary.hives[p.name].brood_hatched if p.name in summary.hives
                       else 0, "workers": h.workers, "comb": h.comb,
                       "disease": h.disease(board), "vp": h.vp, "starvation": h.starvation}
    for w in state.wild:
        out[w.name] = {"strength": w.strength}
    return out


def check_claims(plan: MonthPlan, summary: MonthSummary, state: GameState, board: Board,
                 where: str = "") -> None:
    """Compare the plan's claimed end-of-month values with the derived ones.

    :raises IllegalActionError: (Bee Lives: claimed end-of-month values) every claim that
        differs, ``hive field claimed X, derived Y``.
    :raises InvalidInputError: a claim for an unknown hive or field.
    """
    derived = derived_values(state, summary, board)
    wrong = []
    for hive, values in plan.claims:
        if hive not in derived:
            if hive in summary.wild_removed and dict(values) == {"strength": 0}:
                continue            # a wild hive removed this month: strength 0
            raise InvalidInputError(f"{where}: claims", hive,
                                    "a player or a wild hive in play: " + ", ".join(derived))
        for f, v in values:
            if f not in derived[hive]:
                raise InvalidInputError(f"{where}: claims.{hive}", f,
                                        "one of " + ", ".join(derived[hive]))
            if derived[hive][f] != v:
                wrong.append((hive, f, v, derived[hive][f]))
    if wrong:
        text = "; ".join(f"{h} {f} claimed {v}, derived {d}" for h, f, v, d in wrong)
        raise IllegalActionError(R_CLAIM, f"{where}: {text}",
                                 expected={f"{h}.{f}": d for h, f, _, d in wrong},
                                 given={f"{h}.{f}": v for h, f, v, _ in wrong})


# --- winter and the end ----------------------------------------------------------------------

def play_winter(state: GameState, comps: Components,
                starvation: Mapping[str, str] | None = None) -> tuple[GameState, list[Event]]:
    """Winter Upkeep after the ninth month: three months of feeding (1 honey per 3 workers,
    rounded down) and disease losses.  ``starvation``: player → ``"take"`` to take starvation
    tokens for starving bees among the last three (default ``"none"``).

    Multiple Years Variant, when more years follow: surviving bees and remaining honey score
    VP now (the honey stays in the comb, ruling L52); a player without a surviving bee cannot
    win (``out``); played cards are discarded (no card on the board); each player gets a skip
    feeding token; the next year starts in March.

    :raises IllegalActionError: winter is not due.
    :raises InvalidInputError: an unknown player or policy.
    """
    board = comps.board
    if state.stage != "winter":
        now = ("the game is over" if state.stage == "over" else
               f"{month_name(state.month)} of year {state.year} is "
               + ("being played" if state.stage == "actions" else "the next month to play"))
        raise IllegalActionError("Bee Lives: Winter Upkeep", "winter upkeep comes after "
                                 f"November, the ninth month ({now})", expected="winter",
                                 given=state.stage)
    starvation = dict(starvation or {})
    for name in starvation:
        state.player(name)
    last = state.year >= state.options.years
    events: list[Event] = []
    players = []
    for p in state.players:
        h = p.hive
        w = do_winter(h.workers, h.honey, h.disease(board), board,
                      starvation=starvation.get(p.name, "none"))  # type: ignore[arg-type]
        h = replace(h, unassigned=w.bees, assigned=Assigned(), honey=w.honey,
                    starvation=h.starvation + w.tokens)
        vp = 0
        out = p.out
        if not last:
            if state.options.score_each_winter:
                vp = w.bees + w.honey
            out = out or w.bees == 0
            h = replace(h, vp=h.vp + vp, skip_feeding=h.skip_feeding or
                        state.options.skip_feeding_later_years)
        events.append({"kind": "winter", "hive": p.name, "year": state.year, "bees": w.bees,
                       "honey": w.honey, "tokens": w.tokens, "vp": vp, "out": out,
                       "final": last,
                       "months": [asdict(m) for m in w.months]})
        players.append(replace(p, hive=h, out=out))
    state = replace(state, players=tuple(players))
    if last:
        state = replace(state, stage="over")
    else:
        state = replace(state, stage="month", year=state.year + 1, month=1, card=None)
    return state, events


def final_scoring(state: GameState, board: Board) -> Scoring:
    """End of the Game for a finished game: VP + honey + surviving bees − 2 per starvation
    token; tie-breakers pollen > bees > comb size.  A player who was ``out`` after an earlier
    winter cannot win (scored with their bees, listed as not eligible).

    :raises IllegalActionError: the game is not over.
    """
    if state.stage != "over":
        raise IllegalActionError("Bee Lives: End of the Game", "the game ends after the last "
                                 "winter", expected="over", given=state.stage)
    ends = [PlayerEnd(p.name, p.hive.vp, p.hive.honey, p.hive.workers, p.hive.starvation,
                      p.hive.pollen, p.hive.comb) for p in state.players]
    result = score(ends, board)
    out = {p.name for p in state.players if p.out}
    if not out:
        return result
    lines = tuple(replace(l, eligible=l.eligible and l.player.name not in out)
                  for l in result.lines)
    ok = [p for p in ends if p.name not in out and p.bees >= 1]
    winners = score(ok, board).winners if ok else ()
    tiebreak = score(ok, board).tiebreak if ok else ""
    return Scoring(lines, winners, tiebreak)


# --- summary for people and for solo goals ------------------------------------------------------

@dataclass(frozen=True)
class HiveFacts:
    """What one player hive did and suffered in a month.

    :ivar actions: ``(action, bees)`` in turn order.
    :ivar foraged: tile type → forages; ``scouts``: scout actions; ``tiles_placed``: tile
        types placed by scouting (when stated).
    :ivar raids_made / raids_suffered: one dict per raid (made: target, target_kind
        ``player`` / ``wild``, bees, stolen, success, removed; suffered: by, wild, stolen,
        success, sacrificed, removed).
    :ivar swarmed, stayed: the hive swarmed; it stayed (None when no swarm).
    :ivar swarm_wild: the wild hive its swarm spawned (None: no swarm, or none could be placed).
    :ivar swarm_queen: the queen chosen when staying after a swarm (None otherwise).
    :ivar queen_at_start: the queen when the month began; ``queens``: every queen held this
        month in order (start, the one chosen when staying after a swarm, each requeen);
        ``requeens``: the new queen of each Requeen action.
    :ivar brood_hatched: brood hatched in the Brood Phase (pollen paid; before disease losses,
        a prolific queen's extra bees not included); ``brood_lost``: of those, lost to disease.
    :ivar disease_reached: the worst (lowest) disease level reached this month.
    :ivar comb: comb size (cells) at the end of the month.
    :ivar vp_gained: VP scored this month.
    :ivar spawned: wild hives this player spawned (swarm, season card).
    :ivar failed: ``(action, bees)`` of actions that failed (Zombees' action roll, a haunted
        tile's forage roll): not in ``actions``, ``foraged`` or ``scouts``.
    :ivar scares: Raid actions that scared ghosts away (Haunted Hives): not raids on a hive.
    """

    name: str
    actions: tuple[tuple[str, int], ...] = ()
    foraged: tuple[tuple[str, int], ...] = ()
    scouts: int = 0
    tiles_placed: tuple[str, ...] = ()
    raids_made: tuple[dict, ...] = ()
    raids_suffered: tuple[dict, ...] = ()
    swarmed: bool = False
    stayed: bool | None = None
    swarm_wild: str | None = None
    swarm_queen: str | None = None
    queen_at_start: str = ""
    queens: tuple[str, ...] = ()
    requeens: tuple[str, ...] = ()
    brood_hatched: int = 0
    brood_lost: int = 0
    disease_reached: int = 0
    comb: int = 10
    vp_gained: int = 0
    spawned: tuple[str, ...] = ()
    failed: tuple[tuple[str, int], ...] = ()
    scares: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict."""
        d = asdict(self)
        d["actions"] = [list(a) for a in self.actions]
        d["failed"] = [list(a) for a in self.failed]
        d["foraged"] = dict(self.foraged)
        for key in ("tiles_placed", "queens", "requeens", "spawned"):
            d[key] = list(d[key])
        d["raids_made"] = [dict(r) for r in self.raids_made]
        d["raids_suffered"] = [dict(r) for r in self.raids_suffered]
        return d


@dataclass(frozen=True)
class WildFacts:
    """One wild hive on the map at any time this month.

    :ivar strength: at the end of the month (0 = removed this month).
    :ivar peak: the highest strength it had this month (when spawned included).
    :ivar spawned: it came into play this month; ``cause``: ``swarm``, ``wild swarm``,
        ``card: NAME`` or ``solo hard rule``; ``by``: the player or wild hive that spawned it.
    """

    name: str
    strength: int
    peak: int
    spawned: bool = False
    cause: str = ""
    by: str = ""
    dormant: bool = False
    spawn_strength: int | None = None


@dataclass(frozen=True)
class MonthSummary:
    """A month's facts: per player hive (:class:`HiveFacts`) and per wild hive
    (:class:`WildFacts`), with the events they come from."""

    year: int
    month: str
    season: str
    card: str | None
    hives: Mapping[str, HiveFacts]
    wild: tuple[WildFacts, ...] = ()
    events: tuple[Event, ...] = field(default=(), repr=False)

    @property
    def month_number(self) -> int:
        """1 (March) to 9 (November)."""
        return MONTHS.index(self.month) + 1

    @property
    def wild_spawned(self) -> tuple[dict, ...]:
        """The wild hives spawned this month, in order: ``{"wild", "strength" (at spawn),
        "cause", "by", "dormant"}``."""
        return tuple({"wild": w.name, "strength": w.spawn_strength, "cause": w.cause,
                      "by": w.by, "dormant": w.dormant} for w in self.wild if w.spawned)

    @property
    def wild_removed(self) -> tuple[str, ...]:
        """Wild hives removed from play this month."""
        return tuple(w.name for w in self.wild if w.strength == 0)

    @property
    def wild_strength(self) -> tuple[tuple[str, int], ...]:
        """(name, strength) of the wild hives in play at the end of the month."""
        return tuple((w.name, w.strength) for w in self.wild if w.strength > 0)

    @property
    def wild_max_strength(self) -> tuple[tuple[str, int], ...]:
        """(name, the highest strength reached this month), sorted by name."""
        return tuple(sorted((w.name, w.peak) for w in self.wild))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict (without the events)."""
        return {"year": self.year, "month": self.month, "season": self.season,
                "card": self.card, "hives": {k: v.to_dict() for k, v in self.hives.items()},
                "wild": [asdict(w) for w in self.wild],
                "wild_spawned": [dict(d) for d in self.wild_spawned],
                "wild_removed": list(self.wild_removed),
                "wild_strength": dict(self.wild_strength),
                "wild_max_strength": dict(self.wild_max_strength)}


def summarize(events: Sequence[Event], state: GameState, comps: Components) -> MonthSummary:
    """Per-hive facts of one month from its events (as :func:`start_month`, :func:`play_turn`
    and :func:`end_month` return them, in order) and the state after cleanup."""
    board = comps.board
    acc: dict[str, dict[str, Any]] = {}
    for p in state.players:
        acc[p.name] = {"actions": [], "foraged": {}, "scouts": 0, "tiles": [], "made": [],
                       "suffered": [], "swarmed": False, "stayed": None, "swarm_wild": None,
                       "swarm_queen": None,
                       "start": "", "queens": [], "requeens": [], "hatched": 0, "lost": 0,
                       "level": 0, "vp": 0, "spawned": [], "failed": [], "scares": 0}
    month = year = season = card = None
    peak: dict[str, int] = {}
    spawns: dict[str, Event] = {}
    order: list[str] = []

    def seen(name: str, strength: int | None) -> None:
        if name not in peak:
            order.append(name)
            peak[name] = 0
        if strength is not None:
            peak[name] = max(peak[name], strength)

    def level(name: str, value: int | None) -> None:
        if value is not None and name in acc:
            acc[name]["level"] = min(acc[name]["level"], value)

    def queen(name: str, q: str) -> None:
        if name in acc:
            if not acc[name]["start"]:
                acc[name]["start"] = q
            if not acc[name]["queens"] or acc[name]["queens"][-1] != q:
                acc[name]["queens"].append(q)

    for ev in events:
        k = ev.get("kind")
        if k == "month":
            month, year, season = ev["month"], ev["year"], ev["season"]
            for name, q in ev.get("queens", {}).items():
                queen(name, q)
            for name, strength in ev.get("wild", {}).items():
                seen(name, strength)
        elif k == "event":
            card = ev["card"]
        elif k == "brood":
            acc[ev["hive"]]["hatched"] += ev["hatched"]
            acc[ev["hive"]]["lost"] += ev["lost"]
            level(ev["hive"], ev["level"])
        elif k == "swarm":
            a = acc[ev["hive"]]
            a["swarmed"], a["stayed"] = True, ev["choice"] == "stay"
            a["swarm_wild"] = ev.get("wild")
            a["swarm_queen"] = ev["queen"] if ev["choice"] == "stay" else None
            a["vp"] += ev["vp"]
            level(ev["hive"], ev.get("level"))
            queen(ev["hive"], ev["queen"])
        elif k == "spawn":
            spawns[ev["wild"]] = ev
            seen(ev["wild"], ev["strength"])
            if ev["by"] in acc and ev["cause"] != "solo hard rule":
                acc[ev["by"]]["spawned"].append(ev["wild"])
        elif k == "action":
            a = acc[ev["hive"]]
            level(ev["hive"], ev.get("level"))
            if ev.get("failed"):
                a["failed"].append((ev["action"], ev.get("bees", 0)))
                continue
            if ev.get("scare_ghosts"):
                a["scares"] += 1
                continue
            a["actions"].append((ev["action"], ev.get("bees", 0)))
            if ev["action"] == "forage":
                a["foraged"][ev["tile"]] = a["foraged"].get(ev["tile"], 0) + 1
            elif ev["action"] == "scout":
                a["scouts"] += 1
                if ev.get("tile"):
                    a["tiles"].append(ev["tile"])
            elif ev["action"] == "requeen":
                a["requeens"].append(ev["queen"])
                queen(ev["hive"], ev["queen"])
            elif ev["action"] == "raid":
                a["vp"] += ev.get("vp", 0)
                a["made"].append({x: ev.get(x) for x in ("target", "target_kind", "bees",
                                                         "stolen", "success", "removed")})
                if ev["target_kind"] == "player":
                    acc[ev["target"]]["vp"] += ev.get("defender_vp", 0)
                    acc[ev["target"]]["suffered"].append(
                        {"by": ev["hive"], "wild": False, "stolen": ev["stolen"],
                         "success": ev["success"], "sacrificed": ev["defender_sacrificed"],
                         "removed": False})
                else:
                    seen(ev["target"], ev["wild_strength"] + ev["reduced"])
        elif k == "wild":
            seen(ev["wild"], ev.get("before"))
            seen(ev["wild"], ev.get("after"))
            if ev["action"] == "raid" and ev["target_kind"] == "player":
                acc[ev["target"]]["vp"] += ev.get("defender_vp", 0)
                acc[ev["target"]]["suffered"].append(
                    {"by": ev["wild"], "wild": True, "stolen": ev["stolen"],
                     "success": ev["stolen"] > 0, "sacrificed": ev["defender_sacrificed"],
                     "removed": ev["removed"]})
            elif ev["action"] == "raid":
                seen(ev["target"], ev.get("target_after"))
    for w in state.wild:
        seen(w.name, w.strength)
    end = {w.name: w for w in state.wild}
    wild = tuple(WildFacts(n, end[n].strength if n in end else 0, peak[n], n in spawns,
                           spawns[n]["cause"] if n in spawns else "",
                           spawns[n]["by"] if n in spawns else "",
                           spawns[n]["dormant"] if n in spawns else
                           (end[n].dormant if n in end else False),
                           spawns[n]["strength"] if n in spawns else None) for n in order)
    hives = {}
    for p in state.players:
        a = acc[p.name]
        hives[p.name] = HiveFacts(
            p.name, tuple(a["actions"]), tuple(sorted(a["foraged"].items())), a["scouts"],
            tuple(a["tiles"]), tuple(a["made"]), tuple(a["suffered"]), a["swarmed"],
            a["stayed"], a["swarm_wild"], a["swarm_queen"], a["start"] or p.hive.queen,
            tuple(a["queens"]) or (p.hive.queen,), tuple(a["requeens"]), a["hatched"],
            a["lost"], min(a["level"], p.hive.disease(board)), p.hive.comb, a["vp"],
            tuple(a["spawned"]), tuple(a["failed"]), a["scares"])
    return MonthSummary(year or state.year, month or "", season or "", card, hives, wild,
                        tuple(events))


__all__ = ["Actor", "Components", "GameState", "HiveFacts", "WildFacts", "MONTHS", "MonthPlan",
           "MonthResult", "MonthSummary", "Options", "PhaseChoices", "PlayerState",
           "SwarmChoice", "Turn", "WildHiveState", "default_components", "derived_values",
           "end_month", "final_scoring", "month_name", "new_game", "next_actor", "play_month",
           "play_turn", "play_winter", "season_of", "spawn_wild", "start_month", "summarize",
           "swarms_due", "phases_preview",
           "validate_state"]
