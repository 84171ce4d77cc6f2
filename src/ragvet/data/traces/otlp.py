"""OpenTelemetry spans → `RawSpan`s: from an OTLP JSON export or from the SDK's own objects.

An OTLP JSON export is one `ExportTraceServiceRequest` per file or per line
(`{"resourceSpans": [{"scopeSpans": [{"spans": [...]}]}]}`), in the spec's camelCase or
with proto field names (`resource_spans`). Span ids may be hex (the OTLP/JSON spec) or
base64 (protobuf's generic JSON mapping); both are read as hex. Finished spans from an
in-process `InMemorySpanExporter` (`ReadableSpan` objects) are read directly.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .spans import RawSpan


def is_otlp(value: Any) -> bool:
    return isinstance(value, Mapping) and _get(value, "resourceSpans") is not None


def is_sdk_span(value: Any) -> bool:
    return hasattr(value, "get_span_context") and hasattr(value, "attributes")


def otlp_spans(requests: Iterable[Mapping[str, Any]]) -> Iterator[RawSpan]:
    """Every span of every request, with its attributes flattened to Python values."""
    for request in requests:
        for resource in _get(request, "resourceSpans") or ():
            scopes = _get(resource, "scopeSpans") or _get(resource,
                                                          "instrumentationLibrarySpans") or ()
            for scope in scopes:
                for span in _get(scope, "spans") or ():
                    yield _raw_span(span)


def sdk_spans(spans: Iterable[Any]) -> Iterator[RawSpan]:
    """`opentelemetry.sdk.trace.ReadableSpan`s (what an in-memory exporter holds)."""
    for span in spans:
        context = span.get_span_context()
        parent = getattr(span, "parent", None)
        yield RawSpan(trace_id=f"{context.trace_id:032x}", span_id=f"{context.span_id:016x}",
                      parent_id=f"{parent.span_id:016x}" if parent is not None else None,
                      name=span.name, start=float(span.start_time or 0),
                      end=float(span.end_time or 0),
                      attributes={k: _plain(v) for k, v in (span.attributes or {}).items()})


def hex_id(value: Any) -> str | None:
    """A trace or span id as lowercase hex, whether it came as hex or as base64."""
    if value in (None, ""):
        return None
    text = str(value)
    if len(text) in (16, 32) and all(c in "0123456789abcdefABCDEF" for c in text):
        return text.lower()
    try:
        return base64.b64decode(text, validate=True).hex()
    except (binascii.Error, ValueError):
        return text


def any_value(value: Any) -> Any:
    """An OTLP `AnyValue` ({"stringValue": …}, {"arrayValue": {"values": […]}}, …) → Python."""
    if not isinstance(value, Mapping):
        return value
    for key, convert in (("stringValue", str), ("boolValue", bool), ("doubleValue", float),
                         ("intValue", int), ("bytesValue", str)):
        found = _get(value, key)
        if found is not None:
            return convert(found)
    array = _get(value, "arrayValue")
    if array is not None:
        return [any_value(v) for v in _get(array, "values") or ()]
    kvlist = _get(value, "kvlistValue")
    if kvlist is not None:
        return {kv["key"]: any_value(kv.get("value")) for kv in _get(kvlist, "values") or ()}
    return None


def _raw_span(span: Mapping[str, Any]) -> RawSpan:
    attributes = {kv["key"]: any_value(kv.get("value")) for kv in _get(span, "attributes") or ()
                  if isinstance(kv, Mapping) and "key" in kv}
    return RawSpan(trace_id=hex_id(_get(span, "traceId")) or "", span_id=hex_id(
        _get(span, "spanId")) or "", parent_id=hex_id(_get(span, "parentSpanId")),
        name=str(_get(span, "name") or ""), start=float(_get(span, "startTimeUnixNano") or 0),
        end=float(_get(span, "endTimeUnixNano") or 0), attributes=attributes)


def _get(data: Mapping[str, Any], camel: str) -> Any:
    """A field under its camelCase (OTLP/JSON) or snake_case (proto field) name."""
    if camel in data:
        return data[camel]
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in camel)
    return data.get(snake)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
