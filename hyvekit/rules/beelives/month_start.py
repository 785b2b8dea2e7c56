"""Phases 1–5 of a productive month (rules/bee-lives.txt, "Productive Months": Egg, Feeding,
Brood, Swarm and Event Phases) and the start of the Action Phase (Cooler Temps).
"""

from __future__ import annotations

import random

from hyvekit.rules.beelives import phases, seasons
from hyvekit.rules.beelives.plan import MonthPlan, PhaseChoices
from hyvekit.rules.beelives.spawning import no_placement, spawn_strength, spawn_wild
from hyvekit.rules.beelives.state import (
    NONE,
    R_EVENT,
    R_MONTH,
    WILD_HIVE_TOKENS,
    Components,
    Event,
    GameState,
    PlayerState,
    map_module,
    month_name,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.errors import located
from hyvekit.rules.values import replace


def wakes_wild_hives(state: GameState) -> bool:
    """Whether the month due wakes the dormant wild hives as it begins (Dormant Wild Hives:
    "dormant and will not take any actions until summer"; in later springs too with the
    Multiple Years Variant; ruling L44)."""
    return state.season != "spring" or (state.year > 1 and
                                        state.options.wild_active_later_springs)


def start_month(state: GameState, plan: MonthPlan, comps: Components
                ) -> tuple[GameState, list[Event]]:
    """Phases 1–5 of a productive month and the start of the Action Phase.

    1. Egg (brood = empty cells; none empty → swarm token), 2. Feeding (under the card still
    on the board: Culling of the Drones), 3. Brood (An Early Start, Buttoned Up, paused queen,
    disease, prolific), 4. Swarm (in turn order from the first player; wild hive spawn with
    strength = bees lost, stay or leave, VP by season only when a wild hive was spawned),
    5. Event (the stated card: of this season, not played before).  The first month of the
    game skips phases 1–4.  Wild hives wake up when summer begins (and in later springs).
    Cooler Temps moves a third of each hive's workers to Defend (ruling L37).

    :raises IllegalActionError: a choice against the rules (rule named); a month out of order.
    :raises InvalidInputError: unknown names.
    """
    return start_month_after(state, plan, comps)


def start_month_after(state: GameState, plan: MonthPlan, comps: Components,
                      early: tuple[tuple[PlayerState, ...], list[Event]] | None = None
                      ) -> tuple[GameState, list[Event]]:
    """:func:`start_month`; ``early``, when given, is what phases 1–3 give (the players and
    the events of :func:`early_phases`) for this ``state`` and the plan's feeding choices,
    already played on a copy (the random player reuses its preview instead of playing them
    twice)."""
    if state.stage != "month":
        raise IllegalActionError(R_MONTH, f"a new month can start only after the last one's "
                                 f"cleanup (now: {state.stage})", expected="month",
                                 given=state.stage)
    if (plan.year, plan.month) != (state.year, state.month):
        raise IllegalActionError(R_MONTH, f"the next month is {month_name(state.month)} of year "
                                 f"{state.year}, got {month_name(plan.month)} of year {plan.year}",
                                 expected=f"{state.year}/{month_name(state.month)}",
                                 given=f"{plan.year}/{month_name(plan.month)}")
    for name, _ in plan.choices:
        state.player(name)
    events: list[Event] = [{"kind": "month", "year": state.year, "month": month_name(state.month),
                            "season": state.season,
                            "queens": {p.name: p.hive.queen for p in state.players},
                            "wild": {w.name: w.strength for w in state.wild}}]
    # wild hives wake up (Dormant Wild Hives)
    if wakes_wild_hives(state):
        state = replace(state, wild=tuple(replace(w, dormant=False) for w in state.wild))
    state = replace(state, spawned=False)
    for card in comps.card_rules():
        state, evs = card.before_month(state, plan, comps)
        events += evs
    if state.first_month:
        for name, c in plan.choices:
            if c.starvation_tokens or c.swarm:
                raise IllegalActionError(R_MONTH, f"{name}: the first month of the game skips "
                                         "the Egg, Feeding, Brood and Swarm Phases: no feeding "
                                         "or swarm choices", expected="no choices",
                                         given="choices")
    else:
        if early is None:
            state, evs = early_phases(state, plan, comps)
        else:                        # phases 1-3 change only the players (and tell events)
            state, evs = replace(state, players=early[0]), early[1]
        events += evs
        # 4. Swarm Phase, in turn order from the first player
        for p in state.order():
            state, evs = swarm_phase(state, p.name, plan.choice(p.name), comps)
            events += evs
    # 5. Event Phase
    state, ev = event_phase(state, plan.card, comps)
    events.append(ev)
    card = comps.card(state.card)
    # Action Phase begins: Cooler Temps
    for p in state.players:
        bees = seasons.required_defenders(card, p.hive.workers)
        bees = min(bees, p.hive.unassigned)
        if bees:
            h = p.hive
            state = state.with_hive(p.name, replace(h, unassigned=h.unassigned - bees,
                                                    assigned=h.assigned.add("defend", bees)))
            events.append({"kind": "cooler_temps", "hive": p.name, "bees": bees})
    state = replace(state, stage="actions", round=1, cursor=0, wild_pending=(), wild_last=-1,
                    players=tuple(replace(p, raided=(), turns=0, home_foraged=False)
                                  for p in state.players),
                    wild=tuple(replace(w, workers=0, raided=(), foraged=False, turns=0)
                               for w in state.wild))
    return state, events


def early_phases(state: GameState, plan: MonthPlan, comps: Components
                 ) -> tuple[GameState, list[Event]]:
    """Phases 1–3 (Egg, Feeding, Brood) for every hive, under the card still on the board."""
    board = comps.board
    old_card = comps.card(state.card)
    events: list[Event] = []
    # every hive goes through a phase before the next; the hives are put back into the
    # state once, at the end (they are all that phases 1-3 change)
    players = state.players
    hives = [p.hive for p in players]
    # 1. Egg Phase
    for i, p in enumerate(players):
        r = phases.egg_phase(hives[i], board)
        hives[i] = r.hive
        events.append({"kind": "egg", "hive": p.name, "brood": r.brood,
                       "swarm_token": r.swarm_token})
    # 2. Feeding Phase
    per = seasons.feeding_bees_per_honey(old_card, board)
    for i, p in enumerate(players):
        c = plan.choice(p.name)
        try:
            r2 = phases.feeding_phase(hives[i], board, tokens=c.starvation_tokens,
                                      bees_per_honey=per)
        except (IllegalActionError, InvalidInputError) as exc:
            raise located(exc, f"{p.name}, Feeding Phase") from None
        hives[i] = r2.hive
        events.append({"kind": "feeding", "hive": p.name, "honey": r2.honey_spent,
                       "starved": r2.starved, "tokens": r2.tokens_taken,
                       "skipped": r2.skipped})
    # 3. Brood Phase
    rules = seasons.brood_rules(old_card)
    for i, p in enumerate(players):
        r3 = phases.brood_phase(hives[i], board, **rules.kwargs())
        hives[i] = r3.hive
        events.append({"kind": "brood", "hive": p.name, "hatched": r3.hatched,
                       "pollen": r3.pollen_spent, "lost": r3.lost_to_disease,
                       "bonus": r3.prolific_bonus, "discarded": r3.discarded,
                       "paused": r3.paused, "level": r3.hive.disease(board)})
    players = tuple(replace(p, hive=h) for p, h in zip(players, hives))
    return replace(state, players=players), events


def swarms_due(state: GameState, plan: MonthPlan, comps: Components) -> tuple[str, ...]:
    """The players whose hives will swarm in this month's Swarm Phase, given the plan's
    feeding choices (phases 1–3 played on a copy).  Empty in the first month of the game.

    :raises IllegalActionError: a feeding choice against the rules.
    """
    if state.first_month:
        return ()
    after = phases_preview(state, plan, comps)
    return tuple(p.name for p in after.order() if phases.will_swarm(p.hive, comps.board)[0])


def phases_preview(state: GameState, plan: MonthPlan, comps: Components) -> GameState:
    """The state after this month's Egg, Feeding and Brood Phases (played on a copy), as the
    Swarm Phase will find it: who swarms, and how many bees a swarm loses.  The first month
    of the game skips them (the state is returned unchanged).

    :raises IllegalActionError: a feeding choice against the rules.
    """
    if state.first_month:
        return state
    return early_phases(state, plan, comps)[0]


def swarm_phase(state: GameState, name: str, c: PhaseChoices, comps: Components
                ) -> tuple[GameState, list[Event]]:
    """Phase 4 (Swarm) for player ``name``'s hive with its choices ``c`` (stay or leave, the
    new wild hive): the table after it and its events."""
    board = comps.board
    hive = state.player(name).hive
    swarms, reason = phases.will_swarm(hive, board)
    if not swarms:
        if c.swarm is not None:
            raise IllegalActionError(phases.R_SWARM, f"{name}: the hive does not swarm "
                                     f"({hive.workers} workers, threshold "
                                     f"{board.threshold(hive.comb, hive.queen == 'nomadic')}, no "
                                     "swarm token): no swarm choices", expected="no swarm",
                                     given="swarm choices")
        return state, []
    if c.swarm is None:
        raise IllegalActionError(phases.R_SWARM, f"{name}: the hive swarms ({reason}): state the "
                                 "wild hive spawned (or \"none\"), stay or leave, and the queen",
                                 expected="swarm choices", given="none")
    s = c.swarm
    spawned = s.wild != NONE
    if spawned and len(state.wild) >= WILD_HIVE_TOKENS:
        raise IllegalActionError(phases.R_SWARM, f"{name}: all {WILD_HIVE_TOKENS} wild hives are "
                                 "in play, none can be spawned", expected=NONE, given=s.wild)
    try:
        r = phases.swarm_phase(hive, board, season=state.season, spawned=spawned,
                               choice=s.choice,  # type: ignore[arg-type]
                               new_queen=s.queen, year=state.year)
    except (IllegalActionError, InvalidInputError) as exc:
        raise located(exc, f"{name}, Swarm Phase") from None
    if spawned and r.wild_strength is None:
        raise IllegalActionError(phases.R_SWARM, f"{name}: the swarm lost no bee, so no wild hive "
                                 "is spawned (ruling L13)", expected=NONE, given=s.wild)
    if not spawned and r.bees_lost > 0:
        no_placement(state, name, phases.R_SWARM)
    state = state.with_hive(name, r.hive)
    events: list[Event] = [{"kind": "swarm", "hive": name, "reason": reason,
                            "bees_lost": r.bees_lost, "honey_lost": r.honey_lost,
                            "choice": r.choice, "queen": r.hive.queen, "vp": r.vp,
                            "wild": s.wild if r.wild_strength is not None else None,
                            "level": r.hive.disease(board)}]
    if r.wild_strength is not None:
        state, ev = spawn_wild(state, s.wild, spawn_strength(state, r.bees_lost),
                               cause="swarm", by=name, at=s.at, near=name, comps=comps)
        events.append(ev)
        if s.choice == "leave" and state.map is not None:
            M = map_module()
            state = replace(state, map=M.swap_hives(state.map, name, s.wild))
            # a haunted / infected hive's tile is dark wherever it goes (ruling L147)
            h = state.map.hive(s.wild)
            if h.dark is not None and state.map.grid[h.at].dark is None:
                state = replace(state, map=M.flip(state.map, h.at, h.dark))
    return state, events


def season_deck(state: GameState, comps: Components) -> tuple[str, ...]:
    """The season deck the Event Phase draws from this month: the cards of the month's season
    not played yet, in the cards' order (5. Event Phase: "Reveal the next card from the current
    season deck"; Setup: each deck shuffled separately; Multiple Years Variant: "discard all
    played season cards, but do not shuffle them back in")."""
    return tuple(c.name for c in comps.cards
                 if c.season == state.season and c.name not in state.played)


def draw_season_card(state: GameState, comps: Components, rng: random.Random) -> str:
    """The card the Event Phase reveals when hyvekit keeps the decks: one of
    :func:`season_deck`, each equally likely (a shuffled deck's top card), drawn with the
    injected ``rng`` so that a record of the card drawn replays the same.

    :raises IllegalActionError: the season's deck is empty.
    """
    deck = season_deck(state, comps)
    if not deck:
        raise IllegalActionError(R_EVENT, f"the {state.season} deck is empty: every card was "
                                 "played", expected="a card not yet played", given="draw")
    return rng.choice(deck)


def event_phase(state: GameState, name: str, comps: Components) -> tuple[GameState, Event]:
    """Phase 5 (Event): the season card ``name`` turned over, and its event.

    :raises IllegalActionError: a card of another season, or one already drawn this year.
    """
    card = comps.card(name)
    assert card is not None
    if card.season != state.season:
        raise IllegalActionError(R_EVENT, f"{month_name(state.month)} draws from the "
                                 f"{state.season} deck, got {card.name} ({card.season})",
                                 expected=f"a {state.season} card", given=card.name)
    if card.name in state.played:
        raise IllegalActionError(R_EVENT, f"{card.name} was already played (played cards are "
                                 "not shuffled back)", expected="a card not yet played",
                                 given=card.name)
    state = replace(state, card=card.name, played=state.played + (card.name,))
    return state, {"kind": "event", "card": card.name, "overheating": card.overheating}
