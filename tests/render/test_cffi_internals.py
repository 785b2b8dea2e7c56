"""What hyvekit/render/cffi_internals.py relies on in cffi: ``ffi.dlopen`` loads a library
through the module function ``cffi.api._load_backend_lib(backend, name, flags)``, looked up
when it is called, so replacing it for a while changes how names load.  A cffi that changes
it fails here (weasyprint would then start its library look-up processes again)."""

from __future__ import annotations

import inspect

import cffi
import cffi.api
import pytest

from hyvekit.render.cffi_internals import library_loader


class Called(Exception):
    """The wrapped loader was called (with the name)."""


def _refusing(real):
    def load(backend, name, flags):
        raise Called(name)
    return load


def test_cffi_still_has_its_library_loader():
    loader = getattr(cffi.api, "_load_backend_lib", None)
    assert loader is not None, "cffi.api has no _load_backend_lib"
    assert list(inspect.signature(loader).parameters) == ["backend", "name", "flags"]


def test_dlopen_goes_through_the_loader_while_it_is_replaced_and_not_after():
    real = cffi.api._load_backend_lib
    with library_loader(_refusing) as replaced:
        assert replaced
        with pytest.raises(Called, match="libnothing-such.so.1"):
            cffi.FFI().dlopen("libnothing-such.so.1")
    assert cffi.api._load_backend_lib is real
    with pytest.raises(OSError):
        cffi.FFI().dlopen("libnothing-such.so.1")


def test_the_loader_is_put_back_when_the_block_fails():
    real = cffi.api._load_backend_lib
    with pytest.raises(RuntimeError), library_loader(_refusing):
        raise RuntimeError("stopped")
    assert cffi.api._load_backend_lib is real
