"""Loaders: every format, ragas names, and errors that name the file, place and field."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from ragvet import DataError, load_records

GOOD = {"query": "q?", "sources": ["s1", "s2"], "response": "r."}


def write_jsonl(path, rows):
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


def test_jsonl_with_ids_metadata_and_source_ids(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [
        {"id": "a", **GOOD, "reference": "ref", "metadata": {"system": "v1"}},
        {**GOOD, "sources": [{"id": 7, "text": "t"}], "team": "blue"},
    ])
    first, second = load_records(path)
    assert (first.id, first.reference, first.metadata["system"]) == ("a", "ref", "v1")
    assert second.id == "1" and second.sources[0].id == "7"
    assert second.metadata == {"team": "blue"}


def test_ragas_column_names_are_accepted():
    (record,) = load_records([{"user_input": "q?", "retrieved_contexts": ["c"],
                               "response": "r", "reference": "g"}])
    assert (record.query, record.source_texts, record.reference) == ("q?", ("c",), "g")


def test_csv_with_json_sources_column(tmp_path):
    path = tmp_path / "d.csv"
    pd.DataFrame([{"query": "q?", "sources": json.dumps(["a", "b"]), "response": "r",
                   "reference": ""}]).to_csv(path, index=False)
    (record,) = load_records(path)
    assert record.source_texts == ("a", "b") and record.reference is None


def test_parquet_and_dataframe(tmp_path):
    frame = pd.DataFrame([GOOD, {**GOOD, "query": "other?"}])
    frame.to_parquet(tmp_path / "d.parquet")
    assert [r.query for r in load_records(tmp_path / "d.parquet")] == ["q?", "other?"]
    assert [r.source_texts for r in load_records(frame)] == [("s1", "s2")] * 2


def test_bad_json_line_names_file_and_line(tmp_path):
    path = write_jsonl(tmp_path / "bad.jsonl", [GOOD, "{not json", GOOD])
    with pytest.raises(DataError) as err:
        load_records(path)
    assert f"{path}, line 2" in str(err.value) and "invalid JSON" in str(err.value)


def test_missing_field_is_named(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [{"query": "q?", "sources": []}])
    with pytest.raises(DataError) as err:
        load_records(path)
    assert "line 1, field 'response': missing" in str(err.value)


def test_wrong_type_is_not_coerced(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [GOOD, {**GOOD, "query": 42}])
    with pytest.raises(DataError) as err:
        load_records(path)
    assert "line 2, field 'query': must be text, got int" in str(err.value)


def test_sources_must_be_a_list_of_passages(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [{**GOOD, "sources": ["ok", 3]}])
    with pytest.raises(DataError, match=r"field 'sources\[1\]'"):
        load_records(path)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    with pytest.raises(DataError, match=r"empty\.jsonl: no records: the input is empty"):
        load_records(path)


def test_csv_with_unparsable_sources_names_row_and_field(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text('query,sources,response\n"q?","[""a""]","r"\n"q2?","[broken","r"\n')
    with pytest.raises(DataError) as err:
        load_records(path)
    message = str(err.value)
    assert f"{path}, row 2, field 'sources': is not valid JSON" in message


def test_problems_are_all_listed_and_capped(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [{"query": 1}] * 12)
    with pytest.raises(DataError) as err:
        load_records(path)
    assert err.value.total == 36 and len(err.value.problems) == 10
    assert "and 26 more" in str(err.value)


def test_skip_invalid_keeps_valid_rows_and_reports_skipped(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [GOOD, "{oops", {**GOOD, "response": None}, GOOD])
    records = load_records(path, skip_invalid=True)
    assert [r.id for r in records] == ["0", "3"]
    assert [p.location for p in records.skipped] == ["line 2", "line 3"]


def test_duplicate_ids_are_an_error():
    with pytest.raises(DataError, match="duplicate id 'x'"):
        load_records([{"id": "x", **GOOD}, {"id": "x", **GOOD}])


def test_bundled_examples_load():
    records = load_records("examples/records.jsonl")
    assert len(records) == 12 and all(r.reference for r in records)
