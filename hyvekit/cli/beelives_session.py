"""A Bee Lives campaign played at the table in one full-screen session (``hyvekit beelives
play``, :mod:`hyvekit.cli.beelives_play`): :class:`PlaySession` holds the campaign, applies
and stores a step, undoes one, and gives the table and the decision as rich renderables; the
Textual screen (:mod:`hyvekit.cli.beelives_play_app`) lays them out.

It is a face over the same library calls as ``beelives next`` and ``beelives do``
(:mod:`hyvekit.cli.beelives_table`): each step is resolved by
:func:`~hyvekit.games.table.apply_steps` and stored at once as a ``step``
event (the store writes atomically), so a session stopped at any point loses nothing and
``next`` / ``do`` / ``play`` can take turns on one campaign.
"""

from __future__ import annotations

from typing import Any

from hyvekit.cli.beelives import wild_state
from hyvekit.cli.beelives_campaign import GAME, KIND
from hyvekit.cli.beelives_table import between_options, next_data, option_lines
from hyvekit.cli.play_screen import StoredTable, changed_outside, legal_completions, newest
from hyvekit.rules.common import InvalidInputError

R_PLAY = "hyvekit beelives play"
#: the seconds a hint thinks in ``play`` (in the screen's own process)
HINT_SECONDS = 3.0


