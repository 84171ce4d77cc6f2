"""Issue 13, three-way support. A negative word that does not negate the statement must not
make a claim 'contradicted'. 'Not only X but Y' asserts X and Y (it was read as negated, and
a claim taken from such a source sentence was recorded as contradicting it). A reply word
that opens an answer ('No, the canal is longer.') still counts: it is the answer.
And a claim that speaks of the speaker ('I have been there') states what no source attests,
unless the source speaks in the first person too."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.features import negated, speaker_words
from ragvet.judges.ops import SUPPORTED


@pytest.mark.parametrize(("text", "expected"), [
    ("The festival was not only the largest in the region but also the oldest.", False),
    ("Not just the museum but the whole old town is closed on Mondays.", False),
    ("No, the canal is longer.", True),
    ("The museum does not open on Mondays.", True),
    ("No, the museum does not open on Mondays.", True),
    ("No tickets are sold at the door.", True),
    ("The ferry never runs in winter.", True),
])
def test_only_a_negation_of_the_statement_counts(text, expected):
    assert negated(text) is expected


SOURCE = ("The Harbour Festival is not only the largest music festival in the region but also "
          "the oldest, founded in 1921.")


@pytest.fixture(scope="module")
def verdicts():
    claims = ["The Harbour Festival is the oldest music festival in the region.",
              "The Harbour Festival is the largest music festival in the region.",
              "The Harbour Festival is not the oldest music festival in the region."]
    items = [SupportItem(claim=c, sources=(SOURCE,)) for c in claims]
    return asyncio.run(LocalJudge().run(SUPPORTED, items))


def test_a_not_only_statement_supports_its_parts(verdicts):
    assert verdicts[0].value is True, verdicts[0].reason


def test_either_part_of_a_not_only_statement_is_supported(verdicts):
    assert verdicts[1].value is True, verdicts[1].reason


def test_a_real_negation_is_still_a_contradiction(verdicts):
    assert verdicts[2].value is False
    assert "contradicted" in (verdicts[2].reason or ""), verdicts[2].reason


# ---- the speaker's own statements -------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("I loved their second album.", {"i"}),
    ("My favourite dish there is the paella.", {"my"}),
    ("The palace was named after Chimnabai I.", set()),
    ("World War I ended in 1918.", set()),
    ("We deliver within two working days.", set()),  # a company's assistant speaks for it
])
def test_first_person_singular_words(text, expected):
    assert speaker_words(text) == expected


def test_a_claim_about_the_speaker_is_not_attested_by_a_source():
    source = "The Blue Note club opened in 1981 and hosts jazz concerts every night."
    items = [SupportItem(claim="I have been to the Blue Note club, it hosts jazz concerts "
                               "every night.", sources=(source,)),
             SupportItem(claim="The Blue Note club hosts jazz concerts every night.",
                         sources=(source,))]
    personal, factual = asyncio.run(LocalJudge().run(SUPPORTED, items))
    assert personal.value is False and "speaks of the speaker" in personal.reason
    assert factual.value is True, factual.reason


def test_a_source_in_the_first_person_can_attest_it():
    source = "In my kitchen I always proof sourdough overnight in the fridge."
    [verdict] = asyncio.run(LocalJudge().run(SUPPORTED, [SupportItem(
        claim="I always proof sourdough overnight in the fridge.", sources=(source,))]))
    assert verdict.value is True, verdict.reason
