"""The dashboard and the report in real headless Chromium (Debian's), driven by Playwright.

Chromium comes from the system (`apt-get install chromium`); no browser is downloaded.
RAGVET_TEST_CHROMIUM overrides the path; RAGVET_REQUIRE_BROWSER=1 turns a missing browser into
a failure instead of a skip.
"""

from __future__ import annotations

import os
import threading
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
from markupsafe import escape
from results_store_support import XSS, demo_judge, demo_records, save_run

from ragvet import make_record
from ragvet.report.html import write_report
from ragvet.report.serve import make_dashboard_server
from ragvet.report.view import build_view
from ragvet.store import open_store

pytestmark = pytest.mark.integration

CHROMIUM = os.environ.get("RAGVET_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("RAGVET_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.dialogs = []
    opened.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message),
                                        dialog.dismiss()))
    yield opened
    context.close()


@pytest.fixture
def runs(tmp_path):
    """Two runs over the same records; B's judge supports more claims. Record r3 is hostile."""
    store = open_store(tmp_path / "store.db")
    records = demo_records(6, xss_at=3)
    a_id, _ = save_run(store, records, demo_judge(records, supported_share=1), name="before")
    b_id, _ = save_run(store, records, demo_judge(records, supported_share=3,
                                                  reason=f"why {XSS}"), name="after")
    yield store, a_id, b_id
    store.close()


