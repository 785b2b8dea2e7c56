"""Finds private names used outside the module that defines them, from the source with
``ast`` (for test_private_names.py).  A private name starts with one underscore and is not a
dunder (``_x``, ``__x``; not ``__init__``, not ``_``).  Three forms of use are found, with
imports inside functions and under ``if TYPE_CHECKING:`` counted too:

- ``from M import _y`` (and ``import M._y``, ``from M._y import z``: a private module);
- ``m._y`` where ``m`` names an imported module or a name imported from one (``m.sub._y``
  too);
- ``obj._y`` (or ``getattr(obj, "_y")``...) where no code of the using module defines ``_y``:
  no class of it has it in its body, nothing assigns ``something._y``, no ``__slots__`` or
  ``setattr`` names it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import source_imports
from source_imports import ROOT


def is_private(name: str) -> bool:
    """A name with a leading underscore that is not a dunder (nor ``_`` alone)."""
    return name.startswith("_") and name != "_" and not (
        name.startswith("__") and name.endswith("__"))


@dataclass(frozen=True)
class Use:
    """A private name used outside its module: where, the name, and whose it is (``owner``:
    the dotted module or imported name it is read off; None for an object the finder cannot
    place)."""

    module: str
    line: int
    name: str
    owner: str | None

    def of_hyvekit(self, package: str = "hyvekit") -> bool:
        """Whether the name belongs to the package (not to a dependency or the standard
        library); an unplaced object's attribute counts as the package's."""
        return self.owner is None or self.owner == package or \
            self.owner.startswith(package + ".")

    def __str__(self) -> str:
        where = f"{self.owner}." if self.owner else "."
        return f"{self.module}:{self.line}: {where}{self.name}"


def _defined(tree: ast.Module) -> set[str]:
    """The attribute names the module's own code defines: in a class body, assigned to an
    attribute, named by ``__slots__`` or ``setattr``; and its module-level names."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    out.add(item.name)
                targets = item.targets if isinstance(item, ast.Assign) else \
                    [item.target] if isinstance(item, ast.AnnAssign) else []
                for t in targets:
                    if isinstance(t, ast.Name):
                        out.add(t.id)
                        if t.id == "__slots__" and isinstance(item.value, (ast.Tuple, ast.List)):
                            out |= {e.value for e in item.value.elts
                                    if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("setattr", "delattr") and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant):
            out.add(node.args[1].value)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


_SCOPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _bindings(scope: ast.AST, importer: str, is_package: bool) -> dict[str, str | None]:
    """The names a scope binds (not those of the scopes inside it): an import's name → the
    dotted module or name it stands for; any other binding (an assignment, a parameter, a
    def) → None."""
    out: dict[str, str | None] = {}

    def bind(name: str, target: str | None) -> None:
        if target is not None or name not in out:
            out[name] = target

    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        args = scope.args
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if a is not None:
                bind(a.arg, None)
    body = [scope.body] if isinstance(scope, ast.Lambda) else scope.body
    todo = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name, None)
            todo += node.decorator_list
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                bind(a.asname or a.name.split(".")[0], a.name if a.asname
                     else a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = source_imports.resolve(node, importer, is_package)
            for a in node.names:
                if a.name != "*":
                    bind(a.asname or a.name, f"{base}.{a.name}")
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bind(node.id, None)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name, None)
        todo += list(ast.iter_child_nodes(node))
    return out


def _chain(node: ast.expr) -> tuple[ast.Name, list[str]] | None:
    """``a.b.c`` as the name ``a`` and ``["b", "c"]``; None when it is not rooted at a plain
    name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return node, parts[::-1]


def uses(path: Path, root: Path = ROOT) -> list[Use]:
    """Every private name the file at ``path`` uses that is not its own."""
    module = source_imports.module_name(path, root)
    is_package = path.name == "__init__.py"
    tree = source_imports.tree(path)
    defined = _defined(tree)
    found: set[Use] = set()

    def dotted_use(line: int, dotted: str) -> None:
        """A private part of an imported dotted name (``m._y``, ``a._b.c``)."""
        parts = dotted.split(".")
        for i, part in enumerate(parts[1:], start=1):
            if is_private(part) and ".".join(parts[:i]) != module:
                found.add(Use(module, line, part, ".".join(parts[:i])))
                return

    def imported(name: str, scopes: list[tuple[ast.AST, dict]]) -> str | None:
        """What ``name`` stands for where it is read: the dotted module or name of the import
        that binds it in the nearest scope binding it (a class body's names are not seen from
        its methods); None: not an import."""
        for i, (scope, names) in enumerate(reversed(scopes)):
            if isinstance(scope, ast.ClassDef) and i > 0:
                continue
            if name in names:
                return names[name]
        return None

    def attribute(line: int, target: ast.expr, name: str, scopes) -> None:
        chain = _chain(target)
        base = imported(chain[0].id, scopes) if chain else None
        if base is not None:
            dotted_use(line, ".".join([base, *chain[1], name]))
        elif name not in defined:
            found.add(Use(module, line, name, None))

    def visit(node: ast.AST, scopes: list) -> None:
        if isinstance(node, _SCOPES):
            scopes = [*scopes, (node, _bindings(node, module, is_package))]
        if isinstance(node, ast.Import):
            for a in node.names:
                dotted_use(node.lineno, a.name)
        elif isinstance(node, ast.ImportFrom):
            base = source_imports.resolve(node, module, is_package)
            for a in node.names:
                dotted_use(node.lineno, f"{base}.{a.name}")
        elif isinstance(node, ast.Attribute) and is_private(node.attr):
            if isinstance(node.ctx, ast.Load):
                attribute(node.lineno, node.value, node.attr, scopes)
            else:                          # assigned: only an imported thing's is not its own
                chain = _chain(node.value)
                base = imported(chain[0].id, scopes) if chain else None
                if base is not None:
                    dotted_use(node.lineno, ".".join([base, *chain[1], node.attr]))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and is_private(node.args[1].value):
            attribute(node.lineno, node.args[0], node.args[1].value, scopes)
        for child in ast.iter_child_nodes(node):
            visit(child, scopes)

    visit(tree, [])
    return sorted(found, key=lambda u: (u.line, u.name))


def package_uses(package: str = "hyvekit", root: Path = ROOT) -> list[Use]:
    """:func:`uses` of every module of ``package``."""
    return [u for path in source_imports.modules(package, root).values()
            for u in uses(path, root)]
