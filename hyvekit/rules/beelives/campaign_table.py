"""A Bee Lives campaign played at the table, step by step (:mod:`.table`): the ``step`` event
``{"do": NOTATION}`` — one decision, resolved (the faces rolled, the card turned over) — and
what is due now (:func:`decision`).

Steps of a month are kept in the campaign as they are made; the step that ends the month
plays the month record the steps made (:func:`month_record`) exactly as ``beelives log``
plays a month file (:func:`~hyvekit.rules.beelives.campaign_month.play_month_event`), so the
month's entry, the solo facts, ``status`` and ``year-end`` do not know how it was played.
Winter upkeep is a step too (``year-end``, ``year-end take NAME[,NAME]``).

The solo campaign cards' start of a month comes before the month's table: Three Generations'
season wild hives (:class:`Prelude`), Wildfire's fire and its wild hives (:class:`FirePrelude`);
what they decide goes into the month record's ``stated`` values.
"""

from __future__ import annotations

import itertools
import random
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hyvekit.rules.beelives import table as T
from hyvekit.rules.beelives.campaign_settings import (
    R_THREE_GEN,
    R_WILDFIRE,
    RANDOM,
    CampaignState,
    require_playable,
)
from hyvekit.rules.beelives.notation import quote_name
from hyvekit.rules.beelives.month_start import wakes_wild_hives
from hyvekit.rules.beelives.plan import MonthPlan
from hyvekit.rules.beelives.spawning import spawn_wild
from hyvekit.rules.beelives.state import NONE, map_module
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.common import counted
from hyvekit.rules.table import dice_steps
from hyvekit.rules.validate import record_table as _keys
from hyvekit.rules.validate import text as _text
from hyvekit.rules.values import dataclass

R_AT_TABLE = "Bee Lives: playing at the table"

#: solo cards whose month records state dice and spawns outside the turns
NOT_AT_TABLE: tuple[str, ...] = ()

R_THREE_GEN_CARD = "Three Generations"

#: the longest step kept
MAX_STEP = 200


def refuse_unsupported(state: CampaignState) -> None:
    """:raises IllegalActionError: a solo card in play that is not played at the table yet
    (:data:`NOT_AT_TABLE`), the challenge card still to draw, or the game over."""
    require_playable(state)
    if state.challenge == RANDOM:
        raise IllegalActionError(R_AT_TABLE, "draw the challenge card first (hyvekit beelives "
                                 "draw)", expected="draw-card", given="step")
    for card in state.cards():
        if card.name in NOT_AT_TABLE:
            raise IllegalActionError(R_AT_TABLE, f"{card.name} is not played at the table yet: "
                                     "log its months from files (hyvekit beelives log)",
                                     expected="beelives log", given=card.name)
    if state.game.stage == "over":
        raise IllegalActionError(R_AT_TABLE, "the game is over: nothing is due",
                                 expected="nothing", given="step")


@dataclass(frozen=True)
class Prelude:
    """Three Generations, year 2, the first month of a season: "roll the D6 and divide the
    result by 2, rounded up. Spawn that many wild hives (strength 4) on the map" — the D6
    (``d6``) and the wild hives placed so far (``spawns``: name, tile or None), before the
    month begins (the month record's ``stated.season_d6`` / ``stated.spawn``)."""

    d6: int | None = None
    spawns: tuple[tuple[str, tuple[int, int] | None], ...] = ()

    def stated(self) -> dict[str, Any]:
        """The month record's ``stated`` values."""
        return {"season_d6": self.d6, "spawn": [
            n if at is None else {"wild": n, "at": list(at)} for n, at in self.spawns]}


def _three_generations(state: CampaignState):
    return next((c for c in state.cards() if c.name == R_THREE_GEN_CARD), None)


