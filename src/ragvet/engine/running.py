"""A run's summary kept as its results stream past, so that a caller writing them out need
not hold them: `RunningSummary.add(result)` per result, then `summary()` and `failures()`
give what `Run.summary()` and `count_failures(run.results, ...)` give for the same results.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..metrics.diagnosis import PATTERNS, PatternCount
from ..results import MetricSummary, RecordResult, summarize_scores
from .failures import FIRST_ERRORS, FailureCounts, count_failures
from .result import Summary


@dataclass(slots=True)
class _MetricTally:
    total: float = 0.0
    count: int = 0
    not_applicable: int = 0
    failed: int = 0
    items_judged: int = 0
    items_failed: int = 0
    items_unverified: int = 0
    decided_total: float = 0.0
    decided_count: int = 0
    probabilistic: bool = False

    def add(self, one: MetricSummary) -> None:
        if one.mean is not None:
            self.total += one.mean
            self.count += 1
        if one.decided_mean is not None:
            self.decided_total += one.decided_mean
            self.decided_count += 1
        self.not_applicable += one.not_applicable
        self.failed += one.failed
        self.items_judged += one.items_judged
        self.items_failed += one.items_failed
        self.items_unverified += one.items_unverified
        self.probabilistic = self.probabilistic or one.probabilistic

    def summary(self, metric: str) -> MetricSummary:
        return MetricSummary(
            metric, self.total / self.count if self.count else None, self.count,
            self.not_applicable, self.failed, self.items_judged, self.items_failed,
            self.items_unverified,
            self.decided_total / self.decided_count if self.decided_count else None,
            self.probabilistic)


@dataclass(slots=True)
class RunningSummary:
    """Running totals of a run's results (see the module docstring)."""

    metric_ids: Sequence[str]
    records: int = 0
    records_with_errors: int = 0
    capped: int = 0
    # why metrics were not applicable: reason → records (a record counts once per reason)
    not_applicable: dict[str, int] = field(default_factory=dict)
    # claims whose citation marker names a source that does not back them on its own (or no
    # source at all), and the records holding them
    miscited_claims: int = 0
    miscited_records: int = 0
    _metrics: dict[str, _MetricTally] = field(default_factory=dict)
    _patterns: dict[str, int] = field(default_factory=dict)
    _scores: int = 0
    _failed: int = 0
    _failed_records: int = 0
    _first_errors: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, results: Iterable[RecordResult], metric_ids: Sequence[str]) -> RunningSummary:
        running = cls(list(metric_ids))
        for result in results:
            running.add(result)
        return running

    def add(self, result: RecordResult) -> None:
        self.records += 1
        self.records_with_errors += bool(result.errors)
        self.capped += bool(result.capped)
        for reason in dict.fromkeys(result.not_applicable.values()):
            self.not_applicable[reason] = self.not_applicable.get(reason, 0) + 1
        for one in summarize_scores([result], self.metric_ids):
            self._metrics.setdefault(one.metric, _MetricTally()).add(one)
        for pattern in result.diagnosis:
            self._patterns[pattern] = self._patterns.get(pattern, 0) + 1
        wrong = claims_citing_wrongly(result)
        self.miscited_claims += len(wrong)
        self.miscited_records += bool(wrong)
        counts = count_failures([result])
        self._scores += counts.scores
        self._failed += counts.failed
        self._failed_records += counts.records
        for text in counts.first_errors:
            if len(self._first_errors) < FIRST_ERRORS and text not in self._first_errors:
                self._first_errors.append(text)

    def summary(self) -> Summary:
        total = self.records or 1
        return Summary(
            metrics=[self._metrics.get(m, _MetricTally()).summary(m) for m in self.metric_ids],
            diagnosis=[PatternCount(p, self._patterns.get(p.id, 0),
                                    self._patterns.get(p.id, 0) / total) for p in PATTERNS],
            records=self.records, records_with_errors=self.records_with_errors)

    def mean(self, metric_id: str) -> float | None:
        tally = self._metrics.get(metric_id)
        return tally.total / tally.count if tally is not None and tally.count else None

    def failures(self, usage: Mapping[str, Any] | None = None) -> FailureCounts:
        """As `count_failures` over the results added, with the run's judge `usage`."""
        whole = count_failures([], usage)  # only the usage part: no call succeeded
        return FailureCounts(scores=self._scores, failed=self._failed,
                             records=self._failed_records,
                             first_errors=tuple(self._first_errors),
                             no_call_succeeded=whole.no_call_succeeded)


def claims_citing_wrongly(result: RecordResult) -> frozenset[str]:
    """The claims of `result` whose citation the judge checked and found wanting: the source
    the marker names does not back the claim on its own, or is not among the sources
    (`detail.citation`, which the offline judge writes; a claim judged by several metrics
    counts once)."""
    out = set()
    for component in result.components:
        note = (component.detail or {}).get("citation")
        if isinstance(note, Mapping) and (note.get("cited_source_supports") is False or
                                          note.get("cited_source_exists") is False):
            out.add(component.text)
    return frozenset(out)
