"""Ranking quality of a score against graded or binary labels: MAP, nDCG and MRR per query.

VERA proposes its aggregate as a *ranking* score. Whether a score ranks well is measured the
way retrieval is: the records that share a query are ranked by the score (highest first),
and the ranking is compared with the labels (a grade 0, 1, 2, 3 or a binary 1/0):

- AP: mean over the relevant records (label ≥ `relevant`) of the precision at their rank;
- nDCG (optionally @k): Σ label/log2(rank+1) over the ranking ÷ the same sum for the ideal
  order (linear gains, as trec_eval);
- RR: 1 / the rank of the first relevant record.

MAP, mean nDCG and MRR average them over the queries that have a relevant record (AP, RR)
or any gain (nDCG), with a bootstrap interval over queries (`stats.bootstrap`). Two scores
on the same records are compared by the paired bootstrap of their per-query differences.

Ties: records with equal scores are ordered against the score — relevant ones last — by
default (`ties="pessimistic"`), so a score that cannot tell two records apart gets no credit
for it; `"optimistic"` orders them the other way. Records the score left unscored (None)
are ranked below every scored record, in the same tie order, and counted.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..errors import ConfigError
from ..results import RecordResult
from .bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, Interval, bootstrap_mean
from .groups import MISSING, as_flag, field_value

Ties = Literal["pessimistic", "optimistic"]
MEASURES = ("map", "ndcg", "mrr")
MIN_QUERIES = 2


# ---- one query -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class QueryRanking:
    """One query's ranking: its size and its AP, nDCG and RR (None where undefined)."""

    query: str
    n: int
    n_relevant: int
    ap: float | None
    ndcg: float | None
    rr: float | None
    tied: bool
    unscored: int


def rank_order(scores: Sequence[float | None], gains: Sequence[float], *,
               ties: Ties = "pessimistic") -> list[int]:
    """Indices from the top rank down: by score, unscored last, ties ordered by `ties`."""
    if ties not in ("pessimistic", "optimistic"):
        raise ValueError(f"ties must be 'pessimistic' or 'optimistic', not {ties!r}")
    sign = 1.0 if ties == "pessimistic" else -1.0

    def key(i: int) -> tuple[int, float, float]:
        score = scores[i]
        return (score is None, -(score or 0.0), sign * gains[i])

    return sorted(range(len(gains)), key=key)


def average_precision(ranked_relevant: Sequence[bool]) -> float | None:
    total = sum(ranked_relevant)
    if not total:
        return None
    hits, found = 0, 0.0
    for rank, relevant in enumerate(ranked_relevant, start=1):
        if relevant:
            hits += 1
            found += hits / rank
    return found / total


def reciprocal_rank(ranked_relevant: Sequence[bool]) -> float | None:
    for rank, relevant in enumerate(ranked_relevant, start=1):
        if relevant:
            return 1.0 / rank
    return None


def ndcg(ranked_gains: Sequence[float], k: int | None = None) -> float | None:
    def dcg(gains: Sequence[float]) -> float:
        return sum(g / math.log2(rank + 1) for rank, g in enumerate(gains[:k], start=1))

    ideal = dcg(sorted(ranked_gains, reverse=True))
    return dcg(ranked_gains) / ideal if ideal > 0 else None


def rank_query(query: str, scores: Sequence[float | None], gains: Sequence[float], *,
               relevant: float = 1.0, k: int | None = None, ties: Ties = "pessimistic"
               ) -> QueryRanking:
    order = rank_order(scores, gains, ties=ties)
    ranked_gains = [gains[i] for i in order]
    ranked_relevant = [g >= relevant for g in ranked_gains]
    scored = [(s, g) for s, g in zip(scores, gains, strict=True) if s is not None]
    by_score: dict[float, set[float]] = defaultdict(set)
    for s, g in scored:
        by_score[s].add(g)
    return QueryRanking(query=query, n=len(gains), n_relevant=sum(ranked_relevant),
                        ap=average_precision(ranked_relevant), ndcg=ndcg(ranked_gains, k),
                        rr=reciprocal_rank(ranked_relevant),
                        tied=any(len(g) > 1 for g in by_score.values()),
                        unscored=len(gains) - len(scored))


# ---- reading results -----------------------------------------------------------------------

def label_value(value: Any, where: str) -> float | None:
    """A grade (number ≥ 0) or a yes/no label as 1/0; None when absent."""
    if value is MISSING or value is None:
        return None
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)) and math.isfinite(value) and value >= 0:
        return float(value)
    if isinstance(value, str):
        flag = as_flag(value)
        if flag is not None:
            return float(flag)
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if math.isfinite(number) and number >= 0:
            return number
    raise ConfigError(f"{where}: label {value!r} is neither a grade (a number ≥ 0) nor yes/no")


def score_value(result: RecordResult, score: str) -> float | None:
    """The metric `score` of a result, else a numeric metadata field of that name."""
    if score in result.scores:
        return result.scores[score]
    value = field_value(result, score)
    if value is MISSING or value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ConfigError(f"record {result.id}: {score}={value!r} is not a number")
    try:
        number = float(value)
    except ValueError as err:
        raise ConfigError(f"record {result.id}: {score}={value!r} is not a number") from err
    return number if math.isfinite(number) else None