def _prelude_rules(state: CampaignState) -> tuple[int, int] | None:
    """``(wild hives to spawn on a roll of 1, strength)`` when this month starts with Three
    Generations' spawns, else None."""
    card = _three_generations(state)
    if card is None or state.game.stage != "month" or isinstance(state.table, T.Table):
        return None
    from hyvekit.rules.beelives.three_generations import season_start_spawns
    try:
        want, strength = season_start_spawns(card.year(state.game.year), state.game.month, 1)
    except (InvalidInputError, KeyError, AttributeError):
        return None
    return (want, strength) if want else None


def _prelude_game(state: CampaignState, prelude: Prelude) -> Any:
    """The game with the prelude's wild hives spawned so far."""
    from hyvekit.rules.beelives.three_generations import season_start_spawns
    game = state.game
    card = _three_generations(state)
    _, strength = season_start_spawns(card.year(game.year), game.month, 1)
    for name, at in prelude.spawns:
        if name != NONE:
            game, _ = spawn_wild(game, name, strength, cause=f"card: {R_THREE_GEN_CARD}",
                                 by=game.players[0].name, rule=R_THREE_GEN, at=at,
                                 comps=state.comps.game)
    return game


def _prelude_decision(state: CampaignState) -> T.Decision | None:
    if _prelude_rules(state) is None:
        return None
    prelude = state.table if isinstance(state.table, Prelude) else Prelude()
    if prelude.d6 is None:
        return T.Decision("dice", None, f"{R_THREE_GEN_CARD}: roll the D6 for the season's "
                          "wild hives (half the roll, rounded up, spawn at strength 4)",
                          dice_steps(1, range(1, 7)), more="or the face rolled, 1-6")
    from hyvekit.rules.beelives.three_generations import season_start_spawns
    card = _three_generations(state)
    want, _ = season_start_spawns(card.year(state.game.year), state.game.month, prelude.d6)
    if len(prelude.spawns) >= want:
        return None
    game = _prelude_game(state, prelude)
    name = T.free_wild_name(game)
    lead = game.players[0].name
    if name == NONE:
        return T.Decision("place", None, "no wild hive token is left", ("spawn none",),
                          auto=True)
    if game.map is None:
        return T.Decision("place", None, f"{R_THREE_GEN_CARD}: {name} spawns",
                          (f"spawn {name}",), auto=True)
    M = map_module()
    places = M.spawn_tiles(game.map)
    if not places:
        return T.Decision("place", None, "no map tile can take a wild hive", ("spawn none",),
                          auto=True)
    return T.Decision("place", lead, f"{R_THREE_GEN_CARD}: wild hive {len(prelude.spawns) + 1} "
                      f"of {want} ({name}) spawns on the map: where",
                      tuple(f"place {c[0]},{c[1]}" for c in places))


def _face(text: str, faces: int) -> int:
    """A die's face typed at the table.

    :raises InvalidInputError: not a whole number from 1 to ``faces``.
    """
    word = text.strip()
    if not (len(word) == 1 and word in "0123456789") or not 1 <= int(word) <= faces:
        raise InvalidInputError("dice", text, f"roll, or the face rolled, 1-{faces}")
    return int(word)


def _listed(d: T.Decision, text: str) -> str:
    """The option of ``d`` that ``text`` names (case and spacing forgiving).

    :raises IllegalActionError: none (the legal options given).
    """
    option = next((o for o in d.legal if o.lower() == " ".join(text.lower().split())), None)
    if option is None:
        raise T.refusal(d, text)
    return option


def _spawn_of(option: str, game: Any) -> tuple[str, tuple[int, int] | None]:
    """The wild hive a listed ``spawn NAME`` / ``place Q,R`` option spawns: its name (the next
    free one for a place) and tile."""
    words = option.split()
    if words[0] == "spawn":
        return words[1], None
    q, r = words[1].split(",")
    return T.free_wild_name(game), (int(q), int(r))


