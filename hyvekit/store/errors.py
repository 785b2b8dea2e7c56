"""Errors of the campaign store (kept import-light for the CLI's error table).

Each has an ``exit_code``: 2 for a missing/unknown record, a bad id, folder or file; 1 when the
record is busy (another hyvekit holds its lock).
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base of campaign-record errors."""

    exit_code = 2


class CampaignNotFoundError(StoreError):
    """No campaign with this id in the campaigns folder: its close matches (``suggestions``)
    and the ids closest to it, at most :data:`~hyvekit.rules.validate.LISTED` however many
    campaigns there are, worded as :func:`~hyvekit.rules.validate.not_one_of` words a name."""

    def __init__(self, campaign_id: str, folder: Path, known: list[str]):
        self.campaign_id, self.folder, self.known = campaign_id, folder, known
        from hyvekit.rules.errors import did_you_mean
        from hyvekit.rules.validate import LISTED, close_matches, listing
        self.suggestions = close_matches(campaign_id, known)
        listed = listing(campaign_id, known, most=LISTED,
                         rest="; hyvekit campaign list shows them all")
        hint = f"; known: {listed}" if known else "; the folder holds no campaign"
        super().__init__(f"no campaign {campaign_id!r} in {folder}"
                         f"{did_you_mean(self.suggestions)}{hint}")


class CampaignExistsError(StoreError):
    """A campaign with this id already exists."""

    def __init__(self, campaign_id: str, path: Path):
        self.campaign_id, self.path = campaign_id, path
        super().__init__(f"campaign {campaign_id!r} already exists ({path})")


class CorruptRecordError(StoreError):
    """A campaign file that does not parse or lacks its header.  It is never overwritten."""

    def __init__(self, path: Path, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path} cannot be read: {problem}. The file was left untouched; "
                         "restore it from a backup or an export, or put it in the trash "
                         f"(hyvekit campaign delete {Path(path).stem}, byte for byte)")


class SchemaVersionError(StoreError):
    """An export or record written by a newer hyvekit."""

    def __init__(self, source: str, found: int, supported: int):
        self.source, self.found, self.supported = source, found, supported
        super().__init__(f"{source} has schema version {found}, this hyvekit reads up to "
                         f"{supported}; upgrade hyvekit to read it")


class CampaignsFolderError(StoreError):
    """The campaigns folder is a file, or cannot be written."""

    def __init__(self, folder: Path, problem: str):
        self.folder, self.problem = folder, problem
        super().__init__(f"campaigns folder {folder}: {problem} (choose another with "
                         "--campaigns-dir DIR or HYVEKIT_CAMPAIGNS)")


class InvalidIdError(StoreError):
    """A campaign id that is not a slug (could address a path outside the folder);
    ``suggestions``: the ids of the folder it may mean (``FRIDAY`` → ``friday``)."""

    def __init__(self, given: str, suggestions: list[str] | None = None):
        self.given, self.suggestions = given, list(suggestions or [])
        from hyvekit.rules.errors import did_you_mean, shorten
        super().__init__(f"campaign id: got {shorten(given)}, expected a slug of lowercase "
                         "letters, digits and hyphens (at most 64 characters)"
                         f"{did_you_mean(self.suggestions)}")


class NothingToUndoError(StoreError):
    """Undo asked for with no active event after the target (bad input: exit code 2)."""


class RecordChangedError(StoreError):
    """The record changed between a command's read and its write (another command stored
    first), and the steps made on the old state no longer fit: nothing was stored (exit
    code 1: the rules refuse them where the game now stands)."""

    exit_code = 1

    def __init__(self, campaign_id: str, problem: str):
        self.campaign_id, self.problem = campaign_id, problem
        super().__init__(f"campaign {campaign_id!r} changed while this command ran (another "
                         f"command stored a step first), and its steps no longer fit "
                         f"({problem}); nothing was stored: see where it stands with "
                         f"'hyvekit campaign history {campaign_id}'")
