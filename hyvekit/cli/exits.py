"""How a command stopped from outside ends (``cli/entry.py`` runs the app inside the guard
that uses these; ``cli/errors.py`` and ``cli/app.py`` take the same lines and codes when the
stop reaches them first): the exit codes, the line Ctrl-C says, and a closed pipe's quiet end.

Only ``os`` and ``sys`` are imported here (:func:`interrupted` imports ``cli/common.py``
when it names a campaigns folder): the entry point imports this module before it guards the
app, so it loads before anything else of hyvekit.
"""

import os
import sys

EXIT_INTERRUPTED = 130    # 128 + SIGINT
EXIT_PIPE = 141           # 128 + SIGPIPE
EXIT_TERMINATED = 143     # 128 + SIGTERM


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
