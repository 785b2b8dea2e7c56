"""Game tables shipped with hyvekit as TOML.

Each table says where its values come from: ``source = "rulebook ..."`` for values the rulebooks
give, ``assumed = true`` (with the reasoning) for hyvekit's own values.  :func:`load_toml` reads a
packaged table, or a player's own file of the same shape.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from hyvekit.rules.common import InvalidInputError


def load_toml(name_or_path: str | Path) -> dict[str, Any]:
    """Read a packaged table by file name (``"hyve_legacy.toml"``) or any TOML file by path.

    :raises InvalidInputError: the file is missing or is not valid TOML (names file and problem).
    """
    path = Path(name_or_path)
    try:
        if path.parent == Path(".") and not path.exists():
            text = resources.files(__name__).joinpath(str(path)).read_text(encoding="utf-8")
        else:
            text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInputError("data file", str(name_or_path),
                                f"a readable TOML file ({exc.__class__.__name__})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInputError("data file", str(name_or_path), f"valid TOML ({exc})") from None
