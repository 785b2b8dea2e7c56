"""``hyvekit beelives``: Bee Lives checks — final scoring, winter upkeep, raids, raid odds and
wild hive turns.  The CLI only parses options, calls :mod:`hyvekit.rules.beelives` and formats
the result (rich tables for people, ``--json`` for scripts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import (JsonOption, console, located, print_json, table, with_expected,
                                 wrapped)
from hyvekit.rules.validate import require_table
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.common import counted
from hyvekit.rules.validate import digits

app = typer.Typer(
    help=("Bee Lives: final scores, winter upkeep, raids, exact raid odds and wild hive turns, "
          "checked against the rulebook.\n\n"
          "Example: hyvekit beelives score --player \"Susan:vp=32,honey=3,bees=4,pollen=2\" "
          "--player \"Jeremy:vp=25,honey=12,bees=2\""),
    no_args_is_help=True,
)

BoardOption = typer.Option(None, "--board", metavar="FILE",
                           help="Your own board values (TOML, same shape as "
                                "hyvekit/data/beelives.toml).")


def _board(path: Optional[Path]):
    from hyvekit.data.beelives import board
    return board(path)


def _note(text: str) -> None:
    typer.echo(wrapped(f"note: {text}"), err=True)


def _queen(option: str, value: Optional[str], board) -> Optional[str]:
    from hyvekit.games.beelives import parse_queen
    return None if value is None else parse_queen(board, value, option)


def parse_roll(text: str) -> tuple[int, ...]:
    """``"1,2"`` → ``(1, 2)``: one roll of the raid dice.

    :raises InvalidInputError: not a comma-separated list of whole numbers.
    """
    try:
        values = tuple(int(v) for v in text.replace(" ", "").split(",") if v)
    except ValueError:
        raise InvalidInputError("--roll", text, "die values separated by commas, e.g. 1,2") from None
    if not values:
        raise InvalidInputError("--roll", text, "die values separated by commas, e.g. 1,2")
    return values


# --- score ------------------------------------------------------------------------------------

def _players_from_file(path: Path):
    from hyvekit.data import load_toml
    from hyvekit.games.beelives import PlayerEnd
    raw = load_toml(path)
    rows = raw.get("player")
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError("players file", str(path),
                                "[[player]] tables with name, vp, honey, bees, starvation, "
                                "pollen, comb")
    out = []
    allowed = {"name", "vp", "honey", "bees", "starvation", "pollen", "comb"}
    for row in rows:
        require_table("players file", row, allowed)
        if "name" not in row or "vp" not in row:
            raise InvalidInputError("players file", row, "a name and a vp for each player")
        name = str(row["name"])
        out.append(PlayerEnd(name=name, **{k: require_int(f"{name}: {k}", v, -999, 999)
                                           for k, v in row.items() if k != "name"}))
    return out


def winter_vp(e: dict) -> Any:
    """A winter's "VP scored" cell (:func:`hyvekit.rules.beelives.endgame.winter_points`): the
    points scored now, or the points that count in the final score instead."""
    from hyvekit.games.beelives import winter_points
    points, final = winter_points(e)
    return f"{points} in the final score" if final else points


def wild_state(dormant: bool, haunted: bool, infected: bool) -> str:
    """A wild hive's state for the tables: dormant / active, haunted, infected."""
    return ", ".join(["dormant" if dormant else "active"]
                     + ["haunted (cannot raid or be raided)"] * haunted
                     + ["infected (erratic turns)"] * infected)


