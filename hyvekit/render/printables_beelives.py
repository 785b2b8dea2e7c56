"""Bee Lives printables beyond the end-of-game pad and the month aid (those are in
:mod:`hyvekit.render.printables`).

Every rule text is transcribed from the rulebook (``rules/bee-lives.txt``) and cites its
section; where the rulebook leaves a point open, hyvekit's ruling (``docs/rulings.md``, L1–L29)
is named.  The builders are pure: plain dicts of text, no files, no weasyprint.  This module is
imported on ``hyvekit print ...`` start-up, so it imports nothing heavy.

Printables (``hyvekit print list``):

* ``pad beelives-years`` – the Multiple Years Variant pad (:func:`years_pad_context`);
* ``aid beelives-wild`` – wild hive priority charts and wild hive raids (:func:`wild_context`);
* ``aid beelives-queens`` – queen types and the 27 season cards (:func:`queens_context`);
* ``aid beelives-raid`` – the raid dice pool and the raid steps (:func:`raid_context`);
* ``aid beelives-solo`` – the solo score chart and the solo modes (:func:`solo_context`).
"""

from __future__ import annotations

import re

from typing import Any

from hyvekit.render.catalogue import Printable, register
from hyvekit.rules.common import InvalidInputError, require_int

MAX_PLAYERS = 4        # Components: "4 Player Hives (1 per color)"
MAX_NAME_LENGTH = 24   # as on the end-of-game pad (printables.MAX_NAME_LENGTH)
MINUS = "\u2212"


# --- Multiple Years Variant pad ----------------------------------------------------------------

# bee-lives.txt, "Multiple Years Variant": "play for two years (long game) or three years
# (epic game)".  Year 3 is printed always, marked optional.
YEARS = (
    {"number": 1, "label": "Year 1", "note": "", "optional": False},
    {"number": 2, "label": "Year 2", "note": "long & epic game", "optional": False},
    {"number": 3, "label": "Year 3", "note": "epic game \u2013 optional", "optional": True},
)
# Rows of one player's block, per year.  "Scoring Victory Points" (VP during play), "Multiple
# Years Variant" ("Score victory points for surviving bees and remaining honey after each
# winter. You must have at least one worker bee that survives each winter."), "End of the Game"
# (starvation tokens -2 VP each).
YEAR_ROWS = (
    {"key": "vp", "label": "VP earned during play", "note": "this year"},
    {"key": "bees", "label": "Surviving worker bees", "note": "after winter, +1 VP each"},
    {"key": "honey", "label": "Remaining honey", "note": "after winter, +1 VP each"},
    {"key": "starvation", "label": "Starvation tokens", "note": f"this year, {MINUS}2 VP each"},
    {"key": "year", "label": "This year", "note": "sum of the lines above"},
    {"key": "running", "label": "Running total", "note": "previous total + this year"},
    {"key": "eligible", "label": "A worker bee survived", "note": "this winter"},
)
# bee-lives.txt, "End of the Game": tie-breakers.
FINAL_ROWS = (
    {"key": "total", "label": "Final running total"},
    {"key": "eligible", "label": "Eligible: a bee survived every winter"},
    {"key": "ties", "label": "Tie-breakers: pollen / bees / comb"},
    {"key": "winner", "label": "Winner"},
)
# bee-lives.txt, "Multiple Years Variant" (all six bullets).
YEARS_RULES = (
    "Joining the map is only done at the end of spring in the first year.",
    "Between years, discard all played season cards, but do not shuffle them back in to the "
    "season decks.",
    "A wild hive spawned in the second year comes into play with strength 4, in the third year "
    "with strength 5.",
    "Wild hives are dormant during spring of the first year, but take normal actions during "
    "the spring of the following years (spring priority chart).",
    "Score victory points for surviving bees and remaining honey after each winter. You must "
    "have at least one worker bee that survives each winter.",
    "During the second and third years, skip the Feeding Phase in the first month of spring "
    "(give each player a skip feeding token during winter upkeep, as a reminder).",
)


