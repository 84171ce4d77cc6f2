"""Wrappers around the `ChatClient` seam: retries with backoff, and adaptive rate limits.

    RetryingClient(LimitedClient(MeteredClient(OpenAIChat(...))))

Only `TransientError` is retried (429, 5xx, timeouts, resets); anything else fails the call.
`LimitedClient` keeps the calls in flight under an AIMD limit (halved on a 429, grown by
about one per window of successes, never above the configured maximum) and under optional
requests-per-minute and tokens-per-minute budgets.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import TransportError
from .client import ChatClient, ChatReply, ChatRequest, EmbedReply, TransientError
from .usage import Meter


@dataclass(frozen=True, kw_only=True)
class RetryPolicy:
    max_attempts: int = 6
    base_delay: float = 0.5
    max_delay: float = 30.0
    max_retry_after: float = 120.0

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Full jitter on an exponential ceiling; a server's Retry-After is a floor."""
        ceiling = min(self.max_delay, self.base_delay * 2 ** (attempt - 1))
        jittered = rng.uniform(0, ceiling)
        if retry_after is not None:
            return min(self.max_retry_after, retry_after) + jittered * 0.1
        return jittered


@dataclass(frozen=True, kw_only=True)
class Limits:
    max_concurrency: int = 16
    requests_per_minute: int | None = None
    tokens_per_minute: int | None = None


class RetryingClient:
    def __init__(self, inner: ChatClient, policy: RetryPolicy | None = None, *,
                 meter: Meter | None = None, rng: random.Random | None = None,
                 sleep=asyncio.sleep) -> None:
        self.inner = inner
        self.policy = policy or RetryPolicy()
        self.meter = meter
        self._rng = rng or random.Random()
        self._sleep = sleep

    async def complete(self, request: ChatRequest) -> ChatReply:
        return await self._retry(lambda: self.inner.complete(request))

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        return await self._retry(lambda: self.inner.embed(texts, model))

    async def _retry(self, call):
        for attempt in range(1, self.policy.max_attempts + 1):
            try:
                return await call()
            except TransientError as err:
                if attempt == self.policy.max_attempts:
                    raise TransportError(f"gave up after {attempt} attempts: {err}") from err
                if self.meter is not None:
                    self.meter.add(retries=1)
                await self._sleep(self.policy.delay(attempt, err.retry_after, self._rng))
        raise AssertionError("unreachable")


class _Window:
    """Amounts spent in the last 60 s (requests or tokens)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent: deque[tuple[float, int]] = deque()

    def wait_time(self, amount: int, now: float) -> float:
        while self.spent and now - self.spent[0][0] >= 60.0:
            self.spent.popleft()
        used = sum(a for _, a in self.spent)
        if used + amount <= self.budget or not self.spent:
            return 0.0
        return 60.0 - (now - self.spent[0][0]) + 0.01

    def spend(self, amount: int, now: float) -> None:
        self.spent.append((now, amount))


class LimitedClient:
    """Concurrency with AIMD on 429s, plus request and token budgets per minute.

    Waiters queue first-come first-served; a finished call wakes exactly one waiter per free
    slot (a condition variable waking every waiter costs O(waiters) per call).
    """

    def __init__(self, inner: ChatClient, limits: Limits | None = None) -> None:
        self.inner = inner
        self.limits = limits or Limits()
        self.limit = float(max(1, self.limits.max_concurrency))
        self.in_flight = 0
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._requests = (_Window(self.limits.requests_per_minute)
                          if self.limits.requests_per_minute else None)
        self._tokens = (_Window(self.limits.tokens_per_minute)
                        if self.limits.tokens_per_minute else None)

    async def complete(self, request: ChatRequest) -> ChatReply:
        tokens = 0 if self._tokens is None else (  # estimated for a token budget only
            sum(len(m.content) for m in request.messages) // 4 + (request.max_tokens or 0))
        return await self._limited(lambda: self.inner.complete(request), tokens)

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        tokens = 0 if self._tokens is None else sum(len(t) for t in texts) // 4
        return await self._limited(lambda: self.inner.embed(texts, model), tokens)

    async def _acquire(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # one judge may serve several runs (several event loops)
            self._loop, self.in_flight, self._waiters = loop, 0, deque()
        if self.in_flight < int(self.limit) and not self._waiters:
            self.in_flight += 1
            return
        waiter = loop.create_future()
        self._waiters.append(waiter)
        try:
            await waiter  # the releaser counted us in
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(False)
            raise

    def _release(self, throttled: bool) -> None:
        self.in_flight -= 1
        if throttled:
            self.limit = max(1.0, self.limit / 2)
        else:
            self.limit = min(float(self.limits.max_concurrency), self.limit + 1.0 / self.limit)
        while self._waiters and self.in_flight < int(self.limit):
            waiter = self._waiters.popleft()
            if not waiter.done():
                self.in_flight += 1
                waiter.set_result(None)

    async def _limited(self, call, tokens: int):
        await self._acquire()
        throttled = False
        try:
            await self._budget(tokens)
            return await call()
        except TransientError as err:
            throttled = err.status == 429
            raise
        finally:
            self._release(throttled)

    async def _budget(self, tokens: int) -> None:
        for window, amount in ((self._requests, 1), (self._tokens, tokens)):
            if window is None:
                continue
            while (wait := window.wait_time(amount, time.monotonic())) > 0:
                await asyncio.sleep(wait)
            window.spend(amount, time.monotonic())
