"""Bee Lives campaigns: a game kept across game nights as a record of events
(rules/bee-lives.txt: "How to Play", "Winter Upkeep", "End of the Game", "Multiple Years
Variant", "Solo Play" — Basic, Challenge, Scenario and Campaign Mode, "Solo Score Chart",
"Solo Play Cards").

A campaign is a :class:`CampaignSettings` (its kind, the players, the game length, the solo
cards, the board file) and an append-only list of events replayed by :func:`play`:

* ``"draw-card"`` ``{"card": NAME}`` — the challenge card drawn at random (the draw is made
  outside, with an injected :class:`random.Random`, see :func:`draw_challenge`; the record
  stores its result so a replay never draws again);
* ``"month"`` ``{"month": {...}, "stated": {...}, "override": bool, "reason": str}`` — one
  productive month in the month record format of :mod:`hyvekit.rules.beelives.record`,
  played by :func:`hyvekit.rules.beelives.game.play_month` against the derived state.  An
  illegal month is refused (the rule named) unless ``override`` is set: then it is recorded as
  *disputed* (see :func:`play_month_event`).  ``stated`` holds what the rules core cannot
  derive without the map (map size and length, Wildfire's burned hive) and the dice and
  choices of the solo cards outside the turns (Under Siege's older form, Three Generations'
  and Wildfire's start-of-month spawns, the fire's D4, Zombees' first infected hive of year
  2).  The cards' rules inside the turns — Haunted Hives, Zombees, Under Siege — are played by
  the month sequencer from the month record's own dice (see :mod:`..game`);
* ``"year-end"`` ``{"starvation": {NAME: "take"}, "queens": {NAME: TYPE}}`` — winter upkeep
  (:func:`hyvekit.rules.beelives.game.play_winter`): three months of feeding and disease, then
  in the multiple-years variant the year's scoring (surviving bees and honey), the skip feeding
  token and the next year; after the last year, the final scores.

The derived :class:`CampaignState` keeps the :class:`~hyvekit.rules.beelives.game.GameState`
and, for solo games, the per-month :class:`~hyvekit.rules.beelives.solo.MonthFacts` mapped
from the month sequencer's summaries (:func:`month_facts`), so the solo goals are judged from
what was played (:func:`goals`).  :func:`summary` is the JSON-able status.

Everything here is pure: the board, season cards and solo cards come in as
:class:`Components` values; loading files is the caller's job.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import solo as S
from hyvekit.rules.beelives.solofacts import spawn_origin
# the record parser's checks: one wording for malformed campaign settings and month files
from hyvekit.rules.beelives.record import _coord, _int, _str as _text, _table as _keys
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int

R_CAMPAIGN = "Bee Lives: Campaign"
R_YEARS = "Bee Lives: Multiple Years Variant"
R_CHALLENGE = "Bee Lives: Solo Play (Challenge Mode)"
R_UNDER_SIEGE = g.R_UNDER_SIEGE
UNDER_SIEGE = "Under Siege"
R_THREE_GEN = "Bee Lives: Three Generations"
R_WILDFIRE = "Bee Lives: Wildfire"
R_ZOMBEES = "Bee Lives: Zombees"
R_WINTER = "Bee Lives: Winter Upkeep"

KINDS = ("standard", "multi-year", "solo-basic", "solo-challenge", "solo-scenario",
         "solo-campaign")
SOLO_KINDS = KINDS[2:]
RANDOM = "random"
EVENTS = ("draw-card", "month", "year-end")
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


# --- settings -----------------------------------------------------------------------------------

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
    return {"name": parts[0], "queen": parts[1].lower(),
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
        raise InvalidInputError("--solo", solo, "one of " + ", ".join(SOLO_MODES))
    if solo is None and (challenge or scenario or campaign or hard):
        raise InvalidInputError("--solo", "none", "a solo mode for --challenge, --scenario, "
                                "--campaign-card or --hard (e.g. --solo challenge)")
    kind = (f"solo-{solo.strip().lower()}" if solo else
            "multi-year" if years and years > 1 else "standard")
    settings = {"kind": kind, "players": [parse_player_option(p) for p in players],
                "first_player": first_player, "years": years, "solo_hard": hard,
                "challenge": challenge, "scenario": scenario, "campaign": campaign,
                "board": board, "map": on_map}
    return {k: v for k, v in settings.items() if v is not None or k == "board"}


def _bool(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(where, value, "true or false")
    return value


@dataclass(frozen=True)
class Components:
    """Everything a campaign is played with: the month sequencer's components (board values
    and season cards) and the solo cards."""

    game: g.Components
    solo: S.SoloCards

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
        raise InvalidInputError("kind", kind, "one of " + ", ".join(KINDS))
    rows = raw.get("players")
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError("players", rows, "a list of players (name, queen)")
    board = comps.board
    players = []
    for i, row in enumerate(rows):
        w = f"players[{i + 1}]"
        row = _keys(w, row, PLAYER_KEYS)
        name = _text(f"{w}.name", row.get("name"))
        queen = _text(f"{w}.queen", row.get("queen")).lower()
        if queen not in board.queen_types:
            raise InvalidInputError(f"{w}.queen", row.get("queen"),
                                    "one of " + ", ".join(board.queen_types))
        colour = row.get("colour") or ""
        if not isinstance(colour, str):
            raise InvalidInputError(f"{w}.colour", colour, "a colour name")
        players.append(PlayerSetting(name, queen, colour.strip()))
    names = [p.name for p in players]
    if len(set(n.lower() for n in names)) != len(names):
        raise InvalidInputError("players", names, "a different name for every player")
    solo = kind in SOLO_KINDS
    if solo and len(players) != 1:
        raise InvalidInputError("players", len(players), f"exactly one player ({kind})")
    if not 1 <= len(players) <= 4:
        raise InvalidInputError("players", len(players), "1 to 4 players (4 player hives)")
    first = raw.get("first_player") or names[0]
    if first not in names:
        raise InvalidInputError("first_player", first, "one of " + ", ".join(names))
    solo_hard = _bool("solo_hard", raw.get("solo_hard", False))
    if solo_hard and kind != "solo-basic":
        raise InvalidInputError("solo_hard", True, "only in solo basic mode (Solo Play: Basic "
                                "Mode, 'For increased difficulty')")
    challenge = scenario = campaign = None
    if raw.get("challenge") is not None:
        if kind not in ("solo-challenge", "solo-scenario", "solo-campaign"):
            raise InvalidInputError("challenge", raw["challenge"], "no challenge card in a "
                                    f"{kind} game (challenge, scenario or campaign mode)")
        text = _text("challenge", raw["challenge"])
        challenge = RANDOM if text.lower() == RANDOM else _card(comps, text, S.ChallengeCard,
                                                                 "challenge").name
    elif kind == "solo-challenge":
        raise InvalidInputError("challenge", None, "a challenge card name or 'random'")
    if raw.get("scenario") is not None:
        if kind != "solo-scenario":
            raise InvalidInputError("scenario", raw["scenario"], "a scenario card only in "
                                    "solo-scenario mode")
        scenario = _card(comps, _text("scenario", raw["scenario"]), S.ScenarioCard,
                         "scenario").name
    elif kind == "solo-scenario":
        raise InvalidInputError("scenario", None, "a scenario card name")
    years = raw.get("years")
    if raw.get("campaign") is not None:
        if kind != "solo-campaign":
            raise InvalidInputError("campaign", raw["campaign"], "a campaign card only in "
                                    "solo-campaign mode")
        card = _card(comps, _text("campaign", raw["campaign"]), S.CampaignCard, "campaign")
        campaign = card.name
        years = S.game_length(card, None if years is None else
                              require_int("years", years, 1, 3))
    elif kind == "solo-campaign":
        raise InvalidInputError("campaign", None, "a campaign card name")
    years = require_int("years", 1 if years is None else years, 1, 3)
    if kind == "standard" and years != 1:
        raise InvalidInputError("years", years, "1 for a standard game (2 or 3: multi-year)")
    if kind == "multi-year" and years == 1:
        raise InvalidInputError("years", years, "2 (long game) or 3 (epic game)")
    board_file = raw.get("board")
    if board_file is not None:
        board_file = _text("board", board_file)
    on_map = _bool("map", raw.get("map", False))
    return CampaignSettings(kind, tuple(players), first, years, solo_hard, challenge, scenario,
                            campaign, board_file, on_map)


def _card(comps: Components, name: str, cls: type, what: str):
    card = comps.solo.find(name)
    if not isinstance(card, cls):
        names = {S.ChallengeCard: comps.solo.challenges, S.ScenarioCard: comps.solo.scenarios,
                 S.CampaignCard: comps.solo.campaigns}[cls]
        raise InvalidInputError(what, name, f"a {what} card: " + ", ".join(c.name for c in names))
    return card


# --- state --------------------------------------------------------------------------------------

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
        (:class:`~hyvekit.rules.beelives.solo.FireFront`; the burnt tiles are on the map),
        None before the fire starts (ruling L130).
    """

    settings: CampaignSettings
    comps: Components = field(repr=False, compare=False)
    game: g.GameState
    months: tuple[MonthEntry, ...] = ()
    winters: tuple[WinterEntry, ...] = ()
    challenge: str | None = None
    facts: tuple[S.MonthFacts, ...] = ()
    map_tiles: int = 1
    map_length: int = 1
    scores: Any = None
    fire: S.FireFront | None = None

    @property
    def over(self) -> bool:
        return self.game.stage == "over"

    def cards(self) -> tuple[S.Card, ...]:
        """The solo cards in play (scenario or campaign card first, then the challenge)."""
        out: list[S.Card] = []
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
        card = comps.solo.find(s.scenario)
        assert isinstance(card, S.ScenarioCard)
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
        ch = comps.solo.find(s.challenge)
        if isinstance(ch, S.ChallengeCard) and ch.spawn is not None:
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
    length = 1 if not s.scenario else S.map_length(
        t.coord for t in comps.solo.find(s.scenario).map.tiles)  # type: ignore[union-attr]
    return CampaignState(s, comps, game, challenge=s.challenge, map_tiles=tiles,
                         map_length=length)


