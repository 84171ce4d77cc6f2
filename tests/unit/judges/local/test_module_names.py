"""No module of the offline judge binds one top-level name twice: a second `_PLACE_NOUNS = …`
or `_EVERY_ONE = …` silently replaces the first for every reader above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ragvet

PACKAGE = Path(ragvet.__file__).parent
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def _top_level_names(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else []
        names += [t.id for t in targets if isinstance(t, ast.Name)]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_top_level_name_is_bound_twice(path) -> None:
    names = _top_level_names(ast.parse(path.read_text(encoding="utf-8")))
    twice = sorted({n for n in names if names.count(n) > 1 and n != "__all__"})
    assert not twice, f"{path.name} binds {twice} more than once"
