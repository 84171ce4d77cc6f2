"""The standalone HTML report: self-contained, escaped, pluggable sections, CLI."""

from __future__ import annotations

import re

import pytest
from markupsafe import Markup
from results_store_support import demo_judge, demo_records, save_run

from ragvet.report import sections as report_sections
from ragvet.report.html import render_report
from ragvet.report.view import build_view, compare_view

pytestmark = pytest.mark.integration


def test_report_is_self_contained_and_has_every_part(saved):
    html = render_report(build_view(saved))
    for section in ("overview", "distributions", "diagnosis", "breakdowns", "records"):
        assert f'<section id="{section}">' in html
    assert html.count("<svg") >= 3 + 2                       # 3 histograms, diagnosis, system
    assert "by system" in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)  # nothing fetched
    assert "<link" not in html
    assert "Content-Security-Policy" in html
    # every component with its verdict and reason
    assert "r0 claim 2" in html and "the sources say so (2)" not in html
    assert html.count('<span class="verdict yes">yes</span>') >= 5 * 2


def test_judge_calls_section_appears_once_calls_are_stored(sqlite_store, saved):
    assert 'id="judge-calls"' not in render_report(build_view(saved))
    sqlite_store.add_judge_calls(saved.id, [{"op": "supported", "model": "<m>",
                                             "input_tokens": 7, "latency_ms": 12.0}])
    html = render_report(build_view(sqlite_store.load_run(saved.id)))
    assert '<section id="judge-calls">' in html and "&lt;m&gt;" in html


def test_user_text_is_escaped_everywhere(saved):
    html = render_report(build_view(saved))
    assert "<script>window.__pwned" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;window.__pwned = 1;" in html
    assert "&lt;img src=x onerror=" in html
    # the only script element is the bundled one
    assert html.count("<script") == 1


def test_sections_are_pluggable_and_plain_text_is_escaped(saved, monkeypatch):
    monkeypatch.setattr(report_sections, "SECTIONS", report_sections.SECTIONS.copy())

    def stats(view):
        return report_sections.Section("stats", "Statistics", f"{len(view.records)} <b>records")

    def skipped(view):
        return None

    report_sections.register_section(stats)
    report_sections.register_section(skipped)
    html = render_report(build_view(saved))
    assert '<section id="stats">' in html and "5 &lt;b&gt;records" in html
    assert html.index('id="stats"') < html.index('<section id="records">')
    trusted = report_sections.Section("x", "X", Markup("<em>ok</em>"))
    assert str(trusted.body) == "<em>ok</em>"


def test_compare_view_reports_per_metric_differences(sqlite_store):
    records = demo_records(4)
    a_id, _ = save_run(sqlite_store, records, demo_judge(records, supported_share=1))
    b_id, _ = save_run(sqlite_store, records, demo_judge(records, supported_share=3))
    cmp = compare_view(build_view(sqlite_store.load_run(a_id)),
                       build_view(sqlite_store.load_run(b_id)))
    by_metric = {m.metric: m for m in cmp.metrics}
    assert by_metric["GR"].delta == pytest.approx(1 - 1 / 3)
    assert by_metric["GR"].paired == 4
    assert by_metric["RP"].delta == 0
    assert cmp.only_a == cmp.only_b == []