def _players(players: int | None, names: list[str] | None) -> list[dict[str, Any]]:
    """Player columns, 1–4 (see :func:`hyvekit.render.printables.player_columns`)."""
    from hyvekit.render.printables import player_columns
    return player_columns(players, names, MAX_PLAYERS)


def years_pad_context(players: int | None = None, names: list[str] | None = None,
                      per_page: int = 1) -> dict[str, Any]:
    """Context of ``pad-beelives-years.html``: one block per player (three year columns), then
    the final standing with the tie-breakers, then the variant's rules.

    :param players: player blocks, 1–4; default the number of ``names``, or 4 without names.
    :param names: names pre-printed on the first blocks.
    :param per_page: copies per sheet (1 or 2; the layout is the same).
    :raises InvalidInputError: players out of 1–4, more names than players, a name longer than
        :data:`MAX_NAME_LENGTH`.
    """
    return {
        "title": "Bee Lives Multi-Year Scoring Pad",
        "players": _players(players, list(names or [])),
        "years": YEARS,
        "rows": YEAR_ROWS,
        "final_rows": FINAL_ROWS,
        "intro": "VP during play: swarms (spring 5, summer 3, fall 1), successful raids 2, "
                 "defended raids 2 (Scoring Victory Points).",
        # the scoring bullet is the pad itself; the other five are printed below it
        "variant_rules": tuple(r for r in YEARS_RULES if not r.startswith("Score victory")),
        "scoring_rule": next(r for r in YEARS_RULES if r.startswith("Score victory")),
        "tie_rule": "Ties: most remaining pollen > most surviving worker bees > largest comb "
                    "size.",
        "source": "Bee Lives rulebook: Multiple Years Variant, Scoring Victory Points, End of "
                  "the Game",
    }


# --- wild hives aid ----------------------------------------------------------------------------

# bee-lives.txt, "Wild Hives": the three priority charts, lines in the rulebook's order.  The
# first two lines (swarm, wet) are the same in every season; lines 3-6 are per season
# (:data:`SEASON_CHARTS`); the forage lines share one wording (:data:`WILD_FORAGE_NOTE`).
WILD_SWARM = ("Swarm at maximum strength (14): reduce it to 7, then spawn a new wild hive, "
              "strength 7, on any available map tile up to three spaces away from the original "
              "wild hive. The first player chooses the location.")
WILD_WET = "If overheating is in effect: forage the closest wet tile.*"
WILD_FORAGE_NOTE = ("* Forage the closest X tile: place a neutral worker token on the X tile "
                    "closest to the wild hive\u2019s location, up to three spaces away, that "
                    "has not been foraged yet this round.")
WILD_SCOUT = ("Scout an empty space up to three spaces away. The first player chooses where, "
              "draws one map tile from the bag and places it in the scouted location.")
WILD_RAID = ("Raid the closest hive, up to three spaces away, not yet raided by this wild hive "
             "this round \u2013 if its strength is no more than two higher than the wild "
             "hive\u2019s.\u2020")
WILD_RAID_NOTE = ("\u2020 Target strength: a player hive = its unassigned worker bees + its "
                  "bees on the Defend action; a wild hive = its strength indicator. Place a "
                  "neutral worker token on the target hive\u2019s tile, then carry out the raid "
                  "(Wild Hive Raids).")


def _forage(tile: str) -> dict[str, str]:
    return {"kind": "forage", "tile": tile, "text": f"Forage the closest {tile} tile.*",
            "verb": "Forage", "rest": f"the closest {tile} tile.*"}


def _line(kind: str, text: str) -> dict[str, str]:
    verb, rest = text.split(" ", 1)
    return {"kind": kind, "tile": "", "text": text, "verb": verb, "rest": rest}


