"""The ``hyvekit`` command: assembles the command groups; errors go through ``cli/errors.py``.

Only typer is imported here: a command group's modules are imported when the command line
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

#: the command groups, in the order ``--help`` lists them: name → the modules that make it,
#: imported in order when the group is used (the first has the group's typer ``app``; the
#: others add commands to it when imported)
GROUPS: dict[str, tuple[str, ...]] = {
    "campaign": ("hyvekit.cli.campaign",),
    "hyve": ("hyvekit.cli.hyve",
             "hyvekit.cli.hyve_table",                # hyve new, next, do, export-turns
             "hyvekit.cli.hyve_play"),                # hyve play
    "beelives": ("hyvekit.cli.beelives",
                 "hyvekit.cli.beelives_campaign",     # beelives new, log, status...
                 "hyvekit.cli.beelives_play",         # beelives play
                 "hyvekit.cli.beelives_table"),       # beelives next, do, export-month
    "beez": ("hyvekit.cli.beez",
             "hyvekit.cli.beez_table"),               # beez new, next, do, cards
    "queenbee": ("hyvekit.cli.queenbee",),
    "print": ("hyvekit.cli.printing",),
    "data": ("hyvekit.cli.data",),
    "stats": ("hyvekit.cli.stats",),
}

#: the top-level commands: name → (module, function); listed before the groups
COMMANDS: dict[str, tuple[str, str]] = {"continue": ("hyvekit.cli.continue_play", "continue_"),
                                        "demo": ("hyvekit.cli.demo", "demo"),
                                        "examples": ("hyvekit.cli.examples", "examples"),
                                        "serve": ("hyvekit.cli.serve", "serve")}


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


def _readable_placeholders() -> None:
    """typer 0.29 writes value types as Python sees them (``<str>``, ``<list[Path]>``,
    ``<int range> [x>=1]``) and a required argument as ``{RUN}`` on the usage line.  A player
    reads words: an argument's name is its placeholder (no type beside it), an option without
    a metavar shows ``TEXT``, ``N``, ``FILE``…, a range reads ``at least 1`` / ``1 to 5``, and
    the usage line writes ``RUN`` (required) and ``[RUN]`` (optional)."""
    from typer import core
    base = core._TyperParameter
    if getattr(base.display_type_rich, "_hyvekit", False):
        return
    plain = {"str": "TEXT", "int": "N", "float": "NUMBER", "Path": "PATH", "bool": "",
             "int range": "N", "float range": "NUMBER"}

    def readable(self, ctx) -> str | None:
        if self.param_type_name == "argument":
            return None                  # the name column shows the placeholder
        if self.metavar is not None:
            return self.metavar
        shown = base.display_type(self, ctx).strip("<>")
        many = shown.startswith("list[")
        shown = shown[5:-1] if many else shown
        word = plain.get(shown, shown.upper() if shown.isidentifier() else shown)
        return (word + "..." if many else word) or None

    def number_range(self) -> str | None:
        lo, hi = getattr(self, "min", None), getattr(self, "max", None)
        if getattr(self, "count", False) and lo == 0 and hi is None:
            return None
        if lo is None and hi is None:
            return None
        if lo is None:
            return f"at most {hi}"
        if hi is None:
            return f"at least {lo}"
        return f"{lo} to {hi}"

    def usage_name(self) -> str:
        name = self.display_name_raw
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name

    readable._hyvekit = True  # type: ignore[attr-defined]
    shown_option = core.TyperOption.display_type_rich

    def option_type(self, ctx):
        if self.is_flag and self.metavar is None:
            return None
        if self.metavar is not None:
            return self.metavar
        return readable(self, ctx)

    option_type._hyvekit = True  # type: ignore[attr-defined]
    del shown_option
    base.display_type_rich = readable  # type: ignore[method-assign]
    core.TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    core.TyperArgument._get_number_range_help_str = number_range  # type: ignore[method-assign]
    core.TyperOption._get_number_range_help_str = number_range  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]


def _text_values_without_pydantic() -> None:
    """typer 0.29 checks every value given on the command line through a pydantic
    ``TypeAdapter`` built when the command runs (importing pydantic: about a third of a small
    command's start-up).  A text value (``str``, ``list[str]``) needs no checking: it is taken
    as typer takes it (``str(value)``, a list of them); so is a path that asks for none of
    typer's checks (``Path(value)``); the others (numbers, checked paths, choices) get typer's
    own checking, built when such a value is first given (an option left out needs none)."""
    try:
        from typer import _coercion
        from typer._typing import get_args, get_origin
        from typer.core import _TyperParameter
    except ImportError:                                    # another typer: nothing to do
        return
    built = _TyperParameter.get_runtime_param
    if getattr(built, "_hyvekit", False) or not hasattr(_coercion, "RuntimeParam"):
        return

    from enum import Enum
    from pathlib import Path
    # a path as typer takes it when none of its checks is asked for
    unchecked = (("exists", False), ("file_okay", True), ("dir_okay", True),
                 ("writable", False), ("readable", True), ("resolve_path", False),
                 ("allow_dash", False))

    def plain(descriptor):
        """``(kind, many)`` for a value typer would check only for its type (text, a path
        asking for no check, a number with at most a range: no parser, choices, clamping),
        ``many`` for a list of them; else None."""
        info = descriptor.parameter_info
        kind = descriptor.annotation
        many = get_origin(kind) is list
        if many:
            (kind,) = get_args(kind) or (None,)
        if (kind not in (str, Path, int, float) or descriptor.file_annotation is not None
                or getattr(info, "parser", None) is not None
                or getattr(info, "click_type", None) is not None
                or descriptor.choices is not None):
            return None
        if kind is str and descriptor.is_path:
            return None
        if kind is Path and not all(getattr(info, n, d) == d for n, d in unchecked):
            return None
        if kind in (int, float) and (many or getattr(info, "clamp", False)):
            return None
        return kind, many

    def checked_path_holds(descriptor, value) -> bool:
        """Whether the path ``value`` passes the only checks its option asks for (it exists,
        is a file, is a folder); False sends it to typer's own check, with typer's words."""
        info = descriptor.parameter_info
        if descriptor.file_annotation is not None or any(
                getattr(info, n, d) != d for n, d in unchecked
                if n not in ("exists", "file_okay", "dir_okay")):
            return False
        path = Path(value)
        if not path.exists():
            return not getattr(info, "exists", False)
        if path.is_dir():
            return getattr(info, "dir_okay", True)
        return getattr(info, "file_okay", True)

    def number(value, kind, param):
        """``value`` as typer's checking would take it, with its words when it is refused
        (what :func:`usage_line` turns into one line)."""
        def refused(words: str):
            exc = typer.BadParameter(words, param=param)
            exc.hyvekit_given = value           # what was given, for the one line
            return exc

        try:
            got = kind(value)
        except (TypeError, ValueError):
            raise refused("Input should be a valid "
                          + ("integer" if kind is int else "number")) from None
        if kind is float and got != got:
            raise refused("Input should be a finite number")
        info = param.type_descriptor.parameter_info
        lo, hi = getattr(info, "min", None), getattr(info, "max", None)
        if lo is not None and got < lo:
            raise refused(f"Input should be greater than or equal to {lo}")
        if hi is not None and got > hi:
            raise refused(f"Input should be less than or equal to {hi}")
        return got

    class Deferred(_coercion.RuntimeParam):
        """Stands for typer's runtime param until a value needs it (``coerce`` itself, which
        passes None through, is typer's)."""

        def _coerce_value(self, value, param, ctx):
            kind = param.type_descriptor.annotation
            if kind is bool and isinstance(value, bool):
                return value                      # a flag
            if isinstance(kind, type) and issubclass(kind, Enum):
                if isinstance(value, kind):
                    return value
                # a value naming a member (in any case, unless the case counts)
                fold = (str.lower if not getattr(param.type_descriptor.parameter_info,
                                                 "case_sensitive", True) else str)
                member = next((m for m in kind if isinstance(value, str)
                               and fold(str(m.value)) == fold(value)), None)
                if member is not None:
                    return member
            if kind is Path and isinstance(value, (str, Path)) \
                    and checked_path_holds(param.type_descriptor, value):
                return Path(value)
            found = plain(param.type_descriptor)
            if found is not None:
                kind, many = found
                if kind in (int, float):
                    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                        return number(value, kind, param)
                elif not many and isinstance(value, (str, Path)):
                    return kind(value)
                elif many and isinstance(value, (list, tuple)) \
                        and all(isinstance(v, (str, Path)) for v in value):
                    return [kind(v) for v in value]
            param._runtime_param = None
            return built(param)._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self):
        if self._runtime_param is None:
            self._runtime_param = Deferred(parameter_info=self.type_descriptor.parameter_info,
                                           annotation=self.type_descriptor.annotation)
        return self._runtime_param

    get_runtime_param._hyvekit = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]


