"""A LlamaIndex query engine as a system under test: `from_llamaindex(engine)`.

The engine is asked with `aquery` (a chat engine with `achat`); the answer is the
response's text and the passages are its `source_nodes`, each with the node's id and its
text without metadata. Nothing from llama-index is imported here: the response is read by
its attributes (`pip install ragvet[llamaindex]` installs llama-index-core).
"""

from __future__ import annotations

from typing import Any

from .base import Answer, Passage


class LlamaIndexSystem:
    """Adapts a LlamaIndex query engine (or chat engine) to the `System` protocol."""

    def __init__(self, engine: Any) -> None:
        if not (hasattr(engine, "aquery") or hasattr(engine, "achat")):
            raise TypeError(f"{type(engine).__name__} is not a LlamaIndex query engine "
                            "(it has neither aquery nor achat)")
        self.engine = engine

    async def answer(self, query: str) -> Answer:
        ask = self.engine.aquery if hasattr(self.engine, "aquery") else self.engine.achat
        try:
            response = await ask(query)
        except Exception as err:  # the engine may raise anything; the query keeps the error
            return Answer.failure(query, f"{type(err).__name__}: {err}")
        text = getattr(response, "response", None)
        if not isinstance(text, str):
            return Answer.failure(query, f"{type(response).__name__} has no text response "
                                  "(streaming responses are not supported)")
        nodes = getattr(response, "source_nodes", None) or ()
        return Answer(query=query, response=text, sources=tuple(_passage(n) for n in nodes))

    async def aclose(self) -> None:
        """An engine holds nothing ragvet should release."""


def from_llamaindex(engine: Any) -> LlamaIndexSystem:
    return LlamaIndexSystem(engine)


def _passage(scored: Any) -> Passage:
    node = getattr(scored, "node", scored)
    getter = getattr(node, "get_content", None)
    text = getter() if callable(getter) else getattr(node, "text", None)
    node_id = getattr(node, "node_id", None) or getattr(node, "id_", None)
    return Passage(id=None if node_id is None else str(node_id),
                   text=None if text is None else str(text))
