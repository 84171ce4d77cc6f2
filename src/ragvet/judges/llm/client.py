"""The call-level seam of LLM judges: `ChatClient` (messages → reply) and its providers.

Everything cross-cutting (retry, rate limits, accounting) wraps this seam; see
`transport.py`. Providers here only translate: request → API call → `ChatReply`, and any
failure → `TransientError` (worth retrying) or `TransportError` (not).
"""

from __future__ import annotations

import asyncio
import email.utils
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from ...errors import ConfigError, TransportError
from .http import make_poster


@dataclass(frozen=True, slots=True)
class ChatMessage:
    role: str
    content: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatRequest:
    """One chat completion. `meta` travels with the request but is never sent."""

    messages: tuple[ChatMessage, ...]
    model: str
    temperature: float = 0.0
    max_tokens: int | None = None
    schema: Mapping[str, Any] | None = None
    schema_name: str = "reply"
    structured: str = "json_schema"  # json_schema | json_object | text
    # ask for each answer token's log-probability and this many alternatives (0: none)
    top_logprobs: int = 0
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True, slots=True)
class Token:
    """One answer token: its text, log-probability and the most likely alternatives
    (text, log-probability) at its position, the token itself usually among them."""

    text: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatReply:
    """`tokens` holds the answer's tokens when log-probabilities were asked for and the
    endpoint returned them; `logprobs_note` says why they are missing when it knows."""

    text: str
    finish_reason: str | None
    usage: Usage = Usage()
    tokens: tuple[Token, ...] | None = None
    logprobs_note: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EmbedReply:
    vectors: list[Any]  # one float sequence per text (numpy float32 vectors from OpenAIChat)
    usage: Usage = Usage()


@runtime_checkable
class ChatClient(Protocol):
    async def complete(self, request: ChatRequest) -> ChatReply: ...

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply: ...


class TransientError(TransportError):
    """A failure worth retrying (429, 5xx, timeout, reset); `retry_after` in seconds if told.

    `unreachable` marks the failures that say the endpoint is not there at all (connection
    refused or reset, 502/503/504): a long unbroken run of them stops the run.
    """

    def __init__(self, message: str, *, status: int | None = None,
                 retry_after: float | None = None, unreachable: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        self.unreachable = unreachable


class AuthFailed(TransportError):
    """The endpoint refused the credentials (401) or the access (403)."""

    def __init__(self, message: str, *, status: int) -> None:
        super().__init__(message)
        self.status = status


UNREACHABLE_STATUSES = (502, 503, 504)


def retry_after_seconds(headers: Mapping[str, str] | None, now: float | None = None
                        ) -> float | None:
    """Read `retry-after-ms` / `retry-after` (seconds or an HTTP date)."""
    if not headers:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value) if value else None
        if parsed is None:
            return None
        return max(0.0, parsed.timestamp() - (now or time.time()))


def classify_openai_error(err: Exception) -> Exception:
    """openai (and LiteLLM, whose errors subclass openai's) exceptions → ragvet transport errors."""
    import json

    from .http import HttpFailure

    if isinstance(err, HttpFailure):  # the aiohttp transport's failures
        if err.status is None:
            return TransientError(str(err), unreachable=err.unreachable)
        return _status_error(err.status, str(err)[:320], err.headers)

    import openai

    if isinstance(err, json.JSONDecodeError):
        return TransientError(f"the endpoint's reply was not JSON: {err}")
    if isinstance(err, openai.APITimeoutError):
        return TransientError(f"timeout: {err}")
    if isinstance(err, openai.APIConnectionError):
        return TransientError(f"connection failed: {err}", unreachable=True)
    if isinstance(err, openai.APIStatusError):
        status = err.status_code
        headers = dict(err.response.headers) if err.response is not None else {}
        return _status_error(status, f"HTTP {status}: {_short(err)}", headers)
    return err


def _status_error(status: int, message: str, headers: Mapping[str, str]) -> Exception:
    if status in (401, 403):
        return AuthFailed(message, status=status)
    if status in (408, 409, 429) or status >= 500:
        return TransientError(message, status=status, retry_after=retry_after_seconds(headers),
                              unreachable=status in UNREACHABLE_STATUSES)
    return TransportError(message)


