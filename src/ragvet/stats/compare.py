"""Run-vs-run comparison: paired bootstrap of per-metric differences → a verdict per metric.

Records of run A and run B are paired by query (or by id); for each metric, the pairs where
both runs have a score give differences d_i = b_i − a_i (B is the new run). The bootstrap
CI of mean(d) decides: entirely below 0 → "regressed", entirely above 0 → "improved",
otherwise "no evidence". Every metric is higher-is-better.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..results import RecordResult
from .bootstrap import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    Interval,
    bootstrap_mean,
    bootstrap_paired_difference,
)

Verdict = Literal["regressed", "improved", "no evidence", "not comparable"]
PairBy = Literal["query", "id"]
MIN_PAIRS = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class MetricComparison:
    metric: str
    verdict: Verdict
    n_pairs: int
    mean_a: float | None = None
    mean_b: float | None = None
    difference: Interval | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "verdict": self.verdict, "n_pairs": self.n_pairs,
                "mean_a": self.mean_a, "mean_b": self.mean_b, "reason": self.reason,
                "difference": self.difference.to_dict() if self.difference else None}


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    metrics: tuple[MetricComparison, ...]
    by: PairBy
    paired: int
    only_a: int
    only_b: int

    @property
    def regressed(self) -> list[str]:
        return [m.metric for m in self.metrics if m.verdict == "regressed"]

    def verdict(self, metric: str) -> Verdict:
        return next(m.verdict for m in self.metrics if m.metric == metric)

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.by, "paired": self.paired, "only_a": self.only_a,
                "only_b": self.only_b, "metrics": [m.to_dict() for m in self.metrics]}


def pair_results(a: Sequence[RecordResult], b: Sequence[RecordResult], by: PairBy = "query"
                 ) -> tuple[list[tuple[RecordResult, RecordResult]], int, int]:
    """Pairs (a_i, b_i) with the same key; the k-th repeat of a key pairs with the k-th.

    Returns the pairs and how many records of A and of B found no partner.
    """
    if by not in ("query", "id"):
        raise ValueError(f"pair records by 'query' or 'id', not {by!r}")
    waiting: dict[str, list[RecordResult]] = defaultdict(list)
    for result in b:
        waiting[_key(result, by)].append(result)
    pairs = []
    unpaired_a = 0
    for result in a:
        partners = waiting.get(_key(result, by))
        if partners:
            pairs.append((result, partners.pop(0)))
        else:
            unpaired_a += 1
    return pairs, unpaired_a, sum(len(v) for v in waiting.values())


def compare_runs(a: Sequence[RecordResult], b: Sequence[RecordResult], *,
                 rng: np.random.Generator, metrics: Iterable[str] | None = None,
                 by: PairBy = "query", n_resamples: int = DEFAULT_RESAMPLES,
                 level: float = DEFAULT_LEVEL) -> Comparison:
    """Compare run B (new) against run A (baseline), metric by metric."""
    pairs, only_a, only_b = pair_results(a, b, by)
    chosen = list(metrics) if metrics is not None else shared_metrics(a, b)
    results = tuple(compare_metric(pairs, m, rng=rng, n_resamples=n_resamples, level=level)
                    for m in chosen)
    return Comparison(metrics=results, by=by, paired=len(pairs), only_a=only_a, only_b=only_b)


def compare_metric(pairs: Sequence[tuple[RecordResult, RecordResult]], metric: str, *,
                   rng: np.random.Generator, n_resamples: int = DEFAULT_RESAMPLES,
                   level: float = DEFAULT_LEVEL) -> MetricComparison:
    values = [(x.scores.get(metric), y.scores.get(metric)) for x, y in pairs]
    both = [(x, y) for x, y in values if x is not None and y is not None]
    if len(both) < MIN_PAIRS:
        return MetricComparison(metric=metric, verdict="not comparable", n_pairs=len(both),
                                reason=f"{len(both)} pair(s) scored in both runs; need "
                                       f"{MIN_PAIRS}")
    first = np.array([x for x, _ in both])
    second = np.array([y for _, y in both])
    interval = bootstrap_paired_difference(first, second, rng=rng, n_resamples=n_resamples,
                                           level=level)
    return MetricComparison(metric=metric, verdict=decide(interval), n_pairs=len(both),
                            mean_a=float(first.mean()), mean_b=float(second.mean()),
                            difference=interval, reason=interval.warning)


def decide(interval: Interval) -> Verdict:
    """CI of (new − baseline) below 0 → regressed; above 0 → improved; else no evidence."""
    if interval.high < 0:
        return "regressed"
    if interval.low > 0:
        return "improved"
    return "no evidence"


def metric_intervals(results: Sequence[RecordResult], metrics: Iterable[str] | None = None, *,
                     rng: np.random.Generator, n_resamples: int = DEFAULT_RESAMPLES,
                     level: float = DEFAULT_LEVEL) -> dict[str, Interval | None]:
    """Each metric's dataset mean with its bootstrap CI (None when < 2 records are scored).

    This is the dataset-level figure for every metric, VERA's aggregate score included; the
    report and `ragvet bootstrap` show it.
    """
    chosen = list(metrics) if metrics is not None else list(
        dict.fromkeys(m for r in results for m in r.scores))
    out: dict[str, Interval | None] = {}
    for metric in chosen:
        values = [r.scores[metric] for r in results if r.scores.get(metric) is not None]
        out[metric] = (bootstrap_mean(values, rng=rng, n_resamples=n_resamples, level=level)
                       if len(values) >= MIN_PAIRS else None)
    return out


def report_view(results: Sequence[RecordResult], *, seed: int = 0,
                n_resamples: int = DEFAULT_RESAMPLES, level: float = DEFAULT_LEVEL
                ) -> list[dict[str, Any]]:
    """Plain rows for a report section: metric, n, mean, SE, CI, small-sample warning."""
    import warnings

    from .bootstrap import SmallSampleWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SmallSampleWarning)
        intervals = metric_intervals(results, rng=np.random.default_rng(seed),
                                     n_resamples=n_resamples, level=level)
    return [{"metric": m, **(ci.to_dict() if ci else {"n": 0})} for m, ci in intervals.items()]


def shared_metrics(a: Sequence[RecordResult], b: Sequence[RecordResult]) -> list[str]:
    """Metric ids scored in both runs, in the order run A first shows them."""
    in_b = {m for r in b for m in r.scores}
    seen: dict[str, None] = {}
    for result in a:
        for metric in result.scores:
            if metric in in_b:
                seen.setdefault(metric)
    return list(seen)


def _key(result: RecordResult, by: PairBy) -> str:
    return result.id if by == "id" else " ".join(result.query.split()).casefold()
