"""`ragvet evaluate --metrics ragas`, `ragvet concordance` and `ragvet compare-groups`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.results import RecordResult, write_results_jsonl

runner = CliRunner()
FAITH = [0.9, 0.8, 0.95, 0.2, 0.75, 0.1, 0.5, 0.9, 0.25, 0.6]
FACT = [0.8, 0.9, 0.6, 0.1, 0.85, 0.2, 0.2, 0.75, 0.9, 0.9]
EXPERT = ["yes", "yes", "yes", "no", "no", "no", "yes", "yes", "no", "yes"]
RETRIEVAL = [True, True, True, False, True, False, False, True, False, True]


@pytest.fixture
def results_file(tmp_path):
    results = [RecordResult(id=str(i), query=f"q{i}",
                            scores={"faithfulness": f, "factual_correctness": c},
                            metadata={"expert": e, "retrieval_correct": r})
               for i, (f, c, e, r) in enumerate(zip(FAITH, FACT, EXPERT, RETRIEVAL,
                                                    strict=True))]
    path = tmp_path / "results.jsonl"
    write_results_jsonl(results, path)
    return path


def invoke(*args):
    return runner.invoke(build_app(), [str(a) for a in args])


def test_concordance_prints_probabilities_with_counts(results_file):
    out = invoke("concordance", results_file, "--label", "expert")
    assert out.exit_code == 0, out.output
    assert "Concordance with expert label 'expert'" in out.output
    assert "3 / 4" in out.output  # both > 0.7: records 0, 1, 4, 7; correct: 0, 1, 7
    assert "Threshold sweep" in out.output


def test_concordance_json_and_per_metric_thresholds(results_file):
    out = invoke("concordance", results_file, "--label", "expert", "--json", "--no-pairs",
                 "--high", "faithfulness=0.85", "--no-sweep")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    rows = {tuple(r["metrics"]): r for r in data["concordance"]}
    assert rows[("faithfulness",)]["high"] == [0.85]
    assert rows[("faithfulness",)]["n_high"] == 3
    assert rows[("factual_correctness",)]["high"] == [0.7]
    assert data["sweep"] == []


def test_compare_groups_by_retrieval_flag(results_file):
    out = invoke("compare-groups", results_file, "--by", "retrieval_correct", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["groups"] == ["true", "false"] and data["counts"] == {"true": 6, "false": 4}
    test = next(t for t in data["tests"] if t["metric"] == "faithfulness")
    assert test["alternative"] == "greater" and 0 < test["pvalue"] < 0.05
    table = invoke("compare-groups", results_file, "--by", "retrieval_correct")
    assert "true > false" in table.output and "mean (sd)" in table.output


def test_errors_are_clear(results_file, tmp_path):
    missing = invoke("concordance", tmp_path / "nope.jsonl", "--label", "expert")
    assert missing.exit_code == 2 and "no results file" in missing.output
    bad_field = invoke("concordance", results_file, "--label", "grade")
    assert bad_field.exit_code == 2 and "label field 'grade'" in bad_field.output
    bad_metric = invoke("compare-groups", results_file, "--by", "expert", "--metrics", "XX")
    assert bad_metric.exit_code == 2 and "no metric 'XX'" in bad_metric.output


def test_evaluate_with_ragas_family_and_thelma_metric(tmp_path):
    script = {"claims": {"Paris is the capital.": ["Paris is the capital of France."],
                         "Paris.": []},
              "supported": {"Paris is the capital of France.": True, "Paris.": True},
              "questions": {"Paris is the capital.": ["What is the capital of France?"]},
              "essential": {"What is the capital of France? || Paris is in France.": True},
              "embeddings": {"What is the capital of France?": [1, 0],
                             "Paris is the capital.": [1, 0.2], "Paris.": [1, 0.1]}}
    judge = tmp_path / "judge.json"
    judge.write_text(json.dumps(script))
    data = tmp_path / "data.jsonl"
    data.write_text(json.dumps({"query": "What is the capital of France?",
                                "sources": ["Paris is in France."],
                                "response": "Paris is the capital.", "reference": "Paris."}))
    out_file = tmp_path / "out.jsonl"
    out = invoke("evaluate", data, "--metrics", "ragas,GR", "--judge", f"scripted:{judge}",
                 "--out", out_file)
    assert out.exit_code == 0, out.output
    line = json.loads(out_file.read_text())
    assert line["scores"]["faithfulness"] == 1.0 and line["scores"]["GR"] == 1.0
    assert line["scores"]["factual_correctness"] == 1.0
    assert line["scores"]["answer_relevance"] == 1.0
    assert line["scores"]["answer_correctness"] == pytest.approx(0.75 + 0.25 * line["scores"][
        "answer_similarity"])
    assert line["errors"] == []
