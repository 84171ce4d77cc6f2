"""Where a distributed run's results land, written idempotently by (run id, record id).

The driver streams the workers' output rows (`scorer.OUTPUT_COLUMNS`) into a sink as they
arrive. A sink says which records it already holds (`done`: record id → fingerprint of the
input it was judged from), so a resumed run judges only the rest, and writing a record
again replaces it, so a retried task never leaves two copies:

- `ParquetSink`: one Parquet file per arriving part under DIR/run_id=RUN/, each written to a
  temporary name and renamed into place (a kill never leaves half a file). Reading back
  keeps the last copy of each record id.
- `StoreSink`: the results store (SQLite, PostgreSQL, MariaDB); `ResultStore.add_record`
  replaces a record's rows in one transaction, keyed by (run id, record id).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..data.records import Record
from ..data.validate import validate_row
from ..engine.checkpoint import record_fingerprint
from ..results import RecordResult

PART_COLUMNS = ("run_id", "record_id", "fingerprint", "result", "input")


class ResultSink(Protocol):
    def done(self) -> Mapping[str, str]:
        """Record id → fingerprint of each record this run already holds."""
        ...

    def write(self, rows: Sequence[Mapping[str, Any]]) -> None:
        """Store judged output rows (replacing earlier copies of the same record ids)."""
        ...

    def close(self, status: str = "finished") -> None: ...


def _record_of(row: Mapping[str, Any]) -> Record | None:
    raw = row.get("input")
    if not raw:
        return None
    return validate_row(json.loads(raw), position=0, source="sink", location="")


class ParquetSink:
    """Per-part Parquet files under `root/run_id=RUN/`, written atomically."""

    def __init__(self, root: str | Path, run_id: str) -> None:
        self.dir = Path(root) / f"run_id={run_id}"
        self.run_id = run_id
        self._seq = 0

    def parts(self) -> list[Path]:
        return sorted(self.dir.glob("part-*.parquet")) if self.dir.exists() else []

    def done(self) -> dict[str, str]:
        import pyarrow.parquet as pq

        held: dict[str, str] = {}
        for part in self.parts():
            table = pq.read_table(part, columns=["record_id", "fingerprint"])
            held.update(zip(table.column("record_id").to_pylist(),
                            table.column("fingerprint").to_pylist(), strict=True))
        return held

    def write(self, rows: Sequence[Mapping[str, Any]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not rows:
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        self._seq += 1
        name = f"part-{time.time_ns():020d}-{os.getpid()}-{self._seq:06d}.parquet"
        table = pa.table({c: [r.get(c) for r in rows] for c in PART_COLUMNS},
                         schema=pa.schema([(c, pa.string()) for c in PART_COLUMNS]))
        temporary = self.dir / f".{name}.tmp"
        pq.write_table(table, temporary)
        os.replace(temporary, self.dir / name)

    def results(self) -> Iterator[RecordResult]:
        """Each record's last written result, in the order the parts were written."""
        for result, _ in self.results_with_inputs():
            yield result

    def results_with_inputs(self) -> Iterator[tuple[RecordResult, Record | None]]:
        """Each record's last written result with the record it was judged from."""
        import pyarrow.parquet as pq

        parts = self.parts()
        last: dict[str, int] = {}
        for index, part in enumerate(parts):
            for rid in pq.read_table(part, columns=["record_id"]).column(0).to_pylist():
                last[rid] = index
        for index, part in enumerate(parts):
            for row in pq.read_table(part, columns=["record_id", "result", "input"]).to_pylist():
                if last.get(row["record_id"]) == index:
                    del last[row["record_id"]]  # a part holding an id twice yields it once
                    yield RecordResult.from_dict(json.loads(row["result"])), _record_of(row)

    def close(self, status: str = "finished") -> None:
        pass


class StoreSink:
    """The results store: a run row, then one idempotent write per record."""

    def __init__(self, url: str | None, run_id: str, *, metric_ids: Sequence[str],
                 judge: Mapping[str, Any], thresholds: Any = None,
                 config: Mapping[str, Any] | None = None, dataset: str | None = None) -> None:
        from ..errors import StoreError
        from ..store import open_store, thresholds_dict

        self.store = open_store(url)
        self.run_id = run_id
        try:
            self.store.get_run(run_id)
        except StoreError:
            self.store.start_run(metric_ids=metric_ids, judge=judge, config=config,
                                 thresholds=thresholds_dict(thresholds), dataset=dataset,
                                 run_id=run_id)

    def done(self) -> dict[str, str]:
        import sqlalchemy as sa

        from ..store import tables as t

        r = t.records.c
        stmt = sa.select(r.record_id, r.query, r.response, r.reference, r.sources,
                         r.metadata).where(r.run_id == self.run_id)
        held = {}
        with self.store.engine.connect() as conn:
            for row in conn.execute(stmt):
                record = Record(id=row.record_id, query=row.query, response=row.response or "",
                                reference=row.reference,
                                sources=tuple(_sources(row.sources)),
                                metadata=dict(row.metadata or {}))
                held[row.record_id] = record_fingerprint(record)
        return held

    def write(self, rows: Sequence[Mapping[str, Any]]) -> None:
        for row in rows:
            result = RecordResult.from_dict(json.loads(row["result"]))
            self.store.add_record(self.run_id, result, _record_of(row))

    def close(self, status: str = "finished") -> None:
        self.store.finish_run(self.run_id, status=status)
        self.store.close()


def _sources(stored: Any):
    from ..data.records import Source

    for s in stored or ():
        yield Source(text=s["text"], id=s.get("id"))
