"""Metrics split by a metadata field (e.g. retrieval-correct), and labels read from results.

`compare_groups` gives mean and sd of every metric per group, with one-sided Welch tests
(telecom study, table 2: metrics for retrieval correct = yes vs no). `labelled_scores` turns
results plus an expert-label field into the inputs of `stats.tests.concordance`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError
from ..results import RecordResult
from .tests import Alternative, TTest, welch_t_test

_TRUE = {"true", "t", "yes", "y", "1", "correct", "right", "pass", "passed"}
_FALSE = {"false", "f", "no", "n", "0", "wrong", "incorrect", "fail", "failed"}
MISSING = object()


def field_value(result: RecordResult, name: str) -> Any:
    """A metadata field by name, or by dotted path into nested mappings; MISSING if absent."""
    metadata: Any = result.metadata
    if name in metadata:
        return metadata[name]
    for part in name.split("."):
        if not isinstance(metadata, Mapping) or part not in metadata:
            return MISSING
        metadata = metadata[part]
    return metadata


def as_flag(value: Any) -> bool | None:
    """True/False for boolean-like values (yes/no, 1/0, correct/wrong…); None otherwise."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        return True if text in _TRUE else False if text in _FALSE else None
    return None


def metric_ids(results: Sequence[RecordResult]) -> list[str]:
    """Every metric scored in any result, in order of first appearance."""
    return list(dict.fromkeys(m for r in results for m in r.scores))


def flag_fields(results: Sequence[RecordResult]) -> list[str]:
    """Top-level metadata fields whose every present value is yes/no-like: candidates for
    `compare_groups` and concordance (for a report to show when the data has them)."""
    seen: dict[str, bool] = {}
    for result in results:
        for name, value in result.metadata.items():
            if value is not None:
                seen[name] = seen.get(name, True) and as_flag(value) is not None
    return [name for name, ok in seen.items() if ok]


def labelled_scores(results: Sequence[RecordResult], label: str, *,
                    metrics: Sequence[str] | None = None, positive: str | None = None
                    ) -> tuple[dict[str, list[float | None]], list[bool | None]]:
    """(scores per metric, labels) for concordance; a record without the field is unlabelled.

    Labels are boolean-like values, or, with `positive`, "correct iff str(value) == positive".
    """
    names = list(metrics) if metrics is not None else metric_ids(results)
    labels: list[bool | None] = []
    for result in results:
        value = field_value(result, label)
        if value is MISSING or value is None:
            labels.append(None)
        elif positive is not None:
            labels.append(str(value) == positive)
        else:
            flag = as_flag(value)
            if flag is None:
                raise ConfigError(f"record {result.id}: {label}={value!r} is not a yes/no label; "
                                f"name the correct value with --correct VALUE")
            labels.append(flag)
    if not any(lab is not None for lab in labels):
        raise ConfigError(f"no record has the label field {label!r} in its metadata")
    return {m: [r.scores.get(m) for r in results] for m in names}, labels


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupStat:
    group: str
    metric: str
    n: int
    mean: float | None
    sd: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupTest:
    """H1 (for alternative="greater"): mean of `metric` in `first` > mean in `second`."""

    metric: str
    first: str
    second: str
    test: TTest


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupReport:
    field: str
    groups: tuple[str, ...]
    counts: Mapping[str, int]
    missing: int
    stats: tuple[GroupStat, ...]
    tests: tuple[GroupTest, ...]

    def stat(self, group: str, metric: str) -> GroupStat:
        return next(s for s in self.stats if s.group == group and s.metric == metric)

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "groups": list(self.groups), "counts": dict(self.counts),
                "missing": self.missing,
                "stats": [{"group": s.group, "metric": s.metric, "n": s.n, "mean": s.mean,
                           "sd": s.sd} for s in self.stats],
                "tests": [{"metric": t.metric, "first": t.first, "second": t.second,
                           "alternative": t.test.alternative, "statistic": t.test.statistic,
                           "df": t.test.df, "pvalue": t.test.pvalue, "note": t.test.note}
                          for t in self.tests]}


