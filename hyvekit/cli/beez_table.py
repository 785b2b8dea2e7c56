"""``hyvekit beez new / next / do / cards``: a game of Beez played at the table, flight by
flight, the tool keeping the honeycombs — what is due and what is legal (``next``), the steps
applied and stored as they are made (``do``), the cards to pick from (``cards``).

The rules are :mod:`hyvekit.rules.beez.table`; the game is a campaign record of kind
``beez/game`` (:mod:`hyvekit.games.beez`), so ``campaign list/show/undo/history/delete`` work
on it; its steps are ``step`` events.
"""

from __future__ import annotations

from pathlib import Path

import typer

from hyvekit.cli.beez import LayoutOption, app, existing_file
from hyvekit.cli.common import NextHintSecondsOption, NextHintSeedOption
from hyvekit.cli.common import (
    JsonOption,
    campaigns_dir,
    command_store,
    command_hint,
    console,
    note_if_renamed,
    print_json,
    resume_instead,
    table,
    wrapped,
)
from hyvekit.rules.common import InvalidInputError

GameArg = typer.Argument(..., metavar="GAME", help="The game's id (see 'hyvekit campaign list').")
CardsOption = typer.Option(
    None, "--cards", metavar="FILE",
    help="Your box's objective cards: a copy of the beez table ('hyvekit data copy beez FILE') "
         "with your [[objective]] cards added; the game keeps them.")
#: options shown per line in the text view
SHOWN = 12


def load_game(ctx: typer.Context, game_id: str):
    """``(record, Table)`` of a Beez game.

    :raises InvalidInputError: the record is another kind of campaign.
    """
    from hyvekit.games import record_of
    from hyvekit.games.beez import GAME, KIND
    return record_of(campaigns_dir(ctx), game_id, GAME, KIND, "GAME", "the id of a Beez game",
                     " record")


def _list(option: str, text: str | None, what: str = "cards") -> list[str]:
    """``"a,b,c"`` → ``["a", "b", "c"]`` (a card counted by hand may hold commas only inside
    its quotes); ``what`` the list holds, for the refusal."""
    import csv

    from hyvekit.rules.validate import shown, unsafe_char, without
    if not text:
        return []
    bad = unsafe_char(text)
    if bad is not None:                    # a new line, a control: not the commas' fault
        raise InvalidInputError(option, text, f"{what} separated by commas, {without(bad)} "
                                f"(found {shown(bad)})")
    try:
        row = next(csv.reader([text], skipinitialspace=True, quotechar="'"))
    except (csv.Error, StopIteration):
        raise InvalidInputError(option, text, f"{what} separated by commas") from None
    return [x.strip() for x in row if x.strip()]


