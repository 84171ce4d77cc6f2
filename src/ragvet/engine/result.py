"""Run: the results of one evaluation, as DataFrames, a summary, a gate and the results file.

In a notebook a Run shows itself as HTML (summary, diagnosis, worst records; the report's
view code renders it); `repr(run)` is one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..metrics.diagnosis import PatternCount, Thresholds, summarize
from ..results import MetricSummary, RecordResult, summarize_scores, write_results_jsonl


@dataclass(frozen=True, slots=True)
class Summary:
    metrics: list[MetricSummary]
    diagnosis: list[PatternCount]
    records: int
    records_with_errors: int

    def mean(self, metric_id: str) -> float | None:
        return next((m.mean for m in self.metrics if m.metric == metric_id), None)


@dataclass(frozen=True, kw_only=True)
class Run:
    results: list[RecordResult]
    metric_ids: list[str]
    judge: Mapping[str, Any]
    thresholds: Thresholds = field(default_factory=Thresholds)
    started_at: float = 0.0
    finished_at: float = 0.0
    usage: Mapping[str, Any] = field(default_factory=dict)
    resumed: int = 0
    rejudged: int = 0  # records a checkpoint held but whose text changed since

    def scores(self, metric_id: str) -> dict[str, float | None]:
        """record id → score for one metric."""
        return {r.id: r.scores.get(metric_id) for r in self.results}

    def scores_frame(self):
        """One row per record: id, query, one column per metric, diagnosis, error count."""
        import pandas as pd

        rows = [{"id": r.id, "query": r.query, **{m: r.scores.get(m) for m in self.metric_ids},
                 "diagnosis": ",".join(r.diagnosis), "errors": len(r.errors)}
                for r in self.results]
        frame = pd.DataFrame(rows, columns=["id", "query", *self.metric_ids, "diagnosis",
                                            "errors"])
        return frame.astype({m: "Float64" for m in self.metric_ids})

    def components_frame(self):
        """One row per judged unit (claim, sub-question, source, sentence) with its verdict.

        `detail` holds the extra evidence (cosines, per-source answers, TP/FP/FN class, grades).
        """
        import pandas as pd

        columns = ["record_id", "metric", "kind", "index", "text", "verdict", "reason", "raw",
                   "error", "detail"]
        rows = [{"record_id": r.id, **{k: getattr(c, k) for k in columns[1:-1]},
                 "detail": dict(c.detail)} for r in self.results for c in r.components]
        return pd.DataFrame(rows, columns=columns)

    def summary(self) -> Summary:
        return Summary(
            metrics=summarize_scores(self.results, self.metric_ids),
            diagnosis=summarize([r.diagnosis for r in self.results]),
            records=len(self.results),
            records_with_errors=sum(bool(r.errors) for r in self.results),
        )

    def write_jsonl(self, path: str | Path) -> None:
        write_results_jsonl(self.results, path, judge=self.judge)

    def check(self, floors: Mapping[str, float] | None = None, /, *, baseline: Any = None,
              by: str = "query", seed: int = 0, worst: int = 3, **metric_floors: float):
        """The gate: `run.check(GR=0.9, RQC=0.8)` and/or `run.check(baseline=earlier_run)`.

        Floors are lowest acceptable dataset means per metric; a baseline (a Run, a stored
        run, a results .jsonl file or a list of results) fails the gate on any metric whose
        paired bootstrap CI of (this − baseline) lies below 0. Returns a `gate.GateReport`:
        falsy when a check failed, with `.explain()` naming the worst records and their
        rejected claims. The CLI's `--fail-under` and `--fail-on-regression` use the same code.
        """
        from ..gate import check

        return check(self.results, self.metric_ids, {**(floors or {}), **metric_floors},
                     baseline=baseline, by=by, seed=seed, worst=worst)

    @classmethod
    def from_stored(cls, stored: Any) -> Run:
        """The Run of a run loaded from the store (`store.StoredRun`)."""
        from ..metrics.diagnosis import thresholds_from_mapping

        info = stored.info
        return cls(results=list(stored.results), metric_ids=list(info.metric_ids),
                   judge=dict(info.judge), thresholds=thresholds_from_mapping(info.thresholds),
                   started_at=info.started_at.timestamp(),
                   finished_at=(info.finished_at or info.started_at).timestamp())

    def __repr__(self) -> str:
        judge = self.judge.get("id") or self.judge.get("kind") or "?"
        means = " ".join(f"{m.metric}={_short(m.mean)}" for m in self.summary().metrics)
        errors = sum(bool(r.errors) for r in self.results)
        tail = f", {errors} with errors" if errors else ""
        count = f"{len(self.results)} record{'' if len(self.results) == 1 else 's'}"
        return f"<Run {count}, judge {judge}: {means or 'no metrics'}{tail}>"

    def _repr_html_(self) -> str:
        """Jupyter's rich display: summary, diagnosis and the worst records."""
        from ..report.notebook import run_html

        return run_html(self)


def _short(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
