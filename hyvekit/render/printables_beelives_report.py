"""The Bee Lives part of a campaign report (``hyvekit print report CAMPAIGN`` of a Bee Lives
campaign; rules/bee-lives.txt: "Multiple Years Variant", "Winter Upkeep", "End of the Game",
"Solo Play"): the facts, the years table, the solo goals' verdicts in words (:func:`verdict_line`)
and ``reportlab.graphics`` charts of VP and worker bees per year and of VP per month
(:func:`line_chart_svg`, :func:`beelives_report`), on top of the common report
(:func:`beelives_report_context`).

Everything is read from the campaign's summary through
:func:`hyvekit.render.printables_beelives_campaign.campaign_view`, never from the rules core's
state objects.  This module imports no weasyprint, reportlab or store code at import time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hyvekit.render import beelives_values as V
from hyvekit.render.printables_beelives_campaign import (campaign_view, card_entry, goal_line,
                                                         running_vp, year_values)
from hyvekit.render.text import word
from hyvekit.rules.common import InvalidInputError, counted

INKS = ("#1b1b1b", "#2166ac", "#b2182b", "#4d9221")   # per player; labels double them
DASHES = (None, (4, 2), (1.5, 1.5), (6, 2, 1.5, 2))
MARKERS = ("FilledSquare", "FilledCircle", "FilledTriangle", "FilledDiamond")


def line_chart_svg(categories: Sequence[str], series: Sequence[dict[str, Any]], *,
                   width: float = 520, height: float = 120, light: bool = False) -> str:
    """An inline ``<svg>`` line chart drawn by ``reportlab.graphics`` (one line per series,
    each with its own dash pattern and marker and its name at its last point, so it reads in
    black and white).

    :param series: ``{"name", "values", "ink"}``; a value of None leaves a gap.
    :param light: thinner lines and hollow markers (ink-saver).
    """
    from reportlab.graphics.charts.linecharts import HorizontalLineChart
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.graphics.widgets.markers import makeMarker
    from reportlab.lib import colors

    from hyvekit.render.printables_reports import chart_font, drawing_svg, value_axis

    font = chart_font()
    values = [v for s in series for v in s["values"] if v is not None]
    low, high = min(values + [0]), max(values + [1])
    drawing = Drawing(width, height)
    longest = max((len(s["name"]) for s in series), default=4)
    right = min(12 + 4.6 * longest, width * 0.3)
    chart = HorizontalLineChart()
    chart.x, chart.y, chart.width, chart.height = 34, 24, width - 40 - right, height - 34
    chart.data = [[v for v in s["values"]] for s in series]
    chart.categoryAxis.categoryNames = list(categories)
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7 if len(categories) <= 12 else 6
    chart.categoryAxis.labels.dy = -3
    if len(categories) > 12:
        chart.categoryAxis.labels.angle = 40
        chart.categoryAxis.labels.boxAnchor = "ne"
        chart.y += 8
        chart.height -= 8
    chart.categoryAxis.strokeWidth = 0.6
    value_axis(chart, low, high, font)
    chart.joinedLines = 1
    for i, s in enumerate(series):
        ink = colors.HexColor(s["ink"])
        line = chart.lines[i]
        line.strokeColor = ink
        line.strokeWidth = 0.9 if light else 1.6
        if DASHES[i % len(DASHES)]:
            line.strokeDashArray = DASHES[i % len(DASHES)]
        marker = makeMarker(MARKERS[i % len(MARKERS)].replace("Filled", "") if light
                            else MARKERS[i % len(MARKERS)])
        marker.size = 4
        marker.fillColor = colors.white if light else ink
        marker.strokeColor = ink
        marker.strokeWidth = 0.7
        line.symbol = marker
    drawing.add(chart)
    # the series' names at the right end of their lines (nudged apart)
    span = chart.valueAxis.valueMax - chart.valueAxis.valueMin or 1
    placed: list[float] = []
    for i, s in enumerate(series):
        last = next(((j, v) for j, v in reversed(list(enumerate(s["values"])))
                     if v is not None), None)
        if last is None:
            continue
        y = chart.y + (last[1] - chart.valueAxis.valueMin) / span * chart.height - 2.5
        while any(abs(y - p) < 8 for p in placed):
            y -= 8
        placed.append(y)
        drawing.add(String(chart.x + chart.width + 6, y, s["name"], fontName=font,
                           fontSize=7, fillColor=colors.HexColor(s["ink"])))
    return drawing_svg(drawing, font)


def _clip(name: str, n: int = 18) -> str:
    return name if len(name) <= n else name[:n - 1] + "\u2026"


def beelives_report(view: Mapping[str, Any], board: Any = None) -> dict[str, Any]:
    """The Bee Lives part of a report: facts, the years table (with the note how its last
    running total is scored, from ``board``: the campaign's, default the packaged one), the
    goals' verdicts and the charts: VP at the end of each year and worker bees after each
    winter (bars, one per player; the year in play shows its VP so far and its worker bees
    now), and VP at the end of each month (lines, one per player)."""
    from hyvekit.render.printables_reports import bar_chart

    players = list(view.get("players") or [])
    years = year_values(view)
    year_numbers = sorted(years)
    year_rows = []
    for y in year_numbers:
        for p in players:
            v = years[y].get(p, {})
            year_rows.append({"year": y, "player": p, **v})
    shown = players[:len(INKS)]
    current = view.get("year") if view.get("stage") != "over" else None

    def label(y: int, winter_done: bool) -> str:
        return f"Year {y}" + (" (so far)" if y == current and not winter_done else "")

    charts = []
    if year_numbers:
        done = {y: all(years[y].get(p, {}).get("winter") for p in shown) for y in year_numbers}
        labels = [label(y, done[y]) for y in year_numbers]
        charts.append({"title": "VP at the end of each year (running total), per player",
                       **bar_chart(labels, [{"name": _clip(p), "ink": INKS[i],
                                          "values": [years[y].get(p, {}).get("total")
                                                     for y in year_numbers]}
                                         for i, p in enumerate(shown)], height=84)})

        def bees(y: int, p: str):
            v = years[y].get(p, {})
            return v.get("bees") if v.get("winter") else v.get("now_bees")
        charts.append({"title": "Worker bees after each winter (the year in play: now), per "
                                "player",
                       **bar_chart(labels, [{"name": _clip(p), "ink": INKS[i],
                                          "values": [bees(y, p) for y in year_numbers]}
                                         for i, p in enumerate(shown)], height=84)})
    run = running_vp(view)
    if len(run) >= 2:
        cats = [r["label"] for r in run]
        series = [{"name": _clip(p, 14), "ink": INKS[i],
                   "values": [r["vp"].get(p) for r in run]} for i, p in enumerate(shown)]
        charts.append({"title": "VP at the end of each month (winter scoring included), per "
                                "player", "line": True,
                       "svg": line_chart_svg(cats, series, height=110),
                       "light": line_chart_svg(cats, series, height=110, light=True),
                       "legend": []})      # each line is named at its end
    position = view.get("next") or ""
    if view.get("stage") == "over":
        position = "game over"
    facts = [("Players", ", ".join(players) or "\u2014"),
             ("Game", _kind_label(view)),
             ("Months played", f"{view.get('months_played', 0)} of "
                               f"{len(V.months()) * int(view.get('years') or 1)}"),
             ("Next", position or "\u2014")]
    if view.get("solo"):
        cards = ", ".join(view.get("cards") or []) or "none"
        if view.get("to_draw"):
            cards += " (challenge card still to draw)"
        facts.append(("Solo cards", cards))
    if view.get("outcome"):
        facts.append(("Outcome", view["outcome"]))
    if view.get("scores"):
        facts.append(("Final scores", ", ".join(
            f"{p} {v['total']}" + ("" if v["eligible"] else " (not eligible)")
            for p, v in view["scores"].items())
            + (f"; winner {' and '.join(view['winners'])}" if view.get("winners") else "")
            + (f"; solo score chart: {view['rating']}" if view.get("rating") else "")))
    overrides = sum(1 for m in view.get("months", ()) if m.get("override"))
    if overrides:
        facts.append(("Overrides", f"{counted(overrides, 'month')} recorded with --override "
                                   "(disputed)"))
    if len(players) > len(shown):
        facts.append(("Charts", f"the first {len(shown)} players"))
    # the standard goal (a worker bee survives each winter) is every game's, not the card's
    # it is judged with (as the solo tracker prints it)
    verdicts = [{**v, "card": STANDARD_GOAL if v["card"] == "standard"
                 or v.get("goal") == "survive_winter" else v["card"],
                 "line": verdict_line(v)} for v in view.get("verdicts") or []]
    years_note = ("Starvation tokens cost VP at the end of the game only: the last year's "
                  "running total is the final score (End of the Game): "
                  f"{V.total_formula(V.board_or_default(board))}, counting every token "
                  "taken, during play and at winter.")
    return {"kind": "beelives", "facts": facts, "year_rows": year_rows,
            "years_note": years_note,
            "verdicts": verdicts, "charts": charts}


STANDARD_GOAL = "Standard goal"


def verdict_line(verdict: Mapping[str, Any]) -> str:
    """The goal a verdict judges, in words (:func:`goal_line` with the card's parameters); a
    goal hyvekit's cards do not have prints as its kind."""
    from hyvekit.data.beelives import solo_cards as default_cards

    kind, year = str(verdict.get("goal", "")), verdict.get("year")
    if kind == "survive_winter":
        return goal_line(kind, {}, year)
    try:
        entry = card_entry(default_cards().find(str(verdict.get("card", ""))))
    except InvalidInputError:
        entry = {"goals": []}
    for g in entry["goals"]:
        if g["kind"] == kind and (g["year"] is None or g["year"] == year):
            return g["line"]
    return goal_line(kind, {}, year)


def _kind_label(view: Mapping[str, Any]) -> str:
    years = int(view.get("years") or 1)
    variant = V.game_lengths().get(years)
    length = (f"{word(years)} year" if years == 1 else f"{word(years)} years") + (
        f" ({variant} game)" if variant else "")
    if view.get("solo"):
        return f"solo {view.get('mode') or 'basic'} mode" + (
            ", harder rule" if view.get("harder") else "") + f", {length}"
    return f"{len(view.get('players') or [])} players, {length}"


def beelives_report_context(header: Mapping[str, Any], events: Sequence[dict[str, Any]],
                            state: Any, summary: Mapping[str, Any], *,
                            describe: Callable[[str, dict[str, Any]], str] | None = None
                            ) -> dict[str, Any]:
    """Context of ``report.html`` for a Bee Lives campaign record: the common report (header,
    history table; :func:`hyvekit.render.printables_reports.report_context`) with the Bee Lives
    body (:func:`beelives_report`) read from ``summary``."""
    from hyvekit.render.printables_reports import report_context

    context = report_context(dict(header), events, state, describe=describe,
                             summary=lambda _state: dict(summary))
    context.update(beelives_report(campaign_view(header, summary), state.comps.board))
    context["campaign"]["game"] = "Bee Lives campaign"
    context["source"] = "hyvekit campaign report: Bee Lives campaign"
    return context