def query_key(field: str | None) -> Callable[[RecordResult], str | None]:
    """How records are grouped into queries: the query text (whitespace and case ignored),
    or a metadata field (e.g. a query id)."""
    if field is None:
        return lambda r: " ".join(r.query.split()).casefold()

    def key(result: RecordResult) -> str | None:
        value = field_value(result, field)
        return None if value is MISSING or value is None else str(value)

    return key


# ---- over a run ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class RankingQuality:
    """How well `score` ranks the records of each query against `label`."""

    score: str
    label: str
    queries: tuple[QueryRanking, ...]
    intervals: Mapping[str, Interval | None]
    unlabelled: int

    def values(self, measure: str) -> list[float | None]:
        return measure_values(self.queries, measure)

    def mean(self, measure: str) -> float | None:
        found = [v for v in self.values(measure) if v is not None]
        return sum(found) / len(found) if found else None

    @property
    def tied_queries(self) -> int:
        return sum(q.tied for q in self.queries)

    @property
    def unscored(self) -> int:
        return sum(q.unscored for q in self.queries)

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "label": self.label, "queries": len(self.queries),
                "with_relevant": sum(q.ap is not None for q in self.queries),
                "records": sum(q.n for q in self.queries), "unlabelled": self.unlabelled,
                "unscored": self.unscored, "tied_queries": self.tied_queries,
                **{m: self.mean(m) for m in MEASURES},
                "intervals": {m: ci.to_dict() if ci else None
                              for m, ci in self.intervals.items()}}


def ranking_quality(results: Sequence[RecordResult], *, label: str, score: str,
                    rng: np.random.Generator, query_field: str | None = None,
                    relevant: float = 1.0, k: int | None = None, ties: Ties = "pessimistic",
                    n_resamples: int = DEFAULT_RESAMPLES, level: float = DEFAULT_LEVEL
                    ) -> RankingQuality:
    """MAP, nDCG and MRR of `score` against `label`, records grouped by query."""
    groups, unlabelled = _labelled_groups(results, label, query_field)
    if not any(score in r.scores or field_value(r, score) is not MISSING for r in results):
        raise ConfigError(f"no record has a score or metadata field {score!r}")
    queries = tuple(
        rank_query(key, [score_value(r, score) for r, _ in members],
                   [g for _, g in members], relevant=relevant, k=k, ties=ties)
        for key, members in groups.items())
    intervals = {}
    for measure in MEASURES:
        found = [v for v in measure_values(queries, measure) if v is not None]
        intervals[measure] = (
            bootstrap_mean(found, rng=rng, n_resamples=n_resamples, level=level)
            if len(found) >= MIN_QUERIES else None)
    return RankingQuality(score=score, label=label, queries=queries, intervals=intervals,
                          unlabelled=unlabelled)


def measure_values(queries: Sequence[QueryRanking], measure: str) -> list[float | None]:
    """Each query's AP ("map"), nDCG ("ndcg") or RR ("mrr"); None where undefined."""
    attribute = {"map": "ap", "ndcg": "ndcg", "mrr": "rr"}[measure]
    return [getattr(q, attribute) for q in queries]


def _labelled_groups(results: Sequence[RecordResult], label: str, query_field: str | None
                     ) -> tuple[dict[str, list[tuple[RecordResult, float]]], int]:
    key = query_key(query_field)
    groups: dict[str, list[tuple[RecordResult, float]]] = defaultdict(list)
    unlabelled = 0
    for result in results:
        gain = label_value(field_value(result, label), f"record {result.id}")
        group = key(result)
        if gain is None or group is None:
            unlabelled += 1
            continue
        groups[group].append((result, gain))
    if not groups:
        raise ConfigError(f"no record has the label field {label!r}"
                          + (f" and the query field {query_field!r}" if query_field else ""))
    return dict(groups), unlabelled


@dataclass(frozen=True, slots=True, kw_only=True)
class RankingDifference:
    """Per-query `first` − `second` of one measure, paired bootstrap over shared queries."""

    first: str
    second: str
    measure: str
    interval: Interval | None
    n_queries: int

    def to_dict(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "measure": self.measure,
                "n_queries": self.n_queries,
                "interval": self.interval.to_dict() if self.interval else None}


def ranking_difference(first: RankingQuality, second: RankingQuality, measure: str, *,
                       rng: np.random.Generator, n_resamples: int = DEFAULT_RESAMPLES,
                       level: float = DEFAULT_LEVEL) -> RankingDifference:
    """Does `first` rank better than `second`? The CI of the mean per-query difference."""
    a = dict(zip((q.query for q in first.queries), first.values(measure), strict=True))
    b = dict(zip((q.query for q in second.queries), second.values(measure), strict=True))
    shared = [q for q in a if a[q] is not None and b.get(q) is not None]
    diffs = [a[q] - b[q] for q in shared]  # type: ignore[operator]
    interval = (bootstrap_mean(diffs, rng=rng, n_resamples=n_resamples, level=level)
                if len(diffs) >= MIN_QUERIES else None)
    return RankingDifference(first=first.score, second=second.score, measure=measure,
                             interval=interval, n_queries=len(diffs))
