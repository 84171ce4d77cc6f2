"""Fill templates from the database and run the bound SQL for each ground-truth answer.

For every SQL template: the distinct values of each placeholder column, their Cartesian
product (capped, sampled deterministically), one bound query per combination. Combinations
whose answer is empty or not a single row are dropped. Every surviving combination is a
semantic group: the same SQL logic asked through each of the template's phrasings.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._util.jsonl import read_jsonl, write_jsonl
from .templates import (
    Placeholder,
    Rejected,
    SqlTemplate,
    check_text_template,
    render_text,
    to_bound_sql,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

    from .schema import Schema


@dataclass(frozen=True, slots=True, kw_only=True)
class QueryCase:
    """One text query with its ground truth; `group_id` names its semantic group."""

    id: str
    group_id: str
    sql_template_id: str
    text_template_id: str
    query: str
    sql: str
    params: Mapping[str, str]
    answer: tuple[str, ...]
    attributes: Mapping[str, str] = field(default_factory=dict)
    # `table.column` → collation, for the columns the query reads that the database compares
    # without regard to case (MariaDB's default): values differing only by case were one
    # value when it was filled and answered (see grammar.collation)
    collations: Mapping[str, str] = field(default_factory=dict)

    @property
    def answer_text(self) -> str:
        return ", ".join(self.answer)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["answer"] = list(self.answer)
        data["answer_text"] = self.answer_text
        if not self.collations:
            del data["collations"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QueryCase:
        return cls(id=str(data["id"]), group_id=str(data["group_id"]),
                   sql_template_id=str(data["sql_template_id"]),
                   text_template_id=str(data["text_template_id"]), query=str(data["query"]),
                   sql=str(data["sql"]), params=dict(data.get("params", {})),
                   answer=tuple(str(a) for a in data["answer"]),
                   attributes=dict(data.get("attributes", {})),
                   collations=dict(data.get("collations", {})))


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateStats:
    template_id: str
    texts: int  # N: phrasings kept
    combinations: int  # size of the Cartesian product
    tried: int  # after the cap
    kept: int  # Q: fills with a single answer
    empty: int
    multiple: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneratedSet:
    cases: tuple[QueryCase, ...]
    stats: tuple[TemplateStats, ...]
    rejected: tuple[Rejected, ...] = ()
    # `table.column` → collation of the case-insensitive columns the templates read
    collations: Mapping[str, str] = field(default_factory=dict)

    @property
    def m(self) -> int:
        return len(self.stats)

    @property
    def groups(self) -> int:
        return sum(s.kept for s in self.stats)

    def formula(self) -> str:
        """The M × N × Q breakdown, one term per SQL template."""
        terms = " + ".join(f"{s.texts}×{s.kept}" for s in self.stats)
        return f"M={self.m} SQL templates; Σ N×Q = {terms} = {len(self.cases)} queries"


def canonical(value: Any) -> str | None:
    """One string per database value, identical across SQLite, PostgreSQL and MariaDB."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal | float):
        dec = Decimal(str(value)).normalize()
        return str(int(dec)) if dec == dec.to_integral_value() else format(dec, "f")
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).decode("utf-8", "replace")
    return str(value)


def _sort_key(value: Any) -> tuple[int, Any]:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return (0, Decimal(str(value)))
    return (1, canonical(value))


def distinct_values(conn: Connection, p: Placeholder) -> list[Any]:
    """`SELECT DISTINCT column FROM table` (non-null), in a database-independent order."""
    import sqlalchemy as sa

    col = sa.column(p.column)
    query = sa.select(col).distinct().select_from(sa.table(p.table))
    values = [row[0] for row in conn.execute(query.where(col.is_not(None)))]
    return sorted(values, key=_sort_key)


def sample_combinations(sizes: Sequence[int], cap: int, seed: str) -> list[tuple[int, ...]]:
    """Index tuples into the Cartesian product; a deterministic sample when it exceeds `cap`."""
    total = 1
    for s in sizes:
        total *= s
    chosen = range(total) if total <= cap else sorted(random.Random(seed).sample(range(total),
                                                                                   cap))
    out = []
    for flat in chosen:
        combo = []
        for s in reversed(sizes):
            flat, r = divmod(flat, s)
            combo.append(r)
        out.append(tuple(reversed(combo)))
    return out


ProgressCallback = Callable[[SqlTemplate, TemplateStats], Any]


def generate_cases(engine: Engine, templates: Iterable[SqlTemplate], *,
                   schema: Schema | None = None, max_fills: int = 50, seed: int = 0,
                   on_template: ProgressCallback | None = None) -> GeneratedSet:
    """Fill every template and keep the queries with a single-valued answer.

    With `schema`, SQL and text templates are validated first and broken ones are returned in
    `rejected` with their reasons. Queries run in the connection's default schema (set
    PostgreSQL's search_path or the MySQL database in the URL to choose another).
    """
    from .sqlcheck import check_sql_template

    cases: list[QueryCase] = []
    stats: list[TemplateStats] = []
    rejected: list[Rejected] = []
    collations: dict[str, str] = {}
    seen: dict[str, dict[str, str]] = {}
    with engine.connect() as conn:
        for tpl in templates:
            if schema is not None:
                reasons = check_sql_template(tpl.sql, schema)
                if reasons:
                    rejected.append(Rejected("sql", tpl.sql, tuple(reasons), tpl.id))
                    continue
            texts = _valid_texts(tpl, rejected)
            read = _case_insensitive_reads(conn, tpl, seen)
            made, stat = _fill_template(conn, tpl, texts, max_fills, seed, read)
            collations.update(read)
            cases += made
            stats.append(stat)
            if on_template is not None:
                on_template(tpl, stat)
    return GeneratedSet(cases=tuple(cases), stats=tuple(stats), rejected=tuple(rejected),
                        collations=collations)


