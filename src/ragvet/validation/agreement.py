"""Pairwise agreement (THELMA table 1) from a results file of pair records.

For each dimension, agreement is the share of pairs where the better version scores
strictly higher than the worse one. A tie counts as a miss, and so does a pair where either
version has no score (not applicable or failed): a metric that cannot tell the two apart has
not agreed. Each share comes with a percentile bootstrap interval over the pairs.

Every figure is given twice when the judge's verdicts carried probabilities: for the scores
as they are (expected shares) and for the same verdicts counted as plain yes/no (each
metric's own aggregate over its decisions, `metrics.diagnosis.decision_score`).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import ConfigError
from ..metrics.diagnosis import carries_probabilities, components_by_metric, decision_score
from ..results import RecordResult
from ..stats.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, Interval, bootstrap_mean
from .pairs import DIMENSIONS, PAIR_FIELD


@dataclass(frozen=True, slots=True)
class PairCounts:
    wins: int  # better strictly above worse
    ties: int
    unscored: int  # either side has no score


def count_pairs(better: Iterable[float | None], worse: Iterable[float | None]) -> PairCounts:
    wins = ties = unscored = 0
    for b, w in zip(better, worse, strict=True):
        if b is None or w is None:
            unscored += 1
        elif b > w:
            wins += 1
        elif b == w:
            ties += 1
    return PairCounts(wins, ties, unscored)


@dataclass(frozen=True, slots=True)
class Agreement:
    """One dimension's row: pairs, wins, ties, unscored, the share and its interval."""

    pairs: int
    counts: PairCounts
    interval: Interval | None  # None without pairs

    @property
    def share(self) -> float | None:
        return self.counts.wins / self.pairs if self.pairs else None

    def to_dict(self) -> dict[str, Any]:
        return {"pairs": self.pairs, "wins": self.counts.wins, "ties": self.counts.ties,
                "unscored": self.counts.unscored, "agreement": self.share,
                "low": self.interval.low if self.interval else None,
                "high": self.interval.high if self.interval else None}


@dataclass(frozen=True, slots=True)
class DimensionAgreement:
    dimension: str
    metric: str
    scores: Agreement  # the scores as the run gave them
    yes_no: Agreement | None  # verdicts counted yes/no; None when no verdict had a probability

    def to_dict(self) -> dict[str, Any]:
        return {"dimension": self.dimension, "metric": self.metric,
                **self.scores.to_dict(),
                "yes_no": self.yes_no.to_dict() if self.yes_no else None}


@dataclass(frozen=True, slots=True)
class ScoredPair:
    dimension: str
    better: RecordResult
    worse: RecordResult


def scored_pairs(results: Sequence[RecordResult]) -> list[ScoredPair]:
    """The pairs in a results file of `ragvet pairs make` records (tied by metadata)."""
    by_id = {r.id: r for r in results}
    out = []
    missing = []
    for result in results:
        about = result.metadata.get(PAIR_FIELD)
        if not isinstance(about, Mapping) or about.get("role") != "worse":
            continue
        better = by_id.get(str(about.get("better")))
        if better is None:
            missing.append(result.id)
            continue
        out.append(ScoredPair(str(about.get("dimension")), better, result))
    if not out:
        raise ConfigError("the results hold no pairs: evaluate the records that 'ragvet pairs "
                          "make' wrote and pass those results"
                          + (f" (the better versions of {', '.join(missing[:3])} are missing)"
                             if missing else ""))
    return out


def agreement_table(results: Sequence[RecordResult], *,
                    metrics: Mapping[str, str] | None = None, seed: int = 0,
                    n_resamples: int = DEFAULT_RESAMPLES,
                    level: float = DEFAULT_LEVEL) -> list[DimensionAgreement]:
    """One row per dimension with pairs whose metric the run scored; `metrics` maps a
    dimension to the metric that is checked on its pairs (default: the THELMA metric of the
    same name). `not_run` lists the dimensions left out because the run lacks their metric."""
    chosen = dict(metrics or {})
    pairs = scored_pairs(results)
    known = dimensions_of(pairs)
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ConfigError(f"the results have no {', '.join(unknown)} pairs; they have "
                          f"{', '.join(known)}")
    ran = {m for r in results for m in r.scores}
    absent = sorted({m for d, m in chosen.items() if m not in ran})
    if absent:
        raise ConfigError(f"the run has no metric {absent[0]!r}; it has {', '.join(sorted(ran))}")
    rows = []
    for dim in known:
        metric = chosen.get(dim, dim)
        if metric not in ran:
            continue
        mine = [p for p in pairs if p.dimension == dim]
        rows.append(dimension_agreement(dim, metric, mine, seed=seed,
                                        n_resamples=n_resamples, level=level))
    return rows


def dimensions_of(pairs: Sequence[ScoredPair]) -> list[str]:
    """The dimensions with pairs, THELMA's in their usual order first."""
    known = [d for d in DIMENSIONS if any(p.dimension == d for p in pairs)]
    return known + sorted({p.dimension for p in pairs} - set(known))


def not_run(results: Sequence[RecordResult], rows: Sequence[DimensionAgreement]) -> list[str]:
    """Dimensions with pairs in `results` but no row (their metric was not run)."""
    shown = {r.dimension for r in rows}
    return [d for d in dimensions_of(scored_pairs(results)) if d not in shown]


def dimension_agreement(dimension: str, metric: str, pairs: Sequence[ScoredPair], *,
                        seed: int = 0, n_resamples: int = DEFAULT_RESAMPLES,
                        level: float = DEFAULT_LEVEL) -> DimensionAgreement:
    better = [p.better.scores.get(metric) for p in pairs]
    worse = [p.worse.scores.get(metric) for p in pairs]
    scores = _agreement(better, worse, seed, n_resamples, level)
    grouped = [components_by_metric(r.components) for p in pairs for r in (p.better, p.worse)]
    if not any(carries_probabilities(g.get(metric, ())) for g in grouped):
        return DimensionAgreement(dimension, metric, scores, None)
    better_d = [_decided(p.better, metric) for p in pairs]
    worse_d = [_decided(p.worse, metric) for p in pairs]
    return DimensionAgreement(dimension, metric, scores,
                              _agreement(better_d, worse_d, seed, n_resamples, level))


def _decided(result: RecordResult, metric: str) -> float | None:
    if result.scores.get(metric) is None:
        return None
    return decision_score(metric, [c for c in result.components if c.metric == metric])


def _agreement(better: Sequence[float | None], worse: Sequence[float | None], seed: int,
               n_resamples: int, level: float) -> Agreement:
    counts = count_pairs(better, worse)
    wins = [1.0 if b is not None and w is not None and b > w else 0.0
            for b, w in zip(better, worse, strict=True)]
    interval = None
    if wins:
        with warnings.catch_warnings():  # small samples: the interval carries the warning
            warnings.simplefilter("ignore")
            interval = bootstrap_mean(wins, rng=np.random.default_rng(seed),
                                      n_resamples=n_resamples, level=level)
    return Agreement(len(wins), counts, interval)


__all__ = ["Agreement", "DimensionAgreement", "PairCounts", "ScoredPair", "agreement_table",
           "count_pairs", "dimension_agreement", "dimensions_of", "not_run", "scored_pairs"]
