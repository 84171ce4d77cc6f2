"""OpenInference spans (Phoenix, Arize, any OpenInference instrumentor) → `Step`s.

The span kind is `openinference.span.kind`; a RETRIEVER span lists its documents under
`retrieval.documents.N.document.{id,content}` (a RERANKER's under
`reranker.output_documents`, which then replace what was retrieved); an LLM span's answer
is `llm.output_messages.N.message.content` or its `output.value`; queries are `input.value`.

Spans arrive flat (OTLP export, in-memory spans) or as Phoenix exports them: span objects
(JSON / JSONL, with nested or flat `attributes`) or a spans DataFrame whose columns are
`context.trace_id`, `parent_id`, `attributes.input.value`, ….
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .spans import (
    LLM,
    OTHER,
    QUERY_KEYS,
    RETRIEVER,
    Document,
    RawSpan,
    Step,
    content_text,
    documents_from,
    flatten,
    indexed,
    maybe_json,
    message_text,
    text_in,
)

KIND = "openinference.span.kind"
ROLES = {"RETRIEVER": RETRIEVER, "RERANKER": RETRIEVER, "LLM": LLM}


def is_phoenix_span(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("context"), Mapping) and (
        "span_kind" in value or "attributes" in value)


def step(span: RawSpan) -> Step:
    attributes = span.attributes
    kind = str(attributes.get(KIND, "")).upper()
    role = ROLES.get(kind, OTHER)
    documents: tuple[Document, ...] = ()
    output = None
    if kind == "RERANKER":
        documents = _documents(attributes, "reranker.output_documents")
    elif role == RETRIEVER:
        documents = _documents(attributes, "retrieval.documents") or \
            _output_documents(attributes.get("output.value"))
        documents = _with_output_ids(documents, attributes.get("output.value"))
    elif role == LLM:
        output = _llm_output(attributes)
    else:
        output = text_in(attributes.get("output.value"), ("response", "answer", "output",
                                                           "result"))
    return Step(trace_id=span.trace_id, span_id=span.span_id, parent_id=span.parent_id,
                name=span.name, role=role, start=span.start, end=span.end,
                input=text_in(attributes.get("input.value"), QUERY_KEYS), output=output,
                documents=documents, reranked=kind == "RERANKER")


def phoenix_spans(items: Iterable[Mapping[str, Any]]) -> Iterator[RawSpan]:
    """Phoenix span objects (`context.trace_id`, `span_kind`, nested `attributes`)."""
    for item in items:
        context = item.get("context") or {}
        attributes = flatten(item.get("attributes") or {})
        if item.get("span_kind") and KIND not in attributes:
            attributes[KIND] = item["span_kind"]
        yield RawSpan(trace_id=str(context.get("trace_id", "")),
                      span_id=str(context.get("span_id", "")),
                      parent_id=item.get("parent_id") or None, name=str(item.get("name", "")),
                      start=_time(item.get("start_time")), end=_time(item.get("end_time")),
                      attributes=attributes)


def frame_spans(frame: Any) -> Iterator[RawSpan]:
    """A Phoenix spans DataFrame (`get_spans_dataframe()`): one row per span."""
    for row in frame.reset_index().to_dict(orient="records"):
        attributes: dict[str, Any] = {}
        for column, value in row.items():
            if column.startswith("attributes.") and not _missing(value):
                attributes.update(flatten({column[len("attributes."):]: _listed(value)}))
        if row.get("span_kind") and KIND not in attributes:
            attributes[KIND] = row["span_kind"]
        parent = row.get("parent_id")
        yield RawSpan(trace_id=str(row.get("context.trace_id", "")),
                      span_id=str(row.get("context.span_id") or row.get("span_id") or ""),
                      parent_id=None if _missing(parent) else str(parent),
                      name=str(row.get("name", "")), start=_time(row.get("start_time")),
                      end=_time(row.get("end_time")), attributes=attributes)


def _documents(attributes: Mapping[str, Any], prefix: str) -> tuple[Document, ...]:
    return tuple(Document(text=_text(d.get("document.content")),
                          id=_text(d.get("document.id")))
                 for d in indexed(attributes, prefix))


def _output_documents(output: Any) -> tuple[Document, ...]:
    """Documents from a retriever's output value when its attributes list none: only
    objects count (a list of object reprs, as some instrumentors write, is no text)."""
    value = maybe_json(output)
    items = value.get("documents") if isinstance(value, Mapping) else value
    if isinstance(items, list) and items and all(isinstance(i, Mapping) for i in items):
        return documents_from(items)
    return ()


def _with_output_ids(documents: tuple[Document, ...], output: Any) -> tuple[Document, ...]:
    """Ids from the span's output value where the document attributes carry none (the
    LangChain instrumentor records a Document's `id` only in the output)."""
    listed = documents_from(output)
    if not documents or len(listed) != len(documents):
        return documents
    return tuple(Document(text=d.text, id=d.id or o.id) for d, o in zip(documents, listed,
                                                                          strict=True))


def _llm_output(attributes: Mapping[str, Any]) -> str | None:
    messages = indexed(attributes, "llm.output_messages")
    if messages:
        last = messages[-1]
        text = _text(last.get("message.content"))
        if text is None:
            parts = indexed(last, "message.contents")
            text = content_text([p.get("message_content.text") for p in parts
                                 if p.get("message_content.text") is not None])
        if text is not None:
            return text
    return message_text(attributes.get("output.value"))


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _time(value: Any) -> float:
    if value is None or _missing(value):
        return 0.0
    if hasattr(value, "timestamp"):
        return float(value.timestamp())
    if isinstance(value, int | float):
        return float(value)
    try:
        return dt.datetime.fromisoformat(str(value).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


def _missing(value: Any) -> bool:
    try:
        return value is None or bool(value != value)  # NaN is the one value unequal to itself
    except (TypeError, ValueError):  # arrays compare element-wise
        return False


def _listed(value: Any) -> Any:
    """Arrays from a DataFrame cell (numpy / pyarrow) as plain lists."""
    return value.tolist() if hasattr(value, "tolist") else value

