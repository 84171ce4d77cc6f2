"""Transparent RAGAS metrics: formulas with a scripted judge, and the kept intermediate steps."""

from __future__ import annotations

import math

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.metrics.ragas import answer_correctness, answer_relevance

QUERY = "What is CAMEL Phase 3 a prerequisite for?"
SOURCE = ("CAMEL Phase 3 is required by MSP Phase 2. It was specified in Release 99. "
          "The weather was fine.")
SENTENCES = ["CAMEL Phase 3 is required by MSP Phase 2.", "It was specified in Release 99.",
             "The weather was fine."]
RESPONSE = "CAMEL Phase 3 is a prerequisite for MSP Phase 2, introduced in 1999 by ETSI."
R_CLAIMS = ["CAMEL Phase 3 is a prerequisite for MSP Phase 2.",
            "CAMEL Phase 3 was introduced in 1999.", "CAMEL Phase 3 was introduced by ETSI."]
REFERENCE = "CAMEL Phase 3 is a prerequisite for MSP Phase 2 and for OSA."
REF_CLAIMS = ["MSP Phase 2 needs CAMEL Phase 3.", "OSA needs CAMEL Phase 3."]
QUESTIONS = ["What does MSP Phase 2 require?", "When was CAMEL Phase 3 introduced?"]


def vec(angle_deg: float) -> list[float]:
    a = math.radians(angle_deg)
    return [math.cos(a), math.sin(a)]


EMBEDDINGS = {QUERY: vec(0), QUESTIONS[0]: vec(30), QUESTIONS[1]: vec(60),
              RESPONSE: vec(10), REFERENCE: vec(70)}


SUPPORTED = {
    # against the sources (faithfulness) and against the reference (factual correctness)
    R_CLAIMS[0]: {"value": True, "reason": "stated"}, R_CLAIMS[1]: False, R_CLAIMS[2]: False,
    # reference claims judged against the response
    REF_CLAIMS[0]: True, REF_CLAIMS[1]: {"value": False, "reason": "OSA not mentioned"},
}
ESSENTIAL = {(QUERY, SENTENCES[0]): True, (QUERY, SENTENCES[1]): False,
             (QUERY, SENTENCES[2]): {"value": False, "reason": "off topic"}}


def scripted(*, embed=EMBEDDINGS, essential=ESSENTIAL, supported=SUPPORTED) -> ScriptedJudge:
    return ScriptedJudge(
        claims={RESPONSE: R_CLAIMS, REFERENCE: REF_CLAIMS},
        questions={RESPONSE: [*QUESTIONS, "An extra question?"]},
        essential=essential, supported=supported, embed=embed,
    )


@pytest.fixture
def judge() -> ScriptedJudge:
    return scripted()


def run(judge, metrics, **fields):
    values = {"query": QUERY, "sources": [SOURCE], "response": RESPONSE,
              "reference": REFERENCE, **fields}
    return ragvet.evaluate([make_record(**values)], metrics, judge).results[0]


def test_faithfulness_is_share_of_supported_statements(judge):
    result = run(judge, ["faithfulness"])
    assert result.scores["faithfulness"] == pytest.approx(1 / 3)
    comps = [c for c in result.components if c.metric == "faithfulness"]
    assert [c.text for c in comps] == R_CLAIMS
    assert [c.verdict for c in comps] == [True, False, False]
    assert comps[0].reason == "stated"


def test_answer_relevance_is_mean_cosine_of_generated_questions(judge):
    result = run(judge, [answer_relevance(2)])
    expected = (math.cos(math.radians(30)) + math.cos(math.radians(60))) / 2
    assert result.scores["answer_relevance"] == pytest.approx(expected)
    comps = [c for c in result.components if c.metric == "answer_relevance"]
    assert [c.text for c in comps] == QUESTIONS
    assert [c.kind for c in comps] == ["generated_question"] * 2
    assert comps[1].detail["cosine"] == pytest.approx(0.5)
    assert comps[0].verdict is None and "cosine 0.866" in comps[0].reason


