"""Progress inside one record: events the engine emits while a record is being judged.

A long record (a 50,000-word response) spends minutes in one record; a bar over records
stays at 0 of 1 meanwhile. The engine wraps each record's judge in `CountingJudge`, which
reports every judge operation as it starts and ends: the record, the operation and the items
asked and judged so far in this record. The engine never prints; the CLI draws the events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..judges.base import Judge, Operation
from ..judges.capabilities import cannot_judge


@dataclass(frozen=True, slots=True)
class RecordProgress:
    """Where one record's judging stands: `items_done` of `items_asked` so far."""

    record_id: str
    step: str            # the judge operation that started or ended (e.g. "supported")
    items_done: int
    items_asked: int
    finished: bool = False  # the record is done (its last event)


ProgressCallback = Callable[[RecordProgress], Any]


class CountingJudge:
    """A per-record view of a judge that reports the items of each operation it runs."""

    def __init__(self, judge: Judge, record_id: str, report: ProgressCallback) -> None:
        self._judge = judge
        self._record_id = record_id
        self._report = report
        self.items_asked = 0
        self.items_done = 0
        self.id = judge.id

    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        self.items_asked += len(items)
        self._emit(op.name)
        try:
            return await self._judge.run(op, items)
        finally:
            self.items_done += len(items)
            self._emit(op.name)

    def describe(self) -> Mapping[str, Any]:
        return self._judge.describe()

    def cannot_judge(self, texts: Sequence[str]) -> str | None:
        """What the wrapped judge says it cannot judge (`Limited`): counting progress must
        not make the offline judge score a German record as English."""
        return cannot_judge(self._judge, texts)

    def finish(self) -> None:
        self._emit("done", finished=True)

    def _emit(self, step: str, *, finished: bool = False) -> None:
        self._report(RecordProgress(self._record_id, step, self.items_done, self.items_asked,
                                    finished))
