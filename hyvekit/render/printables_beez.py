"""Beez printables: the scoring pad and the turn reference.

Context builders are pure functions over the Beez rules core (``hyvekit/rules/beez/`` and
``hyvekit/data/beez.toml``): the objective cards, the hive's flight distances and the honeycomb
rows come from there, never from a second list here.  Every rule text is transcribed from the
Beez rulebook (``rules/beez.txt``) and cites its section.

Printables (``hyvekit print list``):

* ``pad beez`` – end-of-game scoring pad for 1–4 players (:func:`beez_pad_context`);
* ``aid beez-turn`` – the three phases of a turn, end of game, tie-break and the expert rules,
  with the hive and the honeycomb drawn as SVG (:func:`beez_turn_context`).

The rules modules are imported inside the builders: ``hyvekit print ...`` imports this module on
start-up, and nothing here may import weasyprint, reportlab, pypdf or jinja2.
"""

from __future__ import annotations

import math
from typing import Any

from hyvekit.render.catalogue import Printable, register
from hyvekit.render.text import word
from hyvekit.rules.validate import MAX_PLAYER_NAME

MAX_NAME_LENGTH = MAX_PLAYER_NAME   # as a player is named (rules.validate)
GAMES_PER_PAGE = 2         # 1-up: two games per page; 2- and 4-up: one game per copy
SOURCE_PAD = "Beez rulebook, \u201cGame Setup\u201d (4) and \u201cGame End\u201d"
SOURCE_TURN = "Beez rulebook: Gameplay, Game End, Rules for Experts"


# --- objective cards (from hyvekit/data/beez.toml) ---------------------------------------------

# How each kind of card counts its honey drops (objectives.py, KINDS).
_PER_UNIT = {"per-colour": "per different colour", "line-of-different-colours": "per line",
             "same-colour-shape": "per shape", "count-of-colour": "per nectar"}


def objective_kinds(cards=None) -> list[dict[str, Any]]:
    """The objective cards ``cards`` (default the kinds of the scoring example,
    ``[[objective]]`` of beez.toml), each with its honey drops as text and whether the value
    or the shape is hyvekit's assumption."""
    if cards is None:
        from hyvekit.data.beez import objectives as load_objectives
        cards = load_objectives().values()

    kinds = []
    for o in cards:
        unit = _PER_UNIT.get(o.kind)
        honey = ("counted by hand" if o.honey is None
                 else f"{o.honey} {unit}" if unit else f"{o.honey}")
        notes = []
        if o.assumed:
            notes.append("value assumed")
        if o.shape_assumed:
            notes.append("shape assumed")
        kinds.append({"id": o.id, "name": o.name, "honey": honey, "assumed": bool(notes),
                      "note": ", ".join(notes)})
    return kinds


ASSUMED_NOTE = ("assumed: not printed in the rulebook (hyvekit's reading of the scoring "
                "example); use your card's own value")


# --- Beez scoring pad ---------------------------------------------------------------------------

def pad_sections() -> tuple[dict[str, Any], ...]:
    """Game Setup 4: the common objectives face up, the secret ones per player (the rules
    core's counts); Game End: "add up the honey drops you have made for the three common
    objectives and your own secret objectives"; tie: "the tied player who has collected more
    large nectar wins"."""
    from hyvekit.games.beez import COMMON_OBJECTIVES, SECRET_OBJECTIVES
    return (
        {"label": "Common objectives", "note": "face up, everyone may fulfil them", "rows": tuple(
            {"key": "common", "label": f"Common objective {i}", "write_card": True, "card": "",
             "cells": ()} for i in range(1, COMMON_OBJECTIVES + 1))},
        {"label": "Secret objectives", "note": "revealed at the end", "rows": tuple(
            {"key": "secret", "label": f"Secret objective {i}", "write_card": False,
             "card": "", "cells": ()} for i in range(1, SECRET_OBJECTIVES + 1))},
    )
PAD_RULES = ("Each nectar may only be scored once per objective card, but a nectar can score "
             "on different objective cards. Most honey drops wins. Tie: the tied player with "
             "more large nectar wins; still tied, the tied players share the victory.")


def _columns(players: int | None, names: list[str] | None) -> list[dict[str, Any]]:
    """Player columns, 1–4 (see :func:`hyvekit.render.printables.player_columns`)."""
    from hyvekit.render.printables import player_columns
    from hyvekit.games.beez import MAX_PLAYERS
    return player_columns(players, names, MAX_PLAYERS)