def _prelude_step(state: CampaignState, text: str) -> CampaignState:
    prelude = state.table if isinstance(state.table, Prelude) else Prelude()
    d = _prelude_decision(state)
    assert d is not None
    if d.kind == "dice":
        prelude = replace(prelude, d6=_face(text, 6))
    else:
        spawn = _spawn_of(_listed(d, text), _prelude_game(state, prelude))
        prelude = replace(prelude, spawns=prelude.spawns + (spawn,))
    state = replace(state, table=prelude)
    if _prelude_decision(state) is None:        # every wild hive placed: the month begins
        game = _prelude_game(state, prelude)
        state = replace(state, table=replace(T.new_table(game, state.comps.game),
                                             stated=prelude.stated()))
    return state


@dataclass(frozen=True)
class FirePrelude:
    """Wildfire, year 2, the start of a month (rulings L130, L131, L109): on the map the D4
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
            out["spawn"] = [n if at is None else {"wild": n, "at": list(at)}
                            for n, at in self.spawns]
        if not out.get("spawn"):
            out.pop("spawn", None)
        return out


def _fire_card(state: CampaignState):
    if (not state.settings.campaign or state.game.stage != "month"
            or isinstance(state.table, T.Table)):       # no campaign card: no Wildfire
        return None
    from hyvekit.rules.beelives.wildfire import wildfire_card
    return wildfire_card(state, state.game.year)


def _fire_game(state: CampaignState, fp: FirePrelude) -> tuple[Any, bool, int, int]:
    """The game after this month's flip and the wild hives placed so far; whether the hive
    burned; how many wild hives spawn this month, and their strength."""
    from hyvekit.rules.beelives.wildfire import spread_at_month_start
    card = _fire_card(state)
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


def _fire_decision(state: CampaignState) -> T.Decision | None:
    card = _fire_card(state)
    if card is None:
        return None
    fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
    lead = state.game.players[0].name
    on_map = state.game.map is not None
    if on_map and state.fire is None and fp.fire_d4 is None:
        return T.Decision("dice", None, f"{card.name}: roll the D4 for where the fire starts "
                          "(1 the opposite edge, 2 the right, 3 the closest, 4 the left)",
                          dice_steps(1, range(1, 5)), more="or the face rolled, 1-4")
    if not on_map and fp.burned is None:
        return T.Decision("fire", lead, f"{card.name}: has the fire reached {lead}'s tile "
                          "this month?", ("hive safe", "hive burned"))
    game, burned, want, _ = _fire_game(state, fp)
    if burned:
        return None                              # the card is turned over, nothing is played
    if len(fp.spawns) >= want:
        return None
    name = T.free_wild_name(game)
    if not on_map:
        return T.Decision("spawn", lead, f"{card.name}: wild hive {len(fp.spawns) + 1} of "
                          f"{want} ({name}) spawns as many spaces from the fire as a D4: is "
                          "there a legal space?", (f"spawn {name}", "spawn none")
                          if name != NONE else ("spawn none",))
    if len(fp.rolls) == len(fp.spawns):
        return T.Decision("dice", None, f"{card.name}: roll the D4 for wild hive "
                          f"{len(fp.spawns) + 1} of {want} (its spaces from the fire)",
                          dice_steps(1, range(1, 5)), more="or the face rolled, 1-4")
    from hyvekit.rules.beelives.wildfire import fire_spawn_places
    M = map_module()
    places = () if name == NONE else sorted(fire_spawn_places(
        fp.rolls[-1], [c for c, _ in game.map.tiles], M.burnt_tiles(game.map),
        [h.at for h in game.map.hives]))
    if not places:
        return T.Decision("place", None, f"{card.name}: no legal space {fp.rolls[-1]} from "
                          "the fire", ("spawn none",), auto=True)
    return T.Decision("place", lead, f"{card.name}: {name} spawns {counted(fp.rolls[-1], 'space')} "
                      "from the fire: where", tuple(f"place {c[0]},{c[1]}" for c in places))


def _fire_step(state: CampaignState, text: str) -> CampaignState:
    fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
    d = _fire_decision(state)
    assert d is not None
    words = text.lower().split()
    if d.kind == "dice":
        if state.game.map is not None and state.fire is None and fp.fire_d4 is None:
            fp = replace(fp, fire_d4=_face(text, 4))
        else:
            fp = replace(fp, rolls=fp.rolls + (_face(text, 4),))
    else:
        option = _listed(d, text)
        if d.kind == "fire":
            fp = replace(fp, burned=words[1] == "burned")
        else:
            fp = replace(fp, spawns=fp.spawns + (_spawn_of(option, _fire_game(state, fp)[0]),))
    state = replace(state, table=fp)
    if _fire_decision(state) is None:           # the month begins (or the hive burned)
        state = replace(state, table=_fire_table(state, fp))
    return state


def _fire_table(state: CampaignState, fp: FirePrelude) -> T.Table:
    """The month at the table once the fire's start of the month is decided."""
    game, burned, _, _ = _fire_game(state, fp)
    if burned:
        return replace(T.new_table(state.game, state.comps.game),
                       stated=fp.stated() | {"hive_burned": True}, lost=True)
    return replace(T.new_table(game, state.comps.game), stated=fp.stated())


