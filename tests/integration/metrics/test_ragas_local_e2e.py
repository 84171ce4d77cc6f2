"""The transparent RAGAS family end to end with the offline judge (real embedding model)."""

from __future__ import annotations

import pytest

from ragvet import evaluate, make_record
from ragvet.judges.factory import make_judge

QUERY = "When was the Chimnabai Clock Tower completed, and who was it named after?"
SOURCE = ("The Chimnabai Clock Tower is a clock tower in Vadodara. It was completed in 1896 and "
          "named in memory of Chimnabai I, the first wife of Sayajirao Gaekwad III. "
          "Vadodara is the third-largest city in Gujarat.")
REFERENCE = "The tower was completed in 1896 and named after Chimnabai I."
GOOD = "The Chimnabai Clock Tower was completed in 1896. It was named after Chimnabai I."
WRONG = "The Chimnabai Clock Tower was completed in 1856. It was named after Queen Victoria."
RAGAS = ["faithfulness", "answer_relevance", "context_relevance", "answer_similarity",
         "factual_correctness", "answer_correctness"]


@pytest.fixture(scope="module")
def run():
    records = [make_record(id=name, query=QUERY, sources=[SOURCE], response=text,
                           reference=REFERENCE) for name, text in (("good", GOOD),
                                                                    ("wrong", WRONG))]
    return evaluate(records, "ragas", make_judge("local"))


def test_every_metric_scores_in_range_without_errors(run):
    for result in run.results:
        assert not result.errors, result.errors
        assert set(result.scores) == set(RAGAS)
        assert all(0.0 <= result.scores[m] <= 1.0 for m in RAGAS), result.scores


def test_right_answer_beats_the_wrong_one(run):
    good, wrong = run.results
    for metric in ("faithfulness", "factual_correctness", "answer_correctness"):
        assert good.scores[metric] > wrong.scores[metric], metric


def test_intermediate_steps_are_kept(run):
    good = run.results[0]
    kinds = {(c.metric, c.kind) for c in good.components}
    assert ("answer_relevance", "generated_question") in kinds
    assert ("context_relevance", "context_sentence") in kinds
    classes = {c.detail.get("class") for c in good.components
               if c.metric == "factual_correctness"}
    assert "TP" in classes
    assert all(c.reason for c in good.components if c.metric == "faithfulness")
