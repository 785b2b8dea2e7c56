"""Bee Lives hive board tracker (``hyvekit print tracker beelives-hive [CAMPAIGN]``): a
player's hive board to keep in pencil, blank or pre-filled from a campaign.

bee-lives.txt, "Inside Your Hive" (the comb and its swarm thresholds, stored cubes, worker
area, nest and brood, the queen and her pause), "Disease Track" (sides A and B), "Queen
Types" and "Action Details" (the eight actions).  The swarm thresholds and the disease levels
are the board's (``hyvekit/data/beelives.toml``: assumed values, marked so); the action rules
are transcribed in short with the board's numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hyvekit.render import beelives_values as V
from hyvekit.render.catalogue import Printable, register
from hyvekit.render.text import word

SOURCE = "Bee Lives rulebook: Inside Your Hive, Disease Track, Queen Types, Action Details"


def hive_actions(board: Any) -> tuple[dict[str, str], ...]:
    """The eight actions in the hive board's order (``rules.beelives.hive.ACTIONS``), each with
    the bees it takes and its rule in short ("Action Details")."""
    from hyvekit.games.beelives import COOL_WORKERS_PER_BEE, FORAGE_DISEASE, REQUEEN_BEES
    from hyvekit.games.beelives import ACTIONS, CLEAN_BEES_SAVES
    from hyvekit.games.beelives import BASE_COOL_WATER_PER_BEE, BASE_WAX_HONEY_PER_BEE

    far = word(board.max_distance)
    rules = {
        "forage": ("Forage", f"1\u2013{board.max_distance}",
                   f"An unoccupied tile up to {far} spaces away: one bee per space (one on your "
                   "own tile). Collect up to what the tile gives, one cube a cell. Gain "
                   f"{word(FORAGE_DISEASE)} disease."),
        "scout": ("Scout", "1", f"An empty space up to {far} spaces away: draw two map tiles, "
                  "place one, return the other to the bag."),
        "raid": ("Raid", "X", f"A hive with honey up to {far} spaces away, not raided this "
                 "month. Raid dice by party size; strength is the lesser of the dice and the "
                 f"bees; up to {word(board.max_rerolls)} rerolls, one bee each."),
        "defend": ("Defend", "X", "Each bee here lowers the strength of a raid on your hive "
                   "by one."),
        "build_wax": ("Build Wax", "X", f"Spend {word(BASE_WAX_HONEY_PER_BEE)} honey a bee; "
                      "the comb grows one cell a bee."),
        "clean_bees": ("Clean Bees", "X", "The mite moves one space back a bee; stand it up: "
                       f"the next disease you gain this month is {word(CLEAN_BEES_SAVES)} "
                       "less."),
        "cool_hive": ("Cool Hive", "X", f"One bee for every {word(COOL_WORKERS_PER_BEE)} "
                      "active worker bees (rounded up), "
                      f"{word(BASE_COOL_WATER_PER_BEE)} water a bee. Needed when "
                      "overheating is in effect, else no brood hatches next month."),
        "requeen": ("Requeen", str(REQUEEN_BEES), "Swap your queen for another type; rotate "
                    "her left: no brood hatches next month."),
    }
    return tuple({"key": a, "name": rules[a][0], "bees": rules[a][1], "text": rules[a][2]}
                 for a in ACTIONS)


def comb_cells(board: Any, comb: int | None = None) -> list[dict[str, Any]]:
    """Every comb size the board has, with its swarm thresholds (yellow; purple for a nomadic
    queen) and whether it is the starting or the current size."""
    yellow, purple = dict(board.yellow), dict(board.purple)
    return [{"size": n, "yellow": yellow[n], "purple": purple[n], "start": n == board.start_comb,
             "now": comb == n} for n in range(board.comb_min, board.comb_max + 1)]


def disease_tracks(board: Any, side: str | None = None, mite: int | None = None
                   ) -> list[dict[str, Any]]:
    """Sides A and B: each space's disease level, side B's half spaces marked; with a hive's
    ``side`` and ``mite`` (its space, 0 the start) that side is ``used`` and the mite's space
    ``now``."""
    from hyvekit.games.beelives import SIDES

    out = []
    for name in SIDES:
        track = board.track(name)
        used = side == name
        out.append({"side": name, "used": used, "other": side is not None and not used,
                    "spaces": [{"position": p, "level": track.level(p),
                                "half": track.is_half(p), "now": used and p == mite}
                               for p in range(track.last + 1)]})
    return out


def _hive_page(board: Any, hive: Mapping[str, Any] | None) -> dict[str, Any]:
    hive = dict(hive or {})
    return {
        "name": str(hive.get("name", "")),
        "queen": hive.get("queen"),
        "paused": bool(hive.get("paused")),
        "comb": comb_cells(board, hive.get("comb")),
        "stored": [{"key": r, "label": r.capitalize(), "value": hive.get(r, "")}
                   for r in ("honey", "pollen", "water")] + [
                  {"key": "empty", "label": "Empty cells", "value": hive.get("empty", "")}],
        "workers": hive.get("workers", ""),
        "brood": hive.get("brood", ""),
        "disease": hive.get("disease", ""),
        "tracks": disease_tracks(board, hive.get("side"), hive.get("mite")),
        "tokens": [{"label": "Swarm token", "on": bool(hive.get("swarm_token"))},
                   {"label": "Skip feeding token", "on": bool(hive.get("skip_feeding"))},
                   {"label": "Varroa mite standing (Clean Bees)",
                    "on": bool(hive.get("mite_standing"))}],
        "vp": hive.get("vp", ""),
        "starvation": hive.get("starvation", ""),
        "threshold": hive.get("threshold", ""),
        "filled": bool(hive),
    }


def hive_board_context(view: Mapping[str, Any] | None = None, board: Any = None,
                       player: str | None = None, **_: Any) -> dict[str, Any]:
    """Context of ``tracker-beelives-hive.html``: one hive board page, blank, or one page per
    player hive of a campaign (``view``: :func:`campaign_view` of its summary), pre-filled with
    what its summary shows (queen and her pause, comb size, stored cubes, workers, disease
    level, VP and starvation tokens).

    :param player: only this player's page.
    :raises InvalidInputError: ``player`` is not a player of the campaign.
    """
    from hyvekit.render.printables_beelives import B_SIDE_NOTE
    from hyvekit.rules.common import InvalidInputError

    board = V.board_or_default(board)
    hives = [h for h in dict((view or {}).get("hives") or {}).values()
             if not h.get("out")] if view else [None]
    if player is not None:
        names = [h["name"] for h in hives if h]
        hives = [h for h in hives if h and h["name"].casefold() == player.strip().casefold()]
        if not hives:
            raise InvalidInputError("--player", player, "a player of the campaign: "
                                    + ", ".join(names))
    campaign = None
    month = ""
    if view:
        month = view.get("month")
        if isinstance(month, int) and 1 <= month <= len(V.months()):
            month = V.months()[month - 1]
        campaign = {"id": view.get("id", ""), "name": view.get("name", ""),
                    "when": f"year {view.get('year')}, {month}" if view.get("year") else ""}
    return {
        "title": "Bee Lives Hive Board",
        "pages": [_hive_page(board, h) for h in hives or [None]],
        "campaign": campaign,
        "month": month or "",
        "queens": [{"key": q["key"], "name": q["name"], "ability": q["ability"]}
                   for q in _queens(board)],
        "actions": hive_actions(board),
        "tracks": disease_tracks(board),
        "b_side": B_SIDE_NOTE,
        "max_workers": board.max_workers,
        # Inside Your Hive ("the yellow value in your highest-numbered cell", "max: 20 total"),
        # Cool Hive / Requeen ("rotate your queen token to the left")
        "notes": {
            "comb": "Circle the comb size marker; the swarm threshold is the value in your "
                    "highest-numbered cell: yellow, or purple for a nomadic queen. Each cube "
                    "fills one cell.",
            "workers": f"Workers and brood together: at most {board.max_workers} (the rest is "
                       "your supply).",
            "paused": "(rotated left): no brood hatches next month",
            "assumed": "hyvekit\u2019s own (assumed) values: the rulebook does not print the "
                       "hive board\u2019s numbers.",
        },
        "assumed": [t for t in ("comb", "disease") if board.assumed_tables(t)],
        "source": SOURCE + (" \u00b7 pre-filled" if view else ""),
    }


def _queens(board: Any) -> list[dict[str, str]]:
    from hyvekit.render.printables_beelives import queens

    return [{"key": q["name"].lower(), "name": q["name"], "ability": q["gist"]}
            for q in queens(board)]


register(Printable("tracker beelives-hive", "tracker-beelives-hive.html", "Bee Lives Hive Board",
                   "Bee Lives hive board to keep in pencil: comb cells with the swarm "
                   "thresholds, stored honey, pollen and water, workers and brood, the queen "
                   "and her pause, the disease track sides A and B, the eight actions; blank "
                   "or pre-filled from a campaign.",
                   "hyvekit print tracker beelives-hive spring-league", per_page=(1,),
                   command=("print", "tracker", "beelives-hive"), expect="Clean Bees",
                   uses=("board",)),
         lambda players=None, names=(), per_page=1, board=None, **_: hive_board_context(
             board=board))