def test_answer_relevance_default_generates_three_questions():
    judge = scripted(embed={**EMBEDDINGS, "An extra question?": vec(90)})
    result = run(judge, ["answer_relevance"])
    expected = (math.cos(math.radians(30)) + 0.5 + 0.0) / 3
    assert result.scores["answer_relevance"] == pytest.approx(expected)


def test_context_relevance_keeps_extracted_sentences(judge):
    result = run(judge, ["context_relevance"])
    assert result.scores["context_relevance"] == pytest.approx(1 / 3)
    comps = [c for c in result.components if c.metric == "context_relevance"]
    assert [c.text for c in comps] == SENTENCES
    assert [c.detail["extracted"] for c in comps] == [True, False, False]
    assert comps[2].reason == "off topic"


def test_answer_similarity_is_cosine_of_response_and_reference(judge):
    result = run(judge, ["answer_similarity"])
    assert result.scores["answer_similarity"] == pytest.approx(math.cos(math.radians(60)))


def test_factual_correctness_tp1_fp2_fn1_is_0_4(judge):
    result = run(judge, ["factual_correctness"])
    assert result.scores["factual_correctness"] == pytest.approx(1 / (1 + 1.5))
    comps = {c.text: c for c in result.components if c.metric == "factual_correctness"}
    assert [comps[t].detail["class"] for t in R_CLAIMS] == ["TP", "FP", "FP"]
    assert [comps[t].detail["class"] for t in REF_CLAIMS] == ["covered", "FN"]
    assert comps[REF_CLAIMS[1]].reason.startswith("FN: ")
    assert "OSA not mentioned" in comps[REF_CLAIMS[1]].reason


def test_factual_correctness_judges_each_side_against_the_other():
    seen = []

    class Recording(ScriptedJudge):
        async def run(self, op, items):
            if op.name == "supported":
                seen.extend(items)
            return await super().run(op, items)

    judge = Recording(claims={"A.": ["a"], "B.": ["b"]}, supported={"a": True, "b": True})
    result = ragvet.evaluate([make_record(query="q", sources=["s"], response="A.",
                                          reference="B.")], ["factual_correctness"], judge)
    assert result.results[0].scores["factual_correctness"] == 1.0
    assert {(i.claim, i.sources) for i in seen} == {("a", ("B.",)), ("b", ("A.",))}


def test_factual_correctness_tp1_fp0_fn0_is_1():
    judge = ScriptedJudge(claims={"Paris.": ["Paris is the capital."],
                                  "The capital is Paris.": ["The capital is Paris."]},
                          supported={"Paris is the capital.": True,
                                     "The capital is Paris.": True})
    record = make_record(query="q", sources=["s"], response="Paris.",
                         reference="The capital is Paris.")
    result = ragvet.evaluate([record], ["factual_correctness"], judge).results[0]
    assert result.scores["factual_correctness"] == 1.0


def test_short_answer_without_claims_counts_as_one_statement():
    judge = ScriptedJudge(claims={"Delhi": [], "Mumbai": []},
                          supported={"Delhi": False, "Mumbai": False})
    record = make_record(query="Where?", sources=["s"], response="Mumbai", reference="Delhi")
    result = ragvet.evaluate([record], ["factual_correctness"], judge).results[0]
    assert result.scores["factual_correctness"] == 0.0  # TP 0, FP 1, FN 1
    assert sorted(c.detail["class"] for c in result.components) == ["FN", "FP"]


def test_answer_correctness_default_weights(judge):
    result = run(judge, ["answer_correctness"])
    expected = 0.75 * 0.4 + 0.25 * 0.5
    assert result.scores["answer_correctness"] == pytest.approx(expected)
    parts = {c.detail["metric"]: c for c in result.components
             if c.metric == "answer_correctness"}
    assert {(c.kind, c.verdict) for c in parts.values()} == {("input", None)}
    assert parts["factual_correctness"].detail["weight"] == 0.75
    assert parts["factual_correctness"].detail["score"] == pytest.approx(0.4)
    assert parts["factual_correctness"].detail["TP"] == [R_CLAIMS[0]]
    assert parts["factual_correctness"].detail["FP"] == R_CLAIMS[1:]
    assert parts["factual_correctness"].detail["FN"] == [REF_CLAIMS[1]]
    assert parts["answer_similarity"].detail["score"] == pytest.approx(0.5)
    assert parts["answer_similarity"].detail["weight"] == 0.25
    assert list(result.scores) == ["answer_correctness"]  # inputs computed, not shown