SEASON_CHARTS = (
    {"season": "Spring", "lines": (_forage("bloom"), _line("scout", WILD_SCOUT),
                                   _forage("wilt"), _forage("harvest"))},
    {"season": "Summer", "lines": (_line("raid", WILD_RAID), _forage("wilt"), _forage("bloom"),
                                   _forage("harvest"))},
    {"season": "Fall", "lines": (_forage("harvest"), _line("raid", WILD_RAID), _forage("bloom"),
                                 _forage("wilt"))},
)
# bee-lives.txt, "Wild Hives" (the paragraphs before the charts) and "Action Phase".
WILD_BASICS = (
    {"name": "One action each",
     "text": "On the wild hive turns of the Action Phase each wild hive takes a single action: "
             "the topmost line of the current season\u2019s chart that it can carry out."},
    {"name": "Activation order",
     "text": "After each round of player turns (not after the final round): the wild hive "
             "closest to the first player\u2019s hive goes first, then the next closest "
             "(Example E). Hives at the same distance: the current first player decides "
             "(Wild Hives; ruling L23)."},
    {"name": "+1 strength on first forage",
     "text": "The first time each month that a wild hive places a neutral worker token on a "
             "bloom, wilt or harvest tile (by foraging), increase its strength by one."},
    {"name": "Neutral worker tokens",
     "text": "Five per wild hive. Like worker bees, they block other hives from foraging the "
             "tiles they occupy; removed in the Cleanup Phase."},
    {"name": "Dormant in spring",
     "text": "Wild hives that appear during spring (season card or swarm) are dormant: no "
             "actions until summer. The spring chart is only needed in the Multiple Years "
             "Variant (wild hives act in the spring of years 2 and 3)."},
)
# bee-lives.txt, "Wild Hive Raids".
WILD_ON_PLAYER = (
    "Roll the D6: that is how much honey the wild hive steals \u2013 never more than its own "
    "strength. Stolen honey goes back to the general supply.",
    "Each worker bee on the defender\u2019s Defend action: one less honey stolen (the wild "
    "hive\u2019s strength is not reduced).",
    "The defender may sacrifice bees (on Defend or yet unassigned): each defending bee "
    f"sacrificed: strength {MINUS}2 (and {MINUS}2 honey stolen); each unassigned bee "
    f"sacrificed: strength {MINUS}1 (and {MINUS}1 honey).",
    "Steals at least one honey: wild hive strength +1.",
    "Strength reduced to zero: the wild hive is removed and the defender scores 2 VP.",
)
WILD_ON_WILD = (
    "Roll the D6 once for each hive.",
    "Add the difference in strength to the stronger hive\u2019s roll.",
    "Higher result wins; ties go to the defending wild hive.",
    "Winner: strength +1. Loser: strength \u22121; at zero it is removed from play.",
)


def wild_context() -> dict[str, Any]:
    """Context of ``aid-beelives-wild.html``."""
    return {
        "title": "Bee Lives Wild Hive Turns",
        "basics": WILD_BASICS,
        "swarm": WILD_SWARM,
        "wet": WILD_WET,
        "charts": SEASON_CHARTS,
        "forage_note": WILD_FORAGE_NOTE,
        "raid_note": WILD_RAID_NOTE,
        "on_player": WILD_ON_PLAYER,
        "on_wild": WILD_ON_WILD,
        "spawn_note": "Spawned strength: from a player\u2019s swarm, the bees that player lost; "
                      "from a season card, 3; from a wild hive\u2019s swarm, 7; in the "
                      "Multiple Years Variant, 4 in year 2 and 5 in year 3.",
        "source": "Bee Lives rulebook: Wild Hives, Wild Hive Raids, Action Phase, Season Cards, "
                  "Multiple Years Variant",
    }


# --- queens and season cards aid ---------------------------------------------------------------

# bee-lives.txt, "Queen Types" (and its note on the "B" side of the disease track).
QUEENS = (
    {"name": "Aggressive", "gist": "better in combat",
     "text": "During any raid, whether you are the attacker or defender, increase your strength "
             "by one for every two of your worker bees involved."},
    {"name": "Prolific", "gist": "more worker bees",
     "text": "When hatching brood, for every two brood that you hatch into worker bees, gain "
             "one extra worker bee, taken directly from your supply."},
    {"name": "Hygienic", "gist": "disease rises more slowly",
     "text": "During setup, flip your disease track to the \u201cB\u201d side. You never move "
             "your varroa mite more than one space when you raid another hive."},
    {"name": "Nomadic", "gist": "swarms more often",
     "text": "Your swarm threshold is the purple value in the highest-numbered cell of your "
             "comb, instead of the yellow value."},
)
B_SIDE_NOTE = ("\u201cB\u201d side: your disease level is the level of the last normal space "
               "you have reached; at the end of a round a mite on a half space moves back to "
               "the previous normal space.")

