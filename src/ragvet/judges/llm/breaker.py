"""A circuit breaker for one judge endpoint: stop calling when the calls cannot succeed.

Two kinds of failure say that no later call will fare better:

- the endpoint refuses the credentials (401/403): `auth_failures` refusals in a row (one by
  default: a refused key is not accepted on the next call, and every record judged until
  the breaker trips would be a record failed for nothing);
- the endpoint is not there (connection refused or reset, 502/503/504): a few such failures
  in a row when it has not answered yet in this run (fewer than one call's attempts, so no
  record fails for it before the run stops), else an unbroken run of them at least
  `unreachable_failures` long and `unreachable_seconds` old.

A success resets both counts. Once tripped, every call fails at once with `JudgeUnavailable`
(never retried), and the engine, which watches `outage()`, stops the run with its message.
State lives per event loop: a judge that serves a later run starts it with a closed breaker.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...errors import JudgeUnavailable
from .client import AuthFailed, ChatClient, ChatReply, ChatRequest, EmbedReply, TransientError


@dataclass(frozen=True, kw_only=True)
class BreakerPolicy:
    auth_failures: int = 1
    unreachable_before_answer: int = 5
    unreachable_failures: int = 10
    unreachable_seconds: float = 10.0


class Breaker:
    """Counts failures in a row by kind; `outage()` is the error once it has tripped."""

    def __init__(self, endpoint: str, policy: BreakerPolicy | None = None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.endpoint = endpoint
        self.policy = policy or BreakerPolicy()
        self._clock = clock
        self._loop: object | None = None
        self._reset()

    def _reset(self) -> None:
        self._tripped: asyncio.Event | None = None
        self._answered = False
        self._auth_streak = 0
        self._down_streak = 0
        self._down_since = 0.0
        self._outage: JudgeUnavailable | None = None

    def _for_this_loop(self) -> None:
        try:
            loop: object | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None and loop is not self._loop:
            self._loop = loop
            self._reset()

    def outage(self) -> JudgeUnavailable | None:
        self._for_this_loop()
        return self._outage

    async def wait_tripped(self) -> JudgeUnavailable:
        """Return the outage once the breaker trips (woken by the trip, never polled)."""
        self._for_this_loop()
        while self._outage is None:
            if self._tripped is None:
                self._tripped = asyncio.Event()
            await self._tripped.wait()
        return self._outage

    def check(self) -> None:
        if (outage := self.outage()) is not None:
            raise outage

    def succeeded(self) -> None:
        self._for_this_loop()
        self._answered = True
        self._auth_streak = self._down_streak = 0

    def failed(self, err: Exception) -> None:
        self._for_this_loop()
        if isinstance(err, AuthFailed):
            self._auth_streak += 1
            if self._auth_streak >= self.policy.auth_failures:
                self._trip(f"authentication failed at the judge endpoint {self.endpoint} "
                           f"({err}); check the API key (OPENAI_API_KEY, or the variable "
                           f"named by --api-key-env) and the key's access to the model")
        elif isinstance(err, TransientError) and err.unreachable:
            now = self._clock()
            if self._down_streak == 0:
                self._down_since = now
            self._down_streak += 1
            span = now - self._down_since
            p = self.policy
            if ((not self._answered and self._down_streak >= p.unreachable_before_answer)
                    or (self._down_streak >= p.unreachable_failures
                        and span >= p.unreachable_seconds)):
                over = f" over {span:.0f} s" if span >= 1 else ""
                self._trip(f"cannot reach the judge endpoint {self.endpoint}: "
                           f"{self._down_streak} calls in a row failed{over} (last: {err}); "
                           f"check --base-url and that the server is up")

    def _trip(self, message: str) -> None:
        if self._outage is None:
            self._outage = JudgeUnavailable(message)
            if self._tripped is not None:
                self._tripped.set()


class BreakerClient:
    """Feeds every attempt's outcome to a `Breaker`, and calls nothing once it has tripped."""

    def __init__(self, inner: ChatClient, breaker: Breaker) -> None:
        self.inner = inner
        self.breaker = breaker

    async def complete(self, request: ChatRequest) -> ChatReply:
        return await self._guarded(lambda: self.inner.complete(request))

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        return await self._guarded(lambda: self.inner.embed(texts, model))

    async def _guarded(self, call):
        self.breaker.check()
        try:
            reply = await call()
        except Exception as err:
            self.breaker.failed(err)
            if (outage := self.breaker.outage()) is not None:
                raise outage from err
            raise
        self.breaker.succeeded()
        return reply
