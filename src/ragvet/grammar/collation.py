"""Which text columns the user's database compares without regard to case.

MariaDB and MySQL compare text under the column's collation, and their default collations
(`utf8mb4_general_ci`, `utf8mb4_uca1400_ai_ci`, `latin1_swedish_ci`, …) ignore case: `'Acme'`
and `'ACME'` are one value to `SELECT DISTINCT`, to `=` and to `GROUP BY`. PostgreSQL and SQLite
compare exactly unless a column says otherwise (a nondeterministic ICU collation; `COLLATE
NOCASE`). GRAMMAR follows the database: its placeholder values come from `SELECT DISTINCT`
already, and where a template reads such a column the answer rows are made distinct by the
database too (`distinct_rows_sql`), so two rows that differ only by case are one answer, as the
database itself would say. The collations found are noted on every query of the template.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

_NOCASE = re.compile(r'["`\[]?(\w+)["`\]]?\s+[^,]*?\bCOLLATE\s+["\']?NOCASE\b', re.I)


def case_insensitive(dialect: str, collation: str | None, deterministic: bool = True) -> bool:
    """Does this collation ignore case? (MySQL/MariaDB names end in _ci; SQLite's NOCASE;
    a PostgreSQL collation that is not deterministic may ignore case and is treated so.)"""
    if collation is None:
        return False
    name = collation.lower()
    if dialect in ("mysql", "mariadb"):
        return name.endswith("_ci") or "_ci_" in name
    if dialect == "sqlite":
        return name == "nocase"
    return not deterministic


def table_collations(conn: Connection, table: str) -> dict[str, str]:
    """Column (lower-cased name) → collation of the case-insensitive text columns of
    `table`; empty where every column compares exactly."""
    import sqlalchemy as sa

    dialect = conn.dialect.name
    if dialect in ("mysql", "mariadb"):
        rows = conn.execute(sa.text(
            "SELECT COLUMN_NAME, COLLATION_NAME FROM information_schema.COLUMNS "
            "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = :t AND COLLATION_NAME IS NOT NULL"),
            {"t": table})
        return {str(c).lower(): str(k) for c, k in rows if case_insensitive(dialect, k)}
    if dialect == "postgresql":
        rows = conn.execute(sa.text(
            "SELECT a.attname, c.collname, c.collisdeterministic FROM pg_attribute a "
            "JOIN pg_collation c ON c.oid = a.attcollation "
            "WHERE a.attrelid = to_regclass(:t) AND a.attnum > 0 AND NOT a.attisdropped"),
            {"t": table})
        return {str(c).lower(): str(k) for c, k, det in rows
                if case_insensitive(dialect, k, bool(det))}
    if dialect == "sqlite":
        sql = conn.execute(sa.text("SELECT sql FROM sqlite_master WHERE type = 'table' AND "
                                   "lower(name) = lower(:t)"), {"t": table}).scalar()
        return {m.group(1).lower(): "NOCASE" for m in _NOCASE.finditer(sql or "")}
    return {}


def collations_of(conn: Connection, tables: Iterable[str],
                  cache: dict[str, dict[str, str]] | None = None) -> dict[str, str]:
    """`table.column` → collation for the case-insensitive text columns of `tables`."""
    cache = {} if cache is None else cache
    found: dict[str, str] = {}
    for table in dict.fromkeys(t.lower() for t in tables):
        if table not in cache:
            cache[table] = table_collations(conn, table)
        found.update({f"{table}.{column}": k for column, k in cache[table].items()})
    return found


def distinct_rows_sql(bound_sql: str) -> str:
    """The template's query with its rows made distinct by the database (its collations
    decide which values are equal)."""
    return f"SELECT DISTINCT * FROM ({bound_sql.strip().rstrip(';')}) AS ragvet_answer"


def read_columns(collations: Mapping[str, str], columns: Iterable[str]) -> dict[str, str]:
    """The collations of `columns` (`table.column`, any case) among `collations`."""
    return {c: collations[c.lower()] for c in columns if c.lower() in collations}
