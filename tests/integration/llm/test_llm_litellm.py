"""`litellm:PROVIDER/MODEL` through LiteLLM against the local server (skipped without litellm)."""

from __future__ import annotations

import pytest
from llm_fake_server import FakeOpenAI

from ragvet.data.records import make_record
from ragvet.engine.run import evaluate
from ragvet.judges.factory import make_judge
from ragvet.metrics.thelma import GR, RP

pytestmark = pytest.mark.integration


def test_litellm_judge_scores_through_the_openai_route(tmp_path, monkeypatch):
    pytest.importorskip("litellm")
    monkeypatch.setenv("JUDGE_KEY", "test-key")
    record = make_record(id="R01", query="Who built the Elm bridge?",
                         sources=["The Elm bridge was built by Ana Ruiz."],
                         response="The Elm bridge was built by Ana Ruiz. It is painted blue.")
    with FakeOpenAI() as server:
        judge = make_judge("litellm:openai/judge-model",
                           {"base_url": server.base_url, "api_key_env": "JUDGE_KEY", "cache": None})
        run = evaluate([record], [GR, RP], judge)
        assert run.results[0].scores["GR"] == pytest.approx(0.5), run.results[0].errors
        assert run.results[0].scores["RP"] == pytest.approx(0.5)
        assert server.total("chat") == 3 and run.usage["calls"] == 3
