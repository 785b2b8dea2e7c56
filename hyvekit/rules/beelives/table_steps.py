"""A month record as the steps of the table (rules/bee-lives.txt, "Productive Months",
"Action Phase", "Actions", "Raid", "Wild Hives", "Joining the Map"; the solo cards Zombees
and Under Siege): the other way round of :mod:`.month_phases`, whose finished month gives a
:class:`~hyvekit.rules.beelives.plan.MonthPlan`.

:func:`steps_for` walks a :class:`~hyvekit.rules.beelives.month_table.Table` from the start
of the month and, at each decision :func:`~hyvekit.rules.beelives.month_phases.month_pending`
names, pushes the
step the plan states:

* ``infect``: ``infect NAME`` (Zombees, the start of year 2: the strongest wild hives tied);
  ``place``: ``place q,r`` (on the map, the infected wild hive spawned when none is in play);
* ``feeding``: ``NAME: tokens N`` (the plan's starvation tokens);
* ``swarm``: ``NAME: stay QUEEN [at q,r]`` / ``NAME: leave [at q,r]``; ``dice``: Zombees'
  D6 of each wild hive the swarms spawned;
* ``card``: ``card "Name"``;
* ``action`` / ``wild``: the turn's head, its notation (:mod:`.notation`) without what the
  table asks after it (raid rolls, sacrifices, the D6s, the spawn), then
* ``dice``: the faces stated (``12`` for a raid roll of 1 and 2, ``5`` for a D6: the season
  card's, a wild hive raid's, the solo cards' — Zombees, Haunted Hives, Under Siege);
  ``reroll``: ``reroll`` while the plan states another roll, else ``keep``; ``sacrifice``:
  ``NAME: sacrifice D/U`` (a defending player) or ``NAME: sacrifice N`` (the raider of a wild
  hive); ``place``: ``place q,r`` (a spawn's tile, and the solo hard rule's spawn); an
  infected wild hive's D6 comes before its line;
* ``remove``: ``NAME: remove 4`` (the raid dice removed on losing a bracket);
* ``join``: ``NAME: join q,r [turn R]``.

Wild hive names: the table names every wild hive it spawns itself (the next free name of
:data:`~hyvekit.rules.beelives.month_table.WILD_NAMES`); a record may use any name.  The walk keeps
the correspondence, record name → table name (:attr:`Walk.names`), and reads the record's
turns through it; a later month's walk starts from the names of the earlier ones.

What the table cannot state (:class:`NotAtTheTable`, the missing decision named): Zombees'
infected hive stated ``"none"`` without the map where the table spawns it; without the map, a
healthy wild hive acting before an infected one still to act in the round (the table asks for
the infected hive's erratic D6 first).  Claims are not steps (the table's month has none).  A
raid's ``removed`` dice are the raider's ``remove`` decision (none stated: the lowest); a
swarm's ``"none"`` is ``spawn none``; a turned join is ``join q,r turn R``.

Which value a decision asks for (which die, which sacrifice) is read from the table's own
decisions (:class:`~hyvekit.rules.beelives.turn_steps.TurnDecision` and
:class:`~hyvekit.rules.beelives.month_phases.MonthDie`: their ``key`` and ``subject``).  Pure: no I/O; the dice are the plan's, no random generator
is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, fields

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives.action_phase import next_actor
from hyvekit.rules.beelives.plan import MonthPlan, Turn, as_action, as_turn
from hyvekit.rules.beelives.state import (
    NONE,
    R_MONTH,
    Components,
    GameState,
    month_name,
)
from hyvekit.rules.beelives.month_phases import MonthDie
from hyvekit.rules.beelives.month_phases import month_pending as pending
from hyvekit.rules.beelives.month_phases import month_push as push
from hyvekit.rules.beelives.month_table import Action, PendingTurn, Table, new_table
from hyvekit.rules.beelives.turn_steps import TurnDecision, turn_due
from hyvekit.rules.beelives.wild_table import chart_line
from hyvekit.rules.table import Decision
from hyvekit.rules.beelives.wild_turns import WildForage, WildRaid
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.values import dataclass, replace

R_STEPS = "Bee Lives: a month record at the table"

#: most steps one month may take (a guard against a walk that does not end)
MAX_STEPS = 2000


class NotAtTheTable(IllegalActionError):
    """The plan states something no step of the table can say (the decision the table is
    missing named), the table asks for something the plan does not state, or the plan states
    a choice the table does not ask for (the rules leave none)."""

    def __init__(self, message: str, *, expected: object = None, given: object = None):
        super().__init__(R_STEPS, message, expected=expected, given=given)


@dataclass(frozen=True)
class Walk:
    """A month record played at the table.

    :ivar table: the table at the end of the month (``table.done``).
    :ivar steps: every step, resolved as the table keeps them (``table.steps``; the wild
        hives' forced lines included).
    :ivar kinds: the kind of the decision each step answers (``infect``, ``feeding``,
        ``swarm``, ``card``, ``action``, ``wild``, ``dice``, ``reroll``, ``sacrifice``,
        ``place``, ``join``).
    :ivar names: record name → table name of the wild hives (those given, then each spawned
        this month; a name the table gives again replaces the entry of the hive that had it),
        for the next month's walk.
    """

    table: Table
    steps: tuple[str, ...]
    kinds: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)


def steps_for(start: GameState, comps: Components, plan: MonthPlan, *,
              names: Mapping[str, str] | None = None) -> list[str]:
    """The table steps that play the month ``plan`` from ``start`` (the game at the start of
    the month, stage ``month``): feeding tokens, swarm choices, the card, each turn as its head
    then its dice, reroll, sacrifice and place steps, the joins, the solo spawn's place.
    ``names``: record name → table name of the wild hives already in play when they differ
    (see :func:`walk`).  ``replay(start, comps, steps)`` plays the same month.

    :raises NotAtTheTable: what the table cannot state (see the module docstring).
    :raises IllegalActionError, InvalidInputError: a step the table refuses (the plan is
        against the rules), located at the month and turn.
    """
    return list(walk(start, comps, plan, names=names).steps)


def walk(start: GameState, comps: Components, plan: MonthPlan, *,
         names: Mapping[str, str] | None = None) -> Walk:
    """:func:`steps_for` with the finished table, the decision kind of each step and the
    wild hive names at the end of the month (record name → table name: ``names`` given, then
    each wild hive spawned this month; see :class:`Walk`)."""
    w = _Walker(start, comps, plan, dict(names or {}))
    return w.run()


# --- the walk -----------------------------------------------------------------------------------

class _Walker:
    def __init__(self, start: GameState, comps: Components, plan: MonthPlan,
                 names: dict[str, str]) -> None:
        self.plan, self.names = plan, names
        self.t = new_table(start, comps)
        self.i = 0                              # the next turn of the plan
        self.where = f"year {plan.year} {month_name(plan.month)}"
        self.target: Action | None = None       # the plan's turn being played (table names)
        self.kinds: list[str] = []
        self.learned: set[str] = set()
        if (plan.year, plan.month) != (start.year, start.month):
            raise IllegalActionError(R_MONTH, f"the month due is {month_name(start.month)} of "
                                     f"year {start.year}, the plan is for {self.where}",
                                     expected=(start.year, start.month),
                                     given=(plan.year, plan.month))
        self._learn_first_infection()

    # where a message points
    def _at(self) -> str:
        if self.t.state is not None and self.i < len(self.plan.turns):
            turn = self.plan.turns[self.i]
            return f"{self.where}, {turn.where or f'turn {self.i + 1}'} ({turn.actor})"
        return self.where

    def run(self) -> Walk:
        for _ in range(MAX_STEPS):
            d = self._wild_turn_due() or pending(self.t)
            if d is None:
                break
            step = self._step(d)
            self._push(d, step)
        else:                                               # pragma: no cover
            raise AssertionError("the month did not end")
        self._end_checks()
        return Walk(self.t, self.t.steps, tuple(self.kinds), dict(self.names))

    def _wild_turn_due(self) -> Decision | None:
        """The wild hives' turn when it is due, without :func:`pending` (whose wild hive
        decision works out every legal line of every wild hive at once; :func:`push` checks
        the line stated all the same)."""
        t = self.t
        if t.result is not None or t.state is None or t.turn is not None or t.state.zombees:
            return None                 # (Zombees: an erratic turn's D6 may be due first)
        actor = next_actor(t.state)
        if actor is None or not actor.wild:
            return None
        return Decision("wild", None, "the wild hives' turn: " + ", ".join(actor.choices), ())

    def _push(self, d: Decision, step: str) -> None:
        turns = len(self.t.plan.turns)
        try:
            self.t = push(self.t, step)
        except (IllegalActionError, InvalidInputError) as exc:
            raise exc.within(f"{self._at()}, step {step!r}") from None
        self.kinds.append(d.kind)
        if d.kind == "swarm":
            self._learn_swarm(d.actor)
        if self.t.state is None:
            self._learn_first_infection()
        if len(self.t.plan.turns) > turns:       # the turn is played
            self._turn_played(self.t.plan.turns[-1])

    # --- one step -------------------------------------------------------------------------

    def _step(self, d: Decision) -> str:
        plan, q = self.plan, N.quote_name(d.actor) if d.actor else ""
        if d.kind == "feeding":
            return f"{q}: tokens {plan.choice(d.actor).starvation_tokens}"
        if d.kind == "swarm":
            c = plan.choice(d.actor).swarm
            if c is None:
                raise NotAtTheTable(f"{self.where}: {d.actor}'s hive swarms; the plan states no "
                                    "swarm choice", expected="stay or leave", given=None)
            text = f"{q}: {c.choice}" + (f" {c.queen}" if c.queen else "")
            text += f" at {c.at[0]},{c.at[1]}" if c.at is not None else ""
            return text + (f" spawn {NONE}" if c.wild == NONE else "")
        if d.kind == "card":
            if not plan.card:
                raise NotAtTheTable(f"{self.where}: the plan states no season card",
                                    expected="a card", given=None)
            return f"card {N.quote_name(plan.card)}"
        if d.kind == "infect":
            if plan.infect is None:
                raise NotAtTheTable(f"{self.where}: {d.prompt} ({', '.join(d.legal)}); the plan "
                                    "names none (infect)", expected=list(d.legal), given=None)
            return f"infect {N.quote_name(self.names.get(plan.infect, plan.infect))}"
        if d.kind == "place" and self.t.state is None:       # Zombees' infected wild hive
            at = plan.infected_spawn_at
            if plan.infected_spawn in (None, NONE) or at is None:
                raise NotAtTheTable(f"{self.where}: {d.prompt}; the plan states infected_spawn "
                                    f"{plan.infected_spawn!r} at {at}", expected=list(d.legal),
                                    given=plan.infected_spawn)
            return f"place {at[0]},{at[1]}"
        if isinstance(d, MonthDie):                          # Zombees' dice outside a turn
            return self.table_die(d)
        if d.kind == "join":
            return self._join(d)
        if d.kind in ("action", "wild"):
            return self._head(d)
        if d.kind == "place" and self.t.turn is None:        # the solo hard rule's spawn
            at = plan.solo_spawn_at
            if plan.solo_spawn == NONE or at is None:
                raise NotAtTheTable(f"{self.where}: the solo hard rule's wild hive may be placed "
                                    f"({', '.join(d.legal)}); the plan states "
                                    f"{plan.solo_spawn!r} at {at}: the table has no 'none' where "
                                    "a place is free", expected=list(d.legal),
                                    given=plan.solo_spawn)
            return f"place {at[0]},{at[1]}"
        return self._inside_turn(d)

    def _head(self, d: Decision) -> str:
        if self.i >= len(self.plan.turns):
            raise NotAtTheTable(f"{self.where}: the table asks for another turn ({d.prompt}); "
                                f"the plan's {len(self.plan.turns)} turns are all played",
                                expected="a turn", given=None)
        turn = self.plan.turns[self.i]
        target = self._translated(turn)
        self.target = target
        passes = self._passes(target)
        return passes or N.format_action(self._head_of(target))

    def _passes(self, target: Action) -> str:
        """Without the map, the step that passes the chart line a wild hive stands at when
        the plan's line is lower on its chart ("" when it is that line): ruling L56."""
        t = self.t
        if not target.wild or t.state is None or t.state.map is not None or \
                t.wild_roll is not None:
            return ""
        passed = t.wild_passed[1] if t.wild_passed else ()
        c = chart_line(t.state, target.actor, t.comps, passed)
        line = target.tile if isinstance(target, WildForage) else target.action
        return c.passes if line != c.line else ""

    def _head_of(self, target: Action) -> Action:
        """The head of ``target``: the action without what the table asks after it (the
        dice, rerolls, sacrifices and spawn it will ask for, found by following the turn's
        decisions with the plan's values)."""
        state, comps = self.t.state, self.t.comps
        assert state is not None
        want = _flat(target)
        head = _bare(target)
        for _ in range(len(want) + 1):
            asked: set[str] = set()
            pt = PendingTurn(head)
            for _ in range(MAX_STEPS):
                hole = turn_due(state, pt, comps)
                if hole is None:
                    break
                asked |= _ASKS.get(hole.key, set())
                pt = hole.fill(pt, self._value(hole, pt.action))
            have = _flat(head)
            extra = {k for k, v in want.items() if have[k] != v and k not in asked}
            if not extra:
                return head
            head = _with(head, {k: want[k] for k in extra})
        raise AssertionError("the head did not settle")           # pragma: no cover

    def _value(self, hole: TurnDecision, now: Action) -> object:
        """The plan's value for the turn's decision ``hole`` (``now``: the turn so far)."""
        target, at = self.target, self._at()
        if hole.key == "rolls":
            k = len(now.rolls)
            if k >= len(target.rolls):
                raise NotAtTheTable(f"{at}: the table asks for raid roll {k + 1}; the plan "
                                    f"states {len(target.rolls)}", expected=k + 1,
                                    given=len(target.rolls))
            return tuple(target.rolls[k])
        if hole.key == "kept":
            return len(now.rolls) >= len(target.rolls)
        if hole.key == "removed":                 # None in a record: the lowest dice
            return (hole.neutral if target.removed is None
                    else tuple(sorted(target.removed)))
        if hole.key == "sacrifice":
            if isinstance(target, WildRaid) or (self.t.state is not None and
                                                self.t.state.is_player(target.target)):
                return (target.sacrifice_defending, target.sacrifice_unassigned)
            return target.sacrifices
        if hole.key == "spawn_d6":                         # Zombees: a new wild hive's D6
            name = hole.subject
            turn = self.plan.turns[self.i]
            stated = turn.spawn if name == now.dice.spawn else turn.siege_spawn
            return (self._spawn_d6(stated, hole.prompt),)
        if hole.kind == "auto":                             # the tool's: a spawn, its name
            return hole.values[0][0]
        if hole.key == "spawn":
            name = hole.values[0][0][0] if hole.values else NONE
            spawn_at = target.dice.spawn_at
            if target.dice.spawn in (None, NONE) or spawn_at is None:
                raise NotAtTheTable(f"{at}: {hole.prompt}; the plan states spawn "
                                    f"{target.dice.spawn!r} at {spawn_at}: the table has no "
                                    "'none' where a place is free",
                                    expected=[v[1] for v in hole.values],
                                    given=target.dice.spawn)
            return (name, tuple(spawn_at))
        value = (getattr(target, hole.key) if hole.key in ("d6", "target_roll")
                 else getattr(target.dice, hole.key))
        if value is None:
            raise NotAtTheTable(f"{at}: {hole.prompt}; the plan states no "
                                f"{_PLAN_FIELD.get(hole.key, hole.key)}", expected="a D6",
                                given=None)
        return (value,)

    def _inside_turn(self, d: Decision) -> str:
        t = self.t
        assert t.turn is not None and t.state is not None
        hole = turn_due(t.state, t.turn, t.comps)
        assert hole is not None
        value = self._value(hole, t.turn.action)
        if d.kind == "dice":
            return N.digits_text(value)
        text = next((text for v, text in hole.values if v == value), None)
        if text is None:
            raise NotAtTheTable(f"{self._at()}: {hole.prompt}; the plan's {value!r} is not "
                                "among the table's options",
                                expected=[v[1] for v in hole.values], given=value)
        return text

    def table_die(self, hole: MonthDie) -> str:
        """Zombees' D6 outside a turn: a swarm's new wild hive, an infected wild hive's
        erratic turn."""
        what, name = hole.key, hole.subject
        if what == "swarm_d6":
            back = {v: k for k, v in self.names.items()}
            return str(self._spawn_d6(back.get(name, name), hole.prompt))
        turn = self.plan.turns[self.i] if self.i < len(self.plan.turns) else None
        actor = self.names.get(turn.actor, turn.actor) if turn is not None else None
        if turn is None or not turn.wild or actor != name:
            raise NotAtTheTable(f"{self._at()}: the table asks for the infected {name}'s "
                                "erratic D6 before any other wild hive's turn of the round; the "
                                f"plan's next turn is {turn.actor if turn else 'none'}'s: the "
                                "table cannot let another wild hive act before an infected "
                                "one", expected=name, given=actor)
        if turn.zombee_d6 is None:
            raise NotAtTheTable(f"{self._at()}: {hole.prompt}; the plan states no zombee_d6",
                                expected="a D6", given=None)
        return str(turn.zombee_d6)

    def _spawn_d6(self, name: str | None, prompt: str) -> int:
        """Zombees: the plan's D6 for the new wild hive it calls ``name``."""
        rolls = dict(self.plan.spawn_d6)
        if name not in rolls:
            raise NotAtTheTable(f"{self._at()}: {prompt}; the plan states no spawn_d6 for "
                                f"{name}", expected=f"spawn_d6.{name}", given=None)
        return rolls[name]

    def _join(self, d: Decision) -> str:
        done = len(self.t.plan.joins)
        if done >= len(self.plan.joins):
            raise NotAtTheTable(f"{self.where}: {d.prompt}; the plan states "
                                f"{len(self.plan.joins)} joins", expected="a join", given=None)
        player, (dq, dr), rot = self.plan.joins[done]
        if player != d.actor:
            raise NotAtTheTable(f"{self.where}: {d.actor} joins now (Joining the Map's order); "
                                f"the plan's next join is {player}'s", expected=d.actor,
                                given=player)
        return f"{N.quote_name(player)}: join {dq},{dr}" + (f" turn {rot}" if rot else "")

    # --- names ----------------------------------------------------------------------------

    def _translated(self, turn: Turn) -> Action:
        """The plan's turn as the table's typed action: its hives by their table names."""
        n = self.names
        turn = replace(turn, actor=n.get(turn.actor, turn.actor), where="",
                       target=n.get(turn.target, turn.target) if turn.target else turn.target)
        return as_action(turn)

    def _learn(self, stated: str | None, table: str | None, what: str) -> None:
        if stated in (None, NONE) and table in (None, NONE):
            return
        if stated in (None, NONE):
            raise NotAtTheTable(f"{self._at()}: {what}: the plan states no wild hive spawned "
                                f"({stated!r}) where the table spawns {table}: the table has no "
                                "'none' for a spawn it can place", expected=table, given=stated)
        if table in (None, NONE):
            raise NotAtTheTable(f"{self._at()}: {what}: the plan spawns {stated}, the table "
                                "spawns none", expected=NONE, given=stated)
        for old in [k for k, v in self.names.items() if v == table]:
            del self.names[old]         # a name the table gives again: its hive left play
        self.names[stated] = table

    def _learn_first_infection(self) -> None:
        """Zombees: the infected wild hive spawned at the start of the year, once the table
        has named it."""
        stated, table = self.plan.infected_spawn, self.t.plan.infected_spawn
        if table is not None and "infected_spawn" not in self.learned:
            self.learned.add("infected_spawn")
            self._learn(stated, table, "Zombees' infected wild hive")

    def _learn_swarm(self, name: str) -> None:
        stated = self.plan.choice(name).swarm
        table = self.t.plan.choice(name).swarm
        assert stated is not None and table is not None
        self._learn(stated.wild, table.wild, f"{name}'s swarm")

    def _turn_played(self, played: Turn) -> None:
        turn = self.plan.turns[self.i]
        self._learn(turn.spawn, played.spawn, "the spawn of the turn")
        self._learn(turn.siege_spawn, played.siege_spawn, "Under Siege's spawn")
        n = self.names
        want = as_turn(self._translated(replace(
            turn, spawn=n.get(turn.spawn, turn.spawn),
            siege_spawn=n.get(turn.siege_spawn, turn.siege_spawn))))
        for key in ("spawn_at", "siege_at"):    # the default: the tile acted on
            if getattr(want, key) is None and getattr(played, key) is not None and \
                    played.at is not None and tuple(getattr(played, key)) == tuple(played.at):
                want = replace(want, **{key: getattr(played, key)})
        if want.removed is None and played.removed is not None and played.rolls and \
                tuple(sorted(played.removed)) == tuple(sorted(played.rolls[-1]))[
                    :len(played.removed)]:
            want = replace(want, removed=played.removed)      # the default: the lowest dice
        if want != replace(played, where=""):
            diff = {f: (getattr(want, f), getattr(played, f)) for f in Turn.__dataclass_fields__
                    if getattr(want, f) != getattr(played, f) and f != "where"}
            raise NotAtTheTable(f"{self._at()}: the table played another turn than the plan "
                                f"states: {diff} (plan, table)", expected=want, given=played)
        self.i += 1
        self.target = None

    # --- the end of the month -------------------------------------------------------------

    def _end_checks(self) -> None:
        t, plan = self.t, self.plan
        if self.i < len(plan.turns):
            raise NotAtTheTable(f"{self._at()}: the Action Phase is over at the table after "
                                f"{self.i} turns; the plan states {len(plan.turns)}",
                                expected=self.i, given=len(plan.turns))
        for name, c in plan.choices:            # choices the table never asked for
            asked = t.plan.choice(name)
            if c.starvation_tokens != asked.starvation_tokens or \
                    (c.swarm is None) != (asked.swarm is None):
                raise NotAtTheTable(f"{self.where}: {name} states {c.starvation_tokens} "
                                    f"starvation tokens and {'a' if c.swarm else 'no'} swarm "
                                    f"choice; the table asked for {asked.starvation_tokens} and "
                                    f"{'a' if asked.swarm else 'no'} swarm choice",
                                    expected=asked, given=c)
        if t.plan.solo_spawn is not None or plan.solo_spawn is not None:
            self._learn(plan.solo_spawn, t.plan.solo_spawn, "the solo hard rule's spawn")
        if plan.infected_spawn is not None and "infected_spawn" not in self.learned:
            raise NotAtTheTable(f"{self.where}: the plan spawns Zombees' infected wild hive "
                                f"{plan.infected_spawn}; the table spawns none",
                                expected=None, given=plan.infected_spawn)
        rolled = {self.names.get(k, k): v for k, v in plan.spawn_d6}
        if rolled != dict(t.plan.spawn_d6):
            raise NotAtTheTable(f"{self.where}: Zombees' spawn D6s: the plan states "
                                f"{plan.spawn_d6}, the table rolled {t.plan.spawn_d6} (table "
                                "names)", expected=t.plan.spawn_d6, given=plan.spawn_d6)
        if t.plan.joins != plan.joins:
            raise NotAtTheTable(f"{self.where}: the table joined the map {t.plan.joins}; the "
                                f"plan states {plan.joins}", expected=t.plan.joins,
                                given=plan.joins)


