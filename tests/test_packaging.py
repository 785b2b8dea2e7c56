"""hyvekit installs as a wheel that carries its templates and data tables."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]


def test_wheel_carries_templates_data_and_the_console_script(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "hyvekit = hyvekit.cli.entry:main" in zf.read(entry_points).decode()
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


def _site(wheel, tmp_path) -> Path:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    return site


def _hyvekit(site: Path, cwd: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    """``hyvekit ARGS`` run from the unpacked wheel (the project's libraries beside it), in
    ``cwd``, with ``home`` as HOME and no campaigns folder chosen."""
    import os
    env = {k: v for k, v in os.environ.items()
           if k not in ("HYVEKIT_CAMPAIGNS", "XDG_DATA_HOME", "PYTHONPATH")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), COLUMNS="100")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); sys.argv = ['hyvekit'] + "
            "sys.argv[2:]\nfrom hyvekit.cli.entry import main; main()")
    return subprocess.run([sys.executable, "-c", code, str(site), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_wheel_carries_the_examples_and_the_format_docs(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert "hyvekit/_examples/examples/hyve/standard-legal.toml" in names
    assert "hyvekit/_examples/docs/examples/beez-score.toml" in names
    assert "hyvekit/_examples/docs/hyve-table.md" in names


def test_installed_hyvekit_keeps_records_per_user_and_runs_every_help_example(wheel, tmp_path):
    import re
    site = _site(wheel, tmp_path)
    home = tmp_path / "home"
    one, two = tmp_path / "one", tmp_path / "two"
    for d in (home, one, two):
        d.mkdir()
    made = _hyvekit(site, one, home, "hyve", "legacy", "new", "Far run")
    assert made.returncode == 0, made.stderr
    listed = _hyvekit(site, two, home, "campaign", "list")
    assert listed.returncode == 0 and "far-run" in listed.stdout
    assert (home / ".local" / "share" / "hyvekit" / "campaigns" / "far-run.json").is_file()
    # the campaigns some help examples name, set up as their files' headers say
    for run in ("Example run", "Summer run"):
        assert _hyvekit(site, one, home, "hyve", "legacy", "new", run, "--easy").returncode == 0
        cid = run.lower().replace(" ", "-")
        assert _hyvekit(site, one, home, "hyve", "legacy", "shop", cid, "--bread", "1",
                        "--bread", "1", "--perk", "deep-stores", "--hp", "red:2",
                        "--population", "red:2").returncode == 0
        assert _hyvekit(site, one, home, "hyve", "legacy", "start", cid, "--yes").returncode == 0
    assert _hyvekit(site, one, home, "beelives", "new", "League", "-p", "Susan:prolific", "-p",
                    "Jeremy:aggressive").returncode == 0
    examples = set()
    for module in (ROOT / "hyvekit" / "cli").glob("*.py"):
        for m in re.finditer(r"Example: hyvekit ([^\n]*?(?:examples|docs)/[^\n]*)",
                             module.read_text()):
            text = m.group(1).split(" (")[0].strip()
            examples.add(re.sub(r'"\)*,?$', "", text).rstrip("."))
    assert len(examples) >= 6
    for example in sorted(examples):
        r = _hyvekit(site, two, home, *__import__("shlex").split(example))
        assert r.returncode in (0, 1), (example, r.stderr)
        assert "internal error" not in r.stderr and "an existing" not in r.stderr, example
