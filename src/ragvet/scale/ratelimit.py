"""One rate limit for a whole cluster: a small Ray actor holding a token bucket.

Each worker's LLM judge keeps its own client, concurrency limit and retries; a provider's
requests-per-minute and tokens-per-minute budgets, though, are shared by every worker. The
driver starts one `TokenBucket` actor per run; each worker's judge asks it, before every
call (retries included), how long to wait so that the cluster as a whole stays within the
budget. One small remote call per judge call (about a millisecond) against calls that take
hundreds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

BURST_SECONDS = 1.0  # a second's worth of budget may go at once


class TokenBucket:
    """Schedules calls under requests/minute and tokens/minute (GCRA, one clock per budget)."""

    def __init__(self, rpm: int | None, tpm: int | None) -> None:
        self.rates = {"requests": (rpm or 0) / 60.0, "tokens": (tpm or 0) / 60.0}
        self.next_free = {"requests": 0.0, "tokens": 0.0}
        self.granted = 0

    def reserve(self, requests: int, tokens: int, now: float | None = None) -> float:
        """Book a call; return the seconds the caller must wait before making it."""
        now = time.monotonic() if now is None else now
        wait = 0.0
        for budget, amount in (("requests", requests), ("tokens", tokens)):
            rate = self.rates[budget]
            if rate <= 0 or amount <= 0:
                continue
            due = max(self.next_free[budget], now)
            start = max(now, due - BURST_SECONDS)
            self.next_free[budget] = due + amount / rate
            wait = max(wait, start - now)
        self.granted += 1
        return wait

    def stats(self) -> dict[str, Any]:
        return {"granted": self.granted}


class SharedRateClient:
    """A ChatClient wrapper that waits for the cluster-wide bucket before each call."""

    def __init__(self, inner: Any, bucket: Any) -> None:
        self.inner = inner
        self.bucket = bucket  # a Ray actor handle of TokenBucket

    async def _wait(self, tokens: int) -> None:
        delay = await self.bucket.reserve.remote(1, tokens)
        if delay > 0:
            await asyncio.sleep(delay)

    async def complete(self, request: Any) -> Any:
        tokens = sum(len(m.content) for m in request.messages) // 4 + (request.max_tokens or 0)
        await self._wait(tokens)
        return await self.inner.complete(request)

    async def embed(self, texts: Sequence[str], model: str) -> Any:
        await self._wait(sum(len(t) for t in texts) // 4)
        return await self.inner.embed(texts, model)


@dataclass(frozen=True, slots=True)
class JoinSharedRate:
    """A judge setup step (picklable): route the judge's calls through the named bucket."""

    name: str
    namespace: str

    def __call__(self, judge: Any) -> None:
        import ray

        client = getattr(judge, "client", None)
        if client is None:
            return  # not an LLM judge: nothing to limit
        bucket = ray.get_actor(self.name, namespace=self.namespace)
        if hasattr(client, "inner"):  # inside the retries: every attempt is booked
            client.inner = SharedRateClient(client.inner, bucket)
        else:
            judge.client = SharedRateClient(client, bucket)


def start_bucket(name: str, namespace: str, rpm: int | None, tpm: int | None) -> Any:
    """The run's bucket actor (no CPU reserved; it dies with the driver)."""
    import ray

    actor = ray.remote(num_cpus=0, max_restarts=-1)(TokenBucket)
    return actor.options(name=name, namespace=namespace, get_if_exists=True).remote(rpm, tpm)
