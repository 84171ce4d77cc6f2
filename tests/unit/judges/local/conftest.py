"""Shared by the local judge's tests: one judge per module, and a one-claim support check."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from ragvet.judges.base import SupportItem, Verdict
from ragvet.judges.local import LocalJudge
from ragvet.judges.ops import SUPPORTED


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
