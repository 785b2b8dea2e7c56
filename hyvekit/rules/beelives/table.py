"""A Bee Lives month played at the table, one decision at a time (rules/bee-lives.txt,
"Productive Months", "Action Phase", "Actions", "Wild Hives", "Raid"), like python-chess's
``legal_moves`` and ``push``: :func:`pending` says what is due now — who decides, what, and
the legal options as notations — and :func:`push` applies one.

The month is a :class:`Table`: the game at the start of the month, the month record being
built (a :class:`~hyvekit.rules.beelives.plan.MonthPlan`) and, once the Event Phase is over,
the game after the turns so far.  The decisions, in the rulebook's order:

* ``feeding`` (a player): starvation tokens for starving bees among the last three;
* ``swarm`` (a player whose hive swarms): stay with a new queen, or leave; with a map, where
  the wild hive spawns (the wild hive's name is the tool's: the next free name);
* ``card`` (the first player): the season card turned over, or ``draw`` (hyvekit keeps the
  deck: :func:`~hyvekit.rules.beelives.month_start.draw_season_card`);
* ``action`` (the player whose turn it is): one of the eight actions, as notation
  (:mod:`.notation`); ``wild`` (the first player, for a wild hive): a wild hive's chart line
  where the rules leave a choice (without a map the players state tiles and distances) — when
  only one line is legal the tool plays it;
* ``dice`` (the player whose turn it is rolls the dice of their action; nobody for a wild
  hive's and the solo cards' dice outside a turn): ``roll`` (hyvekit rolls with the injected
  random generator, the faces recorded) or the faces rolled at the table; a raid's dice, a
  wild hive's D6, the season card's D6 after foraging or scouting, the solo cards' dice;
* ``reroll`` (the raider): ``keep`` or ``reroll`` (a bee of the party is sacrificed);
* ``sacrifice`` (the defender of a raid, or the raider of a wild hive): bees sacrificed;
* ``place`` (the first player): where a spawned wild hive goes on the map;
* ``join`` (a player, after the third month of year 1 with a map): how the group joins.

Egg, Feeding without a choice, Brood, Cleanup and the wild hives' forced lines are played by
the tool.  Every step is kept as its *resolved* notation (``roll`` becomes the faces,
``draw`` the card), so a table replays from its steps without a random generator
(:func:`replay`).  A finished month gives the same :class:`MonthPlan` as a month file, played
by the same sequencer.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import shlex
from collections.abc import Callable
from dataclasses import field, replace
from fractions import Fraction
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import phases, seasons
from hyvekit.rules.beelives.action_phase import next_actor, play_turn
from hyvekit.rules.beelives.actions import Forage as ForageValues
from hyvekit.rules.beelives.actions import forage_offer
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.hive import AGGRESSIVE_BEES_PER_STRENGTH
from hyvekit.rules.beelives.cleanup import end_month
from hyvekit.rules.beelives.month import MonthResult
from hyvekit.rules.beelives.month_start import (
    early_phases,
    swarm_phase,
    season_deck,
    start_month,
)
from hyvekit.rules.beelives.plan import MonthPlan, PhaseChoices, SwarmChoice
from hyvekit.rules.beelives.player_turns import (
    BuildWax,
    CleanBees,
    CoolHive,
    Defend,
    Forage,
    PlayerAction,
    Raid,
    Requeen,
    ScareGhosts,
    Scout,
)
from hyvekit.rules.beelives.state import (
    JOIN_MONTH,
    NONE,
    R_ACTION,
    R_WILD,
    UNDER_SIEGE_D6_MIN,
    WILD_HIVE_TOKENS,
    Components,
    Event,
    GameState,
    map_module,
    month_name,
)
from hyvekit.rules.beelives.wild_turns import (
    WildAction,
    WildForage,
    WildNothing,
    WildRaid,
    WildScout,
    WildSwarm,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.table import Decision, dice_steps
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import dataclass

R_TABLE = "Bee Lives: the decision due"

#: the names hyvekit gives the wild hives it spawns, in order (a record may use any name)
WILD_NAMES = ("ACORN", "DANDELION", "MUSHROOM", "APPLE", "SPIDER", "CLOVER", "THISTLE", "OAK",
              "FERN", "MOSS", "HAZEL", "ROWAN")

#: most rerolls a raid may make ("you may reroll up to three times")
MAX_REROLLS = 3

Action = PlayerAction | WildAction


@dataclass(frozen=True)
class PendingTurn:
    """A turn being built: the action chosen so far (dice and follow-ups filled as they are
    decided) and which of its decisions are done; ``rolls``: Zombees' D6 of the wild hives it
    spawns; ``tried``: what playing it gave, when the check of its head already played the
    whole turn (no dice to ask)."""

    action: Action
    done: frozenset[str] = frozenset()
    rolls: tuple[tuple[str, int], ...] = ()
    tried: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Table:
    """A month at the table.

    :ivar start: the game at the start of the month (stage ``month``).
    :ivar plan: the month record so far (choices, card, turns, joins, solo spawn).
    :ivar decided: the players whose feeding / swarm decisions are made (``"feeding:NAME"``,
        ``"swarm:NAME"``).
    :ivar state: the game after the Event Phase and the turns so far (None before).
    :ivar events: the sequencer's events so far.
    :ivar turn: a turn being built, or None.
    :ivar result: the month played (after Cleanup), or None.
    :ivar steps: every step pushed, resolved.
    :ivar stated: what a campaign states beside the month record (Three Generations' spawns
        before the month: :class:`~hyvekit.rules.beelives.campaign_table.Prelude`).
    :ivar lost: Wildfire burned the hive at the start of the month: only the card is turned
        over, nothing is played (ruling L132).
    :ivar wild_roll: Zombees: an infected wild hive's D6 for its erratic turn, rolled before
        its line is played ``(name, face)``.
    :ivar wild_passed: without the map, the wild hive whose chart is being walked and the
        lines passed so far (:func:`chart_line`).
    """

    start: GameState
    comps: Components = field(repr=False, compare=False)
    plan: MonthPlan = None  # type: ignore[assignment]
    decided: frozenset[str] = frozenset()
    state: GameState | None = None
    events: tuple[Event, ...] = ()
    turn: PendingTurn | None = None
    result: MonthResult | None = None
    steps: tuple[str, ...] = ()
    wild_roll: tuple[str, int] | None = None
    wild_passed: tuple[str, tuple[str, ...]] | None = None
    stated: Any = ()
    lost: bool = False

    @property
    def done(self) -> bool:
        """The month is played (Cleanup over), or, when ``lost``, its card turned over."""
        return self.result is not None or (self.lost and bool(self.plan.card))

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without the decision worked out for them (it holds a function)."""
        return {k: v for k, v in self.__dict__.items() if k != "_pending"}


def new_table(start: GameState, comps: Components) -> Table:
    """The month due in ``start`` at its beginning.

    :raises IllegalActionError: ``start`` is not between months (a month is running, winter
        or the game is over).
    """
    if start.stage != "month":
        raise IllegalActionError(R_ACTION, f"no month is due now ({start.stage})",
                                 expected="month", given=start.stage)
    plan = MonthPlan(start.year, start.month, "")
    first = _first_infected(start, comps)
    if first is not None:
        if len(first.candidates) == 1:
            plan = replace(plan, infect=first.candidates[0])
        elif not first.candidates:
            lead = start.players[start.first_player].name
            name = free_wild_name(start)
            if start.map is None:
                plan = replace(plan, infected_spawn=name)
            elif not map_module().spawn_places(start.map, lead, first.max_distance):
                plan = replace(plan, infected_spawn=NONE)
    return Table(start, comps, plan)


# --- what is pending ----------------------------------------------------------------------------

def pending(t: Table) -> Decision | None:
    """The decision due at the table ``t`` (None: the month is played); worked out once per
    table (a table does not change)."""
    done = t.__dict__.get("_pending", _UNSET)
    if done is _UNSET:
        done = _pending(t)
        object.__setattr__(t, "_pending", done)
    return done


_UNSET = object()


def _pending(t: Table) -> Decision | None:
    if t.done:
        return None
    if t.lost:
        return _card_decision(t, "Wildfire: the fire reached your hive's tile — you lose "
                              "(ruling L132); turn over the month's card to log the month")
    if t.state is None:
        return _before_actions(t)
    if t.turn is not None:
        return _turn_decision(t)
    actor = next_actor(t.state)
    if actor is None:
        return _end_decision(t)
    if actor.wild:
        return _wild_decision(t, actor.choices)
    state, comps = t.state, t.comps
    return Decision("action", actor.name, f"{actor.name}'s turn "
                    f"({_count(state.player(actor.name).hive.unassigned, 'worker bee')} "
                    "unassigned)",
                    lambda: tuple(N.format_action(a)
                                  for a in player_options(state, actor.name, comps)),
                    more="a forage may take less: take HONEY/POLLEN/WATER")


def _preview(t: Table) -> GameState:
    """The state as the Swarm Phase finds it (phases 1-3 with the feeding choices so far)."""
    return early_phases(t.start, t.plan, t.comps)[0]


def _swarm_state(t: Table) -> tuple[GameState, tuple[str, ...]]:
    """The Swarm Phase so far: the state after the decided swarms, and the players whose hives
    swarm and are still to decide, in turn order."""
    s = _preview(t)
    if s.zombees:        # the new wild hives' D6 come after the Swarm Phase: any face will do
        s = replace(s, spawn_rolls=tuple((n, 6) for n in WILD_NAMES + tuple(
            f"WILD{i}" for i in range(1, 99))))
    due = []
    for p in s.order():
        if not phases.will_swarm(s.player(p.name).hive, t.comps.board)[0]:
            continue
        if f"swarm:{p.name}" in t.decided:
            s, _ = swarm_phase(s, p.name, t.plan.choice(p.name), t.comps)
        else:
            due.append(p.name)
    return s, tuple(due)


def _feeding_due(t: Table) -> Decision | None:
    """The first Feeding Phase choice still to make (starvation tokens), or None."""
    s0, comps = t.start, t.comps
    for p in s0.order():
        if f"feeding:{p.name}" in t.decided:
            continue
        allowed, starving = _tokens_allowed(t, p.name)
        if allowed:
            return Decision("feeding", p.name, f"Feeding Phase: {starving} of {p.name}'s "
                            f"bees starve; up to {allowed} of the last "
                            f"{comps.board.last_bees} may be kept with a starvation token "
                            f"each ({comps.board.starvation_vp} VP)",
                            tuple(f"{N.quote_name(p.name)}: tokens {n}"
                                  for n in range(allowed + 1)))
    return None