@app.command("score")
def score(
    player: list[str] = typer.Option([], "--player", "-p", metavar="NAME:vp=N,honey=N,...",
                                     help="A player: VP on the score track, then honey, bees, "
                                          "starvation, pollen, comb left at the end."),
    players_file: Optional[Path] = typer.Option(None, "--file", metavar="FILE",
                                                help="Players as TOML [[player]] tables."),
    claimed_winner: Optional[str] = typer.Option(None, "--claimed-winner", metavar="NAME",
                                                 help="The winner you declared: checked."),
    claimed: list[str] = typer.Option([], "--claimed", metavar="NAME=TOTAL",
                                      help="A final total you counted: checked."),
    as_json: bool = JsonOption,
) -> None:
    """Final scores (End of the Game): 1 VP per honey and per surviving bee, -2 per starvation
    token; only players with a surviving bee can win; ties: pollen, then bees, then comb.
    A single player also gets the solo score chart rating.  Exit code 1 when a claim is wrong.

    Example: hyvekit beelives score -p "Bob:vp=37,honey=9,starvation=1" -p "Susan:vp=32,honey=3,bees=4,pollen=2" --claimed-winner Susan
    """
    from hyvekit.games.beelives import check_claims, parse_player, score as do_score
    from hyvekit.games.beelives import solo_chart_rating
    players = [parse_player(p) for p in player]
    if players_file is not None:
        players += _players_from_file(players_file)
    if not players:
        raise InvalidInputError("--player", "nothing", "at least one --player or a --file")
    board = _board(None)
    result = do_score(players, board)
    totals: dict[str, int] = {}
    for c in claimed:
        name, eq, value = c.partition("=")
        if not eq:
            raise InvalidInputError("--claimed", c, "NAME=TOTAL, e.g. Susan=39")
        totals[name.strip()] = require_int(f"--claimed {name.strip()}", value, -999, 999)
    rating = solo_chart_rating(result, board)
    if as_json:
        print_json({
            "players": [{"name": l.player.name, "vp": l.player.vp, "honey": l.player.honey,
                         "bees": l.player.bees, "starvation": l.player.starvation,
                         "pollen": l.player.pollen, "comb": l.player.comb, "total": l.total,
                         "eligible": l.eligible} for l in result.lines],
            "winners": list(result.winners), "tiebreak": result.tiebreak,
            "ineligible": list(result.ineligible), "solo_rating": rating})
    else:
        rows = [[l.player.name, l.player.vp, f"+{l.honey_vp}", f"+{l.bees_vp}",
                 l.starvation_vp or 0, l.total, l.player.pollen,
                 "-" if l.player.comb is None else l.player.comb,
                 "yes" if l.eligible else "no (no surviving bee)"] for l in result.lines]
        console().print(table("Bee Lives final scores",
                              ["player", "VP", "honey", "bees", "starvation", "total", "pollen",
                               "comb", "can win"], rows))
        if result.winners:
            how = f" (tie-breaker: {result.tiebreak})" if result.tiebreak else ""
            typer.echo(wrapped(f"winner: {' and '.join(result.winners)}{how}"))
        else:
            typer.echo("winner: none (no player has a surviving worker bee)")
        if result.ineligible:
            typer.echo(wrapped(f"cannot win: {', '.join(result.ineligible)}"))
        if rating:
            typer.echo(f"solo rating: {rating}")
    check_claims(result, winner=claimed_winner, totals=totals)


# --- winter -----------------------------------------------------------------------------------

@app.command("winter")
def winter(
    bees: int = typer.Option(..., "--bees", help="Worker bees entering winter."),
    honey: int = typer.Option(..., "--honey", help="Honey in the comb entering winter."),
    level: Optional[int] = typer.Option(None, "--level", help="Disease level, e.g. -2."),
    position: Optional[int] = typer.Option(None, "--position",
                                           help="Mite position on the track instead (0 = start)."),
    side: str = typer.Option("A", "--side", help="Disease track side for --position: A or B."),
    starvation: str = typer.Option("none", "--starvation",
                                   help="none: starving bees die; take: a starvation token for "
                                        "each of the last three bees instead."),
    board_file: Optional[Path] = BoardOption,
    as_json: bool = JsonOption,
) -> None:
    """Winter Upkeep month by month: feed one honey per three bees (rounded down), then lose
    bees equal to the disease level.

    Example: hyvekit beelives winter --bees 6 --honey 12 --level -2
    """
    from hyvekit.games.beelives import winter as do_winter, winter_level
    board = _board(board_file)
    bees = require_int("--bees", bees, 0, board.max_workers)
    honey = require_int("--honey", honey, 0, board.comb_max)
    level, assumed = winter_level(board, side, level=level, position=position)
    result = do_winter(bees, honey, level, board, starvation=starvation.strip().lower())
    if as_json:
        print_json({"level": level, "assumed_track": assumed, "months": [
            {"month": m.month, "bees_before": m.bees_before, "honey_before": m.honey_before,
             "honey_spent": m.honey_spent, "starved": m.starved, "starvation_tokens": m.tokens,
             "lost_to_disease": m.disease_lost, "bees_after": m.bees_after,
             "honey_after": m.honey_after} for m in result.months],
            "bees": result.bees, "honey": result.honey, "starvation_tokens": result.tokens})
    else:
        rows = [[m.month, m.bees_before, m.honey_before, m.honey_spent, m.starved, m.tokens,
                 m.disease_lost, m.bees_after, m.honey_after] for m in result.months]
        console().print(table(f"Winter upkeep at disease level {level}",
                              ["month", "bees", "honey", "honey fed", "starved", "tokens",
                               "disease", "bees left", "honey left"], rows))
        typer.echo(f"after winter: {result.bees} bees, {result.honey} honey, "
                   f"{result.tokens} starvation tokens taken")
    if assumed:
        _note(f"the level {level} at position {position} comes from hyvekit's assumed disease "
              "track (not the publisher's board); give --board FILE with your own values")


