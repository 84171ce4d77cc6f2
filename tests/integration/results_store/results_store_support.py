"""Helpers for the results-store, report and dashboard tests: one store per test on each
backend (SQLite file, a fresh PostgreSQL schema, a fresh MariaDB database) and scripted runs.

Server URLs come from RAGVET_TEST_POSTGRES_URL / RAGVET_TEST_MARIADB_URL (defaults: the local
servers). An unreachable server skips its tests, unless RAGVET_REQUIRE_DATABASES=1 (CI).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.store import RunWriter, open_store

POSTGRES = os.environ.get("RAGVET_TEST_POSTGRES_URL",
                          "postgresql+psycopg://postgres@127.0.0.1:5432/test")
MARIADB = os.environ.get("RAGVET_TEST_MARIADB_URL", "mysql+pymysql://root@127.0.0.1:3306/test")
BACKENDS = ("sqlite", "postgresql", "mariadb")
XSS = ('<script>window.__pwned = 1; alert("script")</script>'
       '<img src=x onerror="window.__pwned = 2; alert(2)">')


@contextmanager
def backend_url(kind: str, tmp_path: Path) -> Iterator[str]:
    """A store URL nobody else uses; dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    import sqlalchemy as sa

    admin_url = POSTGRES if kind == "postgresql" else MARIADB
    name = f"rvt_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(admin_url)
    try:
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {name}" if kind == "postgresql"
                                 else f"CREATE DATABASE {name} CHARACTER SET utf8mb4"))
    except sa.exc.OperationalError as err:
        admin.dispose()
        if os.environ.get("RAGVET_REQUIRE_DATABASES") == "1":
            raise
        pytest.skip(f"{kind} server unreachable at {admin_url}: {str(err).splitlines()[0]}")
    url = sa.engine.make_url(admin_url)
    if kind == "postgresql":
        url = url.update_query_dict({"options": f"-csearch_path={name}"})
    else:
        url = url.set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {name} CASCADE" if kind == "postgresql"
                                 else f"DROP DATABASE {name}"))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path) -> Iterator[str]:
    with backend_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def store(store_url):
    opened = open_store(store_url)
    yield opened
    opened.close()


def demo_records(n: int = 4, *, xss_at: int | None = None, system_of=None):
    out = []
    for i in range(n):
        response = f"Answer {i} is here. It has detail {i}."
        if i == xss_at:
            response = f"Ünïcode answer with markup {XSS}"
        out.append(make_record(id=f"r{i}", query=f"What about item {i}?",
                               sources=[f"Item {i} is described here.", "Unrelated text."],
                               response=response,
                               metadata={"system": (system_of or (lambda k: "AB"[k % 2]))(i)}))
    return out


def demo_judge(records, *, supported_share: int = 2, reason: str = "the sources say so"):
    """Claims: 3 per response; the first `supported_share` are supported and essential."""
    claims, essential, supported = {}, {}, {}
    for r in records:
        parts = [f"{r.id} claim {k}" for k in range(3)]
        if XSS in r.response:
            parts[0] = f"claim quoting {XSS}"
        claims[r.response] = parts
        for k, claim in enumerate(parts):
            essential[(r.query, claim)] = k < 2
            supported[claim] = {"value": k < supported_share, "reason": f"{reason} ({k})"}
        essential[(r.query, r.sources[0].text)] = True
        essential[(r.query, r.sources[1].text)] = False
    return ScriptedJudge(claims=claims, essential=essential, supported=supported,
                         subquestions={r.query: [r.query] for r in records},
                         answers={r.query: True for r in records}, id="scripted-demo")


def save_run(store, records: Sequence, judge, metrics=("SP1", "RP", "GR"), **start):
    """Evaluate and store a run (in a worker thread: Playwright's sync API holds this
    thread's event loop)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_save_run, store, records, judge, metrics, **start).result()


def _save_run(store, records: Sequence, judge, metrics, **start):
    writer = RunWriter.start(store, records=records, metric_ids=list(metrics),
                             judge=judge.describe(), **start)
    with writer.recording():
        run = ragvet.evaluate(records, list(metrics), judge, on_result=writer)
    return writer.run_id, run
