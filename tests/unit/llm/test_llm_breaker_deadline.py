"""The circuit breaker's rules and the learnt deadlines' hedging, without a server."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.errors import JudgeUnavailable
from ragvet.judges.llm.breaker import Breaker, BreakerClient, BreakerPolicy
from ragvet.judges.llm.client import AuthFailed, ChatMessage, ChatReply, ChatRequest, TransientError
from ragvet.judges.llm.deadline import DeadlineClient, DeadlinePolicy
from ragvet.judges.llm.usage import Meter

DOWN = TransientError("connection failed", unreachable=True)
BUSY = TransientError("HTTP 500", status=500)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_refused_key_trips_at_once_with_a_clear_message():
    breaker = Breaker("http://judge/v1")
    breaker.failed(AuthFailed("HTTP 401: bad key", status=401))
    outage = breaker.outage()
    assert isinstance(outage, JudgeUnavailable)
    assert "authentication failed" in str(outage) and "http://judge/v1" in str(outage)


def test_an_endpoint_never_reached_trips_after_a_few_failures():
    breaker = Breaker("e", BreakerPolicy(unreachable_before_answer=5))
    for _ in range(4):
        breaker.failed(DOWN)
    assert breaker.outage() is None
    breaker.failed(DOWN)
    assert "cannot reach the judge endpoint e" in str(breaker.outage())


def test_after_answers_an_outage_must_last_before_it_trips():
    clock = Clock()
    breaker = Breaker("e", BreakerPolicy(unreachable_failures=10, unreachable_seconds=10),
                      clock=clock)
    breaker.succeeded()
    for _ in range(20):
        breaker.failed(DOWN)
    assert breaker.outage() is None  # many, but all in the same instant
    clock.now = 11
    breaker.failed(DOWN)
    assert breaker.outage() is not None


def test_server_errors_and_interleaved_successes_never_trip():
    breaker = Breaker("e")
    for _ in range(50):
        breaker.failed(BUSY)
        breaker.failed(DOWN)
        breaker.succeeded()
    assert breaker.outage() is None


class Endpoint:
    """Answers after `latency`; the calls numbered in `hang` never answer."""

    def __init__(self, latency: float = 0.005, hang: set[int] | None = None,
                 error: Exception | None = None) -> None:
        self.latency = latency
        self.hang = hang or set()
        self.error = error
        self.calls = 0

    async def complete(self, request):
        self.calls += 1
        if self.error is not None:
            raise self.error
        await asyncio.sleep(1000 if self.calls in self.hang else self.latency)
        return ChatReply(text="ok", finish_reason="stop")

    async def embed(self, texts, model):
        raise NotImplementedError


def request() -> ChatRequest:
    return ChatRequest(messages=(ChatMessage("user", "hi"),), model="m")


def test_a_tripped_breaker_calls_nothing_more():
    endpoint = Endpoint(error=AuthFailed("HTTP 401", status=401))
    client = BreakerClient(endpoint, Breaker("e"))

    async def go():
        for _ in range(3):
            with pytest.raises(JudgeUnavailable):
                await client.complete(request())

    asyncio.run(go())
    assert endpoint.calls == 1


def test_a_hanging_call_is_hedged_once_the_latency_is_known():
    meter = Meter()
    endpoint = Endpoint(hang={11})
    client = DeadlineClient(endpoint, DeadlinePolicy(hard_cap=1000, floor=0.05, min_samples=10),
                            meter=meter)

    async def go():
        for _ in range(10):
            await client.complete(request())
        return await asyncio.wait_for(client.complete(request()), timeout=10)

    assert asyncio.run(go()).text == "ok"
    assert endpoint.calls == 12  # the hung call and its hedge
    assert meter.snapshot().hedges == 1 and meter.snapshot().deadline_cuts == 0


def test_a_call_and_its_hedge_both_hanging_are_cut_for_a_retry():
    meter = Meter()
    endpoint = Endpoint(hang={11, 12})
    client = DeadlineClient(endpoint, DeadlinePolicy(hard_cap=1000, floor=0.05, min_samples=10),
                            meter=meter)

    async def go():
        for _ in range(10):
            await client.complete(request())
        with pytest.raises(TransientError, match="no answer within"):
            await asyncio.wait_for(client.complete(request()), timeout=10)

    asyncio.run(go())
    assert meter.snapshot().deadline_cuts == 1 and meter.snapshot().errors == 1


def test_a_call_started_before_the_latency_is_known_is_hedged_once_it_is():
    meter = Meter()
    endpoint = Endpoint(hang={1})
    client = DeadlineClient(endpoint, DeadlinePolicy(hard_cap=1000, floor=0.05, min_samples=10),
                            meter=meter)

    async def go():
        early = asyncio.ensure_future(client.complete(request()))  # hangs; no deadline yet
        await asyncio.sleep(0.01)
        for _ in range(10):
            await client.complete(request())
        return await asyncio.wait_for(early, timeout=10)

    assert asyncio.run(go()).text == "ok"
    assert meter.snapshot().hedges == 1
