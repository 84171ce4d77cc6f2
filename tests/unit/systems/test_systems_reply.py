"""Reading replies into answers, answering many queries, and answers as records."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.systems import (
    Answer,
    Passage,
    ReplyFields,
    answer_all,
    to_records,
)
from ragvet.systems.reply import read_reply


@pytest.mark.parametrize("reply, response, sources", [
    ("plain text", "plain text", ()),
    (("pair", ["d1", "d2"]), "pair", (Passage(id="d1"), Passage(id="d2"))),
    ({"response": "r", "sources": ["x", {"id": "d1", "text": "y"}]}, "r",
     (Passage(text="x"), Passage(id="d1", text="y"))),
    ({"answer": "a", "contexts": ["x"]}, "a", (Passage(text="x"),)),
    ({"answer": "a", "doc_ids": ["d1", {"id": 7}]}, "a", (Passage(id="d1"), Passage(id="7"))),
    ({"answer": "a", "sources": ["x", "y"], "doc_ids": ["d1", "d2"]}, "a",
     (Passage(id="d1", text="x"), Passage(id="d2", text="y"))),
    ({"answer": 42}, "42", ()),
])
def test_reply_shapes_read_without_configuration(reply, response, sources):
    answer = read_reply("q", reply)
    assert (answer.response, answer.sources, answer.error) == (response, sources, None)


def test_configured_dotted_fields():
    fields = ReplyFields(response=("data.text",), sources=(), doc_ids=("data.docs",),
                         source_id="meta.doc")
    answer = read_reply("q", {"data": {"text": "t", "docs": [{"meta": {"doc": "r1"}}]}}, fields)
    assert (answer.response, answer.doc_ids) == ("t", ("r1",))


@pytest.mark.parametrize("reply, reason", [
    ({"text": "a"}, "reply has no field 'response' or 'answer'"),
    ({"answer": {"nested": 1}}, "reply field 'answer' is not text"),
    (["a", "b", "c"], "unusable reply of type list"),
])
def test_wrong_shapes_are_failures_not_exceptions(reply, reason):
    answer = read_reply("q", reply)
    assert answer.failed and answer.response is None and answer.error.startswith(reason)


def test_required_sources():
    answer = read_reply("q", {"answer": "a"}, ReplyFields(sources_required=True))
    assert answer.failed and "for its passages" in answer.error
    assert read_reply("q", {"answer": "a", "sources": []},
                      ReplyFields(sources_required=True)).sources == ()


def test_an_adapter_that_raises_anyway_fails_only_its_query():
    class Flaky:
        closed = False

        async def answer(self, query):
            if query == "bad":
                raise ValueError("broken promise")
            return Answer(query=query, response=query)

        async def aclose(self):
            self.closed = True

    system = Flaky()
    answers = asyncio.run(answer_all(["a", "bad", "b"], system, concurrency=2))
    assert [(x.response, x.error) for x in answers] == [
        ("a", None), (None, "ValueError: broken promise"), ("b", None)]
    assert system.closed


def test_answers_become_records_by_position_and_failures_come_back():
    answers = [Answer(query="q0", response="r0", sources=(Passage(id="d1", text="t"),)),
               Answer.failure("q1", "HTTP 500"),
               Answer(query="q2", response="r2", sources=(Passage(id="d9"),))]
    records, failures = to_records(answers)
    assert [(r.id, r.response, r.sources[0].id, r.sources[0].text) for r in records] == [
        ("0", "r0", "d1", "t")]
    assert [(i, f.error) for i, f in failures] == [
        (1, "HTTP 500"), (2, "passage d9 has no text to score")]