def shown_state(t: Table) -> GameState:
    """The state a screen shows at ``t``: in the Action Phase the state so far; before it,
    once every Feeding Phase choice is made, the state as the Swarm Phase leaves it so far
    (Egg, Feeding and Brood Phases played, the swarms decided applied), so a swarm is asked
    beside the numbers that make it; while a Feeding Phase choice is due, the hives after
    the Egg Phase (the brood counted, a full comb's swarm token taken), the starvation asked
    about being the Feeding Phase's own; else the month's start."""
    if t.state is not None:
        return t.state
    if t.lost or t.start.first_month or _first_infection(t) is not None:
        return t.start
    if _feeding_due(t) is not None:
        s = t.start
        for p in s.players:
            s = s.with_hive(p.name, phases.egg_phase(p.hive, t.comps.board).hive)
        return s
    return _swarm_state(t)[0]


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


def _before_actions(t: Table) -> Decision:
    s0, comps = t.start, t.comps
    infect = _first_infection(t)
    if infect is not None:
        return infect
    if not s0.first_month:
        feeding = _feeding_due(t)
        if feeding is not None:
            return feeding
        s, due = _swarm_state(t)
        if due:
            name = due[0]
            why = swarm_reason(s.player(name).hive, comps.board)
            return Decision("swarm", name, f"{name}'s hive swarms: {why}: stay (and choose "
                            "the new queen) or leave", swarm_options(t, s, name),
                            more="add spawn NAME to name the wild hive, spawn none when no "
                            "tile within 3 spaces can take it")
    die = table_die(t)
    if die is not None:
        return Decision("dice", None, die.prompt, dice_steps(die.dice, die.faces),
                        more="or the face rolled, 1-6")
    if not t.plan.card:
        return _card_decision(t, f"Event Phase: the {s0.season} card "
                              f"({len(season_deck(s0, comps))} left in the deck)")
    raise AssertionError("the Event Phase is played with the card")     # pragma: no cover


def _card_decision(t: Table, prompt: str) -> Decision:
    """The season card to turn over: ``draw`` or one of the season's deck."""
    s0 = t.start
    return Decision("card", s0.players[s0.first_player].name, prompt,
                    ("draw",) + tuple(f"card {N.quote_name(c)}" for c in season_deck(s0, t.comps)),
                    more="draw: hyvekit turns over the deck's next card")


def _first_infected(start: GameState, comps: Components) -> Any:
    """The wild hive a card marks as the month begins
    (:meth:`~.card_hooks.CardRules.first_infection`: Zombees, the start of year 2), or None."""
    if not start.options.cards_at_play:
        return None
    return next((f for c in comps.card_rules()
                 if (f := c.first_infection(start, comps)) is not None), None)


def _first_infection(t: Table) -> Decision | None:
    """Zombees, the start of year 2: the strongest wild hive tied (the player chooses), or, with
    no wild hive in play, where the infected one spawns on the map."""
    s0 = t.start
    if t.plan.infect is not None or t.plan.infected_spawn is not None:
        return None
    first = _first_infected(s0, t.comps)
    if first is None:
        return None
    lead = s0.players[s0.first_player].name
    if first.candidates:
        return Decision("infect", lead, "Zombees: the strongest wild hives are tied: which "
                        "becomes infected", tuple(f"infect {N.quote_name(n)}"
                                                  for n in first.candidates))
    places = map_module().spawn_places(s0.map, lead, first.max_distance) if s0.map else ()
    return Decision("place", lead, f"Zombees: no wild hive is in play: an infected one "
                    f"(strength {first.spawn_strength}) spawns up to {first.max_distance} spaces "
                    f"from {lead}: where", tuple(f"place {c[0]},{c[1]}" for c in places))


def _tokens_allowed(t: Table, name: str) -> tuple[int, int]:
    """How many starvation tokens ``name`` may take in this month's Feeding Phase, and how
    many of the hive's bees starve without them."""
    board = t.comps.board
    card = t.comps.card(t.start.card)
    hive = phases.egg_phase(t.start.player(name).hive, board).hive
    per = seasons.feeding_bees_per_honey(card, board)
    starving = phases.feeding_phase(hive, board, bees_per_honey=per).starved
    n = 0
    for tokens in range(1, board.last_bees + 1):
        try:
            phases.feeding_phase(hive, board, tokens=tokens, bees_per_honey=per)
        except IllegalActionError:
            break
        n = tokens
    return n, starving


def free_wild_name(state: GameState, taken: set[str] = frozenset()) -> str:   # type: ignore
    """The next wild hive name not in play (``none`` when every wild hive token is out)."""
    used = {n.lower() for n in [w.name for w in state.wild] + [p.name for p in state.players]
            + list(taken)}             # names are found case-insensitively: Acorn is ACORN
    if len(state.wild) + len(set(taken)) >= WILD_HIVE_TOKENS:
        return NONE
    return next((n for n in WILD_NAMES if n.lower() not in used),
                next(f"WILD{i}" for i in range(1, 99) if f"wild{i}" not in used))


def swarm_choices(t: Table, s: GameState, name: str) -> dict[str, SwarmChoice]:
    """The legal swarm choices of ``name`` in the Swarm Phase state ``s``, by notation: stay
    with each new queen, or leave; with a map, for each space the wild hive may spawn on.  The
    wild hive's name is the next free one; none is spawned when the swarm loses no bee, every
    wild hive token is out or (with a map) no space can take it."""
    wild = free_wild_name(s, {t.plan.infected_spawn} - {None, NONE})
    places: list[Any] = [None]
    if s.map is not None and wild != NONE:
        places = list(map_module().spawn_places(s.map, name)) or [None]
    out: dict[str, SwarmChoice] = {}
    q = N.quote_name(name)
    kinds = [("stay", queen) for queen in t.comps.board.queen_types] + [("leave", None)]
    for at in places:
        spawn = wild if s.map is None or at is not None else NONE
        for choice, queen in kinds:
            for sp in dict.fromkeys((spawn, NONE)):
                c = SwarmChoice(sp, choice, queen, at if sp != NONE else None)
                try:
                    swarm_phase(s, name, PhaseChoices(swarm=c), t.comps)
                except (IllegalActionError, InvalidInputError):
                    continue
                text = f"{q}: {choice}" + (f" {queen}" if queen else "")
                if c.at is not None:
                    text += f" at {c.at[0]},{c.at[1]}"
                out.setdefault(text, c)
                break
    return out


def swarm_options(t: Table, s: GameState, name: str) -> tuple[str, ...]:
    """The notations of :func:`swarm_choices`."""
    return tuple(swarm_choices(t, s, name))


def player_options(state: GameState, name: str, comps: Components) -> tuple[PlayerAction, ...]:
    """The legal actions of ``name`` now (without their dice: those are decided after), each
    checked by the sequencer.  A forage lists the most it may take (every split of what the
    tile gives when the comb cannot hold it all); taking less is legal too."""
    board = comps.board
    p = state.player(name)
    hive = p.hive
    u = hive.unassigned
    card = comps.card(state.card)
    out: list[PlayerAction] = []
    m = state.map
    if m is not None:
        M = map_module()
        for o in M.forage_options(m, name):
            if o.bees <= u:
                offer = forage_offer(board, ForageValues(o.distance, o.tile, state.season,
                                     modifiers=(seasons.forage_modifiers(card, o.tile),)))
                out += [Forage(name, at=o.at, take=take) for take in _takes(offer, hive.empty)]
        spaces = M.scout_spaces(m, name)
        out += [Scout(name, tile, at) for at in spaces for tile in TILE_TYPES]
        out += _card_spawn_scouts(state, name, spaces, comps)
    else:
        for tile in TILE_TYPES:
            offer = forage_offer(board, ForageValues(1, tile, state.season,
                                 modifiers=(seasons.forage_modifiers(card, tile),)))
            for distance in range(4):
                if max(1, distance) <= u:
                    out += [Forage(name, tile, distance, take)
                            for take in _takes(offer, hive.empty)]
        out += [Scout(name, tile) for tile in TILE_TYPES]
    for target in _raid_targets(state, name):
        out += [Raid(name, target, bees=b) for b in range(1, u + 1)]
    if state.options.haunted_hives:
        out += _scare_options(state, name)
    out += [Defend(name, bees=b) for b in range(1, u + 1)]
    per = seasons.build_wax_honey_per_bee(card)
    out += [BuildWax(name, bees=b) for b in range(1, u + 1) if b * per <= hive.honey]
    out += [CleanBees(name, bees=b) for b in range(1, u + 1)]
    out.append(CoolHive(name))
    out += [Requeen(name, q) for q in board.queen_types if q != hive.queen]
    return tuple(a for a in out if _head_legal(state, a, comps))


def _card_spawn_scouts(state: GameState, name: str, spaces: Any, comps: Components
                       ) -> list[PlayerAction]:
    """On the map, a card that spawns a wild hive on a player's first turn within 3 spaces of
    their hive (Perfect Weather): each scout with the spawn stated — the wild hive's name and
    its tile, the scouted one or another within reach (``spawn NAME spawn-at Q,R``), as the
    turn needs them once the new tile is down (where the scout alone is refused for want of
    them)."""
    card = comps.card(state.card)
    if card is None or state.player(name).turns != 0 or \
            not any(s.trigger == "first_turn" for s in card.spawns):
        return []
    wild = free_wild_name(state)
    if wild == NONE:
        return []
    near = list(map_module().spawn_places(state.map, name))
    out: list[PlayerAction] = []
    for at in spaces:
        for tile in TILE_TYPES:
            a = Scout(name, tile, at)
            if _head_legal(state, a, comps):
                continue                 # the spawn's tile is asked after the scout
            out += [replace(a, dice=replace(a.dice, spawn=wild, spawn_at=tuple(c)))
                    for c in dict.fromkeys([tuple(at), *map(tuple, near)])]
    return out