@app.command("new")
def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="A name for the game; its id is made from it."),
        players: str = typer.Option(..., "--players", metavar="A,B,...",
                                    help="2-4 players in turn order, the start player first."),
        common: str = typer.Option(..., "--common", metavar="CARD,CARD,CARD",
                                   help="The 3 common objective cards (ids from 'hyvekit beez "
                                        "cards')."),
        secret: list[str] = typer.Option([], "--secret", metavar="NAME=CARD,CARD",
                                         help="A player's 2 secret cards (repeatable). Players "
                                              "left out reveal theirs when the game ends."),
        expert: bool = typer.Option(False, "--expert", help="Rules for Experts: every nectar "
                                    "after the first stored next to a stored one."),
        cards: Path | None = CardsOption,
        layout: Path | None = LayoutOption,
        game_id: str | None = typer.Option(None, "--id", help="Choose the id yourself."),
        as_json: bool = JsonOption) -> None:
    """Start a game of Beez played at the table: the players, the common objective cards
    and, if you like, each player's secret cards (else revealed at the end).

    Example: hyvekit beez new "Friday" --players Martin,Sophie --common both-4-5-rows,middle-row,colours --secret Martin=three-colour-line,bow
    """
    from hyvekit.data import beez as tables
    from hyvekit.games.beez import GAME, KIND
    from hyvekit.rules.validate import MAX_PLAYER_NAME, input_text
    settings: dict = {"players": [input_text("--players", p, MAX_PLAYER_NAME)
                                  for p in _list("--players", players, "names")],
                      "common": _list("--common", common), "secret": {}, "expert": expert}
    for item in secret:
        who, sep, cs = item.partition("=")
        if not sep or not who.strip():
            raise InvalidInputError("--secret", item, "NAME=CARD,CARD, e.g. "
                                    "Martin=three-colour-line,bow")
        settings["secret"][who.strip()] = _list("--secret", cs)
    if cards is not None:
        settings["cards"] = tables.card_rows(existing_file(cards, "--cards"))
        settings["cards_file"] = str(cards.resolve())
    if layout is not None:
        from hyvekit.data import load_toml
        raw = load_toml(existing_file(layout, "--layout"))
        tables.layout(layout)                           # checked
        settings["layout"] = raw["layout"]
        settings["layout_file"] = str(layout.resolve())
    if game_id is None and not as_json and resume_instead(command_store(ctx), name, GAME, KIND,
                                                          ["beez", "next"]):
        return
    record = command_store(ctx).create(name, GAME, KIND, settings, game_id)
    cid = record.header["id"]
    if as_json:
        print_json({"id": cid, **next_data(load_game(ctx, cid)[1])})
        return
    if game_id is None:
        note_if_renamed(name, cid)
    hidden = [p for p in settings["players"] if p not in settings["secret"]]
    typer.echo(wrapped(f"created Beez game {cid!r}: {', '.join(settings['players'])}"
                       + (" (Rules for Experts)" if expert else "")))
    if hidden:
        typer.echo(wrapped(f"secret objectives revealed at the end: {', '.join(hidden)}"))
    typer.echo(command_hint(["beez", "next", cid]))


def next_data(t) -> dict:
    """``next --json``: the decision due (``actor``, ``decision``, ``prompt``, ``legal``,
    ``more``) and the table (``table``)."""
    from hyvekit.cli.table import table_data
    from hyvekit.games.table import table_game
    return table_data(table_game("beez", "game"), t)


def print_game_status(record, state) -> None:
    """``campaign show`` of a Beez game: the table and what is due."""
    data = next_data(state)
    print_table(data["table"])
    print_decision(data, record.header["id"])