def _accepted_values_in_help() -> None:
    """An option's help may hold the mark of its accepted values (``cli/accepted.py``): they
    are read from the rules and data, and written in, only when ``--help`` is shown."""
    from typer import core
    for cls in (core.TyperCommand, core.TyperGroup):
        shown = cls.format_help
        if getattr(shown, "_hyvekit", False):
            continue

        def format_help(self, ctx, formatter, shown=shown):
            marked = [p for p in self.params if "@accepted:" in (getattr(p, "help", "") or "")]
            if marked:
                from hyvekit.cli.accepted import expand
                for p in marked:
                    p.help = expand(p.help)
            return shown(self, ctx, formatter)

        format_help._hyvekit = True  # type: ignore[attr-defined]
        cls.format_help = format_help  # type: ignore[method-assign]


_flags_take_no_value()
_readable_placeholders()
_accepted_values_in_help()
_text_values_without_pydantic()


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
    given = getattr(exc, "hyvekit_given", None)
    if given is None and param is not None:
        given = _given(argv, param)
    head, _, problem = message.partition(": ")
    allowed = _allowed(problem) if head.startswith("Invalid value for") else None
    if allowed and given is not None:
        opts = getattr(param, "opts", None) or []
        field = opts[0] if opts and opts[0].startswith("-") else \
            getattr(param, "metavar", None) or getattr(param, "name", None) or "value"
        message = f"{field}: got {given!r}, expected {allowed}"
    if given is not None and repr(given) not in message and f"'{given}'" not in message:
        message = message.rstrip(".") + f" (got {given!r})"
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
