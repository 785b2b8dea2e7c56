"""The catalogue of printables and the context each template is rendered with.

Context builders are pure functions over the rules core (no weasyprint, no files): they turn a
game state or the print options into plain dicts of text and numbers that the templates lay out.
Every rule text printed on an aid is transcribed from the rulebook and cites its section.

Printables (``hyvekit print list``):

* ``legacy-sheet`` – the Hyve Legacy sheet, blank or pre-filled from a legacy run
  (:func:`legacy_sheet_context`);
* ``pad beelives`` – the Bee Lives end-of-game scoring pad (:func:`beelives_pad_context`);
* ``aid beelives-month`` – the Bee Lives month sequence and seasonal resource chart
  (:func:`beelives_month_context`).
"""

from __future__ import annotations

import functools

import re
from typing import Any

from hyvekit.render.catalogue import (  # noqa: F401 - re-exported for older callers
    AIDS,
    CATALOGUE,
    PADS,
    Printable,
    blank_context,
    lookup,
    register,
)
from hyvekit.render.text import fraction, ordinal, signed, times_word, word
from hyvekit.rules.common import InvalidInputError, counted, require_int
from hyvekit.games.hyve import (
    BEE_TYPES,
    HONEY_PER_HYVE,
    HP_POSITIONS_PER_HONEY,
    POPULATION_PER_HONEY,
    RESOURCE_KINDS,
    RESOURCE_LABELS,
    RESOURCES_PER_HONEY,
    SCENARIOS,
    LegacySheet,
    LegacyState,
    perk_label,
)
from hyvekit.rules.validate import MAX_PLAYER_NAME

PAPERS = ("a4", "letter")
MAX_NAME_LENGTH = MAX_PLAYER_NAME   # a pre-printed player name, as a player is named


# --- shared ------------------------------------------------------------------------------------

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def swatch_ink(hex_colour: str) -> dict[str, str]:
    """A colour swatch's inks: ``{"ink": "#rrggbb" (lower case), "text": "#000000" or
    "#ffffff"}``, the text black or white by the ink's luminance; a value that is not
    ``#rrggbb`` gives grey ``#888888``."""
    if not _HEX.fullmatch(hex_colour or ""):
        hex_colour = "#888888"
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return {"ink": hex_colour.lower(), "text": "#000000" if luminance > 140 else "#ffffff"}


# --- Hyve Legacy sheet ---------------------------------------------------------------------------

def perk_effects() -> dict[str, str]:
    """Perk effects, transcribed from hyve.txt, Legacy Mode, "Perks" (the rulebook's order and
    spelling; :data:`hyvekit.rules.hyve.scenario.PERKS`), each number from the rules core."""
    from hyvekit.games.hyve import (
        MIGRATORY_HP,
        RESILIANCE_HP,
        TENACITY_REDUCTION,
        VIGOROUS_HP,
    )
    from hyvekit.games.hyve import BESEECH_TIMES, FECUNDITY_LARVA, PERKS
    from hyvekit.games.hyve import DEEP_STORES_MINIMUM

    effects = {
        "resiliance": f"Gain exactly {RESILIANCE_HP} HP whenever you lose any number of "
                      "Population.",
        "vigorous": f"Gain exactly {VIGOROUS_HP} HP whenever you gain any number of Population.",
        "tenacity": f"Any seasonal Population loss is always reduced by {TENACITY_REDUCTION}.",
        "fecundity": "When adding any number of Larva to the hyve, add exactly "
                     f"{word(FECUNDITY_LARVA)} more.",
        "deep-stores": f"You always score a minimum of {DEEP_STORES_MINIMUM} HP whenever you "
                       "complete a hyve.",
        "beseech": "When adding to an empty Royal Jelly, you may enact the chosen effect "
                   f"{times_word(BESEECH_TIMES)} using the same color.",
        "excisor": "When completing a hyve, before scoring, you may cross out any one space, "
                   "treating it as colorless.",
        "controlled-rolls": "You are no longer required to roll dice equal to your Population, "
                            "but may roll any number less than your Population.",
        "sensilla": "When your HP die enters an uncolored space on the HP track, color it with "
                    "any color and immediately add a Nectar of that color to your active hyve.",
        "migratory": f"When migrating, gain {MIGRATORY_HP} HP per each crossed out effect this "
                     "season.",
    }
    return {p: effects.get(p, "") for p in PERKS}


