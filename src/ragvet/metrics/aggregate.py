"""Pure aggregators over verdicts. Empty input never reaches them: `score_metric` maps an
empty decomposition to NotApplicable first, so none of these can produce NaN."""

from __future__ import annotations

from collections.abc import Sequence

from ..judges.base import Verdict


def fraction_true(verdicts: Sequence[Verdict]) -> float:
    return sum(v.value is True for v in verdicts) / len(verdicts)


def one_minus_fraction_true(verdicts: Sequence[Verdict]) -> float:
    return 1.0 - fraction_true(verdicts)
