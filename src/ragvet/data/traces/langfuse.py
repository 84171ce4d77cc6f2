"""Langfuse traces → `Step`s, from an export or from the Langfuse SDK's OpenTelemetry spans.

An export is what Langfuse's public API and UI give: a trace object (`id`, `input`, `output`,
`observations`), a list of them, or bare observations (`traceId`, `parentObservationId`,
`type`, `input`, `output`; also under `data` as the paginated API returns them). A
`RETRIEVER` observation's output is its documents, a `GENERATION`'s output the answer; a
plain `SPAN` named like a retriever whose output is a list is read as one too (SDKs before
v3 had no retriever type). The SDK's own spans (Langfuse v3 and later are OpenTelemetry)
carry the same under `langfuse.observation.type|input|output`.
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
    RawSpan,
    Step,
    documents_from,
    maybe_json,
    message_text,
    text_in,
)

ANSWER_KEYS = ("response", "answer", "output", "result")


def is_langfuse_export(value: Any) -> bool:
    if not isinstance(value, Mapping):
        return False
    return isinstance(value.get("observations"), list) or (
        "traceId" in value and "type" in value) or (
        isinstance(value.get("data"), list) and bool(value["data"]) and
        all(is_langfuse_export(v) for v in value["data"][:1]))


def export_steps(items: Iterable[Mapping[str, Any]]) -> Iterator[Step]:
    """Trace objects, observation lists or paginated API pages → steps."""
    for item in items:
        if isinstance(item.get("data"), list):
            yield from export_steps(item["data"])
        elif isinstance(item.get("observations"), list):
            yield from _trace_steps(item)
        else:
            yield _observation_step(item, trace_id=str(item.get("traceId", "")))


def span_step(span: RawSpan) -> Step:
    """One Langfuse SDK span (OpenTelemetry) → step."""
    attributes = span.attributes
    return _step(trace_id=span.trace_id, span_id=span.span_id, parent_id=span.parent_id,
                 name=span.name, kind=str(attributes.get("langfuse.observation.type", "")),
                 start=span.start, end=span.end,
                 input=attributes.get("langfuse.observation.input"),
                 output=attributes.get("langfuse.observation.output"))


def _trace_steps(trace: Mapping[str, Any]) -> Iterator[Step]:
    trace_id = str(trace.get("id", ""))
    root_id = f"trace:{trace_id}"
    yield Step(trace_id=trace_id, span_id=root_id, parent_id=None,
               name=str(trace.get("name") or ""), input=text_in(trace.get("input"), QUERY_KEYS),
               output=text_in(trace.get("output"), ANSWER_KEYS))
    for observation in trace["observations"]:
        if isinstance(observation, Mapping):
            yield _observation_step(observation, trace_id=trace_id, root_id=root_id)


def _observation_step(item: Mapping[str, Any], *, trace_id: str,
                      root_id: str | None = None) -> Step:
    return _step(trace_id=trace_id or str(item.get("traceId") or ""),
                 span_id=str(item.get("id", "")),
                 parent_id=item.get("parentObservationId") or root_id,
                 name=str(item.get("name") or ""), kind=str(item.get("type", "")),
                 start=_time(item.get("startTime")), end=_time(item.get("endTime")),
                 input=item.get("input"), output=item.get("output"))


def _step(*, kind: str, input: Any, output: Any, **where: Any) -> Step:
    kind = kind.upper()
    output = maybe_json(output)
    if kind == "RETRIEVER" or (kind == "SPAN" and "retriev" in str(where["name"]).lower()
                               and isinstance(output, list)):
        return Step(role=RETRIEVER, input=text_in(input, QUERY_KEYS),
                    documents=documents_from(output), **where)
    if kind == "GENERATION":
        return Step(role=LLM, input=None, output=message_text(output), **where)
    return Step(role=OTHER, input=text_in(input, QUERY_KEYS),
                output=text_in(output, ANSWER_KEYS), **where)


def _time(value: Any) -> float:
    if not value:
        return 0.0
    try:
        return dt.datetime.fromisoformat(str(value).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0
