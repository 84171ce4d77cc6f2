"""Verdicts with a probability: scores become expected shares, the diagnosis reads decisions."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.judges.base import Verdict
from ragvet.metrics.aggregate import expected_yes, fraction_true
from ragvet.metrics.diagnosis import decided_scores, diagnose
from ragvet.metrics.ragas import f1_of_classes

QUERY = "When was the tower completed, and who was it named after?"
SUB = ["When was the tower completed?", "Who was the tower named after?"]
SOURCES = ["Work on the tower ended in 1896.", "It was named after Queen Chimnabai."]
RESPONSE = "The tower was completed in 1896. It was named after Queen Chimnabai."
CLAIMS = ["The tower was completed in 1896.", "The tower was named after Queen Chimnabai."]


def test_a_verdict_counts_as_its_probability_else_as_one_or_zero():
    assert expected_yes(Verdict(value=True)) == 1.0
    assert expected_yes(Verdict(value=False)) == 0.0
    assert expected_yes(Verdict(value=True, probability=0.8)) == 0.8
    assert expected_yes(Verdict(value=False, probability=0.3)) == 0.3
    assert expected_yes(Verdict(value=True, probability=1.7)) == 1.0  # clipped, never > 1
    verdicts = [Verdict(value=True, probability=0.9), Verdict(value=False, probability=0.2),
                Verdict(value=True)]
    assert fraction_true(verdicts) == pytest.approx((0.9 + 0.2 + 1.0) / 3)


def test_factual_correctness_counts_probabilities_as_soft_tp_fp_fn():
    def v(cls: str, p: float | None, value: bool) -> Verdict:
        return Verdict(value=value, probability=p, detail={"class": cls})

    yes_no = [v("TP", None, True), v("FP", None, False), v("FP", None, False),
              v("FN", None, False), v("covered", None, True)]
    assert f1_of_classes(yes_no) == pytest.approx(1 / (1 + 0.5 * 3))  # TP 1, FP 2, FN 1
    soft = [v("TP", 0.8, True), v("FP", 0.4, False), v("FN", 0.1, False),
            v("covered", 0.7, True)]
    tp, fp, fn = 0.8 + 0.4, 0.2 + 0.6, 0.9 + 0.3
    assert f1_of_classes(soft) == pytest.approx(tp / (tp + 0.5 * (fp + fn)))


def _judge(p_completed: float, p_named: float) -> ScriptedJudge:
    return ScriptedJudge(
        claims={RESPONSE: CLAIMS}, subquestions={QUERY: SUB},
        supported={CLAIMS[0]: {"value": True, "probability": p_completed},
                   CLAIMS[1]: {"value": p_named >= 0.5, "probability": p_named}},
        answers={(SUB[0], SOURCES[0]): {"value": True, "probability": 0.9},
                 (SUB[0], SOURCES[1]): {"value": False, "probability": 0.1},
                 (SUB[0], "\n\n".join(SOURCES)): {"value": True, "probability": 0.7},
                 (SUB[1], SOURCES[0]): {"value": False, "probability": 0.2},
                 (SUB[1], SOURCES[1]): {"value": False, "probability": 0.4},
                 (SUB[1], "\n\n".join(SOURCES)): {"value": True, "probability": 0.6},
                 (SUB[0], RESPONSE): True, (SUB[1], RESPONSE): False})


def test_metrics_score_the_expected_share_and_sqc_takes_the_best_view_probability():
    record = make_record(id="r", query=QUERY, sources=SOURCES, response=RESPONSE)
    result = ragvet.evaluate([record], "GR,SQC,RQC", _judge(0.9, 0.3)).results[0]
    assert result.scores["GR"] == pytest.approx((0.9 + 0.3) / 2)
    assert result.scores["SQC"] == pytest.approx((0.9 + 0.6) / 2)  # max over views per part
    assert result.scores["RQC"] == 0.5  # yes/no verdicts count 1 or 0
    sqc = [c for c in result.components if c.metric == "SQC"]
    assert [c.verdict for c in sqc] == [True, True]
    assert sqc[1].detail["probability"] == 0.6
    assert sqc[1].detail["answered_by"] == ["all sources"]
    gr = [c for c in result.components if c.metric == "GR"]
    assert [c.detail["probability"] for c in gr] == [0.9, 0.3]


def test_scores_rank_what_yes_no_counts_would_tie():
    record = make_record(id="r", query=QUERY, sources=SOURCES, response=RESPONSE)
    sure = ragvet.evaluate([record], "GR", _judge(0.95, 0.9)).results[0]
    unsure = ragvet.evaluate([record], "GR", _judge(0.6, 0.55)).results[0]
    assert sure.scores["GR"] > unsure.scores["GR"]
    assert decided_scores(sure.scores, sure.components)["GR"] == 1.0
    assert decided_scores(unsure.scores, unsure.components)["GR"] == 1.0


def test_diagnosis_reads_decisions_not_expected_shares():
    # both sources judged essential, but with p = 0.55: the expected SP1 is not "high",
    # the decisions are; no claim is essential, so RP is low either way
    record = make_record(id="r", query=QUERY, sources=SOURCES, response=RESPONSE)
    judge = ScriptedJudge(
        claims={RESPONSE: CLAIMS},
        essential={**{(QUERY, s): {"value": True, "probability": 0.55} for s in SOURCES},
                   **{(QUERY, c): {"value": False, "probability": 0.3} for c in CLAIMS}})
    result = ragvet.evaluate([record], "SP1,RP", judge).results[0]
    assert result.scores["SP1"] == pytest.approx(0.55)
    assert diagnose(result.scores) == []
    assert decided_scores(result.scores, result.components)["SP1"] == 1.0
    assert result.diagnosis == ("extraneous_content",)


def test_decided_scores_leave_metrics_without_probabilities_alone():
    scores = {"GR": 0.4, "SD": 0.5, "faithfulness": 0.7, "RP": None}
    assert decided_scores(scores, []) == scores


def test_summary_yes_no_mean_counts_decisions_and_flags_probabilities():
    from ragvet.results import summarize_scores

    record = make_record(id="r", query=QUERY, sources=SOURCES, response=RESPONSE)
    soft = ragvet.evaluate([record], "GR", _judge(0.9, 0.3)).results
    (gr,) = summarize_scores(soft, ["GR"])
    assert gr.mean == pytest.approx(0.6) and gr.decided_mean == 0.5 and gr.probabilistic
    plain = ScriptedJudge(claims={RESPONSE: CLAIMS},
                          supported={CLAIMS[0]: True, CLAIMS[1]: False})
    (gr,) = summarize_scores(ragvet.evaluate([record], "GR", plain).results, ["GR"])
    # plain yes/no verdicts: the decisions are the score (the summary hides the column)
    assert gr.mean == 0.5 and gr.decided_mean == 0.5 and not gr.probabilistic
