"""A question asks rather than states: `supported` checks only what a text states, and a text
that only asks gets no credit (dialogue replies such as 'Do you like jazz?')."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.text import without_questions
from ragvet.judges.ops import SUPPORTED

LIGHTHOUSE = ("The Skerry Point lighthouse was first lit in 1874. Its lamp can be seen 18 "
              "nautical miles out to sea. Keepers lived on the rock until 1988.")


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def judged(judge: LocalJudge, *claims: str) -> list:
    return asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=c, sources=(LIGHTHOUSE,))
                                             for c in claims]))


def test_questions_are_set_aside() -> None:
    assert without_questions("Have you been there? It was first lit in 1874.") == \
        "It was first lit in 1874."
    assert without_questions("Have you ever seen the Skerry Point lighthouse?") == ""
    assert without_questions("It was first lit in 1874.") == "It was first lit in 1874."


def test_a_text_that_only_asks_gets_no_credit(judge: LocalJudge) -> None:
    verdict, = judged(judge, "Have you ever seen the Skerry Point lighthouse lit at night?")
    assert not verdict.value and verdict.probability == 0.0
    assert verdict.detail["question"] is True
    assert verdict.reason.startswith("asks a question")


def test_the_statement_after_a_question_is_what_is_checked(judge: LocalJudge) -> None:
    asked_then_said, said = judged(
        judge, "Did you know this? The Skerry Point lighthouse was first lit in 1874.",
        "The Skerry Point lighthouse was first lit in 1874.")
    assert asked_then_said.value and said.value
    assert asked_then_said.probability == pytest.approx(said.probability)
    wrong, = judged(judge, "Did you know this? The Skerry Point lighthouse was first lit in 1901.")
    assert not wrong.value  # the question does not hide a wrong statement