def table_of(state: CampaignState) -> T.Table | None:
    """The month at the table: the one in progress, or the month due at its start (None at
    winter, when the game is over, and while Three Generations' wild hives are placed)."""
    if isinstance(state.table, T.Table):
        return state.table
    if state.game.stage != "month" or _prelude_rules(state) is not None:
        return None
    if _fire_card(state) is not None:
        if _fire_decision(state) is not None:
            return None
        fp = state.table if isinstance(state.table, FirePrelude) else FirePrelude()
        return _fire_table(state, fp)
    return T.new_table(state.game, state.comps.game)


def decision(state: CampaignState) -> T.Decision | None:
    """What is due in the campaign now (:func:`~hyvekit.rules.beelives.table.pending`), or the
    winter upkeep (``winter``: ``year-end``, or with some players taking starvation tokens for
    starving bees among the last three); None when the game is over.

    :raises IllegalActionError: what :func:`refuse_unsupported` refuses.
    """
    if state.game.stage == "over":
        return None
    refuse_unsupported(state)
    if state.game.stage == "winter":
        return _winter_decision(state)
    prelude = _prelude_decision(state) or _fire_decision(state)
    if prelude is not None:
        return prelude
    t = table_of(state)
    assert t is not None
    return T.pending(t)


def _needs_queen(state: CampaignState) -> bool:
    """Three Generations: "Your queen died during the winter! Before the year begins, you must
    choose a different queen" (the winter after year 1)."""
    return any(c.name == R_THREE_GEN_CARD for c in state.cards()) and state.game.year == 1


def _winter_decision(state: CampaignState) -> T.Decision:
    game = state.game
    names = [p.name for p in game.players]
    takes = [()] + [c for n in range(1, len(names) + 1)
                    for c in itertools.combinations(names, n)]
    queens: list[str] = [""]
    if _needs_queen(state):
        hive = game.players[0].hive
        queens = [f" queen {q}" for q in state.comps.board.queen_types if q != hive.queen]
    lead = game.players[game.first_player].name
    legal = tuple("year-end" + (" take " + ",".join(quote_name(n) for n in c) if c else "") + q
                  for c in takes for q in queens)
    return T.Decision("winter", lead, f"Winter Upkeep after year {game.year}: three months of "
                      "feeding and disease" + (" (Three Generations: your queen dies; choose a "
                                               "different one)" if _needs_queen(state) else ""),
                      legal, more="take NAME: that player takes starvation tokens")


