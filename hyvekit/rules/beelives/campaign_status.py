"""What a Bee Lives campaign shows: its solo goals, the next step, hive rows, the result and
the JSON-able status (rules/bee-lives.txt, "Solo Score Chart", "End of the Game").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hyvekit.rules.beelives.campaign_settings import RANDOM, CampaignState
from hyvekit.rules.beelives.state import AT_RISK, FAILED, MET, SURVIVE, month_name
from hyvekit.rules.validate import digits


def goals(state: CampaignState) -> tuple[dict[str, Any], ...]:
    """Goals met / at risk / failed, each ``{card, goal, status, reason, year}``.

    Solo games with cards: every card's goals judged over the months played
    (:func:`hyvekit.rules.beelives.solo.combined_verdicts`), plus the standard goal for each
    year.  Other games: the standard goal per player and year — "You must have at least one
    worker bee that survives each winter" (Multiple Years Variant; End of the Game: only a
    player with a surviving bee can win).
    """
    cards = state.cards()
    if state.settings.solo and cards:
        from hyvekit.rules.beelives.solo_goals import combined_verdicts
        vs = combined_verdicts(cards, state.facts, years=state.settings.years,
                               over=state.over)
        return tuple({"card": v.card, "goal": v.goal, "status": v.status, "reason": v.reason,
                      "year": v.year} for v in vs)
    out = []
    done = {w.year: {h["hive"]: h for h in w.hives} for w in state.winters}
    for y in range(1, state.settings.years + 1):
        for p in state.game.players:
            h = done.get(y, {}).get(p.name)
            if h is None:
                status, reason = AT_RISK, (f"{p.name}: at least one worker bee must survive "
                                           f"the winter of year {y}")
            elif h["bees"] >= 1:
                status, reason = MET, (f"{p.name}: {h['bees']} worker bees survived the winter "
                                       f"of year {y}")
            else:
                status, reason = FAILED, (f"{p.name}: no worker bee survived the winter of "
                                          f"year {y}")
            out.append({"card": "standard", "goal": SURVIVE, "status": status,
                        "reason": reason, "year": y, "player": p.name})
    return tuple(out)


def next_step(state: CampaignState) -> str:
    """What is to be logged next, in words."""
    game = state.game
    steps = getattr(state.table, "steps", None)
    if steps:
        return (f"year {game.year} {month_name(game.month)} is being played at the table "
                f"({len(steps)} step{'' if len(steps) == 1 else 's'} so far): hyvekit "
                "beelives next")
    if state.challenge == RANDOM:
        return "draw the challenge card"
    if game.stage == "over":
        return "nothing: the game is over"
    if game.stage == "winter":
        return f"winter upkeep of year {game.year} (hyvekit beelives year-end)"
    return (f"year {game.year} {month_name(game.month)} (hyvekit beelives next: play it at "
            "the table; or log a month file)")


def hive_rows(state: CampaignState) -> list[dict[str, Any]]:
    """Each player hive's state: workers, brood, resources, comb, disease (level; track side
    and the mite's space, standing or not), VP, tokens, queen."""
    board = state.comps.board
    rows = []
    for p in state.game.players:
        h = p.hive
        rows.append({"name": p.name, "queen": h.queen, "workers": h.workers, "honey": h.honey,
                     "pollen": h.pollen, "water": h.water, "empty": h.empty, "comb": h.comb,
                     "disease": h.disease(board), "vp": h.vp, "starvation": h.starvation,
                     "skip_feeding": h.skip_feeding, "paused": h.paused, "out": p.out,
                     "brood": h.brood, "side": h.side, "mite": h.mite,
                     "mite_standing": h.mite_standing, "swarm_token": h.swarm_token,
                     "infected": p.infected,
                     "threshold": board.threshold(h.comb, h.queen == "nomadic")})
    return rows


def result(state: CampaignState) -> dict[str, Any]:
    """The small, deterministic view stored with each event and compared by ``campaign
    check``: where the game stands, every hive's values, the wild hives, the goals' statuses
    and the final totals."""
    game = state.game
    out: dict[str, Any] = {
        "year": game.year, "month": month_name(game.month), "stage": game.stage,
        "card": game.card, "challenge": state.challenge,
        "hives": {r["name"]: {k: r[k] for k in ("queen", "workers", "honey", "pollen", "water",
                                                  "comb", "disease", "vp", "starvation")}
                  for r in hive_rows(state)},
        "wild": {w.name: w.strength for w in game.wild},
        "goals": [f"{v['card']}: {v['goal']}"
                  + (f" (year {v['year']})" if v.get("year") else "")
                  + (f" [{v['player']}]" if v.get("player") else "") + f": {v['status']}"
                  for v in goals(state)],
    }
    if state.scores is not None:
        out["totals"] = {l.player.name: l.total for l in state.scores.lines}
    return out


def score_parts(scoring) -> list[dict[str, Any]]:
    """Each final score's parts as End of the Game scores them (``vp`` on the score track,
    ``honey`` and ``bees`` left with their VP) and what the tie-breakers read (``pollen``,
    ``comb``: None when not known), best first: ``[{"name", "vp", "honey", "honey_vp",
    "bees", "bees_vp", "pollen", "comb"}]``."""
    return [{"name": l.player.name, "vp": l.player.vp, "honey": l.player.honey,
             "honey_vp": l.honey_vp, "bees": l.player.bees, "bees_vp": l.bees_vp,
             "pollen": l.player.pollen, "comb": l.player.comb} for l in scoring.lines]


