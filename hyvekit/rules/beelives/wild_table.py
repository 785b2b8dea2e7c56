"""The wild hives' turns at the Bee Lives table (rules/bee-lives.txt, "Wild Hives", "Priority
Charts"; rulings L56, L122): on the map each wild hive takes the first line of its priority
chart it can, and the tool plays it when only one turn is legal; without the map the first
player walks the chart line by line, saying for each line the table cannot rule out either
the wild hive's turn on it or that it cannot take it (``NAME: no raid``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.action_phase import next_actor
from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.month_table import Table, WildRoll
from hyvekit.rules.beelives.state import NONE, R_WILD, Components, GameState, map_module
from hyvekit.rules.beelives.step_text import refusal
from hyvekit.rules.beelives.turn_steps import head_legal
from hyvekit.rules.beelives.wild_turns import (WildAction, WildForage, WildNothing, WildRaid,
                                               WildScout, WildSwarm)
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.table import Decision
from hyvekit.rules.values import dataclass, replace

def wild_decision(t: Table, choices: tuple[str, ...]) -> Decision:
    """The wild hives' turn due (``choices``: those still to act this round): the chart
    walked without the map, else their legal turns (the tool plays a single one)."""
    state = t.state
    assert state is not None
    if t.wild_roll is not None:
        choices = (t.wild_roll.name,)
    lead = state.players[state.first_player].name
    if walks(t, state):
        return walk_decision(t, state, choices, lead)
    legal = tuple(N.format_action(a) for a in wild_options(state, choices, t.comps,
                                                           t.wild_roll))
    if len(legal) == 1:
        return Decision("wild", None, f"{legal[0].split(':')[0]}'s turn by its priority chart",
                        legal, auto=True)
    return Decision("wild", lead, "the wild hives' turn: " + ", ".join(choices)
                    + f" ({lead} states what the rules leave open)", legal)


def walk_decision(t: Table, state: GameState, choices: tuple[str, ...], lead: str
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
                 roll: WildRoll | None = None) -> tuple[WildAction, ...]:
    """The legal wild hive turns now, for any of the wild hives ``choices`` still to act this
    round (checked by the sequencer; dice are decided after).  ``roll``: a card's D6 rolled
    for one of them, whose turn it rules off the chart (:class:`~.month_table.WildRoll`).

    On the map a wild hive takes the first line of its priority chart it can (Wild Hives):
    its lines are tried in the chart's order and the first with a legal turn gives them all.
    """
    out: list[WildAction] = []
    for name in choices:
        rolled = roll if roll is not None and roll.name == name else None
        groups = [group for _, group in wild_lines(state, name, comps, rolled)]
        found: list[WildAction] = []
        if state.map is not None and rolled is None:
            for group in groups:
                found = [a for a in group() if head_legal(state, a, comps)]
                if found:
                    break                # the chart's first line that can be taken
        else:
            found = [a for group in groups for a in group() if head_legal(state, a, comps)]
        if not found and state.wild_hive(name).strength >= comps.board.wild_strength_max:
            # at full strength with no wild hive token left: the chart goes on (spawn none)
            found = [x for group in groups[1:] for x in (
                replace(a, dice=replace(a.dice, spawn=NONE)) for a in group())
                if head_legal(state, x, comps)]
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
    lines = wild_lines(state, name, comps, None, walk=True)
    for number, (line, group) in enumerate(lines, start=1):
        if line in passed:
            continue
        turns = group()
        if full and line != "swarm":      # at 14 a line below swarming spawns nothing
            turns = [replace(a, dice=replace(a.dice, spawn=NONE)) for a in turns]
        turns = [a for a in turns if head_legal(state, a, comps)]
        if turns:
            return ChartLine(name, line, number if line != "nothing" else len(lines),
                             tuple(turns))
    return ChartLine(name, "nothing", len(lines), (WildNothing(name),))   # pragma: no cover


def walks(t: Table, state: GameState) -> bool:
    """Whether the wild hives' turns are walked line by line: no map, no card's D6 rolled
    for the turn."""
    return state.map is None and t.wild_roll is None


def line_words(state: GameState, c: ChartLine, comps: Components,
               also: tuple[ChartLine, ...] = ()) -> str:
    """What chart line ``c`` asks of the first player, with the numbers it turns on;
    ``also``: other wild hives at the same line, named with it."""
    hives = ", ".join(f"{x.name} {state.wild_hive(x.name).strength}" for x in (c, *also))
    head = (f"{hives} ({state.season} chart line {c.number})" if also else
            f"{c.name} (strength {state.wild_hive(c.name).strength}, {state.season} chart "
            f"line {c.number})")
    return f"{head}: {line_what(state, c)}"


def line_what(state: GameState, c: ChartLine) -> str:
    w = state.wild_hive(c.name)
    if c.line == "swarm":
        return (f"at strength {w.strength} it swarms, unless no tile up to three spaces away "
                "can take a wild hive")
    if c.line == "raid":
        strengths = ", ".join(f"{x} {target_strength(state, x)}" for x in
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


def target_strength(state: GameState, target: str) -> int:
    """The strength a wild hive compares with when it looks at raiding ``target``."""
    from hyvekit.rules.beelives.wild import player_strength
    if state.is_player(target):
        return player_strength(state.player(target).hive)
    return state.wild_hive(target).strength


def wild_lines(state: GameState, name: str, comps: Components, rolled: WildRoll | None,
                walk: bool = False) -> list[tuple[str, Callable[[], list[WildAction]]]]:
    """The candidate turns of wild hive ``name``, ``(line, turns)`` per priority chart line
    in the chart's order (with a map, or ``walk``: without one and not walked, every line
    in any order), swarming first and doing nothing last, each worked out when asked for.
    ``rolled``: a card's D6 rolled for the turn, which the face rules (no chart: every line
    but swarming, each turn with the face on its dice)."""
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
                if tile != "wet" or hot or rolled is not None]

    def scouts() -> list[WildAction]:
        if m is None:
            return [WildScout(name, tile) for tile in TILE_TYPES]
        # the tile placed is the one drawn: any type, when the space may be scouted
        return [WildScout(name, tile, c) for c in map_module().scout_spaces(m, name)
                if head_legal(state, WildScout(name, TILE_TYPES[0], c), comps)
                for tile in TILE_TYPES]

    from hyvekit.rules.beelives.wild import PRIORITY
    chart = PRIORITY[state.season]
    desperate = card is not None and card.wild_first_turn_raid and \
        state.wild_hive(name).turns == 0
    if desperate:                      # Desperate Parties: the raid first, then the chart
        chart = ("swarm", "raid") + tuple(c for c in chart if c not in ("swarm", "raid"))
    if rolled is not None or (m is None and not walk):    # every line (a rolled turn's
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
    if rolled is not None:
        return [(line, functools.partial(rolled_lines, group, rolled)) for line, group in lines
                if line != "swarm"]
    return lines


def rolled_lines(group: Callable[[], list[WildAction]], rolled: WildRoll) -> list[WildAction]:
    """The turns of ``group`` (no swarm) taken as the turn a card's D6 ``rolled`` rules."""
    return [rolled.stamped(a) for a in group() if not isinstance(a, WildSwarm)]


