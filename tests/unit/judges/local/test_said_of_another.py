"""Issue 13, eleventh round: a claim that gives its subject what the sources say of another
named subject is not supported; 'When and where …?' asks two whole questions; the parts of
'Are A and B both X?' keep names of several words whole."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local import text as T
from ragvet.judges.local.replies import read_with_question
from ragvet.judges.ops import SUPPORTED


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def _support(judge, claim, source):
    (verdict,) = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=claim, sources=(source,))]))
    return verdict


BANKS = ("Harbor Bank is a regional lender based in Portland, Maine. Crestline Credit Union "
         "offers free checking accounts to students.")


@pytest.mark.parametrize(("claim", "source", "word", "other"), [
    ("Harbor Bank offers free checking accounts to students.", BANKS, "checking",
     "Crestline Credit Union"),
    # most of the claim is said of its subject; one word comes from the other's sentence
    ("Lakeview Hospital is a public hospital in Denver with a sleep laboratory.",
     "Lakeview Hospital is a public hospital in Denver with 300 beds. Mercy Clinic opened a "
     "sleep laboratory in 2019.", "sleep", "Mercy Clinic"),
])
def test_a_claim_given_what_the_sources_say_of_another_subject_is_not_supported(
        judge, claim, source, word, other) -> None:
    verdict = _support(judge, claim, source)
    assert verdict.value is False
    assert f"only of {other}" in verdict.reason and word in verdict.reason.lower()


@pytest.mark.parametrize(("claim", "source"), [
    # the sentence saying it speaks through a pronoun: its subject is the claim's
    ("Harbor Bank offers free checking accounts to students.",
     "Harbor Bank is a regional lender based in Portland, Maine. It offers free checking "
     "accounts to students."),
    # the claim's own subject is said to have it
    ("Harbor Bank offers free checking accounts.",
     "Harbor Bank offers free checking accounts. Crestline Credit Union offers savings "
     "accounts."),
    # a claim comparing two subjects takes words from the sentence about each
    ("Harbor Bank is older than Crestline Credit Union.",
     "Harbor Bank was founded in 1901. Crestline Credit Union was founded in 1950."),
])
def test_what_the_sources_say_of_the_claims_own_subject_stays_supported(judge, claim,
                                                                          source) -> None:
    verdict = _support(judge, claim, source)
    assert "only of" not in (verdict.reason or "")


@pytest.mark.parametrize(("query", "parts"), [
    ("When and where was the treaty signed?",
     ("When was the treaty signed?", "Where was the treaty signed?")),
    ("How and why did the bridge collapse?",
     ("How did the bridge collapse?", "Why did the bridge collapse?")),
    ("When and where did the Orla festival begin, and when was it moved to Lisbon?",
     ("When did the Orla festival begin?", "Where did the Orla festival begin?",
      "When was the Orla festival moved to Lisbon?")),
])
def test_a_bare_wh_word_before_another_asks_the_whole_question(query, parts) -> None:
    assert T.subquestions(query) == parts


@pytest.mark.parametrize(("claim", "parts"), [
    ("Are Rum and coke and Mojito both cocktails? Yes.",
     ("Rum and coke are cocktails.", "Mojito are cocktails.")),
    ("Are Cape Verde and Malta both island nations? Yes.",
     ("Cape Verde are island nations.", "Malta are island nations.")),
])
def test_the_parts_of_a_both_question_keep_each_name_whole(claim, parts) -> None:
    read = read_with_question(claim)
    assert read is not None and read.parts == parts
