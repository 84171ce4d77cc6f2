"""Welch t-test, concordance of metrics with expert labels, and a threshold sweep.

Inputs are plain numbers: `scores` maps a metric id to one value per record (None where the
metric was not scored), `labels` holds one expert verdict per record (True = correct,
False = wrong, None = unlabelled). A record enters a row only when every metric of that row
is scored and the record is labelled; each row says how many records that left.

Concordance (telecom study, table 4): for a set of metrics M (one metric or a pair),
  P(correct | every m in M > θ_m)  and  P(wrong | every m in M < θ'_m),
estimated as the share of labelled records in that region, which equals the Bayes form
P(region | correct)·P(correct) / P(region). A region with no records has no probability
(None), never 0.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

Alternative = Literal["greater", "less", "two-sided"]
Thresholds = float | Mapping[str, float]
DEFAULT_HIGH = 0.7
DEFAULT_LOW = 0.3


# ---- Welch t-test ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class TTest:
    """Welch's unequal-variance t-test of mean(a) against mean(b).

    `alternative="greater"` tests H1: mean(a) > mean(b). When the test cannot be computed
    (fewer than 2 values in a group, or no variance at all) statistic, df and pvalue are
    None and `note` says why.
    """

    alternative: Alternative
    n_a: int
    n_b: int
    mean_a: float | None
    mean_b: float | None
    statistic: float | None = None
    df: float | None = None
    pvalue: float | None = None
    note: str | None = None

    def significant(self, alpha: float = 0.05) -> bool:
        return self.pvalue is not None and self.pvalue < alpha


def welch_t_test(a: Sequence[float], b: Sequence[float], *,
                 alternative: Alternative = "greater") -> TTest:
    """Same numbers as scipy.stats.ttest_ind(a, b, equal_var=False, alternative=...)."""
    from scipy.stats import t as student_t

    if alternative not in ("greater", "less", "two-sided"):
        raise ValueError(f"alternative must be greater, less or two-sided, not {alternative!r}")
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    base = TTest(alternative=alternative, n_a=len(x), n_b=len(y),
                 mean_a=float(x.mean()) if len(x) else None,
                 mean_b=float(y.mean()) if len(y) else None)
    if len(x) < 2 or len(y) < 2:
        return _replace(base, note="each group needs at least 2 values")
    var_a, var_b = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    if var_a + var_b == 0:
        return _replace(base, note="no variance in either group")
    statistic = float((x.mean() - y.mean()) / math.sqrt(var_a + var_b))
    df = float((var_a + var_b) ** 2 /
               (var_a ** 2 / (len(x) - 1) + var_b ** 2 / (len(y) - 1)))
    if alternative == "greater":
        pvalue = student_t.sf(statistic, df)
    elif alternative == "less":
        pvalue = student_t.cdf(statistic, df)
    else:
        pvalue = min(1.0, 2 * student_t.sf(abs(statistic), df))
    return _replace(base, statistic=statistic, df=df, pvalue=float(pvalue))


def _replace(test: TTest, **changes) -> TTest:
    from dataclasses import replace

    return replace(test, **changes)


# ---- concordance -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class ConcordanceRow:
    """Agreement of one metric or a pair with the expert labels, with the counts behind it."""

    metrics: tuple[str, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    n: int
    n_correct: int
    n_high: int
    n_high_correct: int
    n_low: int
    n_low_wrong: int

    @property
    def p_correct_given_high(self) -> float | None:
        return self.n_high_correct / self.n_high if self.n_high else None

    @property
    def p_wrong_given_low(self) -> float | None:
        return self.n_low_wrong / self.n_low if self.n_low else None

    def to_dict(self) -> dict[str, object]:
        return {"metrics": list(self.metrics), "high": list(self.high), "low": list(self.low),
                "n": self.n, "n_correct": self.n_correct, "n_high": self.n_high,
                "n_high_correct": self.n_high_correct, "n_low": self.n_low,
                "n_low_wrong": self.n_low_wrong,
                "p_correct_given_high": self.p_correct_given_high,
                "p_wrong_given_low": self.p_wrong_given_low}


def concordance(scores: Mapping[str, Sequence[float | None]],
                labels: Sequence[bool | None], *, metrics: Sequence[str] | None = None,
                high: Thresholds = DEFAULT_HIGH, low: Thresholds = DEFAULT_LOW,
                pairs: bool = True) -> list[ConcordanceRow]:
    """One row per metric, then (if `pairs`) one per pair of metrics, judged jointly."""
    names = list(metrics if metrics is not None else scores)
    _check_lengths(scores, labels, names)
    rows = []
    for combo in _combos(names, pairs):
        values, label = _complete(scores, labels, combo)
        hi = tuple(_threshold(high, m) for m in combo)
        lo = tuple(_threshold(low, m) for m in combo)
        in_high = np.all(values > np.asarray(hi), axis=1)
        in_low = np.all(values < np.asarray(lo), axis=1)
        rows.append(ConcordanceRow(
            metrics=combo, high=hi, low=lo, n=len(label), n_correct=int(label.sum()),
            n_high=int(in_high.sum()), n_high_correct=int((in_high & label).sum()),
            n_low=int(in_low.sum()), n_low_wrong=int((in_low & ~label).sum())))
    return rows


def _combos(names: Sequence[str], pairs: bool) -> list[tuple[str, ...]]:
    singles = [(m,) for m in names]
    return singles + (list(itertools.combinations(names, 2)) if pairs else [])


def _threshold(value: Thresholds, metric: str) -> float:
    if isinstance(value, Mapping):
        if metric not in value:
            raise ValueError(f"no threshold given for {metric}")
        return float(value[metric])
    return float(value)


def _check_lengths(scores: Mapping[str, Sequence[float | None]],
                   labels: Sequence[bool | None], names: Sequence[str]) -> None:
    for name in names:
        if name not in scores:
            raise ValueError(f"no scores for metric {name!r}; have {', '.join(scores)}")
        if len(scores[name]) != len(labels):
            raise ValueError(f"{name} has {len(scores[name])} values for {len(labels)} labels")


def _complete(scores: Mapping[str, Sequence[float | None]], labels: Sequence[bool | None],
              combo: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Rows where the label and every metric of `combo` are present: (values, labels)."""
    keep = [i for i, lab in enumerate(labels)
            if lab is not None and all(scores[m][i] is not None for m in combo)]
    values = np.array([[scores[m][i] for m in combo] for i in keep], dtype=float)
    return values.reshape(len(keep), len(combo)), np.array([bool(labels[i]) for i in keep],
                                                          dtype=bool)