class PlaySession(StoredTable):
    """A Bee Lives campaign at the table: its state now, the decision due, one step applied and
    stored, an undo.  Every change is read from or written to the campaign store at once.

    :param folder: the campaigns folder; ``campaign_id``: the campaign.
    :param roll: hyvekit rolls every die that comes due (as ``do --roll``).
    :param seed: seed for hyvekit's dice and card draws (default: fresh).
    :raises InvalidInputError: not a Bee Lives campaign; the store's errors for a missing or
        broken record.
    """

    def reload(self) -> None:
        """Read the record and replay it (the state now)."""
        from hyvekit.games import record_of
        self.record, self.state = record_of(self.folder, self.id, GAME, KIND, "CAMPAIGN",
                                            "the id of a Bee Lives campaign", " record")
        self.name = self.record.header.get("name") or self.id
        self._seen = newest(self.record)
        self._data: dict[str, Any] | None = None

    def _require_unchanged(self) -> None:
        """:raises IllegalActionError: the record was changed by another command since it was
        read (a ``do``, a ``campaign undo``); the state now is read first."""
        record = self.store.load(self.id)
        if newest(record) != self._seen:
            self.reload()
            raise changed_outside(R_PLAY, self.id, "the table")
        self._record = record

    @property
    def data(self) -> dict[str, Any]:
        """:func:`~hyvekit.cli.beelives_table.next_data` now (what ``next --json`` gives).

        :raises IllegalActionError: a campaign not played at the table (a solo card that is
            not, the challenge card still to draw).
        """
        if self._data is None:
            self._data = next_data(self.state)
        return self._data

    def completions(self) -> list[str]:
        """What the step line completes: the legal options, each also without its
        ``ACTOR: `` in front when the decision's actor says it (``forage harvest 2``)."""
        return legal_completions(self.data)

    def table_title(self) -> str:
        """The table's title on the screen: the campaign, the year and the month."""
        view = self.data["table"]
        return f"{self.name} · year {view['year']} {view['month']} ({view['season']})"

    def step(self, text: str) -> list[tuple[str, str]]:
        """Apply the step ``text`` (a notation of the decision due, ``roll``, ``draw``) and the
        steps hyvekit plays after it (a wild hive's forced line; with ``roll`` the dice), and
        store them.

        :returns: what happened, for the log, as ``beelives do`` says it: ``(kind, line)``
            with kind ``step`` (the step typed, resolved), ``auto`` (a step hyvekit played),
            ``event`` (a phase played, a raid's outcome...), ``month`` (a month or winter
            played, the VP it gave, the game over).
        :raises IllegalActionError, InvalidInputError: the step refused, or the record changed
            by another command since it was read; nothing is stored.
        """
        from hyvekit.games.table import apply_steps, table_game
        text = " ".join(text.split())
        if not text:
            raise InvalidInputError("step", text, "a step: one of the legal options")
        self._require_unchanged()
        before = self.state
        applied = apply_steps(self.store, self.id, [text], self.rng,
                              game=table_game("beelives", "campaign"),
                              roll=self.roll, known=(self._record, before))
        if applied.done:
            self.state, self._seen = applied.state, applied.done[-1][0]["seq"]
        self._data = None
        return self._happened(before, list(applied.steps), list(applied.said))

    def _happened(self, before, resolved: list[str], said: list[str]
                  ) -> list[tuple[str, str]]:
        from hyvekit.games.beelives import month_name
        out: list[tuple[str, str]] = []
        steps, typed = list(resolved), False
        for line in said:
            if steps and (line == steps[0] or line.startswith(steps[0] + "  (")):
                steps.pop(0)
                auto = typed or line.endswith("(by its priority chart)")
                typed = typed or not auto
                out.append(("auto" if auto else "step", line))
            else:
                out.append(("month" if line.endswith(" is played") else "event", line))
        for entry in self.state.months[len(before.months):]:
            gained = ", ".join(f"{n} {h.get('vp_gained', 0)}"
                               for n, h in entry.summary.get("hives", {}).items()) or "none"
            out.append(("month", f"VP gained in {month_name(entry.month)}: {gained}"))
        if self.state.game.stage == "over" and before.game.stage != "over":
            over = f"the game is over: hyvekit beelives status {self.id} gives the scores"
            out.append(("month", over))
        return out

    def hint(self, seconds: float | None = None) -> list[str]:
        """The advisor's hint for the decision due (``beelives hint``, in this process and
        without a progress bar: :data:`HINT_SECONDS` of thought), marked in the record.

        :returns: the hint's lines.
        :raises IllegalActionError: nobody decides now, or the record changed by another
            command since it was read.
        """
        from hyvekit.cli.advisor import advise_now
        from hyvekit.games.advisor_text import hint_lines, mark_hint
        from hyvekit.games.beelives import advisor_game
        self._require_unchanged()
        hint = advise_now(advisor_game(), self.state,
                          HINT_SECONDS if seconds is None else seconds, None, None, quiet=True)
        mark_hint(self.store, self.id, hint, (self._record, self.state))
        self.reload()
        return hint_lines(hint)

    def undo(self) -> list[str]:
        """Undo the last step made at the table, with the steps before it the players did not
        choose (a die and the step that made it due, a step hyvekit played):
        :func:`~hyvekit.games.table.undo_steps`.

        :returns: the steps undone, newest first.
        :raises IllegalActionError: the newest event is not a step (a month logged from a
            file...: ``hyvekit campaign undo`` undoes those).
        :raises NothingToUndoError: nothing to undo.
        """
        from hyvekit.games.table import table_game, undo_steps
        undone = undo_steps(self.store, self.id, table_game("beelives", "campaign"))
        self.reload()
        return undone

    # --- the screen's contents (rich renderables) ------------------------------------------

    def table_renderable(self, width: int | None = None):
        """The table now: the phase, the card, the hives, the wild hives, the map of a game on
        the map (at most ``width`` columns wide; the month and year are the screen's
        title)."""
        from rich import box
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text
        view = self.data["table"]
        head = Text.assemble((view["phase"], "bold"), " · card: ",
                             (str(view["card"] or "none"), "bold"),
                             f" · first player: {view['first_player']}")
        hives = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                      header_style="bold", padding=0)      # the box puts a space between
        starving = any(h["starvation"] for h in view["hives"])
        columns = ["hive", "queen", "bees (free)", "honey", "pollen", "water", "comb (empty)",
                   "disease", "VP"] + (["starvation"] if starving else [])
        for c in columns:
            hives.add_column(c, no_wrap=True)
        for h in view["hives"]:
            hives.add_row(*[str(v) for v in [
                h["name"], h["queen"], f"{h['workers']} ({h['free']})", h["honey"], h["pollen"],
                h["water"], f"{h['comb']} ({h['empty']})", h["disease"], h["vp"]]
                + ([h["starvation"]] if starving else [])])
        wild = Text("wild hives (strength): " if view["wild"] else "wild hives: none",
                    style="bold")
        for i, w in enumerate(view["wild"]):
            wild.append(("" if i == 0 else " · ") + f"{w['name']} {w['strength']}", style="")
            state = wild_state(w["dormant"], w["haunted"], w["infected"])
            if state != "active":
                wild.append(f" ({state})", style="dim")
        from hyvekit.cli.beelives_table import hive_tokens
        notes = [Text("swarm threshold: " + " · ".join(
            f"{h['name']} {h['threshold']}" for h in view["hives"]), style="dim")]
        notes += [Text(f"{h['name']}: " + ", ".join(hive_tokens(h)), style="dim")
                  for h in view["hives"] if hive_tokens(h)]
        card = [Text(view["card_text"], style="italic")] if view.get("card_text") else []
        if view.get("carried"):
            card.append(Text(f"from last month's card ({view['carried']['card']}): "
                             + "; ".join(view["carried"]["effects"]), style="italic"))
        card += [Text(f"{c['kind']} card: {c['name']} — {c['text']}", style="italic")
                 for c in view.get("solo_cards", [])]
        if not view.get("map"):
            return Group(head, *card, hives, *notes, wild)
        from hyvekit.cli.beelives_map import map_lines, reach_of
        drawn = map_lines(view["map"], width, reach=reach_of(self.data["legal"]))
        return Group(head, *card, hives, *notes, wild, Text("\n".join(drawn), no_wrap=True,
                                                            overflow="ellipsis"))

    def decision_renderable(self, width: int | None = None):
        """The decision due: who decides, the legal options grouped by their first word (as
        ``next`` shows them), each raid with its odds, what else is accepted."""
        from rich.console import Group
        from rich.padding import Padding
        from rich.text import Text
        data = self.data
        if data["decision"] is None:
            return Text(data["prompt"], style="bold")
        who = (f"a die is due, {data['actor']} rolls: roll, or the faces"
               if data["decision"] == "dice" and data["actor"] else
               f"{data['actor']} decides" if data["actor"] else "the rules leave no choice"
               if data["auto"] else "a die is due: roll, or the faces")
        lines = [Text.assemble((data["prompt"], "bold"), f" · {who}")]
        odds = data["odds"]
        if data.get("preview"):
            from hyvekit.cli.table import preview_lines
            lines += [Text(row.strip()) for row in preview_lines(
                data["legal"], data["preview"], data["actor"], (width or 78) + 2, odds)]
        else:
            lines += [Text(row) for line in option_lines(data["legal"], odds)
                      for row in (between_options(line.split(" · "), width) if width
                                  else [line])]
        for option, note in odds.items():
            lines.append(Text.assemble(option.split(": ", 1)[-1], (f"  {note}", "dim")))
        if data["more"]:
            lines.append(Text(f"({data['more']})", style="dim"))
        return Group(lines[0], *(Padding(line, (0, 0, 0, 2)) for line in lines[1:]))
