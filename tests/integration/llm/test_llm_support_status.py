"""The three-way support verdict through the LLM judge and a real HTTP endpoint."""

from __future__ import annotations

import asyncio

import pytest
from llm_fake_server import FakeOpenAI

from ragvet.judges.base import SupportItem
from ragvet.judges.llm import build_openai_judge
from ragvet.judges.ops import SUPPORT_STATUS

pytestmark = pytest.mark.integration

SOURCES = ("The bridge is painted blue. It opened in 1901.",)
CLAIMS = ("The bridge is painted blue.", "The bridge is not painted blue.",
          "The bridge has four lanes.")


@pytest.mark.parametrize("structured", ["json_schema", "text"])
def test_labels_come_back_in_order_and_from_the_cache(tmp_path, monkeypatch, structured):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    items = [SupportItem(claim=c, sources=SOURCES) for c in CLAIMS]
    with FakeOpenAI() as server:
        options = {"base_url": server.base_url, "cache": str(tmp_path / "cache.sqlite"),
                   "structured": structured}
        judge = build_openai_judge("judge-model", options)
        first = asyncio.run(judge.run(SUPPORT_STATUS, items))
        again = asyncio.run(build_openai_judge("judge-model", options)
                            .run(SUPPORT_STATUS, items))
        assert server.total("chat") == 1  # one batched call; the rerun is cached
    assert [v.label for v in first] == ["supported", "contradicted", "not_mentioned"]
    assert [v.value for v in first] == [True, False, False]
    assert [v.label for v in again] == [v.label for v in first]
    request = server.requests[0]
    if structured == "json_schema":
        schema = request["response_format"]["json_schema"]["schema"]
        label = schema["properties"]["items"]["items"]["properties"]["label"]
        assert label["enum"] == list(SUPPORT_STATUS.labels)