def summary(state: CampaignState) -> dict[str, Any]:
    """The status as plain JSON: settings, year / month / stage / season card, each hive, the
    wild hives, every month logged (with overrides and disputes), the winters, the goals, the
    outcome, the steps of a month being played at the table (``steps_at_table``) and — once the
    game is over — the final scores (and the solo score chart rating for a one-year solo game)
    and their parts (``score_parts``: :func:`score_parts`); with Wildfire on the map, ``fire``:
    its start edge, direction, next row, the burnt tiles and the hive's distance from them."""
    game = state.game
    s = state.settings
    board = state.comps.board
    goal_list = list(goals(state))
    if s.solo and state.cards():
        from hyvekit.rules.beelives.solo_goals import Verdict, outcome as solo_outcome
        outcome = solo_outcome(Verdict(v["card"], v["goal"], v["status"], v["reason"])
                               for v in goal_list)
    else:
        outcome = ("lost" if any(v["status"] == FAILED for v in goal_list) and s.solo
                   else "over" if state.over else "in play")
    out: dict[str, Any] = {
        "kind": s.kind, "years": s.years, "players": [p.name for p in s.players],
        "cards": {"challenge": state.challenge, "scenario": s.scenario,
                  "campaign": s.campaign},
        "solo_hard": s.solo_hard,
        "year": game.year, "month": month_name(game.month), "season": game.season,
        "stage": game.stage, "next": next_step(state), "card": game.card,
        "steps_at_table": len(getattr(state.table, "steps", ()) or ()),
        "first_player": game.players[game.first_player].name,
        "hives": hive_rows(state),
        "wild": [{"name": w.name, "strength": w.strength, "dormant": w.dormant,
                  "haunted": w.haunted, "infected": w.infected} for w in game.wild],
        "months": [{"year": m.year, "month": month_name(m.month), "card": m.card,
                    "override": m.override, "reason": m.reason, "dispute": m.dispute,
                    "derived": m.derived,
                    "vp": {n: h.get("vp_gained", 0)
                           for n, h in (m.summary.get("hives") or {}).items()},
                    "starvation": {n: h.get("starvation_tokens", 0)
                                   for n, h in (m.summary.get("hives") or {}).items()},
                    "log": {n: {"hatched": h.get("brood_hatched", 0),
                                "lost": h.get("brood_lost", 0),
                                "swarmed": bool(h.get("swarmed")),
                                "scouts": h.get("scouts", 0)}
                            for n, h in (m.summary.get("hives") or {}).items()}}
                   for m in state.months],
        "overrides": sum(1 for m in state.months if m.override),
        "winters": [{"year": w.year, "hives": [dict(h) for h in w.hives]}
                    for w in state.winters],
        "goals": goal_list, "outcome": outcome,
        "board": {"file": s.board, "assumed": list(board.assumed)},
    }
    if s.solo or game.map is not None:
        tiles, length = state.map_tiles, state.map_length
        if game.map is not None:
            from hyvekit.rules.beelives import map as bee_map
            tiles, length = bee_map.map_size(game.map), bee_map.map_length(game.map)
        out["map"] = {"tiles": tiles, "length": length, "on_map": game.map is not None}
        if game.map is not None:     # the dark sides a forage or an action must roll on
            for side in ("haunted", "infected"):
                out["map"][side] = [list(c) for c, t in game.map.tiles if t.dark == side]
    if state.fire is not None:            # Wildfire on the map (ruling L133)
        from hyvekit.rules.beelives.wildfire import fire_summary
        fire = fire_summary(state)
        if fire is not None:
            out["fire"] = fire
    if state.scores is not None:
        sc = state.scores
        lost = s.solo and outcome == "lost"      # a failed solo goal: nobody wins
        out["scores"] = {"players": [{"name": l.player.name, "total": l.total,
                                      "eligible": l.eligible,
                                      "starvation": l.player.starvation,
                                      "starvation_vp": l.starvation_vp} for l in sc.lines],
                         "winners": [] if lost else list(sc.winners),
                         "tiebreak": None if lost else sc.tiebreak}
        out["score_parts"] = score_parts(sc)
        if s.solo and s.years == 1:
            from hyvekit.rules.beelives.endgame import solo_rating
            out["scores"]["rating"] = solo_rating(sc.lines[0].total, board)
    return out


def describe(event_type: str, data: Mapping[str, Any]) -> str:
    """One line for a history table (an override is marked ``OVERRIDE``)."""
    if not isinstance(data, Mapping):
        return event_type
    if event_type == "draw-card":
        return f"challenge card drawn: {data.get('card')}"
    if event_type == "month":
        m = data.get("month") if isinstance(data.get("month"), Mapping) else {}
        month = m.get("month")
        if isinstance(month, int) and 1 <= month <= 9:
            month = month_name(month)
        text = f"year {m.get('year', 1)} {month}: {m.get('card')}"
        if data.get("override"):
            text += " — OVERRIDE (disputed)" + (f": {data['reason']}" if data.get("reason")
                                                else "")
        return text
    if event_type == "year-end":
        extra = []
        if data.get("starvation"):
            extra.append("starvation " + ", ".join(f"{k}={v}" for k, v in
                                                   data["starvation"].items()))
        if data.get("queens"):
            extra.append("new queens " + ", ".join(f"{k}={v}" for k, v in
                                                   data["queens"].items()))
        return "winter upkeep and year end" + (f" ({'; '.join(extra)})" if extra else "")
    if event_type == "hint":
        return f"hint shown to {data.get('player')} ({data.get('decision')} decision)"
    if event_type == "step":
        text = str(data.get("do"))
        faces = text.replace("/", " ").split()
        if faces and all(digits(f) for f in faces):     # a die's faces, rolled or entered
            return f"at the table: rolled {text}"
        return f"at the table: {text}"
    return event_type
