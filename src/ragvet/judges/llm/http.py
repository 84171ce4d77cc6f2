"""How an OpenAI-compatible judge's requests travel: one pooled HTTP session per event loop.

`make_poster` picks the transport; both answer `post(path, body=…)` with the decoded JSON
body. Failures are raised as they come (`HttpFailure` here, the SDK's errors there), and
`client.classify_openai_error` turns them into ragvet's transport errors:

- `AiohttpPoster` (the default when aiohttp is installed, `pip install 'ragvet[aiohttp]'`):
  a plain aiohttp session that keeps every connection it opened alive, so a run at 256
  calls in flight opens 256 connections once and reuses them. Measured against the llmstub
  (benchmarks/http_transports.py, docs/performance.md) it spends a fraction of the CPU per
  call of the SDK's httpx client, whose connection pool costs grow with the calls in flight
  (encode/httpcore#1035) and which closes every connection above 100 kept alive.
- `SdkPoster`: the official `openai` client (its documented raw `post`), with its
  keep-alive limit raised so that connections are reused at any concurrency.

`RAGVET_HTTP_TRANSPORT=openai` (or `aiohttp`) forces one.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from ...errors import ConfigError

DEFAULT_BASE_URL = "https://api.openai.com/v1"
TRANSPORTS = ("auto", "aiohttp", "openai")


@functools.cache
def json_codec() -> tuple[Callable[[Any], bytes], Callable[[bytes], Any]]:
    """(encode to UTF-8 bytes, decode) for request and reply bodies: orjson where it is
    installed (`ragvet[aiohttp]` brings it; a fraction of the stdlib's CPU per body), else
    the stdlib json."""
    def stdlib(body: Any) -> bytes:
        return json.dumps(body, ensure_ascii=False).encode("utf-8")

    try:
        import orjson
    except ImportError:
        return stdlib, json.loads

    def fast(body: Any) -> bytes:
        try:
            return orjson.dumps(body)
        except TypeError:  # what orjson refuses (integer keys, huge integers) json takes
            return stdlib(body)

    return fast, orjson.loads


def make_poster(*, base_url: str | None, api_key: str, timeout: float,
                transport: str | None = None, **_: Any) -> Any:
    """A poster for the running event loop (see the module note for the choice)."""
    choice = (transport or os.environ.get("RAGVET_HTTP_TRANSPORT") or "auto").lower()
    if choice not in TRANSPORTS:
        raise ConfigError(f"RAGVET_HTTP_TRANSPORT must be one of {', '.join(TRANSPORTS)}, "
                          f"not {choice!r}")
    if choice == "auto":
        try:
            import aiohttp  # noqa: F401
        except ImportError:
            choice = "openai"
        else:
            choice = "aiohttp"
    poster = AiohttpPoster if choice == "aiohttp" else SdkPoster
    return poster(base_url=base_url, api_key=api_key, timeout=timeout)


class HttpFailure(Exception):
    """A request that got no usable answer: an HTTP error `status` (with the response's
    `headers`), or none (timeout, connection failure, a body that is not JSON)."""

    def __init__(self, message: str, *, status: int | None = None,
                 headers: Mapping[str, str] | None = None, unreachable: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.headers = dict(headers or {})
        self.unreachable = unreachable


class AiohttpPoster:
    """JSON over one aiohttp session; connections are kept alive without a cap (the judge's
    concurrency limit bounds how many exist)."""

    def __init__(self, *, base_url: str | None, api_key: str, timeout: float) -> None:
        import aiohttp

        root = base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL
        self._root = root.rstrip("/")
        headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json",
                   "Accept": "application/json"}
        for header, variable in (("OpenAI-Organization", "OPENAI_ORG_ID"),
                                 ("OpenAI-Project", "OPENAI_PROJECT_ID")):
            if os.environ.get(variable):
                headers[header] = os.environ[variable]
        # The proxy is looked up once (HTTPS_PROXY / NO_PROXY …): aiohttp's trust_env would
        # look it up in a worker thread on every request.
        self._proxy = _proxy_for(self._root)
        self._session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0, keepalive_timeout=30),
            timeout=aiohttp.ClientTimeout(total=timeout), headers=headers)
        self._timeout = timeout
        self._urls: dict[str, Any] = {}

    async def post(self, path: str, *, body: Any, cast_to: Any = object) -> Any:
        import aiohttp

        dumps, loads = json_codec()
        data = dumps(body)
        try:
            async with self._session.post(self._url(path), data=data,
                                          proxy=self._proxy) as response:
                raw = await response.read()
                status, headers = response.status, response.headers
        except asyncio.TimeoutError as err:
            raise HttpFailure(f"timeout: no answer within {self._timeout:g} s") from err
        except (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError) as err:
            raise HttpFailure(f"connection failed: {err}", unreachable=True) from err
        except aiohttp.ClientError as err:
            raise HttpFailure(f"request failed: {err}") from err
        if status >= 400:
            raise HttpFailure(f"HTTP {status}: {raw[:300].decode('utf-8', 'replace')}",
                              status=status, headers={k.lower(): v for k, v in headers.items()})
        try:
            return loads(raw)
        except (ValueError, UnicodeDecodeError) as err:  # orjson's and json's decode errors
            raise HttpFailure(f"the endpoint's reply was not JSON: {err}") from err

    def _url(self, path: str) -> Any:
        """The URL of `path`, parsed once (aiohttp would parse the string on every call)."""
        url = self._urls.get(path)
        if url is None:
            import yarl

            url = self._urls[path] = yarl.URL(self._root + path)
        return url

    def is_closed(self) -> bool:
        return self._session.closed

    async def close(self) -> None:
        await self._session.close()


def _proxy_for(url: str) -> str | None:
    from urllib.parse import urlsplit
    from urllib.request import getproxies, proxy_bypass

    parts = urlsplit(url)
    if parts.hostname and proxy_bypass(parts.hostname):
        return None
    return getproxies().get(parts.scheme)


class SdkPoster:
    """The official `openai` client's raw `post`, its connections all kept alive."""

    def __init__(self, *, base_url: str | None, api_key: str, timeout: float) -> None:
        import openai

        self._client = openai.AsyncOpenAI(base_url=base_url, api_key=api_key, timeout=timeout,
                                          max_retries=0, http_client=_pooled_http_client())

    async def post(self, path: str, *, body: Any, cast_to: Any = object) -> Any:
        return await self._client.post(path, body=body, cast_to=object)

    def is_closed(self) -> bool:
        return self._client.is_closed()

    async def close(self) -> None:
        await self._client.close()


def _pooled_http_client() -> Any:
    """The SDK's default async HTTP client with no cap on kept-alive connections (the SDK
    keeps 100 alive and closes every connection above that after one call)."""
    import importlib

    import openai

    base = next(c for c in openai.DefaultAsyncHttpxClient.__mro__ if c.__name__ == "AsyncClient")
    httpx = importlib.import_module(base.__module__.split(".")[0])  # httpx, or the SDK's fork
    return openai.DefaultAsyncHttpxClient(
        limits=httpx.Limits(max_connections=None, max_keepalive_connections=None))
