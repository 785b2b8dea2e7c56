"""The Textual screen of ``hyvekit beelives play`` (:mod:`hyvekit.cli.beelives_play`) over its
session (:mod:`hyvekit.cli.beelives_session`): the table, the decision due, the log, the step
line with completion of the legal options.

Imported only by the ``play`` command: this is the one module that imports Textual.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Footer, Input, RichLog, Static

from hyvekit.cli.beelives_session import PlaySession
from hyvekit.cli.play_screen import HINT_WORDS, QUIT_WORDS, UNDO_WORDS, error_line
from hyvekit.rules.common import counted

#: how each kind of log line is shown
LOG_STYLES = {"step": "bold", "auto": "yellow", "event": "", "month": "bold green",
              "undo": "magenta", "info": "dim", "hint": "cyan"}
LOG_MARKS = {"step": "", "auto": "hyvekit: ", "event": "  ", "month": "", "undo": "undone: ",
             "info": "", "hint": ""}


class LegalSuggester(Suggester):
    """Completes the step line with the first legal option it begins (case-insensitive): the
    options change with every step, so nothing is cached."""

    def __init__(self, session: PlaySession) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.session = session
        self.options: list[str] = []

    def refresh(self) -> None:
        """Take the legal options of the decision due now."""
        try:
            self.options = self.session.completions()
        except Exception:  # noqa: BLE001 - the screen shows the error; nothing to complete
            self.options = []

    async def get_suggestion(self, value: str) -> str | None:
        """The first option that starts with ``value`` (casefolded by the Input)."""
        if not value:
            return None
        for option in self.options:
            if option.casefold().startswith(value):
                return option
        return None


class StepInput(Input):
    """The step line: Tab takes the completion shown (as → does at the end of the line)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        """Take the completion, if one is shown; else go to the end of the line."""
        self.action_end()
        self.action_cursor_right()


