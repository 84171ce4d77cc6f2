"""Store and report speed: write N records incrementally, load them back, render the report.

    PYTHONPATH=src python benchmarks/store_report.py [--records 1000] [--claims 20] [--store URL]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ragvet import make_record
from ragvet.metrics.core import Component
from ragvet.report.html import render_report
from ragvet.report.view import build_view
from ragvet.results import RecordResult
from ragvet.store import RunWriter, open_store


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--claims", type=int, default=20)
    parser.add_argument("--store", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(args.store or str(Path(tmp) / "bench.db"))
        records = [make_record(id=f"b{i}", query=f"Query {i}?", sources=[f"Source {i}"],
                               response=f"Response {i}.", metadata={"system": "AB"[i % 2]})
                   for i in range(args.records)]
        writer = RunWriter.start(store, records=records, metric_ids=["RP", "GR"],
                                 judge={"id": "bench"})
        started = time.perf_counter()
        for r in records:
            components = tuple(Component(metric=m, kind="claim", index=k, text=f"claim {k}",
                                         verdict=k % 2 == 0, reason="because", raw="{}")
                               for m in ("RP", "GR") for k in range(args.claims))
            writer(RecordResult(id=r.id, query=r.query, scores={"RP": 0.5, "GR": 0.5},
                                components=components, metadata=dict(r.metadata)))
        writer.finish()
        wrote = time.perf_counter() - started
        started = time.perf_counter()
        loaded = store.load_run("latest")
        loaded_s = time.perf_counter() - started
        started = time.perf_counter()
        html = render_report(build_view(loaded))
        rendered = time.perf_counter() - started
        store.close()
    n = args.records
    print(f"records: {n}, components per record: {2 * args.claims}")
    print(f"incremental writes: {wrote:.2f} s ({1000 * wrote / n:.2f} ms per record)")
    print(f"load run: {loaded_s:.2f} s")
    print(f"render report: {rendered:.2f} s ({len(html) / 1e6:.1f} MB of HTML)")


if __name__ == "__main__":
    main()
