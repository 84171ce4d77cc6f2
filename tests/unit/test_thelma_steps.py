"""Shared steps: SQC's max over single sources and the whole set, sentence splitting, SD."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.metrics.steps import WHOLE_SET, split_sentences
from ragvet.metrics.thelma import self_distinctness

S1 = "Ada Lovelace was born in London."
S2 = "London is the capital of England."
BOTH = f"{S1}\n\n{S2}"
QUERY = "Where was Ada Lovelace born, what country's capital is that, and when did she die?"
SUB = ["Where was Ada Lovelace born?", "Her birthplace is the capital of which country?",
       "When did Ada Lovelace die?"]


def test_sqc_takes_the_max_over_each_source_and_the_whole_set():
    judge = ScriptedJudge(
        subquestions={QUERY: SUB},
        answers={(SUB[0], S1): True, (SUB[0], S2): False, (SUB[0], BOTH): True,
                 (SUB[1], S1): False, (SUB[1], S2): False, (SUB[1], BOTH): True,
                 (SUB[2], S1): False, (SUB[2], S2): False, (SUB[2], BOTH): False},
    )
    record = make_record(query=QUERY, sources=[S1, S2], response="x")
    (result,) = ragvet.evaluate([record], ["SQC"], judge).results
    assert result.scores["SQC"] == pytest.approx(2 / 3)
    first, multi_hop, missing = result.components
    assert first.detail["answered_by"] == ["source 0", WHOLE_SET]
    assert multi_hop.verdict is True and multi_hop.detail["answered_by"] == [WHOLE_SET]
    assert missing.verdict is False and missing.detail["per_source"] == {
        "source 0": False, "source 1": False, WHOLE_SET: False}


def test_sqc_and_rqc_share_one_query_decomposition():
    judge = ScriptedJudge(subquestions={QUERY: SUB[:1]},
                          answers={SUB[0]: True})
    record = make_record(query=QUERY, sources=[S1], response=S1)
    ragvet.evaluate([record], ["SQC", "RQC"], judge)
    assert [op for op, _ in judge.calls].count("subquestions") == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
    ("Dr. Smith paid $3.50 at 5 p.m. on Monday. Then he left.",
     ["Dr. Smith paid $3.50 at 5 p.m. on Monday.", "Then he left."]),
    ("It is, e.g. a test. J. R. R. Tolkien wrote it.",
     ["It is, e.g. a test.", "J. R. R. Tolkien wrote it."]),
    ('He said "Stop." Then "Go!" She agreed.', ['He said "Stop."', 'Then "Go!"', "She agreed."]),
    ("   ", []),
])
def test_split_sentences(text, expected):
    assert split_sentences(text) == expected


def test_sd_threshold_is_configurable():
    sentences = ["A cat sat.", "A cat was sitting.", "Dogs bark."]
    judge = ScriptedJudge(embeddings={sentences[0]: [1, 0], sentences[1]: [0.9, 0.436],
                                      sentences[2]: [0, 1]})
    record = make_record(query="q", sources=["s"], response=" ".join(sentences))
    strict = ragvet.evaluate([record], [self_distinctness(0.95)], judge).results[0]
    loose = ragvet.evaluate([record], [self_distinctness(0.85)], judge).results[0]
    assert strict.scores["SD"] == 1.0
    assert loose.scores["SD"] == pytest.approx(1 / 3)
    assert "repeats sentence 1" in loose.components[0].reason
    frame = ragvet.evaluate([record], [self_distinctness(0.85)], judge).components_frame()
    assert frame["detail"][0] == {"confidence": 0.9, "closest_sentence": 1, "cosine": 0.9,
                                  "shared_words": 0.5}


def test_close_sentences_sharing_few_words_are_two_facts_not_a_repeat():
    steps = ["Hold the power key for ten seconds.", "The kettle then restarts quietly.",
             "Hold the power key ten seconds."]
    # cosine 0.8 between the first two (one subject, two steps), 0.8 with the third too
    judge = ScriptedJudge(embeddings={steps[0]: [1, 0], steps[1]: [0.8, 0.6],
                                      steps[2]: [0.8, -0.6]})
    two = make_record(query="q", sources=["s"], response=" ".join(steps[:2]))
    result = ragvet.evaluate([two], [self_distinctness(0.75)], judge).results[0]
    assert result.scores["SD"] == 1.0, [c.reason for c in result.components]
    assert "0% of the shorter one's content words shared" in result.components[0].reason
    # the same step said again in fewer words is still a repeat
    again = make_record(query="q", sources=["s"], response=f"{steps[0]} {steps[2]}")
    assert ragvet.evaluate([again], [self_distinctness(0.75)], judge).results[0] \
        .scores["SD"] == 0.0


def test_single_sentence_response_is_fully_distinct_without_embedding():
    judge = ScriptedJudge()
    record = make_record(query="q", sources=["s"], response="Only one sentence here.")
    assert ragvet.evaluate([record], ["SD"], judge).results[0].scores["SD"] == 1.0
    assert judge.calls == []


def test_results_round_trip_through_the_file(tmp_path):
    judge = ScriptedJudge(subquestions={QUERY: SUB[:1]}, answers={SUB[0]: True})
    run = ragvet.evaluate([make_record(query=QUERY, sources=[S1], response=S1)], ["RQC"], judge)
    run.write_jsonl(tmp_path / "r.jsonl")
    (back,) = ragvet.read_results_jsonl(tmp_path / "r.jsonl")
    assert back == run.results[0]


def test_groundedness_and_faithfulness_judge_each_claim_once():
    judge = ScriptedJudge(claims={S1: [S1]}, supported={S1: True})
    record = make_record(query=QUERY, sources=[S1], response=S1)
    (result,) = ragvet.evaluate([record], ["GR", "faithfulness"], judge).results
    assert result.scores == {"GR": 1.0, "faithfulness": 1.0}
    assert [op for op, _ in judge.calls].count("supported") == 1
