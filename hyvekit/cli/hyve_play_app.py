"""The Textual screen of ``hyvekit hyve play`` (:mod:`hyvekit.cli.hyve_play`): the six hyves,
the rest of the sheet, the dice and the decision due, the log, the step line with completion
of the legal steps; a hex of the active hyve chosen with the mouse or the arrow keys.

Imported only by the ``play`` command (with :mod:`hyvekit.cli.beelives_play_app`, whose step
line and completion it shares): these are the modules that import Textual.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Footer, Input, RichLog, Static

from hyvekit.cli.beelives_play_app import PlayApp, StepInput
from hyvekit.cli.hyve_grid import hex_at, hex_offset, hex_rows, hyve_text
from hyvekit.cli.play_screen import error_line
from hyvekit.rules.common import counted

#: how each kind of log line is shown
LOG_STYLES = {"step": "bold", "turn": "green", "hyve": "bold yellow", "over": "bold green",
              "undo": "magenta", "info": "dim", "hint": "cyan"}
LOG_MARKS = {"step": "", "turn": "  ", "hyve": "  ", "over": "", "undo": "undone: ",
             "info": "", "hint": ""}


class HyveStepInput(StepInput):
    """The step line; ↑ goes to the active hyve to choose a hex with the arrow keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "app.to_grid", "Choose a hex", show=False)]


