"""ragvet: evaluate RAG question-answering applications and find which component to fix.

Importing ragvet is light: no models, no network, no threads. Heavy parts load on use.
"""

from ._version import __version__ as __version__
from .data import Record, Records, Source, iter_records, load_records, make_record
from .data.traces import load_traces
from .engine import Run, evaluate, evaluate_async, evaluate_stream
from .errors import ConfigError, DataError, JudgeError, JudgeOutputError, RagvetError
from .judges import Judge, ScriptedJudge, Verdict
from .metrics import Metric, NotApplicable, resolve_metrics
from .results import RecordResult, read_results_jsonl

__all__ = [
    "ConfigError",
    "DataError",
    "Judge",
    "JudgeError",
    "JudgeOutputError",
    "Metric",
    "NotApplicable",
    "RagvetError",
    "Record",
    "RecordResult",
    "Records",
    "Run",
    "ScriptedJudge",
    "Source",
    "Verdict",
    "evaluate",
    "evaluate_async",
    "evaluate_stream",
    "iter_records",
    "load_records",
    "load_traces",
    "make_record",
    "read_results_jsonl",
    "resolve_metrics",
]
