"""Vectorised bootstrap of per-record metric values (VERA §3.3).

B resamples with replacement of the n per-record values give the bootstrap distribution of
the mean; from it: the mean, the variance, the standard error and a percentile interval.
Resamples are drawn as an index matrix in chunks of rows, so memory stays bounded (about
`chunk_elements` × 12 bytes) whatever B × n is, and there is no Python loop per resample.
Randomness is always an argument (`rng`), so every figure is reproducible from its seed.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ConfigError

MIN_RELIABLE_N = 30
DEFAULT_RESAMPLES = 1000
DEFAULT_LEVEL = 0.95
CHUNK_ELEMENTS = 4_000_000  # indices drawn at once: ~16 MB (int32) + ~32 MB gathered values


class SmallSampleWarning(UserWarning):
    """Fewer than 30 values: bootstrap intervals are too narrow and unstable."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Interval:
    """A bootstrap estimate of a mean with its percentile confidence interval.

    `estimate` is the plain sample mean; `mean` is the average of the bootstrap means;
    `variance` is the average within-resample variance of the values (the metric's spread);
    `se` is the standard deviation of the bootstrap means (the estimate's standard error).
    """

    estimate: float
    mean: float
    variance: float
    se: float
    low: float
    high: float
    level: float
    n: int
    n_resamples: int
    warning: str | None = None

    def excludes(self, value: float = 0.0) -> bool:
        return value < self.low or value > self.high

    def to_dict(self) -> dict[str, float | int | str | None]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def as_values(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """A 1-d float array of finite values; raises ValueError on empty or non-finite input."""
    array = np.asarray(values, dtype=np.float64).ravel()
    if array.size == 0:
        raise ValueError("cannot bootstrap zero values")
    if not np.all(np.isfinite(array)):
        raise ValueError("bootstrap values must be finite (drop not-applicable records first)")
    return array


def resample_moments(values: np.ndarray, *, rng: np.random.Generator, n_resamples: int,
                     chunk_elements: int = CHUNK_ELEMENTS) -> tuple[np.ndarray, np.ndarray]:
    """Mean and variance (ddof=1 when n > 1) of each of `n_resamples` resamples of `values`."""
    n = values.size
    rows = max(1, chunk_elements // n)
    means = np.empty(n_resamples)
    variances = np.empty(n_resamples)
    dtype = np.int32 if n < 2**31 else np.int64
    for start in range(0, n_resamples, rows):  # loop over chunks of rows, not over resamples
        stop = min(n_resamples, start + rows)
        index = rng.integers(0, n, size=(stop - start, n), dtype=dtype)
        sample = values[index]
        chunk_means = sample.mean(axis=1)
        chunk_squares = np.einsum("ij,ij->i", sample, sample) / n
        means[start:stop] = chunk_means
        variances[start:stop] = np.maximum(chunk_squares - chunk_means**2, 0.0)
    if n > 1:
        variances *= n / (n - 1)
    return means, variances


def bootstrap_mean(values: Sequence[float] | np.ndarray, *, rng: np.random.Generator,
                   n_resamples: int = DEFAULT_RESAMPLES, level: float = DEFAULT_LEVEL,
                   chunk_elements: int = CHUNK_ELEMENTS) -> Interval:
    """Bootstrap the mean of `values`: B resamples with replacement → percentile CI."""
    array = as_values(values)
    check_options(n_resamples, level)
    means, variances = resample_moments(array, rng=rng, n_resamples=n_resamples,
                                        chunk_elements=chunk_elements)
    return _interval(float(array.mean()), means, float(variances.mean()), level, array.size)


def bootstrap_difference(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, *,
                         rng: np.random.Generator, n_resamples: int = DEFAULT_RESAMPLES,
                         level: float = DEFAULT_LEVEL) -> Interval:
    """Mean(b) − mean(a) for two independent samples, each resampled on its own."""
    first, second = as_values(a), as_values(b)
    check_options(n_resamples, level)
    means_a, var_a = resample_moments(first, rng=rng, n_resamples=n_resamples)
    means_b, var_b = resample_moments(second, rng=rng, n_resamples=n_resamples)
    estimate = float(second.mean() - first.mean())
    interval = _interval(estimate, means_b - means_a, float(var_a.mean() + var_b.mean()),
                         level, min(first.size, second.size))
    return interval


def bootstrap_paired_difference(a: Sequence[float] | np.ndarray,
                                b: Sequence[float] | np.ndarray, *, rng: np.random.Generator,
                                n_resamples: int = DEFAULT_RESAMPLES,
                                level: float = DEFAULT_LEVEL) -> Interval:
    """Mean of b_i − a_i over pairs, resampling pairs (the same indices for both)."""
    first, second = as_values(a), as_values(b)
    if first.size != second.size:
        raise ValueError(f"paired samples differ in length: {first.size} vs {second.size}")
    return bootstrap_mean(second - first, rng=rng, n_resamples=n_resamples, level=level)


@dataclass(frozen=True, slots=True)
class ConvergencePoint:
    n_resamples: int
    se: float
    low: float
    high: float


def se_convergence(values: Sequence[float] | np.ndarray, *, rng: np.random.Generator,
                   sizes: Sequence[int] = (50, 100, 200, 500, 1000, 2000, 5000),
                   level: float = DEFAULT_LEVEL) -> list[ConvergencePoint]:
    """The standard error (and CI) using the first B resamples of one draw, for each B.

    When the SE stops moving as B grows, B is large enough for this sample.
    """
    array = as_values(values)
    sizes = sorted({int(s) for s in sizes if s > 1})
    if not sizes:
        raise ValueError("need at least one resample size above 1")
    means, _ = resample_moments(array, rng=rng, n_resamples=sizes[-1])
    tail = (1.0 - level) / 2.0
    points = []
    for size in sizes:
        low, high = np.quantile(means[:size], [tail, 1.0 - tail])
        points.append(ConvergencePoint(size, float(means[:size].std(ddof=1)), float(low),
                                       float(high)))
    return points


def check_options(n_resamples: int, level: float) -> None:
    """Raise ConfigError (a user mistake) unless B >= 2 and 0 < level < 1."""
    if n_resamples < 2:
        raise ConfigError(f"--resamples must be at least 2 (got {n_resamples}); "
                          f"use e.g. --resamples {DEFAULT_RESAMPLES}")
    if not 0.0 < level < 1.0:
        raise ConfigError(f"--level must be between 0 and 1 exclusive (got {level}); "
                          f"use e.g. --level {DEFAULT_LEVEL}")


def _interval(estimate: float, means: np.ndarray, variance: float, level: float,
              n: int) -> Interval:
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail])
    warning = None
    if n < MIN_RELIABLE_N:
        warning = (f"only {n} values (fewer than {MIN_RELIABLE_N}): the bootstrap interval is "
                   f"unreliable and tends to be too narrow")
        warnings.warn(warning, SmallSampleWarning, stacklevel=3)
    return Interval(estimate=estimate, mean=float(means.mean()), variance=variance,
                    se=float(means.std(ddof=1)), low=float(low), high=float(high), level=level,
                    n=n, n_resamples=int(means.size), warning=warning)
