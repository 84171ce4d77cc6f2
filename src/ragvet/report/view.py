"""Run → plain view models (pure), shared by the HTML report and the dashboard."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from ..errors import ConfigError
from ..metrics.core import UNIT_RANGE, Component, ScoreRange
from ..metrics.diagnosis import PATTERNS_BY_ID, PatternCount, summarize
from ..metrics.registry import resolve_metrics
from ..results import MetricSummary, RecordResult, summarize_scores
from ..store.model import RunInfo, StoredRecord, StoredRun

MAX_GROUPS = 12


@dataclass(frozen=True, slots=True)
class MetricCell:
    """One metric on one record: its score or why there is none, and its evidence."""

    metric: str
    value: float | None
    status: str                      # scored | not_applicable | failed | missing
    reason: str | None
    components: tuple[Component, ...]


@dataclass(frozen=True, kw_only=True)
class RecordView:
    result: RecordResult
    input: StoredRecord | None
    anchor: str
    cells: tuple[MetricCell, ...]

    @property
    def id(self) -> str:
        return self.result.id

    def cell(self, metric: str) -> MetricCell | None:
        return next((c for c in self.cells if c.metric == metric), None)


@dataclass(frozen=True, slots=True)
class Group:
    value: str
    count: int
    means: Mapping[str, float | None]


@dataclass(frozen=True, slots=True)
class Breakdown:
    key: str
    groups: tuple[Group, ...]


@dataclass(frozen=True, kw_only=True)
class RunView:
    info: RunInfo
    metric_ids: list[str]
    records: list[RecordView]
    summary: list[MetricSummary]
    diagnosis: list[PatternCount]
    breakdowns: list[Breakdown]
    judge_calls: Sequence[Mapping[str, Any]] = ()
    base_url: str | None = None      # None: a standalone report (links are #anchors)
    extra: Mapping[str, Any] = field(default_factory=dict)
    ranges: Mapping[str, ScoreRange] = field(default_factory=dict)  # metric id → declared

    def record_href(self, record: RecordView) -> str:
        if self.base_url is None:
            return f"#{record.anchor}"
        return f"{self.base_url}/record?id={quote(record.id, safe='')}"

    def values(self, metric: str) -> list[float]:
        return [v for r in self.records if (v := r.result.scores.get(metric)) is not None]

    def bounds(self, metric: str) -> ScoreRange:
        """What a histogram of `metric` bins over: its declared range (a metric ragvet does
        not know: [0, 1]); an unbounded side, or a score outside it, from the scores."""
        low, high = self.ranges.get(metric, UNIT_RANGE)
        seen = self.values(metric)
        low = min((*seen, low)) if math.isfinite(low) else min(seen, default=0.0)
        high = max((*seen, high)) if math.isfinite(high) else max(seen, default=1.0)
        return (low, high) if high > low else (low - 0.5, high + 0.5)


def build_view(stored: StoredRun, *, base_url: str | None = None) -> RunView:
    metric_ids = stored.metric_ids or sorted({m for r in stored.results for m in r.scores})
    records = [record_view(r, stored.inputs.get(r.id), i, metric_ids)
               for i, r in enumerate(stored.results)]
    return RunView(
        info=stored.info, metric_ids=metric_ids, records=records,
        summary=summarize_scores(stored.results, metric_ids),
        diagnosis=summarize([r.diagnosis for r in stored.results]),
        breakdowns=breakdowns(stored.results, metric_ids),
        judge_calls=list(stored.judge_calls), base_url=base_url,
        ranges=declared_ranges(metric_ids))


def declared_ranges(metric_ids: Sequence[str]) -> dict[str, ScoreRange]:
    """metric id → the range the metric declares, for the metrics ragvet can name."""
    ranges = {}
    for metric_id in metric_ids:
        try:
            found = resolve_metrics([metric_id])
        except ConfigError:  # a plugin's metric that is not installed here
            continue
        ranges.update({m.id: m.range for m in found if m.id == metric_id})
    return ranges


def record_view(result: RecordResult, stored: StoredRecord | None, index: int,
                metric_ids: Sequence[str]) -> RecordView:
    failures = {e.metric: e.message for e in result.errors}
    cells = []
    for metric in [*metric_ids, *(m for m in result.scores if m not in metric_ids)]:
        value = result.scores.get(metric)
        if value is not None:
            status, reason = "scored", None
        elif metric in result.not_applicable:
            status, reason = "not_applicable", result.not_applicable[metric]
        elif metric in failures or None in failures:
            status, reason = "failed", failures.get(metric, failures.get(None))
        else:
            status, reason = "missing", None
        parts = tuple(c for c in result.components if c.metric == metric)
        cells.append(MetricCell(metric, value, status, reason, parts))
    return RecordView(result=result, input=stored, anchor=f"record-{index}", cells=tuple(cells))


def breakdowns(results: Sequence[RecordResult], metric_ids: Sequence[str]) -> list[Breakdown]:
    """Per metadata key with 2..12 distinct scalar values: count and mean score per value."""
    keys = sorted({k for r in results for k in r.metadata})
    out = []
    for key in keys:
        labels = [_label(r.metadata.get(key)) for r in results]
        if any(label is None for label in labels):
            continue
        counts = Counter(labels)
        if not 2 <= len(counts) <= MAX_GROUPS or len(counts) == len(results) > 2:
            continue
        groups = []
        for value in sorted(counts):
            members = [r for r, label in zip(results, labels, strict=True) if label == value]
            groups.append(Group(value, len(members), {m: _mean(members, m) for m in metric_ids}))
        out.append(Breakdown(key, tuple(groups)))
    return out


def _label(value: Any) -> str | None:
    if isinstance(value, bool | int | float | str) and value is not None:
        return str(value)
    return None


def _mean(results: Sequence[RecordResult], metric: str) -> float | None:
    values = [v for r in results if (v := r.scores.get(metric)) is not None]
    return sum(values) / len(values) if values else None


def pattern_fix(pattern_id: str) -> str:
    pattern = PATTERNS_BY_ID.get(pattern_id)
    return pattern.fix if pattern else ""


# -- two runs side by side ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MetricDelta:
    metric: str
    mean_a: float | None
    mean_b: float | None
    paired: int                       # records scored on this metric in both runs
    paired_delta: float | None        # mean of per-record (b − a) over those records

    @property
    def delta(self) -> float | None:
        if self.mean_a is None or self.mean_b is None:
            return None
        return self.mean_b - self.mean_a


@dataclass(frozen=True, slots=True)
class RecordDelta:
    id: str
    query: str
    deltas: Mapping[str, float | None]
    largest: float


@dataclass(frozen=True, kw_only=True)
class CompareView:
    a: RunView
    b: RunView
    metrics: list[MetricDelta]
    records: list[RecordDelta]
    only_a: list[str]
    only_b: list[str]


def compare_view(a: RunView, b: RunView) -> CompareView:
    metric_ids = [m for m in a.metric_ids if m in b.metric_ids]
    by_id_a = {r.id: r.result for r in a.records}
    by_id_b = {r.id: r.result for r in b.records}
    common = [rid for rid in by_id_a if rid in by_id_b]
    metrics = []
    for m in metric_ids:
        diffs = [by_id_b[i].scores[m] - by_id_a[i].scores[m] for i in common
                 if by_id_a[i].scores.get(m) is not None and by_id_b[i].scores.get(m) is not None]
        metrics.append(MetricDelta(m, _summary_mean(a, m), _summary_mean(b, m), len(diffs),
                                   sum(diffs) / len(diffs) if diffs else None))
    records = []
    for rid in common:
        deltas = {m: _delta(by_id_a[rid].scores.get(m), by_id_b[rid].scores.get(m))
                  for m in metric_ids}
        largest = max((abs(d) for d in deltas.values() if d is not None), default=0.0)
        records.append(RecordDelta(rid, by_id_a[rid].query, deltas, largest))
    records.sort(key=lambda r: -r.largest)
    return CompareView(a=a, b=b, metrics=metrics, records=records,
                       only_a=[i for i in by_id_a if i not in by_id_b],
                       only_b=[i for i in by_id_b if i not in by_id_a])


def _summary_mean(view: RunView, metric: str) -> float | None:
    return next((s.mean for s in view.summary if s.metric == metric), None)


def _delta(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else b - a
