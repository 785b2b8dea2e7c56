"""The Zombees campaign card in the month sequencer (rules/bee-lives.txt, Campaign Cards,
"Zombees"): the first infected hive of year 2, infected hives' action rolls and double
disease, infected wild hives' erratic turns, catching it on infected tiles.  The card's dice
tables are in :mod:`hyvekit.rules.beelives.solo`.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hyvekit.rules.beelives import month_phases as MP
from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import turn_steps as TS
from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.card_hooks import CardRules, Failed, Marks, NewWildHive
from hyvekit.rules.beelives.hive import Hive, gain_disease
from hyvekit.rules.beelives.month_table import WILD_NAMES, WildRoll, free_wild_name
from hyvekit.rules.beelives.player_turns import ScareGhosts
from hyvekit.rules.beelives.solo_cards import WILD_MAX, CampaignCard, die_roll
from hyvekit.rules.beelives.spawning import no_placement, spawn_wild
from hyvekit.rules.beelives.state import (
    NONE,
    PLAYER_ACTIONS,
    R_ZOMBEES,
    ZOMBEES,
    Components,
    Event,
    GameState,
    PlayerState,
    TurnDice,
    WildHiveState,
    map_module,
    zombees_card,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.beelives.wild_turns import WildNothing
from hyvekit.rules.table import Decision
from hyvekit.rules.values import dataclass, replace

if TYPE_CHECKING:
    from hyvekit.rules.beelives.campaign_settings import CampaignState
    from hyvekit.rules.beelives.plan import MonthPlan
from hyvekit.rules.beelives.state import Coord


def first_infection(state: GameState, plan: MonthPlan, comps: Components
                     ) -> tuple[GameState, list[Event]]:
    """Zombees, "Year 2: At the start of the year, the strongest wild hive becomes infected
    with zombees! ... If there are multiple wild hives tied for strongest, you choose which one
    is the infected hive. If there are no wild hives in play, spawn a wild hive (strength 6)
    up to 3 spaces away from your own hive. That is the infected hive."  Played before the
    first month of year 2 (only then, ruling L93): ``plan.infect`` names the strongest hive
    (needed only on a tie), ``plan.infected_spawn`` (and ``infected_spawn_at`` on the map) the
    hive spawned when there is none (``"none"``: no tile within 3 spaces can take it).  "Your own hive" is the first player's in a game of
    several (the card is a solo card).

    :raises IllegalActionError: (Bee Lives: Zombees) the choice missing or not among the
        strongest, a spawn while wild hives are in play, these values in another month.
    """
    z = state.options.zombees_from_year
    due = bool(z) and state.year == z and state.month == 1
    if plan.infected_spawn_at is not None and plan.infected_spawn is None:
        raise InvalidInputError("infected_spawn_at", list(plan.infected_spawn_at),
                                "only with infected_spawn = NAME")
    if not due:
        for key in ("infect", "infected_spawn"):
            if getattr(plan, key) is not None:
                raise IllegalActionError(R_ZOMBEES, "the strongest wild hive is infected only "
                                         f"at the start of year {z or 2} of a Zombees game",
                                         expected=f"no {key}", given=getattr(plan, key))
        return state, []
    year = f"year {z}"
    card = zombees_card(comps)
    first = first_infected(card, {w.name: w.strength for w in state.wild})
    if first.candidates:
        if plan.infected_spawn is not None:
            raise IllegalActionError(R_ZOMBEES, "wild hives are in play: the strongest becomes "
                                     "infected, none is spawned", expected="no infected_spawn",
                                     given=plan.infected_spawn)
        name = plan.infect
        if name is None and len(first.candidates) == 1:
            name = first.candidates[0]
        if name not in first.candidates:
            tie = len(first.candidates) > 1
            raise IllegalActionError(R_ZOMBEES, "the strongest wild hive becomes infected: "
                                     + " or ".join(first.candidates)
                                     + (" (tied: you choose, state infect = NAME)" if tie else "")
                                     + (f", not {name}" if name else ""),
                                     expected=list(first.candidates), given=name)
        state, ev = infect_wild(state, name)
        return state, [ev]
    if plan.infect is not None:
        raise IllegalActionError(R_ZOMBEES, "no wild hive is in play, so there is none to name: "
                                 f"leave out infect; a wild hive (strength {first.spawn_strength}"
                                 f") is spawned up to {first.max_distance} spaces from your hive "
                                 "instead (infected_spawn = NAME)", expected="no infect",
                                 given=plan.infect)
    if plan.infected_spawn is None:
        raise IllegalActionError(R_ZOMBEES, f"no wild hive is in play at the start of {year}: "
                                 f"spawn one (strength {first.spawn_strength}) up to "
                                 f"{first.max_distance} spaces from your hive; it is the "
                                 "infected hive — state infected_spawn = NAME",
                                 expected="infected_spawn = NAME", given="none")
    player = state.players[state.first_player].name
    if plan.infected_spawn in dict(plan.spawn_d6):
        raise IllegalActionError(R_ZOMBEES, f"{plan.infected_spawn} is the infected hive the "
                                 "card spawns: it rolls no D6 (spawn_d6)",
                                 expected=f"no spawn_d6.{plan.infected_spawn}",
                                 given=dict(plan.spawn_d6)[plan.infected_spawn])
    if plan.infected_spawn.lower() == NONE:      # no tile within 3 spaces can take it
        no_placement(state, player, R_ZOMBEES)
        return state, []
    state, ev = spawn_wild(state, plan.infected_spawn, first.spawn_strength,
                           cause=f"card: {ZOMBEES}", by=player, rule=R_ZOMBEES,
                           at=plan.infected_spawn_at, near=player, comps=comps, infected=True)
    return replace(state, spawned=False), [ev]


def infect_wild(state: GameState, name: str) -> tuple[GameState, Event]:
    """Zombees: wild hive ``name`` becomes infected (the strongest wild hive at the start of
    year 2, or a healthy wild hive that caught it): its turns turn erratic and, with a map, its
    tile flips to the dark side.

    :raises InvalidInputError: no such wild hive in play.
    """
    w = state.wild_hive(name)
    state = state.with_wild(replace(w, infected=True))
    if state.map is not None:
        M = map_module()
        m = state.map
        h = m.hive(name)
        m = replace(m, hives=tuple(replace(x, dark="infected") if x.name == name else x
                                   for x in m.hives))
        state = replace(state, map=M.flip(m, h.at, "infected"))
    return state, {"kind": "infected", "hive": name, "wild": True}


def action_roll(state: GameState, p: PlayerState, action: Any, comps: Components
               ) -> tuple[int, bool] | None:
    """Zombees: "If your hive is infected, each time you take an action, you must roll the D6:
    On 1, the action fails and the assigned bees die. On 2, the action fails, but the assigned
    bees live. On 3-6, the action succeeds" (``action.dice.zombee_d6``; ``action`` a player action of
    :mod:`.player_turns`).  Returns ``(bees, die)`` for
    a failed action, None when it goes ahead.

    :raises IllegalActionError: the roll missing for an infected hive, or stated for a
        healthy one.
    """
    infected = state.zombees and p.infected
    if action.action not in PLAYER_ACTIONS:
        return None
    if not infected:
        if action.dice.zombee_d6 is not None and not state.zombees:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "rolls for infected hives: no zombee_d6",
                                     expected="no zombee_d6", given=action.dice.zombee_d6)
        if action.dice.zombee_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, f"{p.name}'s hive is not infected: no D6 for "
                                     "its actions (zombee_d6)", expected="no zombee_d6",
                                     given=action.dice.zombee_d6)
        return None
    if action.dice.zombee_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{p.name}'s hive is infected: roll the D6 for each "
                                 "action (1: it fails and the bees die, 2: it fails, 3-6: it "
                                 "succeeds) — state zombee_d6", expected="zombee_d6 = 1-6",
                                 given="no roll")
    r = infected_action(zombees_card(comps), action.dice.zombee_d6)
    if r.succeeds:
        return None
    return action.assigned_bees(state, p), r.bees_die


def _acted_tile(state: GameState, acted_on: tuple[int, int] | str | None
                ) -> tuple[tuple[int, int] | None, bool | None]:
    """The map tile an action was on and whether it is infected: ``(tile, True/False)`` with a
    map, ``(None, True)`` for a raid on an infected wild hive without one, ``(None, None)``
    when only the record can say (no map), ``(None, False)`` for no tile."""
    if acted_on is None:
        return None, False
    m = state.map
    if isinstance(acted_on, tuple):        # a scouted tile is not on the map before: healthy
        t = None if m is None else m.tile(acted_on)
        return acted_on, t is not None and t.dark == "infected"
    if acted_on == "tile":
        return None, None
    if m is not None and any(h.name == acted_on for h in m.hives):
        at = m.hive(acted_on).at
        return at, m.grid[at].dark == "infected"
    w = next((x for x in state.wild if x.name == acted_on), None)
    return None, (True if w is not None and w.infected else None)


def tile_infection(before: GameState, state: GameState, actor: str,
                   acted_on: tuple[int, int] | str | None, dice: TurnDice, wild: bool,
                   comps: Components) -> tuple[GameState, list[Event]]:
    """Zombees, after a hive's action on a map tile (forage, scout, raid: the raided hive's
    tile; ruling L142): "When any infected hive performs an action on a healthy map tile, the
    tile becomes infected" (with a map: the tile flips); "When any healthy hive (including
    yours) performs an action on an infected map tile, roll the D6: On 1-2, the hive becomes
    infected" (``dice.infection_d6``; without a map, stating it says the tile was infected).
    ``wild``: the actor is a wild hive.  ``before`` is the state before the action (the tile's side then counts).

    :raises IllegalActionError: a roll missing on an infected tile, or stated when none is due.
    """
    if not state.zombees:
        if dice.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "infects: no infection_d6", expected="no infection_d6",
                                     given=dice.infection_d6)
        return state, []
    infected = (state.wild_hive(actor).infected if wild
                else state.player(actor).infected)
    tile, tile_infected = _acted_tile(before, acted_on)
    if infected:
        if dice.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, f"{actor} is infected already: no infection_d6",
                                     expected="no infection_d6", given=dice.infection_d6)
        if tile is not None and not tile_infected and state.map is not None:
            t = state.map.tile(tile)
            if t is not None and t.dark is None:
                state = replace(state, map=map_module().flip(state.map, tile, "infected"))
                return state, [{"kind": "tile_infected", "by": actor, "at": list(tile)}]
        return state, []
    if tile_infected is False or (tile_infected is None and dice.infection_d6 is None):
        if dice.infection_d6 is not None:
            raise IllegalActionError(R_ZOMBEES, "the action was not on an infected tile: no "
                                     "infection_d6", expected="no infection_d6",
                                     given=dice.infection_d6)
        return state, []
    if dice.infection_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{actor} acted on an infected tile: roll the D6 "
                                 "(1-2: the hive becomes infected) — state infection_d6",
                                 expected="infection_d6 = 1-6", given="no roll")
    if not catches_infection(zombees_card(comps), dice.infection_d6):
        return state, [{"kind": "infection_roll", "hive": actor, "d6": dice.infection_d6,
                        "infected": False}]
    if wild:
        state, ev = infect_wild(state, actor)
    else:
        state = state.with_player(replace(state.player(actor), infected=True))
        ev = {"kind": "infected", "hive": actor, "wild": False}
    return state, [{**ev, "d6": dice.infection_d6}]


ZOMBEE_DISEASE_FACTOR = 2     # Zombees: "double the amount of disease gained"


def infected_gain(p: PlayerState, hive: Hive, gained: int, board: Board) -> Hive:
    """Zombees: "If your hive is infected, any time you gain disease, double the amount of
    disease gained."  ``hive`` has just gained ``gained`` track spaces (after a standing mite's
    saving and a hygienic queen's limit, ruling L94); for an infected player ``p`` the mite
    moves that many spaces again (stopping on the last space), otherwise ``hive`` is returned
    unchanged.  Used for every disease gain of the month sequencer (Forage, Raid stealing).
    """
    if not p.infected or gained <= 0:
        return hive
    return gain_disease(hive, board, gained * (ZOMBEE_DISEASE_FACTOR - 1)).hive


#: Zombees: an infected wild hive's D6 → (action, tile type or which hive)
ERRATIC = {"raid the closest hive": ("raid", "closest"), "forage a bloom tile": ("forage", "bloom"),
           "forage a wilt tile": ("forage", "wilt"), "forage a harvest tile": ("forage", "harvest"),
           "raid the farthest hive": ("raid", "farthest"), "do nothing": ("nothing", None)}


def erratic_turn(state: GameState, w: WildHiveState, turn: Any, comps: Components) -> bool:
    """Zombees: "When an infected wild hive takes a turn, ignore the normal priority chart.
    Instead, roll the D6" (``turn.dice.zombee_d6``; ``turn`` a wild hive action of
    :mod:`.wild_turns`): 1 raid the closest hive, 2/3/4 forage a bloom /
    wilt / harvest tile, 5 raid the farthest hive, 6 nothing; "If the infected wild hive cannot
    perform the action legally, it simply does nothing."  Checks the stated action against the
    roll: with a map, the forage must be on the closest tile of that type not foraged this
    round and the raid on the closest / farthest hive within three spaces not raided this round
    (ruling L143), and "nothing" only when the roll says so or no such tile / hive exists;
    without a map, the tile type and the action (positions are stated).  Returns True for an
    infected wild hive's turn (the chart is not checked), False otherwise.

    :raises IllegalActionError: (Bee Lives: Zombees) the roll missing, or another action.
    """
    if not (state.zombees and w.infected):
        return False
    if turn.dice.zombee_d6 is None:
        raise IllegalActionError(R_ZOMBEES, f"{w.name} is infected: roll the D6 for its erratic "
                                 "turn (1 raid the closest hive, 2 forage bloom, 3 wilt, 4 "
                                 "harvest, 5 raid the farthest hive, 6 nothing) — state zombee_d6",
                                 expected="zombee_d6 = 1-6", given="no roll")
    words = infected_wild_action(zombees_card(comps), turn.dice.zombee_d6)
    action, what = ERRATIC[words]
    options: tuple = ()
    m = state.map
    if m is not None and action != "nothing":
        M = map_module()
        if w.workers >= comps.board.wild_neutral_workers:
            options = ()
        elif action == "forage":
            options = M.closest_tiles(m, w.name, what)
        else:
            pick = M.closest_hives if what == "closest" else M.farthest_hives
            options = pick(m, w.name, w.raided)
    can = m is None or action == "nothing" or bool(options)
    given = (turn.action, getattr(turn, "tile", None) if turn.action == "forage" else getattr(turn, "target", None))
    ok = (turn.action == "nothing" and (action == "nothing" or not can or m is None)) or (
        turn.action == action and (action != "forage" or getattr(turn, "tile", None) == what))
    if ok and m is not None and turn.action == action != "nothing":
        stated = tuple(turn.at) if action == "forage" and getattr(turn, "at", None) is not None else getattr(turn, "target", None)
        ok = stated in options
    if not ok:
        if not can:
            want = f"nothing (it cannot {words[:-1] if words.endswith('.') else words})"
        elif m is not None and action == "forage":
            want = f"forage the {what} tile at " + " or ".join(str(list(c)) for c in options)
        elif m is not None:
            want = f"raid {' or '.join(options)}"
        else:
            want = words
        raise IllegalActionError(R_ZOMBEES, f"{w.name} is infected and rolled "
                                 f"{turn.dice.zombee_d6}: {want}", expected=want,
                                 given=" ".join(str(x) for x in given if x))
    return True


def is_infected(state: GameState, action: Any) -> bool:
    """Whether the hive taking ``action`` is infected."""
    if action.wild:
        return any(w.name == action.actor and w.infected for w in state.wild)
    return state.player(action.actor).infected


def first_infected_at_table(start: GameState, comps: Components) -> FirstInfection | None:
    """The first month of the year the card's rules begin: the strongest wild hive is
    infected, or an infected one spawns (:func:`first_infected`); else None."""
    z = start.options.zombees_from_year
    if not start.options.cards_at_play or not z or start.year != z or start.month != 1:
        return None
    return first_infected(zombees_card(comps), {w.name: w.strength for w in start.wild})


class ZombeesRules(CardRules):
    """Zombees' hooks (campaign card, from year 2): the month's infection rolls for new wild
    hives and the first infected hive (before a month), an infected hive's action roll and an
    infected wild hive's erratic turn (before an action), catching it on an infected tile (after
    an action), a new wild hive's infection roll (on a spawn), rolls left unused (after a
    month)."""

    name = ZOMBEES

    def before_month(self, state: GameState, plan: MonthPlan, comps: Components
                     ) -> tuple[GameState, list[Event]]:
        if plan.spawn_d6 and not state.zombees:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "rolls the D6 for new wild hives: no spawn_d6",
                                     expected="no spawn_d6", given=dict(plan.spawn_d6))
        state = replace(state, spawn_rolls=plan.spawn_d6)
        return first_infection(state, plan, comps)

    def before_action(self, state: GameState, action: Any, comps: Components
                      ) -> Failed | bool | None:
        if not action.wild:
            fail = action_roll(state, state.player(action.actor), action, comps)
            return None if fail is None else Failed(*fail)
        w = state.wild_hive(action.actor)
        if erratic_turn(state, w, action, comps):
            return True
        d6 = action.dice.zombee_d6
        if d6 is not None and not state.zombees:
            raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card (from year 2) "
                                     "makes wild hives erratic: no zombee_d6",
                                     expected="no zombee_d6", given=d6)
        if d6 is not None:
            raise IllegalActionError(R_ZOMBEES, f"{w.name} is not infected: it follows the "
                                     "priority chart (no zombee_d6)", expected="no zombee_d6",
                                     given=d6)
        return False

    def after_action(self, before: GameState, state: GameState, action: Any,
                     acted_on: Coord | str | None, comps: Components
                     ) -> tuple[GameState, list[Event]]:
        name, dice = action.actor, action.dice
        if action.wild and not any(x.name == name for x in state.wild):
            if dice.infection_d6 is not None:
                raise IllegalActionError(R_ZOMBEES, f"{name} left play in its raid: no "
                                         "infection_d6", expected="no infection_d6",
                                         given=dice.infection_d6)
            return state, []
        return tile_infection(before, state, name, acted_on, dice, action.wild, comps)

    def on_spawn(self, state: GameState, new: NewWildHive, comps: Components
                 ) -> tuple[GameState, Marks]:
        if new.infected is not None:           # the first infected hive: spawned infected
            return state, Marks(infected=new.infected, event=(("infected", new.infected),))
        if not state.zombees:
            return state, Marks()
        rolls = dict(state.spawn_rolls)
        if new.name not in rolls:
            raise IllegalActionError(R_ZOMBEES, f"roll the D6 for the new wild hive {new.name} "
                                     "(1-2: infected): state spawn_d6 = { " + new.name
                                     + " = roll }", expected=f"spawn_d6.{new.name} = 1-6",
                                     given="no roll")
        roll = rolls[new.name]
        infected = spawn_is_infected(zombees_card(comps), roll)
        state = replace(state, spawn_rolls=tuple(r for r in state.spawn_rolls
                                                 if r[0] != new.name))
        return state, Marks(infected=infected, event=(("infection_d6", roll),
                                                      ("infected", infected)))

    def month_begins(self, start: GameState, plan: MonthPlan, comps: Components) -> MonthPlan:
        """The first infected hive when only one can be: the one strongest wild hive, or,
        with none in play, the infected hive spawned (its name; on the map ``none`` when no
        tile can take it)."""
        first = first_infected_at_table(start, comps)
        if first is None:
            return plan
        if len(first.candidates) == 1:
            return replace(plan, infect=first.candidates[0])
        if not first.candidates:
            lead = start.players[start.first_player].name
            if start.map is None:
                return replace(plan, infected_spawn=free_wild_name(start))
            if not map_module().spawn_places(start.map, lead, first.max_distance):
                return replace(plan, infected_spawn=NONE)
        return plan


    def disease_gained(self, state: GameState, player: PlayerState, hive: Hive, gained: int,
                       comps: Components) -> Hive:
        return infected_gain(player, hive, gained, comps.board)

    def turn_decision(self, state: GameState, turn: Any, stage: str, failed: bool,
                      comps: Components) -> Any:
        """At the table: an infected player's D6 for the action (before it), the D6 for
        acting on an infected tile or hive (after the effect), each new wild hive's D6."""
        if not state.zombees:
            return None
        a, d = turn.action, turn.action.dice
        if stage == "before" and not a.wild and d.zombee_d6 is None and \
                is_infected(state, a):
            return TS.die("zombee_d6", turn, f"{a.actor} is infected: roll the D6 for the "
                          "action (Zombees)", 6)
        if stage == "acted" and not failed and d.infection_d6 is None and \
                a.action in ("forage", "scout", "raid") and not isinstance(a, ScareGhosts) and \
                not is_infected(state, a) and _acts_on_infected(state, a) and \
                not _left_play(state, turn, comps):
            return TS.die("infection_d6", turn, f"{a.actor} acts on an infected tile: roll the "
                          "D6 (Zombees)", 6)
        if stage == "new wild hives":       # "When a new wild hive is spawned, roll the D6"
            known = {n for n, _ in state.spawn_rolls + turn.rolls}
            for name in (d.spawn, d.siege_spawn):
                if name not in (None, NONE) and name not in known:
                    return TS.die("spawn_d6", turn, f"Zombees: roll the D6 for the new wild "
                                  f"hive {name} (1-2: it is infected)", 6, subject=name,
                                  fill=_new_wild_roll(name))
        return None

    def swarm_trial(self, state: GameState) -> GameState:
        """The new wild hives' D6 come after the Swarm Phase: any face will do to try a
        swarm's choices on."""
        if not state.zombees:
            return state
        return replace(state, spawn_rolls=tuple((n, 6) for n in WILD_NAMES + tuple(
            f"WILD{i}" for i in range(1, 99))))

    def month_phases(self) -> dict[str, tuple[Any, ...]]:
        """At the table: the first infected hive as year 2 begins, the D6 of the wild hives
        the swarms spawn, an infected wild hive's D6 before its turn."""
        return MONTH_PHASES

    def after_month(self, state: GameState, comps: Components) -> None:
        if state.spawn_rolls:
            unused = [name for name, _ in state.spawn_rolls]
            raise IllegalActionError(R_ZOMBEES, f"spawn_d6 has a roll for {', '.join(unused)}, "
                                     "but no such wild hive was spawned this month",
                                     expected="a roll for each wild hive spawned", given=unused)


