"""The streaming engine: results in input order, records read lazily within a bounded window,
checkpoints streamed and resumed, an outage stops the stream at once."""

from __future__ import annotations

import asyncio
import json

import pytest

from ragvet import ScriptedJudge, make_record
from ragvet.engine.checkpoint import Checkpoint, run_identity
from ragvet.engine.run import evaluate_async, evaluate_stream
from ragvet.errors import JudgeUnavailable
from ragvet.metrics.registry import resolve_metrics

N = 60


def response(i: int) -> str:
    return f"Bridge {i} was built in {1900 + i}."


def make(i: int):
    return make_record(id=f"R{i:03d}", query=f"When was bridge {i} built?",
                       sources=[f"Bridge {i} opened in {1900 + i}."], response=response(i))


class SlowJudge(ScriptedJudge):
    """Scripted answers; records with a low number take longest, so they finish last."""

    def __init__(self, count: int = N) -> None:
        super().__init__(claims={response(i): [response(i)] for i in range(count)},
                         supported={response(i): i % 3 != 0 for i in range(count)})
        self.active = 0
        self.most_active = 0

    async def run(self, op, items):
        self.active += 1
        self.most_active = max(self.most_active, self.active)
        try:
            number = int(op.subject_of(items[0]).split()[1]) if items else 0
            await asyncio.sleep(0.002 * (N - number) / N)
            return await super().run(op, items)
        finally:
            self.active -= 1


class Source:
    """An iterable that counts how far it has been read."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.read = 0

    def __iter__(self):
        for i in range(self.count):
            self.read += 1
            yield make(i)


def collect(stream, *, watch=None):
    async def go():
        out = []
        async for result in stream:
            out.append(result)
            if watch is not None:
                watch(out)
        return out

    return asyncio.run(go())


def test_results_come_in_input_order_whatever_order_they_finish_in():
    finished = []
    stream = evaluate_stream(Source(N), ["GR"], SlowJudge(), max_concurrency=16,
                             on_result=lambda r: finished.append(r.id))
    results = collect(stream)
    assert [r.id for r in results] == [f"R{i:03d}" for i in range(N)]
    assert finished != [r.id for r in results]  # they did finish out of order
    assert [r.scores["GR"] for r in results[:3]] == [0.0, 1.0, 1.0]


def test_records_are_read_lazily_within_the_window():
    source = Source(N)
    read_when_first_came = []
    stream = evaluate_stream(source, ["GR"], SlowJudge(), max_concurrency=4, window=10)
    collect(stream, watch=lambda out: read_when_first_came.append(source.read) if len(out) == 1
            else None)
    assert source.read == N
    assert read_when_first_came[0] <= 10 + 1  # never more than the window ahead


def test_no_more_records_are_judged_at_once_than_the_concurrency():
    judge = SlowJudge()
    collect(evaluate_stream(Source(N), ["GR"], judge, max_concurrency=3))
    assert 1 <= judge.most_active <= 3


def test_evaluate_async_gives_the_same_results_as_the_stream():
    streamed = collect(evaluate_stream(Source(N), ["GR"], SlowJudge(), max_concurrency=8))
    run = asyncio.run(evaluate_async(Source(N), ["GR"], SlowJudge(), max_concurrency=8))
    assert [r.to_dict() if hasattr(r, "to_dict") else r for r in run.results] == \
        [r.to_dict() if hasattr(r, "to_dict") else r for r in streamed]


def test_a_streamed_checkpoint_resumes_without_judging_again(tmp_path):
    path = tmp_path / "out.checkpoint"
    judge = SlowJudge()
    chosen = resolve_metrics(["GR"])

    def checkpoint(resume):
        return Checkpoint(path, run_identity(chosen, judge.describe()), judge.describe(),
                          resume=resume)

    async def first_half():
        seen = 0
        async for _ in evaluate_stream(Source(N), chosen, judge, max_concurrency=4,
                                       checkpoint=checkpoint(False)):
            seen += 1
            if seen == N // 2:
                break  # the stream is closed early, as a killed run would stop

    asyncio.run(first_half())
    written = path.read_text(encoding="utf-8").splitlines()[1:]
    assert len(written) >= N // 2
    again = evaluate_stream(Source(N), chosen, judge, max_concurrency=4,
                            checkpoint=checkpoint(True))
    results = collect(again)
    assert [r.id for r in results] == [f"R{i:03d}" for i in range(N)]
    assert again.resumed == len({json.loads(line)["id"] for line in written})
    assert again.run(results).resumed == again.resumed


class FailingJudge(SlowJudge):
    """Trips an outage after a few calls; the calls after it hang."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0
        self._outage = None

    def outage(self):
        return self._outage

    async def wait_outage(self):
        while self._outage is None:
            await asyncio.sleep(0)
        return self._outage

    async def run(self, op, items):
        self.calls += 1
        if self.calls == 5:
            self._outage = JudgeUnavailable("the endpoint went away")
        if self._outage is not None:
            await asyncio.sleep(3600)
        return await super().run(op, items)


def test_an_outage_stops_the_stream_at_once():
    async def go():
        async for _ in evaluate_stream(Source(N), ["GR"], FailingJudge(), max_concurrency=8):
            pass

    with pytest.raises(JudgeUnavailable, match="went away"):
        asyncio.run(asyncio.wait_for(go(), timeout=20))
