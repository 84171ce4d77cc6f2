"""Per-call deadlines learnt from the endpoint's own latency.

A call that takes far longer than the calls before it has most likely hung (a stuck
connection, a lost request). Waiting out the configured timeout (120 s by default) for it
makes the whole run wait. `DeadlineClient` times every successful call; once it has seen
`min_samples` of one kind (chat or embeddings), a call of that kind still running after
max(factor × p95, floor) seconds is cancelled and fails as a `TransientError`, which the
retry layer asks again. Each cut of the same request doubles its deadline, so a call that is
slow for a reason (a long batch) gets its time; the configured timeout stays the hard cap.
Deadlines are re-read while a call waits, so early calls get cut as soon as enough is known.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .client import ChatClient, ChatReply, ChatRequest, EmbedReply, TransientError
from .usage import Meter

POLL = 0.25


@dataclass(frozen=True, kw_only=True)
class DeadlinePolicy:
    hard_cap: float = 120.0
    factor: float = 3.0
    floor: float = 1.0
    min_samples: int = 10
    window: int = 256


class Latencies:
    """The latest successful call durations, by kind."""

    def __init__(self, policy: DeadlinePolicy) -> None:
        self.policy = policy
        self._seen: dict[str, deque[float]] = {}
        self._p95: dict[str, float] = {}

    def add(self, kind: str, seconds: float) -> None:
        seen = self._seen.setdefault(kind, deque(maxlen=self.policy.window))
        seen.append(seconds)
        self._p95.pop(kind, None)

    def deadline(self, kind: str) -> float:
        """Seconds a call of `kind` may run before it is cut (the hard cap until known)."""
        p = self.policy
        seen = self._seen.get(kind, ())
        if len(seen) < p.min_samples:
            return p.hard_cap
        if kind not in self._p95:
            ordered = sorted(seen)
            self._p95[kind] = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        return min(p.hard_cap, max(p.factor * self._p95[kind], p.floor))


class DeadlineClient:
    """Cuts calls that run past their learnt deadline (see the module note)."""

    def __init__(self, inner: ChatClient, policy: DeadlinePolicy | None = None, *,
                 meter: Meter | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.inner = inner
        self.policy = policy or DeadlinePolicy()
        self.latencies = Latencies(self.policy)
        self.meter = meter
        self._clock = clock
        self._cuts: dict[int, int] = {}

    async def complete(self, request: ChatRequest) -> ChatReply:
        return await self._bounded("chat", id(request), lambda: self.inner.complete(request))

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        return await self._bounded("embed", id(texts), lambda: self.inner.embed(texts, model))

    async def _bounded(self, kind: str, key: int, call):
        cuts = self._cuts.get(key, 0)
        started = self._clock()
        task = asyncio.ensure_future(call())
        try:
            while True:
                allowed = min(self.policy.hard_cap, self.latencies.deadline(kind) * 2 ** cuts)
                left = started + allowed - self._clock()
                if left <= 0:
                    break
                done, _ = await asyncio.wait({task}, timeout=min(left, POLL))
                if done:
                    self._cuts.pop(key, None)
                    reply = task.result()
                    self.latencies.add(kind, self._clock() - started)
                    return reply
        finally:
            if not task.done():
                task.cancel()
        self._cuts[key] = cuts + 1
        if self.meter is not None:
            self.meter.add(errors=1, deadline_cuts=1)
        raise TransientError(f"no answer within {allowed:.1f} s, far beyond the endpoint's "
                             f"usual latency; asked again")