def draw_challenge(comps: Components, rng: random.Random) -> str:
    """Challenge Mode: "shuffle the challenge cards during setup, and choose one at random".
    The name of the card drawn with ``rng`` (the caller stores it in a ``draw-card`` event)."""
    return rng.choice([c.name for c in comps.solo.challenges])


# --- events ------------------------------------------------------------------------------------

def play(state: CampaignState, event_type: str, data: Mapping[str, Any]) -> CampaignState:
    """Check and apply one event (see the module docstring for the events and their data).

    :raises IllegalActionError: an event against the rules (the rule named).
    :raises InvalidInputError: an unknown event or malformed data (the field named).
    """
    if not isinstance(data, Mapping):
        raise InvalidInputError("event data", data, "a table")
    if event_type == "draw-card":
        return _draw_card(state, data)
    if event_type == "month":
        return play_month_event(state, data)
    if event_type == "year-end":
        return play_year_end(state, data)
    raise InvalidInputError("event", event_type, "one of " + ", ".join(EVENTS))


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


def _draw_card(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    _keys("draw-card", data, ("card",))
    check_draw(state, data.get("card"))
    card = _card(state.comps, _text("card", data.get("card")), S.ChallengeCard, "challenge")
    return replace(state, challenge=card.name)


def _require_playable(state: CampaignState) -> None:
    if state.challenge == RANDOM:
        raise IllegalActionError(R_CHALLENGE, "draw the challenge card first (hyvekit "
                                 "beelives new draws it when the campaign is created)",
                                 expected="draw-card", given="month")


def play_month_event(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    """Log one productive month.

    The month is parsed (:func:`hyvekit.rules.beelives.record.parse_month`), the solo cards'
    stated spawns are placed (Three Generations / Wildfire at the start of the month), the
    month is played by the month sequencer against the derived state, then Under Siege's
    scouting spawns follow (ruling L106) and the solo facts are recorded.

    ``override`` (a disputed month, ruling L101):

    1. a month the rules core accepts is recorded as is (marked override, nothing disputed);
    2. a month refused only because claimed end-of-month values differ from the derived ones is
       played without the claims, then the claimed values replace the derived ones;
    3. a month refused by another rule cannot be played: the month is counted as played (its
       card revealed, the first player marker passed) and each hive's claimed values replace
       its state at the start of the month (values not claimed stay as they were).

    :raises IllegalActionError: the month is against the rules and not overridden.
    :raises InvalidInputError: malformed month or stated values, an unknown name — never
        overridden: the file must be corrected.
    """
    from hyvekit.rules.beelives import record as rec
    data = _keys("month event", data, MONTH_EVENT_KEYS)
    _require_playable(state)
    if state.game.stage == "winter":
        raise IllegalActionError(R_WINTER, f"year {state.game.year} is over: play winter upkeep "
                                 "first (hyvekit beelives year-end)", expected="year-end",
                                 given="month")
    _wildfire_after_loss(state)       # Wildfire on the map: lost when the hive burned (L132)
    if state.game.stage == "over":
        raise IllegalActionError(R_YEARS, f"the game is over after year {state.game.year} "
                                 f"({state.settings.years}-year game)", expected="no more months",
                                 given="month")
    override = _bool("override", data.get("override", False))
    reason = data.get("reason") or ""
    if not isinstance(reason, str) or len(reason) > MAX_REASON:
        raise InvalidInputError("reason", reason, f"a text of at most {MAX_REASON} characters")
    if reason and not override:
        raise InvalidInputError("reason", reason, "a reason only with --override")
    plan = rec.parse_month(data.get("month"), "month")
    stated = _stated(state, data.get("stated") or {})
    game = state.game
    comps = state.comps.game
    plan = _first_infection(plan, stated)
    game = _zombee_infection(state, game, stated)
    plan = _siege_turns(state, game, plan, stated)
    before = game
    game, fire = _wildfire_spread(state, game, stated)        # Wildfire on the map (L130)
    if fire is not None and fire.hive_burned:                  # you lose at once (L92, L132)
        return _wildfire_lost(state, before, game, plan, stated, fire, override, reason)
    game, pre_spawns = _card_spawns_at_start(state, game, plan, stated)
    dispute = ""
    summary: g.MonthSummary | None = None
    try:
        result = g.play_month(game, plan, comps)
        game, summary = result.state, result.summary
    except IllegalActionError as exc:
        if not override:
            raise
        dispute = str(exc)
        if isinstance(exc, IllegalActionError) and exc.rule == g.R_CLAIM:
            result = g.play_month(game, replace(plan, claims=()), comps)
            summary = result.summary
            game = _apply_claims(result.state, plan, comps.board)
        else:
            game = _claimed_month(game, plan, comps)
    late: list[dict] = []
    if summary is None:      # the month could not be played: the stated spawns stand
        game, late = _under_siege(state, game, plan, stated, summary)
    spawns = pre_spawns + late
    entry = MonthEntry(plan.year, plan.month, plan.card,
                       _summary_dict(summary, game, comps.board, spawns),
                       override, reason.strip(), dispute, summary is not None)
    state = replace(state, game=game, months=state.months + (entry,))
    if fire is not None:                       # Wildfire on the map: the front, the month's row
        state = _wildfire_record(state, fire)
    if state.settings.solo:
        in_turn = [] if summary is None else [
            {k: w[k] for k in ("wild", "strength", "cause", "by", "dormant")}
            for w in summary.wild_spawned if w.get("cause") == f"card: {UNDER_SIEGE}"]
        state = _add_facts(state, before, summary, stated, spawns + in_turn)
    return state


def _stated(state: CampaignState, raw: Any) -> dict[str, Any]:
    raw = _keys("stated", raw, STATED_KEYS)
    out: dict[str, Any] = {}
    if raw and not state.settings.solo:
        raise InvalidInputError("stated", sorted(raw)[0], "nothing: stated values are for solo "
                                "games (map size, solo card dice)")
    for key in ("map_tiles", "map_length"):
        if key in raw:
            out[key] = _int(f"stated.{key}", raw[key], 1, 999)
    for key in ("hive_burned", "hive_infected"):
        if key in raw:
            out[key] = _bool(f"stated.{key}", raw[key])
    for key in ("scout_d6", "season_d6"):
        if key in raw:
            v = raw[key]
            vals = v if isinstance(v, list) else [v]
            out[key] = tuple(_int(f"stated.{key}", x, 1, 6) for x in vals)
    if "fire_d4" in raw:
        out["fire_d4"] = _int("stated.fire_d4", raw["fire_d4"], 1, 4)
    if "fire_spawn_d4" in raw:        # Wildfire on the map: the month's two D4 (ruling L131)
        v = raw["fire_spawn_d4"]
        out["fire_spawn_d4"] = tuple(_int("stated.fire_spawn_d4", x, 1, 4)
                                     for x in (v if isinstance(v, list) else [v]))
    if "infect" in raw:
        out["infect"] = _text("stated.infect", raw["infect"])
    if "infected_spawn" in raw:
        out["infected_spawn"] = _spawn_entry("stated.infected_spawn", raw["infected_spawn"])
    for key in ("scout_spawn", "spawn"):
        if key in raw:
            v = raw[key]
            vals = v if isinstance(v, list) else [v]
            out[key] = tuple(_spawn_entry(f"stated.{key}[{i}]", x) for i, x in enumerate(vals))
    return out


def _spawn_entry(where: str, raw: Any) -> tuple[str, tuple[int, int] | None]:
    """A stated wild hive: ``"NAME"`` (``"none"``: not placed) or, on the map,
    ``{ wild = "NAME", at = [q, r] }``."""
    if isinstance(raw, Mapping):
        raw = _keys(where, raw, ("wild", "at"))
        at = raw.get("at")
        if at is not None:
            at = _coord(f"{where}.at", at)
        return _text(f"{where}.wild", raw.get("wild")), at
    return _text(where, raw), None


def _first_infection(plan: g.MonthPlan, stated: Mapping[str, Any]) -> g.MonthPlan:
    """Zombees' first infected hive of year 2, stated for the campaign (``stated.infect``: the
    strongest wild hive chosen on a tie; ``stated.infected_spawn``: the hive spawned when none
    is in play, ``{ wild, at }`` on the map) handed to the month plan, where the month
    sequencer plays it (:func:`hyvekit.rules.beelives.game._first_infection`).

    :raises InvalidInputError: stated both here and in the month itself.
    """
    for key in ("infect", "infected_spawn"):
        if key in stated and getattr(plan, key) is not None:
            raise InvalidInputError(f"stated.{key}", stated[key], f"{key} either in the month "
                                    "or in [stated], not both")
    if "infect" in stated:
        plan = replace(plan, infect=stated["infect"])
    if "infected_spawn" in stated:
        name, at = stated["infected_spawn"]
        plan = replace(plan, infected_spawn=name, infected_spawn_at=at)
    return plan


def _zombee_infection(state: CampaignState, game: g.GameState, stated: Mapping[str, Any]
                      ) -> g.GameState:
    """Zombees: ``stated.hive_infected = true`` marks the solo hive infected from the start of
    this month on (ruling L121): the month sequencer then doubles every disease it gains
    ("If your hive is infected, any time you gain disease, double the amount of disease
    gained").  Only with the Zombees card from year 2 ("Year 1: Normal rules apply"); an
    infected hive stays infected (the card has no cure), so ``false`` is refused then.

    :raises IllegalActionError: an infection without Zombees or in year 1, or a cure.
    """
    if "hive_infected" not in stated:
        return game
    p = game.players[0]
    want = stated["hive_infected"]
    if not want:
        if p.infected:
            raise IllegalActionError(R_ZOMBEES, f"{p.name}'s hive is infected with zombees "
                                     "and stays infected (the card has no cure, ruling L121)",
                                     expected="hive_infected = true", given=False)
        return game
    card = next((c for c in state.cards() if isinstance(c, S.CampaignCard)), None)
    if card is None or card.name != "Zombees" or game.year < 2:
        raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card infects your hive, "
                                 "from year 2 on (Year 1: Normal rules apply)",
                                 expected="no hive_infected", given=True)
    return game.with_player(replace(p, infected=True))


def _card_spawns_at_start(state: CampaignState, game: g.GameState, plan: g.MonthPlan,
                          stated: Mapping[str, Any]) -> tuple[g.GameState, list[dict]]:
    """Campaign cards' spawns at the start of a month (Three Generations year 2: in the first
    month of each season roll the D6, halve it rounded up, spawn that many wild hives of
    strength 4; Wildfire year 2: two D4 rolls, one wild hive of strength 4 each, "none" when
    no legal space).  The names come in ``stated.spawn``; Three Generations' D6 in
    ``stated.season_d6``; on the map Wildfire's D4s in ``stated.fire_spawn_d4``
    (:func:`_wildfire_spawns`)."""
    names = tuple(stated.get("spawn", ()))
    card = next((c for c in state.cards() if isinstance(c, S.CampaignCard)), None)
    year = game.year
    want: int | None = None
    strength = 0
    rule = R_CAMPAIGN
    if card is not None and card.name == "Three Generations" and year == 2:
        yr = card.year(year)
        d6 = stated.get("season_d6", (None,))[0]
        try:
            want, strength = S.season_start_spawns(yr, plan.month, d6)
        except InvalidInputError as exc:
            raise InvalidInputError(f"stated.season_d6 ({R_THREE_GEN})", exc.given,
                                    exc.allowed) from None
        rule = R_THREE_GEN
    elif card is not None and card.name == "Wildfire" and year == 2:
        yr = card.year(year)
        want, strength = yr.rule("fire_spawn_rolls"), yr.rule("fire_spawn_strength")
        rule = R_WILDFIRE
        if game.map is not None:      # on the map: each D4's places are checked (ruling L131)
            return _wildfire_spawns(game, card, names, stated, want, strength)
    if want is None:
        if names or "season_d6" in stated:
            raise IllegalActionError(R_CAMPAIGN, "no solo card spawns wild hives at the start of "
                                     "this month", expected="no stated spawn",
                                     given=[n for n, _ in names] or stated.get("season_d6"))
        return game, []
    if len(names) != want:
        raise IllegalActionError(rule, f"{want} wild hive(s) of strength {strength} spawn at "
                                 f"the start of this month: state spawn = [names] ('none' for "
                                 "one that cannot be placed)", expected=want, given=len(names))
    events = []
    for n, at in names:
        if n.lower() == g.NONE:
            continue
        game, ev = g.spawn_wild(game, n, strength, cause=f"card: {card.name}",  # type: ignore
                                by=game.players[0].name, rule=rule, at=at,
                                comps=state.comps.game)
        events.append({k: ev[k] for k in ("wild", "strength", "cause", "by", "dormant")})
    return game, events


# --- Wildfire on the map -----------------------------------------------------------------------
# Wildfire, Year 2: "At the start of the year, roll a D4 to determine where on the map the
# wildfire starts ... For the rest of the year, carry out these steps at the start of each
# month: Flip over the next row of tiles in the direction that the fire is spreading. Roll a
# D4 twice. For each roll, spawn a wild hive (strength 4) on the map, as many spaces away from
# the fire as the rolled result. If there is no legal space, then the hive is not spawned. At
# any time, if the map tile occupied by your hive flips due to the spreading fire, you lose!"
# Where the fire starts and which row burns next are read in :mod:`.solo` (rulings L89-L91);
# here the campaign states the dice and plays the steps on its map (rulings L130-L133).

WILDFIRE = "Wildfire"
WILDFIRE_SPREADS = {"opposite": "toward you", "right": "left", "closest": "away from you",
                    "left": "right"}          # the card's words for each start edge


@dataclass(frozen=True)
class _FireMonth:
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


def _wildfire_card(state: CampaignState, year: int) -> S.CampaignCard | None:
    """The Wildfire card when its fire burns in ``year`` (its year rules give a fire start)."""
    card = next((c for c in state.cards() if isinstance(c, S.CampaignCard)), None)
    if card is None or card.name != WILDFIRE:
        return None
    return card if "fire_start" in dict(card.year(year).rules) else None


def _wildfire_spread(state: CampaignState, game: g.GameState, stated: Mapping[str, Any]
                     ) -> tuple[g.GameState, _FireMonth | None]:
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
    card = _wildfire_card(state, game.year)
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
    return replace(game, map=m), _FireMonth(step.front, step.row, step.flipped, burned, d4)


def _wildfire_spawns(game: g.GameState, card: S.CampaignCard,
                     names: Sequence[tuple[str, tuple[int, int] | None]],
                     stated: Mapping[str, Any], want: int, strength: int
                     ) -> tuple[g.GameState, list[dict]]:
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
        if len(game.wild) < g.WILD_HIVE_TOKENS:
            places = S.fire_spawn_places(d4, tiles, M.burnt_tiles(game.map),
                                         [h.at for h in game.map.hives])
        legal = [list(c) for c in sorted(places)]
        if n.lower() == g.NONE:
            if places:
                raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): a wild hive can "
                                         f"spawn {d4} space(s) from the fire, on "
                                         + ", ".join(map(str, legal)) + ": it must be spawned",
                                         expected=legal, given=g.NONE)
            continue
        if not places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): no legal space "
                                     f"{d4} space(s) from the fire" + (
                                         "" if len(game.wild) < g.WILD_HIVE_TOKENS else
                                         f" (all {g.WILD_HIVE_TOKENS} wild hives are in play)")
                                     + ": the hive is not spawned (state 'none')",
                                     expected=g.NONE, given=n)
        if at is None:
            raise InvalidInputError(f"{where}.at", None, "the new wild hive's map tile: one of "
                                    + ", ".join(map(str, legal)))
        if at not in places:
            raise IllegalActionError(R_WILDFIRE, f"roll {i + 1} ({d4}): {n} spawns {d4} "
                                     f"space(s) from the fire, not on {list(at)}",
                                     expected=legal, given=list(at))
        game, ev = g.spawn_wild(game, n, strength, cause=f"card: {card.name}",
                                by=game.players[0].name, rule=R_WILDFIRE, at=at)
        events.append({k: ev[k] for k in ("wild", "strength", "cause", "by", "dormant")}
                      | {"at": list(at), "d4": d4})
    return game, events


