"""Peak memory of a streamed run as the number of records grows (offline judge by default).

    PYTHONPATH=src python benchmarks/streaming_memory.py [--records 1000,10000] \
        [--judge local|dry-run] [--metrics thelma] [--concurrency 64] [--progress FILE]

Each size runs in a fresh process: records are generated lazily (distinct synthetic records,
benchmarks/throughput.py's generator, new text per record), judged through
`engine.evaluate_stream` and written as they come to a results file and a checkpoint, as
`ragvet evaluate` does. Prints, per size: records/s after the judge has loaded, the
process's peak RSS, and its RSS after 10 %, 50 % and 100 % of the records. With streaming
the peak should not grow with the run (the acceptance is within 20 % from 1,000 to 10,000
records); the part that remains is the judge's bounded caches (a `--judge local` judge keeps
up to 8,192 sentence vectors and 4,096 entries per memo). `--progress FILE` appends 50
samples a run (records done, seconds, RSS, peak RSS, entries in each memo) as it goes.
`--judge dry-run` is the LLM judge (prompts, batching, parsing) answered in-process by the
stand-in endpoint of `--estimate`: offline, and fast enough for 10,000 records on a small
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TAG = "@@RESULT@@"


def _rss_mb() -> float:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _records(n: int, seed: int = 11):
    """`n` distinct records, made one at a time (never a list)."""
    sys.path.insert(0, str(HERE))
    from throughput import _facts, _source

    from ragvet.data.records import make_record

    rng = random.Random(seed)
    for i in range(n):
        main, other1, other2 = _facts(rng), _facts(rng), _facts(rng)
        sources = [_source(main, rng), _source(other1, rng), _source(other2, rng)]
        rng.shuffle(sources)
        response = " ".join([
            f"The {main['kind']} of {main['place']} was built by {main['builder']}.",
            f"Construction finished in {main['year'] + rng.choice([0, 0, 4])}.",
            f"It is made of {main['material']} and was used for {main['use']}.",
            f"Record {i} notes a repair in {rng.randint(1905, 2010)}."][: rng.randint(3, 4)])
        yield make_record(id=f"r{i}", query=f"Who built the {main['kind']} of {main['place']} "
                          f"(case {i}), and when?", sources=sources, response=response)


def _memo_fill(judge: object) -> dict[str, int]:
    """Entries held by each memo of ragvet's modules (functools caches) and by the judge's
    sentence-vector cache: what a run's memory may grow with until they are full."""
    fill = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("ragvet"):
            continue
        for attr, value in list(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", None) == name:
                fill[f"{name.removeprefix('ragvet.')}.{attr}"] = info().currsize
    vectors = getattr(getattr(judge, "_embedder", None), "_cache", None)
    if vectors is not None:
        fill["embedder.vectors"] = len(vectors)
    return fill


def _log_progress(path: str | None, done: int, seconds: float, judge: object) -> None:
    """Append one sample (records done, seconds, RSS now, peak RSS, memo fill) to the log."""
    if not path:
        return
    sample = {"records": done, "seconds": round(seconds, 1), "rss_mb": round(_rss_mb(), 1),
              "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
              "memos": _memo_fill(judge)}
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(sample) + "\n")


async def _child(spec: dict) -> dict:
    from ragvet.engine.checkpoint import Checkpoint, run_identity
    from ragvet.engine.run import evaluate_stream
    from ragvet.judges.factory import make_judge
    from ragvet.judges.ops import EMBED
    from ragvet.metrics.diagnosis import Thresholds
    from ragvet.metrics.registry import resolve_metrics
    from ragvet.results import result_line

    if spec["judge"] == "dry-run":  # the LLM judge's whole path, answered in-process
        judge = make_judge("openai:gpt-4o-mini", {"cache": None,
                                                  "base_url": "http://unused/v1"}).dry_run()
    else:
        judge = make_judge(spec["judge"])
    if spec["judge"] == "local":
        await judge.run(EMBED, ["load the encoder before the clock starts"])
    metrics = resolve_metrics(spec["metrics"])
    described = dict(judge.describe())
    folder = Path(spec["dir"])
    checkpoint = Checkpoint(folder / "out.jsonl.checkpoint",
                            run_identity(metrics, described, Thresholds()), described)
    n, marks, done = spec["records"], {}, 0
    step = max(1, n // 50)  # 50 RSS samples over the run, for the progress log
    loaded_rss, started = _rss_mb(), time.perf_counter()
    with (folder / "out.jsonl").open("w", encoding="utf-8") as out:
        async for result in evaluate_stream(_records(n), metrics, judge, checkpoint=checkpoint,
                                            max_concurrency=spec["concurrency"]):
            out.write(json.dumps(result_line(result, described), ensure_ascii=False) + "\n")
            done += 1
            for share in (10, 50, 100):
                if done == max(1, n * share // 100):
                    marks[share] = _rss_mb()
            if done % step == 0 or done == n:
                _log_progress(spec.get("progress"), done, time.perf_counter() - started, judge)
    elapsed = time.perf_counter() - started
    return {"records": done, "seconds": elapsed, "records_per_s": done / elapsed,
            "rss_loaded_mb": loaded_rss, "rss_at": marks,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", default="1000,10000")
    parser.add_argument("--judge", default="local")
    parser.add_argument("--metrics", default="thelma")
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--progress", default="",
                        help="Append RSS and memo-fill samples (50 a run, JSON lines) to this file")
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(TAG + json.dumps(asyncio.run(_child(json.loads(args.child)))), flush=True)
        return
    rows = []
    print("| records | seconds | records/s | RSS after load MB | RSS at 10 % | at 50 % | "
          "at 100 % | peak RSS MB |\n|---|---|---|---|---|---|---|---|", flush=True)
    for n in map(int, args.records.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            spec = {"records": n, "judge": args.judge, "metrics": args.metrics,
                    "concurrency": args.concurrency, "dir": folder,
                    "progress": args.progress}
            proc = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)],
                                  capture_output=True, text=True)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(TAG)]
        if not lines:
            raise SystemExit(f"run of {n} records failed:\n{proc.stderr[-3000:]}")
        row = json.loads(lines[-1][len(TAG):])
        rows.append(row)
        at = row["rss_at"]
        print(f"| {row['records']:,} | {row['seconds']:.1f} | {row['records_per_s']:.1f} | "
              f"{row['rss_loaded_mb']:.0f} | {at.get('10', 0):.0f} | {at.get('50', 0):.0f} | "
              f"{at.get('100', 0):.0f} | {row['peak_rss_mb']:.0f} |", flush=True)
    if len(rows) > 1:
        growth = rows[-1]["peak_rss_mb"] / rows[0]["peak_rss_mb"] - 1
        print(f"\npeak RSS from {rows[0]['records']:,} to {rows[-1]['records']:,} records: "
              f"{100 * growth:+.1f} % (acceptance: within 20 %)")


if __name__ == "__main__":
    main()
