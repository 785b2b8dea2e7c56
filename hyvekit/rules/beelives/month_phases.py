"""The Bee Lives month at the table as phases, in the rulebook's order (rules/bee-lives.txt,
"Productive Months": Egg, Feeding, Brood, Swarm, Event and Action Phases, "Wild Hives",
"Cleanup Phase", "Joining the Map"; "Solo Play"), like python-chess's ``Board``: each phase
is a small object that says what it has due (:meth:`MonthPhase.due`) and takes a step
(:meth:`MonthPhase.take`); :func:`month_pending` asks them in order and :func:`month_push`
gives the step to the one that asked for it, then plays what needs no decision
(:func:`settle`: the tool's spawn names, a complete turn, the end of the month).

The decisions, by phase: ``feeding`` (starvation tokens), ``swarm`` (stay with a new queen or
leave, and where the wild hive goes), ``card`` (the season card turned over, or ``draw``),
the turn's own (:mod:`.turn_steps`: dice, ``reroll``, ``sacrifice``, ``remove``, ``place``),
``wild`` (a wild hive's chart line: :mod:`.wild_table`), ``action`` (a player's), and at the
end of the month ``place`` (the solo hard rule's wild hive) and ``join`` (the map's groups).
The solo cards add phases of their own (:meth:`~.card_hooks.CardRules.month_phases`, at the
places :data:`SLOTS` names): no card is named here.

Every step is kept as its resolved notation (``roll`` becomes the faces, ``draw`` the card),
so a month replays from its steps without a random generator (:func:`replay`).  A finished
month gives the same :class:`~.plan.MonthPlan` as a month file.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import phases
from hyvekit.rules.beelives.action_phase import next_actor
from hyvekit.rules.beelives.cleanup import end_month
from hyvekit.rules.beelives.month import MonthResult
from hyvekit.rules.beelives.month_start import (early_phases, season_deck, start_month,
                                                swarm_phase)
from hyvekit.rules.beelives.card_hooks import in_play
from hyvekit.rules.beelives.month_table import PendingTurn, Table, free_wild_name, with_choice
from hyvekit.rules.beelives.plan import PhaseChoices, as_turn
from hyvekit.rules.beelives.state import (JOIN_MONTH, NONE, Components, GameState,
                                          map_module)
from hyvekit.rules.beelives.step_text import (R_TABLE, canonical, legal_hint, listed_choice,
                                              refusal, strip_actor, take_key)
from hyvekit.rules.beelives.table_options import (join_options, player_choices, swarm_choices,
                                                  swarm_options, tokens_allowed)
from hyvekit.rules.beelives.turn_steps import play_again, trial, turn_due
from hyvekit.rules.beelives.wild_table import (check_walk, passed_line, walks, wild_decision,
                                               wild_due)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.table import DICE, Decision, Option, dice_steps, spaced, typed
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import replace

#: where a card's phases go among the month's (:meth:`~.card_hooks.CardRules.month_phases`):
#: as the month begins, once every swarm is decided, and before the wild hives' turns
SLOTS = ("start", "after swarms", "before wild turns")


class MonthPhase:
    """One part of the month at the table.  A phase asks for nothing while it is not due."""

    #: the phase as the rulebook names it (what the view shows while it is due)
    name = ""

    def due(self, m: Table) -> Decision | None:
        """The decision this phase has due at ``m``, or None."""
        raise NotImplementedError

    def due_to_push(self, m: Table) -> Decision | None:
        """The decision a step pushed now answers (:meth:`due`, unless the phase can say it
        more cheaply without listing every option)."""
        return self.due(m)

    def take(self, m: Table, d: Decision, text: str, rng: random.Random, strict: bool
             ) -> tuple[Table, str]:
        """``m`` after the step ``text`` answering ``d`` (its actor may be named), and the step
        as it is kept (resolved).  ``strict`` False: a step kept in a record, taken as it was
        accepted when it was made.

        :raises IllegalActionError: a step the rules refuse (the rule named, the legal options
            in ``expected``).
        :raises InvalidInputError: a step that is not notation for ``d``.
        """
        raise NotImplementedError


def listed(m: Table, d: Decision, text: str) -> str:
    """The legal option of the listed decision ``d`` that ``text`` names (see
    :func:`~.step_text.listed_choice`)."""
    return listed_choice(d, text, strip_actor(d, text, m.state or m.start))


def read_faces(d: Decision, text: str, body: str, dice: int, faces: tuple[int, ...],
               rng: random.Random) -> tuple[tuple[int, ...], str]:
    """The faces a die decision is answered with: ``roll`` (rolled with ``rng``, a die at a
    time) or the faces typed; and the faces as the step is kept (``34``; ``3,10`` past 9).

    :raises InvalidInputError: not ``roll`` nor ``dice`` faces of ``faces``.
    """
    if body.lower().split() == ["roll"]:
        rolled = tuple(rng.choice(faces) for _ in range(dice))
    else:
        want = f"roll, or {counted(dice, 'face')} of {faces[0]}-{faces[-1]}"
        try:
            rolled = N.dice_word("dice", body.replace(" ", ""))
        except InvalidInputError:
            raise InvalidInputError("dice", text, want,
                                    suggestions=close_matches(body, ["roll"])) from None
        if len(rolled) != dice or any(f not in faces for f in rolled):
            raise InvalidInputError("dice", text, want)
    said = "".join(map(str, rolled)) if all(f < 10 for f in rolled) else ",".join(
        map(str, rolled))
    return rolled, said


# --- before the Action Phase ---------------------------------------------------------------------

def early_state(m: Table) -> GameState:
    """The state as the Swarm Phase finds it (phases 1-3 with the feeding choices so far)."""
    return early_phases(m.start, m.plan, m.comps)[0]


def swarm_state(m: Table) -> tuple[GameState, tuple[str, ...]]:
    """The Swarm Phase so far: the state after the decided swarms, and the players whose hives
    swarm and are still to decide, in turn order."""
    s = early_state(m)
    for card in in_play(s, m.comps):
        s = card.swarm_trial(s)
    due = []
    for p in s.order():
        if not phases.will_swarm(s.player(p.name).hive, m.comps.board)[0]:
            continue
        if f"swarm:{p.name}" in m.decided:
            s, _ = swarm_phase(s, p.name, m.plan.choice(p.name), m.comps)
        else:
            due.append(p.name)
    return s, tuple(due)


def feeding_due(m: Table) -> Decision | None:
    """The first Feeding Phase choice still to make (starvation tokens), or None."""
    s0, comps = m.start, m.comps
    for p in s0.order():
        if f"feeding:{p.name}" in m.decided:
            continue
        allowed, starving = tokens_allowed(m, p.name)
        if allowed:
            return Decision("feeding", p.name, f"Feeding Phase: {starving} of {p.name}'s "
                            f"bees starve; up to {allowed} of the last "
                            f"{comps.board.last_bees} may be kept with a starvation token "
                            f"each ({comps.board.starvation_vp} VP)",
                            tuple(f"{N.quote_name(p.name)}: tokens {n}"
                                  for n in range(allowed + 1)))
    return None


def swarm_reason(hive: Any, board: Any) -> str:
    """Why ``hive`` swarms, with its numbers (Swarm Phase): its swarm token (no empty cell
    in the Egg Phase) and/or its worker bees over the swarm threshold of its comb (an
    assumed board value: data/beelives.toml)."""
    nomadic = hive.queen == "nomadic"
    threshold = board.threshold(hive.comb, nomadic)
    out = []
    if hive.swarm_token:
        out.append("a swarm token (no empty cell in the Egg Phase)")
    if hive.workers > threshold:
        out.append(f"{hive.workers} bees > swarm threshold {threshold} (comb {hive.comb}"
                   f"{', nomadic queen' if nomadic else ''}; an assumed board value)")
    return " and ".join(out)


class Feeding(MonthPhase):
    """Feeding Phase: a player whose bees starve may keep some of the last three with a
    starvation token each."""

    name = "Feeding Phase"

    def due(self, m: Table) -> Decision | None:
        if m.state is not None or m.start.first_month:
            return None
        return feeding_due(m)

    def take(self, m, d, text, rng, strict):
        option = listed(m, d, text)
        tokens = int(option.rpartition(": ")[2].split()[1])
        c = replace(m.plan.choice(d.actor), starvation_tokens=tokens)
        return replace(m, plan=with_choice(m.plan, d.actor, c),
                       decided=m.decided | {f"feeding:{d.actor}"}), option


#: why a swarming hive may not leave (Swarm Phase: leaving spawns the wild hive it becomes)
NO_LEAVING = "no wild hive can be spawned, so the hive must stay"


class Swarm(MonthPhase):
    """Swarm Phase: a hive that swarms stays with a new queen or leaves; with the map, where
    the wild hive spawns (its name the tool's: the next free one, or ``spawn NAME``)."""

    name = "Swarm Phase"

    def due(self, m: Table) -> Decision | None:
        if m.state is not None or m.start.first_month:
            return None
        s, due = swarm_state(m)
        if not due:
            return None
        name = due[0]
        why = swarm_reason(s.player(name).hive, m.comps.board)
        options = swarm_options(m, s, name)
        choice = ("stay (and choose the new queen) or leave" if any(
            o.split(": ", 1)[-1].startswith("leave") for o in options) else
            f"stay and choose the new queen ({NO_LEAVING})")
        return Decision("swarm", name, f"{name}'s hive swarms: {why}: {choice}", options,
                        more="add spawn NAME to name the wild hive, spawn none when no "
                        "tile within 3 spaces can take it")

    def take(self, m, d, text, rng, strict):
        body, spawn = take_key(strip_actor(d, text, m.state or m.start), "spawn")
        option = listed_choice(d, text, body)
        name = d.actor
        s, _ = swarm_state(m)
        c = swarm_choices(m, s, name)[option]
        if spawn is not None:        # the wild hive named, or none placed: spawn none
            wild = NONE if spawn.lower() == NONE else spawn
            c = replace(c, wild=wild, at=None if wild == NONE else c.at)
            swarm_phase(s, name, PhaseChoices(swarm=c), m.comps)   # what the rules refuse
            option = f"{option} spawn {N.quote_name(spawn)}"
        plan = with_choice(m.plan, name, replace(m.plan.choice(name), swarm=c))
        return replace(m, plan=plan, decided=m.decided | {f"swarm:{name}"}), option


def card_decision(m: Table, prompt: str) -> Decision:
    """The season card to turn over: ``draw`` or one of the season's deck."""
    s0 = m.start
    return Decision("card", s0.players[s0.first_player].name, prompt,
                    ("draw",) + tuple(f"card {N.quote_name(c)}" for c in season_deck(s0, m.comps)),
                    more="draw: hyvekit turns over the deck's next card")


def turn_over(m: Table, d: Decision, text: str, rng: random.Random) -> tuple[Table, str]:
    """The season card turned over (``draw``: the deck's next, drawn with ``rng``), then the
    month's first phases and the Event Phase played (nothing is played in a month that is
    lost: only its card is turned over).

    :raises IllegalActionError: a card not in the season's deck.
    :raises InvalidInputError: no such card (close matches).
    """
    body = strip_actor(d, text, m.state or m.start)
    words = body.lower().split()
    deck = season_deck(m.start, m.comps)
    if words == ["draw"]:
        if not deck:
            raise refusal(d, text, f"the {m.start.season} deck is empty")
        name = rng.choice(deck)
    else:
        name = body[5:].strip().strip("\"'") if words[:1] == ["card"] else body.strip("\"'")
        try:
            card = m.comps.card(name)
        except InvalidInputError:
            raise InvalidInputError("card", name, f"draw, or a card of the {m.start.season} "
                                    "deck", suggestions=close_matches(name, ["draw", *deck])
                                    ) from None
        name = card.name if card is not None else name
    resolved = f"card {N.quote_name(name)}"
    if name not in deck:
        raise refusal(d, text)
    plan = replace(m.plan, card=name)
    if m.lost:
        return replace(m, plan=plan), resolved
    s, events = start_month(m.start, plan, m.comps)
    return replace(m, plan=plan, state=s, events=tuple(events)), resolved


class EventPhase(MonthPhase):
    """Event Phase: the first player turns over the season card (Egg, Feeding, Brood and
    Swarm Phases are played with it, then the card's event)."""

    name = "Event Phase"

    def due(self, m: Table) -> Decision | None:
        if m.state is not None or m.plan.card:
            return None
        s0 = m.start
        return card_decision(m, f"Event Phase: the {s0.season} card "
                             f"({len(season_deck(s0, m.comps))} left in the deck)")

    def take(self, m, d, text, rng, strict):
        return turn_over(m, d, text, rng)


# --- the Action Phase ------------------------------------------------------------------------------

def actor_now(m: Table) -> Any:
    """Whose turn it is in the Action Phase (:func:`~.action_phase.next_actor`), worked out once
    per table; None before the Event Phase, during a turn, or once every hive has passed."""
    if m.state is None or m.turn is not None:
        return None
    return m.remembered("actor", lambda: next_actor(m.state))


class TurnDecisions(MonthPhase):
    """A turn's own decisions once its action is chosen (:mod:`.turn_steps`): dice, a raid's
    reroll, sacrifices, dice removed, a spawned wild hive's tile."""

    name = "Action Phase"

    def due(self, m: Table) -> Decision | None:
        if m.state is None or m.turn is None:
            return None
        d = turn_due(m.state, m.turn, m.comps)
        assert d is not None and d.kind != "auto"
        return d

    def take(self, m, d, text, rng, strict):
        body = strip_actor(d, text, m.state)
        if d.kind == DICE:
            value, said = read_faces(d, text, body, d.dice, d.faces, rng)
        else:
            said = listed_choice(d, text, body)
            value = d.value_of(said)
        return replace(m, turn=d.fill(m.turn, value)), said


class WildTurns(MonthPhase):
    """The wild hives' turns, each round after the players' (:mod:`.wild_table`)."""

    name = "Action Phase"

    def due(self, m: Table) -> Decision | None:
        actor = actor_now(m)
        if actor is None or not actor.wild:
            return None
        return wild_decision(m, actor.choices)

    def due_to_push(self, m: Table) -> Decision | None:
        """The wild hives' turn without its legal lines worked out, when no die comes before
        it: a wild hive's step is checked by the sequencer (its chart and its order)."""
        return wild_due(m) or self.due(m)

    def take(self, m, d, text, rng, strict):
        state = m.state
        if ":" not in text:
            hives = {o.split(":", 1)[0] for o in d.legal}
            if len(hives) == 1:                           # one wild hive to act: its name
                text = f"{hives.pop()}: {text}"               # may be left out, as shown
        if ":" not in text:
            raise InvalidInputError("wild hive turn", text, "WILD HIVE: LINE, e.g. "
                                    + (d.legal[0] if d.legal else "ACORN: nothing"))
        if walks(m, state):
            passed = passed_line(m, d, state, text, strict)
            if passed is not None:
                return passed
        action = N.parse_action(text, state)
        if walks(m, state) and action.wild and strict:
            check_walk(m, d, state, action, text)
            if m.wild_passed is not None and "swarm" in m.wild_passed[1]:
                action = replace(action, dice=replace(action.dice, spawn=NONE))
        if not action.wild:
            raise refusal(d, text, "a wild hive's turn is due")
        if m.wild_roll is not None:
            why = m.wild_roll.refuses(action)
            if why is not None:
                raise refusal(d, text, why)
            action = m.wild_roll.stamped(action)
        return begin_turn(m, d, action)


def begin_turn(m: Table, d: Decision, action: Any) -> tuple[Table, str]:
    """``m`` with the turn of ``action`` begun, checked by the sequencer on a copy (its own
    reason given, with the legal options, when it refuses)."""
    resolved = N.format_action(action)
    exc, tried = trial(m.state, action, m.comps)
    if exc is not None:
        if isinstance(exc, IllegalActionError):
            raise IllegalActionError(exc.rule, f"{exc.message}. Legal: "
                                     + legal_hint(d, resolved), expected=list(d.legal),
                                     given=resolved) from None
        raise exc
    return replace(m, turn=PendingTurn(action, tried=tried)), resolved


class PlayerTurns(MonthPhase):
    """A player's turn in the Action Phase: one of the actions, as notation (:mod:`.notation`)."""

    name = "Action Phase"

    def due(self, m: Table) -> Decision | None:
        actor = actor_now(m)
        if actor is None or actor.wild:
            return None
        state, comps = m.state, m.comps
        return Decision("action", actor.name, f"{actor.name}'s turn "
                        f"({counted(state.player(actor.name).hive.unassigned, 'worker bee')} "
                        "unassigned)",
                        lambda: tuple(Option(N.format_action(a), (a, tried), m) for a, tried
                                      in player_choices(state, actor.name, comps)),
                        more="a forage may take less: take HONEY/POLLEN/WATER")

    def take(self, m, d, text, rng, strict):
        chosen = typed(text, m)
        if chosen is not None:           # listed here: checked by its trial already
            action, tried = chosen
            return replace(m, turn=PendingTurn(action, tried=tried)), str(text)
        body = strip_actor(d, text, m.state)
        return begin_turn(m, d, N.parse_action(body, m.state, actor=d.actor))


# --- the end of the month ------------------------------------------------------------------------

def solo_spawn_due(m: Table) -> bool:
    """Solo Play, the harder rule: no wild hive was spawned this summer or fall month, so one
    spawns at the end of it (none placed yet)."""
    s = m.state
    return (s.options.solo_hard and m.start.season in ("summer", "fall") and not s.spawned
            and m.plan.solo_spawn is None)


class MonthEnd(MonthPhase):
    """The end of the Action Phase: the solo hard rule's wild hive placed on the map, the
    groups joined after the third month of year 1 (Joining the Map)."""

    name = "Cleanup Phase"

    def due(self, m: Table) -> Decision | None:
        if m.state is None or m.turn is not None or m.result is not None or \
                actor_now(m) is not None:
            return None
        s = m.state
        if solo_spawn_due(m):
            if s.map is None:
                return None                  # placed by the tool (see settle)
            places = map_module().spawn_places(s.map, s.players[0].name)
            name = free_wild_name(s)
            if not places or name == NONE:
                return None
            return Decision("place", s.players[0].name, f"no wild hive was spawned this "
                            f"{m.start.season} month: one ({name}) spawns within 3 spaces of "
                            f"{s.players[0].name}: where", tuple(f"place {c[0]},{c[1]}"
                                                               for c in places))
        if s.map is not None and m.start.year == 1 and m.start.month == JOIN_MONTH:
            return _join_due(m)
        return None

    def take(self, m, d, text, rng, strict):
        body = strip_actor(d, text, m.state)
        option = canonical(d, body)
        if d.kind == "join" and option is None:
            return _turned_join(m, d, body)
        option = listed_choice(d, text, body)
        words = option.rpartition(": ")[2].split()
        q, r = (int(x) for x in words[1].split(","))
        if d.kind == "place":
            return replace(m, plan=replace(m.plan, solo_spawn=free_wild_name(m.state),
                                           solo_spawn_at=(q, r))), option
        rot = int(words[3]) if len(words) > 3 else 0
        return replace(m, plan=replace(m.plan, joins=m.plan.joins + ((d.actor, (q, r), rot),))
                       ), option


def _joined_map(m: Table) -> Any:
    """The map with the joins made so far this month."""
    M = map_module()
    out = m.state.map
    for player, offset, rotation in m.plan.joins:
        out = M.join(out, M.Join(player, offset, rotation))
    return out


def _join_due(m: Table) -> Decision | None:
    """Joining the Map: the next player whose group is still apart slides (and may turn) it."""
    M = map_module()
    s = m.state
    first = s.players[(s.first_player + 1) % len(s.players)].name
    joined = _joined_map(m)
    if M.map_joined(joined):
        return None
    done = {j[0] for j in m.plan.joins}
    for player in M.join_order([p.name for p in s.players], first):
        opts = () if player in done else join_options(joined, player)
        if opts:
            return Decision("join", player, f"Joining the Map: {player} slides (and may "
                            "turn) their group to touch another",
                            tuple(f"{N.quote_name(player)}: join {o[0]},{o[1]}"
                                  + (f" turn {r}" if r else "") for o, r in opts),
                            more="turned: join DQ,DR turn R (R: 1-5 sixth turns)")
    return None


def _turned_join(m: Table, d: Decision, body: str) -> tuple[Table, str]:
    """``join DQ,DR turn R``: a join the list leaves out (turned), checked by the map."""
    words = body.lower().split()
    try:
        q, r = (int(x) for x in words[1].split(","))
        rot = int(words[3]) if len(words) == 4 and words[2] == "turn" else None
    except (IndexError, ValueError):
        rot = None
    if words[:1] != ["join"] or rot is None:
        raise InvalidInputError("join", body, "join DQ,DR [turn R], e.g. " + (
            d.legal[0].split(": ", 1)[-1] if d.legal else "join 1,0 turn 2"))
    M = map_module()
    M.check_join(_joined_map(m), M.Join(d.actor, (q, r), rot))
    resolved = f"{N.quote_name(d.actor)}: join {q},{r}" + (f" turn {rot}" if rot else "")
    return replace(m, plan=replace(m.plan, joins=m.plan.joins + ((d.actor, (q, r), rot),))), \
        resolved


# --- the month's phases, in order --------------------------------------------------------------

@functools.cache
def _assemble(cards: tuple[Any, ...]) -> tuple[MonthPhase, ...]:
    """The month's phases with the cards' own in their slots."""
    def slot(name: str) -> tuple[MonthPhase, ...]:
        return tuple(p for c in cards for p in c.month_phases().get(name, ()))
    return (*slot("start"), Feeding(), Swarm(), *slot("after swarms"), EventPhase(),
            TurnDecisions(), *slot("before wild turns"), WildTurns(), PlayerTurns(),
            MonthEnd())


def month_phases(m: Table) -> tuple[MonthPhase, ...]:
    """The phases of the month ``m``, in the order they come: with a solo card in play, its
    box's cards' phases among them (each asks for nothing in a game without its card)."""
    return _assemble(_cards(m))


def _cards(m: Table) -> tuple[Any, ...]:
    """The box's cards' hooks when a solo card is in play in ``m`` (its rules played by the
    sequencer, or the month lost to a card), else none: a plain game loads no card."""
    return tuple(m.comps.card_rules()) if m.lost else in_play(m.start, m.comps)


def due_phase(m: Table) -> tuple[MonthPhase, Decision] | None:
    """The first phase with a decision due at ``m``, and that decision; None: the month is
    played.  Worked out once per table (a table does not change)."""
    def work() -> tuple[MonthPhase, Decision] | None:
        if m.done:
            return None
        for phase in month_phases(m):
            d = phase.due(m)
            if d is not None:
                return phase, d
        return None
    return m.remembered("due", work)


def month_pending(m: Table) -> Decision | None:
    """The decision due at the month ``m`` (None: the month is played)."""
    due = due_phase(m)
    return due[1] if due is not None else None


def due_to_push(m: Table) -> Decision | None:
    """The decision a step pushed now answers (:meth:`MonthPhase.due_to_push` of the phase
    due; None: the month is played)."""
    due = due_phase(m)
    return due[0].due_to_push(m) if due is not None else None


def month_push(m: Table, text: str, rng: random.Random | None = None, replay: bool = False
               ) -> Table:
    """The month after the step ``text`` (a notation of the decision due), the phases and the
    tool's own moves that follow it played.  ``roll`` and ``draw`` use ``rng`` (a fresh one
    when None); the step is kept resolved (the faces, the card).  ``replay``: a step kept in
    a record, taken as it was accepted then (without the map, a wild hive's line stated
    without walking its chart, as before ruling L56's walk).

    :raises IllegalActionError: a step the rules refuse (the rule named, the legal options in
        ``expected``), or nothing due (the month is played).
    :raises InvalidInputError: a step that is not notation for the decision due (the field
        named, close matches suggested).
    """
    rng = rng or random.Random()
    due = due_phase(m)
    if due is None:
        raise IllegalActionError(R_TABLE, "the month is played: nothing is due",
                                 expected="nothing", given=text)
    phase, d = due[0], due_to_push(m)
    text = spaced(text)
    m, resolved = phase.take(m, d, text, rng, not replay)
    return settle(replace(m, steps=m.steps + (resolved,)))


def settle(m: Table) -> Table:
    """Play what needs no decision: a turn's follow-ups the tool settles (a spawn's name), a
    complete turn, the end of the month (Cleanup)."""
    for _ in range(1000):
        if m.result is not None or m.state is None:
            return m
        if m.turn is not None:
            d = turn_due(m.state, m.turn, m.comps)
            if d is not None and d.kind == "auto":
                m = replace(m, turn=d.fill(m.turn, d.values[0][0]))
                continue
            if d is not None:
                return m
            s, evs = play_again(m.state, m.turn, m.comps)
            m = replace(m, state=s, events=m.events + tuple(evs), turn=None, wild_roll=None,
                        wild_passed=None,
                        plan=replace(m.plan, turns=m.plan.turns + (as_turn(m.turn.action),),
                                     spawn_d6=m.plan.spawn_d6 + m.turn.rolls))
            continue
        if next_actor(m.state) is not None or month_pending(m) is not None:
            return m
        return _finish(m)
    raise AssertionError("the month did not settle")                 # pragma: no cover


def _finish(m: Table) -> Table:
    """Cleanup Phase: the month ends (the solo hard rule's wild hive spawned by the tool
    without the map)."""
    s = m.state
    plan = m.plan
    if solo_spawn_due(m):
        plan = replace(plan, solo_spawn=free_wild_name(s) if s.map is None else NONE)
    s2, evs = end_month(s, m.comps, solo_spawn=plan.solo_spawn,
                        solo_spawn_at=plan.solo_spawn_at, joins=plan.joins)
    return replace(m, plan=plan, result=MonthResult(s2, m.events + tuple(evs), m.comps))


def replay(start: GameState, comps: Components, steps: tuple[str, ...] | list[str]) -> Table:
    """The month after ``steps`` (resolved notations, as :attr:`Table.steps` keeps them)
    from the start of the month ``start``.

    :raises IllegalActionError, InvalidInputError: a step that is not legal where it stands
        (located: ``step N``).
    """
    from hyvekit.rules.beelives.month_table import new_table
    m = settle(new_table(start, comps))
    for i, step in enumerate(steps, 1):
        try:
            m = month_push(m, step)
        except (IllegalActionError, InvalidInputError) as exc:
            from hyvekit.rules.errors import located
            raise located(exc, f"step {i} ({step})") from None
    return m


def shown_state(m: Table) -> GameState:
    """The state a screen shows at ``m``: in the Action Phase the state so far; before it,
    once every Feeding Phase choice is made, the state as the Swarm Phase leaves it so far
    (Egg, Feeding and Brood Phases played, the swarms decided applied), so a swarm is asked
    beside the numbers that make it; while a Feeding Phase choice is due, the hives after
    the Egg Phase (the brood counted, a full comb's swarm token taken); else the month's
    start (the first month, a lost month, or while a card marks a hive first)."""
    if m.state is not None:
        return m.state
    due = due_phase(m)
    if m.lost or m.start.first_month or (due is not None and due[0] in _slot_phases(
            m, "start")):
        return m.start
    if feeding_due(m) is not None:
        s = m.start
        for p in s.players:
            s = s.with_hive(p.name, phases.egg_phase(p.hive, m.comps.board).hive)
        return s
    return swarm_state(m)[0]


def _slot_phases(m: Table, slot: str) -> tuple[MonthPhase, ...]:
    """The cards' phases of ``slot`` in the month ``m``."""
    return tuple(p for c in _cards(m) for p in c.month_phases().get(slot, ()))


class MonthDie(Decision):
    """A D6 rolled outside any turn for a card (nobody in particular rolls it): ``key``
    names what it is for, ``subject`` the wild hive it is about."""

    def __init__(self, key: str, subject: str, prompt: str) -> None:
        super().__init__(DICE, None, prompt, dice_steps(1, range(1, 7)),
                         more="or the face rolled, 1-6")
        self.key, self.subject = key, subject


def month_face(d: Decision, text: str, m: Table, rng: random.Random) -> tuple[int, str]:
    """The face a :class:`MonthDie` is answered with, and the step as it is kept."""
    body = strip_actor(d, text, m.state or m.start)
    faces, said = read_faces(d, text, body, 1, tuple(range(1, 7)), rng)
    return faces[0], said