def gaining_honey() -> tuple[str, ...]:
    """hyve.txt, Legacy Mode, "Gaining Honey" (one line each, as printed on the sheet's
    footer), the rates from the rules core."""
    return (
        f"1 Honey for every {HP_POSITIONS_PER_HONEY} positions your HP die is past the Starting "
        "Space",
        f"1 Honey for every {POPULATION_PER_HONEY} Population at the end of the Scenario",
        f"{HONEY_PER_HYVE} Honey for every completed hyve",
        "bonus Honey from filled bonus squares of the Courier honey track (cross them out)",
    )


def blank_sheet() -> LegacySheet:
    """The packaged ``legacy-1`` sheet, used for a blank legacy sheet."""
    from hyvekit.data.hyve import legacy_sheets
    return legacy_sheets()["legacy-1"]


def legacy_sheet_context(state: LegacyState | None = None, header: dict[str, Any] | None = None,
                         sheet: LegacySheet | None = None) -> dict[str, Any]:
    """Context of ``legacy-sheet.html``.

    :param state: a legacy run to pre-fill from (colours, honey well, purchases, crossed-out
        items, honey track); None for a blank sheet.
    :param header: the run's record header (``"name"``, ``"id"``), printed at the top.
    :param sheet: the sheet of a blank print (default :func:`blank_sheet`); ignored with
        ``state`` (the run's own sheet is used).
    """
    sheet = state.sheet if state is not None else (sheet or blank_sheet())
    header = header or {}
    filled = state is not None

    colour_of_die = {}
    if filled:
        colour_of_die = {die: state.colour_of(die) for die in BEE_TYPES}
    die_of_colour = {c: d for d, c in colour_of_die.items()}

    def swatch(colour: str | None) -> dict[str, Any] | None:
        if not colour:
            return None
        return {"name": colour, "die": die_of_colour.get(colour), **swatch_ink(sheet.ink(colour))}

    results = {r.number: r for r in state.results} if filled else {}
    scenarios = []
    for i, name in enumerate(sheet.run, start=1):
        honey = state.honey_well[i - 1] if filled else None
        result = results.get(i)
        status = ""
        if result is not None:
            status = "won" if result.won else "lost"
        elif filled and state.phase == "playing" and state.scenario == i:
            status = "playing"
        scenarios.append({"number": i, "name": name, "honey": honey, "status": status})

    owned = set(state.perks) if filled else set()
    # The rulebook's order (Legacy Mode, "Perks"), whatever order a stored sheet keeps them in.
    effects = perk_effects()
    rulebook_order = list(effects)
    ordered = sorted(sheet.perk_costs, key=lambda pc: (
        rulebook_order.index(pc[0]) if pc[0] in rulebook_order else len(rulebook_order)))
    perks = [{"id": p, "label": perk_label(p), "cost": c, "bought": p in owned,
              "effect": effects.get(p, "")} for p, c in ordered]

    resources = []
    for kind in RESOURCE_KINDS:
        bought = [r for r in state.resources if r.kind == kind] if filled else []
        spaces = []
        for n in range(sheet.spaces(kind)):
            if n < len(bought):
                r = bought[n]
                spaces.append({"filled": True, "used": r.used, "swatch": swatch(r.colour)})
            else:
                spaces.append({"filled": False, "used": False, "swatch": None})
        resources.append({"kind": kind, "label": RESOURCE_LABELS[kind], "spaces": spaces})

    bread = []
    slots = sheet.bread_slots
    for t in BEE_TYPES:
        k = state.bread_upgrades[t - 1] if filled else 0
        crossed = filled and t in state.crossed_bread
        colour = swatch(colour_of_die.get(t))
        bread.append({
            "type": t, "crossed": crossed, "swatch": colour,
            "level": state.bread_levels[t - 1] if filled else None,
            # the k right-most slots are the bought ones
            "slots": [{"cost": c, "filled": j >= len(slots) - k}
                      for j, c in enumerate(slots)],
        })

    track_state = state.honey_track if filled else ("empty",) * sheet.honey_track_length
    track = [{"square": i + 1, "bonus": sheet.bonus_at(i + 1), "state": s}
             for i, s in enumerate(track_state)]

    setup = [{"die": d, "swatch": swatch(colour_of_die.get(d))} for d in BEE_TYPES]

    run_name = str(header.get("name") or "") if filled else ""
    return {
        "title": "Hyve Legacy Sheet",
        "prefilled": filled,
        "run": {"name": run_name, "id": str(header.get("id") or "")} if filled else None,
        "sheet": {"id": sheet.id, "name": sheet.name, "starting_honey": sheet.starting_honey,
                  "assumed": sheet.assumed},
        "scenarios": scenarios,
        "scenario_count": SCENARIOS,
        "perks": perks,
        "resources": resources,
        "resources_per_honey": RESOURCES_PER_HONEY,
        "bread": bread,
        "honey_track": track,
        "setup": setup,
        "easy": bool(state.easy) if filled else False,
        "phase": state.phase if filled else "",
        "honey_now": state.honey if filled and state.phase == "shopping" else None,
        "gaining_honey": gaining_honey(),
    }


