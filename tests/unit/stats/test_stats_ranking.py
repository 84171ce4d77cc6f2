"""Ranking quality (stats.ranking) and `ragvet ranking`: MAP, nDCG, MRR with intervals."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.errors import ConfigError
from ragvet.results import RecordResult, write_results_jsonl
from ragvet.stats.ranking import (
    average_precision,
    label_value,
    ndcg,
    rank_order,
    rank_query,
    ranking_difference,
    ranking_quality,
)

RNG = np.random.default_rng


def test_average_precision_reciprocal_rank_and_ndcg_by_hand():
    # ranked: rel, non, rel, non  → AP = (1/1 + 2/3) / 2
    q = rank_query("q", [0.9, 0.8, 0.7, 0.1], [1, 0, 1, 0])
    assert q.ap == pytest.approx((1 + 2 / 3) / 2)
    assert q.rr == 1.0
    assert q.ndcg == pytest.approx((1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3)))
    graded = rank_query("q", [3.0, 2.0, 1.0], [1, 3, 0])
    ideal = 3 + 1 / math.log2(3)
    assert graded.ndcg == pytest.approx((1 + 3 / math.log2(3)) / ideal)
    assert graded.rr == 1.0 and graded.n_relevant == 2
    assert rank_query("q", [0.5, 0.2], [1, 3], relevant=2).rr == 0.5


def test_agrees_with_scikit_learn_without_ties():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = RNG(3)
    for _ in range(20):
        n = int(rng.integers(3, 12))
        scores = list(rng.normal(size=n))
        grades = list(rng.integers(0, 4, size=n).astype(float))
        if not any(grades):
            continue
        q = rank_query("q", scores, grades)
        assert q.ndcg == pytest.approx(metrics.ndcg_score([grades], [scores]))
        assert ndcg([grades[i] for i in rank_order(scores, grades)], 3) == pytest.approx(
            metrics.ndcg_score([grades], [scores], k=3))
        binary = [float(g >= 1) for g in grades]
        if 0 < sum(binary) < n:
            assert q.ap == pytest.approx(metrics.average_precision_score(binary, scores))


def test_ties_are_pessimistic_by_default_and_unscored_records_rank_last():
    pessimistic = rank_query("q", [0.5, 0.5], [1, 0])
    optimistic = rank_query("q", [0.5, 0.5], [1, 0], ties="optimistic")
    assert (pessimistic.ap, pessimistic.rr, pessimistic.tied) == (0.5, 0.5, True)
    assert (optimistic.ap, optimistic.rr) == (1.0, 1.0)
    unscored = rank_query("q", [None, 0.1], [1, 0])
    assert unscored.rr == 0.5 and unscored.unscored == 1
    assert average_precision([False, False]) is None


@pytest.mark.parametrize(("value", "expected"), [
    (True, 1.0), ("no", 0.0), (2, 2.0), ("3", 3.0), (None, None)])
def test_labels_are_grades_or_yes_no(value, expected):
    assert label_value(value, "r") == expected


@pytest.mark.parametrize("value", ["maybe", -1, float("nan")])
def test_other_labels_are_refused(value):
    with pytest.raises(ConfigError):
        label_value(value, "record 7")


def pair_run(n: int, *, win: int, tie: int = 0) -> list[RecordResult]:
    """n queries, each with a right (label 1) and a wrong (label 0) answer: 'good' ranks the
    right one first in `win` queries, ties in `tie`, 'bad' never ranks it first."""
    out = []
    for i in range(n):
        good_right = 0.9 if i < win else 0.5 if i < win + tie else 0.1
        for kind, label, good, bad in (("right", 1, good_right, 0.2),
                                       ("wrong", 0, 0.5, 0.8)):
            out.append(RecordResult(id=f"{i}-{kind}", query=f"question {i}?",
                                    scores={"good": good, "bad": bad},
                                    metadata={"label": label, "qid": f"q{i}"}))
    return out


def test_over_a_run_with_intervals_and_paired_difference():
    results = pair_run(40, win=30, tie=4)
    good = ranking_quality(results, label="label", score="good", rng=RNG(0))
    bad = ranking_quality(results, label="label", score="bad", rng=RNG(0))
    assert len(good.queries) == 40 and good.tied_queries == 4
    assert good.mean("mrr") == pytest.approx((30 + 0.5 * 10) / 40)
    assert good.mean("map") == good.mean("mrr")  # one relevant record per query
    ci = good.intervals["map"]
    assert ci.low < good.mean("map") < ci.high and ci.n == 40
    assert bad.mean("mrr") == 0.5
    diff = ranking_difference(good, bad, "map", rng=RNG(0))
    assert diff.n_queries == 40 and diff.interval.low > 0
    by_field = ranking_quality(results, label="label", score="good", query_field="qid",
                               rng=RNG(0))
    assert by_field.mean("map") == good.mean("map")


def test_a_metadata_field_can_be_the_score_and_missing_labels_are_counted():
    results = [RecordResult(id=str(i), query="q?", scores={}, metadata={"bm25": s, "rel": r})
               for i, (s, r) in enumerate([(9.0, 2), (3.0, 0), (5.0, 1)])]
    results.append(RecordResult(id="x", query="q?", scores={}, metadata={"bm25": 1.0}))
    found = ranking_quality(results, label="rel", score="bm25", rng=RNG(0))
    assert found.unlabelled == 1 and found.queries[0].ndcg == 1.0


def test_unknown_label_or_score_is_a_config_error():
    results = pair_run(3, win=3)
    with pytest.raises(ConfigError, match="label field"):
        ranking_quality(results, label="nope", score="good", rng=RNG(0))
    with pytest.raises(ConfigError, match="no record has a score"):
        ranking_quality(results, label="label", score="nope", rng=RNG(0))


def test_cli_ranking_prints_and_writes_json(tmp_path):
    path = tmp_path / "results.jsonl"
    write_results_jsonl(pair_run(40, win=30, tie=4), path)
    runner = CliRunner()
    shown = runner.invoke(build_app(), ["ranking", str(path), "--label", "label",
                                        "--score", "good,bad"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "Ranking quality against 'label': 40 queries, 80 records" in shown.output
    assert "better" in shown.output
    done = runner.invoke(build_app(), ["ranking", str(path), "--label", "label", "--score",
                                       "good,bad", "--json", "--ties", "optimistic"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["scores"][0]["mrr"] == pytest.approx((34 + 0.5 * 6) / 40)
    assert [d["measure"] for d in data["differences"]] == ["map", "ndcg", "mrr"]
    bad = runner.invoke(build_app(), ["ranking", str(path), "--label", "label", "--score",
                                      "good", "--ties", "random"])
    assert bad.exit_code == 2 and "--ties" in bad.output
