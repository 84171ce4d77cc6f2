"""OpenTelemetry GenAI semantic-convention spans → `Step`s.

`gen_ai.operation.name` says what a span did: `retrieval` spans carry the query in
`gen_ai.retrieval.query.text` and the documents in `gen_ai.retrieval.documents` (a JSON
list of `{id, score, content}`); `chat` / `text_completion` / `generate_content` spans
carry the answer in `gen_ai.output.messages` (`[{role, parts: [{type, content}]}]`), or in
the older indexed `gen_ai.completion.N.content` attributes. The user's question is the last
user message of `gen_ai.input.messages` (or `gen_ai.prompt.N.content`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .spans import (
    LLM,
    OTHER,
    RETRIEVER,
    RawSpan,
    Step,
    content_text,
    documents_from,
    indexed,
    maybe_json,
)

OPERATION = "gen_ai.operation.name"
GENERATION_OPERATIONS = {"chat", "text_completion", "generate_content"}


def step(span: RawSpan) -> Step:
    attributes = span.attributes
    operation = str(attributes.get(OPERATION, "")).lower()
    if operation == "retrieval":
        query = attributes.get("gen_ai.retrieval.query.text")
        return _step(span, RETRIEVER, input=None if query is None else str(query),
                     documents=documents_from(attributes.get("gen_ai.retrieval.documents")))
    if operation in GENERATION_OPERATIONS:
        return _step(span, LLM, input=_question(attributes), output=_answer(attributes))
    return _step(span, OTHER)


def _step(span: RawSpan, role: str, **parts: Any) -> Step:
    return Step(trace_id=span.trace_id, span_id=span.span_id, parent_id=span.parent_id,
                name=span.name, role=role, start=span.start, end=span.end, **parts)


def _answer(attributes: Mapping[str, Any]) -> str | None:
    messages = maybe_json(attributes.get("gen_ai.output.messages"))
    if isinstance(messages, list) and messages:
        return _message_text(messages[-1])
    legacy = indexed(attributes, "gen_ai.completion")
    return _text(legacy[-1].get("content")) if legacy else None


def _question(attributes: Mapping[str, Any]) -> str | None:
    messages = maybe_json(attributes.get("gen_ai.input.messages"))
    if not isinstance(messages, list):
        messages = [{"role": m.get("role"), "content": m.get("content")}
                    for m in indexed(attributes, "gen_ai.prompt")]
    users = [m for m in messages if isinstance(m, Mapping) and m.get("role") == "user"]
    return _message_text(users[-1]) if users else None


def _message_text(message: Any) -> str | None:
    if not isinstance(message, Mapping):
        return _text(message)
    if isinstance(message.get("parts"), list):
        return content_text([p for p in message["parts"] if isinstance(p, Mapping) and
                             p.get("type", "text") == "text"])
    return content_text(message.get("content"))


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