# --- Bee Lives scoring pad ---------------------------------------------------------------------

GAMES_PER_PAGE = 2


def pad_rows(board: Any) -> tuple[dict[str, str], ...]:
    """The score rows of the end-of-game pad (End of the Game, Scoring Victory Points), with
    the board's VP values."""
    from hyvekit.render import beelives_values as V
    from hyvekit.games.beelives import BEE_VP, HONEY_VP

    return (   # "fills": the final score's figure a record fills the row with
        {"key": "vp", "label": "VP earned during play", "note": V.play_vp(board),
         "fills": "vp"},
        {"key": "honey", "label": "Remaining honey", "note": V.vp_each(HONEY_VP),
         "fills": "honey_vp"},
        {"key": "bees", "label": "Surviving worker bees", "note": V.vp_each(BEE_VP),
         "fills": "bees_vp"},
        {"key": "starvation", "label": "Starvation tokens",
         "note": V.vp_each(board.starvation_vp)},
        {"key": "total", "label": "Total VP", "note": "", "fills": "total"},
        {"key": "eligible", "label": "Eligible to win", "note": V.eligibility()},
    )


def tie_breaker_rows() -> tuple[dict[str, str], ...]:
    """``{"key", "label": "1. Most remaining pollen"}`` per tie-breaker (End of the Game)."""
    from hyvekit.render.beelives_values import tie_breakers
    return tuple({"key": key, "label": f"{i}. {words[0].upper()}{words[1:]}"}
                 for i, (key, words) in enumerate(tie_breakers(), start=1))


#: the longest record id a footer prints whole (the whole id is in the PDF's metadata): a
#: longer one is cut, so the footer's line never runs under the version on the right
FOOTER_ID = 24


def footer_id(record_id: str) -> str:
    """``record_id`` as a print's footer names it: cut to :data:`FOOTER_ID` characters with an
    ellipsis."""
    text = str(record_id)
    return text if len(text) <= FOOTER_ID else text[: FOOTER_ID - 1] + "\u2026"


def parse_names(text: str | None, longest: int = MAX_NAME_LENGTH) -> list[str]:
    """``"Ann, Bob"`` → ``["Ann", "Bob"]`` (empty items dropped).

    :param longest: the longest name taken (a player's name by default; a run's name on the
        legacy pad may be as long as a record's).
    :raises InvalidInputError: a name longer than ``longest`` characters.
    """
    if not text:
        return []
    from hyvekit.rules.validate import input_text
    names = [input_text("--names", n.strip()) for n in text.split(",") if n.strip()]
    for n in names:
        if len(n) > longest:
            raise InvalidInputError("--names", n, f"names of at most {longest} characters")
        if names.count(n) > 1:
            raise InvalidInputError("--names", n, "a different name for each player")
    return names


