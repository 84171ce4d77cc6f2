"""A plugin installed with pip is named on the command line: its metric, judge and report
section are found through ragvet's entry-point groups, with no ragvet code naming them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[3]
PLUGIN = ROOT / "tests" / "fixtures" / "ragvet_plugin_demo"


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory) -> str:
    """The demo plugin installed for real (pip, into a throwaway --target directory)."""
    pytest.importorskip("setuptools")  # the plugin's build backend, used without isolation
    work = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(PLUGIN, work / "src")
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--disable-pip-version-check",
                    "--target", str(target), str(source)], check=True, timeout=300)
    return str(target)


def ragvet(plugin_path: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([plugin_path, str(ROOT / "src")])}
    return subprocess.run([sys.executable, "-m", "ragvet", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300)


def test_plugin_metric_and_judge_run_from_the_cli(plugin_path, tmp_path):
    out = tmp_path / "results.jsonl"
    done = ragvet(plugin_path, "evaluate", str(ROOT / "examples" / "records.jsonl"),
                  "--metrics", "demo", "--judge", "demo:hello", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr + done.stdout
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert results and all(set(r["scores"]) == {"demo_words"} for r in results)
    assert all(r["scores"]["demo_words"] in (0.0, 1.0) for r in results)
    assert {r["judge"]["id"] for r in results} == {"demo:hello"}
    assert any(c["metric"] == "demo_words" and c["reason"].endswith("words")
               for r in results for c in r["components"])

    report = tmp_path / "report.html"
    done = ragvet(plugin_path, "report", str(out), "--out", str(report), cwd=tmp_path)
    assert done.returncode == 0, done.stderr + done.stdout
    html = report.read_text()
    assert '<section id="demo">' in html
    assert html.index('<section id="demo">') < html.index('<section id="records">')


def test_the_metric_is_found_by_id_and_built_in_names_still_work(plugin_path, tmp_path):
    code = ("from ragvet.metrics.registry import resolve_metrics\n"
            "print([m.id for m in resolve_metrics('demo_words,GR')])")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([plugin_path, str(ROOT / "src")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['demo_words', 'GR']"
