"""The engine-agnostic parts of scale-out, without a cluster: the batch scorer, the sinks,
the shared token bucket, judge specs and the reading of worker errors."""

from __future__ import annotations

import asyncio
import json

import pytest

from ragvet.engine.backends import JudgeSpec, LocalEngine, judge_builder
from ragvet.engine.checkpoint import record_fingerprint
from ragvet.errors import ConfigError, JudgeUnavailable, RagvetError
from ragvet.judges import ScriptedJudge
from ragvet.metrics.registry import resolve_metrics
from ragvet.scale.ratelimit import TokenBucket
from ragvet.scale.scorer import LINE, BatchScorer, ScoringPlan, add_usage, parse_row
from ragvet.scale.sinks import ParquetSink

ROW = {"id": "a", "query": "Who built it?", "sources": ["Ana built it."],
       "response": "Ana built it."}


def test_rows_become_records_from_columns_or_a_jsonl_line():
    assert parse_row(ROW, "f").id == "a"
    assert parse_row({LINE: json.dumps(ROW)}, "f").response == "Ana built it."


def test_a_row_without_an_id_is_refused_by_name():
    from ragvet.data.validate import RowProblems

    with pytest.raises(RowProblems, match="needs an 'id'"):
        parse_row({k: v for k, v in ROW.items() if k != "id"}, "f")
    with pytest.raises(RowProblems, match="invalid JSON"):
        parse_row({LINE: "{not json"}, "f")


def test_the_scorer_builds_its_judge_once_and_skips_what_is_done():
    built = []

    def build():
        built.append(1)
        return ScriptedJudge()

    plan = ScoringPlan(run_id="r", metrics=tuple(resolve_metrics("RP")), judge=build)
    done = parse_row({**ROW, "id": "done"}, "f")
    scorer = BatchScorer(plan, skip={"done": record_fingerprint(done)})
    rows = [ROW, {**ROW, "id": "done"}, {"query": "no id", "sources": [], "response": ""}]
    first = asyncio.run(scorer.score_rows(rows))
    second = asyncio.run(scorer.score_rows([{**ROW, "id": "b"}]))
    assert len(built) == 1
    assert [r["record_id"] for r in first] == ["a", ""]  # "done" skipped, the bad row named
    assert first[0]["result"] and first[1]["problem"] and first[1]["result"] is None
    assert json.loads(first[0]["result"])["id"] == "a" and second[0]["record_id"] == "b"


def test_a_changed_record_is_judged_again_on_resume():
    plan = ScoringPlan(run_id="r", metrics=tuple(resolve_metrics("RP")), judge=ScriptedJudge)
    scorer = BatchScorer(plan, skip={"a": "an older fingerprint"})
    assert [r["record_id"] for r in asyncio.run(scorer.score_rows([ROW]))] == ["a"]


def test_parquet_parts_keep_the_last_copy_of_each_record(tmp_path):
    sink = ParquetSink(tmp_path, "run1")

    def row(rid, score):
        result = {"id": rid, "query": "q", "scores": {"RP": score}}
        return {"run_id": "run1", "record_id": rid, "fingerprint": f"fp-{rid}-{score}",
                "result": json.dumps(result), "input": None}

    sink.write([row("a", 0.1), row("b", 0.2)])
    sink.write([row("a", 0.9)])  # a retried task wrote "a" again
    assert {r.id: r.scores["RP"] for r in sink.results()} == {"a": 0.9, "b": 0.2}
    assert sink.done() == {"a": "fp-a-0.9", "b": "fp-b-0.2"}
    assert not list(tmp_path.rglob("*.tmp"))  # written whole or not at all
    assert ParquetSink(tmp_path, "another run").done() == {}


