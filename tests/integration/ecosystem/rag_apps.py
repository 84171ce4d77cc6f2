"""Small RAG applications built with the frameworks' own offline parts, shared by the trace
and framework tests: a LangChain retrieval chain (a keyword retriever, FakeListChatModel)
and a LlamaIndex query engine (MockLLM and MockEmbedding over a VectorStoreIndex)."""

from __future__ import annotations

import re
from typing import Any

CORPUS = (
    ("eiffel", "The Eiffel Tower was completed in 1889 for the World's Fair in Paris."),
    ("eiffel-height", "The Eiffel Tower is 330 metres tall."),
    ("louvre", "The Louvre in Paris is the most visited art museum in the world."),
    ("berlin", "Berlin became the capital of reunified Germany in 1990."),
    ("tokyo", "Tokyo is the capital of Japan and its largest city."),
)
QUERIES = (
    "When was the Eiffel Tower completed?",
    "Which museum in Paris is the most visited?",
    "When did Berlin become the capital of Germany?",
)
ANSWERS = (
    "The Eiffel Tower was completed in 1889.",
    "The Louvre is the most visited art museum in the world.",
    "Berlin became the capital of reunified Germany in 1990. It has a famous zoo.",
)


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3}


def keyword_retriever(k: int = 2) -> Any:
    """A LangChain BaseRetriever ranking the corpus by shared words with the query."""
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever

    class KeywordRetriever(BaseRetriever):
        k: int = 2

        def _get_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
            ranked = sorted(CORPUS, key=lambda item: -len(words(query) & words(item[1])))
            return [Document(id=doc_id, page_content=text) for doc_id, text in ranked[:self.k]]

    return KeywordRetriever(k=k)


def langchain_chain(answers: tuple[str, ...] = ANSWERS) -> Any:
    """retriever → prompt → FakeListChatModel → text: a chain returning only the answer."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnablePassthrough

    prompt = ChatPromptTemplate.from_messages([
        ("system", "Answer from this context only:\n{context}"), ("human", "{question}")])

    def joined(documents: list[Any]) -> str:
        return "\n".join(d.page_content for d in documents)

    return ({"context": keyword_retriever() | joined, "question": RunnablePassthrough()}
            | prompt | FakeListChatModel(responses=list(answers)) | StrOutputParser())


def llamaindex_engine() -> Any:
    """A VectorStoreIndex over the corpus with MockEmbedding, answered by MockLLM."""
    from llama_index.core import VectorStoreIndex
    from llama_index.core.embeddings import MockEmbedding
    from llama_index.core.llms import MockLLM
    from llama_index.core.schema import TextNode

    nodes = [TextNode(text=text, id_=doc_id) for doc_id, text in CORPUS]
    index = VectorStoreIndex(nodes, embed_model=MockEmbedding(embed_dim=8))
    return index.as_query_engine(llm=MockLLM(max_tokens=12), similarity_top_k=2)


def span_capture() -> tuple[Any, Any]:
    """(tracer provider, in-memory exporter) from the OpenTelemetry SDK."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider, exporter


def otlp_json(spans: Any) -> str:
    """Finished SDK spans as an OTLP/JSON ExportTraceServiceRequest, encoded by
    OpenTelemetry's own JSON encoder (opentelemetry-exporter-otlp-json-common)."""
    from opentelemetry.exporter.otlp.json.common.trace_encoder import encode_spans

    return encode_spans(spans).to_json()
