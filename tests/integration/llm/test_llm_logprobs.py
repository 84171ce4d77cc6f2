"""LLM verdicts with probabilities: p(yes) read from the replay server's token
log-probabilities makes every THELMA score the expected share computed by hand."""

from __future__ import annotations

import json

import pytest
from llm_fake_server import FakeOpenAI, Rules
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.data.records import make_record
from ragvet.engine.run import evaluate
from ragvet.judges.llm import build_openai_judge
from ragvet.metrics.thelma import THELMA

pytestmark = pytest.mark.integration

RECORD = make_record(
    id="R01",
    query="Who built the Elm bridge and when was it built?",
    sources=["The Elm bridge was built by Ana Ruiz. It opened in 1901.",
             "The Oak mill grinds corn."],
    response="The Elm bridge was built by Ana Ruiz. It opened in 1901. It is painted blue.",
)
PLAIN = {"SP1": 0.5, "SP2": 2 / 3, "SQC": 1.0, "RP": 2 / 3, "RQC": 1.0, "SD": 1.0, "GR": 2 / 3}
# how sure the replayed judge is of its own answer, per prompt and item text
CERTAINTY = {
    "supported": {"Ana Ruiz": 0.8, "painted blue": 0.9},  # yes at 0.8; no at 0.9
    "essential": {"painted blue": 0.7, "Oak mill": 0.6},  # no at 0.7; no at 0.6
    "answers": {"when": 0.75},  # "when was it built?": yes at 0.75 where answered, else no
}
# p(yes) of each verdict, by hand: a "no" at certainty c has p(yes) = 1 − c
BY_HAND = {
    # source 1 essential (1.0); source 2 "The Oak mill grinds corn." no at 0.6
    "SP1": (1.0 + 0.4) / 2,
    # source facts: "…built by Ana Ruiz" 1.0, "It opened in 1901" 1.0, "…grinds corn" 0.4
    "SP2": (1.0 + 1.0 + 0.4) / 3,
    # sub-questions: "Who built…" 1.0; "when was it built?" the highest p(yes) over the views
    # (source 1: yes 0.75; source 2: no at 0.75 → 0.25; both sources together: yes 0.75)
    "SQC": (1.0 + 0.75) / 2,
    # response claims: essential 1.0, 1.0, "It is painted blue" no at 0.7 → 0.3
    "RP": (1.0 + 1.0 + 0.3) / 3,
    # the response answers "Who…" (1.0) and "when…" (yes at 0.75)
    "RQC": (1.0 + 0.75) / 2,
    "SD": 1.0,  # embeddings, no verdicts
    # supported: "…Ana Ruiz" yes at 0.8, "It opened in 1901" 1.0, "painted blue" no at 0.9
    "GR": (0.8 + 1.0 + 0.1) / 3,
}


def judge_for(server: FakeOpenAI, tmp_path, **options):
    base = {"base_url": server.base_url, "cache": str(tmp_path / "cache.sqlite"),
            "timeout": 5, "embedding_model": "emb"}
    return build_openai_judge("judge-model", {**base, **options})


@pytest.mark.parametrize("structured", ["json_schema", "text"])
def test_scores_are_the_expected_shares_of_the_returned_probabilities(tmp_path, monkeypatch,
                                                                      structured):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        judge = judge_for(server, tmp_path, structured=structured)
        run = evaluate([RECORD], list(THELMA), judge)
        # the verdicts came several to one answer (the sixth call: RP's follow-on check)
        assert server.total("chat") == 6
        assert all(r.get("logprobs") is True and r["top_logprobs"] == 5
                   for r in server.requests
                   if "claims" not in r["messages"][0]["content"] and
                   "separate questions" not in r["messages"][0]["content"])
    result = run.results[0]
    assert result.errors == ()
    assert result.scores == pytest.approx(BY_HAND)
    gr = {c.text: c.detail["probability"] for c in result.components if c.metric == "GR"}
    assert gr == pytest.approx({"The Elm bridge was built by Ana Ruiz": 0.8,
                                "It opened in 1901": 1.0, "It is painted blue": 0.1})
    assert run.judge["verdicts"] == "probability"
    assert run.judge["probabilities"].startswith("read from token log-probabilities for all")
    # counted as yes/no decisions, the same verdicts give the plain shares
    summary = {m.metric: m for m in run.summary().metrics}
    assert summary["GR"].decided_mean == pytest.approx(PLAIN["GR"])


def test_probabilities_come_back_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        evaluate([RECORD], list(THELMA), judge_for(server, tmp_path))
        calls = server.total("chat")
        again = evaluate([RECORD], list(THELMA), judge_for(server, tmp_path))
        assert server.total("chat") == calls
    assert again.results[0].scores == pytest.approx(BY_HAND)


def test_yes_no_verdicts_keep_plain_counts_and_ask_for_no_logprobs(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        run = evaluate([RECORD], list(THELMA), judge_for(server, tmp_path, verdicts="yes-no"))
        assert not any("logprobs" in r for r in server.requests)
    assert run.results[0].scores == pytest.approx(PLAIN)
    assert not any("probability" in (c.detail or {}) for c in run.results[0].components)
    assert run.judge["verdicts"] == "yes-no"
    assert "not asked for" in run.judge["probabilities"]


def test_an_endpoint_without_logprobs_says_so_in_the_judge_description(tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        server.logprobs = False
        run = evaluate([RECORD], list(THELMA), judge_for(server, tmp_path))
    assert run.results[0].scores == pytest.approx(PLAIN)
    note = run.judge["probabilities"]
    assert note.startswith("none: each verdict counts 1 or 0")
    assert "the endpoint returned no log-probabilities" in note


def test_an_endpoint_refusing_logprobs_is_asked_again_without_them(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        server.refuse_logprobs = True
        run = evaluate([RECORD], list(THELMA), judge_for(server, tmp_path))
        refused = [r for r in server.requests if r.get("logprobs")]
        assert len(refused) <= 3  # only calls in flight before the first refusal asked
    assert run.results[0].errors == ()
    assert run.results[0].scores == pytest.approx(PLAIN)
    assert "refused log-probabilities" in run.judge["probabilities"]


def test_the_cli_flag_and_the_results_file_carry_the_verdict_mode(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    data = tmp_path / "records.jsonl"
    data.write_text(json.dumps(RECORD.to_dict()) + "\n")
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server:
        for mode, expected in (("probability", BY_HAND), ("yes-no", PLAIN)):
            result = CliRunner().invoke(build_app(), [
                "evaluate", str(data), "--judge", "openai:judge-model", "--base-url",
                server.base_url, "--no-cache", "--verdicts", mode, "--out", str(out)],
                catch_exceptions=False)
            assert result.exit_code == 0, result.output
            line = json.loads(out.read_text().splitlines()[0])
            assert line["judge"]["verdicts"] == mode
            assert line["scores"] == pytest.approx(expected)


def test_verdicts_is_refused_for_a_judge_without_it(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text(json.dumps(RECORD.to_dict()) + "\n")
    script = tmp_path / "judge.json"
    script.write_text("{}")
    result = CliRunner().invoke(build_app(), [
        "evaluate", str(data), "--judge", f"scripted:{script}", "--verdicts", "yes-no",
        "--out", str(tmp_path / "out.jsonl")])
    assert result.exit_code == 2
    assert "--verdicts is an option of the local, openai, litellm judges" in result.output
