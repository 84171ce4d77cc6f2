"""ragvet metrics as an mlflow.genai scorer, against the real mlflow package (mlflow-skinny):
called on a traced RAG call, and inside `mlflow.genai.evaluate` over logged traces."""

from __future__ import annotations

import pytest

pytest.importorskip("mlflow.genai")
pytest.importorskip("langchain_core")  # the shared app's retriever

import mlflow
from rag_apps import ANSWERS, QUERIES, keyword_retriever

import ragvet
from ragvet.integrations.mlflow import mlflow_scorer
from ragvet.judges.factory import make_judge


@pytest.fixture(scope="module")
def judge():
    return make_judge("local")


@pytest.fixture(scope="module")
def traces(tmp_path_factory):
    from mlflow.entities import Document, SpanType

    folder = tmp_path_factory.mktemp("mlflow-scorer")
    mlflow.set_tracking_uri(f"sqlite:///{folder / 'mlflow.db'}")
    # artifacts under the test folder, not ./mlruns in the working directory
    mlflow.create_experiment("ragvet-scorer", artifact_location=(folder / "artifacts").as_uri())
    mlflow.set_experiment("ragvet-scorer")

    @mlflow.trace(span_type=SpanType.RETRIEVER)
    def retrieve(query):
        return [Document(page_content=d.page_content, id=d.id)
                for d in keyword_retriever().invoke(query)]

    @mlflow.trace(span_type=SpanType.CHAIN)
    def rag(question, answer):
        retrieve(question)
        return answer

    ids = []
    for query, answer in zip(QUERIES, ANSWERS, strict=True):
        rag(query, answer)
        ids.append(mlflow.get_last_active_trace_id())
    mlflow.flush_trace_async_logging()
    return [mlflow.get_trace(i) for i in ids]


def _direct(n):
    return ragvet.make_record(query=QUERIES[n], response=ANSWERS[n], sources=[
        ragvet.Source(text=d.page_content, id=d.id) for d in keyword_retriever().invoke(
            QUERIES[n])])


def test_feedback_carries_the_score_and_the_claims(traces, judge):
    scorer = mlflow_scorer("GR,RQC", judge)
    feedbacks = scorer(inputs={"question": QUERIES[2]}, outputs=ANSWERS[2], trace=traces[2])
    by_name = {f.name: f for f in feedbacks}
    assert set(by_name) == {"ragvet/GR", "ragvet/RQC"}
    expected = ragvet.evaluate([_direct(2)], "GR,RQC", judge).results[0].scores
    assert by_name["ragvet/GR"].value == pytest.approx(expected["GR"])
    assert by_name["ragvet/RQC"].value == pytest.approx(expected["RQC"])
    rationale = by_name["ragvet/GR"].rationale
    assert "famous zoo" in rationale and "[no]" in rationale  # the unsupported claim
    assert "[yes]" in rationale


def test_rows_without_a_trace_and_rows_missing_a_part(judge):
    scorer = mlflow_scorer("GR", judge)
    (good,) = scorer(inputs={"question": QUERIES[0]}, outputs={
        "response": ANSWERS[0], "sources": [{"id": "eiffel", "text": keyword_retriever()
                                            .invoke(QUERIES[0])[0].page_content}]})
    assert good.value is not None and good.value > 0.8
    (bad,) = scorer(inputs={"question": QUERIES[0]}, outputs=ANSWERS[0])
    assert bad.value is None and "sources" in bad.error.error_message


def test_mlflow_genai_evaluate_logs_ragvet_feedback(traces, judge):
    frame = mlflow.search_traces(return_type="pandas")
    result = mlflow.genai.evaluate(data=frame, scorers=[mlflow_scorer("GR", judge)])
    assert "ragvet/GR/mean" in result.metrics
    expected = ragvet.evaluate([_direct(n) for n in range(3)], "GR", judge).results
    mean = sum(r.scores["GR"] for r in expected) / 3
    assert result.metrics["ragvet/GR/mean"] == pytest.approx(mean)
    logged = mlflow.get_trace(traces[2].info.trace_id)
    (assessment,) = [a for a in logged.info.assessments if a.name == "ragvet/GR"]
    assert "famous zoo" in assessment.rationale
