"""The console entry point (``hyvekit``, ``python -m hyvekit``): the app imported and run inside
one guard, so that however a command is stopped it ends the way a command-line tool does:

- Ctrl-C, at any moment, even while Python still imports typer: the one line of
  :func:`interrupted` on stderr and exit code 130 (128 + SIGINT), no traceback unless
  ``HYVEKIT_DEBUG=1``;
- a closed pipe (``hyvekit beelives next ID | head -1``): nothing said, exit code 141
  (128 + SIGPIPE, what a shell reports for a tool SIGPIPE ended), :func:`pipe_closed`.

Only ``os`` and ``sys`` are imported here: start-up pays nothing for it, and it works before
anything else of hyvekit is imported.
"""

import os
import sys

EXIT_INTERRUPTED = 130    # 128 + SIGINT
EXIT_PIPE = 141           # 128 + SIGPIPE
EXIT_TERMINATED = 143     # 128 + SIGTERM


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


def interrupted() -> str:
    """What a command stopped by Ctrl-C says after ``hyvekit: ``: that no campaign record was
    changed, or, when the command had taken a record's lock to write it, that its last change
    is stored whole or not at all (a record is written at once, ``store/storage.py``) and
    where to see which."""
    storage = sys.modules.get("hyvekit.store.storage")     # not imported: nothing was locked
    locked = list(getattr(storage, "locked", None) or ())
    if not locked:
        return "interrupted: no campaign record was changed"
    record = locked[-1]
    cid = os.path.basename(record).removesuffix(".json")
    return (f"interrupted: the last change to campaign {cid!r} is either stored whole or not "
            f"at all; what was stored: hyvekit campaign history {cid}"
            f"{_folder_option(os.path.dirname(record))}")


def _folder_option(folder: str) -> str:
    """`` --campaigns-dir FOLDER`` when ``folder`` is not the one a command finds by itself."""
    try:
        from hyvekit.cli.common import campaigns_dir
        if os.path.samefile(folder, campaigns_dir()):
            return ""
    except (ImportError, OSError):
        pass
    from shlex import quote
    return f" --campaigns-dir {quote(folder)}"


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


def pipe_closed() -> int:
    """A reader of hyvekit's output went away (``| head -1``): say nothing and return
    :data:`EXIT_PIPE`.  Standard output is pointed at the null device, so that Python's flush
    of what is still pending when it exits does not fail again (the recipe of Python's
    documentation, "Note on SIGPIPE"); so is standard error when it is the closed one."""
    for stream, surely in ((sys.stdout, True), (sys.stderr, False)):
        if stream is None:
            continue
        if not surely:                       # stderr: only when its own flush fails
            try:
                stream.flush()
                continue
            except (OSError, ValueError):
                pass
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, stream.fileno())
            finally:
                os.close(devnull)
        except (OSError, ValueError):        # a stream with no file (in process): nothing
            pass
    return EXIT_PIPE
