"""The one logistic regression that every fit in `training/` uses.

Weighted, L2-penalised (the bias is not penalised), solved by Newton's method, no randomness.
It is bounded so that data a line separates cannot make it run away: the penalty must be
positive (that keeps the optimum finite), logits are clipped before the sigmoid, each Newton
step is capped in size, and at most `max_iter` steps are taken. A fit that stops before its
steps become negligible says so with a `ConvergenceWarning`.

Optional sign constraints keep each weight on the side its feature may push, by an active
set: the feature furthest on the wrong side is left out (weight 0) and the rest are refitted,
until every weight is on its side. (The local judge's fit used to drop every wrong-side
feature at once; on its tuning data both rules leave out the same features.)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

LOGIT_CLIP = 40.0  # beyond ±40 the sigmoid is 0 or 1 to double precision
SOLVE_JITTER = 1e-9  # keeps the Newton system solvable when every probability saturates


class ConvergenceWarning(UserWarning):
    """A fit used all its Newton steps and the last one was still not negligible."""


@dataclass(frozen=True, slots=True)
class LogisticFit:
    """Fitted weights (one per feature, 0 for a feature left out) and bias."""

    weights: tuple[float, ...]
    bias: float
    converged: bool

    def probabilities(self, x: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        logits = np.asarray(x, dtype=float) @ np.asarray(self.weights) + self.bias
        return sigmoid(logits)


def sigmoid(logits: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(logits, -LOGIT_CLIP, LOGIT_CLIP)))


def fit_logistic(x: Sequence[Sequence[float]] | np.ndarray, y: Sequence[float] | np.ndarray,
                 sample_weight: Sequence[float] | np.ndarray | None = None, *, l2: float = 1.0,
                 signs: Sequence[float] | None = None, max_iter: int = 50, tol: float = 1e-10,
                 max_step: float = 10.0) -> LogisticFit:
    """Fit P(y=1 | x) = sigmoid(x·weights + bias).

    `sample_weight` weighs each row (default: all 1). `signs` (+1 or −1 per feature) keeps
    each weight on its side. `tol` is the largest Newton step counted as negligible;
    `max_step` caps the largest coordinate of any one step.
    """
    if l2 <= 0:
        raise ValueError(f"l2 must be positive (got {l2}); without it separable data "
                         "has no finite fit")
    if max_iter < 1:
        raise ValueError(f"max_iter must be at least 1 (got {max_iter})")
    features = np.asarray(x, dtype=float)
    n_rows, n_features = features.shape
    labels = np.asarray(y, dtype=float)
    weights = np.ones(n_rows) if sample_weight is None else np.asarray(sample_weight, float)
    side = np.ones(n_features) if signs is None else np.asarray(signs, dtype=float)
    active = list(range(n_features))
    while True:
        beta, converged = _newton(features[:, active] * side[active], labels, weights,
                                  l2=l2, max_iter=max_iter, tol=tol, max_step=max_step)
        if signs is None or not active or beta[:-1].min() >= 0:
            break
        del active[int(np.argmin(beta[:-1]))]
    fitted = [0.0] * n_features
    for a, b in zip(active, beta[:-1], strict=True):
        fitted[a] = float(b * side[a])
    return LogisticFit(tuple(fitted), float(beta[-1]), converged)


def _newton(features: np.ndarray, labels: np.ndarray, weights: np.ndarray, *, l2: float,
            max_iter: int, tol: float, max_step: float) -> tuple[np.ndarray, bool]:
    """Coefficients (features then bias) and whether the steps became negligible."""
    design = np.hstack([features, np.ones((len(features), 1))])
    penalty = np.full(design.shape[1], l2)
    penalty[-1] = 0.0
    regulariser = np.diag(penalty) + SOLVE_JITTER * np.eye(design.shape[1])
    beta = np.zeros(design.shape[1])
    for _ in range(max_iter):
        p = sigmoid(design @ beta)
        gradient = design.T @ (weights * (p - labels)) + penalty * beta
        hessian = (design * (weights * p * (1 - p))[:, None]).T @ design + regulariser
        step = np.linalg.solve(hessian, gradient)
        largest = float(np.abs(step).max())
        if largest > max_step:
            step *= max_step / largest
        beta -= step
        if largest < tol:
            return beta, True
    warnings.warn(ConvergenceWarning(
        f"logistic fit stopped after {max_iter} Newton steps; the last one still asked to "
        f"move a coefficient by {largest:.3g} (tolerance {tol:g}); raise l2 or max_iter"),
        stacklevel=3)
    return beta, False
