"""HYVE tables read from files: the packaged legacy sheets (``hyve_legacy.toml``) and scenario
sheet definitions (``hyve_sheets.toml``), a player's own files of the same shapes, and scenario
turn records (with the ``[scenario] sheets`` file a record may name).

The rules core builds the values from tables (:func:`hyvekit.rules.hyve.legacy.sheets_from_tables`,
:func:`hyvekit.rules.hyve.sheets.definitions_from_tables`,
:func:`hyvekit.rules.hyve.record.parse_record`); this module reads files and caches the packaged
values (once per process).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hyvekit.data import load_toml, packaged_toml
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.hyve.legacy import LegacySheet, sheets_from_tables
from hyvekit.rules.hyve.record import Record, parse_record, record_tables
from hyvekit.rules.hyve.sheets import (SheetDefinition, definition_for, definitions_from_tables,
                                      sheet_tables)

LEGACY_TABLE = "hyve_legacy.toml"
SHEETS_TABLE = "hyve_sheets.toml"


@lru_cache(maxsize=None)
def _packaged(name: str) -> dict[str, Any]:
    return packaged_toml(name)


@lru_cache(maxsize=1)
def _packaged_legacy_sheets() -> dict[str, LegacySheet]:
    return sheets_from_tables(_packaged(LEGACY_TABLE))


def legacy_sheets(path: str | Path | None = None) -> dict[str, LegacySheet]:
    """Legacy sheets by id: the packaged ones, or a player's own file of the same shape
    (``[defaults]`` and ``[colours]`` may be left to the packaged ones).

    :raises InvalidInputError: unreadable file, unknown key or impossible value.
    """
    if not path:
        return dict(_packaged_legacy_sheets())
    return sheets_from_tables(_packaged(LEGACY_TABLE), load_toml(path), str(path))


@lru_cache(maxsize=1)
def _packaged_definitions() -> dict[str, SheetDefinition]:
    return definitions_from_tables(_packaged(SHEETS_TABLE))


def sheet_definitions(path: str | Path | None = None) -> dict[str, SheetDefinition]:
    """Scenario sheet definitions by id: the packaged ones, or a player's own file.

    :raises InvalidInputError: unreadable file, unknown key or impossible layout.
    """
    if not path:
        return dict(_packaged_definitions())
    return definitions_from_tables(_packaged(SHEETS_TABLE), load_toml(path), str(path))


def sheet_definition(mode: str, path: str | Path | None = None, *,
                     field: str = "--mode") -> SheetDefinition:
    """The definition with id (or mode) ``mode``, from the packaged ones or a player's file.

    :raises InvalidInputError: unreadable file; no such definition (lists the ids).
    """
    return definition_for(mode, sheet_definitions(path), field=field)


def sheet_table(key: str, path: str | Path | None = None) -> dict[str, Any]:
    """The ``[[sheet]]`` table (defaults filled in) of the definition with id (or mode)
    ``key``, from the packaged ones or a player's file: what a scenario record keeps.

    :raises InvalidInputError: unreadable file; no such definition (lists the ids).
    """
    sheet = sheet_definition(key, path)
    own = load_toml(path) if path else None
    for merged in sheet_tables(_packaged(SHEETS_TABLE), own):
        if SheetDefinition.from_dict(merged).id == sheet.id:
            return merged
    raise InvalidInputError("--mode", key, "a sheet of the file")   # pragma: no cover


def sheets_path(raw: Any, base: Path | None) -> Path | None:
    """The ``[scenario] sheets`` file a record (already read) names, relative to the record's
    folder ``base``; None when it names none.

    :raises InvalidInputError: the record's tables have unknown keys (as the record parser
        says).
    """
    _, scenario, _ = record_tables(raw)
    sheets = scenario.get("sheets")
    if not sheets:
        return None
    path = Path(str(sheets))
    if base is not None and not path.is_absolute():
        path = base / path
    return path


def record_definitions(raw: Any, base: Path | None) -> dict[str, SheetDefinition]:
    """The scenario sheet definitions a record plays with: those of its ``[scenario] sheets``
    file, else the packaged ones.

    :raises InvalidInputError: unknown keys in the record's tables; an unreadable sheets file.
    """
    return sheet_definitions(sheets_path(raw, base))


def read_record(path: str | Path) -> Record:
    """Read and parse a scenario turn record file (``hyve check FILE``).

    :raises InvalidInputError: unreadable file, bad TOML or a malformed record.
    """
    p = Path(path)
    if not p.is_file():
        raise InvalidInputError("FILE", str(path), "an existing turn record (TOML)")
    raw = load_toml(p)
    return parse_record(raw, record_definitions(raw, p.parent))
