"""Async evaluation over many records with bounded concurrency.

`evaluate_record` is a pure function of (record, metrics, judge, thresholds): the unit that
a resumable or distributed run schedules. `evaluate_async` fans it out; `evaluate` is the
one blocking edge. A record whose judge fails keeps its error; the run continues.

A judge that reports an outage (`capabilities.Guarded`: a wrong key, an endpoint that cannot
be reached) stops the run: nothing more is judged, records finished after the outage are
neither kept nor checkpointed, and `evaluate_async` raises the judge's `JudgeUnavailable`.
The checkpoint keeps what finished before, so `--resume` continues once the cause is fixed.

With a `Checkpoint`, each finished record is appended to it at once and records it already
holds unchanged are not judged again (resume; a record whose text changed is). A judge
offering `scoped()` gets a per-record view, so that the metrics of one record can share its
calls (LLM judges coalesce them).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
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
from .checkpoint import Checkpoint, ResumePlan, record_fingerprint
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


def _registered(metric_id: str) -> AnyMetric:
    """A derived metric's input that the run does not select, found in the registry."""
    found = [m for m in resolve_metrics([metric_id]) if m.id == metric_id]
    if len(found) != 1:
        raise ConfigError(f"a derived metric's input {metric_id!r} names no single metric")
    return found[0]


async def evaluate_async(
    records: Iterable[Record],
    metrics: str | Iterable[str | AnyMetric] | None = None,
    judge: Judge | None = None,
    *,
    max_concurrency: int = 8,
    thresholds: Thresholds | None = None,
    on_result: ResultCallback | None = None,
    checkpoint: Checkpoint | None = None,
    caps: Caps | None = None,
    on_progress: ProgressCallback | None = None,
) -> Run:
    """Evaluate records concurrently; results come back in input order.

    Without a `judge`, the offline local judge is used.

    `on_result` is called as each record finishes (for progress bars and incremental writes).
    `checkpoint` makes the run resumable: see `engine.checkpoint`.
    `caps` and `on_progress`: see `evaluate_record`.
    """
    if judge is None:  # the offline default: no key, no download
        from ..judges.factory import make_judge

        judge = make_judge("local")
    chosen = resolve_metrics(metrics)
    records = list(records)
    thresholds = thresholds or Thresholds()
    limit = asyncio.Semaphore(max(1, max_concurrency))
    if checkpoint is not None:
        checkpoint.check_run(chosen, judge.describe(), thresholds)
    plan = checkpoint.plan(records) if checkpoint is not None else ResumePlan()
    results: list[RecordResult | None] = [plan.reused.get(r.id) for r in records]
    started = time.time()
    meter = usage_meter(judge)
    spent_before = meter.snapshot() if meter is not None else None
    if checkpoint is not None:
        checkpoint.open()

    async def one(index: int, record: Record) -> None:
        async with limit:
            result = await evaluate_record(record, chosen, judge, thresholds, caps=caps,
                                           on_progress=on_progress)
        if judge_outage(judge) is not None:
            return  # judged against an endpoint that stopped answering: not a result
        results[index] = result
        if checkpoint is not None:
            checkpoint.add(result, record_fingerprint(record))
        if on_result is not None:
            on_result(result)

    try:
        await _unless_outage(
            asyncio.gather(*(one(i, r) for i, r in enumerate(records) if results[i] is None)),
            judge)
    finally:
        if checkpoint is not None:
            checkpoint.close()
        if isinstance(judge, Closable):  # connections belong to this event loop
            await judge.aclose()
    return Run(results=[r for r in results if r is not None],
               metric_ids=[m.id for m in chosen], judge=dict(judge.describe()),
               thresholds=thresholds, started_at=started, finished_at=time.time(),
               usage=meter.snapshot().since(spent_before).to_dict() if meter is not None else {},
               resumed=len(plan.reused), rejudged=len(plan.changed))


async def _unless_outage(work: Awaitable[Any], judge: Judge) -> None:
    """Await `work`; when the judge reports an outage first, cancel the work and raise it."""
    if not isinstance(judge, Guarded):
        await work
        return
    task = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_outage_of(judge))
    try:
        await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pending in (task, watch):
            pending.cancel()
        await asyncio.gather(task, watch, return_exceptions=True)
    if (outage := judge_outage(judge)) is not None:
        raise outage
    task.result()


async def _outage_of(judge: Judge, poll: float = 0.05) -> Exception:
    while (outage := judge_outage(judge)) is None:
        await asyncio.sleep(poll)
    return outage


def evaluate(records: Iterable[Record], metrics: str | Iterable[str | AnyMetric] | None = None,
             judge: Judge | None = None, **options: Any) -> Run:
    """Blocking wrapper around `evaluate_async`.

    Called where an event loop is already running in this thread (a Jupyter cell, an async
    web handler), the run gets its own loop in a worker thread and this call waits for it;
    `await evaluate_async(...)` avoids the thread.
    """
    def run() -> Run:
        return asyncio.run(evaluate_async(records, metrics, judge, **options))

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop here: the usual script or test
        return run()
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ragvet-evaluate") as worker:
        return worker.submit(run).result()
