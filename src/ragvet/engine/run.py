"""Async evaluation over many records with bounded concurrency.

`evaluate_record` is a pure function of (record, metrics, judge, thresholds): the unit that
a resumable or distributed run schedules. `evaluate_async` fans it out; `evaluate` is the
one blocking edge. A record whose judge fails keeps its error; the run continues.

`evaluate_stream` is the same run as an async iterator of results in input order that reads
its records lazily and keeps only a window of them in flight, so memory stays flat however
long the run; `evaluate_async` collects it into a Run.

A judge that reports an outage (`capabilities.Guarded`: a wrong key, an endpoint that cannot
be reached) stops the run: nothing more is judged, records finished after the outage are
neither kept nor checkpointed, and `evaluate_async` raises the judge's `JudgeUnavailable`.
A judge offering `wait_outage()` wakes the engine at once; others are polled.
The checkpoint keeps what finished before, so `--resume` continues once the cause is fixed.

With a `Checkpoint`, each finished record is appended to it at once and records it already
holds unchanged are not judged again (resume; a record whose text changed is). A judge
offering `scoped()` gets a per-record view, so that the metrics of one record can share its
calls (LLM judges coalesce them).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from ..data.records import Record
from ..errors import ConfigError
from ..judges.base import Judge
from ..judges.capabilities import Closable, Guarded, judge_outage, record_view, usage_meter
from ..metrics.caps import Caps
from ..metrics.context import RecordContext
from ..metrics.diagnosis import Thresholds, decided_scores, diagnose
from ..metrics.registry import resolve_metrics
from ..metrics.scoring import AnyMetric, score_metrics
from ..results import RecordError, RecordResult
from .checkpoint import Checkpoint, record_fingerprint
from .collector import COLLECTOR
from .progress import CountingJudge, ProgressCallback
from .result import Run

ResultCallback = Callable[[RecordResult], Any]


async def evaluate_record(record: Record, metrics: Sequence[AnyMetric], judge: Judge,
                          thresholds: Thresholds | None = None, *, caps: Caps | None = None,
                          on_progress: ProgressCallback | None = None) -> RecordResult:
    """Score one record on every metric; shared decompositions are computed once, and a
    derived metric after its inputs (see `metrics.scoring`).

    `caps` bound the units a step judges (`metrics.caps`; where one bites the result's
    `capped` says so); `on_progress` receives a `RecordProgress` as each judge operation of
    this record starts and ends, and once when the record is done.
    """
    view = record_view(judge)
    counting = CountingJudge(view, record.id, on_progress) if on_progress is not None else None
    try:
        return await _score_record(record, metrics, counting or view, thresholds, caps)
    finally:
        if counting is not None:
            counting.finish()


async def _score_record(record: Record, metrics: Sequence[AnyMetric], judge: Judge,
                        thresholds: Thresholds | None, caps: Caps | None) -> RecordResult:
    ctx = RecordContext(record, judge, caps)
    try:
        outcomes = await score_metrics(metrics, ctx, lookup=_registered)
    except Exception as err:  # defensive: scoring already turns judge errors into data
        return RecordResult(id=record.id, query=record.query,
                            scores={m.id: None for m in metrics},
                            errors=(RecordError(metric=None, message=f"{type(err).__name__}: "
                                                f"{err}"),),
                            metadata=dict(record.metadata))
    result = RecordResult.from_outcomes(record_id=record.id, query=record.query,
                                        outcomes=outcomes, metadata=record.metadata)
    decided = decided_scores(result.scores, result.components)
    return replace(result, diagnosis=tuple(diagnose(decided, thresholds)),
                   capped=dict(ctx.capped))


def _as_judge(judge: Judge | str | None) -> Judge:
    """The judge itself, or one built from a spec as `--judge` takes it ("local",
    "local:verifier=on", "openai:MODEL"); none means the offline default (no key, no
    download)."""
    if judge is None or isinstance(judge, str):
        from ..judges.factory import make_judge

        return make_judge(judge or "local")
    return judge


def _registered(metric_id: str) -> AnyMetric:
    """A derived metric's input that the run does not select, found in the registry."""
    found = [m for m in resolve_metrics([metric_id]) if m.id == metric_id]
    if len(found) != 1:
        raise ConfigError(f"a derived metric's input {metric_id!r} names no single metric")
    return found[0]


