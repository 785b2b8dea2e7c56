"""The one step path of every game played at the table: steps typed at a terminal
(``do``), in ``play`` or on a web page are parsed and pushed once each by the game's engine
(:mod:`hyvekit.rules.table`), all or none, and stored with the state they produced, under the
record's lock (:meth:`~hyvekit.store.campaigns.CampaignStore.transact`).  The store does not
play them again; a record read later without its kept state replays them through its adapter.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.store import campaigns as store_campaigns
from hyvekit.rules.table import Engine, play_steps, step_lengths_checked
from hyvekit.rules.values import dataclass

#: the event type of a step at the table
STEP = "step"
#: the event marking a hint shown at the table (docs/advisor.md): undone with the step after it
HINT = store_campaigns.HINT


@dataclass(frozen=True)
class Applied:
    """What :func:`apply_steps` stored.

    :ivar before: the record's state the steps were pushed on (read under the lock).
    :ivar steps: each step as stored (resolved: the faces rolled, the card drawn), the ones
        the tool made itself (a forced line, a die rolled) included.
    :ivar said: what the rules did with them, in words, in order.
    :ivar done: the store's ``(event, state after it)`` for each step.
    """

    before: Any
    steps: tuple[str, ...]
    said: tuple[str, ...]
    done: tuple[tuple[dict, Any], ...]

    @property
    def state(self) -> Any:
        """The record's state after the steps."""
        return self.done[-1][1] if self.done else self.before


