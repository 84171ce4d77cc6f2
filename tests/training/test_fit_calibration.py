"""The fits behind the shipped calibrations (training.fit_calibration): the isotonic map of
the relevance probabilities and the sized map of the support probabilities."""

from __future__ import annotations

from itertools import pairwise

import pytest
from training.fit_calibration import _methods, isotonic, sized_logistic

from ragvet.judges.local.params import calibration_map


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


def sized_rows(dataset, words, veto_yes, low_yes, high_yes):
    """40 vetoes, 40 claims at p 0.3 and 40 at p 0.85, with these counts of yes."""
    out = []
    for p, yes in ((0.0, veto_yes), (0.3, low_yes), (0.85, high_yes)):
        out += [{"p": p, "label": k < yes, "dataset": dataset, "words": words}
                for k in range(40)]
    return out


def test_the_sized_fit_reads_the_length_and_builds_a_valid_map() -> None:
    """Vetoes on long pages were often wrong, on short passages almost never: the fitted map
    says so, and still rises with p at both lengths."""
    data = sized_rows("short", 30, 1, 4, 37) + sized_rows("long", 2000, 10, 14, 30)
    fit = sized_logistic(data)
    made = calibration_map({**fit, "method": "sized-logistic"})
    assert made(0.0, 30) < 0.06 < 0.15 < made(0.0, 2000) < 0.35
    for words in (30, 2000):
        assert made(0.0, words) <= made(0.3, words) < made(0.85, words)
    assert made(0.85, 30) == pytest.approx(37 / 40, abs=0.04)
    assert fit["items"] == len(data)
    assert fit["log_words_range"] == pytest.approx([3.434, 7.6014], abs=1e-3)
