"""`--batch-api`: judge calls through the OpenAI Batch API (files + batches) of the replay
server give the same results as online calls, with per-item errors retried and a killed
run's submitted batches collected rather than paid for twice."""

from __future__ import annotations

import asyncio
import json

import pytest
from llm_fake_server import FakeOpenAI, results_less_raw
from typer.testing import CliRunner

from ragvet import evaluate, make_record
from ragvet.cli.app import build_app
from ragvet.engine.run import evaluate_async
from ragvet.judges.factory import make_judge

pytestmark = pytest.mark.integration

BRIDGE = {"query": "Who built the Elm bridge and when was it built?",
          "sources": ["The Elm bridge was built by Ana Ruiz. It opened in 1901.",
                      "The Oak mill grinds corn."],
          "response": "The Elm bridge was built by Ana Ruiz. It opened in 1901."}


def _rows(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        row = {**BRIDGE, "id": f"R{i:02d}",
               "sources": [BRIDGE["sources"][0], f"The Oak mill number {i} grinds corn."]}
        if i % 3 == 1:
            row["response"] = "The Elm bridge was built by Ana Ruiz. It is painted red."
        rows.append(row)
    return rows


def _records(n: int):
    return [make_record(**row) for row in _rows(n)]


def _judge(server, tmp_path, name: str, **extra):
    return make_judge("openai:judge-model", {"base_url": server.base_url,
                                             "cache": str(tmp_path / name / "calls.sqlite"),
                                             "batch_poll_seconds": 0.05,
                                             "batch_gather_seconds": 0.05, **extra})




@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")


def test_a_batch_api_run_gives_the_online_results(tmp_path):
    with FakeOpenAI() as server:
        online = evaluate(_records(12), "thelma", _judge(server, tmp_path, "online"))
        online_calls = server.total("chat")
        batched = evaluate(_records(12), "thelma",
                           _judge(server, tmp_path, "batch", batch_api=True),
                           max_concurrency=100)
        # the same calls, each once: identical ones of different records (the same response
        # cut into claims, say) are sent once, where online calls in flight together repeat
        assert 0 < server.total("chat") - online_calls <= online_calls
        assert server.batches_run >= 2  # claims first, then verdicts on them: rounds
        assert all(b["status"] == "completed" for b in server.batches.values())
    assert results_less_raw(batched) == results_less_raw(online)


def test_a_failed_batch_item_is_asked_again_in_the_next_batch(tmp_path):
    with FakeOpenAI() as server:
        online = evaluate(_records(6), "thelma", _judge(server, tmp_path, "online"))
        server.faults = ["500", "429"]  # two items of the first batch fail
        batched = evaluate(_records(6), "thelma",
                           _judge(server, tmp_path, "batch", batch_api=True),
                           max_concurrency=100)
    assert results_less_raw(batched) == results_less_raw(online)
    assert batched.usage["retries"] >= 2  # every call waiting on a failed item retries


def test_a_killed_run_collects_its_submitted_batch_instead_of_paying_again(tmp_path):
    with FakeOpenAI() as server:
        clean = evaluate(_records(6), "thelma",
                         _judge(server, tmp_path, "clean", batch_api=True), max_concurrency=100)
        batches_per_run = len(server.batches)
        server.batch_delay = 3600.0  # the provider takes its time: the run is killed meanwhile

        async def killed() -> None:
            judge = _judge(server, tmp_path, "resumed", batch_api=True)
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(evaluate_async(_records(6), "thelma", judge,
                                                      max_concurrency=100), timeout=1.0)

        asyncio.run(killed())
        submitted = len(server.batches) - batches_per_run
        assert submitted >= 1  # the first round: one batch per endpoint (chat, embeddings)
        state = json.loads((tmp_path / "resumed" / "batches.json").read_text())
        assert len(state) == submitted
        server.batch_delay = 0.0
        resumed = evaluate(_records(6), "thelma",
                           _judge(server, tmp_path, "resumed", batch_api=True),
                           max_concurrency=100)
        assert len(server.batches) - batches_per_run == batches_per_run  # none sent twice
    assert results_less_raw(resumed) == results_less_raw(clean)
    assert json.loads((tmp_path / "resumed" / "batches.json").read_text()) == {}


def test_the_cli_runs_with_batch_api_and_estimates_both_prices(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _rows(4)))
    config = tmp_path / "ragvet.toml"
    config.write_text("[judge]\nbatch_poll_seconds = 0.05\nbatch_gather_seconds = 0.05\n")
    with FakeOpenAI() as server:
        def run(*extra: str):
            return CliRunner().invoke(build_app(), [
                "evaluate", str(data), "--judge", "openai:judge-model", "--base-url",
                server.base_url, "--config", str(config), "--cache",
                str(tmp_path / "c.sqlite"), "--out", str(tmp_path / f"out{len(extra)}.jsonl"),
                *extra], catch_exceptions=False)

        estimate = run("--estimate", "--price", "1:2")
        assert estimate.exit_code == 0, estimate.output
        online_cost = _money(estimate.output, "│ cost ")
        batch_cost = _money(estimate.output, "│ cost with --batch-api")
        assert batch_cost == pytest.approx(online_cost / 2, rel=0.01)
        done = run("--batch-api")
        assert done.exit_code == 0, done.output
        assert server.batches_run >= 2
    lines = [json.loads(x) for x in (tmp_path / "out1.jsonl").read_text().splitlines()]
    assert [x["id"] for x in lines] == ["R00", "R01", "R02", "R03"]
    assert lines[0]["scores"]["GR"] == 1.0


def _money(output: str, label: str) -> float:
    row = next(line for line in output.splitlines() if line.startswith(label))
    return float(row.split("$")[1].split()[0])
