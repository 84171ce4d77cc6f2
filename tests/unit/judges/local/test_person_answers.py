"""'Which actress played …?' asks for someone: a sentence naming only an organisation (a
studio, a publisher) does not answer it, while a sentence naming a person does. A question
word at the end of a question asks ('… conducted by whom?')."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import AnswersItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.features import expected_answer, names_and_opener
from ragvet.judges.ops import ANSWERS


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


def _answers(judge, question: str, text: str) -> bool:
    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return bool(verdict.value)


@pytest.mark.parametrize(("question", "kind"), [
    ("Which painter restored the ceiling of the chapel in 1994?", "person"),
    ("What Scottish novelist wrote the Gormenghast trilogy?", "person"),
    ("Which architects designed the new terminal?", "person"),
    # an option question names its candidates itself
    ("Which architect is Danish, Jorn Utzon or Renzo Piano?", "entity"),
    ("Which museum acquired the painting?", "entity"),
    # a question word at the end asks; one inside opens a clause
    ("The orchestra premiered a symphony conducted by whom?", "person"),
    ("The ferry leaves from a harbour that lies where?", "place"),
    ("The chef who trained in Lyon opened a bistro in what city?", "place"),
    ("The chef who trained in Lyon opened a bistro in which county?", "place"),
    ("Who was the mayor when the tramway opened?", "person"),
])
def test_the_kind_of_answer_asked_for(question, kind):
    assert expected_answer(question).kind == kind


def test_an_organisation_is_not_someone(judge):
    question = "Which painter restored the ceiling of the old chapel?"
    assert not _answers(judge, question, "The restoration of the old chapel's ceiling was "
                                         "paid for by Northlight Media and Corva Publishing.")
    assert _answers(judge, question, "The ceiling of the old chapel was restored by the "
                                     "painter Lucia Ferrandi.")


def test_an_organisation_answers_a_question_about_one(judge):
    assert _answers(judge, "What was the name of the company that restored the chapel's "
                           "ceiling?", "The ceiling was restored by Ferrandi Restauri Group.")


def test_an_opening_past_form_is_not_a_name():
    assert "printed" not in names_and_opener("Printed first in Leipzig, the atlas sold well.")
    assert "alfred" in names_and_opener("Alfred Nobel endowed the prizes.")
