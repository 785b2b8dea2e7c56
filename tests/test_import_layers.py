"""Which way the imports go (docs/architecture.md, "Layers"): cli/ and render/ take a game's
rules only through its facade in hyvekit.games (plus the rules' shared errors, values and
checks); rules/ imports no other layer.  The test reads every module's imports, those inside
functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hyvekit

PACKAGE = Path(hyvekit.__file__).parent
#: the rules modules every layer may import: shared by all games, of no game
SHARED = {"hyvekit.rules.common", "hyvekit.rules.errors", "hyvekit.rules.values",
          "hyvekit.rules.validate", "hyvekit.rules.table", "hyvekit.rules.documents"}
LAYERS = ("cli", "render", "games", "store", "data")


def imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in the file (``from M import N``: ``M.N`` when
    ``M.N`` is a module of hyvekit, else ``M``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                is_module = (PACKAGE.parent / (sub.replace(".", "/") + ".py")).exists() or \
                    (PACKAGE.parent / sub.replace(".", "/")).is_dir()
                out.append((node.lineno, sub if is_module else node.module))
    return out


def modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", ["cli", "render"])
def test_the_faces_take_a_games_rules_only_through_its_facade(layer):
    wrong = [f"{path.relative_to(PACKAGE)}:{line}: {module}"
             for path in modules(layer) for line, module in imports(path)
             if module.startswith("hyvekit.rules") and module not in SHARED]
    assert wrong == [], "import the game's facade (hyvekit.games.GAME) instead:\n" + \
        "\n".join(wrong)


def test_the_rules_import_no_other_layer():
    wrong = [f"{path.relative_to(PACKAGE)}:{line}: {module}"
             for path in modules("rules") for line, module in imports(path)
             if any(module.startswith(f"hyvekit.{layer}") for layer in LAYERS)]
    assert wrong == []


def test_every_name_a_facade_offers_is_there():
    """A facade's table names only what its rules module defines."""
    import importlib
    for game in ("beelives", "hyve", "beez", "queenbee"):
        facade = importlib.import_module(f"hyvekit.games.{game}")
        for name in facade.RULES:
            assert getattr(facade, name) is not None, (game, name)
        with pytest.raises(AttributeError):
            getattr(facade, "no_such_name")
