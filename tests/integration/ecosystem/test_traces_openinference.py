"""OpenInference traces → records, with spans made by the real SDKs: a LangChain chain and a
LlamaIndex query engine instrumented by the OpenInference instrumentors, captured by the
OpenTelemetry SDK's in-memory exporter, exported as OTLP/JSON by OpenTelemetry's own
encoder. Round trip: the records read from the trace score exactly as the records the
application produced, given directly."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("openinference.instrumentation.langchain")
pytest.importorskip("opentelemetry.exporter.otlp.json.common")

from rag_apps import (
    ANSWERS,
    QUERIES,
    keyword_retriever,
    langchain_chain,
    llamaindex_engine,
    otlp_json,
    span_capture,
)

import ragvet
from ragvet.errors import DataError
from ragvet.judges.factory import make_judge


@pytest.fixture(scope="module")
def langchain_trace():
    """(finished spans, records the app produced) for QUERIES through the chain."""
    from openinference.instrumentation.langchain import LangChainInstrumentor

    provider, exporter = span_capture()
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        chain, retriever = langchain_chain(), keyword_retriever()
        direct = []
        for number, query in enumerate(QUERIES):
            answer = chain.invoke(query)
            documents = retriever.invoke(query)
            direct.append(ragvet.make_record(id=number, query=query, response=answer, sources=[
                ragvet.Source(text=d.page_content, id=d.id) for d in documents]))
    finally:
        instrumentor.uninstrument()
    spans = [s for s in exporter.get_finished_spans()
             if s.attributes.get("openinference.span.kind")]
    # the retriever calls made outside the chain above are traces of their own: drop them
    chain_traces = {s.context.trace_id for s in spans if s.parent is None and
                    s.name == "RunnableSequence"}
    return [s for s in spans if s.context.trace_id in chain_traces], direct


@pytest.fixture(scope="module")
def judge():
    return make_judge("local")


def _fields(records):
    return [(r.query, r.sources, r.response) for r in records]


def test_otlp_json_export_of_a_langchain_trace_reads_as_the_apps_records(langchain_trace,
                                                                          tmp_path):
    spans, direct = langchain_trace
    path = tmp_path / "traces.json"
    path.write_text(otlp_json(spans), encoding="utf-8")
    records = ragvet.load_traces(path, format="openinference")
    assert _fields(records) == _fields(direct)
    assert [r.response for r in records] == list(ANSWERS)
    first = records[0]
    assert first.sources[0].id == "eiffel"  # the Document id, read from the span's output
    assert first.metadata["trace_id"] == first.id and len(first.id) == 32
    assert first.metadata["retriever_spans"] == ["KeywordRetriever"]
    assert first.metadata["llm_span"] == "FakeListChatModel"
    assert ragvet.data.traces.detect([json.loads(path.read_text())]) == "openinference"


def test_round_trip_scores_equal_the_records_given_directly(langchain_trace, judge, tmp_path):
    spans, direct = langchain_trace
    path = tmp_path / "traces.json"
    path.write_text(otlp_json(spans), encoding="utf-8")
    from_traces = ragvet.evaluate(ragvet.load_traces(path), "thelma", judge)
    given = ragvet.evaluate(direct, "thelma", judge)
    assert [r.scores for r in from_traces.results] == [r.scores for r in given.results]
    assert all(v is not None for r in given.results for v in r.scores.values())


def test_in_memory_spans_read_without_an_export(langchain_trace):
    spans, direct = langchain_trace
    assert _fields(ragvet.load_traces(spans)) == _fields(direct)


def test_phoenix_span_export_and_dataframe_read_the_same(langchain_trace, tmp_path):
    """Phoenix's span JSONL (nested attributes) and its spans DataFrame, in the shapes
    Phoenix writes them, made from the same SDK spans (arize-phoenix itself, a server, is not
    installed for the tests)."""
    spans, direct = langchain_trace
    lines = [json.dumps(_phoenix_span(s)) for s in spans]
    path = tmp_path / "spans.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _fields(ragvet.load_traces(path, format="openinference")) == _fields(direct)
    frame = _phoenix_frame(spans)
    assert _fields(ragvet.load_traces(frame)) == _fields(direct)
    parquet = tmp_path / "spans.parquet"
    frame.to_parquet(parquet)
    assert _fields(ragvet.load_traces(parquet, format="openinference")) == _fields(direct)


def test_a_llamaindex_query_engine_trace_reads_as_its_response(tmp_path):
    pytest.importorskip("openinference.instrumentation.llama_index")
    from openinference.instrumentation.llama_index import LlamaIndexInstrumentor

    provider, exporter = span_capture()
    instrumentor = LlamaIndexInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        engine = llamaindex_engine()
        responses = [engine.query(q) for q in QUERIES[:2]]
    finally:
        instrumentor.uninstrument()
    path = tmp_path / "llamaindex.json"
    path.write_text(otlp_json(exporter.get_finished_spans()), encoding="utf-8")
    records = ragvet.load_traces(path, format="openinference")
    assert [r.query for r in records] == list(QUERIES[:2])
    assert [r.response for r in records] == [str(r) for r in responses]
    for record, response in zip(records, responses, strict=True):
        assert [(s.id, s.text) for s in record.sources] == [
            (n.node.node_id, n.node.get_content()) for n in response.source_nodes]


def test_a_reranker_decides_the_sources_and_documents_keep_their_ids(tmp_path):
    """Spans written with the OpenInference conventions package, as a hand-instrumented
    application writes them: retriever → reranker → LLM under one chain span."""
    from openinference.semconv.trace import (
        DocumentAttributes as D,
    )
    from openinference.semconv.trace import (
        MessageAttributes as M,
    )
    from openinference.semconv.trace import (
        OpenInferenceSpanKindValues as Kind,
    )
    from openinference.semconv.trace import (
        SpanAttributes as A,
    )

    provider, exporter = span_capture()
    tracer = provider.get_tracer("rag-app")
    retrieved = [("a", "Alpha text."), ("b", "Beta text."), ("c", "Gamma text.")]
    with tracer.start_as_current_span("rag") as root:
        root.set_attribute(A.OPENINFERENCE_SPAN_KIND, Kind.CHAIN.value)
        root.set_attribute(A.INPUT_VALUE, json.dumps({"question": "What is beta?"}))
        with tracer.start_as_current_span("retrieve") as span:
            span.set_attribute(A.OPENINFERENCE_SPAN_KIND, Kind.RETRIEVER.value)
            span.set_attribute(A.INPUT_VALUE, "beta")
            for i, (doc_id, text) in enumerate(retrieved):
                span.set_attribute(f"{A.RETRIEVAL_DOCUMENTS}.{i}.{D.DOCUMENT_ID}", doc_id)
                span.set_attribute(f"{A.RETRIEVAL_DOCUMENTS}.{i}.{D.DOCUMENT_CONTENT}", text)
        with tracer.start_as_current_span("rerank") as span:
            span.set_attribute(A.OPENINFERENCE_SPAN_KIND, Kind.RERANKER.value)
            span.set_attribute("reranker.output_documents.0.document.id", "b")
            span.set_attribute("reranker.output_documents.0.document.content", "Beta text.")
        with tracer.start_as_current_span("llm") as span:
            span.set_attribute(A.OPENINFERENCE_SPAN_KIND, Kind.LLM.value)
            span.set_attribute(f"{A.LLM_OUTPUT_MESSAGES}.0.{M.MESSAGE_ROLE}", "assistant")
            span.set_attribute(f"{A.LLM_OUTPUT_MESSAGES}.0.{M.MESSAGE_CONTENT}", "Beta is B.")
    path = tmp_path / "spans.json"
    path.write_text(otlp_json(exporter.get_finished_spans()), encoding="utf-8")
    (record,) = ragvet.load_traces(path)
    assert record.query == "What is beta?"
    assert [(s.id, s.text) for s in record.sources] == [("b", "Beta text.")]
    assert record.response == "Beta is B."


def test_a_trace_that_cannot_be_a_record_is_named(tmp_path):
    from openinference.semconv.trace import SpanAttributes as A

    provider, exporter = span_capture()
    tracer = provider.get_tracer("rag-app")
    with tracer.start_as_current_span("chat") as span:
        span.set_attribute(A.OPENINFERENCE_SPAN_KIND, "LLM")
        span.set_attribute(A.INPUT_VALUE, "hello")
        span.set_attribute(A.OUTPUT_VALUE, "hi")
    with tracer.start_as_current_span("retrieve") as span:
        span.set_attribute(A.OPENINFERENCE_SPAN_KIND, "RETRIEVER")
        span.set_attribute(A.INPUT_VALUE, "what?")
        span.set_attribute("retrieval.documents.0.document.id", "x")  # no content recorded
    path = tmp_path / "spans.json"
    path.write_text(otlp_json(exporter.get_finished_spans()), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        ragvet.load_traces(path, format="openinference")
    message = str(caught.value)
    assert "no retriever span" in message and "have no text in the trace" in message
    assert str(path) in message and "trace " in message


def test_unreadable_input_is_a_data_error(tmp_path):
    bad = tmp_path / "spans.jsonl"
    bad.write_text('{"resourceSpans": []}\n{not json\n', encoding="utf-8")
    with pytest.raises(DataError, match="line 2"):
        ragvet.load_traces(bad, format="otel")
    with pytest.raises(DataError, match="unknown trace format"):
        ragvet.load_traces([{"resourceSpans": []}], format="zipkin")


def _phoenix_span(span):
    """A ReadableSpan in Phoenix's span JSON shape (context, span_kind, nested attributes)."""
    return {"name": span.name, "span_kind": span.attributes.get("openinference.span.kind"),
            "context": {"trace_id": f"{span.context.trace_id:032x}",
                        "span_id": f"{span.context.span_id:016x}"},
            "parent_id": f"{span.parent.span_id:016x}" if span.parent else None,
            "start_time": _iso(span.start_time), "end_time": _iso(span.end_time),
            "status_code": "OK", "attributes": _unflatten(dict(span.attributes))}


