"""Loaders: JSONL, CSV, Parquet, a pandas DataFrame, anything with `to_pandas()` (a Hugging
Face `Dataset`, a ragas `EvaluationDataset`, a polars or Arrow table), or a list, iterable or
generator of dicts → Records. An iterable is read one row at a time, never copied whole.

Every loader funnels rows through `validate_row`, so errors name the same things
(file, line or row, field) whatever the format.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from .records import Record
from .validate import RowProblems, validate_row

MAX_PROBLEMS_SHOWN = 10
CHUNK_ROWS = 1024  # rows read at once from CSV and Parquet files


class Records(list):
    """A list of Records that also says which input rows were skipped and why."""

    def __init__(self, records: Iterable[Record] = (), skipped: Iterable[Problem] = ()) -> None:
        super().__init__(records)
        self.skipped: list[Problem] = list(skipped)


def load_records(data: Any, *, skip_invalid: bool = False, format: str | None = None) -> Records:
    """Load records from a path (.jsonl/.json/.csv/.parquet), a DataFrame, an object with
    `to_pandas()` (e.g. a Hugging Face Dataset), or a list, iterable or generator of dicts.

    Invalid rows raise DataError listing the first problems, unless `skip_invalid` is set:
    then valid rows are returned and `Records.skipped` lists every problem.
    """
    rows, label, as_json = _rows_of(data, format)
    return _collect(rows, label, skip_invalid=skip_invalid, sources_as_json=as_json)


def iter_records(data: Any, *, skip_invalid: bool = False,
                 format: str | None = None) -> RecordStream:
    """The records of `data` (anything `load_records` takes) read lazily, one at a time, for
    runs too large to hold: `evaluate_stream(iter_records("big.parquet"), ...)`.

    Rows are validated as they are read: an invalid row raises DataError when it is reached
    (records before it may already have been judged), unless `skip_invalid` is set; then it
    is left out and listed in `.skipped`. Ids must still be unique (a set of them is kept).
    """
    rows, label, as_json = _rows_of(data, format)
    return RecordStream(rows, label, skip_invalid=skip_invalid, sources_as_json=as_json)


class RecordStream:
    """An iterable of Records validated as they are read (see `iter_records`); iterate once."""

    def __init__(self, rows: Iterator[tuple[str, Any]], label: str, *, skip_invalid: bool,
                 sources_as_json: bool) -> None:
        self._rows = rows
        self.label = label
        self.skip_invalid = skip_invalid
        self.sources_as_json = sources_as_json
        self.skipped: list[Problem] = []

    def __iter__(self) -> Iterator[Record]:
        seen_ids: dict[str, str] = {}
        position = valid = 0
        for location, row in self._rows:
            position += 1
            problems = [row] if isinstance(row, Problem) else []
            if not problems:
                try:
                    record = validate_row(row, position=position - 1, source=self.label,
                                          location=location,
                                          sources_as_json=self.sources_as_json)
                except RowProblems as bad:
                    problems = list(bad.problems)
                else:
                    if record.id in seen_ids:
                        problems = [Problem(self.label, location, "id",
                                            f"duplicate id {record.id!r} (first at "
                                            f"{seen_ids[record.id]})")]
                    else:
                        seen_ids[record.id] = location
                        valid += 1
                        yield record
                        continue
            if not self.skip_invalid:
                raise DataError(problems[:MAX_PROBLEMS_SHOWN], total=len(problems))
            self.skipped.extend(problems)
        if position == 0:
            raise DataError([Problem(self.label, None, None, "no records: the input is empty")])
        if not valid:
            raise DataError(self.skipped[:MAX_PROBLEMS_SHOWN] or
                            [Problem(self.label, None, None, "no valid records")],
                            total=len(self.skipped))


def _rows_of(data: Any, format: str | None) -> tuple[Iterator[tuple[str, Any]], str, bool]:
    if isinstance(data, str | Path):
        path = Path(data)
        if not path.exists():
            raise DataError([Problem(str(path), None, None, "file not found")])
        kind = (format or path.suffix.lstrip(".")).lower()
        readers = {"jsonl": _jsonl_rows, "ndjson": _jsonl_rows, "json": _json_rows,
                   "csv": _csv_rows, "parquet": _parquet_rows, "pq": _parquet_rows}
        if kind not in readers:
            raise DataError([Problem(str(path), None, None,
                                     f"unknown format '{kind}' (use one of {sorted(readers)})")])
        return readers[kind](path), str(path), kind == "csv"
    if _is_dataframe(data):
        return _frame_rows(data), "DataFrame", False
    if callable(getattr(data, "to_pandas", None)):
        return _frame_rows(_as_frame(data)), type(data).__name__, False
    if isinstance(data, Mapping):
        raise DataError([Problem("input", None, None, "got one mapping, not a collection of "
                                 "records; for a single record pass [record]")])
    if isinstance(data, Iterable) and not isinstance(data, str | bytes):
        label = "list" if isinstance(data, list | tuple) else type(data).__name__
        return ((f"item {i}", _plain_row(row)) for i, row in enumerate(data)), label, False
    raise DataError([Problem("input", None, None,
                             f"cannot load records from a {type(data).__name__}: pass a file "
                             f"path, a DataFrame, an object with to_pandas() (e.g. a Hugging "
                             f"Face Dataset) or an iterable of dicts")])


def _collect(rows, label: str, *, skip_invalid: bool, sources_as_json: bool) -> Records:
    records: list[Record] = []
    problems: list[Problem] = []
    seen_ids: dict[str, str] = {}
    position = 0
    for location, row in rows:
        if isinstance(row, Problem):
            problems.append(row)
            position += 1
            continue
        try:
            record = validate_row(row, position=position, source=label, location=location,
                                  sources_as_json=sources_as_json)
        except RowProblems as bad:
            problems.extend(bad.problems)
        else:
            if record.id in seen_ids:
                first = seen_ids[record.id]
                problems.append(Problem(label, location, "id",
                                        f"duplicate id {record.id!r} (first at {first})"))
            else:
                seen_ids[record.id] = location
                records.append(record)
        position += 1
    if position == 0:
        raise DataError([Problem(label, None, None, "no records: the input is empty")])
    if problems and not skip_invalid:
        raise DataError(problems[:MAX_PROBLEMS_SHOWN], total=len(problems))
    if not records:
        raise DataError(problems[:MAX_PROBLEMS_SHOWN] or
                        [Problem(label, None, None, "no valid records")], total=len(problems))
    return Records(records, problems)


def _jsonl_rows(path: Path) -> Iterator[tuple[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            location = f"line {number}"
            try:
                yield location, json.loads(line)
            except json.JSONDecodeError as err:
                yield location, Problem(str(path), location, None,
                                        f"invalid JSON: {err.msg} at column {err.colno}")


def _json_rows(path: Path) -> Iterator[tuple[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataError([Problem(str(path), f"line {err.lineno}", None,
                                 f"invalid JSON: {err.msg}")]) from err
    if isinstance(data, Mapping) and isinstance(data.get("records"), list):
        data = data["records"]
    if not isinstance(data, list):
        raise DataError([Problem(str(path), None, None,
                                 "a .json file must hold a list of records")])
    return ((f"item {i}", row) for i, row in enumerate(data))


def _csv_rows(path: Path) -> Iterator[tuple[str, Any]]:
    """Rows read CHUNK_ROWS at a time (a large file is never held whole)."""
    import pandas as pd

    try:
        chunks = pd.read_csv(path, dtype=str, keep_default_na=False, chunksize=CHUNK_ROWS)
    except pd.errors.EmptyDataError:
        return iter(())
    except (pd.errors.ParserError, UnicodeDecodeError) as err:
        raise DataError([Problem(str(path), None, None, f"unreadable CSV: {err}")]) from err
    return _csv_chunk_rows(path, chunks)


def _csv_chunk_rows(path: Path, chunks: Any) -> Iterator[tuple[str, Any]]:
    import pandas as pd

    number = 0  # row numbers count data rows from 1, after the header line
    try:
        for frame in chunks:
            for row in frame.to_dict(orient="records"):
                number += 1
                yield f"row {number}", row
    except (pd.errors.ParserError, UnicodeDecodeError) as err:
        raise DataError([Problem(str(path), None, None, f"unreadable CSV: {err}")]) from err


def _parquet_rows(path: Path) -> Iterator[tuple[str, Any]]:
    """Rows read by record batches of a row group (a directory of files is read whole)."""
    import pyarrow.parquet as pq

    try:
        if path.is_dir():
            table = pq.read_table(path)
            return ((f"row {i + 1}", row) for i, row in enumerate(table.to_pylist()))
        handle = pq.ParquetFile(path)
    except Exception as err:  # pyarrow raises several unrelated types for bad files
        raise DataError([Problem(str(path), None, None, f"unreadable Parquet: {err}")]) from err
    return _parquet_batch_rows(path, handle)


def _parquet_batch_rows(path: Path, handle: Any) -> Iterator[tuple[str, Any]]:
    number = 0
    try:
        for batch in handle.iter_batches(batch_size=CHUNK_ROWS):
            for row in batch.to_pylist():
                number += 1
                yield f"row {number}", row
    except Exception as err:  # a corrupt row group further in the file
        raise DataError([Problem(str(path), None, None, f"unreadable Parquet: {err}")]) from err
    finally:
        handle.close()


def _is_dataframe(data: Any) -> bool:
    """A pandas DataFrame (a polars one goes through its `to_pandas()`)."""
    return type(data).__name__ == "DataFrame" and type(data).__module__.startswith("pandas")


def _as_frame(data: Any) -> Any:
    """`data.to_pandas()`, checked: a DataFrame or a DataError naming the input's type."""
    name = type(data).__name__
    try:
        frame = data.to_pandas()
    except Exception as err:  # the converting library's own errors, whatever their type
        raise DataError([Problem(name, None, None, f"to_pandas() failed: "
                                 f"{type(err).__name__}: {err}")]) from err
    if not _is_dataframe(frame):
        raise DataError([Problem(name, None, None, f"to_pandas() returned a "
                                 f"{type(frame).__name__}, not a pandas DataFrame")])
    return frame


def _plain_row(row: Any) -> Any:
    """A Record passes as its fields; anything else is validated as it is."""
    return row.to_dict() if isinstance(row, Record) else row


def _frame_rows(frame: Any) -> Iterator[tuple[str, Any]]:
    return ((f"row {i + 1}", row) for i, row in enumerate(frame.to_dict(orient="records")))
