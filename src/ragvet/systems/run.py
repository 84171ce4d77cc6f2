"""Answer many queries with one system, concurrently, keeping every failure on its query."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from .base import Answer, System


async def answer_all(queries: Sequence[str], system: System, *, concurrency: int = 8,
                     on_answer: Callable[[Answer], object] | None = None) -> list[Answer]:
    """Ask every query, at most `concurrency` at once; answers come back in input order.

    One bad query never stops the run: even an exception that escapes the adapter is recorded
    on its query. `on_answer` sees each answer as it arrives (for progress). The system's
    connections are released at the end, so the next run may use another event loop.
    """
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(query: str) -> Answer:
        async with gate:
            start = time.perf_counter()
            try:
                answer = await system.answer(query)
            except Exception as err:  # a third-party adapter may break its promise
                answer = Answer.failure(query, f"{type(err).__name__}: {err}")
            answer = replace(answer, query=query,
                             latency_s=round(time.perf_counter() - start, 4))
        if on_answer is not None:
            on_answer(answer)
        return answer

    try:
        return list(await asyncio.gather(*(one(q) for q in queries)))
    finally:
        await system.aclose()
