"""Per-call deadlines learnt from the endpoint's own latency: hedge, then cut, the slow tail.

A call that takes far longer than the calls before it has most likely hung (a stuck
connection, a lost request). Waiting out the configured timeout (120 s by default) for it
makes the whole run wait. `DeadlineClient` times every successful call; once it has seen
`min_samples` of one kind (chat or embeddings), a call of that kind still running after its
deadline, max(factor × p95, floor) seconds, is hedged: the same request is sent again and
the first answer wins (the other is cancelled). If neither has answered after twice the
deadline, both are cancelled and the call fails as a `TransientError`, which the retry layer
asks again; each such cut of the same request doubles its deadline, so a call that is slow
for a reason (a long batch) gets its time. The configured timeout stays the hard cap. A call
sleeps until its deadline (or until the latency of its kind becomes known, for calls started
before that), never polling: a call that answers in time costs one wait.
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


@dataclass(frozen=True, kw_only=True)
class DeadlinePolicy:
    hard_cap: float = 120.0
    factor: float = 2.0
    floor: float = 1.0
    min_samples: int = 10
    window: int = 256


class Latencies:
    """The latest successful call durations, by kind."""

    def __init__(self, policy: DeadlinePolicy) -> None:
        self.policy = policy
        self._seen: dict[str, deque[float]] = {}
        self._p95: dict[str, float] = {}
        self._learnt: dict[str, asyncio.Future[None]] = {}

    def add(self, kind: str, seconds: float) -> None:
        seen = self._seen.setdefault(kind, deque(maxlen=self.policy.window))
        seen.append(seconds)
        self._p95.pop(kind, None)
        if len(seen) >= self.policy.min_samples:
            waiting = self._learnt.pop(kind, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(None)

    def when_learnt(self, kind: str) -> asyncio.Future[None]:
        """A future of the running loop, done once `kind` has a learnt deadline."""
        loop = asyncio.get_running_loop()
        waiting = self._learnt.get(kind)
        if waiting is None or waiting.done() or waiting.get_loop() is not loop:
            waiting = self._learnt[kind] = loop.create_future()
            if len(self._seen.get(kind, ())) >= self.policy.min_samples:
                waiting.set_result(None)
        return waiting

    def deadline(self, kind: str) -> float:
        """Seconds a call of `kind` may run before it is hedged (the hard cap until known)."""
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
        race = _Race(self._clock)
        race.start(call)
        try:
            while True:
                allowed = min(self.policy.hard_cap, self.latencies.deadline(kind) * 2 ** cuts)
                learnt = allowed < self.policy.hard_cap  # else the client's timeout rules
                if learnt and race.age() >= allowed and not race.hedged:
                    race.start(call)
                    if self.meter is not None:
                        self.meter.add(hedges=1)
                left = (2 if race.hedged else 1) * allowed - race.age()
                if race.hedged and left <= 0:
                    break
                if learnt:  # sleep until the hedge (or the cut) is due
                    winner = await race.first_answer(timeout=max(left, 0.0))
                else:  # the client's timeout rules until this kind's latency is known
                    known = self.latencies.when_learnt(kind)
                    winner = await race.first_answer(wake=None if known.done() else known)
                if winner is not None:
                    self._cuts.pop(key, None)
                    reply, seconds = winner
                    self.latencies.add(kind, seconds)
                    return reply
        finally:
            race.cancel()
        self._cuts[key] = cuts + 1
        if self.meter is not None:
            self.meter.add(errors=1, deadline_cuts=1)
        raise TransientError(f"no answer within {2 * allowed:.1f} s from the call or its "
                             f"hedge, far beyond the endpoint's usual latency; asked again")


class _Race:
    """A call and its hedge: the first success wins; when both fail, the last error is raised."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._started = clock()
        self._running: dict[asyncio.Future, float] = {}
        self.hedged = False

    def start(self, call) -> None:
        self.hedged = self.hedged or bool(self._running)
        self._running[asyncio.ensure_future(call())] = self._clock()

    def age(self) -> float:
        return self._clock() - self._started

    async def first_answer(self, timeout: float | None = None,
                           wake: asyncio.Future[None] | None = None):
        """(reply, seconds it took) of the first success within `timeout`, or None (also
        when `wake` is done first)."""
        if wake is None and len(self._running) == 1:  # the usual case: one call, no hedge
            (task,) = self._running
            if not task.done():
                await _settled(task, timeout)
            done = {task} if task.done() else set()
        else:
            watched = set(self._running) if wake is None else {*self._running, wake}
            done, _ = await asyncio.wait(watched, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task is wake:
                continue
            began = self._running.pop(task)
            if task.exception() is None:
                return task.result(), self._clock() - began
            if not self._running:
                raise task.exception()
        return None

    def cancel(self) -> None:
        for task in self._running:
            if not task.done():
                task.cancel()
            elif not task.cancelled():
                task.exception()  # retrieved: a late failure is not logged as lost


async def _settled(task: asyncio.Future, timeout: float | None) -> None:
    """Wait until `task` is done or `timeout` seconds have passed, whichever comes first,
    leaving the task running (`asyncio.wait` of one task, without its sets)."""
    loop = asyncio.get_running_loop()
    waiter = loop.create_future()

    def wake(_: object = None) -> None:
        if not waiter.done():
            waiter.set_result(None)

    task.add_done_callback(wake)
    timer = loop.call_later(timeout, wake) if timeout is not None else None
    try:
        await waiter
    finally:
        if timer is not None:
            timer.cancel()
        task.remove_done_callback(wake)
