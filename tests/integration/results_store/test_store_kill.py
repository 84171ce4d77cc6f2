"""A run killed mid-way (SIGKILL) keeps every record it finished, on every backend."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import results_store_support as support

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.store import open_store

pytestmark = pytest.mark.integration
store_url = support.store_url       # fixture: one fresh store per backend

RECORDS = 400
CLAIMS = 40          # per response: each finished record writes 80 components
KILL_AFTER = 5       # stored records seen before the kill
SRC = Path(__file__).resolve().parents[3] / "src"


def _workload(tmp_path: Path) -> tuple[Path, Path, list]:
    rows, claims, essential, supported = [], {}, {}, {}
    for i in range(RECORDS):
        response = f"Response number {i}."
        rows.append({"id": f"k{i:04d}", "query": f"Query {i}?", "sources": [f"Source {i}."],
                     "response": response})
        claims[response] = [f"record {i} claim {k}" for k in range(CLAIMS)]
        for k, claim in enumerate(claims[response]):
            essential[claim] = k % 2 == 0
            supported[claim] = {"value": k % 3 != 0, "reason": f"reason {i}/{k}"}
    data = tmp_path / "records.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    script = tmp_path / "judge.json"
    script.write_text(json.dumps({"claims": claims, "essential": essential,
                                  "supported": supported}), encoding="utf-8")
    records = [make_record(id=r["id"], query=r["query"], sources=r["sources"],
                           response=r["response"]) for r in rows]
    return data, script, records


def _stored_count(store) -> int:
    runs = store.list_runs()
    return runs[0].stored_records if runs else 0


def test_sigkill_mid_run_keeps_every_finished_record(store_url, tmp_path):
    data, script, records = _workload(tmp_path)
    command = [sys.executable, "-m", "ragvet", "evaluate", str(data), "--metrics", "RP,GR",
               "--judge", f"scripted:{script}", "--concurrency", "1",
               "--out", str(tmp_path / "results.jsonl"), "--store", store_url]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("RAGVET_STORE", None)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    store = open_store(store_url)
    try:
        deadline = time.monotonic() + 120
        while _stored_count(store) < KILL_AFTER:
            assert process.poll() is None, process.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the run never stored a record"
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL

        loaded = store.load_run("latest")
        stored_ids = [r.id for r in loaded.results]
        assert loaded.info.status == "running"               # nobody marked it finished
        assert KILL_AFTER <= len(stored_ids) < RECORDS        # killed mid-way
        # One record at a time, in order: the finished records are exactly a prefix.
        assert stored_ids == [r.id for r in records[:len(stored_ids)]]
        expected = ragvet.evaluate(records[:len(stored_ids)], "RP,GR",
                                   ScriptedJudge.from_file(script))
        for got, want in zip(loaded.results, expected.results, strict=True):
            assert got.to_dict() == want.to_dict()             # complete: scores + components
            assert len(got.components) == 2 * CLAIMS
    finally:
        if process.poll() is None:
            process.kill()
        store.close()
