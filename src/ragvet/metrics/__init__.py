"""Metric declarations (decompose → match → aggregate, or derived from other metrics), the
registry and the diagnosis."""

from .core import Component, Failed, Metric, NotApplicable, Score, Unit
from .derived import Combined, DerivedMetric, Evidence
from .registry import all_metrics, resolve_metrics

__all__ = [
    "Combined",
    "Component",
    "DerivedMetric",
    "Evidence",
    "Failed",
    "Metric",
    "NotApplicable",
    "Score",
    "Unit",
    "all_metrics",
    "resolve_metrics",
]