def _takes(offer: tuple[int, ...], room: int) -> list[tuple[int, int, int] | None]:
    """What a forage may take at most: everything (None) when it fits, else every way of
    filling the comb's empty cells from the offer."""
    if sum(offer) <= room:
        return [None]
    out = []
    for h in range(min(offer[0], room) + 1):
        for p in range(min(offer[1], room - h) + 1):
            w = room - h - p
            if w <= offer[2]:
                out.append((h, p, w))
    return out


def _raid_targets(state: GameState, name: str) -> list[str]:
    raided = state.player(name).raided
    targets = [p.name for p in state.players if p.name != name and p.hive.honey > 0]
    targets += [w.name for w in state.wild]
    targets = [x for x in targets if x not in raided]
    if state.map is not None:
        near = {n for n, _ in map_module().raid_targets(state.map, name)}
        targets = [x for x in targets if x in near]
    return targets


def _scare_options(state: GameState, name: str) -> list[PlayerAction]:
    m = state.map
    if m is None:
        return [ScareGhosts(name, bees=1)] if state.haunted_appeared else []
    M = map_module()
    return [ScareGhosts(name, c, bees=1) for c, _ in M.tiles_within(m, name)
            if m.grid[c].dark == "haunted"
            and not (m.hive_at(c) is not None and m.hive_at(c).dark == "haunted")]


def _head_legal(state: GameState, action: Action | PendingTurn, comps: Components) -> bool:
    """Whether ``action`` (or a turn being built) is legal now with some dice (see
    :func:`_trial`)."""
    return _trial(state, action, comps)[0] is None


def _trial(state: GameState, action: Action | PendingTurn, comps: Components
           ) -> tuple[Exception | None, Any]:
    """What the sequencer refuses in ``action`` (or a turn being built) played on a copy, its
    open decisions taken with neutral values (the first choice, most dice at their highest
    face), or None; and when the turn had no open decision (the trial played the turn itself),
    what it gave (``(state, events)``), else None."""
    pt = start = action if isinstance(action, PendingTurn) else PendingTurn(action)
    for _ in range(40):
        hole = next_hole(state, pt, comps)
        if hole is None:
            break
        pt = fill_hole(state, pt, hole, hole.neutral, comps)
    try:
        played = _play(state, pt, comps)
    except (IllegalActionError, InvalidInputError) as exc:
        return exc, None
    return None, (played if pt == start else None)


def _play(state: GameState, pt: PendingTurn, comps: Components
          ) -> tuple[GameState, list[Event]]:
    """Play a complete turn (its Zombees spawn rolls put with the month's first)."""
    if pt.rolls:
        state = replace(state, spawn_rolls=state.spawn_rolls + pt.rolls)
    return play_turn(state, pt.action, comps)


def _play_again(state: GameState, pt: PendingTurn, comps: Components
                ) -> tuple[GameState, list[Event]]:
    """:func:`_play`, taken from the turn's trial when the trial played this very turn (a
    turn without dice, :attr:`PendingTurn.tried`)."""
    if pt.tried is not None:
        return pt.tried[0], list(pt.tried[1])
    return _play(state, pt, comps)


# --- a turn's own decisions (dice, rerolls, sacrifices, placements) ----------------------------

@dataclass(frozen=True)
class Hole:
    """A decision inside a turn: ``key`` (what is decided), the ``kind`` of decision, the
    ``actor``, the number of dice (``dice``) or the legal values (``values``: value, notation)
    and ``neutral``, the value used to check a head without asking; ``forced``: the rules
    leave no real choice, the tool plays the first value (:attr:`Decision.auto`)."""

    key: str
    kind: str
    actor: str | None
    prompt: str
    dice: int = 0
    faces: tuple[int, ...] = ()
    values: tuple[tuple[Any, str], ...] = ()
    neutral: Any = None
    forced: bool = False


def _is_infected(state: GameState, action: Action) -> bool:
    if action.wild:
        return any(w.name == action.actor and w.infected for w in state.wild)
    return state.player(action.actor).infected


def _tile_side(state: GameState, action: Action) -> str | None:
    m = state.map
    if m is None:
        return None
    at = getattr(action, "at", None)
    if action.action in ("forage", "scout") and at is not None and tuple(at) in m.grid:
        return m.grid[tuple(at)].dark
    target = getattr(action, "target", None)
    if action.action == "raid" and target is not None and any(h.name == target
                                                               for h in m.hives):
        return m.grid[m.hive(target).at].dark
    return None


def _failed(state: GameState, action: Action, comps: Components) -> bool:
    """The action fails before it is taken (Zombees' action roll)."""
    if action.wild:
        return False
    for c in comps.card_rules():
        try:
            if c.before_action(state, action, comps):
                return True
        except (IllegalActionError, InvalidInputError):
            return False
    return False


def next_hole(state: GameState, pt: PendingTurn, comps: Components) -> Hole | None:
    """The next decision of the turn being built (None: the turn is complete)."""
    a, done, board = pt.action, pt.done, comps.board
    d = a.dice
    faces = tuple(range(1, 7))
    if state.zombees and _is_infected(state, a) and d.zombee_d6 is None and not a.wild:
        return Hole("zombee_d6", "dice", None, f"{a.actor} is infected: roll the D6 for the "
                    "action (Zombees)", 1, faces, neutral=(6,))
    failed = _failed(state, a, comps)
    if (isinstance(a, Forage) and state.options.haunted_hives and d.haunt_d6 is None
            and _tile_side(state, a) == "haunted"):
        return Hole("haunt_d6", "dice", None, f"{a.actor} forages a haunted tile: roll the D6 "
                    "(1-4: the action fails)", 1, faces, neutral=(6,))
    haunt_failed = d.haunt_d6 is not None and d.haunt_d6 <= 4
    if isinstance(a, Raid) and not failed:
        party = (a.bees or 0) - max(0, len(a.rolls) - 1)
        if not a.rolls or "reroll" in done:
            party -= 1 if a.rolls else 0
            return Hole("rolls", "dice", None, f"{a.actor}'s raid on {a.target}: roll "
                        + ("1 raid die" if board.dice_for(party) == 1 else
                           f"{board.dice_for(party)} raid dice"), board.dice_for(party),
                        board.die_faces, neutral=(max(board.die_faces),) * board.dice_for(party))
        if "kept" not in done and len(a.rolls) <= MAX_REROLLS and party > 1:
            return Hole("kept", "reroll", a.actor, f"{a.actor}'s raid: total "
                        f"{sum(a.rolls[-1])} with {counted(party, 'bee')}, "
                        f"{raid_strength_words(state, a, party, comps)}: keep, or reroll "
                        "(one bee of the party is sacrificed)",
                        values=((True, "keep"), (False, "reroll")),
                        neutral=True)
        if "sacrifice" not in done:
            return _sacrifice_hole(state, a, party, comps)
        if state.is_player(a.target) and "removed" not in done:
            # "losing a bee from your raid party knocks you down a bracket ... you must choose
            # one of your rolled raid dice to remove"
            kept = a.rolls[-1]
            final = max(0, party - a.sacrifice_defending - a.sacrifice_unassigned)
            drop = len(kept) - board.dice_for(final)
            if drop > 0 and len(set(kept)) > 1:
                combos = sorted({tuple(sorted(c)) for c in
                                itertools.combinations(kept, drop)})
                q = N.quote_name(a.actor)
                return Hole("removed", "remove", a.actor, f"{a.actor}'s party of {final} "
                            f"bees lost {counted(drop, 'dice bracket')}: remove {drop} of the dice "
                            f"{''.join(map(str, kept))}",
                            values=tuple((c, f"{q}: remove {''.join(map(str, c))}")
                                         for c in combos), neutral=combos[0])
    if isinstance(a, WildRaid):
        if a.d6 is None:
            then = "" if state.is_player(a.target) else f" ({a.target} rolls its own next)"
            return Hole("d6", "dice", None, f"{a.actor} raids {a.target}: roll the D6{then}", 1,
                        faces, neutral=(6,))
        if a.target_roll is None and not state.is_player(a.target):
            return Hole("target_roll", "dice", None, f"{a.target} defends: roll its D6", 1,
                        faces, neutral=(1,))
        if state.is_player(a.target) and "sacrifice" not in done:
            h = state.player(a.target).hive
            vals = [((dd, uu), f"{N.quote_name(a.target)}: sacrifice {dd}/{uu}")
                    for dd in range(h.assigned.defend + 1) for uu in range(h.unassigned + 1)]
            return Hole("sacrifice", "sacrifice", a.target, f"{a.actor} rolled {a.d6}: "
                        f"{_wild_steal_words(state, a, comps)}: bees sacrificed "
                        "(defending/unassigned)", values=tuple(vals), neutral=(0, 0))
    if state.zombees and not failed and not _is_infected(state, a) and \
            a.action in ("forage", "scout", "raid") and not isinstance(a, ScareGhosts) and \
            d.infection_d6 is None:
        target = getattr(a, "target", None)
        due = (_tile_side(state, a) == "infected" if state.map is not None
               else a.action == "raid" and target is not None and not state.is_player(target)
               and state.wild_hive(target).infected)
        if due:
            return Hole("infection_d6", "dice", None, f"{a.actor} acts on an infected "
                        "tile: roll the D6 (Zombees)", 1, faces, neutral=(6,))
    card = comps.card(state.card)
    trig = a.action if a.action in ("forage", "scout") and not a.wild else None
    if trig and card is not None and any(s.trigger == trig for s in card.spawns) and \
            not failed and not haunt_failed and d.card_d6 is None:
        return Hole("card_d6", "dice", None, f"{card.name}: roll the D6 after "
                    f"{'foraging' if trig == 'forage' else 'scouting'}", 1, faces, neutral=(1,))
    spawn = spawn_due(state, a, comps, failed or haunt_failed)
    if spawn is not None and d.spawn is None:
        name, near, at = spawn
        if name == NONE or state.map is None or at is not None:
            return Hole("spawn", "auto", None, "", values=(((name, at), ""),),
                        neutral=(name, at))
        places = map_module().spawn_places(state.map, near)
        if not places:
            return Hole("spawn", "auto", None, "", values=(((NONE, None), ""),),
                        neutral=(NONE, None))
        return Hole("spawn", "place", state.players[state.first_player].name,
                    f"a wild hive ({name}) spawns within 3 spaces of {near}: where",
                    values=tuple(((name, c), f"place {c[0]},{c[1]}") for c in places),
                    neutral=(name, places[0]))
    if isinstance(a, Scout) and state.options.under_siege and not failed:
        if d.siege_d6 is None:
            return Hole("siege_d6", "dice", None, "Under Siege: roll the D6 after scouting "
                        f"({UNDER_SIEGE_D6_MIN}+: a wild hive spawns on the scouted tile)", 1,
                        faces, neutral=(1,))
        if d.siege_d6 >= UNDER_SIEGE_D6_MIN and d.siege_spawn is None:
            name = free_wild_name(state, {d.spawn} - {None, NONE})
            at = tuple(a.at) if a.at is not None else None
            if at is not None and (at not in map_module().spawn_places(state.map, a.actor)
                                   or d.spawn_at == at):
                name = NONE                      # the scouted tile cannot take a wild hive
            return Hole("siege_spawn", "auto", None, "", values=(((name, at), ""),),
                        neutral=(name, at))
    if state.zombees:                # "When a new wild hive is spawned, roll the D6"
        known = {n for n, _ in state.spawn_rolls + pt.rolls}
        for name in (d.spawn, d.siege_spawn):
            if name not in (None, NONE) and name not in known:
                return Hole(f"spawn_d6:{name}", "dice", None, f"Zombees: roll the D6 for the "
                            f"new wild hive {name} (1-2: it is infected)", 1, faces,
                            neutral=(6,))
    return None


