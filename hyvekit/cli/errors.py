"""The one error table: library errors → one message line and an exit code.

On a terminal the line is wrapped to its width (:func:`shown`).

Exit codes: 0 ok, 1 a rule says no (the message names the rule), 2 bad input or usage,
3 an internal error (a bug: please report it); 130 stopped by Ctrl-C, 141 the reader of the
output went away (a closed pipe: nothing said), as ``cli/exits.py`` ends the process.  No
traceback unless ``HYVEKIT_DEBUG=1``.
"""

from __future__ import annotations

import os
import sys
import traceback

from hyvekit.rules.common import AmbiguousInputError, IllegalActionError, InvalidInputError

EXIT_OK, EXIT_RULE, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3


def _store_errors() -> tuple[type[BaseException], ...]:
    from hyvekit.store.errors import StoreError  # light module, no tinydb import
    return (StoreError,)


def classify(exc: BaseException) -> tuple[int, str]:
    """Map an exception to ``(exit code, message)``; unknown exceptions are bugs (code 3)."""
    if isinstance(exc, IllegalActionError):
        return EXIT_RULE, f"rule: {exc}"
    if isinstance(exc, (InvalidInputError, AmbiguousInputError)):
        return EXIT_INPUT, f"bad input: {exc}"
    store = _store_errors()
    if isinstance(exc, store):
        return getattr(exc, "exit_code", EXIT_INPUT), f"campaign record: {exc}"
    if isinstance(exc, UnicodeEncodeError) and any(
            "\udc80" <= c <= "\udcff" for c in exc.object[exc.start:exc.end]):
        return EXIT_INPUT, ("bad input: an argument is not valid text: it holds a byte that is "
                            f"not UTF-8 (shown as {exc.object[exc.start:exc.end]!r})")
    if isinstance(exc, UnicodeEncodeError):
        encoding = getattr(sys.stdout, "encoding", None) or exc.encoding
        return EXIT_INPUT, (f"bad input: the terminal's text encoding ({encoding}) cannot show "
                            f"{exc.object[exc.start:exc.end]!r}; use a UTF-8 terminal or set "
                            "PYTHONIOENCODING=utf-8")
    if isinstance(exc, FileNotFoundError):
        return EXIT_INPUT, f"bad input: file not found: {_cut(exc.filename)}"
    if isinstance(exc, PermissionError):
        return EXIT_INPUT, f"bad input: permission denied: {_cut(exc.filename)}"
    if isinstance(exc, IsADirectoryError):
        return EXIT_INPUT, f"bad input: {_cut(exc.filename)} is a folder, expected a file"
    if isinstance(exc, NotADirectoryError):
        return EXIT_INPUT, (f"bad input: {_cut(exc.filename)}: a file stands where a folder is "
                            "needed")
    if isinstance(exc, OSError):
        where = f"{_cut(exc.filename)}: " if exc.filename else ""
        return EXIT_INPUT, f"bad input: {where}{exc.strerror or exc}"
    if isinstance(exc, KeyboardInterrupt):
        from hyvekit.cli.exits import EXIT_INTERRUPTED, interrupted
        return EXIT_INTERRUPTED, interrupted()
    return EXIT_BUG, (f"internal error: {exc.__class__.__name__}: {exc} "
                      "(run again with HYVEKIT_DEBUG=1 for the traceback)")


#: the most characters of a file's name an error line quotes (then "…")
ECHOED_NAME = 60


def _cut(name: object) -> str:
    """A file's name as an error line quotes it: cut to :data:`ECHOED_NAME` characters."""
    text = str(name)
    return text if len(text) <= ECHOED_NAME else text[:ECHOED_NAME - 1] + "…"


def shown(line: str, named: str = "") -> str:
    """An error ``line`` (``hyvekit: KIND: ...``) as stderr shows it: the one line scripts and
    logs read, or on a terminal wrapped to its width, the lines after the first indented and
    the first naming what is at fault (``named``, else the first word after KIND)."""
    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):       # no stream, or a closed one
        terminal = False
    if not terminal:
        return line
    from hyvekit.cli.common import wrapped
    kind, _, rest = line.removeprefix("hyvekit: ").partition(": ")
    if not (named and rest.startswith(named)):
        named = rest.split(" ", 1)[0]
    return wrapped(line, keep=len(f"hyvekit: {kind}: {named}"))


def _output_gone(exc: BaseException) -> bool:
    """Whether ``exc`` is a write to a standard output nobody reads: a closed pipe, or a
    standard output that was closed."""
    if isinstance(exc, BrokenPipeError):
        return True
    return (type(exc) is ValueError and str(exc).rstrip(".") == "I/O operation on closed file"
            and bool(getattr(sys.stdout, "closed", False)))


def report(exc: BaseException) -> int:
    """Print ``exc`` as one error line on stderr (:func:`shown`; a traceback too when
    debugging); return the code.  A closed pipe says nothing (:func:`~hyvekit.cli.exits.
    pipe_closed`)."""
    if _output_gone(exc):                                # nobody reads the output any more
        from hyvekit.cli.exits import pipe_closed
        return pipe_closed()
    code, message = classify(exc)
    named = getattr(exc, "rule", None) or getattr(exc, "field", None)
    print(shown(f"hyvekit: {message}", str(named or "")), file=sys.stderr)
    if os.environ.get("HYVEKIT_DEBUG") == "1":
        traceback.print_exception(exc)
    return code
