"""Issue 13: the offline judge detects the language of a record and does not score what it
cannot read; English records with foreign names stay scored."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.judges.capabilities import Limited
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.language import detect_language


@pytest.mark.parametrize(("text", "language"), [
    ("Wie hoch ist die Gebühr für eine Überweisung ins Ausland und wann wird sie fällig?", "de"),
    ("这座桥于1932年通车，全长一千米。", "zh"),
    ("يقع المتحف في وسط المدينة ويفتح أبوابه كل يوم.", "ar"),
    ("Le pont a été ouvert en 1932 et il mesure un kilomètre.", "fr"),
    ("The Sea of Cortez lies between Baja California and the Mexican mainland.", "en"),
    ("Gilbert du Motier, Marquis de Lafayette", "en"),
    ("Yes.", "en"),
])
def test_detect_language(text, language):
    assert detect_language(text) == language


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def test_a_non_english_record_is_not_applicable_with_the_reason(judge):
    assert isinstance(judge, Limited)
    record = make_record(
        query="Wann wurde die Brücke eröffnet und wie lang ist sie?",
        sources=["Die Brücke wurde 1932 eröffnet. Sie ist einen Kilometer lang und hat vier "
                 "Spuren."],
        response="Die Brücke wurde 1932 eröffnet und ist einen Kilometer lang.")
    result = ragvet.evaluate([record], ["thelma"], judge).results[0]
    assert all(score is None for score in result.scores.values())
    assert all("English only" in reason and "'de'" in reason
               for reason in result.not_applicable.values())
    assert not result.diagnosis


def test_a_judge_without_the_limit_scores_the_same_record():
    record = make_record(query="Wann wurde die Brücke eröffnet?", sources=["s"],
                         response="Die Brücke wurde 1932 eröffnet.")
    judge = ScriptedJudge(claims={"Die Brücke wurde 1932 eröffnet.": ["c"]},
                          supported={"c": True})
    assert ragvet.evaluate([record], ["GR"], judge).results[0].scores["GR"] == 1.0


def test_metrics_that_read_no_text_still_score_a_record_the_judge_cannot_read(judge):
    from ragvet.data.records import Source

    record = make_record(
        query="Wann wurde die Brücke eröffnet und wie lang ist sie?",
        sources=[Source(text="Die Brücke wurde 1932 eröffnet und ist einen Kilometer lang.",
                        id="d1")],
        response="Die Brücke wurde 1932 eröffnet und ist einen Kilometer lang.",
        metadata={"gold_source_ids": ["d1"]})
    result = ragvet.evaluate([record], ["GR", "retrieval_accuracy@1"], judge).results[0]
    assert result.scores["retrieval_accuracy@1"] == 1.0  # gold ids need no English
    assert result.scores["GR"] is None and "English only" in result.not_applicable["GR"]
