"""Write traces.json (or the file named as argument): the OpenInference spans of rag_app's
chain answering queries.jsonl, as OpenTelemetry's OTLP/JSON encoder writes them (what a
collector's file exporter holds).

    pip install opentelemetry-sdk opentelemetry-exporter-otlp-json-common \
        openinference-instrumentation-langchain langchain-core
    python examples/integrations/make_traces.py [OUT.json]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from openinference.instrumentation.langchain import LangChainInstrumentor
from opentelemetry.exporter.otlp.json.common.trace_encoder import encode_spans
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from rag_app import build_chain

HERE = Path(__file__).resolve().parent


def main(out: Path) -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    LangChainInstrumentor().instrument(tracer_provider=provider)
    chain = build_chain()
    for line in (HERE / "queries.jsonl").read_text(encoding="utf-8").splitlines():
        chain.invoke(json.loads(line)["question"])
    out.write_text(encode_spans(exporter.get_finished_spans()).to_json(), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "traces.json")