# --- raid -------------------------------------------------------------------------------------

@app.command("raid")
def raid(
    bees: int = typer.Option(..., "--bees", help="Bees sent in the raid party."),
    roll: list[str] = typer.Option(..., "--roll", metavar="D,D",
                                   help="A roll of the raid dice; repeat for each reroll, in "
                                        "order (the last one is kept)."),
    target: str = typer.Option("player", "--target", help="player or wild."),
    target_honey: int = typer.Option(0, "--target-honey", help="Player target: its honey."),
    defenders: int = typer.Option(0, "--defenders", help="Player target: bees on Defend."),
    target_unassigned: Optional[int] = typer.Option(
        None, "--target-unassigned",
        help="Player target: unassigned bees (default: as many as it sacrifices)."),
    target_level: int = typer.Option(0, "--target-level",
                                     help="Player target: its disease level, e.g. -3."),
    sacrifice_defending: int = typer.Option(0, "--sacrifice-defending",
                                            help="Defending bees the defender sacrifices."),
    sacrifice_unassigned: int = typer.Option(0, "--sacrifice-unassigned",
                                             help="Unassigned bees the defender sacrifices."),
    remove: list[int] = typer.Option([], "--remove",
                                     help="A die you remove when knocked down a bracket "
                                          "(default: the lowest)."),
    wild_strength: int = typer.Option(0, "--wild-strength", help="Wild target: its strength."),
    sacrifice: int = typer.Option(0, "--sacrifice",
                                  help="Wild target: raiders you sacrifice to push it down."),
    take: Optional[int] = typer.Option(None, "--take",
                                       help="Wild target: honey you take (default: all allowed)."),
    queen: str = typer.Option("prolific", "--queen", help="Your queen type."),
    defender_queen: str = typer.Option("prolific", "--defender-queen",
                                       help="Player target: its queen type."),
    empty: Optional[int] = typer.Option(None, "--empty",
                                        help="Your empty comb cells (default: room for all)."),
    standing: bool = typer.Option(False, "--standing",
                                  help="Your varroa mite stands (Clean Bees this month)."),
    distance: int = typer.Option(1, "--distance", help="Spaces between the hives."),
    board_file: Optional[Path] = BoardOption,
    as_json: bool = JsonOption,
) -> None:
    """Resolve one raid from stated dice and choices (Raid: Raiding a Player Hive / Raiding a
    Wild Hive).  Exit code 1 when the raid is against the rules.

    Example: hyvekit beelives raid --bees 5 --roll 1,2 --target-honey 5 --defenders 1 --sacrifice-unassigned 1 --remove 1
    """
    from hyvekit.games.beelives import (PlayerRaid, WildRaid, raid_player_hive,
                                              raid_wild_hive, stated_attacker, stated_defender)
    board = _board(board_file)
    bees = require_int("--bees", bees, 1, board.max_workers)
    rolls = tuple(parse_roll(r) for r in roll)
    q = _queen("--queen", queen, board)
    room = None if empty is None else require_int("--empty", empty, 0, board.comb_max)
    attacker = stated_attacker(board, bees, q, empty=room, standing=standing)
    target = target.strip().lower()
    if target == "wild":
        strength = require_int("--wild-strength", wild_strength, 1, board.wild_strength_max)
        r = raid_wild_hive(attacker, strength, WildRaid(
            bees, rolls, sacrifices=require_int("--sacrifice", sacrifice, 0, 20), take=take,
            distance=distance), board)
        data = {"target": "wild", "raid_strength": r.strength, "wild_strength_before": strength,
                "wild_strength": r.wild_strength, "reduced": r.reduced, "honey_taken": r.taken,
                "disease_spaces": r.disease, "removed": r.removed, "vp": r.vp,
                "raiders_left": r.attacker.assigned.raid}
        lines = [["raid strength (lesser of dice and bees)", r.strength],
                 ["wild hive strength", f"{strength} → {r.wild_strength}"],
                 ["honey taken from the supply", f"{r.taken} (at most {r.reduced})"],
                 ["your disease", f"+{counted(r.disease, 'space')}"],
                 ["wild hive removed", "yes: you score 2 VP" if r.removed else "no"]]
    elif target == "player":
        dq = _queen("--defender-queen", defender_queen, board)
        honey = require_int("--target-honey", target_honey, 0, board.comb_max)
        level = require_int("--target-level", target_level, min(board.track("A").levels()), 0)
        unassigned = (sacrifice_unassigned if target_unassigned is None
                      else require_int("--target-unassigned", target_unassigned, 0, 20))
        defender = stated_defender(board, level=level, honey=honey, unassigned=unassigned,
                                   defenders=require_int("--defenders", defenders, 0, 20),
                                   queen=dq)
        r = raid_player_hive(attacker, defender, PlayerRaid(
            bees, rolls, sacrifice_defending=sacrifice_defending,
            sacrifice_unassigned=sacrifice_unassigned,
            removed=tuple(remove) if remove else None, distance=distance), board)
        s = r.strength
        data = {"target": "player", "party": s.party, "party_final": s.party_final,
                "dice": list(s.dice), "removed": list(s.removed), "base_strength": s.base,
                "attacker_bonus": s.attacker_bonus, "reduction": s.reduction,
                "strength": s.strength, "stolen": r.stolen, "success": r.success,
                "disease_spaces": r.disease, "attacker_vp": r.attacker_vp,
                "defender_vp": r.defender_vp, "raiders_lost": r.attacker_lost}
        lines = [["raid party after rerolls / sacrifices", f"{s.party} / {s.party_final} bees"],
                 ["dice kept", ", ".join(map(str, s.dice)) or "none"],
                 ["dice removed (bracket lost)", ", ".join(map(str, s.removed)) or "none"],
                 ["lesser of dice total and bees", s.base],
                 ["aggressive queen / card bonus", f"+{s.attacker_bonus}"],
                 ["defenders + sacrifices (+ bonuses)", f"-{s.reduction}"],
                 ["final strength", s.strength],
                 ["honey stolen", f"{r.stolen} of {honey}"],
                 ["result", ("successful: attacker scores 2 VP" if r.success
                             else "unsuccessful: defender scores 2 VP")],
                 ["your disease", f"+{counted(r.disease, 'space')}"]]
    else:
        raise InvalidInputError("--target", target, "player or wild")
    if as_json:
        print_json(data)
    else:
        console().print(table(f"Raid on a {target} hive", ["step", "value"], lines))


