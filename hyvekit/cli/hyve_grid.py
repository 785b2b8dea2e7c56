"""A HYVE sheet's hyve drawn on the terminal (``hyvekit hyve play``): the players' pencil
colours as rich styles, and the hex grid as rich Text (:func:`hyve_text`) with where each hex
is on it (:func:`hex_offset`, :func:`hex_at`), for the session (:mod:`hyvekit.cli.hyve_play`)
and its Textual screen (:mod:`hyvekit.cli.hyve_play_app`).
"""

from __future__ import annotations

# --- colours -------------------------------------------------------------------------------

#: pencil colours by name, as truecolours (a terminal's theme does not repaint them); other
#: names go to rich (``dark_orange``, ``#ff8800``)
_COLOUR_ALIASES = {"red": "#e0443a", "orange": "#f08c1e", "yellow": "#f5d327",
                   "green": "#4fb85a", "blue": "#3b7dd8", "purple": "#9452c8",
                   "violet": "#a070e0", "pink": "#f07ab0", "brown": "#8b5a2b",
                   "black": "#303030", "white": "#eeeeee", "grey": "#9e9e9e",
                   "gray": "#9e9e9e", "cyan": "#2ec4d6", "teal": "#138a8a",
                   "turquoise": "#30d5c8", "lime": "#9ad62a", "gold": "#e6b422",
                   "indigo": "#5a46c8", "magenta": "#d040c0", "silver": "#c0c0c0"}
#: the colour of a name nobody knows: readable on both dark and light screens
DEFAULT_COLOUR = "grey58"


def rich_colour(name: str) -> str:
    """A rich colour for a pencil colour's name (``red``, ``Light Blue``, ``#ff8800``);
    :data:`DEFAULT_COLOUR` for a name rich does not know."""
    from rich.color import Color, ColorParseError
    key = "_".join(str(name).strip().lower().replace("-", " ").split())
    for candidate in (_COLOUR_ALIASES.get(key), key, key.replace("_", "")):
        if not candidate:
            continue
        try:
            Color.parse(candidate)
        except ColorParseError:
            continue
        return candidate
    return DEFAULT_COLOUR


def ink(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (a :func:`rich_colour`)."""
    from rich.color import Color
    r, g, b = Color.parse(colour).get_truecolor()
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def colour_styles(colours: dict[str, str]) -> dict[str, str]:
    """``{die value "1".."5": rich style}`` of the player's colours (``view()["colours"]``),
    also keyed by each colour's first letter (a nectar written by colour letter)."""
    out: dict[str, str] = {}
    for value, name in colours.items():
        c = rich_colour(name)
        out[value] = f"bold {ink(c)} on {c}"
        out.setdefault(str(name)[:1].lower(), out[value])
    return out


# --- the hex grid --------------------------------------------------------------------------

#: columns of one hex (a 3-character cell and a gap) and of the row letter in front
CELL, MARGIN = 4, 2


def hex_rows() -> list[list[str]]:
    """The hex names of a hyve, row by row as the sheet shows them: ``[["A1", "A2", "A3"],
    ["B1", ..., "B4"], ..., ["E1", "E2", "E3"]]``."""
    from hyvekit.games.hyve import ROW_LENGTHS, ROW_NAMES
    return [[f"{ROW_NAMES[r]}{k + 1}" for k in range(n)] for r, n in enumerate(ROW_LENGTHS)]


def _indent(row: int) -> int:
    from hyvekit.games.hyve import ROW_LENGTHS
    return (max(ROW_LENGTHS) - ROW_LENGTHS[row]) * CELL // 2


def hex_offset(name: str) -> tuple[int, int]:
    """Where the middle of hex ``name`` (``C3``) is in :func:`hyve_text`: ``(x, y)``.

    :raises KeyError: not a hex name.
    """
    for y, row in enumerate(hex_rows()):
        if name.upper() in row:
            return MARGIN + _indent(y) + row.index(name.upper()) * CELL + 1, y
    raise KeyError(name)


def hex_at(x: int, y: int) -> str | None:
    """The hex shown at ``(x, y)`` of :func:`hyve_text` (its cell or the gap after it);
    None: the row letter, outside the grid."""
    rows = hex_rows()
    if not 0 <= y < len(rows):
        return None
    k, within = divmod(x - MARGIN - _indent(y), CELL)
    if x < MARGIN + _indent(y) or not 0 <= k < len(rows[y]) or within == CELL - 1:
        return None
    return rows[y][k]


def hyve_text(grid, styles: dict[str, str], *, cursor: str | None = None,
              marked: frozenset[str] | set[str] = frozenset(), letters: bool = True):
    """A hyve as rich Text, rows A–E offset as on the sheet: a nectar its die value (or colour
    letter) on its colour, ``L``/``L2`` a larva, ``x`` crossed out, ``·`` empty; hexes in
    ``marked`` (a legal choice) underlined, an empty one shown ``+``; ``cursor`` reversed.

    :param grid: a :class:`~hyvekit.rules.hyve.scoring.HyveGrid`.
    :param styles: :func:`colour_styles`.
    """
    from rich.text import Text

    from hyvekit.games.hyve import COLOURLESS, HEXES, LARVA, NECTAR, cell_name
    spaces = {cell_name(h): s for h, s in zip(HEXES, grid.spaces)}
    out = Text(no_wrap=True, overflow="crop")
    for y, row in enumerate(hex_rows()):
        if y:
            out.append("\n")
        out.append(f"{'ABCDE'[y]} " if letters else "  ", style="dim")
        out.append(" " * _indent(y))
        for k, name in enumerate(row):
            space = spaces[name]
            token = space.token()
            if space.kind == NECTAR:
                style = styles.get(str(space.variety).lower(), f"bold black on {DEFAULT_COLOUR}")
            elif space.kind == LARVA:
                style = "bold white on grey35"
            elif space.kind == COLOURLESS:
                style = "grey66 on grey23"
            else:
                token, style = ("+", "bold green") if name in marked else ("·", "grey50")
            if name in marked:
                style += " underline"
            if name == cursor:
                style += " reverse"
            out.append(f"{token:^3}", style=style)
            if k < len(row) - 1:
                out.append(" ")
    return out
