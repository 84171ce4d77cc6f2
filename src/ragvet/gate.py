"""The gate: does a run clear its floors, and did it regress against a baseline?

One piece of code answers for every caller: `Run.check`, the CLI's `--fail-under`
(`ragvet evaluate`) and `--fail-on-regression` (`ragvet compare`), and the pytest plugin's
`assert_scores` / `assert_no_regression`. A `GateReport` says which checks failed and
names the worst records behind each failure with the units (claims, sub-questions, …) the
judge rejected, so a failing gate points at the evidence rather than at a number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .errors import ConfigError
from .metrics.core import Component
from .results import RecordResult

if TYPE_CHECKING:
    from .stats.compare import Comparison

WORST_SHOWN = 3
UNITS_SHOWN = 3
TEXT_SHOWN = 160


@dataclass(frozen=True, slots=True)
class GateFailure:
    """One check that failed: a metric's mean under its floor, or a metric that regressed."""

    metric: str
    kind: Literal["floor", "regression"]
    message: str
    note: str | None = None  # why no record scored the metric, when none did


@dataclass(frozen=True, slots=True)
class FailingRecord:
    """A record behind a failure, with the units of `metric` the judge said no to."""

    id: str
    query: str
    metric: str
    score: float | None
    baseline: float | None = None          # the record's score in the baseline (regression)
    units: tuple[Component, ...] = ()


@dataclass(frozen=True, kw_only=True)
class GateReport:
    failures: tuple[GateFailure, ...]
    worst: tuple[FailingRecord, ...] = ()
    comparison: Comparison | None = None  # set when a baseline was checked

    @property
    def passed(self) -> bool:
        return not self.failures

    def __bool__(self) -> bool:
        return self.passed

    def line(self) -> str:
        """The failures on one line: `GR mean 0.500 < 0.9; RQC regressed …`."""
        return "; ".join(f.message for f in self.failures)

    def explain(self) -> str:
        """The failures, then each failing metric's worst records with their rejected units."""
        if self.passed:
            return "ragvet gate passed"
        lines = [f"ragvet gate failed: {self.line()}"]
        for failure in self.failures:
            if failure.note:
                lines.append(f"{failure.metric}: {failure.note}")
            records = [w for w in self.worst if w.metric == failure.metric]
            if records:
                lines.append(f"worst records for {failure.metric}:")
                lines.extend(_record_lines(w) for w in records)
        return "\n".join(lines)


def check(results: Sequence[RecordResult], metric_ids: Sequence[str],
          floors: Mapping[str, float] | None = None, *, baseline: Any = None,
          comparison: Comparison | None = None, by: str = "query", seed: int = 0,
          level: float | None = None, resamples: int | None = None,
          worst: int = WORST_SHOWN) -> GateReport:
    """Check `results` against `floors` (metric id → lowest acceptable dataset mean) and,
    with a `baseline` (a Run, a stored run, results or a results .jsonl file), against it.

    A regression is a metric whose paired bootstrap CI of (new − baseline) lies below 0
    (`stats.compare`); pass `comparison` to reuse one already computed. A floor naming a
    metric the run did not score raises ConfigError: that is a mistake, not a failure.
    """
    floors = dict(floors or {})
    _check_floor_names(floors, results, metric_ids)
    failures: list[GateFailure] = []
    chosen: list[FailingRecord] = []
    for metric, floor in floors.items():
        mean = _mean(results, metric)
        if mean is None or mean < floor:
            failures.append(GateFailure(metric, "floor", f"{metric} mean {_fmt(mean)} < {floor}",
                                        None if mean is not None else unscored(results, metric)))
            chosen.extend(lowest_records(results, metric, worst))
    if baseline is not None or comparison is not None:
        before = results_of(baseline) if baseline is not None else []
        if comparison is None:
            comparison = _compare(before, results, by=by, seed=seed, level=level,
                                  resamples=resamples)
        for m in comparison.metrics:
            if m.verdict == "regressed":
                failures.append(GateFailure(m.metric, "regression", _regression_message(m)))
                if before:
                    chosen.extend(largest_drops(before, results, m.metric, worst,
                                                by=comparison.by))
    return GateReport(failures=tuple(failures), worst=tuple(chosen), comparison=comparison)


def results_of(run: Any) -> list[RecordResult]:
    """The RecordResults of a Run or StoredRun, a results .jsonl path, or a sequence."""
    if isinstance(run, str | Path):
        from .results import read_results_jsonl

        return read_results_jsonl(run)
    if hasattr(run, "results"):
        return list(run.results)
    if isinstance(run, Iterable):
        items = list(run)
        if all(isinstance(r, RecordResult) for r in items):
            return items
    raise ConfigError(f"a baseline must be a Run, a stored run, a results .jsonl file or a "
                      f"list of RecordResult, not {type(run).__name__}")


