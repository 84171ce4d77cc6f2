"""The three-way support verdict (supported / contradicted / not mentioned) on the scripted
and offline judges; the LLM judge's is in tests/integration/llm/test_llm_support_status.py."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.base import SupportItem
from ragvet.judges.llm.parse import parse_reply
from ragvet.judges.local import LocalJudge
from ragvet.judges.ops import OPERATIONS, SUPPORT_STATUS
from ragvet.judges.scripted import ScriptedJudge

SOURCE = "The plan does not include international roaming. It costs 20 euros a month."


def run(coro):
    return asyncio.run(coro)


def test_it_is_declared_once_with_its_labels():
    assert OPERATIONS["support_status"] is SUPPORT_STATUS
    assert SUPPORT_STATUS.labels == ("supported", "contradicted", "not_mentioned")
    verdict = SUPPORT_STATUS.verdict("contradicted", reason="r")
    assert verdict.value is False and verdict.label == "contradicted"
    with pytest.raises(ValueError):
        SUPPORT_STATUS.verdict("maybe")


def test_the_scripted_judge_replays_labels_by_operation():
    judge = ScriptedJudge(support_status={"a": "supported",
                                          "b": {"label": "contradicted", "reason": "says no"}})
    a, b, c = run(judge.run(SUPPORT_STATUS, [SupportItem(claim=t, sources=("s",))
                                             for t in ("a", "b", "c")]))
    assert (a.label, a.value) == ("supported", True)
    assert (b.label, b.value, b.reason) == ("contradicted", False, "says no")
    assert c.value is None and "no scripted verdict" in c.error
    assert judge.calls == [("support_status", 3)]


def test_the_scripted_judge_names_unknown_operations():
    with pytest.raises(ConfigError, match="no judge operation named contradicts"):
        ScriptedJudge(contradicts={})


def test_llm_label_answers_are_read_from_json_and_tags():
    json_reply = '{"items": [{"id": 1, "label": "Not mentioned", "reason": "x"}]}'
    (entry,) = parse_reply(json_reply, 1, "label", SUPPORT_STATUS.labels).values()
    assert entry.label == "not_mentioned" and entry.problem is None
    tags = '<item id="1">contradicted: the source says otherwise</item>'
    assert parse_reply(tags, 1, "label", SUPPORT_STATUS.labels)[1].label == "contradicted"
    bad = parse_reply('{"items": [{"id": 1, "label": "perhaps"}]}', 1, "label",
                      SUPPORT_STATUS.labels)[1]
    assert bad.label is None and "not one of" in bad.problem


@pytest.mark.slow
def test_the_offline_rule_tells_contradiction_from_silence():
    judge = LocalJudge()
    items = [SupportItem(claim=c, sources=(SOURCE,)) for c in (
        "It costs 20 euros a month.",
        "The plan includes international roaming.",
        "The stadium holds 40,000 people.")]
    supported, contradicted, silent = run(judge.run(SUPPORT_STATUS, items))
    assert supported.label == "supported" and supported.value is True
    assert contradicted.label == "contradicted" and contradicted.value is False
    assert silent.label == "not_mentioned"
    assert all(v.probability is not None for v in (supported, contradicted, silent))