def season_cards_by_season() -> tuple[dict[str, Any], ...]:
    """The 27 season cards from ``data/beelives_seasons.toml`` (bee-lives.txt, "Season
    Cards", verbatim, in the rulebook's order), grouped by season, with typographic minus
    signs."""
    from hyvekit.data.beelives import season_cards

    cards = season_cards()
    return tuple(
        {"season": season.capitalize(),
         "cards": tuple((c.name, re.sub(r"(?<!\w)-(?=\d)", MINUS, c.text))
                        for c in cards if c.season == season)}
        for season in ("spring", "summer", "fall"))
# bee-lives.txt, "Event Phase" and "Cool Hive".
CARD_NOTES = (
    "Event Phase: reveal the top card of the current season deck; its effects stay active "
    "until the card is covered next month.",
    "Overheating: Cool Hive \u2013 assign one worker bee for every five active worker bees "
    "(rounded up) and spend one water per assigned bee; if you do not cool the hive before the "
    "end of the month, you cannot hatch any brood next month.",
    "Wild hives spawned in spring of the first year are dormant until summer.",
)


def queens_context() -> dict[str, Any]:
    """Context of ``aid-beelives-queens.html``."""
    return {
        "title": "Bee Lives Queens and Season Cards",
        "queens": QUEENS,
        "b_side": B_SIDE_NOTE,
        "queen_intro": "Choose your queen at setup. Change it when your hive swarms and you "
                       "stay, or with the Requeen action (1 bee, a different type): either way "
                       "no brood hatches next month.",
        "seasons": season_cards_by_season(),
        "card_notes": CARD_NOTES,
        "source": "Bee Lives rulebook: Queen Types, Season Cards, Event Phase, Cool Hive",
    }


# --- raid aid ----------------------------------------------------------------------------------

# bee-lives.txt, "Raid (bees: X)", table "Raid Dice Pool".
RAID_DICE = (("1\u20134", 1), ("5\u20138", 2), ("9\u201312", 3), ("13\u201316", 4), ("17+", 5))
RAID_SETUP = (
    {"name": "Assign the raid party",
     "text": "Any number of your available worker bees on the Raid action space."},
    {"name": "Choose the target",
     "text": "A wild hive or another player\u2019s hive within three spaces of your hive. Not a "
             "hive you already raided this month, not a hive that has no honey."},
    {"name": "Roll the raid dice",
     "text": "The pool of D4s for the party\u2019s size (table), and total the results."},
    {"name": "Rerolls",
     "text": "Up to three times; each reroll sacrifices one bee of the raid party (it dies), "
             "which also lowers the most honey you can steal (ruling L16: the bee first, then "
             "roll the smaller party\u2019s pool)."},
    {"name": "Strength",
     "text": "The lesser of the dice total and the number of bees in the raid party: the most "
             "honey you can steal."},
)
RAID_PLAYER = (
    {"name": "Defenders",
     "text": "Each of the defender\u2019s worker bees on the Defend action: raid strength "
             f"{MINUS}1."},
    {"name": "Sacrifices",
     "text": "The defender may sacrifice bees (on Defend or yet unassigned): for each, you "
             f"discard a bee from your raid party AND your raid strength is {MINUS}1."},
    {"name": "Bracket loss",
     "text": "If losing a bee knocks your party down a bracket of the raid dice pool, remove "
             "one of your rolled dice (your choice)."},
    {"name": "Steal",
     "text": "Take honey equal to the final strength, never more than the defender has."},
    {"name": "Disease",
     "text": "If you stole any honey: gain disease equal to one third (rounded up) of the "
             "target hive\u2019s disease level (hygienic queen: never more than one space)."},
    {"name": "Success or failure",
     "text": "Stolen honey at least half the bees initially in the raid party: successful, the "
             "attacker scores 2 VP. Less: unsuccessful, the defender scores 2 VP."},
)
RAID_WILD = (
    {"name": "Reduce",
     "text": "Lower the wild hive\u2019s strength by your raid strength; sacrifice bees of "
             "your raid party to lower it by one more each (minimum zero)."},
    {"name": "Steal",
     "text": "Honey from the general supply up to the amount the strength went down (you may "
             "take less). Any honey stolen: gain one disease."},
    {"name": "Wipe out",
     "text": "Strength reduced to zero: successful raid, score 2 VP, remove the wild hive from "
             "the map."},
)
RAID_MODIFIERS = (
    "Aggressive queen: +1 strength for every two of your worker bees involved (attacking or "
    "defending).",
    "Clean Bees (varroa mite standing): the next disease you gain this month is one less.",
    "Season cards \u2013 On Guard: aggressive queen +1 strength raiding and defending. Summer "
    "Storms: defending, +1 strength per 5 workers.",
)
RAID_EXAMPLE = ("Example H: Bob raids Lauren (5 honey, 1 defender) with 5 bees: 2 dice roll 1 "
                "and 2, strength 3. Lauren sacrifices 1 unassigned bee: Bob discards a bee, "
                "drops to 4 bees (1 die) and removes the 1: strength 2; minus 1 for the "
                "defender and 1 for the sacrifice: 0. Unsuccessful: Lauren scores 2 VP.")


