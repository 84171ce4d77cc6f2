"""Known-answer records: does the offline judge's diagnosis stay quiet on healthy records and
flag faulty ones? One command, printing per record and in total:

    PYTHONPATH=src python benchmarks/known_answers.py [FILE ...] [--verbose]

Each JSONL line is a record (`id`, `query`, `sources`, `response`) with `expect` ("healthy" or
"faulty") and a `batch` number. The files in benchmarks/known_answers/ were written by hand by
the team (own words, everyday domains: a library card, a dishwasher, Mars, a rail pass …), a
batch at a time; each batch was first run with the code of its day, before anything was fixed
for it, and that first figure is the held-out one (docs/local-judge.md keeps them). Once fixed
against, a batch is tuning data: measure a change on a new batch before fixing for it.

A healthy record is *quiet* when its diagnosis is empty; a faulty one is *flagged* when it is
not. The healthy records' mean THELMA scores are printed too (the issue's "near 1" check).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ragvet.data.records import make_record
from ragvet.engine.run import evaluate
from ragvet.judges.factory import make_judge

HERE = Path(__file__).parent / "known_answers"
DIMENSIONS = ("SP1", "SP2", "SQC", "RP", "RQC", "SD", "GR")


def load(paths: list[Path]) -> list[dict]:
    rows = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                row = json.loads(line)
                if row.get("expect") not in {"healthy", "faulty"}:
                    sys.exit(f"{path}:{number}: 'expect' must be 'healthy' or 'faulty'")
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--judge", default="local")
    parser.add_argument("--verbose", action="store_true",
                        help="show the claims and sub-questions of every miss")
    args = parser.parse_args(argv)
    rows = load(args.files or sorted(HERE.glob("*.jsonl")))
    records = [make_record(id=r["id"], query=r["query"], sources=r["sources"],
                           response=r["response"]) for r in rows]
    run = evaluate(records, "thelma", make_judge(args.judge))
    tally: dict[tuple[int, str], list[bool]] = {}
    healthy_scores: dict[str, list[float]] = {d: [] for d in DIMENSIONS}
    for row, result in zip(rows, run.results, strict=True):
        healthy = row["expect"] == "healthy"
        right = not result.diagnosis if healthy else bool(result.diagnosis)
        tally.setdefault((row.get("batch", 0), row["expect"]), []).append(right)
        if healthy:
            for dim in DIMENSIONS:
                if (score := result.scores.get(dim)) is not None:
                    healthy_scores[dim].append(score)
        shown = " ".join(f"{d}={s:.2f}" if (s := result.scores.get(d)) is not None else f"{d}=–"
                         for d in DIMENSIONS)
        print(f"{'ok ' if right else 'MISS'} {row['id']:<24} {shown} "
              f"{','.join(result.diagnosis) or '(quiet)'}")
        if args.verbose and not right:
            for c in result.components:
                if c.metric in {"RP", "GR", "RQC", "SQC"} and not c.verdict:
                    print(f"       {c.metric:<4} {c.text[:80]!r}: {(c.reason or '')[:120]}")
    print("\nbatch  healthy quiet  faulty flagged")
    for batch in sorted({b for b, _ in tally}):
        quiet, flagged = tally.get((batch, "healthy"), []), tally.get((batch, "faulty"), [])
        print(f"{batch:>5}  {sum(quiet):>6} / {len(quiet):<5} {sum(flagged):>7} / {len(flagged)}")
    quiet = [ok for (_, kind), oks in tally.items() if kind == "healthy" for ok in oks]
    flagged = [ok for (_, kind), oks in tally.items() if kind == "faulty" for ok in oks]
    print(f"  all  {sum(quiet):>6} / {len(quiet):<5} {sum(flagged):>7} / {len(flagged)}")
    print("healthy means: " + ", ".join(f"{d} {sum(v) / len(v):.3f}"
                                        for d, v in healthy_scores.items() if v))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