def test_the_token_bucket_spaces_calls_beyond_a_seconds_burst():
    bucket = TokenBucket(rpm=60, tpm=None)  # one call a second
    waits = [bucket.reserve(1, 0, now=100.0) for _ in range(4)]
    assert waits == pytest.approx([0.0, 0.0, 1.0, 2.0])
    tokens = TokenBucket(rpm=None, tpm=600)  # 10 tokens a second
    assert tokens.reserve(1, 10, now=0.0) == 0.0
    assert tokens.reserve(1, 30, now=0.0) == pytest.approx(0.0)
    assert tokens.reserve(1, 10, now=0.0) == pytest.approx(3.0)


def test_usage_reports_of_workers_add_up():
    total = add_usage({}, {"calls": 3, "cost": None, "by_prompt": {"claims": 2},
                           "unpriced": ["m"]})
    total = add_usage(total, {"calls": 2, "cost": 0.5, "by_prompt": {"claims": 1, "x": 1}})
    assert total["calls"] == 5 and total["cost"] == 0.5
    assert total["by_prompt"] == {"claims": 3, "x": 1} and total["unpriced"] == ["m"]


def test_judges_go_to_workers_as_specs_or_picklable_objects():
    assert judge_builder("scripted:x").__self__ == JudgeSpec("scripted:x")
    assert judge_builder(ScriptedJudge())().id == "scripted"

    class Live:
        id = "live"

        def __init__(self):
            self.lock = __import__("threading").Lock()

        async def run(self, op, items):
            return []

        def describe(self):
            return {}

    with pytest.raises(ConfigError, match="JudgeSpec"):
        judge_builder(Live())


def test_the_local_engine_is_the_in_process_run(tmp_path):
    data = tmp_path / "r.jsonl"
    data.write_text(json.dumps(ROW) + "\n")
    run = LocalEngine().evaluate(str(data), "RP", ScriptedJudge())
    assert [r.id for r in run.results] == ["a"]


def test_a_worker_error_reads_as_its_own_line():
    from ragvet.scale.ray import _cause

    class Wrapped(Exception):
        pass

    text = ("Traceback (most recent call last):\n  File \"x.py\", line 1, in f\n    g()\n"
            "    ^^^\nragvet.errors.JudgeUnavailable: the endpoint refused the key\n\n"
            "The above exception was the direct cause of the following exception:\n\n"
            "ray.exceptions.UserCodeException: UDF failed")
    assert isinstance(_cause(Wrapped(text)), JudgeUnavailable)
    other = _cause(Wrapped(text.replace("ragvet.errors.JudgeUnavailable",
                                        "FileNotFoundError")))
    assert type(other) is RagvetError and "FileNotFoundError: the endpoint" in str(other)


def test_evaluate_hands_the_run_to_the_engine_given():
    from ragvet import evaluate
    from ragvet.engine.result import Run

    calls = []

    class Recording:
        name = "recording"

        def evaluate(self, records, metrics=None, judge=None, **options):
            calls.append((records, metrics, judge, options))
            return Run(results=[], metric_ids=[], judge={})

    run = evaluate("data.parquet", "thelma", "local", engine=Recording(), max_concurrency=3)
    assert run.results == [] and calls == [("data.parquet", "thelma", "local",
                                            {"max_concurrency": 3})]


def test_the_watchdog_stops_a_run_in_which_nothing_finishes():
    import threading

    from ragvet.scale.ray import RunStalled, watched

    release = threading.Event()

    class Hanging:
        def iter_batches(self, **_):
            release.wait(30)  # a pool that can never be scheduled
            return iter(())

    try:
        with pytest.raises(RunStalled, match=r"no batch finished in 0.3 s"):
            list(watched(Hanging(), 0.3))
    finally:
        release.set()


def test_an_actor_pool_holding_every_cpu_is_refused(monkeypatch):
    ray = pytest.importorskip("ray")
    from ragvet.scale.ray import check_headroom

    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 2.0})
    check_headroom(1, 1.0)
    check_headroom(7, 0.25)
    with pytest.raises(ConfigError, match="leaving none for reading"):
        check_headroom(2, 1.0)
