"""Issue 13, answering side: a short correct answer that holds the asked-for thing is an
answer (its brevity is no reason to doubt it), and the diagnosis stays quiet on it."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.features import expected_answer

CASES = [
    ("Which planet is closest to the Sun?",
     "Mercury is the smallest planet in the Solar System and the closest to the Sun. Its orbit "
     "takes 88 days.",
     "Mercury is the planet closest to the Sun."),
    ("What language is spoken in Brazil?",
     "Portuguese is the official and most widely spoken language of Brazil. Spanish is taught "
     "in many schools.",
     "The official language of Brazil is Portuguese."),
    ("What is the boiling point of water at sea level?",
     "At sea level, water boils at 100 degrees Celsius. At higher altitudes the boiling point "
     "is lower because the air pressure is lower.",
     "Water boils at 100 degrees Celsius at sea level."),
]


@pytest.fixture(scope="module")
def results():
    records = [make_record(query=q, sources=[s], response=r) for q, s, r in CASES]
    return ragvet.evaluate(records, ["thelma"], LocalJudge()).results


@pytest.mark.parametrize(("question", "kind"), [
    ("Which planet is closest to the Sun?", "entity"),
    ("What language is spoken in Brazil?", "entity"),
    ("What does the enzyme lactase do?", "any"),
    ("When did the bridge open?", "date"),
])
def test_the_kind_of_answer_asked_for(question, kind):
    assert expected_answer(question).kind == kind


def test_a_correct_supported_one_sentence_answer_is_not_diagnosed(results):
    for result in results:
        assert result.diagnosis == (), (result.id, result.scores)


def test_its_claim_is_essential_and_its_question_covered(results):
    for result in results:
        decisions = {c.metric: c.verdict for c in result.components
                     if c.metric in ("RP", "RQC")}
        assert decisions == {"RP": True, "RQC": True}, result.scores
