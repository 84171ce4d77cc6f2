"""Long texts in the standalone report: a preview in place, every full text once in a
compressed block; short texts as they are; the dashboard's record page shows texts whole."""

from __future__ import annotations

import base64
import gzip
import html as htmllib
import json
import re
from datetime import datetime, timezone

from ragvet.metrics.core import Component
from ragvet.report.html import render_report
from ragvet.report.longtext import DATA_BLOCK_ID, PREVIEW_CHARS
from ragvet.report.templating import render_page
from ragvet.report.view import build_view, record_view
from ragvet.results import RecordResult
from ragvet.store.model import RunInfo, StoredRecord, StoredRun

LONG = "".join(f"Sentence {k} of the long source <b>&</b>. " for k in range(400))  # ~16k chars
SHORT = "A short source."


def _run(records: int = 3, long: str = LONG) -> StoredRun:
    results, inputs = [], {}
    for i in range(records):
        rid = f"r{i}"
        parts = (Component(metric="SP1", kind="source", index=0, text=long, verdict=True),
                 Component(metric="SP1", kind="source", index=1, text=SHORT, verdict=False))
        results.append(RecordResult(id=rid, query=f"What about {i}?", scores={"SP1": 0.5},
                                    components=parts))
        inputs[rid] = StoredRecord(id=rid, position=i, query=f"What about {i}?",
                                   response="An answer.", reference=None,
                                   sources=({"id": "s0", "text": long},
                                            {"id": "s1", "text": SHORT}))
    when = datetime(2026, 1, 1, tzinfo=timezone.utc)
    info = RunInfo(id="run", status="finished", started_at=when, finished_at=when,
                   metric_ids=("SP1",), judge={})
    return StoredRun(info=info, results=results, inputs=inputs)


def _full_texts(page: str) -> list[str]:
    match = re.search(rf'<script type="application/octet-stream" id="{DATA_BLOCK_ID}"[^>]*>'
                      r"([A-Za-z0-9+/=]+)</script>", page)
    assert match, "no full-text block"
    return json.loads(gzip.decompress(base64.b64decode(match.group(1))))


def test_a_long_text_shows_a_preview_and_its_full_text_sits_once_in_the_block():
    page = render_report(build_view(_run()))
    assert _full_texts(page) == [LONG]                    # 3 records × 2 places, stored once
    preview = htmllib.escape(LONG[:PREVIEW_CHARS], quote=False)
    assert page.count(preview) == 6                       # sources list and SP1 evidence
    assert page.count('class="show-full" data-full-text="0"') == 6
    assert htmllib.escape(LONG, quote=False) not in page  # never whole in place
    assert SHORT in page


def test_the_report_grows_with_records_not_with_source_length():
    short_size = len(render_report(build_view(_run(20))))
    long_size = len(render_report(build_view(_run(20, long=LONG * 4))))
    # 20 records × 2 places × 3 × 16k more characters of source add less than one source
    assert long_size - short_size < len(LONG)


def test_a_report_without_long_texts_has_no_block():
    run = _run(1)
    short = StoredRun(info=run.info, results=[RecordResult(id="r0", query="q", scores={})],
                      inputs={})
    assert f'id="{DATA_BLOCK_ID}"' not in render_report(build_view(short))


def test_the_dashboard_record_page_shows_the_full_text():
    run = _run(1)
    rec = record_view(run.results[0], run.inputs["r0"], 0, ["SP1"])
    page = render_page("dashboard/record.html", info=run.info, rec=rec, title="Record r0")
    assert htmllib.escape(LONG.strip(), quote=False) in page
    assert 'class="show-full"' not in page and f'id="{DATA_BLOCK_ID}"' not in page


def test_a_record_whose_step_was_capped_says_so():
    run = _run(1)
    capped = RecordResult(id="r0", query="q", scores={"SP1": 0.5},
                          capped={"claims(response)": {"limit": 100, "found": 2316}})
    page = render_report(build_view(StoredRun(info=run.info, results=[capped],
                                              inputs=run.inputs)))
    assert "claims(response): first 100 of 2316 judged" in page
