"""`ragvet evaluate` writes its results as the run goes: the running summary equals the one
made from every result, a killed run leaves a readable OUT.partial, and a run whose engine
finished out of order is written in the input's order."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ragvet.cli.evaluate_output import partial_path, write_stream
from ragvet.cli.evaluate_scale import in_input_order, input_ids
from ragvet.data.records import Record, Source
from ragvet.engine.failures import count_failures
from ragvet.engine.run import evaluate_stream
from ragvet.engine.running import RunningSummary
from ragvet.judges.scripted import ScriptedJudge
from ragvet.results import RecordError, RecordResult, read_results_jsonl

SCRIPT = {
    "claims": {"Paris is in France.": ["Paris is in France."],
               "Rome is in Spain.": ["Rome is in Spain."]},
    "subquestions": {"Where is Paris?": ["Where is Paris?"], "Where is Rome?": ["Where is Rome?"]},
    "supported": {"Paris is in France.": True, "Rome is in Spain.": False},
    "essential": {"Paris is in France.": True, "Rome is in Spain.": True},
    "answers": {"Where is Paris?": True, "Where is Rome?": False},
}


def _records(n: int) -> list[Record]:
    pairs = [("Where is Paris?", "Paris is in France."), ("Where is Rome?", "Rome is in Spain.")]
    return [Record(id=f"r{i}", query=pairs[i % 2][0], response=pairs[i % 2][1],
                   sources=(Source(text="Paris is in France. Rome is in Italy."),))
            for i in range(n)]


def _stream(records, **options):
    return evaluate_stream(records, "RP,GR,RQC,SD", ScriptedJudge(**SCRIPT), max_concurrency=3,
                           **options)


def test_running_summary_equals_the_summary_of_every_result(tmp_path):
    out = tmp_path / "out.jsonl"
    outcome = asyncio.run(write_stream(_stream(_records(9)), out))
    results = read_results_jsonl(out)
    assert [r.id for r in results] == [f"r{i}" for i in range(9)]  # input order
    from ragvet.engine.result import Run

    whole = Run(results=results, metric_ids=list(outcome.metric_ids), judge={}).summary()
    assert outcome.summary() == whole
    assert outcome.summary().mean("GR") == pytest.approx(5 / 9)
    assert not partial_path(out).exists()


def test_running_failure_counts_equal_count_failures():
    broken = [RecordResult(id=str(i), query="q", scores={"GR": None if i % 2 else 1.0},
                           errors=(RecordError(metric="GR", message=f"bad {i % 3}"),)
                           if i % 2 else ())
              for i in range(7)]
    running = RunningSummary.of(broken, ["GR"])
    usage = {"calls": 0, "errors": 4}
    assert running.failures(usage) == count_failures(broken, usage)
    assert running.failures().failed == 3


def test_a_run_stopped_midway_leaves_whole_lines_in_the_partial_file(tmp_path):
    out = tmp_path / "out.jsonl"

    async def stop_after(n: int) -> None:
        stream = _stream(_records(10))
        seen = 0
        original = stream.on_result

        def count(result) -> None:
            nonlocal seen
            seen += 1
            if seen == n:
                raise KeyboardInterrupt  # as a kill between two results
            if original is not None:
                original(result)

        stream.on_result = count
        await write_stream(stream, out)

    with pytest.raises(KeyboardInterrupt):
        asyncio.run(stop_after(5))
    assert not out.exists()
    kept = read_results_jsonl(partial_path(out))  # every line a valid result
    assert 0 < len(kept) < 10
    assert [r.id for r in kept] == [f"r{i}" for i in range(len(kept))]


def test_results_finished_out_of_order_are_written_in_input_order(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps({"id": i, "query": "q"}) + "\n" for i in (3, 1, 2))
                    + "not json\n" + json.dumps({"id": "x", "query": "q"}) + "\n")
    finished = [SimpleNamespace(id=i) for i in ("x", "2", "extra", "3", "1")]
    assert [r.id for r in in_input_order(finished, data)] == ["3", "1", "2", "x", "extra"]
    table = tmp_path / "records.parquet"
    pq.write_table(pa.table({"id": ["b", "a", "c"], "query": ["q"] * 3}), table,
                   row_group_size=1)
    assert list(input_ids(table)) == ["b", "a", "c"]
