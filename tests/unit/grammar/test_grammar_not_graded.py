"""Answers GRAMMAR could not grade carry their reason into the analysis JSON and the output."""

from __future__ import annotations

import json
import textwrap

from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.grammar.fill import QueryCase, write_cases
from ragvet.grammar.run import RunOutcome, write_outcomes

GRADER = '''
class Grader:
    async def complete(self, prompt):
        if "boom" in prompt:
            raise ConnectionError("judge endpoint refused the connection")
        if "vague" in prompt:
            return "I cannot tell."
        return "Correct"
'''


def _case(qid: str, query: str) -> QueryCase:
    return QueryCase(id=qid, group_id="g1", sql_template_id="t1", text_template_id="x",
                     query=query, sql="SELECT 1", params={}, answer=("42",),
                     attributes={"length": "short"})


def test_grading_failures_keep_their_reason(tmp_path, monkeypatch) -> None:
    (tmp_path / "grader_mod.py").write_text(textwrap.dedent(GRADER), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    cases = [_case("ok", "what is it?"), _case("down", "boom?"), _case("odd", "vague?"),
             _case("crashed", "and this?"), _case("missing", "never asked?")]
    outcomes = [RunOutcome(id="ok", query="q", answer="42"),
                RunOutcome(id="down", query="q", answer="42"),
                RunOutcome(id="odd", query="q", answer="42"),
                RunOutcome(id="crashed", query="q", answer=None, error="HTTP 500 from system")]
    write_cases(cases, tmp_path / "queries.jsonl")
    write_outcomes(outcomes, tmp_path / "answers.jsonl")
    result = CliRunner().invoke(build_app(), [
        "grammar", "analyze", str(tmp_path / "queries.jsonl"), str(tmp_path / "answers.jsonl"),
        "--judge", "grader_mod:Grader", "--out", str(tmp_path / "analysis.json")])
    assert result.exit_code == 0, result.output
    reasons = {row["id"]: row["reason"] for row in json.loads(
        (tmp_path / "analysis.json").read_text(encoding="utf-8"))["not_graded"]}
    assert set(reasons) == {"down", "odd", "crashed", "missing"}
    assert "judge endpoint refused the connection" in reasons["down"]
    assert reasons["down"].startswith("grading failed")
    assert "neither Correct nor Incorrect" in reasons["odd"]
    assert reasons["crashed"] == "system error: HTTP 500 from system"
    assert reasons["missing"].startswith("not run")
    out = " ".join(result.output.split())
    assert "4 answer(s) not graded" in out and "2 grading failed" in out
    assert "judge endpoint refused the connection" in out


def test_grammar_records_says_which_answers_it_left_out(tmp_path) -> None:
    cases = [_case("ok", "a?"), _case("down", "b?"), _case("nodocs", "c?"),
             _case("stray", "d?")]
    outcomes = [RunOutcome(id="ok", query="q", answer="42", doc_ids=("d1",)),
                RunOutcome(id="down", query="q", answer=None, error="HTTP 503"),
                RunOutcome(id="nodocs", query="q", answer="42"),
                RunOutcome(id="stray", query="q", answer="42", doc_ids=("d9",))]
    write_cases(cases, tmp_path / "queries.jsonl")
    write_outcomes(outcomes, tmp_path / "answers.jsonl")
    (tmp_path / "corpus.jsonl").write_text(json.dumps({"id": "d1", "text": "The answer is 42."})
                                           + "\n", encoding="utf-8")
    result = CliRunner().invoke(build_app(), [
        "grammar", "records", str(tmp_path / "queries.jsonl"), str(tmp_path / "answers.jsonl"),
        "--corpus", str(tmp_path / "corpus.jsonl"), "--out", str(tmp_path / "records.jsonl")])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "1 records written" in out and "3 answer(s) left out" in out
    assert "down: no answer (system error: HTTP 503)" in out
    assert "nodocs: the system named no retrieved documents" in out
    assert "stray: retrieved ids not in the corpus: d9" in out
