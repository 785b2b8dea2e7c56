"""The Bee Lives default player (docs/advisor.md, "The default player"): a fast policy over
the typed legal options of the decision due at the table (:mod:`hyvekit.rules.table`), used
in every seat of the advisor's rollouts and as the opponent its benchmark plays against.

It answers only with one of ``Decision.legal``, and draws nothing but from the injected
``rng`` (which it uses only where the table asks for a fact a player reports rather than a
choice: a wild hive's chart line without the map, a tile), so the same table and the same
``rng`` give the same step.  The rules it follows, each from the rulebook's Strategy Tips
(rules/bee-lives.txt):

* a die is rolled (``roll``), a season card drawn (``draw``): never a face chosen;
* on a turn, each legal action gets a worth in VP (:func:`action_worth`) and the best is
  taken: cool the hive when overheating would stop next month's brood, clean a diseased
  hive (more so before winter), raid when the exact odds are good (:mod:`.odds`), forage
  what the hive lacks (honey to feed the bees and for winter, pollen for the brood the empty
  cells allow, water only to cool), build wax when the comb fills, defend when a raid is
  likely, and put the last bees to Defend;
* the last bees are kept with starvation tokens; a swarm stays with its queen; a raid's roll
  is kept once it makes the raid a success (else rerolled while the party has four bees and
  two months are left);
  no bee is sacrificed to a raid; the lowest die is removed.
"""

from __future__ import annotations

import random
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.actions import Forage as ForageValues
from hyvekit.rules.beelives.actions import forage_offer
from hyvekit.rules.beelives.month_table import Table
from hyvekit.rules.beelives.odds import raid_odds_now
from hyvekit.rules.beelives.player_turns import (BuildWax, CleanBees, CoolHive, Defend, Forage,
                                                 Raid)
from hyvekit.rules.beelives.state import MONTHS, Components, GameState, map_module
from hyvekit.rules.beelives.table_options import player_candidates
from hyvekit.rules.beelives.turn_steps import trial
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.table import DICE, Decision, Option, typed

#: the worth of one cube stored, in VP, when the hive needs it (honey: food and 1 VP at the
#: end; pollen: a bee hatched; water: the hive cooled)
HONEY, POLLEN, WATER = 1.0, 0.8, 0.5
#: what a cube is worth beyond the need (honey still scores; the others fill a cell)
SPARE_HONEY, SPARE = 0.6, -0.15
#: what one more step of disease costs (a hatched bee lost each month, bees in winter)
DISEASE = 0.7
#: what a hive that the winter's disease would leave without a bee loses (it cannot win)
NO_BEE_LEFT = 8.0
#: the worth of a worker bee's turn left unused (what another action could still do)
BEE_TURN = 0.25


def choose(t: Any, d: Decision, rng: random.Random) -> str:
    """The default player's step for the decision ``d`` due at the campaign ``t`` (one of
    ``d.legal``).  ``rng`` answers only the facts of the table (see the module docstring).

    :raises ValueError: a decision with no legal step (the game is over).
    """
    if d.over:
        raise ValueError("no legal step: nothing is due")
    m = t.table if isinstance(getattr(t, "table", None), Table) else None
    if d.kind == "action" and m is not None and m.state is not None:
        return best_action(m, d)            # the options are worth-ranked before listed
    legal = d.legal
    if d.kind == DICE and "roll" in legal:
        return "roll"
    if d.kind == "card" and "draw" in legal:
        return "draw"
    pick = _CHOICES.get(d.kind)
    if pick is not None:
        return pick(t, d)
    return rng.choice(legal)            # a fact of the table: a chart line, a tile, a join


def _feeding(t: Any, d: Decision) -> str:
    """The most starvation tokens: the last bees are kept (the hive must end with one)."""
    return max(d.legal, key=lambda o: int(o.rsplit(" ", 1)[-1]))


def _swarm(t: Any, d: Decision) -> str:
    """Stay, with the same queen (the resources are kept)."""
    queen = t.game.player(d.actor).hive.queen if d.actor else ""
    return next((o for o in d.legal if f": stay {queen}" in o), d.legal[0])


