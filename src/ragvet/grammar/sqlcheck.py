"""Validate a SQL template against the criteria (parsed with sqlglot, checked on the schema).

Criteria: one statement; SELECT only; named columns (no `*`); meaningful columns (no record
identifiers selected or used as placeholders); no column both selected and filtered on; at
least one placeholder in WHERE; placeholders name real columns and are compared with their own
column; a single answer (an equality on a placeholder joined by AND, no GROUP BY, or an
aggregate).
"""

from __future__ import annotations

from typing import Any

from .schema import Schema
from .templates import Placeholder, to_bound_sql

_FORBIDDEN = ("Insert", "Update", "Delete", "Drop", "Create", "Alter", "Command", "Into",
              "Merge", "TruncateTable")


def check_sql_template(sql: str, schema: Schema) -> list[str]:
    """Reasons why `sql` breaks a criterion; empty when it is acceptable."""
    import sqlglot
    from sqlglot import exp

    bound, placeholders = to_bound_sql(sql)
    reasons = [f"placeholder {p}: no such column in the schema"
               for p in placeholders if _column_of(schema, p) is None]
    reasons += [f"placeholder {p} is a record identifier, not a meaningful value"
                for p in placeholders if _is_identifier(schema, p)]
    try:
        statements = [s for s in sqlglot.parse(bound) if s is not None]
    except sqlglot.errors.SqlglotError as err:
        return [*reasons, f"does not parse: {str(err).splitlines()[0]}"]
    if len(statements) != 1:
        return [*reasons, f"must be exactly one statement (found {len(statements)})"]
    stmt = statements[0]
    bad = [n for n in _FORBIDDEN if stmt.find(getattr(exp, n, exp.Insert)) is not None]
    if not isinstance(stmt, exp.Select) or bad:
        kind = type(stmt).__name__.upper()
        return [*reasons, f"only SELECT queries are allowed (found {kind})"]
    return reasons + _check_select(stmt, schema, {p.param: p for p in placeholders})


def _check_select(stmt: Any, schema: Schema, params: dict[str, Placeholder]) -> list[str]:
    from sqlglot import exp

    reasons: list[str] = []
    aliases = _aliases(stmt, schema, reasons)
    if any(isinstance(e, exp.Star) or (isinstance(e, exp.Column) and isinstance(e.this, exp.Star))
           for e in stmt.expressions):
        reasons.append("selects * instead of named columns")
    selected = set()
    for column in (c for e in stmt.expressions for c in e.find_all(exp.Column)):
        resolved = _resolve(column, aliases, schema)
        if resolved is None:
            reasons.append(f"selected column {column.sql()} is not in the schema")
        elif schema.table(resolved[0]).is_identifier(resolved[1]):
            reasons.append(f"selects the record identifier {column.sql()}; "
                           "choose a column a reader understands")
        else:
            selected.add(resolved)
    where = stmt.args.get("where")
    in_where = list(where.find_all(exp.Placeholder)) if where is not None else []
    if not in_where:
        reasons.append("no placeholder in the WHERE clause")
        return reasons
    filtered, equalities = _comparisons(where, aliases, schema, params, reasons)
    for table, column in sorted(selected & filtered):
        reasons.append(f"selects {table}.{column}, which it also filters on")
    reasons += _single_answer(stmt, where, equalities)
    return reasons


def _aliases(stmt: Any, schema: Schema, reasons: list[str]) -> dict[str, str]:
    from sqlglot import exp

    aliases: dict[str, str] = {}
    for table in stmt.find_all(exp.Table):
        if schema.table(table.name) is None:
            reasons.append(f"unknown table {table.name}")
            continue
        aliases[table.alias_or_name.lower()] = table.name
        aliases[table.name.lower()] = table.name
    return aliases


def _resolve(column: Any, aliases: dict[str, str], schema: Schema) -> tuple[str, str] | None:
    if column.table:
        name = aliases.get(column.table.lower())
        tables = [schema.table(name)] if name else []
    else:
        tables = [schema.table(n) for n in sorted(set(aliases.values()))]
    for table in tables:
        if table is not None and table.column(column.name) is not None:
            return table.name.lower(), table.column(column.name).name.lower()
    return None


def _comparisons(where: Any, aliases: dict[str, str], schema: Schema,
                 params: dict[str, Placeholder], reasons: list[str]
                 ) -> tuple[set[tuple[str, str]], int]:
    """Columns compared with placeholders, and how many of those comparisons are equalities."""
    from sqlglot import exp

    filtered: set[tuple[str, str]] = set()
    equalities = 0
    for placeholder in where.find_all(exp.Placeholder):
        node = placeholder.parent
        column = next((c for c in node.find_all(exp.Column)), None) if node else None
        resolved = _resolve(column, aliases, schema) if column is not None else None
        if resolved is None:
            continue
        filtered.add(resolved)
        p = params.get(placeholder.name)
        if p is not None and (p.table.lower(), p.column.lower()) != resolved:
            reasons.append(f"placeholder {p} is compared with {resolved[0]}.{resolved[1]}")
        if isinstance(node, exp.EQ) and _only_and_above(node, where):
            equalities += 1
    return filtered, equalities


def _only_and_above(node: Any, where: Any) -> bool:
    from sqlglot import exp

    parent = node.parent
    while parent is not None and parent is not where:
        if not isinstance(parent, exp.And | exp.Paren):
            return False
        parent = parent.parent
    return True


def _single_answer(stmt: Any, where: Any, equalities: int) -> list[str]:
    from sqlglot import exp

    if stmt.args.get("group"):
        return ["GROUP BY returns one row per group, not a single answer"]
    aggregate = all(e.find(exp.AggFunc) is not None for e in stmt.expressions)
    if equalities == 0 and not aggregate:
        return ["no equality condition on a placeholder (joined by AND): the answer is "
                "unlikely to be a single value"]
    return []


def _column_of(schema: Schema, p: Placeholder):
    table = schema.table(p.table)
    return table.column(p.column) if table is not None else None


def _is_identifier(schema: Schema, p: Placeholder) -> bool:
    table = schema.table(p.table)
    return table is not None and table.column(p.column) is not None and \
        table.is_identifier(p.column)
