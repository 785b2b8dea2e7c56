"""weasyprint imported in one place (hyvekit/render/weasy.py): its libraries found by their
versioned names without ``ctypes.util.find_library`` (which starts ldconfig, gcc and ld),
weasyprint's own look-up when those fail, and the advice about HarfBuzz's subsetting library
given once per user."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: a child that counts find_library's calls while weasyprint is imported one way or the other
COUNT = """
import ctypes.util, sys
calls = []
real = ctypes.util.find_library
ctypes.util.find_library = lambda name: calls.append(name) or real(name)
{setup}
print(len(calls), 'weasyprint' in sys.modules)
"""


def _child(setup: str) -> tuple[int, bool]:
    out = subprocess.run([sys.executable, "-c", COUNT.format(setup=setup)],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    calls, loaded = out.split()
    return int(calls), loaded == "True"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux library names")
def test_weasyprint_is_imported_without_a_library_look_up():
    assert _child("import weasyprint")[0] > 0           # weasyprint's own way looks up
    calls, loaded = _child("from hyvekit.render.weasy import weasyprint\nweasyprint()")
    assert (calls, loaded) == (0, True)


def test_when_the_versioned_names_fail_weasyprint_looks_them_up_itself():
    calls, loaded = _child(
        "import hyvekit.render.weasy as W\n"
        "def refuse(real):\n"
        "    def load(backend, name, flags):\n"
        "        raise OSError(name)\n"
        "    return load\n"
        "W._versioned_only = refuse\n"
        "W.weasyprint()")
    assert loaded and calls > 0


def test_the_subsetting_advice_is_given_once_per_user(monkeypatch, tmp_path, capsys):
    from hyvekit.cli import printing
    from hyvekit.render import weasy
    monkeypatch.setenv("HYVEKIT_CACHE", str(tmp_path / "cache" / "states"))
    monkeypatch.setattr(weasy, "subsets_in_python", lambda: True)
    printing._subset_advice()
    printing._subset_advice()
    err = capsys.readouterr().err
    assert err.count("libharfbuzz-subset0") == 1 and "pure Python" in err
    monkeypatch.setattr(weasy, "subsets_in_python", lambda: False)
    monkeypatch.setenv("HYVEKIT_CACHE", str(tmp_path / "other" / "states"))
    printing._subset_advice()
    assert capsys.readouterr().err == ""
