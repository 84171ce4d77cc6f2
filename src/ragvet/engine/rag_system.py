"""Answer queries with the RAG system under test: a Python callable or an HTTP endpoint.

A callable is named `package.module:function` or `path/to/file.py:function`; it takes the
query (str) and returns a mapping with the response and the retrieved sources (sync or
async). An endpoint receives `POST {"query": ...}` and replies with the same JSON shape:

    {"response": "...", "sources": ["passage", {"id": "d7", "text": "passage"}, ...]}

`answer`, `contexts` and `retrieved_contexts` are accepted as aliases.
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from .._util.callables import awaitable_call
from .._util.callables import load_callable as shared_load_callable
from ..data.records import Record, Source, make_record
from ..errors import DataError, Problem

RagSystem = Callable[[str], Awaitable[Mapping[str, Any]]]


def load_callable(spec: str) -> Callable[[str], Any]:
    """`pkg.module:function` or `path/file.py:function` → the function."""
    return shared_load_callable(spec, what="RAG callable")


def from_callable(function: Callable[[str], Any]) -> RagSystem:
    return awaitable_call(function)


def from_endpoint(url: str, *, timeout: float = 60.0) -> RagSystem:
    def post(query: str) -> Mapping[str, Any]:
        body = json.dumps({"query": query}).encode("utf-8")
        request = urllib.request.Request(url, data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return json.loads(reply.read().decode("utf-8"))

    async def call(query: str) -> Mapping[str, Any]:
        return await asyncio.to_thread(post, query)

    return call


def to_record(index: int, query: str, reply: Mapping[str, Any], label: str) -> Record:
    response = reply.get("response", reply.get("answer"))
    sources = reply.get("sources", reply.get("contexts", reply.get("retrieved_contexts")))
    if not isinstance(response, str) or not isinstance(sources, list):
        raise DataError([Problem(label, f"line {index + 1}", "response",
                                 "the RAG system must return 'response' (str) and 'sources' "
                                 f"(list); got keys {sorted(reply)}")])
    parsed = [Source(text=s) if isinstance(s, str) else Source(text=str(s["text"]), id=s.get("id"))
              for s in sources]
    return make_record(id=index, query=query, sources=parsed, response=response)


async def answer_queries(queries: Sequence[str], system: RagSystem, *, label: str = "queries",
                         max_concurrency: int = 4) -> list[Record]:
    """Ask the RAG system every query (bounded concurrency) → records in input order."""
    limit = asyncio.Semaphore(max(1, max_concurrency))

    async def one(i: int, query: str) -> Record:
        async with limit:
            try:
                reply = await system(query)
            except Exception as err:  # the system under test may raise anything
                raise DataError([Problem(label, f"line {i + 1}", "query",
                                         f"the RAG system failed: {type(err).__name__}: {err}")]
                                ) from err
        return to_record(i, query, reply, label)

    return list(await asyncio.gather(*(one(i, q) for i, q in enumerate(queries))))
