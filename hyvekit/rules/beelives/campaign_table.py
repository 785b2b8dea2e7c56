"""A Bee Lives campaign played at the table, step by step (:mod:`.table`): the ``step`` event
``{"do": NOTATION}`` — one decision, resolved (the faces rolled, the card turned over) — and
what is due now (:func:`decision`).

Steps of a month are kept in the campaign as they are made; the step that ends the month
plays the month record the steps made (:func:`month_record`) exactly as ``beelives log``
plays a month file (:func:`~hyvekit.rules.beelives.campaign_month.play_month_event`), so the
month's entry, the solo facts, ``status`` and ``year-end`` do not know how it was played.
Winter upkeep is a step too (``year-end``, ``year-end take NAME[,NAME]``).

Not played at the table yet: the solo campaign cards whose dice and spawns a month record
states outside the turns (Three Generations, Wildfire); log those months from files.
"""

from __future__ import annotations

import itertools
import random
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives import table as T
from hyvekit.rules.beelives.campaign_month import play_month_event, play_year_end
from hyvekit.rules.beelives.campaign_settings import (
    RANDOM,
    CampaignState,
    require_playable,
)
from hyvekit.rules.beelives.notation import _quote
from hyvekit.rules.beelives.plan import MonthPlan
from hyvekit.rules.beelives.record import _str as _text
from hyvekit.rules.beelives.record import _table as _keys
from hyvekit.rules.beelives.state import located
from hyvekit.rules.common import IllegalActionError, InvalidInputError

R_AT_TABLE = "Bee Lives: playing at the table"

#: solo cards whose month records state dice and spawns outside the turns
NOT_AT_TABLE = ("Three Generations", "Wildfire")

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


def table_of(state: CampaignState) -> T.Table | None:
    """The month at the table: the one in progress, or the month due at its start (None at
    winter and when the game is over)."""
    if state.table is not None:
        return state.table
    if state.game.stage != "month":
        return None
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
        names = [p.name for p in state.game.players]
        takes = [c for n in range(1, len(names) + 1) for c in itertools.combinations(names, n)]
        lead = state.game.players[state.game.first_player].name
        return T.Decision("winter", lead, f"Winter Upkeep after year {state.game.year}: "
                          "three months of feeding and disease",
                          ("year-end",) + tuple("year-end take " + ",".join(_quote(n)
                                                                             for n in c)
                                                for c in takes),
                          more="take NAME: that player takes starvation tokens")
    t = table_of(state)
    assert t is not None
    return T.pending(t)


def month_record(plan: MonthPlan) -> dict[str, Any]:
    """The month record (the ``month`` table of a ``month`` event) of ``plan``: what
    ``beelives export-month`` writes and ``beelives log`` reads."""
    return tomllib.loads(rec.dump_month(plan))


