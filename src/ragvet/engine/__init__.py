"""Execution: runs metric declarations over records, calling the judge."""

from .result import Run, Summary
from .run import evaluate, evaluate_async, evaluate_record

__all__ = ["Run", "Summary", "evaluate", "evaluate_async", "evaluate_record"]
