"""The one gate: floors and regression, shared by Run.check, the CLI and the pytest plugin."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

import ragvet
from ragvet import ConfigError, ScriptedJudge, make_record
from ragvet.cli.app import build_app
from ragvet.engine import Run
from ragvet.metrics.core import Component
from ragvet.results import RecordResult, write_results_jsonl

GOOD = make_record(id="good", query="Capital of France?", sources=["Paris is the capital."],
                   response="Paris is the capital.")
BAD = make_record(id="bad", query="Capital of Spain?", sources=["Madrid is the capital."],
                  response="Barcelona is the capital. It has 9 towers.")


def judge() -> ScriptedJudge:
    return ScriptedJudge(
        claims={GOOD.response: ["Paris is the capital."],
                BAD.response: ["Barcelona is the capital.", "It has 9 towers."]},
        supported={"Paris is the capital.": True, "Barcelona is the capital.": False,
                   "It has 9 towers.": False})


@pytest.fixture(scope="module")
def run() -> Run:
    return ragvet.evaluate([GOOD, BAD], ["GR"], judge())


def test_floors_pass_and_fail_on_the_dataset_mean(run):
    assert run.check(GR=0.5).passed
    report = run.check(GR=0.6)
    assert not report and report.line() == "GR mean 0.500 < 0.6"
    assert [f.kind for f in report.failures] == ["floor"]


def test_failure_message_lists_worst_records_with_their_rejected_claims(run):
    text = run.check({"GR": 0.9}).explain()
    lines = text.splitlines()
    assert lines[0] == "ragvet gate failed: GR mean 0.500 < 0.9"
    assert lines[1] == "worst records for GR:"
    assert lines[2].startswith("  - bad: GR 0.000 · Capital of Spain?")
    assert "claim 0 (no): Barcelona is the capital." in text
    assert "claim 1 (no): It has 9 towers." in text
    assert text.index("- bad") < text.index("- good")  # lowest first


def test_a_floor_for_a_metric_the_run_did_not_score_is_a_mistake(run):
    with pytest.raises(ConfigError, match="did not score: RP"):
        run.check(RP=0.5)
    with pytest.raises(ConfigError, match="must be a number"):
        run.check(GR="high")


def rejected(i: int) -> tuple[Component, ...]:
    return (Component(metric="GR", kind="claim", index=0, text=f"claim of {i}", verdict=False,
                      reason="no source says so"),)


def results(gr: list[float], *, claims: bool = False) -> list[RecordResult]:
    return [RecordResult(id=str(i), query=f"question {i}?", scores={"GR": g},
                         components=rejected(i) if claims else ())
            for i, g in enumerate(gr)]


def test_regression_against_a_baseline_names_the_records_that_fell_most():
    rng = np.random.default_rng(0)
    before = list(rng.uniform(0.8, 1.0, 30).round(3))
    after = [b - 0.3 if i % 3 == 0 else b - 0.1 for i, b in enumerate(before)]
    new = Run(results=results(after, claims=True), metric_ids=["GR"], judge={})
    report = new.check(baseline=results(before))
    assert [(f.metric, f.kind) for f in report.failures] == [("GR", "regression")]
    assert report.comparison.verdict("GR") == "regressed"
    worst = [w.id for w in report.worst]
    assert len(worst) == 3 and all(int(i) % 3 == 0 for i in worst)
    assert "(was 0." in report.explain() and "why: no source says so" in report.explain()
    same = Run(results=results(before), metric_ids=["GR"], judge={})
    assert same.check(baseline=results(before)).passed


def test_a_baseline_may_be_a_run_or_a_results_file(tmp_path, run):
    path = tmp_path / "base.jsonl"
    run.write_jsonl(path)
    assert run.check(baseline=path).passed and run.check(baseline=run).passed
    with pytest.raises(ConfigError, match="a baseline must be"):
        run.check(baseline=42)


def test_short_repr_and_notebook_html(run):
    assert repr(run) == "<Run 2 records, judge scripted: GR=0.500>"
    html = run._repr_html_()
    assert "Worst records" in html and "Diagnosis patterns" in html
    assert html.index("<b>bad</b>") < html.index("<b>good</b>")
    assert "Barcelona is the capital." in html


def test_notebook_html_escapes_record_text():
    evil = make_record(id="x<script>", query="<img src=x onerror=alert(1)>?",
                       sources=["S."], response="<b>R</b>.")
    scripted = ScriptedJudge(claims={evil.response: ["<b>R</b>."]},
                             supported={"<b>R</b>.": False})
    html = ragvet.evaluate([evil], ["GR"], scripted)._repr_html_()
    assert "<script>" not in html and "<img" not in html and "<b>R</b>" not in html
    assert "&lt;img src=x" in html


def test_cli_fail_under_prints_the_worst_records(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text("\n".join(json.dumps(r.to_dict()) for r in (GOOD, BAD)))
    script = tmp_path / "judge.json"
    script.write_text(json.dumps(
        {"claims": {GOOD.response: ["Paris is the capital."],
                    BAD.response: ["Barcelona is the capital.", "It has 9 towers."]},
         "supported": {"Paris is the capital.": True, "Barcelona is the capital.": False,
                       "It has 9 towers.": False}}))
    out = CliRunner().invoke(build_app(), ["evaluate", str(data), "--judge", f"scripted:{script}",
                                           "--metrics", "GR", "--fail-under", "GR=0.9",
                                           "--out", str(tmp_path / "r.jsonl")])
    assert out.exit_code == 1
    assert "gate failed: GR mean 0.500 < 0.9" in out.output
    assert "claim 0 (no): Barcelona is the capital." in out.output


def test_compare_markdown_table_for_a_pull_request_comment(tmp_path):
    rng = np.random.default_rng(0)
    before = list(rng.uniform(0.8, 1.0, 30).round(3))
    old, new = tmp_path / "base.jsonl", tmp_path / "pr|1.jsonl"
    write_results_jsonl(results(before), old)
    write_results_jsonl(results([b - 0.2 for b in before]), new)
    out = CliRunner().invoke(build_app(), ["compare", str(old), str(new), "--format",
                                           "markdown"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == f"### ragvet: `{new}` vs `{old}`"
    assert "| metric | A mean | B mean | B − A | 95% CI | pairs | verdict |" in lines
    row = next(line for line in lines if line.startswith("| GR |"))
    assert row.endswith("| 30 | 🔴 regressed |") and "-0.200" in row
    assert lines[-1] == "**Regressed:** GR"
    gate = CliRunner().invoke(build_app(), ["compare", str(old), str(new), "--format",
                                            "markdown", "--fail-on-regression"])
    assert gate.exit_code == 1
    assert "regressed:" not in gate.stdout.replace("**Regressed:**", "")  # stdout stays Markdown
    bad = CliRunner().invoke(build_app(), ["compare", str(old), str(new), "--format", "html"])
    assert bad.exit_code == 2 and "--format must be 'table' or 'markdown'" in bad.output


def test_markdown_cells_neutralise_pipes_and_html():
    from ragvet.cli.compare_markdown import cell, code

    assert cell("a|b <i>x</i>\nnext") == "a\\|b &lt;i&gt;x&lt;/i&gt; next"
    assert code("run `1`") == "`run '1'`"


def test_sync_evaluate_works_where_an_event_loop_is_running():
    import asyncio

    async def in_a_loop() -> Run:  # as in a Jupyter cell: the loop runs, evaluate blocks
        return ragvet.evaluate([GOOD, BAD], ["GR"], judge())

    assert asyncio.run(in_a_loop()).scores("GR") == {"good": 1.0, "bad": 0.0}


def test_a_metric_no_record_scored_fails_and_says_why():
    boom = make_record(id="boom", query="Q?", sources=["S."], response="BOOM.")
    scripted = ScriptedJudge(claims={}, supported={}, fail_on=["BOOM"])
    run = ragvet.evaluate([boom], ["GR"], scripted)
    text = run.check(GR=0.5).explain()
    assert text.splitlines()[:2] == [
        "ragvet gate failed: GR mean – < 0.5",
        "GR: no record was scored: 1 record(s) failed (first: JudgeError: scripted failure in "
        "claims for 'BOOM.')"], text