def play_step(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    """Apply the ``step`` event ``{"do": NOTATION}`` (resolved: no ``roll`` or ``draw``).

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
                                "drawn): resolve it with resolve_steps")
    refuse_unsupported(state)
    if state.game.stage == "winter":
        return _winter(state, text)
    t = table_of(state)
    assert t is not None
    t = T.push(t, text)
    if not t.done:
        return replace(state, table=t)
    return play_month_event(replace(state, table=None), {"month": month_record(t.plan)})


def _winter(state: CampaignState, text: str) -> CampaignState:
    d = decision(state)
    assert d is not None
    words = text.split(None, 2)
    if words[0].lower() != "year-end" or (len(words) > 1 and words[1].lower() != "take"):
        raise IllegalActionError(T.R_TABLE, f"{d.prompt}: {text!r} is not legal. Legal: "
                                 + "; ".join(d.legal[:6]), expected=list(d.legal), given=text)
    starvation = {}
    if len(words) > 2:
        import shlex
        for name in shlex.split(words[2].replace(",", " ")):
            starvation[T.N._hive(state.game, name, "year-end take")] = "take"
    return play_year_end(state, {"starvation": starvation} if starvation else {})


def resolve_steps(state: CampaignState, texts: list[str], rng: random.Random, *,
                  auto: bool = True, roll: bool = False, said: list[str] | None = None
                  ) -> tuple[list[str], CampaignState]:
    """The steps ``texts`` applied in order on a copy of ``state``, each resolved (``roll``:
    the faces drawn with ``rng``; ``draw``: the card), and after each one the steps the tool
    plays itself (``auto``: a wild hive's only legal line; ``roll``: every die due, rolled).
    ``said``, when given, gets what happened in words
    (:func:`~hyvekit.rules.beelives.table.event_words`).

    :returns: ``(resolved steps in order, the state after them)``.
    :raises IllegalActionError, InvalidInputError: the first step refused (``step N`` named).
    """
    out: list[str] = []
    said = [] if said is None else said
    state = _settle(state, out, rng, auto, roll, said)
    for i, text in enumerate(texts, 1):
        try:
            if state.game.stage == "winter" or state.game.stage == "over":
                d = decision(state)
                if d is None:
                    raise IllegalActionError(R_AT_TABLE, "the game is over: nothing is due",
                                             expected="nothing", given=text)
                resolved = " ".join(text.split())
                state = play_step(state, {"do": resolved})
                said.append(resolved)
                said.append(f"Winter Upkeep after year {state.winters[-1].year} is played")
            else:
                refuse_unsupported(state)
                t = table_of(state)
                assert t is not None
                d = T.pending(t)
                t2 = T.push(t, text, rng)
                resolved = t2.steps[-1]
                said.append(_step_words(d, resolved))
                said += _words(t, t2)
                state = play_step(state, {"do": resolved})
        except (IllegalActionError, InvalidInputError) as exc:
            if len(texts) > 1:
                raise located(exc, f"step {i} ({text})") from None
            raise
        out.append(resolved)
        state = _settle(state, out, rng, auto, roll, said)
    return out, state


def _step_words(d: T.Decision | None, resolved: str) -> str:
    """A step as ``do`` shows it: the notation; a die with what it was rolled for."""
    if d is not None and d.kind == "dice":
        return f"{resolved}  ({d.prompt.replace(': roll', ': rolled').split(' (')[0]})"
    return resolved


def _words(before: T.Table, after: T.Table) -> list[str]:
    events = after.result.events if after.result is not None else after.events
    lines = [T.event_words(ev) for ev in events[len(before.events):]]
    if after.result is not None:
        lines.append(f"{T.describe_month(after)} is played")
    return [x for x in lines if x]


def _settle(state: CampaignState, out: list[str], rng: random.Random, auto: bool,
            roll: bool, said: list[str]) -> CampaignState:
    """Play the steps the tool makes itself (see :func:`resolve_steps`)."""
    while (auto or roll) and state.game.stage == "month":
        d = decision(state)
        if d is None:
            break
        t = table_of(state)
        assert t is not None
        if d.auto:
            t2 = T.push(t, d.legal[0], rng)
            said.append(f"{t2.steps[-1]}  (by its priority chart)")
        elif roll and d.kind == "dice":
            t2 = T.push(t, "roll", rng)
            said.append(_step_words(d, t2.steps[-1]))
        else:
            break
        text = t2.steps[-1]
        said += _words(t, t2)
        state = play_step(state, {"do": text})
        out.append(text)
    return state


def view(state: CampaignState) -> dict[str, Any]:
    """The table now, JSON-able: ``year``, ``month``, ``season``, ``phase`` (in words),
    ``card`` in effect, ``round``, ``first_player``, ``hives`` (each player hive: queen,
    workers, ``free`` unassigned, resources, comb, empty, disease, VP, starvation tokens) and
    ``wild`` (name, strength, dormant, haunted, infected) as they stand after the steps so far,
    and ``steps``, the month's steps so far."""
    game = state.game
    t = state.table
    now = t.state if t is not None and t.state is not None else game
    if game.stage == "over":
        phase = "the game is over"
    elif game.stage == "winter":
        phase = "Winter Upkeep"
    elif t is None or t.state is None:
        phase = ("Event Phase" if game.first_month else "Egg, Feeding, Brood, Swarm and "
                 "Event Phases")
    elif now.stage == "actions" and T.next_actor(now) is not None:
        phase = f"Action Phase, round {now.round}"
    else:
        phase = "Cleanup Phase"
    board = state.comps.board
    return {
        "year": game.year, "month": T.month_name(game.month), "season": game.season,
        "phase": phase, "card": now.card, "round": now.round if now.stage == "actions" else None,
        "first_player": game.players[game.first_player].name,
        "hives": [{"name": p.name, "queen": p.hive.queen, "workers": p.hive.workers,
                   "free": p.hive.unassigned if now.stage == "actions" else p.hive.workers,
                   "honey": p.hive.honey, "pollen": p.hive.pollen, "water": p.hive.water,
                   "comb": p.hive.comb, "empty": p.hive.empty,
                   "disease": p.hive.disease(board), "vp": p.hive.vp,
                   "starvation": p.hive.starvation} for p in now.players],
        "wild": [{"name": w.name, "strength": w.strength, "dormant": w.dormant,
                  "haunted": w.haunted, "infected": w.infected} for w in now.wild],
        "steps": list(t.steps) if t is not None else [],
    }


def odds(state: CampaignState) -> dict[str, str]:
    """Beside each raid option of the decision due: its chance of success and expected honey
    (:func:`~hyvekit.rules.beelives.table.raid_notes`), by notation."""
    t = state.table if state.table is not None else table_of(state)
    d = decision(state)
    if t is None or t.state is None or d is None or d.kind != "action":
        return {}
    return dict(T.raid_notes(t.state, d.actor, state.comps.game))

