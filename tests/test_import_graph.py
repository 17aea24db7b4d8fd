"""No package of evo_lessons imports another that imports it back (issue 19 §3), and no module
another module that imports it back (issue 37).

The graph is read from the source, not from ``sys.modules``: every ``import`` and ``from ...
import`` in every module, at the top or inside a function (a lazy import is still an arrow),
except those under ``if TYPE_CHECKING:`` (annotations only, never run). A node is a package
below ``evo_lessons`` (``engine``, ``widgets``, ``population``, ``classroom``, ``lessons``, and
each game ``games.<name>``); the package root (``evo_lessons/__init__.py``, the registry and
the facade that lazily re-exports the widget) is left out, as every package reads the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import evo_lessons

ROOT = Path(evo_lessons.__file__).parent


def node_of(module: str) -> str | None:
    """The package node of a dotted module name inside evo_lessons (None: outside, or root)."""
    parts = module.split(".")
    if parts[0] != "evo_lessons" or len(parts) < 2:
        return None
    if parts[1] == "games":
        return ".".join(parts[:3]) if len(parts) > 2 else "evo_lessons.games"
    return ".".join(parts[:2])


def module_name(path: Path) -> str:
    relative = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path) -> set[str]:
    """Every module a file imports (absolute names), TYPE_CHECKING blocks left out."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        source = node_of(module_name(path))
        if source is None:
            continue
        arrows = graph.setdefault(source, set())
        for target in imports_of(path):
            node = node_of(target)
            if (
                node is not None
                and node != source
                and (ROOT.parent / node.replace(".", "/")).is_dir()
            ):
                arrows.add(node)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk (each reported once, from its first node)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                found.append([*stack[stack.index(target) :], target])
            elif target not in state:
                walk(target)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def test_the_graph_is_read_from_every_package():
    graph = package_graph()
    assert {"evo_lessons.engine", "evo_lessons.classroom", "evo_lessons.population"} <= set(graph)
    assert "evo_lessons.engine" in graph["evo_lessons.classroom"]


def test_no_package_imports_another_that_imports_it_back():
    assert circles(package_graph()) == []


def test_the_engine_imports_nothing_above_it():
    assert package_graph()["evo_lessons.engine"] == set()


def test_the_walk_finds_a_planted_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def module_graph() -> dict[str, set[str]]:
    """Module to module: every file's imports of other files of evo_lessons (lazy ones too).

    ``from package import name`` is an arrow to ``package.name`` when that is a module, else to
    the package's ``__init__``. The registry root is left out, as in the package graph.
    """
    modules = {module_name(path) for path in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        source = module_name(path)
        if source == "evo_lessons":
            continue
        arrows = graph.setdefault(source, set())
        for target in imports_of(path):
            if target in modules and target not in {source, "evo_lessons"}:
                arrows.add(target)
        # a submodule imported as a name of its package is not an arrow to the package too
        arrows -= {a for a in arrows if any(b.startswith(a + ".") for b in arrows)}
    return graph


def test_the_module_graph_reads_lazy_imports():
    graph = module_graph()
    # spec.py loads a save's replay (record) only inside GameSpec.load: a lazy arrow still counts
    assert "evo_lessons.engine.record" in graph["evo_lessons.engine.spec"]
    # TYPE_CHECKING imports are annotations only: record names the state in them alone
    assert "evo_lessons.engine.state" not in graph["evo_lessons.engine.record"]


def test_no_module_imports_another_that_imports_it_back():
    """Not even through a function-level import: a circle of modules is one module in two files
    (lessons' lesson/restore and widgets/resultbox, engine's record/spec/state were)."""
    assert circles(module_graph()) == []