RULES = ZombeesRules()


class FirstInfectionPhase(MP.MonthPhase):
    """Year 2 begins: the strongest wild hive becomes infected — the first player chooses
    among those tied — or, with no wild hive in play, an infected one spawns (on the map,
    where: up to its distance from the first player)."""

    name = "Zombees: the first infected hive"

    def due(self, m: Any) -> Decision | None:
        if m.state is not None or m.lost or m.plan.infect is not None or \
                m.plan.infected_spawn is not None:
            return None
        first = first_infected_at_table(m.start, m.comps)
        if first is None:
            return None
        s0 = m.start
        lead = s0.players[s0.first_player].name
        if first.candidates:
            return Decision("infect", lead, "Zombees: the strongest wild hives are tied: which "
                            "becomes infected", tuple(f"infect {N.quote_name(n)}"
                                                      for n in first.candidates))
        places = map_module().spawn_places(s0.map, lead, first.max_distance) if s0.map \
            else ()
        return Decision("place", lead, f"Zombees: no wild hive is in play: an infected one "
                        f"(strength {first.spawn_strength}) spawns up to {first.max_distance} "
                        f"spaces from {lead}: where",
                        tuple(f"place {c[0]},{c[1]}" for c in places))

    def take(self, m, d, text, rng, strict):
        option = MP.listed(m, d, text)
        word, value = shlex.split(option.rpartition(": ")[2])[:2]
        if word == "infect":
            return replace(m, plan=replace(m.plan, infect=value)), option
        q, r = value.split(",")
        return replace(m, plan=replace(m.plan, infected_spawn=free_wild_name(m.start),
                                       infected_spawn_at=(int(q), int(r)))), option