# --- raid odds --------------------------------------------------------------------------------

@app.command("raid-odds")
def raid_odds(
    bees: int = typer.Option(..., "--bees", help="Bees sent in the raid party."),
    target_honey: int = typer.Option(..., "--target-honey", help="The target's honey."),
    defenders: int = typer.Option(0, "--defenders", help="Bees on the target's Defend space."),
    sacrifice_defending: int = typer.Option(0, "--sacrifice-defending",
                                            help="Defending bees the defender will sacrifice."),
    sacrifice_unassigned: int = typer.Option(0, "--sacrifice-unassigned",
                                             help="Unassigned bees the defender will sacrifice."),
    queen: str = typer.Option("prolific", "--queen", help="Your queen type."),
    defender_queen: str = typer.Option("prolific", "--defender-queen",
                                       help="The defender's queen type."),
    reroll_below: int = typer.Option(0, "--reroll-below", metavar="N",
                                     help="Reroll while the dice total is below N (0: never)."),
    max_rerolls: int = typer.Option(3, "--max-rerolls", help="At most this many rerolls (0-3)."),
    board_file: Optional[Path] = BoardOption,
    as_json: bool = JsonOption,
) -> None:
    """Exact odds of a raid on a player hive: the distribution of stolen honey and the chance
    of success, enumerating every roll of the D4 pool (fractions, no simulation).

    Example: hyvekit beelives raid-odds --bees 8 --target-honey 6 --defenders 1 --reroll-below 5
    """
    from hyvekit.games.beelives import RerollPolicy, raid_odds as do_odds
    board = _board(board_file)
    odds = do_odds(board, require_int("--bees", bees, 1, board.max_workers),
                   target_honey=require_int("--target-honey", target_honey, 1, board.comb_max),
                   defenders=require_int("--defenders", defenders, 0, board.max_workers),
                   sacrifice_defending=require_int("--sacrifice-defending",
                                                   sacrifice_defending, 0, board.max_workers),
                   sacrifice_unassigned=require_int("--sacrifice-unassigned",
                                                    sacrifice_unassigned, 0, board.max_workers),
                   attacker_queen=_queen("--queen", queen, board),
                   defender_queen=_queen("--defender-queen", defender_queen, board),
                   reroll=RerollPolicy(require_int("--reroll-below", reroll_below, 0, 99),
                                       require_int("--max-rerolls", max_rerolls, 0,
                                                   board.max_rerolls)))
    if as_json:
        print_json({"stolen": [{"honey": h, "probability": str(p), "float": float(p)}
                               for h, p in odds.stolen],
                    "success": str(odds.success), "success_float": float(odds.success),
                    "expected_stolen": str(odds.expected_stolen),
                    "expected_rerolls": str(odds.expected_rerolls),
                    "assumed_dice_faces": odds.assumed})
    else:
        rows = [[h, str(p), f"{float(p):.1%}"] for h, p in odds.stolen]
        console().print(table(f"Raid of {counted(bees, 'bee')} on a hive with {target_honey} honey",
                              ["honey stolen", "probability", "%"], rows))
        typer.echo(f"success (stolen ≥ half of {counted(bees, 'bee')}): {odds.success} "
                   f"= {float(odds.success):.1%}")
        typer.echo(f"expected honey stolen: {float(odds.expected_stolen):.2f}; expected bees "
                   f"lost to rerolls: {float(odds.expected_rerolls):.2f}")
    if odds.assumed:
        _note("assumes each raid die face 1-4 equally likely (the 12-sided D4s' faces are "
              "hyvekit's assumption); give --board FILE with your own faces")


