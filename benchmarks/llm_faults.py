"""What faults at the judge endpoint cost a run: hanging calls, a refused key, a dead server.

One command, against the fault-injecting fake server of the integration tests:

    python benchmarks/llm_faults.py [--records 60] [--hang-share 0.1] [--latency 0.2]

It runs THELMA's metrics over the records with an openai judge (the default 120 s timeout,
no cache) fault-free, then with `--hang-share` of all calls hanging (never answered), and
prints both wall times and their ratio (the goal: at most 2×). It then times how long a run
takes to stop when the key is refused (401, goal < 10 s), when every call gets a 503 and when
the port is closed (goal < 30 s each). Server latency is `--latency` plus up to the same again
at random, so that the learnt deadlines see a spread of latencies.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "integration" / "llm"))
sys.path.insert(0, str(REPO / "src"))

from llm_fake_server import FakeOpenAI, closed_port_url  # noqa: E402

from ragvet.data.records import make_record  # noqa: E402
from ragvet.engine.run import evaluate  # noqa: E402
from ragvet.errors import JudgeUnavailable  # noqa: E402
from ragvet.judges.llm import build_openai_judge  # noqa: E402
from ragvet.metrics.thelma import THELMA  # noqa: E402


def records(n: int) -> list:
    out = []
    for i in range(1, n + 1):
        tag = f"R{i:03d}"
        out.append(make_record(
            id=tag, query=f"Who built the Elm bridge {tag} and when was it built?",
            sources=[f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901.",
                     f"The Oak mill {tag} grinds corn."],
            response=f"The Elm bridge {tag} was built by Ana Ruiz. It opened in 1901. "
                     f"It is painted blue."))
    return out


def timed_run(base_url: str, rows: list) -> tuple[float, object]:
    judge = build_openai_judge("judge-model", {"base_url": base_url, "cache": None,
                                               "embedding_model": "emb"})
    started = time.monotonic()
    try:
        run = evaluate(rows, list(THELMA), judge)
    except JudgeUnavailable as err:
        return time.monotonic() - started, err
    return time.monotonic() - started, run


def hanging(args) -> None:
    rows = records(args.records)
    with FakeOpenAI(latency=args.latency) as server:
        server.latency_jitter = args.latency
        clean, run = timed_run(server.base_url, rows)
        failed = sum(bool(r.errors) for r in run.results)
        print(f"fault-free:        {clean:7.2f} s  ({run.usage['calls']} chat + "
              f"{run.usage['embed_calls']} embedding calls, {run.usage['hedges']} hedged, "
              f"{failed} records with errors)")
    with FakeOpenAI(latency=args.latency) as server:
        server.latency_jitter = args.latency
        server.hang_share = args.hang_share
        slow, run = timed_run(server.base_url, rows)
        failed = sum(bool(r.errors) for r in run.results)
        print(f"{args.hang_share:.0%} of calls hang: {slow:7.2f} s  ({server.hung} hung, "
              f"{run.usage['hedges']} hedged, {run.usage['deadline_cuts']} cut and asked "
              f"again, {failed} records with errors)")
    print(f"ratio:             {slow / clean:7.2f}×  (goal ≤ 2×)")


def stops(args) -> None:
    rows = records(args.records)
    for label, status, goal in (("401 (refused key)", 401, 10), ("503 on every call", 503, 30),
                                ("closed port", None, 30)):
        with FakeOpenAI() as server:
            server.status = status
            url = server.base_url if status else closed_port_url()
            elapsed, outcome = timed_run(url, rows)
            sent = server.requests_seen
        stopped = isinstance(outcome, JudgeUnavailable)
        print(f"{label:18} stopped={stopped} after {elapsed:5.2f} s (goal < {goal} s), "
              f"{sent} requests reached the server: {str(outcome)[:70]}…")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--hang-share", type=float, default=0.1)
    parser.add_argument("--latency", type=float, default=0.2)
    args = parser.parse_args()
    os.environ.setdefault("OPENAI_API_KEY", "benchmark")
    hanging(args)
    stops(args)


if __name__ == "__main__":
    main()
