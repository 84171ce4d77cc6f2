"""Conversions between result values and table rows (pure; no connections)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

from ..data.records import Record
from ..metrics.core import Component
from ..results import RecordError, RecordResult
from .model import RunInfo, StoredRecord


def json_safe(value: Any) -> Any:
    """JSON-safe copy (metadata may hold dates, numpy numbers, …)."""
    return json.loads(json.dumps(value, default=str))


def record_row(run_id: str, result: RecordResult, record: Record | None, position: int | None,
               now: datetime) -> dict[str, Any]:
    sources = None
    if record is not None:
        sources = [{"id": s.id, "text": s.text} for s in record.sources]
    return {
        "run_id": run_id, "record_id": result.id, "position": position,
        "query": result.query,
        "response": record.response if record is not None else None,
        "reference": record.reference if record is not None else None,
        "sources": sources,
        "metadata": json_safe(dict(result.metadata)),
        "diagnosis": list(result.diagnosis),
        "errors": [e.to_dict() for e in result.errors],
        "finished_at": now,
    }


def score_rows(run_id: str, result: RecordResult) -> list[dict[str, Any]]:
    failures = {e.metric: e.message for e in result.errors}
    rows = []
    for metric, value in result.scores.items():
        if value is not None:
            status, reason = "scored", None
        elif metric in result.not_applicable:
            status, reason = "not_applicable", result.not_applicable[metric]
        else:
            status, reason = "failed", failures.get(metric, failures.get(None))
        rows.append({"run_id": run_id, "record_id": result.id, "metric": metric,
                     "value": value, "status": status, "reason": reason})
    return rows


def component_rows(run_id: str, result: RecordResult) -> list[dict[str, Any]]:
    return [{"run_id": run_id, "record_id": result.id, "metric": c.metric, "kind": c.kind,
             "position": c.index, "text": c.text, "verdict": c.verdict, "reason": c.reason,
             "raw": c.raw, "error": c.error, "detail": json_safe(dict(c.detail)) or None}
            for c in result.components]


def result_from_rows(row: Mapping[str, Any], scores: Sequence[Mapping[str, Any]],
                     components: Sequence[Mapping[str, Any]], metric_ids: Sequence[str]
                     ) -> tuple[RecordResult, StoredRecord]:
    by_metric = {s["metric"]: s for s in scores}
    order = [m for m in metric_ids if m in by_metric] + sorted(set(by_metric) - set(metric_ids))
    result = RecordResult(
        id=row["record_id"], query=row["query"],
        scores={m: by_metric[m]["value"] for m in order},
        not_applicable={m: by_metric[m]["reason"] or "" for m in order
                        if by_metric[m]["status"] == "not_applicable"},
        diagnosis=tuple(row["diagnosis"] or ()),
        components=tuple(_component(c) for c in components),
        errors=tuple(RecordError(**e) for e in row["errors"] or ()),
        metadata=dict(row["metadata"] or {}),
    )
    stored = StoredRecord(id=row["record_id"], position=row["position"], query=row["query"],
                          response=row["response"], reference=row["reference"],
                          sources=tuple(row["sources"] or ()))
    return result, stored


def _component(row: Mapping[str, Any]) -> Component:
    verdict = row["verdict"]
    return Component(metric=row["metric"], kind=row["kind"], index=row["position"],
                     text=row["text"], verdict=None if verdict is None else bool(verdict),
                     reason=row["reason"], raw=row["raw"], error=row["error"],
                     detail=dict(row["detail"] or {}))


def aware(value: datetime | None) -> datetime | None:
    return None if value is None else value.replace(tzinfo=timezone.utc)


def run_info(row: Mapping[str, Any]) -> RunInfo:
    return RunInfo(
        id=row["id"], status=row["status"], started_at=aware(row["started_at"]),
        finished_at=aware(row["finished_at"]), metric_ids=tuple(row["metric_ids"] or ()),
        judge=row["judge"] or {}, config=row["config"] or {},
        prompt_versions=row["prompt_versions"] or {}, thresholds=row["thresholds"] or {},
        name=row["name"], dataset=row["dataset"], dataset_fingerprint=row["dataset_fingerprint"],
        planned_records=row["planned_records"], ragvet_version=row["ragvet_version"],
        judge_calls=row["judge_calls"], cache_hits=row["cache_hits"],
        input_tokens=row["input_tokens"], output_tokens=row["output_tokens"],
        cost_usd=row["cost_usd"], stored_records=int(row.get("stored_records") or 0),
    )
