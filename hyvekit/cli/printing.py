"""``hyvekit print …``: PDFs of sheets, scoring pads and player aids.

Only typer and the catalogue are imported here; jinja2, weasyprint and pypdf load inside
:func:`hyvekit.render.pdf.render_pdf`, so ``hyvekit --help`` stays fast.
"""

from __future__ import annotations

import re
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from hyvekit.cli import stats as S
from hyvekit.cli.common import JsonOption, campaigns_dir, console, print_json, table, wrapped
from hyvekit.render.campaign_report import BEELIVES_CAMPAIGN, state_sha256
from hyvekit.render.catalogue import HOME, Printable, build_context, entry, load_all, lookup
from hyvekit.render.catalogue import names as printable_names
from hyvekit.render.pdf import FLIPS, IMPOSITIONS, PER_PAGE, missing_glyphs_words
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import MAX_PLAYER_NAME, digits

PADS = printable_names("pad")   # the help texts below list the games and aids
AIDS = printable_names("aid")

app = typer.Typer(
    help=("Print sheets, scoring pads and player aids as PDF (A4 or Letter), 1, 2 or 4 per "
          "sheet, optionally in an ink-saver variant; 'print all' prints the catalogue.\n\n"
          "Example: hyvekit print pad beelives --players 3 --copies 20"),
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


#: how a booklet's pages are laid on the sheets, and its duplex edge: the printing layer's
#: own values (no weasyprint or pypdf imported with them)
Imposition = Enum("Imposition", [(v, v) for v in IMPOSITIONS], type=str)
Flip = Enum("Flip", [(v, v) for v in FLIPS], type=str)


class Paper(str, Enum):
    """Paper sizes (``@page`` size): A4 595 × 842 pt, Letter 612 × 792 pt."""

    a4 = "a4"
    letter = "letter"


PaperOption = typer.Option(Paper.a4, "--paper", case_sensitive=False,
                           help="Paper size: a4 (210 × 297 mm) or letter (8.5 × 11 in).")
CopiesOption = typer.Option(1, "--copies", "-n", min=1, max=1000,
                            help="Sheets to print (pages repeated in one PDF, rendered "
                                 "once); with --per-page 4, 10 copies make 40 pads.")
OutOption = typer.Option(None, "--out", "-o", metavar="PATH", dir_okay=False,
                         help="PDF file to write (default output/NAME.pdf; folders are "
                              "created); '-' writes it to standard output (| lp).")
TemplatesOption = typer.Option(None, "--templates", metavar="DIR", exists=True,
                               file_okay=False, dir_okay=True,
                               help="Your own templates folder: its files replace the "
                                    "packaged ones of the same name.")
# Annotated, so the commands keep plain Python defaults when called as functions (the demo
# calls them with the options it knows of).
PerPage = Annotated[int, typer.Option("--per-page", metavar="N",
                                      help="Copies on each sheet: 1, 2 or 4 where the "
                                           "layout allows it (the scoring pads), with crop "
                                           "marks at the cut lines; see 'hyvekit print list'.")]
InkSaver = Annotated[bool, typer.Option("--ink-saver",
                                        help="Lighter variant of the same layout: outlined "
                                             "headers, hatched swatches, thin rules.")]
BoardFile = Annotated[Optional[Path], typer.Option(
    "--board", metavar="FILE", exists=True, dir_okay=False,
    help="Bee Lives: your own board values (TOML, same shape as hyvekit/data/beelives.toml; "
         "tables you leave out are the packaged ones): the print shows your values. 'aid "
         "queenbee-board': your own Queen Bee board ('hyvekit data copy queenbee_board "
         "FILE'), drawn.")]


def _board(printable: Printable, path: Optional[Path]) -> Any:
    """The board of ``--board FILE`` for ``printable`` (None without the option): a Queen Bee
    board for a printable drawn from one (``queenbee_board`` in its uses), else Bee Lives'.

    :raises typer.BadParameter: ``printable`` shows no board values.
    """
    if path is None:
        return None
    if "queenbee_board" in printable.uses:
        from hyvekit.data.queenbee import board as queenbee_board
        return queenbee_board(path)
    if "board" not in printable.uses:
        drawn = ", ".join(p.key for p in load_all().values()
                          if {"board", "queenbee_board"} & set(p.uses))
        raise typer.BadParameter(f"{printable.key} shows no board values; --board goes with: "
                                 f"{drawn}", param_hint="--board")
    from hyvekit.data.beelives import board

    return board(path)


def _campaign_board(state) -> Any:
    """The board a Bee Lives campaign is played with (its own board file, else the packaged
    one)."""
    return state.comps.board


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "run"


def _check_per_page(printable: Printable, per_page: int) -> int:
    """``per_page`` if ``printable`` allows it, else a usage error listing what it allows
    (a layout laid out for a whole sheet is not offered on half one: its text would be under
    6 pt, issue 29)."""
    if per_page not in printable.per_page:
        allowed = ", ".join(str(n) for n in printable.per_page)
        why = (" (its text would print under 6 pt)" if per_page in PER_PAGE else "")
        raise typer.BadParameter(f"{printable.key} prints {allowed} per sheet, not "
                                 f"{per_page}{why}", param_hint="--per-page")
    return per_page


def _render(ctx: typer.Context | None, printable: Printable, context: dict[str, Any], *,
            paper: Paper, copies: int, out: Optional[Path], templates: Optional[Path],
            options: dict[str, Any], stem: str | None = None, per_page: int = 1,
            ink_saver: bool = False, extra_meta: dict[str, str] | None = None,
            echo: bool = True, more: tuple = (), imposition: str = "none",
            flip: str = "short", distinct: bool = False) -> Path:
    """Render ``printable`` and print the output path.  The output may replace an older PDF,
    never another kind of file nor anything in the campaigns folder.  ``--out -`` writes the
    PDF to standard output (``| lp``) and nothing else there (what is said goes to stderr)."""
    from hyvekit.cli.common import output_dir, safe_output
    from hyvekit.render.pdf import PRINTED_BY, render_pdf

    stream = None
    if out is not None and str(out) == STANDARD_OUTPUT:
        stream = _standard_output()
        target = Path(STANDARD_OUTPUT)
    else:
        target = safe_output(out or output_dir() / f"{stem or printable.file_stem}.pdf", ctx,
                             option="--out", same_kind=b"%PDF",
                             made_by=PRINTED_BY.encode())
    missing: set[str] = set()            # characters printed as empty boxes
    path = render_pdf(printable.template, context, **_pdf_options(
        printable, paper=paper, copies=copies, out=target, templates=templates,
        options=options, per_page=per_page, ink_saver=ink_saver, extra_meta=extra_meta),
                      more=more, imposition=imposition, flip=flip, missing=missing,
                      stream=stream, distinct=distinct)
    if echo and stream is None:
        typer.echo(str(path))
    _tell_missing(missing)
    _subset_advice()
    return path


def _pdf_options(printable: Printable, *, paper: Paper, copies: int, out: Path,
                 templates: Optional[Path], options: dict[str, Any], per_page: int = 1,
                 ink_saver: bool = False, extra_meta: dict[str, str] | None = None
                 ) -> dict[str, Any]:
    """:func:`~hyvekit.render.pdf.render_pdf`'s options of a print of ``printable``: its
    metadata records the options used."""
    used = {"paper": paper.value, "copies": copies, "per_page": per_page,
            "ink_saver": ink_saver, **options}
    if templates is not None:
        used["templates"] = str(templates)
    return {"paper": paper.value, "copies": copies, "out": out,
            "templates_dir_override": templates, "per_page": per_page, "ink_saver": ink_saver,
            "metadata": {"title": printable.title, "printable": printable.key,
                         "options": used, **(extra_meta or {})}}


def _tell_missing(missing: set[str]) -> None:
    """Say on stderr which characters printed as empty boxes (nothing if none did)."""
    if missing:
        typer.echo(wrapped(missing_glyphs_words(missing)), err=True)


#: the --out that writes the PDF to standard output
STANDARD_OUTPUT = "-"


def _standard_output():
    """Standard output's bytes for ``--out -``.

    :raises InvalidInputError: standard output is a terminal (a PDF would fill it with
        bytes) or there is none.
    """
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        raise InvalidInputError("--out", STANDARD_OUTPUT, "a file path (there is no standard "
                                "output to write the PDF to)")
    try:
        terminal = sys.stdout.isatty()
    except (AttributeError, ValueError):
        terminal = False
    if terminal:
        raise InvalidInputError("--out", STANDARD_OUTPUT, "a file path, or '-' with standard "
                                "output sent to a program or a file (| lp, > sheet.pdf), "
                                "not a terminal")
    return out


def _subset_advice() -> None:
    """Once per user (a mark in hyvekit's cache folder): say on stderr that fonts are subset
    in pure Python, and how to make prints faster (:mod:`hyvekit.render.weasy`)."""
    from hyvekit.render.weasy import SUBSET_ADVICE, subsets_in_python
    if not subsets_in_python():
        return
    from hyvekit.store.states import default_folder
    mark = default_folder().parent / "told-harfbuzz-subset"
    try:
        if mark.exists():
            return
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()
    except OSError:
        pass                              # an unwritable cache: say it every time
    typer.echo(wrapped(f"note: {SUBSET_ADVICE}"), err=True)


def _load_run(ctx: typer.Context, run_id: str):
    """``(header, LegacyState)`` of legacy run ``run_id`` in the campaigns folder."""
    from hyvekit.cli.hyve_records import load_legacy_state

    return load_legacy_state(campaigns_dir(ctx), run_id)


def _load_beelives(ctx: typer.Context, campaign_id: str) -> tuple[dict, Any, dict]:
    """``(header, state, view)`` of Bee Lives campaign ``campaign_id``: its record header, its
    replayed state and :func:`~hyvekit.render.printables_beelives_campaign.campaign_view` of
    its summary.

    :raises InvalidInputError: the campaign is not a Bee Lives campaign.
    """
    from hyvekit.games import adapter_for, campaign_store
    from hyvekit.render.printables_beelives_campaign import campaign_view

    record, state = campaign_store(campaigns_dir(ctx)).state(campaign_id)
    game_kind = (record.header.get("game"), record.header.get("kind"))
    if game_kind != BEELIVES_CAMPAIGN:
        raise InvalidInputError("CAMPAIGN", campaign_id,
                                "a Bee Lives campaign (this one is "
                                f"{game_kind[0]}/{game_kind[1]}; see 'hyvekit campaign list')")
    summary = adapter_for(*BEELIVES_CAMPAIGN).summary(state)
    return record.header, state, campaign_view(record.header, summary)


def _legacy_sheet(sheet_id: str):
    """The packaged legacy sheet ``sheet_id`` of a blank print (``--sheet``, case folded by
    the command)."""
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.rules.validate import close_matches

    sheets = legacy_sheets()
    if sheet_id not in sheets:
        raise InvalidInputError("--sheet", sheet_id, "a legacy sheet: " + ", ".join(sheets),
                                suggestions=close_matches(sheet_id, sheets))
    return sheets[sheet_id]


def _campaign_meta(header: dict, campaign_id: str, state) -> tuple[str, dict[str, str]]:
    """The campaign id and the metadata of a print pre-filled from it."""
    cid = str(header.get("id") or campaign_id)
    return cid, {"campaign": cid, "state_sha256": state_sha256(state)}


@app.command("legacy-sheet")
def legacy_sheet(
    ctx: typer.Context,
    run: Optional[str] = typer.Argument(
        None, metavar="RUN", help="Id of a legacy run to pre-fill from (colours, honey "
                                    "well, purchases, crossed-out items); blank without it."),
    sheet: str = typer.Option("legacy-1", "--sheet", metavar="ID",
                              help="Sheet of a blank print: legacy-1, legacy-2 or legacy-3."),
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print the Hyve Legacy sheet, blank or pre-filled from a legacy run (one per sheet).

    A pre-filled PDF records the run id and a hash of the run's state in its metadata.

    Example: hyvekit print legacy-sheet my-run --paper letter --ink-saver
    """
    from hyvekit.render.printables import legacy_sheet_context

    sheet = sheet.strip().casefold()             # sheet ids in any case, as --paper
    printable = entry("legacy-sheet")
    _check_per_page(printable, per_page)
    options: dict[str, Any] = {}
    extra: dict[str, str] = {}
    if run:
        header, state = _load_run(ctx, run)
        context = legacy_sheet_context(state, header)
        options["run"], extra = _campaign_meta(header, run, state)
        stem = f"legacy-sheet-{_slug(options['run'])}"
    else:
        context = legacy_sheet_context(sheet=_legacy_sheet(sheet))
        options["sheet"] = sheet
        stem = printable.file_stem if sheet == "legacy-1" else f"legacy-sheet-{sheet}"
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem=stem, per_page=per_page, ink_saver=ink_saver,
            extra_meta=extra)


@app.command("booklet")
def booklet(
    ctx: typer.Context,
    run: Optional[str] = typer.Argument(
        None, metavar="RUN", help="Id of a legacy run to pre-fill from; blank without it."),
    sheet: str = typer.Option("legacy-1", "--sheet", metavar="ID",
                              help="Sheet of a blank booklet: legacy-1, legacy-2 or legacy-3."),
    sheets_file: Optional[Path] = typer.Option(
        None, "--sheets", metavar="FILE", exists=True, dir_okay=False,
        help="Your own scenario sheet definitions (TOML, same shape as hyve_sheets.toml)."),
    imposition: Imposition = typer.Option(
        Imposition.none, "--imposition", case_sensitive=False,
        help="none: the six pages on loose sheets; booklet: the booklet's own A5 layout "
             "(half-Letter on Letter: the HP die's squares, 8 mm hexes), two pages to a side, "
             "in the order a folded, stapled booklet reads. Print both sides."),
    flip: Flip = typer.Option(
        Flip.short, "--flip", case_sensitive=False,
        help="A booklet's duplex edge: short (the usual for booklets) or long (the backs "
             "turned half round). Not sure? Print --duplex-test first."),
    duplex_test: bool = typer.Option(
        False, "--duplex-test",
        help="Print the one-sheet duplex alignment test instead: it shows whether your "
             "printer's backs line up and which --flip to use."),
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print a Hyve Legacy booklet: the legacy sheet, then the scenario sheets of the run's
    five scenarios in the order of its run configuration, each in its mode, one PDF: loose
    A4 (Letter) pages, or with --imposition booklet an A5 booklet in its own layout for play
    (each scenario on four pages, sized for the HP die) to print on both sides, fold and
    staple (the pages padded with blanks to a multiple of four).

    With RUN every page is pre-filled as far as the run knows it: the legacy sheet as 'print
    legacy-sheet RUN'; a scenario played shows its result and the run's colours; the scenario
    in play (or next) its colours, bread levels and Courier box; a later one the colours and
    the bread levels as the run stands. The PDF records the run id and a hash of its state.

    Example: hyvekit print booklet my-run --imposition booklet --flip short
    """
    from hyvekit.render.printables_hyve_sheets import booklet_parts

    sheet = sheet.strip().casefold()             # sheet ids in any case, as --paper
    printable = entry("booklet")
    _check_per_page(printable, per_page)
    if flip is not Flip.short and imposition is Imposition.none and not duplex_test:
        raise InvalidInputError("--flip", flip.value, "--flip only with --imposition booklet "
                                "or --duplex-test (loose pages have no duplex edge)")
    options: dict[str, Any] = {"imposition": imposition.value}
    if imposition is Imposition.booklet or duplex_test:
        options["flip"] = flip.value
    if duplex_test:
        if run:
            raise typer.BadParameter("the duplex test prints no run: leave RUN out",
                                     param_hint="--duplex-test")
        if sheet != "legacy-1" or sheets_file is not None:
            raise InvalidInputError("--sheet" if sheet != "legacy-1" else "--sheets",
                                    sheet if sheet != "legacy-1" else str(sheets_file),
                                    "no sheet with --duplex-test (it prints no sheet)")
        from hyvekit.render.printables import duplex_test_context
        test = Printable("duplex-test", "duplex-test.html", "Duplex alignment test",
                         "", "hyvekit print booklet --duplex-test", pages=4)
        _render(ctx, test, duplex_test_context(flip.value), paper=paper, copies=copies,
                out=out, templates=templates, options={"flip": flip.value},
                stem=f"duplex-test-{flip.value}", ink_saver=ink_saver, imposition="booklet",
                flip=flip.value)
        return
    extra: dict[str, str] = {}
    if sheets_file is not None:
        options["sheets"] = str(sheets_file)
    if run:
        if sheet != "legacy-1":
            raise InvalidInputError("--sheet", sheet, "no --sheet with RUN (the run's own "
                                    "legacy sheet is printed); --sheet picks a blank "
                                    "booklet's")
        header, state = _load_run(ctx, run)
        parts = booklet_parts(state, header, path=sheets_file,
                              a5=imposition is Imposition.booklet)
        options["run"], extra = _campaign_meta(header, run, state)
        stem = f"booklet-{_slug(options['run'])}"
    else:
        parts = booklet_parts(sheet=_legacy_sheet(sheet), path=sheets_file,
                              a5=imposition is Imposition.booklet)
        options["sheet"] = sheet
        stem = "booklet" if sheet == "legacy-1" else f"booklet-{sheet}"
    (template, context), *more = parts
    if imposition is Imposition.booklet:
        stem += "-a5" if paper is Paper.a4 else "-half-letter"
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem=stem, ink_saver=ink_saver, extra_meta=extra,
            more=tuple(more), imposition=imposition.value, flip=flip.value)
    if imposition is Imposition.booklet:
        typer.echo(wrapped(f"print it on both sides, flipped on the {flip.value} edge; fold "
                           "the sheets in half, nest them and staple the fold (not sure of "
                           "the edge? hyvekit print booklet --duplex-test)"), err=True)


@app.command("pad")
def pad(
    ctx: typer.Context,
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help="The game: " + ", ".join(sorted(PADS)) + "."),
    campaign: Optional[str] = typer.Argument(
        None, metavar="CAMPAIGN", show_default=False,
        help="Bee Lives pads (beelives, beelives-years): id of a Bee Lives campaign to take the "
             "player names (and on the multi-year pad the game length) from; the beez pad: id "
             "of a Beez game (its names, cards and, once scored, every score); the queenbee "
             "match sheet: id of a Queen Bee match log (its players, or with --match a logged "
             "match) or of a finished match played at the table; the hyve-legacy pad: id of a Hyve Legacy run (its figures so far)."),
    players: Optional[int] = typer.Option(
        None, "--players", "-p", min=1,         # each pad says its own most
        help="Player columns, 1-4 (Queen Bee seats 1-6; default: the number of --names, else "
             "the most)."),
    match: Annotated[Optional[str], typer.Option(
        "--match", metavar="N", help="Queen Bee: fill in match N of the match log (1 is the "
                                     "first; 'last' the newest).")] = None,
    names: Optional[str] = typer.Option(None, "--names", metavar='"ANN,BOB"',
                                        help="Player names to pre-print, comma separated, "
                                             f"each at most {MAX_PLAYER_NAME} characters."),
    board_file: BoardFile = None,
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print an end-of-game scoring pad (two games per page; pad beelives, beez and queenbee
    also 2 or 4 per sheet, one game on each; pad beelives-years and hyve-legacy one per
    sheet).

    With a Bee Lives CAMPAIGN the pad (beelives or beelives-years) is pre-filled with its
    player names, the multi-year pad also with its game length, and shows the campaign's board
    values; the PDF records the campaign id and a hash of its state in its metadata.  --board
    FILE prints a blank Bee Lives pad with your own board's values (VP per swarm, raid,
    starvation token).  With a Beez GAME played at the table (beez new/next/do) the beez pad
    is pre-filled with its names and common cards and, once scored, every card's honey drops,
    the totals, the large nectar and the winner.  With a finished Queen Bee match played at the
    table (queenbee new -p/next/do) the match sheet is filled in from it.

    Example: hyvekit print pad beelives --players 3 --names "Ann,Bob,Cy" --per-page 4 --copies 5

    Example: hyvekit print pad beelives-years spring-league --copies 2

    Example: hyvekit print pad beez friday

    Example: hyvekit print pad queenbee friday-hive --match last

    Example: hyvekit print pad queenbee friday

    Example: hyvekit print pad hyve-legacy summer-run
    """
    from hyvekit.render.printables import parse_names

    try:
        printable = lookup("pad", game)
    except InvalidInputError:
        raise typer.BadParameter(f"no scoring pad for {game!r}; accepted games: "
                                 + ", ".join(sorted(PADS)), param_hint="GAME") from None
    _check_per_page(printable, per_page)
    if match is not None and not (campaign and printable.key == "pad queenbee"):
        raise typer.BadParameter("--match fills in a match of a Queen Bee match log: "
                                 "hyvekit print pad queenbee GROUP --match N",
                                 param_hint="--match")
    if campaign and printable.key == "pad queenbee":
        _queenbee_pad(ctx, printable, campaign, match, players, names, paper=paper,
                      copies=copies, out=out, templates=templates, per_page=per_page,
                      ink_saver=ink_saver)
        return
    if campaign and printable.key == "pad beez":
        _beez_pad(ctx, printable, campaign, players, names, paper=paper, copies=copies,
                  out=out, templates=templates, per_page=per_page, ink_saver=ink_saver)
        return
    if campaign and printable.key == "pad hyve-legacy":
        if players is not None or names:
            raise typer.BadParameter("the run gives its name: leave out --players and --names",
                                     param_hint="CAMPAIGN")
        _legacy_pad(ctx, printable, campaign, paper=paper, copies=copies, out=out,
                    templates=templates, per_page=per_page, ink_saver=ink_saver)
        return
    if campaign:
        from hyvekit.render.printables_beelives_campaign import pad_context

        if printable.key not in ("pad beelives", "pad beelives-years"):
            raise typer.BadParameter(f"the {printable.key} pad takes no campaign; a campaign "
                                     "pre-fills the Bee Lives pads (beelives, beelives-years), "
                                     "a Beez game the beez pad, a Hyve Legacy run the "
                                     "hyve-legacy pad", param_hint="CAMPAIGN")
        if players is not None or names:
            raise typer.BadParameter("the campaign gives the players: leave out --players and "
                                     "--names", param_hint="CAMPAIGN")
        if board_file is not None:
            raise typer.BadParameter("the campaign gives the board (the one it is played "
                                     "with): leave out --board", param_hint="--board")
        header, state, view = _load_beelives(ctx, campaign)
        context = pad_context(printable.key, view, per_page=per_page,
                              board=_campaign_board(state))
        cid, extra = _campaign_meta(header, campaign, state)
        options = {"campaign": cid, "names": ",".join(p["name"] for p in context["players"]),
                   "players": len(context["players"])}
        _render(ctx, printable, context, paper=paper, copies=copies, out=out,
                templates=templates, options=options, per_page=per_page, ink_saver=ink_saver,
                stem=f"{printable.file_stem}-{_slug(cid)}", extra_meta=extra)
        return
    board = _board(printable, board_file)
    # refusals name the option, its value, the range; a run's name is a record's name
    from hyvekit.render.printables import MAX_NAME_LENGTH
    from hyvekit.store.campaigns import MAX_NAME
    name_list = parse_names(names, MAX_NAME if printable.key == "pad hyve-legacy"
                            else MAX_NAME_LENGTH)
    context = build_context(printable.key, players=players, names=name_list,
                            per_page=per_page, board=board)
    options: dict[str, Any] = {"names": ",".join(name_list)}
    if board_file is not None:
        options["board"] = str(board_file)
    stem = None
    if "players" in context:   # a pad with player columns (the Hyve legacy pad has none)
        options["players"] = len(context["players"])
        # pads for other players get their own file: a pad printed for Ann and Bob never
        # replaces one for a group of four
        if name_list:
            stem = f"{printable.file_stem}-{_slug('-'.join(name_list))}"
        elif players is not None:
            stem = f"{printable.file_stem}-{players}p"
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, per_page=per_page, ink_saver=ink_saver, stem=stem)


def _legacy_pad(ctx: typer.Context, printable, run_id: str, **render) -> None:
    """``print pad hyve-legacy RUN``: the honey pad of a Hyve Legacy run, its figures so far
    pre-printed (the ledger's, as the campaign report shows them)."""
    from hyvekit.games import campaign_store
    from hyvekit.render.campaign_report import report_context
    from hyvekit.render.printables_hyve import hyve_legacy_pad_context, legacy_pad_run

    record, state = campaign_store(campaigns_dir(ctx)).state(run_id)
    game_kind = (record.header.get("game"), record.header.get("kind"))
    if game_kind != ("hyve", "legacy"):
        raise InvalidInputError("CAMPAIGN", run_id, "a Hyve Legacy run for the hyve-legacy pad "
                                f"(this one is {game_kind[0]}/{game_kind[1]}; see 'hyvekit "
                                "campaign list')")
    run = legacy_pad_run(record.header, state, report_context(record, state)["scenarios"])
    context = hyve_legacy_pad_context(per_page=render["per_page"], run=run)
    cid, extra = _campaign_meta(record.header, run_id, state)
    _render(ctx, printable, context, options={"campaign": cid},
            stem=f"{printable.file_stem}-{_slug(cid)}", extra_meta=extra, **render)


def _queenbee_pad(ctx: typer.Context, printable, group_id: str, match: str | None, players,
                  names, **render) -> None:
    """``print pad queenbee GROUP [--match N]``: the match sheet of a Queen Bee match log, with
    its players, or a logged match filled in."""
    from hyvekit.games import campaign_store
    from hyvekit.render.printables import parse_names
    from hyvekit.render.printables_queenbee import match_pad_context

    record, state = campaign_store(campaigns_dir(ctx)).state(group_id)
    game_kind = (record.header.get("game"), record.header.get("kind"))
    if game_kind not in (("queenbee", "matches"), ("queenbee", "match")):
        raise InvalidInputError("GROUP", group_id,
                                "a Queen Bee match log or a match played at the table (this one "
                                f"is {game_kind[0]}/{game_kind[1]}; see 'hyvekit campaign list')")
    gid = str(record.header.get("id") or group_id)
    group = {"name": str(record.header.get("name") or gid), "id": gid}
    options: dict[str, Any] = {"campaign": gid}
    chosen, number = None, None
    if game_kind == ("queenbee", "match"):          # a match at the table: the finished match
        if match is not None:
            raise typer.BadParameter("--match picks a match of a match log; a match played at "
                                     f"the table is one match: hyvekit print pad queenbee {gid}",
                                     param_hint="--match")
        from hyvekit.games.queenbee import played_match
        chosen = played_match(state, f"played at the table: {gid}",
                              str(record.header.get("created") or "")[:10] or None)
    elif match is not None:
        count = len(state.matches)
        if match.strip().lower() == "last" and count:
            number = count
        elif digits(match.strip()) and 1 <= int(match) <= count:
            number = int(match)
        else:
            raise InvalidInputError("--match", match, f"a match of this log: 1 to {count} or "
                                    "'last'" if count else "a logged match (this log has none)")
        chosen = state.matches[number - 1]
        options["match"] = number
    try:
        from hyvekit.games.queenbee import MAX_PLAYERS

        roster = list(chosen.players if game_kind == ("queenbee", "match") else state.roster)
        roster = roster if len(roster) <= MAX_PLAYERS else []
        context = match_pad_context(players, parse_names(names) if names else roster,
                                    per_page=render["per_page"], group=group, match=chosen,
                                    match_number=number)
    except InvalidInputError as exc:
        raise typer.BadParameter(f"got {exc.given!r}, expected {exc.allowed}",
                                 param_hint=exc.field) from None
    options["names"] = ",".join(s["name"] for s in context["seats"] if s["name"])
    _, extra = _campaign_meta(record.header, group_id, state)
    stem = f"{printable.file_stem}-{_slug(gid)}" + (f"-{number}" if number else "")
    # a logged match on the first copy of a 2- or 4-up sheet, a blank sheet on the others
    blank = (() if chosen is None or render["per_page"] == 1 else
             (("pad-queenbee.html", {**context, "games": context["blank_games"]}),))
    _render(ctx, printable, context, options=options, stem=stem, extra_meta=extra,
            more=blank, distinct=bool(blank), **render)


def _beez_pad(ctx: typer.Context, printable, game_id: str, players, names, **render) -> None:
    """``print pad beez GAME``: the pad pre-filled from a Beez game played at the table."""
    from hyvekit.games import record_of
    from hyvekit.games.beez import GAME, KIND
    from hyvekit.render.printables_beez import game_pad_context

    if players is not None or names:
        raise typer.BadParameter("the game gives the players: leave out --players and --names",
                                 param_hint="CAMPAIGN")
    record, state = record_of(campaigns_dir(ctx), game_id, GAME, KIND, "CAMPAIGN",
                              "a Beez game (see 'hyvekit campaign list')", " record")
    cid, extra = _campaign_meta(record.header, game_id, state)
    context = game_pad_context(state, record.header, cid, per_page=render["per_page"])
    options = {"campaign": cid, "names": ",".join(p["name"] for p in context["players"]),
               "players": len(context["players"])}
    _render(ctx, printable, context, options=options, stem=f"{printable.file_stem}-{_slug(cid)}",
            extra_meta=extra, **render)


@app.command("aid")
def aid(
    ctx: typer.Context,
    name: str = typer.Argument(..., metavar="NAME", show_default=False,
                               help="The aid: " + ", ".join(sorted(AIDS)) + "."),
    board_file: BoardFile = None,
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print a player aid (rule texts from the rulebook; one per sheet).  A Bee Lives aid
    with --board FILE shows your own board's values (resource chart, VP, raid dice, ...);
    aid queenbee-board with --board FILE draws your own Queen Bee board.

    Example: hyvekit print aid beelives-month --copies 4 --paper letter
    """
    try:
        printable = lookup("aid", name)
    except InvalidInputError:
        raise typer.BadParameter(f"no player aid {name!r}; accepted aids: "
                                 + ", ".join(sorted(AIDS)), param_hint="NAME") from None
    _check_per_page(printable, per_page)
    board = _board(printable, board_file)
    options = {"board": str(board_file)} if board_file is not None else {}
    drawn = "queenbee_board" if "queenbee_board" in printable.uses else "board"
    _render(ctx, printable, build_context(printable.key, per_page=per_page, **{drawn: board}),
            paper=paper, copies=copies, out=out, templates=templates, options=options,
            per_page=per_page, ink_saver=ink_saver)


@app.command("report")
def report(
    ctx: typer.Context,
    campaign: Optional[str] = typer.Argument(
        None, metavar="CAMPAIGN", help="Id of a campaign (a Hyve Legacy run, a Queen Bee match "
                                         "log, a Bee Lives campaign); without it, an example "
                                         "report."),
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
    review: bool = typer.Option(False, "--review", help="Bee Lives, Beez, a HYVE scenario "
                                "or legacy run (its last scenario played at the table): add "
                                "the advisor's review of every player's choices (a minute or "
                                "two; docs/advisor.md)."),
) -> None:
    """Print a campaign report: a legacy run's scenarios with HP and honey charts, a match
    log's standings with a wins chart, or a Bee Lives campaign's years, goals and VP and
    worker-bee charts; then every event of its history (undone ones marked reverted). Long
    histories run to several pages. With --review, a Bee Lives campaign's, a Beez game's, a
    HYVE scenario's or a legacy run's report (the run's current or last scenario played at
    the table) has a page of the choices a better option beat (as 'beelives review', 'beez
    review' and 'hyve review' list them).

    The PDF records the campaign id and a hash of its state in its metadata.

    Example: hyvekit print report my-run --paper letter --ink-saver
    """
    printable = entry("report")
    _check_per_page(printable, per_page)
    options: dict[str, Any] = {}
    extra: dict[str, str] = {}
    stem = None
    if campaign:
        from hyvekit.games import campaign_store
        from hyvekit.render.campaign_report import report_context

        record, state = campaign_store(campaigns_dir(ctx)).state(campaign)
        context = report_context(record, state)
        if review:
            context = {**context, "review": _review_lines(ctx, record)}
        cid = str(record.header.get("id") or campaign)
        options["campaign"] = cid
        extra = {"campaign": cid, "state_sha256": state_sha256(state)}
        stem = f"report-{_slug(cid)}"
    else:
        context = build_context(printable.key)
        options["example"] = True
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem=stem, per_page=per_page, ink_saver=ink_saver,
            extra_meta=extra)


def _review_lines(ctx: typer.Context, record: Any) -> list[str]:
    """The advisor's review of a record's choices for its report (a record the advisor
    knows: a Bee Lives campaign, a Beez game, a HYVE scenario, a legacy run's current or last
    scenario played at the table): every player's, three rollouts an option with seed 0 (as
    the web table's), a progress bar on stderr.

    :raises InvalidInputError: a record the advisor does not know.
    """
    from hyvekit.games.advisor import advised_games, advisor_game_of
    game = advisor_game_of(record.header["game"], record.header["kind"])
    if game is None:
        raise InvalidInputError("--review", record.header["game"],
                                f"{advised_games()} (the records the advisor reviews)")
    import os

    from hyvekit.cli.advisor import thinking
    from hyvekit.games import campaign_store
    from hyvekit.games.advisor import REVIEW_ROUNDS, review
    from hyvekit.games.advisor_text import record_positions, review_lines
    found = record_positions(campaign_store(campaigns_dir(ctx)), record)
    with thinking("reviewing") as progress:
        done = review(game, found, 0, rollouts=REVIEW_ROUNDS, jobs=os.cpu_count(),
                      progress=progress)
    return review_lines(done, None)


@app.command("stats")
def stats(
    ctx: typer.Context,
    game: Optional[str] = S.GameOption,
    campaign: Optional[str] = S.CampaignOption,
    player: Optional[str] = S.PlayerOption,
    since: Optional[str] = S.SinceOption,
    alias: list[str] = S.AliasOption,
    example: bool = typer.Option(False, "--example",
                                 help="Print the example (made-up plays) instead."),
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print the play statistics of 'hyvekit stats': per game each player's plays, wins and
    scores with a chart, each game's figures, head to head.

    Example: hyvekit print stats --since 2026-01-01 --paper letter
    """
    printable = entry("stats")
    _check_per_page(printable, per_page)
    options: dict[str, Any] = {}
    if example:
        context = build_context(printable.key)
        options["example"] = True
    else:
        from hyvekit.games.plays import stats_summary
        from hyvekit.render.printables_stats import stats_context
        plays, skipped = S.collected(ctx, game, campaign, player, since, alias)
        said = [f"{k} {v}" for k, v in (("game", game), ("record", campaign),
                                         ("player", player), ("since", since)) if v]
        if skipped:
            typer.echo(S.skipped_line([i for i, _ in skipped]), err=True)
        context = stats_context(stats_summary(plays, skipped), narrowed=", ".join(said))
        options.update(game=game, campaign=campaign, player=player, since=since)
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem="stats", per_page=per_page, ink_saver=ink_saver)


@app.command("tracker")
def tracker(
    ctx: typer.Context,
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help="The game: beelives (solo goal tracker and year sheet), "
                                    "beelives-hive (a player's hive board) or beelives-months "
                                    "(the month log)."),
    campaign: Optional[str] = typer.Argument(
        None, metavar="CAMPAIGN", show_default=False,
        help="Id of a solo Bee Lives campaign to pre-fill from (beelives-hive and "
             "beelives-months: any Bee Lives campaign); blank without it."),
    players: Optional[int] = typer.Option(
        None, "--players", "-p", min=1,
        help="beelives-months without a CAMPAIGN: the hives of the blank log, 1-4 (default "
             "4)."),
    player: Annotated[Optional[str], typer.Option(
        "--player", metavar="NAME",
        help="beelives-hive with a CAMPAIGN: only this player's hive (default: one page a "
             "hive).")] = None,
    card: list[str] = typer.Option(
        [], "--card", metavar="NAME",
        help="A solo card for a blank tracker (repeatable: a scenario or campaign card and a "
             "challenge card), e.g. builder, surrounded, three-generations; default: every "
             "challenge card's goal."),
    board_file: BoardFile = None,
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print a Bee Lives tracker: the solo goal tracker (beelives), a hive board
    (beelives-hive) or the month log (beelives-months).

    beelives is the solo goal tracker and year sheet (one page): the solo cards with each goal
    quoted from the card and boxes for met / at risk / failed (a box per time for a goal that
    counts), the months played and each year's score.

    Blank it lists every challenge card (tick the one you drew) or, with --card, the chosen
    cards' goals. With a solo CAMPAIGN it is pre-filled: the cards in play, each goal's verdict
    with its reason, the months played and the years' values; the PDF records the campaign id
    and a hash of its state in its metadata.  The Solo Score Chart and the year sheet's VP are
    the campaign's board values, or your own with --board FILE on a blank tracker.

    Example: hyvekit print tracker beelives --card three-generations --card builder

    Example: hyvekit print tracker beelives my-solo --paper letter --ink-saver

    beelives-hive is a player's hive board to keep in pencil (comb and swarm thresholds,
    stored cubes, workers and brood, the queen, the disease track sides A and B, the eight
    actions); with a Bee Lives CAMPAIGN one page a hive, pre-filled from its summary.

    Example: hyvekit print tracker beelives-hive spring-league --player Susan

    beelives-months is the month log: a table per year, each month's season card and, for
    every hive, the brood hatched and lost, starvation tokens, a swarm, scouts and VP; with a
    Bee Lives CAMPAIGN (players' or solo) the months played are filled in, small and grey.

    Example: hyvekit print tracker beelives-months spring-league
    """
    from hyvekit.render.printables_beelives_campaign import tracker_context

    kind = game.strip().lower()
    if players is not None and kind != "beelives-months":
        raise typer.BadParameter("--players sizes a blank 'tracker beelives-months'",
                                 param_hint="--players")
    if kind == "beelives-months":
        if player is not None or card or board_file is not None:
            raise typer.BadParameter("the month log takes a CAMPAIGN or --players only",
                                     param_hint="--player" if player is not None else
                                     "--card" if card else "--board")
        _month_log(ctx, campaign, players, paper=paper, copies=copies, out=out,
                   templates=templates, per_page=per_page, ink_saver=ink_saver)
        return
    if kind == "beelives-hive":
        _hive_tracker(ctx, campaign, player, card, board_file, paper=paper, copies=copies,
                      out=out, templates=templates, per_page=per_page, ink_saver=ink_saver)
        return
    if kind != "beelives":
        from hyvekit.rules.validate import close_matches
        accepted = ["beelives", "beelives-hive", "beelives-months"]
        near = close_matches(game, accepted)
        raise typer.BadParameter(f"no tracker for {game!r}; accepted games: "
                                 + ", ".join(accepted)
                                 + (f" (did you mean {near[0]}?)" if near else ""),
                                 param_hint="GAME")
    if player is not None:
        raise typer.BadParameter("--player picks a hive of 'tracker beelives-hive CAMPAIGN'",
                                 param_hint="--player")
    printable = entry("tracker beelives")
    _check_per_page(printable, per_page)
    options: dict[str, Any] = {}
    extra: dict[str, str] = {}
    stem = None
    if campaign:
        if card:
            raise typer.BadParameter("the campaign gives the cards: leave out --card",
                                     param_hint="--card")
        if board_file is not None:
            raise typer.BadParameter("the campaign gives the board (the one it is played "
                                     "with): leave out --board", param_hint="--board")
        header, state, view = _load_beelives(ctx, campaign)
        context = tracker_context(view=view, per_page=per_page, board=_campaign_board(state))
        cid, extra = _campaign_meta(header, campaign, state)
        options["campaign"] = cid
        stem = f"{printable.file_stem}-{_slug(cid)}"
    else:
        board = _board(printable, board_file)
        if board_file is not None:
            options["board"] = str(board_file)
        try:
            context = tracker_context(card, per_page=per_page, board=board)
        except InvalidInputError as exc:       # the card's own words, with the close matches
            raise InvalidInputError("--card", exc.given, exc.allowed,
                                    exc.suggestions) from None
        if context["cards"]:
            names = [c["name"] for c in context["cards"]]
            options["cards"] = ",".join(names)
            stem = f"{printable.file_stem}-{_slug('-'.join(names))}"
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem=stem, per_page=per_page, ink_saver=ink_saver,
            extra_meta=extra)


def _hive_tracker(ctx: typer.Context, campaign: str | None, player: str | None, card,
                  board_file, **render) -> None:
    """``print tracker beelives-hive [CAMPAIGN] [--player NAME]``."""
    from hyvekit.render.printables_beelives_hive import hive_board_context

    printable = entry("tracker beelives-hive")
    _check_per_page(printable, render["per_page"])
    if card:
        raise typer.BadParameter("--card is for 'tracker beelives'", param_hint="--card")
    options: dict[str, Any] = {}
    extra: dict[str, str] = {}
    stem = None
    if campaign:
        if board_file is not None:
            raise typer.BadParameter("the campaign gives the board (the one it is played "
                                     "with): leave out --board", param_hint="--board")
        header, state, view = _load_beelives(ctx, campaign)
        try:
            context = hive_board_context(view, board=_campaign_board(state), player=player)
        except InvalidInputError as exc:
            raise typer.BadParameter(f"got {exc.given!r}, expected {exc.allowed}",
                                     param_hint=exc.field) from None
        cid, extra = _campaign_meta(header, campaign, state)
        options["campaign"] = cid
        if player:
            options["player"] = player
        stem = f"{printable.file_stem}-{_slug(cid)}" + (f"-{_slug(player)}" if player else "")
    else:
        if player is not None:
            raise typer.BadParameter("--player needs a CAMPAIGN", param_hint="--player")
        if board_file is not None:
            options["board"] = str(board_file)
        context = hive_board_context(board=_board(printable, board_file))
    _render(ctx, printable, context, options=options, stem=stem, extra_meta=extra, **render)


def _month_log(ctx: typer.Context, campaign: str | None, players: int | None,
               **render) -> None:
    """``print tracker beelives-months [CAMPAIGN] [--players N]``."""
    from hyvekit.render.printables_beelives_campaign import month_log_context

    printable = entry("tracker beelives-months")
    _check_per_page(printable, render["per_page"])
    options: dict[str, Any] = {}
    extra: dict[str, str] = {}
    stem = None
    if campaign:
        if players is not None:
            raise typer.BadParameter("the campaign gives the hives: leave out --players",
                                     param_hint="--players")
        header, state, view = _load_beelives(ctx, campaign)
        context = month_log_context(view, per_page=render["per_page"])
        cid, extra = _campaign_meta(header, campaign, state)
        options["campaign"] = cid
        stem = f"{printable.file_stem}-{_slug(cid)}"
    else:
        context = month_log_context(players=players, per_page=render["per_page"])
        if players is not None:
            options["players"] = players
    _render(ctx, printable, context, options=options, stem=stem, extra_meta=extra, **render)


@app.command("all")
def print_all(
    ctx: typer.Context,
    out_dir_text: str | None = typer.Option(None, "--out-dir", metavar="DIR",
                                            help="Folder to write into (created if needed; "
                                                 "default: the output folder, see README)."),
    paper: Paper = PaperOption,
    ink_saver: InkSaver = False,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print the whole catalogue, blank, one PDF per printable (named as in 'hyvekit print
    list'), with a progress bar; then list the files written.

    Example: hyvekit print all --out-dir prints --paper letter --ink-saver
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn

    from hyvekit.cli.common import safe_output
    from hyvekit.render.pdf import PRINTED_BY, load_printing, remove_stale_partials
    from hyvekit.render.pool import run_each
    from hyvekit.render.scratch import remove_stale

    if out_dir_text is None:
        from hyvekit.cli.common import output_dir
        out_dir_text = str(output_dir())
    if not out_dir_text.strip():
        raise InvalidInputError("--out-dir", out_dir_text, "a folder path (an empty name would "
                                "print into the current folder; say '.' for that)")
    out_dir = Path(out_dir_text)
    if out_dir.exists() and not out_dir.is_dir():
        raise typer.BadParameter(f"{out_dir} is a file, not a folder", param_hint="--out-dir")
    entries = list(load_all().values())
    targets = [out_dir / f"{p.file_stem}.pdf" for p in entries]
    for target in targets:   # refuse before writing anything
        safe_output(target, ctx, option="--out-dir", same_kind=b"%PDF",
                    made_by=PRINTED_BY.encode())
    load_printing()          # imported once, before the workers are forked
    jobs = [(p.key, target, paper, ink_saver, templates) for p, target in zip(entries, targets)]
    columns = (TextColumn("[bold]{task.description:<20}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    try:
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("printing", total=len(entries))
            printed = run_each(_print_blank, jobs, done=lambda i: progress.update(
                task, advance=1, description=entries[i].key))
    except BaseException:
        for target in targets:             # a stopped worker's partial file, its fonts
            remove_stale_partials(target)
        remove_stale()
        raise
    for path, _ in printed:
        typer.echo(str(path))
    for _, missing in printed:
        _tell_missing(missing)
    _subset_advice()


def _print_blank(job: tuple[str, Path, Paper, bool, Optional[Path]]) -> tuple[Path, set[str]]:
    """One document of ``print all``, ``(key, out, paper, ink_saver, templates)``, printed
    blank (in a worker process): ``(the PDF written, the characters printed as empty
    boxes)``."""
    from hyvekit.render.catalogue import blank_parts
    from hyvekit.render.pdf import render_pdf

    key, out, paper, ink_saver, templates = job
    (_, context), *more = blank_parts(key)
    missing: set[str] = set()
    path = render_pdf(entry(key).template, context, more=tuple(more), missing=missing,
                      **_pdf_options(entry(key), paper=paper, copies=1, out=out,
                                     templates=templates, options={"all": True},
                                     ink_saver=ink_saver))
    return path, missing


@app.command("list")
def list_printables(as_json: bool = JsonOption) -> None:
    """List the printables, with a one-line description, the copies per sheet it allows
    (--per-page) and an example each.

    Example: hyvekit print list
    """
    rows = [{"printable": p.key, "template": p.template, "description": p.description,
             "per_page": list(p.per_page), "example": p.example} for p in load_all().values()]
    if as_json:
        print_json(rows)
        return
    console().print(table("Printables (hyvekit print ...)",
                          ["printable", "description", "per sheet"],
                          [[r["printable"], r["description"],
                            ", ".join(str(n) for n in r["per_page"])] for r in rows]))


@app.command("sheet")
def sheet(
    ctx: typer.Context,
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help="The game: hyve (scenario sheets)."),
    mode: Optional[str] = typer.Option(
        None, "--mode", metavar="MODE", show_default=False,
        help="Scenario sheet: standard, coldsnap, mites-challenge, wasp-war, bee-builder, "
             "turbo, long-live-the-queen (or an id of your --sheets file). Default: the mode of "
             "the --run's current scenario, else standard."),
    run: Optional[str] = typer.Option(None, "--run", metavar="RUN",
                                      help="Id of a Hyve Legacy run: pre-fills the setup "
                                           "colours, bread levels and a Courier box."),
    sheets_file: Optional[Path] = typer.Option(
        None, "--sheets", metavar="FILE", exists=True, dir_okay=False,
        help="Your own scenario sheet definitions (TOML, same shape as hyve_sheets.toml)."),
    compact: bool = typer.Option(
        False, "--compact", help="One page with small boxes (as in the booklet) instead of "
                                 "two pages sized for the HP die and a pen."),
    paper: Paper = PaperOption,
    copies: int = CopiesOption,
    per_page: PerPage = 1,
    ink_saver: InkSaver = False,
    out: Optional[Path] = OutOption,
    templates: Optional[Path] = TemplatesOption,
) -> None:
    """Print a Hyve scenario sheet (rulebook: Game Sheets, Game Modes): HP track (positions),
    six hyves (hexes), larva chamber and shapes, bread levels 1-6, royal jellies, queen's
    rewards, seasons or wasp attacks, setup area, game settings and mode parts.

    Two pages sized for the real components: page 1 the HP track (a square for the 16 mm HP
    die), the hyves, the setup area and population; page 2 the actions, bread, larva chamber,
    jellies, rewards and seasons or wasp attacks: print them on two sheets to lay side by
    side. --compact fits all on one page with smaller boxes (the die beside the sheet, its
    space marked in pencil).

    With --run, the setup colours, bread levels and a Courier box come from the legacy run, and
    the PDF records the run id and a hash of its state in its metadata.

    Example: hyvekit print sheet hyve --run my-run (the sheet of the run's current scenario,
    in its mode); hyvekit print sheet hyve --mode wasp-war --paper letter --compact
    """
    from hyvekit.render.printables_hyve_sheets import sheet_hyve_context
    from hyvekit.data.hyve import sheet_definition

    game_key = game.strip().lower()
    if game_key.startswith("hyve-") and mode is None:     # as `print list` names them
        game_key, mode = "hyve", game_key[len("hyve-"):]
    if game_key != "hyve":
        raise typer.BadParameter(f"no scenario sheets for {game!r}; accepted games: hyve "
                                 "(or hyve-MODE, as print list names the sheets)",
                                 param_hint="GAME")
    loaded = _load_run(ctx, run) if run else None
    if mode is None:
        mode = "standard"
        if loaded is not None:
            from hyvekit.games.hyve import scenario_mode
            state = loaded[1]
            number = state.scenario if state.phase == "playing" else state.next_scenario
            mode = (scenario_mode(state, number) if number else None) or "standard"
    try:
        definition = sheet_definition(mode, sheets_file)
    except InvalidInputError as exc:
        if exc.field != "--mode":
            raise
        raise typer.BadParameter(f"got {exc.given!r}, expected {exc.allowed}",
                                 param_hint="--mode") from None
    key = f"sheet hyve-{definition.id}"
    printable = entry(key) if key in HOME else Printable(
        key, "sheet-hyve.html", f"Hyve {definition.mode_label} Sheet", definition.name,
        f"hyvekit print sheet hyve --mode {definition.id}", pages=2)
    _check_per_page(printable, per_page)
    options: dict[str, Any] = {"mode": definition.id}
    if compact:
        options["compact"] = True
    if sheets_file is not None:
        options["sheets"] = str(sheets_file)
    extra: dict[str, str] = {}
    stem = printable.file_stem
    if loaded is not None:
        header, state = loaded
        context = sheet_hyve_context(definition, state, header, compact=compact)
        rid = str(header.get("id") or run)
        options["run"] = rid
        extra = {"campaign": rid, "state_sha256": state_sha256(state)}
        stem = f"{printable.file_stem}-{_slug(rid)}"
    else:
        context = sheet_hyve_context(definition, compact=compact)
    if compact:
        stem += "-compact"
    _render(ctx, printable, context, paper=paper, copies=copies, out=out, templates=templates,
            options=options, stem=stem, per_page=per_page, ink_saver=ink_saver,
            extra_meta=extra)