class SwarmDicePhase(MP.MonthPhase):
    """The D6 of each wild hive a swarm spawned (1-2: it is infected), before the Event
    Phase."""

    name = "Zombees: the new wild hives' D6"

    def due(self, m: Any) -> Decision | None:
        if m.state is not None or m.lost or not m.start.zombees:
            return None
        rolled = {n for n, _ in m.plan.spawn_d6}
        for _, c in m.plan.choices:
            if c.swarm is not None and c.swarm.wild != NONE and c.swarm.wild not in rolled:
                return MP.MonthDie("swarm_d6", c.swarm.wild, "Zombees: roll the D6 for the new "
                                   f"wild hive {c.swarm.wild} (1-2: it is infected)")
        return None

    def take(self, m, d, text, rng, strict):
        face, said = MP.month_face(d, text, m, rng)
        return replace(m, plan=replace(m.plan, spawn_d6=m.plan.spawn_d6
                                       + ((d.subject, face),))), said


class ErraticDiePhase(MP.MonthPhase):
    """An infected wild hive's D6 for its erratic turn, before it acts (1 raid the closest
    hive, 2-4 forage, 5 raid the farthest, 6 nothing)."""

    name = "Action Phase"

    def due(self, m: Any) -> Decision | None:
        if m.state is None or m.wild_roll is not None or not m.state.zombees:
            return None
        actor = MP.actor_now(m)
        if actor is None or not actor.wild:
            return None
        for name in actor.choices:
            w = m.state.wild_hive(name)
            nothing = WildNothing(name)
            if w.infected and TS.head_legal(m.state, replace(nothing, dice=replace(
                    nothing.dice, zombee_d6=6)), m.comps):
                return MP.MonthDie("erratic", name, f"{name} is infected: roll the D6 for its "
                                   "erratic turn (1 raid the closest hive, 2-4 forage bloom / "
                                   "wilt / harvest, 5 raid the farthest, 6 nothing)")
        return None

    def take(self, m, d, text, rng, strict):
        face, said = MP.month_face(d, text, m, rng)
        return replace(m, wild_roll=WildRoll(d.subject, face, "zombee_d6", "erratic turn")), said


