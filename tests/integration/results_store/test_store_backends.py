"""The same store tests against real SQLite, PostgreSQL and MariaDB."""

from __future__ import annotations

import pytest
import results_store_support as support
from results_store_support import XSS, demo_judge, demo_records, save_run

from ragvet import Run, make_record
from ragvet.errors import StoreError
from ragvet.results import RecordError, RecordResult
from ragvet.store import JudgeCall, open_store

pytestmark = pytest.mark.integration
store_url = support.store_url       # fixtures: one fresh store per backend
store = support.store


def test_a_run_reads_back_exactly_as_it_was_scored(store):
    records = demo_records(4, xss_at=1)
    run_id, run = save_run(store, records, demo_judge(records), name="first")
    loaded = store.load_run(run_id)
    assert [r.to_dict() for r in loaded.results] == [r.to_dict() for r in run.results]
    assert loaded.results[0].scores["RP"] == 2 / 3          # full double precision kept
    assert loaded.inputs["r1"].response.endswith(XSS)
    assert loaded.inputs["r0"].sources[1] == {"id": None, "text": "Unrelated text."}
    info = loaded.info
    assert (info.status, info.name, info.stored_records, info.planned_records) == (
        "finished", "first", 4, 4)
    assert info.metric_ids == ("SP1", "RP", "GR")
    assert info.judge["id"] == "scripted-demo"
    assert info.finished_at >= info.started_at
    assert len(info.dataset_fingerprint) == 64
    assert Run.from_stored(loaded).summary().mean("GR") == pytest.approx(2 / 3)


def test_long_text_and_unicode_survive(store):
    long_response = "Ünïcode ✓ " + "x" * 70_000                 # over MySQL TEXT's 64 KiB
    record = make_record(id="long", query="q?", sources=["s"], response=long_response)
    result = RecordResult(id="long", query="q?", scores={"GR": None},
                          not_applicable={"GR": "the response has no claims"})
    run_id = store.start_run(metric_ids=["GR"], judge={"id": "t"})
    store.add_record(run_id, result, record, position=0)
    _, back, stored = store.load_record(run_id, "long")
    assert stored.response == long_response
    assert back.not_applicable == {"GR": "the response has no claims"}
    assert back.scores == {"GR": None}


def test_add_record_is_idempotent_per_run_and_record(store):
    records = demo_records(2)
    run_id, run = save_run(store, records, demo_judge(records))
    first = run.results[0]
    store.add_record(run_id, first, records[0], position=0)
    changed = RecordResult(id=first.id, query=first.query, scores={**first.scores, "GR": 0.25},
                           components=first.components[:1],
                           errors=(RecordError(metric="SP1", message="boom", raw="<raw>"),))
    store.add_record(run_id, changed, records[0], position=0)
    loaded = store.load_run(run_id)
    assert [r.id for r in loaded.results] == ["r0", "r1"]
    again = loaded.results[0]
    assert again.scores["GR"] == 0.25
    assert len(again.components) == 1
    assert again.errors == (RecordError(metric="SP1", message="boom", raw="<raw>"),)


def test_failed_and_not_applicable_scores_keep_their_reasons(store):
    records = demo_records(1)
    judge = demo_judge(records)
    judge.tables["supported"].pop("r0 claim 2")  # one verdict missing → GR fails
    run_id, run = save_run(store, records, judge)
    back = store.load_run(run_id).results[0]
    assert back.scores["GR"] is None and back.scores["RP"] is not None
    assert back.errors[0].metric == "GR" and "could not be judged" in back.errors[0].message
    assert back.to_dict() == run.results[0].to_dict()


def test_resolve_run_accepts_ids_prefixes_and_latest(store):
    records = demo_records(1)
    ids = [store.start_run(metric_ids=["GR"], judge={}, run_id=f"run-{n}") for n in "abc"]
    assert store.resolve_run("latest") == ids[-1]
    assert store.resolve_run("latest~2") == ids[0]
    assert store.resolve_run("run-b") == "run-b"
    assert store.resolve_run(" run-c ") == "run-c"
    with pytest.raises(StoreError, match="ambiguous"):
        store.resolve_run("run-")
    with pytest.raises(StoreError, match="no run"):
        store.resolve_run("nope")
    with pytest.raises(StoreError, match="fewer runs"):
        store.resolve_run("latest~3")
    with pytest.raises(StoreError, match="no run"):
        store.resolve_run("%")                                 # LIKE wildcards are escaped
    assert records  # the records are unused; ids are what matter here


