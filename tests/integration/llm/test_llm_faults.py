"""A judge endpoint that refuses the key, is down, hangs or errs: the run stops loudly, or
pays for the fault only what it must, and never writes a failure as a success."""

from __future__ import annotations

import json
import time

import pytest
from llm_fake_server import FakeOpenAI, closed_port_url
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.data.records import make_record
from ragvet.engine.run import evaluate
from ragvet.judges.llm import build_openai_judge
from ragvet.metrics.thelma import THELMA

pytestmark = pytest.mark.integration

N = 12


def row(i: int) -> dict:
    tag = f"R{i:02d}"
    return {"id": tag, "query": f"Who built the Elm bridge {tag} and when was it built?",
            "sources": [f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901.",
                        f"The Oak mill {tag} grinds corn."],
            "response": f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901."}


def invoke(tmp_path, base_url: str, *extra: str, judge_config: str = ""):
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(row(i)) + "\n" for i in range(1, N + 1)))
    config = tmp_path / "ragvet.toml"
    config.write_text('[judge]\nembedding_model = "emb"\ntimeout = 5\n' + judge_config)
    args = ["evaluate", str(data), "--judge", "openai:judge-model", "--base-url", base_url,
            "--config", str(config), "--no-cache", "--out", str(tmp_path / "out.jsonl"),
            *extra]
    started = time.monotonic()
    result = CliRunner().invoke(build_app(), args, catch_exceptions=False)
    return result, time.monotonic() - started


def assert_stopped(result, tmp_path, message: str) -> None:
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "stopped" in result.output
    assert not (tmp_path / "out.jsonl").exists()  # no results file claims a finished run


def test_a_refused_key_stops_the_run_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "wrong-key")
    with FakeOpenAI() as server:
        server.status = 401
        result, elapsed = invoke(tmp_path, server.base_url)
        requests = server.requests_seen
    assert_stopped(result, tmp_path, "authentication failed")
    assert elapsed < 10
    assert requests <= 16  # the calls already in flight, no retries, nothing after


@pytest.mark.parametrize("down", ["503", "refused"])
def test_an_endpoint_that_is_down_stops_the_run(tmp_path, monkeypatch, down):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI() as server:
        server.status = 503
        url = server.base_url if down == "503" else closed_port_url()
        result, elapsed = invoke(tmp_path, url)
    assert_stopped(result, tmp_path, "cannot reach the judge endpoint")
    assert elapsed < 30


def settle(server: FakeOpenAI, quiet: float = 0.5, limit: float = 10.0) -> None:
    """Wait until the server has seen no new request for `quiet` seconds."""
    deadline = time.monotonic() + limit
    seen = server.requests_seen
    while time.monotonic() < deadline:
        time.sleep(quiet)
        if server.requests_seen == seen:
            return
        seen = server.requests_seen


def test_a_stopped_run_keeps_finished_records_and_resumes(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI() as server:
        server.fail_after = (12, 401)  # two records' calls (5 chat + 1 embedding each)
        result, _ = invoke(tmp_path, server.base_url, "--concurrency", "1")
        assert_stopped(result, tmp_path, "authentication failed")
        kept = (tmp_path / "out.jsonl.checkpoint").read_text().splitlines()[1:]
        kept_ids = [json.loads(line)["id"] for line in kept]
        assert kept_ids == ["R01", "R02"]  # the record the key failed on is not kept
        settle(server)  # a call the stopped run had in flight may reach the server late
        server.fail_after, server.status = None, None
        before, finished = server.requests_seen, {t: server.per_record[t] for t in kept_ids}
        result, _ = invoke(tmp_path, server.base_url, "--concurrency", "1", "--resume")
        assert result.exit_code == 0, result.output
        assert server.requests_seen - before == 6 * (N - 2)
        assert {t: server.per_record[t] for t in kept_ids} == finished  # none asked again
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert sorted(x["id"] for x in lines) == [f"R{i:02d}" for i in range(1, N + 1)]
    assert all(x["errors"] == [] for x in lines)


def test_every_score_failed_exits_non_zero(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI() as server:
        server.error_share = 1.0  # 500 on every call: retried, never a stop, every score fails
        result, _ = invoke(tmp_path, server.base_url, judge_config="max_attempts = 2\n")
    assert result.exit_code == 1, result.output
    assert "failed:" in result.output and "first errors" in result.output
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(lines) == N and all(x["errors"] for x in lines)


def judge_for(server: FakeOpenAI, **options):
    return build_openai_judge("judge-model", {"base_url": server.base_url, "cache": None,
                                              "embedding_model": "emb", "timeout": 5,
                                              **options})


RECORDS = [make_record(**row(i)) for i in range(1, N + 1)]


@pytest.mark.parametrize("share", [0.1, 0.3])
def test_with_errors_every_record_appears_once_with_its_errors(monkeypatch, share):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI() as server:
        server.error_share = share
        run = evaluate(RECORDS, list(THELMA), judge_for(server, max_attempts=2))
    assert [r.id for r in run.results] == [r.id for r in RECORDS]
    for result in run.results:
        failed = {m for m, v in result.scores.items() if v is None} - set(result.not_applicable)
        assert failed == {e.metric for e in result.errors if e.metric}
    assert run.usage["errors"] == server.errors_sent


def test_hanging_calls_are_cut_and_asked_again(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(latency=0.02) as server:
        server.hang_share = 0.1
        run = evaluate(RECORDS * 3, list(THELMA), judge_for(server, timeout=120,
                                                             deadline_floor=0.5))
        hung = server.hung
    assert hung > 0
    assert all(r.errors == () for r in run.results)
    # a hung call past its learnt deadline is asked again at once (a hedge); only when the
    # hedge hangs too (one time in ten here) is the pair cut and retried, so over a run's
    # few hung calls a cut may or may not happen: either way each was asked again
    assert run.usage["hedges"] + run.usage["deadline_cuts"] >= 1
    assert run.usage["errors"] >= run.usage["deadline_cuts"]


def test_a_poisoned_item_fails_alone(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    record = make_record(id="P", query=RECORDS[0].query,
                         sources=["The Elm bridge was built by Ana Ruiz. It opened in 1901."],
                         response="The Elm bridge was built by Ana Ruiz. It opened in 1901. "
                                  "POISON is here. It is painted blue.")
    from ragvet.metrics.thelma import GR

    with FakeOpenAI() as server:
        server.poison = {"supported": "POISON"}
        run = evaluate([record], [GR], judge_for(server))
    components = [c for c in run.results[0].components if c.metric == "GR"]
    failed = [c.text for c in components if c.error]
    assert failed == ["POISON is here"]
    assert {c.text: c.verdict for c in components if not c.error} == {
        "The Elm bridge was built by Ana Ruiz": True, "It opened in 1901": True,
        "It is painted blue": False}
    # 4 claims asked, re-asked, then halved: [2] judged, [2] halved again: [1] [1]
    assert server.calls[("chat", "supported")] == 6


def test_failed_embedding_calls_are_counted(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    from ragvet.metrics.thelma import SD

    with FakeOpenAI() as server:
        server.error_share = 1.0
        run = evaluate(RECORDS[:3], [SD], judge_for(server, max_attempts=2))
    assert run.usage["embed_calls"] == 0
    assert run.usage["errors"] == 6  # three texts' calls, each tried twice
