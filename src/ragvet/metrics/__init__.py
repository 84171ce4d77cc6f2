"""Metric declarations (decompose → match → aggregate), the registry and the diagnosis."""

from .core import Component, Failed, Metric, NotApplicable, Score, Unit
from .registry import all_metrics, resolve_metrics

__all__ = [
    "Component",
    "Failed",
    "Metric",
    "NotApplicable",
    "Score",
    "Unit",
    "all_metrics",
    "resolve_metrics",
]
