"""The bundled example: a fictitious engineering consultancy (clients, employees, projects).

`load_example(engine)` creates the three tables (with foreign keys) and inserts the ~50 rows;
`render_corpus()` writes the project reports a RAG system would search. Some reports leave
facts out on purpose (budgets, start dates, client details), as real corpora do, so that
knowledge gaps exist next to robustness failures.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from .templates import SqlTemplate

EXAMPLE_PACKAGE = "ragvet.grammar.example_data"


@dataclass(frozen=True, slots=True)
class Document:
    id: str
    title: str
    text: str


@cache
def example_rows() -> dict[str, list[dict[str, Any]]]:
    import yaml

    text = resources.files(EXAMPLE_PACKAGE).joinpath("company.yaml").read_text("utf-8")
    return yaml.safe_load(text)


def example_templates() -> list[SqlTemplate]:
    import yaml

    from .templates import templates_from_dict

    text = resources.files(EXAMPLE_PACKAGE).joinpath("templates.yaml").read_text("utf-8")
    return templates_from_dict(yaml.safe_load(text), source="example templates.yaml")


def example_templates_path() -> Path:
    return Path(str(resources.files(EXAMPLE_PACKAGE).joinpath("templates.yaml")))


def _metadata(schema: str | None):
    import sqlalchemy as sa

    md = sa.MetaData(schema=schema)
    prefix = f"{schema}." if schema else ""
    sa.Table("client", md, sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("name", sa.String(120), nullable=False),
             sa.Column("industry", sa.String(60)), sa.Column("city", sa.String(60)))
    sa.Table("employee", md, sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("name", sa.String(120), nullable=False),
             sa.Column("job_title", sa.String(80)), sa.Column("department", sa.String(60)))
    sa.Table("project", md, sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("name", sa.String(120), nullable=False),
             sa.Column("client_id", sa.Integer, sa.ForeignKey(f"{prefix}client.id")),
             sa.Column("manager_id", sa.Integer, sa.ForeignKey(f"{prefix}employee.id")),
             sa.Column("city", sa.String(60)), sa.Column("start_date", sa.Date),
             sa.Column("budget", sa.Integer), sa.Column("status", sa.String(30)))
    return md


EXAMPLE_TABLES = ("client", "employee", "project")


def existing_example_tables(engine: Engine, *, schema: str | None = None) -> list[str]:
    """Which of the example's table names (client, employee, project) `engine` already has."""
    import sqlalchemy as sa

    present = set(sa.inspect(engine).get_table_names(schema=schema))
    return [name for name in EXAMPLE_TABLES if name in present]


def load_example(engine: Engine, *, schema: str | None = None, replace: bool = False) -> None:
    """Create the example tables and insert the rows.

    A database that already holds a table named client, employee or project is refused
    with ConfigError, since those tables may be someone's data; with `replace=True` those
    three tables (and no others) are dropped first.
    """
    from ..errors import ConfigError

    md = _metadata(schema)
    found = existing_example_tables(engine, schema=schema)
    if found and not replace:
        where = engine.url.render_as_string(hide_password=True)
        raise ConfigError(
            f"{where} already has table(s) {', '.join(found)}; nothing was changed. Point "
            f"'grammar example' at a fresh database (e.g. sqlite:///company.db, a new file), "
            f"or pass --replace to drop and rewrite only {', '.join(EXAMPLE_TABLES)}")
    if found:
        md.drop_all(engine)     # only the example's three tables: they are the metadata
    md.create_all(engine)
    rows = example_rows()
    with engine.begin() as conn:
        for name in ("client", "employee", "project"):
            conn.execute(md.tables[f"{schema}.{name}" if schema else name].insert(), rows[name])


def render_corpus() -> list[Document]:
    """One report per project, rendered from the example rows (deterministic)."""
    rows = example_rows()
    clients = {c["id"]: c for c in rows["client"]}
    staff = {e["id"]: e for e in rows["employee"]}
    seen_clients: set[int] = set()
    docs = []
    for p in rows["project"]:
        client, manager = clients[p["client_id"]], staff[p["manager_id"]]
        first_for_client = p["client_id"] not in seen_clients
        seen_clients.add(p["client_id"])
        docs.append(Document(f"report-{p['id']:02d}", f"Project report: {p['name']}",
                             _report(p, client, manager, first_for_client)))
    return docs


_NOTES = (
    "The team held a design review with stakeholders at the end of the quarter.",
    "Wet weather delayed the concrete pour by two weeks, but the schedule recovered.",
    "A peer review of the calculations found no issues that affect the records.",
    "The client asked for a summary of lessons learned for their internal report.",
    "Site access was limited to night shifts to keep the public areas open.",
    "Our drafting team issued the construction drawings ahead of the programme.",
    "Coordination meetings with the architect and services consultants ran fortnightly.",
    "The risk register was updated after the geotechnical investigation.",
    "Please contact the project office for copies of the inspection certificates.",
    "The status of every deliverable is tracked in the company project database.",
    "Quality audits were carried out each month without non-conformances.",
    "Community consultation sessions were held before major works began.",
)


def _report(p: dict[str, Any], client: dict[str, Any], manager: dict[str, Any],
            first_for_client: bool) -> str:
    name, pid = p["name"], p["id"]
    lines = [f"The status of {name} is {p['status']}, and it is located in {p['city']}.",
             f"The client for {name} is {client['name']}."]
    if first_for_client:
        lines.append(f"{client['name']} is a {client['industry']} company based in "
                     f"{client['city']}.")
    lines.append(f"The project manager of {name} is {manager['name']}, whose job title is "
                 f"{manager['job_title']} in the {manager['department']} department.")
    if pid % 7 != 0:
        lines.append(f"Work on {name} started on {_long_date(p['start_date'])}.")
    if pid % 5 != 0:
        lines.append(f"The approved budget of {name} is ${p['budget']:,}.")
    lines += [_NOTES[(pid * k) % len(_NOTES)] for k in (1, 3, 5)]
    return " ".join(lines)


def _long_date(value: Any) -> str:
    day = value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))
    return f"{day.day} {day:%B %Y}"


def write_corpus(directory: str | Path) -> Path:
    """Write the corpus as `corpus.jsonl` (id, title, text) under `directory`."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "corpus.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for doc in render_corpus():
            handle.write(json.dumps({"id": doc.id, "title": doc.title, "text": doc.text}) + "\n")
    return path


@cache
def _baseline():
    from .baseline import BaselineRAG

    return BaselineRAG(render_corpus())


def baseline_system(query: str) -> dict[str, Any]:
    """The built-in baseline RAG over the example corpus (BM25 + extractive answer)."""
    return _baseline().answer(query)
