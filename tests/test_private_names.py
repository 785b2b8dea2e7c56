"""No private name used outside its module, anywhere in hyvekit/ (DESIGN.md, "One engine
shape"): a helper two modules share is public, with its docstring.  tests/private_names.py
finds the uses (``from M import _y``, ``m._y``, ``obj._y`` of no class of the using module),
counting imports inside functions and under ``if TYPE_CHECKING:``.

A dependency's private API is used only where no public one serves, and then only in that
dependency's one wrapper module (:data:`WRAPPERS`), whose test fails when the dependency
changes what it relies on.
"""

from __future__ import annotations

import functools

import pytest

import source_imports
from private_names import Use, package_uses, uses
from source_imports import AREAS, area

#: wrapper module → the dependency whose private API it alone may use, and its test
WRAPPERS = {
    "hyvekit.cli.typer_patches": ("typer", "tests/cli/test_typer_patches.py"),
    "hyvekit.render.pypdf_internals": ("pypdf", "tests/render/test_pypdf_internals.py"),
    "hyvekit.render.cffi_internals": ("cffi", "tests/render/test_cffi_internals.py"),
}


def allowed(use: Use, wrappers=WRAPPERS) -> bool:
    """Whether ``use`` is its dependency's private name in that dependency's wrapper (an
    attribute of an object the finder cannot place counts as the dependency's there)."""
    dependency = wrappers.get(use.module, (None,))[0]
    return dependency is not None and (
        use.owner is None or use.owner.split(".")[0] == dependency)


@functools.cache
def _wrong() -> dict[str, list[str]]:
    """Area → the uses found there that are not allowed."""
    out: dict[str, list[str]] = {}
    for use in package_uses("hyvekit"):
        if not allowed(use):
            out.setdefault(area(use.module), []).append(str(use))
    return out


@pytest.mark.parametrize("where", AREAS)
def test_no_private_name_is_used_outside_its_module(where):
    assert _wrong().get(where, []) == [], (
        "make the name public (with a docstring) in the module that owns it, or move the "
        "code that needs it there; a dependency's private API goes in its wrapper module")


def test_each_wrapper_is_a_module_with_its_test():
    root = source_imports.ROOT
    for module, (dependency, test) in WRAPPERS.items():
        assert (root / (module.replace(".", "/") + ".py")).is_file(), module
        assert (root / test).is_file(), test


# --- the finder itself, on a small package ------------------------------------------------

A = '''\
_CONST = 1


class Box:
    """Keeps its own."""

    def __init__(self):
        self._mine = 1

    def _helper(self):
        return self._mine


def _shared():
    return _CONST
'''

B = '''\
import json
from typing import TYPE_CHECKING

import pkg.a as alias
from pkg import a
from pkg.a import _shared

if TYPE_CHECKING:
    from pkg.a import _CONST


def f(box):
    from pkg.a import Box
    a._shared()
    box._mine
    getattr(box, "_hidden")
    json._default_decoder
    return alias._CONST, Box._helper


class Own:
    def __init__(self):
        self._x = 1

    def g(self):
        return self._x


def h(a):
    return a._x
'''


def test_the_finder_finds_each_form(tmp_path):
    for name, text in {"pkg/__init__.py": "", "pkg/a.py": A, "pkg/b.py": B}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert uses(tmp_path / "pkg/a.py", tmp_path) == []
    found = [str(u) for u in uses(tmp_path / "pkg/b.py", tmp_path)]
    assert found == [
        "pkg.b:6: pkg.a._shared",              # from M import _y
        "pkg.b:9: pkg.a._CONST",               # ... under TYPE_CHECKING
        "pkg.b:14: pkg.a._shared",             # m._y
        "pkg.b:15: ._mine",                    # obj._y: no class of b has _mine
        "pkg.b:16: ._hidden",                  # getattr(obj, "_y")
        "pkg.b:17: json._default_decoder",     # a dependency's
        "pkg.b:18: pkg.a._CONST",
        "pkg.b:18: pkg.a.Box._helper",         # a name imported in the function
    ]                                          # not h's a._x: a is its parameter there


def test_a_dependencys_private_name_is_allowed_only_in_its_wrapper():
    wrappers = {"pkg.pdf_internals": ("pypdf", "")}
    assert allowed(Use("pkg.pdf_internals", 1, "_add_object", None), wrappers)
    assert allowed(Use("pkg.pdf_internals", 1, "_writer", "pypdf"), wrappers)
    assert not allowed(Use("pkg.pdf_internals", 1, "_chart", "pkg.reports"), wrappers)
    assert not allowed(Use("pkg.pdf_internals", 1, "_typing", "typer"), wrappers)
    assert not allowed(Use("pkg.pdf", 1, "_add_object", None), wrappers)
    assert not allowed(Use("pkg.pdf", 1, "_writer", "pypdf"), wrappers)


def test_the_wrappers_are_the_package_own_modules():
    """The wrappers' names are public: importing one is no private use."""
    assert all(not part.startswith("_") for module in WRAPPERS for part in module.split("."))
