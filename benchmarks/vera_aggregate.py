"""How often each aggregator ranks HaluEval-QA's right answer above the hallucinated one.

    PYTHONPATH=src python benchmarks/vera_aggregate.py --data /path/to/shared/data \
        [--judge local] [--cross-encoder PATH | --bi-encoder] [--limit N] [--out results.jsonl]

Measurement rows only (500–999; the combiner was fitted on rows 0–499). Each row gives two
records with the same query and knowledge: the right answer and the hallucinated one. For
every aggregator (VERA's enriched-response score with the configured scorer, the shipped
calibrated combiner and any `--combiner FILE` variants, the plain mean of the four metrics,
and each metric alone) it prints the share of rows where the right answer scores strictly
higher, the ties, and the rows it could not score.
`--results FILE` re-reads an earlier `--out` file instead of scoring again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from pair_counts import count_pairs
from training.datasets import HALUEVAL, MEASUREMENT_ROWS, halueval_pairs

from ragvet.metrics.vera import VERA_IDS, VERA_METRICS
from ragvet.metrics.vera_aggregate import (
    BiEncoderScorer,
    CombinerParams,
    CrossEncoderScorer,
    shipped_params,
    vera_aggregate,
)
from ragvet.results import read_results_jsonl, write_results_jsonl


def score_rows(args) -> list:
    import ragvet
    from ragvet.judges.factory import make_judge

    rows = list(halueval_pairs(args.data / HALUEVAL, MEASUREMENT_ROWS))[: args.limit]
    records = [r for _, right, wrong in rows for r in (right, wrong)]
    scorer = (CrossEncoderScorer(args.cross_encoder) if args.cross_encoder
              else BiEncoderScorer() if args.bi_encoder else None)
    metrics = [*VERA_METRICS, vera_aggregate(scorer=scorer)]
    judge = make_judge(args.judge)
    start = time.perf_counter()
    run = ragvet.evaluate(records, metrics, judge)
    elapsed = time.perf_counter() - start
    print(f"scored {len(records)} records from {len(rows)} rows in {elapsed:.1f} s "
          f"({len(records) / elapsed:.1f} records/s); judge {dict(judge.describe())}")
    print(f"aggregate scorer: {dict(scorer.describe()) if scorer else 'the default'}")
    if args.out:
        write_results_jsonl(run.results, args.out, judge=run.judge)
    return run.results


def mean_of_metrics(scores) -> float | None:
    values = [scores.get(m) for m in VERA_IDS if scores.get(m) is not None]
    return sum(values) / len(values) if values else None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--judge", default="local")
    parser.add_argument("--cross-encoder", default=None)
    parser.add_argument("--bi-encoder", action="store_true",
                        help="score vera_aggregate with the bundled bi-encoder stand-in")
    parser.add_argument("--limit", type=int, default=None, help="first N rows only")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--combiner", type=Path, action="append", default=[],
                        help="also rank with these combiner parameter files (repeatable)")
    args = parser.parse_args()
    results = read_results_jsonl(args.results) if args.results else score_rows(args)
    by_id = {r.id: r for r in results}
    rows = sorted({r.id.rsplit("-", 1)[0] for r in results})
    combiners = {"vera_combined (shipped)": shipped_params()}
    combiners.update({f"combiner {p.name}": CombinerParams.from_dict(json.loads(p.read_text()))
                      for p in args.combiner})
    aggregators = {"vera_aggregate": lambda s: s.get("vera_aggregate"),
                   **{name: (lambda s, p=p: p.probability(s) if p else None)
                      for name, p in combiners.items()},
                   "mean of the four metrics": mean_of_metrics,
                   **{m: (lambda s, m=m: s.get(m)) for m in VERA_IDS}}
    print(f"\nHaluEval-QA rows {MEASUREMENT_ROWS.start}-{MEASUREMENT_ROWS.stop - 1}: "
          f"{len(rows)} rows (right vs hallucinated answer, same knowledge)")
    print(f"{'aggregator':<32}{'right > halluc.':>16}{'ties':>8}{'unscored':>10}")
    for name, get in aggregators.items():
        counts = count_pairs((get(by_id[f"{row}-right"].scores) for row in rows),
                             (get(by_id[f"{row}-hallucinated"].scores) for row in rows))
        wins, ties, missing = counts.wins, counts.ties, counts.unscored
        scored = len(rows) - missing
        share = f"{wins / scored:.3f}" if scored else "–"
        print(f"{name:<32}{share:>16}{ties / max(scored, 1):>8.3f}{missing:>10}")


if __name__ == "__main__":
    main()
