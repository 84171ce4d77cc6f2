"""A run's rich display in Jupyter: summary, diagnosis and the worst records.

It reuses the report's view and its overview and diagnosis sections; only the worst-records
table is its own. The HTML is a fragment (no page, no script) with every text escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..gate import failing_units
from ..metrics.core import Component
from ..store.model import RunInfo, StoredRun
from .sections import diagnosis_section, overview_section, render_sections
from .templating import render_partial
from .view import RecordView, RunView, build_view

WORST_SHOWN = 5
UNITS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class WorstRecord:
    record: RecordView
    units: tuple[Component, ...]
    more: int


def run_html(run: Any, *, worst: int = WORST_SHOWN) -> str:
    """HTML for a `Run` (anything with results, metric_ids, judge, start and end times)."""
    view = build_view(_as_stored(run))
    sections = render_sections(view, [overview_section, diagnosis_section])
    return str(render_partial("notebook.html", view=view, sections=sections,
                              worst=worst_records(view, worst)))


def worst_records(view: RunView, n: int = WORST_SHOWN) -> list[WorstRecord]:
    """The `n` records with the lowest mean score over the run's metrics, with the units the
    judge rejected (those of the record's lowest-scored metric first); records that scored
    nothing come last."""
    def mean(rec: RecordView) -> float:
        values = [v for m in view.metric_ids if (v := rec.result.scores.get(m)) is not None]
        return sum(values) / len(values) if values else float("inf")

    ranked = sorted(view.records, key=mean)[:n]
    out = []
    for rec in ranked:
        scores = rec.result.scores
        lowest_first = sorted(view.metric_ids, key=lambda m: (scores.get(m) is None,
                                                              scores.get(m) or 0.0))
        units = [u for m in lowest_first for u in failing_units(rec.result, m)]
        out.append(WorstRecord(rec, tuple(units[:UNITS_SHOWN]),
                               max(0, len(units) - UNITS_SHOWN)))
    return out


def _as_stored(run: Any) -> StoredRun:
    results: Sequence = list(run.results)
    usage = dict(getattr(run, "usage", None) or {})
    started = _utc(getattr(run, "started_at", 0.0))
    info = RunInfo(id="in memory (not stored)", status="finished", started_at=started,
                   finished_at=_utc(getattr(run, "finished_at", 0.0)),
                   metric_ids=tuple(run.metric_ids), judge=dict(run.judge),
                   stored_records=len(results), judge_calls=int(usage.get("calls") or 0),
                   cache_hits=int(usage.get("cache_hits") or 0),
                   input_tokens=int(usage.get("prompt_tokens") or 0),
                   output_tokens=int(usage.get("completion_tokens") or 0),
                   cost_usd=usage.get("cost") if usage.get("cost") else None)
    return StoredRun(info=info, results=list(results), inputs={})


def _utc(timestamp: float | None) -> datetime:
    return datetime.fromtimestamp(timestamp or 0.0, tz=timezone.utc).replace(tzinfo=None)