MONTH_PHASES = {"start": (FirstInfectionPhase(),), "after swarms": (SwarmDicePhase(),),
                "before wild turns": (ErraticDiePhase(),)}


def _acts_on_infected(state: GameState, a: Any) -> bool:
    """Whether the action ``a`` is on an infected tile (on the map) or raids an infected wild
    hive (without it)."""
    if state.map is not None:
        return TS.tile_side(state, a) == "infected"
    target = getattr(a, "target", None)
    return a.action == "raid" and target is not None and not state.is_player(target) and \
        state.wild_hive(target).infected


def _left_play(state: GameState, turn: Any, comps: Components) -> bool:
    """Whether the wild hive whose raid ``turn`` is leaves play in it, so it rolls no D6 for
    acting on an infected tile (:meth:`ZombeesRules.after_action` refuses one): the turn
    played as the sequencer plays it, without that die (a raid's dice are all known by then).
    False for a player's turn, and for a turn the sequencer refuses without that die (the
    hive stays in play: the die stays due)."""
    if not turn.action.wild or turn.action.action != "raid":
        return False
    try:
        after, _ = TS.play_built(state, turn, comps)
    except (IllegalActionError, InvalidInputError):
        return False
    return not any(w.name == turn.action.actor for w in after.wild)


def _new_wild_roll(name: str) -> Any:
    """Filling the D6 of the new wild hive ``name`` (kept with the turn, played with the
    month's first rolls)."""
    def fill(turn: Any, value: Any) -> Any:
        return TS.turn_with(turn, rolls=turn.rolls + ((name, value[0]),))
    return fill


