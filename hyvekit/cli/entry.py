"""The console entry point (``hyvekit``, ``python -m hyvekit``): the app imported and run inside
one guard, so that however a command is stopped it ends the way a command-line tool does:

- Ctrl-C, at any moment, even while Python still imports typer: the one line of
  :func:`interrupted` on stderr and exit code 130 (128 + SIGINT), no traceback unless
  ``HYVEKIT_DEBUG=1``;
- a closed pipe (``hyvekit beelives next ID | head -1``): nothing said, exit code 141
  (128 + SIGPIPE, what a shell reports for a tool SIGPIPE ended), :func:`pipe_closed`.

Only ``os``, ``sys`` and :mod:`hyvekit.cli.exits` (the codes and lines, itself ``os`` and
``sys`` only) are imported here: start-up pays nothing for it, and it works before anything
else of hyvekit is imported.
"""

import os
import sys

from hyvekit.cli.exits import EXIT_INTERRUPTED, EXIT_TERMINATED, interrupted, pipe_closed


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM (a ``kill``, a closing session): end as an exit, so that what the command was
    doing is undone on its way out — a half-written file removed, a print's scratch folder
    cleared — rather than left where the process stopped."""
    raise SystemExit(EXIT_TERMINATED)


def main(argv: list[str] | None = None) -> None:
    """Run the command line ``argv`` (default ``sys.argv[1:]``) and exit with its code."""
    import signal
    try:
        signal.signal(signal.SIGTERM, _terminated)
    except (ValueError, OSError):         # not the main thread: the default stays
        pass
    try:
        from hyvekit.cli.app import run
        code = run(argv)
        if sys.stdout is not None and not sys.stdout.closed:
            sys.stdout.flush()   # here, where a closed pipe is still caught, not as Python exits
    except KeyboardInterrupt as exc:
        code = _say_interrupted(exc)
    except BrokenPipeError:
        code = pipe_closed()
    sys.exit(code)


def _say_interrupted(exc: BaseException) -> int:
    """The end of a process Ctrl-C stopped outside a command (while Python imports hyvekit,
    or after the command): the line of :func:`interrupted` on stderr (the traceback too with
    ``HYVEKIT_DEBUG=1``), said once: a second Ctrl-C meanwhile is ignored."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        if os.environ.get("HYVEKIT_DEBUG") == "1":
            import traceback
            traceback.print_exception(exc)
        print(f"hyvekit: {interrupted()}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):     # no stderr to say it on
        pass
    return EXIT_INTERRUPTED