def raid_strength(state: GameState, a: Raid, party: int, comps: Components
                  ) -> tuple[int, int, int]:
    """What makes the strength of a raid party of ``party`` bees with the dice it rolled
    last, before what the target takes off: ``(rolled, queen, card)`` — the lesser of the
    dice total and the bees (Raid), an aggressive queen's +1 per two bees of the party
    (Queen Types), the season card's raid bonus (:func:`~.seasons.raid_bonuses`)."""
    p = state.player(a.actor)
    rolled = min(sum(a.rolls[-1]), party)
    queen = party // AGGRESSIVE_BEES_PER_STRENGTH if p.hive.queen == "aggressive" else 0
    card = seasons.raid_bonuses(comps.card(state.card), p.hive.queen, p.hive.workers).raiding
    return rolled, queen, card


def raid_strength_words(state: GameState, a: Raid, party: int, comps: Components) -> str:
    """:func:`raid_strength` in words: "strength 2 (1 from the dice, at most the bees; +1
    aggressive queen)"."""
    rolled, queen, card = raid_strength(state, a, party, comps)
    parts = [f"+{queen} aggressive queen"] * bool(queen) + [f"+{card} {state.card}"] * bool(card)
    return f"strength {rolled + queen + card}" + (
        f" ({rolled} from the dice, at most the bees; {', '.join(parts)})" if parts else "")


def _sacrifice_hole(state: GameState, a: Raid, party: int, comps: Components) -> Hole:
    if state.is_player(a.target):
        h = state.player(a.target).hive
        vals = [((dd, uu), f"{N.quote_name(a.target)}: sacrifice {dd}/{uu}")
                for dd in range(h.assigned.defend + 1) for uu in range(h.unassigned + 1)
                if dd + uu <= party]
        return Hole("sacrifice", "sacrifice", a.target, f"{a.actor} raids {a.target} with "
                    f"{counted(party, 'bee')}, dice {''.join(map(str, a.rolls[-1]))}: bees "
                    "sacrificed "
                    "(defending/unassigned)", values=tuple(vals), neutral=(0, 0))
    vals = [(n, f"{N.quote_name(a.actor)}: sacrifice {n}") for n in range(party + 1)]
    head = f"{a.actor} raids {a.target} with {counted(party, 'bee')}, dice " \
        f"{''.join(map(str, a.rolls[-1]))}"
    strength, wild = sum(raid_strength(state, a, party, comps)), state.wild_hive(a.target)
    if strength >= wild.strength:
        # Raiding a Wild Hive: the party alone takes it to 0 ("to a minimum of zero"), so no
        # sacrifice can weaken it further: the tool plays "sacrifice 0" (the others stay
        # legal, as a record made before this was read still holds them)
        return Hole("sacrifice", "sacrifice", a.actor, f"{head}: strength {strength} takes "
                    f"{a.target} (strength {wild.strength}) to 0; nothing to sacrifice",
                    values=tuple(vals), neutral=0, forced=True)
    return Hole("sacrifice", "sacrifice", a.actor, f"{head}: bees of the party sacrificed "
                "to weaken it further", values=tuple(vals), neutral=0)


def _wild_steal_words(state: GameState, a: WildRaid, comps: Components) -> str:
    """What a wild raid on a player takes if nobody is sacrificed: the D6, capped by the wild
    hive's strength, less one a defending bee (Raiding a Player Hive)."""
    from hyvekit.rules.beelives.wild import wild_raids_player
    w = state.wild_hive(a.actor)
    hive = state.player(a.target).hive
    bonus = seasons.raid_bonuses(comps.card(state.card), hive.queen, hive.workers).defending
    r = wild_raids_player(w.strength, hive, a.d6, comps.board, defender_bonus=bonus)
    return (f"with no bee sacrificed it steals {r.stolen} honey from {a.target} (the D6, at "
            f"most its strength {w.strength}, less the defence, at most the {hive.honey} "
            "honey there)")


def spawn_due(state: GameState, a: Action, comps: Components, failed: bool
               ) -> tuple[str, str, Any] | None:
    """A wild hive the turn spawns: (name, near whom, tile when known) or None."""
    card = comps.card(state.card)
    if isinstance(a, WildSwarm):
        name = free_wild_name(state)
        return (name, a.actor, None) if name != NONE else (NONE, a.actor, None)
    if a.wild or card is None:
        return None
    p = state.player(a.actor)
    if p.turns == 0 and any(s.trigger == "first_turn" for s in card.spawns):
        if seasons.spawn_check(card, "first_turn", year=state.year, board=comps.board):
            return (free_wild_name(state), a.actor, None)
    trig = a.action if a.action in ("forage", "scout") else None
    if trig and not failed and a.dice.card_d6 is not None and \
            seasons.spawn_check(card, trig, a.dice.card_d6) is not None:
        name = free_wild_name(state)
        at = getattr(a, "at", None)
        if state.map is not None and at is not None and state.map.hive_at(tuple(at)) is not None:
            name = NONE                                     # the tile already holds a hive
        if state.map is None and a.action == "forage" and getattr(a, "distance", None) == 0:
            name = NONE                 # the hive's own tile holds it (rulings L64, L148)
        return (name, a.actor, tuple(at) if at is not None else None)
    return None


def fill_hole(state: GameState, pt: PendingTurn, hole: Hole, value: Any, comps: Components
              ) -> PendingTurn:
    """The turn ``pt`` with ``value`` in its ``hole`` (:func:`next_hole`).

    :raises IllegalActionError, InvalidInputError: a value the rules refuse there.
    """
    a, done = pt.action, pt.done
    d = a.dice
    key = hole.key
    if key in ("zombee_d6", "haunt_d6", "infection_d6", "card_d6"):
        a = replace(a, dice=replace(d, **{key: value[0]}))
    elif key == "rolls":
        a = replace(a, rolls=a.rolls + (tuple(value),))
        done = done - {"reroll"}
    elif key == "kept":
        done = done | ({"kept"} if value else {"reroll"})
    elif key == "removed":
        a = replace(a, removed=tuple(value))
        done = done | {"removed"}
    elif key == "sacrifice":
        if isinstance(a, WildRaid) or state.is_player(getattr(a, "target", "")):
            a = replace(a, sacrifice_defending=value[0], sacrifice_unassigned=value[1])
        else:
            a = replace(a, sacrifices=value)
        done = done | {"sacrifice"}
    elif key in ("d6", "target_roll"):
        a = replace(a, **{key: value[0]})
    elif key.startswith("spawn_d6:"):
        return PendingTurn(a, done, pt.rolls + ((key.split(":", 1)[1], value[0]),))
    elif key == "siege_d6":
        a = replace(a, dice=replace(d, siege_d6=value[0]))
    elif key == "siege_spawn":
        name, at = value
        a = replace(a, dice=replace(d, siege_spawn=name,
                                    siege_at=at if name != NONE else None))
    elif key == "spawn":
        name, at = value
        a = replace(a, dice=replace(d, spawn=name, spawn_at=at if at is not None
                                    and state.map is not None else d.spawn_at))
    return PendingTurn(a, done, pt.rolls)


def _faces_rolled(n: int) -> str:
    """``face rolled`` (one die), ``3 faces rolled``."""
    return "face rolled" if n == 1 else f"{n} faces rolled"


def _turn_decision(t: Table) -> Decision:
    state, pt = t.state, t.turn
    assert state is not None and pt is not None
    hole = next_hole(state, pt, t.comps)
    assert hole is not None and hole.kind != "auto"
    if hole.kind == "dice":                  # rolled by the player whose turn it is
        return Decision("dice", None if pt.action.wild else pt.action.actor, hole.prompt,
                        dice_steps(hole.dice, hole.faces), more=f"or the {_faces_rolled(hole.dice)} ({hole.faces[0]}-"
                        f"{hole.faces[-1]}), e.g. " + str(hole.faces[-1]) * hole.dice)
    values = hole.values
    if hole.kind == "sacrifice":             # only what the sequencer accepts
        values = tuple(v for v in values if _head_legal(
            state, fill_hole(state, pt, hole, v[0], t.comps), t.comps))
    return Decision(hole.kind, hole.actor, hole.prompt, tuple(v[1] for v in values),
                    auto=hole.forced)


