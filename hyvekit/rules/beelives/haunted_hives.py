"""The Haunted Hives scenario card in the Action Phase (rules/bee-lives.txt, Scenario Cards,
"Haunted Hives"): foraging a haunted tile, scaring the ghosts away, haunted hives that cannot
raid or be raided.
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.beelives.card_hooks import CardRules, Marks, NewWildHive
from hyvekit.rules.beelives.hive import Hive, require_unassigned
from hyvekit.rules.beelives.player_turns import Forage, ScareGhosts
from hyvekit.rules.beelives.solo_cards import ScenarioCard, die_roll
from hyvekit.rules.beelives.turn_steps import die, tile_side
from hyvekit.rules.beelives.state import (
    HAUNTED_HIVES,
    R_HAUNTED,
    Components,
    Coord,
    GameState,
    WildHiveState,
    map_module,
    required,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.values import replace


def forage_roll(state: GameState, at: Coord | None, haunt_d6: int | None,
                comps: Components) -> bool | None:
    """Haunted Hives: "When you forage on a haunted tile, you must roll the D6: on 1-4, the
    action fails; on 5-6, the action succeeds" (``haunt_d6``).  With a map the tile's side
    says whether it is haunted; without one, a stated ``haunt_d6`` says so (ruling L140).
    Returns None (not haunted), True (the forage succeeds) or False (it fails).

    :raises IllegalActionError: a roll missing on a haunted tile, or stated without Haunted
        Hives or on a light tile.
    """
    haunted = (state.map is not None and at is not None
               and state.map.grid[tuple(at)].dark == "haunted")
    if haunt_d6 is None:
        if haunted:
            raise IllegalActionError(R_HAUNTED, f"the tile at {list(at)} is haunted: roll "
                                     "the D6 (1-4: the forage fails) — state haunt_d6",
                                     expected="haunt_d6 = 1-6", given="no roll")
        return None
    if not state.options.haunted_hives:
        raise IllegalActionError(R_HAUNTED, "no Haunted Hives card in play: no haunt_d6",
                                 expected="no haunt_d6", given=haunt_d6)
    if not state.haunted_appeared:
        raise IllegalActionError(R_HAUNTED, "no haunted hive has appeared yet, so no tile is "
                                 "haunted: no haunt_d6", expected="no haunt_d6",
                                 given=haunt_d6)
    if state.map is not None and not haunted:
        raise IllegalActionError(R_HAUNTED, f"the tile at {list(at or ())} is not haunted: "
                                 "no haunt_d6", expected="no haunt_d6", given=haunt_d6)
    return haunted_forage_succeeds(comps.solo_card(HAUNTED_HIVES), haunt_d6)


def scare_ghosts(state: GameState, actor: str, bees: int | None, at: Coord | None, hive: Hive,
                 comps: Components) -> tuple[GameState, Hive]:
    """Haunted Hives: "You may take the Raid action with 1 worker bee to scare the ghosts away
    from a haunted tile, as long as it is not occupied by a haunted hive. If you do, flip the
    tile to the light side."  With a map the tile ``at`` must be haunted, within three
    spaces of the hive on its group, without a haunted hive (ruling L141); the bee goes to the
    Raid action space.

    :raises IllegalActionError: without Haunted Hives, not 1 bee, a light tile, a haunted hive
        on it, out of range.
    """
    if not state.options.haunted_hives:
        raise IllegalActionError(R_HAUNTED, "no Haunted Hives card in play: there are no ghosts "
                                 "to scare", expected="a raid on a hive", given="scare_ghosts")
    bees = 1 if bees is None else bees
    card = comps.solo_card(HAUNTED_HIVES)
    m = state.map
    if m is None:
        check_scare_ghosts(card, bees, tile_haunted=True, haunted_hive_on_tile=False)
    else:
        M = map_module()
        at = tuple(required(at, "at", "the haunted tile [q, r] whose ghosts you scare away"))
        t = m.tile(at)
        if t is None:
            raise InvalidInputError("at", list(at), "a map tile")
        other = m.hive_at(at)
        check_scare_ghosts(card, bees, tile_haunted=t.dark == "haunted",
                                     haunted_hive_on_tile=other is not None
                                     and other.dark == "haunted")
        own = m.hive(actor).at
        d = M.distance(own, at)
        if not M.reachable(m, own, at) or d > M.MAX_DISTANCE:
            raise IllegalActionError(R_HAUNTED, f"the haunted tile must be within "
                                     f"{M.MAX_DISTANCE} spaces of your hive (a Raid action), got "
                                     + (str(d) if M.reachable(m, own, at) else "another segment"),
                                     expected=M.MAX_DISTANCE, given=d)
        state = replace(state, map=M.flip(m, at, None))
    require_unassigned(hive, 1, R_HAUNTED, "scaring the ghosts away")
    return state, replace(hive, unassigned=hive.unassigned - 1,
                          assigned=hive.assigned.add("raid", 1))


def not_haunted(w: WildHiveState, what: str) -> None:
    """Haunted Hives: "Haunted hives cannot raid or be raided. Skip all actions in the
    priority chart that involve raiding" (ruling L122: also under Desperate Parties).

    :raises IllegalActionError: ``w`` is haunted.
    """
    if w.haunted:
        raise IllegalActionError(R_HAUNTED, f"{w.name} is a haunted hive: haunted hives cannot "
                                 f"{what}", expected="no raid", given=w.name)


class HauntedHivesRules(CardRules):
    """Haunted Hives' hooks: "The first wild hive to appear is haunted ... When a haunted hive
    swarms, the new wild hive is also haunted" (its tile flips); a haunted tile's forage roll
    (:func:`forage_roll`); haunted hives neither raid nor are raided (:func:`not_haunted`);
    scaring the ghosts away (:func:`scare_ghosts`)."""

    name = HAUNTED_HIVES

    def forage_roll(self, state: GameState, action: Any, comps: Components) -> bool | None:
        return forage_roll(state, action.at, action.dice.haunt_d6, comps)

    def turn_decision(self, state: GameState, turn: Any, stage: str, failed: bool,
                      comps: Components) -> Any:
        """At the table: the D6 of a forage on a haunted tile (before the action)."""
        a = turn.action
        if stage == "before" and isinstance(a, Forage) and state.options.haunted_hives and \
                a.dice.haunt_d6 is None and tile_side(state, a) == "haunted":
            return die("haunt_d6", turn, f"{a.actor} forages a haunted tile: roll the D6 "
                       "(1-4: the action fails)", 6)
        return None

    def fails_on_roll(self, state: GameState, action: Any) -> bool:
        """A forage on a haunted tile rolled 1-4."""
        return action.dice.haunt_d6 is not None and action.dice.haunt_d6 <= 4

    def card_options(self, state: GameState, name: str, comps: Components) -> list[Any]:
        """At the table: scaring the ghosts away (the Raid action with one bee)."""
        return scare_options(state, name) if state.options.haunted_hives else []

    def check_raid(self, state: GameState, raider: str, target: str | None,
                   comps: Components) -> None:
        if not state.is_player(raider):
            not_haunted(state.wild_hive(raider), "raid (skip the chart's raid lines)")
        if target is not None and not state.is_player(target):
            not_haunted(state.wild_hive(target), "be raided")

    def card_action(self, state: GameState, action: Any, hive: Hive, comps: Components
                    ) -> tuple[GameState, Hive] | None:
        if not isinstance(action, ScareGhosts):
            return None
        return scare_ghosts(state, action.actor, action.bees, action.at, hive, comps)

    def on_spawn(self, state: GameState, new: NewWildHive, comps: Components
                 ) -> tuple[GameState, Marks]:
        if not state.options.haunted_hives:
            return state, Marks()
        parent = next((x for x in state.wild if x.name == new.by), None)
        haunted = spawned_haunted(
            first_wild_hive=not state.haunted_appeared,
            parent_haunted=new.cause == "wild swarm" and parent is not None and parent.haunted)
        return replace(state, haunted_appeared=True), Marks(
            haunted=haunted, event=(("haunted", True),) if haunted else ())


RULES = HauntedHivesRules()


def scare_options(state: GameState, name: str) -> list[Any]:
    """Haunted Hives: scaring the ghosts away with one bee — on the map from each haunted
    tile within reach that holds no haunted hive; without it once a haunted hive appeared."""
    m = state.map
    if m is None:
        return [ScareGhosts(name, bees=1)] if state.haunted_appeared else []
    M = map_module()
    return [ScareGhosts(name, c, bees=1) for c, _ in M.tiles_within(m, name)
            if m.grid[c].dark == "haunted"
            and not (m.hive_at(c) is not None and m.hive_at(c).dark == "haunted")]


# --- the card's dice ------------------------------------------------------------------------

def haunted_forage_succeeds(card: ScenarioCard, d6: int) -> bool:
    """Haunted Hives: foraging a haunted tile, roll the D6: 1–4 the action fails, 5–6 it
    succeeds.  (On a failed forage hyvekit gives no resources and no disease: the action did
    not happen; the bees stay assigned — ruling L86.)

    :raises InvalidInputError: a roll off 1–6.
    """
    return die_roll("D6 for a haunted tile", d6) > card.rule("haunted_forage_fail_max")


def check_scare_ghosts(card: ScenarioCard, bees: int, *, tile_haunted: bool,
                       haunted_hive_on_tile: bool) -> None:
    """Haunted Hives: "You may take the Raid action with 1 worker bee to scare the ghosts away
    from a haunted tile, as long as it is not occupied by a haunted hive."  Passing means the
    tile flips to the light side.

    :raises IllegalActionError: not exactly 1 bee, a tile that is not haunted, or a haunted hive
        on it.
    """
    need = card.rule("scare_ghosts_bees")
    bees = require_int("bees", bees, 0, 99)
    if bees != need:
        raise IllegalActionError(R_HAUNTED, f"scaring ghosts takes a Raid action with {need} "
                                 f"worker bee, got {bees}", expected=need, given=bees)
    if not tile_haunted:
        raise IllegalActionError(R_HAUNTED, "that tile is not haunted", expected="a haunted "
                                 "tile", given="a light tile")
    if haunted_hive_on_tile:
        raise IllegalActionError(R_HAUNTED, "a haunted hive occupies that tile; its ghosts "
                                 "cannot be scared away", expected="a haunted tile without a "
                                 "haunted hive", given="a haunted hive's tile")


def check_haunted_raid(*, attacker_haunted: bool, target_haunted: bool) -> None:
    """Haunted Hives: "Haunted hives cannot raid or be raided."

    :raises IllegalActionError: either hive is haunted.
    """
    if attacker_haunted:
        raise IllegalActionError(R_HAUNTED, "haunted hives cannot raid", given="a haunted hive "
                                 "raiding")
    if target_haunted:
        raise IllegalActionError(R_HAUNTED, "haunted hives cannot be raided",
                                 given="a raid on a haunted hive")


def haunted_wild_may(action: str, *, wild_haunted: bool, tile_haunted: bool = False,
                     target_haunted: bool = False) -> bool:
    """Whether a wild hive may take a priority-chart ``action`` under Haunted Hives:

    * ``"raid"``: never for a haunted hive ("Skip all actions in the priority chart that involve
      raiding"), and no wild hive raids a haunted hive;
    * ``"forage"``: not on a haunted tile ("Wild hives cannot forage on haunted tiles");
    * ``"spawn"``: not on a haunted tile (a new wild hive, by any cause);
    * ``"scout"`` / ``"swarm"``: allowed.

    :raises InvalidInputError: another action.
    """
    if action == "raid":
        return not wild_haunted and not target_haunted
    if action in ("forage", "spawn"):
        return not tile_haunted
    if action in ("scout", "swarm"):
        return True
    raise InvalidInputError("wild hive action", action, "raid, forage, spawn, scout or swarm")


def spawned_haunted(*, first_wild_hive: bool, parent_haunted: bool = False) -> bool:
    """Haunted Hives: a new wild hive is haunted when it is the first wild hive that appears in
    the game, or it is spawned by a haunted hive's swarm.  (Its tile flips to the dark side.)"""
    return first_wild_hive or parent_haunted
