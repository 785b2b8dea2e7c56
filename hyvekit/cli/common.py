"""Options and output helpers shared by the command groups."""

from __future__ import annotations

import errno
import functools
import json
import os
from pathlib import Path
from typing import Any

import typer

DEFAULT_CAMPAIGNS = "campaigns"
ENV_CAMPAIGNS = "HYVEKIT_CAMPAIGNS"
DEFAULT_OUTPUT = "output"
ENV_OUTPUT = "HYVEKIT_OUTPUT"

#: ``GAME next --hint``'s time and seed (``hint``'s own, said as options of ``--hint``)
NextHintSecondsOption = typer.Option(3.0, "--seconds", metavar="S", min=0.1, max=600.0,
                                     help="With --hint: time to think (default 3).")
NextHintSeedOption = typer.Option(None, "--seed", metavar="N", min=0,
                                  help="With --hint: the rollouts' seed.")
JsonOption = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")


def checkout_root() -> Path | None:
    """The hyvekit checkout this code runs from (its folder holds ``pyproject.toml`` and
    ``hyvekit/``), or None for an installed hyvekit."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "hyvekit" / "cli").is_dir():
        return root
    return None


def default_folder(name: str) -> Path:
    """Where ``name`` (``campaigns``, ``output``) lives by default: ``./NAME`` when working
    in the hyvekit checkout (the current folder inside it), else the user's own data folder
    (platformdirs: ``~/.local/share/hyvekit/NAME`` on Linux), the same whatever the current
    folder."""
    root = checkout_root()
    cwd = Path.cwd().resolve()
    if root is not None and (cwd == root or root in cwd.parents):
        return Path(name)
    from platformdirs import user_data_dir
    return Path(user_data_dir("hyvekit", appauthor=False)) / name


def campaigns_dir(ctx: typer.Context | None = None) -> Path:
    """The campaigns folder: ``--campaigns-dir``, else ``$HYVEKIT_CAMPAIGNS``, else
    :func:`default_folder` ``("campaigns")``."""
    while ctx is not None:
        if ctx.obj and ctx.obj.get("campaigns_dir"):
            return Path(ctx.obj["campaigns_dir"])
        ctx = ctx.parent
    return Path(_env_folder(ENV_CAMPAIGNS) or default_folder(DEFAULT_CAMPAIGNS))


def command_store(ctx: typer.Context | None = None) -> Any:
    """The :class:`~hyvekit.store.campaigns.CampaignStore` of the campaigns folder the command
    line chose (:func:`campaigns_dir`), with hyvekit's games
    (:func:`hyvekit.games.campaign_store`)."""
    from hyvekit.games import campaign_store
    return campaign_store(campaigns_dir(ctx))


def _env_folder(name: str) -> str | None:
    """The folder the environment variable ``name`` names; None when it is not set.

    :raises InvalidInputError: set to nothing (or spaces): an empty value would silently
        mean the default folder.
    """
    value = os.environ.get(name)
    if value is not None and not value.strip():
        from hyvekit.rules.common import InvalidInputError
        raise InvalidInputError(name, value, "a folder (or leave it unset for the default "
                                "folder)")
    return value


def output_dir() -> Path:
    """Where prints go by default: ``$HYVEKIT_OUTPUT``, else :func:`default_folder`
    ``("output")`` (``./output`` in the checkout, the user's data folder when installed)."""
    return Path(_env_folder(ENV_OUTPUT) or default_folder(DEFAULT_OUTPUT))


def console():
    """A rich console for people (imported lazily to keep start-up fast).  Text is printed as
    given: no highlighting, and no ``:name:`` emoji codes (a campaign called "Spring :sun:"
    stays so; rich's table of codes is not even imported)."""
    return _console_class()(highlight=False, emoji=False)


@functools.cache
def _console_class():
    """rich's ``Console``, but a closed pipe is left to the CLI to end (``cli/entry.py``:
    quietly, exit code 141) rather than exited from with code 1 as rich does."""
    from rich.console import Console

    class HyvekitConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return HyvekitConsole


def terminal_width() -> int:
    """The columns prose is wrapped to: ``COLUMNS``, else the terminal's width, else 80 (at
    least 40)."""
    import shutil
    return max(40, shutil.get_terminal_size((80, 24)).columns)


#: a command named in prose (``hyvekit campaign undo RUN --to 2``), up to a ``;``, ``)`` or ``,``
_COMMAND = (r"\bhyvekit (?:hyve|beelives|beez|queenbee|campaign|print|data|examples"
                    r"|demo)\b(?: [^ ;),]+)*")


def wrapped(text: str, indent: str = "  ", first: str = "", keep: int = 0) -> str:
    """Each line of ``text`` wrapped at spaces to :func:`terminal_width`, ``first`` before it and
    ``indent`` before the lines it is broken into: never inside a word or a path, nor in its
    first ``keep`` characters (an error's rule or field); a ``hyvekit ...`` command it names
    stays on one line where that fits."""
    import re
    import textwrap
    width = terminal_width()

    def fill(line: str, commands: bool) -> list[str]:
        if commands:
            line = re.sub(_COMMAND, lambda m: m.group().replace(" ", "\0"), line)
        parts = textwrap.wrap(line, width, initial_indent=first, subsequent_indent=indent,
                              break_long_words=False, break_on_hyphens=False)
        return [p.replace("\0", " ") for p in parts] or [""]

    lines: list[str] = []
    for k, line in enumerate(text.split("\n")):
        if k == 0 and keep:
            line = line[:keep].replace(" ", "\0") + line[keep:]
        parts = fill(line, True)
        lines += parts if max(map(len, parts)) <= width else fill(line, False)
    return "\n".join(lines)


def wrapped_parts(parts: list[str], width: int | None = None, sep: str = " · ",
                  first: str = "", indent: str = "    ") -> list[str]:
    """``parts`` joined by ``sep`` in lines of at most ``width`` columns (default: the
    terminal's), broken only between parts, never inside one ("honey 5" stays whole),
    ``first`` before the first line and ``indent`` before the others (``sep`` is a space
    and a mark: the mark ends a line that breaks after it)."""
    import textwrap
    width = terminal_width() if width is None else width
    mark = sep.rstrip()                # kept at the end of the line a break follows
    text = " ".join(p.replace(" ", "\0") + (mark.replace(" ", "\0") if k < len(parts) - 1
                                              else "") for k, p in enumerate(parts))
    return [row.replace("\0", " ") for row in textwrap.wrap(
        text, max(20, width), initial_indent=first, subsequent_indent=indent,
        break_long_words=False, break_on_hyphens=False)]


def command_hint(words: list[str], step: str | None = None, lead: str = "next: ") -> str:
    """``lead`` and ``hyvekit WORDS [STEP]`` to paste into a shell: ``words`` as given (quoted
    already where they need it), ``step`` in double quotes (in single quotes when it holds one
    of ``"$`\\!``); a line that would pass :func:`terminal_width` is broken between words
    with a shell continuation (`` \\``)."""
    if step is not None:
        from shlex import quote
        words = [*words, quote(step) if set(step) & set('"$`\\!') else f'"{step}"']
    width = terminal_width()
    lines, line = [], f"{lead}hyvekit"
    for k, word in enumerate(words):
        room = width - (0 if k == len(words) - 1 else 2)      # 2: the " \\" of a break after it
        if len(line) + 1 + len(word) > room:
            lines.append(f"{line} \\")
            line = f"    {word}"
        else:
            line += f" {word}"
    return "\n".join([*lines, line])


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def table(title: str | None, columns: list[str], rows: list[list[Any]]):
    """A rich table with ``columns`` and ``rows`` (values turned into text)."""
    from rich import box
    from rich.table import Table
    # A light box (no vertical rules) keeps 8-9 columns readable in an 80-column terminal.
    # At least as wide as its title, which would otherwise wrap to a narrow table's width.
    t = Table(title=title, title_justify="left", header_style="bold", box=box.SIMPLE_HEAD,
              pad_edge=False, padding=(0, 1, 0, 0), min_width=len(title) if title else None)
    # The first column (a name) stays on one line unless it is long: a long first column
    # kept whole would push the other columns off an 80-column terminal.
    first = max((len(str(r[0])) for r in rows if r and r[0] is not None), default=0)
    for i, c in enumerate(columns):
        # never break a short word ("aggressive") in two: a column is at least as wide as its
        # longest word of up to 10 characters
        words = [w for r in rows if i < len(r) and r[i] is not None for w in str(r[i]).split()]
        longest = max((len(w) for w in words if len(w) <= 10), default=1)
        t.add_column(c, no_wrap=i == 0 and first <= 24, overflow="fold",
                     min_width=max(longest, *(len(w) for w in c.split() or [""])))
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    return t


YesOption = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation.")
#: next, do, play and serve: the booklet's sheets a legacy scenario's first step sets up
TableSheetsOption = typer.Option(None, "--sheets", metavar="FILE",
                                 help="A legacy scenario's first step: your booklet's sheet "
                                      "definitions (TOML).")


def confirmed(question: str, yes: bool, *, option: str = "--yes") -> bool:
    """Whether the player agrees to ``question`` (something is thrown away): true at once with
    ``yes`` (the command's ``option``), else asked on the terminal (default no).

    :raises InvalidInputError: no answer can be read (a script, stdin closed): it names
        ``option``, the way to go on without asking.
    :raises KeyboardInterrupt: Ctrl-C at the question (the player stopped the command: it
        ends as any command stopped by Ctrl-C, exit code 130, nothing changed).
    """
    if yes:
        return True
    try:
        return typer.confirm(question, default=False)
    except typer.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        from hyvekit.rules.common import InvalidInputError
        raise InvalidInputError(option, "no answer", f"an answer to {question!r}, or {option} "
                                "to go on without asking") from None


#: the longest name of a file or a folder, and the longest path, in bytes (Linux's NAME_MAX
#: and PATH_MAX): a longer one is refused naming the option, before the system refuses it
MAX_FILE_NAME, MAX_PATH = 255, 4096


def safe_output(path: Path, ctx: typer.Context | None, *, option: str,
                same_kind: bytes | None = None, made_by: bytes | None = None,
                force: bool = False) -> Path:
    """Check an output path so that writing it can destroy nothing.

    Refuses a folder, any path inside the campaigns folder, and an existing file unless it
    starts with ``same_kind`` (``b"%PDF"``: re-printing over an older print is fine) and, when
    ``made_by`` is given, holds it (``/Creator (hyvekit``: a PDF hyvekit printed, not someone's
    rulebook); without ``same_kind`` an existing file is replaced only with ``force`` or when
    the player says yes (a declined replacement stops the command, writing nothing).

    :raises InvalidInputError: naming ``option``, the path and what is allowed.
    """
    from hyvekit.rules.common import InvalidInputError

    if str(path) == "-":                          # not standard output: a file named "-"
        raise InvalidInputError(option, "-", "a file path (hyvekit writes to a file, not to "
                                "standard output: name the file)")
    path = Path(path).expanduser()
    if any(len(os.fsencode(part)) > MAX_FILE_NAME for part in path.parts) \
            or len(os.fsencode(str(path.absolute()))) > MAX_PATH:
        raise InvalidInputError(option, str(path), f"a file name of at most {MAX_FILE_NAME} "
                                f"bytes (each folder's too) in a path of at most {MAX_PATH}")
    if path.is_dir():
        raise InvalidInputError(option, str(path), "a file path, not a folder")
    for parent in path.absolute().parents:       # the first that is there must be a folder
        if parent.exists():
            if not parent.is_dir():
                raise InvalidInputError(option, str(path), f"a path in a folder ({parent} "
                                        "is a file, not a folder)")
            if not os.access(parent, os.W_OK | os.X_OK) or parent.is_relative_to("/proc") \
                    or parent.is_relative_to("/sys"):
                raise InvalidInputError(option, str(path), f"a path in a folder you may "
                                        f"write in ({parent} is not one)")
            break
    folder = campaigns_dir(ctx).expanduser().resolve()
    target = path.resolve()
    if target == folder or folder in target.parents:
        raise InvalidInputError(option, str(path), f"a path outside the campaigns folder "
                                f"{folder} (files there are campaign records)")
    if path.exists() and not path.is_file():    # a pipe, a device: opening it would hang
        raise InvalidInputError(option, str(path), "a regular file path (this is a named "
                                "pipe, a socket or a device)")
    if path.exists() and not force:
        with path.open("rb") as fh:
            head = fh.read(len(same_kind) if same_kind else 0)
        if same_kind and head != same_kind:
            raise InvalidInputError(option, str(path), "a new file or an older PDF: this file "
                                    "exists, is not a PDF and would be lost")
        if same_kind and made_by is not None and made_by not in path.read_bytes():
            raise InvalidInputError(option, str(path), "a new file or a PDF hyvekit printed: "
                                    "this PDF was not made by hyvekit and would be lost (choose "
                                    "another name, or move it away first)")
        if not same_kind and not confirmed(f"{path} exists; replace it?", False,
                                           option="--force"):
            typer.echo(f"kept {path}: nothing was written")
            raise typer.Exit(0)
    return path


def print_or_write(ctx: typer.Context, text: str, out: Path | None, *, force: bool = False,
                   option: str = "--out") -> None:
    """Print ``text`` (a record written back as TOML), or write it to ``out`` atomically
    (:func:`safe_output` checks the path; ``force`` replaces a file) and say so."""
    if out is None:
        typer.echo(text, nl=False)
        return
    from hyvekit.store.storage import atomic_write_text
    out = safe_output(out, ctx, option=option, force=force)
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}")


