"""Issue 13: the offline judge detects the language of a record and does not score what it
cannot read; English records with foreign names stay scored."""

from __future__ import annotations

import asyncio

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
    # short texts told by a letter English does not write, besides their function words
    ("Wann öffnet das Museum am Sonntag?", "de"),
    ("Le magasin ferme à midi le samedi.", "fr"),
    ("La tienda abre a las nueve cada día.", "es"),
    ("Il negozio è chiuso il lunedì.", "it"),
    # English borrowing such letters, or naming people who have them, stays English
    ("The naïve façade of the old café was repainted.", "en"),
    ("Émile Zoë Brontë wrote a résumé of the plot.", "en"),
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
    assert all("English only" in reason and "German ('de')" in reason
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


GERMAN = make_record(query="Wann öffnet das Museum am Sonntag?",
                     sources=["Das Museum öffnet sonntags um 11 Uhr."],
                     response="Am Sonntag öffnet es um 11 Uhr.")


def test_a_run_reporting_progress_still_asks_the_judge_what_it_cannot_read(judge):
    """The engine wraps the judge to count progress (the CLI always does): the wrapper must
    pass the judge's limit on, or a German record is scored as English."""
    from ragvet.engine.run import evaluate_async

    events = []
    run = asyncio.run(evaluate_async([GERMAN], ["GR", "RQC"], judge,
                                     on_progress=events.append))
    result = run.results[0]
    assert result.scores == {"GR": None, "RQC": None}
    assert "German ('de')" in result.not_applicable["GR"]
    assert events and events[-1].finished


def test_evaluate_says_why_records_were_not_scored(tmp_path):
    import json

    from typer.testing import CliRunner

    from ragvet.cli.app import build_app

    data, out = tmp_path / "records.jsonl", tmp_path / "out.jsonl"
    data.write_text(json.dumps(GERMAN.to_dict()) + "\n", encoding="utf-8")
    result = CliRunner().invoke(build_app(), ["evaluate", str(data), "--metrics", "GR,RQC",
                                              "--out", str(out)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "not applicable in 1 record(s): the offline judge reads English only" in said
    assert "German ('de')" in said
    line = json.loads(out.read_text(encoding="utf-8"))
    assert line["scores"] == {"GR": None, "RQC": None}
