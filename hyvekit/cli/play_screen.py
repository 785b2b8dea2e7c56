"""What the full-screen play sessions of every game share, without Textual: the step line's
words besides the steps (undo, quit), an error as the screen's one line, and the refusal of a
step typed on a screen whose record another command changed.

Imported by each game's session (:mod:`hyvekit.cli.beelives_session`,
:mod:`hyvekit.cli.hyve_play`, :mod:`hyvekit.cli.queenbee_play`) and its Textual screen.
"""

from __future__ import annotations

import random
from pathlib import Path

import typer

from hyvekit.rules.common import IllegalActionError

class StoredTable:
    """A session at the table over one stored record: the store, the record's id, hyvekit's
    dice (``roll``: it rolls every die that comes due, as ``do --roll``) and their ``seed``
    (default: fresh); the subclass's :meth:`reload` reads the record and replays it."""

    def __init__(self, folder: str | Path, record_id: str, *, roll: bool = False,
                 seed: int | None = None) -> None:
        from hyvekit.games import campaign_store
        self.store = campaign_store(folder)
        self.folder, self.id, self.roll = Path(folder), record_id, roll
        self.rng = random.Random(seed)
        self.reload()

    def reload(self) -> None:
        """Read the record and replay it."""
        raise NotImplementedError


#: what the step line takes besides the steps: undo and quit
UNDO_WORDS = ("u", "undo")
QUIT_WORDS = ("q", "quit", "exit")
HINT_WORDS = ("hint", "?")

#: the play commands' --roll and --seed
RollOption = typer.Option(False, "--roll", help="Let hyvekit roll every die that comes due "
                          "(the faces are recorded).")
SeedOption = typer.Option(None, "--seed", metavar="N",
                          help="Seed for hyvekit's dice and card draws (default: fresh).")


def error_line(exc: BaseException) -> str:
    """One line for the screen, as the CLI would print it (``rule: ...``, ``bad input: ...``,
    ``campaign record: ...``; anything else as an internal error)."""
    from hyvekit.cli.common import with_expected
    from hyvekit.cli.errors import classify
    return classify(with_expected(exc))[1]


def changed_outside(rule: str, cid: str, shown: str) -> IllegalActionError:
    """The refusal of a step typed on a screen whose record another command changed since it
    was read (``shown``: what the screen now shows, read again)."""
    return IllegalActionError(rule, f"{cid} was changed outside this screen (by another "
                              f"command): {shown} now is shown, type the step again",
                              expected="the record as shown", given="a changed record")


def newest(record) -> int | None:
    """The number of the record's newest active event (None: no event)."""
    active = record.active
    return active[-1]["seq"] if active else None


def legal_completions(data: dict) -> list[str]:
    """What a step line completes, from ``next --json``'s ``data``: the legal options, each
    also without its ``ACTOR: `` in front when the decision's actor says it."""
    legal = list(data["legal"])
    head = f"{data['actor']}: " if data["actor"] else None
    short = [o[len(head):] for o in legal if head and o.startswith(head)]
    return list(dict.fromkeys(short + legal))


def require_terminal(group: str) -> None:
    """:raises InvalidInputError: standard input or output is not a terminal (the full-screen
    session needs one; ``hyvekit GROUP next`` and ``do`` serve without)."""
    import sys
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from hyvekit.rules.common import InvalidInputError
        raise InvalidInputError("terminal", "not a terminal", "a terminal for the full-screen "
                                f"session; without one use 'hyvekit {group} next' and "
                                f"'hyvekit {group} do'")