def beez_pad_context(players: int | None = None, names: list[str] | None = None,
                     per_page: int = 1) -> dict[str, Any]:
    """Context of ``pad-beez.html``: two score blocks per page (one on a 4-up slip).

    :param players: columns, 1–4; default the number of ``names``, or 4 without names.
    :param names: names pre-printed on the first columns (at most ``players``).
    :param per_page: copies per sheet; with 2 or 4, each copy holds one game.
    :raises InvalidInputError: players out of 1–4, more names than players, a long name.
    """
    from hyvekit.render.printables import (PAD_HALF_LABEL_MM, PAD_LABEL_MM,
                                           PAD_QUARTER_LABEL_MM, fit_names)
    columns = _columns(players, names)
    return {
        "title": "Beez Scoring Pad",
        "players": columns,
        "names_listed": fit_names(columns, PAD_LABEL_MM["beez"], per_page,
                                  PAD_HALF_LABEL_MM["beez"], PAD_QUARTER_LABEL_MM["beez"]),
        "sections": pad_sections(),
        "games": list(range(1, (1 if per_page >= 2 else GAMES_PER_PAGE) + 1)),
        "head": None,
        "objectives_head": "Objective cards of the scoring example (honey drops)",
        "objectives": objective_kinds(),
        "assumed_note": ASSUMED_NOTE,
        "rules": PAD_RULES,
        "source": SOURCE_PAD,
        "filled": {"total": (), "large": (), "winner": ()},
    }


def game_pad_context(t, header: dict[str, Any], game_id: str,
                     per_page: int = 1) -> dict[str, Any]:
    """The scoring pad pre-filled from a Beez game played at the table (``t``: its
    :class:`~hyvekit.rules.beez.table.Table`, ``header``: its record's header): the game's
    name and date, the player names and the common cards; once the game is scored, each card's
    honey drops, the secret cards, the totals, the large nectar and the winner ticked; one game
    on the page; the legend lists the game's cards (:func:`~hyvekit.rules.beez.table.shown_cards`).

    :raises InvalidInputError: what :func:`beez_pad_context` raises.
    """
    from hyvekit.games.beez import shown_cards, view as table_view

    view = table_view(t)
    names = [p["name"] for p in view["players"]]
    context = beez_pad_context(len(names), names, per_page=per_page)
    scores = view.get("scores")
    sections = []
    for section in context["sections"]:
        rows = []
        for i, row in enumerate(section["rows"]):
            k = i if row["key"] == "common" else len(view["common"]) + i
            card = view["common"][i] if row["key"] == "common" else ""
            cells = ()
            if scores:
                cells = tuple(str(p["objectives"][k]["honey"]) if row["key"] == "common"
                              else f"{p['objectives'][k]['name']}: {p['objectives'][k]['honey']}"
                              for p in scores)
            rows.append({**row, "card": card, "cells": cells})
        sections.append({**section, "rows": tuple(rows)})
    context["sections"] = tuple(sections)
    context["games"] = [1]
    if scores:
        context["filled"] = {
            "total": tuple(str(p["total"]) for p in scores),
            "large": tuple(str(p["large_nectar"]) for p in scores),
            "winner": tuple(p["name"] in view["winners"] for p in scores)}
    state = ("scored" if scores else f"in progress, round {view['round']}")
    from hyvekit.render.printables import footer_id
    context["source"] = f"{context['source']} \u00b7 Beez game {footer_id(game_id)} ({state})"
    context["head"] = {"name": f"{header.get('name') or game_id} ({game_id})",
                       "date": local_date(header.get("created"))}
    context["objectives"] = objective_kinds(shown_cards(t))
    context["objectives_head"] = "Objective cards of this game (honey drops)" + (
        "" if view["over"] else "; the secret ones are revealed at the end")
    return context


