"""The isotonic fit behind the shipped relevance calibration (training.fit_calibration)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from training.fit_calibration import _methods, isotonic


def rows(pairs):
    return [{"p": p, "label": y, "dataset": "d"} for p, y in pairs]


def test_the_fit_rises_with_p_and_is_smoothed() -> None:
    data = rows([(0.1, False)] * 40 + [(0.1, True)] * 2 + [(0.5, False)] * 10 +
                [(0.5, True)] * 10 + [(0.8, True)] * 30 + [(0.8, False)] * 2)
    fit = isotonic(data)
    assert fit["x"] == pytest.approx([0.1, 0.5, 0.8], abs=1e-5)
    assert all(b > a for a, b in pairwise(fit["y"]))
    assert fit["y"][0] == pytest.approx(3 / 44, abs=1e-5)  # one yes and one no added to the block
    assert fit["y"][-1] == pytest.approx(31 / 34, abs=1e-5)  # never read as certain
    assert fit["items"] == len(data)


def test_a_dip_is_pooled_with_its_neighbour() -> None:
    data = rows([(0.2, True)] * 6 + [(0.2, False)] * 4 + [(0.4, True)] * 2 +
                [(0.4, False)] * 8 + [(0.9, True)] * 10)
    fit = isotonic(data)
    assert len(fit["x"]) == 2  # 0.2 and 0.4 pooled: their shares fell
    assert fit["x"][0] == pytest.approx(0.3, abs=1e-5)


def test_zeros_stay_out_of_the_fit() -> None:
    assert isotonic(rows([(0.0, False)] * 5 + [(0.5, True)] * 3))["items"] == 3


def test_methods_are_checked() -> None:
    assert _methods(["relevance=isotonic", "support=platt"]) == {"relevance": "isotonic",
                                                                  "support": "platt"}
    with pytest.raises(SystemExit):
        _methods(["relevance=spline"])
