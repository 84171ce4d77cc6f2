"""RecordContext: one record, the judge that scores it and the memo of its shared steps.

Metrics and the steps they are declared from both read it, so it sits below both: the
metric kinds (`core`, `derived`) name it and the shared steps (`steps`) fill its memo.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from ..data.records import Record
from ..judges.base import Judge
from .caps import Caps


class RecordContext:
    """One record, its judge and the memo of shared steps.

    A decomposition, a match or a metric's outcome is memoised under a key, so metrics that
    share one (RP and GR share the response claims; SQC and RQC the sub-questions) trigger
    it once per record, even when they run concurrently.
    """

    def __init__(self, record: Record, judge: Judge, caps: Caps | None = None) -> None:
        self.record = record
        self.judge = judge
        self.caps = caps or Caps()
        self.capped: dict[str, dict[str, int]] = {}  # step → {"limit", "found"} where a cap bit
        self._memo: dict[str, asyncio.Future[Any]] = {}

    async def once(self, key: str, compute: Callable[[], Awaitable[Any]]) -> Any:
        """Compute `key` once per record; concurrent callers await the same result."""
        if key not in self._memo:
            self._memo[key] = asyncio.ensure_future(compute())
        return await asyncio.shield(self._memo[key])