async def evaluate_async(
    records: Iterable[Record],
    metrics: str | Iterable[str | AnyMetric] | None = None,
    judge: Judge | str | None = None,
    *,
    max_concurrency: int = 8,
    thresholds: Thresholds | None = None,
    on_result: ResultCallback | None = None,
    checkpoint: Checkpoint | None = None,
    caps: Caps | None = None,
    on_progress: ProgressCallback | None = None,
) -> Run:
    """Evaluate records concurrently; results come back in input order.

    `judge` is a Judge or a spec as `--judge` takes it ("local", "openai:MODEL"); without
    one, the offline local judge is used.

    `on_result` is called as each record finishes (for progress bars and incremental writes).
    `checkpoint` makes the run resumable: see `engine.checkpoint`.
    `caps` and `on_progress`: see `evaluate_record`.
    The returned Run holds every result; `evaluate_stream` hands them out one at a time.
    """
    stream = evaluate_stream(records, metrics, judge, max_concurrency=max_concurrency,
                             thresholds=thresholds, on_result=on_result, checkpoint=checkpoint,
                             caps=caps, on_progress=on_progress)
    results = [result async for result in stream]
    return stream.run(results)


def evaluate_stream(
    records: Iterable[Record],
    metrics: str | Iterable[str | AnyMetric] | None = None,
    judge: Judge | str | None = None,
    *,
    max_concurrency: int = 8,
    thresholds: Thresholds | None = None,
    on_result: ResultCallback | None = None,
    checkpoint: Checkpoint | None = None,
    caps: Caps | None = None,
    on_progress: ProgressCallback | None = None,
    window: int | None = None,
) -> ResultStream:
    """The results of a run, in input order, as an async iterator that holds only a window
    of records: `async for result in evaluate_stream(records, ...)`.

    `records` may be any iterable (a generator reading a file, `data.load.iter_records`); it
    is read as the window moves: at most `window` records (default twice
    `max_concurrency`) are between the oldest one not yet handed out and the newest one
    started, and `max_concurrency` of them are judged at once. Other options as in
    `evaluate_async`; after the iteration, `stream.run(results)` makes the Run.
    """
    judge = _as_judge(judge)
    chosen = resolve_metrics(metrics)
    thresholds = thresholds or Thresholds()
    if checkpoint is not None:
        checkpoint.check_run(chosen, judge.describe(), thresholds)
    concurrency = max(1, max_concurrency)
    return ResultStream(records, chosen, judge, thresholds=thresholds,
                        max_concurrency=concurrency,
                        window=max(concurrency, window or 2 * concurrency),
                        on_result=on_result, checkpoint=checkpoint, caps=caps,
                        on_progress=on_progress)


_END = object()


