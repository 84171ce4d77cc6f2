"""OpenTelemetry GenAI, Langfuse and MLflow traces → records, each made by the real SDK:
GenAI spans by the OpenTelemetry SDK with the semantic-conventions package's attribute
names; Langfuse spans by the Langfuse SDK (its exporter swapped for an in-memory one: no
server is reachable offline); MLflow traces by mlflow's own tracing into a local store."""

from __future__ import annotations

import json
import uuid

import pytest

pytest.importorskip("opentelemetry.sdk")
pytest.importorskip("langchain_core")  # the shared app's retriever
pytest.importorskip("opentelemetry.exporter.otlp.json.common")

from rag_apps import ANSWERS, CORPUS, QUERIES, keyword_retriever, otlp_json, span_capture

import ragvet
from ragvet.judges.factory import make_judge


def _retrieved(query):
    return [(d.id, d.page_content) for d in keyword_retriever().invoke(query)]


def _direct():
    return [ragvet.make_record(id=n, query=q, response=a, sources=[
        ragvet.Source(text=text, id=doc_id) for doc_id, text in _retrieved(q)])
        for n, (q, a) in enumerate(zip(QUERIES, ANSWERS, strict=True))]


def _fields(records):
    return [(r.query, r.sources, r.response) for r in records]


def test_genai_semantic_convention_spans_read_as_records(tmp_path):
    from opentelemetry.semconv._incubating.attributes import gen_ai_attributes as G

    provider, exporter = span_capture()
    tracer = provider.get_tracer("rag-app")
    for query, answer in zip(QUERIES, ANSWERS, strict=True):
        with tracer.start_as_current_span("answer question"):
            with tracer.start_as_current_span("retrieval kb") as span:
                span.set_attribute(G.GEN_AI_OPERATION_NAME, "retrieval")
                span.set_attribute(G.GEN_AI_RETRIEVAL_QUERY_TEXT, query)
                span.set_attribute(G.GEN_AI_RETRIEVAL_DOCUMENTS, json.dumps(
                    [{"id": i, "score": 0.9, "content": t} for i, t in _retrieved(query)]))
            with tracer.start_as_current_span("chat fake-model") as span:
                span.set_attribute(G.GEN_AI_OPERATION_NAME, "chat")
                span.set_attribute(G.GEN_AI_INPUT_MESSAGES, json.dumps(
                    [{"role": "user", "parts": [{"type": "text", "content": query}]}]))
                span.set_attribute(G.GEN_AI_OUTPUT_MESSAGES, json.dumps(
                    [{"role": "assistant", "parts": [{"type": "text", "content": answer}],
                      "finish_reason": "stop"}]))
    path = tmp_path / "otlp.json"
    path.write_text(otlp_json(exporter.get_finished_spans()), encoding="utf-8")
    records = ragvet.load_traces(path, format="otel")
    assert _fields(records) == _fields(_direct())
    assert records[0].metadata["trace_format"] == "otel"
    assert ragvet.data.traces.detect([json.loads(path.read_text())]) == "otel"


def test_genai_spans_with_the_older_indexed_prompt_attributes(tmp_path):
    """`gen_ai.prompt.N.*` / `gen_ai.completion.N.*`, as OpenLLMetry-style instrumentors
    write them; the question comes from the user prompt when no span has an input."""
    provider, exporter = span_capture()
    tracer = provider.get_tracer("rag-app")
    with tracer.start_as_current_span("retrieve") as span:
        span.set_attribute("gen_ai.operation.name", "retrieval")
        span.set_attribute("gen_ai.retrieval.documents", json.dumps(
            [{"id": "eiffel", "content": CORPUS[0][1]}]))
        with tracer.start_as_current_span("completion") as llm:
            llm.set_attribute("gen_ai.operation.name", "text_completion")
            llm.set_attribute("gen_ai.prompt.0.role", "user")
            llm.set_attribute("gen_ai.prompt.0.content", QUERIES[0])
            llm.set_attribute("gen_ai.completion.0.content", ANSWERS[0])
    (record,) = ragvet.load_traces(exporter.get_finished_spans(), format="otel")
    assert (record.query, record.response) == (QUERIES[0], ANSWERS[0])
    assert [(s.id, s.text) for s in record.sources] == [CORPUS[0]]


def _langfuse_spans():
    pytest.importorskip("langfuse")
    from langfuse import Langfuse
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    # the SDK keeps one client per public key: a fresh key gets a fresh exporter
    client = Langfuse(public_key=f"pk-lf-{uuid.uuid4()}", secret_key="sk-lf-offline",
                      base_url="http://127.0.0.1:9", span_exporter=exporter)
    try:
        for query, answer in zip(QUERIES, ANSWERS, strict=True):
            with client.start_as_current_observation(name="rag", as_type="span",
                                                     input={"question": query}) as root:
                with client.start_as_current_observation(name="search", as_type="retriever",
                                                         input=query) as search:
                    search.update(output=[{"id": i, "page_content": t}
                                          for i, t in _retrieved(query)])
                with client.start_as_current_observation(
                        name="answer", as_type="generation", model="fake",
                        input=[{"role": "user", "content": query}]) as generation:
                    generation.update(output={"role": "assistant", "content": answer})
                root.update(output=answer)
        client.flush()
        return exporter.get_finished_spans()
    finally:
        client.shutdown()


