"""A Bee Lives campaign's settings and derived state (rules/bee-lives.txt, "Solo Play",
"Multiple Years Variant"): the kind, the players, the game length and the solo cards, read
from a record's header; the month and year-end entries it keeps.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives import state as g
from hyvekit.rules.beelives.hexgrid import length as map_length
from hyvekit.rules.beelives.hive import PLAYER_HIVES
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.values import dataclass, replace

# the record parser's checks: one wording for malformed campaign settings and month files
from hyvekit.rules.validate import record_table as _keys
from hyvekit.rules.validate import text as _text
from hyvekit.rules.validate import player_name
from hyvekit.rules.validate import not_one_of

if TYPE_CHECKING:                  # the solo cards' modules load when a solo game needs them
    from hyvekit.rules.beelives.solo_cards import Card, SoloCards
    from hyvekit.rules.beelives.solo_goals import MonthFacts

R_CAMPAIGN = "Bee Lives: Campaign"


R_YEARS = "Bee Lives: Multiple Years Variant"


R_CHALLENGE = "Bee Lives: Solo Play (Challenge Mode)"


R_UNDER_SIEGE = g.R_UNDER_SIEGE


R_THREE_GEN = "Bee Lives: Three Generations"


R_ZOMBEES = "Bee Lives: Zombees"


R_WILDFIRE = "Bee Lives: Wildfire"


R_WINTER = "Bee Lives: Winter Upkeep"


KINDS = ("standard", "multi-year", "solo-basic", "solo-challenge", "solo-scenario",
         "solo-campaign")


SOLO_KINDS = KINDS[2:]


RANDOM = "random"


EVENTS = ("draw-card", "month", "year-end", "step", "hint")


SETTINGS_KEYS = ("kind", "players", "first_player", "years", "solo_hard", "challenge",
                 "scenario", "campaign", "board", "map")


PLAYER_KEYS = ("name", "queen", "colour")


MONTH_EVENT_KEYS = ("month", "stated", "override", "reason")


STATED_KEYS = ("map_tiles", "map_length", "hive_burned", "hive_infected", "scout_d6",
               "scout_spawn", "season_d6", "spawn", "fire_d4", "infect", "infected_spawn",
               "fire_spawn_d4")       # fire_spawn_d4: Wildfire on the map (ruling L131)


YEAR_END_KEYS = ("starvation", "queens")


SETUP_WILD = "WILD"            # scenario starting-map wild hives are named WILD1, WILD2, ...


MAX_REASON = 500


@dataclass(frozen=True)
class PlayerSetting:
    """A player at set-up: name, starting queen type, colour (optional, for printing)."""

    name: str
    queen: str
    colour: str = ""


@dataclass(frozen=True)
class CampaignSettings:
    """What a campaign is, fixed when it is created.

    :ivar kind: one of :data:`KINDS`.
    :ivar players: in turn (clockwise) order; 1–4 (standard / multi-year), exactly 1 (solo).
    :ivar first_player: name of the player with the first player marker.
    :ivar years: game length, 1–3 (Multiple Years Variant: 2 long, 3 epic); a campaign card
        fixes it (Three Generations 3, Wildfire 2, Zombees 2 or 3).
    :ivar solo_hard: basic mode's optional harder rule.
    :ivar challenge: challenge card name, ``"random"`` (drawn by a ``draw-card`` event) or None.
    :ivar scenario / campaign: scenario card / campaign card name, or None.
    :ivar board: path of the player's own board file (None: the packaged board).
    :ivar map: play on the map (:mod:`hyvekit.rules.beelives.map`): the starting map (one
        bloom tile per player, or the scenario card's), every position checked by the month
        sequencer, the solo map goals measured on it.  False: positions are stated.
    """

    kind: str
    players: tuple[PlayerSetting, ...]
    first_player: str
    years: int = 1
    solo_hard: bool = False
    challenge: str | None = None
    scenario: str | None = None
    campaign: str | None = None
    board: str | None = None
    map: bool = False

    @property
    def solo(self) -> bool:
        return self.kind in SOLO_KINDS

    def to_dict(self) -> dict[str, Any]:
        """The header's ``settings`` (plain JSON)."""
        return {"kind": self.kind,
                "players": [{"name": p.name, "queen": p.queen, "colour": p.colour}
                            for p in self.players],
                "first_player": self.first_player, "years": self.years,
                "solo_hard": self.solo_hard, "challenge": self.challenge,
                "scenario": self.scenario, "campaign": self.campaign, "board": self.board,
                "map": self.map}


SOLO_MODES = ("basic", "challenge", "scenario", "campaign")   # Solo Play's four modes


def parse_player_option(text: str) -> dict[str, str]:
    """``"Susan:prolific:yellow"`` → ``{"name": "Susan", "queen": "prolific", "colour":
    "yellow"}`` (the colour is optional; the queen is checked by :func:`settings_from_dict`).

    :raises InvalidInputError: not NAME:QUEEN or NAME:QUEEN:COLOUR.
    """
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (2, 3) or not parts[0] or not parts[1]:
        raise InvalidInputError("--player", text, "NAME:QUEEN or NAME:QUEEN:COLOUR, e.g. "
                                "Susan:prolific:yellow")
    from hyvekit.rules.validate import MAX_PLAYER_NAME, input_text
    return {"name": input_text("--player", parts[0], MAX_PLAYER_NAME), "queen": parts[1].lower(),
            "colour": parts[2] if len(parts) == 3 else ""}


def settings_from_options(players: Sequence[str], *, first_player: str | None = None,
                          years: int | None = None, solo: str | None = None,
                          hard: bool = False, challenge: str | None = None,
                          scenario: str | None = None, campaign: str | None = None,
                          board: Any = None, on_map: bool = False) -> dict[str, Any]:
    """A new campaign's header settings from a player's choices, before
    :func:`settings_from_dict` checks them: the kind is ``solo-MODE`` for a solo mode (Solo
    Play: basic, challenge, scenario or campaign mode), ``multi-year`` for 2 or 3 years
    (Multiple Years Variant), else ``standard``; the solo cards and the harder rule belong to
    solo play only.

    :param players: ``NAME:QUEEN[:COLOUR]`` texts in turn order (:func:`parse_player_option`).
    :param board: what the settings keep of the player's own board values (None: packaged).
    :raises InvalidInputError: no player, an unknown solo mode, solo options without a solo
        mode, a malformed player.
    """
    if not players:
        raise InvalidInputError("--player", "none", "at least one --player NAME:QUEEN")
    if solo is not None and solo.strip().lower() not in SOLO_MODES:
        raise not_one_of("--solo", solo, SOLO_MODES)
    if solo is None and (challenge or scenario or campaign or hard):
        raise InvalidInputError("--solo", "none", "a solo mode for --challenge, --scenario, "
                                "--campaign-card or --hard (e.g. --solo challenge)")
    kind = (f"solo-{solo.strip().lower()}" if solo else
            "multi-year" if years and years > 1 else "standard")
    rows = [parse_player_option(p) for p in players]
    for i, row in enumerate(rows, start=1):      # a new name fits every printable's cell
        player_name(f"--player {i} name", row.get("name"))
    settings = {"kind": kind, "players": rows,
                "first_player": first_player, "years": years, "solo_hard": hard,
                "challenge": challenge, "scenario": scenario, "campaign": campaign,
                "board": board, "map": on_map}
    return {k: v for k, v in settings.items() if v is not None or k == "board"}


def check_draw(state: CampaignState, given: Any = "draw") -> None:
    """A challenge card is drawn only in a campaign created with a random one, and only once
    (Solo Play, Challenge Mode: "choose one at random" during setup).

    :param given: what was asked for (the card drawn, for the error).
    :raises IllegalActionError: no card is to be drawn (the card in play named).
    """
    if state.challenge != RANDOM:
        raise IllegalActionError(R_CHALLENGE, "no challenge card is to be drawn in this "
                                 "campaign" + (f" ({state.challenge} is in play)"
                                               if state.challenge else ""),
                                 expected="no draw", given=given)


def flag(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(where, value, "true or false")
    return value


@dataclass(frozen=True)
class Components:
    """Everything a campaign is played with: the month sequencer's components (board values
    and season cards) and the solo cards."""

    game: g.Components
    solo: SoloCards

    @property
    def board(self):
        return self.game.board


def settings_from_dict(raw: Mapping[str, Any], comps: Components) -> CampaignSettings:
    """Check a header's settings and return them (card names resolved to the cards' own).

    Kind rules: ``standard`` 1 year, 1–4 players; ``multi-year`` 2 or 3 years; solo kinds one
    player; ``solo-challenge`` needs a challenge card (or ``"random"``); ``solo-scenario`` a
    scenario card (a challenge card optional); ``solo-campaign`` a campaign card (its length
    is the card's: Three Generations 3, Wildfire 2, Zombees 2 or 3; a challenge optional);
    ``solo_hard`` only in basic mode.

    :raises InvalidInputError: naming the setting, the value and what is allowed.
    """
    raw = _keys("settings", raw, SETTINGS_KEYS)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise not_one_of("kind", kind, KINDS)
    players = _players(raw.get("players"), kind, comps.board)
    names = [p.name for p in players]
    first = raw.get("first_player") or names[0]
    if first not in names:
        raise not_one_of("first_player", first, names)
    solo_hard = flag("solo_hard", raw.get("solo_hard", False))
    if solo_hard and kind != "solo-basic":
        raise InvalidInputError("solo_hard", True, "only in solo basic mode (Solo Play: Basic "
                                "Mode, 'For increased difficulty')")
    challenge = _challenge(raw, kind, comps)
    scenario = _scenario(raw, kind, comps)
    campaign, years = _campaign_and_years(raw, kind, comps)
    board_file = raw.get("board")
    if board_file is not None:
        board_file = _text("board", board_file)
    on_map = flag("map", raw.get("map", False))
    return CampaignSettings(kind, tuple(players), first, years, solo_hard, challenge, scenario,
                            campaign, board_file, on_map)


def _players(rows: Any, kind: str, board) -> list[PlayerSetting]:
    """The ``players`` setting: a list of tables ``name``, ``queen`` (one of the board's queen
    types, any case), ``colour`` (optional), each name different (any case); one player in
    the solo kinds (rules/bee-lives.txt, "Solo Play"), 1 to 4 otherwise (the player hives).

    :raises InvalidInputError: not a non-empty list, a malformed row, an unknown queen, a
        name twice, the wrong number of players (checked in that order).
    """
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError("players", rows, "a list of players (name, queen)")
    players = []
    for i, row in enumerate(rows):
        w = f"players[{i + 1}]"
        row = _keys(w, row, PLAYER_KEYS)
        name = _text(f"{w}.name", row.get("name"))     # the limit is checked at creation
        queen = _text(f"{w}.queen", row.get("queen")).lower()
        if queen not in board.queen_types:
            raise not_one_of(f"{w}.queen", row.get("queen"), board.queen_types)
        colour = row.get("colour") or ""
        if not isinstance(colour, str):
            raise InvalidInputError(f"{w}.colour", colour, "a colour name")
        players.append(PlayerSetting(name, queen, colour.strip()))
    names = [p.name for p in players]
    if len(set(n.lower() for n in names)) != len(names):
        raise InvalidInputError("players", names, "a different name for every player")
    if kind in SOLO_KINDS and len(players) != 1:
        raise InvalidInputError("players", len(players), f"exactly one player ({kind})")
    if not 1 <= len(players) <= PLAYER_HIVES:
        raise InvalidInputError("players", len(players),
                                f"1 to {PLAYER_HIVES} players ({PLAYER_HIVES} player hives)")
    return players


def _challenge(raw: Mapping[str, Any], kind: str, comps: Components) -> str | None:
    """The ``challenge`` setting (rules/bee-lives.txt, "Solo Play", "Challenge Mode"): the
    challenge card's own name, ``RANDOM`` (to be drawn) or None; required in
    ``solo-challenge``, allowed in ``solo-scenario`` and ``solo-campaign``, refused elsewhere.

    :raises InvalidInputError: a challenge in another kind, missing in ``solo-challenge``,
        not a challenge card.
    """
    if raw.get("challenge") is not None:
        if kind not in ("solo-challenge", "solo-scenario", "solo-campaign"):
            raise InvalidInputError("challenge", raw["challenge"], "no challenge card in a "
                                    f"{kind} game (challenge, scenario or campaign mode)")
        text = _text("challenge", raw["challenge"])
        return RANDOM if text.lower() == RANDOM else solo_card(comps, text, "challenge").name
    if kind == "solo-challenge":
        raise InvalidInputError("challenge", None, "a challenge card name or 'random'")
    return None


def _scenario(raw: Mapping[str, Any], kind: str, comps: Components) -> str | None:
    """The ``scenario`` setting (rules/bee-lives.txt, "Solo Play", "Scenario Mode"): the
    scenario card's own name, required in ``solo-scenario`` and only there; None otherwise.

    :raises InvalidInputError: a scenario in another kind, missing in ``solo-scenario``, not a
        scenario card.
    """
    if raw.get("scenario") is not None:
        if kind != "solo-scenario":
            raise InvalidInputError("scenario", raw["scenario"], "a scenario card only in "
                                    "solo-scenario mode")
        return solo_card(comps, _text("scenario", raw["scenario"]), "scenario").name
    if kind == "solo-scenario":
        raise InvalidInputError("scenario", None, "a scenario card name")
    return None


def _campaign_and_years(raw: Mapping[str, Any], kind: str, comps: Components
                        ) -> tuple[str | None, int]:
    """The ``campaign`` setting (rules/bee-lives.txt, "Solo Play", "Campaign Mode": the
    campaign card's own name, required in ``solo-campaign`` and only there) and ``years``,
    the game length (1 to 3; 1 when not given): a campaign card's own length
    (:func:`~hyvekit.rules.beelives.solo_goals.game_length`), 1 for ``standard``, 2 or 3 for
    ``multi-year`` ("Multiple Years Variant").

    :raises InvalidInputError: a campaign in another kind, missing in ``solo-campaign``, not
        a campaign card; years not a whole number 1 to 3 or not allowed for the kind or card.
    """
    years = raw.get("years")
    campaign = None
    if raw.get("campaign") is not None:
        if kind != "solo-campaign":
            raise InvalidInputError("campaign", raw["campaign"], "a campaign card only in "
                                    "solo-campaign mode")
        card = solo_card(comps, _text("campaign", raw["campaign"]), "campaign")
        campaign = card.name
        from hyvekit.rules.beelives.solo_goals import game_length
        years = game_length(card, None if years is None else
                            require_int("years", years, 1, 3))
    elif kind == "solo-campaign":
        raise InvalidInputError("campaign", None, "a campaign card name")
    years = require_int("years", 1 if years is None else years, 1, 3)
    if kind == "standard" and years != 1:
        raise InvalidInputError("years", years, "1 for a standard game (2 or 3: multi-year)")
    if kind == "multi-year" and years == 1:
        raise InvalidInputError("years", years, "2 (long game) or 3 (epic game)")
    return campaign, years


def solo_card(comps: Components, name: str, what: str):
    """The solo card called ``name``, of the kind ``what`` (``challenge``, ``scenario`` or
    ``campaign``).

    :raises InvalidInputError: no such card, or a card of another kind (the cards listed).
    """
    from hyvekit.rules.beelives import solo_cards as S
    card = comps.solo.find(name)
    cls, names = {"challenge": (S.ChallengeCard, comps.solo.challenges),
                  "scenario": (S.ScenarioCard, comps.solo.scenarios),
                  "campaign": (S.CampaignCard, comps.solo.campaigns)}[what]
    if not isinstance(card, cls):
        raise InvalidInputError(what, name, f"a {what} card: " + ", ".join(c.name for c in names))
    return card


@dataclass(frozen=True)
class MonthEntry:
    """One logged month: where it stands in the game, the card, the per-hive summary
    (:meth:`MonthSummary.to_dict`), and the dispute if it was recorded with ``--override``.

    :ivar override: logged with ``--override``.
    :ivar reason: the players' reason for the override.
    :ivar dispute: what the rules core said against the month ("" when it found nothing).
    :ivar derived: False when the month could not be played at all and its end-of-month values
        are the players' claims (see :func:`play_month_event`).
    """

    year: int
    month: int
    card: str
    summary: Mapping[str, Any] = field(default_factory=dict)
    override: bool = False
    reason: str = ""
    dispute: str = ""
    derived: bool = True


@dataclass(frozen=True)
class WinterEntry:
    """A year's winter upkeep: per hive ``{hive, bees, honey, tokens, vp, out}``."""

    year: int
    hives: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class CampaignState:
    """The derived campaign: settings, the game, each month logged, each winter played, the
    solo facts month by month and the challenge card in play.

    :ivar challenge: the challenge card in play (None: none, or ``"random"`` still to draw).
    :ivar facts: solo games only: one :class:`~hyvekit.rules.beelives.solo.MonthFacts` per
        productive month played.
    :ivar map_tiles / map_length: the solo map's size and length as far as known (tiles placed
        by scouting are counted; a stated value replaces the count, ruling L104).
    :ivar scores: the final scores (End of the Game) once the last winter is played.
    :ivar fire: Wildfire played on the map, year 2: the fire front after this month's flip
        (:class:`~hyvekit.rules.beelives.wildfire.FireFront`; the burnt tiles are on the map),
        None before the fire starts (ruling L130).
    :ivar month_data: each productive month played, as the month record it was played from:
        ``{"month": TABLE}`` and, when the month states values beside it, ``"stated"`` (a
        ``month`` event's, or what a month at the table gave).
    :ivar table: a month being played at the table
        (:class:`~hyvekit.rules.beelives.month_table.Table`), a card's start of a month being
        decided (its own value), or None.
    :ivar hints: each hint shown at the table (a ``hint`` event): ``(year, month, player,
        decision kind)``, in order (docs/advisor.md, "Honest records").
    :ivar last_step: the last step pushed at the table, resolved (:func:`.engine.push`);
        :ivar said: what the rules did with it, in words.  Neither is compared.
    """

    settings: CampaignSettings
    comps: Components = field(repr=False, compare=False)
    game: g.GameState
    months: tuple[MonthEntry, ...] = ()
    winters: tuple[WinterEntry, ...] = ()
    challenge: str | None = None
    facts: tuple[MonthFacts, ...] = ()
    map_tiles: int = 1
    map_length: int = 1
    scores: Any = None
    fire: Any = None
    month_data: tuple[Mapping[str, Any], ...] = ()
    table: Any = None
    hints: tuple[tuple[int, int, str, str], ...] = ()
    last_step: str = field(default="", compare=False)
    said: tuple[str, ...] = field(default=(), compare=False)

    @property
    def over(self) -> bool:
        return self.game.stage == "over"

    def cards(self) -> tuple[Card, ...]:
        """The solo cards in play (scenario or campaign card first, then the challenge)."""
        out: list[Card] = []
        s = self.settings
        if s.scenario:
            out.append(self.comps.solo.find(s.scenario))
        if s.campaign:
            out.append(self.comps.solo.find(s.campaign))
        if self.challenge and self.challenge != RANDOM:
            out.append(self.comps.solo.find(self.challenge))
        return tuple(out)


def new_campaign(settings: CampaignSettings, comps: Components) -> CampaignState:
    """The state before any event (Common Area / Player Area Setup, plus the scenario card's
    starting map: its wild hives, named ``WILD1``, ``WILD2``... in the card's tile order,
    active in the first spring when the card says so).

    :raises InvalidInputError: what :func:`hyvekit.rules.beelives.game.new_game` raises.
    """
    s = settings
    options = g.Options(years=s.years, solo_hard=s.solo_hard)
    tiles = 1
    wild: tuple[g.WildHiveState, ...] = ()
    if s.scenario:
        from hyvekit.rules.beelives.solo_cards import ScenarioCard
        card = comps.solo.find(s.scenario)
        assert isinstance(card, ScenarioCard)
        active = card.wild_active_in_first_spring
        options = replace(options, wild_dormant_first_spring=not active,
                          haunted_hives=card.name == g.HAUNTED_HIVES)
        wild = tuple(g.WildHiveState(f"{SETUP_WILD}{i}", t.strength or 3, dormant=not active)
                     for i, t in enumerate(card.map.wild_hives, start=1))
        tiles = len(card.map.tiles)
    if s.campaign == g.ZOMBEES:
        # "Year 1: Normal rules apply"; the year 2 rules go on through year 3 (ruling L93)
        options = replace(options, zombees_from_year=2)
    if s.challenge and s.challenge != RANDOM:
        from hyvekit.rules.beelives.solo_cards import ChallengeCard
        ch = comps.solo.find(s.challenge)
        if isinstance(ch, ChallengeCard) and ch.spawn is not None:
            options = replace(options, under_siege=True)      # in-turn rule (ruling L106)
    names = [p.name for p in s.players]
    game = g.new_game([(p.name, p.queen) for p in s.players], comps.board,
                      first_player=names.index(s.first_player), options=options)
    if wild:
        game = g.validate_state(replace(game, wild=wild), comps.board)
    if s.map:
        from hyvekit.rules.beelives import map as bee_map
        if s.scenario:
            m = bee_map.from_starting_map(comps.solo.find(s.scenario).map,  # type: ignore
                                          names[0], wild_names=[w.name for w in wild])
        else:
            m = bee_map.starting_map(names)
        game = replace(game, map=m)
    length = 1 if not s.scenario else map_length(
        t.coord for t in comps.solo.find(s.scenario).map.tiles)  # type: ignore[union-attr]
    return CampaignState(s, comps, game, challenge=s.challenge, map_tiles=tiles,
                         map_length=length)


def draw_challenge(comps: Components, rng: random.Random) -> str:
    """Challenge Mode: "shuffle the challenge cards during setup, and choose one at random".
    The name of the card drawn with ``rng`` (the caller stores it in a ``draw-card`` event)."""
    return rng.choice([c.name for c in comps.solo.challenges])


def require_playable(state: CampaignState) -> None:
    if state.challenge == RANDOM:
        raise IllegalActionError(R_CHALLENGE, "draw the challenge card first (hyvekit "
                                 "beelives new draws it when the campaign is created)",
                                 expected="draw-card", given="month")
