"""MLflow traces → `Step`s.

A trace is `{"info": {"trace_id" | "request_id", …}, "data": {"spans": [...]}}` as
`Trace.to_json()` writes it (or a `Trace` object, or a row of `mlflow.search_traces()`'s
DataFrame, whose `trace` column holds that JSON). A span's `mlflow.spanType` says its role
(`RETRIEVER`; `LLM` and `CHAT_MODEL` answer), its `mlflow.spanInputs` and
`mlflow.spanOutputs` hold JSON: a retriever's output is a list of documents
(`page_content`, `metadata.doc_uri`, `id`), a chat model's an OpenAI-style completion or a
message. Attribute values are JSON-encoded, as MLflow stores them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .otlp import hex_id
from .spans import (
    LLM,
    OTHER,
    QUERY_KEYS,
    RETRIEVER,
    Step,
    documents_from,
    maybe_json,
    message_text,
    text_in,
)

ROLES = {"RETRIEVER": RETRIEVER, "LLM": LLM, "CHAT_MODEL": LLM}
ANSWER_KEYS = ("response", "answer", "output", "result")


def is_mlflow_trace(value: Any) -> bool:
    return (isinstance(value, Mapping) and isinstance(value.get("info"), Mapping)
            and isinstance(value.get("data"), Mapping)) or _is_trace_object(value)


def traces_in(value: Any) -> list[Any]:
    """The traces a value holds: one trace, a list, or a `search_traces()` DataFrame."""
    if type(value).__name__ == "DataFrame" and "trace" in getattr(value, "columns", ()):
        return [maybe_json(t) for t in value["trace"].tolist()]
    if isinstance(value, list | tuple):
        return list(value)
    return [value]


def trace_steps(traces: Iterable[Any]) -> Iterator[Step]:
    for trace in traces:
        data = trace.to_dict() if _is_trace_object(trace) else maybe_json(trace)
        if not isinstance(data, Mapping):
            continue
        info = data.get("info") or {}
        trace_id = str(info.get("trace_id") or info.get("request_id") or "")
        for span in (data.get("data") or {}).get("spans") or ():
            if isinstance(span, Mapping):
                yield _span_step(span, trace_id)


def _span_step(span: Mapping[str, Any], trace_id: str) -> Step:
    attributes = span.get("attributes") or {}
    kind = maybe_json(attributes.get("mlflow.spanType")) or span.get("span_type") or ""
    role = ROLES.get(str(kind).upper(), OTHER)
    inputs = maybe_json(attributes.get("mlflow.spanInputs"))
    outputs = maybe_json(attributes.get("mlflow.spanOutputs"))
    context = span.get("context") or {}
    parent = span.get("parent_span_id", span.get("parent_id"))
    return Step(trace_id=trace_id, span_id=hex_id(span.get("span_id") or
                                                  context.get("span_id")) or "",
                parent_id=hex_id(parent), name=str(span.get("name", "")), role=role,
                start=float(span.get("start_time_unix_nano") or span.get("start_time") or 0),
                end=float(span.get("end_time_unix_nano") or span.get("end_time") or 0),
                input=text_in(inputs, QUERY_KEYS),
                output=message_text(outputs) if role == LLM else
                text_in(outputs, ANSWER_KEYS) if role == OTHER else None,
                documents=documents_from(outputs) if role == RETRIEVER else ())


def _is_trace_object(value: Any) -> bool:
    return hasattr(value, "to_dict") and hasattr(value, "info") and hasattr(value, "data")
