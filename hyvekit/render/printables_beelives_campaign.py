"""Bee Lives campaign printables: the solo goal tracker / year sheet and pads pre-filled from a
campaign record (rules/bee-lives.txt: "Solo Play" — its cards' goals —, "Multiple Years
Variant"), and the campaign's summary read for them and for the report (:func:`campaign_view`).

* ``tracker beelives`` (``hyvekit print tracker beelives [CAMPAIGN] [--card NAME]``): one page
  with the solo cards in play, each goal quoted from its card with boxes for *met*, *at risk*
  and *failed*, the months played (March–November of each year, then the winter) and a box per
  year for the year's score.  Blank it lists every challenge card's goal (the card is drawn at
  random, Solo Play: Challenge Mode); ``--card`` prints the chosen cards instead; with a
  campaign it is pre-filled (:func:`tracker_context`).
* ``print pad beelives CAMPAIGN`` / ``print pad beelives-years CAMPAIGN``: the pads with the
  campaign's player names and game length (:func:`pad_prefill`).
* ``print report CAMPAIGN`` of a Bee Lives campaign: its Bee Lives part (the years table, the
  goals' verdicts, the charts) is :mod:`hyvekit.render.printables_beelives_report`'s, built
  from this module's :func:`campaign_view`, :func:`year_values` and :func:`running_vp`.

Everything pre-filled is read from the campaign's **summary**
(:func:`hyvekit.rules.beelives.campaign.summary`, what ``hyvekit beelives status --json``
shows), never from the rules core's state objects, through :func:`campaign_view`.  The keys
used: ``kind`` (``solo-challenge``...), ``players``, ``years``, ``cards`` (``{"challenge",
"scenario", "campaign"}``), ``solo_hard``, ``goals`` (verdicts ``{"card", "goal", "status":
"met" | "at risk" | "failed", "reason", "year"}``), ``outcome``, ``year``, ``month`` (the next
month, by name), ``stage``, ``next``, ``hives`` (current values), ``months`` (``{"year",
"month", "card", "vp": {player: VP gained}}``), ``winters`` (``{"year", "hives": [{"hive",
"bees", "honey", "tokens", "vp"}]}``) and ``scores``.  Missing keys leave their part blank.

This module imports no weasyprint, reportlab or store code at import time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hyvekit.render import beelives_values as V
from hyvekit.render.catalogue import Printable, register
from hyvekit.render.text import MINUS, word
from hyvekit.rules.common import InvalidInputError

# The months (How to Play: the nine productive months, Mar. – Nov.), the seasons and the game
# lengths (Multiple Years Variant) come from the rules core: V.months(), V.month_seasons(),
# V.max_years() (imported when a Bee Lives print is made, not on start-up).
MAX_TRACKER_CARDS = 3   # a scenario or campaign card and a challenge card (increased difficulty)
STATUSES = ("met", "at risk", "failed")
KIND_LABELS = {"challenge": "Challenge card", "scenario": "Scenario card",
               "campaign": "Campaign card"}
MODES = ("basic", "challenge", "scenario", "campaign")



def standard_goal() -> str:
    """The standard goal of every solo game (End of the Game; Multiple Years Variant)."""
    from hyvekit.games.beelives import ELIGIBLE_BEES
    return (f"At least {word(ELIGIBLE_BEES)} worker bee survives each winter (End of the Game; "
            "Multiple Years Variant).")



# One line per goal kind of hyvekit/data/beelives_solo.toml (the card's own text is quoted
# above it; these lines say what hyvekit checks).
GOAL_LINES: dict[str, str] = {
    "comb_at_least": "Comb size at least {comb} cells by the end of year {by_end_of_year}",
    "disease_reached": "Disease level reaches {disease} at least once",
    "map_tiles_at_least": "Map at least {tiles} tiles by the end of year {by_end_of_year}",
    "map_length_at_least": "Map at least {length} tiles in length by the end of year "
                           "{by_end_of_year}",
    "all_queens_in_a_year": "Queens of all {queens} types in a single year",
    "swarms_survive_in_a_year": "Swarm {swarms} times in one year; every wild hive so spawned "
                                "survives",
    "brood_every_phase": "Hatch at least {brood} brood in every Brood Phase",
    "no_raids": "Never raid another hive",
    "swarms_at_least": "Swarm at least {swarms} times",
    "wild_strength_below": "No wild hive ever reaches strength {strength}",
    "keep_original_queen": "Keep your original queen: move every time you swarm",
    "only_hive": "Yours is the only hive on the map at the end of year {by_end_of_year}",
    "queen_all_year": "A {queens} queen all year",
    "scouts_in_year": "Scout at least {scouts} times this year",
    "different_queen_at_start": "Begin the year with a different queen",
    "requeen_in_season": "Requeen with a {queens} queen in {season}",
    "swarm_and_move_in_season": "Swarm and move at least {times} time(s) in {season}",
    "hive_not_burned": "Your hive\u2019s tile never burns",
    "survive_winter": "A worker bee survives the winter of year {year}",
}
def year_rows(board: Any) -> tuple[dict[str, str], ...]:
    """The year sheet: one column per year.  bee-lives.txt, "Multiple Years Variant" ("Score
    victory points for surviving bees and remaining honey after each winter"), "Scoring Victory
    Points", "End of the Game" (starvation tokens: the board's VP each)."""
    from hyvekit.games.beelives import BEE_VP, HONEY_VP
    return (
        {"key": "vp", "label": "VP earned during play"},
        {"key": "bees", "label": f"Surviving worker bees ({V.vp_each(BEE_VP)})"},
        {"key": "honey", "label": f"Remaining honey ({V.vp_each(HONEY_VP)})"},
        {"key": "starvation", "label": f"Starvation tokens ({V.vp_each(board.starvation_vp)})"},
        {"key": "total", "label": "Running total"},
    )


# --- the cards -----------------------------------------------------------------------------

def _kind(card) -> str:
    from hyvekit.games import beelives as solo

    if isinstance(card, solo.ChallengeCard):
        return "challenge"
    if isinstance(card, solo.ScenarioCard):
        return "scenario"
    return "campaign"


def _signed(text: str) -> str:
    """ASCII minus signs before digits → typographic minus."""
    import re
    return re.sub(r"(?<![\w-])-(?=\d)", MINUS, text)


QUOTE_LIMIT = 320      # characters of a card's text quoted whole on the tracker
EXCERPT_LIMIT = 200    # characters of the opening quoted from a longer text without goals
GOAL_WORDS = ("must", "you lose", "at least", "cannot raid", "do not let", "keep your")


def _sentences(text: str) -> list[str]:
    import re
    return [t for t in re.split(r"(?<=[.!?])\s+", text.strip()) if t]


def quote_text(text: str, has_goals: bool) -> tuple[str, bool]:
    """What the tracker quotes of a card's (or a campaign year's) ``text``: the whole text up
    to :data:`QUOTE_LIMIT` characters; a longer one with goals: its sentences that state a goal
    (:data:`GOAL_WORDS`), else its opening sentences up to :data:`EXCERPT_LIMIT` characters.
    Returns ``(quote, is_excerpt)``; an excerpt marks the cut parts with "…"."""
    text = _signed(" ".join(text.split()))
    if len(text) <= QUOTE_LIMIT:
        return text, False
    sentences = _sentences(text)
    if has_goals:
        keep = [i for i, t in enumerate(sentences)
                if any(w in t.lower() for w in GOAL_WORDS)]
        if keep:
            parts, last = [], -1
            for i in keep:
                if i != last + 1:
                    parts.append("\u2026")
                parts.append(sentences[i])
                last = i
            if last != len(sentences) - 1:
                parts.append("\u2026")
            return " ".join(parts), True
    out = ""
    for t in sentences:
        if out and len(out) + len(t) + 1 > EXCERPT_LIMIT:
            break
        out = f"{out} {t}".strip()
    return (out[:EXCERPT_LIMIT].rstrip() + " \u2026"), True


def goal_line(kind: str, params: Mapping[str, Any] | Sequence[tuple[str, Any]] = (),
              year: int | None = None) -> str:
    """One line saying what a goal of ``kind`` (a key of :data:`GOAL_LINES`) asks, e.g.
    ``goal_line("comb_at_least", {"comb": 20, "by_end_of_year": 1})`` → ``"Comb size at least
    20 cells by the end of year 1"``; a year goal is prefixed ``"Year N: "``.  An unknown kind
    prints as its name with underscores as spaces."""
    values = dict(params)
    for key, value in list(values.items()):
        if isinstance(value, (tuple, list)):
            values[key] = " or ".join(str(v) for v in value)
    if year is not None:
        values.setdefault("year", year)
    template = GOAL_LINES.get(kind)
    try:
        text = template.format(**values) if template else kind.replace("_", " ")
    except (KeyError, IndexError):
        text = kind.replace("_", " ")
    text = _signed(text)
    if year is not None and kind not in ("survive_winter",):
        return f"Year {year}: {text[0].lower()}{text[1:]}" if text else f"Year {year}"
    return text


def card_entry(card, years: int | None = None) -> dict[str, Any]:
    """A solo card as the tracker prints it: ``{"name", "kind", "kind_label", "text" (the card's
    text, verbatim), "note" (hyvekit's ruling, or ""), "goals": [{"kind", "year", "line",
    "params"}], "years": [{"year", "text", "goals"}] (campaign cards), "lengths" (the game
    lengths a campaign card allows)}``.

    :param years: the game's length; a campaign card's goals of later years are left out.
    """
    kind = _kind(card)
    quote, excerpt = quote_text(card.text, bool(card.goals))
    entry: dict[str, Any] = {"name": card.name, "kind": kind, "kind_label": KIND_LABELS[kind],
                             "text": _signed(card.text), "quote": quote, "excerpt": excerpt,
                             "note": getattr(card, "note", "") or "",
                             "goals": [], "years": [], "lengths": []}
    if kind == "campaign":
        entry["lengths"] = list(card.years)
        n = years or max(card.years)
        for y in range(1, n + 1):
            rules = card.year(y)
            goals = [_goal(g.kind, g.params, y) for g in rules.goals]
            listed = rules.year == y
            quote, excerpt = quote_text(rules.text, bool(goals))
            entry["years"].append({
                "year": y, "text": _signed(rules.text), "listed": listed,
                "quote": quote if listed else f"The card gives no year {y}: year "
                                              f"{rules.year}\u2019s rules go on.",
                "excerpt": excerpt and listed,
                "note": (rules.note or "") if listed else "", "goals": goals})
            entry["goals"] += goals
    else:
        entry["goals"] = [_goal(g.kind, g.params, g.year) for g in card.goals]
    return entry


def _goal(kind: str, params, year: int | None) -> dict[str, Any]:
    """A goal as printed: ``line`` (with ``Year N:`` for a year's goal) and ``short`` (without
    it, for under a year's heading)."""
    return {"kind": kind, "year": year, "line": goal_line(kind, params, year),
            "short": goal_line(kind, params), "params": dict(params)}


#: the goals that count something: kind → (the parameter holding the count, what a month's
#: log counts toward it: "scouts" or "swarmed", or None when the log cannot tell)
TALLIED_GOALS = {"scouts_in_year": ("scouts", "scouts"),
                 "swarms_at_least": ("swarms", "swarmed"),
                 "swarms_survive_in_a_year": ("swarms", "swarmed"),
                 "swarm_and_move_in_season": ("times", None)}


def goal_tally(goal: Mapping[str, Any], view: Mapping[str, Any] | None = None
               ) -> dict[str, Any] | None:
    """The tally boxes of a goal that counts (``Scout at least 12 times``, ``Swarm at least
    2 times``): ``{"boxes": N, "ticked": n}``, ``ticked`` counted from a campaign's months
    (``view``, :func:`campaign_view`): the goal's year for a year's goal, the most in any one
    year for a single year's swarms, the whole game otherwise; None for another goal.  At most
    the boxes are ticked."""
    if goal.get("kind") not in TALLIED_GOALS:
        return None
    param, counted = TALLIED_GOALS[goal["kind"]]
    try:
        boxes = int(dict(goal.get("params") or {}).get(param))
    except (TypeError, ValueError):
        return None
    ticked = 0
    if view is not None and counted is not None:
        per_year: dict[int, int] = {}
        for m in view.get("months", ()):
            for facts in dict(m.get("log") or {}).values():
                per_year[m["year"]] = per_year.get(m["year"], 0) + int(facts.get(counted) or 0)
        if goal["kind"] == "scouts_in_year" and goal.get("year"):
            ticked = per_year.get(goal["year"], 0)
        elif goal["kind"] == "swarms_survive_in_a_year":
            ticked = max(per_year.values(), default=0)
        else:
            ticked = sum(per_year.values())
    return {"boxes": boxes, "ticked": min(ticked, boxes)}


def find_cards(names: Sequence[str]) -> list:
    """The solo cards called ``names`` (case-insensitive; a unique part of a name works).

    :raises InvalidInputError: an unknown or ambiguous name (lists the cards), more than
        :data:`MAX_TRACKER_CARDS`, the same card twice, two cards of one kind.
    """
    from hyvekit.data.beelives import solo_cards as default_cards

    cards = default_cards()
    found = [cards.find(n) for n in names]
    if len(found) > MAX_TRACKER_CARDS:
        raise InvalidInputError("--card", ", ".join(names),
                                f"at most {MAX_TRACKER_CARDS} cards (a scenario or campaign "
                                "card and a challenge card)")
    kinds = [_kind(c) for c in found]
    for k in set(kinds):
        if kinds.count(k) > 1:
            raise InvalidInputError("--card", ", ".join(c.name for c in found),
                                    f"one {k} card at most")
    if "scenario" in kinds and "campaign" in kinds:
        raise InvalidInputError("--card", ", ".join(c.name for c in found),
                                "a scenario card or a campaign card, not both")
    order = {"scenario": 0, "campaign": 0, "challenge": 1}
    return sorted(found, key=lambda c: order[_kind(c)])


def card_names() -> list[str]:
    """Every solo card's name (for help texts and error messages)."""
    from hyvekit.data.beelives import solo_cards as default_cards
    return [c.name for c in default_cards().all()]


# --- the campaign summary, normalised ----------------------------------------------------------

SOLO_PREFIX = "solo-"          # campaign kinds solo-basic, solo-challenge, ...
RANDOM_CARD = "random"         # a challenge card still to draw


def _get(mapping: Any, *keys: str, default: Any = None) -> Any:
    """The first of ``keys`` present (and not None) in ``mapping``."""
    if not isinstance(mapping, Mapping):
        return default
    for key in keys:
        if mapping.get(key) is not None:
            return mapping[key]
    return default


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _month_number(value: Any) -> int | None:
    """``3`` or ``"May"`` → 3 (1 = March … 9 = November); None otherwise."""
    n = _int(value)
    if n is not None:
        return n if 1 <= n <= len(V.months()) else None
    if isinstance(value, str) and value.strip():
        key = value.strip().lower()
        for i, name in enumerate(V.months()):
            if name.lower() == key or name.lower()[:3] == key:
                return i + 1
    return None


def _names(value: Any) -> list[str]:
    out = []
    for item in value or ():
        name = _get(item, "name", "player", "hive") if isinstance(item, Mapping) else item
        if name is not None and str(name).strip():
            out.append(str(name))
    return out


#: a final score's figures a campaign's summary gives (End of the Game: the parts, the total
#: and what the tie-breakers read; from its ``scores`` and ``score_parts``)
SCORE_PARTS = ("vp", "honey", "honey_vp", "bees", "bees_vp", "starvation", "starvation_vp",
               "total", "pollen", "comb")


def campaign_view(header: Mapping[str, Any] | None, summary: Mapping[str, Any] | None
                  ) -> dict[str, Any]:
    """The parts of a Bee Lives campaign the printables use, from its record header and its
    summary (:func:`hyvekit.rules.beelives.campaign.summary`); parts missing from the summary
    are left empty, unknown keys ignored.

    :returns: ``{"id", "name", "kind", "players": [str], "years": int, "solo": bool,
        "mode": "basic"|"challenge"|"scenario"|"campaign"|"", "harder": bool,
        "cards": [str] (the solo cards in play), "to_draw": bool (a random challenge card not
        drawn yet), "verdicts": [{"card", "goal", "status", "reason", "year", "player"}],
        "outcome", "year", "month" (1-9, the next month to play), "stage", "next",
        "months_played", "months": [{"year", "month", "label", "card", "vp": {player: VP
        gained}, "starvation": {player: starvation tokens taken}, "log": {player:
        {"hatched", "lost", "swarmed", "scouts"}}, "override": bool}],
        "winters": {year: {player: {"bees", "honey", "tokens", "vp"}}}, "hives": {player:
        {"workers", "honey", "vp", "starvation", ...}}, "scores": {player: {"eligible", and
        each of SCORE_PARTS (an int, or None if not known)}}, "winners": [str],
        "rating": str}``.
    """
    header = dict(header or {})
    summary = dict(summary or {})
    settings = dict(header.get("settings") or {})
    kind = str(_get(summary, "kind") or _get(settings, "kind") or "")
    players = _names(_get(summary, "players") or _get(settings, "players"))
    years = _int(_get(summary, "years", default=_get(settings, "years")))
    years = min(max(years or 1, 1), V.max_years())

    raw_cards = _get(summary, "cards")
    if raw_cards is None:
        raw_cards = {k: settings.get(k) for k in ("scenario", "campaign", "challenge")}
    if isinstance(raw_cards, Mapping):
        ordered = [raw_cards.get(k) for k in ("scenario", "campaign", "challenge")]
    else:
        ordered = list(raw_cards or [])
    names = _names(ordered)
    to_draw = any(str(n).lower() == RANDOM_CARD for n in names)
    cards = [n for n in names if str(n).lower() != RANDOM_CARD]

    verdicts = []
    for v in _get(summary, "goals", "verdicts") or []:
        if isinstance(v, Mapping):
            status = str(v.get("status", "")).replace("_", " ").lower()
            verdicts.append({"card": str(v.get("card", "")), "goal": str(v.get("goal", "")),
                             "status": status if status in STATUSES else "at risk",
                             "reason": str(v.get("reason", "")), "year": _int(v.get("year")),
                             "player": str(v.get("player") or "")})
    mode = kind[len(SOLO_PREFIX):] if kind.startswith(SOLO_PREFIX) else ""

    months = []
    for m in _get(summary, "months", default=[]) or []:
        if not isinstance(m, Mapping):
            continue
        year, month = _int(m.get("year")), _month_number(m.get("month"))
        if year is None or month is None:
            continue
        gained = m.get("vp") if isinstance(m.get("vp"), Mapping) else {}
        taken = m.get("starvation") if isinstance(m.get("starvation"), Mapping) else {}
        logged = m.get("log") if isinstance(m.get("log"), Mapping) else {}
        months.append({"year": year, "month": month,
                       "label": f"Y{year} {V.abbr(V.months()[month - 1])}",
                       "card": str(m.get("card") or ""), "override": bool(m.get("override")),
                       "vp": {str(k): _int(v) or 0 for k, v in gained.items()},
                       "starvation": {str(k): _int(v) or 0 for k, v in taken.items()},
                       "log": {str(k): dict(v) for k, v in logged.items()
                               if isinstance(v, Mapping)}})
    winters: dict[int, dict[str, dict[str, int | None]]] = {}
    for w in _get(summary, "winters", default=[]) or []:
        year = _int(_get(w, "year"))
        if year is None:
            continue
        for h in _get(w, "hives", "players", default=[]) or []:
            name = _get(h, "hive", "name", "player")
            if name is not None:
                winters.setdefault(year, {})[str(name)] = {
                    "bees": _int(_get(h, "bees")), "honey": _int(_get(h, "honey")),
                    "tokens": _int(_get(h, "tokens")), "vp": _int(_get(h, "vp")) or 0}
    hives = {str(h["name"]): dict(h) for h in _get(summary, "hives", default=[]) or []
             if isinstance(h, Mapping) and h.get("name") is not None}
    scores_raw = _get(summary, "scores", default={}) or {}
    parts = {str(p.get("name")): p for p in _get(summary, "score_parts", default=[]) or []
             if isinstance(p, Mapping)}
    scores = {str(p.get("name")): {"eligible": bool(p.get("eligible")), **{
        k: _int(p.get(k, parts.get(str(p.get("name")), {}).get(k))) for k in SCORE_PARTS}}
              for p in _get(scores_raw, "players", default=[]) or [] if isinstance(p, Mapping)}
    played = _int(_get(summary, "months_played"))
    return {
        "id": str(header.get("id") or summary.get("id") or ""),
        "name": str(header.get("name") or summary.get("name") or ""),
        "kind": kind, "players": players, "years": years,
        "solo": kind.startswith(SOLO_PREFIX), "mode": mode,
        "harder": bool(_get(summary, "solo_hard", default=_get(settings, "solo_hard"))),
        "cards": cards, "to_draw": to_draw, "verdicts": verdicts,
        "outcome": str(_get(summary, "outcome") or ""),
        "year": _int(_get(summary, "year")), "month": _month_number(_get(summary, "month")),
        "stage": str(_get(summary, "stage") or ""), "next": str(_get(summary, "next") or ""),
        "months_played": played if played is not None else len(months),
        "months": months, "winters": winters, "hives": hives, "scores": scores,
        "winners": _names(_get(scores_raw, "winners", default=[])),
        "rating": str(_get(scores_raw, "rating") or ""),
    }


def months_done(view: Mapping[str, Any]) -> set[tuple[int, int]]:
    """``(year, month)`` of every month played: from the months listed, else the first
    ``months_played`` months in order."""
    done = {(m["year"], m["month"]) for m in view.get("months", ())}
    if not done:
        n = int(view.get("months_played") or 0)
        per = len(V.months())
        done = {(1 + i // per, 1 + i % per) for i in range(min(n, per * V.max_years()))}
    return done


def running_vp(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """VP of every player at the end of each month played and after each winter played (VP
    gained in the months so far plus the VP scored at the winters so far): ``[{"label",
    "year", "month", "vp": {player: VP}}]``, in order (a winter's ``month`` is
    ``"winter"``)."""
    total = {p: 0 for p in view.get("players", ())}
    winters = view.get("winters") or {}
    months = list(view.get("months", ()))
    out = []
    for k, m in enumerate(months):
        for p, gained in m["vp"].items():
            total[p] = total.get(p, 0) + (gained or 0)
        out.append({"label": m["label"], "year": m["year"], "month": m["month"],
                    "vp": dict(total)})
        year_ends = k + 1 == len(months) or months[k + 1]["year"] > m["year"]
        if year_ends and m["year"] in winters:
            for p, w in winters[m["year"]].items():
                total[p] = total.get(p, 0) + (w.get("vp") or 0)
            out.append({"label": f"Y{m['year']} winter", "year": m["year"], "month": "winter",
                        "vp": dict(total)})
    return out


def year_values(view: Mapping[str, Any]) -> dict[int, dict[str, dict[str, Any]]]:
    """Per year (with a month played) and player, the year sheet's values:

    * ``vp``: VP gained during play that year (the months' VP);
    * ``bees``, ``honey``: surviving worker bees and remaining honey after the year's winter
      (None until it is played; ``now_bees`` holds the current worker bees of the year in
      play);
    * ``starvation``: starvation tokens taken at that winter; ``play_starvation``: those
      taken during the year's months (Feeding Phase);
    * ``starvation_vp``: for the last year of a finished game, the VP every starvation token
      of the game costs in the final score (None before: tokens count at the end only);
    * ``total``: the running total at the end of the year: the VP so far, after the winter's
      scoring; for the last year of a finished game the final score (End of the Game).
    """
    out: dict[int, dict[str, dict[str, Any]]] = {}
    winters = view.get("winters") or {}
    players = list(view.get("players") or ())
    cumulative = {p: 0 for p in players}
    years = sorted({m["year"] for m in view.get("months", ())} | set(winters))
    for y in years:
        for p in players:
            months = [m for m in view.get("months", ()) if m["year"] == y]
            gained = sum(m["vp"].get(p, 0) or 0 for m in months)
            w = winters.get(y, {}).get(p)
            cumulative[p] += gained + ((w or {}).get("vp") or 0)
            row = {"vp": gained, "bees": None, "honey": None, "starvation": None,
                   "play_starvation": sum(m.get("starvation", {}).get(p, 0) for m in months),
                   "starvation_vp": None,
                   "total": cumulative[p], "now_bees": None, "winter": w is not None}
            if w is not None:
                row.update(bees=w.get("bees"), honey=w.get("honey"),
                           starvation=w.get("tokens"))
            elif y == view.get("year"):
                row["now_bees"] = _int(_get((view.get("hives") or {}).get(p), "workers"))
            if view.get("stage") == "over" and y == view.get("years") and \
                    (view.get("scores") or {}).get(p, {}).get("total") is not None:
                row["total"] = view["scores"][p]["total"]
                row["starvation_vp"] = view["scores"][p].get("starvation_vp")
            out.setdefault(y, {})[p] = row
    return out


# --- tracker -----------------------------------------------------------------------------------

def _status_of(entry_goal: Mapping[str, Any], card: str,
               verdicts: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    for v in verdicts:
        if v["card"] == card and v["goal"] == entry_goal["kind"] and \
                (v["year"] == entry_goal["year"] or entry_goal["year"] is None):
            return v
    return None


def _unprefixed(reason: str, card: str) -> str:
    """A verdict's reason without its ``"Card name: "`` prefix (printed under the card)."""
    return reason[len(card) + 2:] if reason.startswith(f"{card}: ") else reason


def tracker_context(cards: Sequence[str] = (), view: Mapping[str, Any] | None = None,
                    per_page: int = 1, board: Any = None) -> dict[str, Any]:
    """Context of ``tracker-beelives.html``.

    :param cards: solo card names for a blank tracker of those cards (``--card``); none: a
        tracker listing every challenge card's goal.
    :param view: a campaign (:func:`campaign_view`): the tracker is pre-filled with its player,
        cards, goals' verdicts (met / at risk / failed with the reason), months played and year
        values; ``cards`` is then ignored.
    :param board: the board the Solo Score Chart and the year sheet's VP are printed from (a
        campaign's own board, a player's ``--board FILE``); default the packaged board.
    :raises InvalidInputError: an unknown card (:func:`find_cards`), a campaign naming one, or
        a campaign that is not a solo game (its players' sheets are the pads).
    """
    from hyvekit.data.beelives import solo_cards as default_cards

    board = V.board_or_default(board)
    filled = view is not None
    view = dict(view or {})
    if filled and not view.get("solo"):
        raise InvalidInputError("campaign", view.get("id") or view.get("name") or "",
                                "a solo Bee Lives campaign (for players' campaigns print "
                                "'pad beelives-years CAMPAIGN')")
    chosen = find_cards(view.get("cards", ()) if filled else list(cards))
    campaign_card = next((c for c in chosen if _kind(c) == "campaign"), None)
    if filled:
        years = view["years"]
    elif campaign_card is not None:
        years = max(campaign_card.years)
    else:
        years = V.max_years()
    entries = [card_entry(c, years if (filled or campaign_card) else None) for c in chosen]
    verdicts = list(view.get("verdicts", ()))
    used: set[int] = set()
    for e in entries:
        for g in e["goals"]:
            v = _status_of(g, e["name"], verdicts) if filled else None
            g["status"] = v["status"] if v else ""
            g["reason"] = _unprefixed(v["reason"], e["name"]) if v else ""
            if v is not None:
                used.add(id(v))
            # a goal met or failed is settled: nothing more to tick
            g["tally"] = (goal_tally(g, view if filled else None)
                          if g["status"] not in ("met", "failed") else None)
    standard = []
    for y in range(1, (years if (filled or campaign_card) else 1) + 1):
        goal = {"kind": "survive_winter", "year": y, "params": {},
                "line": goal_line("survive_winter", {}, y), "status": "", "reason": ""}
        if filled:
            v = next((v for v in verdicts if v["goal"] == "survive_winter" and v["year"] == y),
                     None)
            if v is not None:
                goal["status"] = v["status"]
                goal["reason"] = v["reason"].split(": ", 1)[-1] if ": " in v["reason"] \
                    else v["reason"]
                used.add(id(v))
        standard.append(goal)
    if not filled and not campaign_card:
        standard = [{"kind": "survive_winter", "year": None, "params": {},
                     "line": standard_goal(), "status": "", "reason": ""}]
    # verdicts about goals the cards above do not show (a user's own cards file...)
    others = [v for v in verdicts if id(v) not in used]

    done = months_done(view) if filled else set()
    winter = {g["year"]: {"met": "yes", "failed": "no"}.get(g["status"], "")
              for g in standard if g["year"] is not None}
    current = (view.get("year"), view.get("month")) if filled else (None, None)
    grid = []
    values = year_values(view) if filled else {}
    player = (view.get("players") or [""])[0] if filled else ""
    months, seasons = V.months(), V.month_seasons()
    for y in range(1, V.max_years() + 1):
        in_game = y <= years
        grid.append({
            "year": y, "in_game": in_game,
            "optional": not filled and campaign_card is None and y > 1,
            "games": V.year_games(y),   # "long & epic game" for year 2, "epic game" for 3
            "months": [{"abbr": V.abbr(months[i]), "season": seasons[i],
                        "played": (y, i + 1) in done,
                        "current": filled and (y, i + 1) == current and (y, i + 1) not in done}
                       for i in range(len(months))],
            "scores": values.get(y, {}).get(player, {}) if player else {},
            "winter": winter.get(y, ""),
        })
    challenges = []
    if not chosen and not filled:
        for c in default_cards().challenges:
            e = card_entry(c)
            for g in e["goals"]:
                g["tally"] = goal_tally(g)
            challenges.append(e)
    mode = view.get("mode") or ""
    if not mode and chosen:
        kinds = {_kind(c) for c in chosen}
        mode = ("campaign" if "campaign" in kinds else "scenario" if "scenario" in kinds
                else "challenge" if "challenge" in kinds else "basic")
    kinds_in_play = {_kind(c) for c in chosen}
    return {
        "title": "Bee Lives Solo Goal Tracker",
        "prefilled": filled,
        "campaign": {"id": view.get("id", ""), "name": view.get("name", ""),
                     "player": player, "players": view.get("players", []),
                     "outcome": view.get("outcome", ""),
                     "months_played": view.get("months_played", 0),
                     "solo": view.get("solo", True)} if filled else None,
        "mode": mode,
        "modes": MODES,
        "harder": bool(view.get("harder")) or (
            len(chosen) > 1 and any(_kind(c) == "challenge" for c in chosen)),
        "years": years,
        "fixed_years": filled or campaign_card is not None,
        "cards": entries,
        "to_draw": bool(view.get("to_draw")),
        "card_slots": [{"kind": k, "label": KIND_LABELS[k],
                        "name": next((e["name"] for e in entries if e["kind"] == k), "")}
                       for k in ("challenge", "scenario", "campaign")],
        "kinds_in_play": sorted(kinds_in_play),
        "challenges": challenges,
        "standard": standard,
        "others": others,
        "grid": grid,
        "year_rows": year_rows(board),
        "chart": V.solo_chart(board, fewer="\u2264 {high} VP"),
        "seasons": [{"name": r["season"].capitalize(), "months": r["months"]}
                    for r in V.season_runs()],
        "months_per_year": len(months),
        "lengths": list(range(1, V.max_years() + 1)),
        "statuses": STATUSES,
        "rating": view.get("rating", ""),
        "source": "Bee Lives rulebook: Solo Play, Solo Play Cards, Multiple Years Variant"
                  + (" \u00b7 pre-filled" if filled else ""),
    }


# --- pads --------------------------------------------------------------------------------------

def pad_prefill(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a pad takes from a campaign: ``{"names": [...], "years": n, "campaign": {"id",
    "name"}}``.

    :raises InvalidInputError: the campaign has no players, or more than 4.
    """
    names = list(view.get("players") or [])
    if not names:
        raise InvalidInputError("campaign", view.get("id", ""), "a campaign with players")
    from hyvekit.games.beelives import PLAYER_HIVES

    if len(names) > PLAYER_HIVES:
        raise InvalidInputError("campaign players", len(names),
                                f"1-{PLAYER_HIVES} (Bee Lives: {PLAYER_HIVES} hives)")
    return {"names": names, "years": int(view.get("years") or 1),
            "campaign": {"id": view.get("id", ""), "name": view.get("name", ""),
                         "years": int(view.get("years") or 1)}}


def finished_years(view: Mapping[str, Any], board: Any = None
                   ) -> dict[str, dict[int, dict[str, Any]]]:
    """The multi-year pad's figures of each year whose winter is played, by player and year
    (Multiple Years Variant, "Score victory points for surviving bees and remaining honey
    after each winter"; End of the Game, each starvation token): ``vp`` during play, ``bees``
    and ``honey`` after the winter, ``tokens`` (starvation tokens taken that year, in its
    months and at its winter) and ``tokens_vp`` (their VP), ``year`` (the sum), ``running``
    (the running total: the final score after the last winter) and ``eligible`` (a worker
    bee survived the winter).  A year not finished, and every year after it, is left out."""
    from hyvekit.games.beelives import BEE_VP, HONEY_VP
    board = V.board_or_default(board)
    years = year_values(view)
    out: dict[str, dict[int, dict[str, Any]]] = {}
    for p in view.get("players") or ():
        running = 0
        for y in sorted(years):
            v = years[y].get(p)
            if not v or not v.get("winter"):
                break
            bees, honey = v.get("bees") or 0, v.get("honey") or 0
            tokens = (v.get("play_starvation") or 0) + (v.get("starvation") or 0)
            tokens_vp = tokens * board.starvation_vp
            year = (v.get("vp") or 0) + bees * BEE_VP + honey * HONEY_VP + tokens_vp
            running += year
            out.setdefault(p, {})[y] = {"vp": v.get("vp") or 0, "bees": bees, "honey": honey,
                                        "tokens": tokens, "tokens_vp": tokens_vp,
                                        "year": year, "running": running,
                                        "eligible": bees > 0}
    return out


def final_standing(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each player's final score of a campaign that is over (End of the Game), by name: the
    summary's :data:`SCORE_PARTS`, ``eligible`` and ``winner`` (one of the winners: none when
    no hive is eligible, several when every tie-breaker ties).  Empty while the game goes on."""
    scores = view.get("scores") or {}
    winners = set(view.get("winners") or ())
    return {name: {**parts, "winner": name in winners} for name, parts in scores.items()}


def pad_context(key: str, view: Mapping[str, Any], per_page: int = 1,
                board: Any = None) -> dict[str, Any]:
    """Context of the Bee Lives pad ``key`` (``"pad beelives"`` or ``"pad beelives-years"``)
    pre-filled from a campaign: its player names; on the multi-year pad its game length (the
    long or epic box ticked, years beyond the game left out), the campaign's name and every
    year whose winter is played (:func:`finished_years`); once the game is over, on both
    pads, each player's final score, eligibility, tie-breakers and the winner
    (``final``: :func:`final_standing`).

    :param board: the campaign's board (its VP values are printed); default the packaged one.
    :raises InvalidInputError: another pad, or what :func:`pad_prefill` raises.
    """
    pre = pad_prefill(view)
    if key == "pad beelives":
        from hyvekit.render.printables import beelives_pad_context
        context = beelives_pad_context(len(pre["names"]), pre["names"], per_page=per_page,
                                       board=board)
    elif key == "pad beelives-years":
        from hyvekit.render.printables_beelives import years_pad_context
        context = years_pad_context(len(pre["names"]), pre["names"], per_page=per_page,
                                    board=board)
        n = pre["years"]       # the campaign's length: its years, none optional (a campaign
        # is not lengthened once made; a one-year game has its year alone)
        context["years"] = tuple({**y, "optional": False} for y in context["years"][:n])
        context["game_years"] = n
        context["filled"] = finished_years(view, board)
    else:
        raise InvalidInputError("pad", key, "pad beelives or pad beelives-years")
    context["final"] = final_standing(view)
    context["campaign"] = pre["campaign"]
    from hyvekit.render.printables import footer_id
    context["source"] = f"{context['source']} \u00b7 campaign {footer_id(pre['campaign']['id'])}"
    return context


# --- registration ------------------------------------------------------------------------------

register(Printable("tracker beelives", "tracker-beelives.html", "Bee Lives Solo Goal Tracker",
                   "Bee Lives solo goal tracker and year sheet: the cards in play with each "
                   "goal quoted and boxes for met / at risk / failed, the months played and "
                   "each year's score; blank (every challenge card, or --card NAME) or "
                   "pre-filled from a campaign.",
                   "hyvekit print tracker beelives --card three-generations --card builder",
                   per_page=(1,), command=("print", "tracker", "beelives"),
                   expect="Months played", uses=("board",)),
         lambda board=None, **_: tracker_context(board=board))


# --- the month log -----------------------------------------------------------------------------

#: a month log's cells for each hive: (key, heading, what it counts)
LOG_CELLS = (("hatched", "Br+", "brood hatched in the Brood Phase"),
             ("lost", "Br\u2212", "brood lost to disease in the Brood Phase"),
             ("starvation", "Stv", "starvation tokens taken in the Feeding Phase"),
             ("swarmed", "Swm", "the hive swarmed (\u2713)"),
             ("scouts", "Sct", "Scout actions (the solo cards that count them)"),
             ("vp", "VP", "VP gained this month"))
#: the log's label columns (the month and the season card), mm: fit_names' label width
LOG_LABEL_MM = 44.0
LOG_MAX_HIVES = 4


def month_log_context(view: Mapping[str, Any] | None = None, players: int | None = None,
                      per_page: int = 1) -> dict[str, Any]:
    """Context of ``tracker-beelives-months.html``: the Bee Lives month log, a table per year
    (the nine productive months, How to Play) with the season card and, for each hive, the
    brood hatched and lost, the starvation tokens, a swarm, the scouts and the VP of each
    month (:data:`LOG_CELLS`); with a campaign's :func:`campaign_view` the months played are
    filled in (small, grey: pencil goes over them) and the years are the campaign's, blank the
    three years of an epic game for ``players`` hives (1–4, default 4) with their names left
    to write.

    :raises InvalidInputError: ``players`` out of 1–4, or a campaign of more hives.
    """
    from hyvekit.render.printables import fit_names
    from hyvekit.rules.validate import require_int

    if view is not None:
        names = list(view.get("players") or [])
        years = int(view.get("years") or 1)
        months = {(m["year"], m["month"]): m for m in view.get("months", ())}
    else:
        count = require_int("--players", players if players is not None else LOG_MAX_HIVES,
                            1, LOG_MAX_HIVES)
        names = [""] * count
        years = V.max_years()
        months = {}
    if not 1 <= len(names) <= LOG_MAX_HIVES:
        raise InvalidInputError("campaign", len(names), f"1-{LOG_MAX_HIVES} hives")
    columns = [{"number": i + 1, "name": n} for i, n in enumerate(names)]
    listed = fit_names(columns, LOG_LABEL_MM, per_page)

    def cells(m: Mapping[str, Any] | None, name: str) -> list[str]:
        if m is None:
            return [""] * len(LOG_CELLS)
        facts = dict(m.get("log", {}).get(name, {}))
        facts["vp"] = m.get("vp", {}).get(name, 0)
        facts["starvation"] = m.get("starvation", {}).get(name, 0)
        out = []
        for key, _, _ in LOG_CELLS:
            value = facts.get(key)
            out.append("✓" if key == "swarmed" and value else
                       "" if key == "swarmed" or value is None else str(value))
        return out

    tables = []
    for year in range(1, years + 1):
        rows = []
        for number, (month, season) in enumerate(zip(V.months(), V.month_seasons()), 1):
            m = months.get((year, number))
            rows.append({"month": V.abbr(month), "season": season,
                         "card": m["card"] if m else "", "filled": m is not None,
                         "hives": [cells(m, n) for n in names]})
        tables.append({"year": year, "rows": rows})
    return {"title": "Bee Lives Month Log", "players": columns, "names_listed": listed,
            "cells": [{"key": k, "head": h, "what": w} for k, h, w in LOG_CELLS],
            "years": tables, "campaign": ({"name": view.get("name"), "id": view.get("id")}
                                          if view is not None else None),
            "source": "Bee Lives rulebook: How to Play (the nine productive months), Feeding, "
                      "Brood and Swarm Phases"}


register(Printable("tracker beelives-months", "tracker-beelives-months.html",
                   "Bee Lives Month Log",
                   "Bee Lives month log: a table per year, each month's season card and, for "
                   "every hive, brood hatched and lost, starvation tokens, a swarm, scouts "
                   "and VP; blank for 1-4 hives or filled from a campaign's months.",
                   "hyvekit print tracker beelives-months spring-league",
                   per_page=(1,), command=("print", "tracker", "beelives-months"),
                   expect="Month Log"),
         lambda players=None, **_: month_log_context(players=players))
