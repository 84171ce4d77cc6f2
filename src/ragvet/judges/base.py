"""The judge seam: the batched primitive operations every metric is built from.

Every judge (scripted, offline local, LLM) implements `Judge` without inheriting from
anything. Each operation takes a batch of items and returns one result per item, in order.
A judge that cannot judge one item returns a Verdict with `value=None` and `error` set for
that item rather than raising, so the rest of the batch keeps its verdicts; raising is for
failures of the whole call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """A yes/no judgement with the evidence behind it.

    `value` is None only when the item could not be judged; then `error` says why.
    `raw` keeps the judge's own output (model text, features) for the report.
    `probability` is the judge's calibrated probability that the answer is yes, set only by
    judges that have one (the offline judge's fitted models). Metrics then count the verdict
    as that probability, so a score is the expected share of yes verdicts (see
    `metrics.aggregate.expected_yes`); without it a verdict counts 1 or 0. `confidence` is
    free-form strength for display (a cosine, a probability) and never enters a score.
    """

    value: bool | None
    reason: str | None = None
    raw: str | None = None
    error: str | None = None
    confidence: float | None = None
    probability: float | None = None
    detail: Mapping[str, Any] | None = None

    @classmethod
    def failed(cls, error: str, *, raw: str | None = None) -> Verdict:
        return cls(value=None, error=error, raw=raw)


@dataclass(frozen=True, slots=True, kw_only=True)
class Decomposition:
    """Text split into parts (claims, facts or sub-questions)."""

    items: tuple[str, ...]
    raw: str | None = None
    error: str | None = None

    @classmethod
    def failed(cls, error: str, *, raw: str | None = None) -> Decomposition:
        return cls(items=(), error=error, raw=raw)


@dataclass(frozen=True, slots=True)
class EssentialItem:
    """Is `text` (a source, fact or claim) essential to answer `query`?"""

    text: str
    query: str


@dataclass(frozen=True, slots=True)
class AnswersItem:
    """Does `text` answer (or address the intent of) `question`?"""

    question: str
    text: str


@dataclass(frozen=True, slots=True)
class SupportItem:
    """Is `claim` supported by the sources taken together?"""

    claim: str
    sources: tuple[str, ...]


@runtime_checkable
class Judge(Protocol):
    """The primitive operations, each over a batch of items."""

    id: str

    async def claims(self, texts: Sequence[str]) -> list[Decomposition]:
        """Split each text into standalone claims (facts for sources)."""
        ...

    async def subquestions(self, queries: Sequence[str]) -> list[Decomposition]:
        """Split each query into self-contained sub-questions."""
        ...

    async def questions(self, texts: Sequence[str], n: int) -> list[Decomposition]:
        """Generate up to `n` questions that each text answers (for answer relevance)."""
        ...

    async def essential(self, items: Sequence[EssentialItem]) -> list[Verdict]: ...

    async def answers(self, items: Sequence[AnswersItem]) -> list[Verdict]: ...

    async def supported(self, items: Sequence[SupportItem]) -> list[Verdict]: ...

    async def embed(self, texts: Sequence[str]) -> list[Sequence[float]]:
        """One vector per text (any length, same for all)."""
        ...

    def describe(self) -> Mapping[str, Any]:
        """What produced the verdicts: id, versions, parameters. Written into every result."""
        ...

