"""Significance tests for one run against a baseline (transparent RAGAS study, table 3).

Per metric, on the records the two runs share (paired by query or id, as `stats.compare`):
the paired t-test and the Wilcoxon signed-rank test of B − A, with the effect size
dz = mean(d) / sd(d). Where the runs' record sets differ, Welch's t-test compares every
scored record of A with every scored record of B as independent samples, with Cohen's d
(pooled sd). All tests are two-sided. Each test's p-values are Holm-corrected across the
metrics compared, so "p_holm < 0.05" holds for the family of metrics at once. The primary
test of a metric is the paired t-test where there are pairs, else Welch's.

The tests themselves are scipy's (`ttest_rel`, `wilcoxon`, `ttest_ind(equal_var=False)`);
this module pairs the records, picks the tests and corrects the p-values.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..results import RecordResult
from .compare import PairBy, pair_results, shared_metrics

MIN_VALUES = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class HypothesisTest:
    """One two-sided test: its statistic, p-value, Holm-corrected p-value and effect size."""

    name: str
    difference: float | None = None  # what the test is about: mean(B − A) or mean B − mean A
    statistic: float | None = None
    df: float | None = None
    pvalue: float | None = None
    p_holm: float | None = None
    effect: float | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True, kw_only=True)
class MetricTests:
    """The tests of one metric: paired (t, Wilcoxon) on shared records, Welch on all."""

    metric: str
    n_pairs: int
    n_a: int
    n_b: int
    mean_difference: float | None  # mean of B − A over the pairs, else mean(B) − mean(A)
    paired_t: HypothesisTest | None = None
    wilcoxon: HypothesisTest | None = None
    welch: HypothesisTest | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def primary(self) -> HypothesisTest | None:
        return self.paired_t if self.paired_t is not None else self.welch

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "n_pairs": self.n_pairs, "n_a": self.n_a,
                "n_b": self.n_b, "mean_difference": self.mean_difference,
                "primary": self.primary.name if self.primary else None,
                **{name: (test.to_dict() if test else None) for name, test in
                   (("paired_t", self.paired_t), ("wilcoxon", self.wilcoxon),
                    ("welch", self.welch))},
                "notes": list(self.notes)}


# ---- the tests -------------------------------------------------------------------------------

def paired_t_test(a: Sequence[float], b: Sequence[float]) -> HypothesisTest:
    """scipy.stats.ttest_rel(b, a): H0 mean(B − A) = 0; effect size dz = mean(d)/sd(d)."""
    from scipy import stats

    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    if d.size < MIN_VALUES:
        return HypothesisTest(name="paired t", note=f"needs at least {MIN_VALUES} pairs")
    sd = float(d.std(ddof=1))
    if float(np.ptp(d)) <= 1e-12 * max(1.0, float(np.abs(d).max())):  # constant up to rounding
        return HypothesisTest(name="paired t", difference=float(d.mean()),
                              note="every pair differs by the same amount")
    found = stats.ttest_rel(b, a)
    return HypothesisTest(name="paired t", difference=float(d.mean()),
                          statistic=float(found.statistic), df=float(d.size - 1),
                          pvalue=float(found.pvalue), effect=float(d.mean()) / sd)


def wilcoxon_test(a: Sequence[float], b: Sequence[float]) -> HypothesisTest:
    """scipy.stats.wilcoxon(b − a): signed-rank test, zero differences dropped (Wilcoxon's
    convention); effect size r = 1 − 2·W / (n(n+1)/2), the matched-pairs rank-biserial
    correlation over the non-zero differences (positive when B is higher)."""
    from scipy import stats

    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    nonzero = d[d != 0]
    if nonzero.size < MIN_VALUES:
        return HypothesisTest(name="Wilcoxon", note=f"fewer than {MIN_VALUES} pairs differ")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy's small-sample / ties notices
        found = stats.wilcoxon(d)
    positive = float(np.sum(stats.rankdata(np.abs(nonzero))[nonzero > 0]))
    total = nonzero.size * (nonzero.size + 1) / 2
    return HypothesisTest(name="Wilcoxon", difference=float(d.mean()),
                          statistic=float(found.statistic), pvalue=float(found.pvalue),
                          effect=2 * positive / total - 1)


def welch_test(a: Sequence[float], b: Sequence[float]) -> HypothesisTest:
    """scipy.stats.ttest_ind(b, a, equal_var=False); Cohen's d with the pooled sd."""
    from scipy import stats

    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.size < MIN_VALUES or y.size < MIN_VALUES:
        return HypothesisTest(name="Welch t", note=f"each run needs at least {MIN_VALUES} values")
    var_a, var_b = x.var(ddof=1), y.var(ddof=1)
    if var_a == 0 and var_b == 0:
        return HypothesisTest(name="Welch t", difference=float(y.mean() - x.mean()),
                              note="no variance in either run")
    found = stats.ttest_ind(y, x, equal_var=False)
    pooled = math.sqrt(((x.size - 1) * var_a + (y.size - 1) * var_b) / (x.size + y.size - 2))
    se_a, se_b = var_a / x.size, var_b / y.size
    df = (se_a + se_b) ** 2 / (se_a**2 / (x.size - 1) + se_b**2 / (y.size - 1))
    return HypothesisTest(name="Welch t", difference=float(y.mean() - x.mean()),
                          statistic=float(found.statistic), df=float(df),
                          pvalue=float(found.pvalue),
                          effect=float(y.mean() - x.mean()) / pooled if pooled > 0 else None)


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (None stays None and does not count as a test)."""
    present = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(present)
    adjusted: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


# ---- two runs ----------------------------------------------------------------------------------

def significance_tests(a: Sequence[RecordResult], b: Sequence[RecordResult], *,
              metrics: Iterable[str] | None = None, by: PairBy = "query"
              ) -> list[MetricTests]:
    """Run B (new) against run A (baseline): per metric the tests above, Holm-corrected."""
    pairs, only_a, only_b = pair_results(a, b, by)
    differ = bool(only_a or only_b)
    chosen = list(metrics) if metrics is not None else shared_metrics(a, b)
    found = [_metric_tests(metric, a, b, pairs, differ) for metric in chosen]
    return _with_holm(found)


def _metric_tests(metric: str, a: Sequence[RecordResult], b: Sequence[RecordResult],
                  pairs: Sequence[tuple[RecordResult, RecordResult]], differ: bool
                  ) -> MetricTests:
    both = [(x.scores.get(metric), y.scores.get(metric)) for x, y in pairs]
    paired = [(x, y) for x, y in both if x is not None and y is not None]
    all_a = [r.scores[metric] for r in a if r.scores.get(metric) is not None]
    all_b = [r.scores[metric] for r in b if r.scores.get(metric) is not None]
    notes = []
    paired_t = wilcoxon = welch = None
    if len(paired) >= MIN_VALUES:
        first, second = [x for x, _ in paired], [y for _, y in paired]
        paired_t, wilcoxon = paired_t_test(first, second), wilcoxon_test(first, second)
        difference = float(np.mean(second) - np.mean(first))
    else:
        notes.append(f"{len(paired)} pair(s) scored in both runs: no paired test")
        difference = (float(np.mean(all_b) - np.mean(all_a)) if all_a and all_b else None)
    if differ or paired_t is None:
        welch = welch_test(all_a, all_b)
        if differ:
            notes.append("the runs' records differ: Welch's test compares all scored records")
    return MetricTests(metric=metric, n_pairs=len(paired), n_a=len(all_a), n_b=len(all_b),
                       mean_difference=difference, paired_t=paired_t, wilcoxon=wilcoxon,
                       welch=welch, notes=tuple(notes))


def _with_holm(found: list[MetricTests]) -> list[MetricTests]:
    """Each kind of test Holm-corrected across the metrics it was run on."""
    out = list(found)
    for kind in ("paired_t", "wilcoxon", "welch"):
        adjusted = holm([getattr(t, kind).pvalue if getattr(t, kind) else None for t in out])
        out = [replace(t, **{kind: replace(getattr(t, kind), p_holm=p)})
               if getattr(t, kind) is not None else t for t, p in zip(out, adjusted, strict=True)]
    return out
