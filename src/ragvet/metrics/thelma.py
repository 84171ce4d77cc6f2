"""THELMA's reference-free metrics as declarations (spec: THELMA metrics table)."""

from __future__ import annotations

from .aggregate import fraction_true, one_minus_fraction_true
from .core import Metric
from .steps import (
    addressed_by_response,
    answered_by_sources,
    each_source,
    essential_in_context,
    essential_to_query,
    query_subquestions,
    repeats_another,
    response_claims_in_context,
    response_sentences,
    source_facts,
    supported_by_sources,
)

# τ for SD, chosen on tuning data with the bundled MiniLM embedder
# (`python -m training.fit_repeat_threshold`): the best balanced accuracy between a fact said
# twice and two distinct facts about one subject, calling at most 3 % of the latter repeats.
DEFAULT_REPEAT_THRESHOLD = 0.75

SP1 = Metric(
    id="SP1", family="thelma", version="1",
    description="Source precision (chunk level): share of sources holding essential information",
    decompose=each_source, match=essential_to_query, aggregate=fraction_true,
    empty="there are no sources",
)

SP2 = Metric(
    id="SP2", family="thelma", version="1",
    description="Source precision (fact level): share of source facts essential to the query",
    decompose=source_facts, match=essential_to_query, aggregate=fraction_true,
    empty="the sources hold no facts",
)

SQC = Metric(
    id="SQC", family="thelma", version="1",
    description="Source query coverage: share of sub-questions answered by a source or the set",
    decompose=query_subquestions, match=answered_by_sources, aggregate=fraction_true,
    empty="the query has no sub-questions",
)

RP = Metric(
    id="RP", family="thelma", version="3",
    description="Response precision: share of response claims essential to the query",
    decompose=response_claims_in_context, match=essential_in_context, aggregate=fraction_true,
    empty="the response has no claims",
)

RQC = Metric(
    id="RQC", family="thelma", version="1",
    description="Response query coverage: share of sub-questions the response addresses",
    decompose=query_subquestions, match=addressed_by_response, aggregate=fraction_true,
    empty="the query has no sub-questions",
)


def self_distinctness(threshold: float = DEFAULT_REPEAT_THRESHOLD) -> Metric:
    """SD with a configurable repeat threshold τ on sentence-embedding cosine."""
    return Metric(
        id="SD", family="thelma", version="2",
        description="Response self-distinctness: 1 − share of sentences repeating another",
        decompose=response_sentences, match=repeats_another(threshold),
        aggregate=one_minus_fraction_true, empty="the response has no sentences",
    )


SD = self_distinctness()

GR = Metric(
    id="GR", family="thelma", version="1",
    description="Groundedness: share of response claims supported by the sources",
    decompose=response_claims_in_context, match=supported_by_sources, aggregate=fraction_true,
    empty="the response has no claims",
)

THELMA = (SP1, SP2, SQC, RP, RQC, SD, GR)