def player_columns(players: int | None, names: list[str] | None,
                   max_players: int) -> list[dict[str, Any]]:
    """The player columns of a pad: ``[{"number": 1, "name": "Ann"}, ...]``.

    :param players: columns, 1–``max_players``; default the number of ``names``, else the most.
    :param names: names pre-printed on the first columns (at most ``players``).
    :raises InvalidInputError: players out of range, more names than players, a name longer
        than :data:`MAX_NAME_LENGTH`.
    """
    names = list(names or [])
    if players is None:
        if len(names) > max_players:          # the names given decide the columns
            raise InvalidInputError("--names", ",".join(names),
                                    f"at most {counted(max_players, 'name')}, one per player")
        players = len(names) or max_players
    players = require_int("--players", players, 1, max_players)
    if len(names) > players:
        raise InvalidInputError("--names", ",".join(names),
                                f"at most {counted(players, 'name')}, one per player")
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidInputError("--names", name,
                                    f"names of at most {MAX_NAME_LENGTH} characters")
    return [{"number": i + 1, "name": names[i] if i < len(names) else ""}
            for i in range(players)]


#: a name pre-printed on a pad: at most this size (pt on the page), at least 6 pt on the
#: sheet (N-up shrinking included)
NAME_PT = 10.0
NAME_MIN_SHEET_PT = 6.0
#: the page's side margins (base.css ``@page``; base.html's at 4-up) and a name cell's
#: padding and borders, mm
PAGE_SIDES_MM = 22.0
QUARTER_SIDES_MM = 18.0
NAME_CELL_MM = 3.5
#: each pad's label column (its CSS ``.what`` width), mm, on a half sheet (``.half-sheet
#: .what``: 2-up) and on a quarter (``.per-page-4 .what``: 4-up) where the pad offers them
PAD_LABEL_MM = {"beelives": 56.0, "beez": 52.0, "beelives-years": 60.0}
PAD_HALF_LABEL_MM = {"beelives": 38.0, "beez": 40.0}
PAD_QUARTER_LABEL_MM = {"beelives": 32.0, "beez": 37.0}


@functools.cache
def _bold_advances() -> tuple[dict[int, int], int]:
    """The bundled DejaVu Sans Bold's advance widths by code point, and its units per em."""
    from fontTools.ttLib import TTFont

    from hyvekit.render.env import templates_dir
    font = TTFont(templates_dir() / "fonts" / "DejaVuSans-Bold.ttf", lazy=True)
    metrics = font["hmtx"].metrics
    return ({cp: metrics[g][0] for cp, g in font.getBestCmap().items()},
            font["head"].unitsPerEm)


def word_width_mm(word: str, pt: float) -> float:
    """The width of ``word`` in bold at ``pt``, in mm (a character the bundled font lacks, a
    CJK one or an emoji, counted a whole em)."""
    advances, em = _bold_advances()
    return sum(advances.get(ord(c), em) for c in word) / em * pt * 25.4 / 72


def fit_names(columns: list[dict[str, Any]], label_mm: float, per_page: int,
              half_label_mm: float | None = None, quarter_label_mm: float | None = None
              ) -> bool:
    """Size each pre-printed name of a pad's player ``columns`` to its cell: ``name_pt``, the
    largest size up to :data:`NAME_PT` at which its longest word fits (a name wraps between
    words, never inside one), on the narrower of A4 and Letter at ``per_page``.  True when
    some name does not fit even at :data:`NAME_MIN_SHEET_PT` on the sheet: the pad then
    lists the names on a row of their own (``pad-macros.html``).

    :param label_mm: the width of the pad's label column (its CSS ``.what``), mm;
        ``half_label_mm`` its width on a half sheet (2-up), ``quarter_label_mm`` on a
        quarter (4-up), each default the one before.
    """
    from hyvekit.render.pdf import MM, PAPER, impose_geometry, nup_scale

    page_mm = min(impose_geometry(p, per_page)["page"]["width_pt"] for p in PAPER) / MM
    if per_page > 1 and half_label_mm is not None:
        label_mm = half_label_mm
    if per_page == 4 and quarter_label_mm is not None:
        label_mm = quarter_label_mm
    sides = QUARTER_SIDES_MM if per_page == 4 else PAGE_SIDES_MM
    cell = (page_mm - sides - label_mm) / max(len(columns), 1) - NAME_CELL_MM
    least = NAME_MIN_SHEET_PT / nup_scale(per_page)
    listed = False
    for column in columns:
        widest = max((word_width_mm(w, 1.0) for w in column["name"].split()), default=0.0)
        size = NAME_PT if widest == 0 else min(NAME_PT, 0.95 * cell / widest)
        column["name_pt"] = round(max(size, least), 1)
        listed = listed or size < least
    return listed