def _short(err: Exception) -> str:
    return str(err)[:300]


def _response_format(request: ChatRequest) -> dict[str, Any] | None:
    if request.structured == "json_schema" and request.schema is not None:
        return {"type": "json_schema",
                "json_schema": {"name": request.schema_name, "schema": dict(request.schema),
                                "strict": False}}
    if request.structured == "json_object":
        return {"type": "json_object"}
    return None


def _api_arguments(request: ChatRequest) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "model": request.model,
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "temperature": request.temperature,
    }
    if request.max_tokens:
        kwargs["max_tokens"] = request.max_tokens
    response_format = _response_format(request)
    if response_format is not None:
        kwargs["response_format"] = response_format
    if request.top_logprobs:
        kwargs["logprobs"] = True
        kwargs["top_logprobs"] = request.top_logprobs
    return kwargs


def _reply_from(response: Any) -> ChatReply:
    data = response if isinstance(response, dict) else response.model_dump()
    choices = data.get("choices") or []
    if not choices:
        raise TransientError("the endpoint returned no choices")
    usage = data.get("usage") or {}
    return ChatReply(
        text=(choices[0].get("message") or {}).get("content") or "",
        finish_reason=choices[0].get("finish_reason"),
        usage=Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)),
        tokens=_tokens_from(choices[0].get("logprobs")),
    )


def _tokens_from(logprobs: Any) -> tuple[Token, ...] | None:
    """`choices[0].logprobs.content` (OpenAI's layout) as Tokens; None when absent or not
    of that shape (an endpoint that ignores the request, or answers in another layout)."""
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    if not isinstance(content, list) or not content:
        return None
    try:
        return tuple(Token(str(t["token"]), float(t["logprob"]),
                           tuple((str(a["token"]), float(a["logprob"]))
                                 for a in t.get("top_logprobs") or ()))
                     for t in content)
    except (KeyError, TypeError, ValueError):
        return None


def refuses_logprobs(err: Exception) -> bool:
    """An endpoint's refusal of the log-probability parameters (HTTP 400 naming them)."""
    text = str(err).lower()
    return isinstance(err, TransportError) and not isinstance(err, TransientError) and \
        "400" in text and "logprob" in text


class OpenAIChat:
    """Any OpenAI-compatible endpoint, as raw JSON posts (`http.py`: a kept-alive aiohttp
    session when aiohttp is installed, else the official `openai` async client).

    No transport retries: `RetryingClient` owns that policy. With the SDK, requests go
    through its generic `post` (its documented route for raw requests), which skips the
    SDK's per-call transform of typed params (about 3 ms of CPU per call).
    """

    def __init__(self, *, base_url: str | None = None, api_key: str | None = None,
                 timeout: float = 120.0) -> None:
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if base_url is None and not os.environ.get("OPENAI_BASE_URL"):
                raise ConfigError("no API key: set OPENAI_API_KEY or pass --api-key-env NAME")
            key = "not-needed"  # local servers (vLLM, Ollama, llama.cpp) often ignore it
        self._options = {"base_url": base_url, "api_key": key, "timeout": timeout,
                         "max_retries": 0}
        self._clients: dict[int, Any] = {}
        self._last: tuple[Any, Any] | None = None  # (loop, poster) of the latest call
        self.logprobs_refused: str | None = None

    @property
    def _client(self) -> Any:
        """One pooled HTTP session per event loop (`http.make_poster`: aiohttp when
        installed, else the SDK's client): connections die with the loop they ran on."""
        loop = asyncio.get_running_loop()
        last = self._last
        if last is not None and last[0] is loop:  # the usual case: the same loop as before
            return last[1]
        entry = self._clients.get(id(loop))
        if entry is None or entry[0] is not loop:
            self._clients = {k: v for k, v in self._clients.items() if not v[0].is_closed()}
            entry = self._clients[id(loop)] = (loop, make_poster(**self._options))
        self._last = entry
        return entry[1]

    async def aclose(self) -> None:
        """Close this event loop's SDK client (the engine calls this when a run ends)."""
        entry = self._clients.pop(id(asyncio.get_running_loop()), None)
        if self._last is entry:
            self._last = None
        if entry is not None:
            await entry[1].close()

    async def complete(self, request: ChatRequest) -> ChatReply:
        """One chat call. An endpoint that refuses log-probabilities (HTTP 400) is asked
        again without them, and not asked for them again by this client."""
        note = self.logprobs_refused if request.top_logprobs else None
        if note:
            request = replace(request, top_logprobs=0)
        try:
            response = await self._post(request)
        except TransportError as err:
            if not request.top_logprobs or not refuses_logprobs(err):
                raise
            self.logprobs_refused = note = f"the endpoint refused log-probabilities ({err})"
            response = await self._post(replace(request, top_logprobs=0))
        reply = _reply_from(response)
        return replace(reply, logprobs_note=note) if note else reply

    async def _post(self, request: ChatRequest) -> dict:
        try:
            response = await self._client.post("/chat/completions",
                                               body=_api_arguments(request), cast_to=object)
        except Exception as err:
            raise classify_openai_error(err) from err
        if not isinstance(response, dict):
            raise TransientError(f"the endpoint answered a {type(response).__name__}, not JSON")
        return response

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        try:
            response = await self._client.post("/embeddings", cast_to=object,
                                               body={"model": model, "input": list(texts),
                                                     "encoding_format": "base64"})
        except Exception as err:
            raise classify_openai_error(err) from err
        if not isinstance(response, dict) or "data" not in response:
            raise TransientError("the embeddings endpoint answered without data")
        rows = sorted(response["data"], key=lambda d: d.get("index", 0))
        usage = response.get("usage") or {}
        return EmbedReply(vectors=[_vector(r["embedding"]) for r in rows],
                          usage=Usage(int(usage.get("prompt_tokens") or 0), 0))


