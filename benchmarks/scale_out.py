"""Records per second on the Ray engine with 1 and 2 workers against the local engine, for
the offline judge and for an LLM judge (the shared llmstub, 300 ms per call).

    python benchmarks/scale_out.py [--offline-records 200] [--llm-records 1000]

Each Ray run starts its own private local cluster (loopback only); the figures split the
cluster's start from the run itself:

- "run s": from the first read to the last result on the driver (`Run.finished_at -
  started_at`): the pipeline's own time, cluster start excluded;
- "total s": the whole call, cluster start and shutdown included;
- "overhead" = Ray run time / local engine time on the same records (below 1: faster);
- "driver CPU ms/rec": this process's CPU time per record (for Ray: reading parts, writing
  the sink, the progress count; for the local engine: all the judging);
- "judging CPU ms/rec": where the judging ran: the Ray workers' CPU time summed (actor
  start and model load included), or this process's for the local engine. 1,000 divided by
  it is the records per second one core can judge.

The machine's cores bound what a second worker can add here: on a 2-core box both Ray
workers and the driver share them, so the offline judge (CPU-bound) cannot scale, while the
LLM judge (waiting on the endpoint) can until the client's CPU per call is the limit. Ray
needs `pip install 'ragvet[ray]'`; the stub needs aiohttp (tiktoken optional).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STUB = REPO.parent / "shared" / "tools" / "llmstub"
WORKLOAD = REPO.parent / "shared" / "bench" / "workload-50.jsonl"
FIXTURE = REPO / "tests" / "fixtures" / "local_judge_records.jsonl"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_stub(latency_ms: float, concurrency: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = dict(os.environ, TIKTOKEN_CACHE_DIR=str(STUB / "tiktoken-cache"))
    proc = subprocess.Popen([sys.executable, str(STUB / "llmstub.py"), "--port", str(port),
                             "--latency-ms", str(latency_ms), "--max-concurrency",
                             str(concurrency)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    root = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(root + "/health", timeout=1).read()
            return proc, root + "/v1"
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the llmstub did not start (does this interpreter have aiohttp?)")


def write_records(source: Path, n: int, out: Path) -> Path:
    """`n` records: the source's rows again and again with new ids (no two calls the same
    record, so nothing is answered from a cache)."""
    rows = [json.loads(line) for line in source.read_text().splitlines() if line.strip()]
    with out.open("w") as handle:
        for i in range(n):
            row = dict(rows[i % len(rows)])
            row["id"] = f"rec-{i:06d}"
            response = row.get("response", row.get("answer", ""))
            row.pop("answer", None)
            row["response"] = f"{response} Checked {i} times."
            handle.write(json.dumps(row) + "\n")
    return out


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, records: int, call) -> dict:
    started, cpu = time.perf_counter(), _cpu()
    run = call()
    total = time.perf_counter() - started
    inside = run.finished_at - run.started_at
    assert len(run.results) == records == len({r.id for r in run.results}), label
    return {"engine": label, "records": records, "run_s": inside, "total_s": total,
            "records_per_s": records / inside,
            "driver_cpu_ms_per_record": (_cpu() - cpu) * 1000 / records}


def measure(kind: str, data: Path, records: int, judge, workers: list[int],
            concurrency: int) -> list[dict]:
    from ragvet import evaluate, load_records
    from ragvet.scale.ray import RayEngine

    rows = [timed("local", records, lambda: evaluate(load_records(data), "thelma",
                                                      judge.build(),
                                                      max_concurrency=concurrency))]
    for n in workers:
        cpus = 1.0 if kind == "offline" else 0.25
        engine = RayEngine(num_workers=n, worker_cpus=cpus, rows_per_batch=25,
                           init_options={"num_cpus": max(2, int(n * cpus + 1))})
        rows.append(timed(f"ray × {n}", records, lambda engine=engine: engine.evaluate(
            str(data), "thelma", judge, max_concurrency=concurrency)))
        rows[-1]["worker_cpu_ms_per_record"] = engine.worker_cpu_seconds * 1000 / records
    rows[0]["worker_cpu_ms_per_record"] = rows[0]["driver_cpu_ms_per_record"]  # in-process
    base = rows[0]["run_s"]
    for row in rows:
        row["judge"] = kind
        row["overhead"] = row["run_s"] / base
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline-records", type=int, default=200)
    parser.add_argument("--llm-records", type=int, default=1000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--latency-ms", type=float, default=300)
    parser.add_argument("--stub-concurrency", type=int, default=256)
    parser.add_argument("--concurrency", type=int, default=64,
                        help="records in flight per process (local) or per worker (Ray)")
    parser.add_argument("--skip", default="", help="offline or llm: leave that part out")
    parser.add_argument("--out", default="", help="also write the rows here as JSON")
    args = parser.parse_args()

    import tempfile

    from ragvet.engine.backends import JudgeSpec

    workers = [int(w) for w in args.workers.split(",") if w]
    tmp = Path(tempfile.mkdtemp(prefix="ragvet-scale-"))
    os.environ.setdefault("OPENAI_API_KEY", "stub")
    rows: list[dict] = []
    if args.skip != "offline":
        data = write_records(FIXTURE, args.offline_records, tmp / "offline.jsonl")
        rows += measure("offline", data, args.offline_records, JudgeSpec("local"), workers,
                        args.concurrency)
    if args.skip != "llm":
        stub, base_url = start_stub(args.latency_ms, args.stub_concurrency)
        try:
            data = write_records(WORKLOAD, args.llm_records, tmp / "llm.jsonl")
            judge = JudgeSpec("openai:gpt-4o-mini", {"base_url": base_url, "cache": None,
                                                      "max_concurrency": 256})
            rows += measure("llm (stub 300 ms)", data, args.llm_records, judge, workers,
                            args.concurrency)
        finally:
            stub.terminate()
    print(f"{'judge':<20} {'engine':<8} {'records':>7} {'run s':>7} {'total s':>8} "
          f"{'rec/s':>7} {'overhead':>8} {'driver CPU ms/rec':>17} {'judging CPU ms/rec':>18}")
    for row in rows:
        print(f"{row['judge']:<20} {row['engine']:<8} {row['records']:>7} "
              f"{row['run_s']:>7.1f} {row['total_s']:>8.1f} {row['records_per_s']:>7.1f} "
              f"{row['overhead']:>7.2f}× {row['driver_cpu_ms_per_record']:>17.1f} "
              f"{row['worker_cpu_ms_per_record']:>18.1f}")
    print(f"({os.cpu_count()} CPUs; shared machine: wall times include other load)")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
