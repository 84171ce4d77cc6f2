"""Issue 13, twelfth round: a claim of several sentences is supported only if each sentence
that states something is (a turn's 'Sure!' states nothing); a question closed by a quote is
still a question; 'founded by A and his wife B' is one claim."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local import text as T
from ragvet.judges.ops import SUPPORTED


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def _support(judge, claim, source):
    (verdict,) = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=claim, sources=(source,))]))
    return verdict


MUSEUM = ("The Harbor Museum was founded by Ana Ruiz and her husband Paul in 1972 as a small "
          "gallery of ship models.")
TRAIL = ("The Ridge Trail is a 14-kilometre hiking path along the northern rim of the valley, "
         "with three shelters for overnight stays.")


@pytest.mark.parametrize(("claim", "source", "unsupported"), [
    # read at once, the long sentence the source says carries the short one along
    ("It is now closed. The Harbor Museum was founded by Ana Ruiz and her husband Paul in "
     "1972 as a small gallery of ship models.", MUSEUM, "It is now closed."),
    ("The Ridge Trail is a 14-kilometre hiking path along the northern rim of the valley, with "
     "three shelters for overnight stays. Dogs must stay on a leash.", TRAIL,
     "Dogs must stay on a leash."),
])
def test_a_sentence_the_sources_do_not_say_makes_the_claim_unsupported(judge, claim, source,
                                                                        unsupported):
    verdict = _support(judge, claim, source)
    assert verdict.value is False
    assert verdict.probability < 0.5
    assert verdict.detail["unsupported_sentence"].startswith(unsupported)
    assert "not supported on its own" in verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    # a short turn that only agrees states nothing of the subject
    ("Sure! The Harbor Museum was founded by Ana Ruiz and her husband Paul in 1972.", MUSEUM),
    ("It really is. The Ridge Trail is a 14-kilometre hiking path with three shelters.", TRAIL),
    # each sentence is said by the source
    ("The Harbor Museum was founded in 1972. It started as a small gallery of ship models.",
     MUSEUM),
])
def test_a_claim_whose_every_stating_sentence_is_supported_stays_supported(judge, claim,
                                                                            source):
    verdict = _support(judge, claim, source)
    assert verdict.value is True
    assert "unsupported_sentence" not in verdict.detail


def test_a_question_closed_by_a_quote_is_a_question():
    text = 'Who recorded the song "Blue Harbor?" Lena Ortiz recorded it in 1998.'
    assert T.is_question('Who recorded the song "Blue Harbor?"')
    assert T.without_questions(text) == "Lena Ortiz recorded it in 1998."


@pytest.mark.parametrize(("sentence", "expected"), [
    # a possessive after 'and' opens a clause only when a verb follows it
    ("The clinic was opened by Maria Lopez and her brother Daniel in 2004.",
     ("The clinic was opened by Maria Lopez and her brother Daniel in 2004.",)),
    ("The studio hired ten animators and its first film earned an award.",
     ("The studio hired ten animators.", "The studio's first film earned an award.")),
])
def test_a_possessive_opens_a_clause_only_before_a_verb(sentence, expected):
    assert T.claims(sentence) == expected
