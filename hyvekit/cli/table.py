"""What every game's ``next``, ``do`` and ``play`` say of a table, over the one engine
protocol (:mod:`hyvekit.rules.table`): the decision due as JSON, and the steps applied and
stored through the one step path (:func:`hyvekit.games.table.apply_steps`).  Each game's
module (``cli/beelives_table.py``, ``cli/hyve_table.py``, ``cli/beez_table.py``) adds only
how its table looks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hyvekit.cli.common import with_expected, wrapped_parts
from hyvekit.games.table import decision_data, table_data
from hyvekit.rules.common import IllegalActionError, InvalidInputError

__all__ = ["applied_data", "decision_data", "option_preview", "preview_lines", "suggested_step", "store_steps", "table_data"]


def store_steps(store: Any, campaign_id: str, steps: Sequence[str],
                rng: random.Random | None = None, **kwargs: Any) -> Any:
    """:func:`hyvekit.games.table.apply_steps` (same arguments) with a rule's refusal worded
    for people (:func:`~hyvekit.cli.common.with_expected`): the
    :class:`~hyvekit.games.table.Applied` steps.

    :raises IllegalActionError, InvalidInputError: a step refused (nothing is stored).
    """
    from hyvekit.games.table import apply_steps
    try:
        return apply_steps(store, campaign_id, list(steps), rng, **kwargs)
    except (IllegalActionError, InvalidInputError) as exc:
        raise _quote_hint(with_expected(exc), list(steps)) from None


def _quote_hint(exc: Exception, steps: list[str]) -> Exception:
    """``exc`` with a word on quoting when the first of several one-word steps was refused:
    ``do ID forage bloom 0`` is three steps; ``do ID "forage bloom 0"`` is one."""
    if len(steps) < 2 or any(" " in s for s in steps) or "step 1 (" not in str(exc):
        return exc
    hint = f'if "{" ".join(steps)}" is one step, put it in quotes'
    if isinstance(exc, IllegalActionError):
        return IllegalActionError(exc.rule, exc.message, expected=exc.expected,
                                  given=exc.given, hint="; ".join(filter(None, (exc.hint, hint))))
    if isinstance(exc, InvalidInputError):
        return InvalidInputError(exc.field, exc.given, f"{exc.allowed} ({hint})",
                                 exc.suggestions)
    return exc


def applied_data(applied: Any) -> dict[str, Any]:
    """What ``do --json`` says of the steps stored, before the decision due after them:
    ``steps`` (as stored), ``happened`` (what the rules did, in words), ``events`` (their
    numbers in the record)."""
    return {"steps": list(applied.steps), "happened": list(applied.said),
            "events": [e["seq"] for e, _ in applied.done]}


def preview_lines(legal: Sequence[str], preview: dict[str, str], actor: str | None,
                  width: int, skip: Sequence[str] = ()) -> list[str]:
    """The legal options with what each changes (``next --json``'s ``preview``), for people:
    options whose change reads the same written together (``forage bloom 0 · forage wilt
    0``), then ``—`` and the change; the actor's name left out of the options and the
    changes; an option without a preview (a draw) on its own.  Broken between options and
    at spaces to ``width`` columns, never inside a number.  ``skip``: options shown
    elsewhere (raids with their odds)."""
    own = f"{actor}: " if actor else None

    def bare(text: str) -> str:
        return text[len(own):] if own and text.startswith(own) else text

    groups: dict[str, list[str]] = {}
    for option in legal:
        if option in skip:
            continue
        change = preview.get(option)
        key = "\0" + option if change is None else own_first(change, actor) \
            or "nothing shown changes"
        groups.setdefault(key, []).append(bare(option))
    lines: list[str] = []
    for change, options in groups.items():
        parts = [f"{o} ·" for o in options[:-1]] + [options[-1]]
        if not change.startswith("\0"):
            parts[-1] += " —"
            for item in change.split("; "):     # "honey 0→5" kept whole, other words free
                chunks = item.split(", ")
                for j, c in enumerate(chunks):
                    words = [c] if "→" in c and len(c) <= 24 else c.split(" ")
                    words[-1] += "," if j < len(chunks) - 1 else ";"
                    parts += words
            parts[-1] = parts[-1][:-1]
        lines += wrapped_parts(parts, width - 2, sep=" ", first="  ", indent="      ")
    return lines


def own_first(change: str, actor: str | None) -> str:
    """A preview (``"Bo: honey 3→1; Ann: free bees 2→1"``) with what it does to the deciding
    player first, their name left out, then the rest with their names: "free bees 2→1;
    Bo: honey 3→1"."""
    own = f"{actor}: " if actor else None
    items = change.split("; ") if change else []
    mine = [i[len(own):] for i in items if own and i.startswith(own)]
    return "; ".join(mine + [i for i in items if not (own and i.startswith(own))])


def option_preview(data: dict[str, Any], typed: str) -> str:
    """What the legal option ``typed`` (or the first one it begins, with or without its
    actor's name) would change, from ``next --json``'s ``data``: ``"option — change"``, ""
    when no option matches or it has no preview (``play`` shows it beside the step line)."""
    typed = " ".join(typed.split()).casefold()
    if not typed:
        return ""
    head = f"{data['actor']}: " if data.get("actor") else ""
    for option in data.get("legal", []):
        short = option[len(head):] if head and option.startswith(head) else option
        if any(o.casefold().startswith(typed) for o in (option, short)):
            change = data.get("preview", {}).get(option)
            if change is None:
                return ""
            return f"{short} — {own_first(change, data.get('actor')) or 'nothing shown changes'}"
    return ""


def suggested_step(data: dict[str, Any]) -> str:
    """The step the ``next:`` line suggests, from ``next --json``'s ``data``: only where the
    rules or a plain rule of thumb pick it — ``roll`` for a die, ``draw`` for a card to turn
    over (hyvekit keeps the deck), the only legal step (its actor's name left out) — else
    ``STEP``: one of the options shown, the player's to choose."""
    legal = list(data.get("legal") or ())
    for step in ("roll", "draw"):
        if step in legal:
            return step
    if len(legal) == 1:
        head = f"{data['actor']}: " if data.get("actor") else ""
        return legal[0][len(head):] if head and legal[0].startswith(head) else legal[0]
    return "STEP"
