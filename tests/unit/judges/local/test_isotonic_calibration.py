"""The isotonic calibration map (params.Isotonic): read between its points, 0 kept at 0, the
decision left to the raw probability, and a malformed map refused with a clear error."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.base import AnswersItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.params import Isotonic, Platt, calibration_map, load_params
from ragvet.judges.ops import ANSWERS

MAP = Isotonic(xs=(0.1, 0.5, 0.8), ys=(0.05, 0.4, 0.95))


def test_points_are_joined_by_straight_lines() -> None:
    assert MAP(0.5) == pytest.approx(0.4)
    assert MAP(0.65) == pytest.approx(0.675)
    assert MAP(0.05) == pytest.approx(0.025)  # from (0, 0) to the first point


def test_zero_stays_zero_and_the_top_is_flat() -> None:
    assert MAP(0.0) == 0.0
    assert MAP(0.9) == MAP(1.0) == pytest.approx(0.95)


@pytest.mark.parametrize("entry", [
    {"method": "isotonic", "x": [0.2, 0.1], "y": [0.1, 0.2]},
    {"method": "isotonic", "x": [0.1, 0.2], "y": [0.3, 0.2]},
    {"method": "isotonic", "x": [0.1], "y": [1.5]},
    {"method": "isotonic", "x": [], "y": []},
    {"method": "spline", "x": [0.1], "y": [0.2]},
])
def test_a_malformed_map_is_refused(entry) -> None:
    with pytest.raises(ConfigError):
        calibration_map(entry)


def test_the_method_picks_the_map() -> None:
    assert isinstance(calibration_map({"a": 1.0, "b": 0.0}), Platt)
    assert isinstance(calibration_map({"method": "isotonic", "x": [0.5], "y": [0.6]}), Isotonic)


def test_the_decision_is_made_on_the_raw_probability() -> None:
    """A map that lowers every probability below the threshold changes no yes to no."""
    params = load_params()
    low = Isotonic(xs=(0.99,), ys=(0.01,))
    judge = LocalJudge(replace(params, calibration={"relevance": low}))
    item = AnswersItem(question="Which planet is the largest in the Solar System?",
                       text="Jupiter is the largest planet in the Solar System.")
    plain = LocalJudge(replace(params, calibration=None))
    (raw,), (mapped,) = (asyncio.run(j.run(ANSWERS, [item])) for j in (plain, judge))
    assert raw.value is True and mapped.value is True
    assert mapped.probability < 0.05
    assert mapped.detail["raw_probability"] == raw.probability
