"""The accepted values an option's ``--help`` lists (colours, perks, card names, modes), taken
from the rules and the packaged data tables, never typed into a help string by hand.

An option's help holds a mark, ``accepted("colours")``; the help formatter (patched in
``cli/app.py``) replaces it with ``Accepted: yellow, blue, ...`` when ``--help`` is shown, so
a command that runs reads no data table to build its help.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_MARK = re.compile(r"@accepted:([a-z-]+)@")


def _legacy_sheets():
    from hyvekit.data.hyve import legacy_sheets
    return legacy_sheets()


def _names(values) -> list[str]:
    return list(dict.fromkeys(str(v) for v in values))     # in order, each once


def _colours() -> list[str]:
    return _names(c for s in _legacy_sheets().values() for c, _ in s.colours)


def _perks() -> list[str]:
    return _names(p for s in _legacy_sheets().values() for p, _ in s.perk_costs)


def _modes() -> list[str]:
    from hyvekit.data.hyve import sheet_definitions
    return list(sheet_definitions())


def _queens() -> list[str]:
    from hyvekit.data.beelives import packaged_board
    return list(packaged_board().queen_types)


def _solo_modes() -> list[str]:
    from hyvekit.games.beelives import SOLO_MODES
    return list(SOLO_MODES)


def _solo(kind: str) -> Callable[[], list[str]]:
    def names() -> list[str]:
        from hyvekit.data.beelives import solo_cards
        return [c.name for c in getattr(solo_cards(), kind)]
    return names


def _seasons() -> list[str]:
    from hyvekit.games.beelives import SEASONS
    return list(SEASONS)


def _queenbee_cards() -> list[str]:
    from hyvekit.data.queenbee import cards
    return sorted(cards())


def _odds_cards() -> list[str]:
    from hyvekit.games.queenbee import ODDS_CARDS
    return list(ODDS_CARDS)


def _spaces() -> list[str]:
    from hyvekit.games.queenbee import SPACE_TYPES
    return list(SPACE_TYPES)


def _tables() -> list[str]:
    from hyvekit.data import table_names
    return table_names()


#: name → the accepted values, read from the rules or the packaged data when help is shown
VALUES: dict[str, Callable[[], list[str]]] = {
    "colours": _colours, "perks": _perks, "legacy-sheets": lambda: list(_legacy_sheets()),
    "modes": _modes, "queens": _queens, "solo-modes": _solo_modes,
    "challenges": _solo("challenges"), "scenarios": _solo("scenarios"),
    "campaign-cards": _solo("campaigns"), "seasons": _seasons,
    "queenbee-cards": _queenbee_cards, "odds-cards": _odds_cards, "spaces": _spaces, "tables": _tables,
}


def accepted(name: str) -> str:
    """The mark for ``name``'s accepted values in an option's help."""
    if name not in VALUES:
        raise KeyError(name)
    return f"@accepted:{name}@"


def expand(text: str) -> str:
    """``text`` with every mark replaced by ``Accepted: a, b, c.``"""
    return _MARK.sub(lambda m: "Accepted: " + ", ".join(VALUES[m.group(1)]()) + ".", text)
