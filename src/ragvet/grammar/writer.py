"""LLM-written templates: SQL templates from the schema, phrasings from a SQL template.

Every reply is parsed one template per line and validated; a line that breaks a criterion is
returned in `rejected` with its reasons, never silently kept or dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .llm import Completer, fence
from .schema import Schema
from .sqlcheck import check_sql_template
from .templates import Rejected, SqlTemplate, TextTemplate, check_text_template

SQL_PROMPT = """\
Write SQL query templates for testing a question-answering assistant over this database.
Rules for every template:
- a single SELECT statement; never modify data;
- name the columns to return (no *), choosing columns a non-technical reader understands,
  never internal identifiers or key columns, and not a column the query also filters on;
- put at least one placeholder in the WHERE clause, written as '[table.column]' with the
  table and column whose value fills it, compared with that same column;
- the query must return one single answer (filter with = on a placeholder);
- do not repeat the same question in different words.
{extra}Return one template per line and nothing else. If no template fits, return nothing.

{schema}"""

TEXT_PROMPT = """\
Write {count} different natural-language questions that ask exactly what this SQL template
asks. Keep every placeholder exactly as written (for example [project.name]); add no others.
Requirements for the wording: {criteria}.
Return one question per line and nothing else.

{sql}"""

_LENGTH_HINT = {"short": "short, at most 12 words", "long": "long and wordy, 16 words or more"}


@dataclass(frozen=True, slots=True)
class Written:
    accepted: tuple[SqlTemplate, ...]
    rejected: tuple[Rejected, ...]


def reply_lines(reply: str) -> list[str]:
    """Lines of a reply without code fences, numbering or bullets."""
    lines = []
    for line in reply.splitlines():
        line = line.strip()
        if not line or line.startswith("```"):
            continue
        lines.append(re.sub(r"^(?:\d+[.)]\s*|[-*•]\s+)", "", line).strip())
    return [line for line in lines if line]


async def write_sql_templates(writer: Completer, schema: Schema, *, extra: str = "",
                              prefix: str = "gen") -> Written:
    """Ask for SQL templates and keep those that pass every criterion."""
    reply = await writer.complete(SQL_PROMPT.format(
        extra=f"- {extra}\n" if extra else "", schema=fence("schema", schema.describe())))
    accepted, rejected = [], []
    for i, line in enumerate(reply_lines(reply), start=1):
        reasons = check_sql_template(line, schema)
        tid = f"{prefix}{i}"
        if reasons:
            rejected.append(Rejected("sql", line, tuple(reasons), tid))
        elif any(a.sql.lower() == line.lower() for a in accepted):
            rejected.append(Rejected("sql", line, ("duplicate of an earlier template",), tid))
        else:
            accepted.append(SqlTemplate(id=tid, sql=line))
    return Written(tuple(accepted), tuple(rejected))


async def write_text_templates(writer: Completer, template: SqlTemplate,
                               criteria: Sequence[Mapping[str, str]], *, per_criteria: int = 2
                               ) -> tuple[SqlTemplate, tuple[Rejected, ...]]:
    """Ask for phrasings under each set of linguistic criteria; tag each with its criteria."""
    texts = list(template.texts)
    rejected: list[Rejected] = []
    for attrs in criteria:
        wording = "; ".join(_LENGTH_HINT.get(v, v) if k == "length" else f"{k}: {v}"
                            for k, v in attrs.items())
        reply = await writer.complete(TEXT_PROMPT.format(
            count=per_criteria, criteria=wording, sql=fence("sql", template.sql)))
        for line in reply_lines(reply)[:per_criteria]:
            tid = "-".join(str(v) for v in attrs.values()) + f"-{len(texts) + 1}"
            reasons = check_text_template(line, template, attrs)
            if reasons:
                rejected.append(Rejected("text", line, tuple(reasons), f"{template.id}/{tid}"))
            else:
                texts.append(TextTemplate(id=tid, text=line, attributes=dict(attrs)))
    return SqlTemplate(id=template.id, sql=template.sql, texts=tuple(texts),
                       description=template.description), tuple(rejected)