def _case_insensitive_reads(conn: Connection, tpl: SqlTemplate,
                            seen: dict[str, dict[str, str]]) -> dict[str, str]:
    """`table.column` → collation for the columns `tpl` names that the database compares
    without regard to case."""
    from .collation import collations_of, read_columns

    tables = {p.table for p in tpl.placeholders}
    named = {p.key for p in tpl.placeholders}
    try:
        import sqlglot
        from sqlglot import exp

        tree = sqlglot.parse_one(to_bound_sql(tpl.sql)[0])
        tables |= {t.name for t in tree.find_all(exp.Table)}
        columns = {c.name.lower() for c in tree.find_all(exp.Column)}
    except Exception:  # a template sqlglot cannot read: its placeholders still count
        columns = set()
    found = collations_of(conn, tables, seen)
    named |= {key for key in found if key.split(".", 1)[1] in columns}
    return read_columns(found, sorted(named))


def _valid_texts(tpl: SqlTemplate, rejected: list[Rejected]) -> list[Any]:
    kept = []
    for text in tpl.texts:
        reasons = check_text_template(text.text, tpl, text.attributes)
        if reasons:
            rejected.append(Rejected("text", text.text, tuple(reasons), f"{tpl.id}/{text.id}"))
        else:
            kept.append(text)
    return kept


def _fill_template(conn: Connection, tpl: SqlTemplate, texts: Sequence[Any], cap: int,
                   seed: int, collations: Mapping[str, str] | None = None
                   ) -> tuple[list[QueryCase], TemplateStats]:
    bound, placeholders = to_bound_sql(tpl.sql)
    values = [distinct_values(conn, p) for p in placeholders]
    combos = sample_combinations([len(v) for v in values], cap, f"{seed}:{tpl.id}")
    answer = _answer_rows(conn, bound, distinct_in_database=bool(collations))
    cases: list[QueryCase] = []
    empty = multiple = kept = 0
    for combo in combos:
        raw = {p.param: values[i][j]
               for i, (p, j) in enumerate(zip(placeholders, combo, strict=True))}
        rows = {tuple(canonical(v) for v in row) for row in answer(raw)}
        rows = {r for r in rows if any(v is not None for v in r)}
        if not rows:
            empty += 1
            continue
        if len(rows) > 1:
            multiple += 1
            continue
        kept += 1
        shown = {p.key: canonical(raw[p.param]) or "" for p in placeholders}
        cases += _cases_for(tpl, texts, shown, tuple(v or "" for v in rows.pop()),
                            collations or {})
    return cases, TemplateStats(template_id=tpl.id, texts=len(texts), combinations=_product(
        values), tried=len(combos), kept=kept, empty=empty, multiple=multiple)


def _product(values: Sequence[Sequence[Any]]) -> int:
    total = 1
    for v in values:
        total *= len(v)
    return total


def _answer_rows(conn: Connection, bound: str, *, distinct_in_database: bool
                 ) -> Callable[[Mapping[str, Any]], list[tuple[Any, ...]]]:
    """Run the bound query for its answer rows. Where it reads a column compared without
    regard to case, the rows are made distinct by the database (`SELECT DISTINCT * FROM
    (…)`), so rows differing only by case are one answer as the database says; a query the
    database cannot wrap (e.g. two output columns of one name) runs as written."""
    import sqlalchemy as sa
    from sqlalchemy.exc import SQLAlchemyError

    from .collation import distinct_rows_sql

    plain = sa.text(bound)
    wrapped: list[Any] = [sa.text(distinct_rows_sql(bound))] if distinct_in_database else []

    def run(params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        if wrapped:
            try:
                with conn.begin_nested():
                    return [tuple(r) for r in conn.execute(wrapped[0], params)]
            except SQLAlchemyError:
                wrapped.clear()
        return [tuple(r) for r in conn.execute(plain, params)]

    return run


def _cases_for(tpl: SqlTemplate, texts: Sequence[Any], shown: Mapping[str, str],
               answer: tuple[str, ...], collations: Mapping[str, str]) -> list[QueryCase]:
    digest = hashlib.sha1(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:10]
    group = f"{tpl.id}:{digest}"
    return [QueryCase(id=f"{group}/{t.id}", group_id=group, sql_template_id=tpl.id,
                      text_template_id=t.id, query=render_text(t.text, shown), sql=tpl.sql,
                      params=dict(shown), answer=answer, attributes=dict(t.attributes),
                      collations=dict(collations))
            for t in texts]


def write_cases(cases: Iterable[QueryCase], path: str | Path) -> None:
    write_jsonl((case.to_dict() for case in cases), path)


def read_cases(path: str | Path) -> list[QueryCase]:
    return [QueryCase.from_dict(row) for row in read_jsonl(path)]