def _wildfire_lost(state: CampaignState, before: g.GameState, game: g.GameState,
                   plan: g.MonthPlan, stated: Mapping[str, Any], fire: _FireMonth,
                   override: bool, reason: str) -> CampaignState:
    """The solo hive's tile flipped at the start of the month: "you lose!" at once (rulings
    L92, L132).  The month is not played: it is logged with its year, month and card only
    (no turns, phase choices, claims or spawns); the game is over (no winter follows) and the
    facts record the burned hive, so the card's goal fails and the outcome is "lost".

    :raises IllegalActionError: (Bee Lives: Wildfire) the month carries turns, choices, claims
        or spawns; (Productive Months) it is not the month due.
    """
    if (plan.year, plan.month) != (game.year, game.month):
        raise IllegalActionError(g.R_MONTH, f"the next month is {g.month_name(game.month)} of "
                                 f"year {game.year}, got {g.month_name(plan.month)} of year "
                                 f"{plan.year}", expected=f"{game.year}/{g.month_name(game.month)}",
                                 given=f"{plan.year}/{g.month_name(plan.month)}")
    extra = [what for what, there in (("turns", plan.turns), ("phase choices", plan.choices),
                                      ("claims", plan.claims), ("spawn_d6", plan.spawn_d6),
                                      ("solo_spawn", plan.solo_spawn), ("join", plan.joins),
                                      ("infect", plan.infect),
                                      ("infected_spawn", plan.infected_spawn))
             if there] + [f"stated {k}" for k in stated if k not in ("fire_d4", "hive_burned")]
    name = game.players[0].name
    if extra:
        raise IllegalActionError(R_WILDFIRE, f"{name}'s tile {list(game.map.hive(name).at)} "
                                 f"burns at the start of {g.month_name(game.month)}: you lose "
                                 "before the month is played — log it with year, month and "
                                 f"card only (not: {', '.join(extra)})",
                                 expected="no " + ", ".join(extra),
                                 given=", ".join(extra))
    game, _ = g._event(game, plan.card, state.comps.game)   # the card revealed: checked
    game = replace(game, stage="over")
    summary = {"hives": {p.name: {"vp_gained": 0} for p in game.players}, "wild_spawned": [],
               "fire": fire.to_dict(), "lost": f"{name}'s hive burned"}
    entry = MonthEntry(plan.year, plan.month, game.card, summary, override, reason.strip())
    state = replace(state, game=game, months=state.months + (entry,), fire=fire.front)
    return _add_facts(state, before, None, {**stated, "hive_burned": True}, [])