def decision_data(d: Any, view: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """What any face (``next --json``, ``play``, the web table) says of a table:
    ``actor`` (who decides or rolls; None when nobody in particular does), ``decision`` (its kind; None once the
    game is over), ``prompt``, ``legal`` (each a step ``do`` takes), ``more`` (what else is
    accepted), ``auto`` (the rules leave no choice), the game's ``extra`` keys and ``table``
    (the engine's view)."""
    return {"actor": None if d.over else d.actor, "decision": None if d.over else d.kind,
            "prompt": d.prompt, "legal": list(d.legal), "more": d.more, "auto": d.auto,
            **extra, "table": view}


def table_data(game: Any, t: Any, with_previews: bool = True) -> dict[str, Any]:
    """:func:`decision_data` of the table ``t`` by its :class:`TableGame`'s engine, with
    ``preview``: what each legal option would change (:func:`~hyvekit.rules.table.previews`,
    ``{option: "…"}``; {} for a die or a card drawn), the game's extra keys, and once the
    game is over its ``final`` scores (where the game gives them beside its view).
    ``with_previews`` False: ``preview`` left empty (a table sent at once, its previews
    after)."""
    d = game.engine.pending(t)
    extra = {"preview": option_previews(game, t, d) if with_previews else {}}
    extra.update(game.extra(t) if game.extra is not None else {})
    if d.over and game.final is not None:
        extra["final"] = game.final(t)
    return decision_data(d, game.engine.view(t), **extra)


def option_previews(game: Any, t: Any, d: Any = None,
                    options: Sequence[str] | None = None) -> dict[str, str]:
    """What each legal option (or each of ``options``) of the decision due at ``t`` would
    change (:func:`~hyvekit.rules.table.previews`), each with what its
    :class:`TableGame` adds in front (:attr:`TableGame.notes`: Bee Lives' keep and reroll,
    the raid party's strength before and after)."""
    from hyvekit.rules.table import previews
    out = previews(game.engine, t, d, options)
    if game.notes is not None:
        for option, change in out.items():
            notes = game.notes(t, option)
            if notes:
                out[option] = "; ".join((*notes, change) if change else notes)
    return out


def step_event(engine: Engine, before: Any, after: Any) -> dict[str, Any]:
    """The data of the ``step`` event that took ``before`` to ``after``: ``{"do": STEP}``."""
    return {"do": engine.last_step(after)}


@dataclass(frozen=True)
class TableGame:
    """How one kind of record is played at the table: its ``engine``, the data of its step
    events (``event``) and the check made before its first step
    (``check``), ``extra``: keys its ``next --json`` adds beside the decision
    (``extra(state) -> dict``), ``final``: the final scores once the game is over, as
    its ``status --json`` gives them (None: the view shows them), and ``so_far``: the
    campaign beyond the table in lines (a Bee Lives campaign's months and winters, a legacy
    run's scenarios), as ``status`` gives them; ``notes``: what an option's preview says
    before what it changes (``notes(state, option)``; :func:`option_previews`)."""

    engine: Any
    event: Callable[[Any, Any, Any], dict[str, Any]] = step_event
    check: Callable[[Any, Any], None] | None = None
    extra: Callable[[Any], dict[str, Any]] | None = None
    final: Callable[[Any], dict[str, Any] | None] | None = None
    so_far: Callable[[Any], list[str]] | None = None
    notes: Callable[[Any, str], tuple[str, ...]] | None = None


#: the setting that leaves a single-option decision to be typed (any value but "" or 0)
ASK_FORCED = "HYVEKIT_ASK_FORCED"


def forced_steps() -> bool:
    """Whether the tool plays a decision with a single legal option itself (the default),
    or leaves it to be typed (``$HYVEKIT_ASK_FORCED`` set)."""
    return os.environ.get(ASK_FORCED, "").strip() in ("", "0")


def apply_steps(store: Any, campaign_id: str, texts: Sequence[str],
                rng: random.Random | None = None, *, game: TableGame, roll: bool = False,
                known: tuple[Any, Any] | None = None,
                check: Callable[[Any, Any], None] | None = None,
                forced: bool | None = None, listed: bool = False) -> Applied:
    """Push ``texts`` on the record's state, each once (with the steps the tool makes itself
    after each: :func:`~hyvekit.rules.table.play_steps`), and append them as ``step`` events,
    all or none.

    :param store: the :class:`~hyvekit.store.campaigns.CampaignStore`.
    :param game: how the record's kind is played at the table (:func:`table_game`): its
        engine, its step events, its own check before the first step.
    :param roll: hyvekit rolls every die that comes due.
    :param known: ``(record, state)`` the caller read before (shown to the player): when the
        record changed since and a step is refused, the refusal says so.
    :param check: called with ``(record, state)`` under the lock before the first step,
        after the game's own check (who may make the step: ``serve``).
    :param forced: the tool plays a decision with a single legal option itself (default:
        :func:`forced_steps`).
    :param listed: with ``forced``, also one whose options the engine works out only when
        asked (:func:`~hyvekit.rules.table.play_steps`).
    :raises InvalidInputError: the record is not of the engine's game and kind; a step that
        is not notation, or over :data:`~hyvekit.rules.table.MAX_STEP` characters.
    :raises IllegalActionError: a step the rules refuse (``step N (…)`` named among several);
        nothing is stored.
    """
    step_lengths_checked(texts)                  # before the lock, not under it
    engine = game.engine
    pushed: list[Any] = []
    start: list[Any] = []

    def make(record: Any, state: Any) -> list[tuple[str, dict[str, Any], Any]]:
        kind = (record.header["game"], record.header["kind"])
        if kind != (engine.game, engine.kind):
            raise InvalidInputError("campaign", campaign_id, f"a {engine.game}/{engine.kind} "
                                    f"record (this is a {kind[0]}/{kind[1]} record)")
        for checked in (game.check, check):
            if checked is not None:
                checked(record, state)
        start.append(state)
        pushed.extend(play_steps(engine, state, texts, rng or random.Random(), roll=roll,
                                 forced=forced_steps() if forced is None else forced,
                                 listed=listed))
        befores = [state, *pushed[:-1]]
        return [(STEP, game.event(engine, b, a), a) for b, a in zip(befores, pushed)]

    done = store.transact(campaign_id, make, known=known)
    return Applied(start[0], tuple(engine.last_step(t) for t in pushed),
                   tuple(line for t in pushed for line in engine.said(t)), tuple(done))


#: the kinds of record played at the table, as (game, kind)
AT_TABLE = (("beelives", "campaign"), ("hyve", "scenario"), ("hyve", "legacy"), ("beez", "game"),
            ("queenbee", "match"))


def table_game(game: str, kind: str, sheets: Any = None) -> TableGame:
    """The :class:`TableGame` of a record's ``game``/``kind`` (``sheets``: a Hyve Legacy
    run's booklet file, for a scenario's first step).

    :raises InvalidInputError: a record not played at the table.
    """
    if (game, kind) == ("beelives", "campaign"):
        from hyvekit.games import beelives as B

        def odds(state: Any) -> dict[str, Any]:
            over = B.table_engine().pending(state).over
            return {"odds": {} if over else B.table_odds(state)}

        def scores(state: Any) -> dict[str, Any] | None:
            return B.summary(state).get("scores")
        return TableGame(B.table_engine(), extra=odds, final=scores, so_far=beelives_so_far,
                         notes=B.reroll_preview)
    if (game, kind) == ("hyve", "scenario"):
        from hyvekit.games import hyve as H
        return TableGame(H.scenario_engine())
    if (game, kind) == ("hyve", "legacy"):
        from hyvekit.games import hyve as H
        return TableGame(H.legacy_engine(sheets), H.legacy_step_event(sheets),
                         H.check_legacy_step, so_far=legacy_so_far)
    if (game, kind) == ("beez", "game"):
        from hyvekit.games import beez as Z
        return TableGame(Z.table_engine())
    if (game, kind) == ("queenbee", "match"):
        from hyvekit.games import queenbee as Q
        return TableGame(Q.table_engine(), Q.step_event)
    raise InvalidInputError("campaign", f"{game}/{kind}", "a record played at the table: "
                            + ", ".join(f"{g}/{k}" for g, k in AT_TABLE))


#: the rule a refused undo at the table names
R_UNDO = "Undo at the table"


def undo_steps(store: Any, campaign_id: str, game: TableGame, *,
               forced: bool | None = None) -> list[str]:
    """Take back the last step made at the table and, before it, every step the player did
    not choose: a die or a card drawn (undoing it takes back the step that made it due, so an
    undo is never a re-roll) and a step the tool played (:attr:`~hyvekit.rules.table.Decision.auto`,
    and with ``forced`` — default :func:`forced_steps` — a single-option decision).  One
    undo of the store (``campaign redo`` brings them all back).  A hint shown since the step
    (a ``hint`` event) is undone with it: it was shown for a decision no longer due (the
    record keeps it, undone, and a play with it stays assisted).

    :returns: the steps undone, newest first.
    :raises IllegalActionError: the newest event, hints aside, is not a step at the table
        (``campaign undo`` takes it back).
    :raises NothingToUndoError: nothing to undo.
    """
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.rules.table import DICE
    forced = forced_steps() if forced is None else forced
    record = store.load(campaign_id)
    active = list(record.active)
    k = len(active) - 1                   # active[k:] is taken back
    while k > 0 and active[k]["type"] == HINT:
        k -= 1                            # a hint shown since goes with the step (kept, undone)
    if active and active[k]["type"] != STEP:
        raise IllegalActionError(R_UNDO, f"the newest event of {campaign_id} is a "
                                 f"{active[k]['type']!r} event, not a step at the table: "
                                 f"hyvekit campaign undo {campaign_id} takes it back",
                                 expected=STEP, given=active[k]["type"])
    while k > 0 and active[k - 1]["type"] == STEP:
        try:
            d = game.engine.pending(store.replay(record, upto=active[k - 1]["seq"]))
        except ValueError:                # not a table there (a legacy run between scenarios)
            break
        drawn = d.kind == DICE or "draw" in d.legal          # a die, a card turned over
        if not (drawn or d.auto or (forced and d.forced)):
            break
        k -= 1
    to = active[k - 1]["seq"] if k > 0 else 0
    undone = store.undo(campaign_id, None if k == len(active) - 1 else to)
    return [str(e.get("data", {}).get("do", e["type"])) for e in reversed(undone)
            if e["type"] != HINT]


def beelives_so_far(state: Any) -> list[str]:
    """A Bee Lives campaign so far, a line a month and a winter (``beelives status``'s
    months and winters): "year 1 March (A Cold Spike): Ann +0 VP, Bo +2 VP"."""
    from hyvekit.games import beelives as B
    s = B.summary(state)
    lines = [f"year {m['year']} {m['month']} ({m['card']}): "
             + ", ".join(f"{n} {v:+d} VP" for n, v in m.get("vp", {}).items())
             for m in s.get("months", [])]
    lines += [f"winter after year {w['year']}: " + ", ".join(
        f"{h['hive']} {h['bees']} bees, {h['honey']} honey" + (" (out)" if h.get("out") else "")
        for h in w.get("hives", [])) for w in s.get("winters", [])]
    return lines


def legacy_so_far(run: Any) -> list[str]:
    """A Hyve Legacy run so far, a line a scenario played (``hyve legacy status``'s
    results): "scenario 1: won, 7 HP positions past the start, population 12, 4 hyves, 9
    honey"."""
    from hyvekit.games import hyve as H
    return [f"scenario {r['scenario']}: {'won' if r['won'] else 'lost'}, "
            f"{r['hp_past_start']} HP positions past the start, population "
            f"{r['population']}, {r['hyves']} hyves"
            + (f", {r['honey']} honey" if r.get("honey") is not None else "")
            for r in H.legacy_summary(run).get("results", [])]
