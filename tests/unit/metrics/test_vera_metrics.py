"""VERA's four metrics replayed through a scripted judge."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.metrics.vera import (
    ANSWER_RELEVANCE,
    FAITHFULNESS,
    RETRIEVAL_PRECISION,
    RETRIEVAL_RECALL,
    VERA_IDS,
)

QUERY = "When was the tower completed, and who was it named after?"
SUBQ = ["When was the tower completed?", "Who was the tower named after?"]
SOURCE_1 = "The tower was completed in 1896. It has four clock faces."
SOURCE_2 = "It was named after Queen Chimnabai. Trams once stopped nearby. The city is busy."
S1 = "The tower was completed in 1896."
S2 = "It was named after Queen Chimnabai, who loved music."
RESPONSE = f"{S1} {S2}"
CLAIMS = ["The tower was completed in 1896.", "It was named after Queen Chimnabai.",
          "Queen Chimnabai loved music."]


def judge(*, music_supported: bool | None = False, answers_second: bool = True,
          embeddings=None) -> ScriptedJudge:
    """The judge for the record below; `music_supported=None` leaves that claim unscripted."""
    supported = {CLAIMS[0]: True, CLAIMS[1]: True, CLAIMS[2]: music_supported,
                 S1: True, S2: music_supported}
    return ScriptedJudge(
        claims={RESPONSE: CLAIMS},
        subquestions={QUERY: SUBQ},
        essential={(QUERY, "The tower was completed in 1896."): True,
                   (QUERY, "It has four clock faces."): False,
                   (QUERY, "It was named after Queen Chimnabai."): True,
                   (QUERY, "Trams once stopped nearby."): False,
                   (QUERY, "The city is busy."): False,
                   (QUERY, "Queen Chimnabai loved music."): False},
        supported={k: v for k, v in supported.items() if v is not None},
        answers={(SUBQ[0], RESPONSE): True, (SUBQ[1], RESPONSE): answers_second},
        embeddings=embeddings or {S1: [1.0, 0.0], S2: [0.0, 1.0]},
    )


def run(metrics, the_judge, **fields):
    record = make_record(**{"query": QUERY, "sources": [SOURCE_1, SOURCE_2],
                            "response": RESPONSE, **fields})
    return ragvet.evaluate([record], metrics, the_judge).results[0]


def test_retrieval_precision_is_share_of_relevant_context_sentences():
    result = run([RETRIEVAL_PRECISION], judge())
    assert result.scores["vera_retrieval_precision"] == pytest.approx(2 / 5)
    sources = [c.detail.get("source_index") for c in result.components]
    assert sources == [0, 0, 1, 1, 1]


def test_retrieval_recall_is_share_of_supported_response_sentences():
    assert run([RETRIEVAL_RECALL], judge()).scores["vera_retrieval_recall"] == 0.5
    assert run([RETRIEVAL_RECALL], judge(music_supported=True)).scores[
        "vera_retrieval_recall"] == 1.0


def test_faithfulness_is_binary_per_record():
    assert run([FAITHFULNESS], judge()).scores["vera_faithfulness"] == 0.0
    assert run([FAITHFULNESS], judge(music_supported=True)).scores["vera_faithfulness"] == 1.0


def test_answer_relevance_multiplies_coverage_precision_distinctness():
    result = run([ANSWER_RELEVANCE], judge())
    # coverage 2/2, precision 2/3 essential claims, distinctness 1 (no repeats)
    assert result.scores["vera_answer_relevance"] == pytest.approx(2 / 3)
    parts = {c.detail["part"] for c in result.components}
    assert parts == {"coverage", "precision", "distinctness"}


def test_answer_relevance_penalises_repetition():
    repeated = judge(embeddings={S1: [1.0, 0.0], S2: [0.99, 0.05]})
    result = run([ANSWER_RELEVANCE], repeated)
    # both sentences repeat each other → distinctness 0
    assert result.scores["vera_answer_relevance"] == 0.0


def test_answer_relevance_penalises_missing_subquestion():
    result = run([ANSWER_RELEVANCE], judge(answers_second=False))
    assert result.scores["vera_answer_relevance"] == pytest.approx(0.5 * 2 / 3)


def test_no_sources_is_not_applicable_for_precision():
    result = run([RETRIEVAL_PRECISION], judge(), sources=[])
    assert result.scores["vera_retrieval_precision"] is None
    assert "no sentences" in result.not_applicable["vera_retrieval_precision"]


def test_family_resolves_and_shares_judge_calls():
    the_judge = judge()
    chosen = ragvet.resolve_metrics("vera")
    assert [m.id for m in chosen][:4] == list(VERA_IDS)
    assert "vera_aggregate" in [m.id for m in chosen]
    # the four metrics alone: each distinct judge op is asked once per record
    run(list(chosen[:4]), the_judge)
    ops = [op for op, _ in the_judge.calls]
    assert ops.count("claims") == 1
    assert ops.count("subquestions") == 1


def test_judge_failure_is_failed_not_zero():
    result = run([FAITHFULNESS], judge(music_supported=None))
    assert result.scores["vera_faithfulness"] is None
    assert result.errors and result.errors[0].metric == "vera_faithfulness"