def test_langfuse_sdk_spans_read_as_records(tmp_path):
    spans = _langfuse_spans()
    path = tmp_path / "langfuse-otlp.json"
    path.write_text(otlp_json(spans), encoding="utf-8")
    records = ragvet.load_traces(path)  # recognised by its langfuse.* attributes
    assert _fields(records) == _fields(_direct())
    assert records[0].metadata["trace_format"] == "langfuse"


def test_a_langfuse_export_reads_as_the_same_records(tmp_path):
    """The export as Langfuse's API returns observations, built with the SDK's own API
    model (ObservationV2) from the SDK's spans, the way the server stores them."""
    from langfuse.api.commons.types.observation_v2 import ObservationV2

    observations = []
    for span in _langfuse_spans():
        attributes = span.attributes
        observation = ObservationV2(
            id=f"{span.context.span_id:016x}", trace_id=f"{span.context.trace_id:032x}",
            parent_observation_id=f"{span.parent.span_id:016x}" if span.parent else None,
            type=str(attributes["langfuse.observation.type"]).upper(), name=span.name,
            start_time=_time(span.start_time), end_time=_time(span.end_time),
            project_id="p", input=_json(attributes.get("langfuse.observation.input")),
            output=_json(attributes.get("langfuse.observation.output")))
        observations.append(json.loads(observation.json()))  # the API's wire form
    path = tmp_path / "observations.json"
    path.write_text(json.dumps({"data": observations, "meta": {}}), encoding="utf-8")
    records = ragvet.load_traces(path, format="langfuse")
    assert _fields(records) == _fields(_direct())
    trace = {"id": "t1", "input": {"question": QUERIES[0]}, "output": ANSWERS[0],
             "observations": [o for o in observations if o["traceId"] ==
                              observations[0]["traceId"]]}
    (record,) = ragvet.load_traces([trace], format="langfuse")
    assert record.id == "t1" and _fields([record]) == _fields(_direct()[:1])


@pytest.fixture(scope="module")
def mlflow_traces(tmp_path_factory):
    mlflow = pytest.importorskip("mlflow")
    from mlflow.entities import Document, SpanType

    folder = tmp_path_factory.mktemp("mlflow")
    mlflow.set_tracking_uri(f"sqlite:///{folder / 'mlflow.db'}")
    # artifacts under the test folder, not ./mlruns in the working directory
    mlflow.create_experiment("ragvet-traces", artifact_location=(folder / "artifacts").as_uri())
    mlflow.set_experiment("ragvet-traces")  # not an experiment another module made elsewhere

    @mlflow.trace(span_type=SpanType.RETRIEVER)
    def retrieve(query):
        return [Document(page_content=t, id=i, metadata={"doc_uri": f"kb/{i}"})
                for i, t in _retrieved(query)]

    @mlflow.trace(span_type=SpanType.CHAT_MODEL)
    def generate(messages, answer):
        return {"choices": [{"message": {"role": "assistant", "content": answer}}]}

    @mlflow.trace(span_type=SpanType.CHAIN)
    def rag(question, answer):
        retrieve(question)
        return generate([{"role": "user", "content": question}], answer)["choices"][0][
            "message"]["content"]

    ids = []
    for query, answer in zip(QUERIES, ANSWERS, strict=True):
        rag(query, answer)
        ids.append(mlflow.get_last_active_trace_id())
    mlflow.flush_trace_async_logging()
    return [mlflow.get_trace(i) for i in ids], mlflow.search_traces()


def test_mlflow_traces_read_as_records(mlflow_traces, tmp_path):
    traces, frame = mlflow_traces
    path = tmp_path / "traces.jsonl"
    path.write_text("\n".join(t.to_json() for t in traces) + "\n", encoding="utf-8")
    records = ragvet.load_traces(path, format="mlflow")
    assert _fields(records) == _fields(_direct())
    assert records[0].id == traces[0].info.trace_id
    assert _fields(ragvet.load_traces(traces)) == _fields(_direct())
    by_id = {r.id: r for r in ragvet.load_traces(frame)}  # search_traces(): newest first
    assert _fields([by_id[t.info.trace_id] for t in traces]) == _fields(_direct())


def test_traces_of_every_format_score_as_the_records_given_directly(mlflow_traces):
    judge = make_judge("local")
    given = [r.scores for r in ragvet.evaluate(_direct(), "RQC,GR,SP1", judge).results]
    traces, _ = mlflow_traces
    from_mlflow = ragvet.evaluate(ragvet.load_traces(traces), "RQC,GR,SP1", judge)
    from_langfuse = ragvet.evaluate(ragvet.load_traces(_langfuse_spans()), "RQC,GR,SP1", judge)
    assert [r.scores for r in from_mlflow.results] == given
    assert [r.scores for r in from_langfuse.results] == given


def _json(value):
    try:
        return json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return value


def _time(nanoseconds):
    import datetime as dt

    return dt.datetime.fromtimestamp(nanoseconds / 1e9, tz=dt.timezone.utc)