def _reroll(t: Any, d: Decision) -> str:
    """Keep a roll that makes the raid a success (half the party's honey in reach), else
    reroll (a bee of the party dies) while the party has four bees or more and two months
    are left to make up for the bee."""
    turn = t.table.turn if isinstance(t.table, Table) else None
    a = turn.action if turn is not None else None
    if not isinstance(a, Raid) or not a.rolls:
        return "keep" if any(o.endswith("keep") for o in d.legal) else d.legal[0]
    party = (a.bees or 0) - (len(a.rolls) - 1)
    need = ((a.bees or 0) + 1) // 2
    state = t.table.state
    if state.is_player(a.target):
        need += state.player(a.target).hive.assigned.defend
    else:
        need = state.wild_hive(a.target).strength
    keep = sum(a.rolls[-1]) >= need or party < 4 or months_left(state) < 2
    return next(o for o in d.legal if o.endswith("keep" if keep else "reroll"))


def _sacrifice(t: Any, d: Decision) -> str:
    """No bee sacrificed ("Bees are more valuable than honey")."""
    return next((o for o in d.legal if o.endswith((" 0", " 0/0"))), d.legal[0])


def _winter(t: Any, d: Decision) -> str:
    """Every player keeps the last bees with starvation tokens (each player's own choice,
    typed by the first player: the one that names everybody)."""
    return max(d.legal, key=lambda o: (o.count(",") + (" take " in o), -d.legal.index(o)))


_CHOICES = {"feeding": _feeding, "swarm": _swarm, "reroll": _reroll,
            "sacrifice": _sacrifice, "remove": lambda t, d: d.legal[0], "winter": _winter}


def is_choice(d: Decision) -> bool:
    """Whether ``d`` is a player's choice (a turn, feeding, a swarm, a reroll, sacrifices,
    dice removed, winter upkeep) with more than one legal step, rather than a die, a card or a
    fact of the table a player reports (a wild hive's line, a tile): what a review weighs."""
    return (not d.over and d.actor is not None and len(d.legal) > 1
            and (d.kind == "action" or d.kind in _CHOICES))


def best_action(m: Table, d: Decision) -> str:
    """The legal action of ``d`` (a player's turn at the month table ``m``) of the greatest
    :func:`action_worth`, the first listed among equals: the actions the turn may take are
    worth-ranked before any is checked, then checked by the sequencer in that order
    (:func:`~.turn_steps.trial`, as ``legal`` is made) until one is legal — the step is that
    legal option, typed."""
    state, comps = m.state, m.comps
    if "legal" in d.__dict__:                   # listed already: no trial to spare
        actions = [o.value[0] for o in d.legal if typed(o, m) is not None]
    else:
        actions = list(player_candidates(state, d.actor, comps))
    for a in _by_worth(state, actions, comps):
        exc, tried = trial(state, a, comps)
        if exc is None:
            return Option(N.format_action(a), (a, tried), m)
    return d.legal[0]


def _by_worth(state: GameState, actions: list, comps: Components) -> list:
    """``actions`` by :func:`action_worth`, greatest first (stable: the first listed among
    equals)."""
    worth = {id(a): action_worth(state, a, comps) for a in actions}
    return sorted(actions, key=lambda a: -worth[id(a)])


def ranked(t: Any, d: Decision) -> tuple[str, ...]:
    """The legal steps of ``d`` as the default player ranks them, its choice first: a turn's
    actions by :func:`action_worth`; any other decision its choice, then the rest as
    listed."""
    m = t.table if isinstance(getattr(t, "table", None), Table) else None
    if d.kind == "action" and m is not None and m.state is not None:
        by_text = {o.value[0]: o for o in d.legal if typed(o, m) is not None}
        return tuple(by_text[a] for a in _by_worth(m.state, list(by_text), m.comps))
    first = choose(t, d, random.Random(0))
    return (first,) + tuple(o for o in d.legal if o != first)


def months_left(state: GameState) -> int:
    """Productive months after this one before the winter (0 in November): what the hive
    prepares for — every year's winter feeds on its honey and kills bees by its disease
    (Winter Upkeep; Multiple Years Variant)."""
    return len(MONTHS) - state.month


