"""THELMA's diagnosis table: metric scores + thresholds → patterns → component to fix.

The six patterns of THELMA's table 2, plus one of ragvet's own (`Pattern.origin` says
which): `unfaithful_response`, a response that answers the question from sources that hold
the answer but whose claims the sources do not support (a misread, contradicted or invented
fact). THELMA's table only reads low groundedness together with low source coverage, so such
a response (a common kind of hallucination) was diagnosed as nothing at all.

Each dimension has a `low` threshold (a score below it is low) and a `high` one (a score at
or above it is high); scores in between are neither, so a pattern only fires on clear
evidence. The defaults (low below 0.6, high from 0.7) make "half the sub-questions
covered" (0.5) low. "SP" means SP1 when it was scored, else SP2, with that metric's band unless
"SP" has one of its own. A condition on a metric that is
missing, not applicable or failed is not met.

The table reads decisions: where a judge's verdicts carry probabilities (the offline judge),
a score is the expected share of yes verdicts, and a judge that is unsure keeps those in the
middle of the scale, so the bands are applied to the share of verdicts decided yes instead
(`decided_scores`). With yes/no verdicts the two are the same number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Band:
    low: float = 0.6
    high: float = 0.7

    def __post_init__(self) -> None:
        if not 0.0 <= self.low <= self.high <= 1.0:
            raise ValueError(f"need 0 ≤ low ≤ high ≤ 1, got low={self.low} high={self.high}")


DIMENSIONS = ("SP", "SQC", "RP", "RQC", "SD", "GR", "SP1")


@dataclass(frozen=True, slots=True)
class Thresholds:
    bands: Mapping[str, Band] = field(default_factory=dict)
    default: Band = Band()

    def band(self, dimension: str) -> Band:
        return self.bands.get(dimension, self.default)


@dataclass(frozen=True, slots=True)
class Pattern:
    id: str
    conditions: tuple[tuple[str, str], ...]  # (dimension, "low" | "high")
    meaning: str
    fix: str
    origin: str = "THELMA"  # "THELMA" (table 2) or "ragvet" (added here)

    @property
    def rule(self) -> str:
        return ", ".join(f"{dim} {level}" for dim, level in self.conditions)


PATTERNS: tuple[Pattern, ...] = (
    Pattern("repetitive_response", (("SD", "low"), ("RP", "high")),
            "long, relevant but repetitive answer", "prompt or generator"),
    Pattern("retrieval_gap", (("SQC", "low"), ("RQC", "low")),
            "retrieval misses the information, or the corpus lacks it", "retriever or source text"),
    Pattern("loose_retrieval", (("SP", "low"), ("SQC", "high")),
            "every sub-question is covered, but loosely relevant sources are retrieved",
            "retriever"),
    Pattern("unused_sources", (("RQC", "low"), ("SQC", "high")),
            "the answer is in the sources but the response does not use it",
            "prompt or generator"),
    Pattern("extraneous_content", (("RP", "low"), ("SP1", "high")),
            "extraneous content in the response although the sources are mostly essential",
            "prompt or source chunking"),
    Pattern("ungrounded_response", (("SQC", "low"), ("RQC", "high"), ("GR", "low")),
            "the generator answers what the sources do not cover, so the answer is ungrounded",
            "prompt"),
    Pattern("unfaithful_response", (("SQC", "high"), ("RQC", "high"), ("GR", "low")),
            "the sources hold the answer and the response answers, but its claims are not "
            "supported by the sources (misread, contradicted or invented)",
            "prompt or generator", origin="ragvet"),
)
PATTERNS_BY_ID = {p.id: p for p in PATTERNS}


def added_patterns() -> list[str]:
    """Ids of the patterns ragvet adds to THELMA's table."""
    return [p.id for p in PATTERNS if p.origin != "THELMA"]


def table_title() -> str:
    """What a diagnosis table is headed with: its source, and the patterns added to it."""
    added = added_patterns()
    return "Diagnosis (THELMA table 2" + (f" + ragvet's {', '.join(added)}" if added else "") + ")"


def _value(scores: Mapping[str, float | None], dimension: str) -> float | None:
    if dimension == "SP":
        return scores.get("SP1") if scores.get("SP1") is not None else scores.get("SP2")
    return scores.get(dimension)


def _band(thresholds: Thresholds, scores: Mapping[str, float | None], dimension: str) -> Band:
    """The band of a dimension; "SP" without a band of its own takes the band of the metric
    it reads (SP1 when scored, else SP2), so `--threshold SP1=0.5:0.7` moves loose_retrieval
    as it moves extraneous_content."""
    if dimension == "SP" and "SP" not in thresholds.bands:
        return thresholds.band("SP1" if scores.get("SP1") is not None else "SP2")
    return thresholds.band(dimension)


def _holds(value: float | None, level: str, band: Band) -> bool:
    if value is None:
        return False
    return value < band.low if level == "low" else value >= band.high


# metrics scored as the share of yes verdicts (SD is one minus a share and never carries
# probabilities, so its score is already a decision)
_SHARE_METRICS = frozenset({"SP1", "SP2", "SQC", "RP", "RQC", "GR"})


