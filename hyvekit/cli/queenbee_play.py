"""``hyvekit queenbee play``: a Queen Bee match played at the table in one full-screen session —
the board as text (each hive's nest and rows, the bees on each space in their player's
colour, the bees outside the hives), the players, a battle with the attack's exact odds, the
decision due with its legal steps and what each changes, a line to type the step on (the legal
steps completed as you type), the log of what happened; undo, roll and quit keys.

It is a face over the same library calls as ``queenbee next`` and ``queenbee do``
(:mod:`hyvekit.cli.queenbee_table`): each step is stored at once as a ``step`` event (the
store writes atomically), so a session stopped at any point loses nothing and ``next`` /
``do`` / ``play`` can take turns on one match.  The screen is Bee Lives' own
(:class:`~hyvekit.cli.beelives_play_app.PlayApp`, in :mod:`hyvekit.cli.queenbee_play_app`),
imported only when the command runs, so no other command loads Textual.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import typer

from hyvekit.cli.common import campaigns_dir
from hyvekit.cli.play_screen import StoredTable, changed_outside, legal_completions, newest, \
    RollOption, SeedOption, require_terminal
from hyvekit.cli.queenbee import app
from hyvekit.cli.queenbee_table import MatchArg, battle_line, next_data
from hyvekit.rules.common import IllegalActionError, InvalidInputError

R_PLAY = "hyvekit queenbee play"
#: each seat's colour on the screen (seat order), and the letter of each kind of bee
SEAT_STYLES = ("bold yellow", "bold cyan", "bold magenta", "bold green", "bold red",
               "bold blue")
BEE_LETTERS = {"queen": "Q", "warrior": "W", "worker": "w"}
#: the columns of a space's name (and its larva mark) on the board, before its bees
NAME_COLUMNS = 5


class QueenBeeSession(StoredTable):
    """A Queen Bee match at the table: its table now, the decision due, one step applied and
    stored, an undo.  Every change is read from or written to the store at once.

    :param folder: the campaigns folder; ``match_id``: the match.
    :param roll: hyvekit rolls every die that comes due (as ``do --roll``).
    :param seed: seed for hyvekit's dice and card draws (default: fresh).
    :raises InvalidInputError: not a Queen Bee match; the store's errors for a missing or
        broken record.
    """

    def reload(self) -> None:
        """Read the record and replay it (the table now)."""
        from hyvekit.games import record_of
        self.record, self.state = record_of(self.folder, self.id, "queenbee", "match", "MATCH",
                                            "the id of a Queen Bee match", " record")
        self.name = self.record.header.get("name") or self.id
        self._seen = newest(self.record)
        self._data: dict[str, Any] | None = None

    @property
    def data(self) -> dict[str, Any]:
        """:func:`~hyvekit.cli.queenbee_table.next_data` now (what ``next --json`` gives)."""
        if self._data is None:
            self._data = next_data(self.state)
        return self._data

    def completions(self) -> list[str]:
        """What the step line completes: the legal steps (also without ``ACTOR: ``)."""
        return legal_completions(self.data)

    def step(self, text: str) -> list[tuple[str, str]]:
        """Apply the step ``text`` (a notation of the decision due, ``roll``) and the steps
        hyvekit plays after it, and store them.

        :returns: what happened, for the log: ``(kind, line)`` with kind ``step`` (the step
            as stored), ``event`` (what the rules did, in words), ``month`` (the match over).
        :raises IllegalActionError, InvalidInputError: the step refused, or the record changed
            by another command since it was read; nothing is stored.
        """
        from hyvekit.cli.table import store_steps
        from hyvekit.games.table import table_game
        text = " ".join(text.split())
        if not text:
            raise InvalidInputError("step", text, "a step: one of the legal steps")
        record = self.store.load(self.id)
        if newest(record) != self._seen:
            self.reload()
            raise changed_outside(R_PLAY, self.id, "the table")
        applied = store_steps(self.store, self.id, [text], self.rng, roll=self.roll,
                              game=table_game("queenbee", "match"), known=(record, self.state))
        if applied.done:
            self.state, self._seen = applied.state, applied.done[-1][0]["seq"]
        self._data = None
        out = [("step", s) for s in applied.steps] + [("event", s) for s in applied.said]
        if self.data["decision"] is None:
            from hyvekit.cli.stats import offer
            out += [("month", self.data["prompt"]),
                    ("info", f"log it in a match log: hyvekit queenbee log-match GROUP "
                             f"{self.id}"), ("info", " ".join(offer(self.id).split()))]
        return out

    def undo(self) -> list[str]:
        """Undo the last step made at the table, with the die or card drawn before it
        (:func:`~hyvekit.games.table.undo_steps`).

        :returns: the steps undone, newest first.
        :raises NothingToUndoError: nothing to undo.
        """
        from hyvekit.games.table import table_game, undo_steps
        undone = undo_steps(self.store, self.id, table_game("queenbee", "match"))
        self.reload()
        return undone

    def hint(self) -> list[str]:
        """:raises IllegalActionError: hyvekit's advisor does not play Queen Bee."""
        raise IllegalActionError(R_PLAY, "hyvekit's advisor does not play Queen Bee: no hint "
                                 "is given", expected="a step", given="hint")

    # --- the screen's contents (rich renderables) ------------------------------------------

    def table_title(self) -> str:
        """The table's title: the match, whose turn, the deck and the discard pile."""
        view = self.data["table"]
        turn = f"{view['turn']}'s turn" if view["turn"] else "the match is over"
        return f"{self.name} · {turn} · deck {view['deck']} · discard {view['discard']}"

    def table_renderable(self, width: int | None = None):
        """The table now: the card just played, the battle under way with the attack's odds,
        the players, the board as text (:func:`board_lines`); on a short screen what is past
        its share is cut from the bottom (the legend, then the hives last drawn)."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text
        view = self.data["table"]
        players = Table(box=None, pad_edge=False, header_style="bold reverse",
                        padding=(0, 1, 0, 0))
        for c in ("player", "hive", "hand", "bees", "reserve", "queen", "serves", "skills"):
            players.add_column(c, no_wrap=True)
        for seat, p in enumerate(view["players"]):
            players.add_row(Text(p["name"], style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
                            *[str(v) for v in (p["hive"], p["hand"], p["bees"], p["reserve"],
                                               p["queen"] or "defeated", p["serves"],
                                               p["skills"])])
        out: list[Any] = []         # what is under way first, the board last
        if view.get("just_played"):
            out.append(Text(f"just played: {view['just_played']}", style="italic"))
        if "battle" in view:
            out.append(Text(battle_line(view["battle"]), style="bold"))
            if view["battle"]["cards"]:
                out.append(Text("battle cards: " + ", ".join(view["battle"]["cards"]),
                                style="italic"))
        out += [players, *board_lines(self.state, width or 100, view["board_assumed"])]
        return Group(*out)

    def decision_renderable(self, width: int | None = None):
        """The decision due: its prompt and who decides, the legal steps with what each
        changes, what else is accepted."""
        from rich.console import Group
        from rich.text import Text

        from hyvekit.cli.table import preview_lines
        data = self.data
        if data["decision"] is None:
            return Text(data["prompt"], style="bold")
        who = f"{data['actor']} decides" if data["actor"] else "the rules leave no choice"
        lines = [Text.assemble((data["prompt"], "bold"), f" · {who}")]
        lines += [Text(row) for row in preview_lines(data["legal"], data.get("preview", {}),
                                                     data["actor"], (width or 78) + 2)]
        if data["more"]:
            lines.append(Text(f"  ({data['more']})", style="dim"))
        return Group(*lines)


# --- the board as text -----------------------------------------------------------------

def bees_text(kinds: Counter) -> str:
    """The bees on a space in short: ``Q``, ``3W``, ``2w``, ``Q1W`` (queen, warriors,
    workers)."""
    return "".join(("" if kind == "queen" else str(n)) + BEE_LETTERS[kind]
                   for kind, n in sorted(kinds.items(), key=lambda kv: "QWw".index(
                       BEE_LETTERS[kv[0]])))


def board_lines(t, width: int, assumed: bool = False) -> list:
    """The board as rich text lines, ``width`` columns at most: each hive (its player's name)
    with its nest, its warriors' row and workers' row (end, centre, end; a larva space
    marked ``°``), the hives side by side as many as fit (a hive no player has and no bee is
    in only named, on one line); the occupied spaces outside the hives first. Bees as
    :func:`bees_text`, in their player's colour (:data:`SEAT_STYLES`); each space as wide as
    the most bees on one need, so three hives fit across 80 columns.

    :param t: a :class:`~hyvekit.rules.queenbee.match_table.Table`; ``assumed``: the legend
        says the board is hyvekit's assumed layout.
    """
    from rich.text import Text
    board = t.setup.board
    on: dict[str, tuple[int, Counter]] = {}
    for space, seat, kind in t.bees:
        on.setdefault(space, (seat, Counter()))[1][kind] += 1
    seated = {hive: t.name(seat) for seat, hive in enumerate(t.setup.hives)}
    cell_width = NAME_COLUMNS + max([2, *(len(bees_text(k)) for _, k in on.values())]) + 1
    block_width = 3 * cell_width               # its last space ends in one blank

    def cell(name: str) -> Text:
        mark = "°" if board.spaces[name].larva else ""
        out = Text(f"{name}{mark}".ljust(NAME_COLUMNS), style="dim")
        seat, kinds = on.get(name, (0, Counter()))
        out.append(bees_text(kinds) if kinds else "·",
                   style=SEAT_STYLES[seat % len(SEAT_STYLES)] if kinds else "dim")
        out.pad_right(cell_width - out.cell_len)
        return out

    blocks: list[list[Text]] = []
    empty: list[str] = []
    for number, hive in sorted(board.hives.items()):
        if number not in seated and not any(s in on for s in (hive.nest,
                                                               *board.hive_spaces(number))):
            empty.append(str(number))           # nobody's hive, no bee in it: one line
            continue
        head = Text(f"hive {number}", style="bold")
        if number in seated:
            head.append(f" · {seated[number]}", style=SEAT_STYLES[
                t.setup.hives.index(number) % len(SEAT_STYLES)])
        rows = [(hive.nest,), hive.warriors, hive.workers]
        shown = {s for row in rows for s in row}
        rest = tuple(s for s in board.hive_spaces(number) if s not in shown)
        rows += [rest[k:k + 3] for k in range(0, len(rest), 3)]
        lines = [head]
        for row in rows:
            line = Text(" " * cell_width) if len(row) == 1 else Text()
            for name in row:
                line.append_text(cell(name))
            lines.append(line)
        blocks.append(lines)
    outside = [name for name, s in board.spaces.items() if s.hive is None and name in on]
    line = Text("outside the hives: ", style="bold")
    if not outside:
        line.append("no bees", style="dim")
    for k, name in enumerate(outside):
        seat, kinds = on[name]
        line.append(("" if k == 0 else " · ") + f"{name} ")
        line.append(bees_text(kinds), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    out: list[Text] = [line]
    across = max(1, width // block_width)
    for k in range(0, len(blocks), across):
        group = blocks[k:k + across]
        for y in range(max(len(b) for b in group)):
            line = Text()
            for b in group:
                part = b[y].copy() if y < len(b) else Text()
                part.pad_right(block_width - part.cell_len)
                line.append_text(part)
            out.append(line)
    if empty:
        out.append(Text(f"hive{'s' * (len(empty) > 1)} {', '.join(empty)}: no player, no bee",
                        style="dim"))
    out.append(Text("Q queen · W warrior · w worker · ° larva space · E… tunnel entrance"
                    + (" · board: hyvekit's assumed layout (docs/queenbee-table.md)"
                       if assumed else ""), style="dim"))
    return out


@app.command("play")
def play(ctx: typer.Context, match: str = MatchArg,
         roll: bool = RollOption, seed: int | None = SeedOption) -> None:
    """Play a match at the table in a full-screen session: the board (each hive's nest and
    rows, the bees in their player's colour), the players' hands and reserves, a battle with
    the attack's exact odds, and the decision due with its legal steps and what each changes.
    Type the step on the line (→ or Tab completes a legal step). Each step is stored as it is
    made, exactly as 'queenbee do' stores it.

    Keys: ctrl+z (or 'u' on the step line) undoes the last step, ctrl+r rolls the dice due,
    ctrl+q or ctrl+c (or 'q' on the step line) quits — nothing is lost: 'play' again goes on
    where you stopped.

    Example: hyvekit queenbee play friday
    """
    session = QueenBeeSession(campaigns_dir(ctx), match, roll=roll, seed=seed)
    _ = session.data
    require_terminal("queenbee")
    from hyvekit.cli.queenbee_play_app import QueenBeePlayApp
    QueenBeePlayApp(session).run()