def table_die(t: Table) -> Hole | None:
    """Zombees' dice outside a turn: the D6 of a wild hive a swarm spawns (before the Event
    Phase), an infected wild hive's D6 for its erratic turn (before its line)."""
    faces = tuple(range(1, 7))
    if t.state is None:
        if not t.start.zombees or (not t.start.first_month and _swarm_state(t)[1]):
            return None
        rolled = {n for n, _ in t.plan.spawn_d6}
        for _, c in t.plan.choices:
            if c.swarm is not None and c.swarm.wild != NONE and c.swarm.wild not in rolled:
                return Hole(f"swarm_d6:{c.swarm.wild}", "dice", None, "Zombees: roll the D6 "
                            f"for the new wild hive {c.swarm.wild} (1-2: it is infected)", 1,
                            faces)
        return None
    if t.turn is not None or t.wild_roll is not None or not t.state.zombees:
        return None
    actor = next_actor(t.state)
    if actor is None or not actor.wild:
        return None
    for name in actor.choices:
        w = t.state.wild_hive(name)
        if w.infected and _head_legal(t.state, WildNothing(name, dice=replace(
                WildNothing(name).dice, zombee_d6=6)), t.comps):
            return Hole(f"erratic:{name}", "dice", None, f"{name} is infected: roll the D6 for "
                        "its erratic turn (1 raid the closest hive, 2-4 forage bloom / wilt / "
                        "harvest, 5 raid the farthest, 6 nothing)", 1, faces)
    return None


def _wild_decision(t: Table, choices: tuple[str, ...]) -> Decision:
    state = t.state
    assert state is not None
    die = table_die(t)
    if die is not None:
        return Decision("dice", None, die.prompt, dice_steps(die.dice, die.faces),
                        more="or the face rolled, 1-6")
    if t.wild_roll is not None:
        choices = (t.wild_roll[0],)
    lead = state.players[state.first_player].name
    if _walks(t, state):
        return _walk_decision(t, state, choices, lead)
    legal = tuple(N.format_action(a) for a in wild_options(state, choices, t.comps,
                                                           t.wild_roll))
    if len(legal) == 1:
        return Decision("wild", None, f"{legal[0].split(':')[0]}'s turn by its priority chart",
                        legal, auto=True)
    return Decision("wild", lead, "the wild hives' turn: " + ", ".join(choices)
                    + f" ({lead} states what the rules leave open)", legal)


def _walk_decision(t: Table, state: GameState, choices: tuple[str, ...], lead: str
                   ) -> Decision:
    """Without the map: each wild hive still to act at the first chart line the table cannot
    rule out — its turns, or the step that passes it (ruling L56)."""
    if t.wild_passed is not None:
        choices = (t.wild_passed[0],)
    passed = t.wild_passed[1] if t.wild_passed is not None else ()
    at = [chart_line(state, name, t.comps, passed) for name in choices]
    legal = tuple(step for c in at for step in c.steps)
    alike: dict[tuple[str, int], list[ChartLine]] = {}
    for c in at:                       # hives at the same line said together
        alike.setdefault((c.line, c.number), []).append(c)
    said = "; ".join(line_words(state, cs[0], t.comps, tuple(cs[1:]))
                     for cs in alike.values())
    if len(legal) == 1:
        return Decision("wild", None, said, legal, auto=True)
    return Decision("wild", lead, "the wild hives' turn by the chart: "
                    + said, legal)


def wild_options(state: GameState, choices: tuple[str, ...], comps: Components,
                 roll: tuple[str, int] | None = None) -> tuple[WildAction, ...]:
    """The legal wild hive turns now, for any of the wild hives ``choices`` still to act this
    round (checked by the sequencer; dice are decided after).  ``roll``: Zombees, an infected
    wild hive's erratic D6 ``(name, face)``.

    On the map a wild hive takes the first line of its priority chart it can (Wild Hives):
    its lines are tried in the chart's order and the first with a legal turn gives them all.
    """
    out: list[WildAction] = []
    for name in choices:
        dice = None if roll is None or roll[0] != name else roll[1]
        groups = [group for _, group in _wild_lines(state, name, comps, dice)]
        found: list[WildAction] = []
        if state.map is not None and dice is None:
            for group in groups:
                found = [a for a in group() if _head_legal(state, a, comps)]
                if found:
                    break                # the chart's first line that can be taken
        else:
            found = [a for group in groups for a in group() if _head_legal(state, a, comps)]
        if not found and state.wild_hive(name).strength >= comps.board.wild_strength_max:
            # at full strength with no wild hive token left: the chart goes on (spawn none)
            found = [x for group in groups[1:] for x in (
                replace(a, dice=replace(a.dice, spawn=NONE)) for a in group())
                if _head_legal(state, x, comps)]
        out += found
    return tuple(out)


#: Without the map, the step that passes a chart line: the first player says the wild hive
#: cannot take it (ruling L56)
PASS_LINE: dict[str, str] = {"swarm": "no swarm", "raid": "no raid", "scout": "no scout",
                             **{tile: f"no {tile} tile" for tile in TILE_TYPES}}


@dataclass(frozen=True)
class ChartLine:
    """Where a wild hive's priority chart stands at the table without the map: the line
    ``line`` (``swarm``, ``raid``, ``scout``, a tile type or ``nothing``), its number on
    the season's chart (1-6; 7 for doing nothing), and its legal turns ``turns``."""

    name: str
    line: str
    number: int
    turns: tuple[WildAction, ...]

    @property
    def steps(self) -> tuple[str, ...]:
        """The line's turns as steps, then the step that passes it."""
        return tuple(N.format_action(a) for a in self.turns) + ((self.passes,) if
                                                                 self.passes else ())

    @property
    def passes(self) -> str:
        """The step that passes the line ("" for ``nothing``, the chart's end)."""
        return f"{N.quote_name(self.name)}: {PASS_LINE[self.line]}" if self.line in \
            PASS_LINE else ""


def chart_line(state: GameState, name: str, comps: Components,
               passed: tuple[str, ...] = ()) -> ChartLine:
    """The first line of wild hive ``name``'s priority chart (Wild Hives; Desperate Parties'
    raid first) that is not in ``passed`` and that the table does not know to be impossible
    (a line none of whose turns the sequencer takes: a wet tile without overheating, a raid
    with every hive too strong or raided this round, no neutral worker token left, a swarm
    below strength 14), with its turns; ``nothing`` when every line is passed.  At strength
    14 the lines below swarming spawn no wild hive (``spawn none``: none could be placed)."""
    full = state.wild_hive(name).strength >= comps.board.wild_strength_max
    lines = _wild_lines(state, name, comps, None, walk=True)
    for number, (line, group) in enumerate(lines, start=1):
        if line in passed:
            continue
        turns = group()
        if full and line != "swarm":      # at 14 a line below swarming spawns nothing
            turns = [replace(a, dice=replace(a.dice, spawn=NONE)) for a in turns]
        turns = [a for a in turns if _head_legal(state, a, comps)]
        if turns:
            return ChartLine(name, line, number if line != "nothing" else len(lines),
                             tuple(turns))
    return ChartLine(name, "nothing", len(lines), (WildNothing(name),))   # pragma: no cover


def _walks(t: Table, state: GameState) -> bool:
    """Whether the wild hives' turns are walked line by line: no map, no erratic D6."""
    return state.map is None and t.wild_roll is None


def line_words(state: GameState, c: ChartLine, comps: Components,
               also: tuple[ChartLine, ...] = ()) -> str:
    """What chart line ``c`` asks of the first player, with the numbers it turns on;
    ``also``: other wild hives at the same line, named with it."""
    hives = ", ".join(f"{x.name} {state.wild_hive(x.name).strength}" for x in (c, *also))
    head = (f"{hives} ({state.season} chart line {c.number})" if also else
            f"{c.name} (strength {state.wild_hive(c.name).strength}, {state.season} chart "
            f"line {c.number})")
    return f"{head}: {_line_what(state, c)}"


def _line_what(state: GameState, c: ChartLine) -> str:
    w = state.wild_hive(c.name)
    if c.line == "swarm":
        return (f"at strength {w.strength} it swarms, unless no tile up to three spaces away "
                "can take a wild hive")
    if c.line == "raid":
        strengths = ", ".join(f"{x} {_target_strength(state, x)}" for x in
                              [p.name for p in state.players] + [x.name for x in state.wild])
        return ("it raids the closest hive up to three spaces away that it has not raided "
                "this round, if that hive's strength is at most 2 above its own (none in "
                f"reach, or the closest stronger: no raid); strengths now: {strengths}")
    if c.line == "scout":
        return "it scouts an empty space up to three spaces away (the tile drawn)"
    if c.line == "nothing":
        return "no line of its chart can be carried out, it does nothing"
    why = "overheating: " if c.line == "wet" else ""
    return (f"{why}it forages the closest {c.line} tile up to three spaces away not foraged "
            "this round (its distance)")


def _target_strength(state: GameState, target: str) -> int:
    from hyvekit.rules.beelives.wild import player_strength
    if state.is_player(target):
        return player_strength(state.player(target).hive)
    return state.wild_hive(target).strength


def _wild_lines(state: GameState, name: str, comps: Components, erratic: int | None,
                walk: bool = False) -> list[tuple[str, Callable[[], list[WildAction]]]]:
    """The candidate turns of wild hive ``name``, ``(line, turns)`` per priority chart line
    in the chart's order (with a map, or ``walk``: without one and not walked, every line
    in any order), swarming first and doing nothing last, each worked out when asked for.
    ``erratic``: Zombees' D6 for an infected hive (no chart: every line)."""
    card = comps.card(state.card)
    m = state.map
    targets = [p.name for p in state.players] + [x.name for x in state.wild if x.name != name]

    def raids() -> list[WildAction]:
        return [WildRaid(name, x) for x in targets]

    def forages(tile: str) -> list[WildAction]:
        if m is not None:
            return [WildForage(name, tile, at=c)
                    for c in map_module().closest_tiles(m, name, tile)]
        hot = seasons.overheating(card)
        return [WildForage(name, tile, d) for d in range(4)
                if tile != "wet" or hot or erratic is not None]

    def scouts() -> list[WildAction]:
        if m is None:
            return [WildScout(name, tile) for tile in TILE_TYPES]
        # the tile placed is the one drawn: any type, when the space may be scouted
        return [WildScout(name, tile, c) for c in map_module().scout_spaces(m, name)
                if _head_legal(state, WildScout(name, TILE_TYPES[0], c), comps)
                for tile in TILE_TYPES]

    from hyvekit.rules.beelives.wild import PRIORITY
    chart = PRIORITY[state.season]
    desperate = card is not None and card.wild_first_turn_raid and \
        state.wild_hive(name).turns == 0
    if desperate:                      # Desperate Parties: the raid first, then the chart
        chart = ("swarm", "raid") + tuple(c for c in chart if c not in ("swarm", "raid"))
    if erratic is not None or (m is None and not walk):   # every line (an erratic turn's
        chart = tuple(dict.fromkeys(chart + ("raid", "scout") + TILE_TYPES))  # are on no chart)
    lines: list[tuple[str, Callable[[], list[WildAction]]]] = []
    for line in chart:
        if line == "swarm":
            lines.append((line, lambda: [WildSwarm(name)]))
        elif line == "raid":
            lines.append((line, raids))
        elif line == "scout":
            lines.append((line, scouts))
        else:
            lines.append((line, functools.partial(forages, line)))
    lines.append(("nothing", lambda: [WildNothing(name)]))
    if erratic is not None:
        return [(line, functools.partial(_erratic, group, erratic)) for line, group in lines
                if line != "swarm"]
    return lines


