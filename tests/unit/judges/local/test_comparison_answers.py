"""A comparison question ('Which lighthouse was built first, A or B?') is answered by a text
that says how the two compare, or by one that gives the fact of each; a text giving the year
of one option only does not answer it (SQC: a source set that lost the other option's
sentence no longer covers the question)."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import AnswersItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.ops import ANSWERS

QUESTION = "Which lighthouse was built first, Skerry Light or Marwick Head Light?"


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


def _verdict(judge, question: str, text: str):
    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return verdict


@pytest.mark.parametrize("text", [
    "Skerry Light.",
    "Skerry Light was built first.",
    "Skerry Light was built in 1851. Marwick Head Light was completed in 1903.",
])
def test_a_text_that_settles_the_comparison_answers_it(judge, text):
    assert _verdict(judge, QUESTION, text).value is True


def test_one_side_of_a_comparison_does_not_answer_it(judge):
    verdict = _verdict(judge, QUESTION, "Skerry Light was built in 1851 on a reef.")
    assert verdict.value is False
    assert verdict.probability is not None and verdict.probability < 0.5
    assert "'Skerry Light' only (1851" in verdict.reason


def test_the_same_nationality_needs_both(judge):
    question = "Are the painters Ilse Varga and Tomas Brenner of the same nationality?"
    assert _verdict(judge, question, "Ilse Varga (1901–1977) was a Hungarian painter.").value \
        is False
    assert _verdict(judge, question, "Ilse Varga (1901–1977) was a Hungarian painter. Tomas "
                                     "Brenner (1899–1960) was an Austrian painter.").value is True


def test_a_count_is_left_to_the_rules(judge):
    # members are listed, not counted, so a missing count says nothing
    verdict = _verdict(judge, "Which choir has more singers, Vox Nordica or Cantus Mare?",
                       "Vox Nordica's singers are Ana Berg, Lise Holm, Mette Dahl and Siv Lund.")
    assert not (verdict.detail or {}).get("one_sided")
