"""The record model: one RAG interaction to evaluate."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, slots=True)
class Source:
    """One retrieved passage, with the id the retriever gave it (if any)."""

    text: str
    id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """One RAG interaction: a query, the sources retrieved for it and the response.

    `id` is the input's own id when it has one, else the record's 0-based position.
    """

    id: str
    query: str
    sources: tuple[Source, ...]
    response: str
    reference: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def source_texts(self) -> tuple[str, ...]:
        return tuple(s.text for s in self.sources)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "query": self.query,
            "sources": [
                {"id": s.id, "text": s.text} if s.id is not None else {"text": s.text}
                for s in self.sources
            ],
            "response": self.response,
            "reference": self.reference,
            "metadata": dict(self.metadata),
        }


def make_record(
    *,
    query: str,
    sources: list[str | Source | Mapping[str, Any]] | tuple[str | Source | Mapping[str, Any], ...],
    response: str,
    id: str | int | None = None,
    reference: str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> Record:
    """Build a record in code without going through a loader. A source is its text, a
    `Source`, or a mapping as the loaders read it (`{"id": "a", "text": "…"}`)."""
    return Record(
        id=str(id) if id is not None else "0",
        query=query,
        sources=tuple(_as_source(s, k) for k, s in enumerate(sources)),
        response=response,
        reference=reference,
        metadata=MappingProxyType(dict(metadata or {})),
    )


def _as_source(item: Any, k: int) -> Source:
    if isinstance(item, Source):
        return item
    if isinstance(item, str):
        return Source(text=item)
    if isinstance(item, Mapping) and isinstance(item.get("text"), str):
        sid = item.get("id")
        return Source(text=item["text"], id=None if sid is None else str(sid))
    raise TypeError(f"sources[{k}]: expected a string, a Source or a mapping with a 'text' "
                    f"string, got {type(item).__name__}")
