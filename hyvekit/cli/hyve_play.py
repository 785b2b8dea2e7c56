"""``hyvekit hyve play``: a HYVE scenario played at the table in one full-screen session — the
sheet (the six hyves as hex grids in the player's colours, the HP track and die, population,
bread levels, larva chamber, royal jellies, seasons or Long Live the Queen's approval, a legacy
run's resources), the dice of the turn, the decision due with its legal steps, a line to type
the step on (the legal steps completed as you type), hexes chosen with the mouse or the keys,
the log of what happened; undo, roll and quit keys.

It is a face over the same library calls as ``hyve next`` and ``hyve do``
(:mod:`hyvekit.cli.hyve_table`): each step is applied by
:func:`~hyvekit.cli.hyve_table.store_steps` and stored at once as a ``step`` event (the store
writes atomically), so a session stopped at any point loses nothing and ``next`` / ``do`` /
``play`` can take turns on one scenario.  When a legacy run's scenario ends, its result goes
into the run's ledger as ``hyve do`` puts it, and the screen shows it.

This module holds the command and :class:`PlaySession` (the scenario, a step, an undo, the
sheet and the decision as rich renderables); the hex grid and the colours are drawn by
:mod:`hyvekit.cli.hyve_grid`; the Textual screen is :mod:`hyvekit.cli.hyve_play_app`,
imported only when the command runs, so no other command loads Textual.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import typer

from hyvekit.cli.common import campaigns_dir
from hyvekit.cli.hyve import app
from hyvekit.cli.hyve_grid import colour_styles
from hyvekit.cli.hyve_table import ScenarioOption, TableSheetsOption, after_steps, next_data, \
    open_table, option_rows, store_steps
from hyvekit.cli.play_screen import changed_outside, newest, require_terminal
from hyvekit.rules.common import IllegalActionError, InvalidInputError

R_PLAY = "hyvekit hyve play"

#: the decisions answered by a hex of the active hyve
HEX_DECISIONS = ("nectar", "larva", "sensilla", "excise", "mites")
#: a step's hex: ``3@C3``, ``larva@C3``, ``sensilla 4@C3``, ``excise C3``, ``2:C3`` (hyve 2)
_HEX = re.compile(r"(?:@|\s)(?:(\d):)?([A-E][1-5])$")

# --- a step's hex --------------------------------------------------------------------------

def step_hex(option: str) -> tuple[int | None, str] | None:
    """The hex a step names at its end: ``(hyve number or None, "C3")``; None: no hex."""
    m = _HEX.search(option)
    if not m:
        return None
    return (int(m.group(1)) if m.group(1) else None), m.group(2)


# --- the session ---------------------------------------------------------------------------

class PlaySession:
    """A HYVE scenario at the table: a legacy run's current scenario (``run``) or a scenario
    outside a run (``scenario``); its sheet now, the decision due, one step applied and stored,
    an undo.  Every change is read from or written to the store at once.

    :param folder: the campaigns folder.
    :param seed: seed for hyvekit's dice (default: fresh).
    :param sheets: a legacy scenario's first step: the booklet's sheet definitions (TOML).
    :raises InvalidInputError: neither or both of run and scenario, not such a record.
    :raises IllegalActionError: the run plays no scenario now (``hyve legacy start``).
    """

    def __init__(self, folder: str | Path, run: str | None = None,
                 scenario: str | None = None, *, seed: int | None = None,
                 sheets: Path | None = None) -> None:
        from hyvekit.games import campaign_store
        self.store = campaign_store(folder)
        if run is not None and scenario is None and \
                self.store.load(run).header.get("kind") == "scenario":
            run, scenario = None, run          # RUN may name a scenario, as for next and do
        self.folder, self.run, self.scenario = Path(folder), run, scenario
        self.sheets = sheets
        self.rng = random.Random(seed)
        self.ended: list[str] = []      # a legacy scenario just ended: its result (the ledger)
        self.reload()

    @property
    def id(self) -> str:
        return self.run if self.run is not None else str(self.scenario)

    def reload(self) -> None:
        """Read the record and replay it (the sheet now)."""
        from hyvekit.cli.hyve_records import load_legacy_record
        self.ended = []
        if self.run is not None:
            record, state = load_legacy_record(self.folder, self.run)
            active = record.active
            if state.table is None and state.results and active and active[-1]["type"] == "step":
                self._finished(record, state)
                return
        self.at = open_table(self.folder, self.run, self.scenario, self.sheets)
        self.name = self.at.record.header.get("name") or self.id
        self._seen = newest(self.at.record)
        self._data: dict[str, Any] | None = None

    def _finished(self, record, state) -> None:
        """The legacy scenario ended by the last step: its result from the ledger."""
        from hyvekit.cli.hyve import result_lines
        last = state.results[-1]
        self.at, self._seen, self._data = None, newest(record), None
        self.name = record.header.get("name") or self.id
        self.ended = result_lines(self.id, state, last.crossed_out)

    @property
    def data(self) -> dict[str, Any]:
        """:func:`~hyvekit.cli.hyve_table.next_data` now (what ``next --json`` gives); once a
        legacy scenario has ended, ``decision`` None and its result as the prompt."""
        if self._data is None:
            if self.at is None:
                self._data = {"actor": None, "decision": None, "prompt": self.ended[0],
                              "legal": [], "more": "", "table": None}
            else:
                self._data = next_data(self.at)
        return self._data

    @property
    def title(self) -> str:
        return f"{self.name} · {'legacy run' if self.run else 'scenario'}"

    def completions(self) -> list[str]:
        """What the step line completes: the legal steps."""
        return list(self.data["legal"])

    def _require_unchanged(self) -> None:
        """:raises IllegalActionError: the record was changed by another command since it was
        read (a ``do``, a ``campaign undo``); the sheet now is read first."""
        record = self.store.load(self.id)
        if newest(record) != self._seen:
            self.reload()
            raise changed_outside(R_PLAY, self.id, "the sheet")
        self.at.record = record           # the state kept is this record's (no replay)

    def step(self, text: str) -> list[tuple[str, str]]:
        """Apply the step ``text`` (a notation of the decision due, ``roll``) and store it.

        :returns: what happened, for the log: ``(kind, line)`` with kind ``step`` (the step as
            stored, a roll as its faces), ``turn`` (a turn played: population and HP after
            it), ``hyve`` (a hyve scored), ``over`` (the scenario ended; a legacy run's result
            as the ledger has it).
        :raises IllegalActionError, InvalidInputError: the step refused, or the record changed
            by another command since it was read; nothing is stored.
        """
        text = " ".join(text.split())
        if not text:
            raise InvalidInputError("step", text, "a step: one of the legal steps")
        if self.at is None:
            raise IllegalActionError(R_PLAY, f"the scenario has ended ({self.ended[0]})",
                                     expected="no more steps", given=text)
        self._require_unchanged()
        before = self.at.table
        resolved, done = store_steps(self.folder, self.at, [text], self.rng)
        event, state = done[-1]
        self._seen, self._data = event["seq"], None
        out = [("step", s) for s in resolved]
        after = after_steps(self.at, state)
        if after is None:
            self._finished(self.store.load(self.id), state)
            return out + [("over", line) for line in self.ended]
        self.at = after
        return out + _happened(before, after.table)

    def undo(self) -> list[str]:
        """Undo the last step made at the table, with a die and the step that made it due
        (:func:`~hyvekit.games.table.undo_steps`).

        :returns: the steps undone, newest first.
        :raises IllegalActionError: the newest event is not a step (a legacy run's shop or
            start...: ``hyvekit campaign undo`` undoes those).
        :raises NothingToUndoError: nothing to undo.
        """
        from hyvekit.games.table import table_game, undo_steps
        record = self.store.load(self.id)
        game = table_game(record.header["game"], record.header["kind"], self.sheets)
        undone = undo_steps(self.store, self.id, game)
        self.reload()
        return undone

    def hint(self, seconds: float | None = None) -> list[str]:
        """The advisor's hint for the decision due (``hyve next --hint``, in this process and
        without a progress bar: :data:`~hyvekit.cli.beelives_session.HINT_SECONDS` of
        thought), marked in the record (a scenario's, or a legacy run's for its current
        scenario).

        :returns: the hint's lines.
        :raises IllegalActionError: nobody decides now (a legacy run between scenarios too),
            or the record changed by another command since it was read.
        """
        from hyvekit.cli import beelives_session
        from hyvekit.cli.advisor import advise_now, advisor_of
        from hyvekit.games.advisor_text import hint_lines, mark_hint
        if self.at is None:
            raise IllegalActionError(R_PLAY, "no scenario is being played: nobody decides "
                                     "now", expected="a scenario's decision", given=self.id)
        self._require_unchanged()
        hint = advise_now(advisor_of(self.at.record), self.at.table,
                          beelives_session.HINT_SECONDS if seconds is None else seconds,
                          None, None, quiet=True)
        mark_hint(self.store, self.id, hint, (self.at.record, self.at.state))
        self.reload()
        return hint_lines(hint)

    # --- hexes -------------------------------------------------------------------------------

    def hex_options(self, name: str, typed: str = "") -> list[str]:
        """The legal steps that put something on hex ``name`` of the active hyve (the
        decision due is one of :data:`HEX_DECISIONS`), those beginning with ``typed`` first
        when any do (``5`` or ``5@`` picks the 5-bee's nectar)."""
        data = self.data
        if data["decision"] not in HEX_DECISIONS:
            return []
        active = data["table"]["active_hyve"]
        options = [o for o in data["legal"]
                   if (h := step_hex(o)) and h[1] == name.upper() and h[0] in (None, active)]
        typed = typed.strip().casefold()
        picked = [o for o in options if typed and o.casefold().startswith(typed)]
        return picked + [o for o in options if o not in picked]

    def marked_hexes(self) -> frozenset[str]:
        """The hexes of the active hyve some legal step names (a hex decision due)."""
        data = self.data
        if data["decision"] not in HEX_DECISIONS:
            return frozenset()
        active = data["table"]["active_hyve"]
        return frozenset(h[1] for o in data["legal"]
                         if (h := step_hex(o)) and h[0] in (None, active))

    # --- the screen's contents (rich renderables) --------------------------------------------

    def hyves(self) -> list[tuple[Any, str]]:
        """The six hyves now: ``(grid, title)``, the title saying which is active and each
        scored hyve's points."""
        if self.at is None:
            return []
        s = self.at.table.now
        out = []
        for k, grid in enumerate(s.hyves):
            title = f"hyve {k + 1}"
            if k < len(s.scores):
                title += f": {s.scores[k]} points"
            elif k == s.active:
                title = f"▶ {title} (active)"
            out.append((grid, title))
        return out

    def styles(self) -> dict[str, str]:
        return colour_styles(self.data["table"]["colours"]) if self.data["table"] else {}

    def header_text(self):
        """The line above the hyves: the mode, the turn, the season, how it ended."""
        from rich.text import Text
        view = self.data["table"]
        if view is None:
            return Text(self.ended[0], style="bold")
        season = f" · {view['season']}" if view.get("season") else ""
        out = Text.assemble((view["mode_label"], "bold"),
                            f" · turn {view['turn']} of {view['turns']}{season}")
        if view["status"] != "playing":
            out.append(f" · {view['status']} ({', '.join(view['end'])})", style="bold")
        return out

    def sheet_renderable(self):
        """The rest of the sheet: the HP track and die, population, bread levels, royal
        jellies, the larva chamber, the seasonal effects left (or approval), a legacy run's
        resources, the perks, the dice of the turn."""
        from rich.console import Group
        from rich.text import Text
        view = self.data["table"]
        if view is None:
            return Group(*(Text(line, style="bold" if k == 0 else "") for k, line in
                           enumerate(self.ended)))
        styles = self.styles()
        s = self.at.table.now
        lines = [hp_track_text(s).append_text(
            Text.assemble(" · ", ("population ", "bold"), str(view["population"])))]
        bread = Text("bread ", style="bold")
        for value, level in view["bread"].items():
            bread.append(f" {value}:{level} ", style=styles.get(value, ""))
            bread.append(" ")
        lines.append(bread)
        jellies = Text("jellies", style="bold")
        for j in view["jellies"]:
            jellies.append(f" {j['jelly']} {j['name']}", style="")
            for v in j["colours"]:
                jellies.append(" ")
                jellies.append(f"{v}", style=styles.get(str(v), ""))
            jellies.append(" ·" if j is not view["jellies"][-1] else "")
        lines.append(jellies)
        if view["rewards_taken"]:
            lines.append(Text("rewards taken: " + ", ".join(map(str, view["rewards_taken"]))))
        if "approval" in view:
            lines.append(Text(f"approval {view['approval']} · disapproval "
                              f"{view['disapproval']}"))
        if view.get("effects_left"):
            lines.append(Text.assemble((f"{view['season']} effects left ", "bold"),
                                       " · ".join(view["effects_left"])))
        if view.get("resources"):
            resources = Text("resources:", style="bold")
            for k, r in enumerate(view["resources"]):
                used = r.endswith(" (used)")
                resources.append("," if k else "", style="not bold")
                resources.append(" " + r.removesuffix(" (used)"),
                                 style="not bold dim" if used else "not bold")
            lines.append(resources)
        if view["perks"]:
            lines.append(Text("perks: " + ", ".join(view["perks"])))
        lines.append(Text("larva chamber", style="bold"))
        lines += [chamber_text(line, styles) for line in view["chamber"]]
        return Group(*lines)

    def dice_text(self):
        """The dice of the turn, each on its colour; those already assigned (or their nectar
        placed) dimmed."""
        from rich.text import Text

        from hyvekit.games.hyve import face_text
        view = self.data["table"]
        out = Text("dice ", style="bold")
        if not view or not view["dice"]:
            out.append("not rolled", style="dim")
            return out
        styles, left = self.styles(), Counter(view["unassigned"])
        left.subtract(p.bee.face for p in self.at.table.turn.gather or ())   # placed nectar
        free_count = sum((+left).values())
        assigning = bool(view["unassigned"] or view["used"])
        for face in view["dice"]:
            free = not assigning or left[face] > 0
            left[face] -= 1
            style = styles.get(str(face), "bold reverse") if free else "dim strike"
            out.append(f" {face_text(face)} ", style=style)
            out.append(" ")
        if free_count:
            out.append(f"· {free_count} unassigned", style="dim")
        return out

    def decision_renderable(self, width: int | None = None):
        """The decision due: its prompt, the legal steps grouped, what else is accepted."""
        from rich.console import Group
        from rich.text import Text
        data = self.data
        if data["decision"] is None:
            return Text(data["prompt"], style="bold")
        lines = [Text(data["prompt"], style="bold")]
        lines += [Text("  " + row) for row in option_rows(data["legal"], (width or 96) - 2)]
        if data["more"]:
            lines.append(Text(f"  ({data['more']})", style="dim"))
        if data["decision"] in HEX_DECISIONS:
            lines.append(Text("  (click a hex of the active hyve, or ↑ and the arrow keys, "
                              "to choose it)", style="dim"))
        return Group(*lines)


def _happened(before, after) -> list[tuple[str, str]]:
    """What the engine played after a step: turns finished, hyves scored, the end."""
    out: list[tuple[str, str]] = []
    s0, s = before.now, after.now
    for k in range(len(s0.scores), len(s.scores)):
        out.append(("hyve", f"hyve {k + 1} is complete: it scores {s.scores[k]}"))
    if len(after.turns) > len(before.turns) and s.status == "playing":
        out.append(("turn", f"turn {s.turn - 1} is played: population {s.population}, HP die "
                    f"{s.die} on {s.hp_label}"))
    if s.status != "playing" and s0.status == "playing":
        out.append(("over", f"the scenario has ended: {s.status} ({', '.join(s.end)})"))
    return out


def hp_track_text(s):
    """The HP track: Colony Collapse ``✗``, each space ``·``, the die on its space, Thriving
    ``★``; then the die and the space's name."""
    from rich.text import Text
    track = s.sheet.hp_track
    out = Text("HP ", style="bold")
    for p in range(track.spaces):
        if p == s.position:
            out.append(str(s.die), style="bold reverse")
        elif p == 0:
            out.append("✗", style="red")
        elif track.thriving and p == track.top:
            out.append("★", style="yellow")
        else:
            out.append("·" if p != track.start else "s", style="dim")
    out.append(f" die {s.die} on {s.hp_label}")
    return out


def chamber_text(line: str, styles: dict[str, str]):
    """A line of the larva chamber (:meth:`LarvaChamber.format`) with each egg on its
    colour."""
    from rich.text import Text
    head, sep, rest = line.partition(":  ")
    if not sep:              # the column heads: Textual drops a line's leading spaces,
        return Text("\u200b" + line, style="dim")      # not those after a zero-width one
    out = Text(head + sep, style="dim")
    for k, mark in enumerate(rest.split(" ")):
        if k:
            out.append(" ")
        out.append(mark, style=styles.get(mark.strip(), "" if mark.strip() != "." else "dim"))
    return out


@app.command("play")
def play(ctx: typer.Context,
         run: str | None = typer.Argument(None, metavar="[RUN]",
                                          help="A legacy run's id: its current scenario."),
         scenario: str | None = ScenarioOption,
         seed: int | None = typer.Option(None, "--seed", metavar="N",
                                         help="Seed for hyvekit's dice (default: fresh)."),
         sheets: Path | None = TableSheetsOption) -> None:
    """Play a HYVE scenario at the table in a full-screen session: the six hyves as hex grids
    in your colours, the HP track and die, population, bread, royal jellies, the larva
    chamber, the season's effects left, the dice of the turn, and the decision due with its
    legal steps. Type the step on the line (→ or Tab completes a legal step), or click a hex
    of the active hyve (or press ↑, move with the arrow keys, Enter) when nectar, a larva or
    a perk's choice goes on it. Each step is stored as it is made, exactly as 'hyve do'
    stores it; a legacy scenario's result goes into the run's ledger when it ends.

    Keys: ctrl+z (or 'u' on the step line) undoes the last step, ctrl+r rolls the dice due,
    ctrl+q or ctrl+c (or 'q' on the step line) quits — nothing is lost: 'play' again goes on where you
    stopped.

    Example: hyvekit hyve play summer-run
    """
    if sheets is not None and not sheets.is_file():
        raise InvalidInputError("--sheets", str(sheets), "an existing TOML file")
    session = PlaySession(campaigns_dir(ctx), run, scenario, seed=seed, sheets=sheets)
    _ = session.data
    require_terminal("hyve")
    from hyvekit.cli.hyve_play_app import HyvePlayApp
    HyvePlayApp(session).run()