def print_table(v: dict) -> None:
    """The table for people: the round, the honeycombs side by side, then the scores."""
    from hyvekit.rules.validate import shown_data
    v = shown_data(v)          # a name an older record holds, escaped
    out = console()
    state = (f"round {v['round']}, {v['turn']}'s turn" if not v["over"]
             else f"game over after round {v['round']}")
    out.print(f"Beez · {state}" + (" · end triggered: last round" if v["end_triggered"]
                                   and not v["over"] else "")
              + (" · Rules for Experts" if v["expert"] else ""), highlight=False)
    out.print(f"common objectives: {', '.join(v['common'])}", highlight=False)
    from hyvekit.games.beez import ROW_NAMES
    width = max(11, *(len(p["name"]) for p in v["players"])) + 2
    label = max(len("nectar"), *(len(x) + 2 for x in v["labels"]))
    lines = [" " * (label + 3) + "".join(p["name"].center(9).ljust(width)
                                         for p in v["players"])]
    for row, lab in enumerate(v["labels"]):     # the row's letter, as the steps name chambers
        lines.append(f"{ROW_NAMES[row]} {lab:>{label - 2}} | " + "".join(
            p["honeycomb"][row].center(9).ljust(width) for p in v["players"]))
    lines.append(f"{'nectar':>{label}}   " + "".join(
        f"{p['nectar']} ({p['large_nectar']} large)".center(9).ljust(width)
        for p in v["players"]))
    for line in lines:
        out.print(line.rstrip(), highlight=False, soft_wrap=True)
    if v.get("flight"):
        out.print(f"flight of {v['flight']['distance']}: to store "
                  f"{' '.join(v['flight']['left'])}", highlight=False)
    if "scores" in v:
        names = [p["name"] for p in v["scores"]]
        rows = [[o["name"] + (" *" if o["assumed"] else "")] for o in
                v["scores"][0]["objectives"][:3]]
        for r, i in zip(rows, range(3)):
            r += [p["objectives"][i]["honey"] for p in v["scores"]]
        for k in range(3, 5):
            rows.append([f"secret {k - 2}"] + [f"{p['objectives'][k]['name']}: "
                                               f"{p['objectives'][k]['honey']}"
                                               for p in v["scores"]])
        rows.append(["total"] + [p["total"] for p in v["scores"]])
        rows.append(["large nectar"] + [p["large_nectar"] for p in v["scores"]])
        out.print(table("Honey drops", ["objective", *names], rows))
        for a in dict.fromkeys(a for p in v["scores"] for a in p["assumptions"]):
            out.print(wrapped(f"* depends on an assumption: {a}", first="  ", indent="    "),
                      soft_wrap=True, highlight=False)
        who = " and ".join(v["winners"])
        out.print(f"[bold]{'Shared victory' if v['shared'] else 'Winner'}: {who}[/bold]"
                  + (" (more large nectar breaks the tie)" if v["tie_broken_by_large_nectar"]
                     and not v["shared"] else ""))


def option_lines(legal: list[str]) -> list[str]:
    """The legal options to read: the flights as the distances and the nectar that may be
    taken (small, large, a large with a small), the storing as ``store w A1|A2|B1`` per
    nectar, others as they are (at most :data:`SHOWN`)."""
    flights = [o.split() for o in legal if o.startswith("fly ")]
    lines = []
    if flights:
        distances = sorted({int(w[1]) for w in flights})
        singles = list(dict.fromkeys(w[2] for w in flights if len(w) == 3))
        small = " ".join(x for x in singles if x.islower())
        large = " ".join(x for x in singles if x.isupper())
        pairs = sum(1 for w in flights if len(w) == 4) // len(distances)
        lines.append(f"fly {'|'.join(map(str, distances))} then the nectar taken:")
        lines.append(f"    small: {small or 'none left'} · large: {large or 'none left'}")
        if pairs:
            lines.append("    or a large with a small, large first: "
                         f"{flights[-1][2]} {flights[-1][3]} ({pairs} pairs)")
    stores: dict[str, list[str]] = {}
    for o in legal:
        w = o.split()
        if w[0] == "store":
            stores.setdefault(w[1], []).append(w[2])
    lines += [f"store {tok} {'|'.join(cs)}" for tok, cs in stores.items()]
    rest = [o for o in legal if not o.startswith(("fly ", "store "))]
    if rest:
        lines.append(" · ".join(rest[:SHOWN])
                     + (f" … and {len(rest) - SHOWN} more" if len(rest) > SHOWN else ""))
    return lines


def print_decision(data: dict, game: str) -> None:
    """The decision due and its legal options, and the command to give it."""
    from hyvekit.rules.validate import shown_data
    data = shown_data(data)            # a name an older record holds, escaped
    out = console()
    if data["decision"] is None:
        out.print(data["prompt"])
        return
    out.print(f"[bold]due:[/bold] {data['prompt']}", highlight=False)
    for line in option_lines(data["legal"]):
        out.print(f"  {line}", highlight=False, overflow="fold")
    if data["decision"] == "flight":
        out.print("  (upper case = large nectar; 'empty' when you took none)", highlight=False)
    if data["more"]:
        out.print(f"  (also: {data['more']})", highlight=False)
    from hyvekit.cli.table import suggested_step
    typer.echo(command_hint(["beez", "do", game], step=suggested_step(data)))