def test_list_runs_newest_first_with_counts_and_status(store):
    records = demo_records(3)
    first, _ = save_run(store, records, demo_judge(records))
    second = store.start_run(metric_ids=["GR"], judge={"id": "j2"}, records=records)
    listed = store.list_runs()
    assert [r.id for r in listed] == [second, first]
    assert [(r.status, r.stored_records, r.planned_records) for r in listed] == [
        ("running", 0, 3), ("finished", 3, 3)]
    assert [r.id for r in store.list_runs(limit=1)] == [second]


def test_judge_calls_add_up_into_run_totals(store):
    run_id = store.start_run(metric_ids=["GR"], judge={"id": "llm", "api_key": "sk-secret"})
    store.add_judge_calls(run_id, [
        JudgeCall(op="claims", record_id="r0", model="m", prompt="claims@1", input_tokens=120,
                  output_tokens=30, latency_ms=250.5, cost_usd=0.002),
        {"op": "supported", "input_tokens": 80, "output_tokens": 5, "cache_hit": True},
    ])
    store.add_judge_calls(run_id, [{"op": "supported", "input_tokens": 1, "cost_usd": 0.001}])
    info = store.get_run(run_id)
    assert (info.judge_calls, info.cache_hits, info.input_tokens, info.output_tokens) == (
        3, 1, 201, 35)
    assert info.cost_usd == pytest.approx(0.003)
    assert info.judge["api_key"] == "***"                       # secrets never stored
    summary = store.judge_call_summary(run_id)
    assert summary == [
        {"op": "claims", "model": "m", "calls": 1, "cache_hits": 0, "input_tokens": 120,
         "output_tokens": 30, "mean_latency_ms": 250.5, "errors": 0, "cost_usd": 0.002},
        {"op": "supported", "model": None, "calls": 2, "cache_hits": 1, "input_tokens": 81,
         "output_tokens": 5, "mean_latency_ms": None, "errors": 0, "cost_usd": 0.001}]
    assert store.load_run(run_id).judge_calls == summary


def test_delete_run_removes_everything(store):
    records = demo_records(2)
    run_id, _ = save_run(store, records, demo_judge(records))
    store.add_judge_calls(run_id, [{"op": "claims"}])
    store.delete_run(run_id)
    assert store.list_runs() == []
    with pytest.raises(StoreError):
        store.load_run(run_id)


def test_reopening_the_store_migrates_nothing_and_keeps_runs(store_url):
    from ragvet.store.connect import current_revision

    with open_store(store_url) as first:
        run_id = first.start_run(metric_ids=["GR"], judge={})
    with open_store(store_url) as second:
        assert current_revision(second.engine) == "0001"
        assert second.resolve_run("latest") == run_id


def test_migrated_schema_matches_the_table_definitions(store):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ragvet.store.tables import metadata

    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diffs = [d for d in compare_metadata(context, metadata)
                 if not (isinstance(d, tuple) and "ragvet_alembic_version" in str(d))]
    assert diffs == []


def test_threads_and_processes_opening_a_fresh_store_at_once_all_succeed(store_url):
    import os
    import subprocess
    import sys
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    code = ("import sys; from ragvet.store import open_store; "
            "print(len(open_store(sys.argv[1]).list_runs()))")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3] / "src")}
    processes = [subprocess.Popen([sys.executable, "-c", code, store_url], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for _ in range(4)]
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert (process.returncode, out.strip()) == (0, "0"), err[-1500:]

    def open_and_count(_):
        with open_store(store_url) as opened:
            return len(opened.list_runs())

    with ThreadPoolExecutor(3) as pool:
        assert list(pool.map(open_and_count, range(3))) == [0, 0, 0]


def test_run_header_values_need_not_be_json_types(store):
    from pathlib import Path

    run_id = store.start_run(metric_ids=["GR"], judge={"id": "j", "model_dir": Path("/m")},
                             config={"data": Path("d.jsonl")})
    info = store.get_run(run_id)
    assert info.judge["model_dir"] == "/m" and info.config["data"] == "d.jsonl"
    with pytest.raises(StoreError, match="run id"):
        store.start_run(metric_ids=["GR"], judge={}, run_id="../x")