# ---- threshold sweep ---------------------------------------------------------------------

DEFAULT_GRID = tuple(round(0.05 * k, 2) for k in range(20))  # 0.00 … 0.95


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepResult:
    """The best rule "correct iff every metric > its threshold" for one metric or pair."""

    metrics: tuple[str, ...]
    thresholds: tuple[float, ...]
    balanced_accuracy: float
    n: int
    n_correct: int
    n_high: int
    n_high_correct: int

    @property
    def true_positive_rate(self) -> float:
        return self.n_high_correct / self.n_correct

    @property
    def true_negative_rate(self) -> float:
        wrong = self.n - self.n_correct
        return (wrong - (self.n_high - self.n_high_correct)) / wrong

    @property
    def p_correct_given_high(self) -> float | None:
        return self.n_high_correct / self.n_high if self.n_high else None

    def to_dict(self) -> dict[str, object]:
        return {"metrics": list(self.metrics), "thresholds": list(self.thresholds),
                "balanced_accuracy": self.balanced_accuracy, "n": self.n,
                "n_correct": self.n_correct, "n_high": self.n_high,
                "n_high_correct": self.n_high_correct,
                "p_correct_given_high": self.p_correct_given_high}


def threshold_sweep(scores: Mapping[str, Sequence[float | None]],
                    labels: Sequence[bool | None], *, metrics: Sequence[str] | None = None,
                    grid: Sequence[float] = DEFAULT_GRID,
                    pairs: bool = True) -> list[SweepResult]:
    """Per metric and pair, the thresholds on `grid` whose rule best separates the labels.

    Separation is balanced accuracy, (TPR + TNR) / 2, so a skewed label split cannot win by
    calling everything correct. Ties go to the earliest thresholds on the grid. Results are
    sorted best first; a combination without both labels among its records is left out.
    """
    names = list(metrics if metrics is not None else scores)
    _check_lengths(scores, labels, names)
    grid_array = np.asarray(sorted(set(grid)), dtype=float)
    found = []
    for combo in _combos(names, pairs):
        values, label = _complete(scores, labels, combo)
        if label.all() or not label.any():
            continue
        found.append(_best_rule(combo, values, label, grid_array))
    return sorted(found, key=lambda r: -r.balanced_accuracy)


def _best_rule(combo: tuple[str, ...], values: np.ndarray, label: np.ndarray,
               grid: np.ndarray) -> SweepResult:
    # above[k, g, i]: metric k of record i is above grid value g
    above = values.T[:, None, :] > grid[None, :, None]
    candidates = list(itertools.product(range(len(grid)), repeat=len(combo)))
    predicted = np.stack([np.all([above[k, g] for k, g in enumerate(idx)], axis=0)
                          for idx in candidates])
    n_correct, n_wrong = int(label.sum()), int((~label).sum())
    tpr = (predicted & label).sum(axis=1) / n_correct
    tnr = (~predicted & ~label).sum(axis=1) / n_wrong
    balanced = (tpr + tnr) / 2
    best = int(np.argmax(balanced))
    chosen = predicted[best]
    return SweepResult(metrics=combo, thresholds=tuple(float(grid[g]) for g in candidates[best]),
                       balanced_accuracy=float(balanced[best]), n=len(label),
                       n_correct=n_correct, n_high=int(chosen.sum()),
                       n_high_correct=int((chosen & label).sum()))
