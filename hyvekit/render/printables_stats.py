"""``print stats``: the statistics ``hyvekit stats`` shows (:func:`hyvekit.games.plays.
stats_summary`) as a printable page — per game each player's plays, wins and scores with a
chart of wins, head to head, and each game's own figures (Bee Lives by queen charted).
Without records to count, an example built in memory from a few made-up plays."""

from __future__ import annotations

from typing import Any

from hyvekit.games.plays import LABELS as GAME_LABELS
from hyvekit.games.plays import percent as _pct
from hyvekit.render.catalogue import Printable, register

INK_PLAYS = "#9aa9b8"
INK_WINS = "#1f4e79"


def stats_context(data: dict[str, Any], narrowed: str = "", example: bool = False
                  ) -> dict[str, Any]:
    """The printable's context from :func:`~hyvekit.games.plays.stats_summary`'s ``data``;
    ``narrowed``: the filters, in words ("" for every play)."""
    from hyvekit.render.printables_reports import bar_chart
    games = []
    for game, label in GAME_LABELS.items():
        lines = [x for x in data["players"] if x["game"] == game]
        if not lines:
            continue
        rows = [{"name": x["name"], "plays": x["plays"], "wins": x["wins"],
                 "rate": _pct(x["wins"], x["plays"]), "average": x["average"],
                 "best": x["best"]} for x in lines]
        shown = lines[:12]
        chart = bar_chart([x["name"] for x in shown],
                       [{"name": "plays", "values": [x["plays"] for x in shown],
                         "ink": INK_PLAYS},
                        {"name": "wins", "values": [x["wins"] for x in shown],
                         "ink": INK_WINS}],
                       horizontal=True, height=max(70, 22 + 22 * len(shown)))
        chart["title"] = f"{label}: plays and wins"
        tallies = []
        figures = data["games"].get(game, {})
        for key, title, head in (("by_queen", "By queen", "queen"),
                                 ("by_players", "By number of players", "players"),
                                 ("solo_cards", "Solo cards", "card"),
                                 ("by_scenario", "Legacy scenarios", "scenario"),
                                 ("by_mode", "By mode", "mode"),
                                 ("by_objective", "By common objective", "objective")):
            if figures.get(key):
                # a win counted only where it says something: Queen Bee and Beez have a
                # winner every play; by number of players it is "with a winner"
                won = None if game in ("queenbee", "beez") else (
                    "With a winner" if key == "by_players" else "Won")
                tallies.append({"title": title, "head": head, "won": won, "rows": [
                    {"name": k, "plays": n, "won": w, "rate": _pct(w, n)}
                    for k, (n, w) in figures[key].items()]})
        notes = []
        if "wild_hives_destroyed" in figures:
            notes.append(f"wild hives destroyed: {figures['wild_hives_destroyed']}")
        if "honey_earned" in figures:
            notes.append(f"honey earned in legacy scenarios: {figures['honey_earned']}")
        games.append({"label": label, "plays": data["by_game"].get(game, 0), "rows": rows,
                      "chart": chart, "tallies": tallies, "notes": notes})
    return {"title": "Play Statistics", "example": example, "narrowed": narrowed,
            "source": "hyvekit play statistics" + (", example" if example else ""),
            "plays": data["plays"], "in_progress": data["in_progress"], "games": games,
            "head_to_head": [{**h, "label": GAME_LABELS.get(h["game"], h["game"])}
                             for h in data["head_to_head"][:30]],
            "skipped": [s["id"] for s in data["skipped"]]}


def example_stats_context() -> dict[str, Any]:
    """The example: three Bee Lives games and two Queen Bee matches made up in memory."""
    from hyvekit.games.plays import Play, Seat, stats_summary
    made = []
    games = [(("Ann", 14, "prolific"), ("Bo", 10, "aggressive"), ("Cy", -4, "nomadic")),
             (("Ann", 6, "hygienic"), ("Bo", 12, "prolific")),
             (("Bo", 9, "aggressive"), ("Cy", 11, "prolific"), ("Dee", 3, "nomadic"))]
    for i, seats in enumerate(games, start=1):
        best = max(s[1] for s in seats)
        ranks = [1 + sum(o[1] > s[1] for o in seats) for s in seats]
        made.append(Play("beelives", f"example-{i}", f"example-{i}", f"Example game {i}",
                         f"2026-0{i}-0{i}T19:00:00+00:00", None, 95,
                         tuple(Seat(n, v, v == best, r, j == 0, q)
                               for j, ((n, v, q), r) in enumerate(zip(seats, ranks))),
                         facts={"queens": {n: q for n, _, q in seats}, "players": len(seats),
                                "solo_card": None, "wild_destroyed": i}))
    for i, (players, winner) in enumerate(((("Ann", "Bo", "Cy"), "Cy"),
                                           (("Ann", "Dee"), "Ann")), start=1):
        made.append(Play("queenbee", f"club#{i}", "club", "Example club",
                         f"2026-04-0{i}", None, None,
                         tuple(Seat(n, None, n == winner, 1 if n == winner else 2)
                               for n in players), facts={"players": len(players)}))
    return stats_context(stats_summary(made), example=True)


register(Printable("stats", "stats.html", "Play Statistics",
                   "Play statistics across your records: each player's plays, wins and "
                   "scores per game with charts, head to head, each game's figures; without "
                   "records, an example.",
                   "hyvekit print stats --since 2026-01-01", per_page=(1,),
                   command=("print", "stats", "--example"), expect="Play Statistics", pages=2),
         lambda **_: example_stats_context())
