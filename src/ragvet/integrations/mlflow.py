"""ragvet metrics as an `mlflow.genai` scorer, with the claim-level evidence as rationale.

    from ragvet.integrations.mlflow import mlflow_scorer
    mlflow.genai.evaluate(data=traces, scorers=[mlflow_scorer("RQC,GR")])

The scorer builds one ragvet record per row: from the row's MLflow trace when it has one
(retriever spans give the sources, as `ragvet.load_traces(..., format="mlflow")` reads
them), else from its `inputs` (the query), `outputs` (the response, and sources under
`sources` / `retrieved_context` / `contexts`) and `expectations` (`expected_response` as
the reference). It scores every chosen metric on that record at once, so metrics share
their decompositions, and returns one `Feedback` per metric named `ragvet/METRIC`: the
score as value, and as rationale each claim, sentence or subquestion with its verdict and
the judge's reason. A metric that does not apply is a feedback without a value saying why;
a record that cannot be built, or a metric that failed, is a feedback with an error.
mlflow is imported when the scorer is made (`pip install 'ragvet[mlflow]'`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..data.records import Record, Source, make_record
from ..data.traces import load_traces
from ..data.traces.spans import QUERY_KEYS, text_in
from ..engine.run import evaluate
from ..errors import DataError
from ..judges.base import Judge
from ..results import RecordResult, item_status

ANSWER_KEYS = ("response", "answer", "output", "result", "text")
SOURCE_KEYS = ("sources", "retrieved_context", "retrieved_contexts", "contexts", "context")
REFERENCE_KEYS = ("expected_response", "reference", "ground_truth", "expected_output")
MAX_ITEMS_SHOWN = 20


def mlflow_scorer(metrics: str | Sequence[str] = "thelma", judge: str | Judge = "local", *,
                  name: str = "ragvet", timeout: float = 600) -> Any:
    """An `mlflow.genai` scorer scoring `metrics` (ids or families) with `judge`."""
    from mlflow.genai.scorers import scorer

    from ..judges.factory import make_judge
    from ..metrics.registry import resolve_metrics

    chosen = resolve_metrics(metrics)
    the_judge = make_judge(judge) if isinstance(judge, str) else judge
    one_at_a_time = threading.Lock()  # mlflow scores rows in threads, each with its own
    # event loop; a judge holds loop-bound state (clients, semaphores), so rows take turns

    def ragvet(inputs: Any = None, outputs: Any = None, expectations: Any = None,
               trace: Any = None) -> list[Any]:
        ids = [m.id for m in chosen]
        try:
            record = record_for(inputs, outputs, expectations, trace)
        except ValueError as err:
            return [_feedback(name, metric, error=str(err)) for metric in ids]
        with one_at_a_time:
            result = evaluate([record], chosen, the_judge).results[0]
        return [feedback(result, metric, name) for metric in ids]

    return scorer(ragvet, name=name, timeout=timeout)


def record_for(inputs: Any, outputs: Any, expectations: Any, trace: Any) -> Record:
    """The record a scorer row stands for; ValueError when the row lacks a part."""
    reference = _first_text(expectations, REFERENCE_KEYS)
    if trace is not None:
        try:
            (record,) = load_traces([trace], format="mlflow")
        except (DataError, ValueError):
            pass
        else:
            return make_record(id=record.id, query=record.query, sources=list(record.sources),
                               response=record.response, reference=reference,
                               metadata=record.metadata)
    query = text_in(inputs, QUERY_KEYS)
    response = text_in(outputs, ANSWER_KEYS)
    sources = _sources(outputs) or _sources(inputs) or _sources(expectations)
    missing = [part for part, value in (("query (inputs)", query),
                                        ("response (outputs)", response),
                                        ("sources (a retriever span in the trace, or "
                                         f"outputs[{'|'.join(SOURCE_KEYS)}])", sources))
               if not value]
    if missing:
        raise ValueError(f"ragvet needs a {', a '.join(missing)}")
    return make_record(query=query or "", response=response or "", sources=sources,
                       reference=reference)


def feedback(result: RecordResult, metric: str, name: str = "ragvet") -> Any:
    """One metric of a result as an MLflow `Feedback` with its evidence as rationale."""
    if metric in result.not_applicable:
        return _feedback(name, metric, value=None,
                         rationale=f"not applicable: {result.not_applicable[metric]}")
    errors = [e.message for e in result.errors if e.metric in (metric, None)]
    score = result.scores.get(metric)
    if score is None:
        return _feedback(name, metric, error="; ".join(errors) or "no score")
    return _feedback(name, metric, value=float(score), rationale=rationale(result, metric),
                     metadata={"ragvet.metric": metric,
                               "ragvet.diagnosis": "; ".join(result.diagnosis)})


def rationale(result: RecordResult, metric: str) -> str:
    """The score and, item by item, what was judged and the verdict with its reason."""
    items = [c for c in result.components if c.metric == metric]
    counts = result.item_counts().get(metric, {})
    head = f"{metric} = {result.scores[metric]:.3f} over {len(items)} item(s)"
    if counts.get("failed") or counts.get("unverified"):
        head += f" ({counts.get('failed', 0)} failed, {counts.get('unverified', 0)} unverified)"
    lines = [head]
    for component in items[:MAX_ITEMS_SHOWN]:
        mark = {True: "yes", False: "no", None: item_status(component)}[component.verdict]
        line = f"- [{mark}] {component.kind}: {component.text}"
        if component.reason:
            line += f" — {component.reason}"
        lines.append(line)
    if len(items) > MAX_ITEMS_SHOWN:
        lines.append(f"… and {len(items) - MAX_ITEMS_SHOWN} more (see the results file)")
    return "\n".join(lines)


def _feedback(name: str, metric: str, **fields: Any) -> Any:
    from mlflow.entities import AssessmentSource, Feedback

    return Feedback(name=f"{name}/{metric}", source=AssessmentSource(
        source_type="CODE", source_id=f"ragvet:{metric}"), **fields)


def _sources(value: Any) -> list[Source]:
    if not isinstance(value, Mapping):
        return []
    for key in SOURCE_KEYS:
        found = value.get(key)
        if isinstance(found, str):
            return [Source(text=found)]
        if isinstance(found, list | tuple):
            return [_source(item) for item in found if _source(item) is not None]
    return []


def _source(item: Any) -> Source | None:
    if isinstance(item, str):
        return Source(text=item)
    if isinstance(item, Mapping):
        text = item.get("text", item.get("page_content", item.get("content")))
        if isinstance(text, str):
            found = item.get("id", item.get("doc_uri"))
            return Source(text=text, id=None if found is None else str(found))
    return None


def _first_text(value: Any, keys: tuple[str, ...]) -> str | None:
    if isinstance(value, Mapping):
        return next((value[k] for k in keys if isinstance(value.get(k), str)), None)
    return None