class ResultStream:
    """One run's results in input order, judged `max_concurrency` records at a time (see
    `evaluate_stream`). Iterate it once; `resumed` and `rejudged` count the records a
    checkpoint held unchanged (handed out as they were) and changed (judged again)."""

    def __init__(self, records: Iterable[Record], metrics: Sequence[AnyMetric], judge: Judge,
                 *, thresholds: Thresholds, max_concurrency: int, window: int,
                 on_result: ResultCallback | None, checkpoint: Checkpoint | None,
                 caps: Caps | None, on_progress: ProgressCallback | None) -> None:
        self.records = records
        self.metrics = list(metrics)
        self.judge = judge
        self.thresholds = thresholds
        self.max_concurrency = max_concurrency
        self.window = window
        self.on_result = on_result
        self.checkpoint = checkpoint
        self.caps = caps
        self.on_progress = on_progress
        self.resumed = 0
        self.rejudged = 0
        self.started_at = time.time()
        self._meter = usage_meter(judge)
        self._spent_before = self._meter.snapshot() if self._meter is not None else None

    @property
    def metric_ids(self) -> list[str]:
        return [m.id for m in self.metrics]

    def usage(self) -> dict[str, Any]:
        """What the judge spent since the stream was made (empty for an unmetered judge)."""
        if self._meter is None:
            return {}
        return dict(self._meter.snapshot().since(self._spent_before).to_dict())

    def run(self, results: list[RecordResult]) -> Run:
        """The Run of these results (the ones this stream handed out)."""
        return Run(results=results, metric_ids=self.metric_ids,
                   judge=dict(self.judge.describe()), thresholds=self.thresholds,
                   started_at=self.started_at, finished_at=time.time(), usage=self.usage(),
                   resumed=self.resumed, rejudged=self.rejudged)

    def __aiter__(self) -> AsyncIterator[RecordResult]:
        return self._results()

    async def _results(self) -> AsyncIterator[RecordResult]:
        slots = asyncio.Semaphore(self.max_concurrency)
        window: deque[RecordResult | asyncio.Future[RecordResult | None]] = deque()
        source = iter(self.records)
        watch = _outage_watch(self.judge)
        if self.checkpoint is not None:
            self.checkpoint.open()
        COLLECTOR.enter()  # young collections spaced out until the last run ends
        try:
            while True:
                while len(window) < self.window and (record := next(source, _END)) is not _END:
                    window.append(self._start(record, slots))
                if not window:
                    break
                head = window.popleft()
                COLLECTOR.record_finished()
                if isinstance(head, RecordResult):
                    yield head
                    continue
                if not head.done():
                    await asyncio.wait({head} if watch is None else {head, watch},
                                       return_when=asyncio.FIRST_COMPLETED)
                if (outage := judge_outage(self.judge)) is not None:
                    head.cancel()
                    raise outage
                result = head.result()
                assert result is not None  # None only after an outage
                yield result
        finally:
            COLLECTOR.exit()
            await _cancel([t for t in window if isinstance(t, asyncio.Future)]
                          + ([watch] if watch is not None else []))
            if self.checkpoint is not None:
                self.checkpoint.close()
            if isinstance(self.judge, Closable):  # connections belong to this event loop
                await self.judge.aclose()

    def _start(self, record: Record, slots: asyncio.Semaphore
               ) -> RecordResult | asyncio.Future[RecordResult | None]:
        """The checkpoint's result for an unchanged record, else the task judging it."""
        fingerprint = None
        if self.checkpoint is not None:
            fingerprint = record_fingerprint(record)
            held, changed = self.checkpoint.lookup(record, fingerprint)
            if held is not None:
                self.resumed += 1
                return held
            self.rejudged += changed
        return asyncio.ensure_future(self._judge(record, fingerprint, slots))

    async def _judge(self, record: Record, fingerprint: str | None,
                     slots: asyncio.Semaphore) -> RecordResult | None:
        async with slots:
            if judge_outage(self.judge) is not None:
                return None
            result = await evaluate_record(record, self.metrics, self.judge, self.thresholds,
                                           caps=self.caps, on_progress=self.on_progress)
        if judge_outage(self.judge) is not None:
            return None  # judged against an endpoint that stopped answering: not a result
        if self.checkpoint is not None:
            self.checkpoint.add(result, fingerprint or record_fingerprint(record))
        if self.on_result is not None:
            self.on_result(result)
        return result


async def _cancel(tasks: list[asyncio.Future[Any]]) -> None:
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.gather(*tasks, return_exceptions=True)


def _outage_watch(judge: Judge) -> asyncio.Future[Any] | None:
    """A task done when the judge reports an outage: woken by the judge when it offers
    `wait_outage()` (the LLM judges do), else polled."""
    if not isinstance(judge, Guarded):
        return None
    wait = getattr(judge, "wait_outage", None)
    return asyncio.ensure_future(wait() if wait is not None else _outage_of(judge))


async def _outage_of(judge: Judge, poll: float = 0.05) -> Exception:
    while (outage := judge_outage(judge)) is None:
        await asyncio.sleep(poll)
    return outage


def evaluate(records: Iterable[Record], metrics: str | Iterable[str | AnyMetric] | None = None,
             judge: Judge | str | None = None, *, engine: Any = None, **options: Any) -> Run:
    """Blocking wrapper around `evaluate_async`.

    `engine` judges the records elsewhere (an `engine.backends.Engine`, e.g.
    `ragvet.scale.ray.RayEngine(address="auto")`: records may then be a Parquet or JSONL
    path or URL, and the judge a spec such as "local" or `JudgeSpec("openai:MODEL", {...})`).

    Called where an event loop is already running in this thread (a Jupyter cell, an async
    web handler), the run gets its own loop in a worker thread and this call waits for it;
    `await evaluate_async(...)` avoids the thread.
    """
    if engine is not None:
        return engine.evaluate(records, metrics, judge, **options)

    def run() -> Run:
        return asyncio.run(evaluate_async(records, metrics, judge, **options))

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop here: the usual script or test
        return run()
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ragvet-evaluate") as worker:
        return worker.submit(run).result()
