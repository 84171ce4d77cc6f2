"""VERA's four metrics as declarations on the shared judge protocol (spec: VERA).

- vera_retrieval_precision: context → sentences (per source); sentence essential to q;
  score = share essential.
- vera_retrieval_recall: response → sentences; sentence supported by the context;
  score = share supported.
- vera_faithfulness: response → claims (shared with GR); claim supported by the context;
  score = 1 when every claim is supported, else 0 (binary per record).
- vera_answer_relevance: sub-questions + claims + sentences; addressed / essential /
  repeats another; score = coverage × precision × distinctness.

Answer relevance (0–1) penalises what VERA says it should: an incomplete answer (share of the
query's sub-questions the response addresses), unnecessary content (share of response claims
essential to the query) and redundancy (1 − share of sentences repeating another, cosine
≥ τ). A part with nothing to judge (e.g. one sentence: nothing can repeat) counts as 1.

Each match is memoised per record (`ctx.once`), so metrics sharing one ask the judge once;
the aggregate scores in `vera_aggregate` are derived from these metrics' scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ..judges.base import Verdict
from .aggregate import expected_yes, fraction_true
from .context import RecordContext
from .core import Match, Metric, Unit
from .derived import DerivedMetric
from .steps import (
    addressed_by_response,
    context_sentences,
    essential_to_query,
    query_subquestions,
    repeats_another,
    response_claims_in_context,
    response_sentences,
    supported_by_sources,
)

FAMILY = "vera"
DEFAULT_REPEAT_THRESHOLD = 0.8
RELEVANCE_PARTS = {"subquestion": "coverage", "claim": "precision", "sentence": "distinctness"}


def memoised(key: str, match: Match) -> Match:
    """The same match, computed once per record however many metrics ask for it."""

    async def run(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
        return await ctx.once(f"vera:{key}", lambda: match(ctx, units))

    return run


def all_true(verdicts: Sequence[Verdict]) -> float:
    """1 when every verdict is yes, else 0; with probabilities, the expected value: the
    product of the yes-probabilities (each claim judged on its own)."""
    return math.prod(expected_yes(v) for v in verdicts)


RETRIEVAL_PRECISION = Metric(
    id="vera_retrieval_precision", family=FAMILY, version="1",
    description="Retrieval precision: share of context sentences relevant to the query",
    decompose=context_sentences,
    match=memoised("essential(context sentences)", essential_to_query),
    aggregate=fraction_true,
    empty="the sources hold no sentences",
)

RETRIEVAL_RECALL = Metric(
    id="vera_retrieval_recall", family=FAMILY, version="1",
    description="Retrieval recall: share of response sentences supported by the context",
    decompose=response_sentences,
    match=memoised("supported(response sentences)", supported_by_sources),
    aggregate=fraction_true,
    empty="the response has no sentences",
)

FAITHFULNESS = Metric(
    id="vera_faithfulness", family=FAMILY, version="1",
    description="Faithfulness: 1 when every response claim is supported by the context, else 0",
    decompose=response_claims_in_context,
    match=memoised("supported(claims)", supported_by_sources),
    aggregate=all_true,
    empty="the response has no claims",
)


def answer_relevance(threshold: float = DEFAULT_REPEAT_THRESHOLD) -> Metric:
    """Answer relevance = coverage × precision × distinctness (see the module docstring)."""
    parts = {
        "subquestion": memoised("addressed(subquestions)", addressed_by_response),
        "claim": memoised("essential(claims)", essential_to_query),
        "sentence": memoised(f"repeats(sentences,{threshold})", repeats_another(threshold)),
    }

    async def decompose(ctx: RecordContext) -> list[Unit]:
        units = [*await query_subquestions(ctx), *await response_claims_in_context(ctx)]
        return [*units, *await response_sentences(ctx)] if units else []

    async def match(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
        verdicts: list[Verdict] = []
        for kind, part_match in parts.items():
            mine = [u for u in units if u.kind == kind]
            found = await part_match(ctx, mine) if mine else []
            verdicts.extend(replace(v, detail={**(v.detail or {}), "part": RELEVANCE_PARTS[kind]})
                            for v in found)
        return verdicts

    return Metric(
        id="vera_answer_relevance", family=FAMILY, version="1",
        description="Answer relevance: sub-question coverage × claim essentiality × "
                    "sentence distinctness",
        decompose=decompose, match=match, aggregate=relevance_product,
        empty="the query has no sub-questions and the response no claims",
    )


def relevance_parts(verdicts: Sequence[Verdict]) -> dict[str, float]:
    """Each part's factor: coverage, precision (share true) and distinctness (1 − share).

    A share counts verdicts as every share metric does (`aggregate.fraction_true`): with
    the judge's probabilities, the expected share."""
    factors: dict[str, float] = {}
    for part in RELEVANCE_PARTS.values():
        mine = [v for v in verdicts if (v.detail or {}).get("part") == part]
        if mine:
            share = fraction_true(mine)
            factors[part] = 1.0 - share if part == "distinctness" else share
    return factors


def relevance_product(verdicts: Sequence[Verdict]) -> float:
    product = 1.0
    for factor in relevance_parts(verdicts).values():
        product *= factor
    return product


ANSWER_RELEVANCE = answer_relevance()

VERA_METRICS = (RETRIEVAL_PRECISION, RETRIEVAL_RECALL, FAITHFULNESS, ANSWER_RELEVANCE)
VERA_IDS = tuple(m.id for m in VERA_METRICS)


def vera_family() -> tuple[Metric | DerivedMetric, ...]:
    """The four metrics plus the aggregate scores derived from them (the registry's `vera`
    family)."""
    from .vera_aggregate import aggregate_metrics

    return (*VERA_METRICS, *aggregate_metrics())
