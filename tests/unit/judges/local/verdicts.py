"""One-item verdicts of the local judge, shared by its test modules: does a text answer a
question, is a text essential to a query."""

from __future__ import annotations

import asyncio

from ragvet.judges.base import AnswersItem, EssentialItem
from ragvet.judges.ops import ANSWERS, ESSENTIAL


def answers(judge, question: str, text: str) -> bool:
    """The judge's `answers` decision on one text for one question."""
    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return bool(verdict.value)


def essential(judge, question: str, text: str) -> bool:
    """The judge's `essential` decision on one text for one query."""
    (verdict,) = asyncio.run(judge.run(ESSENTIAL, [EssentialItem(query=question, text=text)]))
    return bool(verdict.value)


def support_status(verdict) -> str | None:
    """What a `supported` verdict found: 'supported', 'contradicted' or 'not_mentioned' (its
    detail's status; the verdict's own `label` is set only by `support_status`)."""
    return (verdict.detail or {}).get("status")
