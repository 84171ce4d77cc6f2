"""Tuning code lives in training/, outside the installed package, and ragvet never imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import ragvet

SRC = Path(ragvet.__file__).resolve().parent


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_runtime_package_never_imports_training_code():
    offenders = {str(path.relative_to(SRC)): sorted(n for n in _imported_modules(path)
                                                    if n.split(".")[0] == "training")
                 for path in SRC.rglob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_fitting_modules_ship_in_ragvet():
    shipped = {str(p.relative_to(SRC)) for p in SRC.rglob("*.py")}
    assert not shipped & {"judges/local/fit.py", "judges/local/datasets.py",
                          "stats/fit_combiner.py"}
