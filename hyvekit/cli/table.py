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

from hyvekit.cli.common import with_expected
from hyvekit.games.table import decision_data, table_data
from hyvekit.rules.common import IllegalActionError, InvalidInputError

__all__ = ["applied_data", "decision_data", "store_steps", "table_data"]


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