def carries_probabilities(components: Iterable[Any]) -> bool:
    """Did the judge give any of these verdicts a probability (so the score is an expected
    share rather than a plain count)?"""
    return any("probability" in (c.detail or {}) for c in components)


def decided_scores(scores: Mapping[str, float | None], components: Sequence[Any]
                   ) -> dict[str, float | None]:
    """Scores with each probability-weighted THELMA share replaced by the share of yes
    verdicts (what the diagnosis reads); every other score as it is."""
    out = dict(scores)
    verdicts = components_by_metric(components)
    for metric, score in scores.items():
        parts = verdicts.get(metric, [])
        if score is None or metric not in _SHARE_METRICS or not carries_probabilities(parts):
            continue
        out[metric] = sum(c.verdict is True for c in parts) / len(parts)
    return out


def components_by_metric(components: Iterable[Any]) -> dict[str, list[Any]]:
    grouped: dict[str, list[Any]] = {}
    for c in components:
        grouped.setdefault(c.metric, []).append(c)
    return grouped


def decision_score(metric_id: str, parts: Sequence[Any]) -> float | None:
    """`metric_id`'s score on one record recomputed from its verdicts taken as plain yes/no
    decisions (the judge's probabilities dropped), by the metric's own aggregate.

    With yes/no verdicts this is the score itself. None when the metric makes no yes/no
    decisions: a graded metric (a cosine), a derived metric (its components are its
    inputs), a metric whose verdicts are missing, or one that is not registered.
    """
    if not parts or any(c.verdict is None for c in parts):
        return None
    if metric_id in _SHARE_METRICS:
        return sum(c.verdict is True for c in parts) / len(parts)
    aggregate = getattr(_registered_metric(metric_id), "aggregate", None)
    if aggregate is None:
        return None
    from ..judges.base import Verdict

    verdicts = [Verdict(value=c.verdict, detail={k: v for k, v in (c.detail or {}).items()
                                                  if k != "probability"}) for c in parts]
    try:
        return float(aggregate(verdicts))
    except (ArithmeticError, TypeError, ValueError):  # e.g. a graded aggregate
        return None


def _registered_metric(metric_id: str) -> Any:
    from ..errors import ConfigError
    from .registry import resolve_metrics

    try:
        found = [m for m in resolve_metrics([metric_id]) if m.id == metric_id]
    except ConfigError:
        return None
    return found[0] if len(found) == 1 else None


def diagnose(scores: Mapping[str, float | None], thresholds: Thresholds | None = None) -> list[str]:
    """Ids of the patterns a record's scores show, in table order."""
    thresholds = thresholds or Thresholds()
    return [
        p.id for p in PATTERNS
        if all(_holds(_value(scores, dim), level, _band(thresholds, scores, dim))
               for dim, level in p.conditions)
    ]


@dataclass(frozen=True, slots=True)
class PatternCount:
    pattern: Pattern
    count: int
    share: float


def summarize(per_record: Sequence[Sequence[str]]) -> list[PatternCount]:
    """How many records show each pattern (every pattern listed, zero counts included)."""
    total = len(per_record) or 1
    counts = {p.id: 0 for p in PATTERNS}
    for ids in per_record:
        for pid in ids:
            counts[pid] += 1
    return [PatternCount(p, counts[p.id], counts[p.id] / total) for p in PATTERNS]


def missing_dimensions(pattern: Pattern, scored: Iterable[str]) -> list[str]:
    """The dimensions `pattern` reads that none of the `scored` metric ids provides ("SP" is
    provided by SP1 or SP2)."""
    have = set(scored)
    if have & {"SP1", "SP2"}:
        have.add("SP")
    return [dim for dim, _ in pattern.conditions if dim not in have]


def checkable_patterns(summary: Sequence[PatternCount], scored: Iterable[str]
                       ) -> tuple[list[PatternCount], list[tuple[Pattern, list[str]]]]:
    """Split a diagnosis summary into the patterns the scored metrics can show and the
    others, each with the dimensions it lacks. A pattern whose metric did not run counts
    zero records, which would read as "no problem", so it is reported as unchecked."""
    scored = set(scored)
    shown, unchecked = [], []
    for item in summary:
        missing = missing_dimensions(item.pattern, scored)
        if missing:
            unchecked.append((item.pattern, missing))
        else:
            shown.append(item)
    return shown, unchecked


def thresholds_from_mapping(data: Mapping[str, object]) -> Thresholds:
    """Build thresholds from config: {"default": {"low":..,"high":..}, "GR": {...}, ...}."""
    bands: dict[str, Band] = {}
    default = Band()
    for key, value in sorted(data.items(), key=lambda kv: kv[0] != "default"):
        if not isinstance(value, Mapping):
            raise ValueError(f"threshold for {key} must be a table with low/high")
        band = Band(float(value.get("low", default.low)), float(value.get("high", default.high)))
        if key == "default":
            default = band
        elif key in DIMENSIONS or key == "SP2":
            bands[key] = band
        else:
            raise ValueError(f"unknown diagnosis dimension {key!r}; known: {', '.join(DIMENSIONS)}")
    return Thresholds(bands=bands, default=default)
