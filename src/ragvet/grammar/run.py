"""Ask the system under test every GRAMMAR query and keep what it did, joined by query id.

The calling itself is `ragvet.systems` (HTTP endpoint or Python callable, concurrent,
failures as data); this module keys each answer to its case and saves the run as
`answers.jsonl` (id, query, answer, doc_ids, error, latency_s) for `analyze` and `export`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .._util.jsonl import read_jsonl, write_jsonl
from ..systems.base import Answer, System
from ..systems.run import answer_all
from .fill import QueryCase


@dataclass(frozen=True, slots=True, kw_only=True)
class RunOutcome:
    """What the system did on one query (joined to its case by `id`)."""

    id: str
    query: str
    answer: str | None
    doc_ids: tuple[str, ...] = ()
    error: str | None = None
    latency_s: float = 0.0

    @classmethod
    def of(cls, case_id: str, answer: Answer) -> RunOutcome:
        return cls(id=case_id, query=answer.query, answer=answer.response,
                   doc_ids=answer.doc_ids, error=answer.error, latency_s=answer.latency_s)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["doc_ids"] = list(self.doc_ids)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunOutcome:
        return cls(id=str(data["id"]), query=str(data.get("query", "")),
                   answer=data.get("answer"), doc_ids=tuple(str(d) for d in data.get(
                       "doc_ids") or ()), error=data.get("error"),
                   latency_s=float(data.get("latency_s", 0.0)))


async def run_system(cases: Sequence[QueryCase], system: System, *, concurrency: int = 8,
                     on_answer: Callable[[Answer], object] | None = None
                     ) -> list[RunOutcome]:
    """Ask every case's query (at most `concurrency` at once); outcomes in input order."""
    answers = await answer_all([c.query for c in cases], system, concurrency=concurrency,
                               on_answer=on_answer)
    return [RunOutcome.of(case.id, answer) for case, answer in
            zip(cases, answers, strict=True)]


def write_outcomes(outcomes: Iterable[RunOutcome], path: str | Path) -> None:
    write_jsonl((outcome.to_dict() for outcome in outcomes), path)


def read_outcomes(path: str | Path) -> list[RunOutcome]:
    return [RunOutcome.from_dict(row) for row in read_jsonl(path)]
