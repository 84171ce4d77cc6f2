"""The results file of `ragvet evaluate`, written as the run goes, and what the command says
after it without holding the results.

Results are appended to OUT.partial in input order as they finish (each line flushed), and
the file is renamed to OUT when the run is complete; a killed run leaves OUT.partial (every
whole line a valid result) and the checkpoint, from which `--resume` continues. The summary,
the failure counts and the gates' means come from running totals (`RunningSummary`); only a
gate that fails reads the results file back, to name the worst records.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.failures import FailureCounts
from ..engine.result import Summary
from ..engine.run import ResultStream
from ..engine.running import RunningSummary
from ..results import result_line


def partial_path(out: Path) -> Path:
    return out.with_name(out.name + ".partial")


@dataclass(kw_only=True)
class Outcome:
    """What a finished run leaves for the summary, the failure report and the gates."""

    running: RunningSummary
    metric_ids: Sequence[str]
    judge: Mapping[str, Any]
    results_file: Path
    usage: Mapping[str, Any] = field(default_factory=dict)
    resumed: int = 0
    rejudged: int = 0

    @classmethod
    def of_run(cls, run: Any, results_file: Path) -> Outcome:
        """The outcome of a `Run` held whole (the Ray engine's)."""
        return cls(running=RunningSummary.of(run.results, run.metric_ids),
                   metric_ids=list(run.metric_ids), judge=dict(run.judge or {}),
                   results_file=results_file, usage=dict(run.usage or {}),
                   resumed=run.resumed, rejudged=run.rejudged)

    def summary(self) -> Summary:
        return self.running.summary()

    def failures(self) -> FailureCounts:
        return self.running.failures(self.usage)

    def check(self, gates: Mapping[str, float]):
        """None when every gated mean meets its floor; else the gate's report, made from
        the results file (read back only then)."""
        means = {metric: self.running.mean(metric) for metric in gates}
        if all(mean is not None and mean >= gates[m] for m, mean in means.items()):
            return None
        from ..gate import check
        from ..results import read_results_jsonl

        return check(read_results_jsonl(self.results_file), list(self.metric_ids), gates)


async def write_stream(stream: ResultStream, out: Path) -> Outcome:
    """Iterate `stream`, appending each result to OUT.partial as it comes, then rename the
    file to OUT. Returns the run's outcome; an exception leaves OUT.partial as far as it got."""
    described = dict(stream.judge.describe())
    running = RunningSummary(stream.metric_ids)
    partial = partial_path(out)
    partial.parent.mkdir(parents=True, exist_ok=True)
    with partial.open("w", encoding="utf-8") as handle:
        async for result in stream:
            running.add(result)
            handle.write(json.dumps(result_line(result, described), ensure_ascii=False) + "\n")
            handle.flush()
    os.replace(partial, out)
    return Outcome(running=running, metric_ids=stream.metric_ids, judge=described,
                   results_file=out, usage=stream.usage(), resumed=stream.resumed,
                   rejudged=stream.rejudged)


def stream_to_file(stream: ResultStream, out: Path) -> Outcome:
    return asyncio.run(write_stream(stream, out))
