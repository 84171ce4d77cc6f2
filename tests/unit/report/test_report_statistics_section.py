"""The HTML report shows group statistics and concordance when records carry yes/no labels."""

from __future__ import annotations

from datetime import datetime, timezone

from ragvet.report.html import render_report
from ragvet.report.view import build_view
from ragvet.results import RecordResult
from ragvet.store.model import RunInfo, StoredRun


def stored(results) -> StoredRun:
    when = datetime(2026, 1, 1, tzinfo=timezone.utc)
    info = RunInfo(id="run-1", status="finished", started_at=when, finished_at=when,
                   metric_ids=("GR",), judge={})
    return StoredRun(info=info, results=results, inputs={})


def test_labelled_run_gets_a_statistics_section_with_counts():
    scores = [0.9, 0.8, 0.95, 0.2, 0.1, 0.85]
    labels = [True, True, True, False, False, False]
    results = [RecordResult(id=str(i), query="q", scores={"GR": s},
                            metadata={"expert_correct": ok}) for i, (s, ok) in
               enumerate(zip(scores, labels, strict=True))]
    html = render_report(build_view(stored(results)))
    assert "Statistics by label" in html
    assert "Scores by expert_correct" in html and "Concordance with expert_correct" in html
    # GR > 0.7 on 4 records, 3 of them correct; GR < 0.3 on 2, both wrong.
    assert "0.75 (3/4)" in html and "1.00 (2/2)" in html


def test_run_without_labels_has_no_statistics_section():
    results = [RecordResult(id="0", query="q", scores={"GR": 1.0}, metadata={"system": "a"})]
    assert "Statistics by label" not in render_report(build_view(stored(results)))


def test_report_shows_a_bootstrap_interval_per_metric():
    results = [RecordResult(id=str(i), query="q", scores={"GR": i % 2 * 1.0})
               for i in range(40)]
    html = render_report(build_view(stored(results)))
    assert "Confidence intervals (bootstrap)" in html
    row = html[html.index("<td>GR</td>"):].split("</tr>")[0]
    assert "<td class=\"num\">40</td>" in row and "0.500" in row


def test_report_shows_each_verdicts_probability_and_the_yes_no_mean():
    from ragvet.metrics.core import Component

    parts = (Component(metric="GR", kind="claim", index=0, text="c0", verdict=True,
                       detail={"probability": 0.8}),
             Component(metric="GR", kind="claim", index=1, text="c1", verdict=False,
                       detail={"probability": 0.3}))
    results = [RecordResult(id="0", query="q", scores={"GR": 0.55}, components=parts)]
    html = render_report(build_view(stored(results)))
    assert "p=0.80" in html and "p=0.30" in html
    assert "recomputed from the yes/no decisions they average 0.500" in html