def located(exc, path: Path):
    """``exc`` (an :class:`InvalidInputError` from parsing the TOML record ``path``) with the
    file and line of its field put in front, for a line-numbered one-line error."""
    from hyvekit.data import toml_line
    try:
        line = toml_line(Path(path).read_text(encoding="utf-8"), str(exc.field))
    except (OSError, UnicodeDecodeError):
        line = None
    return exc.within(f"{path} line {line}" if line else str(path))


def with_expected(err):
    """A rule violation (:class:`IllegalActionError`) with ``[expected X, given Y]`` added to
    its message when the message does not say them already (month records: what the rules
    core derived against what the record states)."""
    from hyvekit.rules.common import IllegalActionError
    if isinstance(err, IllegalActionError) and err.expected is not None \
            and "expected" not in err.message and "claimed" not in err.message \
            and "Legal:" not in err.message:
        return err.with_message(f"{err.message} [expected {_said(err.expected)}, given "
                                f"{_said(err.given)}]")
    return err


#: the items of an expected list said in a refusal; more are counted
EXPECTED_SHOWN = 12


def _said(value: object) -> str:
    """An expected or given value for people: a list as its items (the first
    :data:`EXPECTED_SHOWN`, then how many more), a mapping as ``key value`` pairs, else as
    it is."""
    if isinstance(value, (list, tuple)):
        items = [str(v) for v in value]
        more = len(items) - EXPECTED_SHOWN
        return (", ".join(items[:EXPECTED_SHOWN]) + (f" … and {more} more" if more > 0 else "")
                if items else "none")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    return str(value)


