"""`--estimate`: the calls, tokens and cost a run would need, without calling anything.

The judge's own plan runs against a local stand-in endpoint (`LLMJudge.dry_run()`), so
batching, coalescing and cache hits are counted exactly as in a real run; only the sizes of
decompositions and answers are guesses (sentences for claims, short reasons for verdicts).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..data.records import Record
from ..errors import ConfigError
from ..judges.base import Judge
from ..judges.capabilities import DryRunnable, usage_meter
from ..metrics.core import Metric

# OpenAI's Batch API and Anthropic's Message Batches bill half the online price per token
BATCH_PRICE_SHARE = 0.5


@dataclass(frozen=True, slots=True, kw_only=True)
class Estimate:
    records: int
    calls: int
    embed_calls: int
    prompt_tokens: int
    completion_tokens: int
    embed_tokens: int
    cache_hits: int
    cost: float | None
    unpriced: tuple[str, ...] = ()

    def per_record(self, value: float) -> float:
        return value / self.records if self.records else 0.0

    @property
    def batch_cost(self) -> float | None:
        """The same calls through a provider's batch API (`--batch-api`)."""
        return None if self.cost is None else self.cost * BATCH_PRICE_SHARE


async def estimate_async(records: Iterable[Record], metrics: Iterable[Metric], judge: Judge,
                         *, max_concurrency: int = 8) -> Estimate:
    from .run import evaluate_async

    if not isinstance(judge, DryRunnable):
        raise ConfigError("--estimate needs an LLM judge (openai:MODEL or litellm:…); "
                          f"{judge.id} makes no paid calls")
    dry = judge.dry_run()
    meter = usage_meter(dry)
    if meter is None:
        raise ConfigError(f"the dry run of {judge.id} counts nothing (it has no meter)")
    records = list(records)
    await evaluate_async(records, list(metrics), dry, max_concurrency=max_concurrency)
    t = meter.snapshot()
    return Estimate(records=len(records), calls=t.calls, embed_calls=t.embed_calls,
                    prompt_tokens=t.prompt_tokens, completion_tokens=t.completion_tokens,
                    embed_tokens=t.embed_tokens, cache_hits=t.cache_hits, cost=t.cost,
                    unpriced=t.unpriced)
