"""Retry with backoff and Retry-After, AIMD concurrency, coalescing, the item cache."""

from __future__ import annotations

import asyncio
import random

import pytest

from ragvet.errors import TransportError
from ragvet.judges.llm.cache import CallCache
from ragvet.judges.llm.client import (
    ChatMessage,
    ChatReply,
    ChatRequest,
    TransientError,
    retry_after_seconds,
)
from ragvet.judges.llm.coalesce import Coalescer
from ragvet.judges.llm.transport import LimitedClient, Limits, RetryingClient, RetryPolicy
from ragvet.judges.llm.usage import Meter, MeteredClient, Price

REQUEST = ChatRequest(messages=(ChatMessage("user", "hi"),), model="m",
                      meta={"prompt": "p@1"})


class Flaky:
    def __init__(self, failures: list[Exception]) -> None:
        self.failures = list(failures)
        self.calls = 0

    async def complete(self, request):
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return ChatReply(text="ok", finish_reason="stop")

    async def embed(self, texts, model):
        raise NotImplementedError


def test_retry_after_is_honoured_and_backoff_is_jittered():
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    inner = Flaky([TransientError("429", status=429, retry_after=7.0),
                   TransientError("500", status=500)])
    client = RetryingClient(inner, RetryPolicy(base_delay=1.0), rng=random.Random(1),
                            sleep=sleep)
    assert asyncio.run(client.complete(REQUEST)).text == "ok"
    assert inner.calls == 3
    assert 7.0 <= slept[0] <= 7.2  # the server's wait, plus a little jitter
    assert 0.0 <= slept[1] <= 2.0  # full jitter under base * 2


def test_retries_stop_after_max_attempts_and_permanent_errors_are_not_retried():
    async def sleep(_):
        return None

    inner = Flaky([TransientError("x")] * 5)
    client = RetryingClient(inner, RetryPolicy(max_attempts=3), sleep=sleep)
    with pytest.raises(TransportError, match="gave up after 3"):
        asyncio.run(client.complete(REQUEST))
    permanent = Flaky([TransportError("HTTP 401")])
    with pytest.raises(TransportError, match="401"):
        asyncio.run(RetryingClient(permanent, sleep=sleep).complete(REQUEST))
    assert permanent.calls == 1


def test_retry_after_header_forms():
    assert retry_after_seconds({"retry-after": "3"}) == 3.0
    assert retry_after_seconds({"retry-after-ms": "250"}) == 0.25
    assert retry_after_seconds({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"},
                               now=1445412470.0) == 10.0
    assert retry_after_seconds({}) is None


def test_concurrency_halves_on_429_and_grows_back_under_the_maximum():
    class Gate:
        def __init__(self):
            self.active = 0
            self.peak = 0

        async def complete(self, request):
            self.active += 1
            self.peak = max(self.peak, self.active)
            await asyncio.sleep(0.001)
            self.active -= 1
            if request.meta.get("throttle"):
                raise TransientError("429", status=429)
            return ChatReply(text="ok", finish_reason="stop")

    gate = Gate()
    limited = LimitedClient(gate, Limits(max_concurrency=8))

    async def scenario():
        throttled = ChatRequest(messages=REQUEST.messages, model="m", meta={"throttle": 1})
        for _ in range(2):
            with pytest.raises(TransientError):
                await limited.complete(throttled)
        assert limited.limit == 2.0
        await asyncio.gather(*(limited.complete(REQUEST) for _ in range(20)))
        assert gate.peak <= 8

    asyncio.run(scenario())
    assert 2.0 < limited.limit <= 8.0


def test_usage_and_cost_are_counted_per_call():
    class Fixed:
        async def complete(self, request):
            from ragvet.judges.llm.client import Usage

            return ChatReply(text="ok", finish_reason="stop", usage=Usage(1000, 500))

    meter = Meter({"m": Price(input=1.0, output=2.0)})
    asyncio.run(MeteredClient(Fixed(), meter).complete(REQUEST))
    totals = meter.snapshot()
    assert (totals.calls, totals.prompt_tokens, totals.completion_tokens) == (1, 1000, 500)
    assert totals.cost == pytest.approx(0.002)
    assert totals.by_prompt == {"p@1": 1}


def test_calls_issued_together_are_coalesced_into_one():
    batches: list[list[int]] = []

    async def call(items):
        batches.append(list(items))
        return [i * 10 for i in items]

    async def scenario():
        c = Coalescer(call)

        async def later(items):
            await asyncio.sleep(0)
            return await c.submit(items)

        return await asyncio.gather(c.submit([1, 2]), later([3]), c.submit([4]))

    assert asyncio.run(scenario()) == [[10, 20], [30], [40]]
    assert batches == [[1, 2, 4, 3]]  # one call, in the order the items arrived


def test_the_cache_stores_values_by_key_and_can_be_read_only(tmp_path):
    cache = CallCache(tmp_path / "c.sqlite")
    cache.put_many([("a", {"v": True}), ("b", {"p": ["x"]})])
    assert cache.get_many(["a", "b", "z"]) == {"a": {"v": True}, "b": {"p": ["x"]}}
    reader = cache.read_only()
    reader.put_many([("c", {"v": False})])
    assert cache.get_many(["c"]) == {}
    assert CallCache(tmp_path / "new.sqlite").read_only().get_many(["a"]) == {}


def test_request_and_token_windows_wait_for_the_oldest_spend_to_age_out():
    from ragvet.judges.llm.transport import _Window

    window = _Window(budget=2)
    assert window.wait_time(1, now=0.0) == 0.0
    window.spend(1, now=0.0)
    window.spend(1, now=10.0)
    assert window.wait_time(1, now=20.0) == pytest.approx(40.01)
    assert window.wait_time(1, now=60.5) == 0.0  # the first spend left the minute
    big = _Window(budget=100)
    assert big.wait_time(500, now=0.0) == 0.0  # one oversized call may go alone
