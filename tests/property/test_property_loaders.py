"""Every loader (JSONL, CSV, Parquet, DataFrame, list of dicts) over rows of hostile text.

A row either loads with every field exactly as written, or the loader raises DataError
naming the field; nothing else escapes. The one normalisation: an empty reference is no
reference (None).
"""

from __future__ import annotations

import csv
import json
import tempfile
from pathlib import Path

import pytest
from adversarial import hostile_text, large_text
from hypothesis import given
from hypothesis import strategies as st

from ragvet.data import load_records
from ragvet.errors import DataError

FORMATS = ("jsonl", "csv", "parquet", "dataframe", "list")

rows = st.fixed_dictionaries({
    "id": hostile_text(4),
    "query": hostile_text(),
    "sources": st.lists(hostile_text(), max_size=3),
    "response": hostile_text(),
    "reference": hostile_text(),
})


def write(kind: str, records: list[dict], folder: Path):
    """`records` in the form `kind` takes them: a path, a DataFrame or the list itself."""
    import pandas as pd

    if kind == "list":
        return records
    if kind == "dataframe":
        return pd.DataFrame(records)
    if kind == "jsonl":
        path = folder / "records.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                        encoding="utf-8")
        return path
    if kind == "csv":
        path = folder / "records.csv"
        frame = pd.DataFrame([{**r, "sources": json.dumps(r["sources"], ensure_ascii=False)}
                              for r in records])
        # Quote every field: pandas' default (minimal quoting) leaves a field holding a bare
        # CR unquoted, and every CSV reader then splits that row in two (the loader reports
        # the broken rows; found by the large profile).
        frame.to_csv(path, index=False, encoding="utf-8", quoting=csv.QUOTE_ALL)
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = folder / "records.parquet"
    pq.write_table(pa.Table.from_pylist(records), path)
    return path


def expected_problem_fields(row: dict) -> set[str]:
    fields = set()
    if not row["query"].strip():
        fields.add("query")
    return fields


def check_loaded(kind: str, row: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        given_data = write(kind, [row], Path(folder))
        try:
            (record,) = load_records(given_data)
        except DataError as err:
            named = {p.field for p in err.problems}
            assert named and named <= expected_problem_fields(row) | {None}, err
            assert expected_problem_fields(row), f"{kind}: a valid row was refused: {err}"
            assert str(err).strip()
            return
    assert not expected_problem_fields(row), f"{kind}: accepted a blank query"
    assert record.query == row["query"]
    assert record.response == row["response"]
    assert list(record.source_texts) == row["sources"]
    assert record.reference == (row["reference"] or None)
    assert record.id == (row["id"] or "0")


@pytest.mark.parametrize("kind", FORMATS)
@given(row=rows)
def test_a_row_loads_exactly_or_names_its_problem(kind, row):
    check_loaded(kind, row)


@pytest.mark.parametrize("kind", FORMATS)
def test_100_kb_fields_load_exactly(kind):
    text = large_text(100_000)
    check_loaded(kind, {"id": "big", "query": text, "sources": [text, text[:999]],
                        "response": text, "reference": text[:5000]})