def beelives_pad_context(players: int | None = None, names: list[str] | None = None,
                         per_page: int = 1, board: Any = None) -> dict[str, Any]:
    """Context of ``pad-beelives.html``: two score blocks per page (one on a 4-up slip).

    :param players: columns, 1–4; default the number of ``names``, or 4 without names.
    :param names: names pre-printed on the first columns (at most ``players``).
    :param per_page: copies per sheet; with 2 or 4, each copy (a half sheet, or a quarter)
        holds one game, else two.
    :param board: the board values printed (VP per swarm, raid, starvation token); default
        the packaged board.
    :raises InvalidInputError: players out of 1–4, more names than players.
    """
    from hyvekit.render import beelives_values as V
    from hyvekit.games.beelives import PLAYER_HIVES  # Components: "4 Player Hives"

    board = V.board_or_default(board)
    columns = player_columns(players, names, PLAYER_HIVES)
    return {
        "title": "Bee Lives Scoring Pad",
        "players": columns,
        "names_listed": fit_names(columns, PAD_LABEL_MM["beelives"], per_page,
                                  PAD_HALF_LABEL_MM["beelives"],
                                  PAD_QUARTER_LABEL_MM["beelives"]),
        "rows": pad_rows(board),
        "tie_breakers": tie_breaker_rows(),
        "starvation_factor": signed(board.starvation_vp),
        "total_rule": V.total_formula(board),
        "games": list(range(1, (1 if per_page >= 2 else GAMES_PER_PAGE) + 1)),
        "tie_rule": V.tie_rule("In case of a tie"),
        "source": "Bee Lives rulebook, \u201cEnd of the Game\u201d",
    }


# --- Bee Lives month aid -----------------------------------------------------------------------

def month_phases(board: Any) -> tuple[dict[str, Any], ...]:
    """The seven phases of a productive month: number, name and the rulebook's summary
    (:data:`hyvekit.rules.beelives.phases.MONTH_PHASES`), with the aid's reminders of each
    phase's section (Productive Months), the numbers from ``board`` and the rules core."""
    from hyvekit.render import beelives_values as V
    from hyvekit.games.beelives import FIRST_MONTH_SKIPS, MONTH_PHASES, SWARM_LOSS_DIVISOR
    from hyvekit.games.beelives import BASE_BROOD_PER_POLLEN

    starvation = V.vp(board.starvation_vp)
    last = word(board.last_bees)
    details = {
        "Egg Phase": (
            "Empty cells in your comb = brood this month: move that many worker bees from your "
            "supply to the nest area.",
            "Zero empty cells: take a swarm token (your hive will swarm in the Swarm Phase).",
        ),
        "Feeding Phase": (
            f"Each honey feeds up to {word(board.bees_per_honey)} worker bees; brood need no "
            "honey.",
            f"Unfed worker bees starve. For any of your last {last} bees that would starve you "
            f"may take a starvation token ({starvation}) instead.",
            "Skip feeding token: no feeding this month; return the token.",
        ),
        "Brood Phase": (
            f"{word(BASE_BROOD_PER_POLLEN).capitalize()} pollen per brood; hatching is "
            "mandatory. Then lose newly hatched bees equal to your disease level.",
            "Queen token rotated left: hatch no brood; rotate it back and discard the nest "
            "area.",
        ),
        "Swarm Phase": (
            "In clockwise order from the first player. You swarm with a swarm token, or with "
            "more worker bees than your swarm threshold.",
            f"Lose {fraction(SWARM_LOSS_DIVISOR)} your worker bees and "
            f"{fraction(SWARM_LOSS_DIVISOR)} your honey (rounded down); spawn a wild hive up to "
            f"{word(board.max_distance)} spaces away; stay or leave. Score: "
            f"{V.swarm_vp(board, ' VP')}.",
        ),
        "Event Phase": (
            "Its effects stay active until the card is covered next month.",
        ),
        "Action Phase": (
            "After the final round of player turns, the wild hives do not take a final turn.",
        ),
        "Cleanup Phase": (
            "Pass the first player marker to the left.",
            "Remove the neutral worker tokens added this month (not the wild hives).",
            "Return all active worker bees to your worker area.",
            "Lay standing varroa mites back down.",
            "Hygienic queen on a half space of the disease track: move back to the previous "
            "full space.",
        ),
    }
    return tuple({"number": i, "name": name, "summary": summary,
                  "skip_first_month": i <= FIRST_MONTH_SKIPS,
                  "details": details.get(name, ())}
                 for i, (name, summary) in enumerate(MONTH_PHASES, start=1))