def unscored(results: Sequence[RecordResult], metric: str) -> str:
    """Why no record has a score for `metric`: failures (with the first error) and records
    where it does not apply (with the first reason)."""
    failed = [e for r in results for e in r.errors if e.metric in (metric, None)]
    skipped = [r.not_applicable[metric] for r in results if metric in r.not_applicable]
    parts = []
    if failed:
        parts.append(f"{len(failed)} record(s) failed (first: {_short(failed[0].message)})")
    if skipped:
        parts.append(f"{len(skipped)} not applicable (first: {_short(skipped[0])})")
    return "no record was scored: " + ("; ".join(parts) or "the run has no records")


def failing_units(result: RecordResult, metric: str) -> tuple[Component, ...]:
    """The units of `metric` the judge rejected (verdict no), then those it could not judge."""
    own = [c for c in result.components if c.metric == metric]
    rejected = [c for c in own if c.verdict is False]
    unjudged = [c for c in own if c.verdict is None and c.error]
    return tuple(rejected + unjudged)


def lowest_records(results: Sequence[RecordResult], metric: str, n: int = WORST_SHOWN
                   ) -> list[FailingRecord]:
    """The `n` records scoring lowest on `metric` (scored ones only), lowest first."""
    scored = [r for r in results if r.scores.get(metric) is not None]
    scored.sort(key=lambda r: r.scores[metric])
    return [FailingRecord(r.id, r.query, metric, r.scores[metric],
                          units=failing_units(r, metric)) for r in scored[:n]]


def largest_drops(before: Sequence[RecordResult], after: Sequence[RecordResult], metric: str,
                  n: int = WORST_SHOWN, *, by: str = "query") -> list[FailingRecord]:
    """The `n` paired records whose `metric` fell most from `before` to `after`."""
    from .stats.compare import pair_results

    pairs, _, _ = pair_results(before, after, by)  # type: ignore[arg-type]
    drops = [(b.scores[metric] - a.scores[metric], a, b) for a, b in pairs
             if a.scores.get(metric) is not None and b.scores.get(metric) is not None]
    drops = [d for d in drops if d[0] < 0]
    drops.sort(key=lambda d: d[0])
    return [FailingRecord(b.id, b.query, metric, b.scores[metric], a.scores[metric],
                          units=failing_units(b, metric)) for _, a, b in drops[:n]]


def _check_floor_names(floors: Mapping[str, float], results: Sequence[RecordResult],
                       metric_ids: Sequence[str]) -> None:
    present = list(dict.fromkeys([*metric_ids, *(m for r in results for m in r.scores)]))
    unknown = [m for m in floors if m not in present]
    if unknown:
        raise ConfigError(f"the gate names metrics this run did not score: "
                          f"{', '.join(unknown)} (it scored {', '.join(present) or 'none'})")
    for metric, floor in floors.items():
        if isinstance(floor, bool) or not isinstance(floor, int | float) or \
                not math.isfinite(floor):
            raise ConfigError(f"the floor for {metric} must be a number, got {floor!r}")


def _compare(before: Sequence[RecordResult], after: Sequence[RecordResult], *, by: str,
             seed: int, level: float | None, resamples: int | None) -> Comparison:
    import warnings

    import numpy as np

    from .stats.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, SmallSampleWarning
    from .stats.compare import compare_runs

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SmallSampleWarning)  # the verdict's reason says so
        return compare_runs(before, after, rng=np.random.default_rng(seed), by=by,  # type: ignore[arg-type]
                            n_resamples=resamples or DEFAULT_RESAMPLES,
                            level=level or DEFAULT_LEVEL)


def _regression_message(m: Any) -> str:
    d = m.difference
    ci = f", CI [{d.low:+.3f}, {d.high:+.3f}]" if d is not None else ""
    return (f"{m.metric} regressed: mean {_fmt(m.mean_a)} → {_fmt(m.mean_b)} "
            f"over {m.n_pairs} pairs{ci}")


def _mean(results: Sequence[RecordResult], metric: str) -> float | None:
    values = [v for r in results if (v := r.scores.get(metric)) is not None]
    return sum(values) / len(values) if values else None


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _short(text: str | None, limit: int = TEXT_SHOWN) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _record_lines(record: FailingRecord) -> str:
    was = f" (was {_fmt(record.baseline)})" if record.baseline is not None else ""
    lines = [f"  - {record.id}: {record.metric} {_fmt(record.score)}{was} · "
             f"{_short(record.query, 80)}"]
    for unit in record.units[:UNITS_SHOWN]:
        verdict = "no" if unit.verdict is False else "not judged"
        lines.append(f"      {unit.kind} {unit.index} ({verdict}): {_short(unit.text)}")
        why = unit.reason or unit.error
        if why:
            lines.append(f"        why: {_short(why)}")
    if len(record.units) > UNITS_SHOWN:
        lines.append(f"      … {len(record.units) - UNITS_SHOWN} more")
    if not record.units:
        lines.append("      (no unit was rejected outright: the judge was unsure of several)")
    return "\n".join(lines)