def _vector(embedding: Any) -> Any:
    """An embedding as a numpy vector: float32 from base64 of little-endian float32 (asked
    for, as the official SDK does: a fraction of the bytes and of the parsing of a JSON
    list), or from a list (an endpoint that ignores `encoding_format`). Not a list of Python
    floats: 1,536 of them weigh 49 KB, and the garbage collector walks every list it holds."""
    import numpy as np

    if isinstance(embedding, str):
        import base64

        return np.frombuffer(base64.b64decode(embedding), dtype="<f4")
    return np.asarray(embedding, dtype=float)


class LiteLLMChat:
    """Anthropic, Bedrock, Vertex, Azure, … through LiteLLM (`pip install ragvet[litellm]`)."""

    def __init__(self, *, base_url: str | None = None, api_key: str | None = None,
                 timeout: float = 120.0) -> None:
        try:
            import litellm  # noqa: F401
        except ImportError as err:
            raise ConfigError("the litellm judge needs LiteLLM: pip install 'ragvet[litellm]'"
                              ) from err
        self._extra: dict[str, Any] = {"timeout": timeout, "num_retries": 0}
        if base_url:
            self._extra["api_base"] = base_url
        if api_key:
            self._extra["api_key"] = api_key

    async def complete(self, request: ChatRequest) -> ChatReply:
        import litellm

        note = self._logprobs_note(request.model) if request.top_logprobs else None
        if note:
            request = replace(request, top_logprobs=0)
        try:
            response = await litellm.acompletion(**_api_arguments(request), **self._extra)
        except Exception as err:
            raise classify_openai_error(err) from err
        reply = _reply_from(response)
        return replace(reply, logprobs_note=note) if note else reply

    @staticmethod
    def _logprobs_note(model: str) -> str | None:
        """Why log-probabilities are not asked of this model (LiteLLM knows which providers
        take them), or None."""
        import litellm

        try:
            supported = litellm.get_supported_openai_params(model=model) or []
        except Exception:  # an unknown model: ask, and read what comes back
            return None
        return None if "logprobs" in supported else \
            f"LiteLLM's provider for {model} does not return log-probabilities"

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        import litellm

        try:
            response = await litellm.aembedding(model=model, input=list(texts), **self._extra)
        except Exception as err:
            raise classify_openai_error(err) from err
        rows = sorted(response.data, key=lambda d: d["index"])
        usage = getattr(response, "usage", None)
        return EmbedReply(vectors=[list(r["embedding"]) for r in rows],
                          usage=Usage(int(getattr(usage, "prompt_tokens", 0) or 0), 0))
