"""Judge calls, tokens and wall time per record for THELMA's 7 metrics (and ragas, if given).

One command; it starts the llmstub (an OpenAI-compatible endpoint that counts calls and
tokens, 300 ms per call, 16 served at once), runs ragvet in a fresh process per measured run
against it, optionally runs ragas's 7-metric suite against the same stub, and prints a table:

    python benchmarks/judge_calls.py --stub-python STUB_VENV/bin/python \
        [--ragas-python RAGAS_VENV/bin/python]

At scale (the workload repeated with new ids, read lazily, results streamed to a file):

    python benchmarks/judge_calls.py --stub-python STUB_VENV/bin/python \
        --records 10000 --in-flight 256 --stub-concurrency 256

The stub needs aiohttp and tiktoken (a venv outside the repo; see ../shared/tools/llmstub).
The call-bound limit is (chat + embedding calls) × latency / stub concurrency: no client can
finish faster with that many calls. "CPU ms/call" is the ragvet process's own CPU time (user
+ system, imports excluded) over its calls; "peak RSS" is that process's high-water mark.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
TAG = "@@RESULT@@"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _http(url: str, method: str = "GET") -> dict:
    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_stub(args) -> tuple[list[subprocess.Popen], str, list[str]]:
    """The stub: one process, or `--stub-processes N` sharing one port (SO_REUSEPORT), each
    also on a port of its own for its counters. Returns (processes, base URL, stats URLs)."""
    port = _free_port()
    env = dict(os.environ, TIKTOKEN_CACHE_DIR=str(Path(args.stub_dir) / "tiktoken-cache"))
    if args.stub_processes <= 1:
        command = [[args.stub_python, str(Path(args.stub_dir) / "llmstub.py"), "--port",
                    str(port), "--latency-ms", str(args.latency_ms), "--max-concurrency",
                    str(args.stub_concurrency), "--tokenizer", args.stub_tokenizer]]
        own = [port]
    else:  # the concurrency cap is left to the client: each process serves what it gets
        own = [_free_port() for _ in range(args.stub_processes)]
        command = [[args.stub_python, __file__, "--stub-worker",
                    json.dumps({"dir": args.stub_dir, "port": port, "own": p,
                                "latency_ms": args.latency_ms,
                                "tokenizer": args.stub_tokenizer})] for p in own]
    procs = [subprocess.Popen(c, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for c in command]
    stats = [f"http://127.0.0.1:{p}" for p in own]
    for _ in range(100):
        try:
            for url in stats:
                _http(url + "/health")
            return procs, f"http://127.0.0.1:{port}", stats
        except OSError:
            time.sleep(0.1)
    for proc in procs:
        proc.kill()
    raise SystemExit("the stub did not start; does --stub-python have aiohttp and tiktoken?")


def stub_worker(spec: dict) -> None:
    """One process of a multi-process stub (runs under the stub's interpreter)."""
    sys.path.insert(0, spec["dir"])
    import llmstub
    from aiohttp import web

    options = argparse.Namespace(port=spec["port"], latency_ms=spec["latency_ms"],
                                 ms_per_output_token=0.0, max_concurrency=0,
                                 embedding_dim=1536, tokenizer=spec["tokenizer"],
                                 log_requests="")

    async def serve() -> None:
        runner = web.AppRunner(llmstub.make_app(options), access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", spec["port"], reuse_port=True,
                          backlog=1024).start()
        await web.TCPSite(runner, "127.0.0.1", spec["own"]).start()
        await asyncio.Event().wait()

    asyncio.run(serve())


def stub_stats(urls: list[str], reset: bool = False) -> dict:
    """The counters of every stub process, summed (spans and peaks: the largest)."""
    total: dict = {}
    for url in urls:
        part = _http(url + "/stats/reset", "POST") if reset else _http(url + "/stats")
        for key, value in part.items():
            if not isinstance(value, int | float) or isinstance(value, bool):
                continue
            if key in ("busy_span_s", "max_in_flight", "max_active"):
                total[key] = max(total.get(key, 0), value or 0)
            else:
                total[key] = total.get(key, 0) + value
    return total


def _workload(path: str, n: int):
    """`n` records read lazily: the workload's rows, then again with new ids, as often as
    needed (the stub answers each copy the same; nothing is cached)."""
    from ragvet.data.load import load_records

    base = list(load_records(path))

    def records():
        for i in range(n):
            record = base[i % len(base)]
            lap = i // len(base)
            yield record if lap == 0 else replace(record, id=f"{record.id}~{lap}")

    return records()


async def _child(spec: dict) -> dict:
    sys.path.insert(0, os.environ.get("RAGVET_BENCH_SRC") or str(REPO / "src"))
    from ragvet.engine import run as engine
    from ragvet.judges.llm import build_openai_judge
    from ragvet.metrics.thelma import THELMA
    from ragvet.results import result_line

    judge = build_openai_judge(spec["model"], {"base_url": spec["base_url"], "cache": None,
                                               "max_concurrency": spec["in_flight"]})
    records = _workload(spec["workload"], spec["records"])
    import numpy  # noqa: F401  (imported on first use by a metric: kept out of the timing)

    with contextlib.suppress(ImportError):  # the transport's: imported by the first call
        import aiohttp  # noqa: F401

    # RAGVET_BENCH_GC=freeze keeps the imports out of the collector's walks; =off turns
    # cyclic collection off (to see what the collector costs)
    gc_mode = os.environ.get("RAGVET_BENCH_GC")
    if gc_mode in ("freeze", "off"):
        import gc

        gc.freeze() if gc_mode == "freeze" else gc.disable()

    collector = _CollectorTime()
    failed = done = 0
    cpu0, t0 = _cpu(), time.perf_counter()
    with open(os.devnull if not spec.get("out") else spec["out"], "w", encoding="utf-8") as out:
        if hasattr(engine, "evaluate_stream"):  # results streamed: nothing kept in memory
            async for result in engine.evaluate_stream(
                    records, list(THELMA), judge, max_concurrency=spec["concurrency"]):
                out.write(json.dumps(result_line(result, judge.describe())) + "\n")
                failed += len(result.errors)
                done += 1
            usage = judge.meter.snapshot().to_dict()
        else:  # the engine before streaming: every result held until the end
            run = await engine.evaluate_async(list(records), list(THELMA), judge,
                                              max_concurrency=spec["concurrency"])
            for result in run.results:
                out.write(json.dumps(result_line(result, run.judge)) + "\n")
                failed += len(result.errors)
                done += 1
            usage = dict(run.usage)
    wall = time.perf_counter() - t0
    cpu = _cpu() - cpu0
    collector.stop()
    calls = int(usage.get("calls", 0)) + int(usage.get("embed_calls", 0))
    return {"wall_s": wall, "records": done, "metric_failures": failed, "usage": usage,
            "cpu_s": cpu, "cpu_ms_per_call": 1000 * cpu / calls if calls else 0.0,
            "gc_s": collector.seconds, "gc_collections": collector.collections,
            "gc_s_by_generation": collector.by_generation,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


class _CollectorTime:
    """CPU seconds the garbage collector spent (its start and stop callbacks)."""

    def __init__(self) -> None:
        import gc

        self.seconds = 0.0
        self.collections = 0
        self.by_generation = [0.0, 0.0, 0.0]  # seconds
        self._began = 0.0
        gc.callbacks.append(self._on)

    def _on(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.process_time()
        else:
            spent = time.process_time() - self._began
            self.seconds += spent
            self.by_generation[info["generation"]] += spent
            self.collections += 1

    def stop(self) -> None:
        import gc

        gc.callbacks.remove(self._on)


def _event_loop_runner(loop: str | None):
    """asyncio.run, or uvloop's (`--loop uvloop`: the same run on libuv's event loop)."""
    if loop == "uvloop":
        import uvloop

        return uvloop.run
    return asyncio.run


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def _process_cpu(pid: int | None) -> float:
    """CPU seconds (user + system) a process has used so far (Linux), 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError, TypeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_ragvet(args, root: str, in_flight: int, stub_pids: list[int],
               stats_urls: list[str]) -> dict:
    records = args.records or _count_lines(args.workload)
    concurrency = args.concurrency or min(records, 4 * in_flight)
    spec = {"workload": args.workload, "model": args.model, "base_url": root + "/v1",
            "in_flight": in_flight, "records": records, "concurrency": concurrency,
            "out": args.out, "loop": args.loop}
    stub_stats(stats_urls, reset=True)
    env = dict(os.environ, OPENAI_API_KEY="stub-key")
    command = [sys.executable, __file__, "--child", json.dumps(spec)]
    if args.profile:
        command = [*args.profile.split(), "--", *command]
    stub_cpu = sum(map(_process_cpu, stub_pids))
    proc = subprocess.run(command, capture_output=True, text=True, env=env)
    stub_cpu = sum(map(_process_cpu, stub_pids)) - stub_cpu
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(TAG)]
    if not lines:
        raise SystemExit(f"ragvet run failed:\n{proc.stderr[-3000:]}")
    result = json.loads(lines[-1][len(TAG):])
    time.sleep(0.2)
    stats = stub_stats(stats_urls)
    row = _row(f"ragvet THELMA-7 ({in_flight} in flight, {concurrency} records at once)",
               stats, result["records"], result["wall_s"], args,
               failures=result["metric_failures"])
    row["CPU ms/call"] = result["cpu_ms_per_call"]
    calls_made = (int((result.get("usage") or {}).get("calls", 0))
                  + int((result.get("usage") or {}).get("embed_calls", 0)))
    if calls_made and "gc_s" in result:  # the collector's part of the CPU per call
        row["GC ms/call"] = 1000 * result["gc_s"] / calls_made
        row["GC s by generation"] = "/".join(f"{g:.1f}" for g in result["gc_s_by_generation"])
    row["peak RSS MB"] = result["peak_rss_mb"]
    usage = result.get("usage") or {}
    # calls asked again: a hedge past the learnt deadline, a retry after a failure
    row["hedges+retries"] = int(usage.get("hedges", 0)) + int(usage.get("retries", 0))
    calls = stats["chat_requests"] + stats["embedding_requests"]
    if stub_pids and calls:  # the endpoint's own cost: is the stub the limit?
        row["stub CPU ms/call"] = 1000 * stub_cpu / calls
    return row


def _count_lines(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        return sum(1 for line in handle if line.strip())


def run_ragas(args, root: str) -> dict | None:
    out = Path(args.results_dir) / "ragas-suite.json"
    cmd = [args.ragas_python, str(Path(args.stub_dir) / "run_ragas.py"), "--base-url",
           root + "/v1", "--workload", args.workload, "--model", args.model, "--llm",
           "langchain", "--workers", "default", "--runs", "suite", "--out", str(out)]
    env = dict(os.environ, TIKTOKEN_CACHE_DIR=str(Path(args.stub_dir) / "tiktoken-cache"))
    subprocess.run(cmd, env=env, capture_output=True, text=True)
    if not out.exists():
        print("ragas run failed; see run_ragas.py output", file=sys.stderr)
        return None
    rec = json.loads(out.read_text())["records"][-1]
    if "chat_requests" not in rec:
        print(f"ragas run failed: {rec.get('run_error')}", file=sys.stderr)
        return None
    stats = {k: rec[k] for k in ("chat_requests", "embedding_requests", "prompt_tokens",
                                 "completion_tokens", "busy_span_s")}
    return _row("ragas 0.4.3 suite of 7", stats, rec["samples"], rec["wall_s"], args,
                failures=rec.get("nan_total", 0))


def _row(label: str, stats: dict, n: int, wall: float, args, failures: int = 0) -> dict:
    calls = stats["chat_requests"] + stats["embedding_requests"]
    limit = calls * args.latency_ms / 1000 / args.stub_concurrency
    return {"run": label, "records": n,
            "judge calls/rec": stats["chat_requests"] / n,
            "emb calls/rec": stats["embedding_requests"] / n,
            "prompt tok/rec": stats["prompt_tokens"] / n,
            "compl tok/rec": stats["completion_tokens"] / n,
            "tokens/rec": (stats["prompt_tokens"] + stats["completion_tokens"]) / n,
            "wall s": wall, "busy span s": stats.get("busy_span_s") or 0.0,
            "call-bound s": limit, "wall/limit": wall / limit if limit else 0.0,
            "failures": failures}


def print_table(rows: list[dict]) -> None:
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for row in rows:
        values = [row.get(c, "") for c in columns]
        cells = [f"{v:,.2f}" if isinstance(v, float) else str(v) for v in values]
        print("| " + " | ".join(cells) + " |")
    ours = [r for r in rows if r["run"].startswith("ragvet")]
    theirs = [r for r in rows if r["run"].startswith("ragas")]
    if ours and theirs:
        o, t = ours[0], theirs[0]
        o_calls = o["judge calls/rec"] + o["emb calls/rec"]
        t_calls = t["judge calls/rec"] + t["emb calls/rec"]
        tokens = o["tokens/rec"] / t["tokens/rec"]
        print(f"\nratios ragvet/ragas: calls {o_calls / t_calls:.2f}, tokens {tokens:.2f}, "
              f"wall {o['wall s'] / t['wall s']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    parser.add_argument("--stub-dir", default=str(SHARED / "tools" / "llmstub"))
    parser.add_argument("--stub-python", default=sys.executable,
                        help="interpreter with aiohttp + tiktoken for the stub")
    parser.add_argument("--ragas-python", default="", help="interpreter of a venv with ragas")
    parser.add_argument("--workload", default=str(SHARED / "bench" / "workload-50.jsonl"))
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--latency-ms", type=float, default=300)
    parser.add_argument("--stub-concurrency", type=int, default=16)
    parser.add_argument("--in-flight", default="16,24",
                        help="ragvet's most calls in flight, one run per value")
    parser.add_argument("--stub-worker", default="", help=argparse.SUPPRESS)
    parser.add_argument("--stub-processes", type=int, default=1,
                        help="stub processes sharing the port (one process serves about "
                             "400 calls/s: at 256 in flight it, not ragvet, is the limit)")
    parser.add_argument("--stub-tokenizer", default="auto",
                        help="the stub's token counter: auto (tiktoken), whitespace (cheaper: "
                             "keeps a one-process stub from being the limit at 256 in flight)")
    parser.add_argument("--records", type=int, default=0,
                        help="records to judge (default: the workload once); the workload is "
                             "repeated with new ids")
    parser.add_argument("--concurrency", type=int, default=0,
                        help="records judged at once (default: 4 × in flight, at most all)")
    parser.add_argument("--base-url", default="",
                        help="a stub already running (http://127.0.0.1:PORT); else one is started")
    parser.add_argument("--out", default="", help="write the results here (default: nowhere)")
    parser.add_argument("--loop", choices=("asyncio", "uvloop"), default="asyncio",
                        help="the ragvet process's event loop (uvloop: pip install uvloop)")
    parser.add_argument("--profile", default="",
                        help="a profiler command to run the ragvet process under, e.g. "
                             "'py-spy record -o prof.svg'")
    parser.add_argument("--results-dir", default=str(REPO / "benchmarks" / "results"))
    args = parser.parse_args()
    if args.stub_worker:
        stub_worker(json.loads(args.stub_worker))
        return
    if args.child:
        spec = json.loads(args.child)
        print(TAG + json.dumps(_event_loop_runner(spec.get("loop"))(_child(spec))), flush=True)
        return
    Path(args.results_dir).mkdir(parents=True, exist_ok=True)
    if args.base_url:
        procs, root, stats_urls = [], args.base_url.rstrip("/"), [args.base_url.rstrip("/")]
    else:
        procs, root, stats_urls = start_stub(args)
    try:
        rows = [run_ragvet(args, root, int(n), [p.pid for p in procs], stats_urls)
                for n in args.in_flight.split(",")]
        if args.ragas_python:
            ragas = run_ragas(args, root)
            rows += [ragas] if ragas else []
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)
    print_table(rows)
    (Path(args.results_dir) / "judge_calls.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