@pytest.fixture
def dashboard(runs):
    store, a_id, b_id = runs
    server = make_dashboard_server(store, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", a_id, b_id
    server.shutdown()
    server.server_close()


def assert_inert(page) -> None:
    """The hostile text is shown as text; nothing it contains ran."""
    assert page.dialogs == []
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img[src=x]").count() == 0
    assert page.locator("script").count() == 1                    # only the bundled script


def test_dashboard_walkthrough(dashboard, page, tmp_path):
    base, a_id, b_id = dashboard
    page.goto(base + "/")
    assert page.locator("h2").first.inner_text() == "Runs"
    assert page.locator("#runs-table tbody tr").count() == 2

    page.click(f"text={b_id}")                                    # open a run
    page.wait_for_url(f"**/runs/{b_id}")
    body = page.inner_text("main")
    for expected in ("Overview", "Score distributions", "Diagnosis patterns", "by system"):
        assert expected in body
    assert page.locator("svg").count() >= 5
    assert page.locator("#records-table tbody tr").count() == 6

    page.click("#records-table >> text=r1")                      # drill into a record
    page.wait_for_url("**/record?id=r1")
    detail = page.inner_text("main")
    assert "What about item 1?" in detail and "Answer 1 is here." in detail
    rows = page.locator("table.components tbody tr")
    assert rows.count() == 2 + 3 + 3                              # SP1 sources, RP + GR claims
    assert "r1 claim 2" in detail
    gr_rows = page.locator("h3:has-text('GR') + table.components tbody tr")
    assert [gr_rows.nth(i).locator(".verdict").inner_text() for i in range(3)] == [
        "yes", "yes", "yes"]
    assert "why" in gr_rows.nth(0).inner_text()
    page.screenshot(path=str(tmp_path / "record.png"), full_page=True)

    page.goto(base + "/")                                        # compare the two runs
    page.select_option("select[name=a]", a_id)
    page.select_option("select[name=b]", b_id)
    page.click("#compare-form button")
    page.wait_for_url("**/compare?**")
    deltas = page.locator("#metric-deltas tbody tr")
    by_metric = {deltas.nth(i).locator("td").first.inner_text():
                 deltas.nth(i).locator("td").nth(3).inner_text() for i in range(deltas.count())}
    assert by_metric == {"SP1": "0.000", "RP": "0.000", "GR": "+0.667"}
    assert page.locator("#record-deltas tbody tr").count() == 6
    page.screenshot(path=str(tmp_path / "compare.png"), full_page=True)
    assert (tmp_path / "compare.png").stat().st_size > 10_000
    assert page.dialogs == []


def test_hostile_text_stays_text_in_the_dashboard(dashboard, page):
    base, _, b_id = dashboard
    page.goto(f"{base}/runs/{b_id}/record?id=r3")
    response = page.inner_text(".response")
    assert XSS in response                                       # shown verbatim
    assert f"claim quoting {XSS}" in page.inner_text("main")
    assert_inert(page)
    for path in (f"/runs/{b_id}", f"/compare?a=latest~1&b={b_id}", "/",
                 f"/runs/{quote(XSS, safe='')}"):
        page.goto(base + path)
        assert_inert(page)


def test_hostile_text_stays_text_in_the_report(runs, page, tmp_path):
    store, _, b_id = runs
    path = write_report(build_view(store.load_run(b_id)), tmp_path / "report.html")
    page.goto(path.as_uri())
    page.click("a[href='#record-3']")                             # opens the record's details
    # (the page opens it on the hash change: wait for that, then check)
    page.wait_for_selector("#record-3[open]", state="attached", timeout=5000)
    assert page.locator("#record-3").get_attribute("open") is not None
    assert XSS in page.inner_text("#record-3 .response")
    assert_inert(page)


def test_report_table_filters_and_sorts(runs, page, tmp_path):
    store, a_id, _ = runs
    path = write_report(build_view(store.load_run(a_id)), tmp_path / "report.html")
    page.goto(path.as_uri())
    page.fill("form.filter input[name=q]", "item 4")
    assert page.inner_text("form.filter output") == "1 shown"
    assert page.locator("#records-table tbody tr:visible").count() == 1
    page.fill("form.filter input[name=q]", "")
    first_ids = lambda: page.locator("#records-table tbody tr td:first-child").all_inner_texts()  # noqa: E731
    page.click("#records-table th:has-text('id') button")
    ascending = first_ids()
    page.click("#records-table th:has-text('id') button")
    assert first_ids() == list(reversed(ascending)) and ascending == sorted(ascending)


def test_dashboard_refuses_foreign_hosts_and_writes(dashboard):
    base, _, _ = dashboard
    foreign = urllib.request.Request(base + "/", headers={"Host": "evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(foreign, timeout=10)
    assert refused.value.code == 421
    with pytest.raises(urllib.error.HTTPError) as posted:
        urllib.request.urlopen(urllib.request.Request(base + "/", data=b"x"), timeout=10)
    assert posted.value.code == 405
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(base + "/runs/nope", timeout=10)
    assert missing.value.code == 404
    with urllib.request.urlopen(base + "/api/runs", timeout=10) as reply:
        assert reply.headers["Content-Security-Policy"].startswith("default-src 'none'")
        assert reply.headers["Content-Type"] == "application/json"


LONG_SOURCE = "".join(f"Part {k} of a long source, ending {XSS}. " for k in range(300))


@pytest.fixture
def long_run(tmp_path):
    """One run whose records carry a source far longer than the report's preview."""
    store = open_store(tmp_path / "long.db")
    records = [make_record(id=r.id, query=r.query, response=r.response, metadata=r.metadata,
                           sources=[LONG_SOURCE, r.sources[1].text])
               for r in demo_records(3)]
    judge = demo_judge(records)
    run_id, _ = save_run(store, records, judge)
    yield store, run_id
    store.close()


def wait_until_gone(page, selector: str) -> None:
    """Wait until nothing matches ``selector``. A locator wait, not ``wait_for_function``:
    the report's Content-Security-Policy forbids eval, which a polled string predicate needs."""
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_have_count(0)


def test_report_loads_a_long_text_on_demand(long_run, page, tmp_path):
    store, run_id = long_run
    path = write_report(build_view(store.load_run(run_id)), tmp_path / "report.html")
    page.goto(path.as_uri())
    page.click("a[href='#record-1']")
    source = page.locator("#record-1 ol li").first
    assert len(source.locator(".long-text").inner_text()) < 1000       # the preview
    source.locator("button.show-full").click()
    wait_until_gone(page, "#record-1 ol li button.show-full")
    assert source.locator(".long-text").inner_text().strip() == LONG_SOURCE.strip()
    assert page.dialogs == [] and page.evaluate("window.__pwned") is None
    assert page.locator("img[src=x]").count() == 0


def test_dashboard_serves_a_records_full_text(long_run):
    store, run_id = long_run
    server = make_dashboard_server(store, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/runs/{run_id}/record?id=r1"
        with urllib.request.urlopen(url, timeout=10) as reply:
            body = reply.read().decode("utf-8")
    finally:
        server.shutdown()
        server.server_close()
    assert str(escape(LONG_SOURCE.strip())) in body
    assert 'class="show-full"' not in body


def test_report_renders_a_records_large_evidence_when_it_is_opened(long_run, page, tmp_path,
                                                                    monkeypatch):
    from ragvet.report import longtext

    monkeypatch.setattr(longtext, "DEFER_CHARS", 100)  # every record's evidence is deferred
    store, run_id = long_run
    path = write_report(build_view(store.load_run(run_id)), tmp_path / "report.html")
    html = path.read_text(encoding="utf-8")
    assert 'id="ragvet-record-details"' in html and "Part 299 of a long source" not in html
    page.goto(path.as_uri())
    assert page.locator("#record-1 div.deferred-detail").count() == 1
    page.click("a[href='#record-1']")
    wait_until_gone(page, "#record-1 div.deferred-detail")
    source = page.locator("#record-1 ol li").first
    source.locator("button.show-full").click()
    wait_until_gone(page, "#record-1 ol li button.show-full")
    assert source.locator(".long-text").inner_text().strip() == LONG_SOURCE.strip()
    assert page.dialogs == [] and page.evaluate("window.__pwned") is None
    assert page.locator("img[src=x]").count() == 0