def _erratic(group: Callable[[], list[WildAction]], d6: int) -> list[WildAction]:
    return [replace(a, dice=replace(a.dice, zombee_d6=d6)) for a in group()
            if not isinstance(a, WildSwarm)]


def raid_odds_now(state: GameState, raider: str, target: str, bees: int, comps: Components
                  ) -> tuple[Fraction, Fraction]:
    """The exact chance that ``raider``'s raid on ``target`` with ``bees`` succeeds, and the
    honey it is expected to take, if the first roll is kept and nobody sacrifices a bee: every
    roll of the raid dice pool (each face of the board's raid die equally likely) resolved by
    the raid rules themselves, the season card's raid bonuses and the queens included (Raid;
    Raiding a Player Hive / a Wild Hive).  A raid on a wild hive succeeds when it removes it.

    :raises IllegalActionError, InvalidInputError: what the raid rules refuse.
    """
    from hyvekit.rules.beelives import raids
    board = comps.board
    card = comps.card(state.card)
    p = state.player(raider)
    bonus = seasons.raid_bonuses(card, p.hive.queen, p.hive.workers)
    faces = board.die_faces
    success = honey = 0                 # counted in ways out of len(faces) ** dice
    dice = board.dice_for(bees)
    already = target in p.raided
    for roll in itertools.combinations_with_replacement(sorted(set(faces)), dice):
        # the ways this multiset of faces falls, in any order: a multinomial coefficient
        # times the faces showing each value
        chance = math.factorial(dice)
        for f in set(roll):
            k = roll.count(f)
            chance = chance // math.factorial(k) * faces.count(f) ** k
        if state.is_player(target):
            d = state.player(target).hive
            dbonus = seasons.raid_bonuses(card, d.queen, d.workers)
            r = raids.raid_player_hive(p.hive, d, raids.PlayerRaid(
                bees, (roll,), 0, 0, None, 1, already, bonus.raiding, dbonus.defending), board)
            won, took = r.success, r.stolen
        else:
            w = state.wild_hive(target)
            r2 = raids.raid_wild_hive(p.hive, w.strength, raids.WildRaid(
                bees, (roll,), 0, None, 1, already, bonus.raiding), board)
            won, took = r2.removed, r2.taken
        success += chance * won
        honey += chance * took
    ways = len(faces) ** dice
    return Fraction(success, ways), Fraction(honey, ways)


def raid_notes(state: GameState, name: str, comps: Components) -> tuple[tuple[str, str], ...]:
    """Beside each raid of ``name``: the chance of success and the expected honey if the first
    roll is kept and nobody sacrifices (:func:`raid_odds_now`)."""
    out = []
    attacker = state.player(name).hive
    for target in _raid_targets(state, name):
        for bees in range(1, attacker.unassigned + 1):
            try:
                success, honey = raid_odds_now(state, name, target, bees, comps)
            except (InvalidInputError, IllegalActionError):
                continue
            text = N.format_action(Raid(name, target, bees=bees))
            out.append((text, (f"{float(success):.0%} success, "
                               f"{float(honey):.1f} honey expected")))
    return tuple(out)


def _end_decision(t: Table) -> Decision | None:
    s = t.state
    assert s is not None
    need_solo = (s.options.solo_hard and t.start.season in ("summer", "fall") and not s.spawned
                 and t.plan.solo_spawn is None)
    if need_solo and s.map is not None:
        places = map_module().spawn_places(s.map, s.players[0].name)
        name = free_wild_name(s)
        if places and name != NONE:
            return Decision("place", s.players[0].name, f"no wild hive was spawned this "
                            f"{t.start.season} month: one ({name}) spawns within 3 spaces of "
                            f"{s.players[0].name}: where", tuple(f"place {c[0]},{c[1]}"
                                                               for c in places))
    if need_solo:
        return None                  # placed by the tool (see _auto)
    if s.map is not None and t.start.year == 1 and t.start.month == JOIN_MONTH:
        M = map_module()
        n = len(s.players)
        first = s.players[(s.first_player + 1) % n].name
        m = s.map
        for player, offset, rotation in t.plan.joins:
            m = M.join(m, M.Join(player, offset, rotation))
        if not M.map_joined(m):
            for player in M.join_order([p.name for p in s.players], first):
                if player in {j[0] for j in t.plan.joins}:
                    continue
                opts = join_options(m, player)
                if opts:
                    return Decision("join", player, f"Joining the Map: {player} slides (and may "
                                    "turn) their group to touch another",
                                    tuple(f"{N.quote_name(player)}: join {o[0]},{o[1]}"
                                          + (f" turn {r}" if r else "") for o, r in opts),
                                    more="turned: join DQ,DR turn R (R: 1-5 sixth turns)")
    return None


def join_options(m: Any, player: str) -> tuple[tuple[tuple[int, int], int], ...]:
    """Every legal join of ``player``'s group without turning it (offset, 0) — turned joins
    are accepted too (``turn R``)."""
    M = map_module()
    own = next(grp for grp in M.groups(m) if m.hive(player).at in grp)
    seen = []
    for c in m.grid:
        if c in own:
            continue
        for nb in M.neighbours(c):
            if nb in m.grid:
                continue
            for g_tile in own:
                offset = (nb[0] - g_tile[0], nb[1] - g_tile[1])
                if (offset, 0) in seen:
                    continue
                try:
                    M.check_join(m, M.Join(player, offset, 0))
                except IllegalActionError:
                    continue
                seen.append((offset, 0))
    return tuple(sorted(seen))


# --- applying a step ----------------------------------------------------------------------------

