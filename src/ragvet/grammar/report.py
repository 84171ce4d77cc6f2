"""Assemble the GRAMMAR analysis: groups, R / Acc overall, per SQL template and per cluster
(unbalanced and stratified), defective-module counts, and metric reliability."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..results import RecordResult
from .analyze import (
    Figures,
    Graded,
    GroupType,
    Label,
    clusters,
    context_comparison,
    figures,
    group_types,
    stratify,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reliability:
    """How well `metric ≥ threshold` calls answers correct, against the ground truth."""

    metric: str
    threshold: float
    tp: int
    fp: int
    fn: int
    tn: int
    precision: float | None
    recall: float | None
    unscored: int  # answers with no score for the metric (not applicable, failed, absent)


def metric_reliability(items: Sequence[Graded], results: Sequence[RecordResult], metric: str,
                       *, threshold: float = 0.5) -> Reliability:
    """Precision / recall of a reference-free metric at calling answers correct (joined by id)."""
    scores = {r.id: r.scores.get(metric) for r in results}
    tp = fp = fn = tn = unscored = 0
    for item in (i for i in items if i.correct is not None):
        score = scores.get(item.id)
        if score is None:
            unscored += 1
            continue
        said = score >= threshold
        tp += said and item.correct
        fp += said and not item.correct
        fn += (not said) and item.correct
        tn += (not said) and not item.correct
    return Reliability(metric=metric, threshold=threshold, tp=tp, fp=fp, fn=fn, tn=tn,
                       precision=tp / (tp + fp) if tp + fp else None,
                       recall=tp / (tp + fn) if tp + fn else None, unscored=unscored)


@dataclass(frozen=True, slots=True, kw_only=True)
class Analysis:
    attribute: str
    overall: Figures
    by_template: tuple[Figures, ...]
    clusters: tuple[Figures, ...]
    stratified: tuple[Figures, ...]
    types: Mapping[str, GroupType]
    labels: Mapping[str, Label]
    ungraded: int
    reliability: tuple[Reliability, ...] = field(default_factory=tuple)
    # (query id, why it was not graded) for every answer left out of the figures
    not_graded: tuple[tuple[str, str], ...] = ()

    def not_graded_by_cause(self) -> dict[str, int]:
        """How many answers were left out for each cause (the reason up to its colon)."""
        counts: dict[str, int] = {}
        for _, reason in self.not_graded:
            cause = reason.split(":", 1)[0]
            counts[cause] = counts.get(cause, 0) + 1
        return counts

    def cluster(self, name: str, *, stratified: bool = False) -> Figures:
        pool = self.stratified if stratified else self.clusters
        for figs in pool:
            if figs.name == name:
                return figs
        raise KeyError(f"no cluster {name!r} for attribute {self.attribute!r}; "
                       f"have {[f.name for f in pool]}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "attribute": self.attribute, "ungraded": self.ungraded,
            "not_graded": [{"id": qid, "reason": reason} for qid, reason in self.not_graded],
            "overall": asdict(self.overall),
            "by_template": [asdict(f) for f in self.by_template],
            "clusters": [asdict(f) for f in self.clusters],
            "stratified_clusters": [asdict(f) for f in self.stratified],
            "groups": dict(sorted(self.types.items())),
            "context_comparison": dict(sorted(self.labels.items())),
            "reliability": [asdict(r) for r in self.reliability],
        }


def analyze(items: Sequence[Graded], *, attribute: str = "length", seed: int = 0,
            mode: Literal["same", "contains"] = "same",
            reliability: Sequence[Reliability] = ()) -> Analysis:
    """Group types, context comparison and figures at every level of detail."""
    types = group_types(items)
    labels = context_comparison(items, types, mode=mode)
    per_template: dict[str, list[Graded]] = defaultdict(list)
    for item in items:
        per_template[item.sql_template_id].append(item)
    sampled = stratify(items, attribute, seed=seed)
    return Analysis(
        attribute=attribute, overall=figures("all", items, types, labels),
        by_template=tuple(figures(t, g, types, labels) for t, g in sorted(per_template.items())),
        clusters=tuple(figures(v, g, types, labels)
                       for v, g in clusters(items, attribute).items()),
        stratified=tuple(figures(v, g, types, labels)
                         for v, g in clusters(sampled, attribute).items()),
        types=types, labels=labels, ungraded=sum(i.correct is None for i in items),
        reliability=tuple(reliability),
        not_graded=tuple((i.id, i.reason or "not graded: no reason recorded")
                         for i in items if i.correct is None))


def ranking(figs: Sequence[Figures], key: Literal["r", "acc", "r_retrieval"]) -> list[str]:
    """Cluster names from most to least robust by one figure (unknown values last)."""
    def value(f: Figures) -> float:
        v = getattr(f, key)
        return -1.0 if v is None else v

    return [f.name for f in sorted(figs, key=value, reverse=True)]