def _wildfire_record(state: CampaignState, fire: _FireMonth) -> CampaignState:
    """Keep the fire front after this month's flip and show the flip in the month's entry."""
    entry = state.months[-1]
    entry = replace(entry, summary={**entry.summary, "fire": fire.to_dict()})
    return replace(state, fire=fire.front, months=state.months[:-1] + (entry,))


def _wildfire_after_loss(state: CampaignState) -> None:
    """After the solo hive burned no month can be logged (ruling L132).

    :raises IllegalActionError: (Bee Lives: Wildfire) the hive burned.
    """
    burned = next((f for f in state.facts if f.hive_burned), None)
    if state.fire is not None and burned is not None:
        raise IllegalActionError(R_WILDFIRE, f"{state.game.players[0].name}'s hive burned in "
                                 f"{burned.when()}: you lost, the game is over",
                                 expected="no more months", given="month")


def _wildfire_summary(state: CampaignState) -> dict[str, Any] | None:
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


def _siege_turns(state: CampaignState, game: g.GameState, plan: g.MonthPlan,
                 stated: Mapping[str, Any]) -> g.MonthPlan:
    """Under Siege's dice stated for the month (``stated.scout_d6`` / ``stated.scout_spawn``,
    the older form) moved into the solo hive's scouting turns (``siege_d6`` / ``siege_spawn``
    / ``siege_at``), so that the month sequencer spawns each hive inside its scouting turn
    (ruling L106).  The i-th roll goes to the i-th Scout turn of the solo hive, the j-th name
    to the j-th roll of 4+.  Stating the dice both ways is refused.

    :raises IllegalActionError: dice without Under Siege, a count that does not match.
    :raises InvalidInputError: on a map, a stated name without its tile ``at``.
    """
    rolls = tuple(stated.get("scout_d6", ()))
    names = tuple(stated.get("scout_spawn", ()))
    if not game.options.under_siege:
        if rolls or names:
            raise IllegalActionError(R_UNDER_SIEGE, "no challenge card in play rolls the D6 "
                                     "after scouting", expected="no scout_d6", given=list(rolls))
        return plan
    if not rolls and not names:
        return plan                   # the dice are stated in the turns (or missing there)
    solo = game.players[0].name
    scouts = [i for i, t in enumerate(plan.turns)
              if not t.wild and t.actor == solo and t.action == "scout"]
    if any(plan.turns[i].siege_d6 is not None or plan.turns[i].siege_spawn is not None
           for i in scouts):
        raise InvalidInputError("stated.scout_d6", list(rolls), "the Under Siege dice either "
                                "in the turns (siege_d6) or stated for the month, not both")
    if len(rolls) != len(scouts):
        raise IllegalActionError(R_UNDER_SIEGE, f"{UNDER_SIEGE}: roll the D6 after each scout "
                                 f"({len(scouts)} this month): state scout_d6 = [rolls]",
                                 expected=len(scouts), given=len(rolls))
    spawning = [d for d in rolls if d >= g.UNDER_SIEGE_D6_MIN]
    if len(names) != len(spawning):
        raise IllegalActionError(R_UNDER_SIEGE, f"{UNDER_SIEGE}: {len(spawning)} roll(s) of "
                                 f"{g.UNDER_SIEGE_D6_MIN}+ spawn a wild hive each: state "
                                 "scout_spawn = [names] ('none' when it cannot be placed)",
                                 expected=len(spawning), given=len(names))
    turns = list(plan.turns)
    queue = list(names)
    for i, d6 in zip(scouts, rolls):
        name, at = queue.pop(0) if d6 >= g.UNDER_SIEGE_D6_MIN else (None, None)
        if name is not None and name.lower() == g.NONE:
            name = g.NONE
        if game.map is not None and name not in (None, g.NONE) and at is None:
            raise InvalidInputError(f"tile of the new wild hive {name}", None,
                                    "its map tile [q, r] (the game has a map): "
                                    "scout_spawn = [{ wild = NAME, at = [q, r] }]")
        turns[i] = replace(turns[i], siege_d6=d6, siege_spawn=name, siege_at=at)
    return replace(plan, turns=tuple(turns))


