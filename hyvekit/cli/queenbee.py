"""``hyvekit queenbee``: Queen Bee deck set-up, battle checks, exact attack odds, match logs."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import (JsonOption, campaigns_dir, command_hint, command_store, console,
                                 note_if_renamed, print_json, table, wrapped)
from hyvekit.rules.common import InvalidInputError, counted

app = typer.Typer(
    help=("Queen Bee: deck set-up by player count, battle checks, exact attack odds and match "
          "logs.\n\nExample: hyvekit queenbee odds --attacker warrior:2,worker --defender "
          "queen,worker"),
    no_args_is_help=True,
)

FacesOption = typer.Option(None, "--faces", metavar="FILE",
                           help="Your own die faces: a TOML file with a [dice] table "
                                "(yellow = [...], black = [...]).")
GroupArg = typer.Argument(..., metavar="GROUP", help="The match log's id (see 'hyvekit "
                                                      "campaign list').")


def _assumed_note(dice) -> None:
    if dice.assumed:
        typer.echo(wrapped("note: this depends on hyvekit's assumed die faces (yellow "
                           f"{','.join(map(str, dice.yellow))}, black "
                           f"{','.join(map(str, dice.black))}); the rulebook gives only the "
                           "maxima 3 and 4. Pass --faces FILE with your dice."))


@app.command()
def deck(players: int = typer.Option(..., "--players", "-p", metavar="N",
                                     help="Number of players, 2-6."),
         as_json: bool = JsonOption) -> None:
    """The deck for a player count: cards removed, deck size, cards dealt per seat.

    Example: hyvekit queenbee deck --players 5
    """
    from hyvekit.data import queenbee as tables
    from hyvekit.games.queenbee import deck_for
    setup = deck_for(players, tables.cards(), tables.variants())
    if as_json:
        print_json(setup.to_dict())
        return
    out = console()
    kinds = dict(setup.kinds)
    out.print(table(f"Queen Bee deck for {setup.players} players: {setup.size} cards",
                    ["card", "type", "copies"],
                    [[n, kinds.get(n, ""), f"{c}{' *' if n in setup.assumed_counts else ''}"]
                     for n, c in setup.composition]))
    if setup.removed:
        out.print(wrapped("Removed: " + ", ".join(f"{n} ({c})" for n, c in setup.removed)),
                  soft_wrap=True)
    out.print(wrapped("Dealt at the start: " + ", ".join(f"seat {i + 1}: {d}"
                                                       for i, d in enumerate(setup.dealt))
                      + f"; draw pile {setup.draw_pile}"), soft_wrap=True)
    out.print(wrapped("* copies per card are hyvekit's assumption (the rulebook gives the total "
                      "of 93 and the counts removed by the variants); the deck size is the "
                      "rulebook's."), soft_wrap=True)


@app.command()
def odds(attacker: str = typer.Option(..., "--attacker", "-a", metavar="BEES",
                                      help="Attacking bees, e.g. queen,warrior:2,worker."),
         defender: str = typer.Option(..., "--defender", "-d", metavar="BEES",
                                      help="Defending bees, e.g. warrior,worker:2."),
         card: list[str] = typer.Option([], "--card", "-c", metavar="CARD",
                                        help="An attacker card (repeatable); call-for-help "
                                             "and ally take a bee (ally:worker). "
                                             + accepted("odds-cards")),
         no_reroll: bool = typer.Option(False, "--no-reroll",
                                        help="Without the one re-roll (for comparison)."),
         faces: Optional[Path] = FacesOption,
         as_json: bool = JsonOption) -> None:
    """Exact probability that an attack succeeds (ties go to the attacker).

    Both sides re-roll once as the rules allow: the attacker to maximise its chance, the
    defender to beat the attacker's total. The attacker's named cards are played when it is
    losing after the rolls; the defender plays none.

    Example: hyvekit queenbee odds --attacker warrior:2,worker --defender queen,worker --card strong-sting
    """
    from hyvekit.games.queenbee import parse_bees
    from hyvekit.games.queenbee import attack_odds
    from hyvekit.data import queenbee as tables
    dice = tables.dice(faces)
    result = attack_odds(parse_bees(attacker, "--attacker"), parse_bees(defender, "--defender"),
                         dice, card, reroll=not no_reroll, card_table=tables.cards())
    if as_json:
        print_json(result.to_dict())
        return
    p = result.probability
    typer.echo(f"attack succeeds: {result.percent:.2f}%  (exactly {p.numerator}/{p.denominator})")
    typer.echo(wrapped(f"attacker rolls {result.attacker_dice[0]} yellow + "
                       f"{result.attacker_dice[1]} black, defender {result.defender_dice[0]} "
                       f"yellow + {result.defender_dice[1]} black; "
                       f"{'one re-roll each' if result.reroll else 'no re-rolls'}"
                       + (f"; attacker cards: {', '.join(result.cards)}" if result.cards
                          else "")))
    for note in result.notes:
        if not note.startswith("depends on hyvekit"):
            typer.echo(wrapped(f"note: {note}"))
    _assumed_note(dice)


@app.command()
def battle(attacker: Optional[str] = typer.Option(None, "--attacker", "-a", metavar="BEES",
                                                  help="Attacking bees, e.g. warrior:2,worker."),
           defender: Optional[str] = typer.Option(None, "--defender", "-d", metavar="BEES",
                                                  help="Defending bees, e.g. queen,worker."),
           attacker_dice: Optional[str] = typer.Option(
               None, "--attacker-dice", metavar="DICE",
               help="The attacker's final dice: b4,b3,y2 (b black, y yellow)."),
           defender_dice: Optional[str] = typer.Option(
               None, "--defender-dice", metavar="DICE", help="The defender's final dice."),
           card: list[str] = typer.Option(
               [], "--card", "-c", metavar="[before:]SIDE:CARD",
               help="A card played, in order (repeatable): before:attacker:smoker, "
                    "defender:strong-sting, attacker:call-for-help:worker, "
                    "defender:dont-buzz (cancels the card just before it). CARD: "
                    + accepted("queenbee-cards")),
           space: Optional[str] = typer.Option(None, "--space", metavar="TYPE",
                                               help="The defender's space (nest: its own "
                                                    "nest). " + accepted("spaces")),
           winner: Optional[str] = typer.Option(None, "--winner", metavar="SIDE",
                                                help="The outcome you played: attacker or "
                                                     "defender (checked; exit 1 if wrong)."),
           file: Optional[Path] = typer.Option(None, "--file", metavar="FILE",
                                               help="Read the battle from a TOML file instead."),
           faces: Optional[Path] = FacesOption,
           as_json: bool = JsonOption) -> None:
    """Check a stated battle: cards and their timing, dice per bee, and the outcome and rewards.

    The attacker wins ties. Exit code 1 names the rule when something is against the rules or
    --winner is wrong.

    Example: hyvekit queenbee battle --attacker warrior:2 --defender worker:2 --attacker-dice b3,b2 --defender-dice y3,y2 --winner attacker
    """
    from hyvekit.games import queenbee as B
    from hyvekit.data import queenbee as tables
    dice, cards = tables.dice(faces), tables.cards()
    if file is not None:
        if any(v is not None for v in (attacker, defender, attacker_dice, defender_dice, space)) \
                or card:
            raise InvalidInputError("--file", str(file), "either --file or the battle options, "
                                    "not both")
        from hyvekit.data import load_toml
        stated, file_winner = B.battle_from_dict(load_toml(file), cards)
        winner = winner or file_winner
    else:
        missing = [o for o, v in (("--attacker", attacker), ("--defender", defender),
                                  ("--attacker-dice", attacker_dice),
                                  ("--defender-dice", defender_dice)) if v is None]
        if missing:
            raise InvalidInputError(missing[0], "nothing", "the bees and final dice of both "
                                    "sides (or --file FILE)")
        stated = B.Battle(B.parse_bees(attacker, "--attacker"),
                          B.parse_bees(defender, "--defender"),
                          B.parse_dice(attacker_dice, "--attacker-dice"),
                          B.parse_dice(defender_dice, "--defender-dice"),
                          tuple(B.parse_play(c, cards) for c in card),
                          B.parse_space(space) if space else None)
    if winner is not None and _same_side(winner) not in ("attacker", "defender"):
        raise InvalidInputError("--winner", winner, "attacker or defender (a or d)")
    outcome = B.check_battle(stated, dice, cards)
    if as_json:
        data = outcome.to_dict()
        data["stated_winner"] = winner
        data["stated_winner_correct"] = None if winner is None else \
            _same_side(winner) == outcome.winner
        print_json(data)
    else:
        _print_outcome(outcome)
    if winner is not None:
        B.check_stated_winner(outcome, winner)
        if not as_json:
            typer.echo(f"stated winner {outcome.winner}: correct")


def _same_side(text: str) -> str:
    t = text.strip().lower()
    return {"a": "attacker", "d": "defender"}.get(t, t)


def _print_outcome(o) -> None:
    out = console()
    out.print(f"[bold]{o.winner} wins[/bold]: attacker {o.attacker.total} against defender "
              f"{o.defender.total}" + (" (a tie goes to the attacker)" if o.tie else ""))
    rows = []
    for side, r in (("attacker", o.attacker), ("defender", o.defender)):
        removed = ", ".join(f"{n} {k}" for k, n in r.removed.items()) or "-"
        rows.append([side, r.total, removed, r.saved or "-",
                     ", ".join(f"{n} {k}" for k, n in r.returned.items()) or "-",
                     ", ".join(f"{n} {k}" for k, n in r.ally_removed.items()) or "-", r.draws])
    out.print(table("Battle rewards", ["side", "total", "bees removed", "saved (Bee Escape)",
                                       "back to their space", "ally bees removed",
                                       "cards drawn"], rows))
    if o.effective:
        out.print("Cards in effect: " + "; ".join(p.describe() for p in o.effective))
    if o.cancelled:
        out.print("Cancelled by Don't Buzz: " + "; ".join(p.describe() for p in o.cancelled))
    for note in o.notes:
        out.print(f"- {note}")
    if o.faces_assumed:
        out.print("[dim]die values were checked against hyvekit's assumed faces "
                  "(pass --faces FILE with your dice)[/dim]")


# --- match logs ---------------------------------------------------------------------------

def _load_group(ctx: typer.Context, group: str):
    from hyvekit.games import record_of
    return record_of(campaigns_dir(ctx), group, "queenbee", "matches", "GROUP",
                     "the id of a Queen Bee match log")


def _names(option: str, text: str | None) -> list[str]:
    if text is None:
        return []
    from hyvekit.rules.validate import MAX_PLAYER_NAME, input_text
    # a new name fits every printable's cell (the one limit of a player's name); records
    # made before keep theirs (the match log reads names of up to matches.MAX_NAME)
    return [input_text(option, n.strip(), MAX_PLAYER_NAME) for n in text.split(",")
            if n.strip()]


def _as_known(names: list[str], state) -> list[str]:
    """``names`` spelled as the group knows them: as in its roster, else as first logged
    (``ANN`` is the group's ``ann``); a new name as given."""
    known: dict[str, str] = {}
    for n in (*state.roster, *(p for m in state.matches for p in m.players)):
        known.setdefault(n.casefold(), n)
    return [known.get(n.casefold(), n) for n in names]


def _resolve(option: str, name: str, players: list[str]) -> str:
    """A player name as spelled in --players (case-insensitive match)."""
    for p in players:
        if p.casefold() == name.strip().casefold():
            return p
    from hyvekit.rules.validate import not_one_of
    raise not_one_of(option, name, players,
                     allowed="one of the players: " + ", ".join(players))


def new_group(ctx: typer.Context, name: str, players: Optional[str],
              group_id: Optional[str]) -> None:
    """``queenbee new NAME [--players A,B,C]``: a match log for a group of players (the
    command itself is in :mod:`hyvekit.cli.queenbee_table`, beside a match at the table).

    :raises InvalidInputError: a bad or single name.
    """
    from hyvekit.games.queenbee import check_roster, new_log
    roster = _names("--players", players)
    check_roster(roster, players)
    log = new_log(roster)
    record = command_store(ctx).create(name, "queenbee", "matches", {"roster": list(log.roster)},
                                group_id)
    gid = record.header["id"]
    if group_id is None:
        note_if_renamed(name, gid)
    typer.echo(wrapped(f"created Queen Bee match log {gid!r}"
                       + (f" for {', '.join(log.roster)}" if log.roster else "")))
    names = list(log.roster[:2]) if log.roster else ["ann", "bob"]
    from shlex import quote
    typer.echo(command_hint(["queenbee", "log", gid, "--players", quote(",".join(names)),
                             "--winner", quote(names[0]), "--defeated", quote(names[1])]))


@app.command("log")
def log_match(ctx: typer.Context, group: str = GroupArg,
              players: str = typer.Option(..., "--players", metavar="A,B,C",
                                          help="Who played, in seat order (2-6)."),
              winner: str = typer.Option(..., "--winner", metavar="NAME",
                                         help="Whose queen remained."),
              defeated: str = typer.Option(..., "--defeated", metavar="X,Y",
                                           help="The other queens in the order they fell."),
              skill: list[str] = typer.Option([], "--skill", metavar="NAME=SKILL[+SKILL]",
                                              help="Hive skills of a player (repeatable), as "
                                                   "named on your skill cards (the rulebook "
                                                   "does not list the 12 cards, so any name "
                                                   "is taken), e.g. ann=stinger."),
              alliance: list[str] = typer.Option([], "--alliance", metavar="LOSER=QUEEN",
                                                 help="A forced alliance: LOSER's bees served "
                                                      "QUEEN (repeatable; 3+ players)."),
              date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD"),
              note: Optional[str] = typer.Option(None, "--note", metavar="TEXT"),
              dry_run: bool = typer.Option(False, "--dry-run", help="Check only; record "
                                                                    "nothing."),
              ) -> None:
    """Log a finished match: players, winner, order of queens defeated, skills, alliances.

    Example: hyvekit queenbee log friday-hive --players ann,bob,cy --winner ann --defeated cy,bob --alliance cy=ann
    """
    from hyvekit.games import queenbee as M
    record, state = _load_group(ctx, group)
    plist = _as_known(_names("--players", players), state)
    if len(plist) != len(set(p.casefold() for p in plist)):
        raise InvalidInputError("--players", players, "distinct names")
    skills: dict[str, list[str]] = {}
    for s in skill:
        who, sep, what = s.partition("=")
        if not sep or not what.strip():
            raise InvalidInputError("--skill", s, "NAME=SKILL or NAME=SKILL+SKILL")
        skills.setdefault(_resolve("--skill", who, plist), []).extend(
            w.strip() for w in what.split("+") if w.strip())
    pairs = []
    for a in alliance:
        loser, sep, queen = a.partition("=")
        if not sep:
            raise InvalidInputError("--alliance", a, "LOSER=QUEEN, e.g. cy=ann")
        pairs.append((_resolve("--alliance", loser, plist), _resolve("--alliance", queen, plist)))
    match = M.Match(tuple(plist), _resolve("--winner", winner, plist),
                    tuple(_resolve("--defeated", d, plist) for d in _names("--defeated",
                                                                          defeated)),
                    tuple((p, tuple(v)) for p, v in skills.items()), tuple(pairs), date, note)
    append_match(ctx, group, match, (record, state), dry_run)


def append_match(ctx: typer.Context, group: str, match, known, dry_run: bool) -> None:
    """A match (:class:`~hyvekit.rules.queenbee.matches.Match`) appended to the group's log
    ``known`` (its record and state, read once), checked; with ``dry_run`` only checked.

    :raises IllegalActionError, InvalidInputError: the match log's checks.
    """
    from hyvekit.games import queenbee as M
    record, state = known
    kind, data = M.action_to_event(match)
    if dry_run:
        M.check(state, M.parse_event(kind, data))
        typer.echo("dry run: the match is valid; nothing was recorded")
        return
    # the record read above is the one appended to (read and replayed once) unless another
    # command changed it meanwhile
    ((event, after),) = command_store(ctx).append_many(group, [(kind, data)], known=known)
    typer.echo(wrapped(f"logged match {len(after.matches)} (event {event['seq']}): "
                       f"{M.describe_event(kind, data)}"))
    from hyvekit.cli.stats import offer
    typer.echo(offer(f"{record.header['id']}#{len(after.matches)}"))


@app.command()
def status(ctx: typer.Context, group: str = GroupArg, as_json: bool = JsonOption) -> None:
    """Win counts per player of a match log.

    Example: hyvekit queenbee status friday-hive --json
    """
    from hyvekit.games.queenbee import summary
    record, state = _load_group(ctx, group)
    if as_json:
        print_json({"id": record.header["id"], "name": record.header["name"], **summary(state)})
        return
    print_match_status(record, state)


def print_match_status(record, state) -> None:
    """Rich standings table of a match log for people."""
    from hyvekit.games.queenbee import summary
    data = summary(state)
    out = console()
    out.print(f"[bold]{record.header['name']}[/bold] ({record.header['id']}) · "
              f"{counted(data['matches'], 'match', 'matches')}")
    out.print(table("Standings", ["player", "played", "wins", "win rate", "average place"],
                    [[r["player"], r["played"], r["wins"],
                      "-" if r["win_rate"] is None else f"{r['win_rate']:.0%}",
                      "-" if r["average_place"] is None else r["average_place"]]
                     for r in data["standings"]]))
