"""The scale-out store sink on SQLite, PostgreSQL and MariaDB: writing a record again (a
retried task, a resumed run) replaces it, keyed by (run id, record id); `done` gives back
the fingerprint of each record's input, so a resumed run skips exactly the unchanged ones."""

from __future__ import annotations

import json

from results_store_support import store_url  # noqa: F401  (fixture: one store per backend)

from ragvet import make_record
from ragvet.engine.checkpoint import record_fingerprint
from ragvet.scale.sinks import StoreSink
from ragvet.store import open_store


def _row(i: int, score: float) -> dict:
    record = make_record(id=f"r{i}", query=f"Question {i}?", sources=[f"Source {i}."],
                         response=f"Answer {i}.", metadata={"team": "a"})
    result = {"id": record.id, "query": record.query, "scores": {"RP": score},
              "metadata": {"team": "a"}}
    return {"run_id": "run-x", "record_id": record.id, "fingerprint": record_fingerprint(record),
            "result": json.dumps(result), "input": json.dumps(record.to_dict())}, record


def test_records_written_twice_are_stored_once_and_resume_knows_them(store_url):  # noqa: F811
    rows = [_row(i, 0.5) for i in range(4)]
    sink = StoreSink(store_url, "run-x", metric_ids=["RP"], judge={"id": "scripted"})
    sink.write([row for row, _ in rows[:3]])
    sink.write([_row(1, 0.9)[0], rows[3][0]])  # a retried task wrote r1 again
    sink.close("interrupted")

    again = StoreSink(store_url, "run-x", metric_ids=["RP"], judge={"id": "scripted"})
    assert again.done() == {record.id: record_fingerprint(record) for _, record in rows}
    again.close()
    with open_store(store_url) as store:
        run = store.load_run("run-x")
    assert sorted(r.id for r in run.results) == ["r0", "r1", "r2", "r3"]
    assert {r.id: r.scores["RP"] for r in run.results}["r1"] == 0.9
    assert run.info.status == "finished"
