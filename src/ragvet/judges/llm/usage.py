"""Token, call and cost accounting for a run: a `MeteredClient` wrapper and its `Meter`.

The meter is plain counters plus listeners (the CLI's progress bar is one); it never prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .client import ChatClient, ChatReply, ChatRequest, EmbedReply


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens."""

    input: float
    output: float = 0.0


def parse_prices(table: Mapping[str, Any] | None) -> dict[str, Price]:
    """`{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}` or `{"m": "0.15:0.6"}` → Prices."""
    out: dict[str, Price] = {}
    for model, spec in (table or {}).items():
        if isinstance(spec, str):
            low, _, high = spec.partition(":")
            out[model] = Price(float(low), float(high or 0))
        else:
            out[model] = Price(float(spec.get("input", 0)), float(spec.get("output", 0)))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class UsageTotals:
    calls: int = 0
    embed_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    embed_tokens: int = 0
    cache_hits: int = 0
    errors: int = 0
    retries: int = 0
    reasks: int = 0
    splits: int = 0
    hedges: int = 0
    deadline_cuts: int = 0
    cost: float | None = None
    unpriced: tuple[str, ...] = ()
    by_prompt: Mapping[str, int] = field(default_factory=dict)

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def since(self, earlier: UsageTotals) -> UsageTotals:
        """What was spent after `earlier` (a snapshot of the same meter)."""
        counts = {k: getattr(self, k) - getattr(earlier, k) for k in (
            "calls", "embed_calls", "prompt_tokens", "completion_tokens", "embed_tokens",
            "cache_hits", "errors", "retries", "reasks", "splits", "hedges",
            "deadline_cuts")}
        cost = None if self.cost is None else self.cost - (earlier.cost or 0.0)
        by_prompt = {k: v - earlier.by_prompt.get(k, 0) for k, v in self.by_prompt.items()
                     if v - earlier.by_prompt.get(k, 0)}
        return replace(self, **counts, cost=cost, by_prompt=by_prompt)

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in (
            "calls", "embed_calls", "prompt_tokens", "completion_tokens", "embed_tokens",
            "cache_hits", "errors", "retries", "reasks", "splits", "hedges", "deadline_cuts",
            "cost")} | {
            "unpriced": list(self.unpriced), "by_prompt": dict(self.by_prompt)}


_COUNTERS = ("calls", "embed_calls", "prompt_tokens", "completion_tokens", "embed_tokens",
             "cache_hits", "errors", "retries", "reasks", "splits", "hedges", "deadline_cuts")


class Meter:
    """Live counters for one judge; `snapshot()` gives a frozen copy."""

    def __init__(self, prices: Mapping[str, Price] | None = None) -> None:
        self.prices = dict(prices or {})
        # plain counters, copied into a frozen UsageTotals only by snapshot(): a call adds
        # to them several times, and rebuilding the frozen totals each time cost more
        self._counts: dict[str, int] = dict.fromkeys(_COUNTERS, 0)
        self._by_prompt: dict[str, int] = {}
        self._cost = 0.0
        self._priced = False
        self._unpriced: set[str] = set()
        self._listeners: list[Callable[[UsageTotals], Any]] = []

    def subscribe(self, listener: Callable[[UsageTotals], Any]) -> None:
        self._listeners.append(listener)

    def snapshot(self) -> UsageTotals:
        return UsageTotals(**self._counts, cost=self._cost if self._priced else None,
                           unpriced=tuple(sorted(self._unpriced)),
                           by_prompt=dict(self._by_prompt))

    def add(self, **counts: int) -> None:
        mine = self._counts
        for name, value in counts.items():
            if name not in mine:
                raise TypeError(f"no usage counter named {name!r}")
            mine[name] += value
        self._notify()

    def chat(self, model: str, prompt: str, prompt_tokens: int, completion_tokens: int) -> None:
        self._by_prompt[prompt] = self._by_prompt.get(prompt, 0) + 1
        self._charge(model, prompt_tokens, completion_tokens)
        self.add(calls=1, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)

    def embedding(self, model: str, tokens: int) -> None:
        self._charge(model, tokens, 0)
        self.add(embed_calls=1, embed_tokens=tokens)

    def _charge(self, model: str, prompt_tokens: int, completion_tokens: int) -> None:
        price = self.prices.get(model)
        if price is None:
            self._unpriced.add(model)
            return
        self._priced = True
        self._cost += (prompt_tokens * price.input + completion_tokens * price.output) / 1e6

    def _notify(self) -> None:
        if self._listeners:
            snap = self.snapshot()
            for listener in self._listeners:
                listener(snap)


class MeteredClient:
    """Counts every attempt that reaches the endpoint: calls, tokens, errors (every failed
    attempt, chat or embeddings, whatever the failure), cost."""

    def __init__(self, inner: ChatClient, meter: Meter) -> None:
        self.inner = inner
        self.meter = meter

    async def complete(self, request: ChatRequest) -> ChatReply:
        try:
            reply = await self.inner.complete(request)
        except Exception:
            self.meter.add(errors=1)
            raise
        prompt = str(request.meta.get("prompt", "?"))
        self.meter.chat(request.model, prompt, reply.usage.prompt_tokens,
                        reply.usage.completion_tokens)
        return reply

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        try:
            reply = await self.inner.embed(texts, model)
        except Exception:
            self.meter.add(errors=1)
            raise
        self.meter.embedding(model, reply.usage.prompt_tokens)
        return reply