def card_die(state: CampaignState) -> tuple[str, int, str, bool] | None:
    """The season card's D6 after a forage or scout, when it is the decision due: (the card,
    the lowest face that spawns a wild hive, "foraging" / "scouting", whether a wild hive
    can spawn on that tile at all), else None (Season Cards: "After foraging, roll the D6.
    On 5+, spawn a wild hive"; ruling L64: not on a tile that holds a hive)."""
    t = state.table
    if not isinstance(t, T.Table) or t.state is None or t.turn is None:
        return None                 # not in a turn: winter, a card's start of the month
    hole = T.next_hole(t.state, t.turn, t.comps)
    if hole is None or hole.key != "card_d6":
        return None
    card = t.comps.card(t.state.card)
    verb = t.turn.action.action
    lowest = min(s.d6_min for s in card.spawns if s.trigger == verb and s.d6_min is not None)
    a = t.turn.action
    hit = T.spawn_due(t.state, replace(a, dice=replace(a.dice, card_d6=6)), t.comps, False)
    free = hit is not None and hit[0] != NONE
    return card.name, lowest, "foraging" if verb == "forage" else "scouting", free


def month_record(plan: MonthPlan) -> dict[str, Any]:
    """The month record (the ``month`` table of a ``month`` event) of ``plan``: what
    ``beelives export-month`` writes and ``beelives log`` reads."""
    from hyvekit.rules.beelives.record import dump_month
    return tomllib.loads(dump_month(plan))


def month_file_text(entry: Mapping[str, Any]) -> str:
    """A month of :attr:`CampaignState.month_data` as the month file (TOML text) that
    ``beelives log`` takes: the month record and, when there are any, its ``[stated]``
    values."""
    from hyvekit.rules.beelives import record as rec
    text = rec.dump_month(rec.parse_month(entry["month"], "month"))
    if entry.get("stated"):
        text += "\n[stated]\n" + "".join(f"{k} = {rec.toml_literal(v)}\n"
                                         for k, v in entry["stated"].items())
    return text


