"""Agreement from a results file of pair records: ties and unscored pairs are misses, the
yes/no reading drops probabilities, and the interval is a bootstrap over pairs."""

from __future__ import annotations

import pytest

from ragvet.errors import ConfigError
from ragvet.metrics.core import Component
from ragvet.results import RecordResult
from ragvet.validation.agreement import agreement_table, count_pairs, not_run


def result(rid: str, scores: dict, *, worse_of: str | None = None, dim: str = "GR",
           probabilities: list[tuple[bool, float]] = ()) -> RecordResult:
    pair = ({"role": "worse", "dimension": dim, "better": worse_of} if worse_of else
            {"role": "better"})
    components = tuple(Component(metric="GR", kind="claim", index=k, text=f"c{k}",
                                 verdict=v, detail={"probability": p})
                       for k, (v, p) in enumerate(probabilities))
    return RecordResult(id=rid, query="q", scores=scores, components=components,
                        metadata={"pair": pair})


def test_ties_and_unscored_pairs_count_as_misses():
    results = [
        result("a/better", {"GR": 1.0}), result("a/GR", {"GR": 0.5}, worse_of="a/better"),
        result("b/better", {"GR": 0.5}), result("b/GR", {"GR": 0.5}, worse_of="b/better"),
        result("c/better", {"GR": None}), result("c/GR", {"GR": 0.0}, worse_of="c/better"),
        result("d/better", {"GR": 0.2}), result("d/GR", {"GR": 0.8}, worse_of="d/better"),
    ]
    [row] = agreement_table(results, n_resamples=200)
    assert (row.dimension, row.metric, row.scores.pairs) == ("GR", "GR", 4)
    assert row.scores.counts == count_pairs([1.0, 0.5, None, 0.2], [0.5, 0.5, 0.0, 0.8])
    assert (row.scores.counts.wins, row.scores.counts.ties, row.scores.counts.unscored) == \
        (1, 1, 1)
    assert row.scores.share == 0.25
    assert 0.0 <= row.scores.interval.low <= 0.25 <= row.scores.interval.high <= 1.0
    assert row.yes_no is None  # no verdict carried a probability


def test_the_yes_no_reading_counts_decisions():
    # better: claims yes@0.9, yes@0.6 → 0.75 expected, 1.0 decided
    # worse: claims yes@0.8, no@0.1 → 0.45 expected, 0.5 decided
    # a second pair where the expected shares differ but the decisions tie
    results = [
        result("a/better", {"GR": 0.75}, probabilities=[(True, 0.9), (True, 0.6)]),
        result("a/GR", {"GR": 0.45}, worse_of="a/better",
               probabilities=[(True, 0.8), (False, 0.1)]),
        result("b/better", {"GR": 0.9}, probabilities=[(True, 0.9)]),
        result("b/GR", {"GR": 0.7}, worse_of="b/better", probabilities=[(True, 0.7)]),
    ]
    [row] = agreement_table(results, n_resamples=200)
    assert row.scores.share == 1.0
    assert row.yes_no is not None
    assert (row.yes_no.counts.wins, row.yes_no.counts.ties) == (1, 1)
    assert row.yes_no.share == 0.5


def test_another_metric_can_be_checked_on_a_dimensions_pairs():
    results = [result("a/better", {"GR": 1.0, "faithfulness": 0.4}),
               result("a/GR", {"GR": 0.5, "faithfulness": 0.4}, worse_of="a/better")]
    [row] = agreement_table(results, metrics={"GR": "faithfulness"}, n_resamples=50)
    assert row.metric == "faithfulness" and row.scores.counts.ties == 1
    with pytest.raises(ConfigError, match="no RP pairs"):
        agreement_table(results, metrics={"RP": "RP"})
    with pytest.raises(ConfigError, match="no metric 'SD'"):
        agreement_table(results, metrics={"GR": "SD"})


def test_a_dimension_whose_metric_was_not_run_has_no_row():
    results = [result("a/better", {"GR": 1.0}), result("a/GR", {"GR": 0.5}, worse_of="a/better"),
               result("a/SD", {"GR": 0.5}, worse_of="a/better", dim="SD")]
    rows = agreement_table(results, n_resamples=50)
    assert [r.dimension for r in rows] == ["GR"]
    assert not_run(results, rows) == ["SD"]


def test_results_without_pairs_are_refused():
    with pytest.raises(ConfigError, match="hold no pairs"):
        agreement_table([RecordResult(id="x", query="q", scores={"GR": 1.0})])
    lonely = [result("a/GR", {"GR": 0.5}, worse_of="a/better")]
    with pytest.raises(ConfigError, match="better versions of a/GR are missing"):
        agreement_table(lonely)
