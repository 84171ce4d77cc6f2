"""Does VERA's aggregate rank answers better than its parts? MAP, nDCG and MRR, with intervals.

    PYTHONPATH=src python benchmarks/ranking_quality.py --data ../shared/data \
        [--judge local] [--limit N] [--out scored.jsonl | --results scored.jsonl] [--trec]

HaluEval-QA, measurement rows 500–999 only (the combiner was fitted on rows 0–499): each row
is one query with two candidate answers over the same knowledge, the right one (label 1) and
the hallucinated one (label 0). Every record is scored with the judge (VERA's four metrics,
`vera_aggregate`, `vera_combined`, RAGAS faithfulness), then `stats.ranking` ranks each
query's two answers by each score (ties pessimistic: a tie ranks the right answer second)
and reports MAP, nDCG and MRR with bootstrap intervals over queries, and the paired
difference of each aggregate against each of its parts. With one relevant answer among two,
AP = RR = 1 when the right answer ranks first and 0.5 otherwise, and nDCG = 1 or 1/log2(3):
all three are the same information as the pairwise win share, put on the ranking scales.

`--trec`: TREC-DL 2019 passage qrels (43 queries, 9,260 graded judgements) carry no passage
text, so no ragvet metric can score them. What they can show is how MAP / nDCG / MRR behave
on graded labels at that size: the ranking code is run with the grade itself (an oracle,
every figure 1), the grade plus Gaussian noise, and a random score (chance level), and
timed. That checks the ranking code, not any metric.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from training.datasets import HALUEVAL, MEASUREMENT_ROWS, halueval_pairs

from ragvet.results import RecordResult, read_results_jsonl, write_results_jsonl
from ragvet.stats.bootstrap import SmallSampleWarning
from ragvet.stats.ranking import MEASURES, ranking_difference, ranking_quality

AGGREGATES = ("vera_combined", "vera_aggregate", "mean of the four")
PARTS = ("vera_retrieval_recall", "vera_faithfulness", "vera_answer_relevance",
         "vera_retrieval_precision", "faithfulness")
FOUR = ("vera_retrieval_precision", "vera_retrieval_recall", "vera_faithfulness",
        "vera_answer_relevance")
NAMES = {"map": "MAP", "ndcg": "nDCG", "mrr": "MRR"}


def labelled_records(data: Path, limit: int | None):
    rows = list(halueval_pairs(data / HALUEVAL, MEASUREMENT_ROWS))[:limit]
    for _, right, wrong in rows:
        for record, label in ((right, 1), (wrong, 0)):
            yield replace(record, metadata=MappingProxyType({**record.metadata, "label": label}))


def score(args) -> list[RecordResult]:
    import ragvet
    from ragvet.judges.factory import make_judge

    records = list(labelled_records(args.data, args.limit))
    judge = make_judge(args.judge)
    start = time.perf_counter()
    run = ragvet.evaluate(records, "vera,faithfulness", judge)
    elapsed = time.perf_counter() - start
    print(f"scored {len(records)} records in {elapsed:.1f} s; judge {dict(judge.describe())}")
    if args.out:
        write_results_jsonl(run.results, args.out, judge=run.judge)
    return list(run.results)


def with_mean_of_four(results: list[RecordResult]) -> list[RecordResult]:
    out = []
    for r in results:
        values = [r.scores[m] for m in FOUR if r.scores.get(m) is not None]
        mean = sum(values) / len(values) if values else None
        out.append(replace(r, scores={**r.scores, "mean of the four": mean}))
    return out


def halueval_figures(results: list[RecordResult], seed: int) -> None:
    results = with_mean_of_four(results)
    rng = np.random.default_rng(seed)
    quality = {s: ranking_quality(results, label="label", score=s, rng=rng)
               for s in (*AGGREGATES, *PARTS)}
    print(f"\nHaluEval-QA rows {MEASUREMENT_ROWS.start}-{MEASUREMENT_ROWS.stop - 1}: "
          f"{len(quality['vera_combined'].queries)} queries × 2 answers; ties pessimistic")
    print(f"{'score':<26}" + "".join(f"{NAMES[m]:>8}{'95% CI':>18}" for m in MEASURES)
          + f"{'tied':>6}{'unscored':>10}")
    for name, q in quality.items():
        cells = "".join(f"{q.mean(m):>8.3f}{_ci(q.intervals[m]):>18}" for m in MEASURES)
        print(f"{name:<26}{cells}{q.tied_queries:>6}{q.unscored:>10}")
    print("\nAggregate minus part, MAP per query (paired bootstrap, 95% CI):")
    for aggregate in AGGREGATES:
        for part in PARTS:
            d = ranking_difference(quality[aggregate], quality[part], "map", rng=rng)
            ci = d.interval
            verdict = ("ranks better" if ci.low > 0 else "ranks worse" if ci.high < 0
                       else "no evidence either way")
            print(f"  {aggregate:<18} − {part:<26}{ci.estimate:+.3f} {_ci(ci, True):>18}"
                  f"  {verdict}")


def trec_figures(data: Path, seed: int) -> None:
    qrels = [line.split() for line in (data / "trec-dl" / "qrels.dl19-passage.txt")
             .read_text().splitlines() if line.strip()]
    rng = np.random.default_rng(seed)
    grades = np.array([float(g) for _, _, _, g in qrels])
    scores = {"grade (oracle)": grades, "random": rng.random(grades.size),
              **{f"grade + N(0, {s:g})": grades + rng.normal(0, s, grades.size)
                 for s in (0.5, 1.0, 2.0)}}
    results = [RecordResult(id=f"{qid}/{pid}", query=qid, scores={},
                            metadata={"grade": g, **{k: float(v[i]) for k, v in scores.items()}})
               for i, ((qid, _, pid, _), g) in enumerate(zip(qrels, grades, strict=True))]
    print(f"\nTREC-DL 2019 passage qrels: {len(results)} judged passages, "
          f"{len({r.query for r in results})} queries; relevant = grade ≥ 2 (TREC's "
          f"convention for MAP/MRR on passages); nDCG with the grades as gains")
    for name in scores:
        start = time.process_time()
        q = ranking_quality(results, label="grade", score=name, relevant=2, rng=rng)
        cpu = time.process_time() - start
        cells = "  ".join(f"{NAMES[m]} {q.mean(m):.3f} {_ci(q.intervals[m])}" for m in MEASURES)
        print(f"  {name:<18} {cells}  ({cpu:.2f} s CPU, B = 1000 per measure)")


def _ci(interval, signed: bool = False) -> str:
    if interval is None:
        return "–"
    f = "{:+.3f}" if signed else "{:.3f}"
    return f"[{f.format(interval.low)}, {f.format(interval.high)}]"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--judge", default="local")
    parser.add_argument("--limit", type=int, default=None, help="first N rows only")
    parser.add_argument("--out", type=Path, default=None, help="keep the scored results")
    parser.add_argument("--results", type=Path, default=None,
                        help="re-read an earlier --out file instead of scoring again")
    parser.add_argument("--trec", action="store_true", help="also the TREC-DL qrels check")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    warnings.simplefilter("ignore", SmallSampleWarning)
    results = read_results_jsonl(args.results) if args.results else score(args)
    halueval_figures(list(results), args.seed)
    if args.trec:
        trec_figures(args.data, args.seed)


if __name__ == "__main__":
    main()
