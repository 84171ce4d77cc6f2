"""`ragvet evaluate --judge openai:MODEL`: estimate, usage table, item accounting, checkpoint."""

from __future__ import annotations

import json

import pytest
from llm_fake_server import FakeOpenAI
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.engine.checkpoint import Checkpoint, RunIdentity, run_identity
from ragvet.errors import ConfigError
from ragvet.judges.llm.cache import CallCache
from ragvet.results import RecordResult

pytestmark = pytest.mark.integration

ROW = {"id": "R01", "query": "Who built the Elm bridge and when was it built?",
       "sources": ["The Elm bridge was built by Ana Ruiz. It opened in 1901.",
                   "The Oak mill grinds corn."],
       "response": "The Elm bridge was built by Ana Ruiz. It opened in 1901."}


def invoke(tmp_path, server, *extra):
    data = tmp_path / "records.jsonl"
    data.write_text(json.dumps(ROW) + "\n" + json.dumps({**ROW, "id": "R02"}) + "\n")
    args = ["evaluate", str(data), "--judge", "openai:judge-model", "--base-url",
            server.base_url, "--cache", str(tmp_path / "c.sqlite"), "--out",
            str(tmp_path / "out.jsonl"), *extra]
    return CliRunner().invoke(build_app(), args, catch_exceptions=False)


def test_estimate_prints_calls_tokens_and_cost_without_calling(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("COLUMNS", "200")
    with FakeOpenAI() as server:
        result = invoke(tmp_path, server, "--estimate", "--price", "1:2")
        assert result.exit_code == 0, result.output
        assert server.total("chat") == 0 and server.total("embed") == 0
    assert "nothing was sent" in result.output
    row = next(line for line in result.output.splitlines() if "judge calls" in line)
    assert row.split("│")[2].strip() == "10" and row.split("│")[3].strip() == "5.0"
    assert "$0.0" in result.output
    assert not (tmp_path / "out.jsonl").exists()


def test_an_estimate_never_writes_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    cache = tmp_path / "c.sqlite"
    with FakeOpenAI() as server:
        assert invoke(tmp_path, server, "--estimate").exit_code == 0
        assert server.total("chat") == 0
        assert not cache.exists() or CallCache(cache).stats()["entries"] == 0
        assert invoke(tmp_path, server).exit_code == 0
        # every item was really asked: each distinct item asked is a cache row now (how many
        # calls carry them depends on which records are in flight at once)
        assert server.total("chat") > 0
        assert CallCache(cache).stats()["entries"] >= server.total("chat")


def test_a_run_reports_usage_and_item_counts(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("COLUMNS", "200")
    with FakeOpenAI() as server:
        result = invoke(tmp_path, server, "--max-batch", "2")
        assert result.exit_code == 0, result.output
        calls = server.total("chat")
    assert "Judge usage" in result.output and "items judged" in result.output
    row = next(line for line in result.output.splitlines() if line.startswith("│ calls"))
    assert row.split("│")[2].strip() == str(calls)
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert lines[0]["items"]["GR"] == {"judged": 2, "failed": 0, "unverified": 0}
    assert lines[0]["judge"]["prompts"]["supported"] == "supported@1"
    assert not (tmp_path / "out.jsonl.checkpoint").exists()


def test_the_api_key_comes_from_the_named_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with FakeOpenAI() as server:
        result = invoke(tmp_path, server, "--api-key-env", "MY_JUDGE_KEY", "--estimate")
        assert result.exit_code == 2
        assert "MY_JUDGE_KEY" in result.output
        monkeypatch.setenv("MY_JUDGE_KEY", "secret")
        assert invoke(tmp_path, server, "--api-key-env", "MY_JUDGE_KEY").exit_code == 0
        assert server.total("chat") > 0


def _result(rid: str) -> RecordResult:
    return RecordResult(id=rid, query="q", scores={"GR": 1.0})


def _identity(judge_id: str) -> RunIdentity:
    return run_identity([], {"id": judge_id})


def test_a_checkpoint_skips_torn_lines_and_refuses_another_run(tmp_path):
    path = tmp_path / "out.jsonl.checkpoint"
    first = Checkpoint(path, _identity("j"), {"id": "j"})
    first.open()
    first.add(_result("1"), "fp1")
    first.add(_result("1"), "fp1")  # idempotent: one line per record id and fingerprint
    first.close()
    with path.open("a") as handle:
        handle.write('{"id": "2", "scor')  # a write torn by a kill
    resumed = Checkpoint(path, _identity("j"), {"id": "j"}, resume=True)
    assert list(resumed.done) == ["1"]
    resumed.open()
    resumed.add(_result("3"), "fp3")
    resumed.close()
    assert list(Checkpoint(path, _identity("j"), {}, resume=True).done) == ["1", "3"]
    with pytest.raises(ConfigError, match="judge changed"):
        Checkpoint(path, _identity("k"), {}, resume=True)
