"""The rules core stays in pieces a reader can hold (issue 37; docs/architecture.md, "one
module per concept"): no module of hyvekit/rules over 800 lines, no function or method over 80
lines (its ``def`` line to its last, docstring included), each sub-package checked on its own
(the modules directly in hyvekit/rules as ``rules``).  Read with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "hyvekit" / "rules"
MODULE_LINES = 800
FUNCTION_LINES = 80
#: what is checked: the modules directly in hyvekit/rules (``rules``) and each sub-package
PACKAGES = ["rules", "beez", "hyve", "queenbee", "beelives"]


def _packages() -> list[str]:
    """``rules`` (the modules directly in hyvekit/rules) and every sub-package's name."""
    return ["rules"] + sorted(p.name for p in RULES.iterdir()
                              if p.is_dir() and (p / "__init__.py").exists())


def _modules(package: str) -> list[Path]:
    folder = RULES if package == "rules" else RULES / package
    return sorted(folder.glob("*.py"))


def _too_long(path: Path) -> list[str]:
    """What in ``path`` is over the limits: the module, and each function (``qualified
    name: N lines``)."""
    text = path.read_text(encoding="utf-8")
    name = str(path.relative_to(RULES.parent))
    out = []
    lines = len(text.splitlines())
    if lines > MODULE_LINES:
        out.append(f"{name}: {lines} lines (at most {MODULE_LINES})")

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qualified = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    length = child.end_lineno - child.lineno + 1
                    if length > FUNCTION_LINES:
                        out.append(f"{name}: {qualified} is {length} lines "
                                   f"(at most {FUNCTION_LINES})")
                walk(child, qualified + ".")
            else:
                walk(child, prefix)

    walk(ast.parse(text, filename=name), "")
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_over_800_lines_and_no_function_over_80(package):
    modules = _modules(package)
    assert modules, f"no module in {package}"
    too_long = [line for path in modules for line in _too_long(path)]
    assert not too_long, "split by concept:\n" + "\n".join(too_long)


def test_every_sub_package_of_the_rules_is_checked():
    listed = {p if isinstance(p, str) else p.values[0] for p in PACKAGES}
    assert listed == set(_packages())
