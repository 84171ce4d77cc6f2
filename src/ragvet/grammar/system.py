"""Call the RAG system under test on every query, concurrently, keeping answer and doc ids.

A system is a Python callable named `module:function` (sync or async; it returns the answer
text, a `(answer, doc_ids)` pair or a mapping) or an HTTP endpoint taking and returning JSON
with configurable field names. A failed call is recorded on its query; the run goes on.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from .._util.callables import awaitable_call
from .._util.callables import load_callable as shared_load_callable
from .._util.jsonl import read_jsonl, write_jsonl
from .fill import QueryCase


@dataclass(frozen=True, slots=True, kw_only=True)
class SystemAnswer:
    answer: str | None
    doc_ids: tuple[str, ...] = ()
    error: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RunOutcome:
    """What the system did on one query (joined to its case by `id`)."""

    id: str
    query: str
    answer: str | None
    doc_ids: tuple[str, ...] = ()
    error: str | None = None
    latency_s: float = 0.0

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


class SystemUnderTest(Protocol):
    async def __call__(self, query: str) -> SystemAnswer: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Fields:
    """Where the query goes and where answer and documents come from (dotted paths)."""

    query: str = "query"
    answer: str = "answer"
    docs: str = "doc_ids"
    doc_id: str = "id"


def to_answer(value: Any, fields: Fields = Fields()) -> SystemAnswer:
    """Interpret what a system returned: text, (answer, doc_ids) or a mapping."""
    if isinstance(value, SystemAnswer):
        return value
    if isinstance(value, str):
        return SystemAnswer(answer=value)
    if isinstance(value, tuple) and len(value) == 2:
        return SystemAnswer(answer=str(value[0]), doc_ids=_doc_ids(value[1], fields))
    if isinstance(value, Mapping):
        answer = _get(value, fields.answer)
        if answer is None:
            return SystemAnswer(answer=None, error=f"reply has no field '{fields.answer}'")
        return SystemAnswer(answer=str(answer), doc_ids=_doc_ids(_get(value, fields.docs),
                                                                 fields))
    return SystemAnswer(answer=None, error=f"unusable reply of type {type(value).__name__}")


def _get(data: Mapping[str, Any], path: str) -> Any:
    current: Any = data
    for part in path.split("."):
        if not isinstance(current, Mapping) or part not in current:
            return None
        current = current[part]
    return current


def _doc_ids(value: Any, fields: Fields) -> tuple[str, ...]:
    if not value:
        return ()
    items = value if isinstance(value, list | tuple) else [value]
    return tuple(str(_get(d, fields.doc_id) if isinstance(d, Mapping) else d) for d in items)


def load_callable(spec: str, fields: Fields = Fields()) -> SystemUnderTest:
    """`package.module:function` (or `path/file.py:function`) → a system; sync functions run
    in a worker thread."""
    return callable_system(shared_load_callable(spec, what="system"), fields)


def callable_system(fn: Callable[[str], Any], fields: Fields = Fields()) -> SystemUnderTest:
    call = awaitable_call(fn)

    async def answer(query: str) -> SystemAnswer:
        return to_answer(await call(query), fields)

    return answer


class HttpSystem:
    """POST `{fields.query: query, **extra}` as JSON; read answer and doc ids from the reply."""

    def __init__(self, url: str, *, fields: Fields = Fields(), headers: Mapping[str, str] |
                 None = None, extra: Mapping[str, Any] | None = None, timeout: float = 60.0
                 ) -> None:
        self.url, self.fields = url, fields
        self.headers, self.extra, self.timeout = dict(headers or {}), dict(extra or {}), timeout
        self._client: Any = None

    async def __call__(self, query: str) -> SystemAnswer:
        import httpx

        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self.timeout, headers=self.headers)
        body = {**self.extra, self.fields.query: query}
        try:
            response = await self._client.post(self.url, json=body)
        except httpx.HTTPError as err:
            return SystemAnswer(answer=None, error=f"{type(err).__name__}: {err}")
        if response.status_code >= 400:
            return SystemAnswer(answer=None, error=f"HTTP {response.status_code}: "
                                f"{response.text[:200]}")
        try:
            return to_answer(response.json(), self.fields)
        except json.JSONDecodeError:
            return SystemAnswer(answer=None, error="reply is not JSON")

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


async def run_system(cases: Sequence[QueryCase], system: SystemUnderTest, *,
                     concurrency: int = 8,
                     on_result: Callable[[RunOutcome], Any] | None = None) -> list[RunOutcome]:
    """Ask every query (at most `concurrency` at once); outcomes come back in input order."""
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(case: QueryCase) -> RunOutcome:
        async with gate:
            start = time.perf_counter()
            try:
                reply = await system(case.query)
            except Exception as err:  # the system's failure is data on this query
                reply = SystemAnswer(answer=None, error=f"{type(err).__name__}: {err}")
            outcome = RunOutcome(id=case.id, query=case.query, answer=reply.answer,
                                 doc_ids=reply.doc_ids, error=reply.error,
                                 latency_s=round(time.perf_counter() - start, 4))
        if on_result is not None:
            on_result(outcome)
        return outcome

    try:
        return list(await asyncio.gather(*(one(c) for c in cases)))
    finally:
        close = getattr(system, "aclose", None)
        if close is not None:
            await close()


def write_outcomes(outcomes: Iterable[RunOutcome], path: str | Path) -> None:
    write_jsonl((outcome.to_dict() for outcome in outcomes), path)


def read_outcomes(path: str | Path) -> list[RunOutcome]:
    return [RunOutcome.from_dict(row) for row in read_jsonl(path)]