def raid_context() -> dict[str, Any]:
    """Context of ``aid-beelives-raid.html``."""
    return {
        "title": "Bee Lives Raids",
        "dice": [{"bees": b, "dice": d} for b, d in RAID_DICE],
        "setup": RAID_SETUP,
        "player": RAID_PLAYER,
        "wild": RAID_WILD,
        "modifiers": RAID_MODIFIERS,
        "example": RAID_EXAMPLE,
        "vp_note": "2 VP to the attacker for a successful raid; 2 VP to the defender when a "
                   "raid on a player hive is unsuccessful (Scoring Victory Points).",
        "source": "Bee Lives rulebook: Raid, Raiding a Player Hive, Raiding a Wild Hive, Queen "
                  "Types, Clean Bees, Season Cards",
    }


# --- solo aid ----------------------------------------------------------------------------------

# bee-lives.txt, "Solo Score Chart" ("for one-year solo games").
SOLO_CHART = (
    ("Beeginner", "19 VP or fewer"),
    ("Newbee", "20\u201330 VP"),
    ("Seasoned Forager", "31\u201350 VP"),
    ("Queen Bee", "51+ VP"),
)
# bee-lives.txt, "Solo Play": Basic, Challenge, Scenario and Campaign Mode.
SOLO_MODES = (
    {"name": "Basic mode",
     "text": "Play the game as normal as the only human player; your competition comes from "
             "the wild hives you spawn. Standard length or the Multiple Years Variant."},
    {"name": "Increased difficulty",
     "text": "At the end of every summer or fall month in which no wild hive was spawned (by "
             "swarming or card effects), spawn a wild hive (strength 3) on any map tile up to "
             "three spaces away from your hive."},
    {"name": "Challenge mode",
     "text": "Shuffle the challenge cards at setup and draw one at random: meet its goals as "
             "well as the standard goals to win."},
    {"name": "Scenario mode",
     "text": "Choose a scenario card, set up its starting map, meet its goals under its rules. "
             "Harder: add a challenge card."},
    {"name": "Campaign mode",
     "text": "Choose a campaign card: it changes the gameplay and says when. Harder: add a "
             "challenge card."},
)
# bee-lives.txt, "Solo Play Cards" (the challenge cards).
CHALLENGES = (
    ("Builder", "Increase your comb size to at least 20 cells by the end of the first year."),
    ("Dirty Bees", f"The disease level of your hive must reach {MINUS}7 at least once."),
    ("Explorer", "The map must be at least 20 tiles large by the end of the first year."),
    ("The Great Migration", "The map must be at least 12 tiles in length by the end of the "
                            "first year."),
    ("Indecisive", "Your hive must have queens of all 4 types in a single year."),
    ("The Mother Hive", "Swarm at least 4 times in a single year. Each of the wild hives "
                        "spawned this way must survive."),
    ("Nursery", "Hatch at least 1 brood in every Brood Phase."),
    ("Pacifist", "You cannot raid any other hives. Swarm at least twice."),
    ("Protectionist", "Do not let any wild hive reach a strength level of 6 or higher."),
    ("Strong Leader", "Keep your original queen for the entire game: choose a new hive "
                      "location every time you swarm."),
    ("Under Siege", "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the "
                    "scouted tile."),
)
# bee-lives.txt, "Scenario Cards" and "Campaign Cards" (names and their key line).
SCENARIOS = (
    ("Haunted Hives", "The first wild hive is haunted: it cannot raid or be raided and haunts "
                      "the tiles it forages."),
    ("New Bee on the Block", "Wild hives of strength 12 on the two wilt tiles, active in "
                             "spring of the first year."),
    ("Surrounded", "Your hive on the harvest tile, wild hives of strength 3 on the four wet "
                   "tiles, active in spring of the first year."),
    ("There Can Bee Only One", "Wild hives of strength 10 on the other two bloom tiles; by the "
                               "end of the first year yours must be the only hive."),
)
CAMPAIGNS = (
    ("Three Generations", "a three-year game"),
    ("Wildfire", "a two-year game"),
    ("Zombees", "a two- or three-year game"),
)
SOLO_LOG_ROWS = 5


