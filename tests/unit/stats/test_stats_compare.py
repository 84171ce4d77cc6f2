"""Run comparison: pairing, verdicts, and the `ragvet compare` deployment gate."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.results import RecordResult, write_results_jsonl
from ragvet.stats.compare import compare_runs, pair_results


def make_run(gr: list[float], *, rp: list[float] | None = None, prefix: str = "q"):
    rp = rp or [0.8] * len(gr)
    return [RecordResult(id=str(i), query=f"{prefix} question number {i}?",
                         scores={"GR": g, "RP": p}) for i, (g, p) in enumerate(zip(gr, rp,
                                                                                      strict=True))]


@pytest.fixture
def baseline():
    rng = np.random.default_rng(0)
    return make_run(list(rng.uniform(0.8, 1.0, size=40).round(3)),
                    rp=list(rng.uniform(0.5, 0.9, size=40).round(3)))


def dropped(run, by: float = 0.25, seed: int = 1):
    rng = np.random.default_rng(seed)
    return [RecordResult(id=r.id, query=r.query,
                         scores={"GR": max(0.0, r.scores["GR"] - by * rng.uniform(0.5, 1.5)),
                                 "RP": r.scores["RP"]}) for r in run]


def test_real_groundedness_drop_is_regressed(baseline):
    result = compare_runs(baseline, dropped(baseline), rng=np.random.default_rng(0))
    assert result.verdict("GR") == "regressed"
    assert result.verdict("RP") == "no evidence"
    gr = next(m for m in result.metrics if m.metric == "GR")
    assert gr.difference.high < 0 and gr.n_pairs == 40
    assert result.regressed == ["GR"]


def test_identical_runs_show_no_evidence(baseline):
    result = compare_runs(baseline, list(baseline), rng=np.random.default_rng(0))
    assert {m.verdict for m in result.metrics} == {"no evidence"}


def test_improvement_is_called_improved(baseline):
    result = compare_runs(dropped(baseline), baseline, rng=np.random.default_rng(0))
    assert result.verdict("GR") == "improved"


def test_pairs_by_query_ignoring_order_case_and_spacing(baseline):
    shuffled = [RecordResult(id=f"x{r.id}", query="  " + r.query.upper(), scores=r.scores)
                for r in reversed(baseline)]
    pairs, only_a, only_b = pair_results(baseline, shuffled, by="query")
    assert len(pairs) == 40 and only_a == only_b == 0
    assert all(a.scores == b.scores for a, b in pairs)
    pairs_by_id, only_a, only_b = pair_results(baseline, shuffled, by="id")
    assert pairs_by_id == [] and only_a == only_b == 40


def test_missing_scores_and_too_few_pairs_are_not_comparable():
    a = [RecordResult(id="1", query="q", scores={"GR": 0.5}),
         RecordResult(id="2", query="r", scores={"GR": None})]
    b = [RecordResult(id="1", query="q", scores={"GR": 0.4}),
         RecordResult(id="2", query="r", scores={"GR": 0.3})]
    result = compare_runs(a, b, rng=np.random.default_rng(0))
    assert result.verdict("GR") == "not comparable"
    assert result.metrics[0].n_pairs == 1


def test_cli_gate_fails_on_regression(tmp_path, baseline):
    old, new, same = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    write_results_jsonl(baseline, old)
    write_results_jsonl(dropped(baseline), new)
    write_results_jsonl(baseline, same)
    runner = CliRunner()
    app = build_app()
    report = tmp_path / "cmp.json"
    bad = runner.invoke(app, ["compare", str(old), str(new), "--fail-on-regression",
                              "--json", str(report)])
    assert bad.exit_code == 1, bad.output
    assert "regressed" in bad.output
    assert json.loads(report.read_text())["metrics"][0]["verdict"] == "regressed"
    ok = runner.invoke(app, ["compare", str(old), str(same), "--fail-on-regression"])
    assert ok.exit_code == 0, ok.output
    assert "no evidence" in ok.output
    warn_only = runner.invoke(app, ["compare", str(old), str(new)])
    assert warn_only.exit_code == 0


def test_cli_bootstrap_prints_interval_and_convergence(tmp_path, baseline):
    path = tmp_path / "a.jsonl"
    write_results_jsonl(baseline, path)
    out = CliRunner().invoke(build_app(), ["bootstrap", str(path), "--convergence",
                                           "--metrics", "GR"])
    assert out.exit_code == 0, out.output
    mean = np.mean([r.scores["GR"] for r in baseline])
    assert f"{mean:.3f}" in out.output
    assert "SE convergence GR: B=50" in out.output


def test_cli_rejects_missing_run(tmp_path):
    out = CliRunner().invoke(build_app(), ["compare", str(tmp_path / "nope.jsonl"),
                                           str(tmp_path / "nope.jsonl")])
    assert out.exit_code == 2


def test_report_view_gives_plain_rows_with_intervals(baseline):
    from ragvet.stats.compare import report_view

    rows = report_view([*baseline, RecordResult(id="x", query="x", scores={"GR": None})])
    gr = next(r for r in rows if r["metric"] == "GR")
    assert gr["n"] == 40 and gr["low"] < gr["estimate"] < gr["high"]
    assert json.loads(json.dumps(rows)) == rows


def test_cli_warns_when_the_runs_were_judged_differently(tmp_path, baseline):
    soft, plain, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    write_results_jsonl(baseline, soft, judge={"id": "local:local-v4"})
    write_results_jsonl(baseline, plain, judge={"id": "local:local-v4:yes-no"})
    write_results_jsonl(baseline, again, judge={"id": "local:local-v4"})
    app = build_app()
    out = CliRunner().invoke(app, ["compare", str(soft), str(plain)], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "judged differently (local:local-v4 vs local:local-v4:yes-no)" in out.output
    same = CliRunner().invoke(app, ["compare", str(soft), str(again)])
    assert "judged differently" not in same.output
