"""Documentation stays true to the code: python blocks run, and shown output matches."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["docs/thelma.md", "docs/results-format.md"]
BLOCK = re.compile(r"```python\n(?P<code>.*?)```(?:\s*prints\s*```text\n(?P<out>.*?)```)?", re.S)


def blocks():
    for name in DOCS:
        for i, match in enumerate(BLOCK.finditer((ROOT / name).read_text())):
            yield pytest.param(match["code"], match["out"], id=f"{name}#{i}")


@pytest.mark.parametrize(("code", "expected"), list(blocks()))
def test_doc_block_runs_and_prints_what_the_doc_shows(code, expected, tmp_path):
    if "results.jsonl" in code:
        (tmp_path / "results.jsonl").write_text(
            (ROOT / "tests/unit/data/results-sample.jsonl").read_text())
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    if expected is not None:
        strip = lambda text: [line.rstrip() for line in text.strip().splitlines()]  # noqa: E731
        assert strip(proc.stdout) == strip(expected)
