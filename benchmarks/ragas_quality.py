"""How well the transparent RAGAS metrics separate right from wrong answers, on data no one
here wrote. One command:

    PYTHONPATH=src python benchmarks/ragas_quality.py [--judge local] [--limit N]

1. HaluEval-QA rows 500–999 (measurement rows; the offline judge is tuned on rows 0–499):
   faithfulness of the right answer vs the hallucinated one, both against the row's
   knowledge. Figure: share of rows where the right answer scores strictly higher
   (target ≥ 0.85).
2. MM-TelcoBench long-form QA, first 200 questions: factual correctness of candidate
   answer 2 judged against candidate answer 1 (the reference), vs that of candidate answer 2
   of a different question (a seeded derangement) against the same reference. Figure: share
   of questions where the matching answer scores strictly higher (target ≥ 0.90).

A pair with a tie, a not-applicable or a failed score counts as a miss; the breakdown is
printed. Nothing here is tuned: the metrics run with their defaults. With the local judge the
figures are printed twice: as shipped (verdicts carry the judge's probability of yes, so a
score is an expected share) and with `verdicts = "yes-no"` (plain yes/no counts), the second
for comparison only.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pair_counts import count_pairs

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
HALUEVAL_ROWS = range(500, 1000)
TELCO_QUESTIONS = 200
DERANGEMENT_SEED = 20241122


@dataclass(frozen=True)
class PairFigure:
    name: str
    pairs: int
    better_wins: int
    ties: int
    unscored: int
    target: float | None
    seconds: float
    mean_better: float | None
    mean_worse: float | None

    @property
    def share(self) -> float:
        return self.better_wins / self.pairs if self.pairs else 0.0

    def line(self) -> str:
        if self.target is None:
            verdict = "(no target)"
        else:
            met = "met" if self.share >= self.target else "NOT met"
            verdict = f"target ≥ {self.target:.2f}: {met}"
        return (f"{self.name}: {self.share:.3f} ({self.better_wins}/{self.pairs}; ties "
                f"{self.ties}, unscored pairs {self.unscored}; mean better "
                f"{_fmt(self.mean_better)}, mean worse {_fmt(self.mean_worse)}) "
                f"{verdict}   [{self.seconds:.0f} s]")


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def pair_figure(name: str, better: Sequence[float | None], worse: Sequence[float | None],
                target: float | None, seconds: float) -> PairFigure:
    counts = count_pairs(better, worse)
    scored_b = [b for b in better if b is not None]
    scored_w = [w for w in worse if w is not None]
    return PairFigure(name, len(better), counts.wins, counts.ties, counts.unscored, target,
                      seconds, sum(scored_b) / len(scored_b) if scored_b else None,
                      sum(scored_w) / len(scored_w) if scored_w else None)


def halueval_records(path: Path, limit: int | None):
    from ragvet import make_record

    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(lines[i]) for i in HALUEVAL_ROWS][:limit]
    right = [make_record(id=f"right-{i}", query=r["question"], sources=[r["knowledge"]],
                         response=r["right_answer"]) for i, r in enumerate(rows)]
    wrong = [make_record(id=f"halu-{i}", query=r["question"], sources=[r["knowledge"]],
                         response=r["hallucinated_answer"]) for i, r in enumerate(rows)]
    return right, wrong


def derangement(n: int, seed: int) -> list[int]:
    """A seeded permutation with no fixed point: question i gets the answer of other[i]."""
    import numpy as np

    rng = np.random.default_rng(seed)
    while True:
        order = rng.permutation(n)
        if not np.any(order == np.arange(n)):
            return [int(j) for j in order]


def telco_records(path: Path, limit: int | None):
    import pandas as pd

    from ragvet import make_record

    frame = pd.read_csv(path).head(TELCO_QUESTIONS)
    if limit:
        frame = frame.head(limit)
    questions = frame["Question"].tolist()
    reference = frame["Candidate Answer 1"].tolist()
    answer = frame["Candidate Answer 2"].tolist()
    other = derangement(len(frame), DERANGEMENT_SEED)
    same = [make_record(id=f"same-{i}", query=q, sources=[], response=answer[i],
                        reference=reference[i]) for i, q in enumerate(questions)]
    different = [make_record(id=f"other-{i}", query=q, sources=[], response=answer[other[i]],
                             reference=reference[i]) for i, q in enumerate(questions)]
    return same, different


def scores_of(records, metric_ids: Sequence[str], judge) -> dict[str, list[float | None]]:
    import ragvet

    run = ragvet.evaluate(records, list(metric_ids), judge, max_concurrency=16)
    return {m: [r.scores.get(m) for r in run.results] for m in metric_ids}


def measure_halueval(judge, data: Path, limit: int | None) -> list[PairFigure]:
    right, wrong = halueval_records(data / "halueval-qa" / "qa_data_1000.jsonl", limit)
    start = time.perf_counter()
    ids = ["faithfulness"]
    ok, bad = scores_of(right, ids, judge), scores_of(wrong, ids, judge)
    seconds = time.perf_counter() - start
    return [pair_figure("HaluEval-QA 500–999, faithfulness right > hallucinated",
                        ok["faithfulness"], bad["faithfulness"], 0.85, seconds)]


def measure_telco(judge, data: Path, limit: int | None) -> list[PairFigure]:
    same, different = telco_records(data / "telecom-mm-telcobench" / "LONG_TelcoBench.csv",
                                    limit)
    start = time.perf_counter()
    ids = ["factual_correctness", "answer_similarity", "answer_correctness"]
    ok, bad = scores_of(same, ids, judge), scores_of(different, ids, judge)
    seconds = time.perf_counter() - start
    targets = {"factual_correctness": 0.90}
    return [pair_figure(f"TelcoBench {len(same)} questions, {m} answer 2 > other question's",
                        ok[m], bad[m], targets.get(m), seconds) for m in ids]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", default="local", help="judge spec (default: local)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N pairs")
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder")
    parser.add_argument("--only", choices=["halueval", "telco"], default=None)
    args = parser.parse_args(argv)

    from ragvet.judges.factory import make_judge

    load_start = time.perf_counter()
    modes = ("probability", "yes-no") if args.judge.partition(":")[0] == "local" else (None,)
    for mode in modes:
        judge = make_judge(args.judge, {"verdicts": mode} if mode else None)
        print(f"judge: {json.dumps(dict(judge.describe()), default=str)[:300]}")
        figures = []
        if args.only in (None, "halueval"):
            figures += measure_halueval(judge, args.data, args.limit)
        if args.only in (None, "telco"):
            figures += measure_telco(judge, args.data, args.limit)
        if mode == "yes-no":  # for comparison only: the targets apply to the shipped scores
            figures = [replace(f, target=None) for f in figures]
        for figure in figures:
            print(figure.line())
    print(f"total {time.perf_counter() - load_start:.0f} s")


if __name__ == "__main__":
    main()
