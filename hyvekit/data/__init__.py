"""Game tables shipped with hyvekit as TOML, and the reading of them.

Each table says where its values come from: ``source = "rulebook ..."`` for values the rulebooks
give, ``assumed = true`` (with the reasoning) for hyvekit's own values.  :func:`packaged_toml`
reads a packaged table, :func:`load_toml` a player's own file of the same shape.

The rules core takes values, never paths: the modules here read the packaged tables and a
player's files, cache the packaged values, and build the values with the rules core's pure
builders (which take mappings):

* :mod:`.beelives` — board, season cards, solo cards, map data; the components a game or a
  campaign is played with;
* :mod:`.hyve` — legacy sheets, scenario sheet definitions, scenario turn records;
* :mod:`.beez` — honeycomb layout, nectar colours, objective cards;
* :mod:`.queenbee` — die faces, the card table, the player-count variants.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.documents import parse_toml

MAX_FILE_BYTES = 5_000_000   # a game record or table is a few kB; refuse what cannot be one


def packaged_toml(name: str) -> dict[str, Any]:
    """Read a table shipped with hyvekit (``"hyve_legacy.toml"``).

    :raises InvalidInputError: no such packaged table.
    """
    try:
        text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInputError("packaged table", name,
                                f"a table shipped with hyvekit ({exc.__class__.__name__})") from None
    return _parse(text, name)


def table_names() -> list[str]:
    """The packaged tables' names, sorted (``beelives``, ``hyve_legacy``...)."""
    return sorted(Path(f.name).stem for f in resources.files(__name__).iterdir()
                  if f.name.endswith(".toml"))


def packaged_texts() -> dict[str, str]:
    """Table name → its TOML text as shipped (comments included), for every packaged table,
    in name order."""
    folder = resources.files(__name__)
    return {Path(f.name).stem: f.read_text(encoding="utf-8")
            for f in sorted(folder.iterdir(), key=lambda f: f.name)
            if f.name.endswith(".toml")}


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read a player's TOML file (a record, or their own copy of a table) by path: never a
    packaged table, even when the names match (use :func:`packaged_toml` for those).

    :raises InvalidInputError: missing, not a regular file, larger than 5 MB, not UTF-8, or not
        valid TOML (names the file and the problem).
    """
    path = Path(path)
    if not path.exists():
        raise InvalidInputError("file", str(path), "an existing TOML file (no such file)")
    if not path.is_file():
        kind = "a folder" if path.is_dir() else "not a regular file"
        raise InvalidInputError("file", str(path), f"a TOML file ({kind})")
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInputError("file", str(path),
                                f"a readable UTF-8 TOML file ({exc.__class__.__name__})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InvalidInputError("file", str(path), f"a TOML file of at most "
                                f"{MAX_FILE_BYTES // 1_000_000} MB")
    return _parse(text, str(path))


def _parse(text: str, name: str) -> dict[str, Any]:
    """The tables of a TOML text, by the strict reader (:func:`parse_toml
    <hyvekit.rules.documents.parse_toml>`: bounded numbers and nesting)."""
    return parse_toml(text, name)


_SEGMENT = re.compile(r"([A-Za-z_][\w-]*)(?:\[(\d+)\])?")
_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([\w.-]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([\w.-]+)\s*\]")
_KEY = re.compile(r"^\s*([\w-]+)\s*=")


def toml_line(text: str, field: str) -> int | None:
    """The line (1-based) of a TOML file that a field path names, for error messages.

    ``field`` is the path the record parsers use: dotted names with 1-based indices of arrays of
    tables, e.g. ``month[1].turn[4].bees`` (the ``bees`` key of the 4th ``[[month.turn]]`` of
    the 1st ``[[month]]``), or the same in words (``turn 2 assign 2 (bakery) bread``); anything
    before a ``": "`` is ignored.  An index into an inline array finds the line of its key.  Returns the line of the key,
    or of the deepest table of the path found, or None when nothing of the path is found.
    """
    # "year 1 March, month[1].turn[1] (Bob): player": the last bracketed place, then the key
    chunks = [c.strip() for c in re.sub(r"\([^)]*\)", " ", field).split(": ")]
    placed = [i for i, c in enumerate(chunks) if "[" in c]
    if placed:
        i = placed[-1]
        chunks = [re.split(r"[\s,]+", chunks[i])[-1]] + chunks[i + 1:]
    else:
        chunks = chunks[-1:]
    path = re.sub(r"^\S*?\.toml\.", "", ".".join(c for c in chunks if c))  # "march.toml.turn"
    if "." not in path and "[" not in path:      # "turn 2 assign 2 (bakery) bread" style
        path = re.sub(r"\([^)]*\)", " ", path)
        path = ".".join(re.sub(r"([A-Za-z_][\w-]*) (\d+)", r"\1[\2]", path).split())
    target = [(name, int(i) if i else None) for name, i in _SEGMENT.findall(path)]
    if not target:
        return None
    current: list[tuple[str, int | None]] = []
    counts: dict[tuple, int] = {}
    best, best_depth = None, 0

    def depth(path: list[tuple[str, int | None]]) -> int:
        n = 0
        for (name, idx), (want, want_idx) in zip(path, target):
            if name != want or (want_idx is not None and idx is not None and idx != want_idx):
                break
            n += 1
        return n

    for lineno, line in enumerate(text.splitlines(), start=1):
        header = _ARRAY_HEADER.match(line)
        single = None if header else _TABLE_HEADER.match(line)
        if header or single:
            names = (header or single).group(1).split(".")
            parent = []
            for name, (cur, idx) in zip(names[:-1], current):
                if name != cur:
                    break
                parent.append((cur, idx))
            if header:
                key = (tuple(parent), names[-1])
                counts[key] = counts.get(key, 0) + 1
                current = parent + [(names[-1], counts[key])]
            else:
                current = parent + [(n, None) for n in names[len(parent):]]
        else:
            match = _KEY.match(line)
            if not match:
                continue
            path = current + [(match.group(1), None)]
            d = depth(path)
            if d == len(path) and d > best_depth:
                best, best_depth = lineno, d
            continue
        d = depth(current)
        if d == len(current) and d > best_depth:
            best, best_depth = lineno, d
    return best
