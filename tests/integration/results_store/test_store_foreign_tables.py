"""A store URL pointing at a database with someone's `runs` / `records` tables is refused and
left as it was, on real SQLite, PostgreSQL and MariaDB."""

from __future__ import annotations

import pytest
import results_store_support as support
import sqlalchemy as sa
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.errors import StoreError
from ragvet.store import open_store

pytestmark = pytest.mark.integration
store_url = support.store_url       # one fresh database per backend


def _someones_tables(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE records (id INTEGER PRIMARY KEY, who VARCHAR(20))"))
        conn.execute(sa.text("INSERT INTO records VALUES (1, 'theirs')"))
    engine.dispose()


def _tables_and_rows(url: str) -> tuple[set[str], list]:
    engine = sa.create_engine(url)
    tables = set(sa.inspect(engine).get_table_names())
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.text("SELECT id, who FROM records"))]
    engine.dispose()
    return tables, rows


def test_store_refuses_tables_it_did_not_create(store_url) -> None:
    _someones_tables(store_url)
    with pytest.raises(StoreError, match="records that ragvet did not create"):
        open_store(store_url)
    assert _tables_and_rows(store_url) == ({"records"}, [(1, "theirs")])


def test_cli_says_so_in_one_line(store_url) -> None:
    _someones_tables(store_url)
    result = CliRunner().invoke(build_app(), ["runs", "--store", store_url])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "fresh database" in result.output and "Traceback" not in result.output
    assert _tables_and_rows(store_url)[1] == [(1, "theirs")]


def test_a_store_ragvet_created_opens_again(store_url) -> None:
    open_store(store_url).close()
    open_store(store_url).close()