def _phoenix_frame(spans):
    """The spans as Phoenix's get_spans_dataframe() lays them out: one row per span,
    `context.*` columns and one `attributes.*` column per top-level attribute path,
    lists of documents / messages as lists of flat dicts."""
    import pandas as pd

    rows = []
    for span in spans:
        row = {"name": span.name, "span_kind": span.attributes.get("openinference.span.kind"),
               "parent_id": f"{span.parent.span_id:016x}" if span.parent else None,
               "start_time": pd.Timestamp(span.start_time, unit="ns", tz="UTC"),
               "context.span_id": f"{span.context.span_id:016x}",
               "context.trace_id": f"{span.context.trace_id:032x}"}
        for prefix in ("retrieval.documents", "llm.output_messages"):
            items = _indexed(span.attributes, prefix)
            if items:
                row[f"attributes.{prefix}"] = items
        for key, value in span.attributes.items():
            if not key.startswith(("retrieval.documents.", "llm.output_messages.",
                                   "llm.input_messages.")):
                row[f"attributes.{key}"] = value
        rows.append(row)
    return pd.DataFrame(rows).set_index("context.span_id")


def _indexed(attributes, prefix):
    found = {}
    for key, value in attributes.items():
        if key.startswith(prefix + "."):
            number, _, rest = key[len(prefix) + 1:].partition(".")
            found.setdefault(int(number), {})[rest] = value
    return [found[n] for n in sorted(found)]