def solo_context() -> dict[str, Any]:
    """Context of ``aid-beelives-solo.html``."""
    return {
        "title": "Bee Lives Solo Play",
        "chart": [{"rating": r, "score": s} for r, s in SOLO_CHART],
        "chart_note": "Use this chart to rate your score for one-year solo games.",
        "modes": SOLO_MODES,
        "challenges": CHALLENGES,
        "scenarios": SCENARIOS,
        "campaigns": CAMPAIGNS,
        "log_rows": list(range(SOLO_LOG_ROWS)),
        "source": "Bee Lives rulebook: Solo Play, Solo Score Chart, Solo Play Cards",
    }


# --- registration ------------------------------------------------------------------------------

register(Printable("pad beelives-years", "pad-beelives-years.html",
                   "Bee Lives Multi-Year Scoring Pad",
                   "Bee Lives Multiple Years Variant pad for 1-4 players: per year VP during "
                   "play, surviving bees and honey after each winter, starvation tokens, "
                   "running total, winter eligibility; final standing with tie-breakers.",
                   'hyvekit print pad beelives-years --names "Ann,Bob" --copies 10',
                   per_page=(1, 2), command=("print", "pad", "beelives-years"),
                   expect="Running total"),
         lambda players=None, names=(), per_page=1: years_pad_context(
             players, list(names), per_page=per_page),
         pad="beelives-years")
register(Printable("aid beelives-wild", "aid-beelives-wild.html", "Bee Lives Wild Hive Turns",
                   "Bee Lives player aid: the spring, summer and fall wild hive priority "
                   "charts, dormancy, +1 strength on first forage, activation order and wild "
                   "hive raids.",
                   "hyvekit print aid beelives-wild --per-page 2 --copies 2", per_page=(1, 2),
                   command=("print", "aid", "beelives-wild"), expect="Fall Priority Chart"),
         lambda **_: wild_context(), aid="beelives-wild")
register(Printable("aid beelives-queens", "aid-beelives-queens.html",
                   "Bee Lives Queens and Season Cards",
                   "Bee Lives player aid: the four queen types and all 27 season cards "
                   "(spring, summer, fall) with their effects.",
                   "hyvekit print aid beelives-queens --copies 4", per_page=(1, 2),
                   command=("print", "aid", "beelives-queens"), expect="Queen Types"),
         lambda **_: queens_context(), aid="beelives-queens")