def _under_siege(state: CampaignState, game: g.GameState, plan: g.MonthPlan,
                 stated: Mapping[str, Any], summary: g.MonthSummary | None
                 ) -> tuple[g.GameState, list[dict]]:
    """Under Siege: "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the
    scouted tile."  One D6 per scout of the solo hive in ``stated.scout_d6``, one name per 4+
    in ``stated.scout_spawn``; the hives are placed after the month's cleanup (ruling L106)."""
    card = next((c for c in state.cards() if isinstance(c, S.ChallengeCard)
                 and c.spawn is not None), None)
    rolls = tuple(stated.get("scout_d6", ()))
    names = tuple(stated.get("scout_spawn", ()))
    if card is None:
        if rolls or names:
            raise IllegalActionError(R_UNDER_SIEGE, "no challenge card in play rolls the D6 "
                                     "after scouting", expected="no scout_d6", given=list(rolls))
        return game, []
    if summary is None:          # the month could not be played: the stated spawns stand
        scouts = len(rolls)
    else:
        scouts = sum(f.scouts for f in summary.hives.values())
    if len(rolls) != scouts:
        raise IllegalActionError(R_UNDER_SIEGE, f"{card.name}: roll the D6 after each scout "
                                 f"({scouts} this month): state scout_d6 = [rolls]",
                                 expected=scouts, given=len(rolls))
    strengths = [s for s in (S.scout_spawn(card, d, year=game.year) for d in rolls) if s]
    need = card.spawn.d6_min  # type: ignore[union-attr]
    if len(names) != len(strengths):
        raise IllegalActionError(R_UNDER_SIEGE, f"{card.name}: {len(strengths)} roll(s) of "
                                 f"{need}+ spawn a wild hive each: state "
                                 "scout_spawn = [names] ('none' when it cannot be placed)",
                                 expected=len(strengths), given=len(names))
    events = []
    for (n, at), strength in zip(names, strengths):
        if n.lower() == g.NONE:
            continue
        game, ev = g.spawn_wild(game, n, strength, cause=f"card: {card.name}",
                                by=game.players[0].name, rule=R_UNDER_SIEGE, at=at,
                                comps=state.comps.game)
        events.append({k: ev[k] for k in ("wild", "strength", "cause", "by", "dormant")})
    return game, events


