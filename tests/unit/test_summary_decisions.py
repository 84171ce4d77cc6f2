"""The summary's "mean yes/no" is computed from decisions for every metric family, and the
diagnosis lists only the patterns whose metrics ran."""

from __future__ import annotations

from datetime import datetime, timezone

from rich.console import Console

from ragvet.cli.console import diagnosis_table, summary_table
from ragvet.engine.result import Summary
from ragvet.metrics.core import Component
from ragvet.metrics.diagnosis import PATTERNS, checkable_patterns, decision_score, summarize
from ragvet.report.html import render_report
from ragvet.report.view import build_view
from ragvet.results import RecordResult, summarize_scores
from ragvet.store.model import RunInfo, StoredRun


def _c(metric: str, verdict, p: float | None = None, **detail) -> Component:
    if p is not None:
        detail["probability"] = p
    return Component(metric=metric, kind="item", index=0, text="t", verdict=verdict,
                     detail=detail)


def _record(i: int, scores, components) -> RecordResult:
    return RecordResult(id=str(i), query="q", scores=scores, components=tuple(components))


def test_ragas_share_metric_yes_no_mean_counts_decisions_not_probabilities() -> None:
    # three context sentences, probabilities 0.6, 0.6, 0.3: score 0.5, decisions yes, yes, no
    parts = [_c("context_relevance", True, 0.6), _c("context_relevance", True, 0.6),
             _c("context_relevance", False, 0.3)]
    results = [_record(0, {"context_relevance": 0.5}, parts)]
    (m,) = summarize_scores(results, ["context_relevance"])
    assert m.mean == 0.5
    assert m.decided_mean is not None and abs(m.decided_mean - 2 / 3) < 1e-9
    assert m.probabilistic


def test_factual_correctness_uses_its_own_aggregate_on_decisions() -> None:
    parts = [_c("factual_correctness", True, 0.9, **{"class": "TP"}),
             _c("factual_correctness", False, 0.4, **{"class": "FP"}),
             _c("factual_correctness", False, 0.2, **{"class": "FN"})]
    # decided: TP 1, FP 1, FN 1 → 1 / (1 + 0.5·2) = 0.5
    assert decision_score("factual_correctness", parts) == 0.5


def test_graded_and_derived_metrics_have_no_decisions() -> None:
    graded = [Component(metric="answer_similarity", kind="response", index=0, text="r",
                        verdict=None, detail={"score": 0.7, "cosine": 0.7})]
    results = [_record(0, {"answer_similarity": 0.7}, graded)]
    (m,) = summarize_scores(results, ["answer_similarity"])
    assert m.mean == 0.7 and m.decided_mean is None
    gr = summarize_scores([_record(0, {"GR": 0.4}, [_c("GR", True, 0.4)])], ["GR"])
    text = _render(summary_table(_summary([m, *gr])))
    assert "0.700 │           – │" in text      # answer_similarity: no decisions
    assert "0.400 │       1.000 │" in text      # GR: the one verdict was decided yes


def test_plain_yes_no_verdicts_keep_their_mean_and_hide_the_column() -> None:
    parts = [_c("faithfulness", True), _c("faithfulness", False)]
    (m,) = summarize_scores([_record(0, {"faithfulness": 0.5}, parts)], ["faithfulness"])
    assert m.decided_mean == 0.5 and not m.probabilistic
    assert "yes/no" not in _render(summary_table(_summary([m])))


def test_diagnosis_lists_only_patterns_whose_metrics_ran() -> None:
    counts = summarize([[]])
    shown, unchecked = checkable_patterns(counts, ["GR", "RP", "SD"])
    assert [i.pattern.id for i in shown] == ["repetitive_response"]
    assert ("retrieval_gap", ["SQC", "RQC"]) in [(p.id, d) for p, d in unchecked]
    assert len(shown) + len(unchecked) == len(PATTERNS)


def test_no_thelma_metric_no_table_of_zeros() -> None:
    (m,) = summarize_scores([_record(0, {"answer_similarity": 0.7}, [])],
                            ["answer_similarity"])
    text = _render(diagnosis_table(_summary([m], summarize([[]]))))
    assert "not checked" in text and "0%" not in text


def _summary(metrics, diagnosis=()) -> Summary:
    return Summary(records=1, records_with_errors=0, metrics=list(metrics),
                   diagnosis=list(diagnosis))


def _render(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_report_names_unchecked_patterns_instead_of_zeros() -> None:
    results = [_record(i, {"GR": 0.5, "RP": 0.5}, []) for i in range(3)]
    when = datetime.now(timezone.utc)
    info = RunInfo(id="r", status="file", started_at=when, finished_at=when,
                   metric_ids=("GR", "RP"), judge={}, dataset=None, stored_records=3)
    html = render_report(build_view(StoredRun(info=info, results=results, inputs={})))
    section = html[html.index("Diagnosis patterns"):]
    assert "Not checked" in section and "retrieval_gap (needs SQC, RQC)" in section
    assert "<td>retrieval_gap</td>" not in section
