"""Logging a month and a year-end into a Bee Lives campaign (rules/bee-lives.txt, "Productive
Months", "Winter Upkeep", the solo cards' stated dice), with disputed months (rulings L101)
and the solo facts the goals are judged from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import solo_cards as S
from hyvekit.rules.beelives.campaign_settings import (
    MAX_REASON,
    MONTH_EVENT_KEYS,
    R_CAMPAIGN,
    R_THREE_GEN,
    R_WINTER,
    R_YEARS,
    STATED_KEYS,
    YEAR_END_KEYS,
    CampaignState,
    MonthEntry,
    WinterEntry,
    flag,
    require_playable,
)

from hyvekit.rules.beelives.plan import same_month
from hyvekit.rules.beelives.solofacts import spawn_origin
from hyvekit.rules.beelives.under_siege import UNDER_SIEGE, stated_siege_spawns, stated_siege_turns
from hyvekit.rules.beelives.wildfire import (
    R_WILDFIRE,
    FireMonth,
    fire_spawns,
    refuse_after_loss,
    spread_at_month_start,
)
from hyvekit.rules.beelives.zombees import stated_first_infection, stated_hive_infection
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted, require_int
from hyvekit.rules.validate import not_one_of

# the record parser's checks: one wording for malformed campaign settings and month files
from hyvekit.rules.validate import coord as _coord
from hyvekit.rules.validate import record_table as _keys
from hyvekit.rules.validate import text as _text
from hyvekit.rules.validate import whole as _int
from hyvekit.rules.values import replace

if TYPE_CHECKING:
    from hyvekit.rules.beelives.solo_goals import MonthFacts


def play_month_event(state: CampaignState, data: Mapping[str, Any], *,
                     played: tuple[g.GameState, g.MonthPlan, g.MonthResult] | None = None
                     ) -> CampaignState:
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

    ``played``: the month as the table played it, ``(its start, its plan, its result)``
    (:func:`~hyvekit.rules.beelives.engine.push`): taken instead of playing the month
    again when the month record starts from that state with that plan.

    :raises IllegalActionError: the month is against the rules and not overridden.
    :raises InvalidInputError: malformed month or stated values, an unknown name — never
        overridden: the file must be corrected.
    """
    from hyvekit.rules.beelives import record as rec
    data = _keys("month event", data, MONTH_EVENT_KEYS)
    _require_month_due(state)
    override, reason = _override_reason(data)
    plan = rec.parse_month(data.get("month"), "month")
    stated = _stated(state, data.get("stated") or {})
    game = state.game
    comps = state.comps.game
    plan = stated_first_infection(plan, stated)
    game = stated_hive_infection(state, game, stated)
    plan = stated_siege_turns(state, game, plan, stated)
    before = game
    game, fire = spread_at_month_start(state, game, stated)        # Wildfire on the map (L130)
    if fire is not None and fire.hive_burned:                  # you lose at once (L92, L132)
        return _wildfire_lost(state, before, game, plan, stated, fire, override, reason,
                              _record_of(data))
    game, pre_spawns = _card_spawns_at_start(state, game, plan, stated)
    game, summary, dispute = _play_or_dispute(game, plan, comps, played, override)
    late: list[dict] = []
    if summary is None:      # the month could not be played: the stated spawns stand
        game, late = stated_siege_spawns(state, game, plan, stated, summary)
    spawns = pre_spawns + late
    entry = MonthEntry(plan.year, plan.month, plan.card,
                       _summary_dict(summary, game, comps.board, spawns),
                       override, reason.strip(), dispute, summary is not None)
    state = replace(state, game=game, months=state.months + (entry,),
                    month_data=state.month_data + (_record_of(data),))
    if fire is not None:                       # Wildfire on the map: the front, the month's row
        state = _wildfire_record(state, fire)
    if state.settings.solo:
        state = add_facts(state, before, summary, stated, spawns + _siege_spawns_in_turn(summary))
    return state


