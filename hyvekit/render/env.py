"""The jinja2 environment of every printable.

Templates load from the player's override folder first (files replace packaged ones by file
name), then from the packaged templates folder.  Output is HTML-escaped (``autoescape=True``)
and an undefined variable is an error (``StrictUndefined``), so a typo in a template never
prints an empty box silently.

A template pack may come from another player, so every template is rendered in jinja2's
``SandboxedEnvironment`` (no attribute starting with ``_``, no internals of functions or
frames: ``cycler.__init__.__globals__`` is refused) and is read only from a regular file inside
its folder (:func:`confined_file`: a link pointing out of the folder is refused, for the
templates and for the resources the PDF fetcher serves alike).
"""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path

import hyvekit
from hyvekit.rules.common import HyvekitError, InvalidInputError


def templates_dir() -> Path:
    """The packaged templates folder.

    ``hyvekit/templates`` inside an installed wheel, else the top-level ``templates/`` folder of
    a source checkout.
    """
    package = Path(hyvekit.__file__).resolve().parent
    inside = package / "templates"
    return inside if inside.is_dir() else package.parent / "templates"


def search_path(override: str | Path | None = None) -> list[Path]:
    """Folders templates are looked up in, in order: ``override`` (if given), then packaged.

    :raises InvalidInputError: ``override`` is given but is not a folder.
    """
    folders = []
    if override is not None:
        folder = Path(override).expanduser()
        if not folder.is_dir():
            raise InvalidInputError("--templates", str(override), "an existing folder of templates")
        folders.append(folder.resolve())
    folders.append(templates_dir())
    return folders


def confined_file(candidate: Path, folder: Path) -> Path:
    """``candidate`` (a path below ``folder``) resolved, if it is a regular file inside
    ``folder`` once every link is followed.

    :raises FileNotFoundError: nothing is there.
    :raises PermissionError: it leads out of ``folder`` (a symlink, ``..``), or is not a
        regular file (a folder, a FIFO, a device); the message names the file.
    """
    root = Path(folder).resolve()
    path = Path(candidate).resolve()
    try:
        path.relative_to(root)
    except ValueError:
        raise PermissionError(0, f"leads out of {root}", str(candidate)) from None
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise FileNotFoundError(2, "no such file", str(candidate)) from None
    if not stat.S_ISREG(mode):
        raise PermissionError(0, "not a regular file", str(candidate))
    return path


def _loader(folders: list[Path]):
    """A jinja2 loader over ``folders`` (first one wins) reading only :func:`confined_file`
    files: a template that is a link out of its folder is refused (InvalidInputError)."""
    import jinja2
    from jinja2.loaders import split_template_path

    class ConfinedLoader(jinja2.BaseLoader):
        def get_source(self, environment, template):
            pieces = split_template_path(template)   # refuses ".." itself
            for folder in folders:
                candidate = folder.joinpath(*pieces)
                if not os.path.lexists(candidate):
                    continue
                try:
                    path = confined_file(candidate, folder)
                except OSError as exc:
                    raise InvalidInputError("template", template, "a regular file of the "
                                            f"templates folder ({candidate} "
                                            f"{exc.strerror})") from None
                source = path.read_bytes().decode("utf-8")
                mtime = path.stat().st_mtime_ns
                earlier = [f.joinpath(*pieces) for f in folders[:folders.index(folder)]]

                def uptodate(p=path, m=mtime, earlier=earlier):
                    # the same file, unchanged, and no folder before it has gained one
                    try:
                        same = p.stat().st_mtime_ns == m
                    except OSError:
                        return False
                    return same and not any(os.path.lexists(e) for e in earlier)

                return source, str(path), uptodate
            raise jinja2.TemplateNotFound(template)

    return ConfinedLoader()


def make_env(override: str | Path | None = None):
    """A jinja2 ``SandboxedEnvironment`` over :func:`search_path` (autoescape,
    StrictUndefined; templates read by :func:`confined_file`), one per search path in a
    process: its compiled templates are reused (``print all``), each checked against its
    file's modification time before use, so an edited template is read again.

    :raises InvalidInputError: ``override`` is given but is not a folder.
    """
    return _env(tuple(search_path(override)))


@functools.lru_cache(maxsize=8)
def _env(folders: tuple[Path, ...]):
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(
        loader=_loader(list(folders)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_html(template_name: str, context: dict, override: str | Path | None = None) -> str:
    """Render ``template_name`` with ``context`` to an HTML string.

    :raises InvalidInputError: the template (or one it includes) does not exist, does not
        parse, is not UTF-8 text, uses a variable the context lacks, does what the sandbox
        refuses, is a link out of its folder, or (a player's template) fails as it renders;
        the message names the template file and line.  Also when ``override`` is not a folder.
    """
    import jinja2
    from jinja2.sandbox import SecurityError

    env = make_env(override)
    folders = search_path(override)
    where = ", ".join(str(p) for p in folders)
    try:
        return env.get_template(template_name).render(**context)
    except SecurityError as exc:
        raise InvalidInputError(f"template {_failing_template(exc) or template_name}",
                                str(exc), "what a sandboxed template may do (no attributes "
                                "starting with _, no Python internals)") from None
    except jinja2.TemplateNotFound as exc:
        raise InvalidInputError("template", exc.name or template_name,
                                f"a template in {where}") from None
    except jinja2.TemplateSyntaxError as exc:
        raise InvalidInputError(f"template {exc.filename or exc.name}, line {exc.lineno}",
                                exc.source.splitlines()[exc.lineno - 1].strip()
                                if exc.source and exc.lineno else template_name,
                                f"valid jinja2 ({exc.message})") from None
    except jinja2.UndefinedError as exc:
        raise InvalidInputError(f"template {_failing_template(exc) or template_name}",
                                str(exc.message), "only the variables hyvekit passes "
                                "(see the packaged template of the same name)") from None
    except UnicodeDecodeError as exc:
        raise InvalidInputError("template", template_name,
                                f"UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except HyvekitError:
        raise
    except Exception as exc:   # a player's template that fails is their input, not a bug
        failed = _failing_template(exc)
        if override is None or failed is None or not failed.startswith(f"{folders[0]}{os.sep}"):
            raise
        raise InvalidInputError(f"template {failed}", f"{type(exc).__name__}: {exc}",
                                "a template that renders") from None


def _failing_template(exc: BaseException) -> str | None:
    """``file:line`` of the template frame where a render error happened, if any."""
    tb = exc.__traceback__
    found = None
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".html") or name.endswith(".css"):
            found = f"{name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found
