"""Bee Lives printables beyond the end-of-game pad and the month aid (those are in
:mod:`hyvekit.render.printables`).

Every rule text is transcribed from the rulebook (``rules/bee-lives.txt``) and cites its
section; where the rulebook leaves a point open, hyvekit's ruling (``docs/rulings.md``, L1–L29)
is named.  Every number, name and order in those texts comes from the rules core: the
:class:`~hyvekit.rules.beelives.board.Board` the print is made with (``board``, default the
packaged one; a player's ``--board FILE``), the solo and season cards, and the named constants
of the rules modules (:mod:`hyvekit.render.beelives_values`).  The builders are pure: plain
dicts of text, no weasyprint.  This module is imported on ``hyvekit print ...`` start-up, so it
imports nothing heavy.

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

from hyvekit.render import beelives_values as V
from hyvekit.render.catalogue import Printable, register
from hyvekit.render.text import MINUS, either, fraction, ordinal, signed, word
from hyvekit.rules.validate import MAX_PLAYER_NAME

MAX_NAME_LENGTH = MAX_PLAYER_NAME   # as a player is named (rules.validate)


# --- Multiple Years Variant pad ----------------------------------------------------------------

def years() -> tuple[dict[str, Any], ...]:
    """One column per year of the Multiple Years Variant ("play for two years (long game) or
    three years (epic game)"); the last year is printed always, marked optional."""
    last = V.max_years()
    out = []
    for n in range(1, last + 1):
        note = V.year_games(n)
        if n == last:
            note = f"{note} \u2013 optional" if note else "optional"
        out.append({"number": n, "label": f"Year {n}", "note": note, "optional": n == last})
    return tuple(out)


def year_rows(board: Any) -> tuple[dict[str, str], ...]:
    """Rows of one player's block, per year: "Scoring Victory Points" (VP during play),
    "Multiple Years Variant" ("Score victory points for surviving bees and remaining honey after
    each winter. You must have at least one worker bee that survives each winter."), "End of
    the Game" (starvation tokens, the board's VP each)."""
    from hyvekit.games.beelives import BEE_VP, HONEY_VP

    return (
        {"key": "vp", "label": "VP earned during play", "note": "this year"},
        {"key": "bees", "label": "Surviving worker bees",
         "note": f"after winter, {V.vp_each(BEE_VP)}"},
        {"key": "honey", "label": "Remaining honey",
         "note": f"after winter, {V.vp_each(HONEY_VP)}"},
        {"key": "starvation", "label": "Starvation tokens",
         "note": f"this year, {V.vp_each(board.starvation_vp)}"},
        {"key": "year", "label": "This year", "note": "sum of the lines above"},
        {"key": "running", "label": "Running total", "note": "previous total + this year"},
        {"key": "eligible", "label": "A worker bee survived", "note": "this winter"},
    )


def final_rows() -> tuple[dict[str, str], ...]:
    """The final standing (End of the Game: eligibility and the tie-breakers in order)."""
    return (
        {"key": "total", "label": "Final running total"},
        {"key": "eligible", "label": "Eligible: a bee survived every winter"},
        {"key": "ties", "label": "Tie-breakers: " + " / ".join(k for k, _ in V.tie_breakers())},
        {"key": "winner", "label": "Winner"},
    )


def years_rules(board: Any) -> tuple[str, ...]:
    """bee-lives.txt, "Multiple Years Variant" (all six bullets), with the board's spawn
    strengths."""
    from hyvekit.games.beelives import ELIGIBLE_BEES

    spring = board.seasons[0]
    later = range(2, V.max_years() + 1)
    strengths = ", in the ".join(f"{ordinal(y)} year with strength {s}" if i else
                                 f"{ordinal(y)} year comes into play with strength {s}"
                                 for i, (y, s) in enumerate(zip(later, V.spawn_strengths(board))))
    return (
        f"Joining the map is only done at the end of {spring} in the first year.",
        "Between years, discard all played season cards, but do not shuffle them back in to the "
        "season decks.",
        f"A wild hive spawned in the {strengths}.",
        f"Wild hives are dormant during {spring} of the first year, but take normal actions "
        f"during the {spring} of the following years ({spring} priority chart).",
        "Score victory points for surviving bees and remaining honey after each winter. You must "
        f"have at least {word(ELIGIBLE_BEES)} worker bee that survives each winter.",
        f"During the {either([ordinal(y) for y in later], 'and')} years, skip the Feeding Phase "
        f"in the first month of {spring} (give each player a skip feeding token during winter "
        "upkeep, as a reminder).",
    )


def _players(players: int | None, names: list[str] | None) -> list[dict[str, Any]]:
    """Player columns, 1–4 (see :func:`hyvekit.render.printables.player_columns`)."""
    from hyvekit.render.printables import player_columns
    from hyvekit.games.beelives import PLAYER_HIVES  # Components: "4 Player Hives"
    return player_columns(players, names, PLAYER_HIVES)


def years_pad_context(players: int | None = None, names: list[str] | None = None,
                      per_page: int = 1, board: Any = None) -> dict[str, Any]:
    """Context of ``pad-beelives-years.html``: one block per player (three year columns), then
    the final standing with the tie-breakers, then the variant's rules.

    :param players: player blocks, 1–4; default the number of ``names``, or 4 without names.
    :param names: names pre-printed on the first blocks.
    :param per_page: copies per sheet (1: it is not offered on half a sheet).
    :param board: the board values printed; default the packaged board.
    :raises InvalidInputError: players out of 1–4, more names than players, a name longer than
        :data:`MAX_NAME_LENGTH`.
    """
    from hyvekit.render.printables import PAD_LABEL_MM, fit_names
    board = V.board_or_default(board)
    rules = years_rules(board)
    scoring = next(r for r in rules if r.startswith("Score victory"))
    columns = _players(players, list(names or []))
    return {
        "title": "Bee Lives Multi-Year Scoring Pad",
        "players": columns,
        # the final standing's name cells: each name sized to its cell; names too long for
        # theirs stand whole in the players' blocks above, the columns by number
        "names_listed": fit_names(columns, PAD_LABEL_MM["beelives-years"], per_page),
        "filled": {},             # a campaign's finished years (printables_beelives_campaign)
        "years": years(),
        "rows": year_rows(board),
        "final_rows": final_rows(),
        "lengths": [{"years": n, "name": name} for n, name in sorted(V.game_lengths().items())],
        "starvation_factor": signed(board.starvation_vp),
        "tie_keys": V.tie_breakers(),
        "intro": f"VP during play: {V.play_vp(board, 'swarms')} (Scoring Victory Points).",
        # the scoring bullet is the pad itself; the other five are printed below it
        "variant_rules": tuple(r for r in rules if r != scoring),
        "scoring_rule": scoring,
        "tie_rule": V.tie_rule("Ties"),
        "source": "Bee Lives rulebook: Multiple Years Variant, Scoring Victory Points, End of "
                  "the Game",
    }


# --- wild hives aid ----------------------------------------------------------------------------

def wild_lines(board: Any) -> dict[str, str]:
    """bee-lives.txt, "Wild Hives": the wording of each kind of priority chart line (keys of
    :data:`hyvekit.rules.beelives.wild.PRIORITY`; ``"forage"`` for a tile's line), with the
    board's strengths and distances."""
    from hyvekit.games.beelives import RAID_MARGIN

    far = word(board.max_distance)
    swarm = board.wild_swarm_strength
    return {
        "swarm": f"Swarm at maximum strength ({board.wild_strength_max}): reduce it to {swarm}, "
                 f"then spawn a new wild hive, strength {swarm}, on any available map tile up to "
                 f"{far} spaces away from the original wild hive. The first player chooses the "
                 "location.",
        "wet": "If overheating is in effect: forage the closest wet tile.*",
        "scout": f"Scout an empty space up to {far} spaces away. The first player chooses where, "
                 "draws one map tile from the bag and places it in the scouted location.",
        "raid": f"Raid the closest hive, up to {far} spaces away, not yet raided by this wild "
                "hive this round \u2013 if its strength is no more than "
                f"{word(RAID_MARGIN)} higher than the wild hive\u2019s.\u2020",
    }


def wild_forage_note(board: Any) -> str:
    """The shared wording of the forage lines (Wild Hives, priority charts)."""
    return ("* Forage the closest X tile: place a neutral worker token on the X tile closest to "
            f"the wild hive\u2019s location, up to {word(board.max_distance)} spaces away, that "
            "has not been foraged yet this round.")


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


def wild_charts(board: Any) -> dict[str, Any]:
    """The three priority charts of :data:`hyvekit.rules.beelives.wild.PRIORITY` (the rules
    core's order): ``{"common": [{"number", "kind", "text"}] (the lines every season's chart
    starts with: swarm, overheating), "charts": [{"season", "lines"}] (the rest, per
    season)}``."""
    from hyvekit.games.beelives import TILE_TYPES
    from hyvekit.games.beelives import PRIORITY

    texts = wild_lines(board)
    charts = [list(PRIORITY[season]) for season in board.seasons]
    shared = 0
    while all(len(c) > shared for c in charts) and len({c[shared] for c in charts}) == 1:
        shared += 1
    common = [{"number": i + 1, "kind": kind, "text": texts[kind]}
              for i, kind in enumerate(charts[0][:shared])]
    per_season = []
    for season, chart in zip(board.seasons, charts):
        per_season.append({"season": season.capitalize(),
                           "lines": tuple(_forage(k) if k in TILE_TYPES else _line(k, texts[k])
                                          for k in chart[shared:])})
    return {"common": common, "charts": tuple(per_season)}


def wild_basics(board: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Wild Hives" (the paragraphs before the charts) and "Action Phase"."""
    from hyvekit.games.beelives import FORAGE_GAIN

    first, second = board.seasons[0], board.seasons[1]
    return (
        {"name": "One action each",
         "text": "On the wild hive turns of the Action Phase each wild hive takes a single "
                 "action: the topmost line of the current season\u2019s chart that it can carry "
                 "out."},
        {"name": "Activation order",
         "text": "After each round of player turns (not after the final round): the wild hive "
                 "closest to the first player\u2019s hive goes first, then the next closest "
                 "(Example E). Hives at the same distance: the current first player decides "
                 "(Wild Hives; ruling L23)."},
        {"name": f"{signed(FORAGE_GAIN)} strength on first forage",
         "text": "The first time each month that a wild hive places a neutral worker token on a "
                 "bloom, wilt or harvest tile (by foraging), increase its strength by "
                 f"{word(FORAGE_GAIN)}."},
        {"name": "Neutral worker tokens",
         "text": f"{word(board.wild_neutral_workers).capitalize()} per wild hive. Like worker "
                 "bees, they block other hives from foraging the tiles they occupy; removed in "
                 "the Cleanup Phase."},
        {"name": f"Dormant in {first}",
         "text": f"Wild hives that appear during {first} (season card or swarm) are dormant: no "
                 f"actions until {second}. The {first} chart is only needed in the Multiple "
                 f"Years Variant (wild hives act in the {first} of years "
                 f"{either([str(y) for y in range(2, V.max_years() + 1)], 'and')})."},
    )


def wild_on_player(board: Any) -> tuple[str, ...]:
    """bee-lives.txt, "Wild Hive Raids", Raiding a Player Hive."""
    from hyvekit.games.beelives import (
        DEFENDER_BLOCKS,
        SACRIFICE_DEFENDING,
        SACRIFICE_UNASSIGNED,
        STEAL_GAIN,
    )

    zero = word(board.wild_strength_min)
    return (
        "Roll the D6: that is how much honey the wild hive steals \u2013 never more than its own "
        "strength. Stolen honey goes back to the general supply.",
        f"Each worker bee on the defender\u2019s Defend action: {word(DEFENDER_BLOCKS)} less "
        "honey stolen (the wild hive\u2019s strength is not reduced).",
        "The defender may sacrifice bees (on Defend or yet unassigned): each defending bee "
        f"sacrificed: strength {signed(-SACRIFICE_DEFENDING)} (and "
        f"{signed(-SACRIFICE_DEFENDING)} honey stolen); each unassigned bee sacrificed: strength "
        f"{signed(-SACRIFICE_UNASSIGNED)} (and {signed(-SACRIFICE_UNASSIGNED)} honey).",
        f"Steals at least one honey: wild hive strength {signed(STEAL_GAIN)}.",
        f"Strength reduced to {zero}: the wild hive is removed and the defender scores "
        f"{V.vp(board.wild_removed_vp)}.",
    )


def wild_on_wild(board: Any) -> tuple[str, ...]:
    """bee-lives.txt, "Wild Hive Raids", Raiding Another Wild Hive."""
    from hyvekit.games.beelives import BATTLE_CHANGE

    return (
        "Roll the D6 once for each hive.",
        "Add the difference in strength to the stronger hive\u2019s roll.",
        "Higher result wins; ties go to the defending wild hive.",
        f"Winner: strength {signed(BATTLE_CHANGE)}. Loser: strength {signed(-BATTLE_CHANGE)}; at "
        f"{word(board.wild_strength_min)} it is removed from play.",
    )


def spawn_note(board: Any, season_cards: Any = None) -> str:
    """Where a spawned wild hive's strength comes from (Swarm Phase, Season Cards, Wild Hives,
    Multiple Years Variant)."""
    cards = V.season_cards_or_default(season_cards)
    from_cards = sorted({s.strength for c in cards for s in c.spawns})
    later = " and ".join(f"{s} in year {y}" for y, s in
                         zip(range(2, V.max_years() + 1), V.spawn_strengths(board)))
    return ("Spawned strength: from a player\u2019s swarm, the bees that player lost; from a "
            f"season card, {either(from_cards)}; from a wild hive\u2019s swarm, "
            f"{board.wild_swarm_strength}; in the Multiple Years Variant, {later}.")


def wild_context(board: Any = None, season_cards: Any = None) -> dict[str, Any]:
    """Context of ``aid-beelives-wild.html`` (``board``: default the packaged board;
    ``season_cards``: default the packaged season cards)."""
    board = V.board_or_default(board)
    charts = wild_charts(board)
    return {
        "title": "Bee Lives Wild Hive Turns",
        "basics": wild_basics(board),
        "common": charts["common"],
        "charts": charts["charts"],
        "forage_note": wild_forage_note(board),
        "raid_note": WILD_RAID_NOTE,
        "on_player": wild_on_player(board),
        "on_wild": wild_on_wild(board),
        "spawn_note": spawn_note(board, season_cards),
        "source": "Bee Lives rulebook: Wild Hives, Wild Hive Raids, Action Phase, Season Cards, "
                  "Multiple Years Variant",
    }


# --- queens and season cards aid ---------------------------------------------------------------

def queens(board: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Queen Types": one entry per queen type of ``board``, in its order."""
    from hyvekit.games.beelives import (
        AGGRESSIVE_BEES_PER_STRENGTH,
        HYGIENIC_RAID_DISEASE,
        PROLIFIC_BROOD_PER_BEE,
    )

    abilities = {
        "aggressive": ("better in combat",
                       "During any raid, whether you are the attacker or defender, increase "
                       "your strength by one for every "
                       f"{word(AGGRESSIVE_BEES_PER_STRENGTH)} of your worker bees involved."),
        "prolific": ("more worker bees",
                     f"When hatching brood, for every {word(PROLIFIC_BROOD_PER_BEE)} brood that "
                     "you hatch into worker bees, gain one extra worker bee, taken directly from "
                     "your supply."),
        "hygienic": ("disease rises more slowly",
                     "During setup, flip your disease track to the \u201cB\u201d side. You "
                     f"never move your varroa mite more than {word(HYGIENIC_RAID_DISEASE)} space "
                     "when you raid another hive."),
        "nomadic": ("swarms more often",
                    "Your swarm threshold is the purple value in the highest-numbered cell of "
                    "your comb, instead of the yellow value."),
    }
    return tuple({"name": q.capitalize(), "gist": abilities.get(q, ("", ""))[0],
                  "text": abilities.get(q, ("", ""))[1]} for q in board.queen_types)


B_SIDE_NOTE = ("\u201cB\u201d side: your disease level is the level of the last normal space "
               "you have reached; at the end of a round a mite on a half space moves back to "
               "the previous normal space.")


def season_cards_by_season(season_cards: Any = None,
                           board: Any = None) -> tuple[dict[str, Any], ...]:
    """The season cards (default: ``hyvekit/data/beelives_seasons.toml``, bee-lives.txt,
    "Season Cards", verbatim, in the rulebook's order), grouped by the board's seasons, with
    typographic minus signs."""
    cards = V.season_cards_or_default(season_cards)
    return tuple(
        {"season": season.capitalize(),
         "cards": tuple((c.name, re.sub(r"(?<!\w)-(?=\d)", MINUS, c.text))
                        for c in cards if c.season == season)}
        for season in V.board_or_default(board).seasons)


def card_notes(board: Any) -> tuple[str, ...]:
    """bee-lives.txt, "Event Phase", "Cool Hive" and "Wild Hives" (dormant wild hives)."""
    from hyvekit.games.beelives import COOL_WORKERS_PER_BEE
    from hyvekit.games.beelives import BASE_COOL_WATER_PER_BEE

    return (
        "Event Phase: reveal the top card of the current season deck; its effects stay active "
        "until the card is covered next month.",
        "Overheating: Cool Hive \u2013 assign one worker bee for every "
        f"{word(COOL_WORKERS_PER_BEE)} active worker bees (rounded up) and spend "
        f"{word(BASE_COOL_WATER_PER_BEE)} water per assigned bee; if you do not cool the hive "
        "before the end of the month, you cannot hatch any brood next month.",
        f"Wild hives spawned in {board.seasons[0]} of the first year are dormant until "
        f"{board.seasons[1]}.",
    )


def queens_context(board: Any = None, season_cards: Any = None) -> dict[str, Any]:
    """Context of ``aid-beelives-queens.html``."""
    from hyvekit.games.beelives import REQUEEN_BEES
    from hyvekit.games.beelives import CARDS_PER_SEASON

    board = V.board_or_default(board)
    return {
        "title": "Bee Lives Queens and Season Cards",
        "queens": queens(board),
        "b_side": B_SIDE_NOTE,
        "queen_intro": "Choose your queen at setup. Change it when your hive swarms and you "
                       f"stay, or with the Requeen action ({REQUEEN_BEES} bee, a different "
                       "type): either way no brood hatches next month.",
        "seasons": season_cards_by_season(season_cards, board),
        "cards_per_season": CARDS_PER_SEASON,
        "card_notes": card_notes(board),
        "source": "Bee Lives rulebook: Queen Types, Season Cards, Event Phase, Cool Hive",
    }


# --- raid aid ----------------------------------------------------------------------------------

def raid_setup(board: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Raid (bees: X)"."""
    return (
        {"name": "Assign the raid party",
         "text": "Any number of your available worker bees on the Raid action space."},
        {"name": "Choose the target",
         "text": "A wild hive or another player\u2019s hive within "
                 f"{word(board.max_distance)} spaces of your hive. Not a hive you already raided "
                 "this month, not a hive that has no honey."},
        {"name": "Roll the raid dice",
         "text": "The pool of D4s for the party\u2019s size (table), and total the results."},
        {"name": "Rerolls",
         "text": f"Up to {word(board.max_rerolls)} times; each reroll sacrifices one bee of the "
                 "raid party (it dies), which also lowers the most honey you can steal (ruling "
                 "L16: the bee first, then roll the smaller party\u2019s pool)."},
        {"name": "Strength",
         "text": "The lesser of the dice total and the number of bees in the raid party: the most "
                 "honey you can steal."},
    )


def raid_player(board: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Raiding a Player Hive"."""
    from hyvekit.games.beelives import HYGIENIC_RAID_DISEASE, RAID_DISEASE_DIVISOR
    from hyvekit.games.beelives import (
        DEFENDER_REDUCTION,
        SACRIFICE_REDUCTION,
        SUCCESS_DIVISOR,
    )

    return (
        {"name": "Defenders",
         "text": "Each of the defender\u2019s worker bees on the Defend action: raid strength "
                 f"{signed(-DEFENDER_REDUCTION)}."},
        {"name": "Sacrifices",
         "text": "The defender may sacrifice bees (on Defend or yet unassigned): for each, you "
                 "discard a bee from your raid party AND your raid strength is "
                 f"{signed(-SACRIFICE_REDUCTION)}."},
        {"name": "Bracket loss",
         "text": "If losing a bee knocks your party down a bracket of the raid dice pool, remove "
                 "one of your rolled dice (your choice)."},
        {"name": "Steal",
         "text": "Take honey equal to the final strength, never more than the defender has."},
        {"name": "Disease",
         "text": f"If you stole any honey: gain disease equal to {fraction(RAID_DISEASE_DIVISOR)} "
                 "(rounded up) of the target hive\u2019s disease level (hygienic queen: never "
                 f"more than {word(HYGIENIC_RAID_DISEASE)} space)."},
        {"name": "Success or failure",
         "text": f"Stolen honey at least {fraction(SUCCESS_DIVISOR)} the bees initially in the "
                 "raid party: successful, the attacker scores "
                 f"{V.vp(board.raid_vp)}. Less: unsuccessful, the defender scores "
                 f"{V.vp(board.defend_vp)}."},
    )


def raid_wild(board: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Raiding a Wild Hive"."""
    from hyvekit.games.beelives import SACRIFICE_REDUCTION, WILD_STEAL_DISEASE

    zero = word(board.wild_strength_min)
    return (
        {"name": "Reduce",
         "text": "Lower the wild hive\u2019s strength by your raid strength; sacrifice bees of "
                 f"your raid party to lower it by {word(SACRIFICE_REDUCTION)} more each (minimum "
                 f"{zero})."},
        {"name": "Steal",
         "text": "Honey from the general supply up to the amount the strength went down (you may "
                 f"take less). Any honey stolen: gain {word(WILD_STEAL_DISEASE)} disease."},
        {"name": "Wipe out",
         "text": f"Strength reduced to {zero}: successful raid, score {V.vp(board.raid_vp)}, "
                 "remove the wild hive from the map."},
    )


def raid_modifiers(season_cards: Any = None) -> tuple[str, ...]:
    """What changes a raid's strength: the aggressive queen (Queen Types), Clean Bees and the
    season cards with a raid bonus (Season Cards)."""
    from hyvekit.games.beelives import AGGRESSIVE_BEES_PER_STRENGTH, CLEAN_BEES_SAVES
    from hyvekit.games.beelives import PER_WORKERS

    bonuses = []
    for c in V.season_cards_or_default(season_cards):
        if c.aggressive_queen_bonus:
            bonuses.append(f"{c.name}: aggressive queen {signed(c.aggressive_queen_bonus)} "
                           "strength raiding and defending.")
        if c.defend_strength_per_5_workers:
            bonuses.append(f"{c.name}: defending, {signed(c.defend_strength_per_5_workers)} "
                           f"strength per {PER_WORKERS} workers.")
    return (
        f"Aggressive queen: {signed(1)} strength for every "
        f"{word(AGGRESSIVE_BEES_PER_STRENGTH)} of your worker bees involved (attacking or "
        "defending).",
        "Clean Bees (varroa mite standing): the next disease you gain this month is "
        f"{word(CLEAN_BEES_SAVES)} less.",
        *(("Season cards \u2013 " + " ".join(bonuses),) if bonuses else ()),
    )


# A worked example of the rulebook (Raid, Example H), as printed in it.
RAID_EXAMPLE = ("Example H: Bob raids Lauren (5 honey, 1 defender) with 5 bees: 2 dice roll 1 "
                "and 2, strength 3. Lauren sacrifices 1 unassigned bee: Bob discards a bee, "
                "drops to 4 bees (1 die) and removes the 1: strength 2; minus 1 for the "
                "defender and 1 for the sacrifice: 0. Unsuccessful: Lauren scores 2 VP.")


def raid_context(board: Any = None, season_cards: Any = None) -> dict[str, Any]:
    """Context of ``aid-beelives-raid.html`` (``board``: default the packaged board)."""
    board = V.board_or_default(board)
    return {
        "title": "Bee Lives Raids",
        "dice": V.raid_dice(board),
        "setup": raid_setup(board),
        "player": raid_player(board),
        "wild": raid_wild(board),
        "modifiers": raid_modifiers(season_cards),
        "example": RAID_EXAMPLE,
        "vp_note": f"{V.vp(board.raid_vp)} to the attacker for a successful raid; "
                   f"{V.vp(board.defend_vp)} to the defender when a raid on a player hive is "
                   "unsuccessful (Scoring Victory Points).",
        "source": "Bee Lives rulebook: Raid, Raiding a Player Hive, Raiding a Wild Hive, Queen "
                  "Types, Clean Bees, Season Cards",
    }


# --- solo aid ----------------------------------------------------------------------------------

def solo_modes(cards: Any) -> tuple[dict[str, str], ...]:
    """bee-lives.txt, "Solo Play": Basic, Challenge, Scenario and Campaign Mode; the harder
    rule's seasons, strength and distance from the solo cards' ``[basic]`` table."""
    basic = cards.basic
    return (
        {"name": "Basic mode",
         "text": "Play the game as normal as the only human player; your competition comes from "
                 "the wild hives you spawn. Standard length or the Multiple Years Variant."},
        {"name": "Increased difficulty",
         "text": f"At the end of every {either(basic.seasons)} month in which no wild hive was "
                 "spawned (by swarming or card effects), spawn a wild hive (strength "
                 f"{basic.strength}) on any map tile up to {word(basic.max_distance)} spaces "
                 "away from your hive."},
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


# The aid's shorter wording of a card whose text does not fit its line (no number in it; the
# card's own text is in hyvekit/data/beelives_solo.toml).
SHORTER = {
    "Strong Leader": "Keep your original queen for the entire game: choose a new hive location "
                     "every time you swarm.",
    "Haunted Hives": "The first wild hive is haunted: it cannot raid or be raided and haunts the "
                     "tiles it forages.",
}
START_TILE = "bloom"   # Common Area Setup: "Place a bloom tile in front of each player"


def _signed_text(text: str) -> str:
    return re.sub(r"(?<![\w-])-(?=\d)", MINUS, " ".join(text.split()))


def challenges(cards: Any) -> tuple[tuple[str, str], ...]:
    """bee-lives.txt, "Solo Play Cards": ``(name, text)`` of each challenge card."""
    return tuple((c.name, SHORTER.get(c.name) or _signed_text(c.text)) for c in cards.challenges)


def scenario_line(card: Any) -> str:
    """A scenario card's key line (Scenario Cards), its numbers from the card's starting map,
    flags and goals: where your hive and the wild hives start and how strong (``"Wild hives of
    strength 12 on the two wilt tiles, active in spring of the first year."``)."""
    if card.name in SHORTER:
        return SHORTER[card.name]
    tiles = card.map.tiles
    you = next(t for t in tiles if t.hive == "you")
    groups: dict[tuple[int, str], int] = {}
    for t in tiles:
        if t.hive == "wild":
            groups[(t.strength, t.tile)] = groups.get((t.strength, t.tile), 0) + 1
    if not groups:
        return _signed_text(card.text)
    parts = [f"wild hives of strength {s} on the {'other ' if tile == you.tile else ''}"
             f"{word(n)} {tile} tiles" for (s, tile), n in groups.items()]
    line = ", ".join(parts)
    if you.tile != START_TILE:
        line = f"your hive on the {you.tile} tile, {line}"
    if card.wild_active_in_first_spring:
        line += ", active in spring of the first year"
    only = next((dict(g.params).get("by_end_of_year") for g in card.goals
                 if g.kind == "only_hive"), None)
    if only is not None:
        line += f"; by the end of the {ordinal(only)} year yours must be the only hive"
    return f"{line[0].upper()}{line[1:]}."


def solo_context(board: Any = None, cards: Any = None) -> dict[str, Any]:
    """Context of ``aid-beelives-solo.html`` (``board``: its Solo Score Chart; ``cards``: the
    solo cards, default the packaged ones)."""
    board = V.board_or_default(board)
    cards = V.solo_cards_or_default(cards)
    listed = challenges(cards)
    half = (len(listed) + 1) // 2
    return {
        "title": "Bee Lives Solo Play",
        "chart": V.solo_chart(board),
        "chart_note": "Use this chart to rate your score for one-year solo games.",
        "modes": solo_modes(cards),
        "challenges": listed,
        "challenge_columns": (listed[:half], listed[half:]),
        "scenarios": tuple((c.name, scenario_line(c)) for c in cards.scenarios),
        "campaigns": tuple((c.name, V.years_text(c.years)) for c in cards.campaigns),
        "log_rows": list(range(SOLO_LOG_ROWS)),
        "source": "Bee Lives rulebook: Solo Play, Solo Score Chart, Solo Play Cards",
    }


SOLO_LOG_ROWS = 5


# --- seasonal resource aid ---------------------------------------------------------------------

def _cubes_text(cubes: tuple[int, int, int]) -> str:
    """``(5, 5, 0)`` → ``"5 · 5"``, ``(1, 1, 3)`` → ``"1 · 1 · 3"`` (honey · pollen · water;
    water only when there is some)."""
    honey, pollen, water = cubes
    return f"{honey} \u00b7 {pollen}" + (f" \u00b7 {water}" if water else "")


def resources_aid_context(board: Any = None, season_cards: Any = None,
                          **_: Any) -> dict[str, Any]:
    """Context of ``aid-beelives-resources.html``: for each season, what each tile type gives
    when foraged (bee-lives.txt, "Seasonal Resource Chart") and what it gives under each season
    card that changes foraging ("Season Cards"), never below 0 (ruling L9). Cubes per forage.

    :param board: the chart and forage distance; default the packaged board.
    :param season_cards: default the packaged season cards.
    """
    from hyvekit.games.beelives import FORAGE_DISEASE, Forage, forage_offer
    from hyvekit.games.beelives import TILE_TYPES
    from hyvekit.games.beelives import forage_modifiers

    board = V.board_or_default(board)
    cards = V.season_cards_or_default(season_cards)
    seasons = []
    for season in board.seasons:
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
    far = board.max_distance
    return {
        "title": "Bee Lives Seasonal Resources",
        "seasons": seasons,
        "rules": (
            f"Forage (bees: 1-{far}): choose an unoccupied map tile up to {word(far)} spaces "
            "from your hive (no worker bees, no opposing hive on it); assign as many bees as it "
            "is spaces away (your own tile: 1 bee).",
            "Collect as many of the tile's resources as you wish, never more; each cube fills "
            "an empty cell of your comb.",
            f"Always gain exactly {word(FORAGE_DISEASE)} disease when you forage (a standing "
            "varroa mite from Clean Bees saves it).",
        ),
        "legend": "Each cell: honey \u00b7 pollen (\u00b7 water). A card changes the chart "
                  "while it is on the seasons board; a tile never gives less than 0.",
        "source": "Bee Lives rulebook: Forage, Seasonal Resource Chart, Season Cards",
    }


# --- registration ------------------------------------------------------------------------------

def _aid(build):
    """A catalogue builder for an aid drawn from the board and the season cards."""
    return lambda board=None, season_cards=None, **_: build(board=board,
                                                             season_cards=season_cards)


# The descriptions below are what ``hyvekit print list`` says of each printable (a summary for
# the listing; the printables themselves take every value from the rules core).
register(Printable("pad beelives-years", "pad-beelives-years.html",
                   "Bee Lives Multi-Year Scoring Pad",
                   "Bee Lives Multiple Years Variant pad for 1-4 players: per year VP during "
                   "play, surviving bees and honey after each winter, starvation tokens, "
                   "running total, winter eligibility; final standing with tie-breakers.",
                   'hyvekit print pad beelives-years --names "Ann,Bob" --copies 10',
                   per_page=(1,), command=("print", "pad", "beelives-years"),
                   expect="Running total", uses=("board",)),
         lambda players=None, names=(), per_page=1, board=None, **_: years_pad_context(
             players, list(names), per_page=per_page, board=board),
         pad="beelives-years")
register(Printable("aid beelives-wild", "aid-beelives-wild.html", "Bee Lives Wild Hive Turns",
                   "Bee Lives player aid: the spring, summer and fall wild hive priority "
                   "charts, dormancy, +1 strength on first forage, activation order and wild "
                   "hive raids.",
                   "hyvekit print aid beelives-wild --copies 2", per_page=(1,),
                   command=("print", "aid", "beelives-wild"), expect="Fall Priority Chart",
                   uses=("board",)),
         _aid(wild_context), aid="beelives-wild")
register(Printable("aid beelives-queens", "aid-beelives-queens.html",
                   "Bee Lives Queens and Season Cards",
                   "Bee Lives player aid: the four queen types and all 27 season cards "
                   "(spring, summer, fall) with their effects.",
                   "hyvekit print aid beelives-queens --copies 4", per_page=(1,),
                   command=("print", "aid", "beelives-queens"), expect="Queen Types",
                   uses=("board",)),
         _aid(queens_context), aid="beelives-queens")
register(Printable("aid beelives-raid", "aid-beelives-raid.html", "Bee Lives Raids",
                   "Bee Lives player aid: the raid dice pool, the raid steps (rerolls, "
                   "strength, defenders, sacrifices, stealing, disease, VP) and raiding a wild "
                   "hive.",
                   "hyvekit print aid beelives-raid --copies 4 --paper letter", per_page=(1,),
                   command=("print", "aid", "beelives-raid"), expect="Raid Dice Pool",
                   uses=("board",)),
         _aid(raid_context), aid="beelives-raid")
register(Printable("aid beelives-solo", "aid-beelives-solo.html", "Bee Lives Solo Play",
                   "Bee Lives player aid: the solo score chart, the solo modes, the challenge "
                   "cards and a solo score log.",
                   "hyvekit print aid beelives-solo --ink-saver", per_page=(1,),
                   command=("print", "aid", "beelives-solo"), expect="Solo Score Chart",
                   uses=("board",)),
         lambda board=None, **_: solo_context(board), aid="beelives-solo")
register(Printable("aid beelives-resources", "aid-beelives-resources.html",
                   "Bee Lives Seasonal Resources",
                   "Bee Lives player aid: the seasonal resource chart, the forage rules, and "
                   "what each tile gives under every season card that changes foraging.",
                   "hyvekit print aid beelives-resources --ink-saver",
                   per_page=(1,), command=("print", "aid", "beelives-resources"),
                   expect="Seasonal Resource Chart", uses=("board",)),
         _aid(resources_aid_context), aid="beelives-resources")
