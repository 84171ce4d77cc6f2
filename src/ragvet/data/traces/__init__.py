"""Traces in: spans a RAG application already records → ragvet records.

`load_traces(data, format=...)` reads OpenInference spans (`openinference`: Phoenix span
exports, spans DataFrames, OTLP JSON), OpenTelemetry GenAI semantic-convention spans from an
OTLP JSON export (`otel`), Langfuse trace exports and SDK spans (`langfuse`) and MLflow
traces (`mlflow`). Each trace becomes one record: id and `metadata.trace_id` are the trace's
id. One module per format reads its conventions into `spans.Step`s; `assemble` turns the
steps of a trace into a record row; validation is the loaders' (`data.validate`).

No third-party package is needed to read an export; objects from the OpenTelemetry SDK
(`ReadableSpan`), MLflow (`Trace`) and pandas are read duck-typed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ..load import MAX_PROBLEMS_SHOWN, Records
from ..validate import RowProblems, validate_row
from . import langfuse, mlflow, openinference, otel_genai
from .assemble import by_trace, trace_row
from .otlp import is_otlp, is_sdk_span, otlp_spans, sdk_spans
from .spans import RawSpan, Step

FORMATS = ("openinference", "otel", "langfuse", "mlflow")


def load_traces(data: Any, *, format: str | None = None, skip_invalid: bool = False
                ) -> Records:
    """Traces → records, one per trace.

    `data` is a path (.json, .jsonl/.ndjson, .parquet, .csv) or objects: a DataFrame,
    OTLP request dicts, `ReadableSpan`s, Phoenix span dicts, Langfuse or MLflow traces.
    `format` is one of FORMATS; left out, it is recognised from the data. A trace that
    cannot make a record (no retriever span, documents without text, no answer) is a
    DataError naming the trace, unless `skip_invalid`: then it is left out and listed in
    `Records.skipped`. A trace with neither a retriever nor an LLM span (building an index,
    embedding) answers no question: it is left out and listed there too.
    """
    values, label = _values_of(data)
    if not values:
        raise DataError([Problem(label, None, None, "no traces: the input is empty")])
    chosen = format or detect(values, label)
    if chosen not in READERS:
        raise DataError([Problem(label, None, None, f"unknown trace format {chosen!r} "
                                 f"(use one of {', '.join(FORMATS)})")])
    steps = list(READERS[chosen](values))
    if not steps:
        raise DataError([Problem(label, None, None, f"no {chosen} spans found in the input")])
    return _collect(by_trace(steps), label, chosen, skip_invalid=skip_invalid)


def detect(values: list[Any], label: str = "input") -> str:
    """The format of some trace data, from its shape and its spans' attributes."""
    first = values[0]
    if mlflow.is_mlflow_trace(first) or (_is_frame(first) and "trace" in first.columns):
        return "mlflow"
    if langfuse.is_langfuse_export(first):
        return "langfuse"
    if openinference.is_phoenix_span(first) or _is_frame(first) or (
            isinstance(first, Mapping) and isinstance(first.get("data"), list)):
        return "openinference"
    if is_otlp(first) or is_sdk_span(first):
        keys = {k for span in _raw_spans(values) for k in span.attributes}
        if openinference.KIND in keys:
            return "openinference"
        if "langfuse.observation.type" in keys:
            return "langfuse"
        return "otel"
    raise DataError([Problem(label, None, None, "cannot tell the trace format; give "
                             f"format= (one of {', '.join(FORMATS)})")])


def _openinference_steps(values: list[Any]) -> Iterator[Step]:
    for value in values:
        if _is_frame(value):
            yield from map(openinference.step, openinference.frame_spans(value))
        elif isinstance(value, Mapping) and isinstance(value.get("data"), list):
            yield from map(openinference.step, openinference.phoenix_spans(value["data"]))
        elif openinference.is_phoenix_span(value):
            yield from map(openinference.step, openinference.phoenix_spans([value]))
    yield from map(openinference.step, _raw_spans(values))