def seasonal_chart(board: Any) -> tuple[dict[str, Any], ...]:
    """The Seasonal Resource Chart of ``board``: one row per tile type, one yield per season
    (``"5 honey, 5 pollen"``)."""
    from hyvekit.render.beelives_values import cubes_words
    from hyvekit.games.beelives import TILE_TYPES

    return tuple({"tile": tile.capitalize(),
                  "yields": tuple(cubes_words(board.chart(season, tile))
                                  for season in board.seasons)}
                 for tile in TILE_TYPES)


def beelives_month_context(board: Any = None) -> dict[str, Any]:
    """Context of ``aid-beelives-month.html`` (rule texts from the Bee Lives rulebook; every
    number from ``board``, default the packaged board, and the rules core)."""
    from hyvekit.render import beelives_values as V
    from hyvekit.games.beelives import FORAGE_DISEASE
    from hyvekit.games.beelives import BEE_VP, HONEY_VP, WINTER_MONTHS, WINTER_STEPS
    from hyvekit.games.beelives import JOIN_MONTH
    from hyvekit.games.beelives import FIRST_MONTH_SKIPS, MONTH_PHASES

    board = V.board_or_default(board)
    phases = month_phases(board)
    starvation = V.vp(board.starvation_vp)
    steps = (
        f"Spend honey equal to {fraction(board.winter_bees_per_honey)} of your worker bees, "
        f"rounded down. Unfed bees starve; for any of your last {word(board.last_bees)} you "
        f"may take a starvation token ({starvation}) instead.",
        "Discard worker bees equal to your disease level.",
    )
    return {
        "title": "Bee Lives Month Sequence",
        "phase_count": word(len(MONTH_PHASES)).capitalize(),
        "productive": f"Productive months ({V.month_span(V.months())}): each month follows "
                      f"these {word(len(MONTH_PHASES))} phases in order.",
        "phases": phases,
        "first_month": f"In the first month of the game, skip the first "
                       f"{word(FIRST_MONTH_SKIPS)} phases and begin with the "
                       f"{MONTH_PHASES[FIRST_MONTH_SKIPS][0]}.",
        "joining_map": f"End of {board.seasons[0]} (very last step of the Cleanup Phase in the "
                       f"{ordinal(JOIN_MONTH)} month): join the map into one group of tiles.",
        "seasons": tuple(s.capitalize() for s in board.seasons),
        "chart": seasonal_chart(board),
        "forage_note": "Forage: collect up to what the tile provides; always gain exactly "
                       f"{word(FORAGE_DISEASE)} disease.",
        "winter_intro": f"Winter upkeep ({V.month_span(WINTER_MONTHS)}): "
                        f"{word(len(WINTER_MONTHS))} months, {word(len(WINTER_STEPS))} steps "
                        "each, all players at once.",
        "winter_steps": tuple({"number": i, "name": name, "text": text}
                              for i, (name, text) in enumerate(zip(WINTER_STEPS, steps),
                                                               start=1)),
        "end_scoring": (f"{HONEY_VP} VP for each remaining honey",
                        f"{BEE_VP} VP for each surviving worker bee",
                        f"{starvation} for each starvation token"),
        "eligibility": f"You must have {V.eligibility()} to be eligible to win.",
        "tie_rule": V.tie_rule("Ties"),
        "source": "Bee Lives rulebook: Productive Months, Seasonal Resource Chart, Winter "
                  "Upkeep, End of the Game",
    }