# --- wild turn --------------------------------------------------------------------------------

def _parse_tile(text: str) -> tuple[str, int]:
    name, sep, dist = text.partition(":")
    name = name.strip().lower()
    if not sep or not digits(dist.strip()):
        raise InvalidInputError("--tile", text, "TYPE:DISTANCE, e.g. harvest:1")
    return name, int(dist)


def _parse_target(text: str):
    from hyvekit.games.beelives import Target
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (3, 4) or not digits(parts[1]) or not digits(parts[2].lstrip("-")):
        raise InvalidInputError("--target", text, "KIND:DISTANCE:STRENGTH[:NAME], e.g. "
                                "player:2:5 (player strength = unassigned + defending bees)")
    return Target(parts[0].lower(), int(parts[1]), int(parts[2]),
                  parts[3] if len(parts) == 4 else "")


@app.command("wild-turn")
def wild_turn(
    season: str = typer.Option(..., "--season", help=accepted("seasons")),
    strength: int = typer.Option(..., "--strength", help="The wild hive's strength (1-14)."),
    overheating: bool = typer.Option(False, "--overheating", help="Overheating is in effect."),
    tile: list[str] = typer.Option([], "--tile", metavar="TYPE:DISTANCE",
                                   help="Closest unforaged tile of a type within 3 spaces."),
    target: Optional[str] = typer.Option(None, "--target", metavar="KIND:DISTANCE:STRENGTH",
                                         help="Closest hive within 3 spaces not raided this "
                                              "round (player strength = unassigned + defend)."),
    foraged: bool = typer.Option(False, "--foraged",
                                 help="It already foraged a bloom/wilt/harvest tile this month."),
    tokens_left: int = typer.Option(5, "--tokens-left", help="Neutral worker tokens left (0-5)."),
    no_scout: bool = typer.Option(False, "--no-scout", help="No empty space to scout."),
    no_spawn: bool = typer.Option(False, "--no-spawn", help="No map tile to swarm onto."),
    dormant: bool = typer.Option(False, "--dormant", help="Spawned in spring of year 1."),
    as_json: bool = JsonOption,
) -> None:
    """What a wild hive does on its turn, given the stated situation (Wild Hives, the season's
    priority chart).

    Example: hyvekit beelives wild-turn --season fall --strength 3 --tile harvest:1
    """
    from hyvekit.games.beelives import WildSituation, check_dormant, wild_turn as do_turn
    board = _board(None)
    check_dormant(season, dormant)
    situation = WildSituation(
        season=season.strip().lower(), strength=strength, overheating=overheating,
        tiles=tuple(_parse_tile(t) for t in tile),
        target=_parse_target(target) if target else None, foraged_this_month=foraged,
        tokens_left=tokens_left, can_scout=not no_scout, can_spawn=not no_spawn,
        dormant=dormant)
    d = do_turn(situation, board)
    if as_json:
        print_json({"step": d.step, "action": d.action, "tile": d.tile, "distance": d.distance,
                    "target": None if d.target is None else {
                        "kind": d.target.kind, "distance": d.target.distance,
                        "strength": d.target.strength, "name": d.target.name},
                    "strength": d.strength, "spawn_strength": d.spawn_strength,
                    "reason": d.reason})
        return
    what = {"forage": f"places a neutral worker on the {d.tile} tile "
                      f"{counted(d.distance, 'space')} away",
            "raid": (f"raids the {d.target.kind} hive {counted(d.distance, 'space')} away"
                     if d.target else ""),
            "swarm": f"swarms: strength {d.strength}, spawns a wild hive of {d.spawn_strength}",
            "scout": "scouts an empty space (the first player chooses; draw one tile)",
            "dormant": "does nothing (dormant)", "nothing": "does nothing"}[d.action]
    line = f"line {d.step} of the {situation.season} chart: " if d.step else ""
    typer.echo(wrapped(f"{line}the wild hive {what}"))
    typer.echo(wrapped(f"why: {d.reason}"))
    typer.echo(f"strength: {strength} → {d.strength}")