def _otel_steps(values: list[Any]) -> Iterator[Step]:
    """GenAI conventions; spans that carry OpenInference attributes instead are read by
    those, so an export mixing both instrumentations reads whole."""
    for span in _raw_spans(values):
        if "gen_ai.operation.name" not in span.attributes and \
                openinference.KIND in span.attributes:
            yield openinference.step(span)
        else:
            yield otel_genai.step(span)


def _langfuse_steps(values: list[Any]) -> Iterator[Step]:
    yield from langfuse.export_steps(v for v in values if langfuse.is_langfuse_export(v))
    yield from map(langfuse.span_step, _raw_spans(values))


def _mlflow_steps(values: list[Any]) -> Iterator[Step]:
    for value in values:
        yield from mlflow.trace_steps(mlflow.traces_in(value))


READERS: dict[str, Callable[[list[Any]], Iterable[Step]]] = {
    "openinference": _openinference_steps, "otel": _otel_steps,
    "langfuse": _langfuse_steps, "mlflow": _mlflow_steps,
}


def _raw_spans(values: list[Any]) -> Iterator[RawSpan]:
    yield from otlp_spans(v for v in values if is_otlp(v))
    yield from sdk_spans(v for v in values if is_sdk_span(v))


def _values_of(data: Any) -> tuple[list[Any], str]:
    if isinstance(data, str | Path):
        path = Path(data)
        if not path.exists():
            raise DataError([Problem(str(path), None, None, "file not found")])
        return _file_values(path), str(path)
    if _is_frame(data) or isinstance(data, Mapping) or mlflow.is_mlflow_trace(data):
        return [data], type(data).__name__
    if isinstance(data, Iterable) and not isinstance(data, bytes):
        return list(data), type(data).__name__
    raise DataError([Problem("input", None, None,
                             f"cannot load traces from a {type(data).__name__}")])


def _file_values(path: Path) -> list[Any]:
    kind = path.suffix.lstrip(".").lower()
    if kind in ("parquet", "pq", "csv"):
        import pandas as pd

        return [pd.read_parquet(path) if kind != "csv" else pd.read_csv(path)]
    text = path.read_text(encoding="utf-8")
    if kind in ("jsonl", "ndjson"):
        values = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                values.append(_json(line, path, number))
        return values
    value = _json(text, path, None)
    return list(value) if isinstance(value, list) else [value]


def _json(text: str, path: Path, number: int | None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        line = number if number is not None else err.lineno
        raise DataError([Problem(str(path), f"line {line}", None,
                                 f"invalid JSON: {err.msg}")]) from err


def _collect(traces: Mapping[str, list[Step]], label: str, format: str, *,
             skip_invalid: bool) -> Records:
    records, problems, unanswered = [], [], []
    for position, (trace_id, steps) in enumerate(traces.items()):
        where = f"trace {trace_id}"
        made = trace_row(trace_id, steps, format=format)
        if not made.answers:
            unanswered.extend(Problem(label, where, f, m) for f, m in made.problems)
            continue
        if made.row is None:
            problems.extend(Problem(label, where, f, m) for f, m in made.problems)
            continue
        try:
            records.append(validate_row(made.row, position=position, source=label,
                                        location=where))
        except RowProblems as bad:
            problems.extend(bad.problems)
    if problems and not (skip_invalid and records):
        raise DataError(problems[:MAX_PROBLEMS_SHOWN], total=len(problems))
    if not records:
        raise DataError([Problem(label, None, None, f"none of its {len(traces)} trace(s) has "
                                 "a retriever or LLM span: no records")])
    return Records(records, problems + unanswered)


def _is_frame(value: Any) -> bool:
    return type(value).__name__ == "DataFrame" and hasattr(value, "to_dict")


__all__ = ["FORMATS", "detect", "load_traces"]
