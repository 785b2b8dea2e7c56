"""The Textual screen of ``hyvekit queenbee play`` (:mod:`hyvekit.cli.queenbee_play`): Bee
Lives' screen (:class:`~hyvekit.cli.beelives_play_app.PlayApp` — the table, the decision due,
the log, the step line with completion of the legal steps, undo and roll) over a Queen Bee
session, without the advisor's hint key (the advisor does not play Queen Bee).

Imported only by the ``play`` command, with the other play screens: the modules that import
Textual.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from hyvekit.cli.beelives_play_app import PlayApp


class QueenBeePlayApp(PlayApp, inherit_bindings=False):
    """A Queen Bee match at the table, one step at a time (see
    :class:`~hyvekit.cli.queenbee_play.QueenBeeSession`)."""

    TITLE = "hyvekit queenbee play"
    PLACEHOLDER = "type a step (→ or Tab completes) · u: undo · q: quit"
    #: the table never takes the screen from the decision: past 60 % of it, it is cut
    CSS = PlayApp.CSS + """
    #table { max-height: 60%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        b for b in PlayApp.BINDINGS if not (isinstance(b, Binding) and b.action == "hint")]
