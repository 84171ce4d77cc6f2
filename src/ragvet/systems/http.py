"""A system under test behind an HTTP endpoint: POST the query as JSON, read the JSON reply.

One pooled `httpx.AsyncClient` serves every query of a run; a timeout, a refused
connection, an HTTP error status or a reply that is not JSON becomes a failure on that
query. httpx is imported on first use, so naming this module costs nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Answer
from .reply import ReplyFields, read_reply


class HttpSystem:
    """POST `{query_field: query, **extra}` to `url`; read the reply with `fields`.

    `timeout` bounds each call in seconds; waiting for a free pooled connection does not
    count against it. `max_connections` caps the pool (match it to the run's concurrency).
    """

    def __init__(self, url: str, *, fields: ReplyFields | None = None,
                 query_field: str = "query", headers: Mapping[str, str] | None = None,
                 extra: Mapping[str, Any] | None = None, timeout: float = 60.0,
                 max_connections: int = 8) -> None:
        self.url, self.fields, self.query_field = url, fields or ReplyFields(), query_field
        self.headers, self.extra = dict(headers or {}), dict(extra or {})
        self.timeout, self.max_connections = timeout, max(1, max_connections)
        self._client: Any = None

    async def answer(self, query: str) -> Answer:
        import httpx

        body = {**self.extra, self.query_field: query}
        try:
            reply = await self._pooled_client().post(self.url, json=body)
        except httpx.TimeoutException as err:
            return Answer.failure(query, f"timed out after {self.timeout:g} s "
                                  f"({type(err).__name__})")
        except httpx.HTTPError as err:
            return Answer.failure(query, _describe(err))
        if reply.status_code >= 400:
            return Answer.failure(query, f"HTTP {reply.status_code}: {reply.text[:200]}")
        try:
            value = reply.json()
        except ValueError:
            return Answer.failure(query, f"reply is not JSON: {reply.text[:200]!r}")
        return read_reply(query, value, self.fields)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def _pooled_client(self) -> Any:
        import httpx

        if self._client is None:
            self._client = httpx.AsyncClient(
                headers=self.headers, timeout=httpx.Timeout(self.timeout, pool=None),
                limits=httpx.Limits(max_connections=self.max_connections,
                                    max_keepalive_connections=self.max_connections))
        return self._client


def from_http(url: str, **options: Any) -> HttpSystem:
    """The system behind `url`; `options` are `HttpSystem`'s keyword arguments."""
    return HttpSystem(url, **options)


def _describe(err: Exception) -> str:
    text = str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__
