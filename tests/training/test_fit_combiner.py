"""The combiner fit: not-applicable fill, monotone weights; loaders keep tuning rows apart."""

from __future__ import annotations

import json

import numpy as np
import pytest
from training.datasets import halueval_pairs, tidy_knowledge
from training.fit_combiner import fit_params

from ragvet.metrics.vera_aggregate import CombinerParams


def test_fit_params_fill_not_applicable_and_load_back():
    rows = [{"a": 1.0, "b": None}, {"a": 0.9, "b": 0.8}, {"a": 0.1, "b": 0.2},
            {"a": 0.0, "b": 0.4}] * 10
    labels = [1, 1, 0, 0] * 10
    data = fit_params(rows, labels, ["a", "b"], provenance={"fitted_on": ["test"]})
    assert data["fill"]["b"] == pytest.approx(np.mean([0.8, 0.2, 0.4]))
    assert data["provenance"]["n"] == 40 and data["provenance"]["tuning_accuracy"] == 1.0
    params = CombinerParams.from_dict(json.loads(json.dumps(data)))
    assert params.probability({"a": 1.0, "b": 0.8}) > 0.5 > params.probability({"a": 0.0,
                                                                                 "b": 0.2})


def test_halueval_rows_are_selected_and_knowledge_tidied(tmp_path):
    path = tmp_path / "qa.jsonl"
    rows = [{"knowledge": f"Fact {i}.Another fact.", "question": f"Q{i}?", "right_answer": "yes",
             "hallucinated_answer": "no"} for i in range(6)]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    pairs = list(halueval_pairs(path, range(2, 4)))
    assert [row for row, _, _ in pairs] == [2, 3]
    _, right, wrong = pairs[0]
    assert right.sources[0].text == "Fact 2. Another fact."
    assert (right.response, wrong.response) == ("yes", "no") and right.query == wrong.query
    assert tidy_knowledge("in 1896.It was") == "in 1896. It was"


def test_monotone_fit_never_rewards_a_lower_metric():
    rng = np.random.default_rng(1)
    x = rng.uniform(0, 1, size=(2000, 2))
    y = rng.uniform(size=2000) < 1 / (1 + np.exp(-(3 * x[:, 0] - 3 * x[:, 1])))
    rows = [{"a": a, "b": b} for a, b in x]
    free = fit_params(rows, list(y.astype(int)), ["a", "b"], monotone=False)
    assert free["weights"][1] < -1 and free["provenance"]["monotone"] is False
    data = fit_params(rows, list(y.astype(int)), ["a", "b"])
    assert data["weights"][0] > 1 and data["weights"][1] == 0.0
    assert data["provenance"]["monotone"] is True
