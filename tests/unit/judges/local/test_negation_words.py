"""Issue 13, three-way support: a negative word that does not negate the statement must not
make a claim 'contradicted'. 'Not only X but Y' asserts X and Y (it was read as negated, and
a claim taken from such a source sentence was recorded as contradicting it). A reply word
that opens an answer ('No, the canal is longer.') still counts: it is the answer."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.features import negated
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