# --- season cards -----------------------------------------------------------------------------

CardsOption = typer.Option(None, "--cards", metavar="FILE",
                           help="Your own season cards (TOML, same shape as "
                                "hyvekit/data/beelives_seasons.toml).")


def _card_json(card, board) -> dict:
    from hyvekit.games.beelives import chart_effect
    return {
        "name": card.name, "season": card.season, "text": card.text, "source": card.source,
        "note": card.note or None,
        "effects": {
            "overheating": card.overheating,
            "forage": {tile: list(delta) for tile, delta in card.forage},
            "build_wax_honey_per_bee": card.build_wax_honey_per_bee,
            "brood_per_pollen": card.brood_per_pollen,
            "next_month_bees_per_honey": card.next_month_bees_per_honey,
            "next_month_no_brood": card.next_month_no_brood,
            "cooling_water_per_5_workers": card.cooling_water_per_5_workers,
            "defend_strength_per_5_workers": card.defend_strength_per_5_workers,
            "aggressive_queen_bonus": card.aggressive_queen_bonus,
            "defend_one_third_of_workers": card.defend_one_third_of_workers,
            "wild_first_turn_raid": card.wild_first_turn_raid,
            "spawn": [{"trigger": s.trigger, "d6_min": s.d6_min, "strength": s.strength,
                       "where": s.where} for s in card.spawns],
        },
        "summary": card.effects(),
        "forage": [{"tile": tile, "chart": list(base), "change": list(delta),
                    "gives": list(gives)}
                   for tile, base, delta, gives in chart_effect(card, board)],
    }


def _cubes_text(values) -> str:
    honey, pollen, water = values
    text = f"{honey} honey, {pollen} pollen"
    return text + (f", {water} water" if water else "")


@app.command("card")
def card(
    name: str = typer.Argument(..., metavar="NAME",
                               help="The card's name or a unique part of it (any case)."),
    cards_file: Optional[Path] = CardsOption,
    as_json: bool = JsonOption,
) -> None:
    """One season card: the rulebook's text, the effects hyvekit applies, and what each tile
    type gives in the card's season with the card in effect (Seasonal Resource Chart plus the
    card, never below 0).

    Example: hyvekit beelives card "The Dearth"
    """
    from hyvekit.data.beelives import season_cards
    from hyvekit.games.beelives import chart_effect, find_card
    board = _board(None)
    c = find_card(season_cards(cards_file), name)
    if as_json:
        print_json(_card_json(c, board))
        return
    typer.echo(f"{c.name} ({c.season} card)")
    typer.echo(wrapped(f"text: {c.text}"))
    for line in c.effects() or ["no structured effect"]:
        typer.echo(wrapped(f"effect: {line}"))
    if c.note:
        typer.echo(wrapped(f"reading: {c.note}"))
    rows = [[tile, _cubes_text(base),
             ", ".join(f"{v:+d} {r}" for v, r in zip(delta, ("honey", "pollen", "water")) if v)
             or "-", _cubes_text(gives)]
            for tile, base, delta, gives in chart_effect(c, board)]
    console().print(table(f"Foraging in {c.season} with {c.name}",
                          ["tile", "chart", "card", "forage gives"], rows))