# --- overrides ---------------------------------------------------------------------------------

def _hive_with_claims(h, values: Mapping[str, int], board):
    from hyvekit.rules.beelives.hive import Assigned, validate_hive
    changes: dict[str, Any] = {}
    for key in ("honey", "pollen", "water", "comb", "vp", "starvation"):
        if key in values:
            changes[key] = values[key]
    if "workers" in values:
        changes.update(unassigned=values["workers"], assigned=Assigned())
    if "disease" in values:
        track = board.track(h.side)
        level = values["disease"]
        if level not in track.levels():
            raise InvalidInputError("claims.disease", level, "a level on the disease track: "
                                    + ", ".join(str(v) for v in track.levels()))
        changes["mite"] = track.normal_position_for(level)
    return validate_hive(replace(h, **changes), board)


def _apply_claims(game: g.GameState, plan: g.MonthPlan, board) -> g.GameState:
    """The players' claimed end-of-month values replace the derived ones (override)."""
    for hive, values in plan.claims:
        v = dict(values)
        if game.is_player(hive):
            game = game.with_hive(hive, _hive_with_claims(game.player(hive).hive, v, board))
        elif "strength" in v:
            strength = require_int(f"claims.{hive}.strength", v["strength"], 0, 14)
            if any(w.name == hive for w in game.wild):
                game = game.with_wild(replace(game.wild_hive(hive), strength=strength))
            elif strength:
                game = replace(game, wild=game.wild + (g.WildHiveState(hive, strength),))
    return g.validate_state(game, board)


def _claimed_month(game: g.GameState, plan: g.MonthPlan, comps: g.Components) -> g.GameState:
    """A month the rules core could not play (override case 3): the card is revealed, the
    first player marker passes, the month ends, and the claims replace the hives' values."""
    card = comps.card(plan.card)
    played = game.played + ((card.name,) if card and card.name not in game.played else ())
    n = len(game.players)
    nxt = dict(stage="winter") if game.month == 9 else dict(stage="month", month=game.month + 1)
    awake = game.season != "spring" or (game.year > 1 and game.options.wild_active_later_springs)
    after = replace(game, card=card.name if card else game.card, played=played,
                    first_player=(game.first_player + 1) % n, spawned=False,
                    wild=tuple(replace(w, dormant=False) if awake else w for w in game.wild),
                    **nxt)
    return _apply_claims(after, plan, comps.board)


