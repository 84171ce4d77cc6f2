"""SQL templates with `[table.column]` placeholders and their text phrasings.

A SQL template is one query logic; its text templates are phrasings of it, each tagged with
attributes (length, style, complexity, ...) so clusters of phrasings can be compared.
Templates come from YAML (`load_templates`) or an LLM (`writer`); either way they are checked
here and a broken one is rejected with the reasons.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ConfigError

PLACEHOLDER = re.compile(r"\[([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)\]")
_QUOTED = re.compile(r"""(['"])\[([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)\]\1""")

SHORT_MAX_WORDS = 12
LONG_MIN_WORDS = 16


@dataclass(frozen=True, slots=True, order=True)
class Placeholder:
    table: str
    column: str

    @property
    def key(self) -> str:
        return f"{self.table}.{self.column}"

    @property
    def param(self) -> str:
        return f"p_{self.table}_{self.column}".lower()

    def __str__(self) -> str:
        return f"[{self.key}]"


@dataclass(frozen=True, slots=True, kw_only=True)
class TextTemplate:
    id: str
    text: str
    attributes: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class SqlTemplate:
    id: str
    sql: str
    texts: tuple[TextTemplate, ...] = ()
    description: str = ""

    @property
    def placeholders(self) -> tuple[Placeholder, ...]:
        return placeholders_in(self.sql)


@dataclass(frozen=True, slots=True)
class Rejected:
    """A template that broke a criterion, with every reason found."""

    kind: str  # "sql" or "text"
    text: str
    reasons: tuple[str, ...]
    template_id: str | None = None


def placeholders_in(text: str) -> tuple[Placeholder, ...]:
    """Distinct placeholders in order of first appearance."""
    seen: dict[Placeholder, None] = {}
    for m in PLACEHOLDER.finditer(text):
        seen.setdefault(Placeholder(m.group(1), m.group(2)), None)
    return tuple(seen)


def to_bound_sql(sql: str) -> tuple[str, tuple[Placeholder, ...]]:
    """Replace each placeholder (quoted or not) by a named bind parameter `:p_table_column`.

    Values are never pasted into SQL text; they are bound when the query runs.
    """
    def bind(m: re.Match[str]) -> str:
        return ":" + Placeholder(m.group(2), m.group(3)).param

    bound = _QUOTED.sub(bind, sql)
    bound = PLACEHOLDER.sub(lambda m: ":" + Placeholder(m.group(1), m.group(2)).param, bound)
    return bound.strip().rstrip(";").strip(), placeholders_in(sql)


def render_text(template: str, values: Mapping[str, str]) -> str:
    """Fill a text template; `values` maps `table.column` to the display string."""
    return PLACEHOLDER.sub(lambda m: values[f"{m.group(1)}.{m.group(2)}"], template)


def word_count(text: str) -> int:
    return len(PLACEHOLDER.sub("X", text).split())


def check_text_template(text: str, sql: SqlTemplate | Sequence[Placeholder],
                        attributes: Mapping[str, str] | None = None) -> list[str]:
    """Reasons why a phrasing does not fit its SQL template (empty when it fits)."""
    expected = set(sql.placeholders if isinstance(sql, SqlTemplate) else sql)
    found = set(placeholders_in(text))
    reasons = [f"missing placeholder {p}" for p in sorted(expected - found)]
    reasons += [f"placeholder {p} is not in the SQL template" for p in sorted(found - expected)]
    if not text.strip():
        reasons.append("empty text")
    words = word_count(text)
    length = (attributes or {}).get("length")
    if length == "short" and words > SHORT_MAX_WORDS:
        reasons.append(f"labelled short but has {words} words (at most {SHORT_MAX_WORDS})")
    if length == "long" and words < LONG_MIN_WORDS:
        reasons.append(f"labelled long but has {words} words (at least {LONG_MIN_WORDS})")
    return reasons


def load_templates(path: str | Path) -> list[SqlTemplate]:
    """Read SQL templates and their text templates from YAML (see examples/grammar)."""
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as err:
        raise ConfigError(f"cannot read templates {path}: {err}") from err
    return templates_from_dict(data, source=str(path))


def templates_from_dict(data: Any, *, source: str = "templates") -> list[SqlTemplate]:
    items = data.get("sql_templates") if isinstance(data, Mapping) else None
    if not isinstance(items, list):
        raise ConfigError(f"{source}: expected a mapping with a 'sql_templates' list")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping) or "sql" not in item:
            raise ConfigError(f"{source}: sql_templates[{i}] needs at least 'sql'")
        tid = str(item.get("id") or f"sql{i + 1}")
        texts = tuple(_text_template(t, j) for j, t in enumerate(item.get("text_templates") or ()))
        out.append(SqlTemplate(id=tid, sql=str(item["sql"]).strip(), texts=texts,
                               description=str(item.get("description", ""))))
    ids = [t.id for t in out]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ConfigError(f"{source}: duplicate SQL template ids: {', '.join(dupes)}")
    return out


def _text_template(data: Mapping[str, Any], index: int) -> TextTemplate:
    if not isinstance(data, Mapping) or "text" not in data:
        raise ConfigError(f"text template {index + 1} needs a 'text'")
    attributes = {str(k): str(v) for k, v in (data.get("attributes") or {}).items()}
    return TextTemplate(id=str(data.get("id") or f"t{index + 1}"), text=str(data["text"]),
                        attributes=attributes)


def templates_to_dict(templates: Sequence[SqlTemplate]) -> dict[str, Any]:
    return {"sql_templates": [
        {"id": t.id, "description": t.description, "sql": t.sql,
         "text_templates": [{"id": x.id, "text": x.text, "attributes": dict(x.attributes)}
                            for x in t.texts]}
        for t in templates]}


def save_templates(templates: Sequence[SqlTemplate], path: str | Path) -> None:
    import yaml

    Path(path).write_text(yaml.safe_dump(templates_to_dict(templates), sort_keys=False,
                                         allow_unicode=True, width=100), encoding="utf-8")
