"""The judge seam: one call, `run(operation, items)`, and the values it returns.

Every judge (scripted, offline local, LLM) implements `Judge` without inheriting from
anything. The operations themselves (claims, supported, …) are declared once, in
`judges.ops`; a judge dispatches on the operation it is given. Each call takes a batch of
items and returns one result per item, in order. A judge that cannot judge one item returns
a Verdict with `value=None` and `error` set for that item rather than raising, so the rest of
the batch keeps its verdicts; raising is for failures of the whole call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """A yes/no judgement with the evidence behind it.

    `value` is None only when the item could not be judged; then `error` says why.
    `raw` keeps the judge's own output (model text, features) for the report.
    `label` is set by operations with more than two answers (e.g. supported / contradicted /
    not mentioned); `value` then says whether the label counts as yes.
    `probability` is the judge's calibrated probability that the answer is yes, set only by
    judges that have one (the offline judge's fitted models). Metrics then count the verdict
    as that probability, so a score is the expected share of yes verdicts (see
    `metrics.aggregate.expected_yes`); without it a verdict counts 1 or 0. `confidence` is
    free-form strength for display (a cosine, a probability) and never enters a score.
    """

    value: bool | None
    label: str | None = None
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


@dataclass(frozen=True, slots=True, kw_only=True)
class EssentialItem:
    """Is `text` (a source, fact or claim) essential to answer `query`?"""

    query: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswersItem:
    """Does `text` answer (or address the intent of) `question`?"""

    question: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SupportItem:
    """Is `claim` supported by the sources taken together?"""

    claim: str
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class QuestionsItem:
    """Up to `n` questions that `text` answers (for answer relevance)."""

    text: str
    n: int


# What an operation returns per item.
VERDICT = "verdict"  # Verdict, yes or no
LABEL = "label"  # Verdict whose `label` is one of the operation's labels
PARTS = "parts"  # Decomposition
VECTOR = "vector"  # a sequence of floats
OUTPUTS = (VERDICT, LABEL, PARTS, VECTOR)


@dataclass(frozen=True, slots=True, kw_only=True)
class Operation:
    """A judge operation, declared once (see `judges.ops` for the built-in ones).

    `item` is `str` or a frozen dataclass of the item's fields. `subject` names the field
    that is being judged (a claim, a question); `shared` names the fields that every item
    of one prompt has in common (the query, the sources), which is how an LLM judge groups a
    batch. `labels` lists the answers of a LABEL operation; `yes` those that count as yes.
    """

    name: str
    item: type
    output: str
    description: str
    subject: str = "text"
    shared: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    yes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.output not in OUTPUTS:
            raise ValueError(f"operation {self.name}: output must be one of {OUTPUTS}")
        if (self.output == LABEL) != bool(self.labels) or not set(self.yes) <= set(self.labels):
            raise ValueError(f"operation {self.name}: labels (and yes ⊆ labels) go with "
                             f"output {LABEL!r} only")
        unknown = set((self.subject, *self.shared)) - set(self.field_names)
        if unknown:
            raise ValueError(f"operation {self.name}: {self.item.__name__} has no field(s) "
                             f"{', '.join(sorted(unknown))}")

    @property
    def field_names(self) -> tuple[str, ...]:
        """The item's fields in declaration order (a `str` item is one field, `subject`)."""
        if is_dataclass(self.item):
            return _field_names(self.item)
        return (self.subject,)

    def values(self, item: Any) -> dict[str, Any]:
        """The item as field → value."""
        if isinstance(item, str):
            return {self.subject: item}
        return {name: getattr(item, name) for name in self.field_names}

    def subject_of(self, item: Any) -> str:
        return item if isinstance(item, str) else str(getattr(item, self.subject))

    def verdict(self, label: str, **evidence: Any) -> Verdict:
        """A LABEL operation's verdict: `value` says whether `label` counts as yes."""
        if label not in self.labels:
            raise ValueError(f"{label!r} is not a label of {self.name}: {self.labels}")
        return Verdict(value=label in self.yes, label=label, **evidence)


@runtime_checkable
class Judge(Protocol):
    """Runs any declared operation over a batch of items (see `judges.ops`)."""

    id: str

    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        """One result per item, in order: a Verdict, a Decomposition or a vector, as
        `op.output` says."""
        ...

    def describe(self) -> Mapping[str, Any]:
        """What produced the verdicts: id, versions, parameters. Written into every result."""
        ...


@cache
def _field_names(item_type: type) -> tuple[str, ...]:
    """A dataclass's field names (read on every judged item: `fields()` is not cheap)."""
    return tuple(f.name for f in fields(item_type))
