"""Bridge from the month sequencer to the solo goal checks: a played month's
:class:`~hyvekit.rules.beelives.game.MonthSummary` → :class:`hyvekit.rules.beelives.solo.MonthFacts`
for one player (rules/bee-lives.txt, "Solo Play: Challenge Mode").

The map's size and length: give them, or pass the state after the month — with a map they are
read from it (``map_size``, ``map_length``); without one they default to 1.

Units: as in :mod:`hyvekit.rules.beelives.solo`.
"""

from __future__ import annotations

from collections.abc import Sequence

from hyvekit.rules.beelives import game as g
from hyvekit.rules.validate import not_one_of

#: sequencer spawn causes → solo ``WildFact.origin``
ORIGIN = {"swarm": "swarm", "wild swarm": "wild_swarm", "solo hard rule": "solo_rule"}
#: the solo cards that spawn wild hives inside a month → origin (other cards: season cards)
CARD_ORIGIN = {"Under Siege": "challenge_card", "Three Generations": "campaign_card",
               "Wildfire": "campaign_card", "Zombees": "campaign_card"}


def spawn_origin(cause: str) -> str:
    """A sequencer spawn cause (``swarm``, ``card: Under Siege``...) as the solo
    ``WildFact.origin`` (``swarm``, ``challenge_card``, ``season_card``...)."""
    if cause.startswith("card:"):
        return CARD_ORIGIN.get(cause[len("card:"):].strip(), "season_card")
    return ORIGIN.get(cause, cause)


def month_facts(summary: g.MonthSummary, player: str, *, state: g.GameState | None = None,
                map_tiles: int | None = None, map_length: int | None = None,
                winter_bees: int | None = None):
    """The solo :class:`~hyvekit.rules.beelives.solo.MonthFacts` of ``player`` for one month.

    :param summary: ``MonthResult.summary`` of the month.
    :param state: the state after the month (for the map's size and length, if it has a map).
    :param winter_bees: the November of a year: bees alive after that winter.
    :raises InvalidInputError: an unknown player.
    """
    from hyvekit.rules.beelives import solo

    if player not in summary.hives:
        raise not_one_of("player", player, summary.hives)
    h = summary.hives[player]
    if state is not None and state.map is not None:
        from hyvekit.rules.beelives import map as bee_map
        map_tiles = bee_map.map_size(state.map) if map_tiles is None else map_tiles
        map_length = bee_map.map_length(state.map) if map_length is None else map_length
    raids = tuple(solo.RaidFact("player_hive" if r["target_kind"] == "player" else "wild_hive",
                                bool(r["success"])) for r in h.raids_made)
    swarm = None
    if h.swarmed:
        swarm = solo.SwarmFact(bool(h.stayed), h.swarm_wild, h.swarm_queen)
    wild = tuple(solo.WildFact(w.name, w.strength, w.peak, w.spawned,
                               spawn_origin(w.cause) if w.spawned else "")
                 for w in summary.wild)
    first = (summary.year, summary.month_number) == (1, 1)
    return solo.MonthFacts(
        year=summary.year, month=summary.month_number, queen_at_start=h.queen_at_start,
        actions=tuple(a for a, _ in h.actions), raids=raids, requeens=h.requeens,
        swarm=swarm, brood_hatched=None if first else h.brood_hatched,
        worst_disease=h.disease_reached, comb=h.comb,
        map_tiles=1 if map_tiles is None else map_tiles,
        map_length=1 if map_length is None else map_length,
        wild_hives=wild, winter_bees=winter_bees)


def game_facts(results: Sequence[g.MonthResult], player: str,
               winters: Sequence[tuple[int, Sequence[dict]]] = ()) -> tuple:
    """Solo facts for every month of a replayed game (``record.replay(...).months`` and
    ``.winters``): the November of each year gets that winter's surviving bees."""
    after = {year: next((e["bees"] for e in evs if e["hive"] == player), None)
             for year, evs in winters}
    out = []
    for r in results:
        s = r.summary
        out.append(month_facts(s, player, state=r.state,
                               winter_bees=after.get(s.year) if s.month_number == 9 else None))
    return tuple(out)


__all__ = ["game_facts", "month_facts", "spawn_origin"]
