"""Parsing rules of the trace readers on small inputs written here: id encodings, field
spellings, recognition of the format, traces left out or refused. The formats themselves are
tested on spans made by the real SDKs in tests/integration/ecosystem/."""

from __future__ import annotations

import base64
import json

import pytest

import ragvet
from ragvet.data.traces import detect
from ragvet.errors import DataError

TRACE, ROOT, RETRIEVE, LLM = "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", \
    "00f067aa0ba902b7", "53995c3f42cd8ad8"


def _kv(key, value):
    kind = "intValue" if isinstance(value, int) else "stringValue"
    return {"key": key, "value": {kind: str(value) if kind == "intValue" else value}}


def _span(span_id, parent, name, attributes, start):
    return {"traceId": TRACE, "spanId": span_id, "parentSpanId": parent, "name": name,
            "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 10),
            "attributes": [_kv(k, v) for k, v in attributes.items()]}


def _request(spans):
    return {"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}


def _openinference_spans():
    return [
        _span(ROOT, None, "rag", {"openinference.span.kind": "CHAIN",
                                  "input.value": '{"question": "Who?"}'}, 1),
        _span(RETRIEVE, ROOT, "search", {
            "openinference.span.kind": "RETRIEVER", "input.value": "who",
            "retrieval.documents.0.document.id": 7,
            "retrieval.documents.0.document.content": "Ada wrote it."}, 2),
        _span(LLM, ROOT, "llm", {"openinference.span.kind": "LLM",
                                 "output.value": "Ada did."}, 3),
    ]


def test_an_otlp_request_reads_as_one_record_per_trace():
    (record,) = ragvet.load_traces([_request(_openinference_spans())])
    assert (record.id, record.query, record.response) == (TRACE, "Who?", "Ada did.")
    assert [(s.id, s.text) for s in record.sources] == [("7", "Ada wrote it.")]
    assert record.metadata["root_span"] == "rag" and record.metadata["llm_span"] == "llm"


def test_base64_ids_and_proto_field_names_read_the_same():
    def b64(hex_id):
        return base64.b64encode(bytes.fromhex(hex_id)).decode()

    spans = [{**{k: v for k, v in s.items() if k not in ("traceId", "spanId", "parentSpanId")},
              "trace_id": b64(s["traceId"]), "span_id": b64(s["spanId"]),
              "parent_span_id": b64(s["parentSpanId"]) if s["parentSpanId"] else ""}
             for s in _openinference_spans()]
    request = {"resource_spans": [{"scope_spans": [{"spans": spans}]}]}
    (record,) = ragvet.load_traces([request], format="openinference")
    assert record.id == TRACE and record.query == "Who?"


def test_a_phoenix_api_page_with_flat_attributes():
    page = {"data": [
        {"name": "search", "span_kind": "RETRIEVER", "parent_id": None,
         "context": {"trace_id": "t1", "span_id": "s1"}, "start_time": "2025-01-01T00:00:00Z",
         "attributes": {"input.value": "who wrote it",
                        "retrieval.documents": [{"document.content": "Ada wrote it."}]}},
        {"name": "llm", "span_kind": "LLM", "parent_id": "s1",
         "context": {"trace_id": "t1", "span_id": "s2"}, "start_time": "2025-01-01T00:00:01Z",
         "attributes": {"llm.output_messages": [{"message.role": "assistant",
                                                 "message.content": "Ada."}]}},
    ]}
    assert detect([page]) == "openinference"
    (record,) = ragvet.load_traces([page])
    assert (record.query, record.response, record.source_texts) == (
        "who wrote it", "Ada.", ("Ada wrote it.",))


def test_formats_are_recognised_by_shape():
    assert detect([{"info": {"trace_id": "tr-1"}, "data": {"spans": []}}]) == "mlflow"
    assert detect([{"id": "t", "observations": []}]) == "langfuse"
    genai = _request([_span(ROOT, None, "chat", {"gen_ai.operation.name": "chat"}, 1)])
    assert detect([genai]) == "otel"
    with pytest.raises(DataError, match="cannot tell the trace format"):
        detect([{"something": "else"}])


def test_traces_that_answer_nothing_are_left_out_and_listed():
    indexing = _span("1111111111111111", None, "embed", {"openinference.span.kind":
                                                         "EMBEDDING"}, 0)
    indexing["traceId"] = "f" * 32
    records = ragvet.load_traces([_request([indexing, *_openinference_spans()])])
    assert [r.id for r in records] == [TRACE]
    assert "not a question-answering trace" in str(records.skipped[0])
    with pytest.raises(DataError, match="has a retriever or LLM span"):
        ragvet.load_traces([_request([indexing])], format="openinference")


def test_a_broken_trace_is_named_or_skipped_on_request():
    broken = [_span("2222222222222222", None, "llm", {"openinference.span.kind": "LLM",
                                                     "input.value": "q", "output.value": "a"},
                    0)]
    broken[0]["traceId"] = "e" * 32
    good_and_broken = [_request([*broken, *_openinference_spans()])]
    with pytest.raises(DataError, match=f"trace {'e' * 32}, field 'sources'"):
        ragvet.load_traces(good_and_broken)
    records = ragvet.load_traces(good_and_broken, skip_invalid=True)
    assert [r.id for r in records] == [TRACE] and len(records.skipped) == 1


def test_genai_documents_without_content_are_refused():
    spans = [_span(ROOT, None, "retrieval", {
        "gen_ai.operation.name": "retrieval", "gen_ai.retrieval.query.text": "who",
        "gen_ai.retrieval.documents": json.dumps([{"id": "d1", "score": 0.9}])}, 1),
        _span(LLM, ROOT, "chat", {"gen_ai.operation.name": "chat",
                                  "gen_ai.output.messages": json.dumps([{
                                      "role": "assistant",
                                      "parts": [{"type": "text", "content": "Ada."}]}])}, 2)]
    with pytest.raises(DataError, match="1 of 1 retrieved documents have no text"):
        ragvet.load_traces([_request(spans)], format="otel")


def test_a_langfuse_trace_object_gives_its_own_input_as_query():
    trace = {"id": "t9", "input": {"query": "Who wrote it?"}, "output": "Ada.", "observations": [
        {"id": "o1", "type": "RETRIEVER", "name": "search", "input": "who",
         "output": [{"page_content": "Ada wrote it.", "metadata": {"source": "doc.md"}}]},
        {"id": "o2", "type": "GENERATION", "name": "answer",
         "output": {"role": "assistant", "content": "Ada wrote it."}}]}
    (record,) = ragvet.load_traces([trace])
    assert (record.id, record.query, record.response) == ("t9", "Who wrote it?", "Ada wrote it.")
    assert [(s.id, s.text) for s in record.sources] == [("doc.md", "Ada wrote it.")]
