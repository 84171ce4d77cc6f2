"""The steps of one trace → one record: the query it was asked, what its retrievers found
and what its LLM answered.

- query: the root span's input; else the first retriever's query; else the last user
  message the LLM saw.
- sources: the documents of the retriever spans in the order they ran (repeats dropped,
  and a retriever span nested in one that found documents ignored); when a reranker ran,
  the documents of the last reranker instead.
- response: the output of the LLM span that finished last; else the root span's output.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .spans import LLM, RETRIEVER, Document, Step


@dataclass(frozen=True, slots=True)
class TraceRow:
    """A trace as a record row (fed to validation), or the reasons it cannot be one."""

    trace_id: str
    row: dict[str, Any] | None
    problems: tuple[tuple[str | None, str], ...] = ()  # (field, message)
    answers: bool = True  # False: no retriever and no LLM span (indexing, embedding, …)


def by_trace(steps: Iterable[Step]) -> dict[str, list[Step]]:
    traces: dict[str, list[Step]] = {}
    for step in steps:
        traces.setdefault(step.trace_id, []).append(step)
    return traces


def trace_row(trace_id: str, steps: list[Step], *, format: str) -> TraceRow:
    known = {s.span_id for s in steps}
    ordered = sorted(steps, key=lambda s: s.start)
    roots = [s for s in ordered if s.parent_id is None or s.parent_id not in known]
    root = roots[0] if roots else ordered[0]
    retrievers = _outermost([s for s in ordered if s.role == RETRIEVER], steps)
    llms = sorted((s for s in steps if s.role == LLM), key=lambda s: (s.end, s.start))
    problems: list[tuple[str | None, str]] = []
    if not retrievers and not llms:
        return TraceRow(trace_id, None, ((None, "not a question-answering trace (no "
                                          "retriever or LLM span): left out"),), answers=False)
    if not retrievers:
        problems.append(("sources", "the trace has no retriever span, so nothing to score "
                         "the answer against"))
    documents = _documents(retrievers)
    missing = [d for d in documents if d.text is None]
    if missing:
        problems.append(("sources", f"{len(missing)} of {len(documents)} retrieved documents "
                         "have no text in the trace (record document content when tracing)"))
    query = root.input or next((s.input for s in retrievers if s.input), None) or \
        next((s.input for s in reversed(llms) if s.input), None)
    if not query:
        problems.append(("query", "no query found: neither the root span nor a retriever "
                         "span has an input"))
    response = next((s.output for s in reversed(llms) if s.output is not None), None)
    if response is None:
        response = root.output
    if response is None:
        problems.append(("response", "no response found: no LLM span output and no root "
                         "span output"))
    if problems:
        return TraceRow(trace_id, None, tuple(problems))
    metadata = {"trace_id": trace_id, "trace_format": format, "root_span": root.name,
                "retriever_spans": [s.name for s in retrievers]}
    if llms:
        metadata["llm_span"] = llms[-1].name
    sources = [{"id": d.id, "text": d.text} if d.id is not None else {"text": d.text}
               for d in documents]
    return TraceRow(trace_id, {"id": trace_id, "query": query, "sources": sources,
                               "response": response, "metadata": metadata})


def _outermost(retrievers: list[Step], steps: list[Step]) -> list[Step]:
    """Retrievers not nested in another retriever that found documents: an instrumented
    `retrieve` often wraps an inner `_retrieve` span reporting the same search."""
    parents = {s.span_id: s.parent_id for s in steps}
    finding = {s.span_id for s in retrievers if s.documents}

    def nested(step: Step) -> bool:
        seen, current = set(), parents.get(step.span_id)
        while current is not None and current not in seen:
            if current in finding:
                return True
            seen.add(current)
            current = parents.get(current)
        return False

    return [s for s in retrievers if not nested(s)]


def _documents(retrievers: list[Step]) -> list[Document]:
    reranked = [s for s in retrievers if s.reranked]
    chosen = [reranked[-1]] if reranked else retrievers
    seen: set[tuple[str | None, str | None]] = set()
    out: list[Document] = []
    for step in chosen:
        for document in step.documents:
            if (document.id, document.text) not in seen:
                seen.add((document.id, document.text))
                out.append(document)
    return out
