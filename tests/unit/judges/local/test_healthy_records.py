"""Issue 13, absolute verdicts: with the default offline judge, a record whose source holds the
answer and whose response gives it, correctly and in full, scores near 1 on every THELMA
dimension and gets no diagnosis; a bare answer ('In 1969.', 'Jupiter', 'No.') counts as
answering its question; an answer of the wrong kind does not."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.text import stem

HEALTHY = [
    ("Who painted the Mona Lisa?",
     "The Mona Lisa was painted by Leonardo da Vinci in the early sixteenth century. It hangs "
     "in the Louvre in Paris.",
     "The Mona Lisa was painted by Leonardo da Vinci."),
    ("When did Apollo 11 land on the Moon?",
     "Apollo 11 landed on the Moon on 20 July 1969. Neil Armstrong and Buzz Aldrin walked on "
     "the surface while Michael Collins stayed in orbit.",
     "Apollo 11 landed on the Moon on 20 July 1969."),
    ("Who wrote the novel Frankenstein?",
     "Frankenstein is a novel written by Mary Shelley and published in 1818.",
     "Frankenstein was written by Mary Shelley."),
]

BARE = [  # question, source, bare answer
    ("When did the Titanic sink?", "The Titanic sank in the North Atlantic in April 1912.",
     "In 1912."),
    ("Which planet is the largest in the Solar System?",
     "Jupiter is the largest planet in the Solar System.", "Jupiter"),
    ("Which river is longer, the Danube or the Rhine?",
     "The Danube is about 2,850 km long, while the Rhine is about 1,230 km long.",
     "The Danube"),
    ("Does the starter plan include phone support?",
     "The starter plan includes email support only. It does not include phone support.",
     "No."),
]


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


@pytest.fixture(scope="module")
def healthy(judge):
    records = [make_record(id=str(k), query=q, sources=[s], response=r)
               for k, (q, s, r) in enumerate(HEALTHY)]
    return ragvet.evaluate(records, ["thelma"], judge).results


@pytest.mark.parametrize("metric", ["SP1", "SQC", "RP", "RQC", "SD", "GR"])
def test_a_healthy_record_scores_near_one(healthy, metric: str) -> None:
    scores = [r.scores[metric] for r in healthy]
    assert sum(scores) / len(scores) >= 0.85, (metric, scores)
    assert min(scores) >= 0.75, (metric, scores)


def test_the_diagnosis_stays_quiet_on_healthy_records(healthy) -> None:
    assert [r.diagnosis for r in healthy] == [()] * len(healthy)


@pytest.fixture(scope="module")
def bare(judge):
    records = [make_record(id=str(k), query=q, sources=[s], response=r)
               for k, (q, s, r) in enumerate(BARE)]
    return ragvet.evaluate(records, ["RP", "RQC"], judge).results


@pytest.mark.parametrize("metric", ["RP", "RQC"])
def test_a_bare_answer_answers_its_question(bare, metric: str) -> None:
    for result in bare:
        assert result.scores[metric] >= 0.85, (result.query, metric, result.scores)
        component = next(c for c in result.components if c.metric == metric)
        assert component.verdict is True
        assert "bare answer" in (component.reason or "")


def test_a_bare_answer_of_the_wrong_kind_does_not_answer(judge) -> None:
    record = make_record(query="When did the Titanic sink?", response="Southampton.",
                         sources=["The Titanic left Southampton and sank in April 1912."])
    result = ragvet.evaluate([record], ["RQC"], judge).results[0]
    assert result.scores["RQC"] < 0.5
    assert [c.verdict for c in result.components if c.metric == "RQC"] == [False]


@pytest.mark.parametrize(("form", "base"), [("fell", "fall"), ("wrote", "write"),
                                            ("built", "build"), ("began", "begin"),
                                            ("won", "win"), ("taught", "teach")])
def test_irregular_verbs_meet_their_base_form(form: str, base: str) -> None:
    assert stem(form) == stem(base)


def test_a_source_in_the_past_tense_answers_a_present_tense_question(judge) -> None:
    record = make_record(query="When did the old bridge collapse, and what did the city build?",
                         sources=["The old bridge fell into the river in 1987. The city built a "
                                  "steel arch bridge in its place."],
                         response="It collapsed in 1987 and the city built a steel arch bridge.")
    result = ragvet.evaluate([record], ["SQC"], judge).results[0]
    assert result.scores["SQC"] >= 0.85, result.components
