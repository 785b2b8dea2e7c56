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

import re
from typing import Any

from hyvekit.render.catalogue import (  # noqa: F401 - re-exported for older callers
    AIDS, CATALOGUE, PADS, Printable, blank_context, lookup, register)
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.hyve.legacy import (
    BEE_TYPES,
    RESOURCE_KINDS,
    RESOURCE_LABELS,
    RESOURCES_PER_HONEY,
    SCENARIOS,
    LegacySheet,
    LegacyState,
    perk_label,
)

PAPERS = ("a4", "letter")
MAX_PLAYERS_BEELIVES = 4   # Bee Lives components: "4 Player Hives (1 per color)"
MAX_NAME_LENGTH = 24       # characters of a pre-printed player name (fits a pad column)


# --- shared ------------------------------------------------------------------------------------

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def _ink(hex_colour: str) -> dict[str, str]:
    """Background ink and a readable text colour on it (black or white by luminance)."""
    if not _HEX.fullmatch(hex_colour or ""):
        hex_colour = "#888888"
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return {"ink": hex_colour.lower(), "text": "#000000" if luminance > 140 else "#ffffff"}


# --- Hyve Legacy sheet ---------------------------------------------------------------------------

# Perk effects, transcribed from hyve.txt, Legacy Mode, "Perks" (the rulebook's spelling).
PERK_EFFECTS = {
    "resiliance": "Gain exactly 1 HP whenever you lose any number of Population.",
    "vigorous": "Gain exactly 1 HP whenever you gain any number of Population.",
    "tenacity": "Any seasonal Population loss is always reduced by 1.",
    "fecundity": "When adding any number of Larva to the hyve, add exactly one more.",
    "deep-stores": "You always score a minimum of 6 HP whenever you complete a hyve.",
    "beseech": "When adding to an empty Royal Jelly, you may enact the chosen effect twice "
               "using the same color.",
    "excisor": "When completing a hyve, before scoring, you may cross out any one space, "
               "treating it as colorless.",
    "controlled-rolls": "You are no longer required to roll dice equal to your Population, "
                        "but may roll any number less than your Population.",
    "sensilla": "When your HP die enters an uncolored space on the HP track, color it with any "
                "color and immediately add a Nectar of that color to your active hyve.",
    "migratory": "When migrating, gain 1 HP per each crossed out effect this season.",
}

# hyve.txt, Legacy Mode, "Gaining Honey" (one line each, as printed on the sheet's footer).
GAINING_HONEY = (
    "1 Honey for every 3 positions your HP die is past the Starting Space",
    "1 Honey for every 5 Population at the end of the Scenario",
    "1 Honey for every completed hyve",
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
        return {"name": colour, "die": die_of_colour.get(colour), **_ink(sheet.ink(colour))}

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
    rulebook_order = list(PERK_EFFECTS)
    ordered = sorted(sheet.perk_costs, key=lambda pc: (
        rulebook_order.index(pc[0]) if pc[0] in rulebook_order else len(rulebook_order)))
    perks = [{"id": p, "label": perk_label(p), "cost": c, "bought": p in owned,
              "effect": PERK_EFFECTS.get(p, "")} for p, c in ordered]

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
        "gaining_honey": GAINING_HONEY,
    }


# --- Bee Lives scoring pad ---------------------------------------------------------------------

# bee-lives.txt, "End of the Game" and "Scoring Victory Points".
PAD_ROWS = (
    {"key": "vp", "label": "VP earned during play",
     "note": "swarming (spring 5, summer 3, fall 1), successful raids 2, defended raids 2"},
    {"key": "honey", "label": "Remaining honey", "note": "+1 VP each"},
    {"key": "bees", "label": "Surviving worker bees", "note": "+1 VP each"},
    {"key": "starvation", "label": "Starvation tokens", "note": "\u22122 VP each"},
    {"key": "total", "label": "Total VP", "note": ""},
    {"key": "eligible", "label": "Eligible to win",
     "note": "at least one surviving worker bee"},
)
TIE_BREAKERS = (
    {"key": "pollen", "label": "1. Most remaining pollen"},
    {"key": "bees", "label": "2. Most surviving worker bees"},
    {"key": "comb", "label": "3. Largest comb size"},
)
GAMES_PER_PAGE = 2


