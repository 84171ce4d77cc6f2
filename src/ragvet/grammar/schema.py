"""Database schema introspection through SQLAlchemy (SQLite, PostgreSQL, MySQL/MariaDB)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str  # generic kind: text, integer, number, date, datetime, boolean, other
    nullable: bool = True


@dataclass(frozen=True, slots=True)
class ForeignKey:
    columns: tuple[str, ...]
    ref_table: str
    ref_columns: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...] = ()
    foreign_keys: tuple[ForeignKey, ...] = ()
    unique: tuple[tuple[str, ...], ...] = ()

    def column(self, name: str) -> Column | None:
        lowered = name.lower()
        return next((c for c in self.columns if c.name.lower() == lowered), None)

    def is_identifier(self, name: str) -> bool:
        """A record identifier: a key column, or one named like `id` / `..._id`."""
        lowered = name.lower()
        keys = {c.lower() for c in self.primary_key}
        keys |= {c.lower() for fk in self.foreign_keys for c in fk.columns}
        return lowered in keys or lowered == "id" or lowered.endswith("_id")


@dataclass(frozen=True, slots=True)
class Schema:
    tables: tuple[Table, ...]

    def table(self, name: str) -> Table | None:
        lowered = name.lower()
        return next((t for t in self.tables if t.name.lower() == lowered), None)

    def describe(self) -> str:
        """Plain-text rendering for prompts: one line per table, keys marked."""
        lines = []
        for t in self.tables:
            cols = []
            for c in t.columns:
                mark = " PK" if c.name in t.primary_key else ""
                cols.append(f"{c.name} {c.type}{mark}")
            lines.append(f"{t.name}({', '.join(cols)})")
            for fk in t.foreign_keys:
                lines.append(f"  FK {t.name}.{','.join(fk.columns)} -> "
                             f"{fk.ref_table}.{','.join(fk.ref_columns)}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [
            {"name": t.name, "primary_key": list(t.primary_key),
             "columns": [{"name": c.name, "type": c.type, "nullable": c.nullable}
                         for c in t.columns],
             "foreign_keys": [{"columns": list(f.columns), "ref_table": f.ref_table,
                               "ref_columns": list(f.ref_columns)} for f in t.foreign_keys]}
            for t in self.tables]}


def introspect(engine: Engine, *, schema: str | None = None,
               tables: list[str] | None = None) -> Schema:
    """Read tables, columns (with a generic type), primary, foreign and unique keys."""
    from sqlalchemy import inspect

    insp = inspect(engine)
    names = sorted(tables if tables is not None else insp.get_table_names(schema=schema))
    return Schema(tuple(_table(insp, name, schema) for name in names))


def _table(insp: Any, name: str, schema: str | None) -> Table:
    columns = tuple(Column(c["name"], generic_type(c["type"]), bool(c.get("nullable", True)))
                    for c in insp.get_columns(name, schema=schema))
    pk = tuple(insp.get_pk_constraint(name, schema=schema).get("constrained_columns") or ())
    fks = tuple(ForeignKey(tuple(fk["constrained_columns"]), fk["referred_table"],
                           tuple(fk["referred_columns"]))
                for fk in insp.get_foreign_keys(name, schema=schema))
    try:
        uniques = tuple(tuple(u["column_names"])
                        for u in insp.get_unique_constraints(name, schema=schema))
    except NotImplementedError:  # pragma: no cover - dialect without the reflection
        uniques = ()
    return Table(name, columns, pk, fks, uniques)


_KINDS: Mapping[str, str] = {
    "Integer": "integer", "SmallInteger": "integer", "BigInteger": "integer",
    "Numeric": "number", "Float": "number", "Double": "number",
    "Date": "date", "DateTime": "datetime", "Boolean": "boolean",
    "String": "text", "Text": "text", "Unicode": "text", "UnicodeText": "text",
}


def generic_type(sa_type: Any) -> str:
    """Map a dialect type to a small generic vocabulary shared by all databases."""
    for cls in type(sa_type).__mro__:
        kind = _KINDS.get(cls.__name__)
        if kind:
            return kind
    return "other"
