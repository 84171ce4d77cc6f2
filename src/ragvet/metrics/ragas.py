"""Transparent RAGAS metrics (telecom study, seed 003) as declarations, every step kept.

Metric ids (stable; select them by id or all at once with the family name `ragas`):

| id                    | score                                                             |
|-----------------------|-------------------------------------------------------------------|
| `faithfulness`        | response claims supported by the sources / response claims        |
| `answer_relevance`    | mean cosine(E(query), E(q̂ᵢ)), N questions generated from the response |
| `context_relevance`   | context sentences essential to the query / context sentences      |
| `answer_similarity`   | cosine(E(response), E(reference))                                 |
| `factual_correctness` | TP / (TP + 0.5·(FP + FN)), claims classified against the reference |
| `answer_correctness`  | 0.75·factual_correctness + 0.25·answer_similarity (weights configurable) |

The last three need a `reference`. Components keep what the judge said at each step: each
claim with its verdict and reason, each generated question with its cosine, each context
sentence with whether it was extracted as relevant, each claim's TP / FP / FN class.
Cosines are clipped to [0, 1] (the raw cosine stays in the component's detail).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..data.records import Record
from ..judges.base import Decomposition, QuestionsItem, SupportItem, Verdict
from ..judges.ops import CLAIMS, EMBED, QUESTIONS, SUPPORTED
from .aggregate import expected_yes, fraction_true, mean_grade
from .context import RecordContext
from .core import Metric, MetricOutcome, NotApplicable, StepFailed, Unit, graded
from .derived import Combine, Combined, DerivedMetric
from .steps import (
    context_sentences,
    essential_to_query,
    response_claims,
    response_claims_in_context,
    supported_by_sources,
)

FAMILY = "ragas"
DEFAULT_QUESTIONS = 3
DEFAULT_FACTUAL_WEIGHT = 0.75
DEFAULT_SIMILARITY_WEIGHT = 0.25


# ---- shared helpers ----------------------------------------------------------------------

def _parts(kind: str, decomposition: Decomposition) -> list[Unit]:
    if decomposition.error is not None:
        raise StepFailed(f"generating {kind}s failed: {decomposition.error}",
                         raw=decomposition.raw)
    return [Unit(kind=kind, text=t) for t in decomposition.items if t.strip()]


async def _vectors(ctx: RecordContext, texts: Sequence[str]) -> list[list[float]]:
    vectors = [list(map(float, v)) for v in await ctx.judge.run(EMBED, list(texts))]
    if len(vectors) != len(texts):
        raise StepFailed(f"judge returned {len(vectors)} embeddings for {len(texts)} texts")
    return vectors


def _cosine_verdict(a: Sequence[float], b: Sequence[float], what: str) -> Verdict:
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    if norm == 0:
        return Verdict.failed(f"an embedding is the zero vector ({what})")
    cosine = sum(x * y for x, y in zip(a, b, strict=True)) / norm
    score = min(1.0, max(0.0, cosine))
    return graded(score, reason=f"cosine {cosine:.3f} between {what}",
                  cosine=round(cosine, 6))


# ---- faithfulness ------------------------------------------------------------------------

async def _supported_by_context(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    # Keyed so faithfulness and anything else in this family judge the claims once.
    return await ctx.once("supported(claims(response), sources)",
                          lambda: supported_by_sources(ctx, units))


FAITHFULNESS = Metric(
    id="faithfulness", family=FAMILY, version="1",
    description="Faithfulness: share of response claims supported by the sources",
    decompose=response_claims_in_context, match=_supported_by_context, aggregate=fraction_true,
    empty="the response has no claims",
)


# ---- answer relevance --------------------------------------------------------------------

def _generated_questions(n: int):
    async def decompose(ctx: RecordContext) -> list[Unit]:
        async def compute() -> list[Unit]:
            (decomposition,) = await ctx.judge.run(
                QUESTIONS, [QuestionsItem(text=ctx.record.response, n=n)])
            return _parts("generated_question", decomposition)[:n]

        return await ctx.once(f"questions(response, {n})", compute)

    return decompose


async def _closeness_to_query(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    query, *questions = await _vectors(ctx, [ctx.record.query, *(u.text for u in units)])
    return [_cosine_verdict(query, q, "the query and this generated question")
            for q in questions]


def answer_relevance(n_questions: int = DEFAULT_QUESTIONS) -> Metric:
    """Answer relevance with N generated questions (default 3)."""
    if n_questions < 1:
        raise ValueError("answer relevance needs at least one generated question")
    return Metric(
        id="answer_relevance", family=FAMILY, version="1",
        description="Answer relevance: mean cosine of the query with questions generated "
                    "from the response",
        decompose=_generated_questions(n_questions), match=_closeness_to_query,
        aggregate=mean_grade, empty="no question could be generated from the response",
    )


# ---- context relevance -------------------------------------------------------------------

async def _extracted_as_relevant(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    verdicts = await essential_to_query(ctx, units)
    return [v if v.value is None else replace(v, detail={**(v.detail or {}),
                                                          "extracted": v.value})
            for v in verdicts]


CONTEXT_RELEVANCE = Metric(
    id="context_relevance", family=FAMILY, version="1",
    description="Context relevance: share of context sentences relevant to the query",
    decompose=context_sentences, match=_extracted_as_relevant, aggregate=fraction_true,
    empty="the context has no sentences",
)


# ---- answer similarity -------------------------------------------------------------------

async def _the_response(ctx: RecordContext) -> list[Unit]:
    text = ctx.record.response
    return [Unit(kind="response", text=text)] if text.strip() else []


async def _similarity_to_reference(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    async def compute() -> list[Verdict]:
        response, reference = await _vectors(ctx, [ctx.record.response, ctx.record.reference])
        return [_cosine_verdict(response, reference, "the response and the reference")]

    return await ctx.once("similarity(response, reference)", compute)


ANSWER_SIMILARITY = Metric(
    id="answer_similarity", family=FAMILY, version="1",
    description="Answer similarity: cosine of response and reference embeddings",
    decompose=_the_response, match=_similarity_to_reference, aggregate=mean_grade,
    empty="the response is empty", requires=("reference",),
)


# ---- factual correctness -----------------------------------------------------------------

async def _claims_or_whole(ctx: RecordContext, text: str, kind: str,
                           shared: list[Unit] | None = None) -> list[Unit]:
    """Claims of `text`; a non-empty text with none (a short answer: "Delhi") is one claim."""
    if shared is None:
        async def compute() -> list[Unit]:
            (decomposition,) = await ctx.judge.run(CLAIMS, [text])
            return _parts(kind, decomposition)

        shared = await ctx.once(f"claims({kind})", compute)
    units = [Unit(kind=kind, text=u.text) for u in shared]
    return units or ([Unit(kind=kind, text=text.strip())] if text.strip() else [])


async def _claims_both_ways(ctx: RecordContext) -> list[Unit]:
    response = ctx.record.response
    if not response.strip():
        return []
    from_response = await _claims_or_whole(ctx, response, "response_claim",
                                           shared=await response_claims(ctx))
    from_reference = await _claims_or_whole(ctx, ctx.record.reference or "", "reference_claim")
    return [*from_response, *from_reference]


_CLASSES = {("response_claim", True): ("TP", "the reference supports it"),
            ("response_claim", False): ("FP", "the reference does not support it"),
            ("reference_claim", True): ("covered", "the response states it"),
            ("reference_claim", False): ("FN", "the response leaves it out")}


async def _classified_against_reference(ctx: RecordContext, units: Sequence[Unit]
                                        ) -> list[Verdict]:
    async def compute() -> list[Verdict]:
        reference, response = (ctx.record.reference or ""), ctx.record.response
        items = [SupportItem(claim=u.text, sources=(reference,) if u.kind == "response_claim"
                             else (response,)) for u in units]
        verdicts = await ctx.judge.run(SUPPORTED, items)
        return [_with_class(u, v) for u, v in zip(units, verdicts, strict=True)]

    return await ctx.once("classified(claims, reference)", compute)


def _with_class(unit: Unit, verdict: Verdict) -> Verdict:
    if verdict.value is None:
        return verdict
    label, meaning = _CLASSES[(unit.kind, verdict.value)]
    reason = f"{label}: {meaning}" + (f" ({verdict.reason})" if verdict.reason else "")
    return replace(verdict, reason=reason, detail={**(verdict.detail or {}), "class": label})


def f1_of_classes(verdicts: Sequence[Verdict]) -> float:
    """TP / (TP + 0.5·(FP + FN)); reference claims the response states don't count.

    Each response claim adds its yes-weight (`expected_yes`: 1/0, or the judge's probability
    that the reference supports it) to TP and the rest to FP; each reference claim adds the
    weight of "the response leaves it out" to FN. With yes/no verdicts these are the counts.
    """
    tp = fp = fn = 0.0
    for v in verdicts:
        label = str((v.detail or {}).get("class"))
        yes = expected_yes(v)
        if label in {"TP", "FP"}:
            tp, fp = tp + yes, fp + (1.0 - yes)
        elif label in {"covered", "FN"}:
            fn += 1.0 - yes
    total = tp + 0.5 * (fp + fn)  # > 0: the response always has a claim
    return tp / total if total > 0 else 0.0


FACTUAL_CORRECTNESS = Metric(
    id="factual_correctness", family=FAMILY, version="1",
    description="Factual correctness: F1 of response claims vs reference claims (TP/FP/FN)",
    decompose=_claims_both_ways, match=_classified_against_reference, aggregate=f1_of_classes,
    empty="the response is empty", requires=("reference",),
)


# ---- answer correctness ------------------------------------------------------------------

def _statement_lists(outcome: MetricOutcome) -> dict[str, list[str]]:
    lists: dict[str, list[str]] = {"TP": [], "FP": [], "FN": []}
    for component in outcome.components:
        label = component.detail.get("class")
        if label in lists:
            lists[label].append(component.text)
    return lists


def _weighted_mean(weights: Mapping[str, float]) -> Combine:
    """Σ wᵢ·scoreᵢ / Σ wᵢ over the inputs; not applicable when an input is."""

    def combine(inputs: Mapping[str, MetricOutcome], record: Record) -> Combined:
        missing = [o.score for o in inputs.values() if isinstance(o.score, NotApplicable)]
        if missing:
            return Combined(score=missing[0])
        scores = {m: float(o.score) for m, o in inputs.items()}  # type: ignore[arg-type]
        score = sum(w * scores[m] for m, w in weights.items()) / sum(weights.values())
        lists = _statement_lists(inputs[FACTUAL_CORRECTNESS.id])
        return Combined(score=score, weights=weights, notes={FACTUAL_CORRECTNESS.id: lists})

    return combine


def answer_correctness(factual_weight: float = DEFAULT_FACTUAL_WEIGHT,
                       similarity_weight: float = DEFAULT_SIMILARITY_WEIGHT) -> DerivedMetric:
    """w₁·factual_correctness + w₂·answer_similarity, divided by w₁ + w₂ (default 0.75, 0.25).

    Derived from the two metrics' scores: the judge is not asked again. Its components are
    the two inputs with their weights; factual correctness's carries the TP / FP / FN
    statements.
    """
    if factual_weight < 0 or similarity_weight < 0 or factual_weight + similarity_weight <= 0:
        raise ValueError("answer correctness weights must be ≥ 0 and not both 0")
    weights = {FACTUAL_CORRECTNESS.id: factual_weight, ANSWER_SIMILARITY.id: similarity_weight}
    return DerivedMetric(
        id="answer_correctness", family=FAMILY, version="1",
        description=f"Answer correctness: {factual_weight:g}·factual correctness + "
                    f"{similarity_weight:g}·answer similarity",
        inputs=(FACTUAL_CORRECTNESS, ANSWER_SIMILARITY), combine=_weighted_mean(weights),
    )


ANSWER_RELEVANCE = answer_relevance()
ANSWER_CORRECTNESS = answer_correctness()

RAGAS = (FAITHFULNESS, ANSWER_RELEVANCE, CONTEXT_RELEVANCE, ANSWER_SIMILARITY,
         FACTUAL_CORRECTNESS, ANSWER_CORRECTNESS)


def ragas_metrics(*, n_questions: int = DEFAULT_QUESTIONS,
                  factual_weight: float = DEFAULT_FACTUAL_WEIGHT,
                  similarity_weight: float = DEFAULT_SIMILARITY_WEIGHT
                  ) -> tuple[Metric | DerivedMetric, ...]:
    """The family with its parameters set (N generated questions, answer-correctness weights)."""
    return (FAITHFULNESS, answer_relevance(n_questions), CONTEXT_RELEVANCE, ANSWER_SIMILARITY,
            FACTUAL_CORRECTNESS, answer_correctness(factual_weight, similarity_weight))