class HyveView(Static, can_focus=True):
    """One hyve of the sheet (``index`` 0-5): its hexes (:func:`hyve_text`), a hex cursor when
    it is the active hyve and has the focus; a click or Enter chooses the hex."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(0, -1)", "←", show=False),
        Binding("right", "move(0, 1)", "→", show=False),
        Binding("up", "move(-1, 0)", "↑", show=False),
        Binding("down", "move(1, 0)", "↓", show=False),
        Binding("enter,space", "choose", "Choose the hex"),
        Binding("escape", "app.to_line", "Back to the step line"),
    ]

    def __init__(self, index: int) -> None:
        super().__init__(id=f"hyve-{index + 1}", markup=False)
        self.index = index
        self.cursor = "C3"

    def on_focus(self) -> None:
        self.app.show_hyves()

    def on_blur(self) -> None:
        self.app.call_after_refresh(self.app.show_hyves)

    def on_click(self, event: events.Click) -> None:
        """The hex under the mouse is chosen."""
        offset = event.get_content_offset(self)
        name = hex_at(offset.x, offset.y) if offset is not None else None
        if name is not None:
            self.cursor = name
            self.app.choose_hex(self.index, name)

    def action_move(self, rows: int, cells: int) -> None:
        """The cursor to the next hex left or right, or to the nearest one of the row above or
        below."""
        grid = hex_rows()
        y = next(r for r, row in enumerate(grid) if self.cursor in row)
        if cells:
            row = grid[y]
            self.cursor = row[max(0, min(len(row) - 1, row.index(self.cursor) + cells))]
        elif 0 <= y + rows < len(grid):
            x = hex_offset(self.cursor)[0]
            self.cursor = min(grid[y + rows], key=lambda n: (abs(hex_offset(n)[0] - x),
                                                             -hex_offset(n)[0] * rows))
        self.app.show_hyves()

    def action_choose(self) -> None:
        self.app.choose_hex(self.index, self.cursor)


class HyvePlayApp(PlayApp):
    """A HYVE scenario at the table, one step at a time (see
    :class:`~hyvekit.cli.hyve_play.PlaySession`): the Bee Lives screen's step line, log,
    undo and roll, with the sheet of HYVE above them."""

    TITLE = "hyvekit hyve play"
    log_styles = LOG_STYLES
    log_marks = LOG_MARKS
    CSS = """
    Screen { layout: vertical; }
    #head { height: 1; padding: 0 1; background: $boost; }
    #top { height: 14; }
    #hyves { grid-size: 3 2; grid-gutter: 0 1; grid-columns: 23; grid-rows: 7; width: 73;
             height: 14; padding: 0 1; }
    HyveView { width: 23; height: 7; border: round $panel-lighten-2; padding: 0 0;
               border-title-align: left; }
    HyveView.active { border: round $accent; border-title-color: $accent;
                      border-title-style: bold; }
    HyveView:focus { border: double $accent; }
    #sheet-box { width: 1fr; height: 14; scrollbar-size-vertical: 1; }
    #sheet { height: auto; padding: 0 1; }
    #due-box, #log { padding: 0 1; border-top: solid $accent; border-title-color: $accent;
                     border-title-style: bold; }
    #due-box { height: auto; max-height: 40%; scrollbar-size-vertical: 1; }
    #due { height: auto; }
    #log { height: 1fr; min-height: 3; overflow-y: auto; scrollbar-size-vertical: 1; }
    #error { height: auto; padding: 0 1; display: none; }
    #error.shown { display: block; color: $text-error; background: $error-muted; }
    #error.info { display: block; color: $text-accent; background: $accent-muted; }
    #preview { height: auto; color: $text-muted; padding: 0 1; display: none; }
    #preview.shown { display: block; }
    #prompt { height: 1; background: $boost; }
    #who { width: auto; padding: 0 0 0 1; color: $accent; text-style: bold; }
    #step { width: 1fr; }
    Screen.narrow #top, Screen.narrow #sheet-box { height: 8; }
    Screen.narrow #hyves { grid-size: 1 1; width: 25; height: 7; }
    Screen.narrow HyveView { display: none; }
    Screen.narrow HyveView.active { display: block; }
    """

    #: below this many columns only the active hyve is drawn beside the sheet (six hyves
    #: take 73 columns, and the sheet needs about 30)
    NARROW = 105

    def compose(self) -> ComposeResult:
        yield Static(id="head", markup=False)
        with Horizontal(id="top"):
            with Grid(id="hyves"):
                for k in range(6):
                    yield HyveView(k)
            with VerticalScroll(id="sheet-box", can_focus=False):
                yield Static(id="sheet", markup=False)
        with VerticalScroll(id="due-box", can_focus=False):
            yield Static(id="due", markup=False)
        yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="error", markup=False)
        yield Static(id="preview", markup=False)
        with Horizontal(id="prompt"):
            yield Static(id="who", markup=False)
            yield HyveStepInput(placeholder="type a step (→ or Tab completes) · ↑: choose a "
                                "hex · u: undo · q: quit", suggester=self.suggester, id="step",
                                compact=True, select_on_focus=False)
        yield Footer()

    def on_mount(self, event: events.Mount) -> None:
        """Show the sheet and the decision; the steps so far counted in the log (this, not
        the Bee Lives screen's start)."""
        event.prevent_default()
        self.query_one("#due-box").border_title = "due"
        self.query_one("#log").border_title = "log"
        try:
            steps = self.session.data["table"]["steps"] if self.session.data["table"] else 0
        except Exception:  # noqa: BLE001 - show() puts the error on the screen
            steps = 0
        if steps:
            self.log_line("info", f"this scenario so far: {counted(steps, 'step')}")
        self.show()
        self.step_line.focus()

    def on_resize(self, event: events.Resize) -> None:
        """On a narrow terminal, only the active hyve beside the sheet."""
        self.screen.set_class(event.size.width < self.NARROW, "narrow")

    @property
    def step_line(self) -> Input:
        return self.query_one("#step", Input)

    # --- showing ----------------------------------------------------------------------------

    def show(self, error: str = "", info: str = "") -> None:
        """Show the sheet and the decision due now, and ``error`` or ``info`` (or none)."""
        session = self.session
        who = ""
        try:
            self.sub_title = session.title
            self.query_one("#head", Static).update(session.header_text())
            self.show_hyves()
            self.query_one("#sheet", Static).update(session.sheet_renderable())
            width = max(20, self.size.width - 4)
            from rich.console import Group
            self.query_one("#due", Static).update(
                Group(session.dice_text(), session.decision_renderable(width)))
            who = session.data["decision"] or ""
        except Exception as exc:  # noqa: BLE001 - shown in the screen, never a traceback
            error = error or error_line(exc)
        self.query_one("#who", Static).update(Text(f"{who} › " if who else "› "))
        self.suggester.refresh()
        self.show_preview(self.step_line.value)
        line = self.query_one("#error", Static)
        line.update(Text(error or info))
        line.set_class(bool(error), "shown")
        line.set_class(bool(info) and not error, "info")

    def show_hyves(self) -> None:
        """The six hyves: the active one marked, its legal hexes marked, its cursor shown
        while it has the focus."""
        session = self.session
        hyves = session.hyves()
        styles = session.styles() if hyves else {}
        active = session.at.table.now.active if session.at is not None else -1
        marked = session.marked_hexes() if hyves else frozenset()
        for view in self.query(HyveView):
            if view.index >= len(hyves):
                view.update(Text(""))
                continue
            grid, title = hyves[view.index]
            is_active = view.index == active
            view.set_class(is_active, "active")
            view.border_title = title
            view.border_subtitle = view.cursor if view.has_focus else ""
            view.update(hyve_text(grid, styles, marked=marked if is_active else frozenset(),
                                  cursor=view.cursor if view.has_focus else None))

    # --- acting (the step line, undo, roll: the Bee Lives screen's) ----------------------

    def choose_hex(self, index: int, name: str) -> None:
        """Hex ``name`` of hyve ``index`` chosen (clicked, or Enter on the cursor): the step
        line gets the legal step that puts something there — the one the line begins (a bee
        typed first: ``5``), or the next one when the line already holds one for this hex."""
        session = self.session
        try:
            data = session.data
            active = session.at.table.now.active if session.at is not None else -1
            options = session.hex_options(name) if index == active else []
        except Exception as exc:  # noqa: BLE001
            self.show(error_line(exc))
            return
        if not options:
            if data["decision"] is None or not session.marked_hexes():
                why = "the decision due takes no hex: type the step"
            elif index != active:
                why = (f"hyve {index + 1} is not the active hyve: choose a hex of hyve "
                       f"{active + 1}")
            else:
                why = f"no legal step puts anything on {name} now"
            self.show(why)
            self.bell()
            return
        line = self.step_line
        if line.value in options:
            option = options[(options.index(line.value) + 1) % len(options)]
        else:
            option = session.hex_options(name, line.value)[0]
        line.value = option
        line.cursor_position = len(option)
        line.focus()
        more = (f"{name}: {' · '.join(options)} (choose the hex again for the next; Enter "
                "stores the step)") if len(options) > 1 else f"{name}: Enter stores {option}"
        self.show(info=more)

    def action_to_grid(self) -> None:
        """The focus to the active hyve (its hex cursor)."""
        session = self.session
        active = session.at.table.now.active if session.at is not None else 6
        if active < 6:
            self.query_one(f"#hyve-{active + 1}", HyveView).focus()

    def action_to_line(self) -> None:
        self.step_line.focus()
