"""Fixtures shared by the store, report and CLI tests: a SQLite store with a saved run."""

from __future__ import annotations

import pytest
from results_store_support import XSS, demo_judge, demo_records, save_run

from ragvet.store import open_store


@pytest.fixture
def sqlite_store(tmp_path):
    store = open_store(tmp_path / "store.db")
    yield store
    store.close()


@pytest.fixture
def saved(sqlite_store):
    records = demo_records(5, xss_at=2)
    run_id, _ = save_run(sqlite_store, records, demo_judge(records, reason=f"why {XSS}"))
    return sqlite_store.load_run(run_id)
