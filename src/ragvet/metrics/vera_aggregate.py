"""VERA's aggregate score: one ranking number per record from its metric scores.

VERA's method: append to the response one sentence per metric saying what it measures and
how the record scored, then score (query, enriched response) with a cross-encoder of the
ms-marco MiniLM family; the logit is the record's aggregate score (`vera_aggregate`).

No cross-encoder ships on PyPI. Without one configured (`cross_encoder=` or the
RAGVET_CROSS_ENCODER environment variable, a local path or an already cached hub name) the
aggregate is the fitted combiner's P(answer is right) (below), and the result says so: the
bundled bi-encoder stand-in that used to be the default ranked the hallucinated HaluEval
answer above the right one in about 9 pairs of 10, so it is only used when asked for
(`scorer=BiEncoderScorer()`). Every component names the scorer that produced the score.

Beside it, `vera_combined` is a calibrated combiner: a logistic regression over the metric
scores, fitted on labelled tuning data (`python -m training.fit_combiner`), with its
parameters shipped as `vera_combiner.json`; its score is P(answer is right) in [0, 1].

Both are derived metrics (`metrics.derived`): their inputs are the four VERA metrics, named
by id and scored once per record, and their components show those inputs.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Protocol

from ..data.records import Record
from ..errors import ConfigError
from .core import UNBOUNDED, MetricOutcome, NotApplicable, ScoreRange
from .derived import Combined, DerivedMetric, Evidence

FAMILY = "vera"
CROSS_ENCODER_ENV = "RAGVET_CROSS_ENCODER"
COMBINER_FILE = "vera_combiner.json"

# metric id → (what it measures, phrase when high, when moderate, when low); own wording.
STATEMENTS: Mapping[str, tuple[str, str, str, str]] = {
    "vera_retrieval_precision": (
        "Retrieval precision measures how much of the retrieved context is relevant to the "
        "question", "nearly all of the retrieved context is relevant to the question",
        "only some of the retrieved context is relevant",
        "almost none of the retrieved context is relevant; it is off topic"),
    "vera_retrieval_recall": (
        "Retrieval recall measures how many sentences of the answer the retrieved context "
        "supports", "the context supports nearly all of the answer",
        "the context supports only some of the answer",
        "the context supports almost none of the answer; it is unsupported"),
    "vera_faithfulness": (
        "Faithfulness checks that every claim in the answer follows from the context",
        "every claim follows from the context", "some claims are invented",
        "some claims are invented"),
    "vera_answer_relevance": (
        "Answer relevance measures whether the answer addresses the whole question without "
        "unnecessary or repeated content",
        "the answer addresses the question directly and completely",
        "the answer addresses only some of the question",
        "the answer is off topic and misses the question"),
}
HIGH, LOW = 0.7, 0.4
# The metrics the aggregates can combine: the four VERA metrics (`metrics.vera`), by id.
VERA_INPUTS = tuple(STATEMENTS)


def statement(metric_id: str, score: float | None, reason: str | None = None) -> str:
    """One sentence: what the metric measures and how this record scored on it."""
    what, high, moderate, low = STATEMENTS.get(
        metric_id, (f"The metric {metric_id} scores the record from 0 to 1", "high", "moderate",
                    "low"))
    if score is None:
        return f"{what}; it does not apply here ({reason or 'nothing to judge'})."
    band, phrase = (("high", high) if score >= HIGH else ("moderate", moderate)
                    if score >= LOW else ("low", low))
    return f"{what}; here it scores {score:.2f}, which is {band}: {phrase}."


def enrich(response: str, scores: Mapping[str, float | None],
           reasons: Mapping[str, str] | None = None) -> str:
    """The response followed by one statement per metric (VERA's text enhancement)."""
    lines = [statement(m, s, (reasons or {}).get(m)) for m, s in scores.items()]
    return f"{response.strip()}\n\n" + " ".join(lines)


class PairScorer(Protocol):
    """Scores (query, enriched response) pairs; higher ranks better. `range` is the
    interval its scores lie in."""

    range: ScoreRange

    def score(self, pairs: Sequence[tuple[str, str]], ideal: str) -> list[float]: ...

    def describe(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class CrossEncoderScorer:
    """VERA's scorer: a cross-encoder's raw logit for (query, enriched response)."""

    name_or_path: str
    range: ClassVar[ScoreRange] = UNBOUNDED

    def score(self, pairs: Sequence[tuple[str, str]], ideal: str) -> list[float]:
        import torch

        from ..judges.local.models import load_cross_encoder

        model = load_cross_encoder(self.name_or_path)
        logits = model.predict(list(pairs), activation_fn=torch.nn.Identity(),
                               show_progress_bar=False)
        return [float(x) for x in logits.reshape(len(pairs), -1)[:, 0]]

    def describe(self) -> Mapping[str, Any]:
        return {"kind": "cross-encoder", "model": self.name_or_path, "score": "logit"}


@dataclass(frozen=True)
class BiEncoderScorer:
    """Built-in default: cosine between (query + ideal statements) and the enriched response."""

    name_or_path: str | None = None
    range: ClassVar[ScoreRange] = (-1.0, 1.0)

    def score(self, pairs: Sequence[tuple[str, str]], ideal: str) -> list[float]:
        import numpy as np

        from ..judges.local.models import load_embedding_model

        model = (load_embedding_model(self.name_or_path) if self.name_or_path
                 else load_embedding_model())
        texts = [t for q, answer in pairs for t in (f"{q}\n\n{ideal}", answer)]
        vectors = np.asarray(model.encode(texts, normalize_embeddings=True,
                                          show_progress_bar=False))
        return [float(vectors[2 * i] @ vectors[2 * i + 1]) for i in range(len(pairs))]

    def describe(self) -> Mapping[str, Any]:
        return {"kind": "bi-encoder (built-in default; no cross-encoder configured)",
                "model": self.name_or_path or "all-MiniLM-L6-v2 (bundled)",
                "score": "cosine of query + ideal statements with the enriched response"}


def default_scorer() -> PairScorer | None:
    """A cross-encoder named by the environment, else None: the fitted combiner decides."""
    path = os.environ.get(CROSS_ENCODER_ENV, "").strip()
    return CrossEncoderScorer(path) if path else None


COMBINER_RANGE: ScoreRange = (0.0, 1.0)


def _scores(inputs: Mapping[str, MetricOutcome], ids: Sequence[str]
            ) -> tuple[dict[str, float | None], dict[str, str]]:
    """Each input's score in the order of `ids` (None when not applicable) and the reasons."""
    scores = {m: (None if isinstance(inputs[m].score, NotApplicable)
                  else float(inputs[m].score))  # type: ignore[arg-type]
              for m in ids}
    reasons = {m: inputs[m].score.reason for m in ids  # type: ignore[union-attr]
               if isinstance(inputs[m].score, NotApplicable)}
    return scores, reasons


def vera_aggregate(include: Sequence[str] = VERA_INPUTS, *, scorer: PairScorer | None = None,
                   cross_encoder: str | None = None) -> DerivedMetric:
    """VERA's aggregate score over the metrics in `include` (any metric ids of the family).

    The scorer is `scorer`, else a cross-encoder at `cross_encoder`, else the one the
    environment names when the record is scored (see `default_scorer`), else the fitted
    combiner (`vera_combiner.json`), whose score is P(answer is right).
    """
    ids = _pick(include)
    ideal = " ".join(statement(m, 1.0) for m in ids)
    fixed = scorer or (CrossEncoderScorer(cross_encoder) if cross_encoder else None)

    def combine(inputs: Mapping[str, MetricOutcome], record: Record) -> Combined:
        scores, reasons = _scores(inputs, ids)
        enriched = enrich(record.response, scores, reasons)
        chosen = fixed or default_scorer()
        if chosen is None:
            return _combiner_score(scores, ids, enriched)
        (value,) = chosen.score([(record.query, enriched)], ideal)
        about = dict(chosen.describe())
        scored = Evidence(kind="enriched_response", text=enriched, raw=json.dumps(about),
                          reason=f"scored by {about['kind']} {about['model']}: {value:.4f}",
                          detail={"score": value, "scorer": about})
        return Combined(score=value, weights=dict.fromkeys(ids), evidence=(scored,))

    chosen = fixed or default_scorer()
    return DerivedMetric(id="vera_aggregate", family=FAMILY, version="2",
                         description="VERA aggregate: (query, response enriched with one "
                                     "statement per metric) scored by a cross-encoder, else "
                                     "the fitted combiner's P(answer is right)",
                         inputs=tuple(ids), combine=combine,
                         range=chosen.range if chosen is not None else COMBINER_RANGE)


def _combiner_score(scores: Mapping[str, float | None], ids: Sequence[str],
                    enriched: str) -> Combined:
    params = shipped_params()
    if params is None:
        raise ConfigError(f"vera_aggregate needs a cross-encoder ({CROSS_ENCODER_ENV}) or the "
                          f"fitted combiner ({COMBINER_FILE}); neither is available")
    value = params.probability(scores)
    about = {"kind": "fitted combiner (no cross-encoder configured)",
             "model": f"{COMBINER_FILE} v{params.version}", "score": "P(answer is right)"}
    scored = Evidence(kind="enriched_response", text=enriched, raw=json.dumps(about),
                      reason=f"scored by the fitted combiner {COMBINER_FILE} v{params.version} "
                             f"(no cross-encoder configured): P(right) = {value:.4f}",
                      detail={"score": value, "scorer": about})
    weights = dict(zip(params.metrics, params.weights, strict=True))
    return Combined(score=value, weights={m: weights.get(m) for m in ids}, evidence=(scored,))


def _pick(include: Sequence[str]) -> list[str]:
    unknown = [i for i in include if i not in VERA_INPUTS]
    if unknown or not include:
        raise ConfigError(f"the VERA aggregate combines {', '.join(VERA_INPUTS)}; got "
                          f"{', '.join(unknown) or 'nothing'}")
    return list(include)


# ---- calibrated combiner -----------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class CombinerParams:
    """Logistic regression over metric scores; `fill` replaces a not-applicable score."""

    metrics: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    fill: Mapping[str, float]
    version: str = "1"
    provenance: Mapping[str, Any] | None = None

    def probability(self, scores: Mapping[str, float | None]) -> float:
        z = self.bias + sum(w * (scores.get(m) if scores.get(m) is not None else self.fill[m])
                            for m, w in zip(self.metrics, self.weights, strict=True))
        return 1.0 / (1.0 + math.exp(-max(min(z, 500.0), -500.0)))

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "metrics": list(self.metrics),
                "weights": list(self.weights), "bias": self.bias, "fill": dict(self.fill),
                "provenance": dict(self.provenance or {})}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CombinerParams:
        return cls(metrics=tuple(data["metrics"]), weights=tuple(map(float, data["weights"])),
                   bias=float(data["bias"]), fill={k: float(v) for k, v in data["fill"].items()},
                   version=str(data.get("version", "1")),
                   provenance=data.get("provenance") or None)


def shipped_params() -> CombinerParams | None:
    """The fitted parameters shipped in the package, or None when none are shipped yet."""
    resource = resources.files("ragvet.metrics").joinpath(COMBINER_FILE)
    if not resource.is_file():
        return None
    return CombinerParams.from_dict(json.loads(resource.read_text(encoding="utf-8")))


def vera_combined(params: CombinerParams | None = None) -> DerivedMetric:
    """P(the answer is right) from a logistic regression over the VERA metric scores."""
    params = params or shipped_params()
    if params is None:
        raise ConfigError(f"no combiner parameters shipped ({COMBINER_FILE}); fit them with "
                          "python -m training.fit_combiner (repository root)")
    ids = _pick(params.metrics)
    weights = dict(zip(params.metrics, params.weights, strict=True))

    def combine(inputs: Mapping[str, MetricOutcome], record: Record) -> Combined:
        scores, _ = _scores(inputs, ids)
        value = params.probability(scores)
        filled = {m: {"filled_in": params.fill[m]} for m in ids if scores[m] is None}
        formula = Evidence(kind="combiner", text=f"logistic combiner v{params.version}: "
                           f"P(right) = σ({params.bias:g} + Σ weight·score) = {value:.4f}",
                           detail={"score": value, "bias": params.bias})
        return Combined(score=value, weights=weights, notes=filled, evidence=(formula,))

    return DerivedMetric(id="vera_combined", family=FAMILY, version=params.version,
                         description="Calibrated combiner: logistic regression over the VERA "
                                     "metrics, P(answer is right)",
                         inputs=tuple(ids), combine=combine)


def aggregate_metrics() -> tuple[DerivedMetric, ...]:
    """The aggregate scores the `vera` family includes: always VERA's, the combiner if fitted."""
    params = shipped_params()
    return (vera_aggregate(),) if params is None else (vera_aggregate(), vera_combined(params))