class PlayApp(App[None]):
    """A Bee Lives campaign at the table, one step at a time (see
    :class:`~hyvekit.cli.beelives_session.PlaySession`).  Its step line, log, undo and roll
    serve ``hyve play``'s screen too (:mod:`hyvekit.cli.hyve_play_app`), and the whole
    screen ``queenbee play``'s (:mod:`hyvekit.cli.queenbee_play`): a session with ``data``,
    ``completions()``, ``step(text)``, ``undo()``, ``hint()``, ``table_title()``,
    ``table_renderable(width)`` and ``decision_renderable(width)`` is all it uses."""

    TITLE = "hyvekit beelives play"
    ENABLE_COMMAND_PALETTE = False
    #: how each kind of log line is shown (a subclass's screen has kinds of its own)
    log_styles: ClassVar[dict[str, str]] = LOG_STYLES
    log_marks: ClassVar[dict[str, str]] = LOG_MARKS
    #: the step line's words while it is empty
    PLACEHOLDER = "type a step (→ or Tab completes) · u: undo · ?: hint · q: quit"
    CSS = """
    Screen { layout: vertical; }
    #table, #due-box, #log { padding: 0 1; border-top: solid $accent;
                             border-title-color: $accent; border-title-style: bold; }
    #table { height: auto; }
    #middle { height: 1fr; }
    #due-box { height: auto; max-height: 70%; scrollbar-size-vertical: 1; }
    #due { height: auto; }
    #log { height: 1fr; min-height: 3; overflow-y: auto; scrollbar-size-vertical: 1; }
    #error { height: auto; color: $text-error; background: $error-muted; padding: 0 1;
             display: none; }
    #error.shown { display: block; }
    #preview { height: auto; color: $text-muted; padding: 0 1; display: none; }
    #preview.shown { display: block; }
    #prompt { height: 1; background: $boost; }
    #who { width: auto; padding: 0 0 0 1; color: $accent; text-style: bold; }
    #step { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo the last step", priority=True),
        Binding("ctrl+r", "roll", "Roll the dice due", priority=True),
        Binding("ctrl+t", "hint", "Hint (marked in the record)", priority=True),
        Binding("ctrl+q", "quit", "Quit (every step is kept)", priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),   # not Textual's hint
        Binding("pageup", "scroll_due(-1)", "Scroll the options", show=False),
        Binding("pagedown", "scroll_due(1)", "Scroll the options", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("r", "roll", "Roll", show=False),
        Binding("q", "quit", "Quit", show=False),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.suggester = LegalSuggester(session)

    def compose(self) -> ComposeResult:
        yield Static(id="table", markup=False)
        with Vertical(id="middle"):
            with VerticalScroll(id="due-box"):
                yield Static(id="due", markup=False)
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="error", markup=False)
        yield Static(id="preview", markup=False)
        with Horizontal(id="prompt"):
            yield Static(id="who", markup=False)
            yield StepInput(placeholder=self.PLACEHOLDER,
                            suggester=self.suggester, id="step", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        """Show the table and the decision; the month's steps so far go in the log."""
        self.query_one("#due-box").border_title = "due"
        self.query_one("#log").border_title = "log"
        try:
            steps = self.session.data["table"]["steps"]
        except Exception:  # noqa: BLE001 - show() puts the error on the screen
            steps = []
        if steps:
            self.log_line("info", f"this month so far: {counted(len(steps), 'step')}, the "
                          f"last: {steps[-1]}")
        self.show()
        self.query_one("#step", Input).focus()

    # --- showing ----------------------------------------------------------------------------

    def show(self, error: str = "") -> None:
        """Show the table and the decision due now, and ``error`` (or none)."""
        session = self.session
        try:
            self.query_one("#table").border_title = session.table_title()
            # option rows broken between options: the panel's width less its padding
            width = max(20, self.size.width - 6)
            self.query_one("#table", Static).update(session.table_renderable(width))
            self.query_one("#due", Static).update(session.decision_renderable(width))
            who = session.data["actor"] or ("dice" if session.data["decision"] == "dice"
                                            else "")
        except Exception as exc:  # noqa: BLE001 - shown in the screen, never a traceback
            error, who = error or error_line(exc), ""
        self.query_one("#who", Static).update(Text(f"{who} › " if who else "› "))
        self.suggester.refresh()
        self.show_preview(self.query_one("#step", Input).value)
        line = self.query_one("#error", Static)
        line.update(Text(error))
        line.set_class(bool(error), "shown")

    def log_line(self, kind: str, text: str) -> None:
        """One line in the log."""
        self.query_one("#log", RichLog).write(Text(self.log_marks[kind] + text,
                                                   style=self.log_styles[kind]))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Beside the step line: what the option it completes to would change."""
        self.show_preview(event.value)

    def show_preview(self, typed: str) -> None:
        """The preview of the option ``typed`` begins (none: hidden)."""
        from hyvekit.cli.table import option_preview
        try:
            said = option_preview(self.session.data, typed)
        except Exception:  # noqa: BLE001 - a preview is only a help; the step says the rest
            said = ""
        line = self.query_one("#preview", Static)
        line.update(Text(f"if played: {said}" if said else ""))
        line.set_class(bool(said), "shown")

    # --- acting -----------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A line typed: undo, quit, or a step (applied and stored at once)."""
        text = " ".join(event.value.split())
        if text.lower() in UNDO_WORDS:
            event.input.value = ""
            self.action_undo()
        elif text.lower() in QUIT_WORDS:
            self.exit()
        elif text.lower() in HINT_WORDS:
            event.input.value = ""
            self.action_hint()
        elif text and self.play_step(text):
            event.input.value = ""

    def play_step(self, text: str) -> bool:
        """Apply and store ``text``; the error shown when it is refused. :returns: done."""
        try:
            happened = self.session.step(text)
        except Exception as exc:  # noqa: BLE001 - the rule or the bad input, in the screen
            self.show(error_line(exc))
            self.bell()
            return False
        for kind, line in happened:
            self.log_line(kind, line)
        self.show()
        return True

    def action_undo(self) -> None:
        """Undo the last step (and the steps hyvekit played after it)."""
        self._logged("undo", self.session.undo)

    def action_hint(self) -> None:
        """The advisor's hint for the decision due, in the log (docs/advisor.md); the
        decision is marked in the record as one a hint was shown for."""
        self._logged("hint", self.session.hint)

    def _logged(self, kind: str, act) -> None:
        """``act()``'s lines in the log as ``kind``, or what refused it on the error line."""
        try:
            lines = act()
        except Exception as exc:  # noqa: BLE001 - nothing to undo, nobody decides: shown
            self.show(error_line(exc))
            self.bell()
            return
        for line in lines:
            self.log_line(kind, line)
        self.show()

    def action_scroll_due(self, pages: int) -> None:
        """Scroll the decision's options (page up / page down)."""
        box = self.query_one("#due-box", VerticalScroll)
        if pages < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()

    def action_roll(self) -> None:
        """Let hyvekit roll the dice due."""
        try:
            due = self.session.data["decision"]
        except Exception as exc:  # noqa: BLE001
            self.show(error_line(exc))
            return
        if due != "dice":
            self.show("no die is due now: type the step, or ctrl+z to undo")
            self.bell()
            return
        self.play_step("roll")
