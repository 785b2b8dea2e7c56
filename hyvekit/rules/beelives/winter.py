"""Winter Upkeep and the End of the Game in the sequencer (rules/bee-lives.txt, "Winter
Upkeep", "End of the Game", "Multiple Years Variant").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from hyvekit.rules.beelives.board import Board
from hyvekit.rules.beelives.endgame import PlayerEnd, Scoring, score
from hyvekit.rules.beelives.endgame import winter as do_winter
from hyvekit.rules.beelives.hive import Assigned
from hyvekit.rules.beelives.state import Components, Event, GameState, month_name
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.values import replace


def play_winter(state: GameState, comps: Components,
                starvation: Mapping[str, str] | None = None) -> tuple[GameState, list[Event]]:
    """Winter Upkeep after the ninth month: three months of feeding (1 honey per 3 workers,
    rounded down) and disease losses.  ``starvation``: player → ``"take"`` to take starvation
    tokens for starving bees among the last three (default ``"none"``).

    Multiple Years Variant, when more years follow: surviving bees and remaining honey score
    VP now (the honey stays in the comb, ruling L52); a player without a surviving bee cannot
    win (``out``); played cards are discarded (no card on the board); each player gets a skip
    feeding token; the next year starts in March.

    :raises IllegalActionError: winter is not due.
    :raises InvalidInputError: an unknown player or policy.
    """
    board = comps.board
    if state.stage != "winter":
        now = ("the game is over" if state.stage == "over" else
               f"{month_name(state.month)} of year {state.year} is "
               + ("being played" if state.stage == "actions" else "the next month to play"))
        raise IllegalActionError("Bee Lives: Winter Upkeep", "winter upkeep comes after "
                                 f"November, the ninth month ({now})", expected="winter",
                                 given=state.stage)
    starvation = dict(starvation or {})
    for name in starvation:
        state.player(name)
    last = state.year >= state.options.years
    events: list[Event] = []
    players = []
    for p in state.players:
        h = p.hive
        w = do_winter(h.workers, h.honey, h.disease(board), board,
                      starvation=starvation.get(p.name, "none"))  # type: ignore[arg-type]
        h = replace(h, unassigned=w.bees, assigned=Assigned(), honey=w.honey,
                    starvation=h.starvation + w.tokens)
        vp = 0
        out = p.out
        if not last:
            if state.options.score_each_winter:
                vp = w.bees + w.honey
            out = out or w.bees == 0
            h = replace(h, vp=h.vp + vp, skip_feeding=h.skip_feeding or
                        state.options.skip_feeding_later_years)
        events.append({"kind": "winter", "hive": p.name, "year": state.year, "bees": w.bees,
                       "honey": w.honey, "tokens": w.tokens, "vp": vp, "out": out,
                       "final": last,
                       "months": [asdict(m) for m in w.months]})
        players.append(replace(p, hive=h, out=out))
    state = replace(state, players=tuple(players))
    if last:
        state = replace(state, stage="over")
    else:
        state = replace(state, stage="month", year=state.year + 1, month=1, card=None)
    return state, events


def final_scoring(state: GameState, board: Board) -> Scoring:
    """End of the Game for a finished game: VP + honey + surviving bees − 2 per starvation
    token; tie-breakers pollen > bees > comb size.  A player who was ``out`` after an earlier
    winter cannot win (scored with their bees, listed as not eligible).

    :raises IllegalActionError: the game is not over.
    """
    if state.stage != "over":
        raise IllegalActionError("Bee Lives: End of the Game", "the game ends after the last "
                                 "winter", expected="over", given=state.stage)
    ends = [PlayerEnd(p.name, p.hive.vp, p.hive.honey, p.hive.workers, p.hive.starvation,
                      p.hive.pollen, p.hive.comb) for p in state.players]
    result = score(ends, board)
    out = {p.name for p in state.players if p.out}
    if not out:
        return result
    lines = tuple(replace(l, eligible=l.eligible and l.player.name not in out)
                  for l in result.lines)
    ok = [p for p in ends if p.name not in out and p.bees >= 1]
    winners = score(ok, board).winners if ok else ()
    tiebreak = score(ok, board).tiebreak if ok else ""
    return Scoring(lines, winners, tiebreak)