def _require_month_due(state: CampaignState) -> None:
    """A month file can be logged now: the campaign is playable, no month is being played at
    the table, the year is not over (rules/bee-lives.txt, "Winter Upkeep"), Wildfire on the
    map has not lost the game (ruling L132) and the game is not over ("Multiple Years
    Variant"); checked in that order.

    :raises IllegalActionError: the first of these that fails (rule named).
    """
    require_playable(state)
    if state.table is not None:
        raise IllegalActionError(R_CAMPAIGN, f"{g.month_name(state.game.month)} of year "
                                 f"{state.game.year} is being played at the table: finish it "
                                 "(hyvekit beelives next / do) or take its steps back "
                                 "(hyvekit campaign undo) before logging a month file",
                                 expected="the month at the table", given="a month file")
    if state.game.stage == "winter":
        raise IllegalActionError(R_WINTER, f"year {state.game.year} is over: play winter upkeep "
                                 "first (hyvekit beelives year-end)", expected="year-end",
                                 given="month")
    refuse_after_loss(state)       # Wildfire on the map: lost when the hive burned (L132)
    if state.game.stage == "over":
        raise IllegalActionError(R_YEARS, f"the game is over after year {state.game.year} "
                                 f"({state.settings.years}-year game)", expected="no more months",
                                 given="month")


def _override_reason(data: Mapping[str, Any]) -> tuple[bool, str]:
    """A month event's ``override`` flag and its ``reason`` (``""`` when none; as given, not
    yet stripped) for a disputed month (ruling L101).

    :raises InvalidInputError: ``override`` not true or false; a reason that is not a text of
        at most ``MAX_REASON`` characters, or a reason without ``override``.
    """
    override = flag("override", data.get("override", False))
    reason = data.get("reason") or ""
    if not isinstance(reason, str) or len(reason) > MAX_REASON:
        raise InvalidInputError("reason", reason, f"a text of at most {MAX_REASON} characters")
    if reason and not override:
        raise InvalidInputError("reason", reason, "a reason only with --override")
    return override, reason


def _play_or_dispute(game: g.GameState, plan: g.MonthPlan, comps: g.Components,
                     played: tuple[g.GameState, g.MonthPlan, g.MonthResult] | None,
                     override: bool) -> tuple[g.GameState, g.MonthSummary | None, str]:
    """Play the month's productive phases (rules/bee-lives.txt, "Productive Months") from
    ``game`` by ``plan``, or take the month the table ``played`` when it is the same; an
    overridden month the rules refuse is settled as :func:`play_month_event` describes
    (ruling L101).

    :returns: the state after the month, its summary (None: the month could not be played)
        and the refusal disputed (``""``: none).
    :raises IllegalActionError: the month is against the rules and not overridden.
    """
    dispute = ""
    summary: g.MonthSummary | None = None
    try:
        if played is not None and played[0] == game and same_month(played[1], plan):
            result = played[2]                   # the steps at the table played it
        else:
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
    return game, summary, dispute


def _siege_spawns_in_turn(summary: g.MonthSummary | None) -> list[dict]:
    """Under Siege's wild hives spawned during the players' turns of a played month (ruling
    L106), as ``{"wild", "strength", "cause", "by", "dormant"}``; none when the month could
    not be played."""
    return [] if summary is None else [
        {k: w[k] for k in ("wild", "strength", "cause", "by", "dormant")}
        for w in summary.wild_spawned if w.get("cause") == f"card: {UNDER_SIEGE}"]