def _summary_dict(summary: g.MonthSummary | None, game: g.GameState, board,
                  spawns: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The month's summary as stored in :class:`MonthEntry` (for a month that could not be
    played: each hive's end values only)."""
    if summary is not None:
        d = summary.to_dict()
        d["wild_spawned"] = list(d.get("wild_spawned", [])) + [dict(s) for s in spawns]
        return d
    return {"hives": {p.name: {"vp_gained": 0, "claimed": True} for p in game.players},
            "wild_spawned": [dict(s) for s in spawns]}


# --- solo facts --------------------------------------------------------------------------------



def month_facts(before: g.GameState, after: g.GameState, summary: g.MonthSummary | None,
                spawns: Sequence[Mapping[str, Any]], *, map_tiles: int, map_length: int,
                hive_burned: bool = False, hive_infected: bool = False,
                board=None) -> S.MonthFacts:
    """The solo hive's month as :class:`~hyvekit.rules.beelives.solo.MonthFacts` (ruling L103).

    A played month goes through :func:`hyvekit.rules.beelives.solofacts.month_facts` (the month
    sequencer's summary: actions, raids, swarm, brood, disease, comb, wild hives); the solo
    cards' own spawns made around the month (``spawns``: Three Generations and Wildfire at its
    start, Under Siege after it) are then marked spawned with their card's origin.  A month
    that could not be played (override case 3) has no actions; its comb and wild hives are the
    claimed ones.  Map size and length come from the campaign (stated or counted).
    """
    from hyvekit.rules.beelives import solofacts
    name = before.players[0].name
    own = {s["wild"]: s for s in spawns}
    if summary is not None:
        f = solofacts.month_facts(summary, name, map_tiles=map_tiles,
                                  map_length=min(map_length, map_tiles))
        wild = []
        for w in f.wild_hives:
            if w.name in own:
                w = replace(w, spawned=True, origin=spawn_origin(own[w.name]["cause"]),
                            peak=max(w.peak, own[w.name]["strength"]))
            wild.append(w)
        seen = {w.name for w in wild}
        end = {w.name: w.strength for w in after.wild}
        for n, s in own.items():
            if n not in seen:
                wild.append(S.WildFact(n, end.get(n, 0), max(s["strength"], end.get(n, 0), 1),
                                       True, spawn_origin(s["cause"])))
        return replace(f, wild_hives=tuple(wild), hive_burned=hive_burned,
                       hive_infected=hive_infected)
    first = before.year == 1 and before.month == 1
    end = {w.name: w.strength for w in after.wild}
    names = list(dict.fromkeys([w.name for w in before.wild] + list(end)))
    wild = tuple(S.WildFact(n, end.get(n, 0), max(end.get(n, 0), next(
        (w.strength for w in before.wild if w.name == n), 0), 1),
        spawned=n in own or n not in {w.name for w in before.wild},
        origin=(spawn_origin(own[n]["cause"]) if n in own
                else "" if n in {w.name for w in before.wild} else "season_card"))
        for n in names)
    hive = after.players[0].hive
    return S.MonthFacts(before.year, before.month, before.players[0].hive.queen,
                        brood_hatched=None if first else 0,
                        worst_disease=min(0, hive.disease(board)) if board else 0,
                        comb=hive.comb, map_tiles=map_tiles,
                        map_length=min(map_length, map_tiles), wild_hives=wild,
                        hive_burned=hive_burned, hive_infected=hive_infected)


def _add_facts(state: CampaignState, before: g.GameState, summary: g.MonthSummary | None,
               stated: Mapping[str, Any], spawns: Sequence[Mapping[str, Any]]
               ) -> CampaignState:
    m = state.game.map
    if m is not None:
        from hyvekit.rules.beelives import map as bee_map
        counted, measured = bee_map.map_size(m), bee_map.map_length(m)
    else:
        counted = state.map_tiles + (0 if summary is None else sum(
            1 for ev in summary.events if ev.get("kind") in ("action", "wild")
            and ev.get("action") == "scout"))
        measured = state.map_length
    tiles = stated.get("map_tiles", counted)
    length = min(stated.get("map_length", measured), tiles)
    facts = month_facts(before, state.game, summary, spawns, map_tiles=tiles, map_length=length,
                        hive_burned=stated.get("hive_burned", False),
                        hive_infected=state.game.players[0].infected,
                        board=state.comps.board)
    return replace(state, facts=state.facts + (facts,), map_tiles=tiles, map_length=length)


# --- winter ------------------------------------------------------------------------------------

def play_year_end(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    """Winter upkeep after the ninth month (:func:`hyvekit.rules.beelives.game.play_winter`):
    feeding and disease for three months; in the multiple-years variant the year's surviving
    bees and honey score now, each player gets a skip feeding token, played season cards stay
    out of the decks, and the next year begins; after the last year, the final scores.

    ``starvation``: player → ``"take"`` (starvation tokens for starving bees among the last
    three).  ``queens``: player → queen type for the next year (Three Generations, year 2:
    "Your queen died during the winter! Before the year begins, you must choose a different
    queen" — required then, and refused anywhere else).

    :raises IllegalActionError: winter is not due; Three Generations without a different queen.
    :raises InvalidInputError: unknown player, policy or queen.
    """
    data = _keys("year-end", data, YEAR_END_KEYS)
    _require_playable(state)
    starvation = data.get("starvation") or {}
    queens = data.get("queens") or {}
    for what, table in (("starvation", starvation), ("queens", queens)):
        if not isinstance(table, Mapping):
            raise InvalidInputError(what, table, "a table player = value")
        for name in table:
            state.game.player(name)
    for name, v in starvation.items():
        if v not in ("take", "none"):
            raise InvalidInputError(f"starvation.{name}", v, "take or none")
    year = state.game.year
    game, events = g.play_winter(state.game, state.comps.game, dict(starvation))
    campaign = next((c for c in state.cards() if isinstance(c, S.CampaignCard)), None)
    needs_queen = (campaign is not None and campaign.name == "Three Generations"
                   and game.stage == "month" and game.year == 2)
    board = state.comps.board
    if needs_queen:
        for p in game.players:
            if p.name not in queens:
                raise IllegalActionError(R_THREE_GEN, "your queen died during the winter: "
                                         "choose a different queen before year 2 begins "
                                         "(--queen NAME=TYPE)", expected="a new queen",
                                         given="none")
    elif queens:
        raise IllegalActionError(R_WINTER, "a queen is chosen at year end only under Three "
                                 "Generations (before year 2)", expected="no queen",
                                 given=dict(queens))
    for name, q in queens.items():
        q = str(q).strip().lower()
        if q not in board.queen_types:
            raise InvalidInputError(f"queens.{name}", q, "one of " + ", ".join(board.queen_types))
        hive = game.player(name).hive
        if q == hive.queen:
            raise IllegalActionError(R_THREE_GEN, f"{name}: a different queen than the "
                                     f"{hive.queen} that died", expected=f"not {hive.queen}",
                                     given=q)
        game = game.with_hive(name, replace(hive, queen=q))
    winter = WinterEntry(year, tuple({k: e[k] for k in ("hive", "bees", "honey", "tokens",
                                                         "vp", "out", "final")} for e in events))
    facts = state.facts
    if facts and facts[-1].year == year and facts[-1].month == 9:
        bees = next(e["bees"] for e in events if e["hive"] == state.game.players[0].name)
        facts = facts[:-1] + (replace(facts[-1], winter_bees=bees),)
    scores = g.final_scoring(game, board) if game.stage == "over" else None
    return replace(state, game=game, winters=state.winters + (winter,), facts=facts,
                   scores=scores)


# --- goals and summary -------------------------------------------------------------------------

def goals(state: CampaignState) -> tuple[dict[str, Any], ...]:
    """Goals met / at risk / failed, each ``{card, goal, status, reason, year}``.

    Solo games with cards: every card's goals judged over the months played
    (:func:`hyvekit.rules.beelives.solo.combined_verdicts`), plus the standard goal for each
    year.  Other games: the standard goal per player and year — "You must have at least one
    worker bee that survives each winter" (Multiple Years Variant; End of the Game: only a
    player with a surviving bee can win).
    """
    cards = state.cards()
    if state.settings.solo and cards:
        vs = S.combined_verdicts(cards, state.facts, years=state.settings.years,
                                 over=state.over)
        return tuple({"card": v.card, "goal": v.goal, "status": v.status, "reason": v.reason,
                      "year": v.year} for v in vs)
    out = []
    done = {w.year: {h["hive"]: h for h in w.hives} for w in state.winters}
    for y in range(1, state.settings.years + 1):
        for p in state.game.players:
            h = done.get(y, {}).get(p.name)
            if h is None:
                status, reason = S.AT_RISK, (f"{p.name}: at least one worker bee must survive "
                                             f"the winter of year {y}")
            elif h["bees"] >= 1:
                status, reason = S.MET, (f"{p.name}: {h['bees']} worker bees survived the winter "
                                         f"of year {y}")
            else:
                status, reason = S.FAILED, (f"{p.name}: no worker bee survived the winter of "
                                            f"year {y}")
            out.append({"card": "standard", "goal": S.SURVIVE, "status": status,
                        "reason": reason, "year": y, "player": p.name})
    return tuple(out)


def next_step(state: CampaignState) -> str:
    """What is to be logged next, in words."""
    game = state.game
    if state.challenge == RANDOM:
        return "draw the challenge card"
    if game.stage == "over":
        return "nothing: the game is over"
    if game.stage == "winter":
        return f"winter upkeep of year {game.year} (hyvekit beelives year-end)"
    return f"year {game.year} {g.month_name(game.month)}"


def hive_rows(state: CampaignState) -> list[dict[str, Any]]:
    """Each player hive's state: workers, resources, comb, disease, VP, tokens, queen."""
    board = state.comps.board
    rows = []
    for p in state.game.players:
        h = p.hive
        rows.append({"name": p.name, "queen": h.queen, "workers": h.workers, "honey": h.honey,
                     "pollen": h.pollen, "water": h.water, "empty": h.empty, "comb": h.comb,
                     "disease": h.disease(board), "vp": h.vp, "starvation": h.starvation,
                     "skip_feeding": h.skip_feeding, "paused": h.paused, "out": p.out,
                     "infected": p.infected,
                     "threshold": board.threshold(h.comb, h.queen == "nomadic")})
    return rows


def result(state: CampaignState) -> dict[str, Any]:
    """The small, deterministic view stored with each event and compared by ``campaign
    check``: where the game stands, every hive's values, the wild hives, the goals' statuses
    and the final totals."""
    game = state.game
    out: dict[str, Any] = {
        "year": game.year, "month": g.month_name(game.month), "stage": game.stage,
        "card": game.card, "challenge": state.challenge,
        "hives": {r["name"]: {k: r[k] for k in ("queen", "workers", "honey", "pollen", "water",
                                                  "comb", "disease", "vp", "starvation")}
                  for r in hive_rows(state)},
        "wild": {w.name: w.strength for w in game.wild},
        "goals": [f"{v['card']}: {v['goal']}"
                  + (f" (year {v['year']})" if v.get("year") else "")
                  + (f" [{v['player']}]" if v.get("player") else "") + f": {v['status']}"
                  for v in goals(state)],
    }
    if state.scores is not None:
        out["totals"] = {l.player.name: l.total for l in state.scores.lines}
    return out


def summary(state: CampaignState) -> dict[str, Any]:
    """The status as plain JSON: settings, year / month / stage / season card, each hive, the
    wild hives, every month logged (with overrides and disputes), the winters, the goals, the
    outcome and — once the game is over — the final scores (and the solo score chart rating
    for a one-year solo game); with Wildfire on the map, ``fire``: its start edge, direction,
    next row, the burnt tiles and the hive's distance from them."""
    game = state.game
    s = state.settings
    board = state.comps.board
    goal_list = list(goals(state))
    if s.solo and state.cards():
        outcome = S.outcome(S.Verdict(v["card"], v["goal"], v["status"], v["reason"])
                            for v in goal_list)
    else:
        outcome = ("lost" if any(v["status"] == S.FAILED for v in goal_list) and s.solo
                   else "over" if state.over else "in play")
    out: dict[str, Any] = {
        "kind": s.kind, "years": s.years, "players": [p.name for p in s.players],
        "cards": {"challenge": state.challenge, "scenario": s.scenario,
                  "campaign": s.campaign},
        "solo_hard": s.solo_hard,
        "year": game.year, "month": g.month_name(game.month), "season": game.season,
        "stage": game.stage, "next": next_step(state), "card": game.card,
        "first_player": game.players[game.first_player].name,
        "hives": hive_rows(state),
        "wild": [{"name": w.name, "strength": w.strength, "dormant": w.dormant,
                  "haunted": w.haunted, "infected": w.infected} for w in game.wild],
        "months": [{"year": m.year, "month": g.month_name(m.month), "card": m.card,
                    "override": m.override, "reason": m.reason, "dispute": m.dispute,
                    "derived": m.derived,
                    "vp": {n: h.get("vp_gained", 0)
                           for n, h in (m.summary.get("hives") or {}).items()}}
                   for m in state.months],
        "overrides": sum(1 for m in state.months if m.override),
        "winters": [{"year": w.year, "hives": [dict(h) for h in w.hives]}
                    for w in state.winters],
        "goals": goal_list, "outcome": outcome,
        "board": {"file": s.board, "assumed": list(board.assumed)},
    }
    if s.solo or game.map is not None:
        tiles, length = state.map_tiles, state.map_length
        if game.map is not None:
            from hyvekit.rules.beelives import map as bee_map
            tiles, length = bee_map.map_size(game.map), bee_map.map_length(game.map)
        out["map"] = {"tiles": tiles, "length": length, "on_map": game.map is not None}
        if game.map is not None:     # the dark sides a forage or an action must roll on
            for side in ("haunted", "infected"):
                out["map"][side] = [list(c) for c, t in game.map.tiles if t.dark == side]
    fire = _wildfire_summary(state)            # Wildfire on the map (ruling L133)
    if fire is not None:
        out["fire"] = fire
    if state.scores is not None:
        sc = state.scores
        lost = s.solo and outcome == "lost"      # a failed solo goal: nobody wins
        out["scores"] = {"players": [{"name": l.player.name, "total": l.total,
                                      "eligible": l.eligible} for l in sc.lines],
                         "winners": [] if lost else list(sc.winners),
                         "tiebreak": None if lost else sc.tiebreak}
        if s.solo and s.years == 1:
            from hyvekit.rules.beelives.endgame import solo_rating
            out["scores"]["rating"] = solo_rating(sc.lines[0].total, board)
    return out


def describe(event_type: str, data: Mapping[str, Any]) -> str:
    """One line for a history table (an override is marked ``OVERRIDE``)."""
    if not isinstance(data, Mapping):
        return event_type
    if event_type == "draw-card":
        return f"challenge card drawn: {data.get('card')}"
    if event_type == "month":
        m = data.get("month") if isinstance(data.get("month"), Mapping) else {}
        month = m.get("month")
        if isinstance(month, int) and 1 <= month <= 9:
            month = g.month_name(month)
        text = f"year {m.get('year', 1)} {month}: {m.get('card')}"
        if data.get("override"):
            text += " — OVERRIDE (disputed)" + (f": {data['reason']}" if data.get("reason")
                                                else "")
        return text
    if event_type == "year-end":
        extra = []
        if data.get("starvation"):
            extra.append("starvation " + ", ".join(f"{k}={v}" for k, v in
                                                   data["starvation"].items()))
        if data.get("queens"):
            extra.append("new queens " + ", ".join(f"{k}={v}" for k, v in
                                                   data["queens"].items()))
        return "winter upkeep and year end" + (f" ({'; '.join(extra)})" if extra else "")
    return event_type


__all__ = ["CampaignSettings", "CampaignState", "Components", "KINDS", "MonthEntry",
           "PlayerSetting", "WinterEntry", "describe", "draw_challenge", "goals", "hive_rows",
           "month_facts", "new_campaign", "next_step", "play", "play_month_event",
           "play_year_end", "result", "settings_from_dict", "summary"]
