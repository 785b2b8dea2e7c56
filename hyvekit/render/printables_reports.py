"""Campaign reports (``hyvekit print report CAMPAIGN``): a record's history and charts.

* Hyve Legacy run: the scenarios with their honey (earned, spent, lost), a bar chart of the HP
  positions past the Starting Space per scenario, a bar chart of honey earned / spent / lost
  per scenario, and the history table (every event, reverted ones included) as the ledger
  sees it: a scenario played at the table is one row a run of steps, then the courier bees
  and the result its last step logged (:func:`legacy_history`).
* Queen Bee match log: the standings, a wins-per-player bar chart, the matches table and the
  history table.
* Any other campaign kind: its summary's plain values and the history table.

Charts are drawn with ``reportlab.graphics`` and emitted as inline SVG (reportlab is imported
inside :func:`bar_chart_svg` only).  Each chart comes twice: ``svg`` (filled bars) and
``light`` (outlined bars, for ``--ink-saver``); the template picks one.  SVG text is escaped
by reportlab's XML writer, so player names print as text.

The catalogue entry ``report`` prints an *example*: a small legacy run built in memory with the
rules core (:func:`example_report_context`), labelled as an example.  The context builders
import only the rules core (never the store): the CLI passes the record's header, events and
replayed state, and optionally the store's event describer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hyvekit.render.catalogue import Printable, register
from hyvekit.rules.common import counted

Describe = Callable[[str, dict[str, Any]], str]

NOTE = "note"                   # the store's free-text event type (changes no state)
HINT = "hint"                   # the advisor's hint shown (docs/advisor.md; changes no state)
MAX_CHART_PLAYERS = 20          # bars in the wins-per-player chart (the table lists everyone)
MAX_CHART_LABEL = 22            # characters of a player name under a bar

# Chart inks (the same hues as the legacy sheet's honey and pencil colours); text and values
# are printed on every bar, so the colours only double what the labels say.
INK_HP = "#3a3a3a"
INK_EARNED = "#f4c430"
INK_SPENT = "#2166ac"
INK_LOST = "#999999"
INK_WINS = "#7b3294"


# --- charts ----------------------------------------------------------------------------------

_counter = [0]


def drawing_svg(drawing, font: str) -> str:
    """A reportlab ``Drawing`` as inline SVG for a WeasyPrint page: the XML prologue dropped,
    a clip path id unique on the page (several charts share one document), reportlab's empty
    title and description removed, ``fill: None`` spelt as CSS wants it, and the font named as
    the page's bundled DejaVu Sans."""
    from reportlab.graphics import renderSVG
    svg = renderSVG.drawToString(drawing)
    svg = svg[svg.index("<svg"):]
    _counter[0] += 1
    clip = f"hk-chart-{_counter[0]}"
    svg = svg.replace('id="clip"', f'id="{clip}"').replace("url(#clip)", f"url(#{clip})")
    svg = svg.replace("<title>...</title>", "").replace("<desc>...</desc>", "")
    svg = svg.replace("fill: None;", "fill: none;")   # reportlab's polylines
    return svg.replace(f"font-family: {font}", "font-family: 'hyvekit DejaVu Sans'")


