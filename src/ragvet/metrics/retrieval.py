"""Retriever accuracy against gold source ids (transparent RAGAS study, table 1).

A record names the sources that answer its query in `metadata.gold_source_ids` (a top-level
`gold_source_ids` column lands there too; ragas's `reference_context_ids` is read as well):
a list of ids, or in a CSV cell a JSON list or comma-separated ids. The retrieved sources
are the record's `sources` in their order (rank 1 first), matched to the gold ids by their
own `id` (exact text after `str()`; a source without an id matches nothing, and a repeated
id counts at its first rank only). Nothing asks the judge.

| id                     | score (G: the distinct gold ids; a gold id's rank: its first rank) |
|------------------------|---------------------------------------------------------------------|
| `retrieval_accuracy@k` | 1 if any gold source is among the top k, else 0 (hit rate)          |
| `recall@k`             | share of G among the top k                                          |
| `mrr`                  | 1 / best rank of a gold source (0 when none was retrieved)          |
| `ndcg@k`               | Σ_{g: rank ≤ k} 1/log2(rank+1) ÷ Σ_{i=1..min(|G|,k)} 1/log2(i+1)   |

The family `retrieval` holds accuracy at k = 1, 3, 5 (the paper's table 1), recall@5,
ndcg@5 and mrr; `retrieval_metrics(ks)` builds accuracy, recall and nDCG at any k.
Decompose: one unit per gold id; match: where (if at all) it was retrieved; so each record's
components say which gold source sat at which rank. A record without gold ids, or whose
sources carry no ids at all, is not applicable with that reason; a record with gold ids and
no retrieved sources scores 0 (the retriever missed).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..data.records import Record
from ..judges.base import Verdict
from .context import RecordContext
from .core import Metric, Unit

FAMILY = "retrieval"
GOLD_FIELDS = ("gold_source_ids", "reference_context_ids")
DEFAULT_KS = (1, 3, 5)
DEFAULT_K = 5
RANK_KEY = "rank"


# ---- gold ids ------------------------------------------------------------------------------

def gold_source_ids(record: Record) -> tuple[str, ...] | None:
    """The record's distinct gold source ids in the given order; None when it names none."""
    for name in GOLD_FIELDS:
        if name in record.metadata and record.metadata[name] not in (None, ""):
            return _as_ids(record.metadata[name], name)
    return None


def _as_ids(value: Any, name: str) -> tuple[str, ...]:
    if isinstance(value, str):
        text = value.strip()
        value = json.loads(text) if text.startswith("[") else text.split(",")
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        value = [value]
    if hasattr(value, "tolist"):  # numpy arrays from Parquet / DataFrames
        value = value.tolist()
    if not isinstance(value, (list, tuple)) or any(
            isinstance(v, bool) or not isinstance(v, (str, int)) for v in value):
        raise ValueError(f"{name} must be a list of ids (text or integers)")
    return tuple(dict.fromkeys(s for s in (str(v).strip() for v in value) if s))


def _not_applicable_reason(record: Record) -> str | None:
    try:
        gold = gold_source_ids(record)
    except (ValueError, json.JSONDecodeError) as err:
        return f"unreadable gold source ids: {err}"
    if gold is None:
        return "the record names no gold sources (metadata.gold_source_ids)"
    if not gold:
        return "the record's gold source id list is empty"
    if record.sources and all(s.id is None for s in record.sources):
        return "the retrieved sources carry no ids to match the gold ids against"
    return None


def first_ranks(record: Record) -> dict[str, int]:
    """Retrieved source id → its first rank (1-based)."""
    ranks: dict[str, int] = {}
    for position, source in enumerate(record.sources, start=1):
        if source.id is not None:
            ranks.setdefault(str(source.id).strip(), position)
    return ranks


# ---- decompose and match -------------------------------------------------------------------

async def gold_sources(ctx: RecordContext) -> list[Unit]:
    gold = gold_source_ids(ctx.record) or ()
    ranks = first_ranks(ctx.record)
    return [Unit(kind="gold_source", text=g,
                 source_index=ranks[g] - 1 if g in ranks else None) for g in gold]


