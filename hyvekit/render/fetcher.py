"""The weasyprint URL fetcher of every printable: packaged resources only.

A template may reference stylesheets, images and fonts in the packaged templates folder
(``templates_dir()``), by a path relative to the document's base URL (which is inside that
folder).  The fetcher serves them, looking first in the player's override folders for a file of
the same relative name, so a player's ``base.css`` replaces the packaged one just as a player's
template does.

Everything else is refused with a ``weasyprint.urls.FatalURLFetchingError`` (the fetcher's
``Refused`` subclass, with ``url`` and ``reason``), so the render stops instead of printing a sheet
with a silently missing part:

* ``file://`` URLs outside the packaged folder (``file:///etc/passwd``, ``../`` escapes,
  symlinks pointing out of it);
* every network scheme (``http``, ``https``, ``ftp``...) and any other scheme.

``data:`` URLs are **allowed**: they carry their bytes inline, need no file or network access,
and any URL inside the resource they decode to (an SVG image, say) goes through this fetcher
again.

weasyprint is imported inside :func:`packaged_fetcher` only (the fetcher class derives from
``weasyprint.urls.URLFetcher``), so importing this module stays cheap.
"""

from __future__ import annotations

import mimetypes
import os
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from hyvekit.render.env import confined_file, templates_dir

ALLOWED_SCHEMES = ("file", "data")
MAX_DATA_URL = 5_000_000  # characters; a larger inline resource is refused

_fetcher_class = None


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def resolve_packaged(url: str, root: Path, overrides: Iterable[Path] = ()) -> Path:
    """The file a ``file://`` ``url`` stands for, if it lies inside ``root``.

    The part of the URL below ``root`` is looked up in each folder of ``overrides`` first, then
    in ``root``.  Paths are resolved (``..`` and symlinks) before the check; a file of an
    override folder that is a link out of it (or not a regular file) is refused, not skipped.

    :raises PermissionError: the URL is not a local ``file://`` URL inside ``root``, or the file
        it names leads out of its folder (the message names it).
    :raises FileNotFoundError: it is inside ``root`` but no such file exists.
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise PermissionError(f"refused {url!r}: only packaged template resources are served")
    root = root.resolve()
    path = Path(url2pathname(unquote(parts.path))).resolve()
    if not _inside(path, root):
        raise PermissionError(f"refused {url!r}: outside the packaged templates folder {root}")
    relative = path.relative_to(root)
    for folder in overrides:
        candidate = Path(folder) / relative
        if os.path.lexists(candidate):     # a player's file, or a link out: refused, not skipped
            return confined_file(candidate, folder)
    if not path.is_file():
        raise FileNotFoundError(f"no template resource {str(relative)!r} in {root}")
    return confined_file(path, root)


def packaged_fetcher(root: Path | None = None, overrides: Iterable[Path | str] = ()):
    """A ``weasyprint.urls.URLFetcher`` serving files of ``root`` (default: the packaged
    templates folder), with ``overrides`` folders consulted first for the same file name.

    Its ``fetch(url, headers=None)`` returns a ``weasyprint.urls.URLFetcherResponse``.

    :raises weasyprint.urls.FatalURLFetchingError: (from ``fetch``, the class's ``Refused``) a URL outside ``root`` or of a refused scheme.
    :raises FileNotFoundError: (from ``fetch``) a missing file inside ``root``; weasyprint
        reports it as a warning and leaves the resource out.
    """
    cls = _class()
    return cls(Path(root) if root else templates_dir(), [Path(o) for o in overrides])


def _class():
    """Define the fetcher classes on first use (they derive from weasyprint's)."""
    global _fetcher_class
    if _fetcher_class is not None:
        return _fetcher_class
    from hyvekit.render.weasy import weasyprint
    weasyprint()
    from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

    class _RefusedURL(FatalURLFetchingError):
        """A URL the printing fetcher will not serve; ``url`` is the URL, ``reason`` why."""

        def __init__(self, url: str, reason: str):
            self.url, self.reason = url, reason
            super().__init__(f"refused to fetch {url!r}: {reason}")

    class PackagedURLFetcher(URLFetcher):
        """Serves packaged template resources and ``data:`` URLs; refuses everything else."""

        Refused = _RefusedURL

        def __init__(self, root: Path, overrides: list[Path]):
            super().__init__(allowed_protocols=ALLOWED_SCHEMES)
            self.root = root.resolve()
            self.overrides = [o.resolve() for o in overrides]
            #: every URL refused, in order (weasyprint drops some refusals without a
            #: word: an image inside an inline SVG; the print checks this list)
            self.refused: list[_RefusedURL] = []

        def fetch(self, url, headers=None):
            try:
                return self._fetch(url)
            except _RefusedURL as exc:
                self.refused.append(exc)
                raise

        def _fetch(self, url):
            scheme = urlsplit(url).scheme.lower()
            if scheme == "data":
                if len(url) > MAX_DATA_URL:
                    raise _RefusedURL(url[:60] + "...", f"data: URL over {MAX_DATA_URL} chars")
                from urllib.request import DataHandler, Request

                response = DataHandler().data_open(Request(url))
                return URLFetcherResponse(url, response.read(),
                                          headers={"Content-Type":
                                                   response.headers["Content-type"]})
            if scheme != "file":
                raise _RefusedURL(url, "network and other URL schemes are not allowed; "
                                  "only packaged template resources are served")
            try:
                path = resolve_packaged(url, self.root, self.overrides)
            except PermissionError as exc:
                where = f"{exc.filename} {exc.strerror}" if exc.filename else \
                    f"outside the packaged templates folder {self.root}"
                raise _RefusedURL(url, where) from exc
            content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(path.as_uri(), path.read_bytes(),
                                      headers={"Content-Type": content_type})

    _fetcher_class = PackagedURLFetcher
    return _fetcher_class