# --- registration --------------------------------------------------------------------------

register(Printable("legacy-sheet", "legacy-sheet.html", "Hyve Legacy Sheet",
                   "Hyve Legacy sheet: run configuration, honey well, perks, bread upgrades, "
                   "core resources, courier honey track, bee setup; blank or pre-filled from a "
                   "legacy run.",
                   "hyvekit print legacy-sheet my-run --paper letter", per_page=(1,),
                   command=("print", "legacy-sheet"), expect="Bread Upgrades"),
         lambda **_: legacy_sheet_context())
register(Printable("pad beelives", "pad-beelives.html", "Bee Lives Scoring Pad",
                   "Bee Lives end-of-game scoring pad for 1-4 players: VP, honey, surviving "
                   "bees, starvation tokens, total, eligibility and tie-breakers.",
                   'hyvekit print pad beelives --players 3 --names "Ann,Bob,Cy" --copies 20',
                   per_page=(1, 2, 4), command=("print", "pad", "beelives"),
                   expect="Tie-breakers", uses=("board",)),
         lambda players=None, names=(), per_page=1, board=None, **_: beelives_pad_context(
             players, list(names), per_page=per_page, board=board),
         pad="beelives")
register(Printable("aid beelives-month", "aid-beelives-month.html", "Bee Lives Month Sequence",
                   "Bee Lives player aid: the seven phases of a month, the first-month "
                   "exception, winter upkeep, end-of-game scoring and the seasonal resource "
                   "chart.",
                   "hyvekit print aid beelives-month --copies 4", per_page=(1,),
                   command=("print", "aid", "beelives-month"),
                   expect="Seasonal Resource Chart", uses=("board",)),
         lambda board=None, **_: beelives_month_context(board), aid="beelives-month")


def duplex_test_context(flip: str) -> dict[str, Any]:
    """Context of ``duplex-test.html``: four pages that, imposed as a booklet
    (:func:`hyvekit.render.pdf.booklet_order`: [4|1] on the front, [2|3] on the back), show
    whether the printer's duplex lines the back up with the front and turns it the right way
    for ``flip`` (``"short"`` or ``"long"``, the booklet's ``--flip``)."""
    other = "long" if flip == "short" else "short"
    check = ("Hold the sheet against a light. The target of this page should sit on the "
             "target of the page behind it, and both should read this way up.")
    fix = (f"This test is --flip {flip}: in the print dialog, print on both sides, flipped "
           f"on the {flip} edge. Upside down behind? Print the booklet with --flip {other} "
           f"(and flip on the {other} edge). Shifted? Read the shift on the ruler and set your "
           f"printer's duplex offset, if it has one.")
    where = {1: "front of the sheet, right half (the booklet's cover)",
             2: "back of the sheet, left half: behind page 1",
             3: "back of the sheet, right half: behind page 4",
             4: "front of the sheet, left half (the booklet's back cover)"}
    return {"title": "Duplex alignment test",
            "source": f"hyvekit print booklet --duplex-test --flip {flip}",
            "pages": [{"number": n, "where": where[n],
                       "lines": [("Print this one sheet on both sides with the settings you "
                                  "will print the booklet with, then fold it in half."
                                  if n == 1 else "Fold the sheet along the marks at its "
                                  "middle: the pages read 1, 2, 3, 4."), check, fix]}
                      for n in (1, 2, 3, 4)],
            "ruler": list(range(-60, 61))}