def parse_names(text: str | None) -> list[str]:
    """``"Ann, Bob"`` → ``["Ann", "Bob"]`` (empty items dropped).

    :raises InvalidInputError: a name longer than :data:`MAX_NAME_LENGTH` characters.
    """
    if not text:
        return []
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if len(n) > MAX_NAME_LENGTH:
            raise InvalidInputError("--names", n, f"names of at most {MAX_NAME_LENGTH} characters")
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
        players = len(names) or max_players
    players = require_int("--players", players, 1, max_players)
    if len(names) > players:
        raise InvalidInputError("--names", ",".join(names),
                                f"at most {players} name(s), one per player")
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidInputError("--names", name,
                                    f"names of at most {MAX_NAME_LENGTH} characters")
    return [{"number": i + 1, "name": names[i] if i < len(names) else ""}
            for i in range(players)]


def beelives_pad_context(players: int | None = None,
                         names: list[str] | None = None, per_page: int = 1) -> dict[str, Any]:
    """Context of ``pad-beelives.html``: two score blocks per page (one on a 4-up slip).

    :param players: columns, 1–4; default the number of ``names``, or 4 without names.
    :param names: names pre-printed on the first columns (at most ``players``).
    :param per_page: copies per sheet; with 4, each slip (A6 or a quarter Letter) holds one
        game, else two.
    :raises InvalidInputError: players out of 1–4, more names than players.
    """
    columns = player_columns(players, names, MAX_PLAYERS_BEELIVES)
    return {
        "title": "Bee Lives Scoring Pad",
        "players": columns,
        "rows": PAD_ROWS,
        "tie_breakers": TIE_BREAKERS,
        "games": list(range(1, (1 if per_page >= 4 else GAMES_PER_PAGE) + 1)),
        "tie_rule": "In case of a tie: most remaining pollen > most surviving worker bees > "
                    "largest comb size.",
        "source": "Bee Lives rulebook, \u201cEnd of the Game\u201d",
    }


# --- Bee Lives month aid -----------------------------------------------------------------------

# bee-lives.txt, "Productive Months" (the summary list) and each phase's section.
MONTH_PHASES = (
    {"number": 1, "name": "Egg Phase",
     "summary": "Each player counts how many brood they have in their comb.",
     "details": (
         "Empty cells in your comb = brood this month: move that many worker bees from your "
         "supply to the nest area.",
         "Zero empty cells: take a swarm token (your hive will swarm in the Swarm Phase).",
     )},
    {"number": 2, "name": "Feeding Phase",
     "summary": "Each player must feed their worker bees with honey.",
     "details": (
         "Each honey feeds up to two worker bees; brood need no honey.",
         "Unfed worker bees starve. For any of your last three bees that would starve you may "
         "take a starvation token (\u22122 VP) instead.",
         "Skip feeding token: no feeding this month; return the token.",
     )},
    {"number": 3, "name": "Brood Phase",
     "summary": "Each player spends pollen to hatch their brood into new worker bees.",
     "details": (
         "One pollen per brood; hatching is mandatory. Then lose newly hatched bees equal to "
         "your disease level.",
         "Queen token rotated left: hatch no brood; rotate it back and discard the nest area.",
     )},
    {"number": 4, "name": "Swarm Phase",
     "summary": "Each player checks to see if their hive will swarm.",
     "details": (
         "In clockwise order from the first player. You swarm with a swarm token, or with more "
         "worker bees than your swarm threshold.",
         "Lose half your worker bees and half your honey (rounded down); spawn a wild hive up "
         "to three spaces away; stay or leave. Score: spring 5 VP, summer 3 VP, fall 1 VP.",
     )},
    {"number": 5, "name": "Event Phase",
     "summary": "Reveal the next card from the current season deck.",
     "details": (
         "Its effects stay active until the card is covered next month.",
     )},
    {"number": 6, "name": "Action Phase",
     "summary": "In clockwise order, each player takes a single action. After that, each wild "
                "hive takes a single action. Repeat until no player has worker bees remaining.",
     "details": (
         "After the final round of player turns, the wild hives do not take a final turn.",
     )},
    {"number": 7, "name": "Cleanup Phase",
     "summary": "Prepare for the following month.",
     "details": (
         "Pass the first player marker to the left.",
         "Remove the neutral worker tokens added this month (not the wild hives).",
         "Return all active worker bees to your worker area.",
         "Lay standing varroa mites back down.",
         "Hygienic queen on a half space of the disease track: move back to the previous full "
         "space.",
     )},
)
FIRST_MONTH = ("In the first month of the game, skip the first four phases and begin with the "
               "Event Phase.")
JOINING_MAP = ("End of spring (very last step of the Cleanup Phase in the third month): join "
               "the map into one group of tiles.")

