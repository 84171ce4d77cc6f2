"""Every user mistake: one line naming what was wrong and how to fix it, exit 2, no traceback."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app


@pytest.fixture()
def results_file(tmp_path):
    path = tmp_path / "results.jsonl"
    rows = [{"id": f"r{i}", "query": f"q{i}", "scores": {"GR": i / 10, "RQC": 1.0}}
            for i in range(10)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture()
def records_file(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps({"query": "q", "response": "r", "sources": ["s"]}) + "\n",
                    encoding="utf-8")
    return path


def _one_line_error(args: list[str], *expected: str) -> str:
    result = CliRunner().invoke(build_app(), args)
    text = result.output.strip()
    assert result.exit_code == 2, text
    assert "Traceback" not in text
    assert len(text.splitlines()) == 1, text
    assert text.startswith("error: ")
    for part in expected:
        assert part in text, text
    return text


def test_bootstrap_zero_resamples(results_file) -> None:
    _one_line_error(["bootstrap", str(results_file), "--resamples", "0"], "--resamples", "0")


def test_bootstrap_level_out_of_range(results_file) -> None:
    _one_line_error(["bootstrap", str(results_file), "--level", "1.5"], "--level", "1.5")


def test_compare_level_out_of_range(results_file) -> None:
    _one_line_error(["compare", str(results_file), str(results_file), "--level", "0"],
                    "--level")


def test_bootstrap_unknown_metric(results_file) -> None:
    _one_line_error(["bootstrap", str(results_file), "--metrics", "NOPE"], "NOPE",
                    "GR, RQC")


def test_compare_unknown_metric(results_file) -> None:
    _one_line_error(["compare", str(results_file), str(results_file), "--metrics", "NOPE"],
                    "NOPE")


def test_records_file_where_results_expected(records_file) -> None:
    _one_line_error(["bootstrap", str(records_file)], "not a results file",
                    "ragvet evaluate")


def test_results_file_with_bad_json(tmp_path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"id": "a", "scores": {}}\n{not json\n', encoding="utf-8")
    _one_line_error(["bootstrap", str(path)], "line 2", "not JSON")


def test_missing_results_file(tmp_path) -> None:
    _one_line_error(["bootstrap", str(tmp_path / "nowhere.jsonl")], "no results file")


def test_store_url_with_missing_driver() -> None:
    _one_line_error(["runs", "--store", "mssql+pymssql://user@host/db"],
                    "driver is not installed", "pymssql")


def test_store_url_with_unknown_dialect() -> None:
    _one_line_error(["runs", "--store", "nosuchdb://user@host/db"], "cannot use store")


def test_report_on_records_file(records_file, tmp_path) -> None:
    _one_line_error(["report", str(records_file), "--out", str(tmp_path / "r.html")],
                    "not a results file")


def test_grammar_example_bad_url(tmp_path) -> None:
    _one_line_error(["grammar", "example", "nosuchdb://x", "--corpus", str(tmp_path)],
                    "cannot use database URL")


def test_evaluate_out_is_the_input(records_file) -> None:
    before = records_file.read_bytes()
    _one_line_error(["evaluate", str(records_file), "--out", str(records_file)],
                    "also an input", "--out")
    assert records_file.read_bytes() == before


def test_report_out_is_the_results_file(results_file) -> None:
    before = results_file.read_bytes()
    _one_line_error(["report", str(results_file), "--out", str(results_file)], "also an input")
    assert results_file.read_bytes() == before


def test_compare_json_is_an_input(results_file, tmp_path) -> None:
    _one_line_error(["compare", str(results_file), str(results_file), "--json",
                     str(results_file)], "--json")


def test_grammar_records_out_is_the_answers_file(tmp_path) -> None:
    answers = tmp_path / "answers.jsonl"
    answers.write_text("{}\n", encoding="utf-8")
    _one_line_error(["grammar", "records", str(tmp_path / "q.jsonl"), str(answers), "--out",
                     str(answers)], "also an input")
    assert answers.read_text(encoding="utf-8") == "{}\n"


def test_grammar_run_on_a_file_that_is_not_queries(tmp_path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text('{"id": "x"}\n', encoding="utf-8")
    _one_line_error(["grammar", "run", str(path), "--out", str(tmp_path / "a.jsonl")],
                    "not a queries file", "grammar generate")


def test_grammar_run_on_a_missing_file(tmp_path) -> None:
    _one_line_error(["grammar", "run", str(tmp_path / "none.jsonl")], "no queries file")


def test_grammar_generate_with_broken_yaml(tmp_path) -> None:
    bad = tmp_path / "t.yaml"
    bad.write_text("x: [\n", encoding="utf-8")
    _one_line_error(["grammar", "generate", f"sqlite:///{tmp_path / 'db.sqlite'}",
                     "--templates", str(bad), "--out", str(tmp_path / "q.jsonl")],
                    "cannot read templates")


def test_compare_bad_by(results_file) -> None:
    _one_line_error(["compare", str(results_file), str(results_file), "--by", "x"], "--by")


def test_topicality_missing_file(tmp_path) -> None:
    _one_line_error(["topicality", "--on", str(tmp_path / "a.jsonl"), "--off",
                     str(tmp_path / "b.jsonl")], "no file at")


def test_evaluate_gate_on_a_metric_not_run(records_file, tmp_path) -> None:
    _one_line_error(["evaluate", str(records_file), "--out", str(tmp_path / "o.jsonl"),
                     "--metrics", "GR", "--fail-under", "SQC=0.5"], "--fail-under", "SQC")


def test_grammar_generate_unreachable_database(tmp_path) -> None:
    _one_line_error(["grammar", "generate", "postgresql+psycopg://nobody@127.0.0.1:1/x",
                     "--out", str(tmp_path / "q.jsonl")], "cannot read the database")


def test_grammar_example_unreachable_database(tmp_path) -> None:
    _one_line_error(["grammar", "example", "postgresql+psycopg://nobody@127.0.0.1:1/x",
                     "--corpus", str(tmp_path)], "cannot write the example")


def test_grammar_generate_zero_fills(tmp_path) -> None:
    _one_line_error(["grammar", "generate", f"sqlite:///{tmp_path / 'x.db'}", "--max-fills",
                     "0", "--out", str(tmp_path / "q.jsonl")], "--max-fills")


def test_grammar_analyze_metric_not_in_results(tmp_path, results_file) -> None:
    from ragvet.grammar.fill import QueryCase, write_cases
    from ragvet.grammar.run import RunOutcome, write_outcomes

    write_cases([QueryCase(id="c1", group_id="g", sql_template_id="t", text_template_id="x",
                           query="q?", sql="SELECT 1", params={}, answer=("42",))],
                tmp_path / "queries.jsonl")
    write_outcomes([RunOutcome(id="c1", query="q", answer="42")], tmp_path / "answers.jsonl")
    _one_line_error(["grammar", "analyze", str(tmp_path / "queries.jsonl"),
                     str(tmp_path / "answers.jsonl"), "--metric-results", str(results_file),
                     "--metric", "NOPE"], "--metric NOPE", "GR, RQC")


def test_evaluate_missing_input_is_one_line(tmp_path) -> None:
    _one_line_error(["evaluate", str(tmp_path / "none.jsonl"), "--out",
                     str(tmp_path / "o.jsonl")], "invalid input", "file not found")
