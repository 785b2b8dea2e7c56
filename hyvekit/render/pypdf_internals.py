"""The one module of hyvekit that uses pypdf's private API.

Imposition (``render/pdf.py``: cut sheets, booklets) draws each page of the printed PDF as a
form XObject and points every copy's page at one shared content stream, so 100 copies cost
about what one does.  That needs a stream or dictionary made an indirect object of the
writer, which pypdf (up to 7.1 at least) does only privately, ``PdfWriter._add_object``;
:func:`add_object` takes a public ``add_object`` instead where a pypdf has one.
``tests/render/test_pypdf_internals.py`` fails when pypdf changes what this relies on.
"""

from __future__ import annotations

from typing import Any


def add_object(writer: Any, obj: Any) -> Any:
    """``obj`` (a pypdf ``PdfObject``: a stream, a dictionary) added to ``writer`` (a
    ``PdfWriter``) as an indirect object; its ``IndirectObject`` reference, to put in a page
    or a resource dictionary (an object already the writer's gives its own reference)."""
    add = getattr(writer, "add_object", None) or writer._add_object
    return add(obj)