def test_answer_correctness_custom_weights(judge):
    result = run(judge, [answer_correctness(0.5, 0.5)])
    assert result.scores["answer_correctness"] == pytest.approx(0.5 * 0.4 + 0.5 * 0.5)
    result = run(judge, [answer_correctness(1.0, 0.0)])
    assert result.scores["answer_correctness"] == pytest.approx(0.4)


def test_answer_correctness_reuses_the_computed_parts(judge):
    result = run(judge, ["factual_correctness", "answer_similarity", "answer_correctness"])
    assert result.scores["answer_correctness"] == pytest.approx(0.75 * 0.4 + 0.25 * 0.5)
    ops = [op for op, _ in judge.calls]
    assert ops.count("claims") == 2  # response once, reference once
    assert ops.count("supported") == 1
    assert ops.count("embed") == 1


def test_whole_family_with_thelma_shares_claims():
    judge = scripted(embed={**EMBEDDINGS, "An extra question?": vec(90)},
                     essential={**ESSENTIAL, **{(QUERY, c): True for c in R_CLAIMS}})
    result = run(judge, "ragas,RP")
    assert set(result.scores) == {"RP", "faithfulness", "answer_relevance",
                                  "context_relevance", "answer_similarity",
                                  "factual_correctness", "answer_correctness"}
    assert all(v is not None for v in result.scores.values()), result.errors
    assert [op for op, _ in judge.calls].count("claims") == 2


@pytest.mark.parametrize("metric", ["answer_similarity", "factual_correctness",
                                    "answer_correctness"])
def test_reference_metrics_need_a_reference(judge, metric):
    result = run(judge, [metric], reference=None)
    assert result.scores[metric] is None
    assert result.not_applicable[metric] == "record has no reference"
    assert not result.errors


def test_faithfulness_without_claims_is_not_applicable():
    judge = ScriptedJudge(claims={"Hello!": []})
    record = make_record(query="q", sources=["s"], response="Hello!")
    result = ragvet.evaluate([record], ["faithfulness"], judge).results[0]
    assert result.scores["faithfulness"] is None
    assert result.not_applicable["faithfulness"] == "the response has no claims"


def test_unjudged_verdict_fails_the_metric_and_answer_correctness():
    judge = scripted(supported={k: v for k, v in SUPPORTED.items() if k != REF_CLAIMS[1]})
    result = run(judge, ["factual_correctness", "answer_correctness"])
    assert result.scores == {"factual_correctness": None, "answer_correctness": None}
    assert {e.metric for e in result.errors} == {"factual_correctness", "answer_correctness"}
    assert result.errors[1].message.startswith("factual_correctness failed: ")
    assert "no scripted verdict" in result.errors[1].message


def test_zero_embedding_is_a_failure_not_a_zero():
    result = run(scripted(embed={**EMBEDDINGS, REFERENCE: [0.0, 0.0]}), ["answer_similarity"])
    assert result.scores["answer_similarity"] is None
    assert "zero vector" in result.errors[0].message


def test_results_file_round_trip_keeps_graded_components(judge, tmp_path):
    records = [make_record(query=QUERY, sources=[SOURCE], response=RESPONSE,
                           reference=REFERENCE)]
    out = tmp_path / "r.jsonl"
    ragvet.evaluate(records, ["answer_correctness"], judge).write_jsonl(out)
    (back,) = ragvet.read_results_jsonl(out)
    assert back.scores["answer_correctness"] == pytest.approx(0.425)
    assert back.components[0].detail["FN"] == [REF_CLAIMS[1]]
