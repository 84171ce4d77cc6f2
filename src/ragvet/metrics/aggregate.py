"""Pure aggregators over verdicts. Empty input never reaches them: `score_metric` maps an
empty decomposition to NotApplicable first, so none of these can produce NaN."""

from __future__ import annotations

from collections.abc import Sequence

from ..judges.base import Verdict
from .core import grade_of


def expected_yes(verdict: Verdict) -> float:
    """How much a verdict counts as yes: the judge's probability of yes when it reports one
    (a calibrated judge), else 1 for yes and 0 for no."""
    if verdict.probability is not None:
        return min(1.0, max(0.0, float(verdict.probability)))
    return 1.0 if verdict.value is True else 0.0


def fraction_true(verdicts: Sequence[Verdict]) -> float:
    """Share of yes verdicts; with probabilities, the expected share (mean probability)."""
    return sum(expected_yes(v) for v in verdicts) / len(verdicts)


def one_minus_fraction_true(verdicts: Sequence[Verdict]) -> float:
    return 1.0 - fraction_true(verdicts)


def mean_grade(verdicts: Sequence[Verdict]) -> float:
    """Mean of graded verdicts (see `core.graded`), e.g. cosines of generated questions."""
    grades = _grades(verdicts)
    return sum(grades) / len(grades)


def _grades(verdicts: Sequence[Verdict]) -> list[float]:
    grades = [grade_of(v) for v in verdicts]
    if any(g is None for g in grades):
        raise ValueError("a graded aggregate got a yes/no or failed verdict")
    return grades  # type: ignore[return-value]
