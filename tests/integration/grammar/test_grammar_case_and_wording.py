"""GRAMMAR leftovers: values differing only by case are compared as the user's database
compares them (MariaDB's case-insensitive default collation, noted on each query), and the
LLM writer's wording criteria come from `--wording`."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest

sa = pytest.importorskip("sqlalchemy")

from database_servers import MARIA, PG, server  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from ragvet.cli.app import build_app  # noqa: E402
from ragvet.grammar.fill import QueryCase, generate_cases  # noqa: E402
from ragvet.grammar.schema import introspect  # noqa: E402
from ragvet.grammar.templates import SqlTemplate, TextTemplate, save_templates  # noqa: E402

pytestmark = pytest.mark.integration

ROWS = [(1, "Acme", "Paris", "retail"), (2, "ACME", "Paris", "mining"),
        (3, "Birch", "Rome", "retail")]
TEMPLATES = [
    # two rows answer 'Acme' on MariaDB (its = ignores case): two industries, no single answer
    SqlTemplate(id="industry", sql="SELECT industry FROM client WHERE name = '[client.name]'",
                texts=(TextTemplate(id="t", text="Which industry is [client.name] in?"),)),
    # Paris has 'Acme' and 'ACME': one value to MariaDB, two to PostgreSQL and SQLite
    SqlTemplate(id="who", sql="SELECT name FROM client WHERE city = '[client.city]'",
                texts=(TextTemplate(id="t", text="Which client is based in [client.city]?"),)),
]


@pytest.fixture(params=["sqlite", "postgresql", "mariadb"])
def engine(request, tmp_path) -> Iterator[object]:
    name = f"ragvet_case_{uuid.uuid4().hex[:10]}"
    admin = None
    if request.param == "sqlite":
        eng = sa.create_engine(f"sqlite:///{tmp_path / 'case.db'}")
    else:
        admin = server(PG if request.param == "postgresql" else MARIA)
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {name}" if request.param == "postgresql"
                                 else f"CREATE DATABASE {name}"))
        eng = sa.create_engine(PG, connect_args={"options": f"-csearch_path={name}"}) \
            if request.param == "postgresql" else \
            sa.create_engine(MARIA.rsplit("/", 1)[0] + f"/{name}")
    with eng.begin() as conn:
        conn.execute(sa.text("CREATE TABLE client (id INTEGER PRIMARY KEY, name VARCHAR(40), "
                             "city VARCHAR(40), industry VARCHAR(40))"))
        conn.execute(sa.text("INSERT INTO client VALUES (:i, :n, :c, :d)"),
                     [dict(zip("incd", row, strict=True)) for row in ROWS])
    try:
        yield eng
    finally:
        eng.dispose()
        if admin is not None:
            with admin.begin() as conn:
                conn.execute(sa.text(f"DROP SCHEMA {name} CASCADE"
                                     if request.param == "postgresql"
                                     else f"DROP DATABASE {name}"))
            admin.dispose()


def _answers(cases: list[QueryCase], template: str) -> dict[str, tuple[str, ...]]:
    return {"/".join(c.params.values()): c.answer for c in cases
            if c.sql_template_id == template}


def test_case_variants_follow_the_databases_comparison(engine):
    generated = generate_cases(engine, TEMPLATES, schema=introspect(engine))
    cases = list(generated.cases)
    industry, who = _answers(cases, "industry"), _answers(cases, "who")
    if engine.dialect.name in ("mysql", "mariadb"):
        # one client name to MariaDB: 'Acme' = 'ACME' answers two industries → dropped
        assert {k.lower() for k in industry} == {"birch"}
        assert generated.stats[0].multiple == 1
        # the two Paris names are one answer, as SELECT DISTINCT on MariaDB says
        assert [k for k in who] == ["Paris", "Rome"]
        assert who["Paris"][0].lower() == "acme"
        collation = generated.collations["client.name"]
        assert collation.endswith("_ci")
        assert all(c.collations["client.name"] == collation for c in cases)
        assert "collations" in cases[0].to_dict()
    else:
        # exact comparison: three names, each with its own industry; Paris has two names
        assert industry == {"ACME": ("mining",), "Acme": ("retail",), "Birch": ("retail",)}
        assert who == {"Rome": ("Birch",)}
        assert generated.stats[1].multiple == 1
        assert generated.collations == {}
        assert all("collations" not in c.to_dict() for c in cases)


def test_a_nocase_column_in_sqlite_is_compared_without_case(tmp_path):
    eng = sa.create_engine(f"sqlite:///{tmp_path / 'nocase.db'}")
    with eng.begin() as conn:
        conn.execute(sa.text("CREATE TABLE client (id INTEGER PRIMARY KEY, "
                             "name TEXT COLLATE NOCASE, city TEXT, industry TEXT)"))
        conn.execute(sa.text("INSERT INTO client VALUES (:i, :n, :c, :d)"),
                     [dict(zip("incd", row, strict=True)) for row in ROWS])
    generated = generate_cases(eng, TEMPLATES, schema=introspect(eng))
    assert generated.collations == {"client.name": "NOCASE"}
    assert _answers(list(generated.cases), "who")["Paris"][0].lower() == "acme"


def test_cli_generate_notes_the_collation(engine, tmp_path):
    if engine.dialect.name not in ("mysql", "mariadb"):
        pytest.skip("the note is for a database that ignores case")
    templates = tmp_path / "t.yaml"
    save_templates(TEMPLATES, templates)
    out = tmp_path / "q.jsonl"
    url = engine.url.render_as_string(hide_password=False)
    result = CliRunner().invoke(build_app(), ["grammar", "generate", url, "--templates",
                                              str(templates), "--out", str(out)],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "without regard to case: client.city" in result.output
    line = json.loads(out.read_text().splitlines()[0])
    assert line["collations"]["client.name"].endswith("_ci")


WRITER = '''
from ragvet.grammar.llm import ScriptedCompleter

PROMPTS = []


def reply(prompt):
    PROMPTS.append(prompt)
    if "SQL query templates" in prompt:
        return "SELECT industry FROM client WHERE name = '[client.name]'"
    if "tone: formal" in prompt:
        return "Kindly state the industry of [client.name].\\nWhich sector is [client.name] in?"
    return "[client.name] industry?"


def make():
    return ScriptedCompleter(reply)
'''


def test_wording_criteria_come_from_the_command_line(tmp_path, monkeypatch):
    (tmp_path / "wording_writer.py").write_text(WRITER)
    monkeypatch.syspath_prepend(str(tmp_path))
    app, runner = build_app(), CliRunner()
    db = f"sqlite:///{tmp_path / 'company.db'}"
    assert runner.invoke(app, ["grammar", "example", db, "--corpus",
                               str(tmp_path / "c")]).exit_code == 0
    saved = tmp_path / "written.yaml"
    result = runner.invoke(app, [
        "grammar", "generate", db, "--writer", "wording_writer:make", "--save-templates",
        str(saved), "--out", str(tmp_path / "q.jsonl"), "--wording",
        "length=short,tone=formal", "--wording", "tone=blunt", "--phrasings", "1"])
    assert result.exit_code == 0, result.output
    import wording_writer

    text_prompts = [p for p in wording_writer.PROMPTS if "SQL query templates" not in p]
    assert len(text_prompts) == 2
    assert "Write 1 different" in text_prompts[0]
    assert "short, at most 12 words; tone: formal" in text_prompts[0]
    assert "tone: blunt" in text_prompts[1]
    from ragvet.grammar.templates import load_templates

    [template] = load_templates(saved)
    assert [dict(t.attributes) for t in template.texts] == [
        {"length": "short", "tone": "formal"}, {"tone": "blunt"}]


@pytest.mark.parametrize("args, message", [
    (["--wording", "length=medium"], "length is short or long"),
    (["--wording", "tone"], "write KEY=VALUE"),
    (["--phrasings", "0"], "--phrasings must be at least 1"),
])
def test_bad_wording_flags_are_one_line_errors(tmp_path, args, message):
    db = f"sqlite:///{tmp_path / 'company.db'}"
    result = CliRunner().invoke(build_app(), ["grammar", "generate", db, "--writer", "x:y",
                                              *args, "--out", str(tmp_path / "q.jsonl")])
    assert result.exit_code == 2
    assert message in result.output


def test_wording_without_a_writer_is_refused(tmp_path):
    db = f"sqlite:///{tmp_path / 'company.db'}"
    result = CliRunner().invoke(build_app(), ["grammar", "generate", db, "--wording",
                                              "tone=formal"])
    assert result.exit_code == 2
    assert "add --writer" in result.output
