"""The jinja2 environment of every printable.

Templates load from the player's override folder first (files replace packaged ones by file
name), then from the packaged templates folder.  Output is HTML-escaped (``autoescape=True``)
and an undefined variable is an error (``StrictUndefined``), so a typo in a template never
prints an empty box silently.
"""

from __future__ import annotations

from pathlib import Path

import hyvekit
from hyvekit.rules.common import InvalidInputError


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


def make_env(override: str | Path | None = None):
    """A jinja2 ``Environment`` over :func:`search_path` (autoescape, StrictUndefined).

    :raises InvalidInputError: ``override`` is given but is not a folder.
    """
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(p) for p in search_path(override)]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_html(template_name: str, context: dict, override: str | Path | None = None) -> str:
    """Render ``template_name`` with ``context`` to an HTML string.

    :raises InvalidInputError: the template (or one it includes) does not exist, does not
        parse, is not UTF-8 text, or uses a variable the context lacks; the message names the
        template file and line.  Also when ``override`` is not a folder.
    """
    import jinja2

    env = make_env(override)
    where = ", ".join(str(p) for p in search_path(override))
    try:
        return env.get_template(template_name).render(**context)
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
