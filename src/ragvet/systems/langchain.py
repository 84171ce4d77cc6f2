"""A LangChain runnable as a system under test: `from_langchain(chain)`.

The chain is called with `ainvoke`: the query, or `{input_key: query}` where the chain's input
schema is an object with an `input` / `question` / `query` field. Its answer is the
output when that is text or a message, else the output's `answer` / `result` / `output` /
`response` field. Its passages are the documents the output lists under `context` /
`source_documents` / `documents`, else the documents its retrievers returned during the call,
caught with a callback, so a chain that returns only a string is still scored against what
it retrieved. langchain-core is imported on first use (`pip install ragvet[langchain]`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Answer, Passage

ANSWER_KEYS = ("answer", "result", "output", "response", "text")
INPUT_KEYS = ("input", "question", "query")
DOCUMENT_KEYS = ("context", "source_documents", "documents", "docs")
ID_KEYS = ("id", "doc_id", "document_id", "source")


class LangChainSystem:
    """Adapts a LangChain `Runnable` to the `System` protocol."""

    def __init__(self, runnable: Any, *, input_key: str | None = None) -> None:
        if not hasattr(runnable, "ainvoke"):
            raise TypeError(f"{type(runnable).__name__} is not a LangChain runnable "
                            "(it has no ainvoke)")
        self.runnable = runnable
        self.input_key = input_key if input_key is not None else _input_key(runnable)

    async def answer(self, query: str) -> Answer:
        retrieved = _retrieval_catcher()
        value = query if self.input_key is None else {self.input_key: query}
        try:
            output = await self.runnable.ainvoke(value, config={"callbacks": [retrieved]})
        except Exception as err:  # the chain may raise anything; the query keeps the error
            return Answer.failure(query, f"{type(err).__name__}: {err}")
        response = _response(output)
        if response is None:
            return Answer.failure(query, f"chain output of type {type(output).__name__} has "
                                  f"no answer field ({', '.join(ANSWER_KEYS)})")
        documents = _listed_documents(output)
        if documents is None:
            documents = retrieved.documents
        return Answer(query=query, response=response,
                      sources=tuple(passage(d) for d in documents))

    async def aclose(self) -> None:
        """A runnable holds nothing ragvet should release."""


def from_langchain(runnable: Any, *, input_key: str | None = None) -> LangChainSystem:
    """The system `runnable` is; `input_key` when it takes a mapping, e.g. "input"."""
    return LangChainSystem(runnable, input_key=input_key)


def _input_key(runnable: Any) -> str | None:
    """The field a runnable taking a mapping wants the query under (`create_retrieval_chain`
    takes `{"input": …}`), read from its input schema; None when it takes the text."""
    try:
        schema = runnable.get_input_jsonschema()
    except Exception:  # a runnable without a schema takes what it is given
        return None
    properties = schema.get("properties") if schema.get("type") == "object" else None
    if not isinstance(properties, dict):
        return None
    return next((key for key in INPUT_KEYS if key in properties), None)


def passage(document: Any) -> Passage:
    """A LangChain `Document` (or a mapping / text) → `Passage` with its id where it has one:
    the document's own id, else an id-like field of its metadata."""
    if isinstance(document, str):
        return Passage(text=document)
    text = getattr(document, "page_content", None)
    metadata = getattr(document, "metadata", None) or {}
    found = getattr(document, "id", None)
    if isinstance(document, Mapping):
        text = document.get("page_content", document.get("text"))
        metadata, found = document.get("metadata") or {}, document.get("id")
    if found in (None, ""):
        found = next((metadata[k] for k in ID_KEYS if metadata.get(k) not in (None, "")), None)
    return Passage(id=None if found is None else str(found),
                   text=None if text is None else str(text))


def _response(output: Any) -> str | None:
    if isinstance(output, str):
        return output
    content = getattr(output, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(output, Mapping):
        for key in ANSWER_KEYS:
            if key in output:
                return _response(output[key])
    return None


def _listed_documents(output: Any) -> Sequence[Any] | None:
    if isinstance(output, Mapping):
        for key in DOCUMENT_KEYS:
            found = output.get(key)
            if isinstance(found, list | tuple) and all(_is_document(d) for d in found):
                return found
    return None


def _is_document(value: Any) -> bool:
    return hasattr(value, "page_content") or isinstance(value, str) or (
        isinstance(value, Mapping) and ("page_content" in value or "text" in value))


def _retrieval_catcher() -> Any:
    """A callback handler keeping the documents every retriever returned during one call."""
    from langchain_core.callbacks import BaseCallbackHandler

    class RetrievedDocuments(BaseCallbackHandler):
        def __init__(self) -> None:
            self.documents: list[Any] = []

        def on_retriever_end(self, documents: Sequence[Any], **kwargs: Any) -> None:
            self.documents.extend(documents)

    return RetrievedDocuments()