def _record_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The month record of a ``month`` event: its ``month`` table and its ``stated`` values."""
    return {k: data[k] for k in ("month", "stated") if data.get(k)}


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
            out[key] = flag(f"stated.{key}", raw[key])
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


def _card_spawns_at_start(state: CampaignState, game: g.GameState, plan: g.MonthPlan,
                          stated: Mapping[str, Any]) -> tuple[g.GameState, list[dict]]:
    """Campaign cards' spawns at the start of a month (Three Generations year 2: in the first
    month of each season roll the D6, halve it rounded up, spawn that many wild hives of
    strength 4; Wildfire year 2: two D4 rolls, one wild hive of strength 4 each, "none" when
    no legal space).  The names come in ``stated.spawn``; Three Generations' D6 in
    ``stated.season_d6``; on the map Wildfire's D4s in ``stated.fire_spawn_d4``
    (:func:`fire_spawns`)."""
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
            from hyvekit.rules.beelives.three_generations import season_start_spawns
            want, strength = season_start_spawns(yr, plan.month, d6)
        except InvalidInputError as exc:
            raise InvalidInputError(f"stated.season_d6 ({R_THREE_GEN})", exc.given,
                                    exc.allowed) from None
        rule = R_THREE_GEN
    elif card is not None and card.name == "Wildfire" and year == 2:
        yr = card.year(year)
        want, strength = yr.rule("fire_spawn_rolls"), yr.rule("fire_spawn_strength")
        rule = R_WILDFIRE
        if game.map is not None:      # on the map: each D4's places are checked (ruling L131)
            return fire_spawns(game, card, names, stated, want, strength, state.comps.game)
    if want is None:
        if names or "season_d6" in stated:
            raise IllegalActionError(R_CAMPAIGN, "no solo card spawns wild hives at the start of "
                                     "this month", expected="no stated spawn",
                                     given=[n for n, _ in names] or stated.get("season_d6"))
        return game, []
    if len(names) != want:
        raise IllegalActionError(rule, f"{counted(want, 'wild hive')} of strength {strength} "
                                 f"spawn{'s' if want == 1 else ''} at "
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


def _wildfire_lost(state: CampaignState, before: g.GameState, game: g.GameState,
                   plan: g.MonthPlan, stated: Mapping[str, Any], fire: FireMonth,
                   override: bool, reason: str, plan_data: Any) -> CampaignState:
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
    game, _ = g.event_phase(game, plan.card, state.comps.game)   # the card revealed: checked
    game = replace(game, stage="over")
    summary = {"hives": {p.name: {"vp_gained": 0} for p in game.players}, "wild_spawned": [],
               "fire": fire.to_dict(), "lost": f"{name}'s hive burned"}
    entry = MonthEntry(plan.year, plan.month, game.card, summary, override, reason.strip())
    state = replace(state, game=game, months=state.months + (entry,), fire=fire.front,
                    month_data=state.month_data + (plan_data,))
    return add_facts(state, before, None, {**stated, "hive_burned": True}, [])


def _wildfire_record(state: CampaignState, fire: FireMonth) -> CampaignState:
    """Keep the fire front after this month's flip and show the flip in the month's entry."""
    entry = state.months[-1]
    entry = replace(entry, summary={**entry.summary, "fire": fire.to_dict()})
    return replace(state, fire=fire.front, months=state.months[:-1] + (entry,))


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


def month_facts(before: g.GameState, after: g.GameState, summary: g.MonthSummary | None,
                spawns: Sequence[Mapping[str, Any]], *, map_tiles: int, map_length: int,
                hive_burned: bool = False, hive_infected: bool = False,
                board=None) -> MonthFacts:
    """The solo hive's month as :class:`~hyvekit.rules.beelives.solo.MonthFacts` (ruling L103).

    A played month goes through :func:`hyvekit.rules.beelives.solofacts.month_facts` (the month
    sequencer's summary: actions, raids, swarm, brood, disease, comb, wild hives); the solo
    cards' own spawns made around the month (``spawns``: Three Generations and Wildfire at its
    start, Under Siege after it) are then marked spawned with their card's origin.  A month
    that could not be played (override case 3) has no actions; its comb and wild hives are the
    claimed ones.  Map size and length come from the campaign (stated or counted).
    """
    from hyvekit.rules.beelives import solofacts
    from hyvekit.rules.beelives.solo_goals import MonthFacts, WildFact
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
                wild.append(WildFact(n, end.get(n, 0), max(s["strength"], end.get(n, 0), 1),
                                     True, spawn_origin(s["cause"])))
        return replace(f, wild_hives=tuple(wild), hive_burned=hive_burned,
                       hive_infected=hive_infected)
    first = before.year == 1 and before.month == 1
    end = {w.name: w.strength for w in after.wild}
    names = list(dict.fromkeys([w.name for w in before.wild] + list(end)))
    wild = tuple(WildFact(n, end.get(n, 0), max(end.get(n, 0), next(
        (w.strength for w in before.wild if w.name == n), 0), 1),
        spawned=n in own or n not in {w.name for w in before.wild},
        origin=(spawn_origin(own[n]["cause"]) if n in own
                else "" if n in {w.name for w in before.wild} else "season_card"))
        for n in names)
    hive = after.players[0].hive
    return MonthFacts(before.year, before.month, before.players[0].hive.queen,
                      brood_hatched=None if first else 0,
                      worst_disease=min(0, hive.disease(board)) if board else 0,
                      comb=hive.comb, map_tiles=map_tiles,
                      map_length=min(map_length, map_tiles), wild_hives=wild,
                      hive_burned=hive_burned, hive_infected=hive_infected)


def add_facts(state: CampaignState, before: g.GameState, summary: g.MonthSummary | None,
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
    require_playable(state)
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
            raise not_one_of(f"queens.{name}", q, board.queen_types)
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
