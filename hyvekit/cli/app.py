"""The ``hyvekit`` command: assembles the command groups; errors go through ``cli/errors.py``.

Only typer and the light command modules are imported here: weasyprint and reportlab load
inside the printing code, so ``hyvekit --help`` and every non-printing command start fast.
"""

from __future__ import annotations

import re
import sys
from typing import IO, Optional

import typer

from hyvekit import __version__
from hyvekit.cli import beelives, beez, campaign, data, demo, hyve, printing, queenbee
from hyvekit.cli import beelives_campaign  # noqa: F401  (adds beelives new, log, status...)
from hyvekit.cli import beelives_play  # noqa: F401  (adds beelives play)
from hyvekit.cli import beelives_table  # noqa: F401  (adds beelives next, do, export-month)
from hyvekit.cli.common import ENV_CAMPAIGNS


def _flags_take_no_value() -> None:
    """typer 0.29 shows ``<bool>`` beside every flag in --help (``--dry-run <bool>``), as if it
    took a value; a flag takes none, so its type column is left empty."""
    from typer.core import TyperOption
    shown = TyperOption.display_type_rich
    if getattr(shown, "_hyvekit", False):
        return

    def display_type_rich(self, ctx):
        if self.is_flag and self.metavar is None:
            return None
        return shown(self, ctx)

    display_type_rich._hyvekit = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_take_no_value()

app = typer.Typer(
    name="hyvekit",
    help=("Companion for the bee games HYVE, Bee Lives, Beez and Queen Bee: print sheets, "
          "pads and aids; keep campaign records; check scores against the rulebooks.\n\n"
          "Example: hyvekit demo"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="markdown",
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hyvekit {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    campaigns_dir: Optional[str] = typer.Option(
        None, "--campaigns-dir", envvar=ENV_CAMPAIGNS, metavar="DIR",
        help="Folder of campaign records (default ./campaigns; env HYVEKIT_CAMPAIGNS)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """hyvekit: the bee games' companion."""
    ctx.obj = {"campaigns_dir": campaigns_dir}


app.add_typer(campaign.app, name="campaign")
app.add_typer(hyve.app, name="hyve")
app.add_typer(beelives.app, name="beelives")
app.add_typer(beez.app, name="beez")
app.add_typer(queenbee.app, name="queenbee")
app.add_typer(printing.app, name="print")
app.add_typer(data.app, name="data")
app.command("demo")(demo.demo)


def _given(argv: list[str], param) -> str | None:
    """The raw text the user gave for ``param`` (``--opt VALUE`` or ``--opt=VALUE``)."""
    opts = getattr(param, "opts", None) or []
    for i, arg in enumerate(argv):
        for opt in opts:
            if arg == opt and i + 1 < len(argv) and opt.startswith("-"):
                return argv[i + 1]
            if arg.startswith(opt + "="):
                return arg[len(opt) + 1:]
    return None


# typer (0.29) checks values with pydantic: its messages, turned into "expected ..." words
_PYDANTIC = (
    (re.compile(r"Input should be a valid integer.*"), "a whole number"),
    (re.compile(r"Input should be a valid number.*"), "a number"),
    (re.compile(r"Input should be less than or equal to (\S+)"), r"at most \1"),
    (re.compile(r"Input should be less than (\S+)"), r"less than \1"),
    (re.compile(r"Input should be greater than or equal to (\S+)"), r"at least \1"),
    (re.compile(r"Input should be greater than (\S+)"), r"more than \1"),
    (re.compile(r"Value error, '.*' is not one of (.*)"), r"one of \1"),
)


def _allowed(problem: str) -> str | None:
    """What the value should have been, in words, from typer's message (None if unknown)."""
    for pattern, words in _PYDANTIC:
        match = pattern.fullmatch(problem.strip())
        if match:
            return match.expand(words).replace("'", "")
    return None


def usage_line(exc, argv: list[str]) -> str:
    """One line for a typer usage error: the field, the value given and what is allowed (for
    numbers and choices), else the problem; then where to get help."""
    message = " ".join(exc.format_message().split()).rstrip(".")
    param = getattr(exc, "param", None)
    given = _given(argv, param) if param is not None else None
    head, _, problem = message.partition(": ")
    allowed = _allowed(problem) if head.startswith("Invalid value for") else None
    if allowed and given is not None:
        field = (getattr(param, "opts", None) or [getattr(param, "name", "value")])[0]
        message = f"{field}: got {given!r}, expected {allowed}"
    if given is not None and repr(given) not in message and f"'{given}'" not in message:
        message = message.rstrip(".") + f" (got {given!r})"
    ctx = getattr(exc, "ctx", None)
    hint = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
    return f"hyvekit: bad input: {message}{hint}"


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: :func:`run` the command line, exit with its code."""
    sys.exit(run(argv))


def run(argv: list[str] | None = None, *, stdin: IO[str] | None = None,
        stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Run the app on ``argv`` (default ``sys.argv[1:]``), map errors through the one error
    table, and return the exit code :func:`main` exits with.

    Usage errors (unknown option, a value out of range...) print one line and give 2;
    every other exception goes through :func:`hyvekit.cli.errors.report`, which prints one
    line (no traceback unless ``HYVEKIT_DEBUG=1``) and picks the exit code.  ``stdin``,
    ``stdout`` and ``stderr``, when given, stand in for ``sys.stdin``... for the run (the
    tests run the CLI in process this way); by default the process's own streams are used.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    streams = {"stdin": stdin, "stdout": stdout, "stderr": stderr}
    saved = {name: getattr(sys, name) for name, stream in streams.items() if stream is not None}
    try:
        for name in saved:
            setattr(sys, name, streams[name])
        try:
            return _run(args)
        except SystemExit as exc:          # sys.exit() inside a command: what Python would do
            return _system_exit_code(exc)
        finally:
            for name in saved:
                getattr(sys, name).flush()
    finally:
        for name, stream in saved.items():
            setattr(sys, name, stream)


def _system_exit_code(exc: SystemExit) -> int:
    """The exit status Python gives for an uncaught ``SystemExit`` (a non-number is printed
    on stderr and gives 1)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


def _run(args: list[str]) -> int:
    # typer's click exceptions, found without importing a private module (typer vendors click)
    bases = {c.__name__: c for c in typer.BadParameter.__mro__}
    UsageError, ClickException = bases["UsageError"], bases["ClickException"]
    Abort = typer.Abort

    try:
        code = app(args=args, prog_name="hyvekit", standalone_mode=False)
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare group: show its help
            typer.echo(exc.ctx.get_help())
            code = 0
        else:
            typer.echo(usage_line(exc, args), err=True)
            code = 2
    except ClickException as exc:
        typer.echo(f"hyvekit: {' '.join(exc.format_message().split())}", err=True)
        code = exc.exit_code
    except Abort:
        typer.echo("Aborted: nothing was changed.", err=True)
        code = 1
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the error table decides
        from hyvekit.cli.errors import report

        code = report(exc)
    return code if isinstance(code, int) else 0


if __name__ == "__main__":
    main()
