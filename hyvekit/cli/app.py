"""The ``hyvekit`` command: assembles the command groups; errors go through ``cli/errors.py``.

Only typer is imported here (with hyvekit's changes to it, :mod:`hyvekit.cli.typer_patches`,
made as this module is imported): a command group's modules are imported when the command line
names the group (:data:`GROUPS`), so ``hyvekit beelives do`` loads the Bee Lives commands and
nothing of HYVE or printing; ``hyvekit --help`` (and a bare ``hyvekit``) loads every group to
list it.  weasyprint and reportlab load inside the printing code.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterator, MutableMapping
from typing import IO, Any, Optional

import typer
import typer.core
import typer.main

from hyvekit import __version__
from hyvekit.cli.common import ENV_CAMPAIGNS
from hyvekit.cli.typer_patches import patch_typer

#: the command groups, in the order ``--help`` lists them: name → the modules that make it,
#: imported in order when the group is used (the first has the group's typer ``app``; the
#: others add commands to it when imported)
GROUPS: dict[str, tuple[str, ...]] = {
    "campaign": ("hyvekit.cli.campaign",),
    "hyve": ("hyvekit.cli.hyve",
             "hyvekit.cli.hyve_table",                # hyve new, next, do, export-turns
             "hyvekit.cli.hyve_play",                 # hyve play
             "hyvekit.cli.hyve_hint"),                # hyve hint, review
    "beelives": ("hyvekit.cli.beelives",
                 "hyvekit.cli.beelives_campaign",     # beelives new, log, status...
                 "hyvekit.cli.beelives_play",         # beelives play
                 "hyvekit.cli.beelives_table",        # beelives next, do, export-month
                 "hyvekit.cli.beelives_hint"),        # beelives hint, review
    "beez": ("hyvekit.cli.beez",
             "hyvekit.cli.beez_table",                # beez new, next, do, cards
             "hyvekit.cli.beez_hint"),                # beez hint, review
    "queenbee": ("hyvekit.cli.queenbee",
                 "hyvekit.cli.queenbee_table",        # queenbee new, board, next, do
                 "hyvekit.cli.queenbee_play"),        # queenbee play
    "print": ("hyvekit.cli.printing",),
    "data": ("hyvekit.cli.data",),
    "stats": ("hyvekit.cli.stats",),
}

#: the top-level commands: name → (module, function); listed before the groups
COMMANDS: dict[str, tuple[str, str]] = {"continue": ("hyvekit.cli.continue_play", "continue_"),
                                        "demo": ("hyvekit.cli.demo", "demo"),
                                        "examples": ("hyvekit.cli.examples", "examples"),
                                        "serve": ("hyvekit.cli.serve", "serve")}


patch_typer()


class _LazyCommands(MutableMapping):
    """The root group's commands by name, each made (its modules imported, its click command
    built) when it is first looked up; iterating gives the names without making any."""

    def __init__(self, makers: dict[str, Callable[[], Any]]) -> None:
        self._makers = dict(makers)
        self._made: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._made:
            make = self._makers[name]                        # KeyError: no such command
            try:
                self._made[name] = make()
            except KeyError as exc:                          # not "no such command"
                raise RuntimeError(f"making the command {name!r}: {exc!r}") from exc
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._makers.setdefault(name, lambda: command)
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        del self._makers[name]
        self._made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def _group(name: str) -> Any:
    """The click group of :data:`GROUPS` ``name``, as ``app.add_typer(module.app, name=name)``
    would build it, except that its commands are made when first looked up (typer would make
    every one of them, reading each function's parameters, before running the one named):
    :func:`_lazy_group`."""
    modules = [importlib.import_module(m) for m in GROUPS[name]]
    holder = typer.Typer()
    holder.add_typer(modules[0].app, name=name)
    return _lazy_group(holder.registered_groups[0])


def _lazy_group(info: Any) -> Any:
    """``typer.main.get_group_from_info(info)`` with the group's own commands in a
    :class:`_LazyCommands` (in the order typer lists them: the commands, then the sub-groups,
    which are made the same way)."""
    from copy import copy
    options = {"pretty_exceptions_short": app.pretty_exceptions_short,
               "rich_markup_mode": app.rich_markup_mode}
    typer_app = info.typer_instance
    shell = copy(typer_app)                       # the group without its commands
    shell.registered_commands, shell.registered_groups = [], []
    shell_info = copy(info)
    shell_info.typer_instance = shell
    group = typer.main.get_group_from_info(shell_info, **options,
                                           suggest_commands=app.suggest_commands)
    makers: dict[str, Callable[[], Any]] = {}
    for command in typer_app.registered_commands:
        named = command.name or typer.main.get_command_name(command.callback.__name__)
        makers[named] = lambda command=command: typer.main.get_command_from_info(
            command, **options)
    lazy = _LazyCommands(makers)
    for sub in typer_app.registered_groups:
        sub_group = _lazy_group(sub)
        lazy[sub_group.name] = sub_group
    group.commands = lazy
    return group


def _command(name: str) -> Any:
    """The click command of :data:`COMMANDS` ``name``, built as ``app.command(name)(fn)``
    would build it."""
    module, function = COMMANDS[name]
    holder = typer.Typer()
    holder.command(name)(getattr(importlib.import_module(module), function))
    return typer.main.get_command_from_info(
        holder.registered_commands[0], pretty_exceptions_short=app.pretty_exceptions_short,
        rich_markup_mode=app.rich_markup_mode)


class _Interrupted(Exception):
    """Ctrl-C inside the command line (its ``__cause__`` the ``KeyboardInterrupt``), carried
    past typer, which would turn it into a silent exit code 130, to the error table."""


class LazyGroup(typer.core.TyperGroup):
    """hyvekit's root group: its commands are :data:`COMMANDS` and :data:`GROUPS`, made when
    looked up (see :class:`_LazyCommands`).  Ctrl-C while it reads the command line or runs a
    command reaches :func:`run` as :class:`_Interrupted`."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt as exc:
            raise _Interrupted() from exc

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise _Interrupted() from exc

    def __init__(self, *, commands: Any = None, **attrs: Any) -> None:
        makers: dict[str, Callable[[], Any]] = {}
        for name in COMMANDS:
            makers[name] = lambda name=name: _command(name)
        for name in GROUPS:
            makers[name] = lambda name=name: _group(name)
        lazy = _LazyCommands(makers)
        for name, command in dict(commands or {}).items():   # any added the usual way
            lazy[name] = command
        super().__init__(commands=lazy, **attrs)


app = typer.Typer(
    name="hyvekit",
    cls=LazyGroup,
    help=("Companion for the bee games HYVE, Bee Lives, Beez and Queen Bee: print sheets, "
          "pads and aids; keep campaign records; check scores against the rulebooks.\n\n"
          "Example: hyvekit demo"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="markdown",
    add_completion=True,
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
        help="Folder of campaign records (default: your data folder, e.g. "
             "~/.local/share/hyvekit/campaigns; ./campaigns inside the hyvekit checkout; "
             "env HYVEKIT_CAMPAIGNS)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """hyvekit: the bee games' companion."""
    ctx.obj = {"campaigns_dir": campaigns_dir}


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
    (re.compile(r"Input should be a whole number of at most (\d+) digits"),
     r"a whole number of at most \1 digits"),
    (re.compile(r"Input should be a path that is not empty"), "a path that is not empty"),
    (re.compile(r"Input should be a usable path \((.*)\)"), r"a usable path (\1)"),
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


#: the most characters of a value typed that a message quotes back (then "…"), as the
#: rules' errors quote one (:func:`hyvekit.rules.errors.shorten`)
ECHOED = 60
#: a run of characters without a space longer than that: a value typer quoted whole
_LONG_WORD = re.compile(r"\S{%d,}" % (ECHOED + 1))


def usage_line(exc, argv: list[str]) -> str:
    """One line for a typer usage error: the field, the value given and what is allowed (for
    numbers and choices), else the problem; then where to get help.  A value is quoted back
    cut to :data:`ECHOED` characters."""
    from hyvekit.rules.errors import shorten
    message = " ".join(exc.format_message().split()).rstrip(".")
    message = _LONG_WORD.sub(lambda m: m[0][:ECHOED - 1] + "…", message)
    param = getattr(exc, "param", None)
    given = getattr(exc, "hyvekit_given", None)
    if given is None and param is not None:
        given = _given(argv, param)
    head, _, problem = message.partition(": ")
    allowed = _allowed(problem) if head.startswith("Invalid value for") else None
    if allowed and given is not None:
        opts = getattr(param, "opts", None) or []
        field = opts[0] if opts and opts[0].startswith("-") else \
            getattr(param, "metavar", None) or getattr(param, "name", None) or "value"
        message = f"{field}: got {shorten(given)}, expected {allowed}"
    if given is not None and repr(given) not in message and f"'{given}'" not in message \
            and shorten(given) not in message:
        message = message.rstrip(".") + f" (got {shorten(given)})"
    ctx = getattr(exc, "ctx", None)
    hint = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
    return f"hyvekit: bad input: {message}{hint}"


def run(argv: list[str] | None = None, *, stdin: IO[str] | None = None,
        stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Run the app on ``argv`` (default ``sys.argv[1:]``), map errors through the one error
    table, and return the exit code the console entry point exits with
    (:func:`hyvekit.cli.entry.main`: Ctrl-C and a closed pipe outside a command end there).

    Usage errors (unknown option, a value out of range...) print one line and give 2;
    every other exception goes through :func:`hyvekit.cli.errors.report`, which prints one
    line (no traceback unless ``HYVEKIT_DEBUG=1``) and picks the exit code.  ``stdin``,
    ``stdout`` and ``stderr``, when given, stand in for ``sys.stdin``... for the run (the
    tests run the CLI in process this way); by default the process's own streams are used.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    storage = sys.modules.get("hyvekit.store.storage")
    if storage is not None:                 # an earlier run in this process locked them
        storage.locked.clear()
    streams = {"stdin": stdin, "stdout": stdout, "stderr": stderr}
    saved = {name: getattr(sys, name) for name, stream in streams.items() if stream is not None}
    try:
        for name in saved:
            setattr(sys, name, streams[name])
        try:
            return _run(args)
        except SystemExit as exc:          # sys.exit() inside a command: what Python would do
            if isinstance(exc.__context__, BrokenPipeError):   # typer's or rich's exit on
                from hyvekit.cli.exits import pipe_closed      # a closed pipe
                return pipe_closed()
            return _system_exit_code(exc)
        finally:
            for name in saved:
                if not getattr(sys, name).closed:
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


ROOT_VALUE_OPTIONS = ("--campaigns-dir",)


def root_options_first(args: list[str]) -> list[str]:
    """``args`` with the root options that take a value (``--campaigns-dir DIR``) moved to
    the front, so they are accepted anywhere on the line (``hyvekit campaign list
    --campaigns-dir DIR``); everything after ``--`` is left as it is."""
    head: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest += args[i:]
            break
        name = a.split("=", 1)[0]
        if name in ROOT_VALUE_OPTIONS and i > 0:
            if "=" in a:
                head.append(a)
                i += 1
                continue
            if i + 1 < len(args):
                head += [a, args[i + 1]]
                i += 2
                continue
        rest.append(a)
        i += 1
    return head + rest


def _run(args: list[str]) -> int:
    # typer's click exceptions, found without importing a private module (typer vendors click)
    bases = {c.__name__: c for c in typer.BadParameter.__mro__}
    UsageError, ClickException = bases["UsageError"], bases["ClickException"]
    Abort = typer.Abort

    try:
        code = app(args=root_options_first(args), prog_name="hyvekit",
                   standalone_mode=False)
        if code == 130:      # Ctrl-C where typer caught it itself (as the command ended)
            from hyvekit.cli.errors import report
            code = report(KeyboardInterrupt())
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare group: typer showed its help
            code = 0
        else:
            from hyvekit.cli.errors import shown
            typer.echo(shown(usage_line(exc, args)), err=True)
            code = 2
    except ClickException as exc:
        from hyvekit.cli.errors import shown
        typer.echo(shown(f"hyvekit: {' '.join(exc.format_message().split())}"), err=True)
        code = exc.exit_code
    except Abort:
        typer.echo("Aborted: nothing was changed.", err=True)
        code = 1
    except _Interrupted as exc:
        from hyvekit.cli.errors import report

        code = report(exc.__cause__)
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the error table decides
        from hyvekit.cli.errors import report

        code = report(exc)
    return code if isinstance(code, int) else 0
