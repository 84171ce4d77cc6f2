"""The import graph of `src/ragvet` has no circles: files are split by concept, not by size.

Every `import` and `from … import …` counts, also those inside functions and under
TYPE_CHECKING: a lazy import hides a circle from the interpreter, not from the reader.
A package's `__init__` counts as a module of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts)


def _known(name: str, modules: set[str]) -> bool:
    return name in modules or f"{name}.__init__" in modules


def _resolve(importer: str, node: ast.ImportFrom | ast.Import, modules: set[str]) -> set[str]:
    package = importer.rsplit(".", 1)[0]  # the importer's package (for "x.__init__": x)
    targets: set[str] = set()
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        # `from pkg import sub` imports the submodule; `from pkg import obj` the package.
        names = [f"{base}.{a.name}" if _known(f"{base}.{a.name}", modules) else base
                 for a in node.names]
    for name in names:
        if name in modules:
            targets.add(name)
        elif f"{name}.__init__" in modules:
            targets.add(f"{name}.__init__")
    return {t for t in targets if t.startswith("ragvet")}


def import_graph() -> dict[str, set[str]]:
    files = sorted((SRC / "ragvet").rglob("*.py"))
    modules = {_module_name(f) for f in files}
    graph: dict[str, set[str]] = {}
    for file in files:
        name = _module_name(file)
        tree = ast.parse(file.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges |= _resolve(name, node, modules)
        edges.discard(name)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read():
    graph = import_graph()
    assert "ragvet.metrics.core" in graph
    assert "ragvet.judges.base" in graph["ragvet.metrics.core"]


def test_import_graph_is_acyclic():
    cycles = _cycles(import_graph())
    assert not cycles, "import circles:\n" + "\n".join(" ↔ ".join(c) for c in cycles)
