"""Known answers of the twenty-first session: spans of the calendar in other units, the
subject of a yes/no question asked with 'does', and paraphrases a healthy answer uses."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import AnswersItem
from ragvet.judges.local.text import question_focus
from ragvet.judges.ops import ANSWERS

SCHEDULE = ("Vaccination schedule: at 8 weeks, babies receive the 6-in-1 vaccine, the rotavirus "
            "vaccine and the MenB vaccine. At 12 weeks, they receive the second dose of the 6-in-1 "
            "vaccine and the pneumococcal vaccine.")


def answers(judge, question: str, text: str) -> bool:
    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return bool(verdict.value)


@pytest.mark.parametrize("claim", [
    "At two months babies get the 6-in-1, rotavirus and MenB vaccines.",
    "At two months (8 weeks) babies get the 6-in-1, rotavirus and MenB vaccines.",
])
def test_a_span_in_months_is_the_sources_span_in_weeks(support, claim) -> None:
    verdict = support(claim, SCHEDULE)
    assert verdict.value is True, verdict.reason


def test_a_span_in_months_matching_another_case_in_weeks_is_contradicted(support) -> None:
    verdict = support("At three months babies get the 6-in-1, rotavirus and MenB vaccines.",
                      SCHEDULE)
    assert verdict.value is False
    assert "contradicted (number" in verdict.reason


@pytest.mark.parametrize(("question", "subject"), [
    ("Does the phone warranty cover water damage?", "the phone warranty"),
    ("Does the plan include email support?", "the plan"),
    ("Does insulin need refrigeration?", "insulin"),
    ("Does the cover fit the phone?", "the cover fit the phone"),  # no verb it knows
])
def test_a_does_question_ends_its_subject_at_a_common_plain_verb(question, subject) -> None:
    assert question_focus(question) == subject


def test_a_wh_question_keeps_its_verb_in_the_subject_words() -> None:
    # what the relevance rules set apart: an answer repeating 'cover' is on the point
    assert question_focus("What does the warranty cover?") == "the warranty cover"


def test_a_denial_of_what_a_does_question_asks_answers_it(judge) -> None:
    assert answers(judge, "Does the phone warranty cover water damage?",
                   "Water damage is not covered.")
