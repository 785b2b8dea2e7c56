"""HYVE's own words for the advisor (``hyvekit hyve hint``, ``hyve review``; docs/advisor.md
"HYVE"): for the decision due at a scenario's table (outside a run, or a legacy run's current
scenario) each option's chance to win the scenario and expected honey, and a scenario's
review, in words within :data:`~hyvekit.games.advisor_text.WIDTH` columns and as data.  The
hint and the review are worked out as for every game (:mod:`hyvekit.games.advisor_text`,
:mod:`hyvekit.cli.advisor`).
"""

from __future__ import annotations

import textwrap
from typing import Any

from hyvekit.games.advisor_text import WIDTH, percent


def _estimate(e: Any) -> str:
    sure = "exact" if e.exact else f"{e.rollouts} rollouts"
    return (f"win {percent(e.win)} ± {e.win_half * 100:.0f}, honey {e.score:.1f} ± "
            f"{e.score_half:.1f} ({sure})")


def _why(e: Any, base: Any, versus: tuple[float, float] | None) -> str:
    """What ``e`` changes against the default player's choice ``base``, in numbers."""
    more = f"{e.score - base.score:+.1f}"
    if versus is not None and 0 < versus[1] < float("inf"):
        more = f"{versus[0]:+.1f} ± {versus[1]:.1f}"
    return f"{more} honey expected, win {percent(base.win)} → {percent(e.win)}"


def _fitted(lines: list[str]) -> list[str]:
    return [line if len(line) <= WIDTH else line[:WIDTH - 1] + "…" for line in lines]


def hint_lines(hint: Any) -> list[str]:
    """The hint for people, each line at most :data:`WIDTH` columns: the options best first
    (the greater chance to win the scenario, then the more honey), each with its estimate
    and why against the default player's choice; for dice rolled now, the roll's estimate
    over every outcome, then each outcome's."""
    out = [f"hint ({hint.kind}): {hint.rounds} rollouts an option, {hint.seconds:.1f} s, "
           f"seed {hint.seed}"]
    if hint.drawn is not None:
        roll = next(e for e in hint.estimates if e.option == hint.drawn)
        out += ["roll: nothing to choose, the dice decide; over every outcome, each as "
                "likely:", f"    {_estimate(roll)}"]
        out += [f"  if {e.option}: win {percent(e.win)}, honey {e.score:.1f}"
                for e in hint.estimates if e.option != hint.drawn]
        return _fitted(out)
    if [e.option for e in hint.estimates] == ["roll"] and not hint.left_out:
        out += ["roll: nothing to choose, the dice decide (too many outcomes to list: "
                "sampled):", f"    {_estimate(hint.estimates[0])}"]
        return _fitted(out)
    base = next((e for e in hint.estimates if e.option == hint.default), None)
    for n, e in enumerate(hint.estimates, 1):
        out += [f"{n:>2}. {e.option}", f"    {_estimate(e)}"]
        if e.option == hint.default:
            note = "the default player's choice"
        elif base is not None:
            note = (_why(e, base, hint.versus.get(e.option))
                    + " against the default player's choice")
        else:
            continue
        out += textwrap.wrap(note, WIDTH, initial_indent="    ", subsequent_indent="      ")
    if hint.left_out:
        out += textwrap.wrap(f"not estimated (the default player ranks them lower): "
                             f"{len(hint.left_out)} other legal options", WIDTH,
                             subsequent_indent="  ")
    return _fitted(out)


def hint_data(hint: Any) -> dict:
    """``hyve hint --json``: the hint as data (``honey`` and ``win`` for each option)."""
    return {"decision": hint.kind, "seed": hint.seed, "drawn": hint.drawn,
            "rollouts": hint.rounds, "seconds": round(hint.seconds, 3),
            "default": hint.default, "not_estimated": list(hint.left_out),
            "estimates": [{"option": e.option, "honey": e.score, "honey_half": e.score_half,
                           "win": e.win, "win_half": e.win_half, "rollouts": e.rollouts,
                           "exact": e.exact,
                           "versus_default": list(hint.versus.get(e.option, ()))}
                          for e in hint.estimates]}


def review_lines(done: Any) -> list[str]:
    """The review for people, each line at most :data:`WIDTH` columns: a head line, then
    each mistake (the greatest loss first) with the turn (a run's: its scenario and turn),
    the choice, the better option, the honey lost with its 95 % interval and the chance to
    win the scenario after each."""
    head = (f"review: {len(done.mistakes)} of {done.weighed} decisions worse than the best "
            f"option ({done.rounds}+ rollouts an option, {done.seconds:.0f} s, seed "
            f"{done.seed})")
    out = textwrap.wrap(head, WIDTH, subsequent_indent="  ") + (
        [] if done.mistakes else ["no choice earned less than another option beyond the "
                                  "intervals"])
    for n, (p, m) in enumerate(done.mistakes, 1):
        sure = "exact" if m.exact else f"± {m.half:.1f}"
        out += textwrap.wrap(f"{n:>2}. {p.when}, {p.kind}: −{m.loss:.1f} {sure} honey, "
                             f"win {percent(m.win_chosen)} → {percent(m.win_better)} with "
                             "the better", WIDTH, subsequent_indent="    ")
        out += textwrap.wrap(f"chose {m.chosen!r}, better {m.better!r} ({m.rollouts} "
                             "rollouts each)", WIDTH, initial_indent="    ",
                             subsequent_indent="      ")
    return _fitted(out)


def review_data(done: Any) -> dict:
    """``hyve review --json``: the review as data (each mistake's ``turn``; a run's
    ``scenario`` too)."""
    return {"seed": done.seed, "rollouts": done.rounds, "weighed": done.weighed,
            "seconds": round(done.seconds, 3),
            "mistakes": [{"seq": p.seq, **p.at, "decision": p.kind,
                          "chosen": m.chosen, "better": m.better, "loss": m.loss,
                          "loss_half": m.half, "win_chosen": m.win_chosen,
                          "win_better": m.win_better, "rollouts": m.rollouts,
                          "exact": m.exact}
                         for p, m in done.mistakes]}


__all__ = ["hint_data", "hint_lines", "review_data", "review_lines"]
