"""`ragvet grammar example` never drops tables it did not create unless told to (--replace).

Run against real SQLite, PostgreSQL (a private schema) and MariaDB (a private database).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

sa = pytest.importorskip("sqlalchemy")

from database_servers import MARIA, PG, server  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from ragvet.cli.app import build_app  # noqa: E402

pytestmark = pytest.mark.integration


@pytest.fixture(params=["sqlite", "postgresql", "mariadb"])
def db_url(request, tmp_path) -> Iterator[str]:
    """The URL of an empty, private database (schema on PostgreSQL)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'someone.db'}"
        return
    name = f"ragvet_safety_{uuid.uuid4().hex[:10]}"
    admin = server(PG if request.param == "postgresql" else MARIA)
    kind = "SCHEMA" if request.param == "postgresql" else "DATABASE"
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE {kind} {name}"))
    try:
        yield (f"{PG}?options=-csearch_path%3D{name}" if request.param == "postgresql"
               else MARIA.rsplit("/", 1)[0] + f"/{name}")
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP {kind} {name}" + (" CASCADE" if kind == "SCHEMA"
                                                          else "")))
        admin.dispose()


def _someones_data(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE client (id INTEGER PRIMARY KEY, note VARCHAR(40))"))
        conn.execute(sa.text("INSERT INTO client VALUES (7, 'keep me')"))
        conn.execute(sa.text("CREATE TABLE notes (id INTEGER PRIMARY KEY)"))
    engine.dispose()


def _rows(url: str, sql: str) -> list:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.text(sql))]
    engine.dispose()
    return rows


def _example(url: str, tmp_path, *extra: str):
    return CliRunner().invoke(build_app(), ["grammar", "example", url, "--corpus",
                                            str(tmp_path / "corpus"), *extra])


def test_existing_tables_are_refused_and_left_alone(db_url, tmp_path) -> None:
    _someones_data(db_url)
    result = _example(db_url, tmp_path)
    assert result.exit_code == 2
    message = result.output.strip()
    assert "\n" not in message and "Traceback" not in result.output
    assert "client" in message and "--replace" in message and "fresh database" in message
    assert _rows(db_url, "SELECT id, note FROM client") == [(7, "keep me")]
    assert not (tmp_path / "corpus").exists()


def test_replace_drops_only_the_example_tables(db_url, tmp_path) -> None:
    _someones_data(db_url)
    result = _example(db_url, tmp_path, "--replace")
    assert result.exit_code == 0, result.output
    assert _rows(db_url, "SELECT COUNT(*) FROM client")[0][0] > 1
    assert _rows(db_url, "SELECT COUNT(*) FROM notes") == [(0,)]    # untouched


def test_fresh_database_is_written_then_a_second_run_refuses(db_url, tmp_path) -> None:
    assert _example(db_url, tmp_path).exit_code == 0
    projects = _rows(db_url, "SELECT COUNT(*) FROM project")
    again = _example(db_url, tmp_path)
    assert again.exit_code == 2 and "client, employee, project" in again.output
    assert _rows(db_url, "SELECT COUNT(*) FROM project") == projects
