"""Result types shared by the engine, the store and the report.

The results file (one JSON object per record) is a stable contract; see docs/results-format.md.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .metrics.core import Component, Failed, MetricOutcome, NotApplicable
from .metrics.diagnosis import carries_probabilities, components_by_metric, decision_score

RESULTS_FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordError:
    """Why something could not be scored for a record."""

    metric: str | None
    message: str
    raw: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "message": self.message, "raw": self.raw}


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordResult:
    """Everything ragvet found about one record."""

    id: str
    query: str
    scores: Mapping[str, float | None]
    not_applicable: Mapping[str, str] = field(default_factory=dict)
    diagnosis: tuple[str, ...] = ()
    components: tuple[Component, ...] = ()
    errors: tuple[RecordError, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)
    # steps whose units were cut at a cap: step → {"limit": N, "found": M} (metrics.caps)
    capped: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def from_outcomes(cls, *, record_id: str, query: str, outcomes: Sequence[MetricOutcome],
                      metadata: Mapping[str, Any]) -> RecordResult:
        scores: dict[str, float | None] = {}
        not_applicable: dict[str, str] = {}
        errors: list[RecordError] = []
        components: list[Component] = []
        for outcome in outcomes:
            components.extend(outcome.components)
            if isinstance(outcome.score, NotApplicable):
                scores[outcome.metric] = None
                not_applicable[outcome.metric] = outcome.score.reason
            elif isinstance(outcome.score, Failed):
                scores[outcome.metric] = None
                errors.append(RecordError(metric=outcome.metric, message=outcome.score.error,
                                          raw=outcome.score.raw))
            else:
                scores[outcome.metric] = _finite(outcome.score)
        return cls(id=record_id, query=query, scores=scores, not_applicable=not_applicable,
                   components=tuple(components),
                   errors=tuple(errors), metadata=dict(metadata))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "query": self.query,
            "scores": dict(self.scores),
            "not_applicable": dict(self.not_applicable),
            "diagnosis": list(self.diagnosis),
            "components": [c.to_dict() for c in self.components],
            "errors": [e.to_dict() for e in self.errors],
            "metadata": _jsonable(self.metadata),
            "items": self.item_counts(),
            **({"capped": {k: dict(v) for k, v in self.capped.items()}} if self.capped else {}),
        }

    def item_counts(self) -> dict[str, dict[str, int]]:
        """Per metric: items judged, failed (answer unreadable) and unverified (never judged)."""
        counts: dict[str, dict[str, int]] = {}
        for c in self.components:
            row = counts.setdefault(c.metric, {"judged": 0, "failed": 0, "unverified": 0})
            row[item_status(c)] += 1
        return counts

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RecordResult:
        return cls(
            id=str(data["id"]), query=data.get("query", ""), scores=dict(data["scores"]),
            not_applicable=dict(data.get("not_applicable", {})),
            diagnosis=tuple(data.get("diagnosis", ())),
            components=tuple(Component(**{k: v for k, v in c.items()})
                             for c in data.get("components", ())),
            errors=tuple(RecordError(**e) for e in data.get("errors", ())),
            metadata=dict(data.get("metadata", {})),
            capped={k: dict(v) for k, v in (data.get("capped") or {}).items()},
        )


def item_status(component: Component) -> str:
    graded = component.error is None and "score" in component.detail
    if component.verdict is not None or graded:
        return "judged"
    if (component.error or "").startswith("unverified"):
        return "unverified"
    return "failed"


def _finite(value: float) -> float | None:
    if math.isnan(value) or math.isinf(value):
        raise ValueError(f"a metric produced a non-finite score: {value}")
    return value


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


@dataclass(frozen=True, slots=True)
class MetricSummary:
    metric: str
    mean: float | None
    count: int
    not_applicable: int
    failed: int
    items_judged: int = 0
    items_failed: int = 0
    items_unverified: int = 0
    # mean over the scored records of the score recomputed from yes/no decisions (the
    # metric's own aggregate over its verdicts, probabilities dropped; see
    # `diagnosis.decision_score`). Equal to `mean` when the verdicts were plain yes/no;
    # None for metrics without yes/no decisions (graded cosines, derived metrics).
    decided_mean: float | None = None
    # whether some verdict of this metric carried a probability, so that `mean` is a mean
    # of expected shares and may differ from `decided_mean`
    probabilistic: bool = False


def summarize_scores(results: Iterable[RecordResult], metric_ids: Sequence[str]
                     ) -> list[MetricSummary]:
    results = list(results)
    grouped = [components_by_metric(r.components) for r in results]
    out = []
    for mid in metric_ids:
        values = [r.scores[mid] for r in results if r.scores.get(mid) is not None]
        na = sum(mid in r.not_applicable for r in results)
        failed = sum(any(e.metric == mid for e in r.errors) for r in results)
        mean = sum(values) / len(values) if values else None
        decisions = [decision_score(mid, g.get(mid, ())) for r, g in zip(results, grouped,
                                                                         strict=True)
                     if r.scores.get(mid) is not None]
        decided = [d for d in decisions if d is not None]
        decided_mean = sum(decided) / len(decided) if decided else None
        probabilistic = any(carries_probabilities(g.get(mid, ())) for g in grouped)
        items = {"judged": 0, "failed": 0, "unverified": 0}
        for g in grouped:
            for c in g.get(mid, ()):
                items[item_status(c)] += 1
        out.append(MetricSummary(mid, mean, len(values), na, failed, items["judged"],
                                 items["failed"], items["unverified"], decided_mean,
                                 probabilistic))
    return out


def write_results_jsonl(results: Iterable[RecordResult], path: str | Path, *,
                        judge: Mapping[str, Any] | None = None) -> None:
    """Write the results file: one JSON object per record (the documented contract)."""
    with Path(path).open("w", encoding="utf-8") as handle:
        for result in results:
            handle.write(json.dumps(result_line(result, judge), ensure_ascii=False) + "\n")


def result_line(result: RecordResult, judge: Mapping[str, Any] | None) -> dict[str, Any]:
    line = result.to_dict()
    line["judge"] = dict(judge or {})
    line["format_version"] = RESULTS_FORMAT_VERSION
    return line


def read_results_jsonl(path: str | Path) -> list[RecordResult]:
    """The results file at `path`; ConfigError (one line) when it is not a results file."""
    from .errors import ConfigError

    out = []
    try:
        with Path(path).open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    out.append(_result_from_line(json.loads(line), path, number))
    except OSError as err:
        raise ConfigError(f"cannot read results file {path}: {err.strerror or err}") from err
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"{path} is not a results file (line {number} is not JSON: "
                          f"{err}); pass the file 'ragvet evaluate --out' wrote") from err
    return out


def _result_from_line(row: Any, path: str | Path, number: int) -> RecordResult:
    from .errors import ConfigError

    if not isinstance(row, dict) or "id" not in row or not isinstance(row.get("scores"), dict):
        raise ConfigError(
            f"{path} is not a results file (line {number} has no 'id' and 'scores'); if it "
            f"holds input records, score it first with 'ragvet evaluate {path} --out "
            f"results.jsonl' and pass results.jsonl")
    try:
        return RecordResult.from_dict(row)
    except (TypeError, ValueError, KeyError) as err:
        raise ConfigError(f"{path}, line {number}: not a valid result ({err}); pass the file "
                          f"'ragvet evaluate --out' wrote") from err