@app.command("next")
def next_(ctx: typer.Context, game: str = GameArg, as_json: bool = JsonOption,
          hint: bool = typer.Option(False, "--hint", help="Add the advisor's estimate of each "
                                    "option ('beez hint'; marked in the record)."),
          seconds: float = NextHintSecondsOption,
          seed: int | None = NextHintSeedOption) -> None:
    """What is due now: the round, whose turn, each honeycomb, and the decision due with its
    legal options; at the end, the scores and the winner. --json gives {"actor", "decision",
    "legal": [...], "table": ...}: every string in legal is a step 'beez do' accepts.
    --hint adds the advisor's estimates ("hint" in --json).

    Example: hyvekit beez next friday --hint
    """
    record, state = load_game(ctx, game)
    data = next_data(state)
    lines: list[str] = []
    if hint:
        from hyvekit.cli.advisor import show_hint
        data["hint"], lines = show_hint(ctx, game, (record, state), seconds, seed, None)
    if as_json:
        print_json(data)
        return
    print_table(data["table"])
    print_decision(data, record.header["id"])
    for line in lines:
        console().print(line, highlight=False, soft_wrap=True)


@app.command("do")
def do(ctx: typer.Context, game: str = GameArg,
       steps: list[str] = typer.Argument(..., metavar="STEP...",
                                         help="Steps in the notation of docs/beez.md, e.g. "
                                              "\"fly 5 P w\", \"store w A2\", empty, \"secret "
                                              "three-colour-line bow\". Several are applied in "
                                              "order, all or none."),
       as_json: bool = JsonOption) -> None:
    """Apply steps at the table and store each as it is made: the flight (its distance and
    the nectar taken, or empty), where each nectar is stored; at the end the secret cards
    revealed and the values of cards counted by hand. Nectar that cannot be stored is put back
    by hyvekit. A step against the rules is refused with the rule and the legal options
    (exit 1); nothing is stored then.

    Example: hyvekit beez do friday "fly 5 P w" "store w A2" "store P E3"
    """
    from hyvekit.cli.table import applied_data, store_steps
    from hyvekit.games.table import table_game
    record, state = load_game(ctx, game)
    applied = store_steps(command_store(ctx), game, steps, game=table_game("beez", "game"),
                          known=(record, state))
    said, state = applied.said, applied.state
    data = next_data(state)
    if as_json:
        print_json({**applied_data(applied), **data})
        return
    out = console()
    for line in said:
        out.print(f"  {line}", highlight=False)
    print_table(data["table"])
    print_decision(data, record.header["id"])
    if state.done and not applied.before.done:      # scored: the play can be logged
        from hyvekit.cli.stats import offer
        typer.echo(offer(record.header["id"]))


@app.command("cards")
def cards(cards_file: Path | None = CardsOption, as_json: bool = JsonOption) -> None:
    """The objective cards to pick from: the five of the rulebook's scoring example and, with
    --cards FILE, your box's cards, with what each asks for and whether hyvekit scores it.

    Example: hyvekit beez cards --cards my-beez.toml
    """
    from hyvekit.data import beez as tables
    rows = tables.card_rows(existing_file(cards_file, "--cards")) if cards_file else None
    library = tables.objectives_with(rows)
    items = [{"id": o.id, "name": o.name, "kind": o.kind, "honey": o.honey,
              "scored": "by hand" if not o.described else "assumed value" if o.assumed
              else "shape assumed" if o.shape_assumed else "yes"} for o in library.values()]
    if as_json:
        print_json(items)
        return
    console().print(table("Beez objective cards", ["id", "card", "kind", "honey", "scored"],
                          [[i["id"], i["name"], i["kind"], "" if i["honey"] is None
                            else i["honey"], i["scored"]] for i in items]))
    typer.echo(wrapped("add your box's cards: hyvekit data copy beez my-beez.toml, then "
                       "--cards my-beez.toml"))