def play_step(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    """Apply the ``step`` event ``{"do": NOTATION}`` (resolved: no ``roll`` or ``draw``): a
    record's step replayed (:func:`push` is how a step is made).

    :raises IllegalActionError: a step against the rules (the rule named, the legal options
        given), a campaign not played at the table (:func:`refuse_unsupported`).
    :raises InvalidInputError: a step that is not a notation of the decision due.
    """
    data = _keys("step", data, ("do",))
    text = " ".join(_text("do", data.get("do")).split())
    if not text or len(text) > MAX_STEP:
        raise InvalidInputError("do", text[:40], f"a step of 1 to {MAX_STEP} characters")
    if text.lower() in ("roll", "draw"):
        raise InvalidInputError("do", text, "a resolved step (the faces rolled, the card "
                                "drawn): resolve it with push")
    return push(state, text, replay=True)


def push(state: CampaignState, text: str, rng: random.Random | None = None,
         replay: bool = False) -> CampaignState:
    """The campaign after one step at the table (the Bee Lives engine's push,
    :mod:`hyvekit.rules.table`): ``roll`` rolls the die due with ``rng``, ``draw`` turns over
    the card (both resolved in :attr:`CampaignState.last_step`); the month's step that ends it
    plays the month record the steps made (:func:`_month_played`).  ``replay``: a step kept
    in a record (:func:`.table.push`).

    :raises IllegalActionError: a step against the rules (the rule named, the legal options
        given), nothing due, a campaign not played at the table.
    :raises InvalidInputError: a step that is not a notation of the decision due.
    """
    text = " ".join(str(text).split())
    # a step kept in a record: a wild hive's turn is not worked out whole first (its chart's
    # lines are the sequencer's to check); a step made now is said against the decision due
    due = T.wild_due(state.table) if replay and isinstance(state.table, T.Table) else None
    d = due or decision(state)
    if d is None:
        raise IllegalActionError(R_AT_TABLE, "the game is over: nothing is due",
                                 expected="nothing", given=text)
    refuse_unsupported(state)
    t = table_of(state)
    if t is None:                     # winter upkeep, the solo cards' start of a month
        resolved = text
        if d.kind == "dice" and text.lower() == "roll":
            faces = 4 if "D4" in d.prompt else 6
            resolved = str((rng or random.Random()).randint(1, faces))
        if state.game.stage == "winter":
            after = _winter(state, resolved)
        elif _prelude_decision(state) is not None:
            after = _prelude_step(state, resolved)
        else:
            after = _fire_step(state, resolved)
        said = [_step_words(d, resolved)]
        if d.kind == "winter":
            from hyvekit.rules.beelives.summaries import winter_account
            said.append(f"Winter Upkeep after year {after.winters[-1].year} is played")
            said += winter_account(after.winters[-1].hives, after.scores)
    else:
        t2 = T.push(t, text, rng, replay=replay)
        resolved = t2.steps[-1]
        said = [_step_words(d, resolved)]
        said += _words(t, t2) if not t2.lost else ["the fire reached your hive: the game is lost"]
        after = _month_played(state, t2)
        if len(after.months) > len(state.months):     # the month's account, hive by hive
            from hyvekit.rules.beelives.summaries import month_account
            said += month_account(after.months[-1].summary,
                                  {p.name: p.hive.vp for p in after.game.players})
    return replace(after, last_step=resolved, said=tuple(said))


def _month_played(state: CampaignState, t: T.Table) -> CampaignState:
    """The campaign once the month's table is ``t``: still at the table, or, when the month
    is played, with the month record its steps made played as ``beelives log`` plays it."""
    if not t.done:
        return replace(state, table=t)
    from hyvekit.rules.beelives.campaign_month import play_month_event
    if t.lost:                                  # Wildfire burned the hive: the card only
        return play_month_event(replace(state, table=None), {
            "month": {"year": t.start.year, "month": t.start.month, "card": t.plan.card},
            "stated": dict(t.stated)})
    data: dict[str, Any] = {"month": month_record(t.plan)}
    if t.stated:
        data["stated"] = dict(t.stated)
    return play_month_event(replace(state, table=None), data,
                            played=(t.start, t.plan, t.result))


def _winter(state: CampaignState, text: str) -> CampaignState:
    """``year-end [take NAME,NAME] [queen TYPE]``."""
    import shlex

    from hyvekit.rules.beelives.campaign_month import play_year_end
    d = decision(state)
    assert d is not None
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    refuse = T.refusal(d, text)
    if not words or words[0].lower() != "year-end":
        raise refuse
    data: dict[str, Any] = {}
    rest = words[1:]
    while rest:
        key = rest.pop(0).lower()
        if key not in ("take", "queen") or not rest:
            raise refuse
        value = rest.pop(0)
        if key == "take":
            data["starvation"] = {T.N.hive_named(state.game, n.strip(), "year-end take"): "take"
                                  for n in value.split(",") if n.strip()}
        else:
            data["queens"] = {p.name: value.lower() for p in state.game.players}
    return play_year_end(state, data)


def _step_words(d: T.Decision | None, resolved: str) -> str:
    """A step as ``do`` shows it: the notation; a die with what it was rolled for; a line the
    tool played by a wild hive's chart."""
    if d is not None and d.kind == "dice":
        return f"{resolved}  ({d.prompt.replace(': roll', ': rolled').split(' (')[0]})"
    if d is not None and d.auto and d.kind == "wild":
        return f"{resolved}  (by its priority chart)"
    return resolved


def _words(before: T.Table, after: T.Table) -> list[str]:
    """What a step at the table did, in words: the sequencer's new events (phases 1-4 said
    by the step that makes the card due, :func:`_early_words`, not again when it is turned
    over), the month played."""
    if after.state is None:
        return _early_words(after) if before.steps and T.pending(after) is not None and \
            T.pending(after).kind == "card" else []
    events = after.result.events if after.result is not None else after.events
    if before.state is None and before.steps:             # said by the step before the card
        first = next((i for i, ev in enumerate(events) if ev.get("kind") == "event"), None)
        if first is not None:
            events = events[:1] + events[first:]
    lines = [T.event_words(ev) for ev in events[len(before.events):]]
    if after.result is not None:
        lines.append(f"{T.describe_month(after)} is played")
    return [x for x in lines if x]


def _early_words(t: T.Table) -> list[str]:
    """Phases 1-4 of the month (Egg, Feeding, Brood, Swarm), in words, once every choice in
    them is made and the season card is due: what :func:`start_month` plays before the
    Event Phase, under any card of the deck (the card turned over acts only from the Event
    Phase on)."""
    from hyvekit.rules.beelives.month_start import start_month
    deck = T.season_deck(t.start, t.comps)
    if not deck or t.start.first_month:
        return []
    _, events = start_month(t.start, replace(t.plan, card=deck[0]), t.comps)
    before = list(itertools.takewhile(lambda ev: ev.get("kind") != "event", events[1:]))
    return [x for x in (T.event_words(ev) for ev in before) if x]


#: the words of a card's effect on the month after it (Culling of the Drones' feeding,
#: Buttoned Up's brood); overheating's pause was already applied at its own Cleanup
CARRIED = "Phase next month"
#: what a step that fills a comb leads to (Egg Phase: "If you have zero empty cells, then
#: take a swarm token")
COMB_FULL = "comb full, so a swarm token at the next Egg Phase if still full"
#: the phase the view gives once the last winter is played
GAME_OVER = "the game is over"
#: the phase of each decision before the Action Phase, by its kind
BEFORE_ACTIONS = {"feeding": "Feeding Phase", "swarm": "Swarm Phase", "card": "Event Phase"}


def view(state: CampaignState) -> dict[str, Any]:
    """The table now, JSON-able: ``year``, ``month``, ``season``, ``phase`` (in words),
    ``card`` in effect (with its ``card_text`` and ``card_effects``; none before the Event
    Phase), ``carried``: last month's card's effects on this month before its own card
    (``{"card", "effects"}``, or None), the ``solo_cards`` in play, ``round``,
    ``first_player``, ``hives`` (each player hive: queen,
    workers, ``free`` unassigned, resources, comb, empty, disease, VP, starvation tokens) and
    ``wild`` (name, strength, dormant, haunted, infected) as they stand after the steps so far,
    ``steps``, the month's steps so far, and ``map`` (tiles, hives, workers out: the shape of
    :func:`~hyvekit.rules.beelives.map_text.to_dict`; None without the map)."""
    game = state.game
    t = state.table if isinstance(state.table, T.Table) else None
    if state.table is None and game.stage == "month" and _prelude_rules(state) is None \
            and _fire_card(state) is None:
        t = T.new_table(game, state.comps.game)      # the month due, before its first step
    now = T.shown_state(t) if t is not None else game
    if game.stage == "over":
        phase = GAME_OVER
    elif game.stage == "winter":
        phase = "Winter Upkeep"
    elif t is None and _prelude_rules(state) is not None:
        phase = f"{R_THREE_GEN_CARD}: the season's wild hives"
    elif t is None and _fire_card(state) is not None:
        phase = "Wildfire: the fire spreads, its wild hives spawn"
    elif t is None or t.state is None:
        d = T.pending(t) if t is not None else None
        phase = ("Event Phase" if game.first_month else
                 BEFORE_ACTIONS.get(d.kind if d is not None else "",
                                    "Egg, Feeding, Brood, Swarm and Event Phases"))
    elif now.stage == "actions" and T.next_actor(now) is not None:
        phase = f"Action Phase, round {_round(now)}"
    else:
        phase = "Cleanup Phase"
    board = state.comps.board
    out = _bees_out(t, now)
    card = state.comps.game.card(now.card) if now.card else None
    last = None
    if t is not None and t.state is None and not t.lost:    # before this month's card:
        last, card = card, None                             # the card on the board is last
    return {                                                # month's
        "year": game.year, "month": T.month_name(game.month), "season": game.season,
        "phase": phase, "card": card.name if card is not None else None,
        "carried": {"card": last.name, "effects": [e for e in last.effects()
                                                  if CARRIED in e]}
        if last is not None and any(CARRIED in e for e in last.effects()) else None,
        "card_text": card.text if card is not None else "",
        "card_effects": card.effects() if card is not None else [],
        "solo_cards": solo_cards(state),
        "round": _round(now) if now.stage == "actions" else None,
        "first_player": game.players[game.first_player].name,
        "hives": [{"name": p.name, "queen": p.hive.queen, "workers": p.hive.workers,
                   "free": (max(0, p.hive.unassigned - out.get(p.name, 0))
                            if now.stage == "actions" else p.hive.workers),
                   "honey": p.hive.honey, "pollen": p.hive.pollen, "water": p.hive.water,
                   "comb": p.hive.comb, "empty": p.hive.empty,
                   "threshold": board.threshold(p.hive.comb, p.hive.queen == "nomadic"),
                   "disease": p.hive.disease(board), "mite_standing": p.hive.mite_standing,
                   "paused": p.hive.paused, "swarm_token": p.hive.swarm_token,
                   "skip_feeding": p.hive.skip_feeding, "starvation": p.hive.starvation,
                   "vp": p.hive.vp} for p in now.players],
        "wild": [{"name": w.name, "strength": w.strength,
                  "dormant": w.dormant and not (t is not None and t.state is None and
                                                wakes_wild_hives(game)),
                  "haunted": w.haunted, "infected": w.infected} for w in now.wild],
        "steps": list(t.steps) if t is not None else [],
        "map": _map_dict(now.map),
    }


def _round(now: Any) -> int:
    """The action round being played: the wild hives' turns close the round the players'
    turns opened (the state has counted the next round already)."""
    return now.round - (1 if now.wild_pending else 0)


def solo_cards(state: CampaignState) -> list[dict[str, str]]:
    """The solo cards in play, as the table shows them: ``{"name", "kind" (challenge,
    scenario or campaign), "text"}`` each (Solo Play); a random challenge not yet drawn is
    left out."""
    out = []
    for kind, name in (("challenge", state.challenge), ("scenario", state.settings.scenario),
                       ("campaign", state.settings.campaign)):
        if name and name != RANDOM:
            out.append({"name": name, "kind": kind,
                        "text": state.comps.solo.find(name).text})
    return out


def notes(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """What a step leads to later that the hives' numbers do not show, from the table's
    :func:`view` before and after it: a comb it fills (Egg Phase: no empty cell, a swarm
    token)."""
    if after["phase"] == GAME_OVER:
        return ()
    was = {h["name"]: h for h in before["hives"]}
    return tuple(f"{h['name']}: {COMB_FULL}"
                 for h in after["hives"]
                 if h["empty"] == 0 and was.get(h["name"], {}).get("empty", 0) > 0)


def _bees_out(t: T.Table | None, now: Any) -> dict[str, int]:
    """The worker bees of the turn being played (its dice still to be decided: a raid's
    bees out while the raid is rolled), by player; {} when no player's turn is under way."""
    a = t.turn.action if t is not None and t.turn is not None else None
    if a is None or getattr(a, "wild", False):
        return {}
    p = next((p for p in now.players if p.name == a.actor), None)
    try:
        return {a.actor: a.assigned_bees(now, p)} if p is not None else {}
    except (IllegalActionError, InvalidInputError):     # the bees not stated yet
        return {}


def _map_dict(m) -> dict[str, Any] | None:
    """A game's map as plain JSON (:func:`~hyvekit.rules.beelives.map_text.to_dict`), None
    without the map."""
    if m is None:
        return None
    from hyvekit.rules.beelives.map_text import to_dict
    return to_dict(m)


def odds(state: CampaignState) -> dict[str, str]:
    """Beside each raid option of the decision due: its chance of success and expected honey
    (:func:`~hyvekit.rules.beelives.table.raid_notes`), by notation."""
    t = state.table if isinstance(state.table, T.Table) else None
    if t is None or t.state is None:          # no player's turn before the Event Phase
        return {}
    d = T.pending(t)
    if d is None or d.kind != "action":
        return {}
    return dict(T.raid_notes(t.state, d.actor, state.comps.game))

