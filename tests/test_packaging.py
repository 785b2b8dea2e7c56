"""hyvekit installs as a wheel that carries its templates and data tables."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("hatchling")
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for folder in ("hyvekit", "templates"):
        shutil.copytree(ROOT / folder, src / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                    "--no-build-isolation", "-w", str(out), "-q"], check=True,
                   capture_output=True)
    (built,) = out.glob("hyvekit-*.whl")
    return built


def test_wheel_carries_templates_data_and_the_console_script(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "hyvekit = hyvekit.cli.app:main" in zf.read(entry_points).decode()
    packaged = {Path(p).name for p in (ROOT / "templates").iterdir() if p.is_file()}
    assert packaged, "the templates folder is empty"
    for name in packaged:
        assert f"hyvekit/templates/{name}" in names
    assert "hyvekit/data/hyve_legacy.toml" in names


def test_installed_wheel_finds_its_templates_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
            "import hyvekit; from hyvekit.render.env import templates_dir\n"
            "from hyvekit.data.hyve import legacy_sheets\n"
            "print(hyvekit.__file__); print(templates_dir()); print(len(legacy_sheets()))")
    out = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith(str(site))
    assert Path(out[1]) == site / "hyvekit" / "templates" and Path(out[1]).is_dir()
    assert int(out[2]) >= 1
