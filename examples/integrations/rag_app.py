"""A small RAG application built from LangChain's offline parts, for the integration docs:
a keyword retriever over five passages and FakeListChatModel answering in turn (ask the
questions in order, one at a time). `build_chain()` is what `ragvet answer --system
langchain:examples/integrations/rag_app.py:build_chain` calls."""

from __future__ import annotations

import re
from typing import Any

PASSAGES = {
    "eiffel": "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
    "eiffel-height": "The Eiffel Tower is 330 metres tall.",
    "louvre": "The Louvre in Paris is the most visited art museum in the world.",
    "berlin": "Berlin became the capital of reunified Germany in 1990.",
    "tokyo": "Tokyo is the capital of Japan and its largest city.",
}
ANSWERS = [
    "The Eiffel Tower was completed in 1889.",
    "The Louvre is the most visited art museum in the world.",
    "Berlin became the capital of reunified Germany in 1990. It has a famous zoo.",
]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3}


def build_retriever(k: int = 2) -> Any:
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever

    class KeywordRetriever(BaseRetriever):
        """The k passages sharing the most words with the query."""

        k: int = 2

        def _get_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
            ranked = sorted(PASSAGES.items(), key=lambda item: -len(_words(query) &
                                                                   _words(item[1])))
            return [Document(id=i, page_content=text) for i, text in ranked[:self.k]]

    return KeywordRetriever(k=k)


def build_chain() -> Any:
    """question → retriever → prompt → chat model → answer text."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnablePassthrough

    prompt = ChatPromptTemplate.from_messages([
        ("system", "Answer from this context only:\n{context}"), ("human", "{question}")])

    def joined(documents: list[Any]) -> str:
        return "\n".join(d.page_content for d in documents)

    return ({"context": build_retriever() | joined, "question": RunnablePassthrough()}
            | prompt | FakeListChatModel(responses=ANSWERS) | StrOutputParser())