# bee-lives.txt, Action Details, Forage, "Seasonal Resource Chart".
SEASONS = ("Spring", "Summer", "Fall")
RESOURCE_CHART = (
    {"tile": "Bloom", "yields": ("5 honey, 5 pollen", "1 honey, 1 pollen", "2 honey, 2 pollen")},
    {"tile": "Wilt", "yields": ("2 honey, 2 pollen", "3 honey, 3 pollen", "1 honey, 1 pollen")},
    {"tile": "Harvest", "yields": ("1 honey, 1 pollen", "1 honey, 1 pollen", "3 honey, 3 pollen")},
    {"tile": "Wet", "yields": ("1 honey, 1 pollen, 3 water", "1 honey, 1 pollen, 3 water",
                               "1 honey, 1 pollen, 3 water")},
)
FORAGE_NOTE = ("Forage: collect up to what the tile provides; always gain exactly one disease.")

# bee-lives.txt, "Winter Upkeep".
WINTER_STEPS = (
    {"number": 1, "name": "Feed your bees",
     "text": "Spend honey equal to one third of your worker bees, rounded down. Unfed bees "
             "starve; for any of your last three you may take a starvation token (\u22122 VP) "
             "instead."},
    {"number": 2, "name": "Lose bees to disease",
     "text": "Discard worker bees equal to your disease level."},
)

# bee-lives.txt, "End of the Game".
END_SCORING = (
    "1 VP for each remaining honey",
    "1 VP for each surviving worker bee",
    "\u22122 VP for each starvation token",
)
ELIGIBILITY = "You must have at least one surviving worker bee to be eligible to win."
TIE_RULE = ("Ties: most remaining pollen > most surviving worker bees > largest comb size.")


def beelives_month_context() -> dict[str, Any]:
    """Context of ``aid-beelives-month.html`` (rule texts from the Bee Lives rulebook)."""
    return {
        "title": "Bee Lives Month Sequence",
        "productive": "Productive months (Mar.\u2013Nov.): each month follows these seven "
                      "phases in order.",
        "phases": MONTH_PHASES,
        "first_month": FIRST_MONTH,
        "joining_map": JOINING_MAP,
        "seasons": SEASONS,
        "chart": RESOURCE_CHART,
        "forage_note": FORAGE_NOTE,
        "winter_intro": "Winter upkeep (Dec.\u2013Feb.): three months, two steps each, all "
                        "players at once.",
        "winter_steps": WINTER_STEPS,
        "end_scoring": END_SCORING,
        "eligibility": ELIGIBILITY,
        "tie_rule": TIE_RULE,
        "source": "Bee Lives rulebook: Productive Months, Seasonal Resource Chart, Winter "
                  "Upkeep, End of the Game",
    }


# --- registration --------------------------------------------------------------------------

register(Printable("legacy-sheet", "legacy-sheet.html", "Hyve Legacy Sheet",
                   "Hyve Legacy sheet: run configuration, honey well, perks, bread upgrades, "
                   "core resources, courier honey track, bee setup; blank or pre-filled from a "
                   "legacy run.",
                   "hyvekit print legacy-sheet my-run --paper letter", per_page=(1, 2),
                   command=("print", "legacy-sheet"), expect="Bread Upgrades"),
         lambda **_: legacy_sheet_context())
register(Printable("pad beelives", "pad-beelives.html", "Bee Lives Scoring Pad",
                   "Bee Lives end-of-game scoring pad for 1-4 players: VP, honey, surviving "
                   "bees, starvation tokens, total, eligibility and tie-breakers.",
                   'hyvekit print pad beelives --players 3 --names "Ann,Bob,Cy" --copies 20',
                   per_page=(1, 2, 4), command=("print", "pad", "beelives"),
                   expect="Tie-breakers"),
         lambda players=None, names=(), per_page=1: beelives_pad_context(
             players, list(names), per_page=per_page),
         pad="beelives")
register(Printable("aid beelives-month", "aid-beelives-month.html", "Bee Lives Month Sequence",
                   "Bee Lives player aid: the seven phases of a month, the first-month "
                   "exception, winter upkeep, end-of-game scoring and the seasonal resource "
                   "chart.",
                   "hyvekit print aid beelives-month --copies 4", per_page=(1, 2),
                   command=("print", "aid", "beelives-month"),
                   expect="Seasonal Resource Chart"),
         lambda **_: beelives_month_context(), aid="beelives-month")