#: a table hole's key → the plan's (month file's) field, for messages
_PLAN_FIELD = {"card_d6": "d6", "zombee_d6": "zombee_d6", "haunt_d6": "haunt_d6",
               "infection_d6": "infection_d6", "d6": "d6", "target_roll": "target_roll",
               "siege_d6": "siege_d6"}


#: a turn's decision (a table hole's key) → the action's values it decides
_ASKS = {"zombee_d6": {"dice.zombee_d6"}, "haunt_d6": {"dice.haunt_d6"},
         "infection_d6": {"dice.infection_d6"}, "card_d6": {"dice.card_d6"},
         "rolls": {"rolls"}, "kept": set(), "removed": {"removed"},
         "sacrifice": {"sacrifice_defending", "sacrifice_unassigned", "sacrifices"},
         "d6": {"d6"}, "target_roll": {"target_roll"},
         "spawn": {"dice.spawn", "dice.spawn_at"}, "siege_d6": {"dice.siege_d6"},
         "siege_spawn": {"dice.siege_spawn", "dice.siege_at"}, "spawn_d6": set()}


def _flat(action: Action) -> dict[str, object]:
    """The action's values by name (``dice.X`` for the turn's dice), ``where`` left out."""
    out = {f.name: getattr(action, f.name) for f in fields(action)
           if f.name not in ("dice", "where", "_")}
    out.update({f"dice.{f.name}": getattr(action.dice, f.name) for f in fields(action.dice)})
    return out


def _with(action: Action, values: Mapping[str, object]) -> Action:
    dice = {k[5:]: v for k, v in values.items() if k.startswith("dice.")}
    own = {k: v for k, v in values.items() if not k.startswith("dice.")}
    return replace(action, **own, dice=replace(action.dice, **dice))


def _bare(action: Action) -> Action:
    """``action`` without any value the table may ask after the head (see :data:`_ASKS`)."""
    have = _flat(action)
    blank = _flat(type(action)(action.actor))
    asked = set().union(*_ASKS.values())
    return _with(action, {k: blank[k] for k in asked if k in have})


__all__ = ["MAX_STEPS", "R_STEPS", "NotAtTheTable", "Walk", "steps_for", "walk"]