def local_date(stamp: object) -> str:
    """``2026-12-02T23:44:19+00:00`` → the date it was on this machine (``2026-12-03`` an hour
    east of UTC); anything else, ``""``."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(str(stamp)).astimezone().date().isoformat()
    except ValueError:
        return ""


# --- Beez turn reference ------------------------------------------------------------------------

def _pt(x: float, y: float) -> str:
    return f"{x:.2f},{y:.2f}"


def hive_svg_data(size: float = 100.0) -> dict[str, Any]:
    """The hive of Phase 1 as SVG geometry (a flat-topped hexagon in a ``size`` square box, the
    bee facing the top side): ``points`` of the hexagon, one ``side`` per edge (the facing side
    first, then clockwise) with its label from :func:`~hyvekit.rules.beez.flight.flight_options`,
    label position, an arrow from the centre, and the "not allowed" mark."""
    from hyvekit.games.beez import flight_options

    c = size / 2
    r = size * 0.33                         # circumradius of the hexagon
    # flat-topped: vertices at 0°, 60°, … (SVG angles, y down); edge k's middle at 270° + 60°k
    verts = [(c + r * math.cos(math.radians(60 * i)), c + r * math.sin(math.radians(60 * i)))
             for i in range(6)]
    sides = []
    for k, option in enumerate(flight_options(1)):
        a = math.radians(270 + 60 * k)
        ux, uy = math.cos(a), math.sin(a)
        apothem = r * math.sqrt(3) / 2
        mid = (c + apothem * ux, c + apothem * uy)
        gap = size * (0.095 if k == 0 else 0.10)
        label_at = (c + (apothem + gap) * ux, c + (apothem + gap) * uy)
        arrow_from = (c + r * 0.32 * ux, c + r * 0.32 * uy)
        arrow_to = (c + (apothem - size * 0.035) * ux, c + (apothem - size * 0.035) * uy)
        # arrow head: two short strokes back from the tip
        head = []
        for turn in (150, -150):
            b = a + math.radians(turn)
            head.append(_pt(arrow_to[0] + size * 0.04 * math.cos(b),
                            arrow_to[1] + size * 0.04 * math.sin(b)))
        sides.append({
            "step": k, "allowed": option.allowed, "label": option.label(),
            "mid": {"x": round(mid[0], 2), "y": round(mid[1], 2)},
            "text": {"x": round(label_at[0], 2), "y": round(label_at[1] + size * 0.03, 2)},
            "arrow": {"x1": round(arrow_from[0], 2), "y1": round(arrow_from[1], 2),
                      "x2": round(arrow_to[0], 2), "y2": round(arrow_to[1], 2),
                      "head": f"{head[0]} {_pt(*arrow_to)} {head[1]}"},
        })
    facing = sides[0]
    no = {"cx": facing["mid"]["x"], "cy": round(facing["mid"]["y"] - size * 0.005, 2),
          "r": round(size * 0.045, 2)}
    d = no["r"] * math.sqrt(0.5)
    no["slash"] = {"x1": round(no["cx"] - d, 2), "y1": round(no["cy"] + d, 2),
                   "x2": round(no["cx"] + d, 2), "y2": round(no["cy"] - d, 2)}
    # the bee in the middle, its head towards the facing side: a body and a dark head
    bee = {"body": {"cx": c, "cy": round(c + size * 0.02, 2), "rx": round(size * 0.05, 2),
                    "ry": round(size * 0.075, 2)},
           "head": {"cx": c, "cy": round(c - size * 0.07, 2), "r": round(size * 0.035, 2)}}
    return {"size": size, "points": " ".join(_pt(x, y) for x, y in verts), "sides": sides,
            "no": no, "bee": bee, "font": round(size * 0.085, 2),
            "font_small": round(size * 0.06, 2)}


def honeycomb_svg_data(cell: float = 10.0) -> dict[str, Any]:
    """The honeycomb of Phase 3 (19 chambers in rows of 3, 4, 5, 4, 3) as SVG geometry from the
    rules core's chambers and the packaged layout's row labels; assumed labels are flagged."""
    from hyvekit.data.beez import layout as load_layout
    from hyvekit.games.beez import ALL_CHAMBERS, ROW_LENGTHS

    layout = load_layout()
    w = cell * math.sqrt(3)               # pointy-topped chambers: width and row pitch
    pitch = cell * 1.5
    label_w = cell * 3.2
    widest = max(ROW_LENGTHS)
    chambers = []
    for ch in ALL_CHAMBERS:
        n = ROW_LENGTHS[ch.row]
        x = label_w + w * (ch.pos + (widest - n) / 2) + w / 2
        y = cell + ch.row * pitch
        pts = [(x + cell * math.cos(math.radians(60 * i - 30)),
                y + cell * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        chambers.append({"name": str(ch), "points": " ".join(_pt(*p) for p in pts)})
    rows = []
    for i, label in enumerate(layout.labels):
        n = ROW_LENGTHS[i]
        left = label_w + w * (widest - n) / 2
        rows.append({"label": label, "assumed": i in layout.assumed_rows, "chambers": n,
                     "x": round(left - cell * 0.35, 2),
                     "y": round(cell + i * pitch + cell * 0.35, 2)})
    return {"width": round(label_w + w * widest + 2, 2),
            "height": round(cell * 2 + pitch * (len(ROW_LENGTHS) - 1) + 1, 2),
            "chambers": chambers, "rows": rows, "font": round(cell * 0.95, 2),
            "any_assumed": layout.assumed, "layout_name": layout.name}


def phase1() -> dict[str, Any]:
    """Phase 1: Flight plan (the hive; "Planning" 1-2), the hive's sides from the rules core
    (:data:`hyvekit.rules.beez.flight.HIVE_DISTANCES`)."""
    from hyvekit.games.beez import HIVE_DISTANCES, SIDES, TILE_SPACES

    flyable = [d for d in HIVE_DISTANCES if d]
    sides = ", ".join(" or ".join(map(str, d)) + (" spaces" if i == 0 else "")
                      for i, d in enumerate(flyable))
    return {
        "intro": "Plan the direction and distance of your bee's flight with your bee and its "
                 "hive.",
        "hive": (f"The hive has {SIDES} sides. The side your bee faces shows the \u201cnot "
                 "allowed\u201d symbol: your bee can never fly in this direction. Going round "
                 f"from it, the {word(len(flyable))} flyable sides show {sides}."),
        "steps": (
            "Look at your hive: in which directions and how far can your bee fly? Decide on a "
            "direction. If there are two options (e.g. 2/4), choose one.",
            "Rotate your bee in the direction it will fly in Phase 2. Not rotating the bee is "
            "not allowed.",
        ),
        "spaces": f"Every flower tile, leaf tile and the start tile shows {TILE_SPACES} hexagonal "
                  "spaces, on which one bee may land.",
    }


# Phase 2: Flying and collecting nectar ("Rules for flying", "Collecting nectar", exception).
FLYING = (
    "Move your bee as many spaces as the hive allows in this direction, as planned in "
    "Phase 1.",
    "Your flight must end on a space with no other bee.",
    "Always fly in a straight line, never curved. You may fly over other bees.",
    "Never leave the flower field, not even as a shortcut between two tiles.",
    "If the planned flight would end on another bee or outside the field, you cannot make it: "
    "go back to Phase 1 and plan another flight.",
    "In the rare event that no legal flight exists, fly to an adjacent space instead, turning "
    "your bee in the new direction first.",
)
COLLECTING = (
    "Land on a space with a small nectar on its edge: you may take it.",
    "Land in the centre of a flower with a large nectar: you may take it together with one "
    "adjacent small nectar.",
    "Centre of a flower whose large nectar is gone: you may take one adjacent small nectar, if "
    "any is left.",
    "No nectar reached: your flight is over and you skip Phase 3; next player's turn.",
)
WATER = ("Water drops: if your flight ends on a leaf tile, on a space with a water drop, your "
         "bee refreshes itself and may immediately plan and take another flight.")
HINT = ("Hint: avoiding nectar on a flight can be worth it, to be better placed for a later "
        "flight.")

# Phase 3: Storing nectar and making honey.
STORING = (
    "You must store the nectar collected in Phase 2 in an empty chamber of a row whose number "
    "matches the flight distance just completed.",
    "Large and small nectar are treated identically. Once placed, nectar cannot be moved.",
    "For each nectar placed, move your player marker one space to the right.",
)
GOES_BACK = (
    "No suitable free chamber: put the nectar back on its original place on the flower.",
    "Room for only one of two nectar: choose which to store and which to put back.",
    "Large nectar not stored: put it back on the centre of the flower and place your bee on "
    "top of it.",
)

def end_of_game() -> tuple[str, ...]:
    """Game End and the scoring example (the end trigger and the objectives' counts from the
    rules core)."""
    from hyvekit.games.beez import END_TRIGGER
    from hyvekit.games.beez import COMMON_OBJECTIVES, SECRET_OBJECTIVES
    return (
        f"The game ends as soon as a player has stored {END_TRIGGER} or more nectar and moved "
        "their marker to the last space of the track. Finish the round so that everyone has had "
        "the same number of turns.",
        "Reveal your secret objectives. Starting with the start player, add up the honey drops "
        f"for the {word(COMMON_OBJECTIVES)} common objectives and your "
        f"{word(SECRET_OBJECTIVES)} secret objectives.",
        "Each nectar may only be scored once per objective card, but a nectar can score on "
        "different cards.",
    )


TIE_BREAK = ("Most honey drops wins. Tie: the tied player who collected more large nectar "
             "wins. Still tied: the tied players share the victory.")

# Rules for Experts (1: setup step 4; 2: Phase 3 storing).
def expert() -> tuple[str, ...]:
    """Rules for Experts (1: setup step 4; 2: Phase 3 storing): one pile, one common objective,
    per honey type (Game Setup 4)."""
    from hyvekit.games.beez import COMMON_OBJECTIVES
    return (
        f"Setup, step 4: sort the objective cards into the {word(COMMON_OBJECTIVES)} honey "
        "types. Take the card shown in the rulebook's Rules for Experts from the pink-lid pile "
        "as the first common objective; shuffle each pile, draw the top card of each of the "
        f"other {word(COMMON_OBJECTIVES - 1)} piles as the other common objectives, then draw "
        "secret objectives as usual.",
        "Phase 3: once your first nectar is placed, every other nectar must be placed adjacent "
        "to nectar already stored. Nectar still cannot be moved once placed.",
    )


def beez_turn_context(**_: Any) -> dict[str, Any]:
    """Context of ``aid-beez-turn.html`` (rule texts from the Beez rulebook; the hive's sides
    from the rules core's flight plan, the honeycomb from its chambers and packaged layout)."""
    from hyvekit.games.beez import END_TRIGGER, PHASES
    from hyvekit.games.beez import CHAMBERS, ROWS

    comb = honeycomb_svg_data()
    return {
        "title": "Beez Turn Reference",
        "turn": f"Each turn has {word(len(PHASES))} phases. The start player begins; turns go "
                "clockwise.",
        "phases": [{"number": i, "name": name} for i, name in enumerate(PHASES, start=1)],
        "hive": hive_svg_data(),
        "phase1": phase1(),
        "flying": FLYING,
        "collecting": COLLECTING,
        "water": WATER,
        "hint": HINT,
        "comb": comb,
        "comb_intro": f"Each honeycomb has {CHAMBERS} chambers in {ROWS} rows; the rows are "
                      "numbered with the flight distances.",
        "comb_assumed": ("* row number not printed in the rulebook: hyvekit's default "
                         "honeycomb. Use the numbers on your honeycomb."
                         if comb["any_assumed"] else ""),
        "storing": STORING,
        "goes_back": GOES_BACK,
        "end_trigger": END_TRIGGER,
        "end_of_game": end_of_game(),
        "tie_break": TIE_BREAK,
        "objectives": objective_kinds(),
        "assumed_note": ASSUMED_NOTE,
        "expert": expert(),
        "source": SOURCE_TURN,
    }


# --- registration --------------------------------------------------------------------------

register(Printable("pad beez", "pad-beez.html", "Beez Scoring Pad",
                   "Beez scoring pad for 1-4 players: three common and two secret objectives, "
                   "total honey drops, large nectar for the tie-break, winner.",
                   'hyvekit print pad beez --players 3 --names "Ann,Bob,Cy" --copies 20',
                   per_page=(1, 2, 4), command=("print", "pad", "beez"),
                   expect="Total honey drops"),
         lambda players=None, names=(), per_page=1, **_: beez_pad_context(
             players, list(names), per_page=per_page),
         pad="beez")
register(Printable("aid beez-turn", "aid-beez-turn.html", "Beez Turn Reference",
                   "Beez player aid: flight plan (the hive's 1/5, 2/4, 3 sides), flying and "
                   "collecting, water drops, storing by flight distance, end of game, "
                   "tie-break, expert rules.",
                   "hyvekit print aid beez-turn --copies 4", per_page=(1,),
                   command=("print", "aid", "beez-turn"), expect="Flight plan"),
         beez_turn_context, aid="beez-turn")