def resume_instead(store: Any, name: str, game: str, kind: str, next_words: list[str]
                   ) -> bool:
    """Before a new record of ``game``/``kind`` is made: when ``name``'s own id is taken by
    one of the same kind and a person is at the terminal, ask whether to go on with that
    one instead of starting another (default yes); when they say so, print the command
    that goes on (``hyvekit NEXT_WORDS ID``) and return True.  Outside a terminal: False
    (the new record gets another id, :func:`note_if_renamed` says which).

    :raises KeyboardInterrupt: Ctrl-C at the question.
    """
    import sys

    from hyvekit.store.slug import slugify
    try:
        wanted = slugify(name)
        header = store.load(wanted).header if store.exists(wanted) else None
    except Exception:  # noqa: BLE001 - no such record, or unreadable: nothing to go on with
        return False
    if header is None or (header.get("game"), header.get("kind")) != (game, kind) \
            or not sys.stdin.isatty():
        return False
    try:
        again = typer.confirm(f"{header.get('name') or wanted!r} ({wanted}) exists already. "
                              "Go on with it instead of starting another?", default=True)
    except typer.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        return False
    if again:
        typer.echo(command_hint([*next_words, wanted]))
    return again


def note_if_renamed(name: str, campaign_id: str) -> None:
    """After creating a campaign: say so when ``name``'s own id was taken and it got another
    (``league`` → ``league-2``), so the player uses the right id next."""
    from hyvekit.store.slug import slugify
    try:
        wanted = slugify(name)
    except Exception:  # noqa: BLE001 - a name without a slug has no "own" id to compare
        return
    if wanted and wanted != campaign_id:
        typer.echo(wrapped(f"note: a campaign {wanted!r} exists already; this one is "
                           f"{campaign_id!r} (use that id in the commands)"))
