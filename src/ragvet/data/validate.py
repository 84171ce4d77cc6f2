"""Row validation: turn one raw row into a Record or a list of Problems.

Nothing is coerced silently: a number where text is expected is an error, not a string.
Known aliases (ragas and DeepEval field names, a few common ones) map onto the record's fields;
any other top-level field is kept in `metadata` under its own name.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..errors import Problem
from .records import Record, Source

ALIASES: dict[str, tuple[str, ...]] = {  # ours, ragas, common, DeepEval's LLMTestCase
    "query": ("query", "user_input", "question", "input"),
    "sources": ("sources", "retrieved_contexts", "contexts", "retrieval_context"),
    "response": ("response", "answer", "actual_output"),
    "reference": ("reference", "ground_truth", "expected_output"),
}
ID_FIELDS = ("id",)
METADATA_FIELD = "metadata"


class RowProblems(Exception):
    """Raised internally when a row has problems; carries them."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


def is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _pick(row: Mapping[str, Any], field: str) -> tuple[str | None, Any]:
    """Return (column name used, value) for a record field, honouring aliases."""
    present = [name for name in ALIASES[field] if name in row]
    if not present:
        return None, None
    return present[0], row[present[0]]


def validate_row(
    row: Any, *, position: int, source: str, location: str, sources_as_json: bool = False
) -> Record:
    """Validate one raw row; raise RowProblems naming each bad field."""
    problems: list[Problem] = []

    def problem(field: str | None, message: str) -> None:
        problems.append(Problem(source, location, field, message))

    if not isinstance(row, Mapping):
        problem(None, f"expected an object with fields, got {type(row).__name__}")
        raise RowProblems(problems)

    query = _required_text(row, "query", problem)
    response = _required_text(row, "response", problem, allow_empty=True)
    sources = _sources(row, problem, sources_as_json=sources_as_json)
    reference = _optional_text(row, "reference", problem)
    record_id = _record_id(row, position, problem)
    metadata = _metadata(row, problem)
    if problems:
        raise RowProblems(problems)
    return Record(
        id=record_id,
        query=query,
        sources=sources,
        response=response,
        reference=reference,
        metadata=MappingProxyType(metadata),
    )


def _required_text(row, field, problem, *, allow_empty: bool = False) -> str:
    name, value = _pick(row, field)
    if name is None:
        problem(field, f"missing (accepted names: {', '.join(ALIASES[field])})")
        return ""
    if is_missing(value):
        problem(name, "is null")
        return ""
    if not isinstance(value, str):
        problem(name, f"must be text, got {type(value).__name__} {value!r:.40}")
        return ""
    if not allow_empty and not value.strip():
        problem(name, "is empty")
    return value


def _optional_text(row, field, problem) -> str | None:
    name, value = _pick(row, field)
    if name is None or is_missing(value) or value == "":
        return None
    if not isinstance(value, str):
        problem(name, f"must be text or null, got {type(value).__name__} {value!r:.40}")
        return None
    return value


def _sources(row, problem, *, sources_as_json: bool) -> tuple[Source, ...]:
    name, value = _pick(row, "sources")
    if name is None:
        problem("sources", f"missing (accepted names: {', '.join(ALIASES['sources'])})")
        return ()
    if sources_as_json:
        if not isinstance(value, str):
            problem(name, "must be a JSON list of passages")
            return ()
        try:
            value = json.loads(value) if value.strip() else None
        except json.JSONDecodeError as err:
            problem(name, f"is not valid JSON ({err.msg} at char {err.pos}): {value!r:.60}")
            return ()
    if hasattr(value, "tolist"):  # numpy arrays from Parquet / DataFrames
        value = value.tolist()
    if not isinstance(value, list):
        problem(name, f"must be a list of passages, got {type(value).__name__}")
        return ()
    out = []
    for i, item in enumerate(value):
        parsed = _source(item, f"{name}[{i}]", problem)
        if parsed is not None:
            out.append(parsed)
    return tuple(out)


def _source(item, where, problem) -> Source | None:
    if isinstance(item, str):
        return Source(text=item)
    if isinstance(item, Mapping):
        text, sid = item.get("text"), item.get("id")
        if not isinstance(text, str):
            problem(where, "a passage object needs a 'text' string")
            return None
        if (sid is not None and not isinstance(sid, str | int)) or isinstance(sid, bool):
            problem(where, f"passage 'id' must be text or an integer, got {type(sid).__name__}")
            return None
        return Source(text=text, id=None if sid is None else str(sid))
    problem(where, f"a passage must be text or {{'id', 'text'}}, got {type(item).__name__}")
    return None


def _record_id(row, position, problem) -> str:
    value = row.get("id")
    if is_missing(value) or value == "":
        return str(position)
    if isinstance(value, bool) or not isinstance(value, str | int):
        problem("id", f"must be text or an integer, got {type(value).__name__}")
        return str(position)
    return str(value)


def _metadata(row, problem) -> dict[str, Any]:
    known = {name for names in ALIASES.values() for name in names} | {"id", METADATA_FIELD}
    meta: dict[str, Any] = {}
    given = row.get(METADATA_FIELD)
    if isinstance(given, str) and given.strip().startswith("{"):
        try:
            given = json.loads(given)
        except json.JSONDecodeError as err:
            problem(METADATA_FIELD, f"is not valid JSON ({err.msg})")
            given = None
    if is_missing(given) or given == "":
        given = None
    if given is not None and not isinstance(given, Mapping):
        problem(METADATA_FIELD, f"must be an object, got {type(given).__name__}")
    elif given is not None:
        meta.update(given)
    for key, value in row.items():
        if key not in known and not is_missing(value):
            meta[key] = value.item() if hasattr(value, "item") else value
    return meta
