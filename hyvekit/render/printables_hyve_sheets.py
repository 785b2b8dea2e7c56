"""Hyve scenario sheets: one printable per shipped definition (``sheet hyve-<id>``).

The context is computed from a :class:`~hyvekit.rules.hyve.sheets.SheetDefinition` (rules
``hyve.txt``: Game Sheets, the actions, Seasonal Effects, Game Modes).  Geometry — the six hyves,
the larva chamber and its shapes, Bee Builder shapes, Wasp War formations — is computed here as
SVG coordinates in millimetres; the template only draws them.  A legacy run (``--run``) pre-fills
the setup colours, the bread levels from its bread upgrades (crossed-out types marked) and a
Courier box.  Pure functions: no weasyprint, reportlab or jinja2 here.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from hyvekit.render.catalogue import Printable, register
from hyvekit.rules.common import InvalidInputError, counted
from hyvekit.games.hyve import (BEE_TYPES, BREAD_BELOW, BREAD_HP, BREAD_MAX,
                                       BUILDER_SHAPE_HEXES, HYVES,
                                       JELLIES, OFFENSIVE_MAX, REWARDS, SheetDefinition)

SQRT3 = math.sqrt(3)
HEX_SIZE = 3.2          # mm, circumradius of a hyve hex on Letter (5.5 mm wide); A4 draws it 15% larger
SMALL_HEX = 2.6         # mm, formations and builder shapes
LABEL_DISC = 2.5        # mm, radius of a hyve's number disc (its stroke included)
# The full-size sheet (two pages) is laid out for the real components (issue 29): a 16 mm HP
# die sits in a track square, a pen writes in a hex; the compact one-page sheet (the booklet,
# --compact) keeps the sizes above.
FULL_HEX = 4.7          # mm, circumradius of a hyve hex: 8.1 mm across its flats
FULL_SMALL_HEX = 3.6    # mm, a Wasp War formation hex: 6.2 mm across its flats
HP_ROW_MAX = 10         # HP track squares on a row of the full-size sheet (17.5 mm each)
A5_HP_ROW_MAX = 6       # and on a page of the A5 booklet
CHAMBER_SQ = 5.2        # mm, larva chamber square
SHAPE_SQ = 2.6          # mm, a square of a die shape
FRACTION_SIGNS = {2: "\u00bd", 3: "\u2153", 4: "\u00bc"}

# hyve.txt, "2. Assign Workers" (short forms for the sheet)
def actions() -> tuple[tuple[str, str], ...]:
    """The four actions in a line each (hyve.txt, "2. Assign Workers")."""
    from hyvekit.games.hyve import REPURPOSE_WILD_MAX
    return (
        ("Repurpose", "Reroll exactly as many unassigned Bees as its value (Wild: "
                      f"1\u2013{REPURPOSE_WILD_MAX})."),
        ("Bakery", "A set of Bees equal to the next level upgrades that bread, in order."),
        ("Larva Chamber", "Tend Eggs: fill its shape, OR Tend Larva: circle its row or column "
                          "(+1 HP per colour; place the populated Larva)."),
        ("Queen's Attendants", "Fill its colour into a Royal Jelly and enact it."),
    )


TURN = ("1 Refresh: roll Population dice (max {refresh})", "2 Assign Workers",
        "3 Gather Nectar", "4 Feed Bees", "5 Migration", "6 {last}")


def mode_rules(sheet: SheetDefinition) -> tuple[str, ...]:
    """The rules of ``sheet``'s game mode in short (hyve.txt, Game Modes), each number from the
    sheet definition or the rules core."""
    from hyvekit.render.text import times_word, word
    from hyvekit.games.hyve import WILD
    from hyvekit.games.hyve import CORONATION_MARGIN, LIGHT_ATTACKS, TURBO_FACTOR

    if sheet.mode == "coldsnap":
        return ("Coldsnap effects: \u201cX \u2212 Pop HP\u201d loses X minus your current "
                "Population in HP; \u201cY HP / bread<Z\u201d loses Y HP per bread level below "
                "level Z.",)
    if sheet.mode == "mites-challenge":
        return ("Mites: with each seasonal effect showing mites, cross out that many Nectar in "
                "your active hyve (crossed-out Nectar is colourless).",)
    if sheet.mode == "wasp-war":
        marshal = sheet.wasp.marshal_bees if sheet.wasp else 0
        return (f"Wasp Attack replaces Seasonal Effects: roll {word(LIGHT_ATTACKS)} dice (Wild = "
                f"{WILD}). Each die is a Light Attack; their sum is the Heavy Attack. Lose what "
                "the table shows.",
                f"Marshal action: up to {marshal} non-matching Bees a turn. Defensive hexes block "
                "a Light Attack of their value (1-for-1). A full V: its sum "
                f"(\u2264 {OFFENSIVE_MAX}) cancels that attack number for good; over "
                f"{OFFENSIVE_MAX} it fails.")
    if sheet.mode == "bee-builder":
        return ("Build action: draw each placed Bee's shape in the active hyve, connected to "
                "built shapes (the first anywhere in the top hyve). Only built hexes take Nectar "
                "or Larva; placing into the next hyve migrates, building does not.",
                f"Win also when no shape fits in the {len(sheet.hyves)}th hyve.")
    if sheet.mode == "turbo":
        boost = sheet.turbo_boost
        double = {2: "doubles"}.get(TURBO_FACTOR, f"\u00d7{TURBO_FACTOR}")
        return (f"{boost}-type Bees boost: Repurpose {double}, Bakery {double} the set, Tend Eggs "
                f"fills {word(TURBO_FACTOR)} shapes, Tend Larva takes row AND column, Queen's "
                f"Attendants acts {times_word(TURBO_FACTOR)}. Alone a {boost} only gathers an "
                "\u201cX\u201d (colourless Nectar).",)
    if sheet.mode == "long-live-the-queen":
        return ("Before each Seasonal Effect check every demand so far: +1 Approval pip for each "
                "met, +1 Disapproval pip for each missed. A win needs at least "
                f"{CORONATION_MARGIN} more Approval than Disapproval. No Thriving space.",)
    return ()


def _pts(points) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


def _hex_center(q: int, r: int, size: float) -> tuple[float, float]:
    """Pointy-topped axial → centre (mm)."""
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def _hex_points(cx: float, cy: float, size: float) -> str:
    return _pts([(cx + size * math.cos(math.radians(60 * i - 30)),
                  cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)])


def hex_group_svg(hexes, size: float = SMALL_HEX, pad: float = 0.6) -> dict[str, Any]:
    """A group of axial hexes as SVG data: ``width``/``height`` (mm) and one ``points`` string
    per hex."""
    centres = [_hex_center(q, r, size) for q, r in hexes]
    half_w = size * SQRT3 / 2
    min_x = min(x for x, _ in centres) - half_w - pad
    min_y = min(y for _, y in centres) - size - pad
    max_x = max(x for x, _ in centres) + half_w + pad
    max_y = max(y for _, y in centres) + size + pad
    return {"width": round(max_x - min_x, 2), "height": round(max_y - min_y, 2),
            "hexes": [{"points": _hex_points(x - min_x, y - min_y, size)} for x, y in centres]}


def hyves_svg(sheet: SheetDefinition, size: float = HEX_SIZE) -> dict[str, Any]:
    """The six hyves around the middle: hyve 1 top-most, then clockwise (Turn Structure: "the
    next clockwise hyve becomes active").  Sizes in mm; ``box`` is the drawing's view box
    (``x y width height``), tight around the hexes and the hyves' number discs."""
    extents = []
    for hexes in sheet.hyves:
        cs = [_hex_center(q, r, size) for q, r in hexes]
        extents.append(max(math.hypot(x, y) for x, y in cs) + size)
    ring = 2 * max(extents) + 1.2       # centre-to-centre distance of neighbouring hyves
    groups, xs, ys = [], [], []
    for i, hexes in enumerate(sheet.hyves):
        angle = math.radians(-90 + 60 * i)
        ox, oy = ring * math.cos(angle), ring * math.sin(angle)
        cells = []
        for q, r in hexes:
            x, y = _hex_center(q, r, size)
            cells.append({"points": _hex_points(ox + x, oy + y, size),
                          "cx": round(ox + x, 2), "cy": round(oy + y, 2),
                          "middle": (q, r) == (0, 0)})
            xs += [ox + x - size * SQRT3 / 2, ox + x + size * SQRT3 / 2]
            ys += [oy + y - size, oy + y + size]
        lx = ox + (max(extents) + 0.6) * math.cos(angle)
        ly = oy + (max(extents) + 0.6) * math.sin(angle)
        xs += [lx - LABEL_DISC, lx + LABEL_DISC]
        ys += [ly - LABEL_DISC, ly + LABEL_DISC]
        groups.append({"number": i + 1, "cells": cells, "label": {"x": lx, "y": ly + 1.2}})
    pad = 0.4
    x0, y0 = min(xs) - pad, min(ys) - pad
    width, height = max(xs) + pad - x0, max(ys) + pad - y0
    return {"box": f"{x0:.2f} {y0:.2f} {width:.2f} {height:.2f}", "width": round(width, 2),
            "height": round(height, 2), "groups": groups, "hexes": len(sheet.hyves[0]),
            "across_mm": round(size * SQRT3, 1)}


# The full-size sheet's page 1 (mm, as sheet-hyve.css lays it out): the content box of each
# paper (base.css's margins), the column beside the hyves (the setup colour lines and the
# population circles), and the heights above and below the hyves' drawing.
CONTENT_MM = {"a4": (188.0, 275.0), "letter": (193.9, 257.4)}
SIDE_COLUMN = 47.0      # the right column and the gap before it
HEAD_MM = 27.2          # title, turn and settings, the HP track's heading
HEAD_MORE_MM = 12.0     # a head whose run name wraps: up to three more lines
HP_ROW_MM = 21.9        # a row of the HP track: its 17.5 mm squares and their labels
PIP_LINE_MM, PIP_GROUP_MM, PIP_LABEL_MM = 6.4, 31.9, 17.0   # a line of 5.5 mm pips
HYVES_HEAD_MM = 7.6     # the hyves' heading
TAIL_MM = 11.5          # the placement note and the turnover line under the hyves


def _affine(measure, size_of):
    """``(a, b)`` of ``measure(size) = a * size + b`` (a drawing's extent in its hex size)."""
    one, two = measure(size_of(1.0)), measure(size_of(2.0))
    return two - one, 2 * one - two


def full_hex_size(sheet: SheetDefinition, rows: int, pips: int, paper: str,
                  head_more: float = 0.0) -> float:
    """The hyves' hex size (mm, circumradius) on page 1 of the full-size sheet on ``paper``:
    as large as the column beside the setup area and the height under the HP track (``rows``
    rows, ``pips`` Approval and as many Disapproval pips) allow; ``head_more``: mm more the
    head takes (a long run name wrapped; the size then at least :data:`FULL_HEX`).

    :raises InvalidInputError: hexes under :data:`FULL_HEX` (8 mm across) would be needed: the
        HP track's rows and the pips leave the hyves too little of the page (the message
        says how many spaces fit), or the hyves are too large for it.
    """
    width, height = CONTENT_MM[paper]
    per_line = int((width - PIP_LABEL_MM) // PIP_GROUP_MM) * 5
    pip_block = 2 * (2 + PIP_LINE_MM * math.ceil(pips / per_line)) + 1.6 if pips else 0
    wide = _affine(lambda h: h["width"], lambda size: hyves_svg(sheet, size))
    tall = _affine(lambda h: h["height"], lambda size: hyves_svg(sheet, size))

    def fitting(n: int) -> float:
        room = height - HEAD_MM - head_more - n * HP_ROW_MM - pip_block - HYVES_HEAD_MM - TAIL_MM
        return min((width - SIDE_COLUMN - wide[1]) / wide[0], (room - tall[1]) / tall[0])

    size = fitting(rows)
    if size >= FULL_HEX or head_more:    # a long name's room: never under 8 mm across
        return round(max(size, FULL_HEX), 2)
    most = max((n for n in range(1, rows) if fitting(n) >= FULL_HEX), default=0)
    if not most:
        raise InvalidInputError(f"sheet {sheet.id}: hyves", f"{len(sheet.hyves[0])} hexes each",
                                f"fewer: six hyves of hexes 8 mm across do not fit page 1 of "
                                f"the {paper} sheet")
    raise InvalidInputError(f"sheet {sheet.id}: hp_track.spaces", sheet.hp_track.spaces,
                            f"at most {most * HP_ROW_MAX}"
                            + (f" with {pips} Approval pips" if pips else "")
                            + f": {most} rows of HP squares above the hyves on page 1 of the "
                              f"{paper} sheet")


def _full_hyves(sheet: SheetDefinition, rows: list, head_more: float = 0.0) -> dict[str, Any]:
    """The full-size sheet's hyves drawn for each paper, as large as its page 1 allows."""
    return {paper: hyves_svg(sheet, full_hex_size(sheet, len(rows), len(_queen_pips(sheet)),
                                                  paper, head_more)) for paper in CONTENT_MM}


#: the content box of an A5 booklet page (A5 on A4, half-Letter on Letter), its side margins
#: 8 mm (sheet-hyve.css)
A5_CONTENT_MM = {"a4": (132.0, 188.0), "letter": (123.7, 193.9)}


def a5_hex_size(sheet: SheetDefinition, paper: str) -> float:
    """The hyves' hex size (mm) on their own page of the A5 booklet: as wide as the page
    (the height is to spare).

    :raises InvalidInputError: the hyves' hexes would be under :data:`FULL_HEX` (8 mm)."""
    width, height = A5_CONTENT_MM[paper]
    wide = _affine(lambda h: h["width"], lambda size: hyves_svg(sheet, size))
    tall = _affine(lambda h: h["height"], lambda size: hyves_svg(sheet, size))
    size = min((width - wide[1]) / wide[0], (height - 20 - tall[1]) / tall[0])
    if size < FULL_HEX:
        raise InvalidInputError(f"sheet {sheet.id}: hyves", f"{len(sheet.hyves[0])} hexes each",
                                "fewer: six hyves of hexes 8 mm across do not fit a page of "
                                "the A5 booklet")
    return round(size, 2)


def _shape_svg(cells, sq: float = SHAPE_SQ) -> dict[str, Any]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    rects = [{"x": (c - c0) * sq + 0.3, "y": (r - r0) * sq + 0.3} for r, c in cells]
    h = (max(r for r, _ in cells) - r0 + 1) * sq + 0.6
    w = (max(c for _, c in cells) - c0 + 1) * sq + 0.6
    return {"width": round(w, 2), "height": round(h, 2), "rects": rects, "sq": sq}


def _bread_rows(sheet: SheetDefinition, levels=None, crossed=(), swatches=None):
    rows = []
    for t in BEE_TYPES:
        start = sheet.starting_bread[t - 1]
        level = levels[t - 1] if levels else start
        level = max(level, start)
        rows.append({"type": t, "crossed": t in crossed, "swatch": (swatches or {}).get(t),
                     "cells": [{"level": n, "filled": n <= level} for n in
                               range(1, BREAD_MAX + 1)],
                     "level": level})
    return rows


def _run_scenario(sheet: SheetDefinition, state, header: dict[str, Any]) -> int | None:
    """The scenario of the run this sheet is for: the one being played, else the next one.

    :raises InvalidInputError: that scenario is played in another mode (its run configuration
        names the mode; Legacy Mode, "Starting a Legacy").
    """
    from hyvekit.rules.common import InvalidInputError
    from hyvekit.games.hyve import scenario_mode
    number = state.scenario if state.phase == "playing" else state.next_scenario
    if not number:
        return None
    name = state.sheet.run[number - 1]
    mode = scenario_mode(state, number)
    if mode is not None and mode != sheet.mode:
        raise InvalidInputError("--mode", sheet.mode,
                                f"{mode} (scenario {number} of run {header.get('id', '')} is "
                                f"{name})")
    return number


def _scenario_note(state, shown: int | None, now: int | None) -> str:
    """What a run's sheet for scenario ``shown`` knows: the result of a scenario played, that
    it is being played at the table, or that a later one shows the run as it stands before
    scenario ``now``."""
    if shown is None:
        return ""
    result = next((r for r in state.results if r.number == shown), None)
    if result is not None:
        return (f"played{' at the table' if shown in dict(state.played_tables) else ''}: "
                f"{'won' if result.won else 'lost'}, HP {result.hp_past_start:+d} past "
                f"the start, population {result.population}, {counted(result.hyves, 'hyve')}")
    if state.table is not None and shown == state.scenario:
        from hyvekit.games.hyve import progress
        return f"at the table: {progress(state.table)}; the sheet shows its set-up"
    if now is not None and shown > now:
        return f"bread levels as the run stands before scenario {now}"
    return ""


#: pages of the A5 booklet (``print booklet --imposition booklet``): the legacy sheet on two
#: and a notes page, so that each scenario's four pages start on a left-hand page: its HP
#: track beside its hyves, then its actions beside its seasons
A5_LEGACY_PAGES, A5_SCENARIO_PAGES = 3, 4


def booklet_parts(state=None, header: dict[str, Any] | None = None, sheet=None,
                  path: str | None = None, a5: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The Hyve Legacy booklet, as ``(template, context)`` documents: the legacy sheet, then
    the scenario sheet of each scenario of its run configuration, in order, in the mode it
    names (Standard for a name that is no mode); with a run ``state`` each is pre-filled as
    far as the run knows it, else blank (legacy sheet ``sheet``, default the first).

    :param path: the player's own scenario sheet definitions (``--sheets``).
    :param a5: the booklet's own A5 layout (imposed, folded): the legacy sheet on
        :data:`A5_LEGACY_PAGES` pages, each scenario on :data:`A5_SCENARIO_PAGES` full-size
        pages (the HP die's squares, 8 mm hexes); else one page each (the compact sheets).
    """
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.render.printables import blank_sheet, legacy_sheet_context
    from hyvekit.games.hyve import mode_named

    if state is not None:
        legacy = state.sheet
        parts = [("legacy-sheet.html", legacy_sheet_context(state, header or {}))]
    else:
        legacy = sheet or blank_sheet()
        parts = [("legacy-sheet.html", legacy_sheet_context(sheet=legacy))]
    for number, name in enumerate(legacy.run, 1):
        definition = sheet_definition(mode_named(name) or "standard", path)
        parts.append(("sheet-hyve.html", sheet_hyve_context(
            definition, state, header, scenario=number if state is not None else None,
            compact=not a5, a5=a5)))
    if not a5:
        # each page's footer names the booklet and the page
        return [(template, {**context, "booklet_page": f"{n} of {len(parts)}"})
                for n, (template, context) in enumerate(parts, 1)]
    # an A5 part's footer counts its pages on from its first (the page counter)
    total = A5_LEGACY_PAGES + A5_SCENARIO_PAGES * (len(parts) - 1)
    parts[0] = (parts[0][0], {**parts[0][1], "grow": {
        "page": 0, "anchor": "perks-end", "bottom_mm": 12.0, "pages": A5_LEGACY_PAGES,
        "what": f"legacy sheet {legacy.id}",
        "fits": f"a legacy sheet that fits its {A5_LEGACY_PAGES} pages of the A5 booklet"}})
    return [(template, {**context, "booklet_a5": {
        "first": 1 if n == 0 else A5_LEGACY_PAGES + 1 + A5_SCENARIO_PAGES * (n - 1),
        "pages": total}}) for n, (template, context) in enumerate(parts)]


def _queen_pips(sheet: SheetDefinition) -> list[int]:
    """Long Live the Queen's Approval (and Disapproval) pips, numbered 1…N: as many as the
    stacking demands can mark (ruling H76), or the sheet's own larger number."""
    if sheet.mode != "long-live-the-queen" and sheet.queen_pips is None:
        return []
    from hyvekit.games.hyve import most_marks

    return list(range(1, max(most_marks(sheet), sheet.queen_pips or 0) + 1))


def hp_rows(hp: list[dict[str, Any]], compact: bool,
            most: int = HP_ROW_MAX) -> list[list[dict[str, Any]]]:
    """The HP track's spaces in rows: one row on the compact sheet, else rows of at most
    ``most`` squares (:data:`HP_ROW_MAX`; :data:`A5_HP_ROW_MAX` on an A5 booklet page) as
    even as they go (18 spaces: two of 9, three of 6)."""
    if compact or not hp:
        return [hp]
    rows = math.ceil(len(hp) / most)
    per = math.ceil(len(hp) / rows)
    return [hp[i:i + per] for i in range(0, len(hp), per)]


def sheet_hyve_context(sheet: SheetDefinition, state=None, header: dict[str, Any] | None = None,
                       scenario: int | None = None, compact: bool = False,
                       a5: bool = False) -> dict[str, Any]:
    """Context of ``sheet-hyve.html`` for ``sheet``; with a legacy run ``state`` (and its
    record ``header``) the setup colours, bread levels (crossed-out types marked) and a Courier
    box are pre-filled.

    :param compact: the one-page sheet with small boxes (the booklet's); else the full-size
        sheet of two pages, laid out for the real HP die and a pen (HYVE rulebook, "Tracking
        HP": the die sits on the HP track).

    :param a5: the full-size sheet laid out on four pages of the A5 booklet (its own page
        size: A5, or half-Letter on Letter).

    :param scenario: the run's scenario (1–5) the sheet is for (a booklet's sheets); default
        the one being played, else the next one.  A scenario already played shows its result
        and only what stays the same through a run (the colours); one still to come shows the
        run as it stands now, without the Courier box of the scenario in play.
    """
    from hyvekit.render.printables import swatch_ink
    from hyvekit.games.hyve import DIE_VALUES, LIGHT_ATTACKS
    from hyvekit.games.hyve import PROPORTION

    header = header or {}
    track = sheet.hp_track
    hp = [{"position": p, "label": track.label(p),
           "kind": ("collapse" if p == 0 else "thriving" if track.thriving and p == track.top
                    else "start" if p == track.start else "space")}
          for p in range(track.spaces)]

    swatches: dict[int, dict[str, Any]] = {}
    levels = None
    crossed: tuple[int, ...] = ()
    courier = None
    now = shown = past = None
    if state is not None:
        now = state.scenario if state.phase == "playing" else state.next_scenario
        shown = _run_scenario(sheet, state, header) if scenario is None else scenario
        past = scenario is not None and (not now or scenario < now)
    if state is not None:
        for d in BEE_TYPES:
            colour = state.colour_of(d)
            swatches[d] = {"name": colour, **swatch_ink(state.sheet.ink(colour))}
    if state is not None and not past:
        levels = state.bread_levels
        crossed = tuple(state.crossed_bread)
        unused: dict[str, list[str]] = {}
        for res in state.unused_resources():
            unused.setdefault(res.colour, []).append(res.kind)
        courier = [{"colour": c, "swatch": {"name": c, **swatch_ink(state.sheet.ink(c))},
                    "text": ", ".join(f"{kinds.count(k)} {k.upper() if k == 'hp' else k}"
                                      for k in ("population", "hp", "nectar") if k in kinds)}
                   for c, kinds in unused.items()] if shown == now or scenario is None else None
    setup = [{"die": d, "swatch": swatches.get(d)} for d in BEE_TYPES]
    rows = hp_rows(hp, compact, A5_HP_ROW_MAX if a5 else HP_ROW_MAX)

    chamber = sheet.chamber
    chamber_ctx = {
        "rows": list(chamber.rows),
        "columns": [str(c) for c in chamber.columns] + ["W"] * chamber.wild_columns,
        "shapes": [{"die": d, **_shape_svg(cells), "cells": len(cells)}
                   for d, cells in chamber.shapes],
        "squares": chamber.squares,
    }
    jellies = [{"id": j, "name": JELLIES[j][0], "text": JELLIES[j][1],
                "slots": [{"die": d, "prefilled": d in sheet.jelly_prefilled}
                          for d in BEE_TYPES]} for j in sheet.jellies]
    rewards = [{"name": REWARDS[r][0], "text": REWARDS[r][1]} for r in sheet.rewards]
    # an effect's Mites are printed as mite icons after the rest of it in words (the sheet's
    # "marks"; the modes aid keeps the words)
    seasons = [{"name": s.name, "migration": s.migration,
                "demand": s.demand.describe() if s.demand else None,
                "effects": [e.describe() for e in s.effects],
                "marks": [{"text": replace(e, mites=0).describe(), "mites": e.mites}
                          for e in s.effects]} for s in sheet.seasons]
    wasp = None
    formation = SMALL_HEX if compact else FULL_SMALL_HEX
    if sheet.wasp is not None:
        wasp = {"rounds": list(range(1, sheet.wasp.rounds + 1)),
                "attacks": [{"number": a.number, "text": a.describe(),
                             "light": a.number <= max(DIE_VALUES),
                             "heavy": a.number >= LIGHT_ATTACKS * min(DIE_VALUES)}
                            for a in sheet.wasp.attacks],
                "marshal_bees": sheet.wasp.marshal_bees,
                "defensive": [hex_group_svg(f, size=formation) for f in sheet.wasp.defensive],
                "offensive": [hex_group_svg(f, size=formation) for f in sheet.wasp.offensive]}
    builder = [{"die": d, **hex_group_svg(cells, size=1.9)} for d, cells in sheet.builder_shapes]
    settings = [
        ("Starting Population", str(sheet.starting_population)),
        ("Worker Refresh", f"max {sheet.refresh_max} dice"),
        ("Scoring", sheet.scoring.capitalize()),
        ("Placement", sheet.placement.capitalize()),
        ("Migration", sheet.migration.capitalize()
         + (" (per season)" if sheet.migration == "scaling"
            else f" ({FRACTION_SIGNS.get(PROPORTION, f'1/{PROPORTION}')} Pop)")),
    ]
    from hyvekit.games.hyve import DIE_MIN
    from hyvekit.games.hyve import START_BREAD_LEVEL

    last = "Wasp Attack" if sheet.wasp else "Seasonal Effect"
    run = None
    if state is not None:
        run = {"name": str(header.get("name") or ""), "id": str(header.get("id") or ""),
               "scenario": shown, "note": _scenario_note(state, shown, now)}
    return {
        "title": f"Hyve {sheet.mode_label} Sheet" if sheet.mode != "standard"
                 else "Hyve Standard Sheet",
        "sheet": {"id": sheet.id, "name": sheet.name, "mode": sheet.mode,
                  "mode_label": sheet.mode_label, "assumed": sheet.assumed,
                  "turns": sheet.turns},
        "settings": settings,
        "hp": hp,
        "compact": compact,
        # the full-size sheet's page 2 grows into its page (render.grow; base.css's bottom
        # margin); a sheet of more than its two labelled pages is refused
        "grow": None if compact else {
            "page": A5_SCENARIO_PAGES - 1 if a5 else 1, "anchor": "page-two-end",
            "bottom_mm": 12.0, "pages": A5_SCENARIO_PAGES if a5 else 2,
            # on the A5 page only the seasons (or the wasp war) grow, as far as 2 times
            **({"most": 2.0} if a5 else {}),
            # a sheet too long for them (a run's Courier box, notes): the A5 pages' own sizes
            # the full-size sheet: smaller hyves on page 1, room for a long run name's lines
            "fallback": {"a5_scale": 1.0, "a5_roomy": 0} if a5 else {
                "full_hyves": _full_hyves(sheet, rows, HEAD_MORE_MM)},
            "what": f"sheet {sheet.id}",
            "fits": f"a sheet that fits its {A5_SCENARIO_PAGES} pages of the A5 booklet (a "
                    "shorter HP track, fewer seasonal effects, wasp attacks or formations, "
                    "larva chamber rows)" if a5 else "a sheet that fits its two pages (fewer "
                    "seasonal effects, wasp attacks or formations, larva chamber rows)"},
        # the A5 booklet's first page: larger population circles where no pips take the room
        # (the larger with two rows of HP squares); its third page's boxes 15 % larger but
        # where the wasp war's attacks and formations need its fourth
        "a5_roomy": 0 if not a5 or _queen_pips(sheet) or len(rows) > 3 else
                    1 if len(rows) == 3 else 2,
        "a5_scale": 1.0 if sheet.wasp else 1.15,
        "hp_rows": rows,
        "hp_row_length": max(len(r) for r in rows),
        "track": {"start": track.start, "top": track.top, "thriving": track.thriving,
                  "scoring": sheet.scoring},
        "queen_pips": _queen_pips(sheet),
        "hyves": hyves_svg(sheet, HEX_SIZE) if compact else None,
        # the full-size sheet's hyves on each paper, as large as its page 1 allows
        "full_hyves": None if compact else {
            paper: hyves_svg(sheet, a5_hex_size(sheet, paper)) for paper in CONTENT_MM}
        if a5 else _full_hyves(sheet, rows),
        "a5": a5,
        "dashed_hyves": sheet.mode == "bee-builder",
        "structured": sheet.placement == "structured",
        "actions": [{"name": n, "text": t} for n, t in actions()],
        "bread": _bread_rows(sheet, levels, crossed, swatches),
        "chamber": chamber_ctx,
        "chamber_size": CHAMBER_SQ,
        "jellies": jellies,
        "rewards": rewards,
        "seasons": seasons,
        "wasp": wasp,
        "builder": builder,
        "turbo_boost": sheet.turbo_boost,
        "mode_rules": mode_rules(sheet),
        "win_loss": win_loss(sheet),
        "hyve_count": HYVES,
        "builder_hexes": BUILDER_SHAPE_HEXES,
        "die_start": DIE_MIN,
        "crossed_level": START_BREAD_LEVEL,
        "offensive_max": OFFENSIVE_MAX,
        "mites": any(e.mites for x in sheet.seasons for e in x.effects),
        "season_legend": ("Lose the HP shown; \u201cPop\u201d: lose 1 Population each; "
                          f"\u201cbread<{BREAD_BELOW}\u201d: lose {BREAD_HP} HP for each bread "
                          f"level below level {BREAD_BELOW}."),
        "turn": [t.format(refresh=sheet.refresh_max, last=last) for t in TURN],
        "population": list(range(1, sheet.population_spaces + 1)),
        "start_population": sheet.starting_population,
        "setup": setup,
        "run": run,
        "courier": courier,
        "prefilled": state is not None,
        "source": "HYVE rulebook: Game Sheets, Game Settings, Game Modes",
    }


def _builder(sheet_id: str):
    def build(players=None, names=(), per_page: int = 1) -> dict[str, Any]:
        if players is not None or list(names or []):
            raise InvalidInputError("--players/--names", players or names,
                                    "neither: a scenario sheet has no player columns")
        return sheet_hyve_context(load_definitions()[sheet_id])
    return build


def load_definitions() -> dict[str, SheetDefinition]:
    """The packaged scenario sheet definitions by id (read by the data layer)."""
    from hyvekit.data.hyve import sheet_definitions
    return sheet_definitions()


def win_loss(sheet: SheetDefinition) -> dict[str, str]:
    """How a scenario of ``sheet`` is won and lost (hyve.txt, "How to Win (or Lose)"), as the
    sheet's foot and the modes aid print it: ``{"win": ..., "lose": ...}``."""
    return {"win": f"all turns played, OR all {HYVES} hyves complete"
                   + (", OR the HP die enters Thriving" if sheet.hp_track.thriving else "")
                   + ".",
            "lose": "Population 0, OR the HP die enters Colony Collapse (both at once: you "
                    "lose)."}


def hyve_modes_context(**_: Any) -> dict[str, Any]:
    """Context of ``aid-hyve-modes.html``: the six game modes other than Standard on one
    sheet, each with its settings where they differ from Standard's, its rules in short
    (:func:`mode_rules`), its demands or wasp attacks, and how it is won and lost; every
    text and number from the sheet definitions and the rules core."""
    sheets = load_definitions()
    standard = next(s for s in sheets.values() if s.mode == "standard")
    base = dict(sheet_hyve_context(standard)["settings"])
    modes = []
    for sheet in sheets.values():
        if sheet.mode == "standard" or sheet.mode in {m["mode"] for m in modes}:
            continue
        ctx = sheet_hyve_context(sheet)
        changed = [{"name": k, "value": v, "standard": base.get(k)}
                   for k, v in ctx["settings"] if base.get(k) != v]
        if sheet.turns != standard.turns:
            changed.append({"name": "Turns", "value": str(sheet.turns),
                            "standard": str(standard.turns)})
        extra = []
        if any(x["demand"] for x in ctx["seasons"]):
            extra = [f"{x['name']}: {x['demand']}" for x in ctx["seasons"] if x["demand"]]
        elif ctx["wasp"]:
            extra = [f"{a['number']}: {a['text']}" for a in ctx["wasp"]["attacks"]]
        modes.append({"mode": sheet.mode, "name": sheet.mode_label, "changed": changed,
                      "rules": ctx["mode_rules"], "extra": extra,
                      "extra_label": "Demands (they stack)" if ctx["seasons"] and any(
                          x["demand"] for x in ctx["seasons"]) else "Wasp attacks",
                      "win_loss": win_loss(sheet), "seasons": [
                          {"name": x["name"], "effects": x["effects"]} for x in ctx["seasons"]]
                      if sheet.mode == "coldsnap" else []})
    return {"title": "HYVE Game Modes", "modes": modes, "standard": standard.mode_label,
            # the modes grow into the page (render.grow); base.css's bottom margin
            "grow": {"page": 0, "anchor": "modes-end", "bottom_mm": 12.0},
            "source": "HYVE rulebook: Game Modes, Game Settings, How to Win (or Lose)"}


def _register_all() -> None:
    for sid, sheet in load_definitions().items():
        label = sheet.mode_label
        register(Printable(
            f"sheet hyve-{sid}", "sheet-hyve.html",
            f"Hyve {label} Sheet" if sheet.mode != "standard" else "Hyve Standard Sheet",
            f"HYVE scenario sheet, {sheet.name}: HP track, six {len(sheet.hyves[0])}-hex "
            f"hyves, larva chamber, bread, jellies, rewards, "
            + ("wasp attacks and formations" if sheet.wasp else "seasons")
            + " (two pages sized for the HP die and a pen; --compact: one page).",
            f"hyvekit print sheet hyve --mode {sid} --paper letter",
            per_page=(1,), command=("print", "sheet", "hyve", "--mode", sid),
            expect="HP Track", pages=2), _builder(sid))


_register_all()
register(Printable("booklet", "legacy-sheet.html", "Hyve Legacy Booklet",
                   "Hyve Legacy booklet: the legacy sheet, then the scenario sheet of each of "
                   "the five scenarios of the run configuration, in order, in one PDF; loose "
                   "A4 pages, or imposed as an A5 booklet (--imposition booklet).",
                   "hyvekit print booklet my-run --imposition booklet", per_page=(1,),
                   command=("print", "booklet"), expect="HP Track", pages=6),
         lambda **_: booklet_parts()[0][1], parts=booklet_parts)
register(Printable("aid hyve-modes", "aid-hyve-modes.html", "HYVE Game Modes",
                   "HYVE game modes reference: the six modes other than Standard on one sheet, "
                   "each with the settings it changes, its rules, its demands or wasp attacks, "
                   "and how it is won and lost.",
                   "hyvekit print aid hyve-modes --paper letter", per_page=(1,),
                   command=("print", "aid", "hyve-modes"), expect="Game Modes"),
         hyve_modes_context, aid="hyve-modes")