def push(t: Table, text: str, rng: random.Random | None = None, replay: bool = False
         ) -> Table:
    """The table after the step ``text`` (a notation of the decision due), the phases and the
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
    d = wild_due(t) or pending(t)
    if d is None:
        raise IllegalActionError(R_TABLE, "the month is played: nothing is due",
                                 expected="nothing", given=text)
    text = " ".join(str(text).split())
    t, resolved = _apply(t, d, text, rng, strict=not replay)
    t = replace(t, steps=t.steps + (resolved,))
    return _auto(t)


def wild_due(t: Table) -> Decision | None:
    """A wild hive's turn due, without its legal lines worked out (a wild hive's step is
    checked by the sequencer: its chart and its order)."""
    if t.state is None or t.turn is not None or t.result is not None:
        return None
    actor = next_actor(t.state)
    if actor is None or not actor.wild:
        return None
    if t.state.zombees:
        return None                    # an erratic turn's D6 may be due: see _wild_decision
    state, comps, choices = t.state, t.comps, actor.choices
    if state.map is None:              # the chart walked (chart_line), worked out when asked
        lead = state.players[state.first_player].name
        return Decision("wild", lead, "the wild hives' turn: " + ", ".join(choices),
                        lambda: _walk_decision(t, state, choices, lead).legal)
    return Decision("wild", None, "the wild hives' turn: " + ", ".join(choices), lambda: tuple(
        N.format_action(a) for a in wild_options(state, choices, comps)))


def legal_hint(d: Decision, text: str, most: int = 8) -> str:
    """The legal options to show beside a refused ``text``: those sharing its longest
    leading words when there are any (``forage wet 5`` → the forages of the wet tile,
    ``defend 9`` → the defends), else the first ones; ``most`` at most, with how many more
    there are."""
    options = list(dict.fromkeys(_same_start(d, text) or list(d.legal)))
    # an option is shown without its actor when it is the decision's (a wild hive's is kept)
    shown = "; ".join(o.split(": ", 1)[-1] if d.actor and o.startswith(f"{d.actor}: ")
                      or d.kind != "wild" else o for o in options[:most])
    more = len(options) - most
    return shown + (f"; … and {more} more (hyvekit beelives next lists them)" if more > 0
                    else "")


def _same_start(d: Decision, text: str) -> list[str]:
    """The legal options whose words begin with the most of ``text``'s words (its actor
    left out; case forgiving), or [] when none begins with its first word."""
    words = _norm(text.split(": ", 1)[-1]).split()
    bodies = [(o, _norm(o.split(": ", 1)[-1]).split()) for o in d.legal]
    for k in range(len(words), 0, -1):
        same = [o for o, b in bodies if b[:k] == words[:k]]
        if same:
            return same
    return []


def refusal(d: Decision, text: str, why: str = "") -> IllegalActionError:
    """The refusal of ``text`` where ``d`` is due: the rule, why, and the legal options."""
    return IllegalActionError(R_TABLE, f"{d.prompt}: {text!r} is not legal"
                              + (f" ({why})" if why else "") + ". Legal: " + legal_hint(d, text)
                              + (f" ({d.more})" if d.more else ""),
                              expected=list(d.legal), given=text)


def _strip_actor(d: Decision, text: str, state: GameState | None) -> str:
    head, sep, rest = text.partition(":")
    if sep and head.strip() and not N.looks_like_coord(head):
        if state is not None:
            who = N.hive_named(state, head.strip().strip("\"'"), "actor")
            if d.actor is None:
                raise InvalidInputError("step", text, f"roll or the faces rolled, without a "
                                        f"name: nobody decides a die ({d.prompt})")
            if who != d.actor:
                raise IllegalActionError(R_TABLE, f"{d.prompt}: {d.actor} decides now, not "
                                         f"{who}", expected=d.actor, given=who)
        return rest.strip()
    return text


def _apply(t: Table, d: Decision, text: str, rng: random.Random, strict: bool = True
           ) -> tuple[Table, str]:
    state = t.state or t.start
    body = text if d.kind == "wild" else _strip_actor(d, text, state)
    words = body.lower().split()
    if d.kind == "card":
        if words and words[0] == "draw" and len(words) == 1:
            deck = season_deck(t.start, t.comps)
            if not deck:
                raise refusal(d, text, f"the {t.start.season} deck is empty")
            name = rng.choice(deck)
        else:
            name = body[5:].strip().strip("\"'") if words[:1] == ["card"] else body.strip("\"'")
            deck = season_deck(t.start, t.comps)
            try:
                card = t.comps.card(name)
            except InvalidInputError:
                raise InvalidInputError("card", name, f"draw, or a card of the {t.start.season}"
                                        " deck", suggestions=close_matches(
                                            name, ["draw", *deck])) from None
            name = card.name if card is not None else name
        resolved = f"card {N.quote_name(name)}"
        if name not in season_deck(t.start, t.comps):
            raise refusal(d, text)
        plan = replace(t.plan, card=name)
        if t.lost:                        # nothing is played: the card is only turned over
            return replace(t, plan=plan), resolved
        s, events = start_month(t.start, plan, t.comps)
        return replace(t, plan=plan, state=s, events=tuple(events)), resolved
    if d.kind in ("feeding", "swarm", "join", "sacrifice", "reroll", "infect", "remove") or \
            (d.kind == "place"):
        spawn = None
        if d.kind == "swarm":                 # a name for the wild hive, or none placed
            body, spawn = _take_key(body, "spawn")
        canon = _canonical(d, body)
        if canon is None and d.kind == "join":
            return _turned_join(t, d, body)
        if canon is None:
            verbs = sorted({x.split(": ", 1)[-1].split()[0] for x in d.legal})
            verb = _norm(body).split()[0] if body.strip() else ""
            same = _same_start(d, body)
            if verb in verbs and any(len(_norm(o.split(": ", 1)[-1]).split())
                                     == len(_norm(body).split()) for o in same):
                raise refusal(d, text)   # a whole option of this decision, not a legal one
            raise InvalidInputError(d.kind, text, "; ".join((same or list(d.legal))[:12]),
                                    suggestions=() if verb in verbs else
                                    close_matches(verb, verbs))
        if spawn is not None:
            return _swarm_named(t, d, canon, spawn), f"{canon} spawn {N.quote_name(spawn)}"
        return _apply_choice(t, d, canon), canon
    if d.kind == "dice":
        hole = table_die(t) or next_hole(t.state, t.turn, t.comps)   # type: ignore[arg-type]
        assert hole is not None
        if words == ["roll"]:
            faces = tuple(rng.choice(hole.faces) for _ in range(hole.dice))
        else:
            try:
                faces = N.dice_word("dice", body.replace(" ", ""))
            except InvalidInputError:
                raise InvalidInputError("dice", text, f"roll, or {counted(hole.dice, 'face')} of "
                                        f"{hole.faces[0]}-{hole.faces[-1]}",
                                        suggestions=close_matches(body, ["roll"])) from None
            if len(faces) != hole.dice or any(f not in hole.faces for f in faces):
                raise InvalidInputError("dice", text, f"roll, or {counted(hole.dice, 'face')} of "
                                        f"{hole.faces[0]}-{hole.faces[-1]}")
        said = "".join(map(str, faces)) if all(f < 10 for f in faces) else ",".join(
            map(str, faces))
        if hole.key.startswith("swarm_d6:"):              # a swarm's wild hive (Zombees)
            name = hole.key.split(":", 1)[1]
            return replace(t, plan=replace(t.plan, spawn_d6=t.plan.spawn_d6
                                           + ((name, faces[0]),))), said
        if hole.key.startswith("erratic:"):               # an infected wild hive's D6
            return replace(t, wild_roll=(hole.key.split(":", 1)[1], faces[0])), said
        pt = fill_hole(t.state, t.turn, hole, faces, t.comps)   # type: ignore[arg-type]
        return replace(t, turn=pt), said
    if d.kind in ("action", "wild"):
        actor = d.actor if d.kind == "action" else None
        if d.kind == "wild" and ":" not in text:
            hives = {o.split(":", 1)[0] for o in d.legal}
            if len(hives) == 1:                           # one wild hive to act: its name
                text = f"{hives.pop()}: {text}"               # may be left out, as shown
        if d.kind == "wild":
            if ":" not in text:
                raise InvalidInputError("wild hive turn", text, "WILD HIVE: LINE, e.g. "
                                        + (d.legal[0] if d.legal else "ACORN: nothing"))
            if _walks(t, state):
                passed = _passed_line(t, d, state, text, strict)
                if passed is not None:
                    return passed
            action = N.parse_action(text, state)
            if _walks(t, state) and action.wild and strict:
                _check_walk(t, d, state, action, text)
                if t.wild_passed is not None and "swarm" in t.wild_passed[1]:
                    action = replace(action, dice=replace(action.dice, spawn=NONE))
        else:
            action = N.parse_action(body, state, actor=actor)
        if d.kind == "wild" and not action.wild:
            raise refusal(d, text, "a wild hive's turn is due")
        if d.kind == "wild" and t.wild_roll is not None:
            name, face = t.wild_roll
            if action.actor != name or action.dice.zombee_d6 not in (None, face):
                raise refusal(d, text, f"{name} rolled {face} for its erratic turn")
            action = replace(action, dice=replace(action.dice, zombee_d6=face))
        resolved = N.format_action(action)
        exc, tried = _trial(state, action, t.comps)
        if exc is not None:                 # the sequencer's own reason, and what is legal
            if isinstance(exc, IllegalActionError):
                raise IllegalActionError(exc.rule, f"{exc.message}. Legal: "
                                         + legal_hint(d, resolved), expected=list(d.legal),
                                         given=resolved) from None
            raise exc
        return replace(t, turn=PendingTurn(action, tried=tried)), resolved
    raise AssertionError(d.kind)                                     # pragma: no cover


def _walked_hive(t: Table, d: Decision, state: GameState, name: str, text: str) -> ChartLine:
    """The chart line wild hive ``name`` stands at (:func:`_due_hive` checked first)."""
    _due_hive(t, d, state, name, text)
    return chart_line(state, name, t.comps, t.wild_passed[1] if t.wild_passed else ())


def _due_hive(t: Table, d: Decision, state: GameState, name: str, text: str) -> None:
    """:raises IllegalActionError: another hive's walk under way, or ``name`` not to act."""
    actor = next_actor(state)
    choices = actor.choices if actor is not None and actor.wild else ()
    if t.wild_passed is not None and t.wild_passed[0] != name:
        raise refusal(d, text, f"{t.wild_passed[0]}'s chart is being walked: its turn first")
    if name not in choices:
        raise refusal(d, text, f"{name} is not a wild hive to act now")


def _passed_line(t: Table, d: Decision, state: GameState, text: str, strict: bool = True
                 ) -> tuple[Table, str] | None:
    """``NAME: no LINE`` — the first player says wild hive NAME cannot take its chart's
    current line (ruling L56): the table with the line passed and the step resolved, or None
    when ``text`` is no such step.  Not ``strict`` (a step kept in a record): taken as it was
    accepted when made, without working the chart out again."""
    who, _, said = text.partition(":")
    said = " ".join(said.lower().split())
    line = next((k for k, v in PASS_LINE.items() if v == said), None)
    if line is None:
        return None
    name = next((w.name for w in state.wild if w.name.lower() == who.strip().strip("\"'")
                 .lower()), who.strip())
    passed = (t.wild_passed[1] if t.wild_passed else ()) + (line,)
    if not strict:
        _due_hive(t, d, state, name, text)
        return replace(t, wild_passed=(name, passed)), f"{N.quote_name(name)}: {said}"
    c = _walked_hive(t, d, state, name, text)
    if c.line != line:
        raise _off_chart(state, c, t.comps, f"{PASS_LINE[line]!r} passes another line", text)
    return replace(t, wild_passed=(name, passed)), c.passes


def _check_walk(t: Table, d: Decision, state: GameState, action: WildAction, text: str
                ) -> None:
    """A wild hive's turn typed at the table without the map must be of the chart line it
    stands at: the lines above it are passed first (ruling L56).

    :raises IllegalActionError: another line (rule Bee Lives: Wild Hives), the legal steps.
    """
    c = _walked_hive(t, d, state, action.actor, text)
    line = action.tile if isinstance(action, WildForage) else action.action
    if line != c.line:
        why = f"{line} is not on the {state.season} chart" if line not in \
            _chart_of(state, c.name, t.comps) else "a line is passed only when the wild hive " \
            "cannot take it"
        if line == "wet" and not seasons.overheating(t.comps.card(state.card)):
            why = "overheating is not in effect: no wet-tile line this month"
        raise _off_chart(state, c, t.comps, why, text)


def _chart_of(state: GameState, name: str, comps: Components) -> tuple[str, ...]:
    return tuple(line for line, _ in _wild_lines(state, name, comps, None, walk=True))


def _off_chart(state: GameState, c: ChartLine, comps: Components, why: str, text: str
               ) -> IllegalActionError:
    legal = c.steps
    shown = "; ".join(x.split(": ", 1)[-1] for x in legal[:8]) + (
        f"; … and {len(legal) - 8} more" if len(legal) > 8 else "")
    line = LINE_NAMES.get(c.line, f"forage {c.line}")
    return IllegalActionError(R_WILD, f"{c.name}'s {state.season} chart is at line {c.number} "
                              f"({line}): {why}. Legal for {c.name}: {shown}",
                              expected=list(legal), given=text)


#: the chart lines as the refusals name them (a tile type's line: "forage TILE")
LINE_NAMES = {"swarm": "swarm", "raid": "raid", "scout": "scout", "nothing": "nothing"}


def _take_key(body: str, key: str) -> tuple[str, str | None]:
    """``body`` without ``KEY VALUE``, and the value (None when absent)."""
    try:
        words = shlex.split(body)
    except ValueError:
        return body, None
    low = [w.lower() for w in words]
    if key not in low or low.index(key) + 1 >= len(words):
        return body, None
    i = low.index(key)
    value = words[i + 1]
    rest = words[:i] + words[i + 2:]
    return " ".join(N.quote_name(w) for w in rest), value