def needs(state: GameState, name: str, comps: Components) -> tuple[int, int, int]:
    """What the hive of ``name`` lacks now: (honey, pollen, water) cubes — honey to feed its
    bees this month and the next and through the winter that follows the last month, pollen
    for the brood the comb leaves room for next month (as many cells as pollen), water to
    cool it while overheating may come (spring and summer)."""
    hive = state.player(name).hive
    board = comps.board
    workers = hive.workers
    left = months_left(state)
    honey = -(-workers // board.bees_per_honey) * min(2, left + 1)
    if left <= 2:
        honey += workers                        # the winter: a third a month, three months
    pollen = 0 if left == 0 else max(0, (hive.comb - hive.honey - hive.water) // 2)
    water = 0
    if state.season in ("spring", "summer") and left > 0:
        water = -(-workers // 5)
    return (max(0, honey - hive.honey), max(0, pollen - hive.pollen),
            max(0, water - hive.water))


def disease_weight(state: GameState) -> float:
    """What one level of disease costs the hive, in VP, by the months left: a hatched bee a
    month while there is time to clean it away, and in the last months the winter's three
    bees."""
    return {0: 3.5, 1: 3.0, 2: 2.0, 3: 1.2}.get(months_left(state), DISEASE)


def disease_cost(state: GameState, name: str, spaces: int, comps: Components) -> float:
    """What moving the mite of ``name``'s hive ``spaces`` forward costs (:func:`disease_weight`
    per level lost; a standing mite takes the first space), and :data:`NO_BEE_LEFT` more
    when, late in the year, the winter's disease would leave the hive no bee (a hive without
    a bee cannot win: End of the Game)."""
    hive = state.player(name).hive
    spaces -= 1 if hive.mite_standing and spaces > 0 else 0
    track = comps.board.track(hive.side)
    now = track.level(hive.mite)
    after = track.level(min(hive.mite + max(0, spaces), track.last))
    cost = (now - after) * disease_weight(state) + 0.1 * max(0, spaces)
    if after < now and months_left(state) <= 3 and -3 * after >= hive.workers:
        cost += NO_BEE_LEFT
    return cost


def _cube_worth(take: tuple[int, int, int], need: tuple[int, int, int]) -> float:
    worth = 0.0
    for got, lack, each, spare in zip(take, need, (HONEY, POLLEN, WATER),
                                      (SPARE_HONEY, SPARE, SPARE)):
        worth += min(got, lack) * each + max(0, got - lack) * spare
    return worth


def _forage_tile(state: GameState, a: Forage) -> tuple[str, int]:
    """The tile a forage takes from and the bees it needs (on the map: read from it)."""
    if a.at is None or state.map is None:
        return a.tile, max(1, a.distance or 0)
    o = next(o for o in map_module().forage_options(state.map, a.actor)
             if tuple(o.at) == tuple(a.at))
    return o.tile, o.bees


def _forage_worth(state: GameState, a: Forage, comps: Components) -> float:
    hive = state.player(a.actor).hive
    card = comps.card(state.card)
    tile, bees = _forage_tile(state, a)
    offer = forage_offer(comps.board, ForageValues(1, tile, state.season,
                                                   modifiers=(seasons.forage_modifiers(
                                                       card, tile),)))
    take = tuple(a.take) if a.take is not None else offer
    disease = disease_cost(state, a.actor, 1, comps)
    room = hive.empty - sum(take)
    crowded = 0.3 * max(0, 3 - room) if months_left(state) > 0 else 0.0
    return _cube_worth(take, needs(state, a.actor, comps)) - disease - crowded \
        - BEE_TURN * (bees - 1)


def _raid_worth(state: GameState, a: Raid, comps: Components) -> float:
    bees = a.bees or 0
    # more bees than could be of use: two a honey a player hive has (a success steals half
    # the party), or beyond a wild hive's strength and a die's worth
    most = (2 * state.player(a.target).hive.honey + 1 if state.is_player(a.target)
            else state.wild_hive(a.target).strength + 3)
    if bees > most:
        return float("-inf")
    try:
        chance, honey = raid_odds_now(state, a.actor, a.target, a.bees or 0, comps)
    except (IllegalActionError, InvalidInputError):
        return float("-inf")
    board = comps.board
    p, h = float(chance), float(honey)
    worth = p * board.raid_vp + h * HONEY
    if state.is_player(a.target):
        level = -state.player(a.target).hive.disease(board)
        worth -= disease_cost(state, a.actor, -(-level // 3), comps) if h > 0 else 0
    else:
        worth -= disease_cost(state, a.actor, 1, comps) if h > 0 else 0
    if state.is_player(a.target):
        worth -= (1 - p) * board.defend_vp      # the defender scores a failed raid
    return worth - BEE_TURN * ((a.bees or 0) - 1)


def _clean_worth(state: GameState, a: CleanBees, comps: Components) -> float:
    hive = state.player(a.actor).hive
    bees = a.bees or 0
    track = comps.board.track(hive.side)
    gained = track.level(max(0, hive.mite - bees)) - track.level(hive.mite)
    useful = min(bees, hive.mite)
    if gained <= 0 and useful == 0:
        return -1.0
    return gained * disease_weight(state) + 0.15 * useful \
        - BEE_TURN * max(0, bees - useful)


def _wax_worth(state: GameState, a: BuildWax, comps: Components) -> float:
    hive = state.player(a.actor).hive
    if months_left(state) == 0:
        return -1.0                              # honey scores; no brood to make room for
    per = seasons.build_wax_honey_per_bee(comps.card(state.card))
    bees = a.bees or 0
    spare = hive.honey - bees * per - needs_honey_only(state, a.actor, comps)
    if hive.empty > 2 or spare < 0:
        return -0.5
    return 1.2 * bees - 0.3 * bees * per + 0.5


def needs_honey_only(state: GameState, name: str, comps: Components) -> int:
    """The honey the hive of ``name`` wants kept for feeding this month and the next."""
    hive = state.player(name).hive
    return -(-hive.workers // comps.board.bees_per_honey)


def _defend_worth(state: GameState, a: Defend, comps: Components) -> float:
    hive = state.player(a.actor).hive
    bees = a.bees or 0
    threat = max((p.hive.unassigned for p in state.players if p.name != a.actor), default=0)
    threat = max([threat] + [w.strength for w in state.wild])
    at_stake = min(hive.honey, threat)
    worth = 0.35 * min(bees, at_stake) if at_stake else 0.0
    if bees == hive.unassigned:                 # the last bees: nothing else left to do
        worth += 0.05 * bees
    return worth - 0.05 * max(0, bees - at_stake)


def _cool_worth(state: GameState, a: CoolHive, comps: Components) -> float:
    hive = state.player(a.actor).hive
    if hive.cooled or months_left(state) == 0:
        return -1.0
    return 0.8 * min(hive.empty, 6)            # next month's brood can hatch


_WORTH = {Forage: _forage_worth, Raid: _raid_worth, CleanBees: _clean_worth,
          BuildWax: _wax_worth, Defend: _defend_worth, CoolHive: _cool_worth}


def action_worth(state: GameState, action: Any, comps: Components) -> float:
    """What the default player expects ``action`` (a player's, at ``state``) to bring, in VP
    (see the module docstring); -1 for the actions it does not take (scout, requeen, a solo
    card's own)."""
    worth = _WORTH.get(type(action))
    return -1.0 if worth is None else worth(state, action, comps)


def outcome(t: Any, name: str) -> tuple[float, float]:
    """What ``name`` ends the finished campaign ``t`` with, for the advisor
    (:data:`hyvekit.rules.advisor.Outcome`): the final score (End of the Game) and the share
    of the win (1 alone, 1/k shared by k, 0 otherwise; a game lost to a card: 0, 0).

    :raises ValueError: a game not over.
    """
    if t.game.stage != "over":
        raise ValueError("the game is not over")
    scores = t.scores
    if scores is None:                          # lost to a card (Wildfire): no score
        return 0.0, 0.0
    winners = scores.winners
    return float(scores.line(name).total), (name in winners) / len(winners) if winners else 0.0


def uniform(t: Any, d: Decision, rng: random.Random) -> str:
    """Uniformly random legal play, the benchmark's opponent: a die rolled, a card drawn,
    otherwise any of ``d.legal`` with equal chance."""
    if d.kind == DICE and "roll" in d.legal:
        return "roll"
    if d.kind == "card" and "draw" in d.legal:
        return "draw"
    return rng.choice(d.legal)


__all__ = ["action_worth", "best_action", "choose", "months_left", "needs", "outcome", "ranked",
           "uniform"]
