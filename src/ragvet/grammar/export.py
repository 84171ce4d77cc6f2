"""Turn a GRAMMAR run into ragvet records, so reference-free metrics can score the same answers
(`ragvet evaluate`) and their reliability can then be measured against the database's truth."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .fill import QueryCase
from .run import RunOutcome


def read_corpus(path: str | Path) -> dict[str, str]:
    """`corpus.jsonl` (id, text[, title]) → id → text."""
    out = {}
    with Path(path).open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                doc = json.loads(line)
                out[str(doc["id"])] = str(doc["text"])
    return out


def to_records(cases: Sequence[QueryCase], outcomes: Iterable[RunOutcome],
               documents: Mapping[str, str]) -> list[dict[str, Any]]:
    """One record per answered query; id = the query id; sources = retrieved documents' text.

    Queries without an answer, or whose retrieved ids are unknown to `documents`, are skipped:
    a record with invented sources would mislead the metrics.
    """
    by_id = {c.id: c for c in cases}
    records = []
    for outcome in outcomes:
        case = by_id.get(outcome.id)
        if case is None or outcome.answer is None or not outcome.doc_ids or any(
                d not in documents for d in outcome.doc_ids):
            continue
        records.append({
            "id": case.id, "query": case.query, "response": outcome.answer,
            "sources": [{"id": d, "text": documents[d]} for d in outcome.doc_ids],
            "reference": case.answer_text,
            "metadata": {"group_id": case.group_id, "sql_template_id": case.sql_template_id,
                         **{f"attr_{k}": v for k, v in case.attributes.items()}},
        })
    return records


def write_records(records: Iterable[Mapping[str, Any]], path: str | Path) -> None:
    with Path(path).open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
