"""Reads a package's imports from its source with ``ast``, for the tests of which way the
imports go (test_import_layers.py), of import circles (test_import_circles.py) and of private
names (private_names.py); and the areas of hyvekit/ those tests check one by one.

Every import counts: at module level, inside functions, and under ``if TYPE_CHECKING:``
(marked as such, so a test may leave those out). Relative imports are resolved against the
importing module. ``import M`` imports ``M``; ``from M import N`` imports ``M.N`` when that is
a module of the package read, else ``M``. Everything here takes the folder that holds the
top-level package (``root``), so a test can build a small package in ``tmp_path``.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import hyvekit

#: the folder that holds the ``hyvekit`` package
ROOT = Path(hyvekit.__file__).parent.parent

#: every area of hyvekit/: the top-level sub-packages, rules/ by game, and the package's own
#: modules; what has modules of two areas (a circle) is ``across areas``
AREAS = ("hyvekit", "cli", "data", "games", "render", "store", "web", "rules", "rules/beelives",
         "rules/beez", "rules/hyve", "rules/queenbee")
ACROSS = "across areas"


def area(module: str) -> str:
    """The area of a dotted module name of hyvekit: ``hyvekit.cli.app`` → ``cli``,
    ``hyvekit.rules.hyve.turn`` → ``rules/hyve``, ``hyvekit.rules.table`` → ``rules``."""
    parts, folder = module.split(".")[1:], ROOT / "hyvekit"
    if not parts or not (folder / parts[0]).is_dir():
        return "hyvekit"                          # the package's own modules (__main__)
    if parts[0] == "rules" and len(parts) > 1 and (folder / "rules" / parts[1]).is_dir():
        return f"rules/{parts[1]}"
    return parts[0]


@dataclass(frozen=True)
class Import:
    """One module imported by one ``import`` statement.

    ``names``: what it takes from the module (``from M import a, b``: ``("a", "b")``; a whole
    module imported: ``()``). ``type_checking``: the statement is under ``if TYPE_CHECKING:``.
    """

    line: int
    module: str
    names: tuple[str, ...]
    type_checking: bool


@functools.cache
def tree(path: Path) -> ast.Module:
    """The parsed source of ``path`` (cached)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module_name(path: Path, root: Path = ROOT) -> str:
    """The dotted name of the module at ``path`` (a package's ``__init__.py``: the package)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` (dotted, e.g. ``hyvekit.cli``) by name, sub-packages
    included, in name order."""
    folder = root / package.replace(".", "/")
    return {module_name(p, root): p for p in sorted(folder.rglob("*.py"))}


def is_module(dotted: str, root: Path = ROOT) -> bool:
    """Whether ``dotted`` names a module or package under ``root``."""
    where = root / dotted.replace(".", "/")
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def walk(node: ast.AST, type_checking: bool = False) -> Iterator[tuple[ast.AST, bool]]:
    """Every node under ``node`` with whether it is inside ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            yield child, type_checking
            for part in child.body:
                yield part, True
                yield from walk(part, True)
            for part in child.orelse:
                yield part, type_checking
                yield from walk(part, type_checking)
            continue
        yield child, type_checking
        yield from walk(child, type_checking)


def resolve(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from`` import names (``from ..x import y`` in ``a.b.c``:
    ``a.x``)."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@functools.cache
def imports(path: Path, root: Path = ROOT) -> tuple[Import, ...]:
    """Every module the file at ``path`` imports, with the line and what it takes."""
    importer = module_name(path, root)
    is_package = path.name == "__init__.py"
    out = []
    for node, type_checking in walk(tree(path)):
        if isinstance(node, ast.Import):
            out += [Import(node.lineno, a.name, (), type_checking) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = resolve(node, importer, is_package)
            whole: list[str] = []
            for a in node.names:
                sub = f"{base}.{a.name}"
                if a.name != "*" and is_module(sub, root):
                    out.append(Import(node.lineno, sub, (), type_checking))
                else:
                    whole.append(a.name)
            if whole:
                out.append(Import(node.lineno, base, tuple(whole), type_checking))
    return tuple(out)


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target``: at these lines, taking these names (or, for a module
    imported whole, the attributes the source reads off it)."""

    source: str
    target: str
    lines: tuple[int, ...]
    names: tuple[str, ...]


def _attributes_read(path: Path, module: str) -> set[str]:
    """The attributes ``path`` reads off ``module`` when it imports it whole (``import a.b
    as m; m.x`` or ``from a import b; b.x``)."""
    aliases = set()
    for node, _ in walk(tree(path)):
        if isinstance(node, ast.Import):
            aliases |= {a.asname for a in node.names if a.name == module and a.asname}
        elif isinstance(node, ast.ImportFrom):
            aliases |= {a.asname or a.name for a in node.names
                        if module.endswith(f".{a.name}")}
    return {n.attr for n in ast.walk(tree(path))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id in aliases}


def graph(package: str, root: Path = ROOT) -> dict[str, dict[str, Edge]]:
    """Module → the modules of ``package`` it imports → the edge (lines, names)."""
    paths = modules(package, root)
    out: dict[str, dict[str, Edge]] = {}
    for name, path in paths.items():
        found: dict[str, tuple[set[int], set[str]]] = {}
        for imp in imports(path, root):
            if imp.module in paths and imp.module != name:
                lines, names = found.setdefault(imp.module, (set(), set()))
                lines.add(imp.line)
                names |= set(imp.names) or _attributes_read(path, imp.module) or {"(module)"}
        out[name] = {target: Edge(name, target, tuple(sorted(lines)), tuple(sorted(names)))
                     for target, (lines, names) in sorted(found.items())}
    return out


def strongly_connected(graph: dict[str, dict[str, Edge]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), each sorted, in name order: every import circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, {})))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def describe(component: list[str], graph: dict[str, dict[str, Edge]],
             root: Path = ROOT) -> str:
    """A circle as its file → file edges, each with its lines and the names that tie them."""
    members = set(component)

    def file(name: str) -> str:
        path = root / name.replace(".", "/")
        return str((path / "__init__.py" if path.is_dir() else path.with_suffix(".py"))
                   .relative_to(root))

    lines = [f"circle of {len(component)} modules:"]
    for source in component:
        for target, edge in graph[source].items():
            if target in members:
                lines.append(f"  {file(source)}:{','.join(map(str, edge.lines))} -> "
                             f"{file(target)}: {', '.join(edge.names)}")
    return "\n".join(lines)
