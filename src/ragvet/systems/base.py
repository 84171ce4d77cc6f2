"""The contract of a system under test: one query in, one `Answer` out, failures as data.

Every adapter in `ragvet.systems` (HTTP endpoint, Python callable, and later framework
objects) returns an `Answer` for each query and never raises for one bad query, so a long
run records what went wrong where instead of stopping at the first failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True, kw_only=True)
class Passage:
    """One retrieved passage as the system reported it: its id, its text, or both."""

    id: str | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """What the system did with one query.

    `response` is None exactly when the call failed, and then `error` says why. `latency_s`
    is the wall time of the call, measured by `answer_all`.
    """

    query: str
    response: str | None
    sources: tuple[Passage, ...] = ()
    error: str | None = None
    latency_s: float = 0.0

    @classmethod
    def failure(cls, query: str, reason: str) -> Answer:
        return cls(query=query, response=None, error=reason)

    @property
    def failed(self) -> bool:
        return self.error is not None

    @property
    def doc_ids(self) -> tuple[str, ...]:
        """Ids of the retrieved passages that have one, in retrieval order."""
        return tuple(p.id for p in self.sources if p.id is not None)


class System(Protocol):
    """A RAG system under test. `aclose` releases what the adapter holds (connections);
    the adapter opens them again if it is asked another query afterwards."""

    async def answer(self, query: str) -> Answer: ...

    async def aclose(self) -> None: ...
