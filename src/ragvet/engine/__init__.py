"""Execution: runs metric declarations over records, calling the judge."""

from .result import Run, Summary
from .run import ResultStream, evaluate, evaluate_async, evaluate_record, evaluate_stream

__all__ = ["ResultStream", "Run", "Summary", "evaluate", "evaluate_async", "evaluate_record",
           "evaluate_stream"]