def compare_groups(results: Sequence[RecordResult], by: str, *,
                   metrics: Sequence[str] | None = None, order: Sequence[str] | None = None,
                   alternative: Alternative = "greater", max_groups: int = 20) -> GroupReport:
    """Mean (sd) of each metric per value of `by`, and a Welch test for each pair of groups.

    Boolean-like fields give groups "true" then "false", so the default one-sided test asks
    whether the metric is higher when the flag holds. Other fields are grouped by value,
    sorted or in `order`; each pair (earlier, later) is tested earlier > later.
    """
    names = list(metrics) if metrics is not None else metric_ids(results)
    keys, missing = _group_keys(results, by)
    groups = _ordered_groups(keys, order, by, max_groups)
    members = {g: [r for r, k in zip(results, keys, strict=True) if k == g] for g in groups}
    values = {(g, m): [r.scores[m] for r in members[g] if r.scores.get(m) is not None]
              for g in groups for m in names}
    stats = tuple(_stat(g, m, values[(g, m)]) for m in names for g in groups)
    tests = tuple(GroupTest(metric=m, first=a, second=b,
                            test=welch_t_test(values[(a, m)], values[(b, m)],
                                              alternative=alternative))
                  for m in names for a, b in itertools.combinations(groups, 2))
    return GroupReport(field=by, groups=tuple(groups),
                       counts={g: len(members[g]) for g in groups}, missing=missing,
                       stats=stats, tests=tests)


def _group_keys(results: Sequence[RecordResult], by: str) -> tuple[list[str | None], int]:
    raw = [field_value(r, by) for r in results]
    present = [v for v in raw if v is not MISSING and v is not None]
    if not present:
        raise ConfigError(f"no record has the field {by!r} in its metadata")
    flags = all(as_flag(v) is not None for v in present)
    keys = [None if v is MISSING or v is None else
            (str(as_flag(v)).lower() if flags else str(v)) for v in raw]
    return keys, len(raw) - len(present)


def _ordered_groups(keys: Sequence[str | None], order: Sequence[str] | None, by: str,
                    max_groups: int) -> list[str]:
    found = {k for k in keys if k is not None}
    if order:
        unknown = [g for g in order if g not in found]
        if unknown:
            raise ConfigError(f"{by} has no value {unknown[0]!r}; "
                              f"values: {', '.join(sorted(found))}")
        return list(order)
    if len(found) > max_groups:
        raise ConfigError(f"{by} has {len(found)} distinct values; compare-groups needs a boolean "
                        f"or categorical field (at most {max_groups} values)")
    if found <= {"true", "false"}:
        return [g for g in ("true", "false") if g in found]
    return sorted(found)


def _stat(group: str, metric: str, values: Sequence[float]) -> GroupStat:
    n = len(values)
    mean = sum(values) / n if n else None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else None
    return GroupStat(group=group, metric=metric, n=n, mean=mean, sd=sd)


def report_sections(results: Sequence[RecordResult], *, labels: Sequence[str] | None = None,
                    groups: Sequence[str] | None = None) -> dict[str, Any]:
    """Plain dicts for a report: compare-groups for each group field and concordance for each
    label field. Both default to every yes/no metadata field (`flag_fields`), so a report
    shows them exactly when the data has such fields; empty lists when it has none."""
    from .tests import concordance, threshold_sweep

    flags = flag_fields(results)
    out: dict[str, Any] = {"groups": [], "concordance": []}
    for name in groups if groups is not None else flags:
        out["groups"].append(compare_groups(results, name).to_dict())
    for name in labels if labels is not None else flags:
        scores, marks = labelled_scores(results, name)
        out["concordance"].append({
            "label": name,
            "rows": [r.to_dict() for r in concordance(scores, marks)],
            "sweep": [s.to_dict() for s in threshold_sweep(scores, marks)[:5]],
        })
    return out
