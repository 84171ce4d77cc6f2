"""Answers as ragvet records, ready for `evaluate`: the bridge from a live system to scoring."""

from __future__ import annotations

from collections.abc import Sequence

from ..data.records import Record, Source, make_record
from .base import Answer


def to_records(answers: Sequence[Answer]) -> tuple[list[Record], list[tuple[int, Answer]]]:
    """→ (records, failures). A record's id is its query's 0-based position; a failed answer,
    or one with a passage that has no text to score, is returned with that position instead.
    """
    records: list[Record] = []
    failures: list[tuple[int, Answer]] = []
    for position, answer in enumerate(answers):
        sources = [Source(text=p.text, id=p.id) for p in answer.sources if p.text is not None]
        if answer.response is None:
            failures.append((position, answer))
        elif len(sources) < len(answer.sources):
            missing = next(p for p in answer.sources if p.text is None)
            failures.append((position, Answer.failure(
                answer.query, f"passage {missing.id or '?'} has no text to score")))
        else:
            records.append(make_record(id=position, query=answer.query,
                                       response=answer.response, sources=sources))
    return records, failures
