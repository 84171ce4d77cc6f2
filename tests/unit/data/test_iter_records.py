"""iter_records: records read lazily (JSONL line by line, Parquet by batches, CSV by chunks,
iterables item by item), validated as they come."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ragvet import iter_records, load_records
from ragvet.errors import DataError


def row(i: int) -> dict:
    return {"id": f"r{i}", "query": f"When was bridge {i} built?",
            "sources": [f"Bridge {i} opened in {1900 + i}."], "response": f"In {1900 + i}."}


def test_a_generator_is_read_one_record_at_a_time():
    pulled = []

    def rows():
        for i in range(5):
            pulled.append(i)
            yield row(i)

    stream = iter(iter_records(rows()))
    assert next(stream).id == "r0" and pulled == [0]
    assert [r.id for r in stream] == ["r1", "r2", "r3", "r4"]


def test_parquet_is_read_in_batches_and_gives_what_load_records_gives(tmp_path):
    path = tmp_path / "big.parquet"
    rows = [row(i) for i in range(2500)]
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=1000)
    assert [r.to_dict() for r in iter_records(path)] == \
        [r.to_dict() for r in load_records(path)]


def test_csv_in_chunks_gives_what_load_records_gives(tmp_path):
    path = tmp_path / "big.csv"
    lines = ["id,query,sources,response"] + [
        f'r{i},When {i}?,"{json.dumps([f"Bridge {i}."]).replace(chr(34), chr(34) * 2)}",In {i}.'
        for i in range(2100)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    streamed = list(iter_records(path))
    assert len(streamed) == 2100 and streamed[-1].id == "r2099"
    assert [r.to_dict() for r in streamed] == [r.to_dict() for r in load_records(path)]


def test_an_invalid_row_stops_the_stream_where_it_is_unless_skipped(tmp_path):
    path = tmp_path / "records.jsonl"
    rows = [row(0), row(1), {"id": "bad", "query": "q"}, row(3), row(1)]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    seen = []
    with pytest.raises(DataError, match="line 3"):
        for record in iter_records(path):
            seen.append(record.id)
    assert seen == ["r0", "r1"]
    stream = iter_records(path, skip_invalid=True)
    assert [r.id for r in stream] == ["r0", "r1", "r3"]
    assert len(stream.skipped) >= 2 and any("duplicate id" in p.message for p in stream.skipped)


def test_an_empty_input_is_an_error():
    with pytest.raises(DataError, match="empty"):
        list(iter_records(iter(())))