@app.command("cards")
def cards(
    season: Optional[str] = typer.Option(None, "--season", help=accepted("seasons")),
    cards_file: Optional[Path] = CardsOption,
    as_json: bool = JsonOption,
) -> None:
    """The season cards (9 per season), with their effects in short.

    Example: hyvekit beelives cards --season summer
    """
    from hyvekit.data.beelives import season_cards
    from hyvekit.games.beelives import cards_of
    board = _board(None)
    chosen = cards_of(season_cards(cards_file), season)
    if as_json:
        print_json([_card_json(c, board) for c in chosen])
        return
    rows = [[c.name, c.season, "; ".join(c.effects())] for c in chosen]
    title = f"Bee Lives {season.strip().lower()} cards" if season else "Bee Lives season cards"
    console().print(table(title, ["card", "season", "effects"], rows))


# --- check: replay month records ----------------------------------------------------------------

def _month_rows(state, summary, board):
    rows = []
    for p in state.players:
        h = p.hive
        facts = summary.hives.get(p.name)
        rows.append([p.name, h.workers, facts.brood_hatched if facts else 0, h.honey, h.pollen,
                     h.water, h.empty, h.comb, h.disease(board), h.vp])
    return rows


def _month_json(result, board) -> dict:
    s = result.state
    return {
        "year": result.summary.year, "month": result.summary.month,
        "season": result.summary.season, "card": result.summary.card,
        "hives": [{"name": p.name, "workers": p.hive.workers,
                   "brood": result.summary.hives[p.name].brood_hatched,
                   "honey": p.hive.honey, "pollen": p.hive.pollen, "water": p.hive.water,
                   "empty": p.hive.empty, "comb": p.hive.comb,
                   "disease": p.hive.disease(board), "vp": p.hive.vp, "queen": p.hive.queen,
                   "starvation": p.hive.starvation, "infected": p.infected}
                  for p in s.players],
        "wild": [{"name": w.name, "strength": w.strength, "dormant": w.dormant,
                  "haunted": w.haunted, "infected": w.infected} for w in s.wild],
        "summary": result.summary.to_dict(),
    }


def _error_json(exc) -> dict:
    from hyvekit.rules.common import IllegalActionError
    if isinstance(exc, IllegalActionError):
        return {"kind": "rule", "rule": exc.rule, "message": exc.message,
                "expected": exc.expected, "given": exc.given}
    return {"kind": "input", "field": getattr(exc, "field", ""), "message": str(exc)}


def _solo_rating(result, board):
    """The Solo Score Chart rating of a finished one-year solo game, else None."""
    from hyvekit.games.beelives import solo_chart_rating
    sc = result.scoring
    return None if sc is None else solo_chart_rating(sc, board, result.state.options.years)