register(Printable("aid beelives-raid", "aid-beelives-raid.html", "Bee Lives Raids",
                   "Bee Lives player aid: the raid dice pool, the raid steps (rerolls, "
                   "strength, defenders, sacrifices, stealing, disease, VP) and raiding a wild "
                   "hive.",
                   "hyvekit print aid beelives-raid --copies 4 --paper letter", per_page=(1, 2),
                   command=("print", "aid", "beelives-raid"), expect="Raid Dice Pool"),
         lambda **_: raid_context(), aid="beelives-raid")
register(Printable("aid beelives-solo", "aid-beelives-solo.html", "Bee Lives Solo Play",
                   "Bee Lives player aid: the solo score chart, the solo modes, the challenge "
                   "cards and a solo score log.",
                   "hyvekit print aid beelives-solo --ink-saver", per_page=(1, 2),
                   command=("print", "aid", "beelives-solo"), expect="Solo Score Chart"),
         lambda **_: solo_context(), aid="beelives-solo")


# --- seasonal resource aid ---------------------------------------------------------------------

def _cubes_text(cubes: tuple[int, int, int]) -> str:
    """``(5, 5, 0)`` → ``"5 · 5"``, ``(1, 1, 3)`` → ``"1 · 1 · 3"`` (honey · pollen · water;
    water only when there is some)."""
    honey, pollen, water = cubes
    return f"{honey} \u00b7 {pollen}" + (f" \u00b7 {water}" if water else "")


def resources_aid_context(**_: Any) -> dict[str, Any]:
    """Context of ``aid-beelives-resources.html``: for each season, what each tile type gives
    when foraged (bee-lives.txt, "Seasonal Resource Chart") and what it gives under each season
    card that changes foraging ("Season Cards"), never below 0 (ruling L9). Cubes per forage."""
    from hyvekit.rules.beelives.actions import Forage, forage_offer
    from hyvekit.data.beelives import packaged_board, season_cards
    from hyvekit.rules.beelives.board import TILE_TYPES
    from hyvekit.rules.beelives.seasons import SEASONS, forage_modifiers

    board = packaged_board()
    cards = season_cards()
    seasons = []
    for season in SEASONS:
        changing = [c for c in cards if c.season == season
                    and any(forage_modifiers(c, t) != (0, 0, 0) for t in TILE_TYPES)]
        rows = []
        for tile in TILE_TYPES:
            def offer(card):
                mods = (forage_modifiers(card, tile),) if card else ()
                return _cubes_text(forage_offer(board, Forage(tile=tile, distance=1,
                                                              season=season, modifiers=mods)))
            rows.append({"tile": tile.capitalize(), "base": offer(None),
                         "cards": [offer(c) for c in changing]})
        seasons.append({"name": season.capitalize(), "cards": [c.name for c in changing],
                        "rows": rows})
    return {
        "title": "Bee Lives Seasonal Resources",
        "seasons": seasons,
        "rules": (
            "Forage (bees: 1-3): choose an unoccupied map tile up to three spaces from your "
            "hive (no worker bees, no opposing hive on it); assign as many bees as it is spaces "
            "away (your own tile: 1 bee).",
            "Collect as many of the tile's resources as you wish, never more; each cube fills "
            "an empty cell of your comb.",
            "Always gain exactly one disease when you forage (a standing varroa mite from "
            "Clean Bees saves it).",
        ),
        "legend": "Each cell: honey \u00b7 pollen (\u00b7 water). A card changes the chart "
                  "while it is on the seasons board; a tile never gives less than 0.",
        "source": "Bee Lives rulebook: Forage, Seasonal Resource Chart, Season Cards",
    }


register(Printable("aid beelives-resources", "aid-beelives-resources.html",
                   "Bee Lives Seasonal Resources",
                   "Bee Lives player aid: the seasonal resource chart, the forage rules, and "
                   "what each tile gives under every season card that changes foraging.",
                   "hyvekit print aid beelives-resources --per-page 2",
                   per_page=(1, 2), command=("print", "aid", "beelives-resources"),
                   expect="Seasonal Resource Chart"),
         resources_aid_context, aid="beelives-resources")