def chart_font() -> str:
    """The reportlab name of the bundled DejaVu Sans (``"hyvekitDejaVuSans"``), registered
    with reportlab the first time (the charts measure their text with it; the page shows the
    same font, :func:`drawing_svg`)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from hyvekit.render.env import templates_dir

    name = "hyvekitDejaVuSans"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(templates_dir() / "fonts" / "DejaVuSans.ttf")))
    return name


def bar_chart_svg(categories: Sequence[str], series: Sequence[dict[str, Any]], *,
                  width: float = 520, height: float = 170, horizontal: bool = False,
                  light: bool = False) -> str:
    """An inline ``<svg>`` bar chart drawn by ``reportlab.graphics``.

    :param categories: one label per group of bars (under them, or left of them when
        ``horizontal``).
    :param series: ``{"name", "values", "ink"}`` per series; a value of None draws no bar.
    :param light: outlined bars in the series' ink instead of filled ones (ink-saver).
    :returns: the SVG markup (no XML prolog), font set to hyvekit's bundled family, clip-path
        ids unique within the document.
    """
    from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib import colors

    font = chart_font()
    values = [v for s in series for v in s["values"] if v is not None]
    low, high = min(values + [0]), max(values + [1])
    drawing = Drawing(width, height)
    chart = HorizontalBarChart() if horizontal else VerticalBarChart()
    longest = max((len(c) for c in categories), default=1)
    if horizontal:
        left = min(8 + 5.2 * longest, width * 0.4)
        chart.x, chart.y, chart.width, chart.height = left, 22, width - left - 30, height - 30
    else:
        chart.x, chart.y, chart.width, chart.height = 34, 24, width - 44, height - 34
    chart.data = [[None if v is None else v for v in s["values"]] for s in series]
    chart.categoryAxis.categoryNames = list(categories)
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 8
    chart.categoryAxis.labelAxisMode = "low"
    chart.categoryAxis.strokeWidth = 0.6
    # room for the value printed beyond the end of each bar
    value_axis(chart, low, high, font)
    if horizontal:
        chart.categoryAxis.labels.boxAnchor = "e"
        chart.categoryAxis.labels.dx = -3
        chart.categoryAxis.reverseDirection = True
    else:
        chart.categoryAxis.labels.dy = -3
    chart.barLabelFormat = "%d"
    chart.barLabels.fontName = font
    chart.barLabels.fontSize = 7
    chart.barLabels.nudge = 6
    chart.groupSpacing = 8
    chart.barSpacing = 1.5
    for i, s in enumerate(series):
        ink = colors.HexColor(s["ink"])
        chart.bars[i].fillColor = colors.white if light else ink
        chart.bars[i].strokeColor = ink if light else colors.black
        chart.bars[i].strokeWidth = 1.2 if light else 0.4
    drawing.add(chart)
    return drawing_svg(drawing, font)


def value_axis(chart, low: float, high: float, font: str) -> None:
    """Style a reportlab chart's value axis (7 pt labels, light grid) and scale it to hold
    ``low``..``high`` with a readable step (points on the page)."""
    from reportlab.lib import colors
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.strokeWidth = 0.6
    step = _step(high - min(low, 0))
    chart.valueAxis.valueMin = 0 if low >= 0 else -step * (1 + (-low) // step)
    chart.valueAxis.valueMax = step * (1 + high // step)
    chart.valueAxis.valueStep = step
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#bbbbbb")
    chart.valueAxis.gridStrokeWidth = 0.3


def _step(span: float) -> int:
    """A readable value-axis step for values spanning ``span``."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if span / step <= 5:
            return step
    return 1000


def bar_chart(categories: Sequence[str], series: Sequence[dict[str, Any]], **kw
              ) -> dict[str, Any]:
    """A bar chart as a report's template takes it: ``{"svg": filled bars, "light": the ink
    saver's outlined bars, "legend": [{"name", "ink"}, ...]}``; the arguments as for
    :func:`bar_chart_svg` (``series``: ``{"name", "ink", "values"}`` each)."""
    return {"svg": bar_chart_svg(categories, series, **kw),
            "light": bar_chart_svg(categories, series, light=True, **kw),
            "legend": [{"name": s["name"], "ink": s["ink"]} for s in series]}


# --- history -----------------------------------------------------------------------------------

def _when(stamp: object) -> str:
    """``2025-06-01T14:03:00+00:00`` → ``2025-06-01 14:03`` (UTC, as the store writes it;
    another offset is kept: ``… 14:03 +02:00``; anything else as given)."""
    text = str(stamp or "")
    if len(text) >= 16 and text[10] == "T":
        zone = "" if text.endswith(("+00:00", "Z")) or len(text) < 25 else f" {text[-6:]}"
        return f"{text[:10]} {text[11:16]}{zone}"
    return text


def describer(game: str, kind: str) -> Describe | None:
    """The rules core's event describer of ``game``/``kind`` (None if hyvekit has none)."""
    if (game, kind) == ("hyve", "legacy"):
        from hyvekit.games.hyve import describe_event
        return describe_event
    if (game, kind) == ("queenbee", "matches"):
        from hyvekit.games.queenbee import describe_event
        return describe_event
    return None


