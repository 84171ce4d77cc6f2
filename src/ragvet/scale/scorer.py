"""Scoring batches of raw input rows on a worker: the engine-agnostic core of scale-out.

`ScoringPlan` is plain picklable data (metrics, a judge builder, thresholds, caps); a
`BatchScorer` built from it on a worker builds the judge once, on its first batch, and then
scores every batch it is given with the in-process engine's own `evaluate_record`, so a
record gets exactly the result the local engine gives it. Rows come as dicts (a Parquet
row, or a JSONL line under `line`); each becomes one output row: the record id, the
fingerprint of its input, its result as JSON, or the problem that kept it from being judged.

A backend (Ray, later Dask) only cuts the input into batches, places one scorer per worker
and streams the output rows to a sink.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.records import Record
from ..data.validate import RowProblems, validate_row
from ..engine.checkpoint import record_fingerprint
from ..engine.run import evaluate_record
from ..judges.base import Judge
from ..judges.capabilities import judge_outage, usage_meter
from ..metrics.caps import Caps
from ..metrics.diagnosis import Thresholds
from ..metrics.scoring import AnyMetric

LINE = "line"  # the column holding one raw JSONL line
OUTPUT_COLUMNS = ("run_id", "record_id", "fingerprint", "result", "input", "problem", "usage",
                  "worker")


@dataclass(frozen=True, kw_only=True)
class ScoringPlan:
    """Everything a worker needs to score records, as picklable data."""

    run_id: str
    metrics: tuple[AnyMetric, ...]
    judge: Callable[[], Judge]
    thresholds: Thresholds = field(default_factory=Thresholds)
    caps: Caps | None = None
    max_concurrency: int = 8   # records judged at once per worker
    source: str = "input"      # named in problems
    judge_setup: Callable[[Judge], Any] | None = None  # e.g. join a shared rate limit


def parse_row(row: Mapping[str, Any], source: str) -> Record:
    """A raw row (Parquet columns, or a JSONL line) → a validated Record.

    Raises RowProblems; a row without an id is refused, since a distributed run has no
    position to fall back on."""
    from ..errors import Problem

    if set(row) == {LINE}:
        try:
            row = json.loads(row[LINE])
        except (TypeError, json.JSONDecodeError) as err:
            raise RowProblems([Problem(source, None, None, f"invalid JSON: {err}")]) from err
    if not isinstance(row, Mapping) or row.get("id") in (None, ""):
        where = f"record {row.get('query', '')!r:.40}" if isinstance(row, Mapping) else None
        raise RowProblems([Problem(source, where, "id", "a distributed run needs an 'id' in "
                                   "every record (there is no position to fall back on)")])
    return validate_row(row, position=0, source=source, location=f"id {row['id']!r}")


class BatchScorer:
    """One per worker: builds the judge once and scores batches of rows."""

    def __init__(self, plan: ScoringPlan, skip: Mapping[str, str] | None = None) -> None:
        self.plan = plan
        self.skip = dict(skip or {})  # record id → fingerprint already done (resume)
        self._judge: Judge | None = None
        self._limit: asyncio.Semaphore | None = None
        self._reported: Any = None
        self.worker = f"{socket.gethostname()}:{os.getpid()}"

    @property
    def judge(self) -> Judge:
        if self._judge is None:
            self._judge = self.plan.judge()
            if self.plan.judge_setup is not None:
                self.plan.judge_setup(self._judge)
        return self._judge

    async def score_rows(self, rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Score one batch; output rows in the input's order (skipped ones left out)."""
        if self._limit is None:
            self._limit = asyncio.Semaphore(max(1, self.plan.max_concurrency))
        parsed: list[tuple[Record | None, str, str | None]] = []
        for row in rows:
            try:
                record = parse_row(row, self.plan.source)
            except RowProblems as bad:
                parsed.append((None, str(dict(row).get("id", "")), _problem_text(bad)))
                continue
            fingerprint = record_fingerprint(record)
            if self.skip.get(record.id) != fingerprint:
                parsed.append((record, fingerprint, None))
        judged = await asyncio.gather(*(self._one(record) for record, _, _ in parsed
                                        if record is not None))
        outage = judge_outage(self.judge)
        if outage is not None:
            raise outage
        results = iter(judged)
        out = []
        for record, fingerprint, problem in parsed:
            result = next(results) if record is not None else None
            out.append({"run_id": self.plan.run_id,
                        "record_id": record.id if record is not None else fingerprint,
                        "fingerprint": fingerprint if record is not None else "",
                        "result": json.dumps(result.to_dict(), ensure_ascii=False)
                        if result is not None else None,
                        "input": json.dumps(record.to_dict(), ensure_ascii=False, default=str)
                        if record is not None else None,
                        "problem": problem, "usage": None, "worker": self.worker})
        if out:
            out[0]["usage"] = self._usage_since_last_report()
        return out

    async def _one(self, record: Record):
        assert self._limit is not None
        async with self._limit:
            return await evaluate_record(record, self.plan.metrics, self.judge,
                                         self.plan.thresholds, caps=self.plan.caps)

    def _usage_since_last_report(self) -> str:
        """The judge's usage since the previous batch of this worker (sums to the run's),
        and this worker's CPU seconds so far (`worker_cpu`; the driver keeps the last)."""
        report: dict[str, Any] = {"worker_cpu": {self.worker: time.process_time()}}
        meter = usage_meter(self.judge)
        if meter is not None:
            now = meter.snapshot()
            spent = now.since(self._reported) if self._reported is not None else now
            self._reported = now
            report.update(spent.to_dict())
        return json.dumps(report)


def _problem_text(bad: RowProblems) -> str:
    return "; ".join(str(p) for p in bad.problems)


def add_usage(total: dict[str, Any], spent: Mapping[str, Any]) -> dict[str, Any]:
    """Sum per-worker usage reports into the run's usage (counts, cost, by prompt)."""
    for key, value in spent.items():
        if key == "worker_cpu":  # cumulative per worker: the latest report counts
            total.setdefault("worker_cpu", {}).update(value)
        elif key == "by_prompt":
            into = total.setdefault("by_prompt", {})
            for prompt, n in value.items():
                into[prompt] = into.get(prompt, 0) + n
        elif key == "unpriced":
            total["unpriced"] = sorted(set(total.get("unpriced", ())) | set(value))
        elif key == "cost":
            if value is not None:
                total["cost"] = (total.get("cost") or 0.0) + value
            else:
                total.setdefault("cost", None)
        elif isinstance(value, int | float):
            total[key] = total.get(key, 0) + value
    return total