def wild_due(t: Table) -> Decision | None:
    """A wild hive's turn due, without its legal lines worked out (a wild hive's step is
    checked by the sequencer: its chart and its order)."""
    if t.state is None or t.turn is not None or t.result is not None:
        return None
    actor = next_actor(t.state)
    if actor is None or not actor.wild:
        return None
    if t.wild_roll is not None:
        return None                    # a card's D6 rules the turn: see wild_decision
    state, comps, choices = t.state, t.comps, actor.choices
    if state.map is None:              # the chart walked (chart_line), worked out when asked
        lead = state.players[state.first_player].name
        return Decision("wild", lead, "the wild hives' turn: " + ", ".join(choices),
                        lambda: walk_decision(t, state, choices, lead).legal)
    return Decision("wild", None, "the wild hives' turn: " + ", ".join(choices), lambda: tuple(
        N.format_action(a) for a in wild_options(state, choices, comps)))


def walked_hive(t: Table, d: Decision, state: GameState, name: str, text: str) -> ChartLine:
    """The chart line wild hive ``name`` stands at (:func:`due_hive` checked first)."""
    due_hive(t, d, state, name, text)
    return chart_line(state, name, t.comps, t.wild_passed[1] if t.wild_passed else ())


def due_hive(t: Table, d: Decision, state: GameState, name: str, text: str) -> None:
    """:raises IllegalActionError: another hive's walk under way, or ``name`` not to act."""
    actor = next_actor(state)
    choices = actor.choices if actor is not None and actor.wild else ()
    if t.wild_passed is not None and t.wild_passed[0] != name:
        raise refusal(d, text, f"{t.wild_passed[0]}'s chart is being walked: its turn first")
    if name not in choices:
        raise refusal(d, text, f"{name} is not a wild hive to act now")


def passed_line(t: Table, d: Decision, state: GameState, text: str, strict: bool = True
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
        due_hive(t, d, state, name, text)
        return replace(t, wild_passed=(name, passed)), f"{N.quote_name(name)}: {said}"
    c = walked_hive(t, d, state, name, text)
    if c.line != line:
        raise off_chart(state, c, t.comps, f"{PASS_LINE[line]!r} passes another line", text)
    return replace(t, wild_passed=(name, passed)), c.passes


def check_walk(t: Table, d: Decision, state: GameState, action: WildAction, text: str
                ) -> None:
    """A wild hive's turn typed at the table without the map must be of the chart line it
    stands at: the lines above it are passed first (ruling L56).

    :raises IllegalActionError: another line (rule Bee Lives: Wild Hives), the legal steps.
    """
    c = walked_hive(t, d, state, action.actor, text)
    line = action.tile if isinstance(action, WildForage) else action.action
    if line != c.line:
        why = f"{line} is not on the {state.season} chart" if line not in \
            chart_of(state, c.name, t.comps) else "a line is passed only when the wild hive " \
            "cannot take it"
        if line == "wet" and not seasons.overheating(t.comps.card(state.card)):
            why = "overheating is not in effect: no wet-tile line this month"
        raise off_chart(state, c, t.comps, why, text)


def chart_of(state: GameState, name: str, comps: Components) -> tuple[str, ...]:
    """The lines of wild hive ``name``'s priority chart this month, in order."""
    return tuple(line for line, _ in wild_lines(state, name, comps, None, walk=True))


def off_chart(state: GameState, c: ChartLine, comps: Components, why: str, text: str
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
