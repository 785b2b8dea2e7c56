"""The one module of hyvekit that uses cffi's private API.

weasyprint loads its libraries through ``cffi``'s ``ffi.dlopen``, which for a bare name asks
``ctypes.util.find_library`` (processes: ``ldconfig``, ``gcc``, ``ld``) when the name does not
load as it is.  cffi has no public hook for that look-up; its loader is the module function
``cffi.api._load_backend_lib(backend, name, flags)``, which :func:`library_loader` replaces
for a while (``render/weasy.py``, as weasyprint is imported).
``tests/render/test_cffi_internals.py`` fails when cffi changes what this relies on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

#: a cffi library loader: ``(backend, name, flags) -> the library``
Loader = Callable[[Any, Any, int], Any]


@contextlib.contextmanager
def library_loader(wrap: Callable[[Loader], Loader]) -> Iterator[bool]:
    """Inside the ``with``, cffi loads a library by name with ``wrap(cffi's loader)``; cffi's
    own loader is put back after, however the block ends.  Yields whether it was replaced
    (False: a cffi without that loader, which is then left as it is)."""
    import cffi.api
    real = getattr(cffi.api, "_load_backend_lib", None)
    if real is None:
        yield False
        return
    cffi.api._load_backend_lib = wrap(real)
    try:
        yield True
    finally:
        cffi.api._load_backend_lib = real
