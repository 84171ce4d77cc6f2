"""A `ChatClient` that sends judge calls through the OpenAI Batch API (`--batch-api`).

The engine runs as always: each record's steps call `complete()` and wait. Calls arriving
together are gathered; once no new call has come for `gather_seconds` (every record in
flight is waiting on the judge), they are written to a JSONL file, uploaded
(`POST /files`, purpose "batch"), submitted (`POST /batches`, one batch per endpoint:
chat completions and embeddings) and polled (`GET /batches/ID`) until the batch ends; the
output file is read and each waiting call gets its own answer. A record's next step (say,
verdicts on the claims just extracted) goes into the next batch, so a THELMA run takes a
few rounds of batches.

Per item: an answer with status 200 is the call's reply; a 429 or 5xx is a `TransientError`
(the retry wrapper asks it again, in a later batch); any other status fails that call alone,
as an online call would. A batch that failed, expired or was cancelled fails its unanswered
calls as transient.

Resume: submitted batches are written to a state file (`batch_state`, next to the call
cache) with the id of every request in them (a hash of its body). A run started again
finds its requests there and collects those batches instead of paying for them twice;
answers already parsed are in the call cache, finished records in the checkpoint.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...errors import ConfigError, TransportError
from .client import (
    ChatReply,
    ChatRequest,
    EmbedReply,
    TransientError,
    Usage,
    _api_arguments,
    _reply_from,
    classify_openai_error,
)

CHAT = "/v1/chat/completions"
EMBEDDINGS = "/v1/embeddings"
ENDED = ("completed", "failed", "expired", "cancelled")
DEFAULT_STATE = Path(".ragvet-cache") / "batches.json"


def request_id(endpoint: str, body: Mapping[str, Any]) -> str:
    blob = json.dumps([endpoint, body], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:40]


class BatchState:
    """Submitted batches not yet collected: batch id → endpoint and request ids (a file)."""

    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.batches: dict[str, dict[str, Any]] = {}
        if self.path is not None and self.path.exists():
            try:
                self.batches = dict(json.loads(self.path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                self.batches = {}

    def find(self, endpoint: str, ids: set[str]) -> dict[str, set[str]]:
        """Known batches holding some of `ids`: batch id → the ids it holds."""
        found = {}
        for batch_id, entry in self.batches.items():
            if entry.get("endpoint") == endpoint:
                held = ids & set(entry.get("requests", ()))
                if held:
                    found[batch_id] = held
        return found

    def add(self, batch_id: str, endpoint: str, ids: Sequence[str]) -> None:
        self.batches[batch_id] = {"endpoint": endpoint, "requests": list(ids)}
        self._save()

    def drop(self, batch_id: str) -> None:
        if self.batches.pop(batch_id, None) is not None:
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(self.batches), encoding="utf-8")
        os.replace(temporary, self.path)


class BatchChatClient:
    """Chat completions and embeddings gathered into OpenAI batches."""

    def __init__(self, *, base_url: str | None = None, api_key: str | None = None,
                 timeout: float = 120.0, poll_seconds: float = 30.0,
                 gather_seconds: float = 0.5, max_requests: int = 50_000,
                 state: str | Path | None = DEFAULT_STATE) -> None:
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            raise ConfigError("no API key: set OPENAI_API_KEY or pass --api-key-env NAME")
        self._options = {"base_url": base_url, "api_key": key, "timeout": timeout,
                         "max_retries": 2}
        self.poll_seconds = poll_seconds
        self.gather_seconds = gather_seconds
        self.max_requests = max_requests
        self.state = BatchState(state)
        self.batches_sent = 0
        self._client: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending: dict[str, dict[str, Any]] = {}   # endpoint → {request id: body}
        self._waiting: dict[str, list[asyncio.Future]] = {}
        self._arrivals = 0
        self._flusher: asyncio.Task | None = None

    # ---- the ChatClient seam -----------------------------------------------------------
    async def complete(self, request: ChatRequest) -> ChatReply:
        body = await self._ask(CHAT, _api_arguments(request))
        return _reply_from(body)

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        body = await self._ask(EMBEDDINGS, {"model": model, "input": list(texts)})
        rows = sorted(body.get("data") or [], key=lambda d: d.get("index", 0))
        if len(rows) != len(texts):
            raise TransientError("the batch's embeddings answer lacks vectors")
        usage = body.get("usage") or {}
        return EmbedReply(vectors=[list(r["embedding"]) for r in rows],
                          usage=Usage(int(usage.get("prompt_tokens") or 0), 0))

    async def aclose(self) -> None:
        if self._flusher is not None and not self._flusher.done():
            self._flusher.cancel()
        if self._client is not None:
            await self._client.close()
            self._client = None

    # ---- gathering -----------------------------------------------------------------------
    def _sdk(self) -> Any:
        import openai

        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            self._client, self._loop = openai.AsyncOpenAI(**self._options), loop
            self._pending, self._waiting, self._flusher = {}, {}, None
        return self._client

    async def _ask(self, endpoint: str, body: dict[str, Any]) -> dict[str, Any]:
        self._sdk()
        rid = request_id(endpoint, body)
        future = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(rid, []).append(future)
        self._pending.setdefault(endpoint, {})[rid] = body
        self._arrivals += 1
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._gather_then_send())
        return await future

    async def _gather_then_send(self) -> None:
        """Wait until calls stop arriving (or enough are gathered), then send them."""
        while any(self._pending.values()):
            seen = self._arrivals
            await asyncio.sleep(self.gather_seconds)
            gathered = sum(len(p) for p in self._pending.values())
            if self._arrivals != seen and gathered < self.max_requests:
                continue
            taken, self._pending = self._pending, {}
            await asyncio.gather(*(self._send(endpoint, requests)
                                   for endpoint, requests in taken.items() if requests))

    async def _send(self, endpoint: str, requests: dict[str, dict[str, Any]]) -> None:
        try:
            known = self.state.find(endpoint, set(requests))
            fresh = {rid: body for rid, body in requests.items()
                     if not any(rid in held for held in known.values())}
            jobs = [self._collect(batch_id, endpoint) for batch_id in known]
            for start in range(0, len(fresh), self.max_requests):
                chunk = dict(list(fresh.items())[start:start + self.max_requests])
                jobs.append(self._submit_and_collect(endpoint, chunk))
            await asyncio.gather(*jobs)
        except Exception as err:  # an upload or a poll that failed: the calls fail
            failure = classify_openai_error(err)
            if not isinstance(failure, TransportError):
                failure = TransientError(f"batch API: {err}")
            for rid in requests:
                self._resolve(rid, error=failure)
        finally:  # a call its batch did not answer fails, never waits forever
            for rid in requests:
                self._resolve(rid, error=TransientError("the batch gave no answer for it"))

    async def _submit_and_collect(self, endpoint: str, requests: dict[str, Any]) -> None:
        client = self._client
        lines = "".join(json.dumps({"custom_id": rid, "method": "POST", "url": endpoint,
                                    "body": body}, ensure_ascii=False) + "\n"
                        for rid, body in requests.items())
        uploaded = await client.files.create(
            file=("ragvet-batch.jsonl", lines.encode("utf-8"), "application/jsonl"),
            purpose="batch")
        batch = await client.batches.create(input_file_id=uploaded.id, endpoint=endpoint,
                                            completion_window="24h",
                                            metadata={"client": "ragvet"})
        self.batches_sent += 1
        self.state.add(batch.id, endpoint, list(requests))
        await self._collect(batch.id, endpoint)

    async def _collect(self, batch_id: str, endpoint: str) -> None:
        client = self._client
        batch = await client.batches.retrieve(batch_id)
        while batch.status not in ENDED:
            await asyncio.sleep(self.poll_seconds)
            batch = await client.batches.retrieve(batch_id)
        for file_id in (batch.output_file_id, batch.error_file_id):
            if file_id:
                content = await client.files.content(file_id)
                for line in content.text.splitlines():
                    if line.strip():
                        self._answer(json.loads(line))
        self.state.drop(batch_id)

    def _answer(self, line: Mapping[str, Any]) -> None:
        rid = str(line.get("custom_id"))
        response = line.get("response") or {}
        status = int(response.get("status_code") or 0)
        body = response.get("body")
        if status == 200 and isinstance(body, dict):
            self._resolve(rid, body=body)
            return
        message = ((body or {}).get("error") or {}).get("message") if isinstance(body, dict) \
            else None
        message = message or (line.get("error") or {}).get("message") or "no answer"
        if status in (408, 409, 429) or status >= 500 or status == 0:
            self._resolve(rid, error=TransientError(f"batch item: HTTP {status}: {message}",
                                                    status=status or None))
        else:
            self._resolve(rid, error=TransportError(f"batch item: HTTP {status}: {message}"))

    def _resolve(self, rid: str, *, body: dict[str, Any] | None = None,
                 error: Exception | None = None) -> None:
        for future in self._waiting.pop(rid, ()):
            if future.done():
                continue
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(body)
