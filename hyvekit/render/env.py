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

    :raises InvalidInputError: the template does not exist in any folder, or ``override`` is
        not a folder.
    :raises jinja2.UndefinedError: the template uses a variable the context lacks.
    """
    import jinja2

    env = make_env(override)
    try:
        template = env.get_template(template_name)
    except jinja2.TemplateNotFound:
        raise InvalidInputError("template", template_name,
                                "a template in " + ", ".join(str(p) for p in
                                                             search_path(override))) from None
    return template.render(**context)
