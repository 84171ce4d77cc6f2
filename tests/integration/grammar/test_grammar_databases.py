"""The example on SQLite, PostgreSQL and MariaDB: same query/answer sets; bound values only."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator

import pytest

sa = pytest.importorskip("sqlalchemy")

from database_servers import MARIA, PG, server  # noqa: E402

from ragvet.grammar.example import example_templates, load_example  # noqa: E402
from ragvet.grammar.fill import generate_cases  # noqa: E402
from ragvet.grammar.schema import introspect  # noqa: E402

pytestmark = pytest.mark.integration

EVIL = "x'); DROP TABLE client; --"


@pytest.fixture(params=["sqlite", "postgresql", "mariadb"])
def engine(request, tmp_path) -> Iterator[object]:
    """A fresh, private copy of the example database (unique schema / database per test)."""
    name = f"ragvet_grammar_{uuid.uuid4().hex[:10]}"
    if request.param == "sqlite":
        eng = sa.create_engine(f"sqlite:///{tmp_path / 'company.db'}")
        load_example(eng)
        yield eng
        eng.dispose()
        return
    admin = server(PG if request.param == "postgresql" else MARIA)
    create = f"CREATE SCHEMA {name}" if request.param == "postgresql" else \
        f"CREATE DATABASE {name}"
    with admin.begin() as conn:
        conn.execute(sa.text(create))
    if request.param == "postgresql":
        eng = sa.create_engine(PG, connect_args={"options": f"-csearch_path={name}"})
    else:
        eng = sa.create_engine(MARIA.rsplit("/", 1)[0] + f"/{name}")
    try:
        load_example(eng)
        yield eng
    finally:
        eng.dispose()
        drop = f"DROP SCHEMA {name} CASCADE" if request.param == "postgresql" else \
            f"DROP DATABASE {name}"
        with admin.begin() as conn:
            conn.execute(sa.text(drop))
        admin.dispose()


def _fingerprint(engine) -> list[tuple]:
    result = generate_cases(engine, example_templates(), schema=introspect(engine), max_fills=25,
                            seed=1)
    assert not result.rejected
    return [(c.id, c.query, c.answer, tuple(sorted(c.params.items()))) for c in result.cases] + \
        [dataclasses.astuple(s) for s in result.stats]


_SEEN: dict[str, list[tuple]] = {}


def test_introspection_finds_tables_keys_and_types(engine):
    schema = introspect(engine)
    assert [t.name for t in schema.tables] == ["client", "employee", "project"]
    project = schema.table("project")
    assert project.primary_key == ("id",)
    assert {(fk.columns, fk.ref_table) for fk in project.foreign_keys} == {
        (("client_id",), "client"), (("manager_id",), "employee")}
    kinds = {c.name: c.type for c in project.columns}
    assert kinds["start_date"] == "date" and kinds["budget"] == "integer"
    assert kinds["name"] == "text"


def test_same_query_answer_sets_on_every_database(engine, request):
    fingerprint = _fingerprint(engine)
    assert len(fingerprint) > 600
    dialect = engine.dialect.name
    _SEEN[dialect] = fingerprint
    reference = _SEEN.get("sqlite")
    if reference is None:  # compute it here when the sqlite case has not run in this session
        ref_engine = sa.create_engine(f"sqlite:///{request.getfixturevalue('tmp_path')}/r.db")
        load_example(ref_engine)
        reference = _fingerprint(ref_engine)
    assert fingerprint == reference


def test_hostile_value_is_bound_and_the_database_is_intact(engine):
    client = sa.table("client", sa.column("id"), sa.column("name"), sa.column("industry"),
                      sa.column("city"))
    with engine.begin() as conn:
        conn.execute(client.insert().values(id=99, name=EVIL, industry="mischief", city="Nowhere"))
    templates = [t for t in example_templates() if t.id in ("client_industry", "client_city")]
    result = generate_cases(engine, templates, schema=introspect(engine))
    evil_cases = [c for c in result.cases if c.params == {"client.name": EVIL}]
    assert {c.answer for c in evil_cases} == {("mischief",), ("Nowhere",)}
    assert any(EVIL in c.query for c in evil_cases)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT COUNT(*) FROM client")).scalar() == 11
        assert conn.execute(sa.text("SELECT COUNT(*) FROM project")).scalar() == 20
    assert [t.name for t in introspect(engine).tables] == ["client", "employee", "project"]
