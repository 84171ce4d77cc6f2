"""Pure parts of the store and report: view models, charts, URLs, redaction."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from ragvet.metrics.core import Component
from ragvet.report import svg
from ragvet.report.view import breakdowns, build_view, declared_ranges
from ragvet.results import RecordError, RecordResult
from ragvet.store.connect import store_url
from ragvet.store.model import RunInfo, StoredRun, redact


def result(rid: str, gr: float | None, system: str, **extra) -> RecordResult:
    return RecordResult(id=rid, query=f"q {rid}", scores={"GR": gr}, metadata={"system": system},
                        **extra)


def info(**fields) -> RunInfo:
    when = datetime(2026, 1, 1, tzinfo=timezone.utc)
    return RunInfo(id="r", status="finished", started_at=when, finished_at=when,
                   metric_ids=("GR",), judge={}, **fields)


def test_breakdown_means_per_metadata_value_skip_missing_scores():
    results = [result("1", 1.0, "A"), result("2", 0.5, "A"), result("3", None, "B"),
               result("4", 0.25, "B")]
    (by_system,) = breakdowns(results, ["GR"])
    assert by_system.key == "system"
    assert [(g.value, g.count, g.means["GR"]) for g in by_system.groups] == [
        ("A", 2, 0.75), ("B", 2, 0.25)]


def test_breakdowns_skip_unique_or_nested_metadata():
    results = [RecordResult(id=str(i), query="q", scores={"GR": 1.0},
                            metadata={"uid": f"u{i}", "tags": ["x"]}) for i in range(4)]
    assert breakdowns(results, ["GR"]) == []


def test_cells_say_why_a_metric_has_no_score():
    results = [
        result("na", None, "A", not_applicable={"GR": "the response has no claims"}),
        result("bad", None, "A", errors=(RecordError(metric="GR", message="judge broke"),)),
        result("ok", 0.5, "A", components=(Component(metric="GR", kind="claim", index=0,
                                                     text="c", verdict=True),)),
    ]
    view = build_view(StoredRun(info=info(), results=results, inputs={}))
    cells = {r.id: r.cell("GR") for r in view.records}
    assert (cells["na"].status, cells["na"].reason) == ("not_applicable",
                                                        "the response has no claims")
    assert (cells["bad"].status, cells["bad"].reason) == ("failed", "judge broke")
    assert (cells["ok"].status, len(cells["ok"].components)) == ("scored", 1)
    assert view.values("GR") == [0.5]
    assert view.record_href(view.records[0]) == "#record-0"


def test_histogram_bins_scores_and_escapes_labels():
    chart = str(svg.histogram([0.0, 0.05, 0.5, 1.0, 1.0], label="<GR>"))
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', chart)]
    assert len(heights) == 10
    assert heights[0] == heights[9] > heights[5] > 0 and heights[1] == 0
    assert "<GR>" not in chart and "&lt;GR&gt;" in chart


def test_bars_are_proportional_and_escaped():
    chart = str(svg.hbars([("a<b", 2.0, "2"), ("c", 1.0, "1")], title="t"))
    widths = [float(w) for w in re.findall(r'<rect [^>]*width="([\d.]+)"', chart)]
    assert widths[0] == pytest.approx(2 * widths[1])
    assert "a&lt;b" in chart


@pytest.mark.parametrize(("given", "expected"), [
    ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
    ("runs.db", "sqlite:///runs.db"),
])
def test_store_url_accepts_urls_and_paths(given, expected, monkeypatch):
    monkeypatch.delenv("RAGVET_STORE", raising=False)
    assert store_url(given) == expected


def test_store_url_defaults_to_env_then_ragvet_db(monkeypatch):
    monkeypatch.delenv("RAGVET_STORE", raising=False)
    assert store_url() == "sqlite:///ragvet.db"
    monkeypatch.setenv("RAGVET_STORE", "sqlite:///x.db")
    assert store_url() == "sqlite:///x.db"


def test_redact_hides_secrets_but_keeps_limits():
    config = {"api_key": "sk-1", "model": "m", "max_tokens": 5,
              "headers": {"Authorization": "Bearer x"}, "tokens_per_minute": 10}
    assert redact(config) == {"api_key": "***", "model": "m", "max_tokens": 5,
                              "headers": {"Authorization": "***"}, "tokens_per_minute": 10}


def test_importing_ragvet_does_not_import_the_store():
    code = ("import sys, ragvet; from ragvet.cli.app import build_app; build_app(); "
            "print(sorted({'sqlalchemy', 'alembic', 'jinja2'} & set(sys.modules)))")
    src = Path(__file__).resolve().parents[3] / "src"
    out = subprocess.check_output([sys.executable, "-c", code], text=True,
                                  env={**os.environ, "PYTHONPATH": str(src)})
    assert out.strip() == "[]"


def test_histogram_bins_over_the_given_bounds():
    chart = str(svg.histogram([-0.25, 0.95, 1.0], label="cosine", bounds=(-1.0, 1.0)))
    titles = re.findall(r"<rect [^>]*><title>([^<]*)</title>", chart)
    assert titles[3] == "-0.4–-0.2: 1" and titles[9] == "0.8–1.0: 2"
    assert ">-1.0<" in chart and ">1.0<" in chart


def test_view_bounds_are_the_declared_range_widened_to_the_scores(monkeypatch):
    monkeypatch.delenv("RAGVET_CROSS_ENCODER", raising=False)
    assert declared_ranges(["GR", "vera_aggregate", "not-installed"]) == {
        "GR": (0.0, 1.0), "vera_aggregate": (0.0, 1.0)}  # the fitted combiner's P(right)
    results = [replace(result(str(i), g, "A"), scores={"GR": g, "logit": v, "plugin": p})
               for i, (g, v, p) in enumerate([(0.2, 3.5, 2.0), (0.4, -2.0, 4.0)])]
    view = build_view(StoredRun(info=info(), results=results, inputs={}))
    view = replace(view, ranges={"GR": (0.0, 1.0), "logit": (-math.inf, math.inf)})
    assert view.bounds("GR") == (0.0, 1.0)
    assert view.bounds("plugin") == (0.0, 4.0)  # a metric ragvet does not know: [0, 1], widened
    assert view.bounds("logit") == (-2.0, 3.5)  # unbounded: the scores seen
