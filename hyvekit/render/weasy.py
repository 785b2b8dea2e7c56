"""The one place that imports weasyprint, without the processes its library look-up starts.

weasyprint loads Pango, HarfBuzz, fontconfig and GObject through cffi, trying for each a list
of names of which the first are the unversioned ones of Windows and macOS
(``libgobject-2.0-0``).  On Linux no such file exists, and cffi then asks
``ctypes.util.find_library``, which runs ``ldconfig``, ``gcc`` and ``ld`` (68 processes, about
half a second) before weasyprint reaches the name that loads at once
(``libgobject-2.0.so.0``).  While weasyprint is imported here, cffi loads a versioned name
as it is and refuses any other bare name at once, so weasyprint reaches its versioned names
without a look-up; when that fails (another system), weasyprint is imported again with its
own look-up.

weasyprint also warns, once per process, when HarfBuzz's subsetting library is missing (fonts
are then subset in pure Python, several times slower): hyvekit says it once per user
(:func:`subset_advice`).
"""

from __future__ import annotations

import contextlib
import io
import sys
from types import ModuleType
from typing import Any

_LOADED: list[ModuleType] = []


def weasyprint() -> ModuleType:
    """The weasyprint package, imported (once) without starting processes where the
    libraries' versioned names load.

    :raises OSError: weasyprint cannot load its libraries at all.
    """
    if _LOADED:
        return _LOADED[0]
    if sys.platform.startswith("linux") and "weasyprint" not in sys.modules:
        try:
            with contextlib.redirect_stdout(io.StringIO()):    # its advice, if it fails
                module = _import_with(_versioned_only)
        except (OSError, ImportError):
            _forget_weasyprint()
            module = _import_with(None)
    else:
        module = _import_with(None)
    _LOADED.append(module)
    return module


def _versioned_only(real: Any) -> Any:
    """cffi's library loader, for a bare name: a versioned file name (``….so.N``) loaded as
    it is, any other refused at once — never ``ctypes.util.find_library``."""
    def load(backend: Any, name: Any, flags: int) -> Any:
        if isinstance(name, str) and "/" not in name:
            if ".so" not in name:
                raise OSError(f"{name}: not a file name of this system")
            return backend.load_library(name, flags)
        return real(backend, name, flags)
    return load


def _import_with(wrap: Any) -> ModuleType:
    """weasyprint imported, with cffi's library loader wrapped by ``wrap`` meanwhile (None:
    cffi's own); notes whether it found no HarfBuzz subsetting library."""
    import importlib
    import warnings

    from hyvekit.render.cffi_internals import library_loader
    with library_loader(wrap) if wrap is not None else contextlib.nullcontext(), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module("weasyprint")
    if any("HarfBuzz-Subset" in str(w.message) for w in caught):
        _NO_SUBSET.append(True)
    return module


def _forget_weasyprint() -> None:
    for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
        del sys.modules[name]


#: set when weasyprint found no HarfBuzz subsetting library
_NO_SUBSET: list[bool] = []


def subsets_in_python() -> bool:
    """Whether weasyprint subsets fonts in pure Python (libharfbuzz-subset missing)."""
    weasyprint()
    return bool(_NO_SUBSET)


SUBSET_ADVICE = ("fonts are subset in pure Python, which makes every print several times "
                 "slower: install HarfBuzz's subsetting library (Debian/Ubuntu: sudo apt-get "
                 "install libharfbuzz-subset0)")
