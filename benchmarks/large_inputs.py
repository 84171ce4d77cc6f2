"""Large inputs: one 50,000-word response judged offline, and a report of 50 records whose
sources hold 70,000 characters each.

    .venv/bin/python benchmarks/large_inputs.py [--words 50000] [--records 50]

Inputs come from the WikiEval RAGFlow split in ../shared/data/wikieval (its retrieved
contexts: about 70,000 characters per record); without that file, from generated prose.
Prints the time, the peak resident memory (after a one-record warm-up that loads the
embedding model, so that the difference is the long response's own share), the caps that
bit, and the report's size with and without the on-demand long texts.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from datetime import datetime, timezone
from pathlib import Path

WIKIEVAL = (Path(__file__).resolve().parents[2] / "shared" / "data" / "wikieval"
            / "wikieval_ragflow_responses_50.jsonl")


def rows(count: int) -> list[dict]:
    if WIKIEVAL.is_file():
        with WIKIEVAL.open(encoding="utf-8") as f:
            return [json.loads(line) for line in f][:count]
    words = ["the", "launch", "vehicle", "carried", "seven", "satellites", "into", "a",
             "low", "orbit", "over", "the", "bay"]
    text = " ".join(f"{words[i % len(words)]}{'.' if i % 17 == 16 else ''}"
                    for i in range(11_000))
    return [{"question": f"What happened in case {i}?", "response": text[:800],
             "retrieved_contexts": [text[:7000]] * 10, "reference": text[:200]}
            for i in range(count)]


def long_record(words: int):
    from ragvet import make_record

    pool: list[str] = []
    for row in rows(50):
        for context in row["retrieved_contexts"]:
            pool.extend(context.replace("\\n", " ").split())
    while len(pool) < words:
        pool.extend(pool)
    first = rows(1)[0]
    return make_record(id="long", query=first["question"], sources=first["retrieved_contexts"],
                       response=" ".join(pool[:words]), reference=first["reference"])


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def judge_long_response(words: int) -> None:
    from ragvet import make_record
    from ragvet.engine.run import evaluate
    from ragvet.judges.factory import make_judge

    judge = make_judge("local")
    evaluate([make_record(id="warm", query="What is it?", sources=["It is a bridge."],
                          response="It is a bridge.")], judge=judge)
    before = peak_mb()
    events = []
    started = time.perf_counter()
    run = evaluate([long_record(words)], judge=judge, on_progress=events.append)
    seconds = time.perf_counter() - started
    result = run.results[0]
    print(f"{words:,}-word response, offline judge, default metrics and caps:")
    print(f"  time {seconds:.1f} s; peak RSS {peak_mb():.0f} MB (after warm-up {before:.0f} MB)")
    print(f"  progress events {len(events)}; capped {json.dumps(result.capped)}")
    print(f"  scores {json.dumps({k: round(v, 3) for k, v in result.scores.items() if v})}")


def report_size(count: int) -> None:
    from ragvet.metrics.core import Component
    from ragvet.report import longtext
    from ragvet.report.html import render_report
    from ragvet.report.view import build_view
    from ragvet.results import RecordResult
    from ragvet.store.model import RunInfo, StoredRecord, StoredRun
    from ragvet.text import sentences

    results, inputs = [], {}
    for i, row in enumerate(rows(count)):
        rid, sources = f"r{i}", row["retrieved_contexts"]
        # the evidence an evaluation stores: each source whole (SP1), its facts (SP2), the
        # response's claims (RP, GR)
        parts = [Component(metric="SP1", kind="source", index=j, text=s, verdict=True,
                           reason="holds information to answer", raw=None)
                 for j, s in enumerate(sources)]
        facts = [f for s in sources for f in sentences(s)][:200]
        parts += [Component(metric="SP2", kind="fact", index=j, text=f, verdict=j % 3 == 0,
                            reason="relevant", raw=None) for j, f in enumerate(facts)]
        parts += [Component(metric=m, kind="claim", index=j, text=c, verdict=True,
                            reason=f"closest source sentence: {facts[0][:300]}", raw=None)
                  for m in ("RP", "GR") for j, c in enumerate(sentences(row["response"]))]
        results.append(RecordResult(id=rid, query=row["question"],
                                    scores={"SP1": 0.9, "SP2": 0.3, "RP": 0.8, "GR": 1.0},
                                    components=tuple(parts)))
        inputs[rid] = StoredRecord(id=rid, position=i, query=row["question"],
                                   response=row["response"], reference=row.get("reference"),
                                   sources=tuple({"id": f"s{j}", "text": s}
                                                 for j, s in enumerate(sources)))
    now = datetime.now(timezone.utc)
    stored = StoredRun(info=RunInfo(id="large", status="finished", started_at=now,
                                    finished_at=now, metric_ids=("SP1", "SP2", "RP", "GR"),
                                    judge={"id": "synthetic"}), results=results, inputs=inputs)
    source_chars = sum(len(s["text"]) for r in inputs.values() for s in r.sources)
    html = render_report(build_view(stored))
    limit, longtext.PREVIEW_CHARS = longtext.PREVIEW_CHARS, 10**12
    whole = render_report(build_view(stored))
    longtext.PREVIEW_CHARS = limit
    print(f"report of {count} records, {source_chars / count:,.0f} source characters each:")
    print(f"  {len(html.encode()) / 1e6:.1f} MB with previews and the compressed block "
          f"({len(whole.encode()) / 1e6:.1f} MB with every text in place)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=50_000)
    parser.add_argument("--records", type=int, default=50)
    args = parser.parse_args()
    report_size(args.records)
    judge_long_response(args.words)


if __name__ == "__main__":
    main()
