"""Which way the imports go (docs/architecture.md, "Layers"): cli/ and render/ take a game's
rules only through its facade in hyvekit.games (plus the rules' shared errors, values and
checks); rules/ imports no other layer, holds no import circle, and no module of Bee Lives'
month sequencer imports a solo card's module (the cards are plug-ins).  The test reads every
module's imports, those inside functions included (not those only a type checker reads)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import hyvekit
import source_imports
from source_imports import module_name as _module_name, tree as _tree

PACKAGE = Path(hyvekit.__file__).parent
#: the rules modules every layer may import: shared by all games, of no game
SHARED = {"hyvekit.rules.common", "hyvekit.rules.errors", "hyvekit.rules.values",
          "hyvekit.rules.validate", "hyvekit.rules.table", "hyvekit.rules.documents"}
LAYERS = ("cli", "render", "games", "store", "data")


def _run_time_nodes(tree: ast.AST):
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``."""
    return (node for node, type_checking in source_imports.walk(tree) if not type_checking)


@functools.cache
def imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in the file that runs (``from M import N``: ``M.N``
    when ``M.N`` is a module of hyvekit, else ``M``; tests/source_imports.py reads them)."""
    return [(i.line, i.module) for i in source_imports.imports(path) if not i.type_checking]


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


@functools.cache
def _rules_graph() -> dict[str, set[str]]:
    """Module → the modules of rules/ it imports."""
    paths = {_module_name(p): p for p in modules("rules")}
    return {name: {m for _, m in imports(path) if m in paths and m != name}
            for name, path in paths.items()}


def test_no_import_circle_inside_the_rules():
    graph = _rules_graph()
    circles, done = [], set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            circles.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in sorted(graph[node]):
            visit(nxt, path + [node])
        done.add(node)

    for start in sorted(graph):
        visit(start, [])
    assert circles == [], "\n".join(" -> ".join(c) for c in circles)


#: Bee Lives' solo cards (their rules, their tables and the facts they are judged on), the
#: plug-in list, and the campaign modules that put a game together with its cards
CARD_MODULES = {"zombees", "haunted_hives", "under_siege", "wildfire", "three_generations",
                "solo", "solo_cards", "solo_goals", "solofacts"}
ABOVE_THE_CORE = {"cards", "campaign", "campaign_settings", "campaign_month",
                  "campaign_status", "engine", "randomplay", "simulate"}


def test_no_core_module_imports_a_card_module():
    """Bee Lives' sequencer and table meet the solo cards through their hooks only
    (rules/beelives/card_hooks.py); the cards come with the game's components."""
    prefix = "hyvekit.rules.beelives."
    wrong = [f"{name} imports {m}" for name, deps in sorted(_rules_graph().items())
             if name.startswith(prefix)
             and name[len(prefix):] not in CARD_MODULES | ABOVE_THE_CORE
             for m in sorted(deps) if m[len(prefix):] in CARD_MODULES]
    assert wrong == []


def test_no_private_name_is_used_outside_its_module():
    """A helper two modules of rules/ share is public (with its docstring): no module imports
    another's ``_name``, nor reads it off an imported module."""
    paths = {_module_name(p): p for p in modules("rules")}
    wrong = []
    for name, path in sorted(paths.items()):
        tree = _tree(path)
        aliases = {}
        for node in _run_time_nodes(tree):
            if isinstance(node, ast.ImportFrom) and node.module in paths:
                wrong += [f"{name} imports {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
            if isinstance(node, ast.ImportFrom) and node.module:
                aliases.update({a.asname or a.name: f"{node.module}.{a.name}"
                                for a in node.names if f"{node.module}.{a.name}" in paths})
            elif isinstance(node, ast.Import):
                aliases.update({a.asname: a.name for a in node.names
                                if a.name in paths and a.asname})
        wrong += [f"{name} reads {aliases[n.value.id]}.{n.attr}" for n in ast.walk(tree)
                  if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                  and n.value.id in aliases and n.attr.startswith("_")
                  and not n.attr.startswith("__")]
    assert wrong == []
