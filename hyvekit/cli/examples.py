"""``hyvekit examples``: the example records and format docs that come with hyvekit — listed,
or copied into a folder — and where a command finds them when a help example names one.

An installed hyvekit carries ``examples/`` and ``docs/`` inside the package
(``hyvekit/_examples/``, put there when the wheel is built); a checkout has them at its root.
A command given a file such as ``examples/hyve/standard-legal.toml`` that does not exist where
it runs reads the packaged one (:func:`example_file`), so every example in ``--help`` runs
from any folder.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import typer

from hyvekit.cli.common import checkout_root, wrapped

#: the folders of examples, as the help examples name them
EXAMPLE_FOLDERS = ("examples", "docs")


def examples_root() -> Path | None:
    """The folder holding ``examples/`` and ``docs/``: the packaged copy, else the checkout."""
    import hyvekit
    packaged = Path(hyvekit.__file__).resolve().parent / "_examples"
    if packaged.is_dir():
        return packaged
    return checkout_root()


def example_file(path: Path) -> Path:
    """``path`` itself when it exists; else, for a relative path into ``examples/`` or
    ``docs/`` (as the help examples give), the copy that comes with hyvekit when there is
    one; else ``path`` (the caller says it is missing)."""
    path = Path(path)
    if path.exists() or path.is_absolute() or not path.parts \
            or path.parts[0] not in EXAMPLE_FOLDERS:
        return path
    root = examples_root()
    if root is not None and (root / path).is_file():
        return root / path
    return path


def example_files(path: Path) -> list[Path]:
    """:func:`example_file` of ``path``, and for a pattern (``*``, ``?``, ``[...]``) into
    ``examples/`` or ``docs/`` that matches nothing here — a shell leaves such a pattern as it
    is — the files of the copy that comes with hyvekit it matches, in name order."""
    path = Path(path)
    if path.exists() or not any(c in str(path) for c in "*?[") or path.is_absolute() \
            or not path.parts or path.parts[0] not in EXAMPLE_FOLDERS:
        return [example_file(path)]
    root = examples_root()
    found = sorted(p for p in root.glob(str(path)) if p.is_file()) if root is not None else []
    return found or [path]


def _files(root: Path) -> list[Path]:
    out = []
    for folder in ("examples", "docs/examples"):
        base = root / folder
        if base.is_dir():
            out += sorted(p.relative_to(root) for p in base.rglob("*") if p.is_file())
    return out


def _about(path: Path) -> str:
    """A file's first comment line (``# ...``), for the list."""
    try:
        for line in path.read_text(encoding="utf-8").splitlines()[:5]:
            if line.startswith("#"):
                return line.lstrip("# ").strip()
    except (OSError, UnicodeDecodeError):
        pass
    return ""


def examples(copy: Path | None = typer.Option(None, "--copy", metavar="DIR",
                                              help="Copy the examples and the format docs "
                                                   "into DIR (its examples/ and docs/), so "
                                                   "you can edit them."),
             force: bool = typer.Option(False, "--force",
                                        help="With --copy: replace files that exist.")) -> None:
    """List the example records that come with hyvekit (turn records, month files, score
    sheets), or copy them with the format docs into a folder. The help's own examples name
    these files; they run from any folder.

    Example: hyvekit examples --copy hyvekit-examples
    """
    from hyvekit.rules.common import InvalidInputError
    root = examples_root()
    if root is None:
        raise InvalidInputError("examples", "none", "an installed hyvekit with its examples "
                                "(reinstall it)")
    if copy is None:
        files = _files(root)
        typer.echo(wrapped(f"Examples that come with hyvekit ({len(files)}); a command given "
                           "one of these paths reads it from any folder:"))
        for p in files:
            typer.echo(f"  {p.as_posix()}")
            about = _about(root / p)
            if about:
                typer.echo(f"      {about[:72]}")
        typer.echo("copy them to edit: hyvekit examples --copy DIR")
        return
    copy = Path(copy).expanduser()
    if copy.exists() and not copy.is_dir():
        raise InvalidInputError("--copy", str(copy), "a folder (new or existing)")
    wanted = _files(root) + sorted(p.relative_to(root) for p in (root / "docs").glob("*.md"))
    clash = [p for p in wanted if (copy / p).exists()]
    if clash and not force:
        raise InvalidInputError("--copy", str(copy), f"a folder without these files: "
                                f"{clash[0]} exists ({len(clash)} in all; --force replaces "
                                "them)")
    for p in wanted:
        (copy / p).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / p, copy / p)
    typer.echo(wrapped(f"copied {len(wanted)} files into {copy} (examples/, docs/)"))
