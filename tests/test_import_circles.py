"""No import circle anywhere in hyvekit/ (DESIGN.md, "One Bee Lives engine"): every import
counts, those inside functions and under ``if TYPE_CHECKING:`` too — moving an import out of
sight does not remove a circle.  The circles are the strongly connected components of the
module graph (tests/source_imports.py reads it from the source); each is checked in the area
that holds it, a sub-package (``cli``, ``rules/hyve``...) or ``across areas``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import source_imports
from source_imports import ACROSS, AREAS, area, graph, strongly_connected

@functools.cache
def _graph():
    return graph("hyvekit")


@functools.cache
def _circles() -> dict[str, list[list[str]]]:
    """Area → the circles in it."""
    out: dict[str, list[list[str]]] = {}
    for component in strongly_connected(_graph()):
        areas = {area(m) for m in component}
        out.setdefault(areas.pop() if len(areas) == 1 else ACROSS, []).append(component)
    return out


@pytest.mark.parametrize("where", [*AREAS, ACROSS])
def test_no_import_circle(where):
    circles = _circles().get(where, [])
    assert circles == [], "import circles (break each by putting the shared thing where it " \
        "belongs, not by moving an import out of sight):\n" + \
        "\n".join(source_imports.describe(c, _graph()) for c in circles)


def test_every_module_is_in_an_area():
    """A new sub-package gets its own case above."""
    assert sorted({area(m) for m in _graph()} - set(AREAS)) == []


# --- the walker itself, on a small package ------------------------------------------------

def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_circle_through_a_function_and_one_under_type_checking_are_found(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "def f():\n    from pkg.b import g\n    return g\n",
        "pkg/b.py": "import pkg.a as a\n\ndef g():\n    return a.f\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/c.py": ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                         "    from pkg.sub.d import D\n"),
        "pkg/sub/d.py": "from . import c\n\nclass D:\n    pass\n",
        "pkg/e.py": "from pkg import a\nfrom pkg.sub.d import D\n",
    })
    g = graph("pkg", root)
    assert strongly_connected(g) == [["pkg.a", "pkg.b"], ["pkg.sub.c", "pkg.sub.d"]]
    assert g["pkg.e"].keys() == {"pkg.a", "pkg.sub.d"}       # a module; a name of a module
    assert g["pkg.b"]["pkg.a"].names == ("f",)                # read off the module imported
    told = source_imports.describe(["pkg.sub.c", "pkg.sub.d"], g, root)
    assert "pkg/sub/c.py:4 -> pkg/sub/d.py: D" in told
    assert "pkg/sub/d.py:1 -> pkg/sub/c.py: (module)" in told


def test_a_package_without_a_circle_passes(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "from pkg.a import f\n",
        "pkg/a.py": "from pkg import b\n\ndef f():\n    from .b import g\n    return g\n",
        "pkg/b.py": "def g():\n    import os\n    return os\n",
    })
    assert strongly_connected(graph("pkg", root)) == []


def test_a_longer_circle_is_one_component(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg import b\n", "pkg/b.py": "from pkg import c\n",
        "pkg/c.py": "from pkg import a\nfrom pkg import d\n", "pkg/d.py": "",
    })
    assert strongly_connected(graph("pkg", root)) == [["pkg.a", "pkg.b", "pkg.c"]]