def stated_first_infection(plan: MonthPlan, stated: Mapping[str, Any]) -> MonthPlan:
    """Zombees' first infected hive of year 2, stated for the campaign (``stated.infect``: the
    strongest wild hive chosen on a tie; ``stated.infected_spawn``: the hive spawned when none
    is in play, ``{ wild, at }`` on the map) handed to the month plan, where the month
    sequencer plays it (:func:`first_infection`).

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


def stated_hive_infection(state: CampaignState, game: GameState, stated: Mapping[str, Any]
                      ) -> GameState:
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
    card = next((c for c in state.cards() if isinstance(c, CampaignCard)), None)
    if card is None or card.name != "Zombees" or game.year < 2:
        raise IllegalActionError(R_ZOMBEES, "only the Zombees campaign card infects your hive, "
                                 "from year 2 on (Year 1: Normal rules apply)",
                                 expected="no hive_infected", given=True)
    return game.with_player(replace(p, infected=True))


# --- the card's dice ------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstInfection:
    """Zombees, start of year 2: ``candidates`` are the strongest wild hives (you choose one on a
    tie); with none in play, spawn one of ``spawn_strength`` within ``max_distance`` spaces of
    your hive: it is the infected hive."""

    candidates: tuple[str, ...]
    spawn_strength: int | None = None
    max_distance: int | None = None


def first_infected(card: CampaignCard, wild: Mapping[str, int], *, year: int = 2) -> FirstInfection:
    """Which wild hive becomes infected at the start of year 2.

    :param wild: wild hives in play, name → strength.
    :raises InvalidInputError: a strength off 1–14.
    """
    rules = card.year(year)
    live = {n: require_int(f"wild hive {n} strength", s, 1, WILD_MAX) for n, s in wild.items()}
    if not live:
        return FirstInfection((), rules.rule("first_infected_spawn_strength"),
                              rules.rule("first_infected_max_distance"))
    top = max(live.values())
    return FirstInfection(tuple(sorted(n for n, s in live.items() if s == top)))


def spawn_is_infected(card: CampaignCard, d6: int, *, year: int = 2) -> bool:
    """Zombees: a newly spawned wild hive is infected on 1–2, healthy on 3–6."""
    return die_roll("D6 for a new wild hive", d6) <= card.year(year).rule("spawn_infected_max")


def infected_wild_action(card: CampaignCard, d6: int, *, year: int = 2) -> str:
    """Zombees: an infected wild hive's turn, ignoring the priority chart: 1 raid the closest
    hive, 2 forage a bloom tile, 3 a wilt tile, 4 a harvest tile, 5 raid the farthest hive,
    6 do nothing.  (If it cannot do that legally, it does nothing.)"""
    return card.year(year).rule("infected_wild_actions")[die_roll("D6 for an infected wild hive", d6) - 1]


def catches_infection(card: CampaignCard, d6: int, *, year: int = 2) -> bool:
    """Zombees: a healthy hive (yours included) acting on an infected tile is infected on 1–2."""
    return die_roll("D6 on an infected tile", d6) <= card.year(year).rule("catch_infection_max")


def tile_becomes_infected(*, hive_infected: bool, tile_infected: bool) -> bool:
    """Zombees: an infected hive acting on a healthy tile infects it (flip to the dark side)."""
    return hive_infected and not tile_infected


@dataclass(frozen=True)
class InfectedAction:
    """Your infected hive's action roll: whether the action ``succeeds`` and whether the
    assigned bees die."""

    succeeds: bool
    bees_die: bool


def infected_action(card: CampaignCard, d6: int, *, year: int = 2) -> InfectedAction:
    """Zombees: each action of your infected hive rolls the D6: 1 fails and the assigned bees
    die; 2 fails, the bees live; 3–6 succeeds, the bees live."""
    rules = card.year(year)
    roll = die_roll("D6 for your infected hive's action", d6)
    if roll <= rules.rule("action_fail_bees_die_max"):
        return InfectedAction(False, True)
    if roll <= rules.rule("action_fail_max"):
        return InfectedAction(False, False)
    return InfectedAction(True, False)


def zombee_disease(card: CampaignCard, gained: int, *, infected: bool, year: int = 2) -> int:
    """Disease (track spaces) gained: doubled when your hive is infected (Zombees).  Apply it
    after Clean Bees' "one less" (ruling L94).

    :raises InvalidInputError: a negative gain.
    """
    gained = require_int("disease gained", gained, 0, 99)
    return gained * card.year(year).rule("disease_multiplier") if infected else gained
