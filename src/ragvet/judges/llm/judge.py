"""LLMJudge: the Judge protocol over a ChatClient, one batched prompt per operation.

For each call: cached items are answered from the cache; the rest are grouped (by query, by
sources, …), chunked to `max_batch`, rendered, sent and parsed. A truncated answer
(finish_reason "length") is never parsed: the chunk is split in two and asked again. An
unreadable answer is re-asked once with the parse error; if the re-ask is unreadable too,
the chunk is split in halves, asked again without re-asks, until the item that spoils the
answer fails alone. Items still missing are asked once more on their own, then recorded as
unverified. Nothing is padded or defaulted.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...errors import JudgeUnavailable, TransportError
from ..base import VECTOR, Decomposition, Judge, Operation, Verdict
from ..ops import OPERATIONS
from .breaker import Breaker
from .cache import CallCache, ItemKeys, key_prefix
from .client import ChatClient, ChatMessage, ChatReply, ChatRequest
from .coalesce import RecordScope
from .embed import embed_texts
from .logprobs import yes_probability
from .ops import UNVERIFIED, Op
from .parse import Entry, ReplyError, parse_reply
from .prompts import Prompt, prompt_for
from .usage import Meter

Result = Verdict | Decomposition
EMBED_CHUNK = 256
READ = "read"
CACHED_WITHOUT = "answered from the cache without one"
VERDICT_MODES = ("probability", "yes-no")


@dataclass(frozen=True, kw_only=True)
class JudgeSettings:
    model: str
    temperature: float = 0.0
    max_tokens: int = 4096
    max_batch: int = 32
    structured: str = "json_schema"  # json_schema | json_object | text
    embedding_model: str = "text-embedding-3-small"  # or "local" for the offline model
    # "probability": a verdict carries p(yes) read from the answer's token log-probabilities
    # where the endpoint returns them (scores become expected shares); "yes-no": plain counts
    verdicts: str = "probability"
    top_logprobs: int = 5  # alternatives asked per answer token in "probability" mode


class LLMJudge:
    """A judge that asks an LLM; `client` is already wrapped (retry, limits, metering)."""

    def __init__(self, client: ChatClient, settings: JudgeSettings, *, kind: str = "openai",
                 cache: CallCache | None = None, meter: Meter | None = None,
                 endpoint: str | None = None, breaker: Breaker | None = None) -> None:
        self.client = client
        self.breaker = breaker
        self.settings = settings
        self.kind = kind
        self.cache = cache
        self.meter = meter or Meter()
        self.endpoint = endpoint
        self.id = f"{kind}:{settings.model}"
        # verdicts given a probability ("read") and, for the others, why not
        self.probabilities: Counter[str] = Counter()
        self._key_prefixes: dict[tuple[Any, ...], str] = {}  # see item_key
        self._item_keys = ItemKeys()
        self._fixed_requests: dict[Any, tuple[Any, ...]] = {}  # see _request

    # ---- the Judge protocol ------------------------------------------------------------
    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        """Ask the prompt named after `op` (embeddings go to the embeddings endpoint)."""
        if op.output == VECTOR:
            return await embed_texts(self.client, list(items), self.settings.embedding_model,
                                     cache=self.cache, meter=self.meter)
        return await self._run(Op(op), list(items))

    def outage(self) -> JudgeUnavailable | None:
        """Why the endpoint is no longer called (wrong key, unreachable), or None."""
        return self.breaker.outage() if self.breaker is not None else None

    async def wait_outage(self) -> JudgeUnavailable:
        """Return once the endpoint can no longer be used (the engine then stops the run)."""
        if self.breaker is None:
            await asyncio.Event().wait()  # never: without a breaker there is no outage
        assert self.breaker is not None
        return await self.breaker.wait_tripped()

    def describe(self) -> Mapping[str, Any]:
        s = self.settings
        return {"id": self.id, "kind": self.kind, "model": s.model, "endpoint": self.endpoint,
                "temperature": s.temperature, "structured": s.structured,
                "max_batch": s.max_batch, "embedding_model": s.embedding_model,
                "verdicts": s.verdicts, "probabilities": self.probability_note(),
                "prompts": {name: prompt_for(op).ref for name, op in OPERATIONS.items()
                            if op.output != VECTOR}}

    def probability_note(self) -> str:
        """Whether the verdicts so far carry probabilities, and why not where they do not."""
        if self.settings.verdicts != "probability":
            return "not asked for (verdicts = yes-no): each verdict counts 1 or 0"
        read = self.probabilities.get(READ, 0)
        missing = {k: n for k, n in self.probabilities.items() if k != READ}
        if not read and not missing:
            return "asked for (token log-probabilities); no verdict judged yet"
        if not missing:
            return f"read from token log-probabilities for all {read} verdicts judged"
        why = "; ".join(f"{reason}: {n}" for reason, n in sorted(missing.items(),
                                                                key=lambda kv: -kv[1]))
        if not read:
            return f"none: each verdict counts 1 or 0 ({why})"
        return f"read for {read} verdicts; {sum(missing.values())} without ({why})"

    async def aclose(self) -> None:
        """Release the endpoint connections of the running event loop."""
        inner = self.client
        while hasattr(inner, "inner"):
            inner = inner.inner
        close = getattr(inner, "aclose", None)
        if close is not None:
            await close()

    def scoped(self) -> Judge:
        """A per-record view that merges same-operation calls issued together (coalescing)."""
        return RecordScope(self)

    def dry_run(self) -> LLMJudge:
        """The same judge over a client that answers locally and counts (for --estimate)."""
        from .estimate import DryRunClient
        from .usage import MeteredClient

        meter = Meter(self.meter.prices)
        return LLMJudge(MeteredClient(DryRunClient(), meter), self.settings, kind=self.kind,
                        cache=self.cache.read_only() if self.cache else None, meter=meter,
                        endpoint=self.endpoint)

    # ---- batching ------------------------------------------------------------------------
    def item_key(self, op: Op, item: Any) -> str:
        s = self.settings
        fixed = (s.model, prompt_for(op.operation).ref, s.structured, s.temperature)
        prefix = self._key_prefixes.get(fixed)
        if prefix is None:
            prefix = self._key_prefixes[fixed] = key_prefix(*fixed)
        if self._wants_probabilities(op):  # a verdict cached without p must not be reused
            return self._item_keys.key(prefix, op.key(item), "p(yes)")
        return self._item_keys.key(prefix, op.key(item))

    def _wants_probabilities(self, op: Op) -> bool:
        return self.settings.verdicts == "probability" and not op.decomposes

    def _keys(self, op: Op, items: list[Any]) -> list[Hashable]:
        """Each item's key: its cache key (`item_key`) with a cache. Without one the keys
        only drop duplicate items, and an item (a string or a frozen dataclass of its
        fields) is its own key: equal items, equal keys, with no hashing to SHA-256."""
        if self.cache is None:
            try:
                for item in items:
                    hash(item)
            except TypeError:  # an item type that is not hashable: the cache keys
                pass
            else:
                return list(items)
        return [self.item_key(op, it) for it in items]

    async def _run(self, op: Op, items: list[Any]) -> list[Result]:
        keys = self._keys(op, items)
        found = self.cache.get_many(keys) if self.cache else {}  # type: ignore[arg-type]
        done: dict[Hashable, Result] = {k: op.from_cache(found[k]) for k in keys if k in found}
        self.meter.add(cache_hits=sum(k in found for k in keys))
        if self._wants_probabilities(op):
            for result in done.values():
                if isinstance(result, Verdict):
                    self.probabilities[READ if result.probability is not None else
                                       CACHED_WITHOUT] += 1
        todo: dict[Hashable, Any] = {}
        for key, item in zip(keys, items, strict=True):
            if key not in done:
                todo.setdefault(key, item)
        groups: dict[Hashable, list[Hashable]] = {}
        for key, item in todo.items():
            groups.setdefault(op.group(item), []).append(key)
        size = max(1, self.settings.max_batch)
        chunks = [(g, ks[i:i + size]) for g, ks in groups.items() for i in range(0, len(ks), size)]
        if len(chunks) == 1:  # the usual case: no task to make for one call
            (group, ks), = chunks
            answers = [await self._ask(op, group, [todo[k] for k in ks])]
        else:
            answers = await asyncio.gather(*(self._ask(op, g, [todo[k] for k in ks])
                                             for g, ks in chunks))
        for (_, ks), results in zip(chunks, answers, strict=True):
            done.update(zip(ks, results, strict=True))
        if self.cache is not None:
            self.cache.put_many((k, v) for k in todo if (v := op.to_cache(done[k])) is not None)
        return [done[k] for k in keys]

    def _request(self, op: Op, group: Hashable, chunk: Sequence[Any]) -> ChatRequest:
        s = self.settings
        fixed = self._fixed_requests.get(op.operation)
        if fixed is None or fixed[0] is not s:  # the parts every request of `op` shares
            prompt = prompt_for(op.operation)
            fixed = self._fixed_requests[op.operation] = (
                s, prompt, ChatMessage("system", prompt.system(s.structured)), prompt.schema,
                s.top_logprobs if self._wants_probabilities(op) else 0)
        _, prompt, system, schema, top_logprobs = fixed
        return ChatRequest(
            messages=(system, ChatMessage("user", prompt.user(op.data(group, chunk)))),
            model=s.model, temperature=s.temperature, max_tokens=s.max_tokens,
            schema=schema, schema_name=f"{prompt.id}_reply", structured=s.structured,
            top_logprobs=top_logprobs,
            meta={"prompt": prompt.ref, "op": op.name, "n": len(chunk),
                  "items": [op.key(i) for i in chunk]})

    async def _ask(self, op: Op, group: Hashable, chunk: list[Any], *,
                   retried: bool = False, room: int = 1, reask: bool = True) -> list[Result]:
        request = self._request(op, group, chunk)
        if room > 1 and request.max_tokens:
            request = replace(request, max_tokens=request.max_tokens * room)
        try:
            reply = await self.client.complete(request)
            if reply.finish_reason == "length":
                return await self._split(op, group, chunk, reply, room)
            try:
                entries = _parse(reply.text, len(chunk), op)
            except ReplyError as err:
                if reask:
                    reply, entries = await self._reask(request, reply, err, len(chunk), op)
                else:
                    entries = None
                if entries is None:
                    return await self._after_bad_reask(op, group, chunk, reply)
        except TransportError as err:
            return [op.failed(f"{UNVERIFIED}the judge call failed: {err}") for _ in chunk]
        results: list[Result | None] = [
            op.result(entries[k + 1], self._probability(op, reply, entries[k + 1]))
            if k + 1 in entries else None for k in range(len(chunk))]
        missing = [k for k, r in enumerate(results) if r is None]
        if missing and not retried:
            again = await self._ask(op, group, [chunk[k] for k in missing], retried=True)
            for k, r in zip(missing, again, strict=True):
                results[k] = r
        return [r if r is not None else
                op.failed(f"{UNVERIFIED}the answer had no entry for this item", raw=reply.text)
                for r in results]

    def _probability(self, op: Op, reply: ChatReply, entry: Entry) -> float | None:
        """p(yes) of one entry's verdict from the reply's token log-probabilities; None (and
        the reason counted for the judge's description) where it cannot be read."""
        if not self._wants_probabilities(op) or entry.problem:
            return None
        yes, no = op.answer_words()
        found = yes_probability(reply.text, reply.tokens, entry.at, yes, no)
        if isinstance(found, str):
            self.probabilities[reply.logprobs_note or found] += 1
            return None
        self.probabilities[READ] += 1
        return found

    async def _reask(self, request: ChatRequest, reply: ChatReply, err: ReplyError, n: int,
                     op: Op) -> tuple[ChatReply, dict | None]:
        self.meter.add(reasks=1)
        fix = (f"Your answer could not be used: {err}. Answer again with exactly {n} entries, "
               f"ids 1..{n}, in the required format and nothing else.")
        again = replace(request, messages=(*request.messages,
                                           ChatMessage("assistant", reply.text),
                                           ChatMessage("user", fix)),
                        meta={**request.meta, "reask": True})
        second = await self.client.complete(again)
        if second.finish_reason == "length":
            return second, None
        try:
            return second, _parse(second.text, n, op)
        except ReplyError:
            return second, None

    async def _after_bad_reask(self, op: Op, group: Hashable, chunk: list[Any],
                               reply: ChatReply) -> list[Result]:
        if reply.finish_reason == "length":
            return await self._split(op, group, chunk, reply, 1)
        if len(chunk) > 1:  # one item may spoil the answer: find it, the others are judged
            self.meter.add(splits=1)
            half = len(chunk) // 2
            first, second = await asyncio.gather(
                self._ask(op, group, chunk[:half], reask=False),
                self._ask(op, group, chunk[half:], reask=False))
            return [*first, *second]
        error = "the judge's answer could not be read, even after a re-ask"
        return [op.failed(error, raw=reply.text) for _ in chunk]

    async def _split(self, op: Op, group: Hashable, chunk: list[Any], reply: ChatReply,
                     room: int) -> list[Result]:
        """Halve a cut-off batch; a single cut-off item is asked once more with twice the room."""
        self.meter.add(splits=1)
        if len(chunk) == 1:
            if room == 1:
                return await self._ask(op, group, chunk, room=2)
            return [op.failed("the answer was cut off (finish_reason=length) even for a single "
                              "item with twice the max_tokens; raise max_tokens",
                              raw=reply.text)]
        half = len(chunk) // 2
        first, second = await asyncio.gather(self._ask(op, group, chunk[:half]),
                                             self._ask(op, group, chunk[half:]))
        return [*first, *second]


def _parse(text: str, n: int, op: Op) -> dict:
    return parse_reply(text, n, op.operation.output, op.operation.labels)


__all__ = ["JudgeSettings", "LLMJudge", "Prompt"]
