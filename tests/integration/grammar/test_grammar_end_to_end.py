"""The whole loop offline on the bundled example with the BM25 baseline, library and CLI."""

from __future__ import annotations

import asyncio
import json

import pytest

sa = pytest.importorskip("sqlalchemy")

from typer.testing import CliRunner  # noqa: E402

from ragvet.cli.app import build_app  # noqa: E402
from ragvet.grammar.analyze import grade  # noqa: E402
from ragvet.grammar.correctness import ValueMatcher  # noqa: E402
from ragvet.grammar.example import baseline_system, example_templates, load_example  # noqa: E402
from ragvet.grammar.fill import generate_cases  # noqa: E402
from ragvet.grammar.report import analyze  # noqa: E402
from ragvet.grammar.run import run_system  # noqa: E402
from ragvet.grammar.schema import introspect  # noqa: E402
from ragvet.systems import from_callable  # noqa: E402

pytestmark = pytest.mark.integration


def test_long_phrasings_are_less_robust_than_short_ones_with_keyword_retrieval(tmp_path):
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'company.db'}")
    load_example(engine)
    generated = generate_cases(engine, example_templates(), schema=introspect(engine))
    assert len(generated.cases) == 760 and generated.groups == 190
    outcomes = asyncio.run(run_system(generated.cases, from_callable(baseline_system)))
    result = analyze(asyncio.run(grade(generated.cases, outcomes, ValueMatcher())))
    assert set(result.types.values()) == {"gap", "robust", "non_robust"}
    for stratified in (False, True):
        short = result.cluster("short", stratified=stratified)
        long_ = result.cluster("long", stratified=stratified)
        assert short.gap_share == pytest.approx(long_.gap_share)
        assert short.r - long_.r > 0.3, (short, long_)
        assert short.r_retrieval > long_.r_retrieval
    assert result.overall.lm_failures > 0 and result.overall.retrieval_suspects > 0


def test_cli_generate_run_analyze(tmp_path):
    runner = CliRunner()
    app = build_app()
    db = f"sqlite:///{tmp_path / 'company.db'}"
    steps = [
        ["grammar", "example", db, "--corpus", str(tmp_path / "corpus")],
        ["grammar", "generate", db, "--out", str(tmp_path / "q.jsonl"), "--max-fills", "5"],
        ["grammar", "run", str(tmp_path / "q.jsonl"), "--out", str(tmp_path / "a.jsonl")],
        ["grammar", "analyze", str(tmp_path / "q.jsonl"), str(tmp_path / "a.jsonl"),
         "--out", str(tmp_path / "analysis.json")],
    ]
    for args in steps:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
    assert "Clusters by length" in result.output and "Most to least robust by R" in result.output
    analysis = json.loads((tmp_path / "analysis.json").read_text())
    assert {c["name"] for c in analysis["clusters"]} == {"short", "long"}
    lines = (tmp_path / "q.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    assert {"id", "group_id", "sql", "params", "answer", "attributes", "query"} <= set(first)
    assert len((tmp_path / "corpus" / "corpus.jsonl").read_text().splitlines()) == 20


def test_cli_records_and_metric_reliability(tmp_path):
    from ragvet.results import RecordResult, write_results_jsonl

    runner = CliRunner()
    app = build_app()
    db = f"sqlite:///{tmp_path / 'company.db'}"
    q, a = str(tmp_path / "q.jsonl"), str(tmp_path / "a.jsonl")
    for args in (["grammar", "example", db, "--corpus", str(tmp_path / "corpus")],
                 ["grammar", "generate", db, "--out", q, "--max-fills", "4"],
                 ["grammar", "run", q, "--out", a],
                 ["grammar", "records", q, a, "--corpus", str(tmp_path / "corpus/corpus.jsonl"),
                  "--out", str(tmp_path / "records.jsonl")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
    records = [json.loads(line) for line in (tmp_path / "records.jsonl").read_text().splitlines()]
    assert records and all(r["sources"] and r["reference"] for r in records)
    # a metric that calls every answer correct: precision = accuracy, recall = 1
    write_results_jsonl([RecordResult(id=r["id"], query=r["query"], scores={"ALWAYS": 1.0})
                         for r in records], tmp_path / "results.jsonl")
    result = runner.invoke(app, ["grammar", "analyze", q, a, "--metric-results",
                                 str(tmp_path / "results.jsonl"), "--metric", "ALWAYS",
                                 "--out", str(tmp_path / "analysis.json")])
    assert result.exit_code == 0, result.output
    analysis = json.loads((tmp_path / "analysis.json").read_text())
    [rel] = analysis["reliability"]
    overall = analysis["overall"]
    assert rel["recall"] == 1.0
    assert rel["precision"] == pytest.approx(overall["correct"] / overall["graded"])
    assert "Reliability of ALWAYS" in result.output


WRITER_MODULE = '''
from ragvet.grammar.llm import ScriptedCompleter

SQL = """SELECT industry FROM client WHERE name = '[client.name]'
DROP TABLE client
SELECT id FROM client WHERE name = '[client.name]'"""


def reply(prompt):
    if "SQL query templates" in prompt:
        return SQL
    if "at most 12 words" in prompt:
        return "Industry of [client.name]?\\nWhat sector is [client.name] in?"
    return ("Could you look through all of our customer records and tell me which industry "
            "the company [client.name] works in today?")


def make():
    return ScriptedCompleter(reply)
'''


def test_cli_generate_with_an_llm_writer(tmp_path, monkeypatch):
    (tmp_path / "my_writer.py").write_text(WRITER_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    runner = CliRunner()
    app = build_app()
    db = f"sqlite:///{tmp_path / 'company.db'}"
    assert runner.invoke(app, ["grammar", "example", db, "--corpus",
                               str(tmp_path / "c")]).exit_code == 0
    saved = tmp_path / "written.yaml"
    result = runner.invoke(app, ["grammar", "generate", db, "--writer", "my_writer:make",
                                 "--save-templates", str(saved), "--out",
                                 str(tmp_path / "q.jsonl")])
    assert result.exit_code == 0, result.output
    assert "only SELECT queries are allowed" in result.output
    assert "record identifier" in result.output
    from ragvet.grammar.templates import load_templates

    [template] = load_templates(saved)
    assert template.sql == "SELECT industry FROM client WHERE name = '[client.name]'"
    assert [t.attributes["length"] for t in template.texts] == ["short", "short", "long"]
    lines = (tmp_path / "q.jsonl").read_text().splitlines()
    assert len(lines) == 30  # 10 clients × 3 phrasings
