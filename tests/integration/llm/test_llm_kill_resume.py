"""SIGKILL a CLI run mid-way, resume it: every record once, none judged twice."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from llm_fake_server import FakeOpenAI

pytestmark = pytest.mark.integration

SRC = Path(__file__).resolve().parents[3] / "src"
N = 10
CALLS_PER_RECORD = 5
IN_FLIGHT = 4


def write_records(path: Path) -> None:
    with path.open("w") as handle:
        for i in range(1, N + 1):
            tag = f"R{i:02d}"
            handle.write(json.dumps({
                "id": tag,
                "query": f"Who built the Elm bridge {tag} and when was it built?",
                "sources": [f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901.",
                            f"The Oak mill {tag} grinds corn."],
                "response": f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901.",
            }) + "\n")


def cli(tmp_path: Path, server: FakeOpenAI, *extra: str, cache: str = "cache.sqlite"
        ) -> subprocess.Popen:
    config = tmp_path / "ragvet.toml"
    config.write_text(f"[evaluate]\nconcurrency = 2\n[judge]\nmax_concurrency = {IN_FLIGHT}\n"
                      'embedding_model = "emb"\n')
    env = dict(os.environ, PYTHONPATH=str(SRC), OPENAI_API_KEY="test-key")
    return subprocess.Popen(
        [sys.executable, "-m", "ragvet", "evaluate", str(tmp_path / "records.jsonl"),
         "--judge", "openai:judge-model", "--base-url", server.base_url, "--config",
         str(config), "--cache", str(tmp_path / cache), "--out",
         str(tmp_path / "out.jsonl"), *extra],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def done_ids(checkpoint: Path) -> list[str]:
    if not checkpoint.exists():
        return []
    lines = checkpoint.read_text().splitlines()[1:]
    ids = []
    for line in lines:
        with contextlib.suppress(json.JSONDecodeError):
            ids.append(json.loads(line)["id"])
    return ids


@pytest.mark.parametrize("same_cache", [True, False], ids=["same-cache", "fresh-cache"])
def test_a_killed_run_resumes_without_losing_or_rejudging_records(tmp_path, same_cache):
    """With a fresh cache the skip can only come from the checkpoint; with the same cache,
    the items answered before the kill are not asked again either."""
    write_records(tmp_path / "records.jsonl")
    checkpoint = tmp_path / "out.jsonl.checkpoint"
    with FakeOpenAI(latency=0.15) as server:
        first = cli(tmp_path, server)
        deadline = time.time() + 60
        while len(done_ids(checkpoint)) < 3 and time.time() < deadline:
            time.sleep(0.02)
        first.send_signal(signal.SIGKILL)
        first.wait()
        time.sleep(0.4)  # let handlers of calls in flight finish counting
        finished = done_ids(checkpoint)
        assert 3 <= len(finished) < N, "the kill should land mid-run"
        before = dict(server.per_record)

        second = cli(tmp_path, server, "--resume",
                     cache="cache.sqlite" if same_cache else "other.sqlite")
        _out, err = second.communicate(timeout=120)
        assert second.returncode == 0, err
        after = dict(server.per_record)

    assert f"resuming: {len(finished)} record(s) already done" in err
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert sorted(x["id"] for x in lines) == [f"R{i:02d}" for i in range(1, N + 1)]
    assert all(x["errors"] == [] and None not in x["scores"].values() for x in lines)
    assert not checkpoint.exists()
    for tag in finished:  # finished before the kill: not asked again
        assert before[tag] == CALLS_PER_RECORD
        assert after[tag] == before[tag]
    if same_cache:  # only calls in flight at the kill may have been asked twice
        assert sum(after.values()) <= CALLS_PER_RECORD * N + IN_FLIGHT
    else:  # unfinished records start over; finished ones cost nothing more
        unfinished = sum(n for tag, n in before.items() if tag not in finished)
        assert sum(after.values()) <= CALLS_PER_RECORD * N + unfinished
