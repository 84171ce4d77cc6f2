"""What every trace format is reduced to before it becomes a record.

A `RawSpan` is one span as an OpenTelemetry-style export holds it: ids, name, times and flat
attributes (`retrieval.documents.0.document.content`, never nested). A convention module
(OpenInference, GenAI, Langfuse, MLflow) reads a raw span's attributes into a `Step`: the
span's role in a RAG answer (retriever, LLM, anything else) and the text it carried.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

RETRIEVER, LLM, OTHER = "retriever", "llm", "other"


@dataclass(frozen=True, slots=True)
class Document:
    """One passage a retriever returned: its text (None when the trace left it out) and id."""

    text: str | None
    id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RawSpan:
    trace_id: str
    span_id: str
    parent_id: str | None
    name: str
    start: float = 0.0
    end: float = 0.0
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One span as ragvet reads it.

    `input` is the query text a retriever or the root span received, `output` the text an
    LLM (or the root span) produced, `documents` what a retriever returned.
    """

    trace_id: str
    span_id: str
    parent_id: str | None
    name: str
    role: str = OTHER
    start: float = 0.0
    end: float = 0.0
    input: str | None = None
    output: str | None = None
    documents: tuple[Document, ...] = ()
    reranked: bool = False  # its documents reorder or filter what an earlier retriever found


QUERY_KEYS = ("query", "question", "input", "user_input", "q", "prompt", "text")
ANSWER_KEYS = ("response", "answer", "output", "result", "text", "content", "completion")


def maybe_json(value: Any) -> Any:
    """A JSON object or array given as text, decoded; anything else as it is. A bare
    string that happens to parse as a number stays the string it was."""
    if isinstance(value, str) and value[:1] in "[{\"":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def text_in(value: Any, keys: tuple[str, ...]) -> str | None:
    """The text a value carries: itself when it is text, else the first of `keys` that
    holds text, else its only text field. Nested single-key wrappers are followed."""
    value = maybe_json(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for key in keys:
            found = text_in(value[key], keys) if key in value else None
            if found is not None:
                return found
        texts = [v for v in value.values() if isinstance(v, str)]
        return texts[0] if len(texts) == 1 else None
    return None


def message_text(value: Any) -> str | None:
    """The text of the last assistant message in a chat-shaped value: an OpenAI completion
    (`choices[].message.content`), a message list, a single message or plain text."""
    value = maybe_json(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if isinstance(value.get("choices"), list) and value["choices"]:
            choice = value["choices"][-1]
            if isinstance(choice, Mapping):
                return message_text(choice.get("message") or choice.get("text"))
        if "content" in value:
            return content_text(value["content"])
        for key in ("messages", "generations", "output", "response", "text"):
            if key in value:
                return message_text(value[key])
        return None
    if isinstance(value, list) and value:
        answers = [m for m in value if isinstance(m, Mapping) and
                   m.get("role") in ("assistant", "ai", "model")]
        return message_text((answers or value)[-1])
    return None


def content_text(content: Any) -> str | None:
    """Message content as text: a string, or the text parts of a parts list joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p if isinstance(p, str) else p.get("text") or p.get("content")
                 for p in content if isinstance(p, str | Mapping)]
        texts = [p for p in parts if isinstance(p, str)]
        return "".join(texts) if texts else None
    return None


def document_from(value: Any) -> Document:
    """A retrieved document in any of the common shapes: text, or an object with its text
    under page_content / content / text and its id under id / metadata.(doc_uri|id|…)."""
    value = maybe_json(value)
    if isinstance(value, str):
        return Document(text=value)
    if not isinstance(value, Mapping):
        return Document(text=None)
    if isinstance(value.get("document"), Mapping):
        value = value["document"]
    text = next((value[k] for k in ("page_content", "content", "text", "chunk")
                 if isinstance(value.get(k), str)), None)
    return Document(text=text, id=_document_id(value))


def _document_id(value: Mapping[str, Any]) -> str | None:
    for key in ("id", "document_id", "doc_id", "node_id"):
        if value.get(key) not in (None, ""):
            return str(value[key])
    metadata = maybe_json(value.get("metadata"))
    if isinstance(metadata, Mapping):
        for key in ("doc_uri", "id", "document_id", "doc_id", "chunk_id", "source"):
            if metadata.get(key) not in (None, ""):
                return str(metadata[key])
    return None


def documents_from(value: Any) -> tuple[Document, ...]:
    """A list of documents (or an object holding one under documents / nodes / output)."""
    value = maybe_json(value)
    if isinstance(value, Mapping):
        for key in ("documents", "nodes", "source_nodes", "output", "results"):
            if isinstance(value.get(key), list):
                return documents_from(value[key])
        return ()
    if isinstance(value, list):
        return tuple(document_from(item) for item in value)
    return ()


def indexed(attributes: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    """Flat attributes `PREFIX.N.REST` → a list indexed by N of {REST: value}."""
    found: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if not key.startswith(prefix + "."):
            continue
        number, _, rest = key[len(prefix) + 1:].partition(".")
        if number.isdigit():
            found.setdefault(int(number), {})[rest] = value
    return [found[n] for n in sorted(found)]


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Nested attributes (Phoenix's export nests them) → flat dotted keys; list items
    become `.N.` segments, as OpenInference flattens them on the wire."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}{key}."))
        return out
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        out = {}
        for number, item in enumerate(value):
            out.update(flatten(item, f"{prefix}{number}."))
        return out
    return {prefix[:-1]: value} if prefix else {}
