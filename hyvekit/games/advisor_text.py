"""The advisor's hint in words and as data, shared by the faces (``hint``, ``next --hint``,
``play``, the web table's hint button; docs/advisor.md): the lines for people, each within
:data:`WIDTH` columns, the data of ``--json``, and the ``hint`` event that marks it in the
record.  Every function serves any game the advisor knows (an
:class:`~hyvekit.games.advisor.AdvisorGame`): its unit ("VP", "honey drops") is the hint's and
the review's own.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from typing import Any

from hyvekit.rules.common import IllegalActionError

#: the widest a hint's lines are written (columns)
WIDTH = 80


def advised(game: Any, state: Any, seconds: float, seed: int | None = None,
            rollouts: int | None = None, jobs: int | None = 1,
            progress: Callable[[float], None] | None = None):
    """The advisor's :class:`~hyvekit.games.advisor.Hint` for the decision due at ``state``,
    a table of ``game`` (an :class:`~hyvekit.games.advisor.AdvisorGame`;
    :func:`~hyvekit.games.advisor.advise`; ``seed`` None: a fresh one), with what each option
    changes now (``Hint.changes``).

    :raises IllegalActionError: nobody decides now (the game is over; a wild hive's die).
    """
    from dataclasses import replace

    from hyvekit.games.advisor import advise
    if game.table is not None:            # a record's state: the table the advisor plays
        state = game.table(state)
    d = game.engine.pending(state)
    if d.over or d.actor is None:
        raise IllegalActionError(f"{game.label}: the advisor", "nobody decides now: "
                                 + ("the game is over" if d.over else d.prompt),
                                 expected="a player's decision", given=d.kind)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    hint = advise(game, state, seed, seconds, rollouts, jobs=jobs, progress=progress)
    return replace(hint, changes=option_changes(game, state, d, hint))


def option_changes(game: Any, state: Any, d: Any, hint: Any) -> dict[str, str]:
    """What each option the hint estimated changes now: its preview as ``next`` shows it
    (:func:`~hyvekit.games.table.option_previews`), for those options only."""
    from hyvekit.games.table import option_previews, table_game
    return option_previews(table_game(game.game, game.kind), state, d,
                           [e.option for e in hint.estimates])


def percent(x: float) -> str:
    """A chance (0 to 1) as "41 %"."""
    return f"{x:.0%}".replace("%", " %")


def reason(e: Any, base: Any, versus: tuple[float, float] | None = None,
           unit: str = "VP") -> str:
    """What ``e`` changes against the default player's choice ``base``, in numbers: "+1.8 VP
    expected, win 41 % → 55 %", with the 95 % interval of the score rollout by rollout when
    ``versus`` gives it ("+1.8 ± 0.9 VP"); ``unit``: the score's."""
    more = f"{e.score - base.score:+.1f}"
    if versus is not None and 0 < versus[1] < float("inf"):
        more = f"{versus[0]:+.1f} ± {versus[1]:.1f}"
    return f"{more} {unit} expected, win {percent(base.win)} → {percent(e.win)}"


def _estimate_line(e: Any, unit: str) -> str:
    sure = "exact" if e.exact else f"{e.rollouts} rollouts"
    return (f"win {percent(e.win)} ± {e.win_half * 100:.0f}, final score {e.score:.1f} ± "
            f"{e.score_half:.1f} {unit} ({sure})")


def hint_lines(hint: Any) -> list[str]:
    """The hint for people, each line at most :data:`WIDTH` columns: the options best first,
    each with its estimate, why (against the default player's choice) and what it changes
    now; for a die or a card drawn, the draw's estimate, then each outcome's."""
    how = (f"{hint.rounds} rollouts an option" if hint.rounds or not hint.estimates
           or not all(e.exact for e in hint.estimates) else "every option exact")
    out = [f"hint for {hint.actor} ({hint.kind}): {how}, {hint.seconds:.1f} s, "
           f"seed {hint.seed}"]
    if hint.drawn is not None:
        return _drawn_lines(hint, out)
    base = next((e for e in hint.estimates if e.option == hint.default), None)
    for n, e in enumerate(hint.estimates, 1):
        out += [f"{n:>2}. {e.option}", f"    {_estimate_line(e, hint.unit)}"]
        notes = []
        if e.option == hint.default:
            notes.append("the default player's choice")
        elif base is not None:
            notes.append(reason(e, base, hint.versus.get(e.option), hint.unit)
                         + " against the default player's choice")
        if hint.changes.get(e.option):
            notes.append("now: " + hint.changes[e.option])
        for note in notes:
            out += textwrap.wrap(note, WIDTH, initial_indent="    ",
                                 subsequent_indent="      ")
    if hint.left_out:
        out += textwrap.wrap(f"not estimated (the default player ranks them lower; more "
                             f"--seconds do not add them): {len(hint.left_out)} other legal "
                             "options", WIDTH, subsequent_indent="  ")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def _drawn_lines(hint: Any, out: list[str]) -> list[str]:
    """A die or a card drawn: nothing to choose; the draw's estimate over every outcome,
    then each outcome's, best first."""
    draw = next(e for e in hint.estimates if e.option == hint.drawn)
    what = "the die decides" if hint.drawn == "roll" else "the card drawn decides"
    out += [f"{hint.drawn}: nothing to choose, {what}; over every outcome, each as likely:",
            f"    {_estimate_line(draw, hint.unit)}"]
    for e in hint.estimates:
        if e.option != hint.drawn:
            out.append(f"  if {e.option}: win {percent(e.win)}, final score "
                       f"{e.score:.1f} {hint.unit} "
                       f"({reason(e, draw, unit=hint.unit).split(',')[0]})")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def hint_data(hint: Any) -> dict:
    """``hint --json``: the hint as data."""
    return {"actor": hint.actor, "decision": hint.kind, "seed": hint.seed, "drawn": hint.drawn,
            "unit": hint.unit,
            "rollouts": hint.rounds, "seconds": round(hint.seconds, 3),
            "default": hint.default, "not_estimated": list(hint.left_out),
            "estimates": [{"option": e.option, "score": e.score, "score_half": e.score_half,
                           "win": e.win, "win_half": e.win_half, "rollouts": e.rollouts,
                           "exact": e.exact, "changes": hint.changes.get(e.option, ""),
                           "versus_default": list(hint.versus.get(e.option, ()))}
                          for e in hint.estimates]}


def mark_hint(store: Any, campaign: str, hint: Any, known: Any = None) -> None:
    """The hint marked in the record (a ``hint`` event for the player deciding): stored whole
    or not at all, like every event; ``known``: the ``(record, state)`` it was worked out on
    (a record changed since, the decision no longer due, refuses it).

    :raises RecordChangedError: another command stored a step since (nothing is marked).
    """
    store.append_many(campaign, [("hint", {"player": hint.actor, "decision": hint.kind})],
                      known=known)


def record_positions(store: Any, record: Any, player: str | None = None,
                     part: dict | None = None) -> list:
    """The choices of a ``record`` the advisor knows (``player``'s only when given; those of
    ``part`` — default: the game's own, a run's current or last scenario) that a review
    weighs (:func:`~hyvekit.games.advisor.positions`), replayed with ``store``'s adapter.

    :raises ValueError: a record the advisor does not know (:data:`~hyvekit.games.advisor.ADVISED`).
    """
    from hyvekit.games.advisor import advisor_game_of, positions
    game, kind = record.header["game"], record.header["kind"]
    known = advisor_game_of(game, kind)
    if known is None:
        raise ValueError(f"the advisor does not know a {game} {kind} record")
    adapter = store.adapter(game, kind)
    return positions(known, adapter.initial_state(record.header["settings"]),
                     record.active, adapter.play, player, part)


def review_lines(done: Any, player: str | None) -> list[str]:
    """The review for people, each line at most :data:`WIDTH` columns: a head line, then
    each mistake (the greatest loss first) with the choice, the better option and the VP
    lost (in the game's unit) with its 95 % interval, and the chance to win after each."""
    who = player or "every player"
    out = [f"review of {who}: {len(done.mistakes)} of {done.weighed} decisions worse than "
           f"the best option", f"  ({done.rounds}+ rollouts an option, "
           f"{done.seconds:.0f} s, seed {done.seed})"]
    if not done.mistakes:
        out.append("no choice scored less than another option beyond the intervals")
    for n, (p, m) in enumerate(done.mistakes, 1):
        sure = "exact" if m.exact else f"± {m.half:.1f}"
        out.append(f"{n:>2}. {p.when}, {p.actor}'s {p.kind}: −{m.loss:.1f} {sure} "
                   f"{done.unit}")
        for label, text in (("chose", m.chosen), ("better", m.better)):
            out += textwrap.wrap(f"{label}: {text}", WIDTH, initial_indent="    ",
                                 subsequent_indent="      ")
        out.append(f"    win {percent(m.win_chosen)} → {percent(m.win_better)} with the "
                   f"better option ({m.rollouts} rollouts each)")
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in out]


def review_data(done: Any) -> dict:
    """``review --json``: the review as data."""
    return {"seed": done.seed, "rollouts": done.rounds, "weighed": done.weighed,
            "seconds": round(done.seconds, 3), "unit": done.unit,
            "mistakes": [{"seq": p.seq, **p.at,
                          "player": p.actor, "decision": p.kind, "chosen": m.chosen,
                          "better": m.better, "loss": m.loss, "loss_half": m.half,
                          "win_chosen": m.win_chosen, "win_better": m.win_better,
                          "rollouts": m.rollouts, "exact": m.exact}
                         for p, m in done.mistakes]}


__all__ = ["WIDTH", "advised", "record_positions", "review_data", "review_lines",
           "hint_data", "hint_lines", "mark_hint", "option_changes", "percent",
           "reason"]
