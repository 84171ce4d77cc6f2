"""Shared by the local judge's tests: one judge per module, and a one-claim support check."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.base import SupportItem, Verdict
from ragvet.judges.local import LocalJudge
from ragvet.judges.ops import SUPPORTED
from ragvet.results import RecordResult


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


@pytest.fixture(scope="module")
def support(judge: LocalJudge) -> Callable[[str, str], Verdict]:
    """The judge's `supported` verdict on one claim against one source."""
    def check(claim: str, source: str) -> Verdict:
        (verdict,) = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=claim,
                                                                   sources=(source,))]))
        return verdict
    return check


@pytest.fixture(scope="module")
def evaluated(judge: LocalJudge) -> Callable[..., RecordResult]:
    """One record (a question, one source, a response) evaluated by the module's judge:
    `evaluated(question, source, response, metrics="thelma")`."""
    def run(question: str, source: str, response: str, metrics="thelma") -> RecordResult:
        record = make_record(id="r", query=question, sources=[source], response=response)
        (result,) = ragvet.evaluate([record], metrics, judge).results
        return result
    return run