@app.command("check")
def check(
    files: list[Path] = typer.Argument(..., metavar="FILE...",
                                       help="A game file (header + months), then optionally "
                                            "month files to play after it."),
    board_file: Optional[Path] = BoardOption,
    cards_file: Optional[Path] = typer.Option(None, "--cards", metavar="FILE",
                                              help="Your own season cards (TOML)."),
    as_json: bool = JsonOption,
) -> None:
    """Replay a Bee Lives game record month by month and check every step against the rules:
    the phases, each turn of the action rounds (players in order, then wild hives), cleanup,
    winter and the final scores.  Prints each month's hives (workers, brood hatched, honey,
    pollen, water, empty cells, comb, disease level, VP) and wild hives.

    Exit 1 at the first step against the rules (rule, month, player, expected vs given) or
    when a claimed end-of-month value differs; exit 2 for a malformed record (the field is
    named).  Record format: docs/beelives.md, "Checking a game month by month".

    Example: hyvekit beelives check examples/beelives/first-month-2p.toml
    """
    from hyvekit.data import load_toml
    from hyvekit.data.beelives import components, season_cards
    from hyvekit.games import beelives as rec
    from hyvekit.games.beelives import MONTHS
    from hyvekit.cli.examples import example_file
    files = [example_file(f) for f in files]
    board = _board(board_file)
    comps = components(board, season_cards(cards_file))
    raw = load_toml(files[0])
    if rec.is_month_file(raw):
        raise InvalidInputError(str(files[0]), "a month file",
                                "a game file first: [game] and [[player]] tables (or [start]), "
                                "then month files")
    try:
        record = rec.parse_game(raw, board)
    except InvalidInputError as exc:
        raise located(exc, files[0]) from None
    extra = []
    for i, path in enumerate(files[1:], start=2):
        m = load_toml(path)
        if not rec.is_month_file(m):
            raise InvalidInputError(str(path), "not a month file",
                                    "a month file: year, month, card, [[turn]] at the top level")
        try:
            extra.append(rec.parse_month(m, f"{path.name}"))
        except InvalidInputError as exc:
            raise located(exc, path) from None
    record = rec.GameRecord(record.start, record.months + tuple(extra), record.winters)
    result = rec.replay(record, comps)
    if as_json:
        print_json({
            "ok": result.error is None,
            "months": [_month_json(m, board) for m in result.months],
            "winters": [{"year": y, "hives": [{k: e[k] for k in ("hive", "bees", "honey", "tokens",
                                                                  "vp", "out")} for e in evs]}
                        for y, evs in result.winters],
            "scoring": None if result.scoring is None else {
                "players": [{"name": l.player.name, "total": l.total, "eligible": l.eligible}
                            for l in result.scoring.lines],
                "winners": list(result.scoring.winners), "tiebreak": result.scoring.tiebreak,
                "solo_rating": _solo_rating(result, board)},
            "error": None if result.error is None else _error_json(result.error),
        })
    else:
        out = console()
        winters = dict(result.winters)

        def winter_table(year: int) -> None:
            out.print(table(f"winter after year {year}", ["hive", "bees", "honey",
                                                          "starvation tokens", "VP scored"],
                            [[e["hive"], e["bees"], e["honey"], e["tokens"], winter_vp(e)]
                             for e in winters.pop(year)]))

        for m in result.months:
            s = m.summary
            out.print(table(f"year {s.year} {s.month} ({s.season}) — card: {s.card}",
                            ["hive", "workers", "brood", "honey", "pollen", "water", "empty",
                             "comb", "disease", "VP"], _month_rows(m.state, s, board)))
            if m.state.wild or s.wild_removed:
                rows = [[w.name, w.strength, wild_state(w.dormant, w.haunted, w.infected)]
                        for w in m.state.wild]
                rows += [[n, 0, "removed"] for n in s.wild_removed]
                out.print(table(None, ["wild hive", "strength", "state"], rows))
            sick = [p.name for p in m.state.players if p.infected]
            if sick:                 # Zombees: every disease gain doubled, each action rolls
                out.print(f"infected with zombees: {', '.join(sick)}")
            if s.month_number == len(MONTHS) and s.year in winters:     # the year's last
                winter_table(s.year)
        for year in sorted(winters):
            winter_table(year)
        if result.scoring is not None:
            sc = result.scoring
            out.print(table("final scores", ["player", "total", "can win"],
                            [[l.player.name, l.total, "yes" if l.eligible else "no"]
                             for l in sc.lines]))
            if sc.winners:
                how = f" (tie-breaker: {sc.tiebreak})" if sc.tiebreak else ""
                typer.echo(wrapped(f"winner: {' and '.join(sc.winners)}{how}"))
            rating = _solo_rating(result, board)
            if rating:
                typer.echo(f"solo score chart: {rating}")
        if result.error is None:
            n = len(result.months)
            typer.echo(f"ok: {counted(n, 'month')} follow{'s' if n == 1 else ''} the rules")
        if ("comb" in board.assumed or "disease" in board.assumed) and not isinstance(
                result.error, InvalidInputError):     # a malformed record: its one line only
            _note("swarm thresholds and disease levels are hyvekit's assumed board values "
                  "(--board FILE to use your own)")
    if result.error is not None:
        err = result.error
        if isinstance(err, InvalidInputError) and len(files) == 1:
            raise located(err, files[0]) from None
        raise with_expected(err)
