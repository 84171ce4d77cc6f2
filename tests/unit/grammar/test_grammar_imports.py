"""Importing the grammar modules and registering the CLI loads no database or HTTP library."""

from __future__ import annotations

import subprocess
import sys


def test_grammar_imports_are_light():
    code = (
        "import sys\n"
        "import ragvet.grammar.analyze, ragvet.grammar.report, ragvet.grammar.run\n"
        "import ragvet.systems\n"
        "import ragvet.grammar.templates, ragvet.grammar.fill, ragvet.grammar.correctness\n"
        "import ragvet.grammar.writer, ragvet.grammar.example\n"
        "from ragvet.cli.app import build_app; build_app()\n"
        "heavy = {'sqlalchemy', 'sqlglot', 'yaml', 'httpx', 'torch'}\n"
        "print(sorted(heavy & set(sys.modules)))\n")
    out = subprocess.check_output([sys.executable, "-c", code], text=True)
    assert out.strip() == "[]"