def _retrieved_within(k: int | None) -> Callable[[RecordContext, Sequence[Unit]], Any]:
    """Match: is each gold source among the top k (anywhere when k is None)?"""
    async def match(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
        n = len(ctx.record.sources)
        out = []
        for unit in units:
            rank = None if unit.source_index is None else unit.source_index + 1
            hit = rank is not None and (k is None or rank <= k)
            where = (f"retrieved at rank {rank}" if rank is not None
                     else f"not among the {n} retrieved sources")
            if k is not None and rank is not None and rank > k:
                where += f", below the top {k}"
            out.append(Verdict(value=hit, reason=where, detail={RANK_KEY: rank}))
        return out

    return match


def _ranks(verdicts: Sequence[Verdict]) -> list[int | None]:
    return [(v.detail or {}).get(RANK_KEY) for v in verdicts]


# ---- aggregates ----------------------------------------------------------------------------

def hit_at(k: int) -> Callable[[Sequence[Verdict]], float]:
    def hit(verdicts: Sequence[Verdict]) -> float:
        return 1.0 if any(r is not None and r <= k for r in _ranks(verdicts)) else 0.0
    return hit


def recall_at(k: int) -> Callable[[Sequence[Verdict]], float]:
    def recall(verdicts: Sequence[Verdict]) -> float:
        ranks = _ranks(verdicts)
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks)
    return recall


def reciprocal_rank(verdicts: Sequence[Verdict]) -> float:
    found = [r for r in _ranks(verdicts) if r is not None]
    return 1.0 / min(found) if found else 0.0


def ndcg_at(k: int) -> Callable[[Sequence[Verdict]], float]:
    def ndcg(verdicts: Sequence[Verdict]) -> float:
        ranks = _ranks(verdicts)
        gained = sum(1.0 / math.log2(r + 1) for r in ranks if r is not None and r <= k)
        ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(ranks), k) + 1))
        return gained / ideal
    return ndcg


# ---- declarations --------------------------------------------------------------------------

EMPTY = "the record has no gold source ids"


def _metric(metric_id: str, description: str, k: int | None,
            aggregate: Callable[[Sequence[Verdict]], float]) -> Metric:
    return Metric(id=metric_id, family=FAMILY, version="1", description=description,
                  decompose=gold_sources, match=_retrieved_within(k), aggregate=aggregate,
                  empty=EMPTY, applies=_not_applicable_reason, reads_text=False)


def _check_k(k: int) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive integer, not {k!r}")
    return k


def retrieval_accuracy(k: int) -> Metric:
    """1 when any gold source is among the top k retrieved, else 0."""
    k = _check_k(k)
    return _metric(f"retrieval_accuracy@{k}",
                   f"Retriever accuracy: a gold source is among the top {k} retrieved", k,
                   hit_at(k))


def recall(k: int) -> Metric:
    """Share of the gold sources among the top k retrieved."""
    k = _check_k(k)
    return _metric(f"recall@{k}", f"Recall: share of gold sources among the top {k} retrieved",
                   k, recall_at(k))


def ndcg(k: int) -> Metric:
    """nDCG@k with binary gains (a gold source 1, any other 0)."""
    k = _check_k(k)
    return _metric(f"ndcg@{k}", f"nDCG of the top {k} retrieved against the gold sources", k,
                   ndcg_at(k))


MRR = _metric("mrr", "Reciprocal rank of the first gold source retrieved", None,
              reciprocal_rank)


def retrieval_metrics(ks: Iterable[int] = DEFAULT_KS) -> tuple[Metric, ...]:
    """Accuracy, recall and nDCG at each k, then MRR."""
    chosen = sorted({_check_k(k) for k in ks})
    return (*(retrieval_accuracy(k) for k in chosen), *(recall(k) for k in chosen),
            *(ndcg(k) for k in chosen), MRR)


RETRIEVAL = (*(retrieval_accuracy(k) for k in DEFAULT_KS), recall(DEFAULT_K), ndcg(DEFAULT_K),
             MRR)