def history_rows(events: Sequence[dict[str, Any]], describe: Describe | None) -> list[dict]:
    """One row per stored event, reverted ones included: ``#``, when, what, status."""
    rows = []
    for e in events:
        data = e.get("data", {}) or {}
        if e.get("type") == NOTE:
            what = f"note: {data.get('text', '')}"
        elif describe is not None:
            try:
                what = describe(e["type"], data)
            except ValueError:
                what = f"{e['type']} (not readable: {data})"
        else:
            what = str(e.get("type", ""))
        reverted = e.get("status") == "reverted"
        status = "reverted" if reverted else "active"
        if reverted and e.get("reverted_at"):
            status += f" {_when(e['reverted_at'])}"
        rows.append({"seq": e.get("seq"), "when": _when(e.get("at")), "when_to": "",
                     "type": e.get("type"), "what": what, "status": status,
                     "reverted": reverted, "derived": False})
    return rows


def step_runs(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`history_rows` with each run of ``step`` rows (played at the table, all active or
    all undone) as one row: its events ``a–b``, when it began and ended, how many steps, the
    first and the last."""
    out: list[dict[str, Any]] = []
    for row in rows:
        last = out[-1] if out else None
        if (row.get("type") != "step" or last is None or last.get("type") != "step"
                or last["reverted"] != row["reverted"]):
            out.append({**row, "steps": 1 if row.get("type") == "step" else 0,
                        "first": row["what"], "first_seq": row["seq"]})
            continue
        last["steps"] += 1
        last["seq"] = f"{last['first_seq']}\u2013{row['seq']}"
        if row["when"] != last["when"]:
            last["when_to"] = row["when"][11:] if row["when"][:10] == last["when"][:10] \
                else row["when"]
        last["status"] = row["status"]
        last["what"] = (f"{counted(last['steps'], 'step')} at the table, from "
                        f"{_step_text(last['first'])} to {_step_text(row['what'])}"
                        + (", undone" if row["reverted"] else ""))
    return out


def _step_text(what: str) -> str:
    """A step row's text without its "at the table: " lead."""
    return what.split("at the table: ", 1)[-1]


# --- Hyve Legacy ---------------------------------------------------------------------------

def _steps_row(e: dict[str, Any], state) -> dict[str, Any]:
    """The history row of a run of ``step`` events starting with ``e`` (``state``: the run
    before it)."""
    reverted = e.get("status") == "reverted"
    return {"seq": e.get("seq"), "first_seq": e.get("seq"), "when": _when(e.get("at")),
            "type": e.get("type"), "steps": 0, "scenario": state.scenario,
            "name": state.sheet.run[state.scenario - 1] if state.scenario else "",
            "first_turn": state.table.now.turn if state.table is not None else 1,
            "reverted": reverted, "status": "reverted" if reverted else "active",
            "when_to": "", "derived": False}


def _add_step(row: dict[str, Any], e: dict[str, Any], state) -> None:
    """Count step ``e`` in its run's ``row`` (``state``: the run after it, when active)."""
    row["steps"] += 1
    if row["steps"] > 1:
        row["seq"] = f"{row['first_seq']}\u2013{e.get('seq')}"
        last = _when(e.get("at"))
        if last != row["when"]:
            row["when_to"] = last[11:] if last[:10] == row["when"][:10] else last
    where = f"Scenario {row['scenario']} ({row['name']}) at the table"
    if row["reverted"]:
        if e.get("reverted_at"):
            row["status"] = f"reverted {_when(e['reverted_at'])}"
        row["what"] = f"{where}: {counted(row['steps'], 'step')}, undone"
        return
    table = state.table if state.table is not None else state.played_tables[-1][1]
    now = table.now
    turns = (f"turn {now.turn}" if now.turn == row["first_turn"]
             else f"turns {row['first_turn']}\u2013{now.turn}")
    row["what"] = f"{where}: {counted(row['steps'], 'step')}, {turns}"
    if state.table is None:
        row["what"] += f"; {now.status} on turn {now.turn}, and the ledger logged:"
    elif table.over:
        row["what"] += f"; {now.status} on turn {now.turn}, a bread type to cross out is due"


def legacy_history(header: dict[str, Any], events: Sequence[dict[str, Any]],
                   describe: Describe | None) -> list[dict[str, Any]]:
    """The history of a run as its ledger sees it: a row per ledger event or note, one per
    run of steps at the table, and after the step that ended a scenario a row for each courier
    bee and the result it logged (:func:`~hyvekit.rules.hyve.table_record.logged_event`)."""
    from hyvekit.games import hyve as L
    from hyvekit.games.hyve import STEP, logged_event

    describe = describe or L.describe_event
    state = L.state_from_settings(header["settings"])
    rows: list[dict[str, Any]] = []
    run = None
    for e in events:
        kind, data = e.get("type"), e.get("data", {}) or {}
        active = e.get("status") == "active"
        if kind != STEP:
            run = None
            rows += history_rows([e], describe)
            if active and kind not in (NOTE, HINT):
                state = logged_event(state, kind, data)[0]
            continue
        if run is None or run["reverted"] == active:
            run = _steps_row(e, state)
            rows.append(run)
        logged = ()
        if active:
            state, logged = logged_event(state, kind, data)
        _add_step(run, e, state)
        for action in logged:
            rows.append({"seq": "", "when": "", "when_to": "", "type": "logged",
                         "derived": True,
                         "what": describe(*L.action_to_event(action)), "status": "active",
                         "reverted": False})
        if logged:
            run = None
    return rows


def legacy_report(header: dict[str, Any], events: Sequence[dict[str, Any]], state,
                  describe: Describe | None = None) -> dict[str, Any]:
    """The legacy part of a report: overview, scenario rows, the two charts and the history
    (:func:`legacy_history`)."""
    from hyvekit.games.hyve import progress as table_progress
    from hyvekit.games import hyve as L

    spent = L.honey_spent(state)
    at_table = dict(state.played_tables)
    results = {r.number: r for r in state.results}
    lost = list(state.honey_lost)
    rows = [{"label": "Start", "name": "starting Honey", "status": "", "hp": None,
             "population": None, "hyves": None, "breakdown": None,
             "earned": state.sheet.starting_honey, "spent": spent.get(0),
             "lost": lost[0] if lost else None}]
    for n in range(1, L.SCENARIOS + 1):
        r = results.get(n)
        if r is not None:
            status = "won" if r.won else ("lost (easy mode)" if r.honey is not None else "lost")
            if r.crossed_out:
                status += f", {r.crossed_out}-type bread crossed out"
            if n in at_table:
                status += f"; played at the table, {counted(len(at_table[n].turns), 'turn')}"
        elif state.phase == "playing" and state.scenario == n:
            status = ("playing" if state.table is None
                      else f"playing at the table: {table_progress(state.table)}")
        else:
            status = ""
        rows.append({
            "label": f"Scenario {n}", "name": state.sheet.run[n - 1], "status": status,
            "hp": None if r is None else r.hp_past_start,
            "population": None if r is None else r.population,
            "hyves": None if r is None else r.hyves,
            "breakdown": None if r is None or r.honey is None else {
                "hp": r.honey.hp, "population": r.honey.population, "hyves": r.honey.hyves,
                "courier": r.honey.courier},
            "earned": None if r is None or r.honey is None else r.honey.total,
            "spent": spent.get(n),
            "lost": lost[n] if len(lost) > n else None,
        })
    numbers = [f"Scenario {n}" for n in range(1, L.SCENARIOS + 1)]
    hp_chart = bar_chart(numbers, [{"name": "HP positions past the Starting Space",
                                 "values": [row["hp"] for row in rows[1:]], "ink": INK_HP}],
                      height=100)
    honey_chart = bar_chart(["Start"] + numbers, [
        {"name": "Honey earned (Start: starting Honey)",
         "values": [row["earned"] for row in rows], "ink": INK_EARNED},
        {"name": "Honey spent", "values": [row["spent"] for row in rows], "ink": INK_SPENT},
        {"name": "Lost at the next start", "values": [row["lost"] for row in rows],
         "ink": INK_LOST},
    ], height=112)
    summary = L.legacy_summary(state)
    playing = f"playing scenario {state.scenario}" + (
        "" if state.table is None else f" at the table ({table_progress(state.table)})")
    phase = {"shopping": "shopping", "playing": playing,
             "failed": "ended (lost in normal difficulty)",
             "complete": "complete"}.get(state.phase, state.phase)
    facts = [
        ("Legacy sheet", f"{state.sheet.name} ({state.sheet.id})"
                         + (", hyvekit's assumed values" if state.sheet.assumed else "")),
        ("Mode, phase", ("Easy Mode" if state.easy else "Normal Difficulty") + ", " + phase),
        ("Colours", ", ".join(f"{v} = {c}" for v, c in summary["colours"].items())),
        ("Perks", ", ".join(L.perk_label(p) for p in state.perks) or "none"),
        ("Bread levels", ", ".join(f"{t}-type {lvl}" for t, lvl in
                                   summary["bread_levels"].items())),
        ("Honey to spend now", str(state.honey) if state.phase == "shopping" else "\u2014"),
    ]
    return {"kind": "legacy", "facts": facts, "scenarios": rows,
            "history": legacy_history(header, events, describe),
            "charts": [{"title": "HP positions past the Starting Space, per scenario",
                        **hp_chart},
                       {"title": "Honey per scenario: earned, spent, lost at the next start",
                        **honey_chart}]}


# --- Queen Bee --------------------------------------------------------------------------------

def matches_report(header: dict[str, Any], events: Sequence[dict[str, Any]],
                   state) -> dict[str, Any]:
    """The match-log part of a report: standings, wins-per-player chart, matches table."""
    from hyvekit.games.queenbee import standings

    table = standings(state)
    shown = table[:MAX_CHART_PLAYERS]
    names = [r["player"] if len(r["player"]) <= MAX_CHART_LABEL
             else r["player"][:MAX_CHART_LABEL - 1] + "\u2026" for r in shown]
    wins = bar_chart(names or ["(no matches yet)"],
                  [{"name": "Wins", "values": [r["wins"] for r in shown] or [None],
                    "ink": INK_WINS},
                   {"name": "Matches played", "values": [r["played"] for r in shown] or [None],
                    "ink": INK_LOST}],
                  horizontal=True, height=max(90, 34 + 26 * max(len(shown), 1)))
    match_events = [e for e in events if e.get("status") == "active" and e.get("type") == "match"]
    matches = []
    for i, (m, e) in enumerate(zip(state.matches, match_events), start=1):
        matches.append({
            "number": i, "seq": e.get("seq"),
            "date": m.date or f"logged {_when(e.get('at'))[:10]}",
            "players": ", ".join(m.players), "winner": m.winner,
            "defeated": ", ".join(m.defeated),
            "alliances": ", ".join(f"{a} \u2192 {b}" for a, b in m.alliances),
            "skills": "; ".join(f"{p}: {' + '.join(s)}" for p, s in m.skills if s),
            "note": m.note or ""})
    standings_rows = [{**r, "win_rate": "\u2014" if r["win_rate"] is None
                       else f"{round(100 * r['win_rate'])} %",
                       "average_place": "\u2014" if r["average_place"] is None
                       else f"{r['average_place']:.2f}"} for r in table]
    facts = [("Players", ", ".join(state.roster) or "any (no roster)"),
             ("Matches", str(len(state.matches)))]
    more = len(table) - len(shown)
    return {"kind": "matches", "facts": facts, "standings": standings_rows,
            "matches": matches,
            "charts": [{"title": "Wins per player" + (f" (top {len(shown)}; {more} more in "
                                                      "the table)" if more else ""), **wins}]}


# --- any campaign --------------------------------------------------------------------------

def _generic_report(summary: dict[str, Any]) -> dict[str, Any]:
    facts = [(str(k).replace("_", " "), str(v)) for k, v in summary.items()
             if isinstance(v, (str, int, float, bool)) or v is None]
    return {"kind": "generic", "facts": facts, "charts": []}


GAME_LABELS = {("hyve", "legacy"): "Hyve Legacy run",
               ("queenbee", "matches"): "Queen Bee match log"}


def report_context(header: dict[str, Any], events: Sequence[dict[str, Any]], state, *,
                   describe: Describe | None = None,
                   summary: Callable[[Any], dict[str, Any]] | None = None,
                   example: bool = False) -> dict[str, Any]:
    """Context of ``report.html`` for one campaign record.

    :param header: the record's header (``id``, ``name``, ``game``, ``kind``, ``settings``,
        ``created``).
    :param events: every stored event, reverted ones included (dicts with ``seq``, ``type``,
        ``data``, ``at``, ``status``).
    :param state: the state replayed from the active events.
    :param describe: one line per event (default: the rules core's describer of the game).
    :param summary: JSON-able summary of ``state`` for kinds without a dedicated report.
    :param example: label the report as an example (the catalogue's demo variant).
    """
    game, kind = str(header.get("game", "")), str(header.get("kind", ""))
    describe = describe or describer(game, kind)
    if (game, kind) == ("hyve", "legacy"):
        body = legacy_report(header, events, state, describe)
    elif (game, kind) == ("queenbee", "matches"):
        body = matches_report(header, events, state)
    else:
        body = _generic_report(summary(state) if summary else {})
    history = body.pop("history") if "history" in body else \
        step_runs(history_rows(events, describe))
    reverted = sum(1 for e in events if e.get("status") == "reverted")
    steps = sum(h.get("steps", 0) for h in history)
    runs = f"; {counted(steps, 'step')} at the table, one line a run of steps" if steps else ""
    return {
        "title": "Campaign Report",
        "example": example,
        "campaign": {"id": str(header.get("id", "")), "name": str(header.get("name", "")),
                     "game": GAME_LABELS.get((game, kind), f"{game}/{kind}"),
                     "created": _when(header.get("created"))},
        **body,
        "history": history,
        "history_note": (f"{counted(len(events), 'event')}, {reverted} reverted (undone "
                         f"events stay in the record){runs}"),
        "source": ("hyvekit campaign report" + (", example" if example else "")
                   + ": " + GAME_LABELS.get((game, kind), f"{game}/{kind}")),
    }


# --- the example (catalogue entry) -----------------------------------------------------------

def example_report_context() -> dict[str, Any]:
    """A report of a small legacy run built in memory with the rules core: three scenarios
    (won, won, lost in easy mode), shopping, couriers, a note and an undone purchase."""
    from hyvekit.games import hyve as L

    from hyvekit.data.hyve import legacy_sheets

    sheet = legacy_sheets()["legacy-1"]
    colours = ["yellow", "blue", "green", "purple", "red"]
    settings = {"sheet": sheet.to_dict(), "colours": colours, "easy": False}
    header = {"id": "example-run", "name": "Example run (demo)", "game": "hyve",
              "kind": "legacy", "settings": settings, "created": "2025-05-03T18:00:00+00:00"}
    script = [
        ("shop", {"purchases": [{"item": "perk", "perk": "tenacity"},
                                {"item": "bread", "bee_type": 1},
                                {"item": "resources", "kind": "population",
                                 "colours": ["red", "red", "blue"]}]}, "active"),
        ("shop", {"purchases": [{"item": "bread", "bee_type": 3}]}, "reverted"),
        ("shop", {"purchases": [{"item": "bread", "bee_type": 2}]}, "active"),
        ("start", {}, "active"),
        ("courier", {"bee": 6, "turn": 2}, "active"),
        ("courier", {"bee": 2, "turn": 3}, "active"),
        ("courier", {"bee": 6, "turn": 4}, "active"),
        ("courier", {"bee": 6, "turn": 5}, "active"),
        ("result", {"won": True, "hp_past_start": 7, "population": 12, "hyves": 4,
                    "courier_bonus": 3, "cross_out": None}, "active"),
        (NOTE, {"text": "Coldsnap next: keep the population up"}, "active"),
        ("shop", {"purchases": [{"item": "perk", "perk": "deep-stores"},
                                {"item": "bread", "bee_type": 1}]}, "active"),
        ("start", {}, "active"),
        ("result", {"won": True, "hp_past_start": 10, "population": 9, "hyves": 5,
                    "courier_bonus": None, "cross_out": None}, "active"),
        ("easy", {"cross_out": None}, "active"),
        ("shop", {"purchases": [{"item": "resources", "kind": "hp",
                                 "colours": ["yellow", "green"]},
                                {"item": "bread", "bee_type": 4}]}, "active"),
        ("start", {}, "active"),
        ("result", {"won": False, "hp_past_start": -2, "population": 3, "hyves": 2,
                    "courier_bonus": None, "cross_out": 5}, "active"),
    ]
    state = L.state_from_settings(settings)
    events = []
    for seq, (kind, data, status) in enumerate(script, start=1):
        minute = 10 + 3 * seq
        event = {"seq": seq, "type": kind, "data": data, "status": status,
                 "at": f"2025-05-{3 + seq // 6:02d}T{18 + minute // 60:02d}:{minute % 60:02d}"
                       ":00+00:00"}
        if status == "reverted":
            event["reverted_at"] = event["at"].replace(":00+", ":30+")
        elif kind != NOTE:
            state = L.play(state, L.parse_event(kind, data))
        events.append(event)
    return report_context(header, events, state, example=True)


register(Printable("report", "report.html", "Campaign Report",
                   "Campaign report: a Hyve Legacy run's scenarios, honey and HP charts, or a "
                   "Queen Bee match log's standings and wins chart, with the full event "
                   "history; without a campaign, an example.",
                   "hyvekit print report my-run --paper letter", per_page=(1,),
                   command=("print", "report"), expect="History", pages=2),
         lambda **_: example_report_context())