def _swarm_named(t: Table, d: Decision, option: str, spawn: str) -> Table:
    """A swarm choice with the wild hive's name stated (``spawn NAME``) or none spawned
    (``spawn none``: no tile within three spaces can take it — without a map hyvekit cannot
    tell)."""
    name = d.actor
    s, _ = _swarm_state(t)
    c = swarm_choices(t, s, name)[option]
    wild = NONE if spawn.lower() == NONE else spawn
    c = replace(c, wild=wild, at=None if wild == NONE else c.at)
    swarm_phase(s, name, PhaseChoices(swarm=c), t.comps)          # raises what the rules refuse
    plan = _with_choice(t.plan, name, replace(t.plan.choice(name), swarm=c))
    return replace(t, plan=plan, decided=t.decided | {f"swarm:{name}"})


def _turned_join(t: Table, d: Decision, body: str) -> tuple[Table, str]:
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
    m = t.state.map                                          # type: ignore[union-attr]
    for player, offset, rotation in t.plan.joins:
        m = M.join(m, M.Join(player, offset, rotation))
    M.check_join(m, M.Join(d.actor, (q, r), rot))
    resolved = f"{N.quote_name(d.actor)}: join {q},{r}" + (f" turn {rot}" if rot else "")
    return replace(t, plan=replace(t.plan, joins=t.plan.joins + ((d.actor, (q, r), rot),))), \
        resolved


def _canonical(d: Decision, body: str) -> str | None:
    """The legal option ``body`` names, with or without its actor (case and spacing
    forgiving), or None."""
    want = _norm(body)
    for option in d.legal:
        rest = option.split(": ", 1)[1] if ": " in option else option
        if want in (_norm(option), _norm(rest)):
            return option
    return None


def _norm(text: str) -> str:
    try:
        return " ".join(w.lower() for w in shlex.split(text))
    except ValueError:
        return text.lower()


def _apply_choice(t: Table, d: Decision, option: str) -> Table:
    name = d.actor
    _, _, body = option.rpartition(": ") if d.kind != "place" else ("", "", option)
    words = shlex.split(body)
    if d.kind == "feeding":
        c = replace(t.plan.choice(name), starvation_tokens=int(words[1]))
        plan = _with_choice(t.plan, name, c)
        return replace(t, plan=plan, decided=t.decided | {f"feeding:{name}"})
    if d.kind == "swarm":
        s, _ = _swarm_state(t)
        c = replace(t.plan.choice(name), swarm=swarm_choices(t, s, name)[option])
        plan = _with_choice(t.plan, name, c)
        return replace(t, plan=plan, decided=t.decided | {f"swarm:{name}"})
    if d.kind == "join":
        q, r = words[1].split(",")
        rot = int(words[3]) if len(words) > 3 else 0
        return replace(t, plan=replace(t.plan, joins=t.plan.joins + ((name, (int(q), int(r)),
                                                                      rot),)))
    if d.kind == "infect":
        return replace(t, plan=replace(t.plan, infect=shlex.split(body)[1]))
    if d.kind == "place" and t.state is None:          # Zombees' infected wild hive
        q, r = words[1].split(",")
        return replace(t, plan=replace(t.plan, infected_spawn=free_wild_name(t.start),
                                       infected_spawn_at=(int(q), int(r))))
    if d.kind == "place" and t.turn is None:           # the solo hard rule's spawn
        q, r = words[1].split(",")
        s = t.state
        return replace(t, plan=replace(t.plan, solo_spawn=free_wild_name(s),
                                       solo_spawn_at=(int(q), int(r))))
    hole = next_hole(t.state, t.turn, t.comps)             # type: ignore[arg-type]
    value = next(v for v, text in hole.values if text == option)
    return replace(t, turn=fill_hole(t.state, t.turn, hole, value, t.comps))  # type: ignore


def _with_choice(plan: MonthPlan, name: str, c: PhaseChoices) -> MonthPlan:
    choices = dict(plan.choices)
    choices[name] = c
    return replace(plan, choices=tuple(choices.items()))


def _auto(t: Table) -> Table:
    """Play what needs no decision: a turn's follow-ups the tool settles (a spawn's name), a
    complete turn, a wild hive's only legal line, the end of the month."""
    for _ in range(1000):
        if t.result is not None or t.state is None:
            return t
        if t.turn is not None:
            hole = next_hole(t.state, t.turn, t.comps)
            if hole is not None and hole.kind == "auto":
                t = replace(t, turn=fill_hole(t.state, t.turn, hole, hole.values[0][0], t.comps))
                continue
            if hole is not None:
                return t
            s, evs = _play_again(t.state, t.turn, t.comps)
            from hyvekit.rules.beelives.plan import as_turn
            t = replace(t, state=s, events=t.events + tuple(evs), turn=None, wild_roll=None,
                        wild_passed=None,
                        plan=replace(t.plan, turns=t.plan.turns + (as_turn(t.turn.action),),
                                     spawn_d6=t.plan.spawn_d6 + t.turn.rolls))
            continue
        if next_actor(t.state) is not None:
            return t
        d = _end_decision(t)
        if d is not None:
            return t
        return _finish(t)
    raise AssertionError("the table did not settle")                 # pragma: no cover


def _finish(t: Table) -> Table:
    s = t.state
    assert s is not None
    plan = t.plan
    if s.options.solo_hard and t.start.season in ("summer", "fall") and not s.spawned and \
            plan.solo_spawn is None:
        plan = replace(plan, solo_spawn=free_wild_name(s) if s.map is None else NONE)
    s2, evs = end_month(s, t.comps, solo_spawn=plan.solo_spawn,
                        solo_spawn_at=plan.solo_spawn_at, joins=plan.joins)
    events = t.events + tuple(evs)
    from hyvekit.rules.beelives.summaries import summarize
    summary = summarize(list(events), s2, t.comps)
    return replace(t, plan=plan, result=MonthResult(s2, events, summary))


def replay(start: GameState, comps: Components, steps: tuple[str, ...] | list[str]) -> Table:
    """The table after ``steps`` (resolved notations, as :attr:`Table.steps` keeps them)
    from the start of the month ``start``.

    :raises IllegalActionError, InvalidInputError: a step that is not legal where it stands
        (located: ``step N``).
    """
    t = _auto(new_table(start, comps))
    for i, step in enumerate(steps, 1):
        try:
            t = push(t, step)
        except (IllegalActionError, InvalidInputError) as exc:
            from hyvekit.rules.errors import located
            raise located(exc, f"step {i} ({step})") from None
    return t


def describe_month(t: Table) -> str:
    """``Month of year N``, for headings."""
    return f"{month_name(t.start.month)} of year {t.start.year}"


def _count(n: int, word: str) -> str:
    """``1 bee``, ``2 bees``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def event_words(ev: Event) -> str | None:
    """One line in words for a sequencer event (what ``beelives do`` and ``play`` show of what
    happened: the phases played, the wild hives' turns, the raids' outcomes); None for the
    events a player need not read (the month's opening, a player's plain action)."""
    k = ev.get("kind")
    who = ev.get("hive") or ev.get("wild")
    if k == "egg":
        return f"Egg Phase: {who} lays {ev['brood']} brood" + (
            " (no empty cell: a swarm token)" if ev.get("swarm_token") else "")
    if k == "feeding":
        if ev.get("skipped"):
            return f"Feeding Phase: {who} uses the skip feeding token"
        return (f"Feeding Phase: {who} spends {ev['honey']} honey" +
                (f", {_count(ev['starved'], 'bee')} starve" if ev.get("starved") else "") +
                (f", {_count(ev['tokens'], 'starvation token')}" if ev.get("tokens") else ""))
    if k == "brood":
        return (f"Brood Phase: {who} hatches {ev['hatched']} ({ev['pollen']} pollen)" +
                (f", {ev['lost']} lost to disease" if ev.get("lost") else "") +
                (", queen paused" if ev.get("paused") else ""))
    if k == "swarm":
        return (f"Swarm Phase: {who} swarms ({ev['reason']}): {counted(ev['bees_lost'], 'bee')} "
                f"{'leaves' if ev['bees_lost'] == 1 else 'leave'}, "
                f"{ev['choice']}s" + (f", +{ev['vp']} VP" if ev.get("vp") else ""))
    if k == "spawn":
        return (f"wild hive {ev['wild']} spawns at strength {ev['strength']} ({ev['cause']})"
                + (", dormant" if ev.get("dormant") else ""))
    if k == "event":
        return f"Event Phase: {ev['card']}"
    if k == "cooler_temps":
        return f"Cooler Temps: {ev['bees']} of {who}'s bees defend"
    if k == "action" and ev.get("failed"):
        return f"{who}'s {ev['action'].replace('_', ' ')} fails"
    if k == "action" and ev.get("action") == "raid" and ev.get("target"):
        won = "succeeds" if ev.get("success") else "fails"
        lost = ev.get("lost") or 0
        vp = (f", +{ev['vp']} VP" if ev.get("vp") else "") + (
            f", +{ev['defender_vp']} VP to {ev['target']}" if ev.get("defender_vp") else "")
        return (f"{who}'s raid on {ev['target']} {won}: {ev.get('stolen', 0)} honey{vp}"
                + (f", {_count(lost, 'bee')} of the party lost" if lost else ""))
    if k == "wild":
        a = ev.get("action")
        if a == "raid":
            totals = ev.get("totals") or ["?", "?"]
            what = (f"raids {ev['target']}: {ev.get('stolen', 0)} honey" if
                    ev.get("target_kind") == "player" else
                    f"raids {ev['target']}: {totals[0]} against {totals[1]} (each D6 plus the "
                    f"difference in strength for the stronger; a tie to the defender), "
                    f"{who if ev.get('winner') == 'attacker' else ev['target']} wins; "
                    f"{ev['target']} strength {ev.get('target_after')}")
        elif a == "forage":
            what = f"forages a {ev.get('tile')} tile"
        elif a == "scout":
            what = "scouts"
        elif a == "swarm":
            what = "swarms"
        else:
            what = "does nothing"
        return f"{who} {what} (strength {ev.get('after')})"
    if k == "overheated":
        return f"Cleanup: {who} overheats, the queen pauses"
    if k == "cleanup":
        return f"Cleanup: the first player marker passes to {ev['first_player']}"
    return None
