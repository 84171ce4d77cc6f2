"""THELMA end to end with the offline judge: library API and `ragvet evaluate` CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ragvet import evaluate, load_records
from ragvet.judges.factory import make_judge
from ragvet.metrics.diagnosis import decided_scores

ROOT = Path(__file__).resolve().parents[3]
FIXTURE = ROOT / "tests" / "fixtures" / "local_judge_records.jsonl"
EXAMPLES = ROOT / "examples" / "records.jsonl"


@pytest.fixture(scope="module")
def judge():
    return make_judge("local")


def test_scores_tell_the_good_record_from_the_flawed_ones(judge):
    run = evaluate(load_records(FIXTURE), "thelma", judge, max_concurrency=16)
    by_id = {r.id: r for r in run.results}
    good, wrong, repetitive = by_id["tower-good"], by_id["tower-wrong-year"], \
        by_id["router-repetitive"]
    assert not any(r.errors for r in run.results)
    # scores are expected shares (verdicts carry the judge's probability); the decisions
    # behind them are plain yes/no
    good_yes, wrong_yes = (decided_scores(r.scores, r.components) for r in (good, wrong))
    assert good.scores["GR"] > 0.8 and wrong.scores["GR"] < 0.5
    assert good_yes["GR"] == 1.0 and good_yes["SQC"] == 1.0 and good_yes["RQC"] == 1.0
    assert wrong_yes["SP1"] == 0.5  # the city source holds nothing essential
    assert wrong.scores["SP1"] < good.scores["SP1"]
    assert repetitive.scores["SD"] < 1.0 and good.scores["SD"] == 1.0
    gr_reasons = [c.reason for c in wrong.components if c.metric == "GR" and not c.verdict]
    assert any("no source sentence mentions 1856" in r for r in gr_reasons)
    assert run.judge["params_version"] == judge.describe()["params_version"]


@pytest.mark.skipif(not EXAMPLES.exists(), reason="bundled examples not on this branch yet")
def test_bundled_examples_score_without_errors(judge):
    run = evaluate(load_records(EXAMPLES), "thelma", judge, max_concurrency=16)
    assert run.results and not any(r.errors for r in run.results)
    for result in run.results:
        assert all(v is None or 0.0 <= v <= 1.0 for v in result.scores.values())


def test_cli_evaluate_uses_the_local_judge_by_default(tmp_path):
    out = tmp_path / "results.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120"}
    proc = subprocess.run([sys.executable, "-m", "ragvet", "evaluate", str(FIXTURE),
                           "--out", str(out)], env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "GR" in proc.stdout and "Results written to" in proc.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3
    assert rows[0]["judge"]["params_version"].startswith("local-v")