def _unflatten(flat):
    nested = {}
    for key, value in flat.items():
        node, parts = nested, key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return _lists(nested)


def _lists(node):
    if not isinstance(node, dict):
        return node
    if node and all(k.isdigit() for k in node):
        return [_lists(node[k]) for k in sorted(node, key=int)]
    return {k: _lists(v) for k, v in node.items()}


def _iso(nanoseconds):
    import datetime as dt

    return dt.datetime.fromtimestamp(nanoseconds / 1e9, tz=dt.timezone.utc).isoformat()


def test_cli_evaluate_from_traces_scores_as_the_records_file(langchain_trace, tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    spans, direct = langchain_trace
    (tmp_path / "traces.json").write_text(otlp_json(spans), encoding="utf-8")
    (tmp_path / "records.jsonl").write_text(
        "".join(json.dumps(r.to_dict()) + "\n" for r in direct), encoding="utf-8")
    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "COLUMNS": "120"}

    def scores(*args):
        proc = subprocess.run([sys.executable, "-m", "ragvet", "evaluate", *args, "--metrics",
                               "RQC,GR", "--out", "out.jsonl"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        lines = (tmp_path / "out.jsonl").read_text().splitlines()
        return [json.loads(line)["scores"] for line in lines]

    assert scores("traces.json", "--from", "openinference") == scores("records.jsonl")
    wrong = subprocess.run([sys.executable, "-m", "ragvet", "evaluate", "traces.json",
                            "--from", "zipkin"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=300)
    assert wrong.returncode == 2 and "use one of openinference, otel" in wrong.stderr
